// hitsmith-cli versus and range with --defender-doc FILE (issue 27: versus across two
// characters): the defender's frame comes from another document, in any format the CLI reads.
// A defender moved to its own file gives the same output as in the attacker's document; two
// .air characters give the hits and ranges their boxes give by hand.

#include "clirunner.h"
#include "hitsmithformat.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace hitsmith;

namespace {

QString example() {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples/knight.json";
}

void writeFile(const QString &path, const QByteArray &bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

// Kung Fu Man-like: a kick whose Clsn1 box spans x 20..60 on its second element.
const QByteArray kAttacker = "; Kick\n"
                             "[Begin Action 230]\n"
                             "Clsn2Default: 1\n"
                             " Clsn2[0] = -10,-80, 10,0\n"
                             "230,0, 0,0, 3\n"
                             "Clsn1: 1\n"
                             " Clsn1[0] = 20,-60, 60,-50\n"
                             "230,1, 0,0, 3\n";
// Another character standing: a hurtbox 30 wide (x -10..20), written with CRLF and Shift-JIS.
const QByteArray kDefender = "; \x97\xa7\x82\xbf Stand\r\n"
                             "[Begin Action 0]\r\n"
                             "Clsn2Default: 1\r\n"
                             " Clsn2[0] = -10,-90, 20,0\r\n"
                             "0,0, 0,0, -1\r\n";

} // namespace

class TestCliDefenderDoc : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameOutputAsOneDocument_data();
    void sameOutputAsOneDocument();
    void twoAirCharacters();
    void badDefenderDoc_data();
    void badDefenderDoc();
};

void TestCliDefenderDoc::sameOutputAsOneDocument_data() {
    QTest::addColumn<QStringList>("arguments"); // DOC and --defender-doc are added
    QTest::newRow("versus") << QStringList{
        "versus", "--attacker", "knight/attack-2", "--defender",    "slime/idle", "--dx", "45",
        "--dy",   "-10",        "--layers",        "hitbox:hurtbox"};
    QTest::newRow("range") << QStringList{"range",      "--attacker", "knight",
                                          "--defender", "slime/jump", "--dy",
                                          "-5",         "--layers",   "hitbox:hurtbox"};
}

void TestCliDefenderDoc::sameOutputAsOneDocument() {
    // The slime alone in its own document, the knight alone in another.
    QFETCH(QStringList, arguments);
    const ReadResult whole = loadDocumentFile(example());
    QVERIFY(whole.isOk());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    DocumentData knight = *whole.document, slime = *whole.document;
    knight.sprites = {whole.document->sprites[0]};
    slime.sprites = {whole.document->sprites[1]};
    QCOMPARE(slime.sprites[0].name, QStringLiteral("slime"));
    QString error;
    const QString knightFile = dir.filePath("knight.json"), slimeFile = dir.filePath("slime.json");
    QVERIFY2(saveDocumentFile(knight, knightFile, &error), qPrintable(error));
    QVERIFY2(saveDocumentFile(slime, slimeFile, &error), qPrintable(error));

    const CliRun together = runCli(QStringList(arguments) << example());
    QCOMPARE(together.exitCode, 0);
    QVERIFY(together.out.size() > 20);
    const CliRun apart =
        runCli(QStringList(arguments) << knightFile << "--defender-doc" << slimeFile);
    QVERIFY2(apart.exitCode == 0, apart.err);
    QCOMPARE(apart.out, together.out);
}

void TestCliDefenderDoc::twoAirCharacters() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kick = dir.filePath("kfm.air"), stand = dir.filePath("other.air");
    writeFile(kick, kAttacker);
    writeFile(stand, kDefender);
    // The defender, mirrored about its axis, covers x dx-20..dx+10; the kick x 20..60: they
    // meet for dx in [10, 80] (touching at the ends).
    // Named "<action> <comment>" (issue 42), the Shift-JIS comment decoded.
    const QString stander = QString::fromUtf8("0 \xe7\xab\x8b\xe3\x81\xa1 Stand/element-1");
    const CliRun range = runCli({"range", kick, "--attacker", "230 Kick", "--defender-doc", stand,
                                 "--defender", stander, "--layers", "hitbox:hurtbox"});
    QVERIFY2(range.exitCode == 0, range.err);
    const QJsonArray frames = QJsonDocument::fromJson(range.out).object()["frames"].toArray();
    QCOMPARE(frames.size(), 2);
    QCOMPARE(frames[0]["intervals"].toArray().size(), 0);
    const QJsonArray intervals = frames[1]["intervals"].toArray();
    QCOMPARE(intervals.size(), 1);
    QCOMPARE(intervals[0][0].toDouble(), 10.0);
    QCOMPARE(intervals[0][1].toDouble(), 80.0);
    for (auto [dx, hits] : {std::pair("45", 1), std::pair("85", 0)}) {
        const CliRun versus =
            runCli({"versus", kick, "--attacker", "230 Kick/element-2", "--defender-doc", stand,
                    "--defender", stander, "--dx", dx, "--layers", "hitbox:hurtbox"});
        QVERIFY2(versus.exitCode == 0, versus.err);
        const QJsonArray found = QJsonDocument::fromJson(versus.out).object()["hits"].toArray();
        QCOMPARE(found.size(), hits);
        if (hits)
            QCOMPARE(found[0]["b"].toString(), QStringLiteral("clsn2-0"));
    }
}

void TestCliDefenderDoc::badDefenderDoc_data() {
    QTest::addColumn<QStringList>("arguments"); // DOC is added
    QTest::addColumn<QString>("message");
    const QStringList versus{"versus", "--attacker", "knight/attack-2", "--dx", "1"};
    const QStringList range{"range", "--attacker", "knight"};
    for (const QStringList &base : {versus, range}) {
        const QString name = base.first();
        QTest::newRow(qPrintable(name + ": missing file"))
            << (QStringList(base) << "--defender"
                                  << "slime/idle"
                                  << "--defender-doc"
                                  << "/nonexistent/slime.json")
            << "/nonexistent/slime.json: ";
        QTest::newRow(qPrintable(name + ": frame not in the defender's document"))
            << (QStringList(base) << "--defender"
                                  << "stand/element-1"
                                  << "--defender-doc" << example())
            << example() + ": no frame \"stand/element-1\"";
    }
}

void TestCliDefenderDoc::badDefenderDoc() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    arguments.insert(1, example());
    const CliRun run = runCli(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err);
    QCOMPARE(run.out, QByteArray());
}

QTEST_GUILESS_MAIN(TestCliDefenderDoc)
#include "tst_cli_defender_doc.moc"
