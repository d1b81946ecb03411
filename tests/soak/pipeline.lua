-- wrk script for the soak: 8 pipelined requests per write for the path given after `--`.
init = function(args)
  local path = args[1] or "/"
  local r = {}
  for i = 1, 8 do
    r[i] = wrk.format(nil, path)
  end
  req = table.concat(r)
end

request = function()
  return req
end
