#!/usr/bin/env python3
"""https hello, keep-alive, per server CPU-second: nodecc vs nginx vs Node 20, and nodecc's
own cleartext hello in the same run (issue 18's ratios).

    bench/tls/https_bench.py --bin-dir build/bin [--seconds 10] [--rounds 3]

One ECDSA P-256 certificate (made here with openssl) for every peer; TLS 1.3 with the same
libssl for nodecc and nginx (Node has its own OpenSSL 3). Servers pinned to core 0 (taskset
-c 0), wrk -t1 -c50 on core 1. Server CPU = utime+stime from /proc/<pid>/stat over the run;
req per server CPU-s = wrk's requests / that. Medians over --rounds."""
import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time

HOST = "127.0.0.1"
NODE_SERVER = """
const https = require('https'); const fs = require('fs');
https.createServer({key: fs.readFileSync(process.argv[2]), cert: fs.readFileSync(process.argv[3])},
  (req, res) => { res.setHeader('Content-Type', 'text/plain'); res.end('Hello, World!'); })
  .listen(Number(process.argv[4]), '127.0.0.1', () => console.log('listening'));
"""
NGINX_CONF = """
worker_processes 1; daemon off; master_process off; pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off; keepalive_requests 1000000; keepalive_timeout 60s;
  client_body_temp_path {d}/b; proxy_temp_path {d}/p; fastcgi_temp_path {d}/f;
  uwsgi_temp_path {d}/u; scgi_temp_path {d}/s;
  server {{
    listen 127.0.0.1:{port} ssl;
    ssl_certificate {d}/cert.pem; ssl_certificate_key {d}/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    location / {{ default_type text/plain; return 200 "Hello, World!"; }}
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


def measure(cmd, port, scheme, seconds):
    p = subprocess.Popen(["taskset", "-c", "0", *cmd], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        url = "%s://%s:%d/" % (scheme, HOST, port)
        subprocess.run(["taskset", "-c", "1", "wrk", "-t1", "-c50", "-d1s", url],
                       capture_output=True, timeout=30)  # warm-up
        cpu0 = cpu_seconds(p.pid)
        out = subprocess.run(["taskset", "-c", "1", "wrk", "-t1", "-c50", "-d%ds" % seconds,
                              url], capture_output=True, timeout=seconds + 30).stdout.decode()
        cpu = cpu_seconds(p.pid) - cpu0
        requests = int(out.split(" requests in ")[0].split()[-1])
        return requests / seconds, requests / cpu if cpu > 0 else 0
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--seconds", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    d = tempfile.mkdtemp(prefix="nodecc-tls-bench-")
    key, cert = os.path.join(d, "key.pem"), os.path.join(d, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", cert, "-days",
                    "2", "-subj", "/CN=localhost"], check=True, capture_output=True)
    peers = {}
    peers["nodecc https"] = lambda port: ([os.path.join(a.bin_dir, "bench-https-hello"),
                                           "--cert", cert, "--key", key, "--port", str(port)],
                                          "https")
    peers["nodecc http"] = lambda port: ([os.path.join(a.bin_dir, "example-hello"), "--port",
                                          str(port)], "http")
    if shutil.which("nginx"):
        def nginx(port):
            conf = os.path.join(d, "nginx.conf")
            with open(conf, "w") as f:
                f.write(NGINX_CONF.format(d=d, port=port))
            return ["nginx", "-c", conf, "-p", d], "https"
        peers["nginx https"] = nginx
    if shutil.which("node"):
        script = os.path.join(d, "server.js")
        with open(script, "w") as f:
            f.write(NODE_SERVER)
        peers["node https"] = lambda port: (["node", script, key, cert, str(port)], "https")
    results = {name: [] for name in peers}
    try:
        for _ in range(a.rounds):
            for name, make in peers.items():
                port = free_port()
                cmd, scheme = make(port)
                results[name].append(measure(cmd, port, scheme, a.seconds))
    finally:
        shutil.rmtree(d, ignore_errors=True)
    med = {n: (statistics.median(r[0] for r in rs), statistics.median(r[1] for r in rs))
           for n, rs in results.items()}
    base = med["nodecc https"][1]
    print("%-14s %12s %16s %8s" % ("server", "req/s", "req/server-CPU-s", "ratio"))
    for name, (rps, per_cpu) in med.items():
        print("%-14s %12.0f %16.0f %8.2f" % (name, rps, per_cpu, base / per_cpu if per_cpu else 0))
    print("(ratio: nodecc https per CPU-s over the row's; the cleartext row: https/http)")


if __name__ == "__main__":
    main()
