// hitsmith-cli versus and range on the knight example against the slime, checked against
// Boost.Geometry (independent of the SAT and of the Minkowski range): the defender's shapes are
// placed (origin, mirror, offset) here with their own arithmetic, and Boost's overlap test must
// agree with the printed intervals at sampled distances outside a 1e-6 band, flip within 1e-6 of
// every endpoint, and agree with `versus` hits at the same distances.

#include "clirunner.h"
#include "hitsmithformat.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <cmath>
#include <numbers>

namespace bg = boost::geometry;
using namespace hitsmith;

namespace {

using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;

constexpr double kBand = 1e-6;

QString example() {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples/knight.json";
}

// A placed shape: an outline (polygon) or a circle.
struct Placed {
    QString layer;
    QList<QPointF> outline;
    QPointF center;
    double radius = -1; // >= 0 for circles
};

Placed place(const Shape &s, QPointF origin, double dx, double dy, bool mirror) {
    auto map = [&](QPointF p) {
        const double x = p.x() - origin.x(), y = p.y() - origin.y();
        return QPointF((mirror ? -x : x) + dx, y + dy);
    };
    Placed p;
    p.layer = s.layer;
    if (s.type == ShapeType::Circle) {
        p.center = map(s.center);
        p.radius = s.radius;
        return p;
    }
    QList<QPointF> points = s.points;
    if (s.type == ShapeType::Rect) {
        const double t = s.angle * std::numbers::pi / 180.0;
        const QPointF ux(std::cos(t), std::sin(t)), uy(-std::sin(t), std::cos(t));
        const QPointF hx = ux * (s.size.width() / 2), hy = uy * (s.size.height() / 2);
        points = {s.center - hx - hy, s.center + hx - hy, s.center + hx + hy, s.center - hx + hy};
    }
    for (const QPointF &q : points)
        p.outline << map(q);
    return p;
}

BPolygon toBoost(const QList<QPointF> &points) {
    BPolygon poly;
    for (const QPointF &p : points)
        bg::append(poly.outer(), BPoint(p.x(), p.y()));
    bg::correct(poly);
    return poly;
}

bool boostHit(const Placed &a, const Placed &b) {
    if (a.radius >= 0 && b.radius >= 0)
        return bg::distance(BPoint(a.center.x(), a.center.y()),
                            BPoint(b.center.x(), b.center.y())) <= a.radius + b.radius;
    if (a.radius >= 0)
        return bg::distance(BPoint(a.center.x(), a.center.y()), toBoost(b.outline)) <= a.radius;
    if (b.radius >= 0)
        return bg::distance(BPoint(b.center.x(), b.center.y()), toBoost(a.outline)) <= b.radius;
    return bg::intersects(toBoost(a.outline), toBoost(b.outline));
}

struct Setup {
    const Frame *attacker;
    const Frame *defender;
    double dy;
    QPointF root; // the attacker's origin: its root motion summed here, not by the product
};

bool boostHitAt(const Setup &s, double dx) {
    for (const Shape &a : s.attacker->shapes) {
        if (a.layer != QLatin1String("hitbox"))
            continue;
        const Placed pa =
            place(a, s.attacker->origin.value_or(QPointF()), s.root.x(), s.root.y(), false);
        for (const Shape &d : s.defender->shapes) {
            if (d.layer != QLatin1String("hurtbox"))
                continue;
            if (boostHit(pa, place(d, s.defender->origin.value_or(QPointF()), dx, s.dy, true)))
                return true;
        }
    }
    return false;
}

/// The attacker's accumulated root motion during frame f, summed independently.
QPointF rootOf(const Sprite &sprite, int f) {
    double x = 0, y = 0;
    for (int i = 0; i <= f; ++i) {
        x += sprite.frames[i].motion.x();
        y += sprite.frames[i].motion.y();
    }
    return {x, y};
}

/// The knight example with the root motion of every knight frame replaced by a made-up step
/// (forward, back, up and down), saved to path.
bool writeSteppingKnight(const QString &path) {
    ReadResult doc = loadDocumentFile(example());
    if (!doc.isOk())
        return false;
    QList<Frame> &frames = doc.document->sprites[0].frames;
    for (int f = 0; f < frames.size(); ++f)
        frames[f].motion = QPointF(std::fmod(f * 7.3, 11.0) - 3.0, f % 3 == 0 ? -2.5 : 1.25);
    QFile file(path);
    return file.open(QIODevice::WriteOnly) &&
           file.write(HitsmithFormat::serialize(*doc.document)) > 0;
}

QJsonObject runJson(const QStringList &arguments) {
    const CliRun run = runCli(arguments);
    if (run.exitCode != 0)
        qWarning() << run.err;
    return QJsonDocument::fromJson(run.out).object();
}

} // namespace

class TestCliVersus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void versusPrintsTheKnightsHitOnTheSlime();
    void rangeAgreesWithBoostAndVersus_data();
    void rangeAgreesWithBoostAndVersus();
    void badArgumentsAreReported_data();
    void badArgumentsAreReported();
    void defaultsTestTheAttackLayerOneWay();

private:
    QTemporaryDir mDir;
};

// Issue 26, item 4: without --layers, versus and range tested the collide matrix either way
// round, so the slime's contact hitbox on the knight's body was the knight's hit. They now test
// what the editor's Versus dock tests: the attack layer, one way.
void TestCliVersus::defaultsTestTheAttackLayerOneWay() {
    for (const char *defender : {"slime/idle", "slime/squash", "slime/jump"}) {
        for (const char *dy : {"0", "-10"}) {
            const QStringList base{"range",      example(), "--attacker", "knight",
                                   "--defender", defender,  "--dy",       dy};
            const CliRun byDefault = runCli(base);
            QCOMPARE(byDefault.exitCode, 0);
            QCOMPARE(byDefault.out, runCli(QStringList(base) << "--layers"
                                                             << "hitbox:hurtbox")
                                        .out);
        }
    }
    const QStringList idle{"versus",     example(), "--attacker", "knight/idle", "--defender",
                           "slime/idle", "--dx",    "4",          "--dy",        "-10"};
    QCOMPARE(runCli(idle).out, QByteArray("{\"hits\":[]}\n"));
    QVERIFY(!runJson(QStringList(idle) << "--layers"
                                       << "hurtbox:hitbox")["hits"]
                 .toArray()
                 .isEmpty()); // the defender's contact on the knight's body
}

void TestCliVersus::versusPrintsTheKnightsHitOnTheSlime() {
    // The knight has stepped forward by attack-2 (root motion): the slime stands 30 px ahead.
    const ReadResult doc = loadDocumentFile(example());
    QVERIFY(doc.isOk());
    const double dx = 30 + rootOf(doc.document->sprites[0], 2).x();
    QVERIFY(dx > 30);
    const CliRun run =
        runCli({"versus", example(), "--attacker", "knight/attack-2", "--defender", "slime/idle",
                "--dx", QString::number(dx), "--dy", "-10", "--layers", "hitbox:hurtbox"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(R"({"hits":[{"a":"swing","b":"body","depth":)"), run.out);
    const QJsonArray hits = QJsonDocument::fromJson(run.out).object()["hits"].toArray();
    QCOMPARE(hits.size(), 1);
    const double depth = hits[0]["depth"].toDouble();
    QVERIFY(depth > 0);
    // Moving the defender by depth * normal (plus a nudge) separates it, per Boost.
    const Setup setup{&doc.document->sprites[0].frames[2], &doc.document->sprites[1].frames[0], -10,
                      rootOf(doc.document->sprites[0], 2)};
    const QJsonArray n = hits[0]["normal"].toArray();
    QVERIFY(boostHitAt(setup, dx));
    Setup moved = setup;
    moved.dy = -10 + n[1].toDouble() * (depth + kBand);
    QVERIFY(!boostHitAt(moved, dx + n[0].toDouble() * (depth + kBand)));
}

void TestCliVersus::rangeAgreesWithBoostAndVersus_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("defender");
    QTest::addColumn<double>("dy");
    QVERIFY(mDir.isValid());
    const QString stepping = mDir.filePath("stepping.json");
    QVERIFY(writeSteppingKnight(stepping));
    for (const QString &file : {example(), stepping})
        for (const char *frame : {"slime/idle", "slime/squash", "slime/jump"})
            for (double dy : {0.0, -5.0, -10.0, -15.0})
                QTest::newRow(qPrintable(QStringLiteral("%1 %2 dy %3")
                                             .arg(QFileInfo(file).baseName(), QLatin1String(frame))
                                             .arg(dy)))
                    << file << QString(frame) << dy;
}

void TestCliVersus::rangeAgreesWithBoostAndVersus() {
    QFETCH(QString, file);
    QFETCH(QString, defender);
    QFETCH(double, dy);
    const ReadResult doc = loadDocumentFile(file);
    QVERIFY(doc.isOk());
    const auto [ds, df] = doc.document->findFrame(defender);
    const QJsonObject range =
        runJson({"range", file, "--attacker", "knight", "--defender", defender, "--dy",
                 QString::number(dy), "--layers", "hitbox:hurtbox"});
    const QJsonArray frames = range["frames"].toArray();
    const QList<Frame> &knight = doc.document->sprites[0].frames;
    QCOMPARE(frames.size(), knight.size());
    for (int f = 0; f < knight.size(); ++f) {
        QCOMPARE(frames[f]["frame"].toString(), knight[f].name);
        const Setup setup{&knight[f], &doc.document->sprites[ds].frames[df], dy,
                          rootOf(doc.document->sprites[0], f)};
        QList<std::pair<double, double>> intervals;
        for (const QJsonValue &v : frames[f]["intervals"].toArray())
            intervals.append({v[0].toDouble(), v[1].toDouble()});
        auto inside = [&](double x) {
            for (auto [lo, hi] : intervals)
                if (x >= lo && x <= hi)
                    return true;
            return false;
        };
        auto nearEnd = [&](double x) {
            for (auto [lo, hi] : intervals)
                if (std::abs(x - lo) <= kBand || std::abs(x - hi) <= kBand)
                    return true;
            return false;
        };
        for (double x = -80; x <= 120; x += 0.37) {
            if (!nearEnd(x))
                QVERIFY2(boostHitAt(setup, x) == inside(x),
                         qPrintable(QString("%1 dx %2").arg(knight[f].name).arg(x)));
        }
        for (auto [lo, hi] : intervals) {
            QVERIFY(boostHitAt(setup, lo + kBand) && !boostHitAt(setup, lo - kBand));
            QVERIFY(boostHitAt(setup, hi - kBand) && !boostHitAt(setup, hi + kBand));
            // versus at the middle of the interval reports a hit, just outside none.
            const QString attacker = "knight/" + knight[f].name;
            for (auto [x, expected] :
                 {std::pair((lo + hi) / 2, true), std::pair(hi + 0.01, false)}) {
                const QJsonObject v =
                    runJson({"versus", file, "--attacker", attacker, "--defender", defender, "--dx",
                             QString::number(x, 'g', 17), "--dy", QString::number(dy), "--layers",
                             "hitbox:hurtbox"});
                QCOMPARE(!v["hits"].toArray().isEmpty(), expected);
            }
        }
    }
}

void TestCliVersus::badArgumentsAreReported_data() {
    // Both commands read the shared options the same way: each mistake, in each command.
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    const QStringList versus{"versus", "--attacker", "knight/attack-2", "--defender", "slime/idle",
                             "--dx",   "1"};
    const QStringList range{"range", "--attacker", "knight", "--defender", "slime/idle"};
    for (const QStringList &base : {versus, range}) {
        const QString name = base.first();
        QStringList unknownDefender = base;
        unknownDefender[unknownDefender.indexOf("slime/idle")] = "slime/nowhere";
        QTest::newRow(qPrintable(name + ": unknown defender frame"))
            << unknownDefender << "no frame \"slime/nowhere\"";
        QTest::newRow(qPrintable(name + ": layers not a pair")) << (QStringList(base) << "--layers"
                                                                                      << "hitbox")
                                                                << "\"hitbox\" is not a layer pair";
        QTest::newRow(qPrintable(name + ": dy not a number")) << (QStringList(base) << "--dy"
                                                                                    << "up")
                                                              << "--dy must be a finite number";
        QTest::newRow(qPrintable(name + ": dy infinite")) << (QStringList(base) << "--dy"
                                                                                << "inf")
                                                          << "--dy must be a finite number";
        QTest::newRow(qPrintable(name + ": two documents"))
            << (QStringList(base) << "other.json") << "give exactly one DOC";
        QTest::newRow(qPrintable(name + ": no defender")) << base.mid(0, 3) << "required";
    }
    QTest::newRow("versus: unknown attacker frame")
        << QStringList{"versus", "--attacker", "knight/attack-9", "--defender", "slime/idle",
                       "--dx",   "1"}
        << "no frame \"knight/attack-9\"";
    QTest::newRow("versus: dx not a number")
        << QStringList{"versus", "--attacker", "knight/attack-2", "--defender", "slime/idle",
                       "--dx",   "nan"}
        << "--dx must be a finite number";
    QTest::newRow("range: unknown attacker sprite")
        << QStringList{"range", "--attacker", "ogre", "--defender", "slime/idle"}
        << "no sprite \"ogre\"";
}

void TestCliVersus::badArgumentsAreReported() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    arguments.insert(1, example());
    const CliRun run = runCli(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err);
    QCOMPARE(run.out, QByteArray());
}

QTEST_GUILESS_MAIN(TestCliVersus)
#include "tst_cli_versus.moc"
