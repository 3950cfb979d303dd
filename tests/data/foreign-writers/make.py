#!/usr/bin/python3
"""Writes the documents in this folder as other programs write them (run it to remake them).

A small Hitsmith document whose numbers are floats, as a program that computes them holds them:
whole ones (`12.0`), zeros of both signs (`0.0`, `-0.0`), small ones (`1e-05`), large ones, a
subnormal, non-ASCII text. Written by CPython's json.dump (default, indent=2, sort_keys with
indent=4 and ensure_ascii=False) and by Node's JSON.stringify (compact and with 2 spaces), which
spell them differently: Python `12.0`, `-0.0`, `1e-05`, `"\\u00e9"`; JavaScript `12`, `0`, `0.00001`.
tst_model_fastreader reads each on the fast path and compares it with the reference reader.
"""
import json
import os
import subprocess

here = os.path.dirname(os.path.abspath(__file__))
document = {
    'format': 'hitsmith', 'version': 1,
    'layers': [{'name': 'hurtbox', 'color': '#3070ff'}, {'name': 'hitbox', 'color': '#ff3030'}],
    'sprites': [{'name': 'héros/attaque', 'image': 'sheet.png', 'frames': [
        {'name': '1', 'source': [0.0, 0.0, 64.0, 64.0], 'origin': [32.0, 60.0], 'duration': 100.0,
         'motion': [-0.0, 0.0],
         'shapes': [
             {'id': 'body', 'layer': 'hurtbox', 'type': 'rect', 'center': [32.0, 40.0],
              'size': [20.0, 30.0], 'angle': 0.0},
             {'id': 'fist', 'layer': 'hitbox', 'type': 'circle', 'center': [50.5, 30.25],
              'radius': 6.0, 'properties': {'damage': 12.0, 'knockback': 1e-05, 'name': 'coup'}},
             {'id': 'blade', 'layer': 'hitbox', 'type': 'polygon',
              'points': [[40.0, -0.0], [60.0, 1e-07], [55.5, 12.0]]},
             {'id': 'tilted', 'layer': 'hurtbox', 'type': 'rect', 'center': [1e2, 2.5e-3],
              'size': [1e1, 5.0], 'angle': -0.0},
             {'id': 'tip', 'layer': 'hitbox', 'type': 'point', 'position': [61.0, 1.5e-300]},
         ]},
        {'name': '2', 'source': [64.0, 0.0, 64.0, 64.0], 'origin': [32.0, 60.0],
         'duration': 66.0, 'motion': [3.0, 0.0], 'shapes': [
             {'id': 'body', 'layer': 'hurtbox', 'type': 'rect', 'center': [32.0, 40.0],
              'size': [20.0, 30.0], 'angle': 15.000000000000002},
             {'id': 'tiny', 'layer': 'hurtbox', 'type': 'circle', 'center': [5e-324, 0.0],
              'radius': 1.5e6}]}]}],
}
writers = {
    'python-json-dump.json': dict(),
    'python-json-dump-indent.json': dict(indent=2),
    'python-json-dump-sorted.json': dict(indent=4, sort_keys=True, ensure_ascii=False),
}
for name, options in writers.items():
    with open(os.path.join(here, name), 'w', encoding='utf-8') as out:
        json.dump(document, out, **options)
source = json.dumps(document)
for name, space in (('node-json-stringify.json', 0), ('node-json-stringify-indent.json', 2)):
    subprocess.run(['node', '-e', 'const fs = require("fs"); fs.writeFileSync(process.argv[1], '
                    'JSON.stringify(JSON.parse(process.argv[2]), null, Number(process.argv[3])))',
                    os.path.join(here, name), source, str(space)], check=True)
