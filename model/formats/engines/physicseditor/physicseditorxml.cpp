// PhysicsEditor's XML layouts (AndEngine, libGDX/Box2D, and the libGDX template box2d_pexml
// reads: <bodies>/<body>/<fixtures>/<fixture>/<polygons>/<polygon>) and the sniffing of all
// layouts by their elements.
#include "physicseditorio.h"

#include "enginesupport.h"

#include <QXmlStreamReader>

namespace hitsmith::physicseditor {

using engines::tr;
using xmltree::Element;

namespace {

[[noreturn]] void fail(const Element &at, const QString &context, const QString &message) {
    throw ReadError{at.location() + QStringLiteral(": ") +
                    (context.isEmpty() ? message : context + QStringLiteral(": ") + message)};
}

double number(const Element &at, const QString &context, QStringView text, const QString &what) {
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok)
        fail(at, context,
             tr("%1: \"%2\" is not a number").arg(what, text.trimmed().left(40).toString()));
    if (const std::optional<QString> problem = engines::checkImportedNumber(value))
        fail(at, context, what + QStringLiteral(": ") + *problem);
    return value;
}

double attributeNumber(const Element &at, const QString &context, const QString &name) {
    const QStringView text = at.attribute(name);
    if (text.isNull())
        fail(at, context, tr("<%1> has no %2 attribute").arg(at.name, name));
    return number(at, context, text, tr("attribute %1").arg(name));
}

quint32 bits(const Element &at, const QString &context, QStringView text, const QString &what) {
    const std::optional<quint32> value = parseBits(text);
    if (!value)
        fail(at, context,
             tr("%1: \"%2\" is not a whole number from 0 to 65535 (16 collision bits)")
                 .arg(what, text.left(40).toString()));
    return *value;
}

int group(const Element &at, const QString &context, QStringView text, const QString &what) {
    const std::optional<int> value = parseGroup(text);
    if (!value)
        fail(at, context,
             tr("%1: \"%2\" is not a whole number from -32768 to 32767")
                 .arg(what, text.left(40).toString()));
    return *value;
}

Circle readCircle(const Element &circle, const QString &context) {
    return {QPointF(attributeNumber(circle, context, QStringLiteral("x")),
                    attributeNumber(circle, context, QStringLiteral("y"))),
            attributeNumber(circle, context, QStringLiteral("r"))};
}

void checkMetadata(const Element &root) {
    const Element *metadata = root.child(u"metadata");
    if (!metadata)
        return;
    if (const Element *format = metadata->child(u"format")) {
        if (format->text.trimmed() != QLatin1String("1"))
            fail(*format, QString(),
                 tr("metadata format \"%1\" is not supported (PhysicsEditor writes 1)")
                     .arg(format->text.trimmed().left(40)));
    }
}

/// True when a body keeps its fixtures in <fixtures> (box2d_pexml's layout, 2016).
bool hasFixturesElement(const Element &body) {
    return body.name == QLatin1String("body") && body.child(u"fixtures");
}

QString bodyContext(const Element &body) {
    return tr("body \"%1\"").arg(body.attribute(u"name").toString());
}

} // namespace

QList<Body> readAndEngineXml(const Element &root) {
    if (root.name != QLatin1String("bodydef"))
        fail(root, QString(),
             tr("not a PhysicsEditor AndEngine export (the root element is <%1>, expected "
                "<bodydef>)")
                 .arg(root.name));
    const Element *bodies = root.child(u"bodies");
    if (!bodies) {
        if (root.child(u"body"))
            fail(root, QString(),
                 tr("this is PhysicsEditor's libGDX/Box2D XML (<body> directly under "
                    "<bodydef>); read it with --format box2d-xml"));
        fail(root, QString(), tr("no <bodies> element: no PhysicsEditor bodies found"));
    }
    checkMetadata(root);
    for (const Element &bodyElement : bodies->children)
        if (hasFixturesElement(bodyElement))
            fail(bodyElement, QString(),
                 tr("this is PhysicsEditor's libGDX XML as box2d_pexml reads it (<fixtures> "
                    "under <body>); read it with --format box2d-xml"));
    QList<Body> result;
    for (const Element &bodyElement : bodies->children) {
        if (bodyElement.name != QLatin1String("body"))
            continue;
        Body body;
        body.name = bodyElement.attribute(u"name").toString();
        body.where = tr("line %1").arg(bodyElement.line);
        const QString bodyText = bodyContext(bodyElement);
        int fixtureNumber = 0;
        for (const Element &fixtureElement : bodyElement.children) {
            if (fixtureElement.name != QLatin1String("fixture"))
                continue;
            ++fixtureNumber;
            const QString context = bodyText + tr(", fixture %1").arg(fixtureNumber);
            Fixture fixture;
            fixture.where = tr("line %1").arg(fixtureElement.line);
            fixture.type = fixtureElement.attribute(u"type").toString().toLower();
            const QStringView category = fixtureElement.attribute(u"filter_categoryBits");
            if (!category.isNull())
                fixture.category =
                    bits(fixtureElement, context, category, QStringLiteral("filter_categoryBits"));
            const QStringView mask = fixtureElement.attribute(u"filter_maskBits");
            if (!mask.isNull())
                fixture.mask =
                    bits(fixtureElement, context, mask, QStringLiteral("filter_maskBits"));
            const QStringView groupIndex = fixtureElement.attribute(u"filter_groupIndex");
            if (!groupIndex.isNull())
                fixture.group =
                    group(fixtureElement, context, groupIndex, QStringLiteral("filter_groupIndex"));
            int polygonNumber = 0;
            for (const Element &shape : fixtureElement.children) {
                if (shape.name == QLatin1String("polygon")) {
                    ++polygonNumber;
                    const QString polygonContext = context + tr(", polygon %1").arg(polygonNumber);
                    QList<QPointF> points;
                    for (const Element &vertex : shape.children) {
                        if (vertex.name != QLatin1String("vertex"))
                            continue;
                        const QString vertexContext =
                            polygonContext + tr(", vertex %1").arg(points.size() + 1);
                        points.append(
                            QPointF(attributeNumber(vertex, vertexContext, QStringLiteral("x")),
                                    attributeNumber(vertex, vertexContext, QStringLiteral("y"))));
                    }
                    fixture.polygons.append(points);
                } else if (shape.name == QLatin1String("circle")) {
                    fixture.circles.append(readCircle(shape, context));
                }
            }
            if (fixture.type.isEmpty())
                fixture.type = fixture.circles.isEmpty() ? QStringLiteral("polygon")
                                                         : QStringLiteral("circle");
            body.fixtures.append(fixture);
        }
        result.append(body);
    }
    if (result.isEmpty())
        fail(*bodies, QString(), tr("<bodies> holds no <body>: nothing to import"));
    return result;
}

QList<Body> readBox2dXml(const Element &root) {
    if (root.name != QLatin1String("bodydef"))
        fail(root, QString(),
             tr("not a PhysicsEditor libGDX/Box2D export (the root element is <%1>, expected "
                "<bodydef>)")
                 .arg(root.name));
    // Bodies directly under <bodydef>, or (box2d_pexml's layout) under <bodies>, each with its
    // fixtures in <fixtures> and its polygons in <polygons>.
    const Element *bodies = root.child(u"bodies");
    if (bodies) {
        bool pexml = false;
        for (const Element &body : bodies->children)
            pexml = pexml || hasFixturesElement(body);
        if (!pexml)
            fail(root, QString(),
                 tr("this is PhysicsEditor's AndEngine XML (<bodies> under <bodydef>); read it "
                    "with --format andengine"));
    }
    checkMetadata(root);
    // Children of element, and of its wrapper (<fixtures>, <polygons>) when it has one.
    const auto items = [](const Element &element, QStringView wrapper) {
        QList<const Element *> all;
        for (const Element &child : element.children) {
            if (child.name == wrapper) {
                for (const Element &inner : child.children)
                    all.append(&inner);
            } else {
                all.append(&child);
            }
        }
        return all;
    };
    QList<Body> result;
    for (const Element &bodyElement : (bodies ? bodies : &root)->children) {
        if (bodyElement.name != QLatin1String("body"))
            continue;
        Body body;
        body.name = bodyElement.attribute(u"name").toString();
        body.where = tr("line %1").arg(bodyElement.line);
        const QString bodyText = bodyContext(bodyElement);
        int fixtureNumber = 0;
        for (const Element *fixtureElement : items(bodyElement, u"fixtures")) {
            if (fixtureElement->name != QLatin1String("fixture"))
                continue;
            ++fixtureNumber;
            const QString context = bodyText + tr(", fixture %1").arg(fixtureNumber);
            Fixture fixture;
            fixture.where = tr("line %1").arg(fixtureElement->line);
            int polygonNumber = 0;
            for (const Element *childPointer : items(*fixtureElement, u"polygons")) {
                const Element &child = *childPointer;
                const QStringView name = child.name;
                // The filter in the exporter's spelling, or box2d_pexml's (camelCase).
                if (name == QLatin1String("filter_category_bits") ||
                    name == QLatin1String("filter_categoryBits")) {
                    fixture.category = bits(child, context, child.text, child.name);
                } else if (name == QLatin1String("filter_mask_bits") ||
                           name == QLatin1String("filter_maskBits")) {
                    fixture.mask = bits(child, context, child.text, child.name);
                } else if (name == QLatin1String("filter_group_index") ||
                           name == QLatin1String("filter_groupIndex")) {
                    fixture.group = group(child, context, child.text, child.name);
                } else if (name == QLatin1String("polygon")) {
                    ++polygonNumber;
                    const QString polygonContext = context + tr(", polygon %1").arg(polygonNumber);
                    const QList<QStringView> fields =
                        QStringView(child.text).split(u',', Qt::KeepEmptyParts);
                    if (fields.size() % 2 != 0)
                        fail(child, polygonContext,
                             tr("%1 numbers, expected x, y pairs").arg(fields.size()));
                    QList<QPointF> points;
                    for (qsizetype i = 0; i + 1 < fields.size(); i += 2)
                        points.append(QPointF(number(child, polygonContext, fields[i],
                                                     tr("x of vertex %1").arg(i / 2 + 1)),
                                              number(child, polygonContext, fields[i + 1],
                                                     tr("y of vertex %1").arg(i / 2 + 1))));
                    fixture.polygons.append(points);
                } else if (name == QLatin1String("circle")) {
                    fixture.circles.append(readCircle(child, context));
                }
            }
            fixture.type =
                fixture.circles.isEmpty() ? QStringLiteral("polygon") : QStringLiteral("circle");
            body.fixtures.append(fixture);
        }
        result.append(body);
    }
    if (result.isEmpty())
        fail(root, QString(), tr("<bodydef> holds no <body>: nothing to import"));
    return result;
}

Layout sniffLayout(const QByteArray &bytes) {
    QXmlStreamReader xml(bytes);
    int depth = 0;
    QString root;
    bool inTopDict = false;
    bool sawBodies = false;
    while (!xml.atEnd()) {
        const QXmlStreamReader::TokenType token = xml.readNext();
        if (token == QXmlStreamReader::EndElement) {
            --depth;
            continue;
        }
        if (token != QXmlStreamReader::StartElement)
            continue;
        ++depth;
        const QStringView name = xml.name();
        if (depth == 1) {
            root = name.toString();
            if (root == QLatin1String("tileset") || root == QLatin1String("map"))
                return Layout::TiledTileset; // a map's own tilesets are read too
            if (root != QLatin1String("bodydef") && root != QLatin1String("plist"))
                return Layout::Unknown;
        } else if (root == QLatin1String("bodydef") && depth == 2) {
            if (name == QLatin1String("body"))
                return Layout::Box2dXml;
            sawBodies = sawBodies || name == QLatin1String("bodies");
        } else if (sawBodies && depth == 4) {
            // bodydef/bodies/body/...: AndEngine's <fixture>, or box2d_pexml's <fixtures>.
            if (name == QLatin1String("fixtures"))
                return Layout::Box2dXml;
            if (name == QLatin1String("fixture"))
                return Layout::AndEngineXml;
        } else if (root == QLatin1String("plist") && depth == 2) {
            inTopDict = name == QLatin1String("dict");
        } else if (inTopDict && depth == 3 && name == QLatin1String("key")) {
            if (xml.readElementText().trimmed() == QLatin1String("bodies"))
                return Layout::Cocos2dPlist;
            --depth; // readElementText consumed the end tag
        }
    }
    // A cut or empty <bodydef> goes to the AndEngine reader, which says what is wrong.
    return root == QLatin1String("bodydef") ? Layout::AndEngineXml : Layout::Unknown;
}

} // namespace hitsmith::physicseditor
