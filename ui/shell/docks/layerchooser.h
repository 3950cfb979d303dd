#pragma once

#include <QColor>
#include <QComboBox>
#include <QList>

namespace hitsmith {

class EditorSession;

/// The tools toolbar's drawing-layer chooser: lists the document's layers (with their colours)
/// and shows and sets the session's current layer. Typing a new name draws on a new layer.
class LayerChooser : public QComboBox {
    Q_OBJECT

public:
    explicit LayerChooser(EditorSession *session, QWidget *parent = nullptr);

private:
    void refreshLayers();
    void showCurrentLayer();

    EditorSession *mSession;
    QList<QColor> mColours; ///< each item's swatch colour, to set icons only when one changes
};

} // namespace hitsmith
