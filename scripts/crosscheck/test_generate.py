"""The generator writes SYNTHETIC data folders that pass every rule of spec/data.md, and covers the
cases the analysis must handle."""
import csv
import math
import json
import os
import shutil
import subprocess

import pytest

import common
import generate

SEEDS = range(1, 9)


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("gen")
    out = {}
    for s in SEEDS:
        d = root / f"seed{s}"
        generate.main(["--out", str(d), "--seed", str(s), "--devices", "3", "--bootstrap", "200"])
        out[s] = d
    return out


def test_every_folder_passes_validation(folders):
    for s, d in folders.items():
        ds = common.load(str(d))          # raises DataError on any rule of data.md
        assert ds.config["bootstrap_resamples"] == 200
        assert ds.runs, f"seed {s}: no runs"
        assert 2 <= len(ds.mixes) <= 4


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="coreutils sha256sum not installed")
def test_manifest_passes_coreutils(folders):
    for d in folders.values():
        r = subprocess.run(["sha256sum", "-c", "--quiet", "SHA256SUMS"], cwd=d, capture_output=True, text=True)
        assert r.returncode == 0, r.stdout + r.stderr


def test_campaigns_are_marked_synthetic(folders):
    for d in folders.values():
        for cid in os.listdir(d / "raw"):
            j = json.loads((d / "raw" / cid / "campaign.json").read_text())
            assert j["device"]["model"] == "synthetic" and j["synthetic"] is True


def test_same_seed_same_bytes(tmp_path):
    for name in ("a", "b"):
        generate.main(["--out", str(tmp_path / name), "--seed", "7", "--bootstrap", "100"])
    assert (tmp_path / "a" / "SHA256SUMS").read_bytes() == (tmp_path / "b" / "SHA256SUMS").read_bytes()


def test_cases_are_covered_across_seeds(folders):
    reasons, energy_devices, no_energy_devices = set(), set(), set()
    headers, phase2_missing, phase3_missing, excluded, stacks_counts = set(), 0, 0, 0, set()
    n_one = constant = 0
    import analyse
    for d in folders.values():
        ds = common.load(str(d))
        excluded += bool(ds.config["exclude_campaigns"])
        for c in ds.campaigns:
            stacks_counts.add(len(c.stacks))
            phase2_missing += not (d / "raw" / c.id / "phase2.csv").exists()
            phase3_missing += not (d / "raw" / c.id / "phase3").exists()
            with open(d / "raw" / c.id / "phase1.csv") as f:
                headers.add(tuple(next(csv.reader(f))))
            (energy_devices if c.power_source == "pmic" else no_energy_devices).add((str(d), c.device))
        groups = {}
        for r in ds.runs:
            reason = analyse.exclusion_reason(r.row, ds.config["max_error_rate"])
            reasons.add(reason)
            if reason is None and r.phase == 1:
                groups.setdefault((r.device, r.row["stack"], r.row["endpoint"]), []).append(r.row["rps"])
        n_one += sum(1 for v in groups.values() if len(v) == 1)
        constant += sum(1 for v in groups.values() if len(v) > 1 and len(set(v)) == 1)
    assert reasons >= {None, "warmup", "failed", "discarded", "error_rate", "throttled"}
    assert energy_devices and no_energy_devices
    assert phase2_missing and phase3_missing and excluded
    assert len(headers) > 3, "column order is not shuffled"
    assert min(stacks_counts) >= 2 and max(stacks_counts) <= 6
    assert n_one and constant


def _copy(folders, tmp_path):
    d = tmp_path / "d"
    shutil.copytree(folders[1], d)
    return d


def _first_campaign(d):
    return sorted(os.listdir(d / "raw"))[0]


@pytest.mark.parametrize("case", ["hash", "unlisted", "weights", "duplicate", "endpoint", "t_ms", "number"])
def test_validation_rejects_bad_input(folders, tmp_path, case):
    d = _copy(folders, tmp_path)
    cid = _first_campaign(d)
    p1 = d / "raw" / cid / "phase1.csv"
    lines = p1.read_text().splitlines()
    header = lines[0].split(",")
    expect = "SHA256SUMS"
    if case == "hash":
        p1.write_text(p1.read_text() + lines[-1].replace(",", ",", 1) + "\n")
    elif case == "unlisted":
        (d / "raw" / cid / "extra.txt").write_text("x\n")
    else:
        if case == "weights":
            m = d / "config" / "mixes.csv"
            ml = m.read_text().splitlines()
            ml[1] = ",".join(ml[1].split(",")[:2] + ["0.99"])
            m.write_text("\n".join(ml) + "\n")
            expect = "config/mixes.csv"
        elif case == "duplicate":
            cells = lines[-1].split(",")
            cells[header.index("seq")] = "99999"
            p1.write_text("\n".join(lines + [",".join(cells)]) + "\n")
            expect = f"raw/{cid}/phase1.csv: line {len(lines) + 1}"
        elif case == "endpoint":
            cells = lines[1].split(",")
            cells[header.index("endpoint")] = "get_items"
            p1.write_text("\n".join([lines[0], ",".join(cells)] + lines[2:]) + "\n")
            expect = f"raw/{cid}/phase1.csv: line 2: column 'endpoint'"
        elif case == "number":
            cells = lines[1].split(",")
            cells[header.index("concurrency")] = "3O"
            p1.write_text("\n".join([lines[0], ",".join(cells)] + lines[2:]) + "\n")
            expect = f"raw/{cid}/phase1.csv: line 2: column 'concurrency'"
        elif case == "t_ms":
            p3 = d / "raw" / cid / "phase3"
            p3.mkdir(exist_ok=True)
            stack = json.loads((d / "raw" / cid / "campaign.json").read_text())["stacks"][0]["id"]
            (p3 / f"{stack}-get_item-9.json").write_text(json.dumps(
                {"campaign": cid, "stack": stack, "endpoint": "get_item", "run": 9,
                 "samples": [{"t_ms": 0, "rss_kib": 1}, {"t_ms": 5, "rss_kib": 1}, {"t_ms": 5, "rss_kib": 1}]}))
            expect = "$.samples[2].t_ms"
        generate.Gen.manifest(str(d))
    with pytest.raises(common.DataError) as e:
        common.load(str(d))
    assert expect in str(e.value)


def test_version2_cases_are_covered_across_seeds(folders):
    import analyse
    studies, other_only_devices, light_headers, optional_cols = set(), 0, 0, set()
    small = large = zero_weight_saves = missing_reasons = empty_stacks = 0
    long_series = short_series = late_start = 0
    study_key = {True: 0, False: 0}
    cfg_keys = {True: 0, False: 0}
    for d in folders.values():
        ds = common.load(str(d))
        cfg_keys["min_n" in json.loads((d / "config" / "analysis.json").read_text())] += 1
        paper_devices = {c.device for c in ds.campaigns if c.study == "paper"}
        other_only_devices += any(c.device not in paper_devices for c in ds.campaigns)
        for c in ds.campaigns:
            studies.add(c.study)
            j = json.loads((d / "raw" / c.id / "campaign.json").read_text())
            if c.study == "paper":
                study_key["study" in j] += 1
            with open(d / "raw" / c.id / "phase1.csv") as f:
                header = next(csv.reader(f))
            optional_cols |= set(header) & {"loadgen_cpu_s", "seeded_rows", "temp_max_c", "freq_min_mhz"}
            if c.study != "paper" and "peak_rss_kib" not in header and "startup_ms" not in header:
                light_headers += 1
        for s in ds.series:
            long_series += s.t_ms[-1] >= 300000
            short_series += s.t_ms[-1] < ds.config["memory_warm_s"] * 1000
            late_start += s.t_ms[0] > 0
        out = analyse.analyse(ds)
        for r in out["group_stats"]:
            small += r["small_n"]
            large += not r["small_n"]
        by = {}
        for r in out["weighted"]:
            by.setdefault((r["device"], r["stack"]), []).append(r)
        for rows in by.values():
            # the same stack: aggregates empty under one mix, present under another (the zero weight)
            zero_weight_saves += any(r["missing"] for r in rows) and any(not math.isnan(r["w_rps"]) for r in rows)
            missing_reasons += any(r["missing"] and "error_rate" in r["missing"] for r in rows)
            empty_stacks += all(r["missing"] and r["missing"].startswith("post_item: 0 measured of 0") for r in rows)
    assert studies == {"paper", "hello-blog", "node-pi"}
    assert other_only_devices and light_headers
    assert optional_cols == {"loadgen_cpu_s", "seeded_rows", "temp_max_c", "freq_min_mhz"}
    assert small and large and zero_weight_saves and missing_reasons and empty_stacks
    assert long_series and short_series and late_start
    assert all(study_key.values()) and all(cfg_keys.values())


V5_SEEDS = (3, 5, 6, 18, 19, 8)   # 8 (version 6): units of one CPU whose probes differ


@pytest.fixture(scope="module")
def v5_outputs(tmp_path_factory):
    """Folders with phase 4 (as run.sh writes them) and their analysis."""
    import analyse
    root = tmp_path_factory.mktemp("gen5")
    out = {}
    for s in V5_SEEDS:
        d = root / f"seed{s}"
        generate.main(["--out", str(d), "--seed", str(s), "--devices", "3", "--bootstrap", "200", "--phase4"])
        ds = common.load(str(d))
        out[s] = (d, ds, analyse.analyse(ds))
    return out


def test_version5_cases_are_covered_across_seeds(v5_outputs):
    rounds = quiet = 0
    reasons, notes, hardware, intervals, shrunk, gone, cfg = set(), set(), set(), 0, 0, 0, set()
    empty_stack = 0
    for d, ds, out in v5_outputs.values():
        cfg.add((ds.config["max_steal_share"], ds.config["min_units_ci"]))
        for c in ds.campaigns:
            rounds += c.order == "rounds"
        quiet += any(r.row["quiet_wait_s"] for r in ds.runs)
        reasons |= {(r["phase"], r["reason"]) for r in out["exclusions"]}
        notes |= {(r["capacity_note"] or "").split(":")[0] for r in out["capacity"]}
        hardware |= {"mixed" if r["hardware"] == "mixed" else ("none" if r["hardware"] is None else "one")
                     for r in out["units"]}
        intervals += sum(1 for r in out["units"] if r["units"] >= 3 and not math.isnan(r["lo"]))
        for r in out["steal_sensitivity"]:
            shrunk += r["w_rps"] is not None and r["w_rps"] != r["w_rps_all"]
            gone += r["w_rps"] is None and r["w_rps_all"] is not None
        with open(d / "reference" / "published.csv") as f:
            empty_stack += sum(1 for r in csv.DictReader(f) if r["stack"] == "" and r["metric"].startswith("posthoc"))
    assert rounds and quiet and empty_stack
    assert {(1, "steal"), (4, "steal")} <= reasons
    assert {"", "unstable", "unmeasured"} <= notes
    assert hardware == {"one", "none", "mixed"} and intervals, (hardware, intervals)
    assert shrunk and gone
    assert len(cfg) > 1


def test_rounds_interleave_the_phases_and_give_one_ok_run_per_group_and_round(v5_outputs):
    seen = 0
    for d, ds, out in v5_outputs.values():
        for c in ds.campaigns:
            if c.order != "rounds":
                continue
            runs = [r for r in ds.runs if r.campaign == c.id]
            assert all(r.row["round"] >= 1 for r in runs)
            by_phase = {}
            for r in runs:
                by_phase.setdefault(r.phase, []).append(r.row["seq"])
            if 1 in by_phase and (2 in by_phase or 5 in by_phase):
                other = by_phase.get(2, []) + by_phase.get(5, [])
                assert min(other) < max(by_phase[1]), "phases 1, 2 and 5 share rounds: their seqs interleave"
                seen += 1
    assert seen


def test_version6_cases_are_covered_across_seeds(v5_outputs):
    """Each version-6 rule meets data that exercises it somewhere among the seeds run.sh-like folders use."""
    import analyse
    seen = {k: 0 for k in ("probe", "probe_null", "no_probe", "resume", "drifted", "steady_machine", "tests_true",
                           "tests_false", "runtime_null", "server_list", "loadgen_cpus", "per_cpu_only",
                           "spread_ok", "spread_apart", "spread_unknown", "own_artifact")}
    warm, arches, tolerances = set(), set(), set()
    for d, ds, out in v5_outputs.values():
        tolerances.add(ds.config["probe_tolerance"])
        order, global_artifact = analyse.stack_order(ds)
        for c in ds.campaigns:
            j = json.loads((d / "raw" / c.id / "campaign.json").read_text())
            proto = j.get("protocol", {})
            arches.add(j["device"].get("arch"))
            seen["probe"] += (d / "raw" / c.id / "probe.csv").exists()
            seen["probe_null"] += "probe" in proto and proto["probe"] is None
            seen["no_probe"] += c.probe is None and c.study == common.PAPER_STUDY
            seen["tests_true"] += proto.get("tests") is True
            seen["tests_false"] += proto.get("tests") is False
            seen["runtime_null"] += any("runtime_bytes" in s and s["runtime_bytes"] is None for s in j["stacks"])
            seen["server_list"] += c.server_cpus is not None and c.server_cpus > 1
            seen["loadgen_cpus"] += c.loadgen_cpus is not None
        after = [(p["campaign"], p["after_seq"], p["test"]) for p in ds.probes]
        seen["resume"] += len(after) > len(set(after))
        for r in ds.runs:
            share = common.steal_share(r.row)
            device = common.steal_share(dict(r.row, server_steal_s=None, loadgen_steal_s=None))
            mss = ds.config["max_steal_share"]
            if mss is not None and share is not None and share > mss and (device is None or device <= mss):
                seen["per_cpu_only"] += 1
            warm.add(None if r.phase != 4 else (r.row["prior_load_s"] or 0) > 0)
        for s in out["sessions"]:
            seen["drifted"] += s["machine_drifted"] is True
            seen["steady_machine"] += s["machine_drifted"] is False
        limit = 1 + ds.config["probe_tolerance"]
        for r in out["units"]:
            if math.isnan(r["probe_spread"]):
                seen["spread_unknown"] += r["units"] > 1
            elif r["units"] > 1:
                seen["spread_ok" if r["probe_spread"] <= limit else "spread_apart"] += 1
        for r in out["stack_pooled"]:
            seen["own_artifact"] += r["artifact_mib"] != global_artifact.get(r["stack"])
        warm_values = {r["warm"] for r in out["capacity"]}
        warm |= {f"capacity:{w}" for w in warm_values}
    assert all(seen.values()), seen
    assert {"capacity:true", "capacity:false", "capacity:mixed"} <= warm
    assert arches == {"aarch64", "x86_64"} and len(tolerances) > 1
