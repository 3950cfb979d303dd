#pragma once

#include "document.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPainterPath>

#include <QPixmap>
#include <QPointer>

class QAction;
class QActionGroup;
class QMenu;
class QPainter;

namespace hitsmith {

class Canvas;

/// Onion skin: the shapes (and optionally the images) of the frames before and after the
/// current one, drawn faintly under the current frame's shapes. Previous frames are tinted red,
/// next frames blue, fainter with distance. Frames of the same sprite only; past either end it
/// wraps round only while wrapping is on (the Timeline's Loop). Each ghost stands where the
/// character stands in its frame (root motion, issue 29: operations::shownOffset; a neighbour
/// reached by wrapping is one run of the sprite's motion earlier or later). Only draws: nothing
/// of it is selectable or hit-tested, and it never writes the model.
class OnionLayer : public QObject {
    Q_OBJECT

public:
    /// One neighbouring frame as drawn.
    struct Ghost {
        int offset = 0;    ///< -1 the previous frame, +1 the next, ...
        FrameRef frame;    ///< which frame
        QPainterPath path; ///< its shapes, in the current frame's pixels (pivots aligned, stepped)
        QColor color;      ///< tint with its alpha (fainter with distance)
        QPixmap image;     ///< its picture when images are on, else null
        QPointF imageAt;   ///< where the picture's top-left goes, in the current frame's pixels
    };

    /// At most this many frames each way.
    static constexpr int kMaxCount = 3;

    OnionLayer(Canvas *canvas, QObject *parent = nullptr);
    ~OnionLayer() override;

    bool isEnabled() const { return mEnabled; }
    void setEnabled(bool on);
    bool showsImages() const { return mImages; }
    void setShowsImages(bool on);
    /// Frames shown each way (1-3).
    int count() const { return mCount; }
    void setCount(int count);
    /// Whether the neighbours of the first and last frames wrap round the sprite.
    void setWrapping(bool on);

    /// The ghosts drawn now (empty when off).
    const QList<Ghost> &ghosts() const { return mGhosts; }

    /// "Onion Skin" (checkable), "Onion Skin Images" (checkable).
    QAction *toggleAction() const { return mToggle; }
    QAction *imagesAction() const { return mImagesAction; }
    /// Adds the toggles and an "Onion Skin Frames" submenu (1, 2, 3 each way) to a menu.
    void addActionsTo(QMenu *menu);

    /// Draws the ghosts (the canvas calls it between the image and the shapes).
    void paint(QPainter *painter, const QRectF &rect) const;

public Q_SLOTS:
    /// Computes the ghosts again and repaints.
    void refresh();

private:
    void saveSettings() const;

    QPointer<Canvas> mCanvas;
    QAction *mToggle;
    QAction *mImagesAction;
    QActionGroup *mCountGroup;
    QList<QAction *> mCountActions;
    bool mEnabled = false;
    bool mImages = false;
    int mCount = 1;
    bool mWrapping = false;
    QList<Ghost> mGhosts;
};

} // namespace hitsmith
