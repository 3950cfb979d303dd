// One file on purpose (over 700 lines): one table of malformed inputs and the round-trip
// oracle serve every function; the fast reader has its own program (tst_model_fastreader).
// The native file format: every malformed-input class gets a clear, located message and no
// document; every field (unknown ones included) survives a round trip byte for byte; saving is
// atomic.

#include "fileio.h"
#include "hitsmithformat.h"
#include "jsonsupport.h"
#include "sharednames.h"

#include <QCborValue>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace hitsmith;

Q_DECLARE_METATYPE(hitsmith::Shape)

namespace {

QByteArray minimal(const QByteArray &sprites = "[]", const QByteArray &more = {}) {
    return "{\"format\": \"hitsmith\", \"version\": 1" + more + ", \"sprites\": " + sprites + "}";
}

QByteArray withShape(const QByteArray &shape) {
    return minimal(R"([{"name": "knight", "frames": [{"name": "f", "shapes": [)" + shape + "]}]}]");
}

QString sourceDir() {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR");
}

} // namespace

class TestFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void malformedInput_data();
    void malformedInput();
    void readsEveryField();
    void coloursKeepWhatASaveWrites();
    void readsEveryShapeSpelling_data();
    void readsEveryShapeSpelling();
    void unknownFieldsSurviveARoundTrip();
    void readsDurationsPropertiesAndFlip();
    void largePropertyNumbersKeepEveryDigit();
    void motionRoundTripsAndAccumulates();
    void olderFilesWithoutTheNewFieldsLoad();
    void saveLoadSaveIsByteIdentical();
    void bundledExampleIsInCanonicalForm();
    void utf8BomIsAccepted();
    void missingAndHugeFilesAreRefused();
    void imagePathsAbsoluteInMemoryRelativeInFiles();
    void isSameFileAndHoldsHitsmithDocument();
    void failedSaveLeavesTheOldFile();
    void stringsAreEscapedExactlyAsQtJsonDoes();
    void byteOrderMarksInsideTextAreKept();
    void layerNamesAreSharedOnRead();
    void sharingNamesCopiesNothingAlreadyShared();
};

void TestFormat::malformedInput_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");

    QTest::newRow("empty") << QByteArray() << "file is empty";
    QTest::newRow("only whitespace") << QByteArray("  \n\t ") << "file is empty";
    QTest::newRow("not JSON") << QByteArray("hello") << "line 1, column 1: illegal value";
    QTest::newRow("syntax error on line 3")
        << QByteArray("{\n  \"format\": \"hitsmith\",\n  \"version\" 1\n}")
        << "line 3, column 13: missing name separator";
    QTest::newRow("truncated")
        << minimal().left(30)
        << "line 1, column 31: unterminated string (the file ends too early: truncated?)";
    QTest::newRow("truncated after a value")
        << minimal().left(36)
        << "line 1, column 36: unterminated object (the file ends too early: truncated?)";
    QTest::newRow("binary with NUL bytes")
        << QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)
        << "not a text file (it contains NUL bytes); expected JSON";
    QTest::newRow("top-level array")
        << QByteArray("[1, 2]") << "expected a JSON object at the top level";
    QTest::newRow("not a hitsmith document")
        << QByteArray(R"({"version": 1, "sprites": []})")
        << "not a Hitsmith document (it lacks \"format\": \"hitsmith\")";
    QTest::newRow("newer version")
        << QByteArray(R"({"format": "hitsmith", "version": 2, "sprites": []})")
        << "version: version 2 is newer than this build of Hitsmith reads (up to 1); please "
           "update Hitsmith";
    QTest::newRow("version is text")
        << QByteArray(R"({"format": "hitsmith", "version": "1", "sprites": []})")
        << "version: must be a number";
    QTest::newRow("fractional version")
        << QByteArray(R"({"format": "hitsmith", "version": 1.5, "sprites": []})")
        << "version: must be a whole number";
    QTest::newRow("sprites missing") << QByteArray(R"({"format": "hitsmith", "version": 1})")
                                     << "sprites: is missing (must be an array)";
    QTest::newRow("frame name not a string")
        << minimal(R"([{"name": "k", "frames": [{"name": 3}]}])")
        << "sprites[0].frames[0].name: must be a string";
    QTest::newRow("radius is text")
        << withShape(R"({"id": "head", "type": "circle", "center": [1, 2], "radius": "7"})")
        << "sprites[0].frames[0].shapes[0].radius: must be a number";
    QTest::newRow("radius missing")
        << withShape(R"({"id": "head", "type": "circle", "center": [1, 2]})")
        << "sprites[0].frames[0].shapes[0].radius: is missing (must be a number)";
    QTest::newRow("huge number overflows to infinity")
        << withShape(R"({"id": "head", "type": "circle", "center": [1e999, 2], "radius": 1})")
        << "line 1, column 153: illegal number";
    QTest::newRow("point with three numbers")
        << withShape(R"({"id": "p", "type": "polygon", "points": [[0,0],[1,0,3],[0,1]]})")
        << "sprites[0].frames[0].shapes[0].points[1]: must be a pair of numbers [x, y]";
    QTest::newRow("unknown shape type")
        << withShape(R"({"id": "c", "type": "ellipse"})")
        << "sprites[0].frames[0].shapes[0].type: unknown shape type \"ellipse\" (expected "
           "polygon, rect, circle, capsule or point)";
    QTest::newRow("capsule without ends")
        << withShape(R"({"id": "c", "type": "capsule", "radius": 2})")
        << "sprites[0].frames[0].shapes[0].ends: is missing (must be an array)";
    QTest::newRow("source of three numbers")
        << minimal(R"([{"name": "k", "frames": [{"name": "f", "source": [0, 0, 64]}]}])")
        << "sprites[0].frames[0].source: must be [x, y, width, height]";
    QTest::newRow("property that is an array")
        << withShape(R"({"id": "c", "type": "circle", "center": [0, 0], "radius": 1, )"
                     R"("properties": {"damage": 12, "tags": ["a"]}})")
        << "sprites[0].frames[0].shapes[0].properties.tags: a property must be a number, a "
           "string or true/false";
    QTest::newRow("property that is null")
        << minimal(R"([{"name": "k", "frames": [{"name": "f", "properties": {"x": null}}]}])")
        << "sprites[0].frames[0].properties.x: a property must be a number, a string or "
           "true/false";
    QTest::newRow("properties not an object")
        << minimal(R"([{"name": "k", "frames": [{"name": "f", "properties": [1]}]}])")
        << "sprites[0].frames[0].properties: must be an object";
    QTest::newRow("duration zero")
        << minimal(R"([{"name": "k", "frames": [{"name": "f", "duration": 0}]}])")
        << "sprites[0].frames[0].duration: must be a whole number of milliseconds greater than 0";
    QTest::newRow("duration fractional")
        << minimal(R"([{"name": "k", "frames": [{"name": "f", "duration": 16.7}]}])")
        << "sprites[0].frames[0].duration: must be a whole number";
    QTest::newRow("sprite duration negative")
        << minimal(R"([{"name": "k", "duration": -5, "frames": []}])")
        << "sprites[0].duration: must be a whole number of milliseconds greater than 0";
    QTest::newRow("unknown flip")
        << minimal(R"([{"name": "k", "flip": "sideways", "frames": []}])")
        << "sprites[0].flip: must be \"horizontal\", \"vertical\" or \"both\"";
    QTest::newRow("collide pair of one")
        << minimal("[]", R"(, "collide": [["hitbox"]])")
        << "collide[0]: must be a pair of layer names [\"a\", \"b\"]";
    QTest::newRow("motion is not a pair")
        << minimal(R"([{"name": "k", "frames": [{"name": "a", "motion": [1]}]}])")
        << "sprites[0].frames[0].motion: must be a pair of numbers [x, y]";
    QTest::newRow("motion is text")
        << minimal(
               R"([{"name": "k", "frames": [{"name": "a"}, {"name": "b", "motion": [1, "2"]}]}])")
        << "sprites[0].frames[1].motion[1]: must be a number";
    QTest::newRow("motion is null") // JSON holds no infinity; validation checks set values
        << minimal(R"([{"name": "k", "frames": [{"name": "a", "motion": [null, 0]}]}])")
        << "sprites[0].frames[0].motion[0]: must be a number";
    QTest::newRow("bad layer colour")
        << minimal("[]", R"(, "layers": [{"name": "hitbox", "color": "reddish"}])")
        << "layers[0].color: must be a colour such as \"#e04040\"";
}

void TestFormat::malformedInput() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    const ReadResult result = HitsmithFormat::parse(bytes);
    QVERIFY(!result.isOk());
    QCOMPARE(result.error, error);
}

void TestFormat::readsEveryField() {
    const QByteArray text = R"({
  "format": "hitsmith", "version": 1,
  "collide": [["hitbox", "hurtbox"]],
  "layers": [{"name": "hitbox", "color": "#ff0000", "visible": false}],
  "sprites": [{"name": "knight", "image": "knight.png", "frames": [
    {"name": "attack-2", "source": [64, 0, 64, 64], "origin": [32, 60], "shapes": [
      {"id": "body", "layer": "hurtbox", "type": "polygon", "points": [[20,10],[44,10],[40,60],[24,60]]},
      {"id": "blade", "layer": "hitbox", "type": "rect", "center": [52,30], "size": [20,6], "angle": -15},
      {"id": "head", "type": "circle", "center": [32,8], "radius": 7}
    ]}]}]
})";
    const ReadResult result = HitsmithFormat::parse(text);
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const DocumentData &d = *result.document;
    QVERIFY(d.collide.has_value());
    QCOMPARE(d.collide->size(), 1);
    QCOMPARE(d.collide->at(0), (LayerPair{"hitbox", "hurtbox"}));
    QCOMPARE(d.layers.size(), 1);
    QCOMPARE(d.layers[0].color, QColor(255, 0, 0));
    QCOMPARE(d.layers[0].visible, false);
    const Sprite &sprite = d.sprites.at(0);
    QCOMPARE(sprite.image, QStringLiteral("knight.png"));
    const Frame &frame = sprite.frames.at(0);
    QCOMPARE(*frame.source, QRectF(64, 0, 64, 64));
    QCOMPARE(*frame.origin, QPointF(32, 60));
    QCOMPARE(frame.shapes.size(), 3);
    QCOMPARE(frame.shapes[0].type, ShapeType::Polygon);
    QCOMPARE(frame.shapes[0].points.size(), 4);
    QCOMPARE(frame.shapes[0].points[2], QPointF(40, 60));
    QCOMPARE(frame.shapes[1].type, ShapeType::Rect);
    QCOMPARE(frame.shapes[1].center, QPointF(52, 30));
    QCOMPARE(frame.shapes[1].size, QSizeF(20, 6));
    QCOMPARE(frame.shapes[1].angle, -15.0);
    QCOMPARE(frame.shapes[2].type, ShapeType::Circle);
    QCOMPARE(frame.shapes[2].radius, 7.0);
    QCOMPARE(frame.shapes[2].layer, QStringLiteral("default"));
    QVERIFY(frame.shapes[2].extra.isEmpty());

    // Without "collide" every pair collides.
    const ReadResult noMatrix = HitsmithFormat::parse(minimal());
    QVERIFY(noMatrix.isOk());
    QVERIFY(!noMatrix.document->collide.has_value());
    QVERIFY(noMatrix.document->layersCollide("a", "b"));
}

// Found by fuzzing: "#rrrgggbbb" (12 bits a channel) was kept at full precision but saved at 8
// bits, so saving and reopening changed the document.
void TestFormat::coloursKeepWhatASaveWrites() {
    for (const char *spelling : {"#3e80099db", "#3e8000999dbb", "#3e099d", "#803e099d", "red"}) {
        const ReadResult first = HitsmithFormat::parse(
            minimal("[]", QByteArray(R"(, "layers": [{"name": "hitbox", "color": ")") + spelling +
                              R"("}])"));
        QVERIFY2(first.isOk(), qPrintable(first.error));
        const ReadResult again = HitsmithFormat::parse(HitsmithFormat::serialize(*first.document));
        QVERIFY2(again.isOk(), qPrintable(again.error));
        QCOMPARE(again.document->layers.at(0).color, first.document->layers.at(0).color);
    }
    const ReadResult wide = HitsmithFormat::parse(
        minimal("[]", R"(, "layers": [{"name": "hitbox", "color": "#3e80099db"}])"));
    QVERIFY2(wide.isOk(), qPrintable(wide.error));
    QCOMPARE(wide.document->layers.at(0).color, QColor(0x3e, 0x01, 0x9d));
}

void TestFormat::readsEveryShapeSpelling_data() {
    // Shapes are read on a quick path when they hold only well-formed known fields, and by the
    // full reader otherwise: both must give the same shape for every spelling.
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<Shape>("expected");
    const Shape polygon = Shape::polygon("p", {{0, 0}, {10.5, 0}, {10, 1e-3}});
    QTest::newRow("polygon")
        << QByteArray(
               R"({"id": "p", "type": "polygon", "points": [[0, 0], [10.5, 0], [10, 0.001]]})")
        << polygon;
    Shape onLayer = polygon;
    onLayer.layer = "hurtbox";
    QTest::newRow("polygon on a layer")
        << QByteArray(
               R"({"type": "polygon", "layer": "hurtbox", "id": "p", "points": [[0, 0], [10.5, 0], [10, 1e-3]]})")
        << onLayer;
    QTest::newRow("null layer is the default layer")
        << QByteArray(
               R"({"id": "p", "layer": null, "type": "polygon", "points": [[0, 0], [10.5, 0], [10, 1e-3]]})")
        << polygon;
    QTest::newRow("two-point polygon is read (validation refuses it)")
        << QByteArray(R"({"id": "p", "type": "polygon", "points": [[0, 0], [1, 1]]})")
        << Shape::polygon("p", {{0, 0}, {1, 1}});
    QTest::newRow("empty points") << QByteArray(R"({"id": "p", "type": "polygon", "points": []})")
                                  << Shape::polygon("p", {});
    QTest::newRow("rect")
        << QByteArray(
               R"({"id": "r", "type": "rect", "center": [1, 2], "size": [3, 4], "angle": -15})")
        << Shape::rect("r", {1, 2}, {3, 4}, -15);
    QTest::newRow("rect without angle")
        << QByteArray(R"({"id": "r", "type": "rect", "center": [1, 2], "size": [3, 4]})")
        << Shape::rect("r", {1, 2}, {3, 4});
    QTest::newRow("rect with null angle")
        << QByteArray(
               R"({"id": "r", "type": "rect", "center": [1, 2], "size": [3, 4], "angle": null})")
        << Shape::rect("r", {1, 2}, {3, 4});
    QTest::newRow("circle")
        << QByteArray(
               R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 5, "layer": "hitbox"})")
        << Shape::circle("c", {1, 2}, 5, "hitbox");
    Shape withExtra = Shape::circle("c", {1, 2}, 5);
    withExtra.extra.insert("glow", true);
    withExtra.extra.insert("angle", 30); // not a circle's field: kept as unknown
    QTest::newRow("circle with unknown fields")
        << QByteArray(
               R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 5, "glow": true, "angle": 30})")
        << withExtra;
    Shape withProperties = Shape::rect("r", {1, 2}, {3, 4});
    withProperties.properties.insert("damage", 12);
    QTest::newRow("rect with properties")
        << QByteArray(
               R"({"id": "r", "type": "rect", "center": [1, 2], "size": [3, 4], "properties": {"damage": 12}})")
        << withProperties;
}

void TestFormat::readsEveryShapeSpelling() {
    QFETCH(QByteArray, json);
    QFETCH(Shape, expected);
    const ReadResult result = HitsmithFormat::parse(withShape(json));
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Shape &shape = result.document->sprites[0].frames[0].shapes.at(0);
    QCOMPARE(shape.id, expected.id);
    QCOMPARE(shape.layer, expected.layer);
    QCOMPARE(shape.type, expected.type);
    QCOMPARE(shape.points, expected.points);
    QCOMPARE(shape.extra, expected.extra);
    QCOMPARE(shape.properties, expected.properties);
    QVERIFY(shape == expected);
}

void TestFormat::unknownFieldsSurviveARoundTrip() {
    const QByteArray text = R"({"format": "hitsmith", "version": 1, "futureTop": {"x": [1, 2]},
  "layers": [{"name": "hitbox", "glow": true}],
  "sprites": [{"name": "k", "fps": 12, "frames": [{"name": "f", "hold": 100, "shapes": [
    {"id": "a", "type": "circle", "center": [0, 0], "radius": 1, "material": "steel", "tags": ["x"]},
    {"id": "b", "type": "circle", "center": [0, 0], "radius": 1, "angle": 45},
    {"id": "c", "type": "polygon", "points": [[0, 0], [1, 0], [0, 1]], "radius": 3, "center": [9, 9]}]}]}]})";
    const ReadResult first = HitsmithFormat::parse(text);
    QVERIFY2(first.isOk(), qPrintable(first.error));
    QCOMPARE(first.document->extra.value("futureTop").toObject().value("x").toArray().size(), 2);
    const Shape &shape = first.document->sprites[0].frames[0].shapes[0];
    QCOMPARE(shape.extra.value("material").toString(), QStringLiteral("steel"));
    QCOMPARE(first.document->sprites[0].extra.value("fps").toInt(), 12);
    QCOMPARE(first.document->sprites[0].frames[0].extra.value("hold").toInt(), 100);
    QCOMPARE(first.document->layers[0].extra.value("glow").toBool(), true);

    // Fields of another shape type are unknown to this one, and kept too.
    QCOMPARE(first.document->sprites[0].frames[0].shapes[1].extra.value("angle").toInt(), 45);
    QCOMPARE(first.document->sprites[0].frames[0].shapes[2].extra.value("radius").toInt(), 3);
    const QByteArray saved = HitsmithFormat::serialize(*first.document);
    QVERIFY(saved.contains(R"("radius": 1, "angle": 45})"));
    QVERIFY(saved.contains(R"("center": [9,9], "radius": 3})"));
    QVERIFY(saved.contains(R"("material": "steel")"));
    QVERIFY(saved.contains(R"("futureTop": {"x":[1,2]})"));
    const ReadResult second = HitsmithFormat::parse(saved);
    QVERIFY(second.isOk());
    QCOMPARE(*second.document, *first.document);
}

void TestFormat::readsDurationsPropertiesAndFlip() {
    const QByteArray text = R"({"format": "hitsmith", "version": 1, "sprites": [
  {"name": "k", "flip": "horizontal", "duration": 80, "frames": [
    {"name": "a", "duration": 120, "properties": {"phase": "active", "cancel": true}, "shapes": [
      {"id": "blade", "type": "circle", "center": [1, 2], "radius": 3, "properties": {"zeta": 1, "damage": 12.5, "element": "fire", "launch": false}}]},
    {"name": "b"}]}]})";
    const ReadResult result = HitsmithFormat::parse(text);
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Sprite &sprite = result.document->sprites[0];
    QCOMPARE(sprite.flip, ImageFlip::Horizontal);
    QCOMPARE(sprite.duration, std::optional<int>(80));
    QCOMPARE(sprite.frames[0].duration, std::optional<int>(120));
    QCOMPARE(sprite.frames[1].duration, std::optional<int>());
    QCOMPARE(sprite.frameDuration(0), 120);
    QCOMPARE(sprite.frameDuration(1), 80); // the sprite's default
    QCOMPARE(sprite.totalDuration(), 200);
    QCOMPARE(sprite.frames[0].properties.value("phase").toString(), QStringLiteral("active"));
    QCOMPARE(sprite.frames[0].properties.value("cancel").toBool(), true);
    const Shape &blade = sprite.frames[0].shapes[0];
    QCOMPARE(blade.properties.value("damage").toDouble(), 12.5);
    QCOMPARE(blade.properties.value("launch"), QJsonValue(false));
    QVERIFY(blade.extra.isEmpty()); // properties are a known field, not an unknown one

    // Written in key order on the shape's line, after the geometry.
    const QByteArray saved = HitsmithFormat::serialize(*result.document);
    QVERIFY(saved.contains(
        R"("radius": 3, "properties": {"damage": 12.5, "element": "fire", "launch": false, "zeta": 1}})"));
    QVERIFY(saved.contains(R"("name": "k",
      "image")") == false);
    QVERIFY(saved.contains(R"("flip": "horizontal",
      "duration": 80,)"));
    QVERIFY(saved.contains(R"("duration": 120,
          "properties": {"cancel": true, "phase": "active"},)"));
    const ReadResult again = HitsmithFormat::parse(saved);
    QVERIFY(again.isOk());
    QCOMPARE(*again.document, *result.document);
    QCOMPARE(HitsmithFormat::serialize(*again.document), saved);
}

void TestFormat::largePropertyNumbersKeepEveryDigit() {
    // A 64-bit id in a property: read as Qt reads it (a whole number that fits 64 bits is an
    // integer) and written back digit for digit, where a double's shortest text (...200) once
    // changed it. A number past 64 bits, or with a fraction, stays a double.
    const QByteArray text = R"({"format": "hitsmith", "version": 1, "sprites": [
  {"name": "k", "frames": [
    {"name": "a", "properties": {"uid": 1111111111111111111, "low": -9223372036854775808}, "shapes": [
      {"id": "b", "type": "circle", "center": [1, 2], "radius": 3, "properties": {"huge": 1e300, "half": 0.5, "max": 9223372036854775807}}]}]}]})";
    for (const bool quickly : {false, true}) {
        std::optional<DocumentData> document;
        if (quickly) {
            document = HitsmithFormat::readQuickly(text, {});
        } else {
            ReadResult read = HitsmithFormat::parse(text);
            QVERIFY2(read.isOk(), qPrintable(read.error));
            document = std::move(read.document);
        }
        QVERIFY(document);
        const QByteArray saved = HitsmithFormat::serialize(*document);
        QVERIFY2(saved.contains(
                     R"("properties": {"low": -9223372036854775808, "uid": 1111111111111111111},)"),
                 saved.constData());
        QVERIFY2(saved.contains(
                     R"("properties": {"half": 0.5, "huge": 1e+300, "max": 9223372036854775807}})"),
                 saved.constData());
        const ReadResult again = HitsmithFormat::parse(saved);
        QVERIFY(again.isOk());
        QCOMPARE(*again.document, *document);
    }
    // An edit's number goes in as a read gives it back: 2^60 typed as a double is an integer.
    QCOMPARE(propertyNumber(1152921504606846976.0), QJsonValue(qint64(1152921504606846976)));
    QVERIFY(QCborValue::fromJsonValue(propertyNumber(1152921504606846976.0)).isInteger());
    QVERIFY(!QCborValue::fromJsonValue(propertyNumber(0.5)).isInteger());
    QVERIFY(!QCborValue::fromJsonValue(propertyNumber(0x1p63)).isInteger()); // past 64 bits
}

void TestFormat::motionRoundTripsAndAccumulates() {
    const QByteArray text = R"({"format": "hitsmith", "version": 1, "sprites": [
  {"name": "k", "frames": [
    {"name": "a", "motion": [0.1, -2]},
    {"name": "b"},
    {"name": "c", "motion": [12.5, 0], "shapes": []}]}]})";
    const ReadResult result = HitsmithFormat::parse(text);
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Sprite &sprite = result.document->sprites[0];
    QCOMPARE(sprite.frames[0].motion.x(), 0.1);
    QCOMPARE(sprite.frames[0].motion.y(), -2.0);
    QCOMPARE(sprite.frames[1].motion.x(), 0.0);
    QVERIFY(sprite.frames[0].extra.isEmpty()); // a known field, not an unknown one
    QCOMPARE(sprite.rootPosition(0).x(), 0.1);
    QCOMPARE(sprite.rootPosition(1).y(), -2.0);
    QCOMPARE(sprite.rootPosition(2).x(), 12.6);
    QCOMPARE(sprite.rootPosition(2).y(), -2.0);

    // Written after the duration; no motion, no key.
    const QByteArray saved = HitsmithFormat::serialize(*result.document);
    QVERIFY2(saved.contains(R"("motion": [0.1, -2],)"), saved.constData());
    QCOMPARE(saved.count("\"motion\""), 2);
    const ReadResult again = HitsmithFormat::parse(saved);
    QVERIFY(again.isOk());
    for (int f = 0; f < 3; ++f) { // exactly, not QPointF's fuzzy ==
        QCOMPARE(again.document->sprites[0].frames[f].motion.x(), sprite.frames[f].motion.x());
        QCOMPARE(again.document->sprites[0].frames[f].motion.y(), sprite.frames[f].motion.y());
    }
    QCOMPARE(HitsmithFormat::serialize(*again.document), saved);
}

void TestFormat::olderFilesWithoutTheNewFieldsLoad() {
    const ReadResult result = HitsmithFormat::parse(
        minimal(R"([{"name": "k", "frames": [{"name": "f", "shapes": []}]}])"));
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Sprite &sprite = result.document->sprites[0];
    QCOMPARE(sprite.flip, ImageFlip::None);
    QVERIFY(!sprite.duration && !sprite.frames[0].duration);
    QCOMPARE(sprite.frameDuration(0), kDefaultFrameDuration);
    QVERIFY(sprite.frames[0].properties.isEmpty());
    // Nothing new is written for a document that uses none of it.
    const QByteArray saved = HitsmithFormat::serialize(*result.document);
    QVERIFY(!saved.contains("duration") && !saved.contains("properties") &&
            !saved.contains("flip"));
}

void TestFormat::saveLoadSaveIsByteIdentical() {
    DocumentData data;
    data.collide = QList<LayerPair>{{"hitbox", "hurtbox"}};
    data.layers << LayerStyle{"hitbox", QColor(0xe4, 0x3b, 0x44), true, {}};
    Sprite sprite{"knight \"the brave\"", "sheets/knight.png", {}, {}, {}, {}};
    Frame frame;
    frame.name = QStringLiteral("attack-2 \u00e9\u6f22");
    frame.source = QRectF(64, 0, 64, 64);
    frame.origin = QPointF(32.5, 60.25);
    frame.shapes << Shape::polygon("body", {{0.1, 0.2}, {44, 10}, {40, 60}, {1e-7, 60}}, "hurtbox")
                 << Shape::rect("blade", {52, 30}, {20, 6}, -15.123456789012345, "hitbox")
                 << Shape::circle("head", {32, 8}, 7.000000000000001);
    frame.duration = 83;
    frame.properties = QJsonObject{{"phase", "active"}, {"cancel \"soon\"", true}};
    frame.shapes[1].properties =
        QJsonObject{{"damage", 12}, {"knockback", 0.1}, {"element", "fire\n"}, {"x", false}};
    sprite.flip = ImageFlip::Both;
    sprite.duration = 50;
    sprite.frames << frame << Frame{"empty", {}, {}, {}, {}, {}, {}};
    data.sprites << sprite;

    const QByteArray first = HitsmithFormat::serialize(data);
    const ReadResult loaded = HitsmithFormat::parse(first);
    QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
    QCOMPARE(*loaded.document, data); // exact doubles, including 0.1 and 7.000000000000001
    QCOMPARE(loaded.document->sprites[0].frames[0].shapes[2].radius, 7.000000000000001);
    const QByteArray second = HitsmithFormat::serialize(*loaded.document);
    QCOMPARE(second, first);
    // One shape per line: diffs of an edit touch one line.
    QVERIFY(first.contains(
        R"({"id": "head", "layer": "default", "type": "circle", "center": [32, 8], "radius": 7.000000000000001})"));
}

void TestFormat::bundledExampleIsInCanonicalForm() {
    QFile file(sourceDir() + QStringLiteral("/examples/knight.json"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
    const QByteArray bytes = file.readAll();
    const ReadResult loaded = HitsmithFormat::parse(bytes);
    QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
    QCOMPARE(HitsmithFormat::serialize(*loaded.document), bytes);
}

void TestFormat::utf8BomIsAccepted() {
    const ReadResult result = HitsmithFormat::parse("\xEF\xBB\xBF" + minimal());
    QVERIFY2(result.isOk(), qPrintable(result.error));
}

void TestFormat::missingAndHugeFilesAreRefused() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ReadResult missing = loadDocumentFile(dir.filePath("nope.json"));
    QVERIFY(!missing.isOk());
    QCOMPARE(missing.error, QStringLiteral("no such file"));

    // A sparse file over the limit: refused by size before anything is read.
    QFile huge(dir.filePath("huge.json"));
    QVERIFY(huge.open(QIODevice::WriteOnly));
    QVERIFY(huge.resize(kMaxInputFileBytes + 1));
    huge.close();
    const ReadResult tooBig = loadDocumentFile(huge.fileName());
    QVERIFY(!tooBig.isOk());
    QCOMPARE(tooBig.error, QStringLiteral("file is too large (256 MiB; the limit is 256 MiB)"));

    const ReadResult directory = loadDocumentFile(dir.path());
    QCOMPARE(directory.error, QStringLiteral("is a directory, not a file"));
}

void TestFormat::imagePathsAbsoluteInMemoryRelativeInFiles() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkpath("docs/deeper"));
    const QByteArray bytes = minimal(R"([
    {"name": "a", "image": "art/knight.png", "frames": []},
    {"name": "b", "image": "../shared/bat.png", "frames": []},
    {"name": "c", "image": ":/builtin.png", "frames": []},
    {"name": "d", "frames": []}
  ])");
    const QString path = dir.filePath("docs/doc.json");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();

    const ReadResult loaded = loadDocumentFile(path);
    QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
    const QList<Sprite> &sprites = loaded.document->sprites;
    QCOMPARE(sprites[0].image, QDir::cleanPath(dir.filePath("docs/art/knight.png")));
    QCOMPARE(sprites[1].image, QDir::cleanPath(dir.filePath("shared/bat.png")));
    QCOMPARE(sprites[2].image, QStringLiteral(":/builtin.png")); // resources stay as they are
    QCOMPARE(sprites[3].image, QString());

    // Written back to the same file: the same bytes.
    QString error;
    QVERIFY2(saveDocumentFile(*loaded.document, path, &error), qPrintable(error));
    QFile same(path);
    QVERIFY(same.open(QIODevice::ReadOnly));
    QCOMPARE(same.readAll(), HitsmithFormat::serialize(*HitsmithFormat::parse(bytes).document));
    // Written elsewhere: relative to the new file's folder; the data itself is untouched.
    const QString elsewhere = dir.filePath("docs/deeper/doc.json");
    QVERIFY2(saveDocumentFile(*loaded.document, elsewhere, &error), qPrintable(error));
    QFile moved(elsewhere);
    QVERIFY(moved.open(QIODevice::ReadOnly));
    const ReadResult raw = HitsmithFormat::parse(moved.readAll());
    QCOMPARE(raw.document->sprites[0].image, QStringLiteral("../art/knight.png"));
    QCOMPARE(raw.document->sprites[1].image, QStringLiteral("../../shared/bat.png"));
    QCOMPARE(*loadDocumentFile(elsewhere).document, *loaded.document);
}

void TestFormat::isSameFileAndHoldsHitsmithDocument() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString native = dir.filePath("native.json");
    QString error;
    QVERIFY(writeFileAtomically(native, minimal(), &error));
    const QString other = dir.filePath("other.json");
    QVERIFY(writeFileAtomically(other, R"({"bodies": {"fixtures": []}})", &error));
    QVERIFY(holdsHitsmithDocument(native));
    QVERIFY(!holdsHitsmithDocument(other));
    QVERIFY(!holdsHitsmithDocument(dir.filePath("missing.json")));
    QVERIFY(!holdsHitsmithDocument(dir.path()));
    QVERIFY(isSameFile(native, dir.path() + "/./native.json"));
    QVERIFY(isSameFile(dir.filePath("new.json"), dir.path() + "/x/../new.json"));
    QVERIFY(!isSameFile(native, other));
}

void TestFormat::failedSaveLeavesTheOldFile() {
    QTemporaryDir dir;
    const QString path = dir.filePath("doc.json");
    DocumentData small;
    QString error;
    QVERIFY2(saveDocumentFile(small, path, &error), qPrintable(error));
    QFile before(path);
    QVERIFY(before.open(QIODevice::ReadOnly));
    const QByteArray oldBytes = before.readAll();
    before.close();

    // Make the write really fail part-way: cap the size of files this process may write (works
    // as root too, unlike permissions), so the new, larger document cannot be written in full.
    DocumentData big;
    Sprite sprite{"s", {}, {}, {}, {}, {}};
    Frame frame;
    frame.name = "f";
    for (int i = 0; i < 2000; ++i)
        frame.shapes << Shape::circle(QStringLiteral("c%1").arg(i), {double(i), 0}, 1);
    sprite.frames << frame;
    big.sprites << sprite;

    struct rlimit saved;
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
    const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit capped = saved;
    capped.rlim_cur = 4096;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &capped), 0);
    const bool ok = saveDocumentFile(big, path, &error);
    setrlimit(RLIMIT_FSIZE, &saved);
    std::signal(SIGXFSZ, oldHandler);

    QVERIFY(!ok);
    QVERIFY2(error.startsWith(QStringLiteral("cannot")), qPrintable(error));
    QFile after(path);
    QVERIFY(after.open(QIODevice::ReadOnly));
    QCOMPARE(after.readAll(), oldBytes);
    // No temporary file is left behind next to it.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{"doc.json"});
}

// json::string quotes plain ASCII itself and leaves everything else to QJsonDocument: every
// single code unit, and strings mixing both, must come out exactly as Qt's writer has them.
void TestFormat::stringsAreEscapedExactlyAsQtJsonDoes() {
    const auto byQt = [](const QString &value) {
        const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
    };
    QStringList samples;
    for (char16_t unit = 0; unit < 0x100; ++unit)
        samples << QString(QChar(unit)) << QStringLiteral("a%1b").arg(QChar(unit));
    samples << QString() << QStringLiteral("blade") << QStringLiteral("hurt box/2")
            << QStringLiteral("say \"hi\"") << QStringLiteral("C:\\art\\knight.png")
            << QStringLiteral("tab\tnew\nline") << QStringLiteral("épée ⚔ 剣")
            << QString::fromUtf16(u"\U0001F5E1 dagger");
    for (const QString &sample : samples) {
        QCOMPARE(json::string(sample), byQt(sample));
        // And it reads back as the same string.
        const QJsonDocument back =
            QJsonDocument::fromJson("[" + json::string(sample).toUtf8() + "]");
        QCOMPARE(back.array().at(0).toString(), sample);
    }
}

// Qt 6.4's parser drops a raw U+FEFF that starts a string (found by fuzzing a Tiled tileset
// named with one): every name must keep it, and a save spells it visibly as \ufeff.
void TestFormat::byteOrderMarksInsideTextAreKept() {
    const QByteArray mark("\xEF\xBB\xBF");
    const QByteArray text = R"({"format": "hitsmith", "version": 1, "sprites": [{"name": ")" +
                            mark + R"(knight", "frames": [{"name": ")" + mark +
                            R"(idle", "shapes": [{"id": ")" + mark + R"(body", "layer": ")" + mark +
                            R"(hurt", "type": "circle", "center": [4, 5], "radius": 3}]}]}]})";
    const ReadResult loaded = HitsmithFormat::parse(text);
    QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
    const QString bom(QChar(0xFEFF));
    const Sprite &sprite = loaded.document->sprites.at(0);
    QCOMPARE(sprite.name, bom + QStringLiteral("knight"));
    QCOMPARE(sprite.frames.at(0).name, bom + QStringLiteral("idle"));
    QCOMPARE(sprite.frames.at(0).shapes.at(0).id, bom + QStringLiteral("body"));
    QCOMPARE(sprite.frames.at(0).shapes.at(0).layer, bom + QStringLiteral("hurt"));

    const QByteArray saved = HitsmithFormat::serialize(*loaded.document);
    QVERIFY(!saved.contains(mark));
    QVERIFY(saved.contains(R"("name": "\ufeffknight")"));
    const ReadResult again = HitsmithFormat::parse(saved);
    QVERIFY2(again.isOk(), qPrintable(again.error));
    QVERIFY(*again.document == *loaded.document);

    // A mark outside any string is refused, placed in the user's own text like any stray
    // character (not in the escaped text the parser was given, five characters longer).
    const QByteArray before = "{\n  \"a\": \"" + mark + mark + "\", \"format\": ";
    const ReadResult stray = HitsmithFormat::parse(before + mark + R"("hitsmith"})");
    const ReadResult other = HitsmithFormat::parse(before + R"(@"hitsmith"})");
    QVERIFY(!stray.isOk());
    QVERIFY2(stray.error.startsWith(QStringLiteral("line 2, column ")), qPrintable(stray.error));
    QCOMPARE(stray.error, other.error);
}

namespace {

bool sameCharacters(const QString &a, const QString &b) {
    return a.constData() == b.constData() && a.size() == b.size();
}

} // namespace

void TestFormat::layerNamesAreSharedOnRead() {
    // Each shape's name is its own string in the file; the reader shares equal ones (the
    // collision service then knows a layer by its address, not by comparing characters).
    const QByteArray bytes = minimal(R"([{"name": "knight", "frames": [
        {"name": "f", "shapes": [
          {"id": "a", "layer": "hurtbox", "type": "circle", "center": [0, 0], "radius": 1},
          {"id": "b", "layer": "hitbox", "type": "circle", "center": [0, 0], "radius": 1},
          {"id": "c", "layer": "hurtbox", "type": "circle", "center": [0, 0], "radius": 1,
           "properties": {"weak": true}},
          {"id": "d", "layer": "hurtbox", "type": "rect", "center": [0, 0], "size": [1, 1]}]}]}])");
    const ReadResult read = HitsmithFormat::parse(bytes);
    QVERIFY2(read.isOk(), qPrintable(read.error));
    const QList<Shape> &shapes = read.document->sprites[0].frames[0].shapes;
    QCOMPARE(shapes[0].layer, QStringLiteral("hurtbox"));
    QCOMPARE(shapes[1].layer, QStringLiteral("hitbox"));
    // Quick and full reading paths alike (c has properties), after another name in between.
    QVERIFY(sameCharacters(shapes[0].layer, shapes[2].layer));
    QVERIFY(sameCharacters(shapes[0].layer, shapes[3].layer));
    QVERIFY(!sameCharacters(shapes[0].layer, shapes[1].layer));

    // Any reader's document, through the shared helper: names built one by one end up shared.
    DocumentData data;
    Frame frame;
    for (const char *layer : {"hurtbox", "hitbox", "hurtbox", "hitbox"})
        frame.shapes.append(Shape::circle(QStringLiteral("s%1").arg(frame.shapes.size()), {}, 1,
                                          QString::fromLatin1(layer)));
    Sprite sprite;
    sprite.frames = {frame, frame};
    data.sprites.append(sprite);
    QVERIFY(!sameCharacters(data.sprites[0].frames[0].shapes[0].layer,
                            data.sprites[0].frames[0].shapes[2].layer));
    const DocumentData before = data;
    shareLayerNames(data);
    QCOMPARE(data, before); // the same names
    const QList<Shape> &first = data.sprites[0].frames[0].shapes;
    const QList<Shape> &second = data.sprites[0].frames[1].shapes;
    QVERIFY(sameCharacters(first[0].layer, first[2].layer));
    QVERIFY(sameCharacters(first[1].layer, first[3].layer));
    QVERIFY(sameCharacters(first[0].layer, second[0].layer)); // across frames too

    // An empty name stays empty, not null (Qt counts the two equal).
    DocumentData empty;
    Frame unnamed;
    unnamed.shapes.append(Shape::circle(QStringLiteral("a"), {}, 1, QStringLiteral("")));
    unnamed.shapes.append(Shape::circle(QStringLiteral("b"), {}, 1, QStringLiteral("")));
    empty.sprites.append(Sprite{});
    empty.sprites[0].frames.append(unnamed);
    shareLayerNames(empty);
    QVERIFY(!empty.sprites[0].frames[0].shapes[0].layer.isNull());
    QVERIFY(!empty.sprites[0].frames[0].shapes[1].layer.isNull());
}

void TestFormat::sharingNamesCopiesNothingAlreadyShared() {
    const ReadResult read = HitsmithFormat::parse(withShape(
        R"({"id": "a", "layer": "hurtbox", "type": "circle", "center": [0, 0], "radius": 1},
           {"id": "b", "layer": "hurtbox", "type": "circle", "center": [0, 0], "radius": 1})"));
    QVERIFY2(read.isOk(), qPrintable(read.error));
    DocumentData copy = *read.document; // implicitly shared with the read one
    shareLayerNames(copy);
    QCOMPARE(copy.sprites.constData(), read.document->sprites.constData()); // not detached
}

QTEST_GUILESS_MAIN(TestFormat)
#include "tst_model_format.moc"
