#include "asepriteformat.h"

#include "enginesupport.h"
#include "jsonsupport.h"

#include <QFileInfo>

#include <algorithm>

namespace hitsmith {

using engines::tr;

namespace {

using engines::checkedNumber;

/// A minimal scanner over JSON text already known to be valid: it only skips values and
/// collects keys, so that the order Aseprite wrote frames in survives.
class KeyScanner {
public:
    explicit KeyScanner(const QByteArray &bytes)
        : mText(bytes) {}

    QStringList keysOf(const QString &member) {
        skipSpace();
        if (member.isNull())
            return peek() == '{' ? objectKeys() : QStringList{};
        if (!consume('{'))
            return {};
        skipSpace();
        if (consume('}'))
            return {};
        for (;;) {
            skipSpace();
            const QString key = readString();
            skipSpace();
            if (!consume(':'))
                return {};
            skipSpace();
            if (key == member)
                return peek() == '{' ? objectKeys() : QStringList{};
            if (!skipValue())
                return {};
            skipSpace();
            if (!consume(','))
                return {};
        }
    }

private:
    char peek() const { return mPos < mText.size() ? mText[mPos] : '\0'; }
    bool consume(char c) {
        if (peek() != c)
            return false;
        ++mPos;
        return true;
    }
    void skipSpace() {
        while (mPos < mText.size() && (mText[mPos] == ' ' || mText[mPos] == '\n' ||
                                       mText[mPos] == '\r' || mText[mPos] == '\t'))
            ++mPos;
    }
    QString readString() {
        const qsizetype start = mPos;
        if (!consume('"'))
            return {};
        while (mPos < mText.size() && mText[mPos] != '"')
            mPos += mText[mPos] == '\\' ? 2 : 1;
        ++mPos;
        // Let Qt decode the escapes of this one literal.
        const QJsonDocument decoded = QJsonDocument::fromJson(
            json::escapeByteOrderMarks('[' + mText.mid(start, mPos - start) + ']'));
        return decoded.array().at(0).toString();
    }
    bool skipValue() {
        int depth = 0;
        do {
            skipSpace();
            const char c = peek();
            if (c == '"') {
                readString();
            } else if (c == '{' || c == '[') {
                ++depth;
                ++mPos;
            } else if (c == '}' || c == ']') {
                --depth;
                ++mPos;
            } else if (c == '\0') {
                return false;
            } else {
                ++mPos;
            }
        } while (depth > 0);
        return true;
    }
    QStringList objectKeys() {
        QStringList keys;
        consume('{');
        for (;;) {
            skipSpace();
            if (consume('}'))
                return keys;
            if (peek() != '"')
                return keys;
            keys.append(readString());
            skipSpace();
            consume(':');
            if (!skipValue())
                return keys;
            skipSpace();
            consume(',');
        }
    }

    QByteArray mText;
    qsizetype mPos = 0;
};

QRectF readRect(const json::Cursor &c) {
    c.object();
    return QRectF(checkedNumber(c[QStringLiteral("x")]), checkedNumber(c[QStringLiteral("y")]),
                  checkedNumber(c[QStringLiteral("w")]), checkedNumber(c[QStringLiteral("h")]));
}

struct SheetFrame {
    Frame frame;
    QPointF trimOffset; ///< where the trimmed cell sits in the untrimmed canvas
};

SheetFrame readFrame(const json::Cursor &c, const QString &name, QStringList *warnings) {
    c.object();
    SheetFrame sheetFrame;
    sheetFrame.frame.name = name;
    sheetFrame.frame.source = readRect(c[QStringLiteral("frame")]);
    if (c.has(QStringLiteral("duration"))) {
        const int ms = c[QStringLiteral("duration")].integer();
        if (ms > 0)
            sheetFrame.frame.duration = ms;
        else
            warnings->append(tr("%1: frame \"%2\" has duration %3 ms; the default is used")
                                 .arg(c.path(), name)
                                 .arg(ms));
    }
    if (c.has(QStringLiteral("rotated")) && c[QStringLiteral("rotated")].boolean())
        warnings->append(tr("%1: frame \"%2\" is stored rotated in the sheet; Hitsmith shows its "
                            "cell unrotated")
                             .arg(c.path(), name));
    if (c.has(QStringLiteral("trimmed")) && c[QStringLiteral("trimmed")].boolean() &&
        c.has(QStringLiteral("spriteSourceSize"))) {
        const QRectF trimmed = readRect(c[QStringLiteral("spriteSourceSize")]);
        sheetFrame.trimOffset = trimmed.topLeft();
        if (!trimmed.topLeft().isNull())
            warnings->append(
                tr("%1: frame \"%2\" is trimmed; its slices are moved by (%3, %4) "
                   "into the trimmed cell")
                    .arg(c.path(), name, json::number(-trimmed.x()), json::number(-trimmed.y())));
    }
    return sheetFrame;
}

} // namespace

QStringList jsonMemberKeysInOrder(const QByteArray &bytes, const QString &member) {
    QByteArray text = bytes;
    if (text.startsWith("\xEF\xBB\xBF"))
        text.remove(0, 3);
    return KeyScanner(text).keysOf(member);
}

QString AsepriteFormat::name() const {
    return QStringLiteral("aseprite");
}
QString AsepriteFormat::displayName() const {
    return tr("Aseprite sprite sheet (JSON)");
}
QStringList AsepriteFormat::extensions() const {
    return {QStringLiteral("json")};
}
FileFormat::Capabilities AsepriteFormat::capabilities() const {
    return CanRead;
}

ReadResult AsepriteFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &result.error);
    if (!parsed)
        return result;
    if (!parsed->isObject()) {
        result.error = tr("expected a JSON object at the top level");
        return result;
    }
    QStringList warnings;
    try {
        const json::Cursor root(parsed->object());
        if (!root.has(QStringLiteral("frames")) || !root.has(QStringLiteral("meta")))
            root.fail(tr("not an Aseprite sprite sheet (it lacks \"frames\" and \"meta\")"));
        const json::Cursor meta = root[QStringLiteral("meta")];
        meta.object();
        Sprite sprite;
        if (meta.has(QStringLiteral("image"))) {
            const QString image = meta[QStringLiteral("image")].string();
            sprite.image =
                engines::rebasePath(image, engines::fileDir(context), context.documentDir);
            sprite.name = QFileInfo(image).completeBaseName();
        }
        if (sprite.name.isEmpty())
            sprite.name = context.filePath.isEmpty()
                              ? QStringLiteral("sprite")
                              : QFileInfo(context.filePath).completeBaseName();

        QList<SheetFrame> frames;
        const json::Cursor framesCursor = root[QStringLiteral("frames")];
        if (framesCursor.value().isArray()) {
            const qsizetype count = framesCursor.size();
            for (qsizetype i = 0; i < count; ++i) {
                const json::Cursor f = framesCursor[i];
                f.object();
                const QString name = f.has(QStringLiteral("filename"))
                                         ? f[QStringLiteral("filename")].string()
                                         : QString::number(i);
                frames.append(readFrame(f, name, &warnings));
            }
        } else {
            const QJsonObject object = framesCursor.object();
            QStringList keys = jsonMemberKeysInOrder(bytes, QStringLiteral("frames"));
            if (keys.size() != object.size())
                keys = object.keys(); // cannot happen for valid JSON; keep going sorted
            for (const QString &key : keys)
                frames.append(readFrame(framesCursor[key], key, &warnings));
        }
        for (qsizetype i = 0; i < frames.size(); ++i) {
            for (qsizetype j = 0; j < i; ++j) {
                if (frames[j].frame.name == frames[i].frame.name) {
                    warnings << tr("frames[%1]: name \"%2\" is used twice; renamed")
                                    .arg(i)
                                    .arg(frames[i].frame.name);
                    frames[i].frame.name += QStringLiteral("-%1").arg(i);
                    break;
                }
            }
        }

        if (meta.has(QStringLiteral("slices"))) {
            const json::Cursor slices = meta[QStringLiteral("slices")];
            const qsizetype sliceCount = slices.size();
            for (qsizetype s = 0; s < sliceCount; ++s) {
                const json::Cursor slice = slices[s];
                slice.object();
                const QString name = slice[QStringLiteral("name")].string();
                struct Key {
                    int frame;
                    QRectF bounds;
                    std::optional<QPointF> pivot; ///< relative to the bounds' top-left corner
                };
                QList<Key> keys;
                const json::Cursor keysCursor = slice[QStringLiteral("keys")];
                const qsizetype keyCount = keysCursor.size();
                for (qsizetype k = 0; k < keyCount; ++k) {
                    const json::Cursor key = keysCursor[k];
                    key.object();
                    const int frame = key[QStringLiteral("frame")].integer();
                    if (frame < 0)
                        key[QStringLiteral("frame")].fail(tr("must be 0 or more"));
                    std::optional<QPointF> pivot;
                    if (key.has(QStringLiteral("pivot"))) {
                        const json::Cursor p = key[QStringLiteral("pivot")];
                        pivot = QPointF(engines::checkedNumber(p[QStringLiteral("x")]),
                                        engines::checkedNumber(p[QStringLiteral("y")]));
                    }
                    keys.append({frame, readRect(key[QStringLiteral("bounds")]), pivot});
                    if (frame >= frames.size())
                        warnings << tr("%1: frame %2 does not exist (the sheet has %3 frames); "
                                       "ignored")
                                        .arg(key.path())
                                        .arg(frame)
                                        .arg(frames.size());
                }
                std::stable_sort(keys.begin(), keys.end(),
                                 [](const Key &a, const Key &b) { return a.frame < b.frame; });
                // A key holds from its frame until the next key (Aseprite's rule).
                for (qsizetype k = 0; k < keys.size(); ++k) {
                    const int last =
                        k + 1 < keys.size() ? keys[k + 1].frame : static_cast<int>(frames.size());
                    const QRectF bounds = keys[k].bounds;
                    if (bounds.width() <= 0 || bounds.height() <= 0)
                        continue; // an empty key hides the slice on these frames
                    for (int f = keys[k].frame; f < last && f < frames.size(); ++f) {
                        Shape shape = Shape::rect(name, bounds.center() - frames[f].trimOffset,
                                                  bounds.size());
                        engines::appendWithUniqueId(frames[f].frame, shape,
                                                    QStringLiteral("slice"));
                        // The slice's pivot: a point "<slice>-pivot" (issue 30).
                        if (keys[k].pivot)
                            engines::appendWithUniqueId(
                                frames[f].frame,
                                Shape::point(name + QStringLiteral("-pivot"),
                                             bounds.topLeft() + *keys[k].pivot -
                                                 frames[f].trimOffset),
                                QStringLiteral("pivot"));
                    }
                }
            }
        }
        for (const SheetFrame &f : frames)
            sprite.frames.append(f.frame);
        DocumentData document;
        document.sprites.append(sprite);
        result.document = document;
        result.warnings = warnings;
    } catch (const json::SchemaError &error) {
        result.error = error.toString();
    }
    return result;
}

} // namespace hitsmith
