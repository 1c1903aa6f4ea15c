#!/usr/bin/env python3
"""Independent implementation of spec/analysis.md (version 2, and version 3's exact post-hoc
p-values, family resolution, ratios.csv and sensitivity rule) sections 1-8 (the tidy CSVs of
spec/outputs.md).

    python analyse.py --data DIR --out DIR

Reads a data folder (spec/data.md) and writes group_stats, omnibus, posthoc, posthoc_summary,
weighted, sensitivity, ratios, stack_pooled, sweep, sweep_summary, memory, memory_checkpoints,
loadgen_summary, drift (section 9 of version 3), exclusions and replication as CSV; versions 4 and 5 add
offered_load and the tables of the modules named by what they compute: capacity.py (section 10),
comparability.py (section 7), sessions.py (section 9), steady.py (section 12), steal_sensitivity.py
(section 4) and units.py (section 11). Every choice the spec leaves open is listed in README.md
("Choices") or in those modules' docstrings (and common.py's).
"""
from __future__ import annotations

import argparse
import hashlib
import math
import os
import sys
import tempfile
import warnings
from collections import defaultdict

import numpy as np
from scipy import stats
from statsmodels.stats.multitest import multipletests

import capacity
import common
import comparability
import probe
import sessions
import steady
import steal_sensitivity
import units
from common import CRUD_ENDPOINTS, ENDPOINTS, ENDPOINT_INDEX, METRICS, PAPER_STUDY, TESTED_METRICS

NAN = float("nan")

# outputs.md "Machine-readable tables": file -> (key columns, value columns)
TABLES = {
    "group_stats": (["device", "stack", "endpoint", "metric"],
                    ["n", "median", "mean", "sd", "q1", "q3", "min", "max", "ci_low", "ci_high", "small_n",
                     "ci_coverage"]),
    "omnibus": (["device", "endpoint", "metric"], ["k", "n", "h", "df", "p", "epsilon_sq"]),
    "posthoc": (["device", "endpoint", "metric", "stack_a", "stack_b"],
                ["n_a", "n_b", "u", "p_mwu", "p_method", "t", "df", "p_welch", "cohens_d", "hedges_g",
                 "cliffs_delta", "p_holm", "significant"]),
    "posthoc_summary": (["device"], ["comparisons", "significant", "large_effect",
                                     "large_and_significant", "holm_threshold", "min_attainable_p"]),
    "weighted": (["device", "mix", "stack"],
                 ["w_rps", "w_rps_lo", "w_rps_hi", "w_peak_mib", "w_peak_mib_lo", "w_peak_mib_hi",
                  "w_rps_per_mib", "w_rps_per_mib_lo", "w_rps_per_mib_hi", "w_p99_ms", "w_p99_ms_lo",
                  "w_p99_ms_hi", "w_energy_mj", "w_energy_mj_lo", "w_energy_mj_hi", "rank",
                  "ratio_to_best", "missing"]),
    "sensitivity": (["device", "mix"], ["kendall_tau", "p"]),
    "ratios": (["device", "mix", "metric", "stack"], ["best", "value", "ratio", "ratio_lo", "ratio_hi", "tied"]),
    "stack_pooled": (["device", "stack"],
                     ["n", "idle_rss_mib", "idle_rss_mib_lo", "idle_rss_mib_hi", "startup_ms",
                      "startup_ms_lo", "startup_ms_hi", "artifact_mib", "idle_rss_mib_ci_coverage",
                      "startup_ms_ci_coverage"]),
    "sweep": (["device", "stack", "concurrency"],
              ["n", "rps", "rps_lo", "rps_hi", "p99_ms", "p99_ms_lo", "p99_ms_hi", "peak_rss_mib"]),
    "sweep_summary": (["device", "stack"], ["peak_rps", "peak_concurrency", "plateau_concurrency"]),
    "memory": (["device", "stack"],
               ["series", "samples", "duration_s", "first_mib", "min_mib", "max_mib", "last_mib",
                "growth_mib", "steady_growth_mib", "drops", "slope_mib_per_s"]),
    "memory_checkpoints": (["device", "stack", "t_s"], ["series", "mib"]),
    "loadgen_summary": (["device", "study", "phase", "stack", "endpoint", "concurrency"],
                        ["n", "rps_median", "rps_best", "lat_p50_ms", "lat_p90_ms", "lat_p99_ms", "peak_rss_mib",
                         "cpu_pct", "ratio_to_slowest", "host_busy", "saturated_runs"]),
    "drift": (["device", "stack", "endpoint"], ["n", "rho", "p", "p_holm", "drifting"]),
    "exclusions": (["device", "campaign", "phase", "seq"], ["stack", "endpoint", "reason"]),
    "replication": (["device", "table", "stack", "metric"], ["published", "measured", "ratio", "comparable", "differs"]),
    "sessions": sessions.SESSIONS_TABLE,
    "units": units.UNITS_TABLE,
    "steal_sensitivity": steal_sensitivity.STEAL_SENSITIVITY_TABLE,
    "steady_stats": steady.STEADY_TABLE,
    "warm_cold": steady.WARM_COLD_TABLE,
    "offered_load": (["device", "stack", "endpoint", "offered_rps"],
                     ["n", "rps", "lat_p50_ms", "lat_p90_ms", "lat_p99_ms", "lat_p99_lo", "lat_p99_hi",
                      "lat_p999_ms", "peak_rss_mib", "kept_up"]),
    "capacity": capacity.CAPACITY_TABLE,
    "probe": probe.PROBE_TABLE,
}
# written only when some paper campaign has measured phase-4 runs (analysis.md 10: a campaign without
# phase 4 writes none of it)
# (the same for phase 5's steady_stats and warm_cold): table -> the table whose rows decide
OPTIONAL_TABLES = {"offered_load": "offered_load", "capacity": "offered_load",
                   "steady_stats": "steady_stats", "warm_cold": "steady_stats",
                   "steal_sensitivity": "steal_sensitivity",   # version 5: only devices with runs excluded for steal
                   "probe": "probe"}   # version 6: only when some counted campaign has probe rows

KIB_PER_MIB = 1024.0          # data.md / analysis.md: MiB = KiB / 1024
BYTES_PER_MIB = 1024.0 * 1024.0
WEIGHTED_MEDIAN_TOL = 1e-12   # analysis.md section 4: cumulative weight compared with this tolerance

# weighted.csv value -> per-run metric it aggregates (analysis.md section 4)
WEIGHTED_OF = [("w_rps", "rps"), ("w_peak_mib", "peak_rss_mib"), ("w_rps_per_mib", "rps_per_mib"),
               ("w_p99_ms", "lat_p99_ms")]


# --- section 1: which runs count ----------------------------------------------------------------

def exclusion_reason(row, max_error_rate, max_steal_share=None):
    """First reason that applies, in analysis.md's order; None = measured (common.exclusion_reason:
    version 5's steal rule when max_steal_share is given)."""
    return common.exclusion_reason(row, max_error_rate, max_steal_share)


def _ratio(a, b):
    return None if (a is None or b is None or b == 0) else a / b


def derived(row):
    """Per-run metrics of analysis.md sections 1 and 2 (None = missing)."""
    d = {"rps": row["rps"], "lat_p50_ms": row["lat_p50_ms"], "lat_p99_ms": row["lat_p99_ms"],
         "startup_ms": row["startup_ms"]}
    d["idle_rss_mib"] = None if row["idle_rss_kib"] is None else row["idle_rss_kib"] / KIB_PER_MIB
    pk = row["peak_rss_kib"]
    d["peak_rss_mib"] = None if pk is None else pk / KIB_PER_MIB
    d["rps_per_mib"] = None if (pk is None or pk == 0 or row["rps"] is None) else row["rps"] / (pk / KIB_PER_MIB)
    e = row["energy_j"]
    d["energy_mj_per_req"] = None if e is None else e * 1000.0 / row["requests"]
    # descriptive only (section 2, version 2): where the columns are present
    d["lat_p90_ms"] = row["lat_p90_ms"]
    d["idle_pss_mib"] = None if row["idle_pss_kib"] is None else row["idle_pss_kib"] / KIB_PER_MIB
    d["peak_pss_mib"] = None if row["peak_pss_kib"] is None else row["peak_pss_kib"] / KIB_PER_MIB
    d["cpu_cores"] = _ratio(row["cpu_s"], row["duration_s"])
    d["rps_per_cpu_s"] = _ratio(None if row["requests"] is None else float(row["requests"]), row["cpu_s"])
    return d


def stack_order(ds, paper_only=True, device=None):
    """First appearance in the stacks lists, campaigns in id order (excluded campaigns left out);
    paper campaigns only for sections 1-7, every study's for section 8. The artifact sizes (MiB) come
    from the same first appearance; with `device`, over that device's own campaigns only (section 1,
    version 6: an arm64 board's binary is not an x86 VM's build)."""
    order, artifact = [], {}
    for c in ds.campaigns:
        if c.id in ds.config["exclude_campaigns"] or (paper_only and c.study != PAPER_STUDY):
            continue
        if device is not None and c.device != device:
            continue
        for s in c.stacks:
            if s["id"] not in artifact:
                order.append(s["id"])
                ab = s.get("artifact_bytes")
                artifact[s["id"]] = None if ab is None else ab / BYTES_PER_MIB
    return order, artifact


# --- statistics helpers -------------------------------------------------------------------------

STREAM_SALT = ""   # --stream-salt: other streams on the same data, to measure bootstrap noise


def rng_for(root_seed, *key):
    """A numpy stream seeded from rng_seed and the group key only (never processing order)."""
    digest = hashlib.sha256("\x1f".join(str(k) for k in (STREAM_SALT,) + key).encode("utf-8")).digest()
    ss = np.random.SeedSequence([int(root_seed), int.from_bytes(digest[:16], "big")])
    return np.random.Generator(np.random.PCG64(ss))


# Acceptance band for a CI end computed by another implementation with its own random stream:
# its Monte Carlo quantile at level p has a standard error of sqrt(p(1-p)/B) on the probability
# scale (binomial count of resampled statistics below it), and so has ours. The band is our
# bootstrap distribution's quantiles at p -/+ BAND_Z * (se_theirs + se_ours); BAND_Z = 3.5 makes
# a false alarm about 1e-6 per CI end (normal tail at 3.5 * 2 / sqrt(2) = 4.95 sd).
BAND_Z = 3.5


class CiBands:
    """Collects, for every bootstrap CI end written, the band another stream may land in."""

    def __init__(self):
        self.rows = []

    def set_ci(self, row, lo_col, hi_col, dist, confidence, table, key):
        a = (1.0 - confidence) / 2.0
        lo, hi = np.quantile(dist, [a, 1.0 - a])   # type 7 (percentile bootstrap)
        row[lo_col], row[hi_col] = float(lo), float(hi)
        B = len(dist)
        for col, p in ((lo_col, a), (hi_col, 1.0 - a)):
            d = BAND_Z * 2.0 * math.sqrt(p * (1.0 - p) / B)
            b_lo, b_hi = np.quantile(dist, [max(0.0, p - d), min(1.0, p + d)])
            self.rows.append({"table": table, "key": "|".join(common.fmt(k) for k in key), "column": col,
                              "level": p, "band_lo": float(b_lo), "band_hi": float(b_hi)})


    def coverage_band(self, row, lo_col, hi_col, cov_col, x, table, key):
        """The ci_coverage (section 2, version 6) that CI ends anywhere in their Monte Carlo bands (or
        within COVERAGE_CI_TOL of the width, compare.py's default --ci-tol) would give: another stream's
        ends may sit one order statistic away, and the coverage then differs by the data, not by a rule."""
        lo, hi = row[lo_col], row[hi_col]
        slack = COVERAGE_CI_TOL * abs(hi - lo)
        end = {r["column"]: (r["band_lo"], r["band_hi"]) for r in self.rows[-2:]}
        (llo, lhi), (hlo, hhi) = end[lo_col], end[hi_col]
        low = ci_coverage(x, max(lhi, lo + slack), min(hlo, hi - slack))
        high = ci_coverage(x, min(llo, lo - slack), max(hhi, hi + slack))
        self.rows.append({"table": table, "key": "|".join(common.fmt(k) for k in key), "column": cov_col,
                          "level": None, "band_lo": low, "band_hi": high})


COVERAGE_CI_TOL = 0.05


# Version 6 choices of section 2 (README "Version 6: choices"):
# CV1. ci_coverage is computed from the CI ends as written (the percentile bootstrap's type-7 quantiles of
#      this side's stream) against the group's values of that metric; an end that falls between two order
#      statistics (a type-7 interpolation, or the mean of two middle values for an even n) gives the lower
#      bound that analysis.md names. Exact integers (math.comb / 2^n, one correctly rounded division).
# CV2. compare.py accepts another implementation's ci_coverage inside the band that CI ends anywhere in
#      their Monte Carlo bands (or within --ci-tol of the width) would give (CiBands.coverage_band).
def ci_coverage(x, lo, hi):
    """Section 2 (version 6): the distribution-free probability that [lo, hi] holds the median, from the
    group's sorted values x_(1) <= ... <= x_(n): r = the smallest i with x_(i) >= lo, s = the largest i
    with x_(i) <= hi, sum over k = r .. s-1 of C(n, k) / 2^n (0 when s <= r), that is
    P(r <= K <= s - 1) for K ~ Binomial(n, 1/2) (scipy.stats.binom), NaN without a CI. Computed from
    exact integers (math.comb), so that 112/128 is 0.875 exactly."""
    if lo is None or hi is None or math.isnan(lo) or math.isnan(hi):
        return NAN
    xs = sorted(float(v) for v in x)
    n = len(xs)
    r = next((i for i, v in enumerate(xs, 1) if v >= lo), n + 1)
    s = max((i for i, v in enumerate(xs, 1) if v <= hi), default=0)
    if s <= r:
        return 0.0
    return sum(math.comb(n, k) for k in range(r, s)) / 2 ** n


def boot_medians(x, cfg, rng):
    """B bootstrap medians: each resample n draws with replacement from x."""
    x = np.asarray(x, dtype=float)
    n, B = len(x), cfg["bootstrap_resamples"]
    meds = np.empty(B)
    chunk = max(1, 2_000_000 // max(n, 1))
    for s in range(0, B, chunk):
        e = min(B, s + chunk)
        meds[s:e] = np.median(x[rng.integers(0, n, size=(e - s, n))], axis=1)
    return meds


def is_constant(x):
    return len(x) > 0 and all(v == x[0] for v in x)


def sd(x):
    """Sample standard deviation (n-1); 0 for a constant sample, missing for n < 2."""
    if len(x) < 2:
        return NAN
    if is_constant(x):
        return 0.0
    return float(np.std(np.asarray(x, dtype=float), ddof=1))


def describe(x):
    a = np.asarray(x, dtype=float)
    q1, med, q3 = np.quantile(a, [0.25, 0.5, 0.75])
    return {"n": len(a), "median": float(np.median(a)), "mean": float(np.mean(a)), "sd": sd(x),
            "q1": float(q1), "q3": float(q3), "min": float(a.min()), "max": float(a.max())}


def cliffs_delta(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    gt = np.sum(a[:, None] > b[None, :])
    lt = np.sum(a[:, None] < b[None, :])
    return float(gt - lt) / (len(a) * len(b))


def cohens_d(a, b):
    """Cohen's d with pooled sd (analysis.md section 3); both constant: 0 if equal means, else missing."""
    na, nb = len(a), len(b)
    ma, mb = float(np.mean(a)), float(np.mean(b))
    if is_constant(a) and is_constant(b):
        return 0.0 if a[0] == b[0] else NAN
    va, vb = sd(a) ** 2, sd(b) ** 2
    sp = math.sqrt(((na - 1) * va + (nb - 1) * vb) / (na + nb - 2))
    return (ma - mb) / sp


def hedges_g(d, na, nb):
    return d * (1.0 - 3.0 / (4.0 * (na + nb) - 9.0))   # small-sample correction J (Hedges 1981, approx.)


def welch(a, b):
    """scipy.stats.ttest_ind(a, b, equal_var=False); both samples exactly constant handled exactly:
    t = 0/0 (missing) or +-inf, df undefined (missing), p missing or 0."""
    if is_constant(a) and is_constant(b):
        if a[0] == b[0]:
            return NAN, NAN, NAN
        return (math.inf if a[0] > b[0] else -math.inf), NAN, 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # scipy warns on a constant sample; the result is still right
        r = stats.ttest_ind(a, b, equal_var=False)
    return float(r.statistic), float(r.df), float(r.pvalue)


EXACT_MAX_N = 50   # analysis.md section 3 (version 3): exact p up to the paper's N a side


def mwu(a, b):
    """U of a, p and p_method: scipy's exact p when the pooled pair has no tie and neither sample
    has more than 50 values, else the asymptotic p with tie and continuity correction."""
    ties = len(set(a) | set(b)) < len(a) + len(b)
    method = "exact" if (not ties and len(a) <= EXACT_MAX_N and len(b) <= EXACT_MAX_N) else "asymptotic"
    kw = {"use_continuity": True} if method == "asymptotic" else {}
    r = stats.mannwhitneyu(a, b, alternative="two-sided", method=method, **kw)
    return float(r.statistic), float(r.pvalue), method


def min_attainable_p(na, nb):
    """2 / C(n_a + n_b, n_a), capped at 1, from the exact integer binomial coefficient."""
    return min(1.0, 2.0 / math.comb(na + nb, na))


def family_resolution(family, alpha):
    """(holm_threshold, min_attainable_p) of a Holm family (section 3, version 3): alpha / size and
    the floor of the pair with the fewest runs (smallest n_a + n_b, then smallest min(n_a, n_b))."""
    if not family:
        return NAN, NAN
    fewest = min(family, key=lambda p: (p["n_a"] + p["n_b"], min(p["n_a"], p["n_b"])))
    return alpha / len(family), min_attainable_p(fewest["n_a"], fewest["n_b"])


# ratios.csv (section 4, version 3): metric -> higher is better; the order is the file's metric order
RATIO_METRICS = {"idle_rss_mib": False, "startup_ms": False, "sweep_peak_rps": True, "w_rps": True,
                 "w_peak_mib": False, "w_rps_per_mib": True, "w_p99_ms": False, "w_energy_mj": False}


def ratio_rows(dev, mix, metric, candidates, conf, bands):
    """Each stack with a value against the best (first in stack order among equal values): ratio =
    best / s (higher is better) or s / best, its percentile interval from ratio_b = the same of
    replicate b of each; tied = ratio_lo <= 1; the best's own row: 1, no interval, tied.
    candidates: [(stack, value, replicates or None)] in stack order."""
    cands = [c for c in candidates if c[1] is not None and not math.isnan(c[1])]
    rows = []
    for (stack, v, _), best, ratio, dist in common.against_best(cands, RATIO_METRICS[metric]) if cands else ():
        row = {"device": dev, "mix": mix, "metric": metric, "stack": stack, "best": best[0], "value": v,
               "ratio": ratio, "ratio_lo": NAN, "ratio_hi": NAN, "tied": None}
        if stack == best[0]:
            row["tied"] = True
        elif dist is not None:
            bands.set_ci(row, "ratio_lo", "ratio_hi", dist, conf, "ratios", (dev, mix, metric, stack))
            row["tied"] = bool(row["ratio_lo"] <= 1.0)
        rows.append(row)
    return rows


def kendall(x, y):
    if len(x) < 2:
        return NAN, NAN
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = stats.kendalltau(x, y)
    return float(r.statistic), float(r.pvalue)


def weighted_median_rows(values, weights):
    """Row-wise weighted median (analysis.md section 4): values (R, N), weights (N,) or (R, N).
    Sort ascending, accumulate normalised weights, first value whose cumulative weight >= 0.5."""
    values = np.atleast_2d(values)
    weights = np.broadcast_to(weights, values.shape)
    order = np.argsort(values, axis=1, kind="stable")
    v = np.take_along_axis(values, order, axis=1)
    w = np.take_along_axis(weights, order, axis=1)
    c = np.cumsum(w / w.sum(axis=1, keepdims=True), axis=1)
    idx = np.argmax(c >= 0.5 - WEIGHTED_MEDIAN_TOL, axis=1)
    return v[np.arange(v.shape[0]), idx]


def plateau(levels, medians, gain):
    """Smallest c_i (i < k) with g_j < gain for every j >= i; None when g_{k-1} >= gain or k == 1."""
    k = len(levels)
    if k < 2:
        return None
    g = [medians[i + 1] / medians[i] - 1.0 for i in range(k - 1)]
    if not g[-1] < gain:
        return None
    i = k - 2
    while i > 0 and g[i - 1] < gain:
        i -= 1
    return levels[i]


def ols_slope(t, y):
    t, y = np.asarray(t, dtype=float), np.asarray(y, dtype=float)
    if len(t) < 2:
        return NAN
    tc = t - t.mean()
    return float(np.sum(tc * (y - y.mean())) / np.sum(tc * tc))


# --- version 2 rules as pure functions ----------------------------------------------------------

EXCLUSION_REASONS = common.EXCLUSION_REASONS   # section 1's order, warm-ups aside (version 5 adds steal)


def missing_text(gaps):
    """weighted.csv `missing` (section 4): one part per endpoint of positive weight with fewer than
    min_n measured runs, in data.md's endpoint order, joined by '; '. gaps: [(endpoint, measured,
    {reason: count})] where the reasons count the endpoint's excluded non-warm-up runs. A part is
    `<endpoint>: <measured> measured of <measured + excluded>`, followed, when runs were excluded,
    by ` (<count> <reason>, ...)` in section 1's reason order, zero counts left out."""
    parts = []
    for e, n, reasons in sorted(gaps, key=lambda g: ENDPOINT_INDEX[g[0]]):
        total = n + sum(reasons.values())
        text = f"{e}: {n} measured of {total}"
        why = [f"{reasons[r]} {r}" for r in EXCLUSION_REASONS if reasons.get(r)]
        if why:
            text += " (" + ", ".join(why) + ")"
        parts.append(text)
    return "; ".join(parts)


def steady_growth(t_ms, rss_mib, warm_s):
    """last - the first sample with t_ms >= warm_s * 1000; None when the series is shorter."""
    for t, r in zip(t_ms, rss_mib):
        if t >= warm_s * 1000.0:
            return float(rss_mib[-1] - r)
    return None


def checkpoint(t_ms, rss_mib, t_s, half_interval_ms=0.0):
    """RSS (MiB) of the last sample with t_ms <= t_s * 1000 + half_interval_ms, for a series whose
    last sample is at t_ms >= t_s * 1000 - half_interval_ms; None otherwise: analysis.md 6's rule
    (version 3), h = half the series' interval_ms ("a series sampled every second whose last
    sample is at 299.999 s is read at 300 s")."""
    target = t_s * 1000.0
    if t_ms[-1] < target - half_interval_ms:
        return None
    value = None
    for t, r in zip(t_ms, rss_mib):
        if t <= target + half_interval_ms:
            value = float(r)
        else:
            break
    return value


def checkpoint_times(cfg):
    """t = 0 and each t of memory_checkpoints_s, ascending, each once."""
    return sorted({0.0} | {float(t) for t in cfg["memory_checkpoints_s"]})


def seconds_text(t):
    return int(t) if float(t).is_integer() else float(t)


REPLICATION_TAU_MIN_STACKS = 5   # section 7 (version 5; 3 before): with fewer the order is reported, not tau


def replication_tau(published, measured):
    """Kendall's tau-b of the stack order, published vs measured, over stacks with both values
    (dicts stack -> value); (NaN, NaN) with fewer than five such stacks (version 5). Not written to any tidy CSV
    (replication.csv has no column for it)."""
    both = [s for s in published if s in measured and measured[s] is not None and not math.isnan(measured[s])]
    if len(both) < REPLICATION_TAU_MIN_STACKS:
        return NAN, NAN
    return kendall([published[s] for s in both], [measured[s] for s in both])


def memory_checkpoints(ds):
    """Section 6 checkpoints over the series of every study (studies.md: the node-pi table reads
    memory_checkpoints.csv at t = 0, 60, 300), series of one device pooled whatever their study;
    devices by code point, stacks in section 8's order (every study), t ascending."""
    cfg = ds.config
    order, _ = stack_order(ds, paper_only=False)
    sidx = {s: i for i, s in enumerate(order)}
    marks = defaultdict(lambda: defaultdict(list))   # (device, stack) -> t_s -> [MiB]
    for ser in ds.series:
        r = np.asarray(ser.rss_kib) / KIB_PER_MIB
        for ts in checkpoint_times(cfg):
            v = checkpoint(ser.t_ms, r, ts, (ser.interval_ms or 0) / 2.0)
            if v is not None:
                marks[(ser.device, ser.stack)][ts].append(v)
    out = []
    for dev, s in sorted(marks, key=lambda k: (k[0], sidx.get(k[1], len(order)), k[1])):
        for ts in sorted(marks[(dev, s)]):
            out.append({"device": dev, "stack": s, "t_s": seconds_text(ts), "series": len(marks[(dev, s)][ts]),
                        "mib": float(np.median(marks[(dev, s)][ts]))})
    return out


def loadgen_summary(ds):
    """Section 8: every campaign of every study, as its load generator saw it."""
    order, _ = stack_order(ds, paper_only=False)
    sidx = {s: i for i, s in enumerate(order)}
    groups = defaultdict(list)
    uses = defaultdict(list)
    # host use, only where the load generator ran on the device: (cpu_s + loadgen_cpu_s) / (duration_s x cores)
    same_host_cores = {c.id: c.cores for c in ds.campaigns
                       if c.load_generator_host == "same" and c.cores is not None and c.cores >= 1}
    for r in ds.runs:
        if r.phase not in (1, 2):
            continue   # phase 4's rates have section 10, phase 5 section 12, not section 8
        if exclusion_reason(r.row, ds.config["max_error_rate"], ds.config["max_steal_share"]) is None:
            k = (r.device, r.study, r.phase, r.row["stack"], r.row["endpoint"], r.row["concurrency"])
            groups[k].append(r.row)
            cores = same_host_cores.get(r.campaign)
            cpu, lg, dur = r.row.get("cpu_s"), r.row.get("loadgen_cpu_s"), r.row.get("duration_s")
            if cores is not None and cpu is not None and lg is not None and dur is not None and dur > 0:
                uses[k].append((cpu + lg) / (dur * cores))

    def med(rows, col):
        x = [r[col] for r in rows if r[col] is not None]
        return float(np.median(x)) if x else None

    def biggest(values):
        x = [v for v in values if v is not None]
        return max(x) if x else None

    out = []
    for k, rows in groups.items():
        dev, study, phase, stack, ep, conc = k
        out.append({"device": dev, "study": study, "phase": phase, "stack": stack, "endpoint": ep,
                    "concurrency": conc, "n": len(rows), "rps_median": med(rows, "rps"),
                    "rps_best": biggest(r["rps"] for r in rows),
                    "lat_p50_ms": med(rows, "lat_p50_ms"), "lat_p90_ms": med(rows, "lat_p90_ms"),
                    "lat_p99_ms": med(rows, "lat_p99_ms"),
                    "peak_rss_mib": biggest(None if r["peak_rss_kib"] is None else r["peak_rss_kib"] / KIB_PER_MIB
                                            for r in rows),
                    "cpu_pct": biggest(None if _ratio(r["cpu_s"], r["duration_s"]) is None
                                       else 100.0 * _ratio(r["cpu_s"], r["duration_s"]) for r in rows),
                    "host_busy": float(np.median(uses[k])) if uses[k] else None,
                    "saturated_runs": sum(1 for u in uses[k] if u >= 0.95) if uses[k] else None})
    slowest = defaultdict(lambda: math.inf)
    for r in out:
        if r["rps_median"] is not None:
            g = (r["device"], r["study"], r["phase"], r["endpoint"], r["concurrency"])
            slowest[g] = min(slowest[g], r["rps_median"])
    for r in out:
        s = slowest[(r["device"], r["study"], r["phase"], r["endpoint"], r["concurrency"])]
        r["ratio_to_slowest"] = _ratio(r["rps_median"], s) if math.isfinite(s) else None
    out.sort(key=lambda r: (r["device"], r["study"], r["phase"], sidx[r["stack"]], ENDPOINT_INDEX[r["endpoint"]],
                            r["concurrency"]))
    return out


# --- section 9: stability diagnostics -------------------------------------------------------------

def drift(ds, order):
    """Spearman's rho of rps on run position per (device, stack, endpoint) of measured phase-1 runs
    with n >= min_n (mixed included); x = position among the device's measured phase-1 runs of
    paper campaigns ordered by (campaign id, seq), 1-based; Holm per device over the tests with a
    p-value (choices D1-D3 of README.md)."""
    cfg = ds.config
    sidx = {s: i for i, s in enumerate(order)}
    per_device = defaultdict(list)
    for r in ds.runs:
        if r.study != PAPER_STUDY or r.phase != 1:
            continue
        if exclusion_reason(r.row, cfg["max_error_rate"], cfg["max_steal_share"]) is None:
            per_device[r.device].append((r.campaign, r.row["seq"], r.row))
    out = []
    for dev in sorted(per_device):
        runs = sorted(per_device[dev], key=lambda t: (t[0], t[1]))
        groups = defaultdict(lambda: ([], []))
        for pos, (_, _, row) in enumerate(runs, 1):
            if row["rps"] is None:
                continue
            xs, ys = groups[(row["stack"], row["endpoint"])]
            xs.append(pos)
            ys.append(row["rps"])
        rows = []
        for (s, e) in sorted(groups, key=lambda k: (sidx.get(k[0], len(order)), k[0], ENDPOINT_INDEX.get(k[1], 99), k[1])):
            xs, ys = groups[(s, e)]
            if len(ys) < cfg["min_n"]:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                res = stats.spearmanr(xs, ys)
            rows.append({"device": dev, "stack": s, "endpoint": e, "n": len(ys), "rho": float(res.statistic),
                         "p": float(res.pvalue), "p_holm": NAN, "drifting": False})
        common.holm_drifting(rows, cfg["alpha"])
        out.extend(rows)
    return out


# --- the analysis -------------------------------------------------------------------------------

def analyse(ds):
    cfg = ds.config
    order, _ = stack_order(ds)
    sidx = {s: i for i, s in enumerate(order)}
    seed = cfg["rng_seed"]
    conf = cfg["confidence"]
    min_n = cfg["min_n"]
    bands = CiBands()
    paper = [c for c in ds.campaigns if c.id not in cfg["exclude_campaigns"] and c.study == PAPER_STUDY]
    devices = sorted({c.device for c in paper})
    device_stacks = {dev: [s for s in order if any(s == x["id"] for c in paper if c.device == dev for x in c.stacks)]
                     for dev in devices}
    out = {name: [] for name in TABLES}

    def set_ci(row, lo_col, hi_col, x, n, table, key, *stream, cov=None):
        """Percentile bootstrap CI of the median, empty below min_n (sections 2 and 5); returns the
        bootstrap medians (None below min_n), which the ratios reuse. cov: the column of its
        ci_coverage (section 2, version 6), empty where the CI is."""
        if n < min_n:
            row[lo_col] = row[hi_col] = NAN
            if cov is not None:
                row[cov] = NAN
            return None
        dist = boot_medians(x, cfg, rng_for(seed, *stream))
        bands.set_ci(row, lo_col, hi_col, dist, conf, table, key)
        if cov is not None:
            row[cov] = ci_coverage(x, row[lo_col], row[hi_col])
            bands.coverage_band(row, lo_col, hi_col, cov, x, table, key)
        return dist

    # section 1 (paper campaigns only)
    measured = {p: defaultdict(list) for p in (1, 2, 4, 5)}   # phase -> device -> [(row, derived)]
    unit_values = units.UnitValues()   # section 11: each device's values with their replicates
    phase1_groups = {}   # (device, stack, endpoint, metric) -> (values, replicates or None), section 12
    counted4 = defaultdict(list)   # device -> [(row, reason)]: every phase-4 row but the warm-ups
    excluded1 = defaultdict(lambda: defaultdict(int))          # (device, stack, endpoint) -> reason -> count
    steal1 = defaultdict(list)   # device -> [(row, derived)]: phase-1 runs excluded for steal (version 5)
    for r in ds.runs:
        if r.study != PAPER_STUDY:
            continue
        reason = exclusion_reason(r.row, cfg["max_error_rate"], cfg["max_steal_share"])
        if r.phase == 4 and reason != "warmup":
            counted4[r.device].append((r.row, reason))
        if reason is None:
            measured[r.phase][r.device].append((r.row, derived(r.row)))
        elif reason != "warmup":
            out["exclusions"].append({"device": r.device, "campaign": r.campaign, "phase": r.phase,
                                      "seq": r.row["seq"], "stack": r.row["stack"],
                                      "endpoint": r.row["endpoint"], "reason": reason})
            if r.phase == 1:
                excluded1[(r.device, r.row["stack"], r.row["endpoint"])][reason] += 1
                if reason == "steal":
                    steal1[r.device].append((r.row, derived(r.row)))
    out["exclusions"].sort(key=lambda x: (x["device"], x["campaign"], x["phase"], x["seq"]))

    lookup = {}   # (device, stack, metric) -> measured value, for replication
    for dev in devices:
        runs1 = measured[1][dev]
        # values[stack][endpoint][metric] -> list; nruns[stack][endpoint] = measured runs
        values = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
        nruns = defaultdict(lambda: defaultdict(int))
        for row, d in runs1:
            nruns[row["stack"]][row["endpoint"]] += 1
            for m in METRICS:
                if d[m] is not None:
                    values[row["stack"]][row["endpoint"]][m].append(d[m])
        stacks = [s for s in order if s in values]

        # section 2: group statistics
        for s in stacks:
            for e in sorted(values[s], key=ENDPOINT_INDEX.get):
                for m in METRICS:
                    x = values[s][e][m]
                    if not x:
                        continue
                    row = {"device": dev, "stack": s, "endpoint": e, "metric": m, **describe(x),
                           "small_n": len(x) < min_n}
                    dist = set_ci(row, "ci_low", "ci_high", x, len(x), "group_stats", (dev, s, e, m), "group", dev, s, e, m,
                                  cov="ci_coverage")
                    phase1_groups[(dev, s, e, m)] = (x, dist)
                    out["group_stats"].append(row)
                    lookup[(dev, s, f"{m}:{e}")] = row["median"]

        # section 3: tests per endpoint and metric (the descriptive metrics never enter)
        # Every endpoint but the descriptive `mixed` (analysis.md 2-3).
        pairs = []
        for e in [e for e in ENDPOINTS if e != "mixed"]:
            for m in TESTED_METRICS:
                entering = [s for s in stacks if len(values[s][e][m]) >= min_n]
                if len(entering) < 2:
                    continue
                samples = [values[s][e][m] for s in entering]
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    kw = stats.kruskal(*samples)
                n_all = sum(len(x) for x in samples)
                h = float(kw.statistic)
                out["omnibus"].append({"device": dev, "endpoint": e, "metric": m, "k": len(entering),
                                       "n": n_all, "h": h, "df": len(entering) - 1, "p": float(kw.pvalue),
                                       "epsilon_sq": h / (n_all - 1)})
                for i in range(len(entering)):
                    for j in range(i + 1, len(entering)):
                        a, b = values[entering[i]][e][m], values[entering[j]][e][m]
                        u, p_mwu, p_method = mwu(a, b)
                        t, df, p_w = welch(a, b)
                        d = cohens_d(a, b)
                        pairs.append({"device": dev, "endpoint": e, "metric": m, "stack_a": entering[i],
                                      "stack_b": entering[j], "n_a": len(a), "n_b": len(b), "u": u,
                                      "p_mwu": p_mwu, "p_method": p_method, "t": t, "df": df, "p_welch": p_w, "cohens_d": d,
                                      "hedges_g": hedges_g(d, len(a), len(b)),
                                      "cliffs_delta": cliffs_delta(a, b), "p_holm": NAN, "significant": None})
        pcol = "p_mwu" if cfg["posthoc_test"] == "mann-whitney" else "p_welch"
        family = [p for p in pairs if not math.isnan(p[pcol])]
        if family:
            adj = multipletests([p[pcol] for p in family], alpha=cfg["alpha"], method="holm")[1]
            for p, q in zip(family, adj):
                p["p_holm"] = float(q)
                p["significant"] = bool(q < cfg["alpha"])
        out["posthoc"].extend(pairs)
        large = [p for p in pairs if not math.isnan(p["cohens_d"]) and abs(p["cohens_d"]) > cfg["large_effect"]]
        holm_threshold, floor_p = family_resolution(family, cfg["alpha"])
        out["posthoc_summary"].append({
            "holm_threshold": holm_threshold, "min_attainable_p": floor_p,
            "device": dev, "comparisons": len(family),
            "significant": sum(1 for p in family if p["significant"]),
            "large_effect": len(large),
            "large_and_significant": sum(1 for p in large if p["significant"])})
        if family:   # replication's post-hoc names sit on the stack 'all' (choice 24)
            lookup[(dev, "all", "posthoc_comparisons")] = len(family)
            lookup[(dev, "all", "posthoc_significant")] = sum(1 for p in family if p["significant"])
            lookup[(dev, "all", "posthoc_significant_share")] = sum(1 for p in family if p["significant"]) / len(family)
            # data.md: posthoc_comparisons and posthoc_significant with an empty stack (choice 24, version 5)
            for name in ("posthoc_comparisons", "posthoc_significant", "posthoc_significant_share"):
                lookup[(dev, "", name)] = lookup[(dev, "all", name)]

        # section 4: weighted aggregates and sensitivity
        B = cfg["bootstrap_resamples"]
        ranks = {}
        ratios = []
        reps_of = {}   # (mix, stack, column) -> the replicates of that weighted CI
        for mix, w in sorted(ds.mixes, key=lambda mw: mw[0]):
            needed = [e for e in CRUD_ENDPOINTS if w[e] > 0]   # a weight-0 endpoint contributes nothing
            rows = []
            for s in device_stacks[dev]:
                row = {"device": dev, "mix": mix, "stack": s, "missing": None}
                for col in [c for c, _ in WEIGHTED_OF] + ["w_energy_mj"]:
                    row[col] = row[col + "_lo"] = row[col + "_hi"] = NAN
                gaps = [(e, nruns[s][e], excluded1.get((dev, s, e), {})) for e in needed if nruns[s][e] < min_n]
                if gaps:
                    row["missing"] = missing_text(gaps)
                    rows.append(row)
                    continue
                rng = rng_for(seed, "weighted", dev, mix, s)
                for col, m in WEIGHTED_OF:
                    xs = [values[s][e][m] for e in needed]
                    if not all(xs):
                        continue
                    row[col] = float(sum(w[e] * np.median(x) for e, x in zip(needed, xs)))
                    acc = np.zeros(B)
                    for e, x in zip(needed, xs):
                        x = np.asarray(x, dtype=float)
                        acc += w[e] * np.median(x[rng.integers(0, len(x), size=(B, len(x)))], axis=1)
                    bands.set_ci(row, col + "_lo", col + "_hi", acc, conf, "weighted", (dev, mix, s))
                    reps_of[(mix, s, col)] = acc
                ev = [values[s][e]["energy_mj_per_req"] for e in needed]
                if all(ev):
                    vals = np.concatenate([np.asarray(x, dtype=float) for x in ev])
                    wts = np.concatenate([np.full(len(x), w[e] / len(x)) for e, x in zip(needed, ev)])
                    row["w_energy_mj"] = float(weighted_median_rows(vals, wts)[0])
                    res = np.concatenate([np.asarray(x, dtype=float)[rng.integers(0, len(x), size=(B, len(x)))]
                                          for x in ev], axis=1)
                    wm = weighted_median_rows(res, wts)
                    bands.set_ci(row, "w_energy_mj_lo", "w_energy_mj_hi", wm, conf, "weighted", (dev, mix, s))
                    reps_of[(mix, s, "w_energy_mj")] = wm
                rows.append(row)
            ranked = [r for r in rows if not math.isnan(r["w_rps_per_mib"])]
            best = max((r["w_rps_per_mib"] for r in ranked), default=NAN)
            for r in rows:
                if math.isnan(r["w_rps_per_mib"]):
                    r["rank"], r["ratio_to_best"] = None, NAN
                else:   # 1 = highest; ties share the lowest rank (competition ranking, 'min')
                    r["rank"] = 1 + sum(1 for o in ranked if o["w_rps_per_mib"] > r["w_rps_per_mib"])
                    r["ratio_to_best"] = best / r["w_rps_per_mib"]
            ranks[mix] = {r["stack"]: r["rank"] for r in rows if r["rank"] is not None}
            for col in ("w_rps", "w_peak_mib", "w_rps_per_mib", "w_p99_ms", "w_energy_mj"):
                for r in rows:
                    unit_values.put(dev, mix, col, r["stack"], r[col], reps_of.get((mix, r["stack"], col)))
                ratios.extend(ratio_rows(dev, mix, col, [(r["stack"], r[col], reps_of.get((mix, r["stack"], col)))
                                                         for r in rows], conf, bands))
            out["weighted"].extend(rows)
            if mix == ds.mixes[0][0]:
                for r in rows:
                    for col, _ in WEIGHTED_OF + [("w_energy_mj", None)]:
                        lookup[(dev, r["stack"], col)] = r[col]
        # section 4 (version 5): what the steal rule moved
        out["steal_sensitivity"].extend(steal_sensitivity.steal_sensitivity(dev, runs1, steal1[dev], device_stacks[dev],
                                                                     ds.mixes, min_n))
        declared = ranks.get(ds.mixes[0][0], {})
        for mix, _ in sorted(ds.mixes, key=lambda mw: mw[0]):
            common_stacks = [s for s in order if s in declared and s in ranks.get(mix, {})]
            tau, p = kendall([declared[s] for s in common_stacks], [ranks[mix][s] for s in common_stacks])
            if mix == ds.mixes[0][0]:
                p = NAN   # section 4 (version 3): the declared mix against itself has an empty p
            out["sensitivity"].append({"device": dev, "mix": mix, "kendall_tau": tau, "p": p})

        # section 2 (pooled) and 7 (startup and size); the size from the device's own campaigns (version 6)
        _, artifact = stack_order(ds, device=dev)
        pooled = defaultdict(lambda: defaultdict(list))
        for row, d in runs1:
            for m in ("idle_rss_mib", "startup_ms"):
                if d[m] is not None:
                    pooled[row["stack"]][m].append(d[m])
            pooled[row["stack"]]["n"].append(1)
        pooled_cands = {"idle_rss_mib": [], "startup_ms": []}
        for s in [s for s in order if s in pooled]:
            row = {"device": dev, "stack": s, "n": len(pooled[s]["n"]), "artifact_mib": artifact.get(s)}
            for m in ("idle_rss_mib", "startup_ms"):
                x = pooled[s][m]
                if x:
                    row[m] = float(np.median(x))
                    dist = set_ci(row, m + "_lo", m + "_hi", x, len(x), "stack_pooled", (dev, s), "pooled", dev, s, m,
                                  cov=m + "_ci_coverage")
                    pooled_cands[m].append((s, row[m], dist))
                    unit_values.put(dev, "", m, s, row[m], dist)
            out["stack_pooled"].append(row)
            for m in ("idle_rss_mib", "startup_ms", "artifact_mib"):
                lookup[(dev, s, m)] = row.get(m)

        # section 5: concurrency sweep
        sw = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
        for row, d in measured[2][dev]:
            for m in ("rps", "lat_p99_ms", "peak_rss_mib"):
                if d[m] is not None:
                    sw[row["stack"]][row["concurrency"]][m].append(d[m])
        sweep_cands = []
        for s in [s for s in order if s in sw]:
            levels = sorted(sw[s])
            meds = []
            rps_reps = {}
            for c in levels:
                g = sw[s][c]
                row = {"device": dev, "stack": s, "concurrency": c, "n": len(g["rps"])}
                for m, col in (("rps", "rps"), ("lat_p99_ms", "p99_ms")):
                    row[col] = float(np.median(g[m]))
                    dist = set_ci(row, col + "_lo", col + "_hi", g[m], len(g[m]), "sweep", (dev, s, c), "sweep", dev, s, c, m)
                    if m == "rps":
                        rps_reps[c] = dist
                row["peak_rss_mib"] = float(np.median(g["peak_rss_mib"]))
                meds.append(row["rps"])
                out["sweep"].append(row)
                lookup[(dev, s, f"rps_c{c}")] = row["rps"]
                lookup[(dev, s, f"p99_ms_c{c}")] = row["p99_ms"]
            peak = max(meds)
            if rps_reps[levels[meds.index(peak)]] is not None:   # n >= min_n at the peak concurrency
                sweep_cands.append((s, peak, rps_reps[levels[meds.index(peak)]]))
            out["sweep_summary"].append({"device": dev, "stack": s, "peak_rps": peak,
                                         "peak_concurrency": levels[meds.index(peak)],
                                         "plateau_concurrency": plateau(levels, meds, cfg["plateau_gain"])})
            lookup[(dev, s, "peak_rps")] = peak
            lookup[(dev, s, "min_rps")] = min(meds)
            pc = out["sweep_summary"][-1]["plateau_concurrency"]
            lookup[(dev, s, "plateau_concurrency")] = NAN if pc is None else pc

        ratios.extend(ratio_rows(dev, "", "idle_rss_mib", pooled_cands["idle_rss_mib"], conf, bands))
        ratios.extend(ratio_rows(dev, "", "startup_ms", pooled_cands["startup_ms"], conf, bands))
        ratios.extend(ratio_rows(dev, "", "sweep_peak_rps", sweep_cands, conf, bands))
        metric_index = {m: i for i, m in enumerate(RATIO_METRICS)}
        ratios.sort(key=lambda r: (r["mix"], metric_index[r["metric"]], sidx[r["stack"]]))
        out["ratios"].extend(ratios)
        # section 10: latency and capacity at offered load (phase 4 only, never pooled with phase 1)
        offered_load(dev, counted4[dev], cfg, sidx, out, set_ci)

        # section 6: memory time series (series of paper campaigns)
        per = defaultdict(list)
        for ser in ds.series:
            if ser.device != dev or ser.study != PAPER_STUDY:
                continue
            r = np.asarray(ser.rss_kib) / KIB_PER_MIB
            t = np.asarray(ser.t_ms)
            per[ser.stack].append({
                "samples": len(r), "duration_s": t[-1] / 1000.0, "first_mib": r[0], "min_mib": r.min(),
                "max_mib": r.max(), "last_mib": r[-1], "growth_mib": r[-1] - r[0],
                "steady_growth_mib": steady_growth(ser.t_ms, r, cfg["memory_warm_s"]),
                "drops": int(np.sum((r[:-1] - r[1:]) > cfg["drop_threshold_mib"])),
                "slope_mib_per_s": ols_slope(t / 1000.0, r)})
        for s in [s for s in order if s in per]:
            ss = per[s]
            row = {"device": dev, "stack": s, "series": len(ss), "drops": sum(x["drops"] for x in ss)}
            for col in ("samples", "duration_s", "first_mib", "min_mib", "max_mib", "last_mib", "growth_mib",
                        "steady_growth_mib", "slope_mib_per_s"):
                v = [x[col] for x in ss if x[col] is not None and not (isinstance(x[col], float) and math.isnan(x[col]))]
                row[col] = float(np.median(v)) if v else NAN
            out["memory"].append(row)
            for col in ("first_mib", "min_mib", "max_mib", "last_mib", "growth_mib", "drops"):
                lookup[(dev, s, col)] = row[col]
            # rates compare across windows of different length (choice 24)
            lookup[(dev, s, "growth_mib_per_min")] = row["growth_mib"] / row["duration_s"] * 60
            lookup[(dev, s, "drops_per_min")] = row["drops"] / (row["series"] * row["duration_s"]) * 60

    # section 7: replication
    def single(dev, stack, metric):
        m = lookup.get((dev, stack, metric))
        if m is None and metric in ("peak_rss_mib_min_endpoint", "peak_rss_mib_max_endpoint"):
            v = [lookup.get((dev, stack, f"peak_rss_mib:{e}")) for e in CRUD_ENDPOINTS]
            if all(x is not None and not math.isnan(x) for x in v):
                m = min(v) if metric.endswith("_min_endpoint") else max(v)
        elif m is None and metric.startswith("endpoints_higher:") and metric.count(":") == 2:
            _, gm, other = metric.split(":")
            a = [lookup.get((dev, stack, f"{gm}:{e}")) for e in CRUD_ENDPOINTS]
            b = [lookup.get((dev, other, f"{gm}:{e}")) for e in CRUD_ENDPOINTS]
            if gm in TESTED_METRICS and all(x is not None and not math.isnan(x) for x in a + b):
                m = sum(1 for x, y in zip(a, b) if x > y)
        return NAN if m is None else float(m)

    def replicated(dev, stack, metric):
        if "/" in metric:   # <name>/<other stack>: the ratio of two stacks' values
            name, other = metric.rsplit("/", 1)
            return single(dev, stack, name) / single(dev, other, name)
        return single(dev, stack, metric)

    for pub in ds.published:
        for dev in devices:
            m = replicated(dev, pub["stack"], pub["metric"])
            ratio = m / pub["value"] if (pub["value"] != 0 and not math.isnan(m)) else NAN
            out["replication"].append({"device": dev, "table": pub["table"], "stack": pub["stack"],
                                       "metric": pub["metric"], "published": pub["value"], "measured": m,
                                       "ratio": ratio})
    far = len(order)
    out["replication"].sort(key=lambda r: (r["device"], r["table"], sidx.get(r["stack"], far), r["stack"],
                                           r["metric"]))
    # section 8: every campaign of every study
    out["loadgen_summary"] = loadgen_summary(ds)
    out["memory_checkpoints"] = memory_checkpoints(ds)
    # section 9: stability diagnostics
    out["drift"] = drift(ds, order)
    # section 7: comparability of the replication rows
    comparability.extend(ds, out, order)
    # sections 9 (sessions), 11 (units of one model) and 12 (steady state)
    out["sessions"] = sessions.sessions(ds)
    out["probe"] = probe.rows(ds)
    out["units"] = units.units(ds, unit_values, devices, [m for m, _ in ds.mixes], order, RATIO_METRICS)
    out["steady_stats"], out["warm_cold"] = steady.steady(ds, measured[5], phase1_groups, order,
                                                          ENDPOINT_INDEX, describe, set_ci, bands)
    out["_bands"] = bands.rows
    return out


def offered_load(dev, rows, cfg, sidx, out, set_ci):
    """Section 10 for one device. rows: its phase-4 rows other than warm-ups, each with its exclusion
    reason (None = measured). Group = (stack, endpoint, offered_rps) over measured runs: n, medians,
    the bootstrap CI of the median lat_p99_ms (empty below min_n), kept_up = median rps >=
    kept_up_ratio x offered_rps. Capacity per (stack, endpoint) with a measured group: rates ascending
    (every rate with a non-warm-up run, measured or not); a rate meets the target when its group kept
    up with median p99 <= latency_slo_ms. Version 5 (capacity.capacity): a rate without measured runs
    is unmeasured (version 4 counted it as missing), and an unstable curve or an unmeasured rate below
    the first missing one leaves the capacity empty with capacity_note saying why."""
    slo, ratio = cfg["latency_slo_ms"], cfg["kept_up_ratio"]
    cells = defaultdict(lambda: defaultdict(list))   # (stack, endpoint) -> rate -> [(row, reason)]
    for row, reason in rows:
        cells[(row["stack"], row["endpoint"])][row["offered_rps"]].append((row, reason))

    def med(xs):
        xs = [x for x in xs if x is not None]
        return float(np.median(xs)) if xs else NAN

    for (s, ep) in sorted(cells, key=lambda k: (sidx[k[0]], ENDPOINT_INDEX[k[1]])):
        rates = cells[(s, ep)]
        points = {}
        for rate in sorted(rates):
            m = [row for row, reason in rates[rate] if reason is None]
            if not m:
                continue
            p99 = [r["lat_p99_ms"] for r in m if r["lat_p99_ms"] is not None]
            row = {"device": dev, "stack": s, "endpoint": ep, "offered_rps": rate, "n": len(m),
                   "rps": med(r["rps"] for r in m), "lat_p50_ms": med(r["lat_p50_ms"] for r in m),
                   "lat_p90_ms": med(r["lat_p90_ms"] for r in m), "lat_p99_ms": med(p99),
                   "lat_p999_ms": med(r["lat_p999_ms"] for r in m),
                   "peak_rss_mib": med(None if r["peak_rss_kib"] is None else r["peak_rss_kib"] / KIB_PER_MIB
                                       for r in m)}
            row["lat_p99_lo"] = row["lat_p99_hi"] = NAN
            if p99:
                set_ci(row, "lat_p99_lo", "lat_p99_hi", p99, len(p99), "offered_load", (dev, s, ep, rate),
                       "offered_load", dev, s, ep, rate, "lat_p99_ms")
            row["kept_up"] = bool(row["rps"] >= ratio * rate)
            points[rate] = row
            out["offered_load"].append(row)
        if not points:
            continue
        # version 5: an unmeasured rate neither meets nor misses; an unstable curve has no capacity
        row = {"device": dev, "stack": s, "endpoint": ep, "slo_ms": slo}
        row.update(capacity.capacity(list(rates), points, slo))
        row["warm"] = capacity.warm([r for runs in rates.values() for r, reason in runs if reason is None])
        out["capacity"].append(row)


BANDS_FILE = "ci_bands.csv"
BANDS_COLUMNS = ["table", "key", "column", "level", "band_lo", "band_hi"]


def write_all(out, outdir):
    """Write every table into a fresh temporary folder, then move the files into outdir."""
    os.makedirs(outdir, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".crosscheck-", dir=outdir)
    written = [n for n in TABLES if n not in OPTIONAL_TABLES or out.get(OPTIONAL_TABLES[n])]
    for name in written:
        keys, vals = TABLES[name]
        common.write_csv(os.path.join(tmp, name + ".csv"), keys + vals, out.get(name, []))
    common.write_csv(os.path.join(tmp, BANDS_FILE), BANDS_COLUMNS, out.get("_bands", []))
    for name in written + [BANDS_FILE[:-4]]:
        os.replace(os.path.join(tmp, name + ".csv"), os.path.join(outdir, name + ".csv"))
    os.rmdir(tmp)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="data folder (spec/data.md)")
    ap.add_argument("--out", required=True, help="folder for the tidy CSVs")
    ap.add_argument("--no-manifest", action="store_true", help="skip the SHA256SUMS check")
    ap.add_argument("--stream-salt", default="",
                    help="change every bootstrap stream (same data): shows how much CI ends move between streams")
    a = ap.parse_args(argv)
    global STREAM_SALT
    STREAM_SALT = a.stream_salt
    try:
        ds = common.load(a.data, check_manifest=not a.no_manifest)
    except common.DataError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    write_all(analyse(ds), a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
