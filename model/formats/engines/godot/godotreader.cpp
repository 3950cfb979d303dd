// Reading Godot 3 and 4 scenes and resources (.tscn, .tres) into documents: the node walk and
// the entry point. Shared parts are in godotreading.h; a sprite's AnimationPlayer is read in
// godotanimationreader.cpp, tile sets in godottilesets.cpp.
#include "godotformat.h"

#include "enginesupport.h"
#include "godotmeta.h"
#include "godotproperties.h"
#include "godotreading.h"
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

/// The type given to an instanced scene's root node whose children include a shape node: a shape
/// works only as a direct child of a CollisionObject2D, so that is what the instance's root is
/// (the hitbox-component pattern: an instanced Area2D holding the scene's own shape).
const QString kInstancedCollisionObject = QStringLiteral("(instanced CollisionObject2D)");

bool isCollisionObject(const QString &type) {
    static const QSet<QString> types = {kInstancedCollisionObject,
                                        QStringLiteral("Area2D"),
                                        QStringLiteral("StaticBody2D"),
                                        QStringLiteral("RigidBody2D"),
                                        QStringLiteral("RigidDynamicBody2D"),
                                        QStringLiteral("CharacterBody2D"),
                                        QStringLiteral("KinematicBody2D"),
                                        QStringLiteral("AnimatableBody2D"),
                                        QStringLiteral("PhysicalBone2D")};
    return types.contains(type);
}
QTransform nodeTransform(const Section &section, const QString &where) {
    QPointF position;
    double rotation = 0;
    QPointF scale(1, 1);
    if (const Value *v = section.property(QStringLiteral("position")))
        position = pointOf(*v, where + QStringLiteral(" position"));
    else if (const Value *old = section.property(QStringLiteral("transform/pos"))) // Godot 2
        position = pointOf(*old, where + QStringLiteral(" transform/pos"));
    if (const Value *v = section.property(QStringLiteral("rotation")))
        rotation = numberOf(*v, where + QStringLiteral(" rotation"));
    else if (const Value *d = section.property(QStringLiteral("rotation_degrees")))
        rotation = numberOf(*d, where + QStringLiteral(" rotation_degrees")) * M_PI / 180.0;
    else if (const Value *old = section.property(QStringLiteral("transform/rot")))
        // Godot 2: degrees, counter-clockwise (Godot 3 made rotation clockwise).
        rotation = -numberOf(*old, where + QStringLiteral(" transform/rot")) * M_PI / 180.0;
    // A number is no node scale (Godot 2's Light2D "scale" is its texture's): only a Vector2.
    if (const Value *v = section.property(QStringLiteral("scale")); v && v->kind != Value::Number)
        scale = pointOf(*v, where + QStringLiteral(" scale"));
    else if (const Value *old = section.property(QStringLiteral("transform/scale"))) // Godot 2
        scale = pointOf(*old, where + QStringLiteral(" transform/scale"));
    if (const Value *v = section.property(QStringLiteral("transform"))) {
        // A 3D node's (Transform3D, Godot 3's Transform: 12 numbers) has no bearing on 2D
        // shapes; a Godot 3 Node2D's is its whole placement.
        if (v->kind == Value::Call &&
            (v->text == QLatin1String("Transform3D") || v->text == QLatin1String("Transform")))
            return QTransform();
        return transformOf(*v, where + QStringLiteral(" transform"));
    }
    QTransform t;
    t.translate(position.x(), position.y());
    t.rotateRadians(rotation);
    t.scale(scale.x(), scale.y());
    return t;
}

/// Foreign scenes: animation tracks that switch or move collision shapes (a hitbox enabled for
/// three frames of an attack) are not read; one counted warning names them rather than letting
/// the boxes come in as always there. A track counts when its property is one that changes a
/// shape (disabled, shape, polygon, monitoring, ...) or when it moves a node (position,
/// rotation, scale, transform) whose name is that of a collision shape or collision object.
void warnAboutShapeTracks(const QList<Node> &nodes, const QList<Section> &sections,
                          QStringList *warnings) {
    // Nodes this file types: collision ones, and others (a Button's "disabled", a visual
    // Polygon2D's "polygon" are no shapes). A target typed nowhere here (inside an instanced
    // or inherited scene) may be a collision node.
    QSet<QString> collisionNames, otherNames;
    for (const Node &node : nodes) {
        if (node.type == QLatin1String("CollisionShape2D") ||
            node.type == QLatin1String("CollisionPolygon2D") || isCollisionObject(node.type))
            collisionNames.insert(node.name);
        else if (!node.type.isEmpty())
            otherNames.insert(node.name);
    }
    static const QSet<QString> shapeProperties = {
        QStringLiteral("disabled"),       QStringLiteral("shape"),
        QStringLiteral("polygon"),        QStringLiteral("monitoring"),
        QStringLiteral("monitorable"),    QStringLiteral("collision_layer"),
        QStringLiteral("collision_mask"), QStringLiteral("one_way_collision")};
    static const QSet<QString> moveProperties = {
        QStringLiteral("position"),         QStringLiteral("rotation"),
        QStringLiteral("rotation_degrees"), QStringLiteral("scale"),
        QStringLiteral("transform"),        QStringLiteral("skew"),
        QStringLiteral("global_position")};
    static const QRegularExpression trackPath(QStringLiteral(R"(^tracks/\d+/path$)"));
    engines::LossCounter tracks;
    for (const Section &section : sections) {
        if (section.tag != QLatin1String("sub_resource") ||
            section.attribute(QStringLiteral("type")).argumentText() != QLatin1String("Animation"))
            continue;
        const Value *nameValue = section.property(QStringLiteral("resource_name"));
        const QString animation = nameValue && nameValue->kind == Value::String
                                      ? nameValue->text
                                      : section.attribute(QStringLiteral("id")).argumentText();
        for (const auto &[key, value] : section.properties) {
            if (!trackPath.match(key).hasMatch())
                continue;
            const QString path = value.argumentText();
            const qsizetype colon = path.indexOf(u':');
            if (colon < 0)
                continue;
            const QString nodePath = path.left(colon);
            const QString property = path.mid(colon + 1).section(u':', 0, 0);
            const QString target = nodePath.section(u'/', -1);
            const bool mayBeCollision =
                collisionNames.contains(target) || !otherNames.contains(target);
            if ((shapeProperties.contains(property) && mayBeCollision) ||
                (moveProperties.contains(property) && collisionNames.contains(target)))
                tracks.add(
                    tr("%1 animation track that switches or moves collision shapes is not "
                       "imported (the shapes come in as saved)"),
                    tr("%1 animation tracks that switch or move collision shapes are not "
                       "imported (the shapes come in as saved)"),
                    tr("line %1: animation \"%2\" %3").arg(section.line).arg(animation, path));
        }
    }
    tracks.appendTo(warnings);
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
    engines::LossCounter overrides;
    for (Node &node : nodes) {
        const bool shapeNode = node.type == QLatin1String("CollisionShape2D") ||
                               node.type == QLatin1String("CollisionPolygon2D");
        if (shapeNode && node.parent >= 0 && nodes[node.parent].type.isEmpty() &&
            nodes[node.parent].section->attribute(QStringLiteral("instance")).kind != Value::Null)
            nodes[node.parent].type = kInstancedCollisionObject;
        // A node without a type overrides one of an inherited or instanced scene: its shape's
        // type and place are in that scene's file, not read.
        if (node.type.isEmpty() && (node.section->property(QStringLiteral("shape")) ||
                                    node.section->property(QStringLiteral("polygon"))))
            overrides.add(tr("%1 node of an inherited or instanced scene sets a shape or polygon; "
                             "if it is a collision node, its type and place are in that scene's "
                             "own file, not read (import that file)"),
                          tr("%1 nodes of inherited or instanced scenes set a shape or polygon; "
                             "those that are collision nodes have their types and places in "
                             "those scenes' own files, not read (import those files)"),
                          tr("line %1: node \"%2\"").arg(node.section->line).arg(node.path));
    }
    overrides.appendTo(warnings);

    const QString rootName = nodes.first().name.isEmpty() ? fallbackName : nodes.first().name;
    const QString dir = engines::fileDir(context);
    ShapeBuilder builder(resources, warnings);
    // Godot 3 scenes (format=2) measure a capsule's height without its caps.
    const Value format = sections.first().attribute(QStringLiteral("format"));
    builder.setCapsuleHeightIsMiddle(format.kind == Value::Number && format.number <= 2);
    QHash<int, QPair<int, int>> frameOf; // frame node -> (sprite index, frame index)
    engines::LossCounter skippedMetadata;
    engines::LossCounter disabledShapes;
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
                builder.skip(tr("%1 shape node without a shape resource skipped"),
                             tr("%1 shape nodes without a shape resource skipped"), where);
                continue;
            }
            if (shape->text != QLatin1String("SubResource")) {
                builder.skip(tr("%1 shape node whose shape is an external resource skipped"),
                             tr("%1 shape nodes whose shapes are external resources skipped"),
                             where);
                continue;
            }
            shapes = builder.fromResource(shape->argumentText(), toFrame, where);
        } else {
            const Value *buildMode = node.section->property(QStringLiteral("build_mode"));
            if (buildMode && buildMode->kind == Value::Number && buildMode->number == 1) {
                builder.skip(tr("%1 polygon in segments mode skipped (Hitsmith holds closed "
                                "convex shapes)"),
                             tr("%1 polygons in segments mode skipped (Hitsmith holds closed "
                                "convex shapes)"),
                             where);
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
        // Hitsmith has no "inactive" flag: a foreign shape saved disabled keeps the fact as a
        // property (our own export disables the shapes of frames not shown; those come back
        // as the frames they belong to).
        const Value *disabled = node.section->property(QStringLiteral("disabled"));
        const bool isDisabled =
            !ours && !isMarker && disabled && disabled->kind == Value::Bool && disabled->boolean;
        if (isDisabled)
            disabledShapes.add(tr("%1 shape saved with disabled = true imported as active, with "
                                  "the property disabled = true"),
                               tr("%1 shapes saved with disabled = true imported as active, with "
                                  "the property disabled = true"),
                               node.parent < 0 ? node.name : node.path);
        for (Shape &shape : shapes) {
            shape.id = id;
            shape.layer = layer;
            shape.properties = properties;
            if (isDisabled)
                shape.properties.insert(QStringLiteral("disabled"), true);
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
    builder.finish();
    disabledShapes.appendTo(warnings);
    skippedMetadata.appendTo(warnings);
    if (!std::any_of(nodes.begin(), nodes.end(), [](const Node &node) {
            return node.section->property(kMetaFrame) || node.section->property(kMetaSprite);
        }))
        warnAboutShapeTracks(nodes, sections, warnings);
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
        // Godot's editor saves no unused sub-resource, but its loader takes one (tools and
        // hand edits leave them): read the file, and say what a cut file would also show.
        if (const Section *unused = godot::firstUnusedSubResource(sections))
            warnings << tr("line %1: [sub_resource id=\"%2\"] is used by nothing (Godot loads "
                           "such a file; if it was cut short, what followed is missing)")
                            .arg(unused->line)
                            .arg(unused->attribute(QStringLiteral("id")).argumentText());
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
            // A Godot 3 TileSet saved inside the scene (a TileMap's tile_set): the same
            // "N/name", "N/region", "N/shapes" properties as a .tres (Godot 4 tile sets keep
            // their tiles in TileSetAtlasSource sub-resources, read above).
            if (section.tag == QLatin1String("sub_resource") &&
                section.attribute(QStringLiteral("type")).argumentText() ==
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
