// Table tests of the property operations behind the Properties table: parsing typed text,
// converting between types, the document's known names, and the rows for several shapes.
#include "operations/properties.h"

#include <QTest>

#include <limits>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::operations::PropertyType)
Q_DECLARE_METATYPE(std::optional<QJsonValue>)

namespace {

const std::optional<QJsonValue> refused = std::nullopt;

std::optional<QJsonValue> v(const QJsonValue &value) {
    return value;
}

} // namespace

class TestProperties : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parse_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<PropertyType>("type");
        QTest::addColumn<std::optional<QJsonValue>>("expected");
        QTest::newRow("int") << "12" << PropertyType::Number << v(12.0);
        QTest::newRow("spaces") << " -0.5 " << PropertyType::Number << v(-0.5);
        QTest::newRow("not a number") << "abc" << PropertyType::Number << refused;
        QTest::newRow("empty number") << "" << PropertyType::Number << refused;
        QTest::newRow("nan") << "nan" << PropertyType::Number << refused;
        QTest::newRow("inf") << "inf" << PropertyType::Number << refused;
        QTest::newRow("huge") << "1e999" << PropertyType::Number << refused;
        QTest::newRow("string kept as typed") << " fire " << PropertyType::String << v(" fire ");
        QTest::newRow("true") << "True" << PropertyType::Bool << v(true);
        QTest::newRow("yes") << "yes" << PropertyType::Bool << v(true);
        QTest::newRow("0") << "0" << PropertyType::Bool << v(false);
        QTest::newRow("no") << "NO" << PropertyType::Bool << v(false);
        QTest::newRow("maybe") << "maybe" << PropertyType::Bool << refused;
    }

    void parse() {
        QFETCH(QString, text);
        QFETCH(PropertyType, type);
        QFETCH(std::optional<QJsonValue>, expected);
        QCOMPARE(parsedProperty(text, type), expected);
    }

    void convert_data() {
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<PropertyType>("type");
        QTest::addColumn<std::optional<QJsonValue>>("expected");
        QTest::newRow("number to string") << QJsonValue(12.0) << PropertyType::String << v("12");
        QTest::newRow("fraction to string") << QJsonValue(0.1) << PropertyType::String << v("0.1");
        QTest::newRow("number to bool") << QJsonValue(3.0) << PropertyType::Bool << v(true);
        QTest::newRow("zero to bool") << QJsonValue(0.0) << PropertyType::Bool << v(false);
        QTest::newRow("numeric string") << QJsonValue("7.5") << PropertyType::Number << v(7.5);
        QTest::newRow("word to number") << QJsonValue("fire") << PropertyType::Number << refused;
        QTest::newRow("word to bool") << QJsonValue("fire") << PropertyType::Bool << refused;
        QTest::newRow("yes to bool") << QJsonValue("yes") << PropertyType::Bool << v(true);
        QTest::newRow("bool to number") << QJsonValue(true) << PropertyType::Number << v(1.0);
        QTest::newRow("bool to string") << QJsonValue(false) << PropertyType::String << v("false");
        QTest::newRow("same type") << QJsonValue("x") << PropertyType::String << v("x");
    }

    void convert() {
        QFETCH(QJsonValue, value);
        QFETCH(PropertyType, type);
        QFETCH(std::optional<QJsonValue>, expected);
        QCOMPARE(convertedProperty(value, type), expected);
    }

    void typeAndText() {
        QCOMPARE(propertyType(QJsonValue(1.0)), PropertyType::Number);
        QCOMPARE(propertyType(QJsonValue(false)), PropertyType::Bool);
        QCOMPARE(propertyType(QJsonValue("a")), PropertyType::String);
        QCOMPARE(propertyText(QJsonValue(12.0)), QStringLiteral("12"));
        QCOMPARE(propertyText(QJsonValue(-2.25)), QStringLiteral("-2.25"));
        QCOMPARE(propertyText(QJsonValue(true)), QStringLiteral("true"));
    }

    void knownNames() {
        DocumentData data;
        Sprite sprite;
        Frame frame;
        frame.properties = {{"sound", "swing"}};
        Shape blade = Shape::circle("blade", {0, 0}, 1);
        blade.properties = {{"damage", 12}, {"knockback", 3}};
        Shape fist = Shape::circle("fist", {0, 0}, 1);
        fist.properties = {{"damage", 4}};
        frame.shapes = {blade, fist};
        sprite.frames = {frame, Frame{}};
        data.sprites = {sprite, sprite};
        QCOMPARE(knownPropertyNames(data), (QStringList{"damage", "knockback", "sound"}));
        QCOMPARE(knownPropertyNames(DocumentData{}), QStringList{});
    }

    void common_data() {
        QTest::addColumn<QList<QJsonObject>>("objects");
        QTest::addColumn<QList<CommonProperty>>("expected");
        const QJsonValue none(QJsonValue::Undefined);
        QTest::newRow("one object")
            << QList<QJsonObject>{{{"b", 2}, {"a", "x"}}}
            << QList<CommonProperty>{{"a", "x", false, 1}, {"b", 2, false, 1}};
        QTest::newRow("equal values") << QList<QJsonObject>{{{"damage", 12}}, {{"damage", 12}}}
                                      << QList<CommonProperty>{{"damage", 12, false, 2}};
        QTest::newRow("different values")
            << QList<QJsonObject>{{{"damage", 12}}, {{"damage", 4}}, {{"damage", 12}}}
            << QList<CommonProperty>{{"damage", none, true, 3}};
        QTest::newRow("not on every object")
            << QList<QJsonObject>{{{"damage", 12}, {"hitstun", 5}}, {{"damage", 12}}}
            << QList<CommonProperty>{{"damage", 12, false, 2}, {"hitstun", none, true, 1}};
        QTest::newRow("same text, other type") << QList<QJsonObject>{{{"k", 1}}, {{"k", "1"}}}
                                               << QList<CommonProperty>{{"k", none, true, 2}};
        QTest::newRow("nothing") << QList<QJsonObject>{{}, {}} << QList<CommonProperty>{};
    }

    void common() {
        QFETCH(QList<QJsonObject>, objects);
        QFETCH(QList<CommonProperty>, expected);
        QCOMPARE(commonProperties(objects), expected);
    }
};

QTEST_APPLESS_MAIN(TestProperties)
#include "tst_model_operations_properties.moc"
