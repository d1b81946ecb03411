-- wrk script: 16 requests per write (HTTP/1.1 pipelining).
init = function(args)
  local r = {}
  for i = 1, 16 do
    r[i] = wrk.format(nil, "/?value=pipelined")
  end
  req = table.concat(r)
end

request = function()
  return req
end
