#include "creationtools.h"

#include "canvas.h"
#include "editorsession.h"
#include "segmentdistance.h"
#include "shapeitem.h"
#include "shapepath.h"

#include <QApplication>
#include <QGraphicsPathItem>
#include <QKeyEvent>
#include <QLineF>

#include <algorithm>
#include <cmath>

namespace hitsmith {

namespace {

// A press and release closer than the platform's drag distance is a click (often the one that
// focuses the canvas), not a request for a tiny shape.
bool isClick(const QPointF &pressViewPos, const QPointF &releaseViewPos) {
    return (releaseViewPos - pressViewPos).manhattanLength() < QApplication::startDragDistance();
}

} // namespace

// --- RectTool ---

RectTool::RectTool(Canvas *canvas)
    : AbstractTool(canvas, tr("Rectangle"), QIcon(), QKeySequence(Qt::Key_R)) {}

QRectF RectTool::rectTo(const ToolMouseEvent &event) const {
    const QPointF end = mCanvas->snap(event.pos, event.modifiers);
    QPointF d = end - mStart;
    if (event.modifiers & Qt::ShiftModifier) {
        const double side = std::max(std::abs(d.x()), std::abs(d.y()));
        d = QPointF(std::copysign(side, d.x()), std::copysign(side, d.y()));
    }
    return QRectF(mStart, mStart + d).normalized();
}

void RectTool::mousePressed(const ToolMouseEvent &event) {
    if (event.button == Qt::RightButton) {
        cancel();
        return;
    }
    if (event.button != Qt::LeftButton)
        return;
    mStart = mCanvas->snap(event.pos, event.modifiers);
    mPressViewPos = event.viewPos;
    mDragging = true;
    mCanvas->setDrawingStatus({});
}

void RectTool::mouseMoved(const ToolMouseEvent &event) {
    if (!mDragging)
        return;
    QPainterPath path;
    const QRectF rect = rectTo(event);
    path.addRect(rect);
    mCanvas->previewItem()->setPath(path);
    mCanvas->setDrawingStatus(tr("%1 × %2").arg(rect.width()).arg(rect.height()));
}

void RectTool::mouseReleased(const ToolMouseEvent &event) {
    if (!mDragging || event.button != Qt::LeftButton)
        return;
    const QRectF rect = rectTo(event);
    cancel();
    if (isClick(mPressViewPos, event.viewPos) || rect.width() < 0.5 || rect.height() < 0.5)
        return; // a click without a drag draws nothing
    mCanvas->insertShapes(
        {Shape::rect(mCanvas->uniqueShapeId(QStringLiteral("rect")), rect.center(), rect.size(),
                     0.0, mCanvas->session()->currentLayer())},
        tr("Add Rectangle %1"));
}

bool RectTool::keyPressed(QKeyEvent *event) {
    if (event->key() == Qt::Key_Escape && mDragging) {
        cancel();
        return true;
    }
    return false;
}

void RectTool::cancel() {
    mDragging = false;
    mCanvas->previewItem()->setPath({});
    mCanvas->setToolStatus({});
}

// --- CircleTool ---

CircleTool::CircleTool(Canvas *canvas)
    : AbstractTool(canvas, tr("Circle"), QIcon(), QKeySequence(Qt::Key_C)) {}

double CircleTool::radiusTo(const ToolMouseEvent &event) const {
    return mCanvas->snapLength(QLineF(mCenter, event.pos).length(), event.modifiers);
}

void CircleTool::mousePressed(const ToolMouseEvent &event) {
    if (event.button == Qt::RightButton) {
        cancel();
        return;
    }
    if (event.button != Qt::LeftButton)
        return;
    mCenter = mCanvas->snap(event.pos, event.modifiers);
    mPressViewPos = event.viewPos;
    mDragging = true;
    mCanvas->setDrawingStatus({});
}

void CircleTool::mouseMoved(const ToolMouseEvent &event) {
    if (!mDragging)
        return;
    const double r = radiusTo(event);
    QPainterPath path;
    path.addEllipse(mCenter, r, r);
    mCanvas->previewItem()->setPath(path);
    mCanvas->setDrawingStatus(tr("Radius %1").arg(r));
}

void CircleTool::mouseReleased(const ToolMouseEvent &event) {
    if (!mDragging || event.button != Qt::LeftButton)
        return;
    const bool dragged = !isClick(mPressViewPos, event.viewPos);
    const double r = radiusTo(event);
    cancel();
    if (!dragged || r <= 0)
        return;
    mCanvas->insertShapes({Shape::circle(mCanvas->uniqueShapeId(QStringLiteral("circle")), mCenter,
                                         r, mCanvas->session()->currentLayer())},
                          tr("Add Circle %1"));
}

bool CircleTool::keyPressed(QKeyEvent *event) {
    if (event->key() == Qt::Key_Escape && mDragging) {
        cancel();
        return true;
    }
    return false;
}

void CircleTool::cancel() {
    mDragging = false;
    mCanvas->previewItem()->setPath({});
    mCanvas->setToolStatus({});
}

// --- CapsuleTool ---

namespace {

constexpr double kMinCapsuleRadius = 0.5; // a thinner capsule could not be seen or grabbed

} // namespace

CapsuleTool::CapsuleTool(Canvas *canvas)
    : AbstractTool(canvas, tr("Capsule"), QIcon(), QKeySequence(Qt::Key_K)) {}

double CapsuleTool::radiusTo(const ToolMouseEvent &event) const {
    const double distance = distanceToSegment(event.pos, mStart, mEnd);
    return std::max(kMinCapsuleRadius, mCanvas->snapLength(distance, event.modifiers));
}

void CapsuleTool::mousePressed(const ToolMouseEvent &event) {
    if (event.button == Qt::RightButton) {
        cancel();
        return;
    }
    if (event.button != Qt::LeftButton)
        return;
    if (mPhase == Phase::SettingRadius) {
        mRadius = radiusTo(event);
        finish();
        return;
    }
    mStart = mEnd = mCanvas->snap(event.pos, event.modifiers);
    mPressViewPos = event.viewPos;
    mRadius = 0.0;
    mPhase = Phase::DraggingEnds;
    mCanvas->setDrawingStatus({});
}

void CapsuleTool::mouseMoved(const ToolMouseEvent &event) {
    if (mPhase == Phase::DraggingEnds) {
        mEnd = mCanvas->snap(event.pos, event.modifiers);
        if (event.modifiers & Qt::ShiftModifier) {
            // Shift keeps the segment at a multiple of 45 degrees, as lines in drawing tools.
            const QLineF line(mStart, mEnd);
            QLineF turned = line;
            turned.setAngle(std::round(line.angle() / 45.0) * 45.0);
            mEnd = turned.p2();
        }
        showPreview();
        const QLineF line(mStart, mEnd);
        mCanvas->setDrawingStatus(tr("Length %1, angle %2°: release, then move out to set the "
                                     "radius")
                                      .arg(line.length())
                                      .arg(std::fmod(360.0 - std::round(line.angle()), 360.0)));
    } else if (mPhase == Phase::SettingRadius) {
        mRadius = radiusTo(event);
        showPreview();
        mCanvas->setDrawingStatus(
            tr("Radius %1: click or press Enter to place, Escape to abandon").arg(mRadius));
    }
}

void CapsuleTool::mouseReleased(const ToolMouseEvent &event) {
    if (mPhase != Phase::DraggingEnds || event.button != Qt::LeftButton)
        return;
    if (QLineF(mPressViewPos, event.viewPos).length() < QApplication::startDragDistance()) {
        cancel(); // a click without a drag draws nothing
        return;
    }
    mPhase = Phase::SettingRadius;
    mRadius = radiusTo(event);
    showPreview();
    mCanvas->setDrawingStatus(tr("Move out from the segment to set the radius, then click"));
}

bool CapsuleTool::keyPressed(QKeyEvent *event) {
    switch (event->key()) {
    case Qt::Key_Escape:
        if (mPhase == Phase::Idle)
            return false;
        cancel();
        return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (mPhase != Phase::SettingRadius)
            return false;
        finish();
        return true;
    default:
        return false;
    }
}

void CapsuleTool::showPreview() {
    QPainterPath path;
    if (mPhase == Phase::DraggingEnds) {
        path.moveTo(mStart);
        path.lineTo(mEnd);
        const double r = ShapeItem::kHandleRadius / mCanvas->zoom();
        for (const QPointF &p : {mStart, mEnd})
            path.addRect(QRectF(p - QPointF(r, r), QSizeF(2 * r, 2 * r)));
    } else if (mPhase == Phase::SettingRadius) {
        path = filledShapePath(Shape::capsule({}, mStart, mEnd, mRadius));
        path.moveTo(mStart);
        path.lineTo(mEnd);
    }
    mCanvas->previewItem()->setPath(path);
}

void CapsuleTool::finish() {
    const QPointF a = mStart, b = mEnd;
    const double radius = mRadius;
    cancel();
    mCanvas->insertShapes({Shape::capsule(mCanvas->uniqueShapeId(QStringLiteral("capsule")), a, b,
                                          radius, mCanvas->session()->currentLayer())},
                          tr("Add Capsule %1"));
}

void CapsuleTool::cancel() {
    mPhase = Phase::Idle;
    mCanvas->previewItem()->setPath({});
    mCanvas->setToolStatus({});
}

// --- PointTool ---

PointTool::PointTool(Canvas *canvas)
    : AbstractTool(canvas, tr("Point"), QIcon(), QKeySequence(Qt::Key_T)) {}

void PointTool::mousePressed(const ToolMouseEvent &event) {
    if (event.button != Qt::LeftButton)
        return;
    const QPointF at = mCanvas->snap(event.pos, event.modifiers);
    // The second press of a double-click lands where the first placed its point: one point.
    const FrameRef frame = mCanvas->currentFrame();
    if (mCanvas->document()->contains(frame)) {
        for (const Shape &shape : mCanvas->document()->frame(frame).shapes) {
            if (shape.type == ShapeType::Point && shape.center == at)
                return;
        }
    }
    mCanvas->insertShapes({Shape::point(mCanvas->uniqueShapeId(QStringLiteral("point")), at,
                                        mCanvas->session()->currentLayer())},
                          tr("Add Point %1"));
}

// --- PolygonTool ---

PolygonTool::PolygonTool(Canvas *canvas)
    : AbstractTool(canvas, tr("Polygon"), QIcon(), QKeySequence(Qt::Key_P)) {}

void PolygonTool::mousePressed(const ToolMouseEvent &event) {
    if (event.button == Qt::RightButton) {
        // Right-click finishes like Enter, as in most vector editors.
        finish();
        return;
    }
    if (event.button != Qt::LeftButton)
        return;
    const double reach = (ShapeItem::kHandleRadius + 3) / mCanvas->zoom();
    if (mPoints.size() >= 3 && QLineF(mPoints.first(), event.pos).length() <= reach) {
        finish();
        return;
    }
    const QPointF p = mCanvas->snap(event.pos, event.modifiers);
    if (!mPoints.isEmpty() && mPoints.last() == p)
        return; // a second click on the same spot is not a new vertex
    mPoints.append(p);
    mCursor = p;
    updatePreview();
}

void PolygonTool::mouseMoved(const ToolMouseEvent &event) {
    mCursor = mCanvas->snap(event.pos, event.modifiers);
    if (!mPoints.isEmpty())
        updatePreview();
}

void PolygonTool::mouseDoubleClicked(const ToolMouseEvent &event) {
    if (event.button == Qt::LeftButton)
        finish(); // the double-click's first press already placed the last vertex
}

bool PolygonTool::keyPressed(QKeyEvent *event) {
    switch (event->key()) {
    case Qt::Key_Escape:
        if (mPoints.isEmpty())
            return false;
        cancel();
        return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        finish();
        return true;
    case Qt::Key_Backspace:
        if (mPoints.isEmpty())
            return false;
        mPoints.removeLast();
        updatePreview();
        return true;
    default:
        return false;
    }
}

void PolygonTool::finish() {
    if (mPoints.size() < 3) {
        mCanvas->setToolStatus(tr("A polygon needs at least 3 vertices"));
        return;
    }
    const QList<QPointF> points = mPoints;
    cancel();
    // Kept even if concave: the canvas flags it and offers the fixes; work is never discarded.
    mCanvas->insertShapes({Shape::polygon(mCanvas->uniqueShapeId(QStringLiteral("polygon")), points,
                                          mCanvas->session()->currentLayer())},
                          tr("Add Polygon %1"));
}

void PolygonTool::updatePreview() {
    QPainterPath path;
    if (!mPoints.isEmpty()) {
        path.moveTo(mPoints.first());
        for (qsizetype i = 1; i < mPoints.size(); ++i)
            path.lineTo(mPoints[i]);
        path.lineTo(mCursor);
        // Small squares on the placed vertices; the first one is where a click closes.
        const double r = ShapeItem::kHandleRadius / mCanvas->zoom();
        for (const QPointF &p : std::as_const(mPoints))
            path.addRect(QRectF(p - QPointF(r, r), QSizeF(2 * r, 2 * r)));
    }
    mCanvas->previewItem()->setPath(path);
    if (mPoints.isEmpty())
        mCanvas->setToolStatus({});
    else
        mCanvas->setDrawingStatus(tr("%n vertices: click the first vertex, double-click or press "
                                     "Enter to close; Backspace removes the last",
                                     nullptr, int(mPoints.size())));
}

void PolygonTool::cancel() {
    mPoints.clear();
    mCanvas->previewItem()->setPath({});
    mCanvas->setToolStatus({});
}

} // namespace hitsmith
