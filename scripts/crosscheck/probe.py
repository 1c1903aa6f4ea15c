"""Version 6 of spec/analysis.md and outputs.md: the machine measured beside the stacks (servers.md's probe,
data.md's probe.csv). probe.csv as a tidy output (outputs.md: key device, campaign, probe_seq), a session's
probe columns (section 9: `probe_cpu`, `probe_memory`, `probe_drift`, `machine_drifted`) and a unit's
probe_cpu (section 11). The reader and its bad-input rules are common.read_probe (choice V6-3 there).

Choices where the spec leaves room (compare with the Java side):
P1. probe.csv (the output) has the rows of every counted campaign (not in exclude_campaigns) of every
    study, sorted by device, campaign (code point) and probe_seq; numbers as read (after_seq, probe_seq
    and cpu integers), started_at as its text. It is written only when it has rows (outputs.md allows a
    tidy CSV without rows to be left out).
P2. A session's probe_cpu / probe_memory are medians over every row of that test in its probe.csv (a
    resumed campaign's two probes at one after_seq both count); probe_drift = the cpu value of the
    largest probe_seq over that of the smallest (the rows' order, not started_at); with fewer than two
    cpu rows probe_drift and machine_drifted are empty, and a probe.csv of memory rows alone leaves the
    cpu columns empty. machine_drifted is strict (`>`): a drift of exactly probe_tolerance is not one.
P3. A unit's probe_cpu (section 11) is the median over the cpu rows of its counted paper campaigns
    pooled (not a median of the campaigns' medians), as analysis.md says.
"""
from __future__ import annotations

import math
from collections import defaultdict

import numpy as np

import common

NAN = float("nan")
PROBE_TABLE = (["device", "campaign", "probe_seq"],
               ["after_seq", "cpu", "test", "value", "duration_s", "steal_s", "started_at"])


def rows(ds):
    """probe.csv (P1)."""
    return sorted(({c: p[c] for c in PROBE_TABLE[0] + PROBE_TABLE[1]} for p in ds.probes),
                  key=lambda r: (r["device"], r["campaign"], r["probe_seq"]))


def session(probes, tolerance):
    """Section 9 (version 6, P2): probe_cpu, probe_memory, probe_drift, machine_drifted of one campaign's
    probe rows (all four empty without any)."""
    ordered = sorted(probes, key=lambda p: p["probe_seq"])
    cpu = [p["value"] for p in ordered if p["test"] == "cpu"]
    mem = [p["value"] for p in ordered if p["test"] == "memory"]
    out = {"probe_cpu": float(np.median(cpu)) if cpu else NAN,
           "probe_memory": float(np.median(mem)) if mem else NAN,
           "probe_drift": cpu[-1] / cpu[0] if len(cpu) >= 2 else NAN, "machine_drifted": None}
    if not math.isnan(out["probe_drift"]):
        out["machine_drifted"] = bool(abs(out["probe_drift"] - 1.0) > tolerance)
    return out


def by_campaign(ds):
    out = defaultdict(list)
    for p in ds.probes:
        out[p["campaign"]].append(p)
    return out


def unit_cpu(ds):
    """Section 11 (version 6, P3): device -> the median cpu value over its counted paper campaigns' probe
    rows; devices without one are absent."""
    values = defaultdict(list)
    for p in ds.probes:
        if p["study"] == common.PAPER_STUDY and p["test"] == "cpu":
            values[p["device"]].append(p["value"])
    return {d: float(np.median(v)) for d, v in values.items()}
