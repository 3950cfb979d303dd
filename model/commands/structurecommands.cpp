#include "structurecommands.h"

#include <QCoreApplication>

namespace hitsmith {

InsertSpriteCommand::InsertSpriteCommand(Document *document, int index, Sprite sprite,
                                         const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mIndex(index)
    , mSprite(std::move(sprite)) {}

void InsertSpriteCommand::redo() {
    mDocument->insertSprite(mIndex, mSprite);
}
void InsertSpriteCommand::undo() {
    mSprite = mDocument->takeSprite(mIndex);
}

RemoveSpriteCommand::RemoveSpriteCommand(Document *document, int index, const QString &text,
                                         QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mIndex(index) {}

void RemoveSpriteCommand::redo() {
    mSprite = mDocument->takeSprite(mIndex);
}
void RemoveSpriteCommand::undo() {
    mDocument->insertSprite(mIndex, mSprite);
}

ChangeSpriteCommand::ChangeSpriteCommand(Document *document, int index, const QString &name,
                                         const QString &image, const QString &text,
                                         QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mIndex(index)
    , mOldName(document->sprite(index).name)
    , mNewName(name)
    , mOldImage(document->sprite(index).image)
    , mNewImage(image)
    , mOldDuration(document->sprite(index).duration)
    , mNewDuration(mOldDuration) {}

void ChangeSpriteCommand::redo() {
    mDocument->setSpriteInfo(mIndex, mNewName, mNewImage, mDocument->sprite(mIndex).extra,
                             mNewDuration);
}

void ChangeSpriteCommand::undo() {
    mDocument->setSpriteInfo(mIndex, mOldName, mOldImage, mDocument->sprite(mIndex).extra,
                             mOldDuration);
}

RenameSpriteCommand::RenameSpriteCommand(Document *document, int index, const QString &name,
                                         QUndoCommand *parent)
    : ChangeSpriteCommand(
          document, index, name, document->sprite(index).image,
          QCoreApplication::translate("hitsmith::RenameSpriteCommand", "Rename sprite %1 to %2")
              .arg(document->sprite(index).name, name),
          parent) {}

SetSpriteImageCommand::SetSpriteImageCommand(Document *document, int index, const QString &image,
                                             QUndoCommand *parent)
    : ChangeSpriteCommand(
          document, index, document->sprite(index).name, image,
          image.isEmpty()
              ? QCoreApplication::translate("hitsmith::SetSpriteImageCommand", "Remove image of %1")
                    .arg(document->sprite(index).name)
              : QCoreApplication::translate("hitsmith::SetSpriteImageCommand", "Set image of %1")
                    .arg(document->sprite(index).name),
          parent) {}

SetSpriteDurationCommand::SetSpriteDurationCommand(Document *document, int index,
                                                   std::optional<int> duration,
                                                   QUndoCommand *parent)
    : ChangeSpriteCommand(
          document, index, document->sprite(index).name, document->sprite(index).image,
          duration ? QCoreApplication::translate("hitsmith::SetSpriteDurationCommand",
                                                 "Set default duration of %1 to %2 ms")
                         .arg(document->sprite(index).name)
                         .arg(*duration)
                   : QCoreApplication::translate("hitsmith::SetSpriteDurationCommand",
                                                 "Clear default duration of %1")
                         .arg(document->sprite(index).name),
          parent) {
    setNewDuration(duration);
}

MoveSpriteCommand::MoveSpriteCommand(Document *document, int from, int to, const QString &text,
                                     QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mFrom(from)
    , mTo(to) {}

void MoveSpriteCommand::redo() {
    mDocument->moveSprite(mFrom, mTo);
}
void MoveSpriteCommand::undo() {
    mDocument->moveSprite(mTo, mFrom);
}

InsertFrameCommand::InsertFrameCommand(Document *document, FrameRef ref, Frame frame,
                                       const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mRef(ref)
    , mFrame(std::move(frame)) {}

void InsertFrameCommand::redo() {
    mDocument->insertFrame(mRef, mFrame);
}
void InsertFrameCommand::undo() {
    mFrame = mDocument->takeFrame(mRef);
}

RemoveFrameCommand::RemoveFrameCommand(Document *document, FrameRef ref, const QString &text,
                                       QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mRef(ref) {}

void RemoveFrameCommand::redo() {
    mFrame = mDocument->takeFrame(mRef);
}
void RemoveFrameCommand::undo() {
    mDocument->insertFrame(mRef, mFrame);
}

static Frame frameInfoOf(const Frame &frame) {
    Frame info = frame;
    info.shapes.clear();
    return info;
}

ChangeFrameCommand::ChangeFrameCommand(Document *document, FrameRef ref, const Frame &newInfo,
                                       const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mRef(ref)
    , mOldInfo(frameInfoOf(document->frame(ref)))
    , mNewInfo(frameInfoOf(newInfo)) {}

void ChangeFrameCommand::redo() {
    mDocument->setFrameInfo(mRef, mNewInfo);
}
void ChangeFrameCommand::undo() {
    mDocument->setFrameInfo(mRef, mOldInfo);
}

MoveFrameCommand::MoveFrameCommand(Document *document, int sprite, int from, int to,
                                   const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mSprite(sprite)
    , mFrom(from)
    , mTo(to) {}

void MoveFrameCommand::redo() {
    mDocument->moveFrame(mSprite, mFrom, mTo);
}
void MoveFrameCommand::undo() {
    mDocument->moveFrame(mSprite, mTo, mFrom);
}

SetCollisionRulesCommand::SetCollisionRulesCommand(Document *document,
                                                   std::optional<QList<LayerPair>> collide,
                                                   QList<LayerStyle> layers, const QString &text,
                                                   QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mOldCollide(document->data().collide)
    , mNewCollide(std::move(collide))
    , mOldLayers(document->data().layers)
    , mNewLayers(std::move(layers)) {}

void SetCollisionRulesCommand::redo() {
    apply(mNewCollide, mNewLayers);
}
void SetCollisionRulesCommand::undo() {
    apply(mOldCollide, mOldLayers);
}

void SetCollisionRulesCommand::apply(const std::optional<QList<LayerPair>> &collide,
                                     const QList<LayerStyle> &layers) {
    if (mDocument->data().collide != collide)
        mDocument->setCollide(collide);
    if (mDocument->data().layers != layers)
        mDocument->setLayers(layers);
}

SetVersusCommand::SetVersusCommand(Document *document, QList<VersusSetup> versus,
                                   const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mOld(document->data().versus)
    , mNew(std::move(versus)) {}

void SetVersusCommand::redo() {
    mDocument->setVersus(mNew);
}
void SetVersusCommand::undo() {
    mDocument->setVersus(mOld);
}

SetTickRateCommand::SetTickRateCommand(Document *document, int ticksPerSecond, QUndoCommand *parent)
    : QUndoCommand(
          QCoreApplication::translate("hitsmith::SetTickRateCommand", "Set tick rate to %1 ticks/s")
              .arg(ticksPerSecond),
          parent)
    , mDocument(document)
    , mOld(document->data().tickRate)
    , mNew(ticksPerSecond) {}

void SetTickRateCommand::redo() {
    mDocument->setTickRate(mNew);
}
void SetTickRateCommand::undo() {
    mDocument->setTickRate(mOld);
}

} // namespace hitsmith
