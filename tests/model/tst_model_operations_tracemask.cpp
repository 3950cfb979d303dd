// Trace stage 1: the alpha mask, growing and shrinking it, and measuring coverage.

#include "operations/tracemask.h"
#include "tracetestsupport.h"

#include <QImage>
#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

class TestTraceMask : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void thresholdIsInclusive_data();
    void thresholdIsInclusive();
    void cellIsCutFromTheImageAndClipped();
    void otherImageFormatsAreConverted();
    void growAndShrink_data();
    void growAndShrink();
    void holesAreFilled_data();
    void holesAreFilled();
    void rasterizeSamplesPixelCentres();
    void intersectionOverUnionTable();
};

void TestTraceMask::thresholdIsInclusive_data() {
    QTest::addColumn<int>("threshold");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("default 128") << 128 << QStringList{"..##"};
    QTest::newRow("1: any alpha") << 1 << QStringList{".###"};
    QTest::newRow("0: every pixel") << 0 << QStringList{"####"};
    QTest::newRow("255: opaque only") << 255 << QStringList{"...#"};
    QTest::newRow("above 255 clamps") << 999 << QStringList{"...#"};
}

void TestTraceMask::thresholdIsInclusive() {
    QFETCH(int, threshold);
    QFETCH(QStringList, expected);
    QImage image(4, 1, QImage::Format_ARGB32);
    const int alphas[] = {0, 127, 128, 255};
    for (int x = 0; x < 4; ++x)
        image.setPixel(x, 0, qRgba(10, 20, 30, alphas[x]));
    QCOMPARE(artFromMask(alphaMask(image, image.rect(), threshold)), expected);
}

void TestTraceMask::cellIsCutFromTheImageAndClipped() {
    QImage image(4, 3, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    image.setPixel(1, 1, qRgba(0, 0, 0, 255));
    image.setPixel(3, 2, qRgba(0, 0, 0, 255));
    QCOMPARE(artFromMask(alphaMask(image, QRect(1, 1, 3, 2), 128)), (QStringList{"#..", "..#"}));
    // A cell hanging over the image's edge: the outside is empty, the size is the cell's.
    QCOMPARE(artFromMask(alphaMask(image, QRect(2, 1, 3, 3), 128)),
             (QStringList{"...", ".#.", "..."}));
    QCOMPARE(alphaMask(image, QRect(10, 10, 2, 2), 128).solidCount(), 0);
    QCOMPARE(alphaMask(QImage(), QRect(0, 0, 2, 2), 128).width, 2);
}

void TestTraceMask::otherImageFormatsAreConverted() {
    QImage image(2, 1, QImage::Format_RGBA8888);
    image.setPixelColor(0, 0, QColor(0, 0, 0, 200));
    image.setPixelColor(1, 0, QColor(0, 0, 0, 20));
    QCOMPARE(artFromMask(alphaMask(image, image.rect(), 128)), QStringList{"#."});
    QImage opaque(2, 1, QImage::Format_RGB32);
    opaque.fill(Qt::red);
    QCOMPARE(artFromMask(alphaMask(opaque, opaque.rect(), 255)), QStringList{"##"});
}

void TestTraceMask::growAndShrink_data() {
    QTest::addColumn<QStringList>("input");
    QTest::addColumn<int>("pixels");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("grow 1 is a plus")
        << QStringList{".....", ".....", "..#..", ".....", "....."} << 1
        << QStringList{".....", "..#..", ".###.", "..#..", "....."};
    QTest::newRow("grow 2 is a disc")
        << QStringList{".....", ".....", "..#..", ".....", "....."} << 2
        << QStringList{"..#..", ".###.", "#####", ".###.", "..#.."};
    QTest::newRow("grow 3 is a disc")
        << QStringList{".......", ".......", ".......", "...#...", ".......", ".......", "......."}
        << 3
        << QStringList{"...#...", ".#####.", ".#####.", "#######", ".#####.", ".#####.", "...#..."};
    QTest::newRow("shrink 2 of a full block")
        << QStringList{"#######", "#######", "#######", "#######", "#######", "#######", "#######"}
        << -2
        << QStringList{".......", ".......", "..###..", "..###..", "..###..", ".......", "......."};
    QTest::newRow("grow stops at the border")
        << QStringList{"#..", "...", "..."} << 1 << QStringList{"##.", "#..", "..."};
    QTest::newRow("shrink 1 keeps the core")
        << QStringList{".....", ".###.", ".###.", ".###.", "....."} << -1
        << QStringList{".....", ".....", "..#..", ".....", "....."};
    QTest::newRow("shrink removes thin parts")
        << QStringList{"#####", ".....", "....."} << -1 << QStringList{".....", ".....", "....."};
    QTest::newRow("the border is empty when shrinking")
        << QStringList{"###", "###", "###"} << -1 << QStringList{"...", ".#.", "..."};
    QTest::newRow("zero is the same mask")
        << QStringList{"#.", ".#"} << 0 << QStringList{"#.", ".#"};
}

void TestTraceMask::growAndShrink() {
    QFETCH(QStringList, input);
    QFETCH(int, pixels);
    QFETCH(QStringList, expected);
    QCOMPARE(artFromMask(grownMask(maskFromArt(input), pixels)), expected);
}

void TestTraceMask::holesAreFilled_data() {
    QTest::addColumn<QStringList>("input");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("ring") << QStringList{"###", "#.#", "###"} << QStringList{"###", "###", "###"};
    QTest::newRow("open to the border")
        << QStringList{"###", "#..", "###"} << QStringList{"###", "#..", "###"};
    // Empty pixels meeting only at a corner are not connected: the solid part is 8-connected.
    QTest::newRow("diagonal gap is closed")
        << QStringList{".###", "#.##", "####"} << QStringList{".###", "####", "####"};
    QTest::newRow("empty") << QStringList{"..", ".."} << QStringList{"..", ".."};
}

void TestTraceMask::holesAreFilled() {
    QFETCH(QStringList, input);
    QFETCH(QStringList, expected);
    QCOMPARE(artFromMask(filledMask(maskFromArt(input))), expected);
}

void TestTraceMask::rasterizeSamplesPixelCentres() {
    // A square from (1,1) to (3,3) holds the centres of pixels 1 and 2 in each direction.
    const QPolygonF square = polygonOf({{1, 1}, {3, 1}, {3, 3}, {1, 3}});
    QCOMPARE(artFromMask(rasterizedMask({square}, 4, 4)),
             (QStringList{"....", ".##.", ".##.", "...."}));
    // The same square the other way round, and a triangle whose hypotenuse passes centres.
    QPolygonF reversed(square.rbegin(), square.rend());
    QCOMPARE(rasterizedMask({reversed}, 4, 4), rasterizedMask({square}, 4, 4));
    const QPolygonF triangle = polygonOf({{0, 0}, {3, 0}, {0, 3}});
    QCOMPARE(artFromMask(rasterizedMask({triangle}, 3, 3)), (QStringList{"##.", "#..", "..."}));
    // Overlapping polygons are a union; parts outside the mask are cut off.
    const QPolygonF wide = polygonOf({{-5, 0}, {2, 0}, {2, 1}, {-5, 1}});
    QCOMPARE(artFromMask(rasterizedMask({wide, square}, 4, 3)),
             (QStringList{"##..", ".##.", ".##."}));
}

void TestTraceMask::intersectionOverUnionTable() {
    const AlphaMask a = maskFromArt({"##..", "##.."});
    QCOMPARE(intersectionOverUnion(a, a), 1.0);
    QCOMPARE(intersectionOverUnion(a, maskFromArt({".##.", ".##."})), 2.0 / 6.0);
    QCOMPARE(intersectionOverUnion(a, maskFromArt({"....", "...."})), 0.0);
    QCOMPARE(intersectionOverUnion(maskFromArt({".."}), maskFromArt({".."})), 1.0);
}

QTEST_APPLESS_MAIN(TestTraceMask)
#include "tst_model_operations_tracemask.moc"
