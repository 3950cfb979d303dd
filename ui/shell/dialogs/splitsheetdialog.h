#pragma once

#include <QDialog>
#include <QList>
#include <QRect>
#include <QSize>

class QLabel;
class QPushButton;
class QRadioButton;
class QSpinBox;

namespace hitsmith {

/// Cells of a sprite sheet, row by row: whole cells of cellSize only (a partial cell at the right
/// or bottom edge is padding, not a frame).
QList<QRect> sheetCells(QSize imageSize, QSize cellSize);
/// Cells of a sheet cut into columns x rows equal cells (integer cell size, remainder dropped).
QList<QRect> sheetGrid(QSize imageSize, int columns, int rows);
/// How many cells sheetCells() would return, without listing them.
qint64 sheetCellCount(QSize imageSize, QSize cellSize);

/// Asks how to cut a sheet: by cell size or by a number of columns and rows.
class SplitSheetDialog : public QDialog {
    Q_OBJECT

public:
    /// More frames than this are refused (OK disabled, with a message): a 1 px cell on a big
    /// sheet would make hundreds of thousands of frames and hang the editor.
    static constexpr int kMaxFrames = 4096;

    explicit SplitSheetDialog(QSize imageSize, QWidget *parent = nullptr);

    /// The frames' source rectangles for the current settings.
    QList<QRect> cells() const;
    /// How many frames the current settings make (may exceed kMaxFrames).
    qint64 cellCount() const;

    QLabel *previewLabel() const { return mPreview; }
    QPushButton *okButton() const;

    QRadioButton *bySizeButton() const { return mBySize; }
    QRadioButton *byGridButton() const { return mByGrid; }
    QSpinBox *cellWidthBox() const { return mCellWidth; }
    QSpinBox *cellHeightBox() const { return mCellHeight; }
    QSpinBox *columnsBox() const { return mColumns; }
    QSpinBox *rowsBox() const { return mRows; }

private:
    QSize cellSize() const;
    void updatePreview();

    QSize mImageSize;
    QRadioButton *mBySize, *mByGrid;
    QSpinBox *mCellWidth, *mCellHeight, *mColumns, *mRows;
    QLabel *mPreview;
};

} // namespace hitsmith
