#!/usr/bin/python3
"""Side by side: opening a 100,000-shape native document against CPython's json.load.

    bench/open/compare.py BUILD_BIN [--rounds N] [--keep DIR]

BUILD_BIN is the folder holding hitsmith-cli and bench_collision (build/bin). The script writes
the 100,000-shape mixed document (`bench_collision --write-document 100000`, 22.5 MB, numbers
with all their digits) and the same document with every number rounded to 2 decimals (15.3 MB,
as a document drawn in the editor holds them), then, round after round, alternating on each
file: Hitsmith's opening with its reader (`hitsmith-cli bench FILE --opens 3`: read, parse,
validate, reset and every hit, median of 3), the same with Qt's JSON parser alone (`--reader
qt`, the reader before simdjson), and `json.load` of the file in this process (read and parse
only, CPython's C parser). Prints every round and the ranges; never fails on the figures.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def hitsmith_open_ms(cli, path, reader):
    run = subprocess.run([cli, 'bench', path, '--edits', '1', '--opens', '3', '--reader', reader],
                         capture_output=True, check=True, text=True)
    return json.loads(run.stdout)['open_ms']


def json_load_ms(path):
    start = time.perf_counter()
    with open(path, 'rb') as f:
        json.load(f)
    return (time.perf_counter() - start) * 1000


def rounded(text):
    def spell(match):
        return ('%.2f' % float(match.group(0))).rstrip('0').rstrip('.')
    return re.sub(r'-?\d+\.\d+(?:[eE][-+]?\d+)?', spell, text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('bin')
    parser.add_argument('--rounds', type=int, default=5)
    parser.add_argument('--keep', help='write the documents here and keep them')
    args = parser.parse_args()
    cli = os.path.join(args.bin, 'hitsmith-cli')
    folder = args.keep or tempfile.mkdtemp(prefix='hitsmith-open-')
    os.makedirs(folder, exist_ok=True)
    full = os.path.join(folder, 'mixed-100000.json')
    short = os.path.join(folder, 'mixed-100000-2dp.json')
    if not os.path.exists(full):
        subprocess.run([os.path.join(args.bin, 'bench_collision'), '--write-document', '100000',
                        full], check=True, capture_output=True)
    if not os.path.exists(short):
        with open(full) as f, open(short, 'w') as out:
            out.write(rounded(f.read()))
    files = [(full, 'all digits'), (short, '2 decimals')]
    figures = {path: {'fast': [], 'qt': [], 'json': []} for path, _ in files}
    print(f'load average at start: {os.getloadavg()[0]:.1f}')
    for round_ in range(args.rounds):
        for path, name in files:
            f = figures[path]
            f['fast'].append(hitsmith_open_ms(cli, path, 'fast'))
            f['json'].append(json_load_ms(path))
            f['qt'].append(hitsmith_open_ms(cli, path, 'qt'))
            print(f'round {round_ + 1}, {name}: hitsmith {f["fast"][-1]:.0f} ms, '
                  f'hitsmith with Qt\'s parser {f["qt"][-1]:.0f} ms, json.load '
                  f'{f["json"][-1]:.0f} ms, ratio to json.load {f["fast"][-1] / f["json"][-1]:.2f}')
    print(f'load average at end: {os.getloadavg()[0]:.1f}')
    for path, name in files:
        f = figures[path]
        ratios = [a / b for a, b in zip(f['fast'], f['json'])]
        before = [a / b for a, b in zip(f['fast'], f['qt'])]
        mb = os.path.getsize(path) / 1e6
        print(f'{name} ({mb:.1f} MB): hitsmith {min(f["fast"]):.0f}-{max(f["fast"]):.0f} ms, '
              f'Qt\'s parser {min(f["qt"]):.0f}-{max(f["qt"]):.0f} ms, json.load '
              f'{min(f["json"]):.0f}-{max(f["json"]):.0f} ms; hitsmith / json.load '
              f'{min(ratios):.2f}-{max(ratios):.2f}, hitsmith / Qt\'s parser '
              f'{min(before):.2f}-{max(before):.2f}')
    if not args.keep:
        for path, _ in files:
            os.remove(path)
        os.rmdir(folder)


if __name__ == '__main__':
    sys.exit(main())
