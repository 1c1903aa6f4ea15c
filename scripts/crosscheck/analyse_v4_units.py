"""spec/analysis.md section 11 (units of one model, version 5) and 12 (steady state, phase 5, version 4).

Written from spec/analysis.md, data.md and outputs.md version 4 alone. analyse.py records, while it
computes each device's weighted.csv and stack_pooled.csv, every value with the bootstrap replicates
behind its CI (`UnitValues`), and each phase-1 group's rps and lat_p99_ms replicates; `extend(...)`
then adds units.csv, steady_stats.csv and warm_cold.csv.

Choices where the spec leaves room (compare with the Java side):
U1. A device's model: the model_id its counted campaigns record (two different ones are bad input),
    else analysis.json's device_models entry, else a model of its own (the device id), which has
    one unit and so no rows. A unit is a device with a counted paper campaign.
U2. Version 5: the best stack's own row: ratio 1, no interval, tied empty.
U3. A stack without a value on some unit: `units` counts the units with one, `missing` names the
    others ("<device>: no value", in device order, "; " between), every other column is computed
    over the units with a value; such a stack is a candidate for `best` with its gmean.
U4. `hardware` over every unit of the model (a unit's cpu_id: the first its counted paper campaigns
    record, in id order); the interval only from min_units_ci units with a value (U' units with
    values for both, for the ratio) and hardware neither empty nor `mixed`.
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
UNITS_TABLE = (["model", "mix", "metric", "stack"],
               ["hardware", "units", "gmean", "min", "max", "spread", "lo", "hi", "best", "ratio", "ratio_lo",
                "ratio_hi", "tied", "missing"])
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


def log_t(values, conf):
    """Section 11: (gmean, lo, hi) over the logs, t = scipy.stats.t.ppf(1 - (1 - conf) / 2, U - 1)."""
    from scipy import stats
    if not values or any(not (v > 0) or math.isinf(v) for v in values):
        return NAN, NAN, NAN
    l = np.log(np.asarray(values, dtype=float))
    m = float(np.mean(l))
    if len(l) < 2:
        return math.exp(m), NAN, NAN
    half = stats.t.ppf(1 - (1 - conf) / 2, len(l) - 1) * float(np.std(l, ddof=1)) / math.sqrt(len(l))
    return math.exp(m), math.exp(m - half), math.exp(m + half)


def hardware(cpu_ids):
    """Section 11: the common cpu_id, `mixed` when two recorded differ, empty when some unit records none."""
    recorded = {c for c in cpu_ids if c}
    if len(recorded) > 1:
        return "mixed"
    if len(recorded) == 0 or any(not c for c in cpu_ids):
        return ""
    return next(iter(recorded))


def units(ds, unit_values, devices, mixes, order, ratio_higher, bands=None, rng_for=None):
    """units.csv (section 11, version 5): no resampling; bands and rng_for are unused."""
    cfg = ds.config
    conf = cfg["confidence"]
    min_ci = cfg.get("min_units_ci", 3)
    sidx = {s: i for i, s in enumerate(order)}
    models = defaultdict(list)
    for dev, model in device_models(ds, devices).items():
        models[model].append(dev)
    cpu_of = {}
    for c in sorted(ds.campaigns, key=lambda c: c.id):
        if c.id in cfg["exclude_campaigns"] or c.study != common.PAPER_STUDY or not c.cpu_id:
            continue
        cpu_of.setdefault(c.device, c.cpu_id)
    rows = []
    criteria = [("", m) for m in POOLED_METRICS] + [(mix, m) for mix in sorted(mixes) for m in WEIGHTED_METRICS]
    for model in sorted(models):
        units_ = sorted(models[model])
        U = len(units_)
        if U < max(2, cfg["min_units"]):
            continue
        hw = hardware([cpu_of.get(d) for d in units_])
        for mix, metric in criteria:
            stacks = sorted({k[2] for d in units_ for k in unit_values.by_device[d] if k[0] == mix and k[1] == metric},
                            key=lambda s: sidx.get(s, len(sidx)))
            if not stacks:
                continue
            higher = ratio_higher[metric]
            vals = {s: [unit_values.by_device[d].get((mix, metric, s)) for d in units_] for s in stacks}
            group = []
            for s in stacks:
                have = [h[0] for h in vals[s] if h is not None]
                g, lo, hi = log_t(have, conf)
                ok = len(have) >= min_ci and hw not in ("", "mixed") and not math.isnan(g)
                row = {"model": model, "mix": mix, "metric": metric, "stack": s, "hardware": hw, "units": len(have),
                       "gmean": g, "min": min(have), "max": max(have),
                       "spread": max(have) / min(have) if min(have) > 0 else NAN,
                       "lo": lo if ok else NAN, "hi": hi if ok else NAN, "best": None, "ratio": NAN,
                       "ratio_lo": NAN, "ratio_hi": NAN, "tied": None,
                       "missing": "; ".join(f"{d}: no value" for d, h in zip(units_, vals[s]) if h is None) or None}
                group.append(row)
            best = None
            for row in group:
                if math.isnan(row["gmean"]):
                    continue
                if best is None or (row["gmean"] > best["gmean"] if higher else row["gmean"] < best["gmean"]):
                    best = row
            for row in group:
                if best is None:
                    continue
                row["best"] = best["stack"]
                if row is best:
                    row["ratio"] = 1.0
                    continue
                if math.isnan(row["gmean"]):
                    continue
                r = [(b[0] / v[0]) if higher else (v[0] / b[0])
                     for b, v in zip(vals[best["stack"]], vals[row["stack"]]) if b is not None and v is not None]
                g, lo, hi = log_t(r, conf)
                row["ratio"] = g
                if len(r) >= min_ci and hw not in ("", "mixed") and not math.isnan(g):
                    row["ratio_lo"], row["ratio_hi"] = lo, hi
                    row["tied"] = bool(lo <= 1.0)
            rows.extend(group)
    rows.sort(key=lambda r: (r["model"], r["mix"], r["metric"], sidx.get(r["stack"], len(sidx))))
    return rows


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
