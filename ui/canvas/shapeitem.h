#pragma once

#include "shape.h"
#include "validation.h"

#include <QColor>
#include <QGraphicsItem>
#include <QList>

#include <optional>

namespace hitsmith {

/// A grip on a shape that the select tool can drag.
struct Grip {
    enum class Kind { None, Vertex, Corner, Rotation, Radius, End };
    Kind kind = Kind::None;
    int index = -1; ///< vertex, corner or capsule end index
    QPointF pos;    ///< in frame pixels
};

/// Draws one shape of the current frame. Keeps a copy of the shape it last drew (re-synced by the
/// canvas on Document::changed); it never writes the model.
///
/// Only "live" items (selected, being edited) are painted by the scene as items. The others are
/// painted by the canvas into the view's cached background, so a repaint during a drag blits one
/// pixmap instead of walking thousands of items; a quiet item that changes invalidates just its
/// own rectangle of that cache.
class ShapeItem : public QGraphicsItem {
public:
    explicit ShapeItem(const Shape &shape);

    /// The copy of the model shape this item draws.
    const Shape &shapeData() const { return mShape; }
    /// Re-syncs with the model and re-validates (cheap: one shape).
    void setShapeData(const Shape &shape);
    /// Why the shape cannot collide, if it cannot.
    const std::optional<ShapeProblem> &problem() const { return mProblem; }

    void setLayerColor(const QColor &color);
    const QColor &layerColor() const { return mLayerColor; }
    void setColliding(bool colliding);
    bool isColliding() const { return mColliding; }
    void setShapeSelected(bool selected);
    bool isShapeSelected() const { return mSelected; }
    /// Polygon vertices drawn as selected (for multi-vertex moves).
    void setSelectedVertices(const QList<int> &vertices);
    const QList<int> &selectedVertices() const { return mSelectedVertices; }
    /// Device pixels per frame pixel, so handles and margins keep a constant screen size.
    void setViewScale(double scale);
    /// Live items are scene items; quiet ones are drawn into the view's background cache.
    void setLive(bool live);
    bool isLive() const { return mLive; }
    /// Hidden layers draw nothing and cannot be clicked.
    void setLayerVisible(bool visible);
    bool isLayerVisible() const { return mLayerVisible; }
    /// Paints the item as it looks, for the background cache (frame pixel coordinates).
    void paintInto(QPainter *painter) { paint(painter, nullptr, nullptr); }

    /// The grips shown when selected, in frame pixels.
    QList<Grip> grips() const;
    /// Screen distance of the rotation grip above a rect's top edge.
    static constexpr double kRotationHandleDistance = 24.0;
    /// Screen half-size of a grip.
    static constexpr double kHandleRadius = 4.0;
    /// Half the length of a point's cross, in screen pixels (also its grab area).
    static constexpr double kPointArm = 6.0;
    /// Room kept right of a point for its id label, in screen pixels.
    static constexpr double kPointLabelWidth = 160.0;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

    /// Colours shared with the legend and the tests.
    static QColor hitColor() { return QColor(255, 140, 0); }
    static QColor invalidColor() { return QColor(220, 0, 40); }
    static QColor selectionColor() { return QColor(30, 144, 255); }

private:
    /// quietRefresh: false when the caller repaints everything anyway (zoom).
    void updateGeometry(bool quietRefresh = true);
    /// Schedules a repaint of what changed, wherever this item is currently drawn.
    void refresh(const QRectF &oldBounds);

    Shape mShape;
    std::optional<ShapeProblem> mProblem;
    QPainterPath mPath; // filled outline, for hit tests and painting
    QRectF mBounds;
    QColor mLayerColor = Qt::green;
    QList<int> mSelectedVertices;
    double mScale = 1.0;
    bool mColliding = false;
    bool mSelected = false;
    bool mLive = false;
    bool mLayerVisible = true;
};

} // namespace hitsmith
