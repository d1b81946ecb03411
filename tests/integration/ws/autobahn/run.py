#!/usr/bin/env python3
"""Autobahn|Testsuite (wstest, the WebSocket conformance suite) against a WebSocket server or
client command, over loopback:

  run.py server --cmd "SERVER [--port {port}]" [--port N] [--cases SET] [--agent NAME]
  run.py client --cmd "CLIENT [{url}]" [--port N] [--cases SET] [--agent NAME]

server: starts SERVER (its "{port}" replaced by --port, or by a free port), waits until the
port accepts, runs `wstest -m fuzzingclient` against ws://127.0.0.1:PORT, and judges
reports/servers/index.json.
client: starts `wstest -m fuzzingserver` on ws://127.0.0.1:PORT and runs CLIENT with that URL
(in place of "{url}", else as its last argument); the client does what Autobahn clients do
(/getCaseCount, each /runCase?case=i&agent=A echoing every message back, /updateReports?agent=A),
and reports/clients/index.json is judged.

SET is a comma-separated list of named sets and Autobahn case patterns ("5.*", "6.4.1"):
core (the 301 cases outside 12.* and 13.*), compression-sample (COMPRESSION_SAMPLE below:
20 of the 216 permessage-deflate cases), all (517). Default: core,compression-sample.

A case passes when both its behavior and its behaviorClose are OK, NON-STRICT or INFORMATIONAL
(uWebSockets' criterion, its autobahn/server-test.js): FAILED, WRONG CODE, UNCLEAN,
UNIMPLEMENTED (compression not negotiated) or a case missing from the report fails the run.
Prints a table by case group, then each failing case with Autobahn's description and result.

wstest runs on Python 2.7 only: the interpreter is $NODECC_PYTHON2 when set, else pyenv's
~/.pyenv/versions/2.7*/bin/python, else python2.7 or python2 on PATH; its packages are in
.deps beside this file (scripts/install-deps.sh installs requirements.txt there with pip
--target), added as a site directory so that the zope namespace package resolves.

Exit status: 0 every case passed, 1 some case failed, 2 the run itself failed (the command did
not start or listen, wstest failed, a time bound was reached, .deps missing), 77 no Python 2.7
(ctest's SKIP_RETURN_CODE). Every process started here is stopped here, by its pid (its own
process group); every step is bounded in time.
"""
import argparse
import glob
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEPS = os.path.join(HERE, ".deps")
SKIP = 77
ACCEPTED = ("OK", "NON-STRICT", "INFORMATIONAL")
START_TIMEOUT_S = 30   # until the tested server, or wstest's fuzzing server, accepts
STOP_GRACE_S = 5       # SIGTERM, then SIGKILL
DETAIL_LIMIT = 40      # failing cases printed with their description and result

# 12.* sends five payloads (JSON, bitmap, text, HTML, PDF) with permessage-deflate, 13.* the
# JSON one with seven offers of parameters (no context takeover, window bits 9 and 15, both, a
# list of three). Within each group, case k sends 1000 messages of 16, 64, 256, 1024, 4096,
# 8192, 16384, 32768, 65536 or 131072 bytes for k = 1..10, and of 8 KiB to 128 KiB in frames of
# 256 bytes to 32 KiB for k = 11..18: those take wstest about a minute each. The sample: each
# 12 group's cases 1 and 6 (16 bytes, under ws's 1 KiB compression threshold; 8 KiB, compressed
# both ways), each 13 group's case 6, and case 1 of the groups with window bits 9 and of the
# offer list: 20 cases.
COMPRESSION_SAMPLE = ["12.%d.%d" % (g, k) for g in range(1, 6) for k in (1, 6)] + \
                     ["13.%d.6" % g for g in range(1, 8)] + ["13.3.1", "13.5.1", "13.7.1"]
NAMED_SETS = {
    "core": (["*"], ["12.*", "13.*"]),
    "compression-sample": (COMPRESSION_SAMPLE, []),
    "all": (["*"], []),
}

# wstest's entry point with .deps as a site directory (its .pth files make zope a namespace).
WSTEST = ("import site, sys; site.addsitedir(sys.argv.pop(1)); sys.argv[0] = 'wstest'; "
          "from autobahntestsuite.wstest import run; sys.exit(run())")
# Prints, one a line, the case ids a spec's "cases" and "exclude-cases" select, in wstest's
# order: what the report must hold.
RESOLVE = ("import json, site, sys; site.addsitedir(sys.argv[1]); "
           "from autobahntestsuite.case import Cases, CaseCategories, CaseSubCategories, "
           "CaseSetname, CaseBasename; from autobahntestsuite.caseset import CaseSet; "
           "s = CaseSet(CaseSetname, CaseBasename, Cases, CaseCategories, CaseSubCategories); "
           "print('\\n'.join(s.parseSpecCases(json.load(open(sys.argv[2])))))")
CATEGORIES = {"1": "Framing", "2": "Pings/Pongs", "3": "Reserved Bits", "4": "Opcodes",
              "5": "Fragmentation", "6": "UTF-8 Handling", "7": "Close Handling",
              "9": "Limits/Performance", "10": "Misc", "12": "Compression (payloads)",
              "13": "Compression (parameters)"}


class RunError(Exception):
    """The run itself failed (exit status 2), not a case."""


def find_python2():
    """The Python 2.7 interpreter, or None."""
    forced = os.environ.get("NODECC_PYTHON2")
    if forced is not None:
        candidates = [forced]
    else:
        candidates = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/2.7*/bin/python")),
                            reverse=True)
        candidates += [p for p in (shutil.which("python2.7"), shutil.which("python2")) if p]
    for p in candidates:
        try:
            out = subprocess.run([p, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                                 capture_output=True, timeout=10, env=py2_env())
        except (OSError, subprocess.TimeoutExpired):
            continue
        if out.returncode == 0 and out.stdout.decode().strip() == "2.7":
            return p
    return None


def py2_env():
    """This environment without what points Python 3 at its own modules."""
    env = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"):
        env.pop(name, None)
    return env


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Proc:
    """A process started in its own process group, its output in a file; stop() ends that
    group, which holds only what this process started."""

    def __init__(self, argv, log_path, cwd=None, env=None):
        self.argv = argv
        self.log_path = log_path
        self.log = open(log_path, "wb")
        try:
            self.p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=self.log,
                                      stderr=subprocess.STDOUT, cwd=cwd, env=env,
                                      start_new_session=True)
        except OSError as e:
            self.log.close()
            raise RunError("cannot start %s: %s" % (" ".join(argv), e))

    def wait(self, timeout):
        """The exit status, or None when still running after timeout seconds."""
        try:
            return self.p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self):
        if self.p.poll() is None:
            for sig, grace in ((signal.SIGTERM, STOP_GRACE_S), (signal.SIGKILL, None)):
                try:
                    os.killpg(self.p.pid, sig)
                except ProcessLookupError:
                    break
                if self.wait(grace) is not None:
                    break
            self.p.wait()
        else:
            # The leader is gone; anything it left in its group is still ours to end.
            try:
                os.killpg(self.p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.log.close()

    def tail(self, n=3000):
        with open(self.log_path, "rb") as f:
            data = f.read()
        return data[-n:].decode("utf-8", "replace")


def wait_listening(port, proc, what, timeout=START_TIMEOUT_S):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        rc = proc.p.poll()
        if rc is not None:
            raise RunError("%s exited with status %d before listening on port %d:\n%s" %
                           (what, rc, port, proc.tail()))
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RunError("%s did not listen on port %d within %d s:\n%s" %
                   (what, port, timeout, proc.tail()))


def resolve_cases(python2, d, text):
    """The case ids a --cases value selects, in wstest's order: the spec's "cases" list, and
    what the report must hold."""
    def run_resolver(inc, exc):
        spec = os.path.join(d, "resolve.json")
        with open(spec, "w") as f:
            json.dump({"cases": inc, "exclude-cases": exc}, f)
        p = subprocess.run([python2, "-c", RESOLVE, DEPS, spec], capture_output=True,
                           timeout=60, env=py2_env())
        if p.returncode != 0:
            raise RunError("cannot list Autobahn's cases: %s" % p.stderr.decode()[-2000:])
        return p.stdout.decode().split()

    ids = []
    for item in [s.strip() for s in text.split(",") if s.strip()]:
        if item in NAMED_SETS:
            ids += run_resolver(*NAMED_SETS[item])
        elif item[0].isdigit():
            ids += run_resolver([item], [])
        else:
            raise RunError("unknown case set %r (named sets: %s)" %
                           (item, ", ".join(NAMED_SETS)))
    known = set(run_resolver(["*"], []))
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise RunError("no such Autobahn case: %s" % ", ".join(unknown))
    # Sorted as wstest sorts them (numerically, part by part), each once.
    return sorted(set(ids), key=lambda c: tuple(int(x) for x in c.split(".")))


def run_wstest(python2, mode, spec, d, log_name):
    path = os.path.join(d, "%s.json" % mode)
    with open(path, "w") as f:
        json.dump(spec, f, indent=2)
    # -u 0: no web server beside the fuzzing server (wstest's default takes port 8080).
    return Proc([python2, "-c", WSTEST, DEPS, "-m", mode, "-s", path, "-u", "0"],
                os.path.join(d, log_name), cwd=d, env=py2_env())


def server_mode(a, python2, cases, d, deadline):
    port = a.port or free_port()
    argv = [w.replace("{port}", str(port)) for w in shlex.split(a.cmd)]
    server = Proc(argv, os.path.join(d, "server.log"))
    try:
        wait_listening(port, server, "the server (%s)" % a.cmd)
        outdir = os.path.join(d, "reports", "servers")
        spec = {"outdir": outdir, "servers": [{"agent": a.agent, "url": "ws://127.0.0.1:%d" % port}],
                "cases": cases, "exclude-cases": [], "exclude-agent-cases": {}}
        wstest = run_wstest(python2, "fuzzingclient", spec, d, "wstest.log")
        try:
            rc = wstest.wait(max(1, deadline - time.monotonic()))
            if rc is None:
                raise RunError("wstest did not finish within --timeout %d s:\n%s" %
                               (a.timeout, wstest.tail()))
            if rc != 0 or not os.path.exists(os.path.join(outdir, "index.json")):
                raise RunError("wstest exited with status %d and no report:\n%s" %
                               (rc, wstest.tail()))
        finally:
            wstest.stop()
        if server.p.poll() is not None:
            print("note: the server exited with status %d during the run" % server.p.returncode)
        return outdir, a.agent
    finally:
        server.stop()


def client_mode(a, python2, cases, d, deadline):
    port = a.port or free_port()
    url = "ws://127.0.0.1:%d" % port
    outdir = os.path.join(d, "reports", "clients")
    spec = {"url": url, "outdir": outdir, "cases": cases, "exclude-cases": [],
            "exclude-agent-cases": {}}
    wstest = run_wstest(python2, "fuzzingserver", spec, d, "wstest.log")
    try:
        wait_listening(port, wstest, "wstest's fuzzing server")
        words = shlex.split(a.cmd)
        argv = [w.replace("{url}", url) for w in words]
        if not any("{url}" in w for w in words):
            argv.append(url)
        client = Proc(argv, os.path.join(d, "client.log"))
        try:
            rc = client.wait(max(1, deadline - time.monotonic()))
            if rc is None:
                raise RunError("the client did not finish within --timeout %d s:\n%s" %
                               (a.timeout, client.tail()))
        finally:
            client.stop()
        if not os.path.exists(os.path.join(outdir, "index.json")):
            raise RunError("the client exited with status %d and no report was written "
                           "(did it call /updateReports?):\n%s" % (rc, client.tail()))
        if rc != 0:
            print("note: the client exited with status %d:\n%s" % (rc, client.tail(1000)))
    finally:
        wstest.stop()
    with open(os.path.join(outdir, "index.json")) as f:
        agents = list(json.load(f))
    if a.agent_given:
        return outdir, a.agent
    if len(agents) != 1:
        raise RunError("the report has agents %r: pass --agent" % agents)
    return outdir, agents[0]


def status_of(entry):
    """The case's outcome: behavior, unless that passed and behaviorClose did not."""
    if entry is None:
        return "MISSING"
    b, bc = entry.get("behavior"), entry.get("behaviorClose")
    if b in ACCEPTED and bc not in ACCEPTED:
        return "%s (close)" % bc
    return b


def judge(outdir, agent, expected, mode_name, elapsed_s):
    with open(os.path.join(outdir, "index.json")) as f:
        index = json.load(f)
    results = index.get(agent, {})
    if not results:
        raise RunError("no results for agent %r in the report (agents: %r)" %
                       (agent, list(index)))
    rows = {}
    failing = []
    total_duration_ms = 0
    # A case whose connection never opened has a duration counted from the epoch.
    duration = {c: e.get("duration", 0) for c, e in results.items()
                if 0 <= e.get("duration", 0) <= elapsed_s * 1000}
    for case in expected:
        entry = results.get(case)
        status = status_of(entry)
        total_duration_ms += duration.get(case, 0)
        group = case.split(".")[0]
        row = rows.setdefault(group, {"cases": 0, "OK": 0, "NON-STRICT": 0, "INFORMATIONAL": 0,
                                      "failed": 0})
        row["cases"] += 1
        if status in ACCEPTED:
            row[status] += 1
        else:
            row["failed"] += 1
            failing.append((case, status, entry))

    print("Autobahn|Testsuite, %s mode, agent %s: %d cases" % (mode_name, agent, len(expected)))
    header = "%-6s %-26s %6s %6s %10s %13s %6s" % ("group", "", "cases", "OK", "NON-STRICT",
                                                   "INFORMATIONAL", "failed")
    print(header)
    print("-" * len(header))
    totals = dict.fromkeys(("cases", "OK", "NON-STRICT", "INFORMATIONAL", "failed"), 0)
    for group in sorted(rows, key=int):
        r = rows[group]
        for k in totals:
            totals[k] += r[k]
        print("%-6s %-26s %6d %6d %10d %13d %6d" % (group + ".*", CATEGORIES.get(group, ""),
                                                    r["cases"], r["OK"], r["NON-STRICT"],
                                                    r["INFORMATIONAL"], r["failed"]))
    print("-" * len(header))
    print("%-6s %-26s %6d %6d %10d %13d %6d" % ("total", "", totals["cases"], totals["OK"],
                                                totals["NON-STRICT"], totals["INFORMATIONAL"],
                                                totals["failed"]))
    slowest = sorted(((duration[c], c) for c in expected if c in duration), reverse=True)[:5]
    print("time in the cases (Autobahn's durations): %.1f s; slowest: %s" % (
        total_duration_ms / 1000.0, ", ".join("%s %.1f s" % (c, ms / 1000.0)
                                              for ms, c in slowest)))

    if failing:
        print("\n%d failing case(s):" % len(failing))
    for n, (case, status, entry) in enumerate(failing):
        if n == DETAIL_LIMIT:
            print("... and %d more: %s" % (len(failing) - n,
                                           " ".join(c for c, _, _ in failing[n:])))
            break
        print("%s %s" % (case, status))
        detail = {}
        if entry and entry.get("reportfile"):
            try:
                with open(os.path.join(outdir, entry["reportfile"])) as f:
                    detail = json.load(f)
            except (OSError, ValueError):
                pass
        for key in ("description", "expectation", "result", "resultClose"):
            text = " ".join(str(detail.get(key, "")).replace("<br>", " ").split())
            if text:
                print("    %s: %s" % (key, text[:400] + ("..." if len(text) > 400 else "")))
    return 1 if failing else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("server", "client"))
    ap.add_argument("--cmd", required=True,
                    help="the server (with {port}) or client (gets the URL) command line")
    ap.add_argument("--port", type=int, default=0,
                    help="server mode: the port the server listens on; client mode: wstest's "
                         "(default: a free one)")
    ap.add_argument("--cases", default="core,compression-sample",
                    help="named sets (core, compression-sample, all) and case patterns, "
                         "comma-separated")
    ap.add_argument("--agent", help="the agent name in the report (server mode: default "
                                    "'testee'; client mode: the one the client reports)")
    ap.add_argument("--timeout", type=int, default=1800, help="bound of the whole run, seconds")
    ap.add_argument("--report-dir", help="copy Autobahn's reports (HTML and JSON) there")
    a = ap.parse_args()
    a.agent_given = a.agent is not None
    if a.agent is None:
        a.agent = "testee"

    python2 = find_python2()
    if python2 is None:
        print("SKIP: no Python 2.7, which Autobahn|Testsuite's wstest needs (looked for "
              "$NODECC_PYTHON2, ~/.pyenv/versions/2.7*/bin/python, python2.7 and python2 on "
              "PATH; Debian 12 packages no Python 2)")
        return SKIP
    if not os.path.isdir(os.path.join(DEPS, "autobahntestsuite")):
        print("%s has no autobahntestsuite: run scripts/install-deps.sh (make deps)" % DEPS)
        return 2

    started = time.monotonic()
    deadline = started + a.timeout
    d = tempfile.mkdtemp(prefix="nodecc-autobahn-")
    try:
        expected = resolve_cases(python2, d, a.cases)
        print("%s mode: %d cases (%s), %s" % (a.mode, len(expected), a.cases, a.cmd))
        sys.stdout.flush()
        run = server_mode if a.mode == "server" else client_mode
        outdir, agent = run(a, python2, expected, d, deadline)
        elapsed = time.monotonic() - started
        rc = judge(outdir, agent, expected, a.mode, elapsed)
        print("run time: %.1f s" % elapsed)
        if a.report_dir:
            dest = os.path.join(a.report_dir, os.path.basename(outdir))
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(outdir, dest)
            print("reports: %s" % os.path.join(dest, "index.html"))
        print("PASSED" if rc == 0 else "FAILED")
        return rc
    except RunError as e:
        print("ERROR: %s" % e)
        return 2
    finally:
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
