#include "physicseditorformat.h"

#include "enginesupport.h"
#include "physicseditorio.h"

namespace hitsmith {

using engines::tr;

namespace {

using Reader = QList<physicseditor::Body> (*)(const xmltree::Element &);

ReadResult readLayout(const QByteArray &bytes, const QString &expected, Reader reader,
                      physicseditor::YAxis yAxis) {
    ReadResult result;
    if (!engines::checkText(bytes, expected, &result.error))
        return result;
    const std::optional<xmltree::Element> root = xmltree::parse(bytes, &result.error);
    if (!root)
        return result;
    try {
        const QList<physicseditor::Body> bodies = reader(*root);
        result.document = physicseditor::toDocument(bodies, yAxis, &result.warnings);
    } catch (const physicseditor::ReadError &error) {
        result.error = error.message;
        result.warnings.clear();
    }
    return result;
}

} // namespace

QString AndEngineFormat::name() const {
    return QStringLiteral("andengine");
}
QString AndEngineFormat::displayName() const {
    return tr("AndEngine XML (PhysicsEditor)");
}
QStringList AndEngineFormat::extensions() const {
    return {QStringLiteral("xml")};
}
FileFormat::Capabilities AndEngineFormat::capabilities() const {
    return CanRead;
}
ReadResult AndEngineFormat::read(const QByteArray &bytes, const FormatContext &) const {
    return readLayout(bytes, tr("a PhysicsEditor AndEngine XML file"),
                      physicseditor::readAndEngineXml, physicseditor::YAxis::Down);
}

QString Box2dXmlFormat::name() const {
    return QStringLiteral("box2d-xml");
}
QString Box2dXmlFormat::displayName() const {
    return tr("libGDX / Box2D XML (PhysicsEditor)");
}
QStringList Box2dXmlFormat::extensions() const {
    return {QStringLiteral("xml")};
}
FileFormat::Capabilities Box2dXmlFormat::capabilities() const {
    return CanRead;
}
ReadResult Box2dXmlFormat::read(const QByteArray &bytes, const FormatContext &) const {
    return readLayout(bytes, tr("a PhysicsEditor libGDX/Box2D XML file"),
                      physicseditor::readBox2dXml, physicseditor::YAxis::Up);
}

QString Cocos2dPlistFormat::name() const {
    return QStringLiteral("cocos2d-plist");
}
QString Cocos2dPlistFormat::displayName() const {
    return tr("cocos2d-x Box2D plist (PhysicsEditor)");
}
QStringList Cocos2dPlistFormat::extensions() const {
    return {QStringLiteral("plist")};
}
FileFormat::Capabilities Cocos2dPlistFormat::capabilities() const {
    return CanRead;
}
ReadResult Cocos2dPlistFormat::read(const QByteArray &bytes, const FormatContext &) const {
    return readLayout(bytes, tr("a PhysicsEditor cocos2d-x plist"), physicseditor::readCocos2dPlist,
                      physicseditor::YAxis::Up);
}

} // namespace hitsmith
