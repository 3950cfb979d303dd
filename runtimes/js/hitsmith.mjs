// hitsmith.mjs - Hitsmith runtime loader for JavaScript games (runtimes/FORMAT.md), version 1.
//
// An ES module with no dependencies: Phaser, PixiJS, plain canvas, Node. Loads the JSON that
// `hitsmith-cli export --format runtime` writes and answers what a game asks: the frame of a
// sprite at a time, where its shapes stand for a position and facing, and the hits between two
// placed frames - the same hits, depths and normals `hitsmith-cli versus` prints.
//
//   import { loadRuntime } from './hitsmith.mjs';
//   const rt = loadRuntime(await (await fetch('knight.runtime.json')).text());
//   const hits = rt.versus('knight', rt.frameAt('knight', t), 'slime', 0, 51, -10);
//
// Bad input throws an Error whose message names where ("sprites[0].frames[2].shapes[1].radius:
// must be a number > 0"). Coordinates are pixels, x right, y down; angles in degrees, clockwise.

const TOUCH = 1e-9;
const MIN_EDGE = 1e-12;
const MIN_EDGE2 = MIN_EDGE * MIN_EDGE;

class SchemaError extends Error {}

function fail(path, message) {
  throw new SchemaError(path ? `${path}: ${message}` : message);
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isFiniteNumber = (v) => typeof v === 'number' && Number.isFinite(v);

function need(obj, path, key, kind) {
  const at = path ? `${path}.${key}` : key;
  const v = Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
  if (v === undefined || v === null) fail(at, 'is missing');
  switch (kind) {
    case 'string':
      if (typeof v !== 'string') fail(at, 'must be a string');
      break;
    case 'number':
      if (!isFiniteNumber(v)) fail(at, 'must be a number');
      break;
    case 'positive':
      if (!isFiniteNumber(v) || !(v > 0)) fail(at, 'must be a number > 0');
      break;
    case 'array':
      if (!Array.isArray(v)) fail(at, 'must be an array');
      break;
    default:
      break;
  }
  return v;
}

function vec2(v, at) {
  if (!Array.isArray(v) || v.length !== 2 || !isFiniteNumber(v[0]) || !isFiniteNumber(v[1]))
    fail(at, 'must be a pair of numbers [x, y]');
  return { x: v[0], y: v[1] };
}

function needVec2(obj, path, key) {
  const at = `${path}.${key}`;
  if (!Object.prototype.hasOwnProperty.call(obj, key)) fail(at, 'is missing');
  return vec2(obj[key], at);
}

function properties(obj, path) {
  const v = obj.properties;
  if (v === undefined || v === null) return {};
  const at = `${path}.properties`;
  if (!isObject(v)) fail(at, 'must be an object');
  const out = {};
  for (const [key, value] of Object.entries(v)) {
    if (!(isFiniteNumber(value) || typeof value === 'string' || typeof value === 'boolean'))
      fail(`${at}.${key}`, 'must be a number, a string or a boolean');
    out[key] = value;
  }
  return out;
}

function readShape(v, path) {
  if (!isObject(v)) fail(path, 'must be an object');
  const shape = {
    id: need(v, path, 'id', 'string'),
    layer: need(v, path, 'layer', 'string'),
    type: need(v, path, 'type', 'string'),
    properties: properties(v, path),
  };
  switch (shape.type) {
    case 'rect':
      shape.center = needVec2(v, path, 'center');
      shape.size = needVec2(v, path, 'size');
      shape.angle = need(v, path, 'angle', 'number');
      if (!(shape.size.x > 0 && shape.size.y > 0)) fail(`${path}.size`, 'width and height must be > 0');
      break;
    case 'circle':
      shape.center = needVec2(v, path, 'center');
      shape.radius = need(v, path, 'radius', 'positive');
      break;
    case 'polygon':
    case 'capsule': {
      const capsule = shape.type === 'capsule';
      const key = capsule ? 'ends' : 'points';
      const list = need(v, path, key, 'array');
      if (capsule ? list.length !== 2 : list.length < 3)
        fail(`${path}.${key}`, capsule ? 'must hold two points' : 'must hold at least 3 points');
      shape.points = list.map((p, i) => vec2(p, `${path}.${key}[${i}]`));
      if (capsule) shape.radius = need(v, path, 'radius', 'positive');
      break;
    }
    default:
      fail(`${path}.type`, 'must be "rect", "circle", "polygon" or "capsule"');
  }
  return shape;
}

function readPoint(v, path) {
  if (!isObject(v)) fail(path, 'must be an object');
  return {
    id: need(v, path, 'id', 'string'),
    layer: need(v, path, 'layer', 'string'),
    position: needVec2(v, path, 'position'),
    properties: properties(v, path),
  };
}

// Code-point order of two strings (UTF-8 byte order), not UTF-16 unit order.
function compareIds(a, b) {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0);
    const cy = y.value.codePointAt(0);
    if (cx !== cy) return cx < cy ? -1 : 1;
  }
}

function readFrame(v, path, tickRate) {
  if (!isObject(v)) fail(path, 'must be an object');
  const frame = {
    name: need(v, path, 'name', 'string'),
    durationMs: need(v, path, 'duration_ms', 'number'),
    ticks: null,
    origin: needVec2(v, path, 'origin'),
    motion: needVec2(v, path, 'motion'),
    properties: properties(v, path),
    shapes: [],
    points: [],
  };
  const d = frame.durationMs;
  if (!(Number.isInteger(d) && d >= 1 && d <= 2147483647))
    fail(`${path}.duration_ms`, 'must be a whole number of milliseconds from 1 to 2147483647');
  if (tickRate > 0) {
    const t = need(v, path, 'ticks', 'number');
    if (!(Number.isInteger(t) && t >= 0 && t <= 2147483647)) fail(`${path}.ticks`, 'must be a whole number >= 0');
    frame.ticks = t;
  }
  const shapes = need(v, path, 'shapes', 'array');
  frame.shapes = shapes.map((s, i) => readShape(s, `${path}.shapes[${i}]`));
  frame.order = frame.shapes.map((_, i) => i).sort((i, j) => compareIds(frame.shapes[i].id, frame.shapes[j].id));
  for (let k = 1; k < frame.order.length; ++k)
    if (frame.shapes[frame.order[k - 1]].id === frame.shapes[frame.order[k]].id)
      fail(`${path}.shapes[${frame.order[k]}]`, 'has the id of another shape of its frame');
  if (v.points !== undefined && v.points !== null) {
    if (!Array.isArray(v.points)) fail(`${path}.points`, 'must be an array');
    frame.points = v.points.map((p, i) => readPoint(p, `${path}.points[${i}]`));
  }
  return frame;
}

function readSprite(v, path, tickRate) {
  if (!isObject(v)) fail(path, 'must be an object');
  const name = need(v, path, 'name', 'string');
  const list = need(v, path, 'frames', 'array');
  const frames = list.map((f, i) => readFrame(f, `${path}.frames[${i}]`, tickRate));
  let total = 0;
  let rx = 0;
  let ry = 0;
  for (const f of frames) {
    f.startMs = total;
    total += f.durationMs;
    rx += f.motion.x;
    ry += f.motion.y;
    f.root = { x: rx, y: ry };
  }
  return { name, frames, totalMs: total };
}

function readPairs(list, path) {
  if (!Array.isArray(list)) fail(path, 'must be an array of layer pairs or null');
  return list.map((p, i) => {
    if (!Array.isArray(p) || p.length !== 2 || typeof p[0] !== 'string' || typeof p[1] !== 'string')
      fail(`${path}[${i}]`, 'must be a pair of layer names ["a", "b"]');
    return [p[0], p[1]];
  });
}

// ---- narrowphase: a port of collision/narrowphase.cpp (FORMAT.md section 5) ----

// rotationFromDegrees: exact at multiples of 90 degrees.
function rotation(degrees) {
  if (!Number.isFinite(degrees)) return [NaN, NaN];
  let r = Math.abs(degrees) < 360 ? degrees : degrees % 360;
  if (r < 0) r += 360;
  const shift = 4503599627370496; // 2^52: adding and taking away rounds half to even
  const quarter = r / 90 + shift - shift;
  const rest = (r - quarter * 90) * (Math.PI / 180);
  const c0 = Math.cos(rest);
  const s0 = Math.sin(rest);
  switch (quarter & 3) {
    case 0:
      return [c0, s0];
    case 1:
      return [-s0, c0];
    case 2:
      return [-c0, -s0];
    default:
      return [s0, -c0];
  }
}

// A placed shape: kind, its point list (polygon vertices, rect corners, circle centre, capsule
// ends) and what the pair tests need.
function geometry(shape, at) {
  const map = (p) => ({ x: at.x + at.sx * (p.x + at.rootX), y: at.y + (p.y + at.rootY) });
  const g = { type: shape.type, shape, orientation: 1, radius: 0 };
  switch (shape.type) {
    case 'rect': {
      const angle = at.sx < 0 ? (shape.angle === 0 ? 0 : -shape.angle) : shape.angle;
      g.center = map(shape.center);
      g.hx = shape.size.x * 0.5;
      g.hy = shape.size.y * 0.5;
      [g.c, g.s] = rotation(angle);
      g.points = [0, 1, 2, 3].map((k) => {
        const sx = k === 1 || k === 2 ? g.hx : -g.hx;
        const sy = k >= 2 ? g.hy : -g.hy;
        return { x: g.center.x + (g.c * sx - g.s * sy), y: g.center.y + (g.s * sx + g.c * sy) };
      });
      break;
    }
    case 'circle':
      g.center = map(shape.center);
      g.radius = shape.radius;
      g.points = [g.center];
      break;
    case 'capsule':
      g.points = shape.points.map(map);
      g.radius = shape.radius;
      break;
    default:
      g.points = shape.points.map(map);
      break;
  }
  const p = g.points;
  if (p.length >= 3) {
    const o = p[0];
    let area = 0;
    for (let i = 1; i + 1 < p.length; ++i)
      area += (p[i].x - o.x) * (p[i + 1].y - o.y) - (p[i].y - o.y) * (p[i + 1].x - o.x);
    g.orientation = area >= 0 ? 1 : -1;
  }
  return g;
}

function shallower(raw, len2, best) {
  if (best.len2 === 0) return true;
  const up = raw >= 0;
  const bestUp = best.raw >= 0;
  if (up !== bestUp) return up;
  const lhs = raw * raw * best.len2;
  const rhs = best.raw * best.raw * len2;
  return up ? lhs > rhs : lhs < rhs;
}

const newAxis = () => ({ raw: 0, len2: 0, nx: 0, ny: 0 });

// Edges of a as axes against the points of b; false on a separating axis (when check is set).
function axes(a, b, sign, best, check) {
  const pa = a.points;
  const pb = b.points;
  const n = pa.length;
  if (n < 2) return true;
  for (let i = 0; i < n; ++i) {
    const v = pa[i];
    const w = pa[i + 1 === n ? 0 : i + 1];
    const ex = w.x - v.x;
    const ey = w.y - v.y;
    const len2 = ex * ex + ey * ey;
    if (!(len2 >= MIN_EDGE2)) continue;
    const nx = ey * a.orientation;
    const ny = -ex * a.orientation;
    let raw = Infinity;
    for (const q of pb) raw = Math.min(raw, (q.x - v.x) * nx + (q.y - v.y) * ny);
    if (check && raw > 0 && raw * raw > TOUCH * TOUCH * len2) return false;
    if (shallower(raw, len2, best)) Object.assign(best, { raw, len2, nx: nx * sign, ny: ny * sign });
  }
  return true;
}

function finishAxis(best) {
  const length = Math.sqrt(best.len2);
  return { depth: Math.max(-best.raw / length, 0), nx: best.nx / length, ny: best.ny / length };
}

function polyPoly(a, b) {
  if (a.points.length < 3 || b.points.length < 3) return null;
  const best = newAxis();
  if (!axes(a, b, 1, best, true) || !axes(b, a, -1, best, true)) return null;
  if (best.len2 === 0) return null;
  return finishAxis(best);
}

function polyRect(a, b) {
  const n = a.points.length;
  if (n < 3) return null;
  const uxx = b.c;
  const uxy = b.s;
  const uyx = -b.s;
  const uyy = b.c;
  const c = b.center;
  const best = newAxis();
  for (let i = 0; i < n; ++i) {
    const v = a.points[i];
    const w = a.points[i + 1 === n ? 0 : i + 1];
    const ex = w.x - v.x;
    const ey = w.y - v.y;
    const len2 = ex * ex + ey * ey;
    if (!(len2 >= MIN_EDGE2)) continue;
    const nx = ey * a.orientation;
    const ny = -ex * a.orientation;
    const raw =
      (c.x - v.x) * nx + (c.y - v.y) * ny - (b.hx * Math.abs(uxx * nx + uxy * ny) + b.hy * Math.abs(uyx * nx + uyy * ny));
    if (raw > 0 && raw * raw > TOUCH * TOUCH * len2) return null;
    if (shallower(raw, len2, best)) Object.assign(best, { raw, len2, nx, ny });
  }
  if (best.len2 === 0) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const q of a.points) {
    const px = q.x - c.x;
    const py = q.y - c.y;
    const u = px * uxx + py * uxy;
    const w = px * uyx + py * uyy;
    minX = Math.min(minX, u);
    maxX = Math.max(maxX, u);
    minY = Math.min(minY, w);
    maxY = Math.max(maxY, w);
  }
  const raws = [minX - b.hx, -b.hx - maxX, minY - b.hy, -b.hy - maxY];
  const normals = [
    [-uxx, -uxy],
    [uxx, uxy],
    [-uyx, -uyy],
    [uyx, uyy],
  ];
  for (let k = 0; k < 4; ++k) {
    if (raws[k] > TOUCH) return null;
    if (shallower(raws[k], 1, best)) Object.assign(best, { raw: raws[k], len2: 1, nx: normals[k][0], ny: normals[k][1] });
  }
  return finishAxis(best);
}

function polyCircle(a, b) {
  const n = a.points.length;
  if (n < 3) return null;
  const c = b.center;
  const r = b.radius;
  const reach = (r + TOUCH) * (r + TOUCH);
  const far = newAxis();
  for (let i = 0; i < n; ++i) {
    const v = a.points[i];
    const w = a.points[i + 1 === n ? 0 : i + 1];
    const ex = w.x - v.x;
    const ey = w.y - v.y;
    const len2 = ex * ex + ey * ey;
    if (!(len2 >= MIN_EDGE2)) continue;
    const nx = ey * a.orientation;
    const ny = -ex * a.orientation;
    const raw = (c.x - v.x) * nx + (c.y - v.y) * ny;
    if (raw > 0 && raw * raw > reach * len2) return null;
    if (shallower(raw, len2, far)) Object.assign(far, { raw, len2, nx, ny });
  }
  if (far.len2 === 0) return null;
  const length = Math.sqrt(far.len2);
  const enx = far.nx / length;
  const eny = far.ny / length;
  if (far.raw <= 0) return { depth: r - far.raw / length, nx: enx, ny: eny };
  let bestD2 = Infinity;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < n; ++i) {
    const v = a.points[i];
    const w = a.points[i + 1 === n ? 0 : i + 1];
    const ex = w.x - v.x;
    const ey = w.y - v.y;
    const cvx = c.x - v.x;
    const cvy = c.y - v.y;
    if (cvx * (ey * a.orientation) + cvy * (-ex * a.orientation) <= 0) continue;
    const ee = ex * ex + ey * ey;
    const t = ee > 0 ? Math.min(Math.max((cvx * ex + cvy * ey) / ee, 0), 1) : 0;
    const fx = cvx - ex * t;
    const fy = cvy - ey * t;
    const d2 = fx * fx + fy * fy;
    if (d2 < bestD2) {
      bestD2 = d2;
      dx = fx;
      dy = fy;
    }
  }
  const dist = Math.sqrt(bestD2);
  if (dist - r > TOUCH) return null;
  if (dist >= MIN_EDGE) return { depth: Math.max(r - dist, 0), nx: dx / dist, ny: dy / dist };
  return { depth: Math.max(r - dist, 0), nx: enx, ny: eny };
}

function rectRect(a, b) {
  const dx = b.center.x - a.center.x;
  const dy = b.center.y - a.center.y;
  if ((a.s === 0 || a.c === 0) && (b.s === 0 || b.c === 0)) {
    const eax = a.c === 0 ? a.hy : a.hx;
    const eay = a.c === 0 ? a.hx : a.hy;
    const ebx = b.c === 0 ? b.hy : b.hx;
    const eby = b.c === 0 ? b.hx : b.hy;
    const ox = eax + ebx - Math.abs(dx);
    const oy = eay + eby - Math.abs(dy);
    if (ox < -TOUCH || oy < -TOUCH) return null;
    if (ox <= oy) return { depth: Math.max(ox, 0), nx: dx >= 0 ? 1 : -1, ny: 0 };
    return { depth: Math.max(oy, 0), nx: 0, ny: dy >= 0 ? 1 : -1 };
  }
  const ax = [a.c, a.s];
  const ay = [-a.s, a.c];
  const bx = [b.c, b.s];
  const by = [-b.s, b.c];
  const dot = (u, v) => u[0] * v[0] + u[1] * v[1];
  const cxx = Math.abs(dot(ax, bx));
  const cxy = Math.abs(dot(ax, by));
  const cyx = Math.abs(dot(ay, bx));
  const cyy = Math.abs(dot(ay, by));
  const list = [
    [ax, a.hx, b.hx * cxx + b.hy * cxy],
    [ay, a.hy, b.hx * cyx + b.hy * cyy],
    [bx, a.hx * cxx + a.hy * cyx, b.hx],
    [by, a.hx * cxy + a.hy * cyy, b.hy],
  ];
  let best = Infinity;
  let nx = 0;
  let ny = 0;
  for (const [u, reachA, reachB] of list) {
    const du = dx * u[0] + dy * u[1];
    const overlap = reachA + reachB - Math.abs(du);
    if (overlap < -TOUCH) return null;
    if (overlap < best) {
      best = overlap;
      nx = du >= 0 ? u[0] : -u[0];
      ny = du >= 0 ? u[1] : -u[1];
    }
  }
  return { depth: Math.max(best, 0), nx, ny };
}

function rectCircle(a, b) {
  const wx = b.center.x - a.center.x;
  const wy = b.center.y - a.center.y;
  const px = a.c * wx + a.s * wy;
  const py = -a.s * wx + a.c * wy;
  const r = b.radius;
  const rot = (x, y) => ({ nx: a.c * x - a.s * y, ny: a.s * x + a.c * y });
  if (Math.abs(px) <= a.hx && Math.abs(py) <= a.hy) {
    const ddx = a.hx - Math.abs(px);
    const ddy = a.hy - Math.abs(py);
    if (ddx <= ddy) return { depth: r + ddx, ...rot(px >= 0 ? 1 : -1, 0) };
    return { depth: r + ddy, ...rot(0, py >= 0 ? 1 : -1) };
  }
  const qx = Math.min(Math.max(px, -a.hx), a.hx);
  const qy = Math.min(Math.max(py, -a.hy), a.hy);
  const fx = px - qx;
  const fy = py - qy;
  const dist = Math.sqrt(fx * fx + fy * fy);
  if (dist - r > TOUCH) return null;
  return { depth: Math.max(r - dist, 0), ...rot(fx / dist, fy / dist) };
}

function circleCircle(a, b) {
  const dx = b.center.x - a.center.x;
  const dy = b.center.y - a.center.y;
  const dist = Math.sqrt(dx * dx + dy * dy);
  const sum = a.radius + b.radius;
  if (!(dist - sum <= TOUCH)) return null;
  if (dist >= MIN_EDGE) return { depth: Math.max(sum - dist, 0), nx: dx / dist, ny: dy / dist };
  return { depth: Math.max(sum - dist, 0), nx: 1, ny: 0 };
}

function nearestOnSegment(p, s0, s1) {
  const ex = s1.x - s0.x;
  const ey = s1.y - s0.y;
  const ee = ex * ex + ey * ey;
  const t = ee > 0 ? Math.min(Math.max(((p.x - s0.x) * ex + (p.y - s0.y) * ey) / ee, 0), 1) : 0;
  return { x: s0.x + ex * t, y: s0.y + ey * t };
}

// Any pair with a capsule: SAT on the hulls, else the feature distance (FORMAT.md 5.8).
function rounded(a, b) {
  const R = (a.type === 'circle' || a.type === 'capsule' ? a.radius : 0) + (b.type === 'circle' || b.type === 'capsule' ? b.radius : 0);
  const best = newAxis();
  axes(a, b, 1, best, false);
  axes(b, a, -1, best, false);
  if (best.len2 !== 0 && best.raw < 0) {
    const length = Math.sqrt(best.len2);
    return { depth: -best.raw / length + R, nx: best.nx / length, ny: best.ny / length };
  }
  let bestD2 = Infinity;
  let pa = null;
  let pb = null;
  const consider = (p, q) => {
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    const d2 = dx * dx + dy * dy;
    if (d2 < bestD2) {
      bestD2 = d2;
      pa = p;
      pb = q;
    }
  };
  const A = a.points;
  const B = b.points;
  for (const p of A) for (const q of B) consider(p, q);
  const edges = (P) => {
    const out = [];
    if (P.length < 2) return out;
    for (let i = 0; i < P.length; ++i) {
      const v = P[i];
      const w = P[i + 1 === P.length ? 0 : i + 1];
      const ex = w.x - v.x;
      const ey = w.y - v.y;
      if (ex * ex + ey * ey >= MIN_EDGE2) out.push([v, w]);
    }
    return out;
  };
  for (const [w0, w1] of edges(B)) for (const p of A) consider(p, nearestOnSegment(p, w0, w1));
  for (const [v0, v1] of edges(A)) for (const q of B) consider(nearestOnSegment(q, v0, v1), q);
  const d = Math.sqrt(bestD2);
  if (!(d - R <= TOUCH)) return null;
  const depth = Math.max(R - d, 0);
  if (d >= MIN_EDGE) return { depth, nx: (pb.x - pa.x) / d, ny: (pb.y - pa.y) / d };
  if (best.len2 !== 0) {
    const length = Math.sqrt(best.len2);
    return { depth, nx: best.nx / length, ny: best.ny / length };
  }
  return { depth, nx: 1, ny: 0 };
}

const flip = (c) => (c ? { depth: c.depth, nx: -c.nx, ny: -c.ny } : null);

function collide(a, b) {
  let c;
  if (a.type === 'capsule' || b.type === 'capsule') c = rounded(a, b);
  else if (a.type === 'polygon') c = b.type === 'polygon' ? polyPoly(a, b) : b.type === 'rect' ? polyRect(a, b) : polyCircle(a, b);
  else if (a.type === 'rect') c = b.type === 'polygon' ? flip(polyRect(b, a)) : b.type === 'rect' ? rectRect(a, b) : rectCircle(a, b);
  else c = b.type === 'polygon' ? flip(polyCircle(b, a)) : b.type === 'rect' ? flip(rectCircle(b, a)) : circleCircle(a, b);
  if (!c || !Number.isFinite(c.depth) || !Number.isFinite(c.nx) || !Number.isFinite(c.ny)) return null;
  if (c.nx * c.nx + c.ny * c.ny < 0.5) return null; // overflow shrank the normal (FORMAT.md 5)
  return c;
}

/** A loaded runtime file (runtimes/FORMAT.md). Read-only after loading. */
export class Runtime {
  constructor(json) {
    if (!isObject(json)) fail('', 'a runtime file is a JSON object');
    if (json.format !== 'hitsmith-runtime') fail('format', 'must be "hitsmith-runtime" (not a Hitsmith runtime file)');
    const version = need(json, '', 'version', 'number');
    if (version !== 1) fail('version', `this loader reads version 1, the file is version ${version}`);
    this.version = 1;
    this.tickRate = 0;
    if (json.tick_rate !== undefined && json.tick_rate !== null) this.tickRate = need(json, '', 'tick_rate', 'positive');
    this.layers = [];
    if (json.layers !== undefined && json.layers !== null) {
      if (!Array.isArray(json.layers) || json.layers.some((l) => typeof l !== 'string')) fail('layers', 'must be an array of strings');
      this.layers = json.layers.slice();
    }
    this.attackLayer = null;
    if (json.attack_layer !== undefined && json.attack_layer !== null) {
      if (typeof json.attack_layer !== 'string') fail('attack_layer', 'must be a string or null');
      this.attackLayer = json.attack_layer;
    }
    this.collide = json.collide === undefined || json.collide === null ? null : readPairs(json.collide, 'collide');
    const sprites = need(json, '', 'sprites', 'array');
    this.sprites = sprites.map((s, i) => readSprite(s, `sprites[${i}]`, this.tickRate));
    this.spriteByName = new Map();
    for (const s of this.sprites) if (!this.spriteByName.has(s.name)) this.spriteByName.set(s.name, s);
  }

  /** The sprite with this name (or the sprite itself); throws when there is none. */
  sprite(name) {
    if (typeof name === 'object' && name !== null) return name;
    const s = this.spriteByName.get(name);
    if (!s) throw new Error(`no sprite named "${name}"`);
    return s;
  }

  /** The frame index showing at tMs (looping; negative times loop back). */
  frameAt(sprite, tMs) {
    const s = this.sprite(sprite);
    if (s.frames.length === 0) throw new Error(`sprite "${s.name}" has no frames`);
    if (typeof tMs !== 'number' || !Number.isFinite(tMs)) throw new Error('the time must be a finite number of milliseconds');
    let u = tMs % s.totalMs;
    if (u < 0) u += s.totalMs;
    if (u >= s.totalMs) u = 0;
    let lo = 0;
    let hi = s.frames.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const f = s.frames[mid];
      if (u < f.startMs + f.durationMs) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Where the character's origin sits during frame k: the motion of frames 0..k summed. */
  rootPosition(sprite, frame) {
    const f = this.sprite(sprite).frames[frame];
    if (!f) throw new Error(`no frame ${frame}`);
    return { x: f.root.x, y: f.root.y };
  }

  /** A frame placed with its sprite's origin at (x, y) facing 'right' or 'left'; withRoot adds
   *  its root position. The result maps points and lists its placed shapes. */
  place(sprite, frame, x, y, facing = 'right', withRoot = true) {
    const s = this.sprite(sprite);
    const f = s.frames[frame];
    if (!f) throw new Error(`sprite "${s.name}" has no frame ${frame}`);
    if (facing !== 'right' && facing !== 'left') throw new Error('facing must be "right" or "left"');
    if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error('x and y must be finite numbers');
    const at = { frame: f, x, y, sx: facing === 'left' ? -1 : 1, rootX: withRoot ? f.root.x : 0, rootY: withRoot ? f.root.y : 0 };
    at.point = (p) => ({ x: at.x + at.sx * (p.x + at.rootX), y: at.y + (p.y + at.rootY) });
    at.shapes = () =>
      f.shapes.map((shape) => {
        const g = geometry(shape, at);
        const out = { id: shape.id, layer: shape.layer, type: shape.type, properties: shape.properties };
        if (shape.type === 'rect') Object.assign(out, { center: g.center, size: shape.size, angle: at.sx < 0 ? (shape.angle === 0 ? 0 : -shape.angle) : shape.angle });
        else if (shape.type === 'circle') Object.assign(out, { center: g.center, radius: shape.radius });
        else if (shape.type === 'capsule') Object.assign(out, { ends: g.points, radius: shape.radius });
        else out.points = g.points;
        return out;
      });
    return at;
  }

  /** Whether an attacker shape on layer a is tested against a defender shape on layer d, for
   *  ordered pairs [[a, d], ...] or with null the runtime's default (FORMAT.md section 4). */
  layersAllowed(a, d, pairs = null) {
    if (pairs) return pairs.some((p) => p[0] === a && p[1] === d);
    if (this.attackLayer !== null && a !== this.attackLayer) return false;
    if (this.collide === null) return true;
    return this.collide.some((p) => (p[0] === a && p[1] === d) || (p[0] === d && p[1] === a));
  }

  /** The hits between two placements (from place()), sorted by (attacker id, defender id):
   *  [{a, b, aLayer, bLayer, depth, normal: [x, y]}]; moving the defender's shape by
   *  depth * normal separates the pair. */
  hits(attacker, defender, pairs = null) {
    if (pairs !== null) pairs = readPairs(pairs, 'layers');
    const fa = attacker.frame;
    const fd = defender.frame;
    const out = [];
    for (const i of fa.order) {
      const sa = fa.shapes[i];
      let ga = null;
      for (const j of fd.order) {
        const sd = fd.shapes[j];
        if (!this.layersAllowed(sa.layer, sd.layer, pairs)) continue;
        if (!ga) ga = geometry(sa, attacker);
        const c = collide(ga, geometry(sd, defender));
        if (c) out.push({ a: sa.id, b: sd.id, aLayer: sa.layer, bLayer: sd.layer, depth: c.depth, normal: [c.nx, c.ny] });
      }
    }
    return out;
  }

  /** The versus question of `hitsmith-cli versus`: the attacker frame at (0, 0) facing right with
   *  its root motion, the defender's origin at (dx, dy) facing the attacker unless sameFacing. */
  versus(attacker, attackerFrame, defender, defenderFrame, dx, dy, sameFacing = false, pairs = null) {
    const a = this.place(attacker, attackerFrame, 0, 0, 'right', true);
    const d = this.place(defender, defenderFrame, dx, dy, sameFacing ? 'right' : 'left', false);
    return this.hits(a, d, pairs);
  }
}

/** Loads a runtime file from its JSON text (or an already parsed object); throws an Error with a
 *  message on bad input. */
export function loadRuntime(text) {
  let json = text;
  if (typeof text === 'string') {
    try {
      json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (e) {
      throw new Error(`JSON: ${e.message}`);
    }
  }
  return new Runtime(json);
}
