#pragma once

#include "document.h"
#include "operations/properties.h"

#include <QJsonObject>
#include <QList>
#include <QWidget>

#include <functional>

class QComboBox;
class QLineEdit;
class QPushButton;
class QStringListModel;
class QTableWidget;
class QTableWidgetItem;

namespace hitsmith {

class EditorSession;
class RefusalLine;

/// The game data of one or more shapes, or of a frame: a table of name | type | value with Add
/// and Remove. Renaming is editing the name, the type box converts the value, the value cell
/// takes typed text. What is refused (a word for a number, an empty or taken name, a type the
/// value cannot take) keeps the old value and says why on a line under the table, never in a
/// modal box: the edit comes from inside a cell editor's commit. With several shapes each row shows
/// the common value or "(mixed)", and an edit applies to all of them. Every edit is one undo
/// command whose text names the property and what it is on ("Set damage of blade", "Set damage of 3
/// shapes").
class PropertiesTable : public QWidget {
    Q_OBJECT

public:
    explicit PropertiesTable(EditorSession *session, QWidget *parent = nullptr);

    /// Edits the properties of these shapes.
    void showShapes(const QList<ShapeRef> &shapes);
    /// Edits the frame's own properties.
    void showFrame(FrameRef frame);

    QTableWidget *table() const { return mTable; }
    /// Where the name of a new property is typed (with completion from the document's names).
    QLineEdit *nameEdit() const { return mNameEdit; }
    QPushButton *addButton() const { return mAdd; }
    QPushButton *removeButton() const { return mRemove; }
    /// Why the last edit was refused; hidden after an edit is taken or the selection changes.
    RefusalLine *refusalLine() const { return mRefusal; }
    /// The row of the property name, or -1.
    int rowOf(const QString &name) const;
    /// The type chooser of a row.
    QComboBox *typeBox(int row) const;
    /// The names offered for completion: every property name used in the document.
    QStringList knownNames() const;

    /// What a mixed value shows.
    static QString mixedText();

private:
    enum class Target { None, Shapes, Frame };

    QList<QJsonObject> objects() const;
    bool apply(const std::function<bool(QJsonObject &, const QString &owner)> &edit,
               const QString &text);
    QString ownerName(int index) const;
    void scheduleRebuild();
    void rebuild();
    void refuse(const QString &message);
    void addProperty();
    void removeProperty();
    void onItemChanged(QTableWidgetItem *item);
    void renameProperty(const QString &from, const QString &to);
    void setValue(const QString &name, const QString &text);
    void changeType(const QString &name, operations::PropertyType type);
    operations::PropertyType knownType(const QString &name) const;

    EditorSession *mSession;
    Target mTarget = Target::None;
    QList<ShapeRef> mShapes;
    FrameRef mFrame;
    QList<operations::CommonProperty> mRows;
    bool mRebuildPending = false;
    QString mEditAfterRebuild; // a property just added: its value is edited next
    QTableWidget *mTable;
    QLineEdit *mNameEdit;
    QPushButton *mAdd;
    QPushButton *mRemove;
    RefusalLine *mRefusal;
    QStringListModel *mNames;
};

} // namespace hitsmith
