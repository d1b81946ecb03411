"""The soak's processes and measurements: the two servers (started and stopped by PID), a
sampler of their RSS and open fds, and wrk run in the background for volume.
"""
import os
import re
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration", "http"))

import httptest  # noqa: E402
from soak_http import HOST  # noqa: E402


class SoakServer(httptest.Server):
    """A server process whose listening line matches `pattern` (group 1: the port).
    `stop_signal`: the signal its program handles by closing gracefully and exiting 0."""

    def __init__(self, argv, name, pattern, stop_signal, port=None):
        super().__init__(argv, name=name, port=port)
        self.pattern = re.compile(pattern)
        self.stop_signal = stop_signal
        self.exit_code = None

    def _read_stdout(self):
        for raw in self.proc.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.stdout_lines.append(line)
            m = self.pattern.search(line)
            if m and not self._listening.is_set():
                self.port = int(m.group(1))
                self._listening.set()

    def stop_gracefully(self, timeout=20.0):
        """Sends the stop signal; returns the problems seen (exit status, sanitizer report)."""
        problems = []
        if self.proc.poll() is None:
            self.proc.send_signal(self.stop_signal)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                problems.append(f"{self.name} did not exit within {timeout} s of "
                                f"{signal.Signals(self.stop_signal).name}")
                self.proc.kill()
                self.proc.wait(5)
        self.exit_code = self.proc.returncode
        if self.exit_code != 0:
            problems.append(f"{self.name} exited with status {self.exit_code}")
        err = self.stderr()
        if "AddressSanitizer" in err or "runtime error:" in err or "LeakSanitizer" in err:
            problems.append(f"{self.name}: sanitizer report:\n{err[-6000:]}")
        return problems


def demo_server(bin_dir):
    port = httptest.free_port()
    return SoakServer([os.path.join(bin_dir, "example-demo"), "--port", str(port), "--host", HOST],
                      "example-demo", r"demo on http://[^ ]+:(\d+)/", signal.SIGINT, port=port)


def static_server(bin_dir, root, workers):
    argv = [os.path.join(bin_dir, "nodecc"), "serve", root, "--port", "0", "--host", HOST]
    if workers:
        argv += ["--workers", str(workers)]
    return SoakServer(argv, "nodecc serve", r" at http://[^ ]+:(\d+)/", signal.SIGTERM)


def open_fds(pid):
    """{fd: target} of a process."""
    out = {}
    base = f"/proc/{pid}/fd"
    for fd in os.listdir(base):
        try:
            out[int(fd)] = os.readlink(f"{base}/{fd}")
        except OSError:
            pass  # closed meanwhile
    return out


def fd_kinds(fds):
    """'sockets 3, files 5, other 4': what a set of fds is made of, for the report."""
    sockets = sum(1 for t in fds.values() if t.startswith("socket:"))
    files = sum(1 for t in fds.values() if t.startswith("/"))
    return f"sockets {sockets}, files {files}, other {len(fds) - sockets - files}"


class Sampler:
    """Every `interval` s: each server's VmRSS and open-fd count, and whether it still runs.
    `samples` is [(seconds since start, {name: (rss_bytes, fds)}, extra())]."""

    def __init__(self, servers, interval, extra):
        self.servers = servers
        self.interval = interval
        self.extra = extra
        self.samples = []
        self.dead = None  # name of a server that stopped running
        self.t0 = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self.t0 = time.monotonic()
        self._thread.start()

    def sample(self):
        row = {}
        for s in self.servers:
            if not s.alive():
                self.dead = s.name
                return None
            try:
                row[s.name] = (httptest.rss_bytes(s.pid), len(os.listdir(f"/proc/{s.pid}/fd")))
            except (OSError, httptest.TestFailure):
                self.dead = s.name
                return None
        self.samples.append((time.monotonic() - self.t0, row, self.extra()))
        return row

    def _run(self):
        while not self._stop.is_set():
            if self.sample() is None:
                return
            self._stop.wait(self.interval)

    def stop(self):
        self._stop.set()
        self._thread.join(5)

    def window(self, name, start, end):
        """RSS samples of `name` taken between `start` and `end` seconds."""
        return [row[name][0] for t, row, _ in self.samples if start <= t <= end]


WRK_LINE = {
    "requests": re.compile(r"(\d+) requests in"),
    "connect": re.compile(r"Socket errors: connect (\d+)"),
    "read": re.compile(r"Socket errors: .*read (\d+)"),
    "write": re.compile(r"Socket errors: .*write (\d+)"),
    "timeout": re.compile(r"Socket errors: .*timeout (\d+)"),
    "non2xx": re.compile(r"Non-2xx or 3xx responses: (\d+)"),
}


class WrkLoad:
    """wrk in the background, in runs of at most `chunk` s rotating over `targets`
    ((label, url, pipelined)), at nice 10 so the checking clients keep their share of CPU."""

    def __init__(self, targets, connections, chunk=20):
        self.targets = targets
        self.connections = connections
        self.chunk = chunk
        self.totals = {k: 0 for k in WRK_LINE}
        self.runs = 0
        self.failures = []  # runs that did not finish normally
        self.by_target = {}
        self.proc = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self._thread.start()

    def requests(self):
        return self.totals["requests"]

    def _run(self):
        script = os.path.join(HERE, "pipeline.lua")
        i = 0
        while not self._stop.is_set():
            label, url, pipelined = self.targets[i % len(self.targets)]
            i += 1
            argv = ["nice", "-n", "10", "wrk", "-t1", f"-c{self.connections}",
                    f"-d{self.chunk}s", "--timeout", "10s"]
            if pipelined:
                path = "/" + url.split("/", 3)[3]
                argv += ["-s", script, url, "--", path]
            else:
                argv.append(url)
            with self._lock:
                if self._stop.is_set():
                    return
                self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE,
                                             stderr=subprocess.STDOUT, text=True)
            out, _ = self.proc.communicate()
            with self._lock:
                code = self.proc.returncode
                self.proc = None
            counts = {k: int(m.group(1)) if (m := rx.search(out)) else 0
                      for k, rx in WRK_LINE.items()}
            if code != 0 or not WRK_LINE["requests"].search(out):
                self.failures.append(f"wrk {label} exited {code}: {out[-500:]}")
                time.sleep(1)
                continue
            self.runs += 1
            for k, v in counts.items():
                self.totals[k] += v
            t = self.by_target.setdefault(label, 0)
            self.by_target[label] = t + counts["requests"]

    def stop(self):
        """Ends the current wrk run now (SIGINT to its PID: wrk prints its totals and exits)."""
        with self._lock:
            self._stop.set()
            if self.proc is not None and self.proc.poll() is None:
                self.proc.send_signal(signal.SIGINT)
        self._thread.join(30)
