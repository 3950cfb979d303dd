#include "jsonsupport.h"

#include "enginesupport.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitsmith::json {

static QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::Json", text);
}

/// Rebuilds every object by inserting its keys again. Qt 6.4's parser drops a U+FEFF that starts a
/// key but files the key under its undecoded bytes, so such an object iterates out of key order
/// and compares unequal to the same object read back from our own write.
static QJsonValue withKeysResorted(const QJsonValue &value) {
    if (value.isArray()) {
        QJsonArray array;
        for (const QJsonValue &item : value.toArray())
            array.append(withKeysResorted(item));
        return array;
    }
    if (!value.isObject())
        return value;
    const QJsonObject object = value.toObject();
    QJsonObject sorted;
    for (auto it = object.begin(); it != object.end(); ++it)
        sorted.insert(it.key(), withKeysResorted(it.value()));
    return sorted;
}

std::optional<QJsonDocument> parse(const QByteArray &input, QString *error) {
    QByteArray bytes = input;
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    if (!engines::checkText(bytes, QStringLiteral("JSON"), error))
        return std::nullopt;
    QJsonParseError parseError;
    QJsonDocument document = QJsonDocument::fromJson(bytes, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
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
            static_cast<int>(QString::fromUtf8(bytes.mid(lineStart, offset - lineStart)).size()) +
            1;
        QString what = parseError.errorString();
        if (offset >= bytes.size() - 1 && parseError.error != QJsonParseError::GarbageAtEnd)
            what += tr(" (the file ends too early: truncated?)");
        *error = tr("line %1, column %2: %3").arg(line).arg(column).arg(what);
        return std::nullopt;
    }
    if (!document.isObject() && !document.isArray()) {
        *error = tr("expected a JSON object");
        return std::nullopt;
    }
    // Rare (a byte-order mark inside the text), so the common path pays only for the search.
    if (bytes.contains("\xEF\xBB\xBF")) {
        const QJsonValue root = withKeysResorted(
            document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array()));
        document = root.isObject() ? QJsonDocument(root.toObject()) : QJsonDocument(root.toArray());
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

QString number(double value) {
    if (value == 0)
        return QStringLiteral("0"); // no "-0" in files
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
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
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    out += QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

QString compact(const QJsonValue &value) {
    const QByteArray wrapped = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QString::fromUtf8(wrapped.mid(1, wrapped.size() - 2));
}

} // namespace hitsmith::json
