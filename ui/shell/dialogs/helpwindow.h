#pragma once

#include <QDialog>
#include <QUrl>

class QLabel;
class QTextBrowser;
class QToolButton;

namespace hitsmith {

/// The editor guide inside the editor (Help > Editor Guide): the user docs shipped as Qt
/// resources (ui/docs.qrc, qrc:/docs/*.md) rendered from Markdown. Links between the docs open
/// here, links to a heading scroll to it, web links go to the browser; a link to anything else
/// says so on the line at the bottom instead of doing nothing. A window of its own, not modal.
class HelpWindow : public QDialog {
    Q_OBJECT

public:
    explicit HelpWindow(QWidget *parent = nullptr);

    /// Shows a shipped doc by file name ("editor.md"), optionally at a heading's anchor.
    void showDocument(const QString &name, const QString &anchor = {});
    QTextBrowser *browser() const { return mBrowser; }
    /// The line at the bottom: what a link that cannot open here pointed to.
    QLabel *noteLabel() const { return mNote; }

    /// Where the guide starts.
    static QUrl guideUrl();

private:
    void follow(const QUrl &link);
    bool scrollToHeading(const QString &anchor);

    QTextBrowser *mBrowser;
    QLabel *mNote;
    QToolButton *mBack;
    QToolButton *mForward;
};

} // namespace hitsmith
