#!/usr/bin/env python3
"""Draws the bundled example sprite sheets (examples/knight.png, examples/slime.png).

Made for Hitsmith, no third-party art: simple pixel shapes so the example hitboxes have something
to sit on. Standard library only (zlib + struct write the PNG). Re-run to regenerate.
"""
import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "examples"

CLEAR = (0, 0, 0, 0)
OUTLINE = (34, 32, 52, 255)
STEEL = (155, 173, 183, 255)
STEEL_DARK = (105, 106, 106, 255)
PLUME = (217, 87, 99, 255)
SKIN = (238, 195, 154, 255)
BLADE = (203, 219, 252, 255)
HILT = (143, 86, 59, 255)
CAPE = (63, 63, 116, 255)
SLIME = (106, 190, 48, 255)
SLIME_DARK = (55, 148, 110, 255)
EYE = (255, 255, 255, 255)


class Canvas:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = [[CLEAR] * width for _ in range(height)]

    def put(self, x, y, color):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y][x] = color

    def rect(self, x, y, w, h, color):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.put(xx, yy, color)

    def circle(self, cx, cy, r, color):
        for yy in range(int(cy - r) - 1, int(cy + r) + 2):
            for xx in range(int(cx - r) - 1, int(cx + r) + 2):
                if (xx + 0.5 - cx) ** 2 + (yy + 0.5 - cy) ** 2 <= r * r:
                    self.put(xx, yy, color)

    def polygon(self, points, color):
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        for yy in range(int(min(ys)), int(max(ys)) + 1):
            for xx in range(int(min(xs)), int(max(xs)) + 1):
                if inside(points, xx + 0.5, yy + 0.5):
                    self.put(xx, yy, color)

    def outline(self):
        """Darkens transparent pixels next to opaque ones: a one-pixel outline."""
        edge = []
        for y in range(self.height):
            for x in range(self.width):
                if self.pixels[y][x][3] == 0 and any(
                    0 <= x + dx < self.width and 0 <= y + dy < self.height
                    and self.pixels[y + dy][x + dx][3] and self.pixels[y + dy][x + dx] != OUTLINE
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                ):
                    edge.append((x, y))
        for x, y in edge:
            self.pixels[y][x] = OUTLINE

    def save(self, path):
        raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in self.pixels)
        def chunk(tag, data):
            return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))
        png = b"\x89PNG\r\n\x1a\n"
        png += chunk(b"IHDR", struct.pack(">IIBBBBB", self.width, self.height, 8, 6, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(raw, 9))
        png += chunk(b"IEND", b"")
        path.write_bytes(png)


def inside(points, x, y):
    result = False
    for i in range(len(points)):
        (x1, y1), (x2, y2) = points[i], points[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            result = not result
    return result


def rotated_rect(cx, cy, w, h, degrees):
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return [(cx + c * x - s * y, cy + s * x + c * y) for x, y in corners]


SWORD_LENGTH = 16  # short enough that no swing leaves the 64x64 cell (tests/model/tst_model_examples)


def knight(canvas, ox, sword_angle, lunge):
    """One 64x64 knight frame at x offset ox; the sword swings with the attack, inside the cell.

    examples/knight.json's boxes follow these numbers: a frame's body, head and feet move right
    by lunge; the blade box is SWORD_LENGTH x 4 centred SWORD_LENGTH / 2 from the hand (44 + lunge,
    32) at sword_angle; attack-2's swing is the arc of radius SWORD_LENGTH + 4 about the hand
    from -60 to 15 degrees.
    """
    body_x = ox + lunge
    canvas.polygon([(body_x + 18, 30), (body_x + 40, 30), (body_x + 44, 60), (body_x + 14, 60)], CAPE)
    canvas.polygon([(body_x + 20, 24), (body_x + 44, 24), (body_x + 40, 56), (body_x + 24, 56)], STEEL)
    canvas.rect(body_x + 24, 56, 6, 6, STEEL_DARK)
    canvas.rect(body_x + 34, 56, 6, 6, STEEL_DARK)
    canvas.rect(body_x + 22, 36, 20, 3, STEEL_DARK)
    canvas.circle(body_x + 32, 16, 9, STEEL)
    canvas.rect(body_x + 27, 14, 11, 3, OUTLINE)  # visor slit
    canvas.polygon([(body_x + 30, 2), (body_x + 36, 0), (body_x + 34, 8), (body_x + 29, 8)], PLUME)
    canvas.rect(body_x + 42, 30, 5, 5, SKIN)  # hand
    # The blade: a rotated rectangle from the hand outwards.
    a = math.radians(sword_angle)
    length = SWORD_LENGTH
    cx = body_x + 44 + math.cos(a) * length / 2
    cy = 32 + math.sin(a) * length / 2
    canvas.polygon(rotated_rect(cx, cy, length, 4, sword_angle), BLADE)
    canvas.polygon(rotated_rect(body_x + 44, 32, 3, 9, sword_angle), HILT)


def slime(canvas, ox, squash):
    h = 16 - squash
    w = 24 + squash
    cx = ox + 16
    canvas.polygon([(cx - w / 2, 30), (cx - w / 2 + 4, 30 - h), (cx + w / 2 - 4, 30 - h), (cx + w / 2, 30)],
                   SLIME)
    canvas.circle(cx, 30 - h + 2, w / 2 - 4, SLIME)
    canvas.rect(int(cx - w / 2 + 2), 27, int(w - 4), 3, SLIME_DARK)
    canvas.rect(int(cx - 5), int(30 - h + 2), 3, 3, EYE)
    canvas.rect(int(cx + 3), int(30 - h + 2), 3, 3, EYE)


def main():
    sheet = Canvas(256, 64)
    for frame, (angle, lunge) in enumerate([(-80, 0), (-40, 2), (-15, 2), (20, 2)]):
        knight(sheet, frame * 64, angle, lunge)
    sheet.outline()
    sheet.save(OUT / "knight.png")

    blobs = Canvas(96, 32)
    for frame, squash in enumerate([0, 3, 6]):
        slime(blobs, frame * 32, squash)
    blobs.outline()
    blobs.save(OUT / "slime.png")


if __name__ == "__main__":
    main()
