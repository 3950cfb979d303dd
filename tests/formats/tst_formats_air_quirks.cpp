// MUGEN / Ikemen GO .air files as real characters write them (issue 27): every quirk a survey of
// real files found is read the way Ikemen GO's ReadAnimation reads it, counted in a warning and
// never refused (fixtures of our own in tests/data/formats/air/quirks/, one per quirk); every
// file writes back byte for byte, also through a native save; an edited box changes its own line
// only, in any code page and with any line ends; actions are named from their comments.

#include "formattestsupport.h"

#include "airformat.h"

using namespace hitsmith;
using namespace formattest;

class TestAirQuirks : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readAsIkemen_data();
    void readAsIkemen();
    void editedBoxChangesOnlyItsBytes_data();
    void editedBoxChangesOnlyItsBytes();
    void grownBlockKeepsTheRest();
    void shortBlockEdited();
    void oddBytesComeBack_data();
    void oddBytesComeBack();
    void actionsNamedFromComments();
    void commentsDecodedFromTheirCodePage_data();
    void commentsDecodedFromTheirCodePage();
};

namespace {

using Boxes = QList<QRectF>;

QByteArray quirk(const QString &name) {
    const QByteArray bytes = readBytes(testData(QStringLiteral("formats/air/quirks/") + name));
    if (bytes.isEmpty())
        qFatal("missing fixture %s", qPrintable(name));
    return bytes;
}

Boxes boxes(const Frame &frame, const QString &layer) {
    Boxes result;
    for (const Shape &shape : frame.shapes) {
        if (shape.layer == layer)
            result << QRectF(shape.center - QPointF(shape.size.width(), shape.size.height()) / 2,
                             shape.size);
    }
    return result;
}

/// The document written as .air, through a native save and reopen first when native is set.
QByteArray writeBack(const DocumentData &document, bool native) {
    if (!native)
        return format("air")->write(document, {}, {}).bytes;
    const WriteResult saved = format("hitsmith")->write(document, {}, {});
    if (!saved.isOk())
        qFatal("native save: %s", qPrintable(saved.error));
    const ReadResult reopened = format("hitsmith")->read(saved.bytes, {});
    if (!reopened.isOk())
        qFatal("native reopen: %s", qPrintable(reopened.error));
    return format("air")->write(*reopened.document, {}, {}).bytes;
}

} // namespace

void TestAirQuirks::readAsIkemen_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("sprites");
    QTest::addColumn<int>("sprite"); // the frame checked
    QTest::addColumn<int>("frame");
    QTest::addColumn<Boxes>("hit");
    QTest::addColumn<Boxes>("hurt");
    QTest::addColumn<QStringList>("warnings"); // a part of each warning expected, in order

    const Boxes body{QRectF(-10, -80, 20, 80)};
    QTest::newRow("header mismatch")
        << "header_mismatch.air" << 1 << 0 << 0 << Boxes{QRectF(20, -60, 30, 10)} << body
        << QStringList{"1 Clsn2 box under a Clsn1 header read as Clsn1, as Ikemen GO does: "
                       "line 8"};
    QTest::newRow("fewer boxes than announced")
        << "count_short.air" << 1 << 0 << 0 << Boxes{}
        << Boxes{QRectF(-10, -80, 20, 80), QRectF(-5, -95, 10, 15)}
        << QStringList{"1 Clsn header announces more boxes than follow: Ikemen GO keeps the "
                       "missing ones as [0, 0, 0, 0] boxes (a point at the axis, which still "
                       "touches a box over it); Hitsmith leaves them out: line 4 announces 3 "
                       "boxes, 2 follow"};
    QTest::newRow("more boxes than announced")
        << "count_long.air" << 1 << 0 << 0 << Boxes{} << body
        << QStringList{"1 Clsn line Ikemen GO ignores (a box past its header's count or without "
                       "a header, or a header without ':'): line 6"};
    QTest::newRow("blank line in a block")
        << "blank_in_block.air" << 1 << 0 << 0 << Boxes{} << body
        << QStringList{"line 5 announces 2 boxes, 1 follow", "Clsn line Ikemen GO ignores"};
    QTest::newRow("comment line in a block")
        << "comment_in_block.air" << 1 << 0 << 0 << Boxes{} << body
        << QStringList{"line 4 announces 2 boxes, 1 follow", "ignores (a box past its header's "
                                                             "count or without a header, or a "
                                                             "header without ':'): line 7"};
    QTest::newRow("box without header")
        << "missing_header.air" << 1 << 0 << 1 << Boxes{} << Boxes{}
        << QStringList{"4 Clsn lines Ikemen GO ignores (boxes past their header's count or "
                       "without a header, or headers without ':'): line 4, line 6, line 7, ..."};
    QTest::newRow("outside actions")
        << "outside_actions.air" << 2 << 1 << 0 << Boxes{} << Boxes{}
        << QStringList{"3 elements outside any [Begin Action N] ignored, as Ikemen GO does: "
                       "line 4, line 10, line 12",
                       "2 '[' lines that are not [Begin Action N] headers Ikemen GO reads: the "
                       "engine skips the lines after them up to the next action: line 7, line 11"};
    QTest::newRow("duplicate, empty and negative actions")
        << "duplicate_empty.air" << 5 << 4 << 0 << Boxes{} << Boxes{}
        << QStringList{"1 action defined again: Ikemen GO uses its first definition: action 40 "
                       "at line 6 (first at line 4)",
                       "1 action without elements: Ikemen GO plays the next action in its "
                       "place: 41"};
    QTest::newRow("numbers as Atoi reads them")
        << "numbers.air" << 1 << 0 << 0 << Boxes{QRectF(1, -20, 39, 17)}
        << Boxes{QRectF(-10, -80, 40, 80), QRectF(1, 2, 11, 7), QRectF(0, 4, 6, 6)}
        << QStringList{};
    QTest::newRow("element spellings")
        << "elements.air" << 1 << 0 << 6 << Boxes{} << body
        << QStringList{"1 line starting like an element with fewer than five fields ignored, "
                       "as Ikemen GO does: line 7"};
    const QStringList spaced{"1 Clsn header with other text than Default before its ':' (such "
                             "as a misspelled Default) read as Ikemen GO reads it: line 9 (for "
                             "the next element only)"};
    QTest::newRow("spacing and case")
        << "spacing.air" << 1 << 0 << 0 << Boxes{QRectF(20, -60, 30, 10)} << body << spaced;
    QTest::newRow("\"Clsn2 Default\" is no default")
        << "spacing.air" << 1 << 0 << 2 << Boxes{} << body << spaced;
    QTest::newRow("\"Clsn2Defalt\" is no default")
        << "misspelled_default.air" << 1 << 0 << 1 << Boxes{} << Boxes{}
        << QStringList{"line 4 (for the next element only)"};
    QTest::newRow("Shift-JIS, CRLF")
        << "shift_jis.air" << 2 << 0 << 1 << Boxes{QRectF(17, -80, 42, 10)}
        << Boxes{QRectF(-13, -79, 29, 79), QRectF(-7, -93, 12, 14)} << QStringList{};
    QTest::newRow("mixed line ends, CP1252")
        << "mixed_ends.air" << 1 << 0 << 1 << Boxes{QRectF(17, -80, 42, 10)} << Boxes{}
        << QStringList{};
    QTest::newRow("BOM, full-width spaces")
        << "bom.air" << 1 << 0 << 0 << Boxes{} << Boxes{QRectF(-13, -79, 29, 79)} << QStringList{};
}

void TestAirQuirks::readAsIkemen() {
    QFETCH(QString, file);
    QFETCH(int, sprites);
    QFETCH(int, sprite);
    QFETCH(int, frame);
    QFETCH(Boxes, hit);
    QFETCH(Boxes, hurt);
    QFETCH(QStringList, warnings);
    const QByteArray bytes = quirk(file);
    const ReadResult read = format("air")->read(bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    const DocumentData &document = *read.document;
    QCOMPARE(document.sprites.size(), sprites);
    QVERIFY(frame < document.sprites[sprite].frames.size());
    const Frame &checked = document.sprites[sprite].frames[frame];
    QCOMPARE(boxes(checked, QStringLiteral("hitbox")), hit);
    QCOMPARE(boxes(checked, QStringLiteral("hurtbox")), hurt);
    // Each expected warning, in order; no other.
    if (file == QLatin1String("duplicate_empty.air")) {
        QStringList names;
        for (const Sprite &s : document.sprites)
            names << s.name;
        QCOMPARE(names, (QStringList{"40", "40 (line 6)", "41", "42", "-1"}));
    }
    QCOMPARE(read.warnings.size(), warnings.size());
    for (qsizetype i = 0; i < warnings.size(); ++i)
        QVERIFY2(read.warnings[i].contains(warnings[i]), qPrintable(read.warnings[i]));
    // Byte for byte back, directly and through a native save.
    QCOMPARE(writeBack(document, false), bytes);
    QCOMPARE(writeBack(document, true), bytes);
}

void TestAirQuirks::editedBoxChangesOnlyItsBytes_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("sprite");
    QTest::addColumn<int>("frame");
    QTest::addColumn<QByteArray>("before"); // the line changed, as bytes, line end included
    QTest::addColumn<QByteArray>("after");
    QTest::newRow("Shift-JIS, CRLF, comment after the box")
        << "shift_jis.air" << 0 << 1 << QByteArray(" Clsn1[0] =  17,-80, 59,-70   ; \x83p")
        << QByteArray(" Clsn1[0] = 22, -82, 64, -72   ; \x83p");
    QTest::newRow("mixed ends, tabs after the box")
        << "mixed_ends.air" << 0 << 1 << QByteArray(" Clsn1[0] = 17,-80,59,-70\t\t\r\n")
        << QByteArray(" Clsn1[0] = 22, -82, 64, -72\t\t\r\n");
    QTest::newRow("header mismatch: the label stays")
        << "header_mismatch.air" << 0 << 0 << QByteArray(" Clsn2[0] = 20,-60, 50,-50\n")
        << QByteArray(" Clsn2[0] = 25, -62, 55, -52\n");
}

void TestAirQuirks::editedBoxChangesOnlyItsBytes() {
    QFETCH(QString, file);
    QFETCH(int, sprite);
    QFETCH(int, frame);
    QFETCH(QByteArray, before);
    QFETCH(QByteArray, after);
    const QByteArray bytes = quirk(file);
    QVERIFY2(bytes.count(before) == 1, before.constData());
    DocumentData document = *format("air")->read(bytes, {}).document;
    bool moved = false;
    for (Shape &shape : document.sprites[sprite].frames[frame].shapes) {
        if (shape.layer == QStringLiteral("hitbox")) {
            shape.center += QPointF(5, -2);
            moved = true;
        }
    }
    QVERIFY(moved);
    QByteArray expected = bytes;
    expected.replace(before, after);
    QCOMPARE(writeBack(document, false), expected);
    QCOMPARE(writeBack(document, true), expected);
}

void TestAirQuirks::grownBlockKeepsTheRest() {
    // A box added under a header whose block a comment line cut short: the block is written
    // anew (header and the boxes it read); the comment and the ignored line after it stay.
    const QByteArray bytes = quirk(QStringLiteral("comment_in_block.air"));
    DocumentData document = *format("air")->read(bytes, {}).document;
    Frame &frame = document.sprites[0].frames[0];
    frame.shapes << Shape::rect(QStringLiteral("new"), {0, -100}, {10, 10}, 0,
                                QStringLiteral("hurtbox"));
    const QByteArray written = writeBack(document, false);
    QCOMPARE(written, QByteArray("; A comment-only line inside a Clsn block ends it, as a blank "
                                 "line does.\n"
                                 "\n"
                                 "[Begin Action 23]\n"
                                 "Clsn2: 2\n"
                                 "  Clsn2[0] = -10, -80, 10, 0\n"
                                 "  Clsn2[1] = -5, -105, 5, -95\n"
                                 "; head\n"
                                 " Clsn2[1] = -5,-95, 5,-80\n"
                                 "23,0, 0,0, 4\n"));
    const ReadResult back = format("air")->read(written, {});
    QVERIFY(back.isOk());
    QCOMPARE(boxes(back.document->sprites[0].frames[0], QStringLiteral("hurtbox")),
             (Boxes{QRectF(-10, -80, 20, 80), QRectF(-5, -105, 10, 10)}));
}

void TestAirQuirks::shortBlockEdited() {
    // "Clsn2: 3" with two box lines: Ikemen GO's third box is [0, 0, 0, 0], which Hitsmith does
    // not show (docs/formats.md). A moved box keeps the header as written, so the engine keeps
    // its zero box; a removed box rewrites the block with the count of the boxes shown, and the
    // engine's zero box goes with it.
    const QByteArray bytes = quirk(QStringLiteral("count_short.air"));
    DocumentData document = *format("air")->read(bytes, {}).document;
    Frame &frame = document.sprites[0].frames[0];
    QCOMPARE(frame.shapes.size(), 2);
    frame.shapes[1].center += QPointF(1, 0);
    QByteArray moved = bytes;
    moved.replace(" Clsn2[1] = -5,-95, 5,-80",
                  " Clsn2[1] = -4, -95, 6, -80"); // the writer's spacing
    QCOMPARE(writeBack(document, false), moved);
    frame.shapes.removeLast();
    QCOMPARE(writeBack(document, false),
             QByteArray("; The header announces three boxes, two follow: Ikemen GO leaves the "
                        "third empty.\n"
                        "\n"
                        "[Begin Action 20]\n"
                        "Clsn2: 1\n"
                        "  Clsn2[0] = -10, -80, 10, 0\n"
                        "20,0, 0,0, 4\n"));
}

void TestAirQuirks::oddBytesComeBack_data() {
    QTest::addColumn<QByteArray>("bytes");
    const QByteArray action = "[Begin Action 0]\nClsn2: 1\n Clsn2[0] = -1,-2, 3,4\n0,0, 0,0, 5";
    QTest::newRow("UTF-8 cut at the end") << action + "\n; \xe7\xab";
    QTest::newRow("UTF-8 cut, no final newline") << action + " ; \xe3";
    QTest::newRow("two BOMs") << "\xef\xbb\xbf\xef\xbb\xbf; c\n" + action + "\n";
    QTest::newRow("overlong UTF-8") << action + " ; \xc0\x80\n";
    QTest::newRow("UTF-16 surrogate in UTF-8") << action + " ; \xed\xa0\x80\n";
    QTest::newRow("U+FFFE") << action + " ; \xef\xbf\xbe\n";
    QTest::newRow("CR only inside a line") << action + "\n; a\rb\r\rc\n";
    QTest::newRow("CR before CRLF") << action + "\r\r\n";
    QTest::newRow("CRLF but the last line") << QByteArray(action).replace("\n", "\r\n") + "\n";
    QTest::newRow("trailing CR, no newline") << action + "\r";
    QTest::newRow("NBSP and NEL in CP1252") << action + "\n\xa0\x85; x\xa0\n";
}

void TestAirQuirks::oddBytesComeBack() {
    QFETCH(QByteArray, bytes);
    const ReadResult read = format("air")->read(bytes, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QCOMPARE(writeBack(*read.document, false), bytes);
    QCOMPARE(writeBack(*read.document, true), bytes);
}

void TestAirQuirks::actionsNamedFromComments() {
    // Issues 26 (item 11) and 42: "<action> <comment>", the comment on the header's line, else
    // the comment line right above it (up to a colon or comma that follows a word, at most 60
    // characters of whole words); rule lines are passed over, a blank line or a commented-out
    // line ends the search; a name taken gets the line number.
    const QByteArray air = "; file notes\n"
                           "\n"
                           ";-----------------\n"
                           "; Standing (idle)\n"
                           ";=================\n"
                           "[Begin Action 0]\n"
                           "0,0, 0,0, 5\n"
                           "[Begin Action 5] ; Turning\n"
                           "5,0, 0,0, 5\n"
                           "; Turning\n"
                           "[Begin Action 6]\n"
                           "6,0, 0,0, 5\n"
                           ";Clsn2: 1\n"
                           "[Begin Action 7]\n"
                           "7,0, 0,0, 5\n"
                           "\n"
                           "; not mine: a blank line follows\n"
                           "\n"
                           "[Begin Action 8]\n"
                           "8,0, 0,0, 5\n"
                           "; Stand \xe7\xab\x8b\xe3\x81\xa1\n"
                           "[Begin Action 9]\n"
                           "9,0, 0,0, 5\n"
                           "; Punch: Clsn1 on the fist, pushed 4 px forward\n"
                           "[Begin Action 10]\n"
                           "10,0, 0,0, 5\n"
                           "; A very long description of an action that goes on and on\n"
                           "[Begin Action 11]\n"
                           "11,0, 0,0, 5\n";
    const ReadResult read = format("air")->read(air, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QStringList names;
    for (const Sprite &sprite : read.document->sprites)
        names << sprite.name;
    QCOMPARE(names, (QStringList{"0 Standing (idle)", "5 Turning", "6 Turning", "7", "8",
                                 QString::fromUtf8("9 Stand \xe7\xab\x8b\xe3\x81\xa1"), "10 Punch",
                                 "11 A very long description of an action that goes on and on"}));
    // The action number stays: renamed or not, the same headers come back.
    DocumentData document = *read.document;
    document.sprites[1].name = QStringLiteral("turn");
    QCOMPARE(format("air")->write(document, {}, {}).bytes, air);
    // A document from elsewhere keeps its sprites' names through .air (on the header's line).
    DocumentData made;
    for (const char *name : {"idle", "7 heavy kick", "action-12"}) {
        Sprite sprite;
        sprite.name = QString::fromLatin1(name);
        Frame frame;
        frame.name = QStringLiteral("f");
        sprite.frames << frame;
        made.sprites << sprite;
    }
    const ReadResult madeBack = format("air")->read(format("air")->write(made, {}, {}).bytes, {});
    QVERIFY(madeBack.isOk());
    // A name without a number takes the next one; "<N> <words>" and "action-N" keep theirs.
    QCOMPARE(madeBack.document->sprites.size(), 3);
    QCOMPARE(madeBack.document->sprites[0].name, QStringLiteral("0 idle"));
    QCOMPARE(madeBack.document->sprites[1].name, QStringLiteral("7 heavy kick"));
    QCOMPARE(madeBack.document->sprites[2].name, QStringLiteral("12"));
    // In a file of another code page the comments are decoded for the names (issue 42), and the
    // bytes written back are the file's.
    const QByteArray sjis = "; \x97\xa7\x82\xbf\n[Begin Action 0]\n0,0, 0,0, 5\n"
                            "; \x97\xa7\x82\xbf Stand 2\n[Begin Action 1]\n0,0, 0,0, 5\n";
    const ReadResult other = format("air")->read(sjis, {});
    QVERIFY(other.isOk());
    QCOMPARE(other.document->sprites[0].name, QString::fromUtf8("0 \xe7\xab\x8b\xe3\x81\xa1"));
    QCOMPARE(other.document->sprites[1].name,
             QString::fromUtf8("1 \xe7\xab\x8b\xe3\x81\xa1 Stand 2"));
    QCOMPARE(format("air")->write(*other.document, {}, {}).bytes, sjis);
}

void TestAirQuirks::commentsDecodedFromTheirCodePage_data() {
    // Issue 42: names decoded from UTF-8, else Shift-JIS (CP932) when the file's comments read
    // as it and hold kana, else CP1252; the expected names are written out here in UTF-8.
    QTest::addColumn<QByteArray>("air");
    QTest::addColumn<QStringList>("names");
    QTest::newRow("Shift-JIS: standing strong punch")
        << QByteArray("; \x97\xa7\x82\xbf\x8b\xad\x83\x70\x83\x93\r\n"
                      "[Begin Action 210]\r\n210,0, 0,0, 4\r\n"
                      "; \x82\xb5\x82\xe1\x82\xaa\x82\xdd\x8b\xad\x83\x4c\x83\x62\x83\x4e\r\n"
                      "[Begin Action 430]\r\n430,0, 0,0, 4\r\n")
        << QStringList{QString::fromUtf8("210 \xe7\xab\x8b\xe3\x81\xa1\xe5\xbc\xb7\xe3\x83\x91"
                                         "\xe3\x83\xb3"),
                       QString::fromUtf8("430 \xe3\x81\x97\xe3\x82\x83\xe3\x81\x8c\xe3\x81\xbf"
                                         "\xe5\xbc\xb7\xe3\x82\xad\xe3\x83\x83\xe3\x82\xaf")};
    QTest::newRow("CP1252: accents that Shift-JIS would read as kanji, no kana")
        << QByteArray("; Cr\xe8me br\xfbl\xe9"
                      "e\n[Begin Action 3]\n3,0, 0,0, 4\n")
        << QStringList{QString::fromUtf8("3 Cr\xc3\xa8me br\xc3\xbbl\xc3\xa9"
                                         "e")};
    QTest::newRow("CP1252: quotes and a tilde")
        << QByteArray("; Se\xf1or \x93quoted\x94\n[Begin Action 4]\n4,0, 0,0, 4\n")
        << QStringList{QString::fromUtf8("4 Se\xc3\xb1or \xe2\x80\x9cquoted\xe2\x80\x9d")};
    QTest::newRow("CP1252: a byte Shift-JIS refuses")
        << QByteArray("; Caf\xe9\n[Begin Action 1]\n1,0, 0,0, 4\n")
        << QStringList{QString::fromUtf8("1 Caf\xc3\xa9")};
    QTest::newRow("UTF-8 as it is")
        << QByteArray("; \xe7\xab\x8b\xe3\x81\xa1 Stand\n[Begin Action 0]\n0,0, 0,0, 4\n")
        << QStringList{QString::fromUtf8("0 \xe7\xab\x8b\xe3\x81\xa1 Stand")};
    QTest::newRow("the file's fixture: on the header's line")
        << quirk(QStringLiteral("shift_jis.air"))
        << QStringList{QString::fromUtf8("0 \xe7\xab\x8b\xe3\x81\xa1"),
                       QString::fromUtf8("11 \xe3\x81\x97\xe3\x82\x83\xe3\x81\x8c\xe3\x81\xbf")};
}

void TestAirQuirks::commentsDecodedFromTheirCodePage() {
    QFETCH(QByteArray, air);
    QFETCH(QStringList, names);
    const ReadResult read = format("air")->read(air, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    QStringList got;
    for (const Sprite &sprite : read.document->sprites)
        got << sprite.name;
    QCOMPARE(got, names);
    // The bytes on disk never change: the same file comes back, directly and renamed.
    QCOMPARE(format("air")->write(*read.document, {}, {}).bytes, air);
    DocumentData renamed = *read.document;
    renamed.sprites[0].name = QStringLiteral("renamed");
    QCOMPARE(format("air")->write(renamed, {}, {}).bytes, air);
}

QTEST_GUILESS_MAIN(TestAirQuirks)
#include "tst_formats_air_quirks.moc"
