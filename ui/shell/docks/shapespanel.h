#pragma once

#include <QWidget>

class QTreeWidget;
class QTreeWidgetItem;

namespace hitsmith {

struct Shape;

class EditorSession;

/// The current frame's shapes: id, type, layer, and a warning icon with the reason on invalid
/// ones. Its selection and the session's selection follow each other.
class ShapesPanel : public QWidget {
    Q_OBJECT

public:
    explicit ShapesPanel(EditorSession *session, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return mTree; }

private:
    void rebuild();
    void updateItem(QTreeWidgetItem *item, const Shape &shape);
    void syncSelectionFromSession();
    void onTreeSelectionChanged();

    EditorSession *mSession;
    QTreeWidget *mTree;
    bool mUpdating = false;
};

} // namespace hitsmith
