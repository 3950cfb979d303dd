// Table tests of the shape operations the canvas fixes and edit actions ask for.
#include "operations/shapeoperations.h"

#include <QTest>

using namespace hitsmith;

Q_DECLARE_METATYPE(hitsmith::Shape)

namespace {

Shape square(const QString &id = QStringLiteral("box")) {
    return Shape::polygon(id, {{0, 0}, {10, 0}, {10, 10}, {0, 10}}, QStringLiteral("hurtbox"));
}

} // namespace

class TestShapeOperations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void convexHull_data() {
        QTest::addColumn<Shape>("input");
        QTest::addColumn<bool>("hasResult");
        QTest::addColumn<QList<QPointF>>("expected");
        // A dent at (5,5) disappears; the hull keeps the input's
        // winding (a bow tie has none: the chain's own order, positive cross products).
        QTest::newRow("dented square")
            << Shape::polygon("cape", {{0, 0}, {10, 0}, {5, 5}, {10, 10}, {0, 10}}) << true
            << QList<QPointF>{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
        QTest::newRow("dented square, other winding")
            << Shape::polygon("cape", {{0, 10}, {10, 10}, {5, 5}, {10, 0}, {0, 0}}) << true
            << QList<QPointF>{{0, 10}, {10, 10}, {10, 0}, {0, 0}};
        QTest::newRow("bow tie") << Shape::polygon("tie", {{0, 0}, {10, 10}, {10, 0}, {0, 10}})
                                 << true << QList<QPointF>{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
        QTest::newRow("collinear and repeated points dropped")
            << Shape::polygon("line", {{0, 0}, {5, 0}, {10, 0}, {10, 0}, {10, 10}}) << true
            << QList<QPointF>{{0, 0}, {10, 0}, {10, 10}};
        QTest::newRow("all collinear: no better hull")
            << Shape::polygon("flat", {{0, 0}, {5, 0}, {10, 0}}) << false << QList<QPointF>{};
        QTest::newRow("not a polygon")
            << Shape::circle("c", {0, 0}, 4) << false << QList<QPointF>{};
    }
    void convexHull() {
        QFETCH(Shape, input);
        QFETCH(bool, hasResult);
        QFETCH(QList<QPointF>, expected);
        const std::optional<Shape> result = operations::replacedByConvexHull(input);
        QCOMPARE(result.has_value(), hasResult);
        if (!result)
            return;
        QCOMPARE(result->points, expected);
        QCOMPARE(result->id, input.id); // id, layer and type are kept
        QCOMPARE(result->layer, input.layer);
    }

    void removeVertices_data() {
        QTest::addColumn<Shape>("input");
        QTest::addColumn<QList<int>>("indices");
        QTest::addColumn<bool>("hasResult");
        QTest::addColumn<QList<QPointF>>("expected");
        const Shape pentagon = Shape::polygon("p", {{0, 0}, {10, 0}, {12, 6}, {5, 10}, {-2, 6}});
        QTest::newRow("one vertex") << pentagon << QList<int>{2} << true
                                    << QList<QPointF>{{0, 0}, {10, 0}, {5, 10}, {-2, 6}};
        QTest::newRow("two, any order, duplicates ignored")
            << pentagon << QList<int>{3, 0, 3} << true << QList<QPointF>{{10, 0}, {12, 6}, {-2, 6}};
        QTest::newRow("out of range ignored") << pentagon << QList<int>{-1, 9, 4} << true
                                              << QList<QPointF>{{0, 0}, {10, 0}, {12, 6}, {5, 10}};
        QTest::newRow("nothing in range") << pentagon << QList<int>{7} << false << QList<QPointF>{};
        QTest::newRow("would leave two")
            << pentagon << QList<int>{0, 1, 2} << false << QList<QPointF>{};
        QTest::newRow("triangle keeps three") << Shape::polygon("t", {{0, 0}, {1, 0}, {0, 1}})
                                              << QList<int>{0} << false << QList<QPointF>{};
        QTest::newRow("rect has no vertices")
            << Shape::rect("r", {0, 0}, {4, 4}) << QList<int>{0} << false << QList<QPointF>{};
    }
    void removeVertices() {
        QFETCH(Shape, input);
        QFETCH(QList<int>, indices);
        QFETCH(bool, hasResult);
        QFETCH(QList<QPointF>, expected);
        const std::optional<Shape> result = operations::withoutVertices(input, indices);
        QCOMPARE(result.has_value(), hasResult);
        if (result)
            QCOMPARE(result->points, expected);
        if (indices.size() == 1) // the single-vertex form agrees
            QCOMPARE(operations::withoutVertex(input, indices.first()), result);
    }

    void translate() {
        const QList<Shape> moved = operations::translated(
            {square(), Shape::rect("r", {1, 2}, {4, 6}, 30), Shape::circle("c", {-3, 4}, 2)},
            QPointF(8, -2));
        QCOMPARE(moved[0].points, (QList<QPointF>{{8, -2}, {18, -2}, {18, 8}, {8, 8}}));
        QCOMPARE(moved[1].center, QPointF(9, 0));
        QCOMPARE(moved[1].angle, 30.0);
        QCOMPARE(moved[1].size, QSizeF(4, 6));
        QCOMPARE(moved[2].center, QPointF(5, 2));
        QCOMPARE(moved[2].radius, 2.0);
    }

    void sameGeometry() {
        QVERIFY(operations::hasSameGeometry(square("a"), square("b")));
        Shape other = square();
        other.layer = QStringLiteral("hitbox");
        QVERIFY(operations::hasSameGeometry(square(), other)); // layer aside
        other.points[2] = QPointF(10, 10.000001);
        QVERIFY(!operations::hasSameGeometry(square(), other));
        QVERIFY(!operations::hasSameGeometry(Shape::circle("c", {0, 0}, 1),
                                             Shape::circle("c", {0, 0}, 2)));
        QVERIFY(!operations::hasSameGeometry(Shape::rect("r", {0, 0}, {2, 2}),
                                             Shape::rect("r", {0, 0}, {2, 2}, 1)));
    }
};

QTEST_GUILESS_MAIN(TestShapeOperations)
#include "tst_model_operations_shape.moc"
