#!/usr/bin/env python3
"""Random differential check of conformance drivers (a development aid next to
check-lua-csharp.sh; the ctest harness is the authority).

differential.py [--seed N] [--queries N] [--cli HITSMITH_CLI] [--capsules] DRIVER...

Generates a random Hitsmith document (rects at any angle and at multiples of 90 degrees,
circles, convex polygons, root motion, several layers), and, with --cli, exports it with
`hitsmith-cli export --format runtime` and takes `hitsmith-cli versus` as the reference for every
query (frame chosen from the durations here, independently of the loaders). Without --cli (or
with --capsules, which the product's versus does not know yet) the runtime file is written
directly and the first driver is the reference. Every DRIVER (a conformance executable) must
print the same pairs, with depth and normal within 1e-6. Exit 1 on any difference."""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile

TOL = 1e-6
LAYERS = ["hitbox", "hurtbox", "pushbox"]


def convex_polygon(rng, cx, cy, size):
    n = rng.randint(3, 7)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    pts = [(cx + size * math.cos(a) * rng.uniform(0.6, 1.0), cy + size * math.sin(a) * rng.uniform(0.6, 1.0))
           for a in angles]
    # the hull, so that the polygon is convex
    pts = sorted(set((round(x, 3), round(y, 3)) for x, y in pts))
    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    hull = lower[:-1] + upper[:-1]
    if len(hull) < 3 or abs(sum(cross(hull[0], hull[i], hull[i + 1]) for i in range(1, len(hull) - 1))) < 20:
        return None
    if rng.random() < 0.5:
        hull.reverse()
    return [list(p) for p in hull]


def shape(rng, i, capsules):
    kinds = ["rect", "circle", "polygon"] + (["capsule"] if capsules else [])
    kind = rng.choice(kinds)
    cx, cy = rng.uniform(-30, 30), rng.uniform(-60, 0)
    s = {"id": f"s{i}", "layer": rng.choice(LAYERS), "type": kind}
    if kind == "rect":
        angle = rng.choice([0, 90, 180, 270, -90, 45, rng.uniform(-180, 180), round(rng.uniform(-400, 400), 1)])
        s.update(center=[round(cx, 2), round(cy, 2)], size=[round(rng.uniform(2, 30), 2), round(rng.uniform(2, 30), 2)],
                 angle=angle)
    elif kind == "circle":
        s.update(center=[round(cx, 2), round(cy, 2)], radius=round(rng.uniform(1, 15), 2))
    elif kind == "polygon":
        pts = convex_polygon(rng, cx, cy, rng.uniform(4, 20))
        if pts is None:
            return None
        s.update(points=pts)
    else:
        a = rng.uniform(0, 2 * math.pi)
        half = rng.choice([0, rng.uniform(2, 20)])
        s.update(ends=[[round(cx - half * math.cos(a), 2), round(cy - half * math.sin(a), 2)],
                       [round(cx + half * math.cos(a), 2), round(cy + half * math.sin(a), 2)]],
                 radius=round(rng.uniform(1, 8), 2))
    return s


def document(rng, capsules):
    sprites = []
    for k in range(3):
        frames = []
        for f in range(rng.randint(1, 4)):
            shapes = [s for s in (shape(rng, i, capsules) for i in range(rng.randint(1, 5))) if s]
            frame = {"name": f"f{f}", "origin": [rng.randint(0, 40), rng.randint(0, 80)],
                     "duration": rng.choice([16, 33, 50, 100, 120]), "shapes": shapes}
            if rng.random() < 0.6:
                frame["motion"] = [rng.choice([0, 3, -2.5, 7]), rng.choice([0, 0, -1.5, 2])]
            # the document's coordinates are image pixels: add the origin back
            ox, oy = frame["origin"]
            for s in shapes:
                for key in ("center",):
                    if key in s:
                        s[key] = [s[key][0] + ox, s[key][1] + oy]
                for key in ("points", "ends"):
                    if key in s:
                        s[key] = [[x + ox, y + oy] for x, y in s[key]]
            frames.append(frame)
        sprites.append({"name": f"sp{k}", "frames": frames})
    return {"format": "hitsmith", "version": 1, "collide": [["hitbox", "hurtbox"], ["pushbox", "pushbox"]],
            "layers": [{"name": n, "color": "#808080"} for n in LAYERS], "sprites": sprites}


def runtime_of(doc):
    """The runtime file for doc, per FORMAT.md section 1 (used when there is no CLI)."""
    sprites = []
    for sp in doc["sprites"]:
        frames = []
        for f in sp["frames"]:
            ox, oy = f["origin"]
            shapes = []
            for s in f["shapes"]:
                t = dict(s)
                if "center" in t:
                    t["center"] = [t["center"][0] - ox, t["center"][1] - oy]
                for key in ("points", "ends"):
                    if key in t:
                        t[key] = [[x - ox, y - oy] for x, y in t[key]]
                shapes.append(t)
            frames.append({"name": f["name"], "duration_ms": f["duration"], "origin": f["origin"],
                           "motion": f.get("motion", [0, 0]), "shapes": shapes})
        sprites.append({"name": sp["name"], "frames": frames})
    return {"format": "hitsmith-runtime", "version": 1, "layers": sorted(LAYERS), "attack_layer": "hitbox",
            "collide": doc["collide"], "sprites": sprites}


def frame_at(frames, t):
    total = sum(f["duration"] for f in frames)
    u = math.fmod(t, total)
    if u < 0:
        u += total
    if u >= total:
        u = 0.0
    start = 0
    for k, f in enumerate(frames):
        if u < start + f["duration"]:
            return k
        start += f["duration"]
    return len(frames) - 1


def queries(rng, doc, n):
    out = []
    for _ in range(n):
        a, d = rng.choice(doc["sprites"]), rng.choice(doc["sprites"])
        def time(frames):
            starts = [0]
            for f in frames:
                starts.append(starts[-1] + f["duration"])
            return rng.choice([rng.choice(starts), rng.uniform(-500, 1500), rng.choice(starts) + 0.5,
                               rng.choice(starts) - 1e-9, 1e6 + rng.randint(0, 999)])
        q = {"attacker": a["name"], "attacker_time_ms": time(a["frames"]), "defender": d["name"],
             "defender_time_ms": time(d["frames"]), "dx": round(rng.uniform(-20, 60), 3),
             "dy": round(rng.uniform(-20, 20), 3), "same_facing": rng.random() < 0.3,
             "layers": rng.choice([None, None, [["hitbox", "hurtbox"]], [["hurtbox", "hitbox"], ["pushbox", "pushbox"]]])}
        out.append(q)
    return out


def reference_by_cli(cli, doc_path, doc, qs):
    lines = []
    for q in qs:
        sa = next(s for s in doc["sprites"] if s["name"] == q["attacker"])
        sd = next(s for s in doc["sprites"] if s["name"] == q["defender"])
        fa = sa["frames"][frame_at(sa["frames"], q["attacker_time_ms"])]["name"]
        fd = sd["frames"][frame_at(sd["frames"], q["defender_time_ms"])]["name"]
        args = [cli, "versus", doc_path, "--attacker", f"{sa['name']}/{fa}", "--defender", f"{sd['name']}/{fd}",
                f"--dx={q['dx']!r}", f"--dy={q['dy']!r}"]
        if q["same_facing"]:
            args.append("--same-facing")
        if q["layers"]:
            args += ["--layers", ",".join(f"{x}:{y}" for x, y in q["layers"])]
        out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
        hits = json.loads(out)["hits"]
        hits.sort(key=lambda h: (h["a"].encode(), h["b"].encode()))
        lines.append({"hits": hits})
    return lines


# An independent geometry check: the minimum translation vector of B out of A, from support
# functions (FORMAT.md sections 3 and 5 read directly; nothing shared with the loaders).
def placed_points(shape, x, y, s, rx, ry):
    def m(p):
        return (x + s * (p[0] + rx), y + (p[1] + ry))
    t = shape["type"]
    if t == "rect":
        cx, cy = m(shape["center"])
        angle = math.radians(shape.get("angle", 0) * (1 if s > 0 else -1))
        c, si = math.cos(angle), math.sin(angle)
        hx, hy = shape["size"][0] / 2, shape["size"][1] / 2
        return [(cx + c * u - si * v, cy + si * u + c * v) for u, v in ((-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy))], 0.0
    if t == "circle":
        return [m(shape["center"])], shape["radius"]
    if t == "polygon":
        return [m(p) for p in shape["points"]], 0.0
    return [m(p) for p in shape["ends"]], shape["radius"]


def mtv(a, b):
    """(depth, theta) minimising the separating distance h_A(u) + h_B(-u) over unit u."""
    (pa, ra), (pb, rb) = a, b
    def f(theta):
        ux, uy = math.cos(theta), math.sin(theta)
        return (max(x * ux + y * uy for x, y in pa) + ra + max(-(x * ux + y * uy) for x, y in pb) + rb)
    candidates = [2 * math.pi * k / 720 for k in range(720)]
    for pts in (pa, pb):
        for i in range(len(pts)):
            for j in range(len(pts)):
                if i != j:
                    ex, ey = pts[j][0] - pts[i][0], pts[j][1] - pts[i][1]
                    if ex or ey:
                        candidates.append(math.atan2(-ex, ey))
    scored = sorted((f(t), t) for t in candidates)
    best = scored[0]
    step = 2 * math.pi / 720
    for _, t in scored[:6]:
        lo, hi = t - step, t + step
        g = (math.sqrt(5) - 1) / 2
        x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
        f1, f2 = f(x1), f(x2)
        for _ in range(80):
            if f1 < f2:
                hi, x2, f2 = x2, x1, f1
                x1 = hi - g * (hi - lo)
                f1 = f(x1)
            else:
                lo, x1, f1 = x1, x2, f2
                x2 = lo + g * (hi - lo)
                f2 = f(x2)
        best = min(best, (f1, x1), (f2, x2))
    return best, f


def oracle_check(runtime, q, hits):
    """Problems with one query's hits against the support-function oracle."""
    sprites = {sp["name"]: sp for sp in runtime["sprites"]}
    def frame(sp, t):
        return sp["frames"][frame_at([{"duration": f["duration_ms"]} for f in sp["frames"]], t)], \
            frame_at([{"duration": f["duration_ms"]} for f in sp["frames"]], t)
    fa, ka = frame(sprites[q["attacker"]], q["attacker_time_ms"])
    fd, _ = frame(sprites[q["defender"]], q["defender_time_ms"])
    rx = sum(f["motion"][0] for f in sprites[q["attacker"]]["frames"][:ka + 1])
    ry = sum(f["motion"][1] for f in sprites[q["attacker"]]["frames"][:ka + 1])
    sd = 1 if q["same_facing"] else -1
    def allowed(la, ld):
        if q["layers"]:
            return [la, ld] in q["layers"]
        return la == runtime["attack_layer"] and ([la, ld] in runtime["collide"] or [ld, la] in runtime["collide"])
    got = {(h["a"], h["b"]): h for h in hits}
    problems = []
    for a in fa["shapes"]:
        for d in fd["shapes"]:
            if not allowed(a["layer"], d["layer"]):
                continue
            (fmin, theta), f = mtv(placed_points(a, 0.0, 0.0, 1, rx, ry), placed_points(d, q["dx"], q["dy"], sd, 0, 0))
            h = got.get((a["id"], d["id"]))
            if h is None:
                if fmin > 1e-7:
                    problems.append(f"{a['id']}/{d['id']}: oracle depth {fmin}, no hit")
                continue
            if fmin < -1e-7:
                problems.append(f"{a['id']}/{d['id']}: hit {h['depth']} but oracle gap {-fmin}")
                continue
            nx, ny = h["normal"]
            along = f(math.atan2(ny, nx))
            if abs(h["depth"] - max(fmin, 0.0)) > TOL or abs(math.hypot(nx, ny) - 1) > TOL or abs(along - fmin) > TOL:
                problems.append(f"{a['id']}/{d['id']}: depth {h['depth']} normal {h['normal']}, "
                                f"oracle {fmin} at ({math.cos(theta)}, {math.sin(theta)})")
    return problems


def same(ref, got):
    if len(ref["hits"]) != len(got.get("hits", [])):
        return False
    for r, g in zip(ref["hits"], got["hits"]):
        if r["a"] != g["a"] or r["b"] != g["b"]:
            return False
        if abs(r["depth"] - g["depth"]) > TOL or any(abs(x - y) > TOL for x, y in zip(r["normal"], g["normal"])):
            return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--cli")
    ap.add_argument("--capsules", action="store_true")
    ap.add_argument("--oracle", action="store_true", help="also check the reference with support functions")
    ap.add_argument("drivers", nargs="+")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    doc = document(rng, args.capsules)
    qs = queries(rng, doc, args.queries)
    with tempfile.TemporaryDirectory() as tmp:
        doc_path, rt_path, q_path = (os.path.join(tmp, n) for n in ("doc.json", "rt.json", "q.json"))
        with open(doc_path, "w") as f:
            json.dump(doc, f)
        with open(q_path, "w") as f:
            json.dump(qs, f)
        use_cli = args.cli and not args.capsules
        if use_cli:
            subprocess.run([args.cli, "export", "--format", "runtime", doc_path, "-o", rt_path], check=True)
        else:
            with open(rt_path, "w") as f:
                json.dump(runtime_of(doc), f)
        results = {}
        for driver in args.drivers:
            p = subprocess.run([driver, rt_path, q_path], capture_output=True, text=True)
            if p.returncode != 0:
                print(f"{driver}: exit {p.returncode}: {p.stderr[:300]}", file=sys.stderr)
                return 1
            results[driver] = [json.loads(line) for line in p.stdout.splitlines()]
        ref = reference_by_cli(args.cli, doc_path, doc, qs) if use_cli else results[args.drivers[0]]
        bad = 0
        hits = sum(len(r["hits"]) for r in ref)
        for driver, lines in results.items():
            if len(lines) != len(qs):
                print(f"{driver}: {len(lines)} lines for {len(qs)} queries", file=sys.stderr)
                bad += 1
                continue
            for i, (r, g) in enumerate(zip(ref, lines)):
                if not same(r, g):
                    bad += 1
                    if bad <= 5:
                        print(f"{driver} query {i} {json.dumps(qs[i])}:\n  ref {json.dumps(r)}\n  got {json.dumps(g)}",
                              file=sys.stderr)
        if args.oracle:
            with open(rt_path) as f:
                runtime = json.load(f)
            for i, (q, r) in enumerate(zip(qs, ref)):
                for problem in oracle_check(runtime, q, r["hits"]):
                    bad += 1
                    if bad <= 10:
                        print(f"oracle, query {i} {json.dumps(q)}: {problem}", file=sys.stderr)
        print(f"seed {args.seed}: {len(qs)} queries, {hits} reference hits, "
              f"reference {'hitsmith-cli versus' if use_cli else args.drivers[0]}, {bad} differences")
        return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
