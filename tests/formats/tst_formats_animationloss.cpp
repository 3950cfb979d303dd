// Every engine target that cannot hold frame durations, properties or image flips says so in
// its loss warnings, with how much is lost; a document without them gets no such warning.
#include "formattestsupport.h"

#include <QTest>

using namespace hitsmith;
using namespace formattest;

class TestAnimationLoss : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countedWarnings_data() {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("target");
        QTest::addColumn<bool>("keepsDurations");
        QTest::addColumn<bool>("keepsProperties");
        // Tiled: durations as the tile <animation>, properties as typed <properties>.
        QTest::newRow("tiled-tsx") << "tiled-tsx"
                                   << "Tiled tilesets" << true << true;
        QTest::newRow("tiled-tsj") << "tiled-tsj"
                                   << "Tiled tilesets" << true << true;
        // Godot scenes carry durations (SpriteFrames, AnimationPlayer, node metadata) and
        // properties (node metadata).
        QTest::newRow("godot") << "godot"
                               << "Godot scenes" << true << true;
        // MUGEN .air: durations as ticks, nowhere for properties.
        QTest::newRow("air") << "air"
                             << "MUGEN .air files" << true << false;
        // Matter: properties on the fixtures and bodies.
        QTest::newRow("matter") << "matter"
                                << "Matter bodies" << false << true;
    }

    void countedWarnings() {
        QFETCH(QString, format);
        QFETCH(QString, target);
        QFETCH(bool, keepsDurations);
        QFETCH(bool, keepsProperties);
        const FileFormat *writer = formattest::format(qPrintable(format));
        QVERIFY(writer);
        DocumentData document = sampleDocument();
        const QStringList plain = writer->exportWarnings(document);
        for (const QString &w : plain)
            QVERIFY2(!w.contains(QStringLiteral("duration")) &&
                         !w.contains(QStringLiteral("properties are")) &&
                         !w.contains(QStringLiteral("flips")),
                     qPrintable(w));

        Sprite &knight = document.sprites[0];
        knight.duration = 80;
        knight.flip = ImageFlip::Horizontal;
        knight.frames[0].duration = 120;
        knight.frames[1].duration = 60;
        knight.frames[0].properties = QJsonObject{{"cancel", true}};
        knight.frames[0].shapes[1].properties = QJsonObject{{"damage", 12}, {"element", "fire"}};
        document.sprites[1].frames[0].shapes[0].properties = QJsonObject{{"damage", 3}};
        const QStringList warnings = writer->exportWarnings(document);
        if (keepsDurations)
            QVERIFY(warnings.filter(QStringLiteral("duration")).isEmpty());
        else
            QVERIFY(warnings.contains(QStringLiteral("frame durations are not stored in %1: 2 "
                                                     "frame durations and 1 sprite default lost")
                                          .arg(target)));
        if (keepsProperties)
            QVERIFY(warnings.filter(QStringLiteral("propert")).isEmpty());
        else
            QVERIFY(warnings.contains(
                QStringLiteral("properties are not stored in %1: 4 properties on 2 shapes and 1 "
                               "frame lost")
                    .arg(target)));
        QVERIFY(warnings.contains(QStringLiteral("image flips are not stored in %1: 1 mirrored "
                                                 "sprite is written with its image unflipped "
                                                 "(its shapes are mirrored)")
                                      .arg(target)));
    }

    // The counts as a person reads them: a zero count is left out, one is singular.
    void countsReadAsWords_data() {
        QTest::addColumn<int>("frameDurations");
        QTest::addColumn<int>("spriteDurations");
        QTest::addColumn<int>("shapeProperties"); // on one shape each
        QTest::addColumn<int>("frameProperties"); // on one frame each
        QTest::addColumn<int>("flips");
        QTest::addColumn<QStringList>("expected");
        const QString d = QStringLiteral("frame durations are not stored in MUGEN .air files: ");
        const QString p = QStringLiteral("properties are not stored in MUGEN .air files: ");
        const QString f = QStringLiteral("image flips are not stored in MUGEN .air files: ");
        QTest::newRow("one shape's properties")
            << 0 << 0 << 1 << 0 << 0 << QStringList{p + "2 properties on 1 shape lost"};
        QTest::newRow("frames only")
            << 0 << 0 << 0 << 2 << 0 << QStringList{p + "4 properties on 2 frames lost"};
        QTest::newRow("both") << 0 << 0 << 2 << 1 << 0
                              << QStringList{p + "6 properties on 2 shapes and 1 frame lost"};
        QTest::newRow("one mirrored sprite")
            << 0 << 0 << 0 << 0 << 1
            << QStringList{f + "1 mirrored sprite is written with its image unflipped (its "
                               "shapes are mirrored)"};
        QTest::newRow("two mirrored sprites")
            << 0 << 0 << 0 << 0 << 2
            << QStringList{f + "2 mirrored sprites are written with their image unflipped "
                               "(their shapes are mirrored)"};
        // Durations through Matter, which stores none (.air keeps them).
        QTest::newRow("durations, no sprite default") << 1 << 0 << 0 << 0 << 0 << QStringList{};
    }

    void countsReadAsWords() {
        QFETCH(int, frameDurations);
        QFETCH(int, spriteDurations);
        QFETCH(int, shapeProperties);
        QFETCH(int, frameProperties);
        QFETCH(int, flips);
        QFETCH(QStringList, expected);
        DocumentData document;
        for (int s = 0; s < 2; ++s) {
            Sprite sprite;
            sprite.name = QStringLiteral("s%1").arg(s);
            sprite.duration = s < spriteDurations ? std::optional<int>(80) : std::nullopt;
            sprite.flip = s < flips ? ImageFlip::Horizontal : ImageFlip::None;
            for (int f = 0; f < 2; ++f) {
                Frame frame;
                frame.name = QStringLiteral("f%1").arg(f);
                const int n = s * 2 + f;
                frame.duration = n < frameDurations ? std::optional<int>(60) : std::nullopt;
                if (n < frameProperties)
                    frame.properties = QJsonObject{{"cancel", true}, {"sound", "hit"}};
                Shape shape = Shape::circle(QStringLiteral("c"), {10, 10}, 4);
                if (n < shapeProperties)
                    shape.properties = QJsonObject{{"damage", 12}, {"element", "fire"}};
                frame.shapes = {shape};
                sprite.frames.append(frame);
            }
            document.sprites.append(sprite);
        }
        QStringList warnings = formattest::format("air")->exportWarnings(document);
        warnings.removeIf(
            [](const QString &w) { return !w.contains(QStringLiteral(" are not stored in ")); });
        QCOMPARE(warnings, expected);
        if (frameDurations + spriteDurations == 0)
            return;
        const QStringList matter = formattest::format("matter")->exportWarnings(document).filter(
            QStringLiteral("durations are not stored"));
        QCOMPARE(matter, (QStringList{QStringLiteral("frame durations are not stored in Matter "
                                                     "bodies: 1 frame duration lost")}));
    }
};

QTEST_GUILESS_MAIN(TestAnimationLoss)
#include "tst_formats_animationloss.moc"
