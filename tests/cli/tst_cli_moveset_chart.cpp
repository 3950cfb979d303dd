// `hitsmith-cli moveset --svg` byte for byte: the chart's layout moved to
// model/operations/movesetlayout (shared with the editor's Moveset dock) and the SVG must not
// change. The expected files were written by the chart before the move (tests/data/moveset/);
// issue 42 changed only their frame data lines, from frames ("1/3/0 f") to ticks with ms beside
// them ("7/18/0 ticks (100/300/0 ms)": the knight's 100 ms frames are 6 ticks at 60/s).
// A refactor guard, not a check of correctness: the expected SVGs are the product's own output,
// so a mistake the chart made then is expected now too. What the chart says is checked against
// hand-worked reaches and frame counts in tst_cli_moveset and tst_model_operations_movesetlayout.

#include "clirunner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

class TestCliMovesetChart : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sameBytes_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("expected");
        QTest::newRow("knight against the pole (a tunnel)")
            << QStringList{"--defender", "pole/stand"} << "knight-pole.svg";
        QTest::newRow("knight against the slime, dy -10")
            << QStringList{"--defender", "slime/idle", "--dy", "-10"} << "knight-slime-dy-10.svg";
    }

    void sameBytes() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString svg = dir.filePath("chart.svg");
        const CliRun run =
            runCli(QStringList{"moveset", qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                              "/examples/knight.json"} +
                   arguments + QStringList{"--svg", svg});
        QCOMPARE(run.exitCode, 0);
        QFile written(svg),
            golden(qEnvironmentVariable("HITSMITH_TEST_DATA") + "/moveset/" + expected);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QVERIFY(golden.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), golden.readAll());
    }
};

QTEST_GUILESS_MAIN(TestCliMovesetChart)
#include "tst_cli_moveset_chart.moc"
