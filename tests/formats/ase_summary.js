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
