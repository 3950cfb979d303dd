#include "refusalline.h"

#include <QAccessible>

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
    // Screen readers hear it as they would the message box it replaces.
    QAccessibleEvent event(this, QAccessible::Alert);
    QAccessible::updateAccessibility(&event);
}

void RefusalLine::clear() {
    QLabel::clear();
    hide();
}

} // namespace hitsmith
