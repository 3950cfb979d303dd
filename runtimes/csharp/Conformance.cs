// Conformance driver for Hitsmith.cs (runtimes/FORMAT.md section 7), built and run by ./conformance.
// Usage: mono conformance.exe RUNTIME.json QUERIES.json  ->  one JSON line per query.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using Hitsmith;

static class Conformance
{
    static string Quote(string s)
    {
        var b = new StringBuilder("\"");
        foreach (char c in s)
        {
            if (c == '"') b.Append("\\\"");
            else if (c == '\\') b.Append("\\\\");
            else if (c < 0x20 || c == 0x7f) b.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
            else b.Append(c);
        }
        return b.Append('"').ToString();
    }

    // Shortest text that reads back as the same double ("R" is not always round-trip on the
    // .NET Framework and Mono, so it is checked and G17 taken instead).
    static string Number(double x)
    {
        if (x == 0) return "0"; // no "-0"
        string s = x.ToString("R", CultureInfo.InvariantCulture);
        if (double.Parse(s, NumberStyles.Float, CultureInfo.InvariantCulture) != x)
            s = x.ToString("G17", CultureInfo.InvariantCulture);
        return s;
    }

    static double Finite(Dictionary<string, object> q, string key)
    {
        object v;
        if (!q.TryGetValue(key, out v) || !(v is double) || !Geometry.Finite((double)v))
            throw new HitsmithException(key + " must be a finite number");
        return (double)v;
    }

    static string Name(Dictionary<string, object> q, string key)
    {
        object v;
        if (!q.TryGetValue(key, out v) || !(v is string))
            throw new HitsmithException(key + " must be a sprite name");
        return (string)v;
    }

    static string Answer(HitsmithRuntime rt, object query)
    {
        var q = query as Dictionary<string, object>;
        if (q == null) throw new HitsmithException("a query must be an object");
        string attacker = Name(q, "attacker"), defender = Name(q, "defender");
        double t = Finite(q, "attacker_time_ms"), u = Finite(q, "defender_time_ms");
        double dx = Finite(q, "dx"), dy = Finite(q, "dy");
        bool same = false;
        object v;
        if (q.TryGetValue("same_facing", out v) && v != Json.Null)
        {
            if (!(v is bool)) throw new HitsmithException("same_facing must be true or false");
            same = (bool)v;
        }
        List<LayerPair> layers = null;
        if (q.TryGetValue("layers", out v) && v != Json.Null)
        {
            var list = v as List<object>;
            if (list == null) throw new HitsmithException("layers must be an array of pairs or null");
            layers = new List<LayerPair>();
            for (int i = 0; i < list.Count; ++i)
            {
                var pair = list[i] as List<object>;
                if (pair == null || pair.Count != 2 || !(pair[0] is string) || !(pair[1] is string))
                    throw new HitsmithException("layers[" + i + "] must be [attackerLayer, defenderLayer]");
                layers.Add(new LayerPair((string)pair[0], (string)pair[1]));
            }
        }
        List<HitsmithHit> hits = rt.VersusAt(attacker, t, defender, u, dx, dy, same, layers);
        var b = new StringBuilder("{\"hits\":[");
        for (int i = 0; i < hits.Count; ++i)
        {
            HitsmithHit h = hits[i];
            if (i > 0) b.Append(',');
            b.Append("{\"a\":").Append(Quote(h.A)).Append(",\"b\":").Append(Quote(h.B))
             .Append(",\"a_layer\":").Append(Quote(h.ALayer)).Append(",\"b_layer\":").Append(Quote(h.BLayer))
             .Append(",\"depth\":").Append(Number(h.Depth))
             .Append(",\"normal\":[").Append(Number(h.Normal.X)).Append(',').Append(Number(h.Normal.Y)).Append("]}");
        }
        return b.Append("]}").ToString();
    }

    static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: conformance RUNTIME.json QUERIES.json");
            return 1;
        }
        HitsmithRuntime rt;
        List<object> queries;
        try
        {
            rt = HitsmithRuntime.LoadFile(args[0]);
            string text;
            try { text = File.ReadAllText(args[1], Encoding.UTF8); }
            catch (Exception e) { throw new HitsmithException(args[1] + ": " + e.Message); }
            object parsed;
            try { parsed = Json.Parse(text); }
            catch (HitsmithException e) { throw new HitsmithException(args[1] + ": " + e.Message); }
            queries = parsed as List<object>;
            if (queries == null) throw new HitsmithException(args[1] + ": expected a JSON array of queries");
        }
        catch (HitsmithException e)
        {
            Console.Error.WriteLine(e.Message);
            return 1;
        }
        var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        output.NewLine = "\n";
        try
        {
            foreach (object query in queries)
            {
                string line;
                try { line = Answer(rt, query); }
                catch (HitsmithException e) { line = "{\"error\":" + Quote(e.Message) + "}"; }
                output.WriteLine(line);
            }
            output.Flush();
        }
        catch (IOException e) // the reader went away (a closed pipe)
        {
            Console.Error.WriteLine("output: " + e.Message);
            return 1;
        }
        return 0;
    }
}
