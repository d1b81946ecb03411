"""Turns the cells of one `make bench` run into the Markdown report (per-scenario tables, the
idle-connection table, issue 5's target table) and the PNG plots."""
import statistics

from peers import LABELS

SCENARIO_TITLES = {
    "hello": "hello (13-byte body), 100 connections",
    "echo": "echo app (GET /?value=hello-world), 100 connections",
    "static-13": "static file, 13 B, 100 connections",
    "static-1k": "static file, 1 KiB, 100 connections",
    "static-100k": "static file, 100 KiB, 100 connections",
    "pipeline": "16-deep pipelining (hello), 256 connections",
    "workers2": "hello with two workers, 2-thread wrk, nothing pinned, 100 connections",
}


def summarize(cells):
    """{(scenario, peer, conns): stats} over the repetitions of each cell that succeeded."""
    groups = {}
    for c in cells:
        key = (c["scenario"], c["peer"], c.get("conns"))
        groups.setdefault(key, []).append(c)
    out = {}
    for key, runs in groups.items():
        ok = [r["result"] for r in runs if r.get("result")]
        s = {"runs": len(runs), "ok": len(ok),
             "failures": [r["error"] for r in runs if r.get("error")],
             # Repetition number -> result: the peers of one repetition ran back to back, so
             # their ratio is free of the drift between repetitions (see target_rows).
             "by_rep": {r.get("rep"): r["result"] for r in runs if r.get("result")}}
        if ok:
            for field in ("rps", "rps_per_cpu", "p50_us", "p99_us", "p999_us", "server_cpu_util",
                          "bytes_per_conn", "open", "still_open", "rss_before_kib", "rss_after_kib"):
                vals = [r[field] for r in ok if r.get(field) is not None]
                if vals:
                    s[field] = statistics.median(vals)
                    s[field + "_min"] = min(vals)
                    s[field + "_max"] = max(vals)
            s["errors"] = sum(r.get("errors", 0) + r.get("failed", 0) for r in ok)
            s["busy_runs"] = sum(1 for r in ok if not r.get("idle", True))
        out[key] = s
    return out


def k(x):
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.2f}M"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}"


def lat(us):
    if us is None:
        return "-"
    return f"{us:.0f} µs" if us < 1000 else f"{us / 1000:.2f} ms"


def spread(s, field, fmt):
    if field not in s:
        return "-"
    if s[field + "_min"] == s[field + "_max"]:
        return fmt(s[field])
    return f"{fmt(s[field])} ({fmt(s[field + '_min'])}–{fmt(s[field + '_max'])})"


def _flags(s):
    notes = []
    if s.get("errors"):
        notes.append(f"{s['errors']} errors")
    if s.get("busy_runs"):
        notes.append(f"{s['busy_runs']} run(s) on a busy machine")
    if s["ok"] < s["runs"]:
        notes.append(f"{s['runs'] - s['ok']} run(s) failed")
    return "; ".join(notes)


def wrk_table(summary, scenario, peers, conns, latency=True):
    rows = ["| peer | req/s | req per server CPU-s | server CPU | p50 | p99 | notes |",
            "|---|---:|---:|---:|---:|---:|---|"]
    lat_or_dash = lat if latency else (lambda us: "-")
    for p in peers:
        s = summary.get((scenario, p, conns))
        if s is None:
            continue
        if not s["ok"]:
            rows.append(f"| {LABELS[p]} | failed | | | | | {s['failures'][0][:120]} |")
            continue
        rows.append(f"| {LABELS[p]} | {spread(s, 'rps', k)} | {spread(s, 'rps_per_cpu', k)} | "
                    f"{s['server_cpu_util'] * 100:.0f}% | {lat_or_dash(s.get('p50_us'))} | "
                    f"{lat_or_dash(s.get('p99_us'))} | {_flags(s)} |")
    return rows


def sweep_table(summary, peers, conn_list):
    rows = ["| peer | connections | req/s | req per server CPU-s | p50 | p99 | p99.9 | notes |",
            "|---|---:|---:|---:|---:|---:|---:|---|"]
    for p in peers:
        for c in conn_list:
            s = summary.get(("sweep", p, c))
            if s is None:
                continue
            if not s["ok"]:
                rows.append(f"| {LABELS[p]} | {c} | failed | | | | | {s['failures'][0][:120]} |")
                continue
            rows.append(f"| {LABELS[p]} | {c} | {spread(s, 'rps', k)} | {k(s.get('rps_per_cpu'))} | "
                        f"{lat(s.get('p50_us'))} | {lat(s.get('p99_us'))} | "
                        f"{lat(s.get('p999_us'))} | {_flags(s)} |")
    return rows


def idle_table(summary, peers, n):
    rows = ["| peer | connections open | still open at measurement | RSS before | RSS after | "
            "bytes per connection | notes |",
            "|---|---:|---:|---:|---:|---:|---|"]
    for p in peers:
        s = summary.get(("idle", p, n))
        if s is None:
            continue
        if not s["ok"]:
            rows.append(f"| {LABELS[p]} | failed | | | | | {s['failures'][0][:120]} |")
            continue
        rows.append(f"| {LABELS[p]} | {s.get('open', 0):.0f} | {s.get('still_open', 0):.0f} | "
                    f"{s['rss_before_kib'] / 1024:.1f} MiB | {s['rss_after_kib'] / 1024:.1f} MiB | "
                    f"{spread(s, 'bytes_per_conn', lambda x: f'{x:,.0f}')} | {_flags(s)} |")
    return rows


def target_rows(summary, idle_n, sweep_max, unavailable):
    """Issue 5's targets (and issue 4's static ones), each as (target, measured, verdict)."""
    def get(scn, peer, conns, field):
        s = summary.get((scn, peer, conns))
        return s.get(field) if s else None

    def ratio(a, b):
        return a / b if a is not None and b else None

    def per_rep(scn, a, b, conns, field):
        """a/b within each repetition that both cells completed, in repetition order."""
        sa, sb = summary.get((scn, a, conns)), summary.get((scn, b, conns))
        if not sa or not sb:
            return []
        ra, rb = sa.get("by_rep", {}), sb.get("by_rep", {})
        both = sorted(set(ra) & set(rb), key=lambda n: (n is None, n))
        ratios = [ratio(ra[n].get(field), rb[n].get(field)) for n in both]
        return [r for r in ratios if r is not None]

    rows = []

    def add(text, value, goal, higher_is_better=True, fmt="{:.2f}x", peers=("nodecc",), reps=()):
        """A row; goal None reports the value without a verdict. `peers`: the servers the value
        came from, named in "not measured" when one of them did not run."""
        if value is None:
            why = [f"{LABELS[p]}: {unavailable[p]}" for p in peers if p in unavailable]
            rows.append((text, "not measured" + (f" ({'; '.join(why)})" if why else ""), "n/a"))
            return
        measured = fmt.format(value)
        if len(reps) > 1:
            # The verdict is on the ratio of the medians; the ratio within each repetition
            # shows how firmly it stands.
            measured += " (per repetition: " + ", ".join(f"{r:.2f}" for r in reps) + ")"
        if goal is None:
            verdict = "reported"
        elif value >= goal if higher_is_better else value <= goal:
            verdict = "pass"
        else:
            verdict = "FAIL"
        rows.append((text, measured, verdict))

    def add_ratio(text, scn, peer, conns, field, goal, server="nodecc"):
        """server / peer in one cell: the ratio of the medians, and within each repetition."""
        add(text, ratio(get(scn, server, conns, field), get(scn, peer, conns, field)), goal,
            peers=(server, peer), reps=per_rep(scn, server, peer, conns, field))

    hello = lambda peer, f: get("sweep", peer, 100, f)
    add_ratio("hello c=100: per CPU-s >= 3.0x Node.js", "sweep", "node", 100, "rps_per_cpu", 3.0)
    add_ratio("hello c=100: per CPU-s >= 2.0x Go", "sweep", "go", 100, "rps_per_cpu", 2.0)
    add_ratio("hello c=100: per CPU-s >= 1.2x h2o", "sweep", "h2o", 100, "rps_per_cpu", 1.2)
    add_ratio("hello c=100: per CPU-s >= 0.93x ceiling", "sweep", "ceiling", 100, "rps_per_cpu",
              0.93)
    # What the ratios above can reach in this run: the ceiling does no work in user space, so no
    # server with the same syscalls per request gets further ahead of Node.js or Go than it.
    for peer, name in (("node", "Node.js"), ("go", "Go")):
        add_ratio(f"hello c=100: the ceiling's own per CPU-s against {name}, the bound for any "
                  "server (reported, no goal)", "sweep", peer, 100, "rps_per_cpu", None,
                  server="ceiling")
    peers_rps = [hello(p, "rps") for p in ("node", "go", "nginx", "h2o") if hello(p, "rps")]
    add("hello c=100: req/s >= best peer (Node, Go, nginx, h2o)",
        ratio(hello("nodecc", "rps"), max(peers_rps) if peers_rps else None), 1.0)
    add_ratio("echo c=100: per CPU-s >= 3.0x Node.js", "echo", "node", 100, "rps_per_cpu", 3.0)
    add_ratio("echo c=100: per CPU-s >= 2.0x Go", "echo", "go", 100, "rps_per_cpu", 2.0)
    add_ratio("16-deep pipelining c=256: req/s >= 0.9x ceiling", "pipeline", "ceiling", 256, "rps",
              0.9)
    add_ratio("16-deep pipelining c=256: req/s vs the ceiling sending Node's keep-alive headers, "
              "nodecc's 162 bytes (reported, no goal)", "pipeline", "ceiling-ka", 256, "rps", None)
    p99 = lambda peer: get("sweep", peer, sweep_max, "p99_us")
    label = f"{sweep_max} connections"
    add(f"{label}: p99 below Go's (nodecc / Go)", ratio(p99("nodecc"), p99("go")), 1.0,
        higher_is_better=False, peers=("nodecc", "go"))
    add(f"{label}: p99 below a tenth of Node's (nodecc / Node)", ratio(p99("nodecc"), p99("node")),
        0.1, higher_is_better=False, peers=("nodecc", "node"))
    idle_label = f"{idle_n:,} idle connections" if idle_n else "10,000 idle connections"
    mem = lambda peer: get("idle", peer, idle_n, "bytes_per_conn")
    add(f"{idle_label}: <= 1 KiB per connection", mem("nodecc"), 1024,
        higher_is_better=False, fmt="{:,.0f} B")
    others = [(p, mem(p)) for p in ("node", "go", "nginx", "h2o", "ceiling") if mem(p) is not None]
    if mem("nodecc") is not None and others:
        worst = [p for p, v in others if p != "ceiling" and v <= mem("nodecc")]
        rows.append((f"{idle_label}: less than each peer",
                     ", ".join(f"{LABELS[p]} {v:,.0f} B" for p, v in others),
                     "FAIL (" + ", ".join(LABELS[p] for p in worst) + ")" if worst else "pass"))
    for size in ("13", "1k", "100k"):
        scn = f"static-{size}"
        srv = lambda peer, f: get(scn, peer, 100, f)
        for peer in ("nginx", "h2o"):
            add(f"static {size}: req/s >= 1.0x {LABELS[peer]}",
                ratio(srv("nodecc-serve", "rps"), srv(peer, "rps")), 1.0,
                peers=("nodecc-serve", peer))
            add(f"static {size}: per CPU-s > 1.0x {LABELS[peer]}",
                ratio(srv("nodecc-serve", "rps_per_cpu"), srv(peer, "rps_per_cpu")), 1.0,
                peers=("nodecc-serve", peer))
    w2 = lambda peer, f: get("workers2", peer, 100, f)
    for field, name in (("rps", "req/s"), ("rps_per_cpu", "per CPU-s")):
        add(f"--workers 2 vs nginx 2 workers: {name} ratio (reported, no goal)",
            ratio(w2("nodecc-w2", field), w2("nginx-w2", field)), None,
            peers=("nodecc-w2", "nginx-w2"))
    return rows


def markdown(meta, summary, plan, unavailable, plots):
    out = [f"# make bench{' (quick)' if meta['quick'] else ''}: {meta['date']}, commit {meta['commit']}",
           ""]
    out += ["## Machine", ""]
    for key, value in meta["machine"].items():
        out.append(f"- {key}: {value}")
    out += ["", "## Method", "", meta["method"], ""]
    if unavailable:
        out += ["## Peers that did not run", ""]
        out += [f"- {LABELS.get(p, p)}: {why}" for p, why in sorted(unavailable.items())]
        out.append("")
    out += ["## Results", "",
            "Medians over the repetitions, (min–max) when they differ. req per server CPU-s: "
            "requests completed divided by the server process tree's utime+stime during the run. "
            "server CPU: that CPU time over the wall time (100% = the server's core saturated).",
            ""]
    for scn in plan["wrk_scenarios"]:
        peers = plan["peers"][scn]
        if scn == "hello":
            rows = wrk_table(summary, "sweep", peers, 100)
        elif scn == "pipeline":
            # wrk corrects latencies for coordinated omission with an interval computed per
            # response, 16 times too short for batches: its percentiles are wrong here.
            rows = wrk_table(summary, "pipeline", peers, 256, latency=False)
        else:
            rows = wrk_table(summary, scn, peers, 100)
        if len(rows) > 2:
            out += [f"### {SCENARIO_TITLES[scn]}", ""] + rows + [""]
    if plan["sweep_conns"]:
        out += ["### Connection sweep (hello)", ""]
        out += sweep_table(summary, plan["peers"]["sweep"], plan["sweep_conns"]) + [""]
    if plan["idle_n"]:
        out += [f"### {plan['idle_n']:,} idle keep-alive connections: server memory", "",
                "Each connection sent one request, read its response and stayed open. bytes per "
                "connection = (VmRSS of the server tree after - before) / connections open; "
                "kernel socket buffers are not in VmRSS.", ""]
        out += idle_table(summary, plan["peers"]["idle"], plan["idle_n"]) + [""]
    out += ["## Targets (issue 5; the static rows are issue 4's)", "",
            "| target | measured | verdict |", "|---|---|---|"]
    for text, measured, verdict in target_rows(summary, plan["idle_n"],
                                               max(plan["sweep_conns"] or [1000]), unavailable):
        out.append(f"| {text} | {measured} | {verdict} |")
    out.append("")
    if plots:
        out += ["## Plots", ""] + [f"![{name}]({name})" for name in plots] + [""]
    return "\n".join(out)


def plot(summary, plan, stem):
    """Writes STEM-throughput.png and STEM-latency.png; returns their file names ([] without
    matplotlib)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    import os
    panels = []
    for scn in plan["wrk_scenarios"]:
        key_scn, conns = {"hello": ("sweep", 100), "pipeline": ("pipeline", 256)}.get(scn, (scn, 100))
        peers = [p for p in plan["peers"][scn] if summary.get((key_scn, p, conns), {}).get("rps")]
        if peers:
            panels.append((SCENARIO_TITLES[scn], [(p, summary[(key_scn, p, conns)]) for p in peers]))
    names = []
    if panels:
        cols = 2
        rows = (len(panels) + cols - 1) // cols
        fig, axes = plt.subplots(rows, cols, figsize=(13, 4.2 * rows), squeeze=False)
        for ax, (title, data) in zip(axes.flat, panels):
            x = range(len(data))
            w = 0.4
            for off, field, name in ((-w / 2, "rps", "req/s"),
                                     (w / 2, "rps_per_cpu", "req per server CPU-s")):
                vals = [s.get(field) or 0 for _, s in data]
                lo = [v - (s.get(field + "_min") or v) for v, (_, s) in zip(vals, data)]
                hi = [(s.get(field + "_max") or v) - v for v, (_, s) in zip(vals, data)]
                ax.bar([i + off for i in x], vals, w, yerr=[lo, hi], capsize=3, label=name)
            ax.set_xticks(list(x))
            ax.set_xticklabels([LABELS[p] for p, _ in data], rotation=20, ha="right", fontsize=8)
            ax.set_title(title, fontsize=10)
            ax.grid(axis="y", alpha=0.3)
        for ax in list(axes.flat)[len(panels):]:
            ax.axis("off")
        axes.flat[0].legend(fontsize=8)
        fig.tight_layout()
        name = os.path.basename(stem) + "-throughput.png"
        fig.savefig(stem + "-throughput.png", dpi=90)
        plt.close(fig)
        names.append(name)
    if plan["sweep_conns"]:
        fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
        for ax, (field, title) in zip(axes, (("p50_us", "p50"), ("p99_us", "p99"),
                                            ("p999_us", "p99.9"))):
            for p in plan["peers"]["sweep"]:
                pts = [(c, summary[("sweep", p, c)][field] / 1000) for c in plan["sweep_conns"]
                       if summary.get(("sweep", p, c), {}).get(field)]
                if pts:
                    ax.plot([c for c, _ in pts], [v for _, v in pts], marker="o", label=LABELS[p])
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("connections")
            ax.set_ylabel("latency (ms)")
            ax.set_title(f"hello: {title} latency against connections", fontsize=10)
            ax.grid(alpha=0.3, which="both")
        axes[0].legend(fontsize=8)
        fig.tight_layout()
        name = os.path.basename(stem) + "-latency.png"
        fig.savefig(stem + "-latency.png", dpi=90)
        plt.close(fig)
        names.append(name)
    return names
