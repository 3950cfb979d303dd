// hitsmith-cli framedata (issue 42) as a user runs it: the knight's table at 60 and 30 ticks a
// second written out by hand, the MUGEN test character's, the CSV and Markdown forms holding the
// JSON's values cell for cell, bad usage; and validate's fractional-tick warning.
#include "clirunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

namespace {

QString source(const QString &relative) {
    return qEnvironmentVariable("HITSMITH_SOURCE_DIR") + u'/' + relative;
}

/// RFC 4180 records (quoted fields may hold commas, quotes and line breaks).
QList<QStringList> parseCsv(const QString &text) {
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            record << field;
            field.clear();
        } else if (c == u'\r') {
            continue;
        } else if (c == u'\n') {
            record << field;
            records << record;
            record.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    return records;
}

/// The cells of a Markdown table's rows (header and separator included), "\|" unescaped.
QList<QStringList> parseMarkdown(const QString &text) {
    QList<QStringList> rows;
    for (const QString &line : text.split(u'\n', Qt::SkipEmptyParts)) {
        QStringList cells;
        QString cell;
        for (qsizetype i = 1; i < line.size(); ++i) { // after the leading '|'
            if (line[i] == u'\\' && i + 1 < line.size()) {
                cell += line[++i];
            } else if (line[i] == u'|') {
                cells << cell.trimmed();
                cell.clear();
            } else {
                cell += line[i];
            }
        }
        rows << cells;
    }
    return rows;
}

/// What a JSON value reads as in a table cell, derived here from the JSON alone.
QString cellOf(const QJsonObject &move, const QString &column) {
    const QJsonValue value = move.value(column);
    if (column == QLatin1String("active")) {
        QStringList windows;
        for (const QJsonValue &w : value.toArray()) {
            const QJsonArray pair = w.toArray();
            windows << QString::number(pair[0].toInt()) + u'-' +
                           (pair[1].isNull() ? QString() : QString::number(pair[1].toInt()));
        }
        return windows.join(u' ');
    }
    if (column == QLatin1String("notes")) {
        QStringList notes;
        for (const QJsonValue &n : value.toArray())
            notes << n.toString();
        return notes.join(QStringLiteral("; "));
    }
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest);
    return QString(); // null or absent
}

QJsonArray movesOf(const CliRun &run) {
    return QJsonDocument::fromJson(run.out).object().value("moves").toArray();
}

} // namespace

class TestCliFrameData : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void knightAt60() {
        const CliRun run = runCli({"framedata", source("examples/knight.json")});
        QCOMPARE(run.exitCode, 0);
        // Four frames of 100 ms = 6 ticks; the hitbox on frames 2..4 (ticks 7..24).
        QCOMPARE(QString::fromUtf8(run.out),
                 QStringLiteral(
                     R"({"moves":[{"sprite":"knight","total":24,"startup":7,"active":[[7,24]],)"
                     R"("active_text":"18","recovery":0,"damage":null,"hitstun":null,)"
                     R"("blockstun":null,"hitstop":null,"on_hit":null,"on_block":null,)"
                     R"("notes":[]},{"sprite":"slime","total":18,"startup":1,)"
                     R"("active":[[1,18]],"active_text":"18","recovery":0,"damage":null,)"
                     R"("hitstun":null,"blockstun":null,"hitstop":null,"on_hit":null,)"
                     R"("on_block":null,"notes":[]}]})"
                     "\n"));
    }

    void knightAt30WithNumbers() {
        QTemporaryDir dir;
        QJsonObject doc = QJsonDocument::fromJson([] {
                              QFile f(source("examples/knight.json"));
                              f.open(QIODevice::ReadOnly);
                              return f.readAll();
                          }())
                              .object();
        doc["tick_rate"] = 30;
        // Numbers on attack-3's hitbox (attack-2 has none): the first attack shape in time
        // that has each one.
        QJsonArray sprites = doc["sprites"].toArray();
        QJsonObject knight = sprites[0].toObject();
        QJsonArray frames = knight["frames"].toArray();
        QJsonObject third = frames[3].toObject();
        QJsonArray shapes = third["shapes"].toArray();
        for (qsizetype i = 0; i < shapes.size(); ++i) {
            QJsonObject shape = shapes[i].toObject();
            if (shape["layer"] == "hitbox") {
                shape["properties"] = QJsonObject{{"damage", 7.5}, {"hitstun", 12}};
                shapes[i] = shape;
                break;
            }
        }
        third["shapes"] = shapes;
        third["duration"] = 200; // 6 ticks at 30
        frames[3] = third;
        knight["frames"] = frames;
        sprites[0] = knight;
        doc["sprites"] = sprites;
        const QString path = dir.filePath("knight30.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(doc).toJson());
        out.close();
        const CliRun run = runCli({"framedata", path});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject k = movesOf(run)[0].toObject();
        // 3 ticks a frame, the last 6: 1-3, 4-6, 7-9, 10-15.
        QCOMPARE(k["total"].toInt(), 15);
        QCOMPARE(k["startup"].toInt(), 4);
        // One window, [4, 15]. (Not QJsonArray{QJsonArray{...}}: with one element of its own
        // type, clang copy-constructs the inner array where GCC nests it.)
        QJsonArray windows;
        windows.append(QJsonArray{4, 15});
        QCOMPARE(k["active"].toArray(), windows);
        QCOMPARE(k["recovery"].toInt(), 0);
        QCOMPARE(k["damage"].toDouble(), 7.5);
        QCOMPARE(k["hitstun"].toInt(), 12);
        QVERIFY(k["blockstun"].isNull());
        QCOMPARE(k["on_hit"].toInt(), 12 - (15 - 4));
        QVERIFY(k["on_block"].isNull());
        const CliRun mugen = runCli({"framedata", path, "--stun-convention", "mugen"});
        QCOMPARE(movesOf(mugen)[0].toObject()["on_hit"].toInt(), 2);
    }

    void mugenCharacterRow() {
        const CliRun run = runCli({"framedata", source("tests/data/framedata/kfmlike.def")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.contains("state file kfmlike.cmd not found"));
        const QJsonArray moves = movesOf(run);
        QCOMPARE(moves.size(), 13);
        QJsonObject first = moves[0].toObject();
        first.remove("sprite"); // its name is the .air comment's (checked in the formats tests)
        QCOMPARE(first, QJsonDocument::fromJson(
                            R"({"action":200,"total":12,"startup":4,"active":[[4,7]],)"
                            R"("active_text":"4","recovery":5,"damage":23,"hitstun":11,)"
                            R"("blockstun":11,"hitstop":8,"on_hit":3,"on_block":3,"notes":[]})")
                            .object());
        const QJsonObject second = moves[3].toObject();
        QCOMPARE(second["action"].toInt(), 410);
        QCOMPARE(second["hit"].toInt(), 2);
        QCOMPARE(second["on_hit"].toInt(), 3);
    }

    void csvAndMarkdownHoldTheJson_data() {
        QTest::addColumn<QString>("doc");
        QTest::newRow("knight") << source("examples/knight.json");
        QTest::newRow("mugen") << source("tests/data/framedata/kfmlike.def");
    }
    void csvAndMarkdownHoldTheJson() {
        QFETCH(QString, doc);
        const CliRun json = runCli({"framedata", doc, "--format", "json"});
        const CliRun csv = runCli({"framedata", doc, "--format", "csv"});
        const CliRun markdown = runCli({"framedata", doc, "--format", "markdown"});
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(markdown.exitCode, 0);
        const QStringList columns{"sprite",    "action",      "hit",      "total",    "startup",
                                  "active",    "active_text", "recovery", "damage",   "hitstun",
                                  "blockstun", "hitstop",     "on_hit",   "on_block", "notes"};
        const QJsonArray moves = movesOf(json);
        QVERIFY(!moves.isEmpty());
        const QList<QStringList> csvRows = parseCsv(QString::fromUtf8(csv.out));
        const QList<QStringList> mdRows = parseMarkdown(QString::fromUtf8(markdown.out));
        QCOMPARE(csvRows.size(), moves.size() + 1);
        QCOMPARE(mdRows.size(), moves.size() + 2);
        QCOMPARE(csvRows[0], columns);
        QCOMPARE(mdRows[0], columns);
        for (qsizetype m = 0; m < moves.size(); ++m) {
            const QJsonObject move = moves[m].toObject();
            for (qsizetype c = 0; c < columns.size(); ++c) {
                const QString expected = cellOf(move, columns[c]);
                QCOMPARE(csvRows[m + 1].value(c), expected);
                QCOMPARE(mdRows[m + 2].value(c), expected);
            }
        }
    }

    void badUsage() {
        QCOMPARE(runCli({"framedata", source("examples/knight.json"), "--format", "xml"}).exitCode,
                 2);
        QCOMPARE(runCli({"framedata", source("examples/knight.json"), "--stun-convention", "x"})
                     .exitCode,
                 2);
        QCOMPARE(runCli({"framedata"}).exitCode, 2);
        QCOMPARE(runCli({"framedata", "/nonexistent/doc.json"}).exitCode, 2);
    }

    void validateWarnsOfFractionalTicks() {
        QTemporaryDir dir;
        const QString path = dir.filePath("doc.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(
            R"({"format": "hitsmith", "version": 1, "sprites": [{"name": "jab",)"
            R"( "frames": [{"name": "a", "duration": 80}, {"name": "b", "duration": 50}]}]})");
        out.close();
        const CliRun run = runCli({"validate", path});
        QCOMPARE(run.exitCode, 0); // a warning, not a problem
        QCOMPARE(QString::fromUtf8(run.out),
                 path + ": jab/a.duration: warning: 80 ms is 4.8 ticks at 60 ticks/s, not a "
                        "whole number (counted as 5)\n");
    }
};

QTEST_GUILESS_MAIN(TestCliFrameData)
#include "tst_cli_framedata.moc"
