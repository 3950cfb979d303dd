// Issue 29 through hitsmith-cli: `range --sweep` tunnels and `moveset` on generated characters
// with root motion, checked against Boost.Geometry (the swept hulls built here with
// convex_hull, a circle's sweep as the distance to its centres' segment, placements and root
// motion summed with the test's own arithmetic); and the knight example's tunnel.

#include "clirunner.h"
#include "hitsmithformat.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/segment.hpp>

#include <cmath>
#include <numbers>
#include <random>

namespace bg = boost::geometry;
using namespace hitsmith;

namespace {

using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;
using BSegment = bg::model::segment<BPoint>;

constexpr double kBand = 1e-6;

QString example() {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples/knight.json";
}

using Intervals = QList<std::pair<double, double>>;

Intervals intervalsOf(const QJsonValue &value) {
    Intervals result;
    for (const QJsonValue &v : value.toArray())
        result.append({v[0].toDouble(), v[1].toDouble()});
    return result;
}

bool inside(const Intervals &intervals, double x) {
    for (auto [lo, hi] : intervals)
        if (x >= lo && x <= hi)
            return true;
    return false;
}

double distanceToEndpoint(const Intervals &intervals, double x) {
    double d = 1e300;
    for (auto [lo, hi] : intervals)
        d = std::min({d, std::abs(x - lo), std::abs(x - hi)});
    return d;
}

// ---- the independent reference ---------------------------------------------------------------

// A placed shape: an outline, or a circle.
struct Placed {
    QList<QPointF> outline;
    QPointF center;
    double radius = -1; // >= 0 for circles
};

Placed place(const Shape &s, QPointF origin, QPointF at, bool mirror) {
    auto map = [&](QPointF p) {
        const double x = p.x() - origin.x(), y = p.y() - origin.y();
        return QPointF((mirror ? -x : x) + at.x(), y + at.y());
    };
    Placed p;
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
    bg::model::multi_point<BPoint> cloud;
    for (const QPointF &p : points)
        bg::append(cloud, BPoint(p.x(), p.y()));
    BPolygon hull;
    bg::convex_hull(cloud, hull);
    return hull;
}

bool hit(const Placed &a, const Placed &b) {
    if (a.radius >= 0 && b.radius >= 0)
        return std::hypot(a.center.x() - b.center.x(), a.center.y() - b.center.y()) <=
               a.radius + b.radius;
    if (a.radius >= 0)
        return bg::distance(BPoint(a.center.x(), a.center.y()), toBoost(b.outline)) <= a.radius;
    if (b.radius >= 0)
        return bg::distance(BPoint(b.center.x(), b.center.y()), toBoost(a.outline)) <= b.radius;
    return bg::intersects(toBoost(a.outline), toBoost(b.outline));
}

// The swept area of a shape between two placements (same type; circles of one radius).
bool sweptHit(const Placed &from, const Placed &to, const Placed &b) {
    if (from.radius >= 0) {
        const BSegment axis(BPoint(from.center.x(), from.center.y()),
                            BPoint(to.center.x(), to.center.y()));
        if (b.radius >= 0)
            return bg::distance(axis, BPoint(b.center.x(), b.center.y())) <= from.radius + b.radius;
        return bg::distance(axis, toBoost(b.outline)) <= from.radius;
    }
    Placed hull;
    hull.outline = from.outline + to.outline;
    return hit(hull, b);
}

QPointF rootOf(const Sprite &sprite, int f) {
    double x = 0, y = 0;
    for (int i = 0; i <= f; ++i) {
        x += sprite.frames[i].motion.x();
        y += sprite.frames[i].motion.y();
    }
    return {x, y};
}

// hitbox shapes of the attacker frame against hurtbox shapes of the defender (mirrored).
struct Scene {
    const Sprite *attacker;
    const Frame *defender;
    double dy;

    bool connects(int f, double dx) const {
        const Frame &a = attacker->frames[f];
        for (const Shape &s : a.shapes) {
            if (s.layer != "hitbox")
                continue;
            const Placed pa = place(s, a.origin.value_or(QPointF()), rootOf(*attacker, f), false);
            for (const Shape &d : defender->shapes)
                if (d.layer == "hurtbox" &&
                    hit(pa, place(d, defender->origin.value_or(QPointF()), {dx, dy}, true)))
                    return true;
        }
        return false;
    }
    bool sweeps(int f, double dx) const {
        const Frame &a = attacker->frames[f], &p = attacker->frames[f - 1];
        for (const Shape &s : a.shapes) {
            const qsizetype i = p.indexOfShape(s.id);
            if (s.layer != "hitbox" || i < 0 || p.shapes[i].layer != "hitbox")
                continue;
            const Placed to = place(s, a.origin.value_or(QPointF()), rootOf(*attacker, f), false);
            const Placed from =
                place(p.shapes[i], p.origin.value_or(QPointF()), rootOf(*attacker, f - 1), false);
            for (const Shape &d : defender->shapes)
                if (d.layer == "hurtbox" &&
                    sweptHit(from, to,
                             place(d, defender->origin.value_or(QPointF()), {dx, dy}, true)))
                    return true;
        }
        return false;
    }
    bool tunnels(int f, double dx) const {
        return sweeps(f, dx) && !connects(f - 1, dx) && !connects(f, dx);
    }
};

// ---- generation ------------------------------------------------------------------------------

/// Moves that swing fast and step: `moves` sprites of 3 to 6 frames, each with a body hurtbox,
/// and attack shapes "a0" (a rectangle, a polygon or a circle, the same type and radius on every
/// frame) and sometimes "a1", jumping up to 70 px between frames; every frame has a root
/// motion. Plus a defender "dummy" with a thin hurtbox (frame "thin") and a wide one ("wide").
DocumentData generated(int moves, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    const auto uniform = [&](double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    const auto integer = [&](int lo, int hi) {
        return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    DocumentData data;
    data.collide = QList<LayerPair>{{"hitbox", "hurtbox"}};
    for (int m = 0; m < moves; ++m) {
        Sprite sprite;
        sprite.name = QStringLiteral("move-%1").arg(m);
        const int frames = integer(3, 6);
        const int type = integer(0, 2);
        const double radius = uniform(2, 8);
        const int firstActive = integer(0, 1), lastActive = integer(firstActive + 1, frames - 1);
        for (int f = 0; f < frames; ++f) {
            Frame frame;
            frame.name = QStringLiteral("f%1").arg(f);
            frame.origin = QPointF(uniform(20, 40), uniform(50, 60));
            frame.motion = QPointF(uniform(-2, 12), uniform(-3, 3));
            frame.shapes << Shape::rect("body", {30, 40}, {16, 36}, 0, "hurtbox");
            const bool active = f >= firstActive && f <= lastActive;
            for (int k = 0; active && k < (m % 3 == 0 ? 2 : 1); ++k) {
                const QPointF c(uniform(20, 100), uniform(10, 60));
                const QString id = QStringLiteral("a%1").arg(k);
                if (type == 0) {
                    frame.shapes << Shape::rect(id, c, {uniform(3, 20), uniform(2, 10)},
                                                uniform(-90, 90), "hitbox");
                } else if (type == 1) {
                    QList<QPointF> points;
                    const int n = integer(3, 6);
                    const double rx = uniform(3, 12), ry = uniform(3, 12);
                    for (int i = 0; i < n; ++i) {
                        const double t = 2 * std::numbers::pi * (i + uniform(-0.3, 0.3)) / n;
                        points << c + QPointF(rx * std::cos(t), ry * std::sin(t));
                    }
                    frame.shapes << Shape::polygon(id, points, "hitbox");
                } else {
                    frame.shapes << Shape::circle(id, c, radius, "hitbox");
                }
            }
            sprite.frames << frame;
        }
        data.sprites << sprite;
    }
    Sprite dummy;
    dummy.name = "dummy";
    Frame thin;
    thin.name = "thin";
    thin.origin = QPointF(10, 60);
    thin.shapes << Shape::rect("pole", {10, 30}, {1.5, 60}, 0, "hurtbox");
    Frame wide = thin;
    wide.name = "wide";
    wide.shapes = {Shape::rect("torso", {10, 35}, {18, 40}, 0, "hurtbox"),
                   Shape::circle("head", {10, 8}, 6, "hurtbox")};
    dummy.frames << thin << wide;
    data.sprites << dummy;
    return data;
}

bool save(const DocumentData &data, const QString &path) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(HitsmithFormat::serialize(data)) > 0;
}

QJsonObject runJson(const QStringList &arguments) {
    const CliRun run = runCli(arguments);
    if (run.exitCode != 0)
        qWarning() << run.err;
    return QJsonDocument::fromJson(run.out).object();
}

} // namespace

class TestCliMoveset : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sweepAgreesWithBoost_data();
    void sweepAgreesWithBoost();
    void movesetSumsTheFrames();
    void svgChartIsWellFormed();
    void knightTunnelsThroughThePole();
    void defenderFromAnotherDocument();

private:
    QTemporaryDir mDir;
};

void TestCliMoveset::sweepAgreesWithBoost_data() {
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<QString>("defender");
    QTest::addColumn<double>("dy");
    for (quint64 seed : {1u, 2u, 3u})
        for (const char *defender : {"dummy/thin", "dummy/wide"})
            QTest::addRow("seed %llu %s", seed, defender)
                << seed << QString(defender) << (seed == 2 ? -8.0 : 0.0);
}

void TestCliMoveset::sweepAgreesWithBoost() {
    QFETCH(quint64, seed);
    QFETCH(QString, defender);
    QFETCH(double, dy);
    const DocumentData data = generated(6, seed);
    const QString path = mDir.filePath(QStringLiteral("gen-%1.json").arg(seed));
    QVERIFY(save(data, path));
    const auto [ds, df] = data.findFrame(defender);
    int tunnels = 0, checked = 0, bisections = 0;
    for (int m = 0; m + 1 < data.sprites.size(); ++m) {
        const Sprite &sprite = data.sprites[m];
        const QJsonObject range =
            runJson({"range", path, "--attacker", sprite.name, "--defender", defender, "--dy",
                     QString::number(dy), "--layers", "hitbox:hurtbox", "--sweep"});
        const QJsonArray frames = range["frames"].toArray();
        QCOMPARE(frames.size(), sprite.frames.size());
        QCOMPARE(frames[0]["tunnel"].toArray().size(), 0);
        const Scene scene{&sprite, &data.sprites[ds].frames[df], dy};
        for (int f = 1; f < sprite.frames.size(); ++f) {
            const Intervals tunnel = intervalsOf(frames[f]["tunnel"]);
            tunnels += tunnel.size();
            const QString where = QStringLiteral("%1/f%2").arg(sprite.name).arg(f);
            double previousX = 0;
            bool previous = false;
            for (double x = -60; x <= 160; x += 0.53) {
                const bool expected = scene.tunnels(f, x);
                if (distanceToEndpoint(tunnel, x) > kBand) {
                    ++checked;
                    QVERIFY2(
                        inside(tunnel, x) == expected,
                        qPrintable(where + QString(" dx %1: Boost says %2").arg(x).arg(expected)));
                }
                if (x > -60 && expected != previous) {
                    double lo = previousX, hi = x;
                    for (int step = 0; step < 60 && hi - lo > 1e-10; ++step) {
                        const double mid = (lo + hi) / 2;
                        (scene.tunnels(f, mid) == previous ? lo : hi) = mid;
                    }
                    ++bisections;
                    QVERIFY2(distanceToEndpoint(tunnel, (lo + hi) / 2) <= kBand,
                             qPrintable(where + QString(": Boost flips at %1, no endpoint near")
                                                    .arg((lo + hi) / 2, 0, 'g', 17)));
                }
                previousX = x;
                previous = expected;
            }
            for (auto [lo, hi] : tunnel) {
                QVERIFY2(hi > lo, qPrintable(where));
                QVERIFY2(scene.tunnels(f, (lo + hi) / 2), qPrintable(where + ": middle"));
            }
        }
    }
    qInfo("%d tunnel intervals, %d samples, %d bisections", tunnels, checked, bisections);
    if (defender == "dummy/thin")
        QVERIFY(tunnels > 0 && bisections > 0); // the generator does make swings pass through
}

void TestCliMoveset::movesetSumsTheFrames() {
    const DocumentData data = generated(8, 7);
    const QString path = mDir.filePath("gen-moveset.json");
    QVERIFY(save(data, path));
    const QJsonObject moveset =
        runJson({"moveset", path, "--defender", "dummy/thin", "--layers", "hitbox:hurtbox"});
    const QJsonArray moves = moveset["moves"].toArray();
    QCOMPARE(moves.size(), 8); // the dummy has no attack: not a move
    int firstPieces = 0, tunnels = 0;
    for (int m = 0; m < moves.size(); ++m) {
        const QJsonObject move = moves[m].toObject();
        const Sprite &sprite = data.sprites[m];
        QCOMPARE(move["sprite"].toString(), sprite.name);
        const Scene scene{&sprite, &data.sprites.last().frames[0], 0};
        // startup + active + recovery = every frame; the first active frame has an attack.
        QCOMPARE(move["startup"].toInt() + move["active"].toInt() + move["recovery"].toInt(),
                 int(sprite.frames.size()));
        QCOMPARE(sprite.frames[move["startup"].toInt()].indexOfShape("a0") >= 0, true);
        const Intervals reach = intervalsOf(move["reach"]);
        const Intervals tunnel = intervalsOf(move["tunnel"]);
        const QJsonArray first = move["first_frame"].toArray();
        firstPieces += first.size();
        tunnels += tunnel.size();
        for (double x = -60; x <= 160; x += 0.41) {
            int firstFrame = -1;
            bool swept = false;
            for (int f = 0; f < sprite.frames.size(); ++f) {
                if (firstFrame < 0 && scene.connects(f, x))
                    firstFrame = f;
                swept = swept || (f > 0 && scene.tunnels(f, x));
            }
            const bool nearEnd = distanceToEndpoint(reach, x) <= kBand;
            if (!nearEnd)
                QVERIFY2(inside(reach, x) == (firstFrame >= 0),
                         qPrintable(QString("%1 dx %2").arg(sprite.name).arg(x)));
            if (distanceToEndpoint(tunnel, x) > kBand && !nearEnd)
                QVERIFY2(inside(tunnel, x) == (swept && firstFrame < 0),
                         qPrintable(QString("%1 tunnel dx %2").arg(sprite.name).arg(x)));
            for (const QJsonValue &piece : first) {
                const double from = piece["from"].toDouble(), to = piece["to"].toDouble();
                if (x > from + kBand && x < to - kBand)
                    QCOMPARE(piece["frame"].toString(), sprite.frames[firstFrame].name);
            }
        }
    }
    QVERIFY(firstPieces > 8);
    QVERIFY(tunnels > 0);
}

void TestCliMoveset::svgChartIsWellFormed() {
    const DocumentData data = generated(5, 11);
    const QString path = mDir.filePath("gen-svg.json");
    const QString svg = mDir.filePath("chart.svg");
    QVERIFY(save(data, path));
    const CliRun run = runCli({"moveset", path, "--defender", "dummy/thin", "--svg", svg});
    QCOMPARE(run.exitCode, 0);
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    int bars = 0, hatched = 0, rows = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement || xml.name() != u"rect")
            continue;
        const QString fill = xml.attributes().value("fill").toString();
        bars += fill.startsWith(u'#') && xml.attributes().value("height") == u"7.00";
        hatched += xml.attributes().value("class") == u"tunnel";
        rows += fill == "#f2f2f2";
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(rows, 5);
    // A bar per active frame's interval, a hatch per tunnel.
    const QJsonArray moves = QJsonDocument::fromJson(run.out).object()["moves"].toArray();
    int intervals = 0, tunnels = 0;
    for (int m = 0; m < moves.size(); ++m) {
        const QJsonObject range = runJson(
            {"range", path, "--attacker", data.sprites[m].name, "--defender", "dummy/thin"});
        for (const QJsonValue &f : range["frames"].toArray())
            intervals += f["intervals"].toArray().size();
        tunnels += moves[m]["tunnel"].toArray().size();
    }
    QCOMPARE(bars, intervals);
    QCOMPARE(hatched, tunnels);
}

// The knight's lunge steps forward and swings its blade past the pole between two frames.
void TestCliMoveset::knightTunnelsThroughThePole() {
    const QJsonObject range = runJson(
        {"range", example(), "--attacker", "knight", "--defender", "pole/stand", "--sweep"});
    const QJsonArray frames = range["frames"].toArray();
    QVERIFY(!frames.isEmpty());
    QStringList tunnelled;
    for (const QJsonValue &f : frames)
        if (!f["tunnel"].toArray().isEmpty())
            tunnelled << f["frame"].toString();
    QCOMPARE(tunnelled, QStringList{"attack-2"});
    // Between attack-1's reach and attack-2's: the pole is in neither.
    const Intervals tunnel = intervalsOf(frames[2]["tunnel"]);
    QCOMPARE(tunnel.size(), 1);
    QVERIFY(tunnel[0].second - tunnel[0].first > 1);
    QCOMPARE(tunnel[0].first, intervalsOf(frames[1]["intervals"]).last().second);
    QCOMPARE(tunnel[0].second, intervalsOf(frames[2]["intervals"]).first().first);
}

// --defender-doc: the defender read from another document gives the same moves as in one
// document, and its sprite is not a move.
void TestCliMoveset::defenderFromAnotherDocument() {
    const DocumentData both = generated(4, 5);
    DocumentData attacks = both, defender = both;
    attacks.sprites.removeLast();
    defender.sprites = {both.sprites.last()};
    const QString bothPath = mDir.filePath("both.json"),
                  attacksPath = mDir.filePath("attacks.json"),
                  defenderPath = mDir.filePath("dummy.json");
    QVERIFY(save(both, bothPath) && save(attacks, attacksPath) && save(defender, defenderPath));
    const CliRun one = runCli({"moveset", bothPath, "--defender", "dummy/wide"});
    const CliRun two = runCli(
        {"moveset", attacksPath, "--defender-doc", defenderPath, "--defender", "dummy/wide"});
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(two.exitCode, 0);
    QCOMPARE(two.out, one.out);
    QCOMPARE(QJsonDocument::fromJson(two.out)["moves"].toArray().size(), 4);
    const CliRun missing = runCli(
        {"moveset", attacksPath, "--defender-doc", defenderPath, "--defender", "dummy/none"});
    QCOMPARE(missing.exitCode, 2);
    QVERIFY2(missing.err.contains("no frame \"dummy/none\""), missing.err.constData());
}

QTEST_GUILESS_MAIN(TestCliMoveset)
#include "tst_cli_moveset.moc"
