// Trace stage 3b: simplified edges fitted to the contour, within the tolerance, never invalid.

#include "boostsimplicity.h"
#include "generatedsprites.h"
#include "operations/fitoutline.h"
#include "operations/simplifyoutline.h"
#include "operations/trace.h"
#include "operations/traceoutline.h"
#include "tracetestsupport.h"

#include <QRandomGenerator>
#include <QTest>

#include <cmath>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::operations::AlphaMask)

namespace {

double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t =
        length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

double distanceToOutline(QPointF p, const QPolygonF &outline) {
    double nearest = 1e300;
    for (qsizetype i = 0; i < outline.size(); ++i)
        nearest =
            std::min(nearest, distanceToSegment(p, outline[i], outline[(i + 1) % outline.size()]));
    return nearest;
}

// Largest distance of a vertex of `from` from the outline `to`.
double deviation(const QPolygonF &from, const QPolygonF &to) {
    double worst = 0;
    for (QPointF p : from)
        worst = std::max(worst, distanceToOutline(p, to));
    return worst;
}

// The corner-cut outline of the only part of mask.
QPolygonF contourOf(const AlphaMask &mask) {
    const QList<PartOutline> parts = traceOutlines(mask);
    return parts.size() == 1 ? cornerCutOutline(parts[0].outer) : QPolygonF();
}

double coverage(const QPolygonF &outline, const AlphaMask &mask) {
    return intersectionOverUnion(rasterizedMask({outline}, mask.width, mask.height), mask);
}

// A bar at 45 degrees: pixels whose centre lies within halfWidth of the diagonal x = y and
// between two cuts across it.
AlphaMask diagonalBar(int size, double halfWidth, double from, double to) {
    AlphaMask mask = AlphaMask::empty(size, size);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const double across = (x - y) / std::sqrt(2.0), along = (x + y + 1) / std::sqrt(2.0);
            mask.pixels[std::size_t(y) * size + x] =
                std::abs(across) <= halfWidth && along >= from && along <= to;
        }
    return mask;
}

AlphaMask disc(int size, double radius) {
    AlphaMask mask = AlphaMask::empty(size, size);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x)
            mask.pixels[std::size_t(y) * size + x] =
                std::hypot(x + 0.5 - size / 2.0, y + 0.5 - size / 2.0) <= radius;
    return mask;
}

// A random blob with narrow gaps and necks: the hard case for keeping the outline simple.
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

class TestFitOutline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fitsBetterThanChords_data();
    void fitsBetterThanChords();
    void toleranceZeroOnlyDropsCollinearVertices();
    void verticesStayInsideBounds();
    void randomOutlinesStayValidAndClose();
    void generatedSpritesFitAtLeastAsWellAsChords();
};

void TestFitOutline::fitsBetterThanChords_data() {
    QTest::addColumn<AlphaMask>("mask");
    QTest::addColumn<int>("vertices");       // of the fitted outline
    QTest::addColumn<double>("coverage");    // its IoU with the mask, at least
    QTest::addColumn<double>("chordsBelow"); // plain Douglas-Peucker's IoU, at most
    // The bar's tips are blunt, so chords between contour points cut a pixel row off each long
    // side; the fitted sides run along the staircases and meet beyond the tips.
    QTest::newRow("45-degree bar") << diagonalBar(40, 4.0, 6, 50) << 4 << 1.0 << 0.97;
    // Chords lie inside a convex outline; the fitted edges cross it, half in and half out.
    QTest::newRow("disc r=30") << disc(64, 30) << 16 << 0.99 << 0.987;
    QTest::newRow("disc r=45") << disc(96, 45) << 20 << 0.993 << 0.988;
}

void TestFitOutline::fitsBetterThanChords() {
    QFETCH(AlphaMask, mask);
    QFETCH(int, vertices);
    QFETCH(double, coverage);
    QFETCH(double, chordsBelow);
    const QPolygonF contour = contourOf(mask);
    QVERIFY(!contour.isEmpty());
    const QPolygonF chords = simplifiedOutline(contour, 1.0);
    const QPolygonF fitted = fittedOutline(contour, 1.0);
    QVERIFY2(boostsimplicity::isSimple(fitted),
             qPrintable(boostsimplicity::simplicityProblem(fitted)));
    QCOMPARE(fitted.size(), chords.size()); // same vertices, moved
    QVERIFY2(fitted.size() <= vertices, qPrintable(QString::number(fitted.size())));
    const double fittedCoverage = ::coverage(fitted, mask),
                 chordCoverage = ::coverage(chords, mask);
    QVERIFY2(fittedCoverage >= coverage, qPrintable(QString::number(fittedCoverage)));
    QVERIFY2(chordCoverage <= chordsBelow, qPrintable(QString::number(chordCoverage)));
    QVERIFY(deviation(contour, fitted) <= 1.0 + 1e-9);
    QVERIFY(deviation(fitted, contour) <= 1.0 + 1e-9);
}

void TestFitOutline::toleranceZeroOnlyDropsCollinearVertices() {
    const QPolygonF square = polygonOf({{0, 0}, {2, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 2}});
    QCOMPARE(fittedOutline(square, 0.0), polygonOf({{0, 0}, {4, 0}, {4, 4}, {0, 4}}));
    QCOMPARE(fittedOutline(square, -1.0), polygonOf({{0, 0}, {4, 0}, {4, 4}, {0, 4}}));
}

void TestFitOutline::verticesStayInsideBounds() {
    // The bar touches the mask's top-left corner: its fitted tip would lie outside.
    const AlphaMask mask = diagonalBar(24, 3.0, 0, 40);
    const QPolygonF contour = contourOf(mask);
    const QRectF bounds(0, 0, mask.width, mask.height);
    const QPolygonF free = fittedOutline(contour, 1.0);
    QVERIFY(!bounds.contains(free.boundingRect())); // the case is real
    const QPolygonF bounded = fittedOutline(contour, 1.0, bounds);
    QVERIFY2(boostsimplicity::isSimple(bounded),
             qPrintable(boostsimplicity::simplicityProblem(bounded)));
    for (QPointF p : bounded)
        QVERIFY2(bounds.adjusted(-1e-9, -1e-9, 1e-9, 1e-9).contains(p),
                 qPrintable(QStringLiteral("%1,%2").arg(p.x()).arg(p.y())));
    QVERIFY(deviation(contour, bounded) <= 1.0 + 1e-9);
}

void TestFitOutline::randomOutlinesStayValidAndClose() {
    QRandomGenerator random(31);
    int outlines = 0;
    for (int round = 0; round < 150; ++round) {
        const AlphaMask mask = randomMask(random, 24);
        for (const PartOutline &part : traceOutlines(mask)) {
            const QPolygonF contour = cornerCutOutline(part.outer);
            for (double tolerance : {0.5, 1.0, 2.0, 4.0}) {
                const QPolygonF result = fittedOutline(contour, tolerance);
                const QString where = QStringLiteral("round %1 tol %2").arg(round).arg(tolerance);
                QVERIFY2(boostsimplicity::isSimple(result),
                         qPrintable(where + QLatin1String(": ") +
                                    boostsimplicity::simplicityProblem(result)));
                QVERIFY(signedArea(result) > 0);
                QVERIFY(result.size() <= contour.size());
                QVERIFY2(deviation(contour, result) <= tolerance + 1e-9, qPrintable(where));
                QVERIFY2(deviation(result, contour) <= tolerance + 1e-9, qPrintable(where));
                ++outlines;
            }
        }
    }
    QVERIFY(outlines > 500);
}

void TestFitOutline::generatedSpritesFitAtLeastAsWellAsChords() {
    // At 64 px a 1 px tolerance is a large share of a thin shape: where chords lose the most.
    for (const GeneratedSprite &sprite : generatedSprites(64)) {
        const AlphaMask mask = filledMask(traceMask(sprite.image, sprite.image.rect(), {}));
        for (const PartOutline &part : traceOutlines(mask)) {
            const QPolygonF contour = cornerCutOutline(part.outer);
            const double fitted = coverage(fittedOutline(contour, 1.0), mask);
            const double chords = coverage(simplifiedOutline(contour, 1.0), mask);
            QVERIFY2(
                fitted >= chords,
                qPrintable(QStringLiteral("%1: %2 < %3").arg(sprite.name).arg(fitted).arg(chords)));
        }
    }
}

QTEST_MAIN(TestFitOutline)
#include "tst_model_operations_fitoutline.moc"
