#include "clicommands.h"
#include "commandline.h"
#include "versusoptions.h"

#include "hitsmithformat.h"
#include "operations/moveset.h"
#include "opponentcheck.h"
#include "validation.h"

#include <QFileInfo>

namespace hitsmith::cli {

namespace {

QString num(double v) {
    return QString::number(v, 'f', 2);
}

/// validate --sweep: one problem line per attacker frame whose swing from the frame before
/// passes through the defender where neither frame connects; false when there is none.
bool printTunnels(const QString &file, DocumentData data, const QCommandLineParser &parser,
                  const VersusOptions &options, const VersusArguments &versus, Output &output,
                  bool *failed) {
    // The moves first: a defender taken from --defender-doc is appended and is no move.
    const QList<int> sprites = operations::attackSprites(data, versus.layers);
    const std::optional<FrameRef> defender = findDefender(data, file, parser, options, output);
    if (!defender) {
        *failed = true;
        return false;
    }
    const QString defenderName = parser.value(options.defender);
    bool any = false;
    for (const operations::MoveReach &move : operations::movesetReach(
             data, sprites, *defender, versus.dy, versus.facing, versus.layers)) {
        const Sprite &sprite = data.sprites[move.sprite];
        for (int f = 1; f < move.tunnels.size(); ++f) {
            if (move.tunnels[f].isEmpty())
                continue;
            QStringList pieces;
            for (const DxInterval &i : move.tunnels[f])
                pieces << num(i.lo) + QStringLiteral("..") + num(i.hi);
            output.out << file << ": " << sprite.name << '/' << sprite.frames[f].name
                       << ": the swing from " << sprite.frames[f - 1].name << " passes through "
                       << defenderName << " at dx " << pieces.join(QStringLiteral(", "))
                       << " where neither frame touches it (a frame-by-frame test misses it)\n";
            any = true;
        }
    }
    return any;
}

} // namespace

int runValidate(const QStringList &arguments, Output &output) {
    const QString command = QStringLiteral("validate");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Checks Hitsmith documents and prints each problem as FILE: sprite/frame/shape-id: "
        "reason (a missing sprite image is a problem too, and so is a saved versus setup whose "
        "defender document is missing, unreadable or lacks the defender frame). A frame whose "
        "duration is no whole number of ticks at the document's tick_rate is printed as FILE: "
        "sprite/frame.duration: warning: reason, and leaves the exit status as it is.\n"
        "With --sweep --defender SPRITE/FRAME, also every attacker frame whose swing from the "
        "frame before passes through that defender frame while neither frame touches it (as "
        "`range --sweep` finds them: a hit a game testing frame by frame misses), as FILE: "
        "sprite/frame: the swing from FRAME passes through SPRITE/FRAME at dx LO..HI, ... The "
        "defender is looked up in each FILE, or in --defender-doc; layer pairs, --dy and "
        "--same-facing as in versus.\n"
        "Exit status: 0 all valid, 1 a document has problems (or a tunnel with --sweep), 2 a "
        "file cannot be read, no such defender frame, or bad usage."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Documents to check."),
                                 QStringLiteral("FILE..."));
    const VersusOptions options{QString(), QString()};
    const QCommandLineOption sweep(
        QStringLiteral("sweep"),
        QStringLiteral("Also name the frames whose swing passes through --defender between two "
                       "frames where neither frame touches it."));
    parser.addOptions({sweep, options.defender, options.defenderDoc, options.dy, options.sameFacing,
                       options.layers});
    const std::optional<int> early = parseArguments(parser, command, arguments, output);
    if (early)
        return *early;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        output.err << "hitsmith-cli validate: no FILE given (see --help)\n";
        return Failure;
    }
    if (parser.isSet(sweep) != parser.isSet(options.defender))
        return usageError(output, command,
                          parser.isSet(sweep) ? QStringLiteral("--sweep needs --defender")
                                              : QStringLiteral("--defender needs --sweep"));
    for (const QCommandLineOption *versusOnly :
         {&options.defenderDoc, &options.dy, &options.sameFacing, &options.layers})
        if (parser.isSet(*versusOnly) && !parser.isSet(sweep))
            return usageError(
                output, command,
                QStringLiteral("--%1 needs --sweep").arg(versusOnly->names().first()));
    QString error;
    const std::optional<VersusArguments> versus = options.read(parser, &error);
    if (!versus)
        return usageError(output, command, error);

    int status = Success;
    for (const QString &file : files) {
        const ReadResult result = loadDocumentFile(file);
        if (!result.isOk()) {
            output.err << file << ": " << result.error << '\n';
            status = Failure;
            continue;
        }
        QList<Problem> problems = validateDocument(*result.document);
        problems += findMissingImages(*result.document, QFileInfo(file).absolutePath());
        problems += findVersusOpponentProblems(*result.document, QFileInfo(file).absolutePath());
        for (const Problem &problem : problems)
            output.out << file << ": " << problem.location << ": " << problem.reason << '\n';
        // Warnings say where frame data rounds; they leave the exit status alone.
        for (const Problem &warning : tickWarnings(*result.document))
            output.out << file << ": " << warning.location << ": warning: " << warning.reason
                       << '\n';
        bool failed = false;
        const bool tunnels = parser.isSet(sweep) && printTunnels(file, *result.document, parser,
                                                                 options, *versus, output, &failed);
        if (failed)
            status = Failure;
        else if ((!problems.isEmpty() || tunnels) && status == Success)
            status = DocumentProblems;
    }
    return status;
}

} // namespace hitsmith::cli
