// The animation edit commands on the model alone: each is one undo step with a name that says
// what it did, redo gives the operation's result and undo gives back the document exactly.

#include "animationcommands.h"
#include "document.h"
#include "shapecommands.h"
#include "structurecommands.h"
#include "validation.h"

#include <QTest>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::operations;

namespace {

DocumentData sample() {
    DocumentData data;
    Sprite knight;
    knight.name = "knight";
    knight.image = "knight.png";
    for (int i = 0; i < 5; ++i) {
        Frame frame;
        frame.name = QStringLiteral("attack-%1").arg(i);
        frame.source = QRectF(64 * i, 0, 64, 64);
        frame.origin = QPointF(32, 60);
        frame.shapes << Shape::polygon("body", {{20, 24}, {44, 24}, {40, 56}}, "hurtbox");
        knight.frames << frame;
    }
    knight.frames[0].shapes << Shape::rect("blade", {50, 20}, {20, 4}, -10, "hitbox");
    knight.frames[4].shapes << Shape::rect("blade", {10, 40}, {20, 8}, 30, "hitbox");
    knight.frames[2].shapes << Shape::circle("blade", {0, 0}, 1, "hitbox");
    data.sprites << knight;
    return data;
}

} // namespace

class TestAnimationCommands : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init() {
        mDocument = std::make_unique<Document>();
        mOriginal = sample();
        mDocument->reset(mOriginal, "/tmp/x.json");
        mStack.clear();
    }

    void mirrorSelectionIsOneStep() {
        mStack.push(makeMirrorShapesCommand(mDocument.get(), {{0, 0, 1}}, MirrorAxis::Horizontal,
                                            {}, "Mirror blade")
                        .release());
        QCOMPARE(mStack.count(), 1);
        QCOMPARE(mStack.undoText(), QStringLiteral("Mirror blade"));
        QCOMPARE(mDocument->frame({0, 0}).shapes[1],
                 Shape::rect("blade", {14, 20}, {20, 4}, 10, "hitbox")); // about origin x 32
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);
    }

    void mirrorSpriteMirrorsEveryFrame() {
        mStack.push(
            makeMirrorSpriteCommand(mDocument.get(), 0, MirrorAxis::Vertical, {}).release());
        QCOMPARE(mStack.undoText(), QStringLiteral("Mirror sprite knight"));
        for (int f = 0; f < 5; ++f)
            QCOMPARE(mDocument->frame({0, f}),
                     mirrored(mOriginal.sprites[0].frames[f], MirrorAxis::Vertical, {32, 60}));
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);
    }

    // The frame's geometry, written out by hand (not through operations::mirrored): about the
    // frame's origin (32, 60), x -> 64 - x horizontally, y -> 120 - y vertically; a polygon keeps
    // its vertex 0 and its winding (the others in reverse order); a rect's angle changes sign.
    void mirrorFrameMirrorsThatFrameOnly() {
        mStack.push(
            makeMirrorFrameCommand(mDocument.get(), {0, 2}, MirrorAxis::Horizontal, {}).release());
        QCOMPARE(mStack.count(), 1);
        QCOMPARE(mStack.undoText(), QStringLiteral("Mirror frame attack-2"));
        const QList<Shape> &shapes = mDocument->frame({0, 2}).shapes;
        QCOMPARE(shapes.size(), 2);
        QCOMPARE(shapes[0].type, ShapeType::Polygon);
        const QList<QPointF> body{{44, 24}, {24, 56}, {20, 24}};
        QCOMPARE(shapes[0].points.size(), body.size());
        for (qsizetype i = 0; i < body.size(); ++i)
            QVERIFY2(shapes[0].points[i] == body[i], qPrintable(QStringLiteral("vertex %1: %2,%3")
                                                                    .arg(i)
                                                                    .arg(shapes[0].points[i].x())
                                                                    .arg(shapes[0].points[i].y())));
        QCOMPARE(shapes[0].id, QStringLiteral("body"));
        QCOMPARE(shapes[0].layer, QStringLiteral("hurtbox"));
        QCOMPARE(shapes[1].type, ShapeType::Circle);
        QCOMPARE(shapes[1].center, QPointF(64, 0));
        QCOMPARE(shapes[1].radius, 1.0);
        for (int f : {0, 1, 3, 4}) // the other frames are untouched
            QCOMPARE(mDocument->frame({0, f}), mOriginal.sprites[0].frames[f]);
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);

        // Vertically, frame 0: the polygon and the rect.
        mStack.push(
            makeMirrorFrameCommand(mDocument.get(), {0, 0}, MirrorAxis::Vertical, {}).release());
        QCOMPARE(mStack.undoText(), QStringLiteral("Mirror frame attack-0"));
        const Frame &first = mDocument->frame({0, 0});
        QCOMPARE(first.shapes.size(), 2);
        QCOMPARE(first.shapes[0].points, (QList<QPointF>{{20, 96}, {40, 64}, {44, 96}}));
        QCOMPARE(first.shapes[1].type, ShapeType::Rect);
        QCOMPARE(first.shapes[1].center, QPointF(50, 100));
        QCOMPARE(first.shapes[1].size, QSizeF(20, 4));
        QCOMPARE(first.shapes[1].angle, 10.0);
        for (int f : {1, 2, 3, 4})
            QCOMPARE(mDocument->frame({0, f}), mOriginal.sprites[0].frames[f]);
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);
        mStack.redo();
        QCOMPARE(mDocument->frame({0, 0}).shapes[1].center, QPointF(50, 100));
    }

    void mirroredCopyInsertsASprite() {
        mStack.push(makeMirroredSpriteCopyCommand(mDocument.get(), 0, MirrorAxis::Horizontal,
                                                  QSizeF(320, 64), "knight-left")
                        .release());
        QCOMPARE(mStack.undoText(), QStringLiteral("Mirrored copy of knight"));
        QCOMPARE(mDocument->data().sprites.size(), 2);
        QCOMPARE(mDocument->sprite(1), mirroredCopy(mOriginal.sprites[0], MirrorAxis::Horizontal,
                                                    QSizeF(320, 64), "knight-left"));
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);
    }

    void copyForwardKeepsIdsAndReplaces() {
        const QList<int> targets = copyTargets(0, 5, CopyTarget::Range, 1, 3);
        mStack.push(makeCopyAcrossFramesCommand(mDocument.get(), {{0, 0, 1}}, targets).release());
        QCOMPARE(mStack.count(), 1);
        QCOMPARE(mStack.undoText(), QStringLiteral("Copy blade to 3 frames"));
        const Shape blade = mOriginal.sprites[0].frames[0].shapes[1];
        QCOMPARE(mDocument->frame({0, 1}).shapes,
                 (QList<Shape>{mOriginal.sprites[0].frames[1].shapes[0], blade}));
        // Frame 2 had a circle "blade": replaced where it was, not duplicated.
        QCOMPARE(mDocument->frame({0, 2}).shapes.size(), 2);
        QCOMPARE(mDocument->frame({0, 2}).shapes[1], blade);
        QCOMPARE(mDocument->frame({0, 3}).shapes[1], blade);
        QCOMPARE(mDocument->frame({0, 4}), mOriginal.sprites[0].frames[4]);
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);
        mStack.redo();
        QCOMPARE(mDocument->frame({0, 3}).shapes[1], blade);
    }

    void interpolateFillsTheFramesBetween() {
        // Frame 2's circle "blade" cannot pair with rects but is not a key: it is replaced.
        Inbetweens report;
        auto command = makeInterpolateCommand(mDocument.get(), 0, 4, 0, &report);
        QVERIFY(command);
        mStack.push(command.release());
        QCOMPARE(mStack.count(), 1);
        QCOMPARE(mStack.undoText(), QStringLiteral("Interpolate attack-0 to attack-4"));
        QVERIFY(report.onlyInFirst.isEmpty() && report.mismatched.isEmpty());
        const Shape &a = mOriginal.sprites[0].frames[0].shapes[1];
        const Shape &b = mOriginal.sprites[0].frames[4].shapes[1];
        for (int f = 1; f <= 3; ++f) {
            const Frame &frame = mDocument->frame({0, f});
            QCOMPARE(frame.shapes[frame.indexOfShape("blade")], interpolated(a, b, f / 4.0));
        }
        QCOMPARE(mDocument->frame({0, 2}).shapes[1].center, QPointF(30, 30));
        QCOMPARE(mDocument->frame({0, 2}).shapes[1].angle, 10.0);
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);
        QVERIFY(!makeInterpolateCommand(mDocument.get(), 0, 1, 2)); // adjacent: nothing between
    }

    void interpolateKeepsTheLayerAndPropertiesOfShapesBetween() {
        // An author gave the in-between blade its own layer and damage: only its geometry moves.
        Shape between = mDocument->frame({0, 2}).shapes[1];
        QCOMPARE(between.id, QStringLiteral("blade"));
        between.layer = QStringLiteral("sweetspot");
        between.properties = QJsonObject{{"damage", 12}};
        mStack.push(new ChangeShapesCommand(mDocument.get(), {ShapeRef{0, 2, 1}}, {between},
                                            QStringLiteral("Set damage of blade")));
        auto command = makeInterpolateCommand(mDocument.get(), 0, 0, 4);
        QVERIFY(command);
        mStack.push(command.release());
        const Shape &a = mOriginal.sprites[0].frames[0].shapes[1];
        const Shape &b = mOriginal.sprites[0].frames[4].shapes[1];
        const Shape &after = mDocument->frame({0, 2}).shapes[1];
        Shape expected = interpolated(a, b, 0.5);
        expected.layer = QStringLiteral("sweetspot");
        expected.properties = QJsonObject{{"damage", 12}};
        QCOMPARE(after, expected);
        // Frames whose blade had no data of its own take the keys' layer.
        QCOMPARE(mDocument->frame({0, 1}).shapes[1].layer, a.layer);
        mStack.undo();
        QCOMPARE(mDocument->frame({0, 2}).shapes[1], between);
    }

    void frameDurationAndPropertiesUndo() {
        Frame info = mDocument->frame({0, 1});
        info.duration = 250;
        info.properties = QJsonObject{{"cancel", true}};
        mStack.push(new ChangeFrameCommand(mDocument.get(), {0, 1}, info, "Duration"));
        QCOMPARE(mDocument->frame({0, 1}).duration, std::optional<int>(250));
        QCOMPARE(mDocument->frame({0, 1}).properties.value("cancel"), QJsonValue(true));
        mStack.undo();
        QCOMPARE(mDocument->data(), mOriginal);
    }

    void frameMotionIsOneUndoStep() {
        std::unique_ptr<QUndoCommand> command =
            makeSetFrameMotionCommand(mDocument.get(), {0, 2}, QPointF(6.5, -1));
        QVERIFY(command);
        QCOMPARE(command->text(), QStringLiteral("Set motion of attack-2"));
        mStack.push(command.release());
        QCOMPARE(mDocument->frame({0, 2}).motion.x(), 6.5);
        QCOMPARE(mDocument->frame({0, 2}).motion.y(), -1.0);
        QCOMPARE(mDocument->sprite(0).rootPosition(4).x(), 6.5);
        QCOMPARE(mDocument->sprite(0).rootPosition(1).x(), 0.0);
        // Setting it again changes nothing and makes no step.
        QVERIFY(!makeSetFrameMotionCommand(mDocument.get(), {0, 2}, QPointF(6.5, -1)));
        mStack.undo();
        QCOMPARE(mDocument->frame({0, 2}).motion.x(), 0.0);
        QCOMPARE(mDocument->data(), mOriginal);
        mStack.redo();
        QCOMPARE(mDocument->frame({0, 2}).motion.x(), 6.5);
        // A tiny step is a step (QPointF's == would call it unchanged).
        QVERIFY(makeSetFrameMotionCommand(mDocument.get(), {0, 2}, QPointF(6.5, -1 + 1e-9)));
    }

    void nonFiniteMotionIsAProblem() {
        DocumentData data = mOriginal;
        data.sprites[0].frames[3].motion = QPointF(qInf(), 0);
        QList<Problem> problems = validateDocument(data);
        problems.removeIf([](const Problem &p) { return p.kind == ProblemKind::MissingImage; });
        QCOMPARE(problems.size(), 1);
        QCOMPARE(problems[0].kind, ProblemKind::InvalidMotion);
        QCOMPARE(problems[0].frame, 3);
        QCOMPARE(problems[0].location, QStringLiteral("knight/attack-3.motion"));
    }

private:
    std::unique_ptr<Document> mDocument;
    DocumentData mOriginal;
    QUndoStack mStack;
};

QTEST_GUILESS_MAIN(TestAnimationCommands)
#include "tst_model_animationcommands.moc"
