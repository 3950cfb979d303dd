// The bundled example (examples/, art drawn by scripts/make-example-art.py): every frame's art
// stays inside its own cell of the sheet, and the knight's blade boxes sit on the drawn blades.

#include "hitsmithformat.h"

#include <QImage>
#include <QTest>
#include <QtMath>

#include <cmath>

using namespace hitsmith;

class TestExamples : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Issue 26, item 12: knight attack-2's sword crossed into attack-3's cell, which then
    // showed a floating blade tip. No opaque pixel of a cell may touch an opaque pixel beyond
    // the cell (in its neighbour's), sideways or diagonally.
    void artStaysInsideItsCells() {
        const ReadResult loaded = loadDocumentFile(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                                   QStringLiteral("/examples/knight.json"));
        QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
        QStringList problems;
        int drawn = 0;
        for (const Sprite &sprite : loaded.document->sprites) {
            if (sprite.image.isEmpty())
                continue; // the pole (a thin hurtbox to show tunnels) has no art
            ++drawn;
            const QImage image(sprite.image);
            QVERIFY2(!image.isNull(), qPrintable(sprite.image));
            const auto opaque = [&](int x, int y) {
                return image.rect().contains(x, y) && qAlpha(image.pixel(x, y)) > 0;
            };
            for (const Frame &frame : sprite.frames) {
                QVERIFY(frame.source);
                const QRect cell = frame.source->toAlignedRect();
                for (int y = cell.top(); y <= cell.bottom(); ++y) {
                    for (int x = cell.left(); x <= cell.right(); ++x) {
                        if (!opaque(x, y))
                            continue;
                        for (int dy = -1; dy <= 1; ++dy) {
                            for (int dx = -1; dx <= 1; ++dx) {
                                if (!cell.contains(x + dx, y + dy) && opaque(x + dx, y + dy))
                                    problems << QStringLiteral("%1/%2: (%3, %4) runs on into "
                                                               "(%5, %6)")
                                                    .arg(sprite.name, frame.name)
                                                    .arg(x)
                                                    .arg(y)
                                                    .arg(x + dx)
                                                    .arg(y + dy);
                            }
                        }
                    }
                }
            }
        }
        QCOMPARE(drawn, 2); // the knight and the slime
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QString::number(problems.size()) + QStringLiteral(" pixels: ") +
                            problems.mid(0, 6).join(QStringLiteral("; "))));
    }

    // The blade boxes follow the art: the centre and both ends (2 px in) of each are on opaque
    // pixels of their cell.
    void bladeBoxesSitOnTheBlades() {
        const ReadResult loaded = loadDocumentFile(qEnvironmentVariable("HITSMITH_SOURCE_DIR") +
                                                   QStringLiteral("/examples/knight.json"));
        QVERIFY2(loaded.isOk(), qPrintable(loaded.error));
        const Sprite &knight = loaded.document->sprites.at(0);
        const QImage image(knight.image);
        QVERIFY(!image.isNull());
        int blades = 0;
        for (const Frame &frame : knight.frames) {
            const QPointF cell = frame.source->topLeft();
            for (const Shape &shape : frame.shapes) {
                if (shape.id != QLatin1String("blade"))
                    continue;
                ++blades;
                const double a = qDegreesToRadians(shape.angle);
                const QPointF along(std::cos(a), std::sin(a));
                const double half = shape.size.width() / 2 - 2;
                for (double t : {-half, 0.0, half}) {
                    const QPointF p = cell + shape.center + along * t;
                    const QPoint pixel(int(std::floor(p.x())), int(std::floor(p.y())));
                    QVERIFY2(
                        image.rect().contains(pixel) && qAlpha(image.pixel(pixel)) > 0,
                        qPrintable(
                            QStringLiteral("%1: (%2, %3)").arg(frame.name).arg(p.x()).arg(p.y())));
                }
            }
        }
        QCOMPARE(blades, 3);
    }
};

QTEST_GUILESS_MAIN(TestExamples)
#include "tst_model_examples.moc"
