// Reading Godot tile sets: Godot 4 TileSetAtlasSource physics polygons and Godot 3 TileSet
// resources, a frame per tile.
#include "godotreading.h"

#include "validation.h"

#include <QDir>
#include <QMap>
#include <QRegularExpression>

namespace hitsmith::godot {

using engines::tr;

/// res:// is the project's root, the folder of project.godot: the nearest one at or above the
/// file's folder (the file's folder itself when there is none: a scene copied out alone).
static QString projectRoot(const QString &fileDir) {
    if (fileDir.isEmpty())
        return fileDir;
    QDir dir(fileDir);
    for (int depth = 0; depth < 64; ++depth) {
        if (dir.exists(QStringLiteral("project.godot")))
            return dir.absolutePath();
        if (!dir.cdUp())
            break;
    }
    return fileDir;
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
        QString from = engines::fileDir(context);
        if (path.startsWith(QLatin1String("res://"))) {
            path = path.mid(6);
            from = projectRoot(from);
        }
        sprite.image =
            path.isEmpty() ? QString() : engines::rebasePath(path, from, context.documentDir);
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
            // Godot's get_tile_texture_region: a tile spans size_in_atlas cells (and the
            // separations between them); draw_tile centres the region on the tile's position,
            // moved by the alternative's texture_origin, where the polygons' (0, 0) lies.
            QPointF cells(1, 1), textureOrigin;
            const QString tile = QStringLiteral("%1:%2/").arg(x).arg(y);
            if (const Value *v = section.property(tile + QStringLiteral("size_in_atlas")))
                cells = pointOf(*v, where + u' ' + tile + QStringLiteral("size_in_atlas"));
            if (!(cells.x() >= 1 && cells.y() >= 1 && cells.x() <= 4096 && cells.y() <= 4096))
                throw GodotError{
                    tr("%1 %2size_in_atlas: must be 1 to 4096 cells a side").arg(where, tile)};
            const QString originKey = tile + alternative + QStringLiteral("/texture_origin");
            if (const Value *v = section.property(originKey))
                textureOrigin = pointOf(*v, where + u' ' + originKey);
            const QSizeF size(regionSize.x() * cells.x() + separation.x() * (cells.x() - 1),
                              regionSize.y() * cells.y() + separation.y() * (cells.y() - 1));
            Frame frame;
            frame.name = frameName;
            frame.source = QRectF(QPointF(margins.x() + x * (regionSize.x() + separation.x()),
                                          margins.y() + y * (regionSize.y() + separation.y())),
                                  size);
            frame.origin = QPointF(size.width() / 2 + textureOrigin.x(),
                                   size.height() / 2 + textureOrigin.y());
            // Sources become whole pixels (QRectF::toAlignedRect): keep them in range.
            for (double edge : {frame.source->right(), frame.source->bottom()})
                if (const std::optional<QString> problem = engines::checkImportedNumber(edge))
                    throw GodotError{
                        tr("%1 tile %2:%3: its region %4").arg(where).arg(x).arg(y).arg(*problem)};
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
    for (int n = 2; document->indexOfSprite(sprite.name) >= 0; ++n) // several embedded sets
        sprite.name = QStringLiteral("tileset-%1").arg(n);
    static const QRegularExpression key(QStringLiteral(R"(^(\d+)/(name|region|shapes)$)"));
    QMap<int, Frame> frames;
    ShapeBuilder builder(resources, warnings);
    engines::LossCounter subTiles;
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
                            subTiles.add(tr("%1 autotile sub-tile's shapes are placed in its "
                                            "tile's first sub-tile"),
                                         tr("%1 autotile sub-tiles' shapes are placed in their "
                                            "tile's first sub-tile"),
                                         tr("%1 (%2, %3)").arg(where).arg(c.x()).arg(c.y()));
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
    builder.finish();
    subTiles.appendTo(warnings);
    for (const Frame &frame : frames) {
        if (!frame.shapes.isEmpty())
            sprite.frames.append(frame);
    }
    if (!sprite.frames.isEmpty())
        document->sprites.append(sprite);
}

} // namespace hitsmith::godot
