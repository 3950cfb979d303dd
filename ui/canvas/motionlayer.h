#pragma once

#include "document.h"

#include <QList>
#include <QObject>
#include <QPointF>
#include <QPointer>

class QAction;
class QGraphicsEllipseItem;
class QGraphicsPathItem;
class QGraphicsPolygonItem;
class QMenu;

namespace hitsmith {

class Canvas;
class OnionLayer;
class VersusService;

/// Root motion on the canvas (issue 29), drawn over the frame in its own pixels:
/// - the origin path: where the character's origin stands during every frame of the sprite
///   (Sprite::rootPosition), relative to the current frame's origin, as a polyline through one
///   dot per frame (earlier frames red, later blue, the current frame a yellow ring on the origin
///   cross). Shown while View > Root Motion Path is on (the default) and the sprite has motion.
/// - with onion skin on, the swept area of each selected attack shape from the previous frame
///   (operations::sweptAreas: the hull versus tests for tunnels), translucent.
/// The attack shapes are those on a layer the versus service tests as an attacker's
/// (VersusLayerFilter::isAttackLayer; the default attack layer without a service). Only draws:
/// nothing of it is selectable, it takes no mouse button and never writes the model.
class MotionLayer : public QObject {
    Q_OBJECT

public:
    /// onion and versus may be null (no sweeps; the default attack layer).
    MotionLayer(Canvas *canvas, OnionLayer *onion, const VersusService *versus,
                QObject *parent = nullptr);
    ~MotionLayer() override;

    /// "Root Motion Path" (checkable, saved).
    QAction *pathAction() const { return mPathAction; }
    /// Adds the toggle to a menu.
    void addActionsTo(QMenu *menu) const;

    /// The polyline through every frame's origin (empty path when not shown).
    QGraphicsPathItem *pathItem() const { return mPath; }
    /// One dot per frame of the sprite, at its origin in scene pixels (none when not shown).
    const QList<QGraphicsEllipseItem *> &dotItems() const { return mDots; }
    /// One translucent hull per selected attack shape that sweeps (none when not shown).
    const QList<QGraphicsPolygonItem *> &sweepItems() const { return mSweeps; }

public Q_SLOTS:
    /// Draws the path and the sweeps again.
    void refresh();
    /// Draws the origin path again.
    void refreshPath();
    /// Draws the swept areas again.
    void refreshSweeps();

private:
    void setPathShown(bool on);
    QList<int> selectedAttackShapes() const;
    static void clearItems(QList<QGraphicsEllipseItem *> *dots,
                           QList<QGraphicsPolygonItem *> *sweeps);

    QPointer<Canvas> mCanvas;
    OnionLayer *mOnion;
    QPointer<const VersusService> mVersus; // (the Versus dock owns it)
    QAction *mPathAction;
    QGraphicsPathItem *mPath;
    QList<QGraphicsEllipseItem *> mDots;
    QList<QGraphicsPolygonItem *> mSweeps;
};

} // namespace hitsmith
