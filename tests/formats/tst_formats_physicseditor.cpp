// PhysicsEditor's other exporters, read: AndEngine XML, libGDX/Box2D XML and the cocos2d-x
// Box2D plist. Exact conversion of fixtures modelled on CodeAndWeb's loader examples (shape
// counts, ids, layers, coordinates, y flip, collision matrix), detection by content, malformed
// input with messages that say where, and every truncation.

#include "formattestsupport.h"

#include "formatsniffer.h"
#include "hitsmithformat.h"

#include <QJsonArray>

using namespace hitsmith;
using namespace formattest;

class TestPhysicsEditor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readAndEngine();
    void readBox2dXml();
    void readBox2dPexmlLayout();
    void readCocos2dPlist();
    void plistCircleCentreBesideTheCircle();
    void plistOfCocos2dV3Masks();
    void phaser2JsonIsNamed();
    void detectedByContent_data();
    void detectedByContent();
    void wrongLayoutSaysWhichFormat();
    void malformed_data();
    void malformed();
    void truncationsNeverHalfLoad_data();
    void truncationsNeverHalfLoad();
    void nativeRoundTrip_data() { truncationsNeverHalfLoad_data(); }
    void nativeRoundTrip();
};

namespace {

DocumentData readFixture(const char *formatName, const QString &path,
                         QStringList *warnings = nullptr) {
    const ReadResult result = format(formatName)->read(readBytes(testData(path)), {});
    if (!result.isOk())
        qFatal("%s: %s", qPrintable(path), qPrintable(result.error));
    if (warnings)
        *warnings = result.warnings;
    return *result.document;
}

QList<QPointF> points(std::initializer_list<QPointF> list) {
    return QList<QPointF>(list);
}

} // namespace

void TestPhysicsEditor::readAndEngine() {
    QStringList warnings;
    const DocumentData document =
        readFixture("andengine", QStringLiteral("formats/andengine/food.xml"), &warnings);
    QCOMPARE(document.sprites.size(), 3);
    const Sprite &cup = document.sprites[0];
    QCOMPARE(cup.name, QStringLiteral("cup"));
    QCOMPARE(cup.frames.size(), 1);
    QCOMPARE(cup.frames[0].name, QStringLiteral("cup"));
    QCOMPARE(cup.frames[0].origin, std::optional<QPointF>(QPointF(0, 0)));
    // One fixture of two convex pieces: two polygons, in the file's pixels (y down).
    QCOMPARE(
        cup.frames[0].shapes,
        QList<Shape>(
            {Shape::polygon(QStringLiteral("fixture-1"),
                            points({{-24.5, -30.5}, {-2, -32.5}, {-6.5, 70}, {-18, 68.5}}),
                            QStringLiteral("category-1")),
             Shape::polygon(QStringLiteral("fixture-1-2"),
                            points({{-2, -32.5}, {30, -28}, {26.5, 64}, {20, 71.5}, {-6.5, 70}}),
                            QStringLiteral("category-1"))}));
    QCOMPARE(document.sprites[1].frames[0].shapes,
             QList<Shape>({Shape::circle(QStringLiteral("fixture-1"), {0.5, -1}, 21,
                                         QStringLiteral("category-1"))}));
    const Frame &attack = document.sprites[2].frames[0];
    QCOMPARE(attack.shapes.size(), 2);
    QCOMPARE(attack.shapes[0].layer, QStringLiteral("category-2"));
    QCOMPARE(attack.shapes[1].id, QStringLiteral("fixture-2"));
    QCOMPARE(attack.shapes[1].layer, QStringLiteral("category-4"));
    QCOMPARE(attack.shapes[1].points[2], QPointF(8, 28));
    // Box2D's rule: each mask has the other's category. 2 <-> 4 pair, 1 pairs with itself.
    QCOMPARE(document.collide, std::optional<QList<LayerPair>>(
                                   {{QStringLiteral("category-1"), QStringLiteral("category-1")},
                                    {QStringLiteral("category-2"), QStringLiteral("category-4")}}));
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(warnings[0].startsWith(QStringLiteral("1 fixture with a collision group index")) &&
                 warnings[0].contains(QStringLiteral("knight-attack/line 111")),
             qPrintable(warnings.join(u'\n')));
}

void TestPhysicsEditor::readBox2dXml() {
    QStringList warnings;
    const DocumentData document =
        readFixture("box2d-xml", QStringLiteral("formats/box2d-xml/bugs.xml"), &warnings);
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    QCOMPARE(document.sprites.size(), 3);
    QCOMPARE(document.sprites[0].name, QStringLiteral("beetle"));
    // y up in the file, y down in Hitsmith: every y is negated about the anchor point.
    QCOMPARE(document.sprites[0].frames[0].shapes,
             QList<Shape>({Shape::polygon(QStringLiteral("fixture-1"),
                                          points({{2, -6}, {18, -6}, {15, -19}, {5, -19}}),
                                          QStringLiteral("category-1")),
                           Shape::polygon(QStringLiteral("fixture-2"),
                                          points({{6, -6}, {2, -6}, {2, -3}, {4, 0}, {6, 0}}),
                                          QStringLiteral("category-1"))}));
    const Frame &ant = document.sprites[1].frames[0];
    QCOMPARE(ant.shapes.size(), 3);
    QCOMPARE(ant.shapes[2].id, QStringLiteral("fixture-1-3"));
    QCOMPARE(ant.shapes[2].points.last(), QPointF(9.4203, -17.9952));
    const Frame &ladybug = document.sprites[2].frames[0];
    QCOMPARE(ladybug.shapes[0], Shape::circle(QStringLiteral("fixture-1"), {9.565, -9.444}, 7,
                                              QStringLiteral("category-4")));
    QCOMPARE(ladybug.shapes[1].layer, QStringLiteral("category-2"));
    QCOMPARE(document.collide, std::optional<QList<LayerPair>>(
                                   {{QStringLiteral("category-1"), QStringLiteral("category-1")},
                                    {QStringLiteral("category-2"), QStringLiteral("category-4")}}));
}

void TestPhysicsEditor::readCocos2dPlist() {
    QStringList warnings;
    const DocumentData document = readFixture(
        "cocos2d-plist", QStringLiteral("formats/cocos2d-plist/shapes.plist"), &warnings);
    QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
    // The file reproduces PhysicsEditor's "Box2D generic (PLIST)" layout as real exports have it:
    // a comment before <plist>, metadata before bodies, key and value on one line, points with
    // 3 decimals followed by a tab, fixture ids repeated within a body.
    QCOMPARE(document.sprites.size(), 3);
    const Frame &banana = document.sprites[0].frames[0];
    QCOMPARE(banana.name, QStringLiteral("banana"));
    QCOMPARE(banana.shapes.size(), 2);
    QCOMPARE(banana.shapes[1].points,
             points({{-5, 12}, {26.5, 10}, {40, -1.5}, {37.5, -6}, {-28, -4.5}}));
    QCOMPARE(banana.extra.value(QStringLiteral("physicseditor"))
                 .toObject()
                 .value(QStringLiteral("anchorpoint")),
             QJsonValue(QJsonArray({0.5, 0.5})));
    const Frame &hero = document.sprites[1].frames[0];
    // Fixture ids name the shapes; a circle fixture is a circle.
    QCOMPARE(
        hero.shapes,
        QList<Shape>(
            {Shape::polygon(QStringLiteral("body"), points({{-9, 0}, {9, 0}, {7, -44}, {-7, -44}}),
                            QStringLiteral("category-4")),
             Shape::circle(QStringLiteral("head"), {0, -52.25}, 7.5, QStringLiteral("category-4")),
             Shape::polygon(QStringLiteral("blade"),
                            points({{10, -30}, {38, -30}, {38, -34}, {10, -34}}),
                            QStringLiteral("category-2"))}));
    QCOMPARE(hero.extra.value(QStringLiteral("physicseditor"))
                 .toObject()
                 .value(QStringLiteral("anchorpoint")),
             QJsonValue(QJsonArray({0.5, 0.0})));
    // Three fixtures named "block" (one of two polygons and a circle) keep apart.
    const Frame &crate = document.sprites[2].frames[0];
    QCOMPARE(crate.shapes,
             QList<Shape>({Shape::polygon(QStringLiteral("block"),
                                          points({{-20, 20}, {0, 20}, {0, -20}, {-20, -20}}),
                                          QStringLiteral("category-4")),
                           Shape::polygon(QStringLiteral("block-2"),
                                          points({{0, 20}, {20, 20}, {20, -20}, {0, -20}}),
                                          QStringLiteral("category-4")),
                           Shape::circle(QStringLiteral("block-3"), {-0.273, -24.333}, 6,
                                         QStringLiteral("category-4"))}));
    QCOMPARE(crate.extra.value(QStringLiteral("physicseditor"))
                 .toObject()
                 .value(QStringLiteral("anchorpoint")),
             QJsonValue(QJsonArray({0.503, 0.5})));
    QCOMPARE(document.collide, std::optional<QList<LayerPair>>(
                                   {{QStringLiteral("category-1"), QStringLiteral("category-1")},
                                    {QStringLiteral("category-2"), QStringLiteral("category-4")}}));
}

// PhysicsEditor-Loaders' Objective-C GB2ShapeCache reads a circle's centre from a "center" key
// beside "circle" (its cocos2d-x ports, and exports, from circle/position): both are read, the
// position first.
void TestPhysicsEditor::plistCircleCentreBesideTheCircle() {
    QByteArray plist = readBytes(testData(QStringLiteral("formats/cocos2d-plist/shapes.plist")));
    const QByteArray position =
        "                             <key>position</key> <string>{ 0.000,52.250 }</string>\n";
    QVERIFY(plist.contains(position));
    plist.replace(position, QByteArray());
    const QByteArray type = "<key>fixture_type</key> <string>CIRCLE</string>\n";
    QVERIFY(plist.contains(type));
    plist.replace(plist.indexOf(type), type.size(),
                  type + "                        <key>center</key> <string>{ 1.500,50.000 "
                         "}</string>\n");
    const ReadResult result = format("cocos2d-plist")->read(plist, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(result.document->sprites[1].frames[0].shapes[1],
             Shape::circle(QStringLiteral("head"), {1.5, -50}, 7.5, QStringLiteral("category-4")));
    // Neither: the position is asked for.
    plist.replace("<key>center</key>", "<key>centre</key>");
    const ReadResult neither = format("cocos2d-plist")->read(plist, {});
    QVERIFY(!neither.isOk());
    QVERIFY2(neither.error.contains(QStringLiteral("bodies/hero/fixtures[1]/circle")) &&
                 neither.error.contains(QStringLiteral("position")),
             qPrintable(neither.error));
}

void TestPhysicsEditor::plistOfCocos2dV3Masks() {
    // PhysicsEditor's cocos2d-x v3 exporter (PhysicsShapeCache, the engine's own physics) names
    // the filter category_mask, collision_mask (32 bits) and group; contact_test_mask only
    // asks for callbacks. The same bits as the fixture's Box2D names give the same document;
    // the filter was dropped without a word (public games' "mask 0" shapes hit everything).
    const QByteArray box2d =
        readBytes(testData(QStringLiteral("formats/cocos2d-plist/shapes.plist")));
    QByteArray v3 = box2d;
    v3.replace("filter_categoryBits", "category_mask")
        .replace("filter_maskBits", "collision_mask")
        .replace("filter_groupIndex", "group")
        .replace("<key>collision_mask</key> <integer>65535</integer>",
                 "<key>collision_mask</key> <integer>4294967295</integer>"
                 "<key>contact_test_mask</key> <integer>0</integer>");
    QVERIFY(v3 != box2d);
    const ReadResult a = format("cocos2d-plist")->read(box2d, {});
    const ReadResult b = format("cocos2d-plist")->read(v3, {});
    QVERIFY2(b.isOk(), qPrintable(b.error));
    QCOMPARE(b.document->sprites, a.document->sprites);
    QVERIFY(b.document->collide);
    QCOMPARE(b.document->collide, a.document->collide);
    // 32-bit masks beyond Box2D's 16: a category no mask holds collides with nothing.
    QByteArray wide = v3;
    wide.replace("<key>category_mask</key> <integer>1</integer>",
                 "<key>category_mask</key> <integer>65536</integer>");
    const ReadResult c = format("cocos2d-plist")->read(wide, {});
    QVERIFY2(c.isOk(), qPrintable(c.error));
    QVERIFY(
        !c.document->layersCollide(QStringLiteral("category-65536"), QStringLiteral("category-2")));
}

void TestPhysicsEditor::phaser2JsonIsNamed() {
    // PhysicsEditor's Phaser 2 (P2) exporter has no reader; a file of it was refused as "not a
    // Hitsmith document". It goes to the Matter reader, which says what it is and what to
    // export instead.
    const QByteArray p2 = R"({"dish": [{"density": 2, "friction": 0, "bounce": 0,
        "filter": {"categoryBits": 1, "maskBits": 65535}, "shape": [1, 2, 5, 2, 3, 6]}]})";
    const FileFormat *guessed = guessReadFormat(QStringLiteral("shapes.json"), p2);
    QVERIFY(guessed);
    QCOMPARE(guessed->name(), QStringLiteral("matter"));
    const ReadResult result = guessed->read(p2, {});
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains(QStringLiteral("Phaser 2 (P2)")) &&
                 result.error.contains(QStringLiteral("Phaser 3 (Matter) exporter")),
             qPrintable(result.error));
}

void TestPhysicsEditor::readBox2dPexmlLayout() {
    // The libGDX template box2d_pexml reads (hi5dev/box2d_pexml, libgdx-physics-editor-tutorial,
    // 2016): bodies under <bodies>, fixtures under <fixtures>, polygons as text under
    // <polygons>, the filter as camelCase elements, <fixture_type>, <anchorpoint>. The same
    // bodies as bugs.xml (pexml.xml is bugs.xml laid out so): the same document. It was taken
    // for AndEngine and imported with every body empty, without a word.
    QStringList flatWarnings, pexmlWarnings;
    const DocumentData flat =
        readFixture("box2d-xml", QStringLiteral("formats/box2d-xml/bugs.xml"), &flatWarnings);
    const DocumentData pexml =
        readFixture("box2d-xml", QStringLiteral("formats/box2d-xml/pexml.xml"), &pexmlWarnings);
    QVERIFY2(pexmlWarnings.isEmpty(), qPrintable(pexmlWarnings.join(u'\n')));
    QCOMPARE(pexml.sprites.size(), 3);
    QCOMPARE(pexml.sprites, flat.sprites);
    QCOMPARE(pexml.collide, flat.collide);
    const QByteArray bytes = readBytes(testData(QStringLiteral("formats/box2d-xml/pexml.xml")));
    const FileFormat *guessed = guessReadFormat(QStringLiteral("physics.xml"), bytes);
    QCOMPARE(guessed ? guessed->name() : QString(), QStringLiteral("box2d-xml"));
    const ReadResult asAndEngine = format("andengine")->read(bytes, {});
    QVERIFY(!asAndEngine.isOk());
    QVERIFY2(asAndEngine.error.contains(QStringLiteral("--format box2d-xml")),
             qPrintable(asAndEngine.error));
}

void TestPhysicsEditor::detectedByContent_data() {
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    const QByteArray andEngine = readBytes(testData(QStringLiteral("formats/andengine/food.xml")));
    const QByteArray box2d = readBytes(testData(QStringLiteral("formats/box2d-xml/bugs.xml")));
    const QByteArray plist =
        readBytes(testData(QStringLiteral("formats/cocos2d-plist/shapes.plist")));
    QTest::newRow("andengine") << "food.xml" << andEngine << "andengine";
    QTest::newRow("box2d") << "bugs.xml" << box2d << "box2d-xml";
    QTest::newRow("plist") << "shapes.plist" << plist << "cocos2d-plist";
    // The extension alone does not decide.
    QTest::newRow("plist named xml") << "shapes.xml" << plist << "cocos2d-plist";
    QTest::newRow("box2d named plist") << "bugs.plist" << box2d << "box2d-xml";
    QTest::newRow("tileset named xml")
        << "tiles.xml" << QByteArray("<?xml version=\"1.0\"?>\n<tileset name=\"t\"/>\n")
        << "tiled-tsx";
    QTest::newRow("metadata first")
        << "m.xml"
        << QByteArray("<bodydef><metadata><format>1</format></metadata><body/></bodydef>")
        << "box2d-xml";
    QTest::newRow("cut bodydef") << "cut.xml" << QByteArray("<bodydef>") << "andengine";
    QTest::newRow("sprite sheet plist")
        << "sheet.plist"
        << QByteArray("<plist version=\"1.0\"><dict><key>frames</key><dict/></dict></plist>")
        << QString();
    QTest::newRow("other xml") << "layout.xml" << QByteArray("<LinearLayout/>") << QString();
    QTest::newRow("not xml") << "x.xml" << QByteArray("{\"a\": 1}") << QString();
}

void TestPhysicsEditor::detectedByContent() {
    QFETCH(QString, fileName);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const FileFormat *guessed = guessReadFormat(fileName, bytes);
    QCOMPARE(guessed ? guessed->name() : QString(), expected);
}

void TestPhysicsEditor::wrongLayoutSaysWhichFormat() {
    const ReadResult asAndEngine =
        format("andengine")
            ->read(readBytes(testData(QStringLiteral("formats/box2d-xml/bugs.xml"))), {});
    QVERIFY(!asAndEngine.isOk());
    QVERIFY2(asAndEngine.error.contains(QStringLiteral("--format box2d-xml")),
             qPrintable(asAndEngine.error));
    const ReadResult asBox2d =
        format("box2d-xml")
            ->read(readBytes(testData(QStringLiteral("formats/andengine/food.xml"))), {});
    QVERIFY(!asBox2d.isOk());
    QVERIFY2(asBox2d.error.contains(QStringLiteral("--format andengine")),
             qPrintable(asBox2d.error));
}

void TestPhysicsEditor::malformed_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");
    const QByteArray andEngine = readBytes(testData(QStringLiteral("formats/andengine/food.xml")));
    const QByteArray box2d = readBytes(testData(QStringLiteral("formats/box2d-xml/bugs.xml")));
    const QByteArray plist =
        readBytes(testData(QStringLiteral("formats/cocos2d-plist/shapes.plist")));
    auto replaced = [](QByteArray bytes, const char *from, const char *to) {
        const qsizetype at = bytes.indexOf(from);
        if (at < 0)
            qFatal("fixture lacks %s", from);
        return bytes.replace(at, qsizetype(qstrlen(from)), to);
    };
    QTest::newRow("empty") << "andengine" << QByteArray("\n") << "file is empty";
    QTest::newRow("nul") << "box2d-xml" << QByteArray("<bodydef>\0", 10) << "NUL bytes";
    QTest::newRow("not xml") << "andengine" << QByteArray("hello") << "line 1, column 1:";
    QTest::newRow("other root") << "andengine" << QByteArray("<tileset/>")
                                << "line 1, column 10: not a PhysicsEditor AndEngine export (the "
                                   "root element is <tileset>";
    QTest::newRow("entities")
        << "andengine"
        << QByteArray("<!DOCTYPE b [<!ENTITY a \"aaaa\">]><bodydef><bodies/></bodydef>")
        << "declares entities";
    QTest::newRow("deep") << "box2d-xml" << QByteArray("<a>").repeated(100)
                          << "nested more than 64";
    QTest::newRow("andengine vertex")
        << "andengine" << replaced(andEngine, "x=\"30.0000\"", "x=\"thirty\"")
        << "line 37, column 54: body \"cup\", fixture 1, polygon 2, vertex 2: attribute x: "
           "\"thirty\" is not a number";
    QTest::newRow("andengine missing y")
        << "andengine" << replaced(andEngine, "y=\"-1.0000\"", "")
        << "line 65, column 50: body \"orange\", fixture 1: <circle> has no y attribute";
    QTest::newRow("andengine bits")
        << "andengine"
        << replaced(andEngine, "filter_categoryBits=\"2\"", "filter_categoryBits=\"70000\"")
        << "body \"knight-attack\", fixture 1: filter_categoryBits: \"70000\" is not a whole "
           "number from 0 to 65535";
    QTest::newRow("andengine nan")
        << "andengine" << replaced(andEngine, "r=\"21.0000\"", "r=\"nan\"")
        << "body \"orange\", fixture 1: attribute r: must be a finite number";
    QTest::newRow("andengine format 2")
        << "andengine" << replaced(andEngine, "<format>1</format>", "<format>2</format>")
        << "line 133, column 16: metadata format \"2\" is not supported";
    QTest::newRow("andengine no bodies")
        << "andengine" << QByteArray("<bodydef version=\"1.0\"><bodies/></bodydef>")
        << "<bodies> holds no <body>";
    QTest::newRow("box2d odd numbers")
        << "box2d-xml" << replaced(box2d, "12.0000, 16.0000, 15", "12.0000 16.0000, 15")
        << "line 43, column 12: body \"ant\", fixture 1, polygon 2: 5 numbers, expected x, y pairs";
    QTest::newRow("box2d bad number")
        << "box2d-xml" << replaced(box2d, "9.4203", "9.4.203")
        << "line 44, column 12: body \"ant\", fixture 1, polygon 3: x of vertex 5: \"9.4.203\" is "
           "not a number";
    QTest::newRow("box2d huge")
        << "box2d-xml" << replaced(box2d, "r=\"7.000\"", "r=\"1e12\"")
        << "body \"ladybug\", fixture 1: attribute r: 1e+12 is out of range";
    QTest::newRow("box2d group") << "box2d-xml"
                                 << replaced(box2d, "<filter_group_index>0</",
                                             "<filter_group_index>x</")
                                 << "line 16, column 23: body \"beetle\", fixture 1: "
                                    "filter_group_index: \"x\" is not a whole "
                                    "number";
    QTest::newRow("plist point")
        << "cocos2d-plist" << replaced(plist, "{ 26.500,-10.000 }", "{ 26.500 -10.000 }")
        << "bodies/banana/fixtures[0]/polygons[1][1]: \"{ 26.500 -10.000 }\" is not a point";
    QTest::newRow("plist type")
        << "cocos2d-plist" << replaced(plist, "<string>CIRCLE</string>", "<string>EDGE</string>")
        << "bodies/hero/fixtures[1]/fixture_type: unknown fixture type \"EDGE\"";
    QTest::newRow("plist radius")
        << "cocos2d-plist" << replaced(plist, "<real>7.500</real>", "<true/>")
        << "bodies/hero/fixtures[1]/circle/radius: expected a number or string, found <true>";
    QTest::newRow("plist no fixtures")
        << "cocos2d-plist" << replaced(plist, "<key>fixtures</key>", "<key>fixturez</key>")
        << "bodies/banana: no \"fixtures\"";
    QTest::newRow("plist key without value")
        << "cocos2d-plist"
        << QByteArray("<plist><dict><key>bodies</key><dict><key>a</key></dict></dict></plist>")
        << "line 1, column 41: bodies: key \"a\" has no value";
    QTest::newRow("plist format") << "cocos2d-plist"
                                  << replaced(plist, "<integer>1</integer>\n            <key>ptm",
                                              "<integer>3</integer>\n            <key>ptm")
                                  << "metadata/format: format \"3\" is not supported";
    QTest::newRow("plist sprite sheet")
        << "cocos2d-plist"
        << QByteArray("<plist version=\"1.0\"><dict><key>frames</key><dict/></dict></plist>")
        << "no \"bodies\"";
    QTest::newRow("plist two values")
        << "cocos2d-plist" << QByteArray("<plist><dict/><dict/></plist>")
        << "a <plist> holds exactly one value";
}

void TestPhysicsEditor::malformed() {
    QFETCH(QString, reader);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    const ReadResult result = FormatRegistry::instance().byName(reader)->read(bytes, {});
    QVERIFY(!result.isOk());
    QVERIFY(result.warnings.isEmpty());
    QVERIFY2(result.error.contains(error), qPrintable(result.error));
}

void TestPhysicsEditor::truncationsNeverHalfLoad_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("path");
    QTest::newRow("andengine") << "andengine"
                               << "formats/andengine/food.xml";
    QTest::newRow("box2d-xml") << "box2d-xml"
                               << "formats/box2d-xml/bugs.xml";
    QTest::newRow("cocos2d-plist") << "cocos2d-plist"
                                   << "formats/cocos2d-plist/shapes.plist";
}

void TestPhysicsEditor::truncationsNeverHalfLoad() {
    QFETCH(QString, reader);
    QFETCH(QString, path);
    const FileFormat *format = FormatRegistry::instance().byName(reader);
    const QByteArray bytes = readBytes(testData(path));
    const ReadResult full = format->read(bytes, {});
    QVERIFY2(full.isOk(), qPrintable(full.error));
    // Every length, not a sample: the files are small.
    for (qsizetype size = 0; size < bytes.size(); ++size) {
        const ReadResult result = format->read(bytes.left(size), {});
        QVERIFY(result.isOk() != !result.error.isEmpty());
        if (result.isOk()) {
            QCOMPARE(*result.document, *full.document);
        }
    }
    checkTruncationsNeverHalfLoad(format, bytes);
}

void TestPhysicsEditor::nativeRoundTrip() {
    // What is imported saves as a Hitsmith document and loads back equal (anchor point included).
    QFETCH(QString, reader);
    QFETCH(QString, path);
    const ReadResult read =
        FormatRegistry::instance().byName(reader)->read(readBytes(testData(path)), {});
    QVERIFY(read.isOk());
    const ReadResult again = HitsmithFormat::parse(HitsmithFormat::serialize(*read.document));
    QVERIFY2(again.isOk(), qPrintable(again.error));
    QCOMPARE(*again.document, *read.document);
}

QTEST_GUILESS_MAIN(TestPhysicsEditor)
#include "tst_formats_physicseditor.moc"
