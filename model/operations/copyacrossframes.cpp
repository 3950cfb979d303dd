#include "copyacrossframes.h"

#include <algorithm>

namespace hitsmith::operations {

QList<int> copyTargets(int from, int frameCount, CopyTarget target, int first, int last) {
    QList<int> frames;
    switch (target) {
    case CopyTarget::NextFrame:
        if (from + 1 < frameCount)
            frames << from + 1;
        break;
    case CopyTarget::Range:
        for (int f = std::max(first, 0); f <= std::min(last, frameCount - 1); ++f) {
            if (f != from)
                frames << f;
        }
        break;
    case CopyTarget::AllLaterFrames:
        for (int f = from + 1; f < frameCount; ++f)
            frames << f;
        break;
    }
    return frames;
}

QList<IdClash> idClashes(const Sprite &sprite, const QList<int> &frames,
                         const QList<Shape> &shapes) {
    QList<IdClash> clashes;
    for (int f : frames) {
        if (f < 0 || f >= sprite.frames.size())
            continue;
        for (const Shape &shape : shapes) {
            if (sprite.frames[f].indexOfShape(shape.id) >= 0)
                clashes.append({f, shape.id});
        }
    }
    return clashes;
}

} // namespace hitsmith::operations
