#include "propertiestable.h"

#include "editorsession.h"
#include "refusalline.h"
#include "shapecommands.h"
#include "structurecommands.h"
#include "typingkeys.h"

#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QStringListModel>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace hitsmith {

using operations::PropertyType;

namespace {

enum Column { NameColumn, TypeColumn, ValueColumn };

QString typeName(PropertyType type) {
    switch (type) {
    case PropertyType::Number:
        return PropertiesTable::tr("number");
    case PropertyType::String:
        return PropertiesTable::tr("string");
    case PropertyType::Bool:
        return PropertiesTable::tr("bool");
    }
    return {};
}

QJsonValue zeroOf(PropertyType type) {
    switch (type) {
    case PropertyType::Number:
        return 0.0;
    case PropertyType::String:
        return QString();
    case PropertyType::Bool:
        return false;
    }
    return {};
}

/// Renaming in the name column completes from the document's property names.
class NameDelegate : public QStyledItemDelegate {
public:
    NameDelegate(QStringListModel *names, QObject *parent)
        : QStyledItemDelegate(parent)
        , mNames(names) {}

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override {
        QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
        if (auto *line = qobject_cast<QLineEdit *>(editor); line && index.column() == NameColumn)
            line->setCompleter(new QCompleter(mNames, line));
        return editor;
    }

private:
    QStringListModel *mNames;
};

} // namespace

PropertiesTable::PropertiesTable(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mTable(new QTableWidget(0, 3, this))
    , mNameEdit(new QLineEdit(this))
    , mAdd(new QPushButton(tr("&Add"), this))
    , mRemove(new QPushButton(tr("Remove"), this))
    , mRefusal(new RefusalLine(this))
    , mNames(new QStringListModel(this)) {
    mTable->setObjectName(QStringLiteral("propertiesTable"));
    mTable->setHorizontalHeaderLabels({tr("Name"), tr("Type"), tr("Value")});
    mTable->verticalHeader()->hide();
    mTable->horizontalHeader()->setStretchLastSection(true);
    {
        // Header sizing does not measure cell widgets: fit the type boxes by hand.
        QComboBox sample;
        sample.addItems({typeName(PropertyType::Number), typeName(PropertyType::String),
                         typeName(PropertyType::Bool)});
        mTable->horizontalHeader()->resizeSection(TypeColumn, sample.sizeHint().width());
    }
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSelectionMode(QAbstractItemView::SingleSelection);
    mTable->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    TypingKeys::claimFor(mTable);
    mTable->setItemDelegate(new NameDelegate(mNames, mTable));
    mTable->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    mTable->setMinimumHeight(mTable->fontMetrics().height() * 6);
    mNameEdit->setObjectName(QStringLiteral("newPropertyName"));
    mNameEdit->setPlaceholderText(tr("New property name"));
    mNameEdit->setClearButtonEnabled(true);
    mNameEdit->setCompleter(new QCompleter(mNames, mNameEdit));
    mAdd->setObjectName(QStringLiteral("addPropertyButton"));
    mAdd->setToolTip(tr("Adds the property named on the left"));
    mRemove->setObjectName(QStringLiteral("removePropertyButton"));
    mRemove->setToolTip(tr("Removes the chosen property"));

    auto *addRow = new QHBoxLayout;
    addRow->addWidget(mNameEdit, 1);
    addRow->addWidget(mAdd);
    addRow->addWidget(mRemove);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mTable);
    layout->addWidget(mRefusal);
    layout->addLayout(addRow);

    connect(mAdd, &QPushButton::clicked, this, &PropertiesTable::addProperty);
    connect(mNameEdit, &QLineEdit::returnPressed, this, &PropertiesTable::addProperty);
    connect(mRemove, &QPushButton::clicked, this, &PropertiesTable::removeProperty);
    connect(mTable, &QTableWidget::itemChanged, this, &PropertiesTable::onItemChanged);
    connect(mTable, &QTableWidget::itemSelectionChanged, this,
            [this] { mRemove->setEnabled(!mTable->selectedItems().isEmpty()); });
    mRemove->setEnabled(false);
}

QString PropertiesTable::mixedText() {
    return tr("(mixed)");
}

void PropertiesTable::showShapes(const QList<ShapeRef> &shapes) {
    if (mTarget != Target::Shapes || shapes != mShapes)
        mRefusal->clear(); // another selection: the reason was about the last one
    mTarget = Target::Shapes;
    mShapes = shapes;
    scheduleRebuild();
}

void PropertiesTable::showFrame(FrameRef frame) {
    if (mTarget != Target::Frame || frame != mFrame)
        mRefusal->clear();
    mTarget = Target::Frame;
    mFrame = frame;
    scheduleRebuild();
}

int PropertiesTable::rowOf(const QString &name) const {
    for (int row = 0; row < mRows.size(); ++row) {
        if (mRows[row].name == name)
            return row;
    }
    return -1;
}

QComboBox *PropertiesTable::typeBox(int row) const {
    return qobject_cast<QComboBox *>(mTable->cellWidget(row, TypeColumn));
}

QStringList PropertiesTable::knownNames() const {
    return mNames->stringList();
}

QList<QJsonObject> PropertiesTable::objects() const {
    const Document *document = mSession->document();
    QList<QJsonObject> list;
    if (mTarget == Target::Frame && document->contains(mFrame))
        list.append(document->frame(mFrame).properties);
    if (mTarget == Target::Shapes) {
        for (const ShapeRef &ref : mShapes) {
            if (document->contains(ref))
                list.append(document->shape(ref).properties);
        }
    }
    return list;
}

QString PropertiesTable::ownerName(int index) const {
    const Document *document = mSession->document();
    if (mTarget == Target::Frame)
        return tr("frame %1").arg(document->frame(mFrame).name);
    return document->shape(mShapes.at(index)).id;
}

bool PropertiesTable::apply(const std::function<bool(QJsonObject &, const QString &)> &edit,
                            const QString &text) {
    Document *document = mSession->document();
    if (mTarget == Target::None || (mTarget == Target::Frame && !document->contains(mFrame)))
        return false;
    if (mTarget == Target::Frame) {
        Frame frame = document->frame(mFrame);
        if (!edit(frame.properties, ownerName(0)))
            return false;
        frame.shapes.clear(); // the command takes only the frame's own fields
        mRefusal->clear();
        document->undoStack()->push(
            new ChangeFrameCommand(document, mFrame, frame, text.arg(ownerName(0))));
        return true;
    }
    QList<ShapeRef> refs;
    QList<Shape> shapes;
    for (int i = 0; i < mShapes.size(); ++i) {
        if (!document->contains(mShapes[i]))
            continue;
        Shape shape = document->shape(mShapes[i]);
        if (!edit(shape.properties, shape.id))
            continue;
        refs.append(mShapes[i]);
        shapes.append(shape);
    }
    if (refs.isEmpty())
        return false;
    mRefusal->clear();
    // The undo text names the shapes this edit changed: "blade" or "3 shapes".
    document->undoStack()->push(
        new ChangeShapesCommand(document, refs, shapes, shapeCommandText(text, shapes)));
    return true;
}

void PropertiesTable::scheduleRebuild() {
    // Deferred: an edit may come from inside the very cell or type box a rebuild would delete.
    if (mRebuildPending)
        return;
    mRebuildPending = true;
    QMetaObject::invokeMethod(this, &PropertiesTable::rebuild, Qt::QueuedConnection);
}

void PropertiesTable::rebuild() {
    mRebuildPending = false;
    const QList<QJsonObject> list = objects();
    mNames->setStringList(operations::knownPropertyNames(mSession->document()->data()));
    const QString selected = mTable->currentRow() >= 0 && mTable->currentRow() < mRows.size()
                                 ? mRows[mTable->currentRow()].name
                                 : QString();
    mRows = operations::commonProperties(list);
    // A type box about to be replaced may have the focus: keep it in the table.
    const bool hadFocus = mTable->isAncestorOf(QApplication::focusWidget());
    const QSignalBlocker blocker(mTable);
    mTable->setRowCount(0);
    mTable->setRowCount(int(mRows.size()));
    for (int row = 0; row < mRows.size(); ++row) {
        const operations::CommonProperty &property = mRows[row];
        mTable->setItem(row, NameColumn, new QTableWidgetItem(property.name));
        auto *type = new QComboBox(mTable);
        type->addItems({typeName(PropertyType::Number), typeName(PropertyType::String),
                        typeName(PropertyType::Bool)});
        // Of a mixed row, the type of the first object that has it.
        QJsonValue sample = property.value;
        for (const QJsonObject &object : list) {
            if (sample.isUndefined() && object.contains(property.name))
                sample = object.value(property.name);
        }
        type->setCurrentIndex(int(operations::propertyType(sample)));
        const QString name = property.name;
        connect(type, &QComboBox::activated, this,
                [this, name](int index) { changeType(name, PropertyType(index)); });
        mTable->setCellWidget(row, TypeColumn, type);
        auto *value = new QTableWidgetItem(
            property.mixed ? mixedText() : operations::propertyText(property.value));
        if (property.mixed) {
            QFont font = value->font();
            font.setItalic(true);
            value->setFont(font);
            value->setForeground(palette().color(QPalette::PlaceholderText));
            value->setToolTip(property.holders < list.size()
                                  ? tr("%1 of %2 have it; a value typed here is set on all")
                                        .arg(property.holders)
                                        .arg(list.size())
                                  : tr("The values differ; a value typed here is set on all"));
        }
        mTable->setItem(row, ValueColumn, value);
        if (name == selected)
            mTable->selectRow(row);
    }
    // Disabling a focused button would hand the focus to the next dock (the Hits list, which
    // selects its current hit on focus): keep it in the table.
    const bool canRemove = !mTable->selectedItems().isEmpty();
    if ((hadFocus || (mRemove->hasFocus() && !canRemove)) && !mTable->hasFocus())
        mTable->setFocus();
    mRemove->setEnabled(canRemove);
    const bool editable = !list.isEmpty();
    mNameEdit->setEnabled(editable);
    mAdd->setEnabled(editable);
    if (const int row = rowOf(mEditAfterRebuild); row >= 0) {
        mTable->setCurrentCell(row, ValueColumn);
        mTable->editItem(mTable->item(row, ValueColumn));
    }
    mEditAfterRebuild.clear();
}

void PropertiesTable::refuse(const QString &message) {
    // In place, never a modal box: this runs inside the cell editor's commit (or the type box's
    // signal), and a nested event loop here let the deferred rebuild delete the editor under
    // its own commit (issue 26: a crash on OK). The table shows the model again after the
    // commit, the reason stays under it.
    scheduleRebuild();
    mRefusal->refuse(message);
}

PropertyType PropertiesTable::knownType(const QString &name) const {
    // A name used elsewhere in the document starts with the type it has there.
    for (const Sprite &sprite : mSession->document()->data().sprites) {
        for (const Frame &frame : sprite.frames) {
            if (frame.properties.contains(name))
                return operations::propertyType(frame.properties.value(name));
            for (const Shape &shape : frame.shapes) {
                if (shape.properties.contains(name))
                    return operations::propertyType(shape.properties.value(name));
            }
        }
    }
    return PropertyType::Number;
}

void PropertiesTable::addProperty() {
    const QString name = mNameEdit->text().trimmed();
    if (objects().isEmpty())
        return;
    if (name.isEmpty()) {
        refuse(tr("Type the name of the new property first."));
        return;
    }
    const QJsonValue value = zeroOf(knownType(name));
    const bool added = apply(
        [&](QJsonObject &properties, const QString &) {
            if (properties.contains(name))
                return false;
            properties.insert(name, value);
            return true;
        },
        tr("Add %1 to %2").arg(name, QStringLiteral("%1")));
    if (!added) {
        refuse(mTarget == Target::Frame || mShapes.size() == 1
                   ? tr("%1 already has a property named \"%2\".").arg(ownerName(0), name)
                   : tr("Every selected shape already has a property named \"%1\".").arg(name));
        return;
    }
    mNameEdit->clear();
    mEditAfterRebuild = name;
}

void PropertiesTable::removeProperty() {
    const int row = mTable->currentRow();
    if (row < 0 || row >= mRows.size())
        return;
    const QString name = mRows[row].name;
    apply(
        [&](QJsonObject &properties, const QString &) {
            if (!properties.contains(name))
                return false;
            properties.remove(name);
            return true;
        },
        tr("Remove %1 from %2").arg(name, QStringLiteral("%1")));
}

void PropertiesTable::onItemChanged(QTableWidgetItem *item) {
    const int row = item->row();
    if (row < 0 || row >= mRows.size())
        return;
    const QString name = mRows[row].name;
    if (item->column() == NameColumn)
        renameProperty(name, item->text().trimmed());
    else if (item->column() == ValueColumn)
        setValue(name, item->text());
}

void PropertiesTable::renameProperty(const QString &from, const QString &to) {
    if (to == from) {
        scheduleRebuild();
        return;
    }
    if (to.isEmpty()) {
        refuse(tr("A property needs a name: \"%1\" keeps its name.").arg(from));
        return;
    }
    QString clash;
    apply(
        [&](QJsonObject &properties, const QString &owner) {
            if (properties.contains(to) && properties.contains(from) && clash.isEmpty())
                clash = owner;
            return false; // a dry run: look for a clash first
        },
        QString());
    if (!clash.isEmpty()) {
        refuse(tr("%1 already has a property named \"%2\": \"%3\" keeps its name.")
                   .arg(clash, to, from));
        return;
    }
    apply(
        [&](QJsonObject &properties, const QString &) {
            if (!properties.contains(from))
                return false;
            properties.insert(to, properties.take(from));
            return true;
        },
        tr("Rename %1 of %2 to %3").arg(from, QStringLiteral("%1"), to));
}

void PropertiesTable::setValue(const QString &name, const QString &text) {
    const int row = rowOf(name);
    if (mRows[row].mixed && text == mixedText()) {
        scheduleRebuild();
        return;
    }
    const auto type = PropertyType(typeBox(row) ? typeBox(row)->currentIndex() : 0);
    const std::optional<QJsonValue> value = operations::parsedProperty(text, type);
    if (!value) {
        refuse(type == PropertyType::Number
                   ? tr("\"%1\" is not a number (a finite number such as 12 or -0.5): %2 is "
                        "unchanged.")
                         .arg(text, name)
                   : tr("\"%1\" is not true or false: %2 is unchanged.").arg(text, name));
        return;
    }
    if (!apply(
            [&](QJsonObject &properties, const QString &) {
                if (properties.value(name) == *value)
                    return false;
                properties.insert(name, *value);
                return true;
            },
            tr("Set %1 of %2").arg(name, QStringLiteral("%1"))))
        scheduleRebuild();
}

void PropertiesTable::changeType(const QString &name, PropertyType type) {
    QString problem;
    apply(
        [&](QJsonObject &properties, const QString &owner) {
            if (properties.contains(name) && problem.isEmpty() &&
                !operations::convertedProperty(properties.value(name), type))
                problem = tr("%1 of %2 is \"%3\", which has no meaning as a %4: the type stays.")
                              .arg(name, owner, operations::propertyText(properties.value(name)),
                                   typeName(type));
            return false; // a dry run: every value must convert
        },
        QString());
    if (!problem.isEmpty()) {
        refuse(problem);
        return;
    }
    if (!apply(
            [&](QJsonObject &properties, const QString &) {
                if (!properties.contains(name))
                    return false;
                const QJsonValue converted =
                    *operations::convertedProperty(properties.value(name), type);
                if (converted == properties.value(name))
                    return false;
                properties.insert(name, converted);
                return true;
            },
            tr("Change type of %1 of %2").arg(name, QStringLiteral("%1"))))
        scheduleRebuild();
}

} // namespace hitsmith
