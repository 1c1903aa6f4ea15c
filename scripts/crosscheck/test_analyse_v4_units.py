"""Self-tests of analyse_v4_units.py (version 4: units of one model, steady state) on hand-built
SYNTHETIC values whose answers follow from the spec's text."""
import math

import numpy as np
import pytest

import analyse
import analyse_v4_units as v4
import common


def dataset(campaigns, config=None):
    cfg = dict(common.DEFAULT_CONFIG)
    cfg["bootstrap_resamples"] = 2000
    cfg.update(config or {})
    return common.Dataset("/nonexistent", cfg, [], [], campaigns)


def camp(cid, device, model_id=None):
    return common.Campaign(cid, device, [], "none", "paper", "separate", 2, model_id)


def units(ds, values, devices):
    return v4.units(ds, values, devices, ["m"], ["a", "b"], analyse.RATIO_METRICS, analyse.CiBands(), analyse.rng_for)


def test_two_units_with_constant_replicates_give_the_units_range_and_the_ratio_interval():
    ds = dataset([camp("c1", "u1", "mod"), camp("c2", "u2", "mod")])
    vals = v4.UnitValues()
    B = ds.config["bootstrap_resamples"]
    for dev, a, b in (("u1", 100.0, 50.0), ("u2", 300.0, 100.0)):
        vals.put(dev, "m", "w_rps", "a", a, np.full(B, a))
        vals.put(dev, "m", "w_rps", "b", b, np.full(B, b))
    rows = {r["stack"]: r for r in units(ds, vals, ["u1", "u2"])}
    a, b = rows["a"], rows["b"]
    assert (a["units"], a["mean"], a["min"], a["max"], a["spread"]) == (2, 200.0, 100.0, 300.0, 3.0)
    # each replicate is the mean of two draws of {100, 300}: 100, 200 or 300, each end with probability 1/4
    assert (a["lo"], a["hi"]) == (100.0, 300.0)
    assert a["best"] == "a" and a["ratio"] == 1.0 and a["tied"] is True
    assert b["best"] == "a" and math.isclose(b["ratio"], 200.0 / 75.0)
    # the same draws for both stacks: a replicate is (100, 50), (200, 75) or (300, 100), ratios 2, 8/3 and 3
    assert (b["ratio_lo"], b["ratio_hi"]) == (2.0, 3.0) and b["tied"] is False


def test_a_stack_without_a_value_on_one_unit_keeps_its_row_with_missing():
    ds = dataset([camp("c1", "u1", "mod"), camp("c2", "u2")], {"device_models": {"u2": "mod"}})
    vals = v4.UnitValues()
    vals.put("u1", "", "startup_ms", "a", 10.0, None)
    vals.put("u2", "", "startup_ms", "a", 30.0, None)
    vals.put("u1", "", "startup_ms", "b", 5.0, None)
    rows = {r["stack"]: r for r in units(ds, vals, ["u1", "u2"])}
    assert rows["b"]["units"] == 1 and rows["b"]["missing"] == "u2: no value" and math.isnan(rows["b"]["mean"])
    assert rows["a"]["mean"] == 20.0 and math.isnan(rows["a"]["lo"])        # no replicates: no interval
    assert rows["a"]["best"] == "a" and rows["a"]["tied"] is True            # the only candidate


def test_a_model_below_min_units_or_of_one_unit_has_no_rows():
    vals = v4.UnitValues()
    vals.put("u1", "m", "w_rps", "a", 1.0, None)
    vals.put("u2", "m", "w_rps", "a", 2.0, None)
    assert units(dataset([camp("c1", "u1", "mod"), camp("c2", "u2", "mod")], {"min_units": 3}), vals, ["u1", "u2"]) == []
    assert units(dataset([camp("c1", "u1", "mod"), camp("c2", "u2")]), vals, ["u1", "u2"]) == []


def test_a_recorded_model_id_wins_and_two_on_one_device_are_bad_input():
    ds = dataset([camp("c1", "u1", "mod"), camp("c2", "u2", "other")], {"device_models": {"u2": "mod"}})
    assert v4.device_models(ds, ["u1", "u2"]) == {"u1": "mod", "u2": "other"}
    ds = dataset([camp("c1", "u1", "mod"), camp("c2", "u1", "other")])
    with pytest.raises(common.DataError):
        v4.device_models(ds, ["u1"])


def test_warm_over_cold_is_the_ratio_of_the_two_medians_with_an_interval_from_both_groups():
    ds = dataset([camp("c1", "d")])
    cfg = ds.config

    def set_ci(row, lo, hi, x, n, table, key, *stream):
        if n < cfg["min_n"]:
            row[lo] = row[hi] = float("nan")
            return None
        dist = analyse.boot_medians(x, cfg, analyse.rng_for(cfg["rng_seed"], *stream))
        analyse.CiBands().set_ci(row, lo, hi, dist, cfg["confidence"], table, key)
        return dist

    def r(rps, p99):
        return {"stack": "a", "endpoint": "get_item"}, {"rps": rps, "lat_p50_ms": 1.0, "lat_p99_ms": p99,
                                                         "peak_rss_mib": 10.0}
    warm = [r(200.0 + k, 4.0) for k in range(5)]
    cold_rps = [100.0, 101.0, 102.0, 103.0, 104.0]
    cold = {("d", "a", "get_item", "rps"): (cold_rps, analyse.boot_medians(cold_rps, cfg, analyse.rng_for(1, "x"))),
            ("d", "a", "get_item", "lat_p99_ms"): ([8.0, 8.0], None)}
    stats_rows, wc = v4.steady(ds, {"d": warm}, cold, ["a"], common.ENDPOINT_INDEX, analyse.describe, set_ci, analyse.CiBands())
    assert [x["metric"] for x in stats_rows] == v4.STEADY_METRICS
    [w] = wc
    assert (w["cold_rps"], w["warm_rps"], w["warm_over_cold"]) == (102.0, 202.0, 202.0 / 102.0)
    assert 200.0 / 104.0 <= w["warm_over_cold_lo"] <= w["warm_over_cold"] <= w["warm_over_cold_hi"] <= 204.0 / 100.0
    assert w["p99_warm_over_cold"] == 0.5 and math.isnan(w["p99_warm_over_cold_lo"])   # cold p99 below min_n
