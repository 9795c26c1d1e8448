#!/usr/bin/python3
"""The pandas/numpy baseline of `robometrics ape REF EST --align se3` (benchmarks/command-ratios).

What a Python user would write with the libraries evo itself uses: both TUM files read with
pandas.read_csv, each estimate stamp matched to the nearest reference stamp with numpy's
searchsorted (pairs further apart than 0.01 s dropped), an SE(3) Umeyama alignment by numpy's SVD,
the translation errors and their statistics. Prints the pair count and the RMSE, which must
agree with ours, so that the two do the same work.

  ape-baseline.py REF.tum EST.tum
"""
import sys

import numpy as np
import pandas as pd


def read_tum(path):
    frame = pd.read_csv(path, sep=" ", header=None, comment="#", skipinitialspace=True, dtype=np.float64)
    values = frame.to_numpy()
    return values[:, 0], values[:, 1:4]


def nearest_pairs(ref_t, est_t, max_diff=0.01):
    after = np.clip(np.searchsorted(ref_t, est_t), 1, len(ref_t) - 1)
    before = after - 1
    nearest = np.where(np.abs(ref_t[before] - est_t) <= np.abs(ref_t[after] - est_t), before, after)
    keep = np.abs(ref_t[nearest] - est_t) <= max_diff
    return nearest[keep], np.nonzero(keep)[0]


def umeyama_se3(model, data):
    """R, t minimising |model - (R data + t)|."""
    mu_m, mu_d = model.mean(axis=0), data.mean(axis=0)
    cov = (model - mu_m).T @ (data - mu_d) / len(model)
    u, _, vt = np.linalg.svd(cov)
    s = np.eye(3)
    if np.linalg.det(u) * np.linalg.det(vt) < 0:
        s[2, 2] = -1
    r = u @ s @ vt
    return r, mu_m - r @ mu_d


def main():
    ref_t, ref_p = read_tum(sys.argv[1])
    est_t, est_p = read_tum(sys.argv[2])
    ri, ei = nearest_pairs(ref_t, est_t)
    ref_m, est_m = ref_p[ri], est_p[ei]
    r, t = umeyama_se3(ref_m, est_m)
    errors = np.linalg.norm(ref_m - (est_m @ r.T + t), axis=1)
    stats = {
        "rmse": np.sqrt(np.mean(errors**2)),
        "mean": np.mean(errors),
        "median": np.median(errors),
        "std": np.std(errors),
        "min": np.min(errors),
        "max": np.max(errors),
        "sse": np.sum(errors**2),
    }
    print(len(errors), "%.6f" % stats["rmse"])


if __name__ == "__main__":
    main()
