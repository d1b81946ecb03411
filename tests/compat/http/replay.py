#!/usr/bin/env python3
"""Replays the raw requests of requests.txt against one example under Node and under nodecc,
and compares what comes back: interim responses, status lines, headers (without Date), bodies,
and whether the connection was left open or closed. Node is the oracle.

A case may differ only when DIFFERENCES below names it, with the reason; the test then checks
that nodecc still answers as documented there (docs/node-to-nodecc.md, "HTTP differences").

An app may run several servers (--servers a,b,c: they listen on consecutive ports from --port,
each printing a "listening on" line); a requests file for it names in its apps column the one
server each case goes to (features.txt for features.js/features.cc).

For the demo site (examples/demo): --ready names the text its startup line prints instead of
"listening on", --requests may be given several times, --mask REGEX replaces what matches in
every outcome line by <masked> (the clock in /api/time), and --sigint stops each server with
SIGINT (Ctrl-C) and requires it to exit by itself with status 0, as `make run` promises.

Exit status: 0 same (or documented), 1 different, 2 a server could not be started, 77 node
is missing (ctest's SKIP_RETURN_CODE).
"""
import argparse
import codecs
import concurrent.futures
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time

SKIP = 77
HOST = "127.0.0.1"
HERE = os.path.dirname(os.path.abspath(__file__))

# Where nodecc deliberately answers differently from Node 20. Key: case name (for every
# example) or (case name, example). Value: (nodecc's first status or None for "no response",
# why). nodecc's parser is strict (RFC 9110/9112) where llhttp, in Node's default lenient
# configuration, is not; and it has its own limits for the request-target and the field count.
_STRICT = "nodecc's parser follows RFC 9112 strictly; Node's llhttp accepts this"
_TE_GZIP = ("a request whose Transfer-Encoding does not end in chunked is 400 (RFC 9112 §6.3); "
            "Node serves it (an app that reads the body, like upload, gets 400 from Node too)")
_MAX_REQUESTS = ("maxRequestsPerSocket: the last allowed response says Connection: close and "
                 "the connection closes after it (RFC 9112 §9.6: a server that sends close "
                 "closes and processes no further request); Node keeps the connection open and "
                 "answers each request beyond the limit 503 with Connection: close")
DIFFERENCES = {
    # Status codes for what both reject.
    "bad method": (501, "an unknown method is 501 Not Implemented (RFC 9110 §9.1); Node: 400"),
    "lower-case method": (501, "methods are case-sensitive, 'get' is an unknown method: 501 "
                               "(RFC 9110 §9.1); Node: 400"),
    "version 1.2": (505, "an HTTP version other than 1.0/1.1 is 505 HTTP Version Not Supported "
                         "(RFC 9110 §15.6.6); Node: 400"),
    "uri 20 KiB": (414, "the request-target has its own limit (maxUriLength, 8 KiB): 414 URI Too "
                        "Long; Node counts it in the 16 KiB header limit: 431"),
    # Requests nodecc rejects and Node serves.
    "version 2.0": (505, "HTTP/2.0 in an HTTP/1 request line is 505; Node answers it as HTTP/1.1"),
    "version 0.9": (505, "HTTP/0.9 in a request line is 505; Node answers it"),
    "no version": (400, "a request line without a version (HTTP/0.9 style) is 400; Node "
                        "answers it"),
    "double space": (400, "extra whitespace in the request line is 400 (RFC 9112 §3); " + _STRICT),
    "two hosts": (400, "two Host fields are 400 (RFC 9112 §3.2); Node uses the first"),
    "bad host": (400, "a Host value that is not a valid host is 400 (RFC 9112 §3.2); Node "
                      "accepts any value"),
    "host with userinfo": (400, "Host is uri-host [':' port], without userinfo (RFC 9112 §3.2): "
                                "400; Node accepts any value"),
    "te on http/1.0": (400, "Transfer-Encoding in an HTTP/1.0 request is 400 (RFC 9112 §6.1: "
                            "the framing is faulty); Node decodes it as chunked"),
    "uri 9 KiB": (414, "the request-target has its own limit (maxUriLength, 8 KiB): 414; Node "
                       "only limits the whole head (16 KiB) and serves it"),
    "2001 fields": (431, "more fields than maxHeadersCount (2000) is 431; Node keeps the first "
                         "2000 and serves the request"),
    "m-search": (400, "the asterisk-form target '*' is only for OPTIONS (RFC 9112 §3.2.4); "
                      "Node accepts it with any method (M-SEARCH * is SSDP's)"),
    ("te gzip", "hello"): (400, _TE_GZIP),
    ("te gzip", "echo"): (400, _TE_GZIP),
    ("te gzip", "json"): (400, _TE_GZIP),
    ("te gzip", "demo"): (400, _TE_GZIP),
    # Same status, different bytes.
    "missing host": (400, "Node builds this 400 in JavaScript as an ordinary response (Date, "
                          "Transfer-Encoding: chunked, an empty chunked body); nodecc sends its "
                          "fixed error response (status line and Connection: close)"),
    # Pipelining up to an error or a close.
    "pipelined close middle": (200, "bytes after a request with Connection: close: nodecc "
                                    "answers every request up to that one and ignores the rest "
                                    "(RFC 9112 §9.6); Node's parser fails on them "
                                    "(HPE_CLOSED_CONNECTION) and the connection is destroyed, "
                                    "losing responses not yet written (or answering 400)"),
    "pipelined then bad": (200, "a malformed request after valid pipelined ones: nodecc answers "
                                "the valid ones in order, then the error, then closes; Node "
                                "destroys the connection on the parse error, losing responses "
                                "not yet written"),
    # features.txt (features.js / compat-http-features).
    "expectation empty": (200, "an empty Expect field is an empty list, no expectation (RFC 9110 "
                               "§10.1.1): the request is served; Node takes it for an unknown "
                               "expectation ('checkExpectation', or 417)"),
    "limited two": (200, _MAX_REQUESTS),
    "limited pipelined": (200, _MAX_REQUESTS),
    "limited one by one": (200, _MAX_REQUESTS),
    "limited post": (200, _MAX_REQUESTS),
}


PAUSE = b"{pause}"  # in a case's bytes: send what came before, wait PAUSE_S, go on
PAUSE_S = 0.3
EXAMPLES = {"hello", "echo", "json", "upload"}


def load_cases(path, known=EXAMPLES):
    cases = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.split("|", 3)
            if len(parts) != 4:
                raise SystemExit(f"{path}:{lineno}: expected 'name | apps | responses | bytes'")
            name, apps, kinds, raw = (p.strip() for p in parts)
            if (not re.fullmatch(r"[RH]+", kinds) or
                    (apps != "*" and not {a.strip() for a in apps.split(",")} <= known)):
                raise SystemExit(f"{path}:{lineno}: bad apps '{apps}' or responses '{kinds}'")
            raw = re.sub(r"\{(\d+)\*(.*?)\}", lambda m: m.group(2) * int(m.group(1)), raw)
            data = codecs.escape_decode(raw.encode("latin1"))[0]
            apps = None if apps == "*" else {a.strip() for a in apps.split(",")}
            cases.append((name, apps, kinds, data))
    return cases


class Server:
    def __init__(self, argv, cwd, ready=b"listening on"):
        self.argv = argv
        self.cwd = cwd
        self.ready = ready
        self.proc = None

    def start(self, timeout=10.0, servers=1):
        self.proc = subprocess.Popen(self.argv, cwd=self.cwd, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ready = threading.Event()

        def read():
            waiting = servers
            for line in self.proc.stdout:
                if self.ready in line:
                    waiting -= 1
                    if waiting == 0:
                        ready.set()
        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(timeout):
            self.stop()
            raise RuntimeError(f"{' '.join(self.argv)} did not start: "
                               f"{self.proc.stderr.read().decode(errors='replace')[-1000:]}")

    def interrupt(self, timeout=5.0):
        """SIGINT, as Ctrl-C sends; the exit status, or None when it did not exit in time."""
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def free_port(count=1):
    """A port P such that P .. P+count-1 are free now. Several ports are taken below the
    ephemeral range, where no client connection of another process can hold one of them."""
    if count == 1:
        with socket.socket() as s:
            s.bind((HOST, 0))
            return s.getsockname()[1]
    for _ in range(100):
        base = random.randrange(20000, 32000 - count)
        try:
            for port in range(base, base + count):
                with socket.socket() as s:
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                    s.bind((HOST, port))
                    s.listen()
        except OSError:
            continue
        return base
    raise RuntimeError(f"no {count} consecutive free ports")


class Conn:
    """Reads responses off one socket; outcome strings describe how the connection ended."""

    def __init__(self, sock):
        self.sock = sock
        self.buf = b""
        self.end = None  # "closed", "reset" or "timeout" once reading stopped

    def fill(self):
        if self.end:
            return False
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            self.end = "timeout"
            return False
        except ConnectionResetError:
            self.end = "reset"
            return False
        if not data:
            self.end = "closed"
            return False
        self.buf += data
        return True

    def line(self):
        while b"\r\n" not in self.buf:
            if not self.fill():
                return None
        line, self.buf = self.buf.split(b"\r\n", 1)
        return line

    def exact(self, n):
        while len(self.buf) < n:
            if not self.fill():
                return None
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def fields(self):
        out = []
        while True:
            line = self.line()
            if line is None:
                return None
            if not line:
                return out
            out.append(line.decode("latin1"))

    def response(self, head):
        """One response as a list of strings, or None when the connection ended first."""
        out = []
        while True:
            status = self.line()
            if status is None:
                return None
            fields = self.fields()
            if fields is None:
                out.append(f"incomplete head: {status!r}")
                return out
            out.append(status.decode("latin1"))
            out.extend(f"  {f}" if not f.lower().startswith("date:") else "  (date)"
                       for f in fields)
            code = int(status.split(b" ")[1]) if len(status.split(b" ")) > 1 else 0
            if 100 <= code < 200 and code != 101:
                continue
            break
        lower = [f.lower() for f in fields]
        te = next((f for f in lower if f.startswith("transfer-encoding:")), "")
        cl = next((f for f in lower if f.startswith("content-length:")), None)
        if head or code in (204, 304):
            body = b""
        elif "chunked" in te:
            body = b""
            while True:
                size_line = self.line()
                if size_line is None:
                    out.append(f"  <body cut: {body!r}>")
                    return out
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    trailers = self.fields() or []
                    out.extend(f"  trailer {t}" for t in trailers)
                    break
                chunk = self.exact(size + 2)
                if chunk is None:
                    out.append(f"  <body cut: {body!r}>")
                    return out
                body += chunk[:-2]
        elif cl is not None:
            n = int(cl.split(":", 1)[1])
            body = self.exact(n)
            if body is None:
                out.append(f"  <body cut: {self.buf!r}>")
                return out
        else:
            while self.fill():
                pass
            body, self.buf = self.buf, b""
        out.append(f"  body {body!r}" if len(body) <= 200 else
                   f"  body {len(body)} bytes {body[:60]!r}...")
        return out


def replay(port, data, kinds):
    """What the server does with `data` sent on a fresh connection: a list of lines."""
    out = []
    with socket.create_connection((HOST, port), timeout=5) as s:
        try:
            parts = data.split(PAUSE)
            for i, part in enumerate(parts):
                if i > 0:
                    time.sleep(PAUSE_S)
                s.sendall(part)
        except (BrokenPipeError, ConnectionResetError):
            out.append("(send failed)")
        s.settimeout(3)
        conn = Conn(s)
        for kind in kinds:
            r = conn.response(head=(kind == "H"))
            if r is None:
                break
            out.extend(r)
        if not conn.end:
            # Open or closing? Closing connections close at once; wait a moment.
            s.settimeout(0.5)
            if conn.fill():
                out.append(f"extra bytes {conn.buf[:200]!r}")
                s.settimeout(0.5)
                while conn.fill():
                    pass
        if conn.buf:
            out.append(f"unparsed {conn.buf[:200]!r}")
        out.append({"closed": "connection closed", "reset": "connection reset",
                    "timeout": "connection open", None: "connection open"}[conn.end])
    return out


def first_status(lines):
    for line in lines:
        if line.startswith("HTTP/1.1 ") and not line.startswith("HTTP/1.1 100"):
            return int(line.split(" ")[1])
    return None


def run_all(port, cases, servers=None):
    def port_of(apps):
        return port + (servers.index(next(iter(apps))) if servers else 0)
    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        futures = {name: pool.submit(replay, port_of(apps), data, kinds)
                   for name, apps, kinds, data in cases}
        return {name: f.result() for name, f in futures.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--node", default="node")
    ap.add_argument("--js", required=True, help="the example's .js")
    ap.add_argument("--bin", required=True, help="the example's nodecc binary")
    ap.add_argument("--requests", action="append",
                    help="a requests file (several allowed; default requests.txt)")
    ap.add_argument("--app", help="the app's name in DIFFERENCES (default: the .js file's)")
    ap.add_argument("--ready", default="listening on",
                    help="text of the line a server prints once it listens")
    ap.add_argument("--mask", action="append", default=[],
                    help="a regex replaced by <masked> in every outcome line")
    ap.add_argument("--sigint", action="store_true",
                    help="stop each server with SIGINT and require exit status 0")
    ap.add_argument("--servers", help="the app's servers, comma-separated, on consecutive "
                                      "ports; the requests file names one per case")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every case's outcome")
    args = ap.parse_args()

    node = shutil.which(args.node)
    if node is None:
        print(f"SKIP: {args.node} not found")
        return SKIP
    app = args.app or os.path.basename(args.js)[:-3]
    servers = args.servers.split(",") if args.servers else None
    request_files = args.requests or [os.path.join(HERE, "requests.txt")]
    cases = []
    for path in request_files:
        if servers:
            cases += load_cases(path, set(servers))
            for name, apps, _, _ in cases:
                if apps is None or len(apps) != 1:
                    raise SystemExit(f"{path}: case '{name}' must name one server")
        else:
            cases += [c for c in load_cases(path) if c[1] is None or app in c[1]]
    names = [c[0] for c in cases]
    if len(set(names)) != len(names):
        raise SystemExit(f"duplicate case names in {request_files}")
    masks = [re.compile(m) for m in args.mask]

    results = {}
    for who, argv in (("node", [node, os.path.abspath(args.js)]),
                      ("nodecc", [os.path.abspath(args.bin)])):
        port = free_port(len(servers) if servers else 1)
        server = Server(argv + ["--port", str(port), "--host", HOST],
                        os.path.dirname(os.path.abspath(args.js)), args.ready.encode())
        try:
            server.start(servers=len(servers) if servers else 1)
        except RuntimeError as e:
            print(e)
            return 2
        try:
            results[who] = run_all(port, cases, servers)
            if args.sigint:
                code = server.interrupt()
                if code != 0:
                    how = "did not exit" if code is None else f"exited with status {code}"
                    print(f"{who}: after SIGINT the server {how}")
                    return 1
        finally:
            server.stop()
        for name, lines in results[who].items():
            for m in masks:
                lines[:] = [m.sub("<masked>", line) for line in lines]

    same = documented = 0
    failures = []
    for name, _, _, _ in cases:
        n, c = results["node"][name], results["nodecc"][name]
        diff = DIFFERENCES.get((name, app)) or DIFFERENCES.get(name)
        if args.verbose:
            print(f"--- {name}\n  node:   {n}\n  nodecc: {c}")
        if n == c:
            same += 1
            if diff:
                print(f"note: '{name}' is listed as a difference but now matches Node")
            continue
        if diff:
            status, why = diff
            if first_status(c) == status:
                documented += 1
                continue
            failures.append(f"'{name}': documented as nodecc {status} ({why}), but:\n"
                            f"    node:   {n}\n    nodecc: {c}")
            continue
        failures.append(f"'{name}':\n    node:   {n}\n    nodecc: {c}")

    print(f"{app}: {len(cases)} cases, {same} identical, {documented} documented differences, "
          f"{len(failures)} mismatches")
    for f in failures:
        print("MISMATCH " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
