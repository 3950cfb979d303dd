#include "asefile.h"

#include <QCoreApplication>

#include <zlib.h>

#include <algorithm>

namespace hitsmith::ase {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::ase", text);
}

/// Thrown with a message; read() prefixes the frame and chunk.
struct Failure {
    QString message;
};

/// Little-endian reads within [pos, end); any read past end fails.
class Reader {
public:
    Reader(const QByteArray &bytes, qsizetype pos, qsizetype end)
        : mBytes(bytes)
        , mPos(pos)
        , mEnd(end) {}
    qsizetype pos() const { return mPos; }
    qsizetype left() const { return mEnd - mPos; }
    void need(qsizetype n) const {
        if (n < 0 || n > left())
            throw Failure{tr("data runs past the end of the chunk")};
    }
    quint32 u(int n) {
        need(n);
        quint32 v = 0;
        for (int i = 0; i < n; ++i)
            v |= quint32(quint8(mBytes[mPos + i])) << (8 * i);
        mPos += n;
        return v;
    }
    quint8 byte() { return quint8(u(1)); }
    quint16 word() { return quint16(u(2)); }
    qint16 shortValue() { return qint16(u(2)); }
    quint32 dword() { return u(4); }
    qint32 longValue() { return qint32(u(4)); }
    void skip(qsizetype n) {
        need(n);
        mPos += n;
    }
    QString string() {
        const quint16 length = word();
        need(length);
        const QString s = QString::fromUtf8(mBytes.constData() + mPos, length);
        mPos += length;
        return s;
    }
    const char *data() const { return mBytes.constData() + mPos; }

private:
    const QByteArray &mBytes;
    qsizetype mPos;
    qsizetype mEnd;
};

/// A cel's inflated pixels: at most the cel's bytes, fewer when the stream ends early or is
/// damaged (Aseprite reads a cel that far, says so and goes on: read_compressed_image).
struct InflatedCel {
    QByteArray bytes;
    bool damaged = false;
};

/// Inflates at most expected bytes, growing as output comes (a stream that stops early costs
/// what it gives, not the cel's declared size). More than the cel holds is a decompression bomb:
/// that fails, naming the cel's size.
InflatedCel inflateCel(const char *data, qsizetype size, qsizetype expected) {
    InflatedCel out;
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK)
        throw Failure{tr("zlib cannot start")};
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
    stream.avail_in = uInt(size);
    char buffer[65536];
    int status = Z_OK;
    while (out.bytes.size() < expected) {
        const qsizetype room = std::min<qsizetype>(sizeof buffer, expected - out.bytes.size());
        stream.next_out = reinterpret_cast<Bytef *>(buffer);
        stream.avail_out = uInt(room);
        status = inflate(&stream, Z_NO_FLUSH);
        out.bytes.append(buffer, room - qsizetype(stream.avail_out));
        if (status != Z_OK)
            break; // the end, no more input (Z_BUF_ERROR) or damage
    }
    bool overflow = false;
    if (out.bytes.size() == expected && status == Z_OK && stream.avail_in > 0) {
        // The cel is full and input is left: does the stream give more than declared?
        char extra[16];
        stream.next_out = reinterpret_cast<Bytef *>(extra);
        stream.avail_out = sizeof extra;
        status = inflate(&stream, Z_FINISH);
        overflow = stream.avail_out < sizeof extra;
    }
    inflateEnd(&stream);
    if (overflow)
        throw Failure{tr("compressed pixels expand beyond the cel's %1 bytes (a decompression "
                         "bomb)")
                          .arg(expected)};
    out.damaged = status != Z_STREAM_END && status != Z_BUF_ERROR && status != Z_OK;
    return out;
}

void checkSize(int w, int h) {
    if (w > kMaxSide || h > kMaxSide || qint64(w) * h > kMaxPixels)
        throw Failure{tr("%1 x %2 pixels is larger than Hitsmith reads (at most %3 a side, %4 "
                         "pixels)")
                          .arg(w)
                          .arg(h)
                          .arg(kMaxSide)
                          .arg(kMaxPixels)};
}

QImage decodePixels(const File &file, const char *pixels, int w, int h, bool background) {
    QImage image(w, h, QImage::Format_ARGB32);
    const int bpp = file.depth / 8;
    for (int y = 0; y < h; ++y) {
        QRgb *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < w; ++x) {
            const auto *p = reinterpret_cast<const quint8 *>(pixels) + (qsizetype(y) * w + x) * bpp;
            if (bpp == 4) {
                line[x] = qRgba(p[0], p[1], p[2], p[3]);
            } else if (bpp == 2) {
                line[x] = qRgba(p[0], p[0], p[0], p[1]);
            } else {
                const int index = p[0];
                if (index == file.transparentIndex && !background)
                    line[x] = 0;
                else // Aseprite's Palette::entry: an index past the palette is transparent
                    line[x] = index < file.palette.size() ? file.palette[index] : 0;
            }
        }
    }
    return image;
}

const char *chunkName(int type) {
    switch (type) {
    case 0x0004:
    case 0x000B:
        return "old palette";
    case 0x2004:
        return "layer";
    case 0x2005:
        return "cel";
    case 0x2006:
        return "cel extra";
    case 0x2007:
        return "color profile";
    case 0x2008:
        return "external files";
    case 0x2016:
        return "mask";
    case 0x2017:
        return "path";
    case 0x2018:
        return "tags";
    case 0x2019:
        return "palette";
    case 0x2020:
        return "user data";
    case 0x2021:
        return "slices (deprecated)";
    case 0x2022:
        return "slice";
    case 0x2023:
        return "tileset";
    default:
        return "unknown";
    }
}

int mulUn8(int a, int b) {
    const int t = a * b + 0x80;
    return ((t >> 8) + t) >> 8;
}

/// Aseprite's rgba_blender_normal.
QRgb blendNormal(QRgb backdrop, QRgb src, int opacity) {
    if (qAlpha(backdrop) == 0)
        return (src & 0x00ffffff) | (quint32(mulUn8(qAlpha(src), opacity)) << 24);
    if (qAlpha(src) == 0)
        return backdrop;
    const int Br = qRed(backdrop), Bg = qGreen(backdrop), Bb = qBlue(backdrop),
              Ba = qAlpha(backdrop);
    const int Sr = qRed(src), Sg = qGreen(src), Sb = qBlue(src);
    const int Sa = mulUn8(qAlpha(src), opacity);
    const int Ra = Sa + Ba - mulUn8(Ba, Sa);
    if (Ra == 0)
        return 0;
    return qRgba(Br + (Sr - Br) * Sa / Ra, Bg + (Sg - Bg) * Sa / Ra, Bb + (Sb - Bb) * Sa / Ra, Ra);
}

/// One slice (the body of a 0x2022 chunk, or one of a deprecated 0x2021 chunk's slices).
Slice readSlice(Reader &r) {
    Slice slice;
    const quint32 keys = r.dword();
    const quint32 flags = r.dword();
    r.dword();
    slice.name = r.string();
    const qsizetype keyBytes = 20 + ((flags & 1) ? 16 : 0) + ((flags & 2) ? 8 : 0);
    if (qint64(keys) * keyBytes > r.left())
        throw Failure{tr("%1 slice keys run past the end of the chunk").arg(keys)};
    for (quint32 i = 0; i < keys; ++i) {
        SliceKey key;
        key.frame = int(r.dword());
        const int x = r.longValue();
        const int y = r.longValue();
        const quint32 w = r.dword();
        const quint32 hh = r.dword();
        if (w > quint32(kMaxSide) * 4 || hh > quint32(kMaxSide) * 4)
            throw Failure{
                tr("slice \"%1\" key %2 is %3 x %4 pixels").arg(slice.name).arg(i).arg(w).arg(hh)};
        // QRect keeps x + w - 1: a corner past +-2^28 could overflow it, and
        // no canvas (65,535 px at most) has one.
        const auto far = [](qint64 v) { return v < -kMaxCoordinate || v > kMaxCoordinate; };
        if (far(x) || far(y))
            throw Failure{tr("slice \"%1\" key %2 lies at (%3, %4), past %5 pixels")
                              .arg(slice.name)
                              .arg(i)
                              .arg(x)
                              .arg(y)
                              .arg(kMaxCoordinate)};
        key.bounds = QRect(x, y, int(w), int(hh));
        if (flags & 1) {
            const int cx = r.longValue(), cy = r.longValue();
            const quint32 cw = r.dword(), chh = r.dword();
            if (far(cx) || far(cy) || cw > quint32(kMaxCoordinate) || chh > quint32(kMaxCoordinate))
                throw Failure{tr("slice \"%1\" key %2 has a 9-patch centre "
                                 "(%3, %4, %5 x %6) past %7 pixels")
                                  .arg(slice.name)
                                  .arg(i)
                                  .arg(cx)
                                  .arg(cy)
                                  .arg(cw)
                                  .arg(chh)
                                  .arg(kMaxCoordinate)};
            key.center = QRect(cx, cy, int(cw), int(chh));
        }
        if (flags & 2) {
            const int px = r.longValue(), py = r.longValue();
            key.pivot = QPoint(px, py);
        }
        slice.keys.append(key);
    }
    return slice;
}

} // namespace

bool hasMagic(const QByteArray &bytes) {
    return bytes.size() >= 6 && quint8(bytes[4]) == 0xE0 && quint8(bytes[5]) == 0xA5;
}

std::optional<File> read(const QByteArray &bytes, QString *error) {
    File file;
    QString where = tr("header");
    try {
        if (bytes.size() < 128)
            throw Failure{
                tr("the file is %1 bytes, shorter than the 128-byte header").arg(bytes.size())};
        Reader h(bytes, 0, 128);
        h.dword(); // file size (not trusted)
        if (h.word() != 0xA5E0)
            throw Failure{tr("no Aseprite magic number 0xA5E0 at offset 4")};
        const int frameCount = h.word();
        file.width = h.word();
        file.height = h.word();
        file.depth = h.word();
        file.flags = int(h.dword());
        // Every frame's duration unless its own is above 0; Aseprite keeps durations of 1 ms
        // or more (Sprite::setFrameDuration), so a speed of 0 is 1 ms.
        file.speed = std::max(1, int(h.word()));
        h.dword();
        h.dword();
        file.transparentIndex = h.byte();
        h.skip(3);
        const int colourCount = h.word(); // the palette's size; 0 is 256 (old files)
        if (file.depth != 32 && file.depth != 16 && file.depth != 8)
            throw Failure{tr("colour depth %1 is none of 32, 16 and 8").arg(file.depth)};
        if (file.width == 0 || file.height == 0)
            throw Failure{tr("the canvas is empty (%1 x %2)").arg(file.width).arg(file.height)};
        checkSize(file.width, file.height);
        if (file.depth == 8)
            file.palette = QList<QRgb>(colourCount == 0 ? 256 : colourCount, qRgba(0, 0, 0, 255));
        else
            file.transparentIndex = 0; // only indexed images have one (Aseprite's readHeader)

        qsizetype pos = 128;
        bool lastWasSlice = false;
        int tagUserData = -1; // index of the next tag a user-data chunk belongs to
        for (int f = 0; f < frameCount; ++f) {
            where = tr("frame %1").arg(f);
            if (bytes.size() - pos < 16)
                throw Failure{tr("the file ends before the frame's header")};
            Reader fh(bytes, pos, pos + 16);
            const quint32 frameBytes = fh.dword();
            const bool magic = fh.word() == 0xF1FA;
            const quint32 oldCount = fh.word();
            FrameData frame;
            const int ownDuration = fh.word();
            frame.duration = magic && ownDuration > 0 ? ownDuration : file.speed;
            fh.skip(2);
            const quint32 newCount = fh.dword();
            // Aseprite's readFrameHeader: the WORD count, unless it is 0xFFFF and the DWORD is
            // larger (files before 1.2 leave the DWORD 0; the spec's "use the DWORD unless 0"
            // reads the same on every file Aseprite writes).
            quint32 chunkCount = oldCount == 0xFFFF && newCount > oldCount ? newCount : oldCount;
            if (frameBytes < 16 || qint64(frameBytes) > bytes.size() - pos)
                throw Failure{
                    tr("the frame's size %1 runs past the end of the file").arg(frameBytes)};
            if (!magic) {
                // Aseprite reads no chunk of such a frame and goes on with the next one.
                file.warnings << tr("frame %1 has no frame magic number 0xF1FA; its chunks are "
                                    "skipped, as Aseprite skips them")
                                     .arg(f);
                chunkCount = 0;
            }
            const qsizetype frameEnd = pos + frameBytes;
            qsizetype c = pos + 16;
            for (quint32 k = 0; k < chunkCount; ++k) {
                where = tr("frame %1, chunk %2").arg(f).arg(k);
                if (frameEnd - c < 6)
                    throw Failure{tr("the frame ends before the chunk's header")};
                Reader ch(bytes, c, frameEnd);
                const quint32 chunkSize = ch.dword();
                const int type = ch.word();
                where = tr("frame %1, chunk %2 (%3 0x%4)")
                            .arg(f)
                            .arg(k)
                            .arg(QLatin1String(chunkName(type)))
                            .arg(type, 4, 16, QLatin1Char('0'));
                if (chunkSize < 6 || qint64(chunkSize) > frameEnd - c)
                    throw Failure{
                        tr("the chunk's size %1 runs past the end of the frame").arg(chunkSize)};
                file.chunks.append({f, type, c, qsizetype(chunkSize)});
                Reader r(bytes, c + 6, c + chunkSize);
                const bool afterSlice = lastWasSlice;
                lastWasSlice = false;
                switch (type) {
                // FLI colour chunks: 0x0004 holds 8-bit components, 0x000B (decimal 11, which
                // the spec's heading spells "0x0011") 6-bit ones, as in Aseprite's
                // aseprite_common.h; a file's own 0x2019 palette makes both ignored.
                case 0x0004:
                case 0x000B: {
                    if (file.depth != 8)
                        break;
                    bool hasNewPalette = false;
                    for (const ChunkSpan &s : file.chunks)
                        hasNewPalette = hasNewPalette || s.type == 0x2019;
                    if (hasNewPalette)
                        break;
                    // Aseprite's readColorChunk: each packet starts at the sum of the skips so
                    // far (not past the colours before it; Aseprite writes one packet).
                    const int packets = r.word();
                    int skip = 0;
                    for (int p = 0; p < packets; ++p) {
                        skip += r.byte();
                        int n = r.byte();
                        if (n == 0)
                            n = 256;
                        for (int i = 0; i < n; ++i) {
                            const int index = skip + i;
                            int cr = r.byte(), cg = r.byte(), cb = r.byte();
                            if (type == 0x000B) { // Aseprite's scale_6bits_to_8bits
                                cr = std::min(255, (cr << 2) | (cr >> 4));
                                cg = std::min(255, (cg << 2) | (cg >> 4));
                                cb = std::min(255, (cb << 2) | (cb >> 4));
                            }
                            if (index < 256) {
                                if (index >= file.palette.size())
                                    file.palette.resize(index + 1, qRgba(0, 0, 0, 255));
                                file.palette[index] = qRgba(cr, cg, cb, 255);
                            }
                        }
                    }
                    break;
                }
                case 0x2019: {
                    const quint32 size = r.dword();
                    const quint32 first = r.dword();
                    const quint32 last = r.dword();
                    r.skip(8);
                    if (size > 65536 || (last >= first && last >= 65536))
                        throw Failure{tr("palette entries %1..%2 of %3 are out of range")
                                          .arg(first)
                                          .arg(last)
                                          .arg(size)};
                    // The palette takes the chunk's size, smaller too (Aseprite's resize): a
                    // pixel past its end is transparent. Entries past the size still count.
                    if (size > 0)
                        file.palette.resize(size, qRgba(0, 0, 0, 255));
                    if (last >= first && last >= quint32(file.palette.size()))
                        file.palette.resize(last + 1, qRgba(0, 0, 0, 255));
                    for (quint32 i = first; i <= last; ++i) {
                        const int flags = r.word();
                        const int cr = r.byte(), cg = r.byte(), cb = r.byte(), ca = r.byte();
                        file.palette[i] = qRgba(cr, cg, cb, ca);
                        if (flags & 1)
                            r.string();
                    }
                    break;
                }
                case 0x2004: {
                    Layer layer;
                    layer.flags = r.word();
                    layer.type = r.word();
                    layer.childLevel = r.word();
                    r.word();
                    r.word();
                    layer.blendMode = r.word();
                    layer.opacity = r.byte();
                    if (!(file.flags & 1))
                        layer.opacity = 255;
                    r.skip(3);
                    layer.name = r.string();
                    // Visible when its flag is set and every parent group's is.
                    layer.visible = layer.flags & 1;
                    for (qsizetype i = file.layers.size() - 1, level = layer.childLevel;
                         i >= 0 && level > 0; --i) {
                        if (file.layers[i].childLevel < level) {
                            level = file.layers[i].childLevel;
                            layer.visible = layer.visible && file.layers[i].visible;
                        }
                    }
                    file.layers.append(layer);
                    break;
                }
                case 0x2005: {
                    // Aseprite's readCelChunk: a cel it cannot place is dropped with a message
                    // and the file still opens; so here, with a warning.
                    Cel cel;
                    cel.layer = r.word();
                    cel.x = r.shortValue();
                    cel.y = r.shortValue();
                    cel.opacity = r.byte();
                    cel.type = r.word();
                    r.shortValue(); // z-index
                    r.skip(5);
                    if (cel.layer >= file.layers.size()) {
                        file.warnings << tr("frame %1: a cel on layer %2, which the file does "
                                            "not have (it has %3), is not drawn")
                                             .arg(f)
                                             .arg(cel.layer)
                                             .arg(file.layers.size());
                        break;
                    }
                    if (cel.type == 1) {
                        cel.linkedFrame = r.word();
                        if (cel.linkedFrame >= f) {
                            file.warnings << tr("frame %1: a cel on layer %2 links to frame %3, "
                                                "not an earlier one; it is not drawn")
                                                 .arg(f)
                                                 .arg(cel.layer)
                                                 .arg(cel.linkedFrame);
                            break;
                        }
                    } else if (cel.type == 0 || cel.type == 2) {
                        const int w = r.word();
                        const int hgt = r.word();
                        checkSize(w, hgt);
                        const qsizetype expected = qsizetype(w) * hgt * (file.depth / 8);
                        const bool background = file.layers[cel.layer].flags & 8;
                        if (cel.type == 0) {
                            r.need(expected);
                            cel.image = decodePixels(file, r.data(), w, hgt, background);
                        } else {
                            InflatedCel pixels = inflateCel(r.data(), r.left(), expected);
                            // Only the rows the stream gave: the rest of the cel is transparent.
                            const qsizetype rowBytes = qsizetype(w) * (file.depth / 8);
                            const int rows =
                                rowBytes == 0
                                    ? hgt
                                    : int((pixels.bytes.size() + rowBytes - 1) / rowBytes);
                            pixels.bytes.resize(rowBytes * rows, '\0');
                            cel.image =
                                decodePixels(file, pixels.bytes.constData(), w, rows, background);
                            if (pixels.damaged)
                                file.warnings
                                    << tr("frame %1: a cel on layer %2 holds damaged compressed "
                                          "pixels; %3 of its %4 rows are drawn")
                                           .arg(f)
                                           .arg(cel.layer)
                                           .arg(rows)
                                           .arg(hgt);
                            else if (pixels.bytes.size() < expected)
                                file.warnings
                                    << tr("frame %1: a cel on layer %2 holds fewer pixels than "
                                          "its %3 x %4; the rest are transparent")
                                           .arg(f)
                                           .arg(cel.layer)
                                           .arg(w)
                                           .arg(hgt);
                        }
                    } else if (cel.type == 3) {
                        file.warnings << tr("frame %1: a tilemap cel on layer %2 is not drawn")
                                             .arg(f)
                                             .arg(cel.layer);
                    } else {
                        file.warnings << tr("frame %1: a cel on layer %2 has the unknown type %3; "
                                            "it is not drawn")
                                             .arg(f)
                                             .arg(cel.layer)
                                             .arg(cel.type);
                        break;
                    }
                    frame.cels.append(cel);
                    break;
                }
                case 0x2018: {
                    const int count = r.word();
                    r.skip(8);
                    for (int i = 0; i < count; ++i) {
                        Tag tag;
                        tag.from = r.word();
                        tag.to = r.word();
                        r.byte();
                        r.word();
                        r.skip(6 + 3 + 1);
                        tag.name = r.string();
                        file.tags.append(tag);
                    }
                    tagUserData = int(file.tags.size() - count);
                    break;
                }
                case 0x2020: {
                    if (afterSlice && !file.slices.isEmpty()) {
                        Slice &slice = file.slices.last();
                        slice.userData = QByteArray(r.data(), r.left());
                        const quint32 flags = r.dword();
                        if (flags & 1)
                            slice.text = r.string();
                    }
                    Q_UNUSED(tagUserData);
                    break;
                }
                case 0x2021: { // Aseprite 1.2 beta's chunk of several slices
                    const quint32 count = r.dword();
                    r.skip(8);
                    for (quint32 i = 0; i < count; ++i)
                        file.slices.append(readSlice(r));
                    break;
                }
                case 0x2022: {
                    file.slices.append(readSlice(r));
                    lastWasSlice = true;
                    break;
                }
                default:
                    break; // kept byte for byte, not read
                }
                c += chunkSize;
            }
            file.frames.append(frame);
            pos = frameEnd;
        }
        if (frameCount == 0)
            throw Failure{tr("the file has no frames")};
    } catch (const Failure &failure) {
        *error = where + QStringLiteral(": ") + failure.message;
        return std::nullopt;
    }
    return file;
}

QImage composite(const File &file, int frameIndex, int *otherBlends) {
    QImage canvas(file.width, file.height, QImage::Format_ARGB32);
    canvas.fill(0);
    if (frameIndex < 0 || frameIndex >= file.frames.size())
        return canvas;
    const FrameData &frame = file.frames[frameIndex];
    for (qsizetype l = 0; l < file.layers.size(); ++l) {
        const Layer &layer = file.layers[l];
        // Reference layers are the artist's tracing aid: Aseprite's renderer leaves them out of
        // every picture but the editor's.
        if (!layer.visible || layer.type == 1 || (layer.flags & 64))
            continue;
        for (const Cel &found : frame.cels) {
            if (found.layer != l)
                continue;
            const Cel *cel = &found;
            const Cel &placed = found; // where and how opaque: the cel's own chunk
            int guard = 0;
            while (cel->type == 1 && guard++ < 65536) {
                const Cel *target = nullptr;
                if (cel->linkedFrame >= 0 && cel->linkedFrame < file.frames.size()) {
                    for (const Cel &other : file.frames[cel->linkedFrame].cels)
                        if (other.layer == l)
                            target = &other;
                }
                if (!target)
                    break;
                cel = target;
            }
            if (cel->image.isNull())
                continue;
            if (layer.blendMode != 0 && otherBlends)
                ++*otherBlends;
            // Position and opacity come from the cel's own chunk, a linked one's too: Aseprite
            // links when they equal the original's and copies the image to them when they
            // differ (a beta once allowed that; old files have such links).
            const int opacity = mulUn8(placed.opacity, layer.opacity);
            const QImage &image = cel->image;
            for (int y = 0; y < image.height(); ++y) {
                const int cy = placed.y + y;
                if (cy < 0 || cy >= canvas.height())
                    continue;
                const QRgb *src = reinterpret_cast<const QRgb *>(image.constScanLine(y));
                QRgb *dst = reinterpret_cast<QRgb *>(canvas.scanLine(cy));
                for (int x = 0; x < image.width(); ++x) {
                    const int cx = placed.x + x;
                    if (cx < 0 || cx >= canvas.width())
                        continue;
                    dst[cx] = blendNormal(dst[cx], src[x], opacity);
                }
            }
        }
    }
    return canvas;
}

} // namespace hitsmith::ase
