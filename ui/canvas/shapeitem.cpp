#include "shapeitem.h"
#include "shapepath.h"

#include <QGraphicsScene>
#include <QLineF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <QTransform>

#include <algorithm>
#include <cmath>

namespace hitsmith {

ShapeItem::ShapeItem(const Shape &shape)
    : mShape(shape) {
    setVisible(false); // quiet until selected: see the class comment
    mProblem = validateShape(mShape);
    updateGeometry();
}

void ShapeItem::setShapeData(const Shape &shape) {
    if (shape == mShape)
        return;
    mShape = shape;
    // Validation runs on every drag step so the invalid style follows the mouse.
    mProblem = validateShape(mShape);
    mSelectedVertices.removeIf([this](int v) { return v >= mShape.points.size(); });
    updateGeometry();
}

void ShapeItem::refresh(const QRectF &oldBounds) {
    if (mLive) {
        update();
    } else if (scene() && mLayerVisible) {
        scene()->invalidate(oldBounds | mBounds, QGraphicsScene::BackgroundLayer);
    }
}

void ShapeItem::setLive(bool live) {
    if (live == mLive)
        return;
    mLive = live;
    setVisible(mLive && mLayerVisible);
    if (scene() && mLayerVisible)
        scene()->invalidate(mBounds, QGraphicsScene::BackgroundLayer);
}

void ShapeItem::setLayerVisible(bool visible) {
    if (visible == mLayerVisible)
        return;
    mLayerVisible = visible;
    setVisible(mLive && mLayerVisible);
    if (scene() && !mLive)
        scene()->invalidate(mBounds, QGraphicsScene::BackgroundLayer);
}

void ShapeItem::updateGeometry(bool quietRefresh) {
    const QRectF oldBounds = mBounds;
    prepareGeometryChange();
    mPath = QPainterPath();
    if (mShape.type == ShapeType::Circle) {
        if (std::isfinite(mShape.radius) && mShape.radius > 0)
            mPath.addEllipse(mShape.center, mShape.radius, mShape.radius);
        else
            mPath.addRect(QRectF(mShape.center, QSizeF(0, 0)));
    } else if (mShape.type == ShapeType::Capsule) {
        mPath = filledShapePath(mShape);
        if (mPath.isEmpty() && !mShape.points.isEmpty())
            mPath.addRect(QRectF(mShape.points[0], QSizeF(0, 0)));
    } else if (mShape.type == ShapeType::Point) {
        // Grabbed anywhere on its cross's square, at any zoom.
        const double arm = kPointArm / mScale;
        mPath.addRect(QRectF(mShape.center - QPointF(arm, arm), QSizeF(2 * arm, 2 * arm)));
    } else {
        const QPolygonF outline = mShape.outline();
        mPath.addPolygon(outline);
        mPath.closeSubpath();
    }
    // Selected shapes carry handles (and a rect its rotation grip) outside the outline.
    const double margin =
        ((mSelected ? kRotationHandleDistance + 2 * kHandleRadius : kHandleRadius) + 2) / mScale;
    QRectF bounds = mShape.boundingRect();
    if (mShape.type == ShapeType::Point) // the cross and its id label
        bounds = QRectF(mShape.center - QPointF(kPointArm, 2 * kPointArm) / mScale,
                        QSizeF(kPointArm + kPointLabelWidth, 3 * kPointArm) / mScale);
    mBounds = (bounds.isValid() || bounds.isNull() ? bounds : bounds.normalized())
                  .adjusted(-margin, -margin, margin, margin);
    if (!std::isfinite(mBounds.width()) || !std::isfinite(mBounds.height()))
        mBounds = QRectF();
    if (mLive || quietRefresh)
        refresh(oldBounds);
}

void ShapeItem::setLayerColor(const QColor &color) {
    if (color == mLayerColor)
        return;
    mLayerColor = color;
    refresh(mBounds);
}

void ShapeItem::setColliding(bool colliding) {
    if (colliding == mColliding)
        return;
    mColliding = colliding;
    refresh(mBounds);
}

void ShapeItem::setShapeSelected(bool selected) {
    if (selected == mSelected)
        return;
    mSelected = selected;
    if (!selected)
        mSelectedVertices.clear();
    updateGeometry();
}

void ShapeItem::setSelectedVertices(const QList<int> &vertices) {
    // std::equal, not QList::operator== (Qt 6.4 hands memcmp a null pointer for empty lists).
    if (std::equal(vertices.cbegin(), vertices.cend(), mSelectedVertices.cbegin(),
                   mSelectedVertices.cend()))
        return;
    mSelectedVertices = vertices;
    refresh(mBounds);
}

void ShapeItem::setViewScale(double scale) {
    if (scale == mScale || scale <= 0)
        return;
    mScale = scale;
    updateGeometry(false); // a zoom repaints the whole view and its background cache
}

QList<Grip> ShapeItem::grips() const {
    QList<Grip> result;
    switch (mShape.type) {
    case ShapeType::Polygon:
        for (int i = 0; i < mShape.points.size(); ++i)
            result.append({Grip::Kind::Vertex, i, mShape.points[i]});
        break;
    case ShapeType::Rect: {
        const QPolygonF corners = mShape.outline();
        for (int i = 0; i < corners.size(); ++i)
            result.append({Grip::Kind::Corner, i, corners[i]});
        const QTransform toFrame =
            QTransform::fromTranslate(mShape.center.x(), mShape.center.y()).rotate(mShape.angle);
        const QPointF grip(0, -mShape.size.height() / 2.0 - kRotationHandleDistance / mScale);
        result.append({Grip::Kind::Rotation, -1, toFrame.map(grip)});
        break;
    }
    case ShapeType::Circle:
        result.append({Grip::Kind::Radius, -1, mShape.center + QPointF(mShape.radius, 0)});
        break;
    case ShapeType::Capsule: {
        if (mShape.points.size() != 2)
            break;
        const QPointF a = mShape.points[0], b = mShape.points[1];
        result.append({Grip::Kind::End, 0, a});
        result.append({Grip::Kind::End, 1, b});
        // The radius grip stands beside the middle of the segment, square to it.
        const QLineF core(a, b);
        const QPointF side =
            core.length() > 0 ? QPointF(-core.dy(), core.dx()) / core.length() : QPointF(1, 0);
        result.append({Grip::Kind::Radius, -1, core.center() + side * mShape.radius});
        break;
    }
    case ShapeType::Point: // moved whole: no grips
        break;
    }
    return result;
}

QRectF ShapeItem::boundingRect() const {
    return mBounds;
}

QPainterPath ShapeItem::shape() const {
    return mPath;
}

void ShapeItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    const bool invalid = mProblem.has_value();
    const QColor base = invalid ? invalidColor() : mColliding ? hitColor() : mLayerColor;

    QPen pen(mSelected && !invalid ? selectionColor() : base, mSelected ? 2.0 : 1.5);
    pen.setCosmetic(true); // constant screen width at any zoom
    if (invalid)
        pen.setStyle(Qt::DashLine);
    QColor fill = base;
    fill.setAlpha(mColliding ? 90 : 50);
    painter->setPen(pen);
    if (mShape.type == ShapeType::Point) {
        // A cross with the point's id beside it, the same size on screen at any zoom.
        const double arm = kPointArm / mScale;
        const QPointF c = mShape.center;
        painter->drawLine(c - QPointF(arm, 0), c + QPointF(arm, 0));
        painter->drawLine(c - QPointF(0, arm), c + QPointF(0, arm));
        painter->save();
        painter->translate(c);
        painter->scale(1 / mScale, 1 / mScale);
        painter->drawText(QPointF(kPointArm + 2, -2), mShape.id);
        painter->restore();
        return;
    }
    painter->setBrush(fill);
    painter->drawPath(mPath);
    if (invalid) {
        // A hatch reads as "broken" even for colour-blind users and on any layer colour.
        QBrush hatch(invalidColor(), Qt::BDiagPattern);
        hatch.setTransform(QTransform::fromScale(1 / mScale, 1 / mScale));
        painter->setPen(Qt::NoPen);
        painter->setBrush(hatch);
        painter->drawPath(mPath);
    }

    const double r = kHandleRadius / mScale;
    if (invalid && mProblem->vertex >= 0 && mShape.type == ShapeType::Polygon &&
        mProblem->vertex < mShape.points.size()) {
        // The offending vertex: a ring large enough to find on a busy frame.
        QPen ring(invalidColor(), 2.5);
        ring.setCosmetic(true);
        painter->setPen(ring);
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(mShape.points[mProblem->vertex], 2.5 * r, 2.5 * r);
    }

    if (!mSelected)
        return;
    QPen handlePen(Qt::black, 1.0);
    handlePen.setCosmetic(true);
    painter->setPen(handlePen);
    const QList<Grip> shown = grips();
    for (const Grip &h : shown) {
        const bool vertexSelected =
            h.kind == Grip::Kind::Vertex && mSelectedVertices.contains(h.index);
        painter->setBrush(vertexSelected ? selectionColor() : QColor(Qt::white));
        const QRectF box(h.pos - QPointF(r, r), QSizeF(2 * r, 2 * r));
        if (h.kind == Grip::Kind::Rotation) {
            // Connect the rotation grip to the top edge so it reads as part of the rect.
            const QPolygonF corners = mShape.outline();
            painter->drawLine((corners[0] + corners[1]) / 2, h.pos);
            painter->drawEllipse(box);
        } else if (h.kind == Grip::Kind::Radius) {
            if (mShape.type == ShapeType::Capsule && mShape.points.size() == 2) {
                // The core segment, the line the radius is measured from.
                QPen core(selectionColor(), 1.0, Qt::DashLine);
                core.setCosmetic(true);
                painter->setPen(core);
                painter->drawLine(mShape.points[0], mShape.points[1]);
                painter->setPen(handlePen);
            }
            painter->drawEllipse(box);
        } else {
            painter->drawRect(box);
        }
    }
}

} // namespace hitsmith
