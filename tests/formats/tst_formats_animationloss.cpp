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
                                                     "frame durations and 1 sprite defaults lost")
                                          .arg(target)));
        if (keepsProperties)
            QVERIFY(warnings.filter(QStringLiteral("propert")).isEmpty());
        else
            QVERIFY(warnings.contains(
                QStringLiteral("properties are not stored in %1: 4 properties on 2 shapes and 1 "
                               "frames lost")
                    .arg(target)));
        QVERIFY(warnings.contains(QStringLiteral("image flips are not stored in %1: 1 mirrored "
                                                 "sprites are written with their image unflipped "
                                                 "(their shapes are mirrored)")
                                      .arg(target)));
    }
};

QTEST_GUILESS_MAIN(TestAnimationLoss)
#include "tst_formats_animationloss.moc"
