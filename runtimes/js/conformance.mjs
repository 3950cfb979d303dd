// The JS loader's conformance driver (runtimes/FORMAT.md section 7):
// conformance RUNTIME.json QUERIES.json prints one line of hits per query.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { loadRuntime } = await import(pathToFileURL(join(here, 'hitsmith.mjs')).href);

const args = process.argv.slice(2);
if (args.length !== 2) {
  process.stderr.write('usage: conformance RUNTIME.json QUERIES.json\n');
  process.exit(2);
}
let runtime;
let queries;
try {
  runtime = loadRuntime(readFileSync(args[0], 'utf8'));
} catch (e) {
  process.stderr.write(`${args[0]}: ${e.message}\n`);
  process.exit(1);
}
try {
  queries = JSON.parse(readFileSync(args[1], 'utf8'));
  if (!Array.isArray(queries)) throw new Error('must be a JSON array of queries');
} catch (e) {
  process.stderr.write(`${args[1]}: ${e.message}\n`);
  process.exit(1);
}
const lines = [];
for (const q of queries) {
  try {
    if (q === null || typeof q !== 'object' || Array.isArray(q)) throw new Error('a query must be an object');
    if (typeof q.attacker !== 'string' || typeof q.defender !== 'string') throw new Error('attacker and defender must be sprite names');
    for (const key of ['attacker_time_ms', 'defender_time_ms', 'dx', 'dy'])
      if (typeof q[key] !== 'number') throw new Error('attacker_time_ms, defender_time_ms, dx and dy must be numbers');
    const same = q.same_facing === undefined || q.same_facing === null ? false : q.same_facing;
    if (typeof same !== 'boolean') throw new Error('same_facing must be true or false');
    const layers = q.layers === undefined ? null : q.layers;
    const fa = runtime.frameAt(q.attacker, q.attacker_time_ms);
    const fd = runtime.frameAt(q.defender, q.defender_time_ms);
    const hits = runtime.versus(q.attacker, fa, q.defender, fd, q.dx, q.dy, same, layers);
    lines.push(
      JSON.stringify({
        hits: hits.map((h) => ({ a: h.a, b: h.b, a_layer: h.aLayer, b_layer: h.bLayer, depth: h.depth, normal: h.normal })),
      }),
    );
  } catch (e) {
    lines.push(JSON.stringify({ error: e.message }));
  }
}
process.stdout.write(lines.length ? `${lines.join('\n')}\n` : '');
