// hitsmith-cli: the headless side of Hitsmith for build pipelines.

#include "clicommands.h"

#include <QCoreApplication>

#include <cstdio>

using namespace hitsmith::cli;

static void printUsage(QTextStream &stream) {
    stream << "Usage: hitsmith-cli COMMAND [OPTIONS] [FILE...]\n\n"
              "Validates, collides and converts Hitsmith hitbox documents.\n\nCommands:\n";
    for (const Command &command : commands())
        stream << QStringLiteral("  %1%2\n")
                      .arg(QLatin1String(command.name), -10)
                      .arg(QLatin1String(command.summary));
    stream << "\nRun 'hitsmith-cli COMMAND --help' for a command's options.\n"
              "Exit status: 0 success, 1 a document has problems, 2 a file cannot be read or "
              "the command line is wrong.\n";
}

int main(int argc, char *argv[]) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("hitsmith-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HITSMITH_VERSION));

    QTextStream out(stdout);
    QTextStream err(stderr);
    Output output{out, err};

    QStringList arguments = QCoreApplication::arguments().mid(1);
    if (arguments.isEmpty()) {
        printUsage(err);
        return Failure;
    }
    const QString first = arguments.takeFirst();
    if (first == QLatin1String("--help") || first == QLatin1String("-h") ||
        first == QLatin1String("help")) {
        printUsage(out);
        return Success;
    }
    if (first == QLatin1String("--version") || first == QLatin1String("-v")) {
        out << "hitsmith-cli " << HITSMITH_VERSION << '\n';
        return Success;
    }
    for (const Command &command : commands()) {
        if (first == QLatin1String(command.name))
            return command.run(arguments, output);
    }
    err << "hitsmith-cli: unknown command '" << first << "'\n\n";
    printUsage(err);
    return Failure;
}
