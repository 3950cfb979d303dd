#include "world.h"

#include "narrowphase.h"

#include <algorithm>
#include <cmath>

namespace hitsmith::collision {

namespace {

constexpr std::size_t kSmallLayers = 64;

bool changedBeyondTolerance(const Contact &a, const Contact &b) {
    return std::abs(a.depth - b.depth) > kContactChangeTolerance ||
           std::abs(a.normal.x - b.normal.x) > kContactChangeTolerance ||
           std::abs(a.normal.y - b.normal.y) > kContactChangeTolerance;
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
    Body &body = mBodies[h];
    const PreparedShape p = prepare(shape);
    body.type = shape.type;
    body.layer = shape.layer;
    body.flags = Alive;
    switch (shape.type) {
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
        body.polyCount = count;
        if (p.polygon.orientation < 0.0)
            body.flags |= Clockwise;
        break;
    }
    case ShapeType::Rect:
        body.center = p.rect.center;
        body.halfSize = p.rect.halfSize;
        body.rotation = p.rect.rotation;
        break;
    case ShapeType::Circle:
        body.center = p.circle.center;
        body.halfSize = {p.circle.radius, p.circle.radius};
        break;
    }
    if (p.valid) {
        const Aabb box = boundsOf(p);
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
        p.polygon.points = mVertices.data() + body.polyOffset;
        p.polygon.count = body.polyCount;
        p.polygon.orientation = (body.flags & Clockwise) ? -1.0 : 1.0;
        break;
    case ShapeType::Rect:
        p.rect = {body.center, body.halfSize, body.rotation};
        break;
    case ShapeType::Circle:
        p.circle = {body.center, body.halfSize.x};
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
    if (mBodies[h].flags & Valid) {
        mBroadphase.insert(h, boundsOf(prepared(h)));
        beginPairsOf(h);
    }
    sortNewEvents(firstEvent);
    return h;
}

std::vector<ShapeHandle> World::addAll(std::span<const ShapeInput> shapes) {
    std::vector<ShapeHandle> handles;
    handles.reserve(shapes.size());
    mBroadphase.setAutoRebuild(false);
    for (const ShapeInput &shape : shapes) {
        const ShapeHandle h = allocateHandle();
        store(h, shape);
        mBodies[h].hitCount = 0;
        ++mShapeCount;
        if (mBodies[h].flags & Valid)
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
    mScratchPairs.release();
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
    PairMap &fresh = mScratchPairs;
    fresh.clear();
    fresh.reserve(mPairs.size());
    mBroadphase.forEachPair([&](ShapeHandle p, ShapeHandle q) {
        if (!testable(p, q))
            return;
        const ShapeHandle a = std::min(p, q), b = std::max(p, q);
        if (auto c = test(a, b))
            fresh.insertOrAssign(PairMap::pairKey(a, b), *c);
    });

    const std::size_t firstEvent = mEvents.size();
    for (const PairMap::Slot &s : fresh.slots()) {
        if (s.key == PairMap::kEmpty)
            continue;
        const Contact *old = mPairs.find(s.key);
        if (!old)
            mEvents.push_back(
                {PairChange::Began, PairMap::first(s.key), PairMap::second(s.key), s.contact});
        else if (changedBeyondTolerance(*old, s.contact))
            mEvents.push_back(
                {PairChange::Changed, PairMap::first(s.key), PairMap::second(s.key), s.contact});
    }
    for (const PairMap::Slot &s : mPairs.slots())
        if (s.key != PairMap::kEmpty && !fresh.find(s.key))
            mEvents.push_back(
                {PairChange::Ended, PairMap::first(s.key), PairMap::second(s.key), s.contact});
    sortNewEvents(firstEvent);

    std::swap(mPairs, mScratchPairs);
    for (Body &body : mBodies)
        body.hitCount = 0;
    for (const PairMap::Slot &s : mPairs.slots()) {
        if (s.key == PairMap::kEmpty)
            continue;
        ++mBodies[PairMap::first(s.key)].hitCount;
        ++mBodies[PairMap::second(s.key)].hitCount;
    }
}

void World::compactVertices() {
    std::vector<Vec2> packed;
    packed.reserve(mVertices.size() - mWastedVertices);
    for (Body &body : mBodies) {
        if (!(body.flags & Alive) || body.type != ShapeType::Polygon) {
            body.polyOffset = body.polyCount = body.polyCapacity = 0;
            continue;
        }
        const auto begin = mVertices.begin() + body.polyOffset;
        body.polyOffset = static_cast<std::uint32_t>(packed.size());
        body.polyCapacity = body.polyCount;
        packed.insert(packed.end(), begin, begin + body.polyCount);
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
    return mBroadphase.box(h);
}

std::size_t World::memoryBytes() const {
    return sizeof(*this) + mBodies.capacity() * sizeof(Body) + mVertices.capacity() * sizeof(Vec2) +
           mFreeHandles.capacity() * sizeof(ShapeHandle) + mBroadphase.memoryBytes() +
           mPairs.memoryBytes() + mScratchPairs.memoryBytes() +
           mEvents.capacity() * sizeof(PairEvent) + mScratch.capacity() * sizeof(ShapeHandle) +
           mSmallLayerMask.capacity() * sizeof(std::uint64_t) +
           mLargeLayerPairs.capacity() * sizeof(std::uint32_t);
}

} // namespace hitsmith::collision
