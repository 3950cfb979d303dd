#include "opponentcheck.h"

#include "documentdata.h"
#include "formatsniffer.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QHash>

namespace hitsmith {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::Validation", text);
}

} // namespace

QList<Problem> findVersusOpponentProblems(const DocumentData &document,
                                          const QString &documentDirectory) {
    QList<Problem> problems;
    QHash<QString, ReadResult> read; // by absolute path: setups often share one opponent
    const QDir folder(documentDirectory);
    for (int v = 0; v < document.versus.size(); ++v) {
        const VersusSetup &setup = document.versus[v];
        if (setup.defenderDocument.isEmpty())
            continue;
        const QString where = QStringLiteral("versus[%1]").arg(v);
        const QString path = folder.absoluteFilePath(setup.defenderDocument);
        const QString shown =
            documentDirectory.isEmpty() ? setup.defenderDocument : folder.relativeFilePath(path);
        if (!QFileInfo(path).isFile()) {
            problems.append({ProblemKind::MissingDefenderDocument,
                             tr("defender document not found: %1").arg(shown), -1, -1, -1, -1,
                             where});
            continue;
        }
        auto it = read.find(path);
        if (it == read.end())
            it = read.insert(path, readAnyDocumentFile(path));
        if (!it->isOk()) {
            problems.append({ProblemKind::MissingDefenderDocument,
                             tr("defender document %1 cannot be read: %2").arg(shown, it->error),
                             -1, -1, -1, -1, where});
            continue;
        }
        if (it->document->findFrame(setup.defender).first < 0)
            problems.append({ProblemKind::UnknownVersusFrame,
                             tr("versus setup names frame \"%1\", which %2 does not have "
                                "(expected \"sprite/frame\")")
                                 .arg(setup.defender, shown),
                             -1, -1, -1, -1, where});
    }
    return problems;
}

} // namespace hitsmith
