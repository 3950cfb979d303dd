// MUGEN characters: the bundled example (examples/mugen, drawn by
// scripts/make-example-character.py) in SFF v1 and v2 decodes to the same pixels and the colours
// the script drew; palettes (.act and the SFF's own) apply as the engine applies them; .def
// paths resolve as on Windows; a .def imports as its .air with each frame's sprite, which lands
// where the engine draws it (axis at the frame origin, offset, flips about the axis).

#include "airelement.h"
#include "defformat.h"
#include "formattestsupport.h"
#include "framepicture.h"
#include "hitsmithformat.h"
#include "mugencharacter.h"
#include "sff.h"
#include "sffdecode.h"
#include "sfftestsupport.h"

#include <QTemporaryDir>

using namespace hitsmith;
using namespace hitsmith::art;
using namespace formattest;

namespace {

QString example(const QString &name) {
    return QDir(QDir(env("HITSMITH_SOURCE_DIR")).absoluteFilePath(QStringLiteral("examples/mugen")))
        .filePath(name);
}

QRgb rgb(int r, int g, int b) {
    return qRgb(r, g, b);
}

/// The colour of a pixel of an ARGB32 premultiplied image, as ARGB.
QRgb pixel(const QImage &image, int x, int y) {
    return qUnpremultiply(image.pixel(x, y));
}

DocumentData importExample(const QString &def) {
    const QString path = example(def);
    const ReadResult result = DefFormat().readFrom(readBytes(path), path);
    if (!result.isOk())
        qWarning("%s", qPrintable(result.error));
    return result.document.value_or(DocumentData{});
}

} // namespace

class TestMugen : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void bothVersionsOpenWithTheirIndex() {
        SffFile v1, v2;
        QVERIFY2(v1.openFile(example(QStringLiteral("hitsmith-kid.sff"))), qPrintable(v1.error()));
        QVERIFY2(v2.openFile(example(QStringLiteral("hitsmith-kid-v2.sff"))),
                 qPrintable(v2.error()));
        QCOMPARE(v1.versionText(), QStringLiteral("1.01"));
        QCOMPARE(v2.versionText(), QStringLiteral("2.01"));
        QCOMPARE(v1.warnings(), QStringList());
        QCOMPARE(v2.warnings(), QStringList());
        QCOMPARE(v1.spriteCount(), 8);
        QCOMPARE(v2.spriteCount(), 8);
        QStringList kinds;
        for (qsizetype i = 0; i < v2.spriteCount(); ++i)
            kinds << sffCompressionName(v2.sprite(i).compression);
        QCOMPARE(kinds,
                 QStringList({"rle8", "linked", "rle5", "lz5", "png8", "raw", "rle8", "png32"}));
        for (qsizetype i = 0; i < v1.spriteCount(); ++i) {
            QCOMPARE(v1.sprite(i).group, v2.sprite(i).group);
            QCOMPARE(v1.sprite(i).number, v2.sprite(i).number);
            QCOMPARE(v1.sprite(i).axis, v2.sprite(i).axis);
            QCOMPARE(v1.sprite(i).size, v2.sprite(i).size);
        }
        QCOMPARE(v1.indexOf(200, 1), 3);
        QCOMPARE(v1.indexOf(-1, 0), -1);
        QCOMPARE(v1.indexOf(200, 7), -1);
    }

    // Every sprite, with its own palette and with pal1 and pal2: v1 (PCX) and v2 (RLE8, RLE5,
    // LZ5, raw, PNG8, PNG32) give the same RGBA.
    void bothVersionsDecodeTheSamePixels() {
        const auto v1 = MugenCharacter::open(example(QStringLiteral("hitsmith-kid.def")));
        const auto v2 = MugenCharacter::open(example(QStringLiteral("hitsmith-kid-v2.def")));
        QVERIFY2(v1->sff(), qPrintable(v1->error()));
        QVERIFY2(v2->sff(), qPrintable(v2->error()));
        QCOMPARE(v1->paletteNumbers(), QList<int>({1, 2}));
        QCOMPARE(v2->paletteNumbers(), QList<int>({1, 2}));
        for (int palette : {0, 1, 2}) {
            for (qsizetype i = 0; i < v1->sff()->spriteCount(); ++i) {
                const SffSprite &sprite = v1->sff()->sprite(i);
                const SffImage a = v1->sprite(sprite.group, sprite.number, palette);
                const SffImage b = v2->sprite(sprite.group, sprite.number, palette);
                QVERIFY2(a.isOk(), qPrintable(a.error));
                QVERIFY2(b.isOk(), qPrintable(b.error));
                QCOMPARE(a.image.size(), b.image.size());
                QVERIFY2(a.image == b.image, qPrintable(QStringLiteral("sprite %1,%2 palette %3")
                                                            .arg(sprite.group)
                                                            .arg(sprite.number)
                                                            .arg(palette)));
                QCOMPARE(a.axis, b.axis);
            }
        }
    }

    // The colours the generator drew, in both versions.
    void coloursAreTheOnesDrawn() {
        for (const char *def : {"hitsmith-kid.def", "hitsmith-kid-v2.def"}) {
            const auto kid = MugenCharacter::open(example(QLatin1String(def)));
            QVERIFY2(kid->sff(), qPrintable(kid->error()));
            const QImage stand = kid->sprite(0, 0, 1).image;
            QCOMPARE(stand.size(), QSize(40, 80));
            QCOMPARE(qAlpha(stand.pixel(1, 1)), 0);             // index 0: transparent
            QCOMPARE(pixel(stand, 0, 79), rgb(34, 32, 52));     // outline marker
            QCOMPARE(pixel(stand, 15, 30), rgb(230, 230, 240)); // gi (pal1)
            QCOMPARE(pixel(stand, 20, 41), rgb(200, 40, 40));   // belt
            const QImage alt = kid->sprite(200, 0, 2).image;
            QCOMPARE(pixel(alt, 15, 30), rgb(40, 40, 48));   // gi (pal2)
            QCOMPARE(pixel(alt, 20, 41), rgb(240, 200, 60)); // belt (pal2)
            const QImage glow = kid->sprite(200, 1, 2).image;
            QCOMPARE(pixel(glow, 50, 25), rgb(120, 220, 255)); // fist glow (pal2)
            // The big portrait keeps its own palette whatever the palette chosen.
            for (int palette : {0, 1, 2})
                QCOMPARE(pixel(kid->sprite(9000, 1, palette).image, 21, 21), rgb(250, 90, 20));
            // The small one shares the fighter's palette: pal2 recolours it.
            QCOMPARE(pixel(kid->sprite(9000, 0, 2).image, 10, 10), rgb(238, 195, 154));
            QCOMPARE(pixel(kid->sprite(9000, 0, 2).image, 10, 3), rgb(200, 200, 210));
            QCOMPARE(pixel(kid->sprite(9100, 0, 1).image, 5, 5), rgb(250, 250, 250));
            QCOMPARE(pixel(kid->sprite(9100, 0, 1).image, 1, 1), rgb(10, 100, 40));
        }
    }

    void linkedSpriteSharesPixelsNotAxis() {
        for (const char *file : {"hitsmith-kid.sff", "hitsmith-kid-v2.sff"}) {
            SffFile sff;
            QVERIFY(sff.openFile(example(QLatin1String(file))));
            const SffImage linked = sff.image(sff.indexOf(0, 1));
            QVERIFY2(linked.isOk(), qPrintable(linked.error));
            QCOMPARE(linked.image, sff.image(sff.indexOf(0, 0)).image);
            QCOMPARE(linked.axis, QPoint(20, 78));
            QCOMPARE(sff.sprite(sff.indexOf(0, 1)).linkedTo, 0);
        }
    }

    // An .act holds colour 255 first and colour 0 last; colour 0 is transparent.
    void actPaletteIsStoredBackwards() {
        QByteArray bytes;
        for (int k = 0; k < 256; ++k)
            bytes.append(char(k)).append(char(1)).append(char(2));
        const std::optional<Palette> palette = readActPalette(bytes);
        QVERIFY(palette);
        QCOMPARE(palette->size(), 256);
        QCOMPARE((*palette)[255], qRgba(0, 1, 2, 255));
        QCOMPARE((*palette)[1], qRgba(254, 1, 2, 255));
        QCOMPARE(qAlpha((*palette)[0]), 0);
        QVERIFY(!readActPalette(bytes.left(767)));
        const std::optional<Palette> kid1 =
            readActPalette(readBytes(example(QStringLiteral("palettes/kid1.act"))));
        QVERIFY(kid1);
        QCOMPARE((*kid1)[3], qRgb(230, 230, 240));
    }

    // [Files] names written on Windows: any case, '\' or '/'; .cmd, .cns and .snd may be absent.
    void defFilesResolveAsOnWindows() {
        const MugenDef def = parseMugenDef(readBytes(example(QStringLiteral("hitsmith-kid.def"))));
        QCOMPARE(def.name, QStringLiteral("Hitsmith Kid"));
        QCOMPARE(def.sprite, QStringLiteral("Hitsmith-Kid.SFF"));
        QCOMPARE(def.anim, QStringLiteral("Hitsmith-Kid.AIR"));
        QCOMPARE(def.palettes[0], QStringLiteral("palettes\\kid1.act"));
        QCOMPARE(def.palettes[2], QString());
        const QString dir = example(QString());
        QCOMPARE(resolveMugenPath(dir, def.sprite), example(QStringLiteral("hitsmith-kid.sff")));
        QCOMPARE(resolveMugenPath(dir, def.anim), example(QStringLiteral("hitsmith-kid.air")));
        QCOMPARE(resolveMugenPath(dir, def.palettes[0]),
                 example(QStringLiteral("palettes/kid1.act")));
        QCOMPARE(resolveMugenPath(dir, def.palettes[1]),
                 example(QStringLiteral("palettes/kid2.act")));
        QCOMPARE(resolveMugenPath(dir, QStringLiteral("kid.cns")), QString());
        QCOMPARE(resolveMugenPath(dir, QStringLiteral("PALETTES")), QString()); // a folder
        // The first section and the first spelling of a key win, as in the engine.
        const MugenDef twice = parseMugenDef("[files]\nSprite = a.sff ; one\nsprite = b.sff\n"
                                             "anim=a.air\n[Files]\nanim = b.air\n");
        QCOMPARE(twice.sprite, QStringLiteral("a.sff"));
        QCOMPARE(twice.anim, QStringLiteral("a.air"));
        QVERIFY(parseMugenDef("[Info]\nname = x\n").warnings.join(u' ').contains(u"[Files]"));
    }

    void defImportsItsAnimationWithPictures() {
        QCOMPARE(FormatRegistry::instance()
                     .byFileName(QStringLiteral("KFM.DEF"), FileFormat::CanRead)
                     ->name(),
                 QStringLiteral("def"));
        const DocumentData document = importExample(QStringLiteral("hitsmith-kid.def"));
        QStringList names;
        QList<qsizetype> frames;
        for (const Sprite &sprite : document.sprites) {
            names << sprite.name;
            frames << sprite.frames.size();
            QCOMPARE(sprite.image, example(QStringLiteral("hitsmith-kid.def")));
        }
        QCOMPARE(names, QStringList({"0 Standing", "200 Punch", "5000 Hurt", "210 Spinning fist",
                                     "9000 Portraits"}));
        QCOMPARE(frames, QList<qsizetype>({2, 3, 5, 3, 2}));
        QCOMPARE(document.sprites[1].frames[1].shapes.size(), 3); // Clsn1 + two Clsn2
        QCOMPARE(document.sprites[3].frames[2].shapes.size(), 1); // Clsn1Default
        // A .def needs its folder; without a path it is refused with a message.
        const ReadResult bare = DefFormat().read(readBytes(example("hitsmith-kid.def")), {});
        QVERIFY(!bare.isOk() && !bare.error.isEmpty());
    }

    // What a .def lacks: no anim is an error, a missing .air an error naming it, a missing
    // .sff a warning (the boxes still import, the frames say which file is missing).
    void defWithMissingFiles() {
        QTemporaryDir dir;
        auto write = [&](const QString &name, const QByteArray &bytes) {
            QFile file(dir.filePath(name));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(bytes);
        };
        const DefFormat def;
        write(QStringLiteral("a.def"), "[Files]\nsprite = a.sff\n");
        ReadResult read = def.readFrom(readBytes(dir.filePath("a.def")), dir.filePath("a.def"));
        QVERIFY(!read.isOk());
        QVERIFY2(read.error.contains(u"anim"), qPrintable(read.error));
        write(QStringLiteral("b.def"), "[Files]\nsprite = b.sff\nanim = sub\\B.air\n");
        read = def.readFrom(readBytes(dir.filePath("b.def")), dir.filePath("b.def"));
        QVERIFY(!read.isOk());
        QVERIFY2(read.error.contains(u"sub\\B.air"), qPrintable(read.error));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("SUB")));
        write(QStringLiteral("SUB/b.AIR"), "[Begin Action 5]\n0,0, 0,0, 3\n");
        read = def.readFrom(readBytes(dir.filePath("b.def")), dir.filePath("b.def"));
        QVERIFY2(read.isOk(), qPrintable(read.error));
        QVERIFY2(read.warnings.join(u' ').contains(u"b.sff"), qPrintable(read.warnings.join(u' ')));
        FramePictures pictures;
        const FramePicture missing = pictures.picture(*read.document, 0, 0);
        QCOMPARE(missing.status, PictureStatus::FileMissing);
        QVERIFY2(missing.message.contains(u"b.sff"), qPrintable(missing.message));
    }

    // Each element's sprite sits as the engine draws it: the axis at the frame origin, the
    // sprite at offset - axis, mirrored about the axis for H and V.
    void picturesLandWhereTheEngineDrawsThem_data() {
        QTest::addColumn<int>("sprite");
        QTest::addColumn<int>("frame");
        QTest::addColumn<QPointF>("position");
        QTest::addColumn<bool>("h");
        QTest::addColumn<bool>("v");
        // 5000,0 is 44 x 76 with its axis at (24, 75).
        QTest::newRow("plain") << 2 << 0 << QPointF(-24, -75) << false << false;
        QTest::newRow("H, offset 3,-2") << 2 << 1 << QPointF(3 + 24 - 44, -2 - 75) << true << false;
        QTest::newRow("V, offset -2,5") << 2 << 2 << QPointF(-2 - 24, 5 + 75 - 76) << false << true;
        QTest::newRow("VH, offset 6,-4")
            << 2 << 3 << QPointF(6 + 24 - 44, -4 + 75 - 76) << true << true;
        // 200,1 is 60 x 80, axis (20, 79), pushed 4 forward.
        QTest::newRow("offset 4,0") << 1 << 1 << QPointF(4 - 20, -79) << false << false;
        // 9100,0 (true colour) flipped both ways: 16 x 16, axis (8, 8).
        QTest::newRow("png32 VH") << 3 << 2 << QPointF(8 - 16, 8 - 16) << true << true;
    }
    void picturesLandWhereTheEngineDrawsThem() {
        QFETCH(int, sprite);
        QFETCH(int, frame);
        QFETCH(QPointF, position);
        QFETCH(bool, h);
        QFETCH(bool, v);
        for (const char *def : {"hitsmith-kid.def", "hitsmith-kid-v2.def"}) {
            const DocumentData document = importExample(QLatin1String(def));
            FramePictures pictures;
            const FramePicture picture = pictures.picture(document, sprite, frame);
            QVERIFY2(picture.isOk(), qPrintable(picture.message));
            QVERIFY(picture.isMugen);
            QCOMPARE(picture.position, position);
            const auto kid = pictures.character(document.sprites[sprite]);
            const SffImage plain = kid->sprite(picture.group, picture.number, 1);
            QCOMPARE(picture.image, plain.image.mirrored(h, v));
            QCOMPARE(picture.rect(), QRectF(position, plain.image.size()));
        }
    }

    // A mirrored copy of an action (sprite flip) mirrors the picture about the frame origin.
    void mirroredCopyMirrorsAboutTheOrigin() {
        DocumentData document = importExample(QStringLiteral("hitsmith-kid.def"));
        FramePictures pictures;
        const FramePicture plain = pictures.picture(document, 1, 1); // 200,1 at (-16, -79)
        document.sprites[1].flip = ImageFlip::Horizontal;
        const FramePicture mirrored = pictures.picture(document, 1, 1);
        QCOMPARE(mirrored.position, QPointF(16 - 60, -79));
        QCOMPARE(mirrored.image, plain.image.mirrored(true, false));
        document.sprites[1].flip = ImageFlip::Both;
        QCOMPARE(pictures.picture(document, 1, 1).position, QPointF(16 - 60, 79 - 80));
    }

    void blankMissingAndElementlessFrames() {
        DocumentData document = importExample(QStringLiteral("hitsmith-kid.def"));
        FramePictures pictures;
        const FramePicture blank = pictures.picture(document, 2, 4);
        QCOMPARE(blank.status, PictureStatus::Blank);
        QVERIFY(blank.image.isNull());
        QVERIFY(!blank.message.isEmpty());
        Frame &frame = document.sprites[0].frames[0];
        QJsonObject air = frame.extra[QStringLiteral("air")].toObject();
        air[QStringLiteral("element")] = QStringLiteral("77,7, 0,0, 5");
        frame.extra[QStringLiteral("air")] = air;
        const FramePicture missing = pictures.picture(document, 0, 0);
        QCOMPARE(missing.status, PictureStatus::SpriteMissing);
        QVERIFY2(missing.message.contains(QStringLiteral("77,7")), qPrintable(missing.message));
        document.sprites[0].frames[0].extra = {};
        QCOMPARE(pictures.picture(document, 0, 0).status, PictureStatus::NoImage);
        document.sprites[0].image = example(QStringLiteral("no-such.def"));
        QCOMPARE(pictures.picture(document, 0, 1).status, PictureStatus::FileMissing);
        QCOMPARE(pictures.picture(document, 9, 9).status, PictureStatus::NoImage);
    }

    // Saved natively and reopened, the document still shows the character's sprites: the
    // image is the .def (relative in the file), the element stays in each frame's extras.
    void nativeSaveKeepsPictures() {
        const DocumentData document = importExample(QStringLiteral("hitsmith-kid.def"));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kid.hitsmith.json"));
        const HitsmithFormat native;
        const WriteResult written = native.writeFor(document, path);
        QVERIFY2(written.isOk(), qPrintable(written.error));
        // The file holds the .def relative to itself.
        QVERIFY(!written.bytes.contains('"' + example("hitsmith-kid.def").toUtf8()));
        const ReadResult again = native.readFrom(written.bytes, path);
        QVERIFY2(again.isOk(), qPrintable(again.error));
        QCOMPARE(*again.document, document);
        FramePictures pictures;
        const FramePicture before = pictures.picture(document, 1, 1);
        const FramePicture after = pictures.picture(*again.document, 1, 1);
        QVERIFY(after.isOk());
        QCOMPARE(after.image, before.image);
        QCOMPARE(after.position, before.position);
    }

    void paletteChoiceRecolours() {
        const DocumentData document = importExample(QStringLiteral("hitsmith-kid-v2.def"));
        FramePictures pictures;
        QCOMPARE(pictures.palette(), 1);
        QCOMPARE(pictures.palettes(document.sprites[0]), QList<int>({1, 2}));
        const QImage first = pictures.picture(document, 1, 0).image;
        pictures.setPalette(2);
        const QImage second = pictures.picture(document, 1, 0).image;
        QCOMPARE(pixel(first, 15, 30), rgb(230, 230, 240));
        QCOMPARE(pixel(second, 15, 30), rgb(40, 40, 48));
        pictures.setPalette(0);
        QCOMPARE(pictures.picture(document, 1, 0).image, first); // own palette = 1,1
    }

    // Hand-made streams through each decoder, every packet kind, checked against the
    // engine's decoding worked by hand (image.go).
    void decodersFollowTheEngine_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<int>("width");
        QTest::addColumn<QByteArray>("pixels");
        // LZ5: four short references, the fourth's distance made of bits the first three carry
        // (7 + 1 = 8), then a long run and a long reference.
        QTest::newRow("lz5") << "lz5"
                             << QByteArray::fromHex("f0212223240103010141 00c2 02050000 0c06") << 30
                             << QByteArray::fromHex("010203040102010202020304010505050505050505"
                                                    "020203040105050505");
        // RLE5: a run with a colour byte and one 5-bit packet, then a run of colour 0.
        QTest::newRow("rle5") << "rle5" << QByteArray::fromHex("028107240100") << 7
                              << QByteArray::fromHex("07070704040000");
        QTest::newRow("rle8") << "rle8" << QByteArray::fromHex("4309054145") << 5
                              << QByteArray::fromHex("0909090545");
        // PCX, 3 pixels a line in 4 bytes: a run never crosses the end of a line.
        QTest::newRow("pcx") << "pcx" << QByteArray::fromHex("c50206c201") << 3
                             << QByteArray::fromHex("020202060101");
    }
    void decodersFollowTheEngine() {
        QFETCH(QString, kind);
        QFETCH(QByteArray, stream);
        QFETCH(int, width);
        QFETCH(QByteArray, pixels);
        const auto *data = reinterpret_cast<const uint8_t *>(stream.constData());
        const int height = int(pixels.size() / width);
        const Indices decoded = kind == u"lz5"    ? decodeLz5(data, stream.size(), width, height)
                                : kind == u"rle5" ? decodeRle5(data, stream.size(), width, height)
                                : kind == u"rle8"
                                    ? decodeRle8(data, stream.size(), width, height)
                                    : decodePcxRle(data, stream.size(), width, height, 4);
        QVERIFY2(decoded.error.isEmpty(), qPrintable(decoded.error));
        QCOMPARE(decoded.pixels.toHex(), pixels.toHex());
    }

    // ReadAnimFrame's reading of an element line.
    void airElementLines_data() {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("element");
        QTest::addColumn<QList<int>>("values"); // group, number, x, y, ticks, h, v
        QTest::addColumn<QString>("blend");
        QTest::newRow("plain") << "200,1, 4,0, 4" << true << QList<int>{200, 1, 4, 0, 4, 0, 0}
                               << "";
        QTest::newRow("flip and blend") << " 5000,0, 3,-2, 4, H, AS128D128 ; hurt" << true
                                        << QList<int>{5000, 0, 3, -2, 4, 1, 0} << "AS128D128";
        QTest::newRow("VH lower case")
            << "1,2,3,4,5,vh" << true << QList<int>{1, 2, 3, 4, 5, 1, 1} << "";
        QTest::newRow("HH cancels")
            << "1,2,3,4,5, HH" << true << QList<int>{1, 2, 3, 4, 5, 0, 0} << "";
        QTest::newRow("blank") << "-1,0, 0,0, 2" << true << QList<int>{-1, 0, 0, 0, 2, 0, 0} << "";
        QTest::newRow("forever") << "0,0,0,0,-1" << true << QList<int>{0, 0, 0, 0, -1, 0, 0} << "";
        QTest::newRow("Atoi stops at junk")
            << "12x,3 ,+4,-5y, 6" << true << QList<int>{12, 3, 4, -5, 6, 0, 0} << "";
        QTest::newRow("int16 wraps")
            << "65537,-32769,0,0,1" << true << QList<int>{1, 32767, 0, 0, 1, 0, 0} << "";
        QTest::newRow("four fields") << "1,2,3,4" << false << QList<int>{} << "";
        QTest::newRow("letter first") << "a,1,2,3,4" << false << QList<int>{} << "";
        QTest::newRow("comment") << "; 1,2,3,4,5" << false << QList<int>{} << "";
        QTest::newRow("clsn") << "Clsn2[0] = 1,2,3,4" << false << QList<int>{} << "";
    }
    void airElementLines() {
        QFETCH(QString, line);
        QFETCH(bool, element);
        QFETCH(QList<int>, values);
        QFETCH(QString, blend);
        const std::optional<AirElement> read = parseAirElement(line);
        QCOMPARE(read.has_value(), element);
        if (!read)
            return;
        QCOMPARE(QList<int>({read->group, read->number, read->x, read->y, read->ticks,
                             int(read->flipH), int(read->flipV)}),
                 values);
        QCOMPARE(read->blend, blend);
    }
};

QTEST_GUILESS_MAIN(TestMugen)
#include "tst_formats_mugen.moc"
