#include "refusalline.h"

#include <QAccessible>
#include <QScrollArea>
#include <QTimer>

namespace hitsmith {

RefusalLine::RefusalLine(QWidget *parent)
    : QLabel(parent) {
    setObjectName(QStringLiteral("refusal"));
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wraps to the dock's width instead of widening it.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    QPalette colors = palette();
    // A red that reads on light and dark backgrounds alike.
    colors.setColor(QPalette::WindowText, QColor(0xe0, 0x40, 0x40));
    setPalette(colors);
    hide();
}

void RefusalLine::refuse(const QString &reason) {
    setText(reason);
    setAccessibleDescription(reason);
    show();
    // In a scrolled dock (Properties) the line may sit below the fold: scroll it into view once
    // the layout has made room for it, or the reason would go unseen.
    QTimer::singleShot(0, this, [this] {
        for (QWidget *up = parentWidget(); up; up = up->parentWidget()) {
            if (auto *area = qobject_cast<QScrollArea *>(up)) {
                area->ensureWidgetVisible(this, 0, 4);
                break;
            }
        }
    });
    // Screen readers hear it as they would the message box it replaces.
    QAccessibleEvent event(this, QAccessible::Alert);
    QAccessible::updateAccessibility(&event);
}

void RefusalLine::clear() {
    QLabel::clear();
    hide();
}

} // namespace hitsmith
