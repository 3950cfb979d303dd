// Hostile input: every reader gets thousands of mutated copies of valid files (bytes flipped,
// cut, duplicated, odd tokens spliced in) and must answer each with a document or an error,
// never both, never a crash. Deterministic (fixed seed) so a failure reproduces.

#include "formattestsupport.h"
#include "hitsmithformat.h"

// The C runtime loader, whose fuzz seeds are checked here with the reader's seeds.
#define HITSMITH_IMPLEMENTATION
#include "../../runtimes/c/hitsmith.h"

#include <QRandomGenerator>

#include <cmath>

using namespace hitsmith;
using namespace formattest;

class TestFuzz : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mutatedInputs_data();
    void mutatedInputs();
    void regressions();
    void campaignSeedsLoadWithinTheInputCap();
};

void TestFuzz::mutatedInputs_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QByteArray>("seed");
    const DocumentData document = sampleDocument();
    for (const char *name : {"hitsmith", "tiled-tsx", "tiled-tsj", "godot", "matter", "air"})
        QTest::newRow(name) << QString::fromLatin1(name)
                            << format(name)->write(document, {}, {}).bytes;
    QTest::newRow("aseprite") << QStringLiteral("aseprite")
                              << readBytes(testData(QStringLiteral("formats/aseprite_hash.json")));
    QTest::newRow("air kfm") << QStringLiteral("air")
                             << readBytes(testData(QStringLiteral("formats/air/kfm.air")));
    QTest::newRow("godot 3") << QStringLiteral("godot")
                             << readBytes(testData(QStringLiteral("formats/godot3_scene.tscn")));
    QTest::newRow("andengine") << QStringLiteral("andengine")
                               << readBytes(testData(QStringLiteral("formats/andengine/food.xml")));
    QTest::newRow("box2d-xml") << QStringLiteral("box2d-xml")
                               << readBytes(testData(QStringLiteral("formats/box2d-xml/bugs.xml")));
    QTest::newRow("cocos2d-plist")
        << QStringLiteral("cocos2d-plist")
        << readBytes(testData(QStringLiteral("formats/cocos2d-plist/shapes.plist")));
}

void TestFuzz::mutatedInputs() {
    QFETCH(QString, reader);
    QFETCH(QByteArray, seed);
    QVERIFY(!seed.isEmpty());
    const FileFormat *format = FormatRegistry::instance().byName(reader);
    QVERIFY(format->read(seed, {}).isOk());
    static const QList<QByteArray> tokens = {
        "nan",
        "inf",
        "-1e999",
        "1e308",
        "\"",
        "[",
        "]",
        "{",
        "}",
        "(",
        ")",
        ",",
        "<",
        ">",
        "/>",
        "=",
        "&",
        "\\",
        QByteArray("\0", 1), // a real NUL byte ("\0" alone converts to an empty array)
        "\xff",
        "PackedVector2Array(",
        "SubResource(\"x\")",
        "<object>",
        "99999999999999999999",
        "-0",
        ":",
        "\n[node name=\"x\" parent=\"nowhere\"]\n"};
    // Seeded from the reader's name by a fixed sum of its characters: the same inputs on every
    // machine (qHash differs with and without AES-NI and between runs).
    quint32 nameSeed = 0;
    for (const QChar c : QString(reader))
        nameSeed = nameSeed * 31 + c.unicode();
    QRandomGenerator random(0x5eed + nameSeed);
    const DocumentData original = *format->read(seed, {}).document;
    int ok = 0, refused = 0, nulInjected = 0;
    for (int round = 0; round < 1500; ++round) {
        QByteArray bytes = seed;
        bool onlyTruncated = true;
        const int edits = 1 + random.bounded(4);
        for (int e = 0; e < edits && !bytes.isEmpty(); ++e) {
            const qsizetype at = random.bounded(bytes.size());
            const int kind = random.bounded(5);
            onlyTruncated = onlyTruncated && kind == 4;
            switch (kind) {
            case 0:
                bytes[at] = char(random.bounded(256));
                break;
            case 1:
                bytes.remove(at, 1 + random.bounded(16));
                break;
            case 2:
                bytes.insert(at, tokens[random.bounded(tokens.size())]);
                break;
            case 3: {
                // One draw per statement: argument order is unspecified (GCC and clang differ).
                const qsizetype from = random.bounded(bytes.size());
                bytes.insert(at, bytes.mid(from, random.bounded(64)));
                break;
            }
            default:
                bytes.truncate(at);
            }
        }
        nulInjected += bytes.contains('\0') ? 1 : 0;
        const ReadResult result = format->read(bytes, {});
        // A failure names the input in Base64: the seed comes from a writer, so the log is what
        // reproduces a failure seen once (one run in CI failed here and passed again).
        const auto input = [&bytes] { return QString::fromLatin1(bytes.toBase64()); };
        if (result.isOk() == !result.error.isEmpty()) // the message only when it fails
            QVERIFY2(false, qPrintable(QStringLiteral("document and error both %1 in round %2, "
                                                      "input %3")
                                           .arg(result.isOk() ? QStringLiteral("set")
                                                              : QStringLiteral("unset"))
                                           .arg(round)
                                           .arg(input())));
        ++(result.isOk() ? ok : refused);
        // .air keeps every line it did not change: what it reads, it writes back byte for byte.
        if (reader == QLatin1String("air") && result.isOk() &&
            format->write(*result.document, {}, {}).bytes != bytes)
            QVERIFY2(false, qPrintable(QStringLiteral("round %1: .air not written back byte for "
                                                      "byte; input %2")
                                           .arg(round)
                                           .arg(input())));
        // A file that was only cut short is refused or loads whole: never half a document.
        // Not for .air: a line-based format with no end marker, where a cut at a line end is a
        // shorter but genuine file (tst_formats_air checks every cut writes back its own bytes).
        // Nor for a foreign Godot scene (the Godot 3 sample): cut at a node boundary it is a
        // smaller scene Godot itself loads. Hitsmith's own Godot exports end with the nodes that
        // use their animation sub-resources, so every cut of those is caught (row "godot").
        const bool hasEndMarker =
            !reader.startsWith(QLatin1String("air")) &&
            QLatin1String(QTest::currentDataTag()) != QLatin1String("godot 3");
        // Godot's loader takes a sub-resource no node uses, and so does Hitsmith: a cut between
        // one and its node loads the part before it, saying so (the only half-load allowed).
        const bool saysItMayBeCut =
            reader.startsWith(QLatin1String("godot")) &&
            !result.warnings.filter(QStringLiteral("is used by nothing")).isEmpty();
        if (onlyTruncated && hasEndMarker && result.isOk() && !saysItMayBeCut) {
            const QString why = documentDifference(original, *result.document, 0.0);
            QVERIFY2(why.isEmpty(), qPrintable(QStringLiteral("round %1: truncated to %2 bytes "
                                                              "half-loads: %3; input %4")
                                                   .arg(round)
                                                   .arg(bytes.size())
                                                   .arg(why, input())));
        }
    }
    // Both outcomes happen: the mutations are neither all harmless nor all fatal.
    QVERIFY(ok > 0);
    QVERIFY(refused > 0);
    QVERIFY(nulInjected > 0);
}

namespace {

/// One file of a folder holding a subfolder per reader (root/<reader>/<file>), read.
struct ReaderFile {
    const FileFormat *format = nullptr; ///< null when no reader has the subfolder's name
    QString where;                      ///< "reader/file", for messages
    QByteArray bytes;
};

QList<ReaderFile> readerFiles(const QDir &root) {
    QList<ReaderFile> files;
    for (const QString &reader : root.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QDir folder(root.filePath(reader));
        for (const QString &name : folder.entryList(QDir::Files))
            files.append({FormatRegistry::instance().byName(reader), reader + u'/' + name,
                          readBytes(folder.filePath(name))});
    }
    return files;
}

} // namespace

// Every input the libFuzzer harnesses (tests/fuzz/) ever failed on stays here as a row: it must
// load or be refused, and what loads must survive a native round trip unchanged.
void TestFuzz::regressions() {
    const QDir root(testData(QStringLiteral("fuzz-regressions")));
    QVERIFY2(root.exists(), qPrintable(root.path()));
    const QList<ReaderFile> files = readerFiles(root);
    for (const ReaderFile &file : files) {
        QVERIFY2(file.format, qPrintable(QStringLiteral("no reader for ") + file.where));
        const ReadResult result = file.format->read(file.bytes, {});
        QVERIFY2(result.isOk() != !result.error.isEmpty(), qPrintable(file.where));
        if (result.isOk()) {
            const ReadResult again =
                HitsmithFormat::parse(HitsmithFormat::serialize(*result.document));
            QVERIFY2(again.isOk(), qPrintable(file.where + QStringLiteral(": ") + again.error));
            QVERIFY2(*again.document == *result.document, qPrintable(file.where));
            // .air writes back what it read byte for byte.
            if (file.format->name() == QLatin1String("air"))
                QVERIFY2(file.format->write(*result.document, {}, {}).bytes == file.bytes,
                         qPrintable(file.where));
        }
    }
    qInfo("%lld regression inputs checked", qlonglong(files.size()));
    QVERIFY(!files.isEmpty()); // the folder is read at all
}

// tests/fuzz/seeds/ holds seeds for readers whose test files are larger than the harnesses'
// input cap (libFuzzer cuts every input to it, seeds included): each must fit and load, or the
// campaigns of its reader quietly go back to exploring its error paths.
void TestFuzz::campaignSeedsLoadWithinTheInputCap() {
    const QDir root(QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("tests/fuzz/seeds")));
    QVERIFY2(root.exists(), qPrintable(root.path()));
    constexpr qsizetype kInputCap = 4096; // scripts/fuzz.sh's default HITSMITH_FUZZ_MAX_LEN
    const QList<ReaderFile> files = readerFiles(root);
    for (const ReaderFile &file : files) {
        QVERIFY2(!file.bytes.isEmpty() && file.bytes.size() <= kInputCap, qPrintable(file.where));
        if (file.where.startsWith(QLatin1String("runtime-c/"))) {
            // The C runtime loader (runtimes/c/hitsmith.h) is no document format: it loads them.
            hs_error error;
            hs_runtime *runtime =
                hs_load(file.bytes.constData(), size_t(file.bytes.size()), &error);
            QVERIFY2(runtime, qPrintable(file.where + QStringLiteral(": ") + error.message));
            const int sprites = runtime->sprite_count;
            // Every hit between any two frames, both facings, has a finite depth and a unit
            // normal (one seed is a fuzz find: an edge of length 1e308 gave a zero normal).
            for (int a = 0; a < sprites; ++a) {
                for (int d = 0; d < sprites; ++d) {
                    const hs_sprite &attacker = runtime->sprites[a],
                                    &defender = runtime->sprites[d];
                    for (int fa = 0; fa < attacker.frame_count; ++fa) {
                        for (int fd = 0; fd < defender.frame_count; ++fd) {
                            for (int same = 0; same < 2; ++same) {
                                hs_hit hits[32];
                                const int n = hs_versus(runtime, &attacker, fa, &defender, fd, 0.0,
                                                        0.0, same, nullptr, 0, hits, 32);
                                for (int i = 0; i < n && i < 32; ++i) {
                                    const double length =
                                        std::hypot(hits[i].normal.x, hits[i].normal.y);
                                    QVERIFY2(std::isfinite(hits[i].depth) && hits[i].depth >= 0 &&
                                                 std::abs(length - 1.0) < 1e-6,
                                             qPrintable(file.where + QStringLiteral(": ") +
                                                        QString::fromUtf8(hits[i].a_id) + u'/' +
                                                        QString::fromUtf8(hits[i].b_id)));
                                }
                            }
                        }
                    }
                }
            }
            hs_free(runtime);
            QVERIFY2(sprites > 0, qPrintable(file.where));
            continue;
        }
        QVERIFY2(file.format, qPrintable(QStringLiteral("no reader for ") + file.where));
        const ReadResult result = file.format->read(file.bytes, {});
        QVERIFY2(result.isOk(), qPrintable(file.where + QStringLiteral(": ") + result.error));
        QVERIFY2(!result.document->sprites.isEmpty(), qPrintable(file.where));
    }
    QVERIFY(!files.isEmpty());
}

QTEST_GUILESS_MAIN(TestFuzz)
#include "tst_formats_fuzz.moc"
