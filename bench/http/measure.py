"""One measured cell of `make bench`: the machine's idleness, a wrk run against a started
server with the server tree's CPU time read before and after, and the idle-connection memory
measurement. Every function returns a plain dict that bench.py stores in the results JSON."""
import json
import os
import selectors
import signal
import subprocess
import sys
import time

from peers import HOST, Server

HERE = os.path.dirname(os.path.abspath(__file__))
STATS_LUA = os.path.join(HERE, "stats.lua")
PIPELINE_LUA = os.path.join(HERE, "pipeline.lua")
IDLE_CLIENT = os.path.join(HERE, "idle_conns.py")


def _core_times(cpus):
    """{cpu: (busy, total)} jiffies from /proc/stat for the listed CPU numbers."""
    out = {}
    with open("/proc/stat") as f:
        for line in f:
            name = line.split(" ", 1)[0]
            if name.startswith("cpu") and name[3:] in cpus:
                v = [int(x) for x in line.split()[1:]]
                idle = v[3] + v[4]  # idle + iowait
                total = sum(v[:8])  # up to steal; guest time is already inside user
                out[name[3:]] = (total - idle, total)
    return out


def busy_fraction(cpus, interval):
    """Per-CPU busy fraction over `interval` seconds, read from /proc/stat."""
    a = _core_times(cpus)
    time.sleep(interval)
    b = _core_times(cpus)
    res = {}
    for c in cpus:
        if c in a and c in b:
            dt = b[c][1] - a[c][1]
            res[c] = (b[c][0] - a[c][0]) / dt if dt > 0 else 0.0
    return res


def check_idle(cpus, threshold, interval, tries):
    """Waits (at most `tries` samples) for every CPU of the benchmark to be below `threshold`
    busy. Returns {"busy": {cpu: fraction}, "idle": bool}; a busy machine is recorded and
    warned about, never waited on forever."""
    busy = {}
    for _ in range(tries):
        busy = busy_fraction(cpus, interval)
        if all(v <= threshold for v in busy.values()):
            return {"busy": busy, "idle": True}
    print(f"  warning: machine busy before the run ({fmt_busy(busy)}), measuring anyway",
          file=sys.stderr)
    return {"busy": busy, "idle": False}


def fmt_busy(busy):
    return ", ".join(f"cpu{c} {v * 100:.0f}%" for c, v in sorted(busy.items()))


def run_wrk(url, conns, seconds, client_cpu, pipeline_depth=0, path="/", threads=1):
    """Runs wrk (`threads` threads, pinned to client_cpu unless None) and returns the dict its
    done() hook printed plus "rps"; raises RuntimeError with wrk's output when it failed."""
    argv = ["wrk", f"-t{threads}", f"-c{conns}", f"-d{seconds}s", "--timeout", "10s", "--latency"]
    if pipeline_depth:
        argv += ["-s", PIPELINE_LUA, url, "--", path, str(pipeline_depth)]
    else:
        argv += ["-s", STATS_LUA, url]
    if client_cpu is not None:
        argv = ["taskset", "-c", client_cpu] + argv
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=seconds + 60)
    except subprocess.TimeoutExpired as e:
        raise RuntimeError(f"wrk did not finish: {e}") from None
    for line in r.stdout.splitlines():
        if line.startswith("BENCH_JSON "):
            res = json.loads(line[len("BENCH_JSON "):])
            res["rps"] = res["requests"] / (res["duration_us"] / 1e6) if res["duration_us"] else 0
            return res
    raise RuntimeError(f"wrk failed (status {r.returncode}): {(r.stdout + r.stderr).strip()[-500:]}")


def wrk_cell(ctx, cfg, peer, app, conns, pipeline_depth=0, unpinned=False):
    """Starts `peer` with `app`, warms it up, measures one wrk run (unpinned: a 2-thread wrk on
    any CPU, for the two-worker cell). Raises NotAvailable or StartError from peers.Server,
    RuntimeError from wrk."""
    server = Server(ctx, peer, app)  # NotAvailable before the idleness sample, not after
    idle = check_idle(cfg.cpus, cfg.busy_threshold, cfg.idle_interval, cfg.idle_tries)
    client_cpu, threads = (None, 2) if unpinned else (cfg.client_cpu, 1)
    with server as srv:
        url = f"http://{HOST}:{srv.port}{srv.path}"
        if cfg.warmup > 0:
            run_wrk(url, conns, cfg.warmup, client_cpu, pipeline_depth, srv.path, threads)
        cpu0, t0 = srv.cpu_seconds(), time.monotonic()
        res = run_wrk(url, conns, cfg.duration, client_cpu, pipeline_depth, srv.path, threads)
        cpu1, t1 = srv.cpu_seconds(), time.monotonic()
    cpu = cpu1 - cpu0
    res.update(idle)
    res["server_cpu_s"] = cpu
    res["server_cpu_util"] = cpu / (t1 - t0)
    res["rps_per_cpu"] = res["requests"] / cpu if cpu > 0 else None
    res["errors"] = sum(res[k] for k in ("connect_errors", "read_errors", "write_errors",
                                           "status_errors", "timeouts"))
    return res


def _read_json_line(proc, timeout):
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    ready = sel.select(timeout=timeout)
    sel.close()
    if not ready:
        raise RuntimeError(f"idle client silent for {timeout:.0f} s")
    line = proc.stdout.readline()
    if not line:
        raise RuntimeError(f"idle client exited: {proc.stderr.read()[-400:]}")
    return json.loads(line)


def idle_cell(ctx, cfg, peer, n):
    """Server memory per idle keep-alive connection: VmRSS of the server tree before and after
    n connections each made one request and stayed open."""
    server = Server(ctx, peer, "hello")
    idle = check_idle(cfg.cpus, cfg.busy_threshold, cfg.idle_interval, cfg.idle_tries)
    with server as srv:
        # A few requests first, so buffers every server allocates once are in `before`.
        run_wrk(f"http://{HOST}:{srv.port}{srv.path}", 10, 1, cfg.client_cpu)
        time.sleep(0.3)
        before = srv.rss_kib()
        argv = [sys.executable, IDLE_CLIENT, HOST, str(srv.port), srv.path, str(n)]
        if cfg.client_cpu is not None:
            argv = ["taskset", "-c", cfg.client_cpu] + argv
        client = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            opened = _read_json_line(client, 90)
            # Node and nodecc close idle keep-alive connections after 5 s: measure at once.
            time.sleep(0.2)
            after = srv.rss_kib()
            client.stdin.write("measured\n")
            client.stdin.flush()
            still = _read_json_line(client, 30)
            client.wait(timeout=30)
        finally:
            if client.poll() is None:
                try:
                    os.killpg(client.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                client.wait()
    res = dict(idle)
    res.update(opened)
    res.update(still)
    res["rss_before_kib"] = before
    res["rss_after_kib"] = after
    res["bytes_per_conn"] = (after - before) * 1024 / opened["open"] if opened["open"] else None
    return res
