// hitsmith-cli validate --sweep --defender SPRITE/FRAME (issue 29): the frames whose swing from
// the frame before passes through the defender while neither frame touches it, as problem lines,
// with their dx intervals worked out by hand for axis-aligned rectangles; a thin defender is
// tunnelled through where a wide one is not; the knight example's tunnel as `range --sweep`
// gives it; exit statuses and usage errors.

#include "clirunner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString example() {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples/knight.json";
}

// No root motion, origins at the bottom. "jab": the fist spans x 10..20 in swing-1 and 40..50 in
// swing-2 (the swing between them sweeps 10..50). "slow": x 10..20 then 18..28 (the two reaches
// overlap: nothing to pass through). "hook": a third frame swings back from 40..50 to 20..28.
// Defenders (mirrored, facing the attacker): "dummy/pole" x -1..1, "dummy/wide" x -10..10.
// Against a defender x -b..b an attacker rectangle a0..a1 connects for dx in [a0 - b, a1 + b].
const QByteArray kDocument = R"({
  "format": "hitsmith", "version": 1,
  "collide": [["hitbox", "hurtbox"]],
  "sprites": [
    {"name": "jab", "frames": [
      {"name": "ready", "origin": [0, 60], "shapes": []},
      {"name": "swing-1", "origin": [0, 60], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [15, 35], "size": [10, 10], "angle": 0}]},
      {"name": "swing-2", "origin": [0, 60], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [45, 35], "size": [10, 10], "angle": 0}]},
      {"name": "hook", "origin": [0, 60], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [24, 35], "size": [8, 10], "angle": 0}]}
    ]},
    {"name": "slow", "frames": [
      {"name": "step-1", "origin": [0, 60], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [15, 35], "size": [10, 10], "angle": 0}]},
      {"name": "step-2", "origin": [0, 60], "shapes": [
        {"id": "fist", "layer": "hitbox", "type": "rect", "center": [23, 35], "size": [10, 10], "angle": 0}]}
    ]},
    {"name": "dummy", "frames": [
      {"name": "pole", "origin": [0, 60], "shapes": [
        {"id": "pole", "layer": "hurtbox", "type": "rect", "center": [0, 30], "size": [2, 60], "angle": 0}]},
      {"name": "wide", "origin": [0, 60], "shapes": [
        {"id": "torso", "layer": "hurtbox", "type": "rect", "center": [0, 30], "size": [20, 60], "angle": 0}]}
    ]}
  ]
}
)";

QString line(const QString &file, const QString &frame, const QString &from, double lo, double hi,
             const QString &defender = QStringLiteral("dummy/pole")) {
    return QStringLiteral("%1: %2: the swing from %3 passes through %4 at dx %5..%6 where "
                          "neither frame touches it (a frame-by-frame test misses it)")
        .arg(file, frame, from, defender, QString::number(lo, 'f', 2), QString::number(hi, 'f', 2));
}

QStringList lines(const QByteArray &out) {
    QStringList result = QString::fromUtf8(out).split(u'\n');
    if (!result.isEmpty() && result.last().isEmpty())
        result.removeLast();
    return result;
}

} // namespace

class TestCliValidateSweep : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mPath;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(mDir.isValid());
        mPath = mDir.filePath(QStringLiteral("moves.json"));
        QFile file(mPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kDocument);
    }

    void thinDefenderIsTunnelled() {
        const CliRun run = runCli({"validate", mPath, "--sweep", "--defender", "dummy/pole"});
        QCOMPARE(run.exitCode, 1);
        // jab: swing-1 reaches 9..21, swing-2 39..51, hook 19..29. The swing 1 -> 2 sweeps 9..51,
        // less both reaches: 21..39; the hook's swing back (20..50) sweeps 19..51, less 39..51
        // and 19..29: 29..39. slow's reaches 9..21 and 17..29 overlap: no tunnel.
        QCOMPARE(lines(run.out), (QStringList{line(mPath, "jab/swing-2", "swing-1", 21, 39),
                                              line(mPath, "jab/hook", "swing-2", 29, 39)}));
        QVERIFY2(run.err.isEmpty(), run.err.constData());
    }

    void wideDefenderIsNot() {
        // Against x -10..10: swing-1 reaches 0..30, swing-2 30..60, hook 10..38: the reaches
        // touch or overlap, every swing stays within them.
        const CliRun run = runCli({"validate", mPath, "--sweep", "--defender", "dummy/wide"});
        QVERIFY2(run.out.isEmpty(), run.out.constData());
        QCOMPARE(run.exitCode, 0);
    }

    void withoutSweepNothingIsSwept() {
        const CliRun run = runCli({"validate", mPath});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.isEmpty());
    }

    void layerPairsAndDy() {
        // No pair tests the hitbox: nothing to sweep.
        CliRun run = runCli({"validate", mPath, "--sweep", "--defender", "dummy/pole", "--layers",
                             "hurtbox:hurtbox"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.isEmpty());
        // The defender 100 px lower: its pole (y -60..0 from its origin) misses the fist.
        run = runCli({"validate", mPath, "--sweep", "--defender", "dummy/pole", "--dy", "100"});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.isEmpty());
    }

    void defenderFromAnotherDocument() {
        const QString dummy = mDir.filePath(QStringLiteral("dummy.json"));
        QJsonObject root = QJsonDocument::fromJson(kDocument).object();
        QJsonArray sprites = root["sprites"].toArray();
        root["sprites"] = QJsonArray{sprites.last()};
        QFile file(dummy);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QJsonDocument(root).toJson());
        file.close();
        const CliRun run = runCli(
            {"validate", mPath, "--sweep", "--defender", "dummy/pole", "--defender-doc", dummy});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(lines(run.out).size(), 2);
        QCOMPARE(lines(run.out).first(), line(mPath, "jab/swing-2", "swing-1", 21, 39));
    }

    // The knight example: the tunnel `range --sweep` prints, to the hundredth.
    void knightAsRangeSweep() {
        const CliRun range = runCli(
            {"range", example(), "--attacker", "knight", "--defender", "pole/stand", "--sweep"});
        QCOMPARE(range.exitCode, 0);
        QStringList expected;
        const QJsonArray frames = QJsonDocument::fromJson(range.out)["frames"].toArray();
        for (int f = 1; f < frames.size(); ++f) {
            const QJsonArray tunnel = frames[f]["tunnel"].toArray();
            if (!tunnel.isEmpty())
                expected << line(example(), "knight/" + frames[f]["frame"].toString(),
                                 frames[f - 1]["frame"].toString(), tunnel[0][0].toDouble(),
                                 tunnel[0][1].toDouble(), "pole/stand");
        }
        QCOMPARE(expected.size(), 1);
        const CliRun run = runCli({"validate", example(), "--sweep", "--defender", "pole/stand"});
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(lines(run.out), expected);
    }

    void failures_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("no defender") << QStringList{"--sweep"} << "--sweep needs --defender";
        QTest::newRow("no sweep") << QStringList{"--defender", "dummy/pole"}
                                  << "--defender needs --sweep";
        QTest::newRow("dy without sweep") << QStringList{"--dy", "3"} << "--dy needs --sweep";
        QTest::newRow("unknown frame")
            << QStringList{"--sweep", "--defender", "dummy/none"} << "no frame \"dummy/none\"";
        QTest::newRow("bad layers")
            << QStringList{"--sweep", "--defender", "dummy/pole", "--layers", "hitbox"}
            << "--layers";
    }

    void failures() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = runCli(QStringList{"validate", mPath} + arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliValidateSweep)
#include "tst_cli_validate_sweep.moc"
