/* hitsmith.h - Hitsmith runtime loader for C and C++ games (runtimes/FORMAT.md), version 1.

   Single-header C99 (one file over 700 lines on purpose: a game copies one file). In exactly one
   C or C++ file:

       #define HITSMITH_IMPLEMENTATION
       #include "hitsmith.h"

   Loads the JSON that `hitsmith-cli export --format runtime` writes and answers what a game asks:
   the frame of a sprite at a time, where its shapes stand for a position and facing, and the hits
   between two placed frames - the same hits, depths and normals `hitsmith-cli versus` prints.

   - Memory: everything a runtime holds lives in a few blocks taken from HITSMITH_MALLOC and given
     back by hs_free(). Define HITSMITH_MALLOC(size, user) and HITSMITH_FREE(pointer, user) before
     the include to use your own allocator (`user` is the pointer given to hs_load_with). Queries
     allocate nothing.
   - No global state: runtimes are independent; a runtime is read-only after loading, so threads may
     query one runtime at once.
   - Errors: hs_load returns NULL and fills an hs_error (a code and a message naming where, as
     "sprites[0].frames[2].shapes[1].radius: must be a number > 0"). Truncated or hostile input
     never crashes, never loops: nesting is limited to HITSMITH_MAX_DEPTH levels, every number is
     checked, every size is checked before it is multiplied.
   - Needs the C library and libm (link with -lm).

   Coordinates are pixels, x right, y down; angles in degrees, positive clockwise on screen. */

#ifndef HITSMITH_H
#define HITSMITH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What went wrong while loading. */
typedef enum hs_result {
    HS_OK = 0,        /**< no error */
    HS_ERROR_MEMORY,  /**< the allocator returned NULL or a size overflowed */
    HS_ERROR_SYNTAX,  /**< not JSON (the message names the byte offset) */
    HS_ERROR_SCHEMA,  /**< JSON, but not a runtime file (the message names the path) */
    HS_ERROR_VERSION, /**< a runtime file of a version this loader does not read */
    HS_ERROR_ARGUMENT /**< a NULL or otherwise unusable argument */
} hs_result;

/** An error code and a message. */
typedef struct hs_error {
    hs_result code;    /**< HS_OK when there was none */
    char message[256]; /**< what and where, NUL-terminated */
} hs_error;

/** A 2D vector. */
typedef struct hs_vec2 {
    double x, y;
} hs_vec2;

/** Shape types. */
typedef enum hs_shape_type {
    HS_POLYGON = 0,
    HS_RECT = 1,
    HS_CIRCLE = 2,
    HS_CAPSULE = 3
} hs_shape_type;

/** Property value types. */
typedef enum hs_property_type {
    HS_PROPERTY_NUMBER,
    HS_PROPERTY_STRING,
    HS_PROPERTY_BOOL
} hs_property_type;

/** One game-data property: a number, a string or a boolean. */
typedef struct hs_property {
    const char *name;      /**< UTF-8 */
    hs_property_type type; /**< which value applies */
    double number;         /**< HS_PROPERTY_NUMBER */
    const char *string;    /**< HS_PROPERTY_STRING (UTF-8) */
    int boolean;           /**< HS_PROPERTY_BOOL: 0 or 1 */
} hs_property;

/** One collidable shape, origin-relative (as in the file). */
typedef struct hs_shape {
    const char *id;        /**< unique within its frame */
    const char *layer;     /**< layer name */
    hs_shape_type type;    /**< which fields apply */
    hs_vec2 center;        /**< rect, circle */
    hs_vec2 size;          /**< rect: full width and height */
    double angle;          /**< rect: degrees, clockwise on screen */
    double radius;         /**< circle, capsule */
    const hs_vec2 *points; /**< polygon vertices; capsule: its two ends */
    int point_count;       /**< polygon: >= 3; capsule: 2 */
    const hs_property *properties;
    int property_count;
} hs_shape;

/** A locator: a position only, never collides. */
typedef struct hs_point {
    const char *id;
    const char *layer;
    hs_vec2 position; /**< origin-relative */
    const hs_property *properties;
    int property_count;
} hs_point;

/** One animation frame. */
typedef struct hs_frame {
    const char *name;
    int duration_ms; /**< > 0 */
    int ticks;       /**< when the runtime has a tick rate, else -1 */
    double start_ms; /**< sum of the durations of the frames before it */
    hs_vec2 origin;  /**< pivot in the frame's image (for drawing) */
    hs_vec2 motion;  /**< root motion step when the frame starts */
    hs_vec2 root;    /**< root position: motion summed over frames 0..this one */
    const hs_shape *shapes;
    int shape_count;
    const int *shape_order; /**< shape indices sorted by id (byte order) */
    const hs_point *points;
    int point_count;
    const hs_property *properties;
    int property_count;
} hs_frame;

/** A named animation. */
typedef struct hs_sprite {
    const char *name;
    const hs_frame *frames;
    int frame_count;
    double total_ms; /**< sum of every frame's duration */
} hs_sprite;

/** An ordered (attacker layer, defender layer) pair. */
typedef struct hs_layer_pair {
    const char *attacker;
    const char *defender;
} hs_layer_pair;

/** A loaded runtime file; read-only. */
typedef struct hs_runtime {
    int version;               /**< 1 */
    double tick_rate;          /**< ticks per second, 0 when the file has none */
    const char *const *layers; /**< every layer name, sorted */
    int layer_count;
    const char *attack_layer;     /**< NULL when the document has none */
    const hs_layer_pair *collide; /**< unordered pairs; NULL when every pair collides */
    int collide_count;
    const hs_sprite *sprites;
    int sprite_count;
    void *internal_; /**< the memory blocks (private) */
    void *user_;     /**< the allocator's user pointer (private) */
} hs_runtime;

/** Facing: right is as drawn, left mirrors about the origin's vertical axis. */
typedef enum hs_facing { HS_FACING_RIGHT = 0, HS_FACING_LEFT = 1 } hs_facing;

/** A frame put somewhere: each origin-relative point p lands on
    (x + sx * (p.x + root.x), y + (p.y + root.y)), sx = -1 facing left. */
typedef struct hs_placement {
    const hs_frame *frame;
    double x, y;  /**< where the origin of the sprite's first frame stands */
    double sx;    /**< +1 facing right, -1 facing left */
    hs_vec2 root; /**< root offset added (zero without root motion) */
} hs_placement;

/** A hit: moving the defender's shape by depth * normal separates the pair. */
typedef struct hs_hit {
    int a; /**< attacker shape index in its frame */
    int b; /**< defender shape index in its frame */
    const char *a_id, *b_id;
    const char *a_layer, *b_layer;
    double depth;   /**< >= 0; 0 when touching */
    hs_vec2 normal; /**< unit length */
} hs_hit;

/** Loads a runtime file from text (UTF-8, need not be NUL-terminated); NULL on error (see error).
 */
hs_runtime *hs_load(const char *text, size_t length, hs_error *error);
/** hs_load with a user pointer handed to HITSMITH_MALLOC and HITSMITH_FREE. */
hs_runtime *hs_load_with(const char *text, size_t length, void *user, hs_error *error);
/** Frees a runtime (NULL is fine). */
void hs_free(hs_runtime *runtime);

/** The sprite with this name, or NULL. */
const hs_sprite *hs_find_sprite(const hs_runtime *runtime, const char *name);
/** The frame index showing at t_ms (looping; negative times loop back); -1 for a sprite
    without frames or a non-finite time. */
int hs_frame_at(const hs_sprite *sprite, double t_ms);
/** A frame placed with its sprite's first frame's origin at (x, y), facing; with_root adds the
    frame's root position (mirrored with the facing). */
hs_placement hs_place(const hs_sprite *sprite, int frame, double x, double y, hs_facing facing,
                      int with_root);
/** Where an origin-relative point lands under a placement. */
hs_vec2 hs_place_point(const hs_placement *placement, hs_vec2 p);

/** The hits between two placed frames, one way: attacker shape layer against defender shape
    layer, for the given ordered pairs, or with pairs == NULL the runtime's default (its attack
    layer against what the collide pairs pair it with; FORMAT.md section 4). Writes at most
    capacity hits sorted by (attacker id, defender id) and returns how many there are in all
    (which may be more than capacity). */
int hs_hits(const hs_runtime *runtime, const hs_placement *attacker, const hs_placement *defender,
            const hs_layer_pair *pairs, int pair_count, hs_hit *out, int capacity);

/** The versus question of `hitsmith-cli versus`: the attacker frame at (0, 0) facing right with
    its root motion, the defender frame's origin at (dx, dy) facing the attacker (mirrored) unless
    same_facing, without root motion. */
int hs_versus(const hs_runtime *runtime, const hs_sprite *attacker, int attacker_frame,
              const hs_sprite *defender, int defender_frame, double dx, double dy, int same_facing,
              const hs_layer_pair *pairs, int pair_count, hs_hit *out, int capacity);

/** Whether an attacker shape on layer a is tested against a defender shape on layer d. */
int hs_layers_allowed(const hs_runtime *runtime, const char *a, const char *d,
                      const hs_layer_pair *pairs, int pair_count);

#ifdef __cplusplus
}
#endif

#endif /* HITSMITH_H */

/* ---------------------------------------------------------------------------------------------- */

#ifdef HITSMITH_IMPLEMENTATION
#ifndef HITSMITH_IMPLEMENTATION_DONE
#define HITSMITH_IMPLEMENTATION_DONE

#include <float.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(HITSMITH_MALLOC) || !defined(HITSMITH_FREE)
#define HITSMITH_MALLOC(size, user) ((void)(user), malloc(size))
#define HITSMITH_FREE(pointer, user) ((void)(user), free(pointer))
#endif

#ifndef HITSMITH_MAX_DEPTH
#define HITSMITH_MAX_DEPTH 64
#endif

#define HS__TOUCH 1e-9
#define HS__MIN_EDGE 1e-12

/* ---- arena ------------------------------------------------------------------------------------
 */

typedef struct hs__block {
    struct hs__block *next;
    size_t used, size;
    double align_; /* keeps the data after the header aligned */
} hs__block;

typedef struct hs__arena {
    hs__block *head;
    void *user;
} hs__arena;

static void *hs__alloc(hs__arena *arena, size_t size) {
    hs__block *b = arena->head;
    size = (size + 15u) & ~(size_t)15u;
    if (size == 0)
        size = 16;
    if (!b || b->size - b->used < size) {
        size_t want = 65536;
        if (size > want - sizeof(hs__block)) {
            if (size > ((size_t)-1) / 2)
                return NULL;
            want = size + sizeof(hs__block);
        }
        b = (hs__block *)HITSMITH_MALLOC(want, arena->user);
        if (!b)
            return NULL;
        b->next = arena->head;
        b->used = 0;
        b->size = want - sizeof(hs__block);
        arena->head = b;
    }
    {
        void *p = (char *)(b + 1) + b->used;
        b->used += size;
        return p;
    }
}

static void *hs__alloc_array(hs__arena *arena, size_t count, size_t each) {
    if (each != 0 && count > ((size_t)-1) / 4 / each)
        return NULL;
    return hs__alloc(arena, count * each);
}

static void hs__arena_free(hs__arena *arena) {
    hs__block *b = arena->head;
    while (b) {
        hs__block *next = b->next;
        HITSMITH_FREE(b, arena->user);
        b = next;
    }
    arena->head = NULL;
}

/* ---- JSON reader: text -> tree of values in an arena ----------------------------------------- */

enum { HS__NULL, HS__FALSE, HS__TRUE, HS__NUMBER, HS__STRING, HS__ARRAY, HS__OBJECT };

typedef struct hs__value {
    int type;
    double number;
    const char *string;      /* HS__STRING: decoded UTF-8, NUL-terminated */
    size_t length;           /* string bytes, or child count */
    const char *key;         /* member key when inside an object */
    struct hs__value *child; /* first element or member */
    struct hs__value *next;  /* next sibling */
} hs__value;

typedef struct hs__parser {
    const char *p, *end, *begin;
    hs__arena *arena;
    hs_error *error;
    int failed;
    int overflow_is_infinite; /* 1e999 reads as infinity (as JSON.parse does), not an error */
} hs__parser;

static void hs__set_error(hs_error *error, hs_result code, const char *format, const char *a,
                          long b) {
    if (!error || error->code != HS_OK)
        return;
    error->code = code;
    snprintf(error->message, sizeof error->message, format, a ? a : "", b);
}

static void hs__syntax(hs__parser *ps, const char *what) {
    if (!ps->failed)
        hs__set_error(ps->error, HS_ERROR_SYNTAX, "JSON: %s at byte %ld", what,
                      (long)(ps->p - ps->begin));
    ps->failed = 1;
}

static void hs__memory(hs__parser *ps) {
    if (!ps->failed)
        hs__set_error(ps->error, HS_ERROR_MEMORY, "%sout of memory", "", 0);
    ps->failed = 1;
}

static void hs__skip_space(hs__parser *ps) {
    while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r'))
        ++ps->p;
}

static int hs__hex(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int hs__read_hex4(hs__parser *ps, unsigned long *out) {
    int i;
    unsigned long v = 0;
    if (ps->end - ps->p < 4) {
        hs__syntax(ps, "truncated \\u escape");
        return 0;
    }
    for (i = 0; i < 4; ++i) {
        const int h = hs__hex((unsigned char)ps->p[i]);
        if (h < 0) {
            hs__syntax(ps, "bad \\u escape");
            return 0;
        }
        v = v * 16 + (unsigned long)h;
    }
    ps->p += 4;
    *out = v;
    return 1;
}

/* Reads a string starting at the opening quote; the decoded text goes into the arena. */
static const char *hs__parse_string(hs__parser *ps, size_t *length) {
    const char *start = ++ps->p, *q;
    char *out, *w;
    size_t raw = 0;
    /* First pass: find the end (escapes never make a string longer). */
    for (q = start; q < ps->end && *q != '"'; ++q) {
        if (*q == '\\') {
            if (++q >= ps->end)
                break;
        }
    }
    if (q >= ps->end) {
        hs__syntax(ps, "unterminated string");
        return NULL;
    }
    raw = (size_t)(q - start);
    out = (char *)hs__alloc(ps->arena, raw + 1);
    if (!out) {
        hs__memory(ps);
        return NULL;
    }
    w = out;
    while (ps->p < q) {
        const unsigned char c = (unsigned char)*ps->p;
        if (c < 0x20) {
            hs__syntax(ps, "control character in string");
            return NULL;
        }
        if (c != '\\') {
            *w++ = (char)c;
            ++ps->p;
            continue;
        }
        ++ps->p;
        switch (*ps->p++) {
        case '"':
            *w++ = '"';
            break;
        case '\\':
            *w++ = '\\';
            break;
        case '/':
            *w++ = '/';
            break;
        case 'b':
            *w++ = '\b';
            break;
        case 'f':
            *w++ = '\f';
            break;
        case 'n':
            *w++ = '\n';
            break;
        case 'r':
            *w++ = '\r';
            break;
        case 't':
            *w++ = '\t';
            break;
        case 'u': {
            unsigned long cp;
            if (!hs__read_hex4(ps, &cp))
                return NULL;
            if (cp >= 0xDC00 && cp <= 0xDFFF) {
                hs__syntax(ps, "lone low surrogate in \\u escape");
                return NULL;
            }
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned long lo;
                if (q - ps->p < 6 || ps->p[0] != '\\' || ps->p[1] != 'u') {
                    hs__syntax(ps, "lone high surrogate in \\u escape");
                    return NULL;
                }
                ps->p += 2;
                if (!hs__read_hex4(ps, &lo))
                    return NULL;
                if (lo < 0xDC00 || lo > 0xDFFF) {
                    hs__syntax(ps, "bad surrogate pair in \\u escape");
                    return NULL;
                }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            if (cp == 0) {
                hs__syntax(ps, "\\u0000 in a string");
                return NULL;
            }
            /* At most 4 bytes from at least 6 escape characters: fits in raw. */
            if (cp < 0x80) {
                *w++ = (char)cp;
            } else if (cp < 0x800) {
                *w++ = (char)(0xC0 | (cp >> 6));
                *w++ = (char)(0x80 | (cp & 0x3F));
            } else if (cp < 0x10000) {
                *w++ = (char)(0xE0 | (cp >> 12));
                *w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
                *w++ = (char)(0x80 | (cp & 0x3F));
            } else {
                *w++ = (char)(0xF0 | (cp >> 18));
                *w++ = (char)(0x80 | ((cp >> 12) & 0x3F));
                *w++ = (char)(0x80 | ((cp >> 6) & 0x3F));
                *w++ = (char)(0x80 | (cp & 0x3F));
            }
            break;
        }
        default:
            --ps->p;
            hs__syntax(ps, "bad escape in string");
            return NULL;
        }
        if (ps->p > q) { /* an escape ran over the closing quote */
            hs__syntax(ps, "bad escape in string");
            return NULL;
        }
    }
    *w = '\0';
    ps->p = q + 1;
    *length = (size_t)(w - out);
    return out;
}

static int hs__parse_number(hs__parser *ps, double *out) {
    const char *s = ps->p, *q = ps->p;
    char buffer[400], *end = NULL;
    const char *point = localeconv()->decimal_point;
    size_t n = 0, i;
    if (q < ps->end && *q == '-')
        ++q;
    if (q >= ps->end || *q < '0' || *q > '9') {
        hs__syntax(ps, "bad number");
        return 0;
    }
    if (*q == '0') {
        ++q;
    } else {
        while (q < ps->end && *q >= '0' && *q <= '9')
            ++q;
    }
    if (q < ps->end && *q == '.') {
        ++q;
        if (q >= ps->end || *q < '0' || *q > '9') {
            hs__syntax(ps, "bad number");
            return 0;
        }
        while (q < ps->end && *q >= '0' && *q <= '9')
            ++q;
    }
    if (q < ps->end && (*q == 'e' || *q == 'E')) {
        ++q;
        if (q < ps->end && (*q == '+' || *q == '-'))
            ++q;
        if (q >= ps->end || *q < '0' || *q > '9') {
            hs__syntax(ps, "bad number");
            return 0;
        }
        while (q < ps->end && *q >= '0' && *q <= '9')
            ++q;
    }
    /* strtod reads the locale's decimal point: spell the number with it. */
    for (i = 0; s + i < q; ++i) {
        if (s[i] == '.' && point && point[0] && point[0] != '.') {
            const size_t pl = strlen(point);
            if (n + pl >= sizeof buffer)
                break;
            memcpy(buffer + n, point, pl);
            n += pl;
        } else {
            if (n + 1 >= sizeof buffer)
                break;
            buffer[n++] = s[i];
        }
    }
    if (s + i < q) {
        hs__syntax(ps, "number too long");
        return 0;
    }
    buffer[n] = '\0';
    *out = strtod(buffer, &end);
    if (end != buffer + n) {
        hs__syntax(ps, "bad number");
        return 0;
    }
    if (!(*out <= DBL_MAX && *out >= -DBL_MAX) && !ps->overflow_is_infinite) {
        hs__syntax(ps, "number out of range");
        return 0;
    }
    ps->p = q;
    return 1;
}

static int hs__literal(hs__parser *ps, const char *word) {
    const size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0) {
        hs__syntax(ps, "unexpected character");
        return 0;
    }
    ps->p += n;
    return 1;
}

static hs__value *hs__parse_value(hs__parser *ps, int depth) {
    hs__value *v;
    hs__skip_space(ps);
    if (ps->p >= ps->end) {
        hs__syntax(ps, "unexpected end of text");
        return NULL;
    }
    if (depth > HITSMITH_MAX_DEPTH) {
        hs__syntax(ps, "nested too deeply");
        return NULL;
    }
    v = (hs__value *)hs__alloc(ps->arena, sizeof *v);
    if (!v) {
        hs__memory(ps);
        return NULL;
    }
    memset(v, 0, sizeof *v);
    switch (*ps->p) {
    case 'n':
        v->type = HS__NULL;
        return hs__literal(ps, "null") ? v : NULL;
    case 't':
        v->type = HS__TRUE;
        return hs__literal(ps, "true") ? v : NULL;
    case 'f':
        v->type = HS__FALSE;
        return hs__literal(ps, "false") ? v : NULL;
    case '"':
        v->type = HS__STRING;
        v->string = hs__parse_string(ps, &v->length);
        return v->string ? v : NULL;
    case '[':
    case '{': {
        const int object = *ps->p == '{';
        const char close = object ? '}' : ']';
        hs__value **tail = &v->child;
        v->type = object ? HS__OBJECT : HS__ARRAY;
        ++ps->p;
        hs__skip_space(ps);
        if (ps->p < ps->end && *ps->p == close) {
            ++ps->p;
            return v;
        }
        for (;;) {
            const char *key = NULL;
            hs__value *item;
            if (object) {
                size_t keyLength;
                hs__skip_space(ps);
                if (ps->p >= ps->end || *ps->p != '"') {
                    hs__syntax(ps, "expected a member name");
                    return NULL;
                }
                key = hs__parse_string(ps, &keyLength);
                if (!key)
                    return NULL;
                hs__skip_space(ps);
                if (ps->p >= ps->end || *ps->p != ':') {
                    hs__syntax(ps, "expected ':'");
                    return NULL;
                }
                ++ps->p;
            }
            item = hs__parse_value(ps, depth + 1);
            if (!item)
                return NULL;
            item->key = key;
            *tail = item;
            tail = &item->next;
            ++v->length;
            hs__skip_space(ps);
            if (ps->p < ps->end && *ps->p == ',') {
                ++ps->p;
                continue;
            }
            if (ps->p < ps->end && *ps->p == close) {
                ++ps->p;
                return v;
            }
            hs__syntax(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
            return NULL;
        }
    }
    default:
        v->type = HS__NUMBER;
        return hs__parse_number(ps, &v->number) ? v : NULL;
    }
}

/* Parses a whole text (one value, nothing after it but spaces; a UTF-8 BOM is skipped). */
/* Runtime files refuse numbers beyond the double range (a corrupt file); the conformance driver's
   queries take them as infinities, as the other languages' JSON readers do. */
static hs__value *hs__parse_with(const char *text, size_t length, hs__arena *arena, hs_error *error,
                                 int overflow_is_infinite) {
    hs__parser ps;
    hs__value *root;
    ps.begin = ps.p = text;
    ps.end = text + length;
    ps.arena = arena;
    ps.error = error;
    ps.failed = 0;
    ps.overflow_is_infinite = overflow_is_infinite;
    if (length >= 3 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB &&
        (unsigned char)text[2] == 0xBF)
        ps.p += 3;
    root = hs__parse_value(&ps, 0);
    if (!root)
        return NULL;
    hs__skip_space(&ps);
    if (ps.p != ps.end) {
        hs__syntax(&ps, "text after the JSON value");
        return NULL;
    }
    return root;
}

static hs__value *hs__parse(const char *text, size_t length, hs__arena *arena, hs_error *error) {
    return hs__parse_with(text, length, arena, error, 0);
}

/* The last member with this key (JSON.parse keeps the last of duplicates), or NULL. */
static const hs__value *hs__member(const hs__value *object, const char *key) {
    const hs__value *found = NULL, *m;
    if (!object || object->type != HS__OBJECT)
        return NULL;
    for (m = object->child; m; m = m->next)
        if (strcmp(m->key, key) == 0)
            found = m;
    return found;
}

/* ---- schema: tree -> runtime ------------------------------------------------------------------
 */

typedef struct hs__loader {
    hs__arena *arena; /* the runtime's memory */
    hs_error *error;
    int failed;
} hs__loader;

static void hs__schema(hs__loader *ld, const char *path, const char *message) {
    if (!ld->failed && ld->error && ld->error->code == HS_OK) {
        ld->error->code = HS_ERROR_SCHEMA;
        if (path && path[0])
            snprintf(ld->error->message, sizeof ld->error->message, "%.180s: %.70s", path, message);
        else
            snprintf(ld->error->message, sizeof ld->error->message, "%.250s", message);
    }
    ld->failed = 1;
}

static void hs__schema_memory(hs__loader *ld) {
    if (!ld->failed)
        hs__set_error(ld->error, HS_ERROR_MEMORY, "%sout of memory", "", 0);
    ld->failed = 1;
}

static void hs__path(char *out, size_t size, const char *base, const char *key, long index) {
    if (key)
        snprintf(out, size, "%.200s%s%s", base, base[0] ? "." : "", key);
    else
        snprintf(out, size, "%.200s[%ld]", base, index);
}

static const char *hs__copy_string(hs__loader *ld, const hs__value *v) {
    char *s = (char *)hs__alloc(ld->arena, v->length + 1);
    if (!s) {
        hs__schema_memory(ld);
        return NULL;
    }
    memcpy(s, v->string, v->length);
    s[v->length] = '\0';
    return s;
}

static const hs__value *hs__need(hs__loader *ld, const hs__value *object, const char *base,
                                 const char *key, int type) {
    char path[256];
    const hs__value *v = hs__member(object, key);
    if (v && v->type == type)
        return v;
    hs__path(path, sizeof path, base, key, 0);
    if (!v || v->type == HS__NULL) {
        hs__schema(ld, path, "is missing");
        return NULL;
    }
    {
        static const char *const names[] = {"null",     "a boolean", "a boolean", "a number",
                                            "a string", "an array",  "an object"};
        char message[64];
        snprintf(message, sizeof message, "must be %s", names[type]);
        hs__schema(ld, path, message);
        return NULL;
    }
}

static const char *hs__need_string(hs__loader *ld, const hs__value *object, const char *base,
                                   const char *key) {
    const hs__value *v = hs__need(ld, object, base, key, HS__STRING);
    return v ? hs__copy_string(ld, v) : NULL;
}

static int hs__need_number(hs__loader *ld, const hs__value *object, const char *base,
                           const char *key, double *out) {
    const hs__value *v = hs__need(ld, object, base, key, HS__NUMBER);
    if (!v)
        return 0;
    *out = v->number;
    return 1;
}

static int hs__need_positive(hs__loader *ld, const hs__value *object, const char *base,
                             const char *key, double *out) {
    char path[256];
    if (!hs__need_number(ld, object, base, key, out))
        return 0;
    if (!(*out > 0.0)) {
        hs__path(path, sizeof path, base, key, 0);
        hs__schema(ld, path, "must be a number > 0");
        return 0;
    }
    return 1;
}

static int hs__read_vec2(hs__loader *ld, const hs__value *v, const char *path, hs_vec2 *out) {
    if (!v || v->type != HS__ARRAY || v->length != 2 || v->child->type != HS__NUMBER ||
        v->child->next->type != HS__NUMBER) {
        hs__schema(ld, path, "must be a pair of numbers [x, y]");
        return 0;
    }
    out->x = v->child->number;
    out->y = v->child->next->number;
    return 1;
}

static int hs__need_vec2(hs__loader *ld, const hs__value *object, const char *base, const char *key,
                         hs_vec2 *out) {
    char path[256];
    const hs__value *v = hs__member(object, key);
    if (v && v->type == HS__ARRAY && v->length == 2 && v->child->type == HS__NUMBER &&
        v->child->next->type == HS__NUMBER) {
        out->x = v->child->number;
        out->y = v->child->next->number;
        return 1;
    }
    hs__path(path, sizeof path, base, key, 0);
    if (!v) {
        hs__schema(ld, path, "is missing");
        return 0;
    }
    return hs__read_vec2(ld, v, path, out);
}

static int hs__read_properties(hs__loader *ld, const hs__value *object, const char *base,
                               const hs_property **out, int *count) {
    char path[256];
    const hs__value *v = hs__member(object, "properties"), *m;
    hs_property *props;
    int i = 0;
    *out = NULL;
    *count = 0;
    if (!v || v->type == HS__NULL)
        return 1;
    hs__path(path, sizeof path, base, "properties", 0);
    if (v->type != HS__OBJECT) {
        hs__schema(ld, path, "must be an object");
        return 0;
    }
    if (v->length == 0)
        return 1;
    props = (hs_property *)hs__alloc_array(ld->arena, v->length, sizeof *props);
    if (!props) {
        hs__schema_memory(ld);
        return 0;
    }
    for (m = v->child; m; m = m->next, ++i) {
        hs_property *p = &props[i];
        memset(p, 0, sizeof *p);
        p->name = (const char *)hs__alloc(ld->arena, strlen(m->key) + 1);
        if (!p->name) {
            hs__schema_memory(ld);
            return 0;
        }
        memcpy((char *)p->name, m->key, strlen(m->key) + 1);
        if (m->type == HS__NUMBER) {
            p->type = HS_PROPERTY_NUMBER;
            p->number = m->number;
        } else if (m->type == HS__STRING) {
            p->type = HS_PROPERTY_STRING;
            if (!(p->string = hs__copy_string(ld, m)))
                return 0;
        } else if (m->type == HS__TRUE || m->type == HS__FALSE) {
            p->type = HS_PROPERTY_BOOL;
            p->boolean = m->type == HS__TRUE;
        } else {
            char inner[300];
            snprintf(inner, sizeof inner, "%.200s.%.60s", path, m->key);
            hs__schema(ld, inner, "must be a number, a string or a boolean");
            return 0;
        }
    }
    *out = props;
    *count = i;
    return 1;
}

static int hs__read_shape(hs__loader *ld, const hs__value *v, const char *path, hs_shape *s) {
    const hs__value *type;
    char sub[256];
    memset(s, 0, sizeof *s);
    if (v->type != HS__OBJECT) {
        hs__schema(ld, path, "must be an object");
        return 0;
    }
    if (!(s->id = hs__need_string(ld, v, path, "id")) ||
        !(s->layer = hs__need_string(ld, v, path, "layer")) ||
        !(type = hs__need(ld, v, path, "type", HS__STRING)))
        return 0;
    if (!hs__read_properties(ld, v, path, &s->properties, &s->property_count))
        return 0;
    if (strcmp(type->string, "rect") == 0) {
        s->type = HS_RECT;
        if (!hs__need_vec2(ld, v, path, "center", &s->center) ||
            !hs__need_vec2(ld, v, path, "size", &s->size) ||
            !hs__need_number(ld, v, path, "angle", &s->angle))
            return 0;
        if (!(s->size.x > 0.0 && s->size.y > 0.0)) {
            hs__path(sub, sizeof sub, path, "size", 0);
            hs__schema(ld, sub, "width and height must be > 0");
            return 0;
        }
        return 1;
    }
    if (strcmp(type->string, "circle") == 0) {
        s->type = HS_CIRCLE;
        return hs__need_vec2(ld, v, path, "center", &s->center) &&
               hs__need_positive(ld, v, path, "radius", &s->radius);
    }
    if (strcmp(type->string, "polygon") == 0 || strcmp(type->string, "capsule") == 0) {
        const int capsule = type->string[0] == 'c';
        const hs__value *list = hs__need(ld, v, path, capsule ? "ends" : "points", HS__ARRAY),
                        *item;
        hs_vec2 *points;
        int i = 0;
        if (!list)
            return 0;
        hs__path(sub, sizeof sub, path, capsule ? "ends" : "points", 0);
        if (capsule ? list->length != 2 : list->length < 3) {
            hs__schema(ld, sub, capsule ? "must hold two points" : "must hold at least 3 points");
            return 0;
        }
        if (list->length > INT_MAX / 2) {
            hs__schema(ld, sub, "has too many points");
            return 0;
        }
        points = (hs_vec2 *)hs__alloc_array(ld->arena, list->length, sizeof *points);
        if (!points) {
            hs__schema_memory(ld);
            return 0;
        }
        for (item = list->child; item; item = item->next, ++i) {
            char at[300];
            hs__path(at, sizeof at, sub, NULL, i);
            if (!hs__read_vec2(ld, item, at, &points[i]))
                return 0;
        }
        s->type = capsule ? HS_CAPSULE : HS_POLYGON;
        s->points = points;
        s->point_count = i;
        return !capsule || hs__need_positive(ld, v, path, "radius", &s->radius);
    }
    hs__path(sub, sizeof sub, path, "type", 0);
    hs__schema(ld, sub, "must be \"rect\", \"circle\", \"polygon\" or \"capsule\"");
    return 0;
}

static int hs__read_point(hs__loader *ld, const hs__value *v, const char *path, hs_point *p) {
    memset(p, 0, sizeof *p);
    if (v->type != HS__OBJECT) {
        hs__schema(ld, path, "must be an object");
        return 0;
    }
    return (p->id = hs__need_string(ld, v, path, "id")) &&
           (p->layer = hs__need_string(ld, v, path, "layer")) &&
           hs__need_vec2(ld, v, path, "position", &p->position) &&
           hs__read_properties(ld, v, path, &p->properties, &p->property_count);
}

/* Insertion sort of shape indices by id; frames hold a handful of shapes. */
static void hs__sort_order(int *order, const hs_shape *shapes, int n) {
    int i, j;
    for (i = 0; i < n; ++i)
        order[i] = i;
    for (i = 1; i < n; ++i) {
        const int k = order[i];
        for (j = i; j > 0 && strcmp(shapes[order[j - 1]].id, shapes[k].id) > 0; --j)
            order[j] = order[j - 1];
        order[j] = k;
    }
}

static int hs__read_frame(hs__loader *ld, const hs__value *v, const char *path, hs_frame *f,
                          double tick_rate) {
    const hs__value *list, *item;
    double duration;
    char sub[256];
    memset(f, 0, sizeof *f);
    f->ticks = -1;
    if (v->type != HS__OBJECT) {
        hs__schema(ld, path, "must be an object");
        return 0;
    }
    if (!(f->name = hs__need_string(ld, v, path, "name")) ||
        !hs__need_number(ld, v, path, "duration_ms", &duration) ||
        !hs__need_vec2(ld, v, path, "origin", &f->origin) ||
        !hs__need_vec2(ld, v, path, "motion", &f->motion) ||
        !hs__read_properties(ld, v, path, &f->properties, &f->property_count))
        return 0;
    if (!(duration >= 1.0 && duration <= 2147483647.0 && duration == floor(duration))) {
        hs__path(sub, sizeof sub, path, "duration_ms", 0);
        hs__schema(ld, sub, "must be a whole number of milliseconds from 1 to 2147483647");
        return 0;
    }
    f->duration_ms = (int)duration;
    if (tick_rate > 0.0) {
        double ticks;
        if (!hs__need_number(ld, v, path, "ticks", &ticks))
            return 0;
        if (!(ticks >= 0.0 && ticks <= 2147483647.0 && ticks == floor(ticks))) {
            hs__path(sub, sizeof sub, path, "ticks", 0);
            hs__schema(ld, sub, "must be a whole number >= 0");
            return 0;
        }
        f->ticks = (int)ticks;
    }
    if (!(list = hs__need(ld, v, path, "shapes", HS__ARRAY)))
        return 0;
    if (list->length > (size_t)INT_MAX / 4) {
        hs__schema(ld, path, "has too many shapes");
        return 0;
    }
    if (list->length) {
        hs_shape *shapes = (hs_shape *)hs__alloc_array(ld->arena, list->length, sizeof *shapes);
        int *order = (int *)hs__alloc_array(ld->arena, list->length, sizeof *order);
        int i = 0, j;
        if (!shapes || !order) {
            hs__schema_memory(ld);
            return 0;
        }
        hs__path(sub, sizeof sub, path, "shapes", 0);
        for (item = list->child; item; item = item->next, ++i) {
            char at[300];
            hs__path(at, sizeof at, sub, NULL, i);
            if (!hs__read_shape(ld, item, at, &shapes[i]))
                return 0;
        }
        f->shapes = shapes;
        f->shape_count = i;
        hs__sort_order(order, shapes, i);
        for (j = 1; j < i; ++j) {
            if (strcmp(shapes[order[j - 1]].id, shapes[order[j]].id) == 0) {
                char at[300];
                hs__path(at, sizeof at, sub, NULL, order[j]);
                hs__schema(ld, at, "has the id of another shape of its frame");
                return 0;
            }
        }
        f->shape_order = order;
    }
    list = hs__member(v, "points");
    if (list && list->type != HS__NULL) {
        hs__path(sub, sizeof sub, path, "points", 0);
        if (list->type != HS__ARRAY) {
            hs__schema(ld, sub, "must be an array");
            return 0;
        }
        if (list->length > (size_t)INT_MAX / 4) {
            hs__schema(ld, sub, "has too many points");
            return 0;
        }
        if (list->length) {
            hs_point *points = (hs_point *)hs__alloc_array(ld->arena, list->length, sizeof *points);
            int i = 0;
            if (!points) {
                hs__schema_memory(ld);
                return 0;
            }
            for (item = list->child; item; item = item->next, ++i) {
                char at[300];
                hs__path(at, sizeof at, sub, NULL, i);
                if (!hs__read_point(ld, item, at, &points[i]))
                    return 0;
            }
            f->points = points;
            f->point_count = i;
        }
    }
    return 1;
}

static int hs__read_sprite(hs__loader *ld, const hs__value *v, const char *path, hs_sprite *s,
                           double tick_rate) {
    const hs__value *list, *item;
    char sub[256];
    memset(s, 0, sizeof *s);
    if (v->type != HS__OBJECT) {
        hs__schema(ld, path, "must be an object");
        return 0;
    }
    if (!(s->name = hs__need_string(ld, v, path, "name")) ||
        !(list = hs__need(ld, v, path, "frames", HS__ARRAY)))
        return 0;
    if (list->length > (size_t)INT_MAX / 4) {
        hs__schema(ld, path, "has too many frames");
        return 0;
    }
    if (list->length) {
        hs_frame *frames = (hs_frame *)hs__alloc_array(ld->arena, list->length, sizeof *frames);
        int i = 0;
        double total = 0.0;
        hs_vec2 root = {0.0, 0.0};
        if (!frames) {
            hs__schema_memory(ld);
            return 0;
        }
        hs__path(sub, sizeof sub, path, "frames", 0);
        for (item = list->child; item; item = item->next, ++i) {
            char at[300];
            hs__path(at, sizeof at, sub, NULL, i);
            if (!hs__read_frame(ld, item, at, &frames[i], tick_rate))
                return 0;
            frames[i].start_ms = total;
            total += frames[i].duration_ms;
            root.x += frames[i].motion.x;
            root.y += frames[i].motion.y;
            frames[i].root = root;
        }
        s->frames = frames;
        s->frame_count = i;
        s->total_ms = total;
    }
    return 1;
}

static int hs__read_pair_list(hs__loader *ld, const hs__value *list, const char *path,
                              const hs_layer_pair **out, int *count) {
    const hs__value *item;
    hs_layer_pair *pairs;
    int i = 0;
    if (list->length > (size_t)INT_MAX / 4) {
        hs__schema(ld, path, "has too many pairs");
        return 0;
    }
    pairs =
        (hs_layer_pair *)hs__alloc_array(ld->arena, list->length ? list->length : 1, sizeof *pairs);
    if (!pairs) {
        hs__schema_memory(ld);
        return 0;
    }
    for (item = list->child; item; item = item->next, ++i) {
        char at[300];
        hs__path(at, sizeof at, path, NULL, i);
        if (item->type != HS__ARRAY || item->length != 2 || item->child->type != HS__STRING ||
            item->child->next->type != HS__STRING) {
            hs__schema(ld, at, "must be a pair of layer names [\"a\", \"b\"]");
            return 0;
        }
        if (!(pairs[i].attacker = hs__copy_string(ld, item->child)) ||
            !(pairs[i].defender = hs__copy_string(ld, item->child->next)))
            return 0;
    }
    *out = pairs;
    *count = i;
    return 1;
}

static int hs__read_runtime(hs__loader *ld, const hs__value *root, hs_runtime *rt) {
    const hs__value *v, *item;
    double version;
    if (root->type != HS__OBJECT) {
        hs__schema(ld, "", "a runtime file is a JSON object");
        return 0;
    }
    v = hs__member(root, "format");
    if (!v || v->type != HS__STRING || strcmp(v->string, "hitsmith-runtime") != 0) {
        hs__schema(ld, "format", "must be \"hitsmith-runtime\" (not a Hitsmith runtime file)");
        return 0;
    }
    if (!hs__need_number(ld, root, "", "version", &version))
        return 0;
    if (version != 1.0) {
        if (ld->error && !ld->failed) {
            ld->error->code = HS_ERROR_VERSION;
            snprintf(ld->error->message, sizeof ld->error->message,
                     "version: this loader reads version 1, the file is version %.17g", version);
        }
        ld->failed = 1;
        return 0;
    }
    rt->version = 1;
    v = hs__member(root, "tick_rate");
    if (v && v->type != HS__NULL) {
        if (!hs__need_positive(ld, root, "", "tick_rate", &rt->tick_rate))
            return 0;
    }
    v = hs__member(root, "layers");
    if (v && v->type != HS__NULL) {
        const char **layers;
        int i = 0;
        if (v->type != HS__ARRAY || v->length > (size_t)INT_MAX / 4) {
            hs__schema(ld, "layers", "must be an array of strings");
            return 0;
        }
        layers =
            (const char **)hs__alloc_array(ld->arena, v->length ? v->length : 1, sizeof *layers);
        if (!layers) {
            hs__schema_memory(ld);
            return 0;
        }
        for (item = v->child; item; item = item->next, ++i) {
            char at[64];
            hs__path(at, sizeof at, "layers", NULL, i);
            if (item->type != HS__STRING) {
                hs__schema(ld, at, "must be a string");
                return 0;
            }
            if (!(layers[i] = hs__copy_string(ld, item)))
                return 0;
        }
        rt->layers = layers;
        rt->layer_count = i;
    }
    v = hs__member(root, "attack_layer");
    if (v && v->type != HS__NULL) {
        if (v->type != HS__STRING) {
            hs__schema(ld, "attack_layer", "must be a string or null");
            return 0;
        }
        if (!(rt->attack_layer = hs__copy_string(ld, v)))
            return 0;
    }
    v = hs__member(root, "collide");
    if (v && v->type != HS__NULL) {
        if (v->type != HS__ARRAY) {
            hs__schema(ld, "collide", "must be an array of layer pairs or null");
            return 0;
        }
        if (!hs__read_pair_list(ld, v, "collide", &rt->collide, &rt->collide_count))
            return 0;
    }
    if (!(v = hs__need(ld, root, "", "sprites", HS__ARRAY)))
        return 0;
    if (v->length > (size_t)INT_MAX / 4) {
        hs__schema(ld, "sprites", "has too many sprites");
        return 0;
    }
    if (v->length) {
        hs_sprite *sprites = (hs_sprite *)hs__alloc_array(ld->arena, v->length, sizeof *sprites);
        int i = 0;
        if (!sprites) {
            hs__schema_memory(ld);
            return 0;
        }
        for (item = v->child; item; item = item->next, ++i) {
            char at[64];
            hs__path(at, sizeof at, "sprites", NULL, i);
            if (!hs__read_sprite(ld, item, at, &sprites[i], rt->tick_rate))
                return 0;
        }
        rt->sprites = sprites;
        rt->sprite_count = i;
    }
    return 1;
}

hs_runtime *hs_load_with(const char *text, size_t length, void *user, hs_error *error) {
    hs__arena tree = {NULL, NULL}, memory = {NULL, NULL};
    hs__value *root;
    hs__loader ld;
    hs_runtime *rt;
    hs__arena *keep;
    hs_error local;
    if (!error)
        error = &local;
    error->code = HS_OK;
    error->message[0] = '\0';
    if (!text) {
        hs__set_error(error, HS_ERROR_ARGUMENT, "%sno text given", "", 0);
        return NULL;
    }
    tree.user = memory.user = user;
    root = hs__parse(text, length, &tree, error);
    if (!root) {
        hs__arena_free(&tree);
        return NULL;
    }
    ld.arena = &memory;
    ld.error = error;
    ld.failed = 0;
    rt = (hs_runtime *)hs__alloc(&memory, sizeof *rt);
    keep = (hs__arena *)hs__alloc(&memory, sizeof *keep);
    if (!rt || !keep) {
        hs__arena_free(&tree);
        hs__arena_free(&memory);
        hs__set_error(error, HS_ERROR_MEMORY, "%sout of memory", "", 0);
        return NULL;
    }
    memset(rt, 0, sizeof *rt);
    if (!hs__read_runtime(&ld, root, rt)) {
        hs__arena_free(&tree);
        hs__arena_free(&memory);
        return NULL;
    }
    hs__arena_free(&tree);
    *keep = memory; /* the block holding keep is in the list it describes: freed last is fine */
    rt->internal_ = keep;
    rt->user_ = user;
    return rt;
}

hs_runtime *hs_load(const char *text, size_t length, hs_error *error) {
    return hs_load_with(text, length, NULL, error);
}

void hs_free(hs_runtime *runtime) {
    hs__arena memory;
    if (!runtime || !runtime->internal_)
        return;
    memory = *(hs__arena *)runtime->internal_;
    hs__arena_free(&memory);
}

/* ---- queries ----------------------------------------------------------------------------------
 */

const hs_sprite *hs_find_sprite(const hs_runtime *runtime, const char *name) {
    int i;
    if (!runtime || !name)
        return NULL;
    for (i = 0; i < runtime->sprite_count; ++i)
        if (strcmp(runtime->sprites[i].name, name) == 0)
            return &runtime->sprites[i];
    return NULL;
}

int hs_frame_at(const hs_sprite *sprite, double t_ms) {
    double u;
    int lo, hi;
    if (!sprite || sprite->frame_count <= 0 || !(t_ms - t_ms == 0.0))
        return -1;
    u = fmod(t_ms, sprite->total_ms);
    if (u < 0.0)
        u += sprite->total_ms;
    if (u >= sprite->total_ms)
        u = 0.0;
    /* The first frame whose end lies past u (binary search over the starts). */
    lo = 0;
    hi = sprite->frame_count - 1;
    while (lo < hi) {
        const int mid = lo + (hi - lo) / 2;
        const hs_frame *f = &sprite->frames[mid];
        if (u < f->start_ms + f->duration_ms)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

hs_placement hs_place(const hs_sprite *sprite, int frame, double x, double y, hs_facing facing,
                      int with_root) {
    hs_placement p;
    memset(&p, 0, sizeof p);
    p.x = x;
    p.y = y;
    p.sx = facing == HS_FACING_LEFT ? -1.0 : 1.0;
    if (sprite && frame >= 0 && frame < sprite->frame_count) {
        p.frame = &sprite->frames[frame];
        if (with_root)
            p.root = p.frame->root;
    }
    return p;
}

hs_vec2 hs_place_point(const hs_placement *placement, hs_vec2 p) {
    hs_vec2 r;
    r.x = placement->x + placement->sx * (p.x + placement->root.x);
    r.y = placement->y + (p.y + placement->root.y);
    return r;
}

int hs_layers_allowed(const hs_runtime *runtime, const char *a, const char *d,
                      const hs_layer_pair *pairs, int pair_count) {
    int i;
    if (pairs) {
        for (i = 0; i < pair_count; ++i)
            if (strcmp(pairs[i].attacker, a) == 0 && strcmp(pairs[i].defender, d) == 0)
                return 1;
        return 0;
    }
    if (runtime->attack_layer && strcmp(runtime->attack_layer, a) != 0)
        return 0;
    if (!runtime->collide)
        return 1;
    for (i = 0; i < runtime->collide_count; ++i) {
        const hs_layer_pair *c = &runtime->collide[i];
        if ((strcmp(c->attacker, a) == 0 && strcmp(c->defender, d) == 0) ||
            (strcmp(c->attacker, d) == 0 && strcmp(c->defender, a) == 0))
            return 1;
    }
    return 0;
}

/* ---- narrowphase (a port of collision/narrowphase.cpp; FORMAT.md section 5) -------------------
 */

typedef struct hs__geom {
    hs_shape_type type;
    const hs_shape *shape;
    const hs_placement *at;
    hs_vec2 center;     /* rect, circle */
    hs_vec2 half;       /* rect */
    double c, s;        /* rect rotation */
    double radius;      /* circle, capsule */
    hs_vec2 ends[2];    /* capsule */
    int n;              /* point count (polygon vertices, 4 corners, 1 centre, 2 ends) */
    double orientation; /* winding of the point list */
} hs__geom;

typedef struct hs__contact {
    double depth;
    hs_vec2 normal;
} hs__contact;

static double hs__dot(hs_vec2 a, hs_vec2 b) {
    return a.x * b.x + a.y * b.y;
}
static double hs__cross(hs_vec2 a, hs_vec2 b) {
    return a.x * b.y - a.y * b.x;
}
static hs_vec2 hs__sub(hs_vec2 a, hs_vec2 b) {
    hs_vec2 r;
    r.x = a.x - b.x;
    r.y = a.y - b.y;
    return r;
}
static hs_vec2 hs__add(hs_vec2 a, hs_vec2 b) {
    hs_vec2 r;
    r.x = a.x + b.x;
    r.y = a.y + b.y;
    return r;
}
static hs_vec2 hs__scale(hs_vec2 a, double k) {
    hs_vec2 r;
    r.x = a.x * k;
    r.y = a.y * k;
    return r;
}
static hs_vec2 hs__div(hs_vec2 a, double k) {
    hs_vec2 r;
    r.x = a.x / k;
    r.y = a.y / k;
    return r;
}
static hs_vec2 hs__vec(double x, double y) {
    hs_vec2 r;
    r.x = x;
    r.y = y;
    return r;
}
static double hs__clamp(double v, double lo, double hi) {
    return v < lo ? lo : (hi < v ? hi : v);
}

/* rotationFromDegrees: exact at multiples of 90 degrees. */
static void hs__rotation(double degrees, double *c, double *s) {
    const double shift = 4503599627370496.0; /* 2^52: adding and taking away rounds to even */
    volatile double rounded;
    double r, quarter, rest, c0, s0;
    if (!(degrees - degrees == 0.0)) {
        *c = *s = NAN;
        return;
    }
    r = fabs(degrees) < 360.0 ? degrees : fmod(degrees, 360.0);
    if (r < 0.0)
        r += 360.0;
    rounded = r / 90.0 + shift;
    quarter = rounded - shift;
    rest = (r - quarter * 90.0) * (3.14159265358979323846 / 180.0);
    c0 = cos(rest);
    s0 = sin(rest);
    switch ((int)quarter & 3) {
    case 0:
        *c = c0;
        *s = s0;
        break;
    case 1:
        *c = -s0;
        *s = c0;
        break;
    case 2:
        *c = -c0;
        *s = -s0;
        break;
    default:
        *c = s0;
        *s = -c0;
        break;
    }
}

/* Point i of a shape's point list, placed (computed again on each call: nothing is stored). */
static hs_vec2 hs__point(const hs__geom *g, int i) {
    switch (g->type) {
    case HS_POLYGON:
        return hs_place_point(g->at, g->shape->points[i]);
    case HS_RECT: {
        const double sx = (i == 1 || i == 2) ? g->half.x : -g->half.x;
        const double sy = i >= 2 ? g->half.y : -g->half.y;
        return hs__vec(g->center.x + (g->c * sx - g->s * sy),
                       g->center.y + (g->s * sx + g->c * sy));
    }
    case HS_CAPSULE:
        return g->ends[i];
    default:
        return g->center;
    }
}

static void hs__geom_init(hs__geom *g, const hs_shape *shape, const hs_placement *at) {
    int i;
    memset(g, 0, sizeof *g);
    g->type = shape->type;
    g->shape = shape;
    g->at = at;
    g->orientation = 1.0;
    switch (shape->type) {
    case HS_RECT: {
        const double angle =
            at->sx < 0.0 ? (shape->angle == 0.0 ? 0.0 : -shape->angle) : shape->angle;
        g->center = hs_place_point(at, shape->center);
        g->half = hs__scale(shape->size, 0.5);
        hs__rotation(angle, &g->c, &g->s);
        g->n = 4;
        break;
    }
    case HS_CIRCLE:
        g->center = hs_place_point(at, shape->center);
        g->radius = shape->radius;
        g->n = 1;
        break;
    case HS_CAPSULE:
        g->ends[0] = hs_place_point(at, shape->points[0]);
        g->ends[1] = hs_place_point(at, shape->points[1]);
        g->radius = shape->radius;
        g->n = 2;
        break;
    default:
        g->n = shape->point_count;
        break;
    }
    if (g->n >= 3) {
        const hs_vec2 o = hs__point(g, 0);
        double area = 0.0;
        for (i = 1; i + 1 < g->n; ++i)
            area += hs__cross(hs__sub(hs__point(g, i), o), hs__sub(hs__point(g, i + 1), o));
        g->orientation = area >= 0.0 ? 1.0 : -1.0;
    }
}

typedef struct hs__axis {
    double raw, length_squared; /* length_squared 0: none yet */
    hs_vec2 normal;
} hs__axis;

static int hs__shallower(double raw, double length_squared, const hs__axis *best) {
    int up, best_up;
    double lhs, rhs;
    if (best->length_squared == 0.0)
        return 1;
    up = raw >= 0.0;
    best_up = best->raw >= 0.0;
    if (up != best_up)
        return up;
    lhs = raw * raw * best->length_squared;
    rhs = best->raw * best->raw * length_squared;
    return up ? lhs > rhs : lhs < rhs;
}

static hs_vec2 hs__edge(const hs__geom *g, int i, hs_vec2 *v) {
    *v = hs__point(g, i);
    return hs__sub(hs__point(g, i + 1 == g->n ? 0 : i + 1), *v);
}

static hs_vec2 hs__outward(const hs__geom *g, hs_vec2 e) {
    return hs__scale(hs__vec(e.y, -e.x), g->orientation);
}

/* Edges of a against the points of b; 0 when an axis separates by more than TOUCH (if check). */
static int hs__axes(const hs__geom *a, const hs__geom *b, double sign, hs__axis *best, int check) {
    int i, j;
    if (a->n < 2)
        return 1;
    for (i = 0; i < a->n; ++i) {
        hs_vec2 v, e, n;
        double length_squared, raw = INFINITY;
        e = hs__edge(a, i, &v);
        length_squared = hs__dot(e, e);
        if (!(length_squared >= HS__MIN_EDGE * HS__MIN_EDGE))
            continue;
        n = hs__outward(a, e);
        for (j = 0; j < b->n; ++j) {
            const double d = hs__dot(hs__sub(hs__point(b, j), v), n);
            raw = d < raw ? d : raw;
        }
        if (check && raw > 0.0 && raw * raw > HS__TOUCH * HS__TOUCH * length_squared)
            return 0;
        if (hs__shallower(raw, length_squared, best)) {
            best->raw = raw;
            best->length_squared = length_squared;
            best->normal = hs__scale(n, sign);
        }
    }
    return 1;
}

static int hs__finish_axis(const hs__axis *best, hs__contact *out) {
    const double length = sqrt(best->length_squared);
    const double depth = -best->raw / length;
    out->depth = depth > 0.0 ? depth : 0.0;
    out->normal = hs__div(best->normal, length);
    return 1;
}

static int hs__poly_poly(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    hs__axis best;
    memset(&best, 0, sizeof best);
    if (a->n < 3 || b->n < 3)
        return 0;
    if (!hs__axes(a, b, 1.0, &best, 1) || !hs__axes(b, a, -1.0, &best, 1))
        return 0;
    if (best.length_squared == 0.0)
        return 0;
    return hs__finish_axis(&best, out);
}

static int hs__poly_rect(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    const hs_vec2 ux = hs__vec(b->c, b->s), uy = hs__vec(-b->s, b->c), h = b->half, c = b->center;
    hs__axis best;
    double minX = INFINITY, maxX = -INFINITY, minY = INFINITY, maxY = -INFINITY, raws[4];
    hs_vec2 normals[4];
    int i;
    memset(&best, 0, sizeof best);
    if (a->n < 3)
        return 0;
    for (i = 0; i < a->n; ++i) {
        hs_vec2 v, e, n;
        double length_squared, raw;
        e = hs__edge(a, i, &v);
        length_squared = hs__dot(e, e);
        if (!(length_squared >= HS__MIN_EDGE * HS__MIN_EDGE))
            continue;
        n = hs__outward(a, e);
        raw = hs__dot(hs__sub(c, v), n) - (h.x * fabs(hs__dot(ux, n)) + h.y * fabs(hs__dot(uy, n)));
        if (raw > 0.0 && raw * raw > HS__TOUCH * HS__TOUCH * length_squared)
            return 0;
        if (hs__shallower(raw, length_squared, &best)) {
            best.raw = raw;
            best.length_squared = length_squared;
            best.normal = n;
        }
    }
    if (best.length_squared == 0.0)
        return 0;
    for (i = 0; i < a->n; ++i) {
        const hs_vec2 p = hs__sub(hs__point(a, i), c);
        const double px = hs__dot(p, ux), py = hs__dot(p, uy);
        minX = px < minX ? px : minX;
        maxX = px > maxX ? px : maxX;
        minY = py < minY ? py : minY;
        maxY = py > maxY ? py : maxY;
    }
    raws[0] = minX - h.x;
    raws[1] = -h.x - maxX;
    raws[2] = minY - h.y;
    raws[3] = -h.y - maxY;
    normals[0] = hs__scale(ux, -1.0);
    normals[1] = ux;
    normals[2] = hs__scale(uy, -1.0);
    normals[3] = uy;
    for (i = 0; i < 4; ++i) {
        if (raws[i] > HS__TOUCH)
            return 0;
        if (hs__shallower(raws[i], 1.0, &best)) {
            best.raw = raws[i];
            best.length_squared = 1.0;
            best.normal = normals[i];
        }
    }
    return hs__finish_axis(&best, out);
}

static int hs__poly_circle(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    const hs_vec2 c = b->center;
    const double r = b->radius, reach = (r + HS__TOUCH) * (r + HS__TOUCH);
    hs__axis far;
    hs_vec2 edge_normal, best_diff = {0.0, 0.0};
    double length, best_d2 = INFINITY, dist;
    int i;
    memset(&far, 0, sizeof far);
    if (a->n < 3)
        return 0;
    for (i = 0; i < a->n; ++i) {
        hs_vec2 v, e, n;
        double length_squared, raw;
        e = hs__edge(a, i, &v);
        length_squared = hs__dot(e, e);
        if (!(length_squared >= HS__MIN_EDGE * HS__MIN_EDGE))
            continue;
        n = hs__outward(a, e);
        raw = hs__dot(hs__sub(c, v), n);
        if (raw > 0.0 && raw * raw > reach * length_squared)
            return 0;
        if (hs__shallower(raw, length_squared, &far)) {
            far.raw = raw;
            far.length_squared = length_squared;
            far.normal = n;
        }
    }
    if (far.length_squared == 0.0)
        return 0;
    length = sqrt(far.length_squared);
    edge_normal = hs__div(far.normal, length);
    if (far.raw <= 0.0) {
        out->depth = r - far.raw / length;
        out->normal = edge_normal;
        return 1;
    }
    for (i = 0; i < a->n; ++i) {
        hs_vec2 v, e, cv, diff;
        double ee, t, d2;
        e = hs__edge(a, i, &v);
        cv = hs__sub(c, v);
        if (hs__dot(cv, hs__outward(a, e)) <= 0.0)
            continue;
        ee = hs__dot(e, e);
        t = ee > 0.0 ? hs__clamp(hs__dot(cv, e) / ee, 0.0, 1.0) : 0.0;
        diff = hs__sub(cv, hs__scale(e, t));
        d2 = hs__dot(diff, diff);
        if (d2 < best_d2) {
            best_d2 = d2;
            best_diff = diff;
        }
    }
    dist = sqrt(best_d2);
    if (dist - r > HS__TOUCH)
        return 0;
    out->normal = dist >= HS__MIN_EDGE ? hs__div(best_diff, dist) : edge_normal;
    out->depth = r - dist > 0.0 ? r - dist : 0.0;
    return 1;
}

static int hs__rect_rect(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    const hs_vec2 d = hs__sub(b->center, a->center);
    if ((a->s == 0.0 || a->c == 0.0) && (b->s == 0.0 || b->c == 0.0)) {
        const hs_vec2 ea = a->c == 0.0 ? hs__vec(a->half.y, a->half.x) : a->half;
        const hs_vec2 eb = b->c == 0.0 ? hs__vec(b->half.y, b->half.x) : b->half;
        const double ox = ea.x + eb.x - fabs(d.x), oy = ea.y + eb.y - fabs(d.y);
        if (ox < -HS__TOUCH || oy < -HS__TOUCH)
            return 0;
        if (ox <= oy) {
            out->depth = ox > 0.0 ? ox : 0.0;
            out->normal = hs__vec(d.x >= 0.0 ? 1.0 : -1.0, 0.0);
        } else {
            out->depth = oy > 0.0 ? oy : 0.0;
            out->normal = hs__vec(0.0, d.y >= 0.0 ? 1.0 : -1.0);
        }
        return 1;
    }
    {
        const hs_vec2 ax = hs__vec(a->c, a->s), ay = hs__vec(-a->s, a->c);
        const hs_vec2 bx = hs__vec(b->c, b->s), by = hs__vec(-b->s, b->c);
        const double cxx = fabs(hs__dot(ax, bx)), cxy = fabs(hs__dot(ax, by));
        const double cyx = fabs(hs__dot(ay, bx)), cyy = fabs(hs__dot(ay, by));
        const hs_vec2 ha = a->half, hb = b->half;
        const hs_vec2 axes[4] = {ax, ay, bx, by};
        double reach_a[4], reach_b[4], best = INFINITY;
        hs_vec2 normal = {0.0, 0.0};
        int k;
        reach_a[0] = ha.x;
        reach_b[0] = hb.x * cxx + hb.y * cxy;
        reach_a[1] = ha.y;
        reach_b[1] = hb.x * cyx + hb.y * cyy;
        reach_a[2] = ha.x * cxx + ha.y * cyx;
        reach_b[2] = hb.x;
        reach_a[3] = ha.x * cxy + ha.y * cyy;
        reach_b[3] = hb.y;
        for (k = 0; k < 4; ++k) {
            const double du = hs__dot(d, axes[k]);
            const double overlap = reach_a[k] + reach_b[k] - fabs(du);
            if (overlap < -HS__TOUCH)
                return 0;
            if (overlap < best) {
                best = overlap;
                normal = du >= 0.0 ? axes[k] : hs__scale(axes[k], -1.0);
            }
        }
        out->depth = best > 0.0 ? best : 0.0;
        out->normal = normal;
        return 1;
    }
}

static hs_vec2 hs__rotate(const hs__geom *g, hs_vec2 v) {
    return hs__vec(g->c * v.x - g->s * v.y, g->s * v.x + g->c * v.y);
}

static int hs__rect_circle(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    const hs_vec2 w = hs__sub(b->center, a->center);
    const hs_vec2 p = hs__vec(a->c * w.x + a->s * w.y, -a->s * w.x + a->c * w.y);
    const hs_vec2 h = a->half;
    const double r = b->radius;
    hs_vec2 q, diff;
    double dist;
    if (fabs(p.x) <= h.x && fabs(p.y) <= h.y) {
        const double dx = h.x - fabs(p.x), dy = h.y - fabs(p.y);
        if (dx <= dy) {
            out->depth = r + dx;
            out->normal = hs__rotate(a, hs__vec(p.x >= 0.0 ? 1.0 : -1.0, 0.0));
        } else {
            out->depth = r + dy;
            out->normal = hs__rotate(a, hs__vec(0.0, p.y >= 0.0 ? 1.0 : -1.0));
        }
        return 1;
    }
    q = hs__vec(hs__clamp(p.x, -h.x, h.x), hs__clamp(p.y, -h.y, h.y));
    diff = hs__sub(p, q);
    dist = sqrt(hs__dot(diff, diff));
    if (dist - r > HS__TOUCH)
        return 0;
    out->depth = r - dist > 0.0 ? r - dist : 0.0;
    out->normal = hs__rotate(a, hs__div(diff, dist));
    return 1;
}

static int hs__circle_circle(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    const hs_vec2 d = hs__sub(b->center, a->center);
    const double dist = sqrt(hs__dot(d, d)), sum = a->radius + b->radius;
    if (!(dist - sum <= HS__TOUCH))
        return 0;
    out->normal = dist >= HS__MIN_EDGE ? hs__div(d, dist) : hs__vec(1.0, 0.0);
    out->depth = sum - dist > 0.0 ? sum - dist : 0.0;
    return 1;
}

/* Nearest point of the closed segment s0 + t e to p. */
static hs_vec2 hs__nearest_on_segment(hs_vec2 p, hs_vec2 s0, hs_vec2 e) {
    const double ee = hs__dot(e, e);
    const double t = ee > 0.0 ? hs__clamp(hs__dot(hs__sub(p, s0), e) / ee, 0.0, 1.0) : 0.0;
    return hs__add(s0, hs__scale(e, t));
}

static void hs__consider(hs_vec2 pa, hs_vec2 pb, double *best, hs_vec2 *best_a, hs_vec2 *best_b) {
    const hs_vec2 d = hs__sub(pb, pa);
    const double d2 = hs__dot(d, d);
    if (d2 < *best) {
        *best = d2;
        *best_a = pa;
        *best_b = pb;
    }
}

/* Any pair with a capsule: FORMAT.md 5.8 (SAT on the hulls, else the feature distance). */
static int hs__rounded(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    const double ra = a->type == HS_CIRCLE || a->type == HS_CAPSULE ? a->radius : 0.0;
    const double rb = b->type == HS_CIRCLE || b->type == HS_CAPSULE ? b->radius : 0.0;
    const double R = ra + rb;
    hs__axis best;
    double best_d2 = INFINITY, d;
    hs_vec2 pa = {0.0, 0.0}, pb = {0.0, 0.0};
    int i, j, inside;
    memset(&best, 0, sizeof best);
    hs__axes(a, b, 1.0, &best, 0);
    hs__axes(b, a, -1.0, &best, 0);
    inside = best.length_squared != 0.0 && best.raw < 0.0;
    if (inside) {
        const double length = sqrt(best.length_squared);
        out->depth = -best.raw / length + R;
        out->normal = hs__div(best.normal, length);
        return 1;
    }
    for (i = 0; i < a->n; ++i)
        for (j = 0; j < b->n; ++j)
            hs__consider(hs__point(a, i), hs__point(b, j), &best_d2, &pa, &pb);
    if (b->n >= 2)
        for (j = 0; j < b->n; ++j) {
            hs_vec2 w, e;
            e = hs__edge(b, j, &w);
            if (!(hs__dot(e, e) >= HS__MIN_EDGE * HS__MIN_EDGE))
                continue;
            for (i = 0; i < a->n; ++i) {
                const hs_vec2 p = hs__point(a, i);
                hs__consider(p, hs__nearest_on_segment(p, w, e), &best_d2, &pa, &pb);
            }
        }
    if (a->n >= 2)
        for (i = 0; i < a->n; ++i) {
            hs_vec2 v, e;
            e = hs__edge(a, i, &v);
            if (!(hs__dot(e, e) >= HS__MIN_EDGE * HS__MIN_EDGE))
                continue;
            for (j = 0; j < b->n; ++j) {
                const hs_vec2 p = hs__point(b, j);
                hs__consider(hs__nearest_on_segment(p, v, e), p, &best_d2, &pa, &pb);
            }
        }
    d = sqrt(best_d2);
    if (!(d - R <= HS__TOUCH))
        return 0;
    out->depth = R - d > 0.0 ? R - d : 0.0;
    if (d >= HS__MIN_EDGE)
        out->normal = hs__div(hs__sub(pb, pa), d);
    else if (best.length_squared != 0.0)
        out->normal = hs__div(best.normal, sqrt(best.length_squared));
    else
        out->normal = hs__vec(1.0, 0.0);
    return 1;
}

static int hs__collide(const hs__geom *a, const hs__geom *b, hs__contact *out) {
    int hit;
    if (a->type == HS_CAPSULE || b->type == HS_CAPSULE) {
        hit = hs__rounded(a, b, out);
    } else if (a->type == HS_POLYGON) {
        hit = b->type == HS_POLYGON ? hs__poly_poly(a, b, out)
              : b->type == HS_RECT  ? hs__poly_rect(a, b, out)
                                    : hs__poly_circle(a, b, out);
    } else if (a->type == HS_RECT) {
        if (b->type == HS_POLYGON) {
            hit = hs__poly_rect(b, a, out);
            out->normal = hs__scale(out->normal, -1.0);
        } else {
            hit = b->type == HS_RECT ? hs__rect_rect(a, b, out) : hs__rect_circle(a, b, out);
        }
    } else {
        if (b->type == HS_CIRCLE) {
            hit = hs__circle_circle(a, b, out);
        } else {
            hit = b->type == HS_POLYGON ? hs__poly_circle(b, a, out) : hs__rect_circle(b, a, out);
            out->normal = hs__scale(out->normal, -1.0);
        }
    }
    if (!hit)
        return 0;
    /* An overflowed result means nothing: no hit rather than NaN, or than a normal that an
       infinite edge length shrank to zero (FORMAT.md section 5). */
    return out->depth - out->depth == 0.0 && out->normal.x - out->normal.x == 0.0 &&
           out->normal.y - out->normal.y == 0.0 &&
           out->normal.x * out->normal.x + out->normal.y * out->normal.y >= 0.5;
}

int hs_hits(const hs_runtime *runtime, const hs_placement *attacker, const hs_placement *defender,
            const hs_layer_pair *pairs, int pair_count, hs_hit *out, int capacity) {
    const hs_frame *fa, *fd;
    int i, j, count = 0;
    if (!runtime || !attacker || !defender || !attacker->frame || !defender->frame)
        return 0;
    fa = attacker->frame;
    fd = defender->frame;
    for (i = 0; i < fa->shape_count; ++i) {
        const hs_shape *sa = &fa->shapes[fa->shape_order[i]];
        hs__geom ga;
        int prepared = 0;
        for (j = 0; j < fd->shape_count; ++j) {
            const hs_shape *sd = &fd->shapes[fd->shape_order[j]];
            hs__geom gd;
            hs__contact contact;
            if (!hs_layers_allowed(runtime, sa->layer, sd->layer, pairs, pair_count))
                continue;
            if (!prepared) {
                hs__geom_init(&ga, sa, attacker);
                prepared = 1;
            }
            hs__geom_init(&gd, sd, defender);
            if (!hs__collide(&ga, &gd, &contact))
                continue;
            if (out && count < capacity) {
                hs_hit *h = &out[count];
                h->a = fa->shape_order[i];
                h->b = fd->shape_order[j];
                h->a_id = sa->id;
                h->b_id = sd->id;
                h->a_layer = sa->layer;
                h->b_layer = sd->layer;
                h->depth = contact.depth;
                h->normal = contact.normal;
            }
            if (count < INT_MAX)
                ++count;
        }
    }
    return count;
}

int hs_versus(const hs_runtime *runtime, const hs_sprite *attacker, int attacker_frame,
              const hs_sprite *defender, int defender_frame, double dx, double dy, int same_facing,
              const hs_layer_pair *pairs, int pair_count, hs_hit *out, int capacity) {
    const hs_placement a = hs_place(attacker, attacker_frame, 0.0, 0.0, HS_FACING_RIGHT, 1);
    const hs_placement d = hs_place(defender, defender_frame, dx, dy,
                                    same_facing ? HS_FACING_RIGHT : HS_FACING_LEFT, 0);
    return hs_hits(runtime, &a, &d, pairs, pair_count, out, capacity);
}

#endif /* HITSMITH_IMPLEMENTATION_DONE */
#endif /* HITSMITH_IMPLEMENTATION */
