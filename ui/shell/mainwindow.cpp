#include "mainwindow.h"

#include "autosaver.h"
#include "canvas.h"
#include "editorsession.h"
#include "fileio.h"
#include "formatregistry.h"
#include "formatsniffer.h"
#include "hitsmithformat.h"
#include "hitspanel.h"
#include "imagepaths.h"
#include "layerchooser.h"
#include "layerspanel.h"
#include "prompts.h"
#include "propertypanel.h"
#include "shapespanel.h"
#include "spritespanel.h"
#include "structurecommands.h"
#include "validation.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QImageReader>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUndoView>
#include <QUrl>

namespace hitsmith {

namespace {

const QString kRecentFilesKey = QStringLiteral("recentFiles");
const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
const QString kLastDirKey = QStringLiteral("lastDirectory");

QString nativeFilter() {
    const QStringList extensions = HitsmithFormat().extensions();
    QStringList patterns;
    for (const QString &extension : extensions)
        patterns.append(QStringLiteral("*.") + extension);
    return QCoreApplication::translate("MainWindow", "Hitsmith documents (%1)")
               .arg(patterns.join(u' ')) +
           QStringLiteral(";;") + QCoreApplication::translate("MainWindow", "All files (*)");
}

QString formatFilter(const FileFormat *format) {
    QStringList patterns;
    for (const QString &extension : format->extensions())
        patterns.append(QStringLiteral("*.") + extension);
    return QStringLiteral("%1 (%2)").arg(format->displayName(), patterns.join(u' '));
}

bool isPng(const QString &path) {
    return path.endsWith(QStringLiteral(".png"), Qt::CaseInsensitive);
}

QStringList droppedFiles(const QMimeData *mime) {
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &url : mime->urls()) {
        if (url.isLocalFile())
            files.append(url.toLocalFile());
    }
    return files;
}

} // namespace

MainWindow::MainWindow(std::shared_ptr<Prompts> prompts, QWidget *parent)
    : QMainWindow(parent)
    , mPrompts(prompts ? std::move(prompts) : std::make_shared<Prompts>())
    , mSession(new EditorSession(this))
    , mAutosaver(new Autosaver(mSession->document(), this))
    , mCursorLabel(new QLabel(this))
    , mZoomLabel(new QLabel(this))
    , mMessageLabel(new QLabel(this)) {
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);

    setCentralWidget(createCentralWidget());
    createDocks();
    createActions();
    createMenus();
    connectCanvas();
    // Steps from before a Save As into another folder bring back image paths relative to the
    // old folder: re-anchor them after every undo/redo (no undo step of its own).
    connect(document()->undoStack(), &QUndoStack::indexChanged, this,
            &MainWindow::reanchorImagePaths);
    connect(document(), &Document::changed, this, [this](const DocumentChange &change) {
        if (change.kind == DocumentChange::Kind::Reset)
            mFormerDirectories.clear(); // a new history: no old steps to re-anchor
    });

    mMessageLabel->setObjectName(QStringLiteral("validationMessage"));
    mCursorLabel->setObjectName(QStringLiteral("cursorPosition"));
    mZoomLabel->setObjectName(QStringLiteral("zoomLevel"));
    mCursorLabel->setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("00000.0, 00000.0 px")));
    statusBar()->addWidget(mMessageLabel, 1);
    statusBar()->addPermanentWidget(mCursorLabel);
    statusBar()->addPermanentWidget(mZoomLabel);

    Document *doc = mSession->document();
    connect(doc, &Document::modifiedChanged, this, &MainWindow::setWindowModified);
    connect(doc, &Document::filePathChanged, this, &MainWindow::updateWindowTitle);
    connect(mSession, &EditorSession::selectionChanged, this, &MainWindow::updateValidationMessage);
    connect(doc, &Document::changed, this, [this](const DocumentChange &change) {
        if (change.kind == DocumentChange::Kind::ShapeChanged &&
            mSession->selectedShapes().contains(change.shape))
            updateValidationMessage();
    });
    connect(mAutosaver, &Autosaver::autosaveFailed, this, [this](const QString &message) {
        // Not modal: a failing disk must not interrupt the user every minute.
        statusBar()->showMessage(tr("Autosave failed: %1").arg(message), 10000);
    });
    updateWindowTitle();
    readSettings();
}

MainWindow::~MainWindow() = default;

Document *MainWindow::document() const {
    return mSession->document();
}

Canvas *MainWindow::canvas() const {
    return mCanvas;
}

QWidget *MainWindow::createCentralWidget() {
    mCanvas = new Canvas(mSession, this);
    mCanvas->setObjectName(QStringLiteral("canvas"));
    return mCanvas;
}

QDockWidget *MainWindow::addPanel(QWidget *panel, const QString &title, const QString &objectName,
                                  Qt::DockWidgetArea area) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(objectName); // saveState() needs it
    dock->setWidget(panel);
    addDockWidget(area, dock);
    mDocks.append(dock);
    return dock;
}

void MainWindow::createDocks() {
    mSpritesPanel = new SpritesPanel(mSession, mPrompts.get(), this);
    mShapesPanel = new ShapesPanel(mSession, this);
    mPropertyPanel = new PropertyPanel(mSession, mPrompts.get(), this);
    mHitsPanel = new HitsPanel(mSession, this);
    mLayersPanel = new LayersPanel(mSession, mPrompts.get(), this);
    mUndoView = new QUndoView(document()->undoStack(), this);
    mUndoView->setEmptyLabel(tr("<original>"));
    mUndoView->setObjectName(QStringLiteral("undoView"));

    QDockWidget *sprites = addPanel(mSpritesPanel, tr("Sprites"), QStringLiteral("spritesDock"),
                                    Qt::LeftDockWidgetArea);
    QDockWidget *shapes =
        addPanel(mShapesPanel, tr("Shapes"), QStringLiteral("shapesDock"), Qt::LeftDockWidgetArea);
    QDockWidget *layers =
        addPanel(mLayersPanel, tr("Layers"), QStringLiteral("layersDock"), Qt::LeftDockWidgetArea);
    QDockWidget *properties = addPanel(mPropertyPanel, tr("Properties"),
                                       QStringLiteral("propertiesDock"), Qt::RightDockWidgetArea);
    QDockWidget *hits =
        addPanel(mHitsPanel, tr("Hits"), QStringLiteral("hitsDock"), Qt::RightDockWidgetArea);
    QDockWidget *history =
        addPanel(mUndoView, tr("History"), QStringLiteral("historyDock"), Qt::RightDockWidgetArea);
    Q_UNUSED(sprites)
    Q_UNUSED(properties)
    tabifyDockWidget(shapes, layers);
    shapes->raise();
    tabifyDockWidget(hits, history);
    hits->raise();

    connect(mSpritesPanel, &SpritesPanel::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });
}

void MainWindow::createActions() {
    mNewAction = new QAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New"), this);
    mNewAction->setShortcuts(QKeySequence::New);
    connect(mNewAction, &QAction::triggered, this, &MainWindow::newDocument);

    mOpenAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open..."), this);
    mOpenAction->setShortcuts(QKeySequence::Open);
    connect(mOpenAction, &QAction::triggered, this, [this] {
        QString filter = nativeFilter();
        for (const FileFormat *format : FormatRegistry::instance().formats()) {
            if ((format->capabilities() & FileFormat::CanRead) &&
                format->name() != HitsmithFormat().name())
                filter += QStringLiteral(";;") + formatFilter(format);
        }
        const QString path =
            mPrompts->openFileName(this, tr("Open Document"), startDirectory(), filter);
        if (!path.isEmpty())
            openFile(path);
    });

    mSaveAction = new QAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this);
    mSaveAction->setShortcuts(QKeySequence::Save);
    connect(mSaveAction, &QAction::triggered, this, &MainWindow::save);

    mSaveAsAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("Save &As..."), this);
    mSaveAsAction->setShortcuts(QKeySequence::SaveAs);
    connect(mSaveAsAction, &QAction::triggered, this, &MainWindow::saveAs);

    mAddPngAction = new QAction(QIcon::fromTheme(QStringLiteral("insert-image")),
                                tr("Add Sprite from &PNG..."), this);
    connect(mAddPngAction, &QAction::triggered, this, [this] {
        const QStringList paths = mPrompts->openFileNames(
            this, tr("Add Sprite from PNG"), startDirectory(), tr("PNG images (*.png)"));
        if (!paths.isEmpty())
            addSpritesFromImages(paths);
    });

    mQuitAction =
        new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this);
    mQuitAction->setShortcuts(QKeySequence::Quit);
    mQuitAction->setMenuRole(QAction::QuitRole);
    // Each window asks about its own unsaved changes; any Cancel stops the quit.
    connect(mQuitAction, &QAction::triggered, qApp, &QApplication::closeAllWindows,
            Qt::QueuedConnection);

    QUndoStack *stack = document()->undoStack();
    mUndoAction = stack->createUndoAction(this, tr("&Undo"));
    mUndoAction->setShortcuts(QKeySequence::Undo);
    mUndoAction->setIcon(QIcon::fromTheme(QStringLiteral("edit-undo")));
    mRedoAction = stack->createRedoAction(this, tr("&Redo"));
    mRedoAction->setShortcuts(QKeySequence::Redo);
    mRedoAction->setIcon(QIcon::fromTheme(QStringLiteral("edit-redo")));
}

void MainWindow::createMenus() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(mNewAction);
    file->addAction(mOpenAction);
    mRecentMenu = file->addMenu(tr("Open &Recent"));
    mRecentMenu->setObjectName(QStringLiteral("recentFilesMenu"));
    connect(mRecentMenu, &QMenu::aboutToShow, this, &MainWindow::updateRecentFilesMenu);
    updateRecentFilesMenu();
    file->addAction(mSaveAction);
    file->addAction(mSaveAsAction);
    file->addSeparator();

    QMenu *importMenu = file->addMenu(tr("&Import"));
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    for (const FileFormat *format : FormatRegistry::instance().formats()) {
        if (format->name() == HitsmithFormat().name())
            continue; // the native format is Open/Save
        if (format->capabilities() & FileFormat::CanRead) {
            importMenu->addAction(tr("%1...").arg(format->displayName()), this, [this, format] {
                const QString path =
                    mPrompts->openFileName(this, tr("Import %1").arg(format->displayName()),
                                           startDirectory(), formatFilter(format));
                if (!path.isEmpty())
                    importFile(path, format);
            });
        }
        if (format->capabilities() & FileFormat::CanWrite) {
            exportMenu->addAction(tr("%1...").arg(format->displayName()), this, [this, format] {
                QString suggested = startDirectory();
                if (!document()->filePath().isEmpty() && !format->extensions().isEmpty())
                    suggested = QFileInfo(document()->filePath()).absolutePath() + u'/' +
                                QFileInfo(document()->filePath()).completeBaseName() + u'.' +
                                format->extensions().first();
                const QString path =
                    mPrompts->saveFileName(this, tr("Export %1").arg(format->displayName()),
                                           suggested, formatFilter(format));
                if (!path.isEmpty())
                    exportFile(path, format);
            });
        }
    }
    importMenu->setEnabled(!importMenu->isEmpty());
    exportMenu->setEnabled(!exportMenu->isEmpty());
    file->addSeparator();
    file->addAction(mAddPngAction);
    file->addSeparator();
    file->addAction(mQuitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(mUndoAction);
    edit->addAction(mRedoAction);
    if (mCanvas) {
        edit->addSeparator();
        edit->addActions(mCanvas->editActions());
        edit->addSeparator();
        edit->addActions(mCanvas->fixActions());
    }

    QMenu *sprite = menuBar()->addMenu(tr("&Sprite"));
    sprite->addAction(mSpritesPanel->addSpriteAction());
    sprite->addAction(mAddPngAction);
    sprite->addAction(mSpritesPanel->addFrameAction());
    sprite->addAction(mSpritesPanel->splitSheetAction());
    sprite->addSeparator();
    sprite->addAction(mSpritesPanel->renameAction());
    sprite->addAction(mSpritesPanel->moveUpAction());
    sprite->addAction(mSpritesPanel->moveDownAction());
    sprite->addAction(mSpritesPanel->deleteAction());

    QMenu *view = menuBar()->addMenu(tr("&View"));
    if (mCanvas) {
        view->addActions(mCanvas->zoomActions());
        view->addSeparator();
    }
    for (QDockWidget *dock : std::as_const(mDocks))
        view->addAction(dock->toggleViewAction());

    auto *fileBar = addToolBar(tr("File"));
    fileBar->setObjectName(QStringLiteral("fileToolBar"));
    fileBar->addActions({mNewAction, mOpenAction, mSaveAction});
    fileBar->addSeparator();
    fileBar->addActions({mUndoAction, mRedoAction});
    if (mCanvas) {
        QMenu *tools = menuBar()->addMenu(tr("&Tools"));
        tools->addActions(mCanvas->toolActions());
        tools->addSeparator();
        tools->addActions(mCanvas->snapActions());
        menuBar()->insertMenu(view->menuAction(), tools);
        auto *toolBar = addToolBar(tr("Tools"));
        toolBar->setObjectName(QStringLiteral("toolsToolBar"));
        toolBar->addActions(mCanvas->toolActions());
        toolBar->addWidget(new LayerChooser(mSession, toolBar));
        toolBar->addSeparator();
        toolBar->addActions(mCanvas->snapActions());
        toolBar->addSeparator();
        toolBar->addActions(mCanvas->zoomActions());
        view->addSeparator();
        view->addAction(toolBar->toggleViewAction());
    }
    view->addAction(fileBar->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Editor &Guide"), this, [this] {
        // The guide ships as docs/editor.md beside the build or install tree.
        QDir dir(QCoreApplication::applicationDirPath());
        for (int up = 0; up < 4; ++up, dir.cdUp()) {
            if (dir.exists(QStringLiteral("docs/editor.md"))) {
                QDesktopServices::openUrl(
                    QUrl::fromLocalFile(dir.filePath(QStringLiteral("docs/editor.md"))));
                return;
            }
        }
        mPrompts->showError(
            this, tr("Editor Guide"),
            tr("The editor guide (docs/editor.md) was not found next to Hitsmith."));
    });
    help->addAction(tr("&About Hitsmith"), this, [this] {
        QMessageBox::about(
            this, tr("About Hitsmith"),
            tr("<h3>Hitsmith</h3><p>A hitbox editor for 2D games: draw hitboxes, hurtboxes and "
               "pushboxes on sprite frames, see the hits live, export to game engines.</p>"
               "<p>Start with <b>Sprite &gt; Add Sprite from PNG</b> or drop a PNG on the window. "
               "The editor guide is docs/editor.md in the source folder.</p><p>Qt %1</p>")
                .arg(QString::fromLatin1(qVersion())));
    });
}

void MainWindow::connectCanvas() {
    if (!mCanvas)
        return;
    // The shapes list selects what the canvas edits: offer the same edits on a right-click.
    QTreeWidget *shapes = mShapesPanel->tree();
    shapes->setContextMenuPolicy(Qt::ActionsContextMenu);
    shapes->addActions(mCanvas->editActions());
    auto *separator = new QAction(shapes);
    separator->setSeparator(true);
    shapes->addAction(separator);
    shapes->addActions(mCanvas->fixActions());
    connect(mCanvas, &Canvas::cursorPositionChanged, this, [this](QPointF pos) {
        mCursorLabel->setText(tr("%1, %2 px").arg(pos.x(), 0, 'f', 1).arg(pos.y(), 0, 'f', 1));
    });
    connect(mCanvas, &Canvas::zoomChanged, this,
            [this](double zoom) { mZoomLabel->setText(tr("%1%").arg(qRound(zoom * 100.0))); });
    connect(mCanvas, &Canvas::statusMessageChanged, this, &MainWindow::updateValidationMessage);
    mZoomLabel->setText(tr("%1%").arg(qRound(mCanvas->zoom() * 100.0)));
}

void MainWindow::updateValidationMessage() {
    // The canvas knows about hover and drags; without it, say what is wrong with the selection.
    QString message = mCanvas ? mCanvas->statusMessage() : QString();
    if (message.isEmpty()) {
        const QList<int> selected = mSession->selectedShapes();
        const FrameRef frame = mSession->currentFrame();
        if (selected.size() == 1 &&
            document()->contains(ShapeRef{frame.sprite, frame.frame, selected.first()})) {
            const Shape &shape = document()->shape({frame.sprite, frame.frame, selected.first()});
            if (const auto problem = validateShape(shape))
                message = tr("%1: %2").arg(shape.id, problem->reason);
        }
    }
    mMessageLabel->setText(message);
}

QString MainWindow::documentName() const {
    const QString path = document()->filePath();
    return path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
}

void MainWindow::updateWindowTitle() {
    setWindowTitle(tr("%1[*] - Hitsmith").arg(documentName()));
    setWindowFilePath(document()->filePath());
    setWindowModified(document()->isModified());
}

QString MainWindow::startDirectory() const {
    if (!document()->filePath().isEmpty())
        return QFileInfo(document()->filePath()).absolutePath();
    return QSettings().value(kLastDirKey, QDir::homePath()).toString();
}

QStringList MainWindow::recentFiles() {
    return QSettings().value(kRecentFilesKey).toStringList();
}

void MainWindow::addRecentFile(const QString &path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings settings;
    settings.setValue(kRecentFilesKey, files);
    settings.setValue(kLastDirKey, QFileInfo(absolute).absolutePath());
}

void MainWindow::updateRecentFilesMenu() {
    mRecentMenu->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction *action = mRecentMenu->addAction(
            tr("&%1 %2").arg(i + 1 < 10 ? QString::number(i + 1) : QStringLiteral("1&0"),
                             QFileInfo(path).fileName()),
            this, [this, path] {
                if (!openFile(path) && !QFileInfo::exists(path)) {
                    // Gone for good (moved or deleted): stop offering it.
                    QStringList files = recentFiles();
                    files.removeAll(path);
                    QSettings().setValue(kRecentFilesKey, files);
                }
            });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (!files.isEmpty()) {
        mRecentMenu->addSeparator();
        mRecentMenu->addAction(tr("&Clear Recent Files"), this, [this] {
            QSettings().remove(kRecentFilesKey);
            updateRecentFilesMenu();
        });
    }
    mRecentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::readSettings() {
    QSettings settings;
    const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry)) {
        // First start: 1280x800, but never larger than the screen the window opens on.
        const QScreen *screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
        QSize size(1280, 800);
        if (screen) {
            const QRect available = screen->availableGeometry();
            size = size.boundedTo(available.size() * 0.95);
            resize(size);
            move(available.center() - rect().center());
        } else {
            resize(size);
        }
    }
    if (!restoreState(settings.value(kStateKey).toByteArray())) {
        // First start: narrow panels, so the canvas gets most of the window.
        QList<QDockWidget *> sides;
        for (QDockWidget *dock : std::as_const(mDocks)) {
            if (dock->objectName() == QLatin1String("spritesDock") ||
                dock->objectName() == QLatin1String("propertiesDock"))
                sides.append(dock);
        }
        resizeDocks(sides, {240, 280}, Qt::Horizontal);
    }
}

void MainWindow::writeSettings() const {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
}

bool MainWindow::maybeSave() {
    if (!document()->isModified())
        return true;
    switch (mPrompts->askUnsaved(this, documentName())) {
    case Prompts::UnsavedAnswer::Save:
        return save();
    case Prompts::UnsavedAnswer::Discard:
        return true;
    case Prompts::UnsavedAnswer::Cancel:
        break;
    }
    return false;
}

bool MainWindow::newDocument() {
    if (!maybeSave())
        return false;
    document()->reset(DocumentData{});
    mAutosaver->discardRecovery();
    updateWindowTitle();
    return true;
}

bool MainWindow::openFile(const QString &path) {
    // A game-engine file opens as an import. ".json" is shared by the native format, Tiled,
    // Phaser/Matter and Aseprite, so the content decides. The file is read once, here.
    QByteArray bytes;
    QString readError;
    if (!readWholeFile(path, &bytes, &readError)) {
        mPrompts->showError(this, tr("Open Document"), readError);
        return false;
    }
    const FileFormat *format = guessReadFormat(path, bytes);
    if (format && format->name() != HitsmithFormat().name())
        return importFile(path, format);
    if (!maybeSave())
        return false;
    return loadNative(path, bytes);
}

bool MainWindow::loadNative(const QString &path, const QByteArray &bytes) {
    ReadResult result = HitsmithFormat::parse(bytes);
    if (!result.isOk()) {
        // The open document stays as it was: nothing is replaced until the file is read.
        mPrompts->showError(this, tr("Open Document"), result.error);
        return false;
    }
    document()->reset(std::move(*result.document), QFileInfo(path).absoluteFilePath());
    mAutosaver->discardRecovery();
    addRecentFile(path);
    updateWindowTitle();
    if (!result.warnings.isEmpty())
        statusBar()->showMessage(result.warnings.join(QStringLiteral("; ")), 10000);
    else
        statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::save() {
    const QString path = document()->filePath();
    if (path.isEmpty())
        return saveAs();
    return saveTo(path);
}

bool MainWindow::saveAs() {
    QString suggested = document()->filePath();
    if (suggested.isEmpty())
        suggested = startDirectory() + u'/' + tr("untitled") + QStringLiteral(".hitsmith.json");
    QString path = mPrompts->saveFileName(this, tr("Save Document As"), suggested, nativeFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".json");
    return saveTo(path);
}

bool MainWindow::saveTo(const QString &path) {
    // Image paths are kept relative to the document's folder. Saving into another folder
    // rewrites them only in the written copy; once that is on disk, the in-memory paths follow
    // the new folder directly, not as an undo step: the history holds only the user's edits, a
    // failed save changes nothing, and Ctrl+Z right after Save As undoes the user's last edit.
    const QString fromDir = documentDirectory(document());
    const QString targetDir = QFileInfo(path).absolutePath();
    DocumentData written = withImagePathsRelativeTo(document()->data(), targetDir, fromDir);
    QString error;
    if (!saveDocumentFile(written, path, &error)) {
        // saveDocumentFile writes atomically: the old file is intact, the document untouched.
        mPrompts->showError(this, tr("Save Document"), error);
        return false;
    }
    const QList<Sprite> &sprites = document()->data().sprites;
    for (int s = 0; s < sprites.size(); ++s) {
        if (sprites[s].image != written.sprites[s].image)
            document()->setSpriteInfo(s, sprites[s].name, written.sprites[s].image,
                                      sprites[s].extra);
    }
    if (!fromDir.isEmpty() && QDir(fromDir) != QDir(targetDir) &&
        !mFormerDirectories.contains(fromDir))
        mFormerDirectories.append(fromDir);
    document()->setFilePath(QFileInfo(path).absoluteFilePath());
    document()->markSaved();
    mAutosaver->discardRecovery();
    addRecentFile(path);
    updateWindowTitle();
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

void MainWindow::reanchorImagePaths() {
    const QString dir = documentDirectory(document());
    if (mFormerDirectories.isEmpty() || dir.isEmpty())
        return;
    const QDir current(dir);
    const QList<Sprite> sprites = document()->data().sprites;
    for (int s = 0; s < sprites.size(); ++s) {
        const QString &image = sprites[s].image;
        if (image.isEmpty() || !QDir::isRelativePath(image) ||
            QFileInfo::exists(current.filePath(image)))
            continue;
        // Newest folder first: that is the one the most recent steps were made in.
        for (auto it = mFormerDirectories.crbegin(); it != mFormerDirectories.crend(); ++it) {
            const QString former = QDir::cleanPath(QDir(*it).filePath(image));
            if (QFileInfo::exists(former)) {
                document()->setSpriteInfo(s, sprites[s].name, current.relativeFilePath(former),
                                          sprites[s].extra);
                break;
            }
        }
    }
}

bool MainWindow::importFile(const QString &path, const FileFormat *format) {
    if (!maybeSave())
        return false;
    QByteArray bytes;
    QString error;
    if (!readWholeFile(path, &bytes, &error)) {
        mPrompts->showError(this, tr("Import"), error);
        return false;
    }
    const QFileInfo info(path);
    ReadResult result = format->read(bytes, {info.absoluteFilePath(), info.absolutePath()});
    if (!result.isOk()) {
        mPrompts->showError(this, tr("Import"), result.error);
        return false;
    }
    // Image paths are absolute in memory: anchor them to the imported file's folder.
    DocumentData data = std::move(*result.document);
    makeImagePathsAbsolute(data, info.absolutePath());
    document()->reset(std::move(data));
    // Not saved in the native format yet: closing must ask.
    document()->undoStack()->resetClean();
    mAutosaver->autosaveNow();
    updateWindowTitle();
    if (!result.warnings.isEmpty())
        mPrompts->showError(
            this, tr("Import"),
            tr("Imported with warnings:\n%1").arg(result.warnings.join(QStringLiteral("\n"))));
    return true;
}

bool MainWindow::exportFile(const QString &path, const FileFormat *format) {
    const DocumentData &data = document()->data();
    WriteOptions options;
    int invalid = 0;
    for (const Sprite &sprite : data.sprites) {
        for (const Frame &frame : sprite.frames) {
            for (const Shape &shape : frame.shapes)
                invalid += validateShape(shape) ? 1 : 0;
        }
    }
    if (invalid > 0) {
        if (!mPrompts->confirm(this, tr("Export"),
                               tr("%n shape(s) are invalid and cannot be exported.\n"
                                  "Export the valid shapes and skip the invalid ones?",
                                  nullptr, invalid)))
            return false;
        options.skipInvalid = true;
    }
    const QStringList warnings = format->exportWarnings(data);
    if (!warnings.isEmpty() &&
        !mPrompts->confirm(this, tr("Export"),
                           tr("%1 cannot hold everything in this document:\n\n%2\n\nExport anyway?")
                               .arg(format->displayName(), warnings.join(QStringLiteral("\n")))))
        return false;
    const QFileInfo info(path);
    FormatContext context{info.absoluteFilePath(), documentDirectory(document())};
    const WriteResult result = format->write(data, context, options);
    if (!result.isOk()) {
        mPrompts->showError(this, tr("Export"), result.error);
        return false;
    }
    QString error;
    if (!writeFileAtomically(path, result.bytes, &error)) {
        mPrompts->showError(this, tr("Export"), error);
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

int MainWindow::addSpritesFromImages(const QStringList &paths) {
    QList<Sprite> sprites;
    QStringList taken;
    for (const Sprite &sprite : document()->data().sprites)
        taken.append(sprite.name);
    QStringList failures;
    for (const QString &path : paths) {
        QImageReader reader(path);
        if (!reader.canRead()) {
            failures.append(tr("%1: %2").arg(QDir::toNativeSeparators(path), reader.errorString()));
            continue;
        }
        Sprite sprite;
        sprite.name = uniqueName(QFileInfo(path).completeBaseName(), taken);
        taken.append(sprite.name);
        sprite.image = storedImagePath(document(), QFileInfo(path).absoluteFilePath());
        Frame frame;
        frame.name = tr("frame-1");
        sprite.frames.append(frame);
        sprites.append(sprite);
    }
    if (!failures.isEmpty())
        mPrompts->showError(this, tr("Add Sprite from PNG"),
                            tr("Cannot read these images:\n%1").arg(failures.join(u'\n')));
    if (sprites.isEmpty())
        return 0;
    QUndoStack *stack = document()->undoStack();
    const int first = int(document()->data().sprites.size());
    stack->beginMacro(tr("Add %n Sprite(s)", nullptr, int(sprites.size())));
    for (int i = 0; i < sprites.size(); ++i)
        stack->push(new InsertSpriteCommand(document(), first + i, sprites[i], tr("Add Sprite")));
    stack->endMacro();
    mSession->setCurrentFrame({first, 0});
    return int(sprites.size());
}

int MainWindow::offerRecovery() {
    const QList<RecoveryEntry> entries = Autosaver::abandonedRecoveries();
    if (entries.isEmpty())
        return 0;
    QStringList lines;
    for (const RecoveryEntry &entry : entries) {
        lines.append(
            tr("%1 (autosaved %2)")
                .arg(entry.originalPath.isEmpty() ? tr("Untitled")
                                                  : QDir::toNativeSeparators(entry.originalPath),
                     QLocale().toString(entry.savedAt.toLocalTime(), QLocale::ShortFormat)));
    }
    if (!mPrompts->confirm(this, tr("Recover Unsaved Work"),
                           tr("Hitsmith did not close properly. Restore the unsaved work?\n\n%1")
                               .arg(lines.join(u'\n')))) {
        // Declining twice is the only way to throw autosaved work away.
        if (mPrompts->confirm(this, tr("Recover Unsaved Work"),
                              tr("Delete the unsaved work permanently?")))
            for (const RecoveryEntry &entry : entries)
                Autosaver::removeRecovery(entry);
        return 0;
    }
    int restored = 0;
    for (const RecoveryEntry &entry : entries) {
        MainWindow *window = this;
        // This window takes the first one if it holds nothing; others get windows of their own.
        if (restored > 0 || document()->isModified() || !document()->data().sprites.isEmpty()) {
            window = new MainWindow(mPrompts);
            window->setAttribute(Qt::WA_DeleteOnClose);
            window->show();
        }
        if (window->restoreRecovery(entry))
            ++restored;
        else if (window != this)
            window->close();
    }
    return restored;
}

bool MainWindow::restoreRecovery(const RecoveryEntry &entry) {
    ReadResult result = loadDocumentFile(entry.recoveryFile);
    if (!result.isOk()) {
        // Keep the file: the user (or support) may still get the work out of it.
        mPrompts->showError(this, tr("Recover Unsaved Work"), result.error);
        return false;
    }
    document()->reset(std::move(*result.document), entry.originalPath);
    document()->undoStack()->resetClean(); // it is unsaved work
    updateWindowTitle();
    // Safe in this session's own recovery file before the old one goes.
    if (!mAutosaver->autosaveNow())
        return true;
    Autosaver::removeRecovery(entry);
    statusBar()->showMessage(tr("Restored unsaved work"), 5000);
    return true;
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    writeSettings();
    mAutosaver->discardRecovery();
    event->accept();
}

static bool isDocument(const QString &path) {
    return FormatRegistry::instance().byFileName(path, FileFormat::CanRead) != nullptr;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    const QStringList files = droppedFiles(event->mimeData());
    if (std::any_of(files.begin(), files.end(), isPng) ||
        std::any_of(files.begin(), files.end(), isDocument))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event) {
    const QStringList files = droppedFiles(event->mimeData());
    QStringList pngs = files;
    pngs.removeIf([](const QString &path) { return !isPng(path); });
    const auto document = std::find_if(files.begin(), files.end(), isDocument);
    if (pngs.isEmpty() && document == files.end())
        return;
    event->acceptProposedAction();
    // A dropped document replaces this one first; dropped images then go into it.
    if (document != files.end() && !openFile(*document))
        return;
    if (!pngs.isEmpty())
        addSpritesFromImages(pngs);
}

} // namespace hitsmith
