#include "matterformat.h"

#include "animationloss.h"
#include "asepriteformat.h"
#include "enginesupport.h"
#include "jsonsupport.h"
#include "validation.h"

#include <QFileInfo>
#include <QMap>

#include <cmath>

namespace hitsmith {

using engines::tr;

namespace {

using engines::checkedNumber;

const QString kGeneratorInfo = QStringLiteral("generator_info");
const QString kLayer = QStringLiteral("layer");
const QString kSprite = QStringLiteral("sprite");
const QString kFrame = QStringLiteral("frame");
/// Shape properties on the fixture, frame properties on the body: Phaser's PhysicsEditorParser
/// copies a fixture's other keys onto its Matter part and the body's onto the body, so a game
/// reads part.properties.damage.
const QString kProperties = QStringLiteral("properties");

/// The number, string and boolean members of owner's "properties"; others are counted in skipped.
QJsonObject readProperties(const json::Cursor &owner, const QString &where,
                           engines::LossCounter *skipped) {
    QJsonObject properties;
    if (!owner.has(kProperties))
        return properties;
    const QJsonObject object = owner[kProperties].object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key().isEmpty()) // a Hitsmith document cannot hold it (it would not reopen)
            skipped->add(tr("%1 property has no name; not imported"),
                         tr("%1 properties have no name; not imported"), where);
        else if (it.value().isDouble() || it.value().isString() || it.value().isBool())
            properties.insert(it.key(), it.value());
        else
            skipped->add(tr("%1 property is not a number, string or boolean; not imported"),
                         tr("%1 properties are not numbers, strings or booleans; not imported"),
                         where + u'/' + it.key());
    }
    return properties;
}

QJsonObject filter(quint32 category, quint32 mask) {
    return {{QStringLiteral("group"), 0},
            {QStringLiteral("category"), double(category)},
            {QStringLiteral("mask"), double(mask)}};
}

} // namespace

bool isPhaser2Json(const QJsonObject &root) {
    for (auto it = root.begin(); it != root.end(); ++it) {
        const QJsonArray fixtures = it.value().toArray();
        if (!fixtures.isEmpty() && fixtures.first().toObject().contains(QStringLiteral("shape")))
            return true;
    }
    return false;
}

namespace {

QPointF checkedPoint(const json::Cursor &c) {
    c.object();
    return {checkedNumber(c[QStringLiteral("x")]), checkedNumber(c[QStringLiteral("y")])};
}

/// A 32-bit collision bit field.
quint32 bitsOf(const json::Cursor &c) {
    const double value = c.number();
    if (value < 0 || value > 4294967295.0 || value != std::floor(value))
        c.fail(tr("must be a whole number from 0 to 4294967295 (32 collision bits)"));
    return quint32(value);
}

} // namespace

QString MatterFormat::name() const {
    return QStringLiteral("matter");
}
QString MatterFormat::displayName() const {
    return tr("Phaser 3 / Matter.js bodies (PhysicsEditor JSON)");
}
QStringList MatterFormat::extensions() const {
    return {QStringLiteral("json")};
}
FileFormat::Capabilities MatterFormat::capabilities() const {
    return CanRead | CanWrite;
}

QString MatterFormat::bodyKey(const DocumentData &document, const Sprite &sprite,
                              const Frame &frame) {
    return document.sprites.size() == 1 ? frame.name : sprite.name + u'/' + frame.name;
}

QStringList MatterFormat::exportWarnings(const DocumentData &document) const {
    QStringList warnings = engines::invalidShapeWarnings(document);
    engines::LossCounter losses;
    bool anyCircle = false, anyShape = false, anyFrameData = false;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            anyFrameData = anyFrameData || frame.origin || frame.source;
            for (const Shape &shape : frame.shapes) {
                if (!isCollidable(shape))
                    continue;
                anyShape = true;
                anyCircle = anyCircle || shape.type == ShapeType::Circle;
                if (shape.type == ShapeType::Rect) {
                    const QString where = engines::shapeLocation(sprite.name, frame.name, shape.id);
                    if (shape.angle != 0.0)
                        losses.add(tr("%1 rotated rectangle written as a polygon (Matter "
                                      "fixtures are vertices or circles)"),
                                   tr("%1 rotated rectangles written as polygons (Matter "
                                      "fixtures are vertices or circles)"),
                                   where);
                    else
                        losses.add(tr("%1 rectangle written as a polygon (Matter fixtures are "
                                      "vertices or circles)"),
                                   tr("%1 rectangles written as polygons (Matter fixtures are "
                                      "vertices or circles)"),
                                   where);
                }
                if (shape.type == ShapeType::Capsule)
                    losses.add(tr("%1 capsule written as a polygon (every point within 0.5 px "
                                  "of the capsule; Matter fixtures are vertices or circles)"),
                               tr("%1 capsules written as polygons (every point within 0.5 px "
                                  "of the capsule; Matter fixtures are vertices or circles)"),
                               engines::shapeLocation(sprite.name, frame.name, shape.id));
            }
        }
    }
    losses.appendTo(&warnings);
    if (anyShape)
        warnings << tr("Matter.js re-centres every body on its centre of mass: Phaser's "
                       "PhysicsEditor loader puts that point, not the frame's top-left corner, at "
                       "the position you give (Phaser sets the sprite origin from "
                       "body.centerOffset); other loaders must subtract it themselves");
    if (anyCircle)
        warnings << tr("Matter.js builds circles as polygons of 10 to 26 sides "
                       "(Bodies.circle), inside the circle by up to 5% of the radius (under 1% "
                       "from a radius of 25 px): hits that close to touching can differ");
    if (anyFrameData)
        warnings << tr("frame origins and source rectangles are not stored in Matter bodies");
    warnings << engines::LayerBits(document).warnings();
    warnings << engines::animationLossWarnings(document, tr("Matter bodies"),
                                               engines::KeptAnimationData::Properties);
    warnings << engines::pointLossWarnings(document, tr("Matter bodies"));
    warnings << engines::motionLossWarnings(document, tr("Matter bodies"));
    return warnings;
}

WriteResult MatterFormat::write(const DocumentData &document, const FormatContext &,
                                const WriteOptions &options) const {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    const QStringList warnings = exportWarnings(document);
    for (const QString &warning : warnings) {
        if (!result.warnings.contains(warning))
            result.warnings << warning;
    }
    const engines::LayerBits bits(document);
    QJsonObject root{{kGeneratorInfo, QStringLiteral("Hitsmith (PhysicsEditor Phaser/Matter "
                                                     "layout): one body per frame")}};
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            const QString key = bodyKey(document, sprite, frame);
            if (root.contains(key)) {
                result.error = tr("%1/%2: two frames map to the same body \"%3\"")
                                   .arg(sprite.name, frame.name, key);
                result.bytes.clear();
                return result;
            }
            QJsonArray fixtures;
            quint32 bodyCategory = 0, bodyMask = 0;
            for (const Shape &shape : frame.shapes) {
                if (!isCollidable(shape))
                    continue;
                const quint32 category = bits.category(shape.layer);
                const quint32 mask = bits.mask(shape.layer);
                bodyCategory |= category;
                bodyMask |= mask;
                QJsonObject fixture{{QStringLiteral("label"), shape.id},
                                    {kLayer, shape.layer},
                                    {QStringLiteral("isSensor"), true},
                                    {QStringLiteral("collisionFilter"), filter(category, mask)}};
                if (!shape.properties.isEmpty())
                    fixture.insert(kProperties, shape.properties);
                if (shape.type == ShapeType::Circle) {
                    fixture.insert(QStringLiteral("circle"),
                                   QJsonObject{{QStringLiteral("x"), shape.center.x()},
                                               {QStringLiteral("y"), shape.center.y()},
                                               {QStringLiteral("radius"), shape.radius}});
                } else {
                    QJsonArray vertices;
                    for (QPointF p : engines::polygonPoints(shape))
                        vertices.append(QJsonObject{{QStringLiteral("x"), p.x()},
                                                    {QStringLiteral("y"), p.y()}});
                    // One convex piece: an array holding the array. Not QJsonArray{vertices},
                    // which clang reads as a copy and GCC as a one-element list.
                    QJsonArray pieces;
                    pieces.append(vertices);
                    fixture.insert(QStringLiteral("vertices"), pieces);
                }
                fixtures.append(fixture);
            }
            QJsonObject body{{QStringLiteral("type"), QStringLiteral("fromPhysicsEditor")},
                             {QStringLiteral("label"), key},
                             {QStringLiteral("isStatic"), false},
                             {kSprite, sprite.name},
                             {kFrame, frame.name},
                             {QStringLiteral("collisionFilter"), filter(bodyCategory, bodyMask)},
                             {QStringLiteral("fixtures"), fixtures}};
            if (!frame.properties.isEmpty())
                body.insert(kProperties, frame.properties);
            root.insert(key, body);
        }
    }
    result.bytes = QJsonDocument(root).toJson(QJsonDocument::Indented);
    return result;
}

ReadResult MatterFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &result.error);
    if (!parsed)
        return result;
    if (!parsed->isObject()) {
        result.error = tr("expected a JSON object of bodies at the top level");
        return result;
    }
    try {
        const json::Cursor root(parsed->object());
        const QJsonObject object = root.object();
        DocumentData document;
        const QString fileSprite = context.filePath.isEmpty()
                                       ? QStringLiteral("bodies")
                                       : QFileInfo(context.filePath).completeBaseName();
        QMap<QString, engines::LayerFilter> layerFilters;
        bool everyFixtureHasLayer = true, anyBody = false;
        engines::LossCounter skippedProperties;
        // Bodies in file order (PhysicsEditor writes them in its list's order).
        QStringList keys = jsonMemberKeysInOrder(bytes, QString());
        if (keys.size() != object.size())
            keys = object.keys();
        for (const QString &key : keys) {
            if (key == kGeneratorInfo)
                continue;
            const json::Cursor body = root[key];
            if (!body.value().isObject() || !body.has(QStringLiteral("fixtures"))) {
                result.warnings
                    << tr("%1: not a PhysicsEditor body (no \"fixtures\"); skipped").arg(key);
                continue;
            }
            anyBody = true;
            // Our exports name the sprite and frame; PhysicsEditor's key is the frame.
            QString spriteName = fileSprite, frameName = key;
            if (body.has(kSprite))
                spriteName = body[kSprite].string();
            if (body.has(kFrame))
                frameName = body[kFrame].string();
            qsizetype spriteIndex = document.indexOfSprite(spriteName);
            if (spriteIndex < 0) {
                document.sprites.append(Sprite{spriteName, {}, {}, {}, {}, {}});
                spriteIndex = document.sprites.size() - 1;
            }
            Frame frame;
            frame.name = frameName;
            frame.properties = readProperties(body, key, &skippedProperties);
            const json::Cursor fixtures = body[QStringLiteral("fixtures")];
            const qsizetype count = fixtures.size();
            for (qsizetype i = 0; i < count; ++i) {
                const json::Cursor fixture = fixtures[i];
                fixture.object();
                Shape shape;
                if (fixture.has(QStringLiteral("label")))
                    shape.id = fixture[QStringLiteral("label")].string();
                shape.properties = readProperties(
                    fixture, key + QStringLiteral("/fixture-%1").arg(i + 1), &skippedProperties);
                if (fixture.has(kLayer))
                    shape.layer = fixture[kLayer].string();
                else
                    everyFixtureHasLayer = false;
                if (fixture.has(QStringLiteral("collisionFilter"))) {
                    const json::Cursor f = fixture[QStringLiteral("collisionFilter")];
                    f.object();
                    engines::LayerFilter &lf = layerFilters[shape.layer];
                    if (f.has(QStringLiteral("category")))
                        lf.category |= bitsOf(f[QStringLiteral("category")]);
                    if (f.has(QStringLiteral("mask")))
                        lf.mask |= bitsOf(f[QStringLiteral("mask")]);
                } else {
                    everyFixtureHasLayer = false;
                }
                const QString fallback = QStringLiteral("fixture-%1").arg(i + 1);
                if (fixture.has(QStringLiteral("circle"))) {
                    const json::Cursor circle = fixture[QStringLiteral("circle")];
                    circle.object();
                    shape.type = ShapeType::Circle;
                    shape.center = checkedPoint(circle);
                    shape.radius = checkedNumber(circle[QStringLiteral("radius")]);
                    engines::appendWithUniqueId(frame, shape, fallback);
                } else if (fixture.has(QStringLiteral("vertices"))) {
                    const json::Cursor pieces = fixture[QStringLiteral("vertices")];
                    const qsizetype pieceCount = pieces.size();
                    for (qsizetype p = 0; p < pieceCount; ++p) {
                        const json::Cursor piece = pieces[p];
                        Shape part = shape;
                        part.type = ShapeType::Polygon;
                        const qsizetype vertexCount = piece.size();
                        for (qsizetype v = 0; v < vertexCount; ++v)
                            part.points.append(checkedPoint(piece[v]));
                        engines::appendWithUniqueId(frame, part, fallback);
                    }
                } else {
                    fixture.fail(tr("has neither \"vertices\" nor \"circle\""));
                }
            }
            document.sprites[spriteIndex].frames.append(frame);
        }
        if (!anyBody) {
            if (isPhaser2Json(object))
                root.fail(tr("this is PhysicsEditor's Phaser 2 (P2) JSON (bodies as lists of "
                             "\"shape\" fixtures), which Hitsmith does not read; export the "
                             "bodies with PhysicsEditor's Phaser 3 (Matter) exporter"));
            root.fail(tr("no PhysicsEditor bodies found (objects with \"fixtures\")"));
        }
        skippedProperties.appendTo(&result.warnings);
        // Our own exports carry each fixture's layer: rebuild the collision matrix from the bits.
        if (everyFixtureHasLayer && !layerFilters.isEmpty()) {
            if (std::optional<QList<LayerPair>> pairs = engines::collideFromFilters(layerFilters))
                document.collide = *pairs;
        }
        result.document = document;
    } catch (const json::SchemaError &error) {
        result.error = error.toString();
        result.warnings.clear();
    }
    return result;
}

} // namespace hitsmith
