#include "tiledtileset.h"

#include "animationloss.h"
#include "enginesupport.h"
#include "jsonsupport.h"
#include "validation.h"

#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QMap>
#include <QSet>

#include <algorithm>

#include <cmath>

namespace hitsmith::tiled {

using engines::tr;

namespace {

const QString kSpriteProperty = QStringLiteral("sprite");
const QString kFrameProperty = QStringLiteral("frame");
const QString kOriginXProperty = QStringLiteral("originX");
const QString kOriginYProperty = QStringLiteral("originY");
const QString kCollideProperty = QStringLiteral("collide");
/// Tileset properties "layerColor:NAME" of Tiled type color: how the editor shows each layer.
const QString kLayerColorPrefix = QStringLiteral("layerColor:");
/// On a sprite's first tile: the sprite's default frame duration (ms).
const QString kSpriteDurationProperty = QStringLiteral("spriteDuration");
/// Root motion: the character's step (pixels) when the tile's frame starts, written when not 0.
const QString kMotionXProperty = QStringLiteral("motionX");
const QString kMotionYProperty = QStringLiteral("motionY");

/// Tile properties Hitsmith uses itself: a frame property of that name cannot be written.
bool isReservedTileProperty(const QString &name) {
    return name == kSpriteProperty || name == kFrameProperty || name == kOriginXProperty ||
           name == kOriginYProperty || name == kSpriteDurationProperty ||
           name == kMotionXProperty || name == kMotionYProperty;
}

/// Largest magnitude written as a Tiled int: Tiled holds int properties in 32 bits.
constexpr double kLargestTiledInt = 2147483647.0;

/// A Hitsmith property value as a typed Tiled property. A JSON number does not tell 12 from
/// 12.0, so whole numbers Tiled can hold become "int" (what a game reads as damage = 12) and the
/// rest "float" with every digit needed to read back the same double.
Property toTiledProperty(const QString &name, const QJsonValue &value) {
    if (value.isBool())
        return {name, QStringLiteral("bool"),
                value.toBool() ? QStringLiteral("true") : QStringLiteral("false")};
    if (value.isDouble()) {
        const double number = value.toDouble();
        if (number == std::trunc(number) && std::abs(number) <= kLargestTiledInt)
            return {name, QStringLiteral("int"), QString::number(qint64(number))};
        return {name, QStringLiteral("float"), json::number(number)};
    }
    return {name, {}, value.toString()};
}

QList<Property> toTiledProperties(const QJsonObject &properties) {
    QList<Property> result;
    for (auto it = properties.begin(); it != properties.end(); ++it)
        result.append(toTiledProperty(it.key(), it.value()));
    return result;
}

/// A Tiled property as a Hitsmith value, or nullopt with the reason: int, float and object (an
/// object id) become numbers, bool a boolean, string, color and file strings; class
/// properties (nested members) have no Hitsmith counterpart.
std::optional<QJsonValue> fromTiledProperty(const Property &property, QString *reason) {
    const QString &type = property.type;
    if (type.isEmpty() || type == QLatin1String("string") || type == QLatin1String("color") ||
        type == QLatin1String("file"))
        return QJsonValue(property.value);
    if (type == QLatin1String("bool")) {
        if (property.value == QLatin1String("true"))
            return QJsonValue(true);
        if (property.value == QLatin1String("false"))
            return QJsonValue(false);
        *reason = tr("\"%1\" is not true or false").arg(property.value.left(40));
        return std::nullopt;
    }
    if (type == QLatin1String("int") || type == QLatin1String("object")) {
        bool ok = false;
        const qint64 number = property.value.trimmed().toLongLong(&ok);
        if (ok)
            return QJsonValue(number);
    }
    if (type == QLatin1String("int") || type == QLatin1String("object") ||
        type == QLatin1String("float")) {
        // Game numbers, not pixels: any finite double (no pixel range check).
        bool ok = false;
        const double number = property.value.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(number)) {
            *reason = tr("\"%1\" is not a finite number").arg(property.value.left(40));
            return std::nullopt;
        }
        return propertyNumber(number);
    }
    *reason = tr("a %1 property has no Hitsmith counterpart").arg(type);
    return std::nullopt;
}

/// Reads properties into a Hitsmith object, warning (counted) about those it cannot hold.
QJsonObject fromTiledProperties(const QList<Property> &properties, const QString &where,
                                engines::LossCounter *skipped,
                                bool (*isInternal)(const QString &) = nullptr) {
    QJsonObject result;
    for (const Property &property : properties) {
        if (isInternal && isInternal(property.name))
            continue;
        QString reason;
        std::optional<QJsonValue> value;
        // A Hitsmith document cannot hold a property without a name (it would not reopen).
        if (property.name.isEmpty())
            reason = tr("a property needs a name");
        else
            value = fromTiledProperty(property, &reason);
        if (value)
            result.insert(property.name, *value);
        else
            skipped->add(tr("%1 property not imported"), tr("%1 properties not imported"),
                         tr("%1, property \"%2\": %3").arg(where, property.name, reason));
    }
    return result;
}

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
    // A template instance without a shape element of its own has the template's shape, which
    // lives in another file: not a rectangle of zero size.
    if (!object.templatePath.isEmpty() && object.kind == ObjectKind::Rectangle) {
        *skipped = tr("instance of an object template (templates are not read)");
        return std::nullopt;
    }
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
    case ObjectKind::Capsule: {
        // Tiled 1.12 draws a capsule as the rectangle with corners rounded by half its shorter
        // side: the ends sit on the long axis, a radius in from each short side.
        if (object.width <= 0 || object.height <= 0) {
            *skipped = tr("capsule of zero size");
            return std::nullopt;
        }
        const double radius = std::min(object.width, object.height) / 2.0;
        const QPointF first(radius, radius);
        const QPointF second = object.width >= object.height
                                   ? QPointF(object.width - radius, radius)
                                   : QPointF(radius, object.height - radius);
        shape.type = ShapeType::Capsule;
        shape.radius = radius;
        shape.points = {anchor + engines::rotated(first, object.rotation),
                        anchor + engines::rotated(second, object.rotation)};
        return shape;
    }
    case ObjectKind::Polygon:
        shape.type = ShapeType::Polygon;
        for (QPointF p : object.points)
            shape.points.append(anchor + engines::rotated(p, object.rotation));
        return shape;
    case ObjectKind::Point: // a locator, as Hitsmith's points
        shape.type = ShapeType::Point;
        shape.center = anchor;
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

namespace {

/// Frame durations from the tiles' <animation>s. A frame whose duration equals its sprite's
/// default (the animated tile's "spriteDuration", else 100 ms) gets none of its own: that is how
/// fromDocument() writes a frame without one.
void readDurations(const Tileset &tileset,
                   const QMap<int, std::pair<qsizetype, qsizetype>> &frameOfTile,
                   DocumentData *document, QStringList *warnings) {
    for (const Tile &tile : tileset.tiles) {
        if (tile.animation.isEmpty() || !frameOfTile.contains(tile.id))
            continue;
        Sprite &sprite = document->sprites[frameOfTile.value(tile.id).first];
        if (const Property *fallback = findProperty(tile.properties, kSpriteDurationProperty)) {
            bool ok = false;
            const int ms = fallback->value.toInt(&ok);
            if (ok && ms > 0)
                sprite.duration = ms;
            else
                warnings->append(tr("%1: property spriteDuration \"%2\" is not a whole number "
                                    "of milliseconds above 0; ignored")
                                     .arg(tile.location, fallback->value.left(40)));
        }
        const int defaultMs = sprite.duration.value_or(kDefaultFrameDuration);
        for (const AnimationFrame &step : tile.animation) {
            const auto where = frameOfTile.constFind(step.tileId);
            if (where == frameOfTile.cend() || where->first != frameOfTile.value(tile.id).first)
                continue; // a tile of another sprite or without shapes: not one of its frames
            if (step.duration <= 0) {
                warnings->append(tr("%1: animation frame of tile %2 has duration %3; left to "
                                    "the default")
                                     .arg(tile.location)
                                     .arg(step.tileId)
                                     .arg(step.duration));
                continue;
            }
            Frame &frame = sprite.frames[where->second];
            if (!frame.duration)
                frame.duration =
                    step.duration == defaultMs ? std::nullopt : std::optional<int>(step.duration);
        }
    }
}

} // namespace

DocumentData toDocument(const Tileset &tileset, const FormatContext &context,
                        QStringList *warnings) {
    DocumentData document;
    engines::LossCounter ellipses, skippedProperties, skippedObjects;
    // Where each tile's frame went, for the durations in <animation>.
    QMap<int, std::pair<qsizetype, qsizetype>> frameOfTile;
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
    for (const Property &property : tileset.properties) {
        if (!property.name.startsWith(kLayerColorPrefix))
            continue;
        const QString layer = property.name.mid(kLayerColorPrefix.size());
        if (property.value.isEmpty())
            continue; // Tiled's unset colour
        // Tiled writes #AARRGGBB (or #RRGGBB), as QColor reads them.
        const QColor color = QColor::fromString(property.value);
        if (layer.isEmpty() || !color.isValid()) {
            warnings->append(tr("tileset property \"%1\": \"%2\" is not a colour (#RRGGBB or "
                                "#AARRGGBB); ignored")
                                 .arg(property.name, property.value));
            continue;
        }
        const bool known =
            std::any_of(document.layers.cbegin(), document.layers.cend(),
                        [&](const LayerStyle &style) { return style.name == layer; });
        if (!known)
            document.layers.append({layer, color, true, {}});
    }

    // Files older than Tiled 0.15 have no "columns": Tiled counts them from the image width as
    // libtiled's Tileset::columnCountForWidth does, (width - margin + spacing) / (tile width +
    // spacing), one margin only (a right margin is pixels that make no whole tile anyway).
    int columns = tileset.columns;
    if (columns <= 0 && tileset.imageWidth > 0 && tileset.tileWidth > 0)
        columns = int((qint64(tileset.imageWidth) - tileset.margin + tileset.spacing) /
                      (qint64(tileset.tileWidth) + tileset.spacing));
    if (columns <= 0 && !tileset.image.isEmpty() && tileset.tileWidth > 0)
        warnings->append(tr("the tileset gives neither its columns nor its image width: frames "
                            "without a sub-rectangle have no cell in %1")
                             .arg(tileset.image));
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
        } else if (tile.image.isEmpty() && !tileset.image.isEmpty() && columns > 0 &&
                   tileset.tileWidth > 0 && tileset.tileHeight > 0) {
            // In double: a tile id near INT_MAX times the tile size overflows int (found by the
            // fuzz campaign: id 2e9, tile height 16).
            const double column = tile.id % columns, row = tile.id / columns;
            frame.source =
                QRectF(tileset.margin + column * (double(tileset.tileWidth) + tileset.spacing),
                       tileset.margin + row * (double(tileset.tileHeight) + tileset.spacing),
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
        // Root motion: either property alone is a step along one axis (the other is 0).
        const Property *motionX = findProperty(tile.properties, kMotionXProperty);
        const Property *motionY = findProperty(tile.properties, kMotionYProperty);
        if (motionX || motionY) {
            QString reason;
            const std::optional<double> x =
                motionX ? parseNumber(motionX->value, &reason) : std::optional<double>(0.0);
            const std::optional<double> y =
                motionY ? parseNumber(motionY->value, &reason) : std::optional<double>(0.0);
            if (x && y)
                frame.motion = QPointF(*x, *y);
            else
                warnings->append(tr("%1: motion property %2; ignored").arg(tile.location, reason));
        }
        for (const Object &object : tile.objects) {
            QString skipped;
            std::optional<Shape> shape = objectToShape(object, tile.objectGroupOffset, &skipped);
            if (!shape) {
                // One counted line per kind (docs/formats.md), not one per object.
                QString where = tr("%1, object %2").arg(tile.location, QString::number(object.id));
                if (!object.templatePath.isEmpty())
                    where += QStringLiteral(" (%1)").arg(object.templatePath);
                skippedObjects.add(tr("%1 object skipped: %2").arg(QStringLiteral("%1"), skipped),
                                   tr("%1 objects skipped: %2").arg(QStringLiteral("%1"), skipped),
                                   where);
                continue;
            }
            if (object.kind == ObjectKind::Ellipse && shape->type == ShapeType::Polygon)
                ellipses.add(tr("%1 ellipse that is not a circle imported as a %2-vertex polygon")
                                 .arg(QStringLiteral("%1"), QString::number(kEllipseVertices)),
                             tr("%1 ellipses that are not circles imported as %2-vertex polygons")
                                 .arg(QStringLiteral("%1"), QString::number(kEllipseVertices)),
                             tr("%1, object %2").arg(tile.location, QString::number(object.id)));
            shape->properties = fromTiledProperties(
                object.properties,
                tr("%1, object %2").arg(tile.location, QString::number(object.id)),
                &skippedProperties);
            engines::appendWithUniqueId(frame, *shape, QStringLiteral("object-%1").arg(object.id));
        }
        frame.properties = fromTiledProperties(tile.properties, tile.location, &skippedProperties,
                                               isReservedTileProperty);
        frameOfTile.insert(tile.id, {spriteIndex, sprite.frames.size()});
        sprite.frames.append(frame);
    }
    readDurations(tileset, frameOfTile, &document, warnings);
    skippedObjects.appendTo(warnings);
    ellipses.appendTo(warnings);
    skippedProperties.appendTo(warnings);
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

/// A capsule as Tiled 1.12 stores it: the rectangle around it, long side along the ends, turned
/// about its top-left corner by the ends' direction.
void setCapsuleObject(Object &object, const Shape &shape) {
    const QPointF a = shape.points.value(0), b = shape.points.value(1);
    const QPointF d = b - a;
    const double length = std::hypot(d.x(), d.y());
    const double r = shape.radius;
    object.kind = ObjectKind::Capsule;
    // Degrees to 1e-12 (a 1e-12 px error 50,000 px out) so that reading back and writing again
    // gives the same text; sizes to 1e-9 px as every coordinate.
    object.rotation =
        length > 0 ? std::round(std::atan2(d.y(), d.x()) * 180.0 / M_PI * 1e12) / 1e12 : 0.0;
    object.width = engines::pixelRounded(length + 2 * r);
    object.height = engines::pixelRounded(2 * r);
    const QPointF topLeft = engines::pixelRounded(a - engines::rotated({r, r}, object.rotation));
    object.x = topLeft.x();
    object.y = topLeft.y();
}

Object shapeToObject(const Shape &shape, int id, bool capsulesAsPolygons) {
    Object object;
    object.id = id;
    object.name = shape.id;
    object.properties = toTiledProperties(shape.properties);
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
    case ShapeType::Point: // a Tiled point object
        object.kind = ObjectKind::Point;
        object.x = shape.center.x();
        object.y = shape.center.y();
        break;
    case ShapeType::Capsule:
        if (!capsulesAsPolygons) {
            setCapsuleObject(object, shape);
            break;
        }
        [[fallthrough]];
    case ShapeType::Polygon: {
        object.kind = ObjectKind::Polygon;
        const QList<QPointF> points = engines::polygonPoints(shape);
        const QPointF anchor = points.value(0);
        object.x = anchor.x();
        object.y = anchor.y();
        for (QPointF p : points)
            object.points.append(engines::pixelRounded(p - anchor));
        break;
    }
    }
    return object;
}

} // namespace

Tileset fromDocument(const DocumentData &document, const FormatContext &context,
                     const WriteOptions &options) {
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
    // Layer colours as typed colour properties: Tiled shows them as swatches and keeps them, and
    // an import gives the layers their colours back.
    for (const LayerStyle &style : document.layers) {
        if (style.color.isValid() && !style.name.isEmpty())
            tileset.properties.append({kLayerColorPrefix + style.name, QStringLiteral("color"),
                                       style.color.name(QColor::HexArgb)});
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
        const qsizetype firstTile = tileset.tiles.size();
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
            if (!frame.motion.isNull()) {
                tile.properties.append(
                    {kMotionXProperty, QStringLiteral("float"), json::number(frame.motion.x())});
                tile.properties.append(
                    {kMotionYProperty, QStringLiteral("float"), json::number(frame.motion.y())});
            }
            for (const Property &property : toTiledProperties(frame.properties)) {
                if (!isReservedTileProperty(property.name))
                    tile.properties.append(property);
            }
            tile.image = image;
            if (imageSize.isValid()) {
                tile.imageWidth = imageSize.width();
                tile.imageHeight = imageSize.height();
            }
            tile.subRect = frame.source;
            tile.hasObjectGroup = true;
            int objectId = 1;
            for (const Shape &shape : frame.shapes) {
                if (isCollidable(shape) ||
                    (shape.type == ShapeType::Point && !validateShape(shape)))
                    tile.objects.append(
                        shapeToObject(shape, objectId++, options.capsulesAsPolygons));
            }
            const QSizeF size = frameTileSize(frame);
            tileWidth = std::max(tileWidth, size.width());
            tileHeight = std::max(tileHeight, size.height());
            tileset.tiles.append(tile);
        }
        // Durations as Tiled's tile animation on the sprite's first tile: every frame for as
        // long as it shows, so Tiled plays the move at its speed.
        const bool hasDurations =
            sprite.duration || std::any_of(sprite.frames.cbegin(), sprite.frames.cend(),
                                           [](const Frame &f) { return f.duration.has_value(); });
        if (hasDurations && firstTile < tileset.tiles.size()) {
            Tile &first = tileset.tiles[firstTile];
            for (qsizetype i = 0; i < sprite.frames.size(); ++i)
                first.animation.append({int(firstTile + i), sprite.frameDuration(i)});
            if (sprite.duration)
                first.properties.append({kSpriteDurationProperty, QStringLiteral("int"),
                                         QString::number(*sprite.duration)});
        }
    }
    tileset.tileWidth = static_cast<int>(std::ceil(tileWidth));
    tileset.tileHeight = static_cast<int>(std::ceil(tileHeight));
    return tileset;
}

QStringList exportWarnings(const DocumentData &document, const WriteOptions &options) {
    QStringList warnings = engines::invalidShapeWarnings(document);
    warnings << engines::animationLossWarnings(document, tr("Tiled tilesets"),
                                               engines::KeptAnimationData::DurationsAndProperties);
    engines::LossCounter clashes, capsules;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes) {
                if (options.capsulesAsPolygons && shape.type == ShapeType::Capsule &&
                    isCollidable(shape))
                    capsules.add(tr("%1 capsule written as a polygon (every point within 0.5 px "
                                    "of the capsule, for Tiled before 1.12)"),
                                 tr("%1 capsules written as polygons (every point within 0.5 px "
                                    "of the capsule, for Tiled before 1.12)"),
                                 engines::shapeLocation(sprite.name, frame.name, shape.id));
            }
            for (auto it = frame.properties.begin(); it != frame.properties.end(); ++it) {
                if (isReservedTileProperty(it.key()))
                    clashes.add(tr("%1 frame property not written: its name is one Hitsmith "
                                   "uses for tile properties (sprite, frame, originX, originY, "
                                   "spriteDuration, motionX, motionY)"),
                                tr("%1 frame properties not written: their names are ones "
                                   "Hitsmith uses for tile properties (sprite, frame, originX, "
                                   "originY, spriteDuration, motionX, motionY)"),
                                sprite.name + u'/' + frame.name + u'/' + it.key());
            }
        }
    }
    capsules.appendTo(&warnings);
    clashes.appendTo(&warnings);
    return warnings;
}

} // namespace hitsmith::tiled
