"""Section 9 of spec/analysis.md: sessions.csv, one row per campaign (version 4's drift of the session,
version 5's steal over every phase).

Choices where the spec leaves room (compare with the Java side):
S1. A session is a campaign that counts (not excluded), of any study, one row each, also with no measured
    phase-1/2 run (n 0, rho empty). Runs: measured (section 1) phases 1 and 2, seq order; runs of a group
    (phase, stack, endpoint, concurrency) with one run are left out before numbering (rho reads ranks, so
    numbering before or after gives the same rho).
S2. A campaign whose rho is undefined stays out of the Holm family; steal needs device.cores.
SE1. steal_share / steal_max over the campaign's rows of phases 1, 2, 4 and 5 with warmup 0, status ok
    and a steal share (common.steal_share); steal_excluded = how many of them have reason `steal`, 0
    (never empty) when none does. n, rho and p are version 4's, over runs measured by the steal rule.
    Version 6: the share is section 1's largest (common.steal_share, V6-1), over the runs with any share.
SE2. (Version 6.) probe_cpu, probe_memory, probe_drift and machine_drifted: probe.session (choice P2).
"""
from __future__ import annotations

from collections import defaultdict

import numpy as np
from scipy import stats

import common
import probe

NAN = float("nan")
SESSIONS_TABLE = (["device", "campaign"],
                  ["study", "n", "rho", "p", "p_holm", "drifting", "steal_share", "steal_max", "steal_excluded",
                   "probe_cpu", "probe_memory", "probe_drift", "machine_drifted"])


def sessions(ds):
    """sessions.csv (section 9; S1-S2 and SE1)."""
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
    probes = probe.by_campaign(ds)
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
                     "steal_excluded": sum(1 for _, ex in steal_rows.get(c.id, []) if ex),
                     **probe.session(probes.get(c.id, []), cfg["probe_tolerance"])})
    common.holm_drifting(rows, cfg["alpha"])
    return rows

