// The Godot reader's checked numbers and metadata strings (godotreading.h).
#include "godotreading.h"

namespace hitsmith::godot {

using engines::tr;

/// Reads and checks the numbers of Vector2(...)/PackedVector2Array(...)/Rect2(...)/...
QList<double> numbersOf(const Value &value, const QString &where, qsizetype expected) {
    bool ok = false;
    const QList<double> numbers = value.numbers(&ok);
    if (!ok || (expected >= 0 && numbers.size() != expected) || numbers.size() % 2 != 0)
        throw GodotError{tr("%1: expected %2")
                             .arg(where, expected == 2   ? tr("Vector2(x, y)")
                                         : expected == 4 ? tr("four numbers")
                                         : expected == 6 ? tr("Transform2D(...)")
                                                         : tr("pairs of numbers"))};
    for (double n : numbers) {
        if (const std::optional<QString> problem = engines::checkImportedNumber(n))
            throw GodotError{tr("%1: %2").arg(where, *problem)};
    }
    return numbers;
}

double numberOf(const Value &value, const QString &where) {
    if (value.kind != Value::Number)
        throw GodotError{tr("%1: must be a number").arg(where)};
    if (const std::optional<QString> problem = engines::checkImportedNumber(value.number))
        throw GodotError{tr("%1: %2").arg(where, *problem)};
    return value.number;
}

QList<QPointF> pointsOf(const Value &value, const QString &where) {
    const QList<double> n = numbersOf(value, where);
    QList<QPointF> points;
    for (qsizetype i = 0; i + 1 < n.size(); i += 2)
        points.append({n[i], n[i + 1]});
    return points;
}

QPointF pointOf(const Value &value, const QString &where) {
    const QList<double> n = numbersOf(value, where, 2);
    return {n[0], n[1]};
}

/// Godot's Transform2D(xx, xy, yx, yy, ox, oy) as a QTransform (same row layout).
QTransform transformOf(const Value &value, const QString &where) {
    const QList<double> n = numbersOf(value, where, 6);
    return QTransform(n[0], n[1], n[2], n[3], n[4], n[5]);
}

QString metaString(const Section &section, const QString &key) {
    const Value *v = section.property(key);
    return v && v->kind == Value::String ? v->text : QString();
}

} // namespace hitsmith::godot
