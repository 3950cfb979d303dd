// Reading Tiled tilesets: .tsx (XML) and .tsj (JSON) into the shared Tileset (tiledtileset.h).
#include "tiledio.h"

#include "enginesupport.h"

#include <QXmlStreamReader>

namespace hitsmith::tiled {

using engines::tr;

namespace {

class TsxReader {
public:
    explicit TsxReader(const QByteArray &bytes)
        : mXml(bytes) {}

    TiledFile read() {
        if (!mXml.readNextStartElement())
            failXml();
        TiledFile file;
        if (mXml.name() == QLatin1String("map")) {
            // A map's own tilesets are the very <tileset> elements a .tsx holds (Tiled's
            // mapreader reads both with readTileset); the others name their file.
            file.isMap = true;
            while (mXml.readNextStartElement()) {
                if (mXml.name() != QLatin1String("tileset")) {
                    mXml.skipCurrentElement();
                    continue;
                }
                const QString source = mXml.attributes().value(QLatin1String("source")).toString();
                if (!source.isEmpty()) {
                    file.externalTilesets << source;
                    mXml.skipCurrentElement();
                } else {
                    file.tilesets << readTileset();
                }
            }
            if (mXml.hasError())
                failXml();
            return file;
        }
        if (mXml.name() != QLatin1String("tileset"))
            fail(tr("not a Tiled tileset or map (the root element is <%1>, expected <tileset>)")
                     .arg(mXml.name().toString()));
        file.tilesets << readTileset();
        return file;
    }

private:
    /// The <tileset> element the reader stands on, to its end.
    Tileset readTileset() {
        Tileset tileset;
        tileset.name = mXml.attributes().value(QLatin1String("name")).toString();
        tileset.tileWidth = integer(QStringLiteral("tilewidth"), 0);
        tileset.tileHeight = integer(QStringLiteral("tileheight"), 0);
        tileset.columns = integer(QStringLiteral("columns"), 0);
        tileset.margin = integer(QStringLiteral("margin"), 0);
        tileset.spacing = integer(QStringLiteral("spacing"), 0);
        while (mXml.readNextStartElement()) {
            const QStringView name = mXml.name();
            if (name == QLatin1String("properties")) {
                tileset.properties = readProperties();
            } else if (name == QLatin1String("image")) {
                tileset.image = mXml.attributes().value(QLatin1String("source")).toString();
                tileset.imageWidth = integer(QStringLiteral("width"), 0);
                mXml.skipCurrentElement();
            } else if (name == QLatin1String("tile")) {
                tileset.tiles.append(readTile());
            } else {
                mXml.skipCurrentElement();
            }
        }
        if (mXml.hasError())
            failXml();
        return tileset;
    }

    [[noreturn]] void fail(const QString &message) const {
        throw ReadError{
            tr("line %1, column %2: %3")
                .arg(mXml.lineNumber())
                .arg(mXml.columnNumber())
                .arg(mContext.isEmpty() ? message : mContext + QStringLiteral(": ") + message)};
    }
    [[noreturn]] void failXml() const {
        QString message = mXml.errorString();
        if (mXml.error() == QXmlStreamReader::PrematureEndOfDocumentError)
            message += tr(" (the file ends too early: truncated?)");
        else if (message.isEmpty())
            message = tr("no XML element found");
        throw ReadError{tr("line %1, column %2: %3")
                            .arg(mXml.lineNumber())
                            .arg(mXml.columnNumber())
                            .arg(message)};
    }

    double number(const QString &attribute, double fallback) const {
        const QStringView text = mXml.attributes().value(attribute);
        if (text.isNull())
            return fallback;
        QString reason;
        const std::optional<double> value = parseNumber(text.toString(), &reason);
        if (!value)
            fail(tr("attribute %1: %2").arg(attribute, reason));
        return *value;
    }

    int integer(const QString &attribute, int fallback) const {
        const QStringView text = mXml.attributes().value(attribute);
        if (text.isNull())
            return fallback;
        bool ok = false;
        const int value = text.toInt(&ok);
        if (!ok || value < 0)
            fail(tr("attribute %1: \"%2\" is not a whole number of 0 or more")
                     .arg(attribute, text.left(40).toString()));
        return value;
    }

    QList<Property> readProperties() {
        QList<Property> properties;
        while (mXml.readNextStartElement()) {
            if (mXml.name() != QLatin1String("property")) {
                mXml.skipCurrentElement();
                continue;
            }
            const QXmlStreamAttributes attributes = mXml.attributes();
            Property property{attributes.value(QLatin1String("name")).toString(),
                              attributes.value(QLatin1String("type")).toString(),
                              attributes.value(QLatin1String("value")).toString()};
            if (!attributes.hasAttribute(QLatin1String("value"))) {
                // Multi-line strings are the element's text; class properties nest elements.
                const QString text = mXml.readElementText(QXmlStreamReader::SkipChildElements);
                property.value = text;
            } else {
                mXml.skipCurrentElement();
            }
            properties.append(property);
        }
        return properties;
    }

    QList<QPointF> readPoints() {
        QList<QPointF> points;
        const QString text = mXml.attributes().value(QLatin1String("points")).toString();
        const QStringList pairs = text.split(u' ', Qt::SkipEmptyParts);
        for (const QString &pair : pairs) {
            const QStringList xy = pair.split(u',');
            QString reason;
            std::optional<double> x, y;
            if (xy.size() == 2) {
                x = parseNumber(xy[0], &reason);
                y = parseNumber(xy[1], &reason);
            } else {
                reason = tr("\"%1\" is not an x,y pair").arg(pair.left(40));
            }
            if (!x || !y)
                fail(tr("points: %1").arg(reason));
            points.append({*x, *y});
        }
        mXml.skipCurrentElement();
        return points;
    }

    Object readObject() {
        Object object;
        object.id = integer(QStringLiteral("id"), 0);
        const QString savedContext = mContext;
        mContext += tr(", object %1").arg(object.id);
        const QXmlStreamAttributes attributes = mXml.attributes();
        object.name = attributes.value(QLatin1String("name")).toString();
        object.className = attributes.value(QLatin1String("class")).toString();
        if (object.className.isEmpty())
            object.className = attributes.value(QLatin1String("type")).toString();
        object.x = number(QStringLiteral("x"), 0);
        object.y = number(QStringLiteral("y"), 0);
        object.width = number(QStringLiteral("width"), 0);
        object.height = number(QStringLiteral("height"), 0);
        object.rotation = number(QStringLiteral("rotation"), 0);
        object.templatePath = attributes.value(QLatin1String("template")).toString();
        if (attributes.hasAttribute(QLatin1String("gid")))
            object.kind = ObjectKind::TileObject;
        while (mXml.readNextStartElement()) {
            const QStringView name = mXml.name();
            if (name == QLatin1String("ellipse")) {
                object.kind = ObjectKind::Ellipse;
                mXml.skipCurrentElement();
            } else if (name == QLatin1String("capsule")) { // Tiled 1.12
                object.kind = ObjectKind::Capsule;
                mXml.skipCurrentElement();
            } else if (name == QLatin1String("point")) {
                object.kind = ObjectKind::Point;
                mXml.skipCurrentElement();
            } else if (name == QLatin1String("polygon")) {
                object.kind = ObjectKind::Polygon;
                object.points = readPoints();
            } else if (name == QLatin1String("polyline")) {
                object.kind = ObjectKind::Polyline;
                object.points = readPoints();
            } else if (name == QLatin1String("text")) {
                object.kind = ObjectKind::Text;
                mXml.skipCurrentElement();
            } else if (name == QLatin1String("properties")) {
                object.properties = readProperties();
            } else {
                mXml.skipCurrentElement();
            }
        }
        mContext = savedContext;
        return object;
    }

    Tile readTile() {
        Tile tile;
        tile.id = integer(QStringLiteral("id"), 0);
        mContext = tr("tile %1").arg(tile.id);
        tile.location = tr("line %1: tile %2").arg(mXml.lineNumber()).arg(tile.id);
        if (mXml.attributes().hasAttribute(QLatin1String("width")))
            tile.subRect =
                QRectF(number(QStringLiteral("x"), 0), number(QStringLiteral("y"), 0),
                       number(QStringLiteral("width"), 0), number(QStringLiteral("height"), 0));
        while (mXml.readNextStartElement()) {
            const QStringView name = mXml.name();
            if (name == QLatin1String("properties")) {
                tile.properties = readProperties();
            } else if (name == QLatin1String("image")) {
                tile.image = mXml.attributes().value(QLatin1String("source")).toString();
                tile.imageWidth = number(QStringLiteral("width"), 0);
                tile.imageHeight = number(QStringLiteral("height"), 0);
                mXml.skipCurrentElement();
            } else if (name == QLatin1String("objectgroup")) {
                tile.hasObjectGroup = true;
                tile.objectGroupOffset =
                    QPointF(number(QStringLiteral("offsetx"), 0),
                            number(QStringLiteral("offsety"), 0)) +
                    QPointF(number(QStringLiteral("x"), 0), number(QStringLiteral("y"), 0));
                while (mXml.readNextStartElement()) {
                    if (mXml.name() == QLatin1String("object"))
                        tile.objects.append(readObject());
                    else
                        mXml.skipCurrentElement();
                }
            } else if (name == QLatin1String("animation")) {
                while (mXml.readNextStartElement()) {
                    if (mXml.name() == QLatin1String("frame"))
                        tile.animation.append({integer(QStringLiteral("tileid"), 0),
                                               integer(QStringLiteral("duration"), 0)});
                    mXml.skipCurrentElement();
                }
            } else {
                mXml.skipCurrentElement();
            }
        }
        mContext.clear();
        return tile;
    }

    QXmlStreamReader mXml;
    QString mContext; ///< "tile 3, object 1" while inside them, for messages
};

// --- TSJ reading ---

/// Properties in either layout; types is the pre-1.2 layout's sibling "propertytypes" (name to
/// type), which Tiled's toProperties pairs with the values.
QList<Property> readJsonProperties(const json::Cursor &c, const QJsonObject &types = {}) {
    QList<Property> properties;
    if (c.value().isArray()) {
        const qsizetype count = c.size();
        for (qsizetype i = 0; i < count; ++i) {
            const json::Cursor p = c[i];
            p.object();
            Property property;
            property.name = p[QStringLiteral("name")].string();
            if (p.has(QStringLiteral("type")))
                property.type = p[QStringLiteral("type")].string();
            const QJsonValue value = p[QStringLiteral("value")].value();
            property.value = value.isString()   ? value.toString()
                             : value.isDouble() ? json::number(value.toDouble())
                                                : json::compact(value);
            properties.append(property);
        }
    } else {
        // Tiled before 1.2: {"name": value} with a separate "propertytypes" object.
        const QJsonObject object = c.object();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QJsonValue value = it.value();
            properties.append({it.key(), types.value(it.key()).toString(),
                               value.isString()   ? value.toString()
                               : value.isDouble() ? json::number(value.toDouble())
                                                  : json::compact(value)});
        }
    }
    return properties;
}

/// The pre-1.2 sibling object of property types ("propertytypes", or "tilepropertytypes" beside
/// "tileproperties"); empty when absent or not an object.
QJsonObject oldPropertyTypes(const json::Cursor &c,
                             const QString &key = QStringLiteral("propertytypes")) {
    return c.has(key) ? c[key].value().toObject() : QJsonObject();
}

double jsonNumber(const json::Cursor &c, const QString &key, double fallback = 0) {
    if (!c.has(key))
        return fallback;
    return engines::checkedNumber(c[key]);
}

QList<QPointF> jsonPoints(const json::Cursor &c) {
    QList<QPointF> points;
    const qsizetype count = c.size();
    for (qsizetype i = 0; i < count; ++i) {
        const json::Cursor p = c[i];
        p.object();
        points.append({jsonNumber(p, QStringLiteral("x")), jsonNumber(p, QStringLiteral("y"))});
        if (!p.has(QStringLiteral("x")) || !p.has(QStringLiteral("y")))
            p.fail(tr("must be a point {\"x\": ..., \"y\": ...}"));
    }
    return points;
}

Object readJsonObject(const json::Cursor &c) {
    c.object();
    Object object;
    if (c.has(QStringLiteral("id")))
        object.id = c[QStringLiteral("id")].integer();
    if (c.has(QStringLiteral("name")))
        object.name = c[QStringLiteral("name")].string();
    if (c.has(QStringLiteral("class")))
        object.className = c[QStringLiteral("class")].string();
    if (object.className.isEmpty() && c.has(QStringLiteral("type")))
        object.className = c[QStringLiteral("type")].string();
    object.x = jsonNumber(c, QStringLiteral("x"));
    object.y = jsonNumber(c, QStringLiteral("y"));
    object.width = jsonNumber(c, QStringLiteral("width"));
    object.height = jsonNumber(c, QStringLiteral("height"));
    object.rotation = jsonNumber(c, QStringLiteral("rotation"));
    if (c.has(QStringLiteral("template")))
        object.templatePath = c[QStringLiteral("template")].string();
    if (c.has(QStringLiteral("gid")))
        object.kind = ObjectKind::TileObject;
    if (c.has(QStringLiteral("ellipse")) && c[QStringLiteral("ellipse")].boolean())
        object.kind = ObjectKind::Ellipse;
    if (c.has(QStringLiteral("capsule")) && c[QStringLiteral("capsule")].boolean()) // Tiled 1.12
        object.kind = ObjectKind::Capsule;
    if (c.has(QStringLiteral("point")) && c[QStringLiteral("point")].boolean())
        object.kind = ObjectKind::Point;
    if (c.has(QStringLiteral("text")))
        object.kind = ObjectKind::Text;
    if (c.has(QStringLiteral("polygon"))) {
        object.kind = ObjectKind::Polygon;
        object.points = jsonPoints(c[QStringLiteral("polygon")]);
    } else if (c.has(QStringLiteral("polyline"))) {
        object.kind = ObjectKind::Polyline;
        object.points = jsonPoints(c[QStringLiteral("polyline")]);
    }
    if (c.has(QStringLiteral("properties")))
        object.properties =
            readJsonProperties(c[QStringLiteral("properties")], oldPropertyTypes(c));
    return object;
}

Tile readJsonTile(const json::Cursor &c, int id) {
    c.object();
    Tile tile;
    tile.id = id;
    if (tile.id < 0)
        c[QStringLiteral("id")].fail(tr("must be 0 or more"));
    tile.location = tr("%1 (tile %2)").arg(c.path()).arg(tile.id);
    if (c.has(QStringLiteral("properties")))
        tile.properties = readJsonProperties(c[QStringLiteral("properties")], oldPropertyTypes(c));
    if (c.has(QStringLiteral("image"))) {
        tile.image = c[QStringLiteral("image")].string();
        tile.imageWidth = jsonNumber(c, QStringLiteral("imagewidth"));
        tile.imageHeight = jsonNumber(c, QStringLiteral("imageheight"));
    }
    if (c.has(QStringLiteral("width")) && c.has(QStringLiteral("height")))
        tile.subRect =
            QRectF(jsonNumber(c, QStringLiteral("x")), jsonNumber(c, QStringLiteral("y")),
                   jsonNumber(c, QStringLiteral("width")), jsonNumber(c, QStringLiteral("height")));
    if (c.has(QStringLiteral("animation"))) {
        const json::Cursor animation = c[QStringLiteral("animation")];
        const qsizetype count = animation.size();
        for (qsizetype i = 0; i < count; ++i) {
            const json::Cursor frame = animation[i];
            frame.object();
            tile.animation.append({frame[QStringLiteral("tileid")].integer(),
                                   frame[QStringLiteral("duration")].integer()});
        }
    }
    if (c.has(QStringLiteral("objectgroup"))) {
        const json::Cursor group = c[QStringLiteral("objectgroup")];
        group.object();
        tile.hasObjectGroup = true;
        tile.objectGroupOffset = QPointF(
            jsonNumber(group, QStringLiteral("offsetx")) + jsonNumber(group, QStringLiteral("x")),
            jsonNumber(group, QStringLiteral("offsety")) + jsonNumber(group, QStringLiteral("y")));
        if (group.has(QStringLiteral("objects"))) {
            const json::Cursor objects = group[QStringLiteral("objects")];
            const qsizetype count = objects.size();
            for (qsizetype i = 0; i < count; ++i)
                tile.objects.append(readJsonObject(objects[i]));
        }
    }
    return tile;
}

} // namespace

TiledFile readTsjFile(const json::Cursor &root) {
    root.object();
    TiledFile file;
    // A map: "type": "map", or (Tiled before 1.2 wrote no type) "tilesets" beside "layers".
    const bool map =
        root.has(QStringLiteral("type"))
            ? root[QStringLiteral("type")].value() == QJsonValue(QStringLiteral("map"))
            : root.has(QStringLiteral("tilesets")) && root.has(QStringLiteral("layers"));
    if (!map) {
        file.tilesets << readTsj(root);
        return file;
    }
    file.isMap = true;
    if (!root.has(QStringLiteral("tilesets")))
        return file; // toDocument says the map has no tileset
    const json::Cursor tilesets = root[QStringLiteral("tilesets")];
    const qsizetype count = tilesets.size();
    for (qsizetype i = 0; i < count; ++i) {
        const json::Cursor tileset = tilesets[i];
        tileset.object();
        if (tileset.has(QStringLiteral("source")))
            file.externalTilesets << tileset[QStringLiteral("source")].string();
        else
            file.tilesets << readTsj(tileset);
    }
    return file;
}

Tileset readTsj(const json::Cursor &root) {
    root.object();
    if (root.has(QStringLiteral("type"))) {
        const QString type = root[QStringLiteral("type")].string();
        if (type != QLatin1String("tileset"))
            root[QStringLiteral("type")].fail(tr("must be \"tileset\""));
    } else if (!root.has(QStringLiteral("tiles")) && !root.has(QStringLiteral("tilewidth"))) {
        root.fail(tr("not a Tiled tileset (no \"tiles\" or \"tilewidth\")"));
    }
    Tileset tileset;
    if (root.has(QStringLiteral("name")))
        tileset.name = root[QStringLiteral("name")].string();
    auto optionalInt = [&](const char *key) {
        const QString k = QLatin1String(key);
        if (!root.has(k))
            return 0;
        const int value = root[k].integer();
        if (value < 0)
            root[k].fail(tr("must be 0 or more"));
        return value;
    };
    tileset.tileWidth = optionalInt("tilewidth");
    tileset.tileHeight = optionalInt("tileheight");
    tileset.columns = optionalInt("columns");
    tileset.margin = optionalInt("margin");
    tileset.spacing = optionalInt("spacing");
    if (root.has(QStringLiteral("image")))
        tileset.image = root[QStringLiteral("image")].string();
    tileset.imageWidth = optionalInt("imagewidth");
    if (root.has(QStringLiteral("properties")))
        tileset.properties =
            readJsonProperties(root[QStringLiteral("properties")], oldPropertyTypes(root));
    if (root.has(QStringLiteral("tiles"))) {
        const json::Cursor tiles = root[QStringLiteral("tiles")];
        if (tiles.value().isArray()) {
            const qsizetype count = tiles.size();
            for (qsizetype i = 0; i < count; ++i) {
                const json::Cursor tile = tiles[i];
                tileset.tiles.append(readJsonTile(tile, tile[QStringLiteral("id")].integer()));
            }
        } else {
            // Tiled before 1.2: {"29": {...}} keyed by tile id.
            const QJsonObject object = tiles.object();
            QList<int> ids;
            for (auto it = object.begin(); it != object.end(); ++it) {
                bool ok = false;
                const int id = it.key().toInt(&ok);
                if (!ok || id < 0)
                    tiles[it.key()].fail(tr("tile key must be a tile id (a whole number)"));
                ids.append(id);
            }
            std::sort(ids.begin(), ids.end());
            for (int id : ids)
                tileset.tiles.append(readJsonTile(tiles[QString::number(id)], id));
        }
    }
    // Tiled before 1.2 kept tile properties apart, keyed by tile id.
    if (root.has(QStringLiteral("tileproperties"))) {
        const json::Cursor all = root[QStringLiteral("tileproperties")];
        const QJsonObject object = all.object();
        const QJsonObject allTypes = oldPropertyTypes(root, QStringLiteral("tilepropertytypes"));
        for (auto it = object.begin(); it != object.end(); ++it) {
            for (Tile &tile : tileset.tiles) {
                if (QString::number(tile.id) == it.key())
                    tile.properties +=
                        readJsonProperties(all[it.key()], allTypes.value(it.key()).toObject());
            }
        }
    }
    return tileset;
}

TiledFile readTsxFile(const QByteArray &bytes) {
    return TsxReader(bytes).read();
}

} // namespace hitsmith::tiled
