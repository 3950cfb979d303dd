#include "fileformat.h"

#include "imagepaths.h"
#include "sharednames.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace hitsmith {

ReadResult FileFormat::read(const QByteArray &, const FormatContext &) const {
    ReadResult result;
    result.error = QCoreApplication::translate("hitsmith::FileFormat", "%1 files cannot be read")
                       .arg(displayName());
    return result;
}

QStringList FileFormat::exportWarnings(const DocumentData &) const {
    return {};
}

QString FileFormat::capsulesAsPolygonsName() const {
    return {};
}

QStringList FileFormat::exportWarningsFor(const DocumentData &document,
                                          const WriteOptions &) const {
    return exportWarnings(document);
}

WriteResult FileFormat::write(const DocumentData &, const FormatContext &,
                              const WriteOptions &) const {
    WriteResult result;
    result.error = QCoreApplication::translate("hitsmith::FileFormat", "%1 files cannot be written")
                       .arg(displayName());
    return result;
}

ReadResult FileFormat::readFrom(const QByteArray &bytes, const QString &filePath) const {
    const QFileInfo info(filePath);
    ReadResult result = read(bytes, {info.absoluteFilePath(), info.absolutePath()});
    if (result.document) {
        resolveImagePaths(*result.document, info.absolutePath());
        shareLayerNames(*result.document);
    }
    return result;
}

WriteResult FileFormat::writeFor(const DocumentData &document, const QString &filePath,
                                 const WriteOptions &options) const {
    const QFileInfo info(filePath);
    return write(withImagePathsRelativeTo(document, info.absolutePath()),
                 {info.absoluteFilePath(), info.absolutePath()}, options);
}

} // namespace hitsmith
