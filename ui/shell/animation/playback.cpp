#include "playback.h"

#include "abstracttool.h"
#include "canvas.h"
#include "editorsession.h"

#include <QAction>
#include <QApplication>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QSettings>
#include <QStyle>
#include <QTimer>

namespace hitsmith {

namespace {

const QString kLoopKey = QStringLiteral("timeline/loop");

bool isPlaybackKey(int key) {
    return key == Qt::Key_Space || key == Qt::Key_Comma || key == Qt::Key_Period ||
           key == Qt::Key_Shift || key == Qt::Key_Control || key == Qt::Key_Alt ||
           key == Qt::Key_Meta;
}

// The desktop theme's icon, else the style's own (every style draws the media icons).
QIcon icon(const char *themeName, QStyle::StandardPixmap fallback) {
    return QIcon::fromTheme(QLatin1String(themeName),
                            QApplication::style()->standardIcon(fallback));
}

} // namespace

Playback::Playback(EditorSession *session, QObject *parent)
    : QObject(parent)
    , mSession(session)
    , mTimer(new QTimer(this))
    , mPlayAction(new QAction(tr("&Play"), this))
    , mLoopAction(new QAction(tr("&Loop"), this))
    , mPreviousAction(new QAction(tr("Pre&vious Frame"), this))
    , mNextAction(new QAction(tr("Ne&xt Frame"), this)) {
    mTimer->setSingleShot(true);
    connect(mTimer, &QTimer::timeout, this, &Playback::advance);

    mPlayAction->setObjectName(QStringLiteral("playAction"));
    mPlayAction->setShortcut(Qt::Key_Space);
    // Only where Space means nothing else (see setHome and watchCanvas): a focused check box,
    // combo box or text field keeps its Space.
    mPlayAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(mPlayAction, &QAction::triggered, this, &Playback::toggle);
    mLoopAction->setObjectName(QStringLiteral("loopAction"));
    mLoopAction->setCheckable(true);
    mLoopAction->setIcon(icon("media-playlist-repeat", QStyle::SP_BrowserReload));
    mLoopAction->setToolTip(tr("Loop: wrap at the end instead of stopping on the last frame"));
    connect(mLoopAction, &QAction::toggled, this,
            [this](bool on) { setLooping(on ? Looping::Loop : Looping::Once); });
    mPreviousAction->setObjectName(QStringLiteral("previousFrameAction"));
    mPreviousAction->setShortcut(Qt::Key_Comma);
    mPreviousAction->setIcon(icon("media-skip-backward", QStyle::SP_MediaSkipBackward));
    connect(mPreviousAction, &QAction::triggered, this, &Playback::stepBack);
    mNextAction->setObjectName(QStringLiteral("nextFrameAction"));
    mNextAction->setShortcut(Qt::Key_Period);
    mNextAction->setIcon(icon("media-skip-forward", QStyle::SP_MediaSkipForward));
    connect(mNextAction, &QAction::triggered, this, &Playback::stepForward);
    for (QAction *action : {mPlayAction, mPreviousAction, mNextAction})
        action->setToolTip(tr("%1 (%2)").arg(
            action->text().remove(u'&'), action->shortcut().toString(QKeySequence::NativeText)));

    mLooping = QSettings().value(kLoopKey, true).toBool() ? Looping::Loop : Looping::Once;
    mLoopAction->setChecked(mLooping == Looping::Loop);

    connect(mSession, &EditorSession::currentFrameChanged, this, &Playback::onFrameChanged);
    // Any change of the document (an edit, undo, a load) stops playback first.
    connect(mSession->document(), &Document::changed, this, &Playback::pause);
    connect(mSession, &EditorSession::selectionChanged, this, [this](const QList<int> &shapes) {
        if (!shapes.isEmpty())
            pause();
    });
    connect(qApp, &QApplication::focusChanged, this,
            [this](QWidget *, QWidget *now) { onFocusChanged(now); });
    updateActions();
}

Playback::~Playback() = default;

void Playback::setHome(QWidget *home) {
    mHome = home;
    home->addAction(mPlayAction);
}

void Playback::onFocusChanged(QWidget *now) {
    if (!mPlaying || !now)
        return;
    if ((mHome && (now == mHome || mHome->isAncestorOf(now))) ||
        (mCanvasWidget && (now == mCanvasWidget || mCanvasWidget->isAncestorOf(now))))
        return;
    pause();
}

void Playback::setLooping(Looping looping) {
    if (mLooping == looping)
        return;
    mLooping = looping;
    mLoopAction->setChecked(looping == Looping::Loop);
    QSettings().setValue(kLoopKey, looping == Looping::Loop);
}

void Playback::play() {
    const FrameRef frame = mSession->currentFrame();
    if (mPlaying || !mSession->document()->contains(frame))
        return;
    const int count = int(mSession->document()->sprite(frame.sprite).frames.size());
    mPlaying = true;
    mSprite = frame.sprite;
    // Play from the start when stopped on the last frame, as a media player does.
    if (mLooping == Looping::Once && frame.frame == count - 1 && count > 1)
        show({frame.sprite, 0});
    schedule();
    updateActions();
    Q_EMIT playingChanged(true);
}

void Playback::pause() {
    if (!mPlaying)
        return;
    mPlaying = false;
    mTimer->stop();
    updateActions();
    Q_EMIT playingChanged(false);
}

void Playback::toggle() {
    if (mPlaying)
        pause();
    else
        play();
}

void Playback::stepBack() {
    step(-1);
}

void Playback::stepForward() {
    step(+1);
}

void Playback::step(int delta) {
    pause();
    const FrameRef frame = mSession->currentFrame();
    if (!mSession->document()->contains(frame))
        return;
    const int count = int(mSession->document()->sprite(frame.sprite).frames.size());
    int next = frame.frame + delta;
    if (mLooping == Looping::Loop)
        next = (next + count) % count;
    if (next >= 0 && next < count)
        show({frame.sprite, next});
}

void Playback::advance() {
    const FrameRef frame = mSession->currentFrame();
    if (!mPlaying || !mSession->document()->contains(frame))
        return pause();
    const int count = int(mSession->document()->sprite(frame.sprite).frames.size());
    int next = frame.frame + 1;
    if (next >= count) {
        if (mLooping == Looping::Once)
            return pause(); // the last frame has had its dwell: stop on it
        next = 0;
    }
    show({frame.sprite, next});
    schedule();
}

void Playback::show(FrameRef frame) {
    mShowing = true;
    mSession->setCurrentFrame(frame);
    mShowing = false;
}

void Playback::schedule() {
    const FrameRef frame = mSession->currentFrame();
    mTimer->start(mSession->document()->sprite(frame.sprite).frameDuration(frame.frame));
}

void Playback::onFrameChanged(FrameRef frame) {
    if (mShowing || !mPlaying)
        return updateActions();
    if (!mSession->document()->contains(frame) || frame.sprite != mSprite)
        return pause(); // another sprite (or none): its animation is not the one playing
    schedule();         // the user picked another frame of this sprite: play on from there
}

void Playback::updateActions() {
    mPlayAction->setText(mPlaying ? tr("&Pause") : tr("&Play"));
    mPlayAction->setIcon(mPlaying ? icon("media-playback-pause", QStyle::SP_MediaPause)
                                  : icon("media-playback-start", QStyle::SP_MediaPlay));
    mPlayAction->setToolTip(tr("%1 (Space)").arg(mPlaying ? tr("Pause") : tr("Play")));
    const FrameRef frame = mSession->currentFrame();
    const bool hasFrames = mSession->document()->contains(frame);
    mPlayAction->setEnabled(hasFrames);
    mPreviousAction->setEnabled(hasFrames);
    mNextAction->setEnabled(hasFrames);
}

void Playback::watchCanvas(Canvas *canvas) {
    mCanvas = canvas;
    mCanvasWidget = canvas;
    mCanvasView = canvas->view();
    canvas->view()->installEventFilter(this);
    canvas->view()->viewport()->installEventFilter(this);
}

bool Playback::eventFilter(QObject *watched, QEvent *event) {
    if (!mCanvasWidget)
        return false;
    switch (event->type()) {
    case QEvent::ShortcutOverride: {
        // The canvas keeps Space (held: pan); a tap of it toggles playback on release. Consumed
        // here: the view would pass it on to the scene, which drops the acceptance.
        auto *key = static_cast<QKeyEvent *>(event);
        if (watched == mCanvasView && key->key() == Qt::Key_Space &&
            key->modifiers() == Qt::NoModifier) {
            event->accept();
            return true;
        }
        break;
    }
    case QEvent::KeyPress: {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Space) {
            if (!key->isAutoRepeat() && !mSpaceDown) {
                mSpaceDown = true;
                mPannedWithSpace = false;
            }
        } else if (!isPlaybackKey(key->key())) {
            pause(); // an editing key (nudge, delete, a tool): on the frame the user sees
        }
        break;
    }
    case QEvent::KeyRelease: {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Space && !key->isAutoRepeat() && mSpaceDown) {
            mSpaceDown = false;
            const AbstractTool *tool = mCanvas->activeTool();
            if (!mPannedWithSpace && !(tool && tool->isBusy()))
                toggle();
        }
        break;
    }
    case QEvent::FocusOut:
        if (watched == mCanvasView)
            mSpaceDown = false;
        break;
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick: {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (mSpaceDown || mouse->button() == Qt::MiddleButton)
            mPannedWithSpace = true; // panning: not an edit, and the Space is no tap
        else
            pause(); // a tool starts on the frame the user sees
        break;
    }
    default:
        break;
    }
    return false;
}

} // namespace hitsmith
