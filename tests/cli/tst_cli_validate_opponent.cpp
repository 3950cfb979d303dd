// hitsmith-cli validate on documents whose saved versus setups take the defender from another
// file (issue 27's "Defender from"): a setup whose file is gone, unreadable or without the
// defender frame is a problem (exit 1) that names the setup and the file as the document stores
// it; a setup whose file and frame are there is none.

#include "clirunner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString dataDir() {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + QStringLiteral("/tests/data/versus");
}

void writeFile(const QString &path, const QByteArray &bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes), bytes.size());
}

/// A valid document with one frame and the given versus setups (JSON objects, comma-separated).
QByteArray documentWith(const QByteArray &setups) {
    return R"({"format": "hitsmith", "version": 1, "sprites": [{"name": "hero", "frames": [
  {"name": "punch", "shapes": [{"id": "fist", "layer": "hitbox", "type": "rect",
    "center": [30, 10], "size": [10, 4], "angle": 0}]}]}],
  "versus": [)" +
           setups + "]}\n";
}

/// A versus setup of hero/punch against defender, taken from the file document.
QByteArray setupAgainst(const char *defender, const char *document) {
    return QByteArray(R"({"attacker": "hero/punch", "defender": ")") + defender +
           R"(", "dx": 30, "defender_document": ")" + document + "\"}";
}

} // namespace

class TestCliValidateOpponent : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theBundledSetupIsValid();
    void problemsOfOpponentFiles_data();
    void problemsOfOpponentFiles();
    void eachSetupIsNamed();
};

void TestCliValidateOpponent::theBundledSetupIsValid() {
    // hero-vs-brute.json saves "defender_document": "brute.json", which has brute/guard.
    const CliRun run = runCli({"validate", dataDir() + "/hero-vs-brute.json"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray());
    QCOMPARE(run.err, QByteArray());
}

void TestCliValidateOpponent::problemsOfOpponentFiles_data() {
    QTest::addColumn<QByteArray>("setup");
    QTest::addColumn<QString>("line"); // after "FILE: "
    QTest::newRow("file gone") << setupAgainst("brute/guard", "gone/brute.json")
                               << QStringLiteral(
                                      "versus[0]: defender document not found: gone/brute.json");
    QTest::newRow("no such frame")
        << setupAgainst("brute/kneel", "brute.json")
        << QStringLiteral("versus[0]: versus setup names frame \"brute/kneel\", which "
                          "brute.json does not have (expected \"sprite/frame\")");
    QTest::newRow("unreadable") << setupAgainst("brute/guard", "broken.json")
                                << QStringLiteral(
                                       "versus[0]: defender document broken.json cannot be read: ");
    QTest::newRow("a folder") << setupAgainst("brute/guard", "sub")
                              << QStringLiteral("versus[0]: defender document not found: sub");
}

void TestCliValidateOpponent::problemsOfOpponentFiles() {
    QFETCH(QByteArray, setup);
    QFETCH(QString, line);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::copy(dataDir() + "/brute.json", dir.filePath("brute.json")));
    writeFile(dir.filePath("broken.json"), "{\"format\": \"hitsmith\", \"sprites\": [");
    QVERIFY(QDir(dir.path()).mkdir("sub"));
    const QString file = dir.filePath("hero.json");
    writeFile(file, documentWith(setup));
    const CliRun run = runCli({"validate", file});
    QCOMPARE(run.exitCode, 1);
    const QStringList lines = QString::fromUtf8(run.out).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0].startsWith(file + ": " + line), qPrintable(lines[0]));
    QCOMPARE(run.err, QByteArray());
}

void TestCliValidateOpponent::eachSetupIsNamed() {
    // Three setups on one opponent file: the good one says nothing, each bad one its own line,
    // and the one missing file is named once per setup that names it.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::copy(dataDir() + "/brute.json", dir.filePath("brute.json")));
    const QString file = dir.filePath("hero.json");
    writeFile(file, documentWith(setupAgainst("brute/guard", "brute.json") + ',' +
                                 setupAgainst("brute/nope", "brute.json") + ',' +
                                 setupAgainst("foe/idle", "foe.json")));
    const CliRun run = runCli({"validate", file});
    QCOMPARE(run.exitCode, 1);
    const QStringList lines = QString::fromUtf8(run.out).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith(file + ": versus[1]: versus setup names frame \"brute/nope\""),
             qPrintable(lines[0]));
    QCOMPARE(lines[1], file + ": versus[2]: defender document not found: foe.json");
}

QTEST_GUILESS_MAIN(TestCliValidateOpponent)
#include "tst_cli_validate_opponent.moc"
