#pragma once

#include "documentdata.h"

#include <QList>
#include <QStringList>

namespace hitsmith::operations {

/// Where Copy across frames puts the shapes.
enum class CopyTarget { NextFrame, Range, AllLaterFrames };

/// The frame indices a copy from frame `from` reaches in a sprite of frameCount frames: the next
/// frame, [first, last] (clamped, the source frame left out) or every later frame.
QList<int> copyTargets(int from, int frameCount, CopyTarget target, int first = -1, int last = -1);

/// An id that a target frame already has, so copying replaces that frame's shape.
struct IdClash {
    int frame;
    QString id;
    bool operator==(const IdClash &other) const = default;
};

/// The ids among shapes that frames already hold, per frame in frames' order (for the prompt).
QList<IdClash> idClashes(const Sprite &sprite, const QList<int> &frames,
                         const QList<Shape> &shapes);

} // namespace hitsmith::operations
