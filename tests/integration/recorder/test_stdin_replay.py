#!/usr/bin/env python3
"""Flight recorder over process.stdin: a program reading a pipe on fd 0 is recorded and
replayed, and the replay prints what the live run printed.

    test_stdin_replay.py --bin-dir build/bin [--replays N]

recorder-stdin-app (stdin_app.cc) reads stdin line by line through readline while an interval
ticks. The live run gets its input through a pipe in pieces, some cut mid-line, with pauses
between them, so that the trace holds several reads, EAGAINs and timers between them. Each
replay (NODECC_REPLAY=TRACE) gets a pipe that ends at once: the bytes it prints can only come
from the trace, through the loop backend's recv, as a socket's do. Replay needs fd 0 to be of
the kind it was when recorded (a pipe here): which way stdin reads is chosen from fd 0 itself
(docs/replay.md).
"""
import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time

PIECES = [b"first line\nsecond ", b"line, cut in two\n", b"", b"third\r\nfourth line, ",
          b"then the last one without a newline"]
PAUSE_S = 0.05


def run(app, env, pieces, pause):
    r, w = os.pipe()
    p = subprocess.Popen([app], stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    os.close(r)

    def feed():
        with os.fdopen(w, "wb", buffering=0) as pipe:
            for piece in pieces:
                pipe.write(piece)
                time.sleep(pause)

    t = threading.Thread(target=feed)
    t.start()
    out, err = p.communicate(timeout=60)
    t.join()
    return p.returncode, out, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin-dir", required=True)
    ap.add_argument("--replays", type=int, default=5)
    args = ap.parse_args()
    app = os.path.join(args.bin_dir, "recorder-stdin-app")
    with tempfile.TemporaryDirectory() as tmp:
        trace = os.path.join(tmp, "stdin.trace")
        env = {k: v for k, v in os.environ.items() if not k.startswith("NODECC_")}
        live = run(app, dict(env, NODECC_RECORD=f"file:{trace}"), PIECES, PAUSE_S)
        expected = b"".join(PIECES).replace(b"\r\n", b"\n").split(b"\n")
        if live[0] != 0 or live[1].count(b"\n") != len(expected) + 1:
            print(f"live run: status {live[0]}, stdout {live[1]!r}, stderr {live[2]!r}")
            return 1
        for i in range(args.replays):
            got = run(app, dict(env, NODECC_REPLAY=trace), [], 0)
            if got != live:
                print(f"replay {i} differs from the live run:\n  live   {live!r}\n  replay {got!r}")
                return 1
        print(f"stdin: trace {os.path.getsize(trace)} bytes; {args.replays} replays printed "
              f"what the live run printed ({len(live[1])} bytes):")
        sys.stdout.write(live[1].decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
