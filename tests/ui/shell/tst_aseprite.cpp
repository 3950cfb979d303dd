// Aseprite's own files in the editor: File > Open lists them and opens one (as an import, its
// frames showing the composite picture), and a dropped .aseprite opens the same way.

#include "shelltestsupport.h"

#include "canvas.h"
#include "documentmanager.h"
#include "editorsession.h"
#include "mainwindow.h"

#include <QDragEnterEvent>
#include <QMimeData>
#include <QSettings>
#include <QTemporaryDir>
#include <QUrl>

using namespace hitsmith;
using hitsmith::test::FakePrompts;

class TestAseprite : public QObject {
    Q_OBJECT

    std::shared_ptr<FakePrompts> mPrompts;
    QTemporaryDir mDir;
    QString mFile;

    std::unique_ptr<MainWindow> makeWindow() {
        auto window = std::make_unique<MainWindow>(mPrompts);
        window->resize(1280, 900);
        window->show();
        return window;
    }
    static void closeDiscarding(MainWindow *window, FakePrompts *prompts) {
        prompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        window->close();
    }

private Q_SLOTS:
    void initTestCase() {
        const QString source = qEnvironmentVariable("HITSMITH_TEST_DATA") +
                               QStringLiteral("/aseprite/rgba-tags-slices.aseprite");
        QVERIFY2(QFileInfo::exists(source), qPrintable(source));
        mFile = mDir.filePath(QStringLiteral("fighter.aseprite"));
        QVERIFY(QFile::copy(source, mFile));
    }

    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        QSettings().clear();
    }

    void fileOpenListsAndOpensAseprite() {
        struct FilterSpy : FakePrompts {
            QString filter;
            QString openFileName(QWidget *w, const QString &c, const QString &d,
                                 const QString &f) override {
                filter = f;
                return FakePrompts::openFileName(w, c, d, f);
            }
        };
        auto spy = std::make_shared<FilterSpy>();
        MainWindow window(spy);
        window.resize(1280, 900);
        window.show();
        spy->fileNames.enqueue(mFile);
        QVERIFY(window.documents()->open());
        QVERIFY2(spy->filter.contains(QStringLiteral("*.aseprite")), qPrintable(spy->filter));
        QVERIFY2(spy->errors.isEmpty(), qPrintable(spy->errors.join(u'\n')));
        const DocumentData &data = window.session()->document()->data();
        QCOMPARE(data.sprites.size(), 2);
        QCOMPARE(data.sprites[0].name, QStringLiteral("idle"));
        QCOMPARE(window.documents()->importedFrom(), QFileInfo(mFile).absoluteFilePath());
        const FramePicture picture = window.session()->picture(window.session()->currentFrame());
        QVERIFY2(picture.isOk(), qPrintable(picture.message));
        QCOMPARE(picture.image.size(), QSize(8, 8));
        // The base layer's red at (0, 0) (composite: tst_formats_asepritefile).
        QCOMPARE(picture.image.pixel(0, 0), qRgba(255, 0, 0, 255));
        closeDiscarding(&window, spy.get());
    }

    void droppedAsepriteOpens() {
        auto window = makeWindow();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(mFile)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &drop);
        QTRY_VERIFY(!window->session()->document()->data().sprites.isEmpty());
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QCOMPARE(window->documents()->importedFrom(), QFileInfo(mFile).absoluteFilePath());
        closeDiscarding(window.get(), mPrompts.get());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestAseprite)
#include "tst_aseprite.moc"
