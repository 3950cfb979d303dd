#pragma once

// The moveset (issue 29): every move of a character against one defender frame, where each
// move connects (the union of its frames' exact ranges), which frame connects first at each
// distance, and where its swings pass through the defender between frames without connecting.

#include "operations/timing.h"
#include "versus.h"

namespace hitsmith::operations {

/// One piece of a move's reach and the first frame (in time) that connects there.
struct FirstFrame {
    double from = 0.0; ///< smallest dx
    double to = 0.0;   ///< largest dx
    int frame = -1;    ///< frame index in the sprite
    bool operator==(const FirstFrame &) const = default;
};

/// One move: a sprite with at least one attack shape.
struct MoveReach {
    int sprite = -1;
    FrameData timing;                 ///< startup / active / recovery for the attack layer
    QList<DxInterval> reach;          ///< union of every frame's versusRange
    QList<FirstFrame> firstFrame;     ///< reach split by the first frame connecting, by dx
    QList<DxInterval> tunnel;         ///< union of the frames' versusTunnel, less the reach
    QList<QList<DxInterval>> ranges;  ///< versusRange of every frame
    QList<QList<DxInterval>> tunnels; ///< versusTunnel of every frame (frame 0: empty)
    bool operator==(const MoveReach &) const = default;
};

/// The sprites with a shape on a tested attacker layer, in document order.
QList<int> attackSprites(const DocumentData &data, const VersusLayers &layers);

/// The moves of `sprites` against the defender frame, the defender's origin at (dx, dy) for
/// every dx, facing as in versus. The attack layer of the frame data is the default's, else the
/// first attacker layer of the explicit pairs.
QList<MoveReach> movesetReach(const DocumentData &data, const QList<int> &sprites,
                              FrameRef defender, double dy, Facing facing,
                              const VersusLayers &layers);

} // namespace hitsmith::operations
