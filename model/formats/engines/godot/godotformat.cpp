#include "godotformat.h"

#include "enginesupport.h"

namespace hitsmith {

using engines::tr;

QString GodotFormat::name() const {
    return QStringLiteral("godot");
}
QString GodotFormat::displayName() const {
    return tr("Godot 4 scene");
}
QStringList GodotFormat::extensions() const {
    return {QStringLiteral("tscn"), QStringLiteral("tres")};
}
FileFormat::Capabilities GodotFormat::capabilities() const {
    return CanRead | CanWrite;
}
} // namespace hitsmith
