#pragma once

#include "abstracttool.h"

#include <QList>
#include <QPointF>

namespace hitsmith {

/// Drags out a rectangle from corner to corner; Shift keeps it square.
class RectTool : public AbstractTool {
    Q_OBJECT

public:
    explicit RectTool(Canvas *canvas);
    void mousePressed(const ToolMouseEvent &event) override;
    void mouseMoved(const ToolMouseEvent &event) override;
    void mouseReleased(const ToolMouseEvent &event) override;
    bool keyPressed(QKeyEvent *event) override;
    void cancel() override;
    bool isBusy() const override { return mDragging; }

private:
    QRectF rectTo(const ToolMouseEvent &event) const;
    QPointF mStart;
    QPointF mPressViewPos;
    bool mDragging = false;
};

/// Drags out a circle from its centre.
class CircleTool : public AbstractTool {
    Q_OBJECT

public:
    explicit CircleTool(Canvas *canvas);
    void mousePressed(const ToolMouseEvent &event) override;
    void mouseMoved(const ToolMouseEvent &event) override;
    void mouseReleased(const ToolMouseEvent &event) override;
    bool keyPressed(QKeyEvent *event) override;
    void cancel() override;
    bool isBusy() const override { return mDragging; }

private:
    double radiusTo(const ToolMouseEvent &event) const;
    QPointF mCenter;
    QPointF mPressViewPos;
    bool mDragging = false;
};

/// Drags a capsule's core segment from one end to the other, then sets its radius: after the
/// release the radius follows the pointer's distance from the segment until a click (or Enter)
/// places it. Escape or a right-click abandons it.
class CapsuleTool : public AbstractTool {
    Q_OBJECT

public:
    explicit CapsuleTool(Canvas *canvas);
    void mousePressed(const ToolMouseEvent &event) override;
    void mouseMoved(const ToolMouseEvent &event) override;
    void mouseReleased(const ToolMouseEvent &event) override;
    bool keyPressed(QKeyEvent *event) override;
    void cancel() override;
    bool isBusy() const override { return mPhase != Phase::Idle; }

private:
    enum class Phase { Idle, DraggingEnds, SettingRadius };
    /// The radius for the pointer at pos: its distance from the segment, snapped, at least the
    /// smallest radius drawn.
    double radiusTo(const ToolMouseEvent &event) const;
    void showPreview();
    void finish();
    Phase mPhase = Phase::Idle;
    QPointF mStart, mEnd;
    QPointF mPressViewPos;
    double mRadius = 0.0;
};

/// Places a point (a locator, never collided) where the user clicks, snapped like vertices;
/// never a second point on one spot (a double-click places one).
class PointTool : public AbstractTool {
    Q_OBJECT

public:
    explicit PointTool(Canvas *canvas);
    void mousePressed(const ToolMouseEvent &event) override;
    void mouseMoved(const ToolMouseEvent &) override {}
    void mouseReleased(const ToolMouseEvent &) override {}
    void mouseDoubleClicked(const ToolMouseEvent &) override {} // its press placed the point
    void cancel() override {}
    bool isBusy() const override { return false; }
};

/// Places polygon vertices by clicking; closes on the first vertex, a double-click or Enter.
/// Backspace removes the last vertex, Escape abandons the polygon.
class PolygonTool : public AbstractTool {
    Q_OBJECT

public:
    explicit PolygonTool(Canvas *canvas);
    void mousePressed(const ToolMouseEvent &event) override;
    void mouseMoved(const ToolMouseEvent &event) override;
    void mouseReleased(const ToolMouseEvent &) override {}
    void mouseDoubleClicked(const ToolMouseEvent &event) override;
    bool keyPressed(QKeyEvent *event) override;
    void cancel() override;
    bool isBusy() const override { return !mPoints.isEmpty(); }

private:
    void finish();
    void updatePreview();
    QList<QPointF> mPoints;
    QPointF mCursor;
};

} // namespace hitsmith
