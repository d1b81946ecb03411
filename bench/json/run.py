#!/usr/bin/env python3
"""bench/json/run.py: nodecc's JSON.parse / JSON.stringify against Node's on the JSON corpus.

Runs bench-json (nodecc), bench-json --parser simdjson (when built with it) and node_bench.js
(Node) in the same session, interleaved for --rounds rounds, each pinned to CPU 0 with taskset,
and prints a Markdown table of the medians (MB of JSON per CPU-second) with nodecc's ratio to
Node, and whether the round trips (stringify(parse(text)), compact and with 2 spaces) are the
same bytes as Node's (compared by SHA-256).

The corpus is optional data outside the repository, ../shared/corpora/json beside it (twitter,
citm_catalog, canada); without it the benchmark says so and exits 0. It is read in place, never
copied.

  bench/json/run.py --build build [--rounds 5] [--seconds 0.5] [--out results.md]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS = os.path.join(os.path.dirname(ROOT), 'shared', 'corpora', 'json')
FILES = ['twitter.json', 'citm_catalog.json', 'canada.json']


def run(cmd):
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', default=os.path.join(ROOT, 'build'))
    ap.add_argument('--rounds', type=int, default=5)
    ap.add_argument('--seconds', type=float, default=0.5)
    ap.add_argument('--out', help='also write the table to this file')
    args = ap.parse_args()

    files = [os.path.join(CORPUS, f) for f in FILES if os.path.exists(os.path.join(CORPUS, f))]
    if not files:
        print(f'bench/json: skipped: no corpus at {CORPUS}')
        return 0
    binary = os.path.join(args.build, 'bin', 'bench-json')
    if not os.path.exists(binary):
        print(f'bench/json: {binary} not found (cmake --build {args.build} --target bench-json)',
              file=sys.stderr)
        return 1
    pin = ['taskset', '-c', '0'] if shutil.which('taskset') else []
    node = shutil.which('node')
    seconds = ['--seconds', str(args.seconds)]

    peers = {'nodecc': pin + [binary] + seconds + files}
    probe = subprocess.run([binary, '--parser', 'simdjson'], stderr=subprocess.DEVNULL)
    if probe.returncode == 0:
        peers['simdjson + JSON::Value'] = pin + [binary, '--parser', 'simdjson'] + seconds + files
    if node:
        peers['node'] = pin + [node, os.path.join(HERE, 'node_bench.js')] + seconds + files

    speed = {}  # (peer, file, op) -> [MB/s per round]
    digests = {}  # (peer, file) -> (sha256, sha256_indented)
    for _ in range(args.rounds):
        for peer, cmd in peers.items():
            for rec in run(cmd):
                if rec['op'] == 'roundtrip':
                    digests[(peer, rec['file'])] = (rec['sha256'], rec['sha256_indented'])
                else:
                    speed.setdefault((peer, rec['file'], rec['op']), []).append(rec['mb_per_s'])

    def median(peer, file, op):
        values = speed.get((peer, file, op))
        return statistics.median(values) if values else None

    names = [os.path.basename(f) for f in files]
    lines = [f'{args.rounds} rounds, median MB of JSON per CPU-second, pinned to CPU 0; '
             'ratio = nodecc / node; round trip = stringify(parse(text)) byte for byte, '
             'compact and indented.', '',
             '| file | op | nodecc | ' +
             ' | '.join(p for p in peers if p != 'nodecc') + ' | ratio | spread | round trip |',
             '|---|---|---|' + '---|' * (len(peers) - 1) + '---|---|---|']
    for name in names:
        for op in ('parse', 'stringify'):
            ours = median('nodecc', name, op)
            others = [median(p, name, op) for p in peers if p != 'nodecc']
            theirs = median('node', name, op) if node else None
            ratio = f'{ours / theirs:.2f}x' if ours and theirs else 'n/a'
            values = speed[('nodecc', name, op)]
            spread = f'{(max(values) - min(values)) / ours * 100:.0f}%'
            same = 'n/a'
            if node:
                same = 'same' if digests.get(('nodecc', name)) == digests.get(('node', name)) \
                    else 'DIFFERENT'
            lines.append(f'| {name} | {op} | {ours:.0f} | ' +
                         ' | '.join(f'{o:.0f}' if o else 'n/a' for o in others) +
                         f' | {ratio} | {spread} | {same} |')
    table = '\n'.join(lines)
    print(table)
    if args.out:
        with open(args.out, 'w') as f:
            f.write(table + '\n')
    different = [n for n in names if node and
                 digests.get(('nodecc', n)) != digests.get(('node', n))]
    return 1 if different else 0


if __name__ == '__main__':
    sys.exit(main())
