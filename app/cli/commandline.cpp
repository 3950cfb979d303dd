#include "commandline.h"

#include <QCoreApplication>

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
        // helpText() names the program by its full path; users type "hitsmith-cli COMMAND".
        QString text = parser.helpText();
        const QString programPath = QCoreApplication::arguments().value(0);
        const QString usage = QStringLiteral("Usage: ");
        if (text.startsWith(usage + programPath))
            text.replace(usage.size(), programPath.size(),
                         QStringLiteral("hitsmith-cli ") + commandName);
        output.out << text;
        return Success;
    }
    return std::nullopt;
}

} // namespace hitsmith::cli
