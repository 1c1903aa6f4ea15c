"""compare.py finds changed values, rows and files, and tolerates bootstrap stream noise."""
import csv
import shutil

import pytest

import analyse
import compare
import generate


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    root = tmp_path_factory.mktemp("cmp")
    generate.main(["--out", str(root / "data"), "--seed", "3", "--devices", "2", "--bootstrap", "2000"])
    assert analyse.main(["--data", str(root / "data"), "--out", str(root / "ref")]) == 0
    assert analyse.main(["--data", str(root / "data"), "--out", str(root / "salted"), "--stream-salt", "s"]) == 0
    analyse.STREAM_SALT = ""
    return root


def edit(folder, table, row_index, column, fn):
    path = folder / f"{table}.csv"
    with open(path) as f:
        rows = list(csv.reader(f))
    col = rows[0].index(column)
    rows[row_index + 1][col] = fn(rows[row_index + 1][col])
    with open(path, "w", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


def run(outputs, tmp_path, capsys, change=None, *extra):
    act = tmp_path / "act"
    shutil.copytree(outputs / "ref", act)
    if change:
        change(act)
    rc = compare.main(["--expected", str(outputs / "ref"), "--actual", str(act), *extra])
    return rc, capsys.readouterr().out


def test_identical_folders_agree(outputs, tmp_path, capsys):
    rc, out = run(outputs, tmp_path, capsys)
    assert rc == 0 and "verdict: SAME" in out


def test_other_bootstrap_streams_agree(outputs, capsys):
    rc = compare.main(["--expected", str(outputs / "ref"), "--actual", str(outputs / "salted")])
    out = capsys.readouterr().out
    assert rc == 0, out


def test_changed_value_is_reported(outputs, tmp_path, capsys):
    rc, out = run(outputs, tmp_path, capsys,
                  lambda d: edit(d, "posthoc", 0, "p_mwu", lambda v: repr(float(v) * (1 + 1e-4))))
    assert rc == 1
    line = [l for l in out.splitlines() if l.startswith("DIFF")]
    assert len(line) == 1 and "posthoc.csv" in line[0] and "p_mwu" in line[0]
    assert "verdict: DIFFERENT" in out


def test_tiny_rounding_is_tolerated(outputs, tmp_path, capsys):
    rc, out = run(outputs, tmp_path, capsys,
                  lambda d: edit(d, "group_stats", 0, "mean", lambda v: repr(float(v) * (1 + 1e-9))))
    assert rc == 0, out


def test_ci_end_far_outside_is_reported(outputs, tmp_path, capsys):
    def widen(d):
        edit(d, "group_stats", 0, "ci_high", lambda v: repr(float(v) + 1000.0))
    rc, out = run(outputs, tmp_path, capsys, widen)
    assert rc == 1 and "ci_high" in out


def test_boolean_text_rows_and_files(outputs, tmp_path, capsys):
    rc, out = run(outputs, tmp_path, capsys,
                  lambda d: edit(d, "posthoc", 0, "significant", lambda v: "false" if v == "true" else "true"))
    assert rc == 1 and "significant" in out

    def drop_row(d):
        p = d / "omnibus.csv"
        lines = p.read_text().splitlines()
        p.write_text("\n".join(lines[:-1]) + "\n")
    rc, out = run(outputs, tmp_path / "x", capsys, drop_row)
    assert rc == 1 and "<row>" in out and "missing" in out

    rc, out = run(outputs, tmp_path / "y", capsys, lambda d: (d / "memory.csv").unlink())
    assert rc == 1 and "memory.csv" in out

    rc, out = run(outputs, tmp_path / "z", capsys, lambda d: edit(d, "exclusions", 0, "reason", lambda v: v + "x"))
    assert rc == 1 and "reason" in out


def test_key_numbers_in_other_spelling_match(outputs, tmp_path, capsys):
    rc, out = run(outputs, tmp_path, capsys, lambda d: edit(d, "exclusions", 0, "seq", lambda v: v + ".0"))
    assert rc == 0, out


def _row_where(folder, table, pred):
    with open(folder / f"{table}.csv") as f:
        rows = list(csv.DictReader(f))
    return next(i for i, r in enumerate(rows) if pred(r))


@pytest.mark.parametrize("table, column, pred, change", [
    ("weighted", "missing", lambda r: r["missing"] != "", lambda v: v.replace("measured of", "measured out of")),
    ("group_stats", "small_n", lambda r: r["small_n"] == "true", lambda v: "false"),
    ("memory", "steady_growth_mib", lambda r: r["steady_growth_mib"] != "", lambda v: repr(float(v) + 0.5)),
    ("memory_checkpoints", "mib", lambda r: True, lambda v: repr(float(v) * 1.001)),
    ("loadgen_summary", "ratio_to_slowest", lambda r: r["study"] != "paper" and r["ratio_to_slowest"] != "1.0",
     lambda v: repr(float(v) * 1.001)),
    ("loadgen_summary", "rps_best", lambda r: r["study"] == "hello-blog", lambda v: repr(float(v) + 1)),
    ("loadgen_summary", "host_busy", lambda r: r["host_busy"] != "", lambda v: repr(float(v) * 1.001)),
    ("loadgen_summary", "saturated_runs", lambda r: r["saturated_runs"] != "", lambda v: str(int(v) + 1)),
])
def test_version2_columns_are_compared(outputs, tmp_path, capsys, table, column, pred, change):
    i = _row_where(outputs / "ref", table, pred)
    rc, out = run(outputs, tmp_path, capsys, lambda d: edit(d, table, i, column, change))
    diffs = [l for l in out.splitlines() if l.startswith("DIFF")]
    assert rc == 1 and len(diffs) == 1 and f"{table}.csv" in diffs[0] and column in diffs[0], out


def test_version2_files_and_rows_are_required(outputs, tmp_path, capsys):
    rc, out = run(outputs, tmp_path, capsys, lambda d: (d / "loadgen_summary.csv").unlink())
    assert rc == 1 and "DIFF loadgen_summary.csv [-] <file>" in out

    def drop_checkpoint(d):
        p = d / "memory_checkpoints.csv"
        lines = p.read_text().splitlines()
        p.write_text("\n".join(lines[:1] + lines[2:]) + "\n")
    rc, out = run(outputs, tmp_path / "x", capsys, drop_checkpoint)
    assert rc == 1 and "memory_checkpoints.csv" in out and "<row>" in out

    def old_header(d):   # a version-1 weighted.csv (no `missing` column)
        p = d / "weighted.csv"
        lines = [l.rsplit(",", 1)[0] for l in p.read_text().splitlines()]
        p.write_text("\n".join(lines) + "\n")
    rc, out = run(outputs, tmp_path / "y", capsys, old_header)
    assert rc == 1 and "weighted.csv" in out and "<header>" in out


def _units_csv(path, lo):
    keys, vals = analyse.TABLES["units"]
    row = {"model": "m", "mix": "", "metric": "startup_ms", "stack": "a", "hardware": "arm:0x41:0xd0b:0x4:1",
           "units": "3", "gmean": "10.0", "min": "5.0", "max": "20.0", "spread": "4.0", "lo": lo, "hi": "50.0",
           "best": "a", "ratio": "1.0", "ratio_lo": "", "ratio_hi": "", "tied": "", "missing": "",
           "probe_spread": "1.05"}
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(keys + vals)
        w.writerow([row[c] for c in keys + vals])


def test_units_t_intervals_are_compared_with_the_relative_tolerance(tmp_path):
    # version 5: units.csv's lo/hi are deterministic, not bootstrap ends: 1 % of a 48-wide interval is a difference
    import argparse
    a = argparse.Namespace(rel_tol=1e-6, abs_tol=1e-12, ci_tol=0.05, check_order=False)
    _units_csv(tmp_path / "e.csv", "2.0")
    _units_csv(tmp_path / "same.csv", repr(2.0 * (1 + 1e-9)))
    _units_csv(tmp_path / "off.csv", "2.02")
    keys = analyse.TABLES["units"][0]
    assert compare.compare_file("units.csv", tmp_path / "e.csv", tmp_path / "same.csv", keys, a) == []
    [d] = compare.compare_file("units.csv", tmp_path / "e.csv", tmp_path / "off.csv", keys, a)
    assert "lo" in d


def test_a_header_only_table_equals_one_left_out(outputs, tmp_path, capsys):
    def drop(d):
        (d / "drift.csv").unlink()
    ref = tmp_path / "ref"
    shutil.copytree(outputs / "ref", ref)
    keys, vals = analyse.TABLES["drift"]
    (ref / "drift.csv").write_text(",".join(keys + vals) + "\n")
    act = tmp_path / "act"
    shutil.copytree(ref, act)
    drop(act)
    assert compare.main(["--expected", str(ref), "--actual", str(act)]) == 0
    capsys.readouterr()
