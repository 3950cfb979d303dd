#!/usr/bin/env python3
"""Draws the bundled MUGEN example character (examples/mugen/): "Hitsmith Kid".

Made for Hitsmith, no third-party art: a few simple pixel sprites written twice, as an SFF v1.01
(PCX run-length, a palette per sprite or "same as previous", a linked sprite) and as an SFF v2.01
(RLE8, RLE5, LZ5, raw, PNG8 and PNG32 sprites, literal and translated data blocks, a palette
table, a linked sprite), with a .def for each, two .act palettes and one .air whose actions use
offsets, flips (H, V, VH), a blank element and each Clsn form (Clsn1, Clsn2, Clsn1Default,
Clsn2Default). Both SFF files hold the same pixels: tests/formats/tst_formats_mugen.cpp decodes
both and compares them, and checks the colours this script draws. Standard library only.
Re-run to regenerate: python3 scripts/make-example-character.py
"""
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "examples" / "mugen"
# Small SFF files (under the fuzz harness's 4 KiB input cap): seeds for scripts/fuzz.sh.
SEEDS = ROOT / "tests" / "data" / "formats" / "sff"

# Palette 1 (pal1, SFF palette 1,1): index -> RGB. Index 0 is transparent in the engines.
PAL1 = [(0, 0, 0)] * 256
PAL1[1] = (34, 32, 52)     # outline
PAL1[2] = (238, 195, 154)  # skin
PAL1[3] = (230, 230, 240)  # gi
PAL1[4] = (200, 40, 40)    # belt
PAL1[5] = (60, 40, 30)     # hair
PAL1[6] = (40, 60, 140)    # trousers
PAL1[7] = (255, 220, 80)   # fist glow
# Palette 2 (pal2, SFF palette 1,2): the same indices, other colours.
PAL2 = list(PAL1)
PAL2[3] = (40, 40, 48)
PAL2[4] = (240, 200, 60)
PAL2[5] = (200, 200, 210)
PAL2[6] = (140, 30, 30)
PAL2[7] = (120, 220, 255)
# The big portrait (9000,1) has a palette of its own, untouched by pal1/pal2.
PORTRAIT = [(0, 0, 0)] * 256
PORTRAIT[1] = (20, 20, 20)
PORTRAIT[2] = (70, 120, 200)
PORTRAIT[3] = (240, 240, 240)
PORTRAIT[9] = (250, 90, 20)
# 9100,0 too (a PCX palette in v1, true colour PNG32 in v2).
BADGE = [(0, 0, 0)] * 256
BADGE[1] = (10, 100, 40)
BADGE[2] = (250, 250, 250)


class Sprite:
    """An indexed sprite: width x height indices, its axis, group and number."""

    def __init__(self, group, number, width, height, axis):
        self.group, self.number = group, number
        self.width, self.height = width, height
        self.axis = axis
        self.pixels = [[0] * width for _ in range(height)]

    def rect(self, x, y, w, h, index):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                if 0 <= xx < self.width and 0 <= yy < self.height:
                    self.pixels[yy][xx] = index

    def flat(self):
        return bytes(i for row in self.pixels for i in row)


def fighter(group, number, width, reach, glow):
    """A blocky fighter standing on the bottom row, facing right; the arm reaches `reach`."""
    s = Sprite(group, number, width, 80, (20, 79))
    s.rect(12, 2, 16, 4, 5)        # hair
    s.rect(13, 6, 14, 12, 2)       # head
    s.rect(22, 10, 3, 3, 1)        # eye (right side: the fighter faces right)
    s.rect(10, 18, 20, 26, 3)      # gi
    s.rect(10, 40, 20, 4, 4)       # belt
    s.rect(11, 44, 8, 34, 6)       # back leg
    s.rect(21, 44, 8, 34, 6)       # front leg
    s.rect(10, 78, 9, 2, 1)        # shoes
    s.rect(21, 78, 10, 2, 1)
    s.rect(26, 22, reach, 6, 3)    # arm
    s.rect(26 + reach, 21, 6, 8, 2)  # fist
    if glow:
        s.rect(32 + reach, 20, 4, 10, 7)
    s.rect(0, 79, 1, 1, 1)         # a marker on the bottom-left pixel
    return s


def sprites():
    stand = fighter(0, 0, 40, 0, False)
    punch = fighter(200, 0, 60, 10, False)
    reach = fighter(200, 1, 60, 16, True)
    hurt = Sprite(5000, 0, 44, 76, (24, 75))  # asymmetric, so flips show
    hurt.rect(4, 0, 14, 12, 2)
    hurt.rect(4, 0, 14, 3, 5)
    hurt.rect(2, 12, 22, 30, 3)
    hurt.rect(2, 38, 22, 4, 4)
    hurt.rect(6, 42, 9, 34, 6)
    hurt.rect(24, 30, 18, 6, 3)
    hurt.rect(0, 0, 2, 2, 1)       # top-left marker
    hurt.rect(43, 75, 1, 1, 7)     # bottom-right marker
    small = Sprite(9000, 0, 25, 25, (0, 0))
    small.rect(0, 0, 25, 25, 1)
    small.rect(2, 2, 21, 21, 2)
    small.rect(4, 2, 17, 5, 5)
    big = Sprite(9000, 1, 60, 60, (0, 0))
    big.rect(0, 0, 60, 60, 1)
    big.rect(3, 3, 54, 54, 2)
    big.rect(15, 10, 30, 40, 3)
    big.rect(20, 20, 6, 6, 9)
    badge = Sprite(9100, 0, 16, 16, (8, 8))
    badge.rect(0, 0, 16, 16, 1)
    badge.rect(4, 4, 8, 8, 2)
    return stand, punch, reach, hurt, small, big, badge


# ---------------------------------------------------------------- SFF v1 (PCX) ----------------

def pcx(sprite, palette):
    """A PCX image (8-bit, run-length), with its 0x0C + 768-byte palette when one is given."""
    w, h = sprite.width, sprite.height
    bpl = w + (w & 1)
    header = struct.pack("<BBBBHHHHHH", 10, 5, 1, 8, 0, 0, w - 1, h - 1, 72, 72)
    header += bytes(48) + b"\x00\x01" + struct.pack("<HH", bpl, 1)
    header += bytes(128 - len(header))
    data = bytearray()
    for row in sprite.pixels:
        line = row + [0] * (bpl - w)
        i = 0
        while i < len(line):
            j = i
            while j < len(line) and line[j] == line[i] and j - i < 63:
                j += 1
            count = j - i
            if count > 1 or line[i] >= 0xC0:
                data += bytes([0xC0 | count, line[i]])
            else:
                data.append(line[i])
            i = j
    if palette is not None:
        data.append(0x0C)
        data += bytes(c for rgb in palette for c in rgb)
    return header + bytes(data)


def sff_v1(entries):
    """entries: (sprite, palette or None for "same as previous", link index or None)."""
    out = bytearray(b"ElecbyteSpr\x00" + bytes([0, 1, 0, 1]))
    out += struct.pack("<IIII", len({e[0].group for e in entries}), len(entries), 512, 32)
    out += b"\x01" + bytes(512 - len(out) - 1)
    offset = 512
    for index, (sprite, palette, link) in enumerate(entries):
        data = b"" if link is not None else pcx(sprite, palette)
        following = offset + 32 + len(data) if index + 1 < len(entries) else 0
        out += struct.pack("<IIhhHHHB", following, len(data), sprite.axis[0], sprite.axis[1],
                           sprite.group, sprite.number, link or 0, 1 if palette is None else 0)
        out += bytes(13)
        out += data
        offset += 32 + len(data)
    return bytes(out)


# ---------------------------------------------------------------- SFF v2 ----------------------

def rle8(pixels):
    out = bytearray()
    i = 0
    while i < len(pixels):
        j = i
        while j < len(pixels) and pixels[j] == pixels[i] and j - i < 63:
            j += 1
        count = j - i
        if count > 1 or (pixels[i] & 0xC0) == 0x40:
            out += bytes([0x40 | count, pixels[i]])
        else:
            out.append(pixels[i])
        i = j
    return bytes(out)


def rle5(pixels):
    """Packets of one run each: run length - 1, 0x80 (a colour byte follows, no 5-bit runs)."""
    out = bytearray()
    i = 0
    while i < len(pixels):
        j = i
        while j < len(pixels) and pixels[j] == pixels[i] and j - i < 256:
            j += 1
        out += bytes([j - i - 1, 0x80, pixels[i]])
        i = j
    return bytes(out)


def lz5(pixels):
    """LZ5 with runs (colours < 32), long back-references and short ones (first three of each
    group of four; a fourth is used only for a distance of 1, which the zero bits allow)."""
    assert max(pixels) < 32
    packets = []  # (is_reference, bytes)
    short_count = 0
    i = 0
    n = len(pixels)
    while i < n:
        # The longest match in the last 1024 pixels.
        best_len, best_dist = 0, 0
        for dist in (1, 2, 3, 4, 8, 16, 40, 60, 64, 120, 240, 480, 1024):
            if dist > i:
                break
            length = 0
            while i + length < n and length < 258 and pixels[i + length] == pixels[i + length - dist]:
                length += 1
            if length > best_len:
                best_len, best_dist = length, dist
        run = 1
        while i + run < n and pixels[i + run] == pixels[i] and run < 263:
            run += 1
        if best_len >= 3 and best_len > run:
            fourth = short_count % 4 == 3
            if best_len <= 64 and best_dist <= 256 and (not fourth or best_dist == 1):
                # Short: (2 bits for the fourth's distance, here 0) | length - 1; distance - 1.
                body = bytes([best_len - 1]) if fourth else bytes([best_len - 1, best_dist - 1])
                packets.append((True, body))
                short_count += 1
            else:
                d = best_dist - 1
                packets.append((True, bytes([(d >> 8) << 6, d & 0xFF, best_len - 3])))
            i += best_len
        elif run >= 8:
            packets.append((False, bytes([pixels[i], run - 8])))
            i += run
        else:
            run = min(run, 7)
            packets.append((False, bytes([(run << 5) | pixels[i]])))
            i += run
    out = bytearray()
    for start in range(0, len(packets), 8):
        group = packets[start:start + 8]
        control = 0
        for bit, (is_ref, _) in enumerate(group):
            if is_ref:
                control |= 1 << bit
        out.append(control)
        for _, body in group:
            out += body
    return bytes(out)


def png(width, height, rows, colour_type, palette=None):
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + row for row in rows)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8,
                                                            colour_type, 0, 0, 0))
    if palette is not None:
        out += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    return out + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def sff_v2(entries, palettes, true_colours=None):
    """entries: (sprite, format, palette index, translated?, link index or None);
    palettes: (group, number, colours); true_colours: entry index -> the colours of a PNG32
    sprite (default: its palette's)."""
    literal, translated = bytearray(), bytearray()
    palette_headers = bytearray()
    for group, number, colours in palettes:
        offset = len(literal)
        for k, (r, g, b) in enumerate(colours):
            literal += bytes([r, g, b, 0 if k == 0 else 255])
        palette_headers += struct.pack("<hhHHII", group, number, 256, 0, offset, 1024)
    sprite_headers = bytearray()
    for index, (sprite, fmt, palette, in_translated, link) in enumerate(entries):
        flat = sprite.flat()
        if link is not None:
            data = b""
            fmt = 0
        elif fmt == 0:
            data = flat
        elif fmt == 2:
            data = struct.pack("<I", len(flat)) + rle8(flat)
        elif fmt == 3:
            data = struct.pack("<I", len(flat)) + rle5(flat)
        elif fmt == 4:
            data = struct.pack("<I", len(flat)) + lz5(flat)
        elif fmt == 10:
            rows = [bytes(r) for r in sprite.pixels]
            data = struct.pack("<I", len(flat)) + png(sprite.width, sprite.height, rows, 3, PAL1)
        elif fmt == 12:
            colours = (true_colours or {}).get(index) or palettes[palette][2]
            rows = [bytes(c for i in r for c in (colours[i] + ((0,) if i == 0 else (255,))))
                    for r in sprite.pixels]
            data = struct.pack("<I", len(flat) * 4) + png(sprite.width, sprite.height, rows, 6)
        block = translated if in_translated else literal
        offset = len(block)
        block += data
        sprite_headers += struct.pack("<hhHHhhHBBIIHH", sprite.group, sprite.number,
                                      sprite.width, sprite.height, sprite.axis[0], sprite.axis[1],
                                      link or 0, fmt, 32 if fmt == 12 else 8,
                                      offset if data else 0, len(data),
                                      palette, 1 if in_translated else 0)
    first_sprite = 512
    first_palette = first_sprite + len(sprite_headers)
    literal_at = first_palette + len(palette_headers)
    translated_at = literal_at + len(literal)
    header = bytearray(b"ElecbyteSpr\x00" + bytes([0, 1, 0, 2]))
    header += bytes(20)
    header += struct.pack("<IIIIIIII", first_sprite, len(entries), first_palette, len(palettes),
                          literal_at, len(literal), translated_at, len(translated))
    header += bytes(512 - len(header))
    return bytes(header + sprite_headers + palette_headers + literal + translated)


def numbered(sprite, number):
    """A copy of sprite numbered number."""
    copy = Sprite(sprite.group, number, sprite.width, sprite.height, sprite.axis)
    copy.pixels = [list(row) for row in sprite.pixels]
    return copy


def act(palette):
    """An .act: colour 255 first, colour 0 last (as the engines read it)."""
    return bytes(c for rgb in reversed(palette) for c in rgb)


AIR = """; Hitsmith Kid: a small character drawn for Hitsmith (scripts/make-example-character.py).
; Standing: Clsn2Default covers both elements; the second is a linked sprite.
[Begin Action 0]
Clsn2Default: 2
 Clsn2[0] = -10,-80, 10,-44
 Clsn2[1] = -10,-44, 10,  0
0,0, 0,0, 30
0,1, 0,0, 30

; Punch: Clsn1 and Clsn2 on the hitting element, the sprite pushed 4 pixels forward.
[Begin Action 200]
Clsn2Default: 1
 Clsn2[0] = -10,-80, 10,  0
200,0, 0,0, 3
Clsn1: 1
 Clsn1[0] =  22,-60, 38,-48
Clsn2: 2
 Clsn2[0] = -10,-80, 10,  0
 Clsn2[1] =  10,-60, 22,-50
200,1, 4,0, 4, , A
200,0, 0,0, 5

; Hurt: flipped H, V and both, with offsets, then a blank element.
[Begin Action 5000]
Clsn2Default: 1
 Clsn2[0] = -22,-76, 20,  0
5000,0, 0,0, 4
5000,0, 3,-2, 4, H
5000,0, -2,5, 4, V
5000,0, 6,-4, 4, VH
-1,0, 0,0, 2

; Spinning fist: Clsn1Default on every element, the badge sprite in true colour.
[Begin Action 210]
Clsn1Default: 1
 Clsn1[0] = -8,-8, 8, 8
9100,0, 0,0, 3
9100,0, 0,0, 3, H, AS128D128
Loopstart
9100,0, 0,0, 3, VH

; Portraits, each with its own palette rule.
[Begin Action 9000]
9000,0, 0,0, -1
9000,1, 0,0, -1
"""


def definition(sff):
    return f"""; Hitsmith Kid: a small character drawn for Hitsmith.
[Info]
name = "Hitsmith Kid"
displayname = "Hitsmith Kid"
author = "Hitsmith"
localcoord = 320,240

[Files]
cmd = kid.cmd          ; not bundled: Hitsmith does not need it
cns = kid.cns          ; not bundled
sprite = {sff}
anim = Hitsmith-Kid.AIR
sound = kid.snd        ; not bundled
pal1 = palettes\\kid1.act
pal2 = Palettes/KID2.act
"""


def main():
    stand, punch, reach, hurt, small, big, badge = sprites()
    linked = Sprite(0, 1, stand.width, stand.height, (20, 78))  # pixels of 0,0, its own axis
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "palettes").mkdir(exist_ok=True)
    v1 = sff_v1([
        (stand, PAL1, None),
        (linked, None, 0),
        (punch, None, None),
        (reach, None, None),
        (hurt, None, None),
        (small, None, None),
        (big, PORTRAIT, None),
        (badge, BADGE, None),
    ])
    (OUT / "hitsmith-kid.sff").write_bytes(v1)
    v2 = sff_v2([
        (stand, 2, 0, False, None),
        (linked, 0, 0, False, 0),
        (punch, 3, 0, False, None),
        (reach, 4, 0, True, None),
        (hurt, 10, 0, False, None),
        (small, 0, 0, True, None),
        (big, 2, 2, False, None),
        (badge, 12, 3, False, None),
    ], [(1, 1, PAL1), (1, 2, PAL2), (9000, 1, PORTRAIT), (9100, 0, BADGE)])
    (OUT / "hitsmith-kid-v2.sff").write_bytes(v2)
    (OUT / "palettes" / "kid1.act").write_bytes(act(PAL1))
    (OUT / "palettes" / "kid2.act").write_bytes(act(PAL2))
    (OUT / "hitsmith-kid.air").write_text(AIR)
    # Windows spellings on purpose: the engines find files case-insensitively, with '\\' or '/'.
    (OUT / "hitsmith-kid.def").write_text(definition("Hitsmith-Kid.SFF"))
    (OUT / "hitsmith-kid-v2.def").write_text(definition("hitsmith-kid-v2.sff"))
    SEEDS.mkdir(parents=True, exist_ok=True)
    tiny = Sprite(1, 0, 16, 16, (8, 8))
    tiny.rect(0, 0, 16, 16, 1)
    tiny.rect(4, 4, 8, 8, 2)
    tiny.rect(6, 6, 2, 2, 7)
    (SEEDS / "small-v1.sff").write_bytes(sff_v1([
        (tiny, PAL1, None), (small, None, None), (Sprite(1, 1, 0, 0, (1, 1)), None, 0),
        (badge, BADGE, None)]))
    (SEEDS / "small-v2.sff").write_bytes(sff_v2(
        [(numbered(tiny, k), fmt, 0, fmt == 4, None) for k, fmt in enumerate((0, 2, 3, 4, 10))]
        + [(Sprite(2, 0, 16, 16, (0, 0)), 0, 0, False, 0), (badge, 12, 0, False, None)],
        [(1, 1, PAL1)], {7: BADGE}))


if __name__ == "__main__":
    main()
