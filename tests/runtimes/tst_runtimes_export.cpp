// Issue 44: `export --format runtime` (model/formats/engines/runtime): what runtimes/FORMAT.md
// promises, checked against values the test derives from the document text itself: shapes
// origin-relative, durations resolved, root motion, points, properties kept with their types,
// ticks from a tick rate, the collide pairs and attack layer, invalid shapes refused or skipped.

#include "formatregistry.h"
#include "hitsmithformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace hitsmith;

namespace {

const FileFormat &runtimeFormat() {
    const FileFormat *format = FormatRegistry::instance().byName(QStringLiteral("runtime"));
    if (!format)
        qFatal("no runtime format registered");
    return *format;
}

DocumentData read(const QByteArray &json) {
    const ReadResult result = HitsmithFormat().read(json, {});
    if (!result.isOk())
        qFatal("%s", qPrintable(result.error));
    return *result.document;
}

QJsonObject exported(const DocumentData &document, const WriteOptions &options = {}) {
    const WriteResult written = runtimeFormat().write(document, {}, options);
    if (!written.isOk())
        qFatal("%s", qPrintable(written.error));
    return QJsonDocument::fromJson(written.bytes).object();
}

QPointF pointOf(const QJsonValue &v) {
    return QPointF(v.toArray().at(0).toDouble(), v.toArray().at(1).toDouble());
}

} // namespace

class TestRuntimesExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void registeredWriteOnly() {
        QCOMPARE(runtimeFormat().capabilities(), FileFormat::Capabilities(FileFormat::CanWrite));
        QVERIFY(runtimeFormat().extensions().contains(QStringLiteral("runtime.json")));
    }

    // The example knight: every frame and shape compared with its document text minus origin.
    void knightAgainstItsDocument() {
        QFile file(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                   QStringLiteral("/examples/knight.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        const QJsonObject source = QJsonDocument::fromJson(text).object();
        const QJsonObject out = exported(read(text));
        QCOMPARE(out.value(QStringLiteral("format")).toString(),
                 QStringLiteral("hitsmith-runtime"));
        QCOMPARE(out.value(QStringLiteral("version")).toInt(), 1);
        QCOMPARE(out.value(QStringLiteral("tick_rate")).toInt(), 60); // the default rate
        QCOMPARE(out.value(QStringLiteral("attack_layer")).toString(), QStringLiteral("hitbox"));
        QCOMPARE(out.value(QStringLiteral("collide")), source.value(QStringLiteral("collide")));
        QCOMPARE(out.value(QStringLiteral("layers")).toArray(),
                 (QJsonArray{QStringLiteral("hitbox"), QStringLiteral("hurtbox"),
                             QStringLiteral("points"), QStringLiteral("pushbox")}));
        const QJsonArray sprites = out.value(QStringLiteral("sprites")).toArray();
        const QJsonArray sourceSprites = source.value(QStringLiteral("sprites")).toArray();
        QCOMPARE(sprites.size(), sourceSprites.size());
        int shapes = 0, points = 0;
        for (qsizetype s = 0; s < sprites.size(); ++s) {
            const QJsonObject sprite = sprites[s].toObject(), src = sourceSprites[s].toObject();
            QCOMPARE(sprite.value(QStringLiteral("name")), src.value(QStringLiteral("name")));
            const QJsonArray frames = sprite.value(QStringLiteral("frames")).toArray();
            const QJsonArray srcFrames = src.value(QStringLiteral("frames")).toArray();
            QCOMPARE(frames.size(), srcFrames.size());
            for (qsizetype f = 0; f < frames.size(); ++f) {
                const QJsonObject frame = frames[f].toObject(), sf = srcFrames[f].toObject();
                const QPointF origin = sf.contains(QStringLiteral("origin"))
                                           ? pointOf(sf.value(QStringLiteral("origin")))
                                           : QPointF();
                QCOMPARE(pointOf(frame.value(QStringLiteral("origin"))), origin);
                const int duration = sf.value(QStringLiteral("duration"))
                                         .toInt(src.value(QStringLiteral("duration")).toInt(100));
                QCOMPARE(frame.value(QStringLiteral("duration_ms")).toInt(), duration);
                QCOMPARE(pointOf(frame.value(QStringLiteral("motion"))),
                         sf.contains(QStringLiteral("motion"))
                             ? pointOf(sf.value(QStringLiteral("motion")))
                             : QPointF());
                // Shapes in order, points apart; every coordinate minus the origin.
                QJsonArray outShapes = frame.value(QStringLiteral("shapes")).toArray();
                QJsonArray outPoints = frame.value(QStringLiteral("points")).toArray();
                for (const QJsonValue &v : sf.value(QStringLiteral("shapes")).toArray()) {
                    const QJsonObject shape = v.toObject();
                    const QString type = shape.value(QStringLiteral("type")).toString();
                    if (type == QLatin1String("point")) {
                        const QJsonObject p = outPoints.takeAt(0).toObject();
                        QCOMPARE(p.value(QStringLiteral("id")), shape.value(QStringLiteral("id")));
                        QCOMPARE(pointOf(p.value(QStringLiteral("position"))),
                                 pointOf(shape.value(QStringLiteral("position"))) - origin);
                        ++points;
                        continue;
                    }
                    const QJsonObject o = outShapes.takeAt(0).toObject();
                    QCOMPARE(o.value(QStringLiteral("id")), shape.value(QStringLiteral("id")));
                    QCOMPARE(o.value(QStringLiteral("layer")),
                             shape.value(QStringLiteral("layer")));
                    QCOMPARE(o.value(QStringLiteral("type")).toString(), type);
                    if (type == QLatin1String("polygon")) {
                        const QJsonArray a = o.value(QStringLiteral("points")).toArray();
                        const QJsonArray b = shape.value(QStringLiteral("points")).toArray();
                        QCOMPARE(a.size(), b.size());
                        for (qsizetype i = 0; i < a.size(); ++i)
                            QCOMPARE(pointOf(a[i]), pointOf(b[i]) - origin);
                    } else {
                        QCOMPARE(pointOf(o.value(QStringLiteral("center"))),
                                 pointOf(shape.value(QStringLiteral("center"))) - origin);
                    }
                    if (type == QLatin1String("rect")) {
                        QCOMPARE(o.value(QStringLiteral("size")),
                                 shape.value(QStringLiteral("size")));
                        QCOMPARE(o.value(QStringLiteral("angle")).toDouble(),
                                 shape.value(QStringLiteral("angle")).toDouble());
                    }
                    if (type == QLatin1String("circle"))
                        QCOMPARE(o.value(QStringLiteral("radius")),
                                 shape.value(QStringLiteral("radius")));
                    ++shapes;
                }
                QVERIFY(outShapes.isEmpty());
                QVERIFY(outPoints.isEmpty());
            }
        }
        QVERIFY(shapes > 20);
        QVERIFY(points >= 2);
    }

    // Coordinates are written exactly (not rounded to 1e-9 as other exports): a loader's sums
    // are then the product's to the last bit.
    void coordinatesExact() {
        const QJsonObject out = exported(read(R"({"format":"hitsmith","version":1,"sprites":[
            {"name":"s","frames":[{"name":"f","origin":[0.1,0.2],"shapes":[
              {"id":"c","type":"circle","center":[0.3,0.7],"radius":1}]}]}]})"));
        const QJsonObject shape = out.value(QStringLiteral(
            "sprites"))[0][QStringLiteral("frames")][0][QStringLiteral("shapes")][0]
                                      .toObject();
        QCOMPARE(pointOf(shape.value(QStringLiteral("center"))), QPointF(0.3 - 0.1, 0.7 - 0.2));
        QCOMPARE(shape.value(QStringLiteral("center"))[0].toDouble(),
                 0.3 - 0.1); // 0.19999999999999998
        QCOMPARE(out.value(QStringLiteral("collide")), QJsonValue(QJsonValue::Null));
        QCOMPARE(out.value(QStringLiteral("attack_layer")), QJsonValue(QJsonValue::Null));
    }

    // A tick rate gives every frame its ticks (rounded); properties keep their types.
    void ticksAndProperties() {
        const DocumentData document = read(R"({"format":"hitsmith","version":1,"tick_rate":60,
            "sprites":[{"name":"s","duration":50,"frames":[
              {"name":"a","duration":100,"properties":{"damage":12,"scale":1.5,"kind":"slash","air":true},
               "shapes":[{"id":"h","layer":"hitbox","type":"rect","center":[0,0],"size":[2,2],
                          "properties":{"level":"high"}}]},
              {"name":"b","duration":17,"shapes":[]},
              {"name":"c","shapes":[]},
              {"name":"d","duration":25,"shapes":[]}]}]})");
        const QJsonObject out = exported(document);
        QCOMPARE(out.value(QStringLiteral("tick_rate")).toDouble(), 60.0);
        const QJsonArray frames =
            out.value(QStringLiteral("sprites"))[0][QStringLiteral("frames")].toArray();
        QCOMPARE(frames[0][QStringLiteral("duration_ms")].toInt(), 100);
        QCOMPARE(frames[0][QStringLiteral("ticks")].toInt(), 6);
        QCOMPARE(frames[1][QStringLiteral("ticks")].toInt(), 1); // 1.02
        QCOMPARE(frames[2][QStringLiteral("duration_ms")].toInt(), 50);
        QCOMPARE(frames[2][QStringLiteral("ticks")].toInt(), 3);
        QCOMPARE(frames[3][QStringLiteral("ticks")].toInt(), 2); // 1.5 rounds up
        const QJsonObject properties = frames[0][QStringLiteral("properties")].toObject();
        QCOMPARE(properties.value(QStringLiteral("damage")), QJsonValue(12));
        QCOMPARE(properties.value(QStringLiteral("scale")), QJsonValue(1.5));
        QCOMPARE(properties.value(QStringLiteral("kind")), QJsonValue(QStringLiteral("slash")));
        QCOMPARE(properties.value(QStringLiteral("air")), QJsonValue(true));
        QCOMPARE(frames[0][QStringLiteral("shapes")][0][QStringLiteral("properties")]
                       [QStringLiteral("level")]
                           .toString(),
                 QStringLiteral("high"));
        QVERIFY(runtimeFormat().write(document, {}, {}).bytes.contains("\"damage\":12,"));
        // At the document's own rate of 30 ticks a second: 100 ms is 3 ticks, 17 ms 1 (0.51).
        DocumentData slower = document;
        slower.tickRate = 30;
        const QJsonObject atThirty = exported(slower);
        QCOMPARE(atThirty.value(QStringLiteral("tick_rate")).toInt(), 30);
        const QJsonArray slowFrames =
            atThirty.value(QStringLiteral("sprites"))[0][QStringLiteral("frames")].toArray();
        QCOMPARE(slowFrames[0][QStringLiteral("ticks")].toInt(), 3);
        QCOMPARE(slowFrames[1][QStringLiteral("ticks")].toInt(), 1);
        QCOMPARE(slowFrames[3][QStringLiteral("ticks")].toInt(), 1); // 0.75
        // Deterministic: the same document, the same bytes.
        QCOMPARE(runtimeFormat().write(document, {}, {}).bytes,
                 runtimeFormat().write(document, {}, {}).bytes);
    }

    // An invalid shape: refused naming it, or with skipInvalid left out with a warning.
    void invalidShapes() {
        const DocumentData document = read(R"({"format":"hitsmith","version":1,"sprites":[
            {"name":"s","frames":[{"name":"f","shapes":[
              {"id":"flat","type":"rect","center":[0,0],"size":[0,2]},
              {"id":"ok","type":"circle","center":[0,0],"radius":2}]}]}]})");
        const WriteResult refused = runtimeFormat().write(document, {}, {});
        QVERIFY(!refused.isOk());
        QVERIFY2(refused.error.contains(QStringLiteral("s/f/flat")), qPrintable(refused.error));
        WriteOptions skip;
        skip.skipInvalid = true;
        const WriteResult written = runtimeFormat().write(document, {}, skip);
        QVERIFY(written.isOk());
        QVERIFY(!written.warnings.isEmpty());
        const QJsonArray shapes =
            QJsonDocument::fromJson(written.bytes)
                .object()[QStringLiteral("sprites")][0][QStringLiteral("frames")][0]
                         [QStringLiteral("shapes")]
                .toArray();
        QCOMPARE(shapes.size(), 1);
        QCOMPARE(shapes[0][QStringLiteral("id")].toString(), QStringLiteral("ok"));
    }
};

QTEST_GUILESS_MAIN(TestRuntimesExport)
#include "tst_runtimes_export.moc"
