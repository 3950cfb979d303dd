// The native reader's reference path: a document read from Qt's JSON values, every schema error
// located by its JSON path (hitsmithformat.cpp parses the text; hitsmithfastreader.cpp reads
// well-formed documents faster and hands the small parts of a document to these).

#include "hitsmithreading.h"

#include "hitsmithformat.h"

#include <QCoreApplication>
#include <QSet>

#include <cmath>
#include <optional>

namespace hitsmith::native {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::HitsmithFormat", text);
}

/// Everything in object whose key is not in known, to be written back untouched.
QJsonObject unknownFields(const QJsonObject &object, std::initializer_list<const char *> known) {
    QJsonObject extra = object;
    for (const char *key : known)
        extra.remove(QLatin1String(key));
    return extra;
}

/// The keys a shape of this type is written with; anything else on a shape is kept as unknown
/// (a circle's "angle" is not a circle's field, so it survives load and save untouched).
QStringList knownShapeKeys(ShapeType type) {
    switch (type) {
    case ShapeType::Polygon:
        return {"id", "layer", "type", "points", "properties"};
    case ShapeType::Rect:
        return {"id", "layer", "type", "center", "size", "angle", "properties"};
    case ShapeType::Circle:
        return {"id", "layer", "type", "center", "radius", "properties"};
    case ShapeType::Point:
        return {"id", "layer", "type", "position", "properties"};
    case ShapeType::Capsule:
        return {"id", "layer", "type", "ends", "radius", "properties"};
    }
    return {};
}

} // namespace

QJsonObject unknownShapeFields(QJsonObject object, ShapeType type) {
    for (const QString &key : knownShapeKeys(type))
        object.remove(key);
    return object;
}

/// Reads "properties": numbers, strings and booleans only; anything else fails at its path.
QJsonObject readProperties(const json::Cursor &c) {
    const QJsonObject object = c.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key().isEmpty())
            c.fail(tr("a property name must not be empty"));
        const json::Cursor value = c[it.key()];
        if (!isPropertyValue(it.value()))
            value.fail(tr("a property must be a number, a string or true/false"));
        if (it.value().isDouble())
            value.number(); // refuses non-finite numbers
    }
    return object;
}

namespace {

/// Reads a duration in milliseconds: a whole number greater than 0.
int readDuration(const json::Cursor &c) {
    const int ms = c.integer();
    if (ms <= 0)
        c.fail(tr("must be a whole number of milliseconds greater than 0"));
    return ms;
}

Shape readShape(const json::Cursor &c) {
    c.object();
    Shape shape;
    shape.id = c[QStringLiteral("id")].string();
    if (c.has(QStringLiteral("layer")))
        shape.layer = c[QStringLiteral("layer")].string();
    const QString type = c[QStringLiteral("type")].string();
    if (type == QLatin1String("polygon")) {
        shape.type = ShapeType::Polygon;
        const json::Cursor points = c[QStringLiteral("points")];
        const qsizetype count = points.size();
        for (qsizetype i = 0; i < count; ++i)
            shape.points.append(points[i].point());
    } else if (type == QLatin1String("rect")) {
        shape.type = ShapeType::Rect;
        shape.center = c[QStringLiteral("center")].point();
        const QPointF size = c[QStringLiteral("size")].point();
        shape.size = QSizeF(size.x(), size.y());
        if (c.has(QStringLiteral("angle")))
            shape.angle = c[QStringLiteral("angle")].number();
    } else if (type == QLatin1String("circle")) {
        shape.type = ShapeType::Circle;
        shape.center = c[QStringLiteral("center")].point();
        shape.radius = c[QStringLiteral("radius")].number();
    } else if (type == QLatin1String("point")) {
        shape.type = ShapeType::Point;
        shape.center = c[QStringLiteral("position")].point();
    } else if (type == QLatin1String("capsule")) {
        shape.type = ShapeType::Capsule;
        const json::Cursor ends = c[QStringLiteral("ends")];
        if (ends.size() != 2)
            ends.fail(tr("a capsule has exactly two ends [[x1, y1], [x2, y2]]"));
        shape.points = {ends[0].point(), ends[1].point()};
        shape.radius = c[QStringLiteral("radius")].number();
    } else {
        c[QStringLiteral("type")].fail(
            tr("unknown shape type \"%1\" (expected polygon, rect, circle, capsule or point)")
                .arg(type));
    }
    if (c.has(QStringLiteral("properties")))
        shape.properties = readProperties(c[QStringLiteral("properties")]);
    shape.extra = unknownShapeFields(c.object(), shape.type);
    return shape;
}

/// A finite number, or nullopt.
std::optional<double> quickNumber(const QJsonValue &value) {
    if (!value.isDouble())
        return std::nullopt;
    const double v = value.toDouble();
    return std::isfinite(v) ? std::optional(v) : std::nullopt;
}

/// [x, y] of finite numbers, or nullopt.
std::optional<QPointF> quickPoint(const QJsonValue &value) {
    if (!value.isArray())
        return std::nullopt;
    const QJsonArray pair = value.toArray();
    if (pair.size() != 2)
        return std::nullopt;
    const std::optional<double> x = quickNumber(pair.at(0)), y = quickNumber(pair.at(1));
    if (!x || !y)
        return std::nullopt;
    return QPointF(*x, *y);
}

/// readShape for the common shape (known keys only, no properties, every value well-formed),
/// without building a JSON path for every value read. Anything else gives nullopt, and readShape
/// reads the shape again and says what is wrong where.
std::optional<Shape> readShapeQuickly(const QJsonValue &value) {
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject object = value.toObject();
    Shape shape;
    const QJsonValue id = object.value(QLatin1String("id"));
    const QJsonValue type = object.value(QLatin1String("type"));
    if (!id.isString() || !type.isString() || object.contains(QLatin1String("properties")))
        return std::nullopt;
    shape.id = id.toString();
    qsizetype known = 2;
    if (object.contains(QLatin1String("layer"))) {
        ++known;
        const QJsonValue layer = object.value(QLatin1String("layer"));
        if (layer.isString())
            shape.layer = layer.toString();
        else if (!layer.isNull())
            return std::nullopt;
    }
    const QString typeName = type.toString();
    if (typeName == QLatin1String("polygon")) {
        shape.type = ShapeType::Polygon;
        const QJsonValue points = object.value(QLatin1String("points"));
        if (!points.isArray())
            return std::nullopt;
        const QJsonArray array = points.toArray();
        shape.points.reserve(array.size());
        for (const QJsonValue &point : array) {
            const std::optional<QPointF> p = quickPoint(point);
            if (!p)
                return std::nullopt;
            shape.points.append(*p);
        }
        known += 1;
    } else if (typeName == QLatin1String("rect")) {
        shape.type = ShapeType::Rect;
        const std::optional<QPointF> center = quickPoint(object.value(QLatin1String("center")));
        const std::optional<QPointF> size = quickPoint(object.value(QLatin1String("size")));
        if (!center || !size)
            return std::nullopt;
        shape.center = *center;
        shape.size = QSizeF(size->x(), size->y());
        known += 2;
        if (object.contains(QLatin1String("angle"))) {
            ++known;
            const QJsonValue angle = object.value(QLatin1String("angle"));
            if (!angle.isNull()) {
                const std::optional<double> degrees = quickNumber(angle);
                if (!degrees)
                    return std::nullopt;
                shape.angle = *degrees;
            }
        }
    } else if (typeName == QLatin1String("circle")) {
        shape.type = ShapeType::Circle;
        const std::optional<QPointF> center = quickPoint(object.value(QLatin1String("center")));
        const std::optional<double> radius = quickNumber(object.value(QLatin1String("radius")));
        if (!center || !radius)
            return std::nullopt;
        shape.center = *center;
        shape.radius = *radius;
        known += 2;
    } else if (typeName == QLatin1String("capsule")) {
        shape.type = ShapeType::Capsule;
        const QJsonValue ends = object.value(QLatin1String("ends"));
        const std::optional<double> radius = quickNumber(object.value(QLatin1String("radius")));
        if (!ends.isArray() || !radius)
            return std::nullopt;
        const QJsonArray pair = ends.toArray();
        if (pair.size() != 2)
            return std::nullopt;
        const std::optional<QPointF> a = quickPoint(pair.at(0)), b = quickPoint(pair.at(1));
        if (!a || !b)
            return std::nullopt;
        shape.points = {*a, *b};
        shape.radius = *radius;
        known += 2;
    } else if (typeName == QLatin1String("point")) {
        shape.type = ShapeType::Point;
        const std::optional<QPointF> position = quickPoint(object.value(QLatin1String("position")));
        if (!position)
            return std::nullopt;
        shape.center = *position;
        known += 1;
    } else {
        return std::nullopt;
    }
    if (object.size() != known)
        return std::nullopt; // unknown fields to keep: readShape collects them
    return shape;
}

} // namespace

Frame readFrame(const json::Cursor &c, SharedNames &layers) {
    c.object();
    Frame frame;
    frame.name = c[QStringLiteral("name")].string();
    if (c.has(QStringLiteral("source"))) {
        const json::Cursor source = c[QStringLiteral("source")];
        if (source.size() != 4)
            source.fail(tr("must be [x, y, width, height]"));
        frame.source =
            QRectF(source[0].number(), source[1].number(), source[2].number(), source[3].number());
    }
    if (c.has(QStringLiteral("origin")))
        frame.origin = c[QStringLiteral("origin")].point();
    if (c.has(QStringLiteral("duration")))
        frame.duration = readDuration(c[QStringLiteral("duration")]);
    if (c.has(QStringLiteral("motion")))
        frame.motion = c[QStringLiteral("motion")].point(); // finite numbers only
    if (c.has(QStringLiteral("properties")))
        frame.properties = readProperties(c[QStringLiteral("properties")]);
    if (c.has(QStringLiteral("shapes"))) {
        const json::Cursor shapes = c[QStringLiteral("shapes")];
        const QJsonArray array = shapes.array();
        frame.shapes.reserve(array.size());
        for (qsizetype i = 0; i < array.size(); ++i) {
            std::optional<Shape> shape = readShapeQuickly(array.at(i));
            if (!shape)
                shape = readShape(shapes[i]);
            layers.share(shape->layer);
            frame.shapes.append(std::move(*shape));
        }
    }
    frame.extra = unknownFields(
        c.object(), {"name", "source", "origin", "duration", "motion", "properties", "shapes"});
    return frame;
}

Sprite readSprite(const json::Cursor &c, SharedNames &layers) {
    c.object();
    Sprite sprite;
    sprite.name = c[QStringLiteral("name")].string();
    if (c.has(QStringLiteral("image")))
        sprite.image = c[QStringLiteral("image")].string();
    if (c.has(QStringLiteral("flip"))) {
        const json::Cursor flip = c[QStringLiteral("flip")];
        const std::optional<ImageFlip> value = imageFlipFromName(flip.string());
        if (!value)
            flip.fail(tr("must be \"horizontal\", \"vertical\" or \"both\""));
        sprite.flip = *value;
    }
    if (c.has(QStringLiteral("duration")))
        sprite.duration = readDuration(c[QStringLiteral("duration")]);
    const json::Cursor frames = c[QStringLiteral("frames")];
    const qsizetype count = frames.size();
    for (qsizetype i = 0; i < count; ++i)
        sprite.frames.append(readFrame(frames[i], layers));
    sprite.extra = unknownFields(c.object(), {"name", "image", "flip", "duration", "frames"});
    return sprite;
}

namespace {

/// A list of layer pairs, [["a", "b"], ...] (the collide matrix, a versus setup's layers).
QList<LayerPair> readLayerPairs(const json::Cursor &list) {
    QList<LayerPair> pairs;
    const qsizetype count = list.size();
    for (qsizetype i = 0; i < count; ++i) {
        const json::Cursor pair = list[i];
        if (pair.size() != 2)
            pair.fail(tr("must be a pair of layer names [\"a\", \"b\"]"));
        pairs.append({pair[0].string(), pair[1].string()});
    }
    return pairs;
}

VersusSetup readVersus(const json::Cursor &c) {
    c.object();
    VersusSetup setup;
    setup.attacker = c[QStringLiteral("attacker")].string();
    setup.defender = c[QStringLiteral("defender")].string();
    setup.dx = c[QStringLiteral("dx")].number();
    if (c.has(QStringLiteral("dy")))
        setup.dy = c[QStringLiteral("dy")].number();
    if (c.has(QStringLiteral("facing"))) {
        const json::Cursor facing = c[QStringLiteral("facing")];
        const QString text = facing.string();
        if (text == QLatin1String("opposite"))
            setup.facing = Facing::Opposite;
        else if (text == QLatin1String("same"))
            setup.facing = Facing::Same;
        else
            facing.fail(tr("must be \"opposite\" or \"same\" (is \"%1\")").arg(text));
    }
    if (c.has(QStringLiteral("layers"))) {
        // As the editor and the CLI can type them: at least one pair, no empty name.
        const json::Cursor list = c[QStringLiteral("layers")];
        setup.layers = readLayerPairs(list);
        if (setup.layers->isEmpty())
            list.fail(tr("must hold at least one [attacker, defender] layer pair (leave it out "
                         "to test the collide matrix)"));
        for (qsizetype i = 0; i < setup.layers->size(); ++i)
            if (setup.layers->at(i).first.isEmpty() || setup.layers->at(i).second.isEmpty())
                list[i].fail(tr("a layer name must not be empty"));
    }
    if (c.has(QStringLiteral("defender_document"))) {
        const json::Cursor file = c[QStringLiteral("defender_document")];
        setup.defenderDocument = file.string();
        if (setup.defenderDocument.isEmpty())
            file.fail(tr("must name the defender's document (leave it out when the defender is "
                         "a frame of this document)"));
    }
    setup.extra = unknownFields(
        c.object(), {"attacker", "defender", "dx", "dy", "facing", "layers", "defender_document"});
    return setup;
}

} // namespace

DocumentData readDocument(const json::Cursor &root) {
    root.object();
    if (!root.has(QStringLiteral("format")) ||
        root[QStringLiteral("format")].value() != QJsonValue(QStringLiteral("hitsmith")))
        root.fail(tr("not a Hitsmith document (it lacks \"format\": \"hitsmith\")"));
    const int version = root[QStringLiteral("version")].integer();
    if (version > HitsmithFormat::kVersion)
        root[QStringLiteral("version")].fail(
            tr("version %1 is newer than this build of Hitsmith reads (up to %2); "
               "please update Hitsmith")
                .arg(version)
                .arg(HitsmithFormat::kVersion));
    if (version < 1)
        root[QStringLiteral("version")].fail(tr("must be 1 or more"));

    DocumentData document;
    if (root.has(QStringLiteral("tick_rate"))) {
        const json::Cursor rate = root[QStringLiteral("tick_rate")];
        document.tickRate = rate.integer();
        if (document.tickRate < kMinTickRate || document.tickRate > kMaxTickRate)
            rate.fail(tr("must be a whole number of ticks a second from %1 to %2")
                          .arg(kMinTickRate)
                          .arg(kMaxTickRate));
    }
    if (root.has(QStringLiteral("collide"))) {
        document.collide = readLayerPairs(root[QStringLiteral("collide")]);
    }
    if (root.has(QStringLiteral("layers"))) {
        const json::Cursor layers = root[QStringLiteral("layers")];
        const qsizetype count = layers.size();
        for (qsizetype i = 0; i < count; ++i) {
            const json::Cursor c = layers[i];
            c.object();
            LayerStyle style;
            style.name = c[QStringLiteral("name")].string();
            if (c.has(QStringLiteral("color"))) {
                const json::Cursor color = c[QStringLiteral("color")];
                const QColor parsed = QColor::fromString(color.string());
                if (!parsed.isValid())
                    color.fail(tr("must be a colour such as \"#e04040\""));
                // The file holds 8 bits a channel; "#rrrgggbbb" and the 16-bit forms keep more,
                // so a save and reload would give another colour. Keep what a save writes.
                style.color = QColor::fromRgba(parsed.rgba());
            }
            if (c.has(QStringLiteral("visible")))
                style.visible = c[QStringLiteral("visible")].boolean();
            style.extra = unknownFields(c.object(), {"name", "color", "visible"});
            document.layers.append(style);
        }
    }
    const json::Cursor sprites = root[QStringLiteral("sprites")];
    const qsizetype count = sprites.size();
    SharedNames layers; // shapes' layer names, shared as they are read (fresh in the cache)
    for (qsizetype i = 0; i < count; ++i)
        document.sprites.append(readSprite(sprites[i], layers));
    if (root.has(QStringLiteral("versus"))) {
        const json::Cursor versus = root[QStringLiteral("versus")];
        const qsizetype setups = versus.size();
        for (qsizetype i = 0; i < setups; ++i)
            document.versus.append(readVersus(versus[i]));
    }
    document.extra = unknownFields(root.object(), {"format", "version", "tick_rate", "collide",
                                                   "layers", "sprites", "versus"});
    return document;
}

} // namespace hitsmith::native
