#include "fileformat.h"

#include <QCoreApplication>

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

WriteResult FileFormat::write(const DocumentData &, const FormatContext &,
                              const WriteOptions &) const {
    WriteResult result;
    result.error = QCoreApplication::translate("hitsmith::FileFormat", "%1 files cannot be written")
                       .arg(displayName());
    return result;
}

} // namespace hitsmith
