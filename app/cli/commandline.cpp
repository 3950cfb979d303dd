#include "commandline.h"

namespace hitsmith::cli {

std::optional<int> parseArguments(QCommandLineParser &parser, const QString &commandName,
                                  const QStringList &arguments, Output &output) {
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    // QCommandLineParser expects the program name first.
    if (!parser.parse(QStringList{QStringLiteral("hitsmith-cli ") + commandName} + arguments)) {
        output.err << "hitsmith-cli " << commandName << ": " << parser.errorText() << '\n';
        return Failure;
    }
    if (parser.isSet(help)) {
        output.out << parser.helpText();
        return Success;
    }
    return std::nullopt;
}

} // namespace hitsmith::cli
