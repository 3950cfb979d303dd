// Every undo command on the model alone, Krita style: redo, check, undo, check restored, redo.
// Signals are checked with QSignalSpy: one typed change per mutation.

#include "document.h"
#include "shapecommands.h"
#include "structurecommands.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

using namespace hitsmith;

namespace {

DocumentData sample() {
    DocumentData data;
    Sprite knight{"knight", "knight.png", {}, {}, {}, {}};
    Frame idle{"idle", QRectF(0, 0, 64, 64), QPointF(32, 62), {}, {}, {}, {}};
    idle.shapes << Shape::polygon("body", {{20, 24}, {44, 24}, {40, 56}, {24, 56}}, "hurtbox")
                << Shape::circle("head", {32, 16}, 9, "hurtbox")
                << Shape::rect("blade", {50, 20}, {22, 4}, -80, "hitbox");
    Frame attack = idle;
    attack.name = "attack";
    knight.frames << idle << attack;
    data.sprites << knight
                 << Sprite{"slime", {}, {Frame{"idle", {}, {}, {}, {}, {}, {}}}, {}, {}, {}};
    return data;
}

} // namespace

class TestCommands : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init();
    void layerNamesFollowEveryChange();
    void changeShape();
    void undoTextNamesTheShape();
    void dragMergesIntoOneStep();
    void dragBackToStartIsObsolete();
    void separateDragsStaySeparate();
    void insertAndRemoveShapes();
    void spriteCommands();
    void renameAndSetImageOfASprite();
    void frameCommands();
    void collisionRules();
    void modifiedFollowsCleanState();

private:
    Document *mDocument = nullptr;
    DocumentData mOriginal;
};

void TestCommands::init() {
    delete mDocument;
    mDocument = new Document(this);
    mOriginal = sample();
    mDocument->reset(mOriginal, "/tmp/x.json");
}

void TestCommands::layerNamesFollowEveryChange() {
    // Document::layerNames is kept between changes: after each, and as each is heard, it is
    // what the data says.
    QStringList heard;
    connect(mDocument, &Document::changed, this, [&] { heard = mDocument->layerNames(); });
    const auto check = [&](const char *step) {
        QVERIFY2(mDocument->layerNames() == mDocument->data().layerNames(), step);
        QVERIFY2(heard == mDocument->data().layerNames(), step);
    };
    QCOMPARE(mDocument->layerNames(), QStringList({"hitbox", "hurtbox"}));
    Shape shape = mDocument->shape({0, 0, 1});
    shape.layer = QStringLiteral("pushbox");
    mDocument->setShape({0, 0, 1}, shape);
    check("setShape");
    mDocument->insertShape({0, 1, 0}, Shape::circle("new", {1, 1}, 2, "armor"));
    check("insertShape");
    mDocument->takeShape({0, 1, 0});
    check("takeShape");
    mDocument->setLayers({LayerStyle{"styled", {}, true, {}}});
    check("setLayers");
    mDocument->setCollide(QList<LayerPair>{{"matrix", "hitbox"}});
    check("setCollide");
    mDocument->takeSprite(0);
    check("takeSprite");
    mDocument->reset(sample());
    check("reset");
    QCOMPARE(mDocument->layerNames(), QStringList({"hitbox", "hurtbox"}));
}

void TestCommands::changeShape() {
    QSignalSpy spy(mDocument, &Document::changed);
    const ShapeRef ref{0, 0, 1};
    Shape moved = mDocument->shape(ref);
    moved.center = {40, 20};
    mDocument->undoStack()->push(new ChangeShapesCommand(mDocument, {ref}, {moved}, "Move"));
    QCOMPARE(mDocument->shape(ref), moved);
    QCOMPARE(spy.size(), 1);
    const auto change = spy.at(0).at(0).value<DocumentChange>();
    QCOMPARE(change.kind, DocumentChange::Kind::ShapeChanged);
    QCOMPARE(change.shapeRef(), ref);

    mDocument->undoStack()->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    mDocument->undoStack()->redo();
    QCOMPARE(mDocument->shape(ref), moved);
    QCOMPARE(mDocument->undoStack()->undoText(), QStringLiteral("Move"));
}

void TestCommands::undoTextNamesTheShape() {
    const ShapeRef ref{0, 0, 1};
    const QString id = mDocument->shape(ref).id;
    QVERIFY(!id.isEmpty());
    Shape moved = mDocument->shape(ref);
    moved.center = {40, 20};
    QUndoStack *stack = mDocument->undoStack();
    stack->push(new ChangeShapesCommand(mDocument, {ref}, {moved}, QStringLiteral("Move %1")));
    QCOMPARE(stack->undoText(), QStringLiteral("Move ") + id);
    stack->push(new RemoveShapesCommand(mDocument, {{0, 0, 0}, ref}, QStringLiteral("Delete %1")));
    QCOMPARE(stack->undoText(), QStringLiteral("Delete 2 shapes"));
    stack->undo();
    stack->push(
        new InsertShapesCommand(mDocument, {{0, 0, 0}}, {moved}, QStringLiteral("Paste %1")));
    QCOMPARE(stack->undoText(), QStringLiteral("Paste ") + id);
}

void TestCommands::dragMergesIntoOneStep() {
    const ShapeRef ref{0, 0, 0};
    Shape shape = mDocument->shape(ref);
    for (int step = 1; step <= 10; ++step) {
        shape.points[0] = QPointF(20 + step, 24 - step);
        mDocument->undoStack()->push(new ChangeShapesCommand(
            mDocument, {ref}, {shape}, "Move vertex",
            step == 1 ? MergeMode::Separate : MergeMode::MergeWithPrevious));
    }
    QCOMPARE(mDocument->undoStack()->count(), 1);
    QCOMPARE(mDocument->shape(ref).points[0], QPointF(30, 14));
    mDocument->undoStack()->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    mDocument->undoStack()->redo();
    QCOMPARE(mDocument->shape(ref).points[0], QPointF(30, 14));
}

void TestCommands::dragBackToStartIsObsolete() {
    const ShapeRef ref{0, 0, 0};
    Shape shape = mDocument->shape(ref);
    const Shape original = shape;
    shape.translate({5, 0});
    mDocument->undoStack()->push(new ChangeShapesCommand(mDocument, {ref}, {shape}, "Move"));
    mDocument->undoStack()->push(new ChangeShapesCommand(mDocument, {ref}, {original}, "Move",
                                                         MergeMode::MergeWithPrevious));
    QCOMPARE(mDocument->undoStack()->count(), 0);
    QVERIFY(!mDocument->isModified());
    QCOMPARE(mDocument->data(), mOriginal);
}

void TestCommands::separateDragsStaySeparate() {
    const ShapeRef ref{0, 0, 1};
    Shape shape = mDocument->shape(ref);
    shape.translate({1, 0});
    mDocument->undoStack()->push(new ChangeShapesCommand(mDocument, {ref}, {shape}, "Move"));
    shape.translate({1, 0});
    mDocument->undoStack()->push(new ChangeShapesCommand(mDocument, {ref}, {shape}, "Move"));
    // Merging needs the same shapes too.
    Shape other = mDocument->shape({0, 0, 2});
    other.translate({1, 0});
    mDocument->undoStack()->push(new ChangeShapesCommand(mDocument, {{0, 0, 2}}, {other}, "Move",
                                                         MergeMode::MergeWithPrevious));
    QCOMPARE(mDocument->undoStack()->count(), 3);
}

void TestCommands::insertAndRemoveShapes() {
    QSignalSpy spy(mDocument, &Document::changed);
    const Shape a = Shape::circle("a", {1, 1}, 1), b = Shape::circle("b", {2, 2}, 2);
    // Given out of order: inserted so that each ends up at the index named.
    mDocument->undoStack()->push(
        new InsertShapesCommand(mDocument, {{0, 1, 4}, {0, 1, 0}}, {b, a}, "Paste"));
    const Frame &frame = mDocument->frame({0, 1});
    QCOMPARE(frame.shapes.size(), 5);
    QCOMPARE(frame.shapes[0].id, QStringLiteral("a"));
    QCOMPARE(frame.shapes[4].id, QStringLiteral("b"));
    QCOMPARE(spy.size(), 2);
    mDocument->undoStack()->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    mDocument->undoStack()->redo();
    QCOMPARE(mDocument->frame({0, 1}).shapes.size(), 5);
    mDocument->undoStack()->undo();

    mDocument->undoStack()->push(
        new RemoveShapesCommand(mDocument, {{0, 0, 2}, {0, 0, 0}}, "Delete"));
    QCOMPARE(mDocument->frame({0, 0}).shapes.size(), 1);
    QCOMPARE(mDocument->frame({0, 0}).shapes[0].id, QStringLiteral("head"));
    mDocument->undoStack()->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    mDocument->undoStack()->redo();
    QCOMPARE(mDocument->frame({0, 0}).shapes.size(), 1);
}

void TestCommands::spriteCommands() {
    QUndoStack *stack = mDocument->undoStack();
    stack->push(
        new InsertSpriteCommand(mDocument, 1, Sprite{"bat", "bat.png", {}, {}, {}, {}}, "Add"));
    QCOMPARE(mDocument->data().sprites[1].name, QStringLiteral("bat"));
    stack->push(new ChangeSpriteCommand(mDocument, 1, "bat2", "b.png", "Rename"));
    QCOMPARE(mDocument->data().sprites[1].name, QStringLiteral("bat2"));
    QCOMPARE(mDocument->data().sprites[1].image, QStringLiteral("b.png"));
    stack->push(new MoveSpriteCommand(mDocument, 1, 0, "Move"));
    QCOMPARE(mDocument->data().sprites[0].name, QStringLiteral("bat2"));
    stack->push(new RemoveSpriteCommand(mDocument, 1, "Delete"));
    QCOMPARE(mDocument->data().sprites.size(), 2);
    QCOMPARE(mDocument->data().sprites[1].name, QStringLiteral("slime"));
    for (int i = 0; i < 4; ++i)
        stack->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    for (int i = 0; i < 4; ++i)
        stack->redo();
    QCOMPARE(mDocument->data().sprites.size(), 2);
    QCOMPARE(mDocument->data().sprites[0].name, QStringLiteral("bat2"));
}

void TestCommands::renameAndSetImageOfASprite() {
    QUndoStack *stack = mDocument->undoStack();
    QSignalSpy changes(mDocument, &Document::changed);
    stack->push(new RenameSpriteCommand(mDocument, 0, "hero"));
    QCOMPARE(stack->undoText(), QStringLiteral("Rename sprite knight to hero"));
    QCOMPARE(mDocument->sprite(0).name, QStringLiteral("hero"));
    QCOMPARE(mDocument->sprite(0).image, mOriginal.sprites[0].image); // untouched
    QCOMPARE(changes.size(), 1);
    QCOMPARE(changes[0][0].value<DocumentChange>().kind, DocumentChange::Kind::SpriteChanged);

    stack->push(new SetSpriteImageCommand(mDocument, 0, "/art/hero.png"));
    QCOMPARE(stack->undoText(), QStringLiteral("Set image of hero"));
    QCOMPARE(mDocument->sprite(0).image, QStringLiteral("/art/hero.png"));
    QCOMPARE(mDocument->sprite(0).name, QStringLiteral("hero"));
    stack->push(new SetSpriteImageCommand(mDocument, 1, {}));
    QCOMPARE(stack->undoText(), QStringLiteral("Remove image of slime"));

    stack->undo();
    stack->undo();
    QCOMPARE(mDocument->sprite(0).image, mOriginal.sprites[0].image);
    QCOMPARE(mDocument->sprite(0).name, QStringLiteral("hero"));
    stack->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    stack->redo();
    stack->redo();
    QCOMPARE(mDocument->sprite(0).name, QStringLiteral("hero"));
    QCOMPARE(mDocument->sprite(0).image, QStringLiteral("/art/hero.png"));
}

void TestCommands::frameCommands() {
    QUndoStack *stack = mDocument->undoStack();
    Frame info = mDocument->frame({0, 0});
    info.name = "stand";
    info.source = QRectF(64, 0, 64, 64);
    info.origin.reset();
    info.shapes.clear(); // ignored: frame info changes never touch shapes
    stack->push(new ChangeFrameCommand(mDocument, {0, 0}, info, "Edit frame"));
    QCOMPARE(mDocument->frame({0, 0}).name, QStringLiteral("stand"));
    QCOMPARE(*mDocument->frame({0, 0}).source, QRectF(64, 0, 64, 64));
    QVERIFY(!mDocument->frame({0, 0}).origin);
    QCOMPARE(mDocument->frame({0, 0}).shapes.size(), 3);

    stack->push(new MoveFrameCommand(mDocument, 0, 0, 1, "Move frame"));
    QCOMPARE(mDocument->frame({0, 1}).name, QStringLiteral("stand"));
    stack->push(
        new InsertFrameCommand(mDocument, {1, 1}, Frame{"hop", {}, {}, {}, {}, {}, {}}, "Add"));
    QCOMPARE(mDocument->frame({1, 1}).name, QStringLiteral("hop"));
    stack->push(new RemoveFrameCommand(mDocument, {0, 0}, "Delete"));
    QCOMPARE(mDocument->sprite(0).frames.size(), 1);
    for (int i = 0; i < 4; ++i)
        stack->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    for (int i = 0; i < 4; ++i)
        stack->redo();
    QCOMPARE(mDocument->sprite(0).frames.size(), 1);
    QCOMPARE(mDocument->frame({0, 0}).name, QStringLiteral("stand"));
}

void TestCommands::collisionRules() {
    QSignalSpy spy(mDocument, &Document::changed);
    QList<LayerStyle> layers{{"hitbox", QColor(Qt::red), true, {}}};
    mDocument->undoStack()->push(new SetCollisionRulesCommand(
        mDocument, QList<LayerPair>{{"hitbox", "hurtbox"}}, layers, "Rules"));
    QVERIFY(mDocument->data().collide);
    QVERIFY(mDocument->data().layersCollide("hurtbox", "hitbox"));
    QVERIFY(!mDocument->data().layersCollide("hurtbox", "hurtbox"));
    QCOMPARE(mDocument->data().layers, layers);
    QCOMPARE(spy.size(), 2);
    mDocument->undoStack()->undo();
    QCOMPARE(mDocument->data(), mOriginal);
    mDocument->undoStack()->redo();
    QCOMPARE(mDocument->data().layers, layers);
}

void TestCommands::modifiedFollowsCleanState() {
    QSignalSpy modified(mDocument, &Document::modifiedChanged);
    QVERIFY(!mDocument->isModified());
    mDocument->undoStack()->push(new RemoveShapesCommand(mDocument, {{0, 0, 0}}, "Delete"));
    QVERIFY(mDocument->isModified());
    QCOMPARE(modified.size(), 1);
    QCOMPARE(modified.at(0).at(0).toBool(), true);
    mDocument->markSaved();
    QVERIFY(!mDocument->isModified());
    mDocument->undoStack()->undo();
    QVERIFY(mDocument->isModified()); // undoing past the save point is a change too
    mDocument->undoStack()->redo();
    QVERIFY(!mDocument->isModified());
}

QTEST_GUILESS_MAIN(TestCommands)
#include "tst_model_commands.moc"
