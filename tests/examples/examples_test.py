#!/usr/bin/env python3
"""Runs one example of examples/NAME/ under Node (NAME.js) and under nodecc (example-NAME), drives
both the same way (HTTP requests over real sockets to 127.0.0.1, files, upstream servers,
signals) and compares what they did: status lines, headers but Date, bodies, stdout and exit
statuses. Node is the oracle; on a mismatch the diff reads node -> nodecc. Each scenario also
checks a few facts of Node's own transcript, so that two programs failing alike cannot pass.

Exit status: 0 same, 1 different, 2 a program hung or could not be started, 77 node is missing
(ctest's SKIP_RETURN_CODE). stderr is shown on failure but never compared (it names the runtime).
"""
import argparse
import difflib
import http.client
import http.server
import json
import os
import re
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

SKIP = 77
READY_TIMEOUT_S = 10  # a program must print its ready line within this
EXIT_TIMEOUT_S = 10   # and exit within this after its signal
HTTP_TIMEOUT_S = 10


class Hung(Exception):
    pass


class Program:
    """One running program: its stdout collected line by line, its stderr kept for failures."""

    def __init__(self, argv, env=None, cwd=None):
        self.argv = argv
        full_env = dict(os.environ)
        full_env.update(env or {})
        full_env.pop("NODE_OPTIONS", None)
        self.proc = subprocess.Popen(argv, cwd=cwd, env=full_env, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = b""
        self.err = b""
        self.port = None
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)
        self.sel.register(self.proc.stderr, selectors.EVENT_READ)

    def _pump(self, deadline):
        """Reads what is available until deadline; False when both pipes are closed."""
        if not self.sel.get_map():
            return False
        for key, _ in self.sel.select(max(0.0, deadline - time.monotonic())):
            data = os.read(key.fileobj.fileno(), 65536)
            if not data:
                self.sel.unregister(key.fileobj)
            elif key.fileobj is self.proc.stdout:
                self.out += data
            else:
                self.err += data
        return True

    def wait_for(self, pattern):
        """The first match of pattern in stdout, waiting for it."""
        deadline = time.monotonic() + READY_TIMEOUT_S
        while True:
            m = re.search(pattern, self.out.decode("utf-8", "replace"))
            if m:
                return m
            if time.monotonic() > deadline or not self._pump(deadline):
                self.kill()
                raise Hung(f"{' '.join(self.argv)}: no {pattern!r} in its output "
                           f"(stdout {self.out!r}, stderr {self.err!r})")

    def wait_lines(self, n):
        """Waits until stdout holds n lines: a server logs a request after answering it, so a
        signal sent as soon as the answer arrived could end it before it logged."""
        deadline = time.monotonic() + READY_TIMEOUT_S
        while self.out.count(b"\n") < n:
            if time.monotonic() > deadline or not self._pump(deadline):
                self.kill()
                raise Hung(f"{' '.join(self.argv)}: fewer than {n} lines (stdout {self.out!r})")

    def finish(self, sig=None):
        """Sends sig (if any) and waits for the exit: (status, stdout), the port the program
        listened on (its ready line) written $PORT."""
        if sig is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
        deadline = time.monotonic() + EXIT_TIMEOUT_S
        while self._pump(deadline):
            if time.monotonic() > deadline:
                self.kill()
                raise Hung(f"{' '.join(self.argv)} did not exit (stdout {self.out!r})")
        try:
            status = self.proc.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.kill()
            raise Hung(f"{' '.join(self.argv)} did not exit")
        stdout = self.out.decode("utf-8", "replace")
        if self.port is not None:
            stdout = stdout.replace(f"127.0.0.1:{self.port}/", "127.0.0.1:$PORT/")
        return status, stdout

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


class Client:
    """One keep-alive HTTP/1.1 connection (reopened when the server closes it)."""

    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=HTTP_TIMEOUT_S)

    def request(self, method, path, body=None, headers=None):
        self.conn.request(method, path, body=body, headers=headers or {})
        r = self.conn.getresponse()
        data = r.read()
        return exchange(method, path, body, r.status, r.reason, r.getheaders(), data)

    def close(self):
        self.conn.close()


def exchange(method, path, body, status, reason, headers, data):
    kept = [f"{k}: {v}" for k, v in headers if k.lower() != "date"]
    sent = "" if body is None else f" <{body!r}>"
    return "\n".join([f"> {method} {path}{sent}", f"< {status} {reason}", *kept, "",
                      data.decode("utf-8", "replace"), ""])


def raw_request(port, parts, pause_s=0.05):
    """Sends a request in pieces (a pause between each) on a new connection; the response."""
    with socket.create_connection(("127.0.0.1", port), timeout=HTTP_TIMEOUT_S) as s:
        for i, part in enumerate(parts):
            if i:
                time.sleep(pause_s)
            s.sendall(part)
        s.shutdown(socket.SHUT_WR)
        reply = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    lines = [ln for ln in head.decode("latin-1").split("\r\n")
             if not ln.lower().startswith("date:")]
    body_text = body.decode("utf-8", "replace")
    return "\n".join([f"> raw {b''.join(parts)!r}", *lines, "", body_text, ""])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(argv, env=None, cwd=None, ready=r"listening on http://127\.0\.0\.1:(\d+)/"):
    """Starts a server program on a port chosen by the system (PORT=0); (program, port)."""
    env = dict(env or {})
    env["PORT"] = "0"
    p = Program(argv, env, cwd)
    m = p.wait_for(ready)
    p.port = int(m.group(1))
    return p, p.port


def expect(transcript, *needles):
    """Facts Node's transcript must show, or the scenario itself is wrong."""
    for needle in needles:
        if needle not in transcript:
            raise AssertionError(f"Node's transcript lacks {needle!r}:\n{transcript}")


# ---- rest_api ---------------------------------------------------------------------------------

def scenario_rest_api(cmd, node):
    server, port = start_server(cmd)
    c = Client(port)
    out = []
    j = {"Content-Type": "application/json"}
    out.append(c.request("GET", "/items"))
    out.append(c.request("POST", "/items", '{"name":"apple","price":1.5,"tags":["fruit"]}', j))
    out.append(c.request("POST", "/items", '{"name":"pear","qty":7.0,"nested":{"a":null,"b":[]}}'))
    out.append(c.request("POST", "/items", '{bad json'))
    out.append(c.request("POST", "/items", ''))
    out.append(c.request("POST", "/items", '[1,2]'))
    out.append(c.request("POST", "/items", '"text"'))
    out.append(c.request("POST", "/items", '{"a":1,}'))
    out.append(c.request("POST", "/items", '{"z":1,"id":99,"2":"two","0":"zero"}'))
    out.append(c.request(
        "POST", "/items",
        '{"s":"\\u00e9\\ud83d\\ude00\\n","big":1e21,"neg":-0,"tiny":1e-7,"f":0.1}'))
    # A UTF-8 character cut across two TCP segments: setEncoding('utf8') keeps it whole.
    body = '{"name":"caf\u00e9 \u2603"}'.encode()
    cut = body.index("\u2603".encode()) + 1
    head = (f"POST /items HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode()
    out.append(raw_request(port, [head + body[:cut], body[cut:]]))
    out.append(c.request("GET", "/items"))
    out.append(c.request("GET", "/items/1"))
    out.append(c.request("GET", "/items/42"))
    out.append(c.request("GET", "/items/abc"))
    out.append(c.request("GET", "/items/" + "9" * 400))
    out.append(c.request("PUT", "/items/1", '{"name":"green apple","id":"ignored"}'))
    out.append(c.request("PUT", "/items/2", 'nope'))
    out.append(c.request("PUT", "/items/77", '{}'))
    out.append(c.request("DELETE", "/items/2"))
    out.append(c.request("DELETE", "/items/2"))
    out.append(c.request("PATCH", "/items/1"))
    out.append(c.request("PATCH", "/items"))
    out.append(c.request("GET", "/items"))
    c.close()
    server.wait_lines(1 + len(out))  # the ready line and one per request
    status, stdout = server.finish(signal.SIGTERM)
    text = "".join(out) + f"--- stdout\n{stdout}--- exit {status}\n"
    if node:
        expect(text, "< 201 Created", "< 400 Bad Request", "Unexpected end of JSON input",
               "< 204 No Content", "< 405 Method Not Allowed", "caf\u00e9 \u2603",
               "PUT /items/1 200")
    return text


# ---- kv_server --------------------------------------------------------------------------------

def oversized_upload(port, limit=1024 * 1024):
    """A PUT announcing 4 MiB that stops sending at twice the limit: the 413 must come while
    the rest is still unsent (a server that buffers the whole body first would never answer)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=HTTP_TIMEOUT_S)
    try:
        s.sendall(b"PUT /kv/big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: %d\r\n\r\n"
                  % (4 * limit))
        piece = b"v" * 65536
        sent = 0
        try:
            while sent < 2 * limit:
                s.sendall(piece)
                sent += len(piece)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may close once it has answered
        data = b""
        while b"\r\n\r\n" not in data or not data.endswith(b"\n"):
            try:
                more = s.recv(65536)
            except ConnectionResetError:
                break
            except socket.timeout:
                return f"PUT /kv/big: no whole response within {HTTP_TIMEOUT_S} s: {data!r}\n"
            if not more:
                break
            data += more
    finally:
        s.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    kept = sorted(l for l in lines[1:] if not l.lower().startswith("date:"))
    return ("PUT /kv/big (4 MiB announced, 2 MiB sent, then waiting)\n< %s\n%s\n%s\n"
            % (lines[0], "\n".join("< " + l for l in kept), body.decode("utf-8", "replace")))


def scenario_kv_server(cmd, node):
    with tempfile.TemporaryDirectory(prefix="nodecc-kv-") as tmp:
        store_dir = os.path.join(tmp, "data", "kv")  # created by the program (mkdir -p)
        store = os.path.join(store_dir, "store.json")
        out = []

        server, port = start_server(cmd + [store_dir])
        c = Client(port)
        out.append(c.request("GET", "/kv"))
        out.append(c.request("PUT", "/kv/greeting", "h\u00e9llo w\u00f6rld".encode()))
        out.append(c.request("PUT", "/kv/greeting", "hello"))
        for key, value in [("10", "ten"), ("2", "two"), ("__proto__", "proto"),
                           ("toString", "ts"), ("a.b-c_d", "dotted"), ("empty", "")]:
            out.append(c.request("PUT", f"/kv/{key}", value))
        out.append(c.request("GET", "/kv"))
        for key in ["greeting", "__proto__", "toString", "empty", "missing", "constructor"]:
            out.append(c.request("GET", f"/kv/{key}"))
        out.append(c.request("GET", "/kv/bad%20key"))
        out.append(c.request("GET", "/other"))
        out.append(c.request("DELETE", "/kv/2"))
        out.append(c.request("DELETE", "/kv/2"))
        out.append(c.request("POST", "/kv/greeting", "x"))
        c.close()
        server.wait_lines(2 + len(out))
        status, stdout = server.finish(signal.SIGTERM)
        with open(store, "rb") as f:
            saved = f.read().decode("utf-8", "replace")
        out.append(f"--- run 1 stdout\n{stdout}--- exit {status}\n--- store.json\n{saved}")

        # A restart reads what the first run saved.
        server, port = start_server(cmd + [store_dir])
        c = Client(port)
        out.append(c.request("GET", "/kv"))
        out.append(c.request("GET", "/kv/greeting"))
        out.append(c.request("DELETE", "/kv/10"))
        c.close()
        out.append(oversized_upload(port))
        server.wait_lines(6)
        status, stdout = server.finish(signal.SIGTERM)
        out.append(f"--- run 2 stdout\n{stdout}--- exit {status}\n")

        # A damaged store: main() rejects, the process ends with status 1 before listening.
        with open(store, "w") as f:
            f.write('{"a": 1,')
        p = Program(cmd + [store_dir], {"PORT": "0"})
        status, stdout = p.finish()
        out.append(f"--- damaged store stdout\n{stdout}--- exit {status}\n")
        text = "".join(out)
        if node:
            expect(text, "< 201 Created", "< 200 OK", "__proto__", "loaded 6 keys from store.json",
                   "kv_server stopped", "--- exit 0", "--- exit 1", '"greeting": "hello"',
                   "< HTTP/1.1 413 Payload Too Large", "PUT /kv/big 413")
        return text


# ---- dir_report -------------------------------------------------------------------------------

TREE = {  # path -> size; sizes tie on purpose (the sort must be stable)
    "README": 300,
    "notes.txt": 1536,
    "src/main.js": 4096,
    "src/util.js": 1000,
    "src/lib/deep/leaf.js": 1000,
    "src/lib/style.css": 700,
    "docs/guide.md": 5000,
    "docs/r\u00e9sum\u00e9.pdf": 9000,
    "docs/empty.md": 0,
    "assets/.hidden": 12,
    "assets/logo.tar.gz": 2048,
    "assets/a.b.c": 5,
    "build/out.o": 0,
}


def scenario_dir_report(cmd, node):
    with tempfile.TemporaryDirectory(prefix="nodecc-dir-") as tmp:
        root = os.path.join(tmp, "tree")
        for rel, size in TREE.items():
            full = os.path.join(root, rel)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(b"x" * size)
        os.makedirs(os.path.join(root, "empty-dir"))
        os.symlink("notes.txt", os.path.join(root, "link-to-notes"))  # neither file nor dir
        out = []
        for label, argv, cwd in [("absolute", cmd + [root], tmp),
                                 ("relative", cmd + ["tree/src"], tmp),
                                 ("no argument: '.'", cmd, os.path.join(root, "docs")),
                                 ("missing", cmd + ["no-such-dir"], tmp)]:
            status, stdout = Program(argv, cwd=cwd).finish()
            out.append(f"--- {label}\n{stdout.replace(tmp, '$TMP')}--- exit {status}\n")
        text = "".join(out)
        if node:
            expect(text, "13 files, 24697 bytes", "│ (index) │", "'.js'",
                   "r\u00e9sum\u00e9.pdf",
                   "empty files: [ 'out.o', 'empty.md' ]", "tree/src: 4 files", "--- exit 1")
        return text


# ---- fetch_aggregator -------------------------------------------------------------------------

USERS = [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace \u2603"}, {"id": 3, "name": "Linus"}]
ORDERS = [{"id": 10, "userId": 1, "amount": 19.99}, {"id": 11, "userId": 1, "amount": 5.01},
          {"id": 12, "userId": 2, "amount": 0.1}, {"id": 13, "userId": 2, "amount": 0.2},
          {"id": 14, "userId": "3", "amount": 1e21}]


class Upstream:
    """A JSON service on 127.0.0.1: GET <path> answers `data`, or fails as `mode` says."""

    def __init__(self, path, data):
        self.path, self.data, self.mode = path, data, "ok"
        self.requests = []
        upstream = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                upstream.requests.append(self.path)
                if upstream.mode == "ok" and self.path == upstream.path:
                    self.reply(200, json.dumps(upstream.data))
                elif upstream.mode == "badjson":
                    self.reply(200, '{"truncated": [1, 2')
                elif upstream.mode == "404" or self.path != upstream.path:
                    self.reply(404, "not found")
                else:
                    self.reply(500, "boom")

            def reply(self, status, text):
                body = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def scenario_fetch_aggregator(cmd, node):
    users, orders = Upstream("/users", USERS), Upstream("/orders", ORDERS)
    try:
        server, port = start_server(cmd + [users.url, orders.url])
        c = Client(port)
        out = [c.request("GET", "/summary"), c.request("GET", "/other"),
               c.request("POST", "/summary", "{}")]
        # One upstream fails at a time: with both failing, Promise.all's reason is whichever
        # fails first.
        for who, mode in [(orders, "500"), (orders, "badjson"), (users, "404"), (users, "badjson")]:
            who.mode = mode
            out.append(f"--- {who.path} {mode}\n")
            out.append(c.request("GET", "/summary"))
            who.mode = "ok"
        out.append(c.request("GET", "/summary"))
        c.close()
        server.wait_lines(1 + 6)  # the ready line and one per /summary
        status, stdout = server.finish(signal.SIGTERM)
        calls = sorted(users.requests + orders.requests)
        text = "".join(out) + f"--- stdout\n{stdout}--- exit {status}\n"
        text += f"--- upstream calls\n{calls}\n"
        text = text.replace(users.url, "$USERS").replace(orders.url, "$ORDERS")
        if node:
            expect(text, "< 200 OK", "< 502 Bad Gateway", "$ORDERS/orders answered 500",
                   "after array element in JSON at position 19", "$USERS/users answered 404",
                   "\"total\": 25", "summary: 3 users, 5 orders")
        return text
    finally:
        users.stop()
        orders.stop()


def scenario_fetch_aggregator_down(cmd, node):
    """An upstream that refuses connections: 502 in both; Node's message is 'fetch failed'."""
    users = Upstream("/users", USERS)
    try:
        closed = f"http://127.0.0.1:{free_port()}"
        server, port = start_server(cmd + [users.url, closed])
        c = Client(port)
        reply = c.request("GET", "/summary")
        c.close()
        server.wait_lines(2)
        status, stdout = server.finish(signal.SIGTERM)
        text = f"{reply}--- stdout\n{stdout}--- exit {status}\n"
        text = text.replace(users.url, "$USERS").replace(closed, "$CLOSED")
        # Both: "fetch failed", the connect error in err.cause.
        expect(text, "< 502 Bad Gateway", '"detail": "fetch failed"',
               "upstream failed: fetch failed\n")
        return text
    finally:
        users.stop()


# ---- events_program ---------------------------------------------------------------------------

def scenario_events_program(cmd, node):
    p = Program(cmd)
    p.wait_for(r"READY")
    status, stdout = p.finish(signal.SIGINT)
    text = f"--- stdout\n{stdout}--- exit {status}\n"
    if node:
        expect(text, "listeners: job=1 done=2 error=1", "first done: #1", "error #2:",
               "first batch idle; listeners: job=0 done=1", "SIGINT: finishing queued jobs",
               "rejected #6 late", "queue closed (0 left)", "exit 130\n--- exit 130")
    return text


SCENARIOS = {
    "rest_api": [scenario_rest_api],
    "kv_server": [scenario_kv_server],
    "dir_report": [scenario_dir_report],
    "fetch_aggregator": [scenario_fetch_aggregator, scenario_fetch_aggregator_down],
    "events_program": [scenario_events_program],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--example", required=True, choices=sorted(SCENARIOS))
    ap.add_argument("--node", default="node")
    ap.add_argument("--js", required=True)
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    node = shutil.which(args.node)
    if node is None:
        print(f"SKIP: {args.node} not found")
        return SKIP
    failed = False
    for scenario in SCENARIOS[args.example]:
        try:
            # Absolute paths: dir_report runs in other directories.
            expected = scenario([node, os.path.abspath(args.js)], True)
            actual = scenario([os.path.abspath(args.bin)], False)
        except Hung as e:
            print(f"{scenario.__name__}: {e}")
            return 2
        if expected == actual:
            print(f"{scenario.__name__}: same ({expected.count(chr(10))} lines)")
            continue
        failed = True
        print(f"{scenario.__name__}: DIFFERENT (node -> nodecc)")
        sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True),
                                                   actual.splitlines(True), "node", "nodecc"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
