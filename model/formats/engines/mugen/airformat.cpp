#include "airformat.h"

#include "animationloss.h"
#include "enginesupport.h"
#include "validation.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QStringDecoder>

#include <cmath>

namespace hitsmith {

using engines::tr;

namespace {

const QString kAir = QStringLiteral("air");
const QString kLines = QStringLiteral("lines");
const QString kElement = QStringLiteral("element");
const QString kHeader = QStringLiteral("header");
const QString kTrailing = QStringLiteral("trailing");
const QString kPreamble = QStringLiteral("preamble");
const QString kNewline = QStringLiteral("newline");
const QString kFinalNewline = QStringLiteral("finalNewline");
const QString kLatin1 = QStringLiteral("latin1");

/// Thrown for lines that cannot be read; the message names the line.
struct AirError {
    QString message;
};

/// What one line of an .air file is, with comments (after ';') ignored.
struct Line {
    enum Kind { Other, Action, ClsnHeader, ClsnBox, Element } kind = Other;
    int clsn = 0;           ///< 1 or 2 for Clsn lines
    bool isDefault = false; ///< ClsnNDefault
    int count = 0;          ///< boxes announced by a Clsn header
    QRect box;              ///< ClsnBox, normalised
    int action = 0;         ///< Action number
};

QString codePart(const QString &raw) {
    const qsizetype semicolon = raw.indexOf(u';');
    return (semicolon < 0 ? raw : raw.left(semicolon)).trimmed();
}

Line classify(const QString &raw, int lineNumber) {
    static const QRegularExpression action(
        QStringLiteral("^\\[\\s*begin\\s+action\\s+(-?\\d+)\\s*\\]"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression header(QStringLiteral("^clsn([12])(default)?\\s*:\\s*(\\d+)$"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression box(
        QStringLiteral("^clsn([12])\\s*\\[\\s*\\d+\\s*\\]\\s*=(.*)$"),
        QRegularExpression::CaseInsensitiveOption);
    const QString code = codePart(raw);
    Line line;
    QRegularExpressionMatch match;
    if ((match = action.match(code)).hasMatch()) {
        line.kind = Line::Action;
        line.action = match.captured(1).toInt();
    } else if ((match = header.match(code)).hasMatch()) {
        line.kind = Line::ClsnHeader;
        line.clsn = match.captured(1).toInt();
        line.isDefault = !match.captured(2).isEmpty();
        line.count = match.captured(3).toInt();
    } else if ((match = box.match(code)).hasMatch()) {
        line.kind = Line::ClsnBox;
        line.clsn = match.captured(1).toInt();
        const QStringList parts = match.captured(2).split(u',');
        double v[4] = {};
        bool ok = parts.size() == 4;
        for (int i = 0; ok && i < 4; ++i) {
            v[i] = parts[i].trimmed().toDouble(&ok);
            ok = ok && !engines::checkImportedNumber(v[i]);
        }
        if (!ok)
            throw AirError{tr("line %1: Clsn box: expected four numbers x1, y1, x2, y2 within "
                              "range, got \"%2\"")
                               .arg(lineNumber)
                               .arg(code.left(60))};
        const int x1 = int(std::lround(v[0])), y1 = int(std::lround(v[1]));
        const int x2 = int(std::lround(v[2])), y2 = int(std::lround(v[3]));
        line.box = QRect(QPoint(std::min(x1, x2), std::min(y1, y2)),
                         QPoint(std::max(x1, x2) - 1, std::max(y1, y2) - 1));
    } else if (!code.isEmpty() && (code[0].isDigit() || code[0] == u'-') && code.count(u',') >= 4) {
        line.kind = Line::Element;
    } else if (code.startsWith(QLatin1String("clsn"), Qt::CaseInsensitive)) {
        throw AirError{tr("line %1: cannot read \"%2\"").arg(lineNumber).arg(code.left(60))};
    }
    return line;
}

/// The ticks field (the fifth) of an element line, or nullopt when it is not a number.
std::optional<int> elementTicks(const QString &raw) {
    const QStringList fields = codePart(raw).split(u',');
    bool ok = false;
    const int ticks = fields.value(4).trimmed().toInt(&ok);
    return ok ? std::optional<int>(ticks) : std::nullopt;
}

/// The element line with its ticks field replaced, spacing and comment kept.
QString withTicks(const QString &raw, int ticks) {
    const qsizetype semicolon = raw.indexOf(u';');
    const QString code = semicolon < 0 ? raw : raw.left(semicolon);
    const QString comment = semicolon < 0 ? QString() : raw.mid(semicolon);
    QStringList fields = code.split(u',');
    const QString old = fields[4];
    qsizetype lead = 0, trail = 0;
    while (lead < old.size() && old[lead].isSpace())
        ++lead;
    while (trail < old.size() - lead && old[old.size() - 1 - trail].isSpace())
        ++trail;
    fields[4] = old.left(lead) + QString::number(ticks) + old.right(trail);
    return fields.join(u',') + comment;
}

QString boxText(const QRect &box) {
    return QStringLiteral("%1, %2, %3, %4")
        .arg(box.left())
        .arg(box.top())
        .arg(box.right() + 1)
        .arg(box.bottom() + 1);
}

QStringList blockLines(int clsn, bool isDefault, const QList<QRect> &boxes) {
    QStringList lines{QStringLiteral("Clsn%1%2: %3")
                          .arg(clsn)
                          .arg(isDefault ? QStringLiteral("Default") : QString())
                          .arg(boxes.size())};
    for (qsizetype i = 0; i < boxes.size(); ++i)
        lines << QStringLiteral("  Clsn%1[%2] = %3").arg(clsn).arg(i).arg(boxText(boxes[i]));
    return lines;
}

QStringList toStrings(const QJsonValue &value) {
    QStringList lines;
    for (const QJsonValue &line : value.toArray())
        lines << line.toString();
    return lines;
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
    QStringDecoder decoder(QStringDecoder::Utf8);
    QString text = decoder.decode(bytes);
    const bool latin1 = decoder.hasError();
    if (latin1)
        text = QString::fromLatin1(bytes); // old MUGEN files are often Latin-1
    if (text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    const bool crlf = text.contains(QStringLiteral("\r\n"));
    QStringList lines = text.split(u'\n');
    const bool finalNewline = lines.size() > 1 && lines.last().isEmpty();
    if (finalNewline)
        lines.removeLast();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        // A '\r' is part of the line break only when a '\n' follows it.
        if (lines[i].endsWith(u'\r') && (finalNewline || i + 1 < lines.size()))
            lines[i].chop(1);
    }

    DocumentData document;
    engines::LossCounter losses;
    QStringList pending, preamble;
    Sprite *sprite = nullptr;
    QList<QRect> defaults[2], explicitBoxes[2];
    bool hasExplicit[2] = {false, false};
    QList<QRect> *target = nullptr;
    int announced = 0, targetLine = 0;
    auto checkCount = [&] {
        if (target && target->size() != announced)
            result.warnings << tr("line %1: Clsn header announces %2 boxes, %3 follow")
                                   .arg(targetLine)
                                   .arg(announced)
                                   .arg(target->size());
        target = nullptr;
    };
    try {
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QString &raw = lines[i];
            const int number = int(i) + 1;
            const Line line = classify(raw, number);
            if (line.kind != Line::ClsnBox)
                checkCount();
            switch (line.kind) {
            case Line::Action: {
                if (sprite)
                    sprite->extra[kAir] =
                        QJsonObject{{kHeader, sprite->extra[kAir].toObject()[kHeader]},
                                    {kTrailing, QJsonArray::fromStringList(pending)}};
                else
                    preamble = pending;
                pending.clear();
                Sprite next;
                next.name = QStringLiteral("action-%1").arg(line.action);
                if (document.indexOfSprite(next.name) >= 0)
                    next.name = QStringLiteral("action-%1-line-%2").arg(line.action).arg(number);
                next.extra[kAir] = QJsonObject{{kHeader, raw}};
                document.sprites.append(next);
                sprite = &document.sprites.last();
                defaults[0].clear();
                defaults[1].clear();
                hasExplicit[0] = hasExplicit[1] = false;
                break;
            }
            case Line::ClsnHeader: {
                pending << raw;
                const int n = line.clsn - 1;
                if (line.isDefault) {
                    target = &defaults[n];
                } else {
                    target = &explicitBoxes[n];
                    hasExplicit[n] = true;
                }
                target->clear();
                announced = line.count;
                targetLine = number;
                break;
            }
            case Line::ClsnBox:
                pending << raw;
                if (!target ||
                    (target != &defaults[line.clsn - 1] && target != &explicitBoxes[line.clsn - 1]))
                    throw AirError{tr("line %1: Clsn%2 box without a Clsn%2 or Clsn%2Default "
                                      "line before it")
                                       .arg(number)
                                       .arg(line.clsn)};
                target->append(line.box);
                break;
            case Line::Element: {
                if (!sprite)
                    throw AirError{
                        tr("line %1: animation element before any [Begin Action]").arg(number)};
                Frame frame;
                frame.name = QStringLiteral("element-%1").arg(sprite->frames.size() + 1);
                frame.origin = QPointF(0, 0); // the character's axis
                if (const std::optional<int> ticks = elementTicks(raw); ticks && *ticks > 0)
                    frame.duration = ticksToMs(*ticks);
                for (int n = 0; n < 2; ++n) {
                    const QList<QRect> &boxes = hasExplicit[n] ? explicitBoxes[n] : defaults[n];
                    for (qsizetype b = 0; b < boxes.size(); ++b) {
                        const QRect &box = boxes[b];
                        if (box.width() <= 0 || box.height() <= 0) {
                            losses.add(tr("%1 zero-size box skipped"),
                                       tr("%1 zero-size boxes skipped"),
                                       tr("%1/%2").arg(sprite->name, frame.name));
                            continue;
                        }
                        const QRectF r(box.left(), box.top(), box.width(), box.height());
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
                break;
            }
            case Line::Other:
                pending << raw;
                break;
            }
        }
        checkCount();
    } catch (const AirError &error) {
        result.error = error.message;
        return result;
    }
    if (sprite)
        sprite->extra[kAir] = QJsonObject{{kHeader, sprite->extra[kAir].toObject()[kHeader]},
                                          {kTrailing, QJsonArray::fromStringList(pending)}};
    else
        preamble = pending;
    if (document.sprites.isEmpty()) {
        result.error = tr("no [Begin Action N] block; not a MUGEN .air file");
        return result;
    }
    document.extra[kAir] =
        QJsonObject{{kPreamble, QJsonArray::fromStringList(preamble)},
                    {kNewline, crlf ? QStringLiteral("\r\n") : QStringLiteral("\n")},
                    {kFinalNewline, finalNewline}};
    document.collide = QList<LayerPair>{{mLayers[0], mLayers[1]}};
    result.warnings << losses.lines();
    result.document = std::move(document);
    return result;
}

namespace {

/// The boxes a frame's shapes make on each Clsn layer, with what did not fit counted.
struct FrameBoxes {
    QList<QRect> boxes[2];
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
        result.boxes[n].append(QRect(QPoint(left, top), QPoint(right - 1, bottom - 1)));
    }
    return result;
}

/// Writes one frame from its stored lines, changing only the Clsn lines whose boxes changed.
/// defaults is the ClsnNDefault state the file has reached; updated by the frame's lines.
void writeStoredFrame(const QStringList &stored, const FrameBoxes &current,
                      QList<QRect> (&defaults)[2], QStringList *out) {
    // Where each Clsn block of the stored lines is, and the boxes it gives.
    struct Block {
        qsizetype header = -1;
        QList<qsizetype> boxLines;
        QList<QRect> boxes;
    };
    Block explicitBlock[2];
    QList<Line> parsed;
    Block *open = nullptr;
    for (qsizetype i = 0; i < stored.size(); ++i) {
        const Line line = classify(stored[i], 0);
        parsed << line;
        if (line.kind == Line::ClsnHeader) {
            const int n = line.clsn - 1;
            if (line.isDefault) {
                defaults[n].clear();
                open = nullptr;
                // Default blocks are kept as they are: later elements depend on them.
                for (qsizetype j = i + 1; j < stored.size(); ++j) {
                    const Line box = classify(stored[j], 0);
                    if (box.kind != Line::ClsnBox)
                        break;
                    defaults[n].append(box.box);
                }
            } else {
                explicitBlock[n] = Block{i, {}, {}};
                open = &explicitBlock[n];
            }
        } else if (line.kind == Line::ClsnBox) {
            if (open) {
                open->boxLines << i;
                open->boxes << line.box;
            }
        } else {
            open = nullptr;
        }
    }
    QHash<qsizetype, QStringList> replaced; // stored line index -> lines written instead
    QStringList appended;
    for (int n = 0; n < 2; ++n) {
        const Block &block = explicitBlock[n];
        const QList<QRect> original = block.header >= 0 ? block.boxes : defaults[n];
        if (current.boxes[n] == original)
            continue;
        if (block.header >= 0 && block.boxes.size() == current.boxes[n].size()) {
            // Same count: rewrite only the box lines that changed, keeping their spelling.
            for (qsizetype b = 0; b < block.boxes.size(); ++b) {
                if (block.boxes[b] == current.boxes[n][b])
                    continue;
                const QString &raw = stored[block.boxLines[b]];
                const qsizetype equals = raw.indexOf(u'=');
                replaced[block.boxLines[b]] = {raw.left(equals + 1) + u' ' +
                                               boxText(current.boxes[n][b])};
            }
        } else if (block.header >= 0) {
            const bool dropBlock = current.boxes[n] == defaults[n];
            replaced[block.header] =
                dropBlock ? QStringList() : blockLines(n + 1, false, current.boxes[n]);
            for (qsizetype line : block.boxLines)
                replaced[line] = {};
        } else {
            appended << blockLines(n + 1, false, current.boxes[n]);
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
    return warnings;
}

WriteResult AirFormat::write(const DocumentData &document, const FormatContext &,
                             const WriteOptions &options) const {
    WriteResult result;
    if (!engines::checkInvalidShapes(document, options, &result))
        return result;
    const QJsonObject air = document.extra.value(kAir).toObject();
    QStringList out = toStrings(air.value(kPreamble));
    engines::LossCounter losses;
    static const QRegularExpression actionNumber(QStringLiteral("^action-(-?\\d+)$"));
    int nextAction = 0;
    for (const Sprite &sprite : document.sprites) {
        const QJsonObject spriteAir = sprite.extra.value(kAir).toObject();
        if (spriteAir.contains(kHeader)) {
            out << spriteAir.value(kHeader).toString();
        } else {
            const QRegularExpressionMatch match = actionNumber.match(sprite.name);
            const int number = match.hasMatch() ? match.captured(1).toInt() : nextAction;
            nextAction = std::max(nextAction, number + 1);
            if (!out.isEmpty() && !out.last().trimmed().isEmpty())
                out << QString();
            out << QStringLiteral("[Begin Action %1]").arg(number)
                << QStringLiteral("; %1").arg(sprite.name);
        }
        QList<QRect> defaults[2];
        QList<FrameBoxes> boxes;
        for (const Frame &frame : sprite.frames)
            boxes << frameBoxes(sprite, frame, mLayers, &losses);
        for (qsizetype i = 0; i < sprite.frames.size(); ++i) {
            const Frame &frame = sprite.frames[i];
            const QJsonObject frameAir = frame.extra.value(kAir).toObject();
            const int ticks = msToTicks(sprite.frameDuration(i));
            if (frameAir.contains(kElement)) {
                writeStoredFrame(toStrings(frameAir.value(kLines)), boxes[i], defaults, &out);
                QString element = frameAir.value(kElement).toString();
                const std::optional<int> stored = elementTicks(element);
                // Durations keep their ticks unless edited (ms are rounded from ticks).
                const bool edited = frame.duration && stored && *stored > 0
                                        ? ticksToMs(*stored) != *frame.duration
                                        : frame.duration.has_value() && (!stored || *stored <= 0);
                if (edited && stored)
                    element = withTicks(element, ticks);
                out << element;
                continue;
            }
            for (int n = 0; n < 2; ++n) {
                const QList<QRect> &current = boxes[i].boxes[n];
                if (current == defaults[n])
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
    for (const QString &warning : engines::animationLossWarnings(
             document, tr("MUGEN .air files"), engines::KeptAnimationData::Durations)) {
        if (!result.warnings.contains(warning))
            result.warnings << warning;
    }
    const QString newline =
        air.contains(kNewline) ? air.value(kNewline).toString() : QStringLiteral("\n");
    QString text = out.join(newline);
    if (air.value(kFinalNewline).toBool(true))
        text += newline;
    result.bytes = air.value(kLatin1).toBool() ? text.toLatin1() : text.toUtf8();
    return result;
}

} // namespace hitsmith
