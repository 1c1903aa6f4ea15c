#!/usr/bin/env bash
# Cross-checks the Java pipeline against the independent Python implementation of spec/analysis.md
# on freshly generated data folders (one per seed) that neither has seen before.
#   scripts/crosscheck/run.sh JAR [SEED...]
#   scripts/crosscheck/run.sh --tests [PYTEST ARGS...]   the Python side's own tests (pytest)
# Both make the virtual environment scripts/crosscheck/.venv first when it is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import scipy, statsmodels, pytest, jsonschema' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q -r "$here/requirements.txt"
fi
if [ "${1:-}" = "--tests" ]; then
  shift
  exec "$venv/bin/python" -m pytest -q "$here" "$@"
fi
jar=$(realpath "${1:?usage: run.sh JAR [SEED...] | run.sh --tests}"); shift
seeds=("$@")
[ $# -gt 0 ] || seeds=(101 202 303)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
for seed in "${seeds[@]}"; do
  d="$work/$seed"
  "$venv/bin/python" "$here/generate.py" --out "$d/data" --seed "$seed" --devices 3 --phase4 >/dev/null
  "$venv/bin/python" "$here/analyse.py" --data "$d/data" --out "$d/python" >/dev/null
  java -jar "$jar" paper --data "$d/data" --out "$d/java" 2>"$d/java.log" || { cat "$d/java.log"; exit 1; }
  if "$venv/bin/python" "$here/compare.py" --expected "$d/python" --actual "$d/java/tables" >"$d/compare.txt"; then
    echo "crosscheck seed $seed: $(tail -1 "$d/compare.txt")"
  else
    grep DIFF "$d/compare.txt" | head -40; echo "crosscheck seed $seed: $(tail -1 "$d/compare.txt")"; status=1
  fi
done
exit $status
