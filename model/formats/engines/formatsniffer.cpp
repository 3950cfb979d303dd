#include "formatsniffer.h"

#include "asefile.h"
#include "fileio.h"
#include "formatregistry.h"
#include "hitsmithformat.h"
#include "hitsmithreading.h"
#include "jsonsupport.h"
#include "matterformat.h"
#include "physicseditorio.h"

#include <QFileInfo>

namespace hitsmith {

const FileFormat *guessReadFormat(const QString &fileName, const QByteArray &bytes) {
    const FormatRegistry &registry = FormatRegistry::instance();
    // Aseprite's own files say so in their header, whatever their name.
    if (ase::hasMagic(bytes))
        return registry.byName(QStringLiteral("aseprite-file"));
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("xml") || suffix == QLatin1String("plist")) {
        // Shared extensions: the root elements decide.
        switch (physicseditor::sniffLayout(bytes)) {
        case physicseditor::Layout::AndEngineXml:
            return registry.byName(QStringLiteral("andengine"));
        case physicseditor::Layout::Box2dXml:
            return registry.byName(QStringLiteral("box2d-xml"));
        case physicseditor::Layout::Cocos2dPlist:
            return registry.byName(QStringLiteral("cocos2d-plist"));
        case physicseditor::Layout::TiledTileset:
            return registry.byName(QStringLiteral("tiled-tsx"));
        case physicseditor::Layout::Unknown:
            return nullptr;
        }
    }
    if (suffix != QLatin1String("json"))
        return registry.byFileName(fileName, FileFormat::CanRead);
    // A native document says so at its top level: known without building Qt's values of the
    // whole text (half a second for 100,000 shapes, more than reading the document itself).
    if (native::saysItIsHitsmith(bytes))
        return registry.byName(QStringLiteral("hitsmith"));
    QString error;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &error);
    if (!parsed || !parsed->isObject())
        return registry.byName(QStringLiteral("hitsmith")); // it reports the parse error
    const QJsonObject root = parsed->object();
    if (root.value(QStringLiteral("format")) == QJsonValue(QStringLiteral("hitsmith")))
        return registry.byName(QStringLiteral("hitsmith"));
    if (root.value(QStringLiteral("skeleton")).isObject() ||
        (root.value(QStringLiteral("bones")).isArray() && root.contains(QStringLiteral("slots"))))
        return registry.byName(QStringLiteral("spine"));
    if (root.contains(QStringLiteral("frames")) && root.contains(QStringLiteral("meta")))
        return registry.byName(QStringLiteral("aseprite"));
    if (root.value(QStringLiteral("type")) == QJsonValue(QStringLiteral("tileset")) ||
        root.contains(QStringLiteral("tilewidth")) || root.contains(QStringLiteral("tiles")))
        return registry.byName(QStringLiteral("tiled-tsj"));
    for (auto it = root.begin(); it != root.end(); ++it) {
        if (it.value().toObject().contains(QStringLiteral("fixtures")))
            return registry.byName(QStringLiteral("matter"));
    }
    if (isPhaser2Json(root)) // the Matter reader says what it is and what to export instead
        return registry.byName(QStringLiteral("matter"));
    return registry.byName(QStringLiteral("hitsmith"));
}

const FileFormat *guessWriteFormat(const QString &fileName, bool allowNativeJson) {
    const QString suffix = QFileInfo(fileName).suffix().toLower();
    if (suffix == QLatin1String("json"))
        return allowNativeJson ? FormatRegistry::instance().byName(QStringLiteral("hitsmith"))
                               : nullptr;
    if (suffix == QLatin1String("tres") || suffix == QLatin1String("tmx") ||
        suffix == QLatin1String("tmj"))
        return nullptr; // Godot resources and Tiled maps are read, never written
    return FormatRegistry::instance().byFileName(fileName, FileFormat::CanWrite);
}

ReadResult readAnyDocumentFile(const QString &path) {
    ReadResult result;
    QByteArray bytes;
    if (!readWholeFile(path, &bytes, &result.error))
        return result;
    // As the editor's File > Open: a well-formed native document needs no telling apart.
    if (QFileInfo(path).suffix().compare(u"json", Qt::CaseInsensitive) == 0) {
        if (std::optional<DocumentData> document = HitsmithFormat::readQuickly(bytes, path)) {
            result.document = std::move(document);
            return result;
        }
    }
    if (const FileFormat *format = guessReadFormat(path, bytes))
        return format->readFrom(bytes, path);
    return HitsmithFormat().readFrom(bytes, path);
}

} // namespace hitsmith
