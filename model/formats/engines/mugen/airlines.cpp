#include "airlines.h"

#include <limits>

namespace hitsmith::air {

namespace {

/// Go's unicode.IsSpace; in text read one character per byte, no byte above 0x7f is a space
/// (Go sees such bytes as invalid UTF-8).
bool isSpace(QChar c, bool latin1) {
    if (c.unicode() < 0x80)
        return c == u' ' || (c.unicode() >= 0x09 && c.unicode() <= 0x0d);
    return !latin1 && c.isSpace();
}

char16_t lower(QChar c) {
    const char16_t u = c.unicode();
    return u >= u'A' && u <= u'Z' ? char16_t(u - u'A' + u'a') : u;
}

/// ASCII case-insensitive prefix test (the engine lower-cases and compares bytes).
bool startsWith(QStringView text, QStringView prefix) {
    if (text.size() < prefix.size())
        return false;
    for (qsizetype i = 0; i < prefix.size(); ++i) {
        if (lower(text[i]) != prefix[i].unicode())
            return false;
    }
    return true;
}

bool isDigit(QChar c) {
    return c.unicode() >= u'0' && c.unicode() <= u'9';
}

} // namespace

QStringView trimmed(QStringView line, bool latin1) {
    qsizetype begin = 0, end = line.size();
    while (begin < end && isSpace(line[begin], latin1))
        ++begin;
    while (end > begin && isSpace(line[end - 1], latin1))
        --end;
    return line.mid(begin, end - begin);
}

QStringView code(QStringView line, bool latin1) {
    const qsizetype semicolon = line.indexOf(u';');
    return trimmed(semicolon < 0 ? line : line.left(semicolon), latin1);
}

qint32 atoi(QStringView text, bool latin1) {
    text = trimmed(text, latin1);
    if (text.isEmpty())
        return 0;
    const bool negative = text[0] == u'-';
    if (negative || text[0] == u'+')
        text = text.mid(1);
    qint64 n = 0;
    for (QChar c : text) {
        if (!isDigit(c))
            break;
        n = n * 10 + (c.unicode() - u'0');
        if (n > std::numeric_limits<qint32>::max()) // Ikemen GO's IMax and IErr
            return negative ? std::numeric_limits<qint32>::min()
                            : std::numeric_limits<qint32>::max();
    }
    return qint32(negative ? -n : n);
}

std::optional<Section> section(QStringView trimmedLine, bool latin1) {
    if (trimmedLine.isEmpty() || trimmedLine[0] != u'[')
        return std::nullopt;
    Section result;
    // SectionName: the text before any ';' must end with ']'; the name is up to the first space.
    QStringView sec = code(trimmedLine, latin1);
    if (sec.isEmpty() || sec.back() != u']')
        return result;
    sec = sec.mid(1, sec.indexOf(u']') - 1);
    const qsizetype space = sec.indexOf(u' ');
    if (space < 0 || !startsWith(sec.left(space + 1), u"begin ") || space + 1 != 6)
        return result;
    // ReadAction: "action " then the number (Atoi: trailing text ignored).
    const QStringView sub = sec.mid(space + 1);
    const qsizetype space2 = sub.indexOf(u' ');
    if (space2 != 6 || !startsWith(sub, u"action "))
        return result;
    result.isAction = true;
    result.action = atoi(sub.mid(space2 + 1), latin1);
    return result;
}

bool isElement(QStringView code) {
    return !code.isEmpty() && (isDigit(code[0]) || code[0] == u'-') && code.count(u',') >= 4;
}

bool looksLikeShortElement(QStringView code) {
    return !code.isEmpty() && (isDigit(code[0]) || code[0] == u'-') && code.count(u',') < 4;
}

std::optional<qint32> elementTicks(QStringView line, bool latin1) {
    const QStringView c = code(line, latin1);
    if (!isElement(c))
        return std::nullopt;
    qsizetype start = 0;
    for (int field = 0; field < 4; ++field)
        start = c.indexOf(u',', start) + 1;
    const qsizetype end = c.indexOf(u',', start);
    return atoi(c.mid(start, end < 0 ? -1 : end - start), latin1);
}

std::optional<Header> header(QStringView code, bool latin1) {
    if (code.size() < 5 || !startsWith(code, u"clsn"))
        return std::nullopt;
    const qsizetype colon = code.indexOf(u':');
    if (colon < 0 || (code[4] != u'1' && code[4] != u'2'))
        return std::nullopt;
    const qint32 count = atoi(code.mid(colon + 1), latin1);
    if (count < 0)
        return std::nullopt;
    const bool isDefault = startsWith(code.mid(5), u"default");
    const QStringView name = trimmed(code.mid(5, colon - 5), latin1);
    const bool oddName = !name.isEmpty() && !(isDefault && name.size() == 7);
    return Header{code[4] == u'1' ? 1 : 2, isDefault, int(count), oddName};
}

bool isOtherClsnLine(QStringView code, bool latin1) {
    return startsWith(code, u"clsn") && !header(code, latin1);
}

Block readBlock(const QStringList &lines, qsizetype headerLine, const Header &header, bool latin1) {
    Block block;
    block.header = header;
    block.headerLine = headerLine;
    qsizetype j = headerLine + 1;
    for (int n = 0; n < header.count && j < lines.size(); ++n, ++j) {
        const QStringView c = code(lines[j], latin1);
        // A blank or comment-only line ends the block: the engine's loop spends the remaining
        // boxes on it without moving past it.
        if (c.isEmpty() || !startsWith(c, u"clsn"))
            break;
        const qsizetype equals = c.indexOf(u'=');
        if (equals < 0)
            break;
        const QList<QStringView> fields = c.mid(equals + 1).split(u',');
        if (fields.size() < 4)
            break;
        qint32 l = atoi(fields[0], latin1), t = atoi(fields[1], latin1);
        qint32 r = atoi(fields[2], latin1), b = atoi(fields[3], latin1);
        if (l > r)
            std::swap(l, r);
        if (t > b)
            std::swap(t, b);
        if (c.size() > 4 && (c[4] == u'1' || c[4] == u'2') && (c[4] == u'1') != (header.clsn == 1))
            block.relabelled << j;
        block.boxLines << j;
        block.boxes << Box{l, t, r, b};
    }
    block.end = j;
    return block;
}

QString boxText(const Box &box) {
    return QStringLiteral("%1, %2, %3, %4")
        .arg(box.left)
        .arg(box.top)
        .arg(box.right)
        .arg(box.bottom);
}

QString withBox(const QString &line, const Box &box, bool latin1) {
    const qsizetype equals = line.indexOf(u'=');
    const qsizetype semicolon = line.indexOf(u';');
    qsizetype end = semicolon < 0 ? line.size() : semicolon;
    while (end > equals + 1 && isSpace(line[end - 1], latin1))
        --end;
    return line.left(equals + 1) + u' ' + boxText(box) + line.mid(end);
}

QString withTicks(const QString &line, int ticks) {
    const qsizetype semicolon = line.indexOf(u';');
    const QString body = semicolon < 0 ? line : line.left(semicolon);
    const QString comment = semicolon < 0 ? QString() : line.mid(semicolon);
    QStringList fields = body.split(u',');
    if (fields.size() < 5)
        return line;
    const QString old = fields[4];
    qsizetype lead = 0, trail = 0;
    while (lead < old.size() && old[lead].isSpace())
        ++lead;
    while (trail < old.size() - lead && old[old.size() - 1 - trail].isSpace())
        ++trail;
    fields[4] = old.left(lead) + QString::number(ticks) + old.right(trail);
    return fields.join(u',') + comment;
}

QString nameFromComment(QStringView comment, bool latin1) {
    const QStringView text = trimmed(comment, latin1);
    // A commented-out line of the file does not name anything.
    const QStringView c = code(text, latin1);
    if (startsWith(c, u"clsn") || startsWith(c, u"[") || startsWith(c, u"loopstart") ||
        startsWith(c, u"interpolate") || isElement(c))
        return {};
    // "; Standing: both feet down" names the action "standing": a description after a colon or
    // a comma is not part of the name (when something stands before it).
    QStringView named = text;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == u':' || text[i] == u',') {
            if (!nameFromComment(text.left(i), latin1).isEmpty())
                named = text.left(i);
            break;
        }
    }
    QString name;
    bool gap = false;
    for (QChar ch : named) {
        // Bytes of an unknown code page are not letters one can trust: ASCII only there.
        const bool keep = ch.unicode() < 0x80
                              ? (isDigit(ch) || (lower(ch) >= u'a' && lower(ch) <= u'z'))
                              : !latin1 && ch.isLetterOrNumber();
        if (!keep) {
            gap = !name.isEmpty();
            continue;
        }
        if (gap)
            name += u'-';
        gap = false;
        name += ch.toLower();
        if (name.size() > 40) {
            // Cut at the last whole word within 40 characters, not in the middle of one.
            const qsizetype dash = name.lastIndexOf(u'-', 40);
            name.truncate(dash > 0 ? dash : 40);
            break;
        }
    }
    return name;
}

} // namespace hitsmith::air
