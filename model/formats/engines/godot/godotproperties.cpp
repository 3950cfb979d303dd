#include "godotproperties.h"

#include "jsonsupport.h"

#include <QCborValue>

#include <cmath>

namespace hitsmith::godot {

using engines::tr;

namespace {

const QString kMetadataPrefix = QStringLiteral("metadata/");

QString godotString(const QString &text) {
    QString escaped = text;
    escaped.replace(u'\\', QStringLiteral("\\\\")).replace(u'"', QStringLiteral("\\\""));
    escaped.replace(u'\n', QStringLiteral("\\n"));
    return u'"' + escaped + u'"';
}

QString metadataValue(const QJsonValue &value) {
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble()) {
        if (QCborValue::fromJsonValue(value).isInteger())
            return QString::number(value.toInteger()); // a Godot int is 64-bit: every digit
        // Not an integer: a fraction, or a whole number past 64 bits (propertyNumber keeps every
        // other whole number as one), written so that Godot reads a float.
        QString text = json::number(value.toDouble());
        if (!text.contains(u'.') && !text.contains(u'e'))
            text += QStringLiteral(".0");
        return text;
    }
    return godotString(value.toString());
}

} // namespace

bool isMetadataName(const QString &name) {
    if (name.isEmpty() || name.startsWith(u'_') || name.startsWith(QLatin1String("hitsmith_")) ||
        name.front().isDigit())
        return false;
    for (QChar c : name) {
        if (!(c.isDigit() || c == u'_' || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')))
            return false;
    }
    return true;
}

QStringList metadataLines(const QJsonObject &properties) {
    QStringList lines;
    for (auto it = properties.begin(); it != properties.end(); ++it) {
        if (isMetadataName(it.key()))
            lines << kMetadataPrefix + it.key() + QStringLiteral(" = ") + metadataValue(it.value());
    }
    return lines;
}

QJsonObject propertiesFromMetadata(const Section &node, const QString &where,
                                   engines::LossCounter *skipped) {
    QJsonObject properties;
    for (const auto &[key, value] : node.properties) {
        if (!key.startsWith(kMetadataPrefix))
            continue;
        const QString name = key.mid(kMetadataPrefix.size());
        if (!isMetadataName(name))
            continue; // ours (hitsmith_*) or Godot's editor state (_edit_lock_, ...)
        switch (value.kind) {
        case Value::Bool:
            properties.insert(name, value.boolean);
            break;
        case Value::Number:
            if (!std::isfinite(value.number))
                skipped->add(tr("%1 metadata number is not finite; not imported"),
                             tr("%1 metadata numbers are not finite; not imported"),
                             where + QStringLiteral(" ") + name);
            else if (value.integral)
                properties.insert(name, value.integer); // every digit of a Godot int
            else
                properties.insert(name, propertyNumber(value.number));
            break;
        case Value::String:
            properties.insert(name, value.text);
            break;
        default:
            skipped->add(tr("%1 metadata value is not a number, string or boolean; not imported"),
                         tr("%1 metadata values are not numbers, strings or booleans; not "
                            "imported"),
                         where + QStringLiteral(" ") + name);
        }
    }
    return properties;
}

QStringList propertyNameWarnings(const DocumentData &document) {
    engines::LossCounter losses;
    auto check = [&](const QJsonObject &properties, const QString &where) {
        for (auto it = properties.begin(); it != properties.end(); ++it) {
            if (!isMetadataName(it.key()))
                losses.add(tr("%1 property not written: Godot metadata names are ASCII "
                              "identifiers, not starting with _ or hitsmith_"),
                           tr("%1 properties not written: Godot metadata names are ASCII "
                              "identifiers, not starting with _ or hitsmith_"),
                           where + u'/' + it.key());
        }
    };
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            check(frame.properties, sprite.name + u'/' + frame.name);
            for (const Shape &shape : frame.shapes)
                check(shape.properties, sprite.name + u'/' + frame.name + u'/' + shape.id);
        }
    }
    return losses.lines();
}

} // namespace hitsmith::godot
