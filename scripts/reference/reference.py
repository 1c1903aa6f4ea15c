"""Computes the reference values of the Java statistics with numpy, scipy and statsmodels.

Reads pipeline/src/test/resources/reference/samples.json (synthetic inputs) and writes
expected.json beside it. Each function named here is the reference analysis.md names; the Java
tests (dev.tpm.stats.*ReferenceTest) compare against the output at relative 1e-9.
Missing values (NaN) are written as null.
"""
import json
import math
import pathlib
import sys
import warnings

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.multitest import multipletests

HERE = pathlib.Path(__file__).resolve().parents[2] / "pipeline/src/test/resources/reference"


def num(x):
    x = float(x)
    if math.isnan(x):
        return None
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def describe(x):
    a = np.asarray(x, dtype=float)
    return {
        "n": len(a),
        "median": num(np.median(a)),
        "mean": num(np.mean(a)),
        "sd": num(np.std(a, ddof=1)) if len(a) > 1 else None,
        "q1": num(np.quantile(a, 0.25)),
        "q3": num(np.quantile(a, 0.75)),
        "min": num(np.min(a)),
        "max": num(np.max(a)),
    }


def effect_sizes(a, b):
    """Hand formulas of analysis.md 3 in numpy."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    na, nb = len(a), len(b)
    sa2, sb2 = np.var(a, ddof=1), np.var(b, ddof=1)
    s_pooled = math.sqrt(((na - 1) * sa2 + (nb - 1) * sb2) / (na + nb - 2))
    diff = np.mean(a) - np.mean(b)
    if s_pooled == 0:
        d = 0.0 if diff == 0 else float("nan")
    else:
        d = diff / s_pooled
    g = d * (1 - 3 / (4 * (na + nb) - 9))
    gt = np.sum(a[:, None] > b[None, :])
    lt = np.sum(a[:, None] < b[None, :])
    return {"cohens_d": num(d), "hedges_g": num(g), "cliffs_delta": num((gt - lt) / (na * nb))}


def main():
    warnings.simplefilter("ignore")
    samples = json.loads((HERE / "samples.json").read_text())
    probs = samples["quantile_probs"]
    out = {
        "_comment": "Reference values from scripts/reference/reference.py; regenerate, never edit.",
        "versions": {"numpy": np.__version__, "scipy": scipy.__version__, "statsmodels": statsmodels.__version__},
    }

    out["quantiles"] = {
        k: [num(v) for v in np.quantile(np.asarray(x, float), probs)]  # Hyndman-Fan type 7
        for k, x in samples["one_dim"].items()
    }
    out["describe"] = {k: describe(x) for k, x in samples["one_dim"].items()}

    pairs = {}
    for k, ab in samples["pairs"].items():
        a, b = ab["a"], ab["b"]
        mwu = stats.mannwhitneyu(a, b, alternative="two-sided", method="asymptotic", use_continuity=True)
        # analysis.md 3: exact when the pooled pair has no tie and neither sample has more than 50 values
        ties = len(set(a) | set(b)) < len(a) + len(b)
        exact = not ties and len(a) <= 50 and len(b) <= 50
        mwu_exact = stats.mannwhitneyu(a, b, alternative="two-sided", method="exact") if not ties else None
        welch = stats.ttest_ind(a, b, equal_var=False)
        constant_both = np.var(a) == 0 and np.var(b) == 0
        pairs[k] = {
            "u": num(mwu.statistic),
            "p_mwu": num(mwu.pvalue),
            # scipy's exact p assumes no ties; null for a pair with ties
            "p_mwu_exact": num(mwu_exact.pvalue) if mwu_exact is not None else None,
            "p_method": "exact" if exact else "asymptotic",
            "p_mwu_spec": num(mwu_exact.pvalue if exact else mwu.pvalue),
            # 2 / C(n_a + n_b, n_a) in exact integer arithmetic, then one rounding
            "min_attainable_p": num(min(1.0, 2 / math.comb(len(a) + len(b), len(a)))),
            "t": num(welch.statistic),
            # scipy puts 1 in place of an undefined df (both samples constant); null here
            "df": None if constant_both else num(welch.df),
            "p_welch": num(welch.pvalue),
            **effect_sizes(a, b),
        }
    out["pairs"] = pairs

    kw = {}
    for k, groups in samples["groups"].items():
        res = stats.kruskal(*groups)
        n = sum(len(g) for g in groups)
        kw[k] = {"h": num(res.statistic), "p": num(res.pvalue), "df": len(groups) - 1, "n": n,
                 "epsilon_sq": num(res.statistic / (n - 1))}
    out["kruskal"] = kw

    out["holm"] = {
        k: [num(v) for v in multipletests(np.asarray(p, float), method="holm")[1]]
        for k, p in samples["holm"].items()
    }

    kt = {}
    for k, xy in samples["kendall"].items():
        res = stats.kendalltau(xy["x"], xy["y"])  # default: variant 'b', method 'auto'
        kt[k] = {"tau": num(res.statistic), "p": num(res.pvalue)}
    out["kendall"] = kt

    out["regression"] = {
        k: {"slope": num(stats.linregress(v["t"], v["y"]).slope)} for k, v in samples["regression"].items()
    }

    sp = {}
    for k, xy in samples["spearman"].items():
        res = stats.spearmanr(xy["x"], xy["y"])  # default: two-sided, t-distribution with n - 2 df
        sp[k] = {"rho": num(res.statistic), "p": num(res.pvalue)}
    out["spearman"] = sp

    lt = {}
    for k, v in samples["log_t"].items():
        # analysis.md 11 (version 5): t interval over the logs, t = scipy.stats.t.ppf(1 - (1 - conf) / 2, U - 1)
        x = np.log(np.asarray(v["x"], float))
        u = len(x)
        m, s = np.mean(x), np.std(x, ddof=1)
        t = stats.t.ppf(1 - (1 - v["confidence"]) / 2, u - 1)
        lt[k] = {"t": num(t), "gmean": num(np.exp(m)), "lo": num(np.exp(m - t * s / np.sqrt(u))),
                 "hi": num(np.exp(m + t * s / np.sqrt(u)))}
    out["log_t"] = lt

    (HERE / "expected.json").write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {HERE / 'expected.json'}", file=sys.stderr)


if __name__ == "__main__":
    main()
