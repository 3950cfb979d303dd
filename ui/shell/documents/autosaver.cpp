#include "autosaver.h"

#include "document.h"
#include "fileio.h"
#include "hitsmithformat.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>
#include <QTimer>
#include <QUuid>

#include <algorithm>

namespace hitsmith {

namespace {

const QString kRecoverySuffix = QStringLiteral(".recovery.json");
const QString kMetaSuffix = QStringLiteral(".meta.json");
const QString kLockSuffix = QStringLiteral(".lock");

QString sessionBase(const QString &recoveryFile) {
    return recoveryFile.chopped(kRecoverySuffix.size());
}

} // namespace

Autosaver::Autosaver(Document *document, QObject *parent)
    : QObject(parent)
    , mDocument(document)
    , mTimer(new QTimer(this)) {
    const QString dir = recoveryDirectory();
    QDir().mkpath(dir);
    const QString base = dir + u'/' + QUuid::createUuid().toString(QUuid::WithoutBraces);
    mRecoveryPath = base + kRecoverySuffix;
    mMetaPath = base + kMetaSuffix;
    // The lock says "this session is alive": another instance must not offer our file.
    mLock = std::make_unique<QLockFile>(base + kLockSuffix);
    mLock->setStaleLockTime(0);
    mLock->tryLock(0);

    mTimer->setInterval(kDefaultIntervalMs);
    connect(mTimer, &QTimer::timeout, this, [this] { autosaveNow(); });
    mTimer->start();
}

Autosaver::~Autosaver() {
    // Deliberately keeps the recovery file: only a clean close (discardRecovery) removes it,
    // so a window torn down any other way still leaves the work to restore.
    mLock->unlock();
}

void Autosaver::setInterval(int milliseconds) {
    mTimer->start(milliseconds);
}

int Autosaver::interval() const {
    return mTimer->interval();
}

bool Autosaver::autosaveNow(QString *error) {
    if (!mDocument->isModified()) {
        // Undone back to the saved state: an old recovery file would restore stale work.
        discardRecovery();
        return true;
    }
    QJsonObject meta;
    meta.insert(QStringLiteral("originalPath"), mDocument->filePath());
    meta.insert(QStringLiteral("savedAt"),
                QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    QString message;
    // The sidecar first: a recovery file is useful even without it, not the other way round.
    bool ok =
        writeFileAtomically(mMetaPath, QJsonDocument(meta).toJson(), &message) &&
        writeFileAtomically(mRecoveryPath, HitsmithFormat::serialize(mDocument->data()), &message);
    if (!ok) {
        if (error)
            *error = message;
        Q_EMIT autosaveFailed(message);
        return false;
    }
    Q_EMIT autosaved(mRecoveryPath);
    return true;
}

void Autosaver::discardRecovery() {
    QFile::remove(mRecoveryPath);
    QFile::remove(mMetaPath);
}

QString Autosaver::recoveryDirectory() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery");
}

QList<RecoveryEntry> Autosaver::abandonedRecoveries() {
    QList<RecoveryEntry> entries;
    const QDir dir(recoveryDirectory());
    const QStringList files =
        dir.entryList({u'*' + kRecoverySuffix}, QDir::Files | QDir::Readable, QDir::Name);
    for (const QString &name : files) {
        const QString path = dir.filePath(name);
        const QString base = sessionBase(path);
        QLockFile lock(base + kLockSuffix);
        lock.setStaleLockTime(0); // only a dead owner makes the lock stale, never its age
        // A lock held by a live process (this one included) means the session still runs.
        if (!lock.tryLock(0))
            continue;
        lock.unlock();
        RecoveryEntry entry;
        entry.recoveryFile = path;
        entry.metaFile = base + kMetaSuffix;
        entry.savedAt = QFileInfo(path).lastModified();
        QFile metaFile(entry.metaFile);
        if (metaFile.open(QIODevice::ReadOnly)) {
            const QJsonObject meta = QJsonDocument::fromJson(metaFile.readAll()).object();
            entry.originalPath = meta.value(QStringLiteral("originalPath")).toString();
            const QDateTime savedAt = QDateTime::fromString(
                meta.value(QStringLiteral("savedAt")).toString(), Qt::ISODateWithMs);
            if (savedAt.isValid())
                entry.savedAt = savedAt;
        }
        entries.append(entry);
    }
    // Locks of crashed sessions that had nothing unsaved: taking and releasing removes them.
    const QStringList locks = dir.entryList({u'*' + kLockSuffix}, QDir::Files, QDir::Name);
    for (const QString &name : locks) {
        const QString base = dir.filePath(name).chopped(kLockSuffix.size());
        if (QFile::exists(base + kRecoverySuffix))
            continue;
        QLockFile lock(base + kLockSuffix);
        lock.setStaleLockTime(0);
        if (lock.tryLock(0))
            lock.unlock();
    }
    std::sort(entries.begin(), entries.end(),
              [](const RecoveryEntry &a, const RecoveryEntry &b) { return a.savedAt > b.savedAt; });
    return entries;
}

void Autosaver::removeRecovery(const RecoveryEntry &entry) {
    QFile::remove(entry.recoveryFile);
    QFile::remove(entry.metaFile);
}

} // namespace hitsmith
