#include "hitsmithformat.h"

#include "fileio.h"
#include "hitsmithreading.h"
#include "imagepaths.h"
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
    json::appendNumber(out, p.x());
    out += QLatin1StringView(", ");
    json::appendNumber(out, p.y());
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
        line.member(it.key()) += json::propertyValue(it.value());
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
        json::appendNumber(line.member(QLatin1StringView("angle")), shape.angle);
        break;
    case ShapeType::Circle:
        appendPoint(line.member(QLatin1StringView("center")), shape.center);
        json::appendNumber(line.member(QLatin1StringView("radius")), shape.radius);
        break;
    case ShapeType::Point:
        appendPoint(line.member(QLatin1StringView("position")), shape.center);
        break;
    case ShapeType::Capsule: {
        LineWriter ends(line.member(QLatin1StringView("ends")), u'[', u']');
        for (QPointF p : shape.points)
            appendPoint(ends.element(), p);
        ends.finish();
        json::appendNumber(line.member(QLatin1StringView("radius")), shape.radius);
        break;
    }
    }
    if (!shape.properties.isEmpty())
        appendProperties(line.member(QLatin1StringView("properties")), shape.properties);
    // An edit may have changed the type: never write a key twice.
    appendExtra(line, native::unknownShapeFields(shape.extra, shape.type));
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
    if (!frame.motion.isNull())
        appendPoint(m.member(QLatin1StringView("motion")), frame.motion);
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
        if (!setup.defenderDocument.isEmpty())
            json::appendString(v.member(QLatin1StringView("defender_document")),
                               setup.defenderDocument);
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
    // Well-formed text of a well-formed document reads through simdjson; anything else (every
    // error, and the rare input whose meaning the fast reader does not vouch for) through Qt's
    // parser below, which alone words the errors, so messages are the same either way.
    if (std::optional<DocumentData> document = native::readDocumentQuickly(bytes)) {
        ReadResult result;
        result.document = std::move(*document);
        return result;
    }
    return parseWithQt(bytes);
}

ReadResult HitsmithFormat::parseWithQt(const QByteArray &bytes) {
    ReadResult result;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &result.error);
    if (!parsed)
        return result;
    if (!parsed->isObject()) {
        result.error = tr("expected a JSON object at the top level");
        return result;
    }
    try {
        result.document = native::readDocument(json::Cursor(parsed->object()));
    } catch (const json::SchemaError &error) {
        result.error = error.toString();
    }
    return result;
}

std::optional<DocumentData> HitsmithFormat::readQuickly(const QByteArray &bytes,
                                                        const QString &filePath) {
    std::optional<DocumentData> document = native::readDocumentQuickly(bytes);
    if (document) { // readFrom's steps
        resolveImagePaths(*document, QFileInfo(filePath).absolutePath());
        shareLayerNames(*document);
    }
    return document;
}

QByteArray HitsmithFormat::serialize(const DocumentData &document) {
    QString out;
    BlockWriter m(out, 0);
    json::appendString(m.member(QLatin1StringView("format")), QStringLiteral("hitsmith"));
    m.member(QLatin1StringView("version")) += QString::number(kVersion);
    // Written only when not the default, so documents at 60 ticks a second stay as they were.
    if (document.tickRate != kDefaultTickRate)
        m.member(QLatin1StringView("tick_rate")) += QString::number(document.tickRate);
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
