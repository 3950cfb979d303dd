#pragma once

// A reader for Godot's text resource syntax (.tscn, .tres; Godot 3 and 4): sections with
// attributes and "key = value" properties, values as Godot writes them (numbers, strings,
// arrays, dictionaries and constructor calls such as Vector2(1, 2) or SubResource("3")).

#include <QList>
#include <QPair>
#include <QString>

namespace hitsmith::godot {

/// One parsed value.
struct Value {
    enum Kind { Null, Bool, Number, String, Array, Dictionary, Call };
    Kind kind = Null;
    double number = 0;
    /// A Number written without a point or an exponent, within 64 bits: Godot reads it as an
    /// int, every digit kept (number has the nearest double).
    bool integral = false;
    qint64 integer = 0;
    bool boolean = false;
    QString text;       ///< String: the text; Call: the constructor name ("Vector2")
    QList<Value> items; ///< Array items, Call arguments, Dictionary keys and values alternating

    /// The numbers of a call or array whose items are all numbers (else empty, ok = false).
    QList<double> numbers(bool *ok) const;
    /// The string of a String, or of a call's single string/number argument (SubResource("1")).
    QString argumentText() const;
};

/// One section: [tag attr=value ...] and its properties.
struct Section {
    QString tag;
    QList<QPair<QString, Value>> attributes;
    QList<QPair<QString, Value>> properties;
    int line = 0;

    /// The attribute, or a Null value.
    Value attribute(const QString &name) const;
    /// The property, or nullptr.
    const Value *property(const QString &name) const;
};

/// A syntax error with where it is.
struct ParseError {
    int line = 0;
    int column = 0;
    QString message;
    /// "line L, column C: message"
    QString toString() const;
};

/// Parses a whole file; throws ParseError.
QList<Section> parse(const QString &text);

/// The first [sub_resource] that nothing refers to (no SubResource(id) in any later section's
/// attributes or properties), or nullptr. Godot never saves an unused sub-resource, so one means
/// the file was cut before the section that used it.
const Section *firstUnusedSubResource(const QList<Section> &sections);

} // namespace hitsmith::godot
