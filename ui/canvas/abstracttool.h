#pragma once

#include <QAction>
#include <QObject>
#include <QPointF>

class QKeyEvent;

namespace hitsmith {

class Canvas;

/// A mouse event as tools see it: frame pixels, view pixels, buttons and modifiers.
struct ToolMouseEvent {
    QPointF pos;     ///< frame pixels (scene coordinates), unsnapped
    QPointF viewPos; ///< viewport pixels, for drag thresholds
    Qt::MouseButton button = Qt::NoButton;
    Qt::MouseButtons buttons;
    Qt::KeyboardModifiers modifiers;
};

/// One way of editing the canvas (like Tiled's AbstractTool): receives the view's mouse and key
/// events in frame pixels and turns them into undo commands. Tools never write the model.
class AbstractTool : public QObject {
    Q_OBJECT

public:
    AbstractTool(Canvas *canvas, const QString &name, const QIcon &icon,
                 const QKeySequence &shortcut);

    /// The checkable toolbar action that activates this tool.
    QAction *action() const { return mAction; }

    virtual void activate() {}
    /// Called when another tool takes over: drop anything half done.
    virtual void deactivate() { cancel(); }
    virtual void mousePressed(const ToolMouseEvent &event) = 0;
    virtual void mouseMoved(const ToolMouseEvent &event) = 0;
    virtual void mouseReleased(const ToolMouseEvent &event) = 0;
    virtual void mouseDoubleClicked(const ToolMouseEvent &event) { mousePressed(event); }
    /// Returns true when the key was used.
    virtual bool keyPressed(QKeyEvent *event);
    /// Abandons an operation in flight, restoring the model as it was before it.
    virtual void cancel() {}
    /// Forgets an operation in flight without touching the model (the frame's shapes were
    /// replaced or re-indexed under it).
    virtual void abandon() { cancel(); }
    /// True while a drag or an unfinished shape is in progress.
    virtual bool isBusy() const { return false; }

protected:
    /// True when Alt is held: snapping is suspended.
    static bool snapSuspended(Qt::KeyboardModifiers modifiers) {
        return modifiers & Qt::AltModifier;
    }
    Canvas *mCanvas;

private:
    QAction *mAction;
};

} // namespace hitsmith
