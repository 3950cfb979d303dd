-- hitsmith.lua: the Hitsmith runtime loader for Lua 5.1, LuaJIT and Lua 5.4 (LOVE, Defold).
--
-- Reads a file written by `hitsmith-cli export --format runtime` (runtimes/FORMAT.md, version 1)
-- and answers what a game asks: which frame shows at a time, where a frame's shapes stand, and
-- which shapes of two placed frames hit, with the depth and unit normal `hitsmith-cli versus`
-- prints. Only the standard library; no globals are set.
--
--   local hitsmith = require("hitsmith")
--   local rt, err = hitsmith.load(text)            -- nil, message on bad input
--   local k = hitsmith.frame_at(rt:sprite("knight"), t_ms)   -- 1-based frame index
--   local a = hitsmith.place(rt:sprite("knight"), k, x, y, 1, true)   -- facing 1 right, -1 left
--   local hits = hitsmith.hits(rt, a, d, nil)      -- nil: the document's collide pairs
--
-- Frame indices are 1-based (Lua's convention); everything else follows FORMAT.md. All errors are
-- returned as nil, message; no function raises an error on bad data.

local M = { _VERSION = "1" }

local type, tostring, tonumber, pairs, ipairs = type, tostring, tonumber, pairs, ipairs
local floor, abs, sqrt, huge = math.floor, math.abs, math.sqrt, math.huge
local fmod, sin, cos, pi = math.fmod, math.sin, math.cos, math.pi
local byte, sub, find, char, format = string.byte, string.sub, string.find, string.char, string.format
local concat, sort = table.concat, table.sort

local TOUCH = 1e-9
local MIN_EDGE = 1e-12
local TOUCH2 = TOUCH * TOUCH
local MIN_EDGE2 = MIN_EDGE * MIN_EDGE

local function finite(x)
    return type(x) == "number" and x == x and x ~= huge and x ~= -huge
end

-------------------------------------------------------------------------------------------------
-- JSON reader (RFC 8259). Objects become tables with string keys (the last of duplicate names
-- counts), arrays tables with 1..n and the field `n`, null the sentinel M.null; a leading UTF-8
-- byte-order mark is skipped. Numbers are doubles (floats on Lua 5.4). Nesting is
-- limited, every step advances, so hostile input ends in an error, never a crash or a loop.
-------------------------------------------------------------------------------------------------

local null = setmetatable({}, { __tostring = function() return "null" end })
M.null = null
local MAX_DEPTH = 200

local ARRAY = {} -- metatable marking decoded arrays
local OBJECT = {} -- metatable marking decoded objects

local function is_array(v) return type(v) == "table" and getmetatable(v) == ARRAY end
local function is_object(v) return type(v) == "table" and getmetatable(v) == OBJECT end
M.is_array, M.is_object = is_array, is_object

local function utf8_char(cp)
    if cp < 0x80 then return char(cp) end
    if cp < 0x800 then return char(0xC0 + floor(cp / 64), 0x80 + cp % 64) end
    if cp < 0x10000 then
        return char(0xE0 + floor(cp / 4096), 0x80 + floor(cp / 64) % 64, 0x80 + cp % 64)
    end
    return char(0xF0 + floor(cp / 262144), 0x80 + floor(cp / 4096) % 64, 0x80 + floor(cp / 64) % 64,
        0x80 + cp % 64)
end

local ESCAPES = { [34] = '"', [92] = "\\", [47] = "/", [98] = "\b", [102] = "\f", [110] = "\n",
    [114] = "\r", [116] = "\t" }

local decode_value -- forward

local function json_error(s, i, what)
    local line, col = 1, 1
    local pos = 1
    while true do
        local nl = find(s, "\n", pos, true)
        if not nl or nl >= i then break end
        line = line + 1
        pos = nl + 1
    end
    col = i - pos + 1
    return nil, format("JSON: %s at line %d, column %d", what, line, col)
end

local function skip_ws(s, i)
    local _, e = find(s, "^[ \t\r\n]*", i)
    return e + 1
end

local function decode_string(s, i)
    -- s[i] == '"'
    local parts, np = {}, 0
    local j = i + 1
    while true do
        local k = find(s, '["\\%z\1-\31]', j)
        if not k then return json_error(s, #s + 1, "unterminated string") end
        if k > j then np = np + 1; parts[np] = sub(s, j, k - 1) end
        local c = byte(s, k)
        if c == 34 then return concat(parts), k + 1 end
        if c ~= 92 then return json_error(s, k, "control character in string") end
        local e = byte(s, k + 1)
        if e == nil then return json_error(s, k, "unterminated string") end
        if e == 117 then -- \uXXXX
            local hex = sub(s, k + 2, k + 5)
            if not find(hex, "^%x%x%x%x$") then return json_error(s, k, "bad \\u escape") end
            local cp = tonumber(hex, 16)
            j = k + 6
            if cp >= 0xD800 and cp <= 0xDBFF and sub(s, j, j + 1) == "\\u" then
                local low = sub(s, j + 2, j + 5)
                if find(low, "^%x%x%x%x$") then
                    local lo = tonumber(low, 16)
                    if lo >= 0xDC00 and lo <= 0xDFFF then
                        cp = 0x10000 + (cp - 0xD800) * 1024 + (lo - 0xDC00)
                        j = j + 6
                    end
                end
            end
            np = np + 1; parts[np] = utf8_char(cp)
        else
            local r = ESCAPES[e]
            if not r then return json_error(s, k, "bad escape") end
            np = np + 1; parts[np] = r
            j = k + 2
        end
    end
end

local function decode_number(s, i)
    local _, e = find(s, "^-?", i)
    local p = e + 1
    local c = byte(s, p)
    if c == 48 then
        p = p + 1
    elseif c and c >= 49 and c <= 57 then
        _, e = find(s, "^%d+", p); p = e + 1
    else
        return json_error(s, i, "bad number")
    end
    if byte(s, p) == 46 then
        _, e = find(s, "^%d+", p + 1)
        if not e then return json_error(s, i, "bad number") end
        p = e + 1
    end
    c = byte(s, p)
    if c == 101 or c == 69 then
        _, e = find(s, "^[-+]?%d+", p + 1)
        if not e then return json_error(s, i, "bad number") end
        p = e + 1
    end
    local v = tonumber(sub(s, i, p - 1))
    if not v then return json_error(s, i, "bad number") end
    return v + 0.0, p -- a float on Lua 5.4: integer arithmetic would wrap around
end

local function decode_array(s, i, depth)
    local t, n = setmetatable({}, ARRAY), 0
    i = skip_ws(s, i + 1)
    if byte(s, i) == 93 then t.n = 0; return t, i + 1 end
    while true do
        local v, j = decode_value(s, i, depth)
        if v == nil then return nil, j end
        n = n + 1; t[n] = v
        i = skip_ws(s, j)
        local c = byte(s, i)
        if c == 93 then t.n = n; return t, i + 1 end
        if c == nil then return json_error(s, i, "unexpected end of input") end
        if c ~= 44 then return json_error(s, i, "expected ',' or ']'") end
        i = skip_ws(s, i + 1)
    end
end

local function decode_object(s, i, depth)
    local t = setmetatable({}, OBJECT)
    i = skip_ws(s, i + 1)
    if byte(s, i) == 125 then return t, i + 1 end
    while true do
        local c = byte(s, i)
        if c == nil then return json_error(s, i, "unexpected end of input") end
        if c ~= 34 then return json_error(s, i, "expected a string key") end
        local key, j = decode_string(s, i)
        if key == nil then return nil, j end
        i = skip_ws(s, j)
        if byte(s, i) ~= 58 then return json_error(s, i, "expected ':'") end
        local v
        v, j = decode_value(s, skip_ws(s, i + 1), depth)
        if v == nil then return nil, j end
        t[key] = v
        i = skip_ws(s, j)
        local c = byte(s, i)
        if c == 125 then return t, i + 1 end
        if c == nil then return json_error(s, i, "unexpected end of input") end
        if c ~= 44 then return json_error(s, i, "expected ',' or '}'") end
        i = skip_ws(s, i + 1)
    end
end

decode_value = function(s, i, depth)
    local c = byte(s, i)
    if c == nil then return json_error(s, i, "unexpected end of input") end
    if c == 123 or c == 91 then
        if depth >= MAX_DEPTH then return json_error(s, i, "nesting too deep") end
        if c == 123 then return decode_object(s, i, depth + 1) end
        return decode_array(s, i, depth + 1)
    end
    if c == 34 then return decode_string(s, i) end
    if c == 45 or (c >= 48 and c <= 57) then return decode_number(s, i) end
    if sub(s, i, i + 3) == "true" then return true, i + 4 end
    if sub(s, i, i + 4) == "false" then return false, i + 5 end
    if sub(s, i, i + 3) == "null" then return null, i + 4 end
    return json_error(s, i, "unexpected character")
end

--- Decodes JSON text; returns the value, or nil and a message naming the line and column.
function M.decode_json(s)
    if type(s) ~= "string" then return nil, "JSON: expected a string" end
    local start = sub(s, 1, 3) == "\239\187\191" and 4 or 1 -- a UTF-8 byte-order mark
    local v, i = decode_value(s, skip_ws(s, start), 0)
    if v == nil then return nil, i end
    i = skip_ws(s, i)
    if i <= #s then return json_error(s, i, "trailing characters") end
    return v
end

-------------------------------------------------------------------------------------------------
-- The runtime file (FORMAT.md section 1)
-------------------------------------------------------------------------------------------------

local Runtime = {}
Runtime.__index = Runtime

-- Each checker returns value or nil, message (the message names the path).
local function bad(path, what) return nil, format("%s: %s", path, what) end
local function join(path, key) return path == "" and key or path .. "." .. key end

local function get_number(obj, key, path, optional)
    local v = obj[key]
    if v == nil then
        if optional then return nil end
        return bad(join(path, key), "missing")
    end
    if type(v) ~= "number" then return bad(join(path, key), "expected a number") end
    if not finite(v) then return bad(join(path, key), "not a finite number") end
    return v
end

local function get_string(obj, key, path)
    local v = obj[key]
    if v == nil then return bad(join(path, key), "missing") end
    if type(v) ~= "string" then return bad(join(path, key), "expected a string") end
    return v
end

local function get_array(obj, key, path, optional)
    local v = obj[key]
    if v == nil and optional then return setmetatable({ n = 0 }, ARRAY) end
    if v == nil then return bad(join(path, key), "missing") end
    if not is_array(v) then return bad(join(path, key), "expected an array") end
    return v
end

local function get_point(v, path)
    if not is_array(v) or v.n ~= 2 then return bad(path, "expected [x, y]") end
    local x, y = v[1], v[2]
    if type(x) ~= "number" or type(y) ~= "number" then return bad(path, "expected [x, y]") end
    if not finite(x) or not finite(y) then return bad(path, "not a finite number") end
    return { x, y }
end

local function get_properties(obj, path)
    local v = obj.properties
    if v == nil then return {} end
    local where = join(path, "properties")
    if not is_object(v) then return bad(where, "expected an object") end
    for name, value in pairs(v) do
        local t = type(value)
        if t == "number" then
            if not finite(value) then return bad(where .. "." .. name, "not a finite number") end
        elseif t ~= "string" and t ~= "boolean" then
            return bad(where .. "." .. name, "expected a number, string or boolean")
        end
    end
    return v
end

local function read_shape(v, path)
    if not is_object(v) then return bad(path, "expected an object") end
    local shape = {}
    local err
    shape.id, err = get_string(v, "id", path); if not shape.id then return nil, err end
    shape.layer, err = get_string(v, "layer", path); if not shape.layer then return nil, err end
    local t
    t, err = get_string(v, "type", path); if not t then return nil, err end
    shape.type = t
    shape.properties, err = get_properties(v, path); if not shape.properties then return nil, err end
    if t == "rect" then
        if v.center == nil then return bad(path .. ".center", "missing") end
        shape.center, err = get_point(v.center, path .. ".center"); if not shape.center then return nil, err end
        if v.size == nil then return bad(path .. ".size", "missing") end
        shape.size, err = get_point(v.size, path .. ".size"); if not shape.size then return nil, err end
        if not (shape.size[1] > 0 and shape.size[2] > 0) then return bad(path .. ".size", "must be > 0") end
        local angle
        angle, err = get_number(v, "angle", path, true)
        if err then return nil, err end
        shape.angle = angle or 0.0
    elseif t == "circle" then
        if v.center == nil then return bad(path .. ".center", "missing") end
        shape.center, err = get_point(v.center, path .. ".center"); if not shape.center then return nil, err end
        shape.radius, err = get_number(v, "radius", path); if not shape.radius then return nil, err end
        if not (shape.radius > 0) then return bad(path .. ".radius", "must be > 0") end
    elseif t == "polygon" then
        local pts
        pts, err = get_array(v, "points", path); if not pts then return nil, err end
        if pts.n < 3 then return bad(path .. ".points", "fewer than 3 points") end
        shape.points = {}
        for i = 1, pts.n do
            local p
            p, err = get_point(pts[i], format("%s.points[%d]", path, i - 1))
            if not p then return nil, err end
            shape.points[i] = p
        end
    elseif t == "capsule" then
        local ends
        ends, err = get_array(v, "ends", path); if not ends then return nil, err end
        if ends.n ~= 2 then return bad(path .. ".ends", "expected two ends") end
        local p, q
        p, err = get_point(ends[1], path .. ".ends[0]"); if not p then return nil, err end
        q, err = get_point(ends[2], path .. ".ends[1]"); if not q then return nil, err end
        shape.ends = { p, q }
        shape.radius, err = get_number(v, "radius", path); if not shape.radius then return nil, err end
        if not (shape.radius > 0) then return bad(path .. ".radius", "must be > 0") end
    else
        return bad(path .. ".type", "unknown shape type \"" .. t .. "\"")
    end
    return shape
end

local function is_integer(x) return floor(x) == x end

local function read_frame(v, path, has_ticks)
    if not is_object(v) then return bad(path, "expected an object") end
    local frame, err = {}
    frame.name, err = get_string(v, "name", path); if not frame.name then return nil, err end
    local d
    d, err = get_number(v, "duration_ms", path); if not d then return nil, err end
    if not is_integer(d) or d < 1 or d > 2147483647 then
        return bad(path .. ".duration_ms", "must be an integer from 1 to 2147483647")
    end
    frame.duration_ms = d
    local ticks
    ticks, err = get_number(v, "ticks", path, not has_ticks)
    if err then return nil, err end
    if ticks ~= nil and (not is_integer(ticks) or ticks < 0) then
        return bad(path .. ".ticks", "must be an integer >= 0")
    end
    frame.ticks = ticks
    if v.origin == nil then return bad(path .. ".origin", "missing") end
    frame.origin, err = get_point(v.origin, path .. ".origin"); if not frame.origin then return nil, err end
    if v.motion == nil then return bad(path .. ".motion", "missing") end
    frame.motion, err = get_point(v.motion, path .. ".motion"); if not frame.motion then return nil, err end
    frame.properties, err = get_properties(v, path); if not frame.properties then return nil, err end
    local shapes
    shapes, err = get_array(v, "shapes", path); if not shapes then return nil, err end
    frame.shapes = {}
    local ids = {}
    for i = 1, shapes.n do
        local sp = format("%s.shapes[%d]", path, i - 1)
        local s
        s, err = read_shape(shapes[i], sp); if not s then return nil, err end
        if ids[s.id] then return bad(sp .. ".id", "duplicate id \"" .. s.id .. "\"") end
        ids[s.id] = true
        frame.shapes[i] = s
    end
    local points
    points, err = get_array(v, "points", path, true); if not points then return nil, err end
    frame.points = {}
    for i = 1, points.n do
        local pp = format("%s.points[%d]", path, i - 1)
        local p = points[i]
        if not is_object(p) then return bad(pp, "expected an object") end
        local pt = {}
        pt.id, err = get_string(p, "id", pp); if not pt.id then return nil, err end
        pt.layer, err = get_string(p, "layer", pp); if not pt.layer then return nil, err end
        if p.position == nil then return bad(pp .. ".position", "missing") end
        pt.position, err = get_point(p.position, pp .. ".position"); if not pt.position then return nil, err end
        pt.properties, err = get_properties(p, pp); if not pt.properties then return nil, err end
        frame.points[i] = pt
    end
    return frame
end

local function read_runtime(doc)
    if not is_object(doc) then return bad("file", "expected a JSON object") end
    local err
    local fmt = doc.format
    if fmt ~= "hitsmith-runtime" then return bad("format", "expected \"hitsmith-runtime\"") end
    local version = doc.version
    if type(version) ~= "number" then return bad("version", "missing or not a number") end
    if version ~= 1 then return bad("version", "unsupported version " .. format("%.17g", version)) end
    local rt = setmetatable({ version = 1, sprites = {}, by_name = {} }, Runtime)
    local rate
    rate, err = get_number(doc, "tick_rate", "", true)
    if err then return nil, err end
    if rate ~= nil and not (rate > 0) then return bad("tick_rate", "must be > 0") end
    rt.tick_rate = rate
    local layers
    -- layers, attack_layer and collide may be absent: [], null and null (FORMAT.md 1)
    layers, err = get_array(doc, "layers", "", true); if not layers then return nil, err end
    rt.layers = {}
    for i = 1, layers.n do
        if type(layers[i]) ~= "string" then return bad(format("layers[%d]", i - 1), "expected a string") end
        rt.layers[i] = layers[i]
    end
    local attack = doc.attack_layer
    if attack == nil then attack = null end
    if attack ~= null and type(attack) ~= "string" then return bad("attack_layer", "expected a string or null") end
    rt.attack_layer = attack ~= null and attack or nil
    local collide = doc.collide
    if collide == nil then collide = null end
    if collide == null then
        rt.collide = nil
    else
        if not is_array(collide) then return bad("collide", "expected an array or null") end
        rt.collide = {}
        for i = 1, collide.n do
            local pair = collide[i]
            if not is_array(pair) or pair.n ~= 2 or type(pair[1]) ~= "string" or type(pair[2]) ~= "string" then
                return bad(format("collide[%d]", i - 1), "expected [layerA, layerB]")
            end
            rt.collide[i] = { pair[1], pair[2] }
        end
    end
    local sprites = doc.sprites
    if sprites == nil then return bad("sprites", "missing") end
    if not is_array(sprites) then return bad("sprites", "expected an array") end
    for i = 1, sprites.n do
        local path = format("sprites[%d]", i - 1)
        local sv = sprites[i]
        if not is_object(sv) then return bad(path, "expected an object") end
        local sprite = { frames = {} }
        sprite.name, err = get_string(sv, "name", path); if not sprite.name then return nil, err end
        if rt.by_name[sprite.name] then return bad(path .. ".name", "duplicate sprite \"" .. sprite.name .. "\"") end
        local frames
        frames, err = get_array(sv, "frames", path); if not frames then return nil, err end
        local total, rx, ry = 0.0, 0.0, 0.0
        for k = 1, frames.n do
            local f
            f, err = read_frame(frames[k], format("%s.frames[%d]", path, k - 1), rate ~= nil)
            if not f then return nil, err end
            f.start_ms = total
            total = total + f.duration_ms
            rx = rx + f.motion[1]
            ry = ry + f.motion[2]
            f.root = { rx, ry }
            sprite.frames[k] = f
        end
        sprite.total_ms = total
        rt.sprites[i] = sprite
        rt.by_name[sprite.name] = sprite
    end
    return rt
end

--- Loads a runtime from JSON text: the runtime, or nil and a message naming where it is wrong.
function M.load(text)
    local doc, err = M.decode_json(text)
    if doc == nil then return nil, err end
    return read_runtime(doc)
end

--- Loads a runtime file (io.open; in LOVE read with love.filesystem.read and call load).
function M.load_file(path)
    local f, err = io.open(path, "rb")
    if not f then return nil, err end
    local text = f:read("*a")
    f:close()
    if not text then return nil, path .. ": cannot read" end
    local rt
    rt, err = M.load(text)
    if not rt then return nil, path .. ": " .. err end
    return rt
end

--- The sprite named `name`, or nil and a message.
function Runtime:sprite(name)
    local s = self.by_name[name]
    if not s then return nil, "unknown sprite \"" .. tostring(name) .. "\"" end
    return s
end

-------------------------------------------------------------------------------------------------
-- Frames at a time, root motion, placement (FORMAT.md sections 2 and 3)
-------------------------------------------------------------------------------------------------

--- The 1-based index of the frame `sprite` shows at time t (ms, looping), or nil and a message.
function M.frame_at(sprite, t)
    if type(sprite) ~= "table" or type(sprite.frames) ~= "table" then return nil, "not a sprite" end
    local n = #sprite.frames
    if n == 0 then return nil, "sprite \"" .. tostring(sprite.name) .. "\" has no frames" end
    if not finite(t) then return nil, "time is not a finite number" end
    local T = sprite.total_ms
    local u = fmod(t + 0.0, T)
    if u < 0 then u = u + T end
    if u >= T then u = 0.0 end
    -- binary search for the first k with u < start_k + duration_k
    local lo, hi = 1, n
    while lo < hi do
        local mid = floor((lo + hi) / 2)
        local f = sprite.frames[mid]
        if u < f.start_ms + f.duration_ms then hi = mid else lo = mid + 1 end
    end
    return lo
end

--- Root position of frame k (1-based): the sum of the motions of frames 1..k, as x, y.
function M.root_position(sprite, k)
    local f = sprite.frames[k]
    if not f then return nil, "no frame " .. tostring(k) end
    return f.root[1], f.root[2]
end

-- Rotation of a rect (FORMAT.md 5.1): exact at every multiple of 90 degrees.
local ROUND_SHIFT = 4503599627370496.0 -- 2^52
local function rotation(deg)
    if not finite(deg) then return 0 / 0, 0 / 0 end
    local r = abs(deg) < 360 and deg or fmod(deg, 360.0)
    if r < 0 then r = r + 360 end
    local q = (r / 90 + ROUND_SHIFT) - ROUND_SHIFT
    local rest = (r - q * 90) * (pi / 180)
    local c0, s0 = cos(rest), sin(rest)
    q = q % 4
    if q == 0 then return c0, s0 end
    if q == 1 then return -s0, c0 end
    if q == 2 then return -c0, -s0 end
    return s0, -c0
end
M.rotation = rotation

-- Placed shapes: kind "rect" (cx, cy, hx, hy, c, s, plus center/size/angle), "circle" (cx, cy, r),
-- "polygon" (xs, ys, n, o), "capsule" (x1, y1, x2, y2, r). `valid` false when a placed coordinate
-- overflowed (such a shape hits nothing, as the product's prepare() rules).
local function polygon_orientation(xs, ys, n)
    local ox, oy = xs[1], ys[1]
    local area = 0.0
    for i = 2, n - 1 do
        area = area + ((xs[i] - ox) * (ys[i + 1] - oy) - (ys[i] - oy) * (xs[i + 1] - ox))
    end
    return area >= 0 and 1.0 or -1.0
end

local function place_shape(shape, x, y, s, rx, ry)
    local function mx(px) return x + s * (px + rx) end
    local function my(py) return y + (py + ry) end
    local t = shape.type
    local p = { id = shape.id, layer = shape.layer, kind = t, source = shape }
    local ok
    if t == "rect" then
        p.cx, p.cy = mx(shape.center[1]), my(shape.center[2])
        local angle = shape.angle
        if s < 0 then angle = (angle == 0) and 0.0 or -angle end
        p.w, p.h, p.angle = shape.size[1], shape.size[2], angle
        p.hx, p.hy = p.w * 0.5, p.h * 0.5
        p.c, p.s = rotation(angle)
        ok = finite(p.cx) and finite(p.cy) and finite(p.c)
    elseif t == "circle" then
        p.cx, p.cy, p.r = mx(shape.center[1]), my(shape.center[2]), shape.radius
        ok = finite(p.cx) and finite(p.cy)
    elseif t == "polygon" then
        local xs, ys, n = {}, {}, #shape.points
        ok = true
        local spread = false
        for i = 1, n do
            xs[i], ys[i] = mx(shape.points[i][1]), my(shape.points[i][2])
            ok = ok and finite(xs[i]) and finite(ys[i])
            spread = spread or xs[i] ~= xs[1] or ys[i] ~= ys[1]
        end
        ok = ok and spread and n >= 3
        p.xs, p.ys, p.n = xs, ys, n
        p.o = polygon_orientation(xs, ys, n)
    else -- capsule
        p.x1, p.y1 = mx(shape.ends[1][1]), my(shape.ends[1][2])
        p.x2, p.y2 = mx(shape.ends[2][1]), my(shape.ends[2][2])
        p.r = shape.radius
        ok = finite(p.x1) and finite(p.y1) and finite(p.x2) and finite(p.y2)
    end
    p.valid = ok
    return p
end

--- Places frame k (1-based) of `sprite` with its origin at (x, y), facing 1 (right) or -1 (left;
--- "right"/"left" also accepted), adding the frame's root position when with_root is true.
--- Returns { sprite = sprite, frame = k, shapes = { placed shape, ... } } or nil, message.
--- A placed shape has id, layer, kind and its geometry in world pixels (see place_shape).
function M.place(sprite, k, x, y, facing, with_root)
    if type(sprite) ~= "table" or type(sprite.frames) ~= "table" then return nil, "not a sprite" end
    local f = sprite.frames[k]
    if not f then return nil, "sprite \"" .. tostring(sprite.name) .. "\" has no frame " .. tostring(k) end
    if not finite(x) or not finite(y) then return nil, "position is not finite" end
    local s = 1.0
    if facing == -1 or facing == "left" then s = -1.0
    elseif not (facing == nil or facing == 1 or facing == "right") then return nil, "facing must be 1 or -1" end
    local rx, ry = 0.0, 0.0
    if with_root then rx, ry = f.root[1], f.root[2] end
    local shapes = {}
    for i, shape in ipairs(f.shapes) do shapes[i] = place_shape(shape, x + 0.0, y + 0.0, s, rx, ry) end
    return { sprite = sprite, frame = k, shapes = shapes }
end

-------------------------------------------------------------------------------------------------
-- Narrowphase (FORMAT.md section 5, a port of collision/narrowphase.cpp). A contact is
-- depth, nx, ny: moving shape b by depth * normal separates the pair; nil when no hit.
-------------------------------------------------------------------------------------------------

-- Whether axis (raw, L) is shallower than the best (braw, bL); bL == 0: no best yet.
local function shallower(raw, L, braw, bL)
    if bL == 0 then return true end
    local up, bup = raw >= 0, braw >= 0
    if up ~= bup then return up end
    local lhs = raw * raw * bL
    local rhs = braw * braw * L
    if up then return lhs > rhs end
    return lhs < rhs
end

-- The edge axes of polygon a against the vertices of polygon b (5.4); returns false on a
-- separating axis, else the updated best.
local function polygon_axes(a, b, sign, braw, bL, bnx, bny)
    local ax, ay, na, o = a.xs, a.ys, a.n, a.o
    local bx, by, nb = b.xs, b.ys, b.n
    for i = 1, na do
        local vx, vy = ax[i], ay[i]
        local j = i == na and 1 or i + 1
        local ex, ey = ax[j] - vx, ay[j] - vy
        local L = ex * ex + ey * ey
        if L >= MIN_EDGE2 then
            local nx, ny = ey * o, -ex * o
            local raw = huge
            for m = 1, nb do
                local d = (bx[m] - vx) * nx + (by[m] - vy) * ny
                if d < raw then raw = d end
            end
            if raw > 0 and raw * raw > TOUCH2 * L then return false end
            if shallower(raw, L, braw, bL) then
                braw, bL, bnx, bny = raw, L, nx * sign, ny * sign
            end
        end
    end
    return true, braw, bL, bnx, bny
end

local function collide_polygons(a, b)
    if a.n < 3 or b.n < 3 then return nil end
    local ok, braw, bL, bnx, bny = polygon_axes(a, b, 1.0, 0.0, 0.0, 0.0, 0.0)
    if not ok then return nil end
    ok, braw, bL, bnx, bny = polygon_axes(b, a, -1.0, braw, bL, bnx, bny)
    if not ok then return nil end
    if bL == 0 then return nil end
    local len = sqrt(bL)
    local depth = -braw / len
    if depth < 0 then depth = 0.0 end
    return depth, bnx / len, bny / len
end

local function collide_polygon_rect(a, b)
    local n = a.n
    if n < 3 then return nil end
    local uxx, uxy, uyx, uyy = b.c, b.s, -b.s, b.c
    local hx, hy, cx, cy = b.hx, b.hy, b.cx, b.cy
    local xs, ys, o = a.xs, a.ys, a.o
    local braw, bL, bnx, bny = 0.0, 0.0, 0.0, 0.0
    for i = 1, n do
        local vx, vy = xs[i], ys[i]
        local j = i == n and 1 or i + 1
        local ex, ey = xs[j] - vx, ys[j] - vy
        local L = ex * ex + ey * ey
        if L >= MIN_EDGE2 then
            local nx, ny = ey * o, -ex * o
            local raw = ((cx - vx) * nx + (cy - vy) * ny)
                - (hx * abs(uxx * nx + uxy * ny) + hy * abs(uyx * nx + uyy * ny))
            if raw > 0 and raw * raw > TOUCH2 * L then return nil end
            if shallower(raw, L, braw, bL) then braw, bL, bnx, bny = raw, L, nx, ny end
        end
    end
    if bL == 0 then return nil end
    local minX, maxX, minY, maxY = huge, -huge, huge, -huge
    for i = 1, n do
        local px, py = xs[i] - cx, ys[i] - cy
        local dx = px * uxx + py * uxy
        local dy = px * uyx + py * uyy
        if dx < minX then minX = dx end
        if dx > maxX then maxX = dx end
        if dy < minY then minY = dy end
        if dy > maxY then maxY = dy end
    end
    local raws = { minX - hx, -hx - maxX, minY - hy, -hy - maxY }
    local nxs = { -uxx, uxx, -uyx, uyx }
    local nys = { -uxy, uxy, -uyy, uyy }
    for k = 1, 4 do
        if raws[k] > TOUCH then return nil end
        if shallower(raws[k], 1.0, braw, bL) then braw, bL, bnx, bny = raws[k], 1.0, nxs[k], nys[k] end
    end
    local len = sqrt(bL)
    local depth = -braw / len
    if depth < 0 then depth = 0.0 end
    return depth, bnx / len, bny / len
end

local function collide_polygon_circle(a, b)
    local n = a.n
    if n < 3 then return nil end
    local cx, cy, r = b.cx, b.cy, b.r
    local reach2 = (r + TOUCH) * (r + TOUCH)
    local xs, ys, o = a.xs, a.ys, a.o
    local braw, bL, bnx, bny = 0.0, 0.0, 0.0, 0.0
    for i = 1, n do
        local vx, vy = xs[i], ys[i]
        local j = i == n and 1 or i + 1
        local ex, ey = xs[j] - vx, ys[j] - vy
        local L = ex * ex + ey * ey
        if L >= MIN_EDGE2 then
            local nx, ny = ey * o, -ex * o
            local raw = (cx - vx) * nx + (cy - vy) * ny
            if raw > 0 and raw * raw > reach2 * L then return nil end
            if shallower(raw, L, braw, bL) then braw, bL, bnx, bny = raw, L, nx, ny end
        end
    end
    if bL == 0 then return nil end
    local len = sqrt(bL)
    local enx, eny = bnx / len, bny / len
    if braw <= 0 then return r - braw / len, enx, eny end
    local best, bdx, bdy = huge, 0.0, 0.0
    for i = 1, n do
        local vx, vy = xs[i], ys[i]
        local j = i == n and 1 or i + 1
        local ex, ey = xs[j] - vx, ys[j] - vy
        local cvx, cvy = cx - vx, cy - vy
        if cvx * (ey * o) + cvy * (-ex * o) > 0 then
            local ee = ex * ex + ey * ey
            local t = 0.0
            if ee > 0 then
                t = (cvx * ex + cvy * ey) / ee
                if t < 0 then t = 0.0 elseif t > 1 then t = 1.0 end
            end
            local dx, dy = cvx - ex * t, cvy - ey * t
            local d2 = dx * dx + dy * dy
            if d2 < best then best, bdx, bdy = d2, dx, dy end
        end
    end
    local dist = sqrt(best)
    if dist - r > TOUCH then return nil end
    local depth = r - dist
    if depth < 0 then depth = 0.0 end
    if dist >= MIN_EDGE then return depth, bdx / dist, bdy / dist end
    return depth, enx, eny
end

local function collide_rects(a, b)
    local dx, dy = b.cx - a.cx, b.cy - a.cy
    local a_aligned = a.s == 0 or a.c == 0
    local b_aligned = b.s == 0 or b.c == 0
    if a_aligned and b_aligned then
        local eax, eay = a.hx, a.hy
        if a.c == 0 then eax, eay = a.hy, a.hx end
        local ebx, eby = b.hx, b.hy
        if b.c == 0 then ebx, eby = b.hy, b.hx end
        local ox = eax + ebx - abs(dx)
        local oy = eay + eby - abs(dy)
        if ox < -TOUCH or oy < -TOUCH then return nil end
        if ox <= oy then
            return (ox > 0 and ox or 0.0), (dx >= 0 and 1.0 or -1.0), 0.0
        end
        return (oy > 0 and oy or 0.0), 0.0, (dy >= 0 and 1.0 or -1.0)
    end
    local axx, axy, ayx, ayy = a.c, a.s, -a.s, a.c
    local bxx, bxy, byx, byy = b.c, b.s, -b.s, b.c
    local cxx = abs(axx * bxx + axy * bxy)
    local cxy = abs(axx * byx + axy * byy)
    local cyx = abs(ayx * bxx + ayy * bxy)
    local cyy = abs(ayx * byx + ayy * byy)
    local hax, hay, hbx, hby = a.hx, a.hy, b.hx, b.hy
    local best, bnx, bny = huge, 0.0, 0.0
    local axes = {
        { axx, axy, hax, hbx * cxx + hby * cxy },
        { ayx, ayy, hay, hbx * cyx + hby * cyy },
        { bxx, bxy, hax * cxx + hay * cyx, hbx },
        { byx, byy, hax * cxy + hay * cyy, hby },
    }
    for k = 1, 4 do
        local u = axes[k]
        local du = dx * u[1] + dy * u[2]
        local overlap = u[3] + u[4] - abs(du)
        if overlap < -TOUCH then return nil end
        if overlap < best then
            best = overlap
            if du >= 0 then bnx, bny = u[1], u[2] else bnx, bny = -u[1], -u[2] end
        end
    end
    return (best > 0 and best or 0.0), bnx, bny
end

local function collide_rect_circle(a, b)
    local c, s = a.c, a.s
    local qx, qy = b.cx - a.cx, b.cy - a.cy
    local px, py = c * qx + s * qy, -s * qx + c * qy
    local hx, hy, r = a.hx, a.hy, b.r
    if abs(px) <= hx and abs(py) <= hy then
        local dx, dy = hx - abs(px), hy - abs(py)
        if dx <= dy then
            local vx = px >= 0 and 1.0 or -1.0
            return r + dx, c * vx, s * vx
        end
        local vy = py >= 0 and 1.0 or -1.0
        return r + dy, -s * vy, c * vy
    end
    local cx = px < -hx and -hx or (px > hx and hx or px)
    local cy = py < -hy and -hy or (py > hy and hy or py)
    local dx, dy = px - cx, py - cy
    local dist = sqrt(dx * dx + dy * dy)
    if dist - r > TOUCH then return nil end
    local depth = r - dist
    if depth < 0 then depth = 0.0 end
    local vx, vy = dx / dist, dy / dist
    return depth, c * vx - s * vy, s * vx + c * vy
end

local function collide_circles(a, b)
    local dx, dy = b.cx - a.cx, b.cy - a.cy
    local dist = sqrt(dx * dx + dy * dy)
    local sum = a.r + b.r
    if not (dist - sum <= TOUCH) then return nil end
    local depth = sum - dist
    if depth < 0 then depth = 0.0 end
    if dist >= MIN_EDGE then return depth, dx / dist, dy / dist end
    return depth, 1.0, 0.0
end

-- 5.8: any pair with a capsule. Each shape is a point list plus a radius; SAT over the edges of
-- both lists when the origin is strictly inside the Minkowski difference of the hulls, else the
-- smallest distance between their features (vertex-vertex, vertex-edge, edge-vertex).
local function point_list(p)
    if p.kind == "polygon" then return p.xs, p.ys, p.n, p.o, 0.0 end
    if p.kind == "rect" then
        local xs, ys = {}, {}
        local sx = { -p.hx, p.hx, p.hx, -p.hx }
        local sy = { -p.hy, -p.hy, p.hy, p.hy }
        for k = 1, 4 do
            xs[k] = p.cx + (p.c * sx[k] - p.s * sy[k])
            ys[k] = p.cy + (p.s * sx[k] + p.c * sy[k])
        end
        return xs, ys, 4, polygon_orientation(xs, ys, 4), 0.0
    end
    if p.kind == "circle" then return { p.cx }, { p.cy }, 1, 1.0, p.r end
    return { p.x1, p.x2 }, { p.y1, p.y2 }, 2, 1.0, p.r
end

-- The edges of list a (cyclic; a capsule's two points give both directions) against the points
-- of list b, as polygon_axes without the early exit.
local function rounded_axes(ax, ay, na, o, bx, by, nb, sign, braw, bL, bnx, bny)
    if na < 2 then return braw, bL, bnx, bny end
    for i = 1, na do
        local vx, vy = ax[i], ay[i]
        local j = i == na and 1 or i + 1
        local ex, ey = ax[j] - vx, ay[j] - vy
        local L = ex * ex + ey * ey
        if L >= MIN_EDGE2 then
            local nx, ny = ey * o, -ex * o
            local raw = huge
            for m = 1, nb do
                local d = (bx[m] - vx) * nx + (by[m] - vy) * ny
                if d < raw then raw = d end
            end
            if shallower(raw, L, braw, bL) then
                braw, bL, bnx, bny = raw, L, nx * sign, ny * sign
            end
        end
    end
    return braw, bL, bnx, bny
end

-- Nearest point of the closed segment s + t e to (px, py).
local function nearest_on_segment(px, py, sx, sy, ex, ey)
    local ee = ex * ex + ey * ey
    local t = 0.0
    if ee > 0 then
        t = ((px - sx) * ex + (py - sy) * ey) / ee
        if t < 0 then t = 0.0 elseif t > 1 then t = 1.0 end
    end
    return sx + ex * t, sy + ey * t
end

local function collide_rounded(a, b)
    local axs, ays, an, ao, ar = point_list(a)
    local bxs, bys, bn, bo, br = point_list(b)
    local R = ar + br
    local braw, bL, bnx, bny = rounded_axes(axs, ays, an, ao, bxs, bys, bn, 1.0, 0.0, 0.0, 0.0, 0.0)
    braw, bL, bnx, bny = rounded_axes(bxs, bys, bn, bo, axs, ays, an, -1.0, braw, bL, bnx, bny)
    if bL ~= 0 and braw < 0 then
        local len = sqrt(bL)
        return -braw / len + R, bnx / len, bny / len
    end
    local best, pax, pay, pbx, pby = huge, 0.0, 0.0, 0.0, 0.0
    local function consider(x1, y1, x2, y2)
        local dx, dy = x2 - x1, y2 - y1
        local d2 = dx * dx + dy * dy
        if d2 < best then best, pax, pay, pbx, pby = d2, x1, y1, x2, y2 end
    end
    for i = 1, an do
        for j = 1, bn do consider(axs[i], ays[i], bxs[j], bys[j]) end
    end
    if bn >= 2 then
        for j = 1, bn do
            local k = j == bn and 1 or j + 1
            local wx, wy = bxs[j], bys[j]
            local ex, ey = bxs[k] - wx, bys[k] - wy
            if ex * ex + ey * ey >= MIN_EDGE2 then
                for i = 1, an do
                    local qx, qy = nearest_on_segment(axs[i], ays[i], wx, wy, ex, ey)
                    consider(axs[i], ays[i], qx, qy)
                end
            end
        end
    end
    if an >= 2 then
        for i = 1, an do
            local k = i == an and 1 or i + 1
            local vx, vy = axs[i], ays[i]
            local ex, ey = axs[k] - vx, ays[k] - vy
            if ex * ex + ey * ey >= MIN_EDGE2 then
                for j = 1, bn do
                    local qx, qy = nearest_on_segment(bxs[j], bys[j], vx, vy, ex, ey)
                    consider(qx, qy, bxs[j], bys[j])
                end
            end
        end
    end
    local d = sqrt(best)
    if not (d - R <= TOUCH) then return nil end
    local depth = R - d
    if depth < 0 then depth = 0.0 end
    if d >= MIN_EDGE then return depth, (pbx - pax) / d, (pby - pay) / d end
    if bL ~= 0 then
        local len = sqrt(bL)
        return depth, bnx / len, bny / len
    end
    return depth, 1.0, 0.0
end

local function flip(d, nx, ny)
    if d == nil then return nil end
    return d, -nx, -ny
end

--- The contact of two placed shapes: depth, nx, ny (moving b by depth * normal separates them),
--- or nil when they neither overlap nor touch (or either is unusable).
function M.collide(a, b)
    if not a.valid or not b.valid then return nil end
    local ta, tb = a.kind, b.kind
    local d, nx, ny
    if ta == "capsule" or tb == "capsule" then
        d, nx, ny = collide_rounded(a, b)
    elseif ta == "polygon" then
        if tb == "polygon" then d, nx, ny = collide_polygons(a, b)
        elseif tb == "rect" then d, nx, ny = collide_polygon_rect(a, b)
        else d, nx, ny = collide_polygon_circle(a, b) end
    elseif ta == "rect" then
        if tb == "polygon" then d, nx, ny = flip(collide_polygon_rect(b, a))
        elseif tb == "rect" then d, nx, ny = collide_rects(a, b)
        else d, nx, ny = collide_rect_circle(a, b) end
    else
        if tb == "polygon" then d, nx, ny = flip(collide_polygon_circle(b, a))
        elseif tb == "rect" then d, nx, ny = flip(collide_rect_circle(b, a))
        else d, nx, ny = collide_circles(a, b) end
    end
    if d == nil or not (finite(d) and finite(nx) and finite(ny)) then return nil end
    if nx * nx + ny * ny < 0.5 then return nil end -- overflow shrank the normal (FORMAT.md 5)
    return d, nx, ny
end

-------------------------------------------------------------------------------------------------
-- Layer pairs and hits (FORMAT.md sections 4 to 6)
-------------------------------------------------------------------------------------------------

--- Whether attacker layer A is tested against defender layer D: with `layers` a list of
--- {attackerLayer, defenderLayer} pairs, when {A, D} is listed; with nil, the document's default
--- (its attack layer against what the collide matrix pairs with it).
function Runtime:allows(A, D, layers)
    if layers ~= nil and layers ~= null then
        for _, pair in ipairs(layers) do
            if pair[1] == A and pair[2] == D then return true end
        end
        return false
    end
    if self.attack_layer ~= nil and A ~= self.attack_layer then return false end
    if self.collide == nil then return true end
    for _, pair in ipairs(self.collide) do
        if (pair[1] == A and pair[2] == D) or (pair[1] == D and pair[2] == A) then return true end
    end
    return false
end

-- Byte-wise string order (Unicode code points for UTF-8), independent of the C locale.
local function byte_less(x, y)
    local n = #x < #y and #x or #y
    for i = 1, n do
        local p, q = byte(x, i), byte(y, i)
        if p ~= q then return p < q end
    end
    return #x < #y
end
M.byte_less = byte_less

--- The hits between an attacker's placed frame and a defender's placed frame (from place):
--- a list of { a = id, b = id, a_layer =, b_layer =, depth =, normal = { nx, ny } } sorted by
--- (a, b); the normal moves the defender out. `layers`: nil for the document's default, or a
--- list of {attackerLayer, defenderLayer} pairs (one way).
function M.hits(rt, attacker, defender, layers)
    if getmetatable(rt) ~= Runtime then return nil, "not a runtime" end
    if type(attacker) ~= "table" or type(defender) ~= "table" then return nil, "not placed frames" end
    local result = {}
    local cache = {}
    for _, a in ipairs(attacker.shapes) do
        for _, b in ipairs(defender.shapes) do
            local key = a.layer .. "\0" .. b.layer
            local allowed = cache[key]
            if allowed == nil then
                allowed = rt:allows(a.layer, b.layer, layers)
                cache[key] = allowed
            end
            if allowed then
                local d, nx, ny = M.collide(a, b)
                if d then
                    result[#result + 1] = { a = a.id, b = b.id, a_layer = a.layer, b_layer = b.layer,
                        depth = d, normal = { nx, ny } }
                end
            end
        end
    end
    sort(result, function(x, y)
        if x.a ~= y.a then return byte_less(x.a, y.a) end
        return byte_less(x.b, y.b)
    end)
    return result
end

--- A versus query as `hitsmith-cli versus` answers it: the attacker's frame k (1-based) at the
--- origin facing right with its root motion, the defender's frame j with its origin at (dx, dy),
--- facing the attacker unless same_facing. Returns the sorted hits, or nil, message.
function M.versus(rt, attacker_sprite, k, defender_sprite, j, dx, dy, same_facing, layers)
    local a, err = M.place(attacker_sprite, k, 0.0, 0.0, 1, true)
    if not a then return nil, err end
    local d
    d, err = M.place(defender_sprite, j, dx, dy, same_facing and 1 or -1, false)
    if not d then return nil, err end
    return M.hits(rt, a, d, layers)
end

--- The same with sprites named and times in ms (frames chosen by frame_at).
function Runtime:versus_at(attacker, t, defender, u, dx, dy, same_facing, layers)
    local sa, err = self:sprite(attacker); if not sa then return nil, err end
    local sd
    sd, err = self:sprite(defender); if not sd then return nil, err end
    local k
    k, err = M.frame_at(sa, t); if not k then return nil, err end
    local j
    j, err = M.frame_at(sd, u); if not j then return nil, err end
    return M.versus(self, sa, k, sd, j, dx, dy, same_facing, layers)
end

return M
