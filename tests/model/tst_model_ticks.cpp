// The document's tick rate (issue 42): "tick_rate" read by both native readers and written only
// when not 60, its undo command, the ticks of native frames and of MUGEN elements, and the
// validate warning for a duration that is no whole number of ticks.
#include "airformat.h"
#include "commands/structurecommands.h"
#include "document.h"
#include "hitsmithformat.h"
#include "operations/timing.h"
#include "validation.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

QByteArray nativeText(const QByteArray &topLevel) {
    return R"({"format": "hitsmith", "version": 1, )" + topLevel +
           R"("sprites": [{"name": "jab", "frames": [{"name": "a", "duration": 50}]}]})";
}

/// Reads the text with both native readers, which must agree.
ReadResult readBoth(const QByteArray &text) {
    const ReadResult fast = HitsmithFormat::parse(text);
    const ReadResult reference = HitsmithFormat::parseWithQt(text);
    if (fast.isOk() != reference.isOk() || fast.document != reference.document ||
        fast.error != reference.error)
        qWarning() << "the readers disagree:" << fast.error << reference.error;
    return fast.isOk() == reference.isOk() && fast.document == reference.document
               ? fast
               : ReadResult{{}, QStringLiteral("readers disagree"), {}};
}

Sprite spriteOf(std::initializer_list<std::optional<int>> durations) {
    Sprite sprite;
    sprite.name = "move";
    int i = 0;
    for (const std::optional<int> &d : durations) {
        Frame frame;
        frame.name = QString::number(i++);
        frame.duration = d;
        sprite.frames << frame;
    }
    return sprite;
}

} // namespace

class TestTicks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tickRateIsRead_data() {
        QTest::addColumn<QByteArray>("field");
        QTest::addColumn<int>("rate");
        QTest::newRow("absent: 60") << QByteArray() << 60;
        QTest::newRow("30") << QByteArray(R"("tick_rate": 30, )") << 30;
        QTest::newRow("60 written out") << QByteArray(R"("tick_rate": 60, )") << 60;
        QTest::newRow("1000") << QByteArray(R"("tick_rate": 1000, )") << 1000;
    }
    void tickRateIsRead() {
        QFETCH(QByteArray, field);
        QFETCH(int, rate);
        const ReadResult result = readBoth(nativeText(field));
        QVERIFY2(result.isOk(), qPrintable(result.error));
        QCOMPARE(result.document->tickRate, rate);
        QVERIFY(!result.document->extra.contains("tick_rate")); // a known field, not an extra
    }

    void badTickRatesAreRefused_data() {
        QTest::addColumn<QByteArray>("field");
        QTest::newRow("zero") << QByteArray(R"("tick_rate": 0, )");
        QTest::newRow("negative") << QByteArray(R"("tick_rate": -60, )");
        QTest::newRow("fraction") << QByteArray(R"("tick_rate": 59.94, )");
        QTest::newRow("too many") << QByteArray(R"("tick_rate": 1001, )");
        QTest::newRow("string") << QByteArray(R"("tick_rate": "60", )");
    }
    void badTickRatesAreRefused() {
        QFETCH(QByteArray, field);
        const ReadResult fast = HitsmithFormat::parse(nativeText(field));
        const ReadResult reference = HitsmithFormat::parseWithQt(nativeText(field));
        QVERIFY(!fast.isOk());
        QCOMPARE(fast.error, reference.error);
        QVERIFY2(fast.error.contains("tick_rate"), qPrintable(fast.error));
    }

    void tickRateIsWrittenOnlyWhenNotDefault() {
        DocumentData data = *readBoth(nativeText({})).document;
        QVERIFY(!HitsmithFormat::serialize(data).contains("tick_rate"));
        data.tickRate = 30;
        const QByteArray text = HitsmithFormat::serialize(data);
        QVERIFY(text.contains("\"tick_rate\": 30"));
        QCOMPARE(readBoth(text).document->tickRate, 30);
    }

    void setTickRateIsOneUndoStep() {
        Document document;
        document.reset(*readBoth(nativeText({})).document);
        QSignalSpy spy(&document, &Document::changed);
        document.undoStack()->push(new SetTickRateCommand(&document, 30));
        QCOMPARE(document.data().tickRate, 30);
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.last().first().value<DocumentChange>().kind,
                 DocumentChange::Kind::TickRateChanged);
        QCOMPARE(document.undoStack()->undoText(), QStringLiteral("Set tick rate to 30 ticks/s"));
        QVERIFY(document.isModified());
        document.undoStack()->undo();
        QCOMPARE(document.data().tickRate, 60);
        QVERIFY(!document.isModified());
        document.undoStack()->redo();
        QCOMPARE(document.data().tickRate, 30);
    }

    void nativeFrameTicks_data() {
        QTest::addColumn<int>("ms");
        QTest::addColumn<int>("rate");
        QTest::addColumn<int>("ticks");
        QTest::addColumn<bool>("whole");
        QTest::newRow("100 ms at 60") << 100 << 60 << 6 << true;
        QTest::newRow("100 ms at 30") << 100 << 30 << 3 << true;
        QTest::newRow("50 ms at 60") << 50 << 60 << 3 << true;
        QTest::newRow("50 ms at 30: 1.5, half up") << 50 << 30 << 2 << false;
        QTest::newRow("80 ms at 60: 4.8") << 80 << 60 << 5 << false;
        QTest::newRow("17 ms at 60: 1.02") << 17 << 60 << 1 << false;
        QTest::newRow("1 ms at 60: 0.06") << 1 << 60 << 0 << false;
        QTest::newRow("1000 ms at 1000") << 1000 << 1000 << 1000 << true;
    }
    void nativeFrameTicks() {
        QFETCH(int, ms);
        QFETCH(int, rate);
        QFETCH(int, ticks);
        QFETCH(bool, whole);
        const Sprite sprite = spriteOf({ms});
        const FrameTicks t = frameTicks(sprite, 0, rate);
        QCOMPARE(t.ticks, ticks);
        QCOMPARE(t.whole, whole);
        QVERIFY(!t.open);
        QVERIFY(!t.fromElement);
    }

    void defaultDurationsCountToo() {
        Sprite sprite = spriteOf({{}, 40});
        QCOMPARE(frameTicks(sprite, 0, 60).ticks, 6); // the editor's 100 ms
        sprite.duration = 250;
        QCOMPARE(frameTicks(sprite, 0, 60).ticks, 15);
        QCOMPARE(frameTicks(sprite, 1, 60).ticks, 2); // 2.4
    }

    void mugenElementsKeepTheirTicks() {
        // Times 2, 1, 4, 7 (16.7 ms multiples that are not whole ms), a 0 and a -1 in the
        // middle (both skipped by the engine) and a -1 at the end (shown forever).
        const QByteArray air = "[Begin Action 200]\n"
                               "200,0, 0,0, 2\n"
                               "200,1, 0,0, 1\n"
                               "200,2, 0,0, 4\n"
                               "200,3, 0,0, 7\n"
                               "200,4, 0,0, 0\n"
                               "200,5, 0,0, -1\n"
                               "200,6, 0,0, -1\n";
        const ReadResult read = AirFormat().read(air, {});
        QVERIFY2(read.isOk(), qPrintable(read.error));
        const Sprite &sprite = read.document->sprites.at(0);
        const int expected[] = {2, 1, 4, 7, 0, 0, 0};
        for (int i = 0; i < 7; ++i) {
            const FrameTicks t = frameTicks(sprite, i, read.document->tickRate);
            QCOMPARE(t.ticks, expected[i]);
            QVERIFY(t.fromElement);
            QVERIFY(t.whole);
            QCOMPARE(t.open, i == 6);
        }
        QCOMPARE(read.document->tickRate, 60);
        QVERIFY(tickWarnings(*read.document).isEmpty()); // 33 ms is 2 ticks here, exactly
    }

    void anEditedElementDurationCountsAsADuration() {
        const ReadResult read = AirFormat().read("[Begin Action 0]\n0,0, 0,0, -1\n", {});
        QVERIFY(read.isOk());
        Sprite sprite = read.document->sprites.at(0);
        QVERIFY(frameTicks(sprite, 0, 60).open);
        sprite.frames[0].duration = 50;
        const FrameTicks t = frameTicks(sprite, 0, 60);
        QVERIFY(!t.open);
        QVERIFY(!t.fromElement);
        QCOMPARE(t.ticks, 3);
    }

    void fractionalTicksAreWarnings() {
        DocumentData data;
        data.sprites << spriteOf({100, 80, 50});
        data.tickRate = 60;
        QList<Problem> warnings = tickWarnings(data);
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings[0].kind, ProblemKind::FractionalTicks);
        QCOMPARE(warnings[0].location, QStringLiteral("move/1.duration"));
        QCOMPARE(warnings[0].frame, 1);
        QVERIFY2(warnings[0].reason.contains("4.8 ticks"), qPrintable(warnings[0].reason));
        data.tickRate = 30; // 3, 2.4, 1.5
        warnings = tickWarnings(data);
        QCOMPARE(warnings.size(), 2);
        QCOMPARE(warnings[1].location, QStringLiteral("move/2.duration"));
        QVERIFY(validateDocument(data).isEmpty()); // warnings are no problems
    }
};

QTEST_GUILESS_MAIN(TestTicks)
#include "tst_model_ticks.moc"
