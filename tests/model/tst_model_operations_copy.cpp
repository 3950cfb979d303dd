// Table tests of Copy across frames: which frames a copy reaches, and which ids clash there.
#include "operations/copyacrossframes.h"

#include <QTest>

using namespace hitsmith;
using namespace hitsmith::operations;

Q_DECLARE_METATYPE(hitsmith::operations::CopyTarget)

class TestCopyAcrossFrames : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void targets_data() {
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("count");
        QTest::addColumn<CopyTarget>("target");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QTest::addColumn<QList<int>>("expected");
        QTest::newRow("next") << 1 << 5 << CopyTarget::NextFrame << -1 << -1 << QList<int>{2};
        QTest::newRow("next of the last")
            << 4 << 5 << CopyTarget::NextFrame << -1 << -1 << QList<int>{};
        QTest::newRow("range skips the source")
            << 2 << 6 << CopyTarget::Range << 1 << 4 << QList<int>{1, 3, 4};
        QTest::newRow("range clamped")
            << 0 << 3 << CopyTarget::Range << -5 << 10 << QList<int>{1, 2};
        QTest::newRow("all later")
            << 1 << 5 << CopyTarget::AllLaterFrames << -1 << -1 << QList<int>{2, 3, 4};
    }

    void targets() {
        QFETCH(int, from);
        QFETCH(int, count);
        QFETCH(CopyTarget, target);
        QFETCH(int, first);
        QFETCH(int, last);
        QFETCH(QList<int>, expected);
        QCOMPARE(copyTargets(from, count, target, first, last), expected);
    }

    void clashesListEveryExistingId() {
        Sprite sprite;
        for (int i = 0; i < 3; ++i) {
            Frame frame;
            frame.name = QString::number(i);
            sprite.frames << frame;
        }
        sprite.frames[1].shapes << Shape::circle("blade", {}, 1);
        sprite.frames[2].shapes << Shape::circle("blade", {}, 1) << Shape::circle("body", {}, 1);
        const QList<Shape> copied{Shape::circle("blade", {}, 2), Shape::circle("body", {}, 2)};
        QCOMPARE(idClashes(sprite, {1, 2, 7}, copied),
                 (QList<IdClash>{{1, "blade"}, {2, "blade"}, {2, "body"}}));
        QCOMPARE(idClashes(sprite, {0}, copied), QList<IdClash>{});
    }
};

QTEST_APPLESS_MAIN(TestCopyAcrossFrames)
#include "tst_model_operations_copy.moc"
