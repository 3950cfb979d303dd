// Versus in the model: the saved "versus" list (format, validation, undo), the placement of the
// defender (origin, mirror, offset), and VersusService's hits kept in step with edits.

#include "commands/animationcommands.h"
#include "commands/shapecommands.h"
#include "commands/structurecommands.h"
#include "hitsmithformat.h"
#include "operations/versusplacement.h"
#include "validation.h"
#include "versusservice.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

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
          "origin": [10, 20],
          "shapes": [
            {"id": "fist", "layer": "hitbox", "type": "rect", "center": [30, 10], "size": [10, 4], "angle": 0},
            {"id": "torso", "layer": "hurtbox", "type": "rect", "center": [10, 10], "size": [10, 20], "angle": 0}
          ]
        }
      ]
    },
    {
      "name": "foe",
      "frames": [
        {
          "name": "idle",
          "origin": [0, 20],
          "shapes": [
            {"id": "belly", "layer": "hurtbox", "type": "polygon", "points": [[0, 0], [8, 0], [8, 20], [0, 20]]}
          ]
        }
      ]
    }
  ],
  "versus": [
    {"attacker": "hero/punch", "defender": "foe/idle", "dx": 26.5, "dy": -0.25, "facing": "same", "layers": [["hitbox", "hurtbox"], ["hurtbox", "hurtbox"]]},
    {"attacker": "hero/punch", "defender": "foe/idle", "dx": 30, "dy": 0, "facing": "opposite", "note": "kept"}
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

class TestModelVersus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void versusListRoundTripsByteForByte();
    void badFacingSaysWhere();
    void unknownFramesAreProblems();
    void setVersusIsOneUndoStep();
    void placementMirrorsAboutTheOrigin();
    void serviceFollowsPlacementAndEdits();
    void explicitLayerPairsAreOrdered();
    void rangeMatchesTheGeometry();
    void serviceFollowsFramesAcrossStructuralEdits();
    void rangeCountsLayersNotShapes();
    void serviceFollowsRootMotionOfEarlierFrames();
    void defaultTestsTheAttackLayerOneWay();
    void defenderDocumentIsAPathLikeAnImage();
    void opponentSpriteJoinsTheDocument();
};

void TestModelVersus::versusListRoundTripsByteForByte() {
    const DocumentData data = load(kDocument);
    QCOMPARE(data.versus.size(), 2);
    QCOMPARE(data.versus[0].facing, Facing::Same);
    QCOMPARE(data.versus[0].dx, 26.5);
    QCOMPARE(data.versus[1].extra.value("note").toString(), QString("kept"));
    // Explicit layer pairs are kept in order; a setup without them follows the collide matrix.
    QCOMPARE(data.versus[0].layers,
             (std::optional<QList<LayerPair>>{{{"hitbox", "hurtbox"}, {"hurtbox", "hurtbox"}}}));
    QVERIFY(!data.versus[1].layers);
    QVERIFY(!data.versus[0].extra.contains("layers")); // read, not kept as an unknown field
    QCOMPARE(HitsmithFormat::serialize(data), kDocument);
}

void TestModelVersus::badFacingSaysWhere() {
    QByteArray bytes = kDocument;
    bytes.replace(R"("facing": "same")", R"("facing": "left")");
    const ReadResult result = HitsmithFormat::parse(bytes);
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains("versus[0].facing"), qPrintable(result.error));

    bytes = kDocument;
    bytes.replace(R"(["hurtbox", "hurtbox"]])", R"(["hurtbox"]])");
    const ReadResult badPair = HitsmithFormat::parse(bytes);
    QVERIFY(!badPair.isOk());
    QVERIFY2(badPair.error.contains("versus[0].layers[1]"), qPrintable(badPair.error));

    // Only what the editor and the CLI can type: at least one pair, no empty name.
    bytes = kDocument;
    bytes.replace(R"([["hitbox", "hurtbox"], ["hurtbox", "hurtbox"]])", "[]");
    const ReadResult noPairs = HitsmithFormat::parse(bytes);
    QVERIFY(!noPairs.isOk());
    QVERIFY2(noPairs.error.contains("versus[0].layers"), qPrintable(noPairs.error));
    bytes = kDocument;
    bytes.replace(R"(["hurtbox", "hurtbox"]])", R"(["hurtbox", ""]])");
    const ReadResult emptyName = HitsmithFormat::parse(bytes);
    QVERIFY(!emptyName.isOk());
    QVERIFY2(emptyName.error.contains("versus[0].layers[1]"), qPrintable(emptyName.error));
}

void TestModelVersus::unknownFramesAreProblems() {
    DocumentData data = load(kDocument);
    QVERIFY(validateDocument(data).isEmpty());
    data.versus[1].defender = "foe/jump";
    const QList<Problem> problems = validateDocument(data);
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0].kind, ProblemKind::UnknownVersusFrame);
    QCOMPARE(problems[0].location, QString("versus[1]"));
}

void TestModelVersus::setVersusIsOneUndoStep() {
    Document document;
    document.reset(load(kDocument));
    QList<VersusSetup> edited = document.data().versus;
    edited.removeFirst();
    document.undoStack()->push(new SetVersusCommand(&document, edited, "Remove versus setup"));
    QCOMPARE(document.data().versus.size(), 1);
    document.undoStack()->undo();
    QCOMPARE(document.data().versus, load(kDocument).versus);
}

void TestModelVersus::placementMirrorsAboutTheOrigin() {
    const DocumentData data = load(kDocument);
    const Frame &foe = data.sprites[1].frames[0];
    const Shape mirrored = placeDefenderShape(foe.shapes[0], foe, {50, 1}, Facing::Opposite);
    QCOMPARE(mirrored.points, (QList<QPointF>{{50, -19}, {42, -19}, {42, 1}, {50, 1}}));
    const Shape same = placeDefenderShape(foe.shapes[0], foe, {50, 1}, Facing::Same);
    QCOMPARE(same.points, (QList<QPointF>{{50, -19}, {58, -19}, {58, 1}, {50, 1}}));
    Shape tilted = Shape::rect("r", {4, 10}, {2, 2}, 30);
    const Shape flipped = placeDefenderShape(tilted, foe, {0, 0}, Facing::Opposite);
    QCOMPARE(flipped.angle, -30.0);
    QCOMPARE(flipped.center, QPointF(-4, -10));
    const Frame &hero = data.sprites[0].frames[0];
    QCOMPARE(placeAttackerShape(hero.shapes[0], hero, {}).center, QPointF(20, -10));
    QCOMPARE(placeAttackerShape(hero.shapes[0], hero, {7, -1}).center, QPointF(27, -11));
}

void TestModelVersus::serviceFollowsPlacementAndEdits() {
    Document document;
    document.reset(load(kDocument));
    VersusService versus(&document);
    QSignalSpy spy(&versus, &VersusService::hitsChanged);
    // Fist spans x 15..25 (origin-relative), y -12..-8. The foe facing the hero at dx 30 spans
    // x 22..30: overlap 3 px; moving the foe by +3 in x separates it.
    versus.setPlacement({{0, 0}, {1, 0}, 30, 0, Facing::Opposite});
    QList<VersusHit> hits = versus.hits();
    QCOMPARE(hits.size(), 1);
    QCOMPARE(hits[0].attackerShape, 0);
    QCOMPARE(hits[0].defenderShape, 0);
    QCOMPARE(hits[0].depth, 3.0);
    QCOMPARE(hits[0].normal, QPointF(1, 0));
    // Same facing: the foe spans 30..38, out of reach.
    versus.setPlacement({{0, 0}, {1, 0}, 30, 0, Facing::Same});
    QVERIFY(versus.hits().isEmpty());
    versus.setPlacement({{0, 0}, {1, 0}, 24, 0, Facing::Same});
    QCOMPARE(versus.hits().size(), 1);
    QCOMPARE(versus.hits()[0].depth, 1.0);
    // Editing the fist (undoable command) shortens the reach: the hit ends.
    Shape fist = document.shape({0, 0, 0});
    fist.size = {4, 4};
    document.undoStack()->push(
        new ChangeShapesCommand(&document, {{0, 0, 0}}, {fist}, "Resize fist"));
    QVERIFY(versus.hits().isEmpty());
    document.undoStack()->undo();
    QCOMPARE(versus.hits().size(), 1);
    QVERIFY(spy.count() >= 5);
}

// Issue 29: the attacker stands at its frame's accumulated root motion, so the motion of an
// earlier frame moves it too, in the service and in versusRange.
void TestModelVersus::serviceFollowsRootMotionOfEarlierFrames() {
    DocumentData data = load(kDocument);
    Frame second = data.sprites[0].frames[0];
    second.name = "punch-2";
    data.sprites[0].frames << second;
    Document document;
    document.reset(data);
    VersusService versus(&document);
    versus.setPlacement({{0, 1}, {1, 0}, 30, 0, Facing::Opposite});
    QCOMPARE(versus.hits().size(), 1);
    QCOMPARE(versusRange(document.data(), {0, 1}, {1, 0}, 0, Facing::Opposite, std::nullopt),
             (QList<DxInterval>{{15, 33}}));
    // The first frame steps 10 px forward (and 1 down): the fist reaches 10 px farther.
    document.undoStack()->push(
        makeSetFrameMotionCommand(&document, {0, 0}, QPointF(10, 1)).release());
    QCOMPARE(versus.hits().size(), 1);
    QCOMPARE(versus.hits()[0].depth, 5.0); // foe 22..30 against the fist at 25..35
    QCOMPARE(versusRange(document.data(), {0, 1}, {1, 0}, 0, Facing::Opposite, std::nullopt),
             (QList<DxInterval>{{25, 43}}));
    versus.setPlacement({{0, 1}, {1, 0}, 40, 0, Facing::Opposite});
    QCOMPARE(versus.hits().size(), 1);
    document.undoStack()->undo();
    QVERIFY(versus.hits().isEmpty());
}

void TestModelVersus::explicitLayerPairsAreOrdered() {
    Document document;
    document.reset(load(kDocument));
    VersusService versus(&document);
    versus.setPlacement({{0, 0}, {1, 0}, 30, 0, Facing::Opposite});
    versus.setLayers(QList<LayerPair>{{"hurtbox", "hitbox"}});
    QVERIFY(versus.hits().isEmpty()); // the foe has no hitbox
    versus.setLayers(QList<LayerPair>{{"hitbox", "hurtbox"}});
    QCOMPARE(versus.hits().size(), 1);
}

void TestModelVersus::rangeMatchesTheGeometry() {
    const DocumentData data = load(kDocument);
    // Facing: foe spans [dx-8, dx] in x, y -20..0; the fist 15..25 at y -12..-8; the torso
    // (hurtbox) does not count against a hurtbox. Overlap when dx-8 <= 25 and dx >= 15.
    const QList<DxInterval> facing =
        versusRange(data, {0, 0}, {1, 0}, 0, Facing::Opposite, std::nullopt);
    QCOMPARE(facing, (QList<DxInterval>{{15, 33}}));
    // Lowered by 13 px the foe (y -7..13) passes under the fist (y <= -8): never.
    QVERIFY(versusRange(data, {0, 0}, {1, 0}, 13, Facing::Opposite, std::nullopt).isEmpty());
}

void TestModelVersus::serviceFollowsFramesAcrossStructuralEdits() {
    Document document;
    document.reset(load(kDocument));
    VersusService versus(&document);
    versus.setPlacement({{0, 0}, {1, 0}, 30, 0, Facing::Opposite});
    QCOMPARE(versus.hits().size(), 1);
    // A sprite inserted in front and a frame inserted before the defender's: both characters
    // keep their own frames, so the hit stays.
    Sprite extra;
    extra.name = "extra";
    Frame empty;
    empty.name = "empty";
    extra.frames.append(empty);
    document.undoStack()->push(new InsertSpriteCommand(&document, 0, extra, "Add extra"));
    QCOMPARE(versus.placement().attacker, (FrameRef{1, 0}));
    QCOMPARE(versus.placement().defender, (FrameRef{2, 0}));
    QCOMPARE(versus.hits().size(), 1);
    document.undoStack()->push(new InsertFrameCommand(&document, {2, 0}, empty, "Add empty"));
    QCOMPARE(versus.placement().defender, (FrameRef{2, 1}));
    QCOMPARE(versus.hits().size(), 1);
    QCOMPARE(versus.hits()[0].depth, 3.0);
    // Undone, both go back.
    document.undoStack()->undo();
    document.undoStack()->undo();
    QCOMPARE(versus.placement().attacker, (FrameRef{0, 0}));
    QCOMPARE(versus.placement().defender, (FrameRef{1, 0}));
    QCOMPARE(versus.hits().size(), 1);
    // The defender's sprite removed: no defender, no hits (never another sprite's frame).
    document.undoStack()->push(new RemoveSpriteCommand(&document, 1, "Remove foe"));
    QVERIFY(!versus.isActive());
    QVERIFY(versus.hits().isEmpty());
}

void TestModelVersus::rangeCountsLayersNotShapes() {
    // 70,000 tiny defender shapes far away plus one in reach: shape numbers past 65,535 must not
    // wrap onto other layers.
    DocumentData data = load(kDocument);
    QList<Shape> &shapes = data.sprites[1].frames[0].shapes;
    const Shape belly = shapes.takeFirst();
    for (int i = 0; i < 70000; ++i)
        shapes.append(Shape::circle(QStringLiteral("far%1").arg(i), {-5000.0 - i, 0}, 0.25,
                                    QStringLiteral("decor")));
    shapes.append(belly);
    const QList<DxInterval> facing =
        versusRange(data, {0, 0}, {1, 0}, 0, Facing::Opposite, std::nullopt);
    QCOMPARE(facing, (QList<DxInterval>{{15, 33}}));
}

// Issue 26, item 4: the default tested the collide matrix either way round, so the defender's
// hitbox on the attacker's hurtbox counted as the attacker's hit and reach.
void TestModelVersus::defaultTestsTheAttackLayerOneWay() {
    DocumentData data = load(kDocument);
    // The foe gets a claw (hitbox) that reaches the hero's torso whenever the belly is near it;
    // the hero gets a kick frame with no hitbox.
    data.sprites[1].frames[0].shapes.append(
        Shape::rect("claw", {20, 10}, {40, 4}, 0, "hitbox")); // facing the hero: dx-40..dx
    Frame kick;
    kick.name = "kick";
    kick.origin = QPointF(10, 20);
    kick.shapes = {Shape::rect("shin", {10, 10}, {10, 20}, 0, "hurtbox")};
    data.sprites[0].frames.append(kick);

    const VersusLayerFilter filter(data, std::nullopt);
    QCOMPARE(filter.attackLayer(), QStringLiteral("hitbox"));
    QVERIFY(filter.allows("hitbox", "hurtbox"));
    QVERIFY(!filter.allows("hurtbox", "hitbox"));
    QCOMPARE(filter.pairs(), (QList<LayerPair>{{"hitbox", "hurtbox"}}));
    QVERIFY(filter.hasAttack(data.sprites[0].frames[0]));
    QVERIFY(!filter.hasAttack(data.sprites[0].frames[1]));
    // The claw reaches over the hero wherever the belly does: only the fist counts.
    QCOMPARE(versusRange(data, {0, 0}, {1, 0}, 0, Facing::Opposite, std::nullopt),
             (QList<DxInterval>{{15, 33}}));
    QVERIFY(versusRange(data, {0, 1}, {1, 0}, 0, Facing::Opposite, std::nullopt).isEmpty());
    // Explicit pairs either way still test the claw: the kick's shin is reached.
    const QList<LayerPair> both{{"hitbox", "hurtbox"}, {"hurtbox", "hitbox"}};
    QVERIFY(!versusRange(data, {0, 1}, {1, 0}, 0, Facing::Opposite, both).isEmpty());

    Document document;
    document.reset(data);
    VersusService versus(&document);
    versus.setPlacement({{0, 1}, {1, 0}, 12, 0, Facing::Opposite}); // claw over the shin
    QVERIFY(versus.hits().isEmpty());
    versus.setLayers(both);
    QCOMPARE(versus.hits().size(), 1);
    versus.setLayers(std::nullopt);
    QVERIFY(versus.hits().isEmpty());
    // A layer named "attack" sorts first and becomes the attack layer, wherever it appears.
    document.undoStack()->push(new InsertShapesCommand(
        &document, {{1, 0, 2}}, {Shape::circle("bite", {0, 0}, 1, "attack")}, "Add bite"));
    QCOMPARE(VersusLayerFilter(document.data(), std::nullopt).attackLayer(),
             QStringLiteral("attack"));
    QVERIFY(versus.hits().isEmpty()); // attack collides with nothing in the matrix

    // Without a layer named like an attack, the matrix is tested either way round.
    DocumentData plain = load(kDocument);
    plain.collide = QList<LayerPair>{{"a", "b"}};
    for (Sprite &sprite : plain.sprites)
        for (Frame &frame : sprite.frames)
            for (Shape &shape : frame.shapes)
                shape.layer = shape.layer == "hitbox" ? "a" : "b";
    const VersusLayerFilter matrix(plain, std::nullopt);
    QCOMPARE(matrix.attackLayer(), QString());
    QVERIFY(matrix.allows("a", "b") && matrix.allows("b", "a") && !matrix.allows("b", "b"));
    QVERIFY(matrix.hasAttack(plain.sprites[1].frames[0])); // b collides with a
}

void TestModelVersus::defenderDocumentIsAPathLikeAnImage() {
    QByteArray bytes = kDocument;
    bytes.replace(R"("note": "kept"})", R"("note": "kept"},
    {"attacker": "hero/punch", "defender": "brute/guard", "dx": 5, "dy": 0, "facing": "opposite", "defender_document": "../chars/brute.json"})");
    const DocumentData data = load(bytes);
    QCOMPARE(data.versus.size(), 3);
    QCOMPARE(data.versus[2].defenderDocument, QString("../chars/brute.json"));
    QVERIFY(data.versus[2].extra.isEmpty()); // read, not kept as an unknown field
    QVERIFY(data.versus[1].defenderDocument.isEmpty());
    QCOMPARE(HitsmithFormat::serialize(data), bytes);

    // Absolute in memory, relative to the file's folder in files, as sprite images.
    const ReadResult read = HitsmithFormat().readFrom(bytes, "/game/levels/hero.json");
    QVERIFY(read.isOk());
    QCOMPARE(read.document->versus[2].defenderDocument, QString("/game/chars/brute.json"));
    const QByteArray moved = HitsmithFormat().writeFor(*read.document, "/game/hero.json").bytes;
    QVERIFY2(moved.contains(R"("defender_document": "chars/brute.json")"), moved.constData());

    // Its defender is a frame of that document: not a problem here; the attacker still is.
    QVERIFY(validateDocument(data).isEmpty());
    DocumentData wrong = data;
    wrong.versus[2].attacker = "hero/kick";
    const QList<Problem> problems = validateDocument(wrong);
    QCOMPARE(problems.size(), 1);
    QCOMPARE(problems[0].location, QString("versus[2]"));
    wrong.versus[2].attacker = "hero/punch";
    wrong.versus[2].defenderDocument.clear();
    QCOMPARE(validateDocument(wrong).size(), 1); // brute/guard is no frame of this document

    bytes.replace(R"("defender_document": "../chars/brute.json")", R"("defender_document": "")");
    const ReadResult empty = HitsmithFormat::parse(bytes);
    QVERIFY(!empty.isOk());
    QVERIFY2(empty.error.contains("versus[2].defender_document"), qPrintable(empty.error));
}

void TestModelVersus::opponentSpriteJoinsTheDocument() {
    const DocumentData hero = load(kDocument);
    DocumentData opponent = load(kDocument);
    opponent.sprites[1].frames[0].shapes[0].points = {{0, 0}, {30, 0}, {30, 20}, {0, 20}};
    // Named after its file, under a name the document does not have yet.
    DocumentData joined = hero;
    const FrameRef d = appendOpponentSprite(joined, opponent, {1, 0}, "/x/foe.json");
    QCOMPARE(d, (FrameRef{2, 0}));
    QCOMPARE(joined.sprites[2].name, QString("foe (foe.json)"));
    QCOMPARE(appendOpponentSprite(joined, opponent, {1, 0}, "/y/foe.json"), (FrameRef{3, 0}));
    QCOMPARE(joined.sprites[3].name, QString("foe (foe.json) 2"));

    // The service with the opponent gives the joined document's hits; the document's own foe is
    // narrower (the fist misses it at dx 50).
    Document document;
    document.reset(hero);
    VersusService service(&document);
    const VersusPlacement placement{{0, 0}, {1, 0}, 50, 0, Facing::Opposite};
    service.setPlacement(placement);
    QVERIFY(service.isActive());
    QVERIFY(service.hits().isEmpty());
    const auto shared = std::make_shared<const DocumentData>(opponent);
    service.setPlacement(placement, shared, "/x/foe.json");
    QVERIFY(service.isActive());
    QCOMPARE(service.defenderFrame().shapes[0].points.size(), 4);
    Document joinedDocument;
    joinedDocument.reset(joined);
    VersusService reference(&joinedDocument);
    reference.setPlacement({{0, 0}, d, 50, 0, Facing::Opposite});
    QVERIFY(!reference.hits().isEmpty());
    QCOMPARE(service.hits(), reference.hits());
    FrameRef inPair;
    const DocumentData pair = service.pairData(&inPair);
    QCOMPARE(inPair, d);
    QCOMPARE(pair.sprites[d.sprite].frames[0].shapes[0].points,
             opponent.sprites[1].frames[0].shapes[0].points);

    // The document's edits move its attacker frame, never the opponent's defender frame.
    document.undoStack()->push(
        new SetVersusCommand(&document, {}, "unrelated")); // not a shape: no change of hits
    QCOMPARE(service.hits(), reference.hits());
    document.reset(DocumentData{});
    QVERIFY(!service.isActive());
    // A frame the opponent lacks: no hits, no crash.
    service.setPlacement({{0, 0}, {5, 0}, 50, 0, Facing::Opposite}, shared, "/x/foe.json");
    QVERIFY(!service.isActive());
    QVERIFY(service.hits().isEmpty());
}

QTEST_GUILESS_MAIN(TestModelVersus)
#include "tst_model_versus.moc"
