// Capsule pair tests (issue 43) against an independent oracle: the signed penetration of two
// convex shapes is min over unit directions u of the support-function overlap
// h_A(u) + h_B(-u), sampled at 100000 angles and refined by golden-section search; negative means
// apart. Plus hand-worked cases.
#include "collision/capsule.h"

#include <QtTest>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

using namespace hitsmith::collision;

namespace {

double support(const std::vector<Vec2> &pts, double radius, Vec2 u) {
    double m = -1e300;
    for (Vec2 p : pts)
        m = std::max(m, p.x * u.x + p.y * u.y);
    return m + radius;
}

struct Oracle {
    double depth;
    Vec2 normal;
};

Oracle oracle(const std::vector<Vec2> &a, double ra, const std::vector<Vec2> &b, double rb) {
    auto f = [&](double t) {
        const Vec2 u{std::cos(t), std::sin(t)};
        return support(a, ra, u) + support(b, rb, -u);
    };
    constexpr int kSamples = 100000;
    double bestT = 0, best = 1e300;
    for (int i = 0; i < kSamples; ++i) {
        const double t = 2 * std::numbers::pi * i / kSamples;
        const double v = f(t);
        if (v < best)
            best = v, bestT = t;
    }
    const double step = 2 * std::numbers::pi / kSamples;
    double lo = bestT - step, hi = bestT + step;
    const double g = (std::sqrt(5.0) - 1) / 2;
    for (int i = 0; i < 200; ++i) {
        const double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
        if (f(m1) < f(m2))
            hi = m2;
        else
            lo = m1;
    }
    const double t = (lo + hi) / 2;
    return {f(t), {std::cos(t), std::sin(t)}};
}

} // namespace

class TestCapsule : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handWorked();
    void randomAgainstOracle();
};

void TestCapsule::handWorked() {
    // Parallel horizontal capsules r = 1, 1.5 at y = 0 and y = 2: overlap 0.5 along +y.
    auto c = collideCapsules({{0, 0}, {10, 0}, 1.0}, {{2, 2}, {12, 2}, 1.5});
    QVERIFY(c);
    QCOMPARE(c->depth, 0.5);
    QCOMPARE(c->normal.x, 0.0);
    QCOMPARE(c->normal.y, 1.0);
    // End caps touching: ends 2 apart on the x axis, radii 1 + 1.
    c = collideCapsules({{-5, 0}, {0, 0}, 1.0}, {{2, 0}, {7, 0}, 1.0});
    QVERIFY(c);
    QCOMPARE(c->depth, 0.0);
    QCOMPARE(c->normal.x, 1.0);
    // Just apart.
    QVERIFY(!collideCapsules({{-5, 0}, {0, 0}, 1.0}, {{2.001, 0}, {7, 0}, 1.0}));
    // A vertical capsule (half-length 5, r 0.5) through a thin rect 20 x 0.2: the cores cross;
    // along y the push is 0.1 + 5 + 0.5 = 5.6, along x 10 + 0.5 = 10.5, so y wins.
    c = collideRectCapsule(makeRect({0, 0}, {20, 0.2}, 0), {{0, -5}, {0, 5}, 0.5});
    QVERIFY(c);
    QCOMPARE(c->depth, 5.6);
    QCOMPARE(std::abs(c->normal.y), 1.0);
    // Collinear overlapping cores: sideways (0 + 1 + 1 = 2) beats along the line (5 + 2).
    c = collideCapsules({{0, 0}, {10, 0}, 1.0}, {{5, 0}, {15, 0}, 1.0});
    QVERIFY(c);
    QCOMPARE(c->depth, 2.0);
    QCOMPARE(std::abs(c->normal.y), 1.0);
    // Degenerate ends: a capsule with equal ends is a circle.
    c = collideCapsuleCircle({{0, 0}, {0, 0}, 2.0}, {{3, 0}, 2.0});
    QVERIFY(c);
    QCOMPARE(c->depth, 1.0);
    QCOMPARE(c->normal.x, 1.0);
    // A rectangle of size 0 (a point, valid) has no inside: far from a capsule it misses (the
    // world's brute-force check found it hitting everything), and within r it hits as a point.
    QVERIFY(!collideRectCapsule(makeRect({233, 717}, {0, 0}, 0), {{736, 423}, {731, 416}, 1.8}));
    c = collideRectCapsule(makeRect({5, 1}, {0, 0}, 0), {{0, 0}, {10, 0}, 3.0});
    QVERIFY(c);
    QCOMPARE(c->depth, 2.0);
    QCOMPARE(c->normal.y, -1.0);
    // A zero-area polygon (three points on a line) away from a capsule: no hit.
    const std::vector<Vec2> line{{0, 0}, {5, 5}, {10, 10}};
    QVERIFY(!collideHullCapsule(line, 0.0, {{20, 0}, {30, 0}, 1.0}));
}

void TestCapsule::randomAgainstOracle() {
    std::mt19937 rng(43);
    std::uniform_real_distribution<double> pos(-20, 20), rad(0.1, 6), ang(0, 360), size(0.5, 15);
    int hits = 0, misses = 0;
    for (int k = 0; k < 2000; ++k) {
        const Capsule b{{pos(rng), pos(rng)}, {pos(rng), pos(rng)}, rad(rng)};
        std::vector<Vec2> a;
        double ra = 0;
        std::optional<Contact> got;
        switch (k % 4) {
        case 0: {
            const Capsule ca{{pos(rng), pos(rng)}, {pos(rng), pos(rng)}, rad(rng)};
            a = {ca.p, ca.q};
            ra = ca.radius;
            got = collideCapsules(ca, b);
            break;
        }
        case 1: {
            const Circle ci{{pos(rng), pos(rng)}, rad(rng)};
            got = collideCapsuleCircle(Capsule{b.p, b.q, b.radius}, ci);
            // circle is b here: swap roles for the oracle
            a = {b.p, b.q};
            ra = b.radius;
            const Oracle o = oracle(a, ra, {ci.center}, ci.radius);
            QCOMPARE(bool(got), o.depth >= -1e-9);
            if (got && o.depth > 1e-3) {
                QVERIFY2(std::abs(got->depth - o.depth) < 1e-6, qPrintable(QString::number(k)));
                QVERIFY(std::abs(got->normal.x - o.normal.x) < 1e-4);
                QVERIFY(std::abs(got->normal.y - o.normal.y) < 1e-4);
            }
            (got ? hits : misses)++;
            continue;
        }
        case 2: {
            const OrientedRect r = makeRect({pos(rng), pos(rng)}, {size(rng), size(rng)}, ang(rng));
            for (int i = 0; i < 4; ++i)
                a.push_back(r.corner(i));
            got = collideRectCapsule(r, b);
            break;
        }
        default: {
            const Vec2 c{pos(rng), pos(rng)};
            const double s = size(rng);
            for (int i = 0; i < 6; ++i) {
                const double t = (i * 60 + ang(rng) / 8) * std::numbers::pi / 180;
                a.push_back({c.x + s * std::cos(t), c.y + s * std::sin(t)});
            }
            if (k % 8 == 3)
                std::reverse(a.begin(), a.end());
            got = collidePolygonCapsule(makePolygon(a), b);
        }
        }
        const Oracle o = oracle(a, ra, {b.p, b.q}, b.radius);
        QVERIFY2(bool(got) == (o.depth >= -1e-9), qPrintable(QString::number(k)));
        if (got && o.depth > 1e-3) {
            QVERIFY2(std::abs(got->depth - o.depth) < 1e-6,
                     qPrintable(QString("%1: %2 vs %3").arg(k).arg(got->depth).arg(o.depth)));
            QVERIFY(std::abs(got->normal.x - o.normal.x) < 1e-4);
            QVERIFY(std::abs(got->normal.y - o.normal.y) < 1e-4);
        }
        (got ? hits : misses)++;
    }
    qInfo("hits %d, misses %d", hits, misses);
    QVERIFY(hits > 50 && misses > 50);
}

QTEST_GUILESS_MAIN(TestCapsule)
#include "tst_collision_capsule.moc"
