// A MUGEN character in the editor, as a user meets it: File > Open and drag and drop of its .def,
// each element's sprite on the canvas about the axis with its offset and flip, blank and missing
// sprites named in the status line, the palette chooser redrawing canvas and Timeline without an
// undo step, and Save never writing the character's art.

#include "shelltestsupport.h"

#include "canvas.h"
#include "documentmanager.h"
#include "editorsession.h"
#include "formatregistry.h"
#include "layerspanel.h"
#include "mainwindow.h"
#include "mugencharacter.h"
#include "onionlayer.h"
#include "palettechooser.h"
#include "propertypanel.h"
#include "spriteproperties.h"
#include "spritespanel.h"
#include "timelinemodel.h"
#include "timelinepanel.h"
#include "tracedialog.h"

#include <QComboBox>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QGraphicsView>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>

using namespace hitsmith;
using namespace hitsmith::test;

namespace {

constexpr double kZoom = 4.0;

/// Every file under dir with its SHA-1, to see that nothing was written.
QMap<QString, QByteArray> fingerprints(const QString &dir) {
    QMap<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        out.insert(path, QCryptographicHash::hash(readAll(path), QCryptographicHash::Sha1));
    }
    return out;
}

/// A menu bar action by its menu's and its own text ("&File", "&Open...").
QAction *menuAction(QMainWindow *window, const QString &menu, const QString &text) {
    for (QAction *top : window->menuBar()->actions()) {
        if (top->text() != menu || !top->menu())
            continue;
        for (QAction *action : top->menu()->actions()) {
            if (action->text() == text)
                return action;
        }
    }
    return nullptr;
}

int spriteNamed(const Document *document, const QString &name) {
    return int(document->data().indexOfSprite(name));
}

} // namespace

class TestMugen : public QObject {
    Q_OBJECT

private:
    QTemporaryDir mDir;
    std::shared_ptr<FakePrompts> mPrompts;
    QString mDef; // the copied example character's .def

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

    /// Opens the .def through File > Open, the file dialog answered with it.
    static bool openThroughMenu(MainWindow *window, FakePrompts *prompts, const QString &path) {
        QAction *open = menuAction(window, QStringLiteral("&File"), QStringLiteral("&Open..."));
        if (!open)
            return false;
        prompts->fileNames.enqueue(path);
        open->trigger();
        return !window->document()->data().sprites.isEmpty();
    }

    /// Hides every layer so the canvas shows the sprite's own pixels.
    static void hideShapes(MainWindow *window) {
        auto *layers = window->findChild<LayersPanel *>();
        QVERIFY(layers);
        for (const QString &layer : window->document()->data().layerNames())
            layers->setLayerVisible(layer, false);
    }

    /// Shows a frame at kZoom with the axis in the middle of the view.
    static QImage grabFrame(MainWindow *window, FrameRef frame) {
        window->session()->setCurrentFrame(frame);
        Canvas *canvas = window->canvas();
        canvas->setZoom(kZoom);
        canvas->view()->centerOn(QPointF(0, -40));
        QCoreApplication::processEvents();
        return canvas->view()->viewport()->grab().toImage();
    }

    /// Compares every opaque pixel of sprite (group, number) drawn with palette, placed as the
    /// engine places it (axis at the origin, then the offset; a flip mirrors about the axis),
    /// with the canvas shot. Returns how many pixels were compared (and fails on a mismatch).
    static int compareSprite(MainWindow *window, const QImage &shot, int group, int number,
                             QPoint offset, bool flipH, bool flipV, int palette,
                             bool quiet = false) {
        const auto character = art::MugenCharacter::open(
            window->document()->sprite(window->session()->currentFrame().sprite).image);
        const art::SffImage sprite = character->sprite(group, number, palette);
        if (!sprite.isOk()) {
            qWarning() << "no sprite" << group << number << sprite.error;
            return -1;
        }
        const QImage image = sprite.image.convertToFormat(QImage::Format_ARGB32);
        const QPoint axis = sprite.axis;
        QGraphicsView *view = window->canvas()->view();
        int compared = 0;
        for (int r = 0; r < image.height(); ++r) {
            for (int c = 0; c < image.width(); ++c) {
                const QColor expected = image.pixelColor(c, r);
                if (expected.alpha() != 255)
                    continue;
                const double x = (flipH ? axis.x() - 1 - c : c - axis.x()) + offset.x();
                const double y = (flipV ? axis.y() - 1 - r : r - axis.y()) + offset.y();
                if (std::abs(x) < 4 && std::abs(y) < 4)
                    continue; // the origin's cross is drawn over the axis
                const QPoint at = view->mapFromScene(QPointF(x + 0.5, y + 0.5));
                if (!shot.rect().contains(at))
                    continue;
                if (shot.pixelColor(at) != expected) {
                    if (!quiet)
                        qWarning()
                            << "sprite" << group << number << "pixel" << c << r << "at frame" << x
                            << y << "is" << shot.pixelColor(at) << "expected" << expected;
                    return -1;
                }
                ++compared;
            }
        }
        return compared;
    }

private Q_SLOTS:
    void initTestCase() {
        // A copy of the bundled example character: tests may add files beside it, and the
        // fingerprints show that nothing of it is ever written.
        const QString source =
            qEnvironmentVariable("HITSMITH_SOURCE_DIR") + QStringLiteral("/examples/mugen");
        QVERIFY2(QFileInfo::exists(source), qPrintable(source));
        QDirIterator it(source, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString target = mDir.filePath(QDir(source).relativeFilePath(path));
            QDir().mkpath(QFileInfo(target).absolutePath());
            QVERIFY(QFile::copy(path, target));
        }
        mDef = mDir.filePath(QStringLiteral("hitsmith-kid.def"));
        QVERIFY(QFileInfo::exists(mDef));
    }

    void init() {
        mPrompts = std::make_shared<FakePrompts>();
        QSettings().clear();
    }

    void fileOpenListsCharactersAndShowsEachElementAsTheEngineDraws() {
        auto window = makeWindow();
        QAction *open =
            menuAction(window.get(), QStringLiteral("&File"), QStringLiteral("&Open..."));
        QVERIFY(open);
        mPrompts->fileNames.enqueue(mDef);
        // The real dialog's filter: ask the manager through the same prompt and look at it.
        struct FilterSpy : FakePrompts {
            QString filter;
            QString openFileName(QWidget *w, const QString &c, const QString &d,
                                 const QString &f) override {
                filter = f;
                return FakePrompts::openFileName(w, c, d, f);
            }
        };
        auto spy = std::make_shared<FilterSpy>();
        {
            MainWindow probe(spy);
            spy->fileNames.enqueue(mDef);
            QVERIFY(probe.documents()->open());
            QVERIFY2(spy->filter.contains(QStringLiteral("*.def")), qPrintable(spy->filter));
            QVERIFY(spy->errors.isEmpty());
            closeDiscarding(&probe, spy.get());
        }

        open->trigger();
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        Document *document = window->document();
        QVERIFY(!document->data().sprites.isEmpty());
        QCOMPARE(window->documents()->importedFrom(), QFileInfo(mDef).absoluteFilePath());
        QVERIFY(window->windowTitle().contains(QStringLiteral("hitsmith-kid.def")));
        hideShapes(window.get());

        // Action 200, element 2: sprite 200,1 pushed 4 pixels forward.
        const int punch = spriteNamed(document, QStringLiteral("200 Punch"));
        QVERIFY(punch >= 0);
        QImage shot = grabFrame(window.get(), {punch, 1});
        QVERIFY(window->canvas()->picture().isOk());
        int compared = compareSprite(window.get(), shot, 200, 1, {4, 0}, false, false, 1);
        QVERIFY2(compared > 100, qPrintable(QString::number(compared)));

        // Action 5000: the same sprite unflipped, H, V and VH, each with its offset.
        const int hurt = spriteNamed(document, QStringLiteral("5000 Hurt"));
        QVERIFY(hurt >= 0);
        const struct {
            QPoint offset;
            bool h, v;
        } elements[] = {{{0, 0}, false, false},
                        {{3, -2}, true, false},
                        {{-2, 5}, false, true},
                        {{6, -4}, true, true}};
        for (int e = 0; e < 4; ++e) {
            shot = grabFrame(window.get(), {hurt, e});
            compared = compareSprite(window.get(), shot, 5000, 0, elements[e].offset, elements[e].h,
                                     elements[e].v, 1);
            QVERIFY2(compared > 100,
                     qPrintable(QStringLiteral("element %1: %2").arg(e).arg(compared)));
        }

        // The fifth element is blank: nothing drawn, said in the status line.
        window->session()->setCurrentFrame({hurt, 4});
        QCoreApplication::processEvents();
        QCOMPARE(window->canvas()->picture().status, PictureStatus::Blank);
        auto *status = window->findChild<QLabel *>(QStringLiteral("validationMessage"));
        QVERIFY(status);
        QVERIFY2(status->text().startsWith(QStringLiteral("Frame 5: blank element")),
                 qPrintable(status->text()));
        // Only the layer toggles went on the undo stack.
        QCOMPARE(document->undoStack()->count(), document->data().layerNames().size());
        closeDiscarding(window.get(), mPrompts.get());
    }

    void missingSpriteIsNamedInTheStatusLine() {
        // The same character with an .air whose action names a sprite the .sff lacks.
        const QString air = mDir.filePath(QStringLiteral("missing.air"));
        QFile out(air);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write("[Begin Action 0]\r\n0,0, 0,0, 5\r\n200,9, 0,0, 5\r\n");
        out.close();
        QByteArray def = readAll(mDef);
        def.replace("Hitsmith-Kid.AIR", "missing.air");
        const QString missingDef = mDir.filePath(QStringLiteral("missing.def"));
        QFile defFile(missingDef);
        QVERIFY(defFile.open(QIODevice::WriteOnly));
        defFile.write(def);
        defFile.close();

        auto window = makeWindow();
        QVERIFY(openThroughMenu(window.get(), mPrompts.get(), missingDef));
        window->session()->setCurrentFrame({0, 1});
        QCoreApplication::processEvents();
        QCOMPARE(window->canvas()->picture().status, PictureStatus::SpriteMissing);
        auto *status = window->findChild<QLabel *>(QStringLiteral("validationMessage"));
        QVERIFY2(status->text().startsWith(QStringLiteral("Frame 2: sprite 200,9 is not in ")),
                 qPrintable(status->text()));
        // Its Timeline thumbnail is marked too (a red cross above the axis).
        const QImage thumbnail = window->findChild<TimelinePanel *>()
                                     ->model()
                                     ->index(1)
                                     .data(Qt::DecorationRole)
                                     .value<QPixmap>()
                                     .toImage();
        bool red = false;
        for (int y = 0; y < thumbnail.height() && !red; ++y)
            for (int x = 0; x < thumbnail.width() && !red; ++x)
                red = thumbnail.pixelColor(x, y).red() > 200 &&
                      thumbnail.pixelColor(x, y).green() < 130;
        QVERIFY(red);
        window->session()->setCurrentFrame({0, 0});
        QCoreApplication::processEvents();
        QCOMPARE(window->canvas()->picture().status, PictureStatus::Ok);
        QVERIFY2(status->text().isEmpty(), qPrintable(status->text()));
        closeDiscarding(window.get(), mPrompts.get());
    }

    void paletteChooserRedrawsCanvasAndTimelineWithoutAnEdit() {
        auto window = makeWindow();
        QVERIFY(openThroughMenu(window.get(), mPrompts.get(), mDef));
        hideShapes(window.get());
        const int undoSteps = document(window)->undoStack()->count();
        auto *chooser = window->findChild<PaletteChooser *>(QStringLiteral("paletteChooser"));
        QVERIFY(chooser);
        QVERIFY(chooser->isUseful());
        QCoreApplication::processEvents(); // the toolbar shows its widget action on the next pass
        QVERIFY(chooser->isVisible());
        QVERIFY(chooser->count() >= 3); // pal1, pal2 and the sprites' own
        QCOMPARE(chooser->currentData().toInt(), 1);

        const int punch = spriteNamed(document(window), QStringLiteral("200 Punch"));
        QImage shot = grabFrame(window.get(), {punch, 0});
        QVERIFY(compareSprite(window.get(), shot, 200, 0, {0, 0}, false, false, 1) > 100);
        TimelineModel *timeline = window->findChild<TimelinePanel *>()->model();
        const QImage thumbnailBefore =
            timeline->index(0).data(Qt::DecorationRole).value<QPixmap>().toImage();

        // The real combo, by keyboard: the next entry is pal2.
        chooser->setFocus();
        QTest::keyClick(chooser, Qt::Key_Down);
        QCOMPARE(chooser->currentData().toInt(), 2);
        QCOMPARE(window->session()->palette(), 2);
        shot = grabFrame(window.get(), {punch, 0});
        QVERIFY(compareSprite(window.get(), shot, 200, 0, {0, 0}, false, false, 2) > 100);
        // The colours did change (else the comparison above proves nothing).
        QVERIFY(compareSprite(window.get(), shot, 200, 0, {0, 0}, false, false, 1, true) < 0);
        const QImage thumbnailAfter =
            timeline->index(0).data(Qt::DecorationRole).value<QPixmap>().toImage();
        QVERIFY(thumbnailAfter != thumbnailBefore);
        // A view setting: no undo step, the document stays as it was.
        QCOMPARE(document(window)->undoStack()->count(), undoSteps);
        // View > Palette offers the same choice.
        QAction *palette =
            menuAction(window.get(), QStringLiteral("&View"), QStringLiteral("&Palette"));
        QVERIFY(palette && palette->menu() && palette->isEnabled());
        QAction *own = palette->menu()->findChild<QAction *>(QStringLiteral("paletteAction0"));
        QVERIFY(own && !own->isChecked());
        own->trigger();
        QCOMPARE(window->session()->palette(), 0);
        QCOMPARE(chooser->currentData().toInt(), 0);
        QVERIFY(own->isChecked());
        QCOMPARE(document(window)->undoStack()->count(), undoSteps);
        // A document without MUGEN art has no palette: the chooser leaves the toolbar.
        mPrompts->unsavedAnswers.enqueue(Prompts::UnsavedAnswer::Discard);
        QVERIFY(window->documents()->newDocument());
        QVERIFY(!window->findChild<PaletteChooser *>(QStringLiteral("paletteChooser")));
        QVERIFY(!chooser->isVisible());
        QVERIFY(!palette->isEnabled());
        QVERIFY(openThroughMenu(window.get(), mPrompts.get(), mDef));
        QCOMPARE(window->findChild<PaletteChooser *>(QStringLiteral("paletteChooser")), chooser);
        QCOMPARE(window->session()->palette(), 1); // each character opens with its first
        closeDiscarding(window.get(), mPrompts.get());
    }

    void onionSkinImagesSitWhereTheirElementsAre() {
        auto window = makeWindow();
        QVERIFY(openThroughMenu(window.get(), mPrompts.get(), mDef));
        auto *onion = window->findChild<OnionLayer *>();
        QVERIFY(onion);
        onion->setEnabled(true);
        onion->setShowsImages(true);
        const int hurt = spriteNamed(document(window), QStringLiteral("5000 Hurt"));
        window->session()->setCurrentFrame({hurt, 0});
        QCoreApplication::processEvents();
        const auto ghosts = onion->ghosts();
        const auto next = std::find_if(ghosts.begin(), ghosts.end(),
                                       [](const OnionLayer::Ghost &g) { return g.offset == 1; });
        QVERIFY(next != ghosts.end());
        const FramePicture picture = window->session()->picture({hurt, 1});
        QVERIFY(picture.isOk());
        QCOMPARE(next->imageAt, picture.position); // same axis: no shift between elements
        QCOMPARE(next->image.size(), picture.image.size());
        onion->setEnabled(false);
        closeDiscarding(window.get(), mPrompts.get());
    }

    void traceLandsWhereTheSpriteIsDrawn() {
        auto window = makeWindow();
        QVERIFY(openThroughMenu(window.get(), mPrompts.get(), mDef));
        const int hurt = spriteNamed(document(window), QStringLiteral("5000 Hurt"));
        window->session()->setCurrentFrame({hurt, 1}); // flipped H, offset 3,-2
        QCoreApplication::processEvents();             // the Sprites panel rebuilds deferred
        const FramePicture picture = window->session()->picture({hurt, 1});
        QVERIFY(picture.isOk());
        auto *sprites = window->findChild<SpritesPanel *>();
        QVERIFY(sprites && sprites->traceAction()->isEnabled());
        bool traced = false;
        QTimer::singleShot(0, this, [&] {
            auto *open = qobject_cast<TraceDialog *>(QApplication::activeModalWidget());
            if (!open)
                return;
            traced = open->previewPieceCount() > 0;
            open->layerBox()->setCurrentText(QStringLiteral("traced"));
            QTest::keyClick(open, Qt::Key_Return);
        });
        sprites->traceAction()->trigger();
        QVERIFY(traced);
        // The traced outline covers the sprite's opaque pixels where the canvas draws them.
        QRectF opaque;
        for (int y = 0; y < picture.image.height(); ++y)
            for (int x = 0; x < picture.image.width(); ++x)
                if (qAlpha(picture.image.pixel(x, y)) > 0)
                    opaque |= QRectF(picture.position + QPointF(x, y), QSizeF(1, 1));
        QRectF shapes;
        for (const Shape &shape : document(window)->frame({hurt, 1}).shapes)
            if (shape.layer == QStringLiteral("traced"))
                shapes |= shape.boundingRect();
        QVERIFY(!opaque.isEmpty());
        // Within the opaque pixels (give or take the simplification), and most of them: the
        // sprite's lone corner pixels may be left out.
        const double slack = 1.5;
        QVERIFY2(opaque.adjusted(-slack, -slack, slack, slack).contains(shapes) &&
                     shapes.width() * shapes.height() >= 0.8 * opaque.width() * opaque.height(),
                 qPrintable(QStringLiteral("traced %1,%2 %3x%4; sprite %5,%6 %7x%8")
                                .arg(shapes.x())
                                .arg(shapes.y())
                                .arg(shapes.width())
                                .arg(shapes.height())
                                .arg(opaque.x())
                                .arg(opaque.y())
                                .arg(opaque.width())
                                .arg(opaque.height())));
        closeDiscarding(window.get(), mPrompts.get());
    }

    void droppedDefOpens() {
        auto window = makeWindow();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(mDef)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QCoreApplication::sendEvent(window.get(), &drop);
        // The drop is opened once the drop event has returned (no question inside it).
        QTRY_VERIFY(!document(window)->data().sprites.isEmpty());
        QVERIFY2(mPrompts->errors.isEmpty(), qPrintable(mPrompts->errors.join(u'\n')));
        QCOMPARE(window->documents()->importedFrom(), QFileInfo(mDef).absoluteFilePath());
        QVERIFY(window->session()->picture(window->session()->currentFrame()).isMugen);
        // Its sprite's row in the Sprites dock: the properties name the character's art.
        QTreeWidget *tree = window->spritesPanel()->tree();
        QTRY_VERIFY(tree->topLevelItem(0));
        tree->scrollToItem(tree->topLevelItem(0));
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {},
                          tree->visualItemRect(tree->topLevelItem(0)).center());
        const QString status = window->propertyPanel()->spritePage()->imageStatus()->text();
        QVERIFY2(status.startsWith(QStringLiteral("MUGEN character: hitsmith-kid.sff, SFF 1.01")),
                 qPrintable(status));
        closeDiscarding(window.get(), mPrompts.get());
    }

    void saveNeverWritesTheCharactersFiles() {
        const QMap<QString, QByteArray> before = fingerprints(mDir.path());
        auto window = makeWindow();
        QVERIFY(openThroughMenu(window.get(), mPrompts.get(), mDef));
        DocumentManager *files = window->documents();
        // Save asks for a name; each of the character's files is refused, whatever its case.
        for (const QString &name :
             {QStringLiteral("hitsmith-kid.def"), QStringLiteral("hitsmith-kid.sff"),
              QStringLiteral("hitsmith-kid.air"), QStringLiteral("palettes/kid1.act"),
              QStringLiteral("other.sff")}) {
            mPrompts->errors.clear();
            mPrompts->fileNames.enqueue(mDir.filePath(name));
            QVERIFY2(!files->save(), qPrintable(name));
            QCOMPARE(mPrompts->errors.size(), 1);
        }
        QVERIFY(!QFileInfo::exists(mDir.filePath(QStringLiteral("other.sff"))));
        // Exporting .air over the character's .air stays possible; .sff, .def and .act never.
        mPrompts->errors.clear();
        QVERIFY(!files->exportFile(mDir.filePath(QStringLiteral("kid.act")),
                                   FormatRegistry::instance().byName(QStringLiteral("air"))));
        QCOMPARE(mPrompts->errors.size(), 1);
        QCOMPARE(fingerprints(mDir.path()), before);
        // Saved as a Hitsmith document beside it, the sprites still show the character.
        const QString saved = mDir.filePath(QStringLiteral("kid.hitsmith.json"));
        mPrompts->fileNames.enqueue(saved);
        QVERIFY(files->save());
        QCOMPARE(document(window)->filePath(), saved);
        QVERIFY(window->openFile(saved));
        QVERIFY(window->session()->picture({0, 0}).isOk());
        QFile::remove(saved);
        QCOMPARE(fingerprints(mDir.path()), before);
        closeDiscarding(window.get(), mPrompts.get());
    }

private:
    static Document *document(const std::unique_ptr<MainWindow> &window) {
        return window->document();
    }
};

HITSMITH_SHELL_TEST_MAIN(TestMugen)
#include "tst_mugen.moc"
