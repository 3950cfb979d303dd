// Trace quality and speed figures (never pass/fail).
//
//   bench_trace [DUMP_DIR]
//
// Quality: generated sprites (64 and 128 px) and the bundled example art, traced with the
// defaults (alpha 128, tolerance 1 px) at budget 8 and without a budget: parts, pieces, most
// vertices in a piece, invalid pieces, IoU of the union of the pieces vs the hole-filled mask.
// With DUMP_DIR, each mask (PNG) and our outlines and pieces (JSON) go there for compare.py.
// Speed: a 2048x2048 sheet of 16x16 cells, two figures, median of 5 runs each:
//  - the command: the built `hitsmith-cli trace SHEET.png --cell 16x16 -o OUT.json` run as a
//    subprocess, timed from start to exit: process start, PNG decode, every cell's mask and
//    pieces, the document built and written as JSON (what a user waits for);
//  - mask and pieces only: traceMask + tracePieces cell by cell in this process on the decoded
//    image (the tracing itself, without decode, document or file).

#include "generatedsprites.h"
#include "operations/trace.h"
#include "operations/traceoutline.h"
#include "validation.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

QJsonArray toJson(const QPolygonF &polygon) {
    QJsonArray points;
    for (QPointF p : polygon)
        points.append(QJsonArray{p.x(), p.y()});
    return points;
}

QJsonArray toJson(const QList<QPolygonF> &polygons) {
    QJsonArray list;
    for (const QPolygonF &polygon : polygons)
        list.append(toJson(polygon));
    return list;
}

struct Row {
    QString name;
    int parts = 0, pieces8 = 0, pieces0 = 0, most8 = 0, invalid = 0;
    double iou8 = 0, iou0 = 0;
};

Row measure(const QString &name, const QImage &image, const QRect &cell, const QString &dumpDir) {
    Row row{name};
    TraceOptions options;
    const AlphaMask mask = traceMask(image, cell, options);
    const AlphaMask filled = filledMask(mask);
    options.maxVertices = 8;
    const TracedPieces budget = tracePieces(mask, options);
    options.maxVertices = 0;
    const TracedPieces unlimited = tracePieces(mask, options);
    row.parts = budget.partCount;
    row.pieces8 = int(budget.pieces.size());
    row.pieces0 = int(unlimited.pieces.size());
    row.invalid = budget.droppedCount + unlimited.droppedCount;
    for (const QPolygonF &piece : budget.pieces) {
        row.most8 = std::max(row.most8, int(piece.size()));
        row.invalid += validateShape(Shape::polygon(QStringLiteral("p"), piece.toList())) ? 1 : 0;
    }
    row.iou8 =
        intersectionOverUnion(rasterizedMask(budget.pieces, mask.width, mask.height), filled);
    row.iou0 =
        intersectionOverUnion(rasterizedMask(unlimited.pieces, mask.width, mask.height), filled);
    if (!dumpDir.isEmpty()) {
        const QString stem = QString(name).replace(QLatin1Char(' '), QLatin1Char('_'));
        QImage png(mask.width, mask.height, QImage::Format_Grayscale8);
        for (int y = 0; y < mask.height; ++y)
            for (int x = 0; x < mask.width; ++x)
                png.setPixel(x, y, mask.contains(x, y) ? qRgb(255, 255, 255) : qRgb(0, 0, 0));
        png.save(dumpDir + QLatin1Char('/') + stem + QStringLiteral(".png"));
        QList<QPolygonF> outlines;
        for (const PartOutline &part : traceOutlines(mask))
            outlines.append(
                tracedOutline(part.outer, options, QRectF(0, 0, mask.width, mask.height)));
        QJsonObject json{{"name", name},
                         {"outlines", toJson(outlines)},
                         {"pieces8", toJson(budget.pieces)},
                         {"pieces0", toJson(unlimited.pieces)},
                         {"iou8", row.iou8},
                         {"iou0", row.iou0}};
        QFile file(dumpDir + QLatin1Char('/') + stem + QStringLiteral(".json"));
        if (file.open(QIODevice::WriteOnly))
            file.write(QJsonDocument(json).toJson(QJsonDocument::Compact));
    }
    return row;
}

QImage sheet2048() {
    // Each 16x16 cell holds a disc, a star or a rotated bar, anti-aliased; every 7th is empty.
    QImage image = blankSprite(2048);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    QRandomGenerator random(7);
    for (int cell = 0; cell < 128 * 128; ++cell) {
        if (cell % 7 == 6)
            continue;
        const QPointF centre((cell % 128) * 16 + 8, (cell / 128) * 16 + 8);
        QPainterPath path;
        switch (cell % 3) {
        case 0: {
            // One draw per statement: argument order is unspecified (GCC and clang differ).
            const int rx = 3 + random.bounded(4);
            path.addEllipse(centre, rx, 3 + random.bounded(4));
            break;
        }
        case 1:
            path = starPath(centre, 4 + random.bounded(3), 7, 3);
            break;
        default: {
            QTransform rotation;
            rotation.translate(centre.x(), centre.y()).rotate(random.bounded(180));
            QPainterPath bar;
            bar.addRect(QRectF(-6, -2, 12, 4));
            path = rotation.map(bar);
        }
        }
        painter.fillPath(path, Qt::black);
    }
    return image.convertToFormat(QImage::Format_ARGB32);
}

} // namespace

int main(int argc, char **argv) {
    QGuiApplication app(argc, argv); // fonts for the letters
    const QString dumpDir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (!dumpDir.isEmpty())
        QDir().mkpath(dumpDir);
    QTextStream out(stdout);

    QList<Row> rows;
    for (int size : {64, 128})
        for (const GeneratedSprite &sprite : generatedSprites(size))
            rows.append(measure(QStringLiteral("%1 %2px").arg(sprite.name).arg(size), sprite.image,
                                sprite.image.rect(), dumpDir));
    const QString examples = QStringLiteral(HITSMITH_SOURCE_DIR "/examples/");
    const QImage knight(examples + QStringLiteral("knight.png"));
    for (int i = 0; i < 4; ++i)
        rows.append(measure(QStringLiteral("knight cell %1").arg(i + 1), knight,
                            QRect(i * 64, 0, 64, 64), dumpDir));
    const QImage slime(examples + QStringLiteral("slime.png"));
    for (int i = 0; i < 3; ++i)
        rows.append(measure(QStringLiteral("slime cell %1").arg(i + 1), slime,
                            QRect(i * 32, 0, 32, 32), dumpDir));

    out << "sprite | parts | pieces (budget 8) | most vertices | pieces (no limit) | IoU (8) | "
           "IoU (no limit) | invalid\n";
    double worst = 1;
    int invalid = 0, pieces = 0;
    for (const Row &row : rows) {
        out << row.name << " | " << row.parts << " | " << row.pieces8 << " | " << row.most8 << " | "
            << row.pieces0 << " | " << QString::number(row.iou8, 'f', 3) << " | "
            << QString::number(row.iou0, 'f', 3) << " | " << row.invalid << '\n';
        worst = std::min(worst, row.iou8);
        invalid += row.invalid;
        pieces += row.pieces8;
    }
    out << "total: " << rows.size() << " sprites, " << pieces << " pieces (budget 8), " << invalid
        << " invalid, worst IoU " << QString::number(worst, 'f', 3) << "\n";
    out.flush();

    // Speed 1: the whole command, as a user runs it, on the sheet saved as a PNG.
    const QImage sheet = sheet2048();
    if (!dumpDir.isEmpty()) // for compare.py's timing of the whole command against its peer
        sheet.save(dumpDir + QStringLiteral("/sheet2048.png"));
    QTemporaryDir work;
    const QString png = work.filePath(QStringLiteral("sheet.png"));
    const QString json = work.filePath(QStringLiteral("sheet.json"));
    if (!work.isValid() || !sheet.save(png)) {
        out << "cannot write " << png << '\n';
        return 1;
    }
    const QString cli = QStringLiteral(HITSMITH_CLI);
    std::vector<double> commandTimes;
    for (int run = 0; run < 5; ++run) {
        QFile::remove(json);
        QProcess process;
        QElapsedTimer timer;
        timer.start();
        process.start(cli, {QStringLiteral("trace"), png, QStringLiteral("--cell"),
                            QStringLiteral("16x16"), QStringLiteral("-o"), json});
        if (!process.waitForFinished(600000) || process.exitStatus() != QProcess::NormalExit ||
            process.exitCode() != 0) {
            out << cli << " trace failed: " << process.readAllStandardError() << '\n';
            return 1;
        }
        commandTimes.push_back(timer.nsecsElapsed() / 1e6);
    }
    std::sort(commandTimes.begin(), commandTimes.end());
    out << "2048x2048 sheet, 16384 cells of 16x16, `hitsmith-cli trace --cell 16x16 -o` as a "
           "subprocess (decode, trace, write): "
        << QString::number(commandTimes[2], 'f', 1) << " ms median of 5 (min "
        << QString::number(commandTimes[0], 'f', 1) << " ms), PNG "
        << QString::number(QFileInfo(png).size() / 1e3, 'f', 0) << " kB, JSON written "
        << QString::number(QFileInfo(json).size() / 1e6, 'f', 1) << " MB\n";
    out.flush();

    // Speed 2: mask and pieces only, cell by cell, on the decoded image in this process.
    std::vector<double> times;
    qsizetype shapes = 0;
    for (int run = 0; run < 5; ++run) {
        QElapsedTimer timer;
        timer.start();
        shapes = 0;
        TraceOptions options;
        for (int y = 0; y < 2048; y += 16)
            for (int x = 0; x < 2048; x += 16)
                shapes += tracePieces(traceMask(sheet, QRect(x, y, 16, 16), options), options)
                              .pieces.size();
        times.push_back(timer.nsecsElapsed() / 1e6);
    }
    std::sort(times.begin(), times.end());
    out << "the same sheet, mask and pieces only (traceMask + tracePieces per cell, no decode, "
           "document or file): "
        << QString::number(times[2], 'f', 1) << " ms median of 5 (min "
        << QString::number(times[0], 'f', 1) << " ms), " << shapes << " pieces\n";
    return 0;
}
