#include "clicommands.h"
#include "commandline.h"
#include "shapepath.h"

#include "fileio.h"
#include "formatsniffer.h"
#include "framepicture.h"
#include "hitsmithformat.h"
#include "layercolors.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QMap>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace hitsmith::cli {

namespace {

/// A native document, or any file a reader recognises (a .def, an .air, a Tiled tileset, ...).
ReadResult loadAnyDocument(const QString &path) {
    if (holdsHitsmithDocument(path) || QFileInfo(path).suffix().toLower() == u"json")
        return loadDocumentFile(path);
    QByteArray bytes;
    QString error;
    if (!readWholeFile(path, &bytes, &error))
        return {std::nullopt, error, {}};
    const FileFormat *format = guessReadFormat(path, bytes);
    if (!format)
        return {std::nullopt, QStringLiteral("cannot tell the format of this file"), {}};
    return format->readFrom(bytes, path);
}

/// A sprite or frame name as one file name: separators and control characters become '_'.
QString fileNameOf(const QString &name) {
    QString out = name;
    for (QChar &c : out) {
        if (c == u'/' || c == u'\\' || c == u':' || c.unicode() < 32)
            c = u'_';
    }
    if (out.isEmpty() || out == u"." || out == u"..")
        out.prepend(u'_');
    return out;
}

/// The outline of a shape as the canvas draws it.
QPainterPath shapePath(const Shape &shape) {
    QPainterPath path;
    if (shape.type == ShapeType::Circle || shape.type == ShapeType::Capsule) {
        path = filledShapePath(shape);
    } else {
        path.addPolygon(shape.outline());
        path.closeSubpath();
    }
    return path;
}

bool layerVisible(const QString &layer, const DocumentData &data) {
    for (const LayerStyle &style : data.layers) {
        if (style.name == layer)
            return style.visible;
    }
    return true;
}

/// The frame drawn as the canvas draws it: the picture, then each visible shape filled
/// (alpha 50) and outlined (1.5 px) in its layer's colour. The image covers the picture and the
/// shapes, in whole frame pixels, times scale.
QImage renderFrame(const DocumentData &data, const Frame &frame, const FramePicture &picture,
                   bool shapes, int scale) {
    QRectF area = picture.rect();
    QList<const Shape *> drawn;
    if (shapes) {
        for (const Shape &shape : frame.shapes) {
            if (!layerVisible(shape.layer, data))
                continue;
            const QRectF bounds = shapePath(shape).boundingRect();
            if (!std::isfinite(bounds.width()) || !std::isfinite(bounds.height()))
                continue;
            drawn << &shape;
            area = area.isNull() ? bounds : area.united(bounds);
        }
    }
    // Whole pixels around everything (a 1.5 px outline reaches past a shape's edge).
    const double margin = drawn.isEmpty() ? 0.0 : 1.0;
    const QRect pixels =
        area.isNull() ? QRect(0, 0, 1, 1)
                      : QRectF(area.adjusted(-margin, -margin, margin, margin)).toAlignedRect();
    const qint64 width = qint64(pixels.width()) * scale, height = qint64(pixels.height()) * scale;
    if (width > 16384 || height > 16384)
        return {};
    // The picture alone, on whole pixels: its own pixels, scaled by repeating them. A painter
    // would premultiply them and shift the colour of every half-transparent pixel.
    const QPoint corner = picture.position.toPoint();
    if (drawn.isEmpty() && picture.isOk() && QPointF(corner) == picture.position &&
        pixels == QRect(corner, picture.image.size())) {
        const QImage exact = picture.image.convertToFormat(QImage::Format_ARGB32);
        return scale == 1 ? exact
                          : exact.scaled(exact.size() * scale, Qt::IgnoreAspectRatio,
                                         Qt::FastTransformation);
    }
    QImage image(int(width), int(height), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.scale(scale, scale);
    painter.translate(-pixels.topLeft());
    if (picture.isOk())
        painter.drawImage(picture.position, picture.image);
    painter.setRenderHint(QPainter::Antialiasing);
    for (const Shape *shape : drawn) {
        const QColor base = layerColor(shape->layer, data);
        QPen pen(base, 1.5);
        pen.setCosmetic(true);
        QColor fill = base;
        fill.setAlpha(50);
        painter.setPen(pen);
        painter.setBrush(fill);
        painter.drawPath(shapePath(*shape));
    }
    return image;
}

} // namespace

int runRender(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes one PNG per frame, OUT/<sprite>/<frame>.png: the frame as the canvas draws it, "
        "its picture (a PNG sheet's cell, or a MUGEN element's SFF sprite with its offset and "
        "flip) and its shapes filled and outlined in their layer colours. The image covers the "
        "picture and the shapes; with --no-shapes at scale 1 it is exactly the picture (an SFF "
        "sprite's own size and pixels after the element's flip, index 0 transparent). DOC is a "
        "Hitsmith document or any file 'import' reads (a MUGEN .def, an .air, ...).\n"
        "Exit status: 0 written, 1 written but some frame's picture is missing or cannot be "
        "decoded (named on stderr), 2 DOC cannot be read, a --frame is unknown, a file cannot "
        "be written, or bad usage."));
    parser.addPositionalArgument(QStringLiteral("DOC"), QStringLiteral("Document to render."));
    const QCommandLineOption outOption({QStringLiteral("o"), QStringLiteral("output")},
                                       QStringLiteral("Folder to write into (created)."),
                                       QStringLiteral("DIR"));
    const QCommandLineOption frameOption(
        QStringLiteral("frame"),
        QStringLiteral("Only this frame (repeatable); default every frame."),
        QStringLiteral("SPRITE/FRAME"));
    const QCommandLineOption noShapesOption(QStringLiteral("no-shapes"),
                                            QStringLiteral("The picture only."));
    const QCommandLineOption scaleOption(QStringLiteral("scale"),
                                         QStringLiteral("Whole-number zoom, 1..16 (default 1)."),
                                         QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption paletteOption(
        QStringLiteral("palette"),
        QStringLiteral("MUGEN palette 1..12 (pal1..pal12); 0 = each sprite's own (default 1)."),
        QStringLiteral("N"), QStringLiteral("1"));
    parser.addOptions({outOption, frameOption, noShapesOption, scaleOption, paletteOption});
    if (const std::optional<int> early =
            parseArguments(parser, QStringLiteral("render"), arguments, output))
        return *early;
    if (parser.positionalArguments().size() != 1 || !parser.isSet(outOption)) {
        output.err << "hitsmith-cli render: give one DOC and -o DIR (see --help)\n";
        return Failure;
    }
    bool ok = false;
    const int scale = parser.value(scaleOption).toInt(&ok);
    if (!ok || scale < 1 || scale > 16) {
        output.err << "hitsmith-cli render: --scale takes a whole number from 1 to 16\n";
        return Failure;
    }
    const int palette = parser.value(paletteOption).toInt(&ok);
    if (!ok || palette < 0 || palette > 12) {
        output.err << "hitsmith-cli render: --palette takes a number from 0 to 12\n";
        return Failure;
    }
    const QString file = parser.positionalArguments().constFirst();
    const ReadResult read = loadAnyDocument(file);
    if (!read.isOk()) {
        output.err << file << ": " << read.error << '\n';
        return Failure;
    }
    const DocumentData &data = *read.document;
    QList<std::pair<int, int>> frames;
    if (parser.isSet(frameOption)) {
        for (const QString &name : parser.values(frameOption)) {
            const std::pair<int, int> found = data.findFrame(name);
            if (found.first < 0) {
                output.err << "hitsmith-cli render: no frame '" << name << "' in " << file << '\n';
                return Failure;
            }
            frames << found;
        }
    } else {
        for (int s = 0; s < data.sprites.size(); ++s) {
            for (int f = 0; f < data.sprites[s].frames.size(); ++f)
                frames << std::pair{s, f};
        }
    }
    FramePictures pictures;
    pictures.setPalette(palette);
    const QString documentDir = QFileInfo(file).absolutePath();
    const QDir out(parser.value(outOption));
    int status = Success;
    QMap<QString, int> missingFiles; // message -> frames
    for (const auto &[s, f] : frames) {
        const Sprite &sprite = data.sprites[s];
        const Frame &frame = sprite.frames[f];
        const FramePicture picture = pictures.picture(sprite, frame, documentDir);
        const QString name = sprite.name + u'/' + frame.name;
        if (picture.status == PictureStatus::FileMissing) {
            // Said once per file, not once per frame.
            missingFiles[picture.message] += 1;
            status = DocumentProblems;
        } else if (picture.status == PictureStatus::SpriteMissing ||
                   picture.status == PictureStatus::DecodeFailed) {
            output.err << name << ": " << picture.message << '\n';
            status = DocumentProblems;
        }
        const QImage image =
            renderFrame(data, frame, picture, !parser.isSet(noShapesOption), scale);
        const QString folder = out.filePath(fileNameOf(sprite.name));
        const QString path = QDir(folder).filePath(fileNameOf(frame.name) + QStringLiteral(".png"));
        if (image.isNull() || !QDir().mkpath(folder) || !image.save(path, "PNG")) {
            output.err << path << ": cannot write the image\n";
            return Failure;
        }
    }
    for (auto it = missingFiles.cbegin(); it != missingFiles.cend(); ++it)
        output.err << file << ": " << it.key() << " (" << it.value()
                   << " frames without picture)\n";
    return status;
}

} // namespace hitsmith::cli
