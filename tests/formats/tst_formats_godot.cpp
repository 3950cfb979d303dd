// One file on purpose (about 950 lines): every function shares the scene-text helpers and the
// real-project fixtures list; the next split would be the Godot 3 scenes into a file of their own.
// Godot: the exact Godot 4 scene we write, round trips, Godot 3 and 4 scenes and tile sets from
// real projects, and malformed input.

#include "formattestsupport.h"
#include "testsupport.h"

#include "godotformat.h"
#include "godottext.h"
#include "validation.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace hitsmith;
using namespace formattest;

class TestGodotFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void writeExactScene();
    void nodeNamesSanitizedAndRestored();
    void sharedAreaWarning();
    void roundTrip();
    void pointsAreMarker2D();
    void propertiesAsMetadata();
    void godot3Scene();
    void capsulesAsCapsuleShape2D();
    void typedValuesSkipped();
    void godot3EmbeddedTileSet();
    void realWorldFixtures();
    void malformed_data();
    void malformed();
    void truncationsNeverHalfLoad();
    void unusedSubResourcesAreReadAsGodotReadsThem();
    void threeDNodesAreNoReasonToRefuse();
    void resPathsStartAtTheProjectRoot();
    void instancedAndInheritedScenesSayWhatTheyHold();
    void tilesOfSeveralCellsAndTextureOrigins();
    void godot2PlacementIsRead();
};

namespace {

/// The lines of the [node name="name" ...] section (header included).
QStringList nodeSection(const QString &text, const QString &header) {
    const qsizetype start = text.indexOf(header);
    if (start < 0)
        return {};
    const qsizetype end = text.indexOf(QStringLiteral("\n\n"), start);
    return text.mid(start, end < 0 ? -1 : end - start).split(u'\n');
}

qsizetype shapeCount(const DocumentData &document) {
    qsizetype count = 0;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames)
            count += frame.shapes.size();
    }
    return count;
}

/// The shapes counted in the "N ... skipped" lines (one line per kind) that name kind.
int skippedCount(const QStringList &warnings, const QString &kind = {}) {
    int count = 0;
    for (const QString &line : warnings) {
        if (line.contains(QStringLiteral("skipped")) && line.contains(kind))
            count += line.section(u' ', 0, 0).toInt();
    }
    return count;
}

const Frame *findFrame(const DocumentData &document, const QString &name) {
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            if (frame.name == name)
                return &frame;
        }
    }
    return nullptr;
}

} // namespace

void TestGodotFormat::writeExactScene() {
    const WriteResult result = format("godot")->write(sampleDocument(), {}, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(format("godot")->write(sampleDocument(), {}, {}).bytes, result.bytes);
    const QString text = QString::fromUtf8(result.bytes);
    // 5 shapes, and per sprite a SpriteFrames, an Animation and an AnimationLibrary.
    QVERIFY(text.startsWith(QStringLiteral("[gd_scene load_steps=12 format=3]\n\n")));
    // Layers sorted (default, hitbox, hurtbox) are bits 1, 2, 4; hitbox collides with hurtbox.
    QCOMPARE(
        nodeSection(text, QStringLiteral(
                              "[node name=\"hitbox\" type=\"Area2D\" parent=\"knight/attack-2\"]")),
        QStringList(
            {QStringLiteral("[node name=\"hitbox\" type=\"Area2D\" parent=\"knight/attack-2\"]"),
             QStringLiteral("collision_layer = 2"), QStringLiteral("collision_mask = 4"),
             QStringLiteral("metadata/hitsmith_layer = \"hitbox\"")}));
    QVERIFY(text.contains(
        QStringLiteral("[node name=\"hurtbox\" type=\"Area2D\" parent=\"knight/attack-2\"]\n"
                       "collision_layer = 4\ncollision_mask = 2\n")));
    QVERIFY(text.contains(
        QStringLiteral("[node name=\"default\" type=\"Area2D\" parent=\"knight/idle\"]\n"
                       "collision_layer = 1\ncollision_mask = 0\n")));
    // Positions relative to the frame origin (32, 60); rotation in radians on the node.
    QCOMPARE(nodeSection(text, QStringLiteral("[node name=\"blade\"")),
             QStringList({QStringLiteral("[node name=\"blade\" type=\"CollisionShape2D\" "
                                         "parent=\"knight/attack-2/hitbox\"]"),
                          QStringLiteral("position = Vector2(20, -30)"),
                          QStringLiteral("rotation = -0.2617993877991494"),
                          QStringLiteral("shape = SubResource(\"RectangleShape2D_3\")"),
                          QStringLiteral("metadata/hitsmith_order = 1")}));
    QVERIFY(text.contains(QStringLiteral("[sub_resource type=\"RectangleShape2D\" "
                                         "id=\"RectangleShape2D_3\"]\nsize = Vector2(20, 6)\n")));
    QVERIFY(text.contains(QStringLiteral(
        "[sub_resource type=\"CircleShape2D\" id=\"CircleShape2D_1\"]\nradius = 7.0\n")));
    QVERIFY(text.contains(QStringLiteral(
        "[node name=\"head\" type=\"CollisionShape2D\" parent=\"knight/attack-2/hurtbox\"]\n"
        "position = Vector2(0, -52)\n")));
    QVERIFY(text.contains(QStringLiteral(
        "[node name=\"body\" type=\"CollisionPolygon2D\" parent=\"knight/attack-2/hurtbox\"]\n"
        "polygon = PackedVector2Array(-12, -50, 12, -50, 8, 0, -8, 0)\n")));
    // No origin: frame pixels as they are. Axis-aligned rectangles get no rotation line.
    QVERIFY(text.contains(QStringLiteral(
        "[node name=\"core\" type=\"CollisionShape2D\" parent=\"knight/idle/default\"]\n"
        "position = Vector2(10.25, 12.5)\n")));
    QVERIFY(!nodeSection(text, QStringLiteral("[node name=\"feet\""))
                 .join(u'\n')
                 .contains(QStringLiteral("rotation")));
    // Frame data kept as node metadata for the way back.
    QVERIFY(text.contains(QStringLiteral("metadata/hitsmith_origin = Vector2(32, 60)\n"
                                         "metadata/hitsmith_source = Rect2(64, 0, 64, 64)\n")));
    // The scene's grammar (sections, order, values, references, node paths) is checked by
    // tst_formats_godotgrammar.
}

void TestGodotFormat::nodeNamesSanitizedAndRestored() {
    QCOMPARE(GodotFormat::nodeName(QStringLiteral("a.b:c@d/e\"f%g")),
             QStringLiteral("a_b_c_d_e_f_g"));
    DocumentData document;
    Sprite sprite;
    sprite.name = QStringLiteral("hero.v2");
    Frame frame;
    frame.name = QStringLiteral("run/1");
    frame.shapes = {Shape::circle(QStringLiteral("a.b"), {1, 2}, 3),
                    Shape::circle(QStringLiteral("a_b"), {4, 5}, 1)};
    sprite.frames = {frame};
    document.sprites = {sprite};
    const WriteResult written = format("godot")->write(document, {}, {});
    const QString text = QString::fromUtf8(written.bytes);
    QVERIFY(text.contains(QStringLiteral("[node name=\"a_b\" type=\"CollisionShape2D\"")));
    QVERIFY(text.contains(QStringLiteral("[node name=\"a_b_2\" type=\"CollisionShape2D\"")));
    const ReadResult read = format("godot")->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(documentDifference(document, *read.document, 0).isEmpty(),
             qPrintable(documentDifference(document, *read.document, 0)));
}

void TestGodotFormat::sharedAreaWarning() {
    DocumentData document = sampleDocument();
    document.collide->append({QStringLiteral("hurtbox"), QStringLiteral("hurtbox")});
    const QString warnings = format("godot")->exportWarnings(document).join(u'\n');
    QVERIFY2(warnings.contains(QStringLiteral("1 frame holds several shapes of a layer that "
                                              "collides with itself in one Area2D")),
             qPrintable(warnings));
    QVERIFY2(warnings.contains(QStringLiteral("knight/attack-2 (3 on \"hurtbox\")")),
             qPrintable(warnings));
    QVERIFY(!format("godot")
                 ->exportWarnings(sampleDocument())
                 .join(u'\n')
                 .contains(QStringLiteral("Area2D")));
}

void TestGodotFormat::roundTrip() {
    for (bool singleSprite : {false, true}) {
        // Durations and properties of every kind come back exactly.
        DocumentData document = propertyDocument();
        if (singleSprite)
            document.sprites.removeLast();
        const WriteResult written = format("godot")->write(document, {}, {});
        QVERIFY2(written.isOk(), qPrintable(written.error));
        const ReadResult read = format("godot")->read(written.bytes, {});
        QVERIFY2(read.isOk(), qPrintable(read.error));
        QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
        const QString why = documentDifference(document, *read.document, kTolerance);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        const QString lost = animationDifference(document, *read.document);
        QVERIFY2(lost.isEmpty(), qPrintable(lost));
        QCOMPARE(read.document->collide, document.collide);
        QCOMPARE(read.document->sprites[0].frames[0].origin, document.sprites[0].frames[0].origin);
        QCOMPARE(read.document->sprites[0].frames[0].source, document.sprites[0].frames[0].source);
        // Import -> export gives the same scene.
        QCOMPARE(format("godot")->write(*read.document, {}, {}).bytes, written.bytes);
    }
}

// Issue 30: each point is a Marker2D under its frame node (shown with the frame), at its position
// relative to the frame origin, and comes back as the same point in the same place in the frame.
void TestGodotFormat::pointsAreMarker2D() {
    DocumentData document = propertyDocument();
    Frame &frame = document.sprites[0].frames[0];
    frame.shapes.prepend(Shape::point("tip", {12.5, 7}, "hitbox"));
    frame.shapes.append(Shape::point("hand.left", {3, -4}, "points"));
    const WriteResult written = format("godot")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QVERIFY2(written.warnings.filter("point").isEmpty(), qPrintable(written.warnings.join('\n')));
    const QString scene = QString::fromUtf8(written.bytes);
    const QPointF origin = frame.origin.value_or(QPointF());
    QVERIFY2(scene.contains(QStringLiteral("type=\"Marker2D\"")), qPrintable(scene));
    QVERIFY2(scene.contains(QStringLiteral("position = Vector2(%1, %2)")
                                .arg(12.5 - origin.x())
                                .arg(7 - origin.y())),
             qPrintable(scene));
    const ReadResult read = format("godot")->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    const QString why = documentDifference(document, *read.document, kTolerance);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(read.document->sprites[0].frames[0].shapes.first(),
             Shape::point("tip", {12.5, 7}, "hitbox"));
    QCOMPARE(format("godot")->write(*read.document, {}, {}).bytes, written.bytes);
}

void TestGodotFormat::propertiesAsMetadata() {
    DocumentData document = propertyDocument();
    const QString scene = QString::fromUtf8(format("godot")->write(document, {}, {}).bytes);
    // On the shape node (blade) and the frame node (attack-2), typed as Godot reads them.
    const qsizetype blade = scene.indexOf(QStringLiteral("[node name=\"blade\""));
    const qsizetype next = scene.indexOf(QStringLiteral("[node"), blade + 1);
    const QString bladeNode = scene.mid(blade, next - blade);
    for (const char *line :
         {"metadata/damage = 12\n", "metadata/hitstun = -3\n", "metadata/knockback = 2.5\n",
          "metadata/launch = 4294967296\n", "metadata/scale = 0.1\n", "metadata/guard = false\n",
          "metadata/element = \"fire \\\"hot\\\" é\"\n", "metadata/note = \"\"\n"})
        QVERIFY2(bladeNode.contains(QString::fromUtf8(line)), qPrintable(bladeNode + line));
    const qsizetype attack = scene.indexOf(QStringLiteral("[node name=\"attack-2\""));
    const QString attackNode =
        scene.mid(attack, scene.indexOf(QStringLiteral("[node"), attack + 1) - attack);
    QVERIFY2(attackNode.contains(QStringLiteral("metadata/cancel = true\n")),
             qPrintable(attackNode));
    QVERIFY(attackNode.contains(QStringLiteral("metadata/phase = \"active\"")));

    // A Godot int is 64-bit: an integer property keeps every digit (as a double's shortest
    // text it once came out as 1111111111111111200.0, a float).
    DocumentData ids = propertyDocument();
    for (Shape &shape : ids.sprites[0].frames[0].shapes)
        shape.properties.insert("uid", qint64(1111111111111111111));
    const QByteArray idScene = format("godot")->write(ids, {}, {}).bytes;
    QVERIFY(idScene.contains("metadata/uid = 1111111111111111111\n"));
    // And read back as Godot reads it, an int with every digit (a double's nearest value,
    // 1111111111111111168, once came back), and the two ends of the 64-bit range.
    QByteArray extremes = idScene;
    extremes.replace("metadata/uid = 1111111111111111111\n",
                     "metadata/uid = 1111111111111111111\nmetadata/low = -9223372036854775808\n"
                     "metadata/high = +9223372036854775807\n");
    const ReadResult idsBack = format("godot")->read(extremes, {});
    QVERIFY2(idsBack.isOk(), qPrintable(idsBack.error));
    const QJsonObject &back = idsBack.document->sprites[0].frames[0].shapes[0].properties;
    QCOMPARE(back.value("uid").toInteger(), qint64(1111111111111111111));
    QCOMPARE(back.value("low").toInteger(), std::numeric_limits<qint64>::min());
    QCOMPARE(back.value("high").toInteger(), std::numeric_limits<qint64>::max());

    // Names Godot's set_meta refuses are not written, and export says so.
    document.sprites[0].frames[0].shapes[1].properties.insert("hit stun", 3);
    document.sprites[0].frames[0].properties.insert("hitsmith_name", "x");
    QVERIFY(format("godot")->exportWarnings(document).contains(QStringLiteral(
        "2 properties not written: Godot metadata names are ASCII identifiers, not starting "
        "with _ or hitsmith_: knight/attack-2/hitsmith_name, knight/attack-2/blade/hit stun")));
    QVERIFY(!format("godot")->write(document, {}, {}).bytes.contains("hit stun"));
    QVERIFY(format("godot")
                ->exportWarnings(document)
                .filter(QStringLiteral("properties are"))
                .isEmpty());

    // A scene made in Godot: its metadata on collision objects and shapes become properties;
    // editor state (_edit_lock_) is not a property; a vector is warned about and skipped.
    const QByteArray foreign = R"([gd_scene load_steps=2 format=3]

[sub_resource type="CircleShape2D" id="1"]
radius = 4.0

[node name="Hero" type="Node2D"]
metadata/_edit_lock_ = true

[node name="Hurt" type="Area2D" parent="."]
metadata/team = "blue"

[node name="Head" type="CollisionShape2D" parent="Hurt"]
shape = SubResource("1")
metadata/armor = 2
metadata/aim = Vector2(1, 0)
)";
    const ReadResult read = format("godot")->read(foreign, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(read.warnings,
             QStringList{QStringLiteral("1 metadata value is not a number, string or boolean; "
                                        "not imported: line 12: node \"Hurt/Head\" aim")});
    const Frame &hurt = read.document->sprites[0].frames[0];
    QCOMPARE(hurt.properties, (QJsonObject{{"team", "blue"}}));
    QCOMPARE(hurt.shapes[0].properties, (QJsonObject{{"armor", 2}}));
}

// Issue 43: a capsule is a CapsuleShape2D with the full height (|ends| + 2r), the node at the
// ends' midpoint, turned so that its local y runs from end 1 to end 2; read back in place. Godot 3
// scenes (format=2) give the middle part only as height.
void TestGodotFormat::capsulesAsCapsuleShape2D() {
    DocumentData document;
    Sprite sprite{QStringLiteral("knight"), {}, {}, {}, {}, {}};
    Frame frame;
    frame.name = QStringLiteral("swing");
    frame.origin = QPointF(4, 8);
    frame.shapes
        << Shape::capsule(QStringLiteral("blade"), {10, 20}, {40, 60}, 5, QStringLiteral("hitbox"))
        << Shape::capsule(QStringLiteral("down"), {0, 0}, {0, 10}, 2, QStringLiteral("hitbox"))
        << Shape::capsule(QStringLiteral("dot"), {7, 7}, {7, 7}, 3, QStringLiteral("hitbox"));
    sprite.frames << frame;
    document.sprites << sprite;
    const WriteResult written = format("godot")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const QString scene = QString::fromUtf8(written.bytes);
    // blade: |ends| = 50, so height 60; midpoint (25, 40) - origin; local y onto (30, 40) / 50:
    // (-sin t, cos t) = (0.6, 0.8), t = atan2(-0.6, 0.8).
    const QStringList blade = nodeSection(scene, QStringLiteral("[node name=\"blade\""));
    QVERIFY2(blade.contains(QStringLiteral("position = Vector2(21, 32)")),
             qPrintable(blade.join(u'\n')));
    const QString rotationLine = blade.filter(QStringLiteral("rotation = ")).value(0);
    QVERIFY2(std::abs(rotationLine.section(u' ', 2).toDouble() - std::atan2(-0.6, 0.8)) < 1e-12,
             qPrintable(rotationLine));
    QVERIFY2(scene.contains(QStringLiteral("type=\"CapsuleShape2D\"")), qPrintable(scene));
    QVERIFY(scene.contains(QStringLiteral("radius = 5.0\nheight = 60.0")));
    // Straight down needs no rotation; equal ends are a circle of height 2r.
    QVERIFY(nodeSection(scene, QStringLiteral("[node name=\"down\""))
                .filter(QStringLiteral("rotation"))
                .isEmpty());
    QVERIFY(scene.contains(QStringLiteral("radius = 2.0\nheight = 14.0")));
    QVERIFY(scene.contains(QStringLiteral("radius = 3.0\nheight = 6.0")));

    const ReadResult read = format("godot")->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    const Frame &back = read.document->sprites.value(0).frames.value(0);
    QCOMPARE(back.shapes.size(), 3);
    for (int i = 0; i < 3; ++i) {
        const Shape &want = frame.shapes[i], &got = back.shapes[i];
        QCOMPARE(got.type, ShapeType::Capsule);
        QCOMPARE(got.id, want.id);
        QCOMPARE(got.radius, want.radius);
        for (int e = 0; e < 2; ++e)
            QVERIFY2(nearPoint(got.points.value(e), want.points[e], 1e-9),
                     qPrintable(QStringLiteral("%1 end %2").arg(want.id).arg(e + 1)));
    }
    QCOMPARE(format("godot")->write(*read.document, {}, {}).bytes, written.bytes);

    // Godot 3: height 40 is the middle part: ends 20 above and below the node, turned 90
    // degrees clockwise (local y onto -x).
    const QByteArray godot3 = R"([gd_scene load_steps=2 format=2]

[sub_resource type="CapsuleShape2D" id=1]
radius = 10.0
height = 40.0

[node name="Hero" type="Area2D"]

[node name="Arm" type="CollisionShape2D" parent="."]
position = Vector2( 100, 50 )
rotation = 1.5707963267948966
shape = SubResource( 1 )
)";
    const ReadResult old = format("godot")->read(godot3, {});
    QVERIFY2(old.isOk(), qPrintable(old.error));
    const Shape arm = old.document->sprites.value(0).frames.value(0).shapes.value(0);
    QCOMPARE(arm.type, ShapeType::Capsule);
    QCOMPARE(arm.radius, 10.0);
    QVERIFY2(nearPoint(arm.points.value(0), {120, 50}, 1e-9) &&
                 nearPoint(arm.points.value(1), {80, 50}, 1e-9),
             qPrintable(QStringLiteral("(%1, %2) (%3, %4)")
                            .arg(arm.points.value(0).x())
                            .arg(arm.points.value(0).y())
                            .arg(arm.points.value(1).x())
                            .arg(arm.points.value(1).y())));
}

void TestGodotFormat::godot3Scene() {
    const ReadResult result =
        format("godot")->read(readBytes(testData(QStringLiteral("formats/godot3_scene.tscn"))), {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QVERIFY(result.warnings.isEmpty());
    const Sprite &sprite = result.document->sprites.value(0);
    QCOMPARE(sprite.name, QStringLiteral("Hero"));
    QCOMPARE(sprite.frames.size(), 2);
    // The body is the frame: its own position (100, 50) is not part of the shapes.
    const Frame &hero = sprite.frames[0];
    QCOMPARE(hero.name, QStringLiteral("Hero"));
    // extents (10, 5) -> 20 x 10; rotation_degrees = 90.
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("Torso"), {3, 4}, {20, 10}, 90),
                            hero.shapes.value(0), 1e-12)
                .isEmpty());
    // Through Pivot (position (-10, 0), scale 2).
    QVERIFY(shapeDifference(Shape::circle(QStringLiteral("Fist"), {-8, 2}, 8), hero.shapes.value(1),
                            1e-12)
                .isEmpty());
    QVERIFY(shapeDifference(Shape::polygon(QStringLiteral("Wedge"), {{-10, 0}, {6, 0}, {6, 12}}),
                            hero.shapes.value(2), 1e-12)
                .isEmpty());
    // A nested Area2D is a frame of its own.
    QCOMPARE(sprite.frames[1].name, QStringLiteral("Sword"));
    QVERIFY(shapeDifference(
                Shape::polygon(QStringLiteral("Edge"), {{0, -1}, {12, -1}, {12, 1}, {0, 1}}),
                sprite.frames[1].shapes.value(0), 0)
                .isEmpty());
}

void TestGodotFormat::typedValuesSkipped() {
    // A Godot 4.3 scene whose unread properties use every typed form Godot's variant_parser.cpp
    // accepts (Array[T]([...]), Dictionary[K, V]({...}), a script as the element type, nested
    // typed arrays, Object(...), Callable(), \U escapes); hand-written for this test.
    const ReadResult result = format("godot")->read(
        readBytes(testData(QStringLiteral("formats/godot4_typed_values.tscn"))), {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Sprite &sprite = result.document->sprites.value(0);
    QCOMPARE(sprite.name, QStringLiteral("Enemy"));
    const Frame *body = findFrame(*result.document, QStringLiteral("Enemy"));
    QVERIFY(body);
    // size (20, 40) at (0, -20).
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("Body"), {0, -20}, {20, 40}, 0),
                            body->shapes.value(0), 1e-12)
                .isEmpty());
    QCOMPARE(body->properties.value(QStringLiteral("note")).toString(),
             QStringLiteral("typed \"values\" everywhere"));
    // The disabled fist: in its Area2D's frame, active (Hitsmith has no inactive shapes) but
    // marked, and said once.
    const Frame *hitbox = findFrame(*result.document, QStringLiteral("Hitbox"));
    QVERIFY(hitbox);
    QCOMPARE(hitbox->shapes.value(0).type, ShapeType::Circle);
    QCOMPARE(hitbox->shapes.value(0).radius, 6.0);
    QCOMPARE(hitbox->shapes.value(0).properties.value(QStringLiteral("disabled")).toBool(), true);
    QVERIFY(!body->shapes.value(0).properties.contains(QStringLiteral("disabled")));
    const QStringList disabled = result.warnings.filter(QStringLiteral("disabled = true"));
    QCOMPARE(disabled.size(), 1);
    QVERIFY2(disabled[0].startsWith(QStringLiteral("1 shape saved with disabled = true")),
             qPrintable(disabled[0]));
    // The attack animation enables the fist and moves the hitbox: both tracks counted on one
    // line; the sprite's frame track is not about shapes.
    const QStringList tracks = result.warnings.filter(QStringLiteral("animation track"));
    QCOMPARE(tracks.size(), 1);
    QVERIFY2(tracks[0].startsWith(QStringLiteral("2 animation tracks")), qPrintable(tracks[0]));
    QVERIFY(tracks[0].contains(QStringLiteral("Hitbox/Fist:disabled")));
    QVERIFY(tracks[0].contains(QStringLiteral("Hitbox:position")));
    QVERIFY(!tracks[0].contains(QStringLiteral("Sprite2D")));
    QCOMPARE(result.warnings.size(), 2);

    // The grammar alone: the values are read as what they are, not just stepped over.
    const QList<godot::Section> sections = godot::parse(
        QString::fromUtf8(readBytes(testData(QStringLiteral("formats/godot4_typed_values.tscn")))));
    const godot::Section *enemy = nullptr;
    for (const godot::Section &section : sections) {
        if (section.tag == QLatin1String("node") && !enemy)
            enemy = &section;
    }
    QVERIFY(enemy);
    const godot::Value *tags = enemy->property(QStringLiteral("tags"));
    QVERIFY(tags && tags->kind == godot::Value::Array);
    QCOMPARE(tags->text, QStringLiteral("String"));
    QCOMPARE(tags->items.size(), 3);
    QCOMPARE(tags->items[1].text, QStringLiteral("boss \"big\""));
    QCOMPARE(tags->items[2].text, QString::fromUtf8("\xc3\xa9\xf0\x9f\x98\x80"));
    const godot::Value *loot = enemy->property(QStringLiteral("loot_table"));
    QVERIFY(loot && loot->kind == godot::Value::Dictionary);
    QCOMPARE(loot->text, QStringLiteral("String, int"));
    QCOMPARE(loot->items.size(), 4);
    QCOMPARE(loot->items[3].integer, 1);
    const godot::Value *drops = enemy->property(QStringLiteral("drops"));
    QVERIFY(drops && drops->kind == godot::Value::Array && drops->items.isEmpty());
    QCOMPARE(drops->text, QStringLiteral("ExtResource(2_item)"));
    const godot::Value *nested = enemy->property(QStringLiteral("nested"));
    QVERIFY(nested && nested->items.size() == 2 && nested->items[0].items.size() == 2);
    QCOMPARE(nested->items[0].items[0].number, 1.5);
    const godot::Value *object = enemy->property(QStringLiteral("handle"));
    QVERIFY(object && object->kind == godot::Value::Call && object->items.size() == 3);
    QCOMPARE(object->items[0].text, QStringLiteral("RefCounted"));

    // A sub-resource used only as an element type (a built-in script) is used: the file is
    // whole, not cut before its user.
    const QList<godot::Section> typedByScript = godot::parse(
        QStringLiteral("[gd_scene format=3]\n[sub_resource type=\"GDScript\" id=\"s\"]\n"
                       "[node name=\"a\" type=\"Node\"]\nt = Array[SubResource(\"s\")]([])\n"));
    QVERIFY(!godot::firstUnusedSubResource(typedByScript));

    // Godot 3's @"StringName" and a #colour token are values too; a typed array without its
    // value is still refused, saying where.
    const QList<godot::Section> old = godot::parse(
        QStringLiteral("[gd_resource format=2]\n[resource]\na = @\"x\"\nb = #ff8000\n"));
    QCOMPARE(old[1].property(QStringLiteral("a"))->text, QStringLiteral("x"));
    QCOMPARE(old[1].property(QStringLiteral("b"))->text, QStringLiteral("#ff8000"));
    try {
        godot::parse(QStringLiteral("[gd_scene format=3]\n[node name=\"a\" type=\"Node\"]\n"
                                    "t = Array[int]\n"));
        QFAIL("a typed array without its value was accepted");
    } catch (const godot::ParseError &error) {
        QVERIFY2(error.line >= 3, qPrintable(error.toString()));
    }
}

void TestGodotFormat::godot3EmbeddedTileSet() {
    // A Godot 3 TileMap scene whose TileSet is a sub-resource (hand-written in the layout
    // Godot 3.5 saves, as in the real tileset .tres of gdd_3x_isometric_tileset_format2.tres):
    // its tiles import as the .tres path imports them.
    const ReadResult result = format("godot")->read(
        readBytes(testData(QStringLiteral("formats/godot3_embedded_tileset.tscn"))), {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QVERIFY2(result.warnings.filter(QStringLiteral("no collision shapes")).isEmpty(),
             qPrintable(result.warnings.join(u'\n')));
    const Frame *wall = findFrame(*result.document, QStringLiteral("wall"));
    QVERIFY(wall);
    QCOMPARE(wall->source, QRectF(0, 0, 16, 16));
    QCOMPARE(wall->shapes.value(0).points, QList<QPointF>({{0, 0}, {16, 0}, {16, 16}, {0, 16}}));
    const Frame *ledges = findFrame(*result.document, QStringLiteral("ledges"));
    QVERIFY(ledges);
    QCOMPARE(ledges->shapes.size(), 3);
    QCOMPARE(ledges->shapes[1].points, QList<QPointF>({{16, 8}, {32, 8}, {32, 16}, {16, 16}}));
    QCOMPARE(ledges->shapes[2].points, QList<QPointF>({{32, 0}, {40, 0}, {40, 8}}));
    // Two sub-tiles off (0, 0): one counted line, as docs/formats.md promises.
    const QStringList subTiles = result.warnings.filter(QStringLiteral("autotile"));
    QCOMPARE(subTiles.size(), 1);
    QVERIFY2(subTiles[0].startsWith(QStringLiteral("2 autotile sub-tiles")),
             qPrintable(subTiles[0]));
}

void TestGodotFormat::realWorldFixtures() {
    const QString dir = sharedFixtures();
    if (dir.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_SHARED_FIXTURES is not set or the folder is absent: real-world fixtures "
            "not tested");
    const QString godot = dir + QStringLiteral("/godot/");
    QHash<QString, ReadResult> results;
    const QStringList files = QDir(godot).entryList(QDir::Files);
    QVERIFY(files.size() >= 9);
    for (const QString &file : files) {
        const ReadResult result =
            format("godot")->read(readBytes(godot + file), {godot + file, godot});
        QVERIFY2(result.isOk(), qPrintable(file + QStringLiteral(": ") + result.error));
        results.insert(file, result);
    }

    // Godot 4 scene with Godot 3-era content: rectangle, capsule, concave and convex polygons.
    const ReadResult &shapes = results[QStringLiteral("gdd_test_shapes.tscn")];
    const Frame *rect =
        findFrame(*shapes.document, QStringLiteral("DynamicShapes/RigidBodyRectangle"));
    QVERIFY(rect);
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("CollisionShape2D"), {0, 0}, {40, 60},
                                        0.675442 * 180 / M_PI),
                            rect->shapes.value(0), 1e-12)
                .isEmpty());
    const Frame *convex =
        findFrame(*shapes.document, QStringLiteral("DynamicShapes/RigidBodyConvexPolygon"));
    QVERIFY(convex);
    QCOMPARE(convex->shapes.value(0).points.size(), 14);
    QCOMPARE(convex->shapes.value(0).points[0], QPointF(10.7 * 0.5, -54.5 * 0.5)); // scale 0.5
    QVERIFY(isCollidable(convex->shapes[0]));
    const Frame *concave =
        findFrame(*shapes.document, QStringLiteral("DynamicShapes/RigidBodyConcavePolygon"));
    QVERIFY(concave && !isCollidable(concave->shapes.value(0))); // kept, flagged invalid
    const Frame *sphere =
        findFrame(*shapes.document, QStringLiteral("DynamicShapes/RigidBodySphere"));
    QVERIFY(sphere && sphere->shapes.value(0).radius == 30);
    const QString shapeWarnings = shapes.warnings.join(u'\n');
    // The capsule (radius 20, height 70: ends 15 from the node along its local y, the node turned
    // -0.202458 rad) is read as one (issue 43).
    QCOMPARE(skippedCount(shapes.warnings, QStringLiteral("CapsuleShape2D")), 0);
    const Frame *capsuleBody =
        findFrame(*shapes.document, QStringLiteral("DynamicShapes/RigidBodyCapsule"));
    QVERIFY(capsuleBody);
    const Shape bodyCapsule = capsuleBody->shapes.value(0);
    QCOMPARE(bodyCapsule.type, ShapeType::Capsule);
    QCOMPARE(bodyCapsule.radius, 20.0);
    const double turn = -0.202458;
    QVERIFY(
        nearPoint(bodyCapsule.points.value(0), {15 * std::sin(turn), -15 * std::cos(turn)}, 1e-9));
    QVERIFY(
        nearPoint(bodyCapsule.points.value(1), {-15 * std::sin(turn), 15 * std::cos(turn)}, 1e-9));
    QVERIFY(shapeWarnings.contains(QStringLiteral(
        "RigidBodyConcavePolygon/CollisionPolygon2D\": imported as is but invalid")));

    // Scaled, rotated rectangle: 80 x 120 at scale 1.2 -> 96 x 144; concave segments reported.
    const ReadResult &pairs = results[QStringLiteral("gdd_test_collision_pairs.tscn")];
    const Frame *scaled = findFrame(*pairs.document, QStringLiteral("Shapes/RigidBodyRectangle"));
    QVERIFY(scaled);
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("CollisionShape2D"), {0, 0}, {96, 144},
                                        -1.19206 * 180 / M_PI),
                            scaled->shapes.value(0), 1e-12)
                .isEmpty());
    QVERIFY(skippedCount(pairs.warnings, QStringLiteral("ConcavePolygonShape2D")) >= 1);

    // Newest syntax (unique_id=, a non-uniformly scaled polygon node).
    const ReadResult &convex4 = results[QStringLiteral("gdd_convex_polygon.tscn")];
    const Shape &scaledPolygon = convex4.document->sprites[0].frames[0].shapes.value(0);
    QCOMPARE(scaledPolygon.points.size(), 6);
    QVERIFY(nearPoint(scaledPolygon.points[0], {-55 * 0.3707627, -21 * 0.37076253}, 1e-12));

    // Godot 3 tile set (format 2): per tile its region and ConvexPolygonShape2D points.
    const ReadResult &tiles3 = results[QStringLiteral("gdd_3x_isometric_tileset_format2.tres")];
    const Frame *wall = findFrame(*tiles3.document, QStringLiteral("Wall"));
    QVERIFY(wall);
    QCOMPARE(wall->source, QRectF(28, 220, 140, 140));
    QCOMPARE(wall->shapes.value(0).points,
             QList<QPointF>({{68, 68}, {132, 100}, {68, 132}, {4, 100}}));
    QCOMPARE(tiles3.document->sprites[0].frames.size(), 3); // tiles without shapes are no frames

    // Godot 4 tile set: every physics polygon of every tile and alternative, tile-centred.
    const QByteArray tres =
        readBytes(godot + QStringLiteral("gdd_physics_platformer_tileset.tres"));
    const ReadResult &tiles4 = results[QStringLiteral("gdd_physics_platformer_tileset.tres")];
    QCOMPARE(shapeCount(*tiles4.document), tres.count("/points = PackedVector2Array("));
    const Frame &first = tiles4.document->sprites[0].frames[0];
    QCOMPARE(first.name, QStringLiteral("0:0"));
    QCOMPARE(first.origin, QPointF(16, 16));
    QCOMPARE(first.shapes.value(0).points.value(0), QPointF(0, 4)); // (-16, -12) + (16, 16)

    // Scenes of collision objects: every supported node became a shape.
    for (const char *file :
         {"gdd_kinematic_world_format4.tscn", "gdd_physics_platformer_tileset_edit.tscn"}) {
        const QByteArray bytes = readBytes(godot + QLatin1String(file));
        // Shape nodes plus the physics polygons of an embedded tile set.
        const qsizetype nodes = bytes.count("type=\"CollisionShape2D\"") +
                                bytes.count("type=\"CollisionPolygon2D\"") +
                                bytes.count("/points = PackedVector2Array(");
        const ReadResult &result = results[QLatin1String(file)];
        QCOMPARE(shapeCount(*result.document) + skippedCount(result.warnings), nodes);
        QVERIFY(shapeCount(*result.document) > 0);
    }
    // The player's capsule (radius 27, height 68): ends 34 - 27 = 7 above and below its node.
    const ReadResult &capsule = results[QStringLiteral("gdd_dodge_player_capsule.tscn")];
    QCOMPARE(shapeCount(*capsule.document), 1);
    QCOMPARE(skippedCount(capsule.warnings, QStringLiteral("CapsuleShape2D")), 0);
    const Shape player = capsule.document->sprites.value(0).frames.value(0).shapes.value(0);
    QCOMPARE(player.type, ShapeType::Capsule);
    QCOMPARE(player.radius, 27.0);
    QCOMPARE(player.points, (QList<QPointF>{{0, -7}, {0, 7}}));
}

void TestGodotFormat::malformed_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    const QByteArray head =
        "[gd_scene format=3]\n\n[sub_resource type=\"CircleShape2D\" id=\"1\"]\n";
    const QByteArray node = "\n[node name=\"Root\" type=\"Area2D\"]\n\n"
                            "[node name=\"S\" type=\"CollisionShape2D\" parent=\".\"]\n"
                            "shape = SubResource(\"1\")\n";
    QTest::newRow("empty") << QByteArray("\n\n") << "file is empty";
    // Cut short: Godot never saves a scene without nodes.
    QTest::newRow("cut before the root node") << head + "radius = 2.0\n"
                                              << "the scene has no nodes: the file ends too early";
    QTest::newRow("binary") << QByteArray("\x7f"
                                          "ELF\x02\x01\x01\0\0\0",
                                          10)
                            << "not a text file";
    QTest::newRow("not godot") << QByteArray("hello = 1\n")
                               << "line 1, column 1: expected a [section] header";
    QTest::newRow("other resource")
        << QByteArray("[something]\n") << "not a Godot scene or resource";
    QTest::newRow("truncated header") << QByteArray("[gd_scene format=3]\n\n[node name=\"a\" ")
                                      << "line 3, column 16: section [node is not closed";
    QTest::newRow("truncated value")
        << QByteArray("[gd_scene format=3]\n[node name=\"a\" type=\"CollisionPolygon2D\"]\n"
                      "polygon = PackedVector2Array(1, 2,")
        << "line 3, column 35: expected a value but the file ends (truncated?)";
    QTest::newRow("truncated string")
        << QByteArray("[gd_scene format=3]\n[node name=\"ab") << "unterminated string";
    QTest::newRow("wrong type") << QByteArray(head + "radius = \"abc\"\n" + node)
                                << "line 3: [sub_resource id=\"1\"] radius: must be a number";
    QTest::newRow("nan") << QByteArray(head + "radius = nan\n" + node)
                         << "radius: must be a finite number";
    QTest::newRow("huge") << QByteArray(head + "radius = 1e300\n" + node)
                          << "radius: 1e+300 is out of range";
    QTest::newRow("bad number") << QByteArray(head + "radius = 1.2.3\n" + node)
                                << "line 4, column 15: \"1.2.3\" is not a number";
    QTest::newRow("odd polygon")
        << QByteArray("[gd_scene format=3]\n[node name=\"P\" type=\"CollisionPolygon2D\"]\n"
                      "polygon = PackedVector2Array(1, 2, 3)\n")
        << "line 2: node \"P\" polygon: expected pairs of numbers";
    QTest::newRow("position type") << QByteArray("[gd_scene format=3]\n[node name=\"P\" "
                                                 "type=\"Node2D\"]\nposition = Vector2(1, \"x\")\n")
                                   << "line 2: node \"P\" position: expected Vector2(x, y)";
    QTest::newRow("missing sub resource")
        << QByteArray("[gd_scene format=3]\n[node name=\"R\" type=\"Area2D\"]\n"
                      "[node name=\"S\" type=\"CollisionShape2D\" parent=\".\"]\nshape = "
                      "SubResource(\"9\")\n")
        << "line 3: node \"S\": SubResource \"9\" is not defined";
    QTest::newRow("deep nesting")
        << QByteArray("[gd_scene format=3]\n[node name=\"R\" type=\"Node2D\"]\nx = " +
                      QByteArray(200, '[') + QByteArray(200, ']') + "\n")
        << "values nested more than 64 deep";
    QTest::newRow("invalid utf8") << QByteArray("[gd_scene format=3]\n[node name=\"\xff\xfe\"]\n")
                                  << "not UTF-8 text";
}

void TestGodotFormat::malformed() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const ReadResult result = format("godot")->read(bytes, {});
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains(expected), qPrintable(result.error));
}

void TestGodotFormat::truncationsNeverHalfLoad() {
    // Every cut fails, loads the whole document, or (cut between a sub-resource and the node
    // using it: Godot loads unused sub-resources, so Hitsmith does) says what may be missing.
    const FileFormat *godot = format("godot");
    const QByteArray valid = godot->write(sampleDocument(), {}, {}).bytes;
    const ReadResult full = godot->read(valid, {});
    QVERIFY2(full.isOk(), qPrintable(full.error));
    int warned = 0;
    for (qsizetype length = 0; length < valid.size();
         length += std::max<qsizetype>(1, valid.size() / 97)) {
        const ReadResult result = godot->read(valid.left(length), {});
        QVERIFY2(result.isOk() != !result.error.isEmpty(), qPrintable(QString::number(length)));
        if (!result.isOk() || documentDifference(*full.document, *result.document, 0.0).isEmpty())
            continue;
        QVERIFY2(!result.warnings.filter(QStringLiteral("is used by nothing")).isEmpty(),
                 qPrintable(QStringLiteral("length %1 half-loads without a word").arg(length)));
        ++warned;
    }
    qInfo("%d cuts loaded in part, each with the unused sub-resource warning", warned);
}

void TestGodotFormat::unusedSubResourcesAreReadAsGodotReadsThem() {
    // A complete scene with a sub-resource no node uses (4 public scenes, 126 shapes, were
    // refused as truncated): its shapes, and one warning naming the unused one.
    const QByteArray scene = "[gd_scene format=3]\n\n"
                             "[sub_resource type=\"RectangleShape2D\" id=\"spare\"]\n"
                             "size = Vector2(120, 40)\n\n"
                             "[sub_resource type=\"CircleShape2D\" id=\"1\"]\nradius = 2.0\n\n"
                             "[node name=\"Root\" type=\"Area2D\"]\n\n"
                             "[node name=\"S\" type=\"CollisionShape2D\" parent=\".\"]\n"
                             "shape = SubResource(\"1\")\n";
    const ReadResult result = format("godot")->read(scene, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(result.document->shapeCount(), 1);
    const QStringList unused = result.warnings.filter(QStringLiteral("is used by nothing"));
    QCOMPARE(unused.size(), 1);
    QVERIFY2(unused[0].startsWith(QStringLiteral("line 3: [sub_resource id=\"spare\"]")),
             qPrintable(unused[0]));
}

void TestGodotFormat::resPathsStartAtTheProjectRoot() {
    // res:// is the folder of project.godot, not the scene's: a tile set in levels/tiles/ whose
    // texture is res://art/tiles.png uses <project>/art/tiles.png (110 public tile set
    // textures pointed into the scene's folder, where no image was). A scene copied out of its
    // project (no project.godot above it) keeps its own folder.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("levels/tiles")));
    QFile project(dir.filePath(QStringLiteral("project.godot")));
    QVERIFY(project.open(QIODevice::WriteOnly));
    project.write("config_version=5\n");
    project.close();
    const QByteArray tres =
        "[gd_resource type=\"TileSet\" format=3]\n\n"
        "[ext_resource type=\"Texture2D\" path=\"res://art/tiles.png\" id=\"1\"]\n\n"
        "[sub_resource type=\"TileSetAtlasSource\" id=\"a\"]\n"
        "texture = ExtResource(\"1\")\ntexture_region_size = Vector2i(16, 16)\n"
        "0:0/0 = 0\n"
        "0:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-8, -8, 8, "
        "-8, 8, 8)\n\n"
        "[resource]\nsources/0 = SubResource(\"a\")\n";
    const QString inProject = dir.filePath(QStringLiteral("levels/tiles/set.tres"));
    const ReadResult read = format("godot")->readFrom(tres, inProject);
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(QDir::cleanPath(QDir(QFileInfo(inProject).absolutePath())
                                 .absoluteFilePath(read.document->sprites.value(0).image)),
             QDir::cleanPath(dir.filePath(QStringLiteral("art/tiles.png"))));
    QTemporaryDir alone;
    const QString copied = alone.filePath(QStringLiteral("set.tres"));
    const ReadResult outside = format("godot")->readFrom(tres, copied);
    QVERIFY2(outside.isOk(), qPrintable(outside.error));
    QCOMPARE(QDir::cleanPath(
                 QDir(alone.path()).absoluteFilePath(outside.document->sprites.value(0).image)),
             QDir::cleanPath(alone.filePath(QStringLiteral("art/tiles.png"))));
}

void TestGodotFormat::instancedAndInheritedScenesSayWhatTheyHold() {
    // The hitbox-component pattern (106 shapes in 80 public scenes): an instanced scene's root
    // (no type here, "instance=") holds this scene's shape, so it is a CollisionObject2D and
    // the shape a frame of its own, in its coordinates; it went into the body's frame. A node
    // without a type that sets a shape overrides one of the base scene: named, not dropped
    // without a word. Animation tracks that switch shapes are warned about even when the file
    // has no typed collision node.
    const QByteArray scene = R"([gd_scene format=3]

[ext_resource type="PackedScene" path="res://hitbox.tscn" id="2"]

[sub_resource type="CircleShape2D" id="1"]
radius = 4.0

[sub_resource type="Animation" id="anim"]
resource_name = "attack"
tracks/0/type = "value"
tracks/0/path = NodePath("Hitbox/Shape:disabled")
tracks/0/keys = {"times": PackedFloat32Array(0, 0.2), "values": [true, false]}

[node name="Enemy" type="CharacterBody2D"]

[node name="Body" type="CollisionShape2D" parent="."]
shape = SubResource("1")

[node name="Hitbox" parent="." instance=ExtResource("2")]
position = Vector2(30, 0)

[node name="Shape" type="CollisionShape2D" parent="Hitbox"]
position = Vector2(5, 0)
shape = SubResource("1")

[node name="Hurtbox" parent="." instance=ExtResource("2")]

[node name="Override" parent="Hurtbox"]
shape = SubResource("1")
)";
    const ReadResult result = format("godot")->read(scene, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Sprite &sprite = result.document->sprites.value(0);
    QCOMPARE(sprite.frames.size(), 2);
    QCOMPARE(sprite.frames[0].shapes.size(), 1);
    QCOMPARE(sprite.frames[1].name, QStringLiteral("Hitbox"));
    QCOMPARE(sprite.frames[1].shapes.value(0).center, QPointF(5, 0));
    QVERIFY2(result.warnings
                     .filter(QStringLiteral("1 node of an inherited or instanced scene "
                                            "sets a shape"))
                     .size() == 1,
             qPrintable(result.warnings.join(u'\n')));
    QVERIFY(result.warnings.filter(QStringLiteral("Hurtbox/Override")).size() == 1);
    QVERIFY2(result.warnings.filter(QStringLiteral("Hitbox/Shape:disabled")).size() == 1,
             qPrintable(result.warnings.join(u'\n')));
    // No typed collision node at all (an inherited scene): the tracks are still named.
    const QByteArray inherited = R"([gd_scene format=3]

[ext_resource type="PackedScene" path="res://enemy.tscn" id="1"]

[sub_resource type="Animation" id="anim"]
tracks/0/type = "value"
tracks/0/path = NodePath("Hitbox:monitoring")
tracks/0/keys = {"times": PackedFloat32Array(0), "values": [true]}
tracks/1/type = "value"
tracks/1/path = NodePath("StartButton:disabled")
tracks/1/keys = {"times": PackedFloat32Array(0), "values": [true]}

[node name="Slime" instance=ExtResource("1")]

[node name="StartButton" type="Button" parent="."]
)";
    const ReadResult slime = format("godot")->read(inherited, {});
    QVERIFY2(slime.isOk(), qPrintable(slime.error));
    QVERIFY2(slime.warnings.filter(QStringLiteral("Hitbox:monitoring")).size() == 1,
             qPrintable(slime.warnings.join(u'\n')));
    // A Button's "disabled" is no shape.
    QVERIFY2(slime.warnings.filter(QStringLiteral("StartButton")).isEmpty(),
             qPrintable(slime.warnings.join(u'\n')));
}

void TestGodotFormat::tilesOfSeveralCellsAndTextureOrigins() {
    // A Godot 4 tile of 2 x 3 cells of 32 px (size_in_atlas) drawn moved by texture_origin
    // (-4, 32), as in a public project's cut-scene: its source is the whole 64 x 96 region and
    // its polygons' (0, 0) lies at the region's centre plus the texture origin, (28, 80)
    // (Godot's get_tile_texture_region and draw_tile). Its polygons came out of their source.
    const QByteArray tres = R"([gd_resource type="TileSet" format=3]

[sub_resource type="TileSetAtlasSource" id="a"]
texture_region_size = Vector2i(32, 32)
separation = Vector2i(2, 2)
3:0/size_in_atlas = Vector2i(2, 3)
3:0/0 = 0
3:0/0/texture_origin = Vector2i(-4, 32)
3:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-16, -16, 16, -16, 16, 5)
0:4/0 = 0
0:4/0/physics_layer_0/polygon_0/points = PackedVector2Array(-16, -16, 16, -16, 16, 16)

[resource]
sources/0 = SubResource("a")
)";
    const ReadResult result = format("godot")->read(tres, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Sprite &atlas = result.document->sprites.value(0);
    QCOMPARE(atlas.frames.size(), 2);
    const Frame &big = atlas.frames[0];
    QCOMPARE(big.name, QStringLiteral("3:0"));
    QCOMPARE(big.source, QRectF(3 * 34, 0, 2 * 32 + 2, 3 * 32 + 2 * 2));
    QCOMPARE(big.origin, QPointF(33 - 4, 50 + 32));
    QCOMPARE(big.shapes.value(0).points.value(0), QPointF(-16 + 29, -16 + 82));
    const Frame &one = atlas.frames[1];
    QCOMPARE(one.source, QRectF(0, 4 * 34, 32, 32));
    QCOMPARE(one.origin, QPointF(16, 16));
    QCOMPARE(one.shapes.value(0).points.value(0), QPointF(0, 0));
}

void TestGodotFormat::godot2PlacementIsRead() {
    // Godot 2 scenes (format=1) place nodes with transform/pos, transform/rot (degrees,
    // counter-clockwise) and transform/scale; shapes came in at (0, 0), and a Light2D's number
    // "scale" (its texture's) refused the whole file (12 of a public project's 21 scenes).
    const QByteArray scene = R"([gd_scene load_steps=2 format=1]

[sub_resource type="RectangleShape2D" id=1]
custom_solver_bias = 0.0
extents = Vector2( 5, 32 )

[node name="gate" type="StaticBody2D"]

[node name="Light2D" type="Light2D" parent="."]
scale = 0.5

[node name="Turned" type="Node2D" parent="."]
transform/pos = Vector2( 10, 0 )
transform/rot = 90.0
transform/scale = Vector2( 2, 2 )

[node name="CollisionShape2D" type="CollisionShape2D" parent="Turned"]
transform/pos = Vector2( 5, 0 )
shape = SubResource( 1 )
)";
    const ReadResult result = format("godot")->read(scene, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Shape &rect = result.document->sprites.value(0).frames.value(0).shapes.value(0);
    // (5, 0) scaled by 2 is (10, 0); turned 90 degrees counter-clockwise (y down) is (0, -10);
    // moved by (10, 0).
    QVERIFY2(nearPoint(rect.center, {10, -10}, 1e-9),
             qPrintable(QStringLiteral("%1 %2").arg(rect.center.x()).arg(rect.center.y())));
    QCOMPARE(rect.size, QSizeF(20, 128));
}

void TestGodotFormat::threeDNodesAreNoReasonToRefuse() {
    // A 2D scene with a 3D view in it (KoBeWi's Metroidvania sample, Godot 4.6): a Node3D's
    // transform is a Transform3D, of no bearing on 2D shapes, and was refused as a bad
    // Transform2D. Godot 3's Spatial wrote "transform = Transform(...)".
    const QByteArray scene =
        "[gd_scene format=3]\n\n[sub_resource type=\"CircleShape2D\" id=\"1\"]\nradius = 2.0\n\n"
        "[node name=\"Root\" type=\"Node2D\"]\n\n"
        "[node name=\"Hit\" type=\"Area2D\" parent=\".\"]\n\n"
        "[node name=\"S\" type=\"CollisionShape2D\" parent=\"Hit\"]\nposition = Vector2(5, "
        "6)\nshape = SubResource(\"1\")\n\n"
        "[node name=\"Light\" type=\"DirectionalLight3D\" parent=\".\"]\n"
        "transform = Transform3D(0.96, -0.1, 0.2, 0, 0.89, 0.45, -0.26, -0.43, 0.86, 0, 2, 0)\n\n"
        "[node name=\"Old\" type=\"Spatial\" parent=\".\"]\n"
        "transform = Transform(1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 4, 5)\n";
    const ReadResult result = format("godot")->read(scene, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(result.document->shapeCount(), 1);
    QCOMPARE(result.document->sprites[0].frames[0].shapes[0].center, QPointF(5, 6));
}

QTEST_GUILESS_MAIN(TestGodotFormat)
#include "tst_formats_godot.moc"
