#pragma once

#include "document.h"
#include "framepicture.h"

#include <QImage>
#include <QPixmap>
#include <QRectF>

namespace hitsmith {

/// Draws the Timeline's frame thumbnails: the frame's picture with its shapes in their layer
/// colours, framed as the canvas frames it.
///
/// A drag changes one shape per mouse move, and drawing every shape of a crowded frame again for
/// each move cost more than the rest of the window (2,000 shapes: ~58 million instructions). So
/// while only some shapes of one frame change, the thumbnail keeps two layers: the background
/// with the shapes drawn under the changing ones, and the shapes drawn over them on a transparent
/// image. A redraw then draws only the changing shapes between the two. Source-over is
/// associative, so the result is the full drawing's, up to a rounding step per channel.
class FrameThumbnailPainter {
public:
    /// Thumbnails fit this square (device-independent pixels).
    static constexpr int kSize = 72;

    /// The thumbnail of frame `frame` of sprite `sprite` (both valid) with its picture.
    QPixmap draw(const DocumentData &data, int sprite, int frame, const FramePicture &picture);
    /// The thumbnail drawn from scratch, without the layers (for tests).
    static QPixmap drawPlain(const DocumentData &data, int sprite, int frame,
                             const FramePicture &picture);

    /// Shape `shape` of a frame changed, nothing else: the next draws of that frame keep the
    /// shapes under and over it (and the others of that frame changed since) as layers.
    void shapeChanged(int sprite, int frame, int shape);
    /// Anything else changed (shapes added, removed, layers, pictures, another sprite).
    void forget();

    /// How many times the layers were drawn (for tests of the cache).
    int layersDrawn() const { return mLayersDrawn; }

private:
    int mSprite = -1, mFrame = -1;
    int mFirst = -1, mLast = -1; ///< the changing shapes: mFirst..mLast
    bool mBuilt = false;
    QRectF mExtent; ///< what the layers were framed for
    qint64 mPictureKey = 0;
    QPointF mPicturePosition;
    int mPictureStatus = 0;
    QPixmap mBelow; ///< background, picture and shapes before mFirst
    QImage mAbove;  ///< shapes after mLast, on transparent
    int mLayersDrawn = 0;
};

} // namespace hitsmith
