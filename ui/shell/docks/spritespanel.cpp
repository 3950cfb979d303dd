#include "spritespanel.h"

#include "actionlook.h"
#include "editorsession.h"
#include "imagepaths.h"
#include "prompts.h"
#include "refusalline.h"
#include "splitsheetdialog.h"
#include "structurecommands.h"
#include "tracedialog.h"
#include "validation.h"

#include <QAction>
#include <QFileInfo>
#include <QHeaderView>
#include <QImageReader>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace hitsmith {

namespace {

// Item data: the sprite index, and the frame index (-1 on sprite rows).
constexpr int kSpriteRole = Qt::UserRole;
constexpr int kFrameRole = Qt::UserRole + 1;

QStringList spriteNames(const DocumentData &data) {
    QStringList names;
    for (const Sprite &sprite : data.sprites)
        names.append(sprite.name);
    return names;
}

QStringList frameNames(const Sprite &sprite) {
    QStringList names;
    for (const Frame &frame : sprite.frames)
        names.append(frame.name);
    return names;
}

} // namespace

QString uniqueName(const QString &base, const QStringList &taken) {
    return uniqueName(base, QSet<QString>(taken.cbegin(), taken.cend()));
}

QString uniqueName(const QString &base, const QSet<QString> &taken) {
    if (!taken.contains(base))
        return base;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1-%2").arg(base).arg(n);
        if (!taken.contains(candidate))
            return candidate;
    }
}

SpritesPanel::SpritesPanel(EditorSession *session, Prompts *prompts, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mPrompts(prompts)
    , mTree(new QTreeWidget(this))
    , mRefusal(new RefusalLine(this)) {
    mTree->setObjectName(QStringLiteral("spritesTree"));
    mTree->setHeaderHidden(true);
    mTree->setColumnCount(1);
    mTree->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::DoubleClicked);
    mTree->setContextMenuPolicy(Qt::ActionsContextMenu);
    // Several frames can be selected for tracing; the current item still drives everything else.
    mTree->setSelectionMode(QAbstractItemView::ExtendedSelection);

    auto makeAction = [this](const QString &text, const QString &icon, auto slot) {
        auto *action = new QAction(text, this);
        connect(action, &QAction::triggered, this, slot);
        mTree->addAction(action);
        decorateAction(action, icon);
        return action;
    };
    mAddSprite =
        makeAction(tr("Add &Sprite"), QStringLiteral("sprite-add"), &SpritesPanel::addSprite);
    mAddFrame = makeAction(tr("Add &Frame"), QStringLiteral("frame-add"), &SpritesPanel::addFrame);
    mRename = makeAction(tr("&Rename"), QStringLiteral("rename"), [this] {
        if (mTree->currentItem())
            mTree->editItem(mTree->currentItem());
    });
    mRename->setShortcut(QKeySequence(Qt::Key_F2));
    mRename->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    mDelete = makeAction(tr("&Delete"), QStringLiteral("delete"), &SpritesPanel::removeCurrent);
    mMoveUp = makeAction(tr("Move &Up"), QStringLiteral("move-up"), [this] { moveCurrent(-1); });
    mMoveDown =
        makeAction(tr("Move Do&wn"), QStringLiteral("move-down"), [this] { moveCurrent(1); });
    mSplitSheet = makeAction(tr("S&plit Sheet into Frames..."), QStringLiteral("split-sheet"),
                             &SpritesPanel::splitCurrentSheet);
    mTrace = makeAction(tr("&Trace Hitboxes..."), QStringLiteral("trace"),
                        &SpritesPanel::traceCurrentFrame);

    auto *toolBar = new QToolBar(this);
    toolBar->setObjectName(QStringLiteral("spritesToolBar"));
    makeIconToolBar(toolBar, 16);
    toolBar->addActions({mAddSprite, mAddFrame, mDelete, mMoveUp, mMoveDown, mSplitSheet, mTrace});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(toolBar);
    layout->addWidget(mTree);
    layout->addWidget(mRefusal);

    connect(mTree, &QTreeWidget::itemChanged, this, &SpritesPanel::onItemChanged);
    connect(mTree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *current) {
        if (!mUpdating) // a rebuild keeps the same item: only another choice clears the reason
            mRefusal->clear();
        onCurrentItemChanged(current);
    });
    connect(session->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        switch (change.kind) {
        case Kind::ShapeInserted:
        case Kind::ShapeRemoved:
        case Kind::ShapeChanged:
        case Kind::CollisionRulesChanged:
        case Kind::LayersChanged:
        case Kind::VersusChanged:
        case Kind::TickRateChanged:
            return; // the tree shows no shapes or layers
        default:
            scheduleRebuild();
        }
    });
    connect(session, &EditorSession::currentFrameChanged, this,
            &SpritesPanel::syncCurrentFromSession);
    connect(session, &EditorSession::editedSpriteChanged, this,
            &SpritesPanel::syncCurrentFromSession);
    rebuild();
}

int SpritesPanel::currentSprite() const {
    const QTreeWidgetItem *item = mTree->currentItem();
    return item ? item->data(0, kSpriteRole).toInt() : -1;
}

FrameRef SpritesPanel::currentFrameItem() const {
    const QTreeWidgetItem *item = mTree->currentItem();
    if (!item || item->data(0, kFrameRole).toInt() < 0)
        return {};
    return {item->data(0, kSpriteRole).toInt(), item->data(0, kFrameRole).toInt()};
}

QList<int> SpritesPanel::selectedFrames() const {
    const int s = currentSprite();
    QList<int> frames;
    for (const QTreeWidgetItem *item : mTree->selectedItems()) {
        if (item->data(0, kSpriteRole).toInt() == s && item->data(0, kFrameRole).toInt() >= 0)
            frames.append(item->data(0, kFrameRole).toInt());
    }
    std::sort(frames.begin(), frames.end());
    return frames;
}

void SpritesPanel::traceCurrentFrame() {
    Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    if (!frame.isValid())
        return;
    const Sprite &sprite = document->sprite(frame.sprite);
    const FramePicture picture = mSession->picture(frame);
    if (sprite.image.isEmpty()) {
        mPrompts->showError(this, tr("Trace Hitboxes"),
                            tr("The sprite \"%1\" has no image to trace.").arg(sprite.name));
        return;
    }
    if (picture.status == PictureStatus::FileMissing) {
        QString message = picture.message;
        if (!picture.isMugen) {
            QImageReader reader(sprite.image); // absolute in memory
            reader.read();
            message =
                tr("Cannot read the image \"%1\": %2").arg(sprite.image, reader.errorString());
        }
        mPrompts->showError(this, tr("Trace Hitboxes"), message);
        return;
    }
    QList<int> selected = currentSprite() == frame.sprite ? selectedFrames() : QList<int>{};
    if (selected.isEmpty())
        selected = {frame.frame};
    // Every frame traces the picture the canvas shows for it (a blank MUGEN element: nothing).
    EditorSession *session = mSession;
    const int spriteIndex = frame.sprite;
    TraceDialog dialog(
        document, frame, selected,
        [session, spriteIndex](int f) {
            return session->picture({spriteIndex, f});
        },
        mPrompts, this);
    dialog.exec();
}

void SpritesPanel::selectSprite(int sprite) {
    if (sprite >= 0 && sprite < mTree->topLevelItemCount())
        mTree->setCurrentItem(mTree->topLevelItem(sprite));
}

void SpritesPanel::scheduleRebuild() {
    // Deferred: the change may come from an edit of one of our own items, which rebuilding
    // would delete while its signal is still being delivered.
    if (mRebuildPending)
        return;
    mRebuildPending = true;
    QTimer::singleShot(0, this, &SpritesPanel::rebuild);
}

void SpritesPanel::rebuild() {
    mRebuildPending = false;
    const DocumentData &data = mSession->document()->data();
    const int keepSprite = currentSprite();
    const FrameRef keepFrame = currentFrameItem();
    mUpdating = true;
    mTree->clear();
    for (int s = 0; s < data.sprites.size(); ++s) {
        const Sprite &sprite = data.sprites[s];
        auto *spriteItem = new QTreeWidgetItem(mTree, {sprite.name});
        spriteItem->setData(0, kSpriteRole, s);
        spriteItem->setData(0, kFrameRole, -1);
        spriteItem->setFlags(spriteItem->flags() | Qt::ItemIsEditable);
        spriteItem->setToolTip(0, sprite.image.isEmpty() ? tr("No image") : sprite.image);
        if (isImageMissing(sprite, QString()) /* paths are absolute in memory */) {
            // Marked in the list, not only on the canvas: the user sees it without opening it.
            spriteItem->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxWarning));
            spriteItem->setForeground(0, QColor(255, 140, 90));
            const QString documentPath = mSession->document()->filePath();
            spriteItem->setToolTip(
                0, tr("image not found: %1")
                       .arg(storedImagePath(sprite.image,
                                            documentPath.isEmpty()
                                                ? QString()
                                                : QFileInfo(documentPath).absolutePath())));
        } else {
            spriteItem->setIcon(0, QIcon::fromTheme(QStringLiteral("image-x-generic")));
        }
        for (int f = 0; f < sprite.frames.size(); ++f) {
            auto *frameItem = new QTreeWidgetItem(spriteItem, {sprite.frames[f].name});
            frameItem->setData(0, kSpriteRole, s);
            frameItem->setData(0, kFrameRole, f);
            frameItem->setFlags(frameItem->flags() | Qt::ItemIsEditable);
        }
        spriteItem->setExpanded(true);
    }
    mUpdating = false;
    // Prefer the session's frame; otherwise keep the row the user was on.
    syncCurrentFromSession();
    if (!mSession->currentFrame().isValid() && keepSprite >= 0 && !keepFrame.isValid())
        selectSprite(std::min(keepSprite, mTree->topLevelItemCount() - 1));
    updateActions();
}

void SpritesPanel::syncCurrentFromSession() {
    // The session hears of a removed or inserted sprite before this panel does: until the tree is
    // rebuilt its rows name the old sprites, and choosing one would act on them.
    if (mTree->topLevelItemCount() != mSession->document()->data().sprites.size()) {
        scheduleRebuild();
        return;
    }
    const int edited = mSession->editedSprite();
    const FrameRef frame = mSession->currentFrame();
    QTreeWidgetItem *item = nullptr;
    if (edited >= 0 && edited < mTree->topLevelItemCount()) {
        item = mTree->topLevelItem(edited); // the sprite's own properties are being edited
    } else {
        if (!frame.isValid() || frame.sprite >= mTree->topLevelItemCount())
            return;
        QTreeWidgetItem *spriteItem = mTree->topLevelItem(frame.sprite);
        if (frame.frame >= spriteItem->childCount())
            return;
        item = spriteItem->child(frame.frame);
    }
    if (mTree->currentItem() != item) {
        mUpdating = true;
        mTree->setCurrentItem(item);
        mUpdating = false;
    }
    updateActions();
}

void SpritesPanel::onCurrentItemChanged(QTreeWidgetItem *current) {
    updateActions();
    if (mUpdating || !current)
        return;
    const int sprite = current->data(0, kSpriteRole).toInt();
    const int frame = current->data(0, kFrameRole).toInt();
    // A sprite row shows its first frame, so the canvas always has something to show, and puts
    // the sprite's own properties (name, image) in the Properties dock.
    if (frame >= 0) {
        mSession->setCurrentFrame({sprite, frame});
        mSession->setEditedSprite(-1);
        return;
    }
    if (!mSession->document()->sprite(sprite).frames.isEmpty() &&
        mSession->currentFrame().sprite != sprite)
        mSession->setCurrentFrame({sprite, 0});
    mSession->setEditedSprite(sprite);
}

void SpritesPanel::onItemChanged(QTreeWidgetItem *item, int) {
    if (mUpdating)
        return;
    Document *document = mSession->document();
    const int s = item->data(0, kSpriteRole).toInt();
    const int f = item->data(0, kFrameRole).toInt();
    const QString name = item->text(0).trimmed();
    if (f < 0) {
        const Sprite &sprite = document->sprite(s);
        if (name == sprite.name)
            return;
        QStringList others = spriteNames(document->data());
        others.removeAt(s);
        if (name.isEmpty() || others.contains(name)) {
            // In place, never a modal box: this runs inside the item editor's commit.
            QSignalBlocker blocker(mTree);
            item->setText(0, sprite.name);
            mRefusal->refuse(
                name.isEmpty()
                    ? tr("A sprite needs a name: \"%1\" keeps its name.").arg(sprite.name)
                    : tr("There is already a sprite named \"%1\": \"%2\" keeps its name.")
                          .arg(name, sprite.name));
            return;
        }
        mRefusal->clear();
        document->undoStack()->push(new RenameSpriteCommand(document, s, name));
    } else {
        const Frame &frame = document->frame({s, f});
        if (name == frame.name)
            return;
        QStringList others = frameNames(document->sprite(s));
        others.removeAt(f);
        if (name.isEmpty() || others.contains(name)) {
            QSignalBlocker blocker(mTree);
            item->setText(0, frame.name);
            mRefusal->refuse(
                name.isEmpty()
                    ? tr("A frame needs a name: \"%1\" keeps its name.").arg(frame.name)
                    : tr("This sprite already has a frame named \"%1\": \"%2\" keeps its name.")
                          .arg(name, frame.name));
            return;
        }
        mRefusal->clear();
        Frame info = frame;
        info.name = name;
        document->undoStack()->push(new ChangeFrameCommand(
            document, {s, f}, info, tr("Rename frame %1 to %2").arg(frame.name, name)));
    }
}

void SpritesPanel::addSprite() {
    Document *document = mSession->document();
    Sprite sprite;
    sprite.name = uniqueName(tr("sprite"), spriteNames(document->data()));
    Frame frame;
    frame.name = tr("frame-1");
    sprite.frames.append(frame);
    const int index = int(document->data().sprites.size());
    document->undoStack()->push(new InsertSpriteCommand(document, index, sprite, tr("Add Sprite")));
    mSession->setCurrentFrame({index, 0});
}

void SpritesPanel::addFrame() {
    Document *document = mSession->document();
    const int s = currentSprite();
    if (s < 0)
        return;
    const FrameRef current = currentFrameItem();
    const Sprite &sprite = document->sprite(s);
    const int index = current.isValid() ? current.frame + 1 : int(sprite.frames.size());
    Frame frame;
    QStringList taken = frameNames(sprite);
    for (int n = int(sprite.frames.size()) + 1;; ++n) {
        frame.name = tr("frame-%1").arg(n);
        if (!taken.contains(frame.name))
            break;
    }
    // A new frame of a sheet most likely has the same cell size as its neighbour.
    if (current.isValid())
        frame.source = document->frame(current).source;
    document->undoStack()->push(
        new InsertFrameCommand(document, {s, index}, frame, tr("Add Frame")));
    mSession->setCurrentFrame({s, index});
}

void SpritesPanel::removeCurrent() {
    Document *document = mSession->document();
    const int s = currentSprite();
    if (s < 0)
        return;
    const FrameRef frame = currentFrameItem();
    if (frame.isValid())
        document->undoStack()->push(new RemoveFrameCommand(document, frame, tr("Delete Frame")));
    else
        document->undoStack()->push(new RemoveSpriteCommand(document, s, tr("Delete Sprite")));
}

void SpritesPanel::moveCurrent(int delta) {
    Document *document = mSession->document();
    const int s = currentSprite();
    if (s < 0)
        return;
    const FrameRef frame = currentFrameItem();
    if (frame.isValid()) {
        const int to = frame.frame + delta;
        if (to < 0 || to >= document->sprite(s).frames.size())
            return;
        document->undoStack()->push(
            new MoveFrameCommand(document, s, frame.frame, to, tr("Move Frame")));
        mSession->setCurrentFrame({s, to});
    } else {
        const int to = s + delta;
        if (to < 0 || to >= document->data().sprites.size())
            return;
        document->undoStack()->push(new MoveSpriteCommand(document, s, to, tr("Move Sprite")));
        selectSprite(to);
    }
}

void SpritesPanel::splitCurrentSheet() {
    Document *document = mSession->document();
    const int s = currentSprite();
    if (s < 0)
        return;
    const Sprite &sprite = document->sprite(s);
    const QString imagePath =
        absoluteImagePath(sprite.image, document->filePath().isEmpty()
                                            ? QString()
                                            : QFileInfo(document->filePath()).absolutePath());
    const QSize imageSize = QImageReader(imagePath).size();
    if (sprite.image.isEmpty() || !imageSize.isValid()) {
        mPrompts->showError(this, tr("Split Sheet"),
                            sprite.image.isEmpty()
                                ? tr("The sprite \"%1\" has no image to split.").arg(sprite.name)
                                : tr("Cannot read the image \"%1\".").arg(imagePath));
        return;
    }
    SplitSheetDialog dialog(imageSize, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const QList<QRect> cells = dialog.cells();
    if (cells.isEmpty() || cells.size() > SplitSheetDialog::kMaxFrames)
        return;

    // The placeholder frame a new sprite starts with (whole image, no shapes) is replaced;
    // frames that hold work are kept and the cells appended after them.
    QUndoStack *stack = document->undoStack();
    stack->beginMacro(tr("Split Sheet into Frames"));
    for (int f = int(sprite.frames.size()) - 1; f >= 0; --f) {
        const Frame &frame = document->frame({s, f});
        if (!frame.source && frame.shapes.isEmpty())
            stack->push(new RemoveFrameCommand(document, {s, f}, tr("Delete Frame")));
    }
    // A set, not a list: names are checked once per frame, thousands of frames at most.
    const QStringList existing = frameNames(document->sprite(s));
    QSet<QString> taken(existing.cbegin(), existing.cend());
    taken.reserve(existing.size() + cells.size());
    int index = int(document->sprite(s).frames.size());
    const int first = index;
    for (int i = 0; i < cells.size(); ++i) {
        Frame frame;
        frame.name = uniqueName(tr("frame-%1").arg(i + 1), taken);
        taken.insert(frame.name);
        frame.source = QRectF(cells[i]);
        stack->push(new InsertFrameCommand(document, {s, index++}, frame, tr("Add Frame")));
    }
    stack->endMacro();
    mSession->setCurrentFrame({s, first});
    Q_EMIT statusMessage(tr("Split \"%1\" into %n frame(s).", nullptr, int(cells.size()))
                             .arg(document->sprite(s).name));
}

void SpritesPanel::updateActions() {
    const Document *document = mSession->document();
    const DocumentData &data = document->data();
    // A row of a tree not yet rebuilt after a change may name a sprite or frame that is gone.
    const int row = currentSprite();
    const int s = row < data.sprites.size() ? row : -1;
    const FrameRef item = currentFrameItem();
    const FrameRef frame = document->contains(item) ? item : FrameRef{};
    const FrameRef shown = mSession->currentFrame();
    mAddFrame->setEnabled(s >= 0);
    mRename->setEnabled(s >= 0);
    mDelete->setEnabled(s >= 0);
    mSplitSheet->setEnabled(s >= 0 && !data.sprites[s].image.isEmpty());
    mTrace->setEnabled(document->contains(shown) && !data.sprites[shown.sprite].image.isEmpty());
    if (frame.isValid()) {
        mMoveUp->setEnabled(frame.frame > 0);
        mMoveDown->setEnabled(frame.frame + 1 < data.sprites[s].frames.size());
    } else {
        mMoveUp->setEnabled(s > 0);
        mMoveDown->setEnabled(s >= 0 && s + 1 < data.sprites.size());
    }
}

} // namespace hitsmith
