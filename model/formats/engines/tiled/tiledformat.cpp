#include "tiledformat.h"

#include "enginesupport.h"
#include "jsonsupport.h"
#include "tiledio.h"

namespace hitsmith {

using engines::tr;
using namespace tiled;

namespace {

WriteResult writeTileset(const DocumentData &document, const FormatContext &context,
                         const WriteOptions &options, QByteArray (*serialize)(const Tileset &)) {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    const Tileset tileset = fromDocument(document, context, options);
    result.bytes = serialize(tileset);
    // What the file cannot hold (capsules as polygons, reserved property names), as the CLI and
    // the editor report it after writing.
    for (const QString &line : tiled::exportWarnings(document, options)) {
        if (!result.warnings.contains(line))
            result.warnings << line;
    }
    return result;
}

} // namespace

// --- TiledTsxFormat ---

QString TiledTsxFormat::name() const {
    return QStringLiteral("tiled-tsx");
}
QString TiledTsxFormat::displayName() const {
    return tr("Tiled tileset (XML)");
}
QStringList TiledTsxFormat::extensions() const {
    return {QStringLiteral("tsx"), QStringLiteral("tmx")}; // a map: its own tilesets, read only
}
FileFormat::Capabilities TiledTsxFormat::capabilities() const {
    return CanRead | CanWrite;
}

ReadResult TiledTsxFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    if (!engines::checkText(bytes, {}, &result.error))
        return result;
    try {
        const TiledFile file = readTsxFile(bytes);
        QStringList warnings;
        result.document = toDocument(file, context, &warnings);
        result.warnings = warnings;
    } catch (const ReadError &error) {
        result.error = error.message;
    }
    return result;
}

QStringList TiledTsxFormat::exportWarnings(const DocumentData &document) const {
    return tiled::exportWarnings(document, {});
}
QString TiledTsxFormat::capsulesAsPolygonsName() const {
    return tr("Tiled tileset (XML), capsules as polygons for Tiled 1.11 and older");
}
QStringList TiledTsxFormat::exportWarningsFor(const DocumentData &document,
                                              const WriteOptions &options) const {
    return tiled::exportWarnings(document, options);
}

WriteResult TiledTsxFormat::write(const DocumentData &document, const FormatContext &context,
                                  const WriteOptions &options) const {
    return writeTileset(document, context, options, writeTsx);
}

// --- TiledTsjFormat ---

QString TiledTsjFormat::name() const {
    return QStringLiteral("tiled-tsj");
}
QString TiledTsjFormat::displayName() const {
    return tr("Tiled tileset (JSON)");
}
QStringList TiledTsjFormat::extensions() const {
    return {QStringLiteral("tsj"), QStringLiteral("json"), QStringLiteral("tmj")};
}
FileFormat::Capabilities TiledTsjFormat::capabilities() const {
    return CanRead | CanWrite;
}

ReadResult TiledTsjFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &result.error);
    if (!parsed)
        return result;
    if (!parsed->isObject()) {
        result.error = tr("expected a JSON object at the top level");
        return result;
    }
    try {
        const TiledFile file = readTsjFile(json::Cursor(parsed->object()));
        QStringList warnings;
        result.document = toDocument(file, context, &warnings);
        result.warnings = warnings;
    } catch (const json::SchemaError &error) {
        result.error = error.toString();
    } catch (const ReadError &error) {
        result.error = error.message;
    }
    return result;
}

QStringList TiledTsjFormat::exportWarnings(const DocumentData &document) const {
    return tiled::exportWarnings(document, {});
}
QString TiledTsjFormat::capsulesAsPolygonsName() const {
    return tr("Tiled tileset (JSON), capsules as polygons for Tiled 1.11 and older");
}
QStringList TiledTsjFormat::exportWarningsFor(const DocumentData &document,
                                              const WriteOptions &options) const {
    return tiled::exportWarnings(document, options);
}

WriteResult TiledTsjFormat::write(const DocumentData &document, const FormatContext &context,
                                  const WriteOptions &options) const {
    return writeTileset(document, context, options, writeTsj);
}

} // namespace hitsmith
