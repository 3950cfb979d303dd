#!/usr/bin/python3
"""Side by side: opening a 100,000-shape native document against CPython's json.load.

    bench/open/compare.py BUILD_BIN [--rounds N] [--keep DIR] [--documents editor,digits,2dp]

BUILD_BIN is the folder holding hitsmith-cli and bench_collision (build/bin). The documents:

- editor: 100,000 shapes as users' documents hold them, written by Hitsmith's own writer
  (`hitsmith-cli export --format hitsmith`): 400-odd sprites of 6-24 frames (48-96 px cells,
  source and origin, some durations), 6-24 shapes a frame: 40% rectangles (mostly upright), 30%
  circles, 20% convex polygons of 3-5 vertices, 10% points; layers hurtbox, hitbox, pushbox
  and locator; ids as the editor names them ("rect", "rect-2", ...); a damage property on a
  third of the hitboxes; 70% of the shapes on whole pixels (the editor snaps to pixels by
  default), the others with 2-decimal coordinates. About 12.7 MB. Made the same every time
  (seeded), in this script.
- digits: the collision benchmark's 100,000-shape mixed document (`bench_collision
  --write-document 100000`: one frame, 22.5 MB, every coordinate with all its digits);
- 2dp: the same with every number rounded to 2 decimals (15.3 MB).
- python, python-indent, stringify: the editor document's content as other programs write it, not
  through Hitsmith: every coordinate a float (Python writes a whole one as `12.0`, an upright
  rectangle's angle as `0.0`, a small one as `1e-05`), written by CPython's `json.dump` without and
  with `indent=2`, and by Node's `JSON.stringify` (which writes `12` and `-0` as `0`). About 10.5,
  21 and 9.5 MB.

Then, round after round, alternating on each file: Hitsmith's opening with its reader
(`hitsmith-cli bench FILE --opens 3`: read, parse, validate, reset and every hit, median of 3,
wall clock and CPU time), `json.load` of the file in this process (read and parse only,
CPython's C parser; wall clock and CPU time), and Hitsmith's opening with Qt's JSON parser
alone (`--reader qt`, the reader before simdjson). Prints every round, the load average and
the ranges; never fails on the figures.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time


def hitsmith_open(cli, path, reader):
    """(wall ms, CPU ms) of Hitsmith's opening, the median of 3 in one process."""
    run = subprocess.run([cli, 'bench', path, '--edits', '1', '--opens', '3', '--reader', reader],
                         capture_output=True, check=True, text=True)
    figures = json.loads(run.stdout)
    return figures['open_ms'], figures.get('open_cpu_ms', float('nan'))


def json_load(path):
    """(wall ms, CPU ms) of json.load of the file in this process."""
    start, cpu = time.perf_counter(), time.process_time()
    with open(path, 'rb') as f:
        json.load(f)
    return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000


def rounded(text):
    def spell(match):
        return ('%.2f' % float(match.group(0))).rstrip('0').rstrip('.')
    return re.sub(r'-?\d+\.\d+(?:[eE][-+]?\d+)?', spell, text)


def editor_document(shapes=100_000, seed=31):
    """The 'editor' document's content (see the top of the file), before Hitsmith writes it."""
    rng = random.Random(seed)
    moves = ['idle', 'walk', 'run', 'jump', 'fall', 'crouch', 'punch', 'kick', 'uppercut',
             'sweep', 'block', 'hurt', 'throw', 'dash', 'special']
    sprites = []
    count = 0
    while count < shapes:
        s = len(sprites)
        cell = rng.choice([48, 64, 80, 96])
        frames = []
        for f in range(rng.randint(6, 24)):
            if count >= shapes:
                break
            used = {}

            def ident(base):
                used[base] = used.get(base, 0) + 1
                return base if used[base] == 1 else f'{base}-{used[base]}'
            out = []
            for _ in range(min(shapes - count, rng.randint(6, 24))):
                roll = rng.random()
                snapped = rng.random() < 0.7

                def r2(v):
                    return round(v) if snapped else round(v, 2)
                cx, cy = rng.uniform(0.15, 0.85) * cell, rng.uniform(0.1, 0.95) * cell
                layer = rng.choices(['hurtbox', 'hitbox', 'pushbox'], [6, 3, 1])[0]
                if roll < 0.4:
                    w, h = rng.uniform(4, cell / 3), rng.uniform(4, cell / 2)
                    angle = 0 if rng.random() < 0.8 else r2(rng.uniform(-45, 45))
                    shape = {'id': ident('rect'), 'layer': layer, 'type': 'rect',
                             'center': [r2(cx), r2(cy)], 'size': [r2(w), r2(h)], 'angle': angle}
                elif roll < 0.7:
                    shape = {'id': ident('circle'), 'layer': layer, 'type': 'circle',
                             'center': [r2(cx), r2(cy)], 'radius': r2(rng.uniform(3, cell / 5))}
                elif roll < 0.9:
                    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(rng.randint(3, 5)))
                    rx, ry = rng.uniform(4, cell / 5), rng.uniform(4, cell / 5)
                    shape = {'id': ident('polygon'), 'layer': layer, 'type': 'polygon',
                             'points': [[r2(cx + rx * math.cos(a)), r2(cy + ry * math.sin(a))]
                                        for a in angles]}
                else:
                    shape = {'id': ident('point'), 'layer': 'locator', 'type': 'point',
                             'position': [r2(cx), r2(cy)]}
                if layer == 'hitbox' and shape['type'] != 'point' and rng.random() < 0.3:
                    shape['properties'] = {'damage': rng.randint(1, 30)}
                out.append(shape)
            count += len(out)
            frame = {'name': f'{f + 1}', 'source': [f * cell, s % 8 * cell, cell, cell],
                     'origin': [cell // 2, cell - 4], 'shapes': out}
            if rng.random() < 0.3:
                frame['duration'] = rng.choice([50, 66, 83, 120])
            frames.append(frame)
        sprites.append({'name': f'{moves[s % len(moves)]}-{s // len(moves) + 1}',
                        'image': f'sheets/sheet{s // 8}.png', 'frames': frames})
    return {'format': 'hitsmith', 'version': 1,
            'layers': [{'name': 'hurtbox', 'color': '#3070ff'},
                       {'name': 'hitbox', 'color': '#ff3030'},
                       {'name': 'pushbox', 'color': '#30c030'},
                       {'name': 'locator', 'color': '#c0c000'}],
            'sprites': sprites}


def as_floats(value):
    """Every number of the document a float, as a program that computes them writes them."""
    if isinstance(value, dict):
        return {k: (v if k in ('version', 'duration', 'source', 'origin') else as_floats(v))
                for k, v in value.items()}
    if isinstance(value, list):
        return [as_floats(v) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return value


def write_foreign(document, path, writer):
    """The document written by another program: python, python-indent or stringify."""
    content = as_floats(document)
    if writer == 'stringify':
        draft = path + '.draft.json'
        with open(draft, 'w') as out:
            json.dump(content, out)
        subprocess.run(['node', '-e', 'const fs = require("fs"); fs.writeFileSync(process.argv[2], '
                        'JSON.stringify(JSON.parse(fs.readFileSync(process.argv[1], "utf8"))))',
                        draft, path], check=True)
        os.remove(draft)
        return
    with open(path, 'w') as out:
        json.dump(content, out, indent=2 if writer == 'python-indent' else None)


def spread(values, digits=0):
    return f'{min(values):.{digits}f}-{max(values):.{digits}f}'


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('bin')
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--keep', help='write the documents here and keep them')
    parser.add_argument('--documents', default='editor,digits,2dp,python,python-indent,stringify',
                        help='which documents, comma-separated: editor, digits, 2dp, python, '
                             'python-indent, stringify')
    args = parser.parse_args()
    cli = os.path.join(args.bin, 'hitsmith-cli')
    folder = args.keep or tempfile.mkdtemp(prefix='hitsmith-open-')
    os.makedirs(folder, exist_ok=True)
    chosen = args.documents.split(',')
    editor = os.path.join(folder, 'editor-100000.json')
    full = os.path.join(folder, 'mixed-100000.json')
    short = os.path.join(folder, 'mixed-100000-2dp.json')
    if 'editor' in chosen and not os.path.exists(editor):
        draft = os.path.join(folder, 'editor-100000-draft.json')
        with open(draft, 'w') as out:
            json.dump(editor_document(), out)
        subprocess.run([cli, 'export', '--format', 'hitsmith', draft, '-o', editor], check=True)
        os.remove(draft)
    if ('digits' in chosen or '2dp' in chosen) and not os.path.exists(full):
        subprocess.run([os.path.join(args.bin, 'bench_collision'), '--write-document', '100000',
                        full], check=True, capture_output=True)
    if '2dp' in chosen and not os.path.exists(short):
        with open(full) as f, open(short, 'w') as out:
            out.write(rounded(f.read()))
    foreign = [(os.path.join(folder, f'{writer}-100000.json'), writer)
               for writer in ('python', 'python-indent', 'stringify') if writer in chosen]
    if foreign:
        content = editor_document()
        for path, writer in foreign:
            if not os.path.exists(path):
                write_foreign(content, path, writer)
    files = [(path, name) for path, name in [(editor, 'editor'), (full, 'digits'), (short, '2dp')]
             if name in chosen] + foreign
    keys = ['fast', 'fast_cpu', 'qt', 'json', 'json_cpu']
    figures = {path: {key: [] for key in keys} for path, _ in files}
    loads = [os.getloadavg()[0]]
    print(f'load average at start: {loads[0]:.1f}')
    for round_ in range(args.rounds):
        for path, name in files:
            f = figures[path]
            wall, cpu = hitsmith_open(cli, path, 'fast')
            f['fast'].append(wall)
            f['fast_cpu'].append(cpu)
            wall, cpu = json_load(path)
            f['json'].append(wall)
            f['json_cpu'].append(cpu)
            f['qt'].append(hitsmith_open(cli, path, 'qt')[0])
            print(f'round {round_ + 1}, {name}: hitsmith {f["fast"][-1]:.0f} ms '
                  f'(CPU {f["fast_cpu"][-1]:.0f}), with Qt\'s parser {f["qt"][-1]:.0f} ms, '
                  f'json.load {f["json"][-1]:.0f} ms (CPU {f["json_cpu"][-1]:.0f}); to json.load '
                  f'{f["fast"][-1] / f["json"][-1]:.3f} (CPU '
                  f'{f["fast_cpu"][-1] / f["json_cpu"][-1]:.3f})', flush=True)
        loads.append(os.getloadavg()[0])
    print(f'load average: {spread(loads, 1)}')
    for path, name in files:
        f = figures[path]
        ratios = [a / b for a, b in zip(f['fast'], f['json'])]
        cpu_ratios = [a / b for a, b in zip(f['fast_cpu'], f['json_cpu'])]
        before = [a / b for a, b in zip(f['fast'], f['qt'])]
        mb = os.path.getsize(path) / 1e6
        print(f'{name} ({mb:.1f} MB): hitsmith {spread(f["fast"])} ms (CPU '
              f'{spread(f["fast_cpu"])}), Qt\'s parser {spread(f["qt"])} ms, json.load '
              f'{spread(f["json"])} ms (CPU {spread(f["json_cpu"])}); hitsmith / json.load '
              f'{spread(ratios, 3)} (CPU {spread(cpu_ratios, 3)}), hitsmith / Qt\'s parser '
              f'{spread(before, 2)}')
    if not args.keep:
        for path, _ in files:
            os.remove(path)
        if os.path.exists(full):
            os.remove(full)
        os.rmdir(folder)


if __name__ == '__main__':
    sys.exit(main())
