"""Version 5 of spec/analysis.md: runs excluded for CPU steal (sections 1 and 4), sessions over every
phase (section 9), capacities that rest on an unmeasured rate or an unstable curve (section 10), and
units of one model with their hardware and a between-unit t interval (section 11).

Written from spec/analysis.md, data.md and outputs.md version 5 alone. The steal rule itself is
common.exclusion_reason (every section that counts runs calls it); analyse.py calls the functions
here: `steal_sensitivity` per device, `capacity` per phase-4 group, and `sessions` and `units` once.

Choices where the spec leaves room (compare with the Java side):
V1. Steal share = steal_s / (duration_s x device.cores) of the run's own campaign; a run without
    steal_s, a campaign without device.cores, or a duration that is not positive gives no share and
    is never excluded for steal. The rule is strict (a share equal to max_steal_share is measured)
    and comes last, after throttled; it applies to every phase and every study (section 8 counts
    with it too), and exclusions.csv's `missing` texts list `steal` after `throttled`.
V2. Bad input (common.py): a "measured run" of data.md's round rule is one with warmup 0 and status
    ok (data.md's words), whatever section 1 later decides; the group is (phase file, stack,
    endpoint, concurrency, offered_rps). Warm-up rows also need a round in a rounds campaign. The
    cpu_id rule compares every campaign of the device, excluded ones and every study included (each
    is validated); a machine.cpu_id must have the form of data.md (`x86:` or `arm:` and four fields).
    A max_steal_share outside [0, 1] is refused in analysis.json and in campaign.json's protocol;
    min_units_ci is an integer >= 1.
SS1. steal_sensitivity.csv: only devices with a phase-1 run of a counted paper campaign whose reason
    is `steal` (a run that is also over the error rate is `error_rate`, not `steal`, and stays out
    either way); rows for every mix (code point) and every stack of weighted.csv (stack order).
    The `_all` values count exactly the runs whose reason is `steal` as measured, min_n included;
    `change` is empty when either w_rps_per_mib is empty or w_rps_per_mib_all is 0.
SE1. sessions.csv: steal_share / steal_max over the campaign's rows of phases 1, 2, 4 and 5 with
    warmup 0, status ok and a steal share (V1); steal_excluded = how many of them have reason `steal`,
    0 (never empty) when none does. n, rho and p are version 4's, over runs measured by the new rule.
CA1. A rate is measured when at least one of its runs is measured; `unstable: misses R1, meets R2`
    and `unmeasured: R` write each rate as a whole number, rounded half up (a fractional rate
    1234.5 is 1235). R2 is the highest meeting rate above R1, R1 the lowest missing rate (the lowest
    that some meeting rate lies above). "Below the largest rate" is the largest of all the group's
    rates, measured or not. capacity_stable is written for every row, also with a note.
CA2. A group (stack, endpoint) without any measured rate has no capacity row, as in version 4
    (README choice 42): there is no curve to call stable or unstable.
U5. hardware: a unit's cpu_id is the one its counted campaigns (any study) record; the model's is
    the common value when every unit has one and all are equal, `mixed` when two differ, else empty.
U6. A stack without a value on some unit keeps its row: units, gmean, min, max, spread and the
    interval over the units with a value, `missing` names the others (`<device>: no value`, device
    order, `; ` between). Every stack with a gmean is a candidate for best.
U7. The t interval needs U >= max(min_units_ci, 2) (one value has no sd), every value > 0 and the
    hardware neither empty nor mixed; the ratio's the same with U' (units with both values).
    A stack with a gmean and no unit in common with best: ratio empty. Best's row: ratio 1, the
    interval and `tied` empty. With sd = 0 the interval is [gmean, gmean].
"""
from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
from scipy import stats

import analyse_v4_units
import common

NAN = float("nan")

STEAL_SENSITIVITY_TABLE = (["device", "mix", "stack"],
                           ["w_rps", "w_rps_all", "w_rps_per_mib", "w_rps_per_mib_all", "change"])
SESSIONS_TABLE = (["device", "campaign"],
                  ["study", "n", "rho", "p", "p_holm", "drifting", "steal_share", "steal_max", "steal_excluded"])
CAPACITY_TABLE = (["device", "stack", "endpoint"],
                  ["slo_ms", "capacity_rps", "first_failing_rps", "capacity_peak_mib", "capacity_per_mib",
                   "capacity_censored", "capacity_stable", "capacity_note"])
UNITS_TABLE = (["model", "mix", "metric", "stack"],
               ["hardware", "units", "gmean", "min", "max", "spread", "lo", "hi", "best", "ratio", "ratio_lo",
                "ratio_hi", "tied", "missing"])


def _nan(v):
    return v is None or (isinstance(v, float) and math.isnan(v))


# --- section 4: steal sensitivity ------------------------------------------------------------------

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


# --- section 9: sessions over every phase -----------------------------------------------------------

def sessions(ds):
    """sessions.csv (section 9, version 5; S1-S2 of analyse_v4_sessions and SE1)."""
    cfg = ds.config
    counted = [c for c in ds.campaigns if c.id not in cfg["exclude_campaigns"]]
    by_campaign = defaultdict(list)
    steal_rows = defaultdict(list)   # campaign -> [(share, excluded for steal)]
    cores = {c.id: c.cores for c in counted}
    for r in ds.runs:
        reason = common.exclusion_reason(r.row, cfg["max_error_rate"], cfg["max_steal_share"])
        if r.phase in (1, 2) and reason is None and r.row.get("rps") is not None:
            by_campaign[r.campaign].append(r)
        if r.row["warmup"] == 0 and r.row["status"] == "ok":
            share = common.steal_share(r.row, cores.get(r.campaign))
            if share is not None:
                steal_rows[r.campaign].append((share, reason == "steal"))
    rows = []
    for c in sorted(counted, key=lambda c: (c.device, c.id)):
        runs = sorted(by_campaign.get(c.id, []), key=lambda r: r.row["seq"])

        def group(r):
            return (r.phase, r.row["stack"], r.row["endpoint"], r.row["concurrency"])
        members = defaultdict(list)
        for r in runs:
            members[group(r)].append(r.row["rps"])
        tested = [r for r in runs if len(members[group(r)]) > 1]
        y = [r.row["rps"] / float(np.median(members[group(r)])) for r in tested]
        x = list(range(1, len(tested) + 1))
        rho, p = NAN, NAN
        if len(y) >= 2 and len(set(y)) > 1:
            res = stats.spearmanr(x, y)
            rho, p = float(res.statistic), float(res.pvalue)
        shares = [sh for sh, _ in steal_rows.get(c.id, [])]
        rows.append({"device": c.device, "campaign": c.id, "study": c.study, "n": len(tested), "rho": rho, "p": p,
                     "p_holm": NAN, "drifting": False,
                     "steal_share": float(np.median(shares)) if shares else NAN,
                     "steal_max": max(shares) if shares else NAN,
                     "steal_excluded": sum(1 for _, ex in steal_rows.get(c.id, []) if ex)})
    common.holm_drifting(rows, cfg["alpha"])
    return rows


# --- section 10: unmeasured rates and unstable curves --------------------------------------------------

def whole(rate):
    """A rate as whole req/s, rounded half up (CA1)."""
    return str(int(math.floor(rate + 0.5)))


def capacity(rates, points, slo):
    """Capacity columns of one (device, stack, endpoint) group (section 10, version 5).

    rates: every offered rate of the group's rows with warmup 0; points: rate -> offered_load row of
    the measured rates (its `kept_up` and `lat_p99_ms`, `peak_rss_mib`). Returns capacity_rps,
    first_failing_rps, capacity_peak_mib, capacity_per_mib, capacity_censored, capacity_stable,
    capacity_note."""
    rates = sorted(set(rates))
    meets = {r: bool(p["kept_up"] and p["lat_p99_ms"] <= slo) for r, p in points.items()}
    measured = [r for r in rates if r in points]
    missing = [r for r in measured if not meets[r]]
    out = {"capacity_rps": NAN, "first_failing_rps": NAN, "capacity_peak_mib": NAN, "capacity_per_mib": NAN,
           "capacity_censored": None, "capacity_stable": True, "capacity_note": None}
    # unstable: a measured rate that meets above one that misses
    for r1 in missing:
        above = [r for r in measured if r > r1 and meets[r]]
        if above:
            out["capacity_stable"] = False
            out["capacity_note"] = f"unstable: misses {whole(r1)}, meets {whole(max(above))}"
            return out
    limit = missing[0] if missing else rates[-1]
    unmeasured = [r for r in rates if r not in points and r < limit]
    if unmeasured:
        out["capacity_note"] = f"unmeasured: {whole(unmeasured[0])}"
        return out
    cap = [r for r in measured if meets[r] and (not missing or r < missing[0])]
    if missing:
        out["first_failing_rps"] = missing[0]
    if cap:
        out["capacity_rps"] = cap[-1]
        peak = points[cap[-1]]["peak_rss_mib"]
        out["capacity_peak_mib"] = peak
        if not _nan(peak) and peak != 0:
            out["capacity_per_mib"] = cap[-1] / peak
        out["capacity_censored"] = not missing
    return out


# --- section 11: units of one model, a t interval between units ------------------------------------------

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
    """units.csv (section 11, version 5). unit_values: analyse_v4_units.UnitValues (point values of
    weighted.csv and stack_pooled.csv; their replicates are not used any more)."""
    cfg = ds.config
    conf = cfg["confidence"]
    need = max(int(cfg["min_units_ci"]), 2)
    sidx = {s: i for i, s in enumerate(order)}
    models = defaultdict(list)
    for dev, model in analyse_v4_units.device_models(ds, devices).items():
        models[model].append(dev)
    criteria = [("", m) for m in analyse_v4_units.POOLED_METRICS] \
        + [(mix, m) for mix in sorted(mixes) for m in analyse_v4_units.WEIGHTED_METRICS]
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
                       "ratio": NAN, "ratio_lo": NAN, "ratio_hi": NAN, "tied": None, "missing": None}
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
                        if hw_ok and len(v) >= need:
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
                    if hw_ok and len(lr) >= need:
                        r["ratio_lo"], r["ratio_hi"] = t_interval(lr, conf)
                        r["tied"] = bool(r["ratio_lo"] <= 1.0)
            rows.extend(group)
    rows.sort(key=lambda r: (r["model"], r["mix"], r["metric"], sidx.get(r["stack"], len(sidx))))
    return rows
