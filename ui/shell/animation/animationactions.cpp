#include "animationactions.h"

#include "animationcommands.h"
#include "copyframesdialog.h"
#include "editorsession.h"
#include "interpolatedialog.h"
#include "prompts.h"
#include "shapecommands.h"

#include <algorithm>

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QMenu>
#include <QUndoStack>

namespace hitsmith {

using operations::MirrorAxis;

namespace {

/// One line per frame: "attack-2: blade, swing".
QString clashLines(const Sprite &sprite, const QList<operations::IdClash> &clashes) {
    QStringList lines;
    int lastFrame = -1;
    for (const operations::IdClash &clash : clashes) {
        if (clash.frame != lastFrame)
            lines.append(sprite.frames[clash.frame].name + QStringLiteral(": ") + clash.id);
        else
            lines.last() += QStringLiteral(", ") + clash.id;
        lastFrame = clash.frame;
    }
    return lines.join(u'\n');
}

} // namespace

AnimationActions::AnimationActions(EditorSession *session, Prompts *prompts, QWidget *window)
    : QObject(window)
    , mSession(session)
    , mPrompts(prompts)
    , mWindow(window) {
    setObjectName(QStringLiteral("animationActions"));
    // Ctrl+Alt+arrows: free in the editor (arrows nudge, Shift+arrows nudge by 10).
    connect(add(ActionId::CopyToNextFrame, tr("Copy to &Next Frame"), "copyToNextFrameAction",
                QKeySequence(tr("Ctrl+Alt+Right"))),
            &QAction::triggered, this, &AnimationActions::copyToNextFrame);
    connect(add(ActionId::CopyToFrames, tr("Copy to &Frames..."), "copyToFramesAction"),
            &QAction::triggered, this, &AnimationActions::copyToFrames);
    connect(add(ActionId::CopyToLaterFrames, tr("Copy to &All Later Frames"),
                "copyToLaterFramesAction", QKeySequence(tr("Ctrl+Alt+Shift+Right"))),
            &QAction::triggered, this, &AnimationActions::copyToLaterFrames);
    // Shift+H / Shift+V as in Aseprite; text fields keep their capital letters.
    connect(add(ActionId::FlipHorizontally, tr("Flip &Horizontally"), "flipHorizontallyAction",
                QKeySequence(tr("Shift+H"))),
            &QAction::triggered, this, [this] { flip(MirrorAxis::Horizontal); });
    connect(add(ActionId::FlipVertically, tr("Flip &Vertically"), "flipVerticallyAction",
                QKeySequence(tr("Shift+V"))),
            &QAction::triggered, this, [this] { flip(MirrorAxis::Vertical); });
    connect(add(ActionId::MirrorFrameHorizontally, tr("Mirror Frame Horizontally"),
                "mirrorFrameHorizontallyAction"),
            &QAction::triggered, this, [this] { mirrorFrame(MirrorAxis::Horizontal); });
    connect(add(ActionId::MirrorFrameVertically, tr("Mirror Frame Vertically"),
                "mirrorFrameVerticallyAction"),
            &QAction::triggered, this, [this] { mirrorFrame(MirrorAxis::Vertical); });
    connect(add(ActionId::MirrorSpriteHorizontally, tr("Mirror Sprite Horizontally"),
                "mirrorSpriteHorizontallyAction"),
            &QAction::triggered, this, [this] { mirrorSprite(MirrorAxis::Horizontal); });
    connect(add(ActionId::MirrorSpriteVertically, tr("Mirror Sprite Vertically"),
                "mirrorSpriteVerticallyAction"),
            &QAction::triggered, this, [this] { mirrorSprite(MirrorAxis::Vertical); });
    connect(add(ActionId::MirroredCopy, tr("&Mirrored Copy of Sprite..."), "mirroredCopyAction"),
            &QAction::triggered, this, &AnimationActions::mirroredCopy);
    connect(add(ActionId::Interpolate, tr("&Interpolate..."), "interpolateAction"),
            &QAction::triggered, this, &AnimationActions::interpolate);

    connect(session, &EditorSession::selectionChanged, this, &AnimationActions::updateActions);
    connect(session, &EditorSession::currentFrameChanged, this, &AnimationActions::updateActions);
    connect(session, &EditorSession::editedSpriteChanged, this, &AnimationActions::updateActions);
    connect(session->document(), &Document::changed, this, &AnimationActions::updateActions);
    updateActions();
}

QAction *AnimationActions::add(ActionId id, const QString &text, const char *objectName,
                               const QKeySequence &shortcut) {
    auto *action = new QAction(text, this);
    action->setObjectName(QString::fromLatin1(objectName));
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    mActions.insert(id, action);
    return action;
}

QMenu *AnimationActions::createMenu(QWidget *parent) const {
    auto *menu = new QMenu(tr("&Animation"), parent);
    menu->setObjectName(QStringLiteral("animationMenu"));
    menu->addActions({action(ActionId::CopyToNextFrame), action(ActionId::CopyToFrames),
                      action(ActionId::CopyToLaterFrames)});
    menu->addSeparator();
    menu->addActions(
        {action(ActionId::FlipHorizontally), action(ActionId::FlipVertically),
         action(ActionId::MirrorFrameHorizontally), action(ActionId::MirrorFrameVertically),
         action(ActionId::MirrorSpriteHorizontally), action(ActionId::MirrorSpriteVertically)});
    menu->addSeparator();
    menu->addAction(action(ActionId::MirroredCopy));
    menu->addSeparator();
    menu->addAction(action(ActionId::Interpolate));
    return menu;
}

QList<QAction *> AnimationActions::selectionActions() const {
    return {action(ActionId::CopyToNextFrame), action(ActionId::CopyToFrames),
            action(ActionId::CopyToLaterFrames), action(ActionId::FlipHorizontally),
            action(ActionId::FlipVertically)};
}

QSizeF AnimationActions::imageSize(int sprite) const {
    const Document *document = mSession->document();
    if (sprite < 0 || sprite >= document->data().sprites.size())
        return {};
    const QString image = document->sprite(sprite).image;
    if (image.isEmpty())
        return {};
    // The same resolution the canvas uses: relative to the document's folder.
    const QString path = QFileInfo(document->filePath()).dir().absoluteFilePath(image);
    const QSize size = QImageReader(path).size();
    return size.isValid() ? QSizeF(size) : QSizeF();
}

int AnimationActions::currentSprite() const {
    const int sprite =
        mSession->editedSprite() >= 0 ? mSession->editedSprite() : mSession->currentFrame().sprite;
    return sprite < mSession->document()->data().sprites.size() ? sprite : -1;
}

QList<ShapeRef> AnimationActions::selectedRefs() const {
    const FrameRef frame = mSession->currentFrame();
    QList<ShapeRef> refs;
    if (!mSession->document()->contains(frame))
        return refs;
    for (int shape : mSession->selectedShapes()) {
        const ShapeRef ref{frame.sprite, frame.frame, shape};
        if (mSession->document()->contains(ref))
            refs.append(ref);
    }
    return refs;
}

void AnimationActions::updateActions() {
    const Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    const bool hasFrame = document->contains(frame);
    const int frameCount = hasFrame ? int(document->sprite(frame.sprite).frames.size()) : 0;
    const bool hasShapes = hasFrame && !document->frame(frame).shapes.isEmpty();
    const bool selection = !selectedRefs().isEmpty();
    const bool laterFrame = hasFrame && frame.frame + 1 < frameCount;
    action(ActionId::CopyToNextFrame)->setEnabled(selection && laterFrame);
    action(ActionId::CopyToFrames)->setEnabled(selection && frameCount > 1);
    action(ActionId::CopyToLaterFrames)->setEnabled(selection && laterFrame);
    action(ActionId::FlipHorizontally)->setEnabled(hasShapes);
    action(ActionId::FlipVertically)->setEnabled(hasShapes);
    action(ActionId::MirrorFrameHorizontally)->setEnabled(hasShapes);
    action(ActionId::MirrorFrameVertically)->setEnabled(hasShapes);
    const int sprite = currentSprite();
    bool spriteHasShapes = false;
    if (sprite >= 0) {
        for (const Frame &f : document->sprite(sprite).frames)
            spriteHasShapes = spriteHasShapes || !f.shapes.isEmpty();
    }
    action(ActionId::MirrorSpriteHorizontally)->setEnabled(spriteHasShapes);
    action(ActionId::MirrorSpriteVertically)->setEnabled(spriteHasShapes);
    action(ActionId::MirroredCopy)->setEnabled(sprite >= 0);
    action(ActionId::Interpolate)->setEnabled(hasFrame && frameCount > 1);
}

bool AnimationActions::copyTo(const QList<int> &frames) {
    Document *document = mSession->document();
    const QList<ShapeRef> refs = selectedRefs();
    if (refs.isEmpty() || frames.isEmpty())
        return false;
    const Sprite &sprite = document->sprite(refs.first().sprite);
    QList<Shape> shapes;
    for (const ShapeRef &ref : refs)
        shapes.append(document->shape(ref));
    const QList<operations::IdClash> clashes = operations::idClashes(sprite, frames, shapes);
    if (!clashes.isEmpty()) {
        const QString message =
            tr("These frames already have shapes with the same ids. Copying replaces them:\n\n%1")
                .arg(clashLines(sprite, clashes));
        if (!mPrompts->confirmAction(mWindow, tr("Replace Shapes"), message, tr("Replace")))
            return false;
    }
    std::unique_ptr<QUndoCommand> command = makeCopyAcrossFramesCommand(document, refs, frames);
    if (!command)
        return false;
    document->undoStack()->push(command.release());
    return true;
}

void AnimationActions::copyToNextFrame() {
    const FrameRef frame = mSession->currentFrame();
    const QList<ShapeRef> refs = selectedRefs();
    if (refs.isEmpty())
        return;
    const int count = int(mSession->document()->sprite(frame.sprite).frames.size());
    QStringList ids;
    for (const ShapeRef &ref : refs)
        ids.append(mSession->document()->shape(ref).id);
    if (!copyTo(operations::copyTargets(frame.frame, count, operations::CopyTarget::NextFrame)))
        return;
    // Go along with the copies, selected, so they can be nudged into place right away.
    const FrameRef next{frame.sprite, frame.frame + 1};
    mSession->setCurrentFrame(next);
    QList<int> selected;
    for (const QString &id : std::as_const(ids))
        selected.append(int(mSession->document()->frame(next).indexOfShape(id)));
    mSession->setSelectedShapes(selected);
}

void AnimationActions::copyToFrames() {
    const FrameRef frame = mSession->currentFrame();
    const QList<ShapeRef> refs = selectedRefs();
    if (refs.isEmpty())
        return;
    CopyFramesDialog dialog(mSession->document()->sprite(frame.sprite), frame.frame,
                            int(refs.size()), mWindow);
    if (dialog.exec() == QDialog::Accepted)
        copyTo(dialog.targets());
}

void AnimationActions::copyToLaterFrames() {
    const FrameRef frame = mSession->currentFrame();
    if (selectedRefs().isEmpty())
        return;
    const int count = int(mSession->document()->sprite(frame.sprite).frames.size());
    copyTo(operations::copyTargets(frame.frame, count, operations::CopyTarget::AllLaterFrames));
}

void AnimationActions::flip(MirrorAxis axis) {
    // The selection, or the whole frame when nothing is selected.
    if (selectedRefs().isEmpty()) {
        mirrorFrame(axis);
        return;
    }
    Document *document = mSession->document();
    const QList<ShapeRef> refs = selectedRefs();
    QList<Shape> shapes;
    for (const ShapeRef &ref : refs)
        shapes.append(document->shape(ref));
    document->undoStack()->push(makeMirrorShapesCommand(document, refs, axis,
                                                        imageSize(refs.first().sprite),
                                                        shapeCommandText(tr("Mirror %1"), shapes))
                                    .release());
}

void AnimationActions::mirrorFrame(MirrorAxis axis) {
    Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    if (!document->contains(frame) || document->frame(frame).shapes.isEmpty())
        return;
    document->undoStack()->push(
        makeMirrorFrameCommand(document, frame, axis, imageSize(frame.sprite)).release());
}

void AnimationActions::mirrorSprite(MirrorAxis axis) {
    Document *document = mSession->document();
    const int sprite = currentSprite();
    if (sprite < 0 || !action(ActionId::MirrorSpriteHorizontally)->isEnabled())
        return;
    document->undoStack()->push(
        makeMirrorSpriteCommand(document, sprite, axis, imageSize(sprite)).release());
}

void AnimationActions::mirroredCopy() {
    Document *document = mSession->document();
    const int sprite = currentSprite();
    if (sprite < 0)
        return;
    // The copy's cells are mirrored across the image: without its size every frame with a cell
    // would show the wrong one, so refuse before asking anything.
    const Sprite &original = document->sprite(sprite);
    const bool hasCells = std::any_of(original.frames.cbegin(), original.frames.cend(),
                                      [](const Frame &f) { return f.source.has_value(); });
    if (hasCells && imageSize(sprite).isEmpty()) {
        mPrompts->showError(
            mWindow, tr("Mirrored Copy of Sprite"),
            tr("The image of \"%1\" (%2) could not be read, so the cells of its frames cannot be "
               "mirrored. Nothing was changed.")
                .arg(original.name, original.image.isEmpty() ? tr("none set") : original.image));
        return;
    }
    QStringList taken;
    for (const Sprite &s : document->data().sprites)
        taken.append(s.name);
    const QString source = document->sprite(sprite).name;
    const QString name =
        mPrompts
            ->askText(mWindow, tr("Mirrored Copy of Sprite"),
                      tr("Name of the left-right mirrored copy of \"%1\":").arg(source),
                      operations::mirroredSpriteName(source, taken))
            .trimmed();
    if (name.isEmpty())
        return; // cancelled
    if (taken.contains(name)) {
        mPrompts->showError(mWindow, tr("Mirrored Copy of Sprite"),
                            tr("There is already a sprite named \"%1\".").arg(name));
        return;
    }
    const int frame =
        mSession->currentFrame().sprite == sprite ? mSession->currentFrame().frame : 0;
    document->undoStack()->push(makeMirroredSpriteCopyCommand(document, sprite,
                                                              MirrorAxis::Horizontal,
                                                              imageSize(sprite), name)
                                    .release());
    // Show the new sprite at the same frame, as the user will check it there first.
    if (document->contains(FrameRef{sprite + 1, frame}))
        mSession->setCurrentFrame({sprite + 1, frame});
}

void AnimationActions::interpolate() {
    Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    if (!document->contains(frame))
        return;
    InterpolateDialog dialog(document->sprite(frame.sprite), frame.frame, mWindow);
    if (dialog.exec() != QDialog::Accepted)
        return;
    // Shapes placed by hand on the frames between are not overwritten unasked (as Copy to
    // Frames asks).
    const Sprite &sprite = document->sprite(frame.sprite);
    const QList<operations::IdClash> overwrites =
        operations::interpolationOverwrites(sprite, dialog.firstKey(), dialog.secondKey());
    if (!overwrites.isEmpty()) {
        const QString message =
            tr("The frames between %1 and %2 already have these shapes. Interpolating "
               "overwrites them:\n\n%3")
                .arg(sprite.frames[std::min(dialog.firstKey(), dialog.secondKey())].name,
                     sprite.frames[std::max(dialog.firstKey(), dialog.secondKey())].name,
                     clashLines(sprite, overwrites));
        if (!mPrompts->confirmAction(mWindow, tr("Overwrite Shapes"), message, tr("Overwrite")))
            return;
    }
    std::unique_ptr<QUndoCommand> command =
        makeInterpolateCommand(document, frame.sprite, dialog.firstKey(), dialog.secondKey());
    if (command)
        document->undoStack()->push(command.release());
}

} // namespace hitsmith
