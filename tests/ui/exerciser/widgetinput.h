#pragma once

// Real input for the exerciser: mouse clicks and key presses on the widgets a person reaches,
// chosen at random. Shared by the steps on the main window and by the dialog answerer.

#include "dice.h"

#include <QPoint>
#include <QString>
#include <QStringList>

class QMenu;
class QWidget;

namespace hitsmith::exercise {

/// What a person may type: names the document uses, fresh names, numbers, garbage, paths.
struct TextPool {
    QStringList names; ///< ids, frame, sprite, layer and property names of the document
    QStringList files; ///< files in the exerciser's folder (absolute paths)
    QString folder;    ///< the exerciser's folder

    QString number(Dice &dice) const;
    QString name(Dice &dice) const;
    QString path(Dice &dice) const;
    /// Any of the above, or garbage.
    QString any(Dice &dice) const;
};

/// Runs posted events and deferred deletes, as returning to the event loop would.
void settle();
/// The widget keys go to: the focus widget of fallback's window, else fallback.
QWidget *keyTarget(QWidget *fallback);
void pressKey(QWidget *fallback, int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
/// Types text into the focus widget, one key at a time.
void typeText(QWidget *fallback, const QString &text);
/// Left click at pos (the centre when pos is null).
void clickAt(QWidget *widget, QPoint pos = {}, Qt::KeyboardModifiers modifiers = Qt::NoModifier,
             Qt::MouseButton button = Qt::LeftButton);

/// The widgets of root a person can work with now: visible, enabled fields, buttons, lists,
/// tables and tab bars (the inner line edit of a spin box or combo box counts as its owner).
QList<QWidget *> reachableWidgets(QWidget *root);
/// A stable name: the nearest named ancestor, then the widget's own name, class or label.
QString widgetName(const QWidget *widget);
/// One random interaction of a person with the widget (type and confirm, click, choose from a
/// list, edit a cell, open a context menu). Returns what was done, e.g. `type "fire" Return`;
/// kind gets the interaction's kind without the text (for counting distinct actions).
QString interact(QWidget *widget, Dice &dice, const TextPool &texts, QString *kind);
/// Chooses an enabled action of an open popup menu with the mouse (submenus too), or closes it
/// with Escape. Returns the chosen action's text ("Escape" when closed).
QString chooseFromMenu(QMenu *menu, Dice &dice);

} // namespace hitsmith::exercise
