// A bulk load that runs out of memory, at whichever allocation, leaves the world as it was (empty,
// no events) and passes the failure on; the same world then loads normally. This program's
// allocations go through a counting operator new that can be set to fail from the k-th allocation
// on, every one after it too, as when memory is truly exhausted (so the load's clean-up must not
// allocate either).

#include "collision/world.h"

#include <QtTest>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace {

std::atomic<bool> gFailing{false}; // while set, allocations count down gLeft and then fail
std::atomic<long> gLeft{0};

void *allocate(std::size_t size, std::size_t alignment) {
    if (gFailing.load(std::memory_order_relaxed) &&
        gLeft.fetch_sub(1, std::memory_order_relaxed) <= 0)
        throw std::bad_alloc();
    size = size == 0 ? 1 : size;
    void *p = alignment <= alignof(std::max_align_t)
                  ? std::malloc(size)
                  : std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
    if (!p)
        throw std::bad_alloc();
    return p;
}

} // namespace

void *operator new(std::size_t size) {
    return allocate(size, alignof(std::max_align_t));
}
void *operator new(std::size_t size, std::align_val_t alignment) {
    return allocate(size, static_cast<std::size_t>(alignment));
}
void operator delete(void *p) noexcept {
    std::free(p);
}
void operator delete(void *p, std::size_t) noexcept {
    std::free(p);
}
void operator delete(void *p, std::align_val_t) noexcept {
    std::free(p);
}
void operator delete(void *p, std::size_t, std::align_val_t) noexcept {
    std::free(p);
}

using namespace hitsmith::collision;

class TestOutOfMemory : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aFailedLoadLeavesTheWorldEmpty_data();
    void aFailedLoadLeavesTheWorldEmpty();
};

namespace {

// 300 shapes packed so tightly that each hits a dozen others: more hits than a load first makes
// room for (half a hit per shape), so the list grows while the pair pass runs.
struct DenseScene {
    std::vector<std::vector<Vec2>> outlines;
    std::vector<ShapeInput> inputs;
    DenseScene() {
        constexpr int kShapes = 300;
        outlines.reserve(kShapes);
        for (int i = 0; i < kShapes; ++i) {
            const Vec2 at{double(i % 20) * 3.0, double(i / 20) * 3.0};
            ShapeInput input;
            switch (i % 3) {
            case 0:
                outlines.push_back({at, at + Vec2{8, 1}, at + Vec2{6, 7}, at + Vec2{-1, 5}});
                input.type = GeometryKind::Polygon;
                input.points = outlines.back();
                break;
            case 1:
                input.type = GeometryKind::Rect;
                input.center = at;
                input.size = {9, 5};
                input.angleDegrees = 10.0 * i;
                break;
            default:
                input.type = GeometryKind::Circle;
                input.center = at;
                input.radius = 4;
                break;
            }
            inputs.push_back(input);
        }
    }
};

} // namespace

void TestOutOfMemory::aFailedLoadLeavesTheWorldEmpty_data() {
    QTest::addColumn<bool>("recordEvents");
    QTest::newRow("events recorded") << true;
    QTest::newRow("events skipped") << false;
}

void TestOutOfMemory::aFailedLoadLeavesTheWorldEmpty() {
    QFETCH(bool, recordEvents);
    const LoadEvents events = recordEvents ? LoadEvents::Record : LoadEvents::Skip;
    const DenseScene scene;
    std::size_t expectedHits = 0;
    {
        World world;
        (void)world.addAll(scene.inputs, events);
        expectedHits = world.hitCount();
    }
    QVERIFY(expectedHits > scene.inputs.size()); // more than the first reservation holds

    int failures = 0;
    for (long k = 0;; ++k) {
        World world;
        bool failed = false;
        gLeft.store(k);
        gFailing.store(true);
        try {
            (void)world.addAll(scene.inputs, events);
        } catch (const std::bad_alloc &) {
            failed = true;
        }
        gFailing.store(false);
        if (!failed) {
            QCOMPARE(world.hitCount(), expectedHits);
            break;
        }
        ++failures;
        const QByteArray where = "failing from allocation " + QByteArray::number(qlonglong(k));
        QVERIFY2(world.shapeCount() == 0, where.constData());
        QVERIFY2(world.hitCount() == 0, where.constData());
        QVERIFY2(world.hits().empty(), where.constData());
        QVERIFY2(world.pendingEventCount() == 0, where.constData());
        // The same world loads normally once memory is back.
        (void)world.addAll(scene.inputs, events);
        QVERIFY2(world.hitCount() == expectedHits, where.constData());
        QVERIFY2(world.pendingEventCount() == (recordEvents ? expectedHits : 0), where.constData());
    }
    QVERIFY(failures >= 5); // the load allocates at several points, each one tried
}

QTEST_GUILESS_MAIN(TestOutOfMemory)
#include "tst_collision_outofmemory.moc"
