// Aseprite sprite-sheet JSON: both layouts, frame order as written, slice keys over frames,
// trimmed frames, the real-world sheet, and malformed input.

#include "formattestsupport.h"
#include "testsupport.h"

#include "asepriteformat.h"

using namespace hitsmith;
using namespace formattest;

class TestAsepriteFormat : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void hashAndArrayLayouts_data();
    void hashAndArrayLayouts();
    void keysInFileOrder();
    void cannotWrite();
    void beetleFixture();
    void olderAndNewerExporterLayouts();
    void malformed_data();
    void malformed();
    void truncationsNeverHalfLoad();
};

void TestAsepriteFormat::hashAndArrayLayouts_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("hash") << QStringLiteral("formats/aseprite_hash.json");
    QTest::newRow("array") << QStringLiteral("formats/aseprite_array.json");
}

void TestAsepriteFormat::hashAndArrayLayouts() {
    QFETCH(QString, file);
    const QString path = testData(file);
    const ReadResult result =
        format("aseprite")->read(readBytes(path), {path, QFileInfo(path).absolutePath()});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QCOMPARE(result.document->sprites.size(), 1);
    const Sprite &sprite = result.document->sprites[0];
    QCOMPARE(sprite.name, QStringLiteral("hero"));
    QCOMPARE(sprite.image, QStringLiteral("hero.png"));
    // Frames in the order Aseprite wrote them (not "hero 1", "hero 10", "hero 2").
    QCOMPARE(sprite.frames.size(), 3);
    QCOMPARE(sprite.frames[0].name, QStringLiteral("hero 2.ase"));
    QCOMPARE(sprite.frames[1].name, QStringLiteral("hero 10.ase"));
    QCOMPARE(sprite.frames[2].name, QStringLiteral("hero 1.ase"));
    QCOMPARE(sprite.frames[1].source, QRectF(32, 0, 24, 30));
    // Frame durations in milliseconds, as Aseprite wrote them.
    QCOMPARE(sprite.frames[0].duration, std::optional<int>(100));
    QCOMPARE(sprite.frames[1].duration, std::optional<int>(80));
    QCOMPARE(sprite.frames[2].duration, std::optional<int>(150));
    // "hurt" has one key at frame 0: it holds on every frame.
    // "swing": keys at frames 2, 1 and 0 (any order); the empty key hides it on frame 0.
    QCOMPARE(sprite.frames[0].shapes.size(), 1);
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("hurt"), {16, 17}, {16, 26}),
                            sprite.frames[0].shapes[0], 0)
                .isEmpty());
    // Frame 1 is trimmed by (4, 2): its slices move into the trimmed cell. Its "swing" key has
    // a pivot (0, 0): a point "swing-pivot" at the bounds' corner (issue 30).
    QCOMPARE(sprite.frames[1].shapes.size(), 3);
    QCOMPARE(sprite.frames[1].shapes[2], Shape::point(QStringLiteral("swing-pivot"), {18, 6}));
    QCOMPARE(sprite.frames[2].shapes.size(), 2); // its key has no pivot
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("hurt"), {12, 15}, {16, 26}),
                            sprite.frames[1].shapes[0], 0)
                .isEmpty());
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("swing"), {23, 8}, {10, 4}),
                            sprite.frames[1].shapes[1], 0)
                .isEmpty());
    QVERIFY(shapeDifference(Shape::rect(QStringLiteral("swing"), {26, 12.5}, {12, 5}),
                            sprite.frames[2].shapes[1], 0)
                .isEmpty());
    QCOMPARE(result.warnings.size(), 1);
    QVERIFY(result.warnings[0].contains(QStringLiteral("\"hero 10.ase\" is trimmed")));
}

void TestAsepriteFormat::keysInFileOrder() {
    const QByteArray nested =
        R"({"a":[1,{"frames":{"x":1}}],"frames":{"z\"q":{"frames":{}},"b":[],"a":"}"}})";
    const QStringList expected = {QStringLiteral("z\"q"), QStringLiteral("b"), QStringLiteral("a")};
    QCOMPARE(jsonMemberKeysInOrder(nested, QStringLiteral("frames")), expected);
    QCOMPARE(
        jsonMemberKeysInOrder("\xEF\xBB\xBF{\"frames\":{\"\\u00e9\":1}}", QStringLiteral("frames")),
        QStringList({QStringLiteral("\u00e9")}));
    // A U+FEFF starting a key is part of the name (Qt's parser alone drops it).
    QCOMPARE(jsonMemberKeysInOrder("{\"frames\":{\"\xEF\xBB\xBF"
                                   "b\":1,\"a\":2}}",
                                   QStringLiteral("frames")),
             QStringList({QString(QChar(0xFEFF)) + u'b', QStringLiteral("a")}));
    const QByteArray array = R"({"frames":[1,2]})";
    QVERIFY(jsonMemberKeysInOrder(array, QStringLiteral("frames")).isEmpty());
    const QByteArray truncated = R"({"frames":{"a":)";
    QVERIFY(jsonMemberKeysInOrder(truncated, QStringLiteral("frames")).size() <= 1);
}

void TestAsepriteFormat::cannotWrite() {
    QVERIFY(!(format("aseprite")->capabilities() & FileFormat::CanWrite));
    const WriteResult result = format("aseprite")->write(sampleDocument(), {}, {});
    QVERIFY(!result.isOk());
    QVERIFY(result.bytes.isEmpty());
}

void TestAsepriteFormat::beetleFixture() {
    const QString dir = sharedFixtures();
    if (dir.isEmpty())
        HITSMITH_SKIP_OR_FAIL(
            "HITSMITH_SHARED_FIXTURES is not set or the folder is absent: real-world fixtures "
            "not tested");
    const QString path = dir + QStringLiteral("/aseprite/excalibur_beetle_empty_slices.json");
    const ReadResult result =
        format("aseprite")->read(readBytes(path), {path, dir + QStringLiteral("/aseprite")});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    QVERIFY(result.warnings.isEmpty());
    const Sprite &sprite = result.document->sprites.value(0);
    QCOMPARE(sprite.name, QStringLiteral("beetle"));
    QCOMPARE(sprite.image, QStringLiteral("beetle.png"));
    QCOMPARE(sprite.frames.size(), 3);
    QCOMPARE(sprite.frames[0].name, QStringLiteral("beetle 0.aseprite"));
    QCOMPARE(sprite.frames[1].source, QRectF(64, 0, 64, 64));
    QCOMPARE(sprite.frames[2].source, QRectF(0, 64, 64, 64));
    for (const Frame &frame : sprite.frames)
        QVERIFY(frame.shapes.isEmpty()); // "slices": []
}

// Layouts of real exports the other fixtures lack (each file is ours, laid out as the exports):
// Aseprite 1.2.8's (http app URL, no "image", "frameTags" or "layers", each slice on one line)
// and 1.3.7's user data (a tag's "repeat" and "data", a layer group with "group" and "cels", a
// slice's "data", 9-slice "center" and "pivot"), which the reader reads past.
void TestAsepriteFormat::olderAndNewerExporterLayouts() {
    const QString older = testData(QStringLiteral("formats/aseprite_v128_array.json"));
    const ReadResult old =
        format("aseprite")->read(readBytes(older), {older, QFileInfo(older).absolutePath()});
    QVERIFY2(old.isOk(), qPrintable(old.error));
    QVERIFY2(old.warnings.isEmpty(), qPrintable(old.warnings.join(u'\n')));
    const Sprite &robot = old.document->sprites.value(0);
    QCOMPARE(robot.name, QStringLiteral("aseprite_v128_array")); // no meta.image: the file's
    QVERIFY(robot.image.isEmpty());
    QCOMPARE(robot.frames.size(), 2);
    QCOMPARE(robot.frames[1].name, QStringLiteral("robot 1.ase"));
    QCOMPARE(robot.frames[1].source, QRectF(32, 0, 32, 32));
    QCOMPARE(robot.frames[1].duration, std::optional<int>(120));
    QCOMPARE(robot.frames[0].shapes,
             QList<Shape>({Shape::rect(QStringLiteral("Hurt"), {15.5, 16}, {15, 24}, 0,
                                       QStringLiteral("default"))}));
    QCOMPARE(robot.frames[1].shapes,
             QList<Shape>({Shape::rect(QStringLiteral("Hurt"), {16, 15.5}, {26, 15}, 0,
                                       QStringLiteral("default"))}));

    const QString newer = testData(QStringLiteral("formats/aseprite_v137_userdata.json"));
    const ReadResult fresh =
        format("aseprite")->read(readBytes(newer), {newer, QFileInfo(newer).absolutePath()});
    QVERIFY2(fresh.isOk(), qPrintable(fresh.error));
    QCOMPARE(fresh.warnings.size(), 1); // frame 1 is trimmed
    const Sprite &knight = fresh.document->sprites.value(0);
    QCOMPARE(knight.name, QStringLiteral("knight"));
    QCOMPARE(knight.image, QStringLiteral("knight.png"));
    QCOMPARE(knight.frames.size(), 2);
    // The key of frame 0 holds on frame 1, moved by the trim offset (1, 4); the 9-slice centre
    // is not a shape, the pivot (8, 26) from the bounds' corner (8, 4) is a point (issue 30).
    QCOMPARE(knight.frames[0].shapes,
             QList<Shape>({Shape::rect(QStringLiteral("hurt"), {16, 17}, {16, 26}, 0,
                                       QStringLiteral("default")),
                           Shape::point(QStringLiteral("hurt-pivot"), {16, 30})}));
    QCOMPARE(knight.frames[1].shapes,
             QList<Shape>({Shape::rect(QStringLiteral("hurt"), {15, 13}, {16, 26}, 0,
                                       QStringLiteral("default")),
                           Shape::point(QStringLiteral("hurt-pivot"), {15, 26})}));
}

void TestAsepriteFormat::malformed_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    const QByteArray frame = R"("frame":{"x":0,"y":0,"w":8,"h":8})";
    QTest::newRow("empty") << QByteArray() << "file is empty";
    QTest::newRow("binary") << QByteArray("GIF89a\0\0\0", 9) << "not a text file";
    QTest::newRow("truncated") << QByteArray(R"({"frames":{"a":{)") << "line 1, column";
    QTest::newRow("not aseprite") << QByteArray(R"({"frames":{}})")
                                  << "not an Aseprite sprite sheet";
    QTest::newRow("wrong type")
        << QByteArray(R"({"frames":{"a b":{"frame":{"x":"0","y":0,"w":8,"h":8}}},"meta":{}})")
        << "frames.a b.frame.x: must be a number";
    QTest::newRow("NaN literal") << QByteArray(R"({"frames":[{"frame":{"x":NaN}}],"meta":{}})")
                                 << "line 1, column";
    QTest::newRow("huge") << QByteArray(
                                 R"({"frames":[{"frame":{"x":0,"y":0,"w":1e20,"h":8}}],"meta":{}})")
                          << "frames[0].frame.w: 1e+20 is out of range";
    QTest::newRow("slice key frame")
        << QByteArray(
               R"({"frames":[{)" + frame +
               R"(}],"meta":{"slices":[{"name":"s","keys":[{"frame":-1,"bounds":{"x":0,"y":0,"w":1,"h":1}}]}]}})")
        << "meta.slices[0].keys[0].frame: must be 0 or more";
    QTest::newRow("slice bounds")
        << QByteArray(
               R"({"frames":[{)" + frame +
               R"(}],"meta":{"slices":[{"name":"s","keys":[{"frame":0,"bounds":[0,0,1,1]}]}]}})")
        << "meta.slices[0].keys[0].bounds: must be an object";
    QTest::newRow("meta not object")
        << QByteArray(R"({"frames":[],"meta":3})") << "meta: must be an object";
}

void TestAsepriteFormat::malformed() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    const ReadResult result = format("aseprite")->read(bytes, {});
    QVERIFY(!result.isOk());
    QVERIFY2(result.error.contains(expected), qPrintable(result.error));
}

void TestAsepriteFormat::truncationsNeverHalfLoad() {
    checkTruncationsNeverHalfLoad(
        format("aseprite"), readBytes(testData(QStringLiteral("formats/aseprite_hash.json"))));
}

QTEST_GUILESS_MAIN(TestAsepriteFormat)
#include "tst_formats_aseprite.moc"
