// libFuzzer harness for one reader, chosen at compile time (HITSMITH_FUZZ_FORMAT, a
// FormatRegistry name). Each input: read it; if it loads, validate it, write it in the native
// format, read that back, and abort unless the round trip gives an equal document. For .air, whose
// writer keeps every line it did not change, writing the document back (also the one read back
// from the native format) must give the input's bytes.
// The native reader reads through simdjson and falls back to Qt's parser: wherever it reads (the
// input, for the native format's harness, and every round trip) it must agree with Qt's parser
// alone. The quick sniff of a native document must not call any input native that Qt's parse
// says is another format's, and must know every native write.
// A foreign reader's harness checks its round trip against Qt's parser on one input in eight,
// chosen by the input's bytes so that a failure reproduces: that check parses and writes the
// document twice more, a third of the air harness's time, and it tests the native reader,
// whose own harness checks it on every input.

#include "asefile.h"
#include "formatregistry.h"
#include "hitsmithformat.h"
#include "hitsmithreading.h"
#include "jsonsupport.h"
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

/// Aborts unless the native reader's fast path and its reference (Qt's parser alone) agree.
static void checkNativeReaders(const QByteArray &bytes, const ReadResult &fast) {
    const ReadResult reference = HitsmithFormat::parseWithQt(bytes);
    if (fast.error != reference.error) {
        std::fprintf(stderr, "native readers differ: error \"%s\", reference \"%s\"\n",
                     qPrintable(fast.error), qPrintable(reference.error));
        std::abort();
    }
    if (fast.isOk() && (!(*fast.document == *reference.document) ||
                        HitsmithFormat::serialize(*fast.document) !=
                            HitsmithFormat::serialize(*reference.document))) {
        std::fprintf(stderr, "native readers read different documents\n");
        std::abort();
    }
}

/// Aborts if the quick sniff says "native" where Qt's parse finds another format's object.
static void checkSniff(const QByteArray &bytes) {
    if (!native::saysItIsHitsmith(bytes))
        return;
    QString error;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &error);
    if (parsed && parsed->isObject() &&
        parsed->object().value(QStringLiteral("format")) !=
            QJsonValue(QStringLiteral("hitsmith"))) {
        std::fprintf(stderr, "sniffed as a native document, which Qt's parse says it is not\n");
        std::abort();
    }
}

/// One input in eight, by an FNV-1a hash of its bytes (not qHash: its seed differs by machine).
static bool sampledForReferenceCheck(const uint8_t *data, size_t size) {
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < size; ++i)
        hash = (hash ^ data[i]) * 16777619u;
    return hash % 8 == 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    checkSniff(bytes);
    const ReadResult result = reader()->read(bytes, {});
    if (QLatin1String(HITSMITH_FUZZ_FORMAT) == QLatin1String("aseprite-file")) {
        // The pictures too: every frame's composite, as the canvas draws it.
        QString error;
        if (const std::optional<ase::File> file = ase::read(bytes, &error)) {
            for (qsizetype f = 0; f < file->frames.size() && f < 64; ++f)
                ase::composite(*file, int(f));
        }
    }
    if (reader()->name() == QLatin1String("hitsmith"))
        checkNativeReaders(bytes, result);
    if (result.isOk() == !result.error.isEmpty()) {
        std::fprintf(stderr, "document and error both %s\n", result.isOk() ? "set" : "unset");
        std::abort();
    }
    if (!result.isOk())
        return 0;
    validateDocument(*result.document);
    const QByteArray native = HitsmithFormat::serialize(*result.document);
    if (!native::saysItIsHitsmith(native)) {
        std::fprintf(stderr, "a native write is not sniffed as one\n");
        std::abort();
    }
    const ReadResult again = HitsmithFormat::parse(native);
    if (reader()->name() == QLatin1String("hitsmith") || sampledForReferenceCheck(data, size))
        checkNativeReaders(native, again);
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
