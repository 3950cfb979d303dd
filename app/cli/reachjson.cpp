#include "reachjson.h"

#include "jsonsupport.h"
#include "versussweep.h"

#include <QStringList>

namespace hitsmith::cli {

QString intervalsJson(const QList<DxInterval> &intervals) {
    QStringList items;
    for (const DxInterval &i : intervals)
        items << u'[' + json::number(i.lo) + u',' + json::number(i.hi) + u']';
    return u'[' + items.join(u',') + u']';
}

QCommandLineOption sweepOption() {
    return QCommandLineOption(
        QStringLiteral("sweep"),
        QStringLiteral("Also print for every frame k >= 1 \"tunnel\": the offsets dx at which the "
                       "swing from frame k-1 to frame k (the convex hull of a shape with the same "
                       "id at both frames, each at its frame's root position; a circle sweeps a "
                       "capsule) meets the defender while neither frame connects ([] for frame "
                       "0)."));
}

QString tunnelMember(const DocumentData &data, FrameRef attacker, FrameRef defender, double dy,
                     Facing facing, const VersusLayers &layers) {
    return QStringLiteral(",\"tunnel\":") +
           intervalsJson(versusTunnel(data, attacker, defender, dy, facing, layers));
}

} // namespace hitsmith::cli
