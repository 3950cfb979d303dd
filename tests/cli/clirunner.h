#pragma once

// Runs build/bin/hitsmith-cli as a user would and captures what it prints.

#include <QProcess>
#include <QString>
#include <QStringList>

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline CliRun runCli(const QStringList &arguments) {
    QProcess process;
    process.start(qEnvironmentVariable("HITSMITH_BIN_DIR") + QStringLiteral("/hitsmith-cli"),
                  arguments);
    CliRun run;
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit)
        return run;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}
