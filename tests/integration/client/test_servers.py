#!/usr/bin/env python3
"""client-driver against three servers — nodecc's http-test-server, a Node.js http server and
nginx (skipped when missing): keep-alive reuse (connections opened counted by the agent and,
for Node, by the server), maxSockets queueing, no keep-alive, the global agent, chunked and
Content-Length bodies checked byte for byte, and an upload with backpressure."""
import hashlib

from clienttest import (PATTERN, check, driver, fields, nginx, node_server, parse_args, run,
                        test_server)


def pattern_bytes(n):
    reps = n // len(PATTERN) + 1
    return (PATTERN * reps)[:n]


def url(server, path):
    return f"http://127.0.0.1:{server.port}{path}"


def common(args, server, name, hello, chunked=None, echo=None):
    out = fields(driver(args.bin_dir, "many", "--url", url(server, hello), "--count", "50",
                        "--concurrency", "1", "--agent", "keepalive"))
    check(out["ok"] == "50" and out["created"] == "1" and out["reused"] == "49" and
          out["failed"] == "0", f"{name}: keep-alive reuse: {out}")

    out = fields(driver(args.bin_dir, "many", "--url", url(server, hello), "--count", "60",
                        "--concurrency", "20", "--agent", "keepalive", "--max-sockets", "4"))
    check(out["ok"] == "60" and out["created"] == "4" and int(out["maxbusy"]) <= 4,
          f"{name}: maxSockets 4 with 20 at once: {out}")

    out = fields(driver(args.bin_dir, "many", "--url", url(server, hello), "--count", "10",
                        "--concurrency", "2", "--agent", "none"))
    check(out["ok"] == "10" and out["created"] == "10" and out["reused"] == "0",
          f"{name}: without keep-alive: {out}")

    out = fields(driver(args.bin_dir, "many", "--url", url(server, hello), "--count", "20",
                        "--concurrency", "1", "--agent", "global"))
    check(out["ok"] == "20" and out["created"] == "1", f"{name}: the global agent: {out}")

    if chunked:
        out = fields(driver(args.bin_dir, "download", "--url", url(server, chunked[0])))
        check(out["status"] == "200" and out["bytes"] == str(chunked[1]) and
              out["pattern"] == "ok", f"{name}: chunked download: {out}")

    if echo:
        n = 5 * 1000 * 1000 + 17
        want = f"{n} {hashlib.sha256(pattern_bytes(n)).hexdigest()}"
        line = driver(args.bin_dir, "upload", "--url", url(server, echo), "--bytes", str(n))
        check(line == f"answer {want}", f"{name}: upload: {line!r}, want {want!r}")
    print(f"{name}: ok")


def main():
    args = parse_args()
    with test_server(args.bin_dir) as srv:
        common(args, srv, "nodecc", "/hello", ("/stream?bytes=3000001&chunked=1", 3000001),
               "/echo")
        out = fields(driver(args.bin_dir, "download", "--url",
                            url(srv, "/stream?bytes=2000000")))
        check(out["bytes"] == "2000000" and out["pattern"] == "ok", f"nodecc: CL body {out}")

    node = node_server()
    if node is None:
        print("node: not installed, skipped")
    else:
        with node:
            common(args, node, "node", "/hello", ("/stream?bytes=3000001&chunked=1", 3000001),
                   "/echo")
            with __import__("socket").create_connection(("127.0.0.1", node.port)) as s:
                s.sendall(b"GET /connections HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                data = b""
                while True:
                    got = s.recv(4096)
                    if not got:
                        break
                    data += got
            # 1 (reuse) + 4 (maxSockets) + 10 (no keep-alive) + 1 (global) + 1 (chunked)
            # + 1 (upload) client connections, and this one.
            accepted = int(data.split(b"\r\n\r\n", 1)[1])
            check(accepted == 19, f"node: the server accepted {accepted} connections, want 19")

    server = nginx({"big": pattern_bytes(4 * 1000 * 1000)})
    if server is None:
        print("nginx: not installed, skipped")
    else:
        with server:
            common(args, server, "nginx", "/hello")
            if server.has_echo:  # the echo module answers chunked: "hello\nworld\n"
                out = fields(driver(args.bin_dir, "many", "--url", url(server, "/chunked"),
                                    "--count", "3", "--concurrency", "1"))
                check(out["bytes"] == "36" and out["created"] == "1", f"nginx: chunked {out}")
            out = fields(driver(args.bin_dir, "download", "--url", url(server, "/files/big")))
            check(out["bytes"] == "4000000" and out["pattern"] == "ok", f"nginx: file {out}")


if __name__ == "__main__":
    run(main)
