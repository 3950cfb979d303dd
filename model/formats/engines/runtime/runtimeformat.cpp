#include "runtimeformat.h"

#include "enginesupport.h"
#include "jsonsupport.h"
#include "operations/timing.h"
#include "validation.h"

#include <cmath>

namespace hitsmith {

namespace {

QString tr(const char *text) {
    return engines::tr(text);
}

// Appends [x, y]. Coordinates are written exactly (not pixelRounded as other writers do): a
// loader adds the root motion and the placement to these very doubles, and only the same
// doubles give the same sums as `hitsmith-cli versus` to the last bit.
void appendPoint(QString &out, double x, double y) {
    out += u'[';
    json::appendNumber(out, x);
    out += u',';
    json::appendNumber(out, y);
    out += u']';
}

void appendKey(QString &out, const char *key) {
    out += u'"';
    out += QLatin1StringView(key);
    out += QLatin1StringView("\":");
}

void appendProperties(QString &out, const QJsonObject &properties) {
    if (properties.isEmpty())
        return;
    out += QLatin1StringView(",\"properties\":{");
    bool first = true;
    for (auto it = properties.constBegin(); it != properties.constEnd(); ++it) {
        if (!first)
            out += u',';
        first = false;
        json::appendString(out, it.key());
        out += u':';
        out += json::propertyValue(it.value());
    }
    out += u'}';
}

void appendShape(QString &out, const Shape &shape, QPointF origin) {
    const auto local = [&](QPointF p) { return p - origin; };
    out += QLatin1StringView("{\"id\":");
    json::appendString(out, shape.id);
    out += QLatin1StringView(",\"layer\":");
    json::appendString(out, shape.layer);
    out += QLatin1StringView(",\"type\":\"");
    switch (shape.type) {
    case ShapeType::Rect: {
        const QPointF c = local(shape.center);
        out += QLatin1StringView("rect\",\"center\":");
        appendPoint(out, c.x(), c.y());
        out += QLatin1StringView(",\"size\":");
        appendPoint(out, shape.size.width(), shape.size.height());
        out += QLatin1StringView(",\"angle\":");
        json::appendNumber(out, shape.angle);
        break;
    }
    case ShapeType::Circle: {
        const QPointF c = local(shape.center);
        out += QLatin1StringView("circle\",\"center\":");
        appendPoint(out, c.x(), c.y());
        out += QLatin1StringView(",\"radius\":");
        json::appendNumber(out, shape.radius);
        break;
    }
    case ShapeType::Capsule: { // FORMAT.md section 1: both ends, origin-relative, and the radius
        out += QLatin1StringView("capsule\",\"ends\":[");
        for (qsizetype i = 0; i < shape.points.size(); ++i) {
            if (i)
                out += u',';
            const QPointF p = local(shape.points[i]);
            appendPoint(out, p.x(), p.y());
        }
        out += QLatin1StringView("],\"radius\":");
        json::appendNumber(out, shape.radius);
        break;
    }
    default: {
        out += QLatin1StringView("polygon\",\"points\":[");
        for (qsizetype i = 0; i < shape.points.size(); ++i) {
            if (i)
                out += u',';
            const QPointF p = local(shape.points[i]);
            appendPoint(out, p.x(), p.y());
        }
        out += u']';
        break;
    }
    }
    appendProperties(out, shape.properties);
    out += u'}';
}

void appendLayerPairs(QString &out, const QList<LayerPair> &pairs) {
    out += u'[';
    for (qsizetype i = 0; i < pairs.size(); ++i) {
        if (i)
            out += u',';
        out += u'[';
        json::appendString(out, pairs[i].first);
        out += u',';
        json::appendString(out, pairs[i].second);
        out += u']';
    }
    out += u']';
}

} // namespace

QString RuntimeFormat::name() const {
    return QStringLiteral("runtime");
}

QString RuntimeFormat::displayName() const {
    return tr("Hitsmith runtime JSON for games (runtimes/)");
}

QStringList RuntimeFormat::extensions() const {
    return {QStringLiteral("runtime.json")};
}

FileFormat::Capabilities RuntimeFormat::capabilities() const {
    return CanWrite;
}

QStringList RuntimeFormat::exportWarnings(const DocumentData &document) const {
    return engines::invalidShapeWarnings(document);
}

WriteResult RuntimeFormat::write(const DocumentData &document, const FormatContext &,
                                 const WriteOptions &options) const {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    const int tickRate = document.tickRate;
    const QStringList layers = document.layerNames();
    const QString attack = operations::defaultAttackLayer(layers);

    QString out;
    out += QLatin1StringView(R"({"format":"hitsmith-runtime","version":1)");
    out += QLatin1StringView(",\"tick_rate\":");
    out += QString::number(tickRate);
    out += QLatin1StringView(",\"layers\":[");
    for (qsizetype i = 0; i < layers.size(); ++i) {
        if (i)
            out += u',';
        json::appendString(out, layers[i]);
    }
    out += QLatin1StringView("],\"attack_layer\":");
    if (attack.isEmpty())
        out += QLatin1StringView("null");
    else
        json::appendString(out, attack);
    out += QLatin1StringView(",\"collide\":");
    if (document.collide)
        appendLayerPairs(out, *document.collide);
    else
        out += QLatin1StringView("null");
    out += QLatin1StringView(",\"sprites\":[");
    for (qsizetype s = 0; s < document.sprites.size(); ++s) {
        const Sprite &sprite = document.sprites[s];
        out += QLatin1StringView(s ? ",\n{\"name\":" : "\n{\"name\":");
        json::appendString(out, sprite.name);
        out += QLatin1StringView(",\"frames\":[");
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            const Frame &frame = sprite.frames[f];
            const QString where = sprite.name + u'/' + frame.name;
            const int duration = sprite.frameDuration(f);
            if (duration <= 0) {
                result.error = tr("%1: the duration must be a positive number of milliseconds "
                                  "(is %2)")
                                   .arg(where)
                                   .arg(duration);
                return result;
            }
            if (!std::isfinite(frame.motion.x()) || !std::isfinite(frame.motion.y())) {
                result.error = tr("%1: the root motion must be finite").arg(where);
                return result;
            }
            const QPointF origin = frame.origin.value_or(QPointF());
            out += QLatin1StringView(f ? ",\n{\"name\":" : "\n{\"name\":");
            json::appendString(out, frame.name);
            out += u',';
            appendKey(out, "duration_ms");
            out += QString::number(duration);
            // The frame's ticks as frame data counts them: a MUGEN element's own time, else the
            // duration rounded at the tick rate. An element that never ends (-1) shows for its
            // duration here: a loader's clock runs on milliseconds.
            const operations::FrameTicks frameTicks = operations::frameTicks(sprite, f, tickRate);
            out += u',';
            appendKey(out, "ticks");
            out +=
                QString::number(frameTicks.open ? std::llround(duration * double(tickRate) / 1000.0)
                                                : frameTicks.ticks);
            out += u',';
            appendKey(out, "origin");
            appendPoint(out, origin.x(), origin.y());
            out += u',';
            appendKey(out, "motion");
            appendPoint(out, frame.motion.x(), frame.motion.y());
            appendProperties(out, frame.properties);
            out += QLatin1StringView(",\"shapes\":[");
            bool first = true;
            for (const Shape &shape : frame.shapes) {
                if (!isCollidable(shape))
                    continue; // points below; invalid shapes were refused or are skipped
                if (!first)
                    out += u',';
                first = false;
                appendShape(out, shape, origin);
            }
            out += u']';
            first = true;
            for (const Shape &shape : frame.shapes) {
                if (shape.type != ShapeType::Point || validateShape(shape))
                    continue;
                out += QLatin1StringView(first ? ",\"points\":[" : ",");
                first = false;
                out += QLatin1StringView("{\"id\":");
                json::appendString(out, shape.id);
                out += QLatin1StringView(",\"layer\":");
                json::appendString(out, shape.layer);
                out += QLatin1StringView(",\"position\":");
                const QPointF p = shape.center - origin;
                appendPoint(out, p.x(), p.y());
                appendProperties(out, shape.properties);
                out += u'}';
            }
            if (!first)
                out += u']';
            out += u'}';
        }
        out += QLatin1StringView("]}");
    }
    out += QLatin1StringView("]}\n");
    result.bytes = out.toUtf8();
    return result;
}

} // namespace hitsmith
