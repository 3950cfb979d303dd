#pragma once

// Reading PhysicsEditor's Box2D exports from a parsed XML tree into bodies
// (physicseditorbodies.h): the AndEngine and libGDX XML layouts and the cocos2d-x plist.

#include "physicseditorbodies.h"
#include "xmltree.h"

namespace hitsmith::physicseditor {

/// A located read error, thrown by the layout readers and caught inside each format.
struct ReadError {
    QString message;
};

/// Which PhysicsEditor layout a file has, judged by its root elements.
enum class Layout { AndEngineXml, Box2dXml, Cocos2dPlist, TiledTileset, Unknown };

/// Looks at the root element and its first children only: <bodydef> with <bodies> is AndEngine,
/// with <body> libGDX/Box2D; <plist> whose top dictionary has "bodies" is cocos2d-x; <tileset>
/// is a Tiled tileset saved as .xml.
Layout sniffLayout(const QByteArray &bytes);

/// AndEngine XML: <bodydef><bodies><body name><fixture filter_categoryBits=... type=...>
/// with <polygon><vertex x y/></polygon> or <circle r x y/>. Pixels, y down.
QList<Body> readAndEngineXml(const xmltree::Element &root);
/// libGDX/Box2D XML: <bodydef><body name><fixture> with <filter_category_bits>...,
/// <polygon>x, y, x, y, ...</polygon> or <circle x y r/>. Pixels, y up.
QList<Body> readBox2dXml(const xmltree::Element &root);
/// cocos2d-x Box2D plist: bodies -> name -> anchorpoint, fixtures[] -> fixture_type, polygons
/// of "{ x,y }" strings or circle {radius, position}. Pixels, y up, relative to the anchor point.
QList<Body> readCocos2dPlist(const xmltree::Element &root);

} // namespace hitsmith::physicseditor
