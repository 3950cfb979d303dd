#pragma once

// Helpers every game-engine format shares: the invalid-shape policy of every writer, layer bits
// for engines with 32 collision layers, path rebasing between a document and an exported file,
// and the range check applied to every imported number.

#include "fileformat.h"
#include "jsonsupport.h"

#include <QCoreApplication>
#include <QMap>
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

/// Export losses grouped by kind: one line per kind with a count and the first few places
/// ("3 circles written as 16-gon polygons: knight/idle/head, ..."), never one line per shape.
class LossCounter {
public:
    /// Counts one occurrence of a kind, given as translated texts with %1 for the count, for
    /// one and for several ("%1 circle written as ...", "%1 circles written as ..."); kinds are
    /// told apart by the second. where names the shape or frame.
    void add(const QString &one, const QString &several, const QString &where);
    /// One line per kind in the order first added.
    QStringList lines() const;
    /// Appends the lines to a warning list, skipping lines already in it.
    void appendTo(QStringList *warnings) const;

private:
    struct Kind {
        QString one, several;
        QStringList places;
    };
    QList<Kind> mKinds;
};

/// The counted warning of a target without points (locators): "points are not stored in
/// <target>: 3 points left out: knight/attack/tip, ..."; empty when the document has none.
/// Writers of such targets leave every point out (isCollidable() is false for points).
QStringList pointLossWarnings(const DocumentData &document, const QString &target);

/// The counted warning of a target without root motion: "root motion is not stored in <target>:
/// 3 frames' motion not kept: knight/attack-1/windup, ..."; empty when no frame has motion.
QStringList motionLossWarnings(const DocumentData &document, const QString &target);

/// One grouped warning for every invalid shape ("2 invalid shapes skipped: a/b/c (...), ...").
/// ("knight/attack-2/blade: invalid (...), skipped").
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

/// A result of arithmetic on pixel coordinates rounded to 1e-9 pixels, so that writers print
/// 28.63 rather than 28.630000000000003. Values too large for the rounding to be exact stay.
double pixelRounded(double value);
/// Both coordinates rounded as pixelRounded(double).
QPointF pixelRounded(QPointF point);

/// The rotation of a vector by degrees clockwise on a y-down screen (as Qt and Tiled turn).
QPointF rotated(QPointF vector, double degrees);

/// Adds shape to frame, giving it a unique id (id, id-2, ...) when the id is empty or taken.
void appendWithUniqueId(Frame &frame, Shape shape, const QString &fallbackId);

/// The outline of a shape as exported polygons use it (rect corners; polygon points; a capsule
/// as capsulePolygon).
QList<QPointF> polygonPoints(const Shape &shape);

/// Vertices a round end of this radius takes per full turn: enough that every edge stays within
/// 0.5 px of the arc (sagitta r (1 - cos(pi / n)) <= 0.5), at least 8, a power of two.
int roundVertexCount(double radius);

/// A capsule as a convex polygon with its vertices on the capsule's outline and every edge
/// within 0.5 px inside it (roundVertexCount per turn; a circle when the ends are equal), in
/// the clockwise-on-screen order of the rest of the shape outlines; empty for an invalid capsule.
QList<QPointF> capsulePolygon(const Shape &capsule);

/// A layer's Box2D collision filter: the category bits it is in and the mask of bits it hits.
struct LayerFilter {
    quint32 category = 0;
    quint32 mask = 0;
};

/// The collide matrix Box2D's rule gives (two fixtures collide when each one's mask has the
/// other's category), or nullopt when every pair collides (nothing worth storing).
std::optional<QList<LayerPair>> collideFromFilters(const QMap<QString, LayerFilter> &filters);

} // namespace hitsmith::engines
