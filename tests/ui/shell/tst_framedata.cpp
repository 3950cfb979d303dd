// The Frame Data dock and the document's tick rate in Properties (issue 42), used as a person
// does: the table of the knight (values worked out by hand: 100 ms frames are 6 ticks at 60/s),
// sorted by a click on a column's header, copied as Markdown and CSV in the order shown; the
// tick rate typed into the sprite page (one undo step) changing the table; a MUGEN character's
// action number shown in Properties.
#include "shelltestsupport.h"

#include "editorsession.h"
#include "framedatapanel.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "spriteproperties.h"
#include "timelinemodel.h"
#include "timelinepanel.h"

#include <QClipboard>
#include <QDockWidget>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

class TestFrameDataDock : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;

    FrameDataPanel *panel() const { return mWindow->findChild<FrameDataPanel *>(); }
    EditorSession *session() const { return mWindow->findChild<EditorSession *>(); }
    SpriteProperties *page() const { return mWindow->propertyPanel()->spritePage(); }

    static QString source(const QString &relative) {
        return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + u'/' + relative;
    }

    /// The table's cells as shown, row by row.
    QList<QStringList> shownCells() const {
        QList<QStringList> rows;
        const QTableWidget *table = panel()->table();
        for (int r = 0; r < table->rowCount(); ++r) {
            QStringList cells;
            for (int c = 0; c < table->columnCount(); ++c)
                cells << table->item(r, c)->text();
            rows << cells;
        }
        return rows;
    }

    int column(const QString &name) const {
        const QTableWidget *table = panel()->table();
        for (int c = 0; c < table->columnCount(); ++c)
            if (table->horizontalHeaderItem(c)->text() == name)
                return c;
        return -1;
    }

    void clickHeader(const QString &name) {
        QHeaderView *header = panel()->table()->horizontalHeader();
        const int c = column(name);
        const QPoint at(header->sectionViewportPosition(c) + header->sectionSize(c) / 2,
                        header->height() / 2);
        QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
    }

    static void typeInto(QWidget *widget, const QString &text) {
        widget->setFocus();
        QTest::keyClick(widget, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(widget, text);
        QTest::keyClick(widget, Qt::Key_Return);
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1400, 900);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        QVERIFY(mWindow->openFile(source("examples/knight.json")));
        auto *dock = mWindow->findChild<QDockWidget *>(QStringLiteral("frameDataDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QTRY_VERIFY(panel() && panel()->isVisible());
    }

    void cleanup() { mWindow.reset(); }

    void knightTableSortedAndCopied() {
        // Columns as the CLI prints them; the knight: idle 1-6, hitbox on attack-1..3 (7-24).
        const QStringList knight{"knight", "", "", "24", "7", "7-24", "18", "0",
                                 "",       "", "", "",   "",  "",     ""};
        const QStringList slime{"slime", "", "", "18", "1", "1-18", "18", "0",
                                "",      "", "", "",   "",  "",     ""};
        QTRY_COMPARE(shownCells(), (QList<QStringList>{knight, slime}));

        // A click on "startup" sorts by it, numerically: the slime (1) before the knight (7).
        clickHeader(QStringLiteral("startup"));
        QCOMPARE(panel()->table()->horizontalHeader()->sortIndicatorSection(), column("startup"));
        if (shownCells().first() != slime) // a first click may sort descending on some styles
            clickHeader(QStringLiteral("startup"));
        QCOMPARE(shownCells(), (QList<QStringList>{slime, knight}));

        // Copied in the order shown.
        QTest::mouseClick(panel()->copyMarkdownButton(), Qt::LeftButton);
        QCOMPARE(
            QGuiApplication::clipboard()->text(),
            QStringLiteral("| sprite | action | hit | total | startup | active | active_text "
                           "| recovery | damage | hitstun | blockstun | hitstop | on_hit | "
                           "on_block | notes |\n"
                           "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
                           "| slime |  |  | 18 | 1 | 1-18 | 18 | 0 |  |  |  |  |  |  |  |\n"
                           "| knight |  |  | 24 | 7 | 7-24 | 18 | 0 |  |  |  |  |  |  |  |\n"));
        QTest::mouseClick(panel()->copyCsvButton(), Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(),
                 QStringLiteral("sprite,action,hit,total,startup,active,active_text,recovery,"
                                "damage,hitstun,blockstun,hitstop,on_hit,on_block,notes\r\n"
                                "slime,,,18,1,1-18,18,0,,,,,,,\r\n"
                                "knight,,,24,7,7-24,18,0,,,,,,,\r\n"));
    }

    void tickRateTypedInProperties() {
        session()->setEditedSprite(0);
        QTRY_VERIFY(page()->isVisible());
        QCOMPARE(page()->tickRateBox()->value(), 60);
        QVERIFY(!page()->actionLabel()->isVisible()); // not a MUGEN sprite
        typeInto(page()->tickRateBox(), QStringLiteral("30"));
        QCOMPARE(mWindow->document()->data().tickRate, 30);
        QCOMPARE(mWindow->document()->undoStack()->undoText(),
                 QStringLiteral("Set tick rate to 30 ticks/s"));
        // 100 ms is 3 ticks at 30/s: the knight 1-3, then 4-12.
        QTRY_COMPARE(shownCells().value(0).mid(0, 8),
                     (QStringList{"knight", "", "", "12", "4", "4-12", "9", "0"}));
        mWindow->document()->undoStack()->undo();
        QTRY_COMPARE(page()->tickRateBox()->value(), 60);
        QTRY_COMPARE(shownCells().value(0).value(3), QStringLiteral("24"));
    }

    void mugenActionInProperties() {
        QVERIFY(mWindow->openFile(source("examples/mugen/hitsmith-kid.def")));
        const QList<Sprite> &sprites = mWindow->document()->data().sprites;
        int punch = -1;
        for (int s = 0; s < sprites.size(); ++s)
            if (sprites[s].name == QStringLiteral("200 Punch"))
                punch = s;
        QVERIFY(punch >= 0);
        session()->setEditedSprite(punch);
        QTRY_VERIFY(page()->actionLabel()->isVisible());
        QCOMPARE(page()->actionLabel()->text(), QStringLiteral("200"));
        // The Timeline shows the elements' times in ticks (3, 4 and 5 in the .air), and the
        // frame data line counts them: Clsn1 on the second element, ticks 4 to 7.
        session()->setCurrentFrame({punch, 0});
        TimelineModel *model = mWindow->timelinePanel()->model();
        QTRY_COMPARE(model->rowCount(), 3);
        QCOMPARE(model->index(0).data(TimelineModel::TicksTextRole).toString(),
                 QStringLiteral("3 ticks"));
        QCOMPARE(model->index(1).data(TimelineModel::TicksTextRole).toString(),
                 QStringLiteral("4 ticks"));
        QCOMPARE(model->index(2).data(TimelineModel::TicksTextRole).toString(),
                 QStringLiteral("5 ticks"));
        QVERIFY2(mWindow->timelinePanel()->frameDataLabel()->toolTip().startsWith(
                     QStringLiteral("startup 4 (50 ms) · active 4 (67 ms) · recovery 5 (83 ms)")),
                 qPrintable(mWindow->timelinePanel()->frameDataLabel()->toolTip()));
        // The table names the action.
        QTRY_VERIFY(!shownCells().isEmpty());
        bool found = false;
        for (const QStringList &row : shownCells())
            found = found || (row.value(0) == QStringLiteral("200 Punch") && row.value(1) == "200");
        QVERIFY(found);
    }
};

HITSMITH_SHELL_TEST_MAIN(TestFrameDataDock)
#include "tst_framedata.moc"
