#include "typingkeys.h"

#include <QKeyEvent>

namespace hitsmith {

void TypingKeys::claimFor(QObject *widget) {
    widget->installEventFilter(new TypingKeys(widget));
}

bool TypingKeys::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers others =
            key->modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
        const QString text = key->text();
        if (others == Qt::NoModifier && !text.isEmpty() && text.at(0).isPrint()) {
            event->accept(); // the key goes to the widget, not to a shortcut
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace hitsmith
