// Aseprite's own files in the editor: File > Open lists them and opens one (as an import, its
// frames showing the composite picture), and a dropped .aseprite opens the same way.

#include "shelltestsupport.h"

#include "canvas.h"
#include "documentmanager.h"
#include "editorsession.h"
#include "formatregistry.h"
#include "mainwindow.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QGraphicsView>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QTemporaryDir>
#include <QUrl>

using namespace hitsmith;
using hitsmith::test::FakePrompts;
using hitsmith::test::readAll;

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

    // The round trip a user makes: open the .aseprite, nudge a box with the arrow keys, File >
    // Export > Aseprite file... to a new file: the nudged slice key is in it, the other frame's
    // key and the source file are as they were.
    void exportFromTheMenuWritesTheNudgedBoxBack() {
        auto window = makeWindow();
        QVERIFY(window->openFile(mFile));
        const QByteArray sourceBytes = readAll(mFile);
        EditorSession *session = window->session();
        session->setCurrentFrame({0, 0});
        const QList<Shape> &shapes = session->document()->frame({0, 0}).shapes;
        const auto hitbox = std::find_if(shapes.begin(), shapes.end(), [](const Shape &shape) {
            return shape.id == QLatin1String("hitbox");
        });
        QVERIFY(hitbox != shapes.end());
        QCOMPARE(hitbox->center, QPointF(2.5, 4)); // the slice key (1, 2, 3, 4)
        session->setSelectedShapes({int(hitbox - shapes.begin())});
        window->canvas()->view()->setFocus();
        QTest::keyClick(window->canvas()->view(), Qt::Key_Right);
        QTest::keyClick(window->canvas()->view(), Qt::Key_Right);

        QAction *action = nullptr;
        for (QAction *top : window->menuBar()->actions())
            if (top->menu() && top->text().remove(u'&') == QLatin1String("File"))
                for (QAction *item : top->menu()->actions())
                    if (item->menu() && item->text().remove(u'&') == QLatin1String("Export"))
                        for (QAction *format : item->menu()->actions())
                            if (format->text() == QLatin1String("Aseprite file..."))
                                action = format;
        QVERIFY2(action, "no File > Export > Aseprite file...");
        const QString out = mDir.filePath(QStringLiteral("exported.aseprite"));
        mPrompts->fileNames.enqueue(out);
        action->trigger();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QVERIFY(QFileInfo::exists(out));
        QCOMPARE(readAll(mFile), sourceBytes); // the source is untouched

        const FileFormat *format =
            FormatRegistry::instance().byName(QStringLiteral("aseprite-file"));
        const ReadResult back = format->readFrom(readAll(out), out);
        QVERIFY2(back.isOk(), qPrintable(back.error));
        const auto shapeOf = [&](int frame) -> std::optional<Shape> {
            for (const Shape &shape : back.document->sprites[0].frames[frame].shapes)
                if (shape.id == QLatin1String("hitbox"))
                    return shape;
            return std::nullopt;
        };
        QVERIFY(shapeOf(0) && shapeOf(1));
        QCOMPARE(shapeOf(0)->center, QPointF(4.5, 4)); // nudged 2 px right
        QCOMPARE(shapeOf(0)->size, QSizeF(3, 4));
        QCOMPARE(shapeOf(0)->layer, QStringLiteral("attack")); // the slice's user-data text
        QCOMPARE(shapeOf(1)->center, QPointF(2.5, 4));         // the next frame was not edited
        closeDiscarding(window.get(), mPrompts.get());
    }
};

HITSMITH_SHELL_TEST_MAIN(TestAseprite)
#include "tst_aseprite.moc"
