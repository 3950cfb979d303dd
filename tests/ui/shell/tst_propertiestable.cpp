// The Properties panel's game data, typed into its real table: add, set, rename, change type and
// remove a shape's or a frame's properties, the refusals with their reasons, completion from the
// document's names, and several shapes edited together (mixed values, layer for all). Every edit
// is checked on the model, then undone and redone.

#include "shelltestsupport.h"

#include "editorsession.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "multishapepage.h"
#include "propertiestable.h"
#include "propertypanel.h"
#include "refusalline.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QCompleter>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QTableWidget>
#include <QUndoStack>

#include <tuple>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

// Frame idle: blade {damage 12, hitstun 5}, fist {damage 12}, kick {damage 4}, body (none);
// frame run: a circle with {knockback 3}; the frame run has {sound: "swing"}.
DocumentData propertyDocument() {
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("hero");
    Frame idle;
    idle.name = QStringLiteral("idle");
    Shape blade =
        Shape::rect(QStringLiteral("blade"), {10, 10}, {8, 2}, 0.0, QStringLiteral("hitbox"));
    blade.properties = {{"damage", 12}, {"hitstun", 5}};
    Shape fist = Shape::circle(QStringLiteral("fist"), {0, 0}, 2, QStringLiteral("hitbox"));
    fist.properties = {{"damage", 12}};
    Shape kick = Shape::circle(QStringLiteral("kick"), {5, 0}, 2, QStringLiteral("hitbox"));
    kick.properties = {{"damage", 4}};
    Shape body = Shape::circle(QStringLiteral("body"), {0, 9}, 6, QStringLiteral("hurtbox"));
    idle.shapes = {blade, fist, kick, body};
    Frame run;
    run.name = QStringLiteral("run");
    run.properties = {{"sound", "swing"}};
    Shape c = Shape::circle(QStringLiteral("c"), {0, 0}, 2);
    c.properties = {{"knockback", 3}};
    run.shapes = {c};
    sprite.frames = {idle, run};
    data.sprites = {sprite};
    return data;
}

} // namespace

class TestPropertiesTable : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;
    DocumentData mOpened;

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    QUndoStack *stack() const { return doc()->undoStack(); }
    PropertyPanel *panel() const { return mWindow->propertyPanel(); }
    const QJsonObject &props(int frame, int shape) const {
        return doc()->sprite(0).frames[frame].shapes[shape].properties;
    }

    // An editor commits on Enter from a queued call, and the table then rebuilds from another:
    // two rounds of events.
    static void settle() {
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
    }

    // The offscreen platform does not give the window back its activation after a completer's
    // popup closes; a desktop does.
    void reactivate() {
        if (QApplication::activeWindow() == mWindow.get())
            return;
        mWindow->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
    }

    // Types a new property's name like a user and presses Enter.
    void addNamed(PropertiesTable *table, const QString &name) {
        table->nameEdit()->setFocus();
        QTest::keyClicks(table->nameEdit(), name);
        QTest::keyClick(table->nameEdit(), Qt::Key_Return);
        settle();
        reactivate();
    }

    // The open cell editor: select all, type, Enter.
    bool typeIntoEditor(const QString &text) {
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        if (!editor) {
            qWarning() << "no editor; focus is on" << QApplication::focusWidget();
            return false;
        }
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(editor, Qt::Key_Backspace);
        QTest::keyClicks(editor, text);
        QTest::keyClick(editor, Qt::Key_Return);
        settle();
        reactivate();
        return true;
    }

    // Opens a cell's editor with F2 and types into it.
    bool editCell(PropertiesTable *table, int row, int column, const QString &text) {
        if (row < 0)
            return false;
        table->table()->setFocus();
        table->table()->setCurrentCell(row, column);
        QTest::keyClick(table->table(), Qt::Key_F2);
        return typeIntoEditor(text);
    }

    static QString cellText(PropertiesTable *table, const QString &name, int column) {
        const int row = table->rowOf(name);
        return row < 0 ? QStringLiteral("<none>") : table->table()->item(row, column)->text();
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
        const QString path = mDir.filePath(QStringLiteral("props.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HitsmithFormat::serialize(propertyDocument()));
        file.close();
        QVERIFY(mWindow->openFile(path));
        mOpened = doc()->data();
        settle();
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void addAndSetByTyping() {
        session()->setSelectedShapes({3}); // body: no properties yet
        settle();
        PropertiesTable *table = panel()->shapeProperties();
        QVERIFY(table->isVisible());
        QCOMPARE(table->table()->rowCount(), 0);
        addNamed(table, QStringLiteral("damage"));
        QCOMPARE(props(0, 3), (QJsonObject{{"damage", 0}})); // a number, as elsewhere
        QCOMPARE(stack()->undoText(), QStringLiteral("Add damage to body"));
        // The new property's value is open for typing right away.
        QVERIFY(typeIntoEditor(QStringLiteral("12")));
        QCOMPARE(props(0, 3), (QJsonObject{{"damage", 12}}));
        QCOMPARE(stack()->undoText(), QStringLiteral("Set damage of body"));
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), QStringLiteral("12"));
        QCOMPARE(stack()->count(), 2);
        stack()->undo();
        settle();
        QCOMPARE(props(0, 3), (QJsonObject{{"damage", 0}}));
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), QStringLiteral("0"));
        stack()->undo();
        settle();
        QCOMPARE(doc()->data(), mOpened);
        QCOMPARE(table->table()->rowCount(), 0);
        stack()->redo();
        stack()->redo();
        settle();
        QCOMPARE(props(0, 3), (QJsonObject{{"damage", 12}}));
    }

    // Typing on the table starts an edit; the window's single-key shortcuts (Shift+H flips the
    // selection, "." steps to the next frame) must not take the keys first.
    void typingOnTheTableNeverTriggersShortcuts() {
        session()->setSelectedShapes({0}); // blade: damage 12
        settle();
        PropertiesTable *table = panel()->shapeProperties();
        const FrameRef frame = session()->currentFrame();
        for (const auto &[key, modifiers, typed] :
             {std::tuple{'H', Qt::ShiftModifier, QStringLiteral("H")},
              std::tuple{'.', Qt::NoModifier, QStringLiteral(".")}}) {
            table->table()->setFocus();
            table->table()->setCurrentCell(table->rowOf(QStringLiteral("damage")), 2);
            QTest::keyClick(table->table(), key, modifiers);
            settle();
            auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
            QVERIFY2(editor, qPrintable(typed));
            QCOMPARE(editor->text(), typed);
            QTest::keyClick(editor, Qt::Key_Escape);
            settle();
            QCOMPARE(doc()->data(), mOpened); // nothing flipped, nothing set
            QCOMPARE(session()->currentFrame(), frame);
            QCOMPARE(stack()->count(), 0);
        }
    }

    // Each refusal keeps the value and says why on the line under the table (no modal box:
    // tst_refusals types the same with the real prompts).
    void refusesBadInputWithAReason() {
        session()->setSelectedShapes({0}); // blade: damage 12, hitstun 5
        settle();
        PropertiesTable *table = panel()->shapeProperties();
        const auto reason = [table] {
            return table->refusalLine()->isVisible() ? table->refusalLine()->text() : QString();
        };
        QVERIFY(editCell(table, table->rowOf(QStringLiteral("damage")), 2, QStringLiteral("nan")));
        QVERIFY2(reason().contains(QStringLiteral("\"nan\" is not a number")),
                 qPrintable(reason()));
        QVERIFY(editCell(table, table->rowOf(QStringLiteral("damage")), 2, QStringLiteral("x")));
        QVERIFY(reason().contains(QStringLiteral("\"x\" is not a number")));
        addNamed(table, QString());
        QVERIFY(reason().contains(QStringLiteral("name")));
        addNamed(table, QStringLiteral("hitstun"));
        QVERIFY2(reason().contains(QStringLiteral("blade already has a property named "
                                                  "\"hitstun\"")),
                 qPrintable(reason()));
        QVERIFY(
            editCell(table, table->rowOf(QStringLiteral("damage")), 0, QStringLiteral("hitstun")));
        QVERIFY(reason().contains(QStringLiteral("already has a property named")));
        QVERIFY(editCell(table, table->rowOf(QStringLiteral("damage")), 0, QString()));
        QVERIFY(reason().contains(QStringLiteral("needs a name")));
        QVERIFY(mPrompts->errors.isEmpty()); // in place, never a message box
        QCOMPARE(stack()->count(), 0);
        QCOMPARE(doc()->data(), mOpened);
        // The table shows the model again, not the refused text.
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), QStringLiteral("12"));
        QCOMPARE(cellText(table, QStringLiteral("damage"), 0), QStringLiteral("damage"));
    }

    void renameAndChangeType() {
        session()->setSelectedShapes({0});
        settle();
        PropertiesTable *table = panel()->shapeProperties();
        QVERIFY(
            editCell(table, table->rowOf(QStringLiteral("hitstun")), 0, QStringLiteral("stun")));
        QCOMPARE(props(0, 0), (QJsonObject{{"damage", 12}, {"stun", 5}}));
        QCOMPARE(stack()->undoText(), QStringLiteral("Rename hitstun of blade to stun"));

        QComboBox *type = table->typeBox(table->rowOf(QStringLiteral("damage")));
        QVERIFY(type);
        QCOMPARE(type->currentText(), QStringLiteral("number"));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_Down); // number -> string
        settle();
        QCOMPARE(props(0, 0).value("damage"), QJsonValue("12"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Change type of damage of blade"));
        QVERIFY(editCell(table, table->rowOf(QStringLiteral("damage")), 2, QStringLiteral("fire")));
        QCOMPARE(props(0, 0).value("damage"), QJsonValue("fire"));
        type = table->typeBox(table->rowOf(QStringLiteral("damage")));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_Up); // string -> number: "fire" has no number
        settle();
        QVERIFY(mPrompts->errors.isEmpty());
        QVERIFY2(
            table->refusalLine()->text().contains(QStringLiteral("damage of blade is \"fire\"")),
            qPrintable(table->refusalLine()->text()));
        QCOMPARE(props(0, 0).value("damage"), QJsonValue("fire"));
        QCOMPARE(table->typeBox(table->rowOf(QStringLiteral("damage")))->currentText(),
                 QStringLiteral("string"));
        QCOMPARE(stack()->count(), 3);
        stack()->undo();
        stack()->undo();
        QCOMPARE(props(0, 0), (QJsonObject{{"damage", 12}, {"stun", 5}}));
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
        stack()->redo();
        QCOMPARE(props(0, 0), (QJsonObject{{"damage", 12}, {"stun", 5}}));
    }

    void removeAndCompleteNames() {
        session()->setSelectedShapes({0});
        settle();
        PropertiesTable *table = panel()->shapeProperties();
        // Every name in the document, from shapes and frames of any frame.
        QCOMPARE(table->knownNames(), (QStringList{"damage", "hitstun", "knockback", "sound"}));
        table->nameEdit()->setFocus();
        QTest::keyClicks(table->nameEdit(), QStringLiteral("kn"));
        QVERIFY(table->nameEdit()->completer());
        QCOMPARE(table->nameEdit()->completer()->currentCompletion(), QStringLiteral("knockback"));
        table->nameEdit()->clear();
        // Renaming in the table completes from the same names.
        table->table()->setFocus();
        table->table()->setCurrentCell(table->rowOf(QStringLiteral("hitstun")), 0);
        QTest::keyClick(table->table(), Qt::Key_F2);
        auto *nameEditor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(nameEditor && nameEditor->completer());
        QTest::keyClick(nameEditor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(nameEditor, QStringLiteral("so"));
        QCOMPARE(nameEditor->completer()->currentCompletion(), QStringLiteral("sound"));
        if (nameEditor->completer()->popup()->isVisible())
            QTest::keyClick(nameEditor->completer()->popup(), Qt::Key_Escape);
        QTest::keyClick(nameEditor, Qt::Key_Escape); // cancelled: nothing renamed
        settle();
        reactivate();
        QCOMPARE(stack()->count(), 0);

        table->table()->selectRow(table->rowOf(QStringLiteral("hitstun")));
        QVERIFY(table->removeButton()->isEnabled());
        QTest::mouseClick(table->removeButton(), Qt::LeftButton);
        settle();
        QCOMPARE(props(0, 0), (QJsonObject{{"damage", 12}}));
        QCOMPARE(stack()->undoText(), QStringLiteral("Remove hitstun from blade"));
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
    }

    void frameProperties() {
        session()->setCurrentFrame({0, 1});
        settle();
        PropertiesTable *table = panel()->frameProperties();
        QVERIFY(table->isVisible());
        QCOMPARE(cellText(table, QStringLiteral("sound"), 2), QStringLiteral("swing"));
        addNamed(table, QStringLiteral("cancel"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Add cancel to frame run"));
        // A number until its type is changed: "true" is no number.
        QVERIFY(typeIntoEditor(QStringLiteral("true")));
        QVERIFY(table->refusalLine()->text().contains(QStringLiteral("\"true\" is not a number")));
        QCOMPARE(stack()->count(), 1);
        QComboBox *type = table->typeBox(table->rowOf(QStringLiteral("cancel")));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_End); // bool
        settle();
        QCOMPARE(doc()->sprite(0).frames[1].properties.value("cancel"), QJsonValue(false));
        QCOMPARE(stack()->undoText(), QStringLiteral("Change type of cancel of frame run"));
        QVERIFY(editCell(table, table->rowOf(QStringLiteral("cancel")), 2, QStringLiteral("yes")));
        QCOMPARE(doc()->sprite(0).frames[1].properties,
                 (QJsonObject{{"cancel", true}, {"sound", "swing"}}));
        QCOMPARE(stack()->undoText(), QStringLiteral("Set cancel of frame run"));
        QCOMPARE(stack()->count(), 3); // add, type, set
        while (stack()->canUndo())
            stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
    }

    void severalShapesWithAStaleReferenceShowTheOthers() {
        // A selection not yet pruned (e.g. in the middle of an undo) may name a removed shape.
        MultiShapePage *page = panel()->multiShapePage();
        page->showShapes({{0, 0, 0}, {0, 0, 9999}, {0, 0, 1}});
        QCOMPARE(page->layerBox()->currentText(), QStringLiteral("hitbox"));
    }

    void severalShapesTogether() {
        session()->setSelectedShapes({0, 1, 2}); // damage 12, 12, 4; hitstun on blade only
        settle();
        MultiShapePage *page = panel()->multiShapePage();
        QVERIFY(page->isVisible());
        QVERIFY(!panel()->centerXBox()->isVisible()); // geometry is per shape
        PropertiesTable *table = page->properties();
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), PropertiesTable::mixedText());
        QCOMPARE(cellText(table, QStringLiteral("hitstun"), 2), PropertiesTable::mixedText());
        QCOMPARE(page->layerBox()->currentText(), QStringLiteral("hitbox")); // all the same

        QVERIFY(editCell(table, table->rowOf(QStringLiteral("damage")), 2, QStringLiteral("7")));
        for (int shape = 0; shape < 3; ++shape)
            QCOMPARE(props(0, shape).value("damage"), QJsonValue(7));
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Set damage of 3 shapes"));
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), QStringLiteral("7"));

        addNamed(table, QStringLiteral("knockback"));
        for (int shape = 0; shape < 3; ++shape)
            QCOMPARE(props(0, shape).value("knockback"), QJsonValue(0));
        QCOMPARE(stack()->undoText(), QStringLiteral("Add knockback to 3 shapes"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape); // leave the value open

        table->table()->selectRow(table->rowOf(QStringLiteral("hitstun")));
        QTest::mouseClick(table->removeButton(), Qt::LeftButton);
        settle();
        QVERIFY(!props(0, 0).contains("hitstun"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Remove hitstun from blade"));
        // The Remove button, disabled now, gave its focus to the table and not to the Hits
        // list, which would have selected its current hit instead.
        QCOMPARE(session()->selectedShapes(), (QList<int>{0, 1, 2}));

        // The layer box: one step for all.
        QLineEdit *layer = page->layerBox()->lineEdit();
        layer->setFocus();
        QTest::keyClick(layer, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(layer, QStringLiteral("special"));
        QTest::keyClick(layer, Qt::Key_Return);
        settle();
        for (int shape = 0; shape < 3; ++shape)
            QCOMPARE(doc()->shape({0, 0, shape}).layer, QStringLiteral("special"));
        QCOMPARE(doc()->shape({0, 0, 3}).layer, QStringLiteral("hurtbox"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Change Layer of 3 shapes"));
        QCOMPARE(stack()->count(), 4);

        stack()->undo();
        settle();
        QCOMPARE(doc()->shape({0, 0, 1}).layer, QStringLiteral("hitbox"));
        stack()->undo();
        stack()->undo();
        settle();
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), QStringLiteral("7"));
        stack()->undo();
        settle();
        QCOMPARE(doc()->data(), mOpened);
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), PropertiesTable::mixedText());
        stack()->redo();
        QCOMPARE(props(0, 2).value("damage"), QJsonValue(7));

        // Shapes on different layers: the box says mixed, and stays empty.
        session()->setSelectedShapes({0, 3});
        settle();
        QVERIFY(page->layerBox()->currentText().isEmpty());
        QCOMPARE(page->layerBox()->lineEdit()->placeholderText(), PropertiesTable::mixedText());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestPropertiesTable)
#include "tst_propertiestable.moc"
