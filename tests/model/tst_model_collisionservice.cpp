// The bridge between the document and the collision worlds: edits update only what changed and
// announce which pairs began, changed or ended; invalid shapes and filtered layers never hit.

#include "animationcommands.h"
#include "collisionservice.h"
#include "hitsmithformat.h"
#include "shapecommands.h"
#include "structurecommands.h"
#include "validation.h"

#include "collision/world.h"

#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <limits>
#include <random>

using namespace hitsmith;

Q_DECLARE_METATYPE(QList<hitsmith::HitEvent>)

namespace {

DocumentData twoBoxes() {
    DocumentData data;
    Frame frame{"f", {}, {}, {}, {}, {}, {}};
    frame.shapes << Shape::rect("a", {0, 0}, {10, 10}, 0, "hitbox")
                 << Shape::rect("b", {8, 0}, {10, 10}, 0, "hurtbox")
                 << Shape::circle("far", {100, 100}, 2, "hurtbox");
    data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
    return data;
}

void moveShape(Document &doc, ShapeRef ref, QPointF to) {
    Shape shape = doc.shape(ref);
    shape.translate(to - shape.center);
    doc.undoStack()->push(new ChangeShapesCommand(&doc, {ref}, {shape}, "Move"));
}

} // namespace

class TestCollisionService : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<QList<HitEvent>>(); }
    void hitsOfALoadedDocument();
    void editsReportBeganChangedEnded();
    void invalidShapesTakePartInNoPair();
    void invalidShapesOfAnOpenedDocumentTakePartInNoPair();
    void collisionMatrixFilters();
    void insertRemoveKeepIndicesRight();
    void repeatedVerticesCollideLikeTheOutline();
    void randomEditsMatchAFreshService();
    void randomStructuralEditsMatchAFreshService();
    void largeFrameBuildsTheSameOnTwoThreads();
    void manyFramesResetTheSameOnTwoThreads();
    void layerNamesOfSharedAndSeparateNames();
    void mirroredKnightMatchesAFreshService();
    void tiedAxesAfterAnInsertMatchAFreshService();
};

void TestCollisionService::hitsOfALoadedDocument() {
    Document doc;
    doc.reset(twoBoxes());
    CollisionService service(&doc);
    const QList<FrameHit> hits = service.hits({0, 0});
    QCOMPARE(hits.size(), 1);
    QCOMPARE(hits[0].a, 0);
    QCOMPARE(hits[0].b, 1);
    QCOMPARE(hits[0].depth, 2.0);
    QCOMPARE(hits[0].normal, QPointF(1, 0)); // moving b right by 2 separates
    QVERIFY(service.isColliding({0, 0, 0}));
    QVERIFY(!service.isColliding({0, 0, 2}));
    const auto reversed = service.hit({0, 0}, 1, 0);
    QVERIFY(reversed);
    QCOMPARE(reversed->normal, QPointF(-1, 0));
}

void TestCollisionService::editsReportBeganChangedEnded() {
    Document doc;
    doc.reset(twoBoxes());
    CollisionService service(&doc);
    QSignalSpy spy(&service, &CollisionService::hitsChanged);

    moveShape(doc, {0, 0, 1}, {9, 0}); // deeper -> shallower: changed
    QCOMPARE(spy.size(), 1);
    auto events = spy.takeFirst().at(1).value<QList<HitEvent>>();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].change, HitChange::Changed);
    QCOMPARE(events[0].hit.depth, 1.0);

    moveShape(doc, {0, 0, 1}, {50, 0}); // ended
    events = spy.takeFirst().at(1).value<QList<HitEvent>>();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].change, HitChange::Ended);
    QVERIFY(service.hits({0, 0}).isEmpty());
    QVERIFY(!service.isColliding({0, 0, 0}));

    moveShape(doc, {0, 0, 2}, {1, 1}); // the circle lands inside a: began
    events = spy.takeFirst().at(1).value<QList<HitEvent>>();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events[0].change, HitChange::Began);
    QCOMPARE(events[0].hit.a, 0);
    QCOMPARE(events[0].hit.b, 2);

    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(service.hits({0, 0}).size(), 1);
    QCOMPARE(service.hits({0, 0})[0].depth, 1.0);
}

void TestCollisionService::invalidShapesTakePartInNoPair() {
    Document doc;
    doc.reset(twoBoxes());
    CollisionService service(&doc);
    Shape broken = doc.shape({0, 0, 1});
    broken.size = QSizeF(0, 10);
    doc.undoStack()->push(new ChangeShapesCommand(&doc, {{0, 0, 1}}, {broken}, "Break"));
    QVERIFY(service.hits({0, 0}).isEmpty());
    doc.undoStack()->undo();
    QCOMPARE(service.hits({0, 0}).size(), 1);

    // A concave polygon overlapping a: reported invalid, never a hit.
    const Shape concave = Shape::polygon("c", {{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}});
    doc.undoStack()->push(new InsertShapesCommand(&doc, {{0, 0, 3}}, {concave}, "Add"));
    QCOMPARE(service.hits({0, 0}).size(), 1);
}

void TestCollisionService::invalidShapesOfAnOpenedDocumentTakePartInNoPair() {
    // The bulk build on opening checks each shape as validateShape does: every shape below
    // overlaps the box "a", only the valid ones hit it, and indices stay those of the file.
    DocumentData data;
    Frame frame{"f", {}, {}, {}, {}, {}, {}};
    const qreal nan = std::numeric_limits<qreal>::quiet_NaN();
    frame.shapes << Shape::rect("a", {0, 0}, {10, 10})
                 << Shape::polygon("concave", {{0, 0}, {10, 0}, {10, 10}, {5, 4}, {0, 10}})
                 << Shape::polygon("crossed", {{0, 0}, {10, 10}, {10, 0}, {0, 10}})
                 << Shape::polygon("flat", {{0, 0}, {5, 0}, {10, 0}})
                 << Shape::polygon("two points", {{0, 0}, {10, 10}})
                 << Shape::rect("no width", {0, 0}, {0, 10}) << Shape::circle("nan", {nan, 0}, 3)
                 << Shape::polygon("triangle", {{0, 0}, {6, 0}, {0, 6}})
                 << Shape::circle("circle", {2, 2}, 3);
    data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
    Document doc;
    doc.reset(data);
    CollisionService service(&doc);
    QList<int> hitting;
    for (const FrameHit &hit : service.hits({0, 0}))
        if (hit.a == 0)
            hitting << hit.b;
    QCOMPARE(hitting, (QList<int>{7, 8}));
    for (int i = 0; i < frame.shapes.size(); ++i)
        QCOMPARE(service.isColliding({0, 0, i}), isCollidable(frame.shapes[i]));
}

void TestCollisionService::collisionMatrixFilters() {
    Document doc;
    doc.reset(twoBoxes());
    CollisionService service(&doc);
    doc.undoStack()->push(
        new SetCollisionRulesCommand(&doc, QList<LayerPair>{{"hurtbox", "hurtbox"}}, {}, "Rules"));
    QVERIFY(service.hits({0, 0}).isEmpty());
    doc.undoStack()->undo();
    QCOMPARE(service.hits({0, 0}).size(), 1);
}

void TestCollisionService::insertRemoveKeepIndicesRight() {
    Document doc;
    doc.reset(twoBoxes());
    CollisionService service(&doc);
    doc.undoStack()->push(
        new InsertShapesCommand(&doc, {{0, 0, 0}}, {Shape::circle("new", {500, 500}, 1)}, "Add"));
    QCOMPARE(service.hits({0, 0}).size(), 1);
    QCOMPARE(service.hits({0, 0})[0].a, 1);
    QCOMPARE(service.hits({0, 0})[0].b, 2);
    doc.undoStack()->push(new RemoveShapesCommand(&doc, {{0, 0, 1}}, "Delete"));
    QVERIFY(service.hits({0, 0}).isEmpty());
    doc.undoStack()->undo();
    QCOMPARE(service.hits({0, 0}).size(), 1);
    QCOMPARE(service.hits({0, 0})[0].a, 1);
    // Frames added later get a world too.
    doc.undoStack()->push(
        new InsertFrameCommand(&doc, {0, 1}, twoBoxes().sprites[0].frames[0], "Add"));
    QCOMPARE(service.hits({0, 1}).size(), 1);
}

void TestCollisionService::repeatedVerticesCollideLikeTheOutline() {
    // A repeated vertex is a zero-length edge: valid, and it must not change any contact.
    DocumentData data;
    Frame frame{"f", {}, {}, {}, {}, {}, {}};
    frame.shapes << Shape::rect("box", {0, 0}, {10, 10})
                 << Shape::polygon("plain", {{3, -2}, {9, -2}, {9, 4}, {3, 4}})
                 << Shape::polygon("repeated",
                                   {{3, -2}, {9, -2}, {9, -2}, {9, 4}, {3, 4}, {3, -2}});
    data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
    Document doc;
    doc.reset(data);
    CollisionService service(&doc);
    const auto plain = service.hit({0, 0}, 0, 1);
    const auto repeated = service.hit({0, 0}, 0, 2);
    QVERIFY(plain && repeated);
    QCOMPARE(plain->depth, 2.0);
    QCOMPARE(repeated->depth, plain->depth);
    QCOMPARE(repeated->normal, plain->normal);
}

void TestCollisionService::randomEditsMatchAFreshService() {
    DocumentData data;
    Frame frame{"f", {}, {}, {}, {}, {}, {}};
    QRandomGenerator random(7);
    for (int i = 0; i < 60; ++i) {
        const QPointF c{random.bounded(200.0), random.bounded(200.0)};
        if (i % 4 == 0)
            frame.shapes << Shape::circle(QString::number(i), c, 5 + random.bounded(10.0));
        else if (i % 4 == 1)
            frame.shapes << Shape::rect(QString::number(i), c, {10, 20}, random.bounded(360.0));
        else if (i % 4 == 3) // a capsule (issue 43)
            frame.shapes << Shape::capsule(QString::number(i), c, c + QPointF(20, 8),
                                           2 + random.bounded(5.0));
        else
            frame.shapes << Shape::polygon(QString::number(i),
                                           {c, c + QPointF(15, 2), c + QPointF(5, 14)});
    }
    data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
    Document doc;
    doc.reset(data);
    CollisionService incremental(&doc);
    for (int step = 0; step < 500; ++step) {
        const int i = int(random.bounded(60));
        Shape shape = doc.shape({0, 0, i});
        shape.translate({random.bounded(20.0) - 10, random.bounded(20.0) - 10});
        doc.undoStack()->push(new ChangeShapesCommand(&doc, {{0, 0, i}}, {shape}, "Move"));
    }
    CollisionService fresh(&doc);
    const QList<FrameHit> expected = fresh.hits({0, 0});
    QVERIFY(expected.size() > 10); // the scene really collides
    QCOMPARE(incremental.hits({0, 0}), expected);
}

void TestCollisionService::randomStructuralEditsMatchAFreshService() {
    // Inserts, removals, invalid <-> valid replacements, rule changes, undo and redo: after every
    // step the incremental service must equal one built from scratch, pair for pair.
    for (int seed = 1; seed <= 40; ++seed) {
        QRandomGenerator random(seed);
        auto makeShape = [&random](int i) {
            const QString id = QStringLiteral("s%1").arg(i);
            const QPointF c{random.bounded(100.0), random.bounded(100.0)};
            const QString layer = random.bounded(2) ? QStringLiteral("a") : QStringLiteral("b");
            switch (random.bounded(4)) {
            case 0:
                return Shape::circle(id, c, 5 + random.bounded(10.0), layer);
            case 1:
                return Shape::rect(id, c, {10, 20}, random.bounded(360.0), layer);
            case 2:
                return Shape::polygon(id, {c, c + QPointF(15, 2), c + QPointF(5, 14)}, layer);
            default: // concave: invalid, in no pair
                return Shape::polygon(
                    id, {c, c + QPointF(15, 2), c + QPointF(2, 2), c + QPointF(5, 14)}, layer);
            }
        };
        DocumentData data;
        Frame frame{"f", {}, {}, {}, {}, {}, {}};
        for (int i = 0; i < 30; ++i)
            frame.shapes << makeShape(i);
        data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
        Document doc;
        doc.reset(data);
        CollisionService incremental(&doc);
        int next = 100;
        for (int step = 0; step < 400; ++step) {
            const int n = int(doc.frame({0, 0}).shapes.size());
            const int op = int(random.bounded(7));
            QUndoStack *stack = doc.undoStack();
            if (op == 0 || n < 3) {
                stack->push(new InsertShapesCommand(&doc, {{0, 0, int(random.bounded(n + 1))}},
                                                    {makeShape(next++)}, "Add"));
            } else if (op == 1) {
                stack->push(new RemoveShapesCommand(
                    &doc, {{0, 0, int(random.bounded(n))}, {0, 0, int(random.bounded(n))}}, "Del"));
            } else if (op == 2 && stack->canUndo()) {
                stack->undo();
            } else if (op == 3 && stack->canRedo()) {
                stack->redo();
            } else if (op == 4) {
                const int i = int(random.bounded(n));
                Shape shape = makeShape(next++);
                shape.id = doc.shape({0, 0, i}).id;
                stack->push(new ChangeShapesCommand(&doc, {{0, 0, i}}, {shape}, "Replace"));
            } else if (op == 5) {
                std::optional<QList<LayerPair>> rules;
                if (random.bounded(2))
                    rules = QList<LayerPair>{{"a", "b"}};
                stack->push(new SetCollisionRulesCommand(&doc, rules, {}, "Rules"));
            } else {
                const int i = int(random.bounded(n));
                Shape shape = doc.shape({0, 0, i});
                shape.translate({random.bounded(20.0) - 10, random.bounded(20.0) - 10});
                stack->push(new ChangeShapesCommand(&doc, {{0, 0, i}}, {shape}, "Move"));
            }
            const CollisionService fresh(&doc);
            QVERIFY2(
                incremental.hits({0, 0}) == fresh.hits({0, 0}),
                qPrintable(QStringLiteral("seed %1 step %2 op %3").arg(seed).arg(step).arg(op)));
            for (int i = 0; i < doc.frame({0, 0}).shapes.size(); ++i)
                QCOMPARE(incremental.isColliding({0, 0, i}), fresh.isColliding({0, 0, i}));
        }
    }
}

namespace {

/// A frame of n shapes (polygons, rectangles, circles, 4-48 px) at random on three layers, spread
/// so that a shape hits about 0.3 others, with an invalid shape every 97th.
DocumentData mixedFrame(int n) {
    std::mt19937_64 rng(17);
    auto uniform = [&](double lo, double hi) {
        return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    const double extent = 50.0 * std::sqrt(double(n));
    const QString layers[3] = {QStringLiteral("hitbox"), QStringLiteral("hurtbox"),
                               QStringLiteral("push")};
    Frame frame{"f", {}, {}, {}, {}, {}, {}};
    for (int i = 0; i < n; ++i) {
        const QString id = QStringLiteral("s%1").arg(i);
        // "late" first appears in the second half, read by the helper's lane, and is not in
        // the collide matrix: its shapes must hit nothing.
        const QString layer = i > n / 2 && i % 5 == 0 ? QStringLiteral("late") : layers[i % 3];
        const QPointF center(uniform(0, extent), uniform(0, extent));
        const double size = uniform(4, 48);
        const double kind = uniform(0, 1);
        if (i % 97 == 0) { // concave, negative radius, zero width in turn
            if (i % 3 == 0)
                frame.shapes << Shape::polygon(id,
                                               {center, center + QPointF(9, 0),
                                                center + QPointF(2, 2), center + QPointF(0, 9)},
                                               layer);
            else if (i % 3 == 1)
                frame.shapes << Shape::circle(id, center, -size, layer);
            else
                frame.shapes << Shape::rect(id, center, {0, size}, 0, layer);
        } else if (kind < 0.4) {
            QList<QPointF> points;
            const int k = 3 + int(uniform(0, 5.999));
            for (int j = 0; j < k; ++j) {
                const double t = 2 * M_PI * (j + uniform(-0.3, 0.3)) / k;
                points << center + QPointF(std::cos(t), std::sin(t)) * (size / 2);
            }
            frame.shapes << Shape::polygon(id, points, layer);
        } else if (kind < 0.75) {
            frame.shapes << Shape::rect(id, center,
                                        {size * uniform(0.5, 1), size * uniform(0.5, 1)},
                                        kind < 0.55 ? 0.0 : uniform(-180, 180), layer);
        } else if (kind < 0.88) {
            frame.shapes << Shape::circle(id, center, size / 2 * uniform(0.6, 1), layer);
        } else { // a capsule (issue 43): read in the lanes as its two ends and radius
            const double t = uniform(0, 2 * M_PI);
            const QPointF d = QPointF(std::cos(t), std::sin(t)) * (size / 2);
            frame.shapes << Shape::capsule(id, center - d, center + d, size * uniform(0.05, 0.3),
                                           layer);
        }
    }
    DocumentData data;
    data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
    data.collide = QList<LayerPair>{{"hitbox", "hurtbox"}, {"push", "push"}};
    return data;
}

QList<FrameHit> hitsBuiltWith(collision::World::PassThreads threads, const DocumentData &data) {
    struct DefaultThreads { // set for this build only, whatever happens
        explicit DefaultThreads(collision::World::PassThreads t) {
            collision::World::setDefaultPassThreads(t);
        }
        ~DefaultThreads() {
            collision::World::setDefaultPassThreads(collision::World::PassThreads::Auto);
        }
    } scoped(threads);
    Document doc;
    CollisionService service(&doc);
    doc.reset(data);
    return service.hits({0, 0});
}

} // namespace

void TestCollisionService::largeFrameBuildsTheSameOnTwoThreads() {
    // A frame past the two-thread threshold: shapes read and checked in two lanes, pairs found
    // in pieces on two threads, against everything on one, bit for bit.
    const DocumentData data = mixedFrame(12000);
    const QList<FrameHit> one = hitsBuiltWith(collision::World::PassThreads::One, data);
    const QList<FrameHit> two = hitsBuiltWith(collision::World::PassThreads::Two, data);
    QVERIFY2(one.size() > 1000, qPrintable(QString::number(one.size())));
    QCOMPARE(two.size(), one.size());
    const QList<Shape> &shapes = data.sprites[0].frames[0].shapes;
    int capsuleHits = 0;
    for (qsizetype i = 0; i < one.size(); ++i) {
        const FrameHit &x = one[i], &y = two[i];
        QVERIFY2(x.a == y.a && x.b == y.b && x.depth == y.depth && x.normal.x() == y.normal.x() &&
                     x.normal.y() == y.normal.y(),
                 qPrintable(QString("hit %1").arg(i)));
        QVERIFY(x.a % 97 != 0 && x.b % 97 != 0); // invalid shapes hit nothing
        QVERIFY(data.layersCollide(shapes[x.a].layer, shapes[x.b].layer));
        capsuleHits +=
            shapes[x.a].type == ShapeType::Capsule || shapes[x.b].type == ShapeType::Capsule;
    }
    QVERIFY2(capsuleHits > 100, qPrintable(QString::number(capsuleHits))); // capsules take part
}

namespace {

/// Every frame's hits after a reset whose worlds were built on `threads`, then after one edit
/// of each frame's first shape (the worlds built by the helper thread must stay usable).
QList<QList<FrameHit>> resetHitsWith(CollisionService::ResetThreads threads,
                                     const DocumentData &data) {
    struct Scoped { // set for this reset only, whatever happens
        explicit Scoped(CollisionService::ResetThreads t) { CollisionService::setResetThreads(t); }
        ~Scoped() { CollisionService::setResetThreads(CollisionService::ResetThreads::Auto); }
    } scoped(threads);
    Document doc;
    CollisionService service(&doc);
    doc.reset(data);
    QList<QList<FrameHit>> hits;
    for (int s = 0; s < doc.data().sprites.size(); ++s) {
        for (int f = 0; f < doc.sprite(s).frames.size(); ++f) {
            hits << service.hits({s, f});
            if (doc.frame({s, f}).shapes.isEmpty())
                continue;
            Shape moved = doc.shape({s, f, 0});
            moved.translate({7, -3});
            doc.setShape({s, f, 0}, moved);
            hits << service.hits({s, f});
        }
    }
    return hits;
}

} // namespace

void TestCollisionService::manyFramesResetTheSameOnTwoThreads() {
    // A document of many small frames, as users' are, and one large frame: the small frames'
    // worlds built on two threads at once, the large one alone, against everything on one
    // thread. "late" first appears in the last frames and is not in the collide matrix.
    const DocumentData mixed = mixedFrame(9000);
    const QList<Shape> &all = mixed.sprites[0].frames[0].shapes;
    DocumentData data;
    data.collide = mixed.collide;
    for (int s = 0; s < 3; ++s) {
        Sprite sprite{QStringLiteral("s%1").arg(s), {}, {}, {}, {}, {}};
        for (int f = 0; f < 40; ++f) {
            Frame frame{QStringLiteral("f%1").arg(f), {}, {}, {}, {}, {}, {}};
            frame.shapes = all.mid((s * 40 + f) * 50, 50);
            sprite.frames << frame;
        }
        data.sprites << sprite;
    }
    data.sprites[1].frames.insert(3, mixed.sprites[0].frames[0]); // the large frame
    const QList<QList<FrameHit>> one = resetHitsWith(CollisionService::ResetThreads::One, data);
    const QList<QList<FrameHit>> two = resetHitsWith(CollisionService::ResetThreads::Two, data);
    QCOMPARE(two.size(), one.size());
    qsizetype hits = 0;
    for (qsizetype i = 0; i < one.size(); ++i) {
        QCOMPARE(two[i], one[i]);
        hits += one[i].size();
    }
    QVERIFY2(hits > 1000, qPrintable(QString::number(hits)));
    // Every pair on layers the matrix collides, the invalid shapes in none (before the edits).
    int list = 0;
    for (const Sprite &sprite : std::as_const(data.sprites)) {
        for (const Frame &frame : sprite.frames) {
            for (const FrameHit &hit : one[list]) {
                QVERIFY(data.layersCollide(frame.shapes[hit.a].layer, frame.shapes[hit.b].layer));
                QVERIFY(!validateShape(frame.shapes[hit.a]) && !validateShape(frame.shapes[hit.b]));
            }
            list += frame.shapes.isEmpty() ? 1 : 2;
        }
    }
}

void TestCollisionService::layerNamesOfSharedAndSeparateNames() {
    // DocumentData::layerNames, which the panels ask on every reset, skips a shape's name whose
    // characters it has just met: names shared as readers share them (more of them than it
    // remembers), names of the same length spelled apart, the styles' and the matrix's names.
    DocumentData data;
    data.layers = {LayerStyle{QStringLiteral("style-only"), {}, true, {}}};
    data.collide = QList<LayerPair>{{QStringLiteral("matrix-a"), QStringLiteral("hitbox")}};
    QList<QString> shared;
    for (int i = 0; i < 12; ++i)
        shared << QStringLiteral("shared-%1").arg(i, 2, 10, QLatin1Char('0'));
    QSet<QString> expected = {QStringLiteral("style-only"), QStringLiteral("matrix-a"),
                              QStringLiteral("hitbox")};
    Frame frame{QStringLiteral("f"), {}, {}, {}, {}, {}, {}};
    for (int i = 0; i < 300; ++i) {
        const QString layer = i % 2 == 0
                                  ? shared[(i / 2) % 12]
                                  : QStringLiteral("apart-%1").arg(i % 17, 2, 10, QLatin1Char('0'));
        frame.shapes << Shape::point(QString::number(i), {}, layer);
        expected.insert(layer);
    }
    data.sprites << Sprite{QStringLiteral("s"), {}, {frame, frame}, {}, {}, {}};
    QStringList sorted(expected.begin(), expected.end());
    sorted.sort();
    QCOMPARE(data.layerNames(), sorted);
}

void TestCollisionService::mirroredKnightMatchesAFreshService() {
    // The exerciser's seed 26 (clang ASan build): All Layers Collide, then Mirror Sprite
    // Vertically on the knight, and the live hits of its idle frame lost the body-head pair.
    const ReadResult loaded = loadDocumentFile(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                               QStringLiteral("/examples/knight.json"));
    QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
    Document doc;
    doc.reset(*loaded.document);
    CollisionService incremental(&doc);
    doc.undoStack()->push(
        new SetCollisionRulesCommand(&doc, std::nullopt, doc.data().layers, "All layers collide"));
    doc.undoStack()->push(
        makeMirrorSpriteCommand(&doc, 0, operations::MirrorAxis::Vertical, {}).release());
    CollisionService fresh(&doc);
    // Idle: the body touches the feet and overlaps the head by a pixel, now from below.
    QVERIFY(fresh.hit({0, 0}, 0, 1).has_value());
    QCOMPARE(fresh.hit({0, 0}, 0, 1)->normal, QPointF(0, 1));
    for (int f = 0; f < doc.sprite(0).frames.size(); ++f)
        QCOMPARE(incremental.hits({0, f}), fresh.hits({0, f}));
}

void TestCollisionService::tiedAxesAfterAnInsertMatchAFreshService() {
    // The exerciser's seed 7: a box centred in another penetrates as deep up as down, and two
    // concentric circles point nowhere; which axis wins depends on the order of the test. A
    // shape inserted before others gets a later handle than theirs, and the live hits flipped
    // the handles' answer where a full recompute (handles in file order) tests the other way.
    DocumentData data;
    Frame frame{"f", {}, {}, {}, {}, {}, {}};
    frame.shapes << Shape::rect("outer", {0, 0}, {40, 40}, 0, "hurtbox")
                 << Shape::circle("ring", {100, 0}, 5, "hurtbox");
    data.sprites << Sprite{"s", {}, {frame}, {}, {}, {}};
    Document doc;
    doc.reset(data);
    CollisionService incremental(&doc);
    doc.undoStack()->push(
        new InsertShapesCommand(&doc, {{0, 0, 0}, {0, 0, 1}},
                                {Shape::rect("inner", {0, 0}, {10, 30}, 0, "hitbox"),
                                 Shape::circle("core", {100, 0}, 3, "hitbox")},
                                "Add"));
    const CollisionService fresh(&doc);
    QCOMPARE(fresh.hits({0, 0}).size(), 2);
    QCOMPARE(incremental.hits({0, 0}), fresh.hits({0, 0}));
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b)
            QCOMPARE(incremental.hit({0, 0}, a, b).has_value()
                         ? std::optional(incremental.hit({0, 0}, a, b)->normal)
                         : std::nullopt,
                     fresh.hit({0, 0}, a, b).has_value()
                         ? std::optional(fresh.hit({0, 0}, a, b)->normal)
                         : std::nullopt);
    // The events of a move back into the tie carry the same contact as the listing.
    moveShape(doc, {0, 0, 0}, {1, 0});
    QSignalSpy spy(&incremental, &CollisionService::hitsChanged);
    moveShape(doc, {0, 0, 0}, {0, 0});
    const CollisionService afterMove(&doc);
    QCOMPARE(incremental.hits({0, 0}), afterMove.hits({0, 0}));
    QVERIFY(!spy.isEmpty());
    const auto events = spy.takeLast().at(1).value<QList<HitEvent>>();
    QVERIFY(!events.isEmpty());
    for (const HitEvent &event : events)
        if (event.change != HitChange::Ended)
            QCOMPARE(std::optional(event.hit.normal),
                     std::optional(afterMove.hit({0, 0}, event.hit.a, event.hit.b)->normal));
}

QTEST_GUILESS_MAIN(TestCollisionService)
#include "tst_model_collisionservice.moc"
