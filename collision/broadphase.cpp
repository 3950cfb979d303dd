#include "broadphase.h"

#include <algorithm>
#include <limits>

namespace hitsmith::collision {

namespace {

bool isFiniteBox(const Aabb &b) {
    return isFinite(b.min) && isFinite(b.max);
}

// Level 0 gets at most this many cells per box (plus a constant), so memory stays linear.
constexpr double kCellsPerBox = 2.0;
constexpr double kExtraCells = 64.0;
// Level 0 cells fit this fraction of the boxes; the rest go one or more levels up.
constexpr double kBaseQuantile = 0.9;
// No more levels than this (cells double each level; the cap only matters for absurd input).
constexpr std::size_t kMaxLevels = 48;

} // namespace

std::uint8_t Broadphase::levelFor(const Aabb &box) const {
    const double extent = std::max(box.max.x - box.min.x, box.max.y - box.min.y) + mMargin;
    const std::size_t top = mLevels.size() - 1;
    std::size_t level = 0;
    // The top level is a single cell and takes anything.
    while (level < top && !(mLevels[level].cellSize >= extent * (1.0 + kSlack)))
        ++level;
    return static_cast<std::uint8_t>(level);
}

void Broadphase::link(Id id) {
    Proxy &p = mProxies[id];
    p.level = levelFor(p.box);
    Level &level = mLevels[p.level];
    const std::int32_t x = coord(p.box.min.x, mOrigin.x, level.invCellSize, level.nx);
    const std::int32_t y = coord(p.box.min.y, mOrigin.y, level.invCellSize, level.ny);
    p.cell = level.firstCell +
             static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(level.nx) +
             static_cast<std::uint32_t>(x);
    // Outside when clamping moved the min corner's cell (only counted on level 0's extent).
    const Level &base = mLevels.front();
    const double gridMaxX = mOrigin.x + base.cellSize * base.nx;
    const double gridMaxY = mOrigin.y + base.cellSize * base.ny;
    p.outside = !(p.box.min.x >= mOrigin.x && p.box.min.y >= mOrigin.y && p.box.min.x < gridMaxX &&
                  p.box.min.y < gridMaxY);
    mOutside += p.outside ? 1 : 0;
    ++level.count;
    p.prev = kNone;
    p.next = mHeads[p.cell];
    if (p.next != kNone)
        mProxies[p.next].prev = id;
    mHeads[p.cell] = id;
}

void Broadphase::unlink(Id id) {
    Proxy &p = mProxies[id];
    if (p.prev != kNone)
        mProxies[p.prev].next = p.next;
    else
        mHeads[p.cell] = p.next;
    if (p.next != kNone)
        mProxies[p.next].prev = p.prev;
    --mLevels[p.level].count;
    mOutside -= p.outside ? 1 : 0;
    p.next = p.prev = kNone;
    p.cell = kNone;
    p.outside = false;
}

void Broadphase::insert(Id id, const Aabb &box) {
    if (id == kNone)
        return;
    if (contains(id)) {
        move(id, box);
        return;
    }
    if (!isFiniteBox(box))
        return;
    if (id >= mProxies.size())
        mProxies.resize(std::size_t(id) + 1);
    Proxy &p = mProxies[id];
    p.box = box;
    p.present = true;
    ++mCount;
    if (mLevels.empty()) {
        rebuild();
        return;
    }
    link(id);
    maybeRebuild();
}

void Broadphase::move(Id id, const Aabb &box) {
    if (!contains(id)) {
        insert(id, box);
        return;
    }
    if (!isFiniteBox(box)) {
        erase(id);
        return;
    }
    Proxy &p = mProxies[id];
    p.box = box;
    // Stay linked when the box keeps its level and cell inside the grid.
    const std::uint8_t level = levelFor(box);
    if (level == p.level && !p.outside) {
        const Level &l = mLevels[level];
        const std::int32_t x = coord(box.min.x, mOrigin.x, l.invCellSize, l.nx);
        const std::int32_t y = coord(box.min.y, mOrigin.y, l.invCellSize, l.ny);
        const std::uint32_t cell =
            l.firstCell + static_cast<std::uint32_t>(y) * static_cast<std::uint32_t>(l.nx) +
            static_cast<std::uint32_t>(x);
        if (cell == p.cell)
            return;
    }
    unlink(id);
    link(id);
    maybeRebuild();
}

void Broadphase::erase(Id id) {
    if (!contains(id))
        return;
    unlink(id);
    mProxies[id].present = false;
    --mCount;
}

void Broadphase::clear() {
    mLevels.clear();
    mHeads.clear();
    mProxies.clear();
    mCount = mCountAtBuild = mOutside = 0;
}

void Broadphase::maybeRebuild() {
    if (!mAutoRebuild)
        return;
    if (mCount > 2 * mCountAtBuild + 16 || mOutside > mCount / 4 + 16)
        rebuild();
}

void Broadphase::rebuild() {
    mLevels.clear();
    mHeads.clear();
    mOutside = 0;
    mCountAtBuild = mCount;
    if (mCount == 0)
        return;

    constexpr double inf = std::numeric_limits<double>::infinity();
    Aabb bounds{{inf, inf}, {-inf, -inf}};
    std::vector<double> extents;
    extents.reserve(mCount);
    for (const Proxy &p : mProxies) {
        if (!p.present)
            continue;
        bounds.min.x = std::min(bounds.min.x, p.box.min.x);
        bounds.min.y = std::min(bounds.min.y, p.box.min.y);
        bounds.max.x = std::max(bounds.max.x, p.box.max.x);
        bounds.max.y = std::max(bounds.max.y, p.box.max.y);
        extents.push_back(std::max(p.box.max.x - p.box.min.x, p.box.max.y - p.box.min.y));
    }
    mOrigin = bounds.min;
    const double width = bounds.max.x - bounds.min.x;
    const double height = bounds.max.y - bounds.min.y;
    const double n = static_cast<double>(extents.size());
    const double maxCells = kCellsPerBox * n + kExtraCells;

    // Level 0 fits most boxes; then coarsen it until its cell count is linear in the box count.
    auto quantile = extents.begin() + static_cast<std::ptrdiff_t>(kBaseQuantile * (n - 1.0));
    std::nth_element(extents.begin(), quantile, extents.end());
    double cellSize = (*quantile + mMargin) * (1.0 + 2.0 * kSlack);
    if (!(cellSize > 0.0))
        cellSize = std::max(width, height) / std::sqrt(maxCells);
    if (!(cellSize > 0.0))
        cellSize = 1.0;
    auto cellsAlong = [&](double extent, double size) {
        return std::min(std::floor(extent / size) + 1.0, maxCells);
    };
    for (int i = 0;
         i < 4096 && !(cellsAlong(width, cellSize) * cellsAlong(height, cellSize) <= maxCells); ++i)
        cellSize *= 2.0;
    if (!std::isfinite(cellSize) || !std::isfinite(width) || !std::isfinite(height))
        cellSize = inf; // absurd spreads: one cell holds everything

    std::uint32_t firstCell = 0;
    while (true) {
        Level level;
        level.cellSize = cellSize;
        level.invCellSize = std::isfinite(cellSize) ? 1.0 / cellSize : 0.0;
        const bool last = mLevels.size() + 1 >= kMaxLevels || !std::isfinite(cellSize);
        level.nx = last ? 1 : static_cast<std::int32_t>(cellsAlong(width, cellSize));
        level.ny = last ? 1 : static_cast<std::int32_t>(cellsAlong(height, cellSize));
        level.firstCell = firstCell;
        firstCell += static_cast<std::uint32_t>(level.nx) * static_cast<std::uint32_t>(level.ny);
        mLevels.push_back(level);
        if (level.nx == 1 && level.ny == 1)
            break;
        cellSize *= 2.0;
    }
    mHeads.assign(firstCell, kNone);
    for (Id id = 0; id < mProxies.size(); ++id)
        if (mProxies[id].present)
            link(id);
}

std::size_t Broadphase::memoryBytes() const {
    return mLevels.capacity() * sizeof(Level) + mHeads.capacity() * sizeof(Id) +
           mProxies.capacity() * sizeof(Proxy);
}

} // namespace hitsmith::collision
