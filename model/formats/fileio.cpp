#include "fileio.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace hitsmith {

static QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::FileIo", text);
}

bool readWholeFile(const QString &path, QByteArray *bytes, QString *error) {
    const QFileInfo info(path);
    if (!info.exists()) {
        *error = tr("no such file");
        return false;
    }
    if (info.isDir()) {
        *error = tr("is a directory, not a file");
        return false;
    }
    // A FIFO would block open() until a writer comes; /dev/zero never ends. Only regular files.
    if (!info.isFile()) {
        *error = tr("is not a regular file (a device, pipe or socket)");
        return false;
    }
    if (info.size() > kMaxInputFileBytes) {
        *error = tr("file is too large (%1 MiB; the limit is %2 MiB)")
                     .arg(info.size() / (1024 * 1024))
                     .arg(kMaxInputFileBytes / (1024 * 1024));
        return false;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("cannot open: %1").arg(file.errorString());
        return false;
    }
    // Read at most one byte past the cap: a file that grew after the size check is refused
    // instead of read without bound.
    *bytes = file.read(kMaxInputFileBytes + 1);
    if (file.error() != QFileDevice::NoError) {
        *error = tr("cannot read: %1").arg(file.errorString());
        return false;
    }
    if (bytes->size() > kMaxInputFileBytes) {
        bytes->clear();
        *error =
            tr("file is too large (the limit is %1 MiB)").arg(kMaxInputFileBytes / (1024 * 1024));
        return false;
    }
    return true;
}

bool writeFileAtomically(const QString &path, const QByteArray &bytes, QString *error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.write(bytes) != bytes.size()) {
        *error = tr("cannot write %1: %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
    if (!file.commit()) {
        *error = tr("cannot save %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool isSameFile(const QString &a, const QString &b) {
    const QFileInfo first(a), second(b);
    if (first.exists() && second.exists())
        return first.canonicalFilePath() == second.canonicalFilePath();
    return first.absoluteFilePath() == second.absoluteFilePath();
}

} // namespace hitsmith
