// libFuzzer harness for the C runtime loader (runtimes/c/hitsmith.h), which is no document format
// of the product: each input is loaded with hs_load (its exact length, no NUL after it); a loaded
// runtime is queried (frames at times, versus between its sprites both facings, default and
// explicit layers). Aborts when a refusal has no message, or a hit has a negative or non-finite
// depth or a normal that is not unit length.

#define HITSMITH_IMPLEMENTATION
#include "../../runtimes/c/hitsmith.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hs_error error;
    hs_runtime *rt = hs_load(reinterpret_cast<const char *>(data), size, &error);
    if (!rt) {
        if (error.code == HS_OK || error.message[0] == '\0') {
            std::fprintf(stderr, "refused without a code or message\n");
            std::abort();
        }
        return 0;
    }
    hs_hit hits[32];
    const double times[] = {0.0, 99.5, 100.0, -1.0, 1e9};
    const double offsets[] = {0.0, 12.5, -40.0};
    for (int s = 0; s < rt->sprite_count && s < 4; ++s) {
        const hs_sprite *attacker = &rt->sprites[s];
        const hs_sprite *defender = &rt->sprites[(s + 1) % rt->sprite_count];
        for (double t : times) {
            const int fa = hs_frame_at(attacker, t), fd = hs_frame_at(defender, t);
            if ((fa < 0) != (attacker->frame_count == 0) || fa >= attacker->frame_count) {
                std::fprintf(stderr, "frame %d of %d at %g\n", fa, attacker->frame_count, t);
                std::abort();
            }
            if (fa < 0 || fd < 0)
                continue;
            for (double dx : offsets) {
                for (int same = 0; same < 2; ++same) {
                    const hs_layer_pair pair = {"hitbox", "hurtbox"};
                    for (const hs_layer_pair *pairs :
                         {static_cast<const hs_layer_pair *>(nullptr), &pair}) {
                        const int n = hs_versus(rt, attacker, fa, defender, fd, dx, dx * 0.25, same,
                                                pairs, pairs ? 1 : 0, hits, 32);
                        for (int i = 0; i < n && i < 32; ++i) {
                            const double length = std::hypot(hits[i].normal.x, hits[i].normal.y);
                            if (!(hits[i].depth >= 0.0) || !std::isfinite(hits[i].depth) ||
                                !(std::fabs(length - 1.0) < 1e-6)) {
                                std::fprintf(stderr, "bad hit %s/%s depth %g normal (%g, %g)\n",
                                             hits[i].a_id, hits[i].b_id, hits[i].depth,
                                             hits[i].normal.x, hits[i].normal.y);
                                std::abort();
                            }
                        }
                    }
                }
            }
        }
    }
    hs_free(rt);
    return 0;
}
