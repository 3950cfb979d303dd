// Trace stage 3: Douglas-Peucker that never leaves a self-intersecting or flat outline.

#include "boostsimplicity.h"
#include "operations/simplifyoutline.h"
#include "operations/traceoutline.h"
#include "tracetestsupport.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t =
        length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

// Largest distance of an original vertex from the simplified outline.
double deviation(const QPolygonF &original, const QPolygonF &simplified) {
    double worst = 0;
    for (QPointF p : original) {
        double nearest = 1e300;
        for (qsizetype i = 0; i < simplified.size(); ++i)
            nearest = std::min(nearest, distanceToSegment(p, simplified[i],
                                                          simplified[(i + 1) % simplified.size()]));
        worst = std::max(worst, nearest);
    }
    return worst;
}

// A random blob with narrow gaps and necks: the hard case for simplification.
AlphaMask randomMask(QRandomGenerator &random, int size) {
    AlphaMask mask = AlphaMask::empty(size, size);
    for (int k = 0; k < 6; ++k) {
        const int x0 = random.bounded(size), y0 = random.bounded(size);
        const int w = 1 + random.bounded(size / 2), h = 1 + random.bounded(3);
        const bool vertical = random.bounded(2);
        for (int y = 0; y < (vertical ? w : h); ++y)
            for (int x = 0; x < (vertical ? h : w); ++x)
                if (x0 + x < size && y0 + y < size)
                    mask.pixels[std::size_t(y0 + y) * size + x0 + x] = 1;
    }
    return mask;
}

} // namespace

class TestSimplifyOutline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void simplified_data();
    void simplified();
    void cornerCut_data();
    void cornerCut();
    void simplicityCheck_data();
    void simplicityCheck();
    void offendingEdgesAreNamed();
    void randomOutlinesStayValidAndClose();
};

void TestSimplifyOutline::simplified_data() {
    QTest::addColumn<QPolygonF>("input");
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<QPolygonF>("expected");
    const QPolygonF stairs =
        polygonOf({{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {3, 2}, {3, 3}, {0, 3}});
    QTest::newRow("tolerance 0 drops collinear vertices only")
        << polygonOf({{0, 0}, {2, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 2}}) << 0.0
        << polygonOf({{0, 0}, {4, 0}, {4, 4}, {0, 4}});
    QTest::newRow("stairs become a diagonal")
        << stairs << 1.0 << polygonOf({{0, 0}, {3, 3}, {0, 3}});
    QTest::newRow("stairs at 0.5: inner corners are 0.45 from the chord")
        << stairs << 0.5 << polygonOf({{0, 0}, {1, 0}, {1, 1}, {3, 2}, {3, 3}, {0, 3}});
    QTest::newRow("stairs kept below 0.45") << stairs << 0.4 << stairs;
    // A single pixel cannot become two points: the farthest vertex comes back.
    QTest::newRow("a pixel keeps its area") << polygonOf({{0, 0}, {1, 0}, {1, 1}, {0, 1}}) << 5.0
                                            << polygonOf({{0, 0}, {1, 0}, {1, 1}});
    // A slot narrower than the tolerance may be filled; the result is still one simple outline.
    QTest::newRow("a narrow slot is filled")
        << polygonOf({{0, 0}, {10, 0}, {10, 1}, {1, 1}, {1, 2}, {10, 2}, {10, 3}, {0, 3}}) << 1.5
        << polygonOf({{0, 0}, {10, 0}, {1, 1}, {10, 3}, {0, 3}});
}

void TestSimplifyOutline::simplified() {
    QFETCH(QPolygonF, input);
    QFETCH(double, tolerance);
    QFETCH(QPolygonF, expected);
    const QPolygonF result = simplifiedOutline(input, tolerance);
    QCOMPARE(result, expected);
    QVERIFY2(boostsimplicity::isSimple(result),
             qPrintable(boostsimplicity::simplicityProblem(result)));
    QVERIFY(signedArea(result) > 0);
}

void TestSimplifyOutline::cornerCut_data() {
    QTest::addColumn<QPolygonF>("input");
    QTest::addColumn<QPolygonF>("expected");
    QTest::newRow("pixel becomes a diamond") << polygonOf({{0, 0}, {1, 0}, {1, 1}, {0, 1}})
                                             << polygonOf({{0, 0.5}, {0.5, 0}, {1, 0.5}, {0.5, 1}});
    QTest::newRow("2x1 block") << polygonOf({{0, 0}, {2, 0}, {2, 1}, {0, 1}})
                               << polygonOf(
                                      {{0, 0.5}, {0.5, 0}, {1.5, 0}, {2, 0.5}, {1.5, 1}, {0.5, 1}});
    // Short edges (a quarter-pixel saddle cut) are cut at their middle.
    QTest::newRow("short edge") << polygonOf({{0, 0}, {2, 0}, {2.5, 0}, {2.5, 2}, {0, 2}})
                                << polygonOf({{0, 0.5},
                                              {0.5, 0},
                                              {1.5, 0},
                                              {2.25, 0},
                                              {2.5, 0.5},
                                              {2.5, 1.5},
                                              {2, 2},
                                              {0.5, 2},
                                              {0, 1.5}});
}

void TestSimplifyOutline::cornerCut() {
    QFETCH(QPolygonF, input);
    QFETCH(QPolygonF, expected);
    QCOMPARE(cornerCutOutline(input), expected);
}

void TestSimplifyOutline::simplicityCheck_data() {
    QTest::addColumn<QPolygonF>("polygon");
    QTest::addColumn<bool>("simple");
    QTest::newRow("square") << polygonOf({{0, 0}, {1, 0}, {1, 1}, {0, 1}}) << true;
    QTest::newRow("bow tie") << polygonOf({{0, 0}, {1, 1}, {1, 0}, {0, 1}}) << false;
    QTest::newRow("touching at a vertex")
        << polygonOf({{0, 0}, {2, 0}, {1, 1}, {2, 2}, {0, 2}, {1, 1}}) << false;
    QTest::newRow("folds back") << polygonOf({{0, 0}, {2, 0}, {1, 0}, {1, 1}}) << false;
    QTest::newRow("two points") << polygonOf({{0, 0}, {1, 0}}) << false;
    QTest::newRow("repeated vertex") << polygonOf({{0, 0}, {1, 0}, {1, 0}, {0, 1}}) << false;
}

void TestSimplifyOutline::simplicityCheck() {
    QFETCH(QPolygonF, polygon);
    QFETCH(bool, simple);
    QCOMPARE(boostsimplicity::isSimple(polygon), simple); // the table itself is right
    QCOMPARE(isSimplePolygon(polygon), simple);
    if (polygon.size() >= 3)
        QCOMPARE(offendingEdges(polygon).isEmpty(), simple);
}

void TestSimplifyOutline::offendingEdgesAreNamed() {
    // The bow tie's edges 0 and 2 cross; a fold-back names the edge and the one it folds onto.
    QCOMPARE(offendingEdges(polygonOf({{0, 0}, {1, 1}, {1, 0}, {0, 1}})), (QList<qsizetype>{0, 2}));
    QCOMPARE(offendingEdges(polygonOf({{0, 0}, {4, 0}, {4, 4}, {2, 4}, {3, 4}, {0, 4}})),
             (QList<qsizetype>{2, 3, 4}));
    QVERIFY(offendingEdges(polygonOf({{0, 0}, {4, 0}, {4, 4}, {0, 4}})).isEmpty());
}

void TestSimplifyOutline::randomOutlinesStayValidAndClose() {
    QRandomGenerator random(12);
    int outlines = 0;
    for (int round = 0; round < 150; ++round) {
        const AlphaMask mask = randomMask(random, 24);
        for (const PartOutline &part : traceOutlines(mask)) {
            for (double tolerance : {0.5, 1.0, 2.0, 4.0}) {
                const QPolygonF result = simplifiedOutline(part.outer, tolerance);
                QVERIFY2(boostsimplicity::isSimple(result),
                         qPrintable(QStringLiteral("round %1 tol %2: %3")
                                        .arg(round)
                                        .arg(tolerance)
                                        .arg(boostsimplicity::simplicityProblem(result))));
                QVERIFY(signedArea(result) > 0);
                QVERIFY(result.size() <= part.outer.size());
                QVERIFY(deviation(part.outer, result) <= tolerance + 1e-9);
                ++outlines;
            }
        }
    }
    QVERIFY(outlines > 500);
}

QTEST_APPLESS_MAIN(TestSimplifyOutline)
#include "tst_model_operations_simplifyoutline.moc"
