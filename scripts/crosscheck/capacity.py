"""Section 10 of spec/analysis.md: the capacity of one (device, stack, endpoint) group of phase 4
(version 3's rule, version 4's censoring, version 5's unmeasured rates and unstable curves).
analyse.offered_load computes the groups' medians (offered_load.csv) and calls `capacity` per group.

Choices where the spec leaves room (compare with the Java side):
CA1. A rate is measured when at least one of its runs is measured; `unstable: misses R1, meets R2`
    and `unmeasured: R` write each rate as a whole number, rounded half up (a fractional rate
    1234.5 is 1235). R2 is the highest meeting rate above R1, R1 the lowest missing rate (the lowest
    that some meeting rate lies above). "Below the largest rate" is the largest of all the group's
    rates, measured or not. capacity_stable is written for every row, also with a note.
CA2. A group (stack, endpoint) without any measured rate has no capacity row, as in version 4
    (README choice 42): there is no curve to call stable or unstable.
CA3. (Version 6.) `warm` reads each measured run's own prior_load_s column (empty or 0 = cold, data.md),
    over every measured run of every rate of the group (an unmeasured rate adds nothing);
    protocol.phase4.prior_load_s, what the harness was asked to do, is validated but not read: the row
    says what the run had. Written as the text `true`, `false` or `mixed`.
"""
from __future__ import annotations

import math

NAN = float("nan")
CAPACITY_TABLE = (["device", "stack", "endpoint"],
                  ["slo_ms", "capacity_rps", "first_failing_rps", "capacity_peak_mib", "capacity_per_mib",
                   "capacity_censored", "capacity_stable", "capacity_note", "warm"])


def _nan(v):
    return v is None or (isinstance(v, float) and math.isnan(v))


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



def warm(measured_rows):
    """Section 10 (version 6, CA3): `true` when every measured run of the group had prior_load_s > 0,
    `false` when none had, `mixed` otherwise; None without a measured run."""
    if not measured_rows:
        return None
    flags = {(r.get("prior_load_s") or 0) > 0 for r in measured_rows}
    return "mixed" if len(flags) > 1 else ("true" if flags.pop() else "false")
