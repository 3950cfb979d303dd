#include "airformat.h"

#include "airlines.h"
#include "airnames.h"
#include "animationloss.h"
#include "enginesupport.h"
#include "validation.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QStringDecoder>

#include <algorithm>
#include <cmath>
#include <limits>

namespace hitsmith {

using engines::tr;

namespace {

const QString kAir = QStringLiteral("air");
const QString kLines = QStringLiteral("lines");
const QString kElement = QStringLiteral("element");
const QString kHeader = QStringLiteral("header");
const QString kAction = QStringLiteral("action");
const QString kTrailing = QStringLiteral("trailing");
const QString kPreamble = QStringLiteral("preamble");
const QString kNewline = QStringLiteral("newline");
const QString kFinalNewline = QStringLiteral("finalNewline");
const QString kLatin1 = QStringLiteral("latin1");
const QString kBom = QStringLiteral("bom");

constexpr char kUtf8Bom[] = "\xEF\xBB\xBF";

/// The file's lines as the document keeps them, and what it takes to give back its bytes.
struct Text {
    QStringList lines;
    bool latin1 = false; ///< not UTF-8: one character per byte (U+0000-U+00FF), any code page
    bool bom = false;
    bool finalNewline = false;
    QString newline = QStringLiteral("\n"); ///< "\r\n" when every line break is one
};

Text decode(const QByteArray &bytes) {
    Text text;
    QByteArrayView body(bytes);
    text.bom = body.startsWith(QByteArrayView(kUtf8Bom));
    if (text.bom)
        body = body.sliced(3);
    // Keep a second BOM as text: the decoder would drop it.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    QString all = decoder.decode(body);
    // A sequence cut at the end is no error to a decoder waiting for more: compare instead.
    text.latin1 = decoder.hasError() || all.toUtf8() != body;
    if (text.latin1)
        all = QString::fromLatin1(body); // Shift-JIS, CP1252, ...: every byte kept as it is
    text.lines = all.split(u'\n');
    text.finalNewline = text.lines.size() > 1 && text.lines.last().isEmpty();
    if (text.finalNewline)
        text.lines.removeLast();
    // "\r\n" is the file's line break when every break is one; otherwise (mixed ends) each
    // '\r' stays at the end of its line, so every line comes back with its own break.
    const qsizetype breaks = text.finalNewline ? text.lines.size() : text.lines.size() - 1;
    bool crlf = breaks > 0;
    for (qsizetype i = 0; crlf && i < breaks; ++i)
        crlf = text.lines[i].endsWith(u'\r');
    if (crlf) {
        text.newline = QStringLiteral("\r\n");
        for (qsizetype i = 0; i < breaks; ++i)
            text.lines[i].chop(1);
    }
    return text;
}

QByteArray encode(const QStringList &lines, const QJsonObject &air) {
    const QString newline =
        air.contains(kNewline) ? air.value(kNewline).toString() : QStringLiteral("\n");
    QString text = lines.join(newline);
    if (air.value(kFinalNewline).toBool(true))
        text += newline;
    QByteArray bytes = air.value(kBom).toBool() ? QByteArray(kUtf8Bom) : QByteArray();
    bytes += air.value(kLatin1).toBool() ? text.toLatin1() : text.toUtf8();
    return bytes;
}

QStringList toStrings(const QJsonValue &value) {
    QStringList lines;
    for (const QJsonValue &line : value.toArray())
        lines << line.toString();
    return lines;
}

/// The boxes of a list that become shapes: with an area, coordinates within range.
QList<air::Box> shapeBoxes(const QList<air::Box> &boxes) {
    QList<air::Box> result;
    for (const air::Box &box : boxes) {
        const bool inRange =
            !engines::checkImportedNumber(box.left) && !engines::checkImportedNumber(box.top) &&
            !engines::checkImportedNumber(box.right) && !engines::checkImportedNumber(box.bottom);
        if (inRange && box.right > box.left && box.bottom > box.top)
            result << box;
    }
    return result;
}

QStringList blockLines(int clsn, bool isDefault, const QList<air::Box> &boxes) {
    QStringList lines{QStringLiteral("Clsn%1%2: %3")
                          .arg(clsn)
                          .arg(isDefault ? QStringLiteral("Default") : QString())
                          .arg(boxes.size())};
    for (qsizetype i = 0; i < boxes.size(); ++i)
        lines << QStringLiteral("  Clsn%1[%2] = %3").arg(clsn).arg(i).arg(air::boxText(boxes[i]));
    return lines;
}

QString where(qsizetype index) {
    return tr("line %1").arg(index + 1);
}

} // namespace

AirFormat::AirFormat(QString clsn1Layer, QString clsn2Layer)
    : mLayers{std::move(clsn1Layer), std::move(clsn2Layer)} {}

QString AirFormat::name() const {
    return QStringLiteral("air");
}
QString AirFormat::displayName() const {
    return tr("MUGEN / Ikemen GO animations");
}
QStringList AirFormat::extensions() const {
    return {QStringLiteral("air")};
}
FileFormat::Capabilities AirFormat::capabilities() const {
    return CanRead | CanWrite;
}

int AirFormat::ticksToMs(int ticks) {
    return std::max(1, int(std::lround(ticks * 1000.0 / 60.0)));
}

int AirFormat::msToTicks(int ms) {
    return std::max(1, int(std::lround(ms * 60.0 / 1000.0)));
}

ReadResult AirFormat::read(const QByteArray &bytes, const FormatContext &) const {
    ReadResult result;
    if (!engines::checkText(bytes, tr("a MUGEN .air file"), &result.error))
        return result;
    const Text text = decode(bytes);
    const QStringList &lines = text.lines;
    const bool latin1 = text.latin1;

    DocumentData document;
    engines::LossCounter losses, quirks;
    QStringList pending, preamble;
    Sprite *sprite = nullptr;
    bool inAction = false; // false before the first action and after a '[' line that is none
    QList<air::Box> defaults[2], explicitBoxes[2];
    bool hasExplicit[2] = {false, false};
    QHash<qint32, qsizetype> actionLines; // action number -> line of its first header

    auto closeSprite = [&] {
        if (!sprite) {
            preamble = pending;
        } else {
            QJsonObject spriteAir = sprite->extra[kAir].toObject();
            spriteAir[kTrailing] = QJsonArray::fromStringList(pending);
            sprite->extra[kAir] = spriteAir;
        }
        pending.clear();
    };
    // The name an action's comment gives it: after the header on its line, else the comment
    // line right above it (rule lines such as ";-----" passed over; a blank line, an empty ";"
    // or a commented-out line ends the search, so a file's preamble never names its first
    // action).
    const air::CommentCodec codec = latin1 ? air::commentCodec(lines) : air::CommentCodec::Utf8;
    auto commentName = [&](const QString &headerLine) {
        const qsizetype semicolon = headerLine.indexOf(u';');
        if (semicolon >= 0) {
            const QString name =
                air::commentText(QStringView(headerLine).mid(semicolon + 1), latin1, codec);
            if (!name.isEmpty())
                return name;
        }
        for (qsizetype i = pending.size() - 1; i >= 0; --i) {
            QStringView line = air::trimmed(pending[i], latin1);
            if (!line.startsWith(u';'))
                break;
            while (line.startsWith(u';'))
                line = line.mid(1);
            if (air::trimmed(line, latin1).isEmpty())
                break; // an empty comment: what is above belongs to something else
            const QString name = air::commentText(line, latin1, codec);
            if (!name.isEmpty())
                return name;
            if (!air::isRule(line))
                break; // a commented-out line of the file
        }
        return QString();
    };

    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString &raw = lines[i];
        const QStringView trimmed = air::trimmed(raw, latin1);
        if (const std::optional<air::Section> section = air::section(trimmed, latin1)) {
            if (!section->isAction) {
                // Ikemen GO ends the action here and reads nothing up to the next action.
                quirks.add(tr("%1 '[' line that is not a [Begin Action N] header Ikemen GO "
                              "reads: the engine skips the lines after it up to the next action"),
                           tr("%1 '[' lines that are not [Begin Action N] headers Ikemen GO "
                              "reads: the engine skips the lines after them up to the next "
                              "action"),
                           where(i));
                inAction = false;
                pending << raw;
                continue;
            }
            if (sprite && sprite->frames.isEmpty())
                quirks.add(tr("%1 action without elements: Ikemen GO plays the next action in "
                              "its place"),
                           tr("%1 actions without elements: Ikemen GO plays the next action in "
                              "their place"),
                           sprite->name);
            const QString commented = commentName(raw);
            closeSprite();
            Sprite next;
            // "<action> <comment>": the number authors think in, and their words.
            next.name = commented.isEmpty()
                            ? QString::number(section->action)
                            : QStringLiteral("%1 %2").arg(section->action).arg(commented);
            // A name taken (an action defined again): the line number tells them apart.
            if (document.indexOfSprite(next.name) >= 0)
                next.name += QStringLiteral(" (line %1)").arg(i + 1);
            if (actionLines.contains(section->action))
                quirks.add(tr("%1 action defined again: Ikemen GO uses its first definition"),
                           tr("%1 actions defined again: Ikemen GO uses their first definitions"),
                           tr("action %1 at line %2 (first at line %3)")
                               .arg(section->action)
                               .arg(i + 1)
                               .arg(actionLines.value(section->action) + 1));
            else
                actionLines.insert(section->action, i);
            next.extra[kAir] = QJsonObject{{kHeader, raw}, {kAction, section->action}};
            document.sprites.append(next);
            sprite = &document.sprites.last();
            inAction = true;
            for (int n = 0; n < 2; ++n) {
                defaults[n].clear();
                explicitBoxes[n].clear();
                hasExplicit[n] = false;
            }
            continue;
        }
        const QStringView code = air::code(raw, latin1);
        if (!inAction) {
            if (air::isElement(code))
                quirks.add(tr("%1 element outside any [Begin Action N] ignored, as Ikemen GO "
                              "does"),
                           tr("%1 elements outside any [Begin Action N] ignored, as Ikemen GO "
                              "does"),
                           where(i));
            pending << raw;
            continue;
        }
        if (air::isElement(code)) {
            Frame frame;
            frame.name = QStringLiteral("element-%1").arg(sprite->frames.size() + 1);
            frame.origin = QPointF(0, 0); // the character's axis
            if (const std::optional<qint32> ticks = air::elementTicks(raw, latin1);
                ticks && *ticks > 0)
                frame.duration = ticksToMs(*ticks);
            for (int n = 0; n < 2; ++n) {
                const QList<air::Box> &boxes = hasExplicit[n] ? explicitBoxes[n] : defaults[n];
                const QList<air::Box> kept = shapeBoxes(boxes);
                for (const air::Box &box : boxes) {
                    if (kept.contains(box))
                        continue;
                    if (box.right <= box.left || box.bottom <= box.top)
                        losses.add(tr("%1 zero-size box skipped"), tr("%1 zero-size boxes skipped"),
                                   tr("%1/%2").arg(sprite->name, frame.name));
                    else
                        losses.add(tr("%1 box with coordinates out of range skipped"),
                                   tr("%1 boxes with coordinates out of range skipped"),
                                   tr("%1/%2").arg(sprite->name, frame.name));
                }
                for (qsizetype b = 0; b < kept.size(); ++b) {
                    const air::Box &box = kept[b];
                    const QRectF r(box.left, box.top, double(box.right) - box.left,
                                   double(box.bottom) - box.top);
                    engines::appendWithUniqueId(
                        frame,
                        Shape::rect(QStringLiteral("clsn%1-%2").arg(n + 1).arg(b), r.center(),
                                    r.size(), 0, mLayers[n]),
                        QStringLiteral("clsn%1").arg(n + 1));
                }
                hasExplicit[n] = false;
                explicitBoxes[n].clear();
            }
            frame.extra[kAir] =
                QJsonObject{{kLines, QJsonArray::fromStringList(pending)}, {kElement, raw}};
            pending.clear();
            sprite->frames.append(frame);
        } else if (const std::optional<air::Header> header = air::header(code, latin1)) {
            const air::Block block = air::readBlock(lines, i, *header, latin1);
            const int n = header->clsn - 1;
            if (header->isDefault) {
                defaults[n] = block.boxes;
                hasExplicit[n] = false; // the element takes the default list
            } else {
                explicitBoxes[n] = block.boxes;
                hasExplicit[n] = true;
            }
            if (header->oddName)
                quirks.add(tr("%1 Clsn header with other text than Default before its ':' (such "
                              "as a misspelled Default) read as Ikemen GO reads it"),
                           tr("%1 Clsn headers with other text than Default before their ':' "
                              "(such as a misspelled Default) read as Ikemen GO reads them"),
                           header->isDefault
                               ? tr("line %1 (a default)").arg(i + 1)
                               : tr("line %1 (for the next element only)").arg(i + 1));
            if (block.boxes.size() < header->count)
                quirks.add(tr("%1 Clsn header announces more boxes than follow: Ikemen GO "
                              "keeps the missing ones as [0, 0, 0, 0] boxes (a point at the "
                              "axis, which still touches a box over it); Hitsmith leaves them "
                              "out"),
                           tr("%1 Clsn headers announce more boxes than follow: Ikemen GO "
                              "keeps the missing ones as [0, 0, 0, 0] boxes (a point at the "
                              "axis, which still touches a box over it); Hitsmith leaves them "
                              "out"),
                           tr("line %1 announces %2 boxes, %3 follow")
                               .arg(i + 1)
                               .arg(header->count)
                               .arg(block.boxes.size()));
            const QString clsn = QString::number(header->clsn);
            const QString label = QString::number(3 - header->clsn);
            for (qsizetype line : block.relabelled)
                quirks.add(tr("%1 Clsn%2 box under a Clsn%3 header read as Clsn%3, as Ikemen GO "
                              "does")
                               .arg(QStringLiteral("%1"), label, clsn),
                           tr("%1 Clsn%2 boxes under a Clsn%3 header read as Clsn%3, as Ikemen "
                              "GO does")
                               .arg(QStringLiteral("%1"), label, clsn),
                           where(line));
            for (qsizetype j = i; j < block.end; ++j)
                pending << lines[j];
            i = block.end - 1;
        } else {
            if (air::isOtherClsnLine(code, latin1))
                quirks.add(tr("%1 Clsn line Ikemen GO ignores (a box past its header's count "
                              "or without a header, or a header without ':')"),
                           tr("%1 Clsn lines Ikemen GO ignores (boxes past their header's count "
                              "or without a header, or headers without ':')"),
                           where(i));
            else if (air::looksLikeShortElement(code))
                quirks.add(tr("%1 line starting like an element with fewer than five fields "
                              "ignored, as Ikemen GO does"),
                           tr("%1 lines starting like elements with fewer than five fields "
                              "ignored, as Ikemen GO does"),
                           where(i));
            pending << raw;
        }
    }
    if (sprite && sprite->frames.isEmpty())
        quirks.add(tr("%1 action without elements: Ikemen GO plays the next action in its place"),
                   tr("%1 actions without elements: Ikemen GO plays the next action in their "
                      "place"),
                   sprite->name);
    closeSprite();
    if (document.sprites.isEmpty()) {
        result.error = tr("no [Begin Action N] block; not a MUGEN .air file");
        return result;
    }
    QJsonObject air{{kPreamble, QJsonArray::fromStringList(preamble)},
                    {kNewline, text.newline},
                    {kFinalNewline, text.finalNewline}};
    if (latin1)
        air[kLatin1] = true;
    if (text.bom)
        air[kBom] = true;
    document.extra[kAir] = air;
    document.collide = QList<LayerPair>{{mLayers[0], mLayers[1]}};
    result.warnings << quirks.lines() << losses.lines();
    result.document = std::move(document);
    return result;
}

namespace {

/// The boxes a frame's shapes make on each Clsn layer, with what did not fit counted.
struct FrameBoxes {
    QList<air::Box> boxes[2];
};

FrameBoxes frameBoxes(const Sprite &sprite, const Frame &frame, const QString (&layers)[2],
                      engines::LossCounter *losses) {
    FrameBoxes result;
    const QPointF origin = frame.origin.value_or(QPointF());
    for (const Shape &shape : frame.shapes) {
        if (!isCollidable(shape))
            continue;
        const QString where = engines::shapeLocation(sprite.name, frame.name, shape.id);
        const int n = shape.layer == layers[0] ? 0 : shape.layer == layers[1] ? 1 : -1;
        if (n < 0) {
            losses->add(tr("%1 shape on a layer other than Clsn1/Clsn2 not written"),
                        tr("%1 shapes on layers other than Clsn1/Clsn2 not written"), where);
            continue;
        }
        if (shape.type == ShapeType::Capsule) {
            // A box around a long, turned limb would hit far beyond it: left out, as the
            // Aseprite writer does.
            losses->add(tr("%1 capsule left out (MUGEN boxes are axis-aligned rectangles)"),
                        tr("%1 capsules left out (MUGEN boxes are axis-aligned rectangles)"),
                        where);
            continue;
        }
        QRectF bounds;
        if (shape.type == ShapeType::Rect && shape.angle == 0) {
            bounds = QRectF(shape.center - QPointF(shape.size.width(), shape.size.height()) / 2,
                            shape.size);
        } else {
            bounds = shape.boundingRect(); // outline() is empty for a circle
            losses->add(tr("%1 rotated rectangle, polygon or circle written as its bounding box"),
                        tr("%1 rotated rectangles, polygons or circles written as their bounding "
                           "boxes"),
                        where);
        }
        bounds.translate(-origin);
        const int left = int(std::lround(bounds.left())), top = int(std::lround(bounds.top()));
        const int right = int(std::lround(bounds.right())),
                  bottom = int(std::lround(bounds.bottom()));
        if (std::abs(left - bounds.left()) > 1e-9 || std::abs(top - bounds.top()) > 1e-9 ||
            std::abs(right - bounds.right()) > 1e-9 || std::abs(bottom - bounds.bottom()) > 1e-9)
            losses->add(tr("%1 box rounded to whole pixels"),
                        tr("%1 boxes rounded to whole pixels"), where);
        if (right <= left || bottom <= top) {
            // Thinner than a pixel: no whole-pixel box holds it. Say so; never drop it silently.
            losses->add(tr("%1 shape thinner than a pixel not written"),
                        tr("%1 shapes thinner than a pixel not written"), where);
            continue;
        }
        result.boxes[n].append(air::Box{left, top, right, bottom});
    }
    return result;
}

/// Writes one frame from its stored lines, changing only the Clsn lines whose boxes changed.
/// defaults is the ClsnNDefault state the action has reached (as read, empty boxes included);
/// updated by the frame's lines.
void writeStoredFrame(const QStringList &stored, const FrameBoxes &current, bool latin1,
                      QList<air::Box> (&defaults)[2], QStringList *out) {
    // The Clsn block the element takes for each Clsn (the last header before it), as the
    // reader found it.
    std::optional<air::Block> last[2];
    for (qsizetype i = 0; i < stored.size(); ++i) {
        const std::optional<air::Header> header = air::header(air::code(stored[i], latin1), latin1);
        if (!header)
            continue;
        const air::Block block = air::readBlock(stored, i, *header, latin1);
        const int n = header->clsn - 1;
        if (header->isDefault)
            defaults[n] = block.boxes;
        last[n] = block;
        i = block.end - 1;
    }
    QHash<qsizetype, QStringList> replaced; // stored line index -> lines written instead
    QStringList appended;
    for (int n = 0; n < 2; ++n) {
        const QList<air::Box> &now = current.boxes[n];
        const QList<air::Box> read = shapeBoxes(last[n] ? last[n]->boxes : defaults[n]);
        if (now == read)
            continue;
        // Default blocks stay as they are: later elements depend on them.
        const bool own = last[n] && !last[n]->header.isDefault;
        if (own && read.size() == now.size() && last[n]->boxes.size() == read.size()) {
            // Same count: rewrite only the box lines that changed, keeping their spelling.
            for (qsizetype b = 0; b < read.size(); ++b) {
                if (read[b] != now[b]) {
                    const qsizetype line = last[n]->boxLines[b];
                    replaced[line] = {air::withBox(stored[line], now[b], latin1)};
                }
            }
        } else if (own) {
            const bool dropBlock = now == shapeBoxes(defaults[n]);
            replaced[last[n]->headerLine] =
                dropBlock ? QStringList() : blockLines(n + 1, false, now);
            for (qsizetype line : last[n]->boxLines)
                replaced[line] = {};
        } else {
            appended << blockLines(n + 1, false, now);
        }
    }
    for (qsizetype i = 0; i < stored.size(); ++i) {
        if (replaced.contains(i))
            *out << replaced.value(i);
        else
            *out << stored[i];
    }
    *out << appended;
}

} // namespace

QStringList AirFormat::exportWarnings(const DocumentData &document) const {
    QStringList warnings = engines::invalidShapeWarnings(document);
    engines::LossCounter losses;
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames)
            frameBoxes(sprite, frame, mLayers, &losses);
    }
    losses.appendTo(&warnings);
    // Durations are the elements' ticks; properties and image flips have no place in .air.
    warnings << engines::animationLossWarnings(document, tr("MUGEN .air files"),
                                               engines::KeptAnimationData::Durations);
    warnings << engines::pointLossWarnings(document, tr("MUGEN .air files"));
    // MUGEN moves a character in its states (.cns velset/posadd), not per animation element.
    warnings << engines::motionLossWarnings(document, tr("MUGEN .air files"));
    return warnings;
}

WriteResult AirFormat::write(const DocumentData &document, const FormatContext &,
                             const WriteOptions &options) const {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    const QJsonObject air = document.extra.value(kAir).toObject();
    const bool latin1 = air.value(kLatin1).toBool();
    QStringList out = toStrings(air.value(kPreamble));
    engines::LossCounter losses;
    // A new sprite named "<action> <words>" (as the reader names them) or "action-N" (as it
    // did before) keeps its number; any other name takes the next number and becomes the words.
    static const QRegularExpression actionNumber(
        QStringLiteral("^(?:action-(-?\\d+)|(-?\\d+)(?: (.*))?)$"),
        QRegularExpression::DotMatchesEverythingOption);
    // 64 bits: numbers near the int32 limit (the engine's Atoi clamps there) must not overflow.
    constexpr qint64 kMaxAction = std::numeric_limits<qint32>::max();
    qint64 nextAction = 0;
    for (const Sprite &sprite : document.sprites) {
        const QJsonObject spriteAir = sprite.extra.value(kAir).toObject();
        if (spriteAir.contains(kHeader)) {
            out << spriteAir.value(kHeader).toString();
            nextAction = std::max(nextAction,
                                  std::min(spriteAir.value(kAction).toInteger(), kMaxAction) + 1);
        } else {
            const QRegularExpressionMatch match = actionNumber.match(sprite.name);
            bool named = false;
            qint64 number = 0;
            QString words = sprite.name;
            if (match.hasMatch()) {
                const bool legacy = match.capturedLength(1) > 0;
                number = match.captured(legacy ? 1 : 2).toLongLong(&named);
                if (named)
                    words = legacy ? QString() : match.captured(3);
            }
            number = std::min(named ? number : nextAction, kMaxAction);
            nextAction = std::max(nextAction, number + 1);
            if (!out.isEmpty() && !out.last().trimmed().isEmpty())
                out << QString();
            // The words as the comment on the header's line, where the reader takes names from.
            words.replace(u'\r', u' ').replace(u'\n', u' ');
            out << (words.trimmed().isEmpty()
                        ? QStringLiteral("[Begin Action %1]").arg(number)
                        : QStringLiteral("[Begin Action %1] ; %2").arg(number).arg(words));
        }
        QList<air::Box> defaults[2];
        QList<FrameBoxes> boxes;
        for (const Frame &frame : sprite.frames)
            boxes << frameBoxes(sprite, frame, mLayers, &losses);
        for (qsizetype i = 0; i < sprite.frames.size(); ++i) {
            const Frame &frame = sprite.frames[i];
            const QJsonObject frameAir = frame.extra.value(kAir).toObject();
            const int ticks = msToTicks(sprite.frameDuration(i));
            if (frameAir.contains(kElement)) {
                writeStoredFrame(toStrings(frameAir.value(kLines)), boxes[i], latin1, defaults,
                                 &out);
                QString element = frameAir.value(kElement).toString();
                const std::optional<qint32> stored = air::elementTicks(element, latin1);
                // Durations keep their ticks unless edited (ms are rounded from ticks).
                const bool edited = frame.duration && stored && *stored > 0
                                        ? ticksToMs(*stored) != *frame.duration
                                        : frame.duration.has_value() && (!stored || *stored <= 0);
                if (edited && stored)
                    element = air::withTicks(element, ticks);
                out << element;
                continue;
            }
            for (int n = 0; n < 2; ++n) {
                const QList<air::Box> &current = boxes[i].boxes[n];
                if (current == shapeBoxes(defaults[n]))
                    continue;
                // Boxes repeated on the next element are written once, as ClsnNDefault.
                const bool repeated = !current.isEmpty() && i + 1 < sprite.frames.size() &&
                                      boxes[i + 1].boxes[n] == current &&
                                      !sprite.frames[i + 1].extra.contains(kAir);
                if (repeated)
                    defaults[n] = current;
                out << blockLines(n + 1, repeated, current);
            }
            out << QStringLiteral("0,0, 0,0, %1").arg(ticks);
        }
        out << toStrings(spriteAir.value(kTrailing));
    }
    losses.appendTo(&result.warnings);
    for (const QString &warning :
         engines::animationLossWarnings(document, tr("MUGEN .air files"),
                                        engines::KeptAnimationData::Durations) +
             engines::pointLossWarnings(document, tr("MUGEN .air files")) +
             engines::motionLossWarnings(document, tr("MUGEN .air files"))) {
        if (!result.warnings.contains(warning))
            result.warnings << warning;
    }
    result.bytes = encode(out, air);
    return result;
}

} // namespace hitsmith
