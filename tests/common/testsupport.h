#pragma once

// Shared by every test program (tests/CMakeLists.txt puts tests/common on the include path).

#include <QTest>
#include <QtGlobal>

namespace hitsmith::test {

/// True when HITSMITH_STRICT=1 (CI): a missing consumer, fixture or binary is then a failure.
inline bool isStrict() {
    return qEnvironmentVariableIntValue("HITSMITH_STRICT") == 1;
}

} // namespace hitsmith::test

/// Skips the current test function because something outside the code under test is missing
/// (tiled, node/npm, a fixture folder, a built binary). Under HITSMITH_STRICT=1 (CI) it fails
/// instead, so CI can never go green over a test that did not run. Use it for every such skip;
/// plain QSKIP is for skips that are a consequence of another failure only.
#define HITSMITH_SKIP_OR_FAIL(reason)                                                              \
    do {                                                                                           \
        if (::hitsmith::test::isStrict())                                                          \
            QFAIL(qPrintable(QStringLiteral("HITSMITH_STRICT=1 and a test would skip: ") +         \
                             QString::fromUtf8(reason)));                                          \
        QSKIP(reason);                                                                             \
    } while (false)
