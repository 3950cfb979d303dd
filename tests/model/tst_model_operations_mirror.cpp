// Table tests of mirroring: every shape type about a pivot, both axes, twice = identity, the
// pivot rule and the mirrored copy of a sprite (image flipped by reference).
#include "operations/mirror.h"

#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::Shape)
Q_DECLARE_METATYPE(hitsmith::operations::MirrorAxis)

class TestMirror : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mirroredSpriteName_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("taken");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no facing") << "knight" << QStringList{} << "knight-left";
        QTest::newRow("right to left") << "knight-right" << QStringList{} << "knight-left";
        QTest::newRow("left to right") << "knight_left" << QStringList{} << "knight_right";
        QTest::newRow("camel case") << "knightRight" << QStringList{} << "knightLeft";
        QTest::newRow("upper case") << "KNIGHT_RIGHT" << QStringList{} << "KNIGHT_LEFT";
        QTest::newRow("the word alone") << "right" << QStringList{} << "left";
        QTest::newRow("not inside a word") << "bright" << QStringList{} << "bright-left";
        QTest::newRow("taken") << "knight" << QStringList{"knight-left"} << "knight-left-2";
        QTest::newRow("taken twice")
            << "knight-right" << QStringList{"knight-left", "knight-left-2"} << "knight-left-3";
    }

    void mirroredSpriteName() {
        QFETCH(QString, name);
        QFETCH(QStringList, taken);
        QFETCH(QString, expected);
        QCOMPARE(operations::mirroredSpriteName(name, taken), expected);
    }

    void mirrorShape_data() {
        QTest::addColumn<Shape>("input");
        QTest::addColumn<MirrorAxis>("axis");
        QTest::addColumn<QPointF>("pivot");
        QTest::addColumn<Shape>("expected");
        // Clockwise-on-screen triangle stays clockwise; vertex 0 stays vertex 0.
        QTest::newRow("polygon horizontal")
            << Shape::polygon("body", {{10, 0}, {20, 0}, {20, 10}}, "hurtbox")
            << MirrorAxis::Horizontal << QPointF(5, 0)
            << Shape::polygon("body", {{0, 0}, {-10, 10}, {-10, 0}}, "hurtbox");
        QTest::newRow("polygon vertical")
            << Shape::polygon("body", {{0, 0}, {4, 0}, {4, 2}, {0, 2}}) << MirrorAxis::Vertical
            << QPointF(0, 10) << Shape::polygon("body", {{0, 20}, {0, 18}, {4, 18}, {4, 20}});
        QTest::newRow("rect horizontal")
            << Shape::rect("blade", {52, 30}, {20, 6}, -15, "hitbox") << MirrorAxis::Horizontal
            << QPointF(32, 60) << Shape::rect("blade", {12, 30}, {20, 6}, 15, "hitbox");
        QTest::newRow("rect vertical")
            << Shape::rect("blade", {52, 30}, {20, 6}, 30) << MirrorAxis::Vertical
            << QPointF(32, 60) << Shape::rect("blade", {52, 90}, {20, 6}, -30);
        QTest::newRow("rect at 0 degrees stays 0 (no -0)")
            << Shape::rect("r", {1, 1}, {2, 2}, 0) << MirrorAxis::Horizontal << QPointF(0, 0)
            << Shape::rect("r", {-1, 1}, {2, 2}, 0);
        QTest::newRow("circle horizontal")
            << Shape::circle("head", {32, 8}, 7) << MirrorAxis::Horizontal << QPointF(40, 0)
            << Shape::circle("head", {48, 8}, 7);
        QTest::newRow("circle vertical")
            << Shape::circle("head", {32, 8}, 7) << MirrorAxis::Vertical << QPointF(0, 10)
            << Shape::circle("head", {32, 12}, 7);
    }

    void mirrorShape() {
        QFETCH(Shape, input);
        QFETCH(MirrorAxis, axis);
        QFETCH(QPointF, pivot);
        QFETCH(Shape, expected);
        const Shape once = mirrored(input, axis, pivot);
        QCOMPARE(once, expected);
        QVERIFY(!std::signbit(once.angle) || once.angle != 0);
        QCOMPARE(mirrored(once, axis, pivot), input); // twice = identity
    }

    void keepsIdLayerAndProperties() {
        Shape blade = Shape::rect("blade", {1, 2}, {3, 4}, 10, "hitbox");
        blade.properties = QJsonObject{{"damage", 12}};
        blade.extra = QJsonObject{{"material", "steel"}};
        const Shape m = mirrored(blade, MirrorAxis::Horizontal, {});
        QCOMPARE(m.id, blade.id);
        QCOMPARE(m.layer, blade.layer);
        QCOMPARE(m.properties, blade.properties);
        QCOMPARE(m.extra, blade.extra);
    }

    void pivotRule() {
        Frame frame;
        QCOMPARE(mirrorPivot(frame, QSizeF()), QPointF(0, 0));
        QCOMPARE(mirrorPivot(frame, QSizeF(64, 32)), QPointF(32, 16)); // image centre
        frame.source = QRectF(64, 0, 40, 20);
        QCOMPARE(mirrorPivot(frame, QSizeF(256, 64)), QPointF(20, 10)); // cell centre
        frame.origin = QPointF(30, 18);
        QCOMPARE(mirrorPivot(frame, QSizeF(256, 64)), QPointF(30, 18)); // origin wins
    }

    void mirrorFrameMirrorsEveryShape() {
        Frame frame;
        frame.name = "f";
        frame.origin = QPointF(10, 10);
        frame.shapes << Shape::circle("a", {0, 0}, 1) << Shape::rect("b", {20, 0}, {2, 2}, 45);
        const Frame m = mirrored(frame, MirrorAxis::Horizontal, *frame.origin);
        QCOMPARE(m.origin, frame.origin);
        QCOMPARE(m.shapes[0].center, QPointF(20, 0));
        QCOMPARE(m.shapes[1].center, QPointF(0, 0));
        QCOMPARE(m.shapes[1].angle, -45.0);
    }

    void flipToggles() {
        QCOMPARE(toggled(ImageFlip::None, MirrorAxis::Horizontal), ImageFlip::Horizontal);
        QCOMPARE(toggled(ImageFlip::Horizontal, MirrorAxis::Horizontal), ImageFlip::None);
        QCOMPARE(toggled(ImageFlip::Horizontal, MirrorAxis::Vertical), ImageFlip::Both);
        QCOMPARE(toggled(ImageFlip::Both, MirrorAxis::Horizontal), ImageFlip::Vertical);
    }

    void mirroredCopyFlipsTheImageByReference() {
        Sprite knight;
        knight.name = "knight";
        knight.image = "knight.png";
        knight.duration = 80;
        Frame cell;
        cell.name = "attack-1";
        cell.source = QRectF(64, 0, 64, 64); // second cell of a 256 x 64 sheet
        cell.origin = QPointF(24, 60);
        cell.duration = 120;
        cell.shapes << Shape::rect("blade", {52, 30}, {20, 6}, -15, "hitbox");
        Frame whole;
        whole.name = "idle";
        whole.shapes << Shape::circle("head", {10, 8}, 4);
        knight.frames << cell << whole;

        const Sprite left =
            mirroredCopy(knight, MirrorAxis::Horizontal, QSizeF(256, 64), "knight-left");
        QCOMPARE(left.name, QStringLiteral("knight-left"));
        QCOMPARE(left.image, knight.image);
        QCOMPARE(left.flip, ImageFlip::Horizontal);
        QCOMPARE(left.duration, knight.duration);
        QCOMPARE(left.frames[0].duration, cell.duration);
        // In the flipped sheet the cell at x 64..128 is at 256-128 = 128..192.
        QCOMPARE(*left.frames[0].source, QRectF(128, 0, 64, 64));
        // Within the cell everything mirrors about the cell's centre (x 32).
        QCOMPARE(*left.frames[0].origin, QPointF(40, 60));
        QCOMPARE(left.frames[0].shapes[0], Shape::rect("blade", {12, 30}, {20, 6}, 15, "hitbox"));
        // A frame showing the whole image mirrors about the image centre (x 128).
        QCOMPARE(left.frames[1].shapes[0].center, QPointF(246, 8));
        QVERIFY(!left.frames[1].origin);
        // The copy of the copy is the original again.
        Sprite back = mirroredCopy(left, MirrorAxis::Horizontal, QSizeF(256, 64), "knight");
        QCOMPARE(back, knight);
    }
};

QTEST_APPLESS_MAIN(TestMirror)
#include "tst_model_operations_mirror.moc"
