#include "collisionservice.h"

#include "collisiongeometry.h"
#include "validation.h"

#include "collision/polygon_check.h"
#include "collision/prefetch.h"
#include "collision/vectorstate.h"
#include "collision/world.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <memory>
#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif
#include <vector>

namespace hitsmith {

namespace {

constexpr collision::ShapeHandle kNoHandle = std::numeric_limits<collision::ShapeHandle>::max();

/// The last few layer names met and their numbers, recognised by the address of their
/// characters: a frame's shapes take turns on two or three layers, and a hash lookup for
/// each (hashing the name, a cache miss) cost more than the rest of converting the shape.
/// A name whose characters are not shared is simply looked up each time.
class RecentLayers {
public:
    const std::uint16_t *find(const QString &name) const {
        for (int i = 0; i < mCount; ++i)
            if (mNames[i] == name.constData() && mSizes[i] == name.size())
                return &mIndices[i];
        return nullptr;
    }
    std::uint16_t remember(const QString &name, std::uint16_t index) {
        const int slot = mCount < kSize ? mCount++ : (mNext++ % kSize);
        mNames[slot] = name.constData();
        mSizes[slot] = name.size();
        mIndices[slot] = index;
        return index;
    }

private:
    static constexpr int kSize = 8;
    const QChar *mNames[kSize] = {};
    qsizetype mSizes[kSize] = {};
    std::uint16_t mIndices[kSize] = {};
    int mCount = 0;
    unsigned mNext = 0;
};

} // namespace

namespace {

// A frame this large is loaded on two threads by its own world (World::PassThreads): a reset
// builds it alone, not beside another; read in one lane, it is not walked before it is read.
constexpr qsizetype kLargeFrameShapes = 8192;

} // namespace

/// One frame's collision world plus the mapping between world handles and shape indices.
class CollisionService::FrameWorld {
public:
    collision::World world;
    std::vector<collision::ShapeHandle> handleOfShape; // kNoHandle for invalid shapes
    std::vector<int> shapeOfHandle;                    // -1 for unused handles
    QList<HitEvent> pending;

    int indexOf(collision::ShapeHandle h) const {
        return h < shapeOfHandle.size() ? shapeOfHandle[h] : -1;
    }

    void reindex() {
        std::fill(shapeOfHandle.begin(), shapeOfHandle.end(), -1);
        for (int i = 0; i < int(handleOfShape.size()); ++i) {
            const collision::ShapeHandle h = handleOfShape[i];
            if (h == kNoHandle)
                continue;
            if (h >= shapeOfHandle.size())
                shapeOfHandle.resize(h + 1, -1);
            shapeOfHandle[h] = i;
        }
    }

    /// A hit between two handles as shapes in file order. When the handles' order differs
    /// from the file's (after an insert or a reorder), a current contact is recomputed in file
    /// order rather than flipped, so it has the bits a full recompute gives (a tie between
    /// separating axes is broken by the order of the test); an ended pair's last contact is
    /// flipped.
    FrameHit inFileOrder(collision::ShapeHandle a, collision::ShapeHandle b,
                         const collision::Contact &contact, bool current) const {
        FrameHit hit{indexOf(a), indexOf(b), contact.depth,
                     QPointF(contact.normal.x, contact.normal.y)};
        if (hit.a > hit.b && hit.b >= 0) {
            std::swap(hit.a, hit.b);
            const std::optional<collision::Contact> inOrder =
                current ? world.contactComputedAs(b, a) : std::nullopt;
            if (inOrder) {
                hit.depth = inOrder->depth;
                hit.normal = QPointF(inOrder->normal.x, inOrder->normal.y);
            } else {
                hit.normal = -hit.normal;
            }
        }
        return hit;
    }

    /// Turns the world's events into index-based ones.
    void collectEvents() {
        for (const collision::PairEvent &event : world.takeEvents()) {
            FrameHit hit = inFileOrder(event.a, event.b, event.contact,
                                       event.change != collision::PairChange::Ended);
            const HitChange change = event.change == collision::PairChange::Began ? HitChange::Began
                                     : event.change == collision::PairChange::Changed
                                         ? HitChange::Changed
                                         : HitChange::Ended;
            pending.append({change, hit});
        }
    }
};

CollisionService::CollisionService(Document *document, QObject *parent)
    : QObject(parent)
    , mDocument(document) {
    connect(document, &Document::changed, this, &CollisionService::onDocumentChanged);
    rebuildAll();
}

CollisionService::~CollisionService() = default;

std::uint16_t CollisionService::layerIndex(const QString &layer) {
    auto it = mLayerIndex.find(layer);
    if (it == mLayerIndex.end())
        it = mLayerIndex.insert(layer, std::uint16_t(mLayerIndex.size()));
    // Qt's hash of a short name leaves the CPU's vector registers in a state that slows all the
    // geometry after it (collision/vectorstate.h).
    collision::clearUpperVectorState();
    return *it;
}

/// A frame's shapes as the world's bulk load reads them: each converted and checked only when
/// the world asks for it (nothing laid out in between). A shape that is not collidable comes out
/// as an empty polygon, which the world keeps but never pairs; buildWorld then removes it.
class CollisionService::FrameSource final : public collision::ShapeSource {
public:
    /// A frame whose every layer has its number already (numberLayers, which also counted
    /// vertexCount, the polygons' vertices): the lanes only look names up, so the numbering
    /// does not depend on which lane got there first, and nothing of the service is written.
    FrameSource(const CollisionService &service, const Frame &frame, std::size_t vertexCount)
        : mLayers(service.mLayerIndex)
        , mFrame(frame)
        , mCollidable(std::size_t(frame.shapes.size()), 0)
        , mVertexCount(vertexCount) {}
    /// A frame whose layers this source numbers: for a large frame read in one lane, as the
    /// shapes are read (in file order, as numberLayers would, without a walk through the frame
    /// beforehand: at 100,000 shapes that walk streamed 14 MB of shapes for a few names), else
    /// all at once before reading starts.
    FrameSource(CollisionService &service, const Frame &frame)
        : mLayers(service.mLayerIndex)
        , mNumbering(&service)
        , mFrame(frame)
        , mCollidable(std::size_t(frame.shapes.size()), 0) {}

    std::size_t size() const override { return std::size_t(mFrame.shapes.size()); }
    void startReading(bool inTwoLanes) override {
        if (!mNumbering)
            return;
        if (inTwoLanes || mFrame.shapes.size() < kLargeFrameShapes) {
            // A small frame's walk is a walk through the cache, and gives the exact room.
            mVertexCount = mNumbering->numberLayers(mFrame);
            mNumbering = nullptr; // the lanes only look names up
        } else {
            // Not counted: room for four vertices a shape is set aside (the untouched part of a
            // large block costs no memory; a frame of larger polygons grows the pool as it goes).
            mVertexCount = size() * kVertexGuess;
        }
    }
    std::size_t vertexCountHint() const override { return mVertexCount; }
    collision::ShapeInput next(std::size_t i) override { return nextInLane(i, 0); }
    // Each lane converts into its own scratch and remembers its own last layer; the layer
    // table is only read. mCollidable has a byte per shape: a lane writes only its shapes'.
    bool readsInTwoLanes() const override { return true; }
    collision::ShapeInput nextInLane(std::size_t i, int laneIndex) override {
        Lane &lane = mLanes[laneIndex];
        const Shape &shape = mFrame.shapes[qsizetype(i)];
        // Two prefetches a shape, so that reading does not wait on memory at 100,000 shapes: a
        // polygon's points are a heap block of their own, asked for a few shapes ahead (the
        // first point's load was a quarter of this function's time), and the shapes themselves
        // (160 bytes each, 16 MB) further ahead still, so that reading the points pointer for
        // that first prefetch does not wait either (it was a fifth of this function's time).
        const std::size_t count = std::size_t(mFrame.shapes.size());
        if (i + kShapesAhead < count)
            collision::prefetchLines(&mFrame.shapes[qsizetype(i + kShapesAhead)], sizeof(Shape));
        if (i + kPointsAhead < count) {
            // Both ends: a polygon's 3 to 8 points take 48 to 128 bytes, so often two lines.
            const QList<QPointF> &points = mFrame.shapes[qsizetype(i + kPointsAhead)].points;
            collision::prefetchEnds(points.constData(),
                                    std::size_t(points.size()) * sizeof(QPointF));
        }
        collision::ShapeInput input; // an empty polygon: kept, never paired
        switch (shape.type) {
        case ShapeType::Polygon:
            lane.points.clear();
            for (QPointF p : shape.points)
                lane.points.push_back({p.x(), p.y()});
            // validateShape's polygon rule (checkConvexPolygon on exactly these points),
            // without converting them a second time.
            if (!collision::checkConvexPolygon(lane.points).isValid())
                return input;
            input.points = lane.points;
            break;
        case ShapeType::Rect:
            if (!isCollidableRectOrCircle(shape))
                return input;
            input.type = collision::GeometryKind::Rect;
            input.center = {shape.center.x(), shape.center.y()};
            input.size = {shape.size.width(), shape.size.height()};
            input.angleDegrees = shape.angle;
            break;
        case ShapeType::Circle:
            if (!isCollidableRectOrCircle(shape))
                return input;
            input.type = collision::GeometryKind::Circle;
            input.center = {shape.center.x(), shape.center.y()};
            input.radius = shape.radius;
            break;
        case ShapeType::Capsule:
            if (!isCollidableRectOrCircle(shape)) // exactly two ends, radius > 0, in range
                return input;
            lane.points.clear();
            lane.points.push_back({shape.points[0].x(), shape.points[0].y()});
            lane.points.push_back({shape.points[1].x(), shape.points[1].y()});
            input.type = collision::GeometryKind::Capsule;
            input.points = lane.points;
            input.radius = shape.radius;
            break;
        case ShapeType::Point: // a locator never collides
            return input;
        }
        // Frames mostly use a few layers: a name is looked up only when it is not among the last
        // few met (by the address of its characters, which readers share: SharedNames).
        const std::uint16_t *known = lane.layers.find(shape.layer);
        input.layer = known ? *known : lane.layers.remember(shape.layer, numberOf(shape.layer));
        mCollidable[i] = 1;
        return input;
    }
    /// Whether shape i was collidable (valid once the world has read it).
    bool isCollidable(std::size_t i) const { return mCollidable[i] != 0; }

private:
    static constexpr std::size_t kPointsAhead = 4;
    static constexpr std::size_t kShapesAhead = 12;
    static constexpr std::size_t kVertexGuess = 4;
    std::uint16_t numberOf(const QString &layer) const {
        if (mNumbering)
            return mNumbering->layerIndex(layer);
        const std::uint16_t number = mLayers.value(layer);
        collision::clearUpperVectorState(); // as layerIndex does
        return number;
    }
    struct alignas(64) Lane { // a cache line of its own: the lanes write theirs all the time
        std::vector<collision::Vec2> points; // the current polygon's, reused
        RecentLayers layers;
    };
    const QHash<QString, std::uint16_t> &mLayers;
    CollisionService *mNumbering = nullptr; // numbers new layers as the one lane meets them
    const Frame &mFrame;
    std::vector<std::uint8_t> mCollidable;
    std::size_t mVertexCount = 0;
    Lane mLanes[2];
};

namespace {

std::atomic<CollisionService::ResetThreads> gResetThreads{CollisionService::ResetThreads::Auto};

// Below this many shapes in the other frames, a reset builds them on one thread: starting one
// costs some 50 microseconds, building 4,096 shapes' worlds a millisecond or more.
constexpr qsizetype kTwoThreadResetShapes = 4096;

// Cores this process may run on: the affinity mask where the system has one, else what the
// library reports.
unsigned usableCores() {
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return unsigned(CPU_COUNT(&set));
#endif
    return std::thread::hardware_concurrency();
}

} // namespace

void CollisionService::setResetThreads(ResetThreads threads) {
    gResetThreads.store(threads, std::memory_order_relaxed);
}

std::size_t CollisionService::numberLayers(const Frame &frame) {
    // File order, as a one-thread load meets them; a name is looked up only when it is not
    // among the last few met. The vertices are counted in the same pass: a walk over 100,000
    // shapes is a walk through memory, and a second one cost as much as the first.
    RecentLayers numbered;
    std::size_t vertices = 0;
    for (const Shape &shape : frame.shapes) {
        if (shape.type == ShapeType::Polygon)
            vertices += std::size_t(shape.points.size());
        if (!numbered.find(shape.layer))
            numbered.remember(shape.layer, layerIndex(shape.layer));
    }
    return vertices;
}

std::shared_ptr<CollisionService::FrameWorld> CollisionService::buildWorld(const Frame &frame) {
    const LayerFilter filter = layerFilter(); // the matrix's layers numbered first, as always
    return buildWorld(frame, filter);
}

std::shared_ptr<CollisionService::FrameWorld>
CollisionService::buildWorld(const Frame &frame, const LayerFilter &filter) {
    FrameSource source(*this, frame);
    return buildWorld(source, filter);
}

std::shared_ptr<CollisionService::FrameWorld>
CollisionService::buildWorld(const Frame &frame, const LayerFilter &filter,
                             std::size_t vertexCount) const {
    FrameSource source(*this, frame, vertexCount);
    return buildWorld(source, filter);
}

std::shared_ptr<CollisionService::FrameWorld>
CollisionService::buildWorld(FrameSource &source, const LayerFilter &filter) const {
    auto fw = std::make_shared<FrameWorld>();
    applyFilter(fw->world, filter);
    // One bulk build (a single broadphase pass) instead of adding shapes one at a time, each
    // shape converted and validated once as the world reads it. A new world has no history to
    // report: its pairs are not turned into events.
    // Both directions of the mapping in one pass (what reindex() would give); the world's
    // handles become the shapes' (no copy), less those of the shapes that do not collide.
    fw->handleOfShape = fw->world.addAll(source, collision::LoadEvents::Skip);
    std::vector<collision::ShapeHandle> &handles = fw->handleOfShape;
    fw->shapeOfHandle.assign(handles.size(), -1);
    for (std::size_t i = 0; i < handles.size(); ++i) {
        const collision::ShapeHandle h = handles[i];
        if (h == kNoHandle)
            continue; // the world is full (2^31 shapes)
        if (!source.isCollidable(i)) {
            fw->world.remove(h); // had no pair; its handle is free for later adds
            handles[i] = kNoHandle;
            continue;
        }
        if (h >= fw->shapeOfHandle.size())
            fw->shapeOfHandle.resize(std::size_t(h) + 1, -1);
        fw->shapeOfHandle[h] = int(i);
    }
    return fw;
}

CollisionService::LayerFilter CollisionService::layerFilter() {
    const auto &collide = mDocument->data().collide;
    if (!collide)
        return std::nullopt;
    std::vector<std::pair<std::uint16_t, std::uint16_t>> pairs;
    for (const LayerPair &pair : *collide)
        pairs.emplace_back(layerIndex(pair.first), layerIndex(pair.second));
    return pairs;
}

void CollisionService::applyFilter(collision::World &world) {
    applyFilter(world, layerFilter());
}

void CollisionService::applyFilter(collision::World &world, const LayerFilter &filter) {
    if (!filter)
        world.clearLayerFilter();
    else
        world.setLayerFilter(*filter);
}

collision::ShapeHandle CollisionService::addShape(FrameWorld &fw, const Shape &shape) {
    if (!isCollidable(shape))
        return kNoHandle;
    CollisionGeometry g;
    toCollisionGeometry(shape, layerIndex(shape.layer), g);
    return fw.world.add(g.input);
}

void CollisionService::rebuildAll() {
    mWorlds.clear();
    const QList<Sprite> &sprites = mDocument->data().sprites;
    // Layers are numbered in the order building the frames one by one meets them: the
    // matrix's, then each frame's in file order.
    const LayerFilter filter = layerFilter();
    std::vector<const Frame *> frames;
    qsizetype smallShapes = 0;
    for (const Sprite &sprite : sprites) {
        for (const Frame &frame : sprite.frames) {
            frames.push_back(&frame);
            if (frame.shapes.size() < kLargeFrameShapes)
                smallShapes += frame.shapes.size();
        }
    }
    std::vector<std::shared_ptr<FrameWorld>> built(frames.size());
    const ResetThreads threads = gResetThreads.load(std::memory_order_relaxed);
    const bool twoThreads = threads == ResetThreads::Two ||
                            (threads == ResetThreads::Auto &&
                             smallShapes >= kTwoThreadResetShapes && usableCores() >= 2);
    if (!twoThreads) {
        // One frame after the other, each numbering its layers as its world reads it.
        for (std::size_t i = 0; i < frames.size(); ++i)
            built[i] = buildWorld(*frames[i], filter);
    } else {
        // Every layer numbered first, so that the worlds are built without writing anything of
        // the service's and two threads can build them.
        std::vector<std::size_t> vertexCounts;
        vertexCounts.reserve(frames.size());
        for (const Frame *frame : frames)
            vertexCounts.push_back(numberLayers(*frame));
        // The large frames alone (each on its world's two threads), then the others on two
        // threads, a few frames at a time from a shared counter.
        for (std::size_t i = 0; i < frames.size(); ++i)
            if (frames[i]->shapes.size() >= kLargeFrameShapes)
                built[i] = buildWorld(*frames[i], filter, vertexCounts[i]);
        constexpr std::size_t kFramesAtATime = 16;
        std::atomic<std::size_t> next{0};
        const auto work = [&] {
            for (;;) {
                const std::size_t first = next.fetch_add(kFramesAtATime, std::memory_order_relaxed);
                if (first >= frames.size())
                    return;
                const std::size_t end = std::min(frames.size(), first + kFramesAtATime);
                for (std::size_t i = first; i < end; ++i)
                    if (frames[i]->shapes.size() < kLargeFrameShapes)
                        built[i] = buildWorld(*frames[i], filter, vertexCounts[i]);
            }
        };
        std::exception_ptr failed;
        std::thread helper([&] {
            try {
                work();
            } catch (...) {
                failed = std::current_exception();
            }
        });
        try {
            work();
        } catch (...) {
            helper.join();
            throw;
        }
        helper.join();
        if (failed)
            std::rethrow_exception(failed);
    }
    std::size_t i = 0;
    for (const Sprite &sprite : sprites) {
        QList<std::shared_ptr<FrameWorld>> worlds;
        worlds.reserve(sprite.frames.size());
        for (qsizetype f = 0; f < sprite.frames.size(); ++f)
            worlds.append(std::move(built[i++]));
        mWorlds.append(std::move(worlds));
    }
}

CollisionService::FrameWorld *CollisionService::world(FrameRef frame) const {
    if (frame.sprite < 0 || frame.sprite >= mWorlds.size() || frame.frame < 0 ||
        frame.frame >= mWorlds[frame.sprite].size())
        return nullptr;
    return mWorlds[frame.sprite][frame.frame].get();
}

QList<FrameHit> CollisionService::hits(FrameRef frame) const {
    QList<FrameHit> result;
    const FrameWorld *fw = world(frame);
    if (!fw)
        return result;
    const std::vector<collision::Hit> hits = fw->world.hits();
    result.reserve(qsizetype(hits.size()));
    for (const collision::Hit &h : hits) {
        result.append(fw->inFileOrder(h.a, h.b, h.contact, true));
    }
    // Handles follow file order until shapes are inserted or reordered, and then the world's
    // order is already the answer.
    const auto less = [](const FrameHit &x, const FrameHit &y) {
        return std::tie(x.a, x.b) < std::tie(y.a, y.b);
    };
    if (!std::is_sorted(result.cbegin(), result.cend(), less))
        std::sort(result.begin(), result.end(), less);
    return result;
}

std::optional<FrameHit> CollisionService::hit(FrameRef frame, int a, int b) const {
    const FrameWorld *fw = world(frame);
    if (!fw || a < 0 || b < 0 || a >= int(fw->handleOfShape.size()) ||
        b >= int(fw->handleOfShape.size()))
        return std::nullopt;
    const collision::ShapeHandle ha = fw->handleOfShape[a], hb = fw->handleOfShape[b];
    if (ha == kNoHandle || hb == kNoHandle || ha == hb)
        return std::nullopt;
    // Computed in file order, as hits() reports it, then turned to the order asked.
    const std::optional<collision::Contact> contact =
        a < b ? fw->world.contactComputedAs(ha, hb) : fw->world.contactComputedAs(hb, ha);
    if (!contact)
        return std::nullopt;
    const double sign = a < b ? 1.0 : -1.0;
    return FrameHit{a, b, contact->depth,
                    QPointF(sign * contact->normal.x, sign * contact->normal.y)};
}

bool CollisionService::isColliding(ShapeRef shape) const {
    const FrameWorld *fw = world(shape.frameRef());
    if (!fw || shape.shape < 0 || shape.shape >= int(fw->handleOfShape.size()))
        return false;
    const collision::ShapeHandle h = fw->handleOfShape[shape.shape];
    return h != kNoHandle && fw->world.hitCount(h) > 0;
}

void CollisionService::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    const FrameRef frameRef = change.frameRef();
    switch (change.kind) {
    case Kind::ShapeChanged: {
        FrameWorld *fw = world(frameRef);
        if (!fw)
            return;
        const Shape &shape = mDocument->shape(change.shapeRef());
        collision::ShapeHandle &handle = fw->handleOfShape[change.shape];
        if (isCollidable(shape)) {
            CollisionGeometry g;
            toCollisionGeometry(shape, layerIndex(shape.layer), g);
            if (handle == kNoHandle) {
                handle = fw->world.add(g.input);
                fw->reindex();
            } else {
                fw->world.update(handle, g.input);
            }
        } else if (handle != kNoHandle) {
            fw->world.remove(handle);
            handle = kNoHandle;
            fw->collectEvents(); // while the removed handle still maps to its index
            fw->reindex();
        }
        fw->collectEvents();
        emitEvents(frameRef);
        return;
    }
    case Kind::ShapeInserted: {
        FrameWorld *fw = world(frameRef);
        if (!fw)
            return;
        const collision::ShapeHandle handle = addShape(*fw, mDocument->shape(change.shapeRef()));
        fw->handleOfShape.insert(fw->handleOfShape.begin() + change.shape, handle);
        fw->reindex();
        fw->collectEvents();
        emitEvents(frameRef);
        return;
    }
    case Kind::ShapeRemoved: {
        FrameWorld *fw = world(frameRef);
        if (!fw)
            return;
        const collision::ShapeHandle handle = fw->handleOfShape[change.shape];
        fw->handleOfShape.erase(fw->handleOfShape.begin() + change.shape);
        fw->reindex(); // the removed shape now maps to -1, the others to their new indices
        if (handle != kNoHandle) {
            fw->world.remove(handle);
            fw->collectEvents();
        }
        emitEvents(frameRef);
        return;
    }
    case Kind::FrameInserted:
        mWorlds[change.sprite].insert(change.frame, buildWorld(mDocument->frame(frameRef)));
        break;
    case Kind::FrameRemoved:
        mWorlds[change.sprite].removeAt(change.frame);
        break;
    case Kind::FrameMoved:
        mWorlds[change.sprite].move(change.from, change.to);
        break;
    case Kind::SpriteInserted: {
        QList<std::shared_ptr<FrameWorld>> frames;
        for (const Frame &frame : mDocument->sprite(change.sprite).frames)
            frames.append(buildWorld(frame));
        mWorlds.insert(change.sprite, frames);
        break;
    }
    case Kind::SpriteRemoved:
        mWorlds.removeAt(change.sprite);
        break;
    case Kind::SpriteMoved:
        mWorlds.move(change.from, change.to);
        break;
    case Kind::CollisionRulesChanged:
        for (int s = 0; s < mWorlds.size(); ++s) {
            for (int f = 0; f < mWorlds[s].size(); ++f) {
                FrameWorld &fw = *mWorlds[s][f];
                applyFilter(fw.world); // re-tests every pair and records the difference
                fw.collectEvents();
                emitEvents({s, f});
            }
        }
        break;
    case Kind::Reset:
        rebuildAll();
        break;
    case Kind::SpriteChanged:
    case Kind::FrameChanged:
    case Kind::LayersChanged:
    case Kind::VersusChanged:
    case Kind::TickRateChanged:
        return; // nothing collision cares about
    }
    Q_EMIT allHitsChanged();
}

void CollisionService::emitEvents(FrameRef frame) {
    FrameWorld *fw = world(frame);
    if (!fw || fw->pending.isEmpty())
        return;
    const QList<HitEvent> events = std::exchange(fw->pending, {});
    Q_EMIT hitsChanged(frame, events);
}

} // namespace hitsmith
