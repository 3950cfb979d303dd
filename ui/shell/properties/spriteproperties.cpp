#include "spriteproperties.h"

#include "editorsession.h"
#include "imagepaths.h"
#include "mugencharacter.h"
#include "prompts.h"
#include "refusalline.h"
#include "structurecommands.h"
#include "validation.h"

#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QImageReader>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

namespace hitsmith {

namespace {

constexpr int kMaxDuration = 60000; // as a frame's: a minute per frame is beyond any animation

} // namespace

SpriteProperties::SpriteProperties(EditorSession *session, Prompts *prompts, QWidget *parent)
    : QWidget(parent)
    , mSession(session)
    , mPrompts(prompts)
    , mName(new QLineEdit(this))
    , mRefusal(new RefusalLine(this))
    , mImage(new QLineEdit(this))
    , mBrowse(new QPushButton(tr("&Browse..."), this))
    , mImageStatus(new QLabel(this))
    , mDuration(new QSpinBox(this))
    , mAction(new QLabel(this))
    , mTickRate(new QSpinBox(this))
    , mForm(new QFormLayout) {
    mName->setObjectName(QStringLiteral("spriteNameEdit"));
    mImage->setObjectName(QStringLiteral("spriteImageEdit"));
    mImage->setPlaceholderText(tr("No image"));
    mImage->setToolTip(tr("The sprite's image file; relative paths are taken from the document's "
                          "folder"));
    mBrowse->setObjectName(QStringLiteral("spriteImageBrowse"));
    mImageStatus->setObjectName(QStringLiteral("spriteImageStatus"));
    mImageStatus->setWordWrap(true); // a long path wraps instead of widening the dock

    mDuration->setObjectName(QStringLiteral("spriteDurationBox"));
    // 0 stands for "no default set": the file then has no "duration" and frames play 100 ms.
    mDuration->setRange(0, kMaxDuration);
    mDuration->setSpecialValueText(tr("none (100 ms)"));
    mDuration->setSuffix(tr(" ms"));
    mDuration->setKeyboardTracking(false);
    mDuration->setToolTip(tr("How long a frame without its own duration shows"));

    mAction->setObjectName(QStringLiteral("spriteActionLabel"));
    mAction->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mAction->setToolTip(tr("The MUGEN action ([Begin Action N]) this sprite was read from"));
    mTickRate->setObjectName(QStringLiteral("documentTickRateBox"));
    mTickRate->setRange(kMinTickRate, kMaxTickRate);
    mTickRate->setSuffix(tr(" ticks/s"));
    mTickRate->setKeyboardTracking(false);
    mTickRate->setToolTip(tr("The document's game ticks a second: frame data counts each frame's "
                             "duration in these ticks (MUGEN: 60)"));

    auto *imageRow = new QWidget(this);
    auto *imageLayout = new QHBoxLayout(imageRow);
    imageLayout->setContentsMargins(0, 0, 0, 0);
    imageLayout->addWidget(mImage, 1);
    imageLayout->addWidget(mBrowse);
    QFormLayout *form = mForm;
    form->addRow(tr("Sprite &name:"), mName);
    form->addRow(tr("MUGEN action:"), mAction);
    form->addRow(mRefusal);
    form->addRow(tr("&Image:"), imageRow);
    form->addRow(QString(), mImageStatus);
    form->addRow(tr("Default &duration:"), mDuration);
    form->addRow(tr("Document &tick rate:"), mTickRate);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addStretch();

    connect(mName, &QLineEdit::editingFinished, this, &SpriteProperties::commitName);
    connect(mImage, &QLineEdit::editingFinished, this, [this] { commitImage(mImage->text()); });
    connect(mBrowse, &QPushButton::clicked, this, &SpriteProperties::browse);
    connect(mDuration, &QSpinBox::editingFinished, this, &SpriteProperties::commitDuration);
    connect(mTickRate, &QSpinBox::editingFinished, this, &SpriteProperties::commitTickRate);
}

void SpriteProperties::commitTickRate() {
    Document *document = mSession->document();
    const int rate = mTickRate->value();
    if (rate == document->data().tickRate)
        return;
    document->undoStack()->push(new SetTickRateCommand(document, rate));
}

QString SpriteProperties::documentFolder() const {
    const QString path = mSession->document()->filePath();
    return path.isEmpty() ? QString() : QFileInfo(path).absolutePath();
}

void SpriteProperties::showSprite(int sprite) {
    const DocumentData &data = mSession->document()->data();
    if (sprite < 0 || sprite >= data.sprites.size())
        return;
    if (sprite != mSprite)
        mRefusal->clear();
    mSprite = sprite;
    const Sprite &s = data.sprites[sprite];
    if (!mName->hasFocus() || mName->text() != s.name)
        mName->setText(s.name);
    // Shown as the file will store it: relative to the document's folder where it can be.
    const QString shown = storedImagePath(s.image, documentFolder());
    if (!mImage->hasFocus() || mImage->text() != shown)
        mImage->setText(shown);
    QPalette palette = mImageStatus->palette();
    palette.setColor(QPalette::WindowText, this->palette().color(QPalette::WindowText));
    if (s.image.isEmpty()) {
        mImageStatus->setText(tr("No image."));
    } else if (isImageMissing(s, documentFolder())) {
        mImageStatus->setText(tr("image not found: %1").arg(shown));
        palette.setColor(QPalette::WindowText, QColor(200, 60, 40));
    } else if (const auto character = mSession->pictures()->character(s, mSession->documentDir())) {
        // MUGEN art: each frame shows the sprite its element names; say what was found.
        if (!character->error().isEmpty() || !character->sff()) {
            mImageStatus->setText(character->error());
            palette.setColor(QPalette::WindowText, QColor(200, 60, 40));
        } else {
            mImageStatus->setText(tr("MUGEN character: %1, SFF %2, %n sprite(s)", nullptr,
                                     int(character->sff()->spriteCount()))
                                      .arg(QFileInfo(character->sffPath()).fileName(),
                                           character->sff()->versionText()));
        }
    } else {
        const QSize size = QImageReader(s.image).size();
        mImageStatus->setText(tr("%1 × %2 px").arg(size.width()).arg(size.height()));
    }
    mImageStatus->setPalette(palette);
    const QJsonValue action =
        s.extra.value(QStringLiteral("air")).toObject().value(QStringLiteral("action"));
    mAction->setText(action.isDouble() ? QString::number(action.toInteger()) : QString());
    mForm->setRowVisible(mAction, action.isDouble());
    if (mTickRate->value() != data.tickRate) {
        const QSignalBlocker blocker(mTickRate);
        mTickRate->setValue(data.tickRate);
    }
    if (mDuration->value() != s.duration.value_or(0)) {
        const QSignalBlocker blocker(mDuration);
        mDuration->setValue(s.duration.value_or(0));
    }
}

void SpriteProperties::commitDuration() {
    Document *document = mSession->document();
    if (mSprite < 0 || mSprite >= document->data().sprites.size())
        return;
    const int value = mDuration->value();
    const std::optional<int> duration = value > 0 ? std::optional<int>(value) : std::nullopt;
    if (duration == document->sprite(mSprite).duration)
        return;
    document->undoStack()->push(new SetSpriteDurationCommand(document, mSprite, duration));
}

void SpriteProperties::commitName() {
    Document *document = mSession->document();
    if (mSprite < 0 || mSprite >= document->data().sprites.size())
        return;
    const QString name = mName->text().trimmed();
    const Sprite &sprite = document->sprite(mSprite);
    if (name == sprite.name)
        return;
    bool taken = false;
    const QList<Sprite> &sprites = document->data().sprites;
    for (int s = 0; s < sprites.size(); ++s)
        taken = taken || (s != mSprite && sprites[s].name == name);
    if (name.isEmpty() || taken) {
        // In place: a modal box from editingFinished (Enter or a focus change) would take the
        // focus and finish the edit again.
        mName->setText(sprite.name);
        mRefusal->refuse(name.isEmpty()
                             ? tr("A sprite needs a name: \"%1\" keeps its name.").arg(sprite.name)
                             : tr("There is already a sprite named \"%1\": \"%2\" keeps its name.")
                                   .arg(name, sprite.name));
        return;
    }
    mRefusal->clear();
    document->undoStack()->push(new RenameSpriteCommand(document, mSprite, name));
}

void SpriteProperties::commitImage(const QString &typed) {
    Document *document = mSession->document();
    if (mSprite < 0 || mSprite >= document->data().sprites.size())
        return;
    // Absolute in memory, as everywhere else; the file stores it relative again. A document
    // saved nowhere yet takes a relative path from the working directory, where the canvas
    // looks for it: kept relative, it would name another file once the document is saved.
    const QString text = typed.trimmed();
    const QString folder = documentFolder().isEmpty() ? QDir::currentPath() : documentFolder();
    const QString image =
        text.isEmpty() ? QString() : absoluteImagePath(QDir::fromNativeSeparators(text), folder);
    if (image == document->sprite(mSprite).image) {
        showSprite(mSprite); // the same file typed differently: show it as stored
        return;
    }
    document->undoStack()->push(new SetSpriteImageCommand(document, mSprite, image));
}

void SpriteProperties::browse() {
    const Document *document = mSession->document();
    if (mSprite < 0 || mSprite >= document->data().sprites.size())
        return;
    const QString current = document->sprite(mSprite).image;
    const QString folder = !current.isEmpty() && QFileInfo(current).absoluteDir().exists()
                               ? QFileInfo(current).absolutePath()
                               : documentFolder();
    const QString path = mPrompts->openFileName(
        this, tr("Image of Sprite \"%1\"").arg(document->sprite(mSprite).name), folder,
        tr("Images (*.png *.bmp *.gif *.jpg *.jpeg *.webp);;All files (*)"));
    if (!path.isEmpty())
        commitImage(path);
}

} // namespace hitsmith
