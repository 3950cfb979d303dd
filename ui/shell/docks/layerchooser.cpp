#include "layerchooser.h"

#include "editorsession.h"
#include "layercolors.h"

#include <QLineEdit>
#include <QPixmap>
#include <QSignalBlocker>

namespace hitsmith {

namespace {

QIcon swatch(const QColor &color) {
    QPixmap pixmap(12, 12);
    pixmap.fill(color);
    return QIcon(pixmap);
}

} // namespace

LayerChooser::LayerChooser(EditorSession *session, QWidget *parent)
    : QComboBox(parent)
    , mSession(session) {
    setObjectName(QStringLiteral("layerChooser"));
    setEditable(true);
    setInsertPolicy(QComboBox::NoInsert);
    // Wide enough for "pushbox"-like names without resizing as the list changes.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(10);
    setToolTip(tr("Drawing layer: new shapes go on this layer (type a name for a new one)"));
    const auto choose = [this](const QString &text) {
        const QString layer = text.trimmed();
        if (layer.isEmpty())
            showCurrentLayer();
        else
            mSession->setCurrentLayer(layer);
    };
    connect(this, &QComboBox::textActivated, this, choose);
    // With NoInsert, Return on a name the list lacks activates nothing: take the typed name here.
    connect(lineEdit(), &QLineEdit::returnPressed, this,
            [this, choose] { choose(lineEdit()->text()); });
    connect(session, &EditorSession::currentLayerChanged, this, &LayerChooser::showCurrentLayer);
    connect(session->document(), &Document::changed, this, &LayerChooser::refreshLayers);
    refreshLayers();
}

void LayerChooser::refreshLayers() {
    const DocumentData &data = mSession->document()->data();
    QStringList names = mSession->document()->layerNames();
    if (!names.contains(mSession->currentLayer()))
        names.append(mSession->currentLayer());
    names.sort();
    QStringList shown;
    for (int i = 0; i < count(); ++i)
        shown.append(itemText(i));
    if (shown != names) {
        const QSignalBlocker blocker(this);
        clear();
        for (const QString &name : std::as_const(names))
            addItem(swatch(layerColor(name, data)), name);
    } else {
        for (int i = 0; i < count(); ++i)
            setItemIcon(i, swatch(layerColor(itemText(i), data)));
    }
    showCurrentLayer();
}

void LayerChooser::showCurrentLayer() {
    const QString layer = mSession->currentLayer();
    if (findText(layer) < 0) {
        refreshLayers(); // a layer typed or followed that the list does not have yet
        return;
    }
    const QSignalBlocker blocker(this);
    setCurrentIndex(findText(layer));
    if (lineEdit())
        lineEdit()->setText(layer);
}

} // namespace hitsmith
