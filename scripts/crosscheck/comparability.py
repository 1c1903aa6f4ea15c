"""Section 7 of spec/analysis.md (version 4): which replication rows compare like with like,
replication.csv's `comparable` and `differs` (from reference/setup.json and published.csv's `category`).
analyse.py calls `extend(ds, out, order)` after its own tables.

Choices where the spec leaves room (compare with the Java side):
C1. A value's campaigns: the device's paper campaigns with measured rows of phase 2 for the sweep's metrics
    (rps_c<N>, p99_ms_c<N>, peak_rps, min_rps, plateau_concurrency), with a phase-3 series for the memory
    series' metrics (first/min/max/last/growth_mib, drops, *_per_min), phase 1 otherwise.
C2. runs: the median over group_stats.csv's rps rows on CRUD endpoints of n; stacks: the stacks of
    group_stats' rps rows, in stack order.
"""
from __future__ import annotations

import csv
import math
import os
import re
from collections import defaultdict

import numpy as np

import common

NAN = float("nan")
CRUD = ["post_item", "get_item", "get_list", "put_item", "delete_item"]
FACTORS = ["model", "arch", "server_cores", "load_generator_host", "page_size", "seed_rows_delete", "runs", "stacks"]
THROUGHPUT = ["model", "arch", "server_cores", "load_generator_host"]
CATEGORY_FACTORS = {
    "throughput": THROUGHPUT, "latency": THROUGHPUT,
    "efficiency": THROUGHPUT + ["page_size"], "delete": THROUGHPUT + ["seed_rows_delete"],
    "memory": ["arch", "page_size"], "startup": ["model", "arch"], "size": ["arch"], "energy": ["model", "arch"],
    "tests": ["runs", "stacks"],
}
SWEEP_SUMMARY = ("peak_rps", "min_rps", "plateau_concurrency")
MEMORY = ("first_mib", "min_mib", "max_mib", "last_mib", "growth_mib", "drops", "growth_mib_per_min", "drops_per_min")




def measured(row, cfg):
    """Section 1's rule (version 5: with the steal rule of analysis.json's max_steal_share)."""
    return common.exclusion_reason(row, cfg["max_error_rate"], cfg["max_steal_share"]) is None


def _campaign_json(ds, cid):
    return common.load_json(ds.root, f"raw/{cid}/campaign.json")   # version 6: null is absence


def _cpu_count(text):
    n = set()
    for part in str(text).split(","):
        a, _, b = part.strip().partition("-")
        n.update(range(int(a), int(b or a) + 1))
    return len(n)


def campaign_factor(j, factor):
    dev, proto, lg = j.get("device", {}), j.get("protocol", {}) or {}, j.get("load_generator", {}) or {}
    if factor in ("model", "arch", "page_size"):
        return dev.get(factor)
    if factor == "load_generator_host":
        return lg.get("host")
    if factor == "seed_rows_delete":
        return proto.get("seed_rows_delete")
    if factor == "server_cores":
        cpus = proto.get("server_cpus") or (proto.get("pinning") or {}).get("server_cpus")
        return _cpu_count(cpus) if cpus is not None else dev.get("cores")
    raise ValueError(factor)


def value_phase(metric):
    m = metric.split("/")[0]
    if re.fullmatch(r"(rps|p99_ms)_c\d+", m) or m in SWEEP_SUMMARY:
        return 2
    if m in MEMORY:
        return 3
    return 1


def _text(v):
    if isinstance(v, list):
        return ",".join(v)
    if isinstance(v, float) and v == int(v):
        return str(int(v))
    return str(v)


def comparability(ds, out, order):
    """comparable and differs of every replication row (analysis.md 7, version 4)."""
    setup_path = os.path.join(ds.root, "reference", "setup.json")
    setups = common.load_json(ds.root, "reference/setup.json") if os.path.isfile(setup_path) else {}
    categories = {}
    pub_path = os.path.join(ds.root, "reference", "published.csv")
    if os.path.isfile(pub_path):
        with open(pub_path, encoding="utf-8", newline="") as f:
            for r in csv.DictReader(f):
                categories[(r["source"], r["table"], r["stack"], r["metric"])] = (r.get("category") or "").strip()
    cfg = ds.config
    paper = [c for c in ds.campaigns if c.id not in cfg["exclude_campaigns"] and c.study == "paper"]
    with_phase = defaultdict(set)
    for r in ds.runs:
        if measured(r.row, cfg):
            with_phase[r.phase].add(r.campaign)
    for s in ds.series:
        with_phase[3].add(s.campaign)
    sidx = {s: i for i, s in enumerate(order)}
    source_of = {(p["table"], p["stack"], p["metric"]): p["source"] for p in ds.published}

    def device_value(dev, camps, factor):
        if factor == "runs":
            n = [int(g["n"]) for g in out["group_stats"] if g["device"] == dev and g["metric"] == "rps"
                 and g["endpoint"] in CRUD]
            return float(np.median(n)) if n else "unknown"
        if factor == "stacks":
            s = sorted({g["stack"] for g in out["group_stats"] if g["device"] == dev and g["metric"] == "rps"},
                       key=lambda x: sidx.get(x, len(order)))
            return s if s else "unknown"
        vals = [campaign_factor(_campaign_json(ds, c.id), factor) for c in camps]
        if any(v is None for v in vals):
            return "unknown"
        return vals[0] if all(v == vals[0] for v in vals) else "mixed"

    def equal(factor, dv, sv):
        if dv in ("unknown", "mixed"):
            return False
        if factor == "model":
            return str(dv).startswith(str(sv))
        if factor == "stacks":
            return set(dv) == set(sv)
        if isinstance(sv, (int, float)) and not isinstance(sv, bool):
            return isinstance(dv, (int, float)) and float(dv) == float(sv)
        return str(dv) == str(sv)

    for row in out["replication"]:
        row["comparable"], row["differs"] = True, ""
        source = source_of.get((row["table"], row["stack"], row["metric"]))
        setup = setups.get(source)
        category = categories.get((source, row["table"], row["stack"], row["metric"]), "")
        if setup is None or not category:
            continue
        camps = [c for c in paper if c.device == row["device"] and c.id in with_phase[value_phase(row["metric"])]]
        differs = []
        for factor in FACTORS:
            if factor not in CATEGORY_FACTORS[category] or factor not in setup:
                continue
            dv = device_value(row["device"], camps, factor) if camps else "unknown"
            if not equal(factor, dv, setup[factor]):
                differs.append(f"{factor}: {_text(dv)} vs {_text(setup[factor])}")
        if differs:
            row["comparable"], row["differs"] = False, "; ".join(differs)


def extend(ds, out, order):
    """comparability of replication.csv."""
    comparability(ds, out, order)
