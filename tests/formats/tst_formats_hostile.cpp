// Hostile sizes: huge, endless, deeply nested and non-regular inputs get a clear message within
// bounded time and memory, never a hang. The bounds (docs/format.md, "Limits"): files over
// kMaxInputFileBytes (256 MiB) are refused before reading; only regular files are read (no
// device, FIFO or directory); JSON nests at most 1024 deep (Qt's parser), Godot values 64 deep.
// ctest's TIMEOUT on this program is what turns a hang into a failure.

#include "fileio.h"
#include "formattestsupport.h"
#include "hitsmithformat.h"
#include "validation.h"

#include <QTemporaryDir>

#include <sys/stat.h>

using namespace hitsmith;
using namespace formattest;

class TestHostile : public QObject {
    Q_OBJECT

    /// Every reader refuses bytes with a message (and no document).
    static void everyReaderRefuses(const QByteArray &bytes, const char *what) {
        for (const FileFormat *format : FormatRegistry::instance().formats()) {
            if (!(format->capabilities() & FileFormat::CanRead))
                continue;
            const ReadResult result = format->read(bytes, {});
            QVERIFY2(
                !result.isOk() && !result.error.isEmpty(),
                qPrintable(format->name() + QStringLiteral(": accepted ") + QLatin1String(what)));
        }
    }

    QTemporaryDir mDir;

private Q_SLOTS:
    void fileOverTheSizeCapIsNotRead() {
        const QString path = mDir.filePath(QStringLiteral("sparse.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(kMaxInputFileBytes + 1)); // sparse: no disk, no time
        file.close();
        QByteArray bytes;
        QString error;
        QVERIFY(!readWholeFile(path, &bytes, &error));
        QVERIFY2(error.contains(QStringLiteral("too large")), qPrintable(error));
        QVERIFY(bytes.isEmpty());
        QFile::remove(path);
    }

    void jsonNestedHundredThousandDeep() {
        const int depth = 100000;
        QByteArray bytes = QByteArray(depth, '[') + QByteArray(depth, ']');
        everyReaderRefuses(bytes, "arrays nested 100,000 deep");
        bytes = QByteArray("{\"format\":\"hitsmith\",\"x\":") + QByteArray(depth, '[') +
                QByteArray(depth, ']') + '}';
        everyReaderRefuses(bytes, "a document with a value nested 100,000 deep");
    }

    void devZeroFifoAndDirectory() {
        const QString fifo = mDir.filePath(QStringLiteral("pipe.json"));
        QCOMPARE(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        const QString directory = mDir.filePath(QStringLiteral("folder.json"));
        QVERIFY(QDir().mkpath(directory));
        for (const QString &path : {QStringLiteral("/dev/zero"), fifo, directory}) {
            QByteArray bytes;
            QString error;
            QVERIFY2(!readWholeFile(path, &bytes, &error), qPrintable(path));
            QVERIFY2(!error.isEmpty(), qPrintable(path));
            const ReadResult result = loadDocumentFile(path);
            QVERIFY2(!result.isOk() && !result.error.isEmpty(), qPrintable(path));
        }
    }
};

QTEST_GUILESS_MAIN(TestHostile)
#include "tst_formats_hostile.moc"
