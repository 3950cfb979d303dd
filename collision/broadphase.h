#pragma once

// The broadphase: a hierarchy of loose uniform grids over the shapes' bounding boxes.
//
// Each box lives in exactly one cell: the cell holding its min corner, on the finest level whose
// cell size is at least the box's larger side. So a box never reaches past the next cell on its
// own level, a pair on one level is always in the same or in neighbouring cells, and a box is
// moved by unlinking it from one intrusive list and linking it into another. The cell size of
// level 0 comes from the boxes themselves (a high percentile of their sides, coarsened until the
// level has at most a few cells per box); level k has cells 2^k times larger, up to one cell
// covering everything. Cell coordinates are clamped to the grid, which keeps every query exact
// for boxes that have moved outside it; the grid rebuilds itself when too many have, or when the
// box count has doubled since the last build.

#include "shapes.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hitsmith::collision {

/// Hierarchical loose grid of boxes keyed by caller-chosen dense ids.
class Broadphase {
public:
    /// Identifies a box; ids should be dense (arrays are sized by the largest id).
    using Id = std::uint32_t;
    /// No box.
    static constexpr Id kNone = ~Id{0};

    /// A broadphase whose overlap tests accept boxes up to `margin` apart.
    explicit Broadphase(double margin = 0.0)
        : mMargin(margin) {}

    /// Adds (or replaces) the box of `id`; a box with non-finite coordinates is not stored.
    void insert(Id id, const Aabb &box);
    /// Replaces the box of `id` (inserting it if absent).
    void move(Id id, const Aabb &box);
    /// Removes `id`; unknown ids are ignored.
    void erase(Id id);
    /// Removes every box.
    void clear();
    /// Whether `id` has a box.
    bool contains(Id id) const { return id < mProxies.size() && mProxies[id].present; }
    /// The stored box of `id` (which must be contained).
    const Aabb &box(Id id) const { return mProxies[id].box; }
    /// Number of stored boxes.
    std::size_t size() const { return mCount; }

    /// Re-derives cell sizes from the stored boxes and relinks them all.
    void rebuild();
    /// Suspends (false) or resumes (true) the automatic rebuilds, e.g. around a bulk insert.
    void setAutoRebuild(bool enabled) { mAutoRebuild = enabled; }

    /// Calls f(id) for every stored box overlapping `query` within the margin (including the
    /// querying shape's own id, if it is stored).
    template <typename F> void query(const Aabb &query, F &&f) const;

    /// Calls f(a, b) once for every unordered pair of stored boxes overlapping within the margin.
    template <typename F> void forEachPair(F &&f) const;

    /// Bytes held by the grid.
    std::size_t memoryBytes() const;

    /// Number of grid levels (for tests and tuning).
    std::size_t levelCount() const { return mLevels.size(); }
    /// Cell size of level 0 (for tests and tuning).
    double baseCellSize() const { return mLevels.empty() ? 0.0 : mLevels.front().cellSize; }

private:
    // Relative slack on cell arithmetic; a level only takes boxes this much smaller than its cells.
    static constexpr double kSlack = 1e-6;

    struct Proxy {
        Aabb box;
        Id next = kNone;
        Id prev = kNone;
        std::uint32_t cell = kNone; // global cell index; kNone when absent
        std::uint8_t level = 0;
        bool outside = false; // min corner clamped into the grid
        bool present = false;
    };
    struct Level {
        double cellSize = 1.0;
        double invCellSize = 1.0;
        std::int32_t nx = 1;
        std::int32_t ny = 1;
        std::uint32_t firstCell = 0;
        std::uint32_t count = 0; // boxes on this level
    };

    std::int32_t coord(double v, double origin, double inv, std::int32_t n) const;
    std::uint8_t levelFor(const Aabb &box) const;
    void link(Id id);
    void unlink(Id id);
    void maybeRebuild();
    bool overlapsBox(const Aabb &a, const Aabb &b) const { return overlaps(a, b, mMargin); }
    template <typename F> void visitCells(const Level &level, const Aabb &query, F &&f) const;

    double mMargin = 0.0;
    Vec2 mOrigin;
    std::vector<Level> mLevels;
    std::vector<Id> mHeads;
    std::vector<Proxy> mProxies;
    std::size_t mCount = 0;
    std::size_t mCountAtBuild = 0;
    std::size_t mOutside = 0;
    bool mAutoRebuild = true;
};

inline std::int32_t Broadphase::coord(double v, double origin, double inv, std::int32_t n) const {
    const double t = std::floor((v - origin) * inv);
    if (!(t >= 0.0)) // also NaN
        return 0;
    if (t >= static_cast<double>(n - 1))
        return n - 1;
    return static_cast<std::int32_t>(t);
}

template <typename F> void Broadphase::visitCells(const Level &level, const Aabb &q, F &&f) const {
    // A box on this level is at most one cell size wide, so every box overlapping q has its min
    // corner in [q.min - cellSize - margin, q.max + margin]. The slack absorbs rounding in the
    // cell arithmetic; clamping is monotone, so boxes outside the grid are still found.
    const double reach = level.cellSize * (1.0 + kSlack) + mMargin;
    const double slackX = kSlack * (std::abs(q.min.x) + std::abs(q.max.x) + std::abs(mOrigin.x));
    const double slackY = kSlack * (std::abs(q.min.y) + std::abs(q.max.y) + std::abs(mOrigin.y));
    const double inv = level.invCellSize;
    const std::int32_t x0 = coord(q.min.x - reach - slackX, mOrigin.x, inv, level.nx);
    const std::int32_t x1 = coord(q.max.x + mMargin + slackX, mOrigin.x, inv, level.nx);
    const std::int32_t y0 = coord(q.min.y - reach - slackY, mOrigin.y, inv, level.ny);
    const std::int32_t y1 = coord(q.max.y + mMargin + slackY, mOrigin.y, inv, level.ny);
    for (std::int32_t y = y0; y <= y1; ++y) {
        const Id *row = mHeads.data() + level.firstCell + std::size_t(y) * std::size_t(level.nx);
        for (std::int32_t x = x0; x <= x1; ++x)
            for (Id id = row[x]; id != kNone; id = mProxies[id].next)
                f(id);
    }
}

template <typename F> void Broadphase::query(const Aabb &q, F &&f) const {
    for (const Level &level : mLevels) {
        if (level.count == 0)
            continue;
        visitCells(level, q, [&](Id id) {
            if (overlapsBox(q, mProxies[id].box))
                f(id);
        });
    }
}

template <typename F> void Broadphase::forEachPair(F &&f) const {
    const std::size_t levelCount = mLevels.size();
    for (std::size_t li = 0; li < levelCount; ++li) {
        const Level &level = mLevels[li];
        if (level.count == 0)
            continue;
        for (std::int32_t y = 0; y < level.ny; ++y) {
            for (std::int32_t x = 0; x < level.nx; ++x) {
                const std::size_t cell =
                    level.firstCell + std::size_t(y) * std::size_t(level.nx) + std::size_t(x);
                const Id head = mHeads[cell];
                if (head == kNone)
                    continue;
                // Same-level partners sit in this cell or a neighbour; visiting only the forward
                // half of the neighbours meets each pair once.
                Id neighbours[4];
                int neighbourCount = 0;
                const bool right = x + 1 < level.nx;
                if (right && y > 0)
                    neighbours[neighbourCount++] = mHeads[cell + 1 - std::size_t(level.nx)];
                if (right)
                    neighbours[neighbourCount++] = mHeads[cell + 1];
                if (y + 1 < level.ny) {
                    if (right)
                        neighbours[neighbourCount++] = mHeads[cell + 1 + std::size_t(level.nx)];
                    neighbours[neighbourCount++] = mHeads[cell + std::size_t(level.nx)];
                }
                for (Id a = head; a != kNone; a = mProxies[a].next) {
                    const Aabb &boxA = mProxies[a].box;
                    for (Id b = mProxies[a].next; b != kNone; b = mProxies[b].next)
                        if (overlapsBox(boxA, mProxies[b].box))
                            f(a, b);
                    for (int k = 0; k < neighbourCount; ++k)
                        for (Id b = neighbours[k]; b != kNone; b = mProxies[b].next)
                            if (overlapsBox(boxA, mProxies[b].box))
                                f(a, b);
                    // Pairs across levels are met from the finer side.
                    for (std::size_t lj = li + 1; lj < levelCount; ++lj) {
                        if (mLevels[lj].count == 0)
                            continue;
                        visitCells(mLevels[lj], boxA, [&](Id b) {
                            if (overlapsBox(boxA, mProxies[b].box))
                                f(a, b);
                        });
                    }
                }
            }
        }
    }
}

} // namespace hitsmith::collision
