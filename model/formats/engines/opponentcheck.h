#pragma once

// The check `hitsmith-cli validate` makes of a document's saved versus setups whose defender
// lives in another file (issue 27's "Defender from"): that file is there, reads, and has the
// defender frame. Here rather than in validation.cpp because it reads other documents, in any
// format the editor opens.

#include "validation.h"

namespace hitsmith {

struct DocumentData;

/// One problem per versus setup with a defender document that cannot be found
/// (MissingDefenderDocument), cannot be read (MissingDefenderDocument, with the reader's reason)
/// or lacks the defender frame (UnknownVersusFrame). Paths are named relative to
/// documentDirectory, as the file stores them; each file is read once.
QList<Problem> findVersusOpponentProblems(const DocumentData &document,
                                          const QString &documentDirectory);

} // namespace hitsmith
