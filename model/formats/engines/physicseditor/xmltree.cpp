#include "xmltree.h"

#include "enginesupport.h"

#include <QXmlStreamReader>

namespace hitsmith::xmltree {

using engines::tr;

const Element *Element::child(QStringView childName) const {
    for (const Element &element : children) {
        if (element.name == childName)
            return &element;
    }
    return nullptr;
}

QStringView Element::attribute(QStringView attributeName) const {
    return attributes.value(attributeName.toString());
}

QString Element::location() const {
    return tr("line %1, column %2").arg(line).arg(column);
}

std::optional<Element> parse(const QByteArray &bytes, QString *error) {
    QXmlStreamReader xml(bytes);
    auto fail = [&](const QString &message) {
        *error =
            tr("line %1, column %2: %3").arg(xml.lineNumber()).arg(xml.columnNumber()).arg(message);
        return std::nullopt;
    };
    // Open elements; a finished one is appended to its parent, so no pointer into a list that
    // grows is ever kept.
    QList<Element> open;
    std::optional<Element> root;
    while (!xml.atEnd()) {
        switch (xml.readNext()) {
        case QXmlStreamReader::DTD:
            // Entity declarations are the classic XML bomb; PhysicsEditor and plists use none.
            if (!xml.entityDeclarations().isEmpty())
                return fail(tr("the document type declares entities, which are not supported"));
            break;
        case QXmlStreamReader::StartElement: {
            if (open.size() >= kMaxDepth)
                return fail(tr("elements nested more than %1 deep").arg(kMaxDepth));
            Element element;
            element.name = xml.name().toString();
            element.attributes = xml.attributes();
            element.line = xml.lineNumber();
            element.column = xml.columnNumber();
            open.append(std::move(element));
            break;
        }
        case QXmlStreamReader::Characters:
            if (!open.isEmpty())
                open.last().text += xml.text();
            break;
        case QXmlStreamReader::EndElement: {
            Element finished = open.takeLast();
            if (open.isEmpty())
                root = std::move(finished);
            else
                open.last().children.append(std::move(finished));
            break;
        }
        default:
            break;
        }
    }
    if (xml.hasError()) {
        QString message = xml.errorString();
        if (xml.error() == QXmlStreamReader::PrematureEndOfDocumentError)
            message += tr(" (the file ends too early: truncated?)");
        return fail(message);
    }
    if (!root)
        return fail(tr("no XML element found"));
    return root;
}

} // namespace hitsmith::xmltree
