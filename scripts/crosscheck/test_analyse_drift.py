"""Section 9 of analysis.md version 3 (stability diagnostics, drift.csv) on SYNTHETIC runs chosen
by hand: positions across campaigns and around excluded runs, a planted trend flagged, a shuffled
group not, constant and small groups, Holm per device; and drift.csv of the version-2 fixture."""
import math

from scipy import stats

import analyse
import common
from test_analyse_v2 import t  # noqa: F401  (the fixture: the version-2 data folder's tables)

PERM = [11, 3, 17, 0, 8, 14, 5, 19, 1, 12, 7, 16, 2, 10, 18, 6, 13, 4, 15, 9]


def run(campaign, seq, stack, endpoint, rps, device="dev", **kw):
    row = {"seq": seq, "stack": stack, "endpoint": endpoint, "warmup": 0, "status": "ok", "requests": 1000,
           "rps": rps, "throttled": None}
    for c in common.ERROR_COLS:
        row[c] = 0
    row.update(kw)
    return common.Run(campaign, device, 1, row)


class DS:
    def __init__(self, runs):
        self.runs = runs
        self.config = dict(common.DEFAULT_CONFIG)


def synthetic():
    runs = []
    seq = 0
    for k in range(20):
        seq += 1
        if k == 5:
            runs.append(run("c1", seq, "a", "get_item", 5000, warmup=1))   # a warm-up: no position
            seq += 1
        runs.append(run("c1", seq, "a", "get_item", 1000 + 10 * k))
        seq += 1
        if k == 7:
            runs.append(run("c1", seq, "b", "get_item", 1, non_2xx=500))    # error rate: no position
            seq += 1
        runs.append(run("c1", seq, "b", "get_item", 2000 + 10 * PERM[k]))
    for k in range(5):
        seq += 1
        runs.append(run("c1", seq, "b", "post_item", 500))
    for k in range(3):
        seq += 1
        runs.append(run("c1", seq, "a", "mixed", 700 + k))
    # an earlier campaign id with larger seq numbers: its runs come first
    runs += [run("c0", 1000, "a", "get_item", 900), run("c0", 1001, "a", "get_item", 905)]
    # another device: its own positions and its own Holm family
    runs += [run("c9", 1 + i, "a", "get_item", 10 - i, device="other") for i in range(6)]
    return DS(list(reversed(runs)))   # input order must not matter


def test_positions_trend_shuffle_and_holm():
    rows = analyse.drift(synthetic(), ["a", "b"])
    keys = [(r["device"], r["stack"], r["endpoint"]) for r in rows]
    assert keys == [("dev", "a", "get_item"), ("dev", "b", "post_item"), ("dev", "b", "get_item"),
                    ("other", "a", "get_item")]
    a, const, b, other = rows
    # a perfect rank correlation (numpy.corrcoef may round it one ulp below 1, p then tiny but not 0)
    assert a["n"] == 22 and abs(a["rho"] - 1) < 1e-15 and a["p"] < 1e-20 and a["p_holm"] < 1e-20 and a["drifting"]
    assert const["n"] == 5 and math.isnan(const["rho"]) and math.isnan(const["p"]) and math.isnan(const["p_holm"])
    assert const["drifting"] is False
    x = [4 + 2 * k for k in range(20)]    # b's positions: after c0's two runs and a's run of each round
    ref = stats.spearmanr(x, [2000 + 10 * v for v in PERM])
    assert b["rho"] == ref.statistic and b["p"] == ref.pvalue
    assert abs(b["rho"]) < 0.3 and not b["drifting"]
    assert b["p_holm"] == b["p"]     # m = 2 (the constant group is not in the family): the larger p times 1
    assert abs(other["rho"] + 1) < 1e-15 and other["p_holm"] < 1e-10 and other["drifting"]


def test_drift_csv_of_the_version2_folder(t):  # noqa: F811
    rows = t["drift"]
    # stack a: rps 10..50 in seq order on each CRUD endpoint (rho 1); b: constant 100 (no rho);
    # b's delete_item (2 measured) and d (2 runs) stay below min_n
    assert [(r["stack"], r["endpoint"]) for r in rows] == (
        [("a", e) for e in common.CRUD_ENDPOINTS] + [("b", e) for e in common.CRUD_ENDPOINTS if e != "delete_item"])
    for r in rows[:5]:
        assert r["n"] == "5" and abs(float(r["rho"]) - 1) < 1e-15 and float(r["p_holm"]) < 1e-20 and r["drifting"] == "true"
    for r in rows[5:]:
        assert (r["n"], r["rho"], r["p"], r["p_holm"], r["drifting"]) == ("5", "", "", "", "false")
