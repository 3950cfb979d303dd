// Hostile input: every reader gets thousands of mutated copies of valid files (bytes flipped,
// cut, duplicated, odd tokens spliced in) and must answer each with a document or an error,
// never both, never a crash. Deterministic (fixed seed) so a failure reproduces.

#include "formattestsupport.h"

#include <QRandomGenerator>

using namespace hitsmith;
using namespace formattest;

class TestFuzz : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mutatedInputs_data();
    void mutatedInputs();
};

void TestFuzz::mutatedInputs_data() {
    QTest::addColumn<QString>("reader");
    QTest::addColumn<QByteArray>("seed");
    const DocumentData document = sampleDocument();
    for (const char *name : {"tiled-tsx", "tiled-tsj", "godot", "matter", "air"})
        QTest::newRow(name) << QString::fromLatin1(name)
                            << format(name)->write(document, {}, {}).bytes;
    QTest::newRow("aseprite") << QStringLiteral("aseprite")
                              << readBytes(testData(QStringLiteral("formats/aseprite_hash.json")));
    QTest::newRow("air kfm") << QStringLiteral("air")
                             << readBytes(testData(QStringLiteral("formats/air/kfm.air")));
    QTest::newRow("godot 3") << QStringLiteral("godot")
                             << readBytes(testData(QStringLiteral("formats/godot3_scene.tscn")));
}

void TestFuzz::mutatedInputs() {
    QFETCH(QString, reader);
    QFETCH(QByteArray, seed);
    QVERIFY(!seed.isEmpty());
    const FileFormat *format = FormatRegistry::instance().byName(reader);
    QVERIFY(format->read(seed, {}).isOk());
    static const QList<QByteArray> tokens = {"nan",
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
                                             "\0",
                                             "\xff",
                                             "PackedVector2Array(",
                                             "SubResource(\"x\")",
                                             "<object>",
                                             "99999999999999999999",
                                             "-0",
                                             ":",
                                             "\n[node name=\"x\" parent=\"nowhere\"]\n"};
    QRandomGenerator random(0x5eed + quint32(qHash(reader)));
    int ok = 0, refused = 0;
    for (int round = 0; round < 1500; ++round) {
        QByteArray bytes = seed;
        const int edits = 1 + random.bounded(4);
        for (int e = 0; e < edits && !bytes.isEmpty(); ++e) {
            const qsizetype at = random.bounded(bytes.size());
            switch (random.bounded(5)) {
            case 0:
                bytes[at] = char(random.bounded(256));
                break;
            case 1:
                bytes.remove(at, 1 + random.bounded(16));
                break;
            case 2:
                bytes.insert(at, tokens[random.bounded(tokens.size())]);
                break;
            case 3:
                bytes.insert(at, bytes.mid(random.bounded(bytes.size()), random.bounded(64)));
                break;
            default:
                bytes.truncate(at);
            }
        }
        const ReadResult result = format->read(bytes, {});
        QVERIFY2(result.isOk() != !result.error.isEmpty(), qPrintable(QString::number(round)));
        ++(result.isOk() ? ok : refused);
    }
    // Both outcomes happen: the mutations are neither all harmless nor all fatal.
    QVERIFY(ok > 0);
    QVERIFY(refused > 0);
}

QTEST_GUILESS_MAIN(TestFuzz)
#include "tst_formats_fuzz.moc"
