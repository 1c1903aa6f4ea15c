"""Section 12 of spec/analysis.md: the steady state of phase 5 (steady_stats.csv) and warm against
cold (warm_cold.csv).

Choices where the spec leaves room (compare with the Java side):
W1. steady_stats.csv's metrics: rps, lat_p50_ms, lat_p99_ms, peak_rss_mib, in that order; a metric
    without values has no row (as group_stats.csv).
W2. warm_cold.csv: a row per (device, stack, endpoint) with measured runs in both phases; a p99 or
    rps median missing on either side leaves that column and its ratio empty.
"""
from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

NAN = float("nan")
STEADY_TABLE = (["device", "stack", "endpoint", "metric"],
                ["n", "median", "mean", "sd", "q1", "q3", "min", "max", "ci_low", "ci_high", "small_n", "ci_coverage"])
WARM_COLD_TABLE = (["device", "stack", "endpoint"],
                   ["cold_rps", "warm_rps", "warm_over_cold", "warm_over_cold_lo", "warm_over_cold_hi",
                    "cold_p99_ms", "warm_p99_ms", "p99_warm_over_cold", "p99_warm_over_cold_lo",
                    "p99_warm_over_cold_hi"])
STEADY_METRICS = ["rps", "lat_p50_ms", "lat_p99_ms", "peak_rss_mib"]


def steady(ds, measured5, phase1_groups, order, endpoint_index, describe, set_ci, bands):
    """steady_stats.csv and warm_cold.csv (section 12).

    measured5: device -> [(row, derived)] of measured phase-5 runs; phase1_groups: (device, stack,
    endpoint, metric) -> (values, replicates or None) of phase 1; set_ci as analyse.py's (returns the
    replicates, None below min_n)."""
    cfg = ds.config
    sidx = {s: i for i, s in enumerate(order)}
    stats_rows, wc_rows = [], []
    for dev in sorted(measured5):
        values = defaultdict(lambda: defaultdict(list))
        for row, d in measured5[dev]:
            for m in STEADY_METRICS:
                if d[m] is not None:
                    values[(row["stack"], row["endpoint"])][m].append(d[m])
        reps5 = {}
        for (s, e) in sorted(values, key=lambda k: (sidx.get(k[0], len(sidx)), endpoint_index[k[1]])):
            for m in STEADY_METRICS:
                x = values[(s, e)][m]
                if not x:
                    continue
                row = {"device": dev, "stack": s, "endpoint": e, "metric": m, **describe(x),
                       "small_n": len(x) < cfg["min_n"]}
                row["ci_low"] = row["ci_high"] = NAN
                reps5[(s, e, m)] = set_ci(row, "ci_low", "ci_high", x, len(x), "steady_stats", (dev, s, e, m),
                                          "steady", 5, dev, s, e, m, cov="ci_coverage")
                stats_rows.append(row)
            cold_rps = phase1_groups.get((dev, s, e, "rps"))
            if cold_rps is None:
                continue   # no measured phase-1 run of this group: no warm/cold row (W2)
            row = {"device": dev, "stack": s, "endpoint": e}
            for col, m, ratio_col in (("rps", "rps", "warm_over_cold"), ("p99_ms", "lat_p99_ms", "p99_warm_over_cold")):
                cold = phase1_groups.get((dev, s, e, m))
                warm = values[(s, e)][m]
                row["cold_" + col] = float(np.median(cold[0])) if cold and cold[0] else NAN
                row["warm_" + col] = float(np.median(warm)) if warm else NAN
                row[ratio_col] = row["warm_" + col] / row["cold_" + col] \
                    if not (math.isnan(row["warm_" + col]) or math.isnan(row["cold_" + col]) or row["cold_" + col] == 0) \
                    else NAN
                row[ratio_col + "_lo"] = row[ratio_col + "_hi"] = NAN
                r5 = reps5.get((s, e, m))
                if cold and cold[1] is not None and r5 is not None:
                    bands.set_ci(row, ratio_col + "_lo", ratio_col + "_hi", np.asarray(r5) / np.asarray(cold[1]),
                                    cfg["confidence"], "warm_cold", (dev, s, e))
            wc_rows.append(row)
    return stats_rows, wc_rows

