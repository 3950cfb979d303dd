#include "canvasview.h"

#include "abstracttool.h"
#include "canvas.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace hitsmith {

CanvasView::CanvasView(Canvas *canvas, QGraphicsScene *scene)
    : QGraphicsView(scene, canvas)
    , mCanvas(canvas) {
    // Zoom keeps the view centre; the wheel re-anchors on the cursor itself (AnchorUnderMouse
    // depends on QCursor::pos(), which synthetic and tablet events do not move).
    setTransformationAnchor(QGraphicsView::AnchorViewCenter);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setDragMode(QGraphicsView::NoDrag);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    // Pixel art must stay crisp: no smoothing of the sprite when zoomed.
    setRenderHint(QPainter::SmoothPixmapTransform, false);
    setRenderHint(QPainter::Antialiasing, true);
    setOptimizationFlags(QGraphicsView::DontSavePainterState);
    setBackgroundBrush(QColor(0x3a, 0x3a, 0x3a));
    // The image and all quiet shapes live in the background (see ShapeItem); caching it makes
    // a repaint during a drag one blit plus the few live items.
    setCacheMode(QGraphicsView::CacheBackground);
}

void CanvasView::drawBackground(QPainter *painter, const QRectF &rect) {
    QGraphicsView::drawBackground(painter, rect);
    mCanvas->drawStaticLayer(painter, rect);
}

void CanvasView::forward(QEvent::Type type, QMouseEvent *event) {
    ToolMouseEvent e;
    e.viewPos = event->position();
    // mapToScene() takes whole pixels; keep the fraction, which matters when zoomed in.
    e.pos = mapToScene(event->position().toPoint()) +
            (event->position() - QPointF(event->position().toPoint())) / mCanvas->zoom();
    e.button = event->button();
    e.buttons = event->buttons();
    e.modifiers = event->modifiers();
    mCanvas->toolEvent(type, e);
}

void CanvasView::mousePressEvent(QMouseEvent *event) {
    if (event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && mSpaceHeld)) {
        mPanning = true;
        mPanLast = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        return;
    }
    forward(QEvent::MouseButtonPress, event);
}

void CanvasView::mouseMoveEvent(QMouseEvent *event) {
    if (mPanning) {
        const QPoint delta = event->position().toPoint() - mPanLast;
        mPanLast = event->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        return;
    }
    forward(QEvent::MouseMove, event);
}

void CanvasView::mouseReleaseEvent(QMouseEvent *event) {
    if (mPanning) {
        if (event->buttons() & (Qt::MiddleButton | Qt::LeftButton))
            return;
        mPanning = false;
        viewport()->setCursor(mSpaceHeld ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    forward(QEvent::MouseButtonRelease, event);
}

void CanvasView::mouseDoubleClickEvent(QMouseEvent *event) {
    if (event->button() != Qt::LeftButton || mSpaceHeld)
        return;
    forward(QEvent::MouseButtonDblClick, event);
}

void CanvasView::wheelEvent(QWheelEvent *event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    const QPointF anchor = mapToScene(event->position().toPoint());
    mCanvas->setZoom(mCanvas->zoom() * std::pow(1.25, steps));
    // Keep the frame pixel under the cursor in place.
    const QPointF drift = mapFromScene(anchor) - event->position().toPoint();
    horizontalScrollBar()->setValue(horizontalScrollBar()->value() + qRound(drift.x()));
    verticalScrollBar()->setValue(verticalScrollBar()->value() + qRound(drift.y()));
}

void CanvasView::keyPressEvent(QKeyEvent *event) {
    if (event->key() == Qt::Key_Space && !mCanvas->activeTool()->isBusy()) {
        if (!event->isAutoRepeat()) {
            mSpaceHeld = true;
            viewport()->setCursor(Qt::OpenHandCursor);
        }
        return;
    }
    if (mCanvas->toolKey(event))
        return;
    QGraphicsView::keyPressEvent(event);
}

void CanvasView::keyReleaseEvent(QKeyEvent *event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        mSpaceHeld = false;
        if (!mPanning)
            viewport()->setCursor(Qt::ArrowCursor);
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void CanvasView::focusOutEvent(QFocusEvent *event) {
    // A space released in another widget must not leave the view stuck in pan mode.
    mSpaceHeld = false;
    QGraphicsView::focusOutEvent(event);
}

void CanvasView::leaveEvent(QEvent *event) {
    mCanvas->hoverAt(QPointF(qQNaN(), qQNaN()));
    QGraphicsView::leaveEvent(event);
}

void CanvasView::drawForeground(QPainter *painter, const QRectF &rect) {
    const QRectF frame = mCanvas->frameRect();
    const double zoom = mCanvas->zoom();
    painter->setRenderHint(QPainter::Antialiasing, false);
    if (zoom >= kPixelGridZoom && frame.isValid()) {
        const QRectF area = frame.intersected(rect);
        QPen pen(QColor(255, 255, 255, 40), 0);
        painter->setPen(pen);
        QVarLengthArray<QLineF, 256> lines;
        for (double x = std::ceil(area.left()); x <= area.right(); x += 1.0)
            lines.append(QLineF(x, area.top(), x, area.bottom()));
        for (double y = std::ceil(area.top()); y <= area.bottom(); y += 1.0)
            lines.append(QLineF(area.left(), y, area.right(), y));
        painter->drawLines(lines.data(), int(lines.size()));
    }
    const Snapper &snapper = mCanvas->snapper();
    if (snapper.snapToGrid && snapper.gridSize * zoom >= 6 && frame.isValid()) {
        const QRectF area = frame.intersected(rect);
        QPen pen(QColor(120, 200, 255, 70), 0);
        painter->setPen(pen);
        const double g = snapper.gridSize;
        QVarLengthArray<QLineF, 256> lines;
        for (double x = std::ceil(area.left() / g) * g; x <= area.right(); x += g)
            lines.append(QLineF(x, area.top(), x, area.bottom()));
        for (double y = std::ceil(area.top() / g) * g; y <= area.bottom(); y += g)
            lines.append(QLineF(area.left(), y, area.right(), y));
        painter->drawLines(lines.data(), int(lines.size()));
    }
    // The origin: a cross of constant screen size.
    const QPointF o = mCanvas->frameOrigin();
    const double arm = 8.0 / zoom;
    painter->setRenderHint(QPainter::Antialiasing, true);
    QPen originPen(QColor(255, 220, 0), 1.5);
    originPen.setCosmetic(true);
    painter->setPen(originPen);
    painter->setBrush(Qt::NoBrush);
    painter->drawLine(o - QPointF(arm, 0), o + QPointF(arm, 0));
    painter->drawLine(o - QPointF(0, arm), o + QPointF(0, arm));
    painter->drawEllipse(o, arm / 2, arm / 2);

    // A word where there would otherwise be an empty grid (missing image, empty document).
    const QString notice = mCanvas->notice();
    if (!notice.isEmpty()) {
        painter->save();
        painter->resetTransform();
        QFont font = painter->font();
        font.setPointSizeF(font.pointSizeF() * 1.2);
        painter->setFont(font);
        const QRect box = viewport()->rect().adjusted(24, 24, -24, -24);
        QRect textRect = painter->fontMetrics().boundingRect(
            box, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, notice);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(0, 0, 0, 170));
        painter->drawRoundedRect(textRect.adjusted(-10, -6, 10, 6), 6, 6);
        painter->setPen(kNoticeColor);
        painter->drawText(textRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, notice);
        painter->restore();
    }
}

} // namespace hitsmith
