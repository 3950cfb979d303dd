#include "motionfields.h"

#include "commands/animationcommands.h"
#include "editorsession.h"
#include "refusalline.h"

#include <QBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QUndoStack>

#include <cmath>

namespace hitsmith {

MotionFields::MotionFields(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mEdits{new QLineEdit(this), new QLineEdit(this)}
    , mRoot(new QLabel(this))
    , mRefusal(new RefusalLine(this)) {
    setObjectName(QStringLiteral("motionFields"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto *title = new QLabel(tr("Motion &x:"), this);
    title->setBuddy(mEdits[0]);
    auto *yTitle = new QLabel(tr("&y:"), this);
    yTitle->setBuddy(mEdits[1]);
    const QString tips[2] = {
        tr("The character's step forward when this frame starts, in pixels (in the sprite's "
           "facing; negative steps back)"),
        tr("The character's step down when this frame starts, in pixels (negative rises)")};
    const char *names[2] = {"motionXEdit", "motionYEdit"};
    // Room for "-1234.5": the Timeline never makes the window wider than its panels.
    const int width = fontMetrics().horizontalAdvance(QStringLiteral("-1234.50")) + 12;
    for (int axis = 0; axis < 2; ++axis) {
        QLineEdit *edit = mEdits[axis];
        edit->setObjectName(QLatin1String(names[axis]));
        edit->setToolTip(tips[axis]);
        edit->setFixedWidth(width);
        edit->setAlignment(Qt::AlignRight);
        connect(edit, &QLineEdit::editingFinished, this, [this, axis] { commit(axis); });
    }
    for (QLabel *label : {title, yTitle, mRoot}) {
        label->setMinimumWidth(1);
        label->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
    }
    mRoot->setObjectName(QStringLiteral("motionRootLabel"));
    mRoot->setToolTip(tr("Where the character's origin stands during this frame: the motion of "
                         "every frame up to this one, summed"));
    mRefusal->setObjectName(QStringLiteral("refusal")); // as every refusal line is named
    layout->addWidget(title);
    layout->addWidget(mEdits[0]);
    layout->addWidget(yTitle);
    layout->addWidget(mEdits[1]);
    layout->addSpacing(4);
    layout->addWidget(mRoot);

    connect(session, &EditorSession::currentFrameChanged, this, [this] {
        // Choosing a frame with the mouse takes the focus first, and leaving a field confirms
        // it. A frame changed under a field still being typed into (a menu's Next Frame, an
        // undo from the toolbar) drops the typed value: committing here could push a command
        // from inside the undo that moved the frame.
        mRefusal->clear();
        showFrame();
    });
    connect(session->document(), &Document::changed, this, &MotionFields::onDocumentChanged);
    mHistoryConnection = connect(session->document()->undoStack(), &QUndoStack::indexChanged, this,
                                 &MotionFields::onHistoryMoved);
    // A session going away first (a test's, or the window's before its docks) clears its undo
    // stack in its children's destruction, which emits indexChanged into a half-destroyed
    // session: QObject emits destroyed() before it deletes its children.
    connect(session, &QObject::destroyed, this,
            [this] { QObject::disconnect(mHistoryConnection); });
    mHistoryCount = session->document()->undoStack()->count();
    mHistoryIndex = session->document()->undoStack()->index();
    recordMotions();
    showFrame();
}

MotionFields::~MotionFields() = default;

QString MotionFields::numberText(double value) {
    if (value == 0.0)
        return QStringLiteral("0"); // never "-0"
    return QLocale::c().toString(value, 'g', 12);
}

void MotionFields::showFrame() {
    const Document *document = mSession->document();
    const FrameRef frame = mSession->currentFrame();
    mShown = document->contains(frame) ? frame : FrameRef{};
    const bool has = mShown.isValid();
    const QPointF motion = has ? document->frame(mShown).motion : QPointF();
    for (int axis = 0; axis < 2; ++axis) {
        mEdits[axis]->setEnabled(has);
        const QString text = has ? numberText(axis == 0 ? motion.x() : motion.y()) : QString();
        if (mEdits[axis]->text() != text || mEdits[axis]->isModified())
            mEdits[axis]->setText(text); // (setText also clears the modified flag)
    }
    if (has) {
        const QPointF root = document->sprite(mShown.sprite).rootPosition(mShown.frame);
        mRoot->setText(tr("at %1, %2").arg(numberText(root.x()), numberText(root.y())));
    } else {
        mRoot->clear();
    }
}

void MotionFields::commit(int axis) {
    QLineEdit *edit = mEdits[axis];
    Document *document = mSession->document();
    if (!edit->isModified() || !document->contains(mShown)) {
        edit->setModified(false);
        return;
    }
    edit->setModified(false);
    const Frame &frame = document->frame(mShown);
    const QString text = edit->text().trimmed();
    bool ok = true;
    // An empty field is no step; numbers are read the C way ("-0.5", "1e3") or as the user's
    // locale writes them; never with group separators ("1,500" is not 1500).
    QLocale c = QLocale::c(), user;
    c.setNumberOptions(QLocale::RejectGroupSeparator);
    user.setNumberOptions(QLocale::RejectGroupSeparator);
    double value = text.isEmpty() ? 0.0 : c.toDouble(text, &ok);
    if (!ok && !text.isEmpty())
        value = user.toDouble(text, &ok);
    const QString stays =
        tr("the motion of %1 stays %2, %3.")
            .arg(frame.name, numberText(frame.motion.x()), numberText(frame.motion.y()));
    if (!ok || !std::isfinite(value)) {
        // In place: a modal box from editingFinished (Enter or a focus change) would take the
        // focus and finish the edit again (issue 26).
        mRefusal->refuse(tr("\"%1\" is not a number of pixels (a finite number such as 12 or "
                            "-0.5): %2")
                             .arg(text, stays));
        showFrame();
        return;
    }
    if (std::abs(value) > kLimit) {
        mRefusal->refuse(tr("A step of %1 pixels is too far (at most %2 either way): %3")
                             .arg(text, numberText(kLimit), stays));
        showFrame();
        return;
    }
    mRefusal->clear();
    QPointF motion = frame.motion;
    (axis == 0 ? motion.rx() : motion.ry()) = value == 0.0 ? 0.0 : value; // no "-0" saved
    if (auto command = makeSetFrameMotionCommand(document, mShown, motion)) {
        mCommitting = true;
        document->undoStack()->push(command.release());
        mCommitting = false;
    }
    showFrame(); // "3.0" reads "3"
}

void MotionFields::recordMotions() {
    mMotions.clear();
    for (const Sprite &sprite : mSession->document()->data().sprites) {
        QList<QPointF> motions;
        for (const Frame &frame : sprite.frames)
            motions.append(frame.motion);
        mMotions.append(motions);
    }
}

void MotionFields::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    switch (change.kind) {
    case Kind::FrameChanged: {
        const FrameRef ref = change.frameRef();
        const Document *document = mSession->document();
        if (!document->contains(ref) || ref.sprite >= mMotions.size() ||
            ref.frame >= mMotions[ref.sprite].size()) {
            recordMotions();
            break;
        }
        QPointF &seen = mMotions[ref.sprite][ref.frame];
        const QPointF now = document->frame(ref).motion;
        if (seen.x() != now.x() || seen.y() != now.y()) { // exact: undo must notice 1e-9
            seen = now;
            if (!mCommitting)
                mChangedByHistory = ref; // shown once the undo or redo is over
        }
        break;
    }
    case Kind::ShapeInserted:
    case Kind::ShapeRemoved:
    case Kind::ShapeChanged:
    case Kind::LayersChanged:
    case Kind::CollisionRulesChanged:
    case Kind::VersusChanged:
    case Kind::TickRateChanged:
    case Kind::SpriteChanged:
        return; // no motion moved
    default:
        // Sprites or frames added, removed or moved, or a new document.
        mChangedByHistory = {};
        recordMotions();
        break;
    }
    // An earlier frame's step moves the origin of this one too.
    showFrame();
}

void MotionFields::onHistoryMoved() {
    const QUndoStack *stack = mSession->document()->undoStack();
    // An undo, a redo or a jump in the History moves the index over the same commands; a push
    // (another panel's command that sets motions, say) changes their count.
    const bool historyMoved = stack->count() == mHistoryCount && stack->index() != mHistoryIndex;
    mHistoryCount = stack->count();
    mHistoryIndex = stack->index();
    const FrameRef frame = mChangedByHistory;
    mChangedByHistory = {};
    if (historyMoved && frame.isValid() && mSession->document()->contains(frame) &&
        frame != mSession->currentFrame()) {
        mSession->setCurrentFrame(frame);
        mSession->setEditedSprite(-1);
    }
}

} // namespace hitsmith
