#!/usr/bin/python3
"""Reference values for lib/stats/threshold-analysis.ts, computed with scikit-learn (Debian's
python3-sklearn 1.2) and, for DeLong's interval, the O(m·n) definition (DeLong et al. 1988) in
numpy, independent of the rank formulation the TypeScript code uses.
Run: /usr/bin/python3 lib/stats/__fixtures__/generate-threshold-cases.py > lib/stats/__fixtures__/threshold-cases.json
"""
import json
import numpy as np
import sklearn
from sklearn.metrics import roc_auc_score, precision_recall_curve, roc_curve, f1_score, confusion_matrix

rng = np.random.default_rng(20261126)


def delong(scores, labels):
    pos = scores[labels]
    neg = scores[~labels]
    m, n = len(pos), len(neg)
    psi = (pos[:, None] > neg[None, :]).astype(float) + 0.5 * (pos[:, None] == neg[None, :])
    auc = psi.mean()
    v10 = psi.mean(axis=1)
    v01 = psi.mean(axis=0)
    var = v10.var(ddof=1) / m + v01.var(ddof=1) / n
    sd = np.sqrt(var)
    z = 1.959963984540054
    return [max(0.0, auc - z * sd), min(1.0, auc + z * sd)]


def case(name, scores, labels, at):
    scores = np.asarray(scores, dtype=float)
    labels = np.asarray(labels, dtype=bool)
    distinct = sorted(set(scores.tolist()), reverse=True)
    f1s = [f1_score(labels, scores >= t, zero_division=0) for t in distinct]
    best_f1 = max(f1s)
    best_t = max(t for t, f in zip(distinct, f1s) if f == best_f1)
    p, r, thr = precision_recall_curve(labels, scores)
    fpr, tpr, rthr = roc_curve(labels, scores, drop_intermediate=False)
    tn, fp, fn, tp = confusion_matrix(labels, scores >= at, labels=[False, True]).ravel()
    return {
        'name': name,
        'scores': scores.tolist(),
        'labels': labels.tolist(),
        'auc': roc_auc_score(labels, scores),
        'aucCi95DeLong': delong(scores, labels),
        'best': {'threshold': best_t, 'f1': best_f1},
        'at': {'threshold': at, 'tp': int(tp), 'fp': int(fp), 'fn': int(fn), 'tn': int(tn)},
        'pr': {'thresholds': thr.tolist(), 'precision': p[:-1].tolist(), 'recall': r[:-1].tolist()},
        'roc': {'thresholds': rthr[1:].tolist(), 'fpr': fpr[1:].tolist(), 'tpr': tpr[1:].tolist()},
    }


cases = []
# A small hand case with a tie across the classes.
cases.append(case('hand', [0.1, 0.4, 0.35, 0.8, 0.4, 0.9], [False, False, True, True, True, False], 0.4))
# Continuous scores, labels drawn from a logistic link (a measure that separates moderately).
x = rng.random(300)
y = rng.random(300) < 1 / (1 + np.exp(-(x - 0.5) * 6))
cases.append(case('continuous', np.round(x, 6), y, 0.8))
# Scores rounded to one decimal: many ties within and across classes.
x = rng.random(400)
y = rng.random(400) < x
cases.append(case('ties', np.round(x, 1), y, 0.5))
# A measure where most pairs share one value (e.g. BLEU 0 for unrelated texts).
x = np.where(rng.random(250) < 0.7, 0.0, np.round(rng.random(250), 3))
y = rng.random(250) < np.where(x > 0, 0.7, 0.3)
cases.append(case('many-equal', x, y, 0.5))
print(json.dumps({'generator': 'generate-threshold-cases.py', 'sklearn': sklearn.__version__, 'numpy': np.__version__, 'cases': cases}, indent=None))
