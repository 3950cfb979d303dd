// Issue 44: the game-side loaders (runtimes/<lang>) print exactly the hits `hitsmith-cli versus`
// prints, and the hits an independent oracle (runtimegen.cpp: a Minkowski-difference hull)
// computes, on generated documents: ~300 queries each with times inside frames, at boundaries,
// past the end and before 0, both facings, root motion, explicit and default layer pairs, near
// misses 1e-3 px either side of touching and exact touches of whole-pixel boxes. Capsules, which
// documents cannot hold yet, go to the loaders as runtime files the test writes itself. Bad input
// never crashes or hangs a loader. One list of drivers (driverrun.h): Lua and C# plug in.

#include "driverrun.h"
#include "runtimegen.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace hitsmith::test;

namespace {

constexpr double kTolerance = 1e-6;

struct ProductHit {
    QString a, b;
    double depth = 0.0;
    QPointF normal;
};

struct Case {
    QString name;
    GenDoc doc;
    QString documentPath; // empty for runtime files written by the test (capsules)
    QString runtimePath;
    QString queriesPath;
    QList<GenQuery> queries;
    QList<QList<OracleHit>> oracle;
    QList<QList<ProductHit>> product; // empty when there is no document for the CLI
};

QString cliPath() {
    return qEnvironmentVariable("HITSMITH_BIN_DIR") + QStringLiteral("/hitsmith-cli");
}

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run runCli(const QStringList &arguments) {
    QProcess process;
    process.start(cliPath(), arguments);
    Run run;
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit)
        return run;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString number(double v) {
    return QString::number(v, 'g', 17);
}

// hitsmith-cli versus for one query (frames by the oracle's own frame lookup).
QList<ProductHit> productHits(const Case &c, const GenQuery &q, QString *error) {
    const GenSprite &as = spriteNamed(c.doc, q.attacker);
    const GenSprite &ds = spriteNamed(c.doc, q.defender);
    QStringList args{QStringLiteral("versus"),
                     c.documentPath,
                     QStringLiteral("--attacker"),
                     as.name + u'/' + as.frames[oracleFrameAt(as, q.attackerTime)].name,
                     QStringLiteral("--defender"),
                     ds.name + u'/' + ds.frames[oracleFrameAt(ds, q.defenderTime)].name,
                     QStringLiteral("--dx=") + number(q.dx),
                     QStringLiteral("--dy=") + number(q.dy)};
    if (q.sameFacing)
        args << QStringLiteral("--same-facing");
    if (q.layers) {
        QStringList pairs;
        for (const auto &pair : *q.layers)
            pairs << pair.first + u':' + pair.second;
        args << QStringLiteral("--layers") << pairs.join(u',');
    }
    const Run run = runCli(args);
    QList<ProductHit> hits;
    const QJsonDocument json = QJsonDocument::fromJson(run.out);
    if (run.exitCode != 0 || !json.isObject()) {
        *error = QStringLiteral("versus failed (%1): %2")
                     .arg(run.exitCode)
                     .arg(QString::fromUtf8(run.err));
        return hits;
    }
    for (const QJsonValue &v : json.object().value(QStringLiteral("hits")).toArray()) {
        const QJsonObject h = v.toObject();
        const QJsonArray n = h.value(QStringLiteral("normal")).toArray();
        hits << ProductHit{h.value(QStringLiteral("a")).toString(),
                           h.value(QStringLiteral("b")).toString(),
                           h.value(QStringLiteral("depth")).toDouble(),
                           QPointF(n.at(0).toDouble(), n.at(1).toDouble())};
    }
    return hits;
}

bool near(QPointF a, QPointF b) {
    return std::abs(a.x() - b.x()) <= kTolerance && std::abs(a.y() - b.y()) <= kTolerance;
}

QString describe(const GenQuery &q) {
    return QStringLiteral("%1@%2 vs %3@%4 dx=%5 dy=%6%7%8")
        .arg(q.attacker, number(q.attackerTime), q.defender, number(q.defenderTime), number(q.dx),
             number(q.dy), q.sameFacing ? QStringLiteral(" same-facing") : QString(),
             q.layers ? QStringLiteral(" explicit layers") : QString());
}

QString layerOf(const GenDoc &doc, const QString &sprite, double time, const QString &id) {
    const GenSprite &s = spriteNamed(doc, sprite);
    for (const GenShape &shape : s.frames[oracleFrameAt(s, time)].shapes)
        if (shape.id == id)
            return shape.layer;
    return QStringLiteral("<no shape %1 in that frame>").arg(id);
}

// Checks one printed line against the oracle and (when there is one) the CLI's answer.
void compareLine(const Case &c, int index, const QByteArray &line, QStringList *problems,
                 int *hitCount, int *touchCount) {
    const GenQuery &q = c.queries[index];
    const QString where =
        QStringLiteral("%1 query %2 (%3)").arg(c.name).arg(index).arg(describe(q));
    QJsonParseError parseError;
    const QJsonDocument json = QJsonDocument::fromJson(line, &parseError);
    if (!json.isObject() || !json.object().value(QStringLiteral("hits")).isArray()) {
        *problems << where + QStringLiteral(": not a hits line: ") + QString::fromUtf8(line);
        return;
    }
    struct Printed {
        QString a, b, aLayer, bLayer;
        double depth;
        QPointF normal;
    };
    QList<Printed> printed;
    for (const QJsonValue &v : json.object().value(QStringLiteral("hits")).toArray()) {
        const QJsonObject h = v.toObject();
        const QJsonArray n = h.value(QStringLiteral("normal")).toArray();
        printed << Printed{h.value(QStringLiteral("a")).toString(),
                           h.value(QStringLiteral("b")).toString(),
                           h.value(QStringLiteral("a_layer")).toString(),
                           h.value(QStringLiteral("b_layer")).toString(),
                           h.value(QStringLiteral("depth")).toDouble(-1),
                           QPointF(n.at(0).toDouble(NAN), n.at(1).toDouble(NAN))};
    }
    *hitCount += int(printed.size());
    for (qsizetype i = 0; i < printed.size(); ++i) {
        const Printed &p = printed[i];
        if (p.depth == 0.0)
            ++*touchCount;
        if (i > 0) {
            const QByteArray pa = printed[i - 1].a.toUtf8(), a = p.a.toUtf8();
            if (!(pa < a || (pa == a && printed[i - 1].b.toUtf8() < p.b.toUtf8())))
                *problems << where + QStringLiteral(": hits not sorted by (a, b) at ") + p.a +
                                 u'/' + p.b;
        }
        if (p.aLayer != layerOf(c.doc, q.attacker, q.attackerTime, p.a) ||
            p.bLayer != layerOf(c.doc, q.defender, q.defenderTime, p.b))
            *problems << where + QStringLiteral(": wrong layers for ") + p.a + u'/' + p.b;
        if (!(p.depth >= 0.0) ||
            std::abs(std::hypot(p.normal.x(), p.normal.y()) - 1.0) > kTolerance)
            *problems << where + QStringLiteral(": bad depth or normal for ") + p.a + u'/' + p.b;
    }
    const auto find = [&](const QString &a, const QString &b) -> const Printed * {
        for (const Printed &p : printed)
            if (p.a == a && p.b == b)
                return &p;
        return nullptr;
    };
    // The oracle: every certain hit printed with its depth and one of its normals; nothing else.
    for (const OracleHit &o : c.oracle[index]) {
        const Printed *p = find(o.a, o.b);
        if (!p) {
            if (o.certain)
                *problems << where + QStringLiteral(": oracle hit %1/%2 (depth %3) missing")
                                         .arg(o.a, o.b, number(o.depth));
            continue;
        }
        if (std::abs(p->depth - o.depth) > kTolerance)
            *problems << where + QStringLiteral(": %1/%2 depth %3, oracle %4")
                                     .arg(o.a, o.b, number(p->depth), number(o.depth));
        bool normalOk = o.normals.isEmpty();
        for (QPointF n : o.normals)
            normalOk = normalOk || near(n, p->normal);
        if (!normalOk)
            *problems << where + QStringLiteral(": %1/%2 normal (%3, %4), oracle (%5, %6)")
                                     .arg(o.a, o.b, number(p->normal.x()), number(p->normal.y()),
                                          number(o.normals[0].x()), number(o.normals[0].y()));
    }
    for (const Printed &p : printed) {
        const bool known =
            std::any_of(c.oracle[index].cbegin(), c.oracle[index].cend(),
                        [&](const OracleHit &o) { return o.a == p.a && o.b == p.b; });
        if (!known)
            *problems << where + QStringLiteral(": %1/%2 printed, the oracle has no such hit")
                                     .arg(p.a, p.b);
    }
    // hitsmith-cli versus: the same pairs, depth and normal within 1e-6.
    if (c.product.isEmpty())
        return;
    const QList<ProductHit> &product = c.product[index];
    if (product.size() != printed.size())
        *problems << where + QStringLiteral(": %1 hits, versus has %2")
                                 .arg(printed.size())
                                 .arg(product.size());
    for (const ProductHit &h : product) {
        const Printed *p = find(h.a, h.b);
        if (!p) {
            *problems << where + QStringLiteral(": versus hit %1/%2 missing").arg(h.a, h.b);
            continue;
        }
        if (std::abs(p->depth - h.depth) > kTolerance || !near(p->normal, h.normal))
            *problems << where +
                             QStringLiteral(": %1/%2 depth %3 normal (%4, %5), versus %6 (%7, %8)")
                                 .arg(h.a, h.b, number(p->depth), number(p->normal.x()),
                                      number(p->normal.y()), number(h.depth), number(h.normal.x()),
                                      number(h.normal.y()));
    }
}

} // namespace

class TestRuntimesConformance : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;
    QList<Case> mDocuments; // exported by hitsmith-cli, answered by versus and the oracle
    QList<Case> mCapsules;  // runtime files with capsules, answered by the oracle

    QString buildDir() const { return mDir.filePath(QStringLiteral("c-build")); }

    void checkDriver(const Driver &driver, const QList<Case> &cases) {
        int queries = 0, hits = 0, touches = 0;
        QStringList problems;
        for (const Case &c : cases) {
            const DriverRun run = runDriver(driver, c.runtimePath, c.queriesPath, buildDir());
            QVERIFY2(run.finished,
                     qPrintable(c.name + QStringLiteral(": the driver crashed or hung: ") +
                                QString::fromUtf8(run.err.left(2000))));
            QVERIFY2(run.exitCode == 0,
                     qPrintable(c.name + QStringLiteral(": exit %1: ").arg(run.exitCode) +
                                QString::fromUtf8(run.err.left(2000))));
            QVERIFY2(run.err.isEmpty(), qPrintable(c.name + QStringLiteral(": stderr: ") +
                                                   QString::fromUtf8(run.err.left(2000))));
            QList<QByteArray> lines = run.out.split('\n');
            QVERIFY2(run.out.endsWith('\n'),
                     qPrintable(c.name + QStringLiteral(": output must end with a newline")));
            lines.removeLast();
            QCOMPARE(lines.size(), c.queries.size());
            for (int i = 0; i < lines.size(); ++i)
                compareLine(c, i, lines[i], &problems, &hits, &touches);
            queries += int(c.queries.size());
        }
        qInfo("%s: %d queries, %d hits (%d touching), %lld problems", qPrintable(driver.name),
              queries, hits, touches, qlonglong(problems.size()));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 12).join(u'\n')));
        QVERIFY2(hits > 200, "too few hits: the generator no longer exercises the loaders");
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(mDir.isValid());
        QVERIFY2(QFileInfo(cliPath()).isExecutable(), "build hitsmith-cli first");
        struct Spec {
            QString name;
            GenOptions options;
            quint32 seed;
        };
        const QStringList fighters{QStringLiteral("hitbox"), QStringLiteral("hurtbox"),
                                   QStringLiteral("pushbox")};
        const QList<Spec> specs{
            {QStringLiteral("fighters"),
             {fighters,
              LayerPairs{{QStringLiteral("hitbox"), QStringLiteral("hurtbox")},
                         {QStringLiteral("pushbox"), QStringLiteral("pushbox")}},
              3, false, true},
             44001},
            {QStringLiteral("no-matrix"),
             {{QStringLiteral("hitbox"), QStringLiteral("hurtbox"), QStringLiteral("guard")},
              std::nullopt,
              3,
              false,
              false},
             44002},
            {QStringLiteral("no-attack-layer"),
             {{QStringLiteral("red"), QStringLiteral("blue"), QStringLiteral("green")},
              LayerPairs{{QStringLiteral("red"), QStringLiteral("blue")},
                         {QStringLiteral("green"), QStringLiteral("green")}},
              3,
              false,
              false},
             44003},
        };
        for (const Spec &spec : specs) {
            QRandomGenerator random(spec.seed);
            Case c;
            c.name = spec.name;
            c.doc = generateDocument(random, spec.options);
            c.documentPath = mDir.filePath(spec.name + QStringLiteral(".json"));
            c.runtimePath = mDir.filePath(spec.name + QStringLiteral(".runtime.json"));
            c.queriesPath = mDir.filePath(spec.name + QStringLiteral(".queries.json"));
            QVERIFY(writeFile(c.documentPath, documentJson(c.doc)));
            const Run exported = runCli({QStringLiteral("export"), QStringLiteral("--format"),
                                         QStringLiteral("runtime"), c.documentPath,
                                         QStringLiteral("-o"), c.runtimePath});
            QVERIFY2(exported.exitCode == 0, exported.err.constData());
            c.queries = generateQueries(random, c.doc, 300);
            QVERIFY(writeFile(c.queriesPath, queriesJson(c.queries)));
            for (const GenQuery &q : c.queries) {
                c.oracle << oracleHits(c.doc, q);
                QString error;
                c.product << productHits(c, q, &error);
                QVERIFY2(error.isEmpty(), qPrintable(error));
            }
            mDocuments << c;
        }
        for (quint32 seed : {44101u, 44102u}) {
            QRandomGenerator random(seed);
            GenOptions options{{QStringLiteral("hitbox"), QStringLiteral("hurtbox")},
                               LayerPairs{{QStringLiteral("hitbox"), QStringLiteral("hurtbox")}},
                               3,
                               true,
                               false};
            Case c;
            c.name = QStringLiteral("capsules-%1").arg(seed);
            c.doc = generateDocument(random, options);
            // Documents hold capsules (issue 43): the runtime file is the exporter's, and versus
            // answers the queries too (oracleAgreesWithVersus).
            c.documentPath = mDir.filePath(c.name + QStringLiteral(".json"));
            c.runtimePath = mDir.filePath(c.name + QStringLiteral(".runtime.json"));
            c.queriesPath = mDir.filePath(c.name + QStringLiteral(".queries.json"));
            QVERIFY(writeFile(c.documentPath, documentJson(c.doc)));
            const Run exported = runCli({QStringLiteral("export"), QStringLiteral("--format"),
                                         QStringLiteral("runtime"), c.documentPath,
                                         QStringLiteral("-o"), c.runtimePath});
            QVERIFY2(exported.exitCode == 0, exported.err.constData());
            c.queries = generateQueries(random, c.doc, 300);
            QVERIFY(writeFile(c.queriesPath, queriesJson(c.queries)));
            for (const GenQuery &q : c.queries) {
                c.oracle << oracleHits(c.doc, q);
                QString error;
                c.product << productHits(c, q, &error);
                QVERIFY2(error.isEmpty(), qPrintable(error));
            }
            mCapsules << c;
        }
    }

    // The oracle itself against hitsmith-cli versus, before either judges a loader: the same
    // pairs (save pairs within 1e-10 px of the touch tolerance), depth and normal within 1e-6.
    void oracleAgreesWithVersus() {
        int compared = 0, hits = 0, uncertain = 0;
        QStringList problems;
        for (const Case &c : mDocuments + mCapsules) {
            for (qsizetype i = 0; i < c.queries.size(); ++i) {
                const QString where = QStringLiteral("%1 query %2 (%3)")
                                          .arg(c.name)
                                          .arg(i)
                                          .arg(describe(c.queries[i]));
                for (const OracleHit &o : c.oracle[i]) {
                    uncertain += o.certain ? 0 : 1;
                    const auto it =
                        std::find_if(c.product[i].cbegin(), c.product[i].cend(),
                                     [&](const ProductHit &h) { return h.a == o.a && h.b == o.b; });
                    if (it == c.product[i].cend()) {
                        if (o.certain)
                            problems
                                << where + QStringLiteral(": versus lacks %1/%2").arg(o.a, o.b);
                        continue;
                    }
                    bool normalOk = o.normals.isEmpty();
                    for (QPointF n : o.normals)
                        normalOk = normalOk || near(n, it->normal);
                    if (std::abs(it->depth - o.depth) > kTolerance || !normalOk)
                        problems << where + QStringLiteral(": %1/%2 versus depth %3, oracle %4")
                                                .arg(o.a, o.b, number(it->depth), number(o.depth));
                }
                for (const ProductHit &h : c.product[i]) {
                    ++hits;
                    if (std::none_of(c.oracle[i].cbegin(), c.oracle[i].cend(),
                                     [&](const OracleHit &o) { return o.a == h.a && o.b == h.b; }))
                        problems << where + QStringLiteral(": versus has %1/%2, the oracle not")
                                                .arg(h.a, h.b);
                }
                ++compared;
            }
        }
        qInfo("oracle vs versus: %d queries, %d hits, %d within the tolerance band", compared, hits,
              uncertain);
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 12).join(u'\n')));
        QCOMPARE(compared, 1500); // 900 without capsules, 600 with
        QVERIFY(hits > 300);
    }

    void conformance_data() {
        QTest::addColumn<int>("driver");
        const QList<Driver> drivers = conformanceDrivers();
        for (int i = 0; i < drivers.size(); ++i)
            QTest::newRow(qPrintable(drivers[i].name)) << i;
    }

    // Each loader on the exported documents: versus's hits and the oracle's.
    void conformance() {
        QFETCH(int, driver);
        const Driver d = conformanceDrivers().at(driver);
        if (const QString missing = driverMissing(d); !missing.isEmpty())
            HITSMITH_SKIP_OR_FAIL(qPrintable(missing));
        checkDriver(d, mDocuments);
    }

    void capsules_data() { conformance_data(); }

    // Each loader on runtime files with capsules among the other shapes: the oracle's hits.
    void capsules() {
        QFETCH(int, driver);
        const Driver d = conformanceDrivers().at(driver);
        if (const QString missing = driverMissing(d); !missing.isEmpty())
            HITSMITH_SKIP_OR_FAIL(qPrintable(missing));
        checkDriver(d, mCapsules);
    }

    void handComputed_data() { conformance_data(); }

    // Each loader on the hand-made runtime files and queries of runtimes/tests, against the
    // answers worked out by hand (compare.py: same hits in the same order, 1e-9). The queries
    // include a time beyond the double range (1e999, which JSON.parse reads as an infinity):
    // each driver answers that query with an error line and goes on, none refuses the file.
    void handComputed() {
        QFETCH(int, driver);
        const Driver d = conformanceDrivers().at(driver);
        if (const QString missing = driverMissing(d); !missing.isEmpty())
            HITSMITH_SKIP_OR_FAIL(qPrintable(missing));
        const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
        QVERIFY2(!python.isEmpty(), "python3 runs runtimes/tests/compare.py");
        const QString tests =
            qEnvironmentVariable("HITSMITH_SOURCE_DIR") + QStringLiteral("/runtimes/tests/");
        for (const QString &name : {QStringLiteral("hand"), QStringLiteral("hand2")}) {
            const DriverRun run =
                runDriver(d, tests + name + QStringLiteral(".runtime.json"),
                          tests + name + QStringLiteral(".queries.json"), buildDir());
            QVERIFY2(run.finished && run.exitCode == 0 && run.err.isEmpty(),
                     qPrintable(name + QStringLiteral(": exit %1: ").arg(run.exitCode) +
                                QString::fromUtf8(run.err.left(2000))));
            const QString actual = mDir.filePath(d.name + u'-' + name + QStringLiteral(".jsonl"));
            QVERIFY(writeFile(actual, run.out));
            QProcess compare;
            compare.start(python, {tests + QStringLiteral("compare.py"),
                                   tests + name + QStringLiteral(".expected.jsonl"), actual});
            QVERIFY(compare.waitForFinished(60000));
            QVERIFY2(compare.exitCode() == 0,
                     qPrintable(name + QStringLiteral(": ") +
                                QString::fromUtf8(compare.readAllStandardError().left(2000))));
        }
    }

    void badInput_data() { conformance_data(); }

    // Truncated, corrupted and hostile runtime files: an error (exit 1, a message on stderr,
    // nothing on stdout) or, for a file still valid, an answer; never a crash or a hang. Schema
    // errors name where.
    void badInput() {
        QFETCH(int, driver);
        const Driver d = conformanceDrivers().at(driver);
        if (const QString missing = driverMissing(d); !missing.isEmpty())
            HITSMITH_SKIP_OR_FAIL(qPrintable(missing));
        const QByteArray valid = readFile(mDocuments[0].runtimePath);
        QVERIFY(!valid.isEmpty());
        const QString queries = mDir.filePath(QStringLiteral("bad.queries.json"));
        QVERIFY(writeFile(
            queries,
            R"([{"attacker":"s0","attacker_time_ms":0,"defender":"s1","defender_time_ms":50,"dx":10,"dy":0,"same_facing":false,"layers":null},
{"attacker":"a","attacker_time_ms":0,"defender":"a","defender_time_ms":0,"dx":0,"dy":0,"same_facing":true,"layers":[["x","x"]]}])"));
        struct Bad {
            QByteArray bytes;
            QString mustName; // empty: any outcome but a crash or a hang; else exit 1 naming this
        };
        QList<Bad> bad;
        for (int k = 0; k <= 40; ++k)
            bad << Bad{valid.left(valid.size() * k / 41), QStringLiteral("?")};
        QRandomGenerator random(4444);
        for (int k = 0; k < 40; ++k) {
            QByteArray b = valid;
            const int flips = 1 + int(random.bounded(4));
            for (int i = 0; i < flips; ++i)
                b[int(random.bounded(qsizetype(b.size())))] = char(random.bounded(256));
            bad << Bad{b, QString()};
        }
        const QByteArray head =
            R"({"format":"hitsmith-runtime","version":1,"layers":["x"],"attack_layer":null,"collide":null,"sprites":[{"name":"a","frames":[{"name":"f","duration_ms":DUR,"origin":[0,0],"motion":[0,0],"shapes":[SHAPE]}]}]})";
        const auto with = [&](const QByteArray &shape, const QByteArray &duration = "100") {
            return QByteArray(head).replace("SHAPE", shape).replace("DUR", duration);
        };
        const QByteArray circle =
            R"({"id":"c","layer":"x","type":"circle","center":[0,0],"radius":5})";
        const QString shape0 = QStringLiteral("sprites[0].frames[0].shapes[0]");
        bad << Bad{with(R"({"id":"c","layer":"x","type":"circle","center":[0,0],"radius":-1})"),
                   shape0 + QStringLiteral(".radius")}
            << Bad{with(R"({"id":"c","layer":"x","type":"circle","center":[0,0],"radius":"5"})"),
                   shape0 + QStringLiteral(".radius")}
            << Bad{with(R"({"id":"c","layer":"x","type":"circle","center":[0],"radius":5})"),
                   shape0 + QStringLiteral(".center")}
            << Bad{with(
                       R"({"id":"r","layer":"x","type":"rect","center":[0,0],"size":[0,4],"angle":0})"),
                   shape0 + QStringLiteral(".size")}
            << Bad{with(R"({"id":"p","layer":"x","type":"polygon","points":[[0,0],[1,1]]})"),
                   shape0 + QStringLiteral(".points")}
            << Bad{with(
                       R"({"id":"k","layer":"x","type":"capsule","ends":[[0,0],[1,1],[2,2]],"radius":1})"),
                   shape0 + QStringLiteral(".ends")}
            << Bad{with(
                       R"({"id":"k","layer":"x","type":"capsule","ends":[[0,0],[1,1]],"radius":0})"),
                   shape0 + QStringLiteral(".radius")}
            << Bad{with(R"({"id":"b","layer":"x","type":"blob"})"),
                   shape0 + QStringLiteral(".type")}
            << Bad{with(R"({"layer":"x","type":"circle","center":[0,0],"radius":5})"),
                   shape0 + QStringLiteral(".id")}
            << Bad{with(
                       R"({"id":"c","layer":"x","type":"circle","center":[0,0],"radius":5,"properties":{"k":[1]}})"),
                   shape0 + QStringLiteral(".properties.k")}
            << Bad{with(circle, "0"), QStringLiteral("sprites[0].frames[0].duration_ms")}
            << Bad{with(circle, "1.5"), QStringLiteral("sprites[0].frames[0].duration_ms")}
            << Bad{with(circle, "1e300"), QStringLiteral("sprites[0].frames[0].duration_ms")}
            << Bad{with(circle + "," + circle), QStringLiteral("sprites[0].frames[0].shapes[1]")}
            << Bad{with(circle).replace("\"version\":1", "\"version\":2"),
                   QStringLiteral("version")}
            << Bad{with(circle).replace("hitsmith-runtime", "hitsmith"), QStringLiteral("format")}
            << Bad{with(R"({"id":"c","layer":"x","type":"circle","center":[0,NaN],"radius":5})"),
                   QStringLiteral("?")}
            << Bad{with(R"({"id":"c","layer":"x","type":"circle","center":[0,1e999],"radius":5})"),
                   QStringLiteral("?")}
            << Bad{with(
                       R"({"id":"c\ud800","layer":"x","type":"circle","center":[0,0],"radius":5})"),
                   QString()} // lone surrogate: either way
            << Bad{with(R"({"id":"c\x","layer":"x","type":"circle","center":[0,0],"radius":5})"),
                   QStringLiteral("?")}
            << Bad{with(circle) + "]", QStringLiteral("?")}
            << Bad{QByteArray(200000, '['), QStringLiteral("?")}
            << Bad{QByteArray(R"({"format":"hitsmith-runtime","version":1,"sprites":)") +
                       QByteArray(100000, '['),
                   QStringLiteral("?")}
            << Bad{QByteArray("{\"a\":").repeated(50000), QStringLiteral("?")}
            << Bad{"\"unterminated", QStringLiteral("?")} << Bad{"[1,2,3]", QStringLiteral("?")}
            << Bad{"", QStringLiteral("?")};
        // Still valid: a BOM, a huge coordinate (no hit rather than NaN), an unknown field.
        bad << Bad{"\xEF\xBB\xBF" + with(circle), QString()}
            << Bad{with(
                       R"({"id":"c","layer":"x","type":"circle","center":[1e308,-1e308],"radius":1e308})"),
                   QString()}
            << Bad{with(
                       R"({"id":"c","layer":"x","type":"rect","center":[1e308,0],"size":[1e308,1e308],"angle":1e300,"later":{"x":[]}})"),
                   QString()};
        const QString path = mDir.filePath(QStringLiteral("bad.runtime.json"));
        QStringList problems;
        for (int i = 0; i < bad.size(); ++i) {
            QVERIFY(writeFile(path, bad[i].bytes));
            QElapsedTimer timer;
            timer.start();
            const DriverRun run = runDriver(d, path, queries, buildDir(), 60000);
            const QString where =
                QStringLiteral("input %1 (%2 bytes): ").arg(i).arg(bad[i].bytes.size());
            if (!run.finished) {
                problems << where + QStringLiteral("crashed or hung: ") +
                                QString::fromUtf8(run.err.left(1500));
                continue;
            }
            if (run.err.contains("Sanitizer") || run.err.contains("runtime error"))
                problems << where + QString::fromUtf8(run.err.left(1500));
            if (run.exitCode == 0) {
                if (!bad[i].mustName.isEmpty())
                    problems << where + QStringLiteral("accepted, expected an error");
                else if (run.out.count('\n') != 2)
                    problems << where +
                                    QStringLiteral("accepted but did not answer both queries: ") +
                                    QString::fromUtf8(run.out);
                continue;
            }
            if (run.exitCode != 1 || !run.out.isEmpty() || run.err.trimmed().isEmpty())
                problems << where + QStringLiteral("exit %1, stdout %2 bytes, stderr: %3")
                                        .arg(run.exitCode)
                                        .arg(run.out.size())
                                        .arg(QString::fromUtf8(run.err.left(500)));
            else if (!bad[i].mustName.isEmpty() && bad[i].mustName != u'?' &&
                     !QString::fromUtf8(run.err).contains(bad[i].mustName))
                problems << where + QStringLiteral("message does not name %1: %2")
                                        .arg(bad[i].mustName, QString::fromUtf8(run.err.trimmed()));
            if (timer.elapsed() > 30000)
                problems << where + QStringLiteral("took %1 ms").arg(timer.elapsed());
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.mid(0, 12).join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestRuntimesConformance)
#include "tst_runtimes_conformance.moc"
