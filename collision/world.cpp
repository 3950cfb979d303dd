#include "world.h"

#include "narrowphase.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace hitsmith::collision {

namespace {

constexpr std::size_t kSmallLayers = 64;

bool changedBeyondTolerance(const Contact &a, const Contact &b) {
    return std::abs(a.depth - b.depth) > kContactChangeTolerance ||
           std::abs(a.normal.x - b.normal.x) > kContactChangeTolerance ||
           std::abs(a.normal.y - b.normal.y) > kContactChangeTolerance;
}

// Asks the cache for every line of [p, p + bytes); a hint only.
inline void prefetchLines(const void *p, std::size_t bytes) {
    const char *c = static_cast<const char *>(p);
    for (std::size_t off = 0; off < bytes; off += 64)
        __builtin_prefetch(c + off);
    __builtin_prefetch(c + bytes - 1);
}

bool eventLess(const PairEvent &l, const PairEvent &r) {
    if (l.a != r.a)
        return l.a < r.a;
    return l.b < r.b;
}

} // namespace

World::World()
    : mBroadphase(kTouchTolerance) {}

ShapeHandle World::allocateHandle() {
    if (!mFreeHandles.empty()) {
        const ShapeHandle h = mFreeHandles.back();
        mFreeHandles.pop_back();
        return h;
    }
    mBodies.emplace_back();
    return static_cast<ShapeHandle>(mBodies.size() - 1);
}

void World::store(ShapeHandle h, const ShapeInput &shape) {
    const PreparedShape p = prepare(shape);
    Body &body = mBodies[h];
    body.type = p.type;
    body.layer = shape.layer;
    body.flags = Alive;
    switch (p.type) {
    case ShapeType::Polygon: {
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
    case ShapeType::Rect:
        std::construct_at(&body.rect, p.rect);
        break;
    case ShapeType::Circle:
        std::construct_at(&body.circle, p.circle);
        break;
    }
    if (p.valid) {
        const Aabb box = boundsOf(prepared(h));
        if (isFinite(box.min) && isFinite(box.max))
            body.flags |= Valid;
    }
}

PreparedShape World::prepared(ShapeHandle h) const {
    const Body &body = mBodies[h];
    PreparedShape p;
    p.type = body.type;
    p.valid = (body.flags & Valid) != 0;
    switch (body.type) {
    case ShapeType::Polygon:
        std::construct_at(&p.polygon, PolygonView{mVertices.data() + body.polyOffset,
                                                  body.polygon.count, body.polygon.orientation});
        break;
    case ShapeType::Rect:
        std::construct_at(&p.rect, body.rect);
        break;
    case ShapeType::Circle:
        std::construct_at(&p.circle, body.circle);
        break;
    }
    return p;
}

bool World::layersCollide(std::uint16_t a, std::uint16_t b) const {
    if (!mFilterActive)
        return true;
    if (a < kSmallLayers && b < kSmallLayers)
        return (mSmallLayerMask[a] >> b) & 1u;
    const std::uint32_t key = (std::uint32_t(std::min(a, b)) << 16) | std::max(a, b);
    return std::binary_search(mLargeLayerPairs.begin(), mLargeLayerPairs.end(), key);
}

bool World::testable(ShapeHandle a, ShapeHandle b) const {
    return a != b && layersCollide(mBodies[a].layer, mBodies[b].layer);
}

std::optional<Contact> World::test(ShapeHandle a, ShapeHandle b) const {
    // Always lower handle first, so every path computes the same bits.
    if (b < a)
        std::swap(a, b);
    return collide(prepared(a), prepared(b));
}

void World::sortNewEvents(std::size_t from) {
    std::sort(mEvents.begin() + static_cast<std::ptrdiff_t>(from), mEvents.end(), eventLess);
}

void World::beginPairsOf(ShapeHandle h) {
    mBroadphase.query(mBroadphase.box(h), [&](ShapeHandle other) {
        if (!testable(h, other))
            return;
        if (auto c = test(h, other)) {
            const ShapeHandle a = std::min(h, other), b = std::max(h, other);
            mPairs.insertOrAssign(PairMap::pairKey(a, b), *c);
            ++mBodies[a].hitCount;
            ++mBodies[b].hitCount;
            mEvents.push_back({PairChange::Began, a, b, *c});
        }
    });
}

void World::findPartners(ShapeHandle h) {
    // Every stored hit of h overlaps h's current box, so the broadphase finds them all.
    mScratch.clear();
    if (mBodies[h].hitCount == 0 || !mBroadphase.contains(h))
        return;
    mBroadphase.query(mBroadphase.box(h), [&](ShapeHandle other) {
        if (other != h &&
            mPairs.find(PairMap::pairKey(std::min(h, other), std::max(h, other))) != nullptr)
            mScratch.push_back(other);
    });
}

void World::endPairsOf(ShapeHandle h) {
    findPartners(h);
    for (ShapeHandle other : mScratch) {
        const ShapeHandle a = std::min(h, other), b = std::max(h, other);
        const std::uint64_t key = PairMap::pairKey(a, b);
        mEvents.push_back({PairChange::Ended, a, b, *mPairs.find(key)});
        mPairs.erase(key);
        --mBodies[a].hitCount;
        --mBodies[b].hitCount;
    }
}

ShapeHandle World::add(const ShapeInput &shape) {
    const ShapeHandle h = allocateHandle();
    store(h, shape);
    mBodies[h].hitCount = 0;
    ++mShapeCount;
    const std::size_t firstEvent = mEvents.size();
    if ((mBodies[h].flags & Valid)) {
        mBroadphase.insert(h, boundsOf(prepared(h)));
        beginPairsOf(h);
    }
    sortNewEvents(firstEvent);
    return h;
}

std::vector<ShapeHandle> World::addAll(std::span<const ShapeInput> shapes) {
    std::vector<ShapeHandle> handles;
    handles.reserve(shapes.size());
    const std::size_t fresh =
        shapes.size() > mFreeHandles.size() ? shapes.size() - mFreeHandles.size() : 0;
    mBodies.reserve(mBodies.size() + fresh);
    std::size_t vertices = 0;
    for (const ShapeInput &shape : shapes)
        if (shape.type == ShapeType::Polygon)
            vertices += shape.points.size();
    mVertices.reserve(mVertices.size() + vertices);
    mBroadphase.setAutoRebuild(false);
    for (const ShapeInput &shape : shapes) {
        const ShapeHandle h = allocateHandle();
        store(h, shape);
        mBodies[h].hitCount = 0;
        ++mShapeCount;
        if ((mBodies[h].flags & Valid))
            mBroadphase.insert(h, boundsOf(prepared(h)));
        handles.push_back(h);
    }
    mBroadphase.setAutoRebuild(true);
    // The new shapes' pairs are all new, so a full pass records exactly their Began events.
    recomputeAll();
    return handles;
}

void World::update(ShapeHandle h, const ShapeInput &shape) {
    if (!contains(h))
        return;
    const std::size_t firstEvent = mEvents.size();
    findPartners(h); // the pairs h has now, before it moves
    store(h, shape);
    if (!(mBodies[h].flags & Valid)) {
        mBroadphase.erase(h);
    } else {
        mBroadphase.move(h, boundsOf(prepared(h)));
        mBroadphase.query(mBroadphase.box(h), [&](ShapeHandle other) {
            if (!testable(h, other))
                return;
            const auto c = test(h, other);
            if (!c)
                return;
            const ShapeHandle a = std::min(h, other), b = std::max(h, other);
            const std::uint64_t key = PairMap::pairKey(a, b);
            if (Contact *old = mPairs.find(key)) {
                if (changedBeyondTolerance(*old, *c))
                    mEvents.push_back({PairChange::Changed, a, b, *c});
                *old = *c; // keep the exact value even when the change is below tolerance
                auto it = std::find(mScratch.begin(), mScratch.end(), other);
                if (it != mScratch.end()) {
                    *it = mScratch.back();
                    mScratch.pop_back();
                }
            } else {
                mPairs.insertOrAssign(key, *c);
                ++mBodies[a].hitCount;
                ++mBodies[b].hitCount;
                mEvents.push_back({PairChange::Began, a, b, *c});
            }
        });
    }
    // Whatever h hit before and no longer hits has ended.
    for (ShapeHandle other : mScratch) {
        const ShapeHandle a = std::min(h, other), b = std::max(h, other);
        const std::uint64_t key = PairMap::pairKey(a, b);
        mEvents.push_back({PairChange::Ended, a, b, *mPairs.find(key)});
        mPairs.erase(key);
        --mBodies[a].hitCount;
        --mBodies[b].hitCount;
    }
    sortNewEvents(firstEvent);
    if (mWastedVertices > 1024 && mWastedVertices > mVertices.size() / 2)
        compactVertices();
}

void World::remove(ShapeHandle h) {
    if (!contains(h))
        return;
    const std::size_t firstEvent = mEvents.size();
    endPairsOf(h);
    sortNewEvents(firstEvent);
    mBroadphase.erase(h);
    Body &body = mBodies[h];
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
    mVertices.clear();
    mWastedVertices = 0;
    mFreeHandles.clear();
    mShapeCount = 0;
    mBroadphase.clear();
    mPairs.release();
}

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
    const std::size_t firstEvent = mEvents.size();

    // Every candidate pair is tested; every hit is marked as seen in the pair map (updated or
    // inserted), so the unmarked remainder is exactly the pairs that ended. Shapes and map slots
    // are scattered in memory while candidates come in spatial order, so two short software
    // pipelines prefetch what a pair will need: its bodies on entry, its polygon vertices kLag
    // pairs later, and the test kLag pairs after that; a hit's map slot kLag hits before use.
    constexpr unsigned kLag = 8;
    struct Candidate {
        ShapeHandle a, b;
    };
    struct PendingHit {
        std::uint64_t key;
        Contact contact;
    };
    Candidate candidates[2 * kLag];
    PendingHit pending[kLag];
    unsigned candidateCount = 0, pendingCount = 0;

    auto applyHit = [&](const PendingHit &hit) {
        const ShapeHandle a = PairMap::first(hit.key), b = PairMap::second(hit.key);
        if (PairMap::Slot *slot = mPairs.findSlot(hit.key)) {
            if (changedBeyondTolerance(slot->contact, hit.contact))
                mEvents.push_back({PairChange::Changed, a, b, hit.contact});
            slot->contact = hit.contact;
            slot->key = hit.key | PairMap::kMark;
        } else {
            mPairs.insertOrAssign(hit.key | PairMap::kMark, hit.contact);
            ++mBodies[a].hitCount;
            ++mBodies[b].hitCount;
            mEvents.push_back({PairChange::Began, a, b, hit.contact});
        }
    };
    auto testCandidate = [&](Candidate c) {
        if (!testable(c.a, c.b))
            return;
        const auto contact = test(c.a, c.b);
        if (!contact)
            return;
        const std::uint64_t key = PairMap::pairKey(c.a, c.b);
        mPairs.prefetch(key);
        PendingHit &slot = pending[pendingCount % kLag];
        if (pendingCount >= kLag)
            applyHit(slot);
        slot = {key, *contact};
        ++pendingCount;
    };
    auto prefetchVertices = [&](ShapeHandle h) {
        const Body &body = mBodies[h];
        if (body.type == ShapeType::Polygon)
            prefetchLines(mVertices.data() + body.polyOffset, body.polygon.count * sizeof(Vec2));
    };
    mBroadphase.forEachPair([&](ShapeHandle p, ShapeHandle q) {
        const Candidate c{std::min(p, q), std::max(p, q)};
        prefetchLines(&mBodies[c.a], sizeof(Body));
        prefetchLines(&mBodies[c.b], sizeof(Body));
        if (candidateCount >= kLag) {
            const Candidate &mid = candidates[(candidateCount - kLag) % (2 * kLag)];
            prefetchVertices(mid.a);
            prefetchVertices(mid.b);
        }
        Candidate &slot = candidates[candidateCount % (2 * kLag)];
        if (candidateCount >= 2 * kLag)
            testCandidate(slot);
        slot = c;
        ++candidateCount;
    });
    for (unsigned k = candidateCount > 2 * kLag ? candidateCount - 2 * kLag : 0; k < candidateCount;
         ++k)
        testCandidate(candidates[k % (2 * kLag)]);
    for (unsigned k = pendingCount > kLag ? pendingCount - kLag : 0; k < pendingCount; ++k)
        applyHit(pending[k % kLag]);

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
        --mBodies[PairMap::first(key)].hitCount;
        --mBodies[PairMap::second(key)].hitCount;
    }
    sortNewEvents(firstEvent);
}

void World::compactVertices() {
    std::vector<Vec2> packed;
    packed.reserve(mVertices.size() - mWastedVertices);
    for (Body &body : mBodies) {
        if (!(body.flags & Alive) || body.type != ShapeType::Polygon) {
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
    std::sort(out.begin(), out.end(),
              [](const Hit &l, const Hit &r) { return l.a != r.a ? l.a < r.a : l.b < r.b; });
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
    return h < mBodies.size() && (mBodies[h].flags & Alive);
}

bool World::isValid(ShapeHandle h) const {
    return h < mBodies.size() && (mBodies[h].flags & Valid);
}

std::optional<Aabb> World::bounds(ShapeHandle h) const {
    if (!isValid(h))
        return std::nullopt;
    return boundsOf(prepared(h));
}

std::size_t World::memoryBytes() const {
    return sizeof(*this) + mBodies.capacity() * sizeof(Body) + mVertices.capacity() * sizeof(Vec2) +
           mFreeHandles.capacity() * sizeof(ShapeHandle) + mBroadphase.memoryBytes() +
           mPairs.memoryBytes() + mScratchKeys.capacity() * sizeof(std::uint64_t) +
           mEvents.capacity() * sizeof(PairEvent) + mScratch.capacity() * sizeof(ShapeHandle) +
           mSmallLayerMask.capacity() * sizeof(std::uint64_t) +
           mLargeLayerPairs.capacity() * sizeof(std::uint32_t);
}

} // namespace hitsmith::collision
