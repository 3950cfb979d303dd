#include "hitsmithformat.h"

#include "fileio.h"
#include "jsonsupport.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSet>

#include <cmath>
#include <optional>

namespace hitsmith {

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
    }
    return {};
}

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
    } else {
        c[QStringLiteral("type")].fail(
            tr("unknown shape type \"%1\" (expected polygon, rect or circle)").arg(type));
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
    } else {
        return std::nullopt;
    }
    if (object.size() != known)
        return std::nullopt; // unknown fields to keep: readShape collects them
    return shape;
}

Frame readFrame(const json::Cursor &c) {
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
    if (c.has(QStringLiteral("properties")))
        frame.properties = readProperties(c[QStringLiteral("properties")]);
    if (c.has(QStringLiteral("shapes"))) {
        const json::Cursor shapes = c[QStringLiteral("shapes")];
        const QJsonArray array = shapes.array();
        frame.shapes.reserve(array.size());
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (std::optional<Shape> shape = readShapeQuickly(array.at(i)))
                frame.shapes.append(std::move(*shape));
            else
                frame.shapes.append(readShape(shapes[i]));
        }
    }
    frame.extra =
        unknownFields(c.object(), {"name", "source", "origin", "duration", "properties", "shapes"});
    return frame;
}

Sprite readSprite(const json::Cursor &c) {
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
        sprite.frames.append(readFrame(frames[i]));
    sprite.extra = unknownFields(c.object(), {"name", "image", "flip", "duration", "frames"});
    return sprite;
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
    setup.extra = unknownFields(c.object(), {"attacker", "defender", "dx", "dy", "facing"});
    return setup;
}

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
    if (root.has(QStringLiteral("collide"))) {
        const json::Cursor collide = root[QStringLiteral("collide")];
        QList<LayerPair> pairs;
        const qsizetype count = collide.size();
        for (qsizetype i = 0; i < count; ++i) {
            const json::Cursor pair = collide[i];
            if (pair.size() != 2)
                pair.fail(tr("must be a pair of layer names [\"a\", \"b\"]"));
            pairs.append({pair[0].string(), pair[1].string()});
        }
        document.collide = pairs;
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
                style.color = QColor::fromString(color.string());
                if (!style.color.isValid())
                    color.fail(tr("must be a colour such as \"#e04040\""));
            }
            if (c.has(QStringLiteral("visible")))
                style.visible = c[QStringLiteral("visible")].boolean();
            style.extra = unknownFields(c.object(), {"name", "color", "visible"});
            document.layers.append(style);
        }
    }
    const json::Cursor sprites = root[QStringLiteral("sprites")];
    const qsizetype count = sprites.size();
    for (qsizetype i = 0; i < count; ++i)
        document.sprites.append(readSprite(sprites[i]));
    if (root.has(QStringLiteral("versus"))) {
        const json::Cursor versus = root[QStringLiteral("versus")];
        const qsizetype setups = versus.size();
        for (qsizetype i = 0; i < setups; ++i)
            document.versus.append(readVersus(versus[i]));
    }
    document.extra = unknownFields(root.object(),
                                   {"format", "version", "collide", "layers", "sprites", "versus"});
    return document;
}

// --- Writing: fixed key order, two-space indent, one shape per line. ---

QString point(QPointF p) {
    return QStringLiteral("[%1, %2]").arg(json::number(p.x()), json::number(p.y()));
}

QString member(const char *key, const QString &valueText) {
    return json::string(QLatin1String(key)) + QStringLiteral(": ") + valueText;
}

/// Appends unknown fields, sorted by key (QJsonObject iterates in key order).
void appendExtra(QStringList &members, const QJsonObject &extra) {
    for (auto it = extra.begin(); it != extra.end(); ++it)
        members.append(json::string(it.key()) + QStringLiteral(": ") + json::compact(it.value()));
}

/// Properties on one line, in key order: {"damage": 12, "element": "fire"}.
QString propertiesText(const QJsonObject &properties) {
    QStringList m;
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonValue v = it.value();
        const QString text = v.isDouble() ? json::number(v.toDouble()) : json::compact(v);
        m << json::string(it.key()) + QStringLiteral(": ") + text;
    }
    return u'{' + m.join(QStringLiteral(", ")) + u'}';
}

QString shapeLine(const Shape &shape) {
    QStringList m;
    m << member("id", json::string(shape.id)) << member("layer", json::string(shape.layer))
      << member("type", json::string(shapeTypeName(shape.type)));
    switch (shape.type) {
    case ShapeType::Polygon: {
        QStringList points;
        for (QPointF p : shape.points)
            points << point(p);
        m << member("points", u'[' + points.join(QStringLiteral(", ")) + u']');
        break;
    }
    case ShapeType::Rect:
        m << member("center", point(shape.center))
          << member("size", point({shape.size.width(), shape.size.height()}))
          << member("angle", json::number(shape.angle));
        break;
    case ShapeType::Circle:
        m << member("center", point(shape.center)) << member("radius", json::number(shape.radius));
        break;
    }
    if (!shape.properties.isEmpty())
        m << member("properties", propertiesText(shape.properties));
    // An edit may have changed the type: never write a key twice.
    appendExtra(m, unknownShapeFields(shape.extra, shape.type));
    return u'{' + m.join(QStringLiteral(", ")) + u'}';
}

/// Writes "{\n  members...\n}" at the given indent.
QString block(const QStringList &members, int indent, QChar open = u'{', QChar close = u'}') {
    if (members.isEmpty())
        return QString(open) + close;
    const QString inner(indent + 2, u' ');
    return open + QStringLiteral("\n") + inner + members.join(QStringLiteral(",\n") + inner) +
           u'\n' + QString(indent, u' ') + close;
}

QString frameBlock(const Frame &frame, int indent) {
    QStringList m;
    m << member("name", json::string(frame.name));
    if (frame.source) {
        const QRectF r = *frame.source;
        m << member("source", QStringLiteral("[%1, %2, %3, %4]")
                                  .arg(json::number(r.x()), json::number(r.y()),
                                       json::number(r.width()), json::number(r.height())));
    }
    if (frame.origin)
        m << member("origin", point(*frame.origin));
    if (frame.duration)
        m << member("duration", QString::number(*frame.duration));
    if (!frame.properties.isEmpty())
        m << member("properties", propertiesText(frame.properties));
    QStringList shapes;
    for (const Shape &shape : frame.shapes)
        shapes << shapeLine(shape);
    m << member("shapes", block(shapes, indent + 2, u'[', u']'));
    appendExtra(m, frame.extra);
    return block(m, indent);
}

QString spriteBlock(const Sprite &sprite, int indent) {
    QStringList m;
    m << member("name", json::string(sprite.name));
    if (!sprite.image.isEmpty())
        m << member("image", json::string(sprite.image));
    if (sprite.flip != ImageFlip::None)
        m << member("flip", json::string(imageFlipName(sprite.flip)));
    if (sprite.duration)
        m << member("duration", QString::number(*sprite.duration));
    QStringList frames;
    for (const Frame &frame : sprite.frames)
        frames << frameBlock(frame, indent + 4);
    m << member("frames", block(frames, indent + 2, u'[', u']'));
    appendExtra(m, sprite.extra);
    return block(m, indent);
}

} // namespace

QString HitsmithFormat::name() const {
    return QStringLiteral("hitsmith");
}
QString HitsmithFormat::displayName() const {
    return tr("Hitsmith hitbox document");
}
QStringList HitsmithFormat::extensions() const {
    return {QStringLiteral("json")};
}
FileFormat::Capabilities HitsmithFormat::capabilities() const {
    return CanRead | CanWrite;
}

ReadResult HitsmithFormat::read(const QByteArray &bytes, const FormatContext &) const {
    return parse(bytes);
}

WriteResult HitsmithFormat::write(const DocumentData &document, const FormatContext &,
                                  const WriteOptions &) const {
    WriteResult result;
    result.bytes = serialize(document);
    return result;
}

ReadResult HitsmithFormat::parse(const QByteArray &bytes) {
    ReadResult result;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &result.error);
    if (!parsed)
        return result;
    if (!parsed->isObject()) {
        result.error = tr("expected a JSON object at the top level");
        return result;
    }
    try {
        result.document = readDocument(json::Cursor(parsed->object()));
    } catch (const json::SchemaError &error) {
        result.error = error.toString();
    }
    return result;
}

QByteArray HitsmithFormat::serialize(const DocumentData &document) {
    QStringList m;
    m << member("format", json::string(QStringLiteral("hitsmith")))
      << member("version", QString::number(kVersion));
    if (document.collide) {
        QStringList pairs;
        for (const LayerPair &pair : *document.collide)
            pairs << u'[' + json::string(pair.first) + QStringLiteral(", ") +
                         json::string(pair.second) + u']';
        m << member("collide", u'[' + pairs.join(QStringLiteral(", ")) + u']');
    }
    if (!document.layers.isEmpty()) {
        QStringList layers;
        for (const LayerStyle &style : document.layers) {
            QStringList l;
            l << member("name", json::string(style.name));
            if (style.color.isValid())
                l << member("color",
                            json::string(style.color.name(
                                style.color.alpha() == 255 ? QColor::HexRgb : QColor::HexArgb)));
            if (!style.visible)
                l << member("visible", QStringLiteral("false"));
            appendExtra(l, style.extra);
            layers << u'{' + l.join(QStringLiteral(", ")) + u'}';
        }
        m << member("layers", block(layers, 2, u'[', u']'));
    }
    QStringList sprites;
    for (const Sprite &sprite : document.sprites)
        sprites << spriteBlock(sprite, 4);
    m << member("sprites", block(sprites, 2, u'[', u']'));
    if (!document.versus.isEmpty()) {
        QStringList setups;
        for (const VersusSetup &setup : document.versus) {
            QStringList v;
            v << member("attacker", json::string(setup.attacker))
              << member("defender", json::string(setup.defender))
              << member("dx", json::number(setup.dx)) << member("dy", json::number(setup.dy))
              << member("facing",
                        json::string(setup.facing == Facing::Same ? QStringLiteral("same")
                                                                  : QStringLiteral("opposite")));
            appendExtra(v, setup.extra);
            setups << u'{' + v.join(QStringLiteral(", ")) + u'}';
        }
        m << member("versus", block(setups, 2, u'[', u']'));
    }
    appendExtra(m, document.extra);
    return (block(m, 0) + u'\n').toUtf8();
}

ReadResult loadDocumentFile(const QString &path) {
    ReadResult result;
    QByteArray bytes;
    if (!readWholeFile(path, &bytes, &result.error))
        return result;
    return HitsmithFormat().readFrom(bytes, path);
}

bool saveDocumentFile(const DocumentData &document, const QString &path, QString *error) {
    return writeFileAtomically(path, HitsmithFormat().writeFor(document, path).bytes, error);
}

bool holdsHitsmithDocument(const QString &path) {
    QByteArray bytes;
    QString error;
    if (!QFileInfo(path).isFile() || !readWholeFile(path, &bytes, &error))
        return false;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &error);
    return parsed && parsed->isObject() &&
           parsed->object().value(QStringLiteral("format")) ==
               QJsonValue(QStringLiteral("hitsmith"));
}

} // namespace hitsmith
