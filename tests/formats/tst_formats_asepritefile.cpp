// Aseprite's own files (.aseprite / .ase): frames, durations, tags, slices, the composite picture
// (expected pixels worked out by hand from Aseprite's normal blend formula), detection by magic,
// the write-back of slices, and hostile input. Fixtures: scripts/make-aseprite-fixtures.py.

#include "formattestsupport.h"
#include "testsupport.h"

#include "asefile.h"
#include "asepritefileformat.h"
#include "formatsniffer.h"
#include "framepicture.h"

#include <QTemporaryDir>

using namespace hitsmith;
using namespace formattest;

namespace {

QString fixture(const char *name) {
    return testData(QStringLiteral("aseprite/") + QLatin1String(name));
}

ReadResult readFixture(const char *name) {
    const QString path = fixture(name);
    return format("aseprite-file")->readFrom(readBytes(path), path);
}

ase::File aseFile(const char *name) {
    QString error;
    std::optional<ase::File> file = ase::read(readBytes(fixture(name)), &error);
    if (!file)
        qFatal("%s", qPrintable(error));
    return *file;
}

const Shape *shape(const Frame &frame, const char *id) {
    const qsizetype i = frame.indexOfShape(QLatin1String(id));
    return i < 0 ? nullptr : &frame.shapes[i];
}

} // namespace

class TestAsepriteFile : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void detectedByMagic();
    void framesTagsDurations();
    void slicesBecomeRects();
    void compositeRgba();
    void compositeIndexedAndGray();
    void picturesShowTheComposite();
    void writeBackUnchanged();
    void writeBackEdited();
    void writeBackLeavesOutFarRects();
    void truncationsNeverCrash();
    void hostileChunks();
};

void TestAsepriteFile::detectedByMagic() {
    const QByteArray bytes = readBytes(fixture("indexed.ase"));
    const FileFormat *guessed = guessReadFormat(QStringLiteral("renamed.bin"), bytes);
    QVERIFY(guessed);
    QCOMPARE(guessed->name(), QStringLiteral("aseprite-file"));
    QVERIFY(!ase::hasMagic(QByteArray("{\"frames\": {}}")));
}

void TestAsepriteFile::framesTagsDurations() {
    const ReadResult result = readFixture("rgba-tags-slices.aseprite");
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const DocumentData &doc = *result.document;
    QCOMPARE(doc.sprites.size(), 2);
    QCOMPARE(doc.sprites[0].name, QStringLiteral("idle"));
    QCOMPARE(doc.sprites[1].name, QStringLiteral("punch"));
    QCOMPARE(doc.sprites[0].frames.size(), 2);
    QCOMPARE(doc.sprites[1].frames.size(), 2);
    const QList<int> durations{100, 50, 120, 80};
    for (int f = 0; f < 4; ++f) {
        const Frame &frame = doc.sprites[f / 2].frames[f % 2];
        QCOMPARE(frame.duration.value_or(-1), durations[f]);
        QCOMPARE(asepriteFrameIndex(frame), f);
    }
    QVERIFY(QFileInfo(doc.sprites[0].image).isAbsolute());
    QCOMPARE(QFileInfo(doc.sprites[0].image).fileName(),
             QStringLiteral("rgba-tags-slices.aseprite"));
    // No tags: one sprite of every frame, named after the file.
    const ReadResult gray = readFixture("grayscale.aseprite");
    QVERIFY(gray.isOk());
    QCOMPARE(gray.document->sprites.size(), 1);
    QCOMPARE(gray.document->sprites[0].name, QStringLiteral("grayscale"));
    QCOMPARE(gray.document->sprites[0].frames[0].duration.value_or(-1), 40);
}

void TestAsepriteFile::slicesBecomeRects() {
    const ReadResult result = readFixture("rgba-tags-slices.aseprite");
    QVERIFY(result.isOk());
    const DocumentData &doc = *result.document;
    // hitbox keys: frame 0 (1,2,3,4), frame 2 (5,5,2,2), frame 3 hidden; user text "attack".
    const Frame &f0 = doc.sprites[0].frames[0];
    const Frame &f1 = doc.sprites[0].frames[1];
    const Frame &f2 = doc.sprites[1].frames[0];
    const Frame &f3 = doc.sprites[1].frames[1];
    for (const Frame *frame : {&f0, &f1}) {
        const Shape *hit = shape(*frame, "hitbox");
        QVERIFY(hit);
        QCOMPARE(hit->type, ShapeType::Rect);
        QCOMPARE(hit->center, QPointF(1 + 1.5, 2 + 2));
        QCOMPARE(hit->size, QSizeF(3, 4));
        QCOMPARE(hit->layer, QStringLiteral("attack"));
    }
    QCOMPARE(shape(f2, "hitbox")->center, QPointF(6, 6));
    QVERIFY(!shape(f3, "hitbox"));
    // body: one key with a 9-patch centre and a pivot (4, 8) relative to (0, 0).
    for (const Frame *frame : {&f0, &f1, &f2, &f3}) {
        const Shape *body = shape(*frame, "body");
        QVERIFY(body);
        QCOMPARE(body->size, QSizeF(8, 8));
        QCOMPARE(body->properties.value(QStringLiteral("aseprite-9patch")).toString(),
                 QStringLiteral("2 2 4 4"));
        const Shape *pivot = shape(*frame, "body-pivot");
        QVERIFY(pivot);
        QCOMPARE(pivot->type, ShapeType::Point);
        QCOMPARE(pivot->center, QPointF(4, 8));
    }
}

void TestAsepriteFile::compositeRgba() {
    const ase::File file = aseFile("rgba-tags-slices.aseprite");
    int other = 0;
    const QImage f0 = ase::composite(file, 0, &other);
    QCOMPARE(other, 0);
    QCOMPARE(f0.size(), QSize(8, 8));
    // Red base; blue (alpha 128) at (2,2) with layer opacity 128 and cel opacity 200:
    // opacity = 200*128/255 -> 100, Sa = 128*100/255 -> 50 (MUL_UN8); over red,
    // R = 255 + (0-255)*50/255 = 205, B = 255*50/255 = 50, A = 255. Alone: (0,0,255,50).
    // The hidden green layer is not drawn.
    QCOMPARE(f0.pixel(0, 0), qRgba(255, 0, 0, 255));
    QCOMPARE(f0.pixel(3, 3), qRgba(205, 0, 50, 255));
    QCOMPARE(f0.pixel(5, 5), qRgba(0, 0, 255, 50));
    QCOMPARE(f0.pixel(7, 0), qRgba(0, 0, 0, 0));
    // Frame 1: the base cel links to frame 0; blue 2x2 at (0,0), cel opacity 255: opacity 128,
    // Sa = 128*128/255 -> 64, R = 255 - 255*64/255 = 191, B = 64.
    const QImage f1 = ase::composite(file, 1);
    QCOMPARE(f1.pixel(0, 0), qRgba(191, 0, 64, 255));
    QCOMPARE(f1.pixel(3, 3), qRgba(255, 0, 0, 255));
    // Frame 3 links to frame 2's green 3x3 at (1,1).
    const QImage f3 = ase::composite(file, 3);
    QCOMPARE(f3.pixel(0, 0), qRgba(0, 0, 0, 0));
    QCOMPARE(f3.pixel(1, 1), qRgba(0, 255, 0, 255));
    QCOMPARE(f3.pixel(3, 3), qRgba(0, 255, 0, 255));
    QCOMPARE(f3.pixel(4, 4), qRgba(0, 0, 0, 0));
}

void TestAsepriteFile::compositeIndexedAndGray() {
    // Indexed: palette 0 black, 1 red, 2 green, 3 (10,20,30); index 1 is transparent.
    const QImage indexed = ase::composite(aseFile("indexed.ase"), 0);
    QCOMPARE(indexed.pixel(0, 0), qRgba(0, 0, 0, 255));
    QCOMPARE(indexed.pixel(1, 0), qRgba(0, 0, 0, 0));
    QCOMPARE(indexed.pixel(2, 0), qRgba(0, 255, 0, 255));
    QCOMPARE(indexed.pixel(3, 0), qRgba(10, 20, 30, 255));
    QCOMPARE(indexed.pixel(0, 2), qRgba(0, 0, 0, 0));
    // Grayscale: (value, alpha) pairs 0/255, 128/255, 255/0, 200/100.
    const QImage gray = ase::composite(aseFile("grayscale.aseprite"), 0);
    QCOMPARE(gray.pixel(0, 0), qRgba(0, 0, 0, 255));
    QCOMPARE(gray.pixel(1, 0), qRgba(128, 128, 128, 255));
    QCOMPARE(qAlpha(gray.pixel(0, 1)), 0);
    QCOMPARE(gray.pixel(1, 1), qRgba(200, 200, 200, 100));
}

void TestAsepriteFile::picturesShowTheComposite() {
    const ReadResult result = readFixture("rgba-tags-slices.aseprite");
    QVERIFY(result.isOk());
    FramePictures pictures;
    const FramePicture picture = pictures.picture(*result.document, 1, 1);
    QVERIFY2(picture.isOk(), qPrintable(picture.message));
    QCOMPARE(picture.image.size(), QSize(8, 8));
    QCOMPARE(picture.image.pixel(2, 2), qRgba(0, 255, 0, 255));
}

void TestAsepriteFile::writeBackUnchanged() {
    // The fixture already keeps its slices where Aseprite writes them (end of frame 0): an
    // unedited document writes the very same bytes.
    const QString path = fixture("rgba-tags-slices.aseprite");
    const ReadResult result = readFixture("rgba-tags-slices.aseprite");
    QVERIFY(result.isOk());
    QTemporaryDir dir;
    const WriteResult written =
        format("aseprite-file")
            ->writeFor(*result.document, dir.filePath(QStringLiteral("o.aseprite")));
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QCOMPARE(written.bytes, readBytes(path));
}

void TestAsepriteFile::writeBackLeavesOutFarRects() {
    // A rectangle no slice can hold (a corner past 2^28 px, which a QRect could not even keep)
    // is left out with a counted warning; a 9-patch centre or pivot out of range is dropped.
    ReadResult result = readFixture("rgba-tags-slices.aseprite");
    QVERIFY(result.isOk());
    DocumentData doc = *result.document;
    Frame &frame = doc.sprites[0].frames[0];
    frame.shapes.append(Shape::rect(QStringLiteral("far"), QPointF(1e12, 5), QSizeF(4, 4)));
    frame.shapes.append(Shape::rect(QStringLiteral("huge"), QPointF(0, 0), QSizeF(1e300, 4)));
    Shape nine = Shape::rect(QStringLiteral("nine"), QPointF(8, 8), QSizeF(4, 4));
    nine.properties.insert(QStringLiteral("aseprite-9patch"), QStringLiteral("2147483000 0 900 1"));
    frame.shapes.append(nine);
    // A capsule cannot be a slice (issue 43): left out, counted apart from other kinds.
    frame.shapes.append(Shape::capsule(QStringLiteral("limb"), {2, 2}, {9, 6}, 2));
    QTemporaryDir dir;
    const WriteResult written =
        format("aseprite-file")->writeFor(doc, dir.filePath(QStringLiteral("o.aseprite")));
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QVERIFY2(written.warnings.filter(QStringLiteral("2 rectangle(s) lie more than")).size() == 1,
             qPrintable(written.warnings.join(u'\n')));
    QVERIFY2(written.warnings.contains(QStringLiteral(
                 "1 capsule(s) left out (Aseprite slices are axis-aligned rectangles)")),
             qPrintable(written.warnings.join(u'\n')));
    QString error;
    const std::optional<ase::File> back = ase::read(written.bytes, &error);
    QVERIFY2(back, qPrintable(error));
    QStringList names;
    for (const ase::Slice &slice : back->slices)
        names << slice.name;
    QVERIFY(names.contains(QStringLiteral("nine")));
    QVERIFY(!names.contains(QStringLiteral("far")) && !names.contains(QStringLiteral("huge")));
    QVERIFY(!names.contains(QStringLiteral("limb")));
}

void TestAsepriteFile::writeBackEdited() {
    const QString path = fixture("rgba-tags-slices.aseprite");
    ReadResult result = readFixture("rgba-tags-slices.aseprite");
    QVERIFY(result.isOk());
    DocumentData doc = *result.document;
    Frame &f1 = doc.sprites[0].frames[1];
    f1.shapes[f1.indexOfShape(QStringLiteral("hitbox"))].center += QPointF(2, 1); // moved
    Frame &f2 = doc.sprites[1].frames[0];
    f2.shapes.removeAt(f2.indexOfShape(QStringLiteral("hitbox"))); // deleted on frame 2
    doc.sprites[1].frames[1].shapes.append(
        Shape::rect(QStringLiteral("new"), QPointF(3, 3), QSizeF(2, 4), 0, QStringLiteral("hurt")));
    doc.sprites[1].frames[1].shapes.append(
        Shape::rect(QStringLiteral("tilted"), QPointF(3, 3), QSizeF(2, 4), 30));
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("o.aseprite"));
    const WriteResult written = format("aseprite-file")->writeFor(doc, out);
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QCOMPARE(written.warnings.size(), 1);
    QVERIFY(written.warnings[0].startsWith(QStringLiteral("1 shape")));
    QFile file(out);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(written.bytes);
    file.close();

    // Every chunk but slices and their user data is the source's, byte for byte, in order.
    const QByteArray source = readBytes(path);
    QString error;
    const std::optional<ase::File> before = ase::read(source, &error);
    const std::optional<ase::File> after = ase::read(written.bytes, &error);
    QVERIFY2(after, qPrintable(error));
    QCOMPARE(quint32(quint8(written.bytes[0]) | quint8(written.bytes[1]) << 8 |
                     quint8(written.bytes[2]) << 16),
             quint32(written.bytes.size()));
    auto kept = [](const QByteArray &bytes, const ase::File &file) {
        QList<QByteArray> chunks;
        bool afterSlice = false;
        for (const ase::ChunkSpan &span : file.chunks) {
            const bool slice = span.type == 0x2022 || (span.type == 0x2020 && afterSlice);
            afterSlice = span.type == 0x2022;
            if (!slice)
                chunks << bytes.mid(span.offset, span.size);
        }
        return chunks;
    };
    QCOMPARE(kept(written.bytes, *after), kept(source, *before));
    QCOMPARE(QFile(out).size(), written.bytes.size());

    // Read back: the document's rects.
    const ReadResult back = format("aseprite-file")->readFrom(written.bytes, out);
    QVERIFY2(back.isOk(), qPrintable(back.error));
    const DocumentData &b = *back.document;
    QCOMPARE(shape(b.sprites[0].frames[0], "hitbox")->center, QPointF(2.5, 4));
    QCOMPARE(shape(b.sprites[0].frames[1], "hitbox")->center, QPointF(4.5, 5));
    QVERIFY(!shape(b.sprites[1].frames[0], "hitbox"));
    QVERIFY(!shape(b.sprites[1].frames[1], "hitbox"));
    QVERIFY(!shape(b.sprites[1].frames[0], "new"));
    const Shape *added = shape(b.sprites[1].frames[1], "new");
    QVERIFY(added);
    QCOMPARE(added->center, QPointF(3, 3));
    QCOMPARE(added->size, QSizeF(2, 4));
    QCOMPARE(added->layer, QStringLiteral("hurt"));
    QVERIFY(!shape(b.sprites[1].frames[1], "tilted"));
    QCOMPARE(shape(b.sprites[1].frames[1], "body-pivot")->center, QPointF(4, 8));
    QCOMPARE(shape(b.sprites[1].frames[1], "body")
                 ->properties.value(QStringLiteral("aseprite-9patch"))
                 .toString(),
             QStringLiteral("2 2 4 4"));
}

void TestAsepriteFile::truncationsNeverCrash() {
    const QByteArray bytes = readBytes(fixture("rgba-tags-slices.aseprite"));
    for (qsizetype n = 0; n < bytes.size(); ++n) {
        QString error;
        const std::optional<ase::File> file = ase::read(bytes.left(n), &error);
        QVERIFY2(!file, qPrintable(QString::number(n)));
        QVERIFY(!error.isEmpty());
        if (n > 200)
            QVERIFY2(error.startsWith(QStringLiteral("frame ")), qPrintable(error));
    }
}

void TestAsepriteFile::hostileChunks() {
    const QByteArray good = readBytes(fixture("grayscale.aseprite"));
    // Layout: 128 header, 16 frame header, layer chunk, cel chunk (raw 2x2 gray).
    const qsizetype layerChunk = 128 + 16;
    const quint32 layerSize = quint8(good[layerChunk]) | quint8(good[layerChunk + 1]) << 8;
    const qsizetype celChunk = layerChunk + layerSize;
    QString error;
    {
        QByteArray bad = good;
        bad[celChunk] = char(0xff); // chunk size past the frame's end
        bad[celChunk + 1] = char(0x7f);
        QVERIFY(!ase::read(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("frame 0, chunk 1")), qPrintable(error));
    }
    {
        QByteArray bad = good;
        const qsizetype wAt = celChunk + 6 + 16;
        bad[wAt] = char(0xff); // a 65535 x 2 raw cel: its pixels run past the chunk
        bad[wAt + 1] = char(0xff);
        QVERIFY(!ase::read(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("cel")), qPrintable(error));
    }
    {
        QByteArray bad = good;
        bad[8] = char(0xff); // a 65535 x 65535 canvas
        bad[9] = char(0xff);
        bad[10] = char(0xff);
        bad[11] = char(0xff);
        QVERIFY(!ase::read(bad, &error));
        QVERIFY2(error.contains(QStringLiteral("larger")), qPrintable(error));
    }
    {
        // A decompression bomb: a 2x2 RGBA cel (16 bytes) whose stream inflates to 1 MB.
        QByteArray bomb = qCompress(QByteArray(1 << 20, '\0')).mid(4);
        QByteArray cel;
        auto u16 = [&](int v) { cel.append(char(v & 0xff)).append(char(v >> 8)); };
        u16(0);
        u16(0);
        u16(0);
        cel.append(char(255));
        u16(2);
        u16(0);
        cel.append(5, '\0');
        u16(2);
        u16(2);
        cel += bomb;
        QByteArray file = readBytes(fixture("rgba-tags-slices.aseprite")).left(128);
        QByteArray layer =
            QByteArray::fromHex("1600000004200100000000000000000000000000ff0000000000");
        layer[0] = char(layer.size() - 0); // size already right for an empty name
        QByteArray chunk;
        const quint32 size = quint32(cel.size() + 6);
        for (int i = 0; i < 4; ++i)
            chunk.append(char((size >> (8 * i)) & 0xff));
        chunk.append(char(0x05)).append(char(0x20));
        chunk += cel;
        QByteArray body = layer + chunk;
        QByteArray frame;
        const quint32 frameSize = quint32(16 + body.size());
        for (int i = 0; i < 4; ++i)
            frame.append(char((frameSize >> (8 * i)) & 0xff));
        frame += QByteArray::fromHex("fa f1 02 00 64 00 00 00 02 00 00 00");
        file[6] = 1; // one frame
        file[7] = 0;
        file += frame + body;
        QVERIFY(!ase::read(file, &error));
        QVERIFY2(error.contains(QStringLiteral("bomb")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("frame 0, chunk 1")), qPrintable(error));
    }
}

QTEST_GUILESS_MAIN(TestAsepriteFile)
#include "tst_formats_asepritefile.moc"
