#include "framedatatext.h"

#include "jsonsupport.h"

namespace hitsmith::operations {

namespace {

QString jsonNumber(const std::optional<double> &value) {
    return value ? json::number(*value) : QStringLiteral("null");
}

QString jsonInt(const std::optional<int> &value) {
    return value ? QString::number(*value) : QStringLiteral("null");
}

QString cell(const std::optional<double> &value) {
    return value ? json::number(*value) : QString();
}

QString cell(const std::optional<int> &value) {
    return value ? QString::number(*value) : QString();
}

QString csvField(const QString &text) {
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n') &&
        !text.contains(u'\r'))
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QString markdownCell(QString text) {
    text.replace(u'\\', QStringLiteral("\\\\"));
    text.replace(u'|', QStringLiteral("\\|"));
    text.replace(u'\n', u' ');
    text.replace(u'\r', u' ');
    return text;
}

} // namespace

QStringList frameDataColumns() {
    return {QStringLiteral("sprite"),      QStringLiteral("action"),    QStringLiteral("hit"),
            QStringLiteral("total"),       QStringLiteral("startup"),   QStringLiteral("active"),
            QStringLiteral("active_text"), QStringLiteral("recovery"),  QStringLiteral("damage"),
            QStringLiteral("hitstun"),     QStringLiteral("blockstun"), QStringLiteral("hitstop"),
            QStringLiteral("on_hit"),      QStringLiteral("on_block"),  QStringLiteral("notes")};
}

QStringList frameDataCells(const DocumentData &data, const MoveFrameData &row) {
    QStringList windows;
    for (const ActiveWindow &w : row.active)
        windows << QStringLiteral("%1-%2").arg(w.first).arg(w.last ? QString::number(*w.last)
                                                                   : QString());
    return {data.sprites.at(row.sprite).name,
            cell(row.action),
            row.hit > 0 ? QString::number(row.hit) : QString(),
            cell(row.total),
            cell(row.startup),
            windows.join(u' '),
            row.activeText,
            cell(row.recovery),
            cell(row.damage),
            cell(row.hitstun),
            cell(row.blockstun),
            cell(row.hitstop),
            cell(row.onHit),
            cell(row.onBlock),
            row.notes.join(QStringLiteral("; "))};
}

QString frameDataJson(const DocumentData &data, const QList<MoveFrameData> &rows) {
    QStringList items;
    for (const MoveFrameData &row : rows) {
        QString item =
            QStringLiteral("{\"sprite\":") + json::string(data.sprites.at(row.sprite).name);
        if (row.action)
            item += QStringLiteral(",\"action\":%1").arg(*row.action);
        if (row.hit > 0)
            item += QStringLiteral(",\"hit\":%1").arg(row.hit);
        QStringList windows;
        for (const ActiveWindow &w : row.active)
            windows << QStringLiteral("[%1,%2]").arg(w.first).arg(jsonInt(w.last));
        QStringList notes;
        for (const QString &note : row.notes)
            notes << json::string(note);
        item += QStringLiteral(",\"total\":%1,\"startup\":%2,\"active\":[%3],\"active_text\":%4,"
                               "\"recovery\":%5")
                    .arg(jsonInt(row.total), jsonInt(row.startup), windows.join(u','),
                         json::string(row.activeText), jsonInt(row.recovery));
        item += QStringLiteral(",\"damage\":%1,\"hitstun\":%2,\"blockstun\":%3,\"hitstop\":%4,"
                               "\"on_hit\":%5,\"on_block\":%6,\"notes\":[%7]}")
                    .arg(jsonNumber(row.damage), jsonNumber(row.hitstun), jsonNumber(row.blockstun),
                         jsonNumber(row.hitstop), jsonInt(row.onHit), jsonInt(row.onBlock),
                         notes.join(u','));
        items << item;
    }
    return QStringLiteral("{\"moves\":[") + items.join(u',') + QStringLiteral("]}\n");
}

QString frameDataCsv(const DocumentData &data, const QList<MoveFrameData> &rows) {
    QString out = frameDataColumns().join(u',') + QStringLiteral("\r\n");
    for (const MoveFrameData &row : rows) {
        QStringList fields;
        for (const QString &c : frameDataCells(data, row))
            fields << csvField(c);
        out += fields.join(u',') + QStringLiteral("\r\n");
    }
    return out;
}

QString frameDataMarkdown(const DocumentData &data, const QList<MoveFrameData> &rows) {
    const QStringList columns = frameDataColumns();
    QString out =
        QStringLiteral("| ") + columns.join(QStringLiteral(" | ")) + QStringLiteral(" |\n|");
    for (qsizetype i = 0; i < columns.size(); ++i)
        out += QStringLiteral("---|");
    out += u'\n';
    for (const MoveFrameData &row : rows) {
        QStringList cells;
        for (const QString &c : frameDataCells(data, row))
            cells << markdownCell(c);
        out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
    }
    return out;
}

} // namespace hitsmith::operations
