#include "properties.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace hitsmith::operations {

PropertyType propertyType(const QJsonValue &value) {
    if (value.isDouble())
        return PropertyType::Number;
    if (value.isBool())
        return PropertyType::Bool;
    return PropertyType::String;
}

QString propertyText(const QJsonValue &value) {
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 16); // 16 digits: 0.1 shows as 0.1
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return value.toString();
}

std::optional<QJsonValue> parsedProperty(const QString &text, PropertyType type) {
    switch (type) {
    case PropertyType::String:
        return QJsonValue(text);
    case PropertyType::Number: {
        bool ok = false;
        const double number = text.trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(number))
            return std::nullopt;
        return propertyNumber(number);
    }
    case PropertyType::Bool: {
        const QString word = text.trimmed().toLower();
        if (word == QLatin1String("true") || word == QLatin1String("yes") || word == u'1')
            return QJsonValue(true);
        if (word == QLatin1String("false") || word == QLatin1String("no") || word == u'0')
            return QJsonValue(false);
        return std::nullopt;
    }
    }
    return std::nullopt;
}

std::optional<QJsonValue> convertedProperty(const QJsonValue &value, PropertyType type) {
    if (propertyType(value) == type)
        return value;
    switch (type) {
    case PropertyType::String:
        return QJsonValue(propertyText(value));
    case PropertyType::Number:
        if (value.isBool())
            return QJsonValue(value.toBool() ? 1.0 : 0.0);
        return parsedProperty(value.toString(), type);
    case PropertyType::Bool:
        if (value.isDouble())
            return QJsonValue(value.toDouble() != 0.0);
        return parsedProperty(value.toString(), type);
    }
    return std::nullopt;
}

QStringList knownPropertyNames(const DocumentData &data) {
    QSet<QString> names;
    for (const Sprite &sprite : data.sprites) {
        for (const Frame &frame : sprite.frames) {
            for (auto it = frame.properties.begin(); it != frame.properties.end(); ++it)
                names.insert(it.key());
            for (const Shape &shape : frame.shapes) {
                for (auto it = shape.properties.begin(); it != shape.properties.end(); ++it)
                    names.insert(it.key());
            }
        }
    }
    QStringList sorted(names.begin(), names.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

QList<CommonProperty> commonProperties(const QList<QJsonObject> &objects) {
    QStringList names;
    for (const QJsonObject &object : objects) {
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (!names.contains(it.key()))
                names.append(it.key());
        }
    }
    std::sort(names.begin(), names.end()); // the key order a QJsonObject keeps
    QList<CommonProperty> rows;
    for (const QString &name : std::as_const(names)) {
        CommonProperty row{name, QJsonValue(QJsonValue::Undefined), false, 0};
        for (const QJsonObject &object : objects) {
            if (!object.contains(name))
                continue;
            const QJsonValue value = object.value(name);
            if (row.holders++ == 0)
                row.value = value;
            else if (value != row.value)
                row.mixed = true;
        }
        if (row.holders < objects.size())
            row.mixed = true;
        if (row.mixed)
            row.value = QJsonValue(QJsonValue::Undefined);
        rows.append(row);
    }
    return rows;
}

} // namespace hitsmith::operations
