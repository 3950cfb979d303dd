// Points (locators) in the model: the "point" shape kind in the native format, its validation,
// and everywhere a point must not behave like a hitbox (collision, versus, frame data) or must
// behave like any shape (mirror, interpolate), plus the counted warning of formats without points.

#include "collisionservice.h"
#include "commands/shapecommands.h"
#include "fileformat.h"
#include "formatregistry.h"
#include "hitsmithformat.h"
#include "operations/interpolate.h"
#include "operations/mirror.h"
#include "operations/timing.h"
#include "validation.h"
#include "versusservice.h"

#include <QTest>
#include <QUndoStack>

#include <limits>

using namespace hitsmith;

namespace {

const QByteArray kDocument = R"({
  "format": "hitsmith",
  "version": 1,
  "collide": [["hitbox", "hurtbox"]],
  "sprites": [
    {
      "name": "hero",
      "frames": [
        {
          "name": "punch",
          "shapes": [
            {"id": "fist", "layer": "hitbox", "type": "rect", "center": [30, 10], "size": [10, 4], "angle": 0},
            {"id": "tip", "layer": "hitbox", "type": "point", "position": [12.5, -3]},
            {"id": "hand", "layer": "hurtbox", "type": "point", "position": [30, 10], "properties": {"bone": "arm"}}
          ]
        },
        {
          "name": "idle",
          "shapes": [
            {"id": "tip", "layer": "hitbox", "type": "point", "position": [30, 12]},
            {"id": "torso", "layer": "hurtbox", "type": "rect", "center": [30, 10], "size": [10, 20], "angle": 0}
          ]
        }
      ]
    }
  ]
}
)";

DocumentData load(const QByteArray &bytes) {
    ReadResult result = HitsmithFormat::parse(bytes);
    if (!result.isOk())
        qWarning() << result.error;
    return result.document.value_or(DocumentData{});
}

} // namespace

class TestModelPoints : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pointsRoundTripByteForByte();
    void aPointWithoutPositionSaysWhere();
    void validationWantsFinitePositionsAndUniqueIds();
    void pointsNeverCollide();
    void pointsAreNeverInVersus();
    void pointsDoNotMakeAFrameActive();
    void mirrorAndInterpolateMovePoints();
    void formatsWithoutPointsCountThem();
};

void TestModelPoints::pointsRoundTripByteForByte() {
    const DocumentData data = load(kDocument);
    QCOMPARE(data.sprites.size(), 1);
    const Shape &tip = data.sprites[0].frames[0].shapes[1];
    QCOMPARE(tip.type, ShapeType::Point);
    QCOMPARE(tip.center, QPointF(12.5, -3));
    QCOMPARE(tip.id, QString("tip"));
    QCOMPARE(tip.layer, QString("hitbox"));
    QVERIFY(tip.extra.isEmpty()); // "position" is a point's own field
    const Shape &hand = data.sprites[0].frames[0].shapes[2];
    QCOMPARE(hand.type, ShapeType::Point);
    QCOMPARE(hand.properties.value("bone").toString(), QString("arm"));
    QVERIFY(hand.extra.isEmpty());
    QCOMPARE(Shape::point("tip", {12.5, -3}, "hitbox"), tip);
    QCOMPARE(HitsmithFormat::serialize(data), kDocument);
}

void TestModelPoints::aPointWithoutPositionSaysWhere() {
    QByteArray bytes = kDocument;
    bytes.replace(R"("position": [12.5, -3])", R"("center": [12.5, -3])");
    const ReadResult result = HitsmithFormat::parse(bytes);
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains("sprites[0].frames[0].shapes[1].position"),
             qPrintable(result.error));
    bytes = kDocument;
    bytes.replace(R"("type": "point", "position": [12.5, -3])", R"("type": "spot")");
    const ReadResult unknown = HitsmithFormat::parse(bytes);
    QVERIFY2(unknown.error.contains("polygon, rect, circle, capsule or point"),
             qPrintable(unknown.error));
}

void TestModelPoints::validationWantsFinitePositionsAndUniqueIds() {
    DocumentData data = load(kDocument);
    QVERIFY(validateDocument(data).isEmpty());
    QVERIFY(!validateShape(data.sprites[0].frames[0].shapes[1]));
    QVERIFY(!isCollidable(data.sprites[0].frames[0].shapes[1])); // valid, yet never collides

    Shape &tip = data.sprites[0].frames[0].shapes[1];
    tip.center.setX(std::numeric_limits<double>::quiet_NaN());
    const std::optional<ShapeProblem> nan = validateShape(tip);
    QVERIFY(nan);
    QCOMPARE(nan->kind, ProblemKind::NonFinite);
    QVERIFY2(nan->reason.contains("point"), qPrintable(nan->reason));
    tip.center = {1e16, 0};
    QCOMPARE(validateShape(tip)->kind, ProblemKind::CoordinateTooLarge);

    data = load(kDocument);
    data.sprites[0].frames[0].shapes[2].id = "tip";
    const QList<Problem> problems = validateDocument(data);
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0].kind, ProblemKind::DuplicateShapeId);
}

void TestModelPoints::pointsNeverCollide() {
    Document doc;
    doc.reset(load(kDocument));
    CollisionService service(&doc);
    // The hand point sits inside the fist, on a layer the fist collides with: still no hit.
    QVERIFY(service.hits({0, 0}).isEmpty());
    QVERIFY(!service.isColliding({0, 0, 2}));
    // Turning the hand into a box makes the same place a hit: the frame itself can collide.
    Shape box = Shape::rect("hand", {30, 10}, {2, 2}, 0, "hurtbox");
    doc.undoStack()->push(new ChangeShapesCommand(&doc, {{0, 0, 2}}, {box}, "Box"));
    QCOMPARE(service.hits({0, 0}).size(), 1);
    doc.undoStack()->undo();
    QVERIFY(service.hits({0, 0}).isEmpty());
    QVERIFY(!service.isColliding({0, 0, 2}));
}

void TestModelPoints::pointsAreNeverInVersus() {
    Document doc;
    doc.reset(load(kDocument));
    VersusService versus(&doc);
    // The idle frame as the attacker: its only hitbox-layer shape is a point, right on the
    // defender's torso (punch's hand point is on the torso too).
    versus.setPlacement({{0, 1}, {0, 1}, 0, 0, Facing::Same});
    QVERIFY(versus.hits().isEmpty());
    const VersusLayerFilter filter(doc.data(), std::nullopt);
    QVERIFY(!filter.hasAttack(doc.data().sprites[0].frames[1]));
    QVERIFY(filter.hasAttack(doc.data().sprites[0].frames[0]));
    // The punch's fist hits the idle torso, and only the fist does (not the hand or tip).
    versus.setPlacement({{0, 0}, {0, 1}, 0, 0, Facing::Same});
    const QList<VersusHit> hits = versus.hits();
    QCOMPARE(hits.size(), 1);
    QCOMPARE(hits[0].attackerShape, 0);
    QCOMPARE(hits[0].defenderShape, 1);
}

void TestModelPoints::pointsDoNotMakeAFrameActive() {
    const DocumentData data = load(kDocument);
    const operations::FrameData frames = operations::frameData(data.sprites[0], "hitbox");
    QCOMPARE(frames.firstActive, 0);
    QCOMPARE(frames.lastActive, 0); // the idle frame holds only a point on the hitbox layer
}

void TestModelPoints::mirrorAndInterpolateMovePoints() {
    const Shape tip = Shape::point("tip", {12, -3}, "hitbox");
    QCOMPARE(operations::mirrored(tip, operations::MirrorAxis::Horizontal, {10, 0}).center,
             QPointF(8, -3));
    QCOMPARE(operations::mirrored(tip, operations::MirrorAxis::Vertical, {0, 1}).center,
             QPointF(12, 5));
    Frame a, b;
    a.shapes << tip;
    b.shapes << Shape::point("tip", {20, 5}, "hitbox");
    const operations::Inbetweens between = operations::inbetweens(a, b, 3);
    QCOMPARE(between.frames.size(), 3);
    QCOMPARE(between.frames[1].size(), 1);
    QCOMPARE(between.frames[1][0].type, ShapeType::Point);
    QCOMPARE(between.frames[1][0].center, QPointF(16, 1));
    QVERIFY(between.mismatched.isEmpty());
    // A point and a circle of the same id are not the same shape.
    b.shapes[0] = Shape::circle("tip", {20, 5}, 1, "hitbox");
    QCOMPARE(operations::inbetweens(a, b, 1).mismatched, QStringList{"tip"});
}

void TestModelPoints::formatsWithoutPointsCountThem() {
    const DocumentData data = load(kDocument);
    for (const QString &name : {QString("matter"), QString("air")}) {
        const FileFormat *format = FormatRegistry::instance().byName(name);
        QVERIFY2(format, qPrintable(name));
        const WriteResult written = format->write(data, {}, {});
        QVERIFY2(written.isOk(), qPrintable(written.error));
        const QStringList lines = written.warnings.filter("points are not stored in");
        QCOMPARE(lines.size(), 1);
        QVERIFY2(lines[0].contains(": 3 points left out: hero/punch/tip, hero/punch/hand, "
                                   "hero/idle/tip"),
                 qPrintable(lines[0]));
        QVERIFY(format->exportWarnings(data).contains(lines[0]));
        QVERIFY2(!written.bytes.contains("\"tip\"") && !written.bytes.contains("hand"),
                 written.bytes.constData());
    }
}

QTEST_GUILESS_MAIN(TestModelPoints)
#include "tst_model_points.moc"
