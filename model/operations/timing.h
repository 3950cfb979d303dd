#pragma once

#include "documentdata.h"

#include <QString>
#include <QStringList>

namespace hitsmith::operations {

/// Whether playback wraps at the end of the sprite.
enum class Looping { Once, Loop };

/// The frame showing elapsedMs after the start of playback, at the frames' durations. Once: the
/// last frame stays after the end; Loop: the animation wraps. -1 for a sprite without frames.
int frameAt(const Sprite &sprite, qint64 elapsedMs, Looping looping);

/// When frame index starts, in ms from the start of the animation.
int frameStart(const Sprite &sprite, int index);

/// How many game ticks one frame lasts (issue 42). A native frame lasts round(duration_ms x
/// tickRate / 1000) ticks; a frame read from a MUGEN .air file keeps its element's time exactly
/// (the element line the document keeps), as long as its duration was not edited since. The
/// engine skips an element whose time is 0 or less (0 ticks), except a -1 on the last element,
/// which shows forever (open).
struct FrameTicks {
    int ticks = 0;     ///< whole ticks (0 when open)
    bool open = false; ///< the last element of a MUGEN action with a time of -1: never ends
    bool whole = true; ///< the duration is a whole number of ticks (always so for an element)
    bool fromElement = false; ///< the ticks are a MUGEN element's time, not a duration
    bool operator==(const FrameTicks &) const = default;
};

/// The ticks of frame index of the sprite at tickRate ticks a second (see FrameTicks).
FrameTicks frameTicks(const Sprite &sprite, qsizetype index, int tickRate);

/// Fighting-game frame data of a move for one attack layer: active frames are the frames with a
/// shape on that layer; startup is before the first of them, recovery after the last.
struct FrameData {
    int startupFrames = 0, activeFrames = 0, recoveryFrames = 0;
    int startupMs = 0, activeMs = 0, recoveryMs = 0; ///< the same spans at the frames' durations
    int firstActive = -1, lastActive = -1;           ///< frame indices; -1 when no frame is active
    /// In game ticks (issue 42), as players count them: startup is the number of the first
    /// active tick (ticks from 1; 0 when no frame is active); active the ticks from the first
    /// active frame to the end of the last; recovery the ticks after it. nullopt where a frame
    /// that never ends (a MUGEN -1) makes the span endless.
    int startupTick = 0;
    std::optional<int> activeTicks = 0, recoveryTicks = 0;
    bool operator==(const FrameData &other) const = default;
};

/// The attack layer chosen when the user has not chosen one: the first of layers (as
/// DocumentData::layerNames gives them) named like an attack ("hitbox", "attack", or "hit"), or
/// empty. The Timeline's frame data and the Versus default both start from it.
QString defaultAttackLayer(const QStringList &layers);

/// The frame data of the sprite for attackLayer. Frames between the first and the last active
/// frame count as active even without a shape (a gap in a multi-hit move is part of it).
FrameData frameData(const Sprite &sprite, const QString &attackLayer,
                    int tickRate = kDefaultTickRate);

} // namespace hitsmith::operations
