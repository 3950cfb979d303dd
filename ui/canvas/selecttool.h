#pragma once

#include "abstracttool.h"
#include "shape.h"
#include "shapeitem.h"

#include <QList>

namespace hitsmith {

/// Selects and moves shapes, and edits them through their grips: polygon vertices (several at
/// once), rect corners and rotation, circle radius. Every drag is one undo step.
class SelectTool : public AbstractTool {
    Q_OBJECT

public:
    explicit SelectTool(Canvas *canvas);

    void mousePressed(const ToolMouseEvent &event) override;
    void mouseMoved(const ToolMouseEvent &event) override;
    void mouseReleased(const ToolMouseEvent &event) override;
    void mouseDoubleClicked(const ToolMouseEvent &event) override;
    bool keyPressed(QKeyEvent *event) override;
    void cancel() override;
    void abandon() override;
    bool isBusy() const override { return mMode != Mode::Idle; }

    /// Screen pixels the mouse must travel before a press becomes a drag.
    static constexpr double kDragThreshold = 3.0;

private:
    enum class Mode { Idle, PressedOnShape, MovingShapes, DraggingHandle, RubberBand };

    void beginDrag(const QList<int> &shapes);
    void pushDrag(const QList<Shape> &newShapes, const QString &text);
    void moveShapes(const ToolMouseEvent &event);
    void dragHandle(const ToolMouseEvent &event);
    void finishRubberBand(const ToolMouseEvent &event);
    void nudge(QPointF offset);

    Mode mMode = Mode::Idle;
    QPointF mPressPos;
    QPointF mPressViewPos;
    QList<int> mDragShapes;     // indices being changed by the drag
    QList<Shape> mDragOriginal; // their state when the drag began
    bool mPushed = false;       // a command of this drag is on the stack
    Grip mGrip;
    int mHandleShape = -1;
    int mClickedShape = -1;
};

} // namespace hitsmith
