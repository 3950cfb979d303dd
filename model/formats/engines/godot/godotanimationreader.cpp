// Reading a sprite's AnimationPlayer back (issues 29 and 30): root motion from the sprite node's
// ".:position" track and the points from each Marker2D's position and visible tracks.
#include "godotreading.h"

#include "godotmeta.h"
#include "godotproperties.h"
#include "jsonsupport.h"

#include <algorithm>

namespace hitsmith::godot {

using engines::tr;

namespace {

/// The value of a dictionary entry (keys and values alternate in items), or nullptr.
const Value *entryOf(const Value &dictionary, const QString &key) {
    if (dictionary.kind != Value::Dictionary)
        return nullptr;
    for (qsizetype i = 0; i + 1 < dictionary.items.size(); i += 2) {
        if (dictionary.items[i].kind == Value::String && dictionary.items[i].text == key)
            return &dictionary.items[i + 1];
    }
    return nullptr;
}

/// A value track of an animation: its keys sorted by time (keys of equal times in file order).
struct ValueTrack {
    QList<std::pair<double, Value>> keys;

    /// The value from the last key at or before t (a discrete track), or nullptr before the
    /// first key. (A binary search: a scene with thousands of frames and markers asks often.)
    const Value *at(double t) const {
        const auto after = std::upper_bound(
            keys.begin(), keys.end(), t + 1e-6,
            [](double time, const std::pair<double, Value> &key) { return time < key.first; });
        return after == keys.begin() ? nullptr : &std::prev(after)->second;
    }
};

/// The value tracks (by path) of the first animation of the AnimationPlayer under the sprite
/// node; empty when there is none.
QHash<QString, ValueTrack> spriteTracks(const QList<Node> &nodes, int spriteNode,
                                        const QHash<QString, const Section *> &resources) {
    QHash<QString, ValueTrack> tracks;
    const Section *animation = nullptr;
    for (const Node &node : nodes) {
        if (node.parent != spriteNode || node.type != QLatin1String("AnimationPlayer"))
            continue;
        const Value *libraries = node.section->property(QStringLiteral("libraries"));
        const Value *library = libraries ? entryOf(*libraries, QString()) : nullptr;
        const Section *librarySection =
            library ? resources.value(library->argumentText()) : nullptr;
        const Value *data =
            librarySection ? librarySection->property(QStringLiteral("_data")) : nullptr;
        if (data && data->kind == Value::Dictionary && data->items.size() >= 2)
            animation = resources.value(data->items[1].argumentText());
        break;
    }
    if (!animation)
        return tracks;
    const QString where = tr("line %1: [sub_resource id=\"%2\"]")
                              .arg(animation->line)
                              .arg(animation->attribute(QStringLiteral("id")).argumentText());
    for (int t = 0;; ++t) {
        const QString prefix = QStringLiteral("tracks/%1/").arg(t);
        const Value *path = animation->property(prefix + QStringLiteral("path"));
        if (!path)
            break;
        const Value *type = animation->property(prefix + QStringLiteral("type"));
        const Value *keys = animation->property(prefix + QStringLiteral("keys"));
        if (!keys || (type && type->argumentText() != QLatin1String("value")))
            continue;
        const Value *times = entryOf(*keys, QStringLiteral("times"));
        const Value *values = entryOf(*keys, QStringLiteral("values"));
        if (!times || !values)
            continue;
        bool ok = false;
        const QList<double> keyTimes = times->numbers(&ok);
        if (!ok || values->kind != Value::Array || values->items.size() != keyTimes.size())
            throw GodotError{tr("%1 %2keys: expected as many values as times").arg(where, prefix)};
        ValueTrack track;
        for (qsizetype k = 0; k < keyTimes.size(); ++k)
            track.keys.append({keyTimes[k], values->items[k]});
        std::stable_sort(track.keys.begin(), track.keys.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        tracks.insert(path->argumentText(), track);
    }
    return tracks;
}

} // namespace

/// True for a Marker2D our exporter wrote as one of a sprite's points: under the sprite node,
/// marked hitsmith_point (older exports put a Marker2D under each frame node instead).
bool isSpritePoint(const QList<Node> &nodes, int index) {
    const Node &node = nodes[index];
    return node.type == QLatin1String("Marker2D") && node.parent >= 0 &&
           node.section->property(kMetaPoint) && nodes[node.parent].section->property(kMetaSprite);
}

/// Reads what our exporter keys on a sprite's AnimationPlayer back into its frames: root motion
/// (".:position", else the sprite node's own position) and the points (a Marker2D per point id,
/// its position and visibility at each frame's start).
void readSpriteAnimation(const QList<Node> &nodes, int spriteNode,
                         const QHash<QString, const Section *> &resources, int spriteIndex,
                         const QHash<int, QPair<int, int>> &frameOf, DocumentData *document,
                         QHash<QPair<int, int>, QList<double>> *orders,
                         engines::LossCounter *skippedMetadata) {
    Sprite &sprite = document->sprites[spriteIndex];
    if (sprite.frames.isEmpty())
        return;
    const QHash<QString, ValueTrack> tracks = spriteTracks(nodes, spriteNode, resources);
    QList<double> starts;
    qint64 elapsed = 0;
    for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
        starts << elapsed / 1000.0;
        elapsed += sprite.frameDuration(f);
    }
    const Section &spriteSection = *nodes[spriteNode].section;
    const QString spriteWhere =
        tr("line %1: node \"%2\"").arg(spriteSection.line).arg(nodes[spriteNode].name);
    const auto propertyAt = [&](const Section &section, const QString &trackPath,
                                const QString &property, double t) -> const Value * {
        if (const auto track = tracks.constFind(trackPath); track != tracks.cend())
            if (const Value *value = track->at(t))
                return value;
        return section.property(property);
    };
    // Root motion: the differences between the frames' root positions.
    if (tracks.contains(QStringLiteral(".:position")) ||
        spriteSection.property(QStringLiteral("position"))) {
        QPointF before;
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            const Value *value = propertyAt(spriteSection, QStringLiteral(".:position"),
                                            QStringLiteral("position"), starts[f]);
            const QPointF root =
                value ? pointOf(*value, spriteWhere + QStringLiteral(" position")) : QPointF();
            sprite.frames[f].motion = engines::pixelRounded(root - before);
            before = root;
        }
    }
    // Frame index -> its node's point order, when the exporter recorded one.
    QHash<int, QJsonObject> pointOrders;
    for (auto it = frameOf.begin(); it != frameOf.end(); ++it) {
        if (it.value().first != spriteIndex)
            continue;
        const QString text = metaString(*nodes[it.key()].section, kMetaPointOrder);
        QString error;
        const std::optional<QJsonDocument> parsed =
            text.isEmpty() ? std::nullopt : json::parse(text.toUtf8(), &error);
        if (parsed && parsed->isObject())
            pointOrders.insert(it.value().second, parsed->object());
    }
    for (int i = 0; i < nodes.size(); ++i) {
        const Node &node = nodes[i];
        if (node.parent != spriteNode || !isSpritePoint(nodes, i))
            continue;
        const QString where = tr("line %1: node \"%2\"").arg(node.section->line).arg(node.path);
        const QString id = metaString(*node.section, kMetaName).isEmpty()
                               ? node.name
                               : metaString(*node.section, kMetaName);
        QString layer = metaString(*node.section, kMetaLayer);
        if (layer.isEmpty())
            layer = Shape::defaultLayerName();
        const QJsonObject properties =
            propertiesFromMetadata(*node.section, where, skippedMetadata);
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            const Value *visible = propertyAt(*node.section, node.name + QStringLiteral(":visible"),
                                              QStringLiteral("visible"), starts[f]);
            if (visible && visible->kind == Value::Bool && !visible->boolean)
                continue;
            const Value *position =
                propertyAt(*node.section, node.name + QStringLiteral(":position"),
                           QStringLiteral("position"), starts[f]);
            Frame &frame = sprite.frames[f];
            const QPointF at =
                (position ? pointOf(*position, where + QStringLiteral(" position")) : QPointF()) +
                frame.origin.value_or(QPointF());
            Shape shape = Shape::point(id, engines::pixelRounded(at), layer);
            shape.properties = properties;
            engines::appendWithUniqueId(frame, shape, QStringLiteral("point"));
            const QJsonValue order = pointOrders.value(int(f)).value(id);
            (*orders)[{spriteIndex, int(f)}].append(order.isDouble() ? order.toDouble() : qQNaN());
        }
    }
}

} // namespace hitsmith::godot
