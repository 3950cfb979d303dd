#!/usr/bin/env python3
"""Writes small .aseprite fixtures for tests/data/aseprite (the format of aseprite's
docs/ase-file-specs.md): RGBA with tags, slices (per-frame keys, a hidden key, a pivot, a
9-patch, user-data text), a hidden layer, a linked cel, a raw cel, layer opacity; indexed with a
transparent index; grayscale. Run: scripts/make-aseprite-fixtures.py tests/data/aseprite"""
import os
import struct
import sys
import zlib


def string(s):
    b = s.encode()
    return struct.pack('<H', len(b)) + b


def chunk(kind, data):
    return struct.pack('<IH', len(data) + 6, kind) + data


def layer(name, visible=True, opacity=255, blend=0, child=0, kind=0):
    flags = 1 if visible else 0
    return chunk(0x2004, struct.pack('<HHHHHHB3x', flags, kind, child, 0, 0, blend, opacity) +
                 string(name))


def cel(layer_index, x, y, w, h, pixels, opacity=255, compressed=True):
    head = struct.pack('<HhhBHh5x', layer_index, x, y, opacity, 2 if compressed else 0, 0)
    body = zlib.compress(pixels) if compressed else pixels
    return chunk(0x2005, head + struct.pack('<HH', w, h) + body)


def linked(layer_index, frame, x=0, y=0, opacity=255):
    # Aseprite writes a link with the original cel's position and opacity (writeCelChunk).
    return chunk(0x2005, struct.pack('<HhhBHh5xH', layer_index, x, y, opacity, 1, 0, frame))


def tags(items):
    data = struct.pack('<H8x', len(items))
    for a, b, name in items:
        data += struct.pack('<HHBH6x3Bx', a, b, 0, 0, 0, 0, 0) + string(name)
    return chunk(0x2018, data)


def palette(colors):
    data = struct.pack('<III8x', len(colors), 0, len(colors) - 1)
    for c in colors:
        data += struct.pack('<H4B', 0, *c)
    return chunk(0x2019, data)


def slice_chunk(name, keys, center=False, pivot=False):
    data = struct.pack('<III', len(keys), (1 if center else 0) | (2 if pivot else 0), 0)
    data += string(name)
    for k in keys:
        data += struct.pack('<IiiII', *k[:5])
        rest = list(k[5:])
        if center:
            data += struct.pack('<iiII', *rest[:4])
            rest = rest[4:]
        if pivot:
            data += struct.pack('<ii', *rest[:2])
    return chunk(0x2022, data)


def user_text(text):
    return chunk(0x2020, struct.pack('<I', 1) + string(text))


def sprite(w, h, depth, frames, transparent=0, layer_opacity_valid=True):
    body = b''
    for duration, chunks in frames:
        data = b''.join(chunks)
        body += struct.pack('<IHHH2xI', 16 + len(data), 0xF1FA, min(len(chunks), 0xFFFF),
                            duration, len(chunks)) + data
    header = struct.pack('<IHHHHHIHIIB3xHBBhhHH', 128 + len(body), 0xA5E0, len(frames), w, h,
                         depth, 1 if layer_opacity_valid else 0, 100, 0, 0, transparent, 0, 1,
                         1, 0, 0, 16, 16)
    header += bytes(128 - len(header))
    return header + body


def rgba(w, h, color):
    return bytes(color) * (w * h)


def main(out):
    os.makedirs(out, exist_ok=True)
    red, blue, green = (255, 0, 0, 255), (0, 0, 255, 128), (0, 255, 0, 255)
    frame0 = [
        layer('base'), layer('over', opacity=128), layer('hidden', visible=False),
        tags([(0, 1, 'idle'), (2, 3, 'punch')]),
        cel(0, 0, 0, 4, 4, rgba(4, 4, red)),
        cel(1, 2, 2, 4, 4, rgba(4, 4, blue), opacity=200, compressed=False),
        cel(2, 0, 0, 8, 8, rgba(8, 8, green)),
        slice_chunk('hitbox', [(0, 1, 2, 3, 4), (2, 5, 5, 2, 2), (3, 0, 0, 0, 0)]),
        user_text('attack'),
        slice_chunk('body', [(0, 0, 0, 8, 8, 2, 2, 4, 4, 4, 8)], center=True, pivot=True),
    ]
    frames = [(100, frame0), (50, [linked(0, 0), cel(1, 0, 0, 2, 2, rgba(2, 2, blue))]),
              (120, [cel(0, 1, 1, 3, 3, rgba(3, 3, green))]), (80, [linked(0, 2, 1, 1)])]
    open(os.path.join(out, 'rgba-tags-slices.aseprite'), 'wb').write(sprite(8, 8, 32, frames))

    pal = [(0, 0, 0, 255), (255, 0, 0, 255), (0, 255, 0, 255), (10, 20, 30, 255)]
    pixels = bytes([0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 1, 1])
    frames = [(100, [palette(pal), layer('ink'), cel(0, 0, 0, 4, 3, pixels)])]
    open(os.path.join(out, 'indexed.ase'), 'wb').write(sprite(4, 3, 8, frames, transparent=1))

    gray = bytes([0, 255, 128, 255, 255, 0, 200, 100])
    frames = [(40, [layer('g'), cel(0, 0, 0, 2, 2, gray, compressed=False)])]
    open(os.path.join(out, 'grayscale.aseprite'), 'wb').write(sprite(2, 2, 16, frames))


if __name__ == '__main__':
    main(sys.argv[1] if len(sys.argv) > 1 else 'tests/data/aseprite')
