// Tiled 1.10 tileset layouts that the other Tiled tests and the shared real files lack, in files
// of our own laid out as Tiled 1.10.2 writes them (tests/data/formats/tiled/hero_1_10.tsx and
// .tsj, the same tileset): the tileset-level <tileoffset>, <grid>, <transformations>,
// <wangsets>, objectalignment, tilerendersize and fillmode (read past: they place tiles on a map,
// not shapes on a tile), a point object (read as a point, issue 30), a text object (skipped,
// counted), and an instance of an
// object template, whose shape lives in the template's own file (skipped and said so, not taken
// for a rectangle of zero size). Also where a tile's cell is in a single-image tileset: huge tile
// ids, and files older than Tiled 0.15 that give no "columns".

#include "formattestsupport.h"

#include "formatsniffer.h"

#include <QFileInfo>

using namespace hitsmith;
using namespace formattest;

class TestTiledLayouts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tiled110Layout_data();
    void tiled110Layout();
    void hugeTileIdsKeepTheirCell();
    void columnsFromImageWidth_data();
    void columnsFromImageWidth();
    void typedPropertiesOfTiled10();
    void mapsGiveTheirOwnTilesets_data();
    void mapsGiveTheirOwnTilesets();
    void mapWithoutTilesetsOfItsOwnSaysWhere();
    void mapsAreFoundAndNeverWritten();
    void mapCollisionPairs();
};

void TestTiledLayouts::tiled110Layout_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QString>("file");
    QTest::newRow("tsx") << "tiled-tsx"
                         << "formats/tiled/hero_1_10.tsx";
    QTest::newRow("tsj") << "tiled-tsj"
                         << "formats/tiled/hero_1_10.tsj";
}

void TestTiledLayouts::tiled110Layout() {
    QFETCH(QString, reader);
    QFETCH(QString, file);
    const QString path = testData(file);
    const ReadResult result =
        format(qPrintable(reader))->read(readBytes(path), {path, QFileInfo(path).absolutePath()});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(result.document->sprites.size(), 1);
    const Sprite &hero = result.document->sprites[0];
    QCOMPARE(hero.name, QStringLiteral("hero"));
    QCOMPARE(hero.frames.size(), 2);
    QCOMPARE(hero.frames[0].source, QRectF(0, 0, 32, 32));  // the grid cell, not moved by
    QCOMPARE(hero.frames[1].source, QRectF(32, 0, 32, 32)); // tileoffset
    QCOMPARE(hero.frames[0].shapes,
             QList<Shape>({Shape::rect(QStringLiteral("body"), {16, 17}, {16, 26}, 0,
                                       QStringLiteral("hurtbox")),
                           Shape::point(QStringLiteral("spawn"), {16, 30})}));
    // The rectangle turns 30 degrees about its top-left corner (20, 10).
    QCOMPARE(hero.frames[1].shapes.size(), 1);
    const Shape &blade = hero.frames[1].shapes[0];
    QCOMPARE(blade.id, QStringLiteral("blade"));
    QCOMPARE(blade.layer, QStringLiteral("hitbox"));
    const double a = qDegreesToRadians(30.0);
    const QPointF centre = QPointF(20, 10) + QPointF(5 * std::cos(a) - 2 * std::sin(a),
                                                     5 * std::sin(a) + 2 * std::cos(a));
    QVERIFY(std::abs(blade.center.x() - centre.x()) < 1e-9);
    QVERIFY(std::abs(blade.center.y() - centre.y()) < 1e-9);
    QCOMPARE(blade.angle, 30.0);
    const QString warnings = result.warnings.join(u'\n');
    QCOMPARE(result.warnings.size(), 2);
    QVERIFY2(!warnings.contains(QStringLiteral("point")), qPrintable(warnings));
    // One counted line per kind of skipped object (docs/formats.md).
    QVERIFY2(warnings.contains(QStringLiteral("1 object skipped: text object (Hitsmith holds "
                                              "closed convex shapes only): ")) &&
                 warnings.contains(QStringLiteral("object 3")),
             qPrintable(warnings));
    QVERIFY2(warnings.contains(QStringLiteral(
                 "1 object skipped: instance of an object template (templates are not read): ")) &&
                 warnings.contains(QStringLiteral("object 1 (hitbox.tx)")),
             qPrintable(warnings));
    QVERIFY2(!warnings.contains(QStringLiteral("zero size")), qPrintable(warnings));
}

void TestTiledLayouts::hugeTileIdsKeepTheirCell() {
    const QByteArray tsj = R"({"type": "tileset", "version": "1.10", "name": "t",
 "image": "sheet.png", "imagewidth": 218, "imageheight": 200, "columns": 12,
 "tilewidth": 16, "tileheight": 16, "margin": 1, "spacing": 2, "tilecount": 1,
 "tiles": [{"id": 2000000000, "objectgroup": {"type": "objectgroup",
   "objects": [{"id": 1, "x": 0, "y": 0, "width": 4, "height": 4}]}}]})";
    const ReadResult result =
        FormatRegistry::instance().byName(QStringLiteral("tiled-tsj"))->read(tsj, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    // Column 2e9 % 12 = 8, row 2e9 / 12 = 166,666,666; each cell 16 px plus 2 of spacing.
    QCOMPARE(result.document->sprites.at(0).frames.at(0).source,
             QRectF(1 + 8 * 18.0, 1 + 166666666 * 18.0, 16, 16));
}

void TestTiledLayouts::columnsFromImageWidth_data() {
    // Tilesets written before Tiled 0.15 have no "columns"; Tiled counts them from the image
    // width as libtiled's Tileset::columnCountForWidth does: (71 - 1 + 2) / (16 + 2) = 4 (a
    // 71-pixel image holds 1 + 4 * 16 + 3 * 2 = 71). Tile 5 is then column 1, row 1.
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("tsx") << QStringLiteral("tiled-tsx")
                         << QByteArray(R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset name="old" tilewidth="16" tileheight="16" spacing="2" margin="1">
 <image source="sheet.png" width="71" height="37"/>
 <tile id="5">
  <objectgroup draworder="index">
   <object id="1" x="2" y="3" width="4" height="5"/>
  </objectgroup>
 </tile>
</tileset>
)");
    QTest::newRow("tsj") << QStringLiteral("tiled-tsj")
                         << QByteArray(R"({"name": "old", "image": "sheet.png", "imagewidth": 71,
 "imageheight": 37, "tilewidth": 16, "tileheight": 16, "margin": 1, "spacing": 2,
 "tiles": [{"id": 5, "objectgroup": {"type": "objectgroup",
   "objects": [{"id": 1, "x": 2, "y": 3, "width": 4, "height": 5}]}}]})");
}

void TestTiledLayouts::columnsFromImageWidth() {
    QFETCH(QString, name);
    QFETCH(QByteArray, bytes);
    const ReadResult result = FormatRegistry::instance().byName(name)->read(bytes, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QVERIFY2(result.warnings.isEmpty(), qPrintable(result.warnings.join(u'\n')));
    QCOMPARE(result.document->sprites.at(0).frames.at(0).source,
             QRectF(1 + 1 * 18, 1 + 1 * 18, 16, 16));
    // Without the width either, the frame has no cell and the reader says why.
    QByteArray bare = bytes;
    bare.replace(R"( width="71")", "").replace(R"("imagewidth": 71,)", "");
    const ReadResult unknown = FormatRegistry::instance().byName(name)->read(bare, {});
    QVERIFY2(unknown.isOk(), qPrintable(unknown.error));
    QVERIFY(!unknown.document->sprites.at(0).frames.at(0).source);
    QCOMPARE(unknown.warnings.filter(QStringLiteral("neither its columns")).size(), 1);
}

void TestTiledLayouts::typedPropertiesOfTiled10() {
    // Tiled 1.0 and 1.1 wrote properties as {"name": value} with the types beside them
    // ("propertytypes"; per tile "tileproperties" and "tilepropertytypes"), and Tiled before
    // 1.0 wrote every value as text: read as Tiled's toProperties reads them, typed (a tileset
    // of Tiled 1.0.3 in a public Phaser game gave "true" strings for its bool properties).
    const QByteArray tsj = R"({"name": "t", "image": "sheet.png", "imagewidth": 64,
 "imageheight": 16, "tilewidth": 16, "tileheight": 16, "columns": 4,
 "tileproperties": {"1": {"collides": true, "weight": "2.5"}},
 "tilepropertytypes": {"1": {"collides": "bool", "weight": "float"}},
 "tiles": {"1": {"objectgroup": {"type": "objectgroup", "objects": [{"id": 1, "x": 2, "y": 3,
   "width": 4, "height": 5, "properties": {"solid": "true", "power": 3, "tag": "x"},
   "propertytypes": {"solid": "bool", "power": "int", "tag": "string"}}]}}}})";
    const ReadResult result = format("tiled-tsj")->read(tsj, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Frame &frame = result.document->sprites.at(0).frames.at(0);
    QCOMPARE(frame.properties.value(QStringLiteral("collides")), QJsonValue(true));
    QCOMPARE(frame.properties.value(QStringLiteral("weight")), QJsonValue(2.5));
    const Shape &shape = frame.shapes.at(0);
    QCOMPARE(shape.properties.value(QStringLiteral("solid")), QJsonValue(true));
    QCOMPARE(shape.properties.value(QStringLiteral("power")), QJsonValue(3));
    QCOMPARE(shape.properties.value(QStringLiteral("tag")), QJsonValue(QStringLiteral("x")));
}

void TestTiledLayouts::mapsGiveTheirOwnTilesets_data() {
    // A map keeps its tilesets inline (<tileset firstgid name> holding what a .tsx holds) or in
    // files of their own (<tileset firstgid source>): the own ones are imported, as Tiled's
    // mapreader reads them, the others named (48 public maps, 747 tile shapes, were refused).
    // Two own tilesets of the same name give sprites "tiles" and "tiles-2".
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("tmx") << "tiled-tsx" << QByteArray(R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.1" orientation="orthogonal" width="2" height="2"
     tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="shared.tsx"/>
 <tileset firstgid="9" name="tiles" tilewidth="16" tileheight="16" tilecount="4" columns="2">
  <image source="a.png" width="32" height="32"/>
  <tile id="1">
   <objectgroup draworder="index" id="2">
    <object id="1" x="2" y="3" width="4" height="5"/>
   </objectgroup>
  </tile>
 </tileset>
 <tileset firstgid="13" name="tiles" tilewidth="16" tileheight="16" tilecount="4" columns="2">
  <image source="b.png" width="32" height="32"/>
  <tile id="3">
   <objectgroup draworder="index" id="2">
    <object id="1" x="0" y="0">
     <polygon points="0,0 8,0 0,8"/>
    </object>
   </objectgroup>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="2" height="2">
  <data encoding="csv">9,10,13,14</data>
 </layer>
</map>
)");
    const QByteArray tilesets = R"([{"firstgid": 1, "source": "shared.tsx"},
  {"firstgid": 9, "name": "tiles", "tilewidth": 16, "tileheight": 16, "columns": 2,
   "image": "a.png", "imagewidth": 32, "imageheight": 32,
   "tiles": [{"id": 1, "objectgroup": {"type": "objectgroup", "objects":
     [{"id": 1, "x": 2, "y": 3, "width": 4, "height": 5}]}}]},
  {"firstgid": 13, "name": "tiles", "tilewidth": 16, "tileheight": 16, "columns": 2,
   "image": "b.png", "imagewidth": 32, "imageheight": 32,
   "tiles": [{"id": 3, "objectgroup": {"type": "objectgroup", "objects":
     [{"id": 1, "x": 0, "y": 0, "polygon": [{"x": 0, "y": 0}, {"x": 8, "y": 0},
                                            {"x": 0, "y": 8}]}]}}]}])";
    QTest::newRow("tmj") << "tiled-tsj"
                         << QByteArray(R"({"type": "map", "version": "1.10", "width": 2,
 "height": 2, "tilewidth": 16, "tileheight": 16, "layers": [], "tilesets": )") +
                                tilesets + "}";
    // Tiled before 1.2 wrote no "type": "tilesets" beside "layers" makes it a map (such maps
    // came in as an empty document, without a word).
    QTest::newRow("tmj without type")
        << "tiled-tsj"
        << QByteArray(R"({"version": 1, "width": 2, "height": 2, "tilewidth": 16,
 "tileheight": 16, "layers": [{"type": "tilelayer", "data": [9, 10, 13, 14]}], "tilesets": )") +
               tilesets + "}";
}

void TestTiledLayouts::mapsGiveTheirOwnTilesets() {
    QFETCH(QString, reader);
    QFETCH(QByteArray, bytes);
    const ReadResult result = format(qPrintable(reader))->read(bytes, {});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const DocumentData &doc = *result.document;
    QCOMPARE(doc.sprites.size(), 2);
    QCOMPARE(doc.sprites[0].name, QStringLiteral("tiles"));
    QCOMPARE(doc.sprites[1].name, QStringLiteral("tiles-2"));
    QCOMPARE(doc.sprites[0].frames.at(0).source, QRectF(16, 0, 16, 16));
    QCOMPARE(doc.sprites[0].frames.at(0).shapes.at(0).center, QPointF(4, 5.5));
    QCOMPARE(doc.sprites[1].frames.at(0).source, QRectF(16, 16, 16, 16));
    QCOMPARE(doc.sprites[1].frames.at(0).shapes.at(0).points,
             (QList<QPointF>{{0, 0}, {8, 0}, {0, 8}}));
    const QStringList external = result.warnings.filter(QStringLiteral("shared.tsx"));
    QCOMPARE(external.size(), 1);
    QVERIFY2(external[0].startsWith(QStringLiteral("1 map tileset(s) kept in files of their own")),
             qPrintable(external[0]));
}

void TestTiledLayouts::mapWithoutTilesetsOfItsOwnSaysWhere() {
    const ReadResult tmx = format("tiled-tsx")
                               ->read(R"(<map version="1.10">
 <tileset firstgid="1" source="hero.tsx"/><tileset firstgid="5" source="../fx.tsx"/>
</map>)",
                                      {});
    QVERIFY(!tmx.isOk());
    QVERIFY2(tmx.error.contains(QStringLiteral("hero.tsx, ../fx.tsx")), qPrintable(tmx.error));
    const ReadResult tmj =
        format("tiled-tsj")
            ->read(
                R"({"type": "map", "layers": [], "tilesets": [{"firstgid": 1, "source": "hero.tsj"}]})",
                {});
    QVERIFY(!tmj.isOk());
    QVERIFY2(tmj.error.contains(QStringLiteral("import those files")), qPrintable(tmj.error));
}

void TestTiledLayouts::mapsAreFoundAndNeverWritten() {
    const QByteArray tmx = R"(<?xml version="1.0"?><map version="1.10"/>)";
    for (const char *name : {"level.tmx", "level.xml"}) {
        const FileFormat *guessed = guessReadFormat(QLatin1String(name), tmx);
        QCOMPARE(guessed ? guessed->name() : QString(), QStringLiteral("tiled-tsx"));
    }
    const FileFormat *tmj =
        guessReadFormat(QStringLiteral("level.tmj"), R"({"type": "map", "tilewidth": 16})");
    QCOMPARE(tmj ? tmj->name() : QString(), QStringLiteral("tiled-tsj"));
    QVERIFY(!guessWriteFormat(QStringLiteral("level.tmx"), true));
    QVERIFY(!guessWriteFormat(QStringLiteral("level.tmj"), true));
}

void TestTiledLayouts::mapCollisionPairs() {
    // Each inline tileset says which layers collide: the map keeps the pairs of all, each once.
    // One that does not (every pair of its layers collides, with every other layer too) leaves
    // the map without a matrix, and a warning says so.
    const auto map = [](const QByteArray &secondProperties) {
        return QByteArray(R"(<map version="1.10">
 <tileset firstgid="1" name="a" tilewidth="8" tileheight="8" columns="1">
  <properties><property name="collide" value="[[&quot;hit&quot;, &quot;hurt&quot;]]"/></properties>
  <image source="a.png" width="8" height="8"/>
  <tile id="0"><objectgroup><object id="1" type="hit" x="0" y="0" width="2" height="2"/>
   <object id="2" type="hurt" x="4" y="4" width="2" height="2"/></objectgroup></tile>
 </tileset>
 <tileset firstgid="2" name="b" tilewidth="8" tileheight="8" columns="1">)") +
               secondProperties + R"(
  <image source="b.png" width="8" height="8"/>
  <tile id="0"><objectgroup><object id="1" type="push" x="0" y="0" width="2" height="2"/>
  </objectgroup></tile>
 </tileset>
</map>)";
    };
    const ReadResult both = format("tiled-tsx")
                                ->read(map(R"(<properties><property name="collide"
            value="[[&quot;push&quot;, &quot;push&quot;], [&quot;hurt&quot;, &quot;hit&quot;]]"/>
            </properties>)"),
                                       {});
    QVERIFY2(both.isOk(), qPrintable(both.error));
    QCOMPARE(both.document->collide,
             std::optional<QList<LayerPair>>({{QStringLiteral("hit"), QStringLiteral("hurt")},
                                              {QStringLiteral("push"), QStringLiteral("push")}}));
    const ReadResult mixed = format("tiled-tsx")->read(map({}), {});
    QVERIFY2(mixed.isOk(), qPrintable(mixed.error));
    QVERIFY(!mixed.document->collide);
    QCOMPARE(mixed.warnings.filter(QStringLiteral("every layer pair of the map collides")).size(),
             1);
}

QTEST_GUILESS_MAIN(TestTiledLayouts)
#include "tst_formats_tiledlayouts.moc"
