"""Section 11 of spec/analysis.md: units of one model (which devices are units, their values, the
model's hardware, the between-unit t interval of version 5), units.csv.

analyse.py records, while it computes each device's weighted.csv and stack_pooled.csv, every point
value in a `UnitValues`; `units` then writes units.csv.

Choices where the spec leaves room (compare with the Java side):
U1. A device's model: the model_id its counted campaigns record (two different ones are bad input),
    else analysis.json's device_models entry, else a model of its own (the device id), which has
    one unit and so no rows. A unit is a device with a counted paper campaign.
U2-U4 (the two-level bootstrap of version 4 and its `mean`) are withdrawn by version 5.
U5. hardware: a unit's cpu_id is the one its counted campaigns (any study) record; the model's is
    the common value when every unit has one and all are equal, `mixed` when two differ, else empty.
U6. A stack without a value on some unit keeps its row: units, gmean, min, max, spread and the
    interval over the units with a value, `missing` names the others (`<device>: no value`, device
    order, `; ` between). Every stack with a gmean is a candidate for best.
U7. The t interval needs U >= max(min_units_ci, 2) (one value has no sd), every value > 0 and the
    hardware neither empty nor mixed; the ratio's the same with U' (units with both values).
    A stack with a gmean and no unit in common with best: ratio empty. Best's row: ratio 1, the
    interval and `tied` empty. With sd = 0 the interval is [gmean, gmean].
U8. (Version 6.) probe_spread = max / min of the units' probe_cpu (probe.unit_cpu, choice P3) over the
    units with a value for the row, written also where no interval is asked for (two units, mixed
    hardware) and for one unit (1); empty when one of them has no probe. The interval (lo, hi) and the
    ratio's (ratio_lo, ratio_hi, and so `tied`) are empty unless probe_spread is there and
    <= 1 + probe_tolerance (equality gives an interval); the ratio reads its own row's probe_spread,
    as analysis.md says, even where its U' units are fewer than the row's.
"""
from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
from scipy import stats

import common
import probe

NAN = float("nan")
UNITS_TABLE = (["model", "mix", "metric", "stack"],
               ["hardware", "units", "gmean", "min", "max", "spread", "lo", "hi", "best", "ratio", "ratio_lo",
                "ratio_hi", "tied", "missing", "probe_spread"])
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



def t_interval(logs, confidence):
    """exp(m -/+ t s / sqrt(U)) over log values (section 11): t = scipy.stats.t.ppf(1 - (1 - c) / 2, U - 1)."""
    U = len(logs)
    m = float(np.mean(logs))
    s = float(np.std(logs, ddof=1)) if len(set(logs)) > 1 else 0.0
    half = float(stats.t.ppf(1.0 - (1.0 - confidence) / 2.0, U - 1)) * s / math.sqrt(U)
    return math.exp(m - half), math.exp(m + half)


def hardware(ds, units_):
    """U5: the model's hardware from its units' machine.cpu_id."""
    cfg = ds.config
    ids = {}
    for c in ds.campaigns:
        if c.id not in cfg["exclude_campaigns"] and c.device in units_ and c.cpu_id is not None:
            ids[c.device] = c.cpu_id
    recorded = set(ids.values())
    if len(recorded) > 1:
        return "mixed"
    if len(ids) == len(units_) and recorded:
        return recorded.pop()
    return None


def units(ds, unit_values, devices, mixes, order, ratio_higher):
    """units.csv (section 11, version 5). unit_values: UnitValues (point values of
    weighted.csv and stack_pooled.csv; their replicates are not used any more)."""
    cfg = ds.config
    conf = cfg["confidence"]
    need = max(int(cfg["min_units_ci"]), 2)
    sidx = {s: i for i, s in enumerate(order)}
    models = defaultdict(list)
    for dev, model in device_models(ds, devices).items():
        models[model].append(dev)
    criteria = [("", m) for m in POOLED_METRICS] \
        + [(mix, m) for mix in sorted(mixes) for m in WEIGHTED_METRICS]
    machine = probe.unit_cpu(ds)
    limit = 1.0 + cfg["probe_tolerance"]
    rows = []
    for model in sorted(models):
        units_ = sorted(models[model])
        if len(units_) < max(1, cfg["min_units"]) or len(units_) < 2:
            continue
        hw = hardware(ds, units_)
        hw_ok = hw is not None and hw != "mixed"
        for mix, metric in criteria:
            stacks = sorted({k[2] for d in units_ for k in unit_values.by_device[d] if k[0] == mix and k[1] == metric},
                            key=lambda s: sidx.get(s, len(sidx)))
            vals_of, group = {}, []
            for s in stacks:
                have = {d: unit_values.by_device[d].get((mix, metric, s)) for d in units_}
                vals = {d: h[0] for d, h in have.items() if h is not None}
                row = {"model": model, "mix": mix, "metric": metric, "stack": s, "hardware": hw, "units": len(vals),
                       "gmean": NAN, "min": NAN, "max": NAN, "spread": NAN, "lo": NAN, "hi": NAN, "best": None,
                       "ratio": NAN, "ratio_lo": NAN, "ratio_hi": NAN, "tied": None, "missing": None,
                       "probe_spread": NAN}
                if vals and all(d in machine for d in vals):   # U8
                    cpu = [machine[d] for d in vals]
                    row["probe_spread"] = max(cpu) / min(cpu)
                row["_one_machine"] = not math.isnan(row["probe_spread"]) and row["probe_spread"] <= limit
                if len(vals) < len(units_):
                    row["missing"] = "; ".join(f"{d}: no value" for d in units_ if d not in vals)
                if vals:
                    v = list(vals.values())
                    row["min"], row["max"] = min(v), max(v)
                    row["spread"] = row["max"] / row["min"] if row["min"] > 0 else NAN
                    if all(x > 0 for x in v):
                        logs = [math.log(x) for x in v]
                        row["gmean"] = math.exp(float(np.mean(logs)))
                        vals_of[s] = vals
                        if hw_ok and len(v) >= need and row["_one_machine"]:
                            row["lo"], row["hi"] = t_interval(logs, conf)
                group.append(row)
            cands = [r for r in group if r["stack"] in vals_of]
            if cands:
                higher = ratio_higher[metric]
                best = cands[0]
                for r in cands:
                    if (r["gmean"] > best["gmean"]) if higher else (r["gmean"] < best["gmean"]):
                        best = r
                bvals = vals_of[best["stack"]]
                for r in cands:
                    r["best"] = best["stack"]
                    if r is best:
                        r["ratio"] = 1.0
                        continue
                    sv = vals_of[r["stack"]]
                    both = [d for d in units_ if d in sv and d in bvals]
                    if not both:
                        continue
                    lr = [math.log(bvals[d] / sv[d]) if higher else math.log(sv[d] / bvals[d]) for d in both]
                    r["ratio"] = math.exp(float(np.mean(lr)))
                    if hw_ok and len(lr) >= need and r["_one_machine"]:
                        r["ratio_lo"], r["ratio_hi"] = t_interval(lr, conf)
                        r["tied"] = bool(r["ratio_lo"] <= 1.0)
            rows.extend(group)
    rows.sort(key=lambda r: (r["model"], r["mix"], r["metric"], sidx.get(r["stack"], len(sidx))))
    return rows
