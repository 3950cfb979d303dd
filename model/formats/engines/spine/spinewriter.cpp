// Spine export: the skeleton, slots, default skin and animations of docs/formats.md#spine.
#include "spineformat.h"

#include "animationloss.h"
#include "enginesupport.h"
#include "validation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>

namespace hitsmith {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::SpineFormat", text);
}

/// Whether a shape goes into the export: valid boxes and valid points.
bool isExported(const Shape &shape) {
    return isCollidable(shape) || (shape.type == ShapeType::Point && !validateShape(shape));
}

/// Document frame space (y down, origin o) to skeleton space (y up, root at o).
QPointF toSkeleton(QPointF p, QPointF origin) {
    return {p.x() - origin.x(), origin.y() - p.y()};
}

/// The document-space outline a box attachment gets.
QList<QPointF> boxOutline(const Shape &shape) {
    if (shape.type == ShapeType::Capsule)
        return engines::capsulePolygon(shape); // within 0.5 px, warned in exportWarnings
    if (shape.type != ShapeType::Circle)
        return shape.type == ShapeType::Polygon ? shape.points : QList<QPointF>(shape.outline());
    const int n = SpineFormat::circleVertexCount(shape.radius);
    QList<QPointF> points;
    for (int i = 0; i < n; ++i) {
        const double t = 2 * std::numbers::pi * i / n;
        points.append(engines::pixelRounded(
            shape.center + QPointF(shape.radius * std::cos(t), shape.radius * std::sin(t))));
    }
    return points;
}

/// The slot names of the document: per layer (document.layerNames() order) as many slots as the
/// most exported shapes that layer has on one frame; the first is the layer's name, the others
/// "<layer>#2", "<layer>#3", ...
QMap<QString, QStringList> slotsPerLayer(const DocumentData &document, QStringList *order) {
    QMap<QString, int> most;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            QMap<QString, int> count;
            for (const Shape &shape : frame.shapes) {
                if (isExported(shape))
                    most[shape.layer] = std::max(most[shape.layer], ++count[shape.layer]);
            }
        }
    }
    QMap<QString, QStringList> result;
    for (const QString &layer : document.layerNames()) {
        for (int i = 0; i < most.value(layer); ++i) {
            const QString slot = i == 0 ? layer : layer + u'#' + QString::number(i + 1);
            result[layer] << slot;
            *order << slot;
        }
    }
    return result;
}

QString attachmentName(const DocumentData &document, const Sprite &sprite, const Frame &frame,
                       const Shape &shape) {
    const QString name = frame.name + u'/' + shape.id;
    return document.sprites.size() > 1 ? sprite.name + u'/' + name : name;
}

/// A frame's start in seconds as Spine keys it: runtimes keep key times as 32-bit floats (spine-ts
/// in a Float32Array), so the time is written as the shortest decimal that reads back to the
/// nearest float, "0.1", never the double's noise "0.09999999403953552" (a float widened to a
/// double). Spine's editor keys 0.1 s the same way: the float is ~1.5e-9 s after the start.
double keyTime(qint64 ms) {
    const float time = float(double(ms) / 1000.0);
    char digits[32];
    const auto written = std::to_chars(digits, digits + sizeof digits, time);
    double spelled = 0;
    std::from_chars(digits, written.ptr, spelled);
    return spelled;
}

QJsonObject attachmentFor(const Shape &shape, QPointF origin) {
    if (shape.type == ShapeType::Point) {
        const QPointF p = toSkeleton(shape.center, origin);
        return {{QStringLiteral("type"), QStringLiteral("point")},
                {QStringLiteral("x"), p.x()},
                {QStringLiteral("y"), p.y()}};
    }
    const QList<QPointF> outline = boxOutline(shape);
    QJsonArray vertices;
    for (QPointF p : outline) {
        const QPointF s = toSkeleton(p, origin);
        vertices << s.x() << s.y();
    }
    return {{QStringLiteral("type"), QStringLiteral("boundingbox")},
            {QStringLiteral("vertexCount"), int(outline.size())},
            {QStringLiteral("vertices"), vertices}};
}

} // namespace

QString SpineFormat::name() const {
    return QStringLiteral("spine");
}

QString SpineFormat::displayName() const {
    return tr("Spine skeleton JSON");
}

QStringList SpineFormat::extensions() const {
    return {QStringLiteral("json")};
}

FileFormat::Capabilities SpineFormat::capabilities() const {
    return CanRead | CanWrite;
}

int SpineFormat::circleVertexCount(double radius) {
    // The sagitta r (1 - cos(pi / n)) is the farthest an edge gets from the circle.
    int n = 8;
    while (n < 4096 && radius * (1 - std::cos(std::numbers::pi / n)) > 0.5)
        n *= 2;
    return n;
}

QStringList SpineFormat::exportWarnings(const DocumentData &document) const {
    QStringList warnings = engines::invalidShapeWarnings(document);
    engines::LossCounter losses;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes) {
                if (shape.type == ShapeType::Circle && isCollidable(shape))
                    losses.add(tr("%1 circle written as a bounding-box polygon (every point "
                                  "within 0.5 px of the circle)"),
                               tr("%1 circles written as bounding-box polygons (every point "
                                  "within 0.5 px of the circle)"),
                               engines::shapeLocation(sprite.name, frame.name, shape.id));
                if (shape.type == ShapeType::Capsule && isCollidable(shape))
                    losses.add(tr("%1 capsule written as a bounding-box polygon (every point "
                                  "within 0.5 px of the capsule)"),
                               tr("%1 capsules written as bounding-box polygons (every point "
                                  "within 0.5 px of the capsule)"),
                               engines::shapeLocation(sprite.name, frame.name, shape.id));
            }
        }
    }
    losses.appendTo(&warnings);
    warnings << engines::animationLossWarnings(document, tr("Spine skeletons"),
                                               engines::KeptAnimationData::Durations);
    return warnings;
}

WriteResult SpineFormat::write(const DocumentData &document, const FormatContext &,
                               const WriteOptions &options) const {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    for (const QString &warning : exportWarnings(document)) {
        if (!result.warnings.contains(warning))
            result.warnings << warning;
    }
    QStringList slotOrder;
    const QMap<QString, QStringList> slotNames = slotsPerLayer(document, &slotOrder);
    if (slotOrder.isEmpty())
        slotOrder << Shape::defaultLayerName(); // an animation needs a timeline to have a length

    QJsonObject skinAttachments; // slot -> name -> attachment
    QJsonObject animations;
    double minX = 0, minY = 0, maxX = 0, maxY = 0;
    bool anyVertex = false;
    for (const Sprite &sprite : document.sprites) {
        if (animations.contains(sprite.name)) {
            result.error = tr("two sprites are named \"%1\"").arg(sprite.name);
            return result;
        }
        // Per slot, the attachment name each frame shows there (empty: none).
        QMap<QString, QStringList> shown;
        for (const QString &slot : slotOrder)
            shown[slot] = QStringList(sprite.frames.size(), QString());
        QPointF root; // Sprite::rootPosition(f), summed as the frames go
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            const Frame &frame = sprite.frames[f];
            const QPointF origin = frame.origin.value_or(QPointF());
            root += frame.motion;
            QMap<QString, int> used;
            for (const Shape &shape : frame.shapes) {
                if (!isExported(shape))
                    continue;
                const QString slot = slotNames.value(shape.layer).value(used[shape.layer]++);
                const QString name = attachmentName(document, sprite, frame, shape);
                QJsonObject inSlot = skinAttachments.value(slot).toObject();
                if (inSlot.contains(name)) {
                    result.error =
                        tr("%1: two shapes map to the Spine attachment \"%2\" of "
                           "slot \"%3\"")
                            .arg(engines::shapeLocation(sprite.name, frame.name, shape.id), name,
                                 slot);
                    return result;
                }
                const QJsonObject attachment = attachmentFor(shape, origin);
                // The skeleton's bounds hold every box where the animation shows it: moved by
                // the frame's root position (root motion, y up).
                const QJsonArray vertices = attachment.value(QStringLiteral("vertices")).toArray();
                for (qsizetype i = 0; i + 1 < vertices.size(); i += 2) {
                    const double x = vertices[i].toDouble() + root.x();
                    const double y = vertices[i + 1].toDouble() - root.y();
                    minX = anyVertex ? std::min(minX, x) : x;
                    maxX = anyVertex ? std::max(maxX, x) : x;
                    minY = anyVertex ? std::min(minY, y) : y;
                    maxY = anyVertex ? std::max(maxY, y) : y;
                    anyVertex = true;
                }
                inSlot.insert(name, attachment);
                skinAttachments.insert(slot, inSlot);
                shown[slot][f] = name;
            }
        }
        // Frame k starts at the sum of the durations of frames 0..k-1; a last key at the end
        // (repeating the last frame's attachment) makes the animation last the total (to the
        // nearest 32-bit float, as Spine keeps times).
        QJsonObject slotTimelines;
        for (const QString &slot : slotOrder) {
            QJsonArray keys;
            qint64 ms = 0;
            for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
                const QString &name = shown[slot][f];
                keys.append(QJsonObject{
                    {QStringLiteral("time"), keyTime(ms)},
                    {QStringLiteral("name"), name.isEmpty() ? QJsonValue() : QJsonValue(name)}});
                ms += sprite.frameDuration(f);
            }
            if (!sprite.frames.isEmpty()) {
                const QString &last = shown[slot].last();
                keys.append(QJsonObject{
                    {QStringLiteral("time"), double(ms) / 1000.0},
                    {QStringLiteral("name"), last.isEmpty() ? QJsonValue() : QJsonValue(last)}});
            }
            slotTimelines.insert(slot, QJsonObject{{QStringLiteral("attachment"), keys}});
        }
        QJsonObject animation{{QStringLiteral("slots"), slotTimelines}};
        // Root motion: the root bone (every slot's bone) steps to each frame's root position, as
        // a stepped translate timeline: boxes and points move with it in skeleton space, and a
        // runtime's root-motion support (spine-unity's SkeletonRootMotion reads the root bone
        // by default) can move the game object by it instead.
        const bool moves = std::any_of(sprite.frames.cbegin(), sprite.frames.cend(),
                                       [](const Frame &f) { return !f.motion.isNull(); });
        if (moves) {
            QJsonArray translate;
            qint64 ms = 0;
            QPointF sum; // Sprite::rootPosition(f), summed as the frames go
            for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
                sum += sprite.frames[f].motion;
                const QPointF root = engines::pixelRounded(sum);
                QJsonObject key{{QStringLiteral("time"), keyTime(ms)},
                                {QStringLiteral("x"), root.x()},
                                {QStringLiteral("y"), root.y() == 0 ? 0.0 : -root.y()}};
                if (f + 1 < sprite.frames.size())
                    key.insert(QStringLiteral("curve"), QStringLiteral("stepped"));
                translate.append(key);
                ms += sprite.frameDuration(f);
            }
            animation.insert(QStringLiteral("bones"),
                             QJsonObject{{QStringLiteral("root"),
                                          QJsonObject{{QStringLiteral("translate"), translate}}}});
        }
        animations.insert(sprite.name, animation);
    }

    QJsonArray slots;
    for (const QString &slot : slotOrder)
        slots.append(QJsonObject{{QStringLiteral("name"), slot},
                                 {QStringLiteral("bone"), QStringLiteral("root")}});
    QJsonObject skeleton{{QStringLiteral("spine"), targetVersion()},
                         {QStringLiteral("hash"), QString()},
                         {QStringLiteral("x"), minX},
                         {QStringLiteral("y"), minY},
                         {QStringLiteral("width"), maxX - minX},
                         {QStringLiteral("height"), maxY - minY},
                         {QStringLiteral("images"), QString()},
                         {QStringLiteral("audio"), QString()}};
    const QJsonObject root{
        {QStringLiteral("skeleton"), skeleton},
        {QStringLiteral("bones"), QJsonArray{QJsonObject{{QStringLiteral("name"), "root"}}}},
        {QStringLiteral("slots"), slots},
        {QStringLiteral("skins"),
         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("default")},
                                {QStringLiteral("attachments"), skinAttachments}}}},
        {QStringLiteral("animations"), animations}};
    result.bytes = QJsonDocument(root).toJson(QJsonDocument::Indented);
    return result;
}

} // namespace hitsmith
