"""analyse.py against hand-computed numbers on a tiny SYNTHETIC data folder, and its determinism."""
import csv
import json
import math
import os

import numpy as np
import pytest

import analyse
import common
import generate

CRUD = common.CRUD_ENDPOINTS

# Tiny synthetic data set (values chosen by hand, nothing measured). Stack 'zeta' is listed before
# 'alpha' in campaign.json, so stack order is zeta, alpha (not code point order).
RPS = {
    "zeta": {"post_item": [10, 20, 30], "get_item": [40, 50, 60, 70], "get_list": [5, 5, 5],
             "put_item": [1, 3, 2], "delete_item": [7, 9]},
    "alpha": {"post_item": [30, 40, 50], "get_item": [50, 60, 70], "get_list": [6, 6, 6],
              "put_item": [2, 4, 3], "delete_item": [10, 12]},
}
ENERGY_J = {  # zeta only; requests = 1000, so energy_mj_per_req = energy_j
    "post_item": [1, 2, 3], "get_item": [4, 5, 6, 7], "get_list": [0.5, 0.5, 0.5],
    "put_item": [8, 9, 10], "delete_item": [0.1, 0.2]}
PEAK_KIB = {"zeta": 2048, "alpha": 1024}
MIXES = [("m1", {"post_item": "0.40", "get_item": "0.30", "get_list": "0.10", "put_item": "0.10",
                 "delete_item": "0.10"}),
         ("m0", {e: "0.20" for e in CRUD})]
SWEEP = {"zeta": {10: [100, 100, 100], 20: [150, 150, 150], 40: [160, 160, 160], 80: [170, 170, 170]},
         "alpha": {10: [100], 20: [200], 40: [300]}}

COLS = ["seq", "stack", "endpoint", "concurrency", "run", "warmup", "status", "duration_s", "requests", "rps",
        "lat_p50_ms", "lat_p99_ms", "peak_rss_kib", "startup_ms", "idle_rss_kib", "energy_j", "non_2xx",
        "errors_connect", "throttled"]


def write_tiny(root):
    os.makedirs(os.path.join(root, "config"))
    os.makedirs(os.path.join(root, "reference"))
    camp = os.path.join(root, "raw", "c1")
    os.makedirs(os.path.join(camp, "phase3"))
    cfg = dict(common.DEFAULT_CONFIG, bootstrap_resamples=500, min_n=2)   # the version-1 floor of n >= 2
    with open(os.path.join(root, "config", "analysis.json"), "w") as f:
        json.dump(cfg, f)
    with open(os.path.join(root, "config", "mixes.csv"), "w") as f:
        f.write("mix,endpoint,weight\n")
        for name, w in MIXES:
            for e in CRUD:
                f.write(f"{name},{e},{w[e]}\n")
    with open(os.path.join(root, "reference", "published.csv"), "w") as f:
        f.write("source,table,stack,metric,value,unit,note\n"
                "synthetic,Table 14,zeta,w_rps_per_mib,26.0,req/s/MiB,\n"
                "synthetic,Table 19,alpha,peak_rps,150,req/s,\n"
                "synthetic,Table 9,zeta,rps:get_item,55,req/s,\n")
    with open(os.path.join(camp, "campaign.json"), "w") as f:
        json.dump({"campaign": "c1", "device": {"id": "tiny", "model": "synthetic", "power_source": "pmic"},
                   "stacks": [{"id": "zeta", "artifact_bytes": 1048576},
                              {"id": "alpha", "artifact_bytes": 3 * 1048576}]}, f)
    rows, seq = [], 0

    def add(phase, **kw):
        nonlocal seq
        seq += 1
        base = {"seq": seq, "concurrency": 30, "warmup": 0, "status": "ok", "duration_s": 10, "requests": 1000,
                "startup_ms": 100, "idle_rss_kib": 1024, "non_2xx": 0, "errors_connect": 0, "throttled": "0x0"}
        base.update(kw)
        base.setdefault("lat_p50_ms", base.get("rps", 1))
        base.setdefault("lat_p99_ms", base.get("rps", 1))
        rows.append((phase, base))

    for s, eps in RPS.items():
        for e, vals in eps.items():
            for i, v in enumerate(vals, 1):
                add(1, stack=s, endpoint=e, run=i, rps=v, peak_rss_kib=PEAK_KIB[s],
                    energy_j=ENERGY_J[e][i - 1] if s == "zeta" else "")
    # excluded rows (on zeta post_item): warm-up, failed, discarded, error rate, throttled
    add(1, stack="zeta", endpoint="post_item", run=1, warmup=1, rps=999, peak_rss_kib=1)
    add(1, stack="zeta", endpoint="post_item", run=10, status="failed", requests="", startup_ms="",
        idle_rss_kib="")
    add(1, stack="zeta", endpoint="post_item", run=11, status="discarded", rps=999, peak_rss_kib=1, non_2xx=1000)
    add(1, stack="zeta", endpoint="post_item", run=12, rps=999, peak_rss_kib=1, non_2xx=11)   # 1.1 % > 1 %
    add(1, stack="zeta", endpoint="post_item", run=13, rps=999, peak_rss_kib=1, throttled="0x50005")
    # error rate exactly at the limit: measured (mixed is descriptive only)
    add(1, stack="zeta", endpoint="mixed", run=1, rps=5, peak_rss_kib=1024, non_2xx=6, errors_connect=4)
    for s, levels in SWEEP.items():
        for c, vals in levels.items():
            for i, v in enumerate(vals, 1):
                add(2, stack=s, endpoint="get_item", concurrency=c, run=i, rps=v, peak_rss_kib=4096,
                    startup_ms="", idle_rss_kib="")
    for phase in (1, 2):
        with open(os.path.join(camp, f"phase{phase}.csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(COLS)
            for p, r in rows:
                if p == phase:
                    w.writerow(["" if r.get(c) is None else r.get(c, "") for c in COLS])
    series = {"campaign": "c1", "stack": "zeta", "endpoint": "get_item", "run": 1,
              "samples": [{"t_ms": t, "rss_kib": k} for t, k in
                          [(0, 1024), (1000, 2048), (2000, 1024), (3000, 3072)]]}
    with open(os.path.join(camp, "phase3", "zeta-get_item-1.json"), "w") as f:
        json.dump(series, f)
    generate.Gen.manifest(root)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    root = tmp_path_factory.mktemp("tiny")
    data, out = root / "data", root / "out"
    write_tiny(str(data))
    assert analyse.main(["--data", str(data), "--out", str(out)]) == 0
    tables = {}
    for name, (keys, vals) in analyse.TABLES.items():
        if name in analyse.OPTIONAL_TABLES:   # no phase 4 here: none of section 10 is written
            assert not (out / f"{name}.csv").exists()
            continue
        with open(out / f"{name}.csv") as f:
            r = list(csv.DictReader(f))
        assert list(r[0].keys()) == keys + vals if r else True
        tables[name] = r
    return tables


def find(rows, **kw):
    hit = [r for r in rows if all(r[k] == v for k, v in kw.items())]
    assert len(hit) == 1, (kw, hit)
    return hit[0]


def num(s):
    return float(s) if s != "" else math.nan


def test_group_stats_quantiles_and_sd(tiny):
    r = find(tiny["group_stats"], stack="zeta", endpoint="get_item", metric="rps")
    assert int(r["n"]) == 4
    assert num(r["median"]) == 55 and num(r["mean"]) == 55
    assert num(r["q1"]) == pytest.approx(47.5) and num(r["q3"]) == pytest.approx(62.5)    # type 7
    assert num(r["sd"]) == pytest.approx(math.sqrt(500 / 3))
    assert 40 <= num(r["ci_low"]) <= 55 <= num(r["ci_high"]) <= 70
    c = find(tiny["group_stats"], stack="alpha", endpoint="get_list", metric="rps")
    assert num(c["sd"]) == 0 and num(c["ci_low"]) == num(c["ci_high"]) == 6
    assert find(tiny["group_stats"], stack="zeta", endpoint="post_item", metric="rps")["n"] == "3"
    assert find(tiny["group_stats"], stack="zeta", endpoint="get_item", metric="rps_per_mib")["median"] == "27.5"
    assert not [r for r in tiny["group_stats"] if r["stack"] == "alpha" and r["metric"] == "energy_mj_per_req"]
    # stack order: zeta (listed first in campaign.json) before alpha
    assert [r["stack"] for r in tiny["group_stats"]][0] == "zeta"


def test_exclusions(tiny):
    got = [(r["seq"], r["reason"]) for r in tiny["exclusions"]]
    assert [g[1] for g in got] == ["failed", "discarded", "error_rate", "throttled"]
    assert find(tiny["group_stats"], stack="zeta", endpoint="mixed", metric="rps")["n"] == "1"


def test_weighted_and_energy_weighted_median(tiny):
    z = find(tiny["weighted"], mix="m1", stack="zeta")
    a = find(tiny["weighted"], mix="m1", stack="alpha")
    # 0.4*20 + 0.3*55 + 0.1*5 + 0.1*2 + 0.1*8 = 26
    assert num(z["w_rps"]) == pytest.approx(26.0)
    assert num(z["w_peak_mib"]) == pytest.approx(2.0)
    assert num(z["w_rps_per_mib"]) == pytest.approx(13.0)
    assert num(a["w_rps_per_mib"]) == pytest.approx(36.0)
    # pooled weighted median: cumulative weights 0.05, 0.1, 0.2 (three 0.5s), 0.333 (1), 0.467 (2), 0.6 (3)
    assert num(z["w_energy_mj"]) == 3.0
    assert num(find(tiny["weighted"], mix="m0", stack="zeta")["w_energy_mj"]) == 2.0
    assert a["w_energy_mj"] == "" and a["w_energy_mj_lo"] == ""
    assert (a["rank"], z["rank"]) == ("1", "2")
    assert num(z["ratio_to_best"]) == pytest.approx(36 / 13) and num(a["ratio_to_best"]) == 1
    assert num(z["w_rps_lo"]) <= 26 <= num(z["w_rps_hi"])
    # mixes sorted by code point; declared (first in the file) has tau 1
    assert [r["mix"] for r in tiny["sensitivity"]] == ["m0", "m1"]
    assert num(find(tiny["sensitivity"], mix="m1")["kendall_tau"]) == pytest.approx(1.0)


def test_weighted_median_tolerance():
    # twelve equal weights: the 6th cumulative weight is 0.49999999999999994 in floating point;
    # with the 1e-12 tolerance it "reaches" 0.5, so the 6th value is the weighted median
    v = np.arange(1.0, 13.0)
    assert np.cumsum(np.full(12, 1 / 12))[5] < 0.5
    assert analyse.weighted_median_rows(v, np.full(12, 1.0))[0] == 6.0
    assert analyse.weighted_median_rows(np.array([3.0, 1.0, 2.0]), np.array([0.2, 0.3, 0.5]))[0] == 2.0


def test_posthoc_effects_and_holm(tiny):
    r = find(tiny["posthoc"], endpoint="post_item", metric="rps")
    assert (r["stack_a"], r["stack_b"]) == ("zeta", "alpha")
    assert num(r["u"]) == 0.5                                   # one tie (30 = 30), no a > b
    assert num(r["cliffs_delta"]) == pytest.approx(-8 / 9)
    assert num(r["cohens_d"]) == pytest.approx(-2.0)            # means 20 vs 40, both sd 10
    assert num(r["hedges_g"]) == pytest.approx(-2.0 * (1 - 3 / 15))
    c = find(tiny["posthoc"], endpoint="get_list", metric="rps")  # both constant, 5 vs 6
    assert c["cohens_d"] == "" and num(c["t"]) == -math.inf and c["df"] == "" and num(c["p_welch"]) == 0
    assert num(c["cliffs_delta"]) == -1
    i = find(tiny["posthoc"], endpoint="get_item", metric="idle_rss_mib")  # identical constants
    assert num(i["cohens_d"]) == 0 and num(i["p_mwu"]) == 1.0
    # delete_item has n = 2 per stack: enters; Holm by hand over the whole device family
    ps = [num(r["p_mwu"]) for r in tiny["posthoc"]]
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    holm, running = [0.0] * m, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * ps[i]))
        holm[i] = running
    for r, h in zip(tiny["posthoc"], holm):
        assert num(r["p_holm"]) == pytest.approx(h, rel=1e-12)
        assert r["significant"] == ("true" if h < 0.05 else "false")
    s = tiny["posthoc_summary"][0]
    assert int(s["comparisons"]) == m == 5 * 7      # 5 endpoints x 7 metrics (no energy for alpha)
    assert int(s["significant"]) == sum(h < 0.05 for h in holm)
    o = find(tiny["omnibus"], endpoint="post_item", metric="rps")
    assert (o["k"], o["n"], o["df"]) == ("2", "6", "1")
    assert num(o["epsilon_sq"]) == pytest.approx(num(o["h"]) / 5)


def test_holm_hand_numbers():
    from statsmodels.stats.multitest import multipletests
    # p = .01 .04 .03 .005: sorted .005*4 = .02, .01*3 = .03, .03*2 = .06, .04*1 = .04 -> max(.06, .04)
    got = multipletests([0.01, 0.04, 0.03, 0.005], method="holm")[1]
    assert list(got) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_sweep_plateau_and_peak(tiny):
    z = find(tiny["sweep_summary"], stack="zeta")
    # gains 0.5, 0.0667, 0.0625: plateau from c = 20
    assert (z["peak_rps"], z["peak_concurrency"], z["plateau_concurrency"]) == ("170.0", "80", "20")
    a = find(tiny["sweep_summary"], stack="alpha")
    assert (a["peak_concurrency"], a["plateau_concurrency"]) == ("40", "")   # last gain 0.5
    assert analyse.plateau([1, 2], [10.0, 10.5], 0.1) == 1
    assert analyse.plateau([1], [10.0], 0.1) is None
    assert analyse.plateau([1, 2, 3], [10.0, 10.5, 12.0], 0.1) is None
    r = find(tiny["sweep"], stack="zeta", concurrency="20")
    assert (r["n"], r["rps"], r["rps_lo"], r["rps_hi"], r["peak_rss_mib"]) == ("3", "150.0", "150.0", "150.0", "4.0")


def test_memory(tiny):
    m = find(tiny["memory"], stack="zeta")
    assert (m["series"], m["samples"], m["duration_s"]) == ("1", "4.0", "3.0")
    assert (m["first_mib"], m["min_mib"], m["max_mib"], m["last_mib"], m["growth_mib"], m["drops"]) == \
        ("1.0", "1.0", "3.0", "3.0", "2.0", "1")
    assert num(m["slope_mib_per_s"]) == pytest.approx(0.5)


def test_pooled_and_replication(tiny):
    p = find(tiny["stack_pooled"], stack="alpha")
    assert (p["n"], p["idle_rss_mib"], p["startup_ms"], p["artifact_mib"]) == ("14", "1.0", "100.0", "3.0")
    assert find(tiny["stack_pooled"], stack="zeta")["n"] == "16"       # 15 CRUD + 1 mixed
    rep = {(r["stack"], r["metric"]): r for r in tiny["replication"]}
    assert num(rep[("zeta", "w_rps_per_mib")]["ratio"]) == pytest.approx(0.5)
    assert num(rep[("alpha", "peak_rps")]["ratio"]) == pytest.approx(2.0)
    assert num(rep[("zeta", "rps:get_item")]["measured"]) == 55
    assert [r["table"] for r in tiny["replication"]] == ["Table 14", "Table 19", "Table 9"]


def test_deterministic_and_independent_of_streams_where_deterministic(tmp_path):
    data = tmp_path / "data"
    generate.main(["--out", str(data), "--seed", "11", "--devices", "2", "--bootstrap", "300"])
    for name in ("a", "b"):
        assert analyse.main(["--data", str(data), "--out", str(tmp_path / name)]) == 0
    for f in sorted(os.listdir(tmp_path / "a")):
        assert (tmp_path / "a" / f).read_bytes() == (tmp_path / "b" / f).read_bytes(), f
    # other streams change CI ends only
    assert analyse.main(["--data", str(data), "--out", str(tmp_path / "c"), "--stream-salt", "x"]) == 0
    analyse.STREAM_SALT = ""
    with open(tmp_path / "a" / "group_stats.csv") as f1, open(tmp_path / "c" / "group_stats.csv") as f2:
        ra, rc = list(csv.DictReader(f1)), list(csv.DictReader(f2))
    assert [{k: v for k, v in r.items() if not k.startswith("ci_")} for r in ra] == \
        [{k: v for k, v in r.items() if not k.startswith("ci_")} for r in rc]
    assert any(x["ci_low"] != y["ci_low"] for x, y in zip(ra, rc))


def test_bad_input_exits_nonzero(tmp_path, capsys):
    data = tmp_path / "data"
    write_tiny(str(data))
    (data / "config" / "mixes.csv").write_text("mix,endpoint,weight\nm1,get_item,1.0\n")
    generate.Gen.manifest(str(data))
    assert analyse.main(["--data", str(data), "--out", str(tmp_path / "o")]) == 2
    assert "config/mixes.csv" in capsys.readouterr().err
    assert not (tmp_path / "o").exists()
