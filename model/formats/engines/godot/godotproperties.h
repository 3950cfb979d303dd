#pragma once

// Shape and frame properties as Godot node metadata (metadata/damage = 12), both ways.

#include "enginesupport.h"
#include "godottext.h"

#include <QJsonObject>
#include <QStringList>

namespace hitsmith::godot {

/// Whether a property name can be node metadata: an ASCII identifier (Godot's set_meta refuses
/// others), not starting with "_" (Godot's editor-private metadata) or "hitsmith_" (ours).
bool isMetadataName(const QString &name);

/// The "metadata/name = value" lines of the properties that can be metadata: whole numbers as
/// Godot ints, other numbers as floats (with a decimal point), booleans, strings.
QStringList metadataLines(const QJsonObject &properties);

/// The properties held in a node's metadata (names as isMetadataName() accepts); metadata of
/// other kinds (vectors, arrays, ...) is counted in skipped with where.
QJsonObject propertiesFromMetadata(const Section &node, const QString &where,
                                   engines::LossCounter *skipped);

/// Export warnings for properties whose names cannot be metadata, counted.
QStringList propertyNameWarnings(const DocumentData &document);

} // namespace hitsmith::godot
