#pragma once

#include <QColor>
#include <QString>
#include <QStringList>

class QWidget;

namespace hitsmith {

/// Every modal question the shell asks, behind one small interface so GUI tests can answer
/// them without a blocking dialog (MainWindow::setPrompts).
class Prompts {
public:
    enum class UnsavedAnswer { Save, Discard, Cancel };

    virtual ~Prompts();

    /// "Save changes to name?" before the document would be lost.
    virtual UnsavedAnswer askUnsaved(QWidget *parent, const QString &documentName);
    /// A failure the user must read (load and save errors name the file and place).
    virtual void showError(QWidget *parent, const QString &title, const QString &message);
    /// Something done, with caveats the user should read (an import's warnings).
    virtual void showWarning(QWidget *parent, const QString &title, const QString &message);
    /// A yes/no question; true means go ahead.
    virtual bool confirm(QWidget *parent, const QString &title, const QString &message);
    /// A yes/no question before something is destroyed (a file replaced by another format);
    /// No is the default, so Enter keeps what is there. True means go ahead.
    virtual bool confirmDestructive(QWidget *parent, const QString &title, const QString &message);
    /// A question whose Yes is the named action (e.g. "Replace"), with Cancel as the default.
    /// True means go ahead.
    virtual bool confirmAction(QWidget *parent, const QString &title, const QString &message,
                               const QString &actionText);
    /// One line of text (a new name), starting at initial; empty when cancelled.
    virtual QString askText(QWidget *parent, const QString &title, const QString &label,
                            const QString &initial);
    /// One existing file to open; empty when cancelled.
    virtual QString openFileName(QWidget *parent, const QString &caption, const QString &dir,
                                 const QString &filter);
    /// Several existing files to open; empty when cancelled.
    virtual QStringList openFileNames(QWidget *parent, const QString &caption, const QString &dir,
                                      const QString &filter);
    /// A file to write; empty when cancelled.
    virtual QString saveFileName(QWidget *parent, const QString &caption, const QString &dir,
                                 const QString &filter);
    /// A colour; invalid when cancelled.
    virtual QColor pickColor(QWidget *parent, const QColor &initial, const QString &title);
};

} // namespace hitsmith
