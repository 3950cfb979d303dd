// One file on purpose (over 700 lines): the steps are one user session in order, each building on
// the state the step before left.
// The "Done when" of the editor issue, as one user session on the real MainWindow: open the
// bundled example, add a sprite from a PNG (split into two frames), draw a polygon, a rotated
// rectangle and a circle on each frame, make a polygon concave and fix it, watch the hits change
// live, undo everything, redo it, save, reopen in a new window and find it all there.
//
// Everything is driven as a user would: mouse presses and drags on the canvas viewport, clicks
// in the menu bar, the sprites tree, the hits list and a dialog's button, key presses for tools
// and standard shortcuts, typing into the property panel. The only dialogs that are not real
// widgets are the file dialogs, answered by FakePrompts. The steps run in order and share one
// window; a failed step skips the ones after it.

#include "shelltestsupport.h"

#include "canvas.h"
#include "collisionservice.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "hitspanel.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "shapeitem.h"
#include "shapespanel.h"
#include "splitsheetdialog.h"
#include "spritespanel.h"
#include "validation.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QSpinBox>
#include <QStatusBar>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>
#include <QWindow>

#include <map>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

// The generated sheet: two 64x64 cells of dark grey, each with a coloured marker block at
// (58..61, 58..61) so the canvas can be seen showing the right cell.
const QColor kSheetGrey(40, 40, 40);
const QColor kMarker1(0, 230, 230);
const QColor kMarker2(240, 230, 0);
constexpr QPointF kMarkerPos(59.5, 59.5);

bool near(const QColor &a, const QColor &b, int tolerance = 40) {
    return qAbs(a.red() - b.red()) <= tolerance && qAbs(a.green() - b.green()) <= tolerance &&
           qAbs(a.blue() - b.blue()) <= tolerance;
}

QString colorName(const QColor &color) {
    return QStringLiteral("rgb(%1, %2, %3)").arg(color.red()).arg(color.green()).arg(color.blue());
}

// Vertices as a set: a convex hull may start anywhere on the outline.
QList<QPointF> sortedPoints(QList<QPointF> points) {
    std::sort(points.begin(), points.end(),
              [](QPointF a, QPointF b) { return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y(); });
    return points;
}

} // namespace

class TestWalkthrough : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    QString mDocPath;
    QString mPngPath;
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    DocumentData mLoaded;                   // as opened
    DocumentData mFinal;                    // after the last edit
    std::map<int, DocumentData> mSnapshots; // undo stack index -> document after that step
    bool mStepFailed = false;

    // The sprite added from the PNG, and its two frames.
    static constexpr int kBat = 3; // after the example's knight, slime and pole
    static constexpr FrameRef kFrame1{kBat, 0};
    static constexpr FrameRef kFrame2{kBat, 1};

    Document *doc() const { return mWindow->document(); }
    EditorSession *session() const { return mWindow->session(); }
    Canvas *canvas() const { return mWindow->canvas(); }
    QWidget *viewport() const { return canvas()->view()->viewport(); }
    QUndoStack *stack() const { return doc()->undoStack(); }
    const QList<Shape> &shapes() const { return doc()->frame(session()->currentFrame()).shapes; }
    QString message() const { return mWindow->messageLabel()->text(); }
    // The title the window system shows: "[*]" becomes "*" only while modified.
    QString shownTitle() const { return mWindow->windowHandle()->title(); }

    static void settle() {
        // Panels rebuild on a zero timer after a change, once per turn of the event loop.
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
    }

    // --- Mouse on the canvas, in frame pixels ---

    QPoint viewPoint(QPointF framePos) const { return canvas()->view()->mapFromScene(framePos); }

    void press(QPointF at, Qt::KeyboardModifiers mods = {}) {
        QTest::mousePress(viewport(), Qt::LeftButton, mods, viewPoint(at));
    }
    void moveTo(QPointF at, Qt::MouseButtons buttons = Qt::LeftButton) {
        // QTest::mouseMove carries no buttons; a drag needs them in the event.
        const QPointF local = viewPoint(at);
        QMouseEvent event(QEvent::MouseMove, local, viewport()->mapToGlobal(local), Qt::NoButton,
                          buttons, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &event);
    }
    void release(QPointF at) { QTest::mouseRelease(viewport(), Qt::LeftButton, {}, viewPoint(at)); }
    void click(QPointF at) {
        press(at);
        release(at);
    }
    // Press, then moves in steps (button held) to `to`; the caller releases.
    void dragWithoutRelease(QPointF from, QPointF to, int steps = 6) {
        press(from);
        for (int i = 1; i <= steps; ++i)
            moveTo(from + (to - from) * (double(i) / steps));
    }
    void drag(QPointF from, QPointF to) {
        dragWithoutRelease(from, to);
        release(to);
    }

    // What the user sees at a frame pixel of the canvas.
    QColor pixelAt(QPointF framePos) const {
        return viewport()->grab().toImage().pixelColor(viewPoint(framePos));
    }
    // Pixels close to `color` in a square of `radius` screen pixels around a frame pixel.
    int countNear(QPointF framePos, const QColor &color, int radius = 20) const {
        const QImage image = viewport()->grab().toImage();
        const QPoint c = viewPoint(framePos);
        int count = 0;
        for (int y = c.y() - radius; y <= c.y() + radius; ++y) {
            for (int x = c.x() - radius; x <= c.x() + radius; ++x) {
                if (image.rect().contains(x, y) && near(image.pixelColor(x, y), color, 45))
                    ++count;
            }
        }
        return count;
    }

    // --- Keyboard ---

    // Keys go where keyboard focus is, as for a user; shortcuts resolve from there too.
    static void key(Qt::Key k, Qt::KeyboardModifiers mods = {}) {
        QWidget *target = QApplication::focusWidget();
        QVERIFY(target);
        QTest::keyClick(target, k, mods);
    }
    static void shortcut(QKeySequence::StandardKey standard) {
        QWidget *target = QApplication::focusWidget();
        QVERIFY(target);
        QTest::keySequence(target, QKeySequence::keyBindings(standard).value(0));
    }
    // A middle click on the canvas (a pan that goes nowhere) puts keyboard focus there.
    void focusCanvas() {
        // Offscreen, closing a modal dialog does not give activation back to the window, as
        // the window system does: a user's click would.
        if (!mWindow->isActiveWindow()) {
            mWindow->activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
        }
        const QPoint corner(8, 8);
        QTest::mouseClick(viewport(), Qt::MiddleButton, {}, corner);
        QVERIFY(canvas()->view()->hasFocus());
    }
    static void typeInto(QWidget *widget, const QString &text) {
        // Clicked into, all selected, typed over, confirmed.
        QTest::mouseClick(widget, Qt::LeftButton, {}, QPoint(5, widget->height() / 2));
        QVERIFY(widget->hasFocus());
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(widget, text);
        QTest::keyClick(widget, Qt::Key_Return);
    }

    // --- Menus, trees ---

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
        QVERIFY2(item, qPrintable(itemText));
        QVERIFY2(item->isEnabled(), qPrintable(itemText));
        const QPoint at = menu->actionGeometry(item).center();
        QTest::mouseMove(menu, at);
        QTest::mouseClick(menu, Qt::LeftButton, {}, at);
        QTRY_VERIFY(!menu->isVisible());
    }

    static QTreeWidgetItem *findChild(QTreeWidgetItem *parent, const QString &text) {
        for (int i = 0; i < parent->childCount(); ++i) {
            if (parent->child(i)->text(0) == text)
                return parent->child(i);
        }
        return nullptr;
    }

    // Clicks a frame in the sprites tree (scrolled into view first, as a user would).
    void clickFrameInTree(MainWindow *window, const QString &sprite, const QString &frame) {
        QTreeWidget *tree = window->spritesPanel()->tree();
        QTreeWidgetItem *spriteItem = nullptr;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            if (tree->topLevelItem(i)->text(0) == sprite)
                spriteItem = tree->topLevelItem(i);
        }
        QVERIFY2(spriteItem, qPrintable(sprite));
        QTreeWidgetItem *frameItem = findChild(spriteItem, frame);
        QVERIFY2(frameItem, qPrintable(frame));
        tree->scrollToItem(frameItem);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {},
                          tree->visualItemRect(frameItem).center());
        settle();
    }

    // --- Checks shared by the steps ---

    // One user action is exactly one undo step; remember the document after it.
    void recordStep(int indexBefore) {
        QCOMPARE(stack()->index(), indexBefore + 1);
        QCOMPARE(stack()->count(), stack()->index()); // nothing left to redo
        mSnapshots[stack()->index()] = doc()->data();
    }

    // Everything on screen agrees with the model: canvas items, their validity and hit state,
    // the shapes list, the hits list, the sprites tree, the modified mark.
    void checkViewFollowsModel() {
        settle();
        const FrameRef frame = session()->currentFrame();
        QCOMPARE(mWindow->spritesPanel()->tree()->topLevelItemCount(),
                 int(doc()->data().sprites.size()));
        if (!doc()->contains(frame)) {
            QCOMPARE(canvas()->itemCount(), 0);
            return;
        }
        const QList<Shape> &list = doc()->frame(frame).shapes;
        QCOMPARE(canvas()->itemCount(), int(list.size()));
        QCOMPARE(mWindow->shapesPanel()->tree()->topLevelItemCount(), int(list.size()));
        for (int i = 0; i < list.size(); ++i) {
            const ShapeItem *item = canvas()->item(i);
            QCOMPARE(item->shapeData(), list[i]);
            QCOMPARE(item->problem().has_value(), validateShape(list[i]).has_value());
            QCOMPARE(item->isColliding(),
                     session()->collisions()->isColliding({frame.sprite, frame.frame, i}));
            QCOMPARE(mWindow->shapesPanel()->tree()->topLevelItem(i)->text(0), list[i].id);
        }
        QCOMPARE(mWindow->hitsPanel()->tree()->topLevelItemCount(),
                 int(session()->collisions()->hits(frame).size()));
        QCOMPARE(mWindow->isWindowModified(), doc()->isModified());
        QCOMPARE(shownTitle(), doc()->isModified() ? QStringLiteral("knight.json* - Hitsmith")
                                                   : QStringLiteral("knight.json - Hitsmith"));
    }

    // The rectangle's rotation grip, where it is drawn.
    QPointF rotationGrip(int index) const {
        for (const Grip &handle : canvas()->item(index)->grips()) {
            if (handle.kind == Grip::Kind::Rotation)
                return handle.pos;
        }
        return QPointF(qQNaN(), qQNaN());
    }

    // Draws a rectangle from corner to corner with the Rectangle tool, then turns it with its
    // rotation grip (Select tool) so that the grip points along `direction` from the centre.
    void drawRotatedRect(QPointF from, QPointF to, QPointF direction, double expectedAngle) {
        int before = stack()->index();
        const int index = int(shapes().size());
        key(Qt::Key_R);
        QVERIFY(canvas()->action(Canvas::ActionId::RectTool)->isChecked());
        dragWithoutRelease(from, to);
        // The size first; a note about the drawing layer may follow it.
        QVERIFY2(message().startsWith(
                     QStringLiteral("%1 × %2").arg(to.x() - from.x()).arg(to.y() - from.y())),
                 qPrintable(message()));
        release(to);
        recordStep(before);
        QCOMPARE(shapes().size(), index + 1);
        const Shape rect = shapes()[index];
        QCOMPARE(rect.type, ShapeType::Rect);
        QCOMPARE(rect.center, (from + to) / 2);
        QCOMPARE(rect.size, QSizeF(to.x() - from.x(), to.y() - from.y()));
        QCOMPARE(rect.angle, 0.0);
        QCOMPARE(session()->selectedShapes(), QList<int>{index});

        key(Qt::Key_S);
        QVERIFY(canvas()->action(Canvas::ActionId::SelectTool)->isChecked());
        const QPointF grip = rotationGrip(index);
        QVERIFY(!qIsNaN(grip.x()));
        // The grip sits above the top edge, a constant screen distance away.
        QVERIFY(grip.y() < rect.center.y() - rect.size.height() / 2);
        before = stack()->index();
        const QPointF target = rect.center + direction;
        dragWithoutRelease(grip, target);
        QCOMPARE(message(), QStringLiteral("Angle %1°").arg(expectedAngle));
        QCOMPARE(canvas()->item(index)->shapeData().angle, expectedAngle); // live
        release(target);
        recordStep(before); // the whole drag is one step
        const Shape rotated = shapes()[index];
        QCOMPARE(rotated.angle, expectedAngle);
        QCOMPARE(rotated.center, rect.center);
        QCOMPARE(rotated.size, rect.size);
        QCOMPARE(message(), QString());
    }

    void drawCircle(QPointF center, QPointF rim) {
        const int before = stack()->index();
        const int index = int(shapes().size());
        key(Qt::Key_C);
        QVERIFY(canvas()->action(Canvas::ActionId::CircleTool)->isChecked());
        drag(center, rim);
        recordStep(before);
        QCOMPARE(shapes().size(), index + 1);
        const Shape circle = shapes()[index];
        QCOMPARE(circle.type, ShapeType::Circle);
        QCOMPARE(circle.center, center);
        QCOMPARE(circle.radius, QLineF(center, rim).length());
        QCOMPARE(circle.layer, QStringLiteral("default"));
    }

private Q_SLOTS:
    void initTestCase() {
        QSettings().clear();
        const QString examples = qEnvironmentVariable("HITSMITH_SOURCE_DIR") + "/examples";
        QVERIFY2(QFile::exists(examples + "/knight.json"), qPrintable(examples));
        // A copy: the test never writes into the repository.
        for (const QString &name : QDir(examples).entryList({"knight.json", "*.png"})) {
            QVERIFY(QFile::copy(examples + u'/' + name, mDir.filePath(name)));
            QFile(mDir.filePath(name)).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        }
        mDocPath = mDir.filePath(QStringLiteral("knight.json"));

        QImage sheet(128, 64, QImage::Format_ARGB32);
        sheet.fill(kSheetGrey);
        for (int y = 58; y < 62; ++y) {
            for (int x = 58; x < 62; ++x) {
                sheet.setPixelColor(x, y, kMarker1);
                sheet.setPixelColor(64 + x, y, kMarker2);
            }
        }
        mPngPath = mDir.filePath(QStringLiteral("bat.png"));
        QVERIFY(sheet.save(mPngPath));

        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1280, 800); // the room the steps below assume, whatever the screen
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
        QCOMPARE(shownTitle(), QStringLiteral("Untitled - Hitsmith"));
    }

    void init() {
        if (mStepFailed)
            QSKIP("an earlier step failed");
    }

    void cleanup() {
        if (QTest::currentTestFailed())
            mStepFailed = true;
    }

    void cleanupTestCase() {
        if (mWindow) {
            mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
            mWindow->close();
            mWindow.reset();
        }
    }

    void step1_openTheExample() {
        mPrompts->fileNames.enqueue(mDocPath);
        QTest::keySequence(mWindow.get(), QKeySequence::keyBindings(QKeySequence::Open).value(0));
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QCOMPARE(doc()->filePath(), QFileInfo(mDocPath).absoluteFilePath());
        const ReadResult file = loadDocumentFile(mDocPath);
        QVERIFY(file.isOk());
        QCOMPARE(doc()->data(), *file.document);
        mLoaded = doc()->data();
        mSnapshots[0] = mLoaded;
        QCOMPARE(stack()->count(), 0);

        settle();
        QCOMPARE(shownTitle(), QStringLiteral("knight.json - Hitsmith"));
        QVERIFY(mWindow->statusBar()->currentMessage().startsWith(QStringLiteral("Opened ")));
        QTreeWidget *sprites = mWindow->spritesPanel()->tree();
        QCOMPARE(sprites->topLevelItemCount(), 3); // knight, slime, pole
        QCOMPARE(sprites->topLevelItem(0)->text(0), QStringLiteral("knight"));
        QCOMPARE(sprites->topLevelItem(0)->childCount(), 4);
        QCOMPARE(session()->currentFrame(), (FrameRef{0, 0}));
        QCOMPARE(canvas()->itemCount(), 3); // body, head, feet
        checkViewFollowsModel();
    }

    void step2_addSpriteFromPngAndSplit() {
        int before = stack()->index();
        mPrompts->fileNames.enqueue(mPngPath);
        clickMenuItem(QStringLiteral("File"), QStringLiteral("Add Sprite from PNG"));
        QVERIFY(mPrompts->fileNames.isEmpty()); // the file dialog was asked
        recordStep(before);
        QCOMPARE(doc()->data().sprites.size(), 4);
        const Sprite &bat = doc()->sprite(kBat);
        QCOMPARE(bat.name, QStringLiteral("bat"));
        // Absolute in memory, relative to the document only in the file.
        QCOMPARE(bat.image, QFileInfo(mPngPath).absoluteFilePath());
        QCOMPARE(bat.frames.size(), 1);
        QCOMPARE(session()->currentFrame(), kFrame1);
        settle();
        QCOMPARE(mWindow->spritesPanel()->tree()->topLevelItem(kBat)->text(0),
                 QStringLiteral("bat"));
        QCOMPARE(shownTitle(), QStringLiteral("knight.json* - Hitsmith"));
        QCOMPARE(canvas()->frameRect(), QRectF(0, 0, 128, 64)); // the whole image for now

        // Split it into two 64x64 frames from the Sprite menu and its dialog.
        QVERIFY(mWindow->spritesPanel()->splitSheetAction()->isEnabled());
        bool dialogSeen = false;
        // The dialog is modal: answer it from inside its event loop once it is up.
        QTimer poll;
        poll.setInterval(10);
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *dialog = qobject_cast<SplitSheetDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            poll.stop();
            dialogSeen = true;
            // Whatever is checked below, the dialog must not stay open.
            auto guard = qScopeGuard([dialog] {
                if (dialog->isVisible())
                    dialog->reject();
            });
            QVERIFY(QTest::qWaitForWindowExposed(dialog));
            // The proposal is square cells as high as the image: just what this sheet needs.
            QCOMPARE(dialog->cellWidthBox()->value(), 64);
            QCOMPARE(dialog->cellHeightBox()->value(), 64);
            bool previewSaysTwo = false;
            for (QLabel *label : dialog->findChildren<QLabel *>())
                previewSaysTwo |= label->text() == QStringLiteral("2 frame(s)");
            QVERIFY(previewSaysTwo);
            QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            QTest::mouseClick(ok, Qt::LeftButton);
        });
        poll.start();
        before = stack()->index();
        clickMenuItem(QStringLiteral("Sprite"), QStringLiteral("Split Sheet into Frames"));
        QVERIFY(dialogSeen);
        recordStep(before); // the split is one step
        settle();
        const Sprite &splitBat = doc()->sprite(kBat);
        QCOMPARE(splitBat.frames.size(), 2);
        QCOMPARE(splitBat.frames[0].name, QStringLiteral("frame-1"));
        QCOMPARE(splitBat.frames[0].source, std::optional<QRectF>(QRectF(0, 0, 64, 64)));
        QCOMPARE(splitBat.frames[1].source, std::optional<QRectF>(QRectF(64, 0, 64, 64)));
        QCOMPARE(session()->currentFrame(), kFrame1);
        QTreeWidgetItem *batItem = mWindow->spritesPanel()->tree()->topLevelItem(kBat);
        QCOMPARE(batItem->childCount(), 2);
        QCOMPARE(batItem->child(1)->text(0), QStringLiteral("frame-2"));
        QCOMPARE(mWindow->statusBar()->currentMessage(),
                 QStringLiteral("Split \"bat\" into 2 frame(s)."));
        // The canvas shows the first cell of the image, fitted to the view.
        QCOMPARE(canvas()->frameRect(), QRectF(0, 0, 64, 64));
        QVERIFY(canvas()->zoom() > 4.0);
        QVERIFY2(near(pixelAt(kMarkerPos), kMarker1), qPrintable(colorName(pixelAt(kMarkerPos))));
        QVERIFY2(near(pixelAt({32.5, 32.5}), kSheetGrey, 12),
                 qPrintable(colorName(pixelAt({32.5, 32.5}))));
        checkViewFollowsModel();
    }

    void step3a_drawOnFirstFrame() {
        QCOMPARE(session()->currentFrame(), kFrame1);
        focusCanvas();

        // Polygon: click the vertices, close by clicking the first one again.
        int before = stack()->index();
        key(Qt::Key_P);
        QVERIFY(canvas()->action(Canvas::ActionId::PolygonTool)->isChecked());
        const QList<QPointF> square{{8, 8}, {28, 8}, {28, 28}, {8, 28}};
        for (const QPointF &p : square)
            click(p);
        QVERIFY(message().startsWith(QStringLiteral("4 vertices: click the first vertex")));
        QCOMPARE(shapes().size(), 0); // still open
        click(square[0]);
        recordStep(before);
        QCOMPARE(shapes().size(), 1);
        QCOMPARE(shapes()[0].type, ShapeType::Polygon);
        QCOMPARE(shapes()[0].id, QStringLiteral("polygon"));
        QCOMPARE(shapes()[0].points, square);
        QVERIFY(!canvas()->item(0)->problem());
        QCOMPARE(message(), QString());

        drawRotatedRect({36, 8}, {52, 16}, {10, -10}, 45.0);
        drawCircle({16, 46}, {22, 46});
        QCOMPARE(shapes().size(), 3);
        checkViewFollowsModel();
        QCOMPARE(mWindow->shapesPanel()->tree()->topLevelItem(1)->text(1), QStringLiteral("rect"));
        QCOMPARE(mWindow->shapesPanel()->tree()->topLevelItem(2)->text(1),
                 QStringLiteral("circle"));
    }

    void step3b_drawOnSecondFrame() {
        clickFrameInTree(mWindow.get(), QStringLiteral("bat"), QStringLiteral("frame-2"));
        QCOMPARE(session()->currentFrame(), kFrame2);
        QCOMPARE(canvas()->itemCount(), 0);
        QVERIFY2(near(pixelAt(kMarkerPos), kMarker2), qPrintable(colorName(pixelAt(kMarkerPos))));
        focusCanvas();

        // Polygon: a slip taken back with Backspace, closed with Enter.
        int before = stack()->index();
        key(Qt::Key_P);
        click({8, 8});
        click({28, 8});
        click({50, 50}); // a slip
        QVERIFY(message().startsWith(QStringLiteral("3 vertices")));
        key(Qt::Key_Backspace);
        QVERIFY(message().startsWith(QStringLiteral("2 vertices")));
        click({28, 28});
        click({8, 28});
        key(Qt::Key_Return);
        recordStep(before);
        QCOMPARE(shapes().size(), 1);
        QCOMPARE(shapes()[0].points, (QList<QPointF>{{8, 8}, {28, 8}, {28, 28}, {8, 28}}));

        drawRotatedRect({36, 36}, {56, 44}, {12, 0}, 90.0);
        drawCircle({16, 48}, {16, 56});
        QCOMPARE(shapes().size(), 3);
        checkViewFollowsModel();
        // The first frame kept its own shapes.
        QCOMPARE(doc()->frame(kFrame1).shapes.size(), 3);
        QCOMPARE(doc()->frame(kFrame1).shapes[1].angle, 45.0);
    }

    void step4_makeConcaveAndFix() {
        clickFrameInTree(mWindow.get(), QStringLiteral("bat"), QStringLiteral("frame-1"));
        QCOMPARE(session()->currentFrame(), kFrame1);
        focusCanvas();
        key(Qt::Key_S);
        QVERIFY(canvas()->action(Canvas::ActionId::SelectTool)->isChecked());
        click({18, 18});
        QCOMPARE(session()->selectedShapes(), QList<int>{0});
        QAction *hull = canvas()->action(Canvas::ActionId::ReplaceByConvexHull);
        QVERIFY(!hull->isEnabled());

        // Drag vertex 2 inwards: still convex on the diagonal, concave past it, while the mouse
        // is still down.
        const int before = stack()->index();
        press({28, 28});
        moveTo({26, 26});
        moveTo({24, 24});
        QVERIFY(!canvas()->item(0)->problem());
        QCOMPARE(message(), QString());
        QCOMPARE(countNear({24, 24}, ShapeItem::invalidColor()), 0);
        moveTo({20, 20});
        moveTo({16, 16});
        QCOMPARE(canvas()->item(0)->shapeData().points[2], QPointF(16, 16));
        QVERIFY(canvas()->item(0)->problem());
        QCOMPARE(canvas()->item(0)->problem()->kind, ProblemKind::NotConvex);
        QCOMPARE(canvas()->item(0)->problem()->vertex, 2);
        QCOMPARE(message(), QStringLiteral("polygon: not convex at vertex 2"));
        // Drawn in the invalid style, the offending vertex ringed.
        QVERIFY(countNear({16, 16}, ShapeItem::invalidColor()) > 20);
        QVERIFY(hull->isEnabled());
        release({16, 16});
        recordStep(before);
        // The edit is kept, flagged, and explained.
        QCOMPARE(shapes()[0].points, (QList<QPointF>{{8, 8}, {28, 8}, {16, 16}, {8, 28}}));
        QCOMPARE(message(), QStringLiteral("polygon: not convex at vertex 2"));
        settle();
        QTreeWidgetItem *row = mWindow->shapesPanel()->tree()->topLevelItem(0);
        QVERIFY(!row->icon(0).isNull());
        QVERIFY(row->toolTip(0).contains(QStringLiteral("not convex at vertex 2")));
        checkViewFollowsModel();

        // The one-click fix, from the Edit menu.
        const int beforeFix = stack()->index();
        clickMenuItem(QStringLiteral("Edit"), QStringLiteral("Replace by Convex Hull"));
        recordStep(beforeFix);
        QCOMPARE(sortedPoints(shapes()[0].points),
                 sortedPoints({{8, 8}, {28, 8}, {8, 28}})); // (16, 16) was inside the hull
        QVERIFY(!canvas()->item(0)->problem());
        QCOMPARE(message(), QString());
        QVERIFY(!hull->isEnabled());
        QCOMPARE(countNear({16, 16}, ShapeItem::invalidColor()), 0);
        settle();
        QVERIFY(mWindow->shapesPanel()->tree()->topLevelItem(0)->icon(0).isNull());
        checkViewFollowsModel();
    }

    void step5_hitsChangeLive() {
        // The example collides hitbox with hurtbox only: put the rect and the polygon on those
        // layers by typing into the property panel.
        QComboBox *layer = mWindow->propertyPanel()->layerBox();
        int before = stack()->index();
        click({44, 12});
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        typeInto(layer->lineEdit(), QStringLiteral("hitbox"));
        recordStep(before);
        QCOMPARE(shapes()[1].layer, QStringLiteral("hitbox"));
        before = stack()->index();
        click({12, 12});
        QCOMPARE(session()->selectedShapes(), QList<int>{0});
        typeInto(layer->lineEdit(), QStringLiteral("hurtbox"));
        recordStep(before);
        QCOMPARE(shapes()[0].layer, QStringLiteral("hurtbox"));
        click({44, 12}); // select the rect again (also puts focus back on the canvas)
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        settle();
        QTreeWidget *hits = mWindow->hitsPanel()->tree();
        QCOMPARE(hits->topLevelItemCount(), 0);
        const QPointF probe(10, 22); // inside the polygon, outside the rect once it is moved
        const QColor quiet = pixelAt(probe);
        QVERIFY2(quiet.green() > quiet.red() + 10, qPrintable(colorName(quiet))); // hurtbox

        // Drag the rect into the polygon: the hit shows while the mouse is still down.
        const Shape rect = shapes()[1];
        before = stack()->index();
        dragWithoutRelease({44, 12}, {16, 16});
        settle();
        QVERIFY(canvas()->item(0)->isColliding());
        QVERIFY(canvas()->item(1)->isColliding());
        QCOMPARE(hits->topLevelItemCount(), 1);
        QCOMPARE(hits->topLevelItem(0)->text(0), QStringLiteral("polygon"));
        QCOMPARE(hits->topLevelItem(0)->text(1), QStringLiteral("rect"));
        QVERIFY(hits->topLevelItem(0)->text(2).toDouble() > 0.5); // depth
        const QColor hit = pixelAt(probe);
        QVERIFY2(hit.red() > hit.blue() + 40 && hit.red() > hit.green() + 20,
                 qPrintable(colorName(hit))); // the hit colour
        release({16, 16});
        recordStep(before);
        QVERIFY(QLineF(shapes()[1].center, QPointF(16, 16)).length() < 1.0);
        QCOMPARE(shapes()[1].angle, rect.angle);
        QCOMPARE(shapes()[1].size, rect.size);
        checkViewFollowsModel();

        // Clicking the row selects both shapes of the pair.
        QTest::mouseClick(hits->viewport(), Qt::LeftButton, {},
                          hits->visualItemRect(hits->topLevelItem(0)).center());
        QCOMPARE(session()->selectedShapes(), (QList<int>{0, 1}));
        QCOMPARE(session()->selectedHit(), qMakePair(0, 1));

        // Click the rect alone, then drag it away: the hit ends, live again.
        const QPointF at = shapes()[1].center;
        click(at);
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        before = stack()->index();
        dragWithoutRelease(at, {46, 14});
        settle();
        QCOMPARE(hits->topLevelItemCount(), 0);
        QVERIFY(!canvas()->item(0)->isColliding());
        QVERIFY(!canvas()->item(1)->isColliding());
        const QColor apart = pixelAt(probe);
        QVERIFY2(apart.green() > apart.red() + 10, qPrintable(colorName(apart)));
        release({46, 14});
        recordStep(before);
        checkViewFollowsModel();
        mFinal = doc()->data();
    }

    void step6_undoEverythingThenRedo() {
        focusCanvas();
        const int steps = stack()->index();
        QCOMPARE(int(mSnapshots.size()), steps + 1); // one snapshot per step, plus the original
        QVERIFY(steps >= 15);
        QAction *undo = nullptr;
        for (QAction *action : mWindow->findChildren<QAction *>()) {
            if (action->shortcuts() == QKeySequence::keyBindings(QKeySequence::Undo))
                undo = action;
        }
        QVERIFY(undo && undo->isEnabled());
        for (int i = steps; i > 0; --i) {
            shortcut(QKeySequence::Undo);
            QCOMPARE(stack()->index(), i - 1);
            QCOMPARE(doc()->data(), mSnapshots[i - 1]);
            checkViewFollowsModel();
        }
        QCOMPARE(doc()->data(), mLoaded);
        QVERIFY(!doc()->isModified());
        QVERIFY(!mWindow->isWindowModified());
        QCOMPARE(shownTitle(), QStringLiteral("knight.json - Hitsmith"));
        QVERIFY(!undo->isEnabled());
        QCOMPARE(mWindow->spritesPanel()->tree()->topLevelItemCount(), 3);

        for (int i = 1; i <= steps; ++i) {
            shortcut(QKeySequence::Redo);
            QCOMPARE(stack()->index(), i);
            QCOMPARE(doc()->data(), mSnapshots[i]);
            checkViewFollowsModel();
        }
        QCOMPARE(doc()->data(), mFinal);
        QCOMPARE(shownTitle(), QStringLiteral("knight.json* - Hitsmith"));
    }

    void step7_saveAndReopen() {
        focusCanvas();
        shortcut(QKeySequence::Save);
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY(!doc()->isModified());
        QCOMPARE(shownTitle(), QStringLiteral("knight.json - Hitsmith"));
        QVERIFY(mWindow->statusBar()->currentMessage().startsWith(QStringLiteral("Saved ")));
        QCOMPARE(doc()->data(), mFinal); // saving changed nothing (paths are absolute in memory)
        const ReadResult onDisk = loadDocumentFile(mDocPath);
        QVERIFY(onDisk.isOk());
        QCOMPARE(*onDisk.document, mFinal);

        // A new window, opened by Ctrl+O like the first.
        auto reopened = std::make_unique<MainWindow>(mPrompts);
        reopened->show();
        QVERIFY(QTest::qWaitForWindowActive(reopened.get()));
        mPrompts->fileNames.enqueue(mDocPath);
        QTest::keySequence(reopened.get(), QKeySequence::keyBindings(QKeySequence::Open).value(0));
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QCOMPARE(reopened->document()->filePath(), QFileInfo(mDocPath).absoluteFilePath());
        QCOMPARE(reopened->document()->data(), mFinal);
        QVERIFY(!reopened->isWindowModified());

        // Every shape is there, on the canvas too, with the right cell of the image under it.
        settle();
        Canvas *other = reopened->canvas();
        for (const FrameRef frame : {kFrame1, kFrame2}) {
            clickFrameInTree(reopened.get(), QStringLiteral("bat"),
                             frame == kFrame1 ? QStringLiteral("frame-1")
                                              : QStringLiteral("frame-2"));
            QCOMPARE(reopened->session()->currentFrame(), frame);
            const QList<Shape> &expected = mFinal.sprites[kBat].frames[frame.frame].shapes;
            QCOMPARE(expected.size(), 3);
            QCOMPARE(other->itemCount(), 3);
            for (int i = 0; i < 3; ++i) {
                QCOMPARE(other->item(i)->shapeData(), expected[i]);
                QVERIFY(!other->item(i)->problem());
            }
            QCOMPARE(reopened->shapesPanel()->tree()->topLevelItemCount(), 3);
            QCOMPARE(reopened->hitsPanel()->tree()->topLevelItemCount(), 0);
            const QColor marker = other->view()->viewport()->grab().toImage().pixelColor(
                other->view()->mapFromScene(kMarkerPos));
            QVERIFY2(near(marker, frame == kFrame1 ? kMarker1 : kMarker2),
                     qPrintable(colorName(marker)));
        }
        const QList<Shape> &first = mFinal.sprites[kBat].frames[0].shapes;
        QCOMPARE(first[0].layer, QStringLiteral("hurtbox"));
        QCOMPARE(first[1].layer, QStringLiteral("hitbox"));
        QCOMPARE(first[1].angle, 45.0);
        QCOMPARE(mFinal.sprites[kBat].frames[1].shapes[1].angle, 90.0);

        const int asked = mPrompts->unsavedAsked;
        QVERIFY(reopened->close());
        QVERIFY(mWindow->close()); // both clean: no question
        QCOMPARE(mPrompts->unsavedAsked, asked);
        mWindow.reset();
    }
};

HITSMITH_SHELL_TEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
