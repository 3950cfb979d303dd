#include "moveset.h"

#include "versussweep.h"

#include "collision/sweep.h"

#include <algorithm>
#include <vector>

namespace hitsmith::operations {

namespace {

std::vector<collision::Interval> toIntervals(const QList<DxInterval> &list) {
    std::vector<collision::Interval> result;
    for (const DxInterval &i : list)
        result.push_back({i.lo, i.hi});
    return result;
}

QList<DxInterval> toDx(const std::vector<collision::Interval> &list) {
    QList<DxInterval> result;
    for (const collision::Interval &i : list)
        result.append({i.lo, i.hi});
    return result;
}

} // namespace

QList<int> attackSprites(const DocumentData &data, const VersusLayers &layers) {
    const VersusLayerFilter filter(data, layers);
    QList<int> result;
    for (int s = 0; s < data.sprites.size(); ++s) {
        const QList<Frame> &frames = data.sprites[s].frames;
        if (std::any_of(frames.cbegin(), frames.cend(),
                        [&](const Frame &f) { return filter.hasAttack(f); }))
            result.append(s);
    }
    return result;
}

QList<MoveReach> movesetReach(const DocumentData &data, const QList<int> &sprites,
                              FrameRef defender, double dy, Facing facing,
                              const VersusLayers &layers) {
    const VersusLayerFilter filter(data, layers);
    QString attackLayer = filter.attackLayer();
    if (attackLayer.isEmpty() && layers && !layers->isEmpty())
        attackLayer = layers->constFirst().first;
    QList<MoveReach> moves;
    for (int s : sprites) {
        MoveReach move;
        move.sprite = s;
        const Sprite &sprite = data.sprites.at(s);
        move.timing = frameData(sprite, attackLayer, data.tickRate);
        std::vector<collision::Interval> all, swept, covered;
        for (int f = 0; f < sprite.frames.size(); ++f) {
            move.ranges.append(versusRange(data, {s, f}, defender, dy, facing, filter));
            move.tunnels.append(f == 0 ? QList<DxInterval>{}
                                       : versusTunnel(data, {s, f}, defender, dy, facing, filter,
                                                      move.ranges[f - 1], move.ranges[f]));
            const std::vector<collision::Interval> range = toIntervals(move.ranges[f]);
            for (const collision::Interval &piece : collision::subtractIntervals(range, covered))
                move.firstFrame.append({piece.lo, piece.hi, f});
            covered = collision::mergeIntervals([&] {
                std::vector<collision::Interval> both = covered;
                both.insert(both.end(), range.begin(), range.end());
                return both;
            }());
            const std::vector<collision::Interval> tunnel = toIntervals(move.tunnels[f]);
            swept.insert(swept.end(), tunnel.begin(), tunnel.end());
        }
        all = covered;
        move.reach = toDx(all);
        move.tunnel = toDx(collision::subtractIntervals(collision::mergeIntervals(swept), all));
        std::sort(move.firstFrame.begin(), move.firstFrame.end(),
                  [](const FirstFrame &a, const FirstFrame &b) { return a.from < b.from; });
        moves.append(move);
    }
    return moves;
}

} // namespace hitsmith::operations
