#include "imagepaths.h"

#include "document.h"

#include <QDir>
#include <QFileInfo>

namespace hitsmith {

QString documentDirectory(const Document *document) {
    if (document->filePath().isEmpty())
        return {};
    return QFileInfo(document->filePath()).absolutePath();
}

QString resolveImagePath(const Document *document, const QString &image) {
    if (image.isEmpty() || QFileInfo(image).isAbsolute())
        return image;
    const QString dir = documentDirectory(document);
    return QDir::cleanPath(QDir(dir.isEmpty() ? QDir::currentPath() : dir).filePath(image));
}

QString storedImagePath(const Document *document, const QString &absolutePath) {
    const QString dir = documentDirectory(document);
    if (dir.isEmpty())
        return QFileInfo(absolutePath).absoluteFilePath();
    return QDir(dir).relativeFilePath(absolutePath);
}

} // namespace hitsmith
