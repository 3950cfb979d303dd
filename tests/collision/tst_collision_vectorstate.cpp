// The vector registers' state around the geometry (collision/vectorstate.h): code built without
// AVX runs much slower while the upper halves of the AVX registers hold data, so the world's
// entries empty them, and so does a bulk load after reading its source (which may look names up
// in a hash that soils them) and each helper thread it starts. Each test soils the registers
// first and checks that the world left them empty (or, for a helper, that it read its shapes
// with them empty); on a CPU without AVX there is nothing to soil and the helper does nothing.
// The model's calls after its own hash lookups are not observable from here: the benchmarks
// guard those (docs/benchmarks.md).

#include "collision/vectorstate.h"
#include "collision/world.h"
#include "shapespec.h"
#include "testsupport.h"
#include "vectorregisters.h"

#include <QTest>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace hitsmith::collision;
using namespace hitsmith::collision::test;
using hitsmith::test::soilUpperHalves;
using hitsmith::test::upperHalvesInUse;
using hitsmith::test::upperHalvesObservable;

namespace {

/// Soils the registers (where there are any to soil) and says whether they are soiled now
/// (always true where they cannot be).
bool soil() {
    if (!upperHalvesObservable())
        return true;
    soilUpperHalves();
    return upperHalvesInUse();
}

/// A source that soils the registers while it is read, as a layer-name lookup can.
class SoilingSource final : public ShapeSource {
public:
    explicit SoilingSource(std::vector<ShapeSpec> shapes)
        : mShapes(std::move(shapes)) {}
    std::size_t size() const override { return mShapes.size(); }
    ShapeInput next(std::size_t i) override {
        soil();
        return mShapes[i].input();
    }

private:
    std::vector<ShapeSpec> mShapes;
};

/// A source read in two lanes that soils the registers before reading starts (as numbering a
/// frame's layers does) and counts the shapes its second lane, the helper thread's, was asked
/// for while the registers were soiled.
class TwoLaneSource final : public ShapeSource {
public:
    explicit TwoLaneSource(std::vector<ShapeSpec> shapes)
        : mShapes(std::move(shapes)) {}
    std::size_t size() const override { return mShapes.size(); }
    void startReading(bool inTwoLanes) override {
        mReadInTwoLanes = inTwoLanes;
        mSoiledAtStart = soil();
    }
    bool readsInTwoLanes() const override { return true; }
    ShapeInput next(std::size_t i) override { return mShapes[i].input(); }
    ShapeInput nextInLane(std::size_t i, int lane) override {
        if (lane == 1) {
            if (upperHalvesInUse())
                ++mHelperReadsSoiled;
            ++mHelperReads;
        } else if (i == 0) {
            // This thread waits for the helper's first read (a few seconds at most), so that it
            // cannot take every chunk before the helper starts.
            const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (mHelperReads.load() == 0 && std::chrono::steady_clock::now() < giveUp)
                std::this_thread::yield();
        }
        return mShapes[i].input();
    }
    bool readInTwoLanes() const { return mReadInTwoLanes; }
    bool soiledAtStart() const { return mSoiledAtStart; }
    int helperReads() const { return mHelperReads.load(); }
    int helperReadsSoiled() const { return mHelperReadsSoiled.load(); }

private:
    std::vector<ShapeSpec> mShapes;
    bool mReadInTwoLanes = false;
    bool mSoiledAtStart = false;
    std::atomic<int> mHelperReads{0}, mHelperReadsSoiled{0};
};

/// A box overlapped by a rectangle and a circle (which miss each other), and one box apart.
std::vector<ShapeSpec> someShapes() {
    return {box(0, 0, 10, 10), rect({9, 9}, {6, 4}, 30), circle({12, -1}, 3), box(40, 40, 50, 50)};
}

std::vector<ShapeInput> inputsOf(const std::vector<ShapeSpec> &specs) {
    std::vector<ShapeInput> inputs;
    for (const ShapeSpec &shape : specs)
        inputs.push_back(shape.input());
    return inputs;
}

} // namespace

class TestVectorState : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void clearingEmptiesTheUpperHalves();
    void worldEntriesLeaveThemEmpty();
    void loadEmptiesThemAfterReadingItsSource();
    void helperThreadsStartWithThemEmpty();
};

void TestVectorState::init() {
    // Without AVX (or where XGETBV cannot tell) every check here would pass without looking:
    // skipped then, and a failure in strict mode (CI), never a vacuous pass.
    if (!upperHalvesObservable())
        HITSMITH_SKIP_OR_FAIL("the AVX registers' upper halves cannot be observed on this CPU");
}

void TestVectorState::clearingEmptiesTheUpperHalves() {
    if (!upperHalvesObservable()) {
        clearUpperVectorState(); // no AVX: must not execute VZEROUPPER (it would fault)
        QVERIFY(!upperHalvesInUse());
        return;
    }
    soilUpperHalves();
    QVERIFY(upperHalvesInUse());
    clearUpperVectorState();
    QVERIFY(!upperHalvesInUse());
}

void TestVectorState::worldEntriesLeaveThemEmpty() {
    World world;
    std::vector<ShapeHandle> handles;
    for (const ShapeSpec &shape : someShapes()) {
        QVERIFY(soil());
        handles.push_back(world.add(shape.input()));
        QVERIFY2(!upperHalvesInUse(), "add");
    }
    QVERIFY(soil());
    world.update(handles[1], rect({40, 40}, {6, 4}, 45).input()); // now on the far box
    QVERIFY2(!upperHalvesInUse(), "update");
    QVERIFY(soil());
    world.recomputeAll();
    QVERIFY2(!upperHalvesInUse(), "recomputeAll");
    QCOMPARE(world.hitCount(), std::size_t(2)); // the work itself still done

    // A list into a world that has shapes (not the bulk load of an empty world).
    const std::vector<ShapeSpec> more = {circle({45, 52}, 3), box(100, 100, 110, 110)};
    QVERIFY(soil());
    world.addAll(inputsOf(more));
    QVERIFY2(!upperHalvesInUse(), "addAll of a list into a world with shapes");
    QCOMPARE(world.hitCount(), std::size_t(3));

    World loaded;
    QVERIFY(soil());
    loaded.addAll(inputsOf(someShapes()));
    QVERIFY2(!upperHalvesInUse(), "addAll of a list into an empty world");
    QCOMPARE(loaded.hitCount(), std::size_t(2));
}

void TestVectorState::loadEmptiesThemAfterReadingItsSource() {
    SoilingSource source(someShapes());
    World world;
    world.addAll(source);
    QVERIFY(!upperHalvesInUse());
    QCOMPARE(world.hitCount(), std::size_t(2));
}

void TestVectorState::helperThreadsStartWithThemEmpty() {
    // A thread starts with its parent's registers: the helper must empty its own.
    std::vector<ShapeSpec> shapes;
    for (int i = 0; i < 10000; ++i)
        shapes.push_back(
            box(20.0 * (i % 100), 20.0 * (i / 100), 20.0 * (i % 100) + 12, 20.0 * (i / 100) + 12));
    TwoLaneSource source(std::move(shapes));
    World world;
    world.setPassThreads(World::PassThreads::Two);
    world.addAll(source);
    QVERIFY(source.readInTwoLanes());
    QVERIFY(source.soiledAtStart());
    QVERIFY(source.helperReads() > 0);
    QCOMPARE(source.helperReadsSoiled(), 0);
    QVERIFY(!upperHalvesInUse());
}

QTEST_GUILESS_MAIN(TestVectorState)
#include "tst_collision_vectorstate.moc"
