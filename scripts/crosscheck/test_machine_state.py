"""Self-tests of version 6 of spec/analysis.md, data.md and outputs.md on small hand-built SYNTHETIC folders
and values whose answers follow from the spec's text: the steal share of the server's and the load
generator's CPUs (section 1), ci_coverage (section 2), the probe in sessions.csv (section 9) and units.csv
(section 11), `warm` (section 10), a device's own artifact sizes (section 1), probe.csv as a tidy output,
JSON nulls as absence, and data.md version 6's bad input."""
import csv
import json
import math
import os

import numpy as np
import pytest
from scipy import stats

import analyse
import capacity
import common
import fixture_folders
import compare
import generate
import probe
import sessions
import units as unitsmod

HEADER = ["seq", "stack", "endpoint", "concurrency", "run", "warmup", "status", "duration_s", "requests", "rps",
          "lat_p50_ms", "lat_p99_ms", "peak_rss_kib", "startup_ms", "idle_rss_kib", "steal_s", "server_steal_s",
          "loadgen_steal_s"]
PROBE = {"tool": "sysbench", "version": "1.0.20", "duration_s": 5, "every_runs": 25}


def runs(spec, stacks=("a", "b")):
    """spec: per stack, [(rps, steal_s, server_steal_s, loadgen_steal_s)] of get_item; seqs in order."""
    rows, seq = [], 0
    for stack, rs in zip(stacks, spec):
        for k, (rps, st, sst, lst) in enumerate(rs, 1):
            seq += 1
            rows.append({"seq": seq, "stack": stack, "endpoint": "get_item", "concurrency": 30, "run": k, "warmup": 0,
                         "status": "ok", "duration_s": 10, "requests": int(rps * 10), "rps": rps, "lat_p50_ms": 2,
                         "lat_p99_ms": 9, "peak_rss_kib": 10240, "startup_ms": 20, "idle_rss_kib": 8192,
                         "steal_s": st, "server_steal_s": sst, "loadgen_steal_s": lst})
    return rows


def write_csv(path, header, rows):
    with open(path, "w") as f:
        f.write(",".join(header) + "\n")
        for r in rows:
            f.write(",".join("" if r.get(c) is None else str(r.get(c)) for c in header) + "\n")


def folder(root, campaigns, config=None, header=HEADER):
    """campaigns: [(cid, device, rows, extra campaign.json keys (merged one level deep), probe rows or None)]."""
    fixture_folders.write_config(root, config)
    for cid, dev, rows, extra, probes in campaigns:
        d = os.path.join(root, "raw", cid)
        os.makedirs(d)
        cj = {"campaign": cid, "synthetic": True, "device": {"id": dev, "model": "synthetic", "cores": 4},
              "protocol": {}, "stacks": [{"id": "a", "artifact_bytes": 1048576}, {"id": "b", "artifact_bytes": 2097152}]}
        for k, v in (extra or {}).items():
            if isinstance(v, dict) and isinstance(cj.get(k), dict):
                cj[k].update(v)
            else:
                cj[k] = v
        with open(os.path.join(d, "campaign.json"), "w") as f:
            json.dump(cj, f)
        write_csv(os.path.join(d, "phase1.csv"), header, rows)
        if probes is not None:
            write_csv(os.path.join(d, "probe.csv"), common.PROBE_COLS, probes)
    generate.Gen.manifest(root)
    return root


def probe_rows(cid, cpu_values, memory=9000.0, after=None):
    """A probe.csv: one cpu and one memory row per cpu value, after_seq 0, then `after` (default 1, 2, ...)."""
    out, seq = [], 0
    for i, v in enumerate(cpu_values):
        a = (after or list(range(len(cpu_values))))[i]
        for test, value in (("cpu", v), ("memory", memory)):
            seq += 1
            out.append({"campaign": cid, "probe_seq": seq, "after_seq": a, "cpu": 1, "test": test, "value": value,
                        "duration_s": 5, "steal_s": "", "started_at": f"2026-12-01T10:00:{seq:02d}Z"})
    return out


def read(out, name):
    with open(os.path.join(out, name + ".csv")) as f:
        return list(csv.DictReader(f))


def analysed(tmp_path, campaigns, config=None, header=HEADER):
    data = folder(str(tmp_path / "data"), campaigns, config, header)
    out = str(tmp_path / "out")
    assert analyse.main(["--data", data, "--out", out]) == 0
    return out


# --- section 1: the steal share of the CPUs the server and the load generator ran on ---------------------------

def test_a_cpu_list_counts_its_cpus_and_a_share_needs_its_value_and_its_list():
    assert common.cpu_count("0-1,3", "f", "$.x", "x") == 3
    assert (common.cpu_count("1", "f", "$.x", "x"), common.cpu_count("0-3", "f", "$.x", "x")) == (1, 4)
    assert common.cpu_count("0-2,1", "f", "$.x", "x") == 3          # a CPU named twice counts once
    for bad in ("1-0", "a", "", "0,,1"):
        with pytest.raises(common.DataError):
            common.cpu_count(bad, "f", "$.x", "x")
    row = {"duration_s": 10.0, "_cores": 4, "steal_s": 0.8, "server_steal_s": 0.9, "_server_cpus": 3,
           "loadgen_steal_s": 0.1, "_loadgen_cpus": 1}
    # device 0.8 / 40 = 0.02, server 0.9 / 30 = 0.03 (the CPU list 0-1,3), load generator 0.1 / 10 = 0.01
    assert math.isclose(common.steal_share(row), 0.03)
    assert math.isclose(common.steal_share(dict(row, _server_cpus=None)), 0.02)      # no CPU list: left out
    assert math.isclose(common.steal_share(dict(row, server_steal_s=None, steal_s=None)), 0.01)
    assert common.steal_share(dict(row, server_steal_s=None, steal_s=None, loadgen_steal_s=None)) is None
    assert common.steal_share(dict(row, duration_s=0.0)) is None
    # the default threshold is 0.02, strict: a device share of exactly 0.02 is measured, 0.03 of the server's is not
    assert common.DEFAULT_CONFIG["max_steal_share"] == 0.02
    base = {"warmup": 0, "status": "ok", "requests": 1000, "throttled": ""}
    assert common.exclusion_reason(dict(row, **base, server_steal_s=None), 0.01, 0.02) is None
    assert common.exclusion_reason(dict(row, **base), 0.01, 0.02) == "steal"


def test_a_server_pinned_to_one_cpu_loses_runs_the_devices_share_would_keep(tmp_path):
    # 4 cores, the server on CPU 1: steal_s 0.4 -> device share 0.01; server_steal_s 0.3 -> 0.03 of its one CPU
    a = [(100.0 + k, 0.4, 0.3 if k in (1, 3) else 0.1, None) for k in range(6)]
    b = [(200.0 + k, 0.4, 0.1, 0.5 if k == 0 else None) for k in range(6)]   # the load generator on CPUs 2-3: 0.025
    pinned = {"protocol": {"server_cpus": "1"}, "load_generator": {"tool": "wrk", "host": "same", "cpus": "2-3"}}
    out = analysed(tmp_path, [("c1", "d", runs([a, b]), pinned, None)])
    assert [(r["stack"], r["seq"], r["reason"]) for r in read(out, "exclusions")] == \
        [("a", "2", "steal"), ("a", "4", "steal"), ("b", "7", "steal")]
    [s] = read(out, "sessions")
    shares = [0.03 if k in (1, 3) else 0.01 for k in range(6)] + [0.025] + [0.01] * 5
    assert math.isclose(float(s["steal_max"]), 0.03) and math.isclose(float(s["steal_share"]), float(np.median(shares)))
    assert s["steal_excluded"] == "3"
    # without the CPU lists only the device's share is read: nothing is excluded
    out2 = analysed(tmp_path / "x", [("c1", "d", runs([a, b]), None, None)])
    assert read(out2, "exclusions") == []


# --- section 2: what a median's interval covers ----------------------------------------------------------------

def test_ci_coverage_of_seven_runs_with_ci_from_the_second_to_the_sixth_is_0875():
    x = [7.0, 1.0, 3.0, 2.0, 6.0, 5.0, 4.0]
    assert analyse.ci_coverage(x, 2.0, 6.0) == 0.875                  # (21 + 35 + 35 + 21) / 128
    assert analyse.ci_coverage(x, 2.0, 6.0) == stats.binom.cdf(5, 7, 0.5) - stats.binom.cdf(1, 7, 0.5)
    assert analyse.ci_coverage(x, 1.0, 7.0) == 1 - 2 / 128               # [x(1), x(7)]
    assert analyse.ci_coverage(x, 1.5, 6.5) == 0.875                  # ends between order statistics: a lower bound
    assert analyse.ci_coverage(x, 4.0, 4.0) == 0.0                    # r = s = 4: no k from 4 to 3
    assert analyse.ci_coverage(x, 3.5, 4.5) == 0.0                    # r = 4 and s = 4 (s <= r)
    assert analyse.ci_coverage(x, 3.0, 5.0) == (35 + 35) / 128        # r = 3, s = 5: k = 3, 4
    assert math.isnan(analyse.ci_coverage(x, float("nan"), float("nan")))
    # ties: the sorted values themselves, x_(i) >= lo from the smallest i
    assert analyse.ci_coverage([1.0, 2.0, 2.0, 2.0, 3.0], 2.0, 2.0) == \
        sum(math.comb(5, k) for k in (2, 3)) / 32                    # r = 2, s = 4


def test_group_stats_stack_pooled_and_steady_stats_carry_ci_coverage_where_they_have_a_ci(tmp_path):
    a = [(100.0 + k, None, None, None) for k in range(7)]
    b = [(200.0 + k, None, None, None) for k in range(3)]             # n = 3 < min_n: no CI, no coverage
    out = analysed(tmp_path, [("c1", "d", runs([a, b]), None, None)])
    g = {(r["stack"], r["metric"]): r for r in read(out, "group_stats")}
    assert list(read(out, "group_stats")[0])[-2:] == ["small_n", "ci_coverage"]
    ra = g[("a", "rps")]
    x = sorted(100.0 + k for k in range(7))
    assert float(ra["ci_coverage"]) == analyse.ci_coverage(x, float(ra["ci_low"]), float(ra["ci_high"]))
    assert float(ra["ci_coverage"]) < 0.95                             # 7 runs cannot give 95 %
    assert g[("b", "rps")]["ci_coverage"] == "" and g[("b", "rps")]["ci_low"] == ""
    assert g[("a", "idle_rss_mib")]["ci_coverage"] == str(1 - 2 / 128)  # a constant group: [x(1), x(7)]
    p = {r["stack"]: r for r in read(out, "stack_pooled")}
    assert list(p["a"])[-2:] == ["idle_rss_mib_ci_coverage", "startup_ms_ci_coverage"]
    assert p["a"]["startup_ms_ci_coverage"] == str(1 - 2 / 128) and p["b"]["startup_ms_ci_coverage"] == ""
    assert analyse.steady.STEADY_TABLE[1][-1] == "ci_coverage"


def test_compare_accepts_another_streams_coverage_only_inside_the_coverage_band(tmp_path):
    import argparse
    a = argparse.Namespace(rel_tol=1e-6, abs_tol=1e-12, ci_tol=0.05, check_order=False)
    keys, vals = analyse.TABLES["group_stats"]

    def one(path, cov):
        row = dict.fromkeys(keys + vals, "1")
        row.update(device="d", stack="a", endpoint="get_item", metric="rps", ci_low="1", ci_high="2", small_n="false",
                   ci_coverage=cov)
        with open(path, "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(keys + vals)
            w.writerow([row[c] for c in keys + vals])
    one(tmp_path / "e.csv", "0.875")
    one(tmp_path / "in.csv", "0.9375")
    one(tmp_path / "out.csv", "0.5")
    bands = {("group_stats", "d|a|get_item|rps", "ci_coverage"): (0.875, 0.9375)}
    assert compare.compare_file("group_stats.csv", tmp_path / "e.csv", tmp_path / "in.csv", keys, a, bands) == []
    [d] = compare.compare_file("group_stats.csv", tmp_path / "e.csv", tmp_path / "out.csv", keys, a, bands)
    assert "ci_coverage" in d
    [d] = compare.compare_file("group_stats.csv", tmp_path / "e.csv", tmp_path / "in.csv", keys, a, None)


# --- section 9: the machine over a session --------------------------------------------------------------------

def test_a_sessions_probe_columns_are_medians_and_the_last_cpu_value_over_the_first():
    rows = probe_rows("c1", [1000.0, 1050.0, 1120.0], memory=9000.0)
    for r in rows:
        r["device"], r["study"] = "d", "paper"
    rows[-1]["value"] = 9500.0                                          # the last memory row
    p = probe.session(rows, 0.10)
    assert (p["probe_cpu"], p["probe_memory"]) == (1050.0, 9000.0)
    assert math.isclose(p["probe_drift"], 1.12) and p["machine_drifted"] is True
    assert probe.session(rows, 0.125)["machine_drifted"] is False
    # exactly at the tolerance is no drift (strict); one cpu row: no drift; no probe: all empty
    at = probe.session([dict(rows[0], value=1000.0), dict(rows[2], value=1250.0)], 0.25)
    assert at["probe_drift"] == 1.25 and at["machine_drifted"] is False
    one = probe.session(rows[:2], 0.10)
    assert one["probe_cpu"] == 1000.0 and math.isnan(one["probe_drift"]) and one["machine_drifted"] is None
    none = probe.session([], 0.10)
    assert all(math.isnan(none[k]) for k in ("probe_cpu", "probe_memory", "probe_drift")) and none["machine_drifted"] is None
    # probe_seq order, not the file's: a drift read from the rows sorted by probe_seq
    shuffled = list(reversed(rows))
    assert probe.session(shuffled, 0.10)["probe_drift"] == p["probe_drift"]


def test_sessions_csv_has_the_probe_columns_after_version_5s(tmp_path):
    a = [(100.0 + k, None, None, None) for k in range(5)]
    out = analysed(tmp_path, [("c1", "d", runs([a, a]), {"protocol": {"probe": PROBE}},
                               probe_rows("c1", [1000.0, 800.0], after=[0, 10])),
                              ("c2", "d", runs([a, a]), None, None)])
    s = {r["campaign"]: r for r in read(out, "sessions")}
    assert list(s["c1"])[-4:] == ["probe_cpu", "probe_memory", "probe_drift", "machine_drifted"]
    assert (s["c1"]["probe_cpu"], s["c1"]["probe_drift"], s["c1"]["machine_drifted"]) == ("900.0", "0.8", "true")
    assert [s["c2"][k] for k in ("probe_cpu", "probe_memory", "probe_drift", "machine_drifted")] == ["", "", "", ""]
    p = read(out, "probe")
    assert list(p[0]) == ["device", "campaign", "probe_seq", "after_seq", "cpu", "test", "value", "duration_s",
                          "steal_s", "started_at"]
    assert [(r["campaign"], r["probe_seq"], r["test"]) for r in p] == \
        [("c1", "1", "cpu"), ("c1", "2", "memory"), ("c1", "3", "cpu"), ("c1", "4", "memory")]
    assert (p[2]["after_seq"], p[2]["cpu"], p[2]["steal_s"], p[2]["started_at"]) == ("10", "1", "", "2026-12-01T10:00:03Z")


# --- section 10: a capacity measured on a warm server --------------------------------------------------------

def test_warm_is_true_false_or_mixed_over_the_measured_runs_of_the_groups_rates():
    assert capacity.warm([{"prior_load_s": 20.0}, {"prior_load_s": 5.0}]) == "true"
    assert capacity.warm([{"prior_load_s": 0.0}, {"prior_load_s": None}, {}]) == "false"   # empty or 0: cold
    assert capacity.warm([{"prior_load_s": 20.0}, {"prior_load_s": 0.0}]) == "mixed"
    assert capacity.warm([]) is None
    assert capacity.CAPACITY_TABLE[1][-1] == "warm"


# --- section 11: units whose machines were measured -----------------------------------------------------------

CPU = "x86:AuthenticAMD:25:1:1"


def units_rows(probes, config=None, values=None):
    cfg = dict(common.DEFAULT_CONFIG)
    cfg.update(config or {})
    devs = ["u1", "u2", "u3"]
    camps = [common.Campaign(f"c{i}", d, [], "none", "paper", "separate", 2, "mod", None, CPU) for i, d in enumerate(devs)]
    ds = common.Dataset("/nonexistent", cfg, [], [], camps)
    ds.probes = [{"campaign": f"c{i}", "device": d, "study": "paper", "probe_seq": k, "test": t, "value": v}
                 for i, d in enumerate(devs) for k, (t, v) in enumerate(probes.get(d, []), 1)]
    uv = unitsmod.UnitValues()
    values = values or {"u1": {"a": 100.0, "b": 50.0}, "u2": {"a": 200.0, "b": 80.0}, "u3": {"a": 400.0, "b": 100.0}}
    for d, by in values.items():
        for s, v in by.items():
            uv.put(d, "m", "w_rps", s, v, None)
    rows = unitsmod.units(ds, uv, devs, ["m"], ["a", "b"], analyse.RATIO_METRICS)
    return {r["stack"]: r for r in rows if r["metric"] == "w_rps"}


def test_probe_spread_is_the_units_probe_cpu_max_over_min_and_gates_the_interval():
    agree = {"u1": [("cpu", 1000.0), ("memory", 5.0)], "u2": [("cpu", 1040.0), ("cpu", 1060.0)],
             "u3": [("cpu", 1100.0), ("cpu", 900.0), ("cpu", 1080.0)]}   # probe_cpu 1000, 1050, 1080
    a = units_rows(agree)["a"]
    assert math.isclose(a["probe_spread"], 1.08) and not math.isnan(a["lo"])
    b = units_rows(agree)["b"]
    assert not math.isnan(b["ratio_lo"]) and b["tied"] is False
    apart = dict(agree, u3=[("cpu", 1200.0)])                          # spread 1.2 > 1 + 0.10
    a, b = units_rows(apart)["a"], units_rows(apart)["b"]
    assert math.isclose(a["probe_spread"], 1.2) and math.isnan(a["lo"]) and math.isnan(a["hi"])
    assert math.isnan(b["ratio_lo"]) and math.isnan(b["ratio_hi"]) and b["tied"] is None
    assert math.isclose(b["ratio"], math.exp(np.mean(np.log([2.0, 2.5, 4.0]))))   # the point values stay
    assert not math.isnan(units_rows(apart, {"probe_tolerance": 0.25})["a"]["lo"])
    # a spread of exactly 1 + tolerance still gives an interval (<=)
    edge = {"u1": [("cpu", 1000.0)], "u2": [("cpu", 1000.0)], "u3": [("cpu", 1500.0)]}
    assert not math.isnan(units_rows(edge, {"probe_tolerance": 0.5})["a"]["lo"])


def test_a_unit_without_a_probe_leaves_probe_spread_and_every_interval_empty():
    probes = {"u1": [("cpu", 1000.0)], "u2": [("cpu", 1000.0)], "u3": [("memory", 5000.0)]}   # u3: no cpu probe
    a = units_rows(probes)["a"]
    assert math.isnan(a["probe_spread"]) and math.isnan(a["lo"]) and not math.isnan(a["gmean"])
    # a stack that u3 lacks: its spread is over u1 and u2, which have probes
    rows = units_rows(probes, {"min_units_ci": 2}, {"u1": {"a": 1.0, "b": 2.0}, "u2": {"a": 2.0, "b": 3.0},
                                                     "u3": {"a": 3.0}})
    assert rows["b"]["probe_spread"] == 1.0 and not math.isnan(rows["b"]["lo"])
    assert math.isnan(rows["a"]["lo"])


# --- section 1: artifact sizes from the device's own campaigns --------------------------------------------------

def test_a_devices_artifact_size_comes_from_its_own_first_campaign(tmp_path):
    a = [(100.0 + k, None, None, None) for k in range(5)]
    x86 = {"device": {"arch": "x86_64"}, "stacks": [{"id": "a", "artifact_bytes": 3 * 1048576},
                                                     {"id": "b", "artifact_bytes": 4 * 1048576}]}
    out = analysed(tmp_path, [("c1-arm", "pi", runs([a, a]), {"device": {"arch": "aarch64"}}, None),
                              ("c2-vm", "vm", runs([a, a]), x86, None)])
    p = {(r["device"], r["stack"]): float(r["artifact_mib"]) for r in read(out, "stack_pooled")}
    assert p == {("pi", "a"): 1.0, ("pi", "b"): 2.0, ("vm", "a"): 3.0, ("vm", "b"): 4.0}


# --- data.md version 6: JSON nulls, and bad input -----------------------------------------------------------------

def test_a_json_null_reads_as_the_keys_absence(tmp_path):
    a = [(100.0 + k, None, None, None) for k in range(5)]
    extra = {"study": None, "protocol": {"server_cpus": None, "probe": None, "tests": None},
             "load_generator": {"tool": "wrk", "host": "separate", "cpus": None},
             "stacks": [{"id": "a", "artifact_bytes": 1048576, "runtime_bytes": None},
                        {"id": "b", "artifact_bytes": 1048576, "runtime_bytes": 12}],
             "device": {"model_id": None}}
    data = folder(str(tmp_path / "d"), [("c1", "d", runs([a, a]), extra, None)],
                  config={"probe_tolerance": None, "max_steal_share": None, "min_n": None})
    ds = common.load(data)
    c = ds.campaigns[0]
    assert (c.study, c.server_cpus, c.loadgen_cpus, c.probe, c.model_id) == ("paper", None, None, None, None)
    assert ds.config["probe_tolerance"] == 0.10 and ds.config["min_n"] == 5
    assert ds.config["max_steal_share"] is None                        # the one key where null means "off"


V6_BAD = [
    ("probe_without_protocol", "raw/c1/probe.csv: line 1: column '-'"),
    ("probe_column_missing", "raw/c1/probe.csv: line 1: column 'started_at'"),
    ("probe_test", "raw/c1/probe.csv: line 3: column 'test'"),
    ("probe_value", "raw/c1/probe.csv: line 2: column 'value'"),
    ("probe_duration", "raw/c1/probe.csv: line 4: column 'duration_s'"),
    ("probe_steal", "raw/c1/probe.csv: line 3: column 'steal_s'"),
    ("probe_after_negative", "raw/c1/probe.csv: line 2: column 'after_seq'"),
    ("probe_after_too_late", "raw/c1/probe.csv: line 5: column 'after_seq'"),
    ("probe_cpu", "raw/c1/probe.csv: line 2: column 'cpu'"),
    ("probe_started_at", "raw/c1/probe.csv: line 3: column 'started_at'"),
    ("probe_seq_twice", "raw/c1/probe.csv: line 4: column 'probe_seq'"),
    ("probe_campaign", "raw/c1/probe.csv: line 2: column 'campaign'"),
    ("server_steal_negative", "raw/c1/phase1.csv: line 3: column 'server_steal_s'"),
    ("loadgen_steal_negative", "raw/c1/phase1.csv: line 4: column 'loadgen_steal_s'"),
    ("prior_load_negative", "raw/c1/phase1.csv: line 2: column 'prior_load_s'"),
    ("probe_duration_protocol", "raw/c1/campaign.json: $.protocol.probe.duration_s: column 'duration_s'"),
    ("probe_every_runs", "raw/c1/campaign.json: $.protocol.probe.every_runs: column 'every_runs'"),
    ("server_cpus", "raw/c1/campaign.json: $.protocol.server_cpus: column 'server_cpus'"),
    ("probe_tolerance", "config/analysis.json: $.probe_tolerance: column 'probe_tolerance'"),
]


@pytest.mark.parametrize("case,where", V6_BAD)
def test_version6_bad_input_names_file_line_or_json_path_and_column(tmp_path, case, where):
    a = [(100.0 + k, None, None, None) for k in range(3)]   # seqs 1..6
    rows = runs([a, a])
    extra = {"protocol": {"probe": dict(PROBE)}}
    probes = probe_rows("c1", [1000.0, 1010.0], after=[0, 6])
    header, config = HEADER, None

    def cell(line, col, value):
        probes[line - 2][col] = value
    if case == "probe_without_protocol":
        extra = None
    elif case == "probe_column_missing":
        for p in probes:
            p.pop("started_at")
    elif case == "probe_test":
        cell(3, "test", "disk")
    elif case == "probe_value":
        cell(2, "value", 0)
    elif case == "probe_duration":
        cell(4, "duration_s", -5)
    elif case == "probe_steal":
        cell(3, "steal_s", -0.1)
    elif case == "probe_after_negative":
        cell(2, "after_seq", -1)
    elif case == "probe_after_too_late":
        cell(5, "after_seq", 7)
    elif case == "probe_cpu":
        cell(2, "cpu", "1.5")
    elif case == "probe_started_at":
        cell(3, "started_at", "yesterday")
    elif case == "probe_seq_twice":
        cell(4, "probe_seq", 1)
    elif case == "probe_campaign":
        cell(2, "campaign", "c9")
    elif case == "server_steal_negative":
        rows[1]["server_steal_s"] = -1
    elif case == "loadgen_steal_negative":
        rows[2]["loadgen_steal_s"] = -0.5
    elif case == "prior_load_negative":
        header = HEADER + ["prior_load_s"]
        rows[0]["prior_load_s"] = -20
    elif case == "probe_duration_protocol":
        extra["protocol"]["probe"]["duration_s"] = 0
    elif case == "probe_every_runs":
        extra["protocol"]["probe"]["every_runs"] = -25
    elif case == "server_cpus":
        extra["protocol"]["server_cpus"] = "3-1"
    elif case == "probe_tolerance":
        config = {"probe_tolerance": -0.1}
    root = str(tmp_path / "d")
    folder(root, [("c1", "d", rows, extra, probes)], config, header)
    if case == "probe_column_missing":
        write_csv(os.path.join(root, "raw", "c1", "probe.csv"), [c for c in common.PROBE_COLS if c != "started_at"], probes)
        generate.Gen.manifest(root)
    with pytest.raises(common.DataError) as e:
        common.load(root)
    assert where in str(e.value)
    assert "expected" in str(e.value) and "found" in str(e.value)


def test_a_probe_header_alone_and_a_resumes_second_probe_at_one_after_seq_are_valid(tmp_path):
    a = [(100.0 + k, None, None, None) for k in range(3)]
    probes = probe_rows("c1", [1000.0, 1010.0, 1020.0], after=[0, 3, 3])
    ds = common.load(folder(str(tmp_path / "d"), [("c1", "d", runs([a, a]), {"protocol": {"probe": PROBE}}, probes),
                                                  ("c2", "d", runs([a, a]), {"protocol": {"probe": PROBE}}, [])]))
    assert [p["after_seq"] for p in ds.probes] == [0, 0, 3, 3, 3, 3]
    assert sessions.SESSIONS_TABLE[1][-4:] == ["probe_cpu", "probe_memory", "probe_drift", "machine_drifted"]


def test_the_coverage_band_holds_the_coverage_of_every_end_inside_the_ends_bands():
    x = [3.0, 9.0, 1.0, 7.0, 5.0, 2.0, 8.0, 6.0, 4.0]
    cfg = {"bootstrap_resamples": 2000}
    dist = analyse.boot_medians(x, cfg, analyse.rng_for(1, "band"))
    bands = analyse.CiBands()
    row = {}
    bands.set_ci(row, "ci_low", "ci_high", dist, 0.95, "group_stats", ("d", "a", "get_item", "rps"))
    row["ci_coverage"] = analyse.ci_coverage(x, row["ci_low"], row["ci_high"])
    bands.coverage_band(row, "ci_low", "ci_high", "ci_coverage", x, "group_stats", ("d", "a", "get_item", "rps"))
    lo_band, hi_band, cov_band = bands.rows
    assert cov_band["column"] == "ci_coverage" and cov_band["key"] == "d|a|get_item|rps"
    assert cov_band["band_lo"] <= row["ci_coverage"] <= cov_band["band_hi"]
    for lo in np.linspace(lo_band["band_lo"], lo_band["band_hi"], 7):
        for hi in np.linspace(hi_band["band_lo"], hi_band["band_hi"], 7):
            assert cov_band["band_lo"] <= analyse.ci_coverage(x, lo, hi) <= cov_band["band_hi"]
