#include "tiledtileset.h"

#include "animationloss.h"
#include "enginesupport.h"
#include "jsonsupport.h"
#include "validation.h"

#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QMap>

#include <cmath>

namespace hitsmith::tiled {

using engines::tr;

namespace {

const QString kSpriteProperty = QStringLiteral("sprite");
const QString kFrameProperty = QStringLiteral("frame");
const QString kOriginXProperty = QStringLiteral("originX");
const QString kOriginYProperty = QStringLiteral("originY");
const QString kCollideProperty = QStringLiteral("collide");

const Property *findProperty(const QList<Property> &properties, const QString &name) {
    for (const Property &property : properties) {
        if (property.name == name)
            return &property;
    }
    return nullptr;
}

QString kindName(ObjectKind kind) {
    switch (kind) {
    case ObjectKind::Polyline:
        return tr("polyline");
    case ObjectKind::Point:
        return tr("point");
    case ObjectKind::Text:
        return tr("text object");
    case ObjectKind::TileObject:
        return tr("tile object");
    default:
        return tr("object");
    }
}

/// Vertices of the polygon an ellipse that is not a circle becomes.
constexpr int kEllipseVertices = 16;

/// The shape of one Tiled object, or nullopt with the reason in *skipped.
std::optional<Shape> objectToShape(const Object &object, QPointF offset, QString *skipped) {
    Shape shape;
    shape.id = object.name;
    if (!object.className.isEmpty())
        shape.layer = object.className;
    const QPointF anchor = QPointF(object.x, object.y) + offset;
    switch (object.kind) {
    case ObjectKind::Rectangle:
        if (object.width <= 0 || object.height <= 0) {
            *skipped = tr("rectangle of zero size (Tiled shows it as a point)");
            return std::nullopt;
        }
        shape.type = ShapeType::Rect;
        shape.size = QSizeF(object.width, object.height);
        shape.angle = object.rotation;
        // Tiled turns the rectangle about its top-left corner; ours turns about the centre.
        shape.center =
            anchor + engines::rotated({object.width / 2.0, object.height / 2.0}, object.rotation);
        return shape;
    case ObjectKind::Ellipse: {
        const double larger = std::max(object.width, object.height);
        if (larger <= 0) {
            *skipped = tr("ellipse of zero size");
            return std::nullopt;
        }
        if (std::abs(object.width - object.height) > engines::kRoundEllipseTolerance * larger) {
            // Hitsmith has no ellipses: the inscribed polygon (vertices on the ellipse).
            shape.type = ShapeType::Polygon;
            const QPointF half(object.width / 2.0, object.height / 2.0);
            for (int k = 0; k < kEllipseVertices; ++k) {
                const double t = 2.0 * M_PI * k / kEllipseVertices;
                const QPointF p(half.x() + half.x() * std::cos(t),
                                half.y() + half.y() * std::sin(t));
                shape.points.append(
                    engines::pixelRounded(anchor + engines::rotated(p, object.rotation)));
            }
            return shape;
        }
        shape.type = ShapeType::Circle;
        shape.radius = (object.width + object.height) / 4.0;
        shape.center =
            anchor + engines::rotated({object.width / 2.0, object.height / 2.0}, object.rotation);
        return shape;
    }
    case ObjectKind::Polygon:
        shape.type = ShapeType::Polygon;
        for (QPointF p : object.points)
            shape.points.append(anchor + engines::rotated(p, object.rotation));
        return shape;
    default:
        *skipped = tr("%1 (Hitsmith holds closed convex shapes only)").arg(kindName(object.kind));
        return std::nullopt;
    }
}

/// A collision matrix stored as the tileset's "collide" property, JSON [["a","b"], ...].
std::optional<QList<LayerPair>> parseCollide(const QString &text, QString *error) {
    QString parseError;
    const std::optional<QJsonDocument> parsed = json::parse(text.toUtf8(), &parseError);
    if (!parsed || !parsed->isArray()) {
        *error = parsed ? tr("must be a JSON array of layer pairs") : parseError;
        return std::nullopt;
    }
    QList<LayerPair> pairs;
    for (const QJsonValue &value : parsed->array()) {
        const QJsonArray pair = value.toArray();
        if (pair.size() != 2 || !pair[0].isString() || !pair[1].isString()) {
            *error = tr("must be a JSON array of layer pairs [[\"a\", \"b\"], ...]");
            return std::nullopt;
        }
        pairs.append({pair[0].toString(), pair[1].toString()});
    }
    return pairs;
}

} // namespace

std::optional<double> parseNumber(const QString &text, QString *reason) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok) {
        *reason = tr("\"%1\" is not a number").arg(text.left(40));
        return std::nullopt;
    }
    if (const std::optional<QString> problem = engines::checkImportedNumber(value)) {
        *reason = *problem;
        return std::nullopt;
    }
    return value;
}

DocumentData toDocument(const Tileset &tileset, const FormatContext &context,
                        QStringList *warnings) {
    DocumentData document;
    engines::LossCounter ellipses;
    const QString dir = engines::fileDir(context);
    const QString defaultSprite =
        tileset.name.isEmpty()
            ? (context.filePath.isEmpty() ? QStringLiteral("tileset")
                                          : QFileInfo(context.filePath).completeBaseName())
            : tileset.name;
    if (const Property *collide = findProperty(tileset.properties, kCollideProperty)) {
        QString error;
        if (std::optional<QList<LayerPair>> pairs = parseCollide(collide->value, &error))
            document.collide = *pairs;
        else
            warnings->append(tr("tileset property \"collide\": %1; ignored").arg(error));
    }

    for (const Tile &tile : tileset.tiles) {
        if (!tile.hasObjectGroup)
            continue;
        const Property *spriteName = findProperty(tile.properties, kSpriteProperty);
        const QString name = spriteName ? spriteName->value : defaultSprite;
        qsizetype spriteIndex = document.indexOfSprite(name);
        if (spriteIndex < 0) {
            Sprite sprite;
            sprite.name = name;
            const QString image = tile.image.isEmpty() ? tileset.image : tile.image;
            sprite.image = engines::rebasePath(image, dir, context.documentDir);
            document.sprites.append(sprite);
            spriteIndex = document.sprites.size() - 1;
        }
        Sprite &sprite = document.sprites[spriteIndex];

        Frame frame;
        const Property *frameName = findProperty(tile.properties, kFrameProperty);
        frame.name = frameName ? frameName->value : QStringLiteral("tile-%1").arg(tile.id);
        for (const Frame &existing : sprite.frames) {
            if (existing.name == frame.name) {
                warnings->append(tr("%1: frame name \"%2\" is used twice; renamed")
                                     .arg(tile.location, frame.name));
                frame.name += QStringLiteral("-tile-%1").arg(tile.id);
                break;
            }
        }
        if (tile.subRect) {
            frame.source = tile.subRect;
        } else if (tile.image.isEmpty() && !tileset.image.isEmpty() && tileset.columns > 0 &&
                   tileset.tileWidth > 0 && tileset.tileHeight > 0) {
            const int column = tile.id % tileset.columns, row = tile.id / tileset.columns;
            frame.source = QRectF(tileset.margin + column * (tileset.tileWidth + tileset.spacing),
                                  tileset.margin + row * (tileset.tileHeight + tileset.spacing),
                                  tileset.tileWidth, tileset.tileHeight);
        } else if (!tile.image.isEmpty() && tile.imageWidth > 0 && tile.imageHeight > 0) {
            frame.source = QRectF(0, 0, tile.imageWidth, tile.imageHeight);
        }
        const Property *originX = findProperty(tile.properties, kOriginXProperty);
        const Property *originY = findProperty(tile.properties, kOriginYProperty);
        if (originX && originY) {
            QString reason;
            const std::optional<double> x = parseNumber(originX->value, &reason);
            const std::optional<double> y = parseNumber(originY->value, &reason);
            if (x && y)
                frame.origin = QPointF(*x, *y);
            else
                warnings->append(tr("%1: origin property %2; ignored").arg(tile.location, reason));
        }
        for (const Object &object : tile.objects) {
            QString skipped;
            std::optional<Shape> shape = objectToShape(object, tile.objectGroupOffset, &skipped);
            if (!shape) {
                warnings->append(tr("%1, object %2: %3 skipped")
                                     .arg(tile.location, QString::number(object.id), skipped));
                continue;
            }
            if (object.kind == ObjectKind::Ellipse && shape->type == ShapeType::Polygon)
                ellipses.add(tr("%1 ellipse that is not a circle imported as a %2-vertex polygon")
                                 .arg(QStringLiteral("%1"), QString::number(kEllipseVertices)),
                             tr("%1 ellipses that are not circles imported as %2-vertex polygons")
                                 .arg(QStringLiteral("%1"), QString::number(kEllipseVertices)),
                             tr("%1, object %2").arg(tile.location, QString::number(object.id)));
            engines::appendWithUniqueId(frame, *shape, QStringLiteral("object-%1").arg(object.id));
        }
        sprite.frames.append(frame);
    }
    ellipses.appendTo(warnings);
    return document;
}

namespace {

/// The size of a frame's tile: its source, else the extent of its shapes (at least 1 x 1).
QSizeF frameTileSize(const Frame &frame) {
    if (frame.source)
        return frame.source->size();
    double width = 1, height = 1;
    for (const Shape &shape : frame.shapes) {
        if (!isCollidable(shape))
            continue;
        const QRectF bounds = shape.boundingRect();
        width = std::max(width, std::ceil(bounds.right()));
        height = std::max(height, std::ceil(bounds.bottom()));
    }
    return {width, height};
}

Object shapeToObject(const Shape &shape, int id) {
    Object object;
    object.id = id;
    object.name = shape.id;
    if (shape.layer != Shape::defaultLayerName())
        object.className = shape.layer;
    switch (shape.type) {
    case ShapeType::Rect: {
        object.kind = ObjectKind::Rectangle;
        object.width = shape.size.width();
        object.height = shape.size.height();
        object.rotation = shape.angle;
        const QPointF topLeft = engines::pixelRounded(
            shape.center -
            engines::rotated({object.width / 2.0, object.height / 2.0}, shape.angle));
        object.x = topLeft.x();
        object.y = topLeft.y();
        break;
    }
    case ShapeType::Circle:
        object.kind = ObjectKind::Ellipse;
        object.x = engines::pixelRounded(shape.center.x() - shape.radius);
        object.y = engines::pixelRounded(shape.center.y() - shape.radius);
        object.width = object.height = 2 * shape.radius;
        break;
    case ShapeType::Polygon: {
        object.kind = ObjectKind::Polygon;
        const QPointF anchor = shape.points.value(0);
        object.x = anchor.x();
        object.y = anchor.y();
        for (QPointF p : shape.points)
            object.points.append(engines::pixelRounded(p - anchor));
        break;
    }
    }
    return object;
}

} // namespace

Tileset fromDocument(const DocumentData &document, const FormatContext &context, QStringList *) {
    Tileset tileset;
    if (document.sprites.size() == 1)
        tileset.name = document.sprites.first().name;
    else if (!context.filePath.isEmpty())
        tileset.name = QFileInfo(context.filePath).completeBaseName();
    else
        tileset.name = QStringLiteral("hitboxes");
    if (document.collide) {
        QJsonArray pairs;
        for (const LayerPair &pair : *document.collide)
            pairs.append(QJsonArray{pair.first, pair.second});
        tileset.properties.append({kCollideProperty, {}, json::compact(pairs)});
    }
    const QString dir = engines::fileDir(context);
    double tileWidth = 1, tileHeight = 1;
    int nextId = 0;
    for (const Sprite &sprite : document.sprites) {
        QString image;
        QSize imageSize;
        if (!sprite.image.isEmpty()) {
            image = engines::rebasePath(sprite.image, context.documentDir, dir);
            if (!context.documentDir.isEmpty())
                imageSize =
                    QImageReader(QDir(context.documentDir).absoluteFilePath(sprite.image)).size();
        }
        for (const Frame &frame : sprite.frames) {
            Tile tile;
            tile.id = nextId++;
            tile.location = QStringLiteral("tile %1").arg(tile.id);
            tile.properties.append({kFrameProperty, {}, frame.name});
            if (frame.origin) {
                tile.properties.append(
                    {kOriginXProperty, QStringLiteral("float"), json::number(frame.origin->x())});
                tile.properties.append(
                    {kOriginYProperty, QStringLiteral("float"), json::number(frame.origin->y())});
            }
            tile.properties.append({kSpriteProperty, {}, sprite.name});
            tile.image = image;
            if (imageSize.isValid()) {
                tile.imageWidth = imageSize.width();
                tile.imageHeight = imageSize.height();
            }
            tile.subRect = frame.source;
            tile.hasObjectGroup = true;
            int objectId = 1;
            for (const Shape &shape : frame.shapes) {
                if (isCollidable(shape))
                    tile.objects.append(shapeToObject(shape, objectId++));
            }
            const QSizeF size = frameTileSize(frame);
            tileWidth = std::max(tileWidth, size.width());
            tileHeight = std::max(tileHeight, size.height());
            tileset.tiles.append(tile);
        }
    }
    tileset.tileWidth = static_cast<int>(std::ceil(tileWidth));
    tileset.tileHeight = static_cast<int>(std::ceil(tileHeight));
    return tileset;
}

QStringList exportWarnings(const DocumentData &document) {
    QStringList warnings = engines::invalidShapeWarnings(document);
    warnings << engines::animationLossWarnings(document, tr("Tiled tilesets by this version"));
    return warnings;
}

} // namespace hitsmith::tiled
