// The fast path of the native reader: simdjson's DOM parser, and shapes read straight from it.
//
// It must give exactly what the reference reader (Qt's parser + hitsmithformat.cpp) gives, or
// nothing: on any parse or schema error, and on any input whose reading through Qt it cannot
// vouch for, it gives up (Bail) and the reference reads the text again and words the message.
// What it gives up on, and why (each checked against Qt 6.4 by tst_model_fastreader):
// - duplicate keys (which one Qt keeps is Qt's business);
// - a text that may hold a literal that underflows to zero ("1e-999", or a fraction with a long
//   run of zeros): Qt refuses those, simdjson reads 0 (mayUnderflow, checked before parsing; a
//   real zero, "0.0", "-0", "0e5", reads as Qt reads it, the integer 0);
// - integers beyond 64 bits, numbers out of double's range (simdjson refuses them anyway);
// - nesting deeper than kMostDepth in unknown fields (Qt has its own limit).
// Whole numbers are kept as Qt keeps them: an integer literal that fits 64 bits as an integer,
// anything else as a double; both read the same through toDouble().

#include "hitsmithreading.h"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <unordered_map>

namespace hitsmith::native {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

/// Thrown to leave the fast path; the reference reader then reads the text.
struct Bail {};

constexpr int kMostDepth = 200;

QString text(std::string_view s) {
    // QString::fromUtf8 drops a byte-order mark that starts the text; a string's is its own.
    if (s.starts_with("\xEF\xBB\xBF")) [[unlikely]]
        return QChar(0xFEFF) + text(s.substr(3));
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

/// A double the reference reads the same (see the top of the file), or Bail. A zero is a zero
/// literal here (mayUnderflow ruled out the others), and Qt reads every spelling of it ("0.0",
/// "-0.0", "-0E-5") as the integer 0: +0. Subnormals read the same in both (correctly rounded).
double checkedDouble(double d) {
    if (!std::isfinite(d))
        throw Bail{};
    return d == 0 ? 0.0 : d;
}

/// The first significant digits of 2^-1075, half the smallest subnormal double (2.47...e-324).
/// A literal whose digits go on past these is decided as an underflow: never worth exactness.
constexpr std::string_view kHalfSmallest = "24703282292062327208828439643411068618252990130716";

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

/// Whether the JSON number literal that covers `at` (if any) may underflow to zero: the power of
/// ten of its first significant digit is -324 or less (10^-323 and above read as a nonzero
/// double; below 10^-324 as zero; between, it is not worth deciding). A zero literal does not.
bool literalMayUnderflow(std::string_view text, std::size_t at) {
    std::size_t begin = at;
    while (begin > 0 &&
           (isDigit(text[begin - 1]) || text[begin - 1] == '.' || text[begin - 1] == 'e' ||
            text[begin - 1] == 'E' || text[begin - 1] == '-' || text[begin - 1] == '+'))
        --begin;
    std::size_t i = begin;
    if (i < text.size() && text[i] == '-')
        ++i;
    long long firstSignificant = 0; // the power of ten of the first nonzero digit, if any
    bool significant = false;
    std::string digits; // the significant digits, up to kHalfSmallest's length
    const auto keep = [&](char c) {
        if (digits.size() < kHalfSmallest.size() + 1)
            digits.push_back(c);
    };
    const std::size_t integerBegin = i;
    while (i < text.size() && isDigit(text[i]))
        ++i;
    const std::size_t integerEnd = i;
    for (std::size_t d = integerBegin; d < integerEnd; ++d) {
        if (!significant && text[d] != '0') {
            significant = true;
            firstSignificant = static_cast<long long>(integerEnd - d) - 1;
        }
        if (significant)
            keep(text[d]);
    }
    if (i < text.size() && text[i] == '.') {
        ++i;
        for (long long place = -1; i < text.size() && isDigit(text[i]); ++i, --place) {
            if (!significant && text[i] != '0') {
                significant = true;
                firstSignificant = place;
            }
            if (significant)
                keep(text[i]);
        }
    }
    if (!significant)
        return false; // a zero, or no number at all
    long long exponent = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool negative = false;
        if (i < text.size() && (text[i] == '-' || text[i] == '+'))
            negative = text[i++] == '-';
        for (; i < text.size() && isDigit(text[i]); ++i)
            exponent = std::min<long long>(exponent * 10 + (text[i] - '0'), 1'000'000);
        if (negative)
            exponent = -exponent;
    }
    const long long power = firstSignificant + exponent;
    if (power != -324)
        return power < -324;
    // d.ddd...e-324 reads as the smallest subnormal when above half of it (2^-1075), else 0.
    while (!digits.empty() && digits.back() == '0')
        digits.pop_back();
    return digits.size() > kHalfSmallest.size() || digits <= kHalfSmallest;
}

/// Whether the text may hold a number literal that underflows to zero, which Qt refuses and
/// simdjson reads as 0. Such a literal needs a negative decimal exponent past 300 in all: an
/// exponent "e-N" with N >= 280, or a run of 20 or more zeros (in a fraction before its first
/// other digit). Each such place is then looked at as a literal (literalMayUnderflow). A string
/// that looks like one only costs the reference reader's reading.
bool mayUnderflow(std::string_view text) {
    constexpr std::string_view kZeros = "00000000000000000000";
    for (std::size_t at = text.find(kZeros); at != std::string_view::npos;
         at = text.find(kZeros, at + kZeros.size())) {
        if (literalMayUnderflow(text, at))
            return true;
        while (at < text.size() && text[at] == '0')
            ++at;
    }
    for (std::size_t at = text.find('-'); at != std::string_view::npos;
         at = text.find('-', at + 1)) {
        if (at < 2 || (text[at - 1] != 'e' && text[at - 1] != 'E'))
            continue;
        if (!(isDigit(text[at - 2]) || text[at - 2] == '.'))
            continue;
        int exponent = 0;
        for (std::size_t i = at + 1; i < text.size() && isDigit(text[i]); ++i) {
            exponent = std::min(exponent * 10 + (text[i] - '0'), 1'000'000);
        }
        if (exponent >= 280 && literalMayUnderflow(text, at))
            return true;
    }
    return false;
}

QJsonValue toJson(element e, int depth);

QJsonObject toJsonObject(object o, int depth) {
    if (depth > kMostDepth)
        throw Bail{};
    QJsonObject out;
    for (const auto field : o) {
        const QString key = text(field.key);
        if (out.contains(key))
            throw Bail{};
        out.insert(key, toJson(field.value, depth + 1));
    }
    return out;
}

QJsonArray toJsonArray(array a, int depth) {
    if (depth > kMostDepth)
        throw Bail{};
    QJsonArray out;
    for (const element item : a)
        out.append(toJson(item, depth + 1));
    return out;
}

/// What Qt's parser makes of the value.
QJsonValue toJson(element e, int depth) {
    switch (e.type()) {
    case element_type::OBJECT:
        return toJsonObject(object(e), depth);
    case element_type::ARRAY:
        return toJsonArray(array(e), depth);
    case element_type::STRING:
        return text(std::string_view(e));
    case element_type::INT64:
        return QJsonValue(qint64(int64_t(e)));
    case element_type::UINT64: // beyond qint64: Qt reads the literal as a double
        return QJsonValue(double(uint64_t(e)));
    case element_type::DOUBLE: {
        const double d = checkedDouble(double(e));
        // Qt keeps a whole double that fits 64 bits as an integer ("1.0", "1e18").
        if (d == std::floor(d) && d >= -0x1p63 && d < 0x1p63)
            return QJsonValue(qint64(d));
        return QJsonValue(d);
    }
    case element_type::BOOL:
        return QJsonValue(bool(e));
    case element_type::NULL_VALUE:
        return QJsonValue(QJsonValue::Null);
    }
    throw Bail{};
}

/// A number as Cursor::number() reads it (finite), or Bail.
double number(element e) {
    switch (e.type()) {
    case element_type::INT64:
        return double(int64_t(e));
    case element_type::UINT64:
        return double(uint64_t(e));
    case element_type::DOUBLE:
        return checkedDouble(double(e));
    default:
        throw Bail{};
    }
}

/// [x, y] as Cursor::point() reads it, or Bail.
QPointF point(element e) {
    array pair;
    if (e.get_array().get(pair) != simdjson::SUCCESS)
        throw Bail{};
    auto it = pair.begin();
    if (it == pair.end())
        throw Bail{};
    const double x = number(*it);
    if (++it == pair.end())
        throw Bail{};
    const double y = number(*it);
    if (++it != pair.end())
        throw Bail{};
    return {x, y};
}

std::string_view string(element e) {
    std::string_view s;
    if (e.get_string().get(s) != simdjson::SUCCESS)
        throw Bail{};
    return s;
}

/// One QString for each distinct text it is given: shape ids, frame names and layer names repeat
/// from frame to frame ("rect", "rect-2", "1", "hitbox"), and shared they cost one conversion
/// and one allocation instead of one per shape (and as many frees when the document goes).
/// The texts are views into the parser's document, which outlives the interner. Unless told to
/// keep every text, it gives up when texts stop repeating (a document whose ids all differ),
/// where the table would only cost.
class Interner {
public:
    explicit Interner(bool mayGiveUp)
        : mMayGiveUp(mayGiveUp) {}

    QString operator()(std::string_view utf8) {
        if (mGaveUp)
            return text(utf8);
        if (utf8 == mLastUtf8)
            return mLast; // a frame's layer names mostly come one after the other
        auto known = mKnown.find(utf8);
        if (known == mKnown.end()) {
            if (mMayGiveUp && ++mMisses > kTrial && mMisses > mHits) {
                mGaveUp = true;
                mKnown = {};
                mLastUtf8 = {};
                return text(utf8);
            }
            known = mKnown.emplace(utf8, text(utf8)).first;
        } else {
            ++mHits;
        }
        mLastUtf8 = known->first;
        mLast = known->second;
        return mLast;
    }

private:
    static constexpr int kTrial = 4096;
    std::unordered_map<std::string_view, QString> mKnown;
    std::string_view mLastUtf8;
    QString mLast;
    bool mMayGiveUp;
    bool mGaveUp = false;
    int mHits = 0;
    int mMisses = 0;
};

/// What one document's reading shares.
struct Names {
    Interner layers{false}; // never gives up: the collision service counts on shared layers
    Interner texts{true};   // shape ids and frame names
};

/// A "properties" object as readProperties reads it (names not empty; numbers, strings and
/// booleans only), or Bail.
QJsonObject properties(element e, int depth) {
    object o;
    if (e.get_object().get(o) != simdjson::SUCCESS)
        throw Bail{};
    QJsonObject out;
    for (const auto field : o) {
        switch (field.value.type()) {
        case element_type::INT64:
        case element_type::UINT64:
        case element_type::DOUBLE:
        case element_type::STRING:
        case element_type::BOOL:
            break;
        default:
            throw Bail{};
        }
        if (field.key.empty())
            throw Bail{};
        const QString key = text(field.key);
        if (out.contains(key))
            throw Bail{};
        out.insert(key, toJson(field.value, depth + 1));
    }
    return out;
}

// The keys of a shape; bit i stands for kShapeKeys[i].
enum ShapeKey {
    Id,
    Layer,
    Type,
    Points,
    Center,
    Size,
    Angle,
    Radius,
    Position,
    Properties,
    Ends,
    KeyCount
};
constexpr std::string_view kShapeKeys[KeyCount] = {"id",       "layer",      "type",  "points",
                                                   "center",   "size",       "angle", "radius",
                                                   "position", "properties", "ends"};

int shapeKey(std::string_view key) {
    // By length first: five keys a shape, 100,000 shapes.
    const auto is = [&](ShapeKey k) { return key == kShapeKeys[k] ? int(k) : -1; };
    switch (key.size()) {
    case 2:
        return is(Id);
    case 4:
        return key[0] == 't' ? is(Type) : key[0] == 'e' ? is(Ends) : is(Size);
    case 5:
        return key[0] == 'l' ? is(Layer) : is(Angle);
    case 6:
        return key[0] == 'p' ? is(Points) : key[0] == 'c' ? is(Center) : is(Radius);
    case 8:
        return is(Position);
    case 10:
        return is(Properties);
    default:
        return -1;
    }
}

/// A shape as readShape reads it, into a default shape, or Bail.
void readShape(element e, Names &names, int depth, Shape &shape) {
    object o;
    if (e.get_object().get(o) != simdjson::SUCCESS)
        throw Bail{};
    element values[KeyCount];
    unsigned present = 0; // keys given and not null (Cursor::has), by bit
    unsigned seen = 0;    // keys given at all
    QJsonObject extra;
    for (const auto field : o) {
        const int key = shapeKey(field.key);
        if (key < 0) {
            const QString name = text(field.key);
            if (extra.contains(name))
                throw Bail{};
            extra.insert(name, toJson(field.value, depth + 1));
            continue;
        }
        if (seen & (1u << key))
            throw Bail{};
        seen |= 1u << key;
        values[key] = field.value;
        if (!field.value.is_null())
            present |= 1u << key;
    }
    const auto has = [&](ShapeKey key) { return (present & (1u << key)) != 0; };
    if (!has(Id) || !has(Type))
        throw Bail{};
    shape.id = names.texts(string(values[Id]));
    if (has(Layer))
        shape.layer = names.layers(string(values[Layer]));
    const std::string_view type = string(values[Type]);
    unsigned known = (1u << Id) | (1u << Layer) | (1u << Type) | (1u << Properties);
    if (type == "polygon") {
        shape.type = ShapeType::Polygon;
        array points;
        if (!has(Points) || values[Points].get_array().get(points) != simdjson::SUCCESS)
            throw Bail{};
        shape.points.reserve(qsizetype(points.size()));
        for (const element p : points)
            shape.points.append(point(p));
        known |= 1u << Points;
    } else if (type == "rect") {
        shape.type = ShapeType::Rect;
        if (!has(Center) || !has(Size))
            throw Bail{};
        shape.center = point(values[Center]);
        const QPointF size = point(values[Size]);
        shape.size = QSizeF(size.x(), size.y());
        if (has(Angle))
            shape.angle = number(values[Angle]);
        known |= (1u << Center) | (1u << Size) | (1u << Angle);
    } else if (type == "circle") {
        shape.type = ShapeType::Circle;
        if (!has(Center) || !has(Radius))
            throw Bail{};
        shape.center = point(values[Center]);
        shape.radius = number(values[Radius]);
        known |= (1u << Center) | (1u << Radius);
    } else if (type == "capsule") {
        shape.type = ShapeType::Capsule;
        array ends;
        if (!has(Ends) || !has(Radius) || values[Ends].get_array().get(ends) != simdjson::SUCCESS ||
            ends.size() != 2)
            throw Bail{};
        shape.points.reserve(2);
        for (const element p : ends)
            shape.points.append(point(p));
        shape.radius = number(values[Radius]);
        known |= (1u << Ends) | (1u << Radius);
    } else if (type == "point") {
        shape.type = ShapeType::Point;
        if (!has(Position))
            throw Bail{};
        shape.center = point(values[Position]);
        known |= 1u << Position;
    } else {
        throw Bail{};
    }
    if (has(Properties))
        shape.properties = properties(values[Properties], depth + 1);
    // A known key of another type ("angle" on a circle) is kept as unknown, as readShape does.
    for (int key = 0; key < KeyCount; ++key)
        if ((seen & (1u << key)) && !(known & (1u << key)))
            extra.insert(QLatin1StringView(kShapeKeys[key].data(), kShapeKeys[key].size()),
                         toJson(values[key], depth + 1));
    shape.extra = extra;
}

/// The object's members as Qt reads them, the one named bulky left out (or replaced by an empty
/// array, for the reference reader to find one); the bulky value itself in *bulk, nullopt when
/// absent.
QJsonObject withoutBulk(element e, std::string_view bulky, bool emptyArrayInstead,
                        std::optional<element> *bulk, int depth) {
    object o;
    if (e.get_object().get(o) != simdjson::SUCCESS)
        throw Bail{};
    QJsonObject out;
    bulk->reset();
    for (const auto field : o) {
        if (field.key == bulky) {
            if (*bulk)
                throw Bail{};
            *bulk = field.value;
            if (emptyArrayInstead)
                out.insert(text(field.key), QJsonArray());
            continue;
        }
        const QString key = text(field.key);
        if (out.contains(key))
            throw Bail{};
        out.insert(key, toJson(field.value, depth + 1));
    }
    return out;
}

/// The bulky array, or Bail.
array bulkArray(const std::optional<element> &bulk) {
    array list;
    if (!bulk || bulk->get_array().get(list) != simdjson::SUCCESS)
        throw Bail{};
    return list;
}

/// A duration as readDuration reads it (a whole number of milliseconds, > 0), or Bail.
int duration(element e) {
    const double ms = number(e);
    if (ms != std::floor(ms) || ms <= 0 || ms > std::numeric_limits<int>::max())
        throw Bail{};
    return int(ms);
}

// A frame's keys; bit i stands for kFrameKeys[i].
enum FrameKey { Name, Source, Origin, Duration, Motion, FrameProperties, Shapes, FrameKeyCount };
constexpr std::string_view kFrameKeys[FrameKeyCount] = {
    "name", "source", "origin", "duration", "motion", "properties", "shapes"};

int frameKey(std::string_view key) {
    for (int i = 0; i < FrameKeyCount; ++i)
        if (key == kFrameKeys[i])
            return i;
    return -1;
}

/// A frame as the reference reader reads it (native::readFrame), its own fields too: through
/// Qt's values they cost more than the frame's shapes here (a frame has a handful of shapes).
Frame readFrame(element e, Names &names, int depth) {
    object o;
    if (e.get_object().get(o) != simdjson::SUCCESS)
        throw Bail{};
    element values[FrameKeyCount];
    unsigned seen = 0;
    Frame frame;
    for (const auto field : o) {
        const int key = frameKey(field.key);
        if (key < 0) {
            const QString name = text(field.key);
            if (frame.extra.contains(name))
                throw Bail{};
            frame.extra.insert(name, toJson(field.value, depth + 1));
            continue;
        }
        if (seen & (1u << key))
            throw Bail{};
        seen |= 1u << key;
        values[key] = field.value;
    }
    // Cursor::has: given and not null; the name must be a string (null included).
    const auto has = [&](FrameKey key) {
        return (seen & (1u << key)) != 0 && !values[key].is_null();
    };
    if (!(seen & (1u << Name)))
        throw Bail{};
    frame.name = names.texts(string(values[Name]));
    if (has(Source)) {
        array source;
        if (values[Source].get_array().get(source) != simdjson::SUCCESS || source.size() != 4)
            throw Bail{};
        double v[4];
        int i = 0;
        for (const element n : source)
            v[i++] = number(n);
        frame.source = QRectF(v[0], v[1], v[2], v[3]);
    }
    if (has(Origin))
        frame.origin = point(values[Origin]);
    if (has(Duration))
        frame.duration = duration(values[Duration]);
    if (has(Motion))
        frame.motion = point(values[Motion]);
    if (has(FrameProperties))
        frame.properties = properties(values[FrameProperties], depth + 1);
    if (!has(Shapes))
        return frame; // absent or null: no shapes, as the reference reads it
    array list;
    if (values[Shapes].get_array().get(list) != simdjson::SUCCESS)
        throw Bail{};
    // Read in place: no shape moved into the list and destroyed after. (simdjson counts up to
    // 0xFFFFFF; more shapes than that cannot all be valid in a file under the size limit.)
    const std::size_t count = list.size();
    if (count >= 0xFFFFFF)
        throw Bail{};
    frame.shapes.resize(qsizetype(count));
    Shape *shape = frame.shapes.data();
    for (const element value : list)
        readShape(value, names, depth + 2, *shape++);
    return frame;
}

Sprite readSprite(element e, Names &names) {
    std::optional<element> frames;
    SharedNames unused; // the reference reads no shapes here: its frames come as []
    Sprite sprite =
        native::readSprite(json::Cursor(withoutBulk(e, "frames", true, &frames, 1)), unused);
    const array list = bulkArray(frames);
    sprite.frames.reserve(qsizetype(list.size()));
    for (const element frame : list)
        sprite.frames.append(readFrame(frame, names, 3));
    return sprite;
}

DocumentData readDocument(element root) {
    std::optional<element> sprites;
    DocumentData document =
        native::readDocument(json::Cursor(withoutBulk(root, "sprites", true, &sprites, 0)));
    Names names;
    const array list = bulkArray(sprites);
    document.sprites.reserve(qsizetype(list.size()));
    for (const element sprite : list)
        document.sprites.append(readSprite(sprite, names));
    return document;
}

} // namespace

std::optional<DocumentData> readDocumentQuickly(const QByteArray &input) {
    std::string_view bytes(input.constData(), std::size_t(input.size()));
    if (bytes.starts_with("\xEF\xBB\xBF"))
        bytes.remove_prefix(3);
    // A second mark is an error to Qt; simdjson might skip it.
    if (bytes.starts_with("\xEF\xBB\xBF"))
        return std::nullopt;
    // A NUL byte is refused before parsing, with its own message (engines::checkText).
    if (std::memchr(bytes.data(), 0, bytes.size()))
        return std::nullopt;
    if (mayUnderflow(bytes))
        return std::nullopt;
    // Text read by readWholeFile has the parser's padding allocated past its end: parsed in
    // place, not copied into a padded buffer first (12 MB and its page faults on a large file).
    const bool padded = input.capacity() - input.size() >= qsizetype(simdjson::SIMDJSON_PADDING);
    simdjson::dom::parser parser;
    element root;
    if (parser.parse(bytes.data(), bytes.size(), !padded).get(root) != simdjson::SUCCESS)
        return std::nullopt;
    try {
        return readDocument(root);
    } catch (const Bail &) {
        return std::nullopt;
    } catch (const json::SchemaError &) {
        return std::nullopt;
    }
}

bool saysItIsHitsmith(const QByteArray &input) {
    std::string_view bytes(input.constData(), std::size_t(input.size()));
    if (bytes.starts_with("\xEF\xBB\xBF"))
        bytes.remove_prefix(3);
    // simdjson's On-Demand parser: only the top level is read, every value but "format"'s
    // skipped over the structural index (a few milliseconds for 12 MB, where building Qt's
    // values took half a second). It need not check the rest: text that is not JSON is
    // sniffed as a native document too (its reader words the error).
    const qsizetype padding = input.capacity() - input.size();
    simdjson::padded_string copy;
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document document;
    const bool padded = padding >= qsizetype(simdjson::SIMDJSON_PADDING);
    if (!padded)
        copy = simdjson::padded_string(bytes);
    if ((padded ? parser.iterate(bytes.data(), bytes.size(), bytes.size() + std::size_t(padding))
                : parser.iterate(copy))
            .get(document) != simdjson::SUCCESS)
        return false;
    simdjson::ondemand::object root;
    if (document.get_object().get(root) != simdjson::SUCCESS)
        return false;
    int formats = 0;
    bool hitsmith = false;
    for (auto member : root) {
        std::string_view key;
        if (member.error() != simdjson::SUCCESS ||
            member.unescaped_key().get(key) != simdjson::SUCCESS)
            return false;
        if (key != "format")
            continue; // skipped by the next step of the loop
        std::string_view value;
        hitsmith =
            member.value().get_string().get(value) == simdjson::SUCCESS && value == "hitsmith";
        ++formats;
    }
    // Once, and not left to whichever of two a JSON parser keeps.
    return formats == 1 && hitsmith;
}

} // namespace hitsmith::native
