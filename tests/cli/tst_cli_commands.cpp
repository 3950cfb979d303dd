// hitsmith-cli as a build pipeline uses it: exit codes, messages, and output shapes.

#include "clirunner.h"
#include "hitsmithformat.h"

#include <QDir>
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

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(bytes);
    return file.fileName();
}

const QByteArray kConcave = R"({"format": "hitsmith", "version": 1, "sprites": [
  {"name": "knight", "frames": [{"name": "attack-2", "shapes": [
    {"id": "cape", "type": "polygon", "points": [[0,0],[10,0],[10,10],[5,4],[0,10]]},
    {"id": "head", "type": "circle", "center": [5, 5], "radius": 3}]}]}]})";

} // namespace

class TestCliCommands : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void helpAndVersion();
    void unknownCommandIsAUsageError();
    void validateExampleIsClean();
    void validateConcaveNamesTheVertex();
    void validateUnreadableFile();
    void validateMissingImage();
    void hitsPrintsPairsAndInvalidShapes();
    void hitsOfAnUnreadableFile();
    void benchPrintsItsFigures();
};

void TestCliCommands::helpAndVersion() {
    const CliRun help = runCli({"--help"});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("Usage: hitsmith-cli COMMAND"));
    for (const char *command : {"validate", "hits", "bench"})
        QVERIFY2(help.out.contains(command), command);
    const CliRun version = runCli({"--version"});
    QCOMPARE(version.exitCode, 0);
    QVERIFY(version.out.startsWith("hitsmith-cli "));
    const CliRun commandHelp = runCli({"validate", "--help"});
    QCOMPARE(commandHelp.exitCode, 0);
    QVERIFY2(commandHelp.out.startsWith("Usage: hitsmith-cli validate [options] FILE..."),
             commandHelp.out);
    QCOMPARE(runCli({}).exitCode, 2);
}

void TestCliCommands::unknownCommandIsAUsageError() {
    const CliRun run = runCli({"frobnicate"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("unknown command 'frobnicate'"));
    QCOMPARE(runCli({"validate", "--no-such-option", example()}).exitCode, 2);
}

void TestCliCommands::validateExampleIsClean() {
    const CliRun run = runCli({"validate", example()});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QByteArray());
}

void TestCliCommands::validateConcaveNamesTheVertex() {
    QTemporaryDir dir;
    const QString file = writeFile(dir, "concave.json", kConcave);
    const CliRun run = runCli({"validate", example(), file});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(QString::fromUtf8(run.out), file + ": knight/attack-2/cape: not convex at vertex 3\n");
}

void TestCliCommands::validateUnreadableFile() {
    QTemporaryDir dir;
    const QString broken = writeFile(dir, "broken.json", "{\"format\": \"hitsmith\",\n  oops");
    const CliRun run = runCli({"validate", broken, dir.filePath("missing.json")});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains((broken + ": line 2, column 3: ").toUtf8()), run.err);
    QVERIFY(run.err.contains("missing.json: no such file"));
}

void TestCliCommands::validateMissingImage() {
    QTemporaryDir dir;
    const QString file =
        writeFile(dir, "lost.json", R"({"format": "hitsmith", "version": 1, "sprites": [
          {"name": "knight", "image": "art/knight.png", "frames": [{"name": "idle"}]}]})");
    const CliRun run = runCli({"validate", file});
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(QString::fromUtf8(run.out), file + ": knight: image not found: art/knight.png\n");

    // Once the image is where the document says (relative to the document), it is clean.
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("art")));
    QVERIFY(QFile::copy(qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples/knight.png",
                        dir.filePath("art/knight.png")));
    const CliRun fixed = runCli({"validate", file});
    QCOMPARE(fixed.exitCode, 0);
    QCOMPARE(fixed.out, QByteArray());
}

void TestCliCommands::hitsPrintsPairsAndInvalidShapes() {
    QTemporaryDir dir;
    const QString file = writeFile(dir, "doc.json", R"({"format": "hitsmith", "version": 1,
      "collide": [["hitbox", "hurtbox"]],
      "sprites": [{"name": "knight", "frames": [{"name": "attack-2", "shapes": [
        {"id": "body", "layer": "hurtbox", "type": "rect", "center": [0, 0], "size": [10, 10]},
        {"id": "blade", "layer": "hitbox", "type": "rect", "center": [7.5, 0], "size": [10, 2]},
        {"id": "shield", "layer": "hurtbox", "type": "circle", "center": [3, 0], "radius": 2},
        {"id": "cape", "layer": "hitbox", "type": "polygon", "points": [[0,0],[10,0],[10,10],[5,4],[0,10]]}
      ]}]}]})");
    const CliRun run = runCli({"hits", file});
    QCOMPARE(run.exitCode, 0);
    QJsonParseError error;
    const QJsonObject result = QJsonDocument::fromJson(run.out, &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray hits = result.value("hits").toArray();
    // body-shield are both hurtboxes: filtered by the collide matrix. cape is invalid.
    QCOMPARE(hits.size(), 2);
    const QJsonObject first = hits[0].toObject();
    QCOMPARE(first.value("sprite").toString(), QStringLiteral("knight"));
    QCOMPARE(first.value("frame").toString(), QStringLiteral("attack-2"));
    QCOMPARE(first.value("a").toString(), QStringLiteral("body"));
    QCOMPARE(first.value("b").toString(), QStringLiteral("blade"));
    QCOMPARE(first.value("depth").toDouble(), 2.5);
    QCOMPARE(first.value("normal").toArray(), (QJsonArray{1, 0}));
    const QJsonObject second = hits[1].toObject();
    QCOMPARE(second.value("a").toString(), QStringLiteral("blade"));
    QCOMPARE(second.value("b").toString(), QStringLiteral("shield"));
    // The shield (centre x 3, radius 2) escapes the blade (x >= 2.5) leftwards by 2.5.
    QCOMPARE(second.value("depth").toDouble(), 2.5);
    QCOMPARE(second.value("normal").toArray(), (QJsonArray{-1, 0}));
    const QJsonArray invalid = result.value("invalid").toArray();
    QCOMPARE(invalid.size(), 1);
    QCOMPARE(invalid[0].toObject().value("id").toString(), QStringLiteral("cape"));
    QCOMPARE(invalid[0].toObject().value("reason").toString(),
             QStringLiteral("not convex at vertex 3"));
    // Deterministic: the same bytes twice.
    QCOMPARE(runCli({"hits", file}).out, run.out);
}

void TestCliCommands::hitsOfAnUnreadableFile() {
    QTemporaryDir dir;
    const QString file =
        writeFile(dir, "v2.json", R"({"format": "hitsmith", "version": 2, "sprites": []})");
    const CliRun run = runCli({"hits", file});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("newer than this build"));
    QCOMPARE(run.out, QByteArray());
}

void TestCliCommands::benchPrintsItsFigures() {
    const CliRun run = runCli({"bench", example(), "--edits", "50"});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject figures = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(figures.value("shapes").toInt(),
             29); // the knight, the slime and the pole: 23 boxes, 6 points
    QCOMPARE(figures.value("hits").toInt(), QJsonDocument::fromJson(runCli({"hits", example()}).out)
                                                .object()
                                                .value("hits")
                                                .toArray()
                                                .size());
    QVERIFY(figures.value("full_recompute_ms").toDouble() > 0);
    QVERIFY(figures.value("edit_us").toDouble() > 0);
    QVERIFY(figures.value("open_ms").toDouble() > 0);
    QVERIFY(figures.value("open_cpu_ms").toDouble() > 0);
    QCOMPARE(runCli({"bench", example(), "--edits", "zero"}).exitCode, 2);
    // Openings through either reader (the reference one, to compare), as many as asked.
    const CliRun qt =
        runCli({"bench", example(), "--edits", "1", "--opens", "2", "--reader", "qt"});
    QCOMPARE(qt.exitCode, 0);
    const QJsonObject qtFigures = QJsonDocument::fromJson(qt.out).object();
    QCOMPARE(qtFigures.value("hits"), figures.value("hits"));
    QVERIFY(qtFigures.value("open_ms").toDouble() > 0);
    QCOMPARE(runCli({"bench", example(), "--opens", "0"}).exitCode, 2);
    QCOMPARE(runCli({"bench", example(), "--reader", "json"}).exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCliCommands)
#include "tst_cli_commands.moc"
