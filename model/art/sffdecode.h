#pragma once

// The SFF pixel decoders, each as Ikemen GO's src/image.go decodes (RlePcxDecode, Rle8Decode,
// Rle5Decode, Lz5Decode), with two differences that only hostile data meets: a stream that ends
// before the image and then makes no progress stops with an error (the engine would loop
// forever), and an LZ5 back-reference before the first pixel is an error (the engine would
// panic). Where the engine repeats the last byte of a short stream, so do these.

#include <QByteArray>
#include <QString>

#include <cstdint>

namespace hitsmith::art {

/// Pixel indices of one decoded 8-bit sprite, or the reason there are none.
struct Indices {
    QByteArray pixels; ///< width * height bytes, row by row
    QString error;
};

/// PCX run-length (SFF v1): runs never cross a line of bytesPerLine bytes; bytes past width
/// on a line are padding.
Indices decodePcxRle(const uint8_t *data, qint64 size, int width, int height, int bytesPerLine);
/// SFF v2 RLE8.
Indices decodeRle8(const uint8_t *data, qint64 size, int width, int height);
/// SFF v2 RLE5.
Indices decodeRle5(const uint8_t *data, qint64 size, int width, int height);
/// SFF v2 LZ5.
Indices decodeLz5(const uint8_t *data, qint64 size, int width, int height);

} // namespace hitsmith::art
