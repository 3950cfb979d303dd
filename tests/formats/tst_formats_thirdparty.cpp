// Real files other people wrote (tests/data/third-party/, listed with their origin and licence in
// SOURCES.md), read by Hitsmith and by test oracles that share no code with it:
// tests/oracle/ikemen_air.py and tests/oracle/ikemen_sff.py, line-for-line Python ports of Ikemen
// GO's ReadAnimationTable (src/anim.go) and of its SFF header reading and sprite decoders
// (src/image.go). Every action's elements (sprite, offset, flips, ticks) and Clsn boxes, and
// every sprite's number, size, axis and decoded colours must agree.

#include "formattestsupport.h"
#include "testsupport.h"

#include "airelement.h"
#include "sff.h"

#include <QCryptographicHash>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

using namespace hitsmith;
using namespace formattest;

class TestThirdParty : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void airMatchesIkemen_data();
    void airMatchesIkemen();
    void sffMatchesIkemen_data();
    void sffMatchesIkemen();
    void sourcesListEveryFile();
};

namespace {

QString thirdParty(const QString &relative) {
    return testData(QStringLiteral("third-party/") + relative);
}

/// The oracle's JSON for a file, or an empty object with *error set.
QJsonObject runOracle(const QString &script, const QString &file, QString *error) {
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty()) {
        *error = QStringLiteral("python3 not found (scripts/setup.sh installs it)");
        return {};
    }
    QProcess process;
    process.start(
        python,
        {QDir(env("HITSMITH_SOURCE_DIR")).filePath(QStringLiteral("tests/oracle/") + script),
         file});
    if (!process.waitForFinished(120000) || process.exitCode() != 0) {
        *error = QStringLiteral("%1 failed: %2")
                     .arg(script, QString::fromUtf8(process.readAllStandardError()));
        return {};
    }
    const QJsonDocument document = QJsonDocument::fromJson(process.readAllStandardOutput());
    if (!document.isObject())
        *error = QStringLiteral("%1 wrote no JSON object").arg(script);
    return document.object();
}

/// l, t, r, b of a rectangle shape (the reader makes them from whole numbers: exact).
QList<int> boxOf(const Shape &shape) {
    return {int(shape.center.x() - shape.size.width() / 2),
            int(shape.center.y() - shape.size.height() / 2),
            int(shape.center.x() + shape.size.width() / 2),
            int(shape.center.y() + shape.size.height() / 2)};
}

/// The oracle's boxes that Hitsmith keeps: all but the zero-size ones (docs/formats.md says
/// why those are left out, each with a warning).
QList<QList<int>> keptBoxes(const QJsonArray &boxes) {
    QList<QList<int>> kept;
    for (const QJsonValue &value : boxes) {
        const QJsonArray b = value.toArray();
        const QList<int> box = {b[0].toInt(), b[1].toInt(), b[2].toInt(), b[3].toInt()};
        if (box[2] > box[0] && box[3] > box[1])
            kept << box;
    }
    return kept;
}

/// sha1 of the colours as ikemen_sff.py hashes them: A, R, G, B per pixel, alpha 0 as zeros.
QString coloursHash(const QImage &image) {
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    QByteArray bytes;
    bytes.reserve(qsizetype(argb.width()) * argb.height() * 4);
    for (int y = 0; y < argb.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = 0; x < argb.width(); ++x) {
            const QRgb c = line[x];
            if (qAlpha(c) == 0) {
                bytes.append(4, '\0');
            } else {
                bytes.append(char(qAlpha(c)));
                bytes.append(char(qRed(c)));
                bytes.append(char(qGreen(c)));
                bytes.append(char(qBlue(c)));
            }
        }
    }
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex());
}

} // namespace

void TestThirdParty::airMatchesIkemen_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("minimumBoxes");
    QTest::newRow("ikemen-go data/gofx.air") << QStringLiteral("ikemen-go/data/gofx.air") << 0;
    QTest::newRow("ikemen-go @add004/data/common.air")
        << QStringLiteral("ikemen-go/add004/common.air") << 2;
}

void TestThirdParty::airMatchesIkemen() {
    QFETCH(QString, file);
    QFETCH(int, minimumBoxes);
    const QString path = thirdParty(file);
    QString error;
    const QJsonObject oracle = runOracle(QStringLiteral("ikemen_air.py"), path, &error);
    if (!error.isEmpty())
        HITSMITH_SKIP_OR_FAIL(qPrintable(error));
    const ReadResult result = format("air")->read(readBytes(path), {path, {}});
    QVERIFY2(result.isOk(), qPrintable(result.error));
    const QList<Sprite> &sprites = result.document->sprites;
    const QJsonArray actions = oracle.value(QStringLiteral("actions")).toArray();
    QVERIFY(!actions.isEmpty());
    int elements = 0, boxes = 0;
    for (const QJsonValue &actionValue : actions) {
        const QJsonObject action = actionValue.toObject();
        const int number = action.value(QStringLiteral("number")).toInt();
        // The engine's action N is its first definition.
        const Sprite *sprite = nullptr;
        for (const Sprite &s : sprites) {
            if (s.extra.value(QStringLiteral("air")).toObject().value(QStringLiteral("action")) ==
                number) {
                sprite = &s;
                break;
            }
        }
        QVERIFY2(sprite, qPrintable(QStringLiteral("action %1 missing").arg(number)));
        const QString where = QStringLiteral("action %1").arg(number);
        if (action.value(QStringLiteral("borrowed")).toBool()) {
            // Ikemen GO plays the next action in an empty one's place; Hitsmith keeps it empty.
            QCOMPARE(sprite->frames.size(), 0);
            continue;
        }
        const QJsonArray expected = action.value(QStringLiteral("elements")).toArray();
        QCOMPARE(sprite->frames.size(), expected.size());
        for (qsizetype e = 0; e < expected.size(); ++e) {
            const QJsonObject want = expected[e].toObject();
            const Frame &frame = sprite->frames[e];
            const QString at = where + QStringLiteral(" element %1").arg(e + 1);
            const std::optional<AirElement> element = frameAirElement(frame);
            QVERIFY2(element, qPrintable(at));
            QCOMPARE(element->group, want.value(QStringLiteral("group")).toInt());
            QCOMPARE(element->number, want.value(QStringLiteral("number")).toInt());
            // The engine negates the offset of a flipped element; Hitsmith keeps it as written.
            QCOMPARE(qint16(element->flipH ? -element->x : element->x),
                     qint16(want.value(QStringLiteral("x")).toInt()));
            QCOMPARE(qint16(element->flipV ? -element->y : element->y),
                     qint16(want.value(QStringLiteral("y")).toInt()));
            QCOMPARE(element->flipH, want.value(QStringLiteral("flipH")).toBool());
            QCOMPARE(element->flipV, want.value(QStringLiteral("flipV")).toBool());
            const int ticks = want.value(QStringLiteral("time")).toInt();
            QCOMPARE(element->ticks, ticks);
            // 60 ticks a second; -1 (hold) and 0 have no duration of their own.
            QCOMPARE(frame.duration,
                     ticks > 0
                         ? std::optional<int>(std::max(1, int(std::lround(ticks * 1000.0 / 60.0))))
                         : std::nullopt);
            for (int n = 1; n <= 2; ++n) {
                const QString layer = n == 1 ? QStringLiteral("hitbox") : QStringLiteral("hurtbox");
                QList<QList<int>> got;
                for (const Shape &shape : frame.shapes) {
                    if (shape.layer == layer)
                        got << boxOf(shape);
                }
                const QList<QList<int>> want_ =
                    keptBoxes(want.value(QStringLiteral("clsn%1").arg(n)).toArray());
                QVERIFY2(got == want_, qPrintable(at + QStringLiteral(" Clsn%1").arg(n)));
                boxes += int(got.size());
            }
            ++elements;
        }
    }
    QVERIFY(elements > 0);
    QVERIFY2(boxes >= minimumBoxes, qPrintable(QString::number(boxes)));
}

void TestThirdParty::sffMatchesIkemen_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("version");
    QTest::newRow("ikemen-go font/default-3x5.sff (v2.01, LZ5)")
        << QStringLiteral("ikemen-go/font/default-3x5.sff") << 2;
    QTest::newRow("ikemen-go data/fade.sff (v1.01, PCX)")
        << QStringLiteral("ikemen-go/data/fade.sff") << 1;
}

void TestThirdParty::sffMatchesIkemen() {
    QFETCH(QString, file);
    QFETCH(int, version);
    const QString path = thirdParty(file);
    QString error;
    const QJsonObject oracle = runOracle(QStringLiteral("ikemen_sff.py"), path, &error);
    if (!error.isEmpty())
        HITSMITH_SKIP_OR_FAIL(qPrintable(error));
    art::SffFile sff;
    QVERIFY2(sff.open(readBytes(path)), qPrintable(sff.error()));
    QCOMPARE(sff.majorVersion(), version);
    QCOMPARE(oracle.value(QStringLiteral("version")).toArray().at(0).toInt(), version);
    const QJsonArray sprites = oracle.value(QStringLiteral("sprites")).toArray();
    QCOMPARE(sff.spriteCount(), sprites.size());
    int decoded = 0;
    for (qsizetype i = 0; i < sprites.size(); ++i) {
        const QJsonObject want = sprites[i].toObject();
        const art::SffSprite &sprite = sff.sprite(i);
        const QString at = QStringLiteral("sprite %1").arg(i);
        QVERIFY2(sprite.group == want.value(QStringLiteral("group")).toInt() &&
                     sprite.number == want.value(QStringLiteral("number")).toInt(),
                 qPrintable(at));
        QCOMPARE(sprite.axis, QPoint(want.value(QStringLiteral("axisX")).toInt(),
                                     want.value(QStringLiteral("axisY")).toInt()));
        const art::SffImage image = sff.image(i);
        QVERIFY2(image.isOk(), qPrintable(at + QStringLiteral(": ") + image.error));
        QCOMPARE(image.image.size(), QSize(want.value(QStringLiteral("width")).toInt(),
                                           want.value(QStringLiteral("height")).toInt()));
        const QString pixels = want.value(QStringLiteral("pixels")).toString();
        QVERIFY2(!pixels.isEmpty(), qPrintable(at + QStringLiteral(": the oracle decoded none")));
        QVERIFY2(coloursHash(image.image) == pixels, qPrintable(at + QStringLiteral(" colours")));
        ++decoded;
    }
    QVERIFY(decoded > 0);
}

void TestThirdParty::sourcesListEveryFile() {
    // Every third-party file is named in SOURCES.md with its repository, commit and licence.
    const QString dir = testData(QStringLiteral("third-party"));
    const QString sources = QString::fromUtf8(readBytes(dir + QStringLiteral("/SOURCES.md")));
    QVERIFY(!sources.isEmpty());
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        const QString relative = QDir(dir).relativeFilePath(it.next());
        if (relative == QLatin1String("SOURCES.md") || relative.startsWith(u'.'))
            continue;
        QVERIFY2(sources.contains(QStringLiteral("`%1`").arg(relative)),
                 qPrintable(relative + QStringLiteral(" is not in SOURCES.md")));
        ++files;
    }
    QVERIFY(files >= 4);
}

QTEST_GUILESS_MAIN(TestThirdParty)
#include "tst_formats_thirdparty.moc"
