#include "widgetinput.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QGroupBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QPointer>
#include <QScrollBar>
#include <QStyleOptionGroupBox>
#include <QTabBar>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

#include <functional>

namespace hitsmith::exercise {

namespace {

const QStringList kWords = {QStringLiteral("fire"),
                            QStringLiteral("abc"),
                            QStringLiteral("knockback"),
                            QStringLiteral("damage"),
                            QStringLiteral("blade"),
                            QStringLiteral("hitbox"),
                            QStringLiteral("hurtbox"),
                            QStringLiteral("pushbox"),
                            QStringLiteral("idle"),
                            QStringLiteral("true"),
                            QStringLiteral("false"),
                            QStringLiteral("  "),
                            QString(),
                            QStringLiteral("x y"),
                            QStringLiteral("\u00f1and\u00fa"),
                            QStringLiteral("a\"b"),
                            QStringLiteral("new-name"),
                            QStringLiteral("1e400"),
                            QStringLiteral("-"),
                            QStringLiteral("12abc")};
const QStringList kNumbers = {
    QStringLiteral("0"),    QStringLiteral("1"),        QStringLiteral("12"),
    QStringLiteral("-0.5"), QStringLiteral("3.25"),     QStringLiteral("100"),
    QStringLiteral("-40"),  QStringLiteral("1e6"),      QStringLiteral("0.001"),
    QStringLiteral("nan"),  QStringLiteral("99999999"), QStringLiteral("7")};

bool insideOwner(const QWidget *widget) {
    // The line edit of a spin box or combo box, or anything inside a combo box's popup.
    for (const QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
        if (qobject_cast<const QAbstractSpinBox *>(p) || qobject_cast<const QComboBox *>(p))
            return true;
        if (p->isWindow())
            break;
    }
    return false;
}

bool isReachable(const QWidget *w) {
    if (!w->isVisible() || !w->isEnabled() || insideOwner(w))
        return false;
    if (qobject_cast<const QHeaderView *>(w) || qobject_cast<const QScrollBar *>(w) ||
        qobject_cast<const QMenu *>(w))
        return false;
    // The dock title bar's float and close buttons: floating docks cover the window.
    if (w->inherits("QDockWidgetTitleButton"))
        return false;
    // A line edit's clear button fades in and out on a clock: whether it is visible at a step
    // would depend on the machine's speed, and no seed would replay. (Ctrl+A and typing clear.)
    if (w->inherits("QLineEditIconButton"))
        return false;
    if (const auto *group = qobject_cast<const QGroupBox *>(w))
        return group->isCheckable();
    return qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
           qobject_cast<const QComboBox *>(w) || qobject_cast<const QAbstractButton *>(w) ||
           qobject_cast<const QAbstractItemView *>(w) || qobject_cast<const QTabBar *>(w) ||
           qobject_cast<const QAbstractSlider *>(w);
}

QString quoted(const QString &text) {
    return u'"' + text + u'"';
}

/// Enter, Tab (focus leaves) or Escape after typing.
QString finish(QWidget *fallback, Dice &dice) {
    const int roll = dice.below(10);
    if (roll < 6) {
        pressKey(fallback, Qt::Key_Return);
        return QStringLiteral("Return");
    }
    if (roll < 9) {
        pressKey(fallback, Qt::Key_Tab);
        return QStringLiteral("Tab");
    }
    pressKey(fallback, Qt::Key_Escape);
    return QStringLiteral("Escape");
}

QString typeInto(QWidget *field, const QString &text, Dice &dice) {
    // The field may go while it is typed into (a table rebuilt under its cell editor).
    QPointer<QWidget> guard(field);
    clickAt(field);
    pressKey(guard, Qt::Key_A, Qt::ControlModifier);
    typeText(guard, text);
    return QStringLiteral("type %1 %2").arg(quoted(text), finish(guard, dice));
}

QString chooseInCombo(QComboBox *combo, Dice &dice, const TextPool &texts, QString *kind) {
    if (combo->isEditable() && dice.chance(40)) {
        *kind = QStringLiteral("type");
        return typeInto(combo, dice.chance(50) ? texts.name(dice) : texts.any(dice), dice);
    }
    QPointer<QComboBox> guard(combo); // a type box in a table goes when the table is rebuilt
    if (dice.chance(30)) {
        *kind = QStringLiteral("keys");
        clickAt(combo);
        if (QWidget *popup = QApplication::activePopupWidget())
            popup->close();
        settle();
        const int key = dice.chance(50) ? Qt::Key_Down : Qt::Key_Up;
        if (guard)
            pressKey(guard, key);
        return key == Qt::Key_Down ? QStringLiteral("key Down") : QStringLiteral("key Up");
    }
    *kind = QStringLiteral("choose");
    clickAt(combo); // opens the list
    settle();
    if (!guard || !guard->view() || !guard->view()->isVisible())
        return QStringLiteral("click (no list)");
    QAbstractItemView *view = guard->view();
    const int downs = dice.below(qMax(1, guard->count()));
    for (int i = 0; i < downs && guard; ++i)
        QTest::keyClick(view, Qt::Key_Down);
    if (!guard)
        return QStringLiteral("choose (gone)");
    if (dice.chance(10)) {
        QTest::keyClick(view, Qt::Key_Escape);
        return QStringLiteral("open list, Escape");
    }
    QTest::keyClick(view, Qt::Key_Return);
    return QStringLiteral("choose item %1").arg(downs);
}

QList<QModelIndex> visibleIndexes(QAbstractItemView *view) {
    QList<QModelIndex> list;
    QAbstractItemModel *model = view->model();
    if (!model)
        return list;
    auto *tree = qobject_cast<QTreeView *>(view);
    std::function<void(const QModelIndex &, int)> walk = [&](const QModelIndex &parent, int depth) {
        const int rows = qMin(model->rowCount(parent), 300);
        const int columns = qMin(model->columnCount(parent), 6);
        for (int r = 0; r < rows && list.size() < 600; ++r) {
            for (int c = 0; c < columns; ++c) {
                const QModelIndex index = model->index(r, c, parent);
                if (tree && tree->isColumnHidden(c))
                    continue;
                list.append(index);
            }
            const QModelIndex first = model->index(r, 0, parent);
            if (tree && depth < 3 && tree->isExpanded(first))
                walk(first, depth + 1);
        }
    };
    walk(view->rootIndex(), 0);
    return list;
}

QString workItemView(QAbstractItemView *view, Dice &dice, const TextPool &texts, QString *kind) {
    const QList<QModelIndex> indexes = visibleIndexes(view);
    QPointer<QAbstractItemView> guard(view);
    QWidget *viewport = view->viewport();
    if (indexes.isEmpty()) {
        *kind = QStringLiteral("click-empty");
        clickAt(viewport);
        return QStringLiteral("click empty list");
    }
    const QModelIndex index = dice.pick(indexes);
    view->scrollTo(index);
    const QRect rect = view->visualRect(index);
    const QPoint pos = rect.isValid() ? rect.center() : viewport->rect().center();
    const QString where = QStringLiteral("row %1 col %2").arg(index.row()).arg(index.column());
    const int roll = dice.below(100);
    if (roll < 30) {
        const Qt::KeyboardModifiers modifiers = dice.chance(20)   ? Qt::ControlModifier
                                                : dice.chance(15) ? Qt::ShiftModifier
                                                                  : Qt::NoModifier;
        *kind = QStringLiteral("click");
        clickAt(viewport, pos, modifiers);
        return QStringLiteral("click %1%2")
            .arg(where, modifiers ? QStringLiteral(" +mod") : QString());
    }
    if (roll < 42) {
        *kind = QStringLiteral("double-click");
        QTest::mouseDClick(viewport, Qt::LeftButton, {}, pos);
        settle();
        if (guard && dice.chance(60) && QApplication::focusWidget() &&
            QApplication::focusWidget() != guard.data() &&
            guard->isAncestorOf(QApplication::focusWidget())) {
            // An editor opened: type into it like a person.
            QWidget *editor = QApplication::focusWidget();
            pressKey(editor, Qt::Key_A, Qt::ControlModifier);
            const QString text = dice.chance(50) ? texts.any(dice) : texts.number(dice);
            typeText(editor, text);
            return QStringLiteral("double-click %1, type %2 %3")
                .arg(where, quoted(text), finish(editor, dice));
        }
        return QStringLiteral("double-click %1").arg(where);
    }
    if (roll < 70) {
        // Start typing on a chosen cell: the table opens its editor on the first key.
        *kind = QStringLiteral("edit");
        clickAt(viewport, pos);
        if (!guard)
            return QStringLiteral("click %1 (gone)").arg(where);
        const bool f2 = dice.chance(30);
        if (f2)
            pressKey(guard, Qt::Key_F2);
        QString text = dice.chance(40) ? texts.number(dice) : texts.any(dice);
        if (text.isEmpty())
            text = QStringLiteral("fire");
        typeText(guard, text);
        return QStringLiteral("click %1, %2type %3 %4")
            .arg(where, f2 ? QStringLiteral("F2, ") : QString(), quoted(text), finish(guard, dice));
    }
    if (roll < 88) {
        static const QList<int> keys = {Qt::Key_Delete, Qt::Key_Up,     Qt::Key_Down,
                                        Qt::Key_Home,   Qt::Key_End,    Qt::Key_Space,
                                        Qt::Key_Return, Qt::Key_Escape, Qt::Key_Backspace};
        const int key = dice.pick(keys);
        *kind = QStringLiteral("key");
        clickAt(viewport, pos);
        if (guard)
            pressKey(guard, key);
        return QStringLiteral("click %1, key %2")
            .arg(where, QKeySequence(key).toString(QKeySequence::PortableText));
    }
    // Right click: the context menu, answered as a popup.
    *kind = QStringLiteral("context-menu");
    clickAt(viewport, pos);
    if (!guard)
        return QStringLiteral("right-click (gone)");
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, guard->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(guard->viewport(), &event);
    if (guard && guard->contextMenuPolicy() == Qt::ActionsContextMenu &&
        !guard->actions().isEmpty()) {
        // Qt opens ActionsContextMenu menus itself from the widget, not its viewport.
        QContextMenuEvent own(QContextMenuEvent::Mouse, guard->viewport()->mapTo(guard, pos),
                              guard->viewport()->mapToGlobal(pos));
        QApplication::sendEvent(guard, &own);
    }
    return QStringLiteral("right-click %1").arg(where);
}

} // namespace

QString TextPool::number(Dice &dice) const {
    if (dice.chance(40))
        return QString::number(dice.between(-60, 400));
    return dice.pick(kNumbers);
}

QString TextPool::name(Dice &dice) const {
    if (!names.isEmpty() && dice.chance(60))
        return dice.pick(names);
    return dice.pick(kWords);
}

QString TextPool::path(Dice &dice) const {
    const int roll = dice.below(10);
    if (roll < 6 && !files.isEmpty())
        return dice.pick(files);
    if (roll < 8)
        return folder + QStringLiteral("/new-%1.json").arg(dice.below(5));
    if (roll < 9)
        return folder + QStringLiteral("/missing.png");
    return folder + QStringLiteral("/no-folder/x.json");
}

QString TextPool::any(Dice &dice) const {
    const int roll = dice.below(10);
    if (roll < 4)
        return name(dice);
    if (roll < 8)
        return number(dice);
    if (roll < 9)
        return dice.pick(kWords);
    return path(dice);
}

void settle() {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
}

QWidget *keyTarget(QWidget *fallback) {
    // Window activation arrives as an event of its own: until it has, the application's focus
    // widget may still be in another window (the main window behind a dialog just opened).
    // Keys then go where they would once the window is active: its own focus widget.
    QWidget *focus = QApplication::focusWidget();
    if (!fallback)
        return focus;
    if (focus && focus->window() == fallback->window())
        return focus;
    if (QWidget *own = fallback->window()->focusWidget())
        return own;
    return fallback;
}

void pressKey(QWidget *fallback, int key, Qt::KeyboardModifiers modifiers) {
    QPointer<QWidget> target = keyTarget(fallback);
    if (!target)
        return;
    QTest::keyClick(target, Qt::Key(key), modifiers);
    settle();
}

void typeText(QWidget *fallback, const QString &text) {
    QPointer<QWidget> start = fallback;
    for (const QChar c : text) {
        QPointer<QWidget> target = keyTarget(start);
        if (!target)
            return;
        if (c.unicode() >= 32 && c.unicode() < 127) {
            QTest::keyClick(target, char(c.unicode()), Qt::NoModifier);
        } else {
            // A letter beyond ASCII: sent as text, as an input method would.
            QTest::sendKeyEvent(QTest::Press, target, Qt::Key_unknown, QString(c), Qt::NoModifier);
            if (target)
                QTest::sendKeyEvent(QTest::Release, target, Qt::Key_unknown, QString(c),
                                    Qt::NoModifier);
        }
    }
    settle();
}

void clickAt(QWidget *widget, QPoint pos, Qt::KeyboardModifiers modifiers, Qt::MouseButton button) {
    if (!widget)
        return;
    QPointer<QWidget> guard(widget);
    if (pos.isNull())
        pos = widget->rect().center();
    QTest::mouseClick(widget, button, modifiers, pos);
    if (guard)
        settle();
}

QList<QWidget *> reachableWidgets(QWidget *root) {
    QList<QWidget *> list;
    if (!root || !root->isVisible())
        return list;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (isReachable(w))
            list.append(w);
    }
    return list;
}

QString widgetName(const QWidget *widget) {
    QString own = widget->objectName();
    if (own.startsWith(QLatin1String("qt_")))
        own.clear();
    if (own.isEmpty()) {
        if (const auto *button = qobject_cast<const QAbstractButton *>(widget))
            own = button->text().remove(u'&');
        if (const auto *tabs = qobject_cast<const QTabBar *>(widget); tabs && own.isEmpty()) {
            QStringList names;
            for (int i = 0; i < tabs->count(); ++i)
                names.append(tabs->tabText(i).remove(u'&'));
            own = QStringLiteral("tabs(%1)").arg(names.join(u'|'));
        }
        if (own.isEmpty())
            own = QString::fromLatin1(widget->metaObject()->className());
    }
    for (const QWidget *p = widget->parentWidget(); p; p = p->parentWidget()) {
        const QString name = p->objectName();
        if (!name.isEmpty() && !name.startsWith(QLatin1String("qt_")))
            return name + u'/' + own;
    }
    return own;
}

QString interact(QWidget *widget, Dice &dice, const TextPool &texts, QString *kind) {
    if (auto *line = qobject_cast<QLineEdit *>(widget)) {
        *kind = QStringLiteral("type");
        return typeInto(line, dice.chance(50) ? texts.name(dice) : texts.any(dice), dice);
    }
    if (auto *spin = qobject_cast<QAbstractSpinBox *>(widget)) {
        if (dice.chance(25)) {
            *kind = QStringLiteral("step");
            QPointer<QAbstractSpinBox> guard(spin);
            clickAt(spin);
            static const QList<int> keys = {Qt::Key_Up, Qt::Key_Down, Qt::Key_PageUp,
                                            Qt::Key_PageDown};
            const int key = dice.pick(keys);
            const int times = dice.between(1, 3);
            for (int i = 0; i < times && guard; ++i)
                pressKey(guard, key);
            return QStringLiteral("key %1 x%2")
                .arg(QKeySequence(key).toString(QKeySequence::PortableText))
                .arg(times);
        }
        *kind = QStringLiteral("type");
        return typeInto(spin, dice.chance(85) ? texts.number(dice) : texts.any(dice), dice);
    }
    if (auto *combo = qobject_cast<QComboBox *>(widget))
        return chooseInCombo(combo, dice, texts, kind);
    if (auto *group = qobject_cast<QGroupBox *>(widget)) {
        *kind = QStringLiteral("check");
        QStyleOptionGroupBox option;
        option.initFrom(group);
        option.subControls = QStyle::SC_GroupBoxCheckBox;
        option.text = group->title();
        const QRect box = group->style()->subControlRect(QStyle::CC_GroupBox, &option,
                                                         QStyle::SC_GroupBoxCheckBox, group);
        clickAt(group, box.center());
        return QStringLiteral("click check box");
    }
    if (auto *button = qobject_cast<QAbstractButton *>(widget)) {
        *kind = QStringLiteral("click");
        clickAt(button);
        return QStringLiteral("click");
    }
    if (auto *view = qobject_cast<QAbstractItemView *>(widget))
        return workItemView(view, dice, texts, kind);
    if (auto *tabs = qobject_cast<QTabBar *>(widget)) {
        *kind = QStringLiteral("tab");
        if (tabs->count() == 0)
            return QStringLiteral("no tab");
        const int tab = dice.below(tabs->count());
        clickAt(tabs, tabs->tabRect(tab).center());
        return QStringLiteral("click tab %1").arg(tabs->tabText(tab));
    }
    if (auto *slider = qobject_cast<QAbstractSlider *>(widget)) {
        *kind = QStringLiteral("slide");
        QPointer<QAbstractSlider> guard(slider);
        clickAt(slider);
        const int key = dice.chance(50) ? Qt::Key_Up : Qt::Key_Down;
        if (guard)
            pressKey(guard, key);
        return QStringLiteral("slide");
    }
    *kind = QStringLiteral("click");
    clickAt(widget);
    return QStringLiteral("click");
}

QString chooseFromMenu(QMenu *menu, Dice &dice) {
    QPointer<QMenu> guard(menu);
    QList<QAction *> actions;
    for (QAction *action : menu->actions()) {
        if (action->isVisible() && action->isEnabled() && !action->isSeparator())
            actions.append(action);
    }
    if (actions.isEmpty() || dice.chance(8)) {
        QTest::keyClick(menu, Qt::Key_Escape);
        if (guard && guard->isVisible())
            guard->close();
        return QStringLiteral("Escape");
    }
    QAction *action = dice.pick(actions);
    const QString text = action->text().remove(u'&');
    const QPoint pos = menu->actionGeometry(action).center();
    if (QMenu *sub = action->menu()) {
        QTest::mouseClick(menu, Qt::LeftButton, {}, pos);
        settle();
        if (!sub->isVisible())
            sub->popup(menu->mapToGlobal(menu->actionGeometry(action).topRight()));
        settle();
        const QString inner = chooseFromMenu(sub, dice);
        if (guard && guard->isVisible())
            guard->close();
        return text + u'/' + inner;
    }
    QTest::mouseClick(menu, Qt::LeftButton, {}, pos);
    if (guard && guard->isVisible() && !action->menu()) {
        // The click did not reach the item (offscreen geometry): choose it as Enter would.
        guard->setActiveAction(action);
        QTest::keyClick(guard, Qt::Key_Return);
    }
    return text;
}

} // namespace hitsmith::exercise
