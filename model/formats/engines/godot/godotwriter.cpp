// Writing a document as a Godot 4 scene (.tscn).
#include "godotformat.h"

#include "animationloss.h"
#include "enginesupport.h"
#include "godotanimation.h"
#include "godotmeta.h"
#include "godotproperties.h"
#include "godottext.h"
#include "jsonsupport.h"
#include "validation.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QStringDecoder>
#include <QTransform>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace hitsmith {

using engines::tr;
using godot::Section;
using godot::Value;
using namespace godot;

namespace {

QString num(double value) {
    return json::number(value);
}

/// Godot writes floats with a decimal point; integers would become ints in untyped metadata.
QString real(double value) {
    QString text = json::number(value);
    if (!text.contains(u'.') && !text.contains(u'e'))
        text += QStringLiteral(".0");
    return text;
}

QString vector2(QPointF p) {
    return QStringLiteral("Vector2(%1, %2)").arg(num(p.x()), num(p.y()));
}

QString godotString(const QString &text) {
    QString escaped = text;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    escaped.replace(u'\n', QStringLiteral("\\n"));
    return u'"' + escaped + u'"';
}

/// Unique sanitized child names within one parent.
class NameScope {
public:
    QString take(const QString &wanted) { return mNames.take(GodotFormat::nodeName(wanted)); }

private:
    engines::UniqueNames mNames{QStringLiteral("_")};
};

bool isExportedPoint(const Shape &shape) {
    return shape.type == ShapeType::Point && !validateShape(shape);
}

/// One point id on one layer across a sprite's frames: a Marker2D of the export.
struct SpritePoint {
    QString id, layer;
    QJsonObject properties;                  ///< from its first frame
    QList<std::optional<QPointF>> positions; ///< per frame, relative to the frame's origin
};

/// A sprite's points in the order they first appear (frame by frame), and where each is.
struct SpritePoints {
    QList<SpritePoint> list;
    QHash<std::pair<QString, QString>, qsizetype> index; ///< (id, layer) -> place in list

    qsizetype of(const Shape &shape) const { return index.value({shape.id, shape.layer}, -1); }
};

SpritePoints pointsOf(const Sprite &sprite) {
    SpritePoints points;
    for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
        const Frame &frame = sprite.frames[f];
        for (const Shape &shape : frame.shapes) {
            if (!isExportedPoint(shape))
                continue;
            qsizetype i = points.of(shape);
            if (i < 0) {
                i = points.list.size();
                points.index.insert({shape.id, shape.layer}, i);
                points.list.append({shape.id, shape.layer, shape.properties,
                                    QList<std::optional<QPointF>>(sprite.frames.size())});
            }
            points.list[i].positions[f] =
                engines::pixelRounded(shape.center - frame.origin.value_or(QPointF()));
        }
    }
    return points;
}

} // namespace

QString GodotFormat::nodeName(const QString &name) {
    QString result = name;
    for (QChar &c : result) {
        if (c == u'.' || c == u':' || c == u'@' || c == u'/' || c == u'"' || c == u'%')
            c = u'_';
    }
    result = result.trimmed();
    return result.isEmpty() ? QStringLiteral("_") : result;
}

QStringList GodotFormat::exportWarnings(const DocumentData &document) const {
    QStringList warnings = engines::invalidShapeWarnings(document);
    engines::LossCounter losses;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            QHash<QString, int> perLayer;
            for (const Shape &shape : frame.shapes) {
                if (isCollidable(shape))
                    ++perLayer[shape.layer];
            }
            for (auto it = perLayer.begin(); it != perLayer.end(); ++it) {
                if (it.value() > 1 && document.layersCollide(it.key(), it.key()))
                    losses.add(tr("%1 frame holds several shapes of a layer that collides "
                                  "with itself in one Area2D, and Godot does not test the "
                                  "shapes of one Area2D against each other"),
                               tr("%1 frames hold several shapes of a layer that collides "
                                  "with itself in one Area2D, and Godot does not test the "
                                  "shapes of one Area2D against each other"),
                               tr("%1/%2 (%3 on \"%4\")")
                                   .arg(sprite.name, frame.name)
                                   .arg(it.value())
                                   .arg(it.key()));
            }
        }
    }
    // One Marker2D per point id holds one set of properties.
    for (const Sprite &sprite : document.sprites) {
        const SpritePoints points = pointsOf(sprite);
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes) {
                const qsizetype i = isExportedPoint(shape) ? points.of(shape) : -1;
                if (i >= 0 && shape.properties != points.list[i].properties)
                    losses.add(tr("%1 point has properties other than in its first frame; its "
                                  "Marker2D keeps the first frame's"),
                               tr("%1 points have properties other than in their first frame; "
                                  "each Marker2D keeps the first frame's"),
                               engines::shapeLocation(sprite.name, frame.name, shape.id));
            }
        }
    }
    losses.appendTo(&warnings);
    warnings << engines::LayerBits(document).warnings();
    warnings << engines::animationLossWarnings(document, tr("Godot scenes"),
                                               engines::KeptAnimationData::DurationsAndProperties);
    warnings << godot::propertyNameWarnings(document);
    return warnings;
}

WriteResult GodotFormat::write(const DocumentData &document, const FormatContext &context,
                               const WriteOptions &options) const {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    for (const QString &warning : exportWarnings(document)) {
        if (!result.warnings.contains(warning))
            result.warnings << warning;
    }
    const engines::LayerBits bits(document);
    const QString dir = engines::fileDir(context);
    QStringList extResources, resources, nodes;
    int nextResource = 1;

    auto nodeHeader = [](const QString &name, const QString &type, const QString &parent) {
        QString header = QStringLiteral("[node name=%1 type=\"%2\"").arg(godotString(name), type);
        if (!parent.isNull())
            header += QStringLiteral(" parent=%1").arg(godotString(parent));
        return header + u']';
    };

    const bool singleSprite = document.sprites.size() == 1;
    QString rootName = singleSprite ? document.sprites.first().name
                                    : (context.filePath.isEmpty()
                                           ? QStringLiteral("hitboxes")
                                           : QFileInfo(context.filePath).completeBaseName());
    QStringList rootLines = {nodeHeader(nodeName(rootName), QStringLiteral("Node2D"), QString())};
    if (document.collide) {
        QJsonArray pairs;
        for (const LayerPair &pair : *document.collide)
            pairs.append(QJsonArray{pair.first, pair.second});
        rootLines << kMetaCollide + QStringLiteral(" = ") + godotString(json::compact(pairs));
    }
    NameScope spriteScope;
    for (const Sprite &sprite : document.sprites) {
        QString spritePath; // parent path of frames
        QStringList spriteLines;
        if (singleSprite) {
            spritePath = QStringLiteral(".");
            spriteLines = rootLines;
        } else {
            const QString name = spriteScope.take(sprite.name);
            spritePath = name;
            spriteLines << nodeHeader(name, QStringLiteral("Node2D"), QStringLiteral("."));
        }
        if (nodeName(sprite.name) != sprite.name || !singleSprite)
            spriteLines << kMetaName + QStringLiteral(" = ") + godotString(sprite.name);
        if (!sprite.image.isEmpty())
            spriteLines << kMetaImage + QStringLiteral(" = ") +
                               godotString(
                                   engines::rebasePath(sprite.image, context.documentDir, dir));
        if (sprite.duration)
            spriteLines << kMetaDuration + QStringLiteral(" = %1").arg(*sprite.duration);
        // Root motion: the sprite node stands at its first frame's root position until the
        // animation plays (then the ".:position" track moves it).
        if (!sprite.frames.isEmpty() && !sprite.rootPosition(0).isNull())
            spriteLines.insert(1, QStringLiteral("position = %1")
                                      .arg(vector2(engines::pixelRounded(sprite.rootPosition(0)))));
        spriteLines << kMetaSprite + QStringLiteral(" = true");
        nodes << spriteLines.join(u'\n');
        const qsizetype spriteNodesAt =
            nodes.size(); // the AnimatedSprite2D goes here, under the frames
        NameScope frameScope;
        frameScope.take(godot::kAnimatedSpriteNode);
        frameScope.take(godot::kAnimationPlayerNode);
        QList<godot::ExportedFrame> exported;
        // Only the first frame is on until the animation plays (autoplay is off).
        const bool animated = sprite.frames.size() > 1;
        const SpritePoints spritePoints = pointsOf(sprite);
        for (const Frame &frame : sprite.frames) {
            const bool first = &frame == &sprite.frames.first();
            const QString frameNode = frameScope.take(frame.name);
            exported.append({frameNode, {}});
            const QString framePath =
                spritePath == QLatin1String(".") ? frameNode : spritePath + u'/' + frameNode;
            QStringList frameLines = {nodeHeader(frameNode, QStringLiteral("Node2D"), spritePath)};
            if (animated && !first)
                frameLines << QStringLiteral("visible = false");
            if (frameNode != frame.name)
                frameLines << kMetaName + QStringLiteral(" = ") + godotString(frame.name);
            if (frame.origin)
                frameLines << kMetaOrigin + QStringLiteral(" = ") + vector2(*frame.origin);
            if (frame.source)
                frameLines << kMetaSource + QStringLiteral(" = ") +
                                  QStringLiteral("Rect2(%1, %2, %3, %4)")
                                      .arg(num(frame.source->x()), num(frame.source->y()),
                                           num(frame.source->width()), num(frame.source->height()));
            if (frame.duration)
                frameLines << kMetaDuration + QStringLiteral(" = %1").arg(*frame.duration);
            frameLines << godot::metadataLines(frame.properties);
            const QPointF origin = frame.origin.value_or(QPointF());
            // One Area2D per layer, in the order layers first appear in the frame.
            QStringList layers;
            for (const Shape &shape : frame.shapes) {
                if (isCollidable(shape) && !layers.contains(shape.layer))
                    layers << shape.layer;
            }
            // Grouping by layer reorders shapes (and points, the sprite's Marker2D nodes, come
            // last in the sprite's marker order); record the order when it changed: on each
            // shape node, and for the points on the frame node.
            QList<const Shape *> written;
            for (const QString &layer : layers) {
                for (const Shape &shape : frame.shapes) {
                    if (isCollidable(shape) && shape.layer == layer)
                        written.append(&shape);
                }
            }
            QList<const Shape *> points;
            for (const Shape &shape : frame.shapes) {
                if (isExportedPoint(shape))
                    points.append(&shape);
            }
            std::stable_sort(points.begin(), points.end(), [&](const Shape *a, const Shape *b) {
                return spritePoints.of(*a) < spritePoints.of(*b);
            });
            written << points;
            QHash<const Shape *, int> order;
            bool reordered = false;
            for (const Shape &shape : frame.shapes) {
                if (!isCollidable(shape) && !isExportedPoint(shape))
                    continue;
                reordered = reordered || written.value(order.size()) != &shape;
                order.insert(&shape, int(order.size()));
            }
            if (reordered) {
                QJsonObject pointOrder;
                for (const Shape &shape : frame.shapes) {
                    if (isExportedPoint(shape))
                        pointOrder.insert(shape.id, order.value(&shape));
                }
                if (!pointOrder.isEmpty())
                    frameLines << kMetaPointOrder + QStringLiteral(" = ") +
                                      godotString(json::compact(pointOrder));
            }
            frameLines << kMetaFrame + QStringLiteral(" = true");
            nodes << frameLines.join(u'\n');
            NameScope layerScope;
            for (const QString &layer : layers) {
                const QString areaNode = layerScope.take(layer);
                const QString areaPath = framePath + u'/' + areaNode;
                QStringList areaLines = {
                    nodeHeader(areaNode, QStringLiteral("Area2D"), framePath),
                    QStringLiteral("collision_layer = %1").arg(bits.category(layer)),
                    QStringLiteral("collision_mask = %1").arg(bits.mask(layer)),
                    kMetaLayer + QStringLiteral(" = ") + godotString(layer)};
                nodes << areaLines.join(u'\n');
                NameScope shapeScope;
                for (const Shape &shape : frame.shapes) {
                    if (!isCollidable(shape) || shape.layer != layer)
                        continue;
                    const QString shapeNode = shapeScope.take(shape.id);
                    exported.last().shapes << frameNode + u'/' + areaNode + u'/' + shapeNode;
                    QStringList lines;
                    if (shape.type == ShapeType::Polygon) {
                        lines << nodeHeader(shapeNode, QStringLiteral("CollisionPolygon2D"),
                                            areaPath);
                        QStringList coordinates;
                        for (QPointF p : shape.points)
                            coordinates << num(engines::pixelRounded(p.x() - origin.x()))
                                        << num(engines::pixelRounded(p.y() - origin.y()));
                        lines << QStringLiteral("polygon = PackedVector2Array(%1)")
                                     .arg(coordinates.join(QStringLiteral(", ")));
                    } else if (shape.type == ShapeType::Capsule) {
                        // CapsuleShape2D: height is the full height, caps included; its axis
                        // is the node's local y, turned onto the ends' direction, the node at
                        // the ends' midpoint.
                        const QPointF a = shape.points.value(0), b = shape.points.value(1);
                        const QPointF d = b - a;
                        const double length = std::hypot(d.x(), d.y());
                        const QString resourceId =
                            QStringLiteral("CapsuleShape2D_%1").arg(nextResource++);
                        resources << QStringLiteral("[sub_resource type=\"CapsuleShape2D\" "
                                                    "id=\"%1\"]\nradius = %2\nheight = %3")
                                         .arg(resourceId, real(shape.radius),
                                              real(length + 2 * shape.radius));
                        lines << nodeHeader(shapeNode, QStringLiteral("CollisionShape2D"), areaPath)
                              << QStringLiteral("position = %1")
                                     .arg(vector2(engines::pixelRounded((a + b) / 2 - origin)));
                        const double rotation = length > 0 ? std::atan2(-d.x(), d.y()) : 0.0;
                        if (rotation != 0)
                            lines << QStringLiteral("rotation = %1").arg(real(rotation));
                        lines << QStringLiteral("shape = SubResource(\"%1\")").arg(resourceId);
                    } else {
                        const QString resourceId = QStringLiteral("%1_%2")
                                                       .arg(shape.type == ShapeType::Rect
                                                                ? QStringLiteral("RectangleShape2D")
                                                                : QStringLiteral("CircleShape2D"))
                                                       .arg(nextResource++);
                        if (shape.type == ShapeType::Rect)
                            resources
                                << QStringLiteral("[sub_resource type=\"RectangleShape2D\" "
                                                  "id=\"%1\"]\nsize = %2")
                                       .arg(resourceId,
                                            vector2({shape.size.width(), shape.size.height()}));
                        else
                            resources << QStringLiteral("[sub_resource type=\"CircleShape2D\" "
                                                        "id=\"%1\"]\nradius = %2")
                                             .arg(resourceId, real(shape.radius));
                        lines << nodeHeader(shapeNode, QStringLiteral("CollisionShape2D"), areaPath)
                              << QStringLiteral("position = %1")
                                     .arg(vector2(engines::pixelRounded(shape.center - origin)));
                        if (shape.type == ShapeType::Rect && shape.angle != 0)
                            lines << QStringLiteral("rotation = %1")
                                         .arg(real(shape.angle * M_PI / 180.0));
                        lines << QStringLiteral("shape = SubResource(\"%1\")").arg(resourceId);
                    }
                    if (animated && !first)
                        lines << QStringLiteral("disabled = true");
                    if (shapeNode != shape.id)
                        lines << kMetaName + QStringLiteral(" = ") + godotString(shape.id);
                    if (reordered)
                        lines << kMetaOrder + QStringLiteral(" = %1").arg(order.value(&shape));
                    lines << godot::metadataLines(shape.properties);
                    nodes << lines.join(u'\n');
                }
            }
        }
        // Points: one Marker2D per point id and layer under the sprite node; the animation
        // keys its position per frame and hides it in frames without it.
        QList<godot::ExportedPoint> markers;
        for (const SpritePoint &point : spritePoints.list) {
            const QString markerNode = frameScope.take(point.id);
            std::optional<QPointF> first;
            for (const std::optional<QPointF> &p : point.positions)
                first = first ? first : p;
            QStringList lines = {
                nodeHeader(markerNode, QStringLiteral("Marker2D"), spritePath),
                QStringLiteral("position = %1").arg(vector2(first.value_or(QPointF())))};
            if (!point.positions.first())
                lines << QStringLiteral("visible = false");
            lines << kMetaLayer + QStringLiteral(" = ") + godotString(point.layer);
            if (markerNode != point.id)
                lines << kMetaName + QStringLiteral(" = ") + godotString(point.id);
            lines << godot::metadataLines(point.properties);
            lines << kMetaPoint + QStringLiteral(" = true");
            nodes << lines.join(u'\n');
            markers.append({markerNode, point.positions});
        }
        const QString image = sprite.image.isEmpty()
                                  ? QString()
                                  : engines::rebasePath(sprite.image, context.documentDir, dir);
        const godot::SpriteAnimation animation =
            godot::spriteAnimation(sprite, exported, markers, spritePath, image, &nextResource);
        extResources << animation.extResources;
        resources << animation.subResources;
        for (qsizetype i = 0; i < animation.spriteNodes.size(); ++i)
            nodes.insert(spriteNodesAt + i, animation.spriteNodes[i]);
        nodes << animation.playerNodes;
    }
    if (!singleSprite)
        nodes.prepend(rootLines.join(u'\n'));
    QString text = QStringLiteral("[gd_scene load_steps=%1 format=3]\n\n")
                       .arg(extResources.size() + resources.size() + 1);
    for (const QString &resource : extResources)
        text += resource + u'\n';
    if (!extResources.isEmpty())
        text += u'\n';
    for (const QString &resource : resources)
        text += resource + QStringLiteral("\n\n");
    text += nodes.join(QStringLiteral("\n\n")) + u'\n';
    result.bytes = text.toUtf8();
    return result;
}
} // namespace hitsmith
