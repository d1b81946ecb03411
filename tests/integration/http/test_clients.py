#!/usr/bin/env python3
"""Real clients against the examples and the test server: curl, Python's http.client, Node's
http client (node_client.js), raw sockets; HTTP/1.0 with and without keep-alive; one
connection serving several requests."""
import http.client
import json
import os
import shutil
import subprocess

from httptest import (HOST, Reader, check, connect, example, parse_args, request, run,
                      test_server)

HERE = os.path.dirname(os.path.abspath(__file__))


def curl_checks(args):
    if not shutil.which("curl"):
        print("curl missing: curl checks skipped")
        return
    with example(args.bin_dir, "hello") as hello:
        url = f"http://{HOST}:{hello.port}/"
        # Three transfers in one curl run: one connect, then the connection is reused.
        out = subprocess.run(["curl", "-sS", "--max-time", "10",
                              "-w", "|%{http_code} %{num_connects}\n", url, url, url],
                             capture_output=True, timeout=20, text=True)
        check(out.returncode == 0, f"curl failed: {out.stderr}")
        lines = out.stdout.strip().split("\n")
        check(lines == ["Hello, World!|200 1", "Hello, World!|200 0", "Hello, World!|200 0"],
              f"curl keep-alive reuse: {lines}")
        # HTTP/1.0.
        out = subprocess.run(["curl", "-sS", "-i", "--http1.0", "--max-time", "10", url],
                             capture_output=True, timeout=20, text=True)
        check(out.returncode == 0 and "Connection: close" in out.stdout and
              out.stdout.endswith("Hello, World!"), f"curl --http1.0: {out.stdout!r}")
    with example(args.bin_dir, "echo") as echo:
        out = subprocess.run(["curl", "-sS", "--max-time", "10",
                              f"http://{HOST}:{echo.port}/?value=hello%20curl"],
                             capture_output=True, timeout=20, text=True)
        check(out.stdout == "hello curl", f"curl echo: {out.stdout!r}")
        out = subprocess.run(["curl", "-sS", "--max-time", "10", "-o", "/dev/null", "-w",
                              "%{http_code}", "-X", "DELETE", f"http://{HOST}:{echo.port}/"],
                             capture_output=True, timeout=20, text=True)
        check(out.stdout == "405", f"curl DELETE: {out.stdout!r}")


def http_client_checks(args):
    with example(args.bin_dir, "echo") as echo:
        conn = http.client.HTTPConnection(HOST, echo.port, timeout=10)
        ports = set()
        for i in range(20):
            conn.request("GET", f"/?value=v{i}")
            r = conn.getresponse()
            body = r.read()
            check(r.status == 200 and body == f"v{i}".encode(),
                  f"http.client #{i}: {r.status} {body}")
            check(r.getheader("Connection") == "keep-alive", "http.client: not keep-alive")
            ports.add(conn.sock.getsockname()[1])
        check(len(ports) == 1, f"http.client used {len(ports)} connections for 20 requests")
        conn.request("HEAD", "/?value=abc")
        r = conn.getresponse()
        check(r.status == 200 and r.read() == b"" and r.getheader("Content-Length") is None,
              f"HEAD: {r.status} {r.getheaders()}")
        conn.request("GET", "/")
        r = conn.getresponse()
        check(r.read() == b"no value specified", "no value")
        conn.request("POST", "/", body=b"x" * 100)
        r = conn.getresponse()
        check(r.status == 405 and r.reason == "Method Not Allowed", f"POST: {r.status} {r.reason}")
        r.read()
        conn.close()
    with example(args.bin_dir, "json") as js:
        conn = http.client.HTTPConnection(HOST, js.port, timeout=10)
        conn.request("GET", "/json")
        r = conn.getresponse()
        check(r.getheader("Content-Type") == "application/json", "json content type")
        check(json.loads(r.read()) == {"message": "Hello, World!"}, "json body")
        conn.close()


def raw_checks(args):
    with test_server(args.bin_dir) as srv:
        # HTTP/1.0 without keep-alive: the server closes after the response.
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.0\r\n\r\n")
            rd = Reader(s)
            r = rd.read()
            check(r.status == 200 and r.body == b"hello\n", f"1.0: {r}")
            check(r.header("Connection") == "close", f"1.0 Connection: {r.headers}")
            check(rd.closed(), "1.0 without keep-alive: connection left open")
        # HTTP/1.0 asking for keep-alive, answered with end(data): Node sends no Content-Length
        # to a 1.0 client unless the handler set one, so the response is delimited by the close.
        with connect(srv.port) as s:
            s.sendall(b"GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            rd = Reader(s)
            r = rd.read()
            check(r.body == b"hello\n" and r.header("Connection") == "close" and rd.eof,
                  f"1.0 keep-alive, no Content-Length: {r}")
        # HTTP/1.0 with keep-alive and a Content-Length: stays open and serves more.
        with connect(srv.port) as s:
            rd = Reader(s)
            for i in range(3):
                s.sendall(b"GET /fixed HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                r = rd.read()
                check(r.status == 200 and r.header("Connection") == "keep-alive" and
                      r.body == b"fixed\n", f"1.0 keep-alive #{i}: {r}")
            # A streamed response to HTTP/1.0 cannot be chunked: delimited by the close.
            s.sendall(b"GET /stream?bytes=100000&chunked=1 HTTP/1.0\r\n"
                      b"Connection: keep-alive\r\n\r\n")
            r = rd.read()
            check(r.header("Transfer-Encoding") is None and r.header("Connection") == "close",
                  f"1.0 streamed: {r.headers}")
            check(len(r.body) == 100000 and rd.eof, f"1.0 streamed body {len(r.body)}")
        # HTTP/1.1: keep-alive by default, Connection: close honoured.
        with connect(srv.port) as s:
            rd = Reader(s)
            for i in range(5):
                s.sendall(f"GET /info?n={i} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                r = rd.read()
                check(r.status == 200 and r.body.startswith(f"GET /info?n={i} HTTP/1.1".encode()),
                      f"1.1 #{i}: {r}")
            s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            r = rd.read()
            check(r.header("Connection") == "close", f"close asked: {r.headers}")
            check(rd.closed(), "Connection: close: connection left open")
        # A streamed response to HTTP/1.1 is chunked.
        r = request(srv.port, b"GET /stream?bytes=70000&chunked=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        check(r.header("Transfer-Encoding") == "chunked" and len(r.body) == 70000,
              f"chunked stream: {r.headers} {len(r.body)}")


def node_client_checks(args):
    node = shutil.which("node")
    if not node:
        print("node missing: Node client checks skipped")
        return
    with test_server(args.bin_dir) as srv:
        out = subprocess.run([node, os.path.join(HERE, "node_client.js"), str(srv.port)],
                             capture_output=True, timeout=60, text=True)
        check(out.returncode == 0, f"node client failed: {out.stdout} {out.stderr}")
        res = json.loads(out.stdout)
        gets = res["gets"]
        check([g["status"] for g in gets] == [200] * 5, f"node gets: {gets}")
        check([g["reused"] for g in gets] == [False, True, True, True, True],
              f"node agent did not reuse the connection: {[g['reused'] for g in gets]}")
        for i, g in enumerate(gets):
            check(g["body"].startswith(f"GET /info?i={i} HTTP/1.1\n"), f"node get body {g}")
        for p in res["posts"]:
            check(p["status"] == 200 and p["body"] == res["expected"],
                  f"node post: {p} expected {res['expected']}")
        check(res["stream"]["body"] == 300000, f"node stream: {res['stream']}")


def main():
    args = parse_args()
    curl_checks(args)
    http_client_checks(args)
    raw_checks(args)
    node_client_checks(args)


if __name__ == "__main__":
    run(main)
