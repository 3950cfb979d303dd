#include "asepritefileformat.h"

#include "asefile.h"
#include "enginesupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonObject>
#include <QMap>

#include <cmath>

namespace hitsmith {

using engines::tr;

namespace {

const QString kNinePatch = QStringLiteral("aseprite-9patch");
const QString kUserData = QStringLiteral("aseprite-user-data");

Frame makeFrame(const ase::File &file, int index) {
    Frame frame;
    frame.name = QString::number(index);
    frame.duration =
        file.frames[index].duration > 0 ? file.frames[index].duration : kDefaultFrameDuration;
    frame.extra.insert(QStringLiteral("aseprite"), QJsonObject{{QStringLiteral("frame"), index}});
    for (const ase::Slice &slice : file.slices) {
        const ase::SliceKey *key = nullptr;
        for (const ase::SliceKey &k : slice.keys) {
            if (k.frame <= index && (!key || k.frame >= key->frame))
                key = &k;
        }
        if (!key || key->bounds.width() <= 0 || key->bounds.height() <= 0)
            continue;
        const QRectF bounds(key->bounds);
        Shape shape = Shape::rect(slice.name, bounds.center(), bounds.size(), 0.0,
                                  slice.text.isEmpty() ? Shape::defaultLayerName() : slice.text);
        if (key->center)
            shape.properties.insert(kNinePatch, QStringLiteral("%1 %2 %3 %4")
                                                    .arg(key->center->x())
                                                    .arg(key->center->y())
                                                    .arg(key->center->width())
                                                    .arg(key->center->height()));
        if (!slice.userData.isEmpty())
            shape.properties.insert(kUserData, QString::fromLatin1(slice.userData.toBase64()));
        engines::appendWithUniqueId(frame, shape, QStringLiteral("slice"));
        if (key->pivot)
            engines::appendWithUniqueId(frame,
                                        Shape::point(slice.name + QStringLiteral("-pivot"),
                                                     bounds.topLeft() + QPointF(*key->pivot),
                                                     shape.layer),
                                        QStringLiteral("pivot"));
    }
    return frame;
}

void putU16(QByteArray &b, qsizetype at, quint32 v) {
    b[at] = char(v & 0xff);
    b[at + 1] = char((v >> 8) & 0xff);
}
void putU32(QByteArray &b, qsizetype at, quint32 v) {
    for (int i = 0; i < 4; ++i)
        b[at + i] = char((v >> (8 * i)) & 0xff);
}
void appendU16(QByteArray &b, quint32 v) {
    b.append(char(v & 0xff)).append(char((v >> 8) & 0xff));
}
void appendU32(QByteArray &b, quint32 v) {
    for (int i = 0; i < 4; ++i)
        b.append(char((v >> (8 * i)) & 0xff));
}
void appendString(QByteArray &b, const QString &s) {
    const QByteArray utf8 = s.toUtf8().left(0xffff);
    appendU16(b, quint32(utf8.size()));
    b.append(utf8);
}
QByteArray chunk(int type, const QByteArray &data) {
    QByteArray b;
    appendU32(b, quint32(data.size() + 6));
    appendU16(b, quint32(type));
    return b + data;
}

/// The state of one slice on one Aseprite frame.
struct KeyState {
    bool present = false;
    QRect bounds;
    std::optional<QRect> center;
    std::optional<QPoint> pivot;
    bool operator==(const KeyState &) const = default;
};

} // namespace

int asepriteFrameIndex(const Frame &frame) {
    const QJsonValue value =
        frame.extra.value(QStringLiteral("aseprite")).toObject().value(QStringLiteral("frame"));
    return value.isDouble() ? value.toInt(-1) : -1;
}

QString AsepriteFileFormat::name() const {
    return QStringLiteral("aseprite-file");
}
QString AsepriteFileFormat::displayName() const {
    return tr("Aseprite file");
}
QStringList AsepriteFileFormat::extensions() const {
    return {QStringLiteral("aseprite"), QStringLiteral("ase")};
}
FileFormat::Capabilities AsepriteFileFormat::capabilities() const {
    return CanRead | CanWrite;
}

ReadResult AsepriteFileFormat::read(const QByteArray &bytes, const FormatContext &context) const {
    ReadResult result;
    std::optional<ase::File> file = ase::read(bytes, &result.error);
    if (!file)
        return result;
    result.warnings = file->warnings;
    int otherBlends = 0;
    for (const ase::Layer &layer : file->layers)
        if (layer.visible && layer.blendMode != 0 && layer.type != 1)
            ++otherBlends;
    if (otherBlends > 0)
        result.warnings << tr("%1 visible layer(s) use a blend mode other than normal; they are "
                              "drawn as normal")
                               .arg(otherBlends);
    const QString baseName = context.filePath.isEmpty()
                                 ? QStringLiteral("sprite")
                                 : QFileInfo(context.filePath).completeBaseName();
    const QString image = context.filePath.isEmpty()
                              ? QString()
                              : engines::rebasePath(QFileInfo(context.filePath).fileName(),
                                                    engines::fileDir(context), context.documentDir);
    const int frameCount = int(file->frames.size());
    DocumentData document;
    auto addSprite = [&](const QString &name, int from, int to) {
        Sprite sprite;
        sprite.name = name;
        sprite.image = image;
        for (int f = from; f <= to; ++f)
            sprite.frames.append(makeFrame(*file, f));
        for (int i = 2; document.indexOfSprite(sprite.name) >= 0; ++i)
            sprite.name = name + QStringLiteral("-%1").arg(i);
        document.sprites.append(sprite);
    };
    for (const ase::Tag &tag : file->tags) {
        if (tag.from > tag.to || tag.to >= frameCount) {
            result.warnings << tr("tag \"%1\" spans frames %2..%3 of %4; skipped")
                                   .arg(tag.name)
                                   .arg(tag.from)
                                   .arg(tag.to)
                                   .arg(frameCount);
            continue;
        }
        addSprite(tag.name.isEmpty() ? baseName : tag.name, tag.from, tag.to);
    }
    if (document.sprites.isEmpty()) {
        addSprite(baseName, 0, frameCount - 1);
    } else {
        // Frames in no tag are not lost: a sprite named after the file holds them, in order (so
        // that their slices are written back too).
        QList<bool> tagged(frameCount, false);
        for (const Sprite &sprite : document.sprites)
            for (const Frame &frame : sprite.frames)
                tagged[asepriteFrameIndex(frame)] = true;
        Sprite rest;
        rest.name = baseName;
        rest.image = image;
        for (int f = 0; f < frameCount; ++f)
            if (!tagged[f])
                rest.frames.append(makeFrame(*file, f));
        if (!rest.frames.isEmpty()) {
            for (int i = 2; document.indexOfSprite(rest.name) >= 0; ++i)
                rest.name = baseName + QStringLiteral("-%1").arg(i);
            document.sprites.append(rest);
        }
    }
    result.document = document;
    return result;
}

WriteResult AsepriteFileFormat::write(const DocumentData &document, const FormatContext &context,
                                      const WriteOptions &) const {
    WriteResult result;
    QString source;
    for (const Sprite &sprite : document.sprites) {
        const QString suffix = QFileInfo(sprite.image).suffix().toLower();
        if (suffix == QLatin1String("aseprite") || suffix == QLatin1String("ase")) {
            source = QDir(context.documentDir).absoluteFilePath(sprite.image);
            break;
        }
    }
    if (source.isEmpty()) {
        result.error = tr("the document was not read from an .aseprite file: no sprite's image "
                          "is one, so there is nothing to write the slices into");
        return result;
    }
    QFile in(source);
    if (!in.open(QIODevice::ReadOnly)) {
        result.error = tr("cannot read the source %1: %2").arg(source, in.errorString());
        return result;
    }
    const QByteArray bytes = in.readAll();
    QString error;
    const std::optional<ase::File> file = ase::read(bytes, &error);
    if (!file) {
        result.error = tr("the source %1 cannot be read: %2").arg(source, error);
        return result;
    }
    const int frameCount = int(file->frames.size());

    // Each rect id's state on each Aseprite frame, ids in first-seen order.
    QStringList ids;
    QMap<QString, QList<KeyState>> states;
    QMap<QString, QString> layers;
    QMap<QString, QByteArray> userData;
    int leftOut = 0, capsulesLeftOut = 0;
    int farAway = 0; // rectangles past kMaxCoordinate, which no slice can hold
    for (const Sprite &sprite : document.sprites) {
        for (const Frame &frame : sprite.frames) {
            const int index = asepriteFrameIndex(frame);
            if (index < 0 || index >= frameCount)
                continue;
            for (const Shape &shape : frame.shapes) {
                if (shape.type == ShapeType::Point && shape.id.endsWith(QStringLiteral("-pivot")))
                    continue;
                if (shape.type == ShapeType::Capsule) {
                    ++capsulesLeftOut;
                    continue;
                }
                if (shape.type != ShapeType::Rect || std::fmod(shape.angle, 180.0) != 0.0) {
                    ++leftOut;
                    continue;
                }
                const QSizeF size = std::fmod(shape.angle, 180.0) == 0.0
                                        ? shape.size
                                        : QSizeF(shape.size.height(), shape.size.width());
                const double left = std::round(shape.center.x() - size.width() / 2);
                const double top = std::round(shape.center.y() - size.height() / 2);
                const double width = std::round(size.width()), height = std::round(size.height());
                // A slice is whole pixels within +-kMaxCoordinate (a QRect, and the file's LONG).
                const auto within = [](double v) {
                    return std::isfinite(v) && std::fabs(v) <= ase::kMaxCoordinate;
                };
                if (!within(left) || !within(top) || !within(width) || !within(height) ||
                    width < 0 || height < 0) {
                    ++farAway;
                    continue;
                }
                if (!states.contains(shape.id)) {
                    ids << shape.id;
                    states.insert(shape.id, QList<KeyState>(frameCount));
                    layers.insert(shape.id, shape.layer);
                    if (shape.properties.contains(kUserData))
                        userData.insert(
                            shape.id, QByteArray::fromBase64(
                                          shape.properties.value(kUserData).toString().toLatin1()));
                }
                KeyState &state = states[shape.id][index];
                if (state.present)
                    continue; // the first document frame for an Aseprite frame decides
                state.present = true;
                state.bounds = QRect(int(left), int(top), int(width), int(height));
                const QStringList nine =
                    shape.properties.value(kNinePatch).toString().split(u' ', Qt::SkipEmptyParts);
                if (nine.size() == 4) {
                    int v[4];
                    bool ok = true;
                    for (int n = 0; n < 4 && ok; ++n) {
                        v[n] = nine[n].toInt(&ok);
                        ok = ok && within(v[n]) && (n < 2 || v[n] >= 0);
                    }
                    if (ok)
                        state.center = QRect(v[0], v[1], v[2], v[3]);
                }
                const qsizetype pivot = frame.indexOfShape(shape.id + QStringLiteral("-pivot"));
                if (pivot >= 0 && frame.shapes[pivot].type == ShapeType::Point &&
                    within(std::round(frame.shapes[pivot].center.x())) &&
                    within(std::round(frame.shapes[pivot].center.y()))) {
                    const QPointF p = frame.shapes[pivot].center;
                    state.pivot = QPoint(int(std::lround(p.x())) - state.bounds.x(),
                                         int(std::lround(p.y())) - state.bounds.y());
                }
            }
        }
    }
    if (farAway > 0)
        result.warnings << tr("%1 rectangle(s) lie more than %2 pixels from the canvas; left out")
                               .arg(farAway)
                               .arg(ase::kMaxCoordinate);
    if (capsulesLeftOut > 0)
        result.warnings << tr("%1 capsule(s) left out (Aseprite slices are axis-aligned "
                              "rectangles)")
                               .arg(capsulesLeftOut);
    if (leftOut > 0)
        result.warnings << tr("%1 shape(s) are not axis-aligned rectangles (rotated rects, "
                              "polygons, circles) and cannot be slices; left out")
                               .arg(leftOut);

    QByteArray sliceChunks;
    int newChunks = 0;
    for (const QString &id : ids) {
        const QList<KeyState> &perFrame = states[id];
        QList<std::pair<int, KeyState>> keys;
        KeyState previous;
        for (int f = 0; f < frameCount; ++f) {
            if (perFrame[f] == previous)
                continue;
            keys.append({f, perFrame[f]});
            previous = perFrame[f];
        }
        bool anyCenter = false, anyPivot = false;
        for (const auto &key : keys) {
            anyCenter = anyCenter || key.second.center.has_value();
            anyPivot = anyPivot || key.second.pivot.has_value();
        }
        QByteArray data;
        appendU32(data, quint32(keys.size()));
        appendU32(data, (anyCenter ? 1u : 0u) | (anyPivot ? 2u : 0u));
        appendU32(data, 0);
        appendString(data, id);
        for (const auto &[frame, key] : keys) {
            appendU32(data, quint32(frame));
            appendU32(data, quint32(key.bounds.x()));
            appendU32(data, quint32(key.bounds.y()));
            appendU32(data, key.present ? quint32(key.bounds.width()) : 0);
            appendU32(data, key.present ? quint32(key.bounds.height()) : 0);
            if (anyCenter) {
                const QRect c = key.center.value_or(QRect());
                appendU32(data, quint32(c.x()));
                appendU32(data, quint32(c.y()));
                appendU32(data, quint32(c.width()));
                appendU32(data, quint32(c.height()));
            }
            if (anyPivot) {
                const QPoint p = key.pivot.value_or(QPoint());
                appendU32(data, quint32(p.x()));
                appendU32(data, quint32(p.y()));
            }
        }
        sliceChunks += chunk(0x2022, data);
        ++newChunks;
        const QString layer = layers.value(id);
        const QString text = layer == Shape::defaultLayerName() ? QString() : layer;
        QByteArray user = userData.value(id);
        bool keep = false;
        if (!user.isEmpty() && user.size() >= 4) {
            // Unchanged when its text still names the shape's layer.
            const quint32 flags = quint8(user[0]) | quint32(quint8(user[1])) << 8;
            QString oldText;
            if ((flags & 1) && user.size() >= 6) {
                const int length = quint8(user[4]) | int(quint8(user[5])) << 8;
                oldText = QString::fromUtf8(user.mid(6, length));
            }
            keep = oldText == text;
        }
        if (!keep && !text.isEmpty()) {
            user.clear();
            appendU32(user, 1);
            appendString(user, text);
            keep = true;
        }
        if (keep) {
            sliceChunks += chunk(0x2020, user);
            ++newChunks;
        }
    }

    // Copy every frame's chunks but the slices and their user data; slices go at the end of the
    // first frame, where Aseprite writes them.
    QByteArray out = bytes.left(128);
    qsizetype chunkIndex = 0;
    qsizetype pos = 128;
    for (int f = 0; f < frameCount; ++f) {
        QByteArray frameBytes = bytes.mid(pos, 16);
        const quint32 oldSize = quint8(bytes[pos]) | quint32(quint8(bytes[pos + 1])) << 8 |
                                quint32(quint8(bytes[pos + 2])) << 16 |
                                quint32(quint8(bytes[pos + 3])) << 24;
        quint32 count = 0;
        bool afterSlice = false;
        for (; chunkIndex < file->chunks.size() && file->chunks[chunkIndex].frame == f;
             ++chunkIndex) {
            const ase::ChunkSpan &span = file->chunks[chunkIndex];
            // A deprecated 0x2021 chunk's slices are written again as 0x2022 chunks.
            const bool drop =
                span.type == 0x2022 || span.type == 0x2021 || (span.type == 0x2020 && afterSlice);
            afterSlice = span.type == 0x2022;
            if (drop)
                continue;
            frameBytes += bytes.mid(span.offset, span.size);
            ++count;
        }
        if (f == 0) {
            frameBytes += sliceChunks;
            count += quint32(newChunks);
        }
        putU32(frameBytes, 0, quint32(frameBytes.size()));
        putU16(frameBytes, 6, count >= 0xffff ? 0xffff : count);
        putU32(frameBytes, 12, count);
        out += frameBytes;
        pos += oldSize;
    }
    putU32(out, 0, quint32(out.size()));
    result.bytes = out;
    return result;
}

} // namespace hitsmith
