#!/usr/bin/python3
"""Side by side: Hitsmith's trace against an independent pipeline on the same masks.

    bench/trace/compare.py DUMP_DIR NODE_DIR [--speed HITSMITH_CLI [--rounds N] [--before CLI]]

DUMP_DIR holds what `bench_trace DUMP_DIR` wrote (mask PNG + our outlines/pieces JSON per
sprite). The independent pipeline: scikit-image find_contours (8-connected solid, level 0.5,
outer contours only: holes are ignored like ours) + approximate_polygon at the same 1 px
tolerance, then poly-decomp's quickDecomp (npm, installed into NODE_DIR if missing). poly-decomp
also runs on *our* simplified outlines, for a same-outline piece count. Every polygon is measured
by this script with one rasterizer (pixel centres) and one validity check, so both pipelines are
judged alike. Prints figures; never fails on them.

With --speed, instead, the speed of the whole thing on the 2048 x 2048 sheet of 16 x 16 cells that
bench_trace dumps (DUMP_DIR/sheet2048.png), round after round, alternating: the whole
`hitsmith-cli trace sheet2048.png --cell 16x16 -o OUT` (process start, PNG decoding, tracing,
writing the document; timed from outside), the same with --threads 1, optionally the same with
another build's CLI (--before), and the whole peer pipeline in this process (imports excluded):
reading the PNG, per cell find_contours + approximate_polygon + the outer-contour filter above,
poly-decomp on every outline (one node run), and the pieces written as JSON.
"""
import glob
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

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


def peer_sheet(sheet, node_dir, out, cell=16):
    """The whole peer pipeline on a sheet; returns (seconds, pieces).

    find_contours runs once on the whole sheet (in C; per cell from Python it takes some 20
    times longer), which gives each cell's contours as long as no part crosses a cell's edge, as
    in the generated sheet; holes are dropped by their winding (instead of the pairwise
    containment test above, quadratic in the contours); each outline goes to the cell holding
    its first point."""
    start, cpu, children = time.perf_counter(), time.process_time(), children_cpu()
    image = io.imread(sheet)
    solid = image[..., 3] >= 128 if image.ndim == 3 and image.shape[2] == 4 else image > 127
    h, w = solid.shape
    columns = w // cell
    cells = [[] for _ in range((h // cell) * columns)]
    for contour in measure.find_contours(np.pad(solid.astype(float), 1), 0.5,
                                         fully_connected='high'):
        r, c = contour[:, 0], contour[:, 1]
        if np.sum(r * np.roll(c, -1) - np.roll(r, -1) * c) >= 0:
            continue  # a hole (outer contours wind the other way)
        simplified = measure.approximate_polygon(contour, tolerance=TOLERANCE)[:-1]
        if len(simplified) < 3:
            continue
        row, column = int(simplified[0][0] - 1) // cell, int(simplified[0][1] - 1) // cell
        x0, y0 = column * cell, row * cell
        cells[row * columns + column].append(
            [[cc - 1 + 0.5 - x0, rr - 1 + 0.5 - y0] for rr, cc in simplified])
    pieces = polydecomp(node_dir, cells)
    with open(out, 'w') as f:
        json.dump(pieces, f)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu + children_cpu() - children
    return seconds, cpu, sum(len(p) for cell_pieces in pieces for p in cell_pieces)


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def ours_sheet(cli, sheet, out, threads=None):
    """The whole command: (wall seconds, CPU seconds)."""
    command = [cli, 'trace', sheet, '--cell', '16x16', '-o', out]
    if threads is not None:
        command += ['--threads', str(threads)]
    start, children = time.perf_counter(), children_cpu()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start, children_cpu() - children


def speed(dump, node_dir, cli, rounds, before):
    sheet = os.path.join(dump, 'sheet2048.png')
    polydecomp(node_dir, [])  # installs poly-decomp first if missing
    out = tempfile.mkdtemp(prefix='hitsmith-trace-')
    runs = {'ours': [], 'ours, 1 thread': [], 'before': [], 'peer': []}
    pieces = 0
    print(f'load average at start: {os.getloadavg()[0]:.1f}')
    for r in range(rounds):
        runs['ours'].append(ours_sheet(cli, sheet, os.path.join(out, 'ours.json')))
        seconds, cpu, pieces = peer_sheet(sheet, node_dir, os.path.join(out, 'peer.json'))
        runs['peer'].append((seconds, cpu))
        runs['ours, 1 thread'].append(ours_sheet(cli, sheet, os.path.join(out, 'one.json'), 1))
        if before:
            runs['before'].append(ours_sheet(before, sheet, os.path.join(out, 'before.json')))
        print(f'round {r + 1} (wall / CPU): ' +
              ', '.join(f'{k} {v[-1][0]:.2f} / {v[-1][1]:.2f} s' for k, v in runs.items() if v) +
              f'; ours / peer {runs["ours"][-1][0] / runs["peer"][-1][0]:.3f} (wall)')
    print(f'load average at end: {os.getloadavg()[0]:.1f}')
    ours = json.load(open(os.path.join(out, 'ours.json')))['sprites'][0]['frames']
    print(f'sheet: ours {sum(len(f.get("shapes", [])) for f in ours)} pieces, peer {pieces}')
    for name, values in runs.items():
        if not values:
            continue
        line = f'{name}: wall {min(v[0] for v in values):.2f}-{max(v[0] for v in values):.2f} s, ' \
               f'CPU {min(v[1] for v in values):.2f}-{max(v[1] for v in values):.2f} s'
        if name != 'peer':
            wall = [v[0] / p[0] for v, p in zip(values, runs['peer'])]
            cpu = [v[1] / p[1] for v, p in zip(values, runs['peer'])]
            line += f'; to the peer in the same round: wall {min(wall):.3f}-{max(wall):.3f}, ' \
                    f'CPU {min(cpu):.3f}-{max(cpu):.3f}'
        print(line)
    for name in os.listdir(out):
        os.remove(os.path.join(out, name))
    os.rmdir(out)


def main():
    if '--speed' in sys.argv:
        at = sys.argv.index('--speed')
        cli = sys.argv[at + 1]
        rounds = int(sys.argv[sys.argv.index('--rounds') + 1]) if '--rounds' in sys.argv else 5
        before = sys.argv[sys.argv.index('--before') + 1] if '--before' in sys.argv else None
        speed(sys.argv[1], sys.argv[2], cli, rounds, before)
        return
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
