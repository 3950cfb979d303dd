#pragma once

// The options `versus` and `range` share (--attacker, --defender, --dy, --same-facing, --layers),
// how they are read, and how the document and the defender's frame are found.

#include "clicommands.h"

#include "versus.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <optional>

namespace hitsmith::cli {

/// What both commands are told about the two characters.
struct VersusArguments {
    double dy = 0.0;                  ///< defender origin y
    Facing facing = Facing::Opposite; ///< mirrored unless --same-facing
    VersusLayers layers;              ///< nullopt: the default (see VersusLayers)
};

/// The shared options of one command; `attackerValue` names what --attacker takes
/// ("SPRITE/FRAME" for versus, "SPRITE" for range).
class VersusOptions {
public:
    VersusOptions(const QString &attackerHelp, const QString &attackerValue);

    /// Adds the shared options to the parser.
    void addTo(QCommandLineParser &parser) const;
    /// Reads --dy, --same-facing and --layers; nullopt and a usage message in *error when one
    /// is malformed.
    std::optional<VersusArguments> read(const QCommandLineParser &parser, QString *error) const;

    QCommandLineOption attacker;   ///< --attacker
    QCommandLineOption defender;   ///< --defender SPRITE/FRAME
    QCommandLineOption dy;         ///< --dy Y (0)
    QCommandLineOption sameFacing; ///< --same-facing
    QCommandLineOption layers;     ///< --layers A:B[,A:B...]
};

/// Prints "hitsmith-cli COMMAND: message (see --help)" and returns Failure.
int usageError(Output &output, const QString &command, const QString &message);

/// Loads the document of a versus command; nullopt after printing why it cannot be read.
std::optional<DocumentData> loadVersusDocument(const QString &file, Output &output);

/// Finds SPRITE/FRAME in the document; nullopt after printing that there is no such frame.
std::optional<FrameRef> findVersusFrame(const DocumentData &data, const QString &text,
                                        const QString &file, Output &output);

} // namespace hitsmith::cli
