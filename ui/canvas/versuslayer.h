#pragma once

#include "framepicture.h"

#include <QObject>
#include <QPointF>

#include <functional>

class QGraphicsPathItem;
class QGraphicsPixmapItem;
class QGraphicsSimpleTextItem;

namespace hitsmith {

class Canvas;
class Document;
class VersusService;

/// Draws a versus placement over the canvas showing the attacker's frame: the defender's frame
/// as a second layer of dashed outlines (placed and mirrored exactly as the model places it) over
/// its picture drawn faintly (placed and mirrored the same way; from the defender's own document
/// when it comes from another character's),
/// one arrow per hit (from the defender shape's centre along depth × normal: moving the
/// defender by it separates the pair), and a marker at the move's reach (the farthest dx at
/// which this frame connects).
///
/// Dragging inside a defender shape (where no attacker shape is) moves the defender; on release
/// the layer reports the new offset and its owner pushes the undo command: the layer never
/// writes the model.
class VersusLayer : public QObject {
    Q_OBJECT

public:
    VersusLayer(Canvas *canvas, Document *document, const VersusService *service,
                QObject *parent = nullptr);

    /// Where the defender frame's picture comes from (VersusPanel::defenderPicture); none by
    /// default. Refreshes.
    void setPictureSource(std::function<FramePicture()> source);
    /// Draws the placement again (after the service's hits changed or the canvas changed frame).
    void refresh();
    /// The defender's picture as drawn (empty pixmap when it has none; for tests).
    QGraphicsPixmapItem *pictureItem() const { return mPicture; }
    /// The defender's outlines as drawn, in scene coordinates (for tests).
    QGraphicsPathItem *defenderItem() const { return mDefender; }
    /// The reach marker (empty when the frame never connects).
    QGraphicsPathItem *reachItem() const { return mReach; }

Q_SIGNALS:
    /// The user dropped the defender with its origin at (dx, dy).
    void defenderDropped(double dx, double dy);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool isShowing() const;

    Canvas *mCanvas;
    Document *mDocument;
    const VersusService *mService;
    std::function<FramePicture()> mPictureSource;
    QGraphicsPixmapItem *mPicture;
    QGraphicsPathItem *mDefender;
    QGraphicsPathItem *mArrows;
    QGraphicsPathItem *mReach;
    QGraphicsSimpleTextItem *mReachLabel;
    bool mDragging = false;
    QPointF mDragStart; // scene position of the press
};

} // namespace hitsmith
