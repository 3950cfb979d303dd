#pragma once

#include <QWidget>

class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace hitsmith {

class EditorSession;
class Prompts;
class RefusalLine;

/// The Properties page of a sprite: its name, its image (typed, or chosen with Browse...) and its
/// default frame duration, each change one undo command naming the sprite. Says when the image
/// cannot be found.
class SpriteProperties : public QWidget {
    Q_OBJECT

public:
    SpriteProperties(EditorSession *session, Prompts *prompts, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return mName; }
    QLineEdit *imageEdit() const { return mImage; }
    QPushButton *browseButton() const { return mBrowse; }
    /// The default frame duration in ms; its minimum (0) reads "none" (the editor's 100 ms).
    QSpinBox *durationBox() const { return mDuration; }
    /// The MUGEN action number of a sprite read from .air ("Action 200"); its row is hidden for
    /// other sprites.
    QLabel *actionLabel() const { return mAction; }
    /// The document's tick rate (game ticks a second), one undo step a change.
    QSpinBox *tickRateBox() const { return mTickRate; }
    /// "64 × 64 px", "image not found: knight.png" or "No image."
    QLabel *imageStatus() const { return mImageStatus; }
    /// Why a typed name was refused (empty or taken); hidden after a rename or another sprite.
    RefusalLine *refusalLine() const { return mRefusal; }

    /// Shows the sprite's fields (index into the document's sprites).
    void showSprite(int sprite);

private:
    QString documentFolder() const;
    void commitName();
    void commitImage(const QString &typed);
    void browse();
    void commitDuration();
    void commitTickRate();

    EditorSession *mSession;
    Prompts *mPrompts;
    int mSprite = -1;
    QLineEdit *mName;
    RefusalLine *mRefusal;
    QLineEdit *mImage;
    QPushButton *mBrowse;
    QLabel *mImageStatus;
    QSpinBox *mDuration;
    QLabel *mAction;
    QSpinBox *mTickRate;
    QFormLayout *mForm;
};

} // namespace hitsmith
