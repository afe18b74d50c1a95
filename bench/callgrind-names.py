#!/usr/bin/env python3
"""Names the JIT's frames in a callgrind profile of node.

callgrind shows V8's generated code as bare addresses; `node --perf-basic-prof` writes what each
address range holds to /tmp/perf-PID.map. This copies the profile with those names in place of the
addresses, for callgrind_annotate (bench/README.md).

Usage: python3 bench/callgrind-names.py callgrind.out.PID.N /tmp/perf-PID.map named.out
"""
import bisect
import re
import sys

profile, perf_map, named = sys.argv[1:4]
ranges = []
with open(perf_map) as lines:
    for line in lines:
        parts = line.rstrip('\n').split(' ', 2)
        if len(parts) == 3:
            ranges.append((int(parts[0], 16), int(parts[1], 16), parts[2].replace(' ', '_')))
ranges.sort()
starts = [start for start, _, _ in ranges]


def name_of(address):
    at = bisect.bisect_right(starts, address) - 1
    if at >= 0 and address < ranges[at][0] + ranges[at][1]:
        return ranges[at][2]
    return None


# A function's first mention: `fn=(7) 0x000000000d091ac0` (or cfn= for a callee); later ones are `fn=(7)`.
FIRST_MENTION = re.compile(r'^(c?fn=\(\d+\)) (0x[0-9a-f]+)$')
with open(profile) as source, open(named, 'w') as target:
    for line in source:
        mention = FIRST_MENTION.match(line.rstrip('\n'))
        name = mention and name_of(int(mention.group(2), 16))
        target.write(f'{mention.group(1)} {name}\n' if name else line)
