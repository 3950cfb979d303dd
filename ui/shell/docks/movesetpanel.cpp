#include "movesetpanel.h"

#include "editorsession.h"
#include "structurecommands.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollArea>
#include <QTimer>
#include <QToolTip>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace hitsmith {

namespace {

QString number(double value) {
    return QLocale().toString(value, 'f', 2);
}

bool contains(const DxInterval &interval, double dx) {
    return interval.lo <= dx && dx <= interval.hi;
}

/// dx to the hundredth (what the Versus dock's boxes show), kept inside the interval when the
/// interval is at least a hundredth wide.
double roundedInside(double dx, const DxInterval &interval) {
    double r = std::round(dx * 100.0) / 100.0;
    if (r < interval.lo)
        r = std::ceil(interval.lo * 100.0) / 100.0;
    if (r > interval.hi)
        r = std::floor(interval.hi * 100.0) / 100.0;
    return contains(interval, r) ? r : dx;
}

/// The hit area of a bar or tunnel: a pixel taller and two wider each way, so thin lanes and
/// narrow bars are easy to click (a click beside a bar takes the bar's nearest distance).
bool hits(const QRectF &rect, const QPointF &point) {
    return rect.adjusted(-2, -1, 2, 1).contains(point);
}

} // namespace

/// The chart itself: paints the panel's layout, names what is under the mouse, opens a bar.
class MovesetChart : public QWidget {
public:
    explicit MovesetChart(MovesetPanel *panel)
        : QWidget(panel)
        , mPanel(panel) {
        setObjectName(QStringLiteral("movesetChart"));
        setMouseTracking(true);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    }

protected:
    bool event(QEvent *event) override {
        if (event->type() == QEvent::ToolTip) {
            auto *help = static_cast<QHelpEvent *>(event);
            const QString text = mPanel->describe(help->pos());
            if (text.isEmpty())
                QToolTip::hideText();
            else
                QToolTip::showText(help->globalPos(), text, this);
            return true;
        }
        return QWidget::event(event);
    }

    void mouseMoveEvent(QMouseEvent *event) override {
        setCursor(mPanel->describe(event->position()).isEmpty() ? Qt::ArrowCursor
                                                                : Qt::PointingHandCursor);
    }

    void mousePressEvent(QMouseEvent *event) override {
        if (event->button() == Qt::LeftButton && mPanel->openAt(event->position())) {
            event->accept();
            return;
        }
        QWidget::mousePressEvent(event);
    }

    void resizeEvent(QResizeEvent *event) override {
        QWidget::resizeEvent(event);
        mPanel->relayout();
    }

    void paintEvent(QPaintEvent *) override;

private:
    MovesetPanel *mPanel;
};

void MovesetChart::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    const operations::MovesetLayout &layout = mPanel->mLayout;
    if (layout.rows.isEmpty())
        return;
    const FrameRef current = mPanel->mSession->currentFrame();
    const double left = layout.options.left, right = left + layout.options.width;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);

    // Grid lines under everything.
    painter.setPen(QPen(QColor(0xcc, 0xcc, 0xcc), 0.5));
    for (const operations::MovesetTick &tick : layout.ticks)
        painter.drawLine(QPointF(tick.x, layout.options.top), QPointF(tick.x, layout.axisY));
    for (const operations::MovesetRow &row : layout.rows) {
        const operations::MoveReach &move = mPanel->mMoves[row.move];
        painter.fillRect(row.rect, QColor(0xf2, 0xf2, 0xf2));
        const QRectF label(4, row.rect.y(), left - 8, row.rect.height());
        painter.setPen(Qt::black);
        painter.setFont(font());
        painter.drawText(label, Qt::AlignLeft | Qt::AlignTop | Qt::TextSingleLine,
                         fontMetrics().elidedText(row.name, Qt::ElideRight, int(label.width())));
        painter.setPen(QColor(0x55, 0x55, 0x55));
        painter.setFont(small);
        painter.drawText(label.adjusted(0, fontMetrics().height() - 2, 0, 0),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextSingleLine, row.timing);
        painter.setFont(font());
        for (const operations::MovesetGap &gap : row.gaps) {
            painter.fillRect(gap.rect, QColor(0xff, 0xf0, 0xf0));
            painter.setPen(QPen(QColor(0xd0, 0x30, 0x30), 1, Qt::DashLine));
            painter.drawRect(gap.rect);
        }
        for (const operations::MovesetTunnel &tunnel : row.tunnels) {
            painter.fillRect(tunnel.rect, QColor(0xff, 0xe9, 0xb0));
            painter.setPen(QPen(QColor(0x20, 0x20, 0x20), 1));
            painter.drawLines(tunnel.hatch);
            painter.setPen(QPen(QColor(0x20, 0x20, 0x20), 0.8));
            painter.drawRect(tunnel.rect);
        }
        for (const operations::MovesetBar &bar : row.bars) {
            painter.fillRect(bar.rect, bar.colour);
            if (current == FrameRef{move.sprite, bar.frame}) {
                // The frame on the canvas.
                painter.setPen(QPen(Qt::black, 1.5));
                painter.drawRect(bar.rect.adjusted(-1, -1, 1, 1));
            }
        }
    }
    // The axis, its ticks and the caption.
    painter.setPen(Qt::black);
    painter.drawLine(QPointF(left, layout.axisY), QPointF(right, layout.axisY));
    const int textHeight = fontMetrics().height();
    for (const operations::MovesetTick &tick : layout.ticks) {
        painter.drawLine(QPointF(tick.x, layout.axisY), QPointF(tick.x, layout.axisY + 4));
        painter.drawText(QRectF(tick.x - 40, layout.axisY + 5, 80, textHeight), Qt::AlignCenter,
                         tick.label);
    }
    // The caption and the legend, as the SVG chart has them.
    painter.setPen(QColor(0x55, 0x55, 0x55));
    const QString caption =
        MovesetPanel::tr("defender offset dx (px). Bars: active frames, a lane each (the first on "
                         "top); hatched: tunnel; dashed: whiff gap");
    painter.drawText(QRectF(4, layout.axisY + 5 + textHeight, width() - 8, textHeight),
                     Qt::AlignLeft | Qt::TextSingleLine,
                     fontMetrics().elidedText(caption, Qt::ElideRight, width() - 8));
}

MovesetPanel::MovesetPanel(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mDefender(new QComboBox(this))
    , mDy(new QDoubleSpinBox(this))
    , mSameFacing(new QCheckBox(tr("Same facing"), this))
    , mLayers(new QLineEdit(this))
    , mStatus(new QLabel(this))
    , mScroll(new QScrollArea(this))
    , mChart(new MovesetChart(this))
    , mTimer(new QTimer(this)) {
    mDefender->setObjectName(QStringLiteral("movesetDefenderCombo"));
    mDefender->setToolTip(tr("The frame every move is charted against"));
    mDefender->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    mDefender->setMinimumContentsLength(8);
    mDy->setObjectName(QStringLiteral("movesetDy"));
    mDy->setRange(-1e6, 1e6);
    mDy->setDecimals(2);
    mDy->setKeyboardTracking(false);
    mDy->setMaximumWidth(mDy->fontMetrics().horizontalAdvance(QStringLiteral("-00000.00 px")) + 40);
    // Not as wide as its range: the dock shares its width with the Timeline, which must leave
    // room for the side docks on an 800 px screen (tst_ui_shell_firstuse).
    mDy->setMinimumWidth(mDy->fontMetrics().horizontalAdvance(QStringLiteral("-000.00 px")) + 30);
    mDy->setSuffix(tr(" px"));
    mDy->setToolTip(tr("Where the defender's origin stands, below the attacker's"));
    mSameFacing->setObjectName(QStringLiteral("movesetSameFacing"));
    mSameFacing->setToolTip(tr("The defender faces the same way as the attacker (not mirrored)"));
    mLayers->setObjectName(QStringLiteral("movesetLayers"));
    mLayers->setClearButtonEnabled(true);
    mLayers->setToolTip(tr("Which attacker layer is tested against which defender layer, such as "
                           "\"hitbox:hurtbox\". Empty: the attack layer against what the collide "
                           "matrix pairs with it, as in Versus."));
    mStatus->setObjectName(QStringLiteral("movesetStatus"));
    mStatus->setWordWrap(true);
    mStatus->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum); // never cut
    mScroll->setObjectName(QStringLiteral("movesetScroll"));
    mScroll->setWidget(mChart);
    mScroll->setWidgetResizable(true);
    mScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    mScroll->setFrameShape(QFrame::NoFrame);
    mTimer->setSingleShot(true);
    mTimer->setInterval(0);

    // Two short rows: the dock shares the width under the canvas with the Timeline, and a
    // 1024 px window still fits.
    auto *controls = new QGridLayout;
    controls->addWidget(new QLabel(tr("Defender:"), this), 0, 0);
    controls->addWidget(mDefender, 0, 1);
    controls->addWidget(new QLabel(tr("dy:"), this), 0, 2);
    controls->addWidget(mDy, 0, 3);
    controls->addWidget(new QLabel(tr("Pairs:"), this), 1, 0);
    controls->addWidget(mLayers, 1, 1);
    controls->addWidget(mSameFacing, 1, 2, 1, 2);
    controls->setColumnStretch(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(mStatus);
    layout->addWidget(mScroll, 1);

    connect(mDefender, &QComboBox::currentIndexChanged, this, &MovesetPanel::schedule);
    connect(mDy, &QDoubleSpinBox::valueChanged, this, &MovesetPanel::schedule);
    connect(mSameFacing, &QCheckBox::toggled, this, &MovesetPanel::schedule);
    connect(mLayers, &QLineEdit::editingFinished, this, &MovesetPanel::applyLayers);
    connect(mTimer, &QTimer::timeout, this, &MovesetPanel::recompute);
    connect(session->document(), &Document::changed, this, &MovesetPanel::onDocumentChanged);
    connect(session, &EditorSession::currentFrameChanged, mChart,
            qOverload<>(&QWidget::update)); // the frame on the canvas is outlined
    refillDefenders();
    schedule();
}

MovesetPanel::~MovesetPanel() = default;

QWidget *MovesetPanel::chart() const {
    return mChart;
}

void MovesetPanel::onDocumentChanged(const DocumentChange &change) {
    using Kind = DocumentChange::Kind;
    if (change.kind != Kind::ShapeChanged && change.kind != Kind::ShapeInserted &&
        change.kind != Kind::ShapeRemoved)
        refillDefenders(); // names or frames may have changed
    schedule();
}

void MovesetPanel::refillDefenders() {
    const DocumentData &data = mSession->document()->data();
    QStringList names{tr("(none)")};
    for (const Sprite &sprite : data.sprites)
        for (const Frame &frame : sprite.frames)
            names << sprite.name + u'/' + frame.name;
    QStringList current;
    for (int i = 0; i < mDefender->count(); ++i)
        current << mDefender->itemText(i);
    if (current == names)
        return;
    const QString chosen = mDefender->currentIndex() > 0 ? mDefender->currentText() : QString();
    const QSignalBlocker blocker(mDefender);
    mDefender->clear();
    mDefender->addItems(names);
    // The same defender stays chosen while it exists.
    mDefender->setCurrentIndex(chosen.isEmpty() ? 0 : std::max(0, int(names.indexOf(chosen))));
    schedule();
}

void MovesetPanel::applyLayers() {
    const QString text = mLayers->text().trimmed();
    VersusLayers layers;
    if (!text.isEmpty()) {
        QString error;
        layers = parseVersusLayers(text, &error);
        if (!layers) {
            mStatus->setText(error);
            mStatus->setStyleSheet(QStringLiteral("color: #c0392b;"));
            return;
        }
    }
    mStatus->setStyleSheet(QString());
    mLayerPairs = layers;
    schedule();
}

void MovesetPanel::schedule() {
    mDirty = true;
    mTimer->start();
}

void MovesetPanel::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (mDirty)
        schedule();
}

void MovesetPanel::flush() {
    if (mDirty)
        recompute();
}

void MovesetPanel::recompute() {
    mTimer->stop();
    if (!isVisible())
        return; // stays dirty: computed when the dock is shown
    mDirty = false;
    ++mRecomputes;
    QElapsedTimer clock;
    clock.start();
    const DocumentData &data = mSession->document()->data();
    const QList<LayerPair> defaults = VersusLayerFilter(data, std::nullopt).pairs();
    mLayers->setPlaceholderText(defaults.isEmpty()
                                    ? tr("no layer pairs collide")
                                    : tr("default: %1").arg(formatVersusLayers(defaults)));
    mDefenderName = mDefender->currentIndex() > 0 ? mDefender->currentText() : QString();
    const auto [sprite, frame] = data.findFrame(mDefenderName);
    mDefenderFrame = sprite >= 0 ? FrameRef{sprite, frame} : FrameRef{};
    mMoves.clear();
    if (sprite < 0) {
        mDefenderName.clear();
        mStatus->setText(tr("Choose the defender frame every move is charted against."));
    } else {
        const Facing facing = mSameFacing->isChecked() ? Facing::Same : Facing::Opposite;
        mMoves = operations::movesetReach(data, operations::attackSprites(data, mLayerPairs),
                                          mDefenderFrame, mDy->value(), facing, mLayerPairs);
        if (mStatus->styleSheet().isEmpty())
            mStatus->setText(
                mMoves.isEmpty()
                    ? tr("No sprite has a shape on a tested attacker layer.")
                    : (mMoves.size() == 1
                           ? tr("1 move against %1.").arg(mDefenderName)
                           : tr("%1 moves against %2.").arg(mMoves.size()).arg(mDefenderName)) +
                          u' ' + tr("Click a bar to open that frame in Versus there."));
    }
    mRecomputeMs = double(clock.nsecsElapsed()) / 1e6;
    mStatus->setToolTip(tr("Computed in %1 ms").arg(number(mRecomputeMs)));
    relayout();
}

void MovesetPanel::relayout() {
    if (mDirty) {
        // The moves may name sprites that are gone: computed again first, or when shown.
        if (isVisible())
            recompute();
        return;
    }
    operations::MovesetLayoutOptions options;
    // The frame data line: ticks with ms beside them ("4/4/5 ticks (50/67/83 ms)").
    int labels = fontMetrics().horizontalAdvance(QStringLiteral("00/00/00 ticks (000/000/000 ms)"));
    const DocumentData &data = mSession->document()->data();
    for (const operations::MoveReach &m : std::as_const(mMoves))
        labels = std::max(labels, fontMetrics().horizontalAdvance(data.sprites[m.sprite].name));
    options.left = std::clamp(labels + 16, 80, 280);
    options.width = std::max(120.0, mChart->width() - options.left - 16);
    options.top = 8;
    options.lane = 12;
    options.minRow = 2 * fontMetrics().height(); // the name and the frame data
    options.rowGap = 10;
    options.bottom = 2 * fontMetrics().height() + 12;
    mLayout = mMoves.isEmpty() ? operations::MovesetLayout{}
                               : operations::movesetLayout(data, mMoves, options);
    mChart->setMinimumHeight(int(std::ceil(mLayout.height)));
    mChart->update();
}

QString MovesetPanel::describe(const QPointF &point) {
    flush(); // never the moves of a document that has changed since
    const DocumentData &data = mSession->document()->data();
    for (const operations::MovesetRow &row : mLayout.rows) {
        const operations::MoveReach &move = mMoves[row.move];
        const Sprite &sprite = data.sprites[move.sprite];
        for (const operations::MovesetBar &bar : row.bars)
            if (hits(bar.rect, point))
                return tr("%1/%2 hits at dx %3 to %4 px. Click: open it in Versus there.")
                    .arg(sprite.name, sprite.frames[bar.frame].name, number(bar.interval.lo),
                         number(bar.interval.hi));
        for (const operations::MovesetTunnel &tunnel : row.tunnels)
            if (hits(tunnel.rect, point))
                return tr("Tunnel at dx %1 to %2 px: %3's swing passes through the defender "
                          "between two frames and no frame connects. Click: open it in Versus.")
                    .arg(number(tunnel.interval.lo), number(tunnel.interval.hi), sprite.name);
        for (const operations::MovesetGap &gap : row.gaps)
            if (hits(gap.rect, point))
                return tr("%1 whiffs at dx %2 to %3 px.")
                    .arg(sprite.name, number(gap.interval.lo), number(gap.interval.hi));
    }
    return QString();
}

bool MovesetPanel::openAt(const QPointF &point) {
    flush();
    const double dx = mLayout.rows.isEmpty() ? 0.0 : mLayout.dxAt(point.x());
    for (const operations::MovesetRow &row : std::as_const(mLayout.rows)) {
        const operations::MoveReach &move = mMoves[row.move];
        for (const operations::MovesetBar &bar : row.bars)
            if (hits(bar.rect, point)) {
                open(row.move, bar.frame, bar.interval, dx);
                return true;
            }
        for (const operations::MovesetTunnel &tunnel : row.tunnels) {
            if (!hits(tunnel.rect, point))
                continue;
            // The frame whose swing from the frame before passes there.
            const double at = std::clamp(dx, tunnel.interval.lo, tunnel.interval.hi);
            for (int f = 0; f < move.tunnels.size(); ++f)
                for (const DxInterval &piece : move.tunnels[f])
                    if (contains(piece, at)) {
                        open(row.move, f, tunnel.interval, at);
                        return true;
                    }
        }
    }
    return false;
}

void MovesetPanel::open(int move, int frame, const DxInterval &interval, double dx) {
    Document *document = mSession->document();
    const DocumentData &data = document->data();
    const FrameRef attacker{mMoves[move].sprite, frame};
    if (!document->contains(attacker) || mDefenderName.isEmpty())
        return;
    const Sprite &sprite = data.sprites[attacker.sprite];
    const QString attackerName = sprite.name + u'/' + sprite.frames[frame].name;
    VersusSetup setup;
    QList<VersusSetup> setups = data.versus;
    const auto found = std::find_if(setups.begin(), setups.end(), [&](const VersusSetup &s) {
        return s.attacker == attackerName;
    });
    if (found != setups.end())
        setup = *found; // its unknown fields stay
    setup.attacker = attackerName;
    setup.defender = mDefenderName;
    setup.dx = roundedInside(std::clamp(dx, interval.lo, interval.hi), interval);
    setup.dy = mDy->value();
    setup.facing = mSameFacing->isChecked() ? Facing::Same : Facing::Opposite;
    setup.layers = mLayerPairs;
    mSession->setCurrentFrame(attacker);
    if (found == setups.end() || *found != setup) {
        if (found != setups.end())
            *found = setup;
        else
            setups.append(setup);
        document->undoStack()->push(new SetVersusCommand(
            document, setups,
            tr("Place %1 against %2 at (%3, %4)")
                .arg(setup.defender, setup.attacker, number(setup.dx), number(setup.dy))));
    }
    Q_EMIT versusRequested();
}

} // namespace hitsmith
