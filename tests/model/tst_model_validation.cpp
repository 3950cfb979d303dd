// Validation is a pure function: every table row is a shape and the exact problem it must get.

#include "collision/polygon_check.h"
#include "validation.h"

#include <QJsonArray>
#include <QTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace hitsmith;

Q_DECLARE_METATYPE(hitsmith::Shape)
Q_DECLARE_METATYPE(hitsmith::ProblemKind)

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Shape poly(QList<QPointF> points) {
    return Shape::polygon(QStringLiteral("p"), points);
}

/// count vertices evenly round a circle, going round `turns` times (turns 2: a doubly wound star).
QList<QPointF> roundPolygon(int count, int turns = 1) {
    QList<QPointF> points;
    for (int i = 0; i < count; ++i) {
        const double angle = 2 * M_PI * turns * i / count;
        points << QPointF(1000 * std::cos(angle), 1000 * std::sin(angle));
    }
    return points;
}

QList<QPointF> reversed(QList<QPointF> points) {
    std::reverse(points.begin(), points.end());
    return points;
}

} // namespace

class TestValidation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void validShapes_data();
    void validShapes();
    void invalidShapes_data();
    void invalidShapes();
    void rectAndCircleCollideExactlyWhenValid();
    void documentProblemsNameTheirLocation();
    void hullFixMakesAConcavePolygonValid();
    void propertiesAndDurationsAreChecked();
};

void TestValidation::validShapes_data() {
    QTest::addColumn<Shape>("shape");
    const QList<QPointF> square{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    QTest::newRow("square clockwise on screen") << poly(square);
    QTest::newRow("square other winding") << poly(reversed(square));
    QTest::newRow("triangle") << poly({{0, 0}, {4, 0}, {0, 3}});
    QTest::newRow("collinear vertex on an edge")
        << poly({{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}});
    QTest::newRow("collinear vertex, other winding")
        << poly(reversed({{0, 0}, {5, 0}, {10, 0}, {10, 10}, {0, 10}}));
    QTest::newRow("repeated consecutive vertex (zero-length edge)")
        << poly({{0, 0}, {10, 0}, {10, 0}, {10, 10}});
    QTest::newRow("explicitly closed outline (last == first)")
        << poly({{0, 0}, {10, 0}, {10, 10}, {0, 0}});
    QTest::newRow("fractional coordinates") << poly({{0.25, 0.5}, {10.75, 0.5}, {5.125, 9.875}});
    QList<QPointF> circle20;
    for (int i = 0; i < 20; ++i)
        circle20 << QPointF(50 * std::cos(i * M_PI / 10), 50 * std::sin(i * M_PI / 10));
    QTest::newRow("20 vertices") << poly(circle20);
    // Above collision::kPairwiseCrossingLimit the turning check replaces the pairwise one.
    QTest::newRow("5,000 vertices (turning check)") << poly(roundPolygon(5000));
    QTest::newRow("5,000 vertices, other winding") << poly(reversed(roundPolygon(5000)));
    QTest::newRow("rect") << Shape::rect("r", {5, 5}, {10, 4}, -15);
    QTest::newRow("rect at 90 degrees") << Shape::rect("r", {5, 5}, {10, 4}, 90);
    QTest::newRow("circle") << Shape::circle("c", {0, 0}, 0.5);
    QTest::newRow("capsule") << Shape::capsule("k", {0, 0}, {10, 5}, 2);
    QTest::newRow("capsule with both ends in one place (a circle)")
        << Shape::capsule("k", {3, 3}, {3, 3}, 0.5);
}

void TestValidation::validShapes() {
    QFETCH(Shape, shape);
    const auto problem = validateShape(shape);
    QVERIFY2(!problem, problem ? qPrintable(problem->reason) : "");
    QVERIFY(isCollidable(shape));
}

void TestValidation::invalidShapes_data() {
    QTest::addColumn<Shape>("shape");
    QTest::addColumn<ProblemKind>("kind");
    QTest::addColumn<int>("vertex");
    QTest::addColumn<QString>("reason");

    QTest::newRow("two points") << poly({{0, 0}, {10, 0}}) << ProblemKind::TooFewVertices << -1
                                << "polygon has fewer than 3 distinct vertices";
    QTest::newRow("three points, two the same")
        << poly({{0, 0}, {10, 0}, {0, 0}}) << ProblemKind::TooFewVertices << -1
        << "polygon has fewer than 3 distinct vertices";
    QTest::newRow("duplicate point that crosses back")
        << poly({{0, 0}, {10, 0}, {10, 10}, {0, 10}, {10, 0}}) << ProblemKind::SelfIntersecting << 0
        << "self-intersecting: the outline folds back at vertex 0";
    QTest::newRow("repeat of a later vertex, concave")
        << poly({{0, 0}, {10, 0}, {10, 10}, {10, 10}, {5, 4}, {0, 10}}) << ProblemKind::NotConvex
        << 4 << "not convex at vertex 4";
    QTest::newRow("huge coordinates")
        << poly({{0, 0}, {1e308, 0}, {0, 1e308}}) << ProblemKind::CoordinateTooLarge << 1
        << "vertex 1 is too far out (coordinates are limited to +-1e15)";
    QTest::newRow("huge circle") << Shape::circle("c", {0, 0}, 1e300)
                                 << ProblemKind::CoordinateTooLarge << -1
                                 << "circle is too large or too far out (limit +-1e15)";
    QTest::newRow("all on a line")
        << poly({{0, 0}, {5, 5}, {10, 10}, {20, 20}}) << ProblemKind::ZeroArea << -1
        << "polygon has zero area (all vertices on a line)";
    QTest::newRow("bow tie") << poly({{0, 0}, {10, 10}, {10, 0}, {0, 10}})
                             << ProblemKind::SelfIntersecting << 0
                             << "self-intersecting: edge from vertex 0 crosses edge from vertex 2";
    QTest::newRow("folds back on itself")
        << poly({{0, 0}, {10, 0}, {10, 10}, {10, 5}}) << ProblemKind::SelfIntersecting << 2
        << "self-intersecting: the outline folds back at vertex 2";
    QTest::newRow("pentagram (winds twice)")
        << poly({{0, -10}, {5.9, 8.1}, {-9.5, -3.1}, {9.5, -3.1}, {-5.9, 8.1}})
        << ProblemKind::SelfIntersecting << 0
        << "self-intersecting: edge from vertex 0 crosses edge from vertex 2";
    QList<QPointF> dented = roundPolygon(5000);
    dented[1234] *= 0.99;
    QTest::newRow("5,000 vertices, dent at 1234")
        << poly(dented) << ProblemKind::NotConvex << 1234 << "not convex at vertex 1234";
    // 5,001 vertices twice round: every turn agrees, the outline passes its start at 2,500.
    QTest::newRow("5,001 vertices wound twice")
        << poly(roundPolygon(5001, 2)) << ProblemKind::SelfIntersecting << 2500
        << "self-intersecting: the outline goes round more than once (passing its start at "
           "vertex 2500)";
    QTest::newRow("concave at vertex 3") << poly({{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}})
                                         << ProblemKind::NotConvex << 3 << "not convex at vertex 3";
    QTest::newRow("concave at vertex 3, other winding")
        << poly({{0, 10}, {5, 4}, {10, 10}, {10, 0}, {0, 0}}) << ProblemKind::NotConvex << 1
        << "not convex at vertex 1";
    QTest::newRow("NaN vertex") << poly({{0, 0}, {kNaN, 0}, {0, 10}}) << ProblemKind::NonFinite << 1
                                << "vertex 1 has a coordinate that is not a finite number";
    QTest::newRow("infinite vertex")
        << poly({{0, 0}, {10, 0}, {0, kInf}}) << ProblemKind::NonFinite << 2
        << "vertex 2 has a coordinate that is not a finite number";
    QTest::newRow("circle radius 0")
        << Shape::circle("c", {0, 0}, 0) << ProblemKind::NonPositiveRadius << -1
        << "circle radius must be greater than 0 (is 0)";
    QTest::newRow("circle negative radius")
        << Shape::circle("c", {0, 0}, -2) << ProblemKind::NonPositiveRadius << -1
        << "circle radius must be greater than 0 (is -2)";
    QTest::newRow("circle NaN centre") << Shape::circle("c", {kNaN, 0}, 2) << ProblemKind::NonFinite
                                       << -1 << "circle has a value that is not a finite number";
    QTest::newRow("rect zero width")
        << Shape::rect("r", {0, 0}, {0, 5}) << ProblemKind::NonPositiveSize << -1
        << "rectangle size must be greater than 0 (is 0 x 5)";
    // Capsules (issue 43): each problem names the field, an end's index in vertex.
    QTest::newRow("capsule radius 0")
        << Shape::capsule("k", {0, 0}, {10, 0}, 0) << ProblemKind::NonPositiveRadius << -1
        << "capsule radius must be greater than 0 (is 0)";
    QTest::newRow("capsule negative radius")
        << Shape::capsule("k", {0, 0}, {10, 0}, -1.5) << ProblemKind::NonPositiveRadius << -1
        << "capsule radius must be greater than 0 (is -1.5)";
    QTest::newRow("capsule NaN radius")
        << Shape::capsule("k", {0, 0}, {10, 0}, kNaN) << ProblemKind::NonFinite << -1
        << "capsule radius is not a finite number (is nan)";
    QTest::newRow("capsule NaN end 2")
        << Shape::capsule("k", {0, 0}, {kNaN, 0}, 2) << ProblemKind::NonFinite << 1
        << "capsule end 2 is not a finite number";
    QTest::newRow("capsule infinite end 1")
        << Shape::capsule("k", {0, -kInf}, {1, 0}, 2) << ProblemKind::NonFinite << 0
        << "capsule end 1 is not a finite number";
    QTest::newRow("capsule end too far out")
        << Shape::capsule("k", {0, 0}, {2e15, 0}, 2) << ProblemKind::CoordinateTooLarge << 1
        << "capsule end 2 is too far out (limit +-1e15)";
    Shape threeEnds = Shape::capsule("k", {0, 0}, {10, 0}, 2);
    threeEnds.points << QPointF(20, 0);
    QTest::newRow("capsule with three ends") << threeEnds << ProblemKind::TooFewVertices << -1
                                             << "capsule ends: needs exactly 2 ends (has 3)";
    Shape oneEnd = Shape::capsule("k", {0, 0}, {10, 0}, 2);
    oneEnd.points.removeLast();
    QTest::newRow("capsule with one end") << oneEnd << ProblemKind::TooFewVertices << -1
                                          << "capsule ends: needs exactly 2 ends (has 1)";
    QTest::newRow("rect infinite angle")
        << Shape::rect("r", {0, 0}, {3, 5}, kInf) << ProblemKind::NonFinite << -1
        << "rectangle has a value that is not a finite number";
}

void TestValidation::invalidShapes() {
    QFETCH(Shape, shape);
    QFETCH(ProblemKind, kind);
    QFETCH(int, vertex);
    QFETCH(QString, reason);
    const auto problem = validateShape(shape);
    QVERIFY(problem.has_value());
    QCOMPARE(problem->reason, reason);
    QCOMPARE(problem->kind, kind);
    QCOMPARE(problem->vertex, vertex);
    QVERIFY(!isCollidable(shape));
}

void TestValidation::rectAndCircleCollideExactlyWhenValid() {
    // isCollidable's inline rule for rectangles and circles (what a document's load asks for
    // every shape) against validateShape's checks, on every combination of edge values: zero,
    // negatives, the coordinate limit and just past it, infinities and NaN.
    const double limit = 1e15, past = std::nextafter(1e15, 2e15);
    const std::vector<double> values = {0.0,   1.0,  -1.0,  limit, -limit, past,
                                        -past, kInf, -kInf, kNaN,  1e-300};
    int collidable = 0, refused = 0;
    for (double a : values)
        for (double b : values)
            for (double c : values) {
                const Shape circle = Shape::circle(QStringLiteral("c"), {a, b}, c);
                QCOMPARE(isCollidable(circle), !validateShape(circle).has_value());
                for (double d : values) {
                    const Shape rect = Shape::rect(QStringLiteral("r"), {a, b}, {c, d}, 30.0);
                    const bool valid = !validateShape(rect).has_value();
                    QCOMPARE(isCollidable(rect), valid);
                    (valid ? collidable : refused) += 1;
                    const Shape capsule = Shape::capsule(QStringLiteral("k"), {a, b}, {d, 1.0}, c);
                    QCOMPARE(isCollidable(capsule), !validateShape(capsule).has_value());
                }
            }
    for (double angle : values) {
        const Shape rect = Shape::rect(QStringLiteral("r"), {1, 2}, {3, 4}, angle);
        QCOMPARE(isCollidable(rect), !validateShape(rect).has_value());
    }
    QVERIFY(collidable > 100 && refused > 1000); // both outcomes are exercised
}

void TestValidation::documentProblemsNameTheirLocation() {
    DocumentData data;
    Sprite knight{QStringLiteral("knight"), {}, {}, {}, {}, {}};
    Frame frame;
    frame.name = QStringLiteral("attack-2");
    frame.shapes << Shape::polygon("cape", {{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}})
                 << Shape::circle("head", {0, 0}, 3) << Shape::circle("head", {5, 0}, 3)
                 << Shape::circle("", {5, 0}, 3) << Shape::capsule("arm", {0, 0}, {9, 0}, 0);
    knight.frames << frame << frame; // duplicate frame name too
    data.sprites << knight << Sprite{QStringLiteral("knight"), {}, {}, {}, {}, {}};

    const QList<Problem> problems = validateDocument(data);
    QStringList printed;
    for (const Problem &p : problems)
        printed << p.location + QStringLiteral(": ") + p.reason;
    const QStringList frameProblems{
        "knight/attack-2/cape: not convex at vertex 3",
        "knight/attack-2/head: duplicate shape id \"head\"",
        "knight/attack-2/#3: shape 3 has no id",
        "knight/attack-2/arm: capsule radius must be greater than 0 (is 0)",
    };
    QStringList expected = frameProblems;
    expected << "knight/attack-2: duplicate frame name \"attack-2\"" << frameProblems
             << "knight: duplicate sprite name \"knight\"";
    QCOMPARE(printed, expected);
    QCOMPARE(problems[0].vertex, 3);
    QCOMPARE(problems[0].shape, 0);
}

void TestValidation::hullFixMakesAConcavePolygonValid() {
    const QList<QPointF> concave{{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}};
    std::vector<collision::Vec2> points;
    for (QPointF p : concave)
        points.push_back({p.x(), p.y()});
    const std::vector<collision::Vec2> hull = collision::convexHull(points);
    QCOMPARE(hull.size(), std::size_t(4)); // the reflex vertex is gone
    QList<QPointF> fixed;
    for (auto p : hull)
        fixed << QPointF(p.x, p.y);
    QVERIFY(!validateShape(poly(fixed)));
    QVERIFY(!fixed.contains(QPointF(5, 4)));
}

void TestValidation::propertiesAndDurationsAreChecked() {
    // A document built in memory (an importer, a script) is checked like a loaded one.
    DocumentData data;
    Sprite knight{QStringLiteral("knight"), {}, {}, {}, {}, {}};
    knight.duration = 0;
    Frame frame;
    frame.name = QStringLiteral("f");
    frame.duration = -3;
    frame.properties = QJsonObject{{"ok", 1}, {"list", QJsonArray{1}}};
    Shape blade = Shape::circle("blade", {0, 0}, 3);
    blade.properties = QJsonObject{{"damage", 12},
                                   {"hit", "high"},
                                   {"on", true},
                                   {"nested", QJsonObject{}},
                                   {"nothing", QJsonValue()}};
    frame.shapes << blade;
    knight.frames << frame;
    data.sprites << knight;

    QStringList printed;
    for (const Problem &p : validateDocument(data))
        printed << p.location + QStringLiteral(": ") + p.reason;
    const QStringList expected{
        "knight.duration: duration must be greater than 0 ms (is 0)",
        "knight/f.duration: duration must be greater than 0 ms (is -3)",
        "knight/f.properties.list: property \"list\" must be a number, a string or true/false",
        "knight/f/blade.properties.nested: property \"nested\" must be a number, a string or "
        "true/false",
        "knight/f/blade.properties.nothing: property \"nothing\" must be a number, a string or "
        "true/false",
    };
    QCOMPARE(printed, expected);
}

QTEST_APPLESS_MAIN(TestValidation)
#include "tst_model_validation.moc"
