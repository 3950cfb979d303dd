#include "sff.h"

#include "sffdecode.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QImageReader>

#include <cstring>

namespace hitsmith::art {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("SffFile", text);
}

constexpr qint64 kV1SubheaderSize = 32;
constexpr qint64 kV2SubheaderSize = 28;
constexpr qint64 kPcxHeaderSize = 128;
constexpr qint64 kPcxPaletteSize = 768;
/// A PNG can inflate about 1032 times (deflate's limit); one byte per pixel at least.
constexpr qint64 kMaxPngExpansion = 1032;
constexpr int kMaxPaletteNumber = 12; // the engine's MaxPalNo

quint32 key(int group, int number) {
    return (quint32(quint16(group)) << 16) | quint16(number);
}

/// Little-endian reads that fail instead of reading past the end.
class Bytes {
public:
    explicit Bytes(const QByteArray &bytes)
        : mData(reinterpret_cast<const uint8_t *>(bytes.constData()))
        , mSize(bytes.size()) {}
    qint64 size() const { return mSize; }
    bool has(qint64 offset, qint64 length) const {
        return offset >= 0 && length >= 0 && offset <= mSize && length <= mSize - offset;
    }
    const uint8_t *at(qint64 offset) const { return mData + offset; }
    uint8_t u8(qint64 offset) const { return mData[offset]; }
    quint16 u16(qint64 offset) const { return quint16(mData[offset] | (mData[offset + 1] << 8)); }
    qint16 i16(qint64 offset) const { return qint16(u16(offset)); }
    quint32 u32(qint64 offset) const {
        return quint32(mData[offset]) | (quint32(mData[offset + 1]) << 8) |
               (quint32(mData[offset + 2]) << 16) | (quint32(mData[offset + 3]) << 24);
    }

private:
    const uint8_t *mData;
    qint64 mSize;
};

/// Refuses sizes no sprite can have, before anything is allocated.
QString checkSize(qint64 width, qint64 height, qint64 dataLength, qint64 pixelsPerByte) {
    if (width <= 0 || height <= 0)
        return tr("the sprite is empty (%1 x %2)").arg(width).arg(height);
    if (width > kMaxSide || height > kMaxSide || width * height > kMaxPixels)
        return tr("the sprite claims %1 x %2 pixels, more than Hitsmith reads (%3 x %3, %4 "
                  "pixels)")
            .arg(width)
            .arg(height)
            .arg(kMaxSide)
            .arg(kMaxPixels);
    if (width * height > dataLength * pixelsPerByte)
        return tr("the sprite claims %1 x %2 pixels but holds only %3 bytes of data")
            .arg(width)
            .arg(height)
            .arg(dataLength);
    return {};
}

/// Indexed pixels as an image; the palette is set when drawn.
QImage indexedImage(const QByteArray &pixels, int width, int height) {
    QImage image(width, height, QImage::Format_Indexed8);
    if (image.isNull())
        return image;
    for (int y = 0; y < height; ++y)
        std::memcpy(image.scanLine(y), pixels.constData() + qsizetype(y) * width, size_t(width));
    return image;
}

/// Points a sprite without data of its own at the sprite whose pixels it shows (the target of
/// `link` when that is itself a link) and takes its size; a link to a later sprite or to a bad
/// link gets no pixels (linkedTo -1), as in the engine. The source, or nullptr.
const SffSprite *linkTo(SffSprite &sprite, int link, const QList<SffSprite> &earlier) {
    if (link < 0 || link >= earlier.size()) {
        sprite.linkedTo = -1;
        return nullptr;
    }
    const SffSprite &source = earlier[link];
    const bool bad = source.compression == SffCompression::Linked && source.linkedTo < 0;
    sprite.linkedTo = bad ? -1 : source.linkedTo >= 0 ? source.linkedTo : link;
    sprite.size = source.size;
    return &source;
}

} // namespace

QString sffCompressionName(SffCompression compression) {
    switch (compression) {
    case SffCompression::Raw:
        return QStringLiteral("raw");
    case SffCompression::Linked:
        return QStringLiteral("linked");
    case SffCompression::Rle8:
        return QStringLiteral("rle8");
    case SffCompression::Rle5:
        return QStringLiteral("rle5");
    case SffCompression::Lz5:
        return QStringLiteral("lz5");
    case SffCompression::Png8:
        return QStringLiteral("png8");
    case SffCompression::Png24:
        return QStringLiteral("png24");
    case SffCompression::Png32:
        return QStringLiteral("png32");
    case SffCompression::Pcx:
        return QStringLiteral("pcx");
    }
    return QStringLiteral("unknown-%1").arg(int(compression));
}

struct SffFile::Private {
    QByteArray bytes;
    std::unique_ptr<QFile> mapped; // keeps a mapping alive
    /// Per sprite (only sprites with their own data): v1 the bytes of PCX data that follow the
    /// header (without a trailing palette), v2 unused.
    QList<qint64> pcxLength;
    struct Decoded {
        QImage image; // Indexed8 or ARGB32_Premultiplied
        QString error;
    };
    mutable QHash<qsizetype, Decoded> decoded;

    Decoded decode(const SffSprite &sprite, qint64 pcxLength) const;
};

SffFile::Private::Decoded SffFile::Private::decode(const SffSprite &sprite,
                                                   qint64 pcxLength) const {
    Decoded out;
    const Bytes in(bytes);
    const QString name = QStringLiteral("%1,%2").arg(sprite.group).arg(sprite.number);
    if (!in.has(sprite.dataOffset, sprite.dataLength)) {
        out.error = tr("sprite %1: its data runs past the end of the file").arg(name);
        return out;
    }
    auto fail = [&](const QString &why) {
        out.error = tr("sprite %1: %2").arg(name, why);
        return out;
    };
    auto fromIndices = [&](const Indices &indices, int width, int height) {
        if (!indices.error.isEmpty())
            return fail(indices.error);
        out.image = indexedImage(indices.pixels, width, height);
        if (out.image.isNull())
            return fail(tr("out of memory"));
        return out;
    };
    switch (sprite.compression) {
    case SffCompression::Pcx: {
        if (sprite.dataLength < kPcxHeaderSize)
            return fail(tr("its PCX header is cut short"));
        const qint64 at = sprite.dataOffset;
        const int encoding = in.u8(at + 2), bitsPerPixel = in.u8(at + 3);
        if (bitsPerPixel != 8)
            return fail(tr("PCX of %1 bits per pixel; SFF sprites have 8").arg(bitsPerPixel));
        const int width = sprite.size.width(), height = sprite.size.height();
        const int bytesPerLine = in.u16(at + 66);
        const qint64 length = std::clamp<qint64>(pcxLength, 0, sprite.dataLength - kPcxHeaderSize);
        const uint8_t *pixels = in.at(at + kPcxHeaderSize);
        if (encoding != 1 || bytesPerLine == 0) {
            // Not run-length: the engine takes the bytes as they are.
            if (const QString why = checkSize(width, height, length, 1); !why.isEmpty())
                return fail(why);
            return fromIndices(
                {QByteArray(reinterpret_cast<const char *>(pixels), qsizetype(width) * height), {}},
                width, height);
        }
        if (const QString why = checkSize(width, height, length, kMaxExpansion); !why.isEmpty())
            return fail(why);
        if (bytesPerLine > 2 * width + 16)
            return fail(tr("PCX of %1 bytes per line for %2 pixels").arg(bytesPerLine).arg(width));
        return fromIndices(decodePcxRle(pixels, length, width, height, bytesPerLine), width,
                           height);
    }
    case SffCompression::Raw: {
        const int width = sprite.size.width(), height = sprite.size.height();
        const int bytes = sprite.colorDepth == 24 ? 3 : sprite.colorDepth == 32 ? 4 : 1;
        if (sprite.colorDepth != 8 && bytes == 1)
            return fail(tr("raw data of unknown colour depth %1").arg(sprite.colorDepth));
        if (const QString why = checkSize(width, height, sprite.dataLength / bytes, 1);
            !why.isEmpty())
            return fail(why);
        const char *data = reinterpret_cast<const char *>(in.at(sprite.dataOffset));
        if (bytes == 1)
            return fromIndices({QByteArray(data, qsizetype(width) * height), {}}, width, height);
        QImage image(reinterpret_cast<const uchar *>(data), width, height, width * bytes,
                     bytes == 3 ? QImage::Format_RGB888 : QImage::Format_RGBA8888);
        out.image = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
        if (out.image.isNull())
            return fail(tr("out of memory"));
        return out;
    }
    case SffCompression::Rle8:
    case SffCompression::Rle5:
    case SffCompression::Lz5: {
        const int width = sprite.size.width(), height = sprite.size.height();
        if (sprite.dataLength < 4)
            return fail(tr("its compressed data is cut short"));
        const qint64 length = sprite.dataLength - 4;
        if (const QString why = checkSize(width, height, length, kMaxExpansion); !why.isEmpty())
            return fail(why);
        const uint8_t *data = in.at(sprite.dataOffset + 4);
        if (sprite.compression == SffCompression::Rle8)
            return fromIndices(decodeRle8(data, length, width, height), width, height);
        if (sprite.compression == SffCompression::Rle5)
            return fromIndices(decodeRle5(data, length, width, height), width, height);
        return fromIndices(decodeLz5(data, length, width, height), width, height);
    }
    case SffCompression::Png8:
    case SffCompression::Png24:
    case SffCompression::Png32: {
        if (sprite.dataLength < 4 + 24)
            return fail(tr("its PNG is cut short"));
        const qint64 start = sprite.dataOffset + 4, length = sprite.dataLength - 4;
        // Check the PNG's own size (IHDR) before Qt allocates for it.
        const uint8_t *png = in.at(start);
        if (std::memcmp(png, "\x89PNG\r\n\x1a\n", 8) != 0 || std::memcmp(png + 12, "IHDR", 4) != 0)
            return fail(tr("its data is not a PNG"));
        auto be32 = [&](int o) {
            return qint64(png[o]) << 24 | qint64(png[o + 1]) << 16 | qint64(png[o + 2]) << 8 |
                   png[o + 3];
        };
        const qint64 width = be32(16), height = be32(20);
        if (const QString why = checkSize(width, height, length, kMaxPngExpansion); !why.isEmpty())
            return fail(why);
        QByteArray data = QByteArray::fromRawData(reinterpret_cast<const char *>(png), length);
        QBuffer buffer(&data);
        buffer.open(QIODevice::ReadOnly);
        QImageReader reader(&buffer, "png");
        QImage image = reader.read();
        if (image.isNull())
            return fail(tr("its PNG cannot be decoded: %1").arg(reader.errorString()));
        if (sprite.compression == SffCompression::Png8) {
            // The engine keeps a paletted PNG's indices and colours them with the SFF palette;
            // the PNG must be the size the header says.
            if (image.format() == QImage::Format_Mono || image.format() == QImage::Format_MonoLSB)
                image = image.convertToFormat(QImage::Format_Indexed8);
            if (image.format() != QImage::Format_Indexed8)
                return fail(tr("its PNG8 is not a paletted PNG"));
            if (image.size() != sprite.size)
                return fail(tr("its PNG is %1 x %2, the header says %3 x %4")
                                .arg(image.width())
                                .arg(image.height())
                                .arg(sprite.size.width())
                                .arg(sprite.size.height()));
            out.image = image;
            return out;
        }
        out.image = image.convertToFormat(QImage::Format_ARGB32_Premultiplied);
        return out;
    }
    case SffCompression::Linked:
        break;
    }
    return fail(tr("unknown sprite format %1").arg(int(sprite.compression)));
}

SffFile::SffFile()
    : d(std::make_unique<Private>()) {}
SffFile::~SffFile() = default;

QString SffFile::versionText() const {
    return QStringLiteral("%1.%2%3").arg(mVersion[0]).arg(mVersion[1]).arg(mVersion[2]);
}

qsizetype SffFile::indexOf(int group, int number) const {
    if (group == -1)
        return -1;
    return mByNumber.value(key(group, number), -1);
}

Palette SffFile::palette(qsizetype index) const {
    if (index < 0 || index >= mPalettes.size())
        return {};
    return mPalettes[index];
}

int SffFile::paletteIndex(int group, int number) const {
    return mPaletteTable.value(key(group, number), -1);
}

bool SffFile::openFile(const QString &path) {
    auto file = std::make_unique<QFile>(path);
    if (!file->open(QIODevice::ReadOnly)) {
        mError = tr("cannot read %1: %2").arg(path, file->errorString());
        return false;
    }
    const qint64 size = file->size();
    if (size > 0) {
        if (uchar *mapped = file->map(0, size)) {
            const QByteArray view =
                QByteArray::fromRawData(reinterpret_cast<const char *>(mapped), qsizetype(size));
            d->mapped = std::move(file);
            return open(view);
        }
    }
    return open(file->readAll());
}

bool SffFile::open(const QByteArray &bytes) {
    auto mapped = std::move(d->mapped);
    d = std::make_unique<Private>();
    d->mapped = std::move(mapped);
    d->bytes = bytes;
    mError.clear();
    mWarnings.clear();
    mSprites.clear();
    mPalettes.clear();
    mByNumber.clear();
    mPaletteTable.clear();
    std::fill(std::begin(mVersion), std::end(mVersion), 0);
    const Bytes in(d->bytes);
    if (!in.has(0, 16) || std::memcmp(in.at(0), "ElecbyteSpr\0", 12) != 0) {
        mError = tr("not an SFF file (no \"ElecbyteSpr\" signature)");
        return false;
    }
    // Version bytes are stored lowest first: 2.01 is 00 01 00 02.
    mVersion[3] = in.u8(12);
    mVersion[2] = in.u8(13);
    mVersion[1] = in.u8(14);
    mVersion[0] = in.u8(15);

    if (mVersion[0] == 1) {
        if (!in.has(16, 16)) {
            mError = tr("the SFF v1 header is cut short");
            return false;
        }
        const quint32 count = in.u32(20);
        qint64 offset = in.u32(24);
        int previousOwn = -1; // index of the last sprite with its own data
        for (quint32 i = 0; i < count; ++i) {
            if (!in.has(offset, kV1SubheaderSize)) {
                mWarnings
                    << tr("sprite index cut short: %1 of %2 sprite headers read").arg(i).arg(count);
                break;
            }
            SffSprite sprite;
            const qint64 next = in.u32(offset);
            const qint64 size = in.u32(offset + 4);
            sprite.axis = QPoint(in.i16(offset + 8), in.i16(offset + 10));
            sprite.group = in.i16(offset + 12);
            sprite.number = in.i16(offset + 14);
            const int link = in.u16(offset + 16);
            const bool samePalette = in.u8(offset + 18) != 0;
            sprite.compression = SffCompression::Pcx;
            const qsizetype index = mSprites.size();
            if (size == 0) {
                sprite.compression = SffCompression::Linked;
                if (const SffSprite *source = linkTo(sprite, link, mSprites))
                    sprite.palette = source->palette;
            } else {
                sprite.dataOffset = offset + kV1SubheaderSize;
                // The engine takes the distance to the next header as the length, except for
                // the last sprite.
                sprite.dataLength = next > sprite.dataOffset ? next - sprite.dataOffset : size;
                const bool shared = samePalette && previousOwn >= 0;
                if (in.has(sprite.dataOffset, 12)) {
                    const qint64 x0 = in.u16(sprite.dataOffset + 4);
                    const qint64 y0 = in.u16(sprite.dataOffset + 6);
                    const qint64 x1 = in.u16(sprite.dataOffset + 8);
                    const qint64 y1 = in.u16(sprite.dataOffset + 10);
                    sprite.size = QSize(int(quint16(x1 - x0 + 1)), int(quint16(y1 - y0 + 1)));
                }
                if (shared) {
                    sprite.palette = mSprites[previousOwn].palette;
                } else {
                    Palette palette(256, 0);
                    const qint64 at = sprite.dataOffset + sprite.dataLength - kPcxPaletteSize;
                    if (sprite.dataLength >= kPcxHeaderSize + kPcxPaletteSize &&
                        in.has(at, kPcxPaletteSize)) {
                        for (int c = 0; c < 256; ++c)
                            palette[c] = qRgba(in.u8(at + 3 * c), in.u8(at + 3 * c + 1),
                                               in.u8(at + 3 * c + 2), c == 0 ? 0 : 255);
                    } else {
                        mWarnings << tr("sprite %1,%2: its palette lies past its data")
                                         .arg(sprite.group)
                                         .arg(sprite.number);
                    }
                    sprite.palette = int(mPalettes.size());
                    mPalettes << palette;
                }
                // Pixel bytes: the data without the PCX header and, unless the palette is
                // shared (or it is the first sprite or 0,0, whose palette the engine reads
                // but does not cut off), without the trailing palette.
                const bool keepsPalette =
                    shared || previousOwn < 0 || (sprite.group == 0 && sprite.number == 0);
                d->pcxLength.resize(index + 1);
                d->pcxLength[index] =
                    sprite.dataLength - kPcxHeaderSize - (keepsPalette ? 0 : kPcxPaletteSize);
                previousOwn = int(index);
            }
            if (!mByNumber.contains(key(sprite.group, sprite.number)))
                mByNumber.insert(key(sprite.group, sprite.number), index);
            mSprites << sprite;
            if (i + 1 < count && next <= offset) {
                // The engine would follow it; a header chain that does not move forward could
                // loop for four billion sprites.
                mWarnings << tr("sprite index stops at sprite %1: the next header is not after "
                                "this one")
                                 .arg(i + 1);
                break;
            }
            offset = next;
        }
        return true;
    }

    if (mVersion[0] != 2) {
        mError = tr("unknown SFF version %1").arg(versionText());
        return false;
    }
    if (!in.has(16, 52)) {
        mError = tr("the SFF v2 header is cut short");
        return false;
    }
    const qint64 firstSprite = in.u32(36);
    const quint32 spriteCount = in.u32(40);
    const qint64 firstPalette = in.u32(44);
    const quint32 paletteCount = in.u32(48);
    const qint64 literal = in.u32(52);
    const qint64 translated = in.u32(60);

    // Palettes, as loadSff builds its PaletteList and PalTable.
    QHash<quint32, int> unique;
    // Before the table is read, PalTable[1,n] holds the placeholder n - 1.
    for (int n = 1; n <= kMaxPaletteNumber; ++n)
        mPaletteTable.insert(key(1, n), n - 1);
    for (quint32 i = 0; i < paletteCount; ++i) {
        const qint64 at = firstPalette + qint64(i) * 16;
        if (!in.has(at, 16)) {
            mWarnings << tr("palette table cut short: %1 of %2 palette headers read")
                             .arg(i)
                             .arg(paletteCount);
            break;
        }
        const int group = in.i16(at), number = in.i16(at + 2);
        const int link = in.u16(at + 6);
        const qint64 offset = in.u32(at + 8), size = in.u32(at + 12);
        Palette palette(256, 0);
        int index = int(i);
        if (auto old = unique.constFind(key(group, number)); old != unique.cend()) {
            index = *old;
            palette = mPalettes.value(index, palette);
            mWarnings << tr("palette %1,%2 appears twice").arg(group).arg(number);
        } else if (size == 0) {
            index = link;
            if (link < mPalettes.size())
                palette = mPalettes[link];
            else
                mWarnings << tr("palette %1 links to palette %2, which is not before it")
                                 .arg(i)
                                 .arg(link);
        } else {
            const qint64 start = literal + offset;
            const qint64 colours = std::min<qint64>(size / 4, 256);
            if (!in.has(start, colours * 4)) {
                mWarnings
                    << tr("palette %1,%2 lies past the end of the file").arg(group).arg(number);
            } else {
                for (int c = 0; c < colours; ++c) {
                    const qint64 p = start + 4 * c;
                    int alpha = in.u8(p + 3);
                    if (mVersion[2] == 0)
                        alpha = c == 0 ? 0 : 255;
                    palette[c] = qRgba(in.u8(p), in.u8(p + 1), in.u8(p + 2), alpha);
                }
            }
        }
        unique.insert(key(group, number), index);
        mPalettes << palette;
        mPaletteTable.insert(key(group, number), index);
        if (i <= quint32(kMaxPaletteNumber) &&
            mPaletteTable.value(key(1, int(i) + 1)) == mPaletteTable.value(key(group, number)) &&
            group != 1 && number != int(i) + 1)
            mPaletteTable.insert(key(1, int(i) + 1), -1);
        if (i <= quint32(kMaxPaletteNumber) && i + 1 == paletteCount) {
            for (int j = int(i) + 1; j < kMaxPaletteNumber; ++j)
                mPaletteTable.remove(key(1, j + 1));
        }
    }

    for (quint32 i = 0; i < spriteCount; ++i) {
        const qint64 at = firstSprite + qint64(i) * kV2SubheaderSize;
        if (!in.has(at, kV2SubheaderSize)) {
            mWarnings << tr("sprite index cut short: %1 of %2 sprite headers read")
                             .arg(i)
                             .arg(spriteCount);
            break;
        }
        SffSprite sprite;
        sprite.group = in.i16(at);
        sprite.number = in.i16(at + 2);
        sprite.size = QSize(in.u16(at + 4), in.u16(at + 6));
        sprite.axis = QPoint(in.i16(at + 8), in.i16(at + 10));
        const int link = in.u16(at + 12);
        sprite.compression = SffCompression(in.u8(at + 14));
        sprite.colorDepth = in.u8(at + 15);
        const qint64 offset = in.u32(at + 16);
        const qint64 size = in.u32(at + 20);
        sprite.palette = in.u16(at + 24);
        const int flags = in.u16(at + 26);
        const qsizetype index = mSprites.size();
        if (size == 0) {
            sprite.compression = SffCompression::Linked;
            if (const SffSprite *source = linkTo(sprite, link, mSprites))
                sprite.colorDepth = source->colorDepth;
            else
                sprite.palette = 0;
        } else {
            sprite.dataOffset = offset + ((flags & 1) ? translated : literal);
            sprite.dataLength = size;
        }
        if (!mByNumber.contains(key(sprite.group, sprite.number)))
            mByNumber.insert(key(sprite.group, sprite.number), index);
        mSprites << sprite;
    }
    return true;
}

SffImage SffFile::image(qsizetype index, const Palette *palette) const {
    SffImage out;
    if (index < 0 || index >= mSprites.size()) {
        out.error = tr("no sprite %1 in the file").arg(index);
        return out;
    }
    const SffSprite &sprite = mSprites[index];
    out.axis = sprite.axis;
    qsizetype source = index;
    if (sprite.compression == SffCompression::Linked && sprite.dataLength == 0) {
        if (sprite.linkedTo < 0) {
            out.error = tr("sprite %1,%2 links to no sprite with pixels (a link names an "
                           "earlier sprite)")
                            .arg(sprite.group)
                            .arg(sprite.number);
            return out;
        }
        source = sprite.linkedTo;
    }
    auto it = d->decoded.find(source);
    if (it == d->decoded.end())
        it = d->decoded.insert(source, d->decode(mSprites[source], d->pcxLength.value(source)));
    if (!it->error.isEmpty()) {
        out.error = it->error;
        return out;
    }
    if (it->image.format() != QImage::Format_Indexed8) {
        out.image = it->image;
        return out;
    }
    Palette colours = palette ? *palette : this->palette(sprite.palette);
    if (!palette && (sprite.palette < 0 || sprite.palette >= mPalettes.size()))
        out.error = tr("sprite %1,%2 uses palette %3, which the file does not have")
                        .arg(sprite.group)
                        .arg(sprite.number)
                        .arg(sprite.palette);
    if (!out.error.isEmpty())
        return out;
    colours.resize(256, 0);
    colours[0] = qRgba(0, 0, 0, 0); // index 0 is transparent
    QImage indexed = it->image;
    indexed.setColorTable(colours);
    out.image = indexed.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    return out;
}

} // namespace hitsmith::art
