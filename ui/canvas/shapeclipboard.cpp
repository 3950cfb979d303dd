#include "shapeclipboard.h"

#include "hitsmithformat.h"
#include "jsonsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>

namespace hitsmith::shapeclipboard {

// The shape objects are produced and read by the document format itself, wrapped in a
// one-frame document, so the clipboard never drifts from what files contain.

QMimeData *toMimeData(const QList<Shape> &shapes) {
    DocumentData doc;
    Sprite sprite;
    sprite.name = QStringLiteral("clipboard");
    Frame frame;
    frame.name = QStringLiteral("clipboard");
    frame.shapes = shapes;
    sprite.frames.append(frame);
    doc.sprites.append(sprite);
    const QJsonObject root = QJsonDocument::fromJson(HitsmithFormat::serialize(doc)).object();
    const QJsonArray shapeArray = root.value(QStringLiteral("sprites"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("frames"))
                                      .toArray()
                                      .at(0)
                                      .toObject()
                                      .value(QStringLiteral("shapes"))
                                      .toArray();
    QJsonObject payload;
    payload.insert(QStringLiteral("format"), QStringLiteral("hitsmith-shapes"));
    payload.insert(QStringLiteral("shapes"), shapeArray);
    const QByteArray bytes = QJsonDocument(payload).toJson(QJsonDocument::Indented);
    auto *data = new QMimeData;
    data->setData(QString::fromLatin1(kMimeType), bytes);
    data->setText(QString::fromUtf8(bytes));
    return data;
}

QList<Shape> fromMimeData(const QMimeData *data) {
    if (!data)
        return {};
    QByteArray bytes = data->data(QString::fromLatin1(kMimeType));
    if (bytes.isEmpty() && data->hasText())
        bytes = data->text().toUtf8();
    const QJsonObject payload = QJsonDocument::fromJson(json::escapeByteOrderMarks(bytes)).object();
    if (payload.value(QStringLiteral("format")).toString() != QLatin1String("hitsmith-shapes"))
        return {};
    QJsonObject frame;
    frame.insert(QStringLiteral("name"), QStringLiteral("clipboard"));
    frame.insert(QStringLiteral("shapes"), payload.value(QStringLiteral("shapes")));
    QJsonObject sprite;
    sprite.insert(QStringLiteral("name"), QStringLiteral("clipboard"));
    sprite.insert(QStringLiteral("frames"), QJsonArray{frame});
    QJsonObject root;
    root.insert(QStringLiteral("format"), QStringLiteral("hitsmith"));
    root.insert(QStringLiteral("version"), HitsmithFormat::kVersion);
    root.insert(QStringLiteral("sprites"), QJsonArray{sprite});
    const ReadResult result = HitsmithFormat::parse(QJsonDocument(root).toJson());
    if (!result.isOk() || result.document->sprites.isEmpty() ||
        result.document->sprites[0].frames.isEmpty())
        return {};
    return result.document->sprites[0].frames[0].shapes;
}

bool hasShapes(const QMimeData *data) {
    return data && (data->hasFormat(QString::fromLatin1(kMimeType)) ||
                    (data->hasText() && data->text().contains(QLatin1String("hitsmith-shapes"))));
}

} // namespace hitsmith::shapeclipboard
