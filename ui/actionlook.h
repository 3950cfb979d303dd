#pragma once

#include <QIcon>
#include <QString>

class QAction;
class QToolBar;

namespace hitsmith {

/// Hitsmith's own icon `name` (ui/icons/NAME.svg in the resource), drawn from SVG at any size.
/// Null when the resource has no such icon or Qt's SVG plugins are missing.
QIcon hitsmithIcon(const QString &name);

/// Gives an action its icon and a tooltip that names its shortcut ("Fit to Frame (Ctrl+0)").
/// The tooltip follows later text changes (Undo and Redo name the command they undo).
void decorateAction(QAction *action, const QString &iconName);

/// Makes a toolbar show icons only, so every button keeps one width whatever its text says.
void makeIconToolBar(QToolBar *toolBar, int iconSize = 22);

} // namespace hitsmith
