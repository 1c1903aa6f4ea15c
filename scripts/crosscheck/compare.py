#!/usr/bin/env python3
"""Compare two folders of tidy CSVs (spec/outputs.md) cell by cell.

    python compare.py --expected DIR --actual DIR [--ci-tol 0.05] [--rel-tol 1e-6] [--abs-tol 1e-12]
                      [--check-order] [--files group_stats,omnibus,...]

Rows are matched by their key columns. Deterministic numbers must agree within rel-tol relative
or abs-tol absolute; bootstrap CI ends (ci_low, ci_high, *_lo, *_hi) within ci-tol times the CI
width; booleans and text exactly. Prints every difference as
    DIFF <file> [<key>] <column>: expected=<..> actual=<..>
and a one-line verdict; exits 1 on any difference, 0 otherwise.
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import sys

from analyse import BANDS_FILE, OPTIONAL_TABLES, TABLES


def parse_num(s):
    """A finite or infinite float for number text, None for empty, NaN for anything else."""
    s = s.strip()
    if s == "":
        return None
    try:
        v = float(s)
    except ValueError:
        return math.nan
    return None if math.isnan(v) else v


def canon_key(s):
    """Key cells: numbers in one canonical form (30, 30.0 -> '30'); text as is."""
    try:
        v = float(s)
    except ValueError:
        return s
    if not math.isfinite(v):
        return s
    return str(int(v)) if v == int(v) else repr(v)


# Interval ends that are deterministic (no bootstrap): compared with the normal relative tolerance.
# Version 5: units.csv's t intervals over the units' log values (analysis.md 11).
DETERMINISTIC_INTERVALS = {"units.csv": {"lo", "hi", "ratio_lo", "ratio_hi"}}


def ci_partner(col, columns, name=None):
    """For a bootstrap CI column, the other end's column name; None for other columns (and for the
    deterministic intervals of DETERMINISTIC_INTERVALS)."""
    if col in DETERMINISTIC_INTERVALS.get(name, ()):
        return None
    pairs = {"ci_low": "ci_high", "ci_high": "ci_low"}
    if col in pairs:
        return pairs[col]
    for a, b in (("_lo", "_hi"), ("_hi", "_lo")):
        if col.endswith(a) and col[: -len(a)] + b in columns:
            return col[: -len(a)] + b
    return None


def read(path):
    with open(path, encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f))
    if not rows:
        return [], []
    return rows[0], [dict(zip(rows[0], r)) for r in rows[1:] if r]


def read_bands(path):
    """ci_bands.csv written by analyse.py: (table, key, column) -> (band_lo, band_hi)."""
    _, rows = read(path)
    out = {}
    for r in rows:
        key = "|".join(canon_key(k) for k in r["key"].split("|"))
        out[(r["table"], key, r["column"])] = (float(r["band_lo"]), float(r["band_hi"]))
    return out


def tie_undecided(name, key, col, bands):
    """ratios.csv's `tied` (= ratio_lo <= 1) may differ between two bootstrap streams only where 1 lies
    inside ratio_lo's Monte Carlo band: there the streams' draws decide, not the data. (units.csv's `tied`
    is deterministic since version 5: compared exactly.)"""
    if name != "ratios.csv" or col != "tied" or not bands:
        return False
    band = bands.get((name[:-4], "|".join(key), "ratio_lo"))
    return band is not None and band[0] <= 1.0 <= band[1]


def coverage_undecided(name, key, col, en, an, bands):
    """A ci_coverage (analysis.md 2, version 6) follows from the CI ends, and those differ between two
    bootstrap streams by Monte Carlo error: both values agree when they lie in the coverage band that
    analyse.py writes (the coverages that ends anywhere in their own bands would give)."""
    if not col.endswith("ci_coverage") or not bands:
        return False
    band = bands.get((name[:-4], "|".join(key), col))
    return band is not None and all(band[0] - 1e-12 <= x <= band[1] + 1e-12 for x in (en, an))


def compare_file(name, exp_path, act_path, keys, a, bands=None):
    diffs = []

    def diff(key, col, e, v):
        diffs.append(f"DIFF {name} [{', '.join(key) if key else '-'}] {col}: expected={e!r} actual={v!r}")

    eh, erows = read(exp_path)
    ah, arows = read(act_path)
    if eh != ah:
        diff((), "<header>", ",".join(eh), ",".join(ah))
        if set(eh) != set(ah):
            return diffs
    missing_keys = [k for k in keys if k not in eh]
    if missing_keys:
        diff((), "<key columns>", ",".join(keys), ",".join(eh))
        return diffs

    def index(rows, side):
        out, order = {}, []
        for r in rows:
            k = tuple(canon_key(r[c]) for c in keys)
            if k in out:
                diff(k, "<duplicate key>", "unique key" if side == "actual" else "duplicate in expected",
                     "duplicate" if side == "actual" else "")
            out[k] = r
            order.append(k)
        return out, order

    emap, eorder = index(erows, "expected")
    amap, aorder = index(arows, "actual")
    for k in eorder:
        if k not in amap:
            diff(k, "<row>", "present", "missing")
    for k in aorder:
        if k not in emap:
            diff(k, "<row>", "missing", "present")
    if a.check_order:
        common_e = [k for k in eorder if k in amap]
        common_a = [k for k in aorder if k in emap]
        if common_e != common_a:
            first = next(i for i, (x, y) in enumerate(zip(common_e, common_a)) if x != y)
            diff(common_e[first], "<row order>", f"row {first + 1} here", f"row {common_a.index(common_e[first]) + 1}")
    values = [c for c in eh if c not in keys]
    for k in eorder:
        if k not in amap:
            continue
        er, ar = emap[k], amap[k]
        for c in values:
            ev, av = er.get(c, ""), ar.get(c, "")
            en, an = parse_num(ev), parse_num(av)
            if en is None and an is None:
                if ev.strip().lower() in ("", "nan") and av.strip().lower() in ("", "nan"):
                    continue
            numeric = en is not None and an is not None and not math.isnan(en) and not math.isnan(an)
            if not numeric:
                if ev.strip() != av.strip() and not tie_undecided(name, k, c, bands):
                    diff(k, c, ev, av)
                continue
            tol = max(a.rel_tol * max(abs(en), abs(an)), a.abs_tol)
            partner = ci_partner(c, eh, name)
            if partner is not None:
                widths = []
                for r in (er, ar):
                    lo, hi = parse_num(r.get(c, "")), parse_num(r.get(partner, ""))
                    if lo is not None and hi is not None and math.isfinite(lo) and math.isfinite(hi):
                        widths.append(abs(hi - lo))
                if widths:
                    tol = max(tol, a.ci_tol * max(widths))
            if math.isinf(en) or math.isinf(an):
                if en != an:
                    diff(k, c, ev, av)
                continue
            if abs(en - an) <= tol:
                continue
            if coverage_undecided(name, k, c, en, an, bands):
                continue
            band = bands.get((name[:-4], "|".join(k), c)) if (bands and partner is not None) else None
            if band is not None:
                slack = max(a.rel_tol * max(abs(band[0]), abs(band[1])), a.abs_tol)
                if all(band[0] - slack <= x <= band[1] + slack for x in (en, an)):
                    continue   # both ends inside the Monte Carlo band of the bootstrap distribution
                diff(k, c, ev, av + f" (outside Monte Carlo band [{band[0]!r}, {band[1]!r}])")
                continue
            diff(k, c, ev, av)
    return diffs


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--expected", required=True, help="folder of tidy CSVs taken as the reference")
    ap.add_argument("--actual", required=True, help="folder of tidy CSVs to check")
    ap.add_argument("--ci-tol", type=float, default=0.05, help="fraction of the CI width for CI ends")
    ap.add_argument("--rel-tol", type=float, default=1e-6)
    ap.add_argument("--abs-tol", type=float, default=1e-12)
    ap.add_argument("--check-order", action="store_true", help="also require the same row order")
    ap.add_argument("--bands", help="ci_bands.csv from analyse.py (default: the one in --expected, else in "
                    "--actual); a CI end also agrees when it lies in its Monte Carlo band")
    ap.add_argument("--no-bands", action="store_true", help="judge CI ends by --ci-tol alone")
    ap.add_argument("--files", help="comma-separated table names to compare (default: all of outputs.md's)")
    a = ap.parse_args(argv)
    names = a.files.split(",") if a.files else list(TABLES)
    bands = None
    if not a.no_bands:
        path = a.bands or next((p for p in (os.path.join(a.expected, BANDS_FILE), os.path.join(a.actual, BANDS_FILE))
                                if os.path.isfile(p)), None)
        if path:
            bands = read_bands(path)
            print(f"using CI bands from {path}")
    diffs, compared = [], 0
    for name in names:
        if name not in TABLES:
            ap.error(f"unknown table {name}")
        e, v = os.path.join(a.expected, name + ".csv"), os.path.join(a.actual, name + ".csv")
        if name in OPTIONAL_TABLES and not os.path.isfile(e) and not os.path.isfile(v):
            continue   # neither side has phase 4: both rightly write none of it
        if os.path.isfile(e) != os.path.isfile(v) and not read(e if os.path.isfile(e) else v)[1]:
            continue   # outputs.md: a tidy CSV without rows may be written as its header alone or left out
        if not os.path.isfile(e) or not os.path.isfile(v):
            diffs.append(f"DIFF {name}.csv [-] <file>: expected={'present' if os.path.isfile(e) else 'missing'!r} "
                         f"actual={'present' if os.path.isfile(v) else 'missing'!r}")
            continue
        compared += 1
        diffs.extend(compare_file(name + ".csv", e, v, TABLES[name][0], a, bands))
    for d in diffs:
        print(d)
    files_with = len({d.split()[1] for d in diffs})
    if diffs:
        print(f"verdict: DIFFERENT - {len(diffs)} difference(s) in {files_with} file(s) "
              f"({compared} of {len(names)} files compared)")
        return 1
    print(f"verdict: SAME - {compared} files agree (rel {a.rel_tol:g}, abs {a.abs_tol:g}, CI {a.ci_tol:g} of width)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
