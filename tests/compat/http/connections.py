#!/usr/bin/env python3
"""Runs connections.js under Node and its twin under nodecc through the same scenarios, and
compares what each server printed (the order of request and response events, with
headersSent/writableEnded/writableFinished at each) and what the clients saw on every socket
(the response bytes, and whether the connection was closed, reset or left open), scenario by
scenario. Node is the oracle. Each request's events are compared in order; how the events of
different requests interleave (which connection's ticks run first) is not. These are the behaviours one connection cannot show:
closeIdleConnections() and closeAllConnections() acting on other connections, events that
follow a client's disconnect.

Exit status: 0 same, 1 different, 2 a server could not be started, 77 node is missing.
"""
import argparse
import os
import queue
import re
import shutil
import socket
import subprocess
import sys
import threading
import time

SKIP = 77
HOST = "127.0.0.1"
SETTLE_S = 0.4  # quiet time after which a server's events or a client's bytes are all in


class Server:
    def __init__(self, argv, cwd):
        self.argv = argv
        self.cwd = cwd
        self.lines = queue.Queue()
        self.proc = None

    def start(self, timeout=10.0):
        self.proc = subprocess.Popen(self.argv, cwd=self.cwd, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        ready = threading.Event()

        def read():
            for raw in self.proc.stdout:
                line = raw.decode("utf-8", "replace").rstrip("\n")
                if "listening on" in line:
                    ready.set()
                else:
                    self.lines.put(line)
        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(timeout):
            self.stop()
            raise RuntimeError(f"{' '.join(self.argv)} did not start: "
                               f"{self.proc.stderr.read().decode(errors='replace')[-1000:]}")

    def printed(self):
        """The lines printed since the last call, once none came for SETTLE_S (at most 5 s)."""
        out = []
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                out.append(self.lines.get(timeout=SETTLE_S))
            except queue.Empty:
                break
        return out

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def get(path, method="GET", body=b""):
    head = f"{method} {path} HTTP/1.1\r\nHost: x\r\n"
    if body or method == "POST":
        head += f"Content-Length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


class Client:
    """One connection; observe() tells what arrived and how the connection stands."""

    def __init__(self, port, data=b""):
        self.sock = socket.create_connection((HOST, port), timeout=5)
        if data:
            self.sock.sendall(data)

    def send(self, data):
        self.sock.sendall(data)

    def observe(self, wait=SETTLE_S):
        """What arrives until the connection ends or stays quiet for `wait` s (at most 5 s in
        all), with Date values masked, then closed/reset/open."""
        data = b""
        end = "open"
        limit = time.monotonic() + 5
        deadline = time.monotonic() + wait
        while True:
            left = min(deadline, limit) - time.monotonic()
            if left <= 0:
                break
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                break
            except ConnectionResetError:
                end = "reset"
                break
            if not chunk:
                end = "closed"
                break
            data += chunk
            deadline = time.monotonic() + wait
        data = re.sub(rb"Date: [^\r]*\r\n", b"Date: (date)\r\n", data)
        if len(data) > 300:
            return f"{data[:150]!r}... ({len(data)} bytes) {end}"
        return f"{data!r} {end}"

    def close(self):
        self.sock.close()


def scenarios(port):
    """Yields (name, [client observations]) in order; the server's lines are taken after each."""
    c = Client(port, get("/simple"))
    yield "simple", [c.observe()]
    c.close()

    c = Client(port, get("/read", "POST", b"hello"))
    yield "read body", [c.observe()]
    c.close()

    c = Client(port, get("/read"))
    yield "read no body", [c.observe()]
    c.close()

    c = Client(port, get("/simple", "POST", b"unread body"))
    yield "body not read", [c.observe()]
    c.close()

    c = Client(port, get("/write"))
    yield "write then end", [c.observe()]
    c.close()

    c = Client(port, get("/paused", "POST", b"never read"))
    yield "request paused", [c.observe()]
    c.close()

    c = Client(port, get("/write") + get("/simple"))
    yield "pipelined", [c.observe()]
    c.close()

    c = Client(port, b"GET /simple HTTP/1.0\r\n\r\n")
    yield "http/1.0", [c.observe()]
    c.close()

    c = Client(port, b"GET /simple HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    yield "connection close", [c.observe()]
    c.close()

    c = Client(port, get("/big"))
    c.sock.shutdown(socket.SHUT_WR)
    yield "client half-closes, large response", [c.observe()]
    c.close()

    c = Client(port, get("/write"))
    c.sock.shutdown(socket.SHUT_WR)
    yield "client half-closes", [c.observe()]
    c.close()

    c = Client(port, b"POST /read HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nhalf")
    first = c.observe()
    c.close()
    yield "client aborts body", [first]

    c = Client(port, get("/hold"))
    first = c.observe()
    c.close()
    yield "client leaves before response", [first]

    c = Client(port, get("/end-destroy"))
    yield "end then destroy", [c.observe()]
    c.close()

    # closeIdleConnections: a fresh connection and an idle keep-alive one close; one with half a
    # head, one whose response is pending and the caller itself stay.
    fresh = Client(port)
    idle = Client(port, get("/simple"))
    idle.observe()
    partial = Client(port, b"GET /simple HTTP/1.1\r\nHo")
    pending = Client(port, get("/hold"))
    time.sleep(SETTLE_S)
    control = Client(port, get("/close-idle"))
    seen = [f"control {control.observe()}", f"fresh {fresh.observe()}",
            f"idle {idle.observe()}", f"partial {partial.observe()}",
            f"pending {pending.observe()}"]
    yield "closeIdleConnections", seen
    partial.send(b"st: x\r\n\r\n")
    releaser = Client(port, get("/release"))
    seen = [f"releaser {releaser.observe()}", f"partial {partial.observe()}",
            f"pending {pending.observe()}", f"control {control.observe(0.1)}"]
    yield "after closeIdleConnections", seen

    # closeAllConnections: every connection closes, the caller's too (after its response).
    for client in (fresh, idle, partial, pending, control, releaser):
        client.close()
    time.sleep(SETTLE_S)
    idle = Client(port, get("/simple"))
    idle.observe()
    pending = Client(port, get("/hold"))
    time.sleep(SETTLE_S)
    control = Client(port, get("/close-all"))
    seen = [f"control {control.observe()}", f"idle {idle.observe()}",
            f"pending {pending.observe()}"]
    yield "closeAllConnections", seen
    for client in (idle, pending, control):
        client.close()


def by_request(lines):
    """The printed lines grouped by request ("GET /x: ..."), in order within each group."""
    groups = {}
    for line in lines:
        groups.setdefault(line.split(":", 1)[0], []).append(line)
    return [line for group in groups.values() for line in group]


def run(argv, cwd):
    port = free_port()
    server = Server(argv + ["--port", str(port), "--host", HOST], cwd)
    server.start()
    try:
        out = []
        for name, seen in scenarios(port):
            out.append((name, seen, by_request(server.printed())))
        return out
    finally:
        server.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--node", default="node")
    ap.add_argument("--js", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    node = shutil.which(args.node)
    if node is None:
        print(f"SKIP: {args.node} not found")
        return SKIP
    cwd = os.path.dirname(os.path.abspath(args.js))
    try:
        expected = run([node, os.path.abspath(args.js)], cwd)
        actual = run([os.path.abspath(args.bin)], cwd)
    except RuntimeError as e:
        print(e)
        return 2
    failures = 0
    for (name, n_seen, n_printed), (_, c_seen, c_printed) in zip(expected, actual):
        same = n_seen == c_seen and n_printed == c_printed
        if args.verbose or not same:
            print(f"--- {name}: {'same' if same else 'DIFFERENT'}")
            for label, n, c in (("client", n_seen, c_seen), ("server", n_printed, c_printed)):
                if n == c and not args.verbose:
                    continue
                print(f"  {label} node:")
                print("".join(f"    {line}\n" for line in n), end="")
                print(f"  {label} nodecc:")
                print("".join(f"    {line}\n" for line in c), end="")
        failures += not same
    print(f"connections: {len(expected)} scenarios, {failures} different")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
