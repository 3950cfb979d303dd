#pragma once

#include <QLabel>

namespace hitsmith {

/// Why an edit typed into a field or a cell was not taken, shown in place: a red, wrapped line
/// under the field or table, hidden while there is nothing to say. Refusals never open a modal
/// box: one opened from a cell editor's commit ran a nested event loop while the table was
/// rebuilt under the editor, and the editor crashed (issue 26). The owner clears the line on the
/// next edit it takes and when the selection changes.
class RefusalLine : public QLabel {
    Q_OBJECT
public:
    explicit RefusalLine(QWidget *parent = nullptr);

    /// Shows the reason (and leaves whatever was refused to the owner to restore).
    void refuse(const QString &reason);
    /// Hides the line.
    void clear();
};

} // namespace hitsmith
