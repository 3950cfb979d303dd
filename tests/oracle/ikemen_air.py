#!/usr/bin/env python3
"""Test oracle: Ikemen GO's reading of a MUGEN .air file, ported line for line from
ikemen-engine/Ikemen-GO src/anim.go (ReadAnimFrame, ReadAnimation, ReadAction,
AnimationTable.readAction, ReadAnimationTable) and src/common.go (Atoi, SectionName,
SplitAndTrim, LoadText) at commit 06aab6c2b8aae54e273f43f91d6f1d137eb14d5c (MIT licence).

It shares no code with Hitsmith's reader (model/formats/engines/mugen): tests compare the two
(tst_formats_thirdparty). Only what decides boxes and timing is ported: the blend, scale and
angle fields and the loop/interpolation bookkeeping are read past.

Go strings are bytes: the file is handled as bytes throughout. Deviation: strings.ToLower is
applied to ASCII letters only (Go also lowers non-ASCII letters of valid UTF-8; no keyword or
number contains one).

Usage: ikemen_air.py FILE.air  -> JSON on stdout:
  {"actions": [{"number": N, "borrowed": bool,
                "elements": [{"group", "number", "x", "y", "time", "flipH", "flipV",
                              "clsn1": [[l, t, r, b], ...], "clsn2": [...]}]}]}
in the order the table got them; "borrowed" marks an action without elements of its own that
Ikemen GO filled with the next action's (readAction's *a = *a2).
"""

import json
import sys

# Go's unicode.IsSpace, as strings.TrimSpace uses it.
_SPACES = {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F,
           0x205F, 0x3000} | set(range(0x2000, 0x200B))

IMAX = 2147483647
IERR = -2147483648


def _runes(b):
    """(start, end, codepoint or None) for each UTF-8 rune of b; invalid bytes give None."""
    out = []
    i = 0
    while i < len(b):
        c = b[i]
        n = 1 if c < 0x80 else 2 if 0xC2 <= c < 0xE0 else 3 if 0xE0 <= c < 0xF0 else \
            4 if 0xF0 <= c < 0xF5 else 0
        if n == 0 or i + n > len(b):
            out.append((i, i + 1, None))
            i += 1
            continue
        try:
            cp = ord(b[i:i + n].decode('utf-8'))
        except UnicodeDecodeError:
            out.append((i, i + 1, None))
            i += 1
            continue
        out.append((i, i + n, cp))
        i += n
    return out


def trim_space(b):
    """strings.TrimSpace."""
    runes = _runes(b)
    start = 0
    while start < len(runes) and runes[start][2] in _SPACES:
        start += 1
    end = len(runes)
    while end > start and runes[end - 1][2] in _SPACES:
        end -= 1
    if start >= end:
        return b''
    return b[runes[start][0]:runes[end - 1][1]]


def to_lower(b):
    return bytes(c + 32 if 0x41 <= c <= 0x5A else c for c in b)


def atoi(s):
    """common.go Atoi."""
    n = 0
    s = trim_space(s)
    if len(s) > 0:
        a = s[1:] if s[0:1] in (b'-', b'+') else s
        for c in a:
            if c < 0x30 or c > 0x39:
                break
            n = n * 10 + (c - 0x30)
            if n > 2147483647:
                return IERR if s[0:1] == b'-' else IMAX
        if s[0:1] == b'-':
            n = -n
    return n


def int16(v):
    v &= 0xFFFF
    return v - 0x10000 if v >= 0x8000 else v


def int8(v):
    v &= 0xFF
    return v - 0x100 if v >= 0x80 else v


def float32_of_int(v):
    # float32(l) of an int32: exact below 2^24, rounded above; the boxes only need the value.
    import struct
    return struct.unpack('<f', struct.pack('<f', float(v)))[0]


def split_n(s, sep, n):
    """strings.SplitN(s, sep, n) for n > 0."""
    out = []
    while len(out) < n - 1:
        k = s.find(sep)
        if k < 0:
            break
        out.append(s[:k])
        s = s[k + len(sep):]
    out.append(s)
    return out


def section_name(sec):
    """common.go SectionName."""
    if len(sec) == 0 or sec[0:1] != b'[':
        return b'', b''
    sec = trim_space(split_n(sec, b';', 2)[0])
    if sec[-1:] != b']':
        return b'', b''
    sec = sec[1:sec.index(b']')]
    i = sec.find(b' ')
    if i >= 0:
        name = sec[:i + 1]
        sec = sec[i + 1:]
    else:
        name = sec
        sec = b''
    return to_lower(name), sec


def read_anim_frame(line):
    """anim.go ReadAnimFrame: the fields that matter for timing and boxes."""
    if len(line) == 0 or ((line[0] < 0x30 or 0x39 < line[0]) and line[0:1] != b'-'):
        return None
    ary = split_n(line, b',', 10)
    if len(ary) < 5:
        return None
    af = {'time': -1, 'group': -1, 'number': 0, 'x': 0, 'y': 0, 'h': 1, 'v': 1, 'ex': None}
    af['group'], af['number'] = int16(atoi(ary[0])), int16(atoi(ary[1]))
    af['x'], af['y'] = int16(atoi(ary[2])), int16(atoi(ary[3]))
    af['time'] = atoi(ary[4])
    if len(ary) < 6:
        return af
    for c in ary[5]:
        if c in (ord('H'), ord('h')):
            af['h'] = int8(af['h'] * -1)
        elif c in (ord('V'), ord('v')):
            af['v'] = int8(af['v'] * -1)
    if af['h'] < 0:
        af['x'] = int16(-af['x'])
    if af['v'] < 0:
        af['y'] = int16(-af['y'])
    # The blend, scale and angle fields (ary[6:]) set alpha and Ex[2]: not ported.
    return af


def read_animation(lines, i):
    """anim.go ReadAnimation; i is a one-element list (the *int)."""
    frames = []
    clsn1 = clsn1d = clsn2 = clsn2d = None
    def1, def2 = True, True
    while i[0] < len(lines):
        if len(lines[i[0]]) > 0 and lines[i[0]][0:1] == b'[':
            break
        line = to_lower(trim_space(split_n(lines[i[0]], b';', 2)[0]))
        af = read_anim_frame(line)
        if af is not None:
            if def1:
                clsn1 = clsn1d
            if def2:
                clsn2 = clsn2d
            if (clsn1 and len(clsn1) > 0) or (clsn2 and len(clsn2) > 0):
                af['ex'] = [clsn1, clsn2]
            frames.append(af)
            def1, def2 = True, True
        elif len(line) >= 5 and line[:4] == b'clsn':
            ii = line.find(b':')
            if ii >= 0:
                size = atoi(line[ii + 1:])
                if size >= 0:
                    clsn = None
                    if line[4:5] == b'1':
                        clsn1 = [0.0] * (size * 4)
                        clsn = clsn1
                        if len(line) >= 12 and line[5:12] == b'default':
                            clsn1d = clsn1
                        def1 = False
                    elif line[4:5] == b'2':
                        clsn2 = [0.0] * (size * 4)
                        clsn = clsn2
                        if len(line) >= 12 and line[5:12] == b'default':
                            clsn2d = clsn2
                        def2 = False
                    if clsn is not None and size != 0:
                        i[0] += 1
                        n = 0
                        while n < size and i[0] < len(lines):
                            bl = to_lower(trim_space(split_n(lines[i[0]], b';', 2)[0]))
                            if len(bl) == 0:
                                n += 1  # Go's `continue` runs the loop's n++ (i stays)
                                continue
                            if len(bl) < 4 or bl[:4] != b'clsn':
                                break
                            k = bl.find(b'=')
                            if k < 0:
                                break
                            parts = bl[k + 1:].split(b',')
                            if len(parts) < 4:
                                break
                            l, t, r, b = (atoi(parts[0]), atoi(parts[1]), atoi(parts[2]),
                                          atoi(parts[3]))
                            if l > r:
                                l, r = r, l
                            if t > b:
                                t, b = b, t
                            clsn[n * 4:n * 4 + 4] = [float32_of_int(l), float32_of_int(t),
                                                     float32_of_int(r), float32_of_int(b)]
                            i[0] += 1
                            n += 1
                        i[0] -= 1
        # loopstart / interpolate lines: bookkeeping only, not ported.
        i[0] += 1
    return {'frames': frames}


def read_action(lines, i):
    """anim.go ReadAction: (number, animation) or (0, None)."""
    name = subname = b''
    while i[0] < len(lines):
        name, subname = section_name(lines[i[0]])
        if len(name) > 0:
            break
        i[0] += 1
    if name != b'begin ':
        return 0, None
    spi = subname.find(b' ')
    if spi < 0:
        return 0, None
    if to_lower(subname[:spi + 1]) != b'action ':
        return 0, None
    i[0] += 1
    return atoi(subname[spi + 1:]), read_animation(lines, i)


def read_animation_table(lines):
    table = {}  # number -> animation dict; insertion order kept
    i = [0]

    def read_one():
        while i[0] < len(lines):
            no, a = read_action(lines, i)
            if a is not None:
                if table.get(no) is not None:
                    return table[no]
                table[no] = a
                while len(a['frames']) == 0 and i[0] < len(lines):
                    a2 = read_one()
                    if a2 is not None:
                        a.clear()
                        a.update(a2)
                        a['borrowed'] = True
                        break
                    i[0] += 1
                return a
            i[0] += 1
        return None

    while read_one() is not None:
        pass
    return table


def boxes(values):
    if not values:
        return []
    return [[int(values[k]), int(values[k + 1]), int(values[k + 2]), int(values[k + 3])]
            for k in range(0, len(values), 4)]


def main():
    data = open(sys.argv[1], 'rb').read()
    if data[:3] == b'\xef\xbb\xbf':  # LoadText
        data = data[3:]
    lines = [trim_space(s) for s in data.split(b'\n')]  # SplitAndTrim(str, "\n")
    table = read_animation_table(lines)
    actions = []
    for number, a in table.items():
        elements = []
        for f in a['frames']:
            ex = f['ex'] or [None, None]
            elements.append({'group': f['group'], 'number': f['number'], 'x': f['x'],
                             'y': f['y'], 'time': f['time'], 'flipH': f['h'] < 0,
                             'flipV': f['v'] < 0, 'clsn1': boxes(ex[0]),
                             'clsn2': boxes(ex[1])})
        actions.append({'number': number, 'borrowed': bool(a.get('borrowed')),
                        'elements': elements})
    json.dump({'actions': actions}, sys.stdout)


if __name__ == '__main__':
    main()
