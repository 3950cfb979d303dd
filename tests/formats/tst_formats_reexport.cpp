// Import -> export -> import of every real-world fixture through every writer: what the target
// can hold comes back (invalid shapes are skipped with --skip-invalid semantics; Matter turns
// rectangles into polygons and orders bodies by key).

#include "formattestsupport.h"
#include "testsupport.h"

#include "engines/enginesupport.h"
#include "validation.h"

#include <algorithm>

using namespace hitsmith;
using namespace formattest;

class TestReexport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyFixtureThroughEveryWriter_data();
    void everyFixtureThroughEveryWriter();
    void emptyFramesAndSpritesSurvive_data();
    void emptyFramesAndSpritesSurvive();
};

namespace {

DocumentData withoutInvalidShapes(DocumentData document) {
    for (Sprite &sprite : document.sprites) {
        for (Frame &frame : sprite.frames)
            frame.shapes.removeIf([](const Shape &shape) { return !isCollidable(shape); });
    }
    return document;
}

/// Capsules as writers without capsules write them (issue 43): their polygon within 0.5 px.
DocumentData withCapsulesAsPolygons(DocumentData document) {
    for (Sprite &sprite : document.sprites) {
        for (Frame &frame : sprite.frames) {
            for (Shape &shape : frame.shapes) {
                if (shape.type != ShapeType::Capsule)
                    continue;
                Shape polygon = shape;
                polygon.type = ShapeType::Polygon;
                polygon.points = engines::capsulePolygon(shape);
                polygon.radius = 0;
                shape = polygon;
            }
        }
    }
    return document;
}

void sortByName(DocumentData &document) {
    std::sort(document.sprites.begin(), document.sprites.end(),
              [](const Sprite &a, const Sprite &b) { return a.name < b.name; });
    for (Sprite &sprite : document.sprites)
        std::sort(sprite.frames.begin(), sprite.frames.end(),
                  [](const Frame &a, const Frame &b) { return a.name < b.name; });
}

const char *readerFor(const QString &file) {
    const QString suffix = QFileInfo(file).suffix();
    if (suffix == QLatin1String("tsx"))
        return "tiled-tsx";
    if (suffix == QLatin1String("tsj"))
        return "tiled-tsj";
    if (suffix == QLatin1String("tscn") || suffix == QLatin1String("tres"))
        return "godot";
    return file.contains(QLatin1String("aseprite")) ? "aseprite" : "matter";
}

} // namespace

void TestReexport::everyFixtureThroughEveryWriter_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("writer");
    const QString dir = sharedFixtures();
    if (dir.isEmpty())
        return;
    for (const QString &folder : {QStringLiteral("tiled"), QStringLiteral("godot"),
                                  QStringLiteral("phaser-matter"), QStringLiteral("aseprite")}) {
        for (const QFileInfo &file : QDir(dir + u'/' + folder).entryInfoList(QDir::Files)) {
            for (const char *writer : {"tiled-tsx", "tiled-tsj", "godot", "matter"})
                QTest::newRow(
                    qPrintable(file.fileName() + QStringLiteral(" -> ") + QLatin1String(writer)))
                    << file.absoluteFilePath() << QString::fromLatin1(writer);
        }
    }
}

void TestReexport::everyFixtureThroughEveryWriter() {
    if (sharedFixtures().isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_SHARED_FIXTURES is not set or the folder is absent: real-world fixtures "
            "not tested");
    QFETCH(QString, file);
    QFETCH(QString, writer);
    const ReadResult imported =
        format(readerFor(file))->read(readBytes(file), {file, QFileInfo(file).absolutePath()});
    QVERIFY2(imported.isOk(), qPrintable(imported.error));
    const FileFormat *target = FormatRegistry::instance().byName(writer);
    WriteOptions options;
    options.skipInvalid = true;
    const WriteResult written = target->write(*imported.document, {}, options);
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QCOMPARE(target->write(*imported.document, {}, options).bytes, written.bytes);
    const ReadResult back = target->read(written.bytes, {});
    QVERIFY2(back.isOk(), qPrintable(back.error));
    DocumentData expected = withoutInvalidShapes(*imported.document);
    // Godot and Tiled (1.12) have capsules
    if (writer != QLatin1String("godot") && !writer.startsWith(QLatin1String("tiled-")))
        expected = withCapsulesAsPolygons(expected);
    DocumentData actual = *back.document;
    const bool matter = writer == QLatin1String("matter");
    if (matter) {
        sortByName(expected);
        sortByName(actual);
    }
    const QString why = documentDifference(expected, actual, kTolerance, matter);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    if (!matter) {
        for (qsizetype s = 0; s < expected.sprites.size(); ++s) {
            for (qsizetype f = 0; f < expected.sprites[s].frames.size(); ++f) {
                QCOMPARE(actual.sprites[s].frames[f].origin, expected.sprites[s].frames[f].origin);
                QCOMPARE(actual.sprites[s].frames[f].source, expected.sprites[s].frames[f].source);
            }
        }
    }
}

void TestReexport::emptyFramesAndSpritesSurvive_data() {
    QTest::addColumn<QString>("writer");
    for (const char *writer : {"tiled-tsx", "tiled-tsj", "godot", "matter"})
        QTest::newRow(writer) << QString::fromLatin1(writer);
}

void TestReexport::emptyFramesAndSpritesSurvive() {
    QFETCH(QString, writer);
    DocumentData document = sampleDocument();
    document.sprites[0].frames.append(Frame{QStringLiteral("blank"), {}, {}, {}, {}, {}, {}});
    const FileFormat *target = FormatRegistry::instance().byName(writer);
    const ReadResult back = target->read(target->write(document, {}, {}).bytes, {});
    QVERIFY2(back.isOk(), qPrintable(back.error));
    DocumentData expected = document, actual = *back.document;
    sortByName(expected);
    sortByName(actual);
    const QString why =
        documentDifference(expected, actual, kTolerance, writer == QLatin1String("matter"));
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

QTEST_GUILESS_MAIN(TestReexport)
#include "tst_formats_reexport.moc"
