// Reads [[polygon, ...], ...] (one list of outlines per sprite) as JSON on stdin and prints, per
// outline, poly-decomp's quickDecomp pieces (the Bayazit decomposition Matter.js and Phaser use),
// after its own makeCCW and removeCollinearPoints, as the Matter.js docs recommend.
const decomp = require('poly-decomp');
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const output = input.map((outlines) => outlines.map((outline) => {
    const polygon = outline.map((p) => [p[0], p[1]]);
    decomp.makeCCW(polygon);
    decomp.removeCollinearPoints(polygon, 0);
    return decomp.quickDecomp(polygon);
}));
process.stdout.write(JSON.stringify(output));
