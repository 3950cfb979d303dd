// The Godot 4 export against the .tscn grammar, checked by a reader of its own written here from
// Godot's "TSCN file format" page and its text resource loader's rules, sharing no code with the
// product's Godot parser (godottext.h), since no Godot 4 can run here (docs/formats.md, "Godot 4
// scenes"):
//  - the file descriptor first: [gd_scene load_steps=N format=3], load_steps = the number of
//    resources (external and internal) plus one, left out when there are none;
//  - then the sections in Godot's order: ext_resource*, sub_resource*, node+, connection*;
//    each header [tag key=value ...] with the attributes its tag needs; resource ids unique;
//  - every property line `key = value`, the value in Godot's variant syntax: numbers, strings
//    with Godot's escapes only, true/false/null, &"StringName", arrays, dictionaries (string
//    keys), and the constructors with their arity (Vector2(x, y), Rect2(4 numbers),
//    PackedVector2Array(an even count), SubResource("id"), ExtResource("id"), NodePath("..."),
//    ...);
//  - SubResource and ExtResource name resources declared above the reference (Godot loads them
//    in file order);
//  - the first node has no parent, every other names "." or the path of a node above it, node
//    names are unique among siblings and free of Godot's reserved characters . : @ / " %.

#include "formattestsupport.h"

#include <QRegularExpression>
#include <QSet>

using namespace hitsmith;
using namespace formattest;

Q_DECLARE_METATYPE(hitsmith::DocumentData)

namespace {

/// A hand-written reader of Godot's text scene syntax; problems() lists every breach, with its
/// line.
class TscnChecker {
public:
    explicit TscnChecker(const QString &text)
        : mText(text) {
        check();
    }
    const QStringList &problems() const { return mProblems; }
    int nodeCount() const { return int(mNodePaths.size()); }
    int resourceCount() const { return int(mSubIds.size() + mExtIds.size()); }

private:
    enum class Stage { Start, Descriptor, External, Internal, Nodes, Connections };

    void problem(const QString &what) {
        mProblems << QStringLiteral("line %1: %2").arg(mLine).arg(what);
    }
    bool atEnd() const { return mPos >= mText.size(); }
    QChar peek(qsizetype ahead = 0) const {
        return mPos + ahead < mText.size() ? mText[mPos + ahead] : QChar();
    }
    void advance() {
        if (mText[mPos] == u'\n')
            ++mLine;
        ++mPos;
    }
    void skipSpaces(bool newlines) {
        while (!atEnd() && (peek() == u' ' || peek() == u'\t' || (newlines && peek() == u'\n')))
            advance();
    }
    bool accept(QChar c, bool newlines = true) {
        skipSpaces(newlines);
        if (peek() != c)
            return false;
        advance();
        return true;
    }
    void expect(QChar c) {
        if (!accept(c))
            problem(QStringLiteral("'%1' expected, found '%2'").arg(c).arg(peek()));
    }

    QString identifier() {
        skipSpaces(false);
        const qsizetype start = mPos;
        while (!atEnd() && (peek().isLetterOrNumber() || peek() == u'_'))
            advance();
        return mText.mid(start, mPos - start);
    }

    /// A string literal; Godot's escapes are \" \\ \n \t \r \b \f \uXXXX \UXXXXXX.
    QString string() {
        skipSpaces(true);
        if (peek() != u'"') {
            problem(QStringLiteral("string expected"));
            return {};
        }
        advance();
        QString value;
        while (!atEnd() && peek() != u'"') {
            if (peek() == u'\\') {
                advance();
                const QChar e = peek();
                static const QString simple = QStringLiteral("\"\\ntrbf");
                if (simple.contains(e)) {
                    advance();
                    value += e == u'n' ? QChar(u'\n') : e;
                } else if (e == u'u' || e == u'U') {
                    const int digits = e == u'u' ? 4 : 6;
                    advance();
                    for (int i = 0; i < digits; ++i, advance())
                        if (!isxdigit(peek().toLatin1()))
                            problem(QStringLiteral("bad \\%1 escape").arg(e));
                } else {
                    problem(QStringLiteral("unknown escape \\%1").arg(e));
                    advance();
                }
                continue;
            }
            value += peek();
            advance();
        }
        if (atEnd())
            problem(QStringLiteral("unterminated string"));
        else
            advance();
        return value;
    }

    bool number() {
        skipSpaces(true);
        static const QRegularExpression pattern(
            QStringLiteral(R"(\G-?(?:inf|nan|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?))"));
        const QRegularExpressionMatch m = pattern.match(mText, mPos);
        if (!m.hasMatch())
            return false;
        for (qsizetype i = 0; i < m.capturedLength(); ++i)
            advance();
        return true;
    }

    /// Parses comma-separated values up to `close`; returns their kinds ('n' number, 's' string,
    /// 'o' other).
    QString list(QChar close) {
        QString kinds;
        if (accept(close))
            return kinds;
        do {
            kinds += value();
        } while (accept(u','));
        expect(close);
        return kinds;
    }

    void reference(const QString &kind, const QString &id) {
        const QSet<QString> &known = kind == QLatin1String("SubResource") ? mSubIds : mExtIds;
        if (!known.contains(id))
            problem(QStringLiteral("%1(\"%2\") before its declaration").arg(kind, id));
    }

    /// One value; returns its kind ('n', 's' or 'o').
    QChar value() {
        skipSpaces(true);
        const QChar c = peek();
        if (c == u'"') {
            string();
            return u's';
        }
        if (c == u'&' && peek(1) == u'"') {
            advance();
            string();
            return u'o';
        }
        if (c == u'[') {
            advance();
            list(u']');
            return u'o';
        }
        if (c == u'{') {
            advance();
            if (!accept(u'}')) {
                do {
                    if (value() != u's')
                        problem(QStringLiteral("dictionary key is not a string"));
                    expect(u':');
                    value();
                } while (accept(u','));
                expect(u'}');
            }
            return u'o';
        }
        if (number())
            return u'n';
        const QString name = identifier();
        if (name == QLatin1String("true") || name == QLatin1String("false") ||
            name == QLatin1String("null"))
            return u'o';
        if (name.isEmpty()) {
            problem(QStringLiteral("value expected, found '%1'").arg(c));
            advance();
            return u'o';
        }
        if (!accept(u'(', false)) {
            problem(QStringLiteral("unknown word %1").arg(name));
            return u'o';
        }
        if (name == QLatin1String("SubResource") || name == QLatin1String("ExtResource")) {
            const QString id = string();
            expect(u')');
            reference(name, id);
            return u'o';
        }
        const QString kinds = list(u')');
        // Constructors Godot 4 writes, with their argument counts (-2: any even count).
        static const QHash<QString, int> numeric{{QStringLiteral("Vector2"), 2},
                                                 {QStringLiteral("Vector2i"), 2},
                                                 {QStringLiteral("Vector3"), 3},
                                                 {QStringLiteral("Rect2"), 4},
                                                 {QStringLiteral("Rect2i"), 4},
                                                 {QStringLiteral("Color"), 4},
                                                 {QStringLiteral("Transform2D"), 6},
                                                 {QStringLiteral("PackedVector2Array"), -2},
                                                 {QStringLiteral("PackedFloat32Array"), -1},
                                                 {QStringLiteral("PackedFloat64Array"), -1},
                                                 {QStringLiteral("PackedInt32Array"), -1},
                                                 {QStringLiteral("PackedInt64Array"), -1},
                                                 {QStringLiteral("PackedByteArray"), -1}};
        if (name == QLatin1String("NodePath") || name == QLatin1String("StringName")) {
            if (kinds != QLatin1String("s"))
                problem(QStringLiteral("%1 takes one string").arg(name));
        } else if (name == QLatin1String("PackedStringArray")) {
            if (kinds.contains(u'n') || kinds.contains(u'o'))
                problem(QStringLiteral("PackedStringArray takes strings"));
        } else if (numeric.contains(name)) {
            const int arity = numeric.value(name);
            if (kinds.contains(u's') || kinds.contains(u'o'))
                problem(QStringLiteral("%1 takes numbers").arg(name));
            if ((arity > 0 && kinds.size() != arity) || (arity == -2 && kinds.size() % 2))
                problem(QStringLiteral("%1 with %2 numbers").arg(name).arg(kinds.size()));
        } else {
            problem(QStringLiteral("unknown constructor %1").arg(name));
        }
        return u'o';
    }

    /// [tag key=value ...]: the attributes by name.
    QHash<QString, QString> header(QString *tag) {
        expect(u'[');
        *tag = identifier();
        QHash<QString, QString> attributes;
        while (!atEnd() && !accept(u']', false)) {
            const QString key = identifier();
            if (key.isEmpty() || !accept(u'=', false)) {
                problem(QStringLiteral("bad attribute in [%1]").arg(*tag));
                while (!atEnd() && peek() != u'\n')
                    advance();
                return attributes;
            }
            if (attributes.contains(key))
                problem(QStringLiteral("attribute %1 twice").arg(key));
            skipSpaces(false);
            const qsizetype start = mPos;
            const QChar kind = value();
            QString text = mText.mid(start, mPos - start);
            if (kind == u's')
                text = text.mid(1, text.size() - 2); // the escapes do not matter for names here
            attributes.insert(key, text);
        }
        if (!accept(u'\n', false) && !atEnd())
            problem(QStringLiteral("text after [%1]").arg(*tag));
        return attributes;
    }

    void requireAttributes(const QString &tag, const QHash<QString, QString> &attributes,
                           const QStringList &names) {
        for (const QString &name : names)
            if (!attributes.contains(name))
                problem(QStringLiteral("[%1] without %2").arg(tag, name));
    }

    void node(const QHash<QString, QString> &a) {
        requireAttributes(QStringLiteral("node"), a, {QStringLiteral("name")});
        if (!a.contains(QStringLiteral("type")) && !a.contains(QStringLiteral("instance")))
            problem(QStringLiteral("[node] without type or instance"));
        const QString name = a.value(QStringLiteral("name"));
        static const QRegularExpression reserved(QStringLiteral(R"([.:@/"%])"));
        if (name.isEmpty() || name.contains(reserved))
            problem(QStringLiteral("node name \"%1\" is empty or has . : @ / \" %").arg(name));
        QString path;
        if (mNodePaths.isEmpty()) {
            if (a.contains(QStringLiteral("parent")))
                problem(QStringLiteral("the root node has a parent"));
            path = QStringLiteral(".");
        } else {
            const QString parent = a.value(QStringLiteral("parent"));
            if (!a.contains(QStringLiteral("parent")))
                problem(QStringLiteral("a second root node %1").arg(name));
            else if (!mNodePaths.contains(parent))
                problem(
                    QStringLiteral("parent \"%1\" of %2 is not a node above").arg(parent, name));
            path = parent == QLatin1String(".") ? name : parent + u'/' + name;
        }
        if (mNodePaths.contains(path))
            problem(QStringLiteral("two nodes at %1").arg(path));
        mNodePaths.insert(path);
    }

    void check() {
        Stage stage = Stage::Start;
        int loadSteps = -1;
        while (true) {
            skipSpaces(true);
            if (atEnd())
                break;
            if (peek() == u';') { // a comment line
                while (!atEnd() && peek() != u'\n')
                    advance();
                continue;
            }
            if (peek() == u'[') {
                QString tag;
                const QHash<QString, QString> a = header(&tag);
                const Stage next = tag == QLatin1String("gd_scene")       ? Stage::Descriptor
                                   : tag == QLatin1String("ext_resource") ? Stage::External
                                   : tag == QLatin1String("sub_resource") ? Stage::Internal
                                   : tag == QLatin1String("node")         ? Stage::Nodes
                                   : tag == QLatin1String("connection")   ? Stage::Connections
                                                                          : Stage::Start;
                if (next == Stage::Start)
                    problem(QStringLiteral("unknown section [%1]").arg(tag));
                else if (next < stage || (next == Stage::Descriptor && stage != Stage::Start) ||
                         (stage == Stage::Start && next != Stage::Descriptor))
                    problem(QStringLiteral("[%1] out of order").arg(tag));
                else
                    stage = next;
                if (next == Stage::Descriptor) {
                    if (a.value(QStringLiteral("format")) != QLatin1String("3"))
                        problem(QStringLiteral("format is not 3"));
                    loadSteps = a.value(QStringLiteral("load_steps"), QStringLiteral("-1")).toInt();
                } else if (next == Stage::External || next == Stage::Internal) {
                    requireAttributes(tag, a,
                                      next == Stage::External ? QStringList{"type", "path", "id"}
                                                              : QStringList{"type", "id"});
                    const QString id = a.value(QStringLiteral("id"));
                    if (mSubIds.contains(id) || mExtIds.contains(id))
                        problem(QStringLiteral("resource id %1 twice").arg(id));
                    mPending = id;
                    mPendingExternal = next == Stage::External;
                    if (mPendingExternal)
                        mExtIds.insert(id);
                } else if (next == Stage::Nodes) {
                    declarePending();
                    node(a);
                } else if (next == Stage::Connections) {
                    requireAttributes(tag, a, {"signal", "from", "to", "method"});
                }
                continue;
            }
            if (stage == Stage::Start || stage == Stage::Descriptor) {
                problem(QStringLiteral("a property outside a section"));
            }
            // key = value
            const qsizetype start = mPos;
            while (!atEnd() && peek() != u'=' && peek() != u'\n')
                advance();
            const QString key = mText.mid(start, mPos - start).trimmed();
            static const QRegularExpression keyPattern(QStringLiteral(R"(^[A-Za-z_][\w/:.]*$)"));
            if (!keyPattern.match(key).hasMatch())
                problem(QStringLiteral("bad property name \"%1\"").arg(key));
            if (!accept(u'=', false)) {
                problem(QStringLiteral("'=' expected after %1").arg(key));
                continue;
            }
            value();
            skipSpaces(false);
            if (!atEnd() && peek() != u'\n')
                problem(QStringLiteral("text after the value of %1").arg(key));
            // A sub_resource is declared once its body is read (it may not name itself).
            if (peekSection())
                declarePending();
        }
        declarePending();
        const int resources = int(mSubIds.size() + mExtIds.size());
        if (resources > 0 && loadSteps != resources + 1)
            mProblems
                << QStringLiteral("load_steps %1, expected %2").arg(loadSteps).arg(resources + 1);
        if (resources == 0 && loadSteps != -1)
            mProblems << QStringLiteral("load_steps without resources");
        if (mNodePaths.isEmpty())
            mProblems << QStringLiteral("no node");
    }

    /// Whether the next non-blank line starts a section.
    bool peekSection() const {
        qsizetype p = mPos;
        while (p < mText.size() && mText[p].isSpace())
            ++p;
        return p >= mText.size() || mText[p] == u'[';
    }

    void declarePending() {
        if (!mPending.isEmpty() && !mPendingExternal)
            mSubIds.insert(mPending);
        mPending.clear();
    }

    const QString mText;
    qsizetype mPos = 0;
    int mLine = 1;
    QStringList mProblems;
    QSet<QString> mSubIds, mExtIds, mNodePaths;
    QString mPending;
    bool mPendingExternal = false;
};

/// Names and values that stress the writer's escaping and sanitising.
DocumentData awkwardDocument() {
    DocumentData document = sampleDocument();
    Sprite &sprite = document.sprites[0];
    sprite.name = QStringLiteral("knight: \"left\" / 50% @home.v2");
    Frame &frame = sprite.frames[0];
    frame.name = QStringLiteral("attack.2/wind:up");
    frame.shapes[0].id = QStringLiteral("blade \"sharp\" \\ 100%");
    frame.shapes[0].properties.insert(QStringLiteral("note"),
                                      QStringLiteral("line one\nline \"two\" \\ tab\tend"));
    frame.shapes[0].properties.insert(QStringLiteral("damage"), 12);
    frame.shapes[0].properties.insert(QStringLiteral("ratio"), 0.125);
    frame.shapes[0].properties.insert(QStringLiteral("heavy"), true);
    frame.shapes[0].properties.insert(QStringLiteral("ünïcode ✓"), QStringLiteral("é ✓ 漢"));
    return document;
}

/// Three timed frames with an image and origins: the SpriteFrames, AtlasTextures and tracks.
DocumentData animatedDocument() {
    DocumentData document = sampleDocument();
    Sprite &sprite = document.sprites[0];
    sprite.image = QStringLiteral("sheet.png");
    sprite.duration = 80;
    Frame second = sprite.frames[0];
    second.name = QStringLiteral("second");
    second.source = QRectF(128, 0, 64, 64);
    second.origin = QPointF(30, 58);
    second.duration = 120;
    Frame third = second;
    third.name = QStringLiteral("third");
    third.shapes.removeFirst();
    sprite.frames << second << third;
    return document;
}

} // namespace

class TestGodotGrammar : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void checkerRejectsBrokenScenes_data();
    void checkerRejectsBrokenScenes();
    void exportsFollowTheGrammar_data();
    void exportsFollowTheGrammar();
};

// The checker itself fails where Godot would refuse or misread a scene.
void TestGodotGrammar::checkerRejectsBrokenScenes_data() {
    QTest::addColumn<QString>("scene");
    QTest::addColumn<QString>("problem");
    const QString good = QStringLiteral(
        "[gd_scene load_steps=2 format=3]\n\n"
        "[sub_resource type=\"CircleShape2D\" id=\"C_1\"]\nradius = 4.0\n\n"
        "[node name=\"root\" type=\"Node2D\"]\n\n"
        "[node name=\"a\" type=\"CollisionShape2D\" parent=\".\"]\n"
        "shape = SubResource(\"C_1\")\nmetadata/x = {\n\"k\": [1, \"\\\"q\\\"\"]\n}\n");
    QTest::newRow("good") << good << QString();
    QTest::newRow("load_steps") << QString(good).replace(QStringLiteral("load_steps=2"),
                                                         QStringLiteral("load_steps=3"))
                                << QStringLiteral("load_steps 3, expected 2");
    QTest::newRow("format 2") << QString(good).replace(QStringLiteral("format=3"),
                                                       QStringLiteral("format=2"))
                              << QStringLiteral("format is not 3");
    QTest::newRow("undeclared sub_resource")
        << QString(good).replace(QStringLiteral("SubResource(\"C_1\")"),
                                 QStringLiteral("SubResource(\"C_2\")"))
        << QStringLiteral("SubResource(\"C_2\") before its declaration");
    QTest::newRow("resource after a node")
        << QString(good) + QStringLiteral("\n[sub_resource type=\"A\" id=\"B\"]\n")
        << QStringLiteral("[sub_resource] out of order");
    QTest::newRow("unknown parent")
        << QString(good).replace(QStringLiteral("parent=\".\""), QStringLiteral("parent=\"x\""))
        << QStringLiteral("parent \"x\" of a is not a node above");
    QTest::newRow("reserved character")
        << QString(good).replace(QStringLiteral("name=\"a\""), QStringLiteral("name=\"a.b\""))
        << QStringLiteral("has . : @ / \" %");
    QTest::newRow("bad escape") << QString(good).replace(QStringLiteral("\\\"q"),
                                                         QStringLiteral("\\q"))
                                << QStringLiteral("unknown escape \\q");
    QTest::newRow("odd vector array")
        << QString(good).replace(QStringLiteral("radius = 4.0"),
                                 QStringLiteral("p = PackedVector2Array(1, 2, 3)"))
        << QStringLiteral("PackedVector2Array with 3 numbers");
    QTest::newRow("unquoted string")
        << QString(good).replace(QStringLiteral("radius = 4.0"), QStringLiteral("name = knight"))
        << QStringLiteral("unknown word knight");
    QTest::newRow("two roots") << QString(good).replace(QStringLiteral(" parent=\".\""), QString())
                               << QStringLiteral("a second root node a");
}

void TestGodotGrammar::checkerRejectsBrokenScenes() {
    QFETCH(QString, scene);
    QFETCH(QString, problem);
    const QStringList problems = TscnChecker(scene).problems();
    if (problem.isEmpty())
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(u'\n')));
    else
        QVERIFY2(problems.join(u'\n').contains(problem), qPrintable(problems.join(u'\n')));
}

void TestGodotGrammar::exportsFollowTheGrammar_data() {
    QTest::addColumn<DocumentData>("document");
    QTest::addColumn<int>("nodes"); // at least
    QTest::newRow("sample") << sampleDocument() << 10;
    QTest::newRow("awkward names and properties") << awkwardDocument() << 10;
    QTest::newRow("animated, with an image") << animatedDocument() << 14;
    const ReadResult knight =
        format("hitsmith")
            ->read(readBytes(QDir(env("HITSMITH_SOURCE_DIR"))
                                 .filePath(QStringLiteral("examples/knight.json"))),
                   {});
    QVERIFY2(knight.isOk(), qPrintable(knight.error));
    QTest::newRow("examples/knight.json") << *knight.document << 20;
}

void TestGodotGrammar::exportsFollowTheGrammar() {
    QFETCH(DocumentData, document);
    QFETCH(int, nodes);
    const WriteResult written = format("godot")->write(document, {}, {});
    QVERIFY2(written.isOk(), qPrintable(written.error));
    const TscnChecker checker(QString::fromUtf8(written.bytes));
    QVERIFY2(checker.problems().isEmpty(), qPrintable(checker.problems().join(u'\n')));
    QVERIFY2(checker.nodeCount() >= nodes, qPrintable(QString::number(checker.nodeCount())));
    QVERIFY(checker.resourceCount() > 0);
}

QTEST_GUILESS_MAIN(TestGodotGrammar)
#include "tst_formats_godotgrammar.moc"
