#include "clicommands.h"
#include "commandline.h"

#include "hitsmithformat.h"
#include "operations/trace.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QRegularExpression>

#include <cmath>
#include <optional>

namespace hitsmith::cli {

using namespace hitsmith::operations;

namespace {

// "WxH" as two positive integers.
std::optional<QSize> parseSize(const QString &text) {
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,6})x(\\d{1,6})$"));
    const QRegularExpressionMatch match = pattern.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    const QSize size(match.captured(1).toInt(), match.captured(2).toInt());
    if (size.width() <= 0 || size.height() <= 0)
        return std::nullopt;
    return size;
}

std::optional<int> parseInt(const QString &text, int low, int high) {
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value < low || value > high)
        return std::nullopt;
    return value;
}

} // namespace

int runTrace(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Traces hitboxes from an image's alpha into a new Hitsmith document: one sprite named "
        "after the image, one frame per cell (or one for the whole image), and on each frame "
        "the convex pieces (or hulls) of its opaque parts, ids trace-1, trace-2, ..., in frame "
        "coordinates (origin at the cell's top-left, y down). A cell without an opaque pixel "
        "gets an empty frame.\n"
        "Exit status: 0 written, 2 the image cannot be read, OUT cannot be written, or bad "
        "usage."));
    const QCommandLineOption cellOption(QStringLiteral("cell"),
                                        QStringLiteral("Cell size of a sprite sheet."),
                                        QStringLiteral("WxH"));
    const QCommandLineOption gridOption(QStringLiteral("grid"),
                                        QStringLiteral("Columns and rows of a sprite sheet."),
                                        QStringLiteral("COLSxROWS"));
    const QCommandLineOption alphaOption(
        QStringLiteral("alpha"), QStringLiteral("Solid when alpha >= A, 0..255 (default 128)."),
        QStringLiteral("A"), QStringLiteral("128"));
    const QCommandLineOption growOption(
        QStringLiteral("grow"),
        QStringLiteral("Grow the mask by N whole pixels; negative shrinks (default 0)."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption toleranceOption(
        QStringLiteral("tolerance"),
        QStringLiteral("Simplification tolerance in pixels, >= 0 (default 1.0)."),
        QStringLiteral("PX"), QStringLiteral("1.0"));
    const QCommandLineOption maxVerticesOption(
        QStringLiteral("max-vertices"),
        QStringLiteral("Most vertices per piece, >= 3; 0 = no limit (default 8)."),
        QStringLiteral("N"), QStringLiteral("8"));
    const QCommandLineOption hullOption(
        QStringLiteral("hull"), QStringLiteral("One convex hull per part instead of pieces."));
    const QCommandLineOption layerOption(QStringLiteral("layer"),
                                         QStringLiteral("Layer of the shapes (default hurtbox)."),
                                         QStringLiteral("NAME"), QStringLiteral("hurtbox"));
    const QCommandLineOption threadsOption(
        QStringLiteral("threads"),
        QStringLiteral("Trace the cells on N threads; 0 = one per core (default 0). The "
                       "document is the same whatever N."),
        QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption outOption({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Document to write."),
                                       QStringLiteral("OUT.json"));
    parser.addOptions({cellOption, gridOption, alphaOption, growOption, toleranceOption,
                       maxVerticesOption, hullOption, layerOption, threadsOption, outOption});
    parser.addPositionalArgument(QStringLiteral("IMAGE"), QStringLiteral("Sprite or sheet."));
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("trace"), arguments, output))
        return *early;

    auto usageError = [&](const QString &message) {
        output.err << "hitsmith-cli trace: " << message << '\n';
        return Failure;
    };
    const QStringList files = parser.positionalArguments();
    if (files.size() != 1 || !parser.isSet(outOption))
        return usageError(QStringLiteral("usage: trace IMAGE [options] -o OUT.json (see --help)"));
    if (parser.isSet(cellOption) && parser.isSet(gridOption))
        return usageError(QStringLiteral("--cell and --grid cannot be used together"));

    TraceOptions options;
    const std::optional<int> alpha = parseInt(parser.value(alphaOption), 0, 255);
    if (!alpha)
        return usageError(QStringLiteral("--alpha must be a whole number from 0 to 255, not '%1'")
                              .arg(parser.value(alphaOption)));
    options.alphaThreshold = *alpha;
    const std::optional<int> grow = parseInt(parser.value(growOption), -1024, 1024);
    if (!grow)
        return usageError(
            QStringLiteral("--grow must be a whole number of pixels from -1024 to 1024, not '%1'")
                .arg(parser.value(growOption)));
    options.grow = *grow;
    bool ok = false;
    options.tolerance = parser.value(toleranceOption).toDouble(&ok);
    if (!ok || !std::isfinite(options.tolerance) || options.tolerance < 0 ||
        options.tolerance > 1e6)
        return usageError(QStringLiteral("--tolerance must be a number of pixels >= 0, not '%1'")
                              .arg(parser.value(toleranceOption)));
    const std::optional<int> maxVertices = parseInt(parser.value(maxVerticesOption), 0, 1 << 20);
    if (!maxVertices || *maxVertices == 1 || *maxVertices == 2)
        return usageError(QStringLiteral("--max-vertices must be 0 (no limit) or 3 or more, not "
                                         "'%1'")
                              .arg(parser.value(maxVerticesOption)));
    options.maxVertices = *maxVertices;
    options.shapes = parser.isSet(hullOption) ? TraceShapes::ConvexHull : TraceShapes::ConvexPieces;
    options.layer = parser.value(layerOption).trimmed();
    if (options.layer.isEmpty())
        return usageError(QStringLiteral("--layer must not be empty"));

    const std::optional<int> threads = parseInt(parser.value(threadsOption), 0, 256);
    if (!threads)
        return usageError(QStringLiteral("--threads must be a whole number from 0 to 256, not '%1'")
                              .arg(parser.value(threadsOption)));

    const QString file = files.first();
    QImageReader reader(file);
    QImage image = reader.read();
    if (image.isNull()) {
        output.err << file << ": cannot read the image: " << reader.errorString() << '\n';
        return Failure;
    }
    image = image.convertToFormat(QImage::Format_ARGB32); // once, not per cell

    QSize cell = image.size();
    if (parser.isSet(cellOption) || parser.isSet(gridOption)) {
        const bool byCell = parser.isSet(cellOption);
        const QString text = parser.value(byCell ? cellOption : gridOption);
        const std::optional<QSize> size = parseSize(text);
        if (!size)
            return usageError(QStringLiteral("%1 must look like %2, not '%3'")
                                  .arg(byCell ? QStringLiteral("--cell") : QStringLiteral("--grid"),
                                       byCell ? QStringLiteral("32x48") : QStringLiteral("8x4"),
                                       text));
        cell =
            byCell ? *size : QSize(image.width() / size->width(), image.height() / size->height());
        if (cell.isEmpty() || cell.width() > image.width() || cell.height() > image.height())
            return usageError(
                QStringLiteral("%1 %2 does not fit the %3x%4 image")
                    .arg(byCell ? QStringLiteral("--cell") : QStringLiteral("--grid"), text)
                    .arg(image.width())
                    .arg(image.height()));
    }
    const int columns = image.width() / cell.width(), rows = image.height() / cell.height();
    if (columns * cell.width() != image.width() || rows * cell.height() != image.height())
        output.err << file << ": warning: the image is " << image.width() << 'x' << image.height()
                   << "; the strip beyond " << columns * cell.width() << 'x' << rows * cell.height()
                   << " is not a whole cell and is left out\n";

    const QString out = parser.value(outOption);
    Sprite sprite;
    sprite.name = QFileInfo(file).completeBaseName();
    sprite.image =
        QFileInfo(out).absoluteDir().relativeFilePath(QFileInfo(file).absoluteFilePath());
    const bool sheet = columns * rows > 1 || parser.isSet(cellOption) || parser.isSet(gridOption);
    QList<QRect> cells;
    for (int row = 0; row < rows; ++row)
        for (int column = 0; column < columns; ++column)
            cells.append(
                QRect(column * cell.width(), row * cell.height(), cell.width(), cell.height()));
    const QList<TracedPieces> traced = traceCells(image, cells, options, *threads);
    sprite.frames.reserve(cells.size());
    for (qsizetype i = 0; i < cells.size(); ++i) {
        Frame frame;
        frame.name = QStringLiteral("frame-%1").arg(i + 1);
        if (sheet)
            frame.source = QRectF(cells[i]);
        if (traced[i].droppedCount > 0)
            output.err << file << ": warning: " << frame.name << ": " << traced[i].droppedCount
                       << " traced piece(s) were invalid and left out\n";
        frame.shapes = tracedShapes(traced[i].pieces, options);
        sprite.frames.append(std::move(frame));
    }
    DocumentData document;
    document.sprites.append(sprite);
    QString error;
    if (!saveDocumentFile(document, out, &error)) {
        output.err << out << ": " << error << '\n';
        return Failure;
    }
    return Success;
}

} // namespace hitsmith::cli
