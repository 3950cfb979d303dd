#!/usr/bin/env python3
"""A generated character for the moveset chart and its timing (docs/collision.md, issue 29).

python3 scripts/make-moveset-demo.py MOVES [SEED [KEEP]] > moves.json prints a Hitsmith document with
MOVES sprites (6 to 12 frames, two attack shapes per active frame jumping up to 80 px, root
motion on every frame) and a defender "dummy" (frames "thin": a 1.5 px pole, "wide": torso and
head). docs/moveset.png: `make-moveset-demo.py 40 1 6`, against dummy/thin:
  hitsmith-cli moveset moves.json --defender dummy/thin --svg chart.svg
"""
import json, random, math, sys
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
moves = int(sys.argv[1])
keep = int(sys.argv[3]) if len(sys.argv) > 3 else moves  # only the first KEEP moves are printed
sprites = []
for m in range(moves):
    frames = []
    n = random.randint(6, 12)
    first = random.randint(1, 3); last = random.randint(first + 1, n - 1)
    typ = random.randint(0, 2); radius = random.uniform(2, 8)
    for f in range(n):
        shapes = [{"id": "body", "layer": "hurtbox", "type": "rect", "center": [30, 40], "size": [16, 36], "angle": 0},
                  {"id": "head", "layer": "hurtbox", "type": "circle", "center": [30, 15], "radius": 7}]
        if first <= f <= last:
            for k in range(2):
                c = [random.uniform(20, 100), random.uniform(10, 60)]
                sid = "a%d" % k
                if typ == 0:
                    shapes.append({"id": sid, "layer": "hitbox", "type": "rect", "center": c, "size": [random.uniform(3, 20), random.uniform(2, 10)], "angle": random.uniform(-90, 90)})
                elif typ == 1:
                    pts = []
                    npts = random.randint(3, 6)
                    for i in range(npts):
                        t = 2 * math.pi * (i + random.uniform(-.3, .3)) / npts
                        pts.append([c[0] + 8 * math.cos(t), c[1] + 6 * math.sin(t)])
                    shapes.append({"id": sid, "layer": "hitbox", "type": "polygon", "points": pts})
                else:
                    shapes.append({"id": sid, "layer": "hitbox", "type": "circle", "center": c, "radius": radius})
        frames.append({"name": "f%d" % f, "origin": [30, 60], "motion": [random.uniform(-2, 12), random.uniform(-3, 3)], "shapes": shapes})
    if m < keep:
        sprites.append({"name": "move-%d" % m, "frames": frames})
sprites.append({"name": "dummy", "frames": [{"name": "thin", "origin": [10, 60], "shapes": [{"id": "pole", "layer": "hurtbox", "type": "rect", "center": [10, 30], "size": [1.5, 60], "angle": 0}]},
    {"name": "wide", "origin": [10, 60], "shapes": [{"id": "torso", "layer": "hurtbox", "type": "rect", "center": [10, 35], "size": [18, 40], "angle": 0}, {"id": "head", "layer": "hurtbox", "type": "circle", "center": [10, 8], "radius": 6}]}]})
print(json.dumps({"format": "hitsmith", "version": 1, "collide": [["hitbox", "hurtbox"]], "sprites": sprites}))
