#include "interpolatedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace hitsmith {

namespace {

bool sharesId(const Frame &a, const Frame &b) {
    return std::any_of(a.shapes.begin(), a.shapes.end(),
                       [&b](const Shape &shape) { return b.indexOfShape(shape.id) >= 0; });
}

} // namespace

int defaultSecondKey(const Sprite &sprite, int from) {
    const int count = int(sprite.frames.size());
    for (int f = from + 2; f < count; ++f) {
        if (sharesId(sprite.frames[from], sprite.frames[f]))
            return f;
    }
    return from + 1 < count ? from + 1 : from;
}

InterpolateDialog::InterpolateDialog(const Sprite &sprite, int currentFrame, QWidget *parent)
    : QDialog(parent)
    , mSprite(sprite)
    , mFirst(new QComboBox(this))
    , mSecond(new QComboBox(this))
    , mReport(new QLabel(this)) {
    setWindowTitle(tr("Interpolate"));
    mFirst->setObjectName(QStringLiteral("firstKeyBox"));
    mSecond->setObjectName(QStringLiteral("secondKeyBox"));
    mReport->setObjectName(QStringLiteral("interpolateReport"));
    mReport->setWordWrap(true);
    mReport->setTextFormat(Qt::PlainText);
    for (int f = 0; f < sprite.frames.size(); ++f) {
        const QString label = tr("%1: %2").arg(f + 1).arg(sprite.frames[f].name);
        mFirst->addItem(label);
        mSecond->addItem(label);
    }
    mFirst->setCurrentIndex(currentFrame);
    mSecond->setCurrentIndex(defaultSecondKey(sprite, currentFrame));

    auto *form = new QFormLayout;
    form->addRow(tr("&First key:"), mFirst);
    form->addRow(tr("&Second key:"), mSecond);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mOk = buttons->button(QDialogButtonBox::Ok);
    mOk->setText(tr("Interpolate"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mReport);
    layout->addWidget(buttons);
    connect(mFirst, &QComboBox::currentIndexChanged, this, &InterpolateDialog::updateReport);
    connect(mSecond, &QComboBox::currentIndexChanged, this, &InterpolateDialog::updateReport);
    updateReport();
}

int InterpolateDialog::firstKey() const {
    return std::min(mFirst->currentIndex(), mSecond->currentIndex());
}

int InterpolateDialog::secondKey() const {
    return std::max(mFirst->currentIndex(), mSecond->currentIndex());
}

void InterpolateDialog::updateReport() {
    const int a = firstKey();
    const int b = secondKey();
    if (a < 0 || a == b) {
        mReport->setText(tr("Choose two different key frames."));
        mOk->setEnabled(false);
        return;
    }
    const Frame &first = mSprite.frames[a];
    const Frame &second = mSprite.frames[b];
    if (b == a + 1) {
        mReport->setText(tr("%1 and %2 are next to each other: there is no frame between them "
                            "to fill. Choose keys with frames between them.")
                             .arg(first.name, second.name));
        mOk->setEnabled(false);
        return;
    }
    // One in-between is enough to learn which shapes pair up.
    const operations::Inbetweens report = operations::inbetweens(first, second, 1);
    QStringList paired;
    for (const Shape &shape : report.frames.value(0))
        paired.append(shape.id);
    QStringList lines;
    lines << tr("Fills %n frame(s) between %1 and %2.", nullptr, b - a - 1)
                 .arg(first.name, second.name);
    lines << (paired.isEmpty() ? tr("No shape is on both keys with the same type: nothing to "
                                    "interpolate.")
                               : tr("Interpolated: %1").arg(paired.join(QStringLiteral(", "))));
    if (!report.onlyInFirst.isEmpty())
        lines << tr("Only in %1 (not copied): %2")
                     .arg(first.name, report.onlyInFirst.join(QStringLiteral(", ")));
    if (!report.onlyInSecond.isEmpty())
        lines << tr("Only in %1 (not copied): %2")
                     .arg(second.name, report.onlyInSecond.join(QStringLiteral(", ")));
    if (!report.mismatched.isEmpty())
        lines << tr("Different type or vertex count (left alone): %1")
                     .arg(report.mismatched.join(QStringLiteral(", ")));
    mReport->setText(lines.join(u'\n'));
    mOk->setEnabled(!paired.isEmpty());
}

} // namespace hitsmith
