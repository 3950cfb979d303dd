// Issue 11's "done when" on the example knight, through the real menus, prompts, dialogs and
// the Properties table: mirror the attack into a left-facing sprite, copy a box forward across
// three frames, interpolate between two keys, give the blade damage = 12; then undo all of it,
// step by step, back to the bytes the opened document saves as.

#include "shelltestsupport.h"

#include "canvas.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "interpolatedialog.h"
#include "mainwindow.h"
#include "propertiestable.h"
#include "propertypanel.h"

#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

class TestAnimationWalkthrough : public QObject {
    Q_OBJECT

private:
    QAction *menuAction(MainWindow *window, const char *objectName) const {
        for (QAction *top : window->menuBar()->actions()) {
            if (top->menu() && top->menu()->objectName() == QLatin1String("animationMenu")) {
                for (QAction *action : top->menu()->actions()) {
                    if (action->objectName() == QLatin1String(objectName))
                        return action;
                }
            }
        }
        return nullptr;
    }

private Q_SLOTS:
    void knightAttackFromRightToLeftAndBack() {
        const QString source = qEnvironmentVariable("HITSMITH_SOURCE_DIR");
        QTemporaryDir dir;
        QVERIFY(QFile::copy(source + QStringLiteral("/examples/knight.json"),
                            dir.filePath(QStringLiteral("knight.json"))));
        QVERIFY(QFile::copy(source + QStringLiteral("/examples/knight.png"),
                            dir.filePath(QStringLiteral("knight.png"))));
        auto prompts = std::make_shared<FakePrompts>();
        MainWindow window(prompts);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(dir.filePath(QStringLiteral("knight.json"))));
        Document *doc = window.document();
        EditorSession *session = window.session();
        QUndoStack *stack = doc->undoStack();
        // What Save would write now (the example is hand-formatted, so not its file's bytes).
        const QByteArray original = HitsmithFormat::serialize(doc->data());
        const DocumentData opened = doc->data();
        const Sprite knight = doc->sprite(0);
        QCOMPARE(knight.frames[1].name, QStringLiteral("attack-1"));

        // 1. Mirror the attack into a left-facing sprite.
        session->setCurrentFrame({0, 1});
        prompts->texts.enqueue(QStringLiteral("knight-left"));
        menuAction(&window, "mirroredCopyAction")->trigger();
        QCOMPARE(prompts->textLabels.last().section(u'|', 1), QStringLiteral("knight-left"));
        const Sprite &left = doc->sprite(1);
        QCOMPARE(left.name, QStringLiteral("knight-left"));
        QCOMPARE(left.flip, ImageFlip::Horizontal);
        // The cell moves to where the flipped 256 px wide sheet has it; boxes mirror within it.
        QCOMPARE(left.frames[1].source, std::optional<QRectF>(QRectF(128, 0, 64, 64)));
        const qsizetype blade = knight.frames[1].indexOfShape(QStringLiteral("blade"));
        QCOMPARE(left.frames[1].shapes[blade].center.x(),
                 64.0 - knight.frames[1].shapes[blade].center.x());
        QCOMPARE(left.frames[1].shapes[blade].angle, -knight.frames[1].shapes[blade].angle);
        QCOMPARE(session->currentFrame(), (FrameRef{1, 1}));

        // 2. Copy a box forward across three frames: idle's feet to every later frame.
        session->setCurrentFrame({1, 0});
        const qsizetype feet = left.frames[0].indexOfShape(QStringLiteral("feet"));
        Shape movedFeet = left.frames[0].shapes[feet];
        session->setSelectedShapes({int(feet)});
        prompts->actionAnswers.enqueue(true); // every later frame has feet already: replace
        window.canvas()->setFocus();
        QTest::keyClick(&window, Qt::Key_Right,
                        Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier);
        QCOMPARE(prompts->actionConfirms.size(), 1);
        QVERIFY(prompts->actionConfirms.last().contains(QStringLiteral("attack-3: feet")));
        QCOMPARE(stack->undoText(), QStringLiteral("Copy feet to 3 frames"));
        for (int f = 1; f < 4; ++f) {
            const Frame &frame = doc->sprite(1).frames[f];
            QCOMPARE(frame.shapes[frame.indexOfShape(QStringLiteral("feet"))], movedFeet);
        }

        // 3. Interpolate between two keys: idle and attack-2 fill attack-1.
        bool seen = false;
        QTimer::singleShot(0, this, [&seen] {
            auto *dialog = qobject_cast<InterpolateDialog *>(QApplication::activeModalWidget());
            seen = dialog != nullptr;
            if (!dialog)
                return;
            if (dialog->secondKey() == 2) // idle's next key that is not adjacent: attack-2
                QTest::mouseClick(dialog->okButton(), Qt::LeftButton);
            else
                dialog->reject();
        });
        // attack-1 has its own hand-placed boxes: Interpolate names them and overwrites on Yes.
        prompts->actionAnswers.enqueue(true);
        menuAction(&window, "interpolateAction")->trigger();
        QVERIFY(seen);
        QCOMPARE(prompts->actionConfirms.size(), 2);
        QVERIFY2(prompts->actionConfirms.last().contains(QStringLiteral("attack-1: ")),
                 qPrintable(prompts->actionConfirms.last()));
        QCOMPARE(stack->undoText(), QStringLiteral("Interpolate idle to attack-2"));
        {
            const Sprite &s = doc->sprite(1);
            const qsizetype head0 = s.frames[0].indexOfShape(QStringLiteral("head"));
            const qsizetype head1 = s.frames[1].indexOfShape(QStringLiteral("head"));
            const qsizetype head2 = s.frames[2].indexOfShape(QStringLiteral("head"));
            QCOMPARE(s.frames[1].shapes[head1].center,
                     (s.frames[0].shapes[head0].center + s.frames[2].shapes[head2].center) / 2);
        }

        // 4. Give the blade damage = 12, typed into the Properties table.
        session->setCurrentFrame({1, 1});
        const qsizetype leftBlade = doc->sprite(1).frames[1].indexOfShape(QStringLiteral("blade"));
        session->setSelectedShapes({int(leftBlade)});
        QCoreApplication::processEvents();
        PropertiesTable *table = window.propertyPanel()->shapeProperties();
        table->nameEdit()->setFocus();
        QTest::keyClicks(table->nameEdit(), QStringLiteral("damage"));
        QTest::keyClick(table->nameEdit(), Qt::Key_Return);
        QCoreApplication::processEvents();
        if (QApplication::activeWindow() != &window) { // offscreen: the completer's popup
            window.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&window));
        }
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, QStringLiteral("12"));
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QCOMPARE(doc->shape({1, 1, int(leftBlade)}).properties, (QJsonObject{{"damage", 12}}));
        QCOMPARE(stack->undoText(), QStringLiteral("Set damage of blade"));
        // Saved as a whole number, as a game reads it.
        QVERIFY(
            HitsmithFormat::serialize(doc->data()).contains("\"properties\": {\"damage\": 12}"));

        // 5. Undo all of it, one step at a time, back to the opened bytes.
        const QStringList expected = {"Set damage of blade", "Add damage to blade",
                                      "Interpolate idle to attack-2", "Copy feet to 3 frames",
                                      "Mirrored copy of knight"};
        QCOMPARE(stack->count(), int(expected.size()));
        for (const QString &text : expected) {
            QCOMPARE(stack->undoText(), text);
            stack->undo();
        }
        QVERIFY(!stack->canUndo());
        QCOMPARE(HitsmithFormat::serialize(doc->data()), original);
        QCOMPARE(doc->data(), opened);
        QVERIFY(!doc->isModified());
        while (stack->canRedo())
            stack->redo();
        QCOMPARE(doc->shape({1, 1, int(leftBlade)}).properties, (QJsonObject{{"damage", 12}}));
        prompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        QVERIFY(window.close());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestAnimationWalkthrough)
#include "tst_animationwalkthrough.moc"
