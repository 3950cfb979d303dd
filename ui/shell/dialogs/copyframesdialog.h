#pragma once

#include "documentdata.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;

namespace hitsmith {

/// Asks which frames of the sprite "Copy to Frames..." copies the selection to: a range from
/// first to last (the frame copied from is left out).
class CopyFramesDialog : public QDialog {
    Q_OBJECT

public:
    /// sprite is the current sprite, from the frame the shapes are copied from; shapeCount says
    /// how many are copied.
    CopyFramesDialog(const Sprite &sprite, int from, int shapeCount, QWidget *parent = nullptr);

    /// The first and last frame index of the range.
    int first() const;
    int last() const;
    /// The frames the copy reaches (the range without the source frame).
    QList<int> targets() const;

    QComboBox *firstBox() const { return mFirst; }
    QComboBox *lastBox() const { return mLast; }
    QLabel *summaryLabel() const { return mSummary; }
    QPushButton *okButton() const { return mOk; }

private:
    void updateSummary();

    int mFrom;
    int mFrameCount;
    int mShapeCount;
    QComboBox *mFirst;
    QComboBox *mLast;
    QLabel *mSummary;
    QPushButton *mOk;
};

} // namespace hitsmith
