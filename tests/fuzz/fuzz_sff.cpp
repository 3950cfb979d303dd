// libFuzzer harness for the SFF sprite reader (model/art/sff.h), which is no document format:
// each input is opened as an SFF; the first sprites are decoded with their own palette and with
// a chosen one. Aborts when a sprite comes back with both pixels and an error, or with neither,
// or with pixels larger than the documented bounds.

#include "sff.h"

#include <QByteArray>

#include <cstdio>
#include <cstdlib>

using namespace hitsmith::art;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    SffFile sff;
    if (!sff.open(bytes)) {
        if (sff.error().isEmpty()) {
            std::fprintf(stderr, "refused without a message\n");
            std::abort();
        }
        return 0;
    }
    const Palette grey(256, qRgb(9, 9, 9));
    for (qsizetype i = 0; i < sff.spriteCount() && i < 16; ++i) {
        for (const Palette *palette : {static_cast<const Palette *>(nullptr), &grey}) {
            const SffImage image = sff.image(i, palette);
            if (image.isOk() == !image.error.isEmpty()) {
                std::fprintf(stderr, "sprite %lld: pixels and error both %s\n", qlonglong(i),
                             image.isOk() ? "set" : "unset");
                std::abort();
            }
            if (image.isOk() &&
                (image.image.width() > kMaxSide || image.image.height() > kMaxSide ||
                 qint64(image.image.width()) * image.image.height() > kMaxPixels)) {
                std::fprintf(stderr, "sprite %lld: %d x %d is past the bounds\n", qlonglong(i),
                             image.image.width(), image.image.height());
                std::abort();
            }
        }
    }
    for (int n = 1; n <= 12; ++n)
        (void)sff.palette(sff.paletteIndex(1, n));
    return 0;
}
