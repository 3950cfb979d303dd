// Real .aseprite files from public repositories (tests/data/third-party/aseprite, origins in
// tests/data/third-party/SOURCES.md) against the independent npm reader `ase-parser` (pinned
// below, installed into the build directory as matter-js is): frames, durations, tags and every
// slice key as Hitsmith reads them; then an edited document's export, read back by ase-parser and
// by Hitsmith, and compared chunk by chunk with the source.

#include "formattestsupport.h"
#include "testsupport.h"

#include "asefile.h"
#include "asepritefileformat.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

using namespace hitsmith;
using namespace formattest;

namespace {

const QString kAseParser = QStringLiteral("ase-parser@0.0.19");

/// Runs a program to its end; empty, or why it failed (as tst_formats_matter's).
QString runProcess(const QString &program, const QStringList &arguments,
                   const QProcessEnvironment &environment, QByteArray *out, int timeoutMs) {
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return QStringLiteral("%1 did not finish").arg(program);
    }
    *out = process.readAllStandardOutput();
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return QStringLiteral("%1 %2 failed (%3): %4")
            .arg(program, arguments.join(u' '))
            .arg(process.exitCode())
            .arg(QString::fromUtf8(process.readAllStandardError()));
    return {};
}

/// "name x y w h" for every slice shown on each frame, and "name-pivot x y", sorted: from
/// ase-parser's keys by the rule (a key holds until the next; w or h 0 hides).
QList<QStringList> expectedPerFrame(const QJsonObject &summary) {
    const int frames = int(summary.value(QStringLiteral("frames")).toArray().size());
    QList<QStringList> out(frames);
    for (const QJsonValue &s : summary.value(QStringLiteral("slices")).toArray()) {
        const QString name = s[QStringLiteral("name")].toString();
        for (int f = 0; f < frames; ++f) {
            QJsonObject key;
            int keyFrame = -1;
            for (const QJsonValue &k : s[QStringLiteral("keys")].toArray()) {
                const int kf = k[QStringLiteral("frame")].toInt();
                if (kf <= f && kf >= keyFrame) {
                    keyFrame = kf;
                    key = k.toObject();
                }
            }
            if (keyFrame < 0 || key[QStringLiteral("w")].toInt() == 0 ||
                key[QStringLiteral("h")].toInt() == 0)
                continue;
            const int x = key[QStringLiteral("x")].toInt(), y = key[QStringLiteral("y")].toInt();
            out[f] << QStringLiteral("%1 %2 %3 %4 %5")
                          .arg(name)
                          .arg(x)
                          .arg(y)
                          .arg(key[QStringLiteral("w")].toInt())
                          .arg(key[QStringLiteral("h")].toInt());
            if (key[QStringLiteral("pivot")].isObject())
                out[f] << QStringLiteral("%1-pivot %2 %3")
                              .arg(name)
                              .arg(x + key[QStringLiteral("pivot")][QStringLiteral("x")].toInt())
                              .arg(y + key[QStringLiteral("pivot")][QStringLiteral("y")].toInt());
        }
        for (QStringList &list : out)
            list.sort();
    }
    return out;
}

/// The same strings from a Hitsmith document, indexed by Aseprite frame.
QList<QStringList> documentPerFrame(const DocumentData &doc, int frames) {
    QList<QStringList> out(frames);
    for (const Sprite &sprite : doc.sprites) {
        for (const Frame &frame : sprite.frames) {
            const int index = asepriteFrameIndex(frame);
            if (index < 0 || index >= frames || !out[index].isEmpty())
                continue;
            QStringList list;
            for (const Shape &shape : frame.shapes) {
                if (shape.type == ShapeType::Rect)
                    list << QStringLiteral("%1 %2 %3 %4 %5")
                                .arg(shape.id)
                                .arg(shape.center.x() - shape.size.width() / 2)
                                .arg(shape.center.y() - shape.size.height() / 2)
                                .arg(shape.size.width())
                                .arg(shape.size.height());
                else if (shape.type == ShapeType::Point)
                    list << QStringLiteral("%1 %2 %3")
                                .arg(shape.id)
                                .arg(shape.center.x())
                                .arg(shape.center.y());
            }
            list.sort();
            out[index] = list;
        }
    }
    return out;
}

QList<QByteArray> keptChunks(const QByteArray &bytes) {
    QString error;
    const std::optional<ase::File> file = ase::read(bytes, &error);
    QList<QByteArray> chunks;
    if (!file)
        return chunks;
    bool afterSlice = false;
    for (const ase::ChunkSpan &span : file->chunks) {
        const bool slice = span.type == 0x2022 || (span.type == 0x2020 && afterSlice);
        afterSlice = span.type == 0x2022;
        if (!slice)
            chunks << bytes.mid(span.offset, span.size);
    }
    return chunks;
}

} // namespace

class TestAsepriteReal : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void matchesAseParser_data();
    void matchesAseParser();

private:
    QJsonObject summary(const QString &path);
    QProcessEnvironment mEnvironment;
    QString mNode;
    QString mScript;
};

void TestAsepriteReal::initTestCase() {
    const QString binDir = env("HITSMITH_BIN_DIR");
    mNode = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString npm = QStandardPaths::findExecutable(QStringLiteral("npm"));
    if (binDir.isEmpty() || mNode.isEmpty() || npm.isEmpty())
        HITSMITH_SKIP_OR_FAIL("node, npm or HITSMITH_BIN_DIR missing (Debian packages 'nodejs' "
                              "and 'npm'; run through ctest): ase-parser comparison not run");
    const QString prefix = QDir(binDir).absoluteFilePath(QStringLiteral("../node"));
    const QString modules = QDir(prefix).filePath(QStringLiteral("node_modules"));
    mEnvironment = QProcessEnvironment::systemEnvironment();
    mEnvironment.insert(QStringLiteral("NODE_PATH"), modules);
    if (!QFileInfo::exists(modules + QStringLiteral("/ase-parser/package.json"))) {
        QByteArray out;
        const QString error = runProcess(npm,
                                         {QStringLiteral("install"), QStringLiteral("--prefix"),
                                          prefix, kAseParser, QStringLiteral("--no-audit"),
                                          QStringLiteral("--no-fund"), QStringLiteral("--no-save")},
                                         mEnvironment, &out, 300000);
        QVERIFY2(error.isEmpty(), qPrintable(QStringLiteral("installing ase-parser: ") + error));
    }
    mScript =
        QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("tests/formats/ase_summary.js"));
}

QJsonObject TestAsepriteReal::summary(const QString &path) {
    QByteArray out;
    const QString error = runProcess(mNode, {mScript, path}, mEnvironment, &out, 60000);
    if (!error.isEmpty())
        qWarning("%s", qPrintable(error));
    return QJsonDocument::fromJson(out.left(out.indexOf('\n') < 0 ? out.size() : out.indexOf('\n')))
        .object();
}

void TestAsepriteReal::matchesAseParser_data() {
    QTest::addColumn<QString>("path");
    const QDir dir(testData(QStringLiteral("third-party/aseprite")));
    for (const QString &name : dir.entryList({QStringLiteral("*.aseprite")}, QDir::Files))
        QTest::newRow(qPrintable(name)) << dir.filePath(name);
    const QDir own(testData(QStringLiteral("aseprite")));
    for (const QString &name :
         own.entryList({QStringLiteral("*.aseprite"), QStringLiteral("*.ase")}, QDir::Files))
        QTest::newRow(qPrintable(name)) << own.filePath(name);
}

void TestAsepriteReal::matchesAseParser() {
    QFETCH(QString, path);
    const QJsonObject expected = summary(path);
    QVERIFY2(!expected.isEmpty(), "ase-parser read nothing");
    const ReadResult result = format("aseprite-file")->readFrom(readBytes(path), path);
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const DocumentData &doc = *result.document;

    // Sprites: one per tag, frames in file order; one of all frames without tags.
    const QJsonArray durations = expected.value(QStringLiteral("frames")).toArray();
    const QJsonArray tags = expected.value(QStringLiteral("tags")).toArray();
    // Frames in no tag: one more sprite of them, after the tags' sprites.
    QList<int> untagged;
    for (int f = 0; f < durations.size(); ++f) {
        bool inTag = false;
        for (const QJsonValue &tag : tags)
            inTag = inTag || (tag[QStringLiteral("from")].toInt() <= f &&
                              f <= tag[QStringLiteral("to")].toInt());
        if (!inTag)
            untagged << f;
    }
    QCOMPARE(doc.sprites.size(), tags.size() + (untagged.isEmpty() ? 0 : 1));
    if (!tags.isEmpty() && !untagged.isEmpty()) {
        const Sprite &rest = doc.sprites.last();
        QCOMPARE(rest.frames.size(), untagged.size());
        for (qsizetype i = 0; i < untagged.size(); ++i)
            QCOMPARE(asepriteFrameIndex(rest.frames[i]), untagged[i]);
    }
    for (qsizetype s = 0; s < std::max<qsizetype>(1, tags.size()); ++s) {
        const int from = tags.isEmpty() ? 0 : tags[s][QStringLiteral("from")].toInt();
        const int to =
            tags.isEmpty() ? int(durations.size()) - 1 : tags[s][QStringLiteral("to")].toInt();
        if (!tags.isEmpty())
            QCOMPARE(doc.sprites[s].name, tags[s][QStringLiteral("name")].toString());
        QCOMPARE(doc.sprites[s].frames.size(), to - from + 1);
        for (int f = from; f <= to; ++f) {
            const Frame &frame = doc.sprites[s].frames[f - from];
            QCOMPARE(asepriteFrameIndex(frame), f);
            QCOMPARE(frame.duration.value_or(-1), durations[f].toInt());
        }
    }
    // Pictures: every frame's composite equals the one computed in ase_summary.js from
    // ase-parser's cels (files with another blend mode or a tilemap layer are not compared).
    {
        QByteArray out;
        const QString error = runProcess(mNode, {mScript, path, QStringLiteral("--pixels")},
                                         mEnvironment, &out, 60000);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QJsonValue pixels = QJsonDocument::fromJson(out.mid(out.lastIndexOf('\n') + 1))
                                      .object()
                                      .value(QStringLiteral("pixels"));
        if (pixels.isArray()) {
            QString readError;
            const std::optional<ase::File> file = ase::read(readBytes(path), &readError);
            QVERIFY2(file, qPrintable(readError));
            const QJsonArray frames = pixels.toArray();
            QCOMPARE(frames.size(), file->frames.size());
            for (int f = 0; f < frames.size(); ++f) {
                const QImage ours = ase::composite(*file, f);
                QByteArray rgba;
                for (int y = 0; y < ours.height(); ++y)
                    for (int x = 0; x < ours.width(); ++x) {
                        const QRgb p = ours.pixel(x, y);
                        rgba.append(char(qRed(p))).append(char(qGreen(p)));
                        rgba.append(char(qBlue(p))).append(char(qAlpha(p)));
                    }
                QVERIFY2(rgba == QByteArray::fromBase64(frames[f].toString().toLatin1()),
                         qPrintable(QStringLiteral("frame %1's picture differs").arg(f)));
            }
        }
    }
    const QList<QStringList> slices = expectedPerFrame(expected);
    QCOMPARE(documentPerFrame(doc, int(durations.size())), slices);

    // An edit: the first rect moved by (1, 2) on its first frame, deleted on the last frame it
    // is on (when that is another frame), and a new rect added on the last frame.
    DocumentData edited = doc;
    QList<Frame *> frames;
    for (Sprite &sprite : edited.sprites)
        for (Frame &frame : sprite.frames)
            frames << &frame;
    QString movedId;
    for (Frame *frame : frames) {
        for (Shape &shape : frame->shapes) {
            if (shape.type == ShapeType::Rect && movedId.isEmpty()) {
                movedId = shape.id;
                shape.center += QPointF(1, 2);
            }
        }
    }
    frames.last()->shapes.append(Shape::rect(QStringLiteral("added"), QPointF(5, 6), QSizeF(4, 6),
                                             0, QStringLiteral("hitbox")));
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("edited.aseprite"));
    const WriteResult written = format("aseprite-file")->writeFor(edited, out);
    QVERIFY2(written.isOk(), qPrintable(written.error));
    {
        QFile file(out);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(written.bytes);
    }
    // Every other chunk is the source's, byte for byte.
    QCOMPARE(keptChunks(written.bytes), keptChunks(readBytes(path)));
    // ase-parser reads the export, and its slices are the edited document's rects.
    const QJsonObject back = summary(out);
    QVERIFY2(!back.isEmpty(), "ase-parser cannot read the export");
    QCOMPARE(back.value(QStringLiteral("frames")), expected.value(QStringLiteral("frames")));
    QCOMPARE(expectedPerFrame(back), documentPerFrame(edited, int(durations.size())));
    // Hitsmith reads it back to the same rects.
    const ReadResult again = format("aseprite-file")->readFrom(written.bytes, out);
    QVERIFY2(again.isOk(), qPrintable(again.error));
    QCOMPARE(documentPerFrame(*again.document, int(durations.size())),
             documentPerFrame(edited, int(durations.size())));
}

QTEST_GUILESS_MAIN(TestAsepriteReal)
#include "tst_formats_asepritereal.moc"
