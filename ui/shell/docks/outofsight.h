#pragma once

#include <QObject>
#include <QPointer>

class QDockWidget;
class QWidget;

namespace hitsmith {

/// Whether a dock's panel can be seen, as its dock tells: closed, or a tab behind another dock,
/// it cannot (Qt keeps such a tab's widgets "visible", only out of view). A panel out of sight
/// skips its updates during edits (a drag sends one per mouse move) and catches up on shown().
/// A panel not (yet) in a dock, or in a window never shown, counts as in sight: it keeps up as
/// before.
class DockSight : public QObject {
    Q_OBJECT

public:
    /// Watches panel; it finds its dock when the panel is put into one.
    explicit DockSight(QWidget *panel);

    bool inSight() const { return mInSight; }

Q_SIGNALS:
    /// The panel came into sight (its dock shown, or its tab chosen).
    void shown();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void follow(QDockWidget *dock);

    QWidget *mPanel;
    QPointer<QDockWidget> mDock;
    bool mInSight = true;
};

} // namespace hitsmith
