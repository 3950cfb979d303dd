#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace hitsmith::air {

// How an .air file's comments name its actions (issue 42): "200 Stand Light Punch", "210
// 立ち強パン". Comments of a file that is not UTF-8 are decoded from their code page for the
// names only; the file's bytes are kept as they are.

/// How the comments of a file that is not UTF-8 are decoded for names.
enum class CommentCodec { Utf8, ShiftJis, Cp1252 };

/// Shift-JIS (CP932) when every comment of the lines (text read one character per byte)
/// decodes as it without error and one holds kana (Japanese text nearly always does; accented
/// Latin text in CP1252 can decode as Shift-JIS kanji by chance but holds no kana then), else
/// CP1252.
CommentCodec commentCodec(const QStringList &lines);

/// Only punctuation and spaces (";-----", "; ====="): a rule between comments.
bool isRule(QStringView line);

/// The words a comment names an action with: decoded from its code page (latin1: the text holds
/// one character per byte), simplified, cut before a ':' or ',' that follows a word ("Standing:
/// both feet down" -> "Standing"), at most 60 characters; empty when it holds no letter or digit
/// or is a commented-out line of the file.
QString commentText(QStringView comment, bool latin1, CommentCodec codec);

} // namespace hitsmith::air
