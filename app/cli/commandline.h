#pragma once

#include "clicommands.h"

#include <QCommandLineParser>

#include <optional>

namespace hitsmith::cli {

/// Parses a subcommand's arguments with --help; returns an exit code when the command must stop
/// here (help shown, or a usage error printed), nullopt to go on.
std::optional<int> parseArguments(QCommandLineParser &parser, const QString &commandName,
                                  const QStringList &arguments, Output &output);

} // namespace hitsmith::cli
