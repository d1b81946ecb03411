#!/usr/bin/env python3
"""https per server CPU-second: nodecc vs nginx vs Node 20 (issue 18's ratios), four scenarios.

    bench/tls/https_bench.py --bin-dir build/bin [--seconds 10] [--rounds 3]
                             [--scenarios hello,handshakes,static,idle]

- hello: keep-alive "Hello, World!" (wrk -t1 -c50), and nodecc's own cleartext hello;
- handshakes: full and resumed handshakes, TLS 1.3 and 1.2, per server CPU-s. The load is
  handshakes.go (Go's crypto/tls, built here with `go`): 32 connections at a time, each a new
  connection with one request and "Connection: close"; resumed = each client offers the
  session the server gave it last (TLS 1.3: PSK with an ECDHE key share; TLS 1.2: a ticket).
  wrk -H 'Connection: close' is not used: wrk keeps its session across reconnects, so its
  handshakes are resumed ones;
- static: a 100 KiB file over TLS (wrk -t1 -c50): `nodecc serve --tls-cert --tls-key` (one
  worker) vs nginx with the same certificate and the same OpenSSL defaults (TLS 1.3,
  TLS_AES_256_GCM_SHA384; no kTLS on this kernel, so both read and encrypt);
- idle: server memory per idle TLS keep-alive connection: VmRSS before and after --idle-conns
  connections each made one request over TLS 1.3 and stayed open (keep-alive timeouts raised
  to 60 s for every peer; the cleartext method of bench/http/idle_conns.py).

One ECDSA P-256 certificate (made here with openssl) for every peer; nodecc and nginx use the
same libssl (Node has its own OpenSSL 3). Servers pinned to core 0 (taskset -c 0), the load on
core 1. Server CPU = utime+stime from /proc/<pid>/stat over the run. Medians over --rounds,
peers interleaved in each round. The load average is printed: on a shared machine read the
ratios, not the absolute rates."""
import argparse
import json
import os
import shutil
import signal
import socket
import ssl
import statistics
import subprocess
import tempfile
import time

HOST = "127.0.0.1"
HERE = os.path.dirname(os.path.abspath(__file__))
NODE_SERVER = """
const https = require('https'); const fs = require('fs');
const server = https.createServer(
  {key: fs.readFileSync(process.argv[2]), cert: fs.readFileSync(process.argv[3])},
  (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.end('Hello, World!'); });
server.keepAliveTimeout = 60000;
server.listen(Number(process.argv[4]), '127.0.0.1', () => console.log('listening'));
"""
NGINX_CONF = """
worker_processes 1; daemon off; master_process off; pid {d}/nginx.pid;
error_log {d}/error.log warn; worker_rlimit_nofile 20000;
events {{ worker_connections 10000; }}
http {{
  access_log off; keepalive_requests 1000000; keepalive_timeout 60s;
  client_body_temp_path {d}/b; proxy_temp_path {d}/p; fastcgi_temp_path {d}/f;
  uwsgi_temp_path {d}/u; scgi_temp_path {d}/s;
  ssl_session_cache shared:SSL:10m;
  server {{
    listen 127.0.0.1:{port} ssl;
    ssl_certificate {d}/cert.pem; ssl_certificate_key {d}/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    root {d}/www;
    location = / {{ default_type text/plain; return 200 "Hello, World!"; }}
  }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_port(port, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("port %d never opened" % port)


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Server:
    """A server pinned to core 0, stopped by its pid."""

    def __init__(self, cmd, port):
        self.port = port
        self.p = subprocess.Popen(["taskset", "-c", "0", *cmd], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)

    def __enter__(self):
        wait_port(self.port)
        return self

    def __exit__(self, *exc):
        self.p.send_signal(signal.SIGTERM)
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()

    def cpu(self):
        return cpu_seconds(self.p.pid)


def wrk(url, seconds, connections=50):
    out = subprocess.run(["taskset", "-c", "1", "wrk", "-t1", "-c%d" % connections,
                          "-d%ds" % seconds, url], capture_output=True,
                         timeout=seconds + 30).stdout.decode()
    return int(out.split(" requests in ")[0].split()[-1])


def keep_alive(srv, path, seconds):
    """(req/s, req per server CPU-s) of wrk on path."""
    url = "https://%s:%d%s" % (HOST, srv.port, path) if srv.tls else \
        "http://%s:%d%s" % (HOST, srv.port, path)
    wrk(url, 1)  # warm-up
    cpu0 = srv.cpu()
    requests = wrk(url, seconds)
    cpu = srv.cpu() - cpu0
    return requests / seconds, requests / cpu if cpu > 0 else 0


def handshakes(srv, client, seconds, version, resume):
    """(handshakes/s, per server CPU-s, share resumed) of handshakes.go."""
    argv = ["taskset", "-c", "1", client, "-addr", "%s:%d" % (HOST, srv.port), "-c", "32",
            "-d", "%ds" % seconds, "-tls", version]
    if resume:
        argv.append("-resume")
    cpu0 = srv.cpu()
    out = subprocess.run(argv, capture_output=True, timeout=seconds + 30)
    cpu = srv.cpu() - cpu0
    r = json.loads(out.stdout)
    n = r["conns"]
    return n / r["seconds"], n / cpu if cpu > 0 else 0, (r["resumed"] / n if n else 0)


def idle(srv, count):
    """Server RSS growth per idle TLS keep-alive connection (bytes)."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    request = b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"

    def one():
        s = ctx.wrap_socket(socket.create_connection((HOST, srv.port), timeout=10))
        s.sendall(request)
        buf = b""
        while b"Hello, World!" not in buf:
            chunk = s.recv(4096)
            if not chunk:
                raise RuntimeError("closed before the response")
            buf += chunk
        return s

    warm = [one() for _ in range(50)]  # buffers every server allocates once
    for s in warm:
        s.close()
    time.sleep(0.5)
    before = rss_kib(srv.p.pid)
    socks = [one() for _ in range(count)]
    time.sleep(0.5)
    after = rss_kib(srv.p.pid)
    alive = 0
    for s in socks:
        s.setblocking(False)
        try:
            alive += s.recv(1) != b""
        except (ssl.SSLWantReadError, BlockingIOError):
            alive += 1
        except OSError:
            pass
        s.close()
    if alive < count:
        raise RuntimeError("%d of %d idle connections were closed by the server" % (
            count - alive, count))
    return (after - before) * 1024 / count


def median(xs):
    return statistics.median(xs) if xs else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--handshake-seconds", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--idle-conns", type=int, default=2000)
    ap.add_argument("--scenarios", default="hello,handshakes,static,idle")
    a = ap.parse_args()
    scenarios = a.scenarios.split(",")
    d = tempfile.mkdtemp(prefix="nodecc-tls-bench-")
    key, cert = os.path.join(d, "key.pem"), os.path.join(d, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", cert, "-days",
                    "2", "-subj", "/CN=localhost"], check=True, capture_output=True)
    www = os.path.join(d, "www")
    os.makedirs(www)
    with open(os.path.join(www, "100k.bin"), "wb") as f:
        f.write(os.urandom(100 * 1024))
    client = None
    if "handshakes" in scenarios:
        client = os.path.join(d, "handshakes")
        subprocess.run(["go", "build", "-o", client, os.path.join(HERE, "handshakes.go")],
                       check=True, timeout=300,
                       env=dict(os.environ, GOPROXY="off", GOTOOLCHAIN="local", CGO_ENABLED="0"))
    node_script = os.path.join(d, "server.js")
    with open(node_script, "w") as f:
        f.write(NODE_SERVER)
    conf = os.path.join(d, "nginx.conf")

    def nodecc(port, tls=True):
        if not tls:
            return [os.path.join(a.bin_dir, "example-hello"), "--port", str(port)]
        return [os.path.join(a.bin_dir, "bench-https-hello"), "--cert", cert, "--key", key,
                "--port", str(port), "--keep-alive-timeout", "60000"]

    def nginx(port, tls=True):
        with open(conf, "w") as f:
            f.write(NGINX_CONF.format(d=d, port=port))
        return ["nginx", "-c", conf, "-p", d]

    def node(port, tls=True):
        return ["node", node_script, key, cert, str(port)]

    def serve(port, tls=True):
        return [os.path.join(a.bin_dir, "nodecc"), "serve", www, "--port", str(port),
                "--workers", "1", "--tls-cert", cert, "--tls-key", key]

    def start(make, tls=True):
        port = free_port()
        srv = Server(make(port, tls), port)
        srv.tls = tls
        return srv

    hello_peers = {"nodecc https": (nodecc, True), "nodecc http": (nodecc, False),
                   "nginx https": (nginx, True), "node https": (node, True)}
    tls_peers = {"nodecc": nodecc, "nginx": nginx, "node": node}
    kinds = [("1.3", False), ("1.3", True), ("1.2", False), ("1.2", True)]
    res = {}
    loads = [os.getloadavg()[0]]
    try:
        for _ in range(a.rounds):
            if "hello" in scenarios:
                for name, (make, tls) in hello_peers.items():
                    with start(make, tls) as srv:
                        res.setdefault(("hello", name), []).append(keep_alive(srv, "/",
                                                                              a.seconds))
            if "handshakes" in scenarios:
                for name, make in tls_peers.items():
                    with start(make) as srv:
                        handshakes(srv, client, 1, "1.3", False)  # warm-up
                        for version, resume in kinds:
                            key_ = ("handshakes", name, version, resume)
                            res.setdefault(key_, []).append(
                                handshakes(srv, client, a.handshake_seconds, version, resume))
            if "static" in scenarios:
                for name, make in (("nodecc serve", serve), ("nginx", nginx)):
                    with start(make) as srv:
                        res.setdefault(("static", name), []).append(
                            keep_alive(srv, "/100k.bin", a.seconds))
            loads.append(os.getloadavg()[0])
        if "idle" in scenarios:
            for name, make in tls_peers.items():
                with start(make) as srv:
                    res[("idle", name)] = [(idle(srv, a.idle_conns),)]
    finally:
        shutil.rmtree(d, ignore_errors=True)
    report(res, a, loads)


def report(res, a, loads):
    def med(key, i):
        return median([r[i] for r in res.get(key, [])])

    print("load average (1 min) during the run: %s" % ", ".join("%.1f" % x for x in loads))
    if ("hello", "nodecc https") in res:
        base = med(("hello", "nodecc https"), 1)
        print("\nkeep-alive hello (wrk -t1 -c50, %d s x %d)" % (a.seconds, a.rounds))
        print("%-14s %10s %14s %8s" % ("server", "req/s", "req/CPU-s", "nodecc/x"))
        for name in ("nodecc https", "nodecc http", "nginx https", "node https"):
            per = med(("hello", name), 1)
            print("%-14s %10.0f %14.0f %8.2f" % (name, med(("hello", name), 0), per,
                                                 base / per if per else 0))
    if any(k[0] == "handshakes" for k in res):
        print("\nhandshakes (handshakes.go -c32, %d s x %d; one request per connection)" % (
            a.handshake_seconds, a.rounds))
        print("%-8s %-7s %-8s %10s %12s %9s %10s" % ("server", "version", "kind", "conn/s",
                                                     "conn/CPU-s", "resumed", "nodecc/x"))
        for version, resume in (("1.3", False), ("1.3", True), ("1.2", False), ("1.2", True)):
            base = med(("handshakes", "nodecc", version, resume), 1)
            for name in ("nodecc", "nginx", "node"):
                key = ("handshakes", name, version, resume)
                per = med(key, 1)
                print("%-8s %-7s %-8s %10.0f %12.0f %8.0f%% %10.2f" % (
                    name, version, "resumed" if resume else "full", med(key, 0), per,
                    100 * med(key, 2), base / per if per else 0))
        for version in ("1.3", "1.2"):
            for name in ("nodecc", "nginx", "node"):
                full = med(("handshakes", name, version, False), 1)
                resumed = med(("handshakes", name, version, True), 1)
                print("%s TLS %s: resumed/full per CPU-s %.2f" % (
                    name, version, resumed / full if full else 0))
    if ("static", "nginx") in res:
        base = med(("static", "nodecc serve"), 1)
        print("\n100 KiB file over TLS (wrk -t1 -c50, %d s x %d)" % (a.seconds, a.rounds))
        print("%-14s %10s %14s %8s" % ("server", "req/s", "req/CPU-s", "nodecc/x"))
        for name in ("nodecc serve", "nginx"):
            per = med(("static", name), 1)
            print("%-14s %10.0f %14.0f %8.2f" % (name, med(("static", name), 0), per,
                                                 base / per if per else 0))
    if ("idle", "nodecc") in res:
        print("\nidle TLS keep-alive connections (%d, one request each): server RSS growth" %
              a.idle_conns)
        for name in ("nodecc", "nginx", "node"):
            print("%-8s %8.0f bytes per connection" % (name, med(("idle", name), 0)))


if __name__ == "__main__":
    main()
