-- POST /api/rsvp with a unique email per request: wrk ... -s rsvp.lua URL -- RUN_ID EVENT_ID
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(here .. "report.lua")

local run_id, event_id, counter = "run", "", 0
-- Global, so done() can read it from each thread with thread:get("acked").
acked = 0

function init(args)
  run_id, event_id = args[1] or run_id, args[2] or event_id
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  counter = counter + 1
  -- `id` is set per thread in setup(), so thread and counter make the address unique.
  local body = string.format(
    '{"eventId": "%s", "email": "%s-%d-%d@bench.example.org", "firstName": "Bench", ' ..
    '"lastName": "Load"}', event_id, run_id, id, counter)
  return wrk.format(nil, nil, nil, body)
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    acked = acked + 1
  end
end
