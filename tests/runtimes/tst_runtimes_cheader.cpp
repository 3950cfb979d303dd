// Issue 44: runtimes/c/hitsmith.h compiles warning-free as strict C99 under gcc and clang (and as
// C++ for C++ engines), and its C API checks (tests/runtimes/capi_check.c: the user allocator,
// allocation failure at every call, frame lookup at boundaries, mirrored placement with root
// motion, hit order and capacity, error paths) pass, plainly and under ASan + UBSan.

#include "testsupport.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

QString source(const QString &relative) {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + u'/' + relative;
}

struct Run {
    bool finished = false;
    int exitCode = -1;
    QByteArray output;
};

Run run(const QString &program, const QStringList &arguments) {
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    Run r;
    if (!process.waitForFinished(300000)) {
        process.kill();
        process.waitForFinished(5000);
        return r;
    }
    r.finished = process.exitStatus() == QProcess::NormalExit;
    r.exitCode = process.exitCode();
    r.output = process.readAllStandardOutput();
    return r;
}

} // namespace

class TestRuntimesCHeader : public QObject {
    Q_OBJECT

    QTemporaryDir mDir;

private Q_SLOTS:
    void initTestCase() { QVERIFY(mDir.isValid()); }

    void compiles_data() {
        QTest::addColumn<QString>("compiler");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("flags");
        const QStringList c99{QStringLiteral("-std=c99"), QStringLiteral("-Wall"),
                              QStringLiteral("-Wextra"), QStringLiteral("-Werror"),
                              QStringLiteral("-pedantic")};
        const QStringList cxx{QStringLiteral("-x"),         QStringLiteral("c++"),
                              QStringLiteral("-std=c++17"), QStringLiteral("-Wall"),
                              QStringLiteral("-Wextra"),    QStringLiteral("-Werror"),
                              QStringLiteral("-pedantic")};
        for (const QString &file : {QStringLiteral("runtimes/c/conformance.c"),
                                    QStringLiteral("tests/runtimes/capi_check.c")}) {
            const QString name = QFileInfo(file).baseName();
            for (const QString &level : {QStringLiteral("-O0"), QStringLiteral("-O2")}) {
                QTest::addRow("gcc %s %s", qPrintable(name), qPrintable(level))
                    << QStringLiteral("gcc") << file << (c99 + QStringList{level});
                QTest::addRow("clang %s %s", qPrintable(name), qPrintable(level))
                    << QStringLiteral("clang") << file << (c99 + QStringList{level});
            }
            QTest::addRow("g++ %s", qPrintable(name)) << QStringLiteral("g++") << file << cxx;
            QTest::addRow("clang++ %s", qPrintable(name))
                << QStringLiteral("clang++") << file << cxx;
        }
    }

    // Not one warning: the header is included as it is into engines built with these flags.
    void compiles() {
        QFETCH(QString, compiler);
        QFETCH(QString, file);
        QFETCH(QStringList, flags);
        if (QStandardPaths::findExecutable(compiler).isEmpty())
            HITSMITH_SKIP_OR_FAIL(qPrintable(QStringLiteral("no %1 on PATH").arg(compiler)));
        const QString out = mDir.filePath(QStringLiteral("compiled"));
        const Run r = run(
            compiler,
            flags + QStringList{QStringLiteral("-I") + source(QStringLiteral("runtimes/c")),
                                source(file), QStringLiteral("-o"), out, QStringLiteral("-lm")});
        QVERIFY2(r.finished && r.exitCode == 0, r.output.constData());
        QVERIFY2(r.output.isEmpty(), r.output.constData());
    }

    void capi_data() {
        QTest::addColumn<QString>("compiler");
        QTest::addColumn<QStringList>("flags");
        QTest::newRow("gcc") << QStringLiteral("gcc") << QStringList{QStringLiteral("-O2")};
        QTest::newRow("clang asan+ubsan")
            << QStringLiteral("clang")
            << QStringList{QStringLiteral("-O1"), QStringLiteral("-g"),
                           QStringLiteral("-fsanitize=address,undefined"),
                           QStringLiteral("-fno-sanitize-recover=all")};
        QTest::newRow("gcc asan+ubsan")
            << QStringLiteral("gcc")
            << QStringList{QStringLiteral("-O1"), QStringLiteral("-g"),
                           QStringLiteral("-fsanitize=address,undefined"),
                           QStringLiteral("-fno-sanitize-recover=all")};
    }

    // The C API checks, with leak detection under ASan.
    void capi() {
        QFETCH(QString, compiler);
        QFETCH(QStringList, flags);
        if (QStandardPaths::findExecutable(compiler).isEmpty())
            HITSMITH_SKIP_OR_FAIL(qPrintable(QStringLiteral("no %1 on PATH").arg(compiler)));
        const QString out =
            mDir.filePath(QStringLiteral("capi_") + QString::number(QTest::currentDataTag()[0]));
        const Run built = run(
            compiler, QStringList{QStringLiteral("-std=c99")} + flags +
                          QStringList{QStringLiteral("-I") + source(QStringLiteral("runtimes/c")),
                                      source(QStringLiteral("tests/runtimes/capi_check.c")),
                                      QStringLiteral("-o"), out, QStringLiteral("-lm")});
        QVERIFY2(built.finished && built.exitCode == 0, built.output.constData());
        // A German locale (decimal comma) built into the temporary folder where localedef can:
        // strtod then reads "12.5" as 12 unless the loader spells numbers the locale's way.
        const QString locales = mDir.filePath(QStringLiteral("locales"));
        const bool comma = !QStandardPaths::findExecutable(QStringLiteral("localedef")).isEmpty() &&
                           QDir().mkpath(locales) &&
                           run(QStringLiteral("localedef"),
                               {QStringLiteral("-i"), QStringLiteral("de_DE"), QStringLiteral("-f"),
                                QStringLiteral("UTF-8"), locales + QStringLiteral("/de_DE.UTF-8")})
                                   .exitCode == 0;
        qputenv("LOCPATH", locales.toLocal8Bit());
        const Run checked = run(out, {});
        qunsetenv("LOCPATH");
        QVERIFY2(checked.finished && checked.exitCode == 0, checked.output.constData());
        QVERIFY2(checked.output.trimmed().endsWith("ok"), checked.output.constData());
        if (comma)
            QVERIFY2(checked.output.contains("decimal point ','"), checked.output.constData());
    }
};

QTEST_GUILESS_MAIN(TestRuntimesCHeader)
#include "tst_runtimes_cheader.moc"
