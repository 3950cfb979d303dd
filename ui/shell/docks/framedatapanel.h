#pragma once

#include "operations/framedata.h"

#include <QString>
#include <QWidget>

#include <memory>

class QPushButton;
class QTableWidget;

namespace hitsmith {

class EditorSession;
struct DocumentChange;

namespace mugen {
struct CharacterStates;
}

/// The Frame Data dock (issue 42): every move of the document with its frame data in game ticks
/// (operations::frameDataTable, as `hitsmith-cli framedata` prints it), sortable by any column,
/// copied as Markdown or CSV in the order shown. Computed again after each change while shown.
class FrameDataPanel : public QWidget {
    Q_OBJECT

public:
    explicit FrameDataPanel(EditorSession *session, QWidget *parent = nullptr);
    ~FrameDataPanel() override;

    QTableWidget *table() const { return mTable; }
    QPushButton *copyMarkdownButton() const { return mCopyMarkdown; }
    QPushButton *copyCsvButton() const { return mCopyCsv; }
    /// The rows as computed, in document order.
    const QList<operations::MoveFrameData> &rows() const { return mRows; }
    /// The rows in the order the table shows them.
    QList<operations::MoveFrameData> shownRows() const;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void onDocumentChanged(const DocumentChange &change);
    void recompute();
    void copy(bool markdown);

    EditorSession *mSession;
    QTableWidget *mTable;
    QPushButton *mCopyMarkdown;
    QPushButton *mCopyCsv;
    QList<operations::MoveFrameData> mRows;
    std::unique_ptr<mugen::CharacterStates>
        mStates;        ///< the MUGEN character's, read once a document
    QString mStatesDef; ///< the .def they were read from
    bool mDirty = true;
};

} // namespace hitsmith
