#include "documentchecks.h"

#include "canvas.h"
#include "collisionservice.h"
#include "editorsession.h"
#include "hitsmithformat.h"
#include "mainwindow.h"
#include "propertypanel.h"
#include "validation.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>

namespace hitsmith::exercise {

namespace {

QString where(int sprite, int frame) {
    return QStringLiteral("sprite %1 frame %2").arg(sprite).arg(frame);
}

QString describe(const FrameHit &hit) {
    return QStringLiteral("(%1,%2 depth %3 normal %4,%5)")
        .arg(hit.a)
        .arg(hit.b)
        .arg(hit.depth, 0, 'g', 17)
        .arg(hit.normal.x(), 0, 'g', 17)
        .arg(hit.normal.y(), 0, 'g', 17);
}

QString describe(const QList<FrameHit> &hits) {
    QStringList parts;
    for (const FrameHit &hit : hits)
        parts.append(describe(hit));
    return parts.join(u' ');
}

} // namespace

QString firstDifference(const QByteArray &a, const QByteArray &b) {
    qsizetype at = 0;
    while (at < a.size() && at < b.size() && a[at] == b[at])
        ++at;
    // Back to the start of the line, so the message shows whole lines.
    qsizetype from = at;
    for (int lines = 0; from > 0 && lines < 3; --from)
        lines += a[from - 1] == '\n';
    return QStringLiteral("first at byte %1:\n%2\n  versus\n%3")
        .arg(at)
        .arg(QString::fromUtf8(a.mid(from, at - from + 160)),
             QString::fromUtf8(b.mid(from, at - from + 160)));
}

QString checkDocument(const Document &document) {
    // Problems a person cannot cause through the editor: it refuses them or never makes them.
    static const QList<ProblemKind> kept = {ProblemKind::EmptyId,
                                            ProblemKind::DuplicateShapeId,
                                            ProblemKind::DuplicateSpriteName,
                                            ProblemKind::DuplicateFrameName,
                                            ProblemKind::InvalidProperty,
                                            ProblemKind::InvalidDuration,
                                            ProblemKind::NonFinite,
                                            ProblemKind::CoordinateTooLarge,
                                            ProblemKind::InvalidMotion};
    for (const Problem &problem : validateDocument(document.data())) {
        if (kept.contains(problem.kind))
            return QStringLiteral("document problem at %1: %2")
                .arg(problem.location, problem.reason);
    }
    const auto &sprites = document.data().sprites;
    for (int s = 0; s < sprites.size(); ++s) {
        for (int f = 0; f < sprites[s].frames.size(); ++f) {
            QSet<QString> ids;
            for (const Shape &shape : sprites[s].frames[f].shapes) {
                if (shape.id.isEmpty() || ids.contains(shape.id))
                    return QStringLiteral("%1: shape id \"%2\" empty or repeated")
                        .arg(where(s, f), shape.id);
                ids.insert(shape.id);
                validateShape(shape); // must not crash on anything the editor made
            }
        }
    }
    return {};
}

QString checkCollisions(EditorSession *session) {
    Document *document = session->document();
    const CollisionService fresh(document);
    const auto &sprites = document->data().sprites;
    for (int s = 0; s < sprites.size(); ++s) {
        for (int f = 0; f < sprites[s].frames.size(); ++f) {
            const QList<FrameHit> live = session->collisions()->hits({s, f});
            const QList<FrameHit> full = fresh.hits({s, f});
            if (live != full)
                return QStringLiteral("%1: live hits %2 but a full recompute gives %3")
                    .arg(where(s, f), describe(live), describe(full));
        }
    }
    return {};
}

QString checkSaveAndReopen(const Document &document, const QString &path) {
    QString error;
    if (!saveDocumentFile(document.data(), path, &error))
        return QStringLiteral("save to %1 failed: %2").arg(path, error);
    const ReadResult result = loadDocumentFile(path);
    if (!result.isOk())
        return QStringLiteral("reopening %1 failed: %2").arg(path, result.error);
    if (!(*result.document == document.data())) {
        return QStringLiteral("save and reopen differ: %1")
            .arg(firstDifference(HitsmithFormat::serialize(document.data()),
                                 HitsmithFormat::serialize(*result.document)));
    }
    return {};
}

QString checkWindow(MainWindow *window) {
    EditorSession *session = window->session();
    const Document *document = session->document();
    const FrameRef frame = session->currentFrame();
    const bool anyFrame =
        std::any_of(document->data().sprites.cbegin(), document->data().sprites.cend(),
                    [](const Sprite &s) { return !s.frames.isEmpty(); });
    if (anyFrame != document->contains(frame))
        return QStringLiteral("current frame %1 but the document %2 frames")
            .arg(where(frame.sprite, frame.frame),
                 anyFrame ? QStringLiteral("has") : QStringLiteral("has no"));
    const int count = document->contains(frame) ? int(document->frame(frame).shapes.size()) : 0;
    for (int index : session->selectedShapes()) {
        if (index < 0 || index >= count)
            return QStringLiteral("selected shape %1 of %2").arg(index).arg(count);
    }
    if (Canvas *canvas = window->canvas(); canvas && canvas->itemCount() != count)
        return QStringLiteral("the canvas shows %1 items for %2 shapes")
            .arg(canvas->itemCount())
            .arg(count);
    const QList<int> selected = session->selectedShapes();
    if (selected.size() == 1 && session->editedSprite() < 0) {
        const Shape &shape = document->shape({frame.sprite, frame.frame, selected.first()});
        PropertyPanel *panel = window->propertyPanel();
        const bool rect = shape.type == ShapeType::Rect;
        const bool circle = shape.type == ShapeType::Circle;
        const bool polygon = shape.type == ShapeType::Polygon;
        const bool capsule = shape.type == ShapeType::Capsule;
        struct Row {
            const char *name;
            QWidget *widget;
            bool shown;
        };
        const Row rows[] = {{"Center", panel->centerXBox(), !polygon && !capsule},
                            {"Size", panel->widthBox(), rect},
                            {"Angle", panel->angleBox(), rect},
                            {"Radius", panel->radiusBox(), circle || capsule},
                            {"End 1", panel->capsuleEndBox(0), capsule},
                            {"End 2", panel->capsuleEndBox(2), capsule}};
        for (const Row &row : rows) {
            const QString what =
                QStringLiteral("Properties of %1 \"%2\": the %3 row")
                    .arg(shapeTypeName(shape.type), shape.id, QString::fromLatin1(row.name));
            if (row.widget->isVisibleTo(panel) != row.shown)
                return what +
                       (row.shown ? QStringLiteral(" is missing") : QStringLiteral(" is shown"));
            if (!row.shown || !panel->isVisible())
                continue;
            // Shown means a label beside it and room to see it, too.
            QWidget *field =
                row.widget->parentWidget() == panel->widthBox()->parentWidget() ||
                        row.widget->parentWidget() == panel->centerXBox()->parentWidget()
                    ? row.widget->parentWidget()
                    : row.widget;
            auto *form = field->parentWidget()->findChild<QFormLayout *>();
            if (form && form->indexOf(field) >= 0) {
                if (!form->isRowVisible(field))
                    return what + QStringLiteral(" is hidden in its form");
                QWidget *label = form->labelForField(field);
                if (label && !label->isVisibleTo(panel))
                    return what + QStringLiteral(" has lost its label");
            }
            if (field->height() <= 0 || row.widget->height() <= 0) {
                QStringList chain;
                for (QWidget *w = row.widget; w && w != panel->parentWidget();
                     w = w->parentWidget())
                    chain.append(QStringLiteral("%1 %2,%3 %4x%5 min %6 hint %7 vis %8")
                                     .arg(QString::fromLatin1(w->metaObject()->className()))
                                     .arg(w->x())
                                     .arg(w->y())
                                     .arg(w->width())
                                     .arg(w->height())
                                     .arg(w->minimumSizeHint().height())
                                     .arg(w->sizeHint().height())
                                     .arg(w->isVisible()));
                return what + QStringLiteral(" has no height: ") +
                       chain.join(QStringLiteral(" | "));
            }
        }
    }
    return {};
}

} // namespace hitsmith::exercise
