// Reading Godot 3 and 4 scenes and resources (.tscn, .tres) into documents. One file on purpose
// (628 lines): scenes and tile sets share one node walk and its shape conversion; splitting them
// would expose that walk as an interface of its own for no second user.
#include "godotformat.h"

#include "enginesupport.h"
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

bool isCollisionObject(const QString &type) {
    static const QSet<QString> types = {
        QStringLiteral("Area2D"),           QStringLiteral("StaticBody2D"),
        QStringLiteral("RigidBody2D"),      QStringLiteral("RigidDynamicBody2D"),
        QStringLiteral("CharacterBody2D"),  QStringLiteral("KinematicBody2D"),
        QStringLiteral("AnimatableBody2D"), QStringLiteral("PhysicalBone2D")};
    return types.contains(type);
}

/// Thrown for schema problems; the message already names the location.
struct GodotError {
    QString message;
};

/// Reads and checks the numbers of Vector2(...)/PackedVector2Array(...)/Rect2(...)/...
QList<double> numbersOf(const Value &value, const QString &where, qsizetype expected = -1) {
    bool ok = false;
    const QList<double> numbers = value.numbers(&ok);
    if (!ok || (expected >= 0 && numbers.size() != expected) || numbers.size() % 2 != 0)
        throw GodotError{tr("%1: expected %2")
                             .arg(where, expected == 2   ? tr("Vector2(x, y)")
                                         : expected == 4 ? tr("four numbers")
                                         : expected == 6 ? tr("Transform2D(...)")
                                                         : tr("pairs of numbers"))};
    for (double n : numbers) {
        if (const std::optional<QString> problem = engines::checkImportedNumber(n))
            throw GodotError{tr("%1: %2").arg(where, *problem)};
    }
    return numbers;
}

double numberOf(const Value &value, const QString &where) {
    if (value.kind != Value::Number)
        throw GodotError{tr("%1: must be a number").arg(where)};
    if (const std::optional<QString> problem = engines::checkImportedNumber(value.number))
        throw GodotError{tr("%1: %2").arg(where, *problem)};
    return value.number;
}

QList<QPointF> pointsOf(const Value &value, const QString &where) {
    const QList<double> n = numbersOf(value, where);
    QList<QPointF> points;
    for (qsizetype i = 0; i + 1 < n.size(); i += 2)
        points.append({n[i], n[i + 1]});
    return points;
}

QPointF pointOf(const Value &value, const QString &where) {
    const QList<double> n = numbersOf(value, where, 2);
    return {n[0], n[1]};
}

/// Godot's Transform2D(xx, xy, yx, yy, ox, oy) as a QTransform (same row layout).
QTransform transformOf(const Value &value, const QString &where) {
    const QList<double> n = numbersOf(value, where, 6);
    return QTransform(n[0], n[1], n[2], n[3], n[4], n[5]);
}

struct Node {
    QString name;
    QString type;
    QString path; ///< "." for the root, else "A/B"
    int parent = -1;
    const Section *section = nullptr;
    QTransform local;
};

/// A collision shape sub-resource turned into shapes under a transform.
class ShapeBuilder {
public:
    ShapeBuilder(const QHash<QString, const Section *> &resources, QStringList *warnings)
        : mResources(resources)
        , mWarnings(warnings) {}

    /// Shapes of a Shape2D resource placed with transform; where names it for messages.
    QList<Shape> fromResource(const QString &id, const QTransform &transform,
                              const QString &where) const {
        const Section *resource = mResources.value(id);
        if (!resource)
            throw GodotError{
                tr("%1: SubResource \"%2\" is not defined in this file").arg(where, id)};
        const QString type = resource->attribute(QStringLiteral("type")).argumentText();
        const QString at = tr("line %1: [sub_resource id=\"%2\"]").arg(resource->line).arg(id);
        if (type == QLatin1String("RectangleShape2D")) {
            QSizeF size(20, 20); // Godot's default
            if (const Value *v = resource->property(QStringLiteral("size"))) {
                const QPointF s = pointOf(*v, at + QStringLiteral(" size"));
                size = QSizeF(s.x(), s.y());
            } else if (const Value *e = resource->property(QStringLiteral("extents"))) {
                const QPointF s = pointOf(*e, at + QStringLiteral(" extents"));
                size = QSizeF(2 * s.x(), 2 * s.y());
            } else {
                size = QSizeF(20, 20); // Godot 3 default extents (10, 10)
            }
            return {rect(size, transform)};
        }
        if (type == QLatin1String("CircleShape2D")) {
            double radius = 10;
            if (const Value *v = resource->property(QStringLiteral("radius")))
                radius = numberOf(*v, at + QStringLiteral(" radius"));
            const double sx = std::hypot(transform.m11(), transform.m12());
            const double sy = std::hypot(transform.m21(), transform.m22());
            if (std::abs(sx - sy) > 1e-9 * std::max(sx, sy)) {
                mWarnings->append(
                    tr("%1: circle under a non-uniform scale is an ellipse; skipped").arg(where));
                return {};
            }
            return {Shape::circle({}, transform.map(QPointF(0, 0)), radius * sx)};
        }
        if (type == QLatin1String("ConvexPolygonShape2D")) {
            const Value *v = resource->property(QStringLiteral("points"));
            if (!v)
                return {};
            return {Shape::polygon(
                {}, mapAll(pointsOf(*v, at + QStringLiteral(" points")), transform))};
        }
        mWarnings->append(tr("%1: %2 skipped (Hitsmith holds polygons, rectangles and circles)")
                              .arg(where, type.isEmpty() ? tr("resource without a type") : type));
        return {};
    }

    static QList<QPointF> mapAll(const QList<QPointF> &points, const QTransform &t) {
        QList<QPointF> mapped;
        for (QPointF p : points)
            mapped.append(t.map(p));
        return mapped;
    }

    /// A centred rectangle under a transform: a rect while the transform keeps right angles,
    /// else the polygon of its corners.
    static Shape rect(QSizeF size, const QTransform &t) {
        const double ax = t.m11(), ay = t.m12(), bx = t.m21(), by = t.m22();
        const double la = std::hypot(ax, ay), lb = std::hypot(bx, by);
        const bool orthogonal = std::abs(ax * bx + ay * by) <= 1e-9 * la * lb;
        const double det = ax * by - ay * bx;
        if (orthogonal && det > 0) {
            Shape shape =
                Shape::rect({}, t.map(QPointF(0, 0)), QSizeF(size.width() * la, size.height() * lb),
                            std::atan2(ay, ax) * 180.0 / M_PI);
            if (std::abs(shape.angle) < 1e-12)
                shape.angle = 0;
            return shape;
        }
        const double hw = size.width() / 2, hh = size.height() / 2;
        return Shape::polygon({}, mapAll({{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}}, t));
    }

private:
    const QHash<QString, const Section *> &mResources;
    QStringList *mWarnings;
};

QTransform nodeTransform(const Section &section, const QString &where) {
    QPointF position;
    double rotation = 0;
    QPointF scale(1, 1);
    if (const Value *v = section.property(QStringLiteral("position")))
        position = pointOf(*v, where + QStringLiteral(" position"));
    if (const Value *v = section.property(QStringLiteral("rotation")))
        rotation = numberOf(*v, where + QStringLiteral(" rotation"));
    else if (const Value *d = section.property(QStringLiteral("rotation_degrees")))
        rotation = numberOf(*d, where + QStringLiteral(" rotation_degrees")) * M_PI / 180.0;
    if (const Value *v = section.property(QStringLiteral("scale")))
        scale = pointOf(*v, where + QStringLiteral(" scale"));
    if (const Value *v = section.property(QStringLiteral("transform"))) // Godot 3 Node2D
        return transformOf(*v, where + QStringLiteral(" transform"));
    QTransform t;
    t.translate(position.x(), position.y());
    t.rotateRadians(rotation);
    t.scale(scale.x(), scale.y());
    return t;
}

QString metaString(const Section &section, const QString &key) {
    const Value *v = section.property(key);
    return v && v->kind == Value::String ? v->text : QString();
}

/// True for a Marker2D our exporter wrote as one of a sprite's points: under the sprite node,
/// marked hitsmith_point (older exports put a Marker2D under each frame node instead).
bool isSpritePoint(const QList<Node> &nodes, int index) {
    const Node &node = nodes[index];
    return node.type == QLatin1String("Marker2D") && node.parent >= 0 &&
           node.section->property(kMetaPoint) && nodes[node.parent].section->property(kMetaSprite);
}

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

/// The scene's nodes turned into sprites, frames and shapes.
void readScene(const QList<Section> &sections, const QHash<QString, const Section *> &resources,
               const QString &fallbackName, const FormatContext &context, DocumentData *document,
               QStringList *warnings) {
    QList<Node> nodes;
    QHash<QString, int> byPath;
    for (const Section &section : sections) {
        if (section.tag != QLatin1String("node"))
            continue;
        Node node;
        node.section = &section;
        node.name = section.attribute(QStringLiteral("name")).argumentText();
        node.type = section.attribute(QStringLiteral("type")).argumentText();
        const QString where = tr("line %1: node \"%2\"").arg(section.line).arg(node.name);
        const Value parent = section.attribute(QStringLiteral("parent"));
        if (parent.kind == Value::Null) {
            if (!nodes.isEmpty()) {
                warnings->append(tr("%1: a second root node; skipped").arg(where));
                continue;
            }
            node.path = QStringLiteral(".");
        } else {
            const QString parentPath = parent.argumentText();
            const int parentIndex = byPath.value(parentPath, -1);
            if (parentIndex < 0) {
                warnings->append(tr("%1: parent \"%2\" is not in this file (inside an instanced "
                                    "scene?); skipped")
                                     .arg(where, parentPath));
                continue;
            }
            node.parent = parentIndex;
            node.path =
                parentPath == QLatin1String(".") ? node.name : parentPath + u'/' + node.name;
        }
        node.local = nodeTransform(section, where);
        byPath.insert(node.path, int(nodes.size()));
        nodes.append(node);
    }
    if (nodes.isEmpty())
        return;

    const QString rootName = nodes.first().name.isEmpty() ? fallbackName : nodes.first().name;
    const QString dir = engines::fileDir(context);
    ShapeBuilder builder(resources, warnings);
    QHash<int, QPair<int, int>> frameOf; // frame node -> (sprite index, frame index)
    engines::LossCounter skippedMetadata;
    // Our exporter groups shapes by layer (one Area2D each) and records the document's order.
    QHash<QPair<int, int>, QList<double>> orders;

    auto spriteFor = [&](int spriteNode) -> int {
        const Node &node = nodes[spriteNode];
        QString name = metaString(*node.section, kMetaName);
        if (name.isEmpty())
            name = spriteNode == 0 ? rootName : node.name;
        qsizetype index = document->indexOfSprite(name);
        if (index < 0) {
            Sprite sprite;
            sprite.name = name;
            sprite.image = engines::rebasePath(metaString(*node.section, kMetaImage), dir,
                                               context.documentDir);
            if (const Value *v = node.section->property(kMetaDuration);
                v && v->kind == Value::Number && v->number >= 1 && v->number <= 1e9)
                sprite.duration = int(v->number);
            document->sprites.append(sprite);
            index = document->sprites.size() - 1;
        }
        return int(index);
    };

    // A frame per marked node (ours) or per collision object, created in node order.
    auto ensureFrame = [&](int frameNode, bool ours) {
        if (frameOf.contains(frameNode))
            return;
        const QString where = tr("line %1: node \"%2\"")
                                  .arg(nodes[frameNode].section->line)
                                  .arg(nodes[frameNode].name);
        int spriteNode = 0;
        if (ours) {
            for (int p = nodes[frameNode].parent; p >= 0; p = nodes[p].parent) {
                if (nodes[p].section->property(kMetaSprite)) {
                    spriteNode = p;
                    break;
                }
            }
        }
        const int sprite = spriteFor(spriteNode);
        Frame frame;
        const Section &fs = *nodes[frameNode].section;
        frame.name = metaString(fs, kMetaName);
        if (frame.name.isEmpty())
            frame.name = ours || frameNode == 0 ? nodes[frameNode].name : nodes[frameNode].path;
        if (const Value *v = fs.property(kMetaOrigin))
            frame.origin = pointOf(*v, where + QStringLiteral(" hitsmith_origin"));
        if (const Value *v = fs.property(kMetaDuration);
            v && v->kind == Value::Number && v->number >= 1 && v->number <= 1e9)
            frame.duration = int(v->number);
        if (const Value *v = fs.property(kMetaSource)) {
            const QList<double> r = numbersOf(*v, where + QStringLiteral(" hitsmith_source"), 4);
            frame.source = QRectF(r[0], r[1], r[2], r[3]);
        }
        frame.properties = propertiesFromMetadata(fs, where, &skippedMetadata);
        document->sprites[sprite].frames.append(frame);
        frameOf.insert(frameNode, {sprite, int(document->sprites[sprite].frames.size() - 1)});
    };
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes[i].section->property(kMetaSprite))
            spriteFor(i);
        if (nodes[i].section->property(kMetaFrame))
            ensureFrame(i, true);
    }

    for (int i = 0; i < nodes.size(); ++i) {
        const Node &node = nodes[i];
        const bool isShape = node.type == QLatin1String("CollisionShape2D");
        const bool isPolygon = node.type == QLatin1String("CollisionPolygon2D");
        const bool isMarker = node.type == QLatin1String("Marker2D"); // a point (issue 30)
        if (!isShape && !isPolygon && !isMarker)
            continue;
        if (isMarker && isSpritePoint(nodes, i))
            continue; // read with its sprite's animation below
        const QString where = tr("line %1: node \"%2\"")
                                  .arg(node.section->line)
                                  .arg(node.parent < 0 ? node.name : node.path);
        // The frame: the nearest node marked by our exporter, else the nearest collision object.
        int frameNode = -1, body = -1;
        for (int p = node.parent; p >= 0; p = nodes[p].parent) {
            if (body < 0 && isCollisionObject(nodes[p].type))
                body = p;
            if (nodes[p].section->property(kMetaFrame)) {
                frameNode = p;
                break;
            }
        }
        const bool ours = frameNode >= 0;
        if (!ours)
            frameNode = body >= 0 ? body : 0;
        QString layer = Shape::defaultLayerName();
        if (ours && body >= 0) {
            layer = metaString(*nodes[body].section, kMetaLayer);
            if (layer.isEmpty())
                layer = nodes[body].name;
        }
        if (isMarker && !metaString(*node.section, kMetaLayer).isEmpty())
            layer = metaString(*node.section, kMetaLayer);
        // Transform from the shape node into the frame node's space.
        QTransform toFrame = node.local;
        for (int p = node.parent; p >= 0 && p != frameNode; p = nodes[p].parent)
            toFrame *= nodes[p].local;
        QPointF origin;
        ensureFrame(frameNode, ours);
        const auto [spriteIndex, frameIndex] = frameOf.value(frameNode);
        Frame &frame = document->sprites[spriteIndex].frames[frameIndex];
        if (frame.origin)
            origin = *frame.origin;
        toFrame *= QTransform::fromTranslate(origin.x(), origin.y());

        QList<Shape> shapes;
        if (isMarker) {
            shapes = {Shape::point({}, toFrame.map(QPointF(0, 0)))};
        } else if (isShape) {
            const Value *shape = node.section->property(QStringLiteral("shape"));
            if (!shape || shape->kind != Value::Call) {
                warnings->append(tr("%1: no shape resource; skipped").arg(where));
                continue;
            }
            if (shape->text != QLatin1String("SubResource")) {
                warnings->append(tr("%1: the shape is an external resource (%2); skipped")
                                     .arg(where, shape->text));
                continue;
            }
            shapes = builder.fromResource(shape->argumentText(), toFrame, where);
        } else {
            const Value *buildMode = node.section->property(QStringLiteral("build_mode"));
            if (buildMode && buildMode->kind == Value::Number && buildMode->number == 1) {
                warnings->append(tr("%1: polygon in segments mode skipped (Hitsmith holds "
                                    "closed convex shapes)")
                                     .arg(where));
                continue;
            }
            const Value *polygon = node.section->property(QStringLiteral("polygon"));
            if (!polygon)
                continue;
            shapes = {Shape::polygon(
                {}, ShapeBuilder::mapAll(pointsOf(*polygon, where + QStringLiteral(" polygon")),
                                         toFrame))};
        }
        const QString id = metaString(*node.section, kMetaName).isEmpty()
                               ? node.name
                               : metaString(*node.section, kMetaName);
        const Value *order = node.section->property(kMetaOrder);
        const QJsonObject properties =
            propertiesFromMetadata(*node.section, where, &skippedMetadata);
        for (Shape &shape : shapes) {
            shape.id = id;
            shape.layer = layer;
            shape.properties = properties;
            if (const std::optional<ShapeProblem> problem = validateShape(shape))
                warnings->append(tr("%1: imported as is but invalid in Hitsmith (%2)")
                                     .arg(where, problem->reason));
            engines::appendWithUniqueId(frame, shape, QStringLiteral("shape"));
            orders[{spriteIndex, frameIndex}].append(
                order && order->kind == Value::Number ? order->number : qQNaN());
        }
    }
    for (int i = 0; i < nodes.size(); ++i) {
        if (nodes[i].section->property(kMetaSprite))
            readSpriteAnimation(nodes, i, resources, spriteFor(i), frameOf, document, &orders,
                                &skippedMetadata);
    }
    for (auto it = orders.begin(); it != orders.end(); ++it) {
        const QList<double> &keys = it.value();
        if (std::any_of(keys.begin(), keys.end(), [](double k) { return std::isnan(k); }))
            continue;
        Frame &frame = document->sprites[it.key().first].frames[it.key().second];
        QList<qsizetype> index(frame.shapes.size());
        std::iota(index.begin(), index.end(), 0);
        std::stable_sort(index.begin(), index.end(),
                         [&](qsizetype a, qsizetype b) { return keys[a] < keys[b]; });
        QList<Shape> sorted;
        for (qsizetype i : index)
            sorted.append(frame.shapes[i]);
        frame.shapes = sorted;
    }
    skippedMetadata.appendTo(warnings);
}

/// Godot 4 TileSetAtlasSource sub-resources: per tile a frame with its physics polygons.
void readAtlasSource(const Section &section, QHash<QString, QString> externalPaths,
                     const FormatContext &context, DocumentData *document, QStringList *warnings) {
    const QString id = section.attribute(QStringLiteral("id")).argumentText();
    const QString where = tr("line %1: [sub_resource id=\"%2\"]").arg(section.line).arg(id);
    QPointF regionSize(16, 16), margins, separation;
    if (const Value *v = section.property(QStringLiteral("texture_region_size")))
        regionSize = pointOf(*v, where + QStringLiteral(" texture_region_size"));
    if (const Value *v = section.property(QStringLiteral("margins")))
        margins = pointOf(*v, where + QStringLiteral(" margins"));
    if (const Value *v = section.property(QStringLiteral("separation")))
        separation = pointOf(*v, where + QStringLiteral(" separation"));
    Sprite sprite;
    sprite.name = QStringLiteral("atlas-") + id;
    if (const Value *texture = section.property(QStringLiteral("texture"))) {
        QString path = externalPaths.value(texture->argumentText());
        if (path.startsWith(QLatin1String("res://")))
            path = path.mid(6);
        sprite.image = path.isEmpty() ? QString()
                                      : engines::rebasePath(path, engines::fileDir(context),
                                                            context.documentDir);
    }
    static const QRegularExpression key(
        QStringLiteral(R"(^(\d+):(\d+)/(\d+)/physics_layer_(\d+)/polygon_(\d+)/points$)"));
    for (const auto &[name, value] : section.properties) {
        const QRegularExpressionMatch m = key.match(name);
        if (!m.hasMatch())
            continue;
        const int x = m.captured(1).toInt(), y = m.captured(2).toInt();
        const QString alternative = m.captured(3);
        QString frameName = QStringLiteral("%1:%2").arg(x).arg(y);
        if (alternative != QLatin1String("0"))
            frameName += u'/' + alternative;
        qsizetype frameIndex = -1;
        for (qsizetype f = 0; f < sprite.frames.size(); ++f) {
            if (sprite.frames[f].name == frameName)
                frameIndex = f;
        }
        if (frameIndex < 0) {
            Frame frame;
            frame.name = frameName;
            frame.source = QRectF(margins.x() + x * (regionSize.x() + separation.x()),
                                  margins.y() + y * (regionSize.y() + separation.y()),
                                  regionSize.x(), regionSize.y());
            frame.origin = QPointF(regionSize.x() / 2, regionSize.y() / 2);
            sprite.frames.append(frame);
            frameIndex = sprite.frames.size() - 1;
        }
        Frame &frame = sprite.frames[frameIndex];
        // Tile polygons are relative to the tile's centre.
        QList<QPointF> points = pointsOf(value, where + u' ' + name);
        for (QPointF &p : points)
            p += *frame.origin;
        Shape shape = Shape::polygon(QStringLiteral("polygon-") + m.captured(5), points,
                                     QStringLiteral("physics_layer_") + m.captured(4));
        if (const std::optional<ShapeProblem> problem = validateShape(shape))
            warnings->append(tr("%1 %2: imported as is but invalid in Hitsmith (%3)")
                                 .arg(where, name, problem->reason));
        engines::appendWithUniqueId(frame, shape, QStringLiteral("polygon"));
    }
    if (!sprite.frames.isEmpty())
        document->sprites.append(sprite);
}

/// Godot 3 TileSet resource: "N/region", "N/name" and "N/shapes" per tile.
void readGodot3TileSet(const Section &resource, const QHash<QString, const Section *> &resources,
                       DocumentData *document, QStringList *warnings) {
    Sprite sprite;
    sprite.name = QStringLiteral("tileset");
    static const QRegularExpression key(QStringLiteral(R"(^(\d+)/(name|region|shapes)$)"));
    QMap<int, Frame> frames;
    ShapeBuilder builder(resources, warnings);
    for (const auto &[name, value] : resource.properties) {
        const QRegularExpressionMatch m = key.match(name);
        if (!m.hasMatch())
            continue;
        const int tile = m.captured(1).toInt();
        Frame &frame = frames[tile];
        if (frame.name.isEmpty())
            frame.name = QStringLiteral("tile-%1").arg(tile);
        const QString where = tr("line %1: %2").arg(resource.line).arg(name);
        if (m.captured(2) == QLatin1String("name") && value.kind == Value::String) {
            frame.name = value.text;
        } else if (m.captured(2) == QLatin1String("region")) {
            const QList<double> r = numbersOf(value, where, 4);
            if (r[2] > 0 && r[3] > 0)
                frame.source = QRectF(r[0], r[1], r[2], r[3]);
        } else if (m.captured(2) == QLatin1String("shapes")) {
            if (value.kind != Value::Array)
                throw GodotError{tr("%1: must be an array").arg(where)};
            for (const Value &entry : value.items) {
                if (entry.kind != Value::Dictionary)
                    continue;
                QString shapeId;
                QTransform transform;
                for (qsizetype k = 0; k + 1 < entry.items.size(); k += 2) {
                    const QString field = entry.items[k].text;
                    const Value &v = entry.items[k + 1];
                    if (field == QLatin1String("shape"))
                        shapeId = v.argumentText();
                    else if (field == QLatin1String("shape_transform"))
                        transform = transformOf(v, where + QStringLiteral(" shape_transform"));
                    else if (field == QLatin1String("autotile_coord")) {
                        const QPointF c = pointOf(v, where + QStringLiteral(" autotile_coord"));
                        if (!c.isNull())
                            warnings->append(tr("%1: autotile sub-tile (%2, %3) shapes are "
                                                "placed in the tile's first sub-tile")
                                                 .arg(where)
                                                 .arg(c.x())
                                                 .arg(c.y()));
                    }
                }
                if (shapeId.isEmpty())
                    continue;
                for (Shape shape : builder.fromResource(shapeId, transform, where)) {
                    shape.id = QStringLiteral("shape");
                    engines::appendWithUniqueId(frame, shape, QStringLiteral("shape"));
                }
            }
        }
    }
    for (const Frame &frame : frames) {
        if (!frame.shapes.isEmpty())
            sprite.frames.append(frame);
    }
    if (!sprite.frames.isEmpty())
        document->sprites.append(sprite);
}

} // namespace

ReadResult GodotFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    if (!engines::checkText(bytes, tr("a Godot scene"), &result.error))
        return result;
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(bytes);
    if (decoder.hasError()) {
        result.error = tr("not UTF-8 text; expected a Godot scene");
        return result;
    }
    QStringList warnings;
    try {
        const QList<Section> sections = godot::parse(text);
        if (sections.isEmpty() || (sections.first().tag != QLatin1String("gd_scene") &&
                                   sections.first().tag != QLatin1String("gd_resource")))
            throw GodotError{tr("line 1: not a Godot scene or resource (it must start with "
                                "[gd_scene ...] or [gd_resource ...])")};
        // Godot never saves a scene without its root node: none means the file was cut short.
        if (sections.first().tag == QLatin1String("gd_scene") &&
            std::none_of(sections.begin(), sections.end(),
                         [](const Section &s) { return s.tag == QLatin1String("node"); }))
            throw GodotError{tr("the scene has no nodes: the file ends too early (truncated?)")};
        if (const Section *unused = godot::firstUnusedSubResource(sections))
            throw GodotError{tr("line %1: [sub_resource id=\"%2\"] is used by nothing: the file "
                                "ends before the section that used it (truncated?)")
                                 .arg(unused->line)
                                 .arg(unused->attribute(QStringLiteral("id")).argumentText())};
        const Value format = sections.first().attribute(QStringLiteral("format"));
        if (format.kind == Value::Number && format.number > 4)
            warnings << tr("line 1: format=%1 is newer than this reader knows (up to 4); read as "
                           "format 4")
                            .arg(format.number);
        QHash<QString, const Section *> resources;
        QHash<QString, QString> externalPaths;
        for (const Section &section : sections) {
            if (section.tag == QLatin1String("sub_resource"))
                resources.insert(section.attribute(QStringLiteral("id")).argumentText(), &section);
            else if (section.tag == QLatin1String("ext_resource"))
                externalPaths.insert(section.attribute(QStringLiteral("id")).argumentText(),
                                     section.attribute(QStringLiteral("path")).argumentText());
        }
        const QString fallback = context.filePath.isEmpty()
                                     ? QStringLiteral("scene")
                                     : QFileInfo(context.filePath).completeBaseName();
        DocumentData document;
        readScene(sections, resources, fallback, context, &document, &warnings);
        for (const Section &section : sections) {
            if (section.tag == QLatin1String("sub_resource") &&
                section.attribute(QStringLiteral("type")).argumentText() ==
                    QLatin1String("TileSetAtlasSource"))
                readAtlasSource(section, externalPaths, context, &document, &warnings);
            if (section.tag == QLatin1String("resource") &&
                sections.first().attribute(QStringLiteral("type")).argumentText() ==
                    QLatin1String("TileSet"))
                readGodot3TileSet(section, resources, &document, &warnings);
        }
        if (const Section *root = [&]() -> const Section * {
                for (const Section &s : sections) {
                    if (s.tag == QLatin1String("node"))
                        return &s;
                }
                return nullptr;
            }()) {
            const QString collide = metaString(*root, kMetaCollide);
            if (!collide.isEmpty()) {
                QString error;
                const std::optional<QJsonDocument> parsed = json::parse(collide.toUtf8(), &error);
                QList<LayerPair> pairs;
                bool ok = parsed && parsed->isArray();
                if (ok) {
                    for (const QJsonValue &pair : parsed->array()) {
                        const QJsonArray p = pair.toArray();
                        ok = ok && p.size() == 2 && p[0].isString() && p[1].isString();
                        if (ok)
                            pairs.append({p[0].toString(), p[1].toString()});
                    }
                }
                if (ok)
                    document.collide = pairs;
                else
                    warnings << tr("line %1: hitsmith_collide is not a list of layer pairs; "
                                   "ignored")
                                    .arg(root->line);
            }
        }
        if (document.sprites.isEmpty())
            warnings << tr("no collision shapes found (CollisionShape2D, CollisionPolygon2D or "
                           "tile set physics polygons)");
        result.document = document;
        result.warnings = warnings;
    } catch (const godot::ParseError &error) {
        result.error = error.toString();
    } catch (const GodotError &error) {
        result.error = error.message;
    }
    return result;
}

} // namespace hitsmith
