"""Opens N keep-alive connections to a server, sends one GET on each, reads each response in
full, and keeps them all open and idle, so the harness can read the server's memory.

    idle_conns.py HOST PORT PATH N

Protocol on stdout/stdin, one JSON line each way:
  1. prints {"open": k, "failed": f, "seconds": s} once every connection is answered and idle
     (or the 60 s deadline passed);
  2. waits for any line on stdin (the harness measured the server meanwhile);
  3. prints {"still_open": m}: how many the server had not closed by then; closes all, exits.
At most 256 connections are connecting or waiting for their response at a time, so the
server's listen backlog never overflows into SYN retransmits.
"""
import errno
import json
import resource
import selectors
import socket
import sys
import time

MAX_IN_FLIGHT = 256
DEADLINE_S = 60.0


def response_complete(buf):
    """True once buf holds a whole response with a Content-Length body."""
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return False
    length = 0
    for line in buf[:end].split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    return len(buf) >= end + 4 + length


def open_all(host, port, path, n):
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode()
    sel = selectors.DefaultSelector()
    idle, failed, started, in_flight = [], 0, 0, 0
    deadline = time.monotonic() + DEADLINE_S
    t0 = time.monotonic()
    while len(idle) + failed < n and time.monotonic() < deadline:
        while in_flight < MAX_IN_FLIGHT and started < n:
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            except OSError:  # out of descriptors: the rest cannot be opened
                failed += n - started
                started = n
                break
            s.setblocking(False)
            err = s.connect_ex((host, port))
            started += 1
            if err not in (0, errno.EINPROGRESS):
                s.close()
                failed += 1
                continue
            sel.register(s, selectors.EVENT_WRITE, {"sent": False, "buf": b""})
            in_flight += 1
        for key, _ in sel.select(timeout=1.0):
            s, state = key.fileobj, key.data
            try:
                if not state["sent"]:
                    if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
                        raise OSError("connect failed")
                    s.sendall(request)  # tiny: fits the empty send buffer at once
                    state["sent"] = True
                    sel.modify(s, selectors.EVENT_READ, state)
                    continue
                chunk = s.recv(65536)
                if not chunk:
                    raise OSError("closed before the response")
                state["buf"] += chunk
                if response_complete(state["buf"]):
                    sel.unregister(s)
                    idle.append(s)
                    in_flight -= 1
            except OSError:
                sel.unregister(s)
                s.close()
                failed += 1
                in_flight -= 1
    sel.close()
    return idle, failed, time.monotonic() - t0


def count_open(socks):
    """Sockets the server has not closed: not readable, or readable with data but no EOF."""
    sel = selectors.DefaultSelector()
    for s in socks:
        sel.register(s, selectors.EVENT_READ)
    readable = {key.fileobj for key, _ in sel.select(timeout=0)}
    sel.close()
    open_count = 0
    for s in socks:
        if s not in readable:
            open_count += 1
            continue
        try:
            if s.recv(1, socket.MSG_PEEK):
                open_count += 1
        except OSError:
            pass
    return open_count


def main():
    host, port, path, n = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    idle, failed, seconds = open_all(host, port, path, n)
    print(json.dumps({"open": len(idle), "failed": failed, "seconds": round(seconds, 3)}),
          flush=True)
    sys.stdin.readline()
    print(json.dumps({"still_open": count_open(idle)}), flush=True)
    for s in idle:
        s.close()


if __name__ == "__main__":
    main()
