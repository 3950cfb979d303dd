#pragma once

// Shared by every JSON-based format: parsing with line/column errors, a cursor that names the
// JSON path of whatever is wrong, and the number/string spelling our writers use.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QPointF>
#include <QString>

#include <optional>

namespace hitsmith::json {

/// Parses JSON text. Accepts a UTF-8 BOM. On failure returns nullopt and a message that says
/// what and where ("line 4, column 12: unterminated string", "file is empty", ...).
std::optional<QJsonDocument> parse(const QByteArray &bytes, QString *error);

/// Every raw U+FEFF (UTF-8 EF BB BF) in JSON text spelled as the escape \ufeff. Qt 6.4's parser
/// drops a raw one that starts a string or a key, taking it for a byte-order mark, but decodes
/// the escape faithfully. Outside a string both spellings are errors, so validity is unchanged.
QByteArray escapeByteOrderMarks(const QByteArray &bytes);

/// Thrown by Cursor when the data does not fit the schema; caught inside each reader.
struct SchemaError {
    QString path;    ///< e.g. sprites[0].frames[2].shapes[1].radius
    QString message; ///< e.g. must be a number
    /// "path: message", or the message alone at the root.
    QString toString() const;
};

/// A position in a parsed JSON document that knows its own path, for schema errors.
class Cursor {
public:
    Cursor(QJsonValue value, QString path = {});

    const QJsonValue &value() const { return mValue; }
    const QString &path() const { return mPath; }
    bool isNull() const { return mValue.isNull() || mValue.isUndefined(); }

    /// The member key of an object (undefined when absent).
    Cursor operator[](const QString &key) const;
    /// Element i of an array.
    Cursor operator[](qsizetype index) const;
    /// True when this is an object with that key (null values count as absent).
    bool has(const QString &key) const;

    /// These throw SchemaError unless the value has the type asked for.
    QJsonObject object() const;
    QJsonArray array() const;
    QString string() const;
    double number() const; ///< finite numbers only
    int integer() const;   ///< whole numbers in int range only
    bool boolean() const;
    QPointF point() const;  ///< [x, y]
    qsizetype size() const; ///< element count of an array

    /// Throws SchemaError at this cursor's path.
    [[noreturn]] void fail(const QString &message) const;

private:
    QJsonValue mValue;
    QString mPath;
};

/// Shortest text that reads back as the same double ("64", "0.1", "1e+21").
QString number(double value);
/// Appends number(value) to out.
void appendNumber(QString &out, double value);
/// A JSON string literal with escapes.
QString string(const QString &value);
/// Appends string(value) to out.
void appendString(QString &out, const QString &value);
/// A value in compact one-line JSON (for unknown fields written back as they came).
QString compact(const QJsonValue &value);

/// A property value as the native writer spells it: an integer's exact digits (a 64-bit id keeps
/// every one), another number as number(), anything else as compact().
QString propertyValue(const QJsonValue &value);

} // namespace hitsmith::json
