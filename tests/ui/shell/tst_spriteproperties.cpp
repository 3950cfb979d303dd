// A sprite's own properties through the real widgets: click its row in the Sprites dock, type a
// name and an image path, browse for an image, undo and redo; a missing image is said so.

#include "shelltestsupport.h"

#include "canvas.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "refusalline.h"
#include "spriteproperties.h"
#include "spritespanel.h"

#include <QDir>
#include <QGraphicsView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTreeWidget>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

class TestSpriteProperties : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<FakePrompts> mPrompts;
    std::unique_ptr<MainWindow> mWindow;
    QTemporaryDir mDir;

    SpriteProperties *page() const { return mWindow->propertyPanel()->spritePage(); }
    QUndoStack *stack() const { return mWindow->document()->undoStack(); }
    const Sprite &sprite() const { return mWindow->document()->sprite(0); }

    QString copyExampleImage(const QString &relative) {
        const QString target = mDir.filePath(relative);
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::remove(target);
        if (!QFile::copy(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                             QStringLiteral("/examples/knight.png"),
                         target))
            return {};
        return target;
    }

    void clickRow(QTreeWidgetItem *item) {
        QTreeWidget *tree = mWindow->spritesPanel()->tree();
        tree->scrollToItem(item);
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {},
                          tree->visualItemRect(item).center());
    }

    static void typeInto(QLineEdit *edit, const QString &text) {
        edit->setFocus();
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    }

private Q_SLOTS:
    void init() {
        QSettings().clear(); // each test is a first start (no saved window layout)
        mPrompts = std::make_shared<FakePrompts>();
        mWindow = std::make_unique<MainWindow>(mPrompts);
        mWindow->resize(1280, 800);
        mWindow->show();
        QVERIFY(QTest::qWaitForWindowExposed(mWindow.get()));
        DocumentData data = makeDocument();
        data.sprites[0].image = QStringLiteral("hero.png"); // not there
        const QString path = mDir.filePath(QStringLiteral("hero.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(HitsmithFormat::serialize(data));
        file.close();
        QVERIFY(mWindow->openFile(path));
        QTRY_VERIFY(mWindow->spritesPanel()->tree()->topLevelItem(0));
    }

    void cleanup() {
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        mWindow->close();
        mWindow.reset();
    }

    void clickingASpriteShowsItsNameAndImage() {
        QVERIFY(!page()->isVisible()); // the first frame is shown
        clickRow(mWindow->spritesPanel()->tree()->topLevelItem(0));
        QCOMPARE(mWindow->session()->editedSprite(), 0);
        QVERIFY(page()->isVisible());
        QCOMPARE(page()->nameEdit()->text(), QStringLiteral("hero"));
        QCOMPARE(page()->imageEdit()->text(), QStringLiteral("hero.png"));
        QCOMPARE(page()->imageStatus()->text(), QStringLiteral("image not found: hero.png"));
        QVERIFY(page()->browseButton()->isVisible());

        // A frame row, or a shape on the canvas, shows their own properties again.
        clickRow(mWindow->spritesPanel()->tree()->topLevelItem(0)->child(1));
        QCOMPARE(mWindow->session()->editedSprite(), -1);
        QVERIFY(!page()->isVisible());
        QVERIFY(mWindow->propertyPanel()->frameNameEdit()->isVisible());
        clickRow(mWindow->spritesPanel()->tree()->topLevelItem(0));
        QVERIFY(page()->isVisible());
        mWindow->session()->setSelectedShapes({0});
        QVERIFY(!page()->isVisible());
        QVERIFY(mWindow->propertyPanel()->idEdit()->isVisible());
    }

    void typeANameAndAnImageThenUndoAndRedo() {
        clickRow(mWindow->spritesPanel()->tree()->topLevelItem(0));
        QVERIFY(page()->isVisible());

        typeInto(page()->nameEdit(), QStringLiteral("knight"));
        QCOMPARE(sprite().name, QStringLiteral("knight"));
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Rename sprite hero to knight"));
        QTRY_COMPARE(mWindow->spritesPanel()->tree()->topLevelItem(0)->text(0),
                     QStringLiteral("knight"));

        // A path typed relative to the document's folder; absolute in memory.
        const QString image = copyExampleImage(QStringLiteral("art/knight.png"));
        QVERIFY(!image.isEmpty());
        typeInto(page()->imageEdit(), QStringLiteral("art/knight.png"));
        QCOMPARE(sprite().image, image);
        QCOMPARE(stack()->count(), 2);
        QCOMPARE(stack()->undoText(), QStringLiteral("Set image of knight"));
        QCOMPARE(page()->imageStatus()->text(), QStringLiteral("256 × 64 px"));
        QVERIFY(mWindow->canvas()->notice().isEmpty()); // the canvas shows the image now

        stack()->undo();
        QCOMPARE(sprite().image, mDir.filePath(QStringLiteral("hero.png")));
        QCOMPARE(page()->imageEdit()->text(), QStringLiteral("hero.png"));
        QCOMPARE(page()->imageStatus()->text(), QStringLiteral("image not found: hero.png"));
        QCOMPARE(mWindow->canvas()->notice(), QStringLiteral("image not found: hero.png"));
        stack()->undo();
        QCOMPARE(sprite().name, QStringLiteral("hero"));
        QCOMPARE(page()->nameEdit()->text(), QStringLiteral("hero"));
        QVERIFY(!mWindow->document()->isModified());
        stack()->redo();
        stack()->redo();
        QCOMPARE(sprite().name, QStringLiteral("knight"));
        QCOMPARE(sprite().image, image);
        QCOMPARE(page()->imageEdit()->text(), QStringLiteral("art/knight.png"));

        // Saved relative to the document, as every image path.
        QVERIFY(mWindow->save());
        QFile saved(mDir.filePath(QStringLiteral("hero.json")));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.readAll().contains("\"art/knight.png\""));
    }

    void typeTheDefaultDurationThenUndoAndRedo() {
        clickRow(mWindow->spritesPanel()->tree()->topLevelItem(0));
        QSpinBox *box = page()->durationBox();
        QVERIFY(box->isVisible());
        QCOMPARE(sprite().duration, std::nullopt);
        QCOMPARE(box->text(), QStringLiteral("none (100 ms)"));

        box->setFocus();
        QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(box, QStringLiteral("80"));
        QTest::keyClick(box, Qt::Key_Return);
        QCOMPARE(sprite().duration, std::optional<int>(80));
        QCOMPARE(sprite().frameDuration(0), 80); // a frame without its own plays for it
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(stack()->undoText(), QStringLiteral("Set default duration of hero to 80 ms"));

        // Back to the minimum: no default set again.
        QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(box, QStringLiteral("0"));
        QTest::keyClick(box, Qt::Key_Return);
        QCOMPARE(sprite().duration, std::nullopt);
        QCOMPARE(stack()->count(), 2);
        QCOMPARE(stack()->undoText(), QStringLiteral("Clear default duration of hero"));

        stack()->undo();
        QCOMPARE(sprite().duration, std::optional<int>(80));
        QCOMPARE(box->value(), 80);
        stack()->undo();
        QCOMPARE(sprite().duration, std::nullopt);
        QCOMPARE(box->text(), QStringLiteral("none (100 ms)"));
        QCOMPARE(sprite().name, QStringLiteral("hero")); // nothing else touched
        stack()->redo();
        QCOMPARE(sprite().duration, std::optional<int>(80));
        QCOMPARE(box->value(), 80);
    }

    void browseChoosesTheImage() {
        clickRow(mWindow->spritesPanel()->tree()->topLevelItem(0));
        const QString image = copyExampleImage(QStringLiteral("sheets/hero-sheet.png"));
        QVERIFY(!image.isEmpty());
        mPrompts->fileNames.enqueue(image);
        QTest::mouseClick(page()->browseButton(), Qt::LeftButton);
        // The dialog opened in the document's folder (the old image's folder is that one).
        QCOMPARE(mPrompts->suggestedPaths.last(), mDir.path());
        QCOMPARE(sprite().image, image);
        QCOMPARE(stack()->undoText(), QStringLiteral("Set image of hero"));
        QCOMPARE(page()->imageEdit()->text(), QStringLiteral("sheets/hero-sheet.png"));

        // Cancelling the dialog changes nothing.
        QTest::mouseClick(page()->browseButton(), Qt::LeftButton);
        QCOMPARE(stack()->count(), 1);
        QCOMPARE(mPrompts->suggestedPaths.last(), QFileInfo(image).absolutePath());
    }

    void aTakenOrEmptyNameIsRefused() {
        DocumentData data = mWindow->document()->data();
        Sprite other = data.sprites[0];
        other.name = QStringLiteral("slime");
        data.sprites.append(other);
        mWindow->document()->reset(data, mWindow->document()->filePath());
        QTRY_COMPARE(mWindow->spritesPanel()->tree()->topLevelItemCount(), 2);
        clickRow(mWindow->spritesPanel()->tree()->topLevelItem(0));
        typeInto(page()->nameEdit(), QStringLiteral("slime"));
        QCOMPARE(sprite().name, QStringLiteral("hero"));
        QCOMPARE(stack()->count(), 0);
        // In place: the line under the name says why (no message box).
        QLabel *reason = page()->refusalLine();
        QVERIFY(reason->isVisible());
        QVERIFY2(reason->text().contains(QStringLiteral("\"slime\"")), qPrintable(reason->text()));
        QCOMPARE(page()->nameEdit()->text(), QStringLiteral("hero"));
        typeInto(page()->nameEdit(), QStringLiteral("  "));
        QCOMPARE(stack()->count(), 0);
        QVERIFY2(reason->text().contains(QStringLiteral("needs a name")),
                 qPrintable(reason->text()));
        QVERIFY(mPrompts->errors.isEmpty());
        typeInto(page()->nameEdit(), QStringLiteral("knight"));
        QCOMPARE(sprite().name, QStringLiteral("knight"));
        QVERIFY(!reason->isVisible()); // cleared by the rename that was taken
    }
};

HITSMITH_SHELL_TEST_MAIN(TestSpriteProperties)
#include "tst_spriteproperties.moc"
