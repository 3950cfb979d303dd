#pragma once

// Builds small SFF files byte by byte for the MUGEN tests (tst_formats_mugen, tst_formats_hostile):
// every header field can be set to a value no real file holds.

#include <QByteArray>
#include <QList>
#include <QtEndian>

namespace sfftest {

inline void put16(QByteArray &out, int value) {
    out.append(char(value & 0xff));
    out.append(char((value >> 8) & 0xff));
}

inline void put32(QByteArray &out, qint64 value) {
    for (int i = 0; i < 4; ++i)
        out.append(char((value >> (8 * i)) & 0xff));
}

inline void set32(QByteArray &out, qsizetype at, qint64 value) {
    for (int i = 0; i < 4; ++i)
        out[at + i] = char((value >> (8 * i)) & 0xff);
}

/// One SFF v2 sprite header and its data.
struct V2Sprite {
    int group = 0, number = 0;
    int width = 1, height = 1;
    int axisX = 0, axisY = 0;
    int link = 0;
    int format = 0; ///< 0 raw, 2 rle8, 3 rle5, 4 lz5, 10-12 png
    int depth = 8;
    QByteArray data; ///< as stored (compressed formats start with the 4-byte length)
    int palette = 0;
    bool translated = false;
    qint64 offsetOverride = -1; ///< data offset written instead of the real one
    qint64 lengthOverride = -1; ///< data length written instead of the real one
};

/// One SFF v2 palette: 256 RGBA colours, or a link (empty colours).
struct V2Palette {
    int group = 1, number = 1;
    int link = 0;
    QByteArray rgba; ///< 4 bytes a colour; empty = linked to `link`
};

/// The four version bytes of 2.0x (minor 0 or 1), stored lowest first.
inline QByteArray sffV2(const QList<V2Sprite> &sprites, const QList<V2Palette> &palettes,
                        int minor = 1, qint64 spriteCountOverride = -1) {
    QByteArray literal, translated, spriteHeaders, paletteHeaders;
    for (const V2Palette &palette : palettes) {
        put16(paletteHeaders, palette.group);
        put16(paletteHeaders, palette.number);
        put16(paletteHeaders, 256);
        put16(paletteHeaders, palette.link);
        put32(paletteHeaders, palette.rgba.isEmpty() ? 0 : literal.size());
        put32(paletteHeaders, palette.rgba.size());
        literal += palette.rgba;
    }
    for (const V2Sprite &sprite : sprites) {
        QByteArray &block = sprite.translated ? translated : literal;
        const qint64 offset = sprite.data.isEmpty() ? 0 : block.size();
        block += sprite.data;
        put16(spriteHeaders, sprite.group);
        put16(spriteHeaders, sprite.number);
        put16(spriteHeaders, sprite.width);
        put16(spriteHeaders, sprite.height);
        put16(spriteHeaders, sprite.axisX);
        put16(spriteHeaders, sprite.axisY);
        put16(spriteHeaders, sprite.link);
        spriteHeaders.append(char(sprite.format));
        spriteHeaders.append(char(sprite.depth));
        put32(spriteHeaders, sprite.offsetOverride >= 0 ? sprite.offsetOverride : offset);
        put32(spriteHeaders,
              sprite.lengthOverride >= 0 ? sprite.lengthOverride : sprite.data.size());
        put16(spriteHeaders, sprite.palette);
        put16(spriteHeaders, sprite.translated ? 1 : 0);
    }
    QByteArray out("ElecbyteSpr", 12);
    out.append(char(0)).append(char(minor)).append(char(0)).append(char(2));
    out += QByteArray(20, '\0');
    const qint64 firstSprite = 512, firstPalette = firstSprite + spriteHeaders.size();
    const qint64 literalAt = firstPalette + paletteHeaders.size();
    put32(out, firstSprite);
    put32(out, spriteCountOverride >= 0 ? spriteCountOverride : sprites.size());
    put32(out, firstPalette);
    put32(out, palettes.size());
    put32(out, literalAt);
    put32(out, literal.size());
    put32(out, literalAt + literal.size());
    put32(out, translated.size());
    out += QByteArray(512 - out.size(), '\0');
    return out + spriteHeaders + paletteHeaders + literal + translated;
}

/// 256 RGBA colours: colour i = (i, 255 - i, 7 * i, 255).
inline QByteArray rampPalette() {
    QByteArray out;
    for (int i = 0; i < 256; ++i)
        out.append(char(i)).append(char(255 - i)).append(char(7 * i)).append(char(255));
    return out;
}

/// A compressed payload: the 4-byte decompressed length, then the stream.
inline QByteArray compressed(int pixels, const QByteArray &stream) {
    QByteArray out;
    put32(out, pixels);
    return out + stream;
}

/// A PCX image header (128 bytes) of the given size, encoding and bytes per line.
inline QByteArray pcxHeader(int xmin, int ymin, int xmax, int ymax, int bytesPerLine,
                            int encoding = 1, int bitsPerPixel = 8) {
    QByteArray out;
    out.append(char(10)).append(char(5)).append(char(encoding)).append(char(bitsPerPixel));
    put16(out, xmin);
    put16(out, ymin);
    put16(out, xmax);
    put16(out, ymax);
    out += QByteArray(66 - out.size(), '\0');
    put16(out, bytesPerLine);
    out += QByteArray(128 - out.size(), '\0');
    return out;
}

/// One SFF v1 sprite: its subheader fields and its data (a PCX, palette included or not).
struct V1Sprite {
    int group = 0, number = 0;
    int axisX = 0, axisY = 0;
    int link = 0;
    bool samePalette = false;
    QByteArray data; ///< empty = linked
    qint64 nextOverride = -1;
};

inline QByteArray sffV1(const QList<V1Sprite> &sprites, qint64 countOverride = -1) {
    QByteArray out("ElecbyteSpr", 12);
    out.append(char(0)).append(char(1)).append(char(0)).append(char(1));
    put32(out, 1);
    put32(out, countOverride >= 0 ? countOverride : sprites.size());
    put32(out, 512);
    put32(out, 32);
    out += QByteArray(512 - out.size(), '\0');
    for (qsizetype i = 0; i < sprites.size(); ++i) {
        const V1Sprite &sprite = sprites[i];
        const qint64 next = i + 1 < sprites.size() ? out.size() + 32 + sprite.data.size() : 0;
        put32(out, sprite.nextOverride >= 0 ? sprite.nextOverride : next);
        put32(out, sprite.data.size());
        put16(out, sprite.axisX);
        put16(out, sprite.axisY);
        put16(out, sprite.group);
        put16(out, sprite.number);
        put16(out, sprite.link);
        out.append(char(sprite.samePalette ? 1 : 0));
        out += QByteArray(13, '\0');
        out += sprite.data;
    }
    return out;
}

/// 768 bytes of RGB: colour i = (i, 255 - i, 7 * i).
inline QByteArray rampRgb() {
    QByteArray out;
    for (int i = 0; i < 256; ++i)
        out.append(char(i)).append(char(255 - i)).append(char(7 * i));
    return out;
}

} // namespace sfftest
