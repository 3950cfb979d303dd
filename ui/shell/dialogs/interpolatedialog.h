#pragma once

#include "documentdata.h"
#include "operations/interpolate.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QPushButton;

namespace hitsmith {

/// The key frame Interpolate pairs with frame `from` by default: the nearest later frame that
/// is not the next one and shares a shape id with it (so there is something to fill), else the
/// next frame, else `from` itself.
int defaultSecondKey(const Sprite &sprite, int from);

/// Asks for two key frames of a sprite and shows, before anything changes, which shapes will be
/// interpolated into the frames between and which are only on one side or do not match.
class InterpolateDialog : public QDialog {
    Q_OBJECT

public:
    InterpolateDialog(const Sprite &sprite, int currentFrame, QWidget *parent = nullptr);

    /// The chosen keys, first < second when they differ.
    int firstKey() const;
    int secondKey() const;

    QComboBox *firstBox() const { return mFirst; }
    QComboBox *secondBox() const { return mSecond; }
    /// What will be interpolated and what will not (or why nothing can be).
    QLabel *reportLabel() const { return mReport; }
    QPushButton *okButton() const { return mOk; }

private:
    void updateReport();

    Sprite mSprite;
    QComboBox *mFirst;
    QComboBox *mSecond;
    QLabel *mReport;
    QPushButton *mOk;
};

} // namespace hitsmith
