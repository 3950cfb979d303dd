// Hitsmith.cs: the Hitsmith runtime loader for C# 7 (Unity, MonoGame, Godot C#).
//
// Reads a file written by `hitsmith-cli export --format runtime` (runtimes/FORMAT.md, version 1)
// and answers what a game asks: which frame shows at a time, where a frame's shapes stand, and
// which shapes of two placed frames hit, with the depth and unit normal `hitsmith-cli versus`
// prints. Only System.*; one file to drop into a project.
//
//   var rt = HitsmithRuntime.Load(jsonText);          // HitsmithException on bad input
//   var knight = rt.GetSprite("knight");
//   int k = knight.FrameAt(timeMs);                    // 0-based, looping
//   var a = knight.Place(k, x, y, Facing.Right, true); // with root motion
//   List<HitsmithHit> hits = rt.Hits(a, d, null);      // null: the document's collide pairs
//
// Frame indices are 0-based. Coordinates are pixels, x right, y down (flip y for engines whose y
// goes up, e.g. Unity: hits are unaffected, only the normal's y changes sign).

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;

namespace Hitsmith
{
    /// <summary>Bad input: a malformed or invalid runtime file, an unknown sprite, a bad query.
    /// The message names where (e.g. "sprites[2].frames[0].shapes[1].radius: must be > 0").</summary>
    public class HitsmithException : Exception
    {
        public HitsmithException(string message) : base(message) { }
    }

    /// <summary>A point or direction in pixels (x right, y down).</summary>
    public struct Vec2
    {
        public double X;
        public double Y;
        public Vec2(double x, double y) { X = x; Y = y; }
        public override string ToString()
        {
            return string.Format(CultureInfo.InvariantCulture, "({0}, {1})", X, Y);
        }
    }

    /// <summary>Which way a placed frame faces; Left mirrors about the origin's vertical axis.</summary>
    public enum Facing { Right = 1, Left = -1 }

    public enum ShapeType { Rect, Circle, Polygon, Capsule }

    /// <summary>An ordered layer pair: attacker shapes on Attacker against defender shapes on
    /// Defender (one way).</summary>
    public struct LayerPair
    {
        public string Attacker;
        public string Defender;
        public LayerPair(string attacker, string defender) { Attacker = attacker; Defender = defender; }
    }

    /// <summary>A shape as the file holds it, origin-relative.</summary>
    public sealed class HitsmithShape
    {
        public string Id;
        public string Layer;
        public ShapeType Type;
        public Vec2 Center;        // rect, circle
        public Vec2 Size;          // rect: full width and height
        public double Angle;       // rect: degrees, clockwise on the y-down screen
        public double Radius;      // circle, capsule
        public Vec2[] Points;      // polygon
        public Vec2[] Ends;        // capsule: the two ends of the core segment
        public Dictionary<string, object> Properties;
    }

    /// <summary>A locator (never collides).</summary>
    public sealed class HitsmithPoint
    {
        public string Id;
        public string Layer;
        public Vec2 Position;
        public Dictionary<string, object> Properties;
    }

    public sealed class HitsmithFrame
    {
        public string Name;
        public double DurationMs;
        public double StartMs;     // sum of the durations before this frame
        public int? Ticks;         // present when the file has a tick rate
        public Vec2 Origin;        // image pixels, for drawing
        public Vec2 Motion;        // root motion when this frame starts
        public Vec2 Root;          // sum of the motions up to and including this frame
        public Dictionary<string, object> Properties;
        public List<HitsmithShape> Shapes = new List<HitsmithShape>();
        public List<HitsmithPoint> Points = new List<HitsmithPoint>();
    }

    public sealed class HitsmithSprite
    {
        public string Name;
        public List<HitsmithFrame> Frames = new List<HitsmithFrame>();
        public double TotalMs;

        /// <summary>The 0-based frame shown at time t (ms, looping; negative times loop
        /// backwards). Throws HitsmithException for a sprite without frames or a non-finite t.</summary>
        public int FrameAt(double t)
        {
            if (Frames.Count == 0)
                throw new HitsmithException("sprite \"" + Name + "\" has no frames");
            if (double.IsNaN(t) || double.IsInfinity(t))
                throw new HitsmithException("time is not a finite number");
            double u = Geometry.FMod(t, TotalMs);
            if (u < 0) u += TotalMs;
            if (u >= TotalMs) u = 0;
            int lo = 0, hi = Frames.Count - 1;
            while (lo < hi)
            {
                int mid = (lo + hi) / 2;
                HitsmithFrame f = Frames[mid];
                if (u < f.StartMs + f.DurationMs) hi = mid; else lo = mid + 1;
            }
            return lo;
        }

        /// <summary>Sum of the root motions of frames 0..k.</summary>
        public Vec2 RootPosition(int k)
        {
            return FrameOf(k).Root;
        }

        HitsmithFrame FrameOf(int k)
        {
            if (k < 0 || k >= Frames.Count)
                throw new HitsmithException("sprite \"" + Name + "\" has no frame " + k);
            return Frames[k];
        }

        /// <summary>Frame k's shapes with its origin at (x, y), mirrored when facing left, moved
        /// by the frame's root position when withRoot.</summary>
        public PlacedFrame Place(int k, double x, double y, Facing facing, bool withRoot)
        {
            HitsmithFrame f = FrameOf(k);
            if (!Geometry.Finite(x) || !Geometry.Finite(y))
                throw new HitsmithException("position is not finite");
            double s = facing == Facing.Left ? -1.0 : 1.0;
            double rx = withRoot ? f.Root.X : 0.0, ry = withRoot ? f.Root.Y : 0.0;
            var placed = new PlacedFrame { Sprite = this, FrameIndex = k };
            foreach (HitsmithShape shape in f.Shapes)
                placed.Shapes.Add(PlacedShape.Place(shape, x, y, s, rx, ry));
            return placed;
        }
    }

    /// <summary>A shape in world pixels. Rect: Center, HalfSize, Angle and its (Cos, Sin);
    /// circle: Center, Radius; polygon: Points, Orientation; capsule: Ends, Radius.</summary>
    public sealed class PlacedShape
    {
        public string Id;
        public string Layer;
        public ShapeType Type;
        public HitsmithShape Source;
        public Vec2 Center;
        public Vec2 HalfSize;
        public double Angle, Cos, Sin;
        public double Radius;
        public double[] Xs, Ys;   // polygon vertices, capsule ends
        public double Orientation; // polygon winding: +1 or -1
        public bool Valid;        // false when a coordinate overflowed: hits nothing

        internal static PlacedShape Place(HitsmithShape shape, double x, double y, double s, double rx, double ry)
        {
            var p = new PlacedShape { Id = shape.Id, Layer = shape.Layer, Type = shape.Type, Source = shape };
            switch (shape.Type)
            {
                case ShapeType.Rect:
                {
                    p.Center = new Vec2(x + s * (shape.Center.X + rx), y + (shape.Center.Y + ry));
                    double angle = shape.Angle;
                    if (s < 0) angle = angle == 0 ? 0.0 : -angle;
                    p.Angle = angle;
                    p.HalfSize = new Vec2(shape.Size.X * 0.5, shape.Size.Y * 0.5);
                    Geometry.Rotation(angle, out p.Cos, out p.Sin);
                    p.Valid = Geometry.Finite(p.Center.X) && Geometry.Finite(p.Center.Y) && Geometry.Finite(p.Cos);
                    break;
                }
                case ShapeType.Circle:
                    p.Center = new Vec2(x + s * (shape.Center.X + rx), y + (shape.Center.Y + ry));
                    p.Radius = shape.Radius;
                    p.Valid = Geometry.Finite(p.Center.X) && Geometry.Finite(p.Center.Y);
                    break;
                case ShapeType.Polygon:
                {
                    int n = shape.Points.Length;
                    p.Xs = new double[n];
                    p.Ys = new double[n];
                    bool ok = n >= 3, spread = false;
                    for (int i = 0; i < n; ++i)
                    {
                        p.Xs[i] = x + s * (shape.Points[i].X + rx);
                        p.Ys[i] = y + (shape.Points[i].Y + ry);
                        ok = ok && Geometry.Finite(p.Xs[i]) && Geometry.Finite(p.Ys[i]);
                        spread = spread || p.Xs[i] != p.Xs[0] || p.Ys[i] != p.Ys[0];
                    }
                    p.Valid = ok && spread;
                    p.Orientation = n >= 3 ? Geometry.Winding(p.Xs, p.Ys) : 1.0;
                    break;
                }
                default:
                    p.Xs = new[] { x + s * (shape.Ends[0].X + rx), x + s * (shape.Ends[1].X + rx) };
                    p.Ys = new[] { y + (shape.Ends[0].Y + ry), y + (shape.Ends[1].Y + ry) };
                    p.Radius = shape.Radius;
                    p.Valid = Geometry.Finite(p.Xs[0]) && Geometry.Finite(p.Xs[1]) &&
                              Geometry.Finite(p.Ys[0]) && Geometry.Finite(p.Ys[1]);
                    break;
            }
            return p;
        }
    }

    public sealed class PlacedFrame
    {
        public HitsmithSprite Sprite;
        public int FrameIndex;
        public List<PlacedShape> Shapes = new List<PlacedShape>();
    }

    /// <summary>One attacker shape (A) against one defender shape (B); moving the defender by
    /// Depth * Normal separates them.</summary>
    public sealed class HitsmithHit
    {
        public string A, B, ALayer, BLayer;
        public double Depth;
        public Vec2 Normal;
    }

    public sealed class HitsmithRuntime
    {
        public int Version = 1;
        public double? TickRate;
        public List<string> Layers = new List<string>();
        /// <summary>The attack layer (null when no layer is named like an attack).</summary>
        public string AttackLayer;
        /// <summary>The collide matrix (unordered pairs), or null: every pair collides.</summary>
        public List<LayerPair> Collide;
        public List<HitsmithSprite> Sprites = new List<HitsmithSprite>();
        readonly Dictionary<string, HitsmithSprite> byName = new Dictionary<string, HitsmithSprite>(StringComparer.Ordinal);

        /// <summary>Reads a runtime from JSON text; HitsmithException naming where it is wrong.</summary>
        public static HitsmithRuntime Load(string text)
        {
            if (text == null) throw new HitsmithException("no text");
            return RuntimeReader.Read(Json.Parse(text));
        }

        /// <summary>Reads a runtime file (UTF-8).</summary>
        public static HitsmithRuntime LoadFile(string path)
        {
            string text;
            try { text = File.ReadAllText(path, Encoding.UTF8); }
            catch (Exception e) { throw new HitsmithException(path + ": " + e.Message); }
            try { return Load(text); }
            catch (HitsmithException e) { throw new HitsmithException(path + ": " + e.Message); }
        }

        internal void Add(HitsmithSprite sprite, string path)
        {
            if (byName.ContainsKey(sprite.Name))
                throw new HitsmithException(path + ".name: duplicate sprite \"" + sprite.Name + "\"");
            byName[sprite.Name] = sprite;
            Sprites.Add(sprite);
        }

        public bool TryGetSprite(string name, out HitsmithSprite sprite)
        {
            return byName.TryGetValue(name ?? "", out sprite);
        }

        public HitsmithSprite GetSprite(string name)
        {
            HitsmithSprite s;
            if (name == null || !byName.TryGetValue(name, out s))
                throw new HitsmithException("unknown sprite \"" + name + "\"");
            return s;
        }

        /// <summary>Whether attacker layer a is tested against defender layer d: with explicit
        /// pairs, when (a, d) is listed; with null, the attack layer against what the collide
        /// matrix pairs with it (without an attack layer: the collide matrix either way).</summary>
        public bool Allows(string a, string d, IList<LayerPair> layers)
        {
            if (layers != null)
            {
                foreach (LayerPair pair in layers)
                    if (pair.Attacker == a && pair.Defender == d) return true;
                return false;
            }
            if (AttackLayer != null && a != AttackLayer) return false;
            if (Collide == null) return true;
            foreach (LayerPair pair in Collide)
                if ((pair.Attacker == a && pair.Defender == d) || (pair.Attacker == d && pair.Defender == a))
                    return true;
            return false;
        }

        /// <summary>The hits between two placed frames, sorted by (A, B) shape id; each normal
        /// moves the defender out. layers: null for the document's default, else ordered pairs.</summary>
        public List<HitsmithHit> Hits(PlacedFrame attacker, PlacedFrame defender, IList<LayerPair> layers)
        {
            if (attacker == null || defender == null) throw new HitsmithException("no placed frame");
            var result = new List<HitsmithHit>();
            var cache = new Dictionary<string, bool>(StringComparer.Ordinal);
            foreach (PlacedShape a in attacker.Shapes)
            {
                foreach (PlacedShape b in defender.Shapes)
                {
                    string key = a.Layer + "\u0000" + b.Layer;
                    bool allowed;
                    if (!cache.TryGetValue(key, out allowed))
                    {
                        allowed = Allows(a.Layer, b.Layer, layers);
                        cache[key] = allowed;
                    }
                    if (!allowed) continue;
                    double depth, nx, ny;
                    if (Geometry.Collide(a, b, out depth, out nx, out ny))
                        result.Add(new HitsmithHit { A = a.Id, B = b.Id, ALayer = a.Layer, BLayer = b.Layer, Depth = depth, Normal = new Vec2(nx, ny) });
                }
            }
            result.Sort((x, y) =>
            {
                int c = CompareCodePoints(x.A, y.A);
                return c != 0 ? c : CompareCodePoints(x.B, y.B);
            });
            return result;
        }

        /// <summary>A versus query as `hitsmith-cli versus` answers it: the attacker's frame k at
        /// (0, 0) facing right with root motion; the defender's frame j with its origin at
        /// (dx, dy), facing the attacker unless sameFacing, without root motion.</summary>
        public List<HitsmithHit> Versus(HitsmithSprite attacker, int k, HitsmithSprite defender, int j,
                                        double dx, double dy, bool sameFacing, IList<LayerPair> layers)
        {
            PlacedFrame a = attacker.Place(k, 0.0, 0.0, Facing.Right, true);
            PlacedFrame d = defender.Place(j, dx, dy, sameFacing ? Facing.Right : Facing.Left, false);
            return Hits(a, d, layers);
        }

        /// <summary>The same with sprites by name and times in ms.</summary>
        public List<HitsmithHit> VersusAt(string attacker, double t, string defender, double u,
                                          double dx, double dy, bool sameFacing, IList<LayerPair> layers)
        {
            HitsmithSprite sa = GetSprite(attacker), sd = GetSprite(defender);
            return Versus(sa, sa.FrameAt(t), sd, sd.FrameAt(u), dx, dy, sameFacing, layers);
        }

        /// <summary>Orders strings by Unicode code points (as UTF-8 bytes compare).</summary>
        public static int CompareCodePoints(string x, string y)
        {
            int n = Math.Min(x.Length, y.Length);
            for (int i = 0; i < n; ++i)
            {
                char p = x[i], q = y[i];
                if (p == q) continue;
                // UTF-16 order differs from code point order only for surrogates against U+E000..U+FFFF.
                int fp = p >= 0xE000 ? p - 0x800 : (p >= 0xD800 ? p + 0x2000 : p);
                int fq = q >= 0xE000 ? q - 0x800 : (q >= 0xD800 ? q + 0x2000 : q);
                return fp < fq ? -1 : 1;
            }
            return x.Length.CompareTo(y.Length);
        }
    }

    /// <summary>The runtime file's schema (FORMAT.md section 1).</summary>
    internal static class RuntimeReader
    {
        static HitsmithException Bad(string path, string what)
        {
            return new HitsmithException(path + ": " + what);
        }

        static string Join(string path, string key)
        {
            return path.Length == 0 ? key : path + "." + key;
        }

        static Dictionary<string, object> Object(object v, string path)
        {
            var o = v as Dictionary<string, object>;
            if (o == null) throw Bad(path, "expected an object");
            return o;
        }

        static List<object> Array(Dictionary<string, object> o, string key, string path, bool optional)
        {
            object v;
            if (!o.TryGetValue(key, out v))
            {
                if (optional) return new List<object>();
                throw Bad(Join(path, key), "missing");
            }
            var a = v as List<object>;
            if (a == null) throw Bad(Join(path, key), "expected an array");
            return a;
        }

        static string String(Dictionary<string, object> o, string key, string path)
        {
            object v;
            if (!o.TryGetValue(key, out v)) throw Bad(Join(path, key), "missing");
            var s = v as string;
            if (s == null) throw Bad(Join(path, key), "expected a string");
            return s;
        }

        static double? Number(Dictionary<string, object> o, string key, string path, bool optional)
        {
            object v;
            if (!o.TryGetValue(key, out v))
            {
                if (optional) return null;
                throw Bad(Join(path, key), "missing");
            }
            if (!(v is double)) throw Bad(Join(path, key), "expected a number");
            double d = (double)v;
            if (!Geometry.Finite(d)) throw Bad(Join(path, key), "not a finite number");
            return d;
        }

        static Vec2 Point(object v, string path)
        {
            var a = v as List<object>;
            if (a == null || a.Count != 2 || !(a[0] is double) || !(a[1] is double))
                throw Bad(path, "expected [x, y]");
            double x = (double)a[0], y = (double)a[1];
            if (!Geometry.Finite(x) || !Geometry.Finite(y)) throw Bad(path, "not a finite number");
            return new Vec2(x, y);
        }

        static Vec2 PointField(Dictionary<string, object> o, string key, string path)
        {
            object v;
            if (!o.TryGetValue(key, out v)) throw Bad(Join(path, key), "missing");
            return Point(v, Join(path, key));
        }

        static Dictionary<string, object> Properties(Dictionary<string, object> o, string path)
        {
            object v;
            if (!o.TryGetValue("properties", out v)) return new Dictionary<string, object>();
            var p = v as Dictionary<string, object>;
            string where = Join(path, "properties");
            if (p == null) throw Bad(where, "expected an object");
            foreach (KeyValuePair<string, object> item in p)
            {
                if (item.Value is double)
                {
                    if (!Geometry.Finite((double)item.Value)) throw Bad(where + "." + item.Key, "not a finite number");
                }
                else if (!(item.Value is string) && !(item.Value is bool))
                    throw Bad(where + "." + item.Key, "expected a number, string or boolean");
            }
            return p;
        }

        static bool IsInteger(double d)
        {
            return Math.Floor(d) == d;
        }

        static HitsmithShape Shape(object v, string path)
        {
            Dictionary<string, object> o = Object(v, path);
            var s = new HitsmithShape();
            s.Id = String(o, "id", path);
            s.Layer = String(o, "layer", path);
            string type = String(o, "type", path);
            s.Properties = Properties(o, path);
            switch (type)
            {
                case "rect":
                    s.Type = ShapeType.Rect;
                    s.Center = PointField(o, "center", path);
                    s.Size = PointField(o, "size", path);
                    if (!(s.Size.X > 0 && s.Size.Y > 0)) throw Bad(Join(path, "size"), "must be > 0");
                    s.Angle = Number(o, "angle", path, true) ?? 0.0;
                    break;
                case "circle":
                    s.Type = ShapeType.Circle;
                    s.Center = PointField(o, "center", path);
                    s.Radius = Number(o, "radius", path, false).Value;
                    if (!(s.Radius > 0)) throw Bad(Join(path, "radius"), "must be > 0");
                    break;
                case "polygon":
                {
                    s.Type = ShapeType.Polygon;
                    List<object> pts = Array(o, "points", path, false);
                    if (pts.Count < 3) throw Bad(Join(path, "points"), "fewer than 3 points");
                    s.Points = new Vec2[pts.Count];
                    for (int i = 0; i < pts.Count; ++i)
                        s.Points[i] = Point(pts[i], Join(path, "points") + "[" + i + "]");
                    break;
                }
                case "capsule":
                {
                    s.Type = ShapeType.Capsule;
                    List<object> ends = Array(o, "ends", path, false);
                    if (ends.Count != 2) throw Bad(Join(path, "ends"), "expected two ends");
                    s.Ends = new[] { Point(ends[0], Join(path, "ends") + "[0]"), Point(ends[1], Join(path, "ends") + "[1]") };
                    s.Radius = Number(o, "radius", path, false).Value;
                    if (!(s.Radius > 0)) throw Bad(Join(path, "radius"), "must be > 0");
                    break;
                }
                default:
                    throw Bad(Join(path, "type"), "unknown shape type \"" + type + "\"");
            }
            return s;
        }

        static HitsmithFrame Frame(object v, string path, bool hasTicks)
        {
            Dictionary<string, object> o = Object(v, path);
            var f = new HitsmithFrame();
            f.Name = String(o, "name", path);
            double d = Number(o, "duration_ms", path, false).Value;
            if (!IsInteger(d) || d < 1 || d > 2147483647)
                throw Bad(Join(path, "duration_ms"), "must be an integer from 1 to 2147483647");
            f.DurationMs = d;
            double? ticks = Number(o, "ticks", path, !hasTicks);
            if (ticks.HasValue)
            {
                if (!IsInteger(ticks.Value) || ticks.Value < 0 || ticks.Value > int.MaxValue)
                    throw Bad(Join(path, "ticks"), "must be an integer >= 0");
                f.Ticks = (int)ticks.Value;
            }
            f.Origin = PointField(o, "origin", path);
            f.Motion = PointField(o, "motion", path);
            f.Properties = Properties(o, path);
            List<object> shapes = Array(o, "shapes", path, false);
            var ids = new HashSet<string>(StringComparer.Ordinal);
            for (int i = 0; i < shapes.Count; ++i)
            {
                string sp = Join(path, "shapes") + "[" + i + "]";
                HitsmithShape s = Shape(shapes[i], sp);
                if (!ids.Add(s.Id)) throw Bad(sp + ".id", "duplicate id \"" + s.Id + "\"");
                f.Shapes.Add(s);
            }
            List<object> points = Array(o, "points", path, true);
            for (int i = 0; i < points.Count; ++i)
            {
                string pp = Join(path, "points") + "[" + i + "]";
                Dictionary<string, object> po = Object(points[i], pp);
                f.Points.Add(new HitsmithPoint
                {
                    Id = String(po, "id", pp),
                    Layer = String(po, "layer", pp),
                    Position = PointField(po, "position", pp),
                    Properties = Properties(po, pp)
                });
            }
            return f;
        }

        internal static HitsmithRuntime Read(object json)
        {
            var doc = json as Dictionary<string, object>;
            if (doc == null) throw Bad("file", "expected a JSON object");
            object v;
            if (!doc.TryGetValue("format", out v) || !"hitsmith-runtime".Equals(v))
                throw Bad("format", "expected \"hitsmith-runtime\"");
            if (!doc.TryGetValue("version", out v) || !(v is double))
                throw Bad("version", "missing or not a number");
            if ((double)v != 1.0)
                throw Bad("version", "unsupported version " + ((double)v).ToString("R", CultureInfo.InvariantCulture));
            var rt = new HitsmithRuntime();
            rt.TickRate = Number(doc, "tick_rate", "", true);
            if (rt.TickRate.HasValue && !(rt.TickRate.Value > 0)) throw Bad("tick_rate", "must be > 0");
            // layers, attack_layer and collide may be absent: [], null and null (FORMAT.md 1).
            List<object> layers = Array(doc, "layers", "", true);
            for (int i = 0; i < layers.Count; ++i)
            {
                var s = layers[i] as string;
                if (s == null) throw Bad("layers[" + i + "]", "expected a string");
                rt.Layers.Add(s);
            }
            if (!doc.TryGetValue("attack_layer", out v)) v = Json.Null;
            if (v != Json.Null && !(v is string)) throw Bad("attack_layer", "expected a string or null");
            rt.AttackLayer = v as string;
            if (!doc.TryGetValue("collide", out v)) v = Json.Null;
            if (v != Json.Null)
            {
                var pairs = v as List<object>;
                if (pairs == null) throw Bad("collide", "expected an array or null");
                rt.Collide = new List<LayerPair>();
                for (int i = 0; i < pairs.Count; ++i)
                {
                    var pair = pairs[i] as List<object>;
                    if (pair == null || pair.Count != 2 || !(pair[0] is string) || !(pair[1] is string))
                        throw Bad("collide[" + i + "]", "expected [layerA, layerB]");
                    rt.Collide.Add(new LayerPair((string)pair[0], (string)pair[1]));
                }
            }
            List<object> sprites = Array(doc, "sprites", "", false);
            for (int i = 0; i < sprites.Count; ++i)
            {
                string path = "sprites[" + i + "]";
                Dictionary<string, object> so = Object(sprites[i], path);
                var sprite = new HitsmithSprite { Name = String(so, "name", path) };
                List<object> frames = Array(so, "frames", path, false);
                double total = 0, rx = 0, ry = 0;
                for (int k = 0; k < frames.Count; ++k)
                {
                    HitsmithFrame f = Frame(frames[k], path + ".frames[" + k + "]", rt.TickRate.HasValue);
                    f.StartMs = total;
                    total += f.DurationMs;
                    rx += f.Motion.X;
                    ry += f.Motion.Y;
                    f.Root = new Vec2(rx, ry);
                    sprite.Frames.Add(f);
                }
                sprite.TotalMs = total;
                rt.Add(sprite, path);
            }
            return rt;
        }
    }

    /// <summary>A small strict JSON reader (RFC 8259): objects become Dictionary&lt;string,
    /// object&gt; (the last of duplicate names counts), arrays List&lt;object&gt;, numbers double
    /// (an overflowing literal becomes an infinity, which the schema then refuses), null
    /// Json.Null; a leading byte-order mark is skipped. Nesting is limited and every
    /// step advances, so hostile input throws a HitsmithException, never crashes or loops.</summary>
    public static class Json
    {
        public static readonly object Null = new object();
        const int MaxDepth = 200;

        public static object Parse(string text)
        {
            var p = new Parser(text);
            if (text.Length > 0 && text[0] == '\uFEFF') p.Pos = 1; // a byte-order mark
            p.SkipSpace();
            object v = p.Value(0);
            p.SkipSpace();
            if (p.Pos < text.Length) throw p.Error("trailing characters");
            return v;
        }

        sealed class Parser
        {
            readonly string s;
            public int Pos;

            public Parser(string text) { s = text; }

            public HitsmithException Error(string what)
            {
                int line = 1, col = 1;
                for (int i = 0; i < Pos && i < s.Length; ++i)
                {
                    if (s[i] == '\n') { ++line; col = 1; }
                    else ++col;
                }
                return new HitsmithException("JSON: " + what + " at line " + line + ", column " + col);
            }

            public void SkipSpace()
            {
                while (Pos < s.Length)
                {
                    char c = s[Pos];
                    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') break;
                    ++Pos;
                }
            }

            bool Literal(string word)
            {
                if (string.CompareOrdinal(s, Pos, word, 0, word.Length) != 0) return false;
                Pos += word.Length;
                return true;
            }

            public object Value(int depth)
            {
                if (Pos >= s.Length) throw Error("unexpected end of input");
                char c = s[Pos];
                if (c == '{' || c == '[')
                {
                    if (depth >= MaxDepth) throw Error("nesting too deep");
                    return c == '{' ? (object)ObjectValue(depth + 1) : ArrayValue(depth + 1);
                }
                if (c == '"') return StringValue();
                if (c == '-' || (c >= '0' && c <= '9')) return NumberValue();
                if (Literal("true")) return true;
                if (Literal("false")) return false;
                if (Literal("null")) return Null;
                throw Error("unexpected character");
            }

            Dictionary<string, object> ObjectValue(int depth)
            {
                var o = new Dictionary<string, object>(StringComparer.Ordinal);
                ++Pos;
                SkipSpace();
                if (Pos < s.Length && s[Pos] == '}') { ++Pos; return o; }
                while (true)
                {
                    if (Pos >= s.Length) throw Error("unexpected end of input");
                    if (s[Pos] != '"') throw Error("expected a string key");
                    string key = StringValue();
                    SkipSpace();
                    if (Pos >= s.Length) throw Error("unexpected end of input");
                    if (s[Pos] != ':') throw Error("expected ':'");
                    ++Pos;
                    SkipSpace();
                    o[key] = Value(depth);
                    SkipSpace();
                    if (Pos >= s.Length) throw Error("unexpected end of input");
                    if (s[Pos] == '}') { ++Pos; return o; }
                    if (s[Pos] != ',') throw Error("expected ',' or '}'");
                    ++Pos;
                    SkipSpace();
                }
            }

            List<object> ArrayValue(int depth)
            {
                var a = new List<object>();
                ++Pos;
                SkipSpace();
                if (Pos < s.Length && s[Pos] == ']') { ++Pos; return a; }
                while (true)
                {
                    a.Add(Value(depth));
                    SkipSpace();
                    if (Pos >= s.Length) throw Error("unexpected end of input");
                    if (s[Pos] == ']') { ++Pos; return a; }
                    if (s[Pos] != ',') throw Error("expected ',' or ']'");
                    ++Pos;
                    SkipSpace();
                }
            }

            static int Hex(char c)
            {
                if (c >= '0' && c <= '9') return c - '0';
                if (c >= 'a' && c <= 'f') return c - 'a' + 10;
                if (c >= 'A' && c <= 'F') return c - 'A' + 10;
                return -1;
            }

            string StringValue()
            {
                ++Pos; // the opening quote
                var b = new StringBuilder();
                while (true)
                {
                    if (Pos >= s.Length) throw Error("unterminated string");
                    char c = s[Pos];
                    if (c == '"') { ++Pos; return b.ToString(); }
                    if (c < 0x20) throw Error("control character in string");
                    if (c != '\\') { b.Append(c); ++Pos; continue; }
                    if (Pos + 1 >= s.Length) throw Error("unterminated string");
                    char e = s[Pos + 1];
                    Pos += 2;
                    switch (e)
                    {
                        case '"': b.Append('"'); break;
                        case '\\': b.Append('\\'); break;
                        case '/': b.Append('/'); break;
                        case 'b': b.Append('\b'); break;
                        case 'f': b.Append('\f'); break;
                        case 'n': b.Append('\n'); break;
                        case 'r': b.Append('\r'); break;
                        case 't': b.Append('\t'); break;
                        case 'u':
                        {
                            if (Pos + 4 > s.Length) throw Error("bad \\u escape");
                            int code = 0;
                            for (int i = 0; i < 4; ++i)
                            {
                                int h = Hex(s[Pos + i]);
                                if (h < 0) throw Error("bad \\u escape");
                                code = code * 16 + h;
                            }
                            Pos += 4;
                            b.Append((char)code);
                            break;
                        }
                        default:
                            Pos -= 2;
                            throw Error("bad escape");
                    }
                }
            }

            object NumberValue()
            {
                int start = Pos;
                if (s[Pos] == '-') ++Pos;
                if (Pos < s.Length && s[Pos] == '0') ++Pos;
                else if (Pos < s.Length && s[Pos] >= '1' && s[Pos] <= '9')
                    while (Pos < s.Length && s[Pos] >= '0' && s[Pos] <= '9') ++Pos;
                else throw Error("bad number");
                if (Pos < s.Length && s[Pos] == '.')
                {
                    ++Pos;
                    int digits = Pos;
                    while (Pos < s.Length && s[Pos] >= '0' && s[Pos] <= '9') ++Pos;
                    if (Pos == digits) throw Error("bad number");
                }
                if (Pos < s.Length && (s[Pos] == 'e' || s[Pos] == 'E'))
                {
                    ++Pos;
                    if (Pos < s.Length && (s[Pos] == '+' || s[Pos] == '-')) ++Pos;
                    int digits = Pos;
                    while (Pos < s.Length && s[Pos] >= '0' && s[Pos] <= '9') ++Pos;
                    if (Pos == digits) throw Error("bad number");
                }
                string literal = s.Substring(start, Pos - start);
                try
                {
                    return double.Parse(literal, NumberStyles.Float, CultureInfo.InvariantCulture);
                }
                catch (OverflowException)
                {
                    // .NET Framework and Mono refuse what .NET Core reads as an infinity.
                    return literal[0] == '-' ? double.NegativeInfinity : double.PositiveInfinity;
                }
                catch (FormatException)
                {
                    Pos = start;
                    throw Error("bad number");
                }
            }
        }
    }

    /// <summary>The narrowphase (FORMAT.md section 5; a port of collision/narrowphase.cpp).</summary>
    public static class Geometry
    {
        const double Touch = 1e-9;
        const double MinEdge = 1e-12;
        const double Touch2 = Touch * Touch;
        const double MinEdge2 = MinEdge * MinEdge;

        public static bool Finite(double x)
        {
            return !double.IsNaN(x) && !double.IsInfinity(x);
        }

        /// <summary>C's fmod: x - n*y with n = trunc(x / y), computed exactly.</summary>
        public static double FMod(double x, double y)
        {
            return x % y; // C#'s % on doubles is exact, with the sign of x, as fmod
        }

        /// <summary>A rect's rotation, exact at every multiple of 90 degrees (FORMAT.md 5.1).</summary>
        public static void Rotation(double degrees, out double c, out double s)
        {
            if (!Finite(degrees)) { c = double.NaN; s = double.NaN; return; }
            double r = Math.Abs(degrees) < 360.0 ? degrees : FMod(degrees, 360.0);
            if (r < 0) r += 360.0;
            const double shift = 4503599627370496.0; // 2^52: rounds half to even
            double q = (r / 90.0 + shift) - shift;
            double rest = (r - q * 90.0) * (Math.PI / 180.0);
            double c0 = Math.Cos(rest), s0 = Math.Sin(rest);
            switch (((int)q) & 3)
            {
                case 0: c = c0; s = s0; break;
                case 1: c = -s0; s = c0; break;
                case 2: c = -c0; s = -s0; break;
                default: c = s0; s = -c0; break;
            }
        }

        internal static double Winding(double[] xs, double[] ys)
        {
            double ox = xs[0], oy = ys[0], area = 0;
            for (int i = 1; i + 1 < xs.Length; ++i)
                area += (xs[i] - ox) * (ys[i + 1] - oy) - (ys[i] - oy) * (xs[i + 1] - ox);
            return area >= 0 ? 1.0 : -1.0;
        }

        struct Best
        {
            public double Raw, L, Nx, Ny; // L == 0: none yet
        }

        static bool Shallower(double raw, double L, ref Best best)
        {
            if (best.L == 0) return true;
            bool up = raw >= 0, bestUp = best.Raw >= 0;
            if (up != bestUp) return up;
            double lhs = raw * raw * best.L, rhs = best.Raw * best.Raw * L;
            return up ? lhs > rhs : lhs < rhs;
        }

        static bool PolygonAxes(PlacedShape a, PlacedShape b, double sign, ref Best best)
        {
            double[] ax = a.Xs, ay = a.Ys, bx = b.Xs, by = b.Ys;
            int na = ax.Length, nb = bx.Length;
            double o = a.Orientation;
            for (int i = 0; i < na; ++i)
            {
                double vx = ax[i], vy = ay[i];
                int j = i + 1 == na ? 0 : i + 1;
                double ex = ax[j] - vx, ey = ay[j] - vy;
                double L = ex * ex + ey * ey;
                if (!(L >= MinEdge2)) continue;
                double nx = ey * o, ny = -ex * o;
                double raw = double.PositiveInfinity;
                for (int m = 0; m < nb; ++m)
                    raw = Math.Min(raw, (bx[m] - vx) * nx + (by[m] - vy) * ny);
                if (raw > 0 && raw * raw > Touch2 * L) return false;
                if (Shallower(raw, L, ref best))
                    best = new Best { Raw = raw, L = L, Nx = nx * sign, Ny = ny * sign };
            }
            return true;
        }

        static bool Finish(ref Best best, out double depth, out double nx, out double ny)
        {
            double len = Math.Sqrt(best.L);
            depth = Math.Max(-best.Raw / len, 0.0);
            nx = best.Nx / len;
            ny = best.Ny / len;
            return true;
        }

        static bool Polygons(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            if (a.Xs.Length < 3 || b.Xs.Length < 3) return false;
            var best = new Best();
            if (!PolygonAxes(a, b, 1.0, ref best) || !PolygonAxes(b, a, -1.0, ref best)) return false;
            if (best.L == 0) return false;
            return Finish(ref best, out depth, out nx, out ny);
        }

        static bool PolygonRect(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            int n = a.Xs.Length;
            if (n < 3) return false;
            double uxx = b.Cos, uxy = b.Sin, uyx = -b.Sin, uyy = b.Cos;
            double hx = b.HalfSize.X, hy = b.HalfSize.Y, cx = b.Center.X, cy = b.Center.Y;
            double[] xs = a.Xs, ys = a.Ys;
            double o = a.Orientation;
            var best = new Best();
            for (int i = 0; i < n; ++i)
            {
                double vx = xs[i], vy = ys[i];
                int j = i + 1 == n ? 0 : i + 1;
                double ex = xs[j] - vx, ey = ys[j] - vy;
                double L = ex * ex + ey * ey;
                if (!(L >= MinEdge2)) continue;
                double enx = ey * o, eny = -ex * o;
                double raw = ((cx - vx) * enx + (cy - vy) * eny) -
                             (hx * Math.Abs(uxx * enx + uxy * eny) + hy * Math.Abs(uyx * enx + uyy * eny));
                if (raw > 0 && raw * raw > Touch2 * L) return false;
                if (Shallower(raw, L, ref best)) best = new Best { Raw = raw, L = L, Nx = enx, Ny = eny };
            }
            if (best.L == 0) return false;
            double minX = double.PositiveInfinity, maxX = double.NegativeInfinity;
            double minY = double.PositiveInfinity, maxY = double.NegativeInfinity;
            for (int i = 0; i < n; ++i)
            {
                double px = xs[i] - cx, py = ys[i] - cy;
                double dx = px * uxx + py * uxy, dy = px * uyx + py * uyy;
                minX = Math.Min(minX, dx);
                maxX = Math.Max(maxX, dx);
                minY = Math.Min(minY, dy);
                maxY = Math.Max(maxY, dy);
            }
            double[] raws = { minX - hx, -hx - maxX, minY - hy, -hy - maxY };
            double[] nxs = { -uxx, uxx, -uyx, uyx };
            double[] nys = { -uxy, uxy, -uyy, uyy };
            for (int k = 0; k < 4; ++k)
            {
                if (raws[k] > Touch) return false;
                if (Shallower(raws[k], 1.0, ref best)) best = new Best { Raw = raws[k], L = 1.0, Nx = nxs[k], Ny = nys[k] };
            }
            return Finish(ref best, out depth, out nx, out ny);
        }

        static bool PolygonCircle(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            int n = a.Xs.Length;
            if (n < 3) return false;
            double cx = b.Center.X, cy = b.Center.Y, r = b.Radius;
            double reach2 = (r + Touch) * (r + Touch);
            double[] xs = a.Xs, ys = a.Ys;
            double o = a.Orientation;
            var best = new Best();
            for (int i = 0; i < n; ++i)
            {
                double vx = xs[i], vy = ys[i];
                int j = i + 1 == n ? 0 : i + 1;
                double ex = xs[j] - vx, ey = ys[j] - vy;
                double L = ex * ex + ey * ey;
                if (!(L >= MinEdge2)) continue;
                double enx = ey * o, eny = -ex * o;
                double raw = (cx - vx) * enx + (cy - vy) * eny;
                if (raw > 0 && raw * raw > reach2 * L) return false;
                if (Shallower(raw, L, ref best)) best = new Best { Raw = raw, L = L, Nx = enx, Ny = eny };
            }
            if (best.L == 0) return false;
            double len = Math.Sqrt(best.L);
            double edgeX = best.Nx / len, edgeY = best.Ny / len;
            if (best.Raw <= 0)
            {
                depth = r - best.Raw / len;
                nx = edgeX;
                ny = edgeY;
                return true;
            }
            double bestD2 = double.PositiveInfinity, bdx = 0, bdy = 0;
            for (int i = 0; i < n; ++i)
            {
                double vx = xs[i], vy = ys[i];
                int j = i + 1 == n ? 0 : i + 1;
                double ex = xs[j] - vx, ey = ys[j] - vy;
                double cvx = cx - vx, cvy = cy - vy;
                if (!(cvx * (ey * o) + cvy * (-ex * o) > 0)) continue;
                double ee = ex * ex + ey * ey;
                double t = ee > 0 ? Math.Min(Math.Max((cvx * ex + cvy * ey) / ee, 0.0), 1.0) : 0.0;
                double dx = cvx - ex * t, dy = cvy - ey * t;
                double d2 = dx * dx + dy * dy;
                if (d2 < bestD2) { bestD2 = d2; bdx = dx; bdy = dy; }
            }
            double dist = Math.Sqrt(bestD2);
            if (dist - r > Touch) return false;
            depth = Math.Max(r - dist, 0.0);
            if (dist >= MinEdge) { nx = bdx / dist; ny = bdy / dist; }
            else { nx = edgeX; ny = edgeY; }
            return true;
        }

        static bool Rects(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            double dx = b.Center.X - a.Center.X, dy = b.Center.Y - a.Center.Y;
            bool aAligned = a.Sin == 0 || a.Cos == 0, bAligned = b.Sin == 0 || b.Cos == 0;
            if (aAligned && bAligned)
            {
                double eax = a.Cos == 0 ? a.HalfSize.Y : a.HalfSize.X, eay = a.Cos == 0 ? a.HalfSize.X : a.HalfSize.Y;
                double ebx = b.Cos == 0 ? b.HalfSize.Y : b.HalfSize.X, eby = b.Cos == 0 ? b.HalfSize.X : b.HalfSize.Y;
                double ox = eax + ebx - Math.Abs(dx), oy = eay + eby - Math.Abs(dy);
                if (ox < -Touch || oy < -Touch) return false;
                if (ox <= oy) { depth = Math.Max(ox, 0.0); nx = dx >= 0 ? 1.0 : -1.0; ny = 0.0; }
                else { depth = Math.Max(oy, 0.0); nx = 0.0; ny = dy >= 0 ? 1.0 : -1.0; }
                return true;
            }
            double axx = a.Cos, axy = a.Sin, ayx = -a.Sin, ayy = a.Cos;
            double bxx = b.Cos, bxy = b.Sin, byx = -b.Sin, byy = b.Cos;
            double cxx = Math.Abs(axx * bxx + axy * bxy), cxy = Math.Abs(axx * byx + axy * byy);
            double cyx = Math.Abs(ayx * bxx + ayy * bxy), cyy = Math.Abs(ayx * byx + ayy * byy);
            double hax = a.HalfSize.X, hay = a.HalfSize.Y, hbx = b.HalfSize.X, hby = b.HalfSize.Y;
            double[,] axes =
            {
                { axx, axy, hax, hbx * cxx + hby * cxy },
                { ayx, ayy, hay, hbx * cyx + hby * cyy },
                { bxx, bxy, hax * cxx + hay * cyx, hbx },
                { byx, byy, hax * cxy + hay * cyy, hby },
            };
            double best = double.PositiveInfinity, bnx = 0, bny = 0;
            for (int k = 0; k < 4; ++k)
            {
                double ux = axes[k, 0], uy = axes[k, 1];
                double du = dx * ux + dy * uy;
                double overlap = axes[k, 2] + axes[k, 3] - Math.Abs(du);
                if (overlap < -Touch) return false;
                if (overlap < best)
                {
                    best = overlap;
                    bnx = du >= 0 ? ux : -ux;
                    bny = du >= 0 ? uy : -uy;
                }
            }
            depth = Math.Max(best, 0.0);
            nx = bnx;
            ny = bny;
            return true;
        }

        static bool RectCircle(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            double c = a.Cos, s = a.Sin;
            double qx = b.Center.X - a.Center.X, qy = b.Center.Y - a.Center.Y;
            double px = c * qx + s * qy, py = -s * qx + c * qy;
            double hx = a.HalfSize.X, hy = a.HalfSize.Y, r = b.Radius;
            if (Math.Abs(px) <= hx && Math.Abs(py) <= hy)
            {
                double ddx = hx - Math.Abs(px), ddy = hy - Math.Abs(py);
                if (ddx <= ddy)
                {
                    double vx = px >= 0 ? 1.0 : -1.0;
                    depth = r + ddx; nx = c * vx; ny = s * vx;
                }
                else
                {
                    double vy = py >= 0 ? 1.0 : -1.0;
                    depth = r + ddy; nx = -s * vy; ny = c * vy;
                }
                return true;
            }
            double kx = Math.Min(Math.Max(px, -hx), hx), ky = Math.Min(Math.Max(py, -hy), hy);
            double dx = px - kx, dy = py - ky;
            double dist = Math.Sqrt(dx * dx + dy * dy);
            if (dist - r > Touch) return false;
            depth = Math.Max(r - dist, 0.0);
            double ux = dx / dist, uy = dy / dist;
            nx = c * ux - s * uy;
            ny = s * ux + c * uy;
            return true;
        }

        static bool Circles(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            double dx = b.Center.X - a.Center.X, dy = b.Center.Y - a.Center.Y;
            double dist = Math.Sqrt(dx * dx + dy * dy);
            double sum = a.Radius + b.Radius;
            if (!(dist - sum <= Touch)) return false;
            depth = Math.Max(sum - dist, 0.0);
            if (dist >= MinEdge) { nx = dx / dist; ny = dy / dist; }
            else { nx = 1.0; ny = 0.0; }
            return true;
        }

        // 5.8: pairs with a capsule. Each shape is a point list plus a radius; SAT over the edges
        // of both lists when the origin is strictly inside the Minkowski difference of the hulls,
        // else the smallest distance between their features (vertex-vertex, vertex-edge, edge-vertex).
        static void PointList(PlacedShape p, out double[] xs, out double[] ys, out double o, out double r)
        {
            switch (p.Type)
            {
                case ShapeType.Polygon:
                    xs = p.Xs; ys = p.Ys; o = p.Orientation; r = 0; return;
                case ShapeType.Rect:
                {
                    double[] sx = { -p.HalfSize.X, p.HalfSize.X, p.HalfSize.X, -p.HalfSize.X };
                    double[] sy = { -p.HalfSize.Y, -p.HalfSize.Y, p.HalfSize.Y, p.HalfSize.Y };
                    xs = new double[4]; ys = new double[4];
                    for (int k = 0; k < 4; ++k)
                    {
                        xs[k] = p.Center.X + (p.Cos * sx[k] - p.Sin * sy[k]);
                        ys[k] = p.Center.Y + (p.Sin * sx[k] + p.Cos * sy[k]);
                    }
                    o = Winding(xs, ys);
                    r = 0;
                    return;
                }
                case ShapeType.Circle:
                    xs = new[] { p.Center.X }; ys = new[] { p.Center.Y }; o = 1.0; r = p.Radius; return;
                default:
                    xs = p.Xs; ys = p.Ys; o = 1.0; r = p.Radius; return;
            }
        }

        // The edges of list a (cyclic; a capsule's two points give both directions) against the
        // points of list b, as PolygonAxes without the early exit.
        static void RoundedAxes(double[] ax, double[] ay, double o, double[] bx, double[] by, double sign, ref Best best)
        {
            int na = ax.Length, nb = bx.Length;
            if (na < 2) return;
            for (int i = 0; i < na; ++i)
            {
                double vx = ax[i], vy = ay[i];
                int j = i + 1 == na ? 0 : i + 1;
                double ex = ax[j] - vx, ey = ay[j] - vy;
                double L = ex * ex + ey * ey;
                if (!(L >= MinEdge2)) continue;
                double nx = ey * o, ny = -ex * o;
                double raw = double.PositiveInfinity;
                for (int m = 0; m < nb; ++m)
                    raw = Math.Min(raw, (bx[m] - vx) * nx + (by[m] - vy) * ny);
                if (Shallower(raw, L, ref best))
                    best = new Best { Raw = raw, L = L, Nx = nx * sign, Ny = ny * sign };
            }
        }

        // Nearest point of the closed segment s + t e to p.
        static void NearestOnSegment(double px, double py, double sx, double sy, double ex, double ey, out double qx, out double qy)
        {
            double ee = ex * ex + ey * ey;
            double t = ee > 0 ? Math.Min(Math.Max(((px - sx) * ex + (py - sy) * ey) / ee, 0.0), 1.0) : 0.0;
            qx = sx + ex * t;
            qy = sy + ey * t;
        }

        struct Nearest
        {
            public double D2, Ax, Ay, Bx, By;
            public void Consider(double x1, double y1, double x2, double y2)
            {
                double dx = x2 - x1, dy = y2 - y1, d2 = dx * dx + dy * dy;
                if (d2 < D2) { D2 = d2; Ax = x1; Ay = y1; Bx = x2; By = y2; }
            }
        }

        static bool Rounded(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            double[] axs, ays, bxs, bys;
            double ao, bo, ar, br;
            PointList(a, out axs, out ays, out ao, out ar);
            PointList(b, out bxs, out bys, out bo, out br);
            double R = ar + br;
            var best = new Best();
            RoundedAxes(axs, ays, ao, bxs, bys, 1.0, ref best);
            RoundedAxes(bxs, bys, bo, axs, ays, -1.0, ref best);
            if (best.L != 0 && best.Raw < 0)
            {
                double len = Math.Sqrt(best.L);
                depth = -best.Raw / len + R;
                nx = best.Nx / len;
                ny = best.Ny / len;
                return true;
            }
            int an = axs.Length, bn = bxs.Length;
            var near = new Nearest { D2 = double.PositiveInfinity };
            for (int i = 0; i < an; ++i)
                for (int j = 0; j < bn; ++j)
                    near.Consider(axs[i], ays[i], bxs[j], bys[j]);
            double qx, qy;
            if (bn >= 2)
                for (int j = 0; j < bn; ++j)
                {
                    int k = j + 1 == bn ? 0 : j + 1;
                    double ex = bxs[k] - bxs[j], ey = bys[k] - bys[j];
                    if (!(ex * ex + ey * ey >= MinEdge2)) continue;
                    for (int i = 0; i < an; ++i)
                    {
                        NearestOnSegment(axs[i], ays[i], bxs[j], bys[j], ex, ey, out qx, out qy);
                        near.Consider(axs[i], ays[i], qx, qy);
                    }
                }
            if (an >= 2)
                for (int i = 0; i < an; ++i)
                {
                    int k = i + 1 == an ? 0 : i + 1;
                    double ex = axs[k] - axs[i], ey = ays[k] - ays[i];
                    if (!(ex * ex + ey * ey >= MinEdge2)) continue;
                    for (int j = 0; j < bn; ++j)
                    {
                        NearestOnSegment(bxs[j], bys[j], axs[i], ays[i], ex, ey, out qx, out qy);
                        near.Consider(qx, qy, bxs[j], bys[j]);
                    }
                }
            double d = Math.Sqrt(near.D2);
            if (!(d - R <= Touch)) return false;
            depth = Math.Max(R - d, 0.0);
            if (d >= MinEdge) { nx = (near.Bx - near.Ax) / d; ny = (near.By - near.Ay) / d; }
            else if (best.L != 0) { double len = Math.Sqrt(best.L); nx = best.Nx / len; ny = best.Ny / len; }
            else { nx = 1.0; ny = 0.0; }
            return true;
        }

        /// <summary>The contact of two placed shapes: moving b by depth * (nx, ny) separates
        /// them; false when they neither overlap nor touch (or either is unusable).</summary>
        public static bool Collide(PlacedShape a, PlacedShape b, out double depth, out double nx, out double ny)
        {
            depth = nx = ny = 0;
            if (!a.Valid || !b.Valid) return false;
            bool hit;
            ShapeType ta = a.Type, tb = b.Type;
            bool flip = false;
            if (ta == ShapeType.Capsule || tb == ShapeType.Capsule)
                hit = Rounded(a, b, out depth, out nx, out ny);
            else if (ta == ShapeType.Polygon)
            {
                if (tb == ShapeType.Polygon) hit = Polygons(a, b, out depth, out nx, out ny);
                else if (tb == ShapeType.Rect) hit = PolygonRect(a, b, out depth, out nx, out ny);
                else hit = PolygonCircle(a, b, out depth, out nx, out ny);
            }
            else if (ta == ShapeType.Rect)
            {
                if (tb == ShapeType.Polygon) { hit = PolygonRect(b, a, out depth, out nx, out ny); flip = true; }
                else if (tb == ShapeType.Rect) hit = Rects(a, b, out depth, out nx, out ny);
                else hit = RectCircle(a, b, out depth, out nx, out ny);
            }
            else
            {
                if (tb == ShapeType.Polygon) { hit = PolygonCircle(b, a, out depth, out nx, out ny); flip = true; }
                else if (tb == ShapeType.Rect) { hit = RectCircle(b, a, out depth, out nx, out ny); flip = true; }
                else hit = Circles(a, b, out depth, out nx, out ny);
            }
            if (!hit) return false;
            if (flip) { nx = -nx; ny = -ny; }
            // Overflow: a non-finite result, or a normal an infinite edge shrank to zero (FORMAT.md 5).
            return Finite(depth) && Finite(nx) && Finite(ny) && nx * nx + ny * ny >= 0.5;
        }
    }
}
