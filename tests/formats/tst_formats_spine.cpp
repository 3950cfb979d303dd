// Spine skeleton JSON (issue 30): the exact export (root at the frame origin, y up, one slot per
// layer, attachment timelines per frame, a key at the end), the round trip, other Spine projects'
// boxes through their bones, refusals, and the real consumer: spine-core (pinned, installed from
// npm into the build directory) plays the export back and must find exactly the document's shapes.
#include "formattestsupport.h"
#include "testsupport.h"

#include "fileio.h"
#include "formatregistry.h"
#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "spineformat.h"
#include "validation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>

using namespace hitsmith;
using namespace formattest;

namespace {

/// Runs a program to its end; empty, or why it failed (as tst_formats_matter's).
QString runProcess(const QString &program, const QStringList &arguments,
                   const QProcessEnvironment &environment, QByteArray *out, int timeoutMs) {
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("%1 did not finish").arg(program);
    }
    *out = process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("%1 %2 failed (%3): %4")
            .arg(program, arguments.join(u' '))
            .arg(process.exitCode())
            .arg(QString::fromUtf8(process.readAllStandardError()));
    return {};
}

/// Two frames with an origin, every shape kind, two shapes on one layer, a point.
DocumentData spineDocument() {
    DocumentData data;
    Sprite sprite;
    sprite.name = "knight";
    Frame a;
    a.name = "attack-1";
    a.origin = QPointF(10, 20);
    a.duration = 100;
    a.shapes << Shape::rect("blade", {30, 10}, {10, 4}, 0, "hitbox")
             << Shape::polygon("body", {{0, 0}, {8, 0}, {8, 20}}, "hurtbox")
             << Shape::rect("arm", {5, 5}, {4, 4}, 30, "hurtbox")
             << Shape::point("tip", {35, 10}, "points");
    Frame b;
    b.name = "attack-2";
    b.duration = 150;
    b.shapes << Shape::circle("head", {4, -10}, 6, "hurtbox")
             << Shape::point("tip", {12.5, 3}, "points");
    sprite.frames << a << b;
    data.sprites << sprite;
    return data;
}

/// The document with each frame's shapes in id order: Spine keeps a frame's shapes per slot, so
/// an import lists them slot by slot rather than in the frame's order.
DocumentData byId(DocumentData data) {
    for (Sprite &sprite : data.sprites) {
        for (Frame &frame : sprite.frames)
            std::sort(frame.shapes.begin(), frame.shapes.end(),
                      [](const Shape &a, const Shape &b) { return a.id < b.id; });
    }
    return data;
}

QJsonObject exportJson(const DocumentData &data, QStringList *warnings = nullptr) {
    const WriteResult written = format("spine")->write(data, {}, {});
    if (!written.isOk())
        qWarning() << written.error;
    if (warnings)
        *warnings = written.warnings;
    return QJsonDocument::fromJson(written.bytes).object();
}

/// The points of a vertices array as (x, y) pairs.
QList<QPointF> pairs(const QJsonArray &values) {
    QList<QPointF> points;
    for (qsizetype i = 0; i + 1 < values.size(); i += 2)
        points.append(QPointF(values[i].toDouble(), values[i + 1].toDouble()));
    return points;
}

/// A box and a point of another Spine project: a bone turned 90 degrees at (100, 50) under the
/// root; the box shows from 0, is swapped at 0.2 s, and the animation ends at 0.5 s.
const QByteArray kForeign = R"({
  "skeleton": {"spine": "4.2.22"},
  "bones": [{"name": "root"}, {"name": "arm", "parent": "root", "x": 100, "y": 50, "rotation": 90}],
  "slots": [{"name": "hit", "bone": "arm", "attachment": "wide"}, {"name": "fx", "bone": "arm"}],
  "skins": [{"name": "default", "attachments": {
    "hit": {
      "wide": {"type": "boundingbox", "vertexCount": 3, "vertices": [0, 0, 10, 0, 0, 5]},
      "narrow": {"type": "boundingbox", "vertexCount": 3, "vertices": [0, 0, 2, 0, 0, 5]}
    },
    "fx": {"spark": {"type": "point", "x": 4, "y": 0}}
  }}],
  "animations": {"swing": {
    "slots": {"hit": {"attachment": [{"time": 0.2, "name": "narrow"}]},
              "fx": {"attachment": [{"time": 0.2, "name": "spark"}]}},
    "bones": {"arm": {"rotate": [{"time": 0.5, "value": 10}]}}
  }}
})";

} // namespace

class TestSpineFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exportIsExact();
    void circlesBecomePolygonsWithinHalfAPixel();
    void capsulesBecomePolygonsWithinHalfAPixel();
    void keyTimesCarryNoFloatNoise();
    void roundTrip();
    void severalSpritesRoundTrip();
    void otherProjectsBoxesGoThroughTheirBones();
    void boxesNoAnimationShowsAreNamed();
    void weightedAndDeformedBoxesAreRefusedByName();
    void boxesWithoutVertexCountAreSpine2s();
    void bonesNotInheritingNormallyAreNamed_data();
    void bonesNotInheritingNormallyAreNamed();
    void malformedInputSaysWhat();
    void snifferKnowsSpine();
    void spineCoreFindsTheDocumentsShapes_data();
    void spineCoreFindsTheDocumentsShapes();
};

void TestSpineFormat::exportIsExact() {
    QStringList warnings;
    const QJsonObject root = exportJson(spineDocument(), &warnings);
    QCOMPARE(root.value("skeleton").toObject().value("spine").toString(), QString("4.2"));
    QCOMPARE(root.value("bones").toArray(), (QJsonArray{QJsonObject{{"name", "root"}}}));
    QStringList slots;
    for (const QJsonValue &slot : root.value("slots").toArray()) {
        QCOMPARE(slot.toObject().value("bone").toString(), QString("root"));
        slots << slot.toObject().value("name").toString();
    }
    // Layers in document order; hurtbox holds two shapes on attack-1, so it has a second slot.
    QCOMPARE(slots, (QStringList{"hitbox", "hurtbox", "hurtbox#2", "points"}));
    const QJsonArray skins = root.value("skins").toArray();
    QCOMPARE(skins.size(), 1);
    QCOMPARE(skins[0].toObject().value("name").toString(), QString("default"));
    const QJsonObject attachments = skins[0].toObject().value("attachments").toObject();
    // The blade: corners (25, 8) (35, 8) (35, 12) (25, 12) with the origin (10, 20), y up.
    const QJsonObject blade =
        attachments.value("hitbox").toObject().value("attack-1/blade").toObject();
    QCOMPARE(blade.value("type").toString(), QString("boundingbox"));
    QCOMPARE(blade.value("vertexCount").toInt(), 4);
    QCOMPARE(pairs(blade.value("vertices").toArray()),
             (QList<QPointF>{{15, 12}, {25, 12}, {25, 8}, {15, 8}}));
    const QJsonObject body =
        attachments.value("hurtbox").toObject().value("attack-1/body").toObject();
    QCOMPARE(pairs(body.value("vertices").toArray()),
             (QList<QPointF>{{-10, 20}, {-2, 20}, {-2, 0}}));
    QVERIFY(attachments.value("hurtbox#2").toObject().contains("attack-1/arm"));
    // attack-2 has no origin: (x, -y).
    const QJsonObject tip2 =
        attachments.value("points").toObject().value("attack-2/tip").toObject();
    QCOMPARE(tip2, (QJsonObject{{"type", "point"}, {"x", 12.5}, {"y", -3}}));
    const QJsonObject tip1 =
        attachments.value("points").toObject().value("attack-1/tip").toObject();
    QCOMPARE(tip1, (QJsonObject{{"type", "point"}, {"x", 25}, {"y", 10}}));

    // One animation, named as the sprite: keys at 0, 0.1 and the end 0.25 on every slot.
    const QJsonObject animations = root.value("animations").toObject();
    QCOMPARE(animations.keys(), QStringList{"knight"});
    const QJsonObject timelines = animations.value("knight").toObject().value("slots").toObject();
    QCOMPARE(timelines.keys(), (QStringList{"hitbox", "hurtbox", "hurtbox#2", "points"}));
    const auto keys = [&](const QString &slot) {
        QStringList result;
        for (const QJsonValue &key : timelines.value(slot).toObject().value("attachment").toArray())
            result << QString::number(key.toObject().value("time").toDouble()) + u'=' +
                          (key.toObject().value("name").isNull()
                               ? QString("null")
                               : key.toObject().value("name").toString());
        return result;
    };
    QCOMPARE(keys("hitbox"), (QStringList{"0=attack-1/blade", "0.1=null", "0.25=null"}));
    QCOMPARE(keys("hurtbox"),
             (QStringList{"0=attack-1/body", "0.1=attack-2/head", "0.25=attack-2/head"}));
    QCOMPARE(keys("hurtbox#2"), (QStringList{"0=attack-1/arm", "0.1=null", "0.25=null"}));
    QCOMPARE(keys("points"),
             (QStringList{"0=attack-1/tip", "0.1=attack-2/tip", "0.25=attack-2/tip"}));
    QVERIFY2(warnings.filter("1 circle written as a bounding-box polygon").size() == 1,
             qPrintable(warnings.join('\n')));
    QVERIFY(warnings.filter("points are not stored").isEmpty());
}

void TestSpineFormat::circlesBecomePolygonsWithinHalfAPixel() {
    for (double radius : {0.25, 6.0, 40.0, 1000.0}) {
        DocumentData data;
        Frame frame;
        frame.name = "f";
        frame.origin = QPointF(3, 4);
        frame.shapes << Shape::circle("c", {10, 7}, radius);
        data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
        const QJsonObject box = exportJson(data)
                                    .value("skins")[0]
                                    .toObject()
                                    .value("attachments")
                                    .toObject()
                                    .value("default")
                                    .toObject()
                                    .value("f/c")
                                    .toObject();
        const QList<QPointF> vertices = pairs(box.value("vertices").toArray());
        QCOMPARE(box.value("vertexCount").toInt(), vertices.size());
        QVERIFY(vertices.size() >= 8);
        const QPointF center(7, -3); // (10 - 3, 4 - 7)
        for (QPointF v : vertices)
            QVERIFY(std::abs(std::hypot(v.x() - center.x(), v.y() - center.y()) - radius) <= 0.5);
        // The edges too: the sagitta of every edge stays within 0.5 px.
        const double sagitta = radius * (1 - std::cos(M_PI / vertices.size()));
        QVERIFY2(sagitta <= 0.5, qPrintable(QString::number(sagitta)));
    }
}

// Issue 43: a capsule is a bounding-box polygon whose vertices lie on the capsule's outline and
// whose edges stay within 0.5 px of it, with a counted warning.
void TestSpineFormat::capsulesBecomePolygonsWithinHalfAPixel() {
    DocumentData data;
    Frame frame;
    frame.name = "f";
    frame.origin = QPointF(3, 4);
    const QPointF a(10, 7), b(50, 27);
    const double radius = 12;
    frame.shapes << Shape::capsule("k", a, b, radius);
    data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
    const QJsonObject box = exportJson(data)
                                .value("skins")[0]
                                .toObject()
                                .value("attachments")
                                .toObject()
                                .value("default")
                                .toObject()
                                .value("f/k")
                                .toObject();
    const QList<QPointF> vertices = pairs(box.value("vertices").toArray());
    QVERIFY2(vertices.size() >= 8, qPrintable(QString::number(vertices.size())));
    // Distance from a skeleton-space point to the core segment (skeleton: x - 3, 4 - y).
    const QPointF p(a.x() - 3, 4 - a.y()), q(b.x() - 3, 4 - b.y());
    auto toCore = [&](QPointF v) {
        const QPointF d = q - p;
        const double t =
            std::clamp(QPointF::dotProduct(v - p, d) / QPointF::dotProduct(d, d), 0.0, 1.0);
        const QPointF c = p + t * d;
        return std::hypot(v.x() - c.x(), v.y() - c.y());
    };
    for (int i = 0; i < vertices.size(); ++i) {
        QVERIFY(std::abs(toCore(vertices[i]) - radius) <= 0.5);
        // Sampled along each edge: never more than 0.5 px inside the outline, never outside.
        const QPointF v = vertices[i], w = vertices[(i + 1) % vertices.size()];
        for (int k = 1; k < 10; ++k) {
            const double r = toCore(v + (w - v) * (k / 10.0));
            QVERIFY2(r <= radius + 0.5 && r >= radius - 0.5, qPrintable(QString::number(r)));
        }
    }
    const WriteResult written = format("spine")->write(data, {}, {});
    QVERIFY(written.warnings.join(u'\n').contains(
        QStringLiteral("1 capsule written as a bounding-box polygon")));
}

void TestSpineFormat::keyTimesCarryNoFloatNoise() {
    // Runtimes keep key times as floats; each key is written as the shortest decimal that reads
    // back to the nearest float of the frame's start: the start in milliseconds as a decimal
    // ("0.1", "0.133"), never the double's noise ("0.09999999403953552"). Frames of 100 and
    // 33 ms (and 17 ms where a sprite has a third).
    DocumentData data = spineDocument();
    for (Sprite &sprite : data.sprites)
        for (qsizetype f = 0; f < sprite.frames.size(); ++f)
            sprite.frames[f].duration = QList<int>{100, 33, 17}[f % 3];
    const WriteResult written = format("spine")->write(data, {}, {});
    QVERIFY(written.isOk());
    const QRegularExpression time(QStringLiteral(R"("time": ([^,\s}]+))"));
    QStringList spellings;
    for (auto it = time.globalMatch(QString::fromUtf8(written.bytes)); it.hasNext();) {
        const QString spelled = it.next().captured(1);
        const double ms = std::round(spelled.toDouble() * 1000);
        QCOMPARE(spelled, QString::number(ms / 1000.0, 'g', QLocale::FloatingPointShortest));
        QCOMPARE(spelled.toFloat(), float(ms / 1000.0));
        spellings << spelled;
    }
    QVERIFY2(spellings.contains(QStringLiteral("0.1")), qPrintable(spellings.join(u' ')));
    QVERIFY2(spellings.contains(QStringLiteral("0.133")), qPrintable(spellings.join(u' ')));
}

void TestSpineFormat::roundTrip() {
    DocumentData data;
    Sprite sprite;
    sprite.name = "hero";
    Frame a;
    a.name = "idle";
    a.duration = 120;
    a.shapes << Shape::rect("torso", {10, -20}, {12, 30}, 0, "hurtbox")
             << Shape::rect("fist", {20, -25}, {6, 6}, 0, "hurtbox")
             << Shape::polygon("kick", {{0, 0}, {9.5, 0.25}, {4, -7}}, "hitbox")
             << Shape::point("hand", {21.5, -26}, "points");
    Frame b;
    b.name = "walk";
    b.duration = 80;
    b.shapes << Shape::point("hand", {1, 2}, "points");
    sprite.frames << a << b;
    data.sprites << sprite;
    const WriteResult written = format("spine")->write(data, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const ReadResult read = format("spine")->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join('\n')));
    const QString difference = documentDifference(byId(data), byId(*read.document), 0);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
    QCOMPARE(read.document->sprites[0].frameDuration(0), 120);
    QCOMPARE(read.document->sprites[0].frameDuration(1), 80);
    // Written again: the same bytes.
    QCOMPARE(format("spine")->write(*read.document, {}, {}).bytes, written.bytes);
}

void TestSpineFormat::severalSpritesRoundTrip() {
    DocumentData data = sampleDocument();
    // Without circles (they come back as polygons) and with a point per frame.
    for (Sprite &sprite : data.sprites) {
        for (Frame &frame : sprite.frames) {
            frame.origin.reset();
            frame.properties = {};
            for (Shape &shape : frame.shapes) {
                if (shape.type == ShapeType::Circle)
                    shape = Shape::polygon(shape.id, {{0, 0}, {4, 0}, {0, 4}}, shape.layer);
                shape.properties = {};
            }
            frame.shapes << Shape::point("spot", {3, 4}, "points");
        }
    }
    QVERIFY(data.sprites.size() > 1);
    const WriteResult written = format("spine")->write(data, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QVERIFY(written.bytes.contains(("\"" + data.sprites[1].name + "/").toUtf8()));
    const ReadResult read = format("spine")->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    const QString difference = documentDifference(byId(data), byId(*read.document), 1e-9, true);
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

void TestSpineFormat::otherProjectsBoxesGoThroughTheirBones() {
    const ReadResult read = format("spine")->read(kForeign, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(read.document->sprites.size(), 1);
    const Sprite &swing = read.document->sprites[0];
    QCOMPARE(swing.name, QString("swing"));
    QCOMPARE(swing.frames.size(), 2);
    QCOMPARE(swing.frameDuration(0), 200);
    QCOMPARE(swing.frameDuration(1), 300);
    // The bone turns (x, y) into (100 - y, 50 + x) in skeleton space; y down in the document.
    const Frame &first = swing.frames[0];
    QCOMPARE(first.shapes.size(), 1);
    QCOMPARE(first.shapes[0].layer, QString("hit"));
    QCOMPARE(first.shapes[0].id, QString("wide"));
    const QList<QPointF> expected{{100, -50}, {100, -60}, {95, -50}};
    for (int i = 0; i < 3; ++i)
        QVERIFY2(nearPoint(first.shapes[0].points[i], expected[i], 1e-9),
                 qPrintable(QString("%1 %2")
                                .arg(first.shapes[0].points[i].x())
                                .arg(first.shapes[0].points[i].y())));
    const Frame &second = swing.frames[1];
    QCOMPARE(second.shapes.size(), 2);
    QCOMPARE(second.shapes[0].id, QString("narrow"));
    QCOMPARE(second.shapes[1].type, ShapeType::Point);
    QCOMPARE(second.shapes[1].layer, QString("fx"));
    QVERIFY(nearPoint(second.shapes[1].center, {100, -54}, 1e-9));
    QVERIFY2(read.warnings.filter("moves bones").size() == 1, qPrintable(read.warnings.join('\n')));
}

void TestSpineFormat::boxesNoAnimationShowsAreNamed() {
    // spineboy's layout (hand-written, see tests/data/third-party/SOURCES.md): head-bb's slot has
    // no setup attachment and no animation keys it, so Spine never shows the box; it is not
    // imported, and one counted warning says so (it was dropped without a word).
    const ReadResult read = format("spine")->read(
        readBytes(testData(QStringLiteral("formats/spine_setup_only_bb.json"))), {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(read.document->sprites.size(), 1);
    const Frame &frame = read.document->sprites[0].frames.value(0);
    // The setup pose's body box (hip at y 40): corners (-10, 0) to (10, 60) in skeleton space.
    QCOMPARE(frame.shapes.size(), 1);
    QCOMPARE(frame.shapes[0].id, QString("body"));
    const QStringList unshown = read.warnings.filter("no slot shows in the setup pose");
    QCOMPARE(unshown.size(), 1);
    QVERIFY2(unshown[0].startsWith("2 bounding boxes or points"), qPrintable(unshown[0]));
    QVERIFY(unshown[0].contains("slot \"head-bb\" attachment \"head\""));
    QVERIFY(unshown[0].contains("slot \"muzzle\" attachment \"muzzle\""));
    QVERIFY(!unshown[0].contains("body"));
}

void TestSpineFormat::weightedAndDeformedBoxesAreRefusedByName() {
    QByteArray weighted = kForeign;
    weighted.replace(
        R"("vertexCount": 3, "vertices": [0, 0, 2, 0, 0, 5])",
        R"("vertexCount": 3, "vertices": [1, 1, 0, 0, 1, 1, 1, 2, 0, 1, 1, 1, 0, 5, 1])");
    const ReadResult a = format("spine")->read(weighted, {});
    QVERIFY(!a.isOk());
    QVERIFY2(a.error.contains("\"narrow\"") && a.error.contains("weighted"), qPrintable(a.error));
    QByteArray deformed = kForeign;
    deformed.replace(
        R"("bones": {"arm")",
        R"("attachments": {"default": {"hit": {"wide": {"deform": [{"time": 0}]}}}}, "bones": {"arm")");
    const ReadResult b = format("spine")->read(deformed, {});
    QVERIFY(!b.isOk());
    QVERIFY2(b.error.contains("\"wide\"") && b.error.contains("deformed") &&
                 b.error.contains("\"swing\""),
             qPrintable(b.error));
}

void TestSpineFormat::boxesWithoutVertexCountAreSpine2s() {
    // Spine 1.x and 2.x wrote a box as its vertices alone (spineboy 2.1.03 in spine-runtimes;
    // their runtimes up to 3.1 read nothing else): the same boxes as with the count.
    QByteArray old = kForeign;
    QCOMPARE(old.count(R"("vertexCount": 3, )"), 2);
    old.replace(R"("vertexCount": 3, )", "");
    const ReadResult a = format("spine")->read(kForeign, {});
    const ReadResult b = format("spine")->read(old, {});
    QVERIFY2(b.isOk(), qPrintable(b.error));
    QVERIFY(*a.document == *b.document);
    QCOMPARE(b.document->sprites[0].frames[1].shapes[0].points.size(), 3);
    QByteArray odd = old;
    odd.replace("[0, 0, 2, 0, 0, 5]", "[0, 0, 2, 0, 0]");
    const ReadResult c = format("spine")->read(odd, {});
    QVERIFY(!c.isOk());
    QVERIFY2(c.error.contains("\"narrow\"") && c.error.contains("odd number"), qPrintable(c.error));
}

void TestSpineFormat::bonesNotInheritingNormallyAreNamed_data() {
    // The three spellings Spine has used for a bone that ignores part of its parent's transform:
    // boxes on it are read as if it inherited normally, and a warning names the bone.
    QTest::addColumn<QByteArray>("key");
    QTest::newRow("4.2 inherit") << QByteArray(R"("inherit": "onlyTranslation")");
    QTest::newRow("3.5-4.1 transform") << QByteArray(R"("transform": "noScale")");
    QTest::newRow("before 3.5 inheritRotation") << QByteArray(R"("inheritRotation": false)");
    QTest::newRow("before 3.5 inheritScale") << QByteArray(R"("inheritScale": false)");
}

void TestSpineFormat::bonesNotInheritingNormallyAreNamed() {
    QFETCH(QByteArray, key);
    QByteArray skeleton = kForeign;
    const QByteArray arm = R"({"name": "arm", "parent": "root",)";
    QVERIFY(skeleton.contains(arm));
    skeleton.replace(arm, arm.left(arm.size() - 1) + ", " + key + ",");
    const ReadResult read = format("spine")->read(skeleton, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(read.warnings.filter(QStringLiteral("bone \"arm\" does not inherit")).size(), 1);
    const ReadResult normal = format("spine")->read(kForeign, {});
    QVERIFY(normal.warnings.filter(QStringLiteral("does not inherit")).isEmpty());
}

void TestSpineFormat::malformedInputSaysWhat() {
    const FileFormat *spine = format("spine");
    QVERIFY2(spine->read("[]", {}).error.contains("Spine skeleton"),
             qPrintable(spine->read("[]", {}).error));
    QVERIFY(spine->read(R"({"skeleton": {}})", {}).error.contains("no \"bones\""));
    QByteArray badSlot = kForeign;
    badSlot.replace(R"("fx": {"attachment")", R"("nope": {"attachment")");
    QVERIFY2(spine->read(badSlot, {}).error.contains("animations.swing.slots.nope: names no slot"),
             qPrintable(spine->read(badSlot, {}).error));
    QByteArray badTime = kForeign;
    badTime.replace(R"({"time": 0.2, "name": "narrow"})", R"({"time": "soon", "name": "narrow"})");
    QVERIFY2(spine->read(badTime, {}).error.contains("time"),
             qPrintable(spine->read(badTime, {}).error));
    QByteArray noAnimations = kForeign;
    noAnimations.replace(R"("animations")", R"("unused")");
    QVERIFY2(spine->read(noAnimations, {}).error.contains("no animations"),
             qPrintable(spine->read(noAnimations, {}).error));
    checkTruncationsNeverHalfLoad(spine, kForeign);
    checkTruncationsNeverHalfLoad(spine, format("spine")->write(spineDocument(), {}, {}).bytes);
}

void TestSpineFormat::snifferKnowsSpine() {
    QCOMPARE(guessReadFormat("x.json", kForeign), format("spine"));
    QCOMPARE(guessReadFormat("x.json", format("spine")->write(spineDocument(), {}, {}).bytes),
             format("spine"));
    QVERIFY(FormatRegistry::instance().byName("spine")->capabilities() & FileFormat::CanWrite);
}

void TestSpineFormat::spineCoreFindsTheDocumentsShapes_data() {
    QTest::addColumn<QString>("document");
    QTest::newRow("every kind") << QString();
    QTest::newRow("knight")
        << QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("examples/knight.json"));
}

/// The real consumer: spine-core's SkeletonJson loads the export, every animation is played to
/// each frame's start time, and the visible bounding boxes (SkeletonBounds) and points (world
/// positions) must be exactly the frame's shapes in skeleton space, moved by the frame's root
/// position (root motion), within 1e-3.
void TestSpineFormat::spineCoreFindsTheDocumentsShapes() {
    QFETCH(QString, document);
    const QString binDir = env("HITSMITH_BIN_DIR");
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString npm = QStandardPaths::findExecutable(QStringLiteral("npm"));
    if (binDir.isEmpty() || node.isEmpty() || npm.isEmpty())
        HITSMITH_SKIP_OR_FAIL("HITSMITH_BIN_DIR unset (run through ctest) or node/npm missing "
                              "(Debian 'nodejs', 'npm'): spine-core comparison not run");
    const QString prefix = QDir(binDir).absoluteFilePath(QStringLiteral("../node"));
    const QString modules = QDir(prefix).filePath(QStringLiteral("node_modules"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("NODE_PATH"), modules);
    QByteArray out;
    if (!QFileInfo::exists(modules +
                           QStringLiteral("/@esotericsoftware/spine-core/package.json"))) {
        const QString error = runProcess(
            npm,
            {QStringLiteral("install"), QStringLiteral("--prefix"), prefix,
             QStringLiteral("@esotericsoftware/spine-core@4.2.119"), QStringLiteral("--no-audit"),
             QStringLiteral("--no-fund"), QStringLiteral("--no-save")},
            environment, &out, 300000);
        QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("installing spine-core: ") + error));
    }
    DocumentData data = spineDocument();
    if (!document.isEmpty()) {
        const ReadResult loaded = loadDocumentFile(document);
        QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
        data = *loaded.document;
    }
    const WriteResult exported = format("spine")->write(data, {}, {});
    QVERIFY2(exported.isOk(), qPrintable(exported.error));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString exportPath = dir.filePath(QStringLiteral("skeleton.json"));
    const QString timesPath = dir.filePath(QStringLiteral("times.json"));
    QString error;
    QVERIFY(writeFileAtomically(exportPath, exported.bytes, &error));
    QJsonObject times;
    for (const Sprite &sprite : data.sprites) {
        QJsonArray starts;
        qint64 ms = 0;
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            // Half a millisecond into each frame: a game's clock never stops exactly on a key,
            // and a key is a float (0.1 s is keyed ~1.5e-9 s late, as in Spine's own editor).
            starts.append((double(ms) + 0.5) / 1000.0);
            ms += sprite.frameDuration(f);
        }
        times.insert(sprite.name, starts);
    }
    QVERIFY(writeFileAtomically(timesPath, QJsonDocument(times).toJson(), &error));
    const QString script =
        QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("tests/formats/spine_shapes.mjs"));
    error = runProcess(node, {script, exportPath, timesPath}, environment, &out, 60000);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QJsonObject answer = QJsonDocument::fromJson(out).object();
    QCOMPARE(answer.value("spine").toString(), QString("4.2"));
    const QJsonObject animations = answer.value("animations").toObject();
    QCOMPARE(animations.size(), data.sprites.size());
    int compared = 0;
    for (const Sprite &sprite : data.sprites) {
        const QJsonObject animation = animations.value(sprite.name).toObject();
        QVERIFY2(std::abs(animation.value("duration").toDouble() -
                          sprite.totalDuration() / 1000.0) < 1e-6, // a 32-bit float
                 qPrintable(sprite.name));
        const QJsonArray frames = animation.value("frames").toArray();
        QCOMPARE(frames.size(), sprite.frames.size());
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            const Frame &frame = sprite.frames[f];
            const QPointF o = frame.origin.value_or(QPointF());
            // Root motion moves the root bone, and every box and point with it, to the frame's
            // root position (y up in skeleton space).
            const QPointF root = sprite.rootPosition(f);
            const auto toSkeleton = [&](QPointF p) {
                return QPointF(p.x() - o.x() + root.x(), o.y() - p.y() - root.y());
            };
            const QString prefix = data.sprites.size() > 1 ? sprite.name + u'/' + frame.name + u'/'
                                                           : frame.name + u'/';
            QHash<QString, QJsonObject> boxes, points;
            for (const QJsonValue &box : frames[f].toObject().value("boxes").toArray())
                boxes.insert(box.toObject().value("name").toString(), box.toObject());
            for (const QJsonValue &point : frames[f].toObject().value("points").toArray())
                points.insert(point.toObject().value("name").toString(), point.toObject());
            qsizetype expectedBoxes = 0, expectedPoints = 0;
            for (const Shape &shape : frame.shapes) {
                const QString where = sprite.name + u'/' + frame.name + u'/' + shape.id;
                const QString name = prefix + shape.id;
                if (shape.type == ShapeType::Point) {
                    ++expectedPoints;
                    QVERIFY2(points.contains(name), qPrintable(where + " not seen by spine-core"));
                    const QJsonObject p = points.value(name);
                    QCOMPARE(p.value("slot").toString().section(u'#', 0, 0), shape.layer);
                    QVERIFY2(nearPoint(QPointF(p.value("x").toDouble(), p.value("y").toDouble()),
                                       toSkeleton(shape.center), 1e-3),
                             qPrintable(where));
                    ++compared;
                    continue;
                }
                if (!isCollidable(shape))
                    continue;
                ++expectedBoxes;
                QVERIFY2(boxes.contains(name), qPrintable(where + " not seen by spine-core"));
                const QJsonObject box = boxes.value(name);
                QCOMPARE(box.value("slot").toString().section(u'#', 0, 0), shape.layer);
                const QList<QPointF> seen = pairs(box.value("vertices").toArray());
                if (shape.type == ShapeType::Circle) {
                    QVERIFY(seen.size() >= 8);
                    for (QPointF v : seen) {
                        const QPointF d = v - toSkeleton(shape.center);
                        QVERIFY2(std::abs(std::hypot(d.x(), d.y()) - shape.radius) <= 0.5,
                                 qPrintable(where));
                    }
                } else {
                    const QList<QPointF> outline =
                        shape.type == ShapeType::Polygon ? shape.points : shape.outline().toList();
                    QCOMPARE(seen.size(), outline.size());
                    for (qsizetype i = 0; i < outline.size(); ++i)
                        QVERIFY2(nearPoint(seen[i], toSkeleton(outline[i]), 1e-3),
                                 qPrintable(QString("%1 vertex %2: (%3, %4)")
                                                .arg(where)
                                                .arg(i)
                                                .arg(seen[i].x())
                                                .arg(seen[i].y())));
                }
                ++compared;
            }
            // Nothing more is visible than the frame's own shapes.
            QCOMPARE(boxes.size(), expectedBoxes);
            QCOMPARE(points.size(), expectedPoints);
        }
    }
    QVERIFY(compared > 0);
}

QTEST_GUILESS_MAIN(TestSpineFormat)
#include "tst_formats_spine.moc"
