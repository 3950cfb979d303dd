#pragma once

// Root motion in the editor (issue 29): where the other frames of a sprite stand when one frame
// is shown in its own pixels, and the area an attack shape sweeps from one frame to the next as
// the versus tunnel tests it (model/versussweep.h), as a polygon to draw.

#include "documentdata.h"

#include <QList>
#include <QPointF>
#include <QPolygonF>

namespace hitsmith::operations {

/// The translation that takes frame `frame`'s own pixels to frame `shown`'s (the same sprite),
/// the character moved by its root motion in between: origin(shown) - origin(frame) +
/// rootPosition(frame) - rootPosition(shown), a missing origin being (0, 0). Zero for shown.
QPointF shownOffset(const Sprite &sprite, int frame, int shown);

/// Whether any frame of the sprite has a non-zero motion.
bool hasRootMotion(const Sprite &sprite);

/// Arcs of a swept hull are drawn as this many chords per full turn (vertices on the circle).
inline constexpr int kSweepArcSegments = 64;

/// The area swept from `from` to `to` (both in the same pixels): the convex hull of the two
/// shapes as collision/sweep.h takes it (a rectangle or polygon by its vertices, a circle as a
/// disc: two circles give a capsule), each circle's arc drawn as chords (kSweepArcSegments per
/// turn). Empty when either shape is a point or invalid (as the tunnel skips it).
QPolygonF sweptHull(const Shape &from, const Shape &to);

/// One attack shape's sweep into the shown frame.
struct SweptArea {
    int shape = -1; ///< index in the shown frame
    QPolygonF hull; ///< in the shown frame's pixels
};

/// The sweep of each shape at `shapes` (indices in frame `frame`) from the shape with the same
/// id in frame `frame` - 1, each at its frame's root position, in frame `frame`'s own pixels
/// (shownOffset). A shape without an id, without a partner or that is not collidable has none;
/// frame 0 has none (as versusTunnel).
QList<SweptArea> sweptAreas(const Sprite &sprite, int frame, const QList<int> &shapes);

} // namespace hitsmith::operations
