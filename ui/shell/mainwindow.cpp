#include "mainwindow.h"

#include "actionlook.h"
#include "animationactions.h"
#include "autosaver.h"
#include "canvas.h"
#include "documentmanager.h"
#include "editorsession.h"
#include "formatregistry.h"
#include "framedatapanel.h"
#include "helpwindow.h"
#include "hitsmithformat.h"
#include "hitspanel.h"
#include "layerchooser.h"
#include "layerspanel.h"
#include "motionlayer.h"
#include "movesetpanel.h"
#include "onionlayer.h"
#include "palettechooser.h"
#include "playback.h"
#include "prompts.h"
#include "propertypanel.h"
#include "shapespanel.h"
#include "spritespanel.h"
#include "timelinepanel.h"
#include "validation.h"
#include "versuslayer.h"
#include "versuspanel.h"
#include "versusservice.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUndoView>
#include <QUrl>
#include <QWidgetAction>

namespace hitsmith {

namespace {

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");

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
    , mDocuments(new DocumentManager(mSession, mPrompts.get(), this))
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
    mDocuments->setWindowFactory([this] {
        auto *window = new MainWindow(mPrompts);
        window->setAttribute(Qt::WA_DeleteOnClose);
        window->show();
        return window->documents();
    });

    mMessageLabel->setObjectName(QStringLiteral("validationMessage"));
    mCursorLabel->setObjectName(QStringLiteral("cursorPosition"));
    mZoomLabel->setObjectName(QStringLiteral("zoomLevel"));
    // Fixed sizes: a label whose size may change asks the status bar to lay out, and the status
    // bar then repaints all of itself, on each mouse move of a drag.
    mCursorLabel->setText(QStringLiteral("-00000.0, -00000.0 px"));
    mCursorLabel->setFixedSize(mCursorLabel->sizeHint());
    mCursorLabel->clear();
    mZoomLabel->setText(QStringLiteral("00000%"));
    mZoomLabel->setFixedSize(mZoomLabel->sizeHint());
    mZoomLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    statusBar()->addWidget(mMessageLabel, 1);
    statusBar()->addPermanentWidget(mCursorLabel);
    statusBar()->addPermanentWidget(mZoomLabel);

    Document *doc = mSession->document();
    // The modified mark is the undo stack's clean state, nothing else.
    connect(doc, &Document::modifiedChanged, this, &MainWindow::updateWindowTitle);
    connect(mDocuments, &DocumentManager::titleChanged, this, &MainWindow::updateWindowTitle);
    connect(mDocuments, &DocumentManager::statusMessage, this,
            [this](const QString &message, int timeoutMs) {
                statusBar()->showMessage(message, timeoutMs);
            });
    connect(mSession, &EditorSession::selectionChanged, this, &MainWindow::updateValidationMessage);
    connect(doc, &Document::changed, this, [this](const DocumentChange &change) {
        if (change.kind == DocumentChange::Kind::ShapeChanged &&
            mSession->selectedShapes().contains(change.shape))
            updateValidationMessage();
    });
    updateWindowTitle();
    readSettings();
}

MainWindow::~MainWindow() = default;

Document *MainWindow::document() const {
    return mSession->document();
}

Autosaver *MainWindow::autosaver() const {
    return mDocuments->autosaver();
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
    mVersusPanel = new VersusPanel(mSession, mPrompts.get(), this);
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
    QDockWidget *versus =
        addPanel(mVersusPanel, tr("Versus"), QStringLiteral("versusDock"), Qt::RightDockWidgetArea);
    QDockWidget *history =
        addPanel(mUndoView, tr("History"), QStringLiteral("historyDock"), Qt::RightDockWidgetArea);
    Q_UNUSED(sprites)
    tabifyDockWidget(shapes, layers);
    shapes->raise();
    // Versus beside Properties, where the column is tall enough for its two tables; Hits and
    // History under them (a few rows each are enough).
    tabifyDockWidget(properties, versus);
    properties->raise();
    tabifyDockWidget(hits, history);
    hits->raise();

    // The defender drawn on the canvas, dragged there, placed through the dock's command.
    mVersusLayer = new VersusLayer(mCanvas, document(), mVersusPanel->service(), this);
    connect(mVersusPanel->service(), &VersusService::hitsChanged, mVersusLayer,
            &VersusLayer::refresh);
    connect(mSession, &EditorSession::currentFrameChanged, mVersusLayer, &VersusLayer::refresh);
    connect(mVersusLayer, &VersusLayer::defenderDropped, mVersusPanel, &VersusPanel::placeDefender);
    mVersusLayer->setPictureSource([panel = mVersusPanel] { return panel->defenderPicture(); });
    connect(mVersusPanel, &VersusPanel::defenderPictureChanged, mVersusLayer,
            &VersusLayer::refresh);
    connect(mSession, &EditorSession::picturesChanged, mVersusLayer, &VersusLayer::refresh);

    // The Timeline sits under the canvas only: the side columns keep the full height.
    mTimelinePanel = new TimelinePanel(mSession, this);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    QDockWidget *timeline = addPanel(mTimelinePanel, tr("Timeline"), QStringLiteral("timelineDock"),
                                     Qt::BottomDockWidgetArea);
    // The moveset chart is wide (one distance axis): a tab beside the Timeline, under the canvas.
    auto *moveset = new MovesetPanel(mSession, this);
    moveset->setObjectName(QStringLiteral("movesetPanel"));
    QDockWidget *movesetDock =
        addPanel(moveset, tr("Moveset"), QStringLiteral("movesetDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(timeline, movesetDock);
    // The frame data table (issue 42): a third tab there.
    auto *frameData = new FrameDataPanel(mSession, this);
    frameData->setObjectName(QStringLiteral("frameDataPanel"));
    QDockWidget *frameDataDock = addPanel(
        frameData, tr("Frame Data"), QStringLiteral("frameDataDock"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(movesetDock, frameDataDock);
    timeline->raise();
    // A clicked bar has placed the frame's versus setup: show it.
    connect(moveset, &MovesetPanel::versusRequested, this, [versus] {
        versus->show();
        versus->raise();
    });
    mOnionLayer = new OnionLayer(mCanvas, this);
    Playback *playback = mTimelinePanel->playback();
    playback->watchCanvas(mCanvas);
    // Onion skin wraps round the sprite exactly when playback does.
    mOnionLayer->setWrapping(playback->looping() == Playback::Looping::Loop);
    connect(playback->loopAction(), &QAction::toggled, mOnionLayer, &OnionLayer::setWrapping);
    // Root motion: the origin's path, and with onion skin the selected attack shapes' sweeps.
    mMotionLayer = new MotionLayer(mCanvas, mOnionLayer, mVersusPanel->service(), this);
    // The versus check plays along: the attacker is the frame shown.
    connect(playback, &Playback::playingChanged, mVersusPanel, &VersusPanel::setPlaying);

    connect(mSpritesPanel, &SpritesPanel::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, 5000); });
}

void MainWindow::createActions() {
    mNewAction = new QAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New"), this);
    mNewAction->setShortcuts(QKeySequence::New);
    connect(mNewAction, &QAction::triggered, mDocuments, &DocumentManager::newDocument);

    mOpenAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("&Open..."), this);
    mOpenAction->setShortcuts(QKeySequence::Open);
    connect(mOpenAction, &QAction::triggered, mDocuments, &DocumentManager::open);

    mSaveAction = new QAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save"), this);
    mSaveAction->setShortcuts(QKeySequence::Save);
    connect(mSaveAction, &QAction::triggered, mDocuments, &DocumentManager::save);

    mSaveAsAction =
        new QAction(QIcon::fromTheme(QStringLiteral("document-save-as")), tr("Save &As..."), this);
    mSaveAsAction->setShortcuts(QKeySequence::SaveAs);
    connect(mSaveAsAction, &QAction::triggered, mDocuments, &DocumentManager::saveAs);

    mAddPngAction = new QAction(QIcon::fromTheme(QStringLiteral("insert-image")),
                                tr("Add Sprite from &PNG..."), this);
    connect(mAddPngAction, &QAction::triggered, mDocuments, &DocumentManager::addSprites);

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
    mRedoAction = stack->createRedoAction(this, tr("&Redo"));
    mRedoAction->setShortcuts(QKeySequence::Redo);

    // Hitsmith's own icons: the toolbars show only these, with the text and shortcut as tooltip.
    decorateAction(mNewAction, QStringLiteral("document-new"));
    decorateAction(mOpenAction, QStringLiteral("document-open"));
    decorateAction(mSaveAction, QStringLiteral("document-save"));
    decorateAction(mAddPngAction, QStringLiteral("sprite-add"));
    decorateAction(mUndoAction, QStringLiteral("edit-undo"));
    decorateAction(mRedoAction, QStringLiteral("edit-redo"));
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
            importMenu->addAction(tr("%1...").arg(format->displayName()), mDocuments,
                                  [this, format] { mDocuments->importAs(format); });
        }
        if (format->capabilities() & FileFormat::CanWrite) {
            exportMenu->addAction(tr("%1...").arg(format->displayName()), mDocuments,
                                  [this, format] { mDocuments->exportAs(format); });
            // The same format for readers that predate capsules (Tiled before 1.12).
            const QString older = format->capsulesAsPolygonsName();
            if (!older.isEmpty()) {
                exportMenu->addAction(tr("%1...").arg(older), mDocuments, [this, format] {
                    WriteOptions options;
                    options.capsulesAsPolygons = true;
                    mDocuments->exportAs(format, options);
                });
            }
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
    sprite->addAction(mSpritesPanel->traceAction());
    sprite->addSeparator();
    sprite->addAction(mSpritesPanel->renameAction());
    sprite->addAction(mSpritesPanel->moveUpAction());
    sprite->addAction(mSpritesPanel->moveDownAction());
    sprite->addAction(mSpritesPanel->deleteAction());

    // Copy across frames, mirror, interpolate: their own menu, built in animationactions.cpp.
    auto *animation = new AnimationActions(mSession, mPrompts.get(), this);
    menuBar()->addMenu(animation->createMenu(this));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    if (mCanvas) {
        view->addActions(mCanvas->zoomActions());
        view->addSeparator();
    }
    mTimelinePanel->addActionsTo(view);
    view->addSeparator();
    mOnionLayer->addActionsTo(view);
    mMotionLayer->addActionsTo(view);
    view->addSeparator();
    for (QDockWidget *dock : std::as_const(mDocks))
        view->addAction(dock->toggleViewAction());

    // Icons only (fixed widths: Undo/Redo no longer grow with the command's name); the text is
    // in the menus and the tooltips. Small enough for Fit to Frame and Split Sheet to stay out of
    // the overflow menu at 1024 px.
    auto *fileBar = addToolBar(tr("File"));
    fileBar->setObjectName(QStringLiteral("fileToolBar"));
    makeIconToolBar(fileBar);
    fileBar->addActions({mNewAction, mOpenAction, mSaveAction});
    fileBar->addSeparator();
    fileBar->addActions({mUndoAction, mRedoAction});
    auto *spriteBar = addToolBar(tr("Sprite"));
    spriteBar->setObjectName(QStringLiteral("spriteToolBar"));
    makeIconToolBar(spriteBar);
    spriteBar->addActions(
        {mAddPngAction, mSpritesPanel->splitSheetAction(), mSpritesPanel->traceAction()});
    // The MUGEN palette: in the toolbar only while the document shows MUGEN art (not merely
    // hidden, so other documents' toolbars stay exactly as they were).
    auto *paletteAction = new QWidgetAction(this);
    auto *palettes = new PaletteChooser(mSession);
    paletteAction->setDefaultWidget(palettes); // the action owns it
    const auto showPalettes = [spriteBar, paletteAction](bool useful) {
        if (useful)
            spriteBar->addAction(paletteAction);
        else
            spriteBar->removeAction(paletteAction);
    };
    showPalettes(palettes->isUseful());
    connect(palettes, &PaletteChooser::usefulChanged, spriteBar, showPalettes);
    view->insertMenu(mOnionLayer->toggleAction(), palettes->menu());
    view->insertSeparator(mOnionLayer->toggleAction());
    if (mCanvas) {
        QMenu *tools = menuBar()->addMenu(tr("&Tools"));
        tools->addActions(mCanvas->toolActions());
        tools->addSeparator();
        tools->addActions(mCanvas->snapActions());
        menuBar()->insertMenu(view->menuAction(), tools);
        auto *toolBar = new QToolBar(tr("Tools"), this);
        toolBar->setObjectName(QStringLiteral("toolsToolBar"));
        makeIconToolBar(toolBar);
        toolBar->addActions(mCanvas->toolActions());
        toolBar->addWidget(new LayerChooser(mSession, toolBar));
        toolBar->addSeparator();
        toolBar->addActions(mCanvas->snapActions());
        toolBar->addSeparator();
        toolBar->addActions(mCanvas->zoomActions());
        insertToolBar(spriteBar, toolBar); // drawing tools first, sprite tools last
        view->addSeparator();
        view->addAction(toolBar->toggleViewAction());
    }
    view->addAction(fileBar->toggleViewAction());
    view->addAction(spriteBar->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    // The guide is shown here, from the docs built into the program: a desktop may have no
    // program for .md files, and an installed editor no source folder.
    QAction *guide = help->addAction(tr("Editor &Guide"), this, [this] {
        if (!mHelpWindow)
            mHelpWindow = new HelpWindow(this);
        mHelpWindow->show();
        mHelpWindow->raise();
        mHelpWindow->activateWindow();
    });
    guide->setObjectName(QStringLiteral("editorGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    help->addAction(
            tr("&About Hitsmith"), this,
            [this] {
                QMessageBox::about(
                    this, tr("About Hitsmith"),
                    tr("<h3>Hitsmith</h3><p>Version %1</p><p>A hitbox editor for 2D games: draw "
                       "hitboxes, hurtboxes and pushboxes on sprite frames, see the hits live, "
                       "export to "
                       "game engines.</p><p>Start with <b>Sprite &gt; Add Sprite from PNG</b> or "
                       "drop a "
                       "PNG on the window; <b>Help &gt; Editor Guide</b> shows the whole guide.</p>"
                       "<p>Built with Qt %2, running on Qt %3.</p>")
                        .arg(QStringLiteral(HITSMITH_VERSION), QStringLiteral(QT_VERSION_STR),
                             QString::fromLatin1(qVersion())));
            })
        ->setObjectName(QStringLiteral("aboutAction"));
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

void MainWindow::updateWindowTitle() {
    setWindowTitle(tr("%1[*] - Hitsmith").arg(mDocuments->displayName()));
    setWindowFilePath(document()->filePath());
    setWindowModified(document()->isModified());
}

QStringList MainWindow::recentFiles() {
    return DocumentManager::recentFiles();
}

void MainWindow::addRecentFile(const QString &path) {
    DocumentManager::addRecentFile(path);
}

void MainWindow::updateRecentFilesMenu() {
    mRecentMenu->clear();
    const QStringList files = DocumentManager::recentFiles();
    const QStringList labels = DocumentManager::recentFileLabels(files);
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QString label = labels[i];
        label.replace(u'&', QStringLiteral("&&"));
        QAction *action = mRecentMenu->addAction(
            tr("&%1 %2").arg(i + 1 < 10 ? QString::number(i + 1) : QStringLiteral("1&0"), label),
            mDocuments, [this, path] { mDocuments->openRecentFile(path); });
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (!files.isEmpty()) {
        mRecentMenu->addSeparator();
        mRecentMenu->addAction(tr("&Clear Recent Files"), this, [this] {
            DocumentManager::clearRecentFiles();
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
        QList<QDockWidget *> rightColumn; // Properties above the Hits/Versus/History tabs
        for (QDockWidget *dock : std::as_const(mDocks)) {
            if (dock->objectName() == QLatin1String("spritesDock") ||
                dock->objectName() == QLatin1String("propertiesDock"))
                sides.append(dock);
            if (dock->objectName() == QLatin1String("propertiesDock") ||
                dock->objectName() == QLatin1String("hitsDock"))
                rightColumn.append(dock);
        }
        // The right column as wide as the Versus dock's three reach columns read whole; a
        // smaller screen gets what is left beside the canvas and the Timeline.
        resizeDocks(sides, {240, 390}, Qt::Horizontal);
        // Properties (and Versus, its neighbour tab) get the larger share: a frame's fields and
        // properties, or the Versus setup and both its tables, fit without scrolling at 1280 x
        // 800; the Hits list below still shows several rows.
        resizeDocks(rightColumn, {height() * 3 / 4, height() / 4}, Qt::Vertical);
    }
}

void MainWindow::writeSettings() const {
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
}

// The file operations live in DocumentManager; these keep the window's public face.
bool MainWindow::newDocument() {
    return mDocuments->newDocument();
}
bool MainWindow::openFile(const QString &path) {
    return mDocuments->openFile(path);
}
bool MainWindow::save() {
    return mDocuments->save();
}
bool MainWindow::saveAs() {
    return mDocuments->saveAs();
}
bool MainWindow::saveTo(const QString &path) {
    return mDocuments->saveTo(path);
}
bool MainWindow::importFile(const QString &path, const FileFormat *format) {
    return mDocuments->importFile(path, format);
}
bool MainWindow::exportFile(const QString &path, const FileFormat *format,
                            const WriteOptions &options) {
    return mDocuments->exportFile(path, format, options);
}
int MainWindow::addSpritesFromImages(const QStringList &paths) {
    return mDocuments->addSpritesFromImages(paths);
}
int MainWindow::offerRecovery() {
    return mDocuments->offerRecovery();
}
void MainWindow::startUp(const QStringList &files) {
    mDocuments->startUp(files);
}

bool MainWindow::restoreRecovery(const RecoveryEntry &entry) {
    return mDocuments->restoreRecovery(entry);
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (!mDocuments->close()) {
        event->ignore();
        return;
    }
    writeSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event) {
    if (DocumentManager::acceptsDrop(droppedFiles(event->mimeData())))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event) {
    const QStringList files = droppedFiles(event->mimeData());
    if (!DocumentManager::acceptsDrop(files))
        return;
    event->acceptProposedAction();
    // After the drop event has returned: opening a document may ask about unsaved changes, and
    // a modal box inside the drop would keep the drag source (another program) waiting on it.
    QTimer::singleShot(0, this, [this, files] { mDocuments->dropFiles(files); });
}

} // namespace hitsmith
