#pragma once

// The incremental collision world of one frame: it holds copies of the shapes, keeps every
// current hit with its contact, and after each edit re-tests only the edited shape's candidate
// pairs (found through the Broadphase), recording which pairs began, changed or ended.
//
// Determinism: a pair's contact is always computed as collide(lower handle, higher handle), so an
// incremental world and a fresh one agree bit for bit. Events come in the order of the calls
// that caused them, and within one call sorted by (a, b).
//
// Which pairs are tested: pairs on colliding layers whose bounding boxes (kept rounded outwards
// to floats) lie within kTouchTolerance of each other; the narrowphase decides the rest. Costs:
// add/update/remove query the broadphase around the one shape (old and new box) and test only
// those candidates; recomputeAll is O(n + candidate pairs); memory is linear (about 180 bytes a
// shape at moderate density).

#include "broadphase.h"
#include "geometry.h"
#include "pairmap.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace hitsmith::collision {

/// Identifies a shape in a World; freed handles are reused (most recently freed first). A world
/// holds at most 2^31 - 1 shapes.
using ShapeHandle = std::uint32_t;

/// No shape.
inline constexpr ShapeHandle kNoShape = ~ShapeHandle{0};

/// A contact beyond this much change in depth or in a normal component is reported as Changed.
inline constexpr double kContactChangeTolerance = 1e-9;

/// One current hit; a < b, and the normal moves b out of a.
struct Hit {
    ShapeHandle a = kNoShape; ///< the lower handle
    ShapeHandle b = kNoShape; ///< the higher handle
    Contact contact;          ///< moves b out of a
    /// Exact comparison.
    constexpr bool operator==(const Hit &) const = default;
};

/// How a pair's hit state changed.
enum class PairChange : std::uint8_t { Began, Changed, Ended };

/// A change of one pair; a < b. For Ended, `contact` is the last contact the pair had.
struct PairEvent {
    PairChange change = PairChange::Began; ///< what happened
    ShapeHandle a = kNoShape;              ///< the lower handle
    ShapeHandle b = kNoShape;              ///< the higher handle
    Contact contact;                       ///< new contact (Ended: the last one); moves b out of a
    /// Exact comparison.
    constexpr bool operator==(const PairEvent &) const = default;
};

/// Whether a bulk load records Began events for the pairs it finds.
enum class LoadEvents : std::uint8_t {
    Record, ///< as add() would
    Skip,   ///< none: for a caller building a fresh world, which has no history to report
};

/// Where a bulk load reads its shapes from: one at a time, in order, each exactly once, so a
/// caller can convert its own shapes on the fly instead of laying them all out first.
class ShapeSource {
public:
    virtual ~ShapeSource() = default;
    /// Number of shapes.
    virtual std::size_t size() const = 0;
    /// Called once before the first shape is read, with whether the load reads in two lanes
    /// (only ever true when readsInTwoLanes()): a source may prepare differently for each.
    virtual void startReading(bool inTwoLanes) { (void)inTwoLanes; }
    /// Total polygon vertices over all shapes, if known cheaply (0: unknown), asked after
    /// startReading(); only sizes memory.
    virtual std::size_t vertexCountHint() const { return 0; }
    /// Shape i (called for i = 0, 1, ..., size() - 1 in turn, unless the source reads in two
    /// lanes); its points need stay valid only until the next call.
    virtual ShapeInput next(std::size_t i) = 0;
    /// Whether a large load may read shapes through nextInLane() instead of next(): then two
    /// threads call it at the same time, each with its own lane (0 or 1), every shape exactly
    /// once, indices rising within a lane but with gaps (the other lane's shapes).
    virtual bool readsInTwoLanes() const { return false; }
    /// Shape i read in a lane: its points need stay valid only until that lane's next call. The
    /// default calls next(), which must then be safe to call from two threads at once.
    virtual ShapeInput nextInLane(std::size_t i, int lane) {
        (void)lane;
        return next(i);
    }
};

namespace detail {
/// Whether /proc/loadavg's text (its fourth field: runnable tasks, the reader among them, over
/// all tasks) says fewer tasks other than the reader are runnable than there are `cores`, so
/// that a helper thread would find a core; true for text of another form.
bool aCoreIsFree(std::string_view loadavg, unsigned cores);
} // namespace detail

/// The incremental collision world of one frame.
class World {
public:
    /// An empty world with every layer pair tested.
    World();

    /// Copies the shape in, computes its pairs and records Began events; returns its handle.
    /// An invalid shape (see ShapeInput) is kept but takes part in no pair.
    ShapeHandle add(const ShapeInput &shape);
    /// Adds many shapes and computes their pairs in one broadphase pass (faster than add() in a
    /// loop); records Began events unless told to skip them; returns the handles in input
    /// order (0, 1, 2, ... in an empty world).
    std::vector<ShapeHandle> addAll(std::span<const ShapeInput> shapes,
                                    LoadEvents events = LoadEvents::Record);
    /// The same as addAll(span), the shapes read once from a source.
    std::vector<ShapeHandle> addAll(ShapeSource &source, LoadEvents events = LoadEvents::Record);
    /// Replaces a shape's geometry (and layer), re-tests only its pairs and records
    /// Began/Changed/Ended. Unknown handles are ignored.
    void update(ShapeHandle h, const ShapeInput &shape);
    /// Removes a shape, recording Ended for its pairs; the handle may be reused later. Unknown
    /// handles are ignored.
    void remove(ShapeHandle h);
    /// Removes every shape, recording Ended for every hit; handles restart from 0.
    void clear();

    /// Tests only the listed layer pairs (symmetric; (l, l) lets a layer hit itself); re-tests
    /// every pair and records the difference as events.
    void setLayerFilter(std::vector<std::pair<std::uint16_t, std::uint16_t>> collidingLayerPairs);
    /// Tests every layer pair again (the default); records the difference as events.
    void clearLayerFilter();
    /// Whether shapes on these two layers are tested against each other.
    bool layersCollide(std::uint16_t a, std::uint16_t b) const;

    /// Rebuilds the broadphase from scratch and re-tests every pair, recording the difference
    /// as events.
    void recomputeAll();
    /// How many threads a bulk load (reading and preparing shapes from a source that allows it,
    /// and the full pass) and recomputeAll run on; the results are the same bit for bit
    /// whichever is chosen.
    enum class PassThreads : std::uint8_t {
        Auto, ///< two for a large world on a machine with two cores or more while fewer other
              ///< tasks than cores are runnable (the kernel's count), else one (default)
        One,  ///< always this thread only
        Two,  ///< always a helper thread too, whatever the size (for tests)
    };
    void setPassThreads(PassThreads threads) { mPassThreads = threads; }
    /// What worlds made from now on start with (PassThreads::Auto unless changed): a process-wide
    /// choice, as for a benchmark of the one-thread path.
    static void setDefaultPassThreads(PassThreads threads);
    /// How the large passes and loads of PassThreads::Auto went, process-wide since it started:
    /// with a helper, or on one thread because no core was free at the time (a benchmark's
    /// figure).
    struct PassCounts {
        std::uint64_t onTwoThreads = 0; ///< a helper was started
        std::uint64_t onOneThread = 0;  ///< large enough, but the cores were taken
    };
    static PassCounts passCounts();

    /// The events recorded since the last call, oldest first.
    std::vector<PairEvent> takeEvents();
    /// Number of events waiting in takeEvents().
    std::size_t pendingEventCount() const { return mEvents.size(); }
    /// Every current hit, sorted by (a, b).
    std::vector<Hit> hits() const;
    /// Number of current hits.
    std::size_t hitCount() const { return mPairs.size() + mLoadedHits.size(); }
    /// Number of current hits of one shape (0 for unknown handles).
    std::size_t hitCount(ShapeHandle h) const {
        return contains(h) ? mBodies[slotOf(h)].hitCount : 0;
    }
    /// The contact of a hitting pair, oriented as asked: its normal moves b out of a.
    std::optional<Contact> contact(ShapeHandle a, ShapeHandle b) const;
    /// The contact of a hitting pair computed as collide(a, b), whichever handle is lower: the
    /// stored contact when a < b, else a fresh test in this order. A caller whose own order of
    /// shapes differs from the handles' (the model's file order after an insert or a reorder)
    /// gets the bits a world built in its order would hold: where the separating axis is a tie
    /// (a box centred in another, concentric circles) the two orders can pick different axes.
    std::optional<Contact> contactComputedAs(ShapeHandle a, ShapeHandle b) const;

    /// Whether `h` names a shape in the world.
    bool contains(ShapeHandle h) const;
    /// Whether the shape `h` is valid and so takes part in pairs.
    bool isValid(ShapeHandle h) const;
    /// Bounding box of a valid shape.
    std::optional<Aabb> bounds(ShapeHandle h) const;
    /// Number of shapes (valid or not).
    std::size_t shapeCount() const { return mShapeCount; }
    /// Bytes of collision state held (shapes, broadphase, hits, scratch and pending events).
    std::size_t memoryBytes() const;

private:
    // Internally a shape lives in a slot: the index of its body and its id in the broadphase.
    // Handles stay fixed for the caller while slots are renumbered after full recomputes so that
    // neighbours in space are neighbours in memory.
    using SlotIndex = std::uint32_t;

    // A shape as stored, one cache line: the prepared geometry of its type (a polygon's points
    // live in mVertices[polyOffset, polyOffset + count) and are resolved on use, so the pool may
    // move), plus bookkeeping.
    struct alignas(64) Body {
        union {
            PolygonView polygon;
            OrientedRect rect;
            Circle circle;
            Capsule capsule;
        };
        std::uint32_t polyOffset = 0;
        std::uint32_t polyCapacity = 0;
        std::uint32_t hitCount = 0;
        std::uint16_t layer = 0;
        GeometryKind type = GeometryKind::Polygon;
        std::uint8_t flags = 0;
        Body()
            : polygon{} {}
    };
    enum BodyFlag : std::uint8_t { Alive = 1, Valid = 2 };
    // Below this many shapes (64 bytes each) a full recompute does not renumber slots into cell
    // order: the bodies fit in a core's cache whatever their order, and the permutation would
    // cost more than it saves. (A bulk load never renumbers; see loadEmpty.)
    static constexpr std::size_t kLocalityMinShapes = 4096;
    // From this many shapes a bulk load and a full pass run on two threads (PassThreads::Auto,
    // two cores): each then takes half a millisecond or more, and starting a thread some 50
    // microseconds.
    static constexpr std::size_t kParallelMinShapes = 8192;

    ShapeHandle allocateHandle();
    SlotIndex slotOf(ShapeHandle h) const { return mSlotOfHandle[h]; }
    void store(SlotIndex s, const ShapeInput &shape);
    PreparedShape prepared(SlotIndex s) const;
    bool testable(SlotIndex p, SlotIndex q) const;
    std::uint64_t keyOf(SlotIndex p, SlotIndex q) const;
    std::optional<Contact> test(SlotIndex p, SlotIndex q) const;
    /// collide(p, q) in this order, whichever handle is lower.
    std::optional<Contact> testInOrder(SlotIndex p, SlotIndex q) const;
    void findPartners(SlotIndex s);
    void beginPairsOf(SlotIndex s);
    void endPairsOf(SlotIndex s);
    void sortNewEvents(std::size_t from);
    void compactVertices();
    // A hit found by a full pass: its key (handles), its slots and its contact.
    struct FoundHit {
        std::uint64_t key;
        SlotIndex p, q;
        Contact contact;
    };
    // Every hit of a full pass (of piece `part` of `parts` of it: Broadphase::forEachPairInPart).
    // Const: a pass only reads the world, which is what lets two threads share it.
    template <typename OnHit>
    // scatteredSlots: slots are not in cell order (a world just loaded), so the handles a pair
    // reads are prefetched too.
    void forEachHit(OnHit &&onHit, std::size_t part = 0, std::size_t parts = 1,
                    bool scatteredSlots = false) const;
    bool runsOnTwoThreads(std::size_t shapes) const; // whether a pass or load uses a helper
    void stageInTwoLanes(ShapeSource &source,
                         std::size_t vertexHint); // loadEmpty's staging on two threads
    // forEachHit's hits in order, as lists to read one after the other, found on two threads.
    std::vector<std::vector<FoundHit>> findAllHitsOnTwoThreads(bool scatteredSlots) const;
    void retestAllPairs();             // recomputeAll on a broadphase just rebuilt
    void loadPairs(LoadEvents events); // the pairs of a world just loaded, all new
    std::vector<ShapeHandle> loadEmpty(ShapeSource &source,
                                       LoadEvents events); // addAll, empty world
    static std::optional<Aabb> stage(Body &body, const ShapeInput &shape,
                                     std::vector<Vec2> &pool); // prepares into pool; box if valid
    static std::optional<Aabb> stagePolygon(Body &body, std::span<const Vec2> points,
                                            std::vector<Vec2> &pool); // stage() for a polygon
    void restoreLocality();
    PairMap &pairs(); // mPairs, built first from mLoadedHits if a load left them there

    std::vector<Body> mBodies;              // by slot
    std::vector<SlotIndex> mSlotOfHandle;   // by handle
    std::vector<ShapeHandle> mHandleOfSlot; // by slot
    std::vector<Vec2> mVertices;
    std::size_t mWastedVertices = 0;
    std::vector<ShapeHandle> mFreeHandles;
    std::size_t mShapeCount = 0;
    Broadphase mBroadphase; // ids are slots
    PairMap mPairs;         // keys are handles; empty while mLoadedHits holds the hits
    // A bulk load's hits, sorted by (a, b), until the first edit that needs the pair map builds
    // it from them (pairs()): opening a document shows its hits without hashing each one into
    // the map (random writes over megabytes at 100,000 shapes) for edits that may never come.
    std::vector<Hit> mLoadedHits;
    std::vector<PairEvent> mEvents;
    std::vector<SlotIndex> mScratch;
    std::vector<std::uint64_t> mScratchKeys;

    PassThreads mPassThreads = PassThreads::Auto;
    bool mFilterActive = false;
    std::vector<std::uint64_t> mSmallLayerMask;  // bit b of row a: layers a and b (both < 64) test
    std::vector<std::uint32_t> mLargeLayerPairs; // sorted (min << 16 | max) for layers >= 64
};

} // namespace hitsmith::collision
