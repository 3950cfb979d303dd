#include "hitsmithformat.h"

#include "fileio.h"
#include "jsonsupport.h"
#include "sharednames.h"

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
    case ShapeType::Point:
        return {"id", "layer", "type", "position", "properties"};
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
    } else if (type == QLatin1String("point")) {
        shape.type = ShapeType::Point;
        shape.center = c[QStringLiteral("position")].point();
    } else {
        c[QStringLiteral("type")].fail(
            tr("unknown shape type \"%1\" (expected polygon, rect, circle or point)").arg(type));
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
    frame.extra =
        unknownFields(c.object(), {"name", "source", "origin", "duration", "properties", "shapes"});
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
    setup.extra =
        unknownFields(c.object(), {"attacker", "defender", "dx", "dy", "facing", "layers"});
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
    document.extra = unknownFields(root.object(),
                                   {"format", "version", "collide", "layers", "sprites", "versus"});
    return document;
}

// --- Writing: fixed key order, two-space indent, one shape per line. ---
// Everything streams into one QString: building each member as its own string and joining the
// lists cost more than the rest of a save on large documents (and of every fuzz execution).

/// Appends a key that is a plain ASCII constant, quoted, with its ": ".
void appendKey(QString &out, QLatin1StringView key) {
    out += u'"';
    out += key;
    out += QLatin1StringView("\": ");
}

void appendPoint(QString &out, QPointF p) {
    out += u'[';
    out += json::number(p.x());
    out += QLatin1StringView(", ");
    out += json::number(p.y());
    out += u']';
}

/// The "key": part of a member, for both writers below (Writer::element() starts the member).
template <typename Writer> class MemberWriter {
public:
    QString &member(QLatin1StringView key) {
        QString &out = self().element();
        appendKey(out, key);
        return out;
    }
    QString &member(const QString &key) {
        QString &out = self().element();
        json::appendString(out, key);
        out += QLatin1StringView(": ");
        return out;
    }

private:
    Writer &self() { return static_cast<Writer &>(*this); }
};

/// One block written a member per line, "{\n  a,\n  b\n}" at the given indent; "{}" when empty.
class BlockWriter : public MemberWriter<BlockWriter> {
public:
    BlockWriter(QString &out, int indent, char16_t open = u'{', char16_t close = u'}')
        : mOut(out)
        , mIndent(indent)
        , mOpen(open)
        , mClose(close) {}
    /// Starts the next element and returns the text to append it to.
    QString &element() {
        mOut += mCount++ == 0 ? QChar(mOpen) : QChar(u',');
        mOut += u'\n';
        mOut.append(QString(mIndent + 2, u' '));
        return mOut;
    }
    void finish() {
        if (mCount == 0) {
            mOut += QChar(mOpen);
            mOut += QChar(mClose);
            return;
        }
        mOut += u'\n';
        mOut.append(QString(mIndent, u' '));
        mOut += QChar(mClose);
    }

private:
    QString &mOut;
    int mIndent;
    char16_t mOpen;
    char16_t mClose;
    int mCount = 0;
};

/// One block on one line, "{a, b}" or "[a, b]".
class LineWriter : public MemberWriter<LineWriter> {
public:
    explicit LineWriter(QString &out, char16_t open = u'{', char16_t close = u'}')
        : mOut(out)
        , mClose(close) {
        mOut += QChar(open);
    }
    QString &element() {
        if (mCount++ > 0)
            mOut += QLatin1StringView(", ");
        return mOut;
    }
    void finish() { mOut += QChar(mClose); }

private:
    QString &mOut;
    char16_t mClose;
    int mCount = 0;
};

/// Appends unknown fields, sorted by key (QJsonObject iterates in key order).
template <typename Writer> void appendExtra(Writer &writer, const QJsonObject &extra) {
    for (auto it = extra.begin(); it != extra.end(); ++it)
        writer.member(it.key()) += json::compact(it.value());
}

/// Properties on one line, in key order: {"damage": 12, "element": "fire"}.
void appendProperties(QString &out, const QJsonObject &properties) {
    LineWriter line(out);
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        const QJsonValue v = it.value();
        line.member(it.key()) += v.isDouble() ? json::number(v.toDouble()) : json::compact(v);
    }
    line.finish();
}

void appendShapeLine(QString &out, const Shape &shape) {
    LineWriter line(out);
    json::appendString(line.member(QLatin1StringView("id")), shape.id);
    json::appendString(line.member(QLatin1StringView("layer")), shape.layer);
    json::appendString(line.member(QLatin1StringView("type")), shapeTypeName(shape.type));
    switch (shape.type) {
    case ShapeType::Polygon: {
        LineWriter points(line.member(QLatin1StringView("points")), u'[', u']');
        for (QPointF p : shape.points)
            appendPoint(points.element(), p);
        points.finish();
        break;
    }
    case ShapeType::Rect:
        appendPoint(line.member(QLatin1StringView("center")), shape.center);
        appendPoint(line.member(QLatin1StringView("size")),
                    {shape.size.width(), shape.size.height()});
        line.member(QLatin1StringView("angle")) += json::number(shape.angle);
        break;
    case ShapeType::Circle:
        appendPoint(line.member(QLatin1StringView("center")), shape.center);
        line.member(QLatin1StringView("radius")) += json::number(shape.radius);
        break;
    case ShapeType::Point:
        appendPoint(line.member(QLatin1StringView("position")), shape.center);
        break;
    }
    if (!shape.properties.isEmpty())
        appendProperties(line.member(QLatin1StringView("properties")), shape.properties);
    // An edit may have changed the type: never write a key twice.
    appendExtra(line, unknownShapeFields(shape.extra, shape.type));
    line.finish();
}

void appendFrame(QString &out, const Frame &frame, int indent) {
    BlockWriter m(out, indent);
    json::appendString(m.member(QLatin1StringView("name")), frame.name);
    if (frame.source) {
        const QRectF r = *frame.source;
        LineWriter source(m.member(QLatin1StringView("source")), u'[', u']');
        for (double v : {r.x(), r.y(), r.width(), r.height()})
            source.element() += json::number(v);
        source.finish();
    }
    if (frame.origin)
        appendPoint(m.member(QLatin1StringView("origin")), *frame.origin);
    if (frame.duration)
        m.member(QLatin1StringView("duration")) += QString::number(*frame.duration);
    if (!frame.properties.isEmpty())
        appendProperties(m.member(QLatin1StringView("properties")), frame.properties);
    BlockWriter shapes(m.member(QLatin1StringView("shapes")), indent + 2, u'[', u']');
    for (const Shape &shape : frame.shapes)
        appendShapeLine(shapes.element(), shape);
    shapes.finish();
    appendExtra(m, frame.extra);
    m.finish();
}

void appendSprite(QString &out, const Sprite &sprite, int indent) {
    BlockWriter m(out, indent);
    json::appendString(m.member(QLatin1StringView("name")), sprite.name);
    if (!sprite.image.isEmpty())
        json::appendString(m.member(QLatin1StringView("image")), sprite.image);
    if (sprite.flip != ImageFlip::None)
        json::appendString(m.member(QLatin1StringView("flip")), imageFlipName(sprite.flip));
    if (sprite.duration)
        m.member(QLatin1StringView("duration")) += QString::number(*sprite.duration);
    BlockWriter frames(m.member(QLatin1StringView("frames")), indent + 2, u'[', u']');
    for (const Frame &frame : sprite.frames)
        appendFrame(frames.element(), frame, indent + 4);
    frames.finish();
    appendExtra(m, sprite.extra);
    m.finish();
}

void appendLayerStyles(QString &out, const QList<LayerStyle> &styles) {
    BlockWriter layers(out, 2, u'[', u']');
    for (const LayerStyle &style : styles) {
        LineWriter l(layers.element());
        json::appendString(l.member(QLatin1StringView("name")), style.name);
        if (style.color.isValid())
            json::appendString(
                l.member(QLatin1StringView("color")),
                style.color.name(style.color.alpha() == 255 ? QColor::HexRgb : QColor::HexArgb));
        if (!style.visible)
            l.member(QLatin1StringView("visible")) += QLatin1StringView("false");
        appendExtra(l, style.extra);
        l.finish();
    }
    layers.finish();
}

/// [["a", "b"], ...] on one line.
void appendLayerPairs(QString &out, const QList<LayerPair> &list) {
    LineWriter pairs(out, u'[', u']');
    for (const LayerPair &pair : list) {
        LineWriter p(pairs.element(), u'[', u']');
        json::appendString(p.element(), pair.first);
        json::appendString(p.element(), pair.second);
        p.finish();
    }
    pairs.finish();
}

void appendVersusSetups(QString &out, const QList<VersusSetup> &versus) {
    BlockWriter setups(out, 2, u'[', u']');
    for (const VersusSetup &setup : versus) {
        LineWriter v(setups.element());
        json::appendString(v.member(QLatin1StringView("attacker")), setup.attacker);
        json::appendString(v.member(QLatin1StringView("defender")), setup.defender);
        v.member(QLatin1StringView("dx")) += json::number(setup.dx);
        v.member(QLatin1StringView("dy")) += json::number(setup.dy);
        json::appendString(v.member(QLatin1StringView("facing")), setup.facing == Facing::Same
                                                                      ? QStringLiteral("same")
                                                                      : QStringLiteral("opposite"));
        if (setup.layers)
            appendLayerPairs(v.member(QLatin1StringView("layers")), *setup.layers);
        appendExtra(v, setup.extra);
        v.finish();
    }
    setups.finish();
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
    QString out;
    BlockWriter m(out, 0);
    json::appendString(m.member(QLatin1StringView("format")), QStringLiteral("hitsmith"));
    m.member(QLatin1StringView("version")) += QString::number(kVersion);
    if (document.collide) {
        appendLayerPairs(m.member(QLatin1StringView("collide")), *document.collide);
    }
    if (!document.layers.isEmpty())
        appendLayerStyles(m.member(QLatin1StringView("layers")), document.layers);
    BlockWriter sprites(m.member(QLatin1StringView("sprites")), 2, u'[', u']');
    for (const Sprite &sprite : document.sprites)
        appendSprite(sprites.element(), sprite, 4);
    sprites.finish();
    if (!document.versus.isEmpty())
        appendVersusSetups(m.member(QLatin1StringView("versus")), document.versus);
    appendExtra(m, document.extra);
    m.finish();
    out += u'\n';
    return out.toUtf8();
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
