#include "world.h"

#include "capsule.h"

#include "narrowphase.h"
#include "vectorstate.h"
#include "worldcontact.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

namespace hitsmith::collision {

namespace {

constexpr std::size_t kSmallLayers = 64;
constexpr std::uint32_t kNoSlot = ~std::uint32_t{0};

bool eventLess(const PairEvent &l, const PairEvent &r) {
    if (l.a != r.a)
        return l.a < r.a;
    return l.b < r.b;
}

} // namespace

namespace {

std::atomic<World::PassThreads> gDefaultPassThreads{World::PassThreads::Auto};

} // namespace

World::World()
    : mBroadphase(kTouchTolerance)
    , mPassThreads(gDefaultPassThreads.load(std::memory_order_relaxed)) {}

void World::setDefaultPassThreads(PassThreads threads) {
    gDefaultPassThreads.store(threads, std::memory_order_relaxed);
}

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
    case GeometryKind::Capsule:
        std::construct_at(&body.capsule, p.capsule);
        break;
    }
    if (p.valid) {
        const Aabb box = boundsOf(prepared(s));
        if (isFinite(box.min) && isFinite(box.max))
            body.flags |= Valid;
    }
}

std::optional<Aabb> World::stage(Body &body, const ShapeInput &shape, std::vector<Vec2> &pool) {
    body.layer = shape.layer;
    body.flags = Alive;
    body.hitCount = 0;
    body.type = shape.type;
    // What prepare() and boundsOf() compute, with the same functions, straight into the body.
    Aabb box;
    switch (shape.type) {
    case GeometryKind::Polygon:
        return stagePolygon(body, shape.points, pool);
    case GeometryKind::Rect: {
        const OrientedRect rect = makeRect(shape.center, shape.size, shape.angleDegrees);
        std::construct_at(&body.rect, rect);
        if (!isUsableRect(shape, rect))
            return std::nullopt;
        box = boundsOf(rect);
        break;
    }
    case GeometryKind::Circle: {
        const Circle circle{shape.center, shape.radius};
        std::construct_at(&body.circle, circle);
        if (!isUsableCircle(shape))
            return std::nullopt;
        box = boundsOf(circle);
        break;
    }
    case GeometryKind::Capsule: {
        // prepare()'s rule: exactly two finite ends and a finite radius >= 0.
        if (shape.points.size() != 2) {
            std::construct_at(&body.capsule);
            return std::nullopt;
        }
        const Capsule capsule{shape.points[0], shape.points[1], shape.radius};
        std::construct_at(&body.capsule, capsule);
        if (!isUsableCapsule(capsule))
            return std::nullopt;
        box = boundsOf(capsule);
        break;
    }
    default: // not a kind this build knows: kept, never paired
        std::construct_at(&body.circle);
        return std::nullopt;
    }
    if (!isFinite(box.min) || !isFinite(box.max))
        return std::nullopt;
    body.flags |= Valid;
    return box;
}

std::optional<Aabb> World::stagePolygon(Body &body, std::span<const Vec2> points,
                                        std::vector<Vec2> &pool) {
    // What prepare() (makePolygon's winding, the validity rule) and boundsOf() compute, in one
    // pass over the points as they are copied, with the same arithmetic in the same order so
    // that a bulk load and add() agree bit for bit.
    const auto count = static_cast<std::uint32_t>(
        std::min<std::size_t>(points.size(), std::numeric_limits<std::uint32_t>::max()));
    body.type = GeometryKind::Polygon;
    body.polyOffset = static_cast<std::uint32_t>(pool.size());
    body.polyCapacity = count;
    pool.insert(pool.end(), points.begin(), points.begin() + count);
    std::construct_at(&body.polygon, PolygonView{nullptr, count, 1.0});
    if (count == 0)
        return std::nullopt;
    // Read from the input, not from the pool's fresh copy: loads right behind the copy's wide
    // stores waited for them (no store forwarding; 2-3% of a 100,000-shape pass).
    const Vec2 *p = points.data();
    const Vec2 o = p[0];
    double area = 0.0;
    bool finite = count >= 3 && isFinite(o);
    bool spread = false;
    Aabb box{o, o};
    for (std::uint32_t i = 1; i < count; ++i) {
        const Vec2 v = p[i];
        if (i + 1 < count)
            area += cross(v - o, p[i + 1] - o);
        finite = finite && isFinite(v);
        spread = spread || !(v == o);
        box.min.x = std::min(box.min.x, v.x);
        box.min.y = std::min(box.min.y, v.y);
        box.max.x = std::max(box.max.x, v.x);
        box.max.y = std::max(box.max.y, v.y);
    }
    body.polygon.orientation = area >= 0.0 ? 1.0 : -1.0;
    // Points past the uint32 range are not stored, as in makePolygon, but count for validity,
    // as in prepare().
    for (std::size_t i = count; i < points.size(); ++i) {
        finite = finite && isFinite(points[i]);
        spread = spread || !(points[i] == o);
    }
    if (!finite || !spread || !isFinite(box.min) || !isFinite(box.max))
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
    case GeometryKind::Capsule:
        std::construct_at(&p.capsule, body.capsule);
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
    if (mBodies.size() < kLocalityMinShapes)
        return; // the whole world stays in cache in any order
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
    return testInOrder(p, q);
}

std::optional<Contact> World::testInOrder(SlotIndex p, SlotIndex q) const {
    // collide(prepared(p), prepared(q)) without building the two prepared shapes: the same pair
    // function of narrowphase's [type][type] table is called on the bodies' own geometry (the
    // copies and the table's indirect call were a tenth of the narrow phase's instructions).
    const Body &a = mBodies[p], &b = mBodies[q];
    if (!(a.flags & b.flags & Valid))
        return std::nullopt;
    const auto polygonOf = [this](const Body &body) {
        return PolygonView{mVertices.data() + body.polyOffset, body.polygon.count,
                           body.polygon.orientation};
    };
    const auto flip = [](std::optional<Contact> c) {
        return c ? std::optional(flipped(*c)) : std::nullopt;
    };
    std::optional<Contact> contact;
    constexpr unsigned kPoly = 0, kRect = 1, kCircle = 2, kCapsule = 3, kN = kGeometryKindCount;
    static_assert(unsigned(GeometryKind::Capsule) == kCapsule && kN == 4);
    switch (static_cast<unsigned>(a.type) * kN + static_cast<unsigned>(b.type)) {
    case kPoly *kN + kPoly:
        contact = collidePolygons(polygonOf(a), polygonOf(b));
        break;
    case kPoly *kN + kRect:
        contact = collidePolygonRect(polygonOf(a), b.rect);
        break;
    case kPoly *kN + kCircle:
        contact = collidePolygonCircle(polygonOf(a), b.circle);
        break;
    case kPoly *kN + kCapsule:
        contact = collidePolygonCapsule(polygonOf(a), b.capsule);
        break;
    case kRect *kN + kPoly:
        contact = flip(collidePolygonRect(polygonOf(b), a.rect));
        break;
    case kRect *kN + kRect:
        contact = collideRects(a.rect, b.rect);
        break;
    case kRect *kN + kCircle:
        contact = collideRectCircle(a.rect, b.circle);
        break;
    case kRect *kN + kCapsule:
        contact = collideRectCapsule(a.rect, b.capsule);
        break;
    case kCircle *kN + kPoly:
        contact = flip(collidePolygonCircle(polygonOf(b), a.circle));
        break;
    case kCircle *kN + kRect:
        contact = flip(collideRectCircle(b.rect, a.circle));
        break;
    case kCircle *kN + kCircle:
        contact = collideCircles(a.circle, b.circle);
        break;
    case kCircle *kN + kCapsule:
        contact = flip(collideCapsuleCircle(b.capsule, a.circle));
        break;
    case kCapsule *kN + kPoly:
        contact = flip(collidePolygonCapsule(polygonOf(b), a.capsule));
        break;
    case kCapsule *kN + kRect:
        contact = flip(collideRectCapsule(b.rect, a.capsule));
        break;
    case kCapsule *kN + kCircle:
        contact = collideCapsuleCircle(a.capsule, b.circle);
        break;
    case kCapsule *kN + kCapsule:
        contact = collideCapsules(a.capsule, b.capsule);
        break;
    default:
        return std::nullopt;
    }
    // collide()'s rule: an overflowed (non-finite) result is no hit.
    if (contact && !(std::isfinite(contact->depth) && isFinite(contact->normal)))
        return std::nullopt;
    return contact;
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
            pairs().insertOrAssign(key, *c);
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
    const PairMap &stored = pairs();
    mBroadphase.query(mBroadphase.box(s), [&](SlotIndex other) {
        if (other != s && stored.find(keyOf(s, other)) != nullptr)
            mScratch.push_back(other);
    });
}

void World::endPairsOf(SlotIndex s) {
    findPartners(s);
    PairMap &stored = pairs();
    for (SlotIndex other : mScratch) {
        const std::uint64_t key = keyOf(s, other);
        mEvents.push_back(
            {PairChange::Ended, PairMap::first(key), PairMap::second(key), *stored.find(key)});
        stored.erase(key);
        --mBodies[s].hitCount;
        --mBodies[other].hitCount;
    }
}

// ---- edits -----------------------------------------------------------------------------------

ShapeHandle World::add(const ShapeInput &shape) {
    clearUpperVectorState(); // whatever ran before (a name's hash) must not slow the geometry
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

void World::update(ShapeHandle h, const ShapeInput &shape) {
    clearUpperVectorState();
    if (!contains(h))
        return;
    const SlotIndex s = slotOf(h);
    const std::size_t firstEvent = mEvents.size();
    findPartners(s); // the pairs it has now, before it moves
    PairMap &stored = pairs();
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
            if (PairMap::Slot *slot = stored.findSlot(key)) {
                if (changedBeyondTolerance(slot->contact, *c))
                    mEvents.push_back({PairChange::Changed, a, b, *c});
                slot->contact = *c; // the exact value, even when the change is below tolerance
                slot->key = key | PairMap::kMark; // still hitting: not ended
            } else {
                stored.insertOrAssign(key, *c);
                ++mBodies[s].hitCount;
                ++mBodies[other].hitCount;
                mEvents.push_back({PairChange::Began, a, b, *c});
            }
        });
    }
    // Whatever it hit before and no longer hits has ended; the rest lose their mark.
    for (SlotIndex other : mScratch) {
        const std::uint64_t key = keyOf(s, other);
        PairMap::Slot *slot = stored.findSlot(key);
        if (slot->key & PairMap::kMark) {
            slot->key = key;
            continue;
        }
        mEvents.push_back(
            {PairChange::Ended, PairMap::first(key), PairMap::second(key), slot->contact});
        stored.erase(key);
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
    for (const Hit &hit : mLoadedHits)
        mEvents.push_back({PairChange::Ended, hit.a, hit.b, hit.contact});
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
    std::vector<Hit>().swap(mLoadedHits);
}

PairMap &World::pairs() {
    if (!mLoadedHits.empty()) {
        mPairs.reserve(mLoadedHits.size());
        for (const Hit &hit : mLoadedHits)
            mPairs.insertOrAssign(PairMap::pairKey(hit.a, hit.b), hit.contact);
        std::vector<Hit>().swap(mLoadedHits);
    }
    return mPairs;
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

std::vector<PairEvent> World::takeEvents() {
    std::vector<PairEvent> out;
    out.swap(mEvents);
    return out;
}

namespace {

// The order hits are listed in: by (a, b).
bool byPair(const Hit &l, const Hit &r) {
    return PairMap::pairKey(l.a, l.b) < PairMap::pairKey(r.a, r.b);
}

} // namespace

// A load's hits (in cell order) and the pair map's (in hash order) run to tens of thousands, and
// a comparison sort moved each 32-byte hit about log2(n) times (a twentieth of a 100,000-shape
// load): a stable radix sort on the packed handles moves each once per 12-bit digit, and only
// over the bits the handles use.
void sortByPair(std::vector<Hit> &hits) {
    if (hits.size() < 1024) {
        std::sort(hits.begin(), hits.end(), byPair);
        return;
    }
    ShapeHandle maxA = 0, maxB = 0;
    for (const Hit &h : hits) {
        maxA = std::max(maxA, h.a);
        maxB = std::max(maxB, h.b);
    }
    const int bitsOfB = std::bit_width(maxB);
    const int bits = std::bit_width(maxA) + bitsOfB; // <= 62: handles have 31 bits
    const auto packed = [bitsOfB](const Hit &h) { return (std::uint64_t{h.a} << bitsOfB) | h.b; };
    constexpr int kDigitBits = 12;
    constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
    std::vector<Hit> buffer(hits.size());
    std::vector<std::uint32_t> start(kBuckets);
    for (int shift = 0; shift < bits; shift += kDigitBits) {
        std::fill(start.begin(), start.end(), 0);
        for (const Hit &h : hits)
            ++start[(packed(h) >> shift) & (kBuckets - 1)];
        std::uint32_t sum = 0;
        for (std::uint32_t &s : start)
            sum += std::exchange(s, sum);
        for (const Hit &h : hits)
            buffer[start[(packed(h) >> shift) & (kBuckets - 1)]++] = h;
        hits.swap(buffer);
    }
}

std::vector<Hit> World::hits() const {
    if (!mLoadedHits.empty())
        return mLoadedHits; // sorted by the load
    std::vector<Hit> out;
    out.reserve(mPairs.size());
    for (const PairMap::Slot &s : mPairs.slots())
        if (s.key != PairMap::kEmpty)
            out.push_back({PairMap::first(s.key), PairMap::second(s.key), s.contact});
    sortByPair(out);
    return out;
}

std::optional<Contact> World::contact(ShapeHandle a, ShapeHandle b) const {
    if (a == b || !contains(a) || !contains(b))
        return std::nullopt;
    const Contact *c = nullptr;
    if (!mLoadedHits.empty()) {
        const Hit wanted{std::min(a, b), std::max(a, b), {}};
        const auto at = std::lower_bound(mLoadedHits.begin(), mLoadedHits.end(), wanted, byPair);
        if (at != mLoadedHits.end() && at->a == wanted.a && at->b == wanted.b)
            c = &at->contact;
    } else {
        c = mPairs.find(PairMap::pairKey(std::min(a, b), std::max(a, b)));
    }
    if (!c)
        return std::nullopt;
    return a < b ? *c : flipped(*c);
}

std::optional<Contact> World::contactComputedAs(ShapeHandle a, ShapeHandle b) const {
    const std::optional<Contact> stored = contact(a, b);
    if (!stored || a < b)
        return stored;
    // Only hitting pairs are recomputed; a pair on the touch tolerance's edge keeps the stored
    // contact rather than vanishing.
    const std::optional<Contact> fresh = testInOrder(slotOf(a), slotOf(b));
    return fresh ? fresh : stored;
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
           mBroadphase.memoryBytes() + mPairs.memoryBytes() + mLoadedHits.capacity() * sizeof(Hit) +
           mScratchKeys.capacity() * sizeof(std::uint64_t) +
           mEvents.capacity() * sizeof(PairEvent) + mScratch.capacity() * sizeof(SlotIndex) +
           mSmallLayerMask.capacity() * sizeof(std::uint64_t) +
           mLargeLayerPairs.capacity() * sizeof(std::uint32_t);
}

} // namespace hitsmith::collision
