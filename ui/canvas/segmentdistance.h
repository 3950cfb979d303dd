#pragma once

#include <QLineF>
#include <QPointF>

#include <algorithm>

namespace hitsmith {

/// The distance from p to the segment a..b: a capsule's radius is measured from its core
/// segment (the Capsule tool and the radius grip).
inline double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double length2 = QPointF::dotProduct(ab, ab);
    const double t =
        length2 > 0 ? std::clamp(QPointF::dotProduct(p - a, ab) / length2, 0.0, 1.0) : 0.0;
    return QLineF(p, a + t * ab).length();
}

} // namespace hitsmith
