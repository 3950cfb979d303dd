// One file on purpose (over 700 lines): every function compares the same two readers through
// one set of helpers; the number-spelling quirks would be the first part to move out.
// The native reader's two paths read alike: for every input, the fast reader (simdjson, then Qt's
// parser whenever it gives up) gives the same document, or the same error message, as the
// reference reader (Qt's parser alone). Inputs: every file in the repository's test data, fuzz
// regressions, seeds and examples (and the shared engine fixtures where they are), a list of
// the quirks where two JSON parsers can differ, and generated documents with everything a
// document may hold, each also mangled byte by byte. And the writer's fast spelling of numbers
// against Qt's.

#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "hitsmithreading.h"
#include "jsonsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRandomGenerator>
#include <QTest>

#include <cmath>
#include <cstring>

using namespace hitsmith;

namespace {

/// What the format sniffer decided from Qt's parse alone: a native document unless the text is a
/// JSON object whose "format" is something else (then the other formats' marks decide).
bool qtSniffsNative(const QByteArray &bytes) {
    QString error;
    const std::optional<QJsonDocument> parsed = json::parse(bytes, &error);
    if (!parsed || !parsed->isObject())
        return true; // the native reader reports the parse error
    return parsed->object().value(QStringLiteral("format")) ==
           QJsonValue(QStringLiteral("hitsmith"));
}

/// Empty when both readers agree on bytes, and the quick sniff says "native" only where Qt's
/// parse does; else what differs.
QString difference(const QByteArray &bytes) {
    if (native::saysItIsHitsmith(bytes) && !qtSniffsNative(bytes))
        return QStringLiteral("sniffed as a native document, which it is not");
    const ReadResult fast = HitsmithFormat::parse(bytes);
    const ReadResult reference = HitsmithFormat::parseWithQt(bytes);
    if (fast.error != reference.error)
        return QStringLiteral("error \"%1\", reference \"%2\"").arg(fast.error, reference.error);
    if (fast.isOk() != reference.isOk())
        return QStringLiteral("one reader gave a document");
    if (!fast.isOk())
        return {};
    if (!(*fast.document == *reference.document)) {
        QString where;
        const DocumentData &a = *fast.document, &b = *reference.document;
        if (a.sprites.size() != b.sprites.size())
            return QStringLiteral("documents differ in sprite count");
        for (qsizetype s = 0; s < a.sprites.size(); ++s) {
            if (a.sprites[s] == b.sprites[s])
                continue;
            const Sprite &x = a.sprites[s], &y = b.sprites[s];
            if (x.frames.size() != y.frames.size())
                return QStringLiteral("sprite %1 frame count").arg(s);
            for (qsizetype f = 0; f < x.frames.size(); ++f) {
                if (x.frames[f] == y.frames[f])
                    continue;
                const Frame &p = x.frames[f], &q = y.frames[f];
                if (p.shapes.size() != q.shapes.size())
                    return QStringLiteral("sprite %1 frame %2 shape count").arg(s).arg(f);
                for (qsizetype i = 0; i < p.shapes.size(); ++i)
                    if (!(p.shapes[i] == q.shapes[i]))
                        return QStringLiteral("sprite %1 frame %2 shape %3: %4 / %5 / %6 %7")
                            .arg(s)
                            .arg(f)
                            .arg(i)
                            .arg(p.shapes[i].layer, q.shapes[i].layer)
                            .arg(p.shapes[i].extra == q.shapes[i].extra)
                            .arg(p.shapes[i].properties == q.shapes[i].properties);
                return QStringLiteral("sprite %1 frame %2 own fields").arg(s).arg(f);
            }
            return QStringLiteral("sprite %1 own fields").arg(s);
        }
        return QStringLiteral("documents differ outside sprites");
    }
    // == counts 1 and 1.0 and keys in any order alike; the written file does not.
    const QByteArray a = HitsmithFormat::serialize(*fast.document);
    const QByteArray b = HitsmithFormat::serialize(*reference.document);
    if (a != b)
        return QStringLiteral("writes differ:\n%1\nreference:\n%2")
            .arg(QString::fromUtf8(a), QString::fromUtf8(b));
    return {};
}

bool readQuickly(const QByteArray &bytes) {
    return native::readDocumentQuickly(bytes).has_value();
}

QByteArray document(const QByteArray &shape, const QByteArray &extra = "1") {
    return R"({"format": "hitsmith", "version": 1, "sprites": [{"name": "s", "frames": [)"
           R"({"name": "f", "shapes": [)" +
           shape + R"(]}]}], "x": )" + extra + "}";
}

/// Generates document text with every kind of field, spelled in many ways.
class Generator {
public:
    explicit Generator(quint32 seed)
        : mRandom(seed) {}

    QByteArray document() {
        QList<QByteArray> members = {R"("format": "hitsmith")",
                                     R"("version": )" + pick({"1", "1.0", "1e0"})};
        if (chance(3))
            members << R"("collide": [["hitbox", "hurtbox"], ["a", "b"]])";
        if (chance(3))
            members << R"("layers": [{"name": "hitbox", "color": "#e04040", "visible": false)" +
                           extraMember() + "}]";
        QList<QByteArray> sprites;
        for (int s = 0, n = 1 + int(mRandom.bounded(3)); s < n; ++s)
            sprites << sprite(s);
        members << R"("sprites": [)" + sprites.join(", ") + "]";
        if (chance(3))
            members << R"("versus": [{"attacker": "s0/f0", "defender": "s0/f0", "dx": 12.5, )"
                       R"("facing": "same", "layers": [["hitbox", "hurtbox"]], )"
                       R"("defender_document": "../rival/other.json")" +
                           extraMember() + "}]";
        if (chance(2))
            members << R"("unknown": )" + value(0);
        return object(members);
    }

    /// A few characters of the text changed, inserted or removed.
    QByteArray mangled(QByteArray text) {
        static const QByteArray pieces[] = {"\"",
                                            ",",
                                            "}",
                                            "]",
                                            "{",
                                            "[",
                                            "0",
                                            "-",
                                            "e",
                                            ".",
                                            " ",
                                            "n",
                                            "\\",
                                            ":",
                                            "1e999",
                                            "1e-999",
                                            "-0",
                                            "\xEF\xBB\xBF",
                                            "\xFF",
                                            "\xC3",
                                            "null",
                                            "\t",
                                            "\"id\": \"x\", "};
        for (int edits = 1 + int(mRandom.bounded(2)); edits > 0 && !text.isEmpty(); --edits) {
            const qsizetype at = qsizetype(mRandom.bounded(quint32(text.size())));
            switch (mRandom.bounded(3)) {
            case 0:
                text.remove(at, 1 + qsizetype(mRandom.bounded(4)));
                break;
            case 1:
                text.insert(at, pieces[mRandom.bounded(quint32(std::size(pieces)))]);
                break;
            default:
                text.replace(at, 1, pieces[mRandom.bounded(quint32(std::size(pieces)))]);
            }
        }
        return text;
    }

private:
    bool chance(int oneIn) { return mRandom.bounded(oneIn) == 0; }
    QByteArray pick(std::initializer_list<const char *> choices) {
        return *(choices.begin() + mRandom.bounded(int(choices.size())));
    }
    QByteArray object(QList<QByteArray> members) {
        // Key order as it comes: the writer's order, or shuffled.
        if (chance(3))
            for (qsizetype i = members.size() - 1; i > 0; --i)
                members.swapItemsAt(i, qsizetype(mRandom.bounded(quint32(i + 1))));
        return "{" + members.join(chance(2) ? ", " : ",\n  ") + "}";
    }
    QByteArray number() {
        return pick({"0", "1", "-3", "12.5", "0.1", "1e2", "1E-3", "-7.25", "64", "1e18",
                     "123456789012", "3.0", "9007199254740993", "2.5e-5", "-0.5", "0.000001"});
    }
    QByteArray string() {
        return pick({R"("a")", R"("hitbox")", R"("\u00e9t\u00e9")", "\"\xC3\xA9t\xC3\xA9\"",
                     R"("tab\there")", R"("\"q\"")", R"("\ud83d\ude00")", "\"\xF0\x9F\x98\x80\"",
                     R"("\/")", R"("")", "\"\xE2\x82\xAC\""});
    }
    QByteArray value(int depth) {
        switch (mRandom.bounded(depth > 2 ? 5 : 7)) {
        case 0:
            return number();
        case 1:
            return string();
        case 2:
            return pick({"true", "false"});
        case 3:
            return "null";
        case 4:
            return number();
        case 5: {
            QList<QByteArray> items;
            for (int i = 0, n = int(mRandom.bounded(4)); i < n; ++i)
                items << value(depth + 1);
            return "[" + items.join(", ") + "]";
        }
        default: {
            QList<QByteArray> members;
            for (int i = 0, n = int(mRandom.bounded(4)); i < n; ++i)
                members << "\"k" + QByteArray::number(i) + "\": " + value(depth + 1);
            return "{" + members.join(", ") + "}";
        }
        }
    }
    QByteArray extraMember() { return chance(3) ? ", \"more\": " + value(1) : QByteArray(); }
    QByteArray point() { return "[" + number() + ", " + number() + "]"; }
    QByteArray properties() {
        return R"({"damage": )" + number() + R"(, "kind": )" + string() + R"(, "on": true})";
    }
    QByteArray shape(int i) {
        QList<QByteArray> members = {R"("id": "s)" + QByteArray::number(i) + "\""};
        if (!chance(4))
            members << R"("layer": )" + pick({R"("hitbox")", R"("hurtbox")", "null"});
        switch (mRandom.bounded(4)) {
        case 3: // a capsule: two ends, sometimes one or three (an error both readers must name)
            members << R"("type": "capsule")";
            if (!chance(8))
                members << R"("ends": [)" + point() + ", " + point() +
                               (chance(10) ? ", " + point() : QByteArray()) + "]";
            if (!chance(8))
                members << R"("radius": )" + number();
            break;
        case 0: {
            members << R"("type": "polygon")";
            QList<QByteArray> points;
            for (int p = 0, n = 3 + int(mRandom.bounded(4)); p < n; ++p)
                points << point();
            members << R"("points": [)" + points.join(", ") + "]";
            if (chance(5))
                members << R"("radius": 3)"; // another type's field: kept as unknown
            break;
        }
        case 1:
            members << R"("type": "rect")"
                    << R"("center": )" + point() << R"("size": )" + point();
            if (chance(2))
                members << R"("angle": )" + pick({"30", "null", "-12.5", "0"});
            break;
        default:
            members << R"("type": "circle")"
                    << R"("center": )" + point() << R"("radius": )" + number();
            if (chance(5))
                members << R"("angle": 45)";
        }
        if (chance(4))
            members << R"("properties": )" + (chance(6) ? QByteArray("null") : properties());
        if (chance(5))
            members << R"("note": )" + value(1);
        return object(members);
    }
    QByteArray frame(int f) {
        QList<QByteArray> members = {R"("name": "f)" + QByteArray::number(f) + "\""};
        if (chance(2))
            members << R"("source": [0, 0, 16, 16])";
        if (chance(2))
            members << R"("origin": )" + point();
        if (chance(3))
            members << R"("duration": )" + pick({"100", "16", "100.0"});
        if (chance(4))
            members << R"("properties": )" + properties();
        if (!chance(5)) {
            QList<QByteArray> shapes;
            for (int s = 0, n = int(mRandom.bounded(6)); s < n; ++s)
                shapes << shape(s);
            members << R"("shapes": [)" + shapes.join(", ") + "]";
        } else if (chance(2)) {
            members << R"("shapes": null)";
        }
        if (chance(4))
            members << R"("tag": )" + value(1);
        return object(members);
    }
    QByteArray sprite(int s) {
        QList<QByteArray> members = {R"("name": "s)" + QByteArray::number(s) + "\""};
        if (chance(2))
            members << R"("image": "art/knight.png")";
        if (chance(3))
            members << R"("flip": "horizontal")";
        if (chance(3))
            members << R"("duration": 80)";
        QList<QByteArray> frames;
        for (int f = 0, n = int(mRandom.bounded(4)); f < n; ++f)
            frames << frame(f);
        members << R"("frames": [)" + frames.join(", ") + "]";
        if (chance(4))
            members << R"("meta": )" + value(1);
        return object(members);
    }

    QRandomGenerator mRandom;
};

} // namespace

class TestFastReader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyJsonFileInTheRepository();
    void quirks_data();
    void quirks();
    void documentsOtherProgramsWrote_data();
    void documentsOtherProgramsWrote();
    void generatedDocumentsAndTheirManglings();
    void numbersAreWrittenAsQtWritesThem();
    void capsulesRoundTrip();
    void sniffing_data();
    void sniffing();
};

void TestFastReader::everyJsonFileInTheRepository() {
    const QString source = qEnvironmentVariable("HITSMITH_SOURCE_DIR");
    QVERIFY(!source.isEmpty());
    int files = 0, quick = 0, sniffed = 0, readAlone = 0;
    QStringList folders = {source + QStringLiteral("/tests/data"),
                           source + QStringLiteral("/examples"),
                           source + QStringLiteral("/tests/fuzz/seeds")};
    // The engines' own files beside the repository, where they are (CI has them).
    const QString shared = qEnvironmentVariable("HITSMITH_SHARED_FIXTURES");
    if (!shared.isEmpty() && QDir(shared).exists())
        folders.append(shared);
    for (const QString &folder : std::as_const(folders)) {
        QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            const QString problem = difference(bytes);
            QVERIFY2(problem.isEmpty(),
                     qPrintable(file.fileName() + QStringLiteral(": ") + problem));
            ++files;
            quick += readQuickly(bytes);
            sniffed += native::saysItIsHitsmith(bytes);
            // What the editor opens a .json file with before telling its format: readFrom's
            // document, or nothing.
            if (const auto document = HitsmithFormat::readQuickly(bytes, file.fileName())) {
                const ReadResult read = HitsmithFormat().readFrom(bytes, file.fileName());
                QVERIFY2(read.isOk() && *read.document == *document, qPrintable(file.fileName()));
                ++readAlone;
            }
        }
    }
    QVERIFY(files > 10);
    QVERIFY(quick > 0);        // the examples take the fast path
    QVERIFY(sniffed >= quick); // and are known as native documents without Qt's parse
    QCOMPARE(readAlone, quick);
}

void TestFastReader::quirks_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("quick"); // whether the fast path must read it itself
    const QByteArray circle = R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 3})";
    QTest::newRow("plain") << document(circle) << true;
    // Numbers. Every spelling other writers use must stay on the fast path (Python's json.dump
    // writes 0.0 and 5.0, JSON.stringify -0 as 0, C's printf 1E-07): a number the reference
    // reads must be read here too, not handed back. Only these may leave it: literals Qt refuses
    // (underflow, overflow, not JSON) and integers past 64 bits, which simdjson refuses whole.
    const QList<QByteArray> mayLeave = {
        "18446744073709551616",
        "100000000000000000000000",
        "0."
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000001",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "1e-999",
        "1e999",
        "-1e999",
        "1e-400",
        "2e-324",
        "2.4703282292062327e-324",
        "0."
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        "00000000000000000000000000000000000000000000000000005e-10",
        "01",
        "1.",
        ".5",
        "+1",
        "-",
        "1e",
        "0x10",
        "NaN",
        "Infinity",
        "-Infinity"};
    for (const char *n :
         {"0",
          "-0",
          "0.0",
          "-0.0",
          "0e5",
          "-0E-5",
          "0.000",
          "5.0",
          "1e2",
          "1E-7",
          "1E-07",
          "1.5E+3",
          "-1e-320",
          "1e-300",
          "1e-400",
          "2e-324",
          "2.4703282292062328e-324",
          "2.4703282292062327e-324",
          "0."
          "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "000000000000000000000000000000000000000000000000000000000000001",
          "0."
          "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
          "00000000000000000000000000000000000000000000000000000000005e-10",
          "100000000000000000000000",
          "0.00001",
          "1.0",
          "1e18",
          "1e19",
          "1E2",
          "0.1",
          "9223372036854775807",
          "9223372036854775808",
          "-9223372036854775808",
          "-9223372036854775809",
          "18446744073709551615",
          "18446744073709551616",
          "123456789012345678901234567890",
          "1e-999",
          "1e999",
          "-1e999",
          "4.9e-324",
          "2.2250738585072014e-308",
          "1.7976931348623157e308",
          "9007199254740993",
          "9007199254740993.0",
          "0.30000000000000004",
          "01",
          "1.",
          ".5",
          "+1",
          "-",
          "1e",
          "0x10",
          "NaN",
          "Infinity",
          "-Infinity"}) {
        const bool quick = !mayLeave.contains(QByteArray(n));
        QTest::newRow(qPrintable(QStringLiteral("unknown field %1").arg(n)))
            << document(circle, n) << quick;
        QTest::newRow(qPrintable(QStringLiteral("center %1").arg(n)))
            << document(R"({"id": "c", "type": "circle", "center": [)" + QByteArray(n) +
                        R"(, 2], "radius": 3})")
            << quick;
        QTest::newRow(qPrintable(QStringLiteral("property %1").arg(n)))
            << document(R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 3, )"
                        R"("properties": {"p": )" +
                        QByteArray(n) + "}}")
            << quick;
    }
    // Strings and text.
    for (const char *s : {"\"\\uffff\"",
                          "\"\xEF\xBF\xBF\"",
                          "\"\xEF\xB7\x90\"",
                          "\"\\ud800\"",
                          "\"\\udc00\"",
                          "\"\\ud800x\"",
                          "\"\\ud83d\\ude00\"",
                          "\"\\u0000\"",
                          "\"\xEF\xBB\xBF\"",
                          "\"a\xEF\xBB\xBF\"",
                          "\"\\ufeff\"",
                          "\"\t\"",
                          "\"\n\"",
                          "\"\x01\"",
                          "\"\\x15\"",
                          "\"\\017\"",
                          "\"\xC0\xAF\"",
                          "\"\xED\xA0\x80\"",
                          "\"\xF4\x90\x80\x80\"",
                          "\"\xFF\"",
                          "\"\\u00\"",
                          "\"\\\"",
                          "'a'",
                          "\"\xF0\x9F\xBF\xBF\""}) {
        QTest::newRow(qPrintable(QStringLiteral("string %1").arg(QString::fromLatin1(s))))
            << document(R"({"id": )" + QByteArray(s) +
                        R"(, "type": "circle", "center": [1, 2], "radius": 3})")
            << false;
        QTest::newRow(qPrintable(QStringLiteral("key %1").arg(QString::fromLatin1(s))))
            << document(circle, "{" + QByteArray(s) + ": 1}") << false;
    }
    // Structure.
    QTest::newRow("duplicate shape id") << document(R"({"id": "a", "id": "b", "type": "circle", )"
                                                    R"("center": [1, 2], "radius": 3})")
                                        << false;
    QTest::newRow("duplicate unknown key")
        << document(
               R"({"id": "a", "q": 1, "q": 2, "type": "circle", "center": [1, 2], "radius": 3})")
        << false;
    QTest::newRow("duplicate in extra") << document(circle, R"({"a": 1, "a": 2})") << false;
    QTest::newRow("duplicate sprites") << QByteArray(R"({"format": "hitsmith", "version": 1, )"
                                                     R"("sprites": [], "sprites": []})")
                                       << false;
    QTest::newRow("duplicate shapes")
        << QByteArray(R"({"format": "hitsmith", "version": 1, "sprites": [{"name": "s", )"
                      R"("frames": [{"name": "f", "shapes": [], "shapes": []}]}]})")
        << false;
    QTest::newRow("shapes null")
        << QByteArray(R"({"format": "hitsmith", "version": 1, "sprites": [{"name": "s", )"
                      R"("frames": [{"name": "f", "shapes": null}]}]})")
        << true;
    QTest::newRow("frames null") << QByteArray(R"({"format": "hitsmith", "version": 1, )"
                                               R"("sprites": [{"name": "s", "frames": null}]})")
                                 << false;
    // A frame's own fields, read by the fast path itself.
    const auto frameWith = [](const QByteArray &fields) {
        return QByteArray(R"({"format": "hitsmith", "version": 1, "sprites": [{"name": "s", )"
                          R"("frames": [{)") +
               fields + "}]}]}";
    };
    QTest::newRow("frame fields") << frameWith(R"("name": "f", "source": [0, 16, 32.5, 48], )"
                                               R"("origin": [8, -2.25], "duration": 83, )"
                                               R"("motion": [3.5, 0], "properties": )"
                                               R"({"cancel": true, "hitstop": 4, "sfx": "a"})")
                                  << true;
    QTest::newRow("frame fields null")
        << frameWith(R"("name": "f", "source": null, "origin": null, "duration": null, )"
                     R"("motion": null, "properties": null, "shapes": null, "tag": null)")
        << true;
    QTest::newRow("frame name null") << frameWith(R"("name": null, "shapes": [])") << false;
    QTest::newRow("frame name missing") << frameWith(R"("shapes": [])") << false;
    QTest::newRow("frame name twice") << frameWith(R"("name": "a", "name": "b")") << false;
    QTest::newRow("frame unknown twice")
        << frameWith(R"("name": "a", "t": 1, "\u0074": 2)") << false;
    QTest::newRow("frame escaped key")
        << frameWith(R"("n\u0061me": "a", "sh\u0061pes": [])") << true;
    QTest::newRow("source of three") << frameWith(R"("name": "f", "source": [0, 0, 16])") << false;
    QTest::newRow("source of five")
        << frameWith(R"("name": "f", "source": [0, 0, 16, 16, 1])") << false;
    QTest::newRow("source of a string")
        << frameWith(R"("name": "f", "source": [0, 0, 16, "a"])") << false;
    for (const char *d : {"0", "-5", "2.5", "1e10", "\"80\"", "true", "100.0", "1e2"})
        QTest::newRow(qPrintable(QStringLiteral("frame duration %1").arg(QLatin1String(d))))
            << frameWith(QByteArray(R"("name": "f", "duration": )") + d)
            << (QByteArray(d) == "100.0" || QByteArray(d) == "1e2");
    QTest::newRow("motion of three") << frameWith(R"("name": "f", "motion": [1, 2, 3])") << false;
    QTest::newRow("frame property empty name")
        << frameWith(R"("name": "f", "properties": {"": 1})") << false;
    QTest::newRow("frame property list")
        << frameWith(R"("name": "f", "properties": {"a": [1]})") << false;
    QTest::newRow("shapes not a list") << frameWith(R"("name": "f", "shapes": {})") << false;
    QTest::newRow("ids repeat across frames")
        << QByteArray(R"({"format": "hitsmith", "version": 1, "sprites": [{"name": "s", )"
                      R"("frames": [{"name": "1", "shapes": [)"
                      R"({"id": "a", "type": "point", "position": [1, 2]}, )"
                      R"({"id": "b", "layer": "x", "type": "point", "position": [1, 2]}]}, )"
                      R"({"name": "1", "shapes": [)"
                      R"({"id": "b", "layer": "y", "type": "point", "position": [1, 2]}, )"
                      R"({"id": "a", "layer": "x", "type": "point", "position": [1, 2]}]}]}]})")
        << true;
    QTest::newRow("sprites missing")
        << QByteArray(R"({"format": "hitsmith", "version": 1})") << false;
    QTest::newRow("circle with angle, rect with radius null")
        << document(
               R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 3, "angle": 4}, )"
               R"({"id": "r", "type": "rect", "center": [1, 2], "size": [3, 4], "radius": null})")
        << true;
    QTest::newRow("layer null, properties null")
        << document(
               R"({"id": "c", "layer": null, "type": "circle", "center": [1, 2], "radius": 3, )"
               R"("properties": null})")
        << true;
    QTest::newRow("properties not an object")
        << document(R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 3, )"
                    R"("properties": [1]})")
        << false;
    QTest::newRow("property name empty")
        << document(R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 3, )"
                    R"("properties": {"": 1}})")
        << false;
    QTest::newRow("point of three")
        << document(R"({"id": "c", "type": "circle", "center": [1, 2, 3], "radius": 3})") << false;
    QTest::newRow("unknown type") << document(R"({"id": "c", "type": "blob"})") << false;
    QTest::newRow("deep extra 150")
        << document(circle, QByteArray(150, '[') + QByteArray(150, ']')) << true;
    for (int depth : {300, 1023, 1024, 1025, 5000})
        QTest::newRow(qPrintable(QStringLiteral("deep extra %1").arg(depth)))
            << document(circle, QByteArray(depth, '[') + QByteArray(depth, ']')) << false;
    QTest::newRow("bom") << "\xEF\xBB\xBF" + document(circle) << true;
    QTest::newRow("two boms") << "\xEF\xBB\xBF\xEF\xBB\xBF" + document(circle) << false;
    QTest::newRow("bom after space") << " \xEF\xBB\xBF" + document(circle) << false;
    QTest::newRow("trailing garbage") << document(circle) + "x" << false;
    QTest::newRow("two documents") << document(circle) + document(circle) << false;
    QTest::newRow("trailing whitespace") << document(circle) + " \n\t\r" << true;
    QTest::newRow("nul inside") << document(circle).replace("\"c\"", QByteArray("\"c\0\"", 4))
                                << false;
    QTest::newRow("nul after") << document(circle) + QByteArray(1, '\0') << false;
    QTest::newRow("empty") << QByteArray() << false;
    QTest::newRow("spaces") << QByteArray(" \n ") << false;
    QTest::newRow("array at the top") << QByteArray("[1]") << false;
    QTest::newRow("number at the top") << QByteArray("1") << false;
    QTest::newRow("truncated") << document(circle).chopped(7) << false;
    QTest::newRow("version 2") << document(circle).replace("\"version\": 1", "\"version\": 2")
                               << false;
    QTest::newRow("not hitsmith") << document(circle).replace("\"hitsmith\"", "\"hitsmyth\"")
                                  << false;
}

void TestFastReader::quirks() {
    QFETCH(QByteArray, bytes);
    QFETCH(bool, quick);
    const QString problem = difference(bytes);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    if (quick) { // must not cost the slow path, nor Qt's parse to sniff
        QVERIFY(readQuickly(bytes));
        QVERIFY(native::saysItIsHitsmith(bytes));
    }
}

void TestFastReader::documentsOtherProgramsWrote_data() {
    // Written by CPython's json.dump and Node's JSON.stringify (tests/data/foreign-writers/
    // make.py): 0.0, -0.0, 12.0, 1e-05, \u00e9 escapes, indents, sorted keys. Each must take the
    // fast path, read as the reference reads it: a document leaving it opens several times slower.
    QTest::addColumn<QString>("path");
    const QString source = qEnvironmentVariable("HITSMITH_SOURCE_DIR");
    QVERIFY(!source.isEmpty());
    const QDir folder(source + QStringLiteral("/tests/data/foreign-writers"));
    const QStringList names = folder.entryList({QStringLiteral("*.json")}, QDir::Files);
    QVERIFY(names.size() >= 5);
    for (const QString &name : names)
        QTest::newRow(qPrintable(name)) << folder.filePath(name);
}

void TestFastReader::documentsOtherProgramsWrote() {
    QFETCH(QString, path);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const QString problem = difference(bytes);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QVERIFY2(readQuickly(bytes), "left the fast path");
    QVERIFY(native::saysItIsHitsmith(bytes));
    const auto document = HitsmithFormat::readQuickly(bytes, path);
    QVERIFY(document);
    QCOMPARE(document->sprites.size(), 1);
    QCOMPARE(document->sprites[0].frames.size(), 2);
    QCOMPARE(document->sprites[0].name, QStringLiteral("h\u00e9ros/attaque"));
    const auto &shapes = document->sprites[0].frames[0].shapes;
    QCOMPARE(shapes.size(), 5);
    QCOMPARE(shapes[0].angle, 0.0);
    QVERIFY(!std::signbit(shapes[3].angle)); // -0.0 reads as Qt reads it: 0
}

void TestFastReader::generatedDocumentsAndTheirManglings() {
    Generator generator(31);
    int quick = 0, mangledReadable = 0;
    for (int i = 0; i < 300; ++i) {
        const QByteArray text = generator.document();
        QString problem = difference(text);
        QVERIFY2(problem.isEmpty(), qPrintable(problem + QStringLiteral("\nin:\n") + text));
        quick += readQuickly(text);
        for (int m = 0; m < 20; ++m) {
            const QByteArray mangled = generator.mangled(text);
            problem = difference(mangled);
            QVERIFY2(problem.isEmpty(), qPrintable(problem + QStringLiteral("\nin:\n") + mangled));
            mangledReadable += HitsmithFormat::parse(mangled).isOk();
        }
    }
    // The generator makes valid documents (some with numbers the fast path leaves to Qt), and
    // some manglings still read: both paths are compared on documents, not only on errors.
    QVERIFY2(quick > 150, qPrintable(QString::number(quick)));
    QVERIFY2(mangledReadable > 100, qPrintable(QString::number(mangledReadable)));
}

void TestFastReader::capsulesRoundTrip() {
    // Capsules written by the native writer come back equal from both readers (issue 43): ends
    // in order, radius exact, layer kept; next to the other kinds, with awkward numbers.
    Frame frame;
    frame.name = QStringLiteral("swing");
    frame.shapes << Shape::capsule(QStringLiteral("blade"), {0.1, -2.5}, {40.75, 3e-7}, 2.5,
                                   QStringLiteral("hitbox"))
                 << Shape::capsule(QStringLiteral("dot"), {7, 7}, {7, 7}, 1e-3) // ends equal
                 << Shape::circle(QStringLiteral("head"), {1, 2}, 3)
                 << Shape::capsule(QStringLiteral("far"), {-1e14, 123456789.125},
                                   {1.0 / 3.0, 2.0 / 3.0}, 1e14);
    Sprite sprite{QStringLiteral("knight"), {}, {}, {}, {}, {}};
    sprite.frames << frame;
    DocumentData data;
    data.sprites << sprite;
    const QByteArray bytes = HitsmithFormat::serialize(data);
    QVERIFY2(bytes.contains(R"("ends")") && bytes.contains(R"("capsule")"), bytes.constData());
    const ReadResult fast = HitsmithFormat::parse(bytes);
    const ReadResult reference = HitsmithFormat::parseWithQt(bytes);
    QVERIFY2(fast.isOk(), qPrintable(fast.error));
    QVERIFY2(reference.isOk(), qPrintable(reference.error));
    QVERIFY(readQuickly(bytes)); // the fast path reads capsules itself
    const Frame &a = fast.document->sprites.at(0).frames.at(0);
    const Frame &b = reference.document->sprites.at(0).frames.at(0);
    QCOMPARE(a.shapes.size(), frame.shapes.size());
    for (qsizetype i = 0; i < frame.shapes.size(); ++i) {
        QCOMPARE(a.shapes[i].type, frame.shapes[i].type);
        QCOMPARE(a.shapes[i].points, frame.shapes[i].points);
        QCOMPARE(a.shapes[i].radius, frame.shapes[i].radius);
        QCOMPARE(a.shapes[i].layer, frame.shapes[i].layer);
        QVERIFY(a.shapes[i] == frame.shapes[i]);
        QVERIFY(b.shapes[i] == frame.shapes[i]);
    }
    QVERIFY(*fast.document == *reference.document);
    QCOMPARE(HitsmithFormat::serialize(*fast.document), bytes); // and writes back the same
}

void TestFastReader::numbersAreWrittenAsQtWritesThem() {
    // json::number spells most numbers without Qt: the writer's spelling must not change.
    QRandomGenerator random(31);
    int checked = 0;
    const auto check = [&](double v) {
        if (!std::isfinite(v))
            return true;
        ++checked;
        const QString expected =
            v == 0 ? QStringLiteral("0") : QString::number(v, 'g', QLocale::FloatingPointShortest);
        return json::number(v) == expected;
    };
    for (int e = -330; e <= 308; ++e)
        for (double m : {1.0, 1.5, 2.0, 9.99, 1.234567, 7.0 / 3})
            for (double sign : {1.0, -1.0})
                QVERIFY2(check(sign * m * std::pow(10.0, e)), qPrintable(QString::number(e)));
    for (int i = 0; i < 200000; ++i) {
        const quint64 bits = random.generate64();
        double v;
        std::memcpy(&v, &bits, sizeof v);
        QVERIFY2(check(v), qPrintable(QString::number(v, 'g', 17)));
        const double pixel = random.bounded(10000.0) - 5000.0;
        for (double q : {pixel, std::round(pixel), std::round(pixel * 4) / 4, pixel * 1e10})
            QVERIFY2(check(q), qPrintable(QString::number(q, 'g', 17)));
    }
    for (int i = -100000; i <= 100000; ++i)
        QVERIFY(check(i));
    for (double v : {1e15, 1e15 - 1, 1e15 + 1, 999999999999999.9, 1e16, 1e21, 1e22, 5e-324, 1e-5,
                     1e-4, 0.00012345, 1e5, 123456.0, -0.0})
        QVERIFY2(check(v), qPrintable(QString::number(v, 'g', 17)));
    QVERIFY(checked > 1000000);
}

void TestFastReader::sniffing_data() {
    // Whether the quick sniff knows a native document as one (false: Qt's parse decides).
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("native");
    const QByteArray circle = R"({"id": "c", "type": "circle", "center": [1, 2], "radius": 3})";
    QTest::newRow("document") << document(circle) << true;
    QTest::newRow("bom") << "\xEF\xBB\xBF" + document(circle) << true;
    QTest::newRow("format last") << QByteArray(
                                        R"({"version": 1, "sprites": [], "format": "hitsmith"})")
                                 << true;
    QTest::newRow("escaped") << QByteArray(R"({"form\u0061t": "hitsm\u0069th", "sprites": []})")
                             << true;
    QTest::newRow("escaped twice")
        << QByteArray(R"({"format": "hitsmith", "form\u0061t": "tiled", "tiles": []})") << false;
    QTest::newRow("quote in a string")
        << QByteArray(
               R"({"name": "a \"format\": \"x\\\\", "format": "hitsmith", "v": [{"}": "]"}]})")
        << true;
    QTest::newRow("braces in strings")
        << QByteArray(R"({"sprites": [{"name": "{[", "x": "]}\\"}], "format": "hitsmith"})")
        << true;
    QTest::newRow("format twice")
        << QByteArray(R"({"format": "hitsmith", "sprites": [], "format": "hitsmith"})") << false;
    QTest::newRow("another format after")
        << QByteArray(R"({"format": "hitsmith", "type": "tileset", "format": "tiled"})") << false;
    QTest::newRow("nested only") << QByteArray(
                                        R"({"type": "tileset", "tiles": [{"format": "hitsmith"}]})")
                                 << false;
    QTest::newRow("another name") << QByteArray(R"({"format": "hitsmith2", "tiles": []})") << false;
    QTest::newRow("not a string") << QByteArray(R"({"format": ["hitsmith"], "tiles": []})")
                                  << false;
    QTest::newRow("array") << QByteArray(R"([{"format": "hitsmith"}])") << false;
    QTest::newRow("spine") << QByteArray(R"({"skeleton": {}, "bones": []})") << false;
    QTest::newRow("empty") << QByteArray() << false;
}

void TestFastReader::sniffing() {
    QFETCH(QByteArray, bytes);
    QFETCH(bool, native);
    QCOMPARE(native::saysItIsHitsmith(bytes), native);
    QVERIFY(!native::saysItIsHitsmith(bytes) || qtSniffsNative(bytes));
    // The sniffer itself: what it said before, without Qt's parse for a native document.
    const FileFormat *guessed = guessReadFormat(QStringLiteral("x.json"), bytes);
    QVERIFY(guessed);
    QCOMPARE(guessed->name() == QLatin1String("hitsmith"), qtSniffsNative(bytes) || native);
}

QTEST_GUILESS_MAIN(TestFastReader)
#include "tst_model_fastreader.moc"
