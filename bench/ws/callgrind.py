#!/usr/bin/env python3
"""User-space instructions per echoed WebSocket message, counted by callgrind, for nodecc's
echo server and uWebSockets' (and any other server binary taking --port N [--deflate]).

    bench/ws/callgrind.py --build build [--servers nodecc,uws] [--depth 1] [--deflate]

Instruction counts repeat run to run where msgs/s moves by 2x between days, so they judge a
change to the WebSocket path (and compare two servers) on a busy machine. Each server runs
under `valgrind --tool=callgrind` (pinned to CPU 0) while bench-ws-load (CPU 1) echoes over
--conns connections for a short and a long window; the quotient of the differences (instructions
and messages, long minus short) leaves out start-up, the handshakes and shutdown.
"""
import argparse
import glob
import json
import os
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
# The HTTP scenarios' port helpers (bench/callgrind/instructions.py).
sys.path.insert(0, os.path.join(HERE, "..", "callgrind"))
from instructions import free_port, wait_port  # noqa: E402


def uws_for_valgrind(build):
    """uws-echo as run.py builds it, but without -march=native: valgrind cannot run the AVX-512
    instructions the native build uses (SIGILL). Needs run.py's build of uSockets (make
    bench-ws, or any run.py run with uws)."""
    import run  # bench/ws/run.py: where the peers' sources are
    objects_dir = os.path.join(build, "bench-ws", "uSockets")
    binary = os.path.join(build, "bench-ws", "uws-echo-valgrind")
    if os.path.exists(binary):
        return binary
    objects = sorted(os.path.join(objects_dir, f) for f in os.listdir(objects_dir)
                     if f.endswith(".o"))
    subprocess.run(["g++", "-O3", "-flto=auto", "-std=c++20", "-DLIBUS_NO_SSL", "-w", "-I",
                    os.path.join(run.UWS, "uWebSockets", "src"), "-I",
                    os.path.join(objects_dir, "src"), os.path.join(HERE, "peers", "uws", "echo.cpp"),
                    *objects, "-lz", "-o", binary], check=True)
    return binary


def server_binary(build, name):
    if name == "nodecc":
        return os.path.join(build, "bin", "bench-ws-nodecc")
    if name == "uws":
        return uws_for_valgrind(build)
    if name == "ceiling":
        return os.path.join(build, "bin", "bench-ws-ceiling")
    raise SystemExit(f"unknown server {name}")


def measure(build, name, seconds, a):
    """(instructions, messages) of one run of `seconds` of echo."""
    binary = server_binary(build, name)
    if not os.path.exists(binary):
        raise SystemExit(f"{binary} is not built (bench/ws/run.py builds uws-echo)")
    out_dir = tempfile.mkdtemp(prefix=f"cg-ws-{name}-")
    port = free_port()
    cmd = ["taskset", "-c", "0", "valgrind", "--tool=callgrind",
           f"--callgrind-out-file={out_dir}/callgrind.out.%p", binary, "--port", str(port)]
    if a.deflate:
        cmd.append("--deflate")
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, 180)  # valgrind's start-up on a busy machine
        load = [os.path.join(build, "bin", "bench-ws-load"), "--port", str(port), "--mode",
                "echo", "--conns", str(a.conns), "--depth", str(a.depth), "--size",
                str(a.size), "--warmup", "0", "--seconds", str(seconds)]
        if a.deflate:
            load.append("--deflate")
        r = subprocess.run(["taskset", "-c", "1", *load], capture_output=True, text=True,
                           timeout=seconds + 120, check=True)
        messages = json.loads(r.stdout.strip().splitlines()[-1])["msgs"]
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    total = 0
    for f in glob.glob(f"{out_dir}/callgrind.out.*"):
        with open(f) as fh:
            for line in fh:
                if line.startswith("summary:") or line.startswith("totals:"):
                    total = max(total, int(line.split()[1]))
    return total, messages


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--servers", default="nodecc,uws")
    ap.add_argument("--conns", type=int, default=100)
    ap.add_argument("--depth", type=int, default=1)
    ap.add_argument("--size", type=int, default=32)
    ap.add_argument("--deflate", action="store_true")
    ap.add_argument("--short", type=int, default=2, help="seconds of the short window")
    ap.add_argument("--long", type=int, default=8, help="seconds of the long window")
    a = ap.parse_args()
    for name in a.servers.split(","):
        i1, m1 = measure(a.build, name, a.short, a)
        i2, m2 = measure(a.build, name, a.long, a)
        per = (i2 - i1) / max(m2 - m1, 1)
        print(f"{name:8s} {per:9,.0f} instructions/message ({i2 - i1:,} over {m2 - m1:,} "
              f"messages; depth {a.depth}, {a.size} B{', deflate' if a.deflate else ''})",
              flush=True)


if __name__ == "__main__":
    sys.exit(main())
