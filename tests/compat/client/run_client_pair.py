#!/usr/bin/env python3
"""The client compat pair: starts server.js (Node's http server) and runs the same client in
Node (client.js) and nodecc (compat-client-client) against it through run_pair.py, which
compares their stdout. SERVER_PORT and CLOSED_PORT (a port nothing listens on) reach both
programs through the environment. Exit status as run_pair.py's (77: node missing)."""
import argparse
import os
import re
import shutil
import socket
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--node", default="node")
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    node = shutil.which(args.node)
    if node is None:
        print(f"SKIP: {args.node} not found")
        return 77
    server = subprocess.Popen([node, os.path.join(HERE, "server.js")], stdout=subprocess.PIPE,
                              stdin=subprocess.DEVNULL)
    try:
        line = server.stdout.readline().decode()
        m = re.search(r":(\d+)/", line)
        if not m:
            print(f"server.js did not start: {line!r}")
            return 2
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            closed = s.getsockname()[1]
        env = dict(os.environ, SERVER_PORT=m.group(1), CLOSED_PORT=str(closed))
        return subprocess.run([sys.executable, os.path.join(HERE, "..", "run_pair.py"),
                               "--node", node, "--js", os.path.join(HERE, "client.js"),
                               "--bin", args.bin, "--cwd", HERE], env=env).returncode
    finally:
        server.terminate()
        server.wait(5)


if __name__ == "__main__":
    sys.exit(main())
