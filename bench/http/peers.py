"""The servers `make bench` measures: how each starts, which path each app lives at, and how
its CPU time and memory are read from /proc.

Every server runs in a session (process group) of its own, pinned to the server CPU with
taskset; stop() ends that group only (SIGTERM, then SIGKILL after a grace period), so nothing
is left behind and nothing the harness did not start is touched.
"""
import http.client
import os
import shutil
import signal
import socket
import subprocess
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PEERS_DIR = os.path.join(REPO, "bench", "peers")
CLK_TCK = os.sysconf("SC_CLK_TCK")
HOST = "127.0.0.1"
ECHO_VALUE = "hello-world"
STATIC_FILES = {"13": ("s13.txt", 13), "1k": ("s1k.txt", 1024), "100k": ("s100k.txt", 100 * 1024)}

# Which path serves each app, per peer. The hello app of nginx is a `return` location and h2o's
# a 13-byte file (h2o has no request handler of its own without mruby).
HELLO_PATH = {"ceiling": "/", "ceiling-ka": "/", "nodecc": "/", "node": "/", "go": "/",
              "nginx": "/hello", "h2o": "/hello.txt", "nodecc-w2": "/", "nginx-w2": "/hello"}
# The workers2 cell: two workers each, sharing both CPUs with a 2-thread wrk, nothing pinned.
UNPINNED = {"nodecc-w2", "nginx-w2"}
LABELS = {
    "ceiling": "ceiling (canned)",
    "ceiling-ka": "ceiling, Node's keep-alive headers",
    "nodecc": "nodecc",
    "nodecc-serve": "nodecc serve",
    "node": "Node.js http",
    "go": "Go net/http",
    "nginx": "nginx (sendfile on)",
    "nginx-nosendfile": "nginx (sendfile off)",
    "h2o": "h2o",
    "nodecc-w2": "nodecc --workers 2",
    "nginx-w2": "nginx 2 workers",
}


class NotAvailable(Exception):
    """The peer cannot run here (binary not built, tool not installed); the reason says which."""


class StartError(Exception):
    """The peer was started but never answered; the message ends with its log."""


def app_path(peer, app):
    """The request path of `app` (hello, echo, static-13, static-1k, static-100k) on `peer`."""
    if app == "hello":
        return HELLO_PATH[peer]
    if app == "echo":
        return "/?value=" + ECHO_VALUE
    if app.startswith("static-"):
        return "/" + STATIC_FILES[app.split("-", 1)[1]][0]
    raise ValueError(app)


def make_docroot(tmp):
    """Writes the shared document root: hello.txt and the three static sizes."""
    root = os.path.join(tmp, "www")
    os.makedirs(root, exist_ok=True)
    with open(os.path.join(root, "hello.txt"), "wb") as f:
        f.write(b"Hello, World!")
    for name, size in STATIC_FILES.values():
        with open(os.path.join(root, name), "wb") as f:
            f.write((b"0123456789abcdef" * (size // 16 + 1))[:size])
    # nginx's workers and h2o may drop root privileges: the tree must be world-readable.
    for d in (tmp, root):
        os.chmod(d, 0o755)
    for name in os.listdir(root):
        os.chmod(os.path.join(root, name), 0o644)
    return root


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def build_go_peer(build_dir):
    """Builds bench/peers/go into BUILD/bin/bench-go-peer; returns its path or raises."""
    go = shutil.which("go")
    if go is None:
        raise NotAvailable("go not on PATH")
    out = os.path.join(build_dir, "bin", "bench-go-peer")
    r = subprocess.run([go, "build", "-o", out, "."], cwd=os.path.join(PEERS_DIR, "go"),
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        raise NotAvailable("go build failed: " + r.stderr.strip()[-400:])
    return out


class Context:
    """What the peers share in one run: the build directory, the temporary directory, the
    document root, the CPU list servers are pinned to, the descriptor limit."""

    def __init__(self, build_dir, tmp, server_cpu, nofile):
        self.build_dir = build_dir
        self.tmp = tmp
        self.root = make_docroot(tmp)
        self.server_cpu = server_cpu
        self.nofile = nofile
        self.go_peer = None
        self.go_error = None

    def bin(self, name):
        path = os.path.join(self.build_dir, "bin", name)
        if not os.access(path, os.X_OK):
            raise NotAvailable(f"{os.path.relpath(path, REPO)} not built")
        return path

    def fill_template(self, name, port, values):
        d = os.path.join(self.tmp, f"{name}-{port}")
        os.makedirs(d, exist_ok=True)
        os.chmod(d, 0o755)
        with open(os.path.join(PEERS_DIR, name + ".conf.in")) as f:
            text = f.read()
        values = dict(values, DIR=d, PORT=str(port), ROOT=self.root, NOFILE=str(self.nofile))
        for k, v in values.items():
            text = text.replace("@" + k + "@", v)
        conf = os.path.join(d, name + ".conf")
        with open(conf, "w") as f:
            f.write(text)
        return d, conf

    def command(self, peer, app, port):
        """(argv, env) that start `peer` serving `app` on port; raises NotAvailable."""
        env = dict(os.environ)
        p = str(port)
        if peer == "ceiling":
            argv = [self.bin("bench-ceiling"), "--port", p, "--host", HOST]
        elif peer == "ceiling-ka":
            argv = [self.bin("bench-ceiling"), "--port", p, "--host", HOST, "--keep-alive-headers"]
        elif peer == "nodecc":
            argv = [self.bin("example-" + app), "--port", p, "--host", HOST]
        elif peer == "nodecc-serve":
            # One worker: the cell measures one core (nodecc serve defaults to one per core).
            argv = [self.bin("nodecc"), "serve", self.root, "--port", p, "--host", HOST,
                    "--workers", "1"]
        elif peer == "node":
            node = shutil.which("node")
            if node is None:
                raise NotAvailable("node not on PATH")
            argv = [node, os.path.join(REPO, "examples", app + ".js"), "--port", p, "--host", HOST]
        elif peer == "go":
            if self.go_peer is None and self.go_error is None:
                try:
                    self.go_peer = build_go_peer(self.build_dir)
                except NotAvailable as e:
                    self.go_error = str(e)
            if self.go_error:
                raise NotAvailable(self.go_error)
            argv = [self.go_peer, "-app", app, "-port", p, "-host", HOST]
            env["GOMAXPROCS"] = "1"
        elif peer == "nodecc-w2":
            binary = self.bin("example-hello")
            with open(binary, "rb") as f:
                if b"--workers" not in f.read():
                    raise NotAvailable("example-hello has no --workers option yet (src/cluster)")
            argv = [binary, "--port", p, "--host", HOST, "--workers", "2"]
        elif peer in ("nginx", "nginx-nosendfile", "nginx-w2"):
            nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
            if nginx is None:
                raise NotAvailable("nginx not installed")
            d, conf = self.fill_template("nginx", port, {
                "SENDFILE": "off" if peer == "nginx-nosendfile" else "on",
                "WORKERS": "2" if peer == "nginx-w2" else "1"})
            argv = [nginx, "-p", d, "-e", os.path.join(d, "error.log"), "-c", conf]
        elif peer == "h2o":
            h2o = shutil.which("h2o")
            if h2o is None:
                raise NotAvailable("h2o not installed")
            # As root h2o insists on a user to switch to; staying root keeps the pid file and
            # the log writable in the temporary directory.
            user = "user: root" if os.geteuid() == 0 else ""
            _, conf = self.fill_template("h2o", port, {"USER": user})
            argv = [h2o, "-c", conf]
        else:
            raise ValueError(peer)
        if self.server_cpu is not None and peer not in UNPINNED:
            argv = ["taskset", "-c", self.server_cpu] + argv
        return argv, env


def _proc_children():
    """ppid -> [pid] for every process visible in /proc."""
    children = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(name))
    return children


def tree_pids(root):
    """root and all its descendants."""
    children = _proc_children()
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def tree_cpu_seconds(root):
    """utime + stime of root's process tree (all threads of each process), in seconds."""
    total = 0
    for pid in tree_pids(root):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    return total / CLK_TCK


class Server:
    """One started peer. Use as a context manager: leaving it stops the whole process group."""

    def __init__(self, ctx, peer, app):
        self.peer, self.app = peer, app
        self.port = free_port()
        self.path = app_path(peer, app)
        self.argv, self.env = ctx.command(peer, app, self.port)
        self.log_path = os.path.join(ctx.tmp, f"{peer}-{app}-{self.port}.log")
        self.proc = None

    def __enter__(self):
        log = open(self.log_path, "wb")
        try:
            self.proc = subprocess.Popen(self.argv, env=self.env, stdin=subprocess.DEVNULL,
                                         stdout=log, stderr=subprocess.STDOUT,
                                         start_new_session=True)
        finally:
            log.close()
        try:
            self._wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()

    def log_tail(self, n=600):
        try:
            with open(self.log_path, "rb") as f:
                return f.read()[-n:].decode(errors="replace").strip()
        except OSError:
            return ""

    def _wait_ready(self, timeout=20.0):
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise StartError(f"exited with status {self.proc.returncode}: {self.log_tail()}")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=2)
                conn.request("GET", self.path)
                resp = conn.getresponse()
                resp.read()
                conn.close()
                if resp.status == 200:
                    return
                last = f"GET {self.path} answered {resp.status}"
            except OSError as e:
                last = str(e)
            time.sleep(0.05)
        raise StartError(f"not answering after {timeout:.0f} s ({last}): {self.log_tail()}")

    def stop(self):
        if self.proc is None or self.proc.returncode is not None:
            return
        pgid = self.proc.pid  # start_new_session: the group id is the leader's pid
        for sig, grace in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(pgid, sig)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                continue
        # The leader is gone; a child that outlived it in the group still gets the signal.
        try:
            os.killpg(pgid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def pids(self):
        """The server's process tree: the started process and all its descendants."""
        return tree_pids(self.proc.pid)

    def cpu_seconds(self):
        """utime + stime of the whole tree (all threads of each process)."""
        return tree_cpu_seconds(self.proc.pid)

    def rss_kib(self):
        """Sum of VmRSS over the tree, KiB."""
        total = 0
        for pid in self.pids():
            try:
                with open(f"/proc/{pid}/status") as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            total += int(line.split()[1])
            except OSError:
                continue
        return total
