// World's bulk paths: loading many shapes at once (the path a document takes when it is opened)
// and the full recompute. The incremental paths and the storage they share are in world.cpp.

#include "world.h"

#include "narrowphase.h"
#include "prefetch.h"
#include "vectorstate.h"
#include "worldcontact.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <memory>
#include <numeric>
#include <optional>
#include <system_error>
#include <thread>

#if defined(__linux__)
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>
#endif

namespace hitsmith::collision {

namespace {

// Cores this process may run on: the affinity mask where the system has one (a process pinned to
// one core of many gains nothing from a helper thread), else what the library reports.
unsigned usableCores() {
#if defined(__linux__)
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        return static_cast<unsigned>(CPU_COUNT(&set));
#endif
    return std::thread::hardware_concurrency();
}

// Cores online in the whole system (what /proc/loadavg's runnable count is about).
unsigned onlineCores() {
#if defined(__linux__)
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (online > 0)
        return static_cast<unsigned>(online);
#endif
    return std::thread::hardware_concurrency();
}

// Whether a helper would find a core right now, from the kernel's instantaneous count of
// runnable tasks (the calling thread among them); true where that cannot be read.
bool aCoreIsFreeNow() {
#if defined(__linux__)
    static const unsigned cores = onlineCores();
    const int fd = ::open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return true;
    char text[128];
    const ssize_t got = ::read(fd, text, sizeof text);
    ::close(fd);
    return got <= 0 || detail::aCoreIsFree({text, static_cast<std::size_t>(got)}, cores);
#else
    return true;
#endif
}

std::atomic<std::uint64_t> gPassesOnTwo{0}, gPassesOnOne{0};

} // namespace

namespace detail {

bool aCoreIsFree(std::string_view loadavg, unsigned cores) {
    // "0.52 0.58 0.59 2/345 12345": the fourth field is runnable/total, the reader among the
    // runnable. A helper is worth starting while fewer other tasks than cores are runnable: on a
    // quiet two-core machine a task that wakes now and then must not cost the helper (the
    // instantaneous count often shows one), while a machine busy with other jobs shows many.
    std::size_t at = 0;
    for (int field = 0; field < 3; ++field) {
        at = loadavg.find(' ', at);
        if (at == std::string_view::npos)
            return true;
        ++at;
    }
    std::uint64_t running = 0;
    std::size_t digits = 0;
    for (; at < loadavg.size() && loadavg[at] >= '0' && loadavg[at] <= '9' && digits < 9;
         ++at, ++digits)
        running = running * 10 + static_cast<unsigned>(loadavg[at] - '0');
    if (digits == 0 || running == 0 || at >= loadavg.size() || loadavg[at] != '/')
        return true;            // not the expected format: as if the machine were idle
    return running - 1 < cores; // running >= 1 (the reader); 0 would be another format
}

} // namespace detail

World::PassCounts World::passCounts() {
    return {gPassesOnTwo.load(std::memory_order_relaxed),
            gPassesOnOne.load(std::memory_order_relaxed)};
}

std::vector<ShapeHandle> World::loadEmpty(ShapeSource &source, LoadEvents events) {
    // Every shape is prepared once straight into the bodies and the vertex pool (its box goes to
    // the grid, keyed by input index), as fresh memory is a large part of a load; on two
    // threads, the second half goes through chunks first (stageInTwoLanes). Handles are the
    // input indices, as allocateHandle() would hand them out.
    const std::size_t n = source.size();
    const std::size_t firstEvent = mEvents.size();
    try {
        const bool inTwoLanes = source.readsInTwoLanes() && runsOnTwoThreads(n);
        source.startReading(inTwoLanes);
        const std::size_t vertexHint = source.vertexCountHint();
        mBodies.reserve(n);
        mVertices.reserve(vertexHint);
        mBroadphase.reserve(n);
        mBroadphase.setAutoRebuild(false);
        if (inTwoLanes) {
            stageInTwoLanes(source, vertexHint);
        } else {
            for (std::size_t i = 0; i < n; ++i) {
                // Each body is constructed where it is filled: one pass over fresh memory. A
                // staged box is finite and its id new, so it is parked without insert()'s checks.
                if (const std::optional<Aabb> box =
                        stage(mBodies.emplace_back(), source.next(i), mVertices)) {
                    mBroadphase.parkFresh(static_cast<SlotIndex>(i), roundOut(*box));
                }
            }
        }
        // The source may have looked names up while it was read (see vectorstate.h).
        clearUpperVectorState();
        mBroadphase.setAutoRebuild(true); // one rebuild with every box
        mShapeCount = n;
        // Slots are the input indices. Renumbering them into cell order here (as recomputeAll
        // does for a large world) measured slower than the pair pass it speeds up: 16% of a
        // 100,000-shape load went to the permutation. The first full recompute restores locality.
        mSlotOfHandle.resize(n);
        std::iota(mSlotOfHandle.begin(), mSlotOfHandle.end(), SlotIndex{0});
        mHandleOfSlot = mSlotOfHandle;
        loadPairs(events);
        // The caller's copy of the handles too: its allocation can fail like any other.
        return std::vector<ShapeHandle>(mHandleOfSlot.begin(), mHandleOfSlot.end());
    } catch (...) {
        // A source or an allocation failed part-way: back to the empty world this was, with
        // no trace of the half-done load (no events either), and the failure passed on. The
        // hits found so far are dropped first: they are not pairs that ended, and clear() would
        // list each as an Ended event, which after a failed allocation could fail in turn.
        std::vector<Hit>().swap(mLoadedHits);
        clear();
        mEvents.resize(firstEvent);
        throw;
    }
}

void World::stageInTwoLanes(ShapeSource &source, std::size_t vertexHint) {
    // This thread stages the first half straight into the world, as the one-thread load does.
    // The second half is cut into chunks that a helper stages into chunk-sized bodies and
    // vertex pools (and that this thread takes too once its half is done, so a helper kept
    // waiting by a busy machine costs a chunk at most). Then the two finish side by side on
    // different parts of the world: the helper appends the chunks' bodies and vertices in
    // order, this thread puts their boxes in the grid and builds it. Every shape is staged by
    // the same code either way, and everything ends up in the same order, so the world is the
    // one-thread load's bit for bit.
    const std::size_t n = source.size(), half = n / 2;
    constexpr std::size_t kChunks = 16;
    struct alignas(64) Chunk { // a cache line of its own: the threads fill neighbouring chunks
        std::vector<Body> bodies;
        std::vector<Vec2> vertices;
        std::vector<std::pair<SlotIndex, FloatBox>> boxes; // rounded out here, not at merging
        std::atomic<bool> ready{false};                    // staged (or given up)
    };
    Chunk chunks[kChunks];
    const auto chunkStart = [&](std::size_t k) { return half + (n - half) * k / kChunks; };
    std::atomic<std::size_t> nextChunk{0};
    std::atomic<std::size_t> chunksDone{0}; // pushed past kChunks when a thread fails
    std::atomic<bool> halfDone{false};      // this thread's half is in the world (or it failed)
    std::atomic<bool> failed{false};
    auto fail = [&] { // stops the other thread at its next step, and wakes it if it waits
        failed.store(true);
        nextChunk.store(kChunks);
        chunksDone.fetch_add(kChunks + 1);
        chunksDone.notify_all();
        halfDone.store(true);
        halfDone.notify_all();
        for (Chunk &chunk : chunks) {
            chunk.ready.store(true);
            chunk.ready.notify_all();
        }
    };
    auto stageChunks = [&](int lane) {
        for (std::size_t k; !failed.load() && (k = nextChunk.fetch_add(1)) < kChunks;) {
            Chunk &chunk = chunks[k];
            const std::size_t begin = chunkStart(k), end = chunkStart(k + 1);
            // Sized up front: a heap left untidy by a parse makes every growth step costly.
            chunk.bodies.reserve(end - begin);
            chunk.boxes.reserve(end - begin);
            chunk.vertices.reserve(vertexHint / n * (end - begin) * 5 / 4 + 64);
            for (std::size_t i = begin; i < end; ++i)
                if (const std::optional<Aabb> box = stage(
                        chunk.bodies.emplace_back(), source.nextInLane(i, lane), chunk.vertices))
                    chunk.boxes.push_back({static_cast<SlotIndex>(i), roundOut(*box)});
            chunk.ready.store(true);
            chunk.ready.notify_all();
            chunksDone.fetch_add(1);
            chunksDone.notify_all();
        }
    };
    auto waitForChunks = [&] {
        for (std::size_t done = chunksDone.load(); done < kChunks; done = chunksDone.load())
            chunksDone.wait(done);
    };
    auto appendBodies = [&] { // the world's bodies and vertex pool only
        for (const Chunk &chunk : chunks) {
            const auto offset = static_cast<std::uint32_t>(mVertices.size());
            mVertices.insert(mVertices.end(), chunk.vertices.begin(), chunk.vertices.end());
            for (const Body &body : chunk.bodies) {
                Body &added = mBodies.emplace_back(body);
                if (added.type == GeometryKind::Polygon)
                    added.polyOffset += offset; // was counted in the chunk's own pool
            }
        }
    };
    auto buildGrid = [&] { // the world's grid only; each chunk's boxes as soon as it is ready
        for (const Chunk &chunk : chunks) {
            chunk.ready.wait(false);
            if (failed.load())
                return;
            for (const auto &[slot, box] : chunk.boxes)
                mBroadphase.parkFresh(slot, box);
        }
        mBroadphase.setAutoRebuild(true); // one rebuild with every box
    };
    std::exception_ptr helperFailure;
    {
        std::optional<std::jthread> helper;
        try {
            helper.emplace([&] {
                clearUpperVectorState(); // a new thread starts with this thread's registers
                try {
                    stageChunks(1);
                    waitForChunks();
                    halfDone.wait(false);
                    if (!failed.load())
                        appendBodies();
                } catch (...) {
                    helperFailure = std::current_exception();
                    fail();
                }
            });
        } catch (const std::system_error &) {
            // No thread to be had: this thread does it all.
        }
        try {
            for (std::size_t i = 0; i < half; ++i)
                if (const std::optional<Aabb> box =
                        stage(mBodies.emplace_back(), source.nextInLane(i, 0), mVertices))
                    mBroadphase.parkFresh(static_cast<SlotIndex>(i), roundOut(*box));
            halfDone.store(true);
            halfDone.notify_all();
            stageChunks(0);
            if (!helper)
                appendBodies();
            buildGrid();
        } catch (...) {
            fail();
            throw; // the helper is joined on the way out
        }
    } // the helper is joined here
    if (helperFailure)
        std::rethrow_exception(helperFailure);
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
    bool readsInTwoLanes() const override { return true; } // nothing but reads

private:
    std::span<const ShapeInput> mShapes;
};

} // namespace

std::vector<ShapeHandle> World::addAll(ShapeSource &source, LoadEvents events) {
    clearUpperVectorState(); // whatever ran before (a name's hash) must not slow the load
    const std::size_t n = source.size();
    if (mBodies.empty() && n != 0 && n <= PairMap::kMaxHandle + 1)
        return loadEmpty(source, events);
    // Into a world with shapes: lay the inputs out (their points in one pool) and add them.
    source.startReading(false);
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
    clearUpperVectorState();
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

void World::recomputeAll() {
    clearUpperVectorState();
    mBroadphase.rebuild();
    retestAllPairs();
}

template <typename OnHit>
void World::forEachHit(OnHit &&onHit, std::size_t part, std::size_t parts,
                       bool scatteredSlots) const {
    // Map slots are scattered in memory (and bodies are, until slots are renumbered), so two
    // short software pipelines prefetch what a pair will need: its bodies and handles on entry, its
    // polygon vertices kLag pairs later, and the test kLag pairs after that; a hit's map slot kLag
    // hits before onHit sees it.
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
        // Without a branch: whether a shape is a polygon, and over how many lines its vertices
        // lie, are coin tosses (the form before, a branch on the kind and prefetchLines' loop
        // over the lines, measured 4% slower). Other kinds ask for the pool's first line (the
        // mask zeroes their stale offset and capacity).
        const Body &body = mBodies[s];
        const std::uint32_t polygon = -std::uint32_t(body.type == GeometryKind::Polygon);
        prefetchEnds(mVertices.data() + (body.polyOffset & polygon),
                     std::size_t(body.polyCapacity & polygon) * sizeof(Vec2));
    };
    const ShapeHandle *handleOfSlot = mHandleOfSlot.data();
    mBroadphase.forEachPairInPart(part, parts, [&](SlotIndex p, SlotIndex q) {
        prefetchLines(&mBodies[p], sizeof(Body));
        prefetchLines(&mBodies[q], sizeof(Body));
        // test() and keyOf() read both handles: scattered too until slots are renumbered (a
        // miss there was most of test()'s time after a bulk load).
        if (scatteredSlots) {
            prefetchLines(handleOfSlot + p, sizeof(ShapeHandle));
            prefetchLines(handleOfSlot + q, sizeof(ShapeHandle));
        }
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

bool World::runsOnTwoThreads(std::size_t shapes) const {
    static const unsigned cores = usableCores();
    switch (mPassThreads) {
    case PassThreads::One:
        return false;
    case PassThreads::Two:
        return true;
    case PassThreads::Auto:
        break;
    }
    if (shapes < kParallelMinShapes || cores < 2)
        return false;
    // A helper that waits for a core makes the pass slower than one thread: this thread ends
    // up waiting for it to finish its piece or chunk (a time slice or more on a busy machine,
    // where it measured 20-40% slower than one thread). So it is started only when fewer other
    // tasks than cores are runnable right now.
    const bool two = aCoreIsFreeNow();
    (two ? gPassesOnTwo : gPassesOnOne).fetch_add(1, std::memory_order_relaxed);
    return two;
}

std::vector<std::vector<World::FoundHit>>
World::findAllHitsOnTwoThreads(bool scatteredSlots) const {
    auto into = [](std::vector<FoundHit> &list) {
        return [&list](const FoundHit &hit) { list.push_back(hit); };
    };
    std::vector<std::vector<FoundHit>> lists;
    // The grid cut into pieces of equal box counts, taken in turn by this thread and a helper:
    // the pass only reads the world, each piece gathers its own hits, and the pieces joined in
    // order are the serial pass's list. Many small pieces rather than two halves, so that a
    // helper kept waiting by a busy machine delays the pass by one piece at most.
    constexpr std::size_t kPieces = 16;
    struct alignas(64) Piece { // a cache line of its own: the threads fill neighbouring pieces
        std::vector<FoundHit> hits;
    };
    Piece pieces[kPieces];
    std::atomic<std::size_t> nextPiece{0};
    std::exception_ptr failure;
    auto takePieces = [&] {
        for (std::size_t k; (k = nextPiece.fetch_add(1)) < kPieces;) {
            // Room for half a hit per shape, as the one-thread pass reserves: growing a list
            // step by step costs dearly in a heap left untidy by a parse.
            pieces[k].hits.reserve(mBodies.size() / (2 * kPieces) + 16);
            forEachHit(into(pieces[k].hits), k, kPieces, scatteredSlots);
        }
    };
    {
        std::optional<std::jthread> helper;
        try {
            helper.emplace([&] {
                clearUpperVectorState(); // a new thread starts with this thread's registers
                try {
                    takePieces();
                } catch (...) {
                    failure = std::current_exception();
                }
            });
        } catch (const std::system_error &) {
            // No thread to be had: this thread takes every piece.
        }
        try {
            takePieces();
        } catch (...) {
            nextPiece.store(kPieces); // the helper stops after its current piece
            throw;
        }
    } // the helper is joined here, also when this thread threw
    if (failure)
        std::rethrow_exception(failure);
    lists.reserve(kPieces);
    for (Piece &piece : pieces)
        lists.push_back(std::move(piece.hits));
    return lists;
}

void World::loadPairs(LoadEvents events) {
    // A fresh world: every hit is new. They are kept as a list sorted by pair (what hits()
    // answers with), not hashed into the pair map: the first edit that needs the map builds it
    // (pairs()). Slots are the input order here, not cell order (loadEmpty leaves renumbering to
    // the first full recompute).
    mLoadedHits.clear();
    auto keep = [this](const FoundHit &hit) {
        mLoadedHits.push_back({PairMap::first(hit.key), PairMap::second(hit.key), hit.contact});
        ++mBodies[hit.p].hitCount;
        ++mBodies[hit.q].hitCount;
    };
    if (runsOnTwoThreads(mBodies.size())) {
        const std::vector<std::vector<FoundHit>> lists = findAllHitsOnTwoThreads(true);
        std::size_t total = 0;
        for (const std::vector<FoundHit> &list : lists)
            total += list.size();
        mLoadedHits.reserve(total);
        for (const std::vector<FoundHit> &list : lists) {
            for (std::size_t k = 0; k < list.size(); ++k) {
                if (k + 8 < list.size()) { // the bodies whose counts a later hit raises
                    prefetchLines(&mBodies[list[k + 8].p], sizeof(Body));
                    prefetchLines(&mBodies[list[k + 8].q], sizeof(Body));
                }
                keep(list[k]);
            }
        }
    } else {
        // Straight into the list as the pass finds them: no list of found hits in between
        // (a megabyte at 100,000 shapes, written and read again), and each hit's bodies are
        // still in cache when their counts go up.
        mLoadedHits.reserve(mBodies.size() / 2 + 16);
        forEachHit(keep, 0, 1, true);
    }
    const std::size_t firstEvent = mEvents.size();
    if (events == LoadEvents::Record) {
        mEvents.reserve(firstEvent + mLoadedHits.size());
        for (const Hit &hit : mLoadedHits)
            mEvents.push_back({PairChange::Began, hit.a, hit.b, hit.contact});
    }
    sortByPair(mLoadedHits);
    sortNewEvents(firstEvent);
}

void World::retestAllPairs() {
    restoreLocality();
    const std::size_t firstEvent = mEvents.size();
    PairMap &stored = pairs();

    // Every candidate pair is tested; every hit is marked as seen in the pair map (updated or
    // inserted), so the unmarked remainder is exactly the pairs that ended.
    auto record = [&](const FoundHit &hit) {
        const ShapeHandle a = PairMap::first(hit.key), b = PairMap::second(hit.key);
        if (PairMap::Slot *slot = stored.findSlot(hit.key)) {
            if (changedBeyondTolerance(slot->contact, hit.contact))
                mEvents.push_back({PairChange::Changed, a, b, hit.contact});
            slot->contact = hit.contact;
            slot->key = hit.key | PairMap::kMark;
        } else {
            stored.insertOrAssign(hit.key | PairMap::kMark, hit.contact);
            ++mBodies[hit.p].hitCount;
            ++mBodies[hit.q].hitCount;
            mEvents.push_back({PairChange::Began, a, b, hit.contact});
        }
    };
    if (runsOnTwoThreads(mBodies.size())) {
        // Found on two threads, recorded here in order.
        for (const std::vector<FoundHit> &list : findAllHitsOnTwoThreads(false))
            for (const FoundHit &hit : list)
                record(hit);
    } else {
        forEachHit(record);
    }

    mScratchKeys.clear();
    for (PairMap::Slot &slot : stored.slots()) {
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
        stored.erase(key);
        --mBodies[slotOf(PairMap::first(key))].hitCount;
        --mBodies[slotOf(PairMap::second(key))].hitCount;
    }
    sortNewEvents(firstEvent);
}

// ---- queries ---------------------------------------------------------------------------------

} // namespace hitsmith::collision
