// Hostile sizes: huge, endless, deeply nested and non-regular inputs get a clear message within
// bounded time and memory, never a hang. The bounds (docs/format.md, "Limits"): files over
// kMaxInputFileBytes (256 MiB) are refused before reading; only regular files are read (no
// device, FIFO or directory); JSON nests at most 1024 deep (Qt's parser), Godot values 64 deep.
// ctest's TIMEOUT on this program is what turns a hang into a failure.

#include "collisionservice.h"
#include "fileio.h"
#include "formattestsupport.h"
#include "hitsmithformat.h"
#include "validation.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cmath>

#include <sys/stat.h>

using namespace hitsmith;
using namespace formattest;

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
