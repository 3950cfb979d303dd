#pragma once

#include <QJsonObject>
#include <QList>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QSizeF>
#include <QString>

namespace hitsmith {

/// The four kinds of convex geometry a hitbox can have, and Point: a named locator (a hot spot,
/// where a projectile spawns) that has a position only and never collides. Capsule is a segment
/// swept by a circle: every point within radius of the segment points[0]..points[1].
enum class ShapeType { Polygon, Rect, Circle, Point, Capsule };

/// The file-format spelling of a shape type ("polygon", "rect", "circle", "point", "capsule").
QString shapeTypeName(ShapeType type);

/// One hitbox on one frame: a plain value. Coordinates are pixels in frame space, y down.
struct Shape {
    QString id;                          ///< unique within its frame
    QString layer = defaultLayerName();  ///< e.g. "hitbox", "hurtbox"
    ShapeType type = ShapeType::Polygon; ///< which of the geometry fields below apply
    QList<QPointF> points;               ///< polygon: vertices, either winding; capsule: its two
                                         ///< ends, points[0] and points[1] (file: "ends")
    QPointF center;                      ///< rect and circle; point: its position
    QSizeF size;                         ///< rect: full width and height
    double angle = 0.0;                  ///< rect: degrees, positive = clockwise on screen
    double radius = 0.0;                 ///< circle and capsule
    QJsonObject extra;                   ///< fields this build does not know, kept for saving
    QJsonObject properties; ///< game data: name -> number, string or bool, in key order

    /// The layer a shape gets when none is given.
    static QString defaultLayerName() { return QStringLiteral("default"); }

    /// A convex polygon shape.
    static Shape polygon(const QString &id, const QList<QPointF> &points,
                         const QString &layer = defaultLayerName());
    /// A rectangle from its centre, full size and clockwise angle in degrees.
    static Shape rect(const QString &id, QPointF center, QSizeF size, double angle = 0.0,
                      const QString &layer = defaultLayerName());
    /// A circle from its centre and radius.
    static Shape circle(const QString &id, QPointF center, double radius,
                        const QString &layer = defaultLayerName());

    /// A capsule: every point within radius of the segment a..b (a == b is a circle).
    static Shape capsule(const QString &id, QPointF a, QPointF b, double radius,
                         const QString &layer = defaultLayerName());

    /// A point (locator) at position: no geometry, never collided.
    static Shape point(const QString &id, QPointF position,
                       const QString &layer = defaultLayerName());
    /// True for shapes that collide (everything but points).
    bool collides() const { return type != ShapeType::Point; }

    /// The outline as drawn: polygon vertices, or the rect's four corners (no outline for
    /// circles and capsules).
    QPolygonF outline() const;
    /// Axis-aligned bounds of the geometry.
    QRectF boundingRect() const;
    /// Moves the geometry by offset.
    void translate(QPointF offset);
    /// Exact equality of every field (no fuzzy compare: undo must notice a 1e-9 change).
    bool operator==(const Shape &other) const;
};

} // namespace hitsmith
