#include "fileio.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>
#include <cstring>

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
    // instead of read without bound. The buffer is read into directly, with room past the end
    // (kReadPadding zero bytes) for the native reader's parser, which would otherwise copy the
    // whole text into a padded buffer of its own first.
    QByteArray buffer;
    buffer.reserve(qsizetype(info.size()) + 1 + kReadPadding);
    for (;;) {
        qint64 room = buffer.capacity() - kReadPadding - buffer.size();
        if (room <= 0)
            room = 64 * 1024; // the file grew: so does the buffer
        const qint64 want = std::min(room, kMaxInputFileBytes + 1 - buffer.size());
        if (want <= 0)
            break;
        const qsizetype at = buffer.size();
        buffer.resize(at + qsizetype(want));
        const qint64 got = file.read(buffer.data() + at, want);
        buffer.resize(at + qsizetype(std::max<qint64>(got, 0)));
        if (got <= 0)
            break;
    }
    if (file.error() != QFileDevice::NoError) {
        *error = tr("cannot read: %1").arg(file.errorString());
        return false;
    }
    if (buffer.capacity() - buffer.size() >= kReadPadding)
        std::memset(buffer.data() + buffer.size(), 0, kReadPadding);
    *bytes = std::move(buffer);
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
