#pragma once

// The subcommands of hitsmith-cli. Each takes its own arguments (without the program name and
// the subcommand) and returns the process exit code:
// 0 = success, 1 = a document has problems, 2 = a file cannot be read/parsed or bad usage.

#include <QStringList>
#include <QTextStream>

namespace hitsmith::cli {

/// Exit codes shared by every subcommand.
enum ExitCode { Success = 0, DocumentProblems = 1, Failure = 2 };

/// Streams every subcommand prints to.
struct Output {
    QTextStream &out;
    QTextStream &err;
};

/// One subcommand: its name, a one-line summary for --help, and the function that runs it.
struct Command {
    const char *name;
    const char *summary;
    int (*run)(const QStringList &arguments, Output &output);
};

/// `validate FILE...`
int runValidate(const QStringList &arguments, Output &output);
/// `hits FILE`
int runHits(const QStringList &arguments, Output &output);
/// `versus DOC --attacker SPRITE/FRAME --defender SPRITE/FRAME --dx X [--dy Y] ...`
int runVersus(const QStringList &arguments, Output &output);
/// `range DOC --attacker SPRITE --defender SPRITE/FRAME [--dy Y] ...`
int runRange(const QStringList &arguments, Output &output);
/// `moveset DOC --defender SPRITE/FRAME [--defender-doc FILE] [--dy Y] [--svg FILE] ...`
int runMoveset(const QStringList &arguments, Output &output);
/// `framedata DOC [--format json|csv|markdown] [--stun-convention written|mugen] [--layers ...]`
int runFrameData(const QStringList &arguments, Output &output);
/// `bench FILE [--edits K]`
int runBench(const QStringList &arguments, Output &output);

/// `formats`
int runFormats(const QStringList &arguments, Output &output);
/// `export [--format NAME] FILE -o OUT [--skip-invalid]`
int runExport(const QStringList &arguments, Output &output);
/// `import [--format NAME] IN -o FILE`
int runImport(const QStringList &arguments, Output &output);

/// `trace IMAGE [--cell WxH | --grid COLSxROWS] [options] -o OUT`
int runTrace(const QStringList &arguments, Output &output);

/// `render DOC -o DIR [--frame SPRITE/FRAME]... [--no-shapes] [--scale N] [--palette N]`
int runRender(const QStringList &arguments, Output &output);

/// All subcommands in the order --help lists them.
const QList<Command> &commands();

} // namespace hitsmith::cli
