// The Trace dialog driven through its real widgets: live preview, settings, and Apply as one
// undo step over this frame, the selected frames or the whole sprite. And its sibling fix, Split
// into Convex Pieces, clicked in the Edit menu.

#include "shelltestsupport.h"

#include "editorsession.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "shapespanel.h"
#include "spritespanel.h"
#include "tracedialog.h"
#include "validation.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

// Two 16x16 cells: an L (two convex pieces) and a square.
QImage sheet() {
    QImage image(32, 16, QImage::Format_ARGB32);
    image.fill(Qt::transparent);
    const auto fill = [&](QRect rect) {
        for (int y = rect.top(); y <= rect.bottom(); ++y)
            for (int x = rect.left(); x <= rect.right(); ++x)
                image.setPixel(x, y, qRgba(90, 40, 200, 200));
    };
    fill(QRect(2, 2, 4, 12));
    fill(QRect(2, 10, 12, 4));
    fill(QRect(20, 4, 8, 8));
    return image;
}

DocumentData traceDocument() {
    DocumentData data;
    Sprite sprite;
    sprite.name = QStringLiteral("hero");
    sprite.image = QStringLiteral("sheet.png");
    Frame idle;
    idle.name = QStringLiteral("idle");
    idle.source = QRectF(0, 0, 16, 16);
    idle.shapes = {Shape::circle(QStringLiteral("old"), {8, 8}, 3, QStringLiteral("hurtbox")),
                   Shape::circle(QStringLiteral("fist"), {8, 8}, 2, QStringLiteral("hitbox"))};
    Frame run;
    run.name = QStringLiteral("run");
    run.source = QRectF(16, 0, 16, 16);
    sprite.frames = {idle, run};
    data.sprites = {sprite};
    return data;
}

QStringList ids(const Frame &frame) {
    QStringList list;
    for (const Shape &shape : frame.shapes)
        list.append(shape.id);
    return list;
}

void typeInto(QWidget *widget, const QString &text) {
    widget->setFocus();
    QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(widget, text);
    QTest::keyClick(widget, Qt::Key_Tab);
}

void chooseRow(QComboBox *box, int row) {
    box->setFocus();
    while (box->currentIndex() < row)
        QTest::keyClick(box, Qt::Key_Down);
    while (box->currentIndex() > row)
        QTest::keyClick(box, Qt::Key_Up);
}

} // namespace

class TestTraceDialog : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }
    std::unique_ptr<TraceDialog> dialog(QList<int> selected = {0}) {
        return std::make_unique<TraceDialog>(doc(), FrameRef{0, 0}, selected, sheet(),
                                             mPrompts.get(), mWindow.get());
    }

private Q_SLOTS:
    void init() {
        QVERIFY(sheet().save(mDir.filePath(QStringLiteral("sheet.png"))));
        QFile file(mDir.filePath(QStringLiteral("hero.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HitsmithFormat::serialize(traceDocument()));
        file.close();
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QVERIFY(mWindow->openFile(file.fileName()));
        QCOMPARE(mWindow->session()->currentFrame(), (FrameRef{0, 0}));
    }

    void cleanup() { mWindow.reset(); }

    void menuOpensTheDialogAndCancelChangesNothing() {
        QAction *trace = nullptr;
        for (QAction *menu : mWindow->menuBar()->actions())
            for (QAction *action : menu->menu() ? menu->menu()->actions() : QList<QAction *>{})
                if (action->text() == QStringLiteral("&Trace Hitboxes..."))
                    trace = action;
        QVERIFY(trace);
        QCoreApplication::processEvents(); // the Sprites panel rebuilds deferred
        QVERIFY(trace->isEnabled());
        int pieces = -1;
        QTimer::singleShot(0, this, [&] {
            auto *open = qobject_cast<TraceDialog *>(QApplication::activeModalWidget());
            if (!open)
                return;
            pieces = open->previewPieceCount();
            QTest::keyClick(open, Qt::Key_Escape);
        });
        trace->trigger();
        QCOMPARE(pieces, 2); // the L of frame idle
        QCOMPARE(doc()->undoStack()->count(), 0);
        QCOMPARE(ids(doc()->sprite(0).frames[0]), (QStringList{"old", "fist"}));
    }

    // Issue 26, item 3: with an attack box selected (drawing layer hitbox), Sprite > Trace
    // Hitboxes... traced onto hitbox and pressing Trace removed the attack boxes unasked.
    void traceFromTheMenuDefaultsToHurtboxAndAsksBeforeReplacing() {
        QCoreApplication::processEvents();
        QTreeWidget *list = mWindow->shapesPanel()->tree();
        QCOMPARE(list->topLevelItem(1)->text(0), QStringLiteral("fist"));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->topLevelItem(1)).center());
        QCOMPARE(mWindow->session()->selectedShapes(), QList<int>{1});
        QCOMPARE(mWindow->session()->currentLayer(), QStringLiteral("hitbox"));

        QMenu *spriteMenu = nullptr;
        for (QAction *top : mWindow->menuBar()->actions())
            if (top->text().remove(u'&') == QLatin1String("Sprite"))
                spriteMenu = top->menu();
        QVERIFY(spriteMenu);
        QAction *trace = nullptr;
        for (QAction *item : spriteMenu->actions())
            if (item->text() == QStringLiteral("&Trace Hitboxes..."))
                trace = item;
        QVERIFY(trace);
        QString layer, placement;
        bool stayedOpen = false;
        QStringList idsWhileOpen;
        spriteMenu->popup(mWindow->mapToGlobal(QPoint(10, 10)));
        QVERIFY(QTest::qWaitForWindowExposed(spriteMenu));
        QVERIFY(trace->isEnabled());
        QTimer::singleShot(0, this, [&] {
            auto *open = qobject_cast<TraceDialog *>(QApplication::activeModalWidget());
            if (!open)
                return;
            layer = open->layerBox()->currentText();
            placement = open->placementBox()->currentText();
            QPushButton *traceButton =
                open->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            // Cancel in the question: nothing is removed and the dialog stays for another choice.
            QTest::mouseClick(traceButton, Qt::LeftButton);
            stayedOpen = open->isVisible();
            idsWhileOpen = ids(doc()->sprite(0).frames[0]);
            mPrompts->actionAnswers.enqueue(true);
            QTest::mouseClick(traceButton, Qt::LeftButton);
            if (open->isVisible()) // a failed check: do not hang
                open->reject();
        });
        QTest::mouseClick(spriteMenu, Qt::LeftButton, {},
                          spriteMenu->actionGeometry(trace).center());

        QCOMPARE(layer, QStringLiteral("hurtbox"));
        QCOMPARE(placement, QStringLiteral("Replace the shapes on this layer"));
        QCOMPARE(mPrompts->actionConfirms.size(), 2);
        const QString question = mPrompts->actionConfirms.first();
        QVERIFY2(question.contains(QStringLiteral("removes 1 shape on 1 frame")) &&
                     question.contains(QStringLiteral("idle: old")) &&
                     question.contains(QStringLiteral("\"hurtbox\"")),
                 qPrintable(question));
        QVERIFY(stayedOpen);
        QCOMPARE(idsWhileOpen, (QStringList{"old", "fist"}));
        // Replace: the hurtbox goes, the attack box stays.
        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(ids(doc()->sprite(0).frames[0]), (QStringList{"fist", "trace-1", "trace-2"}));
        QCOMPARE(doc()->sprite(0).frames[0].shapes[1].layer, QStringLiteral("hurtbox"));
    }

    void previewFollowsTheSettings() {
        const auto trace = dialog();
        trace->show();
        QCOMPARE(trace->previewPieceCount(), 2);
        QVERIFY2(trace->summaryLabel()->text().startsWith(QStringLiteral("2 piece")),
                 qPrintable(trace->summaryLabel()->text()));
        QVERIFY(trace->summaryLabel()->text().contains(QStringLiteral("80 px")));
        QVERIFY(!trace->previewLabel()->pixmap().isNull());
        chooseRow(trace->shapesBox(), 1); // one hull per part
        QCOMPARE(trace->previewPieceCount(), 1);
        chooseRow(trace->shapesBox(), 0);
        typeInto(trace->budgetBox(), QStringLiteral("3")); // triangles only
        QCOMPARE(trace->previewPieceCount(), 4);
        typeInto(trace->thresholdBox(), QStringLiteral("201")); // above the art's alpha 200
        QCOMPARE(trace->previewPieceCount(), 0);
        QVERIFY(trace->summaryLabel()->text().startsWith(QStringLiteral("0 piece")));
        QCOMPARE(doc()->undoStack()->count(), 0); // previewing edits nothing
    }

    void wholeSpriteReplacingTheLayerIsOneUndoStep() {
        const DocumentData before = doc()->data();
        const auto trace = dialog();
        trace->show();
        chooseRow(trace->scopeBox(), 2);
        QCOMPARE(trace->targetFrames(), (QList<int>{0, 1}));
        mPrompts->actionAnswers.enqueue(true); // Replace
        QTest::mouseClick(trace->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok),
                          Qt::LeftButton);
        QCOMPARE(mPrompts->actionConfirms.size(), 1);
        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Trace hero"));
        // "old" was on hurtbox and is replaced; the hitbox shape stays.
        QCOMPARE(ids(doc()->sprite(0).frames[0]), (QStringList{"fist", "trace-1", "trace-2"}));
        QCOMPARE(ids(doc()->sprite(0).frames[1]), (QStringList{"trace-1"}));
        for (const Frame &frame : doc()->sprite(0).frames)
            for (const Shape &shape : frame.shapes)
                QVERIFY(isCollidable(shape));
        QCOMPARE(doc()->sprite(0).frames[1].shapes[0].layer, QStringLiteral("hurtbox"));
        // The 8x8 square at (4, 4), its edges fitted within a tolerance of its pixel outline.
        const QRectF square = doc()->sprite(0).frames[1].shapes[0].boundingRect();
        QVERIFY2(QRectF(3.9, 3.9, 8.2, 8.2).contains(square) &&
                     square.contains(QRectF(4.1, 4.1, 7.8, 7.8)),
                 qPrintable(QStringLiteral("%1 %2 %3 %4")
                                .arg(square.x())
                                .arg(square.y())
                                .arg(square.width())
                                .arg(square.height())));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->data(), before);
    }

    void selectedFramesAddedOnAnotherLayer() {
        const auto trace = dialog({1});
        trace->show();
        chooseRow(trace->scopeBox(), 1);
        chooseRow(trace->placementBox(), 1); // add, keep what is there
        typeInto(trace->layerBox(), QStringLiteral("pushbox"));
        QCOMPARE(trace->options().layer, QStringLiteral("pushbox"));
        QVERIFY(trace->apply());
        QCOMPARE(ids(doc()->sprite(0).frames[0]), (QStringList{"old", "fist"}));
        QCOMPARE(ids(doc()->sprite(0).frames[1]), (QStringList{"trace-1"}));
        QCOMPARE(doc()->sprite(0).frames[1].shapes[0].layer, QStringLiteral("pushbox"));
    }

    void splitIntoConvexPiecesFromTheEditMenu() {
        // The seed's concave cape on frame idle: select it in the shapes list, one click in Edit.
        DocumentData data = traceDocument();
        data.sprites[0].frames[0].shapes.append(
            Shape::polygon(QStringLiteral("cape"), {{1, 1}, {15, 1}, {15, 15}, {8, 6}, {1, 15}},
                           QStringLiteral("hurtbox")));
        QFile file(mDir.filePath(QStringLiteral("cape.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HitsmithFormat::serialize(data));
        file.close();
        QVERIFY(mWindow->openFile(file.fileName()));
        QCoreApplication::processEvents();
        QTreeWidget *list = mWindow->shapesPanel()->tree();
        QCOMPARE(list->topLevelItem(2)->text(0), QStringLiteral("cape"));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                          list->visualItemRect(list->topLevelItem(2)).center());
        QCOMPARE(mWindow->session()->selectedShapes(), QList<int>{2});

        QMenu *edit = nullptr;
        for (QAction *top : mWindow->menuBar()->actions())
            if (top->text().remove(u'&') == QLatin1String("Edit"))
                edit = top->menu();
        QVERIFY(edit);
        QAction *split = nullptr;
        for (QAction *item : edit->actions())
            if (item->text().remove(u'&') == QLatin1String("Split into Convex Pieces"))
                split = item;
        QVERIFY(split);
        edit->popup(mWindow->mapToGlobal(QPoint(10, 10)));
        QVERIFY(QTest::qWaitForWindowExposed(edit));
        QVERIFY(split->isEnabled());
        QTest::mouseClick(edit, Qt::LeftButton, {}, edit->actionGeometry(split).center());

        QCOMPARE(doc()->undoStack()->count(), 1);
        QCOMPARE(doc()->undoStack()->undoText(), QStringLiteral("Split cape into Convex Pieces"));
        const Frame &idle = doc()->sprite(0).frames[0];
        QCOMPARE(ids(idle), (QStringList{"old", "fist", "cape", "cape-2"}));
        for (const Shape &shape : idle.shapes)
            QVERIFY(isCollidable(shape));
        doc()->undoStack()->undo();
        QCOMPARE(ids(doc()->sprite(0).frames[0]), (QStringList{"old", "fist", "cape"}));
    }
};

QTEST_MAIN(TestTraceDialog)
#include "tst_tracedialog.moc"
