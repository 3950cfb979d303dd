// Frame data in ticks (issue 42), against tables worked out by hand: the knight at 60 and 30
// ticks a second, gaps, rounding, shape properties and the advantage they give; a MUGEN test
// character (tests/data/framedata, element times and HitDef numbers of Elecbyte's KFM for
// actions 200, 400, 410 and 600) with open ends, loops, multi-hit states, throws, projectiles,
// expressions and HitDefs of other states.
#include "cnsstates.h"
#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "operations/framedata.h"

#include <QTest>

#include <limits>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

QString source(const QString &relative) {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + u'/' + relative;
}

DocumentData knight() {
    const ReadResult loaded = loadDocumentFile(source("examples/knight.json"));
    if (!loaded.isOk())
        qFatal("examples/knight.json: %s", qPrintable(loaded.error));
    return *loaded.document;
}

const MoveFrameData *rowOf(const QList<MoveFrameData> &rows, const DocumentData &data,
                           const QString &sprite, int hit = 0) {
    for (const MoveFrameData &row : rows)
        if (data.sprites[row.sprite].name == sprite && row.hit == hit)
            return &row;
    return nullptr;
}

const MoveFrameData *actionRow(const QList<MoveFrameData> &rows, int action, int hit = 0) {
    for (const MoveFrameData &row : rows)
        if (row.action == action && row.hit == hit)
            return &row;
    return nullptr;
}

using Windows = QList<ActiveWindow>;
using Maybe = std::optional<int>;
using MaybeD = std::optional<double>;

Frame frame(const QString &name, int ms, bool attack, const QJsonObject &properties = {}) {
    Frame f;
    f.name = name;
    f.duration = ms;
    f.shapes << Shape::rect("body", {0, 0}, {10, 10}, 0, "hurtbox");
    if (attack) {
        Shape blade = Shape::rect("blade", {20, 0}, {10, 4}, 0, "hitbox");
        blade.properties = properties;
        f.shapes << blade;
    }
    return f;
}

} // namespace

Q_DECLARE_METATYPE(Windows)

class TestFrameData : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void knightAt60And30() {
        DocumentData data = knight();
        // Four frames of the editor's 100 ms: 6 ticks each at 60 (1-6, 7-12, 13-18, 19-24), the
        // hitbox on frames 1..3.
        QList<MoveFrameData> rows = frameDataTable(data, {});
        QCOMPARE(rows.size(), 2); // knight and slime (whose every frame has a hitbox)
        const MoveFrameData *k = rowOf(rows, data, "knight");
        QVERIFY(k);
        QCOMPARE(k->total, Maybe(24));
        QCOMPARE(k->startup, Maybe(7));
        QCOMPARE(k->active, (Windows{{7, 24}}));
        QCOMPARE(k->activeText, QStringLiteral("18"));
        QCOMPARE(k->recovery, Maybe(0));
        QCOMPARE(k->damage, MaybeD());
        QCOMPARE(k->onHit, Maybe());
        QVERIFY(!k->action);
        data.tickRate = 30; // 3 ticks each: 1-3, 4-6, 7-9, 10-12
        rows = frameDataTable(data, {});
        k = rowOf(rows, data, "knight");
        QCOMPARE(k->total, Maybe(12));
        QCOMPARE(k->startup, Maybe(4));
        QCOMPARE(k->active, (Windows{{4, 12}}));
        QCOMPARE(k->activeText, QStringLiteral("9"));
        QCOMPARE(k->recovery, Maybe(0));
        const MoveFrameData *slime = rowOf(rows, data, "slime");
        QCOMPARE(slime->startup, Maybe(1));
        QCOMPARE(slime->total, Maybe(9));
    }

    void knightWithHitNumbers() {
        DocumentData data = knight();
        Sprite &sprite = data.sprites[data.indexOfSprite("knight")];
        // A recovery frame after the swing, and the numbers on attack-2's first hitbox.
        sprite.frames << frame("recover", 200, false);
        Frame &swing = sprite.frames[2];
        for (Shape &shape : swing.shapes)
            if (shape.layer == "hitbox") {
                shape.properties = {
                    {"damage", 12}, {"hitstun", 20}, {"blockstun", 15}, {"hitstop", 8}};
                break;
            }
        // At 60: frames 1-6, 7-12, 13-18, 19-24, recover 25-36.
        QList<MoveFrameData> rows = frameDataTable(data, {});
        const MoveFrameData *k = rowOf(rows, data, "knight");
        QCOMPARE(k->total, Maybe(36));
        QCOMPARE(k->startup, Maybe(7));
        QCOMPARE(k->recovery, Maybe(12));
        QCOMPARE(k->damage, MaybeD(12));
        QCOMPARE(k->hitstun, MaybeD(20));
        QCOMPARE(k->blockstun, MaybeD(15));
        QCOMPARE(k->hitstop, MaybeD(8));
        QCOMPARE(k->onHit, Maybe(20 - (36 - 7)));   // -9: hitstop freezes both, cancels
        QCOMPARE(k->onBlock, Maybe(15 - (36 - 7))); // -14
        FrameDataOptions mugen;
        mugen.convention = StunConvention::Mugen;
        rows = frameDataTable(data, mugen);
        k = rowOf(rows, data, "knight");
        QCOMPARE(k->onHit, Maybe(-8));
        QCOMPARE(k->onBlock, Maybe(-14));
        // At 30: 1-3, 4-6, 7-9, 10-12, recover 13-18.
        data.tickRate = 30;
        rows = frameDataTable(data, {});
        k = rowOf(rows, data, "knight");
        QCOMPARE(k->total, Maybe(18));
        QCOMPARE(k->startup, Maybe(4));
        QCOMPARE(k->onHit, Maybe(20 - (18 - 4)));
        QCOMPARE(k->onBlock, Maybe(15 - (18 - 4)));
    }

    void gapsAndRounding_data() {
        QTest::addColumn<int>("rate");
        QTest::addColumn<Maybe>("total");
        QTest::addColumn<Maybe>("startup");
        QTest::addColumn<Windows>("active");
        QTest::addColumn<QString>("text");
        QTest::addColumn<Maybe>("recovery");
        // Frames 50 (-), 50 (hit), 100 (-), 50 (hit), 100 (-), 1 (hit), 30 (-) ms.
        // 60/s: 3, 3, 6, 3, 6, 0 (0.06), 2 (1.8): 1-3, 4-6, 7-12, 13-15, 16-21, none, 22-23.
        QTest::newRow("60") << 60 << Maybe(23) << Maybe(4) << Windows{{4, 6}, {13, 15}} << "3(6)3"
                            << Maybe(8);
        // 30/s: 2 (1.5 up), 2, 3, 2, 3, 0, 1 (0.9): 1-2, 3-4, 5-7, 8-9, 10-12, none, 13.
        QTest::newRow("30") << 30 << Maybe(13) << Maybe(3) << Windows{{3, 4}, {8, 9}} << "2(3)2"
                            << Maybe(4);
        // 1000/s: 1-50, 51-100, 101-200, 201-250, 251-350, 351, 352-381.
        QTest::newRow("1000") << 1000 << Maybe(381) << Maybe(51)
                              << Windows{{51, 100}, {201, 250}, {351, 351}} << "50(100)50(100)1"
                              << Maybe(30);
    }
    void gapsAndRounding() {
        QFETCH(int, rate);
        QFETCH(Maybe, total);
        QFETCH(Maybe, startup);
        QFETCH(Windows, active);
        QFETCH(QString, text);
        QFETCH(Maybe, recovery);
        DocumentData data;
        data.tickRate = rate;
        Sprite sprite;
        sprite.name = "combo";
        sprite.frames << frame("a", 50, false) << frame("b", 50, true) << frame("c", 100, false)
                      << frame("d", 50, true) << frame("e", 100, false) << frame("f", 1, true)
                      << frame("g", 30, false);
        data.sprites << sprite;
        const QList<MoveFrameData> rows = frameDataTable(data, {});
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].total, total);
        QCOMPARE(rows[0].startup, startup);
        QCOMPARE(rows[0].active, active);
        QCOMPARE(rows[0].activeText, text);
        QCOMPARE(rows[0].recovery, recovery);
    }

    void explicitLayersDecideTheAttack() {
        DocumentData data = knight();
        FrameDataOptions options;
        options.layers = QList<LayerPair>{{"pushbox", "pushbox"}}; // every frame has a pushbox
        const QList<MoveFrameData> rows = frameDataTable(data, options);
        const MoveFrameData *k = rowOf(rows, data, "knight");
        QVERIFY(k);
        QCOMPARE(k->startup, Maybe(1));
        QCOMPARE(rowOf(rows, data, "slime"), nullptr); // the slime has no pushbox
    }

    void mugenCharacter() {
        const QString def = source("tests/data/framedata/kfmlike.def");
        const ReadResult read = readAnyDocumentFile(def);
        QVERIFY2(read.isOk(), qPrintable(read.error));
        const mugen::CharacterStates states = mugen::readCharacterStates(def);
        QCOMPARE(states.files, (QStringList{"kfmlike.cns", "kfmlike-specials.st"}));
        QCOMPARE(states.warnings, QStringList{"state file kfmlike.cmd not found"});
        FrameDataOptions options;
        options.states = &states;
        const QList<MoveFrameData> rows = frameDataTable(*read.document, options);
        QVERIFY(!actionRow(rows, 0)); // no Clsn1: no move
        // 200, 400, 410 (2 hits), 600, 250, 260, 800, 1000, 270, 280 (2 hits), 290
        QCOMPARE(rows.size(), 13);

        // Action 200: 2, 1, 4 (Clsn1), 3, 2 ticks: 1-2, 3, 4-7, 8-10, 11-12.
        const MoveFrameData *r = actionRow(rows, 200);
        QVERIFY(r);
        QCOMPARE(r->total, Maybe(12));
        QCOMPARE(r->startup, Maybe(4));
        QCOMPARE(r->active, (Windows{{4, 7}}));
        QCOMPARE(r->activeText, QStringLiteral("4"));
        QCOMPARE(r->recovery, Maybe(5));
        QCOMPARE(r->damage, MaybeD(23));
        QCOMPARE(r->hitstun, MaybeD(11));
        QCOMPARE(r->blockstun, MaybeD(11)); // guard.hittime absent: the ground.hittime
        QCOMPARE(r->hitstop, MaybeD(8));
        QCOMPARE(r->onHit, Maybe(11 - (12 - 4)));
        QCOMPARE(r->onBlock, Maybe(3));
        QVERIFY(r->notes.isEmpty());

        // 400: 3, 6 (Clsn1), 3: 1-3, 4-9, 10-12; pausetime 10,11 adds 1, guard.hittime 7.
        r = actionRow(rows, 400);
        QCOMPARE(r->active, (Windows{{4, 9}}));
        QCOMPARE(r->recovery, Maybe(3));
        QCOMPARE(r->hitstun, MaybeD(9));
        QCOMPARE(r->blockstun, MaybeD(7));
        QCOMPARE(r->hitstop, MaybeD(10));
        QCOMPARE(r->onHit, Maybe(9 - 8 + 1));
        QCOMPARE(r->onBlock, Maybe(7 - 8 + 1));

        // 410: 2, 2, 3 (Clsn1), 7 (Clsn1), 5, 3: 1-2, 3-4, 5-7, 8-14, 15-19, 20-22. HitDefs on
        // elements 3 (tick 5) and 4 (tick 8): one row a hit.
        QVERIFY(!actionRow(rows, 410, 0));
        r = actionRow(rows, 410, 1);
        QVERIFY(r);
        QCOMPARE(r->total, Maybe(22));
        QCOMPARE(r->startup, Maybe(5));
        QCOMPARE(r->active, (Windows{{5, 7}}));
        QCOMPARE(r->recovery, Maybe(15));
        QCOMPARE(r->damage, MaybeD(37));
        QCOMPARE(r->onHit, Maybe(17 - (22 - 5)));
        r = actionRow(rows, 410, 2);
        QCOMPARE(r->startup, Maybe(8));
        QCOMPARE(r->active, (Windows{{8, 14}}));
        QCOMPARE(r->activeText, QStringLiteral("7"));
        QCOMPARE(r->recovery, Maybe(8));
        QCOMPARE(r->damage, MaybeD(36));
        QCOMPARE(r->onHit, Maybe(17 - (22 - 8)));
        QCOMPARE(r->onBlock, Maybe(3));

        // 600: 3, 11 (Clsn1), 4, -1: open, so no total, recovery or advantage.
        r = actionRow(rows, 600);
        QCOMPARE(r->total, Maybe());
        QCOMPARE(r->startup, Maybe(4));
        QCOMPARE(r->active, (Windows{{4, 14}}));
        QCOMPARE(r->recovery, Maybe());
        QCOMPARE(r->hitstun, MaybeD(8));
        QCOMPARE(r->hitstop, MaybeD(7));
        QCOMPARE(r->onHit, Maybe());
        QCOMPARE(r->onBlock, Maybe());

        // 250: 2, 3 (Clsn1), 2, 3 (Clsn1), 4: 1-2, 3-5, 6-7, 8-10, 11-14; damage an expression.
        r = actionRow(rows, 250);
        QCOMPARE(r->active, (Windows{{3, 5}, {8, 10}}));
        QCOMPARE(r->activeText, QStringLiteral("3(2)3"));
        QCOMPARE(r->total, Maybe(14));
        QCOMPARE(r->recovery, Maybe(4));
        QCOMPARE(r->damage, MaybeD());
        QCOMPARE(r->hitstun, MaybeD(12));
        QCOMPARE(r->onHit, Maybe(12 - (14 - 3)));

        // 260: 2, Loopstart, 3 (Clsn1), 4: counted once, 1-2, 3-5, 6-9. Defaults: damage 0,
        // pausetime 0,0.
        r = actionRow(rows, 260);
        QCOMPARE(r->total, Maybe(9));
        QCOMPARE(r->active, (Windows{{3, 5}}));
        QCOMPARE(r->damage, MaybeD(0));
        QCOMPARE(r->hitstop, MaybeD(0));
        QCOMPARE(r->onHit, Maybe(10 - (9 - 3)));

        // 800: a throw, named and not computed.
        r = actionRow(rows, 800);
        QCOMPARE(r->startup, Maybe(1));
        QCOMPARE(r->total, Maybe(22));
        QCOMPARE(r->damage, MaybeD());
        QCOMPARE(r->onHit, Maybe());
        QCOMPARE(r->notes.size(), 1);
        QVERIFY2(r->notes[0].startsWith("throw HitDef (attr S, NT, kfmlike-specials.st:"),
                 qPrintable(r->notes[0]));

        // 1000: a projectile, named; no HitDef of its own.
        r = actionRow(rows, 1000);
        QCOMPARE(r->active, (Windows{{6, 8}}));
        QCOMPARE(r->hitstun, MaybeD());
        QCOMPARE(r->notes.size(), 2);
        QVERIFY(r->notes[0].startsWith("projectile (kfmlike-specials.st:"));

        // 270: its own state's HitDef; state 275 shows it through ChangeAnim (named).
        r = actionRow(rows, 270);
        QCOMPARE(r->damage, MaybeD(40));
        QCOMPARE(r->onHit, Maybe(14 - (12 - 5)));
        QCOMPARE(r->notes, QStringList{"state 275 shows this action through ChangeAnim: its "
                                       "HitDefs are not computed"});

        // 280: the 250's ticks, one HitDef switched on by trigger1 (element 2, tick 3) and
        // trigger2 (element 4, tick 8): a row each.
        QVERIFY(!actionRow(rows, 280, 0));
        r = actionRow(rows, 280, 1);
        QCOMPARE(r->active, (Windows{{3, 5}}));
        QCOMPARE(r->recovery, Maybe(9));
        QCOMPARE(r->onHit, Maybe(12 - (14 - 3)));
        r = actionRow(rows, 280, 2);
        QCOMPARE(r->startup, Maybe(8));
        QCOMPARE(r->active, (Windows{{8, 10}}));
        QCOMPARE(r->recovery, Maybe(4));
        QCOMPARE(r->onHit, Maybe(12 - (14 - 8)));

        // 290: 3, 2 (Clsn1), 5; two HitDefs on element 2 under other triggers (the first's
        // trigger1 on two lines): one row, the damage they differ on unknown.
        r = actionRow(rows, 290);
        QVERIFY(r);
        QCOMPARE(r->startup, Maybe(4));
        QCOMPARE(r->damage, MaybeD());
        QCOMPARE(r->hitstun, MaybeD(9));
        QCOMPARE(r->onHit, Maybe(9 - (10 - 4)));
        QCOMPARE(r->notes.size(), 1);
    }

    void mugenWithoutStates() {
        const ReadResult read = readAnyDocumentFile(source("tests/data/framedata/kfmlike.air"));
        QVERIFY(read.isOk());
        const QList<MoveFrameData> rows = frameDataTable(*read.document, {});
        const MoveFrameData *r = actionRow(rows, 200);
        QCOMPARE(r->startup, Maybe(4));
        QCOMPARE(r->damage, MaybeD());
        QCOMPARE(r->notes.size(), 1);
    }

    void absurdNumbersNeverOverflow() {
        // Durations of 2^31 - 1 ms at 1000 ticks/s: the sums saturate instead of overflowing.
        DocumentData data;
        data.tickRate = 1000;
        Sprite sprite;
        sprite.name = "long";
        sprite.frames << frame("a", std::numeric_limits<int>::max(), false)
                      << frame("b", std::numeric_limits<int>::max(), true)
                      << frame("c", std::numeric_limits<int>::max(), false);
        data.sprites << sprite;
        QList<MoveFrameData> rows = frameDataTable(data, {});
        QCOMPARE(rows.size(), 1);
        QVERIFY(rows[0].startup && *rows[0].startup > 0);
        QVERIFY(rows[0].total && *rows[0].total <= 1000000000);
        // A HitDef's numbers and triggers beyond any game: unknown, never wrapped round.
        const ReadResult air = readAnyDocumentFile(source("tests/data/framedata/kfmlike.air"));
        mugen::CharacterStates states;
        mugen::readStates("[Statedef 200]\nanim = 200\n[State 200, 1]\ntype = HitDef\n"
                          "trigger1 = AnimElem = 3, >= 99999999999999\n"
                          "trigger2 = Time = 2147483647\nattr = S, NA\n"
                          "ground.hittime = 1e400\npausetime = 99999999999999999999, 0\n",
                          "absurd.cns", &states);
        FrameDataOptions options;
        options.states = &states;
        rows = frameDataTable(*air.document, options);
        for (const MoveFrameData &row : rows)
            QVERIFY(!row.onHit || std::abs(*row.onHit) < 1000000000);
        // Bytes that are no .cns at all read as no states, without a crash.
        static constexpr char kAlphabet[] = "[]=;,\n Statedef HitDef 0123456789-";
        QByteArray noise;
        for (int i = 0; i < 20000; ++i)
            noise += kAlphabet[(i * 7919) % (sizeof kAlphabet - 1)];
        mugen::CharacterStates none;
        mugen::readStates(noise, "noise.cns", &none);
        options.states = &none;
        frameDataTable(*air.document, options);
    }

    void activeTextForms() {
        QCOMPARE(activeText({}), QString());
        QCOMPARE(activeText({{3, 5}}), QStringLiteral("3"));
        QCOMPARE(activeText({{3, 5}, {8, 8}, {12, {}}}), QStringLiteral("3(2)1(3)∞"));
    }
};

QTEST_GUILESS_MAIN(TestFrameData)
#include "tst_model_framedata.moc"
