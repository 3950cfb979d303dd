// The vector registers' state around the geometry (collision/vectorstate.h): code built without
// AVX runs much slower while the upper halves of the AVX registers hold data, so every entry of
// the world's work empties them, and so does the bulk load after reading its source (which may
// look names up in a hash that soils them). Each test soils the registers first and checks that
// the world left them empty; on a CPU without AVX there is nothing to soil and the helper must
// do nothing.

#include "collision/vectorstate.h"
#include "collision/world.h"
#include "shapespec.h"
#include "vectorregisters.h"

#include <QTest>

#include <vector>

using namespace hitsmith::collision;
using namespace hitsmith::collision::test;
using hitsmith::test::soilUpperHalves;
using hitsmith::test::upperHalvesInUse;
using hitsmith::test::upperHalvesObservable;

namespace {

/// A source that soils the registers while it is read, as a layer-name lookup can.
class SoilingSource final : public ShapeSource {
public:
    explicit SoilingSource(std::vector<ShapeSpec> shapes)
        : mShapes(std::move(shapes)) {}
    std::size_t size() const override { return mShapes.size(); }
    ShapeInput next(std::size_t i) override {
        if (upperHalvesObservable())
            soilUpperHalves();
        return mShapes[i].input();
    }

private:
    std::vector<ShapeSpec> mShapes;
};

/// A box overlapped by a rectangle and a circle (which miss each other), and one box apart.
std::vector<ShapeSpec> someShapes() {
    return {box(0, 0, 10, 10), rect({9, 9}, {6, 4}, 30), circle({12, -1}, 3), box(40, 40, 50, 50)};
}

/// Soils the registers (where there are any to soil) and checks that they are.
bool soil() {
    if (!upperHalvesObservable())
        return true;
    soilUpperHalves();
    return upperHalvesInUse();
}

} // namespace

class TestVectorState : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void clearingEmptiesTheUpperHalves();
    void worldEntriesLeaveThemEmpty();
    void loadEmptiesThemAfterReadingItsSource();
};

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

    const std::vector<ShapeSpec> specs = someShapes();
    std::vector<ShapeInput> inputs;
    for (const ShapeSpec &shape : specs)
        inputs.push_back(shape.input());
    World loaded;
    QVERIFY(soil());
    loaded.addAll(inputs);
    QVERIFY2(!upperHalvesInUse(), "addAll of a list");
    QCOMPARE(loaded.hitCount(), std::size_t(2));
}

void TestVectorState::loadEmptiesThemAfterReadingItsSource() {
    SoilingSource source(someShapes());
    World world;
    world.addAll(source);
    QVERIFY(!upperHalvesInUse());
    QCOMPARE(world.hitCount(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TestVectorState)
#include "tst_collision_vectorstate.moc"
