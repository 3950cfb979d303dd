#pragma once

// Swings between frames in versus (issue 29): the defender offsets at which an attack shape's
// sweep from one frame to the next (the convex hull of the shape with the same id at both
// frames, each at its frame's accumulated root position) meets the defender although neither
// frame connects on its own, where a game testing frame by frame misses the hit.

#include "versus.h"

namespace hitsmith {

/// The offsets dx (dy and facing fixed) at which the sweep from attacker frame k - 1 to frame k
/// overlaps or touches a defender shape while neither frame k - 1 nor frame k connects (see
/// versusRange), as disjoint ascending closed intervals. A shape's sweep is tested against a
/// defender shape when the layer pair is tested for the shape's layer at both frames. Empty for
/// frame 0.
QList<DxInterval> versusTunnel(const DocumentData &data, FrameRef attacker, FrameRef defender,
                               double dy, Facing facing, const VersusLayers &layers);

/// The same with the layer pairs resolved and the two frames' ranges (versusRange of frames
/// k - 1 and k) already known.
QList<DxInterval> versusTunnel(const DocumentData &data, FrameRef attacker, FrameRef defender,
                               double dy, Facing facing, const VersusLayerFilter &filter,
                               const QList<DxInterval> &before, const QList<DxInterval> &now);

} // namespace hitsmith
