#!/usr/bin/env python3
"""Compares nodecc's ws core with the `ws` package on the ws_frame fuzz corpus.

  g++ -std=c++20 -O1 -I src tests/fuzz/ws_oracle/nodecc_events.cc src/ws/*.cc src/zlib/status_name.cc -lz -lcrypto \\
      -o /tmp/nodecc_events
  /tmp/nodecc_events <corpus> > /tmp/nodecc.txt
  node tests/fuzz/ws_oracle/ws_events.js <node_modules/ws> <corpus> > /tmp/ws.txt
  python3 tests/fuzz/ws_oracle/compare.py /tmp/nodecc.txt /tmp/ws.txt

Headers must be identical. Frames must be identical but for the differences receiver.h
documents: nodecc reports an error inside a frame before the frame is whole (ws then has one
error event fewer), and inflated text's UTF-8 error before zlib's (both 1007). Anything else is
listed and fails.
"""
import sys


def load(path):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        return dict(line.rstrip('\n').split('\t', 1) for line in f if '\t' in line)


def main():
    ours, theirs = load(sys.argv[1]), load(sys.argv[2])
    counts = {'same': 0, 'earlier error': 0, 'utf-8 before zlib': 0}
    other = []
    for name, a_line in sorted(ours.items()):
        b_line = theirs.get(name)
        if a_line == b_line:
            counts['same'] += 1
            continue
        if b_line is None or a_line[0] != 'F' or b_line[0] != 'F':
            other.append(name)
            continue
        a, b = a_line[1:].split('|')[:-1], b_line[1:].split('|')[:-1]
        if len(a) == len(b) + 1 and a[:-1] == b and a[-1].startswith('e'):
            counts['earlier error'] += 1
        elif (len(a) == len(b) and a[:-1] == b[:-1] and
              a[-1].startswith('e1007 Invalid WebSocket frame: invalid UTF-8') and
              b[-1].startswith('e1007 ')):
            counts['utf-8 before zlib'] += 1
        else:
            other.append(name)
    print(', '.join(f'{k}: {v}' for k, v in counts.items()), f'other: {len(other)}')
    for name in other:
        print('  differs:', name, '\n    nodecc:', ours[name][:200], '\n    ws:    ',
              theirs.get(name, '(missing)')[:200])
    return 1 if other else 0


if __name__ == '__main__':
    sys.exit(main())
