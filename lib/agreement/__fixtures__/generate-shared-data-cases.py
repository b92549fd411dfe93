"""Generates shared-data-cases.json: agreement figures of the shared SICK re-annotation and
paraphrases-in-interviews files (../shared/datasets), computed independently of Paralens, for the
tests of the agreement points on real data. Run once, offline, with Debian's
python3-numpy and python3-sklearn:

    /usr/bin/python3 lib/agreement/__fixtures__/generate-shared-data-cases.py

- meanCohen: sklearn.metrics.cohen_kappa_score per annotator pair on the pairs both labelled,
  the mean over annotator pairs sharing at least minShared pairs whose kappa is defined;
- gwetAC1: Gwet (2008) as irrCAC's CAC.gwet computes it (the transcription of
  generate-reference-cases.py), q = the question's categories;
- alpha: nominal Krippendorff's alpha from the per-unit value counts (the fast-krippendorff
  transcription of generate-reference-cases.py), which is all alpha needs, so vote counts give it too;
- labels are trimmed (" C" is "C") unless the name says raw.
"""
import csv
import json
import os
import warnings

import numpy as np
from sklearn.metrics import cohen_kappa_score

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', '..', '..', '..', 'shared', 'datasets')
if not os.path.isdir(DATA):
    DATA = os.path.join(HERE, '..', '..', '..', '..', '..', 'shared', 'datasets')


def rows(path):
    with open(os.path.join(DATA, path), newline='', encoding='utf-8') as f:
        return list(csv.DictReader(f))


def alpha_from_counts(counts):
    """counts: units x categories; nominal alpha (Krippendorff 2011, coincidences)."""
    vc = np.asarray(counts, float)
    vc = vc[vc.sum(1) > 1]
    m = vc.sum(1)
    o = ((vc[:, :, None] * vc[:, None, :] - vc[:, :, None] * np.eye(vc.shape[1])[None]) / (m - 1)[:, None, None]).sum(0)
    n_v = o.sum(0)
    n = n_v.sum()
    d_o = n - np.trace(o)
    d_e = (n * n - (n_v ** 2).sum()) / (n - 1)
    return 1 - d_o / d_e


def gwet_from_counts(counts, q):
    counts = np.asarray(counts, float)
    r = counts.sum(1)
    counts, r = counts[r >= 1], r[r >= 1]
    two = r >= 2
    pa = np.mean((counts[two] * (counts[two] - 1)).sum(1) / (r[two] * (r[two] - 1)))
    pi = (counts / r[:, None]).mean(0)
    pe = np.sum(pi * (1 - pi)) / (q - 1)
    return (pa - pe) / (1 - pe)


def counts_of(labels_by_unit, categories):
    return [[labels.count(c) for c in categories] for labels in labels_by_unit.values()]


def mean_cohen(by_coder, min_shared):
    coders = sorted(by_coder)
    kappas, used, too_few, undefined = [], 0, 0, 0
    for i, a in enumerate(coders):
        for b in coders[i + 1:]:
            shared = sorted(set(by_coder[a]) & set(by_coder[b]))
            if not shared:
                continue
            if len(shared) < min_shared:
                too_few += 1
                continue
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                k = cohen_kappa_score([by_coder[a][u] for u in shared], [by_coder[b][u] for u in shared])
            if np.isnan(k):
                undefined += 1
            else:
                used += 1
                kappas.append(k)
    return {'mean': float(np.mean(kappas)), 'used': used, 'tooFewShared': too_few, 'undefinedKappa': undefined}


out = {}

sick = rows('sick-reannotation-kalouli2019/derived_per_annotator_labels.csv')
NLI = ['E', 'C', 'N', 'D']
units, coders = {}, {}
for r in sick:
    units.setdefault(r['pair_id'], []).append(r['label'].strip())
    coders.setdefault(r['annotator_key'], {})[r['pair_id']] = r['label'].strip()
out['sick'] = {
    'alpha': float(alpha_from_counts(counts_of(units, NLI))),
    'gwetAC1': float(gwet_from_counts(counts_of(units, NLI), len(NLI))),
    'meanCohen10': mean_cohen(coders, 10),
    'meanCohen1': mean_cohen(coders, 1),
}

calibration = rows('sick-reannotation-kalouli2019/derived_calibration_per_annotator.csv')
CAL = ['E', 'C', 'N', 'D', 'No relation']
trimmed, raw = {}, {}
for r in calibration:
    trimmed.setdefault(r['pair_id'], []).append(r['label'].strip())
    raw.setdefault(r['pair_id'], []).append(r['label'])
raw_categories = sorted({r['label'] for r in calibration})
out['calibration'] = {
    'alpha': float(alpha_from_counts(counts_of(trimmed, CAL))),
    'alphaRaw': float(alpha_from_counts(counts_of(raw, raw_categories))),
    'units': len(trimmed),
}

interviews = {}
for split in ['dev', 'test']:
    items = rows(f'paraphrases-in-interviews/derived_items_{split}.csv')
    votes = [[int(i['votes_paraphrase']), int(i['votes_total']) - int(i['votes_paraphrase'])] for i in items]
    judged = {}
    for r in rows(f'paraphrases-in-interviews/derived_per_annotator_{split}.csv'):
        judged.setdefault(r['qid'], []).append(r['is_paraphrase'])
    interviews[split] = {
        'votes': votes,
        'alpha': float(alpha_from_counts(votes)),
        'gwetAC1': float(gwet_from_counts(votes, 2)),
        'alphaFromJudgments': float(alpha_from_counts(counts_of(judged, ['1', '0']))),
    }
out['interviews'] = {s: {k: v for k, v in d.items() if k != 'votes'} for s, d in interviews.items()}

with open(os.path.join(HERE, 'shared-data-cases.json'), 'w') as f:
    json.dump(out, f, indent=1)
    f.write('\n')
print(json.dumps(out, indent=1))
