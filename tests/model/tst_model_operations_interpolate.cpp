// Table tests of interpolation: endpoints equal the keys, midpoints are exact, angles go the
// short way round, and shapes that cannot be paired are reported instead of guessed.
#include "operations/interpolate.h"

#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::Shape)

class TestInterpolate : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void interpolate_data() {
        QTest::addColumn<Shape>("a");
        QTest::addColumn<Shape>("b");
        QTest::addColumn<double>("t");
        QTest::addColumn<Shape>("expected");
        const Shape r0 = Shape::rect("blade", {0, 0}, {10, 4}, 0, "hitbox");
        const Shape r1 = Shape::rect("blade", {20, 10}, {30, 8}, 90, "hurtbox");
        QTest::newRow("rect start") << r0 << r1 << 0.0 << r0;
        QTest::newRow("rect end keeps a's layer")
            << r0 << r1 << 1.0 << Shape::rect("blade", {20, 10}, {30, 8}, 90, "hitbox");
        QTest::newRow("rect middle")
            << r0 << r1 << 0.5 << Shape::rect("blade", {10, 5}, {20, 6}, 45, "hitbox");
        QTest::newRow("angle short way across 180")
            << Shape::rect("r", {0, 0}, {1, 1}, 170) << Shape::rect("r", {0, 0}, {1, 1}, -170)
            << 0.5 << Shape::rect("r", {0, 0}, {1, 1}, 180);
        QTest::newRow("angle short way across -180")
            << Shape::rect("r", {0, 0}, {1, 1}, -170) << Shape::rect("r", {0, 0}, {1, 1}, 170)
            << 0.5 << Shape::rect("r", {0, 0}, {1, 1}, -180);
        QTest::newRow("angle short way across 0")
            << Shape::rect("r", {0, 0}, {1, 1}, 350) << Shape::rect("r", {0, 0}, {1, 1}, 10) << 0.25
            << Shape::rect("r", {0, 0}, {1, 1}, 355);
        QTest::newRow("angle end is the key exactly")
            << Shape::rect("r", {0, 0}, {1, 1}, 170) << Shape::rect("r", {0, 0}, {1, 1}, -170)
            << 1.0 << Shape::rect("r", {0, 0}, {1, 1}, -170);
        QTest::newRow("circle quarter")
            << Shape::circle("c", {0, 0}, 4) << Shape::circle("c", {8, 4}, 8) << 0.25
            << Shape::circle("c", {2, 1}, 5);
        QTest::newRow("polygon middle") << Shape::polygon("p", {{0, 0}, {10, 0}, {0, 10}})
                                        << Shape::polygon("p", {{10, 10}, {30, 10}, {10, 30}})
                                        << 0.5 << Shape::polygon("p", {{5, 5}, {20, 5}, {5, 20}});
        // Issue 43: a capsule's ends and radius move together (a swung forearm).
        QTest::newRow("capsule quarter") << Shape::capsule("arm", {0, 0}, {20, 0}, 4)
                                         << Shape::capsule("arm", {0, 8}, {0, 28}, 8) << 0.25
                                         << Shape::capsule("arm", {0, 2}, {15, 7}, 5);
    }

    void interpolate() {
        QFETCH(Shape, a);
        QFETCH(Shape, b);
        QFETCH(double, t);
        QFETCH(Shape, expected);
        QCOMPARE(interpolated(a, b, t), expected);
    }

    void inbetweensPairByIdAndReport() {
        Frame first;
        first.shapes << Shape::rect("blade", {0, 0}, {10, 2}, 0)
                     << Shape::circle("spark", {0, 0}, 1)
                     << Shape::polygon("body", {{0, 0}, {1, 0}, {0, 1}})
                     << Shape::circle("head", {0, 0}, 4);
        Frame second;
        second.shapes << Shape::circle("head", {0, 30}, 4)
                      << Shape::rect("blade", {30, 0}, {10, 2}, 30)
                      << Shape::polygon("body", {{0, 0}, {1, 0}, {1, 1}, {0, 1}})
                      << Shape::circle("dust", {0, 0}, 1)
                      << Shape::rect("spark", {0, 0}, {1, 1}, 0);
        const Inbetweens result = inbetweens(first, second, 2);
        QCOMPARE(result.onlyInFirst, QStringList());
        QCOMPARE(result.onlyInSecond, QStringList{"dust"});
        QCOMPARE(result.mismatched, (QStringList{"spark", "body"}));
        QCOMPARE(result.frames.size(), 2);
        QCOMPARE(result.frames[0], (QList<Shape>{Shape::rect("blade", {10, 0}, {10, 2}, 10),
                                                 Shape::circle("head", {0, 10}, 4)}));
        QCOMPARE(result.frames[1], (QList<Shape>{Shape::rect("blade", {20, 0}, {10, 2}, 20),
                                                 Shape::circle("head", {0, 20}, 4)}));

        Frame lonely;
        lonely.shapes << Shape::circle("only", {0, 0}, 1);
        QCOMPARE(inbetweens(lonely, Frame(), 1).onlyInFirst, QStringList{"only"});
        QCOMPARE(inbetweens(lonely, Frame(), 1).frames, QList<QList<Shape>>{{}});
    }

    void withShapesReplacesByIdAndAppends() {
        Frame frame;
        frame.shapes << Shape::circle("a", {0, 0}, 1) << Shape::circle("b", {0, 0}, 1);
        const Frame result =
            withShapes(frame, {Shape::circle("b", {5, 5}, 2), Shape::circle("c", {1, 1}, 1)});
        QCOMPARE(result.shapes,
                 (QList<Shape>{Shape::circle("a", {0, 0}, 1), Shape::circle("b", {5, 5}, 2),
                               Shape::circle("c", {1, 1}, 1)}));
    }

    void overwritesNameChangedShapesOnTheFramesBetween() {
        Sprite sprite;
        sprite.frames.resize(4);
        for (int f = 0; f < 4; ++f)
            sprite.frames[f].name = QStringLiteral("f%1").arg(f);
        sprite.frames[0].shapes = {Shape::circle("blade", {0, 0}, 2, "hitbox"),
                                   Shape::circle("head", {0, 0}, 5)};
        sprite.frames[3].shapes = {Shape::circle("blade", {30, 0}, 2, "hitbox"),
                                   Shape::circle("head", {0, 0}, 5)};
        QCOMPARE(interpolationOverwrites(sprite, 0, 3), QList<IdClash>{});
        // f1 holds what interpolation gives (head at the same place; a blade with its own layer
        // and damage, geometry as interpolated): nothing overwritten. f2's blade is elsewhere.
        Shape blade1 = Shape::circle("blade", {10, 0}, 2, "attack");
        blade1.properties.insert("damage", 3);
        sprite.frames[1].shapes = {Shape::circle("head", {0, 0}, 5), blade1};
        sprite.frames[2].shapes = {Shape::circle("blade", {25, 0}, 2, "hitbox"),
                                   Shape::circle("extra", {0, 0}, 1)};
        QCOMPARE(interpolationOverwrites(sprite, 0, 3), (QList<IdClash>{{2, "blade"}}));
        QCOMPARE(interpolationOverwrites(sprite, 3, 0), (QList<IdClash>{{2, "blade"}}));
        sprite.frames[1].shapes[0].radius = 6;
        QCOMPARE(interpolationOverwrites(sprite, 0, 3),
                 (QList<IdClash>{{1, "head"}, {2, "blade"}}));
        QCOMPARE(interpolationOverwrites(sprite, 0, 1), QList<IdClash>{}); // nothing between
        QCOMPARE(interpolationOverwrites(sprite, 0, 9), QList<IdClash>{}); // no such key
    }
};

QTEST_APPLESS_MAIN(TestInterpolate)
#include "tst_model_operations_interpolate.moc"
