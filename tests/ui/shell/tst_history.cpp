// Undo as the History dock shows it, on the bundled knight with real clicks and keys: undoing a
// command that removed the shown sprite returns to where the user was, and a renamed frame is
// named in the History (old -> new) from both places a frame is renamed.

#include "shelltestsupport.h"

#include "canvas.h"
#include "editorsession.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "spritespanel.h"

#include <QDir>
#include <QGraphicsView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUndoView>

using namespace hitsmith;
using namespace hitsmith::test;

class TestHistory : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    QUndoStack *stack() const { return doc()->undoStack(); }
    QWidget *viewport() const { return mWindow->canvas()->view()->viewport(); }

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

    // The newest entry of the History dock, as it reads there.
    QString historyTop() const {
        auto *view = mWindow->findChild<QUndoView *>();
        if (!view || view->model()->rowCount() < 2)
            return {};
        const QAbstractItemModel *model = view->model();
        return model->index(stack()->index(), 0).data().toString();
    }

    FrameRef frameNamed(const QString &sprite, const QString &frame) const {
        const QList<Sprite> &sprites = doc()->data().sprites;
        for (int s = 0; s < sprites.size(); ++s) {
            for (int f = 0; s < sprites.size() && f < sprites[s].frames.size(); ++f) {
                if (sprites[s].name == sprite && sprites[s].frames[f].name == frame)
                    return {s, f};
            }
        }
        return {};
    }

    QString currentName() const {
        const FrameRef frame = session()->currentFrame();
        if (!doc()->contains(frame))
            return QStringLiteral("<none>");
        return doc()->sprite(frame.sprite).name + u'/' + doc()->frame(frame).name;
    }

    // Clicks a menu title in the menu bar, then the item in the menu that opens.
    void clickMenuItem(const QString &menuTitle, const QString &itemText) {
        QMenuBar *bar = mWindow->menuBar();
        QAction *menuAction = nullptr;
        for (QAction *action : bar->actions()) {
            if (action->text().remove(u'&') == menuTitle)
                menuAction = action;
        }
        QVERIFY2(menuAction && menuAction->menu(), qPrintable(menuTitle));
        QMenu *menu = menuAction->menu();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(menuAction).center());
        QTRY_VERIFY(menu->isVisible());
        QAction *item = nullptr;
        for (QAction *action : menu->actions()) {
            if (action->text().remove(u'&').contains(itemText))
                item = action;
        }
        QVERIFY2(item && item->isEnabled(), qPrintable(itemText));
        const QPoint at = menu->actionGeometry(item).center();
        QTest::mouseMove(menu, at);
        QTest::mouseClick(menu, Qt::LeftButton, {}, at);
        QTRY_VERIFY(!menu->isVisible());
        reactivate();
    }

    void undoByKey() {
        viewport()->setFocus();
        QTest::keySequence(viewport(), QKeySequence::Undo);
        settle();
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
        const QString examples = qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples";
        for (const QString &name : QDir(examples).entryList({"knight.json", "*.png"})) {
            QFile::remove(mDir.filePath(name));
            QVERIFY(QFile::copy(examples + u'/' + name, mDir.filePath(name)));
            QFile(mDir.filePath(name)).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        }
        QVERIFY(mWindow->openFile(mDir.filePath(QStringLiteral("knight.json"))));
        settle();
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    // Issue 26: undoing Mirrored Copy of Sprite showed knight/idle, not the frame the user was on.
    void undoOfAMirroredCopyReturnsToTheFrame() {
        const FrameRef attack = frameNamed(QStringLiteral("knight"), QStringLiteral("attack-2"));
        QVERIFY(attack.isValid());
        session()->setCurrentFrame(attack);
        settle();
        const qsizetype sprites = doc()->data().sprites.size();
        mPrompts->texts.enqueue(QStringLiteral("knight-left"));
        clickMenuItem(QStringLiteral("Animation"), QStringLiteral("Mirrored Copy of Sprite"));
        QCOMPARE(currentName(), QStringLiteral("knight-left/attack-2"));
        undoByKey();
        QCOMPARE(doc()->data().sprites.size(), sprites);
        QCOMPARE(currentName(), QStringLiteral("knight/attack-2"));
        // Redo and undo again from another sprite: that one stays shown.
        QTest::keySequence(viewport(), QKeySequence::Redo);
        settle();
        session()->setCurrentFrame(frameNamed(QStringLiteral("slime"), QStringLiteral("squash")));
        undoByKey();
        QCOMPARE(currentName(), QStringLiteral("slime/squash"));
    }

    // The History names the frame a rename changed, from the Sprites tree and from Properties.
    void renameFrameNamesTheFrame() {
        QTreeWidget *tree = mWindow->spritesPanel()->tree();
        QTreeWidgetItem *knight = tree->topLevelItem(0);
        QVERIFY(knight && knight->text(0) == QStringLiteral("knight"));
        QTreeWidgetItem *attack = knight->child(2);
        QCOMPARE(attack->text(0), QStringLiteral("attack-2"));
        tree->setFocus();
        tree->setCurrentItem(attack);
        QTest::keyClick(tree, Qt::Key_F2);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, QStringLiteral("slash"));
        QTest::keyClick(editor, Qt::Key_Return);
        settle();
        QCOMPARE(doc()->sprite(0).frames[2].name, QStringLiteral("slash"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Rename frame attack-2 to slash"));
        QCOMPARE(historyTop(), stack()->undoText());

        session()->setCurrentFrame({0, 1});
        session()->setSelectedShapes({});
        settle();
        QLineEdit *name = mWindow->propertyPanel()->frameNameEdit();
        QVERIFY(name->isVisible());
        name->setFocus();
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(name, QStringLiteral("jab"));
        QTest::keyClick(name, Qt::Key_Return);
        settle();
        QCOMPARE(doc()->sprite(0).frames[1].name, QStringLiteral("jab"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Rename frame attack-1 to jab"));
        QCOMPARE(historyTop(), stack()->undoText());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestHistory)
#include "tst_history.moc"
