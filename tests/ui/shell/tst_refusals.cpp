// Refusals in place, with the REAL prompts: a value, name or type the editor will not take is
// typed into the real widgets (cell editors, name fields) and committed with Enter, as a person
// does. No modal box may open from a cell editor's commit (a box opened there, while the table
// is rebuilt under the editor, crashed the editor: issue 26). A watcher answers any modal
// widget with a real Enter and records it, so a box that does open fails the test instead of
// hanging it. The refusal is shown on a line under the table or field, the value stays, and the
// line clears on the next successful edit or selection change.

#include "shelltestsupport.h"

#include "editorsession.h"
#include "hitsmithformat.h"
#include "layerspanel.h"
#include "mainwindow.h"
#include "propertiestable.h"
#include "propertypanel.h"
#include "spriteproperties.h"
#include "spritespanel.h"

#include <QAbstractItemView>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPointer>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

/// Answers whatever modal widget is up with a real Enter, and records what it said.
class ModalWatcher : public QObject {
public:
    QStringList seen;

    ModalWatcher() {
        mTimer.setInterval(20);
        connect(&mTimer, &QTimer::timeout, this, &ModalWatcher::poll);
        mTimer.start();
    }

private:
    void poll() {
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        const auto *box = qobject_cast<QMessageBox *>(modal);
        seen.append(box ? box->text() : QString::fromLatin1(modal->metaObject()->className()));
        QWidget *focus = QApplication::focusWidget();
        QTest::keyClick(focus && modal->isAncestorOf(focus) ? focus : modal, Qt::Key_Return);
    }

    QTimer mTimer;
};

} // namespace

class TestRefusals : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<MainWindow> mWindow;
    std::unique_ptr<ModalWatcher> mWatcher;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    QUndoStack *stack() const { return doc()->undoStack(); }
    PropertyPanel *panel() const { return mWindow->propertyPanel(); }

    // An editor commits on Enter from a queued call, and the table then rebuilds from another.
    static void settle() {
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
    }

    // The offscreen platform does not give the window back its activation after a popup.
    void reactivate() {
        if (QApplication::activeWindow() == mWindow.get())
            return;
        mWindow->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
    }

    void openKnight() {
        const QString examples = qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples";
        for (const QString &name : QDir(examples).entryList({"knight.json", "*.png"})) {
            QFile::remove(mDir.filePath(name));
            QVERIFY(QFile::copy(examples + u'/' + name, mDir.filePath(name)));
            QFile(mDir.filePath(name)).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        }
        QVERIFY(mWindow->openFile(mDir.filePath(QStringLiteral("knight.json"))));
        settle();
    }

    int attack2() const {
        const QList<Frame> &frames = doc()->sprite(0).frames;
        for (int f = 0; f < frames.size(); ++f) {
            if (frames[f].name == QStringLiteral("attack-2"))
                return f;
        }
        return -1;
    }

    ShapeRef bladeRef() const {
        const int frame = attack2();
        return {0, frame, int(doc()->frame({0, frame}).indexOfShape(QStringLiteral("blade")))};
    }

    // knight/attack-2 with its shape "blade" selected.
    void selectBlade() {
        QVERIFY(attack2() >= 0);
        session()->setCurrentFrame({0, attack2()});
        QVERIFY(bladeRef().shape >= 0);
        session()->setSelectedShapes({bladeRef().shape});
        settle();
    }

    // Types into the focused line edit (a cell editor or a field): select all, type, Enter.
    bool typeIntoFocus(const QString &text) {
        QPointer<QLineEdit> editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
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

    bool editCell(QAbstractItemView *view, const QModelIndex &index, const QString &text) {
        if (!index.isValid())
            return false;
        view->setFocus();
        view->setCurrentIndex(index);
        QTest::keyClick(view, Qt::Key_F2);
        return typeIntoFocus(text);
    }

    bool editProperty(PropertiesTable *table, const QString &name, int column,
                      const QString &text) {
        const int row = table->rowOf(name);
        return row >= 0 &&
               editCell(table->table(), table->table()->model()->index(row, column), text);
    }

    void addNamed(PropertiesTable *table, const QString &name) {
        table->nameEdit()->setFocus();
        QTest::keyClick(table->nameEdit(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(table->nameEdit(), Qt::Key_Backspace);
        QTest::keyClicks(table->nameEdit(), name);
        QTest::keyClick(table->nameEdit(), Qt::Key_Return);
        settle();
        reactivate();
    }

    static QString cellText(PropertiesTable *table, const QString &name, int column) {
        const int row = table->rowOf(name);
        return row < 0 ? QStringLiteral("<none>") : table->table()->item(row, column)->text();
    }

    // The refusal lines shown in a widget: visible labels named "refusal", with the reason. A
    // line scrolled out of its dock's view is not seen, so it does not count.
    static QString refusal(QWidget *owner) {
        QStringList shown;
        for (const QLabel *label : owner->findChildren<QLabel *>(QStringLiteral("refusal"))) {
            if (label->isVisible() && !label->visibleRegion().isEmpty())
                shown.append(label->text());
        }
        return shown.join(u'\n');
    }

    // Renames an item of the Sprites tree in its editor (F2, type, Enter).
    bool renameInTree(QTreeWidgetItem *item, const QString &text) {
        QTreeWidget *tree = mWindow->spritesPanel()->tree();
        tree->setFocus();
        tree->setCurrentItem(item);
        QTest::keyClick(tree, Qt::Key_F2);
        return typeIntoFocus(text);
    }

    // Types into a field of the Properties dock and presses Enter.
    void typeIntoField(QLineEdit *field, const QString &text) {
        field->setFocus();
        QVERIFY(typeIntoFocus(text));
    }

    QString modals() const { return mWatcher->seen.join(QStringLiteral(" | ")); }

private Q_SLOTS:
    void init() {
        mWindow = std::make_unique<MainWindow>(std::make_shared<Prompts>());
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
        openKnight();
        mWatcher = std::make_unique<ModalWatcher>();
    }

    void cleanup() {
        mWatcher.reset();
        if (mWindow)
            stack()->setClean(); // no question on close
        mWindow.reset();
    }

    // The crash of issue 26, step by step: a new property "knockback", Enter; "fire" in its
    // value cell, Enter.
    void newPropertyGivenAWordIsRefusedInPlace() {
        selectBlade();
        PropertiesTable *table = panel()->shapeProperties();
        QVERIFY(table->isVisible());
        addNamed(table, QStringLiteral("knockback"));
        QCOMPARE(doc()->shape(bladeRef()).properties, (QJsonObject{{"knockback", 0}}));
        QVERIFY(typeIntoFocus(QStringLiteral("fire"))); // the value cell was opened for typing
        QVERIFY2(mWatcher->seen.isEmpty(), qPrintable(modals()));
        QCOMPARE(doc()->shape(bladeRef()).properties, (QJsonObject{{"knockback", 0}}));
        QCOMPARE(cellText(table, QStringLiteral("knockback"), 2), QStringLiteral("0"));
        QVERIFY2(refusal(table).contains(QStringLiteral("\"fire\" is not a number")),
                 qPrintable(refusal(table)));
        QCOMPARE(stack()->count(), 1);
        // The next edit that is taken clears the line.
        QVERIFY(editProperty(table, QStringLiteral("knockback"), 2, QStringLiteral("3")));
        QCOMPARE(doc()->shape(bladeRef()).properties, (QJsonObject{{"knockback", 3}}));
        QCOMPARE(refusal(table), QString());
        QVERIFY2(mWatcher->seen.isEmpty(), qPrintable(modals()));
    }

    // "Changing an existing damage to abc and closing the message with Enter crashes too."
    void existingValueGivenAWordIsRefusedInPlace() {
        selectBlade();
        PropertiesTable *table = panel()->shapeProperties();
        addNamed(table, QStringLiteral("damage"));
        QVERIFY(typeIntoFocus(QStringLiteral("12")));
        QCOMPARE(doc()->shape(bladeRef()).properties, (QJsonObject{{"damage", 12}}));
        QVERIFY(editProperty(table, QStringLiteral("damage"), 2, QStringLiteral("abc")));
        QVERIFY2(mWatcher->seen.isEmpty(), qPrintable(modals()));
        QCOMPARE(doc()->shape(bladeRef()).properties, (QJsonObject{{"damage", 12}}));
        QCOMPARE(cellText(table, QStringLiteral("damage"), 2), QStringLiteral("12"));
        QVERIFY2(refusal(table).contains(QStringLiteral("\"abc\" is not a number")),
                 qPrintable(refusal(table)));
        // Another selection clears it.
        session()->setSelectedShapes({0});
        settle();
        QCOMPARE(refusal(table), QString());
    }

    // Every other refusal of the table shares the path: empty and taken names, a type the value
    // cannot take. Each keeps what was there and says why under the table.
    void everyTableRefusalIsInPlace() {
        selectBlade();
        PropertiesTable *table = panel()->shapeProperties();
        addNamed(table, QStringLiteral("damage"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape); // leave the value at 0
        settle();
        addNamed(table, QStringLiteral("element"));
        QVERIFY(typeIntoFocus(QStringLiteral("7")));
        const QJsonObject before{{"damage", 0}, {"element", 7}};
        QCOMPARE(doc()->shape(bladeRef()).properties, before);
        const int steps = stack()->count();

        addNamed(table, QString());
        QVERIFY2(refusal(table).contains(QStringLiteral("name of the new property")),
                 qPrintable(refusal(table)));
        addNamed(table, QStringLiteral("damage"));
        QVERIFY2(refusal(table).contains(QStringLiteral("already has a property named \"damage\"")),
                 qPrintable(refusal(table)));
        QVERIFY(editProperty(table, QStringLiteral("damage"), 0, QString()));
        QVERIFY2(refusal(table).contains(QStringLiteral("needs a name")),
                 qPrintable(refusal(table)));
        QCOMPARE(cellText(table, QStringLiteral("damage"), 0), QStringLiteral("damage"));
        QVERIFY(editProperty(table, QStringLiteral("damage"), 0, QStringLiteral("element")));
        QVERIFY2(refusal(table).contains(QStringLiteral("\"damage\" keeps its name")),
                 qPrintable(refusal(table)));
        QCOMPARE(cellText(table, QStringLiteral("damage"), 0), QStringLiteral("damage"));
        // element: number -> string -> "fire" -> number is refused.
        QComboBox *type = table->typeBox(table->rowOf(QStringLiteral("element")));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_Down);
        settle();
        QVERIFY(editProperty(table, QStringLiteral("element"), 2, QStringLiteral("fire")));
        QCOMPARE(refusal(table), QString()); // taken: the line is gone
        type = table->typeBox(table->rowOf(QStringLiteral("element")));
        type->setFocus();
        QTest::keyClick(type, Qt::Key_Up);
        settle();
        QVERIFY2(refusal(table).contains(QStringLiteral("the type stays")),
                 qPrintable(refusal(table)));
        QCOMPARE(table->typeBox(table->rowOf(QStringLiteral("element")))->currentText(),
                 QStringLiteral("string"));
        QCOMPARE(doc()->shape(bladeRef()).properties.value("element"), QJsonValue("fire"));
        QCOMPARE(stack()->count(), steps + 2); // the type change and "fire", nothing refused
        QVERIFY2(mWatcher->seen.isEmpty(), qPrintable(modals()));
    }

    // The Sprites tree's item editor: taken and empty names stay in place too.
    void spriteAndFrameNamesInTheTree() {
        QTreeWidget *tree = mWindow->spritesPanel()->tree();
        QTreeWidgetItem *knight = tree->topLevelItem(0);
        QVERIFY(knight && knight->text(0) == QStringLiteral("knight"));
        QVERIFY(renameInTree(knight, QStringLiteral("slime")));
        QCOMPARE(knight->text(0), QStringLiteral("knight"));
        QVERIFY2(refusal(mWindow->spritesPanel())
                     .contains(QStringLiteral("already a sprite named \"slime\"")),
                 qPrintable(refusal(mWindow->spritesPanel())));
        QVERIFY(renameInTree(knight->child(2), QString()));
        QCOMPARE(knight->child(2)->text(0), QStringLiteral("attack-2"));
        QVERIFY2(refusal(mWindow->spritesPanel()).contains(QStringLiteral("needs a name")),
                 qPrintable(refusal(mWindow->spritesPanel())));
        QVERIFY(renameInTree(knight->child(2), QStringLiteral("idle")));
        QCOMPARE(knight->child(2)->text(0), QStringLiteral("attack-2"));
        QVERIFY(refusal(mWindow->spritesPanel()).contains(QStringLiteral("\"idle\"")));
        QCOMPARE(doc()->sprite(0).frames[2].name, QStringLiteral("attack-2"));
        QVERIFY(renameInTree(knight->child(2), QStringLiteral("slash")));
        QCOMPARE(doc()->sprite(0).frames[2].name, QStringLiteral("slash"));
        QCOMPARE(refusal(mWindow->spritesPanel()), QString());
        QCOMPARE(stack()->count(), 1);
        QVERIFY2(mWatcher->seen.isEmpty(), qPrintable(modals()));
    }

    // The Layers table's item editor.
    void layerNames() {
        // The Layers tab, in front as a person brings it.
        mWindow->findChild<QDockWidget *>(QStringLiteral("layersDock"))->raise();
        QTableWidget *layers = mWindow->layersPanel()->layersTable();
        QTRY_VERIFY(layers->isVisible() && !layers->visibleRegion().isEmpty());
        int hitbox = -1, nameColumn = -1;
        for (int row = 0; row < layers->rowCount(); ++row) {
            for (int column = 0; column < layers->columnCount(); ++column) {
                if (layers->item(row, column) &&
                    layers->item(row, column)->text() == QStringLiteral("hitbox"))
                    std::tie(hitbox, nameColumn) = std::pair(row, column);
            }
        }
        QVERIFY(hitbox >= 0 && nameColumn >= 0);
        const DocumentData before = doc()->data();
        QVERIFY(editCell(layers, layers->model()->index(hitbox, nameColumn),
                         QStringLiteral("hurtbox")));
        QVERIFY2(mWatcher->seen.isEmpty(), qPrintable(modals()));
        QCOMPARE(doc()->data(), before);
        QVERIFY2(refusal(mWindow->layersPanel()).contains(QStringLiteral("\"hurtbox\"")),
                 qPrintable(refusal(mWindow->layersPanel())));
        QCOMPARE(layers->item(hitbox, nameColumn)->text(), QStringLiteral("hitbox"));
    }

    // The Properties dock's name fields: shape id, frame name, sprite name.
    void idAndNameFields() {
        selectBlade();
        const ShapeRef blade = bladeRef();
        QLineEdit *id = panel()->idEdit();
        typeIntoField(id, QStringLiteral("body"));
        QCOMPARE(id->text(), QStringLiteral("blade"));
        QVERIFY2(refusal(panel()).contains(QStringLiteral("\"body\"")),
                 qPrintable(refusal(panel())));
        typeIntoField(id, QStringLiteral("sword"));
        QCOMPARE(doc()->shape(blade).id, QStringLiteral("sword"));
        QCOMPARE(refusal(panel()), QString());

        session()->setSelectedShapes({});
        settle();
        QLineEdit *frameName = panel()->frameNameEdit();
        QVERIFY(frameName->isVisible());
        typeIntoField(frameName, QStringLiteral("idle"));
        QCOMPARE(frameName->text(), QStringLiteral("attack-2"));
        QVERIFY2(refusal(panel()).contains(QStringLiteral("\"idle\"")),
                 qPrintable(refusal(panel())));
        typeIntoField(frameName, QString());
        QVERIFY2(refusal(panel()).contains(QStringLiteral("needs a name")),
                 qPrintable(refusal(panel())));
        QCOMPARE(doc()->sprite(0).frames[attack2()].name, QStringLiteral("attack-2"));

        session()->setEditedSprite(0);
        settle();
        QLineEdit *spriteName = panel()->spritePage()->nameEdit();
        QVERIFY(spriteName->isVisible());
        QCOMPARE(refusal(panel()), QString()); // another page: the frame's refusal is gone
        typeIntoField(spriteName, QStringLiteral("slime"));
        QCOMPARE(spriteName->text(), QStringLiteral("knight"));
        QVERIFY2(refusal(panel()).contains(QStringLiteral("\"slime\"")),
                 qPrintable(refusal(panel())));
        QCOMPARE(doc()->sprite(0).name, QStringLiteral("knight"));
        QCOMPARE(stack()->count(), 1); // only the id
        QVERIFY2(mWatcher->seen.isEmpty(), qPrintable(modals()));
    }
};

HITSMITH_SHELL_TEST_MAIN(TestRefusals)
#include "tst_refusals.moc"
