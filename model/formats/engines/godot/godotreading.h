#pragma once

// What the Godot reader's files share (internal to model/formats/engines/godot): schema errors,
// checked numbers, the parsed node list and the shape conversion. godotreader.cpp walks a scene's
// nodes, godotanimationreader.cpp reads a sprite's AnimationPlayer back (root motion, points) and
// godottilesets.cpp reads tile sets.

#include "documentdata.h"
#include "enginesupport.h"
#include "fileformat.h"
#include "godottext.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QTransform>

#include <cmath>

namespace hitsmith::godot {

/// Thrown for schema problems; the message already names the location.
struct GodotError {
    QString message;
};

/// Reads and checks the numbers of Vector2(...)/PackedVector2Array(...)/Rect2(...)/...; expected
/// is how many there must be (-1: any even count). Throws GodotError naming where.
QList<double> numbersOf(const Value &value, const QString &where, qsizetype expected = -1);
/// A number within the imported range; throws GodotError otherwise.
double numberOf(const Value &value, const QString &where);
/// The pairs of a PackedVector2Array(...) (or any even list of numbers).
QList<QPointF> pointsOf(const Value &value, const QString &where);
/// A Vector2(x, y).
QPointF pointOf(const Value &value, const QString &where);
/// Godot's Transform2D(xx, xy, yx, yy, ox, oy) as a QTransform (same row layout).
QTransform transformOf(const Value &value, const QString &where);
/// A string metadata value of a section, or empty.
QString metaString(const Section &section, const QString &key);

struct Node {
    QString name;
    QString type;
    QString path; ///< "." for the root, else "A/B"
    int parent = -1;
    const Section *section = nullptr;
    QTransform local;
};

/// A collision shape sub-resource turned into shapes under a transform.
class ShapeBuilder {
public:
    ShapeBuilder(const QHash<QString, const Section *> &resources, QStringList *warnings)
        : mResources(resources)
        , mWarnings(warnings) {}

    /// Shapes of a Shape2D resource placed with transform; where names it for messages.
    QList<Shape> fromResource(const QString &id, const QTransform &transform,
                              const QString &where) const {
        const Section *resource = mResources.value(id);
        if (!resource)
            throw GodotError{
                engines::tr("%1: SubResource \"%2\" is not defined in this file").arg(where, id)};
        const QString type = resource->attribute(QStringLiteral("type")).argumentText();
        const QString at =
            engines::tr("line %1: [sub_resource id=\"%2\"]").arg(resource->line).arg(id);
        if (type == QLatin1String("RectangleShape2D")) {
            QSizeF size(20, 20); // Godot's default
            if (const Value *v = resource->property(QStringLiteral("size"))) {
                const QPointF s = pointOf(*v, at + QStringLiteral(" size"));
                size = QSizeF(s.x(), s.y());
            } else if (const Value *e = resource->property(QStringLiteral("extents"))) {
                const QPointF s = pointOf(*e, at + QStringLiteral(" extents"));
                size = QSizeF(2 * s.x(), 2 * s.y());
            } else {
                size = QSizeF(20, 20); // Godot 3 default extents (10, 10)
            }
            return {rect(size, transform)};
        }
        if (type == QLatin1String("CircleShape2D")) {
            double radius = 10;
            if (const Value *v = resource->property(QStringLiteral("radius")))
                radius = numberOf(*v, at + QStringLiteral(" radius"));
            const double sx = std::hypot(transform.m11(), transform.m12());
            const double sy = std::hypot(transform.m21(), transform.m22());
            if (std::abs(sx - sy) > 1e-9 * std::max(sx, sy)) {
                mSkipped.add(engines::tr("%1 circle under a non-uniform scale (an ellipse) "
                                         "skipped"),
                             engines::tr("%1 circles under a non-uniform scale (ellipses) "
                                         "skipped"),
                             where);
                return {};
            }
            return {Shape::circle({}, transform.map(QPointF(0, 0)), radius * sx)};
        }
        if (type == QLatin1String("CapsuleShape2D"))
            return capsule(*resource, at, transform, where);
        if (type == QLatin1String("ConvexPolygonShape2D")) {
            const Value *v = resource->property(QStringLiteral("points"));
            if (!v)
                return {};
            return {Shape::polygon(
                {}, mapAll(pointsOf(*v, at + QStringLiteral(" points")), transform))};
        }
        const QString kind = type.isEmpty() ? engines::tr("resource without a type") : type;
        mSkipped.add(engines::tr("%1 %2 skipped (Hitsmith holds polygons, rectangles, circles "
                                 "and capsules)")
                         .arg(QStringLiteral("%1"), kind),
                     engines::tr("%1 %2 shapes skipped (Hitsmith holds polygons, rectangles, "
                                 "circles and capsules)")
                         .arg(QStringLiteral("%1"), kind),
                     where);
        return {};
    }

    /// Whether `height` of a CapsuleShape2D is the middle part only (Godot 3, scene format 2 or
    /// older) rather than the full height with both caps (Godot 4).
    void setCapsuleHeightIsMiddle(bool middle) { mCapsuleHeightIsMiddle = middle; }

    /// A CapsuleShape2D: its axis along the node's local y, centred on the node.
    QList<Shape> capsule(const Section &resource, const QString &at, const QTransform &transform,
                         const QString &where) const {
        double radius = 10, height = mCapsuleHeightIsMiddle ? 20 : 30; // Godot's defaults
        if (const Value *v = resource.property(QStringLiteral("radius")))
            radius = numberOf(*v, at + QStringLiteral(" radius"));
        if (const Value *v = resource.property(QStringLiteral("height")))
            height = numberOf(*v, at + QStringLiteral(" height"));
        // Godot 4 keeps height >= 2 * radius (the caps touch: a circle).
        const double half =
            mCapsuleHeightIsMiddle ? height / 2 : std::max(height / 2 - radius, 0.0);
        const double sx = std::hypot(transform.m11(), transform.m12());
        const double sy = std::hypot(transform.m21(), transform.m22());
        const bool orthogonal = std::abs(transform.m11() * transform.m21() +
                                         transform.m12() * transform.m22()) <= 1e-9 * sx * sy;
        if (std::abs(sx - sy) > 1e-9 * std::max(sx, sy) || !orthogonal) {
            mSkipped.add(engines::tr("%1 capsule under a non-uniform scale or a skew skipped"),
                         engines::tr("%1 capsules under a non-uniform scale or a skew skipped"),
                         where);
            return {};
        }
        return {Shape::capsule({}, transform.map(QPointF(0, -half)),
                               transform.map(QPointF(0, half)), radius * sx)};
    }

    static QList<QPointF> mapAll(const QList<QPointF> &points, const QTransform &t) {
        QList<QPointF> mapped;
        for (QPointF p : points)
            mapped.append(t.map(p));
        return mapped;
    }

    /// A centred rectangle under a transform: a rect while the transform keeps right angles,
    /// else the polygon of its corners.
    static Shape rect(QSizeF size, const QTransform &t) {
        const double ax = t.m11(), ay = t.m12(), bx = t.m21(), by = t.m22();
        const double la = std::hypot(ax, ay), lb = std::hypot(bx, by);
        const bool orthogonal = std::abs(ax * bx + ay * by) <= 1e-9 * la * lb;
        const double det = ax * by - ay * bx;
        if (orthogonal && det > 0) {
            Shape shape =
                Shape::rect({}, t.map(QPointF(0, 0)), QSizeF(size.width() * la, size.height() * lb),
                            std::atan2(ay, ax) * 180.0 / M_PI);
            if (std::abs(shape.angle) < 1e-12)
                shape.angle = 0;
            return shape;
        }
        const double hw = size.width() / 2, hh = size.height() / 2;
        return Shape::polygon({}, mapAll({{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}}, t));
    }

    /// Counts a shape node skipped for a reason of its own, with the builder's skips.
    void skip(const QString &one, const QString &several, const QString &where) {
        mSkipped.add(one, several, where);
    }
    /// Appends the skipped shapes, one counted line per kind; call once, at the end.
    void finish() const { mSkipped.appendTo(mWarnings); }

private:
    const QHash<QString, const Section *> &mResources;
    QStringList *mWarnings;
    mutable engines::LossCounter mSkipped;
    bool mCapsuleHeightIsMiddle = false;
};

/// True for a Marker2D our exporter wrote as one of a sprite's points: under the sprite node,
/// marked hitsmith_point (older exports put a Marker2D under each frame node instead).
bool isSpritePoint(const QList<Node> &nodes, int index);

/// Reads what our exporter keys on a sprite's AnimationPlayer back into its frames: root motion
/// (".:position", else the sprite node's own position) and the points (a Marker2D per point id,
/// its position and visibility at each frame's start). Each point's place in its frame's shape
/// order (NaN when not recorded) is appended to orders.
void readSpriteAnimation(const QList<Node> &nodes, int spriteNode,
                         const QHash<QString, const Section *> &resources, int spriteIndex,
                         const QHash<int, QPair<int, int>> &frameOf, DocumentData *document,
                         QHash<QPair<int, int>, QList<double>> *orders,
                         engines::LossCounter *skippedMetadata);

/// Godot 4 TileSetAtlasSource sub-resources: per tile a frame with its physics polygons.
void readAtlasSource(const Section &section, QHash<QString, QString> externalPaths,
                     const FormatContext &context, DocumentData *document, QStringList *warnings);

/// Godot 3 TileSet resource: "N/region", "N/name" and "N/shapes" per tile.
void readGodot3TileSet(const Section &resource, const QHash<QString, const Section *> &resources,
                       DocumentData *document, QStringList *warnings);

} // namespace hitsmith::godot
