#include "godottext.h"

#include <QCoreApplication>
#include <QSet>

#include <cmath>
#include <limits>

namespace hitsmith::godot {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("hitsmith::godot", text);
}

/// Nesting deeper than this is refused rather than risking the stack on hostile input.
constexpr int kMaxDepth = 64;

class Parser {
public:
    explicit Parser(const QString &text)
        : mText(text) {}

    QList<Section> parseAll() {
        QList<Section> sections;
        for (;;) {
            skipSpaceAndComments();
            if (atEnd())
                break;
            if (peek() == u'[') {
                sections.append(parseSectionHeader());
                continue;
            }
            if (sections.isEmpty())
                fail(tr("expected a [section] header such as [gd_scene ...]"));
            const QString key = parseKey();
            skipInlineSpace();
            expect(u'=');
            Value value = parseValue(0);
            sections.last().properties.append({key, std::move(value)});
        }
        return sections;
    }

private:
    bool atEnd() const { return mPos >= mText.size(); }
    QChar peek() const { return atEnd() ? QChar() : mText[mPos]; }
    void advance() {
        if (mText[mPos] == u'\n') {
            ++mLine;
            mLineStart = mPos + 1;
        }
        ++mPos;
    }
    [[noreturn]] void fail(const QString &message) const {
        throw ParseError{mLine, int(mPos - mLineStart) + 1, message};
    }
    void expect(QChar c) {
        skipSpaceAndComments();
        if (peek() != c)
            fail(atEnd() ? tr("expected '%1' but the file ends (truncated?)").arg(c)
                         : tr("expected '%1', found '%2'").arg(c, peek()));
        advance();
    }
    void skipInlineSpace() {
        while (!atEnd() && (peek() == u' ' || peek() == u'\t' || peek() == u'\r'))
            advance();
    }
    void skipSpaceAndComments() {
        while (!atEnd()) {
            if (peek().isSpace()) {
                advance();
            } else if (peek() == u';') {
                while (!atEnd() && peek() != u'\n')
                    advance();
            } else {
                break;
            }
        }
    }

    Section parseSectionHeader() {
        Section section;
        section.line = mLine;
        advance(); // [
        section.tag = parseIdentifier();
        if (section.tag.isEmpty())
            fail(tr("expected a section name after '['"));
        for (;;) {
            skipSpaceAndComments();
            if (atEnd())
                fail(tr("section [%1 is not closed (truncated?)").arg(section.tag));
            if (peek() == u']') {
                advance();
                break;
            }
            const QString name = parseIdentifier();
            if (name.isEmpty())
                fail(tr("expected an attribute name in [%1 ...]").arg(section.tag));
            expect(u'=');
            section.attributes.append({name, parseValue(0)});
        }
        return section;
    }

    QString parseIdentifier() {
        const qsizetype start = mPos;
        while (!atEnd() && (peek().isLetterOrNumber() || peek() == u'_'))
            advance();
        return mText.mid(start, mPos - start);
    }

    /// A property key runs to the '=' on its line ("0:0/0/physics_layer_0/polygon_0/points").
    QString parseKey() {
        if (peek() == u'"') {
            Value v = parseString();
            return v.text;
        }
        const qsizetype start = mPos;
        while (!atEnd() && peek() != u'=' && peek() != u'\n')
            advance();
        if (peek() != u'=')
            fail(tr("expected \"key = value\""));
        return mText.mid(start, mPos - start).trimmed();
    }

    Value parseString() {
        advance(); // opening quote
        Value value;
        value.kind = Value::String;
        QString text;
        for (;;) {
            if (atEnd())
                fail(tr("unterminated string (truncated?)"));
            const QChar c = peek();
            advance();
            if (c == u'"')
                break;
            if (c == u'\\') {
                if (atEnd())
                    fail(tr("unterminated string (truncated?)"));
                const QChar e = peek();
                advance();
                switch (e.unicode()) {
                case 'n':
                    text += u'\n';
                    break;
                case 't':
                    text += u'\t';
                    break;
                case 'r':
                    text += u'\r';
                    break;
                case 'b':
                    text += u'\b';
                    break;
                case 'f':
                    text += u'\f';
                    break;
                case 'u':
                case 'U': { // Godot: \uXXXX (surrogate halves pair up) or \UXXXXXX
                    const int length = e == u'u' ? 4 : 6;
                    const QString hex = mText.mid(mPos, length);
                    bool ok = hex.size() == length;
                    for (QChar h : hex)
                        ok = ok && isHexDigit(h);
                    const uint code = hex.toUInt(nullptr, 16);
                    if (!ok || code > 0x10FFFF)
                        fail(tr("bad \\%1 escape in string").arg(e));
                    for (int i = 0; i < length; ++i)
                        advance();
                    if (code > 0xFFFF) {
                        const char32_t wide = code;
                        text += QString::fromUcs4(&wide, 1);
                    } else {
                        text += QChar(char16_t(code));
                    }
                    break;
                }
                default:
                    text += e;
                }
            } else {
                text += c;
            }
        }
        value.text = text;
        return value;
    }

    Value parseNumber() {
        const qsizetype start = mPos;
        if (peek() == u'-' || peek() == u'+')
            advance();
        while (!atEnd() &&
               (peek().isDigit() || peek() == u'.' || peek() == u'e' || peek() == u'E' ||
                ((peek() == u'-' || peek() == u'+') &&
                 (mText[mPos - 1] == u'e' || mText[mPos - 1] == u'E'))))
            advance();
        const QString token = mText.mid(start, mPos - start);
        bool ok = false;
        Value value;
        value.kind = Value::Number;
        value.number = token.toDouble(&ok);
        if (ok && !token.contains(u'.') && !token.contains(u'e') && !token.contains(u'E')) {
            // Godot's VariantParser reads a number without a point or exponent as an int.
            bool fits = false;
            value.integer = token.toLongLong(&fits);
            value.integral = fits;
        }
        if (!ok) {
            // "-inf" and such: keep the words Godot writes, refuse the rest.
            const QString word = parseIdentifier();
            if ((token == QLatin1String("-") || token == QLatin1String("+")) &&
                word == QLatin1String("inf"))
                value.number = token == QLatin1String("-")
                                   ? -std::numeric_limits<double>::infinity()
                                   : std::numeric_limits<double>::infinity();
            else
                fail(tr("\"%1\" is not a number").arg(token + word));
        }
        return value;
    }

    Value parseValue(int depth) {
        if (depth > kMaxDepth)
            fail(tr("values nested more than %1 deep").arg(kMaxDepth));
        skipSpaceAndComments();
        if (atEnd())
            fail(tr("expected a value but the file ends (truncated?)"));
        const QChar c = peek();
        if (c == u'"')
            return parseString();
        if (c == u'&' || c == u'^' || c == u'@') { // StringName &"x" (Godot 3: @"x"), NodePath ^"x"
            advance();
            if (peek() != u'"')
                fail(tr("expected a string after '%1'").arg(c));
            return parseString();
        }
        if (c.isDigit() || c == u'-' || c == u'+' || c == u'.')
            return parseNumber();
        if (c == u'#') { // a colour token, #rrggbb[aa]: kept as its text
            const qsizetype start = mPos;
            advance();
            while (!atEnd() && isHexDigit(peek()))
                advance();
            Value value;
            value.kind = Value::String;
            value.text = mText.mid(start, mPos - start);
            return value;
        }
        if (c == u'[') {
            advance();
            Value value;
            value.kind = Value::Array;
            parseList(value.items, u']', depth);
            return value;
        }
        if (c == u'{') {
            advance();
            Value value;
            value.kind = Value::Dictionary;
            for (;;) {
                skipSpaceAndComments();
                if (peek() == u'}') {
                    advance();
                    break;
                }
                value.items.append(parseValue(depth + 1));
                expect(u':');
                value.items.append(parseValue(depth + 1));
                skipSpaceAndComments();
                if (peek() == u',') {
                    advance();
                } else if (peek() != u'}') {
                    fail(atEnd() ? tr("dictionary not closed (truncated?)")
                                 : tr("expected ',' or '}' in a dictionary"));
                }
            }
            return value;
        }
        if (c.isLetter() || c == u'_') {
            const QString word = parseIdentifier();
            Value value;
            if (word == QLatin1String("true") || word == QLatin1String("false")) {
                value.kind = Value::Bool;
                value.boolean = word == QLatin1String("true");
                return value;
            }
            if (word == QLatin1String("null") || word == QLatin1String("nil"))
                return value;
            if (word == QLatin1String("nan") || word == QLatin1String("inf") ||
                word == QLatin1String("inf_neg")) {
                value.kind = Value::Number;
                value.number =
                    word == QLatin1String("nan")   ? std::numeric_limits<double>::quiet_NaN()
                    : word == QLatin1String("inf") ? std::numeric_limits<double>::infinity()
                                                   : -std::numeric_limits<double>::infinity();
                return value;
            }
            skipSpaceAndComments();
            if (peek() == u'[' &&
                (word == QLatin1String("Array") || word == QLatin1String("Dictionary")))
                return parseTyped(word, depth);
            if (peek() != u'(')
                fail(tr("unknown word \"%1\" (expected a value)").arg(word.left(40)));
            if (word == QLatin1String("Object"))
                return parseObject(depth);
            advance();
            value.kind = Value::Call;
            value.text = word;
            parseList(value.items, u')', depth);
            return value;
        }
        fail(tr("unexpected '%1' (expected a value)").arg(c));
    }

    static bool isHexDigit(QChar c) {
        return c.isDigit() || (c >= u'a' && c <= u'f') || (c >= u'A' && c <= u'F');
    }

    /// One element type of a typed container: a built-in or class name (String, Node), or a
    /// script given as ExtResource("1") / SubResource("x") / Resource("res://...").
    QString parseElementType(int depth) {
        skipSpaceAndComments();
        const QString name = parseIdentifier();
        if (name.isEmpty() || name[0].isDigit())
            fail(tr("expected a type name in a typed Array or Dictionary"));
        skipSpaceAndComments();
        if (peek() == u'(' &&
            (name == QLatin1String("ExtResource") || name == QLatin1String("SubResource") ||
             name == QLatin1String("Resource"))) {
            advance();
            QList<Value> arguments;
            parseList(arguments, u')', depth);
            return name + u'(' + (arguments.isEmpty() ? QString() : arguments[0].argumentText()) +
                   u')';
        }
        return name;
    }

    /// Godot 4's typed containers: Array[T]([...]) and Dictionary[K, V]({...}). The value is
    /// the plain Array or Dictionary; text keeps the element type(s), which nothing here needs.
    Value parseTyped(const QString &word, int depth) {
        const bool isArray = word == QLatin1String("Array");
        advance(); // [
        QString type = parseElementType(depth);
        if (!isArray) {
            expect(u',');
            type += QLatin1String(", ") + parseElementType(depth);
        }
        expect(u']');
        expect(u'(');
        skipSpaceAndComments();
        const QChar open = isArray ? u'[' : u'{';
        if (peek() != open)
            fail(tr("expected '%1' after %2[%3](").arg(open, word, type));
        Value value = parseValue(depth + 1);
        value.text = type;
        expect(u')');
        return value;
    }

    /// Object(Class, "property": value, ...): read and kept as a Call named "Object" whose items
    /// are the class name, then each property name and value.
    Value parseObject(int depth) {
        advance(); // (
        Value value;
        value.kind = Value::Call;
        value.text = QStringLiteral("Object");
        skipSpaceAndComments();
        Value type;
        type.kind = Value::String;
        type.text = parseIdentifier();
        if (type.text.isEmpty())
            fail(tr("expected a class name in Object(...)"));
        value.items.append(type);
        for (;;) {
            skipSpaceAndComments();
            if (peek() == u')') {
                advance();
                return value;
            }
            expect(u',');
            skipSpaceAndComments();
            if (peek() == u')') // Godot accepts no trailing comma here, but nothing is lost
                continue;
            if (peek() != u'"')
                fail(atEnd() ? tr("Object(...) not closed (truncated?)")
                             : tr("expected a property name string in Object(...)"));
            value.items.append(parseString());
            expect(u':');
            value.items.append(parseValue(depth + 1));
        }
    }

    void parseList(QList<Value> &items, QChar close, int depth) {
        for (;;) {
            skipSpaceAndComments();
            if (peek() == close) {
                advance();
                return;
            }
            items.append(parseValue(depth + 1));
            skipSpaceAndComments();
            if (peek() == u',') {
                advance();
            } else if (peek() != close) {
                fail(atEnd() ? tr("'%1' missing: the file ends (truncated?)").arg(close)
                             : tr("expected ',' or '%1', found '%2'").arg(close, peek()));
            }
        }
    }

    const QString &mText;
    qsizetype mPos = 0;
    int mLine = 1;
    qsizetype mLineStart = 0;
};

} // namespace

QList<double> Value::numbers(bool *ok) const {
    QList<double> result;
    *ok = kind == Array || kind == Call;
    for (const Value &item : items) {
        if (item.kind != Number) {
            *ok = false;
            return {};
        }
        result.append(item.number);
    }
    return result;
}

QString Value::argumentText() const {
    if (kind == String)
        return text;
    if (kind == Call && items.size() == 1) {
        const Value &arg = items.first();
        if (arg.kind == String)
            return arg.text;
        if (arg.kind == Number)
            return QString::number(arg.number, 'g', 17);
    }
    if (kind == Number)
        return QString::number(number, 'g', 17);
    return {};
}

Value Section::attribute(const QString &name) const {
    for (const auto &pair : attributes) {
        if (pair.first == name)
            return pair.second;
    }
    return {};
}

const Value *Section::property(const QString &name) const {
    for (const auto &pair : properties) {
        if (pair.first == name)
            return &pair.second;
    }
    return nullptr;
}

QString ParseError::toString() const {
    return tr("line %1, column %2: %3").arg(line).arg(column).arg(message);
}

QList<Section> parse(const QString &text) {
    return Parser(text).parseAll();
}

namespace {

void collectSubResourceIds(const Value &value, QSet<QString> *ids) {
    if (value.kind == Value::Call && value.text == QLatin1String("SubResource"))
        ids->insert(value.argumentText());
    // A typed container's element type may be a built-in script: Array[SubResource("x")].
    if ((value.kind == Value::Array || value.kind == Value::Dictionary) && !value.text.isEmpty()) {
        for (const QString &type : value.text.split(QStringLiteral(", "))) {
            if (type.startsWith(QLatin1String("SubResource(")) && type.endsWith(u')'))
                ids->insert(type.mid(12, type.size() - 13));
        }
    }
    for (const Value &item : value.items)
        collectSubResourceIds(item, ids);
}

} // namespace

const Section *firstUnusedSubResource(const QList<Section> &sections) {
    QSet<QString> used;
    for (const Section &section : sections) {
        for (const auto &attribute : section.attributes)
            collectSubResourceIds(attribute.second, &used);
        for (const auto &property : section.properties)
            collectSubResourceIds(property.second, &used);
    }
    for (const Section &section : sections) {
        if (section.tag == QLatin1String("sub_resource") &&
            !used.contains(section.attribute(QStringLiteral("id")).argumentText()))
            return &section;
    }
    return nullptr;
}

} // namespace hitsmith::godot
