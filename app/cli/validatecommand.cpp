#include "clicommands.h"
#include "commandline.h"

#include "hitsmithformat.h"
#include "validation.h"

#include <QFileInfo>

namespace hitsmith::cli {

int runValidate(const QStringList &arguments, Output &output) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Checks Hitsmith documents and prints each problem as FILE: sprite/frame/shape-id: "
        "reason (a missing sprite image is a problem too).\n"
        "Exit status: 0 all valid, 1 a document has problems, 2 a file cannot be read."));
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Documents to check."),
                                 QStringLiteral("FILE..."));
    const std::optional<int> early =
        parseArguments(parser, QStringLiteral("validate"), arguments, output);
    if (early)
        return *early;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        output.err << "hitsmith-cli validate: no FILE given (see --help)\n";
        return Failure;
    }

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
        for (const Problem &problem : problems)
            output.out << file << ": " << problem.location << ": " << problem.reason << '\n';
        if (!problems.isEmpty() && status == Success)
            status = DocumentProblems;
    }
    return status;
}

} // namespace hitsmith::cli
