#include "splitsheetdialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace hitsmith {

QList<QRect> sheetCells(QSize imageSize, QSize cellSize) {
    QList<QRect> cells;
    if (cellSize.width() <= 0 || cellSize.height() <= 0)
        return cells;
    for (int y = 0; y + cellSize.height() <= imageSize.height(); y += cellSize.height()) {
        for (int x = 0; x + cellSize.width() <= imageSize.width(); x += cellSize.width())
            cells.append(QRect(QPoint(x, y), cellSize));
    }
    return cells;
}

QList<QRect> sheetGrid(QSize imageSize, int columns, int rows) {
    if (columns <= 0 || rows <= 0)
        return {};
    return sheetCells(imageSize, QSize(imageSize.width() / columns, imageSize.height() / rows));
}

SplitSheetDialog::SplitSheetDialog(QSize imageSize, QWidget *parent)
    : QDialog(parent)
    , mImageSize(imageSize) {
    setWindowTitle(tr("Split Sheet into Frames"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(
        tr("Image size: %1 x %2 px").arg(imageSize.width()).arg(imageSize.height()), this));

    auto spin = [this](int max, int value) {
        auto *box = new QSpinBox(this);
        box->setRange(1, std::max(1, max));
        box->setValue(std::clamp(value, 1, std::max(1, max)));
        connect(box, &QSpinBox::valueChanged, this, &SplitSheetDialog::updatePreview);
        return box;
    };
    mBySize = new QRadioButton(tr("By cell &size"), this);
    mBySize->setChecked(true);
    mCellWidth = spin(imageSize.width(), imageSize.height());
    mCellWidth->setSuffix(tr(" px"));
    mCellHeight = spin(imageSize.height(), imageSize.height());
    mCellHeight->setSuffix(tr(" px"));
    mByGrid = new QRadioButton(tr("By &columns x rows"), this);
    mColumns = spin(imageSize.width(), 1);
    mRows = spin(imageSize.height(), 1);
    connect(mBySize, &QRadioButton::toggled, this, &SplitSheetDialog::updatePreview);

    auto *form = new QFormLayout;
    form->addRow(mBySize);
    form->addRow(tr("Cell width:"), mCellWidth);
    form->addRow(tr("Cell height:"), mCellHeight);
    form->addRow(mByGrid);
    form->addRow(tr("Columns:"), mColumns);
    form->addRow(tr("Rows:"), mRows);
    layout->addLayout(form);
    mPreview = new QLabel(this);
    layout->addWidget(mPreview);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    updatePreview();
}

QList<QRect> SplitSheetDialog::cells() const {
    if (mBySize->isChecked())
        return sheetCells(mImageSize, QSize(mCellWidth->value(), mCellHeight->value()));
    return sheetGrid(mImageSize, mColumns->value(), mRows->value());
}

void SplitSheetDialog::updatePreview() {
    const bool bySize = mBySize->isChecked();
    mCellWidth->setEnabled(bySize);
    mCellHeight->setEnabled(bySize);
    mColumns->setEnabled(!bySize);
    mRows->setEnabled(!bySize);
    const auto count = cells().size();
    mPreview->setText(tr("%n frame(s)", nullptr, int(count)));
    if (auto *ok = findChild<QDialogButtonBox *>())
        ok->button(QDialogButtonBox::Ok)->setEnabled(count > 0);
}

} // namespace hitsmith
