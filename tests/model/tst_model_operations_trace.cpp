// The whole trace pipeline on generated sprites: every piece valid, the budget held, the union
// of the pieces covering the mask (IoU >= 0.95 at 1 px tolerance), and the ids it hands out.

#include "generatedsprites.h"
#include "operations/convexpieces.h"
#include "operations/fitoutline.h"
#include "operations/simplifyoutline.h"
#include "operations/trace.h"
#include "operations/traceoutline.h"
#include "tracetestsupport.h"
#include "validation.h"

#include <QPainter>
#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::operations::TraceShapes)

class TestTrace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void generatedSpritesAreCovered_data();
    void generatedSpritesAreCovered();
    void piecesStayInsideTheMask();
    void specksWithinTheToleranceGetNoPiece_data();
    void specksWithinTheToleranceGetNoPiece();
    void startWithFewestPiecesIsKept();
    void hullGivesOnePiecePerPart();
    void emptyMaskGivesNothing();
    void shapesGetTraceIdsAndTheLayer();
    void cellsTraceAlikeOnAnyNumberOfThreads();
};

void TestTrace::generatedSpritesAreCovered_data() {
    QTest::addColumn<QImage>("image");
    QTest::addColumn<int>("budget");
    // At 64 px a 1 px tolerance is a large share of a thin star arm or bar: the hard case.
    for (const GeneratedSprite &sprite : generatedSprites(64)) {
        QTest::newRow(qPrintable(sprite.name + QStringLiteral(" 64px"))) << sprite.image << 8;
        QTest::newRow(qPrintable(sprite.name + QStringLiteral(" 64px, no limit")))
            << sprite.image << 0;
    }
    for (const GeneratedSprite &sprite : generatedSprites(96)) {
        QTest::newRow(qPrintable(sprite.name + QStringLiteral(", budget 8"))) << sprite.image << 8;
        QTest::newRow(qPrintable(sprite.name + QStringLiteral(", budget 4"))) << sprite.image << 4;
        QTest::newRow(qPrintable(sprite.name + QStringLiteral(", no limit"))) << sprite.image << 0;
    }
    for (const GeneratedSprite &sprite : generatedSprites(128))
        QTest::newRow(qPrintable(sprite.name + QStringLiteral(" 128px"))) << sprite.image << 8;
}

void TestTrace::generatedSpritesAreCovered() {
    QFETCH(QImage, image);
    QFETCH(int, budget);
    TraceOptions options;
    options.maxVertices = budget;
    const AlphaMask mask = traceMask(image, image.rect(), options);
    QVERIFY(mask.solidCount() > 0);
    const TracedPieces traced = tracePieces(mask, options);
    QCOMPARE(traced.droppedCount, 0);
    QVERIFY(!traced.pieces.isEmpty());
    for (const QPolygonF &piece : traced.pieces) {
        const auto problem = validateShape(Shape::polygon(QStringLiteral("p"), piece.toList()));
        QVERIFY2(!problem, problem ? qPrintable(problem->reason) : "");
        if (budget > 0)
            QVERIFY2(piece.size() <= budget, qPrintable(QString::number(piece.size())));
    }
    // Holes are ignored by default, so the pieces cover the mask with its holes filled.
    const double iou = intersectionOverUnion(rasterizedMask(traced.pieces, mask.width, mask.height),
                                             filledMask(mask));
    QVERIFY2(iou >= 0.95, qPrintable(QStringLiteral("IoU %1").arg(iou)));
}

void TestTrace::piecesStayInsideTheMask() {
    // A bar cut by the cell's edge: its fitted tips would poke out of the cell.
    QImage image = blankSprite(48);
    {
        QPainter painter(&image);
        painter.translate(6, 6);
        painter.rotate(45);
        painter.fillRect(QRectF(-20, -5, 60, 10), Qt::black);
    }
    const AlphaMask mask = traceMask(image, image.rect(), {});
    const TracedPieces traced = tracePieces(mask, TraceOptions());
    QVERIFY(!traced.pieces.isEmpty());
    const QRectF cell = QRectF(image.rect()).adjusted(-1e-9, -1e-9, 1e-9, 1e-9);
    for (const QPolygonF &piece : traced.pieces)
        for (QPointF p : piece)
            QVERIFY2(cell.contains(p), qPrintable(QStringLiteral("%1,%2").arg(p.x()).arg(p.y())));
}

void TestTrace::specksWithinTheToleranceGetNoPiece_data() {
    QTest::addColumn<QStringList>("art");
    QTest::addColumn<double>("tolerance");
    QTest::addColumn<int>("specks");
    QTest::addColumn<QStringList>("covered");
    const QStringList art = {"#.....", "......", "..###.", "..###.", "..###.", "#....."};
    // Every corner-cut point of a pixel is 0.5 from its centre, of two pixels in a row at most 1.
    QTest::newRow("1 px: two lone pixels are specks")
        << art << 1.0 << 2
        << QStringList{"......", "......", "..###.", "..###.", "..###.", "......"};
    QTest::newRow("0.4 px: every part gets pieces") << art << 0.4 << 0 << art;
    QTest::newRow("1 px: two pixels in a row are a speck")
        << QStringList{"##...", ".....", "....#", "....#", "....#"} << 1.0 << 1
        << QStringList{".....", ".....", "....#", "....#", "....#"};
    QTest::newRow("0 px: nothing is simplified away")
        << QStringList{"#..", "...", "..#"} << 0.0 << 0 << QStringList{"#..", "...", "..#"};
}

void TestTrace::specksWithinTheToleranceGetNoPiece() {
    QFETCH(QStringList, art);
    QFETCH(double, tolerance);
    QFETCH(int, specks);
    QFETCH(QStringList, covered);
    const AlphaMask mask = maskFromArt(art);
    TraceOptions options;
    options.tolerance = tolerance;
    const TracedPieces traced = tracePieces(mask, options);
    QCOMPARE(traced.speckCount, specks);
    QCOMPARE(artFromMask(rasterizedMask(traced.pieces, mask.width, mask.height)), covered);
}

void TestTrace::startWithFewestPiecesIsKept() {
    // Where Douglas-Peucker starts decides which dents keep a vertex. Blob 2 at 64 px simplified
    // from vertex 0 keeps a shallow dent that costs a piece; another start cuts across it.
    const QImage image = generatedSprites(64)[9].image;
    QCOMPARE(generatedSprites(64)[9].name, QStringLiteral("blob 2"));
    TraceOptions options;
    options.maxVertices = 0;
    const AlphaMask mask = traceMask(image, image.rect(), options);
    const QList<PartOutline> parts = traceOutlines(mask);
    QCOMPARE(parts.size(), 1);
    const QRectF bounds(0, 0, mask.width, mask.height);
    const qsizetype fromVertex0 =
        convexPieces(fittedOutline(cornerCutOutline(parts[0].outer), 1.0, bounds), 0).size();
    const QPolygonF outline = tracedOutline(parts[0].outer, options, bounds);
    const TracedPieces traced = tracePieces(mask, options);
    QCOMPARE(traced.pieces.size(), convexPieces(outline, 0).size());
    QVERIFY2(traced.pieces.size() < fromVertex0,
             qPrintable(QStringLiteral("%1 vs %2").arg(traced.pieces.size()).arg(fromVertex0)));
    // Still within the tolerance of the contour, and covering the mask as well.
    QVERIFY(intersectionOverUnion(rasterizedMask(traced.pieces, mask.width, mask.height), mask) >=
            0.98);
}

void TestTrace::hullGivesOnePiecePerPart() {
    TraceOptions options;
    options.shapes = TraceShapes::ConvexHull;
    options.maxVertices = 6;
    const AlphaMask mask = maskFromArt({"##....", "#.....", "....##", "....##"});
    const TracedPieces traced = tracePieces(mask, options);
    QCOMPARE(traced.partCount, 2);
    QCOMPARE(traced.pieces.size(), 2);
    for (const QPolygonF &piece : traced.pieces) {
        QVERIFY(piece.size() <= 6);
        QVERIFY(isCollidable(Shape::polygon(QStringLiteral("p"), piece.toList())));
    }
    // The concave L-shaped part becomes its hull: the corner pixel (1,1) is covered too.
    QCOMPARE(artFromMask(rasterizedMask(traced.pieces, 6, 4)),
             (QStringList{"##....", "#.....", "....##", "....##"}));
    options.tolerance = 0;
    const TracedPieces exact = tracePieces(mask, options);
    QCOMPARE(exact.pieces[0], polygonOf({{0, 0}, {2, 0}, {2, 1}, {1, 2}, {0, 2}}));
}

void TestTrace::emptyMaskGivesNothing() {
    const TracedPieces traced = tracePieces(AlphaMask::empty(8, 8), TraceOptions());
    QCOMPARE(traced.partCount, 0);
    QVERIFY(traced.pieces.isEmpty());
}

void TestTrace::shapesGetTraceIdsAndTheLayer() {
    const QList<QPolygonF> pieces = {polygonOf({{0, 0}, {1, 0}, {1, 1}}),
                                     polygonOf({{2, 0}, {3, 0}, {3, 1}}),
                                     polygonOf({{4, 0}, {5, 0}, {5, 1}})};
    TraceOptions options;
    options.layer = QStringLiteral("hitbox");
    Frame frame;
    frame.shapes.append(Shape::circle(QStringLiteral("trace-2"), {0, 0}, 1));
    const QList<Shape> shapes = tracedShapes(pieces, options, frame);
    QCOMPARE(shapes.size(), 3);
    QCOMPARE(shapes[0].id, QStringLiteral("trace-1"));
    QCOMPARE(shapes[1].id, QStringLiteral("trace-3"));
    QCOMPARE(shapes[2].id, QStringLiteral("trace-4"));
    QCOMPARE(shapes[1].layer, QStringLiteral("hitbox"));
    QCOMPARE(shapes[1].points, pieces[1].toList());
    QCOMPARE(tracedShapes(pieces, TraceOptions())[0].layer, QStringLiteral("hurtbox"));
}

QTEST_MAIN(TestTrace)
void TestTrace::cellsTraceAlikeOnAnyNumberOfThreads() {
    // The generated 64 px sprites side by side, cut into 16 x 16 cells: parts cut at cell edges,
    // empty cells, specks; more cells than one run of a thread (32).
    const QList<GeneratedSprite> sprites = generatedSprites(64);
    QImage sheet(64 * int(sprites.size()), 64, QImage::Format_ARGB32);
    sheet.fill(Qt::transparent);
    QPainter painter(&sheet);
    for (qsizetype i = 0; i < sprites.size(); ++i)
        painter.drawImage(int(i) * 64, 0, sprites[i].image);
    painter.end();
    QList<QRect> cells;
    for (int y = 0; y < sheet.height(); y += 16)
        for (int x = 0; x < sheet.width(); x += 16)
            cells.append(QRect(x, y, 16, 16));
    QVERIFY(cells.size() > 3 * 32);
    const TraceOptions options;
    QList<TracedPieces> expected;
    for (const QRect &cell : cells)
        expected.append(tracePieces(traceMask(sheet, cell, options), options));
    int pieces = 0;
    for (const TracedPieces &traced : expected)
        pieces += int(traced.pieces.size());
    QVERIFY(pieces > 100);
    for (int threads : {1, 2, 3, 0}) {
        const QList<TracedPieces> traced = traceCells(sheet, cells, options, threads);
        QCOMPARE(traced.size(), expected.size());
        for (qsizetype i = 0; i < cells.size(); ++i) {
            QCOMPARE(traced[i].pieces, expected[i].pieces);
            QCOMPARE(traced[i].partCount, expected[i].partCount);
            QCOMPARE(traced[i].droppedCount, expected[i].droppedCount);
            QCOMPARE(traced[i].speckCount, expected[i].speckCount);
        }
    }
}

#include "tst_model_operations_trace.moc"
