// The broadphase and the pair map on their own: the grid's candidate pairs against brute force,
// rounding boxes out to floats, and the pair map against std::map. (The world that uses them
// is tested in tst_collision_world.)

#include "collision/broadphase.h"
#include "collision/narrowphase.h"
#include "collision/pairmap.h"
#include "collision/world.h"

#include <QTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <utility>
#include <vector>

using namespace hitsmith::collision;

namespace {

using PairKey = std::pair<ShapeHandle, ShapeHandle>;

} // namespace

class TestBroadphase : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void broadphaseMatchesBruteForce_data();
    void broadphaseMatchesBruteForce();
    void denseCellsTombstonesAndCoarseLevels();
    void gridSpansTheBoxes();
    void boxesRoundOutToTheNearestFloats();
    void pairMapMatchesStdMap();
};

void TestBroadphase::broadphaseMatchesBruteForce_data() {
    QTest::addColumn<double>("margin");
    QTest::newRow("margin 0") << 0.0;
    QTest::newRow("touch tolerance") << kTouchTolerance;
}

void TestBroadphase::broadphaseMatchesBruteForce() {
    QFETCH(double, margin);
    std::mt19937_64 rng(7);
    auto uniform = [&](double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    Broadphase bp(margin);
    std::vector<std::optional<Aabb>> exact(1500);
    auto randomBox = [&]() {
        const double size = uniform(0, 1) < 0.05 ? uniform(50, 500) : uniform(0, 20);
        const Vec2 at = uniform(0, 1) < 0.03 ? Vec2{uniform(-5e4, 5e4), uniform(-5e4, 5e4)}
                                             : Vec2{uniform(0, 1000), uniform(0, 1000)};
        // Some boxes share edges exactly, to exercise touching within the margin.
        const Vec2 snapped{std::round(at.x / 10) * 10, std::round(at.y / 10) * 10};
        const Vec2 lo = uniform(0, 1) < 0.2 ? snapped : at;
        return Aabb{lo, lo + Vec2{size * uniform(0, 1), size * uniform(0, 1)}};
    };
    auto expectedPairs = [&]() {
        // The broadphase keeps boxes rounded outwards to floats: every pair of exact boxes
        // within the margin must come out, and nothing whose float boxes miss.
        std::set<PairKey> must, may;
        for (ShapeHandle a = 0; a < exact.size(); ++a)
            for (ShapeHandle b = a + 1; b < exact.size(); ++b)
                if (exact[a] && exact[b]) {
                    if (overlaps(*exact[a], *exact[b], margin))
                        must.insert({a, b});
                    if (overlaps(bp.box(a), bp.box(b), margin + 1e-9))
                        may.insert({a, b});
                }
        return std::pair(must, may);
    };
    auto check = [&](const char *when) {
        std::set<PairKey> found;
        int duplicates = 0;
        bp.forEachPair([&](ShapeHandle a, ShapeHandle b) {
            duplicates += found.insert({std::min(a, b), std::max(a, b)}).second ? 0 : 1;
        });
        const auto [must, may] = expectedPairs();
        QVERIFY2(duplicates == 0, when);
        for (const PairKey &k : must)
            QVERIFY2(found.count(k),
                     qPrintable(QString("%1: missing %2-%3").arg(when).arg(k.first).arg(k.second)));
        for (const PairKey &k : found)
            QVERIFY2(may.count(k),
                     qPrintable(QString("%1: extra %2-%3").arg(when).arg(k.first).arg(k.second)));
        // Queries agree with the pairs.
        for (ShapeHandle a = 0; a < exact.size(); a += 7) {
            if (!exact[a])
                continue;
            std::set<ShapeHandle> q;
            bp.query(*exact[a], [&](ShapeHandle b) { q.insert(b); });
            QVERIFY2(q.count(a), when);
            for (ShapeHandle b = 0; b < exact.size(); ++b)
                if (b != a && exact[b] && overlaps(*exact[a], *exact[b], margin))
                    QVERIFY2(q.count(b), qPrintable(QString("%1: query misses").arg(when)));
        }
    };

    bp.setAutoRebuild(false);
    for (ShapeHandle i = 0; i < 1000; ++i) {
        exact[i] = randomBox();
        bp.insert(i, *exact[i]);
    }
    bp.setAutoRebuild(true);
    QCOMPARE(bp.size(), std::size_t(1000));
    check("after the bulk insert");
    for (int step = 0; step < 6000; ++step) {
        const ShapeHandle i = ShapeHandle(uniform(0, double(exact.size()) - 1e-9));
        const double op = uniform(0, 1);
        if (op < 0.1) {
            bp.erase(i);
            exact[i].reset();
        } else if (op < 0.7 && exact[i]) {
            const Vec2 d{uniform(-30, 30), uniform(-30, 30)};
            exact[i] = Aabb{exact[i]->min + d, exact[i]->max + d};
            bp.move(i, *exact[i]);
        } else {
            exact[i] = randomBox();
            bp.insert(i, *exact[i]);
        }
        if (step % 2000 == 1999)
            check(qPrintable(QString("after step %1").arg(step)));
    }
    std::size_t count = 0;
    for (const auto &b : exact)
        count += b ? 1 : 0;
    QCOMPARE(bp.size(), count);
    bp.rebuild();
    check("after a rebuild");
    // Non-finite boxes are not stored.
    bp.insert(5000, Aabb{{0, 0}, {std::numeric_limits<double>::infinity(), 1}});
    QVERIFY(!bp.contains(5000));
}

void TestBroadphase::denseCellsTombstonesAndCoarseLevels() {
    // A full pass gathers a level's pairs in a buffer of a few hundred and hands them on in
    // runs: a cell of 700 boxes on one spot (every box meets every other, far more pairs than
    // the buffer holds, from single boxes), boxes on cell borders (integer coordinates: float
    // boxes are exact, so the pairs are exactly the exact boxes'), a few much larger boxes on
    // coarser levels (their pairs come between a box's buffered ones and the next box's), and
    // erased boxes left as tombstones in the sorted array. Every pair exactly once, none more;
    // the pieces of a two-thread pass meet the same pairs in the same order.
    std::mt19937_64 rng(31);
    std::vector<std::optional<Aabb>> boxes;
    for (int i = 0; i < 700; ++i)
        boxes.push_back(Aabb{{100, 100}, {104, 104}});
    for (int i = 0; i < 600; ++i) {
        const double x = double(rng() % 400), y = double(rng() % 400);
        const double w = double(rng() % 9), h = double(rng() % 9); // 0: zero-size boxes too
        boxes.push_back(Aabb{{x, y}, {x + w, y + h}});
    }
    for (int i = 0; i < 5; ++i) { // at most 2% of the boxes: they go up a level or more
        const double x = double(rng() % 300);
        boxes.push_back(Aabb{{x, x}, {x + 90.0 + 20.0 * i, x + 60.0}});
    }
    Broadphase bp;
    bp.setAutoRebuild(false);
    for (ShapeHandle i = 0; i < boxes.size(); ++i)
        bp.insert(i, *boxes[i]);
    bp.setAutoRebuild(true);
    QVERIFY(bp.levelCount() > 1);
    for (ShapeHandle i = 3; i < boxes.size(); i += 17) { // tombstones, no overlay
        bp.erase(i);
        boxes[i].reset();
    }
    QCOMPARE(bp.overlaySize(), std::size_t(0));
    std::set<PairKey> want;
    for (ShapeHandle a = 0; a < boxes.size(); ++a)
        for (ShapeHandle b = a + 1; b < boxes.size(); ++b)
            if (boxes[a] && boxes[b] && overlaps(*boxes[a], *boxes[b]))
                want.insert({a, b});
    QVERIFY(want.size() > 200000);
    std::vector<PairKey> order;
    std::set<PairKey> found;
    bp.forEachPair([&](ShapeHandle a, ShapeHandle b) {
        order.push_back({a, b});
        found.insert({std::min(a, b), std::max(a, b)});
    });
    QCOMPARE(order.size(), want.size()); // no pair twice
    QVERIFY(found == want);
    std::vector<PairKey> pieces;
    for (std::size_t part = 0; part < 7; ++part)
        bp.forEachPairInPart(part, 7, [&](ShapeHandle a, ShapeHandle b) {
            pieces.push_back({a, b});
        });
    QVERIFY(pieces == order);
}

void TestBroadphase::gridSpansTheBoxes() {
    // The grid starts at the boxes' smallest corner and level 0 has as many cells as the boxes'
    // span takes (queries stay exact even on a wrong grid, so this is checked directly): a 40 x
    // 25 lattice of 8 x 8 boxes, 10 apart, from (-500, 250), plus one wider box further right.
    Broadphase bp;
    bp.setAutoRebuild(false);
    Broadphase::Id id = 0;
    for (int y = 0; y < 25; ++y)
        for (int x = 0; x < 40; ++x)
            bp.insert(id++,
                      Aabb{{-500.0 + 10 * x, 250.0 + 10 * y}, {-492.0 + 10 * x, 258.0 + 10 * y}});
    bp.insert(id, Aabb{{-100.0, 300.0}, {-95.0, 301.0}}); // reaches x -95: the largest x
    bp.setAutoRebuild(true);
    QCOMPARE(bp.origin().x, -500.0);
    QCOMPARE(bp.origin().y, 250.0);
    const double cell = bp.baseCellSize();
    QVERIFY(cell >= 8.0 && cell < 8.001); // the largest side, a hair wider
    // Spans 405 x 248 (to x -95, y 498): floor(span / cell) + 1 cells.
    QCOMPARE(bp.baseCells(), std::pair(std::int32_t(std::floor(405.0 / cell)) + 1,
                                       std::int32_t(std::floor(248.0 / cell)) + 1));
}

void TestBroadphase::boxesRoundOutToTheNearestFloats() {
    // The broadphase's branch-free rounding against the plain rule written with std::nextafter:
    // the same float, bit for bit, on every value class (zeros, subnormals, both signs,
    // exact floats, the ends of the float range, beyond it) and on random doubles.
    constexpr float kMax = std::numeric_limits<float>::max();
    constexpr float kInf = std::numeric_limits<float>::infinity();
    const auto down = [&](double v) {
        if (v > kMax)
            return kMax;
        if (v < -kMax)
            return -kInf;
        const float f = static_cast<float>(v);
        return static_cast<double>(f) > v ? std::nextafter(f, -kInf) : f;
    };
    const auto up = [&](double v) {
        if (v > kMax)
            return kInf;
        if (v < -kMax)
            return -kMax;
        const float f = static_cast<float>(v);
        return static_cast<double>(f) < v ? std::nextafter(f, kInf) : f;
    };
    const auto bits = [](float f) { return std::bit_cast<std::uint32_t>(f); };
    std::vector<double> values = {std::nextafter(double(kMax), 0.0),
                                  -std::nextafter(double(kMax), 0.0),
                                  0.0,
                                  -0.0,
                                  1e-50,
                                  -1e-50,
                                  std::numeric_limits<float>::denorm_min(),
                                  -double(std::numeric_limits<float>::denorm_min()) / 3,
                                  1.0,
                                  -1.0,
                                  0.1,
                                  -0.1,
                                  16777217.0,
                                  -16777217.0,
                                  kMax,
                                  -double(kMax),
                                  double(kMax) * (1 + 1e-12),
                                  -double(kMax) * (1 + 1e-12),
                                  1e300,
                                  -1e300,
                                  std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity()};
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
    std::uniform_int_distribution<int> exponent(-160, 140);
    for (int i = 0; i < 200000; ++i)
        values.push_back(std::ldexp(mantissa(random), exponent(random)));
    for (double v : values) {
        QCOMPARE(bits(detail::floatDown(v)), bits(down(v)));
        QCOMPARE(bits(detail::floatUp(v)), bits(up(v)));
    }
    // roundOut (four bounds at once where the machine has vector instructions) is the scalar
    // rule bit for bit, every value in every position, NaN included.
    values.push_back(std::numeric_limits<double>::quiet_NaN());
    values.push_back(-std::numeric_limits<double>::quiet_NaN());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const Aabb exact{{values[i], values[(i + 1) % values.size()]},
                         {values[(i + 2) % values.size()], values[(i + 3) % values.size()]}};
        const FloatBox fast = roundOut(exact), reference = roundOutScalar(exact);
        QCOMPARE(bits(fast.minX), bits(reference.minX));
        QCOMPARE(bits(fast.minY), bits(reference.minY));
        QCOMPARE(bits(fast.maxX), bits(reference.maxX));
        QCOMPARE(bits(fast.maxY), bits(reference.maxY));
        if (!std::isnan(exact.min.x)) {
            QCOMPARE(bits(fast.minX), bits(down(exact.min.x)));
            QCOMPARE(bits(fast.maxY), bits(up(exact.max.y)));
        }
    }
    const FloatBox box = roundOut({{0.1, -0.3}, {0.3, -0.1}});
    QVERIFY(box.minX <= 0.1 && box.minY <= -0.3 && box.maxX >= 0.3 && box.maxY >= -0.1);
}

void TestBroadphase::pairMapMatchesStdMap() {
    std::mt19937_64 rng(11);
    PairMap map;
    std::map<std::uint64_t, Contact> reference;
    for (int step = 0; step < 200000; ++step) {
        const std::uint32_t a = std::uint32_t(rng() % 300), b = a + 1 + std::uint32_t(rng() % 50);
        const std::uint64_t key = PairMap::pairKey(a, b);
        const int op = int(rng() % 3);
        if (op == 0) {
            const Contact c{double(step), {1, 0}};
            QCOMPARE(map.insertOrAssign(key, c), reference.count(key) == 0);
            reference[key] = c;
        } else if (op == 1) {
            QCOMPARE(map.erase(key), reference.erase(key) == 1);
        } else {
            const Contact *c = map.find(key);
            const auto it = reference.find(key);
            QCOMPARE(c != nullptr, it != reference.end());
            if (c)
                QCOMPARE(*c, it->second);
        }
        QCOMPARE(map.size(), reference.size());
    }
    std::size_t seen = 0;
    for (const PairMap::Slot &s : map.slots())
        if (s.key != PairMap::kEmpty) {
            ++seen;
            QVERIFY(reference.count(s.key));
        }
    QCOMPARE(seen, reference.size());
}

QTEST_APPLESS_MAIN(TestBroadphase)
#include "tst_collision_broadphase.moc"
