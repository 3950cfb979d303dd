// Issues 29 and 30 across the engine formats: root motion (Frame::motion) and points survive
// export and import where the format carries them (Godot: a position track on the sprite node
// and a Marker2D per point; Tiled: motionX/motionY tile properties and point objects; Spine: a
// stepped translate timeline on the root bone and point attachments), with the exact text an
// engine loads; formats without them count what they leave out in their export warnings.

#include "formattestsupport.h"

#include "hitsmithformat.h"

#include <QHash>
#include <QJsonArray>

using namespace hitsmith;
using namespace formattest;

class TestMotionPoints : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void knightKeepsMotionAndPoints_data();
    void knightKeepsMotionAndPoints();
    void steppingDocumentRoundTrips_data();
    void steppingDocumentRoundTrips();
    void godotSceneText();
    void godotFirstFrameMotionAndReorderedPoints();
    void godotReadsPreviousMarkerLayout();
    void godotPointPropertiesThatDifferAreCounted();
    void tiledMotionProperties();
    void spineRootTimeline();
    void truncationsNeverHalfLoad_data();
    void truncationsNeverHalfLoad();
    void godotMalformedTracks();
    void lossCountedWhereNotKept_data();
    void lossCountedWhereNotKept();
};

namespace {

/// One sprite "hero" of three 100 ms frames: the character steps (4, 0) then (2.5, -1); "tip"
/// is in frames a and c, "hand" only in b; the frames' origins differ.
DocumentData steppingDocument() {
    DocumentData document;
    Sprite hero;
    hero.name = QStringLiteral("hero");
    Frame a;
    a.name = QStringLiteral("a");
    a.origin = QPointF(10, 20);
    a.shapes = {
        Shape::rect(QStringLiteral("body"), {10, 10}, {10, 20}, 0, QStringLiteral("hurtbox")),
        Shape::point(QStringLiteral("tip"), {15, 10}, QStringLiteral("points"))};
    Frame b;
    b.name = QStringLiteral("b");
    b.origin = QPointF(10, 20);
    b.motion = QPointF(4, 0);
    b.shapes = {
        Shape::rect(QStringLiteral("body"), {10, 10}, {10, 20}, 0, QStringLiteral("hurtbox")),
        Shape::point(QStringLiteral("hand"), {12, 18}, QStringLiteral("points"))};
    Frame c;
    c.name = QStringLiteral("c");
    c.origin = QPointF(12, 20);
    c.motion = QPointF(2.5, -1);
    c.shapes = {
        Shape::rect(QStringLiteral("body"), {12, 10}, {10, 20}, 0, QStringLiteral("hurtbox")),
        Shape::point(QStringLiteral("tip"), {22, 12}, QStringLiteral("points"))};
    hero.frames = {a, b, c};
    document.sprites = {hero};
    return document;
}

/// A frame's points as "id@layer" -> position relative to the frame's origin (a Spine import has
/// no origins: its positions are relative to the skeleton's root already).
QHash<QString, QPointF> pointsOf(const Frame &frame) {
    QHash<QString, QPointF> points;
    for (const Shape &shape : frame.shapes) {
        if (shape.type == ShapeType::Point)
            points.insert(shape.id + u'@' + shape.layer,
                          shape.center - frame.origin.value_or(QPointF()));
    }
    return points;
}

/// Where back's motion or points differ from expected's (by sprite name, frame by frame), or
/// empty; counts the points compared.
QString motionAndPointDifference(const DocumentData &expected, const DocumentData &back,
                                 int *pointsCompared, int *stepsCompared) {
    for (const Sprite &sprite : expected.sprites) {
        const qsizetype s = back.indexOfSprite(sprite.name);
        if (s < 0)
            return sprite.name + QStringLiteral(": sprite missing");
        const Sprite &other = back.sprites[s];
        if (other.frames.size() != sprite.frames.size())
            return sprite.name + QStringLiteral(": frame count %1 != %2")
                                     .arg(other.frames.size())
                                     .arg(sprite.frames.size());
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            const QString where = sprite.name + u'/' + sprite.frames[f].name;
            const QPointF motion = sprite.frames[f].motion, seen = other.frames[f].motion;
            if (!nearPoint(motion, seen, 1e-9))
                return where + QStringLiteral(": motion (%1, %2) != (%3, %4)")
                                   .arg(seen.x())
                                   .arg(seen.y())
                                   .arg(motion.x())
                                   .arg(motion.y());
            *stepsCompared += motion.isNull() ? 0 : 1;
            const QHash<QString, QPointF> want = pointsOf(sprite.frames[f]);
            const QHash<QString, QPointF> got = pointsOf(other.frames[f]);
            if (QSet<QString>(want.keyBegin(), want.keyEnd()) !=
                QSet<QString>(got.keyBegin(), got.keyEnd()))
                return where + QStringLiteral(": points %1 != %2")
                                   .arg(QStringList(got.keys()).join(u','),
                                        QStringList(want.keys()).join(u','));
            for (auto it = want.begin(); it != want.end(); ++it) {
                if (!nearPoint(got.value(it.key()), it.value(), 1e-6))
                    return where + u'/' + it.key() +
                           QStringLiteral(": at (%1, %2), not (%3, %4)")
                               .arg(got.value(it.key()).x())
                               .arg(got.value(it.key()).y())
                               .arg(it.value().x())
                               .arg(it.value().y());
                ++*pointsCompared;
            }
        }
    }
    return {};
}

/// A document loaded from the repository's examples.
DocumentData example(const char *name) {
    const ReadResult loaded = loadDocumentFile(
        QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("examples/") + name));
    if (!loaded.isOk())
        qFatal("%s", qPrintable(loaded.error));
    return *loaded.document;
}

void addTargets() {
    QTest::addColumn<QString>("target");
    for (const char *name : {"godot", "tiled-tsx", "tiled-tsj", "spine"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

} // namespace

void TestMotionPoints::knightKeepsMotionAndPoints_data() {
    addTargets();
}

// Issue 30's done-when: the bundled knight, with its sword-tip and hand points and its stepping
// attacks (issue 29), comes back from Godot, Tiled and Spine with every point and step.
void TestMotionPoints::knightKeepsMotionAndPoints() {
    QFETCH(QString, target);
    const DocumentData knight = example("knight.json");
    const FileFormat *fmt = format(target.toLatin1().constData());
    const WriteResult written = fmt->write(knight, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QVERIFY2(written.warnings.filter(QStringLiteral("motion")).isEmpty() &&
                 written.warnings.filter(QStringLiteral("points are not")).isEmpty(),
             qPrintable(written.warnings.join(u'\n')));
    const ReadResult back = fmt->read(written.bytes, {});
    QVERIFY2(back.isOk(), qPrintable(back.error));
    QVERIFY2(back.warnings.filter(QStringLiteral("bone")).isEmpty(),
             qPrintable(back.warnings.join(u'\n')));
    int points = 0, steps = 0;
    const QString why = motionAndPointDifference(knight, *back.document, &points, &steps);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(points, 6); // sword-tip and hand on attack-1, -2 and -3
    QCOMPARE(steps, 3);  // attack-1, -2 and -3 step forward
}

void TestMotionPoints::steppingDocumentRoundTrips_data() {
    addTargets();
}

void TestMotionPoints::steppingDocumentRoundTrips() {
    QFETCH(QString, target);
    const DocumentData document = steppingDocument();
    const FileFormat *fmt = format(target.toLatin1().constData());
    const WriteResult written = fmt->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const ReadResult back = fmt->read(written.bytes, {});
    QVERIFY2(back.isOk(), qPrintable(back.error));
    QVERIFY2(back.warnings.isEmpty(), qPrintable(back.warnings.join(u'\n')));
    int points = 0, steps = 0;
    const QString why = motionAndPointDifference(document, *back.document, &points, &steps);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(points, 3);
    QCOMPARE(steps, 2);
    if (target != QLatin1String("spine")) { // Spine has no origins: the rest is exact
        const QString exact = documentDifference(document, *back.document, kTolerance);
        QVERIFY2(exact.isEmpty(), qPrintable(exact));
        QCOMPARE(fmt->write(*back.document, {}, {}).bytes, written.bytes);
    }
}

// What Godot 4 loads: one Marker2D per point id under the sprite node (the AnimationPlayer's
// root), its position keyed at every frame start with discrete updates and `visible` false in
// frames without it; the sprite node's own position (".:position") at each frame's root
// position. Paths are relative to the AnimationPlayer's parent, as the Godot editor saves them.
void TestMotionPoints::godotSceneText() {
    const WriteResult written = format("godot")->write(steppingDocument(), {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const QString scene = QString::fromUtf8(written.bytes);
    const auto track = [](int index, const QString &path, const QString &times,
                          const QString &transitions, const QString &values) {
        return QStringLiteral("tracks/%1/type = \"value\"\n"
                              "tracks/%1/imported = false\n"
                              "tracks/%1/enabled = true\n"
                              "tracks/%1/path = NodePath(\"%2\")\n"
                              "tracks/%1/interp = 0\n"
                              "tracks/%1/loop_wrap = true\n"
                              "tracks/%1/keys = {\n"
                              "\"times\": PackedFloat32Array(%3),\n"
                              "\"transitions\": PackedFloat32Array(%4),\n"
                              "\"update\": 1,\n"
                              "\"values\": [%5]\n"
                              "}\n")
            .arg(index)
            .arg(path, times, transitions, values);
    };
    const QString every = QStringLiteral("0, 0.1, 0.2"), ones = QStringLiteral("1, 1, 1");
    for (const QString &expected :
         {// (track 1 is the image offset: frame c's origin differs)
          track(2, ".:position", every, ones, "Vector2(0, 0), Vector2(4, 0), Vector2(6.5, -1)"),
          track(3, "tip:position", every, ones,
                "Vector2(5, -10), Vector2(5, -10), Vector2(10, -8)"),
          track(4, "tip:visible", every, ones, "true, false, true"),
          track(5, "hand:position", every, ones, "Vector2(2, -2), Vector2(2, -2), Vector2(2, -2)"),
          track(6, "hand:visible", every, ones, "false, true, false"),
          QStringLiteral("[node name=\"tip\" type=\"Marker2D\" parent=\".\"]\n"
                         "position = Vector2(5, -10)\n"
                         "metadata/hitsmith_layer = \"points\"\n"
                         "metadata/hitsmith_point = true\n\n"
                         "[node name=\"hand\" type=\"Marker2D\" parent=\".\"]\n"
                         "position = Vector2(2, -2)\n"
                         "visible = false\n"
                         "metadata/hitsmith_layer = \"points\"\n"
                         "metadata/hitsmith_point = true\n\n"
                         "[node name=\"AnimationPlayer\" type=\"AnimationPlayer\" parent=\".\"]\n"),
          QStringLiteral(
              "[node name=\"hero\" type=\"Node2D\"]\nmetadata/hitsmith_sprite = true\n")})
        QVERIFY2(scene.contains(expected),
                 qPrintable(expected + QStringLiteral("\nnot in\n") + scene));
    // No marker under a frame node any more.
    QVERIFY(!scene.contains(QStringLiteral("type=\"Marker2D\" parent=\"a\"")));
    QCOMPARE(scene.count(QStringLiteral("type=\"Marker2D\"")), 2);
}

// A first frame with motion starts the sprite node there before the animation plays; points
// written out of the document's order (boxes by layer, then points) keep it through the frame
// node's hitsmith_point_order; a point id equal to a frame name gets a node name of its own.
void TestMotionPoints::godotFirstFrameMotionAndReorderedPoints() {
    DocumentData document = steppingDocument();
    Frame &a = document.sprites[0].frames[0];
    a.motion = QPointF(1, 2);
    a.shapes.move(1, 0); // tip before body
    a.shapes << Shape::point(QStringLiteral("b"), {11, 11}, QStringLiteral("points"));
    const WriteResult written = format("godot")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const QString scene = QString::fromUtf8(written.bytes);
    QVERIFY2(scene.contains(QStringLiteral("[node name=\"hero\" type=\"Node2D\"]\n"
                                           "position = Vector2(1, 2)\n")),
             qPrintable(scene));
    QVERIFY2(scene.contains(QStringLiteral("metadata/hitsmith_point_order = "
                                           "\"{\\\"b\\\":2,\\\"tip\\\":0}\"")),
             qPrintable(scene));
    QVERIFY2(scene.contains(QStringLiteral("[node name=\"b_2\" type=\"Marker2D\" parent=\".\"]")),
             qPrintable(scene));
    const ReadResult back = format("godot")->read(written.bytes, {});
    QVERIFY2(back.isOk(), qPrintable(back.error));
    QVERIFY2(back.warnings.isEmpty(), qPrintable(back.warnings.join(u'\n')));
    const QString why = documentDifference(document, *back.document, kTolerance);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(back.document->sprites[0].frames[0].shapes.first().id, QStringLiteral("tip"));
}

// The previous release wrote each point as a Marker2D under its frame node (no tracks); such
// scenes still open with their points in their frames.
void TestMotionPoints::godotReadsPreviousMarkerLayout() {
    const QByteArray previous = R"([gd_scene load_steps=2 format=3]

[sub_resource type="RectangleShape2D" id="RectangleShape2D_1"]
size = Vector2(10, 20)

[node name="hero" type="Node2D"]
metadata/hitsmith_sprite = true

[node name="a" type="Node2D" parent="."]
metadata/hitsmith_origin = Vector2(10, 20)
metadata/hitsmith_frame = true

[node name="hurtbox" type="Area2D" parent="a"]
collision_layer = 1
collision_mask = 0
metadata/hitsmith_layer = "hurtbox"

[node name="body" type="CollisionShape2D" parent="a/hurtbox"]
position = Vector2(0, -10)
shape = SubResource("RectangleShape2D_1")

[node name="tip" type="Marker2D" parent="a"]
position = Vector2(5, -10)
metadata/hitsmith_layer = "points"

[node name="b" type="Node2D" parent="."]
visible = false
metadata/hitsmith_origin = Vector2(10, 20)
metadata/hitsmith_frame = true

[node name="hand_" type="Marker2D" parent="b"]
position = Vector2(2, -2)
metadata/hitsmith_layer = "points"
metadata/hitsmith_name = "hand"
metadata/damage = 3
)";
    const ReadResult read = format("godot")->read(previous, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    const Sprite &hero = read.document->sprites.value(0);
    QCOMPARE(hero.frames.size(), 2);
    QCOMPARE(hero.frames[0].shapes.size(), 2);
    QCOMPARE(hero.frames[0].shapes[1], Shape::point("tip", {15, 10}, "points"));
    Shape hand = Shape::point("hand", {12, 18}, "points");
    hand.properties = QJsonObject{{"damage", 3}};
    QCOMPARE(hero.frames[1].shapes, QList<Shape>{hand});
    QCOMPARE(hero.frames[1].motion, QPointF());
}

// One Marker2D holds one set of properties: a point whose properties change between frames is
// counted; the marker keeps the first frame's.
void TestMotionPoints::godotPointPropertiesThatDifferAreCounted() {
    DocumentData document = steppingDocument();
    document.sprites[0].frames[0].shapes[1].properties = QJsonObject{{"damage", 3}};
    document.sprites[0].frames[2].shapes[1].properties = QJsonObject{{"damage", 5}};
    const QStringList warnings = format("godot")->exportWarnings(document);
    QVERIFY2(warnings.contains(QStringLiteral(
                 "1 point has properties other than in its first frame; its Marker2D keeps "
                 "the first frame's: hero/c/tip")),
             qPrintable(warnings.join(u'\n')));
    document.sprites[0].frames[2].shapes[1].properties = QJsonObject{{"damage", 3}};
    QVERIFY2(format("godot")->exportWarnings(document).filter("properties").isEmpty(),
             qPrintable(format("godot")->exportWarnings(document).join(u'\n')));
}

// Tiled: a frame's motion is the float tile properties motionX and motionY (only on frames that
// move), next to originX/originY; either alone reads as a step along that axis; a value that is
// not a number is ignored with a warning.
void TestMotionPoints::tiledMotionProperties() {
    const WriteResult written = format("tiled-tsx")->write(steppingDocument(), {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const QString tsx = QString::fromUtf8(written.bytes);
    QVERIFY2(tsx.contains(QStringLiteral("   <property name=\"sprite\" value=\"hero\"/>\n"
                                         "   <property name=\"motionX\" type=\"float\" "
                                         "value=\"2.5\"/>\n"
                                         "   <property name=\"motionY\" type=\"float\" "
                                         "value=\"-1\"/>\n")),
             qPrintable(tsx));
    QCOMPARE(tsx.count(QStringLiteral("\"motionX\"")), 2); // frames b and c only
    QVERIFY2(tsx.contains(QStringLiteral("<point/>")), qPrintable(tsx));
    const QJsonObject tsj =
        QJsonDocument::fromJson(format("tiled-tsj")->write(steppingDocument(), {}, {}).bytes)
            .object();
    const QJsonArray properties =
        tsj.value("tiles").toArray()[1].toObject().value("properties").toArray();
    QVERIFY(properties.contains(QJsonObject{{"name", "motionX"}, {"type", "float"}, {"value", 4}}));

    QByteArray onlyY = written.bytes;
    onlyY.replace(R"(<property name="motionX" type="float" value="4"/>)", "");
    onlyY.replace(R"(<property name="motionY" type="float" value="0"/>)",
                  R"(<property name="motionY" type="float" value="7"/>)");
    ReadResult read = format("tiled-tsx")->read(onlyY, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(read.document->sprites[0].frames[1].motion, QPointF(0, 7));
    QByteArray bad = written.bytes;
    bad.replace(R"(value="2.5")", R"(value="fast")");
    read = format("tiled-tsx")->read(bad, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(read.document->sprites[0].frames[2].motion, QPointF());
    QCOMPARE(read.warnings.size(), 1);
    QVERIFY2(read.warnings[0].endsWith(
                 QStringLiteral("tile 2: motion property \"fast\" is not a number; ignored")),
             qPrintable(read.warnings.join(u'\n')));
}

// Spine: root motion is a stepped translate timeline on the root bone (every slot's bone), y up,
// a key per frame start; read back as steps. A smooth root or other moving bones are warned.
void TestMotionPoints::spineRootTimeline() {
    const WriteResult written = format("spine")->write(steppingDocument(), {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const QJsonObject root = QJsonDocument::fromJson(written.bytes).object();
    const QJsonArray translate = root.value("animations")
                                     .toObject()
                                     .value("hero")
                                     .toObject()
                                     .value("bones")
                                     .toObject()
                                     .value("root")
                                     .toObject()
                                     .value("translate")
                                     .toArray();
    // Key times are each start as the shortest decimal of its nearest 32-bit float (as the
    // attachment keys): 0.1 and 0.2, no float noise.
    const QJsonArray expected{QJsonObject{{"time", 0}, {"x", 0}, {"y", 0}, {"curve", "stepped"}},
                              QJsonObject{{"time", 0.1}, {"x", 4}, {"y", 0}, {"curve", "stepped"}},
                              QJsonObject{{"time", 0.2}, {"x", 6.5}, {"y", 1}}};
    QCOMPARE(translate, expected);
    // The skeleton's bounds hold the boxes where they are shown: frame c's body, 6.5 px on and
    // 1 px up, reaches x 11.5 and y 21.
    const QJsonObject skeleton = root.value("skeleton").toObject();
    QCOMPARE(
        QList<double>({skeleton.value("x").toDouble(), skeleton.value("y").toDouble(),
                       skeleton.value("width").toDouble(), skeleton.value("height").toDouble()}),
        QList<double>({-5, 0, 16.5, 21}));
    QCOMPARE(root.value("bones").toArray()[0].toObject().value("name").toString(),
             QStringLiteral("root"));

    QByteArray smooth = written.bytes;
    QCOMPARE(smooth.count(R"("curve": "stepped",)"), 2);
    smooth.replace(R"("curve": "stepped",)", "");
    ReadResult read = format("spine")->read(smooth, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.contains(QStringLiteral(
                 "animation \"hero\" moves the root bone smoothly; its motion is read in steps "
                 "at the keys")),
             qPrintable(read.warnings.join(u'\n')));
    QCOMPARE(read.document->sprites[0].frames[2].motion, QPointF(2.5, -1));
    QByteArray rotates = written.bytes;
    rotates.replace(R"("translate": [)", R"("rotate": [{"value": 5}], "translate": [)");
    read = format("spine")->read(rotates, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.contains(QStringLiteral(
                 "animation \"hero\" moves bones; boxes are read in the bones' setup pose")),
             qPrintable(read.warnings.join(u'\n')));
}

void TestMotionPoints::truncationsNeverHalfLoad_data() {
    addTargets();
}

// A file cut short never loads with its motion or points half there (documentDifference compares
// motion too): a Godot scene cut before its AnimationPlayer leaves the animation unused, refused.
void TestMotionPoints::truncationsNeverHalfLoad() {
    QFETCH(QString, target);
    const FileFormat *fmt = format(target.toLatin1().constData());
    checkTruncationsNeverHalfLoad(fmt, fmt->write(steppingDocument(), {}, {}).bytes);
}

// Tracks whose keys do not pair up are refused with their place; a track the reader does not
// know is left alone.
void TestMotionPoints::godotMalformedTracks() {
    const QByteArray scene = format("godot")->write(steppingDocument(), {}, {}).bytes;
    QByteArray mismatched = scene;
    QVERIFY(mismatched.contains("\"values\": [Vector2(0, 0), Vector2(4, 0), Vector2(6.5, -1)]"));
    mismatched.replace("\"values\": [Vector2(0, 0), Vector2(4, 0), Vector2(6.5, -1)]",
                       "\"values\": [Vector2(0, 0), Vector2(4, 0)]");
    ReadResult read = format("godot")->read(mismatched, {});
    QVERIFY2(
        read.error.endsWith(QStringLiteral(" tracks/2/keys: expected as many values as times")),
        qPrintable(read.error));
    QByteArray notVector = scene;
    notVector.replace("Vector2(4, 0), Vector2(6.5, -1)]", "Vector2(4, 0), true]");
    read = format("godot")->read(notVector, {});
    QVERIFY2(read.error.endsWith(QStringLiteral(" position: expected Vector2(x, y)")),
             qPrintable(read.error));
    QByteArray unknown = scene;
    unknown.replace("NodePath(\".:position\")", "NodePath(\"Elsewhere:position\")");
    read = format("godot")->read(unknown, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    for (const Frame &frame : read.document->sprites[0].frames)
        QCOMPARE(frame.motion, QPointF());
}

void TestMotionPoints::lossCountedWhereNotKept_data() {
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("name");
    QTest::newRow("matter") << QStringLiteral("matter") << QStringLiteral("Matter bodies");
    QTest::newRow("air") << QStringLiteral("air") << QStringLiteral("MUGEN .air files");
    QTest::newRow("godot") << QStringLiteral("godot") << QString();
    QTest::newRow("tiled-tsx") << QStringLiteral("tiled-tsx") << QString();
    QTest::newRow("tiled-tsj") << QStringLiteral("tiled-tsj") << QString();
    QTest::newRow("spine") << QStringLiteral("spine") << QString();
}

// Matter and MUGEN .air have no per-frame motion (MUGEN moves characters in its states' velset
// and posadd): the export counts the frames, one and several; the others keep it and say nothing.
void TestMotionPoints::lossCountedWhereNotKept() {
    QFETCH(QString, target);
    QFETCH(QString, name);
    const FileFormat *fmt = format(target.toLatin1().constData());
    DocumentData document = steppingDocument();
    WriteResult written = fmt->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const QStringList motion = written.warnings.filter(QStringLiteral("motion"));
    if (name.isEmpty()) {
        QVERIFY2(motion.isEmpty(), qPrintable(motion.join(u'\n')));
        return;
    }
    QCOMPARE(motion, QStringList{QStringLiteral("root motion is not stored in %1: 2 frames' "
                                                "motion not kept: hero/b, hero/c")
                                     .arg(name)});
    QCOMPARE(fmt->exportWarnings(document).filter(QStringLiteral("motion")), motion);
    document.sprites[0].frames[1].motion = QPointF();
    QCOMPARE(fmt->exportWarnings(document).filter(QStringLiteral("motion")),
             QStringList{QStringLiteral("root motion is not stored in %1: 1 frame's motion not "
                                        "kept: hero/c")
                             .arg(name)});
    document.sprites[0].frames[2].motion = QPointF();
    QVERIFY(fmt->exportWarnings(document).filter(QStringLiteral("motion")).isEmpty());
}

QTEST_GUILESS_MAIN(TestMotionPoints)
#include "tst_formats_motionpoints.moc"
