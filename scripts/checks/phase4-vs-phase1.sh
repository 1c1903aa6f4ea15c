#!/usr/bin/env bash
# Phase 4 (open loop, oha) against phase 1 (closed loop, wrk) on the same stacks, in a scratch data
# folder: achieved vs offered rate, and p50 of each. Not a campaign of data/: nothing is kept.
#   scripts/checks/phase4-vs-phase1.sh [STACKS]    (default go,python,java-jdk; make servers loadgen first)
set -euo pipefail
cd "$(dirname "$0")/../.."
STACKS="${1:-go,python,java-jdk}"
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
mkdir -p "$SCRATCH/data"
cp -r data/config data/reference "$SCRATCH/data/"
# the scratch folder has no campaign of data/ to exclude
python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["exclude_campaigns"]=[]; json.dump(d,open(p,"w"),indent=2)' \
  "$SCRATCH/data/config/analysis.json"
(cd "$SCRATCH/data" && find config reference -type f | sort | xargs sha256sum > SHA256SUMS)
java -jar target/tpm.jar collect --preset scripts/checks/phase4-vs-phase1.json --data "$SCRATCH/data" --stacks "$STACKS" \
  --device-id check --pin --work "$SCRATCH/work"
python3 - "$SCRATCH"/data/raw/*/ <<'PY'
import csv, statistics, sys
d = sys.argv[1]
p1 = [r for r in csv.DictReader(open(d + "phase1.csv")) if r["status"] == "ok" and r["warmup"] == "0"]
p4 = [r for r in csv.DictReader(open(d + "phase4.csv")) if r["status"] == "ok" and r["warmup"] == "0"]
for s in sorted({r["stack"] for r in p1}):
    a = [r for r in p1 if r["stack"] == s]
    print(f"{s}: phase 1 c=30, {len(a)} runs: median rps {statistics.median(float(r['rps']) for r in a):.0f},"
          f" median p50 {statistics.median(float(r['lat_p50_ms']) for r in a):.3f} ms")
    for rate in sorted({float(r["offered_rps"]) for r in p4}):
        b = [r for r in p4 if r["stack"] == s and float(r["offered_rps"]) == rate]
        print(f"  phase 4 offered {rate:.0f} req/s: achieved {[round(float(r['rps']), 1) for r in b]},"
              f" p50 {[round(float(r['lat_p50_ms']), 3) for r in b]} ms")
PY
