// hitsmith-cli export with capsules (issue 43): Tiled tilesets get Tiled 1.12 capsule objects,
// or with --capsules-as-polygons polygons for older Tiled and a warning on stderr; Godot scenes
// get CapsuleShape2D resources.

#include "clirunner.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

// A capsule along x from (10, 20) to (50, 20), radius 6: Tiled's rectangle is 52 x 12 at (4, 14).
const QByteArray kDocument = R"({"format": "hitsmith", "version": 1, "sprites": [
  {"name": "knight", "frames": [{"name": "swing", "shapes": [
    {"id": "sword", "type": "capsule", "ends": [[10, 20], [50, 20]], "radius": 6}]}]}]})";

QByteArray readFile(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliExportCapsules : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mDocument;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(mDir.isValid());
        mDocument = mDir.filePath(QStringLiteral("knight.json"));
        QFile file(mDocument);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kDocument);
    }

    void tiledGetsCapsuleObjects() {
        const QString out = mDir.filePath(QStringLiteral("knight.tsx"));
        const CliRun run = runCli({QStringLiteral("export"), mDocument, QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(!run.err.contains("capsule"), run.err.constData());
        const QByteArray tsx = readFile(out);
        QVERIFY2(tsx.contains(R"(name="sword" x="4" y="14" width="52" height="12">)"),
                 tsx.constData());
        QVERIFY(tsx.contains("<capsule/>"));
    }

    void olderTiledGetsPolygonsAndAWarning() {
        const QString out = mDir.filePath(QStringLiteral("older.tsj"));
        const CliRun run = runCli({QStringLiteral("export"), mDocument, QStringLiteral("-o"), out,
                                   QStringLiteral("--capsules-as-polygons")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.err.contains("1 capsule written as a polygon (every point within 0.5 px of "
                                  "the capsule, for Tiled before 1.12)") &&
                     run.err.contains("knight/swing/sword"),
                 run.err.constData());
        const QByteArray tsj = readFile(out);
        QVERIFY(!tsj.contains("capsule"));
        QVERIFY(tsj.contains("\"polygon\""));
    }

    void godotGetsCapsuleShapes() {
        const QString out = mDir.filePath(QStringLiteral("knight.tscn"));
        const CliRun run = runCli({QStringLiteral("export"), mDocument, QStringLiteral("-o"), out});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QByteArray scene = readFile(out);
        // Full height |ends| + 2r = 52, at the midpoint (30, 20), local y turned onto +x.
        QVERIFY2(scene.contains("type=\"CapsuleShape2D\"") && scene.contains("radius = 6") &&
                     scene.contains("height = 52") && scene.contains("position = Vector2(30, 20)"),
                 scene.constData());
        QVERIFY2(scene.contains("rotation = -1.5707963267948966"), scene.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliExportCapsules)
#include "tst_cli_export_capsules.moc"
