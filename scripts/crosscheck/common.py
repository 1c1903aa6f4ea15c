"""Shared vocabulary, data-folder reader/validator and CSV number formatting for the
independent Python cross-check of the analysis (spec/data.md, spec/analysis.md, spec/outputs.md).

Everything here is written from the spec alone.

Choices where the spec leaves room (compare with the Java side):
V1. (Version 5.) Steal share = steal_s / (duration_s x device.cores) of the run's own campaign; a run
    without steal_s, a campaign without device.cores, or a duration that is not positive gives no
    share and is never excluded for steal. The rule is strict (a share equal to max_steal_share is
    measured) and comes last, after throttled; it applies to every phase and every study (section 8
    counts with it too), and weighted.csv's `missing` texts list `steal` after `throttled`.
V2. (Version 5.) Bad input: a "measured run" of data.md's round rule is one with warmup 0 and status
    ok (data.md's words), whatever section 1 later decides; the group is (phase file, stack,
    endpoint, concurrency, offered_rps). Warm-up rows also need a round in a rounds campaign. The
    cpu_id rule compares every campaign of the device, excluded ones and every study included (each
    is validated); a machine.cpu_id must have the form of data.md (`x86:` or `arm:` and four fields).
    A max_steal_share outside [0, 1] is refused in analysis.json and in campaign.json's protocol;
    min_units_ci is an integer >= 1.
V6-1. (Version 6.) Steal share = the largest of the device's share (V1), server_steal_s / (duration_s x
    the CPUs of protocol.server_cpus) and loadgen_steal_s / (duration_s x the CPUs of
    load_generator.cpus), each left out when its value, its CPU list or a positive duration is missing.
    The load generator's CPU list counts whether or not `host` says `same` (data.md writes it only
    then). A CPU list is a comma list of CPUs and ranges (`0-1,3` = 3 CPUs, a CPU named twice counts
    once); a JSON integer is one CPU; anything else (`1-0`, `a`, an empty text) is refused on its JSON
    path. The default max_steal_share is 0.02.
V6-2. (Version 6.) A JSON null is dropped as the key's absence everywhere (campaign.json, analysis.json,
    phase-3 series, setup.json) except for `max_steal_share` (analysis.json and campaign.json's
    protocol), where null turns the rule off. A null inside a list is not a key: it stays and is judged
    as the list's element. `probe_tolerance` is a non-negative number (default 0.10).
V6-3. (Version 6.) probe.csv (read_probe): every column of data.md's table must be in the header
    (unknown ones are ignored with a warning), a header-only file is valid (no probe rows); value
    and duration_s need a number > 0, probe_seq an integer >= 1 unique in the file, after_seq an
    integer >= 0 and <= the campaign's largest seq over its phase files (0 when it has no rows),
    cpu empty or an integer >= 0, steal_s empty or >= 0, started_at ISO-8601 with a date, a time
    and a zone (`Z` or an offset; a local time is refused, as it names no UTC instant). A probe.csv
    in a campaign whose protocol.probe is absent or null is refused on its line 1. protocol.probe
    must be an object whose duration_s and every_runs, where present, are numbers > 0;
    protocol.phase4.prior_load_s a number >= 0; protocol.tests a boolean.
"""
from __future__ import annotations

import csv
import hashlib
import json
import math
import os
import re
import sys
from dataclasses import dataclass, field

import numpy as np

# --- vocabulary (spec/data.md "Endpoints", spec/analysis.md sections 2 and 3) -------------------

CRUD_ENDPOINTS = ["post_item", "get_item", "get_list", "put_item", "delete_item"]
ENDPOINTS = CRUD_ENDPOINTS + ["mixed", "hello", "hello_json", "heavy"]   # data.md's order
ENDPOINT_INDEX = {e: i for i, e in enumerate(ENDPOINTS)}

# analysis.md section 2, in its order (the order of metric keys in the tidy CSVs): the tested
# metrics (sections 3 and 4), then the descriptive ones (version 2: group statistics only)
TESTED_METRICS = ["rps", "lat_p50_ms", "lat_p99_ms", "idle_rss_mib", "peak_rss_mib", "rps_per_mib",
                  "startup_ms", "energy_mj_per_req"]
DESCRIPTIVE_METRICS = ["lat_p90_ms", "idle_pss_mib", "peak_pss_mib", "cpu_cores", "rps_per_cpu_s"]
METRICS = TESTED_METRICS + DESCRIPTIVE_METRICS
METRIC_INDEX = {m: i for i, m in enumerate(METRICS)}

PAPER_STUDY = "paper"   # data.md `study`: the default; only these campaigns enter sections 1-7

DEFAULT_CONFIG = {
    "bootstrap_resamples": 10000,
    "confidence": 0.95,
    "rng_seed": 20260929,
    "alpha": 0.05,
    "posthoc_test": "mann-whitney",
    "large_effect": 0.8,
    "max_error_rate": 0.01,
    "plateau_gain": 0.10,
    "drop_threshold_mib": 0.5,
    "exclude_campaigns": [],
    "min_n": 5,
    "memory_warm_s": 5,
    "memory_checkpoints_s": [60, 300],
    "latency_slo_ms": 50,
    "kept_up_ratio": 0.95,
    "min_units": 2,
    "device_models": {},
    "min_units_ci": 3,          # version 5: fewest units of one recorded hardware that give an interval
    "max_steal_share": 0.02,    # version 5 (0.05 before version 6): a run's steal share above this is excluded; None turns it off
    "probe_tolerance": 0.10,    # version 6: two probes differ by at most this (ratio - 1) for one machine state
}

# phase1.csv / phase2.csv columns (data.md table) and their types
INT_COLS = ["seq", "concurrency", "threads", "run", "warmup", "requests", "errors_connect",
            "errors_read", "errors_write", "errors_timeout", "non_2xx", "idle_rss_kib",
            "peak_rss_kib", "idle_pss_kib", "peak_pss_kib", "seeded_rows", "peak_cgroup_kib",
            "latency_corrected", "round"]
DEC_COLS = ["duration_s", "rps", "lat_mean_ms", "lat_p50_ms", "lat_p75_ms", "lat_p90_ms",
            "lat_p99_ms", "lat_max_ms", "startup_ms", "cpu_s", "energy_j", "mean_power_w",
            "loadgen_cpu_s", "temp_max_c", "freq_min_mhz", "lat_p999_ms", "offered_rps", "steal_s",
            "prior_load_s", "quiet_wait_s", "server_steal_s", "loadgen_steal_s"]
TEXT_COLS = ["stack", "endpoint", "started_at", "throttled", "status", "note"]
KNOWN_COLS = set(INT_COLS) | set(DEC_COLS) | set(TEXT_COLS)
REQUIRED_COLS = ["seq", "stack", "endpoint", "concurrency", "run", "warmup", "status"]
OK_REQUIRED = ["duration_s", "requests", "rps", "lat_p50_ms", "lat_p99_ms", "peak_rss_kib"]
OK_REQUIRED_P1 = ["startup_ms", "idle_rss_kib"]
OK_REQUIRED_OTHER_STUDY = ["duration_s", "requests", "rps", "lat_p50_ms", "lat_p99_ms"]   # data.md v2
ERROR_COLS = ["errors_connect", "errors_read", "errors_write", "errors_timeout", "non_2xx"]
STATUSES = {"ok", "failed", "discarded"}
PUBLISHED_COLS = ["source", "table", "stack", "metric", "value", "unit", "note"]

_INT_RE = re.compile(r"^[+-]?[0-9]+$")
_DEC_RE = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$")
_HEX_RE = re.compile(r"^(0[xX])?[0-9a-fA-F]+$")
_CPU_LIST_RE = re.compile(r"^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$")
_ISO_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:?[0-9]{2})$")
PROBE_COLS = ["campaign", "probe_seq", "after_seq", "cpu", "test", "value", "duration_s", "steal_s", "started_at"]
PROBE_TESTS = ("cpu", "memory")
CPU_ID_RE = re.compile(r"^(x86|arm)(:[^:\s]+){4}$")   # data.md version 5: machine.cpu_id, four fields after the kind


class DataError(Exception):
    """Bad input: names the file, the line (or JSON path) and the column, what was expected and found."""

    def __init__(self, path, where, column, expected, found):
        self.path, self.where, self.column = path, where, column
        super().__init__(f"{path}: {where}: column '{column}': expected {expected}, found {found!r}")


def warn(msg):
    print(f"warning: {msg}", file=sys.stderr)


# --- data model ---------------------------------------------------------------------------------

@dataclass
class Run:
    campaign: str
    device: str
    phase: int
    row: dict          # parsed values: int / float / str; None = missing
    study: str = PAPER_STUDY


@dataclass
class Series:
    campaign: str
    device: str
    stack: str
    endpoint: str
    run: int
    t_ms: list
    rss_kib: list
    study: str = PAPER_STUDY
    interval_ms: float = None


@dataclass
class Campaign:
    id: str
    device: str
    stacks: list       # list of dicts from campaign.json (id, artifact_bytes, ...)
    power_source: str
    study: str = PAPER_STUDY
    load_generator_host: str = None   # campaign.json load_generator.host: same / separate
    cores: int = None                 # campaign.json device.cores
    model_id: str = None              # campaign.json device.model_id (version 4)
    order: str = None                 # campaign.json protocol.order (version 5: `rounds` needs the round column)
    cpu_id: str = None                # campaign.json machine.cpu_id (version 5)
    server_cpus: int = None           # version 6: how many CPUs protocol.server_cpus names (None: not pinned)
    loadgen_cpus: int = None          # version 6: how many CPUs load_generator.cpus names
    probe: dict = None                # version 6: protocol.probe (None: no probe)


@dataclass
class Dataset:
    root: str
    config: dict
    mixes: list        # [(name, {endpoint: weight})] in file order; first = declared
    published: list    # list of dicts
    campaigns: list    # all campaigns, sorted by id
    runs: list = field(default_factory=list)     # rows of non-excluded campaigns
    series: list = field(default_factory=list)   # phase-3 series of non-excluded campaigns
    probes: list = field(default_factory=list)   # version 6: probe.csv rows of non-excluded campaigns (dicts)


# --- readers ------------------------------------------------------------------------------------

def drop_nulls(obj, keep=("max_steal_share",)):
    """data.md version 6: a JSON null is the key's absence (V6-2), except for the keys in `keep`."""
    if isinstance(obj, dict):
        return {k: drop_nulls(v, keep) for k, v in obj.items() if v is not None or k in keep}
    if isinstance(obj, list):
        return [drop_nulls(v, keep) for v in obj]
    return obj


def load_json(root, rel):
    """A JSON file of the data folder with its nulls dropped (V6-2); bad JSON is a DataError."""
    with open(os.path.join(root, rel), encoding="utf-8") as f:
        try:
            return drop_nulls(json.load(f))
        except json.JSONDecodeError as e:
            raise DataError(rel, f"line {e.lineno}", "-", "JSON", e.msg)


def cpu_count(text, rel, path, column):
    """How many CPUs a CPU list names (V6-1): `0-1,3` -> 3; a JSON integer is one CPU."""
    if isinstance(text, int) and not isinstance(text, bool) and text >= 0:
        return 1
    if not isinstance(text, str) or not _CPU_LIST_RE.match(text.strip()):
        raise DataError(rel, path, column, "a CPU list such as 0-1,3", text)
    cpus = set()
    for part in text.strip().split(","):
        a, _, b = part.partition("-")
        lo, hi = int(a), int(b or a)
        if hi < lo:
            raise DataError(rel, path, column, "a CPU range low-high with low <= high", text)
        cpus.update(range(lo, hi + 1))
    return len(cpus)


def _rel(root, path):
    return os.path.relpath(path, root)


def verify_manifest(root):
    """SHA256SUMS: every file under raw/, config/, reference/ listed, nothing else, hashes equal."""
    man = os.path.join(root, "SHA256SUMS")
    if not os.path.isfile(man):
        raise DataError("SHA256SUMS", "line 0", "-", "a manifest file", "no file")
    listed = {}
    with open(man, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line:
                continue
            m = re.match(r"^([0-9a-fA-F]{64}) [ *](.+)$", line)
            if not m:
                raise DataError("SHA256SUMS", f"line {i}", "-", "'<64 hex>  <path>'", line)
            h, p = m.group(1).lower(), m.group(2)
            parts = p.split("/")
            if p.startswith("/") or ".." in parts or os.path.isabs(p):
                raise DataError("SHA256SUMS", f"line {i}", "path", "a path relative to data/", p)
            if parts[0] not in ("raw", "config", "reference"):
                raise DataError("SHA256SUMS", f"line {i}", "path",
                                "a file under raw/, config/ or reference/", p)
            if p in listed:
                raise DataError("SHA256SUMS", f"line {i}", "path", "each file listed once", p)
            listed[p] = (h, i)
    present = set()
    for top in ("raw", "config", "reference"):
        for dp, dn, fn in os.walk(os.path.join(root, top)):
            dn.sort()
            for name in fn:
                present.add(_rel(root, os.path.join(dp, name)).replace(os.sep, "/"))
    for p, (h, i) in sorted(listed.items()):
        full = os.path.join(root, p)
        if not os.path.isfile(full):
            raise DataError("SHA256SUMS", f"line {i}", "path", "an existing file", p)
        with open(full, "rb") as f:
            actual = hashlib.sha256(f.read()).hexdigest()
        if actual != h:
            raise DataError("SHA256SUMS", f"line {i}", "sha256", h, actual)
    for p in sorted(present - set(listed)):
        raise DataError("SHA256SUMS", "end of file", "path", f"a line for {p}", "no line")


def read_config(root):
    rel = "config/analysis.json"
    raw = load_json(root, rel)   # version 6: null is absence (the default), but for max_steal_share
    if not isinstance(raw, dict):
        raise DataError(rel, "$", "-", "a JSON object", type(raw).__name__)
    cfg = dict(DEFAULT_CONFIG)
    for k, v in raw.items():
        if k not in DEFAULT_CONFIG:
            continue
        d = DEFAULT_CONFIG[k]
        if k == "exclude_campaigns":
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                raise DataError(rel, f"$.{k}", k, "a list of campaign ids", v)
        elif k == "memory_checkpoints_s":
            if not isinstance(v, list) or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                  and math.isfinite(x) and x >= 0 for x in v):
                raise DataError(rel, f"$.{k}", k, "a list of non-negative numbers of seconds", v)
        elif k == "device_models":
            if not isinstance(v, dict) or not all(isinstance(a, str) and a and isinstance(b, str) and b
                                                  for a, b in v.items()):
                raise DataError(rel, f"$.{k}", k, "an object of device id -> model id", v)
        elif k == "max_steal_share":   # version 5: a share in [0, 1], or null (the rule off)
            if v is not None and (not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v)
                                  or not 0 <= v <= 1):
                raise DataError(rel, f"$.{k}", k, "a share from 0 to 1, or null", v)
            cfg[k] = None if v is None else float(v)
            continue
        elif k in ("min_n", "min_units", "min_units_ci"):
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise DataError(rel, f"$.{k}", k, "an integer >= 1", v)
        elif k == "posthoc_test":
            if v not in ("mann-whitney", "welch"):
                raise DataError(rel, f"$.{k}", k, "'mann-whitney' or 'welch'", v)
        elif isinstance(d, int) and k not in ("memory_warm_s", "latency_slo_ms"):   # these may be fractional
            if not isinstance(v, int) or isinstance(v, bool) or v < (1 if k == "bootstrap_resamples" else 0):
                raise DataError(rel, f"$.{k}", k, "a non-negative integer", v)
        else:
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not math.isfinite(v) or v < 0:
                raise DataError(rel, f"$.{k}", k, "a non-negative number", v)
            v = float(v)
        cfg[k] = v
    if not cfg["latency_slo_ms"] > 0:
        raise DataError(rel, "$.latency_slo_ms", "latency_slo_ms", "a latency in ms > 0", cfg["latency_slo_ms"])
    if not 0 <= cfg["kept_up_ratio"] <= 1:
        raise DataError(rel, "$.kept_up_ratio", "kept_up_ratio", "a number from 0 to 1", cfg["kept_up_ratio"])
    if not 0 < cfg["confidence"] < 1:
        raise DataError(rel, "$.confidence", "confidence", "a number in (0, 1)", cfg["confidence"])
    return cfg


def check_header(rel, header, required, known):
    """A CSV header's rules (data.md "Bad input"): every required column, no name twice; a column the
    contract does not know is a warning, not an error."""
    for c in required:
        if c not in header:
            raise DataError(rel, "line 1", c, "a required column " + c, ",".join(header))
    if len(set(header)) != len(header):
        raise DataError(rel, "line 1", "-", "unique column names", ",".join(header))
    unknown = [h for h in header if h not in known]
    if unknown:
        warn(f"{rel}: unknown columns ignored: {','.join(unknown)}")


def _read_csv(root, rel):
    path = os.path.join(root, rel)
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        raise DataError(rel, "line 1", "-", "a header row", "empty file")
    header = [h.strip() for h in rows[0]]
    body = []
    for i, r in enumerate(rows[1:], 2):
        if r == [] or r == [""]:
            continue
        if len(r) != len(header):
            raise DataError(rel, f"line {i}", "-", f"{len(header)} fields", f"{len(r)} fields")
        body.append((i, dict(zip(header, r))))
    return header, body


def read_mixes(root):
    rel = "config/mixes.csv"
    header, body = _read_csv(root, rel)
    for c in ("mix", "endpoint", "weight"):
        if c not in header:
            raise DataError(rel, "line 1", c, "a column named " + c, ",".join(header))
    mixes, order = {}, []
    for line, r in body:
        name, ep, w = r["mix"], r["endpoint"], r["weight"]
        if not name:
            raise DataError(rel, f"line {line}", "mix", "a mix name", name)
        if ep not in CRUD_ENDPOINTS:
            raise DataError(rel, f"line {line}", "endpoint", "one of " + ",".join(CRUD_ENDPOINTS), ep)
        if not _DEC_RE.match(w.strip()):
            raise DataError(rel, f"line {line}", "weight", "a decimal number", w)
        wv = float(w)
        if wv < 0:
            raise DataError(rel, f"line {line}", "weight", "a non-negative weight", w)
        if name not in mixes:
            mixes[name] = {}
            order.append((name, line))
        if ep in mixes[name]:
            raise DataError(rel, f"line {line}", "endpoint", f"one row per endpoint of mix {name}", ep)
        mixes[name][ep] = wv
    if not order:
        raise DataError(rel, "line 2", "-", "at least one mix", "no rows")
    for name, line in order:
        missing = [e for e in CRUD_ENDPOINTS if e not in mixes[name]]
        if missing:
            raise DataError(rel, f"line {line}", "endpoint", f"mix {name} to cover the five CRUD endpoints",
                            "missing " + ",".join(missing))
        s = sum(mixes[name][e] for e in CRUD_ENDPOINTS)
        if abs(s - 1.0) > 1e-9:
            raise DataError(rel, f"line {line}", "weight", f"weights of mix {name} summing to 1", s)
    return [(name, mixes[name]) for name, _ in order]


def read_published(root):
    rel = "reference/published.csv"
    if not os.path.isfile(os.path.join(root, rel)):
        return []
    header, body = _read_csv(root, rel)
    for c in PUBLISHED_COLS:
        if c not in header:
            raise DataError(rel, "line 1", c, "a column named " + c, ",".join(header))
    out = []
    for line, r in body:
        if not _DEC_RE.match(r["value"].strip()):
            raise DataError(rel, f"line {line}", "value", "a decimal number", r["value"])
        d = {c: r[c] for c in PUBLISHED_COLS}
        d["value"] = float(r["value"])
        d["line"] = line
        out.append(d)
    return out


def read_campaign_json(root, cid):
    rel = f"raw/{cid}/campaign.json"
    path = os.path.join(root, rel)
    if not os.path.isfile(path):
        raise DataError(rel, "$", "-", "a campaign.json file", "no file")
    j = load_json(root, rel)   # version 6: a null is the key's absence (V6-2)
    if not isinstance(j, dict):
        raise DataError(rel, "$", "-", "a JSON object", type(j).__name__)
    if j.get("campaign") != cid:
        raise DataError(rel, "$.campaign", "campaign", f"the folder name {cid}", j.get("campaign"))
    dev = j.get("device")
    if not isinstance(dev, dict) or not isinstance(dev.get("id"), str) or not dev["id"]:
        raise DataError(rel, "$.device.id", "id", "a device id", dev)
    ps = dev.get("power_source", "none")
    if ps not in ("pmic", "rapl", "none"):
        raise DataError(rel, "$.device.power_source", "power_source", "pmic, rapl or none", ps)
    stacks = j.get("stacks")
    if not isinstance(stacks, list) or not stacks:
        raise DataError(rel, "$.stacks", "stacks", "a non-empty list", stacks)
    seen = set()
    for i, s in enumerate(stacks):
        if not isinstance(s, dict) or not isinstance(s.get("id"), str) or not s["id"]:
            raise DataError(rel, f"$.stacks[{i}].id", "id", "a stack id", s)
        if s["id"] in seen:
            raise DataError(rel, f"$.stacks[{i}].id", "id", "a unique stack id", s["id"])
        seen.add(s["id"])
        ab = s.get("artifact_bytes")
        if ab is not None and (not isinstance(ab, int) or isinstance(ab, bool) or ab < 0):
            raise DataError(rel, f"$.stacks[{i}].artifact_bytes", "artifact_bytes",
                            "a non-negative integer", ab)
    study = j.get("study", PAPER_STUDY)
    if not isinstance(study, str) or not study:
        raise DataError(rel, "$.study", "study", "a study id such as paper or hello-blog", study)
    lg = j.get("load_generator")
    host = lg.get("host") if isinstance(lg, dict) else None
    cores = dev.get("cores") if isinstance(dev.get("cores"), int) and not isinstance(dev.get("cores"), bool) else None
    model_id = dev.get("model_id")
    if model_id is not None and (not isinstance(model_id, str) or not model_id):
        raise DataError(rel, "$.device.model_id", "model_id", "a model id such as x86-vm-2c", model_id)
    # version 5: protocol.order (`rounds` needs the round column), protocol.max_steal_share, machine.cpu_id
    proto = j.get("protocol") if isinstance(j.get("protocol"), dict) else {}
    order = proto.get("order")
    if order is not None and (not isinstance(order, str) or not order):
        raise DataError(rel, "$.protocol.order", "order", "an order such as randomized or rounds", order)
    mss = proto.get("max_steal_share")
    if mss is not None and (not isinstance(mss, (int, float)) or isinstance(mss, bool) or not math.isfinite(mss)
                            or not 0 <= mss <= 1):
        raise DataError(rel, "$.protocol.max_steal_share", "max_steal_share", "a share from 0 to 1", mss)
    machine = j.get("machine") if isinstance(j.get("machine"), dict) else {}
    cpu_id = machine.get("cpu_id")
    if cpu_id is not None and (not isinstance(cpu_id, str) or not CPU_ID_RE.match(cpu_id)):
        raise DataError(rel, "$.machine.cpu_id", "cpu_id",
                        "x86:<vendor_id>:<cpu family>:<model>:<stepping> or arm:<implementer>:<part>:<variant>:<revision>",
                        cpu_id)
    # version 6: the CPU lists of the per-CPU steal shares, the probe, a warm phase 4, `tests`
    server_cpus = None if "server_cpus" not in proto else \
        cpu_count(proto["server_cpus"], rel, "$.protocol.server_cpus", "server_cpus")
    loadgen_cpus = None if not isinstance(lg, dict) or "cpus" not in lg else \
        cpu_count(lg["cpus"], rel, "$.load_generator.cpus", "cpus")
    probe = proto.get("probe")
    if probe is not None:
        if not isinstance(probe, dict):
            raise DataError(rel, "$.protocol.probe", "probe", "an object such as {\"tool\": \"sysbench\", ...}", probe)
        for k in ("duration_s", "every_runs"):
            x = probe.get(k)
            if x is not None and (not isinstance(x, (int, float)) or isinstance(x, bool) or not math.isfinite(x)
                                  or not x > 0):
                raise DataError(rel, f"$.protocol.probe.{k}", k, "a number > 0", x)
    p4 = proto.get("phase4")
    if isinstance(p4, dict) and "prior_load_s" in p4:
        x = p4["prior_load_s"]
        if not isinstance(x, (int, float)) or isinstance(x, bool) or not math.isfinite(x) or x < 0:
            raise DataError(rel, "$.protocol.phase4.prior_load_s", "prior_load_s", "a number of seconds >= 0", x)
    if "tests" in proto and not isinstance(proto["tests"], bool):
        raise DataError(rel, "$.protocol.tests", "tests", "true or false", proto["tests"])
    return Campaign(cid, dev["id"], stacks, ps, study, host, cores, model_id, order, cpu_id, server_cpus,
                    loadgen_cpus, probe)


def header_of(root, rel):
    with open(os.path.join(root, rel), encoding="utf-8", newline="") as f:
        return next(csv.reader(f), [])


def read_runs(root, camp, phase, stack_ids, seqs):
    rel = f"raw/{camp.id}/phase{phase}.csv"
    if not os.path.isfile(os.path.join(root, rel)):
        return []   # phase1.csv may be absent (data.md version 4): load() checks the campaign has rows
    if phase == 5 and "prior_load_s" not in header_of(root, rel):
        raise DataError(rel, "line 1", "prior_load_s", "a required column prior_load_s (phase5.csv)",
                        ",".join(header_of(root, rel)))
    header, body = _read_csv(root, rel)
    check_header(rel, header, REQUIRED_COLS, KNOWN_COLS)
    if not body:
        raise DataError(rel, "line 2", "-", "at least one run row", "header only")
    rounds = camp.order == "rounds"   # version 5: the round column is required exactly in such a campaign
    if rounds and "round" not in header:
        raise DataError(rel, "line 1", "round", "a column round (protocol.order is rounds)", ",".join(header))
    keys = set()
    in_round = {}   # (stack, endpoint, concurrency, offered_rps, round) -> line of its run with warmup 0, status ok
    runs = []
    for line, r in body:
        v = {}
        for c in header:
            if c not in KNOWN_COLS:
                continue
            s = r[c].strip()
            if s == "":
                v[c] = None
            elif c == "round":   # version 5: an integer from 1
                if not _INT_RE.match(s) or int(s) < 1:
                    raise DataError(rel, f"line {line}", c, "a round: an integer >= 1", s)
                v[c] = int(s)
            elif c in INT_COLS:
                if not _INT_RE.match(s):
                    raise DataError(rel, f"line {line}", c, "an integer", s)
                v[c] = int(s)
                if v[c] < 0:
                    raise DataError(rel, f"line {line}", c, "a non-negative integer", s)
            elif c in DEC_COLS:
                if not _DEC_RE.match(s):
                    raise DataError(rel, f"line {line}", c, "a decimal number", s)
                v[c] = float(s)
                if v[c] < 0:
                    raise DataError(rel, f"line {line}", c, "a non-negative number", s)
            else:
                v[c] = s
        for c in KNOWN_COLS:
            v.setdefault(c, None)
        for c in REQUIRED_COLS:
            if v[c] is None:
                raise DataError(rel, f"line {line}", c, "a value", "")
        if v["seq"] < 1:
            raise DataError(rel, f"line {line}", "seq", "an integer >= 1", v["seq"])
        if v["run"] < 1:
            raise DataError(rel, f"line {line}", "run", "an integer >= 1", v["run"])
        if v["warmup"] not in (0, 1):
            raise DataError(rel, f"line {line}", "warmup", "0 or 1", v["warmup"])
        if v["status"] not in STATUSES:
            raise DataError(rel, f"line {line}", "status", "ok, failed or discarded", v["status"])
        if v["endpoint"] not in ENDPOINT_INDEX:
            raise DataError(rel, f"line {line}", "endpoint", "one of " + ",".join(ENDPOINTS), v["endpoint"])
        if v["stack"] not in stack_ids:
            raise DataError(rel, f"line {line}", "stack", "a stack of campaign.json", v["stack"])
        if phase == 4 and (v["offered_rps"] is None or not v["offered_rps"] > 0):
            raise DataError(rel, f"line {line}", "offered_rps", "an offered rate > 0 (every row of phase4.csv)",
                            "" if v["offered_rps"] is None else v["offered_rps"])
        if phase == 5 and v["prior_load_s"] is None:
            raise DataError(rel, f"line {line}", "prior_load_s", "a value (every row of phase5.csv)", "")
        if v["latency_corrected"] not in (None, 0, 1):
            raise DataError(rel, f"line {line}", "latency_corrected", "0 or 1", v["latency_corrected"])
        if v["throttled"] is not None and not _HEX_RE.match(v["throttled"]):
            raise DataError(rel, f"line {line}", "throttled", "hex text such as 0x0", v["throttled"])
        if v["status"] == "ok":
            needed = OK_REQUIRED + (OK_REQUIRED_P1 if phase in (1, 5) else []) if camp.study == PAPER_STUDY \
                else OK_REQUIRED_OTHER_STUDY
            for c in needed:
                if v[c] is None:
                    raise DataError(rel, f"line {line}", c, "a value on a row with status ok", "")
            if v["requests"] <= 0:
                raise DataError(rel, f"line {line}", "requests", "a count > 0", v["requests"])
        if rounds and v["round"] is None:
            raise DataError(rel, f"line {line}", "round", "a round on every row (protocol.order is rounds)", "")
        if not rounds and v["round"] is not None:
            raise DataError(rel, f"line {line}", "round",
                            f"no round (protocol.order is {camp.order or 'not set'}, not rounds)", v["round"])
        if rounds and v["warmup"] == 0 and v["status"] == "ok":
            g = (v["stack"], v["endpoint"], v["concurrency"], v["offered_rps"], v["round"])
            if g in in_round:
                raise DataError(rel, f"line {line}", "round",
                                f"one run with warmup 0 and status ok per group and round (line {in_round[g]} has one"
                                f" in round {v['round']})", v["round"])
            in_round[g] = line
        v["_cores"] = camp.cores   # device.cores, for the steal share (analysis.md 1, version 5)
        v["_server_cpus"], v["_loadgen_cpus"] = camp.server_cpus, camp.loadgen_cpus   # version 6's shares
        # phase 4's runs of one stack and endpoint differ by their offered rate (data.md)
        level = "offered_rps" if phase == 4 else "concurrency"
        k = (v["stack"], v["endpoint"], v[level], v["run"], v["warmup"])
        if k in keys:
            raise DataError(rel, f"line {line}", "run", f"a unique (stack, endpoint, {level}, run, warmup)",
                            k)
        keys.add(k)
        if v["seq"] in seqs:
            raise DataError(rel, f"line {line}", "seq", "a seq unique within the campaign", v["seq"])
        seqs.add(v["seq"])
        runs.append(Run(camp.id, camp.device, phase, v, camp.study))
    return runs


def read_series(root, camp, stack_ids):
    d = os.path.join(root, "raw", camp.id, "phase3")
    if not os.path.isdir(d):
        return []
    out = []
    for name in sorted(os.listdir(d)):
        if not name.endswith(".json"):
            continue
        rel = f"raw/{camp.id}/phase3/{name}"
        j = load_json(root, rel)
        if not isinstance(j, dict):
            raise DataError(rel, "$", "-", "a JSON object", type(j).__name__)
        if j.get("stack") not in stack_ids:
            raise DataError(rel, "$.stack", "stack", "a stack of campaign.json", j.get("stack"))
        if j.get("endpoint") not in ENDPOINT_INDEX:
            raise DataError(rel, "$.endpoint", "endpoint", "an endpoint id", j.get("endpoint"))
        if "campaign" in j and j["campaign"] != camp.id:
            raise DataError(rel, "$.campaign", "campaign", camp.id, j["campaign"])
        samples = j.get("samples")
        if not isinstance(samples, list) or not samples:
            raise DataError(rel, "$.samples", "samples", "a non-empty list", samples)
        ts, rs = [], []
        for i, s in enumerate(samples):
            t, r = s.get("t_ms") if isinstance(s, dict) else None, s.get("rss_kib") if isinstance(s, dict) else None
            if not isinstance(t, (int, float)) or isinstance(t, bool) or t < 0:
                raise DataError(rel, f"$.samples[{i}].t_ms", "t_ms", "a non-negative number", t)
            if not isinstance(r, (int, float)) or isinstance(r, bool) or r < 0:
                raise DataError(rel, f"$.samples[{i}].rss_kib", "rss_kib", "a non-negative number", r)
            if ts and t <= ts[-1]:
                raise DataError(rel, f"$.samples[{i}].t_ms", "t_ms", f"a value > {ts[-1]}", t)
            ts.append(float(t))
            rs.append(float(r))
        out.append(Series(camp.id, camp.device, j["stack"], j["endpoint"], j.get("run"), ts, rs, camp.study,
                          j.get("interval_ms")))
    return out


def read_probe(root, camp, max_seq):
    """probe.csv of one campaign (data.md version 6; choices V6-3): its rows as dicts with the parsed
    values (cpu and steal_s None when empty) and `device`; [] without the file."""
    rel = f"raw/{camp.id}/probe.csv"
    if not os.path.isfile(os.path.join(root, rel)):
        return []
    if camp.probe is None:
        raise DataError(rel, "line 1", "-", "no probe.csv (the campaign's protocol.probe is absent or null)",
                        "a probe.csv")
    header, body = _read_csv(root, rel)
    check_header(rel, header, PROBE_COLS, PROBE_COLS)
    out, seen = [], {}
    for line, r in body:
        s = {c: r[c].strip() for c in PROBE_COLS}
        where = f"line {line}"
        if s["campaign"] != camp.id:
            raise DataError(rel, where, "campaign", f"the folder name {camp.id}", s["campaign"])
        v = {"campaign": camp.id, "device": camp.device, "study": camp.study}
        for c, low in (("probe_seq", 1), ("after_seq", 0)):
            if not _INT_RE.match(s[c]) or int(s[c]) < low:
                raise DataError(rel, where, c, f"an integer >= {low}", s[c])
            v[c] = int(s[c])
        if v["probe_seq"] in seen:
            raise DataError(rel, where, "probe_seq", f"a probe_seq unique in the file (line {seen[v['probe_seq']]} has it)",
                            s["probe_seq"])
        seen[v["probe_seq"]] = line
        if v["after_seq"] > max_seq:
            raise DataError(rel, where, "after_seq", f"a seq of the campaign's runs (at most {max_seq})", s["after_seq"])
        if s["cpu"] == "":
            v["cpu"] = None
        elif not _INT_RE.match(s["cpu"]) or int(s["cpu"]) < 0:
            raise DataError(rel, where, "cpu", "a CPU: an integer >= 0, or empty", s["cpu"])
        else:
            v["cpu"] = int(s["cpu"])
        if s["test"] not in PROBE_TESTS:
            raise DataError(rel, where, "test", "cpu or memory", s["test"])
        v["test"] = s["test"]
        for c in ("value", "duration_s"):
            if not _DEC_RE.match(s[c]) or not float(s[c]) > 0:
                raise DataError(rel, where, c, "a number > 0", s[c])
            v[c] = float(s[c])
        if s["steal_s"] == "":
            v["steal_s"] = None
        elif not _DEC_RE.match(s["steal_s"]) or float(s["steal_s"]) < 0:
            raise DataError(rel, where, "steal_s", "a number >= 0, or empty", s["steal_s"])
        else:
            v["steal_s"] = float(s["steal_s"])
        if not _ISO_RE.match(s["started_at"]) or not _valid_instant(s["started_at"]):
            raise DataError(rel, where, "started_at", "an ISO-8601 UTC time such as 2026-12-01T10:00:00Z",
                            s["started_at"])
        v["started_at"] = s["started_at"]
        out.append(v)
    return out


def _valid_instant(text):
    import datetime
    try:
        datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def load(root, check_manifest=True):
    """Read and validate a data folder (spec/data.md). Raises DataError on bad input."""
    if check_manifest:
        verify_manifest(root)
    cfg = read_config(root)
    mixes = read_mixes(root)
    published = read_published(root)
    rawdir = os.path.join(root, "raw")
    cids = sorted(n for n in os.listdir(rawdir) if os.path.isdir(os.path.join(rawdir, n))) \
        if os.path.isdir(rawdir) else []
    ds = Dataset(root, cfg, mixes, published, [])
    cpu_ids = {}   # device -> (cpu_id, campaign) of its first campaign that records one (data.md version 5)
    for cid in cids:
        camp = read_campaign_json(root, cid)
        ds.campaigns.append(camp)
        if camp.cpu_id is not None:
            first = cpu_ids.setdefault(camp.device, (camp.cpu_id, cid))
            if first[0] != camp.cpu_id:
                raise DataError(f"raw/{cid}/campaign.json", "$.machine.cpu_id", "cpu_id",
                                f"the cpu_id of device {camp.device}'s other campaigns ({first[0]} in {first[1]})",
                                camp.cpu_id)
        ids = {s["id"] for s in camp.stacks}
        seqs = set()
        runs = read_runs(root, camp, 1, ids, seqs) + read_runs(root, camp, 2, ids, seqs) \
            + read_runs(root, camp, 4, ids, seqs) + read_runs(root, camp, 5, ids, seqs)
        series = read_series(root, camp, ids)
        probes = read_probe(root, camp, max(seqs, default=0))
        if not runs and not series:   # version 4: phase1.csv may be absent only beside other rows or a series
            raise DataError(f"raw/{cid}/phase1.csv", "line 0", "-",
                            "a phase1.csv file (the campaign has no rows in another phase file and no phase-3 series)",
                            "no file")
        if cid in cfg["exclude_campaigns"]:
            continue
        ds.runs.extend(runs)
        ds.series.extend(series)
        ds.probes.extend(probes)
    return ds


# --- section 1: which runs count (shared by every section) -------------------------------------

EXCLUSION_REASONS = ["failed", "discarded", "error_rate", "throttled", "steal"]   # section 1's order, warm-ups aside


def steal_share(row, cores=None):
    """analysis.md 1 (version 6, V6-1): the largest of steal_s / (duration_s x device.cores),
    server_steal_s / (duration_s x the CPUs of protocol.server_cpus) and loadgen_steal_s / (duration_s x
    the CPUs of load_generator.cpus), over the shares whose value and CPU count are there; None when
    none is (or the duration is not positive). cores: the campaign's device.cores (default: the one the
    reader stored on the row); the CPU counts are the reader's (`_server_cpus`, `_loadgen_cpus`)."""
    cores = row.get("_cores") if cores is None else cores
    dur = row.get("duration_s")
    if dur is None or not dur > 0:
        return None
    shares = [st / (dur * n) for st, n in ((row.get("steal_s"), cores),
                                            (row.get("server_steal_s"), row.get("_server_cpus")),
                                            (row.get("loadgen_steal_s"), row.get("_loadgen_cpus")))
              if st is not None and n and n >= 1]
    return max(shares) if shares else None


def exclusion_reason(row, max_error_rate, max_steal_share=None):
    """First reason that applies, in analysis.md 1's order; None = measured. max_steal_share None: the
    steal rule is off."""
    if row["warmup"] == 1:
        return "warmup"
    if row["status"] == "failed":
        return "failed"
    if row["status"] == "discarded":
        return "discarded"
    errors = sum(row.get(c) or 0 for c in ERROR_COLS)
    if errors / row["requests"] > max_error_rate:
        return "error_rate"
    t = row.get("throttled")
    if t is not None and t != "" and int(t, 16) != 0:
        return "throttled"
    if max_steal_share is not None:
        share = steal_share(row)
        if share is not None and share > max_steal_share:
            return "steal"
    return None


# --- output -------------------------------------------------------------------------------------

def against_best(cands, higher):
    """analysis.md 4's ratio to the best, for ratios.csv and units.csv: cands [(stack, value,
    replicates or None, ...)] in stack order; the best is the first of the highest values (lowest
    when not higher). Yields (cand, best, ratio, dist): ratio = best / value (value / best when not
    higher), dist the same of each replicate (numpy arrays), None for the best itself or when either
    has no replicates."""
    best = cands[0]
    for c in cands:
        if (c[1] > best[1]) if higher else (c[1] < best[1]):
            best = c
    for c in cands:
        if c[0] == best[0]:
            yield c, best, 1.0, None
            continue
        ratio = best[1] / c[1] if higher else c[1] / best[1]
        dist = None
        if c[2] is not None and best[2] is not None:
            b, r = np.asarray(best[2]), np.asarray(c[2])
            dist = b / r if higher else r / b
        yield c, best, ratio, dist


def fmt(v):
    """Number text: shortest round-trip repr (>= 9 significant digits where needed), '' = missing."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int,)) and not isinstance(v, bool):
        return str(v)
    if hasattr(v, "item"):
        return fmt(v.item())
    if isinstance(v, float):
        if math.isnan(v):
            return ""
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        if v == int(v) and abs(v) < 1e15:
            return repr(v)  # e.g. '3.0'
        return repr(v)
    return str(v)


def write_csv(path, columns, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(columns)
        for r in rows:
            w.writerow([fmt(r.get(c)) for c in columns])


def holm_drifting(rows, alpha):
    """Holm over the rows with a p (one family): p_holm, and drifting = p_holm < alpha (analysis.md 9)."""
    from statsmodels.stats.multitest import multipletests
    family = [r for r in rows if not math.isnan(r["p"])]
    if family:
        adj = multipletests([r["p"] for r in family], method="holm")[1]
        for r, q in zip(family, adj):
            r["p_holm"] = float(q)
            r["drifting"] = bool(q < alpha)
