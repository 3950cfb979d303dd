#include "tiledformat.h"

#include "enginesupport.h"
#include "jsonsupport.h"
#include "tiledtileset.h"

#include <QXmlStreamReader>
#include <QXmlStreamWriter>

namespace hitsmith {

using engines::tr;
using namespace tiled;

namespace {

// --- TSX reading ---

class TsxReader {
public:
    explicit TsxReader(const QByteArray &bytes)
        : mXml(bytes) {}

    Tileset read() {
        if (!mXml.readNextStartElement())
            failXml();
        if (mXml.name() == QLatin1String("map"))
            fail(tr("this is a Tiled map, not a tileset; open its tileset file instead"));
        if (mXml.name() != QLatin1String("tileset"))
            fail(tr("not a Tiled tileset (the root element is <%1>, expected <tileset>)")
                     .arg(mXml.name().toString()));
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

private:
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
        if (attributes.hasAttribute(QLatin1String("gid")))
            object.kind = ObjectKind::TileObject;
        while (mXml.readNextStartElement()) {
            const QStringView name = mXml.name();
            if (name == QLatin1String("ellipse")) {
                object.kind = ObjectKind::Ellipse;
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

QList<Property> readJsonProperties(const json::Cursor &c) {
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
            properties.append({it.key(),
                               {},
                               value.isString()   ? value.toString()
                               : value.isDouble() ? json::number(value.toDouble())
                                                  : json::compact(value)});
        }
    }
    return properties;
}

double jsonNumber(const json::Cursor &c, const QString &key, double fallback = 0) {
    if (!c.has(key))
        return fallback;
    const json::Cursor value = c[key];
    const double v = value.number();
    if (const std::optional<QString> problem = engines::checkImportedNumber(v))
        value.fail(*problem);
    return v;
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
    if (c.has(QStringLiteral("gid")))
        object.kind = ObjectKind::TileObject;
    if (c.has(QStringLiteral("ellipse")) && c[QStringLiteral("ellipse")].boolean())
        object.kind = ObjectKind::Ellipse;
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
        tile.properties = readJsonProperties(c[QStringLiteral("properties")]);
    if (c.has(QStringLiteral("image"))) {
        tile.image = c[QStringLiteral("image")].string();
        tile.imageWidth = jsonNumber(c, QStringLiteral("imagewidth"));
        tile.imageHeight = jsonNumber(c, QStringLiteral("imageheight"));
    }
    if (c.has(QStringLiteral("width")) && c.has(QStringLiteral("height")))
        tile.subRect =
            QRectF(jsonNumber(c, QStringLiteral("x")), jsonNumber(c, QStringLiteral("y")),
                   jsonNumber(c, QStringLiteral("width")), jsonNumber(c, QStringLiteral("height")));
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

Tileset readTsj(const json::Cursor &root) {
    root.object();
    if (root.has(QStringLiteral("type"))) {
        const QString type = root[QStringLiteral("type")].string();
        if (type == QLatin1String("map"))
            root[QStringLiteral("type")].fail(
                tr("this is a Tiled map, not a tileset; open its tileset file instead"));
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
    if (root.has(QStringLiteral("properties")))
        tileset.properties = readJsonProperties(root[QStringLiteral("properties")]);
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
        for (auto it = object.begin(); it != object.end(); ++it) {
            for (Tile &tile : tileset.tiles) {
                if (QString::number(tile.id) == it.key())
                    tile.properties += readJsonProperties(all[it.key()]);
            }
        }
    }
    return tileset;
}

// --- Writing ---

QString num(double value) {
    return json::number(value);
}

QByteArray writeTsx(const Tileset &tileset) {
    QByteArray bytes;
    QXmlStreamWriter xml(&bytes);
    xml.setAutoFormatting(true);
    xml.setAutoFormattingIndent(1);
    xml.writeStartDocument();
    xml.writeStartElement(QStringLiteral("tileset"));
    xml.writeAttribute(QStringLiteral("version"), QStringLiteral("1.8"));
    xml.writeAttribute(QStringLiteral("name"), tileset.name);
    xml.writeAttribute(QStringLiteral("tilewidth"), QString::number(tileset.tileWidth));
    xml.writeAttribute(QStringLiteral("tileheight"), QString::number(tileset.tileHeight));
    xml.writeAttribute(QStringLiteral("tilecount"), QString::number(tileset.tiles.size()));
    xml.writeAttribute(QStringLiteral("columns"), QStringLiteral("0"));
    auto writeProperties = [&](const QList<Property> &properties) {
        if (properties.isEmpty())
            return;
        xml.writeStartElement(QStringLiteral("properties"));
        for (const Property &property : properties) {
            xml.writeEmptyElement(QStringLiteral("property"));
            xml.writeAttribute(QStringLiteral("name"), property.name);
            if (!property.type.isEmpty())
                xml.writeAttribute(QStringLiteral("type"), property.type);
            xml.writeAttribute(QStringLiteral("value"), property.value);
        }
        xml.writeEndElement();
    };
    writeProperties(tileset.properties);
    xml.writeEmptyElement(QStringLiteral("grid"));
    xml.writeAttribute(QStringLiteral("orientation"), QStringLiteral("orthogonal"));
    xml.writeAttribute(QStringLiteral("width"), QStringLiteral("1"));
    xml.writeAttribute(QStringLiteral("height"), QStringLiteral("1"));
    for (const Tile &tile : tileset.tiles) {
        xml.writeStartElement(QStringLiteral("tile"));
        xml.writeAttribute(QStringLiteral("id"), QString::number(tile.id));
        if (tile.subRect) {
            xml.writeAttribute(QStringLiteral("x"), num(tile.subRect->x()));
            xml.writeAttribute(QStringLiteral("y"), num(tile.subRect->y()));
            xml.writeAttribute(QStringLiteral("width"), num(tile.subRect->width()));
            xml.writeAttribute(QStringLiteral("height"), num(tile.subRect->height()));
        }
        writeProperties(tile.properties);
        if (!tile.image.isEmpty()) {
            xml.writeEmptyElement(QStringLiteral("image"));
            if (tile.imageWidth > 0 && tile.imageHeight > 0) {
                xml.writeAttribute(QStringLiteral("width"), num(tile.imageWidth));
                xml.writeAttribute(QStringLiteral("height"), num(tile.imageHeight));
            }
            xml.writeAttribute(QStringLiteral("source"), tile.image);
        }
        xml.writeStartElement(QStringLiteral("objectgroup"));
        xml.writeAttribute(QStringLiteral("draworder"), QStringLiteral("index"));
        for (const Object &object : tile.objects) {
            const bool hasChild =
                object.kind == ObjectKind::Ellipse || object.kind == ObjectKind::Polygon;
            if (hasChild)
                xml.writeStartElement(QStringLiteral("object"));
            else
                xml.writeEmptyElement(QStringLiteral("object"));
            xml.writeAttribute(QStringLiteral("id"), QString::number(object.id));
            if (!object.name.isEmpty())
                xml.writeAttribute(QStringLiteral("name"), object.name);
            if (!object.className.isEmpty())
                xml.writeAttribute(QStringLiteral("type"), object.className);
            xml.writeAttribute(QStringLiteral("x"), num(object.x));
            xml.writeAttribute(QStringLiteral("y"), num(object.y));
            if (object.kind != ObjectKind::Polygon) {
                xml.writeAttribute(QStringLiteral("width"), num(object.width));
                xml.writeAttribute(QStringLiteral("height"), num(object.height));
            }
            if (object.rotation != 0)
                xml.writeAttribute(QStringLiteral("rotation"), num(object.rotation));
            if (object.kind == ObjectKind::Ellipse) {
                xml.writeEmptyElement(QStringLiteral("ellipse"));
            } else if (object.kind == ObjectKind::Polygon) {
                QStringList points;
                for (QPointF p : object.points)
                    points << num(p.x()) + u',' + num(p.y());
                xml.writeEmptyElement(QStringLiteral("polygon"));
                xml.writeAttribute(QStringLiteral("points"), points.join(u' '));
            }
            if (hasChild)
                xml.writeEndElement();
        }
        xml.writeEndElement(); // objectgroup
        xml.writeEndElement(); // tile
    }
    xml.writeEndElement(); // tileset
    xml.writeEndDocument();
    return bytes;
}

QJsonArray jsonProperties(const QList<Property> &properties) {
    QJsonArray array;
    for (const Property &property : properties) {
        const bool isFloat = property.type == QLatin1String("float");
        array.append(QJsonObject{
            {QStringLiteral("name"), property.name},
            {QStringLiteral("type"), isFloat ? property.type : QStringLiteral("string")},
            {QStringLiteral("value"),
             isFloat ? QJsonValue(property.value.toDouble()) : QJsonValue(property.value)}});
    }
    return array;
}

QByteArray writeTsj(const Tileset &tileset) {
    QJsonArray tiles;
    for (const Tile &tile : tileset.tiles) {
        QJsonArray objects;
        for (const Object &object : tile.objects) {
            QJsonObject o{{QStringLiteral("id"), object.id},
                          {QStringLiteral("name"), object.name},
                          {QStringLiteral("type"), object.className},
                          {QStringLiteral("x"), object.x},
                          {QStringLiteral("y"), object.y},
                          {QStringLiteral("width"), object.width},
                          {QStringLiteral("height"), object.height},
                          {QStringLiteral("rotation"), object.rotation},
                          {QStringLiteral("visible"), true}};
            if (object.kind == ObjectKind::Ellipse)
                o.insert(QStringLiteral("ellipse"), true);
            if (object.kind == ObjectKind::Polygon) {
                QJsonArray points;
                for (QPointF p : object.points)
                    points.append(
                        QJsonObject{{QStringLiteral("x"), p.x()}, {QStringLiteral("y"), p.y()}});
                o.insert(QStringLiteral("polygon"), points);
            }
            objects.append(o);
        }
        QJsonObject t{{QStringLiteral("id"), tile.id},
                      {QStringLiteral("objectgroup"),
                       QJsonObject{{QStringLiteral("draworder"), QStringLiteral("index")},
                                   {QStringLiteral("name"), QString()},
                                   {QStringLiteral("objects"), objects},
                                   {QStringLiteral("opacity"), 1},
                                   {QStringLiteral("type"), QStringLiteral("objectgroup")},
                                   {QStringLiteral("visible"), true},
                                   {QStringLiteral("x"), 0},
                                   {QStringLiteral("y"), 0}}},
                      {QStringLiteral("properties"), jsonProperties(tile.properties)}};
        if (!tile.image.isEmpty()) {
            t.insert(QStringLiteral("image"), tile.image);
            if (tile.imageWidth > 0 && tile.imageHeight > 0) {
                t.insert(QStringLiteral("imagewidth"), tile.imageWidth);
                t.insert(QStringLiteral("imageheight"), tile.imageHeight);
            }
        }
        if (tile.subRect) {
            t.insert(QStringLiteral("x"), tile.subRect->x());
            t.insert(QStringLiteral("y"), tile.subRect->y());
            t.insert(QStringLiteral("width"), tile.subRect->width());
            t.insert(QStringLiteral("height"), tile.subRect->height());
        }
        tiles.append(t);
    }
    QJsonObject root{{QStringLiteral("columns"), 0},
                     {QStringLiteral("grid"),
                      QJsonObject{{QStringLiteral("height"), 1},
                                  {QStringLiteral("orientation"), QStringLiteral("orthogonal")},
                                  {QStringLiteral("width"), 1}}},
                     {QStringLiteral("margin"), 0},
                     {QStringLiteral("name"), tileset.name},
                     {QStringLiteral("spacing"), 0},
                     {QStringLiteral("tilecount"), tileset.tiles.size()},
                     {QStringLiteral("tileheight"), tileset.tileHeight},
                     {QStringLiteral("tiles"), tiles},
                     {QStringLiteral("tilewidth"), tileset.tileWidth},
                     {QStringLiteral("type"), QStringLiteral("tileset")},
                     {QStringLiteral("version"), QStringLiteral("1.8")}};
    if (!tileset.properties.isEmpty())
        root.insert(QStringLiteral("properties"), jsonProperties(tileset.properties));
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

/// Shared checks before reading any bytes as text.
bool checkText(const QByteArray &bytes, QString *error) {
    if (bytes.trimmed().isEmpty()) {
        *error = tr("file is empty");
        return false;
    }
    if (bytes.contains('\0')) {
        *error = tr("not a text file (it contains NUL bytes)");
        return false;
    }
    return true;
}

WriteResult writeTileset(const DocumentData &document, const FormatContext &context,
                         const WriteOptions &options, QByteArray (*serialize)(const Tileset &)) {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    const Tileset tileset = fromDocument(document, context, &result.warnings);
    if (!document.layers.isEmpty())
        result.warnings << tr("layer colours are not stored in Tiled tilesets");
    result.bytes = serialize(tileset);
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
    return {QStringLiteral("tsx")};
}
FileFormat::Capabilities TiledTsxFormat::capabilities() const {
    return CanRead | CanWrite;
}

ReadResult TiledTsxFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    if (!checkText(bytes, &result.error))
        return result;
    try {
        const Tileset tileset = TsxReader(bytes).read();
        QStringList warnings;
        result.document = toDocument(tileset, context, &warnings);
        result.warnings = warnings;
    } catch (const ReadError &error) {
        result.error = error.message;
    }
    return result;
}

QStringList TiledTsxFormat::exportWarnings(const DocumentData &document) const {
    return tiled::exportWarnings(document);
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
    return {QStringLiteral("tsj"), QStringLiteral("json")};
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
        const Tileset tileset = readTsj(json::Cursor(parsed->object()));
        QStringList warnings;
        result.document = toDocument(tileset, context, &warnings);
        result.warnings = warnings;
    } catch (const json::SchemaError &error) {
        result.error = error.toString();
    }
    return result;
}

QStringList TiledTsjFormat::exportWarnings(const DocumentData &document) const {
    return tiled::exportWarnings(document);
}

WriteResult TiledTsjFormat::write(const DocumentData &document, const FormatContext &context,
                                  const WriteOptions &options) const {
    return writeTileset(document, context, options, writeTsj);
}

} // namespace hitsmith
