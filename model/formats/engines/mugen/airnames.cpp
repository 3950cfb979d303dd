#include "airnames.h"

#include "airlines.h"

#include <QStringDecoder>

#include <algorithm>

namespace hitsmith::air {

namespace {

/// The comments of a file, as the bytes they were.
QList<QByteArray> commentBytes(const QStringList &lines) {
    QList<QByteArray> comments;
    for (const QString &line : lines) {
        const qsizetype semicolon = line.indexOf(u';');
        if (semicolon >= 0)
            comments << line.mid(semicolon + 1).toLatin1();
    }
    return comments;
}

} // namespace

CommentCodec commentCodec(const QStringList &lines) {
    bool kana = false;
    for (const QByteArray &comment : commentBytes(lines)) {
        QStringDecoder sjis("Shift_JIS", QStringDecoder::Flag::Stateless);
        if (!sjis.isValid())
            return CommentCodec::Cp1252;
        const QString text = sjis.decode(comment);
        if (sjis.hasError() || text.contains(QChar::ReplacementCharacter))
            return CommentCodec::Cp1252;
        for (const QChar c : text)
            kana = kana || (c.unicode() >= 0x3040 && c.unicode() <= 0x30FF);
    }
    return kana ? CommentCodec::ShiftJis : CommentCodec::Cp1252;
}

bool isRule(QStringView line) {
    return !line.trimmed().isEmpty() &&
           std::none_of(line.begin(), line.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

QString commentText(QStringView comment, bool latin1, CommentCodec codec) {
    // A commented-out line of the file does not name anything.
    const QStringView line = code(trimmed(comment, latin1), latin1);
    if (isElement(line) || line.startsWith(u'[') ||
        line.startsWith(QLatin1String("clsn"), Qt::CaseInsensitive) ||
        line.startsWith(QLatin1String("loopstart"), Qt::CaseInsensitive) ||
        line.startsWith(QLatin1String("interpolate"), Qt::CaseInsensitive))
        return {};
    QString text = comment.toString();
    if (latin1) {
        QStringDecoder decoder(codec == CommentCodec::ShiftJis ? "Shift_JIS" : "windows-1252",
                               QStringDecoder::Flag::Stateless);
        if (decoder.isValid())
            text = decoder.decode(text.toLatin1());
    }
    text = text.simplified();
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == u':' || text[i] == u',') {
            const QString before = text.left(i).trimmed();
            if (std::any_of(before.begin(), before.end(),
                            [](QChar c) { return c.isLetterOrNumber(); }))
                text = before;
            break;
        }
    }
    if (std::none_of(text.begin(), text.end(), [](QChar c) { return c.isLetterOrNumber(); }))
        return {};
    constexpr qsizetype kMostLength = 60;
    if (text.size() > kMostLength) {
        // Cut at the last whole word, not in the middle of one.
        const qsizetype space = text.lastIndexOf(u' ', kMostLength);
        text.truncate(space > 0 ? space : kMostLength);
    }
    return text;
}

} // namespace hitsmith::air
