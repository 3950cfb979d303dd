// hitsmith-cli formats / export / import: format guessing, exit codes, warnings on stderr,
// nothing written on failure.

#include "formattestsupport.h"
#include "testsupport.h"

#include "hitsmithformat.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace hitsmith;
using namespace formattest;

class TestFormatCommands : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void formatsListsEveryFormat();
    void exportGuessesFromExtension();
    void exportJsonNeedsFormat();
    void exportInvalidShapes();
    void exportUnreadable();
    void importSniffsJson();
    void importMalformedWritesNothing();
    void importPhysicsEditorByContent();
    void exportImportRoundTrip();
    void exportCountsMotionLost();

private:
    struct Run {
        int code;
        QString out, err;
    };
    Run cli(const QStringList &arguments);
    QString mCli;
    QTemporaryDir mDir;
};

void TestFormatCommands::initTestCase() {
    const QString binDir = env("HITSMITH_BIN_DIR");
    mCli = QDir(binDir).filePath(QStringLiteral("hitsmith-cli"));
    if (binDir.isEmpty() || !QFileInfo::exists(mCli))
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_BIN_DIR does not hold hitsmith-cli (run through ctest after a full build)");
    QVERIFY(mDir.isValid());
    QString error;
    QVERIFY(
        saveDocumentFile(sampleDocument(), mDir.filePath(QStringLiteral("sample.json")), &error));
}

TestFormatCommands::Run TestFormatCommands::cli(const QStringList &arguments) {
    QProcess process;
    process.setWorkingDirectory(mDir.path());
    process.start(mCli, arguments);
    process.waitForFinished(60000);
    return {process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

void TestFormatCommands::formatsListsEveryFormat() {
    const Run run = cli({QStringLiteral("formats")});
    QCOMPARE(run.code, 0);
    for (const FileFormat *f : FormatRegistry::instance().formats())
        QVERIFY2(run.out.contains(f->name()), qPrintable(run.out));
    QVERIFY(run.out.contains(
        QRegularExpression(QStringLiteral(R"(tiled-tsx\s+\.tsx \.tmx\s+read/write)"))));
    QVERIFY(run.out.contains(QRegularExpression(QStringLiteral(R"(aseprite\s+\.json\s+read\s)"))));
    QVERIFY(run.out.contains(
        QRegularExpression(QStringLiteral(R"(godot\s+\.tscn \.tres\s+read/write)"))));
}

void TestFormatCommands::exportGuessesFromExtension() {
    for (const char *extension : {"tsx", "tsj", "tscn"}) {
        const QString out = QStringLiteral("guess.") + QLatin1String(extension);
        const Run run = cli(
            {QStringLiteral("export"), QStringLiteral("sample.json"), QStringLiteral("-o"), out});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const FileFormat *target = FormatRegistry::instance().byFileName(out, FileFormat::CanWrite);
        // The bytes on disk are exactly the format's output for this document and paths.
        QCOMPARE(readBytes(mDir.filePath(out)),
                 target->write(sampleDocument(), {mDir.filePath(out), mDir.path()}, {}).bytes);
    }
    const Run matter =
        cli({QStringLiteral("export"), QStringLiteral("--format"), QStringLiteral("matter"),
             QStringLiteral("sample.json"), QStringLiteral("-o"), QStringLiteral("bodies.json")});
    QCOMPARE(matter.code, 0);
    QVERIFY(matter.err.contains(
        QStringLiteral("sample.json: warning: 2 rotated rectangles written as polygons")));
    QVERIFY(matter.err.contains(QStringLiteral("re-centres every body")));
}

void TestFormatCommands::exportJsonNeedsFormat() {
    const Run run = cli({QStringLiteral("export"), QStringLiteral("sample.json"),
                         QStringLiteral("-o"), QStringLiteral("x.json")});
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.contains(QStringLiteral("pass --format")), qPrintable(run.err));
    QVERIFY(!QFileInfo::exists(mDir.filePath(QStringLiteral("x.json"))));
    const Run unknown =
        cli({QStringLiteral("export"), QStringLiteral("-f"), QStringLiteral("nope"),
             QStringLiteral("sample.json"), QStringLiteral("-o"), QStringLiteral("x.tsx")});
    QCOMPARE(unknown.code, 2);
    QVERIFY(unknown.err.contains(QStringLiteral("unknown format 'nope'")));
    // A Tiled map is read for its tilesets, never written: a tileset would replace it.
    for (const char *map : {"level.tmx", "level.tmj"}) {
        const Run tiled =
            cli({QStringLiteral("export"), QStringLiteral("-f"), QStringLiteral("tiled-tsx"),
                 QStringLiteral("sample.json"), QStringLiteral("-o"), QLatin1String(map)});
        QCOMPARE(tiled.code, 2);
        QVERIFY2(tiled.err.contains(QStringLiteral("never writes")), qPrintable(tiled.err));
        QVERIFY(!QFileInfo::exists(mDir.filePath(QLatin1String(map))));
    }
    const Run readOnly =
        cli({QStringLiteral("export"), QStringLiteral("-f"), QStringLiteral("andengine"),
             QStringLiteral("sample.json"), QStringLiteral("-o"), QStringLiteral("x.xml")});
    QCOMPARE(readOnly.code, 2);
    QVERIFY(readOnly.err.contains(QStringLiteral("cannot be written")));
}

void TestFormatCommands::exportInvalidShapes() {
    DocumentData document = sampleDocument();
    document.sprites[1].frames[0].shapes.append(Shape::circle(QStringLiteral("flat"), {1, 1}, 0));
    QString error;
    QVERIFY(saveDocumentFile(document, mDir.filePath(QStringLiteral("invalid.json")), &error));
    const Run refused = cli({QStringLiteral("export"), QStringLiteral("invalid.json"),
                             QStringLiteral("-o"), QStringLiteral("invalid.tsx")});
    QCOMPARE(refused.code, 1);
    QVERIFY2(refused.err.contains(QStringLiteral("slime/squash/flat")), qPrintable(refused.err));
    QVERIFY2(refused.err.contains(QStringLiteral("--skip-invalid")), qPrintable(refused.err));
    QVERIFY(!QFileInfo::exists(mDir.filePath(QStringLiteral("invalid.tsx"))));
    const Run skipped =
        cli({QStringLiteral("export"), QStringLiteral("invalid.json"), QStringLiteral("-o"),
             QStringLiteral("invalid.tsx"), QStringLiteral("--skip-invalid")});
    QCOMPARE(skipped.code, 0);
    QVERIFY2(
        skipped.err.contains(QStringLiteral("warning: 1 invalid shape skipped: slime/squash/flat")),
        qPrintable(skipped.err));
    QVERIFY(!readBytes(mDir.filePath(QStringLiteral("invalid.tsx"))).contains("flat"));
}

void TestFormatCommands::exportUnreadable() {
    const Run missing = cli({QStringLiteral("export"), QStringLiteral("missing.json"),
                             QStringLiteral("-o"), QStringLiteral("m.tsx")});
    QCOMPARE(missing.code, 2);
    QVERIFY(missing.err.contains(QStringLiteral("missing.json")));
    const Run usage = cli({QStringLiteral("export"), QStringLiteral("sample.json")});
    QCOMPARE(usage.code, 2);
}

void TestFormatCommands::importSniffsJson() {
    // Four different formats share .json: the content decides.
    QFile tsj(mDir.filePath(QStringLiteral("tiles.json")));
    QVERIFY(tsj.open(QIODevice::WriteOnly));
    tsj.write(format("tiled-tsj")->write(sampleDocument(), {}, {}).bytes);
    tsj.close();
    const QStringList inputs = {QStringLiteral("bodies.json"), QStringLiteral("tiles.json"),
                                testData(QStringLiteral("formats/aseprite_array.json")),
                                QStringLiteral("sample.json")};
    cli({QStringLiteral("export"), QStringLiteral("-f"), QStringLiteral("matter"),
         QStringLiteral("sample.json"), QStringLiteral("-o"), QStringLiteral("bodies.json")});
    const QList<const char *> readers = {"matter", "tiled-tsj", "aseprite", "hitsmith"};
    for (qsizetype i = 0; i < inputs.size(); ++i) {
        const QString out = QStringLiteral("imported-%1.json").arg(i);
        const Run run = cli({QStringLiteral("import"), inputs[i], QStringLiteral("-o"), out});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const QString in = QFileInfo(inputs[i]).isAbsolute() ? inputs[i] : mDir.filePath(inputs[i]);
        // Image paths are absolute in memory on both sides.
        const ReadResult expected = format(readers[i])->readFrom(readBytes(in), in);
        const ReadResult actual = loadDocumentFile(mDir.filePath(out));
        QVERIFY2(actual.isOk(), qPrintable(actual.error));
        QCOMPARE(*actual.document, *expected.document);
    }
}

void TestFormatCommands::importMalformedWritesNothing() {
    QFile bad(mDir.filePath(QStringLiteral("bad.tsx")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("<tileset><tile id=\"1\"><objectgroup><object id=\"2\" x=\"oops\"/>");
    bad.close();
    const Run run = cli({QStringLiteral("import"), QStringLiteral("bad.tsx"), QStringLiteral("-o"),
                         QStringLiteral("bad.json")});
    QCOMPARE(run.code, 2);
    QVERIFY2(run.err.contains(QStringLiteral("bad.tsx: line 1, column")), qPrintable(run.err));
    QVERIFY(run.err.contains(QStringLiteral("tile 1, object 2: attribute x")));
    QVERIFY(!QFileInfo::exists(mDir.filePath(QStringLiteral("bad.json"))));
    const Run unknown =
        cli({QStringLiteral("import"), QStringLiteral("sample.json"), QStringLiteral("-o"),
             QStringLiteral("x.json"), QStringLiteral("--format"), QStringLiteral("gif")});
    QCOMPARE(unknown.code, 2);
}

void TestFormatCommands::importPhysicsEditorByContent() {
    // .xml is shared by two PhysicsEditor layouts: the root elements decide, and the importer
    // prints the reader's counted warnings.
    const QList<std::pair<QString, const char *>> inputs = {
        {QStringLiteral("formats/andengine/food.xml"), "andengine"},
        {QStringLiteral("formats/box2d-xml/bugs.xml"), "box2d-xml"},
        {QStringLiteral("formats/cocos2d-plist/shapes.plist"), "cocos2d-plist"}};
    for (const auto &[path, reader] : inputs) {
        const QString in = testData(path);
        const QString out = QStringLiteral("pe-%1.json").arg(QLatin1String(reader));
        const Run run = cli({QStringLiteral("import"), in, QStringLiteral("-o"), out});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        const ReadResult expected = format(reader)->readFrom(readBytes(in), in);
        QVERIFY(expected.isOk());
        for (const QString &warning : expected.warnings)
            QVERIFY2(run.err.contains(warning), qPrintable(run.err));
        const ReadResult actual = loadDocumentFile(mDir.filePath(out));
        QVERIFY2(actual.isOk(), qPrintable(actual.error));
        QCOMPARE(*actual.document, *expected.document);
    }
    const Run andEngine = cli({QStringLiteral("import"), testData(inputs[0].first),
                               QStringLiteral("-o"), QStringLiteral("pe-warn.json")});
    QVERIFY2(andEngine.err.contains(QStringLiteral("1 fixture with a collision group index")),
             qPrintable(andEngine.err));
}

void TestFormatCommands::exportImportRoundTrip() {
    for (const char *extension : {"tsx", "tsj", "tscn"}) {
        const QString exported = QStringLiteral("trip.") + QLatin1String(extension);
        QCOMPARE(cli({QStringLiteral("export"), QStringLiteral("sample.json"), QStringLiteral("-o"),
                      exported})
                     .code,
                 0);
        const QString back = QStringLiteral("trip-%1.json").arg(QLatin1String(extension));
        const Run run = cli({QStringLiteral("import"), exported, QStringLiteral("-o"), back});
        QVERIFY2(run.code == 0 && run.err.isEmpty(), qPrintable(run.err));
        const ReadResult result = loadDocumentFile(mDir.filePath(back));
        QVERIFY(result.isOk());
        const QString why = documentDifference(sampleDocument(), *result.document, kTolerance);
        QVERIFY2(why.isEmpty(), qPrintable(QLatin1String(extension) + QStringLiteral(": ") + why));
    }
}

void TestFormatCommands::exportCountsMotionLost() {
    // Issue 29: the knight's three stepping attack frames, exported where motion has no place,
    // are counted on stderr; where it has one, nothing is said and the steps come back.
    const QString knight =
        QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("examples/knight.json"));
    for (const auto &[target, name] :
         {std::pair{"matter", "Matter bodies"}, std::pair{"air", "MUGEN .air files"}}) {
        const Run run = cli({QStringLiteral("export"), QStringLiteral("-f"), QLatin1String(target),
                             knight, QStringLiteral("-o"), QStringLiteral("lost.out")});
        QVERIFY2(run.code == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("knight.json: warning: root motion is not stored "
                                                 "in %1: 3 frames' motion not kept: "
                                                 "knight/attack-1, knight/attack-2, "
                                                 "knight/attack-3\n")
                                      .arg(QLatin1String(name))),
                 qPrintable(run.err));
    }
    const Run godot = cli(
        {QStringLiteral("export"), knight, QStringLiteral("-o"), QStringLiteral("knight.tscn")});
    QVERIFY2(godot.code == 0 && !godot.err.contains(QStringLiteral("motion")),
             qPrintable(godot.err));
    const Run back = cli({QStringLiteral("import"), QStringLiteral("knight.tscn"),
                          QStringLiteral("-o"), QStringLiteral("knight-back.json")});
    QVERIFY2(back.code == 0, qPrintable(back.err));
    const ReadResult result = loadDocumentFile(mDir.filePath(QStringLiteral("knight-back.json")));
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const Sprite &attack = result.document->sprites.value(0);
    QCOMPARE(attack.name, QStringLiteral("knight"));
    QCOMPARE(attack.frames.value(3).motion, QPointF(5, -1));
    QCOMPARE(attack.rootPosition(3), QPointF(26, -1));
}

QTEST_GUILESS_MAIN(TestFormatCommands)
#include "tst_formats_cli.moc"
