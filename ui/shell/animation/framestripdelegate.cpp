#include "framestripdelegate.h"

#include "timelinemodel.h"

#include <QApplication>
#include <QPainter>
#include <QSpinBox>

namespace hitsmith {

namespace {

constexpr int kPadding = 4;
constexpr int kBandHeight = 6;
constexpr int kMinTickWidth = 3;    // a tick segment narrower than this is not drawn apart
constexpr int kMaxDuration = 60000; // a minute per frame is beyond any animation

} // namespace

QColor FrameStripDelegate::phaseColor(int phase) {
    switch (TimelineModel::Phase(phase)) {
    case TimelineModel::Phase::Startup:
        return QColor(60, 170, 90);
    case TimelineModel::Phase::Active:
        return QColor(220, 60, 60);
    case TimelineModel::Phase::Recovery:
        return QColor(70, 120, 220);
    }
    return {};
}

QSize FrameStripDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const {
    const int line = option.fontMetrics.height();
    const int width = std::max(TimelineModel::kThumbnailSize,
                               option.fontMetrics.horizontalAdvance(QStringLiteral("00000 ms")));
    return {width + 2 * kPadding,
            TimelineModel::kThumbnailSize + kBandHeight + 2 * line + 5 * kPadding};
}

void FrameStripDelegate::paintBand(QPainter *painter, const QRect &band, const QColor &color,
                                   int ticks) {
    // Players count ticks, so the band is cut into one segment per tick with a 1 px gap between
    // them. A frame too narrow for that (or one that never ends) is one solid segment.
    const int step = ticks > 0 ? band.width() / ticks : 0;
    if (ticks <= 1 || step < kMinTickWidth) {
        painter->fillRect(band, color);
        return;
    }
    for (int tick = 0; tick < ticks; ++tick) {
        const int left = band.left() + band.width() * tick / ticks;
        const int right = band.left() + band.width() * (tick + 1) / ticks - 1; // 1 px gap
        painter->fillRect(QRect(QPoint(left, band.top()), QPoint(right - 1, band.bottom())), color);
    }
}

QRect FrameStripDelegate::durationRect(const QStyleOptionViewItem &option) const {
    const int line = option.fontMetrics.height();
    return QRect(option.rect.left() + kPadding, option.rect.bottom() - kPadding - line - 1,
                 option.rect.width() - 2 * kPadding, line + 2);
}

void FrameStripDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                               const QModelIndex &index) const {
    painter->save();
    const QPalette &palette = option.palette;
    const bool current = index.data(TimelineModel::CurrentRole).toBool();
    const QRect cell = option.rect.adjusted(1, 1, -1, -1);
    if (current) {
        // A faint fill and a strong border: the greyed default duration stays readable on it.
        QColor fill = palette.color(QPalette::Highlight);
        fill.setAlpha(50);
        painter->fillRect(cell, fill);
        painter->setPen(QPen(palette.color(QPalette::Highlight), 2));
        painter->drawRect(cell.adjusted(1, 1, -1, -1));
    } else if (option.state & QStyle::State_MouseOver) {
        painter->fillRect(cell, palette.color(QPalette::Midlight));
    }
    const int line = option.fontMetrics.height();
    const int x = option.rect.left() + kPadding;
    const int width = option.rect.width() - 2 * kPadding;
    int y = option.rect.top() + kPadding;

    painter->setPen(palette.color(QPalette::Text));
    const QString name = option.fontMetrics.elidedText(index.data(Qt::DisplayRole).toString(),
                                                       Qt::ElideMiddle, width);
    painter->drawText(QRect(x, y, width, line), Qt::AlignCenter, name);
    y += line + kPadding;

    const QPixmap thumbnail = index.data(Qt::DecorationRole).value<QPixmap>();
    const int size = TimelineModel::kThumbnailSize;
    painter->drawPixmap(option.rect.left() + (option.rect.width() - size) / 2, y, thumbnail);
    y += size + kPadding;

    if (mShowsPhases)
        paintBand(painter, QRect(x, y, width, kBandHeight),
                  phaseColor(index.data(TimelineModel::PhaseRole).toInt()),
                  index.data(TimelineModel::TicksRole).toInt());

    const bool own = index.data(TimelineModel::HasOwnDurationRole).toBool();
    QFont font = option.font;
    font.setBold(own);
    painter->setFont(font);
    // The sprite's default is shown greyed: it is what plays, but nothing is set on the frame.
    QColor grey = palette.color(QPalette::Text);
    grey.setAlpha(150);
    painter->setPen(own ? palette.color(QPalette::Text) : grey);
    const QString ticks = index.data(TimelineModel::TicksTextRole).toString();
    painter->drawText(durationRect(option), Qt::AlignCenter,
                      !ticks.isEmpty()
                          ? ticks
                          : tr("%1 ms").arg(index.data(TimelineModel::DurationRole).toInt()));
    painter->restore();
}

QWidget *FrameStripDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &,
                                          const QModelIndex &) const {
    Q_EMIT editorOpening();
    auto *box = new QSpinBox(parent);
    box->setObjectName(QStringLiteral("frameDurationEditor"));
    box->setRange(1, kMaxDuration);
    box->setSuffix(tr(" ms"));
    box->setButtonSymbols(QAbstractSpinBox::NoButtons);
    box->setAlignment(Qt::AlignCenter);
    box->setFrame(false);
    return box;
}

void FrameStripDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const {
    auto *box = static_cast<QSpinBox *>(editor);
    box->setValue(index.data(TimelineModel::DurationRole).toInt());
    box->selectAll();
}

void FrameStripDelegate::setModelData(QWidget *editor, QAbstractItemModel *model,
                                      const QModelIndex &index) const {
    auto *box = static_cast<QSpinBox *>(editor);
    box->interpretText();
    // Leaving the default untouched does not write it onto the frame.
    if (!index.data(TimelineModel::HasOwnDurationRole).toBool() &&
        box->value() == index.data(TimelineModel::DurationRole).toInt())
        return;
    model->setData(index, box->value(), Qt::EditRole);
}

void FrameStripDelegate::updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                                              const QModelIndex &) const {
    editor->setGeometry(durationRect(option));
}

} // namespace hitsmith
