-- wrk: a 600x400 static map at a different camera each request, within central Helsinki,
-- so every request is drawn (no response-cache hit).
local counter = 0
request = function()
  counter = counter + 1
  local lat = 60.165 + (counter * 37 % 1000) / 1000 * 0.012
  local lng = 24.935 + (counter * 61 % 1000) / 1000 * 0.018
  local bearing = counter * 7 % 360
  return wrk.format("GET", string.format("/staticmap?center=%.6f,%.6f&zoom=16&size=600x400&bearing=%d&tilt=30", lat, lng, bearing))
end
