#include "timelinepanel.h"

#include "editorsession.h"
#include "framestripdelegate.h"
#include "motionfields.h"
#include "playback.h"
#include "refusalline.h"
#include "timelinemodel.h"

#include "operations/timing.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QScrollBar>
#include <QToolButton>
#include <QUndoStack>

namespace hitsmith {

namespace {

QToolButton *buttonFor(QAction *action, QWidget *parent) {
    auto *button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setAutoRaise(true);
    button->setToolButtonStyle(Qt::ToolButtonIconOnly); // the text is in the tooltip and View
    return button;
}

QString swatch(int phase) {
    return QStringLiteral("<span style='color:%1'>&#9632;</span>&nbsp;")
        .arg(FrameStripDelegate::phaseColor(phase).name());
}

} // namespace

TimelinePanel::TimelinePanel(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mPlayback(new Playback(session, this))
    , mModel(new TimelineModel(session, this))
    , mDelegate(new FrameStripDelegate(this))
    , mStrip(new QListView(this))
    , mLayers(new QComboBox(this))
    , mFrameData(new QLabel(this))
    , mMotion(new MotionFields(session, this)) {
    setObjectName(QStringLiteral("timelinePanel"));
    mPlayback->setHome(this);
    mStrip->setObjectName(QStringLiteral("frameStrip"));
    mStrip->setModel(mModel);
    mStrip->setItemDelegate(mDelegate);
    mStrip->setFlow(QListView::LeftToRight);
    mStrip->setWrapping(false);
    mStrip->setUniformItemSizes(true);
    mStrip->setSpacing(2);
    mStrip->setSelectionMode(QAbstractItemView::SingleSelection);
    mStrip->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
    mStrip->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    mStrip->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mStrip->setMouseTracking(true);
    mStrip->setContextMenuPolicy(Qt::CustomContextMenu);
    mStrip->setToolTip(tr("Click a frame to show it; double-click to set its duration"));
    // Tall enough for a whole frame and the scroll bar: nothing is cut off.
    QStyleOptionViewItem option;
    option.initFrom(mStrip);
    mStrip->setMinimumHeight(mDelegate->sizeHint(option, {}).height() + 2 * mStrip->spacing() +
                             mStrip->horizontalScrollBar()->sizeHint().height() +
                             2 * mStrip->frameWidth() + 2);
    mStrip->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    mStrip->setFixedHeight(mStrip->minimumHeight());

    mLayers->setObjectName(QStringLiteral("attackLayerCombo"));
    mLayers->setToolTip(tr("The layer whose shapes make a frame active (frame data)"));
    mLayers->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    mLayers->setMinimumContentsLength(6);
    mFrameData->setObjectName(QStringLiteral("frameDataLabel"));
    mFrameData->setTextFormat(Qt::RichText);
    // Never widens the window: a narrow Timeline wraps the line between phases (each phase's
    // words stay together), and two lines are kept for it so the wrap is never cut off.
    mFrameData->setWordWrap(true);
    mFrameData->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    mFrameData->setFixedHeight(2 * mFrameData->fontMetrics().lineSpacing() +
                               2 * mFrameData->frameWidth() + 2);

    auto *controls = new QHBoxLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->setSpacing(2);
    controls->addWidget(buttonFor(mPlayback->previousAction(), this));
    QToolButton *play = buttonFor(mPlayback->playAction(), this);
    play->setObjectName(QStringLiteral("playButton"));
    controls->addWidget(play);
    controls->addWidget(buttonFor(mPlayback->nextAction(), this));
    controls->addWidget(buttonFor(mPlayback->loopAction(), this));
    controls->addSpacing(6);
    auto *layerLabel = new QLabel(tr("Attack &layer:"), this);
    layerLabel->setBuddy(mLayers);
    layerLabel->setMinimumWidth(1); // the Timeline never makes the window wider than its panels
    layerLabel->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
    controls->addWidget(layerLabel);
    controls->addWidget(mLayers);
    controls->addStretch(1);
    // The current frame's root motion: two fields on a row of their own under the frame
    // controls (the strip's cells are thumbnails with a duration line, no columns). Beside the
    // controls they made the Timeline, and so the first window, wider than an 800 px screen.
    auto *motionRow = new QHBoxLayout;
    motionRow->setContentsMargins(0, 0, 0, 0);
    motionRow->addWidget(mMotion);
    motionRow->addStretch(1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);
    layout->addLayout(controls);
    layout->addLayout(motionRow);
    layout->addWidget(mStrip);
    layout->addWidget(mFrameData); // under the band it explains
    layout->addWidget(mMotion->refusalLine());
    layout->addStretch(1);

    connect(mStrip->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                // Exactly what choosing a frame in the Sprites dock does.
                if (mUpdating || !current.isValid() || mModel->sprite() < 0)
                    return;
                mSession->setCurrentFrame({mModel->sprite(), current.row()});
                mSession->setEditedSprite(-1);
            });
    connect(mStrip, &QWidget::customContextMenuRequested, this, &TimelinePanel::showFrameMenu);
    connect(mDelegate, &FrameStripDelegate::editorOpening, mPlayback, &Playback::pause);
    connect(mModel, &QAbstractItemModel::modelReset, this, &TimelinePanel::showCurrentFrame);
    connect(mSession, &EditorSession::currentFrameChanged, this, &TimelinePanel::showCurrentFrame);
    connect(mModel, &TimelineModel::frameDataChanged, this, &TimelinePanel::refreshFrameData);
    connect(mSession->document(), &Document::changed, this, [this](const DocumentChange &change) {
        using Kind = DocumentChange::Kind;
        if (change.kind == Kind::Reset || change.kind == Kind::LayersChanged ||
            change.kind == Kind::CollisionRulesChanged || change.kind == Kind::ShapeInserted ||
            change.kind == Kind::ShapeChanged || change.kind == Kind::SpriteInserted ||
            change.kind == Kind::FrameInserted) {
            if (change.kind == Kind::Reset) {
                mChoseNone = false; // a new document starts with the automatic choice
                mAddedLayer.clear();
            }
            refillLayers();
        }
    });
    // A rename is a macro (rules, then shapes): its halves are linked only within one step.
    connect(mSession->document()->undoStack(), &QUndoStack::indexChanged, this,
            [this] { mAddedLayer.clear(); });
    connect(mLayers, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (mUpdating)
            return;
        mChoseNone = index == 0;
        mModel->setAttackLayer(index > 0 ? mLayers->itemText(index) : QString());
    });
    refillLayers();
    showCurrentFrame();
}

TimelinePanel::~TimelinePanel() = default;

void TimelinePanel::addActionsTo(QMenu *menu) const {
    menu->addAction(mPlayback->playAction());
    menu->addAction(mPlayback->loopAction());
    menu->addAction(mPlayback->previousAction());
    menu->addAction(mPlayback->nextAction());
}

void TimelinePanel::showFrameMenu(const QPoint &pos) {
    const QModelIndex index = mStrip->indexAt(pos);
    if (!index.isValid())
        return;
    QMenu menu(this);
    menu.setObjectName(QStringLiteral("frameStripMenu"));
    QAction *edit = menu.addAction(tr("Set &Duration..."));
    edit->setObjectName(QStringLiteral("setFrameDurationAction"));
    connect(edit, &QAction::triggered, this, [this, index] { mStrip->edit(index); });
    QAction *useDefault = menu.addAction(tr("Use Sprite &Default"));
    useDefault->setObjectName(QStringLiteral("useSpriteDefaultAction"));
    useDefault->setEnabled(index.data(TimelineModel::HasOwnDurationRole).toBool());
    const int row = index.row();
    connect(useDefault, &QAction::triggered, this, [this, row] { mModel->useSpriteDefault(row); });
    menu.exec(mStrip->viewport()->mapToGlobal(pos));
}

void TimelinePanel::refillLayers() {
    const QStringList layers = mSession->document()->layerNames();
    QStringList items{tr("(none)")};
    items += layers;
    QStringList current;
    for (int i = 0; i < mLayers->count(); ++i)
        current << mLayers->itemText(i);
    if (current == items)
        return;
    QStringList added;
    for (const QString &layer : layers) {
        if (!current.mid(1).contains(layer))
            added << layer;
    }
    QString chosen = mLayers->currentIndex() > 0 ? mLayers->currentText() : QString();
    if (!chosen.isEmpty() && !layers.contains(chosen)) {
        // The chosen layer went as one came (now or earlier in this undo step): a rename.
        if (added.size() == 1)
            chosen = added.first();
        else if (added.isEmpty() && layers.contains(mAddedLayer))
            chosen = mAddedLayer;
    }
    mAddedLayer = added.size() == 1 ? added.first() : QString();
    if (!layers.contains(chosen))
        chosen.clear();
    if (chosen.isEmpty() && !mChoseNone) {
        // The first layer named like an attack ("hitbox", "attack", "hit") by default, the
        // same layer Versus tests by default.
        chosen = operations::defaultAttackLayer(layers);
    }
    mUpdating = true;
    mLayers->clear();
    mLayers->addItems(items);
    mLayers->setCurrentIndex(chosen.isEmpty() ? 0 : int(items.indexOf(chosen)));
    mUpdating = false;
    mModel->setAttackLayer(chosen);
    refreshFrameData();
}

void TimelinePanel::refreshFrameData() {
    mDelegate->setShowsPhases(!mModel->attackLayer().isEmpty());
    mStrip->viewport()->update();
    QString text;
    bool hasData = false;
    if (mModel->sprite() < 0) {
        text.clear();
    } else if (mModel->attackLayer().isEmpty()) {
        text = tr("Choose the attack layer for frame data");
    } else if (const operations::FrameData &data = mModel->frameData(); data.firstActive < 0) {
        text = tr("No frame has a shape on %1").arg(mModel->attackLayer());
    } else {
        hasData = true;
        // Ticks as players count them (startup: the number of the first active tick), the
        // phases' ms beside them.
        const auto ticks = [](const std::optional<int> &n) {
            return n ? QString::number(*n) : QStringLiteral("∞");
        };
        text = tr("startup %1 (%2 ms) · active %3 (%4 ms) · recovery %5 (%6 ms)")
                   .arg(data.startupTick)
                   .arg(data.startupMs)
                   .arg(ticks(data.activeTicks))
                   .arg(data.activeMs)
                   .arg(ticks(data.recoveryTicks))
                   .arg(data.recoveryMs);
    }
    mFrameData->setToolTip(
        hasData ? text + u'\n' +
                      tr("In game ticks at %1 ticks/s: startup is the number of the first active "
                         "tick; in parentheses the ms before it, of the active frames and after "
                         "them.")
                          .arg(mSession->document()->data().tickRate)
                : text);
    // Each phase's word after a swatch of its band colour.
    using Phase = TimelineModel::Phase;
    QString rich = text.toHtmlEscaped();
    if (hasData) {
        // Breaks only between phases: "startup 1 (100 ms)" stays on one line.
        rich.replace(u' ', QStringLiteral("&nbsp;"));
        rich.replace(QStringLiteral("&nbsp;·&nbsp;"), QStringLiteral(" · "));
        rich.replace(tr("startup"), swatch(int(Phase::Startup)) + tr("startup"));
        rich.replace(tr("active"), swatch(int(Phase::Active)) + tr("active"));
        rich.replace(tr("recovery"), swatch(int(Phase::Recovery)) + tr("recovery"));
    }
    mFrameData->setText(rich);
}

void TimelinePanel::showCurrentFrame() {
    const FrameRef frame = mSession->currentFrame();
    const QModelIndex index = mModel->sprite() >= 0 && frame.sprite == mModel->sprite()
                                  ? mModel->index(frame.frame)
                                  : QModelIndex();
    mUpdating = true;
    if (index.isValid()) {
        mStrip->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
        mStrip->scrollTo(index);
    } else {
        mStrip->selectionModel()->clearSelection();
    }
    mUpdating = false;
}

} // namespace hitsmith
