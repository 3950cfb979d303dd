// PhysicsEditor's cocos2d-x Box2D plist (the layout GB2ShapeCache reads): an Apple XML property
// list whose top dictionary has "metadata" {format, ptm_ratio} and "bodies" {name -> body}.
#include "physicseditorio.h"

#include "enginesupport.h"

#include <QJsonArray>

namespace hitsmith::physicseditor {

using engines::tr;
using xmltree::Element;

namespace {

[[noreturn]] void fail(const Element &at, const QString &path, const QString &message) {
    throw ReadError{at.location() + QStringLiteral(": ") + path + QStringLiteral(": ") + message};
}

/// A plist <dict>'s entries, in file order.
QList<std::pair<QString, const Element *>> entries(const Element &dict, const QString &path) {
    if (dict.name != QLatin1String("dict"))
        fail(dict, path, tr("expected a <dict>, found <%1>").arg(dict.name));
    QList<std::pair<QString, const Element *>> result;
    for (qsizetype i = 0; i < dict.children.size(); i += 2) {
        const Element &key = dict.children[i];
        if (key.name != QLatin1String("key"))
            fail(key, path, tr("expected a <key>, found <%1>").arg(key.name));
        if (i + 1 >= dict.children.size())
            fail(key, path, tr("key \"%1\" has no value").arg(key.text.left(40)));
        result.append({key.text, &dict.children[i + 1]});
    }
    return result;
}

const Element *value(const QList<std::pair<QString, const Element *>> &dict, QLatin1String key) {
    for (const auto &[name, element] : dict) {
        if (name == key)
            return element;
    }
    return nullptr;
}

const Element &required(const QList<std::pair<QString, const Element *>> &dict, const Element &at,
                        QLatin1String key, const QString &path) {
    const Element *element = value(dict, key);
    if (!element)
        fail(at, path, tr("no \"%1\"").arg(key));
    return *element;
}

/// <string>, <real> and <integer> all hold text; cocos2d-x reads every one as a string.
QString scalar(const Element &element, const QString &path) {
    if (element.name != QLatin1String("string") && element.name != QLatin1String("real") &&
        element.name != QLatin1String("integer"))
        fail(element, path, tr("expected a number or string, found <%1>").arg(element.name));
    return element.text.trimmed();
}

double number(const Element &element, const QString &path) {
    const QString text = scalar(element, path);
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok)
        fail(element, path, tr("\"%1\" is not a number").arg(text.left(40)));
    if (const std::optional<QString> problem = engines::checkImportedNumber(v))
        fail(element, path, *problem);
    return v;
}

/// CCPointFromString's "{x,y}" (PhysicsEditor writes "{ 12.0000,-3.5000 }").
QPointF point(const Element &element, const QString &path) {
    const QString text = scalar(element, path);
    const QStringList xy = text.size() >= 2 && text.startsWith(u'{') && text.endsWith(u'}')
                               ? text.mid(1, text.size() - 2).split(u',')
                               : QStringList();
    bool okX = false, okY = false;
    double x = 0, y = 0;
    if (xy.size() == 2) {
        x = xy[0].trimmed().toDouble(&okX);
        y = xy[1].trimmed().toDouble(&okY);
    }
    if (!okX || !okY)
        fail(element, path, tr("\"%1\" is not a point \"{ x,y }\"").arg(text.left(40)));
    for (double v : {x, y}) {
        if (const std::optional<QString> problem = engines::checkImportedNumber(v))
            fail(element, path, *problem);
    }
    return {x, y};
}

template <typename Parse> auto field(const Element &element, const QString &path, Parse parse) {
    const QString text = scalar(element, path);
    const auto parsed = parse(QStringView(text));
    if (!parsed)
        fail(element, path, tr("\"%1\" is not a valid value here").arg(text.left(40)));
    return *parsed;
}

/// A cocos2d-x v3 bit mask: 0 to 4294967295 (a negative int32 is the same bits).
std::optional<quint32> parseMask32(QStringView text) {
    bool ok = false;
    const qint64 value = text.trimmed().toLongLong(&ok);
    if (!ok || value < -2147483648LL || value > 4294967295LL)
        return std::nullopt;
    return quint32(value);
}

std::optional<int> parseGroup32(QStringView text) {
    bool ok = false;
    const int value = text.trimmed().toInt(&ok);
    return ok ? std::optional<int>(value) : std::nullopt;
}

Fixture readFixture(const Element &element, const QString &path) {
    const auto dict = entries(element, path);
    Fixture fixture;
    fixture.where = path;
    if (const Element *id = value(dict, QLatin1String("id")))
        fixture.id = scalar(*id, path + QStringLiteral("/id"));
    if (const Element *category = value(dict, QLatin1String("filter_categoryBits")))
        fixture.category =
            field(*category, path + QStringLiteral("/filter_categoryBits"), parseBits);
    if (const Element *mask = value(dict, QLatin1String("filter_maskBits")))
        fixture.mask = field(*mask, path + QStringLiteral("/filter_maskBits"), parseBits);
    if (const Element *group = value(dict, QLatin1String("filter_groupIndex")))
        fixture.group = field(*group, path + QStringLiteral("/filter_groupIndex"), parseGroup);
    // PhysicsEditor's cocos2d-x v3 exporter (PhysicsShapeCache, the engine's own physics):
    // 32-bit category and collision masks and a group, under other names. contact_test_mask
    // only asks for contact callbacks: no bearing on what collides.
    if (const Element *category = value(dict, QLatin1String("category_mask")))
        fixture.category = field(*category, path + QStringLiteral("/category_mask"), parseMask32);
    if (const Element *mask = value(dict, QLatin1String("collision_mask")))
        fixture.mask = field(*mask, path + QStringLiteral("/collision_mask"), parseMask32);
    if (const Element *group = value(dict, QLatin1String("group")))
        fixture.group = field(*group, path + QStringLiteral("/group"), parseGroup32);
    const QString typePath = path + QStringLiteral("/fixture_type");
    const QString type =
        scalar(required(dict, element, QLatin1String("fixture_type"), path), typePath);
    fixture.type = type.toLower();
    if (type == QLatin1String("POLYGON")) {
        const QString polygonsPath = path + QStringLiteral("/polygons");
        const Element &polygons = required(dict, element, QLatin1String("polygons"), path);
        if (polygons.name != QLatin1String("array"))
            fail(polygons, polygonsPath, tr("expected an <array>, found <%1>").arg(polygons.name));
        for (qsizetype p = 0; p < polygons.children.size(); ++p) {
            const Element &polygon = polygons.children[p];
            const QString polygonPath = polygonsPath + QStringLiteral("[%1]").arg(p);
            if (polygon.name != QLatin1String("array"))
                fail(polygon, polygonPath, tr("expected an <array>, found <%1>").arg(polygon.name));
            QList<QPointF> points;
            for (qsizetype v = 0; v < polygon.children.size(); ++v)
                points.append(
                    point(polygon.children[v], polygonPath + QStringLiteral("[%1]").arg(v)));
            fixture.polygons.append(points);
        }
    } else if (type == QLatin1String("CIRCLE")) {
        const QString circlePath = path + QStringLiteral("/circle");
        const Element &circle = required(dict, element, QLatin1String("circle"), path);
        const auto circleDict = entries(circle, circlePath);
        // Exports write the centre as circle/position, which the cocos2d-x loaders read; the
        // Objective-C GB2ShapeCache of PhysicsEditor-Loaders reads a "center" beside "circle"
        // instead, so a file written for it has that: taken when there is no position.
        const Element *position = value(circleDict, QLatin1String("position"));
        const Element *center = position ? nullptr : value(dict, QLatin1String("center"));
        const QPointF at =
            center ? point(*center, path + QStringLiteral("/center"))
                   : point(required(circleDict, circle, QLatin1String("position"), circlePath),
                           circlePath + QStringLiteral("/position"));
        fixture.circles.append(
            {at, number(required(circleDict, circle, QLatin1String("radius"), circlePath),
                        circlePath + QStringLiteral("/radius"))});
    } else {
        fail(element, typePath,
             tr("unknown fixture type \"%1\" (expected POLYGON or CIRCLE)").arg(type.left(40)));
    }
    return fixture;
}

} // namespace

QList<Body> readCocos2dPlist(const Element &root) {
    if (root.name != QLatin1String("plist"))
        fail(root, QStringLiteral("/"),
             tr("not a property list (the root element is <%1>, expected <plist>)").arg(root.name));
    if (root.children.size() != 1)
        fail(root, QStringLiteral("/"), tr("a <plist> holds exactly one value"));
    const Element &top = root.children.first();
    const auto topDict = entries(top, QString());
    if (const Element *metadata = value(topDict, QLatin1String("metadata"))) {
        const auto metadataDict = entries(*metadata, QStringLiteral("metadata"));
        if (const Element *format = value(metadataDict, QLatin1String("format"))) {
            const QString text = scalar(*format, QStringLiteral("metadata/format"));
            if (text != QLatin1String("1"))
                fail(*format, QStringLiteral("metadata/format"),
                     tr("format \"%1\" is not supported (PhysicsEditor writes 1)")
                         .arg(text.left(40)));
        }
    }
    const Element *bodies = value(topDict, QLatin1String("bodies"));
    if (!bodies)
        fail(top, QString(),
             tr("no \"bodies\": not a PhysicsEditor cocos2d-x plist (a sprite sheet plist has "
                "\"frames\")"));
    QList<Body> result;
    for (const auto &[name, bodyElement] : entries(*bodies, QStringLiteral("bodies"))) {
        const QString path = QStringLiteral("bodies/") + name;
        const auto bodyDict = entries(*bodyElement, path);
        Body body;
        body.name = name;
        body.where = path;
        if (const Element *anchor = value(bodyDict, QLatin1String("anchorpoint"))) {
            const QPointF a = point(*anchor, path + QStringLiteral("/anchorpoint"));
            body.extra.insert(
                QStringLiteral("physicseditor"),
                QJsonObject{{QStringLiteral("anchorpoint"), QJsonArray{a.x(), a.y()}}});
        }
        const QString fixturesPath = path + QStringLiteral("/fixtures");
        const Element &fixtures = required(bodyDict, *bodyElement, QLatin1String("fixtures"), path);
        if (fixtures.name != QLatin1String("array"))
            fail(fixtures, fixturesPath, tr("expected an <array>, found <%1>").arg(fixtures.name));
        for (qsizetype f = 0; f < fixtures.children.size(); ++f)
            body.fixtures.append(
                readFixture(fixtures.children[f], fixturesPath + QStringLiteral("[%1]").arg(f)));
        result.append(body);
    }
    if (result.isEmpty())
        fail(*bodies, QStringLiteral("bodies"), tr("no bodies: nothing to import"));
    return result;
}

} // namespace hitsmith::physicseditor
