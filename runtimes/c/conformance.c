/* The C loader's conformance driver (runtimes/FORMAT.md section 7):
   conformance RUNTIME.json QUERIES.json prints one line of hits per query. */
#define HITSMITH_IMPLEMENTATION
#include "hitsmith.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    size_t size = 0, capacity = 0, n;
    if (!f)
        return NULL;
    for (;;) {
        if (capacity - size < 65536) {
            char *bigger;
            capacity = capacity ? capacity * 2 : 65536;
            bigger = (char *)realloc(data, capacity);
            if (!bigger) {
                free(data);
                fclose(f);
                return NULL;
            }
            data = bigger;
        }
        n = fread(data + size, 1, capacity - size, f);
        size += n;
        if (n == 0)
            break;
    }
    fclose(f);
    *length = size;
    return data;
}

static void print_string(const char *s) {
    putchar('"');
    for (; *s; ++s) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void print_number(double v) {
    if (v == 0.0)
        v = 0.0; /* no -0 */
    printf("%.17g", v);
}

static void query_error(const char *message) {
    printf("{\"error\":");
    print_string(message);
    printf("}\n");
}

static int number_member(const hs__value *q, const char *key, double *out) {
    const hs__value *v = hs__member(q, key);
    if (!v || v->type != HS__NUMBER)
        return 0;
    *out = v->number;
    return 1;
}

static void answer(const hs_runtime *rt, const hs__value *q) {
    const hs__value *va = hs__member(q, "attacker"), *vd = hs__member(q, "defender");
    const hs__value *vs = hs__member(q, "same_facing"), *vl = hs__member(q, "layers");
    const hs_sprite *a, *d;
    double ta, td, dx, dy;
    int fa, fd, same = 0, count, i, pair_count = 0;
    hs_layer_pair *pairs = NULL;
    hs_hit *hits;
    char message[300];
    if (q->type != HS__OBJECT) {
        query_error("a query must be an object");
        return;
    }
    if (!va || va->type != HS__STRING || !vd || vd->type != HS__STRING) {
        query_error("attacker and defender must be sprite names");
        return;
    }
    if (!number_member(q, "attacker_time_ms", &ta) || !number_member(q, "defender_time_ms", &td) ||
        !number_member(q, "dx", &dx) || !number_member(q, "dy", &dy)) {
        query_error("attacker_time_ms, defender_time_ms, dx and dy must be numbers");
        return;
    }
    {
        /* A number beyond the double range reads as an infinity (FORMAT.md section 7): the
           query cannot be answered, as with the other drivers. */
        const char *names[4] = {"attacker_time_ms", "defender_time_ms", "dx", "dy"};
        const double values[4] = {ta, td, dx, dy};
        int i;
        for (i = 0; i < 4; ++i) {
            if (!(values[i] - values[i] == 0.0)) {
                snprintf(message, sizeof message, "%s is not finite", names[i]);
                query_error(message);
                return;
            }
        }
    }
    if (vs && vs->type != HS__NULL) {
        if (vs->type != HS__TRUE && vs->type != HS__FALSE) {
            query_error("same_facing must be true or false");
            return;
        }
        same = vs->type == HS__TRUE;
    }
    a = hs_find_sprite(rt, va->string);
    d = hs_find_sprite(rt, vd->string);
    if (!a || !d) {
        snprintf(message, sizeof message, "no sprite named \"%.200s\"", a ? vd->string : va->string);
        query_error(message);
        return;
    }
    fa = hs_frame_at(a, ta);
    fd = hs_frame_at(d, td);
    if (fa < 0 || fd < 0) {
        snprintf(message, sizeof message, "sprite \"%.200s\" has no frames",
                 fa < 0 ? a->name : d->name);
        query_error(message);
        return;
    }
    if (vl && vl->type != HS__NULL) {
        const hs__value *item;
        if (vl->type != HS__ARRAY) {
            query_error("layers must be a list of [attacker, defender] pairs or null");
            return;
        }
        pairs = (hs_layer_pair *)malloc((vl->length + 1) * sizeof *pairs);
        if (!pairs) {
            query_error("out of memory");
            return;
        }
        for (item = vl->child; item; item = item->next) {
            if (item->type != HS__ARRAY || item->length != 2 || item->child->type != HS__STRING ||
                item->child->next->type != HS__STRING) {
                free(pairs);
                query_error("layers must be a list of [attacker, defender] pairs or null");
                return;
            }
            pairs[pair_count].attacker = item->child->string;
            pairs[pair_count].defender = item->child->next->string;
            ++pair_count;
        }
    }
    count = hs_versus(rt, a, fa, d, fd, dx, dy, same, pairs, pair_count, NULL, 0);
    hits = (hs_hit *)malloc(((size_t)count + 1) * sizeof *hits);
    if (!hits) {
        free(pairs);
        query_error("out of memory");
        return;
    }
    count = hs_versus(rt, a, fa, d, fd, dx, dy, same, pairs, pair_count, hits, count);
    printf("{\"hits\":[");
    for (i = 0; i < count; ++i) {
        printf(i ? ",{\"a\":" : "{\"a\":");
        print_string(hits[i].a_id);
        printf(",\"b\":");
        print_string(hits[i].b_id);
        printf(",\"a_layer\":");
        print_string(hits[i].a_layer);
        printf(",\"b_layer\":");
        print_string(hits[i].b_layer);
        printf(",\"depth\":");
        print_number(hits[i].depth);
        printf(",\"normal\":[");
        print_number(hits[i].normal.x);
        putchar(',');
        print_number(hits[i].normal.y);
        printf("]}");
    }
    printf("]}\n");
    free(hits);
    free(pairs);
}

int main(int argc, char **argv) {
    char *text, *queries_text;
    size_t length, queries_length;
    hs_error error;
    hs_runtime *rt;
    hs__arena arena = {NULL, NULL};
    hs__value *queries, *q;
    if (argc != 3) {
        fprintf(stderr, "usage: conformance RUNTIME.json QUERIES.json\n");
        return 2;
    }
    text = read_file(argv[1], &length);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 1;
    }
    rt = hs_load(text, length, &error);
    free(text);
    if (!rt) {
        fprintf(stderr, "%s: %s\n", argv[1], error.message);
        return 1;
    }
    queries_text = read_file(argv[2], &queries_length);
    if (!queries_text) {
        fprintf(stderr, "%s: cannot read\n", argv[2]);
        hs_free(rt);
        return 1;
    }
    error.code = HS_OK;
    queries = hs__parse_with(queries_text, queries_length, &arena, &error, 1);
    free(queries_text);
    if (!queries || queries->type != HS__ARRAY) {
        fprintf(stderr, "%s: %s\n", argv[2],
                queries ? "must be a JSON array of queries" : error.message);
        hs__arena_free(&arena);
        hs_free(rt);
        return 1;
    }
    for (q = queries->child; q; q = q->next)
        answer(rt, q);
    hs__arena_free(&arena);
    hs_free(rt);
    return fflush(stdout) == 0 ? 0 : 1;
}
