// The Animation menu through the real window: copy across frames (shortcut, dialog, the id-clash
// prompt), flip and mirror, a mirrored copy of a sprite, and interpolate with its dialog. Each
// is checked on the model after, then undone and redone step by step.

#include "shelltestsupport.h"

#include "animationactions.h"
#include "canvas.h"
#include "copyframesdialog.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "interpolatedialog.h"
#include "mainwindow.h"
#include "operations/mirror.h"

#include <QAction>
#include <QComboBox>
#include <QGraphicsView>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSet>
#include <QTimer>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

// Sprite "hero-right": four frames with the pivot at (20, 40). Frame 0 has rect "blade" and
// circle "head"; frame 1 has its own "head"; frames 2 and 3 start empty apart from frame 3's
// "blade" further right and an "extra" only there.
DocumentData animationDocument() {
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("hero-right");
    for (int f = 0; f < 4; ++f) {
        Frame frame;
        frame.name = QStringLiteral("f%1").arg(f);
        frame.origin = QPointF(20, 40);
        sprite.frames.append(frame);
    }
    sprite.frames[0].shapes = {
        Shape::rect(QStringLiteral("blade"), {30, 20}, {10, 4}, 30.0, QStringLiteral("hitbox")),
        Shape::circle(QStringLiteral("head"), {22, 10}, 5, QStringLiteral("hurtbox"))};
    sprite.frames[1].shapes = {
        Shape::circle(QStringLiteral("head"), {24, 11}, 5, QStringLiteral("hurtbox"))};
    sprite.frames[3].shapes = {
        Shape::rect(QStringLiteral("blade"), {60, 20}, {10, 4}, 90.0, QStringLiteral("hitbox")),
        Shape::circle(QStringLiteral("extra"), {0, 0}, 2)};
    data.sprites = {sprite};
    return data;
}

QStringList ids(const Frame &frame) {
    QStringList list;
    for (const Shape &shape : frame.shapes)
        list.append(shape.id);
    return list;
}

} // namespace

class TestAnimationActions : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;
    DocumentData mOpened;

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    QUndoStack *stack() const { return doc()->undoStack(); }
    QWidget *viewport() const { return mWindow->canvas()->view()->viewport(); }

    // The action as the Animation menu of the menu bar holds it.
    QAction *menuAction(const char *objectName) const {
        for (QAction *top : mWindow->menuBar()->actions()) {
            if (!top->menu() || top->menu()->objectName() != QLatin1String("animationMenu"))
                continue;
            for (QAction *action : top->menu()->actions()) {
                if (action->objectName() == QLatin1String(objectName))
                    return action;
            }
        }
        return nullptr;
    }

    // Triggers a menu action, failing when it is missing or disabled.
    bool trigger(const char *objectName) {
        QAction *action = menuAction(objectName);
        if (!action || !action->isEnabled())
            return false;
        action->trigger();
        return true;
    }

    void press(QKeyCombination keys) {
        viewport()->setFocus();
        QTest::keyClick(viewport(), keys.key(), keys.keyboardModifiers());
    }

    // Runs answer on the dialog of type T once it is open (modal, inside exec()).
    template <typename T> void whenOpen(std::function<void(T *)> answer, bool *seen) {
        QTimer::singleShot(0, this, [answer, seen] {
            auto *dialog = qobject_cast<T *>(QApplication::activeModalWidget());
            *seen = dialog != nullptr;
            if (!dialog)
                return;
            answer(dialog);
            if (dialog->isVisible()) // a failed check above returned early: do not hang
                dialog->reject();
        });
    }

    void select(int frame, QList<int> shapes) {
        session()->setCurrentFrame({0, frame});
        session()->setSelectedShapes(std::move(shapes));
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
        const QString path = mDir.filePath(QStringLiteral("anim.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HitsmithFormat::serialize(animationDocument()));
        file.close();
        QVERIFY(mWindow->openFile(path));
        mOpened = doc()->data();
        QCoreApplication::processEvents();
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void actionsFollowTheSelection() {
        select(0, {});
        QVERIFY(!menuAction("copyToNextFrameAction")->isEnabled());
        QVERIFY(!menuAction("copyToFramesAction")->isEnabled());
        QVERIFY(menuAction("flipHorizontallyAction")->isEnabled()); // the whole frame
        select(0, {0});
        QVERIFY(menuAction("copyToNextFrameAction")->isEnabled());
        QVERIFY(menuAction("copyToLaterFramesAction")->isEnabled());
        select(3, {0});
        QVERIFY(!menuAction("copyToNextFrameAction")->isEnabled()); // no later frame
        QVERIFY(!menuAction("copyToLaterFramesAction")->isEnabled());
        QVERIFY(menuAction("copyToFramesAction")->isEnabled());
        select(2, {});
        QVERIFY(!menuAction("flipHorizontallyAction")->isEnabled()); // nothing to flip
        QVERIFY(!menuAction("mirrorFrameHorizontallyAction")->isEnabled());
        QVERIFY(menuAction("mirrorSpriteHorizontallyAction")->isEnabled());
    }

    // Actions are told apart by identity, not by text: two distinct QActions with one key
    // sequence are ambiguous to Qt (neither fires) whenever both are live at once, whatever
    // their texts. Live at once: either is a window (or application) shortcut, or they share a
    // widget, or one is a widget-with-children shortcut over the other's widget.
    void shortcutsAreUnique() {
        QSet<QAction *> actions;
        for (QAction *action : mWindow->findChildren<QAction *>())
            actions.insert(action);
        for (QWidget *widget : mWindow->findChildren<QWidget *>())
            for (QAction *action : widget->actions())
                actions.insert(action);
        for (QAction *action : mWindow->actions())
            actions.insert(action);
        QHash<QString, QList<QAction *>> byKeys;
        for (QAction *action : std::as_const(actions))
            for (const QKeySequence &keys : action->shortcuts())
                if (!keys.isEmpty())
                    byKeys[keys.toString(QKeySequence::PortableText)].append(action);
        auto widgetsOf = [](QAction *action) {
            QList<QWidget *> widgets;
            for (QObject *object : action->associatedObjects())
                if (auto *widget = qobject_cast<QWidget *>(object))
                    widgets.append(widget);
            return widgets;
        };
        auto wholeWindow = [&widgetsOf](QAction *action) {
            const Qt::ShortcutContext context = action->shortcutContext();
            return context == Qt::WindowShortcut || context == Qt::ApplicationShortcut ||
                   widgetsOf(action).isEmpty(); // unplaced: counted as everywhere
        };
        auto covers = [](QAction *action, QWidget *own, QWidget *other) {
            return own == other || (action->shortcutContext() == Qt::WidgetWithChildrenShortcut &&
                                    own->isAncestorOf(other));
        };
        auto overlap = [&](QAction *a, QAction *b) {
            if (wholeWindow(a) || wholeWindow(b))
                return true;
            for (QWidget *wa : widgetsOf(a))
                for (QWidget *wb : widgetsOf(b))
                    if (covers(a, wa, wb) || covers(b, wb, wa))
                        return true;
            return false;
        };
        int checked = 0;
        for (auto it = byKeys.cbegin(); it != byKeys.cend(); ++it) {
            const QList<QAction *> &owners = it.value();
            for (qsizetype i = 0; i < owners.size(); ++i) {
                ++checked;
                for (qsizetype j = i + 1; j < owners.size(); ++j)
                    QVERIFY2(!overlap(owners[i], owners[j]),
                             qPrintable(it.key() + QStringLiteral(": '") + owners[i]->text() +
                                        QStringLiteral("' (") + owners[i]->objectName() +
                                        QStringLiteral(") and '") + owners[j]->text() +
                                        QStringLiteral("' (") + owners[j]->objectName() +
                                        QStringLiteral(")")));
            }
        }
        QVERIFY2(checked > 20, qPrintable(QString::number(checked)));
        const QList<QAction *> next = byKeys.value(QStringLiteral("Ctrl+Alt+Right"));
        QCOMPARE(next.size(), 1);
        QCOMPARE(next[0]->text(), QStringLiteral("Copy to &Next Frame"));
    }

    void copyToNextFrameByShortcut() {
        select(0, {0});
        press(Qt::ControlModifier | Qt::AltModifier | Qt::Key_Right);
        QCOMPARE(ids(doc()->sprite(0).frames[1]), (QStringList{"head", "blade"}));
        QCOMPARE(doc()->shape({0, 1, 1}), doc()->shape({0, 0, 0})); // id and geometry kept
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Copy blade to f1"));
        // The editor follows the copy, selected, ready to nudge.
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 1}));
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        QVERIFY(mPrompts->actionConfirms.isEmpty()); // no clash, no question
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
        stack()->redo();
        QCOMPARE(ids(doc()->sprite(0).frames[1]), (QStringList{"head", "blade"}));
    }

    void clashingIdsAskBeforeReplacing() {
        select(0, {0, 1}); // blade and head: f1 has head, f3 has blade
        mPrompts->actionAnswers.enqueue(false);
        press(Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier | Qt::Key_Right);
        QCOMPARE(mPrompts->actionConfirms.size(), 1);
        const QString question = mPrompts->actionConfirms.first();
        QVERIFY2(question.contains(QStringLiteral("f1: head")), qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("f3: blade")), qPrintable(question));
        QVERIFY(!question.contains(QStringLiteral("f2")));
        QCOMPARE(stack()->count(), 0); // cancelled: nothing changed
        QCOMPARE(doc()->data(), mOpened);

        mPrompts->actionAnswers.enqueue(true);
        press(Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier | Qt::Key_Right);
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Copy 2 shapes to 3 frames"));
        const Sprite &sprite = doc()->sprite(0);
        QCOMPARE(ids(sprite.frames[1]), (QStringList{"head", "blade"})); // head replaced in place
        QCOMPARE(sprite.frames[1].shapes[0], sprite.frames[0].shapes[1]);
        QCOMPARE(ids(sprite.frames[2]), (QStringList{"blade", "head"}));
        QCOMPARE(ids(sprite.frames[3]), (QStringList{"blade", "extra", "head"}));
        QCOMPARE(sprite.frames[3].shapes[0], sprite.frames[0].shapes[0]);
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 0})); // stays on the source
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
        stack()->redo();
        QCOMPARE(ids(doc()->sprite(0).frames[2]), (QStringList{"blade", "head"}));
    }

    void copyToFramesAsksForTheRange() {
        select(1, {0});
        bool seen = false;
        whenOpen<CopyFramesDialog>(
            [](CopyFramesDialog *dialog) {
                QCOMPARE(dialog->firstBox()->currentIndex(), 2); // the frames after this one
                QCOMPARE(dialog->lastBox()->currentIndex(), 3);
                dialog->firstBox()->setCurrentIndex(1);
                dialog->lastBox()->setCurrentIndex(1);
                QVERIFY(!dialog->okButton()->isEnabled()); // only the source frame
                dialog->firstBox()->setCurrentIndex(0);
                dialog->lastBox()->setCurrentIndex(2);
                QVERIFY(dialog->summaryLabel()->text().contains(QStringLiteral("to 2 frame")));
                QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
            },
            &seen);
        mPrompts->actionAnswers.enqueue(true); // f0 has a head already
        QVERIFY(trigger("copyToFramesAction"));
        QVERIFY(seen);
        QCOMPARE(mPrompts->actionConfirms.size(), 1);
        QVERIFY(mPrompts->actionConfirms.first().contains(QStringLiteral("f0: head")));
        const Sprite &sprite = doc()->sprite(0);
        QCOMPARE(ids(sprite.frames[0]), (QStringList{"blade", "head"}));
        QCOMPARE(sprite.frames[0].shapes[1], sprite.frames[1].shapes[0]);
        QCOMPARE(ids(sprite.frames[2]), QStringList{"head"});
        QCOMPARE(ids(sprite.frames[3]), (QStringList{"blade", "extra"})); // outside the range
        QCOMPARE(stack()->count(), 1);
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
    }

    void flipSelectionOrFrame() {
        select(0, {0});
        press(Qt::ShiftModifier | Qt::Key_H);
        const Shape blade = doc()->shape({0, 0, 0});
        QCOMPARE(blade.center, QPointF(10, 20)); // about the pivot x = 20
        QCOMPARE(blade.angle, -30.0);
        QCOMPARE(doc()->shape({0, 0, 1}), mOpened.sprites[0].frames[0].shapes[1]); // not selected
        QCOMPARE(stack()->undoText(), QStringLiteral("Mirror blade"));

        select(0, {}); // nothing selected: the whole frame
        press(Qt::ShiftModifier | Qt::Key_V);
        QCOMPARE(doc()->shape({0, 0, 0}).center, QPointF(10, 60)); // about the pivot y = 40
        QCOMPARE(doc()->shape({0, 0, 1}).center, QPointF(22, 70));
        QCOMPARE(stack()->undoText(), QStringLiteral("Mirror frame f0"));
        QCOMPARE(stack()->count(), 2);
        stack()->undo();
        QCOMPARE(doc()->shape({0, 0, 1}).center, QPointF(22, 10));
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
        stack()->redo();
        QCOMPARE(doc()->shape({0, 0, 0}).center, QPointF(10, 20));
    }

    void mirrorFrameAndSprite() {
        select(1, {});
        QVERIFY(trigger("mirrorFrameHorizontallyAction"));
        QCOMPARE(doc()->shape({0, 1, 0}).center, QPointF(16, 11));
        QCOMPARE(doc()->shape({0, 0, 0}).center, QPointF(30, 20)); // other frames untouched
        QVERIFY(trigger("mirrorSpriteVerticallyAction"));
        QCOMPARE(stack()->undoText(), QStringLiteral("Mirror sprite hero-right"));
        QCOMPARE(doc()->shape({0, 0, 0}).center, QPointF(30, 60));
        QCOMPARE(doc()->shape({0, 3, 1}).center, QPointF(0, 80));
        QCOMPARE(doc()->shape({0, 1, 0}).center, QPointF(16, 69));
        QCOMPARE(stack()->count(), 2);
        stack()->undo();
        QCOMPARE(doc()->shape({0, 0, 0}).center, QPointF(30, 20));
        QCOMPARE(doc()->shape({0, 1, 0}).center, QPointF(16, 11));
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
    }

    void mirroredCopyOfSprite() {
        select(2, {});
        QVERIFY(trigger("mirroredCopyAction")); // no answer: cancelled
        QCOMPARE(mPrompts->textLabels.size(), 1);
        QVERIFY2(mPrompts->textLabels.first().endsWith(QStringLiteral("|hero-left")),
                 qPrintable(mPrompts->textLabels.first()));
        QCOMPARE(stack()->count(), 0);

        mPrompts->texts.enqueue(QStringLiteral("hero-right"));
        QVERIFY(trigger("mirroredCopyAction"));
        QCOMPARE(mPrompts->errors.size(), 1); // the name is taken
        QVERIFY(mPrompts->errors.first().contains(QStringLiteral("hero-right")));
        QCOMPARE(stack()->count(), 0);

        mPrompts->texts.enqueue(QStringLiteral("hero-left"));
        QVERIFY(trigger("mirroredCopyAction"));
        QCOMPARE(doc()->data().sprites.size(), 2);
        const Sprite &copy = doc()->sprite(1);
        QCOMPARE(copy.name, QStringLiteral("hero-left"));
        QCOMPARE(copy.flip, ImageFlip::Horizontal); // the image flipped by reference
        QCOMPARE(copy.frames.size(), 4);
        QCOMPARE(copy.frames[0].shapes[0].center, QPointF(10, 20));
        QCOMPARE(doc()->sprite(0), mOpened.sprites[0]);
        QCOMPARE(session()->currentFrame(), (FrameRef{1, 2})); // the copy, same frame
        QCOMPARE(stack()->undoText(), QStringLiteral("Mirrored copy of hero-right"));
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
        stack()->redo();
        QCOMPARE(doc()->sprite(1).name, QStringLiteral("hero-left"));
    }

    void mirroredCopyRefusesCellsOfAnImageItCannotRead() {
        // hero-right cut from a sheet that is not there: its cells cannot be mirrored.
        DocumentData data = animationDocument();
        data.sprites[0].image = mDir.filePath(QStringLiteral("missing.png"));
        data.sprites[0].frames[1].source = QRectF(32, 0, 32, 48);
        const QString path = mDir.filePath(QStringLiteral("cells.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(HitsmithFormat::serialize(data));
        file.close();
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        QVERIFY(mWindow->openFile(path));
        const DocumentData opened = doc()->data();
        select(0, {});
        mPrompts->texts.enqueue(QStringLiteral("hero-left"));
        QVERIFY(trigger("mirroredCopyAction"));
        QCOMPARE(mPrompts->errors.size(), 1);
        QVERIFY2(mPrompts->errors.first().contains(QStringLiteral("could not be read")),
                 qPrintable(mPrompts->errors.first()));
        QVERIFY(mPrompts->errors.first().contains(QStringLiteral("missing.png")));
        QVERIFY(mPrompts->textLabels.isEmpty()); // refused before asking a name
        QCOMPARE(stack()->count(), 0);
        QCOMPARE(doc()->data(), opened);

        // Once the sheet is there, the cells are mirrored across it.
        QImage sheet(128, 48, QImage::Format_ARGB32);
        sheet.fill(Qt::red);
        QVERIFY(sheet.save(mDir.filePath(QStringLiteral("missing.png"))));
        QVERIFY(trigger("mirroredCopyAction"));
        QCOMPARE(mPrompts->errors.size(), 1);
        QCOMPARE(doc()->data().sprites.size(), 2);
        QCOMPARE(doc()->sprite(1).frames[1].source, std::optional<QRectF>(QRectF(64, 0, 32, 48)));
        QFile::remove(mDir.filePath(QStringLiteral("missing.png")));
    }

    void interpolateBetweenKeys() {
        select(0, {});
        bool seen = false;
        whenOpen<InterpolateDialog>(
            [](InterpolateDialog *dialog) {
                // f1 is next to f0; f3 shares blade with it: the default second key.
                QCOMPARE(dialog->firstBox()->currentIndex(), 0);
                QCOMPARE(dialog->secondBox()->currentIndex(), 3);
                const QString report = dialog->reportLabel()->text();
                QVERIFY2(report.contains(QStringLiteral("Interpolated: blade")),
                         qPrintable(report));
                QVERIFY2(report.contains(QStringLiteral("Only in f0 (not copied): head")),
                         qPrintable(report));
                QVERIFY2(report.contains(QStringLiteral("Only in f3 (not copied): extra")),
                         qPrintable(report));
                QVERIFY(dialog->okButton()->isEnabled());
                QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
            },
            &seen);
        QVERIFY(trigger("interpolateAction"));
        QVERIFY(seen);
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Interpolate f0 to f3"));
        const Sprite &sprite = doc()->sprite(0);
        QCOMPARE(ids(sprite.frames[1]), (QStringList{"head", "blade"})); // own head kept
        QCOMPARE(sprite.frames[1].shapes[0], mOpened.sprites[0].frames[1].shapes[0]);
        QCOMPARE(sprite.frames[1].shapes[1].center, QPointF(40, 20));
        QCOMPARE(sprite.frames[1].shapes[1].angle, 50.0);
        QCOMPARE(sprite.frames[2].shapes[0].center, QPointF(50, 20));
        QCOMPARE(sprite.frames[2].shapes[0].angle, 70.0);
        QCOMPARE(ids(sprite.frames[3]), (QStringList{"blade", "extra"}));
        stack()->undo();
        QCOMPARE(doc()->data(), mOpened);
        stack()->redo();
        QCOMPARE(doc()->sprite(0).frames[2].shapes[0].center, QPointF(50, 20));
    }

    // Issue 26, item 5: Interpolate overwrote a box placed by hand on a frame between the keys
    // without asking; now it asks as Copy to Frames does, naming frames and ids.
    void interpolateAsksBeforeOverwritingHandPlacedShapes() {
        // By hand: the blade copied to f1 with Ctrl+Alt+Right, then nudged right 3 px.
        select(0, {0});
        press(QKeyCombination(Qt::ControlModifier | Qt::AltModifier, Qt::Key_Right));
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 1}));
        QCOMPARE(ids(doc()->sprite(0).frames[1]), (QStringList{"head", "blade"}));
        for (int i = 0; i < 3; ++i)
            press(QKeyCombination(Qt::NoModifier, Qt::Key_Right));
        QCOMPARE(doc()->sprite(0).frames[1].shapes[1].center, QPointF(33, 20));
        const DocumentData placed = doc()->data();
        const int steps = stack()->count();

        const auto interpolate = [&] {
            bool seen = false;
            session()->setCurrentFrame({0, 0});
            whenOpen<InterpolateDialog>(
                [](InterpolateDialog *dialog) {
                    dialog->secondBox()->setFocus();
                    QTest::keyClick(dialog->secondBox(), Qt::Key_End); // f3
                    QCOMPARE(dialog->firstBox()->currentIndex(), 0);
                    QCOMPARE(dialog->secondBox()->currentIndex(), 3);
                    QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
                },
                &seen);
            QVERIFY(trigger("interpolateAction"));
            QVERIFY(seen);
        };
        interpolate(); // the question is answered Cancel
        QCOMPARE(mPrompts->actionConfirms.size(), 1);
        const QString question = mPrompts->actionConfirms.first();
        QVERIFY2(question.contains(QStringLiteral("between f0 and f3")) &&
                     question.contains(QStringLiteral("f1: blade")) &&
                     !question.contains(QStringLiteral("f2")),
                 qPrintable(question));
        QCOMPARE(stack()->count(), steps);
        QCOMPARE(doc()->data(), placed);

        mPrompts->actionAnswers.enqueue(true); // Overwrite
        interpolate();
        QCOMPARE(mPrompts->actionConfirms.size(), 2);
        QCOMPARE(stack()->count(), steps + 1);
        QCOMPARE(doc()->sprite(0).frames[1].shapes[1].center, QPointF(40, 20));
        // Interpolating again changes nothing by hand: no question.
        interpolate();
        QCOMPARE(mPrompts->actionConfirms.size(), 2);
    }

    void interpolateAdjacentKeysExplains() {
        select(0, {});
        bool seen = false;
        whenOpen<InterpolateDialog>(
            [](InterpolateDialog *dialog) {
                dialog->secondBox()->setCurrentIndex(1);
                QVERIFY(
                    dialog->reportLabel()->text().contains(QStringLiteral("next to each other")));
                QVERIFY(!dialog->okButton()->isEnabled());
                QTest::keyClick(dialog, Qt::Key_Escape);
            },
            &seen);
        QVERIFY(trigger("interpolateAction"));
        QVERIFY(seen);
        QCOMPARE(stack()->count(), 0);
        QCOMPARE(doc()->data(), mOpened);
    }
};

HITSMITH_SHELL_TEST_MAIN(TestAnimationActions)
#include "tst_animationactions.moc"
