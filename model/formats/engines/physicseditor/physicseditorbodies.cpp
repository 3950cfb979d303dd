#include "physicseditorbodies.h"

#include "enginesupport.h"

#include <QMap>

namespace hitsmith::physicseditor {

using engines::tr;

namespace {

QString layerName(const Fixture &fixture) {
    if (fixture.category)
        return QStringLiteral("category-%1").arg(*fixture.category);
    return fixture.type.isEmpty() ? QStringLiteral("default") : fixture.type;
}

QPointF toHitsmith(QPointF p, YAxis yAxis) {
    // -0.0 would print as "-0" in exports; a flipped 0 stays 0.
    return yAxis == YAxis::Up ? QPointF(p.x(), p.y() == 0.0 ? 0.0 : -p.y()) : p;
}

} // namespace

DocumentData toDocument(const QList<Body> &bodies, YAxis yAxis, QStringList *warnings) {
    DocumentData document;
    engines::LossCounter losses;
    engines::UniqueNames spriteNames(QStringLiteral("-"));
    QMap<QString, engines::LayerFilter> filters;
    bool everyFixtureFiltered = true;
    for (const Body &body : bodies) {
        Sprite sprite;
        sprite.name = spriteNames.take(body.name.isEmpty() ? QStringLiteral("body") : body.name);
        if (sprite.name != body.name)
            losses.add(tr("%1 body with a name already used (or none) renamed"),
                       tr("%1 bodies with a name already used (or none) renamed"),
                       body.where + QStringLiteral(" -> ") + sprite.name);
        Frame frame;
        frame.name = sprite.name;
        frame.origin = QPointF(0, 0); // the body's origin: its anchor point or the image centre
        frame.extra = body.extra;
        for (qsizetype f = 0; f < body.fixtures.size(); ++f) {
            const Fixture &fixture = body.fixtures[f];
            const QString layer = layerName(fixture);
            if (fixture.category && fixture.mask) {
                engines::LayerFilter &filter = filters[layer];
                filter.category |= *fixture.category;
                filter.mask |= *fixture.mask;
            } else {
                everyFixtureFiltered = false;
            }
            if (fixture.group != 0)
                losses.add(tr("%1 fixture with a collision group index imported without it "
                              "(Hitsmith pairs layers only)"),
                           tr("%1 fixtures with a collision group index imported without it "
                              "(Hitsmith pairs layers only)"),
                           sprite.name + u'/' + fixture.where);
            const QString fallback = QStringLiteral("fixture-%1").arg(f + 1);
            const QString base = fixture.id.isEmpty() ? fallback : fixture.id;
            for (const QList<QPointF> &polygon : fixture.polygons) {
                QList<QPointF> points;
                for (QPointF p : polygon)
                    points.append(toHitsmith(p, yAxis));
                engines::appendWithUniqueId(frame, Shape::polygon(base, points, layer), fallback);
            }
            for (const Circle &circle : fixture.circles)
                engines::appendWithUniqueId(
                    frame,
                    Shape::circle(base, toHitsmith(circle.center, yAxis), circle.radius, layer),
                    fallback);
        }
        sprite.frames.append(frame);
        document.sprites.append(sprite);
    }
    // Box2D: two fixtures collide when each one's mask has the other's category. The matrix is
    // kept only when it says something (PhysicsEditor's default 1/65535 pairs everything).
    if (everyFixtureFiltered && !filters.isEmpty()) {
        if (std::optional<QList<LayerPair>> pairs = engines::collideFromFilters(filters))
            document.collide = *pairs;
    }
    losses.appendTo(warnings);
    return document;
}

std::optional<quint32> parseBits(QStringView text) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < -32768 || value > 65535)
        return std::nullopt;
    return quint32(value) & 0xffffu;
}

std::optional<int> parseGroup(QStringView text) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    if (!ok || value < -32768 || value > 32767)
        return std::nullopt;
    return value;
}

} // namespace hitsmith::physicseditor
