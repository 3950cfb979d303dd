#include "actionlook.h"

#include <QAction>
#include <QCoreApplication>
#include <QToolBar>

// Outside any namespace, as Q_INIT_RESOURCE requires: the icons live in this static library,
// and the linker would drop the resource's object file without a reference to it.
static void initIconResource() {
    Q_INIT_RESOURCE(icons);
}

namespace hitsmith {

namespace {

const char kBaseToolTip[] = "hitsmithBaseToolTip";

// What Qt shows as a tooltip for an action without one: the text without '&' and "...".
QString strippedText(QString text) {
    text.remove(QStringLiteral("..."));
    text.remove(QChar(0x2026));
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == u'&' && i + 1 < text.size())
            ++i; // "&&" stands for one '&'; "&x" marks the mnemonic
        out.append(text[i]);
    }
    return out;
}

void applyToolTip(QAction *action) {
    QString base = action->property(kBaseToolTip).toString();
    if (base.isEmpty())
        base = strippedText(action->text());
    const QString keys = action->shortcut().toString(QKeySequence::NativeText);
    const QString tip =
        keys.isEmpty() || base.contains(QStringLiteral("(%1)").arg(keys))
            ? base
            : QCoreApplication::translate("hitsmith::ActionLook", "%1 (%2)").arg(base, keys);
    if (action->toolTip() != tip)
        action->setToolTip(tip);
}

} // namespace

QIcon hitsmithIcon(const QString &name) {
    static const bool initialised = (initIconResource(), true);
    Q_UNUSED(initialised)
    const QString path = QStringLiteral(":/icons/%1.svg").arg(name);
    QIcon icon(path);
    return icon.availableSizes().isEmpty() && icon.pixmap(16, 16).isNull() ? QIcon() : icon;
}

void decorateAction(QAction *action, const QString &iconName) {
    action->setIcon(hitsmithIcon(iconName));
    // A tooltip set on purpose (it says more than the text) is kept; otherwise the text is used.
    if (action->toolTip() != strippedText(action->text()))
        action->setProperty(kBaseToolTip, action->toolTip());
    applyToolTip(action);
    QObject::connect(action, &QAction::changed, action, [action] { applyToolTip(action); });
}

void makeIconToolBar(QToolBar *toolBar, int iconSize) {
    toolBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    toolBar->setIconSize(QSize(iconSize, iconSize));
}

} // namespace hitsmith
