#include "airelement.h"

#include "documentdata.h"

#include <QJsonObject>

#include <limits>

namespace hitsmith {

namespace {

/// The engine's Atoi: trimmed, an optional sign, then digits up to the first non-digit; 0 when
/// there are none; past the int32 range it gives the range's end.
qint32 engineAtoi(QStringView text) {
    text = text.trimmed();
    if (text.isEmpty())
        return 0;
    const bool negative = text[0] == u'-';
    if (negative || text[0] == u'+')
        text = text.mid(1);
    qint64 n = 0;
    for (const QChar c : text) {
        if (c < u'0' || c > u'9')
            break;
        n = n * 10 + (c.unicode() - u'0');
        if (n > std::numeric_limits<qint32>::max())
            return negative ? std::numeric_limits<qint32>::min()
                            : std::numeric_limits<qint32>::max();
    }
    return qint32(negative ? -n : n);
}

/// int16(Atoi(text)), as the engine stores groups, numbers and offsets.
int engineInt16(QStringView text) {
    return qint16(quint16(quint32(engineAtoi(text)) & 0xffff));
}

} // namespace

std::optional<AirElement> parseAirElement(const QString &raw) {
    const QString line = raw.section(u';', 0, 0).trimmed().toLower();
    if (line.isEmpty() || ((line[0] < u'0' || line[0] > u'9') && line[0] != u'-'))
        return std::nullopt;
    // strings.SplitN(line, ",", 10): at most 10 fields, the last keeps its commas.
    QStringList fields;
    qsizetype start = 0;
    while (fields.size() < 9) {
        const qsizetype comma = line.indexOf(u',', start);
        if (comma < 0)
            break;
        fields << line.mid(start, comma - start);
        start = comma + 1;
    }
    fields << line.mid(start);
    if (fields.size() < 5)
        return std::nullopt;
    AirElement element;
    element.group = engineInt16(fields[0]);
    element.number = engineInt16(fields[1]);
    element.x = engineInt16(fields[2]);
    element.y = engineInt16(fields[3]);
    element.ticks = engineAtoi(fields[4]);
    if (fields.size() >= 6) {
        for (const QChar c : fields[5]) {
            if (c == u'h')
                element.flipH = !element.flipH;
            else if (c == u'v')
                element.flipV = !element.flipV;
        }
    }
    if (fields.size() >= 7) {
        // Keep the field as written (the line was lower-cased only to read it).
        const QString original = raw.section(u';', 0, 0).trimmed();
        QStringList originalFields = original.split(u',');
        element.blend = originalFields.value(6).trimmed();
    }
    return element;
}

std::optional<AirElement> frameAirElement(const Frame &frame) {
    const QJsonValue air = frame.extra.value(QStringLiteral("air"));
    if (!air.isObject())
        return std::nullopt;
    const QJsonValue element = air.toObject().value(QStringLiteral("element"));
    if (!element.isString())
        return std::nullopt;
    return parseAirElement(element.toString());
}

} // namespace hitsmith
