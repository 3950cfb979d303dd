// A sprite's "flip" mirrors its whole image before a frame's source rectangle picks the cell
// (a mirrored copy of a sprite refers to the same PNG): the frame pictures every view shares, and
// the canvas drawing them.

#include "canvas.h"
#include "canvasview.h"
#include "editorsession.h"
#include "framepicture.h"

#include <QGraphicsView>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace hitsmith;

namespace {

constexpr int kWidth = 8;
constexpr int kHeight = 4;

/// Every pixel a colour of its own, so a wrong flip or crop cannot match by accident.
QColor colourAt(int x, int y) {
    return QColor(20 + x * 28, 30 + y * 50, 200 - x * 10 - y * 20);
}

QString writeSheet(const QTemporaryDir &dir) {
    QImage image(kWidth, kHeight, QImage::Format_RGB32);
    for (int y = 0; y < kHeight; ++y)
        for (int x = 0; x < kWidth; ++x)
            image.setPixelColor(x, y, colourAt(x, y));
    const QString path = dir.filePath(QStringLiteral("sheet.png"));
    image.save(path);
    return path;
}

} // namespace

class TestCanvasFlip : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cacheFlipsTheWholeImageBeforeCropping_data();
    void cacheFlipsTheWholeImageBeforeCropping();
    void canvasDrawsTheFlippedCell();
};

void TestCanvasFlip::cacheFlipsTheWholeImageBeforeCropping_data() {
    QTest::addColumn<ImageFlip>("flip");
    QTest::addColumn<bool>("horizontal");
    QTest::addColumn<bool>("vertical");
    QTest::newRow("none") << ImageFlip::None << false << false;
    QTest::newRow("horizontal") << ImageFlip::Horizontal << true << false;
    QTest::newRow("vertical") << ImageFlip::Vertical << false << true;
    QTest::newRow("both") << ImageFlip::Both << true << true;
}

void TestCanvasFlip::cacheFlipsTheWholeImageBeforeCropping() {
    QFETCH(ImageFlip, flip);
    QFETCH(bool, horizontal);
    QFETCH(bool, vertical);
    QTemporaryDir dir;
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("hero");
    sprite.image = writeSheet(dir);
    sprite.flip = flip;
    Frame right;
    right.name = QStringLiteral("right");
    right.source = QRectF(4, 1, 4, 3); // the right half, without the top row
    Frame all;
    all.name = QStringLiteral("all"); // no source: the whole image
    sprite.frames = {right, all};
    data.sprites = {sprite};

    FramePictures pictures;
    const FramePicture whole = pictures.picture(data, 0, 1, dir.path());
    QVERIFY(whole.isOk());
    QCOMPARE(whole.image.size(), QSize(kWidth, kHeight));
    QCOMPARE(whole.position, QPointF(0, 0));
    const FramePicture picture = pictures.picture(data, 0, 0, dir.path());
    QVERIFY(picture.isOk());
    QCOMPARE(picture.position, QPointF(0, 0)); // a cell sits at its frame's corner
    const QImage cell = picture.image;
    QCOMPARE(cell.size(), QSize(4, 3));
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 4; ++x) {
            // The cell's pixel sits at (4 + x, 1 + y) of the flipped image.
            const int fx = 4 + x, fy = 1 + y;
            const QColor expected =
                colourAt(horizontal ? kWidth - 1 - fx : fx, vertical ? kHeight - 1 - fy : fy);
            QCOMPARE(cell.pixelColor(x, y), expected);
        }
    }
}

void TestCanvasFlip::canvasDrawsTheFlippedCell() {
    QTemporaryDir dir;
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("hero-left");
    sprite.image = writeSheet(dir);
    sprite.flip = ImageFlip::Horizontal;
    Frame frame;
    frame.name = QStringLiteral("idle");
    frame.source = QRectF(4, 0, 4, 4);
    sprite.frames = {frame};
    data.sprites = {sprite};
    EditorSession session;
    session.document()->reset(data, dir.filePath(QStringLiteral("doc.json")));
    Canvas canvas(&session);
    canvas.resize(400, 300);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    session.setCurrentFrame({0, 0});
    canvas.setZoom(16.0);
    canvas.view()->centerOn(2, 2);
    QCoreApplication::processEvents();
    const QImage shot = canvas.view()->viewport()->grab().toImage();
    for (int y = 1; y < 3; ++y) {
        for (int x = 1; x < 3; ++x) {
            const QPoint at = canvas.view()->mapFromScene(QPointF(x + 0.5, y + 0.5));
            // Flipped horizontally, the cell at x 4..7 holds columns 3..0 of the file.
            QCOMPARE(shot.pixelColor(at), colourAt(kWidth - 1 - (4 + x), y));
        }
    }
    // Unflipped, the same cell shows the file's own columns 4..7.
    DocumentData plain = session.document()->data();
    plain.sprites[0].flip = ImageFlip::None;
    session.document()->reset(plain, dir.filePath(QStringLiteral("doc.json")));
    session.setCurrentFrame({0, 0});
    canvas.setZoom(16.0);
    canvas.view()->centerOn(2, 2);
    QCoreApplication::processEvents();
    const QImage unflipped = canvas.view()->viewport()->grab().toImage();
    const QPoint at = canvas.view()->mapFromScene(QPointF(1.5, 1.5));
    QCOMPARE(unflipped.pixelColor(at), colourAt(5, 1));
}

QTEST_MAIN(TestCanvasFlip)
#include "tst_ui_canvas_flip.moc"
