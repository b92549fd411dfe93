#!/usr/bin/python3
"""Reference values for lib/db/distributions.ts (checked in lib/db/distributions.db.test.ts), computed
with NumPy: quartiles by numpy.percentile (its default linear interpolation, which is PostgreSQL's
percentile_cont), the whiskers as matplotlib.cbook.boxplot_stats(whis=1.5) defines them (the lowest
value >= q1 - 1.5 IQR, the highest <= q3 + 1.5 IQR; transcribed, matplotlib is not installed here),
and histograms by numpy.histogram with 20 bins over [0, 1] when every value of the measure lies in
it, else over the measure's smallest to largest value across the groups.
Run: /usr/bin/python3 lib/dashboards/__fixtures__/generate-distribution-cases.py > lib/dashboards/__fixtures__/distribution-cases.json
"""
import json
import numpy as np

rng = np.random.default_rng(20261126)
BINS = 20


def values(n, mean, sd, low, high):
    return [round(float(v), 6) for v in np.clip(rng.normal(mean, sd, n), low, high)]


# pairs: a group label (None: unlabelled) and three measures; some values missing (None)
pairs = []
for label, n, centre in (("yes", 23, 0.6), ("no", 17, 0.3), (None, 4, 0.5)):
    bleu = values(n, centre, 0.15, 0, 1)
    syn = values(n, centre, 0.1, 0, 1)
    delta = values(n, centre - 0.45, 0.2, -1, 1)
    for i in range(n):
        pairs.append({"label": label, "bleu": None if i % 7 == 3 else bleu[i], "syn": syn[i], "delta": delta[i]})
# outliers beyond the whiskers
pairs.append({"label": "yes", "bleu": 0.0, "syn": 0.99, "delta": -0.95})
pairs.append({"label": "no", "bleu": 1.0, "syn": 0.02, "delta": 0.9})

expected = {}
for measure in ("bleu", "syn", "delta"):
    every = np.array([p[measure] for p in pairs if p["label"] is not None and p[measure] is not None])
    low, high = (0.0, 1.0) if every.min() >= 0 and every.max() <= 1 else (float(every.min()), float(every.max()))
    groups = {}
    for label in ("yes", "no"):
        x = np.array([p[measure] for p in pairs if p["label"] == label and p[measure] is not None])
        q1, median, q3 = (float(v) for v in np.percentile(x, [25, 50, 75]))
        iqr = q3 - q1
        counts, edges = np.histogram(x, bins=BINS, range=(low, high))
        groups[label] = {
            "n": int(x.size), "min": float(x.min()), "q1": q1, "median": median, "q3": q3, "max": float(x.max()),
            "whiskerLow": float(x[x >= q1 - 1.5 * iqr].min()), "whiskerHigh": float(x[x <= q3 + 1.5 * iqr].max()),
            "mean": float(x.mean()), "histogram": [int(c) for c in counts],
        }
    expected[measure] = {"edges": [float(e) for e in np.histogram_bin_edges(every, bins=BINS, range=(low, high))], "groups": groups}

print(json.dumps({"numpy": np.__version__, "bins": BINS, "pairs": pairs, "expected": expected}, indent=1))
