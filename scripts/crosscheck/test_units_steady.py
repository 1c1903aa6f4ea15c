"""Self-tests of units.py (section 11: which devices are units of one model) and steady.py (section 12:
steady state) on hand-built SYNTHETIC values whose answers follow from the spec's text."""
import math

import numpy as np
import pytest

import analyse
import steady
import units as unitsmod
import common


def dataset(campaigns, config=None):
    cfg = dict(common.DEFAULT_CONFIG)
    cfg["bootstrap_resamples"] = 2000
    cfg.update(config or {})
    return common.Dataset("/nonexistent", cfg, [], [], campaigns)


def camp(cid, device, model_id=None):
    return common.Campaign(cid, device, [], "none", "paper", "separate", 2, model_id)


def units(ds, values, devices):
    return unitsmod.units(ds, values, devices, ["m"], ["a", "b"], analyse.RATIO_METRICS)


def test_a_model_below_min_units_or_of_one_unit_has_no_rows():
    # units.csv's interval: test_steal_capacity_units.py; which devices are units is U1 here
    vals = unitsmod.UnitValues()
    vals.put("u1", "m", "w_rps", "a", 1.0, None)
    vals.put("u2", "m", "w_rps", "a", 2.0, None)
    assert units(dataset([camp("c1", "u1", "mod"), camp("c2", "u2", "mod")], {"min_units": 3}), vals, ["u1", "u2"]) == []
    assert units(dataset([camp("c1", "u1", "mod"), camp("c2", "u2")]), vals, ["u1", "u2"]) == []
    assert len(units(dataset([camp("c1", "u1", "mod"), camp("c2", "u2")], {"device_models": {"u2": "mod"}}), vals,
                     ["u1", "u2"])) == 1


def test_a_recorded_model_id_wins_and_two_on_one_device_are_bad_input():
    ds = dataset([camp("c1", "u1", "mod"), camp("c2", "u2", "other")], {"device_models": {"u2": "mod"}})
    assert unitsmod.device_models(ds, ["u1", "u2"]) == {"u1": "mod", "u2": "other"}
    ds = dataset([camp("c1", "u1", "mod"), camp("c2", "u1", "other")])
    with pytest.raises(common.DataError):
        unitsmod.device_models(ds, ["u1"])


def test_warm_over_cold_is_the_ratio_of_the_two_medians_with_an_interval_from_both_groups():
    ds = dataset([camp("c1", "d")])
    cfg = ds.config

    def set_ci(row, lo, hi, x, n, table, key, *stream, cov=None):
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
    stats_rows, wc = steady.steady(ds, {"d": warm}, cold, ["a"], common.ENDPOINT_INDEX, analyse.describe, set_ci, analyse.CiBands())
    assert [x["metric"] for x in stats_rows] == steady.STEADY_METRICS
    [w] = wc
    assert (w["cold_rps"], w["warm_rps"], w["warm_over_cold"]) == (102.0, 202.0, 202.0 / 102.0)
    assert 200.0 / 104.0 <= w["warm_over_cold_lo"] <= w["warm_over_cold"] <= w["warm_over_cold_hi"] <= 204.0 / 100.0
    assert w["p99_warm_over_cold"] == 0.5 and math.isnan(w["p99_warm_over_cold_lo"])   # cold p99 below min_n
