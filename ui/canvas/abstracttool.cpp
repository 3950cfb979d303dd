#include "abstracttool.h"

#include "canvas.h"

namespace hitsmith {

AbstractTool::AbstractTool(Canvas *canvas, const QString &name, const QIcon &icon,
                           const QKeySequence &shortcut)
    : QObject(canvas)
    , mCanvas(canvas)
    , mAction(new QAction(icon, name, this)) {
    mAction->setCheckable(true);
    mAction->setShortcut(shortcut);
    mAction->setToolTip(
        QStringLiteral("%1 (%2)").arg(name, shortcut.toString(QKeySequence::NativeText)));
}

bool AbstractTool::keyPressed(QKeyEvent *) {
    return false;
}

} // namespace hitsmith
