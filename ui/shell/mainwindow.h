#pragma once

#include <QMainWindow>
#include <QPointer>
#include <QStringList>

#include "fileformat.h" // WriteOptions, defaulted in the export functions

#include <memory>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QUndoView;

namespace hitsmith {

class Autosaver;
class Canvas;
class Document;
class DocumentManager;
class EditorSession;
class FileFormat;
class HelpWindow;
class HitsPanel;
class VersusLayer;
class VersusPanel;
class LayersPanel;
class OnionLayer;
class MotionLayer;
class PropertyPanel;
class Prompts;
class ShapesPanel;
class SpritesPanel;
class TimelinePanel;
struct RecoveryEntry;

/// The editor window: one document, the canvas in the middle, the panels around it, menus and
/// toolbars. Files (open, save, import/export, recent files, autosave and recovery) belong to its
/// DocumentManager; the file functions here delegate to it. No modal dialog is opened directly:
/// every question goes through Prompts, so tests answer.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    /// At most this many recent files are remembered.
    static constexpr int kMaxRecentFiles = 10; ///< the same as DocumentManager's

    explicit MainWindow(std::shared_ptr<Prompts> prompts = {}, QWidget *parent = nullptr);
    ~MainWindow() override;

    EditorSession *session() const { return mSession; }
    Document *document() const;
    Autosaver *autosaver() const;
    /// Opens, saves, imports and exports this window's document.
    DocumentManager *documents() const { return mDocuments; }
    Prompts *prompts() const { return mPrompts.get(); }
    /// The editing surface in the middle.
    Canvas *canvas() const;
    SpritesPanel *spritesPanel() const { return mSpritesPanel; }
    ShapesPanel *shapesPanel() const { return mShapesPanel; }
    PropertyPanel *propertyPanel() const { return mPropertyPanel; }
    HitsPanel *hitsPanel() const { return mHitsPanel; }
    VersusPanel *versusPanel() const { return mVersusPanel; }
    VersusLayer *versusLayer() const { return mVersusLayer; }
    LayersPanel *layersPanel() const { return mLayersPanel; }
    /// The frame strip under the canvas, with playback and frame data.
    TimelinePanel *timelinePanel() const { return mTimelinePanel; }
    /// The previous and next frames drawn faintly on the canvas.
    OnionLayer *onionLayer() const { return mOnionLayer; }
    MotionLayer *motionLayer() const { return mMotionLayer; }
    QLabel *cursorLabel() const { return mCursorLabel; }
    QLabel *zoomLabel() const { return mZoomLabel; }
    QLabel *messageLabel() const { return mMessageLabel; }
    QMenu *recentFilesMenu() const { return mRecentMenu; }

    /// The recent files, newest first (from QSettings).
    static QStringList recentFiles();
    /// Puts a file at the top of the recent files.
    static void addRecentFile(const QString &path);

    /// Starts an empty document, asking first about unsaved changes.
    bool newDocument();
    /// Opens a native document, asking first about unsaved changes; on failure shows the
    /// message and keeps the current document.
    bool openFile(const QString &path);
    /// Saves to the current path (asks for one when there is none).
    bool save();
    /// Asks for a path and saves there.
    bool saveAs();
    /// Saves to path; on failure shows the message and leaves document and old file untouched.
    bool saveTo(const QString &path);
    /// Reads a foreign file into a new, unsaved document.
    bool importFile(const QString &path, const FileFormat *format);
    /// Writes the document in a foreign format (asks about warnings and invalid shapes).
    bool exportFile(const QString &path, const FileFormat *format,
                    const WriteOptions &options = {});
    /// Adds one sprite per PNG (one undo step); returns how many were added.
    int addSpritesFromImages(const QStringList &paths);
    /// Offers to restore work left by sessions that crashed; returns how many were restored.
    int offerRecovery();
    /// Once the window is shown: offers recovery, then opens the file named on the command line.
    void startUp(const QStringList &files);
    /// Loads one recovery file into this window (modified, with the original path).
    bool restoreRecovery(const RecoveryEntry &entry);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    QWidget *createCentralWidget();
    void createDocks();
    void createActions();
    void createMenus();
    void connectCanvas();
    void readSettings();
    void writeSettings() const;
    void updateWindowTitle();
    void updateRecentFilesMenu();
    void updateValidationMessage();
    QDockWidget *addPanel(QWidget *panel, const QString &title, const QString &objectName,
                          Qt::DockWidgetArea area);

    std::shared_ptr<Prompts> mPrompts;
    EditorSession *mSession;
    DocumentManager *mDocuments;
    QPointer<Canvas> mCanvas;
    QPointer<HelpWindow> mHelpWindow; // Help > Editor Guide, made on first use
    SpritesPanel *mSpritesPanel = nullptr;
    ShapesPanel *mShapesPanel = nullptr;
    PropertyPanel *mPropertyPanel = nullptr;
    HitsPanel *mHitsPanel = nullptr;
    VersusPanel *mVersusPanel = nullptr;
    VersusLayer *mVersusLayer = nullptr;
    LayersPanel *mLayersPanel = nullptr;
    TimelinePanel *mTimelinePanel = nullptr;
    OnionLayer *mOnionLayer = nullptr;
    MotionLayer *mMotionLayer = nullptr;
    QUndoView *mUndoView = nullptr;
    QList<QDockWidget *> mDocks;
    QLabel *mCursorLabel, *mZoomLabel, *mMessageLabel;
    QMenu *mRecentMenu = nullptr;
    QAction *mNewAction = nullptr, *mOpenAction = nullptr, *mSaveAction = nullptr,
            *mSaveAsAction = nullptr, *mAddPngAction = nullptr, *mQuitAction = nullptr,
            *mUndoAction = nullptr, *mRedoAction = nullptr;
};

} // namespace hitsmith
