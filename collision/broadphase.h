#pragma once

// The broadphase: a hierarchy of loose uniform grids over the shapes' bounding boxes.
//
// Each box lives in exactly one cell: the cell holding its min corner, on the finest level whose
// cell size is at least the box's larger side. So a box never reaches past the next cell on its
// own level, and a pair on one level is always in the same or in neighbouring cells. The cell
// size of level 0 comes from the boxes (the largest side, unless a few outliers would make cells
// far too coarse: then a high percentile), coarsened until the level has at most a few cells per
// box; level k has cells 2^k times larger, up to one cell covering everything. Cell coordinates
// are clamped to the grid, which keeps every query exact for boxes that moved outside it.
//
// Storage: boxes are kept rounded outwards to floats (never smaller than the exact box, half the
// memory). A rebuild sorts every box by cell into one array (counting sort, O(n)), so full passes
// and queries scan memory in order. Boxes inserted or moved afterwards go to a small overlay of
// intrusive per-cell lists (their sorted slot becomes a tombstone); once the overlay holds more
// than an eighth of the boxes, or the box count has doubled, the grid rebuilds itself.

#include "geometry.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace hitsmith::collision {

/// A bounding box in floats, rounded outwards so it always contains the exact box.
struct FloatBox {
    float minX = 0.0f; ///< smallest x
    float minY = 0.0f; ///< smallest y
    float maxX = 0.0f; ///< largest x
    float maxY = 0.0f; ///< largest y
};

namespace detail {

inline constexpr float kFloatMax = std::numeric_limits<float>::max();
inline constexpr float kFloatInf = std::numeric_limits<float>::infinity();

// Rounding a double out to a float: convert to the nearest float, then step one float outwards
// when the conversion went the wrong way. Which way it went is a coin toss for real
// coordinates, so the step is taken without a branch (a mispredicted branch per bound made the
// bulk load's inserts a tenth of its time at 100,000 shapes). The exact stepping rule is
// std::nextafter's; tests compare the two.

// f's bits moved one float towards zero (step = -1) or away from zero (step = +1) when `move`
// is 1; f finite and nonzero.
inline float stepMagnitude(float f, std::uint32_t move, std::uint32_t awayFromZero) {
    const auto bits = std::bit_cast<std::uint32_t>(f);
    // +move or -move on the bit pattern (which orders magnitudes), in unsigned arithmetic.
    return std::bit_cast<float>(bits + move * (awayFromZero * 2u - 1u));
}

// The largest float <= v (converting an out-of-range double to float is undefined behaviour).
inline float floatDown(double v) {
    if (v > kFloatMax)
        return kFloatMax;
    if (v < -kFloatMax)
        return -kFloatInf;
    const float f = static_cast<float>(v);
    const std::uint32_t roundedUp = static_cast<double>(f) > v;
    if (f == 0.0f) // rare: the step crosses zero
        return roundedUp ? -std::numeric_limits<float>::denorm_min() : f;
    // Down is away from zero for a negative f, towards it for a positive one.
    return stepMagnitude(f, roundedUp, std::signbit(f));
}

// The smallest float >= v.
inline float floatUp(double v) {
    if (v > kFloatMax)
        return kFloatInf;
    if (v < -kFloatMax)
        return -kFloatMax;
    const float f = static_cast<float>(v);
    const std::uint32_t roundedDown = static_cast<double>(f) < v;
    if (f == 0.0f)
        return roundedDown ? std::numeric_limits<float>::denorm_min() : f;
    return stepMagnitude(f, roundedDown, !std::signbit(f));
}

// A box's larger side.
inline double extentOf(const FloatBox &b) {
    return std::max(static_cast<double>(b.maxX) - b.minX, static_cast<double>(b.maxY) - b.minY);
}

} // namespace detail

/// roundOut's plain form, one bound at a time (the reference for the vector form).
inline FloatBox roundOutScalar(const Aabb &box) {
    return {detail::floatDown(box.min.x), detail::floatDown(box.min.y), detail::floatUp(box.max.x),
            detail::floatUp(box.max.y)};
}

/// The smallest float box containing `box` (coordinates beyond float range become infinite).
/// Inline: every insert, move and query rounds a box (a bulk load of 100,000 shapes spent a
/// twentieth of its instructions here one bound at a time).
inline FloatBox roundOut(const Aabb &box) {
#if defined(__SSE2__)
    // The four bounds at once, bit for bit floatDown/floatUp: convert to the nearest float,
    // and where the conversion went the wrong way step one float outwards on the bit pattern
    // (+1 moves away from zero). Clamping first does the range rules: a min bound above the
    // float range becomes the largest float, a max bound below it the lowest; beyond the other
    // end the conversion itself overflows to infinity. min/max keep a NaN (second operand).
    const __m128d lo = _mm_min_pd(_mm_set1_pd(detail::kFloatMax), _mm_loadu_pd(&box.min.x));
    const __m128d hi = _mm_max_pd(_mm_set1_pd(-detail::kFloatMax), _mm_loadu_pd(&box.max.x));
    const __m128 loF = _mm_cvtpd_ps(lo), hiF = _mm_cvtpd_ps(hi);    // in the low two lanes
    const __m128d wentUp = _mm_cmpgt_pd(_mm_cvtps_pd(loF), lo);     // min bounds: step down
    const __m128d wentDown = _mm_cmplt_pd(_mm_cvtps_pd(hiF), hi);   // max bounds: step up
    const __m128i bits = _mm_castps_si128(_mm_movelh_ps(loF, hiF)); // minX minY maxX maxY
    const __m128i step = _mm_castps_si128(
        _mm_shuffle_ps(_mm_castpd_ps(wentUp), _mm_castpd_ps(wentDown), _MM_SHUFFLE(2, 0, 2, 0)));
    // Outwards is away from zero for a negative min bound and a positive max bound: +1 on the
    // bits; else -1. (sign | 1) is -1 or +1 by the float's sign; negated for the min bounds.
    const __m128i signOrOne = _mm_or_si128(_mm_srai_epi32(bits, 31), _mm_set1_epi32(1));
    const __m128i minLanes = _mm_set_epi32(0, 0, -1, -1);
    const __m128i outwards =
        _mm_sub_epi32(_mm_xor_si128(signOrOne, minLanes), minLanes); // negates the min lanes
    alignas(16) float out[4];
    _mm_store_ps(out, _mm_castsi128_ps(_mm_add_epi32(bits, _mm_and_si128(step, outwards))));
    return {out[0], out[1], out[2], out[3]};
#else
    return roundOutScalar(box);
#endif
}

/// Hierarchical loose grid of boxes keyed by caller-chosen dense ids.
class Broadphase {
public:
    /// Identifies a box; ids should be dense (a per-id array is sized by the largest id).
    using Id = std::uint32_t;
    /// No box.
    static constexpr Id kNone = ~Id{0};

    /// A broadphase whose overlap tests accept boxes up to `margin` apart.
    explicit Broadphase(double margin = 0.0)
        : mMargin(margin)
        , mMarginF(static_cast<float>(margin)) {}

    /// Adds (or replaces) the box of `id`; a box with non-finite coordinates is not stored.
    void insert(Id id, const Aabb &box);
    /// insert() during a bulk load (setAutoRebuild(false)) into an empty grid, of a box that is
    /// finite and already rounded out (roundOut, which another thread may have done), each id at
    /// most once and below the count given to reserve(): none of insert()'s checks. The box stays
    /// out of every query, and contains(id) false, until the rebuild that ends the load
    /// (setAutoRebuild(true)).
    void parkFresh(Id id, const FloatBox &box) {
        mSorted.push_back({box, id});
        mParked = true;
    }
    /// Replaces the box of `id` (inserting it if absent, erasing it if non-finite).
    void move(Id id, const Aabb &box);
    /// Removes `id`; unknown ids are ignored.
    void erase(Id id);
    /// Removes every box (and ends a bulk load: setAutoRebuild(true)).
    void clear();
    /// Makes room for ids below `count` and that many boxes without reallocating.
    void reserve(std::size_t count);
    /// Whether `id` has a box.
    bool contains(Id id) const { return id < mProxies.size() && mProxies[id].state != Absent; }
    /// The stored (float, rounded outwards) box of `id`, which must be contained.
    Aabb box(Id id) const {
        const Proxy &p = mProxies[id];
        const FloatBox &b = p.state == Sorted ? mSorted[p.where].box : mOverlay[p.where].box;
        return {{b.minX, b.minY}, {b.maxX, b.maxY}};
    }
    /// Number of stored boxes.
    std::size_t size() const { return mCount; }

    /// Re-derives cell sizes from the stored boxes and re-sorts them all.
    void rebuild();
    /// Bulk loading: while false, inserted boxes are parked unsorted and stay invisible to
    /// queries until the next rebuild; setting it back to true rebuilds when anything is parked.
    void setAutoRebuild(bool enabled);

    /// Calls f(id) for every stored box overlapping `query` within the margin (including the
    /// querying shape's own id, if it is stored).
    template <typename F> void query(const Aabb &query, F &&f) const;

    /// Calls f(a, b) once for every unordered pair of stored boxes overlapping within the margin.
    template <typename F> void forEachPair(F &&f) const;
    /// forEachPair's work cut into `parts` pieces of about the same number of boxes, for threads:
    /// pieces 0, 1, ..., parts - 1 run in turn call f for exactly forEachPair's pairs, in its
    /// order. Needs a grid without overlay (as right after a rebuild); otherwise piece 0 does it
    /// all.
    template <typename F> void forEachPairInPart(std::size_t part, std::size_t parts, F &&f) const;

    /// How many neighbours in the sorted array have non-consecutive ids (0: the ids already
    /// run in cell order), a measure of how far id order is from spatial order.
    std::size_t orderBreaks() const;
    /// The stored ids in sorted-array order (grouped by cell right after a rebuild).
    std::vector<Id> sortedIds() const;
    /// Renames every stored id: id becomes newId[id]. newId must be a permutation covering every
    /// stored id.
    void renumber(std::span<const Id> newId);

    /// Bytes held by the grid.
    std::size_t memoryBytes() const;

    /// Number of grid levels (for tests and tuning).
    std::size_t levelCount() const { return mLevels.size(); }
    /// Cell size of level 0 (for tests and tuning).
    double baseCellSize() const { return mLevels.empty() ? 0.0 : mLevels.front().cellSize; }
    /// The grid's lower corner (the stored boxes' smallest x and y as of the last rebuild) and
    /// level 0's cells along x and y (for tests and tuning).
    Vec2 origin() const { return mOrigin; }
    std::pair<std::int32_t, std::int32_t> baseCells() const {
        return mLevels.empty() ? std::pair(0, 0)
                               : std::pair(mLevels.front().nx, mLevels.front().ny);
    }
    /// Boxes currently in the overlay rather than the sorted array (for tests and tuning).
    std::size_t overlaySize() const { return mOverlayCount; }

private:
    // Pairs a full pass gathers before handing them on (pairsFromCells).
    static constexpr std::size_t kPairBuffer = 256;
    // Relative slack on cell arithmetic; a level only takes boxes this much smaller than its cells.
    static constexpr double kSlack = 1e-6;

    enum State : std::uint8_t { Absent, Sorted, Overlaid };
    struct Entry { // one box in the sorted array; id == kNone marks a tombstone
        FloatBox box;
        Id id = kNone;
    };
    struct OverlayEntry { // one box in the overlay; doubly linked per cell
        FloatBox box;
        Id id = kNone;
        std::uint32_t cell = 0;
        std::uint32_t next = kNone;
        std::uint32_t prev = kNone;
    };
    struct Proxy {
        std::uint32_t where = kNone; // index into mSorted or mOverlay
        State state = Absent;
        std::uint8_t level = 0;
    };
    struct Level {
        double cellSize = 1.0;
        double invCellSize = 1.0;
        std::int32_t nx = 1;
        std::int32_t ny = 1;
        std::uint32_t firstCell = 0;
        std::uint32_t count = 0; // boxes on this level
    };
    struct CellRange {
        std::int32_t x0, x1, y0, y1;
    };

    std::int32_t coord(double v, double origin, double inv, std::int32_t n) const;
    std::uint8_t levelFor(const FloatBox &box) const;
    std::uint32_t cellOf(const Level &level, const FloatBox &box) const;
    CellRange rangeOf(const Level &level, const FloatBox &query) const;
    void overlayInsert(Id id, const FloatBox &box);
    void overlayUnlink(std::uint32_t index);
    void maybeRebuild();
    // Adding a positive margin in float never rounds below the unpadded bound, so this accepts
    // at least every pair of float boxes that touch.
    bool overlapsBox(const FloatBox &a, const FloatBox &b) const {
        // Non-short-circuit: one well-predicted branch instead of four data-dependent ones.
        return (a.minX <= b.maxX + mMarginF) & (b.minX <= a.maxX + mMarginF) &
               (a.minY <= b.maxY + mMarginF) & (b.minY <= a.maxY + mMarginF);
    }
    // The cell (over all levels) where piece `part` of `parts` starts (forEachPairInPart).
    std::uint32_t partStart(std::size_t part, std::size_t parts) const;
    // forEachPair's pairs met from cells [begin, end) of level li (numbered on the level), for a
    // grid without overlay.
    template <typename F>
    void pairsFromCells(std::size_t li, std::uint32_t begin, std::uint32_t end, F &f) const;
    template <typename F> void visitCell(std::uint32_t cell, F &&f) const;
    template <typename F> void visitRange(const Level &level, const FloatBox &query, F &&f) const;

    double mMargin = 0.0;
    float mMarginF = 0.0f;
    Vec2 mOrigin;
    std::vector<Level> mLevels;
    std::vector<Entry> mSorted;
    std::vector<std::uint32_t> mCellStart; // cells + 1 offsets into mSorted
    std::vector<OverlayEntry> mOverlay;
    std::vector<std::uint32_t> mOverlayFree;
    std::vector<std::uint32_t> mOverlayHeads; // per cell; empty until the overlay is used
    std::vector<Proxy> mProxies;
    std::size_t mCount = 0;
    std::size_t mCountAtBuild = 0;
    std::size_t mOverlayCount = 0;
    std::size_t mTombstones = 0;
    bool mAutoRebuild = true;
    bool mParked = false; // boxes wait unsorted at the end of mSorted
};

inline std::int32_t Broadphase::coord(double v, double origin, double inv, std::int32_t n) const {
    // floor() of the cell position, clamped to [0, n - 1]. Below 0 everything clamps to 0, and
    // for t >= 0 truncation is floor and t >= n - 1 exactly when floor(t) >= n - 1, so the
    // conversion alone does it (std::floor costs a dozen instructions without SSE4.1).
    const double t = (v - origin) * inv;
    if (!(t >= 0.0)) // also NaN
        return 0;
    if (t >= static_cast<double>(n - 1))
        return n - 1;
    return static_cast<std::int32_t>(t);
}

inline std::uint8_t Broadphase::levelFor(const FloatBox &box) const {
    const double extent = detail::extentOf(box) + mMargin;
    const std::size_t top = mLevels.size() - 1;
    std::size_t level = 0;
    // The top level is a single cell and takes anything.
    while (level < top && !(mLevels[level].cellSize >= extent * (1.0 + kSlack)))
        ++level;
    return static_cast<std::uint8_t>(level);
}

inline std::uint32_t Broadphase::cellOf(const Level &level, const FloatBox &box) const {
    const std::int32_t x = coord(box.minX, mOrigin.x, level.invCellSize, level.nx);
    const std::int32_t y = coord(box.minY, mOrigin.y, level.invCellSize, level.ny);
    return level.firstCell + std::uint32_t(y) * std::uint32_t(level.nx) + std::uint32_t(x);
}

inline Broadphase::CellRange Broadphase::rangeOf(const Level &level, const FloatBox &q) const {
    // A box on this level is at most one cell size wide, so every box overlapping q has its min
    // corner in [q.min - cellSize - margin, q.max + margin]. The slack absorbs rounding in the
    // cell arithmetic; clamping is monotone, so boxes outside the grid are still found.
    const double reach = level.cellSize * (1.0 + kSlack) + mMargin;
    const double minX = q.minX, minY = q.minY, maxX = q.maxX, maxY = q.maxY;
    const double slackX = kSlack * (std::abs(minX) + std::abs(maxX) + std::abs(mOrigin.x));
    const double slackY = kSlack * (std::abs(minY) + std::abs(maxY) + std::abs(mOrigin.y));
    const double inv = level.invCellSize;
    return {coord(minX - reach - slackX, mOrigin.x, inv, level.nx),
            coord(maxX + mMargin + slackX, mOrigin.x, inv, level.nx),
            coord(minY - reach - slackY, mOrigin.y, inv, level.ny),
            coord(maxY + mMargin + slackY, mOrigin.y, inv, level.ny)};
}

template <typename F> void Broadphase::visitCell(std::uint32_t cell, F &&f) const {
    const Entry *e = mSorted.data() + mCellStart[cell];
    const Entry *end = mSorted.data() + mCellStart[cell + 1];
    for (; e != end; ++e)
        if (e->id != kNone)
            f(e->box, e->id);
    if (mOverlayCount != 0)
        for (std::uint32_t o = mOverlayHeads[cell]; o != kNone; o = mOverlay[o].next)
            f(mOverlay[o].box, mOverlay[o].id);
}

template <typename F>
void Broadphase::visitRange(const Level &level, const FloatBox &q, F &&f) const {
    const CellRange r = rangeOf(level, q);
    for (std::int32_t y = r.y0; y <= r.y1; ++y) {
        const std::uint32_t row = level.firstCell + std::uint32_t(y) * std::uint32_t(level.nx);
        // The cells of one row are contiguous in the sorted array.
        const Entry *e = mSorted.data() + mCellStart[row + std::uint32_t(r.x0)];
        const Entry *end = mSorted.data() + mCellStart[row + std::uint32_t(r.x1) + 1];
        for (; e != end; ++e)
            if (e->id != kNone)
                f(e->box, e->id);
        if (mOverlayCount != 0)
            for (std::int32_t x = r.x0; x <= r.x1; ++x)
                for (std::uint32_t o = mOverlayHeads[row + std::uint32_t(x)]; o != kNone;
                     o = mOverlay[o].next)
                    f(mOverlay[o].box, mOverlay[o].id);
    }
}

template <typename F> void Broadphase::query(const Aabb &exact, F &&f) const {
    const FloatBox q = roundOut(exact);
    for (const Level &level : mLevels) {
        if (level.count == 0)
            continue;
        visitRange(level, q, [&](const FloatBox &box, Id id) {
            if (overlapsBox(q, box))
                f(id);
        });
    }
}

template <typename F>
void Broadphase::pairsFromCells(std::size_t li, std::uint32_t begin, std::uint32_t end,
                                F &f) const {
    const std::size_t levelCount = mLevels.size();
    const Level &level = mLevels[li];
    if (level.count == 0)
        return;
    const std::uint32_t nx = std::uint32_t(level.nx), ny = std::uint32_t(level.ny);
    if (begin >= end)
        return;
    bool coarser = false;
    for (std::size_t lj = li + 1; lj < levelCount; ++lj)
        coarser = coarser || mLevels[lj].count != 0;
    // Only the sorted array (always so right after a rebuild). The forward
    // neighbours (x+1, y) and (x, y+1)-(x+1, y+1) are contiguous with the cell and with
    // each other. Boxes in column x+1 (row y+1) start at or right of (below) that
    // column's (row's) edge, so a box that ends before the edge skips those scans.
    const Entry *sorted = mSorted.data();
    const std::uint32_t *start = mCellStart.data();
    // Same-level pairs wait in a buffer and are handed to f in order, in runs.
    struct Pending {
        Id a, b;
    };
    Pending buffer[kPairBuffer];
    std::size_t buffered = 0;
    auto flush = [&] {
        for (std::size_t k = 0; k < buffered; ++k)
            f(buffer[k].a, buffer[k].b);
        buffered = 0;
    };
    const double size = level.cellSize;
    const double edgeSlack = kSlack * (size + std::abs(mOrigin.x) + std::abs(mOrigin.y)) + mMargin;
    const std::uint32_t firstRow = begin / nx, lastRow = (end - 1) / nx;
    for (std::uint32_t y = firstRow; y <= lastRow; ++y) {
        const double rowEdge = mOrigin.y + double(y + 1) * size - edgeSlack;
        const std::uint32_t xEnd = y == lastRow ? (end - 1) % nx + 1 : nx;
        for (std::uint32_t x = y == firstRow ? begin % nx : 0; x < xEnd; ++x) {
            const std::uint32_t cell = level.firstCell + y * nx + x;
            if (start[cell] == start[cell + 1])
                continue;
            const double columnEdge = mOrigin.x + double(x + 1) * size - edgeSlack;
            const bool right = x + 1 < nx, down = y + 1 < ny;
            const Entry *end = sorted + start[cell + 1];
            const Entry *rightEnd = right ? sorted + start[cell + 2] : end;
            const Entry *upBegin = sorted, *upEnd = sorted;
            if (right && y > 0) {
                upBegin = sorted + start[cell + 1 - nx];
                upEnd = sorted + start[cell + 2 - nx];
            }
            const Entry *downBegin = sorted, *downEnd = sorted, *downRightEnd = sorted;
            if (down) {
                downBegin = sorted + start[cell + nx];
                downEnd = sorted + start[cell + nx + 1];
                downRightEnd = right ? sorted + start[cell + nx + 2] : downEnd;
            }
            for (const Entry *a = sorted + start[cell]; a != end; ++a) {
                if (a->id == kNone)
                    continue;
                const FloatBox boxA = a->box;
                const Id idA = a->id;
                const bool reachesRight = double(boxA.maxX) >= columnEdge;
                const bool reachesDown = double(boxA.maxY) >= rowEdge;
                // Every box of the range is tested and its pair written; only an overlapping
                // one advances the count (no branch on the outcome, which is a coin toss).
                auto scan = [&](const Entry *b, const Entry *e) {
                    for (;;) {
                        // 0 when the buffer is full: nothing is scanned, the buffer is flushed.
                        const std::size_t room = kPairBuffer - buffered;
                        const Entry *stop = std::size_t(e - b) > room ? b + room : e;
                        for (; b != stop; ++b) {
                            buffer[buffered] = {idA, b->id};
                            buffered += (b->id != kNone) & overlapsBox(boxA, b->box);
                        }
                        if (b == e)
                            return;
                        if (buffered == kPairBuffer)
                            flush();
                    }
                };
                const Entry *const ownEnd = reachesRight ? rightEnd : end;
                const Entry *const upStop = reachesRight ? upEnd : upBegin;
                const Entry *const downStop =
                    reachesDown ? (reachesRight ? downRightEnd : downEnd) : downBegin;
                const std::size_t candidates = std::size_t(ownEnd - (a + 1)) +
                                               std::size_t(upStop - upBegin) +
                                               std::size_t(downStop - downBegin);
                if (candidates <= kPairBuffer - buffered) {
                    // Room for them all (nearly always): plain loops, no room checks. (scan's
                    // inner loop again: scan written on top of this lambda cost 0.6 M
                    // instructions a 100,000-shape pass.)
                    auto scanAll = [&](const Entry *b, const Entry *e) {
                        for (; b != e; ++b) {
                            buffer[buffered] = {idA, b->id};
                            buffered += (b->id != kNone) & overlapsBox(boxA, b->box);
                        }
                    };
                    scanAll(a + 1, ownEnd);
                    scanAll(upBegin, upStop);
                    scanAll(downBegin, downStop);
                } else {
                    scan(a + 1, ownEnd);
                    scan(upBegin, upStop);
                    scan(downBegin, downStop);
                }
                if (coarser) {
                    flush(); // this box's pairs on its own level come first
                    auto test = [&](const FloatBox &boxB, Id b) {
                        if (overlapsBox(boxA, boxB))
                            f(idA, b);
                    };
                    for (std::size_t lj = li + 1; lj < levelCount; ++lj)
                        if (mLevels[lj].count != 0)
                            visitRange(mLevels[lj], boxA, test);
                }
            }
        }
    }
    flush();
}

template <typename F> void Broadphase::forEachPair(F &&f) const {
    const std::size_t levelCount = mLevels.size();
    if (mOverlayCount == 0) {
        for (std::size_t li = 0; li < levelCount; ++li)
            pairsFromCells(li, 0, std::uint32_t(mLevels[li].nx) * std::uint32_t(mLevels[li].ny), f);
        return;
    }
    for (std::size_t li = 0; li < levelCount; ++li) {
        const Level &level = mLevels[li];
        if (level.count == 0)
            continue;
        const std::uint32_t nx = std::uint32_t(level.nx), ny = std::uint32_t(level.ny);
        for (std::uint32_t y = 0; y < ny; ++y) {
            for (std::uint32_t x = 0; x < nx; ++x) {
                const std::uint32_t cell = level.firstCell + y * nx + x;
                const bool overlaid = mOverlayCount != 0 && mOverlayHeads[cell] != kNone;
                if (mCellStart[cell] == mCellStart[cell + 1] && !overlaid)
                    continue;
                // Same-level partners sit in this cell or a neighbour; visiting only the forward
                // half of the neighbours, (x+1, y-1), (x+1, y), (x, y+1), (x+1, y+1), meets each
                // pair once.
                std::uint32_t neighbours[4];
                int neighbourCount = 0;
                const bool right = x + 1 < nx;
                if (right && y > 0)
                    neighbours[neighbourCount++] = cell + 1 - nx;
                if (right)
                    neighbours[neighbourCount++] = cell + 1;
                if (y + 1 < ny) {
                    neighbours[neighbourCount++] = cell + nx;
                    if (right)
                        neighbours[neighbourCount++] = cell + nx + 1;
                }
                auto partners = [&](const FloatBox &boxA, Id a) {
                    auto test = [&](const FloatBox &boxB, Id b) {
                        if (overlapsBox(boxA, boxB))
                            f(a, b);
                    };
                    for (int k = 0; k < neighbourCount; ++k)
                        visitCell(neighbours[k], test);
                    // Pairs across levels are met from the finer side.
                    for (std::size_t lj = li + 1; lj < levelCount; ++lj)
                        if (mLevels[lj].count != 0)
                            visitRange(mLevels[lj], boxA, test);
                };
                // Pairs inside the cell: sorted x sorted, sorted x overlay, overlay x overlay.
                const Entry *begin = mSorted.data() + mCellStart[cell];
                const Entry *end = mSorted.data() + mCellStart[cell + 1];
                for (const Entry *a = begin; a != end; ++a) {
                    if (a->id == kNone)
                        continue;
                    for (const Entry *b = a + 1; b != end; ++b)
                        if (b->id != kNone && overlapsBox(a->box, b->box))
                            f(a->id, b->id);
                    if (overlaid)
                        for (std::uint32_t o = mOverlayHeads[cell]; o != kNone;
                             o = mOverlay[o].next)
                            if (overlapsBox(a->box, mOverlay[o].box))
                                f(a->id, mOverlay[o].id);
                    partners(a->box, a->id);
                }
                if (overlaid) {
                    for (std::uint32_t o = mOverlayHeads[cell]; o != kNone; o = mOverlay[o].next) {
                        const OverlayEntry &a = mOverlay[o];
                        for (std::uint32_t p = a.next; p != kNone; p = mOverlay[p].next)
                            if (overlapsBox(a.box, mOverlay[p].box))
                                f(a.id, mOverlay[p].id);
                        partners(a.box, a.id);
                    }
                }
            }
        }
    }
}

template <typename F>
void Broadphase::forEachPairInPart(std::size_t part, std::size_t parts, F &&f) const {
    if (mOverlayCount != 0 || parts <= 1) {
        if (part == 0)
            forEachPair(f);
        return;
    }
    // Levels number their cells one after another: a piece is a run of cells over them.
    const std::uint32_t begin = partStart(part, parts), end = partStart(part + 1, parts);
    for (std::size_t li = 0; li < mLevels.size(); ++li) {
        const Level &level = mLevels[li];
        const std::uint32_t first = level.firstCell;
        const std::uint32_t last = first + std::uint32_t(level.nx) * std::uint32_t(level.ny);
        if (begin < last && end > first)
            pairsFromCells(li, std::max(begin, first) - first, std::min(end, last) - first, f);
    }
}

} // namespace hitsmith::collision
