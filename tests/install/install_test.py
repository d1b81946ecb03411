#!/usr/bin/env python3
"""install: the package `make install` makes serves a library user. The build tree is installed
into a temporary prefix (cmake --install), then app.cc, a user's program, is built against it:

  - with pkg-config (`g++ -Wall -Wextra -Wpedantic -Werror app.cc $(pkg-config --cflags --libs
    nodecc)`), whose Cflags must name the headers with -isystem;
  - with CMake (consumer/: find_package(nodecc), nodecc::nodecc), whose compile line must also
    name them with -isystem;
  - both again with every object of libnodecc.a linked (--whole-archive), so a system library
    the package does not hand on fails the link even when app.cc does not reach it;
  - every public header in one file with -I (not -isystem) and -Werror, with g++ and with
    clang++-14, and app.cc too: the headers themselves must not warn;
  - documented.cc (forms the docs show) with g++ -O2 -Werror: warnings that only the
    optimizer raises (GCC 12's -Wmaybe-uninitialized) must not fail a user's release build.

Each program built runs on 127.0.0.1 (a port it picks) and must answer curl with the body the
test computes. The installed nodecc command must print its version.

    install_test.py --build-dir BUILD --source-dir tests/install --cxx g++
"""
import argparse
import base64
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = 300  # one build step
RUN_TIMEOUT = 20
WARNINGS = ["-Wall", "-Wextra", "-Wpedantic", "-Werror"]


class Checks:
    def __init__(self):
        self.failures = 0

    def expect(self, ok, what, detail=""):
        print(f"{'ok  ' if ok else 'FAIL'} {what}" + (f"\n     {detail}" if detail and not ok else ""),
              flush=True)
        if not ok:
            self.failures += 1
        return ok


def run(argv, env=None, cwd=None):
    r = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)
    return r.returncode, r.stdout.strip(), (r.stdout + r.stderr).strip()


def isystem_dirs(flags):
    """The directories of -isystem DIR and -isystemDIR in flags, resolved."""
    dirs = []
    for i, flag in enumerate(flags):
        if flag == "-isystem" and i + 1 < len(flags):
            dirs.append(os.path.realpath(flags[i + 1]))
        elif flag.startswith("-isystem") and flag != "-isystem":
            dirs.append(os.path.realpath(flag[len("-isystem"):]))
    return dirs


def serve_once(checks, binary, what):
    """Starts binary, reads its port, asks one request with curl, expects the body and exit 0."""
    name = "install-test"
    want = json.dumps({"name": name, "sha256": hashlib.sha256(name.encode()).hexdigest(),
                       "base64": base64.b64encode(name.encode()).decode()},
                      separators=(",", ":"))
    proc = subprocess.Popen([binary], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = proc.stdout.readline().strip()
        if not checks.expect(port.isdigit(), f"{what}: prints its port", f"got {port!r}"):
            return
        r = subprocess.run(["curl", "-sS", "--max-time", "10",
                            f"http://127.0.0.1:{port}/greet?name={name}"],
                           capture_output=True, text=True, timeout=RUN_TIMEOUT)
        checks.expect(r.returncode == 0 and r.stdout == want, f"{what}: curl gets the body",
                      f"curl exit {r.returncode}, body {r.stdout!r}, want {want!r}, {r.stderr}")
        status = proc.wait(timeout=RUN_TIMEOUT)
        checks.expect(status == 0, f"{what}: ends by itself with status 0",
                      f"status {status}: {proc.stderr.read()}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build-dir", required=True, help="the built tree to install")
    ap.add_argument("--source-dir", required=True, help="tests/install")
    ap.add_argument("--cxx", required=True, help="the C++ compiler the tree was built with")
    args = ap.parse_args()
    source = os.path.abspath(args.source_dir)
    app = os.path.join(source, "app.cc")
    checks = Checks()
    work = tempfile.mkdtemp(prefix="nodecc-install-")
    try:
        prefix = os.path.join(work, "prefix")
        code, _, out = run(["cmake", "--install", args.build_dir, "--prefix", prefix])
        if not checks.expect(code == 0, "cmake --install into a temporary prefix", out):
            return 1
        libdir = os.path.dirname(glob.glob(os.path.join(prefix, "lib*", "libnodecc.a"))[0])
        include = os.path.join(prefix, "include")

        code, out, _ = run([os.path.join(prefix, "bin", "nodecc"), "--version"])
        checks.expect(code == 0 and out.startswith("nodecc "), "bin/nodecc --version", out)

        # pkg-config.
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(libdir, "pkgconfig"))
        code, cflags, out = run(["pkg-config", "--cflags", "nodecc"], env=env)
        checks.expect(code == 0 and os.path.realpath(include) in isystem_dirs(cflags.split()),
                      "pkg-config --cflags names the headers with -isystem", out)
        code, libs, out = run(["pkg-config", "--libs", "nodecc"], env=env)
        if checks.expect(code == 0, "pkg-config --libs nodecc", out):
            exe = os.path.join(work, "app-pkg-config")
            code, _, out = run([args.cxx, *WARNINGS, app, "-o", exe, *cflags.split(),
                                *libs.split()])
            if checks.expect(code == 0, "app.cc builds with pkg-config and -Werror", out):
                serve_once(checks, exe, "pkg-config build")
            code, _, out = run([args.cxx, *WARNINGS, app, "-o", exe + "-whole", *cflags.split(),
                                "-Wl,--whole-archive", os.path.join(libdir, "libnodecc.a"),
                                "-Wl,--no-whole-archive", *libs.split()])
            checks.expect(code == 0, "all of libnodecc.a links with pkg-config's libraries", out)

        # CMake.
        build = os.path.join(work, "consumer")
        code, _, out = run(["cmake", "-S", os.path.join(source, "consumer"), "-B", build,
                            f"-DCMAKE_PREFIX_PATH={prefix}", f"-DCMAKE_CXX_COMPILER={args.cxx}",
                            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", f"-DNODECC_APP={app}"])
        if checks.expect(code == 0, "find_package(nodecc) configures", out):
            code, _, out = run(["cmake", "--build", build])
            checks.expect(code == 0, "app.cc builds with CMake and -Werror, and all of "
                          "libnodecc.a links with the package's libraries", out)
            with open(os.path.join(build, "compile_commands.json")) as f:
                commands = [c["command"] for c in json.load(f)]
            checks.expect(all(os.path.realpath(include) in isystem_dirs(c.split())
                              for c in commands),
                          "CMake names the headers with -isystem", "\n".join(commands))
            if code == 0:
                serve_once(checks, os.path.join(build, "app"), "CMake build")

        # The headers themselves, as a user including them with -I sees them: every public one
        # (nodecc/detail/ holds their insides, included by them, not on their own).
        headers = sorted(os.path.relpath(h, include)
                         for h in glob.glob(os.path.join(include, "nodecc", "*.h")))
        all_headers = os.path.join(work, "all_headers.cc")
        with open(all_headers, "w") as f:
            f.writelines(f"#include <{h}>\n" for h in headers)
            f.write("int main() { return 0; }\n")
        compilers = {os.path.realpath(shutil.which(c)): c
                     for c in ("clang++-14", "g++", args.cxx) if shutil.which(c)}
        for cxx in compilers.values():
            for source_file in (all_headers, app):
                code, _, out = run([cxx, "-std=c++20", *WARNINGS, "-fsyntax-only",
                                    f"-I{include}", source_file])
                checks.expect(code == 0, f"{os.path.basename(source_file)} with -I{include}: no "
                              f"warning from {cxx} ({len(headers)} headers)", out)
        # The docs' forms with the optimizer on: GCC's flow-based warnings need it.
        documented = os.path.join(args.source_dir, "documented.cc")
        gxx = shutil.which("g++") or args.cxx
        code, _, out = run([gxx, "-std=c++20", "-O2", *WARNINGS, "-c", "-o", os.devnull,
                            f"-I{include}", documented])
        checks.expect(code == 0, f"documented.cc with -O2: no warning from {gxx}", out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{checks.failures} failure(s)")
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
