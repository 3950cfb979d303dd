#include "sffdecode.h"

#include <QCoreApplication>

namespace hitsmith::art {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("SffFile", text);
}

/// Reads a stream as the engine does: the index stops at the last byte, which is then read
/// again and again; exhausted() says a read wanted more than there is.
class Stream {
public:
    Stream(const uint8_t *data, qint64 size)
        : mData(data)
        , mSize(size) {}
    uint8_t peek() const { return mData[mPos]; }
    void advance() {
        if (mPos < mSize - 1)
            ++mPos;
        else
            mExhausted = true;
    }
    /// The current byte, then advance (the engine's "d = rle[i]; if i < len-1 { i++ }").
    uint8_t next() {
        const uint8_t value = mData[mPos];
        advance();
        return value;
    }
    bool exhausted() const { return mExhausted; }

private:
    const uint8_t *mData;
    qint64 mSize;
    qint64 mPos = 0;
    bool mExhausted = false;
};

QString endedEarly() {
    return tr("the compressed data ends before the image does");
}

/// What every decoder fills: width x height zeros (index 0, transparent), or the error of an
/// input with no bytes.
Indices blankCanvas(qint64 size, int width, int height) {
    Indices out;
    if (size <= 0)
        out.error = tr("no pixel data");
    else
        out.pixels = QByteArray(qsizetype(width) * height, '\0');
    return out;
}

} // namespace

Indices decodePcxRle(const uint8_t *data, qint64 size, int width, int height, int bytesPerLine) {
    Indices out = blankCanvas(size, width, height);
    if (!out.error.isEmpty())
        return out;
    auto *p = reinterpret_cast<uint8_t *>(out.pixels.data());
    const qint64 total = out.pixels.size();
    Stream rle(data, size);
    qint64 j = 0;
    int k = 0, stalls = 0;
    while (j < total) {
        int n = 1;
        uint8_t d = rle.next();
        if (d >= 0xc0) {
            n = d & 0x3f;
            d = rle.next();
        }
        // Past the end the last byte repeats; a repeated run of 0 pixels would never end.
        stalls = n == 0 && rle.exhausted() ? stalls + 1 : 0;
        if (stalls > 1) {
            out.error = endedEarly();
            out.pixels.clear();
            return out;
        }
        for (; n > 0; --n) {
            if (k < width && j < total)
                p[j++] = d;
            ++k;
            if (k == bytesPerLine) {
                k = 0;
                n = 1;
            }
        }
    }
    return out;
}

Indices decodeRle8(const uint8_t *data, qint64 size, int width, int height) {
    Indices out = blankCanvas(size, width, height);
    if (!out.error.isEmpty())
        return out;
    auto *p = reinterpret_cast<uint8_t *>(out.pixels.data());
    const qint64 total = out.pixels.size();
    Stream rle(data, size);
    qint64 j = 0;
    int stalls = 0;
    while (j < total) {
        int n = 1;
        uint8_t d = rle.next();
        if ((d & 0xc0) == 0x40) {
            n = d & 0x3f;
            d = rle.next();
        }
        // Past the end the last byte repeats; a repeated run of 0 pixels would never end.
        stalls = n == 0 && rle.exhausted() ? stalls + 1 : 0;
        if (stalls > 1) {
            out.error = endedEarly();
            out.pixels.clear();
            return out;
        }
        for (; n > 0 && j < total; --n)
            p[j++] = d;
    }
    return out;
}

Indices decodeRle5(const uint8_t *data, qint64 size, int width, int height) {
    Indices out = blankCanvas(size, width, height);
    if (!out.error.isEmpty())
        return out;
    auto *p = reinterpret_cast<uint8_t *>(out.pixels.data());
    const qint64 total = out.pixels.size();
    Stream rle(data, size);
    qint64 j = 0;
    while (j < total) {
        int rl = rle.next();
        int dl = rle.peek() & 0x7f;
        uint8_t c = 0;
        if (rle.peek() >> 7) {
            rle.advance();
            c = rle.peek();
        }
        rle.advance();
        for (;;) {
            if (j < total)
                p[j++] = c;
            --rl;
            if (rl < 0) {
                --dl;
                if (dl < 0)
                    break;
                c = rle.peek() & 0x1f;
                rl = rle.peek() >> 5;
                rle.advance();
            }
        }
    }
    return out;
}

Indices decodeLz5(const uint8_t *data, qint64 size, int width, int height) {
    Indices out = blankCanvas(size, width, height);
    if (!out.error.isEmpty())
        return out;
    auto *p = reinterpret_cast<uint8_t *>(out.pixels.data());
    const qint64 total = out.pixels.size();
    Stream rle(data, size);
    qint64 j = 0;
    int n = 0;
    uint8_t ct = rle.next();
    unsigned cts = 0, rbc = 0;
    uint8_t rb = 0;
    while (j < total) {
        int d = rle.next();
        if (ct & (1u << cts)) {
            if ((d & 0x3f) == 0) {
                d = ((d << 2) | rle.next()) + 1;
                n = rle.next() + 2;
            } else {
                rb |= uint8_t((d & 0xc0) >> rbc);
                rbc += 2;
                n = d & 0x3f;
                if (rbc < 8) {
                    d = rle.next() + 1;
                } else {
                    d = rb + 1;
                    rb = 0;
                    rbc = 0;
                }
            }
            for (;;) {
                if (j < total) {
                    if (j - d < 0) {
                        out.error = tr("an LZ5 back-reference points before the first pixel");
                        out.pixels.clear();
                        return out;
                    }
                    p[j] = p[j - d];
                    ++j;
                }
                --n;
                if (n < 0)
                    break;
            }
        } else {
            if ((d & 0xe0) == 0) {
                n = rle.next() + 8;
            } else {
                n = d >> 5;
                d &= 0x1f;
            }
            for (; n > 0; --n) {
                if (j < total)
                    p[j++] = uint8_t(d);
            }
        }
        ++cts;
        if (cts >= 8) {
            ct = rle.next();
            cts = 0;
        }
    }
    return out;
}

} // namespace hitsmith::art
