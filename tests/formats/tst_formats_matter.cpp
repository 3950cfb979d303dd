// PhysicsEditor Phaser/Matter JSON: exact fixtures and collision bits, round trips, the
// real-world fixture, malformed input, and Matter.js itself finding the same hits as Hitsmith.

#include "formattestsupport.h"
#include "testsupport.h"

#include "fileio.h"
#include "hitsmithformat.h"
#include "matterformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace hitsmith;
using namespace formattest;

class TestMatterFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void writeExactFixtures();
    void warnings();
    void roundTrip();
    void propertiesOnFixtures();
    void catstickFixture();
    void malformed_data();
    void malformed();
    void truncationsNeverHalfLoad();
    void matterJsFindsTheSameHits_data();
    void matterJsFindsTheSameHits();
};

namespace {

QJsonObject fixtureNamed(const QJsonObject &body, const QString &label) {
    for (const QJsonValue &fixture : body.value(QStringLiteral("fixtures")).toArray()) {
        if (fixture.toObject().value(QStringLiteral("label")).toString() == label)
            return fixture.toObject();
    }
    return {};
}

/// Random regular polygons and turned rectangles (no circles, so Matter's geometry is exact),
/// three layers and a partial matrix: many hits and many misses, no exact touching.
DocumentData randomPolygonDocument() {
    QRandomGenerator random(20251122);
    auto uniform = [&](double low, double high) {
        return low + random.generateDouble() * (high - low);
    };
    DocumentData document;
    document.collide = QList<LayerPair>{{QStringLiteral("a"), QStringLiteral("b")},
                                        {QStringLiteral("b"), QStringLiteral("c")},
                                        {QStringLiteral("c"), QStringLiteral("c")}};
    Sprite sprite;
    sprite.name = QStringLiteral("random");
    const QStringList layers = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    for (int f = 0; f < 16; ++f) {
        Frame frame;
        frame.name = QStringLiteral("frame-%1").arg(f);
        for (int s = 0; s < 7; ++s) {
            const QString id = QStringLiteral("s%1").arg(s);
            const QString layer = layers[random.bounded(3)];
            const QPointF centre(uniform(0, 64), uniform(0, 64));
            if (random.bounded(2) == 0) {
                frame.shapes.append(Shape::rect(id, centre, {uniform(4, 30), uniform(3, 20)},
                                                uniform(-180, 180), layer));
            } else {
                const int sides = 3 + random.bounded(6);
                const double radius = uniform(4, 18), turn = uniform(0, 2 * M_PI);
                QList<QPointF> points;
                for (int k = 0; k < sides; ++k) {
                    const double angle = turn + 2 * M_PI * k / sides;
                    points.append(centre + radius * QPointF(std::cos(angle), std::sin(angle)));
                }
                frame.shapes.append(Shape::polygon(id, points, layer));
            }
        }
        sprite.frames.append(frame);
    }
    document.sprites = {sprite};
    return document;
}

struct Hit {
    QString key; ///< "body|a|b"
    double depth;
    bool circle;
};

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

} // namespace

void TestMatterFormat::writeExactFixtures() {
    const DocumentData document = sampleDocument();
    const WriteResult result = format("matter")->write(document, {}, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(format("matter")->write(document, {}, {}).bytes, result.bytes); // deterministic
    const QJsonObject root = QJsonDocument::fromJson(result.bytes).object();
    // Two sprites: bodies are keyed "sprite/frame".
    QVERIFY(root.contains(QStringLiteral("knight/attack-2")));
    QVERIFY(root.contains(QStringLiteral("knight/idle")));
    QVERIFY(root.contains(QStringLiteral("slime/squash")));
    const QJsonObject body = root.value(QStringLiteral("knight/attack-2")).toObject();
    QCOMPARE(body.value(QStringLiteral("type")).toString(), QStringLiteral("fromPhysicsEditor"));
    QCOMPARE(body.value(QStringLiteral("fixtures")).toArray().size(), 4);

    // Layers sorted (default, hitbox, hurtbox) get bits 1, 2, 4; the matrix pairs hitbox with
    // hurtbox only, so "default" collides with nothing.
    const QJsonObject head = fixtureNamed(body, QStringLiteral("head"));
    QCOMPARE(head.value(QStringLiteral("layer")).toString(), QStringLiteral("hurtbox"));
    QVERIFY(head.value(QStringLiteral("isSensor")).toBool());
    QCOMPARE(head.value(QStringLiteral("collisionFilter"))
                 .toObject()
                 .value(QStringLiteral("category"))
                 .toInt(),
             4);
    QCOMPARE(head.value(QStringLiteral("collisionFilter"))
                 .toObject()
                 .value(QStringLiteral("mask"))
                 .toInt(),
             2);
    const QJsonObject circle = head.value(QStringLiteral("circle")).toObject();
    QCOMPARE(circle.value(QStringLiteral("x")).toDouble(), 32.0);
    QCOMPARE(circle.value(QStringLiteral("y")).toDouble(), 8.0);
    QCOMPARE(circle.value(QStringLiteral("radius")).toDouble(), 7.0);
    const QJsonObject blade = fixtureNamed(body, QStringLiteral("blade"));
    QCOMPARE(blade.value(QStringLiteral("collisionFilter"))
                 .toObject()
                 .value(QStringLiteral("category"))
                 .toInt(),
             2);
    QCOMPARE(blade.value(QStringLiteral("collisionFilter"))
                 .toObject()
                 .value(QStringLiteral("mask"))
                 .toInt(),
             4);
    // The turned rectangle as its four corners, in frame pixels.
    const QJsonArray corners = blade.value(QStringLiteral("vertices")).toArray().at(0).toArray();
    QCOMPARE(corners.size(), 4);
    const QPolygonF outline = Shape::rect({}, {52, 30}, {20, 6}, -15).outline();
    for (int i = 0; i < 4; ++i) {
        // Corners are arithmetic results: written rounded to 1e-9 px.
        QVERIFY(std::abs(corners.at(i).toObject().value(QStringLiteral("x")).toDouble() -
                         outline[i].x()) <= 0.5e-9);
        QVERIFY(std::abs(corners.at(i).toObject().value(QStringLiteral("y")).toDouble() -
                         outline[i].y()) <= 0.5e-9);
    }
    const QJsonArray body4 = fixtureNamed(body, QStringLiteral("body"))
                                 .value(QStringLiteral("vertices"))
                                 .toArray()
                                 .at(0)
                                 .toArray();
    QCOMPARE(body4.at(2).toObject().value(QStringLiteral("x")).toDouble(), 40.0);
    QCOMPARE(body4.at(2).toObject().value(QStringLiteral("y")).toDouble(), 60.0);
    // The body's filter is the union of its fixtures' (Matter filters bodies, not parts).
    QCOMPARE(body.value(QStringLiteral("collisionFilter"))
                 .toObject()
                 .value(QStringLiteral("category"))
                 .toInt(),
             6);
    const QJsonObject core =
        fixtureNamed(root.value(QStringLiteral("knight/idle")).toObject(), QStringLiteral("core"));
    QCOMPARE(core.value(QStringLiteral("collisionFilter"))
                 .toObject()
                 .value(QStringLiteral("category"))
                 .toInt(),
             1);
    QCOMPARE(core.value(QStringLiteral("collisionFilter"))
                 .toObject()
                 .value(QStringLiteral("mask"))
                 .toInt(),
             0);

    // One sprite: bodies are keyed by frame name alone.
    DocumentData single = document;
    single.sprites.removeLast();
    const QJsonObject singleRoot =
        QJsonDocument::fromJson(format("matter")->write(single, {}, {}).bytes).object();
    QVERIFY(singleRoot.contains(QStringLiteral("attack-2")));
}

void TestMatterFormat::warnings() {
    const QStringList warnings = format("matter")->exportWarnings(sampleDocument());
    const QString all = warnings.join(u'\n');
    QVERIFY2(
        all.contains(QStringLiteral("2 rotated rectangles written as polygons (Matter "
                                    "fixtures are vertices or circles): knight/attack-2/blade, "
                                    "slime/squash/contact")),
        qPrintable(all));
    QVERIFY2(warnings.filter(QStringLiteral("rectangles written as polygons")).size() == 1,
             qPrintable(all));
    QVERIFY(all.contains(QStringLiteral("re-centres every body on its centre of mass")));
    QVERIFY(all.contains(QStringLiteral("circles as polygons")));
    QVERIFY(all.contains(QStringLiteral("frame origins and source rectangles are not stored")));
    const WriteResult written = format("matter")->write(sampleDocument(), {}, {});
    QCOMPARE(written.warnings, warnings);
}

void TestMatterFormat::roundTrip() {
    const DocumentData document = sampleDocument();
    const WriteResult written = format("matter")->write(document, {}, {});
    const ReadResult read = format("matter")->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    // Bodies come back in key order (JSON objects are unordered); ours are already sorted.
    const QString why = documentDifference(document, *read.document, kTolerance, true);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QCOMPARE(read.document->collide, document.collide); // rebuilt from the category/mask bits
    QCOMPARE(read.document->sprites[0].frames[0].shapes[1].type, ShapeType::Polygon);
}

void TestMatterFormat::propertiesOnFixtures() {
    // Properties of every kind come back exactly; durations do not (Matter has none: warned).
    DocumentData document = propertyDocument();
    const WriteResult written = format("matter")->write(document, {}, {});
    QVERIFY(written.warnings.contains(QStringLiteral(
        "frame durations are not stored in Matter bodies: 2 frame durations and 1 sprite "
        "default lost")));
    QVERIFY(written.warnings.filter(QStringLiteral("propert")).isEmpty());
    const QJsonObject root = QJsonDocument::fromJson(written.bytes).object();
    const QJsonObject attack = root.value("knight/attack-2").toObject();
    QCOMPARE(attack.value("properties").toObject(), document.sprites[0].frames[0].properties);
    QCOMPARE(attack.value("fixtures").toArray().at(1).toObject().value("properties").toObject(),
             document.sprites[0].frames[0].shapes[1].properties);
    QVERIFY(!attack.value("fixtures").toArray().at(0).toObject().contains("properties"));
    const ReadResult read = format("matter")->read(written.bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QVERIFY2(read.warnings.isEmpty(), qPrintable(read.warnings.join(u'\n')));
    for (Sprite &sprite : document.sprites) {
        sprite.duration.reset();
        for (Frame &frame : sprite.frames)
            frame.duration.reset();
    }
    const QString lost = animationDifference(document, *read.document);
    QVERIFY2(lost.isEmpty(), qPrintable(lost));

    // Values a Hitsmith property cannot hold are warned about, counted; a "properties" that is
    // not an object is refused with its path.
    const QByteArray foreign = R"({"hero": {"properties": {"team": "blue", "tags": ["a"]},
        "fixtures": [{"label": "hit", "properties": {"damage": 5, "knock": {"x": 1}},
                      "circle": {"x": 1, "y": 2, "radius": 3}}]}})";
    const ReadResult mixed = format("matter")->read(foreign, {});
    QVERIFY2(mixed.isOk(), qPrintable(mixed.error));
    QCOMPARE(mixed.warnings,
             QStringList{QStringLiteral("2 properties are not numbers, strings or booleans; not "
                                        "imported: hero/tags, hero/fixture-1/knock")});
    QCOMPARE(mixed.document->sprites[0].frames[0].properties, (QJsonObject{{"team", "blue"}}));
    QCOMPARE(mixed.document->sprites[0].frames[0].shapes[0].properties,
             (QJsonObject{{"damage", 5}}));
    const ReadResult bad = format("matter")->read(
        R"({"hero": {"fixtures": [{"properties": 3, "circle": {"x": 1, "y": 2, "radius": 3}}]}})",
        {});
    QVERIFY(!bad.isOk());
    QVERIFY2(bad.error.contains(QStringLiteral("hero.fixtures[0].properties")),
             qPrintable(bad.error));
}

void TestMatterFormat::catstickFixture() {
    const QString dir = sharedFixtures();
    if (dir.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_SHARED_FIXTURES is not set or the folder is absent: real-world fixtures "
            "not tested");
    const QString path = dir + QStringLiteral("/phaser-matter/phaser_matter_catstick.json");
    const ReadResult result = format("matter")->read(readBytes(path), {path, dir});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QVERIFY(result.warnings.isEmpty());
    QCOMPARE(result.document->sprites.size(), 1);
    QCOMPARE(result.document->sprites[0].name, QStringLiteral("phaser_matter_catstick"));
    const Frame &frame = result.document->sprites[0].frames.value(0);
    QCOMPARE(frame.name, QStringLiteral("catstick"));
    QCOMPARE(frame.shapes.size(), 2);
    QVERIFY(
        shapeDifference(Shape::circle(QStringLiteral("fixture-1"), {107, 368}, 98.54188241007421),
                        frame.shapes[0], 0)
            .isEmpty());
    QVERIFY(
        shapeDifference(Shape::polygon(QStringLiteral("fixture-2"),
                                       {{145, 4}, {32, 125}, {33, 286}, {188, 297}, {223, 166}}),
                        frame.shapes[1], 0)
            .isEmpty());
    QVERIFY(!result.document->collide); // no layers in the file: nothing to rebuild
    // Import -> export keeps what Matter holds: the same fixtures come out.
    const WriteResult again = format("matter")->write(*result.document, {}, {});
    const ReadResult back = format("matter")->read(again.bytes, {path, dir});
    QVERIFY(documentDifference(*result.document, *back.document, 0).isEmpty());
}

void TestMatterFormat::malformed_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << QByteArray() << "file is empty";
    QTest::newRow("binary") << QByteArray("\x89PNG\r\n\x1a\n\0\0", 10) << "not a text file";
    QTest::newRow("truncated") << QByteArray(R"({"b":{"fixtures":[{"circle":{"x":1,)")
                               << "line 1, column";
    QTest::newRow("no bodies") << QByteArray(R"({"generator_info":"x"})")
                               << "no PhysicsEditor bodies";
    QTest::newRow("wrong type")
        << QByteArray(R"({"b":{"fixtures":[{"circle":{"x":"1","y":2,"radius":3}}]}})")
        << "b.fixtures[0].circle.x: must be a number";
    QTest::newRow("vertex missing y")
        << QByteArray(R"({"b":{"fixtures":[{"vertices":[[{"x":1,"y":2},{"x":1}]]}]}})")
        << "b.fixtures[0].vertices[0][1].y: is missing";
    QTest::newRow("huge") << QByteArray(
                                 R"({"b":{"fixtures":[{"circle":{"x":1,"y":2,"radius":1e300}}]}})")
                          << "b.fixtures[0].circle.radius: 1e+300 is out of range";
    QTest::newRow("overflow to inf")
        << QByteArray(R"({"b":{"fixtures":[{"circle":{"x":1,"y":2,"radius":1e400}}]}})")
        << "line 1, column";
    QTest::newRow("neither") << QByteArray(R"({"b":{"fixtures":[{"label":"x"}]}})")
                             << "b.fixtures[0]: has neither \"vertices\" nor \"circle\"";
    QTest::newRow("bad mask")
        << QByteArray(
               R"({"b":{"fixtures":[{"collisionFilter":{"mask":-1},"circle":{"x":1,"y":2,"radius":3}}]}})")
        << "b.fixtures[0].collisionFilter.mask: must be a whole number from 0 to 4294967295";
    QTest::newRow("fixtures not array")
        << QByteArray(R"({"b":{"fixtures":7}})") << "b.fixtures: must be an array";
}

void TestMatterFormat::malformed() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const ReadResult result = format("matter")->read(bytes, {});
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains(expected), qPrintable(result.error));
}

void TestMatterFormat::truncationsNeverHalfLoad() {
    checkTruncationsNeverHalfLoad(format("matter"),
                                  format("matter")->write(sampleDocument(), {}, {}).bytes);
}

void TestMatterFormat::matterJsFindsTheSameHits_data() {
    QTest::addColumn<QString>("document"); // a path, or "random"
    QTest::newRow("example knight")
        << QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("examples/knight.json"));
    QTest::newRow("circles") << testData(QStringLiteral("formats/matter_circles.json"));
    QTest::newRow("random polygons") << QStringLiteral("random");
}

/// The real consumer: matter-js (pinned, installed from npm into the build directory) loads our
/// export the way Phaser does, and its pairs per frame must be Hitsmith's (`hitsmith-cli hits`).
/// Matter rejects exactly touching shapes while Hitsmith counts them; the documents have none.
/// Depths must agree for polygon pairs (both are exact SAT); Matter's circles are polygons of at
/// most 26 sides, so for pairs with a circle only the pair itself is compared.
void TestMatterFormat::matterJsFindsTheSameHits() {
    QFETCH(QString, document);
    const QString binDir = env("HITSMITH_BIN_DIR");
    const QString cli = QDir(binDir).filePath(QStringLiteral("hitsmith-cli"));
    if (binDir.isEmpty() || !QFileInfo::exists(cli))
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_BIN_DIR does not hold hitsmith-cli (run through ctest after a full "
            "build): Matter.js comparison not run");
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString npm = QStandardPaths::findExecutable(QStringLiteral("npm"));
    if (node.isEmpty() || npm.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "node or npm is not installed (Debian packages 'nodejs' and 'npm'): Matter.js "
            "comparison not run");
    const QString prefix = QDir(binDir).absoluteFilePath(QStringLiteral("../node"));
    const QString modules = QDir(prefix).filePath(QStringLiteral("node_modules"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("NODE_PATH"), modules);
    QByteArray out;
    if (!QFileInfo::exists(modules + QStringLiteral("/matter-js/package.json"))) {
        const QString error =
            runProcess(npm,
                       {QStringLiteral("install"), QStringLiteral("--prefix"), prefix,
                        QStringLiteral("matter-js@0.19.0"), QStringLiteral("--no-audit"),
                        QStringLiteral("--no-fund"), QStringLiteral("--no-save")},
                       environment, &out, 300000);
        QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("installing matter-js: ") + error));
    }

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    DocumentData data;
    QString documentPath = document;
    if (document == QLatin1String("random")) {
        data = randomPolygonDocument();
        documentPath = dir.filePath(QStringLiteral("random.json"));
        QString error;
        QVERIFY2(saveDocumentFile(data, documentPath, &error), qPrintable(error));
    } else {
        const ReadResult loaded = loadDocumentFile(documentPath);
        QVERIFY2(loaded.isOk(), qPrintable(documentPath + QStringLiteral(": ") + loaded.error));
        data = *loaded.document;
    }
    const WriteResult exported = format("matter")->write(data, {}, {});
    QVERIFY2(exported.isOk(), qPrintable(exported.error));
    const QString exportPath = dir.filePath(QStringLiteral("bodies.json"));
    QString error;
    QVERIFY(writeFileAtomically(exportPath, exported.bytes, &error));

    // Hitsmith's answer.
    error = runProcess(cli, {QStringLiteral("hits"), documentPath}, environment, &out, 60000);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QHash<QString, Hit> ours;
    for (const QJsonValue &value :
         QJsonDocument::fromJson(out).object().value(QStringLiteral("hits")).toArray()) {
        const QJsonObject hit = value.toObject();
        const qsizetype sprite = data.indexOfSprite(hit.value(QStringLiteral("sprite")).toString());
        QVERIFY(sprite >= 0);
        const Sprite &s = data.sprites[sprite];
        const QString frameName = hit.value(QStringLiteral("frame")).toString();
        const auto frame = std::find_if(s.frames.begin(), s.frames.end(),
                                        [&](const Frame &f) { return f.name == frameName; });
        QVERIFY(frame != s.frames.end());
        const QString key = MatterFormat::bodyKey(data, s, *frame) + u'|' +
                            hit.value(QStringLiteral("a")).toString() + u'|' +
                            hit.value(QStringLiteral("b")).toString();
        ours.insert(key, {key, hit.value(QStringLiteral("depth")).toDouble(), false});
    }
    // Matter's answer.
    const QString script =
        QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("tests/formats/matter_hits.js"));
    error = runProcess(node, {script, exportPath}, environment, &out, 60000);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QJsonObject answer = QJsonDocument::fromJson(out).object();
    QCOMPARE(answer.value(QStringLiteral("matter")).toString(), QStringLiteral("0.19.0"));
    QHash<QString, Hit> theirs;
    for (const QJsonValue &value : answer.value(QStringLiteral("hits")).toArray()) {
        const QJsonObject hit = value.toObject();
        const QString key = hit.value(QStringLiteral("body")).toString() + u'|' +
                            hit.value(QStringLiteral("a")).toString() + u'|' +
                            hit.value(QStringLiteral("b")).toString();
        theirs.insert(key, {key, hit.value(QStringLiteral("depth")).toDouble(),
                            hit.value(QStringLiteral("circle")).toBool()});
    }
    QVERIFY2(!ours.isEmpty(), "the document must have hits for the comparison to mean anything");
    QStringList onlyOurs, onlyTheirs;
    for (const QString &key : ours.keys()) {
        if (!theirs.contains(key))
            onlyOurs << key;
    }
    for (const QString &key : theirs.keys()) {
        if (!ours.contains(key))
            onlyTheirs << key;
    }
    onlyOurs.sort();
    onlyTheirs.sort();
    QVERIFY2(onlyOurs.isEmpty() && onlyTheirs.isEmpty(),
             qPrintable(QStringLiteral("only Hitsmith: %1; only Matter.js: %2")
                            .arg(onlyOurs.join(QStringLiteral(", ")),
                                 onlyTheirs.join(QStringLiteral(", ")))));
    for (const Hit &hit : theirs) {
        if (hit.circle)
            continue;
        const double expected = ours.value(hit.key).depth;
        QVERIFY2(std::abs(hit.depth - expected) <= 1e-9 * std::max(1.0, expected),
                 qPrintable(QStringLiteral("%1: depth %2 (Matter.js) != %3 (Hitsmith)")
                                .arg(hit.key)
                                .arg(hit.depth, 0, 'g', 17)
                                .arg(expected, 0, 'g', 17)));
    }
    if (document == QLatin1String("random")) {
        // Not vacuous: of all allowed pairs, some hit and some miss.
        qsizetype allowed = 0;
        for (const Frame &frame : data.sprites[0].frames) {
            for (qsizetype i = 0; i < frame.shapes.size(); ++i) {
                for (qsizetype j = i + 1; j < frame.shapes.size(); ++j)
                    allowed += data.layersCollide(frame.shapes[i].layer, frame.shapes[j].layer);
            }
        }
        QVERIFY(ours.size() >= 10);
        QVERIFY(allowed - ours.size() >= 10);
    }
}

QTEST_GUILESS_MAIN(TestMatterFormat)
#include "tst_formats_matter.moc"
