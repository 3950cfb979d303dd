#include "outofsight.h"

#include <QDockWidget>
#include <QEvent>

namespace hitsmith {

DockSight::DockSight(QWidget *panel)
    : QObject(panel)
    , mPanel(panel) {
    panel->installEventFilter(this);
    follow(qobject_cast<QDockWidget *>(panel->parentWidget()));
}

bool DockSight::eventFilter(QObject *watched, QEvent *event) {
    if (watched == mPanel && event->type() == QEvent::ParentChange)
        follow(qobject_cast<QDockWidget *>(mPanel->parentWidget()));
    return false;
}

void DockSight::follow(QDockWidget *dock) {
    if (dock == mDock)
        return;
    if (mDock)
        disconnect(mDock, nullptr, this, nullptr);
    mDock = dock;
    mInSight = true;
    if (!dock)
        return;
    connect(dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible == mInSight)
            return;
        mInSight = visible;
        if (visible)
            Q_EMIT shown();
    });
}

} // namespace hitsmith
