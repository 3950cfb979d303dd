#pragma once

// Helpers every game-engine format shares: the invalid-shape policy of every writer, layer bits
// for engines with 32 collision layers, path rebasing between a document and an exported file,
// and the range check applied to every imported number.

#include "fileformat.h"
#include "jsonsupport.h"

#include <QCoreApplication>
#include <QPointF>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith::engines {

/// Coordinates beyond this many pixels are refused on import (they overflow later maths).
inline constexpr double kMaxImportCoordinate = 1e9;
/// Relative tolerance under which an ellipse counts as a circle on import.
inline constexpr double kRoundEllipseTolerance = 1e-6;

/// Translates in the "hitsmith::engines" context.
QString tr(const char *text);

/// "sprite/frame/shape-id", as the CLI prints locations.
QString shapeLocation(const QString &sprite, const QString &frame, const QString &shapeId);

/// A warning per invalid shape ("knight/attack-2/blade: invalid (...), skipped").
QStringList invalidShapeWarnings(const DocumentData &document);

/// The writers' shared policy: with invalid shapes and without skipInvalid, sets result.error
/// (naming every invalid shape) and returns false; otherwise appends the skip warnings and
/// returns true. Writers then leave out every shape for which isCollidable() is false.
bool checkInvalidShapes(const DocumentData &document, const WriteOptions &options,
                        WriteResult *result);

/// Layers mapped to bits for engines with 32 collision layers: layer i of
/// document.layerNames() gets bit i; layers past the 32nd get no bit (see layerBitWarnings).
struct LayerBits {
    explicit LayerBits(const DocumentData &document);
    /// The category bit of a layer (0 when it has none).
    quint32 category(const QString &layer) const;
    /// The bits of every layer this layer collides with under the document's matrix.
    quint32 mask(const QString &layer) const;
    /// Warnings for layers that did not get a bit.
    QStringList warnings() const;

private:
    QStringList mNames;
    const DocumentData &mDocument;
};

/// Re-expresses a relative path stored relative to fromDir as relative to toDir. Absolute paths,
/// URLs and empty directories leave the path as it is.
QString rebasePath(const QString &path, const QString &fromDir, const QString &toDir);
/// The directory of the exported or imported file (empty when unknown).
QString fileDir(const FormatContext &context);

/// Checks an imported number: finite and within kMaxImportCoordinate; nullopt with a message
/// ("must be a finite number", "is out of range") otherwise.
std::optional<QString> checkImportedNumber(double value);

/// The checks every text reader makes first: not empty (blank counts as empty) and no NUL byte.
/// Returns false and sets *error ("file is empty", "not a text file (it contains NUL bytes)"
/// followed by "; expected " + expected when expected is not empty).
bool checkText(const QByteArray &bytes, const QString &expected, QString *error);

/// A JSON number that passes checkImportedNumber; throws json::SchemaError at c otherwise.
double checkedNumber(const json::Cursor &c);

/// Hands out unique names within one scope: the first request for a base gets it as it is,
/// later ones get base + separator + 2, 3, ... (as "blade_2").
class UniqueNames {
public:
    explicit UniqueNames(QString separator)
        : mSeparator(std::move(separator)) {}
    /// A name not handed out before, derived from base.
    QString take(const QString &base);
    /// Marks a name as used.
    void reserve(const QString &name) { mUsed.insert(name); }

private:
    QString mSeparator;
    QSet<QString> mUsed;
};

/// The rotation of a vector by degrees clockwise on a y-down screen (as Qt and Tiled turn).
QPointF rotated(QPointF vector, double degrees);

/// Adds shape to frame, giving it a unique id (id, id-2, ...) when the id is empty or taken.
void appendWithUniqueId(Frame &frame, Shape shape, const QString &fallbackId);

/// The outline of a shape as exported polygons use it (rect corners; polygon points).
QList<QPointF> polygonPoints(const Shape &shape);

} // namespace hitsmith::engines
