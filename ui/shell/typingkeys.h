#pragma once

#include <QObject>

namespace hitsmith {

/// Claims printable keys (with or without Shift) for a widget that starts editing on any key,
/// such as an item view with QAbstractItemView::AnyKeyPressed. Without it, the window's
/// single-key shortcuts (tools S R C P, `,` `.` for frames, Shift+H to flip) fire before the
/// view sees the key, so typing a property value would switch tools or flip shapes. Line edits
/// and spin boxes already claim such keys themselves.
class TypingKeys : public QObject {
    Q_OBJECT
public:
    /// Installs the filter on widget (owned by it).
    static void claimFor(QObject *widget);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
};

} // namespace hitsmith
