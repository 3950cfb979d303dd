#pragma once

#include <QDateTime>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>

class QLockFile;
class QTimer;

namespace hitsmith {

class Document;

/// A recovery file left behind by a session that did not close cleanly (a crash).
struct RecoveryEntry {
    QString recoveryFile; ///< the document as it was at the last autosave (native format)
    QString metaFile;     ///< sidecar with the original path; may be missing
    QString originalPath; ///< where the document was saved before; empty for a new document
    QDateTime savedAt;    ///< time of the last autosave
};

/// Writes the modified document to a per-session recovery file on a timer, so a crash loses at
/// most one interval of work. Each session holds a QLockFile next to its recovery file; a
/// recovery file whose lock is free belonged to a session that died, and is offered on start.
class Autosaver : public QObject {
    Q_OBJECT

public:
    /// The default interval: one minute.
    static constexpr int kDefaultIntervalMs = 60 * 1000;

    explicit Autosaver(Document *document, QObject *parent = nullptr);
    ~Autosaver() override;

    /// Milliseconds between autosaves; tests make it short.
    void setInterval(int milliseconds);
    int interval() const;

    /// This session's recovery file (it exists only while there is unsaved work).
    QString recoveryFilePath() const { return mRecoveryPath; }

    /// Writes the recovery file now when the document is modified, or removes it when it is not.
    /// Returns false with a message when writing failed.
    bool autosaveNow(QString *error = nullptr);
    /// Removes this session's recovery file: the work is saved or deliberately discarded.
    void discardRecovery();

    /// Where recovery files live (AppDataLocation/recovery).
    static QString recoveryDirectory();
    /// Recovery files of sessions that are no longer running, newest first.
    static QList<RecoveryEntry> abandonedRecoveries();
    /// Deletes an abandoned recovery file and its sidecar after it was restored or declined.
    static void removeRecovery(const RecoveryEntry &entry);

Q_SIGNALS:
    /// A recovery file was written (for the status bar and tests).
    void autosaved(const QString &path);
    /// Writing the recovery file failed; the message says why.
    void autosaveFailed(const QString &message);

private:
    Document *mDocument;
    QTimer *mTimer;
    QString mRecoveryPath;
    QString mMetaPath;
    std::unique_ptr<QLockFile> mLock;
};

} // namespace hitsmith
