"""Section 4 of spec/analysis.md (version 5): what the steal rule (section 1) moved in the weighted
aggregates, steal_sensitivity.csv. The steal share itself is common.steal_share (choices V1 and V6-1
of common.py).

Choices where the spec leaves room (compare with the Java side):
SS1. steal_sensitivity.csv: only devices with a phase-1 run of a counted paper campaign whose reason
    is `steal` (a run that is also over the error rate is `error_rate`, not `steal`, and stays out
    either way); rows for every mix (code point) and every stack of weighted.csv (stack order).
    The `_all` values count exactly the runs whose reason is `steal` as measured, min_n included;
    `change` is empty when either w_rps_per_mib is empty or w_rps_per_mib_all is 0.
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np

import common

STEAL_SENSITIVITY_TABLE = (["device", "mix", "stack"],
                           ["w_rps", "w_rps_all", "w_rps_per_mib", "w_rps_per_mib_all", "change"])


def weighted_points(runs, stacks, mixes, min_n):
    """Point values of w_rps and w_rps_per_mib (section 4) from runs [(row, derived)]: per mix and
    stack, None where an endpoint of positive weight has fewer than min_n runs (its `missing`) or
    lacks the metric."""
    values = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    nruns = defaultdict(lambda: defaultdict(int))
    for row, d in runs:
        nruns[row["stack"]][row["endpoint"]] += 1
        for m in ("rps", "rps_per_mib"):
            if d[m] is not None:
                values[row["stack"]][row["endpoint"]][m].append(d[m])
    out = {}
    for mix, w in mixes:
        needed = [e for e in common.CRUD_ENDPOINTS if w[e] > 0]
        for s in stacks:
            res = {"w_rps": None, "w_rps_per_mib": None}
            if all(nruns[s][e] >= min_n for e in needed):
                for col, m in (("w_rps", "rps"), ("w_rps_per_mib", "rps_per_mib")):
                    xs = [values[s][e][m] for e in needed]
                    if all(xs):
                        res[col] = float(sum(w[e] * np.median(x) for e, x in zip(needed, xs)))
            out[(mix, s)] = res
    return out


def steal_sensitivity(dev, measured1, steal1, stacks, mixes, min_n):
    """steal_sensitivity.csv rows of one device (SS1). measured1: its measured phase-1 runs
    [(row, derived)]; steal1: those excluded for steal; stacks: weighted.csv's stacks in stack order."""
    if not steal1:
        return []
    mixes = sorted(mixes, key=lambda mw: mw[0])
    rule = weighted_points(measured1, stacks, mixes, min_n)
    every = weighted_points(list(measured1) + list(steal1), stacks, mixes, min_n)
    rows = []
    for mix, _ in mixes:
        for s in stacks:
            a, b = rule[(mix, s)], every[(mix, s)]
            change = None
            if a["w_rps_per_mib"] is not None and b["w_rps_per_mib"] not in (None, 0.0):
                change = a["w_rps_per_mib"] / b["w_rps_per_mib"]
            rows.append({"device": dev, "mix": mix, "stack": s, "w_rps": a["w_rps"], "w_rps_all": b["w_rps"],
                         "w_rps_per_mib": a["w_rps_per_mib"], "w_rps_per_mib_all": b["w_rps_per_mib"],
                         "change": change})
    return rows

