#!/usr/bin/env python3
"""Traversal attempts over raw sockets (so no client normalizes them): every one is refused
(400/403/404) and no response carries the secret kept beside the root. Symbolic links out of
the root are refused unless --follow-symlinks; links inside it work."""
import os

from statictest import ServeProcess, Tree, check, parse_args, raw, run

SECRET = b"TOP-SECRET-CONTENT"

ATTEMPTS = [
    "/../secret.txt",
    "/../../../../etc/passwd",
    "/..",
    "/%2e%2e/secret.txt",
    "/%2E%2E/secret.txt",
    "/.%2e/secret.txt",
    "/%2e./secret.txt",
    "/..%2fsecret.txt",
    "/..%2Fsecret.txt",
    "/%2e%2e%2fsecret.txt",
    "/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    "/..\\secret.txt",
    "/..%5csecret.txt",
    "/..%5Csecret.txt",
    "/public.txt%00",
    "/public.txt%00.html",
    "/..%00/secret.txt",
    "/a/../../secret.txt",
    "/./../secret.txt",
    "//../secret.txt",
    "/%252e%252e/secret.txt",
    "/..;/secret.txt",
    "/%c0%ae%c0%ae/secret.txt",
    "/.%2e/.%2e/etc/passwd",
    "/....//secret.txt",
    "/link-out",
    "/abs-link",
    "/dir-link/secret.txt",
    "/inner/../../secret.txt",
    "http://localhost/../secret.txt",
    "../secret.txt",
    "/%2e%2e",
    "/.%00./secret.txt",
]


def refused(port, target):
    req = f"GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    r = raw(port, req.encode("latin1"))
    check(r.status in (400, 403, 404), f"{target!r}: status {r.status}")
    check(SECRET not in r.body and b"root:" not in r.body, f"{target!r} leaked content")
    return r.status


def main():
    args = parse_args()
    with Tree() as t:
        t.write("secret.txt", SECRET)
        t.write("root/public.txt", "public")
        t.write("root/inner/file.txt", "inner")
        root = t.at("root")
        os.symlink("../secret.txt", t.at("root/link-out"))
        os.symlink("/etc/passwd", t.at("root/abs-link"))
        os.symlink("..", t.at("root/dir-link"))
        os.symlink("inner/file.txt", t.at("root/link-in"))
        with ServeProcess(args.bin_dir, root) as srv:
            statuses = {}
            for target in ATTEMPTS:
                statuses[target] = refused(srv.port, target)
            check(len(ATTEMPTS) >= 25, "at least 25 attempts")
            check(statuses["/link-out"] == 403, f"link out: {statuses['/link-out']}")
            check(statuses["/../secret.txt"] == 400, "climbing above the root is 400")
            ok = raw(srv.port, b"GET /link-in HTTP/1.1\r\nHost: x\r\n\r\n")
            check(ok.status == 200 and ok.body == b"inner", f"link inside the root: {ok}")
            ok = raw(srv.port, b"GET /public.txt HTTP/1.1\r\nHost: x\r\n\r\n")
            check(ok.status == 200 and ok.body == b"public", "the server still serves")
        with ServeProcess(args.bin_dir, root, "--follow-symlinks") as srv:
            r = raw(srv.port, b"GET /link-out HTTP/1.1\r\nHost: x\r\n\r\n")
            check(r.status == 200 and r.body == SECRET, f"--follow-symlinks follows: {r}")
            refused(srv.port, "/../secret.txt")
            refused(srv.port, "/%2e%2e/secret.txt")
        print(f"{len(ATTEMPTS)} traversal attempts refused")


if __name__ == "__main__":
    run(main)
