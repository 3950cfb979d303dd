#pragma once

// The frame data table as text (issue 42): JSON for tools, CSV and Markdown for wikis and
// spreadsheets. All three hold the same values; the CLI prints them and the editor copies them.

#include "operations/framedata.h"

namespace hitsmith::operations {

/// The table's columns, in order, as the CSV header and the Markdown header name them.
QStringList frameDataColumns();

/// One row's cells, in frameDataColumns() order; an unknown value is an empty cell; active is
/// "4-7 10-13" (an open window "4-"); notes are joined with "; ".
QStringList frameDataCells(const DocumentData &data, const MoveFrameData &row);

/// {"moves":[{"sprite": ..., "action": N (MUGEN sprites only), "hit": K (hits of a multi-hit
/// move only), "total": T, "startup": S, "active": [[first, last], ...], "active_text": "3(2)3",
/// "recovery": R, "damage": ..., "hitstun": ..., "blockstun": ..., "hitstop": ..., "on_hit": ...,
/// "on_block": ..., "notes": [...]}]}, unknown numbers null, with a final newline.
QString frameDataJson(const DocumentData &data, const QList<MoveFrameData> &rows);

/// RFC 4180 CSV with a header line; fields quoted when they hold a comma, a quote or a line break.
QString frameDataCsv(const DocumentData &data, const QList<MoveFrameData> &rows);

/// A GitHub-flavoured Markdown table; '|' in a cell escaped as "\|".
QString frameDataMarkdown(const DocumentData &data, const QList<MoveFrameData> &rows);

} // namespace hitsmith::operations
