"""The rules of analysis.md version 2 against hand-computed numbers on a small SYNTHETIC data
folder (values chosen by hand, nothing measured): min_n, the zero-weight rule and `missing`,
every listed stack in weighted.csv, the descriptive metrics, steady growth and memory checkpoints,
only `paper` campaigns in sections 1-7, and loadgen_summary.csv (section 8)."""
import csv
import json
import math
import os

import pytest

import analyse
import common
import generate

CRUD = common.CRUD_ENDPOINTS
MIXES = [("decl", {e: "0.20" for e in CRUD}),
         # delete_item weight 0: not needed for this mix
         ("nodel", {"post_item": "0.25", "get_item": "0.25", "get_list": "0.25", "put_item": "0.25",
                    "delete_item": "0"})]
PAPER_COLS = ["seq", "stack", "endpoint", "concurrency", "run", "warmup", "status", "duration_s", "requests",
              "rps", "lat_p50_ms", "lat_p90_ms", "lat_p99_ms", "peak_rss_kib", "peak_pss_kib", "startup_ms",
              "idle_rss_kib", "cpu_s", "non_2xx"]
# a non-paper study: only the lighter required columns (no memory, no startup)
HELLO_COLS = ["seq", "stack", "endpoint", "concurrency", "run", "warmup", "status", "duration_s", "requests",
              "rps", "lat_p50_ms", "lat_p90_ms", "lat_p99_ms", "cpu_s", "non_2xx"]


def write_campaign(root, cid, device, stacks, study, cols, phases, series=(), same_host_cores=None):
    d = os.path.join(root, "raw", cid)
    os.makedirs(os.path.join(d, "phase3"))
    cj = {"campaign": cid, "synthetic": True, "device": {"id": device, "model": "synthetic", "power_source": "none"},
          "stacks": [{"id": s, "artifact_bytes": 1048576} for s in stacks]}
    if same_host_cores is not None:   # the load generator on the device under test, which has these cores
        cj["device"]["cores"] = same_host_cores
        cj["load_generator"] = {"tool": "wrk", "version": "4.1.0", "host": "same"}
    if study is not None:
        cj["study"] = study
    with open(os.path.join(d, "campaign.json"), "w") as f:
        json.dump(cj, f)
    seq = 0
    for phase, rows in phases.items():
        with open(os.path.join(d, f"phase{phase}.csv"), "w", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(cols)
            for r in rows:
                seq += 1
                r = dict(r, seq=seq)
                w.writerow(["" if r.get(c) is None else r.get(c, "") for c in cols])
    for i, (stack, samples) in enumerate(series, 1):
        with open(os.path.join(d, "phase3", f"{stack}-get_item-{i}.json"), "w") as f:
            json.dump({"campaign": cid, "stack": stack, "endpoint": "get_item", "run": i,
                       "samples": [{"t_ms": t, "rss_kib": k} for t, k in samples]}, f)


def paper_run(stack, ep, run, rps, **kw):
    r = {"stack": stack, "endpoint": ep, "concurrency": 30, "run": run, "warmup": 0, "status": "ok",
         "duration_s": 10, "requests": 1000, "rps": rps, "lat_p50_ms": 1, "lat_p90_ms": 2, "lat_p99_ms": 3,
         "peak_rss_kib": 1024, "startup_ms": 50, "idle_rss_kib": 512, "non_2xx": 0}
    r.update(kw)
    return r


def write_v2(root):
    os.makedirs(os.path.join(root, "config"))
    os.makedirs(os.path.join(root, "reference"))
    cfg = dict(common.DEFAULT_CONFIG, bootstrap_resamples=200)
    del cfg["min_n"], cfg["memory_warm_s"], cfg["memory_checkpoints_s"]     # the defaults: 5, 5, [60, 300]
    with open(os.path.join(root, "config", "analysis.json"), "w") as f:
        json.dump(cfg, f)
    with open(os.path.join(root, "config", "mixes.csv"), "w") as f:
        f.write("mix,endpoint,weight\n")
        for name, w in MIXES:
            for e in CRUD:
                f.write(f"{name},{e},{w[e]}\n")
    with open(os.path.join(root, "reference", "published.csv"), "w") as f:
        f.write("source,table,stack,metric,value,unit,note\n")
    p1 = []
    # stack a: five runs of every CRUD endpoint, rps 10..50 (median 30) on each; cpu_s 2 and PSS on post_item
    for e in CRUD:
        for i, v in enumerate([10, 20, 30, 40, 50], 1):
            kw = {"cpu_s": 2, "peak_pss_kib": 2048} if e == "post_item" else {}
            p1.append(paper_run("a", e, i, v, **kw))
    # stack b: rps 100 on every run; delete_item has 2 measured runs, 3 over the error rate, 1 failed
    for e in CRUD:
        for i in range(1, (3 if e == "delete_item" else 6)):
            p1.append(paper_run("b", e, i, 100))
    for i in range(3, 6):
        p1.append(paper_run("b", "delete_item", i, 999, non_2xx=500))
    p1.append({"stack": "b", "endpoint": "delete_item", "concurrency": 30, "run": 6, "warmup": 0, "status": "failed"})
    p1.append(paper_run("b", "delete_item", 1, 999, warmup=1))     # a warm-up: counted nowhere
    # stack d: two runs in all (startup 40 and 60)
    p1 += [paper_run("d", "post_item", 1, 7, startup_ms=40), paper_run("d", "post_item", 2, 9, startup_ms=60)]
    # phase 2 of stack a: c = 10 below min_n (3 runs), c = 20 at min_n (5 runs)
    p2 = [paper_run("a", "get_item", i, v, concurrency=10, startup_ms="", idle_rss_kib="")
          for i, v in enumerate([5, 6, 7], 1)]
    p2 += [paper_run("a", "get_item", i, v, concurrency=20, startup_ms="", idle_rss_kib="")
           for i, v in enumerate([8, 9, 10, 11, 12], 1)]
    series = [("a", [(0, 1024), (4000, 2048), (5000, 3072), (61000, 4096), (70000, 5120)]),   # 70 s
              ("a", [(0, 1024), (3000, 2048)]),                                               # shorter than 5 s
              ("b", [(7, 2048), (1000, 1024)])]                                               # starts at 7 ms
    # stack c is listed but has no runs at all
    write_campaign(root, "c1", "dev", ["a", "b", "c", "d"], None, PAPER_COLS, {1: p1, 2: p2}, series)

    def hello(stack, run, rps, **kw):
        r = {"stack": stack, "endpoint": "hello", "concurrency": 100, "run": run, "warmup": 0, "status": "ok",
             "duration_s": 10, "requests": 1000, "rps": rps, "lat_p50_ms": rps / 100, "lat_p99_ms": 9, "non_2xx": 0}
        r.update(kw)
        return r
    # a hello-blog campaign of the same device; its id sorts first and it lists b before a stack of its own
    h = [hello("h1", 1, 100, cpu_s=5, lat_p90_ms=4), hello("h1", 2, 300, cpu_s=10), hello("h1", 3, 200),
         hello("h1", 4, 999, non_2xx=100), hello("b", 1, 50), hello("b", 2, 70)]
    write_campaign(root, "c0-hello", "dev", ["h1", "b"], "hello-blog", HELLO_COLS, {1: h},
                   [("h1", [(0, 4096), (9000, 8192)])])
    # a device with a non-paper campaign only
    write_campaign(root, "c2-vm", "vm", ["h1"], "hello-blog", HELLO_COLS, {1: [hello("h1", 1, 40)]})
    # app-servers on vm with wrk beside the server on 2 cores: host use (10 + 9) / 20 = 0.95, 0.8, 1.1, one
    # run without loadgen_cpu_s; stack g has no loadgen_cpu_s at all
    a = [hello("s", 1, 10, cpu_s=10, loadgen_cpu_s=9), hello("s", 2, 10, cpu_s=8, loadgen_cpu_s=8),
         hello("s", 3, 10, cpu_s=12, loadgen_cpu_s=10), hello("s", 4, 10, cpu_s=12), hello("g", 1, 10, cpu_s=3)]
    write_campaign(root, "c3-app", "vm", ["s", "g"], "app-servers", HELLO_COLS + ["loadgen_cpu_s"], {1: a},
                   same_host_cores=2)
    generate.Gen.manifest(root)


@pytest.fixture(scope="module")
def t(tmp_path_factory):
    root = tmp_path_factory.mktemp("v2")
    write_v2(str(root / "data"))
    assert analyse.main(["--data", str(root / "data"), "--out", str(root / "out")]) == 0
    tables = {}
    for name, (keys, vals) in analyse.TABLES.items():
        if name in analyse.OPTIONAL_TABLES:   # no phase 4 here: none of section 10 is written
            assert not (root / "out" / f"{name}.csv").exists()
            continue
        with open(root / "out" / f"{name}.csv") as f:
            rd = csv.DictReader(f)
            assert rd.fieldnames == keys + vals
            tables[name] = list(rd)
    return tables


def find(rows, **kw):
    hit = [r for r in rows if all(r[k] == v for k, v in kw.items())]
    assert len(hit) == 1, (kw, hit)
    return hit[0]


def test_only_paper_campaigns_in_sections_1_to_7(t):
    assert {r["device"] for r in t["posthoc_summary"]} == {"dev"}        # vm has no paper campaign
    assert {r["stack"] for r in t["group_stats"]} == {"a", "b", "d"}
    assert not [r for r in t["group_stats"] if r["endpoint"] == "hello"]
    # exclusions: b's three error-rate runs and its failed run, the hello run over the error rate not
    assert [(r["campaign"], r["reason"]) for r in t["exclusions"]] == [("c1", "error_rate")] * 3 + [("c1", "failed")]
    # stack order of the paper campaigns (a, b), not of the hello campaign listed first (b)
    r = find(t["posthoc"], endpoint="post_item", metric="rps")
    assert (r["stack_a"], r["stack_b"]) == ("a", "b")
    assert [r["stack"] for r in t["memory"]] == ["a", "b"]              # h1's series is not a paper one


def test_small_n_flag_and_empty_ci(t):
    small = find(t["group_stats"], stack="b", endpoint="delete_item", metric="rps")
    assert (small["n"], small["median"], small["small_n"], small["ci_low"], small["ci_high"]) == \
        ("2", "100.0", "true", "", "")
    full = find(t["group_stats"], stack="a", endpoint="delete_item", metric="rps")
    assert (full["n"], full["small_n"]) == ("5", "false")
    assert 10 <= float(full["ci_low"]) <= 30 <= float(full["ci_high"]) <= 50


def test_tests_only_among_stacks_with_min_n(t):
    # delete_item: only a has n >= 5, so no test; the other endpoints have a and b with 5 each
    assert not [r for r in t["omnibus"] if r["endpoint"] == "delete_item"]
    o = find(t["omnibus"], endpoint="post_item", metric="rps")
    assert (o["k"], o["n"]) == ("2", "10")
    # descriptive metrics never enter the tests
    assert {r["metric"] for r in t["omnibus"]} <= set(common.TESTED_METRICS)
    assert int(t["posthoc_summary"][0]["comparisons"]) == len(t["posthoc"])


def test_descriptive_metrics(t):
    cores = find(t["group_stats"], stack="a", endpoint="post_item", metric="cpu_cores")
    assert (cores["n"], cores["median"], cores["small_n"]) == ("5", "0.2", "false")    # 2 s of CPU in 10 s
    per_cpu = find(t["group_stats"], stack="a", endpoint="post_item", metric="rps_per_cpu_s")
    assert per_cpu["median"] == "500.0"                                                 # 1000 requests / 2 s
    assert find(t["group_stats"], stack="a", endpoint="post_item", metric="peak_pss_mib")["median"] == "2.0"
    assert find(t["group_stats"], stack="a", endpoint="get_item", metric="lat_p90_ms")["median"] == "2.0"
    # no cpu_s, no PSS on get_item: no row
    assert not [r for r in t["group_stats"] if r["endpoint"] == "get_item" and
                r["metric"] in ("cpu_cores", "rps_per_cpu_s", "peak_pss_mib", "idle_pss_mib")]
    # metrics in analysis.md's order: the descriptive ones after energy's place
    ms = [r["metric"] for r in t["group_stats"] if r["stack"] == "a" and r["endpoint"] == "post_item"]
    assert ms == ["rps", "lat_p50_ms", "lat_p99_ms", "idle_rss_mib", "peak_rss_mib", "rps_per_mib", "startup_ms",
                  "lat_p90_ms", "peak_pss_mib", "cpu_cores", "rps_per_cpu_s"]


def test_zero_weight_rule_and_missing(t):
    rows = {(r["mix"], r["stack"]): r for r in t["weighted"]}
    assert sorted(rows) == [(m, s) for m in ("decl", "nodel") for s in ("a", "b", "c", "d")]   # every listed stack
    a, b = rows[("decl", "a")], rows[("decl", "b")]
    assert float(a["w_rps"]) == pytest.approx(30.0) and a["missing"] == "" and a["rank"] == "1"
    # b: delete_item has weight 0.2 and 2 measured runs < 5 -> every aggregate empty, no rank
    assert b["missing"] == "delete_item: 2 measured of 6 (1 failed, 3 error_rate)"
    assert all(b[c] == "" for c in ("w_rps", "w_rps_lo", "w_peak_mib", "w_rps_per_mib", "w_p99_ms", "rank",
                                    "ratio_to_best"))
    assert rows[("decl", "c")]["missing"] == "; ".join(f"{e}: 0 measured of 0" for e in CRUD)
    # mix nodel gives delete_item weight 0: b is aggregated (100 everywhere) and ranked first
    nb, na = rows[("nodel", "b")], rows[("nodel", "a")]
    assert nb["missing"] == "" and float(nb["w_rps"]) == pytest.approx(100.0)
    assert float(nb["w_rps_lo"]) == float(nb["w_rps_hi"]) == pytest.approx(100.0)
    assert (nb["rank"], na["rank"]) == ("1", "2")
    assert float(na["ratio_to_best"]) == pytest.approx(100 / 30)
    assert rows[("nodel", "c")]["missing"] == "; ".join(f"{e}: 0 measured of 0" for e in CRUD[:4])
    # the ranking under decl has one stack: no tau
    assert find(t["sensitivity"], mix="nodel")["kendall_tau"] == ""


def test_missing_text_joins_endpoints_and_reasons():
    got = analyse.missing_text([("delete_item", 0, {"error_rate": 10}),
                                ("post_item", 3, {"throttled": 1, "failed": 2, "discarded": 0})])
    assert got == "post_item: 3 measured of 6 (2 failed, 1 throttled); delete_item: 0 measured of 10 (10 error_rate)"
    assert analyse.missing_text([("get_item", 4, {})]) == "get_item: 4 measured of 4"


def test_pooled_ci_empty_below_min_n(t):
    d = find(t["stack_pooled"], stack="d")
    assert (d["n"], d["startup_ms"], d["startup_ms_lo"], d["startup_ms_hi"], d["idle_rss_mib_lo"]) == \
        ("2", "50.0", "", "", "")
    a = find(t["stack_pooled"], stack="a")
    assert a["n"] == "25" and float(a["startup_ms_lo"]) == float(a["startup_ms_hi"]) == 50.0
    assert find(t["weighted"], mix="nodel", stack="d")["missing"] == \
        "post_item: 2 measured of 2; get_item: 0 measured of 0; get_list: 0 measured of 0; put_item: 0 measured of 0"


def test_sweep_ci_empty_below_min_n(t):
    c10 = find(t["sweep"], stack="a", concurrency="10")
    assert (c10["n"], c10["rps"], c10["rps_lo"], c10["p99_ms_hi"]) == ("3", "6.0", "", "")
    c20 = find(t["sweep"], stack="a", concurrency="20")
    assert c20["n"] == "5" and 8 <= float(c20["rps_lo"]) <= 10 <= float(c20["rps_hi"]) <= 12


def test_steady_growth_and_checkpoints(t):
    m = find(t["memory"], stack="a")
    # series 1: last 5 MiB - the sample at 5 s (3 MiB) = 2; series 2 ends before 5 s: no value
    assert (m["series"], m["steady_growth_mib"], m["growth_mib"]) == ("2", "2.0", "2.5")
    cp = [(r["stack"], r["t_s"], r["series"], r["mib"]) for r in t["memory_checkpoints"]]
    # t = 0: both series of a (1 MiB); t = 60: the 70 s series, last sample at or before 60 s is 3 MiB;
    # t = 300: reached by no series, no row. b's series starts at 7 ms: nothing at t = 0, and it ends at 1 s.
    # Checkpoints read the series of every study (the node-pi table is printed from them): h1's hello-blog
    # series (4 MiB at 0 s, ends at 9 s) comes first, in section 8's stack order (h1, b, a, ...)
    assert cp == [("h1", "0", "1", "4.0"), ("a", "0", "2", "1.0"), ("a", "60", "1", "3.0")]
    assert find(t["memory"], stack="b")["steady_growth_mib"] == ""


def test_pure_memory_helpers():
    assert analyse.steady_growth([0, 4000, 5000, 6000], [1.0, 2.0, 3.0, 7.0], 5) == 4.0
    assert analyse.steady_growth([0, 4999], [1.0, 2.0], 5) is None
    assert analyse.checkpoint([0, 30000, 60000], [1.0, 2.0, 3.0], 60) == 3.0     # duration exactly 60 s
    assert analyse.checkpoint([0, 30000, 59999], [1.0, 2.0, 3.0], 60) is None
    assert analyse.checkpoint([0, 30000, 61000], [1.0, 2.0, 3.0], 60) == 2.0
    # analysis.md 6 (version 3): within half an interval (interval_ms 1000) the sample at 59,999 ms
    # is the reading at 60 s
    assert analyse.checkpoint([0, 30000, 59999], [1.0, 2.0, 3.0], 60, 500.0) == 3.0
    assert analyse.checkpoint([0, 30000, 59499], [1.0, 2.0, 3.0], 60, 500.0) is None
    assert analyse.checkpoint_times({"memory_checkpoints_s": [300, 60, 0]}) == [0.0, 60.0, 300.0]


def test_replication_tau_needs_five_stacks():
    # version 5 (three before): test_steal_capacity_units.py checks tau itself against scipy
    pub = {"rust": 300.0, "go": 100.0, "node": 50.0, "java": 40.0, "zig": 20.0}
    tau, p = analyse.replication_tau({k: pub[k] for k in ("rust", "go", "node", "java")},
                                     {"rust": 1.0, "go": 2.0, "node": 3.0, "java": 4.0})
    assert math.isnan(tau) and math.isnan(p)
    assert analyse.replication_tau(pub, {"rust": 9.0, "go": 5.0, "node": 1.0, "java": 0.5, "zig": 0.1})[0] == pytest.approx(1.0)
    # a stack without a measured value does not count: four left, no tau
    assert math.isnan(analyse.replication_tau(pub, {"rust": 9.0, "go": 5.0, "node": 1.0, "java": 0.5,
                                                    "zig": math.nan})[0])


def test_loadgen_summary_host_busy_and_saturated_runs(t):
    rows = t["loadgen_summary"]
    s = find(rows, device="vm", study="app-servers", stack="s")
    assert s["n"] == "4" and float(s["host_busy"]) == pytest.approx(0.95) and s["saturated_runs"] == "2"
    g = find(rows, device="vm", study="app-servers", stack="g")
    assert (g["host_busy"], g["saturated_runs"]) == ("", "")          # no run with both CPU columns
    h1 = find(rows, device="dev", study="hello-blog", stack="h1")
    assert (h1["host_busy"], h1["saturated_runs"]) == ("", "")        # no load_generator.host = same


def test_loadgen_summary_every_study(t):
    rows = t["loadgen_summary"]
    keys = [(r["device"], r["study"], r["phase"], r["stack"], r["endpoint"], r["concurrency"]) for r in rows]
    assert keys == sorted(keys, key=lambda k: (k[0], k[1]))                       # device, study by code point
    h1 = find(rows, device="dev", study="hello-blog", stack="h1")
    # three measured runs (the error-rate run does not count): median 200, best 300
    assert (h1["phase"], h1["endpoint"], h1["concurrency"], h1["n"]) == ("1", "hello", "100", "3")
    assert (h1["rps_median"], h1["rps_best"], h1["lat_p50_ms"]) == ("200.0", "300.0", "2.0")
    assert h1["lat_p90_ms"] == "4.0"                                              # the one run that has it
    assert h1["cpu_pct"] == "100.0" and h1["peak_rss_mib"] == ""                  # 10 s of CPU in 10 s; no memory
    hb = find(rows, device="dev", study="hello-blog", stack="b")
    assert (hb["rps_median"], hb["ratio_to_slowest"]) == ("60.0", "1.0")
    assert float(h1["ratio_to_slowest"]) == pytest.approx(200 / 60)
    # section 8's stack order is over every campaign: h1, b (c0-hello comes first), unlike sections 1-7
    assert [r["stack"] for r in rows if r["study"] == "hello-blog" and r["device"] == "dev"] == ["h1", "b"]
    assert find(rows, device="vm", stack="h1")["ratio_to_slowest"] == "1.0"
    # paper rows of both phases, with the group's largest peak RSS; b's delete_item has its 2 measured runs
    pa = find(rows, device="dev", study="paper", phase="1", stack="a", endpoint="post_item")
    assert (pa["n"], pa["rps_median"], pa["rps_best"], pa["peak_rss_mib"], pa["cpu_pct"]) == \
        ("5", "30.0", "50.0", "1.0", "20.0")
    # post_item medians: a 30, b 100, d 8 (the slowest)
    assert float(pa["ratio_to_slowest"]) == pytest.approx(30 / 8)
    pb = find(rows, device="dev", study="paper", phase="1", stack="b", endpoint="post_item")
    assert float(pb["ratio_to_slowest"]) == pytest.approx(100 / 8)
    assert find(rows, study="paper", stack="d", endpoint="post_item")["ratio_to_slowest"] == "1.0"
    assert find(rows, study="paper", phase="1", stack="b", endpoint="delete_item")["n"] == "2"
    assert [r["concurrency"] for r in rows if r["phase"] == "2"] == ["10", "20"]
