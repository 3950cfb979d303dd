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
    // Called on every change of the document, so on each step of a drag: it touches the widget
    // only when a name or a colour differs (a new icon or text repaints the tool bar).
    const DocumentData &data = mSession->document()->data();
    QStringList names = mSession->document()->layerNames();
    if (!names.contains(mSession->currentLayer())) {
        names.append(mSession->currentLayer());
        names.sort();
    }
    bool same = count() == names.size();
    for (int i = 0; same && i < count(); ++i)
        same = itemText(i) == names[i];
    QList<QColor> colours;
    colours.reserve(names.size());
    for (const QString &name : std::as_const(names))
        colours.append(layerColor(name, data));
    if (!same) {
        const QSignalBlocker blocker(this);
        clear();
        for (int i = 0; i < names.size(); ++i)
            addItem(swatch(colours[i]), names[i]);
    } else {
        for (int i = 0; i < count(); ++i) {
            if (i >= mColours.size() || mColours[i] != colours[i])
                setItemIcon(i, swatch(colours[i]));
        }
    }
    mColours = colours;
    showCurrentLayer();
}

void LayerChooser::showCurrentLayer() {
    const QString layer = mSession->currentLayer();
    if (findText(layer) < 0) {
        refreshLayers(); // a layer typed or followed that the list does not have yet
        return;
    }
    const QSignalBlocker blocker(this);
    if (currentIndex() != findText(layer))
        setCurrentIndex(findText(layer));
    if (lineEdit() && lineEdit()->text() != layer)
        lineEdit()->setText(layer);
}

} // namespace hitsmith
