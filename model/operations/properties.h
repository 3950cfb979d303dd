#pragma once

#include "documentdata.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith::operations {

/// The three kinds of value a shape or frame property holds.
enum class PropertyType { Number, String, Bool };

/// The type of a property value (anything that is not a number or a bool counts as a string).
PropertyType propertyType(const QJsonValue &value);

/// The value as the Properties table shows it: "12", "1.5", "fire", "true".
QString propertyText(const QJsonValue &value);

/// The value text means as type: a finite number ("12", "-0.5"), any string, or a bool ("true",
/// "false", "yes", "no", "1", "0", any case). nullopt when text is no such value (NaN, "abc"
/// as a number, "maybe" as a bool).
std::optional<QJsonValue> parsedProperty(const QString &text, PropertyType type);

/// value converted to type: a number to its text or to true unless 0, a string parsed as above,
/// a bool to 1/0 or "true"/"false". nullopt when the value has no sensible meaning as type.
std::optional<QJsonValue> convertedProperty(const QJsonValue &value, PropertyType type);

/// Every property name used by a shape or a frame of the document, sorted, each once.
QStringList knownPropertyNames(const DocumentData &data);

/// One row of the Properties table for several objects at once.
struct CommonProperty {
    QString name;
    QJsonValue value; ///< the shared value; undefined when mixed
    bool mixed;       ///< not every object has it, or their values differ
    int holders;      ///< how many of the objects have it
    bool operator==(const CommonProperty &other) const = default;
};

/// The union of the objects' property names in key order, each with its value when every object
/// has it with the same value, else marked mixed.
QList<CommonProperty> commonProperties(const QList<QJsonObject> &objects);

} // namespace hitsmith::operations
