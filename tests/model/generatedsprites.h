#pragma once

// Generated test sprites for tracing (discs, stars, rotated rectangles, blobs, letters, soft
// anti-aliased edges), shared by the trace test and the trace benchmark. Letters need a
// QGuiApplication (fonts).

#include <QFont>
#include <QImage>
#include <QList>
#include <QPainter>
#include <QPainterPath>
#include <QRadialGradient>
#include <QRandomGenerator>
#include <QString>
#include <QtMath>

struct GeneratedSprite {
    QString name;
    QImage image;
};

inline QImage blankSprite(int size) {
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    return image;
}

inline QPainterPath starPath(QPointF centre, int points, double outer, double inner) {
    QPainterPath path;
    for (int i = 0; i < 2 * points; ++i) {
        const double angle = M_PI * i / points - M_PI / 2;
        const QPointF p =
            centre + (i % 2 ? inner : outer) * QPointF(std::cos(angle), std::sin(angle));
        i == 0 ? path.moveTo(p) : path.lineTo(p);
    }
    path.closeSubpath();
    return path;
}

inline QImage paintedSprite(int size, const QPainterPath &path, const QBrush &brush = Qt::black) {
    QImage image = blankSprite(size);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillPath(path, brush);
    return image;
}

/// Every generated sprite, drawn anti-aliased on a size x size canvas (size >= 32).
inline QList<GeneratedSprite> generatedSprites(int size = 64) {
    QList<GeneratedSprite> sprites;
    const QPointF centre(size / 2.0, size / 2.0);
    const double r = size * 0.4;
    QPainterPath disc;
    disc.addEllipse(centre, r, r);
    sprites.append({QStringLiteral("disc"), paintedSprite(size, disc)});
    QPainterPath smallDisc;
    smallDisc.addEllipse(centre, r / 3, r / 3);
    sprites.append({QStringLiteral("small disc"), paintedSprite(size, smallDisc)});
    sprites.append(
        {QStringLiteral("star 5"), paintedSprite(size, starPath(centre, 5, r, r * 0.45))});
    sprites.append(
        {QStringLiteral("star 8"), paintedSprite(size, starPath(centre, 8, r, r * 0.6))});
    for (int angle : {15, 30, 45, 70}) {
        QTransform rotation;
        rotation.translate(centre.x(), centre.y()).rotate(angle);
        QPainterPath rect;
        rect.addRect(QRectF(-r, -r * 0.35, 2 * r, r * 0.7));
        sprites.append(
            {QStringLiteral("rect %1 deg").arg(angle), paintedSprite(size, rotation.map(rect))});
    }
    QRandomGenerator random(2024);
    for (int b = 0; b < 4; ++b) {
        QPainterPath blob;
        blob.setFillRule(Qt::WindingFill);
        for (int k = 0; k < 6; ++k) {
            // One draw per statement: the order of a call's arguments is unspecified (GCC
            // evaluated y first, clang x), and the trace tests rely on these exact blobs.
            const double y = size * (0.25 + 0.5 * random.generateDouble());
            const double x = size * (0.25 + 0.5 * random.generateDouble());
            const QPointF at(x, y);
            const double radius = size * (0.08 + 0.15 * random.generateDouble());
            blob.addEllipse(at, radius, radius);
        }
        sprites.append(
            {QStringLiteral("blob %1").arg(b + 1), paintedSprite(size, blob.simplified())});
    }
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setBold(true);
    font.setPixelSize(int(size * 0.8));
    for (const QString &letter :
         {QStringLiteral("A"), QStringLiteral("S"), QStringLiteral("g"), QStringLiteral("W")}) {
        QPainterPath path;
        path.addText(0, 0, font, letter);
        path.translate(centre - path.boundingRect().center());
        sprites.append({QStringLiteral("letter %1").arg(letter), paintedSprite(size, path)});
    }
    // A soft edge: alpha falls off linearly over the outer third, so the threshold decides.
    QRadialGradient soft(centre, r);
    soft.setColorAt(0.0, QColor(0, 0, 0, 255));
    soft.setColorAt(0.66, QColor(0, 0, 0, 255));
    soft.setColorAt(1.0, QColor(0, 0, 0, 0));
    QPainterPath softDisc;
    softDisc.addEllipse(centre, r, r);
    sprites.append({QStringLiteral("soft disc"), paintedSprite(size, softDisc, soft)});
    return sprites;
}
