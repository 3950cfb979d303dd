#include "framedatapanel.h"

#include "cnsstates.h"
#include "document.h"
#include "editorsession.h"
#include "operations/framedatatext.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace hitsmith {

namespace {

constexpr int kRowRole = Qt::UserRole + 1; // the row's index in mRows

/// A cell sorted as a number where it holds one, as text otherwise; empty for unknown.
QTableWidgetItem *cellItem(const QString &text, bool numeric) {
    auto *item = new QTableWidgetItem;
    bool ok = false;
    const double value = text.toDouble(&ok);
    if (numeric && ok)
        item->setData(Qt::DisplayRole, value);
    else
        item->setData(Qt::DisplayRole, text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

} // namespace

FrameDataPanel::FrameDataPanel(EditorSession *session, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mTable(new QTableWidget(this))
    , mCopyMarkdown(new QPushButton(tr("Copy as &Markdown"), this))
    , mCopyCsv(new QPushButton(tr("Copy as &CSV"), this)) {
    mTable->setObjectName(QStringLiteral("frameDataTable"));
    mCopyMarkdown->setObjectName(QStringLiteral("copyFrameDataMarkdown"));
    mCopyCsv->setObjectName(QStringLiteral("copyFrameDataCsv"));
    mTable->setColumnCount(int(operations::frameDataColumns().size()));
    mTable->setHorizontalHeaderLabels(operations::frameDataColumns());
    mTable->verticalHeader()->hide();
    mTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    mTable->setSortingEnabled(true);
    mTable->horizontalHeader()->setSortIndicatorShown(true);
    mTable->horizontalHeader()->setStretchLastSection(true);
    mTable->setToolTip(tr("Frame data in game ticks at the document's tick rate: startup is the "
                          "first tick with an attack shape; on_hit and on_block the advantage "
                          "when the first active tick connects (docs/framedata.md)"));
    mCopyMarkdown->setToolTip(tr("Copy the table, in the order shown, as a Markdown table"));
    mCopyCsv->setToolTip(tr("Copy the table, in the order shown, as CSV"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(mCopyMarkdown);
    buttons->addWidget(mCopyCsv);
    buttons->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(mTable, 1);
    connect(mCopyMarkdown, &QPushButton::clicked, this, [this] { copy(true); });
    connect(mCopyCsv, &QPushButton::clicked, this, [this] { copy(false); });
    connect(session->document(), &Document::changed, this, &FrameDataPanel::onDocumentChanged);
}

FrameDataPanel::~FrameDataPanel() = default;

void FrameDataPanel::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (mDirty)
        recompute();
}

void FrameDataPanel::onDocumentChanged(const DocumentChange &change) {
    if (change.kind == DocumentChange::Kind::Reset)
        mStatesDef.clear(); // another character, or its files changed on disk: read again
    if (mDirty)
        return;
    mDirty = true;
    // Once per turn of the event loop: a drag's many changes make one table.
    QTimer::singleShot(0, this, [this] {
        if (mDirty && isVisible())
            recompute();
    });
}

void FrameDataPanel::recompute() {
    mDirty = false;
    const DocumentData &data = mSession->document()->data();
    QStringList images;
    for (const Sprite &sprite : data.sprites)
        images << sprite.image;
    const QString def = mugen::characterDefinition(images);
    if (def != mStatesDef || (!def.isEmpty() && !mStates)) {
        mStatesDef = def;
        mStates = def.isEmpty()
                      ? nullptr
                      : std::make_unique<mugen::CharacterStates>(mugen::readCharacterStates(def));
    }
    operations::FrameDataOptions options;
    options.states = mStates.get();
    mRows = operations::frameDataTable(data, options);

    const int sortColumn = mTable->horizontalHeader()->sortIndicatorSection();
    const Qt::SortOrder order = mTable->horizontalHeader()->sortIndicatorOrder();
    mTable->setSortingEnabled(false);
    mTable->clearContents();
    mTable->setRowCount(int(mRows.size()));
    const QStringList columns = operations::frameDataColumns();
    for (int r = 0; r < mRows.size(); ++r) {
        const QStringList cells = operations::frameDataCells(data, mRows[r]);
        for (int c = 0; c < cells.size(); ++c) {
            const QString &column = columns[c];
            const bool numeric =
                column != QLatin1String("sprite") && column != QLatin1String("active") &&
                column != QLatin1String("active_text") && column != QLatin1String("notes");
            QTableWidgetItem *item = cellItem(cells[c], numeric);
            item->setData(kRowRole, r);
            if (column == QLatin1String("notes"))
                item->setToolTip(cells[c]);
            mTable->setItem(r, c, item);
        }
    }
    mTable->setSortingEnabled(true);
    if (sortColumn >= 0 && sortColumn < mTable->columnCount())
        mTable->sortItems(sortColumn, order);
    mTable->resizeColumnsToContents();
}

QList<operations::MoveFrameData> FrameDataPanel::shownRows() const {
    QList<operations::MoveFrameData> shown;
    for (int r = 0; r < mTable->rowCount(); ++r) {
        const QTableWidgetItem *item = mTable->item(r, 0);
        const int index = item ? item->data(kRowRole).toInt() : -1;
        if (index >= 0 && index < mRows.size())
            shown << mRows[index];
    }
    return shown;
}

void FrameDataPanel::copy(bool markdown) {
    if (mDirty)
        recompute();
    const DocumentData &data = mSession->document()->data();
    const QList<operations::MoveFrameData> shown = shownRows();
    QGuiApplication::clipboard()->setText(markdown ? operations::frameDataMarkdown(data, shown)
                                                   : operations::frameDataCsv(data, shown));
}

} // namespace hitsmith
