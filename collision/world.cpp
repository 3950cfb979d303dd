#include "world.h"

#include "narrowphase.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace hitsmith::collision {

namespace {

constexpr std::size_t kSmallLayers = 64;
constexpr std::uint32_t kNoSlot = ~std::uint32_t{0};

bool changedBeyondTolerance(const Contact &a, const Contact &b) {
    return std::abs(a.depth - b.depth) > kContactChangeTolerance ||
           std::abs(a.normal.x - b.normal.x) > kContactChangeTolerance ||
           std::abs(a.normal.y - b.normal.y) > kContactChangeTolerance;
}

// Asks the cache for every line of [p, p + bytes); a hint only.
inline void prefetchLines(const void *p, std::size_t bytes) {
#if defined(__GNUC__) || defined(__clang__)
    const char *c = static_cast<const char *>(p);
    for (std::size_t off = 0; off < bytes; off += 64)
        __builtin_prefetch(c + off);
    if (bytes > 0)
        __builtin_prefetch(c + bytes - 1);
#else
    (void)p;
    (void)bytes;
#endif
}

bool eventLess(const PairEvent &l, const PairEvent &r) {
    if (l.a != r.a)
        return l.a < r.a;
    return l.b < r.b;
}

} // namespace

World::World()
    : mBroadphase(kTouchTolerance) {}

// ---- storage ---------------------------------------------------------------------------------

ShapeHandle World::allocateHandle() {
    if (!mFreeHandles.empty()) {
        const ShapeHandle h = mFreeHandles.back(); // its slot stayed bound to it
        mFreeHandles.pop_back();
        return h;
    }
    if (mBodies.size() > PairMap::kMaxHandle)
        return kNoShape; // pair keys hold 31-bit handles
    const auto fresh = static_cast<std::uint32_t>(mBodies.size());
    mBodies.emplace_back();
    mSlotOfHandle.push_back(fresh);
    mHandleOfSlot.push_back(fresh);
    return fresh;
}

void World::store(SlotIndex s, const ShapeInput &shape) {
    const PreparedShape p = prepare(shape);
    Body &body = mBodies[s];
    body.type = p.type;
    body.layer = shape.layer;
    body.flags = Alive;
    switch (p.type) {
    case GeometryKind::Polygon: {
        const std::uint32_t count = p.polygon.count;
        if (count > body.polyCapacity) {
            mWastedVertices += body.polyCapacity;
            body.polyOffset = static_cast<std::uint32_t>(mVertices.size());
            body.polyCapacity = count;
            mVertices.resize(mVertices.size() + count);
        }
        std::copy(shape.points.begin(), shape.points.begin() + count,
                  mVertices.begin() + body.polyOffset);
        std::construct_at(&body.polygon, PolygonView{nullptr, count, p.polygon.orientation});
        break;
    }
    case GeometryKind::Rect:
        std::construct_at(&body.rect, p.rect);
        break;
    case GeometryKind::Circle:
        std::construct_at(&body.circle, p.circle);
        break;
    }
    if (p.valid) {
        const Aabb box = boundsOf(prepared(s));
        if (isFinite(box.min) && isFinite(box.max))
            body.flags |= Valid;
    }
}

std::optional<Aabb> World::stage(Body &body, const ShapeInput &shape, std::vector<Vec2> &pool) {
    const PreparedShape p = prepare(shape);
    body.type = p.type;
    body.layer = shape.layer;
    body.flags = Alive;
    body.hitCount = 0;
    switch (p.type) {
    case GeometryKind::Polygon:
        body.polyOffset = static_cast<std::uint32_t>(pool.size());
        body.polyCapacity = p.polygon.count;
        pool.insert(pool.end(), shape.points.begin(), shape.points.begin() + p.polygon.count);
        std::construct_at(&body.polygon,
                          PolygonView{nullptr, p.polygon.count, p.polygon.orientation});
        break;
    case GeometryKind::Rect:
        std::construct_at(&body.rect, p.rect);
        break;
    case GeometryKind::Circle:
        std::construct_at(&body.circle, p.circle);
        break;
    }
    if (!p.valid)
        return std::nullopt;
    const Aabb box = boundsOf(p); // the polygon view still points at the caller's points
    if (!isFinite(box.min) || !isFinite(box.max))
        return std::nullopt;
    body.flags |= Valid;
    return box;
}

PreparedShape World::prepared(SlotIndex s) const {
    const Body &body = mBodies[s];
    PreparedShape p;
    p.type = body.type;
    p.valid = (body.flags & Valid) != 0;
    switch (body.type) {
    case GeometryKind::Polygon:
        std::construct_at(&p.polygon, PolygonView{mVertices.data() + body.polyOffset,
                                                  body.polygon.count, body.polygon.orientation});
        break;
    case GeometryKind::Rect:
        std::construct_at(&p.rect, body.rect);
        break;
    case GeometryKind::Circle:
        std::construct_at(&p.circle, body.circle);
        break;
    }
    return p;
}

void World::compactVertices() {
    std::vector<Vec2> packed;
    packed.reserve(mVertices.size() - mWastedVertices);
    for (Body &body : mBodies) {
        if (!(body.flags & Alive) || body.type != GeometryKind::Polygon) {
            body.polyOffset = body.polyCapacity = 0;
            continue;
        }
        const auto begin = mVertices.begin() + body.polyOffset;
        body.polyOffset = static_cast<std::uint32_t>(packed.size());
        body.polyCapacity = body.polygon.count;
        packed.insert(packed.end(), begin, begin + body.polygon.count);
    }
    mVertices.swap(packed);
    mWastedVertices = 0;
}

void World::restoreLocality() {
    // Renumber slots into the broadphase's cell order (bodies and polygon vertices follow), so a
    // full pass walks memory nearly in order. Skipped while the order is still mostly right.
    const std::size_t breaks = mBroadphase.orderBreaks();
    if (breaks <= mBroadphase.size() / 8 + 64)
        return;
    const std::size_t n = mBodies.size();
    std::vector<SlotIndex> oldOf = mBroadphase.sortedIds(); // new slot -> old slot
    std::vector<SlotIndex> newOf(n, kNoSlot);
    for (std::size_t k = 0; k < oldOf.size(); ++k)
        newOf[oldOf[k]] = static_cast<SlotIndex>(k);
    for (SlotIndex s = 0; s < n; ++s) // then the shapes outside the broadphase, in slot order
        if (newOf[s] == kNoSlot) {
            newOf[s] = static_cast<SlotIndex>(oldOf.size());
            oldOf.push_back(s);
        }

    std::vector<Body> bodies(n);
    std::vector<ShapeHandle> handleOfSlot(n);
    std::vector<Vec2> vertices;
    vertices.reserve(mVertices.size() - mWastedVertices);
    for (SlotIndex k = 0; k < n; ++k) {
        Body &body = bodies[k];
        body = mBodies[oldOf[k]];
        if ((body.flags & Alive) && body.type == GeometryKind::Polygon) {
            const auto begin = mVertices.begin() + body.polyOffset;
            body.polyOffset = static_cast<std::uint32_t>(vertices.size());
            body.polyCapacity = body.polygon.count;
            vertices.insert(vertices.end(), begin, begin + body.polygon.count);
        } else {
            body.polyOffset = body.polyCapacity = 0;
        }
        const ShapeHandle h = mHandleOfSlot[oldOf[k]];
        handleOfSlot[k] = h;
        mSlotOfHandle[h] = k;
    }
    mBodies.swap(bodies);
    mHandleOfSlot.swap(handleOfSlot);
    mVertices.swap(vertices);
    mWastedVertices = 0;
    mBroadphase.renumber(newOf);
}

// ---- pair tests ------------------------------------------------------------------------------

bool World::layersCollide(std::uint16_t a, std::uint16_t b) const {
    if (!mFilterActive)
        return true;
    if (a < kSmallLayers && b < kSmallLayers)
        return (mSmallLayerMask[a] >> b) & 1u;
    const std::uint32_t key = (std::uint32_t(std::min(a, b)) << 16) | std::max(a, b);
    return std::binary_search(mLargeLayerPairs.begin(), mLargeLayerPairs.end(), key);
}

bool World::testable(SlotIndex p, SlotIndex q) const {
    return p != q && layersCollide(mBodies[p].layer, mBodies[q].layer);
}

std::uint64_t World::keyOf(SlotIndex p, SlotIndex q) const {
    const ShapeHandle a = mHandleOfSlot[p], b = mHandleOfSlot[q];
    return a < b ? PairMap::pairKey(a, b) : PairMap::pairKey(b, a);
}

std::optional<Contact> World::test(SlotIndex p, SlotIndex q) const {
    // Always the lower handle first, so every path (and every slot numbering) computes the same
    // bits.
    if (mHandleOfSlot[q] < mHandleOfSlot[p])
        std::swap(p, q);
    return collide(prepared(p), prepared(q));
}

void World::sortNewEvents(std::size_t from) {
    std::sort(mEvents.begin() + static_cast<std::ptrdiff_t>(from), mEvents.end(), eventLess);
}

void World::beginPairsOf(SlotIndex s) {
    mBroadphase.query(mBroadphase.box(s), [&](SlotIndex other) {
        if (!testable(s, other))
            return;
        if (auto c = test(s, other)) {
            const std::uint64_t key = keyOf(s, other);
            mPairs.insertOrAssign(key, *c);
            ++mBodies[s].hitCount;
            ++mBodies[other].hitCount;
            mEvents.push_back({PairChange::Began, PairMap::first(key), PairMap::second(key), *c});
        }
    });
}

void World::findPartners(SlotIndex s) {
    // Every stored hit of s overlaps s's current box, so the broadphase finds them all.
    mScratch.clear();
    if (mBodies[s].hitCount == 0 || !mBroadphase.contains(s))
        return;
    mBroadphase.query(mBroadphase.box(s), [&](SlotIndex other) {
        if (other != s && mPairs.find(keyOf(s, other)) != nullptr)
            mScratch.push_back(other);
    });
}

void World::endPairsOf(SlotIndex s) {
    findPartners(s);
    for (SlotIndex other : mScratch) {
        const std::uint64_t key = keyOf(s, other);
        mEvents.push_back(
            {PairChange::Ended, PairMap::first(key), PairMap::second(key), *mPairs.find(key)});
        mPairs.erase(key);
        --mBodies[s].hitCount;
        --mBodies[other].hitCount;
    }
}

// ---- edits -----------------------------------------------------------------------------------

ShapeHandle World::add(const ShapeInput &shape) {
    const ShapeHandle h = allocateHandle();
    if (h == kNoShape)
        return h;
    const SlotIndex s = slotOf(h);
    store(s, shape);
    mBodies[s].hitCount = 0;
    ++mShapeCount;
    const std::size_t firstEvent = mEvents.size();
    if (mBodies[s].flags & Valid) {
        mBroadphase.insert(s, boundsOf(prepared(s)));
        beginPairsOf(s);
    }
    sortNewEvents(firstEvent);
    return h;
}

std::vector<ShapeHandle> World::loadEmpty(ShapeSource &source, LoadEvents events) {
    // Every shape is prepared once, in input order, straight into the bodies and the vertex
    // pool (its box goes to the grid, keyed by input index); then the bodies are permuted in
    // place into the grid's cell order, which is what add()-then-restoreLocality() would give.
    // Polygon vertices stay in input order: moving them would cost more than it saves. No
    // second copy of anything, as fresh memory is a large part of a load. Handles are the input
    // indices, as allocateHandle() would hand them out.
    const std::size_t n = source.size();
    mBodies.reserve(n);
    mVertices.reserve(source.vertexCountHint());
    std::vector<std::uint8_t> inGrid(n, 0);
    mBroadphase.reserve(n);
    mBroadphase.setAutoRebuild(false);
    for (std::size_t i = 0; i < n; ++i) {
        // Each body is constructed where it is filled: one pass over fresh memory, not two.
        if (const std::optional<Aabb> box =
                stage(mBodies.emplace_back(), source.next(i), mVertices)) {
            mBroadphase.insert(static_cast<SlotIndex>(i), *box);
            inGrid[i] = 1;
        }
    }
    mBroadphase.setAutoRebuild(true);                       // one rebuild with every box
    std::vector<SlotIndex> order = mBroadphase.sortedIds(); // slot -> input index
    for (std::size_t i = 0; i < n; ++i)
        if (!inGrid[i]) // invalid shapes after the grid's, in input order
            order.push_back(static_cast<SlotIndex>(i));
    std::vector<SlotIndex> slotOf(n);
    for (std::size_t k = 0; k < n; ++k)
        slotOf[order[k]] = static_cast<SlotIndex>(k);

    // Cycle by cycle: the body at k belongs at target[k]; swap it there until k holds its own.
    std::vector<SlotIndex> target = slotOf;
    for (std::size_t k = 0; k < n; ++k) {
        while (target[k] != k) {
            const SlotIndex t = target[k];
            std::swap(mBodies[k], mBodies[t]);
            std::swap(target[k], target[t]);
        }
    }
    mSlotOfHandle = std::move(slotOf);
    mHandleOfSlot = std::move(order);
    mShapeCount = n;
    mBroadphase.renumber(mSlotOfHandle);
    loadPairs(events);

    std::vector<ShapeHandle> handles(n);
    for (std::size_t i = 0; i < n; ++i)
        handles[i] = static_cast<ShapeHandle>(i);
    return handles;
}

namespace {

// A span of inputs as a source.
class SpanSource final : public ShapeSource {
public:
    explicit SpanSource(std::span<const ShapeInput> shapes)
        : mShapes(shapes) {}
    std::size_t size() const override { return mShapes.size(); }
    std::size_t vertexCountHint() const override {
        std::size_t count = 0;
        for (const ShapeInput &shape : mShapes)
            if (shape.type == GeometryKind::Polygon)
                count += shape.points.size();
        return count;
    }
    ShapeInput next(std::size_t i) override { return mShapes[i]; }

private:
    std::span<const ShapeInput> mShapes;
};

} // namespace

std::vector<ShapeHandle> World::addAll(ShapeSource &source, LoadEvents events) {
    const std::size_t n = source.size();
    if (mBodies.empty() && n != 0 && n <= PairMap::kMaxHandle + 1)
        return loadEmpty(source, events);
    // Into a world with shapes: lay the inputs out (their points in one pool) and add them.
    std::vector<ShapeInput> inputs(n);
    std::vector<std::size_t> offsets(n);
    std::vector<Vec2> points;
    for (std::size_t i = 0; i < n; ++i) {
        inputs[i] = source.next(i);
        offsets[i] = points.size();
        points.insert(points.end(), inputs[i].points.begin(), inputs[i].points.end());
    }
    for (std::size_t i = 0; i < n; ++i)
        inputs[i].points = std::span<const Vec2>(
            points.data() + offsets[i], (i + 1 < n ? offsets[i + 1] : points.size()) - offsets[i]);
    return addAll(inputs, events);
}

std::vector<ShapeHandle> World::addAll(std::span<const ShapeInput> shapes, LoadEvents events) {
    if (mBodies.empty() && !shapes.empty() && shapes.size() <= PairMap::kMaxHandle + 1) {
        SpanSource source(shapes);
        return loadEmpty(source, events);
    }
    const std::size_t firstEvent = mEvents.size();
    std::vector<ShapeHandle> handles;
    handles.reserve(shapes.size());
    // Room for the batch: exactly, the first time (no slack in a world loaded at once), and
    // geometrically after that (no quadratic copying over many small batches).
    auto makeRoom = [](auto &v, std::size_t extra) {
        const std::size_t needed = v.size() + extra;
        if (needed > v.capacity())
            v.reserve(v.empty() ? needed : std::max(needed, v.capacity() + v.capacity() / 2));
    };
    const std::size_t fresh =
        shapes.size() > mFreeHandles.size() ? shapes.size() - mFreeHandles.size() : 0;
    makeRoom(mBodies, fresh);
    makeRoom(mSlotOfHandle, fresh);
    makeRoom(mHandleOfSlot, fresh);
    std::size_t vertices = 0;
    for (const ShapeInput &shape : shapes)
        if (shape.type == GeometryKind::Polygon)
            vertices += shape.points.size();
    makeRoom(mVertices, vertices);
    mBroadphase.setAutoRebuild(false);
    std::size_t inserted = 0;
    for (const ShapeInput &shape : shapes) {
        const ShapeHandle h = allocateHandle();
        handles.push_back(h);
        if (h == kNoShape)
            continue;
        const SlotIndex s = slotOf(h);
        store(s, shape);
        mBodies[s].hitCount = 0;
        ++mShapeCount;
        if (mBodies[s].flags & Valid) {
            mBroadphase.insert(s, boundsOf(prepared(s)));
            ++inserted;
        }
    }
    mBroadphase.setAutoRebuild(true); // rebuilds the grid once when any box was parked
    // The new shapes' pairs are all new, so a full pass records exactly their Began events.
    if (inserted != 0)
        retestAllPairs();
    else
        recomputeAll();
    if (events == LoadEvents::Skip)
        mEvents.resize(firstEvent);
    return handles;
}

void World::update(ShapeHandle h, const ShapeInput &shape) {
    if (!contains(h))
        return;
    const SlotIndex s = slotOf(h);
    const std::size_t firstEvent = mEvents.size();
    findPartners(s); // the pairs it has now, before it moves
    store(s, shape);
    if (!(mBodies[s].flags & Valid)) {
        mBroadphase.erase(s);
    } else {
        mBroadphase.move(s, boundsOf(prepared(s)));
        mBroadphase.query(mBroadphase.box(s), [&](SlotIndex other) {
            if (!testable(s, other))
                return;
            const auto c = test(s, other);
            if (!c)
                return;
            const std::uint64_t key = keyOf(s, other);
            const ShapeHandle a = PairMap::first(key), b = PairMap::second(key);
            if (PairMap::Slot *slot = mPairs.findSlot(key)) {
                if (changedBeyondTolerance(slot->contact, *c))
                    mEvents.push_back({PairChange::Changed, a, b, *c});
                slot->contact = *c; // the exact value, even when the change is below tolerance
                slot->key = key | PairMap::kMark; // still hitting: not ended
            } else {
                mPairs.insertOrAssign(key, *c);
                ++mBodies[s].hitCount;
                ++mBodies[other].hitCount;
                mEvents.push_back({PairChange::Began, a, b, *c});
            }
        });
    }
    // Whatever it hit before and no longer hits has ended; the rest lose their mark.
    for (SlotIndex other : mScratch) {
        const std::uint64_t key = keyOf(s, other);
        PairMap::Slot *slot = mPairs.findSlot(key);
        if (slot->key & PairMap::kMark) {
            slot->key = key;
            continue;
        }
        mEvents.push_back(
            {PairChange::Ended, PairMap::first(key), PairMap::second(key), slot->contact});
        mPairs.erase(key);
        --mBodies[s].hitCount;
        --mBodies[other].hitCount;
    }
    sortNewEvents(firstEvent);
    if (mWastedVertices > 1024 && mWastedVertices > mVertices.size() / 2)
        compactVertices();
}

void World::remove(ShapeHandle h) {
    if (!contains(h))
        return;
    const SlotIndex s = slotOf(h);
    const std::size_t firstEvent = mEvents.size();
    endPairsOf(s);
    sortNewEvents(firstEvent);
    mBroadphase.erase(s);
    Body &body = mBodies[s];
    body.flags = 0;
    body.hitCount = 0;
    --mShapeCount;
    mFreeHandles.push_back(h);
}

void World::clear() {
    const std::size_t firstEvent = mEvents.size();
    for (const PairMap::Slot &s : mPairs.slots())
        if (s.key != PairMap::kEmpty)
            mEvents.push_back(
                {PairChange::Ended, PairMap::first(s.key), PairMap::second(s.key), s.contact});
    sortNewEvents(firstEvent);
    mBodies.clear();
    mSlotOfHandle.clear();
    mHandleOfSlot.clear();
    mVertices.clear();
    mWastedVertices = 0;
    mFreeHandles.clear();
    mShapeCount = 0;
    mBroadphase.clear();
    mPairs.release();
}

// ---- layers and full passes ------------------------------------------------------------------

void World::setLayerFilter(std::vector<std::pair<std::uint16_t, std::uint16_t>> pairs) {
    mFilterActive = true;
    mSmallLayerMask.assign(kSmallLayers, 0);
    mLargeLayerPairs.clear();
    for (auto [a, b] : pairs) {
        if (a < kSmallLayers && b < kSmallLayers) {
            mSmallLayerMask[a] |= std::uint64_t{1} << b;
            mSmallLayerMask[b] |= std::uint64_t{1} << a;
        } else {
            mLargeLayerPairs.push_back((std::uint32_t(std::min(a, b)) << 16) | std::max(a, b));
        }
    }
    std::sort(mLargeLayerPairs.begin(), mLargeLayerPairs.end());
    mLargeLayerPairs.erase(std::unique(mLargeLayerPairs.begin(), mLargeLayerPairs.end()),
                           mLargeLayerPairs.end());
    recomputeAll();
}

void World::clearLayerFilter() {
    mFilterActive = false;
    mSmallLayerMask.clear();
    mLargeLayerPairs.clear();
    recomputeAll();
}

void World::recomputeAll() {
    mBroadphase.rebuild();
    retestAllPairs();
}

template <typename OnHit> void World::forEachHit(OnHit &&onHit) {
    // Map slots are scattered in memory (and bodies are, until slots are renumbered), so two
    // short software pipelines prefetch what a pair will need: its bodies on entry, its polygon
    // vertices kLag pairs later, and the test kLag pairs after that; a hit's map slot kLag hits
    // before onHit sees it.
    constexpr unsigned kLag = 8;
    struct Candidate {
        SlotIndex p, q;
    };
    Candidate candidates[2 * kLag];
    FoundHit pending[kLag];
    unsigned candidateCount = 0, pendingCount = 0;

    auto testCandidate = [&](Candidate c) {
        if (!testable(c.p, c.q))
            return;
        const auto contact = test(c.p, c.q);
        if (!contact)
            return;
        const std::uint64_t key = keyOf(c.p, c.q);
        mPairs.prefetch(key);
        FoundHit &slot = pending[pendingCount % kLag];
        if (pendingCount >= kLag)
            onHit(slot);
        slot = {key, c.p, c.q, *contact};
        ++pendingCount;
    };
    auto prefetchVertices = [&](SlotIndex s) {
        const Body &body = mBodies[s];
        if (body.type == GeometryKind::Polygon)
            prefetchLines(mVertices.data() + body.polyOffset, body.polygon.count * sizeof(Vec2));
    };
    mBroadphase.forEachPair([&](SlotIndex p, SlotIndex q) {
        prefetchLines(&mBodies[p], sizeof(Body));
        prefetchLines(&mBodies[q], sizeof(Body));
        if (candidateCount >= kLag) {
            const Candidate &mid = candidates[(candidateCount - kLag) % (2 * kLag)];
            prefetchVertices(mid.p);
            prefetchVertices(mid.q);
        }
        Candidate &slot = candidates[candidateCount % (2 * kLag)];
        if (candidateCount >= 2 * kLag)
            testCandidate(slot);
        slot = {p, q};
        ++candidateCount;
    });
    for (unsigned k = candidateCount > 2 * kLag ? candidateCount - 2 * kLag : 0; k < candidateCount;
         ++k)
        testCandidate(candidates[k % (2 * kLag)]);
    for (unsigned k = pendingCount > kLag ? pendingCount - kLag : 0; k < pendingCount; ++k)
        onHit(pending[k % kLag]);
}

void World::loadPairs(LoadEvents events) {
    // A fresh world: every hit is new. They are gathered first so that the map is sized once
    // (no chain of rehashes), then go straight in, unmarked, with nothing to sweep afterwards.
    std::vector<FoundHit> found;
    found.reserve(mBodies.size() / 2 + 16);
    forEachHit([&](const FoundHit &hit) { found.push_back(hit); });
    mPairs.reserve(found.size());
    const std::size_t firstEvent = mEvents.size();
    if (events == LoadEvents::Record)
        mEvents.reserve(firstEvent + found.size());
    for (const FoundHit &hit : found) {
        mPairs.insertOrAssign(hit.key, hit.contact);
        ++mBodies[hit.p].hitCount;
        ++mBodies[hit.q].hitCount;
        if (events == LoadEvents::Record)
            mEvents.push_back({PairChange::Began, PairMap::first(hit.key), PairMap::second(hit.key),
                               hit.contact});
    }
    sortNewEvents(firstEvent);
}

void World::retestAllPairs() {
    restoreLocality();
    const std::size_t firstEvent = mEvents.size();

    // Every candidate pair is tested; every hit is marked as seen in the pair map (updated or
    // inserted), so the unmarked remainder is exactly the pairs that ended.
    forEachHit([&](const FoundHit &hit) {
        const ShapeHandle a = PairMap::first(hit.key), b = PairMap::second(hit.key);
        if (PairMap::Slot *slot = mPairs.findSlot(hit.key)) {
            if (changedBeyondTolerance(slot->contact, hit.contact))
                mEvents.push_back({PairChange::Changed, a, b, hit.contact});
            slot->contact = hit.contact;
            slot->key = hit.key | PairMap::kMark;
        } else {
            mPairs.insertOrAssign(hit.key | PairMap::kMark, hit.contact);
            ++mBodies[hit.p].hitCount;
            ++mBodies[hit.q].hitCount;
            mEvents.push_back({PairChange::Began, a, b, hit.contact});
        }
    });

    mScratchKeys.clear();
    for (PairMap::Slot &slot : mPairs.slots()) {
        if (slot.key == PairMap::kEmpty)
            continue;
        if (slot.key & PairMap::kMark) {
            slot.key &= ~PairMap::kMark;
        } else {
            mScratchKeys.push_back(slot.key);
            mEvents.push_back({PairChange::Ended, PairMap::first(slot.key),
                               PairMap::second(slot.key), slot.contact});
        }
    }
    for (std::uint64_t key : mScratchKeys) {
        mPairs.erase(key);
        --mBodies[slotOf(PairMap::first(key))].hitCount;
        --mBodies[slotOf(PairMap::second(key))].hitCount;
    }
    sortNewEvents(firstEvent);
}

// ---- queries ---------------------------------------------------------------------------------

std::vector<PairEvent> World::takeEvents() {
    std::vector<PairEvent> out;
    out.swap(mEvents);
    return out;
}

std::vector<Hit> World::hits() const {
    std::vector<Hit> out;
    out.reserve(mPairs.size());
    for (const PairMap::Slot &s : mPairs.slots())
        if (s.key != PairMap::kEmpty)
            out.push_back({PairMap::first(s.key), PairMap::second(s.key), s.contact});
    // One 64-bit comparison per step: (a, b) in key order.
    std::sort(out.begin(), out.end(), [](const Hit &l, const Hit &r) {
        return PairMap::pairKey(l.a, l.b) < PairMap::pairKey(r.a, r.b);
    });
    return out;
}

std::optional<Contact> World::contact(ShapeHandle a, ShapeHandle b) const {
    if (a == b || !contains(a) || !contains(b))
        return std::nullopt;
    const Contact *c = mPairs.find(PairMap::pairKey(std::min(a, b), std::max(a, b)));
    if (!c)
        return std::nullopt;
    return a < b ? *c : flipped(*c);
}

bool World::contains(ShapeHandle h) const {
    return h < mSlotOfHandle.size() && (mBodies[slotOf(h)].flags & Alive);
}

bool World::isValid(ShapeHandle h) const {
    return h < mSlotOfHandle.size() && (mBodies[slotOf(h)].flags & Valid);
}

std::optional<Aabb> World::bounds(ShapeHandle h) const {
    if (!isValid(h))
        return std::nullopt;
    return boundsOf(prepared(slotOf(h)));
}

std::size_t World::memoryBytes() const {
    return sizeof(*this) + mBodies.capacity() * sizeof(Body) +
           (mSlotOfHandle.capacity() + mHandleOfSlot.capacity()) * sizeof(std::uint32_t) +
           mVertices.capacity() * sizeof(Vec2) + mFreeHandles.capacity() * sizeof(ShapeHandle) +
           mBroadphase.memoryBytes() + mPairs.memoryBytes() +
           mScratchKeys.capacity() * sizeof(std::uint64_t) +
           mEvents.capacity() * sizeof(PairEvent) + mScratch.capacity() * sizeof(SlotIndex) +
           mSmallLayerMask.capacity() * sizeof(std::uint64_t) +
           mLargeLayerPairs.capacity() * sizeof(std::uint32_t);
}

} // namespace hitsmith::collision
