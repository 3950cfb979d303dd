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

qint64 sheetCellCount(QSize imageSize, QSize cellSize) {
    if (cellSize.width() <= 0 || cellSize.height() <= 0)
        return 0;
    return qint64(imageSize.width() / cellSize.width()) * (imageSize.height() / cellSize.height());
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

QSize SplitSheetDialog::cellSize() const {
    if (mBySize->isChecked())
        return QSize(mCellWidth->value(), mCellHeight->value());
    return QSize(mImageSize.width() / mColumns->value(), mImageSize.height() / mRows->value());
}

QList<QRect> SplitSheetDialog::cells() const {
    if (cellCount() > kMaxFrames)
        return {};
    return sheetCells(mImageSize, cellSize());
}

qint64 SplitSheetDialog::cellCount() const {
    return sheetCellCount(mImageSize, cellSize());
}

QPushButton *SplitSheetDialog::okButton() const {
    auto *buttons = findChild<QDialogButtonBox *>();
    return buttons ? buttons->button(QDialogButtonBox::Ok) : nullptr;
}

void SplitSheetDialog::updatePreview() {
    const bool bySize = mBySize->isChecked();
    mCellWidth->setEnabled(bySize);
    mCellHeight->setEnabled(bySize);
    mColumns->setEnabled(!bySize);
    mRows->setEnabled(!bySize);
    // Counted, not listed: the preview follows every spin box step.
    const qint64 count = cellCount();
    if (count > kMaxFrames) {
        mPreview->setText(
            tr("%1 frames: too many (at most %2). Use larger cells.").arg(count).arg(kMaxFrames));
    } else {
        mPreview->setText(tr("%n frame(s)", nullptr, int(count)));
    }
    if (QPushButton *ok = okButton())
        ok->setEnabled(count > 0 && count <= kMaxFrames);
}

} // namespace hitsmith
