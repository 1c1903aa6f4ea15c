"""Section 10 of analysis.md version 3 (phase 4; version 5's capacity rule) on hand-made SYNTHETIC rows: analyse.offered_load."""
import math
from collections import defaultdict

import analyse
import common

CFG = dict(common.DEFAULT_CONFIG)


def row(stack, rate, rps, p99, peak_kib=10240, status="ok"):
    r = {c: None for c in common.KNOWN_COLS}
    r.update(stack=stack, endpoint="get_item", offered_rps=float(rate), rps=float(rps), lat_p50_ms=p99 / 4,
             lat_p90_ms=p99 / 2, lat_p99_ms=float(p99), lat_p999_ms=p99 * 2, peak_rss_kib=peak_kib, status=status)
    return r


def run(rows, cfg=CFG):
    """rows: (row, reason); returns (offered_load rows, capacity rows, CI requests)."""
    out = defaultdict(list)
    cis = []

    def set_ci(r, lo, hi, x, n, table, key, *stream):
        cis.append((n, key, stream))
        r[lo], r[hi] = min(x), max(x)

    analyse.offered_load("d", rows, cfg, {"a": 0, "b": 1}, out, set_ci)
    return out["offered_load"], out["capacity"], cis


def test_a_failing_rate_in_the_middle_stops_the_capacity_below_it():
    # (version 5: a meeting rate above it would make the curve unstable, test_steal_capacity_units.py; here 400 misses too)
    rows = [(row("a", 100, 100, p), None) for p in (1, 2, 3)] \
        + [(row("a", 200, 200, p), None) for p in (49, 51, 52)] \
        + [(row("a", 400, 400, p), None) for p in (55, 60, 70)]
    ol, cap, _ = run(rows)
    assert [r["offered_rps"] for r in ol] == [100, 200, 400]
    assert cap == [{"device": "d", "stack": "a", "endpoint": "get_item", "slo_ms": 50, "capacity_rps": 100.0,
                    "first_failing_rps": 200.0, "capacity_peak_mib": 10.0, "capacity_per_mib": 10.0,
                    "capacity_censored": False, "capacity_stable": True, "capacity_note": None,
                    "warm": "false"}]   # no prior_load_s: cold (version 6)


def test_the_smallest_rate_failing_leaves_the_capacity_empty_and_equality_meets():
    ol, cap, _ = run([(row("a", 100, 100, 60), None), (row("a", 200, 200, 50.5), None)])
    assert math.isnan(cap[0]["capacity_rps"]) and cap[0]["first_failing_rps"] == 100
    assert math.isnan(cap[0]["capacity_per_mib"])
    ol, cap, _ = run([(row("a", 100, 100, 50), None), (row("a", 1000, 950, 5), None)])
    assert [r["kept_up"] for r in ol] == [True, True]      # 950 = 0.95 x 1000 keeps up
    assert cap[0]["capacity_rps"] == 1000 and math.isnan(cap[0]["first_failing_rps"])


def test_kept_up_is_the_median_rate_against_the_ratio():
    rows = [(row("a", 1000, r, 5), None) for r in (940, 960, 990)] + [(row("a", 2000, r, 5), None)
                                                                       for r in (1800, 1700, 1850)]
    ol, cap, _ = run(rows)
    assert [r["kept_up"] for r in ol] == [True, False]
    assert (cap[0]["capacity_rps"], cap[0]["first_failing_rps"]) == (1000, 2000)


def test_a_rate_without_measured_runs_is_unmeasured_and_has_no_row():
    rows = [(row("a", 100, 100, 1), None), (row("a", 400, 400, 1), None),
            (row("a", 200, 200, 1), "error_rate"), (row("a", 200, 200, 1, status="failed"), "failed")]
    ol, cap, _ = run(rows)
    assert [r["offered_rps"] for r in ol] == [100, 400]
    # version 5: neither meets nor misses; below the largest rate with none missing, it leaves no capacity
    assert math.isnan(cap[0]["capacity_rps"]) and math.isnan(cap[0]["first_failing_rps"])
    assert (cap[0]["capacity_stable"], cap[0]["capacity_note"], cap[0]["capacity_censored"]) == (True, "unmeasured: 200", None)


def test_medians_and_the_ci_stream_of_each_group():
    rows = [(row("b", 500, 500, p), None) for p in (12, 15, 11, 19, 14, 13)] + [(row("a", 500, 500, 3), None)]
    ol, cap, cis = run(rows)
    assert [r["stack"] for r in ol] == ["a", "b"]           # stack order
    b = ol[1]
    assert (b["n"], b["lat_p99_ms"], b["lat_p50_ms"], b["lat_p999_ms"], b["peak_rss_mib"]) == (6, 13.5, 3.375, 27.0, 10.0)
    assert cis[1] == (6, ("d", "b", "get_item", 500.0), ("offered_load", "d", "b", "get_item", 500.0, "lat_p99_ms"))
