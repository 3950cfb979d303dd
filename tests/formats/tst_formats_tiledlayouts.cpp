// Tiled 1.10 tileset layouts that the other Tiled tests and the shared real files lack, in files
// of our own laid out as Tiled 1.10.2 writes them (tests/data/formats/tiled/hero_1_10.tsx and
// .tsj, the same tileset): the tileset-level <tileoffset>, <grid>, <transformations>,
// <wangsets>, objectalignment, tilerendersize and fillmode (read past: they place tiles on a map,
// not shapes on a tile), a point object (read as a point, issue 30), a text object (skipped,
// counted), and an instance of an
// object template, whose shape lives in the template's own file (skipped and said so, not taken
// for a rectangle of zero size).

#include "formattestsupport.h"

#include <QFileInfo>

using namespace hitsmith;
using namespace formattest;

class TestTiledLayouts : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tiled110Layout_data();
    void tiled110Layout();
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

QTEST_GUILESS_MAIN(TestTiledLayouts)
#include "tst_formats_tiledlayouts.moc"
