#!/usr/bin/env python3
"""`make bench-fs-scan`: the file-scanning workload, nodecc against Node.js (sync fs, and
fs.promises with every discovered file in flight), on generated projects of 10, 50, 100, 500
and 1500 files.

    run.py --build BUILD_DIR [--sizes 10,50,...] [--runs N] [--warmup N] [--cpu C]
           [--no-unpinned] [--quick] [--out DIR] [--embed]

For each size: the project is generated (gen.py), every scanner's output is checked against
the generator's counts, then hyperfine (-N, warm-up runs first, so the page cache is warm)
times each scanner's whole process, pinned with `taskset -c CPU` (threads included: the
thread pools share that CPU), and again unpinned. Each scanner is also run --time, interleaved
(A B C D A B C D ...), for its in-process scan time without start-up. Writes
bench/fs-scan/results/DATE-COMMIT[-quick].{md,json} and prints the Markdown (README.md).
"""
import argparse
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402

SIZES = [10, 50, 100, 500, 1500]
LABELS = {"nodecc": "nodecc", "nodecc-cb": "nodecc (callbacks)", "node-sync": "Node sync",
          "node-async": "Node async"}
TARGET_SIZE, TARGET_RATIO = 1500, 2.0


def scanners(build_dir, node):
    exe = os.path.join(build_dir, "bin", "fs-scan")
    return {"nodecc": [exe], "nodecc-cb": [exe, "--callbacks"],
            "node-sync": [node, os.path.join(HERE, "scan_sync.js")],
            "node-async": [node, os.path.join(HERE, "scan_async.js")]}


def first_line(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        out = (r.stdout + r.stderr).strip()
        return out.splitlines()[0] if out else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "not found"


def machine_info(build_dir):
    cpu = "unknown"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    compiler = "?"
    cache = os.path.join(build_dir, "CMakeCache.txt")
    if os.path.exists(cache):
        with open(cache) as f:
            for line in f:
                if line.startswith("CMAKE_CXX_COMPILER:"):
                    compiler = first_line([line.split("=", 1)[1].strip(), "--version"])
    return {"CPU": f"{cpu}, {os.cpu_count()} logical CPUs",
            "kernel": f"{platform.system()} {platform.release()}",
            "load average at start": " ".join(f"{x:.2f}" for x in os.getloadavg()),
            "nodecc compiler": compiler, "Node.js": first_line(["node", "--version"]),
            "hyperfine": first_line(["hyperfine", "--version"]),
            "thread pools": "nodecc NODECC_THREADPOOL_SIZE="
                            f"{os.environ.get('NODECC_THREADPOOL_SIZE', '4 (default)')}, "
                            f"Node UV_THREADPOOL_SIZE={os.environ.get('UV_THREADPOOL_SIZE', '4 (default)')}"}


def git_commit():
    commit = first_line(["git", "-C", REPO, "rev-parse", "--short", "HEAD"])
    r = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                       capture_output=True, text=True)
    return commit, bool(r.stdout.strip())


def busy_fraction(cpus, seconds=0.5):
    """The busy share of the given CPUs over `seconds`, from /proc/stat."""
    def sample():
        out = {}
        with open("/proc/stat") as f:
            for line in f:
                name, *vals = line.split()
                if name.startswith("cpu") and name[3:] in cpus:
                    v = list(map(int, vals))
                    out[name] = (sum(v), v[3] + v[4])  # total, idle + iowait
        return out
    a = sample()
    time.sleep(seconds)
    b = sample()
    total = sum(b[k][0] - a[k][0] for k in b)
    idle = sum(b[k][1] - a[k][1] for k in b)
    return 1 - idle / total if total else 0.0


def check_outputs(cmds, entry, expected):
    for name, argv in cmds.items():
        r = subprocess.run(argv + [entry], capture_output=True, text=True, timeout=300)
        if r.returncode != 0 or r.stdout.strip() != expected:
            sys.exit(f"{name} printed {r.stdout.strip()!r} (exit {r.returncode}), expected "
                     f"{expected!r}: {r.stderr[-500:]}")


def hyperfine(cmds, entry, pin, runs, warmup, tmp):
    out = os.path.join(tmp, "hyperfine.json")
    argv = (["taskset", "-c", pin] if pin is not None else []) + [
        "hyperfine", "-N", "--style", "basic", "--warmup", str(warmup), "--runs", str(runs),
        "--export-json", out]
    for name, cmd in cmds.items():
        argv += ["-n", name, " ".join(shlex.quote(a) for a in cmd + [entry])]
    r = subprocess.run(argv, capture_output=True, text=True, timeout=3600)
    if r.returncode != 0:
        sys.exit(f"hyperfine failed: {r.stderr[-1000:]}")
    with open(out) as f:
        results = json.load(f)["results"]
    return {res["command"]: {"median_ms": res["median"] * 1e3, "min_ms": res["min"] * 1e3,
                             "max_ms": res["max"] * 1e3, "mean_ms": res["mean"] * 1e3,
                             "stddev_ms": (res["stddev"] or 0) * 1e3, "runs": len(res["times"]),
                             "cpu_ms": (res["user"] + res["system"]) * 1e3}
            for res in results}


def scan_times(cmds, entry, pin, runs):
    """Median of the scanners' own --time figures, runs interleaved across scanners."""
    times = {name: [] for name in cmds}
    prefix = ["taskset", "-c", pin] if pin is not None else []
    for _ in range(runs):
        for name, cmd in cmds.items():
            r = subprocess.run(prefix + cmd + [entry, "--time"], capture_output=True, text=True,
                               timeout=300)
            line = [x for x in r.stderr.splitlines() if x.startswith("scan-ms ")]
            if r.returncode != 0 or not line:
                sys.exit(f"{name} --time failed: {r.stderr[-500:]}")
            times[name].append(float(line[-1].split()[1]))
    return {name: {"median_ms": statistics.median(v), "min_ms": min(v), "max_ms": max(v)}
            for name, v in times.items()}


def ms(x):
    return f"{x:.2f} ms" if x < 10 else f"{x:.1f} ms" if x < 100 else f"{x:.0f} ms"


def cell(s):
    return f"{ms(s['median_ms'])} ({ms(s['min_ms'])}–{ms(s['max_ms'])})"


def cpu_table(rows, key, mode_note):
    names = list(LABELS)
    lines = ["| files | " + " | ".join(LABELS[n] for n in names) + " | Node async / nodecc |",
             "|" + "---:|" * (len(names) + 2)]
    for row in rows:
        t = row[key]
        ratio = t["node-async"]["cpu_ms"] / t["nodecc"]["cpu_ms"]
        lines.append(f"| {row['files']} | " + " | ".join(ms(t[n]["cpu_ms"]) for n in names) +
                     f" | {ratio:.1f}x |")
    return f"{mode_note}\n\n" + "\n".join(lines)


def table(rows, key, mode_note):
    names = list(LABELS)
    head = "| files | " + " | ".join(LABELS[n] for n in names) + " | Node async / nodecc | Node sync / nodecc |"
    lines = [head, "|" + "---:|" * (len(names) + 3)]
    for row in rows:
        if key not in row:
            continue
        t = row[key]
        ratio = t["node-async"]["median_ms"] / t["nodecc"]["median_ms"]
        ratio_sync = t["node-sync"]["median_ms"] / t["nodecc"]["median_ms"]
        busy = f" ⚠ CPU {row['busy'] * 100:.0f}% busy" if row["busy"] > 0.10 else ""
        lines.append(f"| {row['files']}{busy} | " + " | ".join(cell(t[n]) for n in names) +
                     f" | {ratio:.1f}x | {ratio_sync:.1f}x |")
    return f"{mode_note}\n\n" + "\n".join(lines)


def markdown(meta, rows, cfg, embed=False):
    """The report; embed: as a section of `make bench`'s report (headings one level down, no
    machine list: that report has its own)."""
    md = [f"# fs-scan: {meta['date']}, commit {meta['commit']}" +
          (" (quick)" if cfg.quick else ""), ""]
    if not embed:
        md += [f"- {k}: {v}" for k, v in meta["machine"].items()] + [""]
    md += [meta["method"], ""]
    md += ["| files | bytes | files on disk (dead ones) | constants | functions | import edges | external imports |",
           "|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        m = r["manifest"]
        md.append(f"| {m['files']} | {m['bytes']:,} | {m['on_disk']} ({m['dead']}) | "
                  f"{m['constants']} | {m['functions']} | {m['imports']} | {m['external']} |")
    pin_note = f"pinned to CPU {cfg.cpu} (the scanner and its thread pool)"
    md += ["", "## Wall time of a whole run, " + pin_note, "",
           table(rows, "wall_pinned", f"hyperfine median (min–max) of {cfg.runs} runs after "
                 f"{cfg.warmup} warm-up runs; process start-up included.")]
    md += ["", "## CPU time of a whole run (user + system, all threads), " + pin_note, "",
           cpu_table(rows, "wall_pinned", "hyperfine's mean user + system time over the same "
                     "runs: what the scan costs the machine, and less sensitive than wall time "
                     "to other load on a shared machine.")]
    md += ["", "## Scan time inside the process (start-up excluded), " + pin_note, "",
           table(rows, "scan_pinned", f"Each scanner's own `--time` (from the first line of "
                 f"main / of the script to the printed result), median (min–max) of "
                 f"{cfg.scan_runs} runs interleaved across scanners.")]
    if not cfg.no_unpinned:
        md += ["", "## Wall time of a whole run, not pinned (all CPUs)", "",
               table(rows, "wall_free", f"hyperfine median (min–max) of {cfg.runs} runs.")]
    target = [r for r in rows if r["files"] == TARGET_SIZE]
    if target:
        t = target[0]
        md += ["", f"## Target (issue 4): at {TARGET_SIZE} files nodecc >= {TARGET_RATIO:.0f}x "
               "faster than Node's async scanner", ""]
        for key, what, field in (("wall_pinned", "wall time, pinned", "median_ms"),
                                 ("wall_pinned", "CPU time, pinned", "cpu_ms"),
                                 ("scan_pinned", "scan time, pinned", "median_ms"),
                                 ("wall_free", "wall time, not pinned", "median_ms")):
            if key in t:
                ratio = t[key]["node-async"][field] / t[key]["nodecc"][field]
                md.append(f"- {what}: {ratio:.1f}x ({'met' if ratio >= TARGET_RATIO else 'NOT met'})")
    if embed:
        md = ["#" + line if line.startswith("#") else line for line in md]
    return "\n".join(md) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--build", default=os.path.join(REPO, "build"), help="nodecc Release build dir")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--runs", type=int, help="hyperfine runs per scanner and size (30; quick 10)")
    ap.add_argument("--warmup", type=int, default=3, help="hyperfine warm-up runs")
    ap.add_argument("--scan-runs", type=int, help="--time runs per scanner and size (15; quick 5)")
    ap.add_argument("--cpu", default="0", help="the CPU of the pinned runs")
    ap.add_argument("--no-unpinned", action="store_true", help="skip the unpinned wall times")
    ap.add_argument("--quick", action="store_true", help="fewer runs")
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    ap.add_argument("--embed", action="store_true",
                    help="print the report as a section of make bench's (bench/http/bench.py)")
    cfg = ap.parse_args()
    cfg.runs = cfg.runs or (10 if cfg.quick else 30)
    cfg.scan_runs = cfg.scan_runs or (5 if cfg.quick else 15)
    build_dir = os.path.abspath(cfg.build)
    node = shutil.which("node")
    for tool, hint in (("hyperfine", "run bench/fs-scan/install-deps.sh (apt-get install hyperfine)"),
                       ("taskset", "apt-get install util-linux")):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not installed: {hint}")
    if node is None:
        sys.exit("node not installed")
    cmds = scanners(build_dir, node)
    if not os.access(cmds["nodecc"][0], os.X_OK):
        sys.exit(f"{cmds['nodecc'][0]} missing: build the fs-scan target first")

    commit, dirty = git_commit()
    meta = {"date": time.strftime("%Y-%m-%d"),
            "commit": commit + (" (with uncommitted changes)" if dirty else ""),
            "machine": machine_info(build_dir)}
    meta["method"] = (
        f"Projects from `gen.py --seed {cfg.seed}`; every scanner's output checked against the "
        f"generator's counts before timing. Scanners: `build/bin/fs-scan` (co_await "
        f"fs::promises::readFile, Promise::all per file), `fs-scan --callbacks` (fs::readFile "
        f"callbacks), `node scan_sync.js` (readFileSync), `node scan_async.js` "
        f"(fs.promises.readFile, Promise.all per file). hyperfine -N (no shell); warm cache: "
        f"{cfg.warmup} warm-up runs per scanner and size read every file first. Pinned runs: "
        f"hyperfine under `taskset -c {cfg.cpu}`, so each scanner and all its threads (loop, "
        f"thread pool; V8's helper threads) share CPU {cfg.cpu}. The busy share of the "
        f"benchmark CPUs is sampled for 0.5 s before each size; over 10% is flagged ⚠.")
    sizes = [int(s) for s in cfg.sizes.split(",")]
    pins = [("pinned", cfg.cpu)] + ([] if cfg.no_unpinned else [("free", None)])
    rows = []
    tmp = tempfile.mkdtemp(prefix="nodecc-fsscan-bench-")
    try:
        for n in sizes:
            proj = os.path.join(tmp, f"p{n}")
            manifest = gen.generate(proj, n, cfg.seed)
            entry = os.path.join(proj, "index.js")
            check_outputs(cmds, entry, manifest["expected"])
            cpus = [cfg.cpu] if cfg.no_unpinned else [str(c) for c in range(os.cpu_count())]
            row = {"files": n, "manifest": manifest, "busy": busy_fraction(cpus)}
            for mode, pin in pins:
                print(f"fs-scan: {n} files, {mode}: hyperfine", file=sys.stderr)
                row[f"wall_{mode}"] = hyperfine(cmds, entry, pin, cfg.runs, cfg.warmup, tmp)
            print(f"fs-scan: {n} files: in-process scan times", file=sys.stderr)
            row["scan_pinned"] = scan_times(cmds, entry, cfg.cpu, cfg.scan_runs)
            w = row["wall_pinned"]
            print(f"fs-scan: {n} files: " + ", ".join(
                f"{LABELS[k]} {ms(v['median_ms'])}" for k, v in w.items()), file=sys.stderr)
            rows.append(row)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    md = markdown(meta, rows, cfg)
    os.makedirs(cfg.out, exist_ok=True)
    stem = os.path.join(cfg.out, f"{meta['date']}-{commit}" + ("-quick" if cfg.quick else ""))
    with open(stem + ".md", "w") as f:
        f.write(md)
    with open(stem + ".json", "w") as f:
        json.dump({"meta": meta, "rows": rows}, f, indent=1)
    print(markdown(meta, rows, cfg, embed=True) if cfg.embed else md)
    print(f"wrote {os.path.relpath(stem, REPO)}.md, .json", file=sys.stderr)


if __name__ == "__main__":
    main()
