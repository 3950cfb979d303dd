-- Conformance driver for hitsmith.lua (runtimes/FORMAT.md section 7), run by ./conformance.
-- Usage: lua conformance.lua RUNTIME.json QUERIES.json
local here = (arg and arg[0] or ""):match("^(.*)[/\\]") or "."
package.path = here .. "/?.lua;" .. package.path
local hitsmith = require("hitsmith")

local function fail(message)
    io.stderr:write(tostring(message), "\n")
    os.exit(1)
end

local function read(path)
    local f, err = io.open(path, "rb")
    if not f then fail(err) end
    local text = f:read("*a")
    f:close()
    return text
end

if not arg or not arg[1] or not arg[2] or arg[3] then
    fail("usage: conformance RUNTIME.json QUERIES.json")
end

local rt, err = hitsmith.load(read(arg[1]))
if not rt then fail(arg[1] .. ": " .. err) end
local queries
queries, err = hitsmith.decode_json(read(arg[2]))
if queries == nil then fail(arg[2] .. ": " .. err) end
if not hitsmith.is_array(queries) then fail(arg[2] .. ": expected a JSON array of queries") end

local function quote(s)
    return '"' .. s:gsub('[%c"\\]', function(c)
        if c == '"' then return '\\"' end
        if c == "\\" then return "\\\\" end
        return string.format("\\u%04x", c:byte())
    end) .. '"'
end

local function number(x)
    if x == 0 then return "0" end -- no "-0"
    return string.format("%.17g", x)
end

local null = hitsmith.null

-- One query's answer line, or nil and a message.
local function answer(q)
    if not hitsmith.is_object(q) then return nil, "a query must be an object" end
    for _, key in ipairs({ "attacker", "defender" }) do
        if type(q[key]) ~= "string" then return nil, key .. " must be a sprite name" end
    end
    for _, key in ipairs({ "attacker_time_ms", "defender_time_ms", "dx", "dy" }) do
        local v = q[key]
        if type(v) ~= "number" or v ~= v or v == math.huge or v == -math.huge then
            return nil, key .. " must be a finite number"
        end
    end
    local same = q.same_facing
    if same == nil or same == null then same = false end
    if type(same) ~= "boolean" then return nil, "same_facing must be true or false" end
    local layers = q.layers
    if layers == null then layers = nil end
    if layers ~= nil then
        if not hitsmith.is_array(layers) then return nil, "layers must be an array of pairs or null" end
        for i = 1, layers.n do
            local p = layers[i]
            if not hitsmith.is_array(p) or p.n ~= 2 or type(p[1]) ~= "string" or type(p[2]) ~= "string" then
                return nil, "layers[" .. (i - 1) .. "] must be [attackerLayer, defenderLayer]"
            end
        end
    end
    local hits, e = rt:versus_at(q.attacker, q.attacker_time_ms, q.defender, q.defender_time_ms,
        q.dx, q.dy, same, layers)
    if not hits then return nil, e end
    local parts = {}
    for i, h in ipairs(hits) do
        parts[i] = '{"a":' .. quote(h.a) .. ',"b":' .. quote(h.b) .. ',"a_layer":' .. quote(h.a_layer)
            .. ',"b_layer":' .. quote(h.b_layer) .. ',"depth":' .. number(h.depth)
            .. ',"normal":[' .. number(h.normal[1]) .. ',' .. number(h.normal[2]) .. ']}'
    end
    return '{"hits":[' .. table.concat(parts, ",") .. ']}'
end

local out = {}
for i = 1, queries.n do
    local line, e = answer(queries[i])
    out[#out + 1] = line or ('{"error":' .. quote(tostring(e)) .. '}')
    out[#out + 1] = "\n"
    if #out >= 512 then io.write(table.concat(out)); out = {} end
end
io.write(table.concat(out))
os.exit(0)
