#pragma once

// The runtime loaders' conformance drivers (runtimes/<lang>/conformance, FORMAT.md section 7) as
// the tests run them: one list, so the Lua and C# drivers plug in by being there.

#include <QDir>
#include <QFileInfo>
#include <QList>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace hitsmith::test {

/// One driver: its folder under runtimes/, the commands it needs (each entry: alternatives
/// separated by '|', all entries required) and extra environment.
struct Driver {
    QString name;            ///< row name
    QString folder;          ///< runtimes/<folder>/conformance
    QStringList toolchain;   ///< e.g. {"node"}, {"mcs|csc", "mono"}
    QStringList environment; ///< NAME=value pairs
};

/// Every driver the tests run: the C loader built by cc, by clang and under ASan + UBSan; the JS
/// loader under Node.js; the Lua loader under the driver's own choice, LuaJIT and Lua 5.1 (its
/// driver takes HITSMITH_LUA); the C# loader with mcs and mono.
inline QList<Driver> conformanceDrivers() {
    const QString sanitize = QStringLiteral(
        "HITSMITH_CFLAGS=-fsanitize=address,undefined -fno-sanitize-recover=all -g -O1");
    return {
        {QStringLiteral("c"), QStringLiteral("c"), {QStringLiteral("cc")}, {}},
        {QStringLiteral("c-clang"),
         QStringLiteral("c"),
         {QStringLiteral("clang")},
         {QStringLiteral("CC=clang")}},
        {QStringLiteral("c-sanitized"), QStringLiteral("c"), {QStringLiteral("cc")}, {sanitize}},
        {QStringLiteral("js"), QStringLiteral("js"), {QStringLiteral("node")}, {}},
        {QStringLiteral("lua"),
         QStringLiteral("lua"),
         {QStringLiteral("lua5.4|luajit|lua5.1|lua")},
         {}},
        {QStringLiteral("luajit"),
         QStringLiteral("lua"),
         {QStringLiteral("luajit")},
         {QStringLiteral("HITSMITH_LUA=luajit")}},
        {QStringLiteral("lua5.1"),
         QStringLiteral("lua"),
         {QStringLiteral("lua5.1")},
         {QStringLiteral("HITSMITH_LUA=lua5.1")}},
        {QStringLiteral("csharp"),
         QStringLiteral("csharp"),
         {QStringLiteral("mcs|csc"), QStringLiteral("mono")},
         {}},
    };
}

/// The driver's executable.
inline QString driverPath(const Driver &driver) {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + QStringLiteral("/runtimes/") +
           driver.folder + QStringLiteral("/conformance");
}

/// Empty when the driver and its toolchain are there, else what is missing.
inline QString driverMissing(const Driver &driver) {
    if (!QFileInfo(driverPath(driver)).isExecutable())
        return driverPath(driver) + QStringLiteral(" is missing");
    for (const QString &entry : driver.toolchain) {
        bool found = false;
        for (const QString &command : entry.split(u'|'))
            found = found || !QStandardPaths::findExecutable(command).isEmpty();
        if (!found)
            return QStringLiteral("no %1 on PATH for the %2 loader").arg(entry, driver.name);
    }
    return {};
}

/// What a driver run gave.
struct DriverRun {
    bool finished = false; ///< false: timed out or crashed (killed by a signal)
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// Runs a driver on two files; buildDir caches the C and C# programs between runs.
inline DriverRun runDriver(const Driver &driver, const QString &runtime, const QString &queries,
                           const QString &buildDir, int timeoutMs = 120000) {
    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &pair : driver.environment)
        env.insert(pair.section(u'=', 0, 0), pair.section(u'=', 1));
    env.insert(QStringLiteral("HITSMITH_C_BUILD_DIR"), buildDir);
    env.insert(QStringLiteral("HITSMITH_CSHARP_BUILD_DIR"), buildDir);
    env.insert(QStringLiteral("ASAN_OPTIONS"), QStringLiteral("detect_leaks=1:exitcode=86"));
    env.insert(QStringLiteral("UBSAN_OPTIONS"),
               QStringLiteral("print_stacktrace=1:halt_on_error=1:exitcode=86"));
    process.setProcessEnvironment(env);
    process.start(driverPath(driver), {runtime, queries});
    DriverRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5000);
        run.err = process.readAllStandardError();
        return run;
    }
    run.finished = process.exitStatus() == QProcess::NormalExit;
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace hitsmith::test
