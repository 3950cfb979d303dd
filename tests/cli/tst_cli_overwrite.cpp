// hitsmith-cli export and import never write over their own input or over a Hitsmith document
// unless --force: exit 2, a message that names the file, and the file untouched.

#include "clirunner.h"
#include "hitsmithformat.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace hitsmith;

namespace {

const QByteArray kDocument = R"({"format": "hitsmith", "version": 1, "sprites": [
  {"name": "knight", "frames": [{"name": "idle", "shapes": [
    {"id": "head", "type": "circle", "center": [5, 5], "radius": 3}]}]}]})";

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(bytes);
    return file.fileName();
}

QByteArray readFile(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestCliOverwrite : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;

private Q_SLOTS:
    void exportRefusesItsInput() {
        const QString doc = writeFile(mDir, QStringLiteral("out.json"), kDocument);
        // The exact data-loss case: a Hitsmith document exported to Matter under its own name.
        const CliRun run = runCli({QStringLiteral("export"), QStringLiteral("-f"),
                                   QStringLiteral("matter"), doc, QStringLiteral("-o"), doc});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("out.json is the input") && run.err.contains("--force"),
                 run.err.constData());
        QCOMPARE(readFile(doc), kDocument);
        // The same file by another spelling is still the input.
        const CliRun dotted =
            runCli({QStringLiteral("export"), QStringLiteral("-f"), QStringLiteral("matter"), doc,
                    QStringLiteral("-o"), mDir.path() + QStringLiteral("/./out.json")});
        QCOMPARE(dotted.exitCode, 2);
        QCOMPARE(readFile(doc), kDocument);
    }

    void exportRefusesAHitsmithDocument() {
        const QString doc = writeFile(mDir, QStringLiteral("source.json"), kDocument);
        const QString other = writeFile(mDir, QStringLiteral("other.tsj"), kDocument);
        const CliRun run = runCli({QStringLiteral("export"), doc, QStringLiteral("-o"), other});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("other.tsj is a Hitsmith document") &&
                     run.err.contains("--force"),
                 run.err.constData());
        QCOMPARE(readFile(other), kDocument);
        // A file that is not a Hitsmith document is replaced as before.
        const QString tileset = writeFile(mDir, QStringLiteral("plain.tsj"), "{}");
        QCOMPARE(runCli({QStringLiteral("export"), doc, QStringLiteral("-o"), tileset}).exitCode,
                 0);
        QVERIFY(readFile(tileset).contains("\"tiles\""));
        // --force: the user means it.
        const CliRun forced = runCli({QStringLiteral("export"), doc, QStringLiteral("-o"), other,
                                      QStringLiteral("--force")});
        QVERIFY2(forced.exitCode == 0, forced.err.constData());
        QVERIFY(!holdsHitsmithDocument(other));
    }

    void importRefusesItsInputAndHitsmithDocuments() {
        const QString doc = writeFile(mDir, QStringLiteral("hero.json"), kDocument);
        const QString tsj = mDir.filePath(QStringLiteral("hero.tsj"));
        QCOMPARE(runCli({QStringLiteral("export"), doc, QStringLiteral("-o"), tsj}).exitCode, 0);
        const QByteArray tileset = readFile(tsj);

        const CliRun self = runCli({QStringLiteral("import"), tsj, QStringLiteral("-o"), tsj});
        QCOMPARE(self.exitCode, 2);
        QVERIFY2(self.err.contains("hero.tsj is the input"), self.err.constData());
        QCOMPARE(readFile(tsj), tileset);

        const CliRun over = runCli({QStringLiteral("import"), tsj, QStringLiteral("-o"), doc});
        QCOMPARE(over.exitCode, 2);
        QVERIFY2(over.err.contains("hero.json is a Hitsmith document"), over.err.constData());
        QCOMPARE(readFile(doc), kDocument);

        const CliRun fresh = runCli({QStringLiteral("import"), tsj, QStringLiteral("-o"),
                                     mDir.filePath(QStringLiteral("new.json"))});
        QVERIFY2(fresh.exitCode == 0, fresh.err.constData());
        const CliRun forced = runCli(
            {QStringLiteral("import"), tsj, QStringLiteral("-o"), doc, QStringLiteral("--force")});
        QVERIFY2(forced.exitCode == 0, forced.err.constData());
        QVERIFY(readFile(doc) != kDocument);
        QVERIFY(holdsHitsmithDocument(doc));
    }

    /// An .aseprite a document was read from is the artist's file: exporting over it needs
    /// --force, as over the input; `--format aseprite` writes Aseprite's own file.
    void exportRefusesTheSourceAseprite() {
        const QString source = qEnvironmentVariable("HITSMITH_TEST_DATA") +
                               QStringLiteral("/aseprite/rgba-tags-slices.aseprite");
        const QString art = writeFile(mDir, QStringLiteral("art.aseprite"), readFile(source));
        const QByteArray original = readFile(art);
        QVERIFY(!original.isEmpty());
        const QString doc = mDir.filePath(QStringLiteral("art.json"));
        const CliRun imported = runCli({QStringLiteral("import"), art, QStringLiteral("-o"), doc});
        QVERIFY2(imported.exitCode == 0, imported.err.constData());
        const CliRun refused = runCli({QStringLiteral("export"), doc, QStringLiteral("-o"), art});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("source file"), refused.err.constData());
        const CliRun copy = runCli({QStringLiteral("export"), QStringLiteral("--format"),
                                    QStringLiteral("aseprite"), doc, QStringLiteral("-o"),
                                    mDir.filePath(QStringLiteral("copy.aseprite"))});
        QVERIFY2(copy.exitCode == 0, copy.err.constData());
        QCOMPARE(readFile(mDir.filePath(QStringLiteral("copy.aseprite"))), original);
        const CliRun forced = runCli(
            {QStringLiteral("export"), doc, QStringLiteral("-o"), art, QStringLiteral("--force")});
        QVERIFY2(forced.exitCode == 0, forced.err.constData());
        QCOMPARE(readFile(art), original); // unedited: the same bytes
    }
};

QTEST_GUILESS_MAIN(TestCliOverwrite)
#include "tst_cli_overwrite.moc"
