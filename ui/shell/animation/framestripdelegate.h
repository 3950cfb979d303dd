#pragma once

#include <QStyledItemDelegate>

namespace hitsmith {

/// Draws one frame of the Timeline strip: its name, its thumbnail, a band coloured by its
/// phase for the attack layer (startup, active, recovery), cut into one segment per tick, and its
/// duration ("100 ms", greyed when the sprite's default applies). Edits the duration in a spin box
/// over the duration line.
class FrameStripDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    /// The band's colour for each phase (also the frame data summary's).
    static QColor phaseColor(int phase);

    /// Fills band with color cut into ticks segments (one solid segment when they would be
    /// too narrow to tell apart, or when ticks is not positive: a frame that never ends).
    static void paintBand(QPainter *painter, const QRect &band, const QColor &color, int ticks);

    /// Whether the band is drawn (an attack layer is chosen).
    void setShowsPhases(bool on) { mShowsPhases = on; }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model,
                      const QModelIndex &index) const override;
    void updateEditorGeometry(QWidget *editor, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const override;

Q_SIGNALS:
    /// A duration editor is about to open: playback must pause, or its next tick moves the
    /// strip's current row and Qt commits the half-typed value.
    void editorOpening() const;

private:
    QRect durationRect(const QStyleOptionViewItem &option) const;

    bool mShowsPhases = false;
};

} // namespace hitsmith
