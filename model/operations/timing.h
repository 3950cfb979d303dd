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

/// Fighting-game frame data of a move for one attack layer: active frames are the frames with a
/// shape on that layer; startup is before the first of them, recovery after the last.
struct FrameData {
    int startupFrames = 0, activeFrames = 0, recoveryFrames = 0;
    int startupMs = 0, activeMs = 0, recoveryMs = 0; ///< the same spans at the frames' durations
    int firstActive = -1, lastActive = -1;           ///< frame indices; -1 when no frame is active
    bool operator==(const FrameData &other) const = default;
};

/// The attack layer chosen when the user has not chosen one: the first of layers (as
/// DocumentData::layerNames gives them) named like an attack ("hitbox", "attack", or "hit"), or
/// empty. The Timeline's frame data and the Versus default both start from it.
QString defaultAttackLayer(const QStringList &layers);

/// The frame data of the sprite for attackLayer. Frames between the first and the last active
/// frame count as active even without a shape (a gap in a multi-hit move is part of it).
FrameData frameData(const Sprite &sprite, const QString &attackLayer);

} // namespace hitsmith::operations
