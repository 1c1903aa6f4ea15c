"""Self-tests of analyse_v4_units.py (units of one model, version 5; steady state, version 4) on hand-built
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


def camp(cid, device, model_id=None, cpu_id=None):
    return common.Campaign(cid, device, [], "none", "paper", "separate", 2, model_id, cpu_id)


def units(ds, values, devices):
    return v4.units(ds, values, devices, ["m"], ["a", "b"], analyse.RATIO_METRICS, analyse.CiBands(), analyse.rng_for)


def test_three_units_of_one_cpu_give_the_t_interval_over_the_logs_and_ratios_within_units():
    cpu = "x86:AuthenticAMD:25:1:1"
    ds = dataset([camp("c1", "u1", "mod", cpu), camp("c2", "u2", "mod", cpu), camp("c3", "u3", "mod", cpu)])
    vals = v4.UnitValues()
    for dev, a, k in (("u1", 466.816656749, 5.0), ("u2", 803.092320599, 4.0), ("u3", 612.5, 6.0)):
        vals.put(dev, "m", "w_rps", "a", a * k, None)
        vals.put(dev, "m", "w_rps", "b", a, None)
    rows = {r["stack"]: r for r in units(ds, vals, ["u1", "u2", "u3"])}
    b = rows["b"]
    assert b["hardware"] == cpu and b["units"] == 3
    # scipy's values (scripts/reference, case three_units): t.ppf(0.975, 2) over the three logs
    assert math.isclose(b["gmean"], 612.3588094493074, rel_tol=1e-12)
    assert math.isclose(b["lo"], 312.14092183506426, rel_tol=1e-12)
    assert math.isclose(b["hi"], 1201.3269817544617, rel_tol=1e-12)
    # a / b = 5, 4, 6 on the three units
    assert b["best"] == "a" and math.isclose(b["ratio"], 120 ** (1 / 3), rel_tol=1e-12) and b["tied"] is False
    assert rows["a"]["ratio"] == 1.0 and rows["a"]["tied"] is None and math.isnan(rows["a"]["ratio_lo"])


def test_two_units_or_mixed_or_unrecorded_hardware_give_no_interval():
    for cpus, hw in ((("c", "c"), "c"), (("c", "d"), "mixed"), (("c", None), "")):
        ds = dataset([camp("c1", "u1", "mod", cpus[0]), camp("c2", "u2", "mod", cpus[1])], {"min_units_ci": 2})
        vals = v4.UnitValues()
        vals.put("u1", "m", "w_rps", "a", 100.0, None)
        vals.put("u2", "m", "w_rps", "a", 400.0, None)
        a = units(ds, vals, ["u1", "u2"])[0]
        assert a["hardware"] == hw and math.isclose(a["gmean"], 200.0)
        assert math.isnan(a["lo"]) == (hw in ("", "mixed"))
    ds = dataset([camp("c1", "u1", "mod", "c"), camp("c2", "u2", "mod", "c")])
    vals = v4.UnitValues()
    vals.put("u1", "m", "w_rps", "a", 100.0, None)
    vals.put("u2", "m", "w_rps", "a", 400.0, None)
    assert math.isnan(units(ds, vals, ["u1", "u2"])[0]["lo"])     # two units: fewer than min_units_ci = 3


def test_a_stack_without_a_value_on_one_unit_is_computed_over_the_others():
    ds = dataset([camp("c1", "u1", "mod"), camp("c2", "u2")], {"device_models": {"u2": "mod"}})
    vals = v4.UnitValues()
    vals.put("u1", "", "startup_ms", "a", 10.0, None)
    vals.put("u2", "", "startup_ms", "a", 30.0, None)
    vals.put("u1", "", "startup_ms", "b", 5.0, None)
    rows = {r["stack"]: r for r in units(ds, vals, ["u1", "u2"])}
    assert rows["b"]["units"] == 1 and rows["b"]["missing"] == "u2: no value" and math.isclose(rows["b"]["gmean"], 5.0)
    assert math.isclose(rows["a"]["gmean"], math.sqrt(300)) and math.isnan(rows["a"]["lo"])
    # b is best (lower startup) on its one unit; a's ratio over the unit with both: 10 / 5
    assert rows["b"]["best"] == "b" and math.isclose(rows["a"]["ratio"], 2.0) and rows["a"]["tied"] is None


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
