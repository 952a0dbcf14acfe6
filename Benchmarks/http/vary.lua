-- wrk script: every request drawn at random from the lists prepare.js wrote in BENCH_DIR,
-- for the case BENCH_CASE, and one machine-readable line at the end.
--
--   Q0  { __typename }                       Q1  a recipe page, of 3,000 recipes
--   Q2  the feed of one of the viewers       Q3  a search, of the keywords
--   Q4  the cart of one of the viewers       M1  setItemQuantity on a viewer's line (1 or 2)
--   MIX 95% reads (Q1, Q2, Q3, Q4 alike), 5% writes: half cart changes (setItemQuantity,
--       addToCart), half social (addComment on a recipe, likeDish), by the viewers
--
-- Every request carries the token of a viewer drawn at random, as a signed-in app sends it.
--
-- With BENCH_BODIES (files, comma-separated) instead, it POSTs those bodies in turn with
-- the token BENCH_TOKEN: the fixed requests of the static limit and of M1's floor.
local dir = os.getenv("BENCH_DIR")
local case = os.getenv("BENCH_CASE")

local function lines(name)
  local list = {}
  for line in io.lines(dir .. "/" .. name) do
    if line ~= "" then list[#list + 1] = line end
  end
  return list
end

local function split(text, separator)
  local parts = {}
  for part in string.gmatch(text, "[^" .. separator .. "]+") do parts[#parts + 1] = part end
  return parts
end

local function template(name)
  local handle = assert(io.open(dir .. "/" .. name .. ".body", "rb"))
  local text = handle:read("*a")
  handle:close()
  local at = assert(string.find(text, "__VARS__", 1, true))
  return { text:sub(1, at - 1), text:sub(at + 8) }
end

local viewers, recipes, keywords, dishes, bodies = {}, {}, {}, {}, {}
local formatted = {}
local counter = 0

local function build(token, name, variables)
  local body = bodies[name][1] .. variables .. bodies[name][2]
  return wrk.format("POST", "/graphql",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. token }, body)
end

-- Requests are formatted in init, not when drawn: formatting each one in Lua when drawn
-- cost wrk 39 µs of CPU a recipe page instead of 33, CPU the servers on this machine then
-- lacked. Every viewer's own requests are formatted; a public page (Q1, Q3) is formatted
-- with `PUBLIC_VIEWERS` viewers drawn at random for each recipe and keyword (all 50 would
-- be 150,000 recipe pages, 120 MB per thread), so a draw still picks among every recipe
-- and keyword, each asked by several viewers, and among every viewer.
local PUBLIC_VIEWERS = 8

local function preformat()
  formatted.Q0, formatted.Q2, formatted.Q4, formatted.M1 = {}, {}, {}, {}
  formatted.Q1, formatted.Q3 = {}, {}
  for v, viewer in ipairs(viewers) do
    formatted.Q0[v] = build(viewer.token, "Q0", "{}")
    formatted.Q2[v] = build(viewer.token, "Q2", "{}")
    formatted.Q4[v] = build(viewer.token, "Q4", "{}")
    for i, item in ipairs(viewer.items) do
      for quantity = 1, 2 do
        formatted.M1[#formatted.M1 + 1] = build(viewer.token, "M1",
          string.format('{"item":"%s","quantity":%d}', item, quantity))
      end
    end
  end
  local function public(kind, values, variable)
    for _, value in ipairs(values) do
      for _ = 1, PUBLIC_VIEWERS do
        formatted[kind][#formatted[kind] + 1] = build(viewers[math.random(#viewers)].token, kind,
          '{"' .. variable .. '":"' .. value .. '"}')
      end
    end
  end
  public("Q1", recipes, "id")
  public("Q3", keywords, "keyword")
end

local function random_viewer() return viewers[math.random(#viewers)] end

local function draw(kind)
  if kind == "Q0" then return formatted.Q0[math.random(#viewers)] end
  if kind == "Q2" then return formatted.Q2[math.random(#viewers)] end
  if kind == "Q4" then return formatted.Q4[math.random(#viewers)] end
  if kind == "M1" then return formatted.M1[math.random(#formatted.M1)] end
  if kind == "Q1" then return formatted.Q1[math.random(#formatted.Q1)] end
  if kind == "Q3" then return formatted.Q3[math.random(#formatted.Q3)] end
  if kind == "ADD" then
    local viewer = random_viewer()
    local line = viewer.kinds[math.random(#viewer.kinds)]
    return build(viewer.token, "AddToCart", string.format('{"goods":"%s","kind":"%s"}', line[1], line[2]))
  end
  if kind == "COMMENT" then
    counter = counter + 1
    return build(random_viewer().token, "AddComment",
      string.format('{"target":"%s","text":"Bench comment %d"}', recipes[math.random(#recipes)], counter))
  end
  if kind == "LIKE" then
    return build(random_viewer().token, "LikeDish", '{"id":"' .. dishes[math.random(#dishes)] .. '"}')
  end
end

local reads = { "Q1", "Q2", "Q3", "Q4" }
local writes = { "M1", "ADD", "COMMENT", "LIKE" }

local fixed = {}
local next_fixed = 0

local function load_fixed(files)
  local headers = { ["Content-Type"] = "application/json" }
  local token = os.getenv("BENCH_TOKEN")
  if token and token ~= "" then headers["Authorization"] = "Bearer " .. token end
  for file in string.gmatch(files, "[^,]+") do
    local handle = assert(io.open(file, "rb"))
    fixed[#fixed + 1] = wrk.format("POST", "/graphql", headers, handle:read("*a"))
    handle:close()
  end
end

init = function(_)
  local files = os.getenv("BENCH_BODIES")
  if files and files ~= "" then return load_fixed(files) end
  for _, line in ipairs(lines("viewers.txt")) do
    local fields = split(line, "\t")
    local kinds = {}
    for _, pair in ipairs(split(fields[3], ",")) do kinds[#kinds + 1] = split(pair, ":") end
    viewers[#viewers + 1] = { token = fields[1], items = split(fields[2], ","), kinds = kinds }
  end
  recipes, keywords, dishes = lines("recipes.txt"), lines("keywords.txt"), lines("dishes.txt")
  for _, name in ipairs({ "Q0", "Q1", "Q2", "Q3", "Q4", "M1", "AddToCart", "AddComment", "LikeDish" }) do
    bodies[name] = template(name)
  end
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
  preformat()
end

request = function()
  if #fixed > 0 then
    next_fixed = next_fixed % #fixed + 1
    return fixed[next_fixed]
  end
  if case ~= "MIX" then return draw(case) end
  local roll = math.random(1000)
  if roll > 50 then return draw(reads[(roll % 4) + 1]) end
  return draw(writes[(roll % 4) + 1])
end

done = function(summary, latency, _)
  local seconds = summary.duration / 1e6
  local bad = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.1f %.3f %.3f %d %d\n", summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests, bad))
end
