"""WebSocket interop with one independent implementation (PEER: python, go or node), both
directions, over 127.0.0.1:

  1. PEER's client against nodecc's echo server (example-ws-echo, one without and one with
     --deflate): peer.py / go/main.go / peer.js in client mode print one "ok"/"FAIL" line per
     case (text, all 256 byte values, empty, 1 MiB, fragments, ping/pong, permessage-deflate
     with its header and bytes on the wire, subprotocol, close code and reason).
  2. nodecc's client (ws-interop-client) against PEER's echo server (the same files in server
     mode), which reports each connection's byte counts and close when it closes: the
     compressed connection must have been compressed on the wire both ways.

  run_interop.py PEER --echo PATH/example-ws-echo --client PATH/ws-interop-client

Exit 0 when every check passed, 1 when one failed, 77 (ctest's skip) when PEER's toolchain or
package is missing (scripts/install-deps.sh installs them). Every process started here is
stopped here, by its pid; every step is bounded in time."""
import argparse
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SKIP = 77
START_TIMEOUT = 10  # s for a server to listen
CLIENT_TIMEOUT = 120  # s for one side's whole run of cases
# The compressed connection of ws-interop-client sends about 2.1 MB of compressible messages:
# on the wire they must take less than this, each way.
DEFLATE_WIRE_MAX = 256 * 1024
failures = []
passed = 0


def check(cond, what):
    global passed
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if cond:
        passed += 1
    else:
        failures.append(what)


def skip(why):
    print("SKIP " + why, flush=True)
    sys.exit(SKIP)


class Server:
    """A server process; `ready` tells from its first stdout line that it listens (and which
    port). Stopped by its pid."""

    def __init__(self, cmd, ready, cwd=None):
        # Unbuffered: select() then sees every line not read yet (a buffered reader may hold
        # lines select cannot see).
        self.p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                                  bufsize=0)
        self.port = None
        line = self._readline(START_TIMEOUT)
        self.port = ready(line) if line else None
        if self.port is None:
            err = self.stop()[1]
            raise RuntimeError("%s did not start: %r %s" % (cmd[0], line, err[-500:]))

    def _readline(self, timeout):
        """A line of stdout, or "" after timeout s (or at its end)."""
        ready, _, _ = select.select([self.p.stdout], [], [], max(timeout, 0))
        return self.p.stdout.readline().decode(errors="replace") if ready else ""

    def stop(self):
        """Stops the process (SIGTERM, SIGKILL after 5 s); returns (stdout, stderr) left."""
        if self.p.poll() is None:
            self.p.terminate()
            try:
                self.p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.p.kill()
                self.p.wait()
        return (self.p.stdout.read().decode(errors="replace"),
                self.p.stderr.read().decode(errors="replace"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_echo(echo_bin, *flags):
    """example-ws-echo on a free port (it prints the port it was given, so the port is chosen
    here; tried again if another process took it meanwhile)."""
    for _ in range(3):
        port = free_port()
        try:
            return Server([echo_bin, "--host", "127.0.0.1", "--port", str(port), *flags],
                          lambda line, port=port: port if line.startswith("listening") else None)
        except RuntimeError as e:
            last = e
    raise last


def run(cmd, timeout, cwd=None):
    """(exit code, stdout, stderr) of a command, killed (by its pid) past the timeout."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return None, out.decode(errors="replace"), err.decode(errors="replace")
    return p.returncode, out.decode(errors="replace"), err.decode(errors="replace")


# The peers: how to find (or skip), build, and run each as client and as server.
def python_peer(tmp):
    venv_python = os.path.join(HERE, ".venv", "bin", "python")
    if not os.access(venv_python, os.X_OK):
        skip("python: no virtualenv with websockets in tests/integration/ws/interop/.venv "
             "(scripts/install-deps.sh)")
    code, out, _ = run([venv_python, "-c", "import websockets; print(websockets.__version__)"],
                       20)
    if code != 0:
        skip("python: websockets not importable from %s" % venv_python)
    print("peer: Python websockets %s (%s)" % (out.strip(), venv_python), flush=True)
    script = os.path.join(HERE, "peer.py")
    return [venv_python, script, "client"], [venv_python, script, "server"]


def go_peer(tmp):
    go = shutil.which("go")
    if go is None:
        skip("go: no go on PATH (scripts/install-deps.sh)")
    env = dict(os.environ, GOPROXY="off", GOFLAGS="-mod=readonly", GOTOOLCHAIN="local",
               CGO_ENABLED="0")
    # ctest may run without HOME: Go needs a build cache and a module cache.
    home = os.path.expanduser("~")
    env.setdefault("GOCACHE", os.path.join(home, ".cache", "go-build"))
    env.setdefault("GOPATH", os.path.join(home, "go"))
    out_bin = os.path.join(tmp, "ws-interop-go")
    p = subprocess.run([go, "build", "-o", out_bin, "."], cwd=os.path.join(HERE, "go"), env=env,
                       capture_output=True, timeout=180)
    err = p.stderr.decode(errors="replace")
    if p.returncode != 0 and ("module lookup disabled" in err or "missing go.sum" in err
                              or "cannot find module" in err):
        skip("go: gorilla/websocket is not in Go's module cache (scripts/install-deps.sh): " +
             err.strip().splitlines()[-1])
    if p.returncode != 0:
        check(False, "go build of go/main.go: " + err[-800:])
        sys.exit(1)
    version = subprocess.run([go, "version"], capture_output=True, timeout=20).stdout.decode()
    print("peer: Go gorilla/websocket v1.5.3 (%s)" % version.strip(), flush=True)
    return [out_bin, "client"], [out_bin, "server"]


def node_peer(tmp):
    node = shutil.which("node")
    if node is None:
        skip("node: no node on PATH (scripts/install-deps.sh)")
    ws_dir = os.path.join(HERE, "..", "node_modules", "ws")
    if not os.path.isfile(os.path.join(ws_dir, "package.json")):
        skip("node: ws is not installed in tests/integration/ws/node_modules "
             "(scripts/install-deps.sh)")
    with open(os.path.join(ws_dir, "package.json")) as f:
        version = json.load(f)["version"]
    node_version = subprocess.run([node, "--version"], capture_output=True,
                                  timeout=20).stdout.decode().strip()
    print("peer: Node ws %s (Node %s)" % (version, node_version), flush=True)
    script = os.path.join(HERE, "peer.js")
    return [node, script, "client"], [node, script, "server"]


PEERS = {"python": python_peer, "go": go_peer, "node": node_peer}


def relay(direction, code, out, err):
    """Prints a side's output, counting its ok/FAIL lines as this test's checks, and checks
    that it ran within its time, ran checks, and exited 0 exactly when none failed."""
    global passed
    oks = fails = 0
    for line in out.splitlines():
        print("  " + line, flush=True)
        if line.startswith("ok   "):
            oks += 1
        elif line.startswith("FAIL "):
            fails += 1
            failures.append(direction + ": " + line[5:])
    passed += oks
    if code is None:
        check(False, "%s: finished within %d s" % (direction, CLIENT_TIMEOUT))
    elif oks == 0 or (code == 0) != (fails == 0):
        check(False, "%s: exit %s after %d ok and %d failed checks: %s" %
              (direction, code, oks, fails, err[-2000:]))
    print("  %s: %d passed, %d failed" % (direction, oks, fails), flush=True)


def peer_client_vs_nodecc_server(peer, client_cmd, echo_bin):
    direction = "%s client -> nodecc server" % peer
    print("== " + direction, flush=True)
    servers = []
    try:
        servers.append(start_echo(echo_bin))
        servers.append(start_echo(echo_bin, "--deflate"))
        plain, deflate = ("ws://127.0.0.1:%d/" % s.port for s in servers)
        started = time.monotonic()
        code, out, err = run([*client_cmd, plain, deflate], CLIENT_TIMEOUT, cwd=HERE)
        relay(direction, code, out, err)
        print("  (%.1f s)" % (time.monotonic() - started), flush=True)
        for s in servers:
            alive = s.p.poll() is None
            check(alive, "%s: nodecc's server still running after the cases" % direction)
    finally:
        for s in servers:
            _, err = s.stop()
            if err.strip():
                print("  nodecc server stderr: " + err[-2000:], flush=True)


def nodecc_client_vs_peer_server(peer, server_cmd, client_bin):
    direction = "nodecc client -> %s server" % peer
    print("== " + direction, flush=True)
    server = Server(server_cmd, lambda line: int(line.split()[1]) if line.startswith("port ")
                    else None, cwd=HERE)
    try:
        started = time.monotonic()
        code, out, err = run([client_bin, peer, "ws://127.0.0.1:%d" % server.port],
                             CLIENT_TIMEOUT)
        relay(direction, code, out, err)
        print("  (%.1f s)" % (time.monotonic() - started), flush=True)
        # The server reports each connection as it closes: wait for the three (5 s at most).
        reports = []
        deadline = time.monotonic() + 5
        while len(reports) < 3 and time.monotonic() < deadline:
            line = server._readline(deadline - time.monotonic())
            if not line:
                break
            reports.append(line)
    finally:
        out, err = server.stop()
    out = "".join(reports) + out
    conns = {}
    for line in out.splitlines():
        if line.startswith("conn "):
            c = json.loads(line[5:])
            conns[c["path"]] = c
            print("  %s server saw %s" % (peer, line[5:]), flush=True)
    plain, closing, deflate = conns.get("/plain"), conns.get("/close"), conns.get("/deflate")
    check(plain is not None and plain["protocol"] == "chat.v1" and plain["close"] == 4000
          and plain["reason"] == "bye from nodecc",
          "%s: the server saw chat.v1 and nodecc's close 4000 'bye from nodecc'" % direction)
    check(closing is not None and closing["close"] == 4001,
          "%s: nodecc answered the server's close 4001" % direction)
    check(deflate is not None and (deflate["offer"] or "").startswith("permessage-deflate")
          and deflate["close"] == 1000 and deflate["in"] < DEFLATE_WIRE_MAX
          and deflate["out"] < DEFLATE_WIRE_MAX,
          "%s: the compressed connection ran to its close 1000, compressed both ways on the "
          "wire (%s bytes in, %s out; 2.1 MB of messages each way)" %
          (direction, deflate and deflate["in"], deflate and deflate["out"]))
    if err.strip() and peer != "python":
        print("  %s server stderr: %s" % (peer, err[-2000:]), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("peer", choices=sorted(PEERS))
    ap.add_argument("--echo", required=True, help="example-ws-echo")
    ap.add_argument("--client", required=True, help="ws-interop-client")
    a = ap.parse_args()
    for binary in (a.echo, a.client):
        if not os.access(binary, os.X_OK):
            check(False, "built: %s (ninja example-ws-echo ws-interop-client)" % binary)
            return 1
    started = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="ws-interop-")
    try:
        client_cmd, server_cmd = PEERS[a.peer](tmp)
        peer_client_vs_nodecc_server(a.peer, client_cmd, a.echo)
        nodecc_client_vs_peer_server(a.peer, server_cmd, a.client)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%s: %.1f s" % (a.peer, time.monotonic() - started))
    print("%d passed, %d failed" % (passed, len(failures)))
    for f in failures:
        print("  failed: " + f.splitlines()[0])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
