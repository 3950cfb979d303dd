#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include "fileformat.h" // WriteOptions, defaulted in the export functions

#include <functional>

class QWidget;

namespace hitsmith {

class Autosaver;
class Document;
class EditorSession;
class FileFormat;
class Prompts;
struct ReadResult;
struct RecoveryEntry;

/// Everything about the files of one editor window: open, save, save as, import, export,
/// autosave and recovery, recent files and image paths. Every question goes through Prompts
/// (parented to the window), so GUI tests answer them; the window only shows what this says.
/// In ui/, not model/, because it asks the user: the prompts are dialogs on a window.
class DocumentManager : public QObject {
    Q_OBJECT

public:
    /// At most this many recent files are remembered.
    static constexpr int kMaxRecentFiles = 10;
    /// Gives the manager of a new, shown window (for a second restored document).
    using WindowFactory = std::function<DocumentManager *()>;

    DocumentManager(EditorSession *session, Prompts *prompts, QWidget *window);
    ~DocumentManager() override;

    Document *document() const;
    Autosaver *autosaver() const { return mAutosaver; }
    void setWindowFactory(WindowFactory factory) { mWindowFactory = std::move(factory); }

    /// The file this untitled document was imported from; empty otherwise.
    QString importedFrom() const { return mImportedFrom; }
    /// The name for the title bar: "knight.json", "Untitled", "Untitled (imported from x.tsj)".
    QString displayName() const;
    /// Where file dialogs start: the document's folder, else the last folder used.
    QString startDirectory() const;
    /// Where Export to format proposes to write: next to the document, named after it with the
    /// format in the name ("knight.matter.json", "knight.tsx"), never the document's own file.
    QString suggestedExportPath(const FileFormat *format) const;

    /// Asks about unsaved changes; false when the user cancelled (or the save failed).
    bool maybeSave();
    /// Asks about unsaved changes, then drops the recovery file: the window may close.
    bool close();

    /// Starts an empty document, asking first about unsaved changes.
    bool newDocument();
    /// Asks for a file and opens it.
    bool open();
    /// Opens a native document, imports an engine file, offers to add a PNG as a sprite; on
    /// failure shows the message and keeps the current document.
    bool openFile(const QString &path);
    /// Opens a recent file; one that is gone is dropped from the list.
    bool openRecentFile(const QString &path);
    /// Saves to the current path (asks for one when there is none).
    bool save();
    /// Asks for a path and saves there; never over the file the document was imported from.
    bool saveAs();
    /// Saves to path; on failure shows the message and leaves document and old file untouched.
    bool saveTo(const QString &path);
    /// Asks for a file of format and imports it.
    bool importAs(const FileFormat *format);
    /// Reads a foreign file into a new, untitled, unsaved document.
    bool importFile(const QString &path, const FileFormat *format);
    /// Asks for a file name (suggestedExportPath) and exports there.
    bool exportAs(const FileFormat *format, const WriteOptions &options = {});
    /// Writes the document in a foreign format. Asks before replacing the document's own file
    /// or any Hitsmith document (default No), and about invalid shapes and reported losses.
    bool exportFile(const QString &path, const FileFormat *format,
                    const WriteOptions &options = {});
    /// Asks for PNG files and adds them as sprites.
    int addSprites();
    /// Adds one sprite per PNG (one undo step); returns how many were added.
    int addSpritesFromImages(const QStringList &paths);
    /// Whether a drop of these files is handled (PNGs or a document).
    static bool acceptsDrop(const QStringList &files);
    /// A dropped document replaces this one first; dropped PNGs then go into it.
    void dropFiles(const QStringList &files);

    /// Offers to restore work left by sessions that crashed; returns how many were restored.
    int offerRecovery();
    /// What the editor does once its window is up: offers recovery, then opens the file named
    /// on the command line, if any. Restored work is never put at risk by that file: when it is
    /// the file the work was restored from, the restored document (modified) is what shows;
    /// another file opens in a window of its own.
    void startUp(const QStringList &files);
    /// Loads one recovery file (modified, with the original path).
    bool restoreRecovery(const RecoveryEntry &entry);

    /// The recent files, newest first (from QSettings).
    static QStringList recentFiles();
    /// Puts a file at the top of the recent files.
    static void addRecentFile(const QString &path);
    /// Forgets every recent file.
    static void clearRecentFiles();
    /// Menu labels for files: the name, and the folder where two names are the same
    /// ("knight.json — game/a").
    static QStringList recentFileLabels(const QStringList &files);

Q_SIGNALS:
    /// displayName() changed (path, import origin).
    void titleChanged();
    /// A short note for the status bar.
    void statusMessage(const QString &message, int timeoutMs);

private:
    bool loadNative(const QString &path, const QByteArray &bytes);
    bool loadNative(const QString &path, ReadResult result);
    bool offerPngAsSprite(const QString &path);
    void setImportedFrom(const QString &path);

    EditorSession *mSession;
    Prompts *mPrompts;
    QWidget *mWindow;
    Autosaver *mAutosaver;
    WindowFactory mWindowFactory;
    QString mImportedFrom;
    QStringList mRestoredFrom; // the original paths offerRecovery() restored, in any window
};

} // namespace hitsmith
