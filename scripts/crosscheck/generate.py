#!/usr/bin/env python3
"""Write a complete, random, SYNTHETIC data folder that follows spec/data.md (test data only).

    python generate.py --out DIR --seed N [--devices K] [--bootstrap B]

Every campaign.json says device model "synthetic" and carries "synthetic": true. The values are
drawn from a seeded random stream: nothing here was measured. The folder deliberately contains
the cases the analysis must handle: warm-ups, failed / discarded / error-rate / throttled rows,
an error rate exactly at the limit, ties, constant groups, groups with n = 1 and other groups
below min_n, energy on some devices only, optional phase2.csv and phase3/, shuffled columns, an
unknown column, stack lists in different orders across campaigns, artifact sizes that change
between campaigns, and sometimes an excluded campaign. Version 2 of the spec adds: the optional
columns (loadgen_cpu_s, seeded_rows, temp_max_c, freq_min_mhz, besides lat_p90_ms, the PSS
columns and cpu_s), a CRUD endpoint that a device lacks (no runs, or only excluded runs) while a
mix gives it weight 0 (the zero-weight rule and `missing`), a listed stack without phase-1 runs,
memory series long enough for the 60 s and 300 s checkpoints (and some shorter than
memory_warm_s), and campaigns of non-paper studies (hello-blog, node-pi) with their lighter
required columns. Versions 4 to 6 add their cases, each from a random stream of its own so that the
values of the earlier versions stay what they were (README.md); version 6: protocol.probe and probe.csv
(probes before the first run, between rounds or every `every_runs` runs, after the last; a quarter of the
sessions drift beyond probe_tolerance; the units of a model on agreeing or differing machines, or one
without a probe; a resume's second probe at one after_seq), server_steal_s and loadgen_steal_s with
protocol.server_cpus and load_generator.cpus lists (a per-CPU share over 0.02 where the device's is
not), phase 4's prior_load_s with protocol.phase4.prior_load_s (warm, cold and mixed groups),
protocol.tests, JSON nulls where data.md reads them as absence (runtime_bytes, probe, cpus, model_id,
study, server_cpus), arm64 and x86 devices with one build size per architecture and stack, and
probe_tolerance (absent, 0.1, 0.05, 0.5, null) and max_steal_share 0.02 in analysis.json.
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import random
import shutil
import sys

import common
from common import CRUD_ENDPOINTS

STACK_POOL = ["rust", "go", "python", "node", "dotnet", "java", "zig", "elixir"]
MIX_NAMES = ["illustrative", "read_heavy", "write_heavy", "balanced", "list_heavy", "uniform"]
DEVICE_NAMES = ["pi5-a", "pi5-b", "rock5-x", "opi5-q", "n100-box", "pi4-z"]
LEVELS = [1, 10, 30, 60, 120, 240, 480]
# the seed studies (studies.md): stacks and endpoints of the non-paper campaigns
HELLO_STACKS = ["flask-dev", "node-http", "go-http", "node-cluster", "python-gunicorn", "rust-hyper",
                "node-express", "node-fastify", "node-express-cluster"]
OTHER_STUDIES = {"hello-blog": ["hello"], "node-pi": ["hello_json", "heavy"]}
OTHER_DEVICE = "x86-vm-2c"   # a device that only has non-paper campaigns (sometimes)
# optional result columns written by the generator (besides the required ones)
EXTRA_COLS = ["threads", "started_at", "errors_connect", "errors_read", "errors_write", "errors_timeout",
              "non_2xx", "lat_mean_ms", "lat_p75_ms", "lat_p90_ms", "lat_max_ms", "cpu_s", "idle_pss_kib",
              "peak_pss_kib", "throttled", "note", "loadgen_cpu_s", "seeded_rows", "temp_max_c", "freq_min_mhz"]


def category(metric):
    """published.csv's category of a metric (data.md version 4)."""
    m = metric.split("/")[0]
    if m == "lat_p99_ms:delete_item":
        return "delete"
    if m.startswith("posthoc"):
        return "tests"
    if "per_mib" in m and not m.startswith("growth"):
        return "efficiency"
    if m.startswith("startup"):
        return "startup"
    if m.startswith("artifact"):
        return "size"
    if "energy" in m:
        return "energy"
    if m.startswith(("lat_", "p99", "w_p99")):
        return "latency"
    if "mib" in m or m.startswith("drops"):
        return "memory"
    return "throughput"


def r2(x):
    return round(x, 2)


class Gen:
    def __init__(self, seed, devices, bootstrap, phase4=False):
        self.rnd = random.Random(seed)
        # phase 4 draws from a stream of its own, so that every other file is the same with or without it
        self.phase4 = phase4
        self.rnd4 = random.Random(seed * 1_000_003 + 4)
        self.seed = seed
        self.ndev = devices
        self.bootstrap = bootstrap
        self.models = {}   # version 4: device -> (model id, "recorded" in campaign.json or "config")

    # ---- config -----------------------------------------------------------------------------
    def mixes(self, gap):
        """Mix rows. gap: the CRUD endpoint some device lacks (or None); then the second mix gives it
        weight 0 (the zero-weight rule), the declared mix a positive weight (so `missing` is filled)."""
        rnd = self.rnd
        names = rnd.sample(MIX_NAMES, rnd.randint(2, 4))
        rows = []
        for i, name in enumerate(names):
            # weights in hundredths summing to exactly 100; non-declared mixes may hold a zero
            cuts = sorted(rnd.sample(range(1, 100), 4))
            parts = [b - a for a, b in zip([0] + cuts, cuts + [100])]
            eps = CRUD_ENDPOINTS[:]
            rnd.shuffle(eps)
            zero = None
            if i == 1 and gap is not None:
                zero = eps.index(gap)
            elif i > 0 and rnd.random() < 0.3:
                zero = rnd.randrange(5)
            if zero is not None:
                parts[(zero + 1) % 5] += parts[zero]
                parts[zero] = 0
            for e, p in zip(eps, parts):
                rows.append((name, e, f"{p / 100:.2f}"))
        return rows

    # ---- values -----------------------------------------------------------------------------
    def stack_profile(self, stack):
        rnd = self.rnd
        # per-endpoint factors of the stack's own, so that rankings can change between mixes
        return {"rps": rnd.uniform(300, 4000), "rss_kib": rnd.uniform(6000, 180000),
                "startup_ms": rnd.uniform(3, 900), "lat": rnd.uniform(2, 40),
                "const_idle": rnd.random() < 0.3, "power": rnd.uniform(2.5, 7.0),
                "ep": {e: rnd.uniform(0.5, 1.8) for e in common.ENDPOINTS}}

    def run_values(self, prof, ep, phase, conc, energy, group):
        """One ok run's results. group: dict with per-group switches (constant / coarse values)."""
        rnd = self.rnd
        epf = {"post_item": 0.6, "get_item": 1.3, "get_list": 0.35, "put_item": 0.7, "delete_item": 0.8,
               "mixed": 0.9, "hello": 2.0, "hello_json": 1.8, "heavy": 0.05}[ep] * prof["ep"][ep]
        if phase == 2:   # saturating throughput curve in concurrency
            sat = prof["sat"]
            epf *= (conc / (conc + sat)) * (1 + sat / 30) * 0.8
        noise = 1.0 if group["const"] else rnd.lognormvariate(0, 0.08)
        rps = prof["rps"] * epf * noise
        rps = round(rps) if group["coarse"] else r2(rps)
        rps = max(rps, 1.0)
        duration = 10.0 if group["const"] else r2(rnd.uniform(9.95, 10.05))
        requests = max(1, int(rps * duration))
        lat = prof["lat"] / epf * (1.0 if group["const"] else rnd.lognormvariate(0, 0.1))
        p99 = round(lat * 3.1, 1) if group["coarse"] else r2(lat * 3.1)
        idle = int(prof["rss_kib"]) if (prof["const_idle"] or group["const"]) else \
            int(prof["rss_kib"] * rnd.uniform(0.97, 1.03))
        peak = int(prof["rss_kib"] * (1.0 if group["const"] else rnd.uniform(1.05, 1.6)))
        if group["coarse"]:
            peak = (peak // 1024) * 1024
        d = {"duration_s": duration, "requests": requests, "rps": rps,
             "lat_mean_ms": r2(lat * 1.1), "lat_p50_ms": r2(lat), "lat_p75_ms": r2(lat * 1.4),
             "lat_p90_ms": r2(lat * 2.0), "lat_p99_ms": p99, "lat_max_ms": r2(lat * 6),
             "peak_rss_kib": peak, "peak_pss_kib": int(peak * 0.9), "cpu_s": r2(rnd.uniform(1, 12)),
             "errors_connect": 0, "errors_read": 0, "errors_write": 0, "errors_timeout": 0, "non_2xx": 0,
             "throttled": rnd.choice(["", "0x0", "0x0", "0x00000000"]),
             "loadgen_cpu_s": r2(rnd.uniform(0.5, 8)), "seeded_rows": rnd.choice([1000, 100000]),
             "temp_max_c": round(rnd.uniform(45, 84), 1), "freq_min_mhz": rnd.choice([2400, 2400, 1800.5])}
        if rnd.random() < 0.05:
            d["cpu_s"] = None   # a run without CPU time in a file that has the column
        if phase in (1, 5):   # a phase-5 run records its own start (data.md version 4)
            d["startup_ms"] = r2(prof["startup_ms"]) if group["const"] else r2(prof["startup_ms"] * rnd.uniform(0.8, 1.3))
            d["idle_rss_kib"] = idle
            d["idle_pss_kib"] = int(idle * 0.9)
        if energy:
            pw = prof["power"] * (1.0 if group["const"] else rnd.uniform(0.9, 1.1))
            d["mean_power_w"] = round(pw, 3)
            d["energy_j"] = round(pw * duration, 3)
        return d

    def rows_for_group(self, prof, stack, ep, phase, conc, energy, nmeasured, only_excluded=0):
        """Warm-ups, measured runs and a few excluded runs for one (stack, endpoint, concurrency);
        only_excluded > 0: that many runs, every one excluded (error rate or failed), none measured."""
        rnd = self.rnd
        group = {"const": rnd.random() < 0.06, "coarse": rnd.random() < 0.2}
        rows = []
        for w in range(1, rnd.randint(0, 3) + 1):
            d = self.run_values(prof, ep, phase, conc, energy, group)
            d.update(warmup=1, run=w, status="ok")
            if rnd.random() < 0.1:   # a warm-up that also failed: reason stays 'warmup'
                d = {"warmup": 1, "run": w, "status": "failed", "note": "crashed during warm-up"}
            rows.append(d)
        run = 0
        kinds = ["ok"] * nmeasured + [k for k in ("failed", "discarded", "error_rate", "throttled", "edge")
                                      if rnd.random() < 0.12]
        if only_excluded:
            kinds = ["error_rate"] * only_excluded
            if rnd.random() < 0.5:
                kinds[0] = "failed"   # two reasons in one `missing` part
        rnd.shuffle(kinds)
        for kind in kinds:
            run += 1
            d = self.run_values(prof, ep, phase, conc, energy, group)
            d.update(warmup=0, run=run, status="ok")
            if kind == "failed":
                d = {"warmup": 0, "run": run, "status": "failed", "note": "server exited with status 137"}
            elif kind == "discarded":
                d.update(status="discarded", note="load generator reported a timeout burst")
                if rnd.random() < 0.5:
                    d["errors_timeout"] = d["requests"]   # also a bad error rate: reason stays 'discarded'
            elif kind == "error_rate":
                d["non_2xx"] = int(d["requests"] * 0.02) + 1
                d["errors_read"] = rnd.randint(0, 3)
            elif kind == "throttled":
                d["throttled"] = rnd.choice(["0x50005", "0x20000", "0x4"])
            elif kind == "edge":
                # error rate exactly at max_error_rate (0.01): measured
                d["requests"] = 10000
                d["non_2xx"] = 60
                d["errors_connect"] = 40
            rows.append(d)
        for d in rows:
            d.update(stack=stack, endpoint=ep, concurrency=conc)
        return rows

    # ---- files ------------------------------------------------------------------------------
    def v4_runs(self, path, rows, cols):
        """Version 4 (own stream, keyed by the file): steal_s on some files' runs, and in some campaigns a
        drift shared by every stack (rps and requests rising with seq, up to 30 % over the campaign)."""
        cid = os.path.basename(os.path.dirname(path))
        v4 = random.Random(f"{self.seed}-v4-{os.path.basename(path)}-{cid}")
        if v4.random() < 0.5:
            cols.append("steal_s")
            for r in rows:
                r["steal_s"] = None if v4.random() < 0.2 else r2(v4.uniform(0, 0.6))
        if random.Random(f"{self.seed}-v4-drift-{cid}").random() < 0.35:
            for r in rows:
                if r.get("rps") is None or r.get("seq") is None:
                    continue
                f = 1 + 0.3 * min(1.0, r["seq"] / 400.0)
                r["rps"] = r2(r["rps"] * f)
                if r.get("duration_s"):
                    r["requests"] = max(1, int(r["rps"] * r["duration_s"]))

    def write_csv(self, path, rows, phase, study=common.PAPER_STUDY):
        rnd = self.rnd
        if study == common.PAPER_STUDY:
            cols = common.REQUIRED_COLS + ["duration_s", "requests", "rps", "lat_p50_ms", "lat_p99_ms",
                                           "peak_rss_kib"]
            if phase in (1, 5):
                cols += ["startup_ms", "idle_rss_kib"]
            if phase == 5:
                cols += ["prior_load_s"]
        else:   # the lighter required columns of a non-paper study (data.md version 2)
            cols = common.REQUIRED_COLS + common.OK_REQUIRED_OTHER_STUDY
        cols += [c for c in EXTRA_COLS if rnd.random() < 0.7 or c in ("throttled", "errors_connect",
                                                                       "errors_read", "errors_timeout",
                                                                       "non_2xx")]
        if study != common.PAPER_STUDY and rnd.random() < 0.5:
            cols.append("peak_rss_kib")   # an imported result may have no memory
        if any("energy_j" in r for r in rows):
            cols += ["energy_j", "mean_power_w"]
        if rnd.random() < 0.3:
            cols.append("operator_note")   # unknown column: ignored with a warning
        rnd.shuffle(cols)
        self.v4_runs(path, rows, cols)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(",".join(cols) + "\n")
            for r in rows:
                cells = []
                for c in cols:
                    v = r.get(c, "")
                    if c == "operator_note":
                        v = "synthetic"
                    cells.append("" if v is None else str(v))
                f.write(",".join(cells) + "\n")
        # make sure every error count the exclusion depends on was written
        for r in rows:
            for c in common.ERROR_COLS:
                if r.get(c) and c not in cols:
                    raise AssertionError("generator dropped an error column it used")

    def campaign_json(self, cid, device, stacks, energy, artifact_bytes, study):
        rnd = self.rnd
        cj = {
            "campaign": cid,
            "synthetic": True,
            "note": "SYNTHETIC test data from scripts/crosscheck/generate.py; nothing here was measured",
            "device": {"id": device, "model": "synthetic", "cpu": "synthetic", "cores": 4,
                       "memory_mib": 8064, "arch": "aarch64", "os": "synthetic", "kernel": "synthetic",
                       "cpu_governor": "performance", "page_size": rnd.choice([4096, 16384]),
                       "power_source": "pmic" if energy else "none"},
            "load_generator": {"tool": "wrk", "version": "4.1.0", "host": "separate"},
            "protocol": {"preset": "synthetic", "runs": 15, "warmups": 3, "duration_s": 10, "concurrency": 30,
                         "threads": 2, "order": "randomized", "rng_seed": self.seed},
            "stacks": [{"id": s, "language": "synthetic", "framework": "synthetic",
                        "artifact_bytes": artifact_bytes[s], "workers": 1,
                        "versions": {"runtime": "synthetic", "sqlite": "synthetic"}} for s in stacks],
        }
        if study == common.PAPER_STUDY:
            model = self.models.get(device)
            if model is not None and model[1] == "recorded":
                cj["device"]["model_id"] = model[0]
            if self.has_phase5(cid):
                cj["protocol"]["phase5"] = {"endpoints": ["get_item", "post_item"], "prior_load_s": 30, "runs": 5,
                                            "warmups": 0, "duration_s": 10, "concurrency": 30}
            v4 = random.Random(f"{self.seed}-v4-setup-{cid}")
            if v4.random() < 0.4:
                cj["protocol"]["server_cpus"] = v4.choice(["1", "0-3"])
            if v4.random() < 0.6:
                cj["protocol"]["seed_rows_delete"] = v4.choice([100000, 328000])
        if study != common.PAPER_STUDY or rnd.random() < 0.5:
            cj["study"] = study            # `paper` is the default: written explicitly only sometimes
        if study == "hello-blog":
            # wrk on the device under test, as the seed did; one core, so that some runs saturate the host
            # (host_busy, saturated_runs of loadgen_summary)
            cj["load_generator"] = {"tool": "wrk", "version": "4.1.0", "host": "same"}
            cj["device"]["cores"] = 1
        if study == "node-pi":
            cj["load_generator"] = {"tool": "autocannon", "version": "7.15.0", "host": "same", "cpus": "3",
                                    "timeout_s": 10, "imported": True}
            cj["protocol"]["server_cpus"] = "0-2"
        return cj

    def campaign(self, root, cid, device, stacks, profiles, energy, artifact_bytes, gap):
        """A paper campaign. gap: (endpoint, how) when this device lacks a CRUD endpoint: 'none' = no
        runs of it, 'excluded' = only excluded runs of it."""
        rnd = self.rnd
        d = os.path.join(root, "raw", cid)
        os.makedirs(d)
        with open(os.path.join(d, "campaign.json"), "w", encoding="utf-8") as f:
            json.dump(self.campaign_json(cid, device, stacks, energy, artifact_bytes, common.PAPER_STUDY), f, indent=2)
            f.write("\n")
        # phase 1
        eps = CRUD_ENDPOINTS + (["mixed"] if rnd.random() < 0.6 else []) + (["hello"] if rnd.random() < 0.2 else [])
        # a listed stack without any phase-1 run (its weighted.csv rows say why)
        idle_stack = stacks[-1] if len(stacks) > 2 and rnd.random() < 0.15 else None
        rows1 = []
        for s in stacks:
            if s == idle_stack:
                continue
            for ep in eps:
                if gap is not None and ep == gap[0]:
                    if gap[1] == "excluded":
                        rows1 += self.rows_for_group(profiles[s], s, ep, 1, 30, energy, 0, only_excluded=rnd.randint(2, 10))
                    continue
                # most groups reach min_n = 5; some stay below it (n = 1 .. 4)
                n = rnd.randint(5, 12) if rnd.random() > 0.12 else rnd.choice([1, 2, 3, 4])
                rows1 += self.rows_for_group(profiles[s], s, ep, 1, 30, energy, n)
        rnd.shuffle(rows1)
        seq = 0
        for r in rows1:
            seq += 1
            r["seq"] = seq
            r["threads"] = 2
            r["started_at"] = f"2026-12-01T10:{seq // 60 % 60:02d}:{seq % 60:02d}.000Z"
        self.write_csv(os.path.join(d, "phase1.csv"), rows1, 1)
        # phase 2 (optional): get_item over a few concurrency levels
        if rnd.random() < 0.7:
            levels = sorted(rnd.sample(LEVELS, rnd.randint(1, 5)))
            rows2 = []
            for s in stacks:
                for c in levels:
                    if rnd.random() < 0.1 and len(levels) > 1:
                        continue   # a level without runs for this stack
                    rows2 += self.rows_for_group(profiles[s], s, "get_item", 2, c, energy and rnd.random() < 0.5,
                                                 rnd.randint(2, 8))
            rnd.shuffle(rows2)
            for r in rows2:
                seq += 1
                r["seq"] = seq
                r["threads"] = 2
                for k in ("startup_ms", "idle_rss_kib", "idle_pss_kib"):
                    r.pop(k, None)
            if rows2:
                self.write_csv(os.path.join(d, "phase2.csv"), rows2, 2)
        # phase 3 (optional): memory series
        if rnd.random() < 0.7:
            p3 = os.path.join(d, "phase3")
            os.makedirs(p3)
            for s in stacks:
                for ep in rnd.sample(CRUD_ENDPOINTS, rnd.randint(1, 2)):
                    for run in range(1, rnd.randint(1, 2) + 1):
                        self.series(p3, cid, s, ep, run, profiles[s])
        # load generator evidence (optional)
        if rnd.random() < 0.3:
            lg = os.path.join(d, "loadgen")
            os.makedirs(lg)
            with open(os.path.join(lg, "1.txt"), "w", encoding="utf-8") as f:
                f.write("synthetic: no load generator ran\n")
        # phase 4 (optional, --phase4): open loop at offered rates, seq continuing phases 1 and 2
        if self.phase4 and self.rnd4.random() < 0.8:
            main, self.rnd = self.rnd, self.rnd4
            try:
                seq = self.phase4_csv(d, stacks, profiles, seq)
            finally:
                self.rnd = main
        # phase 5 (version 4): steady state, its own stream keyed by the campaign
        if self.has_phase5(cid):
            main, self.rnd = self.rnd, random.Random(f"{self.seed}-v4-phase5-rows-{cid}")
            try:
                self.phase5_csv(d, stacks, profiles, energy, seq)
            finally:
                self.rnd = main

    # ---- version 5 -----------------------------------------------------------------------------
    CPU_IDS = ["x86:AuthenticAMD:25:1:1", "x86:AuthenticAMD:23:49:0", "x86:GenuineIntel:6:106:6",
               "arm:0x41:0xd0b:0x4:1"]

    def v5_cpu_ids(self, root, devices):
        """machine.cpu_id (own stream): the same on every campaign of a device. The units of the model:
        all one id, or one unit on another CPU (mixed), or one unit without it; other devices record
        one or not."""
        v5 = random.Random(f"{self.seed}-v5-cpu")
        ids = {}
        units = sorted(d for d in self.models if d in devices)
        # three units or more: mostly one CPU, so that units.csv's t interval is exercised
        pattern = v5.choice(["equal"] * (6 if len(units) >= 3 else 3) + ["mixed", "one_missing"]) if units else None
        base = v5.choice(self.CPU_IDS)
        odd = v5.choice([c for c in self.CPU_IDS if c != base])
        if units:
            for dev in units:
                ids[dev] = base
            if pattern == "mixed":
                ids[v5.choice(units)] = odd
            elif pattern == "one_missing":
                ids[v5.choice(units)] = None
        for dev in sorted(devices):
            if dev not in ids:
                ids[dev] = v5.choice(self.CPU_IDS) if v5.random() < 0.6 else None
        self.cpu_ids = ids
        rawdir = os.path.join(root, "raw")
        for cid in sorted(os.listdir(rawdir)):
            path = os.path.join(rawdir, cid, "campaign.json")
            with open(path, encoding="utf-8") as f:
                j = json.load(f)
            cpu = ids.get(j["device"]["id"])
            if cpu is None:
                continue
            j["machine"] = {"machine_id": "synthetic-" + j["device"]["id"], "kernel": "synthetic",
                            "cpu_model": "synthetic", "memory_kib": 8257536, "cpu_id": cpu}
            with open(path, "w", encoding="utf-8") as f:
                json.dump(j, f, indent=2)
                f.write("\n")

    @staticmethod
    def _read_rows(path):
        with open(path, encoding="utf-8", newline="") as f:
            rows = list(csv.reader(f))
        return rows[0], [dict(zip(rows[0], r)) for r in rows[1:] if r]

    @staticmethod
    def _write_rows(path, header, rows):
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(",".join(header) + "\n")
            for r in rows:
                f.write(",".join(r.get(c, "") for c in header) + "\n")

    def v5_campaign(self, root, cid):
        """A paper campaign's version-5 columns, from a stream keyed by the campaign: rounds (protocol.order
        `rounds`, a round on every row, seqs of phases 1, 2 and 5 interleaved round by round, phase 4's
        after), quiet_wait_s, a steal episode over a stretch of the campaign's seqs (shares 0.055-0.3 of the
        device's CPU time, some under the limit, rps lower by the share), and in phase 4 a rate every run of
        which is excluded for steal (unmeasured) and a lowest rate that misses the target (unstable)."""
        v5 = random.Random(f"{self.seed}-v5-{cid}")
        d = os.path.join(root, "raw", cid)
        rounds, quiet, episode = v5.random() < 0.4, v5.random() < 0.6, v5.random() < 0.45
        unmeasured, unstable = v5.random() < 0.5, v5.random() < 0.5
        files = {p: os.path.join(d, f"phase{p}.csv") for p in (1, 2, 4, 5)
                 if os.path.isfile(os.path.join(d, f"phase{p}.csv"))}
        if not (rounds or quiet or episode or (4 in files and (unmeasured or unstable))):
            return
        data = {p: self._read_rows(path) for p, path in files.items()}
        cj_path = os.path.join(d, "campaign.json")
        with open(cj_path, encoding="utf-8") as f:
            cj = json.load(f)
        cores = cj["device"]["cores"]

        def add_col(p, col):
            header = data[p][0]
            if col not in header:
                header.insert(v5.randrange(len(header) + 1), col)
                return True
            return False

        if rounds:
            cj["protocol"]["order"] = "rounds"
            cj["protocol"]["quiet"] = {"window_s": 2, "max_wait_s": 300}
            cj["protocol"]["max_steal_share"] = 0.05
            early, late = [], []   # phases 1, 2 and 5 share rounds; phase 4's follow
            for p, (header, rows) in data.items():
                add_col(p, "round")
                groups = {}
                for r in rows:
                    groups.setdefault((r["stack"], r["endpoint"], r["concurrency"], r.get("offered_rps", ""),
                                       r["warmup"]), []).append(r)
                for g in groups.values():
                    cur = 1
                    for r in sorted(g, key=lambda r: int(r["run"])):
                        r["round"] = str(cur)
                        if r["warmup"] == "1" or r["status"] == "ok":
                            cur += 1   # a failed or discarded run is queued again in its round
                    for r in g:
                        key = (r["warmup"] == "0", int(r["round"]), v5.random())
                        (late if p == 4 else early).append((key, r))
            seq = 0
            for part in (early, late):
                for _, r in sorted(part, key=lambda kr: kr[0]):
                    seq += 1
                    r["seq"] = str(seq)
            for p, (header, rows) in data.items():
                rows.sort(key=lambda r: int(r["seq"]))
        if quiet:
            for p, (header, rows) in data.items():
                add_col(p, "quiet_wait_s")
                for r in rows:
                    x = v5.random()
                    r["quiet_wait_s"] = "" if x < 0.05 else ("0" if x < 0.7 else str(round(v5.uniform(2, 120), 1)))

        def steal(r, share):
            if r.get("duration_s"):
                r["steal_s"] = str(r2(share * float(r["duration_s"]) * cores))

        if episode:
            top = max(int(r["seq"]) for _, rows in data.values() for r in rows)
            start = v5.uniform(0, 0.7) * top
            end = start + v5.uniform(0.15, 0.6) * top
            for p, (header, rows) in data.items():
                fresh = add_col(p, "steal_s")
                for r in rows:
                    if start <= int(r["seq"]) <= end and r.get("duration_s"):
                        share = v5.uniform(0.055, 0.3) if v5.random() < 0.8 else v5.uniform(0.02, 0.049)
                        steal(r, share)
                        if r.get("rps"):
                            r["rps"] = str(r2(float(r["rps"]) * (1 - share)))
                    elif fresh:
                        r["steal_s"] = str(r2(v5.uniform(0, 0.6))) if v5.random() < 0.8 else ""
        if 4 in files and (unmeasured or unstable):
            header, rows = data[4]
            if add_col(4, "steal_s"):
                for r in rows:
                    r["steal_s"] = str(r2(v5.uniform(0, 0.6))) if r.get("duration_s") else ""
            cells = {}
            for r in rows:
                cells.setdefault((r["stack"], r["endpoint"]), {}).setdefault(float(r["offered_rps"]), []).append(r)
            keys = sorted(cells)
            if unmeasured:
                cand = [k for k in keys if len(cells[k]) >= 2]
                if cand:
                    k = v5.choice(cand)
                    rate = v5.choice(sorted(cells[k])[:-1])
                    for r in cells[k][rate]:
                        if r["warmup"] == "0":
                            steal(r, v5.uniform(0.12, 0.4))
            if unstable:
                cand = [k for k in keys if len(cells[k]) >= 3]
                if cand:
                    k = v5.choice(cand)
                    for r in cells[k][min(cells[k])]:
                        if r["warmup"] == "0" and r.get("lat_p99_ms"):
                            p99 = r2(v5.uniform(300, 600))
                            r["lat_p99_ms"] = str(p99)
                            if r.get("lat_p999_ms"):
                                r["lat_p999_ms"] = str(r2(p99 * 1.8))
                            steal(r, v5.uniform(0.01, 0.045))
        for p, (header, rows) in data.items():
            self._write_rows(files[p], header, rows)
        with open(cj_path, "w", encoding="utf-8") as f:
            json.dump(cj, f, indent=2)
            f.write("\n")

    # ---- version 6 -----------------------------------------------------------------------------
    ARCHES = {"aarch64": "arm64", "x86_64": "x86"}

    def v6_machines(self, devices):
        """Each device's architecture and machine state (own stream): the units of the model share an
        architecture; their probes agree (within 3 %), differ (one unit 1.3 to 2 times faster), or one
        unit has no probe at all; other devices get a state of their own, a few none. Builds: one
        artifact size per (architecture, stack), so that an x86 VM's Go is not an arm64 board's."""
        v6 = random.Random(f"{self.seed}-v6-machines")
        units = sorted(d for d in self.models if d in devices)
        unit_arch = v6.choice(sorted(self.ARCHES))
        self.arch, self.machine = {}, {}
        base = v6.uniform(800, 3000)
        pattern = v6.choice(["agree", "agree", "agree", "agree", "differ", "one_without"]) if units else None
        for dev in units:
            self.arch[dev] = unit_arch
            self.machine[dev] = (base * v6.uniform(0.985, 1.015), v6.uniform(4000, 12000))
        if pattern == "differ":
            dev = v6.choice(units)
            self.machine[dev] = (base * v6.uniform(1.3, 2.0), self.machine[dev][1])
        elif pattern == "one_without":
            self.machine[v6.choice(units)] = None
        for dev in sorted(devices):
            if dev not in self.arch:
                self.arch[dev] = v6.choice(sorted(self.ARCHES))
                self.machine[dev] = None if v6.random() < 0.2 else (v6.uniform(800, 3000), v6.uniform(4000, 12000))
        self.builds = {}   # (arch, stack) -> bytes

    def _campaign_rows(self, d):
        files = {p: os.path.join(d, f"phase{p}.csv") for p in (1, 2, 4, 5) if os.path.isfile(os.path.join(d, f"phase{p}.csv"))}
        return files, {p: self._read_rows(path) for p, path in files.items()}

    def v6_probe(self, root, cid, cj=None, data=None):
        """protocol.probe and probe.csv (own stream): a probe before the first run, after every round (a
        campaign in rounds) or every `every_runs` runs, and after the last run; two rows (cpu, memory)
        a probe, sometimes twice at one after_seq (a resume); about a third of the campaigns drift
        beyond probe_tolerance over the session (the cpu value ends 15 to 30 % off): a quarter."""
        v6 = random.Random(f"{self.seed}-v6-probe-{cid}")
        d = os.path.join(root, "raw", cid)
        own = cj is None
        if own:
            with open(os.path.join(d, "campaign.json"), encoding="utf-8") as f:
                cj = json.load(f)
            data = self._campaign_rows(d)[1]
        state = self.machine.get(cj["device"]["id"])
        dev = cj["device"]["id"]
        if state is None or v6.random() < (0.03 if dev in self.models else 0.2):   # the units' probes: nearly always
            if v6.random() < 0.5:
                cj["protocol"]["probe"] = None   # data.md version 6: null is "no probe"
        else:
            every = v6.choice([10, 25])
            cj["protocol"]["probe"] = {"tool": "sysbench", "version": "1.0.20", "duration_s": 5, "every_runs": every}
            rows = sorted((r for _, rs in data.values() for r in rs), key=lambda r: int(r["seq"]))
            seqs = [int(r["seq"]) for r in rows]
            points = [0]
            if rows and all(r.get("round") for r in rows):
                ends = {}
                for r in rows:
                    k = (r.get("offered_rps", "") != "", int(r["round"]))
                    ends[k] = max(ends.get(k, 0), int(r["seq"]))
                points += sorted(ends.values())
            else:
                points += seqs[every - 1::every]
            if seqs and points[-1] != seqs[-1]:
                points.append(seqs[-1])
            if v6.random() < 0.15 and len(points) > 2:
                points.insert(2, points[1])   # a resume probes again at the same after_seq
            drift = v6.choice([v6.uniform(0.7, 0.85), v6.uniform(1.15, 1.3)]) if v6.random() < 0.25 else 1.0
            cpus = cj["protocol"].get("server_cpus")
            pinned = str(cpus).split(",")[0].split("-")[0] if cpus is not None else ""
            out, seq = [], 0
            for i, after in enumerate(points):
                f = 1 + (drift - 1) * (i / max(1, len(points) - 1))
                for test, value in (("cpu", state[0] * f * v6.uniform(0.99, 1.01)), ("memory", state[1] * v6.uniform(0.97, 1.03))):
                    seq += 1
                    out.append({"campaign": cid, "probe_seq": str(seq), "after_seq": str(after), "cpu": pinned,
                                "test": test, "value": str(r2(value)), "duration_s": v6.choice(["5", "5.0", "5.01"]),
                                "steal_s": "" if v6.random() < 0.2 else str(r2(v6.uniform(0, 0.3))),
                                "started_at": f"2026-12-01T{12 + seq // 3600:02d}:{seq // 60 % 60:02d}:{seq % 60:02d}Z"})
            header = common.PROBE_COLS[:]
            v6.shuffle(header)
            self._write_rows(os.path.join(d, "probe.csv"), header, out)
        if own:
            with open(os.path.join(d, "campaign.json"), "w", encoding="utf-8") as f:
                json.dump(cj, f, indent=2)
                f.write("\n")

    def v6_campaign(self, root, cid):
        """A paper campaign's version-6 keys and columns, each from a stream of its own keyed by the campaign."""
        d = os.path.join(root, "raw", cid)
        cj_path = os.path.join(d, "campaign.json")
        with open(cj_path, encoding="utf-8") as f:
            cj = json.load(f)
        files, data = self._campaign_rows(d)
        dev = cj["device"]["id"]
        # the device's architecture and its own builds (a few per cent between its campaigns sometimes)
        va = random.Random(f"{self.seed}-v6-arch-{cid}")
        arch = self.arch[dev]
        cj["device"]["arch"] = arch
        for s in cj["stacks"]:
            size = self.builds.setdefault((arch, s["id"]), random.Random(f"{self.seed}-v6-build-{arch}-{s['id']}").randint(800_000, 90_000_000))
            s["artifact_bytes"] = size if va.random() < 0.7 else int(size * va.uniform(1.0, 1.03))
        # per-CPU steal: the server's CPUs (and, on some, the load generator's on the same host)
        vs = random.Random(f"{self.seed}-v6-steal-{cid}")
        proto = cj["protocol"]
        if vs.random() < 0.6:
            if "server_cpus" not in proto:
                proto["server_cpus"] = vs.choice(["1", "0-1,3", "2-3", "0"])
            n_server = common.cpu_count(proto["server_cpus"], "", "", "")
            lg_cpus = None
            if vs.random() < 0.5:
                lg_cpus = vs.choice(["3", "2-3"])
                cj["load_generator"]["host"] = "same"
                cj["load_generator"]["cpus"] = lg_cpus
            for p, (header, rows) in data.items():
                for col, n in (("server_steal_s", n_server), ("loadgen_steal_s", common.cpu_count(lg_cpus, "", "", "") if lg_cpus else None)):
                    if n is None:
                        continue
                    header.insert(vs.randrange(len(header) + 1), col)
                    for r in rows:
                        dur = float(r["duration_s"]) if r.get("duration_s") else None
                        x = vs.random()
                        if dur is None or x < 0.1:
                            r[col] = ""
                        elif x < 0.06 + 0.1:   # a share of its own CPUs over 0.02 while the device's stays low
                            r[col] = str(r2(vs.uniform(0.021, 0.09) * dur * n))
                        elif r.get("steal_s"):
                            r[col] = str(r2(float(r["steal_s"]) * vs.uniform(0, 0.25)))
                        else:
                            r[col] = str(r2(vs.uniform(0, 0.01) * dur * n))
        elif vs.random() < 0.3:
            cj["load_generator"]["cpus"] = None   # data.md version 6: null = absent
        # phase 4 on a warm server: every run, none, or some groups (and runs) warm
        vw = random.Random(f"{self.seed}-v6-warm-{cid}")
        if 4 in data:
            kind = vw.choice(["warm", "cold", "mixed"])
            header, rows = data[4]
            if kind != "cold":
                proto["phase4"] = {"prior_load_s": 20}
            elif vw.random() < 0.5:
                proto["phase4"] = {"prior_load_s": vw.choice([0, None])}
            if kind != "cold" or vw.random() < 0.5:
                header.insert(vw.randrange(len(header) + 1), "prior_load_s")
                groups = {}
                for r in rows:
                    groups.setdefault((r["stack"], r["endpoint"]), []).append(r)
                for key in sorted(groups):
                    g = vw.choice(["warm", "cold", "split"]) if kind == "mixed" else kind
                    for r in groups[key]:
                        warm = g == "warm" or (g == "split" and vw.random() < 0.5)
                        r["prior_load_s"] = "20" if warm else vw.choice(["0", ""])
        # protocol.tests, and nulls where data.md version 6 reads them as absence
        vt = random.Random(f"{self.seed}-v6-tests-{cid}")
        x = vt.random()
        if x < 0.5:
            proto["tests"] = x < 0.3
        for s in cj["stacks"]:
            if vt.random() < 0.4:
                s["runtime_bytes"] = None if vt.random() < 0.5 else vt.randint(0, 60_000_000)
        if "model_id" not in cj["device"] and vt.random() < 0.3:
            cj["device"]["model_id"] = None
        if "study" not in cj and vt.random() < 0.3:
            cj["study"] = None
        if "server_cpus" not in proto and vt.random() < 0.3:
            proto["server_cpus"] = None
        self.v6_probe(root, cid, cj, data)
        for p, (header, rows) in data.items():
            self._write_rows(files[p], header, rows)
        with open(cj_path, "w", encoding="utf-8") as f:
            json.dump(cj, f, indent=2)
            f.write("\n")

    def has_phase5(self, cid):
        return random.Random(f"{self.seed}-v4-phase5-{cid}").random() < 0.6

    def phase5_csv(self, d, stacks, profiles, energy, seq):
        """Steady-state runs of get_item and post_item (sometimes one of them, sometimes a stack
        without any): a stack's own warm factor on throughput (0.9 to 1.6) and latency; groups of 1 to
        8 measured runs, so that some lack an interval; every row with prior_load_s."""
        rnd = self.rnd
        rows = []
        for s in stacks:
            if rnd.random() < 0.15:
                continue
            warm = dict(profiles[s])
            f = rnd.uniform(0.9, 1.6)
            warm["rps"] = warm["rps"] * f
            warm["lat"] = warm["lat"] / f
            for ep in ["get_item", "post_item"]:
                if rnd.random() < 0.2:
                    continue
                n = rnd.randint(5, 8) if rnd.random() > 0.2 else rnd.randint(1, 4)
                rows += self.rows_for_group(warm, s, ep, 5, 30, energy and rnd.random() < 0.5, n)
        if not rows:
            return
        rnd.shuffle(rows)
        for r in rows:
            seq += 1
            r["seq"] = seq
            r["threads"] = 2
            r["prior_load_s"] = 30
        self.write_csv(os.path.join(d, "phase5.csv"), rows, 5)

    def phase4_rows(self, prof, stack, ep, rate, capacity, nmeasured, only_excluded=False, edge=None):
        """Warm-ups, measured and excluded open-loop runs at one offered rate. Below the stack's
        capacity the achieved rate is the offered one and p99 grows as 1 / (1 - load)^1.5; above it the
        server falls behind and p99 is seconds. edge: 'kept_up' = every run achieves exactly
        kept_up_ratio x the rate (the boundary counts as kept up), 'slo' = every p99 exactly 50 ms."""
        rnd = self.rnd
        rows = []
        kinds = ["warmup"] * rnd.randint(0, 1) + ["ok"] * nmeasured
        kinds += [k for k in ("failed", "discarded", "error_rate", "throttled") if rnd.random() < 0.08]
        if only_excluded:
            kinds = [rnd.choice(["error_rate", "failed"]) for _ in range(rnd.randint(1, 4))]
        rnd.shuffle(kinds)
        run = {0: 0, 1: 0}
        for kind in kinds:
            warm = 1 if kind == "warmup" else 0
            run[warm] += 1
            d = {"stack": stack, "endpoint": ep, "concurrency": 30, "run": run[warm], "warmup": warm,
                 "offered_rps": rate, "latency_corrected": 1, "status": "ok"}
            if kind == "failed":
                d.update(status="failed", note="server exited under load")
                rows.append(d)
                continue
            load = rate / capacity
            achieved = min(rate * rnd.lognormvariate(0, 0.004), capacity * rnd.lognormvariate(0, 0.03))
            if load < 1:
                p99 = 1.5 / (1 - min(load, 0.97)) ** 1.5 * rnd.lognormvariate(0, 0.08) * prof["lat"] / 5
            else:
                p99 = 1500 * load * rnd.lognormvariate(0, 0.08)
            if edge == "kept_up":
                achieved = common.DEFAULT_CONFIG["kept_up_ratio"] * rate
            if edge == "slo":
                p99 = float(common.DEFAULT_CONFIG["latency_slo_ms"])
            duration = r2(rnd.uniform(9.95, 10.05))
            requests = max(1, int(achieved * duration))
            d.update(duration_s=duration, requests=requests, rps=r2(achieved) if edge != "kept_up" else achieved,
                     lat_p50_ms=r2(p99 / 5), lat_p90_ms=r2(p99 / 2), lat_p99_ms=r2(p99),
                     lat_p999_ms=None if rnd.random() < 0.1 else r2(p99 * 1.8), lat_mean_ms=r2(p99 / 4),
                     peak_rss_kib=int(prof["rss_kib"] * rnd.uniform(1.05, 1.3) * (1 + 0.2 * min(load, 1))),
                     errors_connect=0, errors_read=0, errors_write=0, errors_timeout=0, non_2xx=0,
                     throttled="0x0", cpu_s=r2(rnd.uniform(0.5, 10)))
            if kind == "discarded":
                d.update(status="discarded", note="harness rejected the run")
            elif kind == "error_rate":
                d["errors_timeout"] = int(requests * 0.03) + 1
            elif kind == "throttled":
                d["throttled"] = "0x4"
            rows.append(d)
        return rows

    def phase4_csv(self, d, stacks, profiles, seq):
        rnd = self.rnd
        eps = ["get_item"] + (["post_item"] if rnd.random() < 0.3 else [])
        absolute = sorted(rnd.sample([100, 250, 500, 1000, 2000, 4000, 8000, 16000], rnd.randint(2, 5)))
        rows = []
        for s in stacks:
            if rnd.random() < 0.1:
                continue   # a listed stack without phase 4
            capacity = profiles[s]["rps"] * rnd.uniform(0.5, 3.0)
            if random.Random(f"{self.seed}-v4-censored-{s}").random() < 0.3:
                capacity *= 1000   # version 4: every rate meets the target, a censored capacity
            for ep in eps:
                rates = list(absolute)
                if rnd.random() < 0.5:   # fractions of the stack's own rate: not whole numbers
                    rates += [round(capacity * f, 3) for f in (0.25, 0.5, 0.9)]
                rates = sorted(set(rates))
                for i, rate in enumerate(rates):
                    edge = rnd.choice([None] * 8 + ["kept_up", "slo"])
                    only_excluded = i > 0 and rnd.random() < 0.08
                    n = rnd.randint(5, 8) if rnd.random() > 0.2 else rnd.randint(1, 4)
                    rows += self.phase4_rows(profiles[s], s, ep, rate, capacity, n, only_excluded, edge)
        if not rows:
            return seq
        rnd.shuffle(rows)
        for r in rows:
            seq += 1
            r["seq"] = seq
            r["threads"] = 2
        cols = common.REQUIRED_COLS + ["offered_rps", "duration_s", "requests", "rps", "lat_p50_ms", "lat_p99_ms",
                                       "peak_rss_kib", "lat_p90_ms", "lat_p999_ms", "latency_corrected", "threads",
                                       "lat_mean_ms", "cpu_s", "note"] + common.ERROR_COLS + ["throttled"]
        rnd.shuffle(cols)
        with open(os.path.join(d, "phase4.csv"), "w", encoding="utf-8", newline="") as f:
            f.write(",".join(cols) + "\n")
            for r in rows:
                f.write(",".join("" if r.get(c) is None else str(r.get(c)) for c in cols) + "\n")
        return seq

    def other_campaign(self, root, cid, device, study, stacks, profiles):
        """A campaign of a non-paper study: its endpoints at one or more concurrency levels, phase 1 and
        sometimes phase 2, only the lighter required columns (no startup, idle or peak memory needed)."""
        rnd = self.rnd
        d = os.path.join(root, "raw", cid)
        os.makedirs(d)
        with open(os.path.join(d, "campaign.json"), "w", encoding="utf-8") as f:
            json.dump(self.campaign_json(cid, device, stacks, False, {s: rnd.randint(1000, 90_000_000) for s in stacks},
                                         study), f, indent=2)
            f.write("\n")
        seq = 0
        for phase in (1, 2):
            if phase == 2 and rnd.random() < 0.5:
                break
            levels = [100] if phase == 1 else sorted(rnd.sample([10, 50, 100, 200], 2))
            rows = []
            for s in stacks:
                for ep in OTHER_STUDIES[study]:
                    for c in levels:
                        rows += self.rows_for_group(profiles[s], s, ep, phase, c, False, rnd.randint(1, 5))
            rnd.shuffle(rows)
            for r in rows:
                seq += 1
                r["seq"] = seq
                for k in ("startup_ms", "idle_rss_kib", "idle_pss_kib", "peak_pss_kib"):
                    r.pop(k, None)
                if rnd.random() < 0.3:
                    r.pop("peak_rss_kib", None)   # an imported result without memory
            self.write_csv(os.path.join(d, f"phase{phase}.csv"), rows, phase, study)
        if study == "node-pi":
            lg = os.path.join(d, "loadgen")
            os.makedirs(lg)
            with open(os.path.join(lg, "1.json"), "w", encoding="utf-8") as f:
                f.write('{"synthetic": "no load generator ran"}\n')

    def series(self, p3, cid, stack, ep, run, prof):
        rnd = self.rnd
        # most series short (a few seconds at 130 ms); some as long as a sustained-load study
        # (past the 60 s and 300 s checkpoints, at 1 s intervals); some shorter than memory_warm_s
        kind = rnd.choice(["short", "short", "tiny", "minute", "long"])
        n, step = {"short": (rnd.randint(40, 80), (120, 140)), "tiny": (rnd.randint(1, 30), (120, 140)),
                   "minute": (rnd.randint(55, 70), (950, 1050)), "long": (rnd.randint(295, 330), (990, 1010))}[kind]
        t = rnd.choice([0, 0, 0, 7])   # a series may start a few ms late
        samples = []
        rss = prof["rss_kib"]
        growth = rnd.choice([0.0, rnd.uniform(50, 500), rnd.uniform(500, 3000)])
        for i in range(n):
            if i:
                t += rnd.randint(*step)
            if rnd.random() < 0.1:
                rss -= rnd.choice([256, 512, 513, 2048, 8192])   # a drop (some at / under the threshold)
            rss += growth * rnd.uniform(0, 1)
            s = {"t_ms": t, "rss_kib": int(max(rss, 1000))}
            if rnd.random() < 0.5:
                s["pss_kib"] = int(s["rss_kib"] * 0.9)
            samples.append(s)
        if kind == "long" and rnd.random() < 0.5:
            samples[-1]["t_ms"] = max(samples[-2]["t_ms"] + 1, 300000)   # ends exactly at the 300 s checkpoint
        j = {"campaign": cid, "stack": stack, "endpoint": ep, "run": run, "concurrency": 30, "interval_ms": 130,
             "started_at": "2026-12-01T11:00:00.000Z", "samples": samples}
        with open(os.path.join(p3, f"{stack}-{ep}-{run}.json"), "w", encoding="utf-8") as f:
            json.dump(j, f)
            f.write("\n")

    def build(self, root):
        rnd = self.rnd
        os.makedirs(os.path.join(root, "config"))
        os.makedirs(os.path.join(root, "reference"))
        pool = rnd.sample(STACK_POOL, rnd.randint(3, 6))
        profiles = {}
        for s in pool:
            profiles[s] = self.stack_profile(s)
            if profiles and len(profiles) > 1 and rnd.random() < 0.4:
                # a stack close to an earlier one (a "cluster"), so that some tests are not significant
                other = profiles[rnd.choice([o for o in profiles if o != s])]
                for k in ("rps", "rss_kib", "startup_ms", "lat", "ep"):
                    profiles[s][k] = {e: v * rnd.uniform(0.9, 1.1) for e, v in other[k].items()} \
                        if k == "ep" else other[k] * rnd.uniform(0.97, 1.03)
        for s in HELLO_STACKS:
            profiles[s] = self.stack_profile(s)
        for p in profiles.values():
            p["sat"] = rnd.choice([5, 20, 60, 150, 400])
        devices = rnd.sample(DEVICE_NAMES, self.ndev)
        # version 4 (own stream): units of one model, recorded in campaign.json or named by device_models
        v4u = random.Random(f"{self.seed}-v4-units")
        if len(devices) >= 2 and v4u.random() < 0.8:
            for dev in v4u.sample(sorted(devices), v4u.randint(2, len(devices))):
                self.models[dev] = ("synthetic-model", v4u.choice(["recorded", "recorded", "config"]))
        # the zero-weight rule: a device without (measured) runs of one CRUD endpoint
        gap_dev = rnd.choice(devices) if rnd.random() < 0.6 else None
        gap = (rnd.choice(CRUD_ENDPOINTS), rnd.choice(["none", "excluded"])) if gap_dev else None
        campaigns = []
        for dev in devices:
            energy = rnd.random() < 0.6
            for k in range(rnd.choice([1, 2])):
                stacks = pool[:] if rnd.random() < 0.7 else rnd.sample(pool, rnd.randint(2, len(pool)))
                rnd.shuffle(stacks)
                art = {s: rnd.randint(800_000, 90_000_000) for s in stacks}
                cid = f"2026-12-{rnd.randint(1, 28):02d}-{dev}-{'ab'[k]}"
                campaigns.append((cid, dev, stacks, energy, art))
        for cid, dev, stacks, energy, art in campaigns:
            self.campaign(root, cid, dev, stacks, profiles, energy, art, gap if dev == gap_dev else None)
        # campaigns of the non-paper studies (analysis.md section 8 only)
        others = []
        for study in OTHER_STUDIES:
            if rnd.random() < 0.75:
                dev = rnd.choice(devices + [OTHER_DEVICE])
                stacks = rnd.sample(HELLO_STACKS, rnd.randint(2, 4)) + ([rnd.choice(pool)] if rnd.random() < 0.4 else [])
                rnd.shuffle(stacks)
                cid = f"2026-{rnd.choice(['11', '12'])}-{rnd.randint(1, 28):02d}-{dev}-{study}"
                if cid not in {c[0] for c in campaigns}:
                    others.append(cid)
                    self.other_campaign(root, cid, dev, study, stacks, profiles)
        # version 5 (own streams): cpu_id per device, rounds, quiet waits and steal episodes per campaign
        self.v5_cpu_ids(root, devices + [OTHER_DEVICE])
        for cid, dev, *_ in campaigns:
            self.v5_campaign(root, cid)
        # version 6 (own streams): arm64 and x86 devices with their own builds, the probe, per-CPU steal,
        # a warm phase 4, protocol.tests and JSON nulls
        self.v6_machines(devices + [OTHER_DEVICE])
        for cid, dev, *_ in campaigns:
            self.v6_campaign(root, cid)
        for cid in others:
            self.v6_probe(root, cid)
        cfg = dict(common.DEFAULT_CONFIG)
        del cfg["min_units_ci"], cfg["max_steal_share"], cfg["probe_tolerance"]
        cfg["bootstrap_resamples"] = self.bootstrap
        multi = [c[0] for c in campaigns if sum(1 for o in campaigns if o[1] == c[1]) > 1]
        if multi and rnd.random() < 0.5:
            cfg["exclude_campaigns"] = [rnd.choice(multi)]
        if others and rnd.random() < 0.2:
            cfg["exclude_campaigns"] = cfg["exclude_campaigns"] + [rnd.choice(others)]
        # the version-2 keys: absent (defaults) or set to other values
        v2 = rnd.random()
        if v2 < 0.3:
            for k in ("min_n", "memory_warm_s", "memory_checkpoints_s"):
                del cfg[k]
        elif v2 < 0.5:
            cfg["min_n"] = rnd.choice([3, 4, 6])
            cfg["memory_warm_s"] = rnd.choice([2, 2.5, 10])
            cfg["memory_checkpoints_s"] = rnd.choice([[30, 60, 300], [60], [300, 60, 0]])
        # the version-3 keys of section 10: only with --phase4, absent (defaults) or set to other values
        del cfg["latency_slo_ms"], cfg["kept_up_ratio"]
        if self.phase4:
            v3 = self.rnd4.random()
            if v3 < 0.4:
                cfg["latency_slo_ms"] = common.DEFAULT_CONFIG["latency_slo_ms"]
                cfg["kept_up_ratio"] = common.DEFAULT_CONFIG["kept_up_ratio"]
            elif v3 < 0.6:
                cfg["latency_slo_ms"] = self.rnd4.choice([10, 25.5, 100])
                cfg["kept_up_ratio"] = self.rnd4.choice([0.9, 0.99])
        del cfg["min_units"], cfg["device_models"]
        named = {dev: m for dev, (m, how) in sorted(self.models.items()) if how == "config"}
        if named:
            cfg["device_models"] = named
        if v4u.random() < 0.2:
            cfg["min_units"] = v4u.choice([1, 3])
        v5 = random.Random(f"{self.seed}-v5-config")
        x = v5.random()
        if x >= 0.5:   # absent half the time (the defaults, 0.05 and 3)
            cfg["max_steal_share"] = 0.05 if x < 0.7 else (0.1 if x < 0.85 else None)
        x = v5.random()
        if x >= 0.55:
            cfg["min_units_ci"] = 2 if x < 0.75 else (3 if x < 0.9 else 4)
        v6 = random.Random(f"{self.seed}-v6-config")
        x = v6.random()   # version 6: probe_tolerance absent half the time (0.10), set, or null (= absent)
        if x >= 0.5:
            cfg["probe_tolerance"] = 0.1 if x < 0.65 else (0.05 if x < 0.8 else (0.5 if x < 0.9 else None))
        if v6.random() < 0.25:
            cfg["max_steal_share"] = 0.02   # version 6's default, written out
        with open(os.path.join(root, "config", "analysis.json"), "w", encoding="utf-8") as f:
            json.dump(cfg, f, indent=2)
            f.write("\n")
        with open(os.path.join(root, "config", "mixes.csv"), "w", encoding="utf-8") as f:
            f.write("mix,endpoint,weight\n")
            for row in self.mixes(gap[0] if gap else None):
                f.write(",".join(row) + "\n")
        self.published(root, pool)
        self.manifest(root)

    def published(self, root, pool):
        rnd = self.rnd
        # metric -> plausible range of a printed value (synthetic)
        metrics = {"w_rps_per_mib": (2, 400), "w_rps": (300, 4000), "w_peak_mib": (5, 250), "w_p99_ms": (5, 300),
                   "w_energy_mj": (0.5, 10), "idle_rss_mib": (5, 200), "startup_ms": (3, 1000),
                   "artifact_mib": (1, 90), "peak_rps": (500, 30000), "rps_c30": (300, 10000),
                   "p99_ms_c120": (5, 300), "first_mib": (5, 200), "min_mib": (5, 200), "max_mib": (5, 300),
                   "last_mib": (5, 300), "growth_mib": (0, 120), "drops": (0, 20), "peak_rss_mib:get_item": (5, 250),
                   "rps:post_item": (300, 4000), "lat_p99_ms:get_list": (5, 300)}
        rows, seen = [], set()
        for _ in range(rnd.randint(4, 10)):
            table = rnd.choice(["Table 9", "Table 14", "Table 16", "Table 19", "Table 20"])
            stack = rnd.choice(pool + ["cobol"])   # 'cobol' is never measured: measured stays empty
            metric = rnd.choice(sorted(metrics))
            if (table, stack, metric) in seen:
                continue
            seen.add((table, stack, metric))
            note = "derived from a ratio in the text" if rnd.random() < 0.2 else ""
            rows.append(f"arXiv:0000.00000 (synthetic),{table},{stack},{metric},{r2(rnd.uniform(*metrics[metric]))},unit,{note}")
        # the names of issue 31 (rates over the memory window, per-endpoint ranges, ratios and counts
        # between stacks, the post-hoc family), fixed so that the random stream above is unchanged
        a, b = pool[0], pool[1 % len(pool)]
        for stack, metric, value in ((a, "growth_mib_per_min", 80), (a, "drops_per_min", 25), (a, "min_rps", 1780),
                                     (a, "plateau_concurrency", 120), (a, "peak_rss_mib_min_endpoint", 6.62),
                                     (a, "peak_rss_mib_max_endpoint", 8.11), (a, f"w_peak_mib/{b}", 2.6),
                                     (a, f"endpoints_higher:rps_per_mib:{b}", 4), (a, "lat_p99_ms:delete_item", 2160),
                                     ("all", "posthoc_comparisons", 400), ("all", "posthoc_significant", 253),
                                     ("all", "posthoc_significant_share", 0.6325)):
            rows.append(f"arXiv:0000.00000 (synthetic),Section 9,{stack},{metric},{value},unit,")
        v4 = random.Random(f"{self.seed}-v4-published")
        with open(os.path.join(root, "reference", "published.csv"), "w", encoding="utf-8") as f:
            f.write("source,table,stack,metric,value,unit,note,category\n")
            for r in rows:
                metric = r.split(",")[3]
                f.write(r + "," + ("" if v4.random() < 0.1 else category(metric)) + "\n")
            # data.md: the post-hoc counts with an empty stack (version 5 generator; its own stream)
            if random.Random(f"{self.seed}-v5-published").random() < 0.7:
                f.write("arXiv:0000.00000 (synthetic),Section 9,,posthoc_comparisons,400,comparisons,,tests\n")
                f.write("arXiv:0000.00000 (synthetic),Section 9,,posthoc_significant,253,comparisons,,tests\n")
        setup = {"model": "synth", "arch": "aarch64", "server_cores": 4, "load_generator_host": "separate",
                 "page_size": 16384, "seed_rows_delete": 100000, "runs": v4.choice([10, 12, 15]),
                 "stacks": sorted(pool)}
        for factor in list(setup):
            if factor != "model" and v4.random() < 0.15:
                del setup[factor]   # a factor the source does not state
        with open(os.path.join(root, "reference", "setup.json"), "w", encoding="utf-8") as f:
            json.dump({"arXiv:0000.00000 (synthetic)": setup}, f, indent=1)
            f.write("\n")

    @staticmethod
    def manifest(root):
        lines = []
        for top in ("config", "raw", "reference"):
            for dp, dn, fn in os.walk(os.path.join(root, top)):
                for name in fn:
                    p = os.path.relpath(os.path.join(dp, name), root).replace(os.sep, "/")
                    with open(os.path.join(dp, name), "rb") as f:
                        lines.append((p, hashlib.sha256(f.read()).hexdigest()))
        with open(os.path.join(root, "SHA256SUMS"), "w", encoding="utf-8") as f:
            for p, h in sorted(lines):
                f.write(f"{h}  {p}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="data folder to create (replaced if it exists)")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--devices", type=int, default=2, help="number of devices (1-6)")
    ap.add_argument("--bootstrap", type=int, default=common.DEFAULT_CONFIG["bootstrap_resamples"],
                    help="bootstrap_resamples written to config/analysis.json")
    ap.add_argument("--phase4", action="store_true",
                    help="also write phase4.csv (open loop at offered rates) in most paper campaigns; every other"
                    " file is the same as without it")
    a = ap.parse_args(argv)
    if not 1 <= a.devices <= len(DEVICE_NAMES):
        ap.error(f"--devices must be 1..{len(DEVICE_NAMES)}")
    if os.path.exists(a.out):
        shutil.rmtree(a.out)
    Gen(a.seed, a.devices, a.bootstrap, a.phase4).build(a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
