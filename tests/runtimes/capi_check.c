/* Checks of runtimes/c/hitsmith.h's C API that the conformance driver does not reach: the
   user allocator (every block given back, an allocator failing at each call in turn gives
   HS_ERROR_MEMORY and leaks nothing), frame lookup at and around boundaries, root positions,
   mirrored placement, error messages that name the path, hit capacity, properties and reading
   numbers under a locale with a decimal comma. Prints "ok" or the failures; exit 0 or 1. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct counter {
    long allocs, frees, fail_at;
} counter;

static void *counting_malloc(size_t size, void *user) {
    counter *c = (counter *)user;
    if (!c)
        return malloc(size);
    if (c->fail_at > 0 && c->allocs + 1 >= c->fail_at)
        return NULL;
    ++c->allocs;
    return malloc(size);
}

static void counting_free(void *p, void *user) {
    counter *c = (counter *)user;
    if (c && p)
        ++c->frees;
    free(p);
}

#define HITSMITH_MALLOC(size, user) counting_malloc(size, user)
#define HITSMITH_FREE(pointer, user) counting_free(pointer, user)
#define HITSMITH_IMPLEMENTATION
#include "hitsmith.h"

static int failures = 0;

#define CHECK(condition)                                                                          \
    do {                                                                                          \
        if (!(condition)) {                                                                       \
            printf("FAIL line %d: %s\n", __LINE__, #condition);                                   \
            ++failures;                                                                           \
        }                                                                                         \
    } while (0)

static const char *kText =
    "{\"format\":\"hitsmith-runtime\",\"version\":1,\"tick_rate\":60,"
    "\"layers\":[\"hitbox\",\"hurtbox\"],\"attack_layer\":\"hitbox\","
    "\"collide\":[[\"hitbox\",\"hurtbox\"]],\"sprites\":["
    "{\"name\":\"knight\",\"frames\":["
    "{\"name\":\"a\",\"duration_ms\":100,\"ticks\":6,\"origin\":[32,62],\"motion\":[3,0],"
    "\"properties\":{\"damage\":12.5,\"kind\":\"slash\",\"air\":true},"
    "\"shapes\":[{\"id\":\"z\",\"layer\":\"hitbox\",\"type\":\"rect\",\"center\":[10,-5],"
    "\"size\":[20,40],\"angle\":0},"
    "{\"id\":\"b\",\"layer\":\"hitbox\",\"type\":\"circle\",\"center\":[10,-5],\"radius\":4}],"
    "\"points\":[{\"id\":\"tip\",\"layer\":\"points\",\"position\":[20,-5]}]},"
    "{\"name\":\"b\",\"duration_ms\":50,\"ticks\":3,\"origin\":[0,0],\"motion\":[18,0],"
    "\"shapes\":[]},"
    "{\"name\":\"c\",\"duration_ms\":1,\"ticks\":0,\"origin\":[0,0],\"motion\":[5,-1],"
    "\"shapes\":[]}]},"
    "{\"name\":\"slime\",\"frames\":[{\"name\":\"idle\",\"duration_ms\":100,\"ticks\":6,"
    "\"origin\":[0,0],\"motion\":[0,0],\"shapes\":["
    "{\"id\":\"body\",\"layer\":\"hurtbox\",\"type\":\"polygon\","
    "\"points\":[[-10,-10],[10,-10],[10,0],[-10,0]]},"
    "{\"id\":\"arm\",\"layer\":\"hurtbox\",\"type\":\"capsule\",\"ends\":[[0,-10],[0,-20]],"
    "\"radius\":3}]}]}]}";

static void check_allocator(void) {
    counter c = {0, 0, 0};
    hs_error error;
    hs_runtime *rt = hs_load_with(kText, strlen(kText), &c, &error);
    long total, k;
    CHECK(rt != NULL && error.code == HS_OK);
    hs_free(rt);
    CHECK(c.allocs > 0 && c.allocs == c.frees);
    total = c.allocs;
    /* Fail the k-th allocation for every k: an error, never a leak or a crash. */
    for (k = 1; k <= total + 1; ++k) {
        counter f = {0, 0, 0};
        f.fail_at = k;
        rt = hs_load_with(kText, strlen(kText), &f, &error);
        if (k <= total) {
            CHECK(rt == NULL && error.code == HS_ERROR_MEMORY);
        } else {
            CHECK(rt != NULL);
            hs_free(rt);
        }
        CHECK(f.allocs == f.frees);
    }
}

static void check_queries(void) {
    hs_error error;
    hs_runtime *rt = hs_load(kText, strlen(kText), &error);
    const hs_sprite *knight, *slime;
    hs_placement p;
    hs_vec2 v, local;
    hs_hit hits[4];
    int n;
    CHECK(rt != NULL);
    if (!rt)
        return;
    knight = hs_find_sprite(rt, "knight");
    slime = hs_find_sprite(rt, "slime");
    CHECK(knight && slime && !hs_find_sprite(rt, "nobody"));
    if (!knight || !slime)
        return;
    CHECK(rt->tick_rate == 60.0 && knight->frames[1].ticks == 3);
    CHECK(knight->total_ms == 151.0);
    /* Frames cover [start, start + duration), looping. */
    CHECK(hs_frame_at(knight, 0.0) == 0);
    CHECK(hs_frame_at(knight, 99.999) == 0);
    CHECK(hs_frame_at(knight, 100.0) == 1);
    CHECK(hs_frame_at(knight, 149.5) == 1);
    CHECK(hs_frame_at(knight, 150.0) == 2);
    CHECK(hs_frame_at(knight, 150.9) == 2);
    CHECK(hs_frame_at(knight, 151.0) == 0);
    CHECK(hs_frame_at(knight, 251.0) == 1);
    CHECK(hs_frame_at(knight, -1.0) == 2);
    CHECK(hs_frame_at(knight, -151.0) == 0);
    CHECK(hs_frame_at(knight, -50.5) == 1);
    CHECK(hs_frame_at(knight, 1e6) == 0); /* 1e6 mod 151 = 78 */
    CHECK(hs_frame_at(knight, NAN) == -1 && hs_frame_at(knight, INFINITY) == -1);
    /* Root positions: motion summed over frames 0..k. */
    CHECK(knight->frames[0].root.x == 3.0 && knight->frames[1].root.x == 21.0);
    CHECK(knight->frames[2].root.x == 26.0 && knight->frames[2].root.y == -1.0);
    /* Facing left mirrors about the origin, root motion included (it is a step forward). */
    p = hs_place(knight, 1, 100.0, 7.0, HS_FACING_LEFT, 1);
    local.x = 10.0;
    local.y = -5.0;
    v = hs_place_point(&p, local);
    CHECK(v.x == 100.0 - (10.0 + 21.0) && v.y == 2.0);
    p = hs_place(knight, 1, 100.0, 7.0, HS_FACING_RIGHT, 0);
    v = hs_place_point(&p, local);
    CHECK(v.x == 110.0 && v.y == 2.0);
    /* Properties and points. */
    CHECK(knight->frames[0].property_count == 3);
    CHECK(knight->frames[0].properties[0].type == HS_PROPERTY_NUMBER &&
          knight->frames[0].properties[0].number == 12.5);
    CHECK(knight->frames[0].properties[1].type == HS_PROPERTY_STRING &&
          strcmp(knight->frames[0].properties[1].string, "slash") == 0);
    CHECK(knight->frames[0].properties[2].type == HS_PROPERTY_BOOL &&
          knight->frames[0].properties[2].boolean == 1);
    CHECK(knight->frames[0].point_count == 1 && knight->frames[0].points[0].position.x == 20.0);
    /* Hits sorted by id ("b" before "z"), the count returned past the capacity. Knight frame 0
       (root (3, 0)): rect z spans x 3..23, y -25..15; circle b has centre (13, -5), radius 4. The
       slime faces it at dx 20: body x 10..30, y -10..0; capsule arm core x 20, y -20..-10,
       radius 3. b/body: the centre is 3 inside the body's left side: depth 4 + 3, the body
       pushed +x. z/body: 13 along x beats 25 along y. z/arm: 23 - 20 + 3 along x. b/arm: the
       circle is sqrt(74) > 7 from the core: no hit. */
    n = hs_versus(rt, knight, 0, slime, 0, 20.0, 0.0, 0, NULL, 0, hits, 1);
    CHECK(n == 3);
    CHECK(strcmp(hits[0].a_id, "b") == 0 && strcmp(hits[0].b_id, "body") == 0);
    n = hs_versus(rt, knight, 0, slime, 0, 20.0, 0.0, 0, NULL, 0, hits, 4);
    CHECK(n == 3);
    CHECK(fabs(hits[0].depth - 7.0) < 1e-12 && hits[0].normal.x == 1.0 && hits[0].normal.y == 0.0);
    CHECK(strcmp(hits[1].a_id, "z") == 0 && strcmp(hits[1].b_id, "arm") == 0);
    CHECK(fabs(hits[1].depth - 6.0) < 1e-12 && hits[1].normal.x == 1.0 && hits[1].normal.y == 0.0);
    CHECK(strcmp(hits[2].a_id, "z") == 0 && strcmp(hits[2].b_id, "body") == 0);
    CHECK(fabs(hits[2].depth - 13.0) < 1e-12 && hits[2].normal.x == 1.0 && hits[2].normal.y == 0.0);
    {
        hs_layer_pair none = {"hurtbox", "hitbox"};
        CHECK(hs_versus(rt, knight, 0, slime, 0, 20.0, 0.0, 0, &none, 1, hits, 4) == 0);
    }
    hs_free(rt);
}

static void check_errors(void) {
    hs_error error;
    const char *bad =
        "{\"format\":\"hitsmith-runtime\",\"version\":1,\"sprites\":[{\"name\":\"a\",\"frames\":"
        "[{\"name\":\"f\",\"duration_ms\":100,\"origin\":[0,0],\"motion\":[0,0],\"shapes\":"
        "[{\"id\":\"c\",\"layer\":\"x\",\"type\":\"circle\",\"center\":[0,0],\"radius\":-2}]}]}]}";
    CHECK(hs_load(bad, strlen(bad), &error) == NULL);
    CHECK(error.code == HS_ERROR_SCHEMA);
    CHECK(strstr(error.message, "sprites[0].frames[0].shapes[0].radius") != NULL);
    {
        const char *v3 = "{\"format\":\"hitsmith-runtime\",\"version\":3,\"sprites\":[]}";
        CHECK(hs_load(v3, strlen(v3), &error) == NULL && error.code == HS_ERROR_VERSION);
    }
    CHECK(hs_load("[", 1, &error) == NULL && error.code == HS_ERROR_SYNTAX);
    CHECK(hs_load(NULL, 0, &error) == NULL && error.code == HS_ERROR_ARGUMENT);
    /* Length is honoured: the text need not end with a NUL. */
    CHECK(hs_load(kText, strlen(kText) - 1, &error) == NULL && error.code == HS_ERROR_SYNTAX);
}

static void check_locale(void) {
    hs_error error;
    hs_runtime *rt;
    const char *locales[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "ru_RU.UTF-8", NULL};
    int i;
    for (i = 0; locales[i]; ++i)
        if (setlocale(LC_NUMERIC, locales[i]))
            break;
    if (!locales[i])
        printf("note: no locale with a decimal comma installed; the locale check ran in C\n");
    else if (localeconv()->decimal_point[0] == ',')
        printf("locale: %s, decimal point ','\n", locales[i]);
    rt = hs_load(kText, strlen(kText), &error);
    CHECK(rt && rt->sprites[0].frames[0].properties[0].number == 12.5);
    hs_free(rt);
    setlocale(LC_NUMERIC, "C");
}

int main(void) {
    check_allocator();
    check_queries();
    check_errors();
    check_locale();
    if (failures)
        return 1;
    printf("ok\n");
    return 0;
}
