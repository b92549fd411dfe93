#!/usr/bin/python3
"""Reference values for lib/dashboards/label-comparison.ts, computed with scikit-learn (Debian's
python3-sklearn): confusion_matrix, cohen_kappa_score, accuracy_score and
precision_recall_fscore_support (positive label 'yes'); the kappa standard error is statsmodels'
cohens_kappa std_kappa (Fleiss, Cohen & Everitt 1969) transcribed in NumPy (statsmodels is not
installed here), with the Wald interval kappa +- 1.959963984540054 * se.
Run: /usr/bin/python3 lib/dashboards/__fixtures__/generate-label-comparison-cases.py > lib/dashboards/__fixtures__/label-comparison-cases.json
"""
import json
import numpy as np
import sklearn
from sklearn.metrics import accuracy_score, cohen_kappa_score, confusion_matrix, precision_recall_fscore_support

rng = np.random.default_rng(20261127)


def kappa_se(table, kappa):
    table = np.asarray(table, float)
    nobs = table.sum()
    probs = table / nobs
    freq_row = table.sum(1) / nobs
    freq_col = table.sum(0) / nobs
    agree_exp = (freq_row * freq_col).sum()
    term_a = (np.diag(probs) * (1 - (freq_row + freq_col) * (1 - kappa)) ** 2).sum()
    term_b = probs * (freq_col[:, None] + freq_row) ** 2
    idx = np.arange(table.shape[0])
    term_b[idx, idx] = 0
    term_b = (1 - kappa) ** 2 * term_b.sum()
    term_c = (kappa - agree_exp * (1 - kappa)) ** 2
    return float(np.sqrt((term_a + term_b - term_c) / (1 - agree_exp) ** 2 / nobs))


def case(name, mine, other, order, binary):
    labels = list(order) + sorted((set(mine) | set(other)) - set(order))
    kappa = float(cohen_kappa_score(mine, other, labels=labels))
    table = confusion_matrix(mine, other, labels=labels)
    se = kappa_se(table, kappa)
    out = {
        'name': name, 'mine': list(mine), 'other': list(other), 'order': list(order), 'categories': labels,
        'matrix': table.tolist(), 'agreement': float(accuracy_score(other, mine)), 'kappa': kappa, 'se': se,
        'ci95': [kappa - 1.959963984540054 * se, kappa + 1.959963984540054 * se],
    }
    if binary:
        p, r, f, _ = precision_recall_fscore_support(other, mine, pos_label='yes', average='binary', zero_division=0)
        out['binary'] = {'precision': float(p), 'recall': float(r), 'f1': float(f)}
    return out


def noisy(truth, values, keep):
    return [t if rng.random() < keep else str(rng.choice(values)) for t in truth]


cases = []
yes_no = ['yes', 'no']
truth = [str(v) for v in rng.choice(yes_no, size=400, p=[0.6, 0.4])]
cases.append(case('yes/no, 400 pairs, 80 % kept', noisy(truth, yes_no, 0.8), truth, yes_no, True))
nli = ['E', 'C', 'N']
truth = [str(v) for v in rng.choice(nli, size=150)]
cases.append(case('three NLI labels, 150 pairs, 70 % kept', noisy(truth, nli, 0.7), truth, nli, False))
# an unused category of the question and a value outside it (a corpus's own label set)
truth = [str(v) for v in rng.choice(['E', 'C', 'N', 'X'], size=60)]
cases.append(case('an unused category and a foreign one', noisy([t if t != 'X' else 'N' for t in truth], nli, 0.6), truth, ['E', 'C', 'N', 'D'], False))
print(json.dumps({'sklearn': sklearn.__version__, 'cases': cases}, indent=1))
