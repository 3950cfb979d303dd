// The toolbars through the real main window: Hitsmith's SVG icons (crisp at any size), icons
// only with the shortcut in the tooltip, buttons that keep their place when Undo/Redo name a
// command, and Fit to Frame / Split Sheet reachable without the overflow chevron.

#include "shelltestsupport.h"

#include "canvas.h"
#include "documentdata.h"
#include "mainwindow.h"
#include "spritespanel.h"

#include <QGraphicsView>
#include <QImageReader>
#include <QSettings>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

class TestToolbar : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;

    QList<QToolBar *> toolBars() const { return mWindow->findChildren<QToolBar *>(); }

    QToolBar *mainToolBar(const QString &name) const {
        return mWindow->findChild<QToolBar *>(name, Qt::FindDirectChildrenOnly);
    }

    /// Every button of every toolbar with its place in window coordinates.
    QMap<QString, QRect> buttonGeometries() const {
        QMap<QString, QRect> geometries;
        for (QToolBar *bar : toolBars()) {
            geometries.insert(bar->objectName(),
                              QRect(bar->mapTo(mWindow.get(), QPoint(0, 0)), bar->size()));
            const QList<QAction *> actions = bar->actions();
            for (int i = 0; i < actions.size(); ++i) {
                if (QWidget *button = bar->widgetForAction(actions[i]))
                    geometries.insert(
                        bar->objectName() + u'/' + QString::number(i),
                        QRect(button->mapTo(mWindow.get(), QPoint(0, 0)), button->size()));
            }
        }
        return geometries;
    }

    /// Shown in the toolbar itself: visible, inside the bar, not only in the overflow menu.
    static bool isShownInBar(QToolBar *bar, QAction *action, QString *why) {
        QWidget *button = bar->widgetForAction(action);
        if (!button) {
            *why = QStringLiteral("no button");
            return false;
        }
        if (!button->isVisible() || button->parentWidget() != bar) {
            *why = QStringLiteral("hidden (in the overflow)");
            return false;
        }
        if (!bar->rect().contains(button->geometry())) {
            *why = QStringLiteral("outside the bar");
            return false;
        }
        return true;
    }

private Q_SLOTS:
    void init() {
        QSettings().clear(); // each test is a first start (no saved window layout)
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        // The first-start size on a common screen (the offscreen screen is only 800x600).
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        mWindow->document()->reset(makeDocument());
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void iconsAreHitsmithsOwnSvg() {
        // Qt's SVG plugin is there at run time (qt6-svg): without it the icons would be blank.
        QVERIFY(QImageReader::supportedImageFormats().contains("svg"));
        int checked = 0;
        for (QToolBar *bar : toolBars()) {
            for (QAction *action : bar->actions()) {
                if (action->isSeparator() || !bar->widgetForAction(action) ||
                    qobject_cast<QToolButton *>(bar->widgetForAction(action)) == nullptr)
                    continue;
                const QString what = bar->objectName() + u'/' + action->iconText();
                QVERIFY2(!action->icon().isNull(), qPrintable(what));
                // Crisp at any size: a scalable icon draws at the size asked, not a blown-up
                // small bitmap.
                QCOMPARE(action->icon().actualSize(QSize(96, 96)), QSize(96, 96));
                const QImage large = action->icon().pixmap(QSize(96, 96)).toImage();
                QCOMPARE(large.size(), QSize(96, 96));
                ++checked;
            }
        }
        QVERIFY2(checked >= 20, qPrintable(QString::number(checked)));
    }

    void toolbarsShowIconsWithShortcutTooltips() {
        for (QToolBar *bar : toolBars())
            QCOMPARE(bar->toolButtonStyle(), Qt::ToolButtonIconOnly);
        Canvas *canvas = mWindow->canvas();
        QCOMPARE(canvas->action(Canvas::ActionId::ZoomToFit)->toolTip(),
                 QStringLiteral("Fit to Frame (Ctrl+0)"));
        QCOMPARE(canvas->action(Canvas::ActionId::RectTool)->toolTip(),
                 QStringLiteral("Rectangle (R)"));
        QCOMPARE(canvas->action(Canvas::ActionId::ZoomIn)->toolTip(),
                 QStringLiteral("Zoom In (%1)")
                     .arg(QKeySequence(QKeySequence::ZoomIn).toString(QKeySequence::NativeText)));
        QCOMPARE(mWindow->spritesPanel()->splitSheetAction()->toolTip(),
                 QStringLiteral("Split Sheet into Frames"));
        // A tooltip that says more than the text keeps saying it.
        QVERIFY(canvas->action(Canvas::ActionId::SnapToGrid)->toolTip().contains(u"Alt"));

        // Undo's tooltip names the command it undoes, and its shortcut.
        QUndoStack *stack = mWindow->document()->undoStack();
        QToolBar *fileBar = mainToolBar(QStringLiteral("fileToolBar"));
        QVERIFY(fileBar);
        QAction *undo = nullptr;
        for (QAction *action : fileBar->actions()) {
            if (action->text().startsWith(QStringLiteral("&Undo")))
                undo = action;
        }
        QVERIFY(undo);
        canvas->action(Canvas::ActionId::SelectAll)->trigger();
        canvas->action(Canvas::ActionId::Delete)->trigger();
        QVERIFY(stack->canUndo());
        const QString keys = QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText);
        QCOMPARE(undo->toolTip(), QStringLiteral("Undo %1 (%2)").arg(stack->undoText(), keys));
    }

    void undoRedoKeepTheirWidthAfterAnEdit() {
        QCoreApplication::processEvents();
        const QMap<QString, QRect> before = buttonGeometries();
        QVERIFY(before.size() > 20);

        // Draw a rectangle with the real tool: Undo now reads "Undo Add r1" in the menu.
        Canvas *canvas = mWindow->canvas();
        canvas->action(Canvas::ActionId::RectTool)->trigger();
        QWidget *viewport = canvas->view()->viewport();
        const QPoint from = canvas->view()->mapFromScene(QPointF(30, 30));
        const QPoint to = canvas->view()->mapFromScene(QPointF(60, 50));
        QTest::mousePress(viewport, Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, to, viewport->mapToGlobal(to), Qt::NoButton,
                         Qt::LeftButton, {});
        QApplication::sendEvent(viewport, &move);
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, to);
        QUndoStack *stack = mWindow->document()->undoStack();
        QCOMPARE(stack->count(), 1);
        QVERIFY(!stack->undoText().isEmpty());
        QCoreApplication::processEvents();
        QCOMPARE(buttonGeometries(), before);

        stack->undo(); // now Redo names the command
        QCoreApplication::processEvents();
        QCOMPARE(buttonGeometries(), before);
    }

    void fitToFrameAndSplitSheetNeedNoOverflow_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("first start (1280x800)") << QSize(1280, 800);
        QTest::newRow("small (1024x700)") << QSize(1024, 700);
    }

    void fitToFrameAndSplitSheetNeedNoOverflow() {
        QFETCH(QSize, size);
        mWindow->resize(size);
        QTRY_COMPARE(mWindow->size(), size);
        QCoreApplication::processEvents();
        QAction *fit = mWindow->canvas()->action(Canvas::ActionId::ZoomToFit);
        QAction *split = mWindow->spritesPanel()->splitSheetAction();
        QString why;
        QToolBar *tools = mainToolBar(QStringLiteral("toolsToolBar"));
        QToolBar *sprite = mainToolBar(QStringLiteral("spriteToolBar"));
        QVERIFY(tools && sprite);
        QVERIFY2(isShownInBar(tools, fit, &why), qPrintable(QStringLiteral("Fit: ") + why));
        QVERIFY2(isShownInBar(sprite, split, &why), qPrintable(QStringLiteral("Split: ") + why));
        // The Sprites dock's own toolbar offers it too, without its chevron.
        QToolBar *dockBar = mWindow->spritesPanel()->findChild<QToolBar *>();
        QVERIFY(dockBar);
        QVERIFY2(isShownInBar(dockBar, split, &why), qPrintable(QStringLiteral("dock: ") + why));
        // No toolbar of the window needs its overflow menu at this size.
        for (QToolBar *bar : toolBars()) {
            for (QAction *action : bar->actions()) {
                if (!action->isSeparator() && bar->widgetForAction(action))
                    QVERIFY2(
                        isShownInBar(bar, action, &why),
                        qPrintable(bar->objectName() + u'/' + action->iconText() + u' ' + why));
            }
        }
    }
};

HITSMITH_SHELL_TEST_MAIN(TestToolbar)
#include "tst_toolbar.moc"
