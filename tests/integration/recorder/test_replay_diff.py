#!/usr/bin/env python3
"""replay-diff end to end: record a server, replay its requests against two builds, compare.

    test_replay_diff.py --bin-dir build/bin

Records recorder-diff-app-v1 (tests/integration/recorder/diff_app.cc) with
NODECC_RECORD=file:... under keep-alive requests, pipelined requests, a POST with a
Content-Length body, a chunked POST, HEAD, a request left unfinished, and requests whose
answers differ per process (/pid, and every Date header). Then:
- `nodecc replay-diff TRACE --old v1 --new v1`: no difference, exit 0, and the report counts
  every request sent;
- `--new v2` (only GET /changed differs): exactly the /changed requests reported, with the
  header and body that changed, no other route, exit 1; the HTML report says the same;
- a truncated trace, a corrupted one, and an old program that does not exist: exit 2 with a
  message saying so.
"""
import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_replay import HOST, free_port, wait_port  # noqa: E402
from trace_bytes import varint  # noqa: E402

TIMEOUT = 60


def read_responses(sock, count):
    """Reads `count` responses (Content-Length or chunked framed); returns their bodies."""
    data = b""
    bodies = []
    while len(bodies) < count:
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                raise RuntimeError(f"connection closed after {len(bodies)} responses")
            data += chunk
        head, _, data = data.partition(b"\r\n\r\n")
        fields = {}
        for line in head.decode("latin1").split("\r\n")[1:]:
            k, _, v = line.partition(":")
            fields[k.strip().lower()] = v.strip()
        if "content-length" in fields:
            n = int(fields["content-length"])
            while len(data) < n:
                data += sock.recv(65536)
            bodies.append(data[:n])
            data = data[n:]
        elif "chunked" in fields.get("transfer-encoding", ""):
            while not re.search(rb"(^|\r\n)0\r\n\r\n", data):
                data += sock.recv(65536)
            end = re.search(rb"(^|\r\n)0\r\n\r\n", data).end()
            bodies.append(data[:end])
            data = data[end:]
        else:
            bodies.append(b"")
    return bodies


def drive(port):
    """The recorded traffic; returns the number of whole requests sent."""
    sent = 0
    # Keep-alive: one request at a time on one connection.
    with socket.create_connection((HOST, port), timeout=10) as s:
        for path in ["/", "/changed", "/pid", "/chunked", "/changed?again=1"]:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            read_responses(s, 1)
            sent += 1
        s.sendall(b"HEAD /head HTTP/1.1\r\nHost: x\r\n\r\n")
        s.recv(65536)
        sent += 1
    # Pipelined: four requests in one write, a POST with a body among them.
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(b"GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
                  b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\nhello world"
                  b"GET /changed HTTP/1.1\r\nHost: x\r\n\r\n"
                  b"GET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        read_responses(s, 4)
        sent += 4
    # A chunked upload sent in pieces, then a request cut short.
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(b"POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n")
        time.sleep(0.05)
        s.sendall(b"abcde\r\n3\r\nfgh\r\n0\r\n\r\n")
        read_responses(s, 1)
        sent += 1
        s.sendall(b"GET /never-fin")
        time.sleep(0.05)
    # Another client, one request, so that connections interleave in the trace.
    with socket.create_connection((HOST, port), timeout=10) as s:
        s.sendall(b"GET /pid HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        read_responses(s, 1)
        sent += 1
    return sent


def record(bin_dir, work):
    trace = os.path.join(work, "app.trace")
    port = free_port()
    env = dict(os.environ, NODECC_RECORD=f"file:{trace}", PORT=str(port))
    proc = subprocess.Popen([os.path.join(bin_dir, "recorder-diff-app-v1")], env=env,
                            stdout=subprocess.DEVNULL)
    try:
        wait_port(port, proc)
        sent = drive(port)
        time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
    return trace, sent


def frame_offsets(data):
    """The offsets of the first frame and of the first recv frame with bytes (docs/replay.md:
    a 21-byte fixed header, a varint-sized rest, then [type][varint length][payload])."""
    n, i = varint(data, 21)
    first = i = i + n
    while i < len(data):
        t = data[i]
        length, j = varint(data, i + 1)
        if t == 4 and length > 8:
            return first, i
        i = j + length
    raise RuntimeError("no recv frame in the trace")


def replay_diff(bin_dir, trace, old, new, *extra):
    cmd = [os.path.join(bin_dir, "nodecc"), "replay-diff", trace, "--old", old, "--new", new,
           "--timeout", "3000", *extra]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT)
    return r.returncode, r.stdout, r.stderr


def check(cond, what, out=""):
    if not cond:
        print(f"FAIL: {what}\n{out}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {what}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    args = ap.parse_args()
    bin_dir = os.path.abspath(args.bin_dir)
    v1 = os.path.join(bin_dir, "recorder-diff-app-v1")
    v2 = os.path.join(bin_dir, "recorder-diff-app-v2")
    with tempfile.TemporaryDirectory() as work:
        trace, sent = record(bin_dir, work)
        # A trace of an absent connection's bytes must not be what passes: a report with no
        # requests proves nothing, so the request count is checked too.
        code, out, err = replay_diff(bin_dir, trace, v1, v1)
        check(code == 0, f"same build: exit 0 (got {code})", out + err)
        check(f"Replayed {sent} requests of 4 connections: 0 requests differ." in out,
              f"same build: all {sent} recorded requests replayed, none differs", out)
        check("1 connection ended mid-request" in out, "the unfinished request is counted", out)
        check("- body (2 responses)" in out, "the /pid bodies are noise, not differences", out)

        html = os.path.join(work, "report.html")
        code, out, err = replay_diff(bin_dir, trace, v1, v2, "--html", html)
        check(code == 1, f"changed route: exit 1 (got {code})", out + err)
        headings = re.findall(r"^## \d+\. (\S+) (\S+)$", out, re.M)
        # /changed?again=1 is another route of the app (it compares the whole URL): unchanged.
        check(headings == [("GET", "/changed"), ("GET", "/changed")],
              f"exactly the /changed requests reported (got {headings})", out)
        check(out.count("- header x-route-version") == 2 and out.count("- body: differs") == 2,
              "each shows the changed header and body", out)
        check("old: `the old behaviour`" in out and "new: `the new behaviour`" in out,
              "old and new excerpts", out)
        check(f"Replayed {sent} requests of 4 connections: 2 requests differ." in out,
              "the summary counts 2 of the requests", out)
        with open(html) as f:
            page = f.read()
        check(page.count("<h2>") == 3 and "the new behaviour" in page,
              "the HTML report lists the same requests", page)

        with open(trace, "rb") as f:
            data = f.read()
        cut = os.path.join(work, "cut.trace")
        first, recv = frame_offsets(data)
        with open(cut, "wb") as f:
            f.write(data[:recv + 3])  # inside a recv frame's bytes
        code, out, err = replay_diff(bin_dir, cut, v1, v1)
        check(code == 2 and "truncated" in err, f"truncated trace: exit 2 (got {code})", err)
        bad = os.path.join(work, "bad.trace")
        with open(bad, "wb") as f:
            f.write(data[:8] + b"\x07" + data[9:])
        code, out, err = replay_diff(bin_dir, bad, v1, v1)
        check(code == 2 and "version 7" in err, f"corrupt trace: exit 2 (got {code})", err)
        with open(bad, "wb") as f:
            f.write(data[:first] + b"\x7f" + data[first + 1:])
        code, out, err = replay_diff(bin_dir, bad, v1, v1)
        check(code == 2 and "unknown type 127" in err, f"corrupt frame: exit 2 (got {code})", err)
        code, out, err = replay_diff(bin_dir, trace, os.path.join(work, "no-such-app"), v1)
        check(code == 2 and "old-1 instance did not start" in err,
              f"missing app: exit 2 (got {code})", err)
        code, out, err = replay_diff(bin_dir, trace, "/bin/false", v1)
        check(code == 2 and "exited with status 1 before listening" in err,
              f"app that exits: exit 2 (got {code})", err)
    print("PASS")


if __name__ == "__main__":
    main()
