// The real main window at the sizes the README promises (1280 x 800 and 1024 x 700) on a first
// start with the bundled example: the frame-data line is never cut, every table a user reads
// shows at least three rows where it is docked (the issue asks it at 1280 x 800; 1024 x 700 has it
// too), without a sideways scroll bar, and the frame's properties need no scrolling at 1280 x 800.
// Room is measured on the real widgets: the part of each table its dock and scroll area leave
// visible, against the table's own row height.

#include "shelltestsupport.h"

#include "editorsession.h"
#include "hitspanel.h"
#include "mainwindow.h"
#include "propertiestable.h"
#include "propertypanel.h"
#include "timelinepanel.h"
#include "versuspanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTableWidget>
#include <QTreeWidget>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

/// Rows of a table the user sees: the height of the part of its viewport that is on screen (not
/// hidden by a scroll area or a dock), in rows of the table's own height.
double visibleRows(const QAbstractItemView *view, int rowHeight) {
    if (!view->isVisible() || rowHeight <= 0)
        return 0;
    const QRect shown = view->viewport()->visibleRegion().boundingRect();
    return double(shown.height()) / rowHeight;
}

int rowHeight(const QTableView *table) {
    return table->verticalHeader()->defaultSectionSize();
}

int rowHeight(const QTreeWidget *tree) {
    const QModelIndex first = tree->model()->index(0, 0);
    return first.isValid() ? tree->visualRect(first).height() : tree->fontMetrics().height() + 4;
}

/// Why a label's text does not fit it, or empty: a line wider than the label, or wrapped lines
/// taller than it.
QString cutLabel(const QLabel *label) {
    if (label->wordWrap()) {
        const int needed = label->heightForWidth(label->contentsRect().width());
        if (needed > label->contentsRect().height())
            return QStringLiteral("needs %1 px height, has %2")
                .arg(needed)
                .arg(label->contentsRect().height());
        return {};
    }
    const int needed = label->sizeHint().width() - 2 * label->frameWidth();
    if (needed > label->contentsRect().width())
        return QStringLiteral("needs %1 px width, has %2")
            .arg(needed)
            .arg(label->contentsRect().width());
    return {};
}

} // namespace

class TestWindowFit : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;

    void showDock(const QString &name) {
        auto *dock = mWindow->findChild<QDockWidget *>(name);
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QCoreApplication::processEvents();
    }

    void openAt(QSize size) {
        QSettings().clear(); // a first start: the default dock layout
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(size);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QVERIFY(mWindow->openFile(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                  QStringLiteral("/examples/knight.json")));
        QCoreApplication::processEvents();
        QCOMPARE(mWindow->size(), size);
    }

private Q_SLOTS:
    void cleanup() {
        if (!mWindow)
            return;
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void theWindowFits_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("rows"); // at least this many rows of every table
        QTest::newRow("1280 x 800") << QSize(1280, 800) << 3;
        QTest::newRow("1024 x 700") << QSize(1024, 700) << 3;
    }

    void theWindowFits() {
        QFETCH(QSize, size);
        QFETCH(int, rows);
        openAt(size);
        QStringList problems; // every one at once: they share the room
        const auto check = [&](bool ok, const QString &what) {
            if (!ok)
                problems << what;
        };

        // The frame data of the knight's attack under the Timeline: never cut.
        QLabel *frameData = mWindow->timelinePanel()->frameDataLabel();
        QVERIFY(frameData->toolTip().startsWith(QStringLiteral("startup 7")));
        const QString cut = cutLabel(frameData);
        check(cut.isEmpty(), QStringLiteral("frame data %1: %2").arg(frameData->toolTip(), cut));

        // The frame's properties: the table shows its rows without scrolling the dock.
        PropertyPanel *properties = mWindow->propertyPanel();
        QTableWidget *frameTable = properties->frameProperties()->table();
        QVERIFY(frameTable->isVisible());
        const double frameRows = visibleRows(frameTable, rowHeight(frameTable));
        check(frameRows >= rows, QStringLiteral("frame properties show %1 rows").arg(frameRows));

        // The Hits dock.
        mWindow->session()->setCurrentFrame({0, 1});
        QCoreApplication::processEvents();
        QTreeWidget *hits = mWindow->hitsPanel()->tree();
        const double hitRows = visibleRows(hits, rowHeight(hits));
        check(hitRows >= rows, QStringLiteral("hits show %1 rows").arg(hitRows));
        check(!hits->horizontalScrollBar()->isVisible(), QStringLiteral("hits scroll sideways"));

        // The Versus dock with the slime placed: both tables, no sideways scroll bar, every
        // column's header readable.
        showDock(QStringLiteral("versusDock"));
        VersusPanel *versus = mWindow->versusPanel();
        QComboBox *defender = versus->defenderCombo();
        defender->setFocus();
        QTest::keyClick(defender, Qt::Key_End); // pole/stand, then the slime's 3 frames
        QTest::keyClick(defender, Qt::Key_Up);
        QTest::keyClick(defender, Qt::Key_Up);
        QTest::keyClick(defender, Qt::Key_Up);
        QCOMPARE(defender->currentText(), QStringLiteral("slime/idle"));
        QCoreApplication::processEvents();
        for (QTableWidget *table : {versus->hitsTable(), versus->rangeTable()}) {
            const double shown = visibleRows(table, rowHeight(table));
            check(shown >= rows,
                  QStringLiteral("%1 shows %2 rows").arg(table->objectName()).arg(shown));
            check(!table->horizontalScrollBar()->isVisible(),
                  table->objectName() + QStringLiteral(" scrolls sideways"));
            const QHeaderView *header = table->horizontalHeader();
            for (int c = 0; c < table->columnCount(); ++c) {
                const QString text = table->horizontalHeaderItem(c)->text();
                const int margin =
                    2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
                check(header->fontMetrics().horizontalAdvance(text) + margin <=
                          header->sectionSize(c),
                      table->objectName() + QStringLiteral(" header cut: ") + text);
            }
        }
        // The labels over the tables are whole.
        for (QLabel *label : versus->findChildren<QLabel *>()) {
            if (label->isVisible() && !label->text().isEmpty())
                check(cutLabel(label).isEmpty(), label->text() + u' ' + cutLabel(label));
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    }
};

HITSMITH_SHELL_TEST_MAIN(TestWindowFit)
#include "tst_windowfit.moc"
