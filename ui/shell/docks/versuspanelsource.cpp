// VersusPanel's "Defender from": the defender's document chosen, read again, listed (the
// panel's controls, tables and setup edits are in versuspanel.cpp).

#include "versuspanel.h"

#include "editorsession.h"
#include "fileio.h"
#include "formatregistry.h"
#include "prompts.h"
#include "structurecommands.h"
#include "versusopponents.h"
#include "versusservice.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QUndoStack>

namespace hitsmith {

namespace {

/// Every file the editor opens, for the opponent's file dialog.
QString opponentFilter() {
    QStringList patterns;
    for (const FileFormat *format : FormatRegistry::instance().formats())
        if (format->capabilities() & FileFormat::CanRead)
            for (const QString &extension : format->extensions())
                if (const QString pattern = QStringLiteral("*.") + extension;
                    !patterns.contains(pattern))
                    patterns << pattern;
    return VersusPanel::tr("Documents and characters (%1)").arg(patterns.join(u' ')) +
           QStringLiteral(";;") + VersusPanel::tr("All files (*)");
}

/// "sprite/frame" of the document's first frame; empty when it has none.
QString firstFrameName(const DocumentData &data) {
    for (int s = 0; s < data.sprites.size(); ++s)
        if (!data.sprites[s].frames.isEmpty())
            return data.sprites[s].name + u'/' + data.sprites[s].frames[0].name;
    return {};
}

} // namespace

void VersusPanel::refillSources(const QString &current) {
    // The files the document's setups name, then those opened since it was loaded.
    QStringList paths;
    for (const VersusSetup &setup : mSession->document()->data().versus)
        if (!setup.defenderDocument.isEmpty() && !paths.contains(setup.defenderDocument))
            paths << setup.defenderDocument;
    for (const QString &path : mOpponents->paths())
        if (!paths.contains(path))
            paths << path;
    if (!current.isEmpty() && !paths.contains(current))
        paths << current;
    QStringList shown;
    for (int i = 1; i + 1 < mSource->count(); ++i)
        shown << mSource->itemData(i).toString();
    if (shown != paths || mSource->count() != paths.size() + 2) {
        mSource->clear();
        mSource->addItem(tr("This document"), QString());
        mSource->setItemData(0, tr("The defender is a frame of this document"), Qt::ToolTipRole);
        for (const QString &path : std::as_const(paths)) {
            mSource->addItem(QFileInfo(path).fileName(), path);
            mSource->setItemData(mSource->count() - 1, QDir::toNativeSeparators(path),
                                 Qt::ToolTipRole);
        }
        mSource->addItem(tr("Open other…"), QString());
        mSource->setItemData(mSource->count() - 1,
                             tr("Choose another character's document (read only)"),
                             Qt::ToolTipRole);
    }
    mSource->setCurrentIndex(current.isEmpty() ? 0 : int(paths.indexOf(current)) + 1);
}

void VersusPanel::onSourceActivated(int index) {
    if (mRefreshing)
        return;
    if (index == mSource->count() - 1)
        openOpponent();
    else
        chooseSource(mSource->itemData(index).toString());
}

void VersusPanel::openOpponent() {
    const QString current = shownSetup().defenderDocument;
    const QString dir =
        current.isEmpty() ? mSession->documentDir() : QFileInfo(current).absolutePath();
    const QString chosen = mPrompts->openFileName(this, tr("Defender from"), dir, opponentFilter());
    if (chosen.isEmpty()) {
        refresh(); // cancelled: the combo shows the setup's document again
        return;
    }
    const QString path = QFileInfo(chosen).absoluteFilePath();
    const QString own = mSession->document()->filePath();
    const QString name = QFileInfo(path).fileName();
    if (!own.isEmpty() && isSameFile(path, own)) {
        mPrompts->showError(this, tr("Defender from"),
                            tr("%1 is this document; its frames are the defenders of \"This "
                               "document\".")
                                .arg(name));
        chooseSource(QString());
        return;
    }
    const VersusOpponents::Entry entry = mOpponents->reload(path, true);
    QString refusal;
    if (!entry.isOk())
        refusal = entry.error;
    else if (firstFrameName(*entry.data).isEmpty())
        refusal = tr("it has no frames to stand against the attacker");
    if (!refusal.isEmpty()) {
        mPrompts->showError(this, tr("Defender from"),
                            tr("%1 cannot be the defender's document: %2\n\nThe versus setup "
                               "is unchanged.")
                                .arg(QDir::toNativeSeparators(path), refusal));
        refresh();
        return;
    }
    chooseSource(path);
    Q_EMIT defenderPictureChanged();
}

void VersusPanel::reloadOpponent() {
    const QString source = shownSetup().defenderDocument;
    if (source.isEmpty())
        return;
    // As the file is now: one that is gone or broken is named in the note, the setup kept.
    mOpponents->reload(source, false);
    refresh();
    Q_EMIT defenderPictureChanged();
}

void VersusPanel::chooseSource(const QString &path) {
    Document *document = mSession->document();
    const int index = setupIndex();
    VersusSetup setup = shownSetup();
    if (!document->contains(mSession->currentFrame()) ||
        (index >= 0 && setup.defenderDocument == path) ||
        (setup.defender.isEmpty() && path.isEmpty())) {
        refresh(); // nothing changes
        return;
    }
    const DocumentData *data =
        path.isEmpty() ? &document->data() : mOpponents->get(path).data.get();
    if (!data) {
        // A listed file that is gone or broken (another frame's setup names it).
        mPrompts->showError(this, tr("Defender from"),
                            tr("%1 cannot be the defender's document: %2\n\nThe versus setup "
                               "is unchanged.")
                                .arg(QDir::toNativeSeparators(path), mOpponents->get(path).error));
        refresh();
        return;
    }
    // The same frame name when that document has it, else its first frame.
    if (data->findFrame(setup.defender).first < 0)
        setup.defender = firstFrameName(*data);
    if (setup.defender.isEmpty()) {
        refresh();
        return;
    }
    setup.attacker = attackerName();
    setup.defenderDocument = path;
    QList<VersusSetup> setups = document->data().versus;
    if (index >= 0)
        setups[index] = setup;
    else
        setups.append(setup);
    const QString text =
        path.isEmpty()
            ? tr("Stand %1 of this document against %2").arg(setup.defender, setup.attacker)
            : tr("Stand %1 of %2 against %3")
                  .arg(setup.defender, QFileInfo(path).fileName(), setup.attacker);
    document->undoStack()->push(new SetVersusCommand(document, setups, text));
}

FramePicture VersusPanel::defenderPicture() const {
    if (!mService->isActive())
        return {};
    const FrameRef d = mService->placement().defender;
    if (const std::shared_ptr<const DocumentData> opponent = mService->opponent())
        return mOpponents->pictures()->picture(*opponent, d.sprite, d.frame,
                                               QFileInfo(mService->opponentFile()).absolutePath());
    return mSession->picture(d);
}

} // namespace hitsmith
