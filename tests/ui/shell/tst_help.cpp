// The Help menu, clicked as a person does: Editor Guide shows the guide inside the editor (it
// shipped as docs/editor.md and did nothing where no program opens .md files), its links to the
// other user docs open them in the same window, and About names the version and Qt's.

#include "shelltestsupport.h"

#include "mainwindow.h"

#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTimer>

using namespace hitsmith;
using namespace hitsmith::test;

class TestHelp : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;

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
        QVERIFY2(item && item->isEnabled(), qPrintable(itemText));
        const QPoint at = menu->actionGeometry(item).center();
        QTest::mouseMove(menu, at);
        QTest::mouseClick(menu, Qt::LeftButton, {}, at);
        QTRY_VERIFY(!menu->isVisible());
    }

    // The guide's text view in a shown window other than the main window.
    static QTextBrowser *guide() {
        for (QWidget *top : QApplication::topLevelWidgets()) {
            if (!top->isVisible() || qobject_cast<MainWindow *>(top))
                continue;
            if (auto *browser = top->findChild<QTextBrowser *>())
                return browser;
        }
        return nullptr;
    }

private Q_SLOTS:
    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowActive(mWindow.get()));
    }

    void cleanup() {
        mWindow.reset();
        for (QWidget *top : QApplication::topLevelWidgets())
            top->close();
    }

    void editorGuideShowsTheGuideInside() {
        clickMenuItem(QStringLiteral("Help"), QStringLiteral("Editor Guide"));
        QTRY_VERIFY(guide());
        QTextBrowser *browser = guide();
        QTRY_VERIFY(browser->window()->isVisible());
        // The guide's own words, rendered (no Markdown marks left).
        const QString text = browser->toPlainText();
        QVERIFY2(text.contains(QStringLiteral("Start it with ./scripts/run-editor.sh")),
                 qPrintable(text.left(300)));
        QVERIFY(!text.contains(QStringLiteral("](")));
        QVERIFY(mPrompts->errors.isEmpty());

        // A link to another user doc opens it in the same window; Back returns.
        browser->setSource(QUrl(QStringLiteral("trace.md")));
        QTRY_VERIFY(browser->toPlainText().contains(QStringLiteral("Trace")));
        QVERIFY(!browser->toPlainText().contains(QStringLiteral("Start it with")));
        browser->backward();
        QVERIFY(browser->toPlainText().contains(QStringLiteral("Start it with")));

        // Asked again, the same window comes back rather than a second one.
        QWidget *first = browser->window();
        first->close();
        clickMenuItem(QStringLiteral("Help"), QStringLiteral("Editor Guide"));
        QTRY_VERIFY(guide());
        QCOMPARE(guide()->window(), first);
    }

    void linksBetweenTheDocsFollowWhenClicked() {
        clickMenuItem(QStringLiteral("Help"), QStringLiteral("Editor Guide"));
        QTRY_VERIFY(guide());
        QTextBrowser *browser = guide();
        // Every user doc the guide links to (and theirs) is shipped inside the editor: a click
        // on the link shows it.
        const QList<std::pair<QString, QString>> links{{"editor.md", "format.md"},
                                                       {"editor.md", "formats.md"},
                                                       {"editor.md", "trace.md"},
                                                       {"format.md", "collision.md"},
                                                       {"trace.md", "editor.md"}};
        for (const auto &[from, name] : links) {
            browser->setSource(QUrl(QStringLiteral("qrc:/docs/") + from));
            QTRY_COMPARE(browser->source().fileName(), from);
            const QTextCursor found = browser->document()->find(name);
            QVERIFY2(!found.isNull(), qPrintable(from + u' ' + name));
            QTextCursor inside(browser->document());
            inside.setPosition(found.selectionStart() + 2);
            browser->setTextCursor(inside);
            browser->ensureCursorVisible();
            const QPoint at = browser->cursorRect(inside).center();
            QVERIFY2(!browser->anchorAt(at).isEmpty(), qPrintable(from + u' ' + name));
            QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, at);
            QTRY_VERIFY2(browser->source().fileName() == name,
                         qPrintable(browser->source().toString() + u' ' + name));
            QVERIFY2(browser->toPlainText().size() > 500, qPrintable(name));
        }

        // A link to a heading of the same page scrolls to the heading.
        browser->setSource(QUrl(QStringLiteral("qrc:/docs/editor.md")));
        browser->verticalScrollBar()->setValue(0);
        const QTextCursor link = browser->document()->find(QStringLiteral("Properties: game data"));
        QVERIFY(!link.isNull());
        QTextCursor inside(browser->document());
        inside.setPosition(link.selectionStart() + 2);
        browser->setTextCursor(inside);
        browser->ensureCursorVisible();
        const QPoint at = browser->cursorRect(inside).center();
        QCOMPARE(browser->anchorAt(at), QStringLiteral("#properties-game-data"));
        QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, at);
        QTRY_VERIFY(browser->textCursor().block().text() ==
                    QStringLiteral("Properties: game data"));
        QVERIFY(browser->viewport()->rect().contains(browser->cursorRect().center()));
        QCOMPARE(browser->source().fileName(), QStringLiteral("editor.md"));
    }

    void aboutNamesTheVersionAndQt() {
        // Answers the About box with a real Enter once it is up (inside the menu click).
        QString text;
        QTimer poll;
        poll.setInterval(20);
        connect(&poll, &QTimer::timeout, this, [&text] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            text = box->text();
            QTest::keyClick(box, Qt::Key_Return);
        });
        poll.start();
        clickMenuItem(QStringLiteral("Help"), QStringLiteral("About"));
        QTRY_VERIFY(!text.isEmpty());
        poll.stop();
        QVERIFY2(text.contains(QStringLiteral("Version " HITSMITH_VERSION)), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())),
                 qPrintable(text));
        QTRY_VERIFY(QApplication::activeModalWidget() == nullptr);
    }
};

HITSMITH_SHELL_TEST_MAIN(TestHelp)
#include "tst_help.moc"
