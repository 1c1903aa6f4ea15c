"""Self-tests of version 5 (common.py's steal rule and readers, steal_sensitivity.py, sessions.py, capacity.py, units.py) on small hand-built SYNTHETIC folders and
values whose answers follow from the spec's text: the steal rule, steal_sensitivity.csv, sessions over
every phase, unstable and unmeasured capacities, units.csv's t interval, and data.md's version-5 bad input."""
import csv
import json
import math
import os

import numpy as np
import pytest
from scipy import stats

import analyse
import capacity
import sessions
import units
import common
import fixture_folders
import generate

CORES = 2
HEADER = ["seq", "stack", "endpoint", "concurrency", "run", "warmup", "status", "duration_s", "requests", "rps",
          "lat_p50_ms", "lat_p99_ms", "peak_rss_kib", "startup_ms", "idle_rss_kib", "steal_s"]


def phase1_rows(spec):
    """spec: [(stack, [(rps, steal_s), ...])] for get_item; seq in the given order."""
    rows, seq = [], 0
    for stack, runs in spec:
        for k, (rps, steal) in enumerate(runs, 1):
            seq += 1
            rows.append({"seq": seq, "stack": stack, "endpoint": "get_item", "concurrency": 30, "run": k, "warmup": 0,
                         "status": "ok", "duration_s": 10, "requests": int(rps * 10), "rps": rps, "lat_p50_ms": 2,
                         "lat_p99_ms": 9, "peak_rss_kib": 10240, "startup_ms": 20, "idle_rss_kib": 8192,
                         "steal_s": steal})
    return rows


def write_folder(root, rows, header=HEADER, config=None, protocol=None, machine=None, extra_campaigns=()):
    """A data folder with one paper campaign `c1` of device `d` (2 cores, stacks a and b), one mix that
    weighs get_item alone, the rows given as phase1.csv, and the manifest."""
    fixture_folders.write_config(root, config)
    for cid, dev, mach in (("c1", "d", machine),) + tuple(extra_campaigns):
        d = os.path.join(root, "raw", cid)
        os.makedirs(d)
        cj = {"campaign": cid, "synthetic": True, "device": {"id": dev, "model": "synthetic", "cores": CORES},
              "protocol": dict(protocol or {}), "stacks": [{"id": "a", "artifact_bytes": 1}, {"id": "b", "artifact_bytes": 1}]}
        if mach is not None:
            cj["machine"] = mach
        with open(os.path.join(d, "campaign.json"), "w") as f:
            json.dump(cj, f)
        with open(os.path.join(d, "phase1.csv"), "w") as f:
            f.write(",".join(header) + "\n")
            for r in rows:
                f.write(",".join("" if r.get(c) is None else str(r.get(c)) for c in header) + "\n")
    generate.Gen.manifest(root)
    return root


def read(out, name):
    with open(os.path.join(out, name + ".csv")) as f:
        return list(csv.DictReader(f))


# --- section 1: the steal rule ----------------------------------------------------------------------

def test_the_steal_share_is_steal_over_the_devices_cpu_time_and_the_rule_is_strict_and_last():
    row = {"warmup": 0, "status": "ok", "requests": 1000, "throttled": "", "duration_s": 10.0, "_cores": 2,
           "steal_s": 1.0}
    assert common.steal_share(row) == 0.05
    assert common.exclusion_reason(row, 0.01, 0.05) is None             # equal to the limit: measured
    row["steal_s"] = 1.01
    assert common.exclusion_reason(row, 0.01, 0.05) == "steal"
    assert common.exclusion_reason(row, 0.01, None) is None             # null turns the rule off
    assert common.exclusion_reason(dict(row, non_2xx=50), 0.01, 0.05) == "error_rate"   # an earlier reason wins
    assert common.exclusion_reason(dict(row, throttled="0x4"), 0.01, 0.05) == "throttled"
    assert common.exclusion_reason(dict(row, steal_s=None), 0.01, 0.0) is None   # no steal_s: never for steal
    assert common.exclusion_reason(dict(row, _cores=None), 0.01, 0.0) is None    # no device.cores: no share


def test_a_group_that_steal_takes_below_min_n_goes_missing_and_steal_sensitivity_says_what_moved(tmp_path):
    # share = steal_s / (10 s x 2 cores): 1.5 -> 0.075 (excluded), 0.5 -> 0.025 (kept)
    a = [(100.0, 0.5), (101.0, 1.5), (102.0, 0.5), (103.0, 0.5), (104.0, 1.5), (105.0, 0.5)]
    b = [(200.0, 0.5), (210.0, 0.5), (220.0, 0.5), (230.0, 0.5), (240.0, 0.5), (300.0, 4.0)]
    # version 5's threshold, 0.05 (version 6's default is 0.02: test_cpu_steal.py)
    data = write_folder(str(tmp_path / "data"), phase1_rows([("a", a), ("b", b)]), config={"max_steal_share": 0.05})
    out = str(tmp_path / "out")
    assert analyse.main(["--data", data, "--out", out]) == 0
    ex = read(out, "exclusions")
    assert [(r["seq"], r["stack"], r["reason"]) for r in ex] == [("2", "a", "steal"), ("5", "a", "steal"),
                                                               ("12", "b", "steal")]
    w = {r["stack"]: r for r in read(out, "weighted")}
    assert w["a"]["missing"] == "get_item: 4 measured of 6 (2 steal)" and w["a"]["w_rps"] == ""
    assert float(w["b"]["w_rps"]) == 220.0
    ss = {r["stack"]: r for r in read(out, "steal_sensitivity")}
    assert (ss["a"]["w_rps"], float(ss["a"]["w_rps_all"]), ss["a"]["change"]) == ("", 102.5, "")
    assert (float(ss["b"]["w_rps"]), float(ss["b"]["w_rps_all"])) == (220.0, 225.0)
    assert math.isclose(float(ss["b"]["change"]), 220.0 / 225.0)           # rps_per_mib over one peak of 10 MiB
    [s] = read(out, "sessions")
    shares = [x[1] / 20 for x in a + b]
    assert math.isclose(float(s["steal_share"]), float(np.median(shares))) and math.isclose(float(s["steal_max"]), 0.2)
    assert s["steal_excluded"] == "3"
    # the rule off: nothing excluded, no steal_sensitivity.csv
    data2 = write_folder(str(tmp_path / "data2"), phase1_rows([("a", a), ("b", b)]), config={"max_steal_share": None})
    assert analyse.main(["--data", data2, "--out", str(tmp_path / "out2")]) == 0
    assert read(str(tmp_path / "out2"), "exclusions") == []
    assert not os.path.exists(tmp_path / "out2" / "steal_sensitivity.csv")
    assert read(str(tmp_path / "out2"), "sessions")[0]["steal_excluded"] == "0"


def test_sessions_read_steal_over_every_phase():
    def run(phase, seq, steal, warmup=0, status="ok"):
        row = {"seq": seq, "stack": "a", "endpoint": "get_item", "concurrency": 30, "warmup": warmup, "status": status,
               "requests": 1000, "rps": 100.0 + seq, "duration_s": 10.0, "steal_s": steal, "throttled": "",
               "offered_rps": 500.0 if phase == 4 else None, "_cores": 2}
        return common.Run("c1", "dev", phase, row)
    runs = [run(1, 1, 0.2), run(1, 2, 0.2), run(4, 3, 6.0), run(5, 4, 4.0), run(4, 5, 8.0, warmup=1),
            run(5, 6, 9.0, status="discarded")]
    ds = common.Dataset("/nonexistent", dict(common.DEFAULT_CONFIG), [], [],
                        [common.Campaign("c1", "dev", [], "none", "paper", "separate", 2)])
    ds.runs = runs
    [s] = sessions.sessions(ds)
    # warm-ups and runs not ok leave out; phases 4 and 5 count: shares 0.01, 0.01, 0.3, 0.2
    assert math.isclose(s["steal_share"], 0.105) and math.isclose(s["steal_max"], 0.3)
    assert s["steal_excluded"] == 2 and s["n"] == 2


# --- section 10: unstable curves and unmeasured rates -------------------------------------------------------

def points(spec):
    """spec: rate -> (kept_up, p99) of the measured rates."""
    return {r: {"kept_up": k, "lat_p99_ms": p, "peak_rss_mib": 10.0} for r, (k, p) in spec.items()}


def test_a_meeting_rate_above_a_missing_one_is_unstable_and_has_no_capacity():
    c = capacity.capacity([100, 200, 400, 800], points({100: (True, 5), 200: (True, 80), 400: (True, 9), 800: (False, 9)}), 50)
    assert (c["capacity_stable"], c["capacity_note"]) == (False, "unstable: misses 200, meets 400")
    assert all(math.isnan(c[k]) for k in ("capacity_rps", "first_failing_rps", "capacity_peak_mib", "capacity_per_mib"))
    assert c["capacity_censored"] is None
    # the lowest missing rate and the highest meeting rate above it, as whole req/s (half up)
    c = capacity.capacity([250.5, 400, 1234.5, 2000.25], points({250.5: (False, 60), 400: (True, 9), 1234.5: (True, 9),
                                                           2000.25: (False, 99)}), 50)
    assert c["capacity_note"] == "unstable: misses 251, meets 1235"


def test_an_unmeasured_rate_below_the_first_missing_one_leaves_no_capacity_but_one_above_it_does():
    c = capacity.capacity([100, 200, 400, 800], points({100: (True, 5), 400: (False, 90), 800: (False, 99)}), 50)
    assert (c["capacity_stable"], c["capacity_note"]) == (True, "unmeasured: 200") and math.isnan(c["capacity_rps"])
    c = capacity.capacity([100, 200, 400, 800], points({100: (True, 5), 200: (True, 8), 400: (False, 90)}), 50)
    assert (c["capacity_rps"], c["first_failing_rps"], c["capacity_censored"], c["capacity_note"]) == (200, 400, False, None)
    assert c["capacity_per_mib"] == 20.0
    # none misses: an unmeasured rate below the largest rate voids it; the largest rate unmeasured does not
    c = capacity.capacity([100, 200, 400], points({100: (True, 5), 400: (True, 8)}), 50)
    assert c["capacity_note"] == "unmeasured: 200"
    c = capacity.capacity([100, 200, 400], points({100: (True, 5), 200: (True, 8)}), 50)
    assert (c["capacity_rps"], c["capacity_censored"], c["capacity_note"]) == (200, True, None)
    assert math.isnan(c["first_failing_rps"])
    # unstable and unmeasured both: the unstable note
    c = capacity.capacity([100, 200, 400], points({200: (False, 90), 400: (True, 8)}), 50)
    assert (c["capacity_stable"], c["capacity_note"]) == (False, "unstable: misses 200, meets 400")


# --- section 11: units with their hardware and a t interval ---------------------------------------------------

def units_ds(cpus, config=None, model="mod", probes=None):
    """probes: device -> its probe's cpu values (default: every unit 1000 events/s, one machine state, so
    that version 5's rules are what these tests see; version 6's probe rules: test_probe.py)."""
    cfg = dict(common.DEFAULT_CONFIG)
    cfg.update(config or {})
    camps = [common.Campaign(f"c{i}", dev, [], "none", "paper", "separate", 2, model, None, cpu)
             for i, (dev, cpu) in enumerate(cpus.items())]
    ds = common.Dataset("/nonexistent", cfg, [], [], camps)
    probes = {dev: [1000.0] for dev in cpus} if probes is None else probes
    ds.probes = [{"campaign": c.id, "device": c.device, "study": "paper", "probe_seq": k, "test": "cpu", "value": v}
                 for c in camps for k, v in enumerate(probes.get(c.device, []), 1)]
    return ds


def unit_rows(ds, values):
    """values: device -> {stack: w_rps}"""
    uv = units.UnitValues()
    for dev, by_stack in values.items():
        for s, v in by_stack.items():
            uv.put(dev, "m", "w_rps", s, v, None)
    rows = units.units(ds, uv, sorted({c.device for c in ds.campaigns}), ["m"], ["a", "b"], analyse.RATIO_METRICS)
    return {r["stack"]: r for r in rows if r["metric"] == "w_rps"}


CPU = "x86:AuthenticAMD:25:1:1"


def test_three_units_of_one_cpu_give_the_t_interval_over_log_values():
    ds = units_ds({"u1": CPU, "u2": CPU, "u3": CPU})
    rows = unit_rows(ds, {"u1": {"a": 100.0, "b": 50.0}, "u2": {"a": 200.0, "b": 80.0}, "u3": {"a": 400.0, "b": 100.0}})
    a, b = rows["a"], rows["b"]
    logs = np.log([100.0, 200.0, 400.0])
    t = stats.t.ppf(0.975, 2)
    half = t * np.std(logs, ddof=1) / math.sqrt(3)
    assert a["hardware"] == CPU and a["units"] == 3
    assert math.isclose(a["gmean"], 200.0) and (a["min"], a["max"], a["spread"]) == (100.0, 400.0, 4.0)
    assert math.isclose(a["lo"], 200.0 * math.exp(-half)) and math.isclose(a["hi"], 200.0 * math.exp(half))
    # by hand: s = ln 2, t(0.975, 2) = 4.3027, half = 4.3027 x 0.6931 / 1.7321 = 1.7218: [35.75, 1119]
    assert math.isclose(a["lo"], 35.746, rel_tol=1e-4) and math.isclose(a["hi"], 1119.0, rel_tol=1e-3)
    assert (a["best"], a["ratio"], a["tied"]) == ("a", 1.0, None) and math.isnan(a["ratio_lo"])
    r = np.log([2.0, 2.5, 4.0])                                         # per unit: a's over b's
    h = t * np.std(r, ddof=1) / math.sqrt(3)
    assert b["best"] == "a" and math.isclose(b["ratio"], math.exp(r.mean()))
    assert math.isclose(b["ratio_lo"], math.exp(r.mean() - h)) and math.isclose(b["ratio_hi"], math.exp(r.mean() + h))
    assert b["tied"] is False
    assert "mean" not in a                                              # version 4's column is withdrawn


def test_two_units_give_no_interval_unless_min_units_ci_allows_it():
    vals = {"u1": {"a": 100.0, "b": 50.0}, "u2": {"a": 300.0, "b": 100.0}}
    a = unit_rows(units_ds({"u1": CPU, "u2": CPU}), vals)["a"]
    assert math.isclose(a["gmean"], math.sqrt(30000.0)) and math.isnan(a["lo"]) and math.isnan(a["hi"])
    b = unit_rows(units_ds({"u1": CPU, "u2": CPU}), vals)["b"]
    assert math.isclose(b["ratio"], math.sqrt(2.0 * 3.0)) and math.isnan(b["ratio_lo"]) and b["tied"] is None
    a = unit_rows(units_ds({"u1": CPU, "u2": CPU}, {"min_units_ci": 2}), vals)["a"]
    half = stats.t.ppf(0.975, 1) * np.std(np.log([100.0, 300.0]), ddof=1) / math.sqrt(2)
    assert math.isclose(a["hi"], math.sqrt(30000.0) * math.exp(half))      # t = 12.7: an interval that says little


def test_mixed_or_unrecorded_hardware_gives_no_interval():
    vals = {"u1": {"a": 100.0}, "u2": {"a": 200.0}, "u3": {"a": 400.0}}
    a = unit_rows(units_ds({"u1": CPU, "u2": "x86:AuthenticAMD:23:49:0", "u3": CPU}), vals)["a"]
    assert a["hardware"] == "mixed" and math.isnan(a["lo"]) and math.isclose(a["gmean"], 200.0)
    a = unit_rows(units_ds({"u1": CPU, "u2": None, "u3": CPU}), vals)["a"]
    assert a["hardware"] is None and math.isnan(a["lo"])
    a = unit_rows(units_ds({"u1": CPU, "u2": "x86:AuthenticAMD:23:49:0", "u3": None}), vals)["a"]
    assert a["hardware"] == "mixed"                                   # two recorded values differ


def test_a_stack_missing_on_one_unit_is_computed_over_the_others():
    ds = units_ds({"u1": CPU, "u2": CPU, "u3": CPU, "u4": CPU})
    rows = unit_rows(ds, {"u1": {"a": 100.0, "b": 10.0}, "u2": {"a": 100.0, "b": 20.0}, "u3": {"a": 100.0},
                          "u4": {"a": 100.0, "b": 40.0}})
    a, b = rows["a"], rows["b"]
    assert math.isclose(a["lo"], 100.0) and math.isclose(a["hi"], 100.0)   # sd 0: the interval is the value
    assert b["missing"] == "u3: no value" and b["units"] == 3 and math.isclose(b["gmean"], 20.0)
    assert not math.isnan(b["lo"])
    r = np.log([10.0, 5.0, 2.5])                                        # over u1, u2, u4
    half = stats.t.ppf(0.975, 2) * np.std(r, ddof=1) / math.sqrt(3)
    assert math.isclose(b["ratio"], 5.0) and math.isclose(b["ratio_lo"], 5.0 * math.exp(-half))
    assert b["ratio_lo"] < 1 and b["tied"] is True                      # three units: 5x is not yet a finding


def test_a_value_at_zero_has_no_gmean_and_no_interval():
    rows = unit_rows(units_ds({"u1": CPU, "u2": CPU, "u3": CPU}), {"u1": {"a": 0.0}, "u2": {"a": 1.0}, "u3": {"a": 2.0}})
    assert math.isnan(rows["a"]["gmean"]) and math.isnan(rows["a"]["spread"]) and math.isnan(rows["a"]["lo"])
    assert rows["a"]["best"] is None


# --- section 7: Kendall's tau of a replication needs five stacks --------------------------------------------

def test_replication_tau_needs_five_stacks():
    pub = {s: v for s, v in zip("abcde", (1.0, 2.0, 3.0, 4.0, 5.0))}
    assert math.isnan(analyse.replication_tau({s: pub[s] for s in "abcd"}, pub)[0])
    tau, p = analyse.replication_tau(pub, {"a": 1.0, "b": 2.0, "c": 3.0, "d": 5.0, "e": 4.0})
    ref = stats.kendalltau([1, 2, 3, 4, 5], [1, 2, 3, 5, 4])
    assert math.isclose(tau, ref.statistic) and math.isclose(p, ref.pvalue)


# --- data.md version 5: bad input ----------------------------------------------------------------------------

ROUNDS = HEADER + ["round", "quiet_wait_s"]


def rounds_rows():
    rows = phase1_rows([("a", [(100.0, 0.1)] * 3), ("b", [(200.0, 0.1)] * 3)])
    for r in rows:
        r["round"], r["quiet_wait_s"] = r["run"], 0
    return rows


def test_a_campaign_in_rounds_reads():
    rows = rounds_rows()
    rows.append(dict(rows[0], seq=7, run=4, status="discarded"))   # queued again in its round: allowed
    ds = common.load(_folder(rows, ROUNDS, protocol={"order": "rounds"}))
    assert [r.row["round"] for r in ds.runs][:3] == [1, 2, 3] and ds.campaigns[0].order == "rounds"


_TMP = []


def _folder(rows, header, **kw):
    return write_folder(str(_TMP[0] / f"f{len(os.listdir(_TMP[0]))}"), rows, header=header, **kw)


@pytest.fixture(autouse=True)
def _tmp(tmp_path):
    _TMP[:] = [tmp_path]


def _cell(rows, line, col, value):
    rows = [dict(r) for r in rows]
    rows[line - 2][col] = value
    return rows


@pytest.mark.parametrize("case,where", [
    ("round0", "raw/c1/phase1.csv: line 3: column 'round'"),
    ("round_text", "raw/c1/phase1.csv: line 3: column 'round'"),
    ("round_missing", "raw/c1/phase1.csv: line 4: column 'round'"),
    ("round_column_missing", "raw/c1/phase1.csv: line 1: column 'round'"),
    ("round_not_rounds", "raw/c1/phase1.csv: line 2: column 'round'"),
    ("two_in_a_round", "raw/c1/phase1.csv: line 8: column 'round'"),
    ("quiet_negative", "raw/c1/phase1.csv: line 5: column 'quiet_wait_s'"),
    ("steal_negative", "raw/c1/phase1.csv: line 6: column 'steal_s'"),
    ("share_config", "config/analysis.json: $.max_steal_share: column 'max_steal_share'"),
    ("share_protocol", "raw/c1/campaign.json: $.protocol.max_steal_share: column 'max_steal_share'"),
    ("cpu_ids", "raw/c2/campaign.json: $.machine.cpu_id: column 'cpu_id'"),
    ("cpu_id_form", "raw/c1/campaign.json: $.machine.cpu_id: column 'cpu_id'"),
    ("min_units_ci", "config/analysis.json: $.min_units_ci: column 'min_units_ci'"),
])
def test_version5_bad_input_names_file_line_and_column(case, where):
    rows, header, kw = rounds_rows(), ROUNDS, {"protocol": {"order": "rounds"}}
    if case == "round0":
        rows = _cell(rows, 3, "round", 0)
    elif case == "round_text":
        rows = _cell(rows, 3, "round", "1.5")
    elif case == "round_missing":
        rows = _cell(rows, 4, "round", None)
    elif case == "round_column_missing":
        header = HEADER
    elif case == "round_not_rounds":
        kw = {"protocol": {"order": "randomized"}}
    elif case == "two_in_a_round":
        rows = rows + [dict(rows[0], seq=7, run=4, round=2)]              # stack a's run 2 is in round 2 already
    elif case == "quiet_negative":
        rows = _cell(rows, 5, "quiet_wait_s", -1)
    elif case == "steal_negative":
        rows = _cell(rows, 6, "steal_s", -0.5)
    elif case == "share_config":
        kw["config"] = {"max_steal_share": 1.5}
    elif case == "share_protocol":
        kw["protocol"] = {"order": "rounds", "max_steal_share": -0.1}
    elif case == "cpu_ids":
        kw["machine"] = {"cpu_id": CPU}
        kw["extra_campaigns"] = [("c2", "d", {"cpu_id": "x86:AuthenticAMD:23:49:0"})]
    elif case == "cpu_id_form":
        kw["machine"] = {"cpu_id": "AMD EPYC 7B13"}
    elif case == "min_units_ci":
        kw["config"] = {"min_units_ci": 0}
    with pytest.raises(common.DataError) as e:
        common.load(_folder(rows, header, **kw))
    assert where in str(e.value)


def test_two_campaigns_of_one_device_may_share_a_cpu_id_and_other_devices_differ():
    kw = {"machine": {"cpu_id": CPU}, "protocol": {"order": "rounds"},
          "extra_campaigns": [("c2", "d", {"cpu_id": CPU}), ("c3", "e", {"cpu_id": "arm:0x41:0xd0b:0x4:1"})]}
    ds = common.load(_folder(rounds_rows(), ROUNDS, **kw))
    assert [c.cpu_id for c in ds.campaigns] == [CPU, CPU, "arm:0x41:0xd0b:0x4:1"]
