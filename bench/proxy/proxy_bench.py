#!/usr/bin/env python3
"""The reverse-proxy benchmark. Three proxies, each in front of the same upstream
(example-hello, nodecc's 13-byte hello server), measured with wrk:

  nodecc   build/bin/example-proxy (examples/proxy.cc), keep-alive agent to the upstream
  node     examples/proxy.js under node, the line-for-line twin
  nginx    1 worker, proxy_pass to an upstream block with keepalive (HTTP/1.1, Connection "")

Pinning: the proxy under test on CPU 0; wrk (one thread, 100 connections) on CPU 1. The machine
has two CPUs, so the upstream shares CPU 1 with wrk: the req/s of every peer is bounded by what
CPU 1 can drive, and the fairer figure is requests per proxy CPU-second (utime + stime of the
proxy's process tree, from /proc, read right before and after the measured run). Runs are
interleaved (nodecc node nginx nodecc node nginx ...), each on a freshly started proxy: a
warm-up, then the measured run; medians over the repetitions are reported with min-max.
Writes bench/proxy/results/DATE-COMMIT.md and prints it."""
import argparse
import datetime
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "http"))
from measure import check_idle, run_wrk  # noqa: E402

HOST = "127.0.0.1"
PROXY_CPU = "0"
CLIENT_CPU = "1"

NGINX_CONF = """
worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {dir}/body;
  proxy_temp_path {dir}/proxy;
  fastcgi_temp_path {dir}/fastcgi;
  uwsgi_temp_path {dir}/uwsgi;
  scgi_temp_path {dir}/scgi;
  keepalive_requests 1000000;
  upstream up {{ server 127.0.0.1:{upstream}; keepalive 256; keepalive_requests 1000000; }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://up;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }}
  }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def wait_port(port, proc, timeout=15.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"exited with {proc.returncode}")
        try:
            with socket.create_connection((HOST, port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("did not start listening")


def tree_pids(pid):
    pids, frontier = [pid], [pid]
    while frontier:
        p = frontier.pop()
        try:
            with open(f"/proc/{p}/task/{p}/children") as f:
                kids = [int(x) for x in f.read().split()]
        except OSError:
            kids = []
        pids += kids
        frontier += kids
    return pids


def cpu_seconds(pid):
    total = 0
    tick = os.sysconf("SC_CLK_TCK")
    for p in tree_pids(pid):
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            pass
    return total / tick


class Process:
    def __init__(self, argv, port, cpu, name):
        self.argv = ["taskset", "-c", cpu] + argv
        self.port = port
        self.name = name
        self.proc = None

    def __enter__(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     start_new_session=True)
        try:
            wait_port(self.port, self.proc)
        except RuntimeError as e:
            self.stop()
            raise RuntimeError(f"{self.name}: {e}: {self.proc.stderr.read()[-500:]}") from None
        return self

    def __exit__(self, *exc):
        self.stop()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)


def proxy_command(peer, args, port, upstream, tmp):
    if peer == "nodecc":
        return [os.path.join(args.build_dir, "bin", "example-proxy"), "--port", str(port),
                "--upstream", f"http://{HOST}:{upstream}"]
    if peer == "node":
        return [shutil.which("node"), os.path.join(ROOT, "examples", "proxy.js"), "--port",
                str(port), "--upstream", f"http://{HOST}:{upstream}"]
    conf = os.path.join(tmp, "nginx.conf")
    with open(conf, "w") as f:
        f.write(NGINX_CONF.format(dir=tmp, port=port, upstream=upstream))
    return [shutil.which("nginx") or "/usr/sbin/nginx", "-c", conf, "-p", tmp]


def cell(peer, args, upstream):
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="nodecc-proxy-bench-") as tmp:
        with Process(proxy_command(peer, args, port, upstream, tmp), port, PROXY_CPU, peer) as p:
            idle = check_idle([PROXY_CPU, CLIENT_CPU], 0.10, 1.0, 3)
            url = f"http://{HOST}:{port}/"
            run_wrk(url, args.conns, args.warmup, CLIENT_CPU)
            c0 = cpu_seconds(p.proc.pid)
            res = run_wrk(url, args.conns, args.duration, CLIENT_CPU)
            c1 = cpu_seconds(p.proc.pid)
    cpu = c1 - c0
    errors = sum(res[k] for k in ("connect_errors", "read_errors", "write_errors",
                                  "status_errors", "timeouts"))
    return {"rps": res["rps"], "p50_ms": res["p50_us"] / 1000, "p99_ms": res["p99_us"] / 1000,
            "cpu_s": cpu, "rps_per_cpu": res["requests"] / cpu if cpu > 0 else None,
            "errors": errors, "idle": idle["idle"], "busy": idle["busy"]}


def med(rows, key):
    vals = [r[key] for r in rows if r.get(key) is not None]
    return (statistics.median(vals), min(vals), max(vals)) if vals else (None, None, None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--duration", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--conns", type=int, default=100)
    ap.add_argument("--peers", default="nodecc,node,nginx")
    args = ap.parse_args()
    peers = [p for p in args.peers.split(",")
             if p == "nodecc" or (p == "node" and shutil.which("node")) or
             (p == "nginx" and (shutil.which("nginx") or os.path.exists("/usr/sbin/nginx")))]
    upstream_port = free_port()
    results = {p: [] for p in peers}
    hello = [os.path.join(args.build_dir, "bin", "example-hello"), "--port", str(upstream_port)]
    with Process(hello, upstream_port, CLIENT_CPU, "upstream"):
        for rep in range(args.reps):
            for peer in peers:
                r = cell(peer, args, upstream_port)
                results[peer].append(r)
                print(f"  rep {rep + 1} {peer:7s} {r['rps']:9.0f} req/s  p99 {r['p99_ms']:6.2f} ms"
                      f"  {r['rps_per_cpu'] or 0:9.0f} req/proxy-CPU-s  errors {r['errors']}"
                      f"{'' if r['idle'] else '  (busy machine)'}", file=sys.stderr)

    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    date = datetime.date.today().isoformat()
    lines = [f"# Reverse proxy benchmark ({date}, {commit})", "",
             f"Proxy on CPU {PROXY_CPU}; wrk -t1 -c{args.conns} and the upstream (example-hello) "
             f"share CPU {CLIENT_CPU} (a 2-CPU machine). {args.reps} interleaved repetitions of "
             f"{args.duration} s; median (min-max).", "",
             "| proxy | req/s | p50 ms | p99 ms | req per proxy CPU-s | errors |",
             "|---|---|---|---|---|---|"]
    summary = {}
    for peer in peers:
        rows = results[peer]
        rps, cpu, p50, p99 = med(rows, "rps"), med(rows, "rps_per_cpu"), med(rows, "p50_ms"), \
            med(rows, "p99_ms")
        summary[peer] = {"rps": rps[0], "rps_per_cpu": cpu[0], "p99_ms": p99[0]}
        lines.append(f"| {peer} | {rps[0]:.0f} ({rps[1]:.0f}-{rps[2]:.0f}) | {p50[0]:.2f} | "
                     f"{p99[0]:.2f} ({p99[1]:.2f}-{p99[2]:.2f}) | {cpu[0]:.0f} ({cpu[1]:.0f}-"
                     f"{cpu[2]:.0f}) | {sum(r['errors'] for r in rows)} |")
    lines.append("")
    if "nodecc" in summary:
        n = summary["nodecc"]
        for other, target in (("node", 4.0), ("nginx", 1.0)):
            if other in summary and summary[other]["rps"]:
                o = summary[other]
                lines.append(f"- nodecc / {other}: {n['rps'] / o['rps']:.2f}x req/s, "
                             f"{n['rps_per_cpu'] / o['rps_per_cpu']:.2f}x req per proxy CPU-s "
                             f"(target >= {target:g}x); p99 {n['p99_ms']:.2f} vs "
                             f"{o['p99_ms']:.2f} ms")
    busy = sum(1 for p in peers for r in results[p] if not r["idle"])
    if busy:
        lines.append(f"- {busy} cell(s) started on a busy machine (another process above 10% "
                     "of a CPU): compare those numbers only with each other.")
    text = "\n".join(lines) + "\n"
    out_dir = os.path.join(HERE, "results")
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, f"{date}-{commit}")
    with open(base + ".md", "w") as f:
        f.write(text)
    with open(base + ".json", "w") as f:
        json.dump({"args": vars(args), "results": results}, f, indent=1)
    print(text)


if __name__ == "__main__":
    main()
