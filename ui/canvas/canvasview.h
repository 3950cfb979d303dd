#pragma once

#include <QColor>
#include <QEvent>
#include <QGraphicsView>

namespace hitsmith {

class Canvas;

/// The canvas's view: zooms with the wheel around the cursor, pans with the middle button or
/// space+drag, draws the pixel grid and frame origin, and hands everything else to the tool.
class CanvasView : public QGraphicsView {
    Q_OBJECT

public:
    CanvasView(Canvas *canvas, QGraphicsScene *scene);

    /// Zoom below which the pixel grid is hidden (it would be a solid wash).
    static constexpr double kPixelGridZoom = 8.0;
    /// The colour of the canvas notice text (Canvas::notice()).
    static inline const QColor kNoticeColor{255, 200, 120};

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void drawForeground(QPainter *painter, const QRectF &rect) override;

private:
    void forward(QEvent::Type type, QMouseEvent *event);

    Canvas *mCanvas;
    QPoint mPanLast;
    bool mPanning = false;
    bool mSpaceHeld = false;
};

} // namespace hitsmith
