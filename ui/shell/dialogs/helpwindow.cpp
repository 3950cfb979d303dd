#include "helpwindow.h"

#include <QDesktopServices>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

// Outside any namespace, as Q_INIT_RESOURCE requires: the docs live in the static ui library,
// and the linker would drop the resource's object file without a reference to it.
static void initDocsResource() {
    Q_INIT_RESOURCE(docs);
}

namespace hitsmith {

namespace {

/// A heading's anchor as GitHub makes it ("Properties: game data" -> "properties-game-data"),
/// which is how the docs link to their headings.
QString headingAnchor(const QString &heading) {
    QString anchor;
    for (const QChar c : heading.toLower()) {
        if (c.isLetterOrNumber() || c == u'-' || c == u'_')
            anchor += c;
        else if (c == u' ')
            anchor += u'-';
    }
    return anchor;
}

} // namespace

HelpWindow::HelpWindow(QWidget *parent)
    : QDialog(parent)
    , mBrowser(new QTextBrowser(this))
    , mNote(new QLabel(this))
    , mBack(new QToolButton(this))
    , mForward(new QToolButton(this)) {
    initDocsResource();
    setObjectName(QStringLiteral("helpWindow"));
    setWindowTitle(tr("Hitsmith Editor Guide"));
    setWindowFlag(Qt::Window);
    setModal(false);
    resize(780, 680);
    mBrowser->setObjectName(QStringLiteral("guideText"));
    mBrowser->setOpenLinks(false); // follow() decides: a doc here, the web outside, else a note
    mBrowser->setSearchPaths({QStringLiteral(":/docs")});
    mNote->setObjectName(QStringLiteral("guideNote"));
    mNote->setWordWrap(true);
    mNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mNote->hide();

    mBack->setText(tr("Back"));
    mBack->setShortcut(QKeySequence::Back);
    mForward->setText(tr("Forward"));
    mForward->setShortcut(QKeySequence::Forward);
    auto *contents = new QToolButton(this);
    contents->setText(tr("Editor Guide"));
    contents->setToolTip(tr("Back to the start of the editor guide"));
    mBack->setEnabled(false);
    mForward->setEnabled(false);
    auto *bar = new QHBoxLayout;
    bar->addWidget(mBack);
    bar->addWidget(mForward);
    bar->addWidget(contents);
    bar->addStretch();
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(mBrowser, 1);
    layout->addWidget(mNote);

    connect(mBack, &QToolButton::clicked, mBrowser, &QTextBrowser::backward);
    connect(mForward, &QToolButton::clicked, mBrowser, &QTextBrowser::forward);
    connect(contents, &QToolButton::clicked, this,
            [this] { showDocument(QStringLiteral("editor.md")); });
    connect(mBrowser, &QTextBrowser::backwardAvailable, mBack, &QToolButton::setEnabled);
    connect(mBrowser, &QTextBrowser::forwardAvailable, mForward, &QToolButton::setEnabled);
    connect(mBrowser, &QTextBrowser::anchorClicked, this, &HelpWindow::follow);
    connect(mBrowser, &QTextBrowser::sourceChanged, this, [this] {
        mNote->hide();
        // Qt's Markdown import names no headings: scroll to the one the link asked for.
        const QString fragment = mBrowser->source().fragment();
        if (!fragment.isEmpty())
            scrollToHeading(fragment);
    });
    showDocument(QStringLiteral("editor.md"));
}

QUrl HelpWindow::guideUrl() {
    return QUrl(QStringLiteral("qrc:/docs/editor.md"));
}

void HelpWindow::showDocument(const QString &name, const QString &anchor) {
    QUrl url(QStringLiteral("qrc:/docs/") + name);
    if (!anchor.isEmpty())
        url.setFragment(anchor);
    mBrowser->setSource(url, QTextDocument::MarkdownResource);
}

void HelpWindow::follow(const QUrl &link) {
    const QUrl current = mBrowser->source();
    const QUrl target = current.resolved(link);
    if (target.scheme() == QLatin1String("qrc")) {
        const QString file = QStringLiteral(":") + target.path();
        if (target.path() == current.path() && target.hasFragment()) { // a heading here
            if (scrollToHeading(target.fragment())) {
                mNote->hide();
            } else {
                mNote->setText(tr("No heading \"%1\" on this page.").arg(target.fragment()));
                mNote->show();
            }
            return;
        }
        if (QFile::exists(file)) {
            mBrowser->setSource(target, target.path().endsWith(QLatin1String(".md"))
                                            ? QTextDocument::MarkdownResource
                                            : QTextDocument::UnknownResource);
            return;
        }
        mNote->setText(tr("%1 is not part of the guide shown here; it is in the Hitsmith source "
                          "folder.")
                           .arg(link.toString()));
        mNote->show();
        return;
    }
    if (!QDesktopServices::openUrl(target)) {
        mNote->setText(
            tr("Could not open %1 here; copy it into a browser.").arg(target.toString()));
        mNote->show();
    }
}

bool HelpWindow::scrollToHeading(const QString &anchor) {
    for (QTextBlock block = mBrowser->document()->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() > 0 && headingAnchor(block.text()) == anchor) {
            QTextCursor cursor(block);
            mBrowser->setTextCursor(cursor);
            // The heading at the top of the view, not just somewhere in it.
            mBrowser->verticalScrollBar()->setValue(mBrowser->verticalScrollBar()->maximum());
            mBrowser->ensureCursorVisible();
            return true;
        }
    }
    return false;
}

} // namespace hitsmith
