// hitsmith-cli render: one PNG per frame, OUT/<sprite>/<frame>.png. With --no-shapes at scale 1
// a MUGEN element's image is exactly its SFF sprite after the element's flip, and a PNG sheet's
// frame exactly its cell; shapes are filled and outlined in their layer colours; --palette
// recolours; a sprite the .sff lacks is named on stderr with exit status 1.

#include "clirunner.h"

#include "airelement.h"
#include "defformat.h"
#include "hitsmithformat.h"
#include "layercolors.h"
#include "mugencharacter.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

using namespace hitsmith;

namespace {

QString source(const QString &relative) {
    return QDir(qEnvironmentVariable("HITSMITH_SOURCE_DIR")).absoluteFilePath(relative);
}

DocumentData importDef(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return DefFormat().readFrom(file.readAll(), path).document.value_or(DocumentData{});
}

QImage argb(const QImage &image) {
    return image.convertToFormat(QImage::Format_ARGB32);
}

} // namespace

class TestCliRender : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Every frame of both example characters: the file of each action and element, and its
    // pixels those of the element's sprite flipped as the element says.
    void mugenFramesAreTheirSprites() {
        for (const char *def :
             {"examples/mugen/hitsmith-kid.def", "examples/mugen/hitsmith-kid-v2.def"}) {
            QTemporaryDir out;
            const CliRun run =
                runCli({"render", source(QLatin1String(def)), "-o", out.path(), "--no-shapes"});
            QCOMPARE(run.exitCode, 0);
            QVERIFY2(run.err.isEmpty(), run.err.constData());
            const DocumentData document = importDef(source(QLatin1String(def)));
            QCOMPARE(document.sprites.size(), 5);
            QCOMPARE(QDir(out.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size(), 5);
            const auto kid = art::MugenCharacter::open(source(QLatin1String(def)));
            int checked = 0;
            for (const Sprite &sprite : document.sprites) {
                for (const Frame &frame : sprite.frames) {
                    const QString path =
                        out.filePath(sprite.name + u'/' + frame.name + QStringLiteral(".png"));
                    const QImage written(path);
                    QVERIFY2(!written.isNull(), qPrintable(path));
                    const std::optional<AirElement> element = frameAirElement(frame);
                    QVERIFY(element);
                    if (element->isBlank()) {
                        QCOMPARE(written.size(), QSize(1, 1)); // nothing to draw
                        QCOMPARE(qAlpha(written.pixel(0, 0)), 0);
                        continue;
                    }
                    const art::SffImage plain = kid->sprite(element->group, element->number, 1);
                    QVERIFY2(plain.isOk(), qPrintable(plain.error));
                    QCOMPARE(argb(written),
                             argb(plain.image.mirrored(element->flipH, element->flipV)));
                    ++checked;
                }
            }
            QCOMPARE(checked, 14);
        }
    }

    void paletteAndScale() {
        QTemporaryDir out;
        const QString def = source(QStringLiteral("examples/mugen/hitsmith-kid.def"));
        const CliRun run = runCli({"render", def, "-o", out.path(), "--no-shapes", "--palette", "2",
                                   "--scale", "3", "--frame", "0 Standing/element-1"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(QDir(out.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot),
                 QStringList{"0 Standing"});
        QCOMPARE(QDir(out.filePath("0 Standing")).entryList(QDir::Files),
                 QStringList{"element-1.png"});
        const QImage image(out.filePath(QStringLiteral("0 Standing/element-1.png")));
        QCOMPARE(image.size(), QSize(120, 240));
        QCOMPARE(image.pixel(3 * 15 + 1, 3 * 30 + 2), qRgb(40, 40, 48)); // gi in pal2
        QCOMPARE(qAlpha(image.pixel(4, 4)), 0);
    }

    // Shapes: filled (alpha 50) and outlined in their layer's colour; the image grows to hold
    // them (a pixel of margin for the outline).
    void shapesInLayerColours() {
        QTemporaryDir out;
        const QString def = source(QStringLiteral("examples/mugen/hitsmith-kid.def"));
        const CliRun run =
            runCli({"render", def, "-o", out.path(), "--frame", "0 Standing/element-1"});
        QCOMPARE(run.exitCode, 0);
        const QImage image(out.filePath(QStringLiteral("0 Standing/element-1.png")));
        // The sprite spans x -20..20, y -79..1; the Clsn2 boxes x -10..10, y -80..0; plus the
        // margin: x -21..21, y -81..2.
        QCOMPARE(image.size(), QSize(42, 83));
        const QColor hurt = layerColor(QStringLiteral("hurtbox"), importDef(def));
        // Frame point (-9, -69): inside the upper box, over a transparent pixel of the sprite.
        const QColor inside = QColor::fromRgba(image.pixel(-9 + 21, -69 + 81));
        QCOMPARE(inside.alpha(), 50);
        QVERIFY(std::abs(inside.red() - hurt.red()) <= 3);
        QVERIFY(std::abs(inside.green() - hurt.green()) <= 3);
        QVERIFY(std::abs(inside.blue() - hurt.blue()) <= 3);
        // The sprite's own pixels still show through the fill (outline marker at (0, 79)).
        const QColor marker = QColor::fromRgba(image.pixel(-20 + 21, 0 + 81));
        QCOMPARE(marker.alpha(), 255);
        QVERIFY(marker.red() < 60);
    }

    // A PNG sheet document: each frame's image is its cell.
    void pngSheetFramesAreTheirCells() {
        QTemporaryDir out;
        const QString knight = source(QStringLiteral("examples/knight.json"));
        const CliRun run = runCli({"render", knight, "-o", out.path(), "--no-shapes"});
        QCOMPARE(run.exitCode, 0);
        const ReadResult read = loadDocumentFile(knight);
        QVERIFY(read.isOk());
        int checked = 0;
        for (const Sprite &sprite : read.document->sprites) {
            if (sprite.image.isEmpty()) // the pole: boxes only, no picture to compare
                continue;
            const QImage sheet = argb(QImage(sprite.image)); // absolute once loaded
            QVERIFY2(!sheet.isNull(), qPrintable(sprite.image));
            for (const Frame &frame : sprite.frames) {
                QVERIFY(frame.source);
                const QImage written(
                    out.filePath(sprite.name + u'/' + frame.name + QStringLiteral(".png")));
                QCOMPARE(argb(written), sheet.copy(frame.source->toAlignedRect()));
                ++checked;
            }
        }
        QVERIFY(checked > 0);
    }

    // Half-transparent pixels keep their exact colour: premultiplying them on the way (as a
    // painter does) shifted the colour of every pixel with 0 < alpha < 255, by up to 126 at
    // alpha 2 (found on real .aseprite files). At --scale 2 each pixel is repeated, unchanged.
    void halfTransparentPixelsKeepTheirColour() {
        QTemporaryDir dir;
        QImage sheet(4, 1, QImage::Format_ARGB32);
        const QList<QRgb> colours{qRgba(105, 228, 112, 98), qRgba(200, 100, 51, 2),
                                  qRgba(10, 20, 30, 1), qRgba(1, 2, 3, 255)};
        for (int x = 0; x < 4; ++x)
            sheet.setPixel(x, 0, colours[x]);
        const QString png = dir.filePath(QStringLiteral("sheet.png"));
        QVERIFY(sheet.save(png));
        DocumentData data;
        Sprite sprite;
        sprite.name = QStringLiteral("s");
        sprite.image = png;
        Frame frame;
        frame.name = QStringLiteral("f");
        frame.source = QRectF(0, 0, 4, 1);
        sprite.frames = {frame};
        data.sprites = {sprite};
        const QString doc = dir.filePath(QStringLiteral("doc.json"));
        QFile file(doc);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HitsmithFormat::serialize(data));
        file.close();
        for (int scale : {1, 2}) {
            const QString out = dir.filePath(QStringLiteral("out%1").arg(scale));
            const CliRun run = runCli(
                {"render", doc, "-o", out, "--no-shapes", "--scale", QString::number(scale)});
            QVERIFY2(run.exitCode == 0, run.err.constData());
            const QImage written = argb(QImage(out + QStringLiteral("/s/f.png")));
            QCOMPARE(written.size(), QSize(4 * scale, scale));
            for (int x = 0; x < 4 * scale; ++x)
                for (int y = 0; y < scale; ++y)
                    QCOMPARE(written.pixel(x, y), colours[x / scale]);
        }
    }

    void missingSpritesAndBadUsage() {
        QTemporaryDir dir;
        for (const QString &name :
             {QStringLiteral("hitsmith-kid.def"), QStringLiteral("hitsmith-kid.sff")})
            QVERIFY(QFile::copy(source(QStringLiteral("examples/mugen/") + name),
                                dir.filePath(name.toUpper())));
        QFile air(dir.filePath(QStringLiteral("hitsmith-kid.air")));
        QVERIFY(air.open(QIODevice::WriteOnly));
        air.write("[Begin Action 1]\n0,0, 0,0, 5\n77,7, 0,0, 5\n");
        air.close();
        const QString out = dir.filePath(QStringLiteral("out"));
        CliRun run =
            runCli({"render", dir.filePath(QStringLiteral("HITSMITH-KID.DEF")), "-o", out});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("1/element-2") && run.err.contains("77,7"), run.err.constData());
        QVERIFY(QFile::exists(out + QStringLiteral("/1/element-1.png")));
        QVERIFY(QFile::exists(out + QStringLiteral("/1/element-2.png")));
        run = runCli({"render", dir.filePath(QStringLiteral("nothing.def")), "-o", out});
        QCOMPARE(run.exitCode, 2);
        run = runCli({"render", source(QStringLiteral("examples/knight.json")), "-o", out,
                      "--frame", "no/such"});
        QCOMPARE(run.exitCode, 2);
        run = runCli(
            {"render", source(QStringLiteral("examples/knight.json")), "-o", out, "--scale", "0"});
        QCOMPARE(run.exitCode, 2);
        run = runCli({"render", source(QStringLiteral("examples/knight.json"))});
        QCOMPARE(run.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliRender)
#include "tst_cli_render.moc"
