// The main window's panels driven through their real widgets: property editing by typing,
// sprite/frame structure edits, sheet splitting, the layer matrix, the hits panel.

#include "shelltestsupport.h"

#include "canvas.h"
#include "collisionservice.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "hitspanel.h"
#include "layerspanel.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "shapecommands.h"
#include "shapespanel.h"
#include "splitsheetdialog.h"
#include "spritespanel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QGroupBox>
#include <QHeaderView>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

class TestMainWindow : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    // The refusal lines shown in a panel (a refused name says why under its field); the panel's
    // dock may be a hidden tab here.
    static QString refusalShown(QWidget *panel) {
        QStringList shown;
        for (const QLabel *line : panel->findChildren<QLabel *>(QStringLiteral("refusal"))) {
            if (!line->isHidden())
                shown.append(line->text());
        }
        return shown.join(u'\n');
    }

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }

    // Types text into a widget like a user: focus, select all, type, Enter.
    static void typeInto(QWidget *widget, const QString &text) {
        widget->setFocus();
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(widget, text);
        QTest::keyClick(widget, Qt::Key_Return);
    }

    QString writeDocument(const DocumentData &data, const QString &name) {
        const QString path = mDir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(HitsmithFormat::serialize(data));
        return path;
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QVERIFY(mWindow->openFile(writeDocument(makeDocument(), QStringLiteral("doc.json"))));
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 0}));
        QCoreApplication::processEvents();
    }

    void cleanup() {
        // Tests leave unsaved edits behind: discard them without a prompt.
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void titleShowsModifiedMark() {
        QCOMPARE(mWindow->windowTitle(), QStringLiteral("doc.json[*] - Hitsmith"));
        QVERIFY(!mWindow->isWindowModified());
        session()->setSelectedShapes({1});
        typeInto(mWindow->propertyPanel()->centerXBox(), QStringLiteral("20"));
        QVERIFY(mWindow->isWindowModified());
        doc()->undoStack()->undo();
        QVERIFY(!mWindow->isWindowModified());
    }

    void statusBarFollowsCanvas() {
        Canvas *canvas = mWindow->canvas();
        QVERIFY(canvas);
        Q_EMIT canvas->cursorPositionChanged(QPointF(3.25, 40));
        QCOMPARE(mWindow->cursorLabel()->text(), QStringLiteral("3.3, 40.0 px"));
        canvas->setZoom(2.0);
        QCOMPARE(mWindow->zoomLabel()->text(), QStringLiteral("200%"));
        QTest::keyClick(canvas->view()->viewport(), Qt::Key_Plus, Qt::ControlModifier);
        QCOMPARE(mWindow->zoomLabel()->text(),
                 QStringLiteral("%1%").arg(qRound(canvas->zoom() * 100)));
    }

    void undoRedoUseStandardKeys() {
        QAction *undo = nullptr;
        QAction *redo = nullptr;
        for (QAction *action : mWindow->findChildren<QAction *>()) {
            if (action->shortcuts() == QKeySequence::keyBindings(QKeySequence::Undo))
                undo = action;
            if (action->shortcuts() == QKeySequence::keyBindings(QKeySequence::Redo))
                redo = action;
        }
        QVERIFY(undo && redo);
        QVERIFY(!undo->isEnabled());
        session()->setSelectedShapes({1});
        typeInto(mWindow->propertyPanel()->widthBox(), QStringLiteral("9"));
        QVERIFY(undo->isEnabled());
        // Press the keys (on the canvas: a focused spin box would undo its own text instead).
        QWidget *viewport = mWindow->canvas()->view()->viewport();
        viewport->setFocus();
        QTest::keyClick(viewport, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc()->shape({0, 0, 1}).size.width(), 8.0);
        QTest::keyClick(viewport, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(doc()->shape({0, 0, 1}).size.width(), 9.0);
    }

    void editRectByTyping() {
        session()->setSelectedShapes({1});
        PropertyPanel *panel = mWindow->propertyPanel();
        QVERIFY(panel->widthBox()->isVisible());
        QVERIFY(!panel->radiusBox()->isVisible());
        typeInto(panel->centerXBox(), QStringLiteral("12.125"));
        QCOMPARE(doc()->shape({0, 0, 1}).center.x(), 12.125);
        typeInto(panel->angleBox(), QStringLiteral("30"));
        QCOMPARE(doc()->shape({0, 0, 1}).angle, 30.0);
        QCOMPARE(doc()->undoStack()->count(), 2); // one command per committed field
        doc()->undoStack()->undo();
        QCOMPARE(doc()->shape({0, 0, 1}).angle, 0.0);
        QCOMPARE(panel->angleBox()->value(), 0.0); // the panel follows the model
        doc()->undoStack()->undo();
        QCOMPARE(doc()->shape({0, 0, 1}).center.x(), 12.0);
        doc()->undoStack()->redo();
        QCOMPARE(doc()->shape({0, 0, 1}).center.x(), 12.125);
    }

    void editPolygonVertexByTyping() {
        session()->setSelectedShapes({0});
        PropertyPanel *panel = mWindow->propertyPanel();
        QDoubleSpinBox *y2 = panel->vertexBox(2, 1);
        QVERIFY(y2);
        QVERIFY(panel->vertexBox(3, 0));
        QVERIFY(!panel->vertexBox(4, 0));
        typeInto(y2, QStringLiteral("14.5"));
        QCOMPARE(doc()->shape({0, 0, 0}).points[2], QPointF(10, 14.5));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->shape({0, 0, 0}).points[2], QPointF(10, 10));
        QCOMPARE(panel->vertexBox(2, 1)->value(), 10.0);
    }

    void editCircleRadiusAndLayer() {
        session()->setCurrentFrame({0, 1});
        session()->setSelectedShapes({0});
        PropertyPanel *panel = mWindow->propertyPanel();
        QVERIFY(panel->radiusBox()->isVisible());
        typeInto(panel->radiusBox(), QStringLiteral("4.75"));
        QCOMPARE(doc()->shape({0, 1, 0}).radius, 4.75);
        typeInto(panel->layerBox()->lineEdit(), QStringLiteral("shield"));
        QCOMPARE(doc()->shape({0, 1, 0}).layer, QStringLiteral("shield"));
    }

    void editCapsuleByTyping() {
        // Ends and radius typed in Properties, one undo step each; length and angle shown.
        doc()->undoStack()->push(new InsertShapesCommand(
            doc(), {{0, 0, 0}},
            {Shape::capsule(QStringLiteral("arm"), {0, 0}, {30, 40}, 5, QStringLiteral("hitbox"))},
            QStringLiteral("Add Capsule")));
        session()->setSelectedShapes({0});
        PropertyPanel *panel = mWindow->propertyPanel();
        QVERIFY(panel->capsuleEndBox(0)->isVisible());
        QVERIFY(panel->radiusBox()->isVisible());
        QVERIFY(!panel->centerXBox()->isVisible());
        QVERIFY(!panel->widthBox()->isVisible());
        QCOMPARE(panel->capsuleEndBox(3)->value(), 40.0);
        // 3-4-5: the segment is 50 px long, at 53.13 degrees clockwise from the x axis.
        QVERIFY2(
            panel->capsuleMeasureLabel()->text().startsWith(QStringLiteral("50 px, angle 53.1301")),
            qPrintable(panel->capsuleMeasureLabel()->text()));
        const int start = doc()->undoStack()->count();
        typeInto(panel->capsuleEndBox(2), QStringLiteral("-30"));
        QCOMPARE(doc()->shape({0, 0, 0}).points[1], QPointF(-30, 40));
        QVERIFY2(
            panel->capsuleMeasureLabel()->text().startsWith(QStringLiteral("50 px, angle 126.87")),
            qPrintable(panel->capsuleMeasureLabel()->text()));
        typeInto(panel->radiusBox(), QStringLiteral("7.5"));
        QCOMPARE(doc()->shape({0, 0, 0}).radius, 7.5);
        QCOMPARE(doc()->undoStack()->count(), start + 2);
        doc()->undoStack()->undo();
        doc()->undoStack()->undo();
        QCOMPARE(doc()->shape({0, 0, 0}).points[1], QPointF(30, 40));
        QCOMPARE(panel->capsuleEndBox(2)->value(), 30.0); // the panel follows the model
    }

    void shapeIdRejectsDuplicatesAndEmpty() {
        session()->setSelectedShapes({0});
        QLineEdit *id = mWindow->propertyPanel()->idEdit();
        // Refused in place: the line under the field says why (no message box).
        const auto reason = [this] { return refusalShown(mWindow->propertyPanel()); };
        typeInto(id, QStringLiteral("b"));
        QCOMPARE(doc()->shape({0, 0, 0}).id, QStringLiteral("a"));
        QVERIFY2(reason().contains(QStringLiteral("the id \"b\"")), qPrintable(reason()));
        QCOMPARE(id->text(), QStringLiteral("a"));
        typeInto(id, QStringLiteral("   "));
        QCOMPARE(doc()->shape({0, 0, 0}).id, QStringLiteral("a"));
        QVERIFY2(reason().contains(QStringLiteral("needs an id")), qPrintable(reason()));
        QVERIFY(mPrompts->errors.isEmpty());
        typeInto(id, QStringLiteral("torso"));
        QCOMPARE(doc()->shape({0, 0, 0}).id, QStringLiteral("torso"));
        QCOMPARE(doc()->undoStack()->count(), 1);
    }

    void frameFieldsWhenNothingSelected() {
        session()->setSelectedShapes({});
        PropertyPanel *panel = mWindow->propertyPanel();
        QVERIFY(panel->frameNameEdit()->isVisible());
        typeInto(panel->frameNameEdit(), QStringLiteral("stand"));
        QCOMPARE(doc()->frame({0, 0}).name, QStringLiteral("stand"));
        panel->sourceGroup()->setChecked(true);
        QVERIFY(doc()->frame({0, 0}).source.has_value());
        typeInto(panel->sourceBox(2), QStringLiteral("32"));
        QCOMPARE(doc()->frame({0, 0}).source->width(), 32.0);
        QCOMPARE(doc()->frame({0, 0}).shapes.size(), 2);         // frame edits keep the shapes
        typeInto(panel->frameNameEdit(), QStringLiteral("run")); // taken by the other frame
        QCOMPARE(doc()->frame({0, 0}).name, QStringLiteral("stand"));
        QVERIFY2(refusalShown(panel).contains(QStringLiteral("\"run\"")),
                 qPrintable(refusalShown(panel)));
        QVERIFY(mPrompts->errors.isEmpty());
    }

    void shapesListSyncsSelectionAndWarns() {
        QTreeWidget *list = mWindow->shapesPanel()->tree();
        QCOMPARE(list->topLevelItemCount(), 2);
        QCOMPARE(list->topLevelItem(1)->text(0), QStringLiteral("b"));
        QCOMPARE(list->topLevelItem(1)->text(1), QStringLiteral("rect"));
        QCOMPARE(list->topLevelItem(1)->text(2), QStringLiteral("hurt"));
        const QRect rect = list->visualItemRect(list->topLevelItem(1));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        session()->setSelectedShapes({0});
        QVERIFY(list->topLevelItem(0)->isSelected());
        QVERIFY(!list->topLevelItem(1)->isSelected());

        // Make "a" concave through the property panel: the list shows the warning and reason.
        QVERIFY(list->topLevelItem(0)->icon(0).isNull());
        typeInto(mWindow->propertyPanel()->vertexBox(2, 0), QStringLiteral("2"));
        typeInto(mWindow->propertyPanel()->vertexBox(2, 1), QStringLiteral("2"));
        QVERIFY(!list->topLevelItem(0)->icon(0).isNull());
        QVERIFY(!list->topLevelItem(0)->toolTip(0).isEmpty());
        QCOMPARE(mWindow->messageLabel()->text().isEmpty(), false);
    }

    void spritesAddRenameReorderDelete() {
        SpritesPanel *panel = mWindow->spritesPanel();
        QTreeWidget *tree = panel->tree();
        panel->addSpriteAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->data().sprites.size(), 2);
        QCOMPARE(tree->topLevelItemCount(), 2);
        QCOMPARE(session()->currentFrame(), (FrameRef{1, 0}));

        // Rename inline: F2 opens the editor, typing and Enter commit.
        QTreeWidgetItem *spriteItem = tree->topLevelItem(1);
        tree->setCurrentItem(spriteItem);
        tree->setFocus();
        tree->editItem(spriteItem);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, QStringLiteral("villain"));
        QTest::keyClick(editor, Qt::Key_Return);
        QCoreApplication::processEvents();
        QCOMPARE(doc()->sprite(1).name, QStringLiteral("villain"));

        // Renaming to a taken name is refused, in place.
        tree->topLevelItem(1)->setText(0, QStringLiteral("hero"));
        QCoreApplication::processEvents();
        QCOMPARE(doc()->sprite(1).name, QStringLiteral("villain"));
        QCOMPARE(tree->topLevelItem(1)->text(0), QStringLiteral("villain"));
        QVERIFY2(refusalShown(panel).contains(QStringLiteral("\"hero\"")),
                 qPrintable(refusalShown(panel)));
        QVERIFY(mPrompts->errors.isEmpty());

        // Reorder sprites.
        panel->selectSprite(1);
        QVERIFY(panel->moveUpAction()->isEnabled());
        panel->moveUpAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->sprite(0).name, QStringLiteral("villain"));
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("villain"));

        // Frames of "hero" (now sprite 1): add one after "idle", move it down, delete it.
        session()->setCurrentFrame({1, 0});
        QCoreApplication::processEvents();
        QCOMPARE(panel->currentFrameItem(), (FrameRef{1, 0}));
        panel->addFrameAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->sprite(1).frames.size(), 3);
        QCOMPARE(doc()->frame({1, 1}).name, QStringLiteral("frame-3"));
        QCOMPARE(session()->currentFrame(), (FrameRef{1, 1}));
        panel->moveDownAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->frame({1, 2}).name, QStringLiteral("frame-3"));
        QCOMPARE(session()->currentFrame(), (FrameRef{1, 2}));
        QCOMPARE(panel->currentFrameItem(), (FrameRef{1, 2}));
        panel->deleteAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->sprite(1).frames.size(), 2);

        // Delete a sprite, then undo everything back to the file's state.
        panel->selectSprite(0);
        panel->deleteAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->data().sprites.size(), 1);
        while (doc()->undoStack()->canUndo())
            doc()->undoStack()->undo();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->data(), makeDocument());
        QVERIFY(!mWindow->isWindowModified());
        QCOMPARE(tree->topLevelItemCount(), 1);
    }

    void deletingTheLastSpriteWhileEditingIt() {
        // Found by the exerciser (ASan build): the session hears of the removal first and asks the
        // panel to show its frame while the tree still has the removed sprite's row.
        SpritesPanel *panel = mWindow->spritesPanel();
        QTreeWidget *tree = panel->tree();
        panel->addSpriteAction()->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(tree->topLevelItemCount(), 2);
        tree->setCurrentItem(tree->topLevelItem(1)); // the sprite's row: its own properties
        QCOMPARE(session()->editedSprite(), 1);
        QCOMPARE(panel->currentSprite(), 1);
        panel->deleteAction()->trigger();
        QCOMPARE(doc()->data().sprites.size(), 1);
        QCoreApplication::processEvents();
        QCOMPARE(tree->topLevelItemCount(), 1);
        QCOMPARE(session()->editedSprite(), -1);
        QVERIFY(doc()->contains(session()->currentFrame()));
        QCOMPARE(panel->currentSprite(), 0);
        QVERIFY(panel->deleteAction()->isEnabled());
        doc()->undoStack()->undo();
        QCoreApplication::processEvents();
        QCOMPARE(tree->topLevelItemCount(), 2);
    }

    void addPngAndSplitSheet() {
        QImage sheet(64, 32, QImage::Format_ARGB32);
        sheet.fill(Qt::darkGreen);
        const QString png = mDir.filePath(QStringLiteral("slime.png"));
        QVERIFY(sheet.save(png));

        mPrompts->fileNames.enqueue(png);
        const auto addAction = mWindow->findChildren<QAction *>();
        QAction *addPng = nullptr;
        for (QAction *action : addAction) {
            if (action->text().contains(QStringLiteral("PNG")))
                addPng = action;
        }
        QVERIFY(addPng);
        addPng->trigger();
        QCoreApplication::processEvents();
        QCOMPARE(doc()->data().sprites.size(), 2);
        const Sprite &sprite = doc()->sprite(1);
        QCOMPARE(sprite.name, QStringLiteral("slime"));
        // Absolute in memory; the file stores it relative to the document (tst_files).
        QCOMPARE(sprite.image, QFileInfo(png).absoluteFilePath());
        QCOMPARE(session()->currentFrame(), (FrameRef{1, 0}));

        SpritesPanel *panel = mWindow->spritesPanel();
        panel->selectSprite(1);
        QVERIFY(panel->splitSheetAction()->isEnabled());
        bool dialogSeen = false;
        QTimer::singleShot(0, this, [&dialogSeen] {
            auto *dialog = qobject_cast<SplitSheetDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialogSeen = true;
            dialog->byGridButton()->setChecked(true);
            dialog->columnsBox()->setValue(4);
            dialog->rowsBox()->setValue(2);
            QCOMPARE(dialog->cells().size(), 8);
            dialog->bySizeButton()->setChecked(true);
            dialog->cellWidthBox()->setValue(32);
            dialog->cellHeightBox()->setValue(32);
            dialog->accept();
        });
        panel->splitSheetAction()->trigger();
        QVERIFY(dialogSeen);
        QCoreApplication::processEvents();
        const Sprite &split = doc()->sprite(1);
        QCOMPARE(split.frames.size(), 2); // the empty placeholder frame was replaced
        QCOMPARE(split.frames[0].source, std::optional<QRectF>(QRectF(0, 0, 32, 32)));
        QCOMPARE(split.frames[1].source, std::optional<QRectF>(QRectF(32, 0, 32, 32)));
        QCOMPARE(session()->currentFrame(), (FrameRef{1, 0}));
        doc()->undoStack()->undo(); // the split is one step
        QCOMPARE(doc()->sprite(1).frames.size(), 1);
        QVERIFY(!doc()->sprite(1).frames[0].source.has_value());
    }

    void sheetCellsDropPartialCells() {
        QCOMPARE(sheetCells(QSize(70, 40), QSize(32, 32)).size(), 2);
        QCOMPARE(sheetGrid(QSize(96, 32), 3, 1).value(2), QRect(64, 0, 32, 32));
        QVERIFY(sheetCells(QSize(10, 10), QSize(0, 5)).isEmpty());
    }

    void splitSheetRefusesTooManyFrames() {
        // 1 px cells on a 512 x 512 sheet would be 262,144 frames: refused in the dialog.
        SplitSheetDialog dialog(QSize(512, 512));
        dialog.cellWidthBox()->setValue(1);
        dialog.cellHeightBox()->setValue(1);
        QCOMPARE(dialog.cellCount(), qint64(262144));
        QVERIFY(!dialog.okButton()->isEnabled());
        QVERIFY2(dialog.previewLabel()->text().contains(QStringLiteral("too many")),
                 qPrintable(dialog.previewLabel()->text()));
        QVERIFY(dialog.cells().isEmpty()); // never listed
        // 8 x 8 cells: 4,096 frames, just allowed.
        dialog.cellWidthBox()->setValue(8);
        dialog.cellHeightBox()->setValue(8);
        QCOMPARE(dialog.cellCount(), qint64(SplitSheetDialog::kMaxFrames));
        QVERIFY(dialog.okButton()->isEnabled());
        QCOMPARE(dialog.cells().size(), qsizetype(SplitSheetDialog::kMaxFrames));
        // By grid too.
        dialog.byGridButton()->setChecked(true);
        dialog.columnsBox()->setValue(512);
        dialog.rowsBox()->setValue(9);
        QVERIFY(!dialog.okButton()->isEnabled());
        dialog.rowsBox()->setValue(8);
        QVERIFY(dialog.okButton()->isEnabled());
    }

    void uniqueNamesAgainstASet() {
        const QSet<QString> taken{QStringLiteral("frame-1"), QStringLiteral("frame-1-2")};
        QCOMPARE(uniqueName(QStringLiteral("frame-1"), taken), QStringLiteral("frame-1-3"));
        QCOMPARE(uniqueName(QStringLiteral("frame-2"), taken), QStringLiteral("frame-2"));
        QCOMPARE(uniqueName(QStringLiteral("frame-1"), QStringList(taken.cbegin(), taken.cend())),
                 QStringLiteral("frame-1-3"));
    }

    void splitIntoTheMostFramesIsOneStep() {
        QImage sheet(512, 512, QImage::Format_ARGB32);
        sheet.fill(Qt::darkBlue);
        const QString png = mDir.filePath(QStringLiteral("big.png"));
        QVERIFY(sheet.save(png));
        QCOMPARE(mWindow->addSpritesFromImages({png}), 1);
        QCoreApplication::processEvents(); // the sprites list catches up
        SpritesPanel *panel = mWindow->spritesPanel();
        panel->selectSprite(1);
        const int before = doc()->undoStack()->index();
        QTimer::singleShot(0, this, [] {
            auto *dialog = qobject_cast<SplitSheetDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            dialog->cellWidthBox()->setValue(8);
            dialog->cellHeightBox()->setValue(8);
            dialog->accept();
        });
        QElapsedTimer timer;
        timer.start();
        QVERIFY(panel->splitSheetAction()->isEnabled());
        panel->splitSheetAction()->trigger();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QCoreApplication::processEvents();
        qInfo("split into 4,096 frames: %lld ms", static_cast<long long>(timer.elapsed()));
        QCOMPARE(doc()->sprite(1).frames.size(), qsizetype(SplitSheetDialog::kMaxFrames));
        QCOMPARE(doc()->sprite(1).frames.last().name, QStringLiteral("frame-4096"));
        QCOMPARE(doc()->undoStack()->index(), before + 1); // one macro
        doc()->undoStack()->undo();
        QCOMPARE(doc()->sprite(1).frames.size(), qsizetype(1));
    }

    // The Hits panel applies hitsChanged events row by row: after any sequence of edits its rows
    // are exactly what a full listing of the collision service gives.
    void hitsPanelFollowsEventsIncrementally() {
        DocumentData data;
        Sprite sprite;
        sprite.name = QStringLiteral("crowd");
        Frame frame;
        frame.name = QStringLiteral("f");
        for (int i = 0; i < 8; ++i)
            frame.shapes.append(Shape::circle(QStringLiteral("c%1").arg(i), {i * 10.0, 0}, 6.0));
        sprite.frames.append(frame);
        data.sprites.append(sprite);
        QVERIFY(mWindow->openFile(writeDocument(data, QStringLiteral("crowd.json"))));
        session()->setCurrentFrame({0, 0});
        QCoreApplication::processEvents();
        QTreeWidget *tree = mWindow->hitsPanel()->tree();
        const auto check = [&] {
            QCoreApplication::processEvents();
            const QList<FrameHit> hits = session()->collisions()->hits({0, 0});
            const QList<Shape> &shapes = doc()->frame({0, 0}).shapes;
            QCOMPARE(tree->topLevelItemCount(), int(hits.size()));
            for (int row = 0; row < hits.size(); ++row) {
                const QTreeWidgetItem *item = tree->topLevelItem(row);
                QCOMPARE(item->text(0), shapes[hits[row].a].id);
                QCOMPARE(item->text(1), shapes[hits[row].b].id);
                QCOMPARE(item->text(2), QString::number(hits[row].depth, 'f', 3));
            }
        };
        check();
        QCOMPARE(tree->topLevelItemCount(), 7); // a chain of neighbours
        // Drag c3 along the row in steps: pairs end, begin (inserted in order) and change.
        for (int step = 0; step < 12; ++step) {
            Shape moved = doc()->shape({0, 0, 3});
            moved.translate({step < 6 ? 7.0 : -9.0, step % 3 == 0 ? 1.5 : 0.0});
            doc()->undoStack()->push(
                new ChangeShapesCommand(doc(), {{0, 0, 3}}, {moved}, QStringLiteral("Move")));
            check();
        }
        // A new id shows in the rows without a rebuild.
        Shape renamed = doc()->shape({0, 0, 0});
        renamed.id = QStringLiteral("first");
        doc()->undoStack()->push(
            new ChangeShapesCommand(doc(), {{0, 0, 0}}, {renamed}, QStringLiteral("Rename")));
        check();
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("first"));
        // Shapes renumbered: the list is rebuilt.
        doc()->undoStack()->push(
            new RemoveShapesCommand(doc(), {{0, 0, 1}}, QStringLiteral("Del")));
        check();
        while (doc()->undoStack()->canUndo()) {
            doc()->undoStack()->undo();
            check();
        }
        QCOMPARE(tree->topLevelItemCount(), 7);
        // Columns are not re-measured on every change.
        QCOMPARE(tree->header()->sectionResizeMode(0), QHeaderView::Interactive);
        QCOMPARE(mWindow->shapesPanel()->tree()->header()->sectionResizeMode(0),
                 QHeaderView::Interactive);
    }

    void hitsPanelListsAndSelectsPair() {
        QTreeWidget *hits = mWindow->hitsPanel()->tree();
        QTRY_COMPARE(hits->topLevelItemCount(), 1);
        QTreeWidgetItem *row = hits->topLevelItem(0);
        QCOMPARE(row->text(0), QStringLiteral("a"));
        QCOMPARE(row->text(1), QStringLiteral("b"));
        QCOMPARE(row->text(2), QStringLiteral("2.000"));
        QTest::mouseClick(hits->viewport(), Qt::LeftButton, {}, hits->visualItemRect(row).center());
        QCOMPARE(session()->selectedShapes(), (QList<int>{0, 1}));
        QCOMPARE(session()->selectedHit(), qMakePair(0, 1));

        // Moving b away ends the hit; the list follows the collision service.
        session()->setSelectedShapes({1});
        typeInto(mWindow->propertyPanel()->centerXBox(), QStringLiteral("40"));
        QTRY_COMPARE(hits->topLevelItemCount(), 0);
        doc()->undoStack()->undo();
        QTRY_COMPARE(hits->topLevelItemCount(), 1);
    }

    void layerMatrixChangesHits() {
        LayersPanel *layers = mWindow->layersPanel();
        QCoreApplication::processEvents();
        QTreeWidget *hits = mWindow->hitsPanel()->tree();
        QTRY_COMPARE(hits->topLevelItemCount(), 1);
        QVERIFY(layers->allPairsBox()->isChecked());
        QVERIFY(!layers->matrixTable()->isEnabled());

        QTest::mouseClick(layers->allPairsBox(), Qt::LeftButton);
        QCoreApplication::processEvents();
        QVERIFY(doc()->data().collide.has_value());
        QTRY_COMPARE(hits->topLevelItemCount(), 1); // spelled out: nothing changed yet
        QTableWidget *matrix = layers->matrixTable();
        QVERIFY(matrix->isEnabled());
        QCOMPARE(matrix->rowCount(), 2); // hit, hurt
        QTableWidgetItem *pair = matrix->item(1, 0);
        QCOMPARE(pair->checkState(), Qt::Checked);
        pair->setCheckState(Qt::Unchecked); // as a click on the check box does
        QCoreApplication::processEvents();
        QVERIFY(!doc()->data().layersCollide(QStringLiteral("hit"), QStringLiteral("hurt")));
        QTRY_COMPARE(hits->topLevelItemCount(), 0);
        QCOMPARE(matrix->item(1, 0)->checkState(), Qt::Unchecked);

        doc()->undoStack()->undo();
        QTRY_COMPARE(hits->topLevelItemCount(), 1);
        doc()->undoStack()->undo();
        QCoreApplication::processEvents();
        QVERIFY(!doc()->data().collide.has_value());
        QVERIFY(layers->allPairsBox()->isChecked());
    }

    void layerStyleEdits() {
        LayersPanel *layers = mWindow->layersPanel();
        QCoreApplication::processEvents();
        QTableWidget *table = layers->layersTable();
        QCOMPARE(table->rowCount(), 2);
        // The Layers dock shares a tab with Shapes: bring it to the front as a user would.
        mWindow->findChild<QDockWidget *>(QStringLiteral("layersDock"))->raise();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QTRY_VERIFY(table->isVisible());
        mPrompts->colors.enqueue(QColor(Qt::magenta));
        // Item views want the press before the double-click, as a real double-click has.
        const QPoint colorCell = table->visualItemRect(table->item(0, 1)).center();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, colorCell);
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {},
                           table->visualItemRect(table->item(0, 1)).center());
        // The colour dialog opens once the double-click has been handled.
        QTRY_COMPARE(doc()->data().layers.size(), 1);
        QCOMPARE(doc()->data().layers[0].color, QColor(Qt::magenta));
        QCoreApplication::processEvents();
        table->item(1, 0)->setCheckState(Qt::Unchecked);
        QCoreApplication::processEvents();
        QCOMPARE(doc()->data().layers.size(), 2);
        QVERIFY(!doc()->data().layers[1].visible);

        // Renaming relabels every shape on the layer, in one undo step.
        QVERIFY(layers->renameLayer(QStringLiteral("hit"), QStringLiteral("attack")));
        QCOMPARE(doc()->shape({0, 0, 0}).layer, QStringLiteral("attack"));
        QCOMPARE(doc()->shape({0, 1, 0}).layer, QStringLiteral("attack"));
        QVERIFY(!layers->renameLayer(QStringLiteral("attack"), QStringLiteral("hurt")));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->shape({0, 1, 0}).layer, QStringLiteral("hit"));
        QCOMPARE(doc()->data().layers[0].name, QStringLiteral("hit"));
    }
};

HITSMITH_SHELL_TEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
