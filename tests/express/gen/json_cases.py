#!/usr/bin/env python3
"""Writes apps/json.txt: the JSON app's requests (compressed bodies made here with zlib)."""
import gzip
import os
import zlib

import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def esc(data):
    out = []
    for b in data:
        c = chr(b)
        if c == "\\":
            out.append("\\\\")
        elif 0x20 <= b < 0x7F or c == "\n":
            out.append(c)
        else:
            out.append("\\x%02x" % b)
    return "".join(out)


cases = []


def case(name, head, body=None):
    text = "=== %s\n%s\n" % (name, head)
    if body is not None:
        text += "\n" + (esc(body) if isinstance(body, bytes) else body) + "\n"
    cases.append(text)


def post(name, path, body, ctype="application/json", extra=""):
    head = "POST %s HTTP/1.1\nContent-Type: %s" % (path, ctype)
    if extra:
        head += "\n" + extra
    case(name, head, body)


for p in ["/json/obj", "/json/obj?id=7.25", "/json/array", "/json/string", "/json/number",
          "/json/null", "/json/status", "/json/typed", "/json/unicode", "/send/obj", "/send/num",
          "/send/null", "/jsonp", "/jsonp?callback=cb", "/jsonp?callback=a.b[0]$x%3Calert%3E",
          "/jsonp?callback=cb&callback=other", "/jsonp?callback=", "/pretty", "/tabbed",
          "/escaped", "/replaced", "/picked", "/cbname?cb=fn", "/cbname?callback=fn", "/noetag"]:
    case("GET " + p, "GET %s HTTP/1.1" % p)
case("HEAD json", "HEAD /json/obj HTTP/1.1")
case("json 304", "GET /json/array HTTP/1.1\nIf-None-Match: W/\"1b-aDv5jLzSCnxTaeBHZJE0o5nmFrE\"")

obj = b'{"name":"ada","n":[1,2.5e3,-0,1e400],"s":"caf\\u00e9 \\ud83d\\ude00","u":"\xe2\x98\x83"}'
post("echo object", "/echo", obj)
post("echo array", "/echo", b'[1, "two", {"three": 3}, null, true]')
post("echo whitespace first", "/echo", b' \n\t{"a": 1}')
post("echo empty body", "/echo", b"", extra="Content-Length: 0")
post("echo no content-type", "/echo", b'{"a":1}', ctype="text/plain")
post("echo charset utf-8", "/echo", b'{"a":"\xc3\xa9"}', ctype="application/json; charset=utf-8")
post("echo charset latin1", "/echo", b'{"a":1}', ctype="application/json; charset=latin1")
post("echo charset quoted, text after the quote", "/echo", b'{"a":1}',
     ctype='application/json; charset="utf-8"x')
post("echo charset quote not closed", "/echo", b'{"a":1}', ctype='application/json; charset="latin1')
post("vnd type with a star in the subtype", "/vnd", b'{"a":1}', ctype="application/a*+json")
post("echo bom", "/echo", b'\xef\xbb\xbf{"bom":true}')
post("strict string", "/echo", b'"hello"')
post("strict number", "/echo", b'42')
post("strict leading space literal", "/echo", b'   true')
post("strict only spaces", "/echo", b'   ')
post("strict long literal", "/echo", b'"' + b"x" * 60 + b'"')
post("loose string", "/loose", b'"hello"')
post("loose number", "/loose", b'  42 ')
post("loose null", "/loose", b'null')
post("loose bad", "/loose", b'nul')
post("malformed trailing comma", "/echo", b'{"a":1,}')
post("malformed single quotes", "/echo", b"{'a':1}")
post("malformed unterminated", "/echo", b'{"a":')
post("malformed bad token", "/echo", b'{"a":tru}')
post("malformed long", "/echo", b'{"key": "' + b"v" * 80 + b'", oops}')
post("malformed control char", "/echo", b'{"a":"x\ty"}')
post("malformed bad escape", "/echo", b'{"a":"\\q"}')
post("malformed after value", "/echo", b'{"a":1} x')
post("malformed unicode", "/echo", b'{"\xc3\xa9":tru}')
post("over limit by length", "/small", b'{"a":"0123456789abcdef"}')
post("under limit", "/small", b'{"a":"012345"}')
case("over limit chunked", "POST /small HTTP/1.1\nContent-Type: application/json\nTransfer-Encoding: chunked",
     "10\\r\\n{\"a\":\"0123456789\\r\\n10\\r\\nabcdef0123456\"}\\r\\n0\\r\\n\\r\\n")
post("vnd match", "/vnd", b'{"v":1}', ctype="application/vnd.api+json")
post("vnd no match", "/vnd", b'{"v":1}')
post("revive", "/revive", b'{"a":1,"b":[2,{"c":3}],"d":"4"}')
post("proto key", "/proto", b'{"__proto__":{"polluted":"yes"},"a":1}')
post("constructor key", "/proto", b'{"constructor":{"prototype":{"polluted":"yes"}}}')
post("both text first", "/both", b'{"a":1}')
post("both text body", "/both", b'plain', ctype="text/plain")

payload = b'{"zipped":true,"list":[1,2,3],"text":"' + b"abc" * 40 + b'"}'
post("gzip body", "/echo", gzip.compress(payload), extra="Content-Encoding: gzip")
post("deflate body", "/echo", zlib.compress(payload), extra="Content-Encoding: deflate")
post("gzip upper-case coding", "/echo", gzip.compress(b'{"up":1}'), extra="Content-Encoding: GZIP")
post("gzip corrupt", "/echo", b"\x1f\x8b\x08\x00garbage-bytes-here", extra="Content-Encoding: gzip")
post("deflate not deflate", "/echo", b'{"a":1}', extra="Content-Encoding: deflate")
post("gzip truncated", "/echo", gzip.compress(payload)[:30], extra="Content-Encoding: gzip")
post("gzip over limit", "/small", gzip.compress(b'{"a":"' + b"z" * 200 + b'"}'), extra="Content-Encoding: gzip")
post("gzip under limit", "/small", gzip.compress(b'{"a":"zz"}'), extra="Content-Encoding: gzip")
post("gzip one byte over limit", "/small", gzip.compress(b'{"a":"123456789"}', mtime=0),
     extra="Content-Encoding: gzip")
post("gzip exactly the limit", "/small", gzip.compress(b'{"a":"12345678"}', mtime=0),
     extra="Content-Encoding: gzip")
post("gzip bomb", "/echo", gzip.compress(b"[" + b"0," * 500000 + b"0]"), extra="Content-Encoding: gzip")
post("gzip malformed json", "/echo", gzip.compress(b'{"a":}'), extra="Content-Encoding: gzip")
br = subprocess.run(["node", "-e", "process.stdout.write(require('zlib').brotliCompressSync("
                     "Buffer.from(process.argv[1])))", payload.decode()],
                    capture_output=True, check=True).stdout
post("br body", "/echo", br, extra="Content-Encoding: br")
post("unknown coding", "/echo", b'{"a":1}', extra="Content-Encoding: compress")
post("identity coding", "/echo", b'{"a":1}', extra="Content-Encoding: identity")
post("noinflate gzip", "/noinflate", gzip.compress(b'{"a":1}'), extra="Content-Encoding: gzip")
post("noinflate identity", "/noinflate", b'{"a":1}')

with open(os.path.join(HERE, "..", "apps", "json.txt"), "w", encoding="utf-8") as f:
    f.write("\n".join(cases))
print(len(cases), "cases")
