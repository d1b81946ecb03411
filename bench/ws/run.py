#!/usr/bin/env python3
"""bench/ws: WebSocket echo and idle connections, nodecc against uWebSockets, Node's ws, Go's
gorilla/websocket and the ceiling (bench-ws-ceiling: the least an echo server can do), in one
run on one machine.

  run.py --build build [--reps 3] [--seconds 5] [--warmup 2] [--conns 100] [--depth 1]
         [--size 32] [--idle-conns 10000] [--servers ceiling,nodecc,uws,ws,go]
         [--scenarios echo,echo-deflate,idle,idle-deflate,idle-deflate-1msg] [--out DIR]

Every server runs on core 0 (taskset -c 0), the load client (bench-ws-load, load/ws_load.cc)
on core 1; each cell starts a fresh server. Scenarios:
- echo: --conns connections, each with --depth messages of --size bytes in flight (masked
  text frames), every reply checked; messages/s and messages per server CPU-second (the
  server's utime+stime, all threads, read from /proc/PID/stat by the client at the start and
  end of its measured window, after --warmup s);
- echo-deflate: the same with permessage-deflate offered as browsers offer it (context
  takeover, 15-bit windows) and every message and reply compressed; each server's ratio to
  its own echo is the cost of deflate;
- idle, idle-deflate: --idle-conns connections open, upgraded, then idle: server RSS growth
  / connections (VmRSS before and after), without and with permessage-deflate negotiated;
  idle-deflate-1msg: the same after one compressed echo on each connection (the libraries
  that make their zlib streams at the first message have made them then).
Servers interleaved within each repetition; medians over --reps, ratios as the median of the
per-repetition ratios (the two servers ran seconds apart) with their range. A server that is
not installed or built is skipped with a message. Writes bench/results/DATE-COMMIT-ws.md.
"""
import argparse
import json
import os
import platform
import resource
import select
import shutil
import signal
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
UWS = os.path.join(os.path.dirname(REPO), "shared", "peers", "uwebsockets")
ECHO_SCENARIOS = ["echo", "echo-deflate"]
IDLE_SCENARIOS = ["idle", "idle-deflate", "idle-deflate-1msg"]
DEFLATE = {"echo-deflate", "idle-deflate", "idle-deflate-1msg"}
LABELS = {"ceiling": "ceiling (bench-ws-ceiling)", "nodecc": "nodecc", "uws": "uWebSockets", "ws": "Node ws", "go": "Go gorilla"}
# Issue targets: nodecc's messages per server CPU-second over each peer's.
TARGETS = {"uws": 0.9, "ws": 5.0, "go": 1.5}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def run_text(argv, **kw):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=60, **kw)
        out = (r.stdout + r.stderr).strip()
        return out.splitlines()[0] if out else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "not found"


def newer(target, sources):
    if not os.path.exists(target):
        return True
    t = os.path.getmtime(target)
    return any(os.path.getmtime(s) > t for s in sources)


def build_uws(out):
    """uws-echo from ../shared/peers/uwebsockets (built in the build tree, never copied into
    the repository); None with a message when the sources are absent or do not build."""
    if not os.path.isdir(os.path.join(UWS, "uWebSockets", "src")):
        log("uws: skipped (%s is absent)" % UWS)
        return None
    src = os.path.join(HERE, "peers", "uws", "echo.cpp")
    binary = os.path.join(out, "uws-echo")
    if not newer(binary, [src]):
        return binary
    log("uws: building %s" % binary)
    usockets = os.path.join(out, "uSockets")
    shutil.rmtree(usockets, ignore_errors=True)
    shutil.copytree(os.path.join(UWS, "uSockets"), usockets)
    r = subprocess.run(["make", "-C", usockets], capture_output=True, text=True)
    if r.returncode == 0:
        objects = sorted(os.path.join(usockets, f) for f in os.listdir(usockets)
                         if f.endswith(".o"))
        r = subprocess.run(
            ["g++", "-O3", "-march=native", "-flto=auto", "-std=c++20", "-DLIBUS_NO_SSL",
             "-w", "-I", os.path.join(UWS, "uWebSockets", "src"), "-I",
             os.path.join(usockets, "src"), src, *objects, "-lz", "-o", binary],
            capture_output=True, text=True)
    if r.returncode != 0:
        log("uws: skipped (build failed: %s)" % r.stderr.strip()[-500:])
        return None
    return binary


def build_go(out):
    if not shutil.which("go"):
        log("go: skipped (no `go` on PATH)")
        return None
    binary = os.path.join(out, "go-ws-echo")
    srcdir = os.path.join(HERE, "peers", "go")
    sources = [os.path.join(srcdir, f) for f in ("main.go", "go.mod", "go.sum")]
    if not newer(binary, sources):
        return binary
    r = subprocess.run(["go", "build", "-o", binary, "."], cwd=srcdir, capture_output=True,
                       text=True, env=dict(os.environ, GOTOOLCHAIN="local", CGO_ENABLED="0"))
    if r.returncode != 0:
        log("go: skipped (go build failed: %s)" % r.stderr.strip()[-500:])
        return None
    return binary


def servers_of(args, out):
    """name -> function(port, deflate) -> (argv, extra environment)."""
    found = {}
    ceiling = os.path.join(args.build, "bin", "bench-ws-ceiling")
    if "ceiling" in args.servers:
        if os.path.exists(ceiling):
            found["ceiling"] = lambda port, deflate, ceiling=ceiling: (
                [ceiling, "--port", str(port)], {})
        else:
            log("ceiling: skipped (%s not built: the CMake target bench-ws-ceiling)" % ceiling)
    nodecc = os.path.join(args.build, "bin", "bench-ws-nodecc")
    if "nodecc" in args.servers:
        if os.path.exists(nodecc):
            found["nodecc"] = lambda port, deflate, nodecc=nodecc: (
                [nodecc, "--port", str(port)] + (["--deflate"] if deflate else []), {})
        else:
            log("nodecc: skipped (%s not built: the CMake target bench-ws-nodecc)" % nodecc)
    if "uws" in args.servers:
        binary = build_uws(out)
        if binary:
            found["uws"] = lambda port, deflate, binary=binary: (
                [binary, "--port", str(port)] + (["--deflate"] if deflate else []), {})
    if "ws" in args.servers:
        script = os.path.join(HERE, "peers", "node", "server.js")
        if os.path.isdir(os.path.join(HERE, "peers", "node", "node_modules", "ws")):
            found["ws"] = lambda port, deflate, script=script: (
                [args.node, script, "--port", str(port)] + (["--deflate"] if deflate else []),
                {"NODE_ENV": "production"})
        else:
            log("ws: skipped (run `make bench-deps`, or `npm ci` in bench/ws/peers/node)")
    if "go" in args.servers:
        binary = build_go(out)
        if binary:
            # GOMAXPROCS=1: one P for the one core, as the others run one loop; the collector's
            # threads are counted, as V8's are for Node.
            found["go"] = lambda port, deflate, binary=binary: (
                [binary, "--port", str(port)] + (["--deflate"] if deflate else []),
                {"GOMAXPROCS": "1"})
    return found


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_busy(seconds=0.5):
    """The busy fraction of each CPU over `seconds`, from /proc/stat."""
    def sample():
        rows = {}
        with open("/proc/stat") as f:
            for line in f:
                if line.startswith("cpu") and line[3].isdigit():
                    v = [int(x) for x in line.split()[1:]]
                    rows[line.split()[0]] = (sum(v), v[3] + v[4])
        return rows
    a = sample()
    time.sleep(seconds)
    b = sample()
    return {k: 1 - (b[k][1] - a[k][1]) / max(1, b[k][0] - a[k][0]) for k in b}


class Server:
    """A server on core 0 in its own session, stopped by its process group."""

    def __init__(self, argv, env, cpu):
        self.p = subprocess.Popen(["taskset", "-c", cpu] + argv, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=dict(os.environ, **env),
                                  start_new_session=True)

    def __enter__(self):
        ready, _, _ = select.select([self.p.stdout], [], [], 20)
        line = self.p.stdout.readline() if ready else b""
        if b"listening" not in line:
            err = self.p.stderr.read1(2000) if self.p.poll() is not None else b""
            self.stop()
            raise RuntimeError("server did not start: %r %r" % (line, err))
        return self

    def __exit__(self, *exc):
        self.stop()

    def stop(self):
        if self.p.poll() is None:
            try:
                os.killpg(self.p.pid, signal.SIGTERM)
                self.p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.p.pid, signal.SIGKILL)
                self.p.wait()
            except ProcessLookupError:
                pass


def load_argv(args, port, deflate):
    argv = ["taskset", "-c", args.client_cpu, args.load, "--port", str(port)]
    if deflate:
        argv.append("--deflate")
    return argv


def echo_cell(args, make, scenario):
    deflate = scenario in DEFLATE
    port = free_port()
    argv, env = make(port, deflate)
    with Server(argv, env, args.server_cpu) as srv:
        cmd = load_argv(args, port, deflate) + [
            "--server-pid", str(srv.p.pid), "--conns", str(args.conns), "--depth",
            str(args.depth), "--size", str(args.size), "--warmup", str(args.warmup),
            "--seconds", str(args.seconds)]
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=args.warmup + args.seconds + 90)
        if r.returncode != 0:
            raise RuntimeError("bench-ws-load: %s" % r.stderr.strip()[-500:])
        res = json.loads(r.stdout.strip().splitlines()[-1])
    if deflate and not res["extension"].startswith("permessage-deflate"):
        raise RuntimeError("permessage-deflate was not negotiated")
    return res


def idle_cell(args, make, scenario):
    deflate = scenario in DEFLATE
    messages = 1 if scenario.endswith("-1msg") else 0
    port = free_port()
    argv, env = make(port, deflate)
    with Server(argv, env, args.server_cpu) as srv:
        base = load_argv(args, port, deflate)
        # What every server allocates once (buffers, pools, JIT code) before the measure.
        subprocess.run(base + ["--mode", "idle", "--conns", "200", "--seconds", "0.2",
                               "--idle-messages", "1"], capture_output=True, timeout=60,
                       check=True)
        time.sleep(0.5)
        before = rss_kib(srv.p.pid)
        client = subprocess.Popen(
            base + ["--mode", "idle", "--conns", str(args.idle_conns), "--seconds", "120",
                    "--idle-messages", str(messages)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            ready, _, _ = select.select([client.stdout], [], [], 90)
            line = client.stdout.readline() if ready else ""
            if not line.startswith('{"ready"'):
                raise RuntimeError("idle client: %r %s" % (line, client.stderr.read()[-500:]))
            first = json.loads(line)
            time.sleep(1.0)
            after = rss_kib(srv.p.pid)
            out, err = client.communicate(timeout=30)  # closing its stdin ends the hold
            end = json.loads(out.strip().splitlines()[-1])
        finally:
            if client.poll() is None:
                client.kill()
                client.wait()
    if deflate and not first["extension"].startswith("permessage-deflate"):
        raise RuntimeError("permessage-deflate was not negotiated")
    return {"bytes_per_conn": (after - before) * 1024 / args.idle_conns, "open": first["open"],
            "open_at_end": end["open_at_end"], "rss_before_kib": before, "rss_after_kib": after,
            "extension": first["extension"]}


def machine_info(args):
    cpu = platform.processor() or "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem = next(f"{int(l.split()[1]) / 1024 / 1024:.1f} GiB" for l in f
                   if l.startswith("MemTotal:"))
    ws_version = "?"
    try:
        with open(os.path.join(HERE, "peers", "node", "node_modules", "ws", "package.json")) as f:
            ws_version = json.load(f)["version"]
    except OSError:
        pass
    uws_version = "absent"
    try:
        with open(os.path.join(UWS, "VERSIONS")) as f:
            uws_version = ", ".join(" ".join(l.split()[:2])[:22] for l in f if l.strip())
    except OSError:
        pass
    return {
        "CPU": f"{cpu}, {os.cpu_count()} logical CPUs",
        "memory": mem,
        "kernel": f"{platform.system()} {platform.release()}",
        "load average at start": " ".join(f"{x:.2f}" for x in os.getloadavg()),
        "TCP congestion control": open("/proc/sys/net/ipv4/tcp_congestion_control").read().strip(),
        "Node.js": run_text([args.node, "--version"]) + f", ws {ws_version}",
        "Go": run_text(["go", "version"]) + ", gorilla/websocket v1.5.3",
        "uWebSockets": uws_version + " (g++ -O3 -march=native -flto)",
        "compiler": run_text(["g++", "--version"]),
    }


def git_commit():
    commit = run_text(["git", "-C", REPO, "rev-parse", "--short", "HEAD"])
    dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return commit, bool(dirty)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"))
    ap.add_argument("--load", help="bench-ws-load (default BUILD/bin/bench-ws-load)")
    ap.add_argument("--node", default="node")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--warmup", type=float, default=2)
    ap.add_argument("--conns", type=int, default=100)
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--size", type=int, default=32)
    ap.add_argument("--idle-conns", type=int, default=10000)
    ap.add_argument("--servers", default="ceiling,nodecc,uws,ws,go")
    ap.add_argument("--scenarios", default=",".join(ECHO_SCENARIOS + IDLE_SCENARIOS))
    ap.add_argument("--server-cpu", default="0")
    ap.add_argument("--client-cpu", default="1")
    ap.add_argument("--out", default=os.path.join(REPO, "bench", "results"))
    ap.add_argument("--no-write", action="store_true", help="print the report only")
    args = ap.parse_args()
    args.build = os.path.abspath(args.build)
    args.load = args.load or os.path.join(args.build, "bin", "bench-ws-load")
    args.servers = args.servers.split(",")
    scenarios = args.scenarios.split(",")
    if not os.path.exists(args.load):
        sys.exit("%s not built: `make bench-ws` builds it (CMake target bench-ws-load)" %
                 args.load)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < args.idle_conns + 100:
        log("warning: RLIMIT_NOFILE hard limit %d < %d connections" % (hard, args.idle_conns))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    out = os.path.join(args.build, "bench-ws")
    os.makedirs(out, exist_ok=True)
    servers = servers_of(args, out)
    order = [s for s in ("ceiling", "nodecc", "uws", "ws", "go") if s in servers]
    meta = {"machine": machine_info(args), "date": time.strftime("%Y-%m-%d")}
    commit, dirty = git_commit()
    meta["commit"] = commit + (" (with uncommitted changes)" if dirty else "")
    results, errors, busy, loads = {}, {}, [], [os.getloadavg()[0]]
    for rep in range(args.reps):
        for scenario in scenarios:
            for name in order:
                if name == "ceiling" and scenario in DEFLATE:
                    continue  # it has no permessage-deflate
                b = cpu_busy()
                busy.append(max(b.get("cpu" + args.server_cpu, 0),
                                b.get("cpu" + args.client_cpu, 0)))
                tag = "rep %d %-18s %-7s" % (rep + 1, scenario, name)
                try:
                    if scenario in IDLE_SCENARIOS:
                        r = idle_cell(args, servers[name], scenario)
                        log("%s %8.0f B per connection (%d open, %d at the end)" % (
                            tag, r["bytes_per_conn"], r["open"], r["open_at_end"]))
                    else:
                        r = echo_cell(args, servers[name], scenario)
                        log("%s %9.0f msg/s %9.0f msg/server-CPU-s  server %3.0f%%  client "
                            "%3.0f%%  %s" % (tag, r["msgs_per_s"], r["msgs_per_server_cpu_s"],
                                             100 * r["server_cpu_util"],
                                             100 * r["client_cpu_util"], r["extension"]))
                    r["busy_before"] = busy[-1]
                    results.setdefault((scenario, name), []).append(r)
                except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as e:
                    errors.setdefault((scenario, name), []).append(str(e))
                    log("%s FAILED %s" % (tag, str(e)[:300]))
        loads.append(os.getloadavg()[0])
    md = report(args, meta, order, scenarios, results, errors, busy, loads)
    print(md)
    if not args.no_write:
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, "%s-%s-ws.md" % (meta["date"], commit))
        with open(path, "w") as f:
            f.write(md)
        log("wrote %s" % os.path.relpath(path, REPO))


def med(values):
    return statistics.median(values) if values else None


def fmt(x, digits=0):
    if x is None:
        return "-"
    return f"{x:,.{digits}f}"


def report(args, meta, order, scenarios, results, errors, busy, loads):
    def col(scenario, name, key):
        return [r[key] for r in results.get((scenario, name), [])]

    def ratio(a, b, key="msgs_per_server_cpu_s"):
        """The median of the per-repetition ratios a/b, with their range."""
        xs, ys = col(*a, key), col(*b, key)
        pairs = sorted(x / y for x, y in zip(xs, ys) if y)
        if not pairs:
            return None, "-"
        m = statistics.median(pairs)
        return m, "%.2fx (%.2f-%.2f)" % (m, pairs[0], pairs[-1])

    lines = ["# bench/ws: %s, commit %s" % (meta["date"], meta["commit"]), "", "## Machine", ""]
    lines += ["- %s: %s" % kv for kv in meta["machine"].items()]
    lines += ["- load average (1 min) at the start and after each repetition: " +
              ", ".join("%.1f" % x for x in loads),
              "- busiest benchmark CPU in the 0.5 s before each cell (median, max): "
              "%.0f%%, %.0f%%" % (100 * med(busy), 100 * max(busy)) if busy else "", ""]
    lines += [
        "## Method", "",
        "`python3 bench/ws/run.py --reps %d --seconds %g --warmup %g --conns %d --depth %d "
        "--size %d --idle-conns %d`. Server `taskset -c %s`, one fresh server per cell; the "
        "load client bench-ws-load (bench/ws/load/ws_load.cc: one thread, epoll, no code of "
        "any server) `taskset -c %s`. Echo: %d connections, %d message(s) of %d bytes in "
        "flight on each (masked text frames), every reply checked (opcode, length, content); "
        "%g s warm-up, then %g s measured. Messages per server CPU-second: replies in the "
        "window / the server's utime+stime over the same window (/proc/PID/stat, all "
        "threads, read by the client). Deflate: the client offers `permessage-deflate; "
        "client_max_window_bits` (as browsers do), deflates every message and inflates "
        "every reply; uWS runs DEDICATED_COMPRESSOR | DEDICATED_DECOMPRESSOR (context "
        "takeover, 15-bit windows: ws's default) and compresses every reply; ws runs its "
        "defaults with threshold 0 (so that its 32-byte replies are compressed too); "
        "gorilla only negotiates no context takeover, level 1. Idle: VmRSS growth of the "
        "server / connections, after a 200-connection warm-up; 1 s after the last "
        "connection opened. Servers interleaved in each repetition; medians, ratios as the "
        "median of the per-repetition ratios (range)." % (
            args.reps, args.seconds, args.warmup, args.conns, args.depth, args.size,
            args.idle_conns, args.server_cpu, args.client_cpu, args.conns, args.depth,
            args.size, args.warmup, args.seconds), ""]
    for scenario in [s for s in ECHO_SCENARIOS if s in scenarios]:
        lines += ["## %s: %d connections, %d in flight, %d-byte messages%s" % (
            scenario, args.conns, args.depth, args.size,
            ", permessage-deflate" if scenario in DEFLATE else ""), "",
            "| server | msgs/s | msgs per server CPU-s | server CPU | client CPU | server "
            "us/msg | client us/msg | p50 / p99 us | negotiated | replies compressed |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---|---:|"]
        for name in order:
            rs = results.get((scenario, name))
            if not rs:
                if (scenario, name) in errors:
                    lines.append("| %s | failed: %s |" % (
                        LABELS[name], errors[(scenario, name)][0][:200].replace("|", "/")))
                continue
            per_cpu = col(scenario, name, "msgs_per_server_cpu_s")
            rate = col(scenario, name, "msgs_per_s")
            server_us = med([1e6 * r["server_cpu_s"] / r["msgs"] for r in rs])
            client_us = med([1e6 * r["client_cpu_s"] / r["msgs"] for r in rs])
            lines.append("| %s | %s (%s-%s) | %s (%s-%s) | %.0f%% | %.0f%% | %.2f | %.2f | "
                         "%s / %s | %s | %.0f%% |" % (
                             LABELS[name], fmt(med(rate)), fmt(min(rate)), fmt(max(rate)),
                             fmt(med(per_cpu)), fmt(min(per_cpu)), fmt(max(per_cpu)),
                             100 * med(col(scenario, name, "server_cpu_util")),
                             100 * med(col(scenario, name, "client_cpu_util")), server_us,
                             client_us, fmt(med(col(scenario, name, "p50_us"))),
                             fmt(med(col(scenario, name, "p99_us"))), rs[0]["extension"],
                             100 * med([r["compressed_replies"] / max(1, r["msgs"])
                                        for r in rs])))
        lines.append("")
    if "echo-deflate" in scenarios and "echo" in scenarios:
        lines += ["## Cost of permessage-deflate", "",
                  "Each server's msgs per server CPU-s with deflate / without (per repetition).",
                  "", "| server | deflate / plain |", "|---|---:|"]
        for name in [n for n in order if n != "ceiling"]:
            lines.append("| %s | %s |" % (LABELS[name], ratio(("echo-deflate", name),
                                                             ("echo", name))[1]))
        lines.append("")
    base = "nodecc" if "nodecc" in order else None
    lines += ["## Ratios (msgs per server CPU-s)", ""]
    if base:
        lines += ["| scenario | nodecc / peer | target | verdict |", "|---|---|---:|---|"]
        for scenario in [s for s in ECHO_SCENARIOS if s in scenarios]:
            for name in [n for n in order if n not in ("nodecc", "ceiling")]:
                m, text = ratio((scenario, "nodecc"), (scenario, name))
                target = TARGETS.get(name)
                verdict = "-" if m is None or target is None else (
                    "met" if m >= target else "**not met**")
                lines.append("| %s | / %s: %s | %s | %s |" % (
                    scenario, LABELS[name], text, "%.1fx" % target if target else "", verdict))
    else:
        lines += ["nodecc did not run (CMake target bench-ws-nodecc not built). Each peer "
                  "against uWebSockets:", "", "| scenario | peer / uWebSockets |", "|---|---|"]
        for scenario in [s for s in ECHO_SCENARIOS if s in scenarios]:
            for name in order:
                if name not in ("uws", "ceiling") and "uws" in order:
                    lines.append("| %s | %s: %s |" % (scenario, LABELS[name],
                                                      ratio((scenario, name),
                                                            (scenario, "uws"))[1]))
    if "ceiling" in order and "echo" in scenarios:
        lines += ["", "The ceiling against each server (echo; no goal: the kernel's share of a "
                  "message is the same for every server, so no server's ratio to a peer can "
                  "go much beyond the ceiling's):", "", "| ceiling / server | echo |",
                  "|---|---|"]
        for name in [n for n in order if n != "ceiling"]:
            lines.append("| %s | %s |" % (LABELS[name], ratio(("echo", "ceiling"),
                                                             ("echo", name))[1]))
    lines.append("")
    idle = [s for s in IDLE_SCENARIOS if s in scenarios]
    if idle:
        heads = {"idle": "plain", "idle-deflate": "deflate negotiated",
                 "idle-deflate-1msg": "deflate, after 1 message each"}
        lines += ["## Idle connections: server RSS per connection (%d connections)" %
                  args.idle_conns, "",
                  "| server | " + " | ".join(heads[s] for s in idle) + " |",
                  "|---|" + "---:|" * len(idle)]
        for name in order:
            cells = []
            for s in idle:
                rs = results.get((s, name))
                if not rs:
                    cells.append("failed" if (s, name) in errors else "-")
                    continue
                b = col(s, name, "bytes_per_conn")
                lost = min(r["open_at_end"] for r in rs) < args.idle_conns
                cells.append("%s B%s" % (fmt(med(b)), " (some closed)" if lost else ""))
            lines.append("| %s | %s |" % (LABELS[name], " | ".join(cells)))
        lines.append("")
    if errors:
        lines += ["## Failures", ""]
        for (scenario, name), es in errors.items():
            lines.append("- %s %s: %s" % (scenario, LABELS[name], es[0][:300]))
        lines.append("")
    lines += ["## Every cell", "", "```"]
    for (scenario, name), rs in results.items():
        for r in rs:
            if scenario in IDLE_SCENARIOS:
                lines.append("%-18s %-7s %8.0f B/conn  RSS %d -> %d KiB  open %d, at end %d" % (
                    scenario, name, r["bytes_per_conn"], r["rss_before_kib"],
                    r["rss_after_kib"], r["open"], r["open_at_end"]))
            else:
                lines.append("%-18s %-7s %8.0f msg/s %8.0f msg/CPU-s server %3.0f%% client "
                             "%3.0f%% busy-before %3.0f%%" % (
                                 scenario, name, r["msgs_per_s"], r["msgs_per_server_cpu_s"],
                                 100 * r["server_cpu_util"], 100 * r["client_cpu_util"],
                                 100 * r["busy_before"]))
    lines += ["```", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
