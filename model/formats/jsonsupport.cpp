#include "jsonsupport.h"

#include <QCborValue>

#include "enginesupport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace hitsmith::json {

static QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::Json", text);
}

QByteArray escapeByteOrderMarks(const QByteArray &bytes) {
    QByteArray escaped = bytes;
    escaped.replace("\xEF\xBB\xBF", "\\ufeff");
    return escaped;
}

/// "line L, column C: what", L and C counted in the user's text at the byte offset Qt reports.
static QString describeParseError(const QByteArray &bytes, const QJsonParseError &parseError) {
    // QJsonParseError gives the byte offset just past the offending character; users need
    // the line and column of that character.
    const qsizetype offset = std::clamp<qsizetype>(parseError.offset - 1, 0, bytes.size());
    int line = 1;
    qsizetype lineStart = 0;
    for (qsizetype i = 0; i < offset; ++i) {
        if (bytes[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    const int column =
        static_cast<int>(QString::fromUtf8(bytes.mid(lineStart, offset - lineStart)).size()) + 1;
    QString what = parseError.errorString();
    if (offset >= bytes.size() - 1 && parseError.error != QJsonParseError::GarbageAtEnd)
        what += tr(" (the file ends too early: truncated?)");
    return tr("line %1, column %2: %3").arg(line).arg(column).arg(what);
}

std::optional<QJsonDocument> parse(const QByteArray &input, QString *error) {
    QByteArray bytes = input;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    if (!engines::checkText(bytes, QStringLiteral("JSON"), error))
        return std::nullopt;
    QJsonParseError parseError;
    // Rare (a byte-order mark inside the text), so the common path pays only for the search.
    const bool hasInnerMarks = bytes.contains("\xEF\xBB\xBF");
    QJsonDocument document =
        QJsonDocument::fromJson(hasInnerMarks ? escapeByteOrderMarks(bytes) : bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Both spellings of the mark fail at the same place; report it in the user's own text.
        QJsonParseError inUserText;
        if (hasInnerMarks && (QJsonDocument::fromJson(bytes, &inUserText), inUserText.error))
            parseError = inUserText;
        *error = describeParseError(bytes, parseError);
        return std::nullopt;
    }
    if (!document.isObject() && !document.isArray()) {
        *error = tr("expected a JSON object");
        return std::nullopt;
    }
    return document;
}

QString SchemaError::toString() const {
    return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
}

Cursor::Cursor(QJsonValue value, QString path)
    : mValue(std::move(value))
    , mPath(std::move(path)) {}

Cursor Cursor::operator[](const QString &key) const {
    const QString childPath = mPath.isEmpty() ? key : mPath + QLatin1Char('.') + key;
    return Cursor(mValue.toObject().value(key), childPath);
}

Cursor Cursor::operator[](qsizetype index) const {
    return Cursor(mValue.toArray().at(index), mPath + QStringLiteral("[%1]").arg(index));
}

bool Cursor::has(const QString &key) const {
    if (!mValue.isObject())
        return false;
    const QJsonValue v = mValue.toObject().value(key);
    return !v.isUndefined() && !v.isNull();
}

QJsonObject Cursor::object() const {
    if (!mValue.isObject())
        fail(mValue.isUndefined() ? tr("is missing (must be an object)") : tr("must be an object"));
    return mValue.toObject();
}

QJsonArray Cursor::array() const {
    if (!mValue.isArray())
        fail(mValue.isUndefined() ? tr("is missing (must be an array)") : tr("must be an array"));
    return mValue.toArray();
}

QString Cursor::string() const {
    if (!mValue.isString())
        fail(mValue.isUndefined() ? tr("is missing (must be a string)") : tr("must be a string"));
    return mValue.toString();
}

double Cursor::number() const {
    if (!mValue.isDouble())
        fail(mValue.isUndefined() ? tr("is missing (must be a number)") : tr("must be a number"));
    const double v = mValue.toDouble();
    if (!std::isfinite(v))
        fail(tr("must be a finite number"));
    return v;
}

int Cursor::integer() const {
    const double v = number();
    if (v != std::floor(v) || v < std::numeric_limits<int>::min() ||
        v > std::numeric_limits<int>::max())
        fail(tr("must be a whole number"));
    return static_cast<int>(v);
}

bool Cursor::boolean() const {
    if (!mValue.isBool())
        fail(tr("must be true or false"));
    return mValue.toBool();
}

QPointF Cursor::point() const {
    const QJsonArray a = array();
    if (a.size() != 2)
        fail(tr("must be a pair of numbers [x, y]"));
    return {(*this)[0].number(), (*this)[1].number()};
}

qsizetype Cursor::size() const {
    return array().size();
}

void Cursor::fail(const QString &message) const {
    throw SchemaError{mPath, message};
}

void appendNumber(QString &out, double value) {
    if (value == 0) {
        out += u'0'; // no "-0" in files
        return;
    }
    // std::to_chars spells the shortest round trip as Qt does below 1e15 (above, it writes all
    // of a large whole number's digits where Qt writes zeros), in a tenth of the time.
    if (std::fabs(value) < 1e15) {
        char text[32];
        const std::to_chars_result end = std::to_chars(text, text + sizeof text, value);
        out += QLatin1StringView(text, end.ptr - text);
        return;
    }
    out += QString::number(value, 'g', QLocale::FloatingPointShortest);
}

QString number(double value) {
    QString out;
    appendNumber(out, value);
    return out;
}

QString propertyValue(const QJsonValue &value) {
    if (!value.isDouble())
        return compact(value);
    if (QCborValue::fromJsonValue(value).isInteger())
        return QString::number(value.toInteger());
    return number(value.toDouble());
}

QString string(const QString &value) {
    QString out;
    appendString(out, value);
    return out;
}

void appendString(QString &out, const QString &value) {
    // Nearly every id, layer and name is plain ASCII that needs no escape: quote it directly.
    // Building a QJsonDocument per string was the largest cost of saving a large document.
    const bool plain = std::all_of(value.cbegin(), value.cend(), [](QChar c) {
        return c.unicode() >= 0x20 && c.unicode() < 0x7f && c != u'"' && c != u'\\';
    });
    if (plain) {
        out += u'"';
        out += value;
        out += u'"';
        return;
    }
    // Anything else: QJsonDocument escapes exactly as JSON requires; strip the array brackets.
    // A U+FEFF is invisible in an editor and a diff, so it is written as its escape.
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    out += QString::fromUtf8(escapeByteOrderMarks(wrapped.mid(1, wrapped.size() - 2)));
}

QString compact(const QJsonValue &value) {
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(escapeByteOrderMarks(wrapped.mid(1, wrapped.size() - 2)));
}

} // namespace hitsmith::json
