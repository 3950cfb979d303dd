// `hitsmith-cli hits` against Boost.Geometry on random documents with thousands of shapes.
// Boost shares no code with the SAT narrowphase: hit/no-hit comes from boost::geometry
// intersects/distance, depth from the Minkowski difference's convex hull (polygons) or from
// boost distances to the polygon (circles), and every reported normal must really separate.

#include "clirunner.h"
#include "hitsmithformat.h"
#include "validation.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint, false, true>; // counter-clockwise in y-up terms
using BRing = bg::model::ring<BPoint, false, true>;
using BLine = bg::model::linestring<BPoint>;

using namespace hitsmith;

namespace {

/// Hits closer to touching than this may go either way (stated tolerance band).
constexpr double kTouchBand = 1e-6;
/// Depth agreement, relative.
constexpr double kDepthTolerance = 1e-6;

/// A shape as Boost sees it: a closed, correctly wound polygon, or a circle kept analytic.
struct Oracle {
    bool isCircle = false;
    BPoint center;
    double radius = 0;
    BPolygon polygon;
    BLine boundary;
};

Oracle oracleOf(const Shape &shape) {
    Oracle o;
    if (shape.type == ShapeType::Circle) {
        o.isCircle = true;
        o.center = {shape.center.x(), shape.center.y()};
        o.radius = shape.radius;
        return o;
    }
    // Shape::outline() uses QTransform for rect corners: independent of the collision code.
    for (QPointF p : shape.outline())
        bg::append(o.polygon.outer(), BPoint(p.x(), p.y()));
    bg::correct(o.polygon);
    for (const BPoint &p : o.polygon.outer())
        o.boundary.push_back(p);
    return o;
}

/// Signed distance from a point to a polygon's boundary: negative inside.
double signedDistance(const BPoint &p, const Oracle &polygon) {
    const double d = bg::distance(p, polygon.boundary);
    return bg::within(p, polygon.polygon) ? -d : d;
}

/// Separation (> 0) or penetration depth (< 0 means overlap by -value) of a pair, from Boost.
double signedGap(const Oracle &a, const Oracle &b) {
    if (a.isCircle && b.isCircle)
        return bg::distance(a.center, b.center) - a.radius - b.radius;
    if (a.isCircle)
        return signedDistance(a.center, b) - a.radius;
    if (b.isCircle)
        return signedDistance(b.center, a) - b.radius;
    if (!bg::intersects(a.polygon, b.polygon))
        return bg::distance(a.polygon, b.polygon);
    // Penetration depth: distance from the origin to the boundary of hull(A - B).
    bg::model::multi_point<BPoint> differences;
    for (const BPoint &p : a.polygon.outer())
        for (const BPoint &q : b.polygon.outer())
            differences.push_back(BPoint(p.x() - q.x(), p.y() - q.y()));
    BPolygon hull;
    bg::convex_hull(differences, hull);
    BLine hullBoundary(hull.outer().begin(), hull.outer().end());
    return -bg::distance(BPoint(0, 0), hullBoundary);
}

Oracle translated(Oracle o, double dx, double dy) {
    if (o.isCircle) {
        o.center = {o.center.x() + dx, o.center.y() + dy};
        return o;
    }
    for (BPoint &p : o.polygon.outer())
        p = BPoint(p.x() + dx, p.y() + dy);
    for (BPoint &p : o.boundary)
        p = BPoint(p.x() + dx, p.y() + dy);
    return o;
}

Shape randomShape(QRandomGenerator &random, int id, double extent) {
    const QPointF c{random.bounded(extent), random.bounded(extent)};
    const QString name = QString::number(id);
    switch (random.bounded(4)) {
    case 0:
        return Shape::circle(name, c, 2 + random.bounded(12.0));
    case 1:
        return Shape::rect(name, c, {2 + random.bounded(25.0), 2 + random.bounded(25.0)}, 0);
    case 2:
        return Shape::rect(name, c, {2 + random.bounded(25.0), 2 + random.bounded(25.0)},
                           random.bounded(360.0) - 180);
    default: {
        // A convex polygon: 3-8 sorted angles on an ellipse, either winding.
        const int n = 3 + int(random.bounded(6));
        QList<double> angles;
        for (int i = 0; i < n; ++i)
            angles << random.bounded(2 * M_PI);
        std::sort(angles.begin(), angles.end());
        const double rx = 3 + random.bounded(12.0), ry = 3 + random.bounded(12.0);
        QList<QPointF> points;
        for (double t : angles)
            points << c + QPointF(rx * std::cos(t), ry * std::sin(t));
        if (random.bounded(2))
            std::reverse(points.begin(), points.end());
        return Shape::polygon(name, points);
    }
    }
}

} // namespace

class TestHitsDifferential : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void agreesWithBoostGeometry();
};

void TestHitsDifferential::agreesWithBoostGeometry() {
    // 3 frames x 700 shapes: 2,100 shapes and about 730,000 pairs checked.
    QRandomGenerator random(20261122);
    DocumentData data;
    Sprite sprite{"random", {}, {}, {}, {}, {}};
    for (int f = 0; f < 3; ++f) {
        Frame frame{QStringLiteral("f%1").arg(f), {}, {}, {}, {}, {}, {}};
        for (int i = 0; i < 700; ++i) {
            Shape shape = randomShape(random, i, 400);
            if (shape.type != ShapeType::Polygon || validateShape(shape) == std::nullopt)
                frame.shapes << shape;
        }
        sprite.frames << frame;
    }
    data.sprites << sprite;
    QTemporaryDir dir;
    QString error;
    const QString path = dir.filePath("random.json");
    QVERIFY2(saveDocumentFile(data, path, &error), qPrintable(error));

    const CliRun run = runCli({"hits", path});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray hits = QJsonDocument::fromJson(run.out).object().value("hits").toArray();
    QHash<QString, QJsonObject> reported; // "frame/a/b"
    for (const QJsonValue &hit : hits) {
        const QJsonObject o = hit.toObject();
        reported.insert(o["frame"].toString() + '/' + o["a"].toString() + '/' + o["b"].toString(),
                        o);
    }

    int checkedPairs = 0, agreedHits = 0, reportedInBand = 0;
    for (const Frame &frame : std::as_const(data.sprites[0].frames)) {
        std::vector<Oracle> oracles;
        for (const Shape &shape : frame.shapes)
            oracles.push_back(oracleOf(shape));
        for (int i = 0; i < frame.shapes.size(); ++i) {
            for (int j = i + 1; j < frame.shapes.size(); ++j) {
                ++checkedPairs;
                const double gap = signedGap(oracles[i], oracles[j]);
                const QString key =
                    frame.name + '/' + frame.shapes[i].id + '/' + frame.shapes[j].id;
                const auto it = reported.constFind(key);
                if (std::abs(gap) <= kTouchBand) {
                    reportedInBand += it != reported.constEnd();
                    continue; // touching, within the stated band: either answer is right
                }
                if (gap > 0) {
                    QVERIFY2(it == reported.constEnd(), qPrintable("false hit " + key));
                    continue;
                }
                QVERIFY2(it != reported.constEnd(),
                         qPrintable(QStringLiteral("missed hit %1 (depth %2)").arg(key).arg(-gap)));
                const double depth = it->value("depth").toDouble();
                QVERIFY2(std::abs(depth + gap) <= kDepthTolerance * std::max(1.0, -gap),
                         qPrintable(QStringLiteral("%1: depth %2, Boost says %3")
                                        .arg(key)
                                        .arg(depth)
                                        .arg(-gap)));
                const QJsonArray n = it->value("normal").toArray();
                const double nx = n[0].toDouble(), ny = n[1].toDouble();
                QVERIFY(std::abs(std::hypot(nx, ny) - 1) < 1e-9);
                // Moving b by depth*normal (plus a hair) must separate the pair.
                const Oracle moved =
                    translated(oracles[j], nx * (depth + 1e-5), ny * (depth + 1e-5));
                QVERIFY2(signedGap(oracles[i], moved) > -1e-7,
                         qPrintable("normal does not separate " + key));
                ++agreedHits;
            }
        }
    }
    qInfo("checked %d pairs, %d hits agreed with Boost.Geometry", checkedPairs, agreedHits);
    QVERIFY(checkedPairs > 700000);
    QVERIFY(agreedHits > 1000); // the scenes really overlap
    // Every reported hit was one of the pairs above: none invented, and none duplicated (the hash
    // merges duplicates, so count the printed list itself).
    QCOMPARE(int(hits.size()), agreedHits + reportedInBand);
}

QTEST_GUILESS_MAIN(TestHitsDifferential)
#include "tst_cli_hits_differential.moc"
