// Text is never cut off in the docks: each text is measured with the widget's own font metrics
// against the room the real widget gives it (cell, header section, label, field).

#include "shelltestsupport.h"

#include "canvas.h"
#include "editorsession.h"
#include "hitspanel.h"
#include "layerspanel.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "shapecommands.h"
#include "shapespanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSettings>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

/// The room a view's delegate leaves for text: the margins it draws around it, and an icon.
int textMargin(const QWidget *view) {
    return 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
}

/// Every cell of the tree whose text is wider than its column leaves for it.
QStringList cutCells(const QTreeWidget *tree) {
    QStringList cut;
    const QFontMetrics metrics(tree->font());
    for (int row = 0; row < tree->topLevelItemCount(); ++row) {
        const QTreeWidgetItem *item = tree->topLevelItem(row);
        for (int column = 0; column < tree->columnCount(); ++column) {
            const int icon = item->icon(column).isNull() ? 0 : tree->iconSize().width() + 4;
            const int room = tree->header()->sectionSize(column) - textMargin(tree) - icon;
            if (metrics.horizontalAdvance(item->text(column)) > room)
                cut.append(QStringLiteral("%1 (room %2)").arg(item->text(column)).arg(room));
        }
    }
    return cut;
}

/// Every header section whose label is wider than the section.
QStringList cutSections(const QHeaderView *header, const QStringList &labels) {
    QStringList cut;
    const QFontMetrics metrics(header->font());
    for (int i = 0; i < labels.size(); ++i) {
        const int room =
            header->orientation() == Qt::Horizontal ? header->sectionSize(i) : header->width();
        // The header draws its label inside the section's margins (PM_HeaderMargin each side).
        const int margin =
            2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
        if (metrics.horizontalAdvance(labels[i]) + margin > room)
            cut.append(QStringLiteral("%1 (room %2)").arg(labels[i]).arg(room));
    }
    return cut;
}

} // namespace

class TestTextFit : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;

    Document *document() const { return mWindow->document(); }

    void showDock(const QString &name) {
        auto *dock = mWindow->findChild<QDockWidget *>(name);
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QCoreApplication::processEvents();
    }

    /// Pushes one edit of shape index of the shown frame, as the canvas would.
    void editShape(int index, const std::function<void(Shape &)> &edit) {
        const ShapeRef ref{0, 0, index};
        Shape shape = document()->shape(ref);
        edit(shape);
        document()->undoStack()->push(new ChangeShapesCommand(document(), {ref}, {shape}, "Edit"));
        QCoreApplication::processEvents();
    }

private Q_SLOTS:
    void init() {
        QSettings().clear(); // each test is a first start (no saved window layout)
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void validationMessageWrapsInsideProperties_data() {
        QTest::addColumn<int>("dockWidth");
        QTest::newRow("first start") << 0;
        QTest::newRow("narrow dock") << 220;
    }

    void validationMessageWrapsInsideProperties() {
        QFETCH(int, dockWidth);
        DocumentData data = makeDocument();
        // A self-intersecting polygon: its reason is long.
        data.sprites[0].frames[0].shapes[0].points = {{0, 0}, {40, 40}, {40, 0}, {0, 40}};
        document()->reset(data);
        auto *dock = mWindow->findChild<QDockWidget *>(QStringLiteral("propertiesDock"));
        if (dockWidth > 0)
            mWindow->resizeDocks({dock}, {dockWidth}, Qt::Horizontal);
        mWindow->session()->setSelectedShapes({0});
        QCoreApplication::processEvents();
        PropertyPanel *panel = mWindow->propertyPanel();
        QLabel *type = panel->typeLabel();
        QVERIFY2(type->text().contains(QStringLiteral("self-intersecting")),
                 qPrintable(type->text()));
        QVERIFY2(QFontMetrics(type->font()).horizontalAdvance(type->text()) > type->width(),
                 "the message is long enough to need wrapping here");

        auto *scroll = panel->findChild<QScrollArea *>();
        QVERIFY(scroll);
        QWidget *viewport = scroll->viewport();
        // The message wraps within the page: every line fits, all of it is shown.
        const QRect needed =
            QFontMetrics(type->font())
                .boundingRect(QRect(0, 0, type->width(), 10000), Qt::TextWordWrap, type->text());
        QVERIFY2(needed.width() <= type->width(), qPrintable(QString::number(needed.width())));
        QVERIFY(type->height() >= needed.height());
        // No field is pushed past the dock's right edge.
        const QList<QWidget *> fields{type, panel->idEdit(), panel->layerBox(),
                                      panel->vertexBox(0, 0), panel->vertexBox(0, 1)};
        for (QWidget *field : fields) {
            QVERIFY(field);
            const QPoint right = field->mapTo(viewport, QPoint(field->width(), 0));
            QVERIFY2(right.x() <= viewport->width(),
                     qPrintable(QStringLiteral("%1 ends at %2 of %3")
                                    .arg(field->objectName())
                                    .arg(right.x())
                                    .arg(viewport->width())));
        }
    }

    void hitsShowWholeNumbers() {
        showDock(QStringLiteral("hitsDock"));
        DocumentData data = makeDocument();
        data.sprites[0].frames[0].shapes[1].center = {500, 500}; // "b" far away: no hit yet
        data.collide = QList<LayerPair>{{QStringLiteral("hit"), QStringLiteral("hurt")}};
        document()->reset(data);
        QTreeWidget *tree = mWindow->hitsPanel()->tree();
        QTRY_COMPARE(tree->topLevelItemCount(), 0);
        // Grow both into a deep overlap while the list is shown (hits arrive as events).
        editShape(0, [](Shape &s) {
            s.points = {{0, 0}, {1234.5678, 0}, {1234.5678, 1234.5678}, {0, 1234.5678}};
        });
        editShape(1, [](Shape &s) {
            s.center = {600.25, 611.75};
            s.size = {987.654, 1001.5};
            s.angle = 17;
        });
        QTRY_COMPARE(tree->topLevelItemCount(), 1);
        QVERIFY(tree->topLevelItem(0)->text(2).size() >= 7); // e.g. "612.345"
        QVERIFY2(cutCells(tree).isEmpty(), qPrintable(cutCells(tree).join(u", ")));
        // A longer id arrives later, by a rename.
        editShape(0, [](Shape &s) { s.id = QStringLiteral("sword_swing_front_hitbox"); });
        QVERIFY2(cutCells(tree).isEmpty(), qPrintable(cutCells(tree).join(u", ")));
    }

    void layersMatrixShowsWholeNames() {
        DocumentData data = makeDocument();
        QList<Shape> &shapes = data.sprites[0].frames[0].shapes;
        shapes[0].layer = QStringLiteral("pushbox");
        shapes[1].layer = QStringLiteral("hurtbox");
        shapes.append(Shape::circle(QStringLiteral("x"), {5, 5}, 2, QStringLiteral("hitbox")));
        shapes.append(Shape::circle(QStringLiteral("y"), {5, 5}, 2,
                                    QStringLiteral("counter-hitbox-late-frames")));
        data.collide = QList<LayerPair>{{QStringLiteral("hitbox"), QStringLiteral("hurtbox")}};
        // Filled while the Shapes tab is in front, as on a first start.
        showDock(QStringLiteral("shapesDock"));
        document()->reset(data);
        QTableWidget *matrix = mWindow->layersPanel()->matrixTable();
        const QStringList names = document()->data().layerNames();
        QTRY_COMPARE(matrix->columnCount(), int(names.size()));
        showDock(QStringLiteral("layersDock"));
        QVERIFY(matrix->isVisible());
        QVERIFY(names.contains(QStringLiteral("pushbox")));
        QVERIFY2(cutSections(matrix->horizontalHeader(), names).isEmpty(),
                 qPrintable(cutSections(matrix->horizontalHeader(), names).join(u", ")));
        QVERIFY2(cutSections(matrix->verticalHeader(), names).isEmpty(),
                 qPrintable(cutSections(matrix->verticalHeader(), names).join(u", ")));
    }

    void shapeIdsShowWhole() {
        document()->reset(makeDocument());
        showDock(QStringLiteral("shapesDock"));
        mWindow->session()->setSelectedShapes({0});
        // Renamed after the list was filled, through the Properties id field.
        const QString id = QStringLiteral("sword_swing_front_hitbox");
        QLineEdit *edit = mWindow->propertyPanel()->idEdit();
        edit->setFocus();
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, id);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(document()->shape({0, 0, 0}).id, id);
        QTreeWidget *tree = mWindow->shapesPanel()->tree();
        QCOMPARE(tree->topLevelItem(0)->text(0), id);
        QVERIFY2(cutCells(tree).isEmpty(), qPrintable(cutCells(tree).join(u", ")));
        // The Properties field shows it whole too.
        const int room = edit->contentsRect().width() - 2 * 2 /* QLineEdit's text margin */ -
                         2 * edit->style()->pixelMetric(QStyle::PM_DefaultFrameWidth);
        QVERIFY2(edit->fontMetrics().horizontalAdvance(id) <= room,
                 qPrintable(QStringLiteral("room %1").arg(room)));
    }
};

HITSMITH_SHELL_TEST_MAIN(TestTextFit)
#include "tst_textfit.moc"
