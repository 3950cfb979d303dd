#pragma once

#include <QComboBox>

class QMenu;

namespace hitsmith {

class EditorSession;

/// The Sprite toolbar's palette chooser for MUGEN art: pal1..pal12 as the character has them
/// (its .act files, or an SFF v2's own palette table) and "the sprites' own palettes". Choosing
/// one sets the session's palette, which redraws the canvas, the onion skin and the Timeline. A
/// view setting, not an edit: nothing goes on the undo stack and nothing is saved.
class PaletteChooser : public QComboBox {
    Q_OBJECT

public:
    explicit PaletteChooser(EditorSession *session, QWidget *parent = nullptr);
    ~PaletteChooser() override;

    /// Whether the document shows MUGEN art (the chooser is useful only then).
    bool isUseful() const { return mUseful; }
    /// The same choice as a menu (View > Palette): one checkable action per entry, disabled
    /// while the document shows no MUGEN art.
    QMenu *menu() const { return mMenu; }

Q_SIGNALS:
    /// isUseful() changed: the toolbar shows or hides the chooser.
    void usefulChanged(bool useful);

private:
    void refresh();

    void refreshMenu();

    EditorSession *mSession;
    QMenu *mMenu;
    bool mUseful = false;
};

} // namespace hitsmith
