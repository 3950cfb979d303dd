#include "broadphase.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace hitsmith::collision {

namespace {

bool isFiniteBox(const Aabb &b) {
    return isFinite(b.min) && isFinite(b.max);
}

using detail::extentOf;

// Level 0 gets at most this many cells per box (plus a constant), so memory stays linear.
constexpr double kCellsPerBox = 2.0;
constexpr double kExtraCells = 64.0;
// Level 0 cells fit every box unless the largest box is more than kOutlierRatio times the
// kBaseQuantile box; then they fit that quantile and the larger boxes go up a level or more.
constexpr double kBaseQuantile = 0.9;
constexpr double kOutlierRatio = 2.0;
// The quantile is taken over a fixed-stride sample of at most about this many boxes.
constexpr std::size_t kSizeSample = 256;
// No more levels than this (cells double each level; the cap only matters for absurd input).
constexpr std::size_t kMaxLevels = 48;

} // namespace

void Broadphase::overlayInsert(Id id, const FloatBox &box) {
    const std::uint8_t level = levelFor(box);
    const std::uint32_t cell = cellOf(mLevels[level], box);
    std::uint32_t index;
    if (!mOverlayFree.empty()) {
        index = mOverlayFree.back();
        mOverlayFree.pop_back();
    } else {
        index = static_cast<std::uint32_t>(mOverlay.size());
        mOverlay.emplace_back();
    }
    if (mOverlayHeads.empty())
        mOverlayHeads.assign(mCellStart.size() - 1, kNone);
    OverlayEntry &e = mOverlay[index];
    e.box = box;
    e.id = id;
    e.cell = cell;
    e.prev = kNone;
    e.next = mOverlayHeads[cell];
    if (e.next != kNone)
        mOverlay[e.next].prev = index;
    mOverlayHeads[cell] = index;
    mProxies[id] = {index, Overlaid, level};
    ++mLevels[level].count;
    ++mOverlayCount;
}

void Broadphase::overlayUnlink(std::uint32_t index) {
    OverlayEntry &e = mOverlay[index];
    if (e.prev != kNone)
        mOverlay[e.prev].next = e.next;
    else
        mOverlayHeads[e.cell] = e.next;
    if (e.next != kNone)
        mOverlay[e.next].prev = e.prev;
    e.id = kNone;
    e.next = e.prev = kNone;
    mOverlayFree.push_back(index);
    --mOverlayCount;
}

void Broadphase::insert(Id id, const Aabb &exact) {
    if (id == kNone)
        return;
    if (contains(id)) {
        move(id, exact);
        return;
    }
    if (!isFiniteBox(exact))
        return;
    if (id >= mProxies.size())
        mProxies.resize(std::size_t(id) + 1);
    ++mCount;
    const FloatBox box = roundOut(exact);
    if (mLevels.empty() || !mAutoRebuild) {
        // No grid yet, or bulk loading: park the box unsorted past the last cell's range.
        mProxies[id] = {static_cast<std::uint32_t>(mSorted.size()), Sorted, 0};
        mSorted.push_back({box, id});
        mParked = true;
        if (mAutoRebuild)
            rebuild();
        return;
    }
    overlayInsert(id, box);
    maybeRebuild();
}

void Broadphase::setAutoRebuild(bool enabled) {
    mAutoRebuild = enabled;
    if (enabled && mParked)
        rebuild();
}

void Broadphase::move(Id id, const Aabb &exact) {
    if (!contains(id)) {
        insert(id, exact);
        return;
    }
    if (!isFiniteBox(exact)) {
        erase(id);
        return;
    }
    if (mParked)
        rebuild();
    const FloatBox box = roundOut(exact);
    Proxy &p = mProxies[id];
    const std::uint8_t level = levelFor(box);
    const std::uint32_t cell = cellOf(mLevels[level], box);
    if (p.state == Sorted) {
        Entry &e = mSorted[p.where];
        if (level == p.level && cell == cellOf(mLevels[p.level], e.box)) {
            e.box = box; // same cell: stays in place
            return;
        }
        e.id = kNone;
        ++mTombstones;
    } else {
        OverlayEntry &e = mOverlay[p.where];
        if (level == p.level && cell == e.cell) {
            e.box = box;
            return;
        }
        overlayUnlink(p.where);
    }
    --mLevels[p.level].count;
    overlayInsert(id, box);
    maybeRebuild();
}

void Broadphase::erase(Id id) {
    if (!contains(id))
        return;
    if (mParked)
        rebuild();
    Proxy &p = mProxies[id];
    if (p.state == Sorted) {
        mSorted[p.where].id = kNone;
        ++mTombstones;
    } else {
        overlayUnlink(p.where);
    }
    --mLevels[p.level].count;
    p = Proxy{};
    --mCount;
    maybeRebuild();
}

void Broadphase::clear() {
    mLevels.clear();
    mSorted.clear();
    mCellStart.clear();
    mOverlay.clear();
    mOverlayFree.clear();
    mOverlayHeads.clear();
    mProxies.clear();
    mCount = mCountAtBuild = mOverlayCount = mTombstones = 0;
    mParked = false;
    mAutoRebuild = true; // an empty grid starts afresh, not halfway through a bulk load
}

void Broadphase::reserve(std::size_t count) {
    mSorted.reserve(count);
    if (mProxies.size() < count)
        mProxies.resize(count); // Absent: ids below count insert without growing
}

void Broadphase::maybeRebuild() {
    if (!mAutoRebuild)
        return;
    if (mOverlayCount > mCount / 8 + 64 || mTombstones > mCount / 2 + 64 ||
        mCount > 2 * mCountAtBuild + 16)
        rebuild();
}

void Broadphase::rebuild() {
    // Gather every live box (reusing the sorted array's memory).
    std::vector<Entry> boxes = std::move(mSorted);
    mSorted = {};
    if (mTombstones != 0)
        std::erase_if(boxes, [](const Entry &e) { return e.id == kNone; });
    if (mOverlayCount != 0)
        for (const OverlayEntry &e : mOverlay)
            if (e.id != kNone)
                boxes.push_back({e.box, e.id});
    mLevels.clear();
    mOverlay.clear();
    mOverlayFree.clear();
    mParked = false;
    // The overlay only ever needs an eighth of the boxes between rebuilds.
    if (mOverlay.capacity() > boxes.size() / 4 + 256) {
        mOverlay.shrink_to_fit();
        mOverlayFree.shrink_to_fit();
    }
    mOverlayCount = 0;
    mTombstones = 0;
    mCount = mCountAtBuild = boxes.size();
    if (boxes.empty()) {
        mSorted.clear();
        mCellStart.clear();
        mOverlayHeads.clear();
        return;
    }

    // Bounds, the largest box, and a high quantile of box sizes from a fixed-stride sample.
    constexpr double inf = std::numeric_limits<double>::infinity();
    Aabb bounds{{inf, inf}, {-inf, -inf}};
    double largest = 0.0;
#if defined(__SSE2__)
    // The four bounds of a box at once (stored boxes are finite; float to double is exact, so
    // the float minimum is the double one): lanes minX minY of lo, maxX maxY of hi.
    __m128 lo = _mm_set1_ps(detail::kFloatInf), hi = _mm_set1_ps(-detail::kFloatInf);
    for (const Entry &e : boxes) {
        const __m128 box = _mm_loadu_ps(&e.box.minX);
        lo = _mm_min_ps(lo, box);
        hi = _mm_max_ps(hi, box);
        largest = std::max(largest, extentOf(e.box));
    }
    alignas(16) float low[4], high[4];
    _mm_store_ps(low, lo);
    _mm_store_ps(high, hi);
    bounds = {{low[0], low[1]}, {high[2], high[3]}};
#else
    for (const Entry &e : boxes) {
        bounds.min.x = std::min(bounds.min.x, double(e.box.minX));
        bounds.min.y = std::min(bounds.min.y, double(e.box.minY));
        bounds.max.x = std::max(bounds.max.x, double(e.box.maxX));
        bounds.max.y = std::max(bounds.max.y, double(e.box.maxY));
        largest = std::max(largest, extentOf(e.box));
    }
#endif
    const std::size_t stride = std::max<std::size_t>(1, boxes.size() / kSizeSample);
    std::vector<double> extents;
    extents.reserve(boxes.size() / stride + 1);
    for (std::size_t i = 0; i < boxes.size(); i += stride)
        extents.push_back(extentOf(boxes[i].box));
    mOrigin = bounds.min;
    const double width = bounds.max.x - bounds.min.x;
    const double height = bounds.max.y - bounds.min.y;
    const double n = static_cast<double>(boxes.size());
    const double maxCells = kCellsPerBox * n + kExtraCells;

    // Level 0 fits all boxes, or most of them when a few are much larger; then it is coarsened
    // until its cell count is linear in the box count.
    auto quantile =
        extents.begin() + static_cast<std::ptrdiff_t>(kBaseQuantile * double(extents.size() - 1));
    std::nth_element(extents.begin(), quantile, extents.end());
    double cellSize = largest <= kOutlierRatio * *quantile ? largest : *quantile;
    cellSize = (cellSize + mMargin) * (1.0 + 2.0 * kSlack);
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

    std::uint32_t cellCount = 0;
    while (true) {
        Level level;
        level.cellSize = cellSize;
        level.invCellSize = std::isfinite(cellSize) ? 1.0 / cellSize : 0.0;
        const bool last = mLevels.size() + 1 >= kMaxLevels || !std::isfinite(cellSize);
        level.nx = last ? 1 : static_cast<std::int32_t>(cellsAlong(width, cellSize));
        level.ny = last ? 1 : static_cast<std::int32_t>(cellsAlong(height, cellSize));
        level.firstCell = cellCount;
        cellCount += static_cast<std::uint32_t>(level.nx) * static_cast<std::uint32_t>(level.ny);
        mLevels.push_back(level);
        if (level.nx == 1 && level.ny == 1)
            break;
        cellSize *= 2.0;
    }

    // Counting sort by cell. mCellStart[c + 1] first counts cell c, then holds its start while
    // scattering, and ends as its end (= the start of cell c + 1).
    std::vector<std::uint32_t> cellOfBox(boxes.size());
    std::vector<std::uint8_t> levelOfBox(boxes.size());
    mCellStart.assign(std::size_t(cellCount) + 1, 0);
    // levelFor's test passes on level 0 for the largest box, hence for every box (its extent is
    // at most the largest, and the test is monotone in it): the common case, where each box
    // only needs its cell. (A loop of its own: the general loop with the search skipped still
    // cost 1 M instructions more at 100,000 boxes, counting levels box by box.)
    if (mLevels.size() == 1 || mLevels[0].cellSize >= (largest + mMargin) * (1.0 + kSlack)) {
        const Level &level0 = mLevels[0];
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            const std::uint32_t cell = cellOf(level0, boxes[i].box);
            cellOfBox[i] = cell;
            ++mCellStart[std::size_t(cell) + 1];
        }
        mLevels[0].count = static_cast<std::uint32_t>(boxes.size());
    } else {
        for (std::size_t i = 0; i < boxes.size(); ++i) {
            const std::uint8_t level = levelFor(boxes[i].box);
            const std::uint32_t cell = cellOf(mLevels[level], boxes[i].box);
            cellOfBox[i] = cell;
            levelOfBox[i] = level;
            ++mLevels[level].count;
            ++mCellStart[std::size_t(cell) + 1];
        }
    }
    std::uint32_t sum = 0;
    for (std::size_t c = 1; c <= cellCount; ++c) {
        const std::uint32_t count = mCellStart[c];
        mCellStart[c] = sum;
        sum += count;
    }
    mSorted.resize(boxes.size());
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const std::uint32_t at = mCellStart[std::size_t(cellOfBox[i]) + 1]++;
        mSorted[at] = boxes[i];
        mProxies[boxes[i].id] = {at, Sorted, levelOfBox[i]};
    }
    mOverlayHeads.clear(); // the first box put in the overlay sizes it: most grids never need it
}

std::uint32_t Broadphase::partStart(std::size_t part, std::size_t parts) const {
    const auto cells = static_cast<std::uint32_t>(mCellStart.empty() ? 0 : mCellStart.size() - 1);
    if (part == 0)
        return 0;
    if (part >= parts || cells == 0)
        return cells;
    // The sorted array runs cell by cell over all levels: the piece starts at the cell holding
    // its share of the boxes (the first cell whose end lies past that share).
    const std::size_t target = mSorted.size() * part / parts;
    const auto past = std::upper_bound(mCellStart.begin() + 1, mCellStart.end(), target);
    return static_cast<std::uint32_t>(past - (mCellStart.begin() + 1));
}

std::size_t Broadphase::orderBreaks() const {
    std::size_t breaks = 0;
    Id previous = kNone;
    for (const Entry &e : mSorted) {
        if (e.id == kNone)
            continue;
        breaks += (previous != kNone && e.id != previous + 1) ? 1 : 0;
        previous = e.id;
    }
    return breaks;
}

std::vector<Broadphase::Id> Broadphase::sortedIds() const {
    std::vector<Id> ids;
    ids.reserve(mSorted.size());
    for (const Entry &e : mSorted)
        if (e.id != kNone)
            ids.push_back(e.id);
    return ids;
}

void Broadphase::renumber(std::span<const Id> newId) {
    for (Entry &e : mSorted)
        if (e.id != kNone)
            e.id = newId[e.id];
    for (OverlayEntry &e : mOverlay)
        if (e.id != kNone)
            e.id = newId[e.id];
    std::vector<Proxy> proxies(std::max(mProxies.size(), newId.size()));
    for (Id id = 0; id < mProxies.size(); ++id)
        if (mProxies[id].state != Absent)
            proxies[newId[id]] = mProxies[id];
    mProxies.swap(proxies);
}

std::size_t Broadphase::memoryBytes() const {
    return mLevels.capacity() * sizeof(Level) + mSorted.capacity() * sizeof(Entry) +
           mCellStart.capacity() * sizeof(std::uint32_t) +
           mOverlay.capacity() * sizeof(OverlayEntry) +
           mOverlayFree.capacity() * sizeof(std::uint32_t) +
           mOverlayHeads.capacity() * sizeof(std::uint32_t) + mProxies.capacity() * sizeof(Proxy);
}

} // namespace hitsmith::collision
