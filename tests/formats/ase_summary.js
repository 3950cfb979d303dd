// Reads an .aseprite file with the independent npm reader `ase-parser` (pinned in
// tst_formats_asepritefile.cpp) and prints what Hitsmith must agree with, as JSON: canvas size,
// frame durations, tags, slices with their keys, user-data text of each slice.
// Usage: node ase_summary.js FILE
const fs = require('fs');
const Aseprite = require('ase-parser');
const ase = new Aseprite(fs.readFileSync(process.argv[2]), 'file');
ase.parse();
const out = {
  width: ase.width,
  height: ase.height,
  colorDepth: ase.colorDepth,
  frames: ase.frames.map(f => f.frameDuration),
  tags: ase.tags.map(t => ({name: t.name, from: t.from, to: t.to})),
  slices: ase.slices.map(s => ({
    name: s.name,
    keys: s.keys.map(k => ({
      frame: k.frameNumber, x: k.x, y: k.y, w: k.width, h: k.height,
      pivot: k.pivot ? {x: k.pivot.x, y: k.pivot.y} : null,
    })),
  })),
};
process.stdout.write(JSON.stringify(out));

// With a second argument "--pixels": every frame's composite of the visible layers (a layer in a
// hidden group hidden), Aseprite's normal blend with layer x cel opacity, as base64 RGBA; null
// for a file with another blend mode or a tilemap layer (not compared).
if (process.argv[3] === '--pixels') {
  const mul = (a, b) => { const t = a * b + 0x80; return ((t >> 8) + t) >> 8; };
  const visible = [];
  ase.layers.forEach((layer, i) => {
    let v = layer.flags.visible === true;
    for (let j = i - 1, level = layer.layerChildLevel; j >= 0 && level > 0; --j) {
      if (ase.layers[j].layerChildLevel < level) {
        level = ase.layers[j].layerChildLevel;
        v = v && visible[j];
      }
    }
    visible.push(v);
  });
  const unsupported = ase.layers.some((l, i) => visible[i] && l.type !== 1 && (l.blendMode !== 0 || l.type === 2));
  // The header's flag 1 (layer opacity valid): read from the header bytes themselves.
  const opacityValid = (ase._buffer.readUInt32LE(14) & 1) !== 0;
  const layerOpacity = l => (opacityValid ? l.opacity : 255);
  const colors = ase.palette ? ase.palette.colors : [];
  const pixel = (cel, x, y, background) => {
    const d = cel.rawCelData;
    const i = y * cel.w + x;
    if (ase.colorDepth === 32) return [d[4 * i], d[4 * i + 1], d[4 * i + 2], d[4 * i + 3]];
    if (ase.colorDepth === 16) return [d[2 * i], d[2 * i], d[2 * i], d[2 * i + 1]];
    const index = d[i];
    if (index === ase.paletteIndex && !background) return [0, 0, 0, 0];
    const c = colors[index];
    return c ? [c.red, c.green, c.blue, c.alpha] : [0, 0, 0, 255];
  };
  out.pixels = unsupported ? null : ase.frames.map((frame, f) => {
    const canvas = new Uint8Array(ase.width * ase.height * 4);
    ase.layers.forEach((layer, l) => {
      if (!visible[l] || layer.type === 1) return;
      let cel = frame.cels.find(c => c.layerIndex === l);
      let guard = 0;
      while (cel && cel.celType === 1 && guard++ < 1000) {
        const target = ase.frames[cel.link];
        cel = target && target.cels.find(c => c.layerIndex === l);
      }
      if (!cel || !cel.rawCelData) return;
      const opacity = mul(cel.opacity, layerOpacity(layer));
      for (let y = 0; y < cel.h; ++y) {
        for (let x = 0; x < cel.w; ++x) {
          const cx = cel.xpos + x, cy = cel.ypos + y;
          if (cx < 0 || cy < 0 || cx >= ase.width || cy >= ase.height) continue;
          const [sr, sg, sb, sa0] = pixel(cel, x, y, layer.flags.background === true);
          const o = 4 * (cy * ase.width + cx);
          const [br, bg, bb, ba] = canvas.subarray(o, o + 4);
          let r;
          if (ba === 0) r = [sr, sg, sb, mul(sa0, opacity)];
          else if (sa0 === 0) r = [br, bg, bb, ba];
          else {
            const sa = mul(sa0, opacity);
            const ra = sa + ba - mul(ba, sa);
            const div = (v) => Math.trunc(v);
            r = ra === 0 ? [0, 0, 0, 0]
                : [br + div((sr - br) * sa / ra), bg + div((sg - bg) * sa / ra),
                   bb + div((sb - bb) * sa / ra), ra];
          }
          canvas.set(r, o);
        }
      }
    });
    return Buffer.from(canvas).toString('base64');
  });
  process.stdout.write('\n' + JSON.stringify({pixels: out.pixels}));
}
