"""The rules of analysis.md version 3 that the cross-check covers (exact post-hoc p and p_method,
the Holm family's resolution, ratios.csv with its intervals, an empty p for the declared mix against
itself), on hand-worked numbers and on a SYNTHETIC folder from generate.py (nothing measured); and
compare.py's checks of the new columns."""
import csv
import math
import shutil

import numpy as np
import pytest
from scipy import stats

import analyse
import compare
import generate


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("v3")
    generate.main(["--out", str(root / "data"), "--seed", "7", "--devices", "1", "--bootstrap", "1000"])
    assert analyse.main(["--data", str(root / "data"), "--out", str(root / "ref")]) == 0
    return root


def rows(folder, table):
    with open(folder / "ref" / f"{table}.csv") as f:
        return list(csv.DictReader(f))


def test_mwu_is_exact_without_ties_up_to_50_a_side():
    a, b = [float(i) for i in range(10)], [100.0 + i for i in range(10)]
    u, p, method = analyse.mwu(a, b)
    assert method == "exact" and u == 0.0
    assert p == pytest.approx(2 / math.comb(20, 10), rel=1e-12)   # 1.1e-5: separated samples of 10
    assert analyse.mwu(a, [1.0] + b[1:])[2] == "asymptotic"       # a tie across the pair
    assert analyse.mwu([float(i) for i in range(51)], [i + 0.5 for i in range(50)])[2] == "asymptotic"
    _, p50, m50 = analyse.mwu([float(i) for i in range(50)], [i + 0.5 for i in range(50)])
    assert m50 == "exact" and p50 == stats.mannwhitneyu(range(50), [i + 0.5 for i in range(50)], method="exact").pvalue


def test_swapping_the_samples_mirrors_u_and_keeps_p():
    rng = np.random.default_rng(1)
    a, b = list(rng.normal(0, 1, 7)), list(rng.normal(0.5, 1, 12))
    ua, pa, ma = analyse.mwu(a, b)
    ub, pb, mb = analyse.mwu(b, a)
    assert ua == len(a) * len(b) - ub and pa == pb and ma == mb


def test_family_resolution_takes_the_fewest_run_pair():
    fam = [{"n_a": 10, "n_b": 10}, {"n_a": 5, "n_b": 15}, {"n_a": 12, "n_b": 9}]
    thr, floor = analyse.family_resolution(fam, 0.05)
    assert thr == 0.05 / 3
    assert floor == 2 / math.comb(20, 5)          # n_a + n_b = 20 twice: min(n_a, n_b) = 5 wins
    assert all(math.isnan(x) for x in analyse.family_resolution([], 0.05))
    assert analyse.min_attainable_p(1, 1) == 1.0   # capped at 1


class _Bands:
    def __init__(self):
        self.rows = []

    def set_ci(self, row, lo, hi, dist, conf, table, key):
        row[lo], row[hi] = np.quantile(dist, [(1 - conf) / 2, 1 - (1 - conf) / 2])


def test_ratio_rows_by_hand():
    b = _Bands()
    reps = {"go": np.array([10.0, 11.0, 12.0]), "rust": np.array([20.0, 22.0, 24.0]), "py": None}
    out = analyse.ratio_rows("d", "m", "w_rps", [("go", 11.0, reps["go"]), ("rust", 22.0, reps["rust"]),
                                                 ("py", 5.5, None), ("node", math.nan, None)], 0.95, b)
    assert [r["stack"] for r in out] == ["go", "rust", "py"]
    go, rust, py = out
    assert rust["ratio"] == 1.0 and math.isnan(rust["ratio_lo"]) and rust["tied"] is True and go["best"] == "rust"
    assert go["ratio"] == 2.0 and go["ratio_lo"] == pytest.approx(2.0) and go["tied"] is False
    assert py["ratio"] == 4.0 and math.isnan(py["ratio_lo"]) and py["tied"] is None
    low = analyse.ratio_rows("d", "m", "w_peak_mib", [("a", 8.0, np.array([7.0, 8.0, 9.0])),
                                                      ("b", 8.0, np.array([9.0, 8.0, 7.0]))], 0.95, b)
    assert low[0]["best"] == "a" and low[1]["ratio"] == 1.0 and low[1]["tied"] is True   # equal: first in order


def test_ratios_csv_covers_every_criterion_and_its_interval_holds_the_point(folder):
    r = rows(folder, "ratios")
    metrics = {x["metric"] for x in r}
    assert {"idle_rss_mib", "startup_ms", "w_rps", "w_peak_mib", "w_rps_per_mib", "w_p99_ms"} <= metrics
    assert all(x["mix"] == "" for x in r if x["metric"] in ("idle_rss_mib", "startup_ms", "sweep_peak_rps"))
    weighted = {(x["mix"], x["stack"]): x for x in rows(folder, "weighted")}
    for x in r:
        if x["stack"] == x["best"]:
            assert float(x["ratio"]) == 1 and x["ratio_lo"] == "" and x["tied"] == "true"
            continue
        assert float(x["ratio"]) >= 1
        if x["ratio_lo"] != "":
            assert x["tied"] == ("true" if float(x["ratio_lo"]) <= 1 else "false")
        if x["metric"] == "w_rps_per_mib":
            assert float(x["ratio"]) == pytest.approx(float(weighted[(x["mix"], x["stack"])]["ratio_to_best"]), rel=1e-12)


def test_sensitivity_leaves_the_declared_mix_p_empty(folder):
    s = rows(folder, "sensitivity")
    declared = generate_declared(folder)
    assert [x["p"] for x in s if x["mix"] == declared] == [""]
    assert any(x["p"] != "" for x in s if x["mix"] != declared)


def generate_declared(folder):
    with open(folder / "data" / "config" / "mixes.csv") as f:
        return next(csv.DictReader(f))["mix"]


def test_posthoc_has_p_method_and_the_summary_its_resolution(folder):
    p = rows(folder, "posthoc")
    assert {x["p_method"] for x in p} <= {"exact", "asymptotic"} and p
    s = rows(folder, "posthoc_summary")[0]
    assert float(s["holm_threshold"]) == pytest.approx(0.05 / int(s["comparisons"]), rel=1e-12)
    fewest = min(p, key=lambda x: (int(x["n_a"]) + int(x["n_b"]), min(int(x["n_a"]), int(x["n_b"]))))
    assert float(s["min_attainable_p"]) == pytest.approx(2 / math.comb(int(fewest["n_a"]) + int(fewest["n_b"]),
                                                                     int(fewest["n_a"])), rel=1e-12)
    for x in p:   # the exact p is never below the pair's floor
        if x["p_method"] == "exact":
            assert float(x["p_mwu"]) >= analyse.min_attainable_p(int(x["n_a"]), int(x["n_b"])) * (1 - 1e-12)


def _copy_edit(folder, tmp_path, table, column, pred, fn):
    act = tmp_path / "act"
    shutil.copytree(folder / "ref", act)
    path = act / f"{table}.csv"
    with open(path) as f:
        data = list(csv.reader(f))
    col = data[0].index(column)
    i = next(i for i, r in enumerate(data[1:], 1) if pred(dict(zip(data[0], r))))
    data[i][col] = fn(data[i][col])
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(data)
    return act


@pytest.mark.parametrize("table, column, pred, change", [
    ("posthoc", "p_method", lambda r: r["p_method"] == "exact", lambda v: "asymptotic"),
    ("posthoc_summary", "holm_threshold", lambda r: True, lambda v: repr(float(v) * 1.01)),
    ("posthoc_summary", "min_attainable_p", lambda r: True, lambda v: repr(float(v) * 1.01)),
    ("ratios", "ratio", lambda r: r["stack"] != r["best"], lambda v: repr(float(v) * 1.001)),
    ("ratios", "best", lambda r: True, lambda v: v + "x"),
    ("ratios", "ratio_lo", lambda r: r["ratio_lo"] != "", lambda v: repr(float(v) * 3)),
    ("sensitivity", "p", lambda r: r["p"] == "", lambda v: "0.5"),
])
def test_compare_checks_the_version3_columns(folder, tmp_path, capsys, table, column, pred, change):
    act = _copy_edit(folder, tmp_path, table, column, pred, change)
    rc = compare.main(["--expected", str(folder / "ref"), "--actual", str(act)])
    out = capsys.readouterr().out
    diffs = [l for l in out.splitlines() if l.startswith("DIFF")]
    assert rc == 1 and len(diffs) == 1 and f"{table}.csv" in diffs[0] and column in diffs[0], out


def test_a_tie_is_undecided_only_where_one_lies_in_the_band():
    bands = {("ratios", "d|m|w_rps|go", "ratio_lo"): (0.98, 1.01)}
    assert compare.tie_undecided("ratios.csv", ("d", "m", "w_rps", "go"), "tied", bands)
    bands = {("ratios", "d|m|w_rps|go", "ratio_lo"): (1.02, 1.05)}
    assert not compare.tie_undecided("ratios.csv", ("d", "m", "w_rps", "go"), "tied", bands)
    assert not compare.tie_undecided("weighted.csv", ("d", "m", "go"), "tied", bands)
