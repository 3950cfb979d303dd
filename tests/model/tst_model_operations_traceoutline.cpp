// Trace stage 2: marching squares over pixel corners, one outline per 8-connected part.

#include "boostsimplicity.h"
#include "operations/simplifyoutline.h"
#include "operations/traceoutline.h"
#include "tracetestsupport.h"

#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

class TestTraceOutline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void outlines_data();
    void outlines();
    void partsComeInScanOrder();
    void holesAreIgnoredByDefault();
    void outlineAreaIsThePixelCount();
};

void TestTraceOutline::outlines_data() {
    QTest::addColumn<QStringList>("art");
    QTest::addColumn<QPolygonF>("expected");
    QTest::newRow("one pixel") << QStringList{"#"} << polygonOf({{0, 0}, {1, 0}, {1, 1}, {0, 1}});
    QTest::newRow("offset block") << QStringList{"....", ".##.", ".##."}
                                  << polygonOf({{1, 1}, {3, 1}, {3, 3}, {1, 3}});
    QTest::newRow("L shape") << QStringList{"#.", "##"}
                             << polygonOf({{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {0, 2}});
    // Pixels touching at a corner are one part; the corner is cut a quarter pixel each way.
    QTest::newRow("diagonal pair")
        << QStringList{"#.", ".#"}
        << polygonOf({{0, 0}, {1, 0}, {1.25, 0.75}, {2, 1}, {2, 2}, {1, 2}, {0.75, 1.25}, {0, 1}});
    QTest::newRow("anti-diagonal pair")
        << QStringList{".#", "#."}
        << polygonOf({{1, 0}, {2, 0}, {2, 1}, {1.25, 1.25}, {1, 2}, {0, 2}, {0, 1}, {0.75, 0.75}});
    QTest::newRow("U shape")
        << QStringList{"#.#", "###"}
        << polygonOf({{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 0}, {3, 0}, {3, 2}, {0, 2}});
}

void TestTraceOutline::outlines() {
    QFETCH(QStringList, art);
    QFETCH(QPolygonF, expected);
    const QList<PartOutline> parts = traceOutlines(maskFromArt(art));
    QCOMPARE(parts.size(), 1);
    QCOMPARE(parts[0].outer, expected);
    QVERIFY2(boostsimplicity::isSimple(parts[0].outer),
             qPrintable(boostsimplicity::simplicityProblem(parts[0].outer) + u' ' +
                        boostsimplicity::verticesOf(parts[0].outer)));
    QVERIFY(signedArea(parts[0].outer) > 0);
}

void TestTraceOutline::partsComeInScanOrder() {
    const QList<PartOutline> parts = traceOutlines(maskFromArt({"..##", "#...", "#..#"}));
    QCOMPARE(parts.size(), 3);
    QCOMPARE(parts[0].outer, polygonOf({{2, 0}, {4, 0}, {4, 1}, {2, 1}}));
    QCOMPARE(parts[1].outer, polygonOf({{0, 1}, {1, 1}, {1, 3}, {0, 3}}));
    QCOMPARE(parts[2].outer, polygonOf({{3, 2}, {4, 2}, {4, 3}, {3, 3}}));
    QCOMPARE(parts[1].pixelCount, 2);
    QVERIFY(traceOutlines(maskFromArt({"...", "..."})).isEmpty());
}

void TestTraceOutline::holesAreIgnoredByDefault() {
    const AlphaMask ring = maskFromArt({"###", "#.#", "###"});
    const QList<PartOutline> ignored = traceOutlines(ring);
    QCOMPARE(ignored.size(), 1);
    QCOMPARE(ignored[0].outer, polygonOf({{0, 0}, {3, 0}, {3, 3}, {0, 3}}));
    QVERIFY(ignored[0].holes.isEmpty());
    const QList<PartOutline> kept = traceOutlines(ring, HoleMode::Keep);
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept[0].holes.size(), 1);
    QCOMPARE(kept[0].holes[0], polygonOf({{1, 2}, {2, 2}, {2, 1}, {1, 1}}));
    QCOMPARE(signedArea(kept[0].holes[0]), -1.0);
    QCOMPARE(kept[0].pixelCount, 8);
}

void TestTraceOutline::outlineAreaIsThePixelCount() {
    // Without touching corners the outline encloses exactly the solid pixels.
    const AlphaMask blob =
        maskFromArt({"..####..", ".######.", "########", "###..###", "##....##", ".#....#."});
    const QList<PartOutline> parts = traceOutlines(blob);
    QCOMPARE(parts.size(), 1);
    QCOMPARE(signedArea(parts[0].outer), double(blob.solidCount()));
    QCOMPARE(rasterizedMask({parts[0].outer}, blob.width, blob.height), blob);
    QVERIFY2(boostsimplicity::isSimple(parts[0].outer),
             qPrintable(boostsimplicity::simplicityProblem(parts[0].outer) + u' ' +
                        boostsimplicity::verticesOf(parts[0].outer)));
}

QTEST_APPLESS_MAIN(TestTraceOutline)
#include "tst_model_operations_traceoutline.moc"
