#pragma once

#include "fileformat.h"

#include <QList>

namespace hitsmith {

/// Every file format Hitsmith knows, registered in one place (formatregistry.cpp); the editor's
/// File menus and the command line both list them from here.
class FormatRegistry {
public:
    /// The single registry.
    static const FormatRegistry &instance();

    /// All formats, the native one first.
    const QList<const FileFormat *> &formats() const { return mFormats; }
    /// The format with this name(), or nullptr.
    const FileFormat *byName(const QString &name) const;
    /// The first format with this capability whose extensions match the file name, or nullptr.
    const FileFormat *byFileName(const QString &fileName, FileFormat::Capability capability) const;

    ~FormatRegistry();

private:
    FormatRegistry();
    QList<const FileFormat *> mFormats;
};

} // namespace hitsmith
