// First use of the editor through its real widgets: the drawing-layer chooser on the tools
// toolbar, its warning when drawing on a layer that collides with nothing, the first window's
// size, the default layer's colour, Help > About.

#include "shelltestsupport.h"

#include "canvas.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "layercolors.h"
#include "mainwindow.h"
#include "spritespanel.h"

#include <QComboBox>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>

using namespace hitsmith;
using namespace hitsmith::test;

class TestFirstUse : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    EditorSession *session() const { return mWindow->session(); }
    QComboBox *chooser() const { return mWindow->findChild<QComboBox *>("layerChooser"); }

    QString writeDocument(const DocumentData &data, const QString &name) {
        const QString path = mDir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(HitsmithFormat::serialize(data));
        return path;
    }

    static DocumentData documentWithRules() {
        DocumentData data = makeDocument();
        data.collide = QList<LayerPair>{{QStringLiteral("hit"), QStringLiteral("hurt")}};
        return data;
    }

    QPoint viewPoint(QPointF framePos) const {
        return mWindow->canvas()->view()->mapFromScene(framePos);
    }

    void drag(QPointF from, QPointF to) {
        QWidget *viewport = mWindow->canvas()->view()->viewport();
        QTest::mousePress(viewport, Qt::LeftButton, {}, viewPoint(from));
        for (int i = 1; i <= 4; ++i) {
            const QPointF local = viewPoint(from + (to - from) * (i / 4.0));
            QMouseEvent move(QEvent::MouseMove, local, viewport->mapToGlobal(local), Qt::NoButton,
                             Qt::LeftButton, {});
            QApplication::sendEvent(viewport, &move);
        }
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, viewPoint(to));
    }

    static void typeInto(QWidget *widget, const QString &text) {
        widget->setFocus();
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(widget, text);
        QTest::keyClick(widget, Qt::Key_Return);
    }

private Q_SLOTS:
    void init() {
        QSettings().clear(); // each test is a first start
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void firstWindowFitsTheScreen() {
        const QRect available = mWindow->screen()->availableGeometry();
        QVERIFY2(mWindow->width() <= available.width() && mWindow->height() <= available.height(),
                 qPrintable(QStringLiteral("%1x%2 window on a %3x%4 screen")
                                .arg(mWindow->width())
                                .arg(mWindow->height())
                                .arg(available.width())
                                .arg(available.height())));
    }

    void layerChooserFollowsSelectionAndDrawsOnIt() {
        QVERIFY(mWindow->openFile(writeDocument(documentWithRules(), QStringLiteral("a.json"))));
        QComboBox *combo = chooser();
        QVERIFY(combo);
        QVERIFY(combo->isVisible());
        QVERIFY(qobject_cast<QToolBar *>(combo->parentWidget()));
        QCOMPARE(combo->currentText(), QStringLiteral("default"));
        QVERIFY(combo->findText(QStringLiteral("hit")) >= 0);
        QVERIFY(combo->findText(QStringLiteral("hurt")) >= 0);

        // Clicking shape "b" (layer "hurt") with the select tool makes "hurt" current.
        Canvas *canvas = mWindow->canvas();
        canvas->action(Canvas::ActionId::SelectTool)->trigger();
        QTest::mouseClick(canvas->view()->viewport(), Qt::LeftButton, {}, viewPoint({14, 5}));
        QCOMPARE(session()->selectedShapes(), QList<int>{1});
        QCOMPARE(combo->currentText(), QStringLiteral("hurt"));

        // Choosing "hit" in the combo, then drawing: the new rectangle is on "hit".
        typeInto(combo->lineEdit(), QStringLiteral("hit"));
        QCOMPARE(session()->currentLayer(), QStringLiteral("hit"));
        canvas->action(Canvas::ActionId::RectTool)->trigger();
        drag({30, 30}, {40, 40});
        const auto &shapes = mWindow->document()->frame({0, 0}).shapes;
        QCOMPARE(shapes.size(), 3);
        QCOMPARE(shapes.last().layer, QStringLiteral("hit"));

        // Typing a new name draws on a new layer.
        typeInto(combo->lineEdit(), QStringLiteral("parry"));
        QCOMPARE(session()->currentLayer(), QStringLiteral("parry"));
    }

    void layerIsRememberedPerDocument() {
        const QString a = writeDocument(documentWithRules(), QStringLiteral("a.json"));
        const QString b = writeDocument(documentWithRules(), QStringLiteral("b.json"));
        QVERIFY(mWindow->openFile(a));
        typeInto(chooser()->lineEdit(), QStringLiteral("hurt"));
        QCOMPARE(session()->currentLayer(), QStringLiteral("hurt"));
        QVERIFY(mWindow->openFile(b));
        QCOMPARE(chooser()->currentText(), QStringLiteral("default"));
        typeInto(chooser()->lineEdit(), QStringLiteral("hit"));
        QVERIFY(mWindow->openFile(a));
        QCOMPARE(chooser()->currentText(), QStringLiteral("hurt"));
        QCOMPARE(session()->currentLayer(), QStringLiteral("hurt"));
        QVERIFY(mWindow->openFile(b));
        QCOMPARE(session()->currentLayer(), QStringLiteral("hit"));
    }

    void drawingOnALayerThatCollidesWithNothingSaysSo() {
        QVERIFY(mWindow->openFile(writeDocument(documentWithRules(), QStringLiteral("a.json"))));
        Canvas *canvas = mWindow->canvas();
        canvas->action(Canvas::ActionId::RectTool)->trigger();
        QWidget *viewport = canvas->view()->viewport();
        // "default" is in no rule of this document: pressing to draw warns at once.
        QTest::mousePress(viewport, Qt::LeftButton, {}, viewPoint({30, 30}));
        QVERIFY2(mWindow->messageLabel()->text().contains(
                     QStringLiteral("\"default\" collides with no layer")),
                 qPrintable(mWindow->messageLabel()->text()));
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, viewPoint({30, 30}));

        // On "hit" (collides with "hurt") there is no warning.
        typeInto(chooser()->lineEdit(), QStringLiteral("hit"));
        canvas->action(Canvas::ActionId::RectTool)->trigger();
        QTest::mousePress(viewport, Qt::LeftButton, {}, viewPoint({30, 30}));
        QVERIFY(!mWindow->messageLabel()->text().contains(QStringLiteral("collides with no")));
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, viewPoint({30, 30}));
    }

    void defaultLayerColourDiffersFromTheExample() {
        const ReadResult example = loadDocumentFile(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                                    QStringLiteral("/examples/knight.json"));
        QVERIFY(example.isOk());
        const QColor mine = layerColor(QStringLiteral("default"), *example.document);
        for (const QString &layer : example.document->layerNames()) {
            const QColor other = layerColor(layer, *example.document);
            const int distance = std::abs(mine.red() - other.red()) +
                                 std::abs(mine.green() - other.green()) +
                                 std::abs(mine.blue() - other.blue());
            QVERIFY2(distance > 120, qPrintable(layer));
        }
    }

    void spritesDockMarksAMissingImage() {
        DocumentData data = makeDocument();
        data.sprites[0].image = QStringLiteral("knight.png");
        QVERIFY(mWindow->openFile(writeDocument(data, QStringLiteral("lost.json"))));
        QTreeWidget *tree = mWindow->spritesPanel()->tree();
        QVERIFY(tree);
        QTRY_VERIFY(tree->topLevelItem(0)); // the panel refills on the next event loop turn
        QTreeWidgetItem *item = tree->topLevelItem(0);
        QCOMPARE(item->toolTip(0), QStringLiteral("image not found: knight.png"));
        QCOMPARE(mWindow->canvas()->notice(), QStringLiteral("image not found: knight.png"));

        // With the image in place the mark goes away.
        QVERIFY(QFile::copy(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                QStringLiteral("/examples/knight.png"),
                            mDir.filePath(QStringLiteral("knight.png"))));
        QVERIFY(mWindow->openFile(mDir.filePath(QStringLiteral("lost.json"))));
        // The tooltip then names the image in full (paths are absolute in memory).
        QTRY_COMPARE(tree->topLevelItem(0)->toolTip(0),
                     mDir.filePath(QStringLiteral("knight.png")));
        QVERIFY(mWindow->canvas()->notice().isEmpty());
        QFile::remove(mDir.filePath(QStringLiteral("knight.png")));
    }

    void helpHasAboutAndGuide() {
        QMenu *help = nullptr;
        for (QAction *action : mWindow->menuBar()->actions()) {
            if (action->text() == QStringLiteral("&Help"))
                help = action->menu();
        }
        QVERIFY(help);
        QStringList texts;
        for (QAction *action : help->actions())
            texts.append(action->text());
        QVERIFY(texts.contains(QStringLiteral("Editor &Guide")));
        QVERIFY(texts.contains(QStringLiteral("&About Hitsmith")));
        QString shown;
        QTimer::singleShot(0, [&shown] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (box) {
                shown = box->text();
                box->accept();
            }
        });
        help->actions().at(texts.indexOf(QStringLiteral("&About Hitsmith")))->trigger();
        QVERIFY(shown.contains(QStringLiteral("Add Sprite from PNG")));
    }
};

HITSMITH_SHELL_TEST_MAIN(TestFirstUse)
#include "tst_firstuse.moc"
