#!/usr/bin/env python3
"""Samples the RSS of a process tree every interval into a phase-3 series (spec/data.md).

    python3 rss_series.py PID SECONDS INTERVAL_MS CAMPAIGN STACK ENDPOINT CONCURRENCY > series.json

RSS = the sum of VmRSS over PID and every descendant (read from /proc), in KiB.
"""
import json
import os
import sys
import time
from datetime import datetime, timezone

pid, seconds, interval_ms = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
campaign, stack, endpoint, concurrency = sys.argv[4], sys.argv[5], sys.argv[6], int(sys.argv[7])


def children(p):
    out = []
    for task in os.listdir("/proc/%d/task" % p):
        try:
            with open("/proc/%d/task/%s/children" % (p, task)) as f:
                out += [int(x) for x in f.read().split()]
        except OSError:
            pass
    return out


def tree_rss(root):
    total, todo = 0, [root]
    while todo:
        p = todo.pop()
        try:
            with open("/proc/%d/status" % p) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            todo += children(p)
        except OSError:
            pass
    return total


started = datetime.now(timezone.utc)
t0 = time.monotonic()
samples = []
while True:
    t_ms = int(round((time.monotonic() - t0) * 1000))
    samples.append({"t_ms": t_ms, "rss_kib": tree_rss(pid)})
    if t_ms >= seconds * 1000:
        break
    time.sleep(max(0.0, (len(samples) * interval_ms) / 1000.0 - (time.monotonic() - t0)))
print(json.dumps({"campaign": campaign, "stack": stack, "endpoint": endpoint, "run": 1, "concurrency": concurrency,
                  "interval_ms": interval_ms, "started_at": started.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z",
                  "samples": samples}))
