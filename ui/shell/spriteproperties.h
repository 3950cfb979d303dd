#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;

namespace hitsmith {

class EditorSession;
class Prompts;

/// The Properties page of a sprite: its name and its image (typed, or chosen with Browse...),
/// each change one undo command naming the sprite. Says when the image cannot be found.
class SpriteProperties : public QWidget {
    Q_OBJECT

public:
    SpriteProperties(EditorSession *session, Prompts *prompts, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return mName; }
    QLineEdit *imageEdit() const { return mImage; }
    QPushButton *browseButton() const { return mBrowse; }
    /// "64 × 64 px", "image not found: knight.png" or "No image."
    QLabel *imageStatus() const { return mImageStatus; }

    /// Shows the sprite's fields (index into the document's sprites).
    void showSprite(int sprite);

private:
    QString documentFolder() const;
    void commitName();
    void commitImage(const QString &typed);
    void browse();

    EditorSession *mSession;
    Prompts *mPrompts;
    int mSprite = -1;
    QLineEdit *mName;
    QLineEdit *mImage;
    QPushButton *mBrowse;
    QLabel *mImageStatus;
};

} // namespace hitsmith
