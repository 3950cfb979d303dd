#pragma once

// What must hold after every step of the exerciser: the document's own invariants, the live
// collision hits against a full recompute, a save and reopen, and the panels agreeing with the
// selection. Each returns an empty string when all holds, else what broke.

#include <QByteArray>
#include <QString>

namespace hitsmith {
class Document;
class EditorSession;
class MainWindow;
} // namespace hitsmith

namespace hitsmith::exercise {

/// Where two serialized documents first differ, with the lines around it.
QString firstDifference(const QByteArray &a, const QByteArray &b);
/// Unique, non-empty shape ids per frame; unique sprite and frame names; property values and
/// durations of the right kind; finite coordinates within the limits. (Geometry a person may
/// leave invalid for a while, such as a self-intersecting polygon, is allowed: the editor says
/// so and leaves the shape out of collision.)
QString checkDocument(const Document &document);
/// The session's incremental hits of every frame against a fresh service's full computation.
QString checkCollisions(EditorSession *session);
/// Saves the document to path and loads it back: the data must be equal.
QString checkSaveAndReopen(const Document &document, const QString &path);
/// The canvas shows one item per shape of the current frame, the selection is in range, and the
/// Properties page shows the rows of the selected shape's type.
QString checkWindow(MainWindow *window);

} // namespace hitsmith::exercise
