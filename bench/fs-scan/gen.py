#!/usr/bin/env python3
"""Writes the fs-scan workload: a synthetic JavaScript project (ES modules) whose imports form a
DAG, deterministic for a given (files, seed).

    gen.py --files N [--seed S] OUT_DIR

OUT_DIR gets index.js, N - 1 modules under src/<area>/ that index.js reaches through imports,
about N / 20 dead modules under src/legacy/ that nothing imports (a scanner must not count
them), package.json ({"type": "module"}, so `node index.js` links the whole graph) and
manifest.json with the counts a correct scanner prints (the `expected` line). OUT_DIR must be
empty or absent.

The dialect the scanners read (bench/fs-scan/README.md): a top-level declaration starts at
column 0; `const` and `export const` are constants; `function`, `async function`,
`export function`, `export async function`, `export default function` (and the `function*`
forms) are functions; a statement starting with `import`, `export {` or `export *` that names a
'./' or '../' specifier is an import edge, any other specifier (`node:fs/promises`) is
external. Indented lines (function bodies, class members, multi-line import lists) are not
declarations.
"""
import argparse
import json
import os
import random
import sys

AREAS = ["core", "util", "api", "model", "store", "net", "view", "data", "auth", "config"]
NOUNS = ["parser", "format", "client", "cache", "router", "schema", "queue", "session",
         "config", "event", "metric", "token", "record", "filter", "stream", "buffer", "index",
         "report", "user", "order", "price", "layout", "theme", "retry"]
VERBS = ["build", "parse", "format", "load", "merge", "resolve", "compute", "validate",
         "encode", "decode", "render", "normalize", "collect", "schedule", "apply", "update"]
WORDS = ["alpha", "beta", "gamma", "delta", "north", "south", "amber", "cobalt", "linen",
         "quartz", "maple", "cedar"]
EXTERNAL = [("node:fs/promises", "{ readFile }", ["readFile"]),
            ("node:path", "{ join, dirname }", ["join", "dirname"]),
            ("node:events", "{ EventEmitter }", ["EventEmitter"]),
            ("node:util", "{ format as fmt }", ["fmt"])]


class Module:
    """One generated file: its path, what it exports and what it imports."""

    def __init__(self, index, path):
        self.index = index
        self.path = path          # relative to the project root, '/'-separated
        self.exports = []         # names other modules may import
        self.imports = []         # (target Module, form, names)
        self.text = ""


def relative_spec(from_path, to_path):
    rel = os.path.relpath(to_path, os.path.dirname(from_path) or ".").replace(os.sep, "/")
    return rel if rel.startswith("../") else "./" + rel


def check_acyclic(edges, count):
    """Raises ValueError when the directed graph (edges: {node: [targets]}) has a cycle
    (Kahn's algorithm: a node count short of `count` after peeling sources means a cycle)."""
    indegree = [0] * count
    for targets in edges.values():
        for t in targets:
            indegree[t] += 1
    ready = [n for n in range(count) if indegree[n] == 0]
    seen = 0
    while ready:
        n = ready.pop()
        seen += 1
        for t in edges.get(n, []):
            indegree[t] -= 1
            if indegree[t] == 0:
                ready.append(t)
    if seen != count:
        raise ValueError(f"import graph has a cycle ({count - seen} modules on or behind it)")


class Generator:
    def __init__(self, files, seed):
        if files < 2:
            raise ValueError("--files must be at least 2 (index.js and one module)")
        self.rng = random.Random(seed * 1_000_003 + files)
        self.files = files
        self.seed = seed
        self.counts = {"files": 0, "bytes": 0, "constants": 0, "functions": 0, "imports": 0,
                       "external": 0}

    # ---- the graph ----------------------------------------------------------------------------

    def plan(self):
        """Modules 0..M-1 in topological order (module i imports only modules j > i), so the
        graph is a DAG by construction; check_acyclic verifies what was actually written."""
        rng = self.rng
        live = self.files - 1
        dead = max(1, self.files // 20)
        mods = []
        for i in range(live + dead):
            area = "legacy" if i >= live else rng.choice(AREAS)
            mods.append(Module(i, f"src/{area}/{rng.choice(NOUNS)}_{i}.js"))
        for m in mods:
            m.exports = self.export_names(m.index)
        for m in mods[:live]:
            # Mostly near neighbours (deep chains), sometimes far (wide fan-in).
            want = rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5, 7])
            targets = set()
            for _ in range(want):
                if m.index + 1 >= live:
                    break
                if rng.random() < 0.7:
                    j = rng.randint(m.index + 1, min(live - 1, m.index + 12))
                else:
                    j = rng.randint(m.index + 1, live - 1)
                targets.add(j)
            for j in sorted(targets):
                m.imports.append(self.import_of(mods[j]))
        for m in mods[live:]:
            # Dead code still imports live code: only reachability keeps it out of the scan.
            for j in sorted(set(rng.randint(0, live - 1) for _ in range(rng.randint(1, 3)))):
                m.imports.append(self.import_of(mods[j]))
        return mods[:live], mods[live:]

    def export_names(self, i):
        rng = self.rng
        names = []
        for _ in range(rng.randint(2, 5)):
            names.append(f"{rng.choice(VERBS)}{rng.choice(NOUNS).capitalize()}_{i}_{len(names)}")
        return names

    def import_of(self, target):
        rng = self.rng
        r = rng.random()
        if r < 0.08:
            return (target, "side-effect", [])
        if r < 0.16:
            return (target, "namespace", [f"ns{target.index}"])
        if r < 0.22:
            return (target, "reexport-all", [])
        if r < 0.30:
            return (target, "reexport", rng.sample(target.exports, 1))
        k = rng.randint(1, len(target.exports))
        return (target, "named", rng.sample(target.exports, k))

    # ---- the text -----------------------------------------------------------------------------

    def import_lines(self, m):
        out = []
        for target, form, names in m.imports:
            spec = relative_spec(m.path, target.path)
            if form == "side-effect":
                out.append(f"import '{spec}';")
            elif form == "namespace":
                out.append(f"import * as {names[0]} from '{spec}';")
            elif form == "reexport-all":
                out.append(f"export * from '{spec}';")
            elif form == "reexport":
                out.append(f"export {{ {names[0]} as {names[0]}_again }} from '{spec}';")
            elif len(names) >= 4:
                out.append("import {\n" + "".join(f"  {n},\n" for n in names) + f"}} from '{spec}';")
            else:
                out.append(f"import {{ {', '.join(names)} }} from '{spec}';")
        return out

    def constant(self, name, exported):
        rng = self.rng
        kind = rng.randint(0, 4)
        if kind == 0:
            value = str(rng.randint(0, 5000))
        elif kind == 1:
            value = f"'{rng.choice(WORDS)}-{rng.randint(1, 99)}'"
        elif kind == 2:
            value = "[" + ", ".join(f"'{w}'" for w in rng.sample(WORDS, 3)) + "]"
        elif kind == 3:
            value = ("{\n" + f"  limit: {rng.randint(1, 512)},\n  mode: '{rng.choice(WORDS)}',\n"
                     f"  retries: {rng.randint(0, 9)},\n" + "}")
        else:
            value = f"(value) => value * {rng.randint(2, 9)} + {rng.randint(0, 99)}"
        return f"{'export ' if exported else ''}const {name} = {value};"

    def function(self, name, exported, uses, i, allow_default):
        """A top-level function; a helper (not exported by name) may become the module's one
        `export default function` when allow_default. Returns (text, became_default)."""
        rng = self.rng
        lines = [f"/**\n * {rng.choice(VERBS).capitalize()} the {rng.choice(NOUNS)} records "
                 f"of the {rng.choice(WORDS)} set.\n * @param {{object[]}} items\n */"]
        form = rng.randint(0, 5)
        head = {0: "function", 1: "async function", 2: "function*"}.get(form, "function")
        became_default = form == 5 and not exported and allow_default
        if became_default:
            prefix = "export default function"
        else:
            prefix = ("export " if exported else "") + head
        lines.append(f"{prefix} {name}(items, limit = {rng.randint(1, 100)}) {{")
        body = ["  const out = [];", "  let total = 0;",
                "  for (const item of items) {",
                f"    if (item.value > limit) {{",
                f"      out.push({{ id: item.id, value: item.value * {rng.randint(2, 7)} }});",
                "    }",
                "    total += item.value;",
                "  }"]
        for u in uses:
            body.append(f"  total += typeof {u} === 'function' ? 1 : 0;")
        if rng.random() < 0.3:
            # Looks like declarations, but indented: not counted.
            body += ["  const message = 'import { x } from \"./not-an-import.js\"';",
                     "  function inner(v) {", "    return v + 1;", "  }",
                     "  total = inner(total) + message.length;"]
        for _ in range(rng.randint(0, 8)):
            body.append(f"  total = (total * {rng.randint(3, 31)} + {rng.randint(0, 999)}) % "
                        f"{rng.randint(1000, 99999)};")
        if head == "async function":
            body.append("  await Promise.resolve();")
        if head == "function*":
            body += ["  yield total;", "  yield* out;"]
        else:
            body.append(f"  return {{ out, total, tag: '{rng.choice(WORDS)}_{i}' }};")
        return "\n".join(lines + body + ["}"]), became_default

    def module_text(self, m, live):
        rng = self.rng
        parts = [f"// {m.path}: generated module {m.index} (fs-scan, seed {self.seed})."]
        if rng.random() < 0.3:
            spec, clause, _ = rng.choice(EXTERNAL)
            parts.append(f"import {clause} from '{spec}';")
            self.count(live, external=1)
        imports = self.import_lines(m)
        parts += imports
        self.count(live, imports=len(imports))
        imported = [n for _, form, names in m.imports if form in ("named", "namespace")
                    for n in names]
        body = []
        n_const = rng.randint(1, 6)
        export_funcs = m.exports[:max(1, len(m.exports) // 2)]
        export_consts = m.exports[len(export_funcs):]
        for k, name in enumerate(export_consts):
            body.append(self.constant(name, True))
        for k in range(n_const):
            body.append(self.constant(f"LOCAL_{m.index}_{k}".upper(), False))
        self.count(live, constants=len(export_consts) + n_const)
        n_funcs = len(export_funcs) + rng.randint(0, 3)
        has_default = False
        for k in range(n_funcs):
            exported = k < len(export_funcs)
            name = export_funcs[k] if exported else f"helper_{m.index}_{k}"
            uses = rng.sample(imported, min(len(imported), rng.randint(0, 2)))
            text, became_default = self.function(name, exported, uses, m.index, not has_default)
            has_default = has_default or became_default
            body.append(text)
        self.count(live, functions=n_funcs)
        if rng.random() < 0.4:
            body.append(f"export class Cache{m.index} {{\n  constructor() {{\n"
                        f"    this.map = new Map();\n  }}\n\n  get(key) {{\n"
                        f"    return this.map.get(key);\n  }}\n}}")
        if rng.random() < 0.3:
            body.append(f"let counter{m.index} = 0;\nexport {{ counter{m.index} }};")
        return "\n".join(parts) + "\n\n" + "\n\n".join(body) + "\n"

    def index_text(self, mods):
        imported = set()
        for m in mods:
            for target, _, _ in m.imports:
                imported.add(target.index)
        roots = [m for m in mods if m.index not in imported]
        lines = [f"// index.js: the entry point of the fs-scan project ({self.files} files, "
                 f"seed {self.seed}).", "import { join } from 'node:path';"]
        self.count(True, external=1)
        for r in roots:
            name = r.exports[0]
            lines.append(f"import {{ {name} }} from './{r.path}';")
        self.count(True, imports=len(roots))
        lines += ["", "export const ROOT = join('.', 'src');",
                  f"export const MODULES = {len(roots)};", "",
                  "export function main() {",
                  f"  return [{', '.join(r.exports[0] for r in roots)}].length;", "}"]
        self.count(True, constants=2, functions=1)
        return "\n".join(lines) + "\n", roots

    def count(self, live, **kv):
        if live:
            for k, v in kv.items():
                self.counts[k] += v

    # ---- writing ------------------------------------------------------------------------------

    def write(self, out):
        live, dead = self.plan()
        files = {}
        for m in live:
            files[m.path] = self.module_text(m, True)
        for m in dead:
            files[m.path] = self.module_text(m, False)
        index, roots = self.index_text(live)
        files["index.js"] = index
        # The graph as written: index is node -1 -> len(all).
        every = live + dead
        edges = {len(every): [r.index for r in roots]}
        for m in every:
            edges[m.index] = [t.index for t, _, _ in m.imports]
        check_acyclic(edges, len(every) + 1)
        self.counts["files"] = len(live) + 1
        for path, text in files.items():
            data = text.encode("ascii")  # the Node scanners count bytes as string length
            if path == "index.js" or not path.startswith("src/legacy/"):
                self.counts["bytes"] += len(data)
            full = os.path.join(out, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "wb") as f:
                f.write(data)
        with open(os.path.join(out, "package.json"), "w") as f:
            f.write('{\n  "name": "fs-scan-project",\n  "private": true,\n  "type": "module"\n}\n')
        manifest = dict(self.counts)
        manifest.update({"seed": self.seed, "on_disk": len(files), "dead": len(dead),
                         "roots": len(roots), "expected": expected_line(self.counts)})
        with open(os.path.join(out, "manifest.json"), "w") as f:
            json.dump(manifest, f, indent=1)
            f.write("\n")
        return manifest


def expected_line(c):
    """The one line every scanner prints."""
    return (f"files {c['files']} bytes {c['bytes']} constants {c['constants']} "
            f"functions {c['functions']} imports {c['imports']} external {c['external']}")


def generate(out, files, seed=4):
    if os.path.exists(out) and os.listdir(out):
        raise ValueError(f"{out} is not empty")
    os.makedirs(out, exist_ok=True)
    return Generator(files, seed).write(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--files", type=int, required=True, help="files the scan reaches (index.js "
                    "included)")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("out")
    args = ap.parse_args()
    try:
        m = generate(args.out, args.files, args.seed)
    except ValueError as e:
        sys.exit(f"gen.py: {e}")
    print(m["expected"])


if __name__ == "__main__":
    main()
