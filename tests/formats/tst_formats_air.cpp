// MUGEN / Ikemen GO .air: reading a KFM-style file (Defaults, Loopstart, flips, Interpolate,
// comments, mixed-case keys), line-exact write-back, edits that change only their own lines,
// export of a Hitsmith document with ClsnNDefault compression and counted losses, malformed
// input and every truncation.

#include "formattestsupport.h"

#include "airformat.h"
#include "formatsniffer.h"

#include <QRegularExpression>

using namespace hitsmith;
using namespace formattest;

class TestAirFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readKfm();
    void writeBackIsLineExact();
    void editedBoxChangesOnlyItsLine();
    void editedDefaultBoxOverridesOneElement();
    void editedDurationChangesOnlyTicks();
    void exportDocument();
    void explicitZeroClearsDefault();
    void exampleRectanglesComeBack();
    void everyShapeKindComesBackAsItsBoundingBox();
    void registeredAndGuessed();
    void malformed_data();
    void malformed();
    void truncationsNeverHalfLoad();
};

namespace {

DocumentData readKfmDocument(QByteArray *bytes = nullptr) {
    const QByteArray data = readBytes(testData(QStringLiteral("formats/air/kfm.air")));
    if (bytes)
        *bytes = data;
    const ReadResult result = format("air")->read(data, {});
    if (!result.isOk())
        qFatal("kfm.air: %s", qPrintable(result.error));
    return *result.document;
}

QList<QRectF> boxes(const Frame &frame, const QString &layer) {
    QList<QRectF> result;
    for (const Shape &shape : frame.shapes) {
        if (shape.layer == layer)
            result << QRectF(shape.center - QPointF(shape.size.width(), shape.size.height()) / 2,
                             shape.size);
    }
    return result;
}

/// The lines removed from a ("-line") and added in b ("+line"), by longest common subsequence.
QStringList changedLines(const QByteArray &a, const QByteArray &b) {
    const QList<QByteArray> left = a.split('\n'), right = b.split('\n');
    const qsizetype n = left.size(), m = right.size();
    QList<QList<int>> common(n + 1, QList<int>(m + 1, 0));
    for (qsizetype i = n - 1; i >= 0; --i)
        for (qsizetype j = m - 1; j >= 0; --j)
            common[i][j] = left[i] == right[j] ? common[i + 1][j + 1] + 1
                                               : std::max(common[i + 1][j], common[i][j + 1]);
    QStringList changes;
    qsizetype i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && left[i] == right[j]) {
            ++i, ++j;
        } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
            changes << QStringLiteral("-") + QString::fromUtf8(left[i++]).trimmed();
        } else {
            changes << QStringLiteral("+") + QString::fromUtf8(right[j++]).trimmed();
        }
    }
    return changes;
}

} // namespace

void TestAirFormat::readKfm() {
    const DocumentData document = readKfmDocument();
    QCOMPARE(document.sprites.size(), 3);
    // Named "<action> <comment>" by the comment line right above each header (issues 26 and
    // 42); none above action 210.
    QCOMPARE(document.sprites[0].name, QStringLiteral("0 Standing"));
    QCOMPARE(document.sprites[1].name, QStringLiteral("200 Light punch"));
    QCOMPARE(document.sprites[2].name, QStringLiteral("210"));
    for (const Sprite &sprite : document.sprites)
        QCOMPARE(sprite.frames.size(), 3);
    // Clsn2Default applies to every element of action 0; corners in any order are normalised.
    for (const Frame &frame : document.sprites[0].frames) {
        QCOMPARE(boxes(frame, QStringLiteral("hurtbox")),
                 (QList<QRectF>{QRectF(-13, -79, 29, 79), QRectF(-10, -93, 15, 14)}));
        QVERIFY(boxes(frame, QStringLiteral("hitbox")).isEmpty());
        QCOMPARE(frame.origin, QPointF(0, 0));
    }
    // Clsn1 (mixed case) applies to the next element only.
    const Sprite &punch = document.sprites[1];
    QVERIFY(boxes(punch.frames[0], QStringLiteral("hitbox")).isEmpty());
    QCOMPARE(boxes(punch.frames[1], QStringLiteral("hitbox")),
             QList<QRectF>{QRectF(17, -80, 42, 10)});
    QVERIFY(boxes(punch.frames[2], QStringLiteral("hitbox")).isEmpty());
    for (const Frame &frame : punch.frames)
        QCOMPARE(boxes(frame, QStringLiteral("hurtbox")).size(), 3);
    // Ticks -> ms (1 tick = 1/60 s); -1 (hold forever) has no duration.
    QCOMPARE(document.sprites[0].frames[0].duration, std::optional<int>(167));
    QCOMPARE(punch.frames[0].duration, std::optional<int>(50));
    QCOMPARE(document.sprites[2].frames[2].duration, std::nullopt);
    QVERIFY(document.layersCollide(QStringLiteral("hitbox"), QStringLiteral("hurtbox")));
}

void TestAirFormat::writeBackIsLineExact() {
    QByteArray bytes;
    const DocumentData document = readKfmDocument(&bytes);
    const WriteResult written = format("air")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    QCOMPARE(written.bytes, bytes);
    QVERIFY(written.warnings.isEmpty());
}

void TestAirFormat::editedBoxChangesOnlyItsLine() {
    QByteArray bytes;
    DocumentData document = readKfmDocument(&bytes);
    Shape &hit = document.sprites[1].frames[1].shapes[0];
    QCOMPARE(hit.layer, QStringLiteral("hitbox"));
    hit.center += QPointF(5, -2);
    const QByteArray written = format("air")->write(document, {}, {}).bytes;
    QCOMPARE(changedLines(bytes, written),
             (QStringList{QStringLiteral("-clsn1[0] =  17,-80, 59,-70"),
                          QStringLiteral("+clsn1[0] = 22, -82, 64, -72")}));
    const ReadResult back = format("air")->read(written, {});
    QVERIFY(back.isOk());
    QCOMPARE(boxes(back.document->sprites[1].frames[1], QStringLiteral("hitbox")),
             QList<QRectF>{QRectF(22, -82, 42, 10)});
}

void TestAirFormat::editedDefaultBoxOverridesOneElement() {
    QByteArray bytes;
    DocumentData document = readKfmDocument(&bytes);
    document.sprites[0].frames[1].shapes[1].size = QSizeF(15, 20); // the head box, grown
    const QByteArray written = format("air")->write(document, {}, {}).bytes;
    const QStringList changes = changedLines(bytes, written);
    // The Default block stays (the other elements use it); this element gets its own Clsn2.
    QCOMPARE(changes.size(), 3);
    QCOMPARE(changes[0], QStringLiteral("+Clsn2: 2"));
    const ReadResult back = format("air")->read(written, {});
    QVERIFY(back.isOk());
    QCOMPARE(back.document->sprites[0].frames[1].shapes, document.sprites[0].frames[1].shapes);
    QCOMPARE(back.document->sprites[0].frames[2].shapes, document.sprites[0].frames[2].shapes);
}

void TestAirFormat::editedDurationChangesOnlyTicks() {
    QByteArray bytes;
    DocumentData document = readKfmDocument(&bytes);
    document.sprites[1].frames[1].duration = 200; // 12 ticks
    const QByteArray written = format("air")->write(document, {}, {}).bytes;
    QCOMPARE(changedLines(bytes, written), (QStringList{QStringLiteral("-200,1, 0,0, 4, H"),
                                                        QStringLiteral("+200,1, 0,0, 12, H")}));
}

void TestAirFormat::exportDocument() {
    // Three elements with the same hurtbox: one Clsn2Default; a hit on the middle one only.
    DocumentData document;
    Sprite sprite;
    sprite.name = QStringLiteral("action-200");
    for (int i = 0; i < 3; ++i) {
        Frame frame;
        frame.name = QStringLiteral("f%1").arg(i);
        frame.origin = QPointF(40, 100);
        frame.duration = 100;
        frame.shapes << Shape::rect(QStringLiteral("body"), {40, 60}, {30, 80}, 0,
                                    QStringLiteral("hurtbox"));
        if (i == 1)
            frame.shapes << Shape::rect(QStringLiteral("fist"), {75, 45}, {20, 10}, 0,
                                        QStringLiteral("hitbox"));
        sprite.frames << frame;
    }
    document.sprites << sprite;
    const WriteResult written = format("air")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    // "action-200" (the name the reader gave before issue 42) keeps its number, no comment.
    QCOMPARE(QString::fromUtf8(written.bytes), QStringLiteral("[Begin Action 200]\n"
                                                              "Clsn2Default: 1\n"
                                                              "  Clsn2[0] = -15, -80, 15, 0\n"
                                                              "0,0, 0,0, 6\n"
                                                              "Clsn1: 1\n"
                                                              "  Clsn1[0] = 25, -60, 45, -50\n"
                                                              "0,0, 0,0, 6\n"
                                                              "0,0, 0,0, 6\n"));
    QVERIFY(written.warnings.isEmpty());
    const ReadResult back = format("air")->read(written.bytes, {});
    QVERIFY(back.isOk());
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(boxes(back.document->sprites[0].frames[i], QStringLiteral("hurtbox")),
                 QList<QRectF>{QRectF(-15, -80, 30, 80)});
        QCOMPARE(back.document->sprites[0].frames[i].duration, std::optional<int>(100));
    }
    QCOMPARE(boxes(back.document->sprites[0].frames[1], QStringLiteral("hitbox")),
             QList<QRectF>{QRectF(25, -60, 20, 10)});
}

void TestAirFormat::explicitZeroClearsDefault() {
    // Ikemen GO's ReadAnimation (src/anim.go): "Clsn2: 0" gives the next element an empty Clsn2
    // list and marks it explicit, so the Clsn2Default is not applied to that element only.
    const QByteArray air = "[Begin Action 210]\n"
                           "Clsn2Default: 1\n"
                           " Clsn2[0] = -10,-80, 10,0\n"
                           "Clsn1: 1\n"
                           " Clsn1[0] = 5,-60, 40,-50\n"
                           "210,0, 0,0, 3\n"
                           "Clsn2: 0\n"
                           "210,1, 0,0, 3\n"
                           "210,2, 0,0, 3\n";
    const ReadResult read = format("air")->read(air, {});
    QVERIFY2(read.isOk(), qPrintable(read.error));
    const QList<Frame> &frames = read.document->sprites[0].frames;
    const QList<QRectF> hurt{QRectF(-10, -80, 20, 80)};
    QCOMPARE(boxes(frames[0], QStringLiteral("hurtbox")), hurt);
    QCOMPARE(boxes(frames[0], QStringLiteral("hitbox")).size(), 1);
    QVERIFY(frames[1].shapes.isEmpty());
    QCOMPARE(boxes(frames[2], QStringLiteral("hurtbox")), hurt);
    QVERIFY(boxes(frames[2], QStringLiteral("hitbox")).isEmpty());
    QCOMPARE(format("air")->write(*read.document, {}, {}).bytes, air);

    // The writer relies on it: a gap in a run of equal boxes is written as "Clsn2: 0".
    DocumentData document;
    Sprite sprite;
    sprite.name = QStringLiteral("action-211");
    for (int i = 0; i < 4; ++i) {
        Frame frame;
        frame.name = QStringLiteral("f%1").arg(i);
        frame.origin = QPointF(0, 0);
        if (i != 2)
            frame.shapes << Shape::rect(QStringLiteral("body"), {0, -40}, {20, 80}, 0,
                                        QStringLiteral("hurtbox"));
        sprite.frames << frame;
    }
    document.sprites << sprite;
    const QByteArray written = format("air")->write(document, {}, {}).bytes;
    QVERIFY2(written.contains("Clsn2Default: 1\n") && written.contains("Clsn2: 0\n"),
             written.constData());
    const ReadResult back = format("air")->read(written, {});
    QVERIFY(back.isOk());
    for (int i = 0; i < 4; ++i)
        QCOMPARE(boxes(back.document->sprites[0].frames[i], QStringLiteral("hurtbox")).size(),
                 i == 2 ? 0 : 1);
}

void TestAirFormat::exampleRectanglesComeBack() {
    // The sample has a polygon, a circle and rotated rectangles on Clsn layers: bounding boxes,
    // counted once; its circle on layer "default" is not written.
    const DocumentData document = sampleDocument();
    const WriteResult written = format("air")->write(document, {}, {});
    QVERIFY(written.isOk());
    const QStringList lines = written.warnings.filter(QStringLiteral("bounding box"));
    QCOMPARE(lines.size(), 1);
    QVERIFY2(lines[0].startsWith(QStringLiteral("4 rotated rectangles, polygons or circles")),
             qPrintable(lines[0]));
    QCOMPARE(written.warnings.filter(QStringLiteral("other than Clsn1/Clsn2")).size(), 1);
    QCOMPARE(format("air")->exportWarnings(document), written.warnings);
    // Axis-aligned integer rectangles come back equal.
    DocumentData rects;
    Sprite sprite;
    sprite.name = QStringLiteral("action-7");
    Frame frame;
    frame.name = QStringLiteral("element-1");
    frame.origin = QPointF(0, 0);
    frame.duration = 50;
    frame.shapes << Shape::rect(QStringLiteral("clsn1-0"), {10, -20}, {8, 6}, 0,
                                QStringLiteral("hitbox"))
                 << Shape::rect(QStringLiteral("clsn2-0"), {1.5, -40}, {29, 80}, 0,
                                QStringLiteral("hurtbox"));
    sprite.frames << frame;
    rects.sprites << sprite;
    const ReadResult back = format("air")->read(format("air")->write(rects, {}, {}).bytes, {});
    QVERIFY(back.isOk());
    QCOMPARE(back.document->sprites[0].frames[0].shapes, frame.shapes);
    QCOMPARE(back.document->sprites[0].frames[0].duration, frame.duration);
}

// Each non-rectangle on a Clsn layer comes back as its bounding box; nothing is dropped. (A
// circle was once lost: its outline() is empty, so its "bounding box" had no area.)
void TestAirFormat::everyShapeKindComesBackAsItsBoundingBox() {
    DocumentData document;
    Sprite sprite;
    sprite.name = QStringLiteral("action-3");
    Frame frame;
    frame.name = QStringLiteral("element-1");
    frame.origin = QPointF(0, 0);
    frame.shapes << Shape::circle(QStringLiteral("c"), {5, 5}, 3, QStringLiteral("hitbox"))
                 << Shape::polygon(QStringLiteral("p"), {{0, 0}, {10, 0}, {4, 7}},
                                   QStringLiteral("hitbox"))
                 << Shape::rect(QStringLiteral("r"), {20, 20}, {4, 4}, 90,
                                QStringLiteral("hurtbox"));
    sprite.frames << frame;
    document.sprites << sprite;
    const WriteResult written = format("air")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const ReadResult back = format("air")->read(written.bytes, {});
    QVERIFY2(back.isOk(), qPrintable(back.error));
    QCOMPARE(boxes(back.document->sprites[0].frames[0], QStringLiteral("hitbox")),
             (QList<QRectF>{QRectF(2, 2, 6, 6), QRectF(0, 0, 10, 7)}));
    QCOMPARE(boxes(back.document->sprites[0].frames[0], QStringLiteral("hurtbox")),
             QList<QRectF>{QRectF(18, 18, 4, 4)});
    // A capsule is left out, counted (issue 43): its box would reach far past a turned limb.
    frame.shapes << Shape::capsule(QStringLiteral("limb"), {0, 0}, {30, 30}, 2,
                                   QStringLiteral("hitbox"));
    document.sprites[0].frames = {frame};
    const WriteResult limb = format("air")->write(document, {}, {});
    QVERIFY2(limb.isOk(), qPrintable(limb.error));
    QVERIFY2(limb.warnings.join(u'\n').contains(
                 QStringLiteral("1 capsule left out (MUGEN boxes are axis-aligned rectangles)")),
             qPrintable(limb.warnings.join(u'\n')));
    QCOMPARE(format("air")->exportWarnings(document), limb.warnings);
    const ReadResult limbBack = format("air")->read(limb.bytes, {});
    QVERIFY2(limbBack.isOk(), qPrintable(limbBack.error));
    QCOMPARE(boxes(limbBack.document->sprites[0].frames[0], QStringLiteral("hitbox")).size(), 2);
    // A shape thinner than a pixel cannot be a box: counted, never silently dropped.
    frame.shapes = {
        Shape::rect(QStringLiteral("sliver"), {5, 5}, {10, 0.2}, 0, QStringLiteral("hitbox"))};
    document.sprites[0].frames = {frame};
    const WriteResult sliver = format("air")->write(document, {}, {});
    QVERIFY(sliver.isOk());
    QVERIFY2(!sliver.warnings.filter(QStringLiteral("thinner than a pixel")).isEmpty(),
             qPrintable(sliver.warnings.join(u'\n')));
}

void TestAirFormat::registeredAndGuessed() {
    QCOMPARE(guessReadFormat(QStringLiteral("kfm.air"), "[Begin Action 0]\n0,0,0,0,1\n"),
             format("air"));
    QCOMPARE(guessWriteFormat(QStringLiteral("out.air"), false), format("air"));
}

void TestAirFormat::malformed_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << QByteArray("  \n") << QStringLiteral("file is empty");
    QTest::newRow("nul") << QByteArray("[Begin Action 0]\n\0", 18) << QStringLiteral("NUL bytes");
    QTest::newRow("no action") << QByteArray("; nothing\nfoo\n")
                               << QStringLiteral("no [Begin Action N] block");
    // What Ikemen GO reads leniently (a box without a header, a Clsn1 box under a Clsn2 header,
    // an element before any action, "1e300" read as 1) is no longer refused:
    // tst_formats_air_quirks reads each.
}

void TestAirFormat::malformed() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    const ReadResult result = format("air")->read(bytes, {});
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains(error), qPrintable(result.error));
}

void TestAirFormat::truncationsNeverHalfLoad() {
    // Every cut of the file reads (a cut at a line end is a shorter but genuine file) as
    // exactly what its lines say: each Clsn block cut short is named in the warning "line L
    // announces N boxes, M follow", no other is, and every element of the cut has the boxes it
    // has in the whole file (the lines before an element line are whole in any cut holding it).
    QByteArray bytes;
    const DocumentData whole = readKfmDocument(&bytes);
    static const QRegularExpression header(QStringLiteral("^clsn[12](default)?:\\s*(\\d+)$"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression box(QStringLiteral("^clsn.*=[^,]*,[^,]*,[^,]*,"),
                                        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression action(QStringLiteral("\\[Begin Action \\d+\\]"));
    int cutBlocks = 0;
    for (qsizetype size = 0; size <= bytes.size(); ++size) {
        const QByteArray cut = bytes.left(size);
        const ReadResult result = format("air")->read(cut, {});
        QVERIFY(result.isOk() != !result.error.isEmpty());
        if (!result.isOk()) {
            QVERIFY2(!QString::fromUtf8(cut).contains(action), cut.constData());
            continue;
        }
        // The blocks cut short, found here with a plain reading of the lines.
        QStringList expected;
        const QStringList lines = QString::fromUtf8(cut).split(u'\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QRegularExpressionMatch match =
                header.match(lines[i].section(u';', 0, 0).trimmed());
            if (!match.hasMatch())
                continue;
            const int announced = match.captured(2).toInt();
            int follow = 0;
            while (follow < announced && i + 1 + follow < lines.size() &&
                   box.match(lines[i + 1 + follow].section(u';', 0, 0).trimmed()).hasMatch())
                ++follow;
            if (follow < announced)
                expected << QStringLiteral("line %1 announces %2 boxes, %3 follow")
                                .arg(i + 1)
                                .arg(announced)
                                .arg(follow);
        }
        cutBlocks += int(expected.size());
        const QStringList counted = result.warnings.filter(QStringLiteral("announce"));
        QCOMPARE(counted.size(), std::min<qsizetype>(expected.size(), 1));
        for (const QString &warning : expected)
            QVERIFY2(counted.first().contains(warning), qPrintable(counted.first()));
        // The boxes read: each element's, as in the whole file.
        const DocumentData &document = *result.document;
        QVERIFY(document.sprites.size() <= whole.sprites.size());
        for (qsizetype s = 0; s < document.sprites.size(); ++s) {
            QVERIFY(document.sprites[s].frames.size() <= whole.sprites[s].frames.size());
            for (qsizetype f = 0; f < document.sprites[s].frames.size(); ++f)
                QCOMPARE(document.sprites[s].frames[f].shapes, whole.sprites[s].frames[f].shapes);
        }
        // What is read writes back as the same bytes.
        QCOMPARE(format("air")->write(document, {}, {}).bytes, cut);
    }
    QVERIFY(cutBlocks > 20); // the cuts that end inside a block were seen
}

QTEST_GUILESS_MAIN(TestAirFormat)
#include "tst_formats_air.moc"
