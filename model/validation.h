#pragma once

#include "documentdata.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace hitsmith {

/// What is wrong, as a code the editor can act on (e.g. offer the convex-hull fix).
enum class ProblemKind {
    TooFewVertices,
    CoordinateTooLarge,
    ZeroArea,
    SelfIntersecting,
    NotConvex,
    NonFinite,
    NonPositiveRadius,
    NonPositiveSize,
    EmptyId,
    DuplicateShapeId,
    DuplicateSpriteName,
    DuplicateFrameName,
    InvalidProperty,         ///< a property value that is not a number, string or boolean
    InvalidDuration,         ///< a frame or sprite duration that is not > 0 ms
    InvalidMotion,           ///< a frame motion that is not finite
    MissingImage,            ///< a sprite names an image file that does not exist
    UnknownVersusFrame,      ///< a versus setup names a frame the document lacks
    MissingDefenderDocument, ///< a versus setup's defender document is missing or unreadable
    FractionalTicks,         ///< (a warning) a frame lasts no whole number of game ticks
};

/// One problem with the shape's own geometry, and the vertex to blame (-1: none).
struct ShapeProblem {
    ProblemKind kind;
    QString reason; ///< user-facing, translated ("not convex at vertex 3")
    int vertex = -1;
};

/// One problem anywhere in a document, with where it is.
struct Problem {
    ProblemKind kind;
    QString reason;
    int sprite = -1; ///< indices into the document; -1 where not applicable
    int frame = -1;
    int shape = -1;
    int vertex = -1;
    QString location; ///< "sprite/frame/shape-id", as the CLI prints it
};

/// The geometry check for one shape alone; nullopt when it can take part in collision.
/// Pure: no document, no signals. Collinear vertices and either winding are fine.
std::optional<ShapeProblem> validateShape(const Shape &shape);

/// Every problem in the document: shape geometry, empty and duplicate ids, duplicate names,
/// property values of the wrong type and durations that are not > 0.
QList<Problem> validateDocument(const DocumentData &document);

/// Warnings, not problems: each frame whose duration is not a whole number of game ticks at the
/// document's tick rate (frame data rounds it to the nearest tick), with the ticks it makes.
QList<Problem> tickWarnings(const DocumentData &document);

/// True when the sprite names an image that is not a readable file. Relative paths are taken
/// against documentDirectory (the document's folder; empty: the working directory).
bool isImageMissing(const Sprite &sprite, const QString &documentDirectory);

/// One MissingImage problem per sprite whose image file cannot be found, naming the sprite and
/// the path as the document stores it.
QList<Problem> findMissingImages(const DocumentData &document, const QString &documentDirectory);

/// True when the shape is used by collision: validateShape finds nothing (the same rules,
/// without building a message). Never true for a point: points are locators, not hitboxes.
bool isCollidable(const Shape &shape);

} // namespace hitsmith
