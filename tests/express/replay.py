#!/usr/bin/env python3
"""Express 5 is the oracle: runs an app's JavaScript twin under node (with the Express of
tests/express/node_modules) and its C++ twin built with nodecc, sends both the same raw
requests, and compares what comes back: the status line, the header fields in order (Date
aside), and the body, byte for byte.

A cases file holds blocks:

    === name of the case
    GET /path?x=1 HTTP/1.1
    Header: value (a "\\xNN" escape is the byte NN: a field value's obs-text)

    body (optional; "\\r\\n" and "\\xNN" escapes are read; a trailing newline is dropped)

Host is added when absent, and Content-Length when there is a body and no framing field.
Each case goes over its own connection.

A body with Content-Encoding gzip, deflate or br is compared decoded (shown as
"<gzip decoded>..."; "<gzip undecodable>" when it does not decode): compressed bytes differ
between Node's bundled zlib and the system's zlib (and libdeflate), the content must not.
Its header fields are compared as they are, Content-Length included. --mask REGEX replaces what matches in both
responses (a clock in Expires, say) before comparing.

Exit status: 0 same, 1 different, 2 a server could not be started or Express is not installed
(`npm ci` in tests/express; make test does it), 77 node is missing (ctest's SKIP_RETURN_CODE).
"""
import argparse
import ctypes
import ctypes.util
import os
import re
import socket
import subprocess
import sys
import time
import zlib

SKIP = 77
HOST = "127.0.0.1"
HERE = os.path.dirname(os.path.abspath(__file__))


def parse_cases(path):
    cases = []
    name = None
    lines = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for line in text.split("\n"):
        if line.startswith("=== "):
            if name is not None:
                cases.append((name, lines))
            name = line[4:].strip()
            lines = []
        elif name is not None:
            lines.append(line)
    if name is not None:
        cases.append((name, lines))
    out = []
    for name, lines in cases:
        while lines and lines[-1] == "":
            lines.pop()
        try:
            blank = lines.index("")
        except ValueError:
            blank = len(lines)
        head = lines[:blank]
        body = "\n".join(lines[blank + 1:])
        body = body.encode("latin-1", "backslashreplace").decode("unicode_escape").encode("latin-1")
        names = [h.split(":", 1)[0].strip().lower() for h in head[1:]]
        if "host" not in names:
            head.insert(1, "Host: localhost")
        if body and "content-length" not in names and "transfer-encoding" not in names:
            head.append("Content-Length: %d" % len(body))
        head_text = "\r\n".join(head) + "\r\n\r\n"
        if "\\x" in head_text:
            head_bytes = head_text.encode("latin-1").decode("unicode_escape").encode("latin-1")
        else:
            head_bytes = head_text.encode("utf-8")
        raw = head_bytes + body
        out.append((name, raw, head[0].split(" ")[0]))
    return out


def brotli_decode(data):
    """BrotliDecoderDecompress from the system's libbrotlidec (Python has no brotli module
    here); None when the library is missing or the data does not decode."""
    name = ctypes.util.find_library("brotlidec")
    if not name:
        return None
    lib = ctypes.CDLL(name)
    size = max(1024, len(data) * 8)
    while size < (1 << 30):
        out = ctypes.create_string_buffer(size)
        out_size = ctypes.c_size_t(size)
        result = lib.BrotliDecoderDecompress(ctypes.c_size_t(len(data)), data,
                                             ctypes.byref(out_size), out)
        if result == 1:  # BROTLI_DECODER_RESULT_SUCCESS
            return out.raw[:out_size.value]
        if result != 3:  # not NEEDS_MORE_OUTPUT: an error
            return None
        size *= 4
    return None


def decode_body(coding, body):
    """The content of a body sent with Content-Encoding `coding`, or None."""
    try:
        if coding == "gzip":
            d = zlib.decompressobj(wbits=31)
            out = d.decompress(body)
            return out if d.eof and not d.unused_data else None
        if coding == "deflate":
            d = zlib.decompressobj(wbits=15)
            out = d.decompress(body)
            return out if d.eof and not d.unused_data else None
    except zlib.error:
        return None
    if coding == "br":
        return brotli_decode(body)
    return None


def read_response(sock, method):
    buf = b""
    sock.settimeout(10)
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            return buf.decode("latin-1") if buf else "<connection closed>"
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    status = lines[0]
    fields = [tuple(l.split(":", 1)) for l in lines[1:] if ":" in l]
    fields = [(k, v.strip()) for k, v in fields]
    if len(lines) < 1 or len(status.split(" ")) < 2:
        return head.decode("latin-1")
    try:
        code = int(status.split(" ")[1])
    except ValueError:
        return head.decode("latin-1")
    lower = {k.lower(): v for k, v in fields}
    body = rest
    framing = b""
    if method == "HEAD" or code in (204, 304) or 100 <= code < 200:
        body = b""
    elif "content-length" in lower:
        n = int(lower["content-length"])
        while len(body) < n:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        body = body[:n]
    elif lower.get("transfer-encoding", "").lower() == "chunked":
        while not body.endswith(b"0\r\n\r\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        decoded = b""
        rest = body
        complete = False
        while b"\r\n" in rest:
            size_line, rest = rest.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                complete = True
                break
            decoded += rest[:size]
            rest = rest[size + 2:]
        body = decoded
        framing = b"<chunked>" if complete else b"<chunked, cut short>"
    else:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    coding = lower.get("content-encoding", "").strip().lower()
    if body and coding in ("gzip", "deflate", "br"):
        content = decode_body(coding, body)
        if content is None:
            body = ("<%s undecodable>" % coding).encode() + body
        else:
            body = ("<%s decoded>" % coding).encode() + content
    body = framing + body
    shown = [status] + ["%s: %s" % (k, v) for k, v in fields if k.lower() != "date"]
    return "\n".join(shown) + "\n\n" + body.decode("latin-1")


def ask(port, raw, method):
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(raw)
        try:
            return read_response(s, method)
        except (socket.timeout, ConnectionError) as e:
            return "<%s>" % type(e).__name__


def start(cmd, port, env, cwd):
    e = dict(os.environ)
    e.update(env)
    e["PORT"] = str(port)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=None if os.environ.get("REPLAY_STDERR") else subprocess.DEVNULL, env=e, cwd=cwd)
    deadline = time.time() + 20
    line = b""
    while time.time() < deadline:
        line = p.stdout.readline()
        if b"listening" in line or not line:
            break
    if b"listening" not in line:
        p.kill()
        p.wait()
        return None
    return p


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--node", default="node")
    ap.add_argument("--js", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--cases", required=True)
    ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for both servers")
    ap.add_argument("--mask", action="append", default=[])
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    try:
        subprocess.run([args.node, "--version"], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        print("node is missing: skipped")
        return SKIP
    if not os.path.isdir(os.path.join(HERE, "node_modules", "express")):
        # make test installs it (scripts/install-deps.sh): with node here, its absence is a
        # broken setup, not a reason to pass.
        print("Express is not installed: run `npm ci` in tests/express (make test does)")
        return 2
    env = dict(kv.split("=", 1) for kv in args.env)
    env["NODE_PATH"] = os.path.join(HERE, "node_modules")
    cases = parse_cases(args.cases)
    pn, pc = free_port(), free_port()
    cwd = os.path.dirname(os.path.abspath(args.js))
    node = start([args.node, os.path.abspath(args.js)], pn, env, cwd)
    ours = start([args.bin], pc, env, cwd)
    try:
        if node is None or ours is None:
            print("a server did not start (node: %s, nodecc: %s)" %
                  ("ok" if node else "failed", "ok" if ours else "failed"))
            return 2
        passed = failed = 0
        for name, raw, method in cases:
            a = ask(pn, raw, method)
            b = ask(pc, raw, method)
            for m in args.mask:
                a = re.sub(m, "<masked>", a)
                b = re.sub(m, "<masked>", b)
            if a == b:
                passed += 1
                if args.verbose:
                    print("same: %s" % name)
            else:
                failed += 1
                print("DIFFERENT: %s\n--- express (node)\n%s\n--- nodecc\n%s\n" % (name, a, b))
        print("%s: %d requests" % (os.path.basename(args.cases), len(cases)))
        print("%d passed, %d failed" % (passed, failed))
        return 0 if failed == 0 else 1
    finally:
        for p in (node, ours):
            if p is not None:
                p.kill()
                p.wait()


if __name__ == "__main__":
    sys.exit(main())
