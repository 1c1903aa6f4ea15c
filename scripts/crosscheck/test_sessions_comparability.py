"""Self-tests of sessions.py (section 9: a session's drift) and comparability.py (section 7) on hand-built
SYNTHETIC runs whose answers follow from the spec's text; the censored capacity is tested with capacity.py
in test_steal_capacity_units.py."""
import json
import math

from scipy import stats
from statsmodels.stats.multitest import multipletests

import comparability
import sessions
import common


def run(cid, phase, seq, stack, rps, steal=None, warmup=0, status="ok", conc=30):
    row = {"seq": seq, "stack": stack, "endpoint": "get_item", "concurrency": conc, "warmup": warmup, "status": status,
           "requests": 1000, "rps": rps, "duration_s": 10.0, "steal_s": steal, "throttled": ""}
    return common.Run(cid, "dev", phase, row)


def dataset(campaigns, runs):
    ds = common.Dataset("/nonexistent", dict(common.DEFAULT_CONFIG), [], [], campaigns)
    ds.runs = runs
    return ds


def test_a_session_rising_as_a_whole_is_tested_on_ratios_to_each_groups_median():
    runs, seq = [], 0
    for k in range(10):
        for stack, scale in (("a", 1.0), ("b", 2.0)):   # b at twice a's level: their ratios tie exactly
            seq += 1
            runs.append(run("c1", 1, seq, stack, scale * (100.0 + k), steal=0.2))
    runs.append(run("c1", 1, 99, "a", 1.0, warmup=1))          # a warm-up: left out
    runs.append(run("c1", 2, 100, "a", 5.0, conc=240))         # a group of one run: left out
    camp = common.Campaign("c1", "dev", [], "none", "paper", "same", 2)
    [s] = sessions.sessions(dataset([camp], runs))
    y = [(100.0 + i // 2) / 104.5 for i in range(20)]
    ref = stats.spearmanr(range(1, 21), y)
    assert s["n"] == 20
    assert math.isclose(s["rho"], ref.statistic, rel_tol=1e-9)
    assert s["p_holm"] == s["p"] and s["drifting"]
    assert math.isclose(s["steal_share"], 0.2 / (10 * 2)) and math.isclose(s["steal_max"], 0.01)


def test_holm_is_over_every_campaign_and_a_constant_session_stays_out():
    runs = []
    for k in range(8):
        runs.append(run("x", 1, k + 1, "a", 100.0 + k))
        runs.append(run("y", 1, k + 1, "a", 100.0 + [3, 0, 5, 1, 4, 2, 7, 6][k]))
        runs.append(run("z", 1, k + 1, "a", 100.0))
    camps = [common.Campaign(c, "dev", [], "none", "paper", "separate", None) for c in ("x", "y", "z")]
    rows = sessions.sessions(dataset(camps, runs))
    assert [r["campaign"] for r in rows] == ["x", "y", "z"]
    adj = multipletests([rows[0]["p"], rows[1]["p"]], method="holm")[1]
    assert math.isclose(rows[0]["p_holm"], adj[0]) and math.isclose(rows[1]["p_holm"], adj[1])
    assert math.isnan(rows[2]["rho"]) and math.isnan(rows[2]["p_holm"]) and not rows[2]["drifting"]
    assert all(math.isnan(r["steal_share"]) for r in rows)


def test_campaign_factors_and_phases():
    j = {"device": {"model": "Raspberry Pi 5 Model B Rev 1.0", "arch": "aarch64", "cores": 4, "page_size": 16384},
         "protocol": {"server_cpus": "0,2-3", "seed_rows_delete": 100000}, "load_generator": {"host": "separate"}}
    assert comparability.campaign_factor(j, "server_cores") == 3
    del j["protocol"]["server_cpus"]
    assert comparability.campaign_factor(j, "server_cores") == 4      # not pinned: device.cores
    assert comparability.campaign_factor(j, "load_generator_host") == "separate"
    assert [comparability.value_phase(m) for m in ("rps_c240", "peak_rps", "growth_mib_per_min", "w_rps", "w_peak_mib/rust")] \
        == [2, 2, 3, 1, 1]
    assert json.dumps(comparability.CATEGORY_FACTORS["delete"]) == json.dumps(
        ["model", "arch", "server_cores", "load_generator_host", "seed_rows_delete"])
