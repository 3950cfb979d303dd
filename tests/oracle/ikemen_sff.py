#!/usr/bin/env python3
"""Test oracle: Ikemen GO's reading of an Elecbyte SFF sprite file, ported from
ikemen-engine/Ikemen-GO src/image.go (SffHeader.Read, loadSff, Sprite.readHeader,
readPcxHeader, RlePcxDecode, read, readHeaderV2, Rle8Decode, Rle5Decode, Lz5Decode, readV2)
at commit 06aab6c2b8aae54e273f43f91d6f1d137eb14d5c (MIT licence).

It shares no code with Hitsmith's reader (model/art/sff.cpp): tests compare the two
(tst_formats_thirdparty). Read as a character's file (loadSff's char = true: the first v1
sprite and sprite 0,0 keep their palette bytes in the pixel data). PNG sprites (formats 10-12)
and 24/32-bit raw sprites are reported with their header only ("pixels": null); the files the
tests use hold none.

Usage: ikemen_sff.py FILE.sff -> JSON on stdout:
  {"version": [v0, v1, v2, v3], "sprites": [{"group", "number", "width", "height", "axisX",
   "axisY", "format", "linked", "pixels": "sha1 of the colours" or null}]}
"pixels" hashes each pixel's colour as Ikemen GO draws it with the sprite's own palette:
4 bytes A, R, G, B per pixel, row by row, a pixel of alpha 0 written as four zero bytes.
"""

import hashlib
import json
import struct
import sys

MAX_PAL_NO = 12


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def seek(self, pos):
        self.pos = pos

    def read(self, fmt):
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.data):
            raise EOFError('unexpected EOF at %d' % self.pos)
        v = struct.unpack_from('<' + fmt, self.data, self.pos)
        self.pos += size
        return v if len(v) > 1 else v[0]

    def bytes(self, n):
        # binary.Read of a []byte: an error when fewer bytes remain.
        if self.pos + n > len(self.data):
            raise EOFError('unexpected EOF at %d' % self.pos)
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b


class Sprite:
    def __init__(self):
        self.group = self.number = 0
        self.size = [0, 0]
        self.offset = [0, 0]
        self.palidx = -1
        self.rle = 0
        self.coldepth = 0
        self.pxl = None      # palette indices
        self.format = None   # v2 format byte; 'pcx' for v1
        self.linked = False

    def rle_pcx_decode(self, rle):
        if len(rle) == 0 or self.rle <= 0:
            return rle
        p = bytearray(self.size[0] * self.size[1])
        i = j = k = 0
        w = self.size[0]
        while j < len(p):
            n, d = 1, rle[i]
            if i < len(rle) - 1:
                i += 1
            if d >= 0xc0:
                n = d & 0x3f
                d = rle[i]
                if i < len(rle) - 1:
                    i += 1
            while n > 0:
                if k < w and j < len(p):
                    p[j] = d
                    j += 1
                k += 1
                if k == self.rle:
                    k = 0
                    n = 1
                n -= 1
        self.rle = 0
        return bytes(p)

    def rle8_decode(self, rle):
        if len(rle) == 0:
            return rle
        p = bytearray(self.size[0] * self.size[1])
        i = j = 0
        while j < len(p):
            n, d = 1, rle[i]
            if i < len(rle) - 1:
                i += 1
            if d & 0xc0 == 0x40:
                n = d & 0x3f
                d = rle[i]
                if i < len(rle) - 1:
                    i += 1
            while n > 0:
                if j < len(p):
                    p[j] = d
                    j += 1
                n -= 1
        return bytes(p)

    def rle5_decode(self, rle):
        if len(rle) == 0:
            return rle
        p = bytearray(self.size[0] * self.size[1])
        i = j = 0
        while j < len(p):
            rl = rle[i]
            if i < len(rle) - 1:
                i += 1
            dl = rle[i] & 0x7f
            c = 0
            if rle[i] >> 7 != 0:
                if i < len(rle) - 1:
                    i += 1
                c = rle[i]
            if i < len(rle) - 1:
                i += 1
            while True:
                if j < len(p):
                    p[j] = c
                    j += 1
                rl -= 1
                if rl < 0:
                    dl -= 1
                    if dl < 0:
                        break
                    c = rle[i] & 0x1f
                    rl = rle[i] >> 5
                    if i < len(rle) - 1:
                        i += 1
        return bytes(p)

    def lz5_decode(self, rle):
        if len(rle) == 0:
            return rle
        p = bytearray(self.size[0] * self.size[1])
        i = j = n = 0
        ct, cts, rb, rbc = rle[i], 0, 0, 0
        if i < len(rle) - 1:
            i += 1
        while j < len(p):
            d = rle[i]
            if i < len(rle) - 1:
                i += 1
            if ct & ((1 << cts) & 0xff) != 0:
                if d & 0x3f == 0:
                    d = ((d << 2) | rle[i]) + 1
                    if i < len(rle) - 1:
                        i += 1
                    n = rle[i] + 2
                    if i < len(rle) - 1:
                        i += 1
                else:
                    rb = (rb | (((d & 0xc0) >> rbc) & 0xff)) & 0xff
                    rbc += 2
                    n = d & 0x3f
                    if rbc < 8:
                        d = rle[i] + 1
                        if i < len(rle) - 1:
                            i += 1
                    else:
                        d = rb + 1
                        rb, rbc = 0, 0
                while True:
                    if j < len(p):
                        # Go indexes p[j-d]; a negative index panics there. Python would wrap.
                        if j - d < 0:
                            raise IndexError('LZ5 reference before the start')
                        p[j] = p[j - d]
                        j += 1
                    n -= 1
                    if n < 0:
                        break
            else:
                if d & 0xe0 == 0:
                    n = rle[i] + 8
                    if i < len(rle) - 1:
                        i += 1
                else:
                    n = d >> 5
                    d &= 0x1f
                while n > 0:
                    if j < len(p):
                        p[j] = d & 0xff
                        j += 1
                    n -= 1
            cts += 1
            if cts >= 8:
                ct, cts = rle[i], 0
                if i < len(rle) - 1:
                    i += 1
        return bytes(p)


def load_sff(data, char=True):
    f = Reader(data)
    if data[:12] != b'ElecbyteSpr\x00':
        raise ValueError('Unrecognized SFF file, invalid header')
    f.seek(12)
    ver3, ver2, ver1, ver0 = f.read('BBBB')
    f.read('I')
    lofs = tofs = 0
    if ver0 == 1:
        first_pal, n_pals = 0, 0
        n_sprites = f.read('I')
        first_sprite = f.read('I')
        f.read('I')
    elif ver0 == 2:
        f.read('4I')
        first_sprite = f.read('I')
        n_sprites = f.read('I')
        first_pal = f.read('I')
        n_pals = f.read('I')
        lofs = f.read('I')
        f.read('I')
        tofs = f.read('I')
    else:
        raise ValueError('Unrecognized SFF version')
    pals = []  # palList sources by index (v2: table index i; v1: NewPal order)
    # newSff: PalTable[1,i] = NewPal() for i in 1..MaxPalNo: palettes 0..11 exist, empty.
    pal_list = [None] * MAX_PAL_NO
    if ver0 != 1:
        unique = {}
        for i in range(n_pals):
            f.seek(first_pal + i * 16)
            g, n, _cols = f.read('3h')
            link = f.read('H')
            ofs = f.read('I')
            siz = f.read('I')
            if (g, n) in unique:
                idx = unique[(g, n)]
                pal = pal_list[idx] if idx < len(pal_list) else None
            elif siz == 0:
                idx = link
                pal = pal_list[idx] if idx < len(pal_list) else None
            else:
                f.seek(lofs + ofs)
                pal = [0] * 256
                for k in range(min(siz // 4, 256)):
                    r, gg, b, a = f.read('BBBB')
                    if ver2 == 0:
                        a = 0 if k == 0 else 255
                    pal[k] = (a << 24) | (r << 16) | (gg << 8) | b  # as ARGB for hashing
                idx = i
            unique[(g, n)] = idx
            while len(pal_list) <= i:
                pal_list.append(None)
            pal_list[i] = pal  # SetSource(i, pal)
    sprites = []
    prev = None
    shofs = first_sprite
    for i in range(n_sprites):
        f.seek(shofs)
        s = Sprite()
        if ver0 == 1:
            xofs, size = f.read('I'), f.read('I')
            s.offset = list(f.read('2h'))
            s.group, s.number = f.read('h'), f.read('h')
            link = f.read('H')
            s.format = 'pcx'
        else:
            s.group, s.number = f.read('h'), f.read('h')
            s.size = list(f.read('2H'))
            s.offset = list(f.read('2h'))
            link = f.read('H')
            fmt = f.read('B')
            s.rle = -fmt
            s.format = fmt
            s.coldepth = f.read('B')
            xofs, size = f.read('I'), f.read('I')
            s.palidx = f.read('H')
            flags = f.read('H')
            xofs = (xofs + (lofs if flags & 1 == 0 else tofs)) & 0xffffffff
        if size == 0:
            s.linked = True
            if link < i:
                src = sprites[link]
                # shareCopy: pixels, size, palette index (and the v1 palette) of the source.
                s.pxl, s.size, s.palidx, s.rle = src.pxl, list(src.size), src.palidx, src.rle
                s.coldepth = src.coldepth
                s.own_pal = getattr(src, 'own_pal', None)
            else:
                s.palidx = 0
        else:
            if ver0 == 1:
                read_v1(f, s, shofs + 32, size, xofs, prev, pal_list,
                        char and (prev is None or (s.group == 0 and s.number == 0)))
            else:
                read_v2(f, s, xofs, size)
            prev = s
        sprites.append(s)
        shofs = xofs if ver0 == 1 else shofs + 28
    return (ver0, ver1, ver2, ver3), sprites, pal_list


def read_v1(f, s, offset, datasize, next_subheader, prev, pal_list, c00):
    if next_subheader > offset:
        datasize = (next_subheader - offset) & 0xffffffff
    ps = f.read('B')
    palette_same = ps != 0 and prev is not None
    # readPcxHeader
    f.seek(offset)
    f.read('H')
    encoding, bpp = f.read('B'), f.read('B')
    if bpp != 8:
        raise ValueError('Invalid PCX color depth')
    rect = f.read('4H')
    f.seek(offset + 66)
    bpl = f.read('H')
    s.size = [(rect[2] - rect[0] + 1) & 0xffff, (rect[3] - rect[1] + 1) & 0xffff]
    s.rle = bpl if encoding == 1 else 0
    f.seek(offset + 128)
    pal_size = 0 if (c00 or palette_same) else 768
    if datasize < 128 + pal_size:
        datasize = 128 + pal_size
    px = f.bytes(datasize - (128 + pal_size))
    if palette_same:
        s.palidx = prev.palidx
        s.own_pal = getattr(prev, 'own_pal', None)
    else:
        pal_list.append(None)
        s.palidx = len(pal_list) - 1
        if c00:
            f.seek(offset + datasize - 768)
        pal = []
        for k in range(256):
            r, g, b = f.read('BBB')
            a = 0 if k == 0 else 255
            pal.append((a << 24) | (r << 16) | (g << 8) | b)
        pal_list[s.palidx] = pal
        s.own_pal = pal
    s.pxl = s.rle_pcx_decode(px)


def read_v2(f, s, offset, datasize):
    if s.rle > 0:
        return
    if s.rle == 0:
        f.seek(offset)
        px = f.data[offset:offset + datasize]  # binary.Read's error is ignored here
        if s.coldepth != 8:
            s.pxl = None
            return
    else:
        fmt = -s.rle
        if 2 <= fmt <= 4:
            if datasize < 4:
                datasize = 4
            f.seek(offset + 4)
            px = f.bytes(datasize - 4)
            px = {2: s.rle8_decode, 3: s.rle5_decode, 4: s.lz5_decode}[fmt](px)
        else:
            s.pxl = None  # PNG: not ported
            return
    s.pxl = px


def colours_hash(s, pal_list, ver0):
    if s.pxl is None:
        return None
    if ver0 == 1:
        pal = getattr(s, 'own_pal', None)
    else:
        pal = pal_list[s.palidx] if 0 <= s.palidx < len(pal_list) else None
    if pal is None:
        return None
    h = hashlib.sha1()
    out = bytearray()
    w, ht = s.size
    for k in range(w * ht):
        c = pal[s.pxl[k]] if k < len(s.pxl) else 0
        if c >> 24 == 0:
            out += b'\0\0\0\0'
        else:
            out += bytes(((c >> 24) & 255, (c >> 16) & 255, (c >> 8) & 255, c & 255))
    h.update(bytes(out))
    return h.hexdigest()


def main():
    data = open(sys.argv[1], 'rb').read()
    version, sprites, pal_list = load_sff(data)
    out = []
    for s in sprites:
        out.append({'group': s.group, 'number': s.number, 'width': s.size[0],
                    'height': s.size[1], 'axisX': s.offset[0], 'axisY': s.offset[1],
                    'format': s.format, 'linked': s.linked,
                    'pixels': colours_hash(s, pal_list, version[0])})
    json.dump({'version': list(version), 'sprites': out}, sys.stdout)


if __name__ == '__main__':
    main()
