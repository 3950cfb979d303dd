// Quirks of real .aseprite files, read as Aseprite's own decoder (src/dio/aseprite_decoder.cpp)
// and renderer read them. Each was found in a public file (survey of 371 files, 2026-11-29): an
// ASE-era file with a 6-bit palette chunk 0x000B, zero frame durations and links placed apart
// from their original cel (TrigamDev/Aseprite-Parser's old-test.aseprite); pixels past the end of
// a shortened palette (askeladdk/aseprite's index_error.aseprite); a visible reference layer
// (blob1807/odin-aseprite's referance-bob.aseprite). The rest are cases Aseprite opens with a
// message where Hitsmith once refused the whole file. The files are built here, byte by byte.

#include "formattestsupport.h"
#include "testsupport.h"

#include "asefile.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtEndian>

#include <zlib.h>

using namespace hitsmith;
using namespace formattest;

namespace {

void putWord(QByteArray &out, int v) {
    out.append(char(v & 0xff)).append(char((v >> 8) & 0xff));
}

void putDword(QByteArray &out, quint32 v) {
    for (int i = 0; i < 4; ++i)
        out.append(char((v >> (8 * i)) & 0xff));
}

void putString(QByteArray &out, const QByteArray &s) {
    putWord(out, int(s.size()));
    out += s;
}

QByteArray chunk(int type, const QByteArray &data) {
    QByteArray out;
    putDword(out, quint32(data.size() + 6));
    putWord(out, type);
    return out + data;
}

QByteArray layerChunk(const QByteArray &name, int flags = 1) {
    QByteArray data;
    putWord(data, flags);
    putWord(data, 0); // image layer
    putWord(data, 0); // child level
    putWord(data, 0);
    putWord(data, 0);
    putWord(data, 0); // normal blend
    data.append(char(255)).append(3, '\0');
    putString(data, name);
    return chunk(0x2004, data);
}

QByteArray celHead(int layer, int x, int y, int type, int opacity = 255) {
    QByteArray data;
    putWord(data, layer);
    putWord(data, x);
    putWord(data, y);
    data.append(char(opacity));
    putWord(data, type);
    putWord(data, 0); // z-index
    data.append(5, '\0');
    return data;
}

QByteArray rawCel(int layer, int x, int y, int w, int h, const QByteArray &pixels) {
    QByteArray data = celHead(layer, x, y, 0);
    putWord(data, w);
    putWord(data, h);
    return chunk(0x2005, data + pixels);
}

QByteArray compressedCel(int layer, int w, int h, const QByteArray &stream) {
    QByteArray data = celHead(layer, 0, 0, 2);
    putWord(data, w);
    putWord(data, h);
    return chunk(0x2005, data + stream);
}

QByteArray linkCel(int layer, int x, int y, int frame) {
    QByteArray data = celHead(layer, x, y, 1);
    putWord(data, frame);
    return chunk(0x2005, data);
}

QByteArray zlibStream(const QByteArray &bytes) {
    return qCompress(bytes).mid(4); // qCompress prefixes the length
}

struct FrameSpec {
    int duration = 100;
    QList<QByteArray> chunks;
    bool magic = true;
    int wordCount = -1;     ///< the frame header's WORD chunk count; -1: the real count
    qint64 dwordCount = -1; ///< its DWORD count; -1: the real count
};

struct Header {
    int width = 4;
    int height = 1;
    int depth = 8;
    int speed = 100;
    int colours = 0;
    int transparentIndex = 0;
};

QByteArray aseprite(const Header &header, const QList<FrameSpec> &frames) {
    QByteArray out(128, '\0');
    qToLittleEndian<quint16>(0xA5E0, out.data() + 4);
    qToLittleEndian<quint16>(quint16(frames.size()), out.data() + 6);
    qToLittleEndian<quint16>(quint16(header.width), out.data() + 8);
    qToLittleEndian<quint16>(quint16(header.height), out.data() + 10);
    qToLittleEndian<quint16>(quint16(header.depth), out.data() + 12);
    qToLittleEndian<quint32>(1, out.data() + 14); // layer opacity valid
    qToLittleEndian<quint16>(quint16(header.speed), out.data() + 18);
    out[28] = char(header.transparentIndex);
    qToLittleEndian<quint16>(quint16(header.colours), out.data() + 32);
    for (const FrameSpec &frame : frames) {
        QByteArray body;
        for (const QByteArray &c : frame.chunks)
            body += c;
        QByteArray head;
        putDword(head, quint32(16 + body.size()));
        putWord(head, frame.magic ? 0xF1FA : 0x1234);
        putWord(head, frame.wordCount >= 0 ? frame.wordCount : int(frame.chunks.size()));
        putWord(head, frame.duration);
        putWord(head, 0);
        putDword(head, quint32(frame.dwordCount >= 0 ? frame.dwordCount : frame.chunks.size()));
        out += head + body;
    }
    qToLittleEndian<quint32>(quint32(out.size()), out.data());
    return out;
}

/// An old FLI colour chunk (0x0004 8-bit, 0x000B 6-bit): one packet from index 0.
QByteArray oldPalette(int type, const QList<QList<int>> &colours) {
    QByteArray data;
    putWord(data, 1);
    data.append('\0').append(char(colours.size()));
    for (const QList<int> &c : colours)
        for (int v : c)
            data.append(char(v));
    return chunk(type, data);
}

QByteArray newPalette(const QList<QRgb> &entries, int size) {
    QByteArray data;
    putDword(data, quint32(size));
    putDword(data, 0);
    putDword(data, quint32(entries.size() - 1));
    data.append(8, '\0');
    for (QRgb c : entries) {
        putWord(data, 0);
        data.append(char(qRed(c))).append(char(qGreen(c))).append(char(qBlue(c)));
        data.append(char(qAlpha(c)));
    }
    return chunk(0x2019, data);
}

QByteArray sliceBody(const QByteArray &name, QRect bounds) {
    QByteArray data;
    putDword(data, 1); // one key
    putDword(data, 0); // no 9-patch, no pivot
    putDword(data, 0);
    putString(data, name);
    putDword(data, 0); // from frame 0
    putDword(data, quint32(bounds.x()));
    putDword(data, quint32(bounds.y()));
    putDword(data, quint32(bounds.width()));
    putDword(data, quint32(bounds.height()));
    return data;
}

ase::File readOrFail(const QByteArray &bytes) {
    QString error;
    const std::optional<ase::File> file = ase::read(bytes, &error);
    if (!file)
        qFatal("unexpected refusal: %s", qPrintable(error));
    return *file;
}

bool anyWarningContains(const QStringList &warnings, const QString &text) {
    for (const QString &w : warnings)
        if (w.contains(text))
            return true;
    return false;
}

} // namespace

class TestAsepriteQuirks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The ASE-era palette chunk is type 11 (0x000B) with 6-bit components, scaled as Aseprite's
    // scale_6bits_to_8bits: (v << 2) | (v >> 4), so 42 -> 170, 63 -> 255, 16 -> 65.
    void sixBitPaletteChunk() {
        const QByteArray bytes = aseprite(
            {}, {{0,
                  {oldPalette(0x000B, {{0, 0, 0}, {0, 0, 42}, {63, 16, 1}}), layerChunk("ink"),
                   rawCel(0, 0, 0, 3, 1, QByteArray::fromHex("000102"))}}});
        const ase::File file = readOrFail(bytes);
        const QImage picture = ase::composite(file, 0);
        QCOMPARE(picture.pixel(0, 0), qRgba(0, 0, 0, 0)); // index 0 is transparent
        QCOMPARE(picture.pixel(1, 0), qRgba(0, 0, 170, 255));
        QCOMPARE(picture.pixel(2, 0), qRgba(255, 65, 4, 255));
    }

    // The 8-bit chunk 0x0004 as it is; a later frame's palette chunk is read too.
    void eightBitPaletteChunk() {
        const QByteArray bytes =
            aseprite({}, {{0,
                           {oldPalette(0x0004, {{0, 0, 0}, {10, 20, 30}}), layerChunk("ink"),
                            rawCel(0, 0, 0, 2, 1, QByteArray::fromHex("0101"))}}});
        QCOMPARE(ase::composite(readOrFail(bytes), 0).pixel(1, 0), qRgba(10, 20, 30, 255));
    }

    // A frame whose duration is 0 takes the header's speed (Aseprite's decoder sets every
    // frame to it first); a frame with its own duration keeps it.
    void zeroDurationTakesTheHeaderSpeed() {
        Header header;
        header.speed = 70;
        const QByteArray bytes = aseprite(header, {{0, {layerChunk("ink")}}, {40, {}}});
        const ase::File file = readOrFail(bytes);
        QCOMPARE(file.frames[0].duration, 70);
        QCOMPARE(file.frames[1].duration, 40);
        const ReadResult doc = format("aseprite-file")->readFrom(bytes, QStringLiteral("x.ase"));
        QVERIFY2(doc.isOk(), qPrintable(doc.error));
        QCOMPARE(doc.document->sprites[0].frames[0].duration, 70);
        QCOMPARE(doc.document->sprites[0].frames[1].duration, 40);
    }

    // A link whose own position differs from its original's (an old beta allowed it): Aseprite
    // copies the image to the link's own place. One at the same place is drawn there too.
    void linkWithItsOwnPosition() {
        Header header;
        header.depth = 32;
        header.width = 4;
        header.height = 2;
        const QByteArray red = QByteArray::fromHex("ff0000ff");
        const QByteArray bytes =
            aseprite(header, {{100, {layerChunk("ink"), rawCel(0, 0, 0, 1, 1, red)}},
                              {100, {linkCel(0, 2, 1, 0)}},
                              {100, {linkCel(0, 0, 0, 0)}}});
        const ase::File file = readOrFail(bytes);
        const QImage moved = ase::composite(file, 1);
        QCOMPARE(moved.pixel(0, 0), qRgba(0, 0, 0, 0));
        QCOMPARE(moved.pixel(2, 1), qRgba(255, 0, 0, 255));
        QCOMPARE(ase::composite(file, 2).pixel(0, 0), qRgba(255, 0, 0, 255));
    }

    // The palette takes the 0x2019 chunk's size, smaller than the header's too: a pixel whose
    // index lies past it is transparent (Palette::entry), not black.
    void indexPastThePaletteIsTransparent() {
        Header header;
        header.colours = 3;
        header.transparentIndex = 0;
        const QByteArray bytes = aseprite(
            header,
            {{100,
              {newPalette({qRgba(0, 0, 0, 0), qRgba(255, 41, 147, 255), qRgba(0, 9, 221, 255)}, 3),
               layerChunk("ink"), rawCel(0, 0, 0, 4, 1, QByteArray::fromHex("00010203"))}}});
        const QImage picture = ase::composite(readOrFail(bytes), 0);
        QCOMPARE(picture.pixel(1, 0), qRgba(255, 41, 147, 255));
        QCOMPARE(picture.pixel(2, 0), qRgba(0, 9, 221, 255));
        QCOMPARE(qAlpha(picture.pixel(3, 0)), 0);
    }

    // A reference layer (flag 64) is the artist's tracing aid: Aseprite leaves it out of every
    // picture but the editor's.
    void referenceLayerIsNotDrawn() {
        Header header;
        header.depth = 32;
        header.width = 2;
        const QByteArray bytes =
            aseprite(header, {{100,
                               {layerChunk("art"), layerChunk("reference", 1 | 2 | 64),
                                rawCel(0, 0, 0, 1, 1, QByteArray::fromHex("00ff00ff")),
                                rawCel(1, 0, 0, 2, 1, QByteArray::fromHex("ff0000ffff0000ff"))}}});
        const QImage picture = ase::composite(readOrFail(bytes), 0);
        QCOMPARE(picture.pixel(0, 0), qRgba(0, 255, 0, 255));
        QCOMPARE(picture.pixel(1, 0), qRgba(0, 0, 0, 0));
    }

    // What Aseprite opens with a message, Hitsmith opens with a warning, the rest intact.
    void cellsAsepriteSkipsAreWarnedNotRefused_data() {
        QTest::addColumn<QByteArray>("badChunk");
        QTest::addColumn<QString>("warning");
        QTest::newRow("cel on a missing layer")
            << rawCel(7, 0, 0, 1, 1, QByteArray(1, '\1')) << QStringLiteral("layer 7");
        QTest::newRow("unknown cel type")
            << chunk(0x2005, celHead(0, 0, 0, 9)) << QStringLiteral("unknown type 9");
        QTest::newRow("link to a later frame")
            << linkCel(0, 0, 0, 5) << QStringLiteral("links to frame 5");
    }
    void cellsAsepriteSkipsAreWarnedNotRefused() {
        QFETCH(QByteArray, badChunk);
        QFETCH(QString, warning);
        const QByteArray bytes =
            aseprite({}, {{100,
                           {oldPalette(0x0004, {{0, 0, 0}, {1, 2, 3}}), layerChunk("ink"), badChunk,
                            rawCel(0, 1, 0, 1, 1, QByteArray(1, '\1'))}}});
        const ase::File file = readOrFail(bytes);
        QVERIFY2(anyWarningContains(file.warnings, warning), qPrintable(file.warnings.join('\n')));
        QCOMPARE(ase::composite(file, 0).pixel(1, 0), qRgba(1, 2, 3, 255));
    }

    // Compressed pixels shorter than the cel (Aseprite reads what there is): the rest is
    // transparent, with a warning. Longer (a decompression bomb, 1 MB for 4 pixels) is refused
    // naming the frame and chunk (issue 41).
    void compressedCelOfTheWrongLength() {
        Header header;
        header.depth = 32;
        header.width = 2;
        header.height = 2;
        const QByteArray green = QByteArray::fromHex("00ff00ff");
        const QByteArray shortBytes = aseprite(
            header,
            {{100, {layerChunk("ink"), compressedCel(0, 2, 2, zlibStream(green + green))}}});
        const ase::File file = readOrFail(shortBytes);
        QVERIFY(anyWarningContains(file.warnings, QStringLiteral("fewer pixels")));
        const QImage picture = ase::composite(file, 0);
        QCOMPARE(picture.pixel(1, 0), qRgba(0, 255, 0, 255));
        QCOMPARE(picture.pixel(0, 1), qRgba(0, 0, 0, 0));

        const QByteArray exact = aseprite(
            header,
            {{100, {layerChunk("ink"), compressedCel(0, 2, 2, zlibStream(green.repeated(4)))}}});
        const ase::File whole = readOrFail(exact);
        QVERIFY(whole.warnings.isEmpty());
        QCOMPARE(ase::composite(whole, 0).pixel(1, 1), qRgba(0, 255, 0, 255));

        QByteArray bomb = green.repeated(4);
        bomb += QByteArray(1 << 20, '\0');
        QString bombError;
        QVERIFY(!ase::read(
            aseprite(header,
                     {{100, {layerChunk("ink"), compressedCel(0, 2, 2, zlibStream(bomb))}}}),
            &bombError));
        QVERIFY2(bombError.contains(QStringLiteral("frame 0, chunk 1")) &&
                     bombError.contains(QStringLiteral("bomb")),
                 qPrintable(bombError));

        // Damaged data: Aseprite reports it and keeps the cel as far as it read; so a warning.
        QByteArray damaged = zlibStream(green.repeated(4));
        damaged[3] = char(damaged[3] ^ 0x5a);
        damaged[4] = char(damaged[4] ^ 0xa5);
        const ase::File broken = readOrFail(
            aseprite(header, {{100, {layerChunk("ink"), compressedCel(0, 2, 2, damaged)}}}));
        QVERIFY2(anyWarningContains(broken.warnings, QStringLiteral("damaged compressed pixels")),
                 qPrintable(broken.warnings.join('\n')));

        // A cel that declares 4096 x 4096 pixels and gives none costs nothing: only the rows
        // the stream gives are kept (the fuzzer's files could hold 150 such cels in 4 KB).
        Header large = header;
        large.width = 4096;
        large.height = 4096;
        const ase::File empty = readOrFail(
            aseprite(large, {{100, {layerChunk("ink"), compressedCel(0, 4096, 4096, {})}}}));
        QVERIFY(anyWarningContains(empty.warnings, QStringLiteral("fewer pixels")));
        QCOMPARE(empty.frames[0].cels[0].image.height(), 0);
    }

    // Aseprite's readColorChunk starts each packet at the sum of the skips so far (not past the
    // colours of the packets before), and a header speed of 0 is a duration of 1 ms.
    void oldPaletteWithSeveralPackets() {
        QByteArray data;
        putWord(data, 2);
        data.append(char(1)).append(char(1)).append(char(10)).append(char(20)).append(char(30));
        data.append(char(1)).append(char(1)).append(char(40)).append(char(50)).append(char(60));
        Header header;
        header.speed = 0;
        const ase::File file = readOrFail(
            aseprite(header, {{0,
                               {chunk(0x0004, data), layerChunk("ink"),
                                rawCel(0, 0, 0, 3, 1, QByteArray::fromHex("000102"))}}}));
        const QImage picture = ase::composite(file, 0);
        QCOMPARE(picture.pixel(1, 0), qRgba(10, 20, 30, 255)); // first packet: skip 1
        QCOMPARE(picture.pixel(2, 0), qRgba(40, 50, 60, 255)); // second: skip 1 + 1 = 2
        QCOMPARE(file.frames[0].duration, 1);
    }

    // A frame without the magic number: Aseprite reads none of its chunks and goes on.
    void frameWithoutMagicIsSkipped() {
        FrameSpec broken{100, {rawCel(0, 0, 0, 1, 1, QByteArray(1, '\1'))}};
        broken.magic = false;
        const QByteArray bytes =
            aseprite({}, {{100, {oldPalette(0x0004, {{0, 0, 0}, {1, 2, 3}}), layerChunk("ink")}},
                          broken,
                          {100, {rawCel(0, 0, 0, 1, 1, QByteArray(1, '\1'))}}});
        const ase::File file = readOrFail(bytes);
        QCOMPARE(file.frames.size(), 3);
        QVERIFY(file.frames[1].cels.isEmpty());
        QCOMPARE(file.frames[2].cels.size(), 1);
        QVERIFY(anyWarningContains(file.warnings, QStringLiteral("frame 1 has no frame magic")));
    }

    // Aseprite reads the frame header's WORD chunk count and takes the DWORD only when the WORD
    // is 0xFFFF: a DWORD that disagrees otherwise is ignored.
    void chunkCountAsAsepriteReadsIt() {
        FrameSpec frame{100, {layerChunk("ink"), layerChunk("second")}};
        frame.wordCount = 1;
        frame.dwordCount = 2;
        QCOMPARE(readOrFail(aseprite({}, {frame})).layers.size(), 1);
        frame.wordCount = 0;
        frame.dwordCount = 0; // an empty frame
        QCOMPARE(readOrFail(aseprite({}, {frame})).layers.size(), 0);
    }

    // The deprecated chunk 0x2021 (Aseprite 1.2 betas) holds several slices: they are read, and
    // written back as the 0x2022 chunks Aseprite writes now.
    void deprecatedSlicesChunk() {
        QByteArray slices;
        putDword(slices, 2);
        slices.append(8, '\0');
        slices += sliceBody("hit", QRect(1, 0, 2, 1)) + sliceBody("hurt", QRect(0, 0, 4, 1));
        const QByteArray bytes = aseprite({}, {{100, {layerChunk("ink"), chunk(0x2021, slices)}}});
        const ase::File file = readOrFail(bytes);
        QCOMPARE(file.slices.size(), 2);
        QCOMPARE(file.slices[1].name, QStringLiteral("hurt"));
        QCOMPARE(file.slices[0].keys[0].bounds, QRect(1, 0, 2, 1));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("x.aseprite"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly) && out.write(bytes) == bytes.size());
        out.close();
        const ReadResult doc = format("aseprite-file")->readFrom(bytes, path);
        QVERIFY2(doc.isOk(), qPrintable(doc.error));
        QCOMPARE(doc.document->sprites[0].frames[0].shapes.size(), 2);
        const WriteResult written =
            format("aseprite-file")
                ->writeFor(*doc.document, dir.filePath(QStringLiteral("out.aseprite")));
        QVERIFY2(written.isOk(), qPrintable(written.error));
        const ase::File again = readOrFail(written.bytes);
        QCOMPARE(again.slices.size(), 2);
        int deprecated = 0, current = 0;
        for (const ase::ChunkSpan &span : again.chunks) {
            deprecated += span.type == 0x2021;
            current += span.type == 0x2022;
        }
        QCOMPARE(deprecated, 0);
        QCOMPARE(current, 2);
    }
};

QTEST_GUILESS_MAIN(TestAsepriteQuirks)
#include "tst_formats_asepritequirks.moc"
