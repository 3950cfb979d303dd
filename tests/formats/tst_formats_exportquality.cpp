// What every export shares (issue 8): numbers written without float noise, and loss warnings
// grouped by kind with a count instead of one line per shape; layer colours never prompt.

#include "formattestsupport.h"

#include <QRegularExpression>

using namespace hitsmith;
using namespace formattest;

class TestExportQuality : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void noFloatNoise_data();
    void noFloatNoise();
    void arithmeticResultsAreShort();
    void invalidShapesGrouped();
    void layerColoursDoNotWarn_data();
    void layerColoursDoNotWarn();
};

namespace {

/// A document whose exports need arithmetic that leaves binary noise when printed in full:
/// 21.4 - 0.1 = 21.299999999999997, 10.3 - 0.1 = 10.200000000000001.
DocumentData noisyDocument() {
    DocumentData document;
    Sprite sprite;
    sprite.name = QStringLiteral("knight");
    Frame frame;
    frame.name = QStringLiteral("idle");
    frame.origin = QPointF(0.1, 0.1);
    frame.shapes = {Shape::circle(QStringLiteral("head"), {21.4, 10.3}, 0.1),
                    Shape::rect(QStringLiteral("box"), {21.4, 10.3}, {0.2, 0.4}, 0),
                    Shape::polygon(QStringLiteral("tri"), {{0.3, 0.3}, {21.4, 0.3}, {0.3, 10.3}})};
    sprite.frames = {frame};
    document.sprites = {sprite};
    return document;
}

/// Digit runs such as 299999999 or 000000001 after a decimal point: float noise.
const QRegularExpression kNoise(QStringLiteral("\\d\\.\\d*(0{6,}[1-9]|9{6,})"));

} // namespace

void TestExportQuality::noFloatNoise_data() {
    QTest::addColumn<QString>("name");
    for (const char *name : {"tiled-tsx", "tiled-tsj", "godot", "matter", "hitsmith"})
        QTest::newRow(name) << QString::fromLatin1(name);
}

void TestExportQuality::noFloatNoise() {
    QFETCH(QString, name);
    const FileFormat *target = FormatRegistry::instance().byName(name);
    QVERIFY(target);
    for (const DocumentData &document : {noisyDocument(), sampleDocument()}) {
        const WriteResult result = target->write(document, {}, {});
        QVERIFY2(result.isOk(), qPrintable(result.error));
        const QString text = QString::fromUtf8(result.bytes);
        const QRegularExpressionMatch match = kNoise.match(text);
        QVERIFY2(!match.hasMatch(), qPrintable(match.captured(0)));
    }
}

void TestExportQuality::arithmeticResultsAreShort() {
    const QString tsx =
        QString::fromUtf8(format("tiled-tsx")->write(noisyDocument(), {}, {}).bytes);
    // Circle: x = 21.4 - 0.1 written as 21.3; triangle point 21.4 - 0.3 as 21.1.
    QVERIFY2(tsx.contains(QStringLiteral("x=\"21.3\" y=\"10.2\"")), qPrintable(tsx));
    QVERIFY2(tsx.contains(QStringLiteral("points=\"0,0 21.1,0 0,10\"")), qPrintable(tsx));
    const QString tscn = QString::fromUtf8(format("godot")->write(noisyDocument(), {}, {}).bytes);
    // Positions relative to the origin (0.1, 0.1).
    QVERIFY2(tscn.contains(QStringLiteral("position = Vector2(21.3, 10.2)")), qPrintable(tscn));
    QVERIFY2(tscn.contains(QStringLiteral("PackedVector2Array(0.2, 0.2, 21.3, 0.2, 0.2, 10.2)")),
             qPrintable(tscn));
}

void TestExportQuality::invalidShapesGrouped() {
    DocumentData document = sampleDocument();
    for (int i = 0; i < 5; ++i)
        document.sprites[1].frames[0].shapes.append(
            Shape::circle(QStringLiteral("flat%1").arg(i), {1, 1}, 0));
    for (const char *name : {"tiled-tsx", "godot", "matter"}) {
        const QStringList warnings = format(name)->exportWarnings(document);
        const QStringList invalid = warnings.filter(QStringLiteral("invalid"));
        QCOMPARE(invalid.size(), 1);
        QVERIFY2(
            invalid[0].startsWith(QStringLiteral("5 invalid shapes skipped: slime/squash/flat0 (")),
            qPrintable(invalid[0]));
        QVERIFY2(invalid[0].endsWith(QStringLiteral(", ...")), qPrintable(invalid[0]));
        WriteOptions options;
        options.skipInvalid = true;
        const WriteResult written = format(name)->write(document, {}, options);
        QCOMPARE(written.warnings.filter(QStringLiteral("invalid")), invalid);
    }
    document.sprites[1].frames[0].shapes.resize(2);
    const QStringList one = format("godot")->exportWarnings(document);
    QCOMPARE(one.filter(QStringLiteral("1 invalid shape skipped: slime/squash/flat0")).size(), 1);
}

void TestExportQuality::layerColoursDoNotWarn_data() {
    noFloatNoise_data();
}

void TestExportQuality::layerColoursDoNotWarn() {
    QFETCH(QString, name);
    const FileFormat *target = FormatRegistry::instance().byName(name);
    DocumentData document = noisyDocument();
    document.layers.append({QStringLiteral("default"), QColor(Qt::red), true, {}});
    QVERIFY2(target->exportWarnings(document).filter(QStringLiteral("colour")).isEmpty(),
             qPrintable(target->exportWarnings(document).join(u'\n')));
    QVERIFY(target->write(document, {}, {}).warnings.filter(QStringLiteral("colour")).isEmpty());
}

QTEST_GUILESS_MAIN(TestExportQuality)
#include "tst_formats_exportquality.moc"
