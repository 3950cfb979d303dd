#include "copyframesdialog.h"

#include "operations/copyacrossframes.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hitsmith {

CopyFramesDialog::CopyFramesDialog(const Sprite &sprite, int from, int shapeCount, QWidget *parent)
    : QDialog(parent)
    , mFrom(from)
    , mFrameCount(int(sprite.frames.size()))
    , mShapeCount(shapeCount)
    , mFirst(new QComboBox(this))
    , mLast(new QComboBox(this))
    , mSummary(new QLabel(this)) {
    setWindowTitle(tr("Copy to Frames"));
    mFirst->setObjectName(QStringLiteral("firstFrameBox"));
    mLast->setObjectName(QStringLiteral("lastFrameBox"));
    mSummary->setObjectName(QStringLiteral("copySummary"));
    mSummary->setWordWrap(true);
    for (int f = 0; f < mFrameCount; ++f) {
        const QString label = tr("%1: %2").arg(f + 1).arg(sprite.frames[f].name);
        mFirst->addItem(label);
        mLast->addItem(label);
    }
    // The frames after this one, as a user copying forward wants most often.
    mFirst->setCurrentIndex(from + 1 < mFrameCount ? from + 1 : 0);
    mLast->setCurrentIndex(mFrameCount - 1);

    auto *form = new QFormLayout;
    form->addRow(tr("&From frame:"), mFirst);
    form->addRow(tr("&To frame:"), mLast);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mOk = buttons->button(QDialogButtonBox::Ok);
    mOk->setText(tr("Copy"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mSummary);
    layout->addWidget(buttons);

    connect(mFirst, &QComboBox::currentIndexChanged, this, &CopyFramesDialog::updateSummary);
    connect(mLast, &QComboBox::currentIndexChanged, this, &CopyFramesDialog::updateSummary);
    updateSummary();
}

int CopyFramesDialog::first() const {
    return std::min(mFirst->currentIndex(), mLast->currentIndex());
}

int CopyFramesDialog::last() const {
    return std::max(mFirst->currentIndex(), mLast->currentIndex());
}

QList<int> CopyFramesDialog::targets() const {
    return operations::copyTargets(mFrom, mFrameCount, operations::CopyTarget::Range, first(),
                                   last());
}

void CopyFramesDialog::updateSummary() {
    const int count = int(targets().size());
    mOk->setEnabled(count > 0);
    const QString shapes = tr("%n shape(s)", nullptr, mShapeCount);
    mSummary->setText(count > 0 ? tr("Copies %1 to %n frame(s).", nullptr, count).arg(shapes)
                                : tr("The range holds only the frame copied from."));
}

} // namespace hitsmith
