// One file on purpose (just over 700 lines): every function shares the conversion helpers and the
// real-world fixtures list; the next split would be real-world fixtures into a file of their own.
// Tiled tilesets (.tsx and .tsj): exact conversion of rectangles turned about their top-left
// corner, round trips, the real-world fixtures, malformed input, and Tiled itself reading ours.

#include "formattestsupport.h"
#include "testsupport.h"

#include "validation.h"

#include "hitsmithformat.h"
#include "imagepaths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace hitsmith;
using namespace formattest;

class TestTiledFormats : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void capsulesAreTiledCapsuleObjects_data();
    void capsulesAreTiledCapsuleObjects();
    void readTiledCapsules_data();
    void readTiledCapsules();
    void capsulesBecomePolygonsWithAWarning();
    void olderTiledKeepsCapsulesAsPolygons();
    void writeTsxExactNumbers();
    void writeTsjExactNumbers();
    void writeAnimationAndTypedProperties();
    void readForeignProperties();
    void readRotatedObjects();
    void roundTrip_data();
    void roundTrip();
    void layerColoursRoundTrip_data() { roundTrip_data(); }
    void layerColoursRoundTrip();
    void pointsAreTiledPointObjects_data() { roundTrip_data(); }
    void pointsAreTiledPointObjects();
    void invalidShapesFailUnlessSkipped();
    void excaliburTsxAndTsjAgree();
    void lillysPolylinesReportedAndSkipped();
    void everySharedTiledFixtureImports();
    void oldJsonLayout();
    void malformed_data();
    void malformed();
    void truncationsNeverHalfLoad();
    void tiledOpensOurTilesets_data();
    void tiledOpensOurTilesets();
};

namespace {

/// The attributes of the <object name="..."> element in TSX text.
QMap<QString, QString> objectAttributes(const QByteArray &tsx, const QString &name) {
    QMap<QString, QString> attributes;
    const QRegularExpression object(
        QStringLiteral(R"(<object ([^>]*name="%1"[^>]*)>)").arg(QRegularExpression::escape(name)));
    const QRegularExpressionMatch match = object.match(QString::fromUtf8(tsx));
    const QRegularExpression attribute(QStringLiteral(R"((\w+)="([^"]*)\")"));
    auto it = attribute.globalMatch(match.captured(1));
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        attributes.insert(m.captured(1), m.captured(2));
    }
    return attributes;
}

/// A document of one frame holding these shapes.
DocumentData oneFrameDocument(const QList<Shape> &shapes) {
    DocumentData data;
    Frame frame;
    frame.name = QStringLiteral("f");
    frame.shapes = shapes;
    data.sprites << Sprite{QStringLiteral("s"), {}, {frame}, {}, {}, {}};
    return data;
}

/// Capsules lying every way: along x, turned, straight up (ends given bottom first), to the left,
/// and with both ends equal (a circle).
QList<Shape> capsulesEveryWay() {
    return {Shape::capsule(QStringLiteral("flat"), {10, 7}, {50, 7}, 5),
            Shape::capsule(QStringLiteral("turned"), {10, 7}, {50, 27}, 12),
            Shape::capsule(QStringLiteral("up"), {30, 80}, {30, 20}, 4.5),
            Shape::capsule(QStringLiteral("left"), {90, 40}, {60, 40}, 3),
            Shape::capsule(QStringLiteral("round"), {64, 64}, {64, 64}, 8)};
}

} // namespace

// Issue 43: Tiled 1.12 has capsule objects: the rectangle around the capsule, marked <capsule/>
// ("capsule": true in JSON), turned about its top-left corner. Every capsule comes back exactly.
void TestTiledFormats::capsulesAreTiledCapsuleObjects_data() {
    roundTrip_data();
}

void TestTiledFormats::capsulesAreTiledCapsuleObjects() {
    QFETCH(QString, name);
    const DocumentData data = oneFrameDocument(capsulesEveryWay());
    const WriteResult written = format(qPrintable(name))->write(data, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QVERIFY2(written.warnings.filter(QStringLiteral("capsule")).isEmpty(),
             qPrintable(written.warnings.join(u'\n')));
    QVERIFY(
        format(qPrintable(name))->exportWarnings(data).filter(QStringLiteral("capsule")).isEmpty());
    const QString text = QString::fromUtf8(written.bytes);
    if (name == QStringLiteral("tiled-tsx")) {
        QCOMPARE(text.count(QStringLiteral("<capsule/>")), 5);
        // Along x: the 40 + 2 * 5 by 10 rectangle whose top-left is (10 - 5, 7 - 5).
        const QMap<QString, QString> flat = objectAttributes(written.bytes, QStringLiteral("flat"));
        QCOMPARE(flat.value(QStringLiteral("x")), QStringLiteral("5"));
        QCOMPARE(flat.value(QStringLiteral("y")), QStringLiteral("2"));
        QCOMPARE(flat.value(QStringLiteral("width")), QStringLiteral("50"));
        QCOMPARE(flat.value(QStringLiteral("height")), QStringLiteral("10"));
        QVERIFY(!flat.contains(QStringLiteral("rotation")));
        // Straight up: turned -90 degrees about the corner r behind and r to the right of the
        // first end, as Tiled turns a rectangle.
        const QMap<QString, QString> up = objectAttributes(written.bytes, QStringLiteral("up"));
        QCOMPARE(up.value(QStringLiteral("rotation")), QStringLiteral("-90"));
        QCOMPARE(up.value(QStringLiteral("x")), QStringLiteral("25.5"));
        QCOMPARE(up.value(QStringLiteral("y")), QStringLiteral("84.5"));
        QCOMPARE(up.value(QStringLiteral("width")), QStringLiteral("69"));
        QCOMPARE(up.value(QStringLiteral("height")), QStringLiteral("9"));
    } else {
        QCOMPARE(text.count(QStringLiteral("\"capsule\": true")), 5);
    }
    const ReadResult read = format(qPrintable(name))->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    const QList<Shape> back = read.document->sprites.value(0).frames.value(0).shapes;
    QCOMPARE(back.size(), 5);
    for (qsizetype i = 0; i < back.size(); ++i) {
        QCOMPARE(back[i].type, ShapeType::Capsule);
        const QString why = shapeDifference(capsulesEveryWay()[i], back[i], 1e-9);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }
    // Written again, the same bytes: the rotation is kept to 1e-12 degrees, so the angle of the
    // ends read back rounds to it again.
    const QByteArray again = format(qPrintable(name))->write(*read.document, {}, {}).bytes;
    const QList<QByteArray> first = written.bytes.split('\n'), second = again.split('\n');
    QCOMPARE(second.size(), first.size());
    for (qsizetype i = 0; i < first.size(); ++i)
        QVERIFY2(first[i] == second[i], (first[i] + " | " + second[i]).constData());
}

// Capsules as Tiled 1.12 saves them (mapreader.cpp: <capsule/>; the JSON "capsule": true): the
// radius is half the shorter side, the ends lie on the longer one; a capsule of zero size is
// skipped with a warning naming the object, as rectangles of zero size are.
void TestTiledFormats::readTiledCapsules_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("tsx") << QStringLiteral("tiled-tsx")
                         << QByteArray(R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.12.0" name="t" tilewidth="32" tileheight="32" tilecount="1" columns="0">
 <tile id="0">
  <objectgroup draworder="index" id="2">
   <object id="1" name="wide" x="0" y="0" width="40" height="10"><capsule/></object>
   <object id="2" name="tall" type="hurtbox" x="0" y="0" width="10" height="40"><capsule/></object>
   <object id="3" name="turned" x="100" y="0" width="40" height="10" rotation="90"><capsule/></object>
   <object id="4" name="round" x="0" y="0" width="20" height="20"><capsule/></object>
   <object id="5" name="flat" x="0" y="0" width="20" height="0"><capsule/></object>
  </objectgroup>
 </tile>
</tileset>)");
    QTest::newRow("tsj")
        << QStringLiteral("tiled-tsj")
        << QByteArray(
               R"({"type": "tileset", "version": "1.10", "tiledversion": "1.12.0", "name": "t",
 "tilewidth": 32, "tileheight": 32, "tilecount": 1, "columns": 0,
 "tiles": [{"id": 0, "objectgroup": {"type": "objectgroup", "draworder": "index", "objects": [
  {"id": 1, "name": "wide", "x": 0, "y": 0, "width": 40, "height": 10, "rotation": 0, "capsule": true},
  {"id": 2, "name": "tall", "type": "hurtbox", "x": 0, "y": 0, "width": 10, "height": 40, "rotation": 0, "capsule": true},
  {"id": 3, "name": "turned", "x": 100, "y": 0, "width": 40, "height": 10, "rotation": 90, "capsule": true},
  {"id": 4, "name": "round", "x": 0, "y": 0, "width": 20, "height": 20, "rotation": 0, "capsule": true},
  {"id": 5, "name": "flat", "x": 0, "y": 0, "width": 20, "height": 0, "rotation": 0, "capsule": true}]}}]})");
}

void TestTiledFormats::readTiledCapsules() {
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    const ReadResult read = format(qPrintable(name))->read(bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    const QString warnings = read.warnings.join(u'\n');
    QVERIFY2(warnings.contains(QStringLiteral("1 object skipped: capsule of zero size")) &&
                 warnings.contains(QStringLiteral("object 5")),
             qPrintable(warnings));
    const QList<Shape> shapes = read.document->sprites.value(0).frames.value(0).shapes;
    const QList<Shape> expected{
        Shape::capsule(QStringLiteral("wide"), {5, 5}, {35, 5}, 5),
        Shape::capsule(QStringLiteral("tall"), {5, 5}, {5, 35}, 5, QStringLiteral("hurtbox")),
        // Turned 90 degrees clockwise about (100, 0): local (5, 5) lands on (95, 5).
        Shape::capsule(QStringLiteral("turned"), {95, 5}, {95, 35}, 5),
        Shape::capsule(QStringLiteral("round"), {10, 10}, {10, 10}, 10)};
    QCOMPARE(shapes.size(), expected.size());
    for (qsizetype i = 0; i < shapes.size(); ++i) {
        const QString why = shapeDifference(expected[i], shapes[i], 1e-12);
        QVERIFY2(why.isEmpty(), qPrintable(why));
    }
}

// For Tiled before 1.12 (an option), a capsule is a polygon whose vertices lie on its outline,
// with a counted warning; it comes back as that polygon.
void TestTiledFormats::capsulesBecomePolygonsWithAWarning() {
    const QPointF a(10, 7), b(50, 27);
    const DocumentData data = oneFrameDocument({Shape::capsule(QStringLiteral("k"), a, b, 12)});
    WriteOptions older;
    older.capsulesAsPolygons = true;
    const QString warning = QStringLiteral("1 capsule written as a polygon (every point within "
                                           "0.5 px of the capsule, for Tiled before 1.12)");
    for (const char *name : {"tiled-tsx", "tiled-tsj"}) {
        const WriteResult written = format(name)->write(data, {}, older);
        QVERIFY2(written.isOk(), qPrintable(written.error));
        QVERIFY2(written.warnings.join(u'\n').contains(warning),
                 qPrintable(written.warnings.join(u'\n')));
        QVERIFY(format(name)->exportWarningsFor(data, older).join(u'\n').contains(warning));
        QVERIFY(!format(name)->exportWarningsFor(data, {}).join(u'\n').contains(warning));
        QVERIFY(!format(name)->capsulesAsPolygonsName().isEmpty());
        QVERIFY(!QString::fromUtf8(written.bytes).contains(QStringLiteral("capsule\"")));
        const ReadResult read = format(name)->read(written.bytes, {});
        QVERIFY2(read.isOk(), qPrintable(read.error));
        const Shape back = read.document->sprites.value(0).frames.value(0).shapes.value(0);
        QCOMPARE(back.type, ShapeType::Polygon);
        QVERIFY(back.points.size() >= 8);
        const QPointF d = b - a;
        for (QPointF v : back.points) {
            const double t =
                std::clamp(QPointF::dotProduct(v - a, d) / QPointF::dotProduct(d, d), 0.0, 1.0);
            const QPointF c = a + t * d;
            QVERIFY(std::abs(std::hypot(v.x() - c.x(), v.y() - c.y()) - 12) <= 0.5);
        }
    }
}

// Debian's Tiled (1.8) predates capsules: it reads <capsule/> objects as plain rectangles, which
// is why the option exists. With the option, Tiled 1.8 keeps each capsule's polygon exactly.
void TestTiledFormats::olderTiledKeepsCapsulesAsPolygons() {
    const QString tiled = QStandardPaths::findExecutable(QStringLiteral("tiled"));
    if (tiled.isEmpty())
        HITSMITH_SKIP_OR_FAIL("the 'tiled' program is not installed (Debian package 'tiled')");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const DocumentData data = oneFrameDocument(capsulesEveryWay());
    const auto throughTiled = [&](const WriteOptions &options) -> std::optional<DocumentData> {
        const QString in = dir.filePath(QStringLiteral("ours.tsx"));
        const QString out = dir.filePath(QStringLiteral("theirs.json"));
        QFile file(in);
        if (!file.open(QIODevice::WriteOnly))
            return std::nullopt;
        file.write(format("tiled-tsx")->writeFor(data, in, options).bytes);
        file.close();
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        environment.insert(QStringLiteral("HOME"), dir.path());
        process.setProcessEnvironment(environment);
        process.start(tiled, {QStringLiteral("--export-tileset"), QStringLiteral("json"), in, out});
        if (!process.waitForFinished(60000) || process.exitCode() != 0)
            return std::nullopt;
        const ReadResult back = format("tiled-tsj")->readFrom(readBytes(out), out);
        if (!back.isOk())
            return std::nullopt;
        return *back.document;
    };
    WriteOptions older;
    older.capsulesAsPolygons = true;
    const std::optional<DocumentData> polygons = throughTiled(older);
    QVERIFY(polygons);
    const ReadResult ours =
        format("tiled-tsx")->read(format("tiled-tsx")->write(data, {}, older).bytes, {});
    QVERIFY2(ours.isOk(), qPrintable(ours.error));
    const QString why = documentDifference(*ours.document, *polygons, kTolerance);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(polygons->sprites[0].frames[0].shapes.size(), 5);
    for (const Shape &shape : polygons->sprites[0].frames[0].shapes)
        QCOMPARE(shape.type, ShapeType::Polygon);
    // Without the option this Tiled drops the marker: a capsule becomes its bounding rectangle.
    const std::optional<DocumentData> native = throughTiled({});
    QVERIFY(native);
    for (const Shape &shape : native->sprites[0].frames[0].shapes)
        QVERIFY(shape.type != ShapeType::Capsule);
}

void TestTiledFormats::writeTsxExactNumbers() {
    const WriteResult result = format("tiled-tsx")->write(sampleDocument(), {}, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const QString text = QString::fromUtf8(result.bytes);
    // Axis-aligned rectangle: centre (32.5, 61), 18 x 4 -> top-left (23.5, 59).
    QVERIFY2(
        text.contains(QStringLiteral(
            R"(<object id="4" name="feet" type="hurtbox" x="23.5" y="59" width="18" height="4"/>)")),
        qPrintable(text));
    // Circle: centre (32, 8), radius 7 -> the ellipse's box at (25, 1), 14 x 14.
    QVERIFY(text.contains(QStringLiteral(
        R"(<object id="3" name="head" type="hurtbox" x="25" y="1" width="14" height="14">)")));
    // Polygon: anchored at its first point, points relative to it.
    QVERIFY(text.contains(QStringLiteral(R"(<polygon points="0,0 24,0 20,50 4,50"/>)")));
    QVERIFY(text.contains(QStringLiteral(R"(name="body" type="hurtbox" x="20" y="10")")));
    // Default layer: no type at all.
    QVERIFY(text.contains(
        QStringLiteral(R"(<object id="1" name="core" x="6.75" y="9" width="7" height="7">)")));
    // Frame data as tile properties and the Tiled 1.9 sub-rectangle.
    QVERIFY(text.contains(QStringLiteral(R"(<tile id="0" x="64" y="0" width="64" height="64">)")));
    QVERIFY(text.contains(QStringLiteral(R"(<property name="originX" type="float" value="32"/>)")));
    QVERIFY(text.contains(QStringLiteral(R"(<property name="sprite" value="slime"/>)")));

    // Rotated rectangle: Tiled's (x, y) is the rectangle's own top-left corner, turned with it,
    // which is the first corner of our outline; the rotation is the same angle.
    const QMap<QString, QString> blade = objectAttributes(result.bytes, QStringLiteral("blade"));
    const QPointF corner = Shape::rect({}, {52, 30}, {20, 6}, -15).outline().at(0);
    QCOMPARE(blade.value(QStringLiteral("rotation")), QStringLiteral("-15"));
    // Results of arithmetic are rounded to 1e-9 px before writing (no float noise).
    QVERIFY(std::abs(blade.value(QStringLiteral("x")).toDouble() - corner.x()) < 1e-9);
    QVERIFY(std::abs(blade.value(QStringLiteral("y")).toDouble() - corner.y()) < 1e-9);
    // By hand: (52, 30) - R(-15 deg) (10, 3) = (41.5642846018..., 29.6904129721...).
    QCOMPARE(blade.value(QStringLiteral("x")), QStringLiteral("41.564284602"));
    QCOMPARE(blade.value(QStringLiteral("y")), QStringLiteral("29.690412972"));
    QCOMPARE(blade.value(QStringLiteral("width")), QStringLiteral("20"));
    QCOMPARE(blade.value(QStringLiteral("height")), QStringLiteral("6"));
    QVERIFY(result.warnings.isEmpty());

    // Layer colours are editor styling, not data a game reads: no export prompt for them.
    DocumentData styled = sampleDocument();
    styled.layers.append({QStringLiteral("hitbox"), QColor(Qt::red), true, {}});
    QVERIFY(format("tiled-tsx")->exportWarnings(styled).isEmpty());
    QVERIFY(format("tiled-tsx")->write(styled, {}, {}).warnings.isEmpty());
}

void TestTiledFormats::writeTsjExactNumbers() {
    const WriteResult result = format("tiled-tsj")->write(sampleDocument(), {}, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const QJsonObject root = QJsonDocument::fromJson(result.bytes).object();
    QCOMPARE(root.value(QStringLiteral("type")).toString(), QStringLiteral("tileset"));
    QCOMPARE(root.value(QStringLiteral("tilecount")).toInt(), 3);
    const QJsonArray objects = root.value(QStringLiteral("tiles"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("objectgroup"))
                                   .toObject()
                                   .value(QStringLiteral("objects"))
                                   .toArray();
    QCOMPARE(objects.size(), 4);
    const QJsonObject feet = objects.at(3).toObject();
    QCOMPARE(feet.value(QStringLiteral("name")).toString(), QStringLiteral("feet"));
    QCOMPARE(feet.value(QStringLiteral("type")).toString(), QStringLiteral("hurtbox"));
    QCOMPARE(feet.value(QStringLiteral("x")).toDouble(), 23.5);
    QCOMPARE(feet.value(QStringLiteral("y")).toDouble(), 59.0);
    const QJsonObject head = objects.at(2).toObject();
    QVERIFY(head.value(QStringLiteral("ellipse")).toBool());
    QCOMPARE(head.value(QStringLiteral("width")).toDouble(), 14.0);
    const QJsonArray polygon = objects.at(0).toObject().value(QStringLiteral("polygon")).toArray();
    QCOMPARE(polygon.size(), 4);
    QCOMPARE(polygon.at(2).toObject().value(QStringLiteral("x")).toDouble(), 20.0);
    QCOMPARE(polygon.at(2).toObject().value(QStringLiteral("y")).toDouble(), 50.0);
    const QJsonObject blade = objects.at(1).toObject();
    QCOMPARE(blade.value(QStringLiteral("rotation")).toDouble(), -15.0);
    QCOMPARE(blade.value(QStringLiteral("x")).toDouble(), 41.564284602); // rounded to 1e-9 px
}

void TestTiledFormats::writeAnimationAndTypedProperties() {
    const DocumentData document = propertyDocument();
    const QString tsx = QString::fromUtf8(format("tiled-tsx")->write(document, {}, {}).bytes);
    // The knight's frames are tiles 0 and 1: its animation on tile 0, idle at the sprite's 80 ms.
    QVERIFY2(
        tsx.contains(QStringLiteral("  <animation>\n   <frame tileid=\"0\" duration=\"120\"/>\n"
                                    "   <frame tileid=\"1\" duration=\"80\"/>\n  </animation>")),
        qPrintable(tsx));
    QVERIFY(tsx.contains(QStringLiteral("<frame tileid=\"2\" duration=\"50\"/>")));
    QVERIFY(tsx.contains(
        QStringLiteral("<property name=\"spriteDuration\" type=\"int\" value=\"80\"/>")));
    QVERIFY(tsx.contains(QStringLiteral("<property name=\"damage\" type=\"int\" value=\"12\"/>")));
    QVERIFY(tsx.contains(QStringLiteral("<property name=\"hitstun\" type=\"int\" value=\"-3\"/>")));
    QVERIFY(tsx.contains(
        QStringLiteral("<property name=\"knockback\" type=\"float\" value=\"2.5\"/>")));
    QVERIFY(tsx.contains(
        QStringLiteral("<property name=\"launch\" type=\"float\" value=\"4294967296\"/>")));
    QVERIFY(
        tsx.contains(QStringLiteral("<property name=\"guard\" type=\"bool\" value=\"false\"/>")));
    QVERIFY(
        tsx.contains(QStringLiteral("<property name=\"cancel\" type=\"bool\" value=\"true\"/>")));
    QVERIFY(tsx.contains(QStringLiteral("<property name=\"phase\" value=\"active\"/>")));

    const QJsonObject tsj =
        QJsonDocument::fromJson(format("tiled-tsj")->write(document, {}, {}).bytes).object();
    const QJsonObject tile0 = tsj.value("tiles").toArray().at(0).toObject();
    QCOMPARE(tile0.value("animation").toArray(),
             (QJsonArray{QJsonObject{{"duration", 120}, {"tileid", 0}},
                         QJsonObject{{"duration", 80}, {"tileid", 1}}}));
    const QJsonArray blade = tile0.value("objectgroup")
                                 .toObject()
                                 .value("objects")
                                 .toArray()
                                 .at(1)
                                 .toObject()
                                 .value("properties")
                                 .toArray();
    QVERIFY(blade.contains(QJsonObject{{"name", "damage"}, {"type", "int"}, {"value", 12}}));
    QVERIFY(blade.contains(QJsonObject{{"name", "guard"}, {"type", "bool"}, {"value", false}}));
    QVERIFY(blade.contains(QJsonObject{{"name", "scale"}, {"type", "float"}, {"value", 0.1}}));

    // A frame property named like one of Hitsmith's tile properties cannot be written.
    DocumentData clash = document;
    clash.sprites[0].frames[0].properties.insert("sprite", "other");
    QVERIFY(
        format("tiled-tsx")
            ->exportWarnings(clash)
            .contains(QStringLiteral(
                "1 frame property not written: its name is one Hitsmith uses for tile properties "
                "(sprite, frame, originX, originY, spriteDuration, motionX, motionY): "
                "knight/attack-2/sprite")));
}

void TestTiledFormats::readForeignProperties() {
    // A tileset made in Tiled: every property type, an animation over tiles without the
    // "sprite" property, a class property (no counterpart: warned, counted, the rest read).
    const QByteArray tsx = R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="hero" tilewidth="16" tileheight="16" tilecount="2" columns="0">
 <tile id="0">
  <properties>
   <property name="tint" type="color" value="#ff00ff00"/>
   <property name="sound" type="file" value="hit.wav"/>
   <property name="target" type="object" value="7"/>
   <property name="extra" type="class"><properties/></property>
  </properties>
  <objectgroup><object id="1" name="hit" x="0" y="0" width="4" height="4">
   <properties><property name="damage" type="int" value="5"/>
    <property name="ratio" type="float" value="0.25"/><property name="air" type="bool" value="true"/>
    <property name="label">multi
line</property></properties></object></objectgroup>
  <animation><frame tileid="0" duration="70"/><frame tileid="1" duration="100"/></animation>
 </tile>
 <tile id="1"><objectgroup/></tile>
</tileset>)";
    const ReadResult result = format("tiled-tsx")->read(tsx, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(result.warnings,
             QStringList{QStringLiteral("1 property not imported: line 3: tile 0, property "
                                        "\"extra\": a class property has no Hitsmith "
                                        "counterpart")});
    const Sprite &hero = result.document->sprites.at(0);
    QCOMPARE(hero.duration, std::nullopt);
    QCOMPARE(hero.frames[0].duration, 70);
    QCOMPARE(hero.frames[1].duration, std::nullopt); // 100 ms is the default
    QCOMPARE(hero.frames[0].properties,
             (QJsonObject{{"tint", "#ff00ff00"}, {"sound", "hit.wav"}, {"target", 7}}));
    QCOMPARE(
        hero.frames[0].shapes[0].properties,
        (QJsonObject{{"damage", 5}, {"ratio", 0.25}, {"air", true}, {"label", "multi\nline"}}));
}

void TestTiledFormats::readRotatedObjects() {
    const QByteArray tsx = R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="t" tilewidth="32" tileheight="32" tilecount="1" columns="0">
 <tile id="7">
  <objectgroup draworder="index" id="2">
   <object id="1" name="r" class="hitbox" x="10" y="20" width="8" height="4" rotation="90"/>
   <object id="2" x="0" y="0" width="10" height="10" rotation="90"><ellipse/></object>
   <object id="3" x="5" y="5" rotation="90"><polygon points="0,0 4,0 4,2"/></object>
   <object id="4" type="legacy" x="1" y="1" width="2" height="2"/>
  </objectgroup>
 </tile>
</tileset>)";
    const ReadResult result = format("tiled-tsx")->read(tsx, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Frame &frame = result.document->sprites.at(0).frames.at(0);
    QCOMPARE(frame.name, QStringLiteral("tile-7"));
    QCOMPARE(frame.shapes.size(), 4);
    // Turned 90 degrees clockwise about (10, 20): the centre is (10, 20) + (-2, 4).
    QVERIFY(shapeDifference(
                Shape::rect(QStringLiteral("r"), {8, 24}, {8, 4}, 90, QStringLiteral("hitbox")),
                frame.shapes[0], 1e-12)
                .isEmpty());
    QVERIFY(shapeDifference(Shape::circle(QStringLiteral("object-2"), {-5, 5}, 5), frame.shapes[1],
                            1e-12)
                .isEmpty());
    QVERIFY(shapeDifference(Shape::polygon(QStringLiteral("object-3"), {{5, 5}, {5, 9}, {3, 9}}),
                            frame.shapes[2], 1e-12)
                .isEmpty());
    QCOMPARE(frame.shapes[3].layer, QStringLiteral("legacy")); // Tiled <= 1.8 "type"
}

// A tile id near INT_MAX lies far down the sheet; its cell's position overflowed int (found by
// the fuzz campaign; tests/data/fuzz-regressions/tiled-tsj).
void TestTiledFormats::roundTrip_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("tsx") << QStringLiteral("tiled-tsx");
    QTest::newRow("tsj") << QStringLiteral("tiled-tsj");
}

void TestTiledFormats::roundTrip() {
    QFETCH(QString, name);
    const FileFormat *tiled = FormatRegistry::instance().byName(name);
    // Durations and properties of every kind come back exactly, with their types.
    const DocumentData document = propertyDocument();
    const WriteResult written = tiled->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QCOMPARE(tiled->write(document, {}, {}).bytes, written.bytes); // deterministic
    const ReadResult read = tiled->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    const QString why = documentDifference(document, *read.document, kTolerance);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    const QString lost = animationDifference(document, *read.document);
    QVERIFY2(lost.isEmpty(), qPrintable(lost));
    QVERIFY(tiled->exportWarnings(document).filter(QStringLiteral("not stored")).isEmpty());
    QCOMPARE(read.document->collide, document.collide);
    const Frame &attack = read.document->sprites[0].frames[0];
    QCOMPARE(attack.origin, document.sprites[0].frames[0].origin);
    QCOMPARE(attack.source, document.sprites[0].frames[0].source);
    // Written again, the imported document gives the same bytes.
    QCOMPARE(tiled->write(*read.document, {}, {}).bytes, written.bytes);
}

// Issue 30: points are Tiled point objects on the tile's object group, and come back as points.
void TestTiledFormats::pointsAreTiledPointObjects() {
    QFETCH(QString, name);
    const FileFormat *tiled = FormatRegistry::instance().byName(name);
    DocumentData document = propertyDocument();
    document.sprites[0].frames[0].shapes << Shape::point("tip", {12.5, 7}, "hitbox");
    const WriteResult written = tiled->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QVERIFY2(written.warnings.filter("point").isEmpty(), qPrintable(written.warnings.join('\n')));
    QVERIFY2(written.bytes.contains(name == "tiled-tsx" ? "<point/>" : "\"point\": true"),
             written.bytes.constData());
    const ReadResult read = tiled->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    const QString why = documentDifference(document, *read.document, kTolerance);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(read.document->sprites[0].frames[0].shapes.last(),
             Shape::point("tip", {12.5, 7}, "hitbox"));
}

// Issue 26, item 11: after a Tiled export and import the layer colours changed (they were not
// written). They travel as typed tileset properties "layerColor:NAME" (Tiled type color), which
// Tiled shows as colour swatches and keeps.
void TestTiledFormats::layerColoursRoundTrip() {
    QFETCH(QString, name);
    const FileFormat *tiled = FormatRegistry::instance().byName(name);
    DocumentData document = sampleDocument();
    document.layers = {{QStringLiteral("hurtbox"), QColor(0x3e, 0x89, 0x48), true, {}},
                       {QStringLiteral("hitbox"), QColor(0xe4, 0x3b, 0x44), true, {}},
                       {QStringLiteral("glow"), QColor(0x11, 0x22, 0x33, 0x80), true, {}}};
    const WriteResult written = tiled->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QVERIFY(written.warnings.isEmpty());
    QVERIFY2(written.bytes.contains("layerColor:glow") && written.bytes.contains("#80112233"),
             written.bytes.constData());
    const ReadResult read = tiled->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    QCOMPARE(read.document->layers, document.layers);
    QCOMPARE(tiled->write(*read.document, {}, {}).bytes, written.bytes);
    // What Tiled may write for a colour left unset (empty), #RRGGBB, or a slip: kept or named.
    const QByteArray tsj = R"({"type": "tileset", "name": "t", "tilewidth": 8, "tileheight": 8,
        "properties": [{"name": "layerColor:a", "type": "color", "value": "#ff0000"},
                       {"name": "layerColor:b", "type": "color", "value": ""},
                       {"name": "layerColor:c", "type": "color", "value": "red-ish"}],
        "tiles": []})";
    const ReadResult odd = format("tiled-tsj")->read(tsj, {});
    QVERIFY2(odd.isOk(), qPrintable(odd.error));
    QCOMPARE(odd.document->layers,
             (QList<LayerStyle>{{QStringLiteral("a"), QColor(255, 0, 0), true, {}}}));
    QCOMPARE(odd.warnings.size(), 1);
    QVERIFY2(odd.warnings[0].contains(QStringLiteral("layerColor:c")), qPrintable(odd.warnings[0]));
}

void TestTiledFormats::invalidShapesFailUnlessSkipped() {
    DocumentData document = sampleDocument();
    document.sprites[0].frames[1].shapes.append(
        Shape::polygon(QStringLiteral("dent"), {{0, 0}, {10, 0}, {5, 2}, {10, 10}, {0, 10}}));
    for (const char *name : {"tiled-tsx", "tiled-tsj", "godot", "matter"}) {
        const FileFormat *target = format(name);
        const WriteResult refused = target->write(document, {}, {});
        QVERIFY2(!refused.isOk(), name);
        QVERIFY2(refused.error.contains(QStringLiteral("knight/idle/dent")),
                 qPrintable(refused.error));
        QVERIFY(refused.bytes.isEmpty());
        QVERIFY(target->exportWarnings(document).join(u'\n').contains(
            QStringLiteral("knight/idle/dent")));
        WriteOptions skip;
        skip.skipInvalid = true;
        const WriteResult written = target->write(document, {}, skip);
        QVERIFY2(written.isOk(), qPrintable(written.error));
        QVERIFY(written.warnings.join(u'\n').contains(QStringLiteral("knight/idle/dent")));
        QVERIFY2(!written.bytes.contains("dent"), name);
    }
}

void TestTiledFormats::excaliburTsxAndTsjAgree() {
    const QString dir = sharedFixtures();
    if (dir.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_SHARED_FIXTURES is not set or the folder is absent: real-world fixtures "
            "not tested");
    const ReadResult tsx =
        format("tiled-tsx")
            ->read(readBytes(dir + QStringLiteral("/tiled/excalibur_external.tsx")), {});
    const ReadResult tsj =
        format("tiled-tsj")
            ->read(readBytes(dir + QStringLiteral("/tiled/excalibur_external.tsj")), {});
    QVERIFY2(tsx.isOk(), qPrintable(tsx.error));
    QVERIFY2(tsj.isOk(), qPrintable(tsj.error));
    QVERIFY2(documentDifference(*tsx.document, *tsj.document, 0).isEmpty(),
             qPrintable(documentDifference(*tsx.document, *tsj.document, 0)));
    QCOMPARE(tsx.document->sprites[0].image, tsj.document->sprites[0].image);
    // The tiles with object groups, with their collision shapes exactly.
    const Sprite &sprite = tsx.document->sprites[0];
    QCOMPARE(sprite.name, QStringLiteral("External"));
    QCOMPARE(sprite.frames.size(), 3);
    QCOMPARE(sprite.frames[0].name, QStringLiteral("tile-29"));
    QCOMPARE(sprite.frames[0].source, QRectF(80, 32, 16, 16)); // column 5, row 2 of 12 columns
    QVERIFY(shapeDifference(Shape::circle(QStringLiteral("object-1"), {5.5, 7.25}, 3.75),
                            sprite.frames[0].shapes.value(0), 0)
                .isEmpty());
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("object-1"), {8, 8}, {10, 12}),
                            sprite.frames[1].shapes.value(0), 0)
                .isEmpty());
    QVERIFY(shapeDifference(Shape::polygon(QStringLiteral("object-1"),
                                           {{3.25, 11}, {9, 5}, {12, 10}, {7.5, 13.25}}),
                            sprite.frames[2].shapes.value(0), 0)
                .isEmpty());
    // The 5.25 x 4.75 ellipse is not a circle: a 16-vertex polygon on the ellipse, counted.
    for (const ReadResult *result : {&tsx, &tsj}) {
        const Frame &frame = result->document->sprites[0].frames[0];
        QCOMPARE(frame.shapes.size(), 2);
        const Shape &ellipse = frame.shapes[1];
        QCOMPARE(ellipse.type, ShapeType::Polygon);
        QCOMPARE(ellipse.points.size(), 16);
        QVERIFY(!validateShape(ellipse));
        QCOMPARE(result->warnings.size(), 1);
        QVERIFY2(result->warnings[0].startsWith(QStringLiteral(
                     "1 ellipse that is not a circle imported as a 16-vertex polygon: ")) &&
                     result->warnings[0].contains(QStringLiteral("tile 29")) &&
                     result->warnings[0].endsWith(QStringLiteral(", object 2")),
                 qPrintable(result->warnings[0]));
        // Every vertex lies on the ellipse (x/a)^2 + (y/b)^2 = 1 about its centre.
        QPointF centre;
        for (QPointF p : ellipse.points)
            centre += p / 16.0;
        for (QPointF p : ellipse.points) {
            const double u = (p.x() - centre.x()) / (5.25 / 2),
                         v = (p.y() - centre.y()) / (4.75 / 2);
            QVERIFY(std::abs(u * u + v * v - 1) < 1e-6);
        }
    }
}

void TestTiledFormats::lillysPolylinesReportedAndSkipped() {
    const QString dir = sharedFixtures();
    if (dir.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_SHARED_FIXTURES is not set or the folder is absent: real-world fixtures "
            "not tested");
    for (const char *file : {"lillys_tileset.tsx", "lillys_legacy_tilesets.tsx"}) {
        const QByteArray bytes = readBytes(dir + QStringLiteral("/tiled/") + QLatin1String(file));
        const ReadResult result = format("tiled-tsx")->read(bytes, {});
        QVERIFY2(result.isOk(), qPrintable(result.error));
        const qsizetype polylines = bytes.count("<polyline");
        const qsizetype objects = bytes.count("<object ");
        QVERIFY(polylines > 0);
        // One counted line for all of them (docs/formats.md), not a line per polyline.
        QCOMPARE(result.warnings.size(), 1);
        QVERIFY2(result.warnings[0].startsWith(
                     QStringLiteral("%1 objects skipped: polyline").arg(polylines)),
                 qPrintable(result.warnings[0]));
        qsizetype shapes = 0;
        for (const Frame &frame : result.document->sprites[0].frames) {
            shapes += frame.shapes.size();
            // id="0" and no name: "object-0", made unique within the frame ("object-0-2").
            for (qsizetype i = 0; i < frame.shapes.size(); ++i)
                QCOMPARE(frame.shapes[i].id, i == 0 ? QStringLiteral("object-0")
                                                    : QStringLiteral("object-0-%1").arg(i + 1));
        }
        QCOMPARE(shapes, objects - polylines);
        // Empty object groups still name a frame (the tile has collision data, none of it).
        QCOMPARE(result.document->sprites[0].frames.size(), bytes.count("<objectgroup"));
    }
}

void TestTiledFormats::everySharedTiledFixtureImports() {
    const QString dir = sharedFixtures();
    if (dir.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_SHARED_FIXTURES is not set or the folder is absent: real-world fixtures "
            "not tested");
    const QFileInfoList files = QDir(dir + QStringLiteral("/tiled")).entryInfoList(QDir::Files);
    QVERIFY(files.size() >= 6);
    for (const QFileInfo &file : files) {
        const FileFormat *reader =
            format(file.suffix() == QLatin1String("tsx") ? "tiled-tsx" : "tiled-tsj");
        const QByteArray bytes = readBytes(file.absoluteFilePath());
        const ReadResult result = reader->read(bytes, {file.absoluteFilePath(), dir});
        QVERIFY2(result.isOk(), qPrintable(file.fileName() + QStringLiteral(": ") + result.error));
        qsizetype shapes = 0;
        for (const Sprite &sprite : result.document->sprites) {
            for (const Frame &frame : sprite.frames)
                shapes += frame.shapes.size();
        }
        // Every polygon in the file became a polygon shape.
        const qsizetype polygons = file.suffix() == QLatin1String("tsx")
                                       ? bytes.count("<polygon")
                                       : bytes.count("\"polygon\":");
        qsizetype polygonShapes = 0;
        for (const Sprite &sprite : result.document->sprites) {
            for (const Frame &frame : sprite.frames) {
                for (const Shape &shape : frame.shapes)
                    polygonShapes += shape.type == ShapeType::Polygon;
            }
        }
        // ... plus the ellipses that are not circles, counted in one warning.
        qsizetype ellipses = 0;
        for (const QString &warning : result.warnings.filter(QStringLiteral("-vertex polygon")))
            ellipses += warning.section(u' ', 0, 0).toInt();
        QVERIFY2(polygonShapes == polygons + ellipses, qPrintable(file.fileName()));
        QVERIFY2(shapes > 0, qPrintable(file.fileName()));
    }
    // Fractional isometric polygon, exactly: object at (0.666667, 95) + (54.6667, -29.3333).
    const ReadResult cubes =
        format("tiled-tsx")
            ->read(readBytes(dir + QStringLiteral("/tiled/excalibur_cubes_iso.tsx")), {});
    const Shape &first = cubes.document->sprites[0].frames[0].shapes[0];
    QCOMPARE(first.points.size(), 4);
    QCOMPARE(first.points[1], QPointF(0.666667 + 54.6667, 95 - 29.3333));
    QCOMPARE(cubes.document->sprites[0].frames[0].source, QRectF(111, 0, 111, 128));
}

void TestTiledFormats::oldJsonLayout() {
    // Tiled before 1.2: tiles keyed by id, properties as objects, numeric version.
    const QByteArray json = R"({"name":"old","tilewidth":16,"tileheight":16,"version":1.1,
        "tiles":{"10":{"objectgroup":{"objects":[{"id":1,"name":"a","type":"hitbox",
            "x":1,"y":2,"width":3,"height":4,"rotation":0}]}},
                 "2":{"objectgroup":{"objects":[{"id":1,"ellipse":true,"x":0,"y":0,"width":4,
            "height":4}]}}},
        "tileproperties":{"10":{"frame":"swing","sprite":"hero"}}})";
    const ReadResult result = format("tiled-tsj")->read(json, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(result.document->sprites.size(), 2);
    QCOMPARE(result.document->sprites[0].name, QStringLiteral("old"));
    QCOMPARE(result.document->sprites[0].frames[0].name, QStringLiteral("tile-2"));
    QCOMPARE(result.document->sprites[1].name, QStringLiteral("hero"));
    QCOMPARE(result.document->sprites[1].frames[0].name, QStringLiteral("swing"));
    QVERIFY(shapeDifference(
                Shape::rect(QStringLiteral("a"), {2.5, 4}, {3, 4}, 0, QStringLiteral("hitbox")),
                result.document->sprites[1].frames[0].shapes.value(0), 0)
                .isEmpty());
}

void TestTiledFormats::malformed_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    const QByteArray head = R"(<?xml version="1.0"?>
<tileset name="t" tilewidth="8" tileheight="8">
 <tile id="3">
  <objectgroup>
)";
    const QByteArray tail = "\n  </objectgroup>\n </tile>\n</tileset>\n";
    QTest::newRow("tsx empty") << "tiled-tsx" << QByteArray("  \n") << "file is empty";
    QTest::newRow("tsx binary") << "tiled-tsx" << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)
                                << "not a text file";
    QTest::newRow("tsx garbage") << "tiled-tsx" << QByteArray("hello") << "line 1, column";
    QTest::newRow("tsx truncated")
        << "tiled-tsx" << QByteArray(head + R"(   <object id="1" x="1")") << "line 5, column";
    QTest::newRow("tsx not a number")
        << "tiled-tsx" << QByteArray(head + R"(   <object id="1" x="abc" y="0"/>)" + tail)
        << "tile 3, object 1: attribute x: \"abc\" is not a number";
    QTest::newRow("tsx nan") << "tiled-tsx"
                             << QByteArray(head + R"(   <object id="2" x="1" y="nan"/>)" + tail)
                             << "tile 3, object 2: attribute y: must be a finite number";
    QTest::newRow("tsx huge")
        << "tiled-tsx"
        << QByteArray(head + R"(   <object id="2" x="1" y="0" width="1e300" height="1"/>)" + tail)
        << "tile 3, object 2: attribute width: 1e+300 is out of range";
    QTest::newRow("tsx bad points")
        << "tiled-tsx"
        << QByteArray(head +
                      R"(   <object id="5" x="1" y="0"><polygon points="0,0 1;1 2,2"/></object>)" +
                      tail)
        << "tile 3, object 5: points: \"1;1\" is not an x,y pair";
    QTest::newRow("tsx map") << "tiled-tsx" << QByteArray("<map version=\"1.8\"></map>")
                             << "this Tiled map has no tileset";
    QTest::newRow("tsx negative id")
        << "tiled-tsx" << QByteArray("<tileset><tile id=\"-4\"/></tileset>")
        << "attribute id: \"-4\" is not a whole number";

    QTest::newRow("tsj empty") << "tiled-tsj" << QByteArray("") << "file is empty";
    QTest::newRow("tsj binary") << "tiled-tsj" << QByteArray("\0\1\2\3", 4) << "not a text file";
    QTest::newRow("tsj truncated")
        << "tiled-tsj" << QByteArray(R"({"tiles":[{"id":1,)") << "line 1, column";
    QTest::newRow("tsj wrong type")
        << "tiled-tsj"
        << QByteArray(R"({"tiles":[{"id":1,"objectgroup":{"objects":[{"x":"1"}]}}]})")
        << "tiles[0].objectgroup.objects[0].x: must be a number";
    QTest::newRow("tsj huge")
        << "tiled-tsj"
        << QByteArray(R"({"tiles":[{"id":1,"objectgroup":{"objects":[{"x":1e300}]}}]})")
        << "tiles[0].objectgroup.objects[0].x: 1e+300 is out of range";
    QTest::newRow("tsj overflow")
        << "tiled-tsj"
        << QByteArray(R"({"tiles":[{"id":1,"objectgroup":{"objects":[{"y":1e999}]}}]})")
        << "line 1, column 54: illegal number";
    QTest::newRow("tsj polygon point")
        << "tiled-tsj"
        << QByteArray(
               R"({"tiles":[{"id":1,"objectgroup":{"objects":[{"polygon":[{"x":1,"y":2},{"x":3}]}]}}]})")
        << "tiles[0].objectgroup.objects[0].polygon[1]: must be a point";
    QTest::newRow("tsj map") << "tiled-tsj" << QByteArray(R"({"type":"map","layers":[]})")
                             << "this Tiled map has no tileset";
    QTest::newRow("tsj tile id") << "tiled-tsj" << QByteArray(R"({"tiles":[{"id":1.5}]})")
                                 << "tiles[0].id: must be a whole number";
    QTest::newRow("tsj array root")
        << "tiled-tsj" << QByteArray("[1,2]") << "expected a JSON object";
}

void TestTiledFormats::malformed() {
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const ReadResult result = FormatRegistry::instance().byName(name)->read(bytes, {});
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains(expected), qPrintable(result.error));
}

void TestTiledFormats::truncationsNeverHalfLoad() {
    for (const char *name : {"tiled-tsx", "tiled-tsj"}) {
        const FileFormat *tiled = format(name);
        checkTruncationsNeverHalfLoad(tiled, tiled->write(sampleDocument(), {}, {}).bytes);
        if (QTest::currentTestFailed())
            return;
    }
}

/// Debian's tiled (1.8) converts our .tsx to JSON and our .tsj to XML; reading its output back
/// must give our shapes. Tiled 1.8 does not know tile sub-rectangles (1.9+), so sources are not
/// compared; everything else is.
void TestTiledFormats::tiledOpensOurTilesets_data() {
    QTest::addColumn<QString>("documentPath"); // empty: the sample document
    QTest::newRow("sample") << QString();
    QTest::newRow("example knight")
        << QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("examples/knight.json"));
}

void TestTiledFormats::tiledOpensOurTilesets() {
    QFETCH(QString, documentPath);
    const QString tiled = QStandardPaths::findExecutable(QStringLiteral("tiled"));
    if (tiled.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "the 'tiled' program is not installed (Debian package 'tiled'): Tiled itself was "
            "not asked to read our tilesets");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Image paths absolute, as the editor holds them (loadDocumentFile resolves them).
    DocumentData document = propertyDocument();
    resolveImagePaths(document, dir.path());
    if (!documentPath.isEmpty()) {
        const ReadResult loaded = loadDocumentFile(documentPath);
        QVERIFY2(loaded.isOk(), qPrintable(documentPath + QStringLiteral(": ") + loaded.error));
        document = *loaded.document;
    }
    // Tiled 1.8 writes XML numbers with 6 significant digits (its JSON keeps them all).
    struct Case {
        const char *writer, *extension, *exportFormat, *outExtension, *reader;
        double tolerance;
    };
    for (const Case &c : {Case{"tiled-tsx", "tsx", "json", "json", "tiled-tsj", kTolerance},
                          Case{"tiled-tsj", "tsj", "tsx", "tsx", "tiled-tsx", 1e-5}}) {
        const QString in = dir.filePath(QStringLiteral("ours.") + QLatin1String(c.extension));
        const QString out = dir.filePath(QStringLiteral("theirs.") + QLatin1String(c.outExtension));
        QFile file(in);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(format(c.writer)->writeFor(document, in).bytes);
        file.close();
        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        environment.insert(QStringLiteral("HOME"), dir.path()); // no user settings involved
        process.setProcessEnvironment(environment);
        process.start(tiled,
                      {QStringLiteral("--export-tileset"), QLatin1String(c.exportFormat), in, out});
        QVERIFY(process.waitForFinished(60000));
        QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
        const ReadResult back = format(c.reader)->readFrom(readBytes(out), out);
        QVERIFY2(back.isOk(),
                 qPrintable(QString::fromUtf8(c.writer) + QStringLiteral(": ") + back.error));
        QVERIFY2(back.warnings.isEmpty(), qPrintable(back.warnings.join(u'\n')));
        const QString why = documentDifference(document, *back.document, c.tolerance);
        QVERIFY2(why.isEmpty(),
                 qPrintable(QString::fromUtf8(c.writer) + QStringLiteral(": ") + why));
        // Tiled kept the animations and the typed properties exactly, in both directions.
        if (documentPath.isEmpty()) {
            const QString lost = animationDifference(document, *back.document);
            QVERIFY2(lost.isEmpty(),
                     qPrintable(QString::fromUtf8(c.writer) + QStringLiteral(": ") + lost));
        }
        QCOMPARE(back.document->collide, document.collide);
        // Layer colours come back from Tiled (in whatever order it keeps properties).
        const auto colours = [](const DocumentData &d) {
            QMap<QString, QColor> map;
            for (const LayerStyle &style : d.layers)
                map.insert(style.name, style.color);
            return map;
        };
        QCOMPARE(colours(*back.document), colours(document));
        QCOMPARE(back.document->sprites[0].frames[0].origin, document.sprites[0].frames[0].origin);
        QCOMPARE(back.document->sprites[0].image, document.sprites[0].image);
    }
}

QTEST_GUILESS_MAIN(TestTiledFormats)
#include "tst_formats_tiled.moc"
