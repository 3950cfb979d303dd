// libFuzzer harness for one reader, chosen at compile time (HITSMITH_FUZZ_FORMAT, a
// FormatRegistry name). Each input: read it; if it loads, validate it, write it in the native
// format, read that back, and abort unless the round trip gives an equal document. For .air, whose
// writer keeps every line it did not change, writing the document back (also the one read back
// from the native format) must give the input's bytes.

#include "formatregistry.h"
#include "hitsmithformat.h"
#include "validation.h"

#include <QByteArray>
#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

using namespace hitsmith;

static const FileFormat *reader() {
    static const FileFormat *format =
        FormatRegistry::instance().byName(QStringLiteral(HITSMITH_FUZZ_FORMAT));
    if (!format) {
        std::fprintf(stderr, "no reader named %s\n", HITSMITH_FUZZ_FORMAT);
        std::abort();
    }
    return format;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const ReadResult result = reader()->read(bytes, {});
    if (result.isOk() == !result.error.isEmpty()) {
        std::fprintf(stderr, "document and error both %s\n", result.isOk() ? "set" : "unset");
        std::abort();
    }
    if (!result.isOk())
        return 0;
    validateDocument(*result.document);
    const QByteArray native = HitsmithFormat::serialize(*result.document);
    const ReadResult again = HitsmithFormat::parse(native);
    if (!again.isOk()) {
        std::fprintf(stderr, "native write not readable: %s\n", qPrintable(again.error));
        std::abort();
    }
    if (!(*again.document == *result.document)) {
        // Both writes, so the difference can be read off the crash log.
        std::fprintf(stderr,
                     "round trip through the native format changed the document\n"
                     "--- first native write:\n%s\n--- write of what was read back:\n%s\n",
                     native.constData(), HitsmithFormat::serialize(*again.document).constData());
        std::abort();
    }
    if (QLatin1String(HITSMITH_FUZZ_FORMAT) == QLatin1String("air")) {
        for (const DocumentData *document : {&*result.document, &*again.document}) {
            const WriteResult written = reader()->write(*document, {}, {});
            if (written.bytes != bytes) {
                std::fprintf(stderr, ".air written back differs from the input:\n%s\n",
                             written.bytes.constData());
                std::abort();
            }
        }
    }
    return 0;
}
