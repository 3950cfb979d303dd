// Writing Tiled tilesets: the shared Tileset (tiledtileset.h) as .tsx (XML) or .tsj (JSON).
#include "tiledio.h"

#include "enginesupport.h"

#include <QXmlStreamWriter>

namespace hitsmith::tiled {

using engines::tr;

namespace {

QString num(double value) {
    return json::number(value);
}

} // namespace

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
            const bool hasChild = object.kind == ObjectKind::Ellipse ||
                                  object.kind == ObjectKind::Capsule ||
                                  object.kind == ObjectKind::Polygon ||
                                  object.kind == ObjectKind::Point || !object.properties.isEmpty();
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
            if (object.kind != ObjectKind::Polygon && object.kind != ObjectKind::Point) {
                xml.writeAttribute(QStringLiteral("width"), num(object.width));
                xml.writeAttribute(QStringLiteral("height"), num(object.height));
            }
            if (object.rotation != 0)
                xml.writeAttribute(QStringLiteral("rotation"), num(object.rotation));
            writeProperties(object.properties);
            if (object.kind == ObjectKind::Ellipse) {
                xml.writeEmptyElement(QStringLiteral("ellipse"));
            } else if (object.kind == ObjectKind::Capsule) {
                xml.writeEmptyElement(QStringLiteral("capsule"));
            } else if (object.kind == ObjectKind::Point) {
                xml.writeEmptyElement(QStringLiteral("point"));
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
        if (!tile.animation.isEmpty()) {
            xml.writeStartElement(QStringLiteral("animation"));
            for (const AnimationFrame &frame : tile.animation) {
                xml.writeEmptyElement(QStringLiteral("frame"));
                xml.writeAttribute(QStringLiteral("tileid"), QString::number(frame.tileId));
                xml.writeAttribute(QStringLiteral("duration"), QString::number(frame.duration));
            }
            xml.writeEndElement();
        }
        xml.writeEndElement(); // tile
    }
    xml.writeEndElement(); // tileset
    xml.writeEndDocument();
    return bytes;
}

namespace {

QJsonArray jsonProperties(const QList<Property> &properties) {
    QJsonArray array;
    for (const Property &property : properties) {
        QJsonValue value(property.value);
        if (property.type == QLatin1String("float"))
            value = property.value.toDouble();
        else if (property.type == QLatin1String("int"))
            value = property.value.toLongLong();
        else if (property.type == QLatin1String("bool"))
            value = property.value == QLatin1String("true");
        array.append(
            QJsonObject{{QStringLiteral("name"), property.name},
                        {QStringLiteral("type"),
                         property.type.isEmpty() ? QStringLiteral("string") : property.type},
                        {QStringLiteral("value"), value}});
    }
    return array;
}

} // namespace

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
            if (object.kind == ObjectKind::Capsule)
                o.insert(QStringLiteral("capsule"), true);
            if (object.kind == ObjectKind::Point)
                o.insert(QStringLiteral("point"), true);
            if (object.kind == ObjectKind::Polygon) {
                QJsonArray points;
                for (QPointF p : object.points)
                    points.append(
                        QJsonObject{{QStringLiteral("x"), p.x()}, {QStringLiteral("y"), p.y()}});
                o.insert(QStringLiteral("polygon"), points);
            }
            if (!object.properties.isEmpty())
                o.insert(QStringLiteral("properties"), jsonProperties(object.properties));
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
        if (!tile.animation.isEmpty()) {
            QJsonArray animation;
            for (const AnimationFrame &frame : tile.animation)
                animation.append(QJsonObject{{QStringLiteral("duration"), frame.duration},
                                             {QStringLiteral("tileid"), frame.tileId}});
            t.insert(QStringLiteral("animation"), animation);
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

} // namespace hitsmith::tiled
