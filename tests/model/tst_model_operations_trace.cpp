// The whole trace pipeline on generated sprites: every piece valid, the budget held, the union
// of the pieces covering the mask (IoU >= 0.95 at 1 px tolerance), and the ids it hands out.

#include "generatedsprites.h"
#include "operations/trace.h"
#include "tracetestsupport.h"
#include "validation.h"

#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::operations::TraceShapes)

class TestTrace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void generatedSpritesAreCovered_data();
    void generatedSpritesAreCovered();
    void hullGivesOnePiecePerPart();
    void emptyMaskGivesNothing();
    void shapesGetTraceIdsAndTheLayer();
};

void TestTrace::generatedSpritesAreCovered_data() {
    QTest::addColumn<QImage>("image");
    QTest::addColumn<int>("budget");
    // At 96 and 128 pixels; smaller sprites lose more to a 1-pixel tolerance (see bench/trace).
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
#include "tst_model_operations_trace.moc"
