// A large world's full pass on two threads: the grid cut into pieces that, run in order, meet
// exactly the whole pass's pairs in its order; and bulk loads and full recomputes that give the
// one-thread results bit for bit (hits, contacts, events).

#include "collision/broadphase.h"
#include "collision/world.h"

#include <QTest>

#include <atomic>
#include <cmath>
#include <numeric>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

using namespace hitsmith::collision;

namespace {

using Pair = std::pair<Broadphase::Id, Broadphase::Id>;

std::vector<Pair> piecesInOrder(const Broadphase &grid, std::size_t parts) {
    std::vector<Pair> pairs;
    for (std::size_t part = 0; part < parts; ++part)
        grid.forEachPairInPart(part, parts, [&](Broadphase::Id a, Broadphase::Id b) {
            pairs.push_back({a, b});
        });
    return pairs;
}

std::vector<Pair> wholePass(const Broadphase &grid) {
    std::vector<Pair> pairs;
    grid.forEachPair([&](Broadphase::Id a, Broadphase::Id b) { pairs.push_back({a, b}); });
    return pairs;
}

/// Polygons, rectangles (some rotated) and circles, 4-48 px, on layers 0-2, spread so that a
/// shape hits about 0.3 others (the benchmark's mixed documents), plus a few large ones that
/// reach across many cells.
struct MixedScene {
    std::vector<std::vector<Vec2>> points; // per shape (empty unless a polygon)
    std::vector<ShapeInput> inputs;

    explicit MixedScene(std::size_t n, std::uint64_t seed) {
        std::mt19937_64 rng(seed);
        auto uniform = [&](double lo, double hi) {
            return std::uniform_real_distribution<double>(lo, hi)(rng);
        };
        const double extent = 50.0 * std::sqrt(double(n));
        points.resize(n);
        inputs.resize(n);
        for (std::size_t i = 0; i < n; ++i) {
            const double size = uniform(0, 1) < 0.002 ? uniform(300, 900) : uniform(4, 48);
            const Vec2 center{uniform(0, extent), uniform(0, extent)};
            ShapeInput &in = inputs[i];
            in.layer = std::uint16_t(i % 3);
            const double kind = uniform(0, 1);
            if (kind < 0.4) {
                const int k = 3 + int(uniform(0, 5.999));
                for (int j = 0; j < k; ++j) {
                    const double t = 2 * M_PI * (j + uniform(-0.3, 0.3)) / k;
                    points[i].push_back(center + Vec2{std::cos(t), std::sin(t)} * (size / 2));
                }
            } else if (kind < 0.75) {
                in.type = GeometryKind::Rect;
                in.center = center;
                in.size = {size * uniform(0.5, 1), size * uniform(0.5, 1)};
                in.angleDegrees = kind < 0.55 ? 0.0 : uniform(-180, 180);
            } else if (kind < 0.88) {
                in.type = GeometryKind::Circle;
                in.center = center;
                in.radius = size / 2 * uniform(0.6, 1);
            } else { // a capsule (issue 43): its two ends in points
                in.type = GeometryKind::Capsule;
                const double t = uniform(0, 2 * M_PI);
                const Vec2 d = Vec2{std::cos(t), std::sin(t)} * (size / 2);
                points[i] = {center - d, center + d};
                in.radius = size * uniform(0.05, 0.3);
            }
        }
        for (std::size_t i = 0; i < n; ++i)
            inputs[i].points = points[i];
    }
};

} // namespace

class TestParallel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void piecesMeetTheWholePassInOrder();
    void piecesShareOutTheBoxes();
    void gridWithOverlayIsOnePiece();
    void bulkLoadIsTheSameOnTwoThreads_data();
    void bulkLoadIsTheSameOnTwoThreads();
    void recomputeAfterEditsIsTheSameOnTwoThreads();
    void tinyWorldsOnTwoThreads();
    void piecesSkipErasedBoxes();
    void failedLoadLeavesAnEmptyWorld_data();
    void failedLoadLeavesAnEmptyWorld();
    void sourceHearsHowItIsRead_data();
    void sourceHearsHowItIsRead();
    void helperOnlyWhenACoreIsFree_data();
    void helperOnlyWhenACoreIsFree();
    void autoCountsItsLargePasses();
};

void TestParallel::piecesMeetTheWholePassInOrder() {
    // Small boxes and a few huge ones (outliers on coarser levels), some far outside.
    std::mt19937_64 rng(11);
    auto uniform = [&](double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    Broadphase grid;
    grid.setAutoRebuild(false);
    for (Broadphase::Id id = 0; id < 6000; ++id) {
        const double size = uniform(0, 1) < 0.01 ? uniform(200, 2000) : uniform(1, 20);
        const Vec2 at = uniform(0, 1) < 0.01 ? Vec2{uniform(-1e5, 1e5), uniform(-1e5, 1e5)}
                                             : Vec2{uniform(0, 2000), uniform(0, 2000)};
        grid.insert(id, Aabb{at, at + Vec2{size * uniform(0.2, 1), size * uniform(0.2, 1)}});
    }
    // Three overlapping giants, alone on the coarsest level: its cells end the sorted array,
    // so the last piece must reach the very last cell.
    for (Broadphase::Id id = 6000; id < 6003; ++id)
        grid.insert(id, Aabb{{-2e5 + id, -2e5}, {2e5, 2e5}});
    grid.setAutoRebuild(true);
    QVERIFY2(grid.levelCount() > 1, "the outliers should make coarser levels");
    const std::vector<Pair> whole = wholePass(grid);
    QVERIFY(whole.size() > 1000);
    for (std::size_t parts : {1, 2, 3, 7, 16, 1000, 100000})
        QVERIFY2(piecesInOrder(grid, parts) == whole, qPrintable(QString::number(parts)));
}

void TestParallel::piecesShareOutTheBoxes() {
    // Boxes spread evenly: each piece of a 16-way cut meets about a sixteenth of the pairs.
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> at(0, 3000), size(2, 20);
    Broadphase grid;
    grid.setAutoRebuild(false);
    for (Broadphase::Id id = 0; id < 20000; ++id) {
        const Vec2 corner{at(rng), at(rng)};
        grid.insert(id, Aabb{corner, corner + Vec2{size(rng), size(rng)}});
    }
    grid.setAutoRebuild(true);
    const std::size_t whole = wholePass(grid).size();
    for (std::size_t part = 0; part < 16; ++part) {
        std::size_t count = 0;
        grid.forEachPairInPart(part, 16, [&](Broadphase::Id, Broadphase::Id) { ++count; });
        QVERIFY2(count > whole / 32 && count < whole / 8,
                 qPrintable(QString("piece %1: %2 of %3").arg(part).arg(count).arg(whole)));
    }
}

void TestParallel::gridWithOverlayIsOnePiece() {
    Broadphase grid;
    for (Broadphase::Id id = 0; id < 200; ++id)
        grid.insert(id, Aabb{{id * 5.0, 0}, {id * 5.0 + 8, 8}});
    grid.rebuild();
    grid.move(3, Aabb{{40, 0}, {49, 8}}); // into the overlay, no rebuild
    QVERIFY(grid.overlaySize() > 0);
    const std::vector<Pair> whole = wholePass(grid);
    QVERIFY(!whole.empty());
    QVERIFY(piecesInOrder(grid, 4) == whole);
    std::size_t later = 0;
    for (std::size_t part = 1; part < 4; ++part)
        grid.forEachPairInPart(part, 4, [&](Broadphase::Id, Broadphase::Id) { ++later; });
    QCOMPARE(later, std::size_t(0));
}

void TestParallel::bulkLoadIsTheSameOnTwoThreads_data() {
    QTest::addColumn<int>("shapes");
    QTest::addColumn<bool>("filtered");
    QTest::newRow("300 shapes") << 300 << false;
    QTest::newRow("20,000 shapes") << 20000 << false;
    QTest::newRow("20,000 shapes, layer filter") << 20000 << true;
}

void TestParallel::bulkLoadIsTheSameOnTwoThreads() {
    QFETCH(int, shapes);
    QFETCH(bool, filtered);
    const MixedScene scene(std::size_t(shapes), 5);
    World one, two;
    one.setPassThreads(World::PassThreads::One);
    two.setPassThreads(World::PassThreads::Two);
    if (filtered) {
        one.setLayerFilter({{0, 1}, {2, 2}});
        two.setLayerFilter({{0, 1}, {2, 2}});
    }
    std::vector<ShapeHandle> inOrder(scene.inputs.size());
    std::iota(inOrder.begin(), inOrder.end(), ShapeHandle{0});
    QVERIFY(one.addAll(scene.inputs) == inOrder);
    QVERIFY(two.addAll(scene.inputs) == inOrder);
    const std::vector<Hit> hits = one.hits();
    QVERIFY2(hits.size() > std::size_t(shapes) / 10, qPrintable(QString::number(hits.size())));
    QVERIFY(two.hits() == hits); // contacts bit for bit
    const std::vector<PairEvent> events = one.takeEvents();
    QCOMPARE(events.size(), hits.size());
    QVERIFY(two.takeEvents() == events);
}

void TestParallel::recomputeAfterEditsIsTheSameOnTwoThreads() {
    const MixedScene scene(20000, 9);
    World one, two;
    one.setPassThreads(World::PassThreads::One);
    two.setPassThreads(World::PassThreads::Two);
    one.addAll(scene.inputs, LoadEvents::Skip);
    two.addAll(scene.inputs, LoadEvents::Skip);
    // Moves, removals and a layer filter, then a full recompute: Began, Changed and Ended.
    std::mt19937_64 rng(3);
    std::uniform_int_distribution<ShapeHandle> pick(0, ShapeHandle(scene.inputs.size() - 1));
    for (int step = 0; step < 3000; ++step) {
        const ShapeHandle h = pick(rng);
        if (step % 10 == 0) {
            one.remove(h);
            two.remove(h);
            continue;
        }
        ShapeInput moved = scene.inputs[h];
        std::vector<Vec2> points(moved.points.begin(), moved.points.end());
        const Vec2 offset{double(step % 7) - 3.0, double(step % 5) - 2.0};
        for (Vec2 &p : points)
            p = p + offset;
        moved.points = points;
        moved.center = moved.center + offset;
        one.update(h, moved);
        two.update(h, moved);
    }
    one.takeEvents();
    two.takeEvents();
    one.setLayerFilter({{0, 0}, {1, 2}});
    two.setLayerFilter({{0, 0}, {1, 2}});
    one.recomputeAll();
    two.recomputeAll();
    const std::vector<PairEvent> events = one.takeEvents();
    QVERIFY(events.size() > 1000);
    QVERIFY(two.takeEvents() == events);
    QVERIFY(two.hits() == one.hits());
}

void TestParallel::tinyWorldsOnTwoThreads() {
    // Forced onto two threads, worlds smaller than the pieces and chunks: most are empty.
    const MixedScene scene(3, 1);
    std::vector<ShapeInput> overlapping = scene.inputs;
    for (ShapeInput &in : overlapping) { // three circles on one spot, all on layer 0
        in = ShapeInput{};
        in.type = GeometryKind::Circle;
        in.center = {10, 10};
        in.radius = 5;
    }
    for (std::size_t n = 1; n <= 3; ++n) {
        const std::span<const ShapeInput> shapes(overlapping.data(), n);
        World one, two;
        one.setPassThreads(World::PassThreads::One);
        two.setPassThreads(World::PassThreads::Two);
        one.addAll(shapes);
        two.addAll(shapes);
        QCOMPARE(two.hitCount(), n * (n - 1) / 2);
        QVERIFY(two.hits() == one.hits());
        QVERIFY(two.takeEvents() == one.takeEvents());
        two.recomputeAll();
        QCOMPARE(two.hitCount(), n * (n - 1) / 2);
    }
}

void TestParallel::piecesSkipErasedBoxes() {
    // Erasing after a rebuild leaves tombstones in the sorted array (no overlay): the pieces
    // must pass over them as the whole pass does.
    Broadphase grid;
    for (Broadphase::Id id = 0; id < 3000; ++id)
        grid.insert(id, Aabb{{(id % 60) * 7.0, (id / 60) * 7.0},
                             {(id % 60) * 7.0 + 9, (id / 60) * 7.0 + 9}});
    grid.rebuild();
    for (Broadphase::Id id = 0; id < 3000; id += 3)
        grid.erase(id);
    QCOMPARE(grid.overlaySize(), std::size_t(0));
    const std::vector<Pair> whole = wholePass(grid);
    QVERIFY(whole.size() > 1000);
    for (const Pair &p : whole)
        QVERIFY(p.first % 3 != 0 && p.second % 3 != 0);
    for (std::size_t parts : {2, 5, 16})
        QVERIFY(piecesInOrder(grid, parts) == whole);
}

namespace {

/// A source that fails on one shape, as a conversion running out of memory would.
class FailingSource final : public ShapeSource {
public:
    FailingSource(std::span<const ShapeInput> shapes, std::size_t failAt, bool twoLanes)
        : mShapes(shapes)
        , mFailAt(failAt)
        , mTwoLanes(twoLanes) {}
    std::size_t size() const override { return mShapes.size(); }
    ShapeInput next(std::size_t i) override {
        if (i == mFailAt)
            throw std::runtime_error("cannot read the shape");
        return mShapes[i];
    }
    bool readsInTwoLanes() const override { return mTwoLanes; }

private:
    std::span<const ShapeInput> mShapes;
    std::size_t mFailAt;
    bool mTwoLanes;
};

} // namespace

namespace {

/// Records what a load told it and when: the service's frame source numbers layers as it reads in
/// one lane, but must have them all before two lanes start.
class ListeningSource final : public ShapeSource {
public:
    ListeningSource(std::span<const ShapeInput> shapes, bool twoLanes)
        : mShapes(shapes)
        , mTwoLanes(twoLanes) {}
    std::size_t size() const override { return mShapes.size(); }
    void startReading(bool inTwoLanes) override {
        ++started;
        startedBeforeReading = startedBeforeReading && reads.load() == 0;
        toldTwoLanes = inTwoLanes;
    }
    std::size_t vertexCountHint() const override {
        hintAfterStart = hintAfterStart && started == 1;
        return 0;
    }
    ShapeInput next(std::size_t i) override {
        ++reads;
        return mShapes[i];
    }
    bool readsInTwoLanes() const override { return mTwoLanes; }

    int started = 0;
    bool startedBeforeReading = true;
    bool toldTwoLanes = false;
    mutable bool hintAfterStart = true;
    std::atomic<std::size_t> reads{0};

private:
    std::span<const ShapeInput> mShapes;
    bool mTwoLanes;
};

} // namespace

void TestParallel::sourceHearsHowItIsRead_data() {
    QTest::addColumn<int>("threads"); // World::PassThreads
    QTest::addColumn<bool>("sourceAllowsTwo");
    QTest::addColumn<bool>("preloaded"); // into a world that has shapes: read one by one
    QTest::addColumn<bool>("expectTwo");
    QTest::newRow("one thread") << int(World::PassThreads::One) << true << false << false;
    QTest::newRow("two threads") << int(World::PassThreads::Two) << true << false << true;
    QTest::newRow("a one-lane source") << int(World::PassThreads::Two) << false << false << false;
    QTest::newRow("into a world with shapes")
        << int(World::PassThreads::Two) << true << true << false;
}

void TestParallel::sourceHearsHowItIsRead() {
    QFETCH(int, threads);
    QFETCH(bool, sourceAllowsTwo);
    QFETCH(bool, preloaded);
    QFETCH(bool, expectTwo);
    const MixedScene scene(12000, 9);
    World world;
    world.setPassThreads(World::PassThreads(threads));
    if (preloaded)
        world.addAll(std::span(scene.inputs).first(10));
    ListeningSource source(scene.inputs, sourceAllowsTwo);
    world.addAll(source);
    QCOMPARE(source.started, 1);
    QVERIFY(source.startedBeforeReading);
    QVERIFY(source.hintAfterStart);
    QCOMPARE(source.toldTwoLanes, expectTwo);
    QCOMPARE(source.reads.load(), scene.inputs.size());
    QCOMPARE(world.shapeCount(), scene.inputs.size() + (preloaded ? 10 : 0));
}

void TestParallel::failedLoadLeavesAnEmptyWorld_data() {
    QTest::addColumn<bool>("twoLanes");
    QTest::addColumn<int>("failAt");
    QTest::newRow("one thread") << false << 7000;
    QTest::newRow("two lanes, this thread's half") << true << 2000;
    QTest::newRow("two lanes, the helper's half") << true << 15000;
}

void TestParallel::failedLoadLeavesAnEmptyWorld() {
    QFETCH(bool, twoLanes);
    QFETCH(int, failAt);
    const MixedScene scene(20000, 4);
    World world;
    world.setPassThreads(twoLanes ? World::PassThreads::Two : World::PassThreads::One);
    FailingSource failing(scene.inputs, std::size_t(failAt), twoLanes);
    bool threw = false;
    try {
        world.addAll(failing);
    } catch (const std::runtime_error &) {
        threw = true;
    }
    QVERIFY(threw);
    QCOMPARE(world.shapeCount(), std::size_t(0));
    QCOMPARE(world.hitCount(), std::size_t(0));
    QCOMPARE(world.pendingEventCount(), std::size_t(0));
    // Still a working world: shapes added one by one pair up, and a bulk load works.
    ShapeInput circle;
    circle.type = GeometryKind::Circle;
    circle.center = {1, 1};
    circle.radius = 2;
    for (ShapeHandle expected = 0; expected < 3; ++expected)
        QCOMPARE(world.add(circle), expected);
    QCOMPARE(world.hitCount(), std::size_t(3));
    World fresh;
    fresh.setPassThreads(World::PassThreads::One);
    world.clear();
    world.takeEvents();
    world.addAll(scene.inputs);
    fresh.addAll(scene.inputs);
    QVERIFY(world.hits() == fresh.hits());
}

void TestParallel::helperOnlyWhenACoreIsFree_data() {
    QTest::addColumn<QString>("loadavg");
    QTest::addColumn<unsigned>("cores");
    QTest::addColumn<bool>("free");
    // The fourth field is runnable/total; the reader itself is one of the runnable. A helper
    // goes while fewer other tasks than cores are runnable.
    QTest::newRow("only the reader") << "0.12 1.05 1.62 1/345 12345\n" << 2u << true;
    QTest::newRow("one other runs") << "0.12 1.05 1.62 2/345 12345\n" << 2u << true;
    QTest::newRow("two others run") << "0.12 1.05 1.62 3/345 12345\n" << 2u << false;
    QTest::newRow("a busy machine") << "6.51 4.15 2.82 9/401 23456\n" << 2u << false;
    QTest::newRow("busy, more cores") << "6.51 4.15 2.82 9/401 23456\n" << 16u << true;
    QTest::newRow("as many others as cores") << "1.00 1.00 1.00 17/401 23456\n" << 16u << false;
    QTest::newRow("one fewer") << "1.00 1.00 1.00 16/401 23456\n" << 16u << true;
    QTest::newRow("many digits") << "1.00 1.00 1.00 1234/4010 2\n" << 2048u << true;
    QTest::newRow("one core, another task") << "0.00 0.00 0.00 2/100 1\n" << 1u << false;
    // Text of another form: as if the machine were idle (the helper, as before this check).
    QTest::newRow("empty") << "" << 2u << true;
    QTest::newRow("three fields") << "0.12 1.05 1.62" << 2u << true;
    QTest::newRow("no slash") << "0.12 1.05 1.62 7 12345" << 2u << true;
    QTest::newRow("not a number") << "0.12 1.05 1.62 x/345 12345" << 2u << true;
    QTest::newRow("cut after the count") << "0.12 1.05 1.62 9" << 2u << true;
    QTest::newRow("no runnable at all") << "0.12 1.05 1.62 0/345 12345" << 2u << true;
}

void TestParallel::helperOnlyWhenACoreIsFree() {
    QFETCH(QString, loadavg);
    QFETCH(unsigned, cores);
    QFETCH(bool, free);
    const std::string text = loadavg.toStdString();
    QCOMPARE(hitsmith::collision::detail::aCoreIsFree(text, cores), free);
}

void TestParallel::autoCountsItsLargePasses() {
    // Every large pass of an Auto world is counted once, with a helper or not (which of the two
    // depends on the machine's load at the time); a small one, or one of a forced world, is not.
    const MixedScene scene(9000, 17);
    const World::PassCounts before = World::passCounts();
    World small;
    (void)small.addAll(std::span(scene.inputs).first(500));
    small.recomputeAll();
    World forced;
    forced.setPassThreads(World::PassThreads::Two);
    (void)forced.addAll(scene.inputs);
    const World::PassCounts afterForced = World::passCounts();
    QCOMPARE(afterForced.onTwoThreads + afterForced.onOneThread,
             before.onTwoThreads + before.onOneThread);
    World world;
    world.setPassThreads(World::PassThreads::Auto);
    (void)world.addAll(scene.inputs); // the staging and the pair pass decide once each
    world.recomputeAll();             // the pass decides once
    const World::PassCounts after = World::passCounts();
    const std::uint64_t counted = after.onTwoThreads + after.onOneThread -
                                  (afterForced.onTwoThreads + afterForced.onOneThread);
    QCOMPARE(counted, std::uint64_t{3});
}

QTEST_GUILESS_MAIN(TestParallel)
#include "tst_collision_parallel.moc"
