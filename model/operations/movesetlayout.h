#pragma once

// The moveset chart's layout (issue 29), shared by `hitsmith-cli moveset --svg` and the editor's
// Moveset dock: a row per move on one distance axis, a lane per active frame with a bar per
// interval of its reach coloured by its place in the active span, the move's tunnels hatched and
// its whiff gaps (between pieces of the reach) outlined. Plain rectangles, lines and colours in
// the chart's own units (pixels at scale 1); the writers only draw them.

#include "operations/moveset.h"

#include <QColor>
#include <QLineF>
#include <QRectF>
#include <QString>

namespace hitsmith::operations {

/// One active frame's interval: the bar drawn for it.
struct MovesetBar {
    QRectF rect;
    QColor colour;       ///< by the frame's place in the move's active span
    int frame = -1;      ///< frame index in the move's sprite
    DxInterval interval; ///< the dx the bar covers
};

/// Where the move's swing passes through the defender and no frame of the move connects.
struct MovesetTunnel {
    QRectF rect;
    DxInterval interval;
    QList<QLineF> hatch; ///< the diagonal hatching, clipped to rect
};

/// Between two pieces of the move's reach: a distance the move whiffs at.
struct MovesetGap {
    QRectF rect;
    DxInterval interval;
};

/// One move's row.
struct MovesetRow {
    int move = -1;  ///< index in the moves laid out
    QRectF rect;    ///< the plot's band for this move (the label column is left of it)
    QString name;   ///< the move's sprite name
    QString timing; ///< "startup/active/recovery ticks (ms/ms/ms)": "4/4/5 ticks (50/67/83 ms)"
    QList<MovesetGap> gaps;
    QList<MovesetTunnel> tunnels;
    QList<MovesetBar> bars; ///< lane by lane, first active frame at the top
};

/// A tick of the distance axis.
struct MovesetTick {
    double dx = 0.0;
    double x = 0.0; ///< where it stands
    QString label;
};

/// Where things go (the SVG chart's values by default).
struct MovesetLayoutOptions {
    double left = 190;  ///< the label column's width: the plot starts here
    double width = 640; ///< the plot's width
    double top = 50;    ///< above the first row (title and legend)
    double lane = 9;    ///< one active frame's lane
    double minRow = 18; ///< a row's least height (its two label lines)
    double rowGap = 14; ///< between moves
    double bottom = 46; ///< below the axis line (labels and caption)
};

/// The whole chart.
struct MovesetLayout {
    MovesetLayoutOptions options;
    double lo = 0.0;    ///< dx at the plot's left edge
    double hi = 100.0;  ///< dx at the plot's right edge
    double step = 10.0; ///< between ticks
    QList<MovesetRow> rows;
    double axisY = 0.0; ///< the axis line's y
    QList<MovesetTick> ticks;
    double height = 0.0; ///< the whole chart, axis labels included
    double width = 0.0;

    /// The x at which dx stands.
    double x(double dx) const { return options.left + (dx - lo) / (hi - lo) * options.width; }
    /// The dx at x (the inverse of x()).
    double dxAt(double x) const { return lo + (x - options.left) / options.width * (hi - lo); }
};

/// The colour of the frame at `index` of `count` active frames: evenly spaced hues.
QColor movesetFrameColour(int index, int count);

/// Lays out the chart of `moves` (sprites of data): the axis spans every reach and tunnel with
/// a margin, rounded out to whole ticks (0..100 when there are none).
MovesetLayout movesetLayout(const DocumentData &data, const QList<MoveReach> &moves,
                            const MovesetLayoutOptions &options = {});

} // namespace hitsmith::operations
