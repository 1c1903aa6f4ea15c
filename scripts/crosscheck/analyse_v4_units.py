"""Version 4 of spec/analysis.md, sections 11 (units of one model: which devices are units, their
values) and 12 (steady state, phase 5).

Written from spec/analysis.md, data.md and outputs.md version 4 alone. analyse.py records, while it
computes each device's weighted.csv and stack_pooled.csv, every value with the bootstrap replicates
behind its CI (`UnitValues`), and each phase-1 group's rps and lat_p99_ms replicates; `extend(...)`
then adds units.csv, steady_stats.csv and warm_cold.csv.

Choices where the spec leaves room (compare with the Java side):
U1. A device's model: the model_id its counted campaigns record (two different ones are bad input),
    else analysis.json's device_models entry, else a model of its own (the device id), which has
    one unit and so no rows. A unit is a device with a counted paper campaign.
U2-U4 (the two-level bootstrap of version 4 and its `mean`) are withdrawn by version 5: units.csv
    is analyse_v5.units now (choices U5-U7 there), which reads the values kept here.
W1. steady_stats.csv's metrics: rps, lat_p50_ms, lat_p99_ms, peak_rss_mib, in that order; a metric
    without values has no row (as group_stats.csv).
W2. warm_cold.csv: a row per (device, stack, endpoint) with measured runs in both phases; a p99 or
    rps median missing on either side leaves that column and its ratio empty.
"""
from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

import common

NAN = float("nan")
STEADY_TABLE = (["device", "stack", "endpoint", "metric"],
                ["n", "median", "mean", "sd", "q1", "q3", "min", "max", "ci_low", "ci_high", "small_n"])
WARM_COLD_TABLE = (["device", "stack", "endpoint"],
                   ["cold_rps", "warm_rps", "warm_over_cold", "warm_over_cold_lo", "warm_over_cold_hi",
                    "cold_p99_ms", "warm_p99_ms", "p99_warm_over_cold", "p99_warm_over_cold_lo",
                    "p99_warm_over_cold_hi"])
STEADY_METRICS = ["rps", "lat_p50_ms", "lat_p99_ms", "peak_rss_mib"]
# units.csv's metrics: ratios.csv's but the sweep; weighted ones per mix, pooled ones with an empty mix
WEIGHTED_METRICS = ["w_rps_per_mib", "w_rps", "w_peak_mib", "w_p99_ms", "w_energy_mj"]
POOLED_METRICS = ["idle_rss_mib", "startup_ms"]


class UnitValues:
    """Each device's values of units.csv's metrics: (mix, metric, stack) -> (value, replicates or None)."""

    def __init__(self):
        self.by_device = defaultdict(dict)

    def put(self, device, mix, metric, stack, value, replicates):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return
        self.by_device[device][(mix, metric, stack)] = (float(value), None if replicates is None
                                                        else np.asarray(replicates, dtype=float))


def device_models(ds, devices):
    """U1: device -> model id."""
    cfg = ds.config
    recorded = defaultdict(set)
    for c in ds.campaigns:
        if c.id in cfg["exclude_campaigns"] or c.model_id is None:
            continue
        recorded[c.device].add(c.model_id)
    out = {}
    for dev in devices:
        ids = recorded.get(dev, set())
        if len(ids) > 1:
            raise common.DataError(f"raw/<campaigns of {dev}>/campaign.json", "$.device.model_id", "model_id",
                                   "one model id per device", ", ".join(sorted(ids)))
        out[dev] = next(iter(ids)) if ids else cfg["device_models"].get(dev, dev)
    return out


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
                                          "steady", 5, dev, s, e, m)
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
