"""Writes the synthetic input samples of the reference fixtures (samples.json).

The samples are synthetic test inputs, not measurements. They are committed; run this only to
change the set of cases, then run reference.py to recompute the expected values.
"""
import json
import pathlib
import sys

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "pipeline/src/test/resources/reference/samples.json"
rng = np.random.default_rng(20260929)


def r(x, digits=6):
    """Rounded plain floats, so that the JSON file stays short and exact."""
    return [round(float(v), digits) for v in x]


def normal(mean, sd, n):
    return r(rng.normal(mean, sd, n))


def ints(lo, hi, n):
    return [float(v) for v in rng.integers(lo, hi, n)]


separated_60 = (r(np.arange(60) + rng.uniform(0, 0.5, 60)), r(100 + np.arange(60) + rng.uniform(0, 0.5, 60)))
separated_100 = (r(np.arange(100) * 0.1), r(50 + np.arange(100) * 0.1))
separated_200 = (normal(10, 1, 200), normal(40, 1, 200))

one_dim = {
    "single": [5.0],
    "two": [1.0, 2.0],
    "three_unsorted": [3.0, 1.0, 2.0],
    "ties": [2.0, 7.0, 2.0, 5.0, 2.0, 5.0],
    "constant": [4.25, 4.25, 4.25, 4.25],
    "normal_50": normal(2400, 180, 50),
    "skewed_11": r(rng.lognormal(3, 1, 11)),
    "bootstrap_like_1001": normal(0, 1, 1001),
}

pairs = {
    "random_20_25": (normal(100, 10, 20), normal(108, 14, 25)),
    "integer_ties": (ints(0, 6, 18), ints(1, 7, 22)),
    "n2_n2": ([1.0, 2.0], [3.0, 4.0]),
    "n2_overlap": ([1.0, 3.0], [2.0, 4.0]),
    "unequal_2_40": ([10.5, 11.0], normal(12, 1, 40)),
    "both_constant_equal": ([5.0, 5.0, 5.0], [5.0, 5.0]),
    "both_constant_differ": ([5.0, 5.0, 5.0], [7.0, 7.0]),
    "one_constant": ([5.0, 5.0, 5.0, 5.0], [4.0, 6.0, 5.5, 7.0]),
    "a_greater": (normal(30, 2, 15), normal(25, 2, 12)),
    "far_tail_60": separated_60,
    "far_tail_100": separated_100,
    "far_tail_200": separated_200,
    "welch_t12": (normal(0, 1, 50), normal(2.4, 1, 50)),
    "welch_huge_t": (normal(0, 0.1, 30), normal(10, 0.1, 30)),
    "tied_across": ([1.0, 2.0, 2.0, 3.0, 3.0, 3.0], [2.0, 3.0, 3.0, 4.0, 4.0]),
}

groups = {
    "three_random": [normal(10, 2, 10), normal(11, 2, 12), normal(13, 2, 15)],
    "integer_ties": [ints(0, 5, 8), ints(0, 5, 9), ints(1, 6, 10), ints(2, 7, 7)],
    "n2_each": [[1.0, 2.0], [3.0, 4.0]],
    "unequal_2_30": [[1.0, 1.5], normal(3, 1, 30)],
    "constant_group": [[5.0, 5.0, 5.0], [1.0, 2.0, 3.0]],
    "all_identical": [[3.0, 3.0], [3.0, 3.0, 3.0]],
    "far_tail_2x60": list(separated_60),
    "far_tail_3x60": [separated_60[0], separated_60[1], r(300 + np.arange(60) * 1.0)],
    "five_stacks_50": [normal(m, 100, 50) for m in (2400, 2300, 2200, 2450, 969)],
}

holm = {
    "textbook": [0.01, 0.04, 0.03, 0.005],
    "ties": [0.01, 0.01, 0.02, 0.2],
    "cap_at_one": [0.5, 0.6, 0.7, 0.01],
    "needs_monotonicity": [0.001, 0.0105, 0.011, 0.5, 0.012],
    "far_tail": [1e-30, 1e-20, 0.04, 0.2, 3e-21],
    "single": [0.03],
    "random_400": r(rng.uniform(0, 1, 400) ** 3, 12),
}

perm5 = [3.0, 1.0, 4.0, 5.0, 2.0]
nearly_sorted_40 = list(range(1, 41))
nearly_sorted_40[10], nearly_sorted_40[11] = nearly_sorted_40[11], nearly_sorted_40[10]
kendall = {
    "identical_5": ([1.0, 2.0, 3.0, 4.0, 5.0], [1.0, 2.0, 3.0, 4.0, 5.0]),
    "reversed_5": ([1.0, 2.0, 3.0, 4.0, 5.0], [5.0, 4.0, 3.0, 2.0, 1.0]),
    "permuted_5": ([1.0, 2.0, 3.0, 4.0, 5.0], perm5),
    "ties_5": ([1.0, 2.0, 2.0, 4.0, 5.0], [1.0, 3.0, 2.0, 5.0, 4.0]),
    "ties_both_8": ([1.0, 1.0, 2.0, 3.0, 3.0, 3.0, 4.0, 5.0], [2.0, 1.0, 1.0, 3.0, 4.0, 4.0, 5.0, 5.0]),
    "n2": ([1.0, 2.0], [2.0, 1.0]),
    "n3": ([1.0, 2.0, 3.0], [1.0, 3.0, 2.0]),
    "random_10": (r(rng.permutation(10) + 1.0), r(rng.permutation(10) + 1.0)),
    "random_33": (r(rng.permutation(33) + 1.0), r(np.arange(33) + rng.normal(0, 5, 33))),
    "random_40": (r(rng.permutation(40) + 1.0), r(rng.permutation(40) + 1.0)),
    "ties_40": (ints(0, 6, 40), ints(0, 8, 40)),
    "one_swap_40": ([float(v) for v in range(1, 41)], [float(v) for v in nearly_sorted_40]),
    "sorted_60": ([float(v) for v in range(60)], [float(v) * 2 for v in range(60)]),
}

t = np.arange(0, 40) * 0.13
regression = {
    "growing": ([round(float(v), 3) for v in t], r(60 + 0.9 * t + rng.normal(0, 0.2, 40))),
    "flat": ([0.0, 0.13, 0.26, 0.39], [7.8, 7.8, 7.8, 7.8]),
    "two_points": ([0.0, 0.131], [61.234, 61.9]),
    "drops": ([0.0, 0.13, 0.26, 0.39, 0.52, 0.65], [100.0, 120.0, 90.0, 130.0, 95.0, 140.0]),
}

# Pairs without ties for the exact Mann-Whitney p (analysis.md 3: no tie, at most 50 a side);
# drawn after every sample above, so those keep their values.
exact_pairs = {
    "exact_separated_10_10": (normal(100, 1, 10), normal(200, 1, 10)),
    "exact_random_10_10": (normal(100, 5, 10), normal(104, 5, 10)),
    "exact_unequal_2_6": (normal(0, 1, 2), normal(0.5, 1, 6)),
    "exact_unequal_3_17": (normal(10, 2, 3), normal(12, 2, 17)),
    "exact_unequal_7_50": (normal(50, 3, 7), normal(53, 3, 50)),
    "exact_unequal_50_11": (normal(20, 4, 50), normal(18, 4, 11)),
    "exact_random_23_41": (normal(5, 1, 23), normal(5.3, 1, 41)),
    "exact_random_50_50": (normal(2400, 180, 50), normal(2450, 180, 50)),
    "exact_shifted_50_50": (normal(2400, 100, 50), normal(2600, 100, 50)),
    "exact_separated_50_50": (r(np.arange(50) + rng.uniform(0, 0.5, 50)), r(100 + np.arange(50) + rng.uniform(0, 0.5, 50))),
    "exact_interleaved_5_5": ([1.0, 3.0, 5.0, 7.0, 9.0], [2.0, 4.0, 6.0, 8.0, 10.0]),
    "exact_middle_4_4": ([1.0, 4.0, 5.0, 8.0], [2.0, 3.0, 6.0, 7.0]),
    "asymptotic_51_50": (normal(0, 1, 51), normal(0.4, 1, 50)),
}
pairs.update(exact_pairs)

# Spearman's rho (analysis.md 9): x = run positions, y = rps. Their own stream, so that cases added
# above do not change these.
srng = np.random.default_rng([20260929, 9])
positions_30 = sorted(int(v) for v in srng.choice(np.arange(1, 200), 30, replace=False))
spearman = {
    "single": ([1.0], [2400.0]),
    "n2": ([1.0, 2.0], [3.0, 5.0]),
    "n3": ([1.0, 2.0, 3.0], [2.0, 1.0, 3.0]),
    "zero_rho_4": ([1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 1.0, 3.0]),
    "perfect_up_5": ([1.0, 2.0, 3.0, 4.0, 5.0], [10.0, 20.0, 30.0, 40.0, 50.0]),
    "perfect_up_6": ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [10.0, 11.0, 15.0, 20.0, 21.0, 30.0]),
    "perfect_down_6": ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [30.0, 21.0, 20.0, 15.0, 11.0, 10.0]),
    "constant_y": ([1.0, 2.0, 3.0, 4.0, 5.0], [7.5, 7.5, 7.5, 7.5, 7.5]),
    "ties_y_10": ([float(v) for v in range(1, 11)], [5.0, 3.0, 5.0, 6.0, 3.0, 7.0, 7.0, 8.0, 5.0, 9.0]),
    "ties_both_12": ([1.0, 1.0, 2.0, 3.0, 3.0, 3.0, 4.0, 5.0, 6.0, 6.0, 7.0, 8.0],
                     [2.0, 1.0, 1.0, 3.0, 4.0, 4.0, 5.0, 5.0, 4.0, 7.0, 6.0, 9.0]),
    "trend_10": ([float(v) for v in range(1, 11)], r(2400 + 15 * np.arange(10) + srng.normal(0, 40, 10))),
    "noise_25": ([float(v) for v in range(1, 26)], r(srng.normal(2400, 180, 25))),
    "positions_gap_30": ([float(v) for v in positions_30], r(1800 + 2.0 * np.asarray(positions_30) + srng.normal(0, 60, 30))),
    "far_tail_200": ([float(v) for v in range(1, 201)], r(np.arange(200) + srng.normal(0, 3, 200))),
}

# The t interval over log values of analysis.md 11 (version 5): a model's unit values and the
# confidence level. Literal values (no stream), so that they change no sample above.
log_t = {
    "three_units": ([466.816656749, 803.092320599, 612.5], 0.95),
    "three_units_90": ([466.816656749, 803.092320599, 612.5], 0.90),
    "four_units": ([2791.35, 3967.23, 3120.0, 3499.9], 0.95),
    "five_units_spread": ([4.61, 9.18, 6.0, 12.5, 3.2], 0.95),
    "two_units": ([18.73, 21.4], 0.95),
    "equal_units": ([50.0, 50.0, 50.0], 0.95),
    "ratios_near_one": ([1.02, 0.97, 1.05, 0.99], 0.95),
    "wide_range_3": ([1e-3, 2.5, 4e3], 0.99),
}

samples = {
    "_comment": "Synthetic inputs for the reference fixtures (scripts/reference/make_samples.py); not measurements.",
    "one_dim": one_dim,
    "quantile_probs": [0.0, 0.025, 0.1, 0.25, 0.5, 0.75, 0.9, 0.975, 1.0],
    "pairs": {k: {"a": a, "b": b} for k, (a, b) in pairs.items()},
    "groups": groups,
    "holm": holm,
    "kendall": {k: {"x": x, "y": y} for k, (x, y) in kendall.items()},
    "regression": {k: {"t": x, "y": y} for k, (x, y) in regression.items()},
    "spearman": {k: {"x": x, "y": y} for k, (x, y) in spearman.items()},
    "log_t": {k: {"x": x, "confidence": c} for k, (x, c) in log_t.items()},
}
OUT.write_text(json.dumps(samples, indent=1, sort_keys=True) + "\n")
print(f"wrote {OUT}", file=sys.stderr)
