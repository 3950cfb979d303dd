#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace hitsmith::air {

// The line grammar of a MUGEN / Ikemen GO .air file as Ikemen GO's ReadAnimationTable reads it
// (src/anim.go: ReadAction, ReadAnimation, ReadAnimFrame; src/common.go: SectionName, Atoi), so
// the reader and the writer agree with the engine on every quirk of real files. Lines are text
// as the reader decoded them: UTF-8, or one character per byte (latin1 = true) for files in
// another code page; only ASCII matters to the grammar, as in the engine.

/// A Clsn box as the engine keeps it: corners swapped into order (left <= right, top <= bottom),
/// right and bottom exclusive.
struct Box {
    qint32 left = 0, top = 0, right = 0, bottom = 0;
    bool operator==(const Box &) const = default;
};

/// Go's strings.TrimSpace: ASCII white space, and Unicode white space in UTF-8 text only.
QStringView trimmed(QStringView line, bool latin1);

/// What the engine looks at: the line before its first ';', trimmed.
QStringView code(QStringView line, bool latin1);

/// Go's Atoi of Ikemen GO: optional sign, the leading digits, anything after them ignored;
/// clamped to the int32 range.
qint32 atoi(QStringView text, bool latin1);

/// A line starting with '[' (after trimming) ends the action it is in. It starts one when it is
/// "[Begin Action N]" with nothing but a comment after the ']'.
struct Section {
    bool isAction = false;
    qint32 action = 0;
};
/// nullopt when the trimmed line does not start with '['.
std::optional<Section> section(QStringView trimmedLine, bool latin1);

/// An element line: starts with a digit or '-', at least five comma-separated fields.
bool isElement(QStringView code);
/// A line that starts like an element (digit or '-') but has fewer than five fields.
bool looksLikeShortElement(QStringView code);
/// The ticks (fifth field) of an element line, or nullopt when it has none.
std::optional<qint32> elementTicks(QStringView line, bool latin1);

/// "ClsnN: count" or "ClsnNDefault: count" (N 1 or 2, count >= 0), as the engine reads it.
struct Header {
    int clsn = 1; ///< 1 or 2
    bool isDefault = false;
    int count = 0;
    /// Other text between "ClsnN" and ':' than "Default" ("Clsn2Defalt", "Clsn2 Default"): a
    /// plain ClsnN header to the engine, though its author likely meant a default.
    bool oddName = false;
};
std::optional<Header> header(QStringView code, bool latin1);

/// A line starting with "clsn" (any case) that is not a header the engine reads.
bool isOtherClsnLine(QStringView code, bool latin1);

/// A header and the box lines the engine reads after it. Reading stops at a blank or
/// comment-only line (the engine leaves the remaining boxes empty), at a line that is not
/// "clsn...=a,b,c,d", or when count boxes are read. The label of a box line ("Clsn2[0]") does
/// not matter: its box belongs to the header's Clsn.
struct Block {
    Header header;
    qsizetype headerLine = 0;    ///< index in the lines
    QList<qsizetype> boxLines;   ///< index of each box read
    QList<Box> boxes;            ///< in order; fewer than header.count when reading stopped
    QList<qsizetype> relabelled; ///< box lines whose own label names the other Clsn
    qsizetype end = 0;           ///< first line after the block
};
Block readBlock(const QStringList &lines, qsizetype headerLine, const Header &header, bool latin1);

/// Text of a box as the writer spells it: "x1, y1, x2, y2".
QString boxText(const Box &box);
/// The box line with its four numbers replaced; label, spacing, trailing text kept.
QString withBox(const QString &line, const Box &box, bool latin1);
/// The element line with its ticks field replaced; spacing and comment kept.
QString withTicks(const QString &line, int ticks);

/// The name a comment gives an action: lower-case words joined by '-', or empty when the
/// comment holds no letter or digit, or looks like a commented-out line of the file.
QString nameFromComment(QStringView comment, bool latin1);

} // namespace hitsmith::air
