// `hitsmith-cli trace` as a build pipeline uses it: the document it writes, cells, options and
// exit codes.

#include "clirunner.h"
#include "hitsmithformat.h"
#include "operations/tracemask.h"
#include "validation.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace hitsmith;

namespace {

/// The first sprite's image path exactly as the file stores it.
QString storedImagePath(const QString &file) {
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll())
        .object()[QStringLiteral("sprites")]
        .toArray()
        .at(0)
        .toObject()[QStringLiteral("image")]
        .toString();
}

} // namespace

namespace {

void fill(QImage &image, const QRect &rect) {
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x)
            image.setPixel(x, y, qRgba(200, 50, 50, 255));
}

// A 16x16 sheet of four 8x8 cells: a square, nothing, an L, two separate dots.
QString writeSheet(const QString &path) {
    QImage image(16, 16, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    fill(image, QRect(2, 2, 4, 4));
    fill(image, QRect(1, 9, 2, 6));
    fill(image, QRect(1, 13, 6, 2));
    fill(image, QRect(9, 9, 2, 2));
    fill(image, QRect(13, 13, 2, 2));
    image.setPixel(12, 3, qRgba(0, 0, 0, 100)); // faint: below the default alpha 128
    return image.save(path) ? path : QString();
}

QRectF shapesBounds(const Frame &frame) {
    QRectF bounds;
    for (const Shape &shape : frame.shapes)
        bounds = bounds.united(shape.boundingRect());
    return bounds;
}

std::optional<DocumentData> load(const QString &path) {
    const ReadResult result = loadDocumentFile(path);
    return result.isOk() ? result.document : std::nullopt;
}

QString examples() {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + QStringLiteral("/examples/");
}

} // namespace

class TestCliTrace : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sheetByCell();
    void gridGivesTheSameCells();
    void anyNumberOfThreadsWritesTheSameFile();
    void wholeImageIsOneFrame();
    void optionsTakeEffect();
    void badOptionsExitTwo_data();
    void badOptionsExitTwo();
    void unreadableImageExitsTwo();
    void bundledSheetsGiveValidPieces_data();
    void bundledSheetsGiveValidPieces();
};

void TestCliTrace::sheetByCell() {
    QTemporaryDir dir;
    const QString sheet = writeSheet(dir.filePath(QStringLiteral("sheet.png")));
    const QString out = dir.filePath(QStringLiteral("sheet.json"));
    const CliRun run = runCli({"trace", sheet, "--cell", "8x8", "-o", out});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QByteArray());
    const std::optional<DocumentData> document = load(out);
    QVERIFY(document);
    QVERIFY(validateDocument(*document).isEmpty());
    QCOMPARE(runCli({"validate", out}).exitCode, 0);
    QCOMPARE(document->sprites.size(), 1);
    const Sprite &sprite = document->sprites[0];
    QCOMPARE(sprite.name, QStringLiteral("sheet"));
    // Absolute in memory, relative to OUT in the file.
    QCOMPARE(sprite.image, QDir(dir.path()).absoluteFilePath(QStringLiteral("sheet.png")));
    QCOMPARE(storedImagePath(out), QStringLiteral("sheet.png"));
    QCOMPARE(sprite.frames.size(), 4);
    QCOMPARE(sprite.frames[0].name, QStringLiteral("frame-1"));
    QCOMPARE(sprite.frames[1].source, QRectF(8, 0, 8, 8));
    QCOMPARE(sprite.frames[2].source, QRectF(0, 8, 8, 8));
    // The square, in cell coordinates: within a tolerance of its pixel outline 2..6.
    const QList<Shape> &square = sprite.frames[0].shapes;
    QCOMPARE(square.size(), 1);
    QCOMPARE(square[0].id, QStringLiteral("trace-1"));
    QCOMPARE(square[0].layer, QStringLiteral("hurtbox"));
    const QRectF bounds = square[0].boundingRect();
    QVERIFY2(QRectF(1.5, 1.5, 5, 5).contains(bounds) && bounds.contains(QRectF(2.5, 2.5, 3, 3)),
             qPrintable(QStringLiteral("%1 %2 %3 %4")
                            .arg(bounds.x())
                            .arg(bounds.y())
                            .arg(bounds.width())
                            .arg(bounds.height())));
    QVERIFY(sprite.frames[1].shapes.isEmpty());  // only a faint pixel there
    QCOMPARE(sprite.frames[2].shapes.size(), 2); // the L: two convex pieces
    QCOMPARE(sprite.frames[3].shapes.size(), 2); // two dots
    QCOMPARE(sprite.frames[3].shapes[1].id, QStringLiteral("trace-2"));
    QVERIFY(sprite.frames[3].shapes[1].boundingRect().center().x() > 4); // second dot: (5..7)
}

void TestCliTrace::gridGivesTheSameCells() {
    QTemporaryDir dir;
    const QString sheet = writeSheet(dir.filePath(QStringLiteral("sheet.png")));
    QCOMPARE(runCli({"trace", sheet, "--cell", "8x8", "-o", dir.filePath("a.json")}).exitCode, 0);
    QCOMPARE(runCli({"trace", sheet, "--grid", "2x2", "-o", dir.filePath("b.json")}).exitCode, 0);
    QCOMPARE(*load(dir.filePath("a.json")), *load(dir.filePath("b.json")));
}

void TestCliTrace::anyNumberOfThreadsWritesTheSameFile() {
    // The bundled sheet in 8 x 8 cells: more cells than one thread's run (32).
    QTemporaryDir dir;
    QByteArray first;
    for (const char *threads : {"1", "2", "3", "0"}) {
        const QString out = dir.filePath(QStringLiteral("t%1.json").arg(threads));
        QCOMPARE(runCli({"trace", examples() + "knight.png", "--cell", "8x8", "--threads", threads,
                         "-o", out})
                     .exitCode,
                 0);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(bytes.count("\"trace-") > 40);
        if (first.isEmpty())
            first = bytes;
        QCOMPARE(bytes, first);
    }
}

void TestCliTrace::wholeImageIsOneFrame() {
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("art")));
    const QString sheet = writeSheet(dir.filePath(QStringLiteral("art/sheet.png")));
    const QString out = dir.filePath(QStringLiteral("hitboxes.json"));
    QCOMPARE(runCli({"trace", sheet, "-o", out}).exitCode, 0);
    const std::optional<DocumentData> document = load(out);
    QVERIFY(document);
    QCOMPARE(storedImagePath(out), QStringLiteral("art/sheet.png"));
    QCOMPARE(document->sprites[0].frames.size(), 1);
    QVERIFY(!document->sprites[0].frames[0].source);
    // Square, L (two pieces) and two dots: the faint pixel is below the default threshold.
    QCOMPARE(document->sprites[0].frames[0].shapes.size(), 5);
    // A lower threshold takes the faint pixel in. A lone pixel fits within the default 1 px
    // tolerance (a speck: no piece), so it shows with a finer one.
    auto faintPixelTraced = [&](const QStringList &options) {
        QStringList arguments{QStringLiteral("trace"), sheet, QStringLiteral("-o"), out};
        arguments += options;
        if (runCli(arguments).exitCode != 0)
            return false;
        const QList<Shape> shapes = load(out)->sprites[0].frames[0].shapes;
        return std::any_of(shapes.begin(), shapes.end(), [](const Shape &shape) {
            return shape.boundingRect().contains(QPointF(12.5, 3.5));
        });
    };
    QVERIFY(faintPixelTraced({"--alpha", "50", "--tolerance", "0.4"}));
    QVERIFY(!faintPixelTraced({"--alpha", "50"}));
    QVERIFY(!faintPixelTraced({"--tolerance", "0.4"}));
}

void TestCliTrace::optionsTakeEffect() {
    QTemporaryDir dir;
    const QString sheet = writeSheet(dir.filePath(QStringLiteral("sheet.png")));
    const QString out = dir.filePath(QStringLiteral("out.json"));
    QCOMPARE(runCli({"trace", sheet, "--cell", "8x8", "--hull", "--layer", "hitbox", "-o", out})
                 .exitCode,
             0);
    std::optional<DocumentData> document = load(out);
    QCOMPARE(document->sprites[0].frames[2].shapes.size(), 1); // the L's hull
    QCOMPARE(document->sprites[0].frames[2].shapes[0].layer, QStringLiteral("hitbox"));
    // Growing by 1 pixel (a disc: the corners stay cut) makes the square bigger.
    QCOMPARE(runCli({"trace", sheet, "--cell", "8x8", "--grow", "1", "--tolerance", "0", "-o", out})
                 .exitCode,
             0);
    document = load(out);
    QCOMPARE(shapesBounds(document->sprites[0].frames[0]), QRectF(1, 1, 6, 6));
    QCOMPARE(document->sprites[0].frames[0].shapes.size(), 3); // a plus-like octagon: 3 pieces
    QCOMPARE(
        runCli({"trace", sheet, "--cell", "8x8", "--grow", "-1", "--tolerance", "0", "-o", out})
            .exitCode,
        0);
    document = load(out);
    QCOMPARE(shapesBounds(document->sprites[0].frames[0]), QRectF(3, 3, 2, 2));
    QVERIFY(document->sprites[0].frames[3].shapes.isEmpty()); // 2x2 dots shrink away
    // A vertex budget of 3 makes triangles only.
    QCOMPARE(runCli({"trace", sheet, "--max-vertices", "3", "-o", out}).exitCode, 0);
    document = load(out); // held: a range-for over a temporary's member would dangle
    QVERIFY(document && !document->sprites[0].frames[0].shapes.isEmpty());
    for (const Shape &shape : std::as_const(document->sprites[0].frames[0].shapes))
        QCOMPARE(shape.points.size(), 3);
}

void TestCliTrace::badOptionsExitTwo_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("alpha too big") << QStringList{"--alpha", "300"} << QByteArray("--alpha");
    QTest::newRow("threads negative") << QStringList{"--threads", "-1"} << QByteArray("--threads");
    QTest::newRow("alpha not a number") << QStringList{"--alpha", "x"} << QByteArray("--alpha");
    QTest::newRow("grow not a number") << QStringList{"--grow", "1.5"} << QByteArray("--grow");
    QTest::newRow("negative tolerance")
        << QStringList{"--tolerance", "-1"} << QByteArray("--tolerance");
    QTest::newRow("nan tolerance")
        << QStringList{"--tolerance", "nan"} << QByteArray("--tolerance");
    QTest::newRow("2 vertices") << QStringList{"--max-vertices", "2"}
                                << QByteArray("--max-vertices");
    QTest::newRow("negative vertices")
        << QStringList{"--max-vertices", "-1"} << QByteArray("--max-vertices");
    QTest::newRow("cell 0x8") << QStringList{"--cell", "0x8"} << QByteArray("--cell");
    QTest::newRow("cell garbage") << QStringList{"--cell", "8"} << QByteArray("--cell");
    QTest::newRow("cell bigger than image")
        << QStringList{"--cell", "32x8"} << QByteArray("does not fit");
    QTest::newRow("grid bigger than image")
        << QStringList{"--grid", "17x1"} << QByteArray("does not fit");
    QTest::newRow("cell and grid")
        << QStringList{"--cell", "8x8", "--grid", "2x2"} << QByteArray("together");
    QTest::newRow("empty layer") << QStringList{"--layer", " "} << QByteArray("--layer");
    QTest::newRow("unknown option") << QStringList{"--frobnicate"} << QByteArray("frobnicate");
}

void TestCliTrace::badOptionsExitTwo() {
    QFETCH(QStringList, options);
    QFETCH(QByteArray, message);
    QTemporaryDir dir;
    const QString sheet = writeSheet(dir.filePath(QStringLiteral("sheet.png")));
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const CliRun run = runCli(QStringList{"trace", sheet} + options + QStringList{"-o", out});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), run.err);
    QVERIFY(!QFile::exists(out));
    QCOMPARE(runCli({"trace", sheet}).exitCode, 2); // no -o
}

void TestCliTrace::unreadableImageExitsTwo() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const CliRun missing = runCli({"trace", dir.filePath("missing.png"), "-o", out});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("missing.png: cannot read the image"), missing.err);
    QFile junk(dir.filePath(QStringLiteral("junk.png")));
    QVERIFY(junk.open(QIODevice::WriteOnly));
    junk.write("\x89PNG\r\n\x1a\nnot really");
    junk.close();
    const CliRun broken = runCli({"trace", junk.fileName(), "-o", out});
    QCOMPARE(broken.exitCode, 2);
    QVERIFY2(broken.err.contains("junk.png: cannot read the image"), broken.err);
    QVERIFY(!QFile::exists(out));
}

void TestCliTrace::bundledSheetsGiveValidPieces_data() {
    QTest::addColumn<QString>("image");
    QTest::addColumn<QString>("cell");
    QTest::addColumn<int>("frames");
    QTest::newRow("knight") << QStringLiteral("knight.png") << QStringLiteral("64x64") << 4;
    QTest::newRow("slime") << QStringLiteral("slime.png") << QStringLiteral("32x32") << 3;
}

void TestCliTrace::bundledSheetsGiveValidPieces() {
    QFETCH(QString, image);
    QFETCH(QString, cell);
    QFETCH(int, frames);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const CliRun run = runCli({"trace", examples() + image, "--cell", cell, "-o", out});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(runCli({"validate", out}).exitCode, 0);
    const std::optional<DocumentData> document = load(out);
    QCOMPARE(document->sprites[0].frames.size(), frames);
    const QImage art(examples() + image);
    for (const Frame &frame : document->sprites[0].frames) {
        QVERIFY2(!frame.shapes.isEmpty(), qPrintable(frame.name));
        QList<QPolygonF> pieces;
        for (const Shape &shape : frame.shapes) {
            QVERIFY(shape.points.size() <= 8);
            QVERIFY(!validateShape(shape));
            pieces.append(QPolygonF(shape.points));
        }
        // The pieces cover the art: the cell's solid pixels (holes filled), by pixel centres.
        const operations::AlphaMask solid =
            operations::filledMask(operations::alphaMask(art, frame.source->toRect(), 128));
        const double iou = operations::intersectionOverUnion(
            operations::rasterizedMask(pieces, solid.width, solid.height), solid);
        QVERIFY2(iou >= 0.95, qPrintable(QStringLiteral("%1: IoU %2").arg(frame.name).arg(iou)));
    }
}

QTEST_GUILESS_MAIN(TestCliTrace)
#include "tst_cli_trace.moc"
