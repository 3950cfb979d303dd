#!/usr/bin/python3
"""Side by side: Hitsmith's trace against an independent pipeline on the same masks.

    bench/trace/compare.py DUMP_DIR NODE_DIR

DUMP_DIR holds what `bench_trace DUMP_DIR` wrote (mask PNG + our outlines/pieces JSON per
sprite). The independent pipeline: scikit-image find_contours (8-connected solid, level 0.5,
outer contours only: holes are ignored like ours) + approximate_polygon at the same 1 px
tolerance, then poly-decomp's quickDecomp (npm, installed into NODE_DIR if missing). poly-decomp
also runs on *our* simplified outlines, for a same-outline piece count. Every polygon is measured
by this script with one rasterizer (pixel centres) and one validity check, so both pipelines are
judged alike. Prints figures; never fails on them.
"""
import glob
import json
import os
import subprocess
import sys

import numpy as np
from matplotlib.path import Path
from skimage import io, measure

TOLERANCE = 1.0


def rasterize(polygons, width, height):
    ys, xs = np.mgrid[0:height, 0:width]
    centres = np.column_stack([xs.ravel() + 0.5, ys.ravel() + 0.5])
    covered = np.zeros(width * height, dtype=bool)
    for polygon in polygons:
        if len(polygon) >= 3:
            covered |= Path(np.asarray(polygon)).contains_points(centres)
    return covered.reshape(height, width)


def filled(mask):
    from scipy import ndimage
    return ndimage.binary_fill_holes(mask)


def iou(a, b):
    union = np.logical_or(a, b).sum()
    return 1.0 if union == 0 else np.logical_and(a, b).sum() / union


def invalid(polygon):
    """Not a usable convex polygon: < 3 vertices, no area, a reflex turn or a crossing."""
    p = np.asarray(polygon, dtype=float)
    if len(p) < 3 or not np.all(np.isfinite(p)):
        return True
    d = np.roll(p, -1, axis=0) - p
    turns = d[:, 0] * np.roll(d, -1, axis=0)[:, 1] - d[:, 1] * np.roll(d, -1, axis=0)[:, 0]
    extent = np.ptp(p, axis=0).max()
    eps = 1e-9 * max(extent, 1.0) ** 2
    if abs(0.5 * np.sum(p[:, 0] * np.roll(p[:, 1], -1) - np.roll(p[:, 0], -1) * p[:, 1])) <= eps:
        return True
    if np.any(turns > eps) and np.any(turns < -eps):
        return True  # turns both ways: not convex
    winding = np.sum(np.arctan2(turns, np.sum(d * np.roll(d, -1, axis=0), axis=1)))
    return abs(abs(winding) - 2 * np.pi) > 1e-6  # loops twice: crosses itself


def skimage_outlines(mask):
    padded = np.pad(mask.astype(float), 1)
    contours = measure.find_contours(padded, 0.5, fully_connected='high')
    outlines = []
    for contour in contours:
        simplified = measure.approximate_polygon(contour, tolerance=TOLERANCE)[:-1]
        xy = [[c - 1 + 0.5, r - 1 + 0.5] for r, c in simplified]  # pixel centres -> our coords
        if len(xy) < 3:
            continue
        outlines.append(xy)
    # Outer contours only: drop any contour lying inside another one (a hole).
    paths = [Path(np.asarray(o)) for o in outlines]
    outer = []
    for i, o in enumerate(outlines):
        if not any(j != i and paths[j].contains_path(paths[i]) for j in range(len(paths))):
            outer.append(o)
    return outer


def polydecomp(node_dir, batches):
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'polydecomp.js')
    if not os.path.exists(os.path.join(node_dir, 'node_modules', 'poly-decomp')):
        subprocess.run(['npm', 'install', '--no-audit', '--no-fund', '--prefix', node_dir,
                        'poly-decomp@0.3.0'], check=True, capture_output=True)
    env = dict(os.environ, NODE_PATH=os.path.join(node_dir, 'node_modules'))
    run = subprocess.run(['node', script], input=json.dumps(batches).encode(), env=env,
                         capture_output=True, check=True)
    return json.loads(run.stdout)


def main():
    dump, node_dir = sys.argv[1], sys.argv[2]
    sprites = []
    for path in sorted(glob.glob(os.path.join(dump, '*.json'))):
        ours = json.load(open(path))
        mask = io.imread(path[:-5] + '.png') > 127
        if mask.ndim == 3:
            mask = mask[..., 0]
        sprites.append((ours, mask, skimage_outlines(mask)))
    theirs = polydecomp(node_dir, [s[2] for s in sprites])
    same = polydecomp(node_dir, [s[0]['outlines'] for s in sprites])

    print('sprite | ours: pieces (8) / (no limit) | IoU | invalid || skimage+poly-decomp: '
          'pieces | IoU | invalid || poly-decomp on our outline: pieces | invalid')
    totals = np.zeros(7)
    fewer_or_equal = 0
    fewer_same = 0
    worse_iou = 0
    for (ours, mask, _), pieces, pieces_same in zip(sprites, theirs, same):
        h, w = mask.shape
        target = filled(mask)
        flat = [p for outline in pieces for p in outline]
        flat_same = [p for outline in pieces_same for p in outline]
        row = [len(ours['pieces8']), len(ours['pieces0']),
               sum(invalid(p) for p in ours['pieces8'] + ours['pieces0']),
               len(flat), sum(invalid(p) for p in flat),
               len(flat_same), sum(invalid(p) for p in flat_same)]
        our_iou = iou(rasterize(ours['pieces0'], w, h), target)
        their_iou = iou(rasterize(flat, w, h), target)
        totals += row
        fewer_or_equal += row[1] <= row[3]
        fewer_same += row[1] <= row[5]
        worse_iou += our_iou < their_iou - 1e-9
        print(f"{ours['name']} | {row[0]} / {row[1]} | {our_iou:.3f} | {row[2]} || {row[3]} | "
              f"{their_iou:.3f} | {row[4]} || {row[5]} | {row[6]}")
    n = len(sprites)
    print(f'total over {n} sprites: ours {int(totals[0])} pieces at budget 8, {int(totals[1])} '
          f'without a budget, {int(totals[2])} invalid; skimage+poly-decomp {int(totals[3])} '
          f'pieces, {int(totals[4])} invalid; poly-decomp on our outlines {int(totals[5])} '
          f'pieces, {int(totals[6])} invalid')
    print(f'ours (no budget) has fewer or equal pieces than skimage+poly-decomp on '
          f'{fewer_or_equal}/{n} sprites (lower IoU on {worse_iou}/{n}), and than poly-decomp '
          f'on the same outline on {fewer_same}/{n}')


if __name__ == '__main__':
    main()
