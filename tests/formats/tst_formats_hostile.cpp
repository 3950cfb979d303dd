// Hostile sizes: huge, endless, deeply nested and non-regular inputs get a clear message within
// bounded time and memory, never a hang. The bounds (docs/format.md, "Limits"): files over
// kMaxInputFileBytes (256 MiB) are refused before reading; only regular files are read (no
// device, FIFO or directory); JSON nests at most 1024 deep (Qt's parser), Godot values 64 deep.
// ctest's TIMEOUT on this program is what turns a hang into a failure.
// SFF sprites (model/art/sff.h): a claimed size beyond 16384 a side, 16 Mi pixels or what the
// data can expand to is refused before any allocation; data past the end, streams that stall,
// LZ5 references before the first pixel, palettes and links that do not exist give a missing
// sprite with a message; header chains and counts that do not fit the file stop early.

#include "collisionservice.h"
#include "fileio.h"
#include "formattestsupport.h"
#include "hitsmithformat.h"
#include "sff.h"
#include "sfftestsupport.h"
#include "validation.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cmath>

#include <sys/stat.h>

using namespace hitsmith;
using namespace formattest;
using namespace sfftest;

class TestHostile : public QObject {
    Q_OBJECT

    /// Every reader refuses bytes with a message (and no document).
    static void everyReaderRefuses(const QByteArray &bytes, const char *what) {
        for (const FileFormat *format : FormatRegistry::instance().formats()) {
            if (!(format->capabilities() & FileFormat::CanRead))
                continue;
            const ReadResult result = format->read(bytes, {});
            QVERIFY2(
                !result.isOk() && !result.error.isEmpty(),
                qPrintable(format->name() + QStringLiteral(": accepted ") + QLatin1String(what)));
        }
    }

    QTemporaryDir mDir;

private Q_SLOTS:
    void fileOverTheSizeCapIsNotRead() {
        const QString path = mDir.filePath(QStringLiteral("sparse.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(kMaxInputFileBytes + 1)); // sparse: no disk, no time
        file.close();
        QByteArray bytes;
        QString error;
        QVERIFY(!readWholeFile(path, &bytes, &error));
        QVERIFY2(error.contains(QStringLiteral("too large")), qPrintable(error));
        QVERIFY(bytes.isEmpty());
        QFile::remove(path);
    }

    void jsonNestedHundredThousandDeep() {
        const int depth = 100000;
        QByteArray bytes = QByteArray(depth, '[') + QByteArray(depth, ']');
        everyReaderRefuses(bytes, "arrays nested 100,000 deep");
        bytes = QByteArray("{\"format\":\"hitsmith\",\"x\":") + QByteArray(depth, '[') +
                QByteArray(depth, ']') + '}';
        everyReaderRefuses(bytes, "a document with a value nested 100,000 deep");
    }

    void devZeroFifoAndDirectory() {
        const QString fifo = mDir.filePath(QStringLiteral("pipe.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const QString directory = mDir.filePath(QStringLiteral("folder.json"));
        QVERIFY(QDir().mkpath(directory));
        for (const QString &path : {QStringLiteral("/dev/zero"), fifo, directory}) {
            QByteArray bytes;
            QString error;
            QVERIFY2(!readWholeFile(path, &bytes, &error), qPrintable(path));
            QVERIFY2(!error.isEmpty(), qPrintable(path));
            const ReadResult result = loadDocumentFile(path);
            QVERIFY2(!result.isOk() && !result.error.isEmpty(), qPrintable(path));
        }
    }

    // 200 MB of '[' (under the 256 MiB cap, so it is read): every reader refuses it at once
    // (JSON stops at depth 1024, XML at the first byte, Godot and .air at the first line).
    void twoHundredMegabytesOfBrackets() {
        const QString path = mDir.filePath(QStringLiteral("brackets.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            const QByteArray chunk(1024 * 1024, '[');
            for (int i = 0; i < 200; ++i)
                QCOMPARE(file.write(chunk), chunk.size());
        }
        QByteArray bytes;
        QString error;
        QVERIFY2(readWholeFile(path, &bytes, &error), qPrintable(error));
        QCOMPARE(bytes.size(), 200ll * 1024 * 1024);
        everyReaderRefuses(bytes, "200 MB of '['");
        const ReadResult result = loadDocumentFile(path);
        QVERIFY2(!result.isOk() && result.error.contains(QStringLiteral("line 1")),
                 qPrintable(result.error));
        QFile::remove(path);
    }

    void sffSpriteRefused_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("sprite");
        QTest::addColumn<QString>("message");
        const QList<V2Palette> ramp = {{1, 1, 0, rampPalette()}};
        auto v2 = [&](V2Sprite sprite) { return sffV2({sprite}, ramp); };
        V2Sprite huge;
        huge.width = 65535;
        huge.height = 65535;
        huge.format = 2;
        huge.data = compressed(0, QByteArray::fromHex("4101"));
        QTest::newRow("rle8 65535 x 65535") << v2(huge) << 0 << "claims 65535 x 65535";
        huge.format = 0;
        huge.data = QByteArray(4096, '\1');
        QTest::newRow("raw 65535 x 65535") << v2(huge) << 0 << "claims 65535 x 65535";
        V2Sprite wide;
        wide.width = 16385;
        wide.height = 1;
        wide.format = 0;
        wide.data = QByteArray(16385, '\1');
        QTest::newRow("raw 16385 wide") << v2(wide) << 0 << "claims 16385 x 1";
        V2Sprite thin;
        thin.width = 300;
        thin.height = 300;
        thin.format = 4;
        thin.data = compressed(90000, QByteArray::fromHex("00ff"));
        QTest::newRow("lz5 90,000 pixels from 2 bytes") << v2(thin) << 0 << "only 2 bytes";
        QByteArray png = QByteArray::fromHex("89504e470d0a1a0a0000000d49484452") +
                         QByteArray::fromHex("0000ffff0000ffff0806000000") + QByteArray(64, '\0');
        V2Sprite bigPng;
        bigPng.width = 1;
        bigPng.height = 1;
        bigPng.format = 12;
        bigPng.data = compressed(4, png);
        QTest::newRow("png32 claiming 65535 x 65535") << v2(bigPng) << 0 << "claims 65535 x 65535";
        V2Sprite notPng;
        notPng.width = 2;
        notPng.height = 2;
        notPng.format = 10;
        notPng.data = compressed(4, QByteArray(40, 'x'));
        QTest::newRow("png8 that is no PNG") << v2(notPng) << 0 << "not a PNG";
        V2Sprite far;
        far.width = 2;
        far.height = 2;
        far.format = 0;
        far.offsetOverride = 1000000000;
        far.data = QByteArray(4, '\1');
        QTest::newRow("offset past the end") << v2(far) << 0 << "past the end";
        V2Sprite longer;
        longer.width = 2;
        longer.height = 2;
        longer.format = 0;
        longer.lengthOverride = 0xfffffff0;
        longer.data = QByteArray(4, '\1');
        QTest::newRow("length past the end") << v2(longer) << 0 << "past the end";
        V2Sprite stall;
        stall.width = 20;
        stall.height = 20;
        stall.format = 2;
        stall.data = compressed(400, QByteArray::fromHex("410540"));
        QTest::newRow("rle8 ending in an empty run") << v2(stall) << 0 << "ends before";
        V2Sprite before;
        before.width = 4;
        before.height = 4;
        before.format = 4;
        before.data = compressed(16, QByteArray::fromHex("010100"));
        QTest::newRow("lz5 reference before the start") << v2(before) << 0 << "back-reference";
        V2Sprite cut;
        cut.width = 2;
        cut.height = 2;
        cut.format = 3;
        cut.data = QByteArray::fromHex("0400");
        QTest::newRow("rle5 shorter than its length field") << v2(cut) << 0 << "cut short";
        V2Sprite unknown;
        unknown.width = 2;
        unknown.height = 2;
        unknown.format = 7;
        unknown.data = QByteArray(8, '\1');
        QTest::newRow("format 7") << v2(unknown) << 0 << "unknown sprite format 7";
        V2Sprite depth;
        depth.width = 2;
        depth.height = 2;
        depth.format = 0;
        depth.depth = 13;
        depth.data = QByteArray(8, '\1');
        QTest::newRow("raw of depth 13") << v2(depth) << 0 << "colour depth 13";
        V2Sprite pal;
        pal.width = 2;
        pal.height = 2;
        pal.format = 0;
        pal.palette = 5;
        pal.data = QByteArray(4, '\1');
        QTest::newRow("palette past the table") << v2(pal) << 0 << "uses palette 5";
        V2Sprite self;
        self.width = 2;
        self.height = 2;
        QTest::newRow("sprite linked to itself") << v2(self) << 0 << "links to no sprite";
        V2Sprite ahead;
        ahead.width = 2;
        ahead.height = 2;
        ahead.link = 1;
        V2Sprite target;
        target.width = 2;
        target.height = 2;
        target.format = 0;
        target.data = QByteArray(4, '\1');
        QTest::newRow("sprite linked ahead")
            << sffV2({ahead, target}, ramp) << 0 << "links to no sprite";
        V2Sprite chained;
        chained.width = 2;
        chained.height = 2;
        chained.link = 0;
        QTest::newRow("link to a self-linked sprite")
            << sffV2({self, chained}, ramp) << 1 << "links to no sprite";
        // SFF v1 (PCX).
        auto v1 = [](const QByteArray &pcx) {
            return sffV1({V1Sprite{0, 0, 0, 0, 0, false, pcx, -1}});
        };
        QTest::newRow("pcx ending in an empty run")
            << v1(pcxHeader(0, 0, 19, 19, 20) + QByteArray::fromHex("c501c0")) << 0
            << "ends before";
        QTest::newRow("pcx of 4 bits")
            << v1(pcxHeader(0, 0, 1, 1, 2, 1, 4) + QByteArray(8, 1)) << 0 << "4 bits per pixel";
        QTest::newRow("pcx of 65535 bytes a line")
            << v1(pcxHeader(0, 0, 1, 1, 65535) + QByteArray(8, 1)) << 0 << "bytes per line";
        QTest::newRow("pcx xmax below xmin")
            << v1(pcxHeader(10, 0, 5, 0, 2) + QByteArray(8, 1)) << 0 << "claims 65532 x 1";
        QTest::newRow("pcx of 65535 x 65535")
            << v1(pcxHeader(0, 0, 65534, 65534, 65535) + QByteArray(800, 1)) << 0
            << "claims 65535 x 65535";
        QTest::newRow("pcx header cut short")
            << v1(pcxHeader(0, 0, 1, 1, 2).left(60)) << 0 << "PCX header is cut short";
    }
    void sffSpriteRefused() {
        QFETCH(QByteArray, bytes);
        QFETCH(int, sprite);
        QFETCH(QString, message);
        art::SffFile sff;
        QVERIFY2(sff.open(bytes), qPrintable(sff.error()));
        QVERIFY(sprite < sff.spriteCount());
        const art::Palette grey(256, qRgb(1, 2, 3));
        for (const art::Palette *palette : {static_cast<const art::Palette *>(nullptr), &grey}) {
            if (palette && message.contains(u"palette"))
                continue; // a chosen palette replaces the missing one
            const art::SffImage image = sff.image(sprite, palette);
            QVERIFY(image.image.isNull());
            QVERIFY2(image.error.contains(message), qPrintable(image.error));
        }
    }

    // Counts of four billion and header chains that loop stop at the end of the file.
    void sffIndexThatDoesNotFit() {
        art::SffFile sff;
        V1Sprite loop;
        loop.data = pcxHeader(0, 0, 1, 1, 2) + QByteArray::fromHex("01020304");
        loop.nextOverride = 512;
        QVERIFY(sff.open(sffV1({loop}, 0xffffffff)));
        QCOMPARE(sff.spriteCount(), 1);
        QVERIFY2(sff.warnings().join(u' ').contains(u"not after"),
                 qPrintable(sff.warnings().join(u' ')));
        QVERIFY2(sff.image(0).isOk(), qPrintable(sff.image(0).error));
        V2Sprite one;
        one.width = 1;
        one.height = 1;
        one.format = 0;
        one.data = QByteArray(1, '\1');
        const QByteArray counted = sffV2({one}, {{1, 1, 0, rampPalette()}}, 1, 0xffffffff);
        QVERIFY(sff.open(counted));
        // What follows the one header reads as more headers, up to the end of the file.
        QVERIFY(sff.spriteCount() <= counted.size() / 28);
        QVERIFY(sff.warnings().join(u' ').contains(u"cut short"));
        QVERIFY(sff.image(0).isOk());
        // A palette linked to itself: read as transparent black, with a warning.
        QVERIFY(sff.open(sffV2({one}, {{1, 1, 0, {}}})));
        QVERIFY(sff.warnings().join(u' ').contains(u"not before it"));
        QCOMPARE(sff.image(0).image.pixel(0, 0), 0u);
        // Headers cut short or of an unknown version: no SFF at all.
        QVERIFY(!sff.open(sffV2({one}, {}).left(40)));
        QVERIFY(sff.error().contains(u"cut short"));
        QByteArray v3 = sffV2({one}, {});
        v3[15] = 3;
        QVERIFY(!sff.open(v3));
        QVERIFY(sff.error().contains(u"version"));
        QVERIFY(!sff.open(QByteArray("ElecbyteSp")));
    }

    // A polygon of 1,000,000 vertices (25 MB of JSON): read, validated (the turning check, not
    // the pairwise one) and collided with a circle through the collision service, like any
    // other document; the contact is checked against a brute-force computation over every edge.
    void millionVertexPolygonLoadsAndValidates() {
        const int count = 1000000;
        QByteArray points;
        points.reserve(count * 40);
        for (int i = 0; i < count; ++i) {
            const double angle = 2 * M_PI * i / count;
            points += (i ? ", [" : "[") +
                      QByteArray::number(1000 + 900 * std::cos(angle), 'g', 17) + ", " +
                      QByteArray::number(1000 + 900 * std::sin(angle), 'g', 17) + ']';
        }
        // The circle's centre is 850 px out from the polygon's, in the middle of edge 123456's
        // angle: it overlaps the boundary there (radius 100), the deepest contact far from the
        // polygon's first vertices.
        const int nearEdge = 123456;
        const double toward = 2 * M_PI * (nearEdge + 0.5) / count;
        const QPointF centre(1000 + 850 * std::cos(toward), 1000 + 850 * std::sin(toward));
        const double radius = 100;
        const QByteArray bytes =
            "{\"format\": \"hitsmith\", \"version\": 1, \"collide\": [[\"a\", \"a\"]], "
            "\"sprites\": [{\"name\": \"s\", \"frames\": [{\"name\": \"f\", \"shapes\": ["
            "{\"id\": \"big\", \"layer\": \"a\", \"type\": \"polygon\", \"points\": [" +
            points + "]}, {\"id\": \"dot\", \"layer\": \"a\", \"type\": \"circle\", \"center\": [" +
            QByteArray::number(centre.x(), 'g', 17) + ", " +
            QByteArray::number(centre.y(), 'g', 17) +
            "], \"radius\": " + QByteArray::number(radius) + "}]}]}]}";
        QElapsedTimer clock;
        clock.start();
        const ReadResult result = HitsmithFormat::parse(bytes);
        const qint64 parseMs = clock.restart();
        QVERIFY2(result.isOk(), qPrintable(result.error));
        const QList<QPointF> &polygon = result.document->sprites[0].frames[0].shapes[0].points;
        QCOMPARE(polygon.size(), count);
        const QList<Problem> problems = validateDocument(*result.document);
        const qint64 validateMs = clock.restart();
        QVERIFY2(problems.isEmpty(), qPrintable(problems.value(0).reason));

        // Collided through the service, as the editor and `hitsmith-cli hits` do.
        Document document;
        CollisionService service(&document);
        document.reset(*result.document);
        const QList<FrameHit> hits = service.hits({0, 0});
        const qint64 collideMs = clock.restart();

        // Brute force: the circle's centre is inside (left of every edge, the outline runs
        // counter-clockwise in y-up terms), so the circle leaves through the nearest edge: depth
        // is that edge's distance plus the radius, the normal is that edge's outward normal.
        long double nearest = 1e300L;
        qsizetype nearestEdge = -1;
        for (qsizetype i = 0; i < count; ++i) {
            const QPointF a = polygon[i], b = polygon[(i + 1) % count];
            const long double ex = b.x() - a.x(), ey = b.y() - a.y();
            const long double length = std::sqrt(ex * ex + ey * ey);
            const long double inside =
                (ex * (centre.y() - a.y()) - ey * (centre.x() - a.x())) / length;
            QVERIFY2(inside > 0, qPrintable(QString::number(i)));
            if (inside < nearest) {
                nearest = inside;
                nearestEdge = i;
            }
        }
        const qint64 bruteMs = clock.elapsed();
        QCOMPARE(nearestEdge, qsizetype(nearEdge));
        const QPointF a = polygon[nearEdge], b = polygon[nearEdge + 1];
        const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
        const QPointF outward((b.y() - a.y()) / length, -(b.x() - a.x()) / length);
        QCOMPARE(hits.size(), 1);
        QCOMPARE(hits[0].a, 0);
        QCOMPARE(hits[0].b, 1);
        const double depth = double(nearest) + radius; // about 150
        QVERIFY2(
            std::abs(hits[0].depth - depth) < 1e-6,
            qPrintable(
                QStringLiteral("%1 vs %2").arg(hits[0].depth, 0, 'g', 17).arg(depth, 0, 'g', 17)));
        QVERIFY2(
            std::hypot(hits[0].normal.x() - outward.x(), hits[0].normal.y() - outward.y()) < 1e-9,
            qPrintable(QStringLiteral("%1,%2").arg(hits[0].normal.x()).arg(hits[0].normal.y())));
        qInfo("million-vertex polygon: parse %lld ms, validate %lld ms, collide (service build "
              "and hits) %lld ms, brute-force check %lld ms",
              parseMs, validateMs, collideMs, bruteMs);

        // One dent makes it concave, found at its vertex.
        DocumentData dented = *result.document;
        QPointF &dent = dented.sprites[0].frames[0].shapes[0].points[654321];
        dent = QPointF(1000, 1000) + (dent - QPointF(1000, 1000)) * 0.999; // towards the centre
        const QList<Problem> dentProblems = validateDocument(dented);
        QCOMPARE(dentProblems.size(), 1);
        QCOMPARE(dentProblems[0].vertex, 654321);
        // An invalid shape collides with nothing.
        document.reset(dented);
        QVERIFY(service.hits({0, 0}).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_formats_hostile.moc"
