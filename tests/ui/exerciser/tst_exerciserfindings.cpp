// What the GUI exerciser found, each as a small test of its own through the real widgets:
// - an image path typed for a sprite of a document saved nowhere stayed relative in memory, so
//   saving and reopening gave another document (found by seeds 4 and 7 at 1,500 steps).

#include "shelltestsupport.h"

#include "editorsession.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "spriteproperties.h"
#include "spritespanel.h"

#include <QAction>
#include <QDir>
#include <QLineEdit>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

class TestExerciserFindings : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    Document *doc() const { return mWindow->document(); }

    static void typeInto(QLineEdit *edit, const QString &text) {
        QTest::mouseClick(edit, Qt::LeftButton);
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
        QCoreApplication::processEvents();
    }

private Q_SLOTS:
    void init() {
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

    void imageTypedForAnUnsavedDocumentIsAbsolute() {
        QVERIFY(mWindow->newDocument());
        QVERIFY(doc()->filePath().isEmpty());
        mWindow->spritesPanel()->addSpriteAction()->trigger();
        QCOMPARE(doc()->data().sprites.size(), 1);
        mWindow->session()->setEditedSprite(0);
        QLineEdit *image = mWindow->propertyPanel()->spritePage()->imageEdit();
        QVERIFY(image->isVisible());
        typeInto(image, QStringLiteral("art/hero.png"));
        // Where the canvas looks for it while the document has no folder: the working directory.
        QCOMPARE(doc()->sprite(0).image, QDir::current().absoluteFilePath("art/hero.png"));

        // Saved anywhere and reopened, it is the same document.
        const QString path = mDir.filePath(QStringLiteral("hero.json"));
        QVERIFY(mWindow->saveTo(path));
        const ReadResult reopened = loadDocumentFile(path);
        QVERIFY2(reopened.isOk(), qPrintable(reopened.error));
        QCOMPARE(reopened.document->sprites[0].image, doc()->sprite(0).image);
        QVERIFY(*reopened.document == doc()->data());

        // Once the document has a folder, a relative path is taken from there.
        typeInto(image, QStringLiteral("slime.png"));
        QCOMPARE(doc()->sprite(0).image, mDir.filePath(QStringLiteral("slime.png")));
        doc()->undoStack()->undo();
        QCOMPARE(doc()->sprite(0).image, QDir::current().absoluteFilePath("art/hero.png"));
    }
};

HITSMITH_SHELL_TEST_MAIN(TestExerciserFindings)
#include "tst_exerciserfindings.moc"
