#pragma once

// A whole XML document read into memory before any of it is interpreted, so a reader never
// builds half a document from a file that turns out to be cut short or malformed.

#include <QByteArray>
#include <QList>
#include <QString>
#include <QXmlStreamAttributes>

#include <optional>

namespace hitsmith::xmltree {

/// Elements nested deeper than this are refused (a hostile file cannot exhaust the stack).
inline constexpr int kMaxDepth = 64;

/// One element with its attributes, its own character data and its children, in file order.
struct Element {
    QString name;                    ///< the tag name
    QXmlStreamAttributes attributes; ///< as written
    QString text;                    ///< character data directly inside this element, concatenated
    QList<Element> children;         ///< child elements in file order
    qint64 line = 0;                 ///< where the start tag is
    qint64 column = 0;               ///< where the start tag is

    /// The first child with this name, or nullptr.
    const Element *child(QStringView childName) const;
    /// The attribute's value; a null view when absent.
    QStringView attribute(QStringView attributeName) const;
    /// "line L, column C", for messages.
    QString location() const;
};

/// Parses a whole document and returns its root element; nullopt and *error ("line 3, column 7:
/// ...", saying when the file ends too early) on any XML error, a DTD that declares entities, or
/// nesting beyond kMaxDepth.
std::optional<Element> parse(const QByteArray &bytes, QString *error);

} // namespace hitsmith::xmltree
