#pragma once

#include "fileformat.h"

namespace hitsmith {

/// The runtime file for games (runtimes/FORMAT.md): per sprite its frames with durations, origin,
/// root motion, origin-relative shapes and points with layers and properties, the collide pairs
/// and the attack layer, read by the loaders in runtimes/ (C, JS, Lua, C#). Write only.
class RuntimeFormat final : public FileFormat {
public:
    QString name() const override;
    QString displayName() const override;
    QStringList extensions() const override;
    Capabilities capabilities() const override;
    QStringList exportWarnings(const DocumentData &document) const override;
    WriteResult write(const DocumentData &document, const FormatContext &context,
                      const WriteOptions &options) const override;
};

} // namespace hitsmith
