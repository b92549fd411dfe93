"""Generates the reference fixtures of the alt-test (Calderon, Reichart and Dror, ACL 2025;
docs/sources.md#alt-test) and of the tests it uses, from the authors' own notebook:

    python3 lib/agreement/__fixtures__/generate-alt-test-cases.py <path>/alt_test_example.ipynb

Run with pyenv's Python 3.11, NumPy 2.4 and SciPy 1.17. The notebook comes from the repository
nitaytech/AltTest at commit 18428b1 (for instance `git show 18428b1:alt_test_example.ipynb`). It states
no licence, so none of its code is in Paralens: this script reads the notebook's code cells at run
time and executes only the definitions the procedure needs (`open_json`, `by_procedure`, `accuracy`,
`neg_rmse`, `ttest`, `alt_test`) and the import-only cells before them; the simulation cells are not
run. To see the per-annotator p-values, which `alt_test` does not return, the notebook's own `ttest`
and `by_procedure` are wrapped in its namespace: each call is recorded and passed through unchanged.

Written (JSON; NaN and infinities as the strings "nan", "inf", "-inf"):
- lib/stats/__fixtures__/hypothesis-tests.json: scipy.stats.ttest_1samp and scipy.stats.wilcoxon
  (default arguments: zero_method='wilcox', correction=False, method='auto') on random and edge-case
  samples for the three alternatives, scipy.special.ndtr at a few points. `method` records which
  branch scipy's 'auto' takes (exact distribution, exact enumeration of the 2^n sign flips through
  permutation_test, or the normal approximation); each is confirmed by calling scipy again with that
  method spelled out.
- alt-test/by-cases.json: the notebook's by_procedure on p-value lists (ties, NaN, several q).
- alt-test/random-cases.json: random annotation sets (categories with accuracy, 0-4 ratings with
  negative RMSE; 1-6 annotators, some under 30 instances, missing answers; epsilon 0, 0.1, 0.15,
  0.2) and edge cases, each run through the notebook's alt_test twice: as published ('skip': an
  annotator under 30 instances is left out) and with the FAQ's advice ('wilcoxon': the notebook with
  min_instances_per_human=1 and its ttest replaced, below 30 instances, by
  scipy.stats.wilcoxon(d - epsilon, alternative='less')).
- alt-test/mtbench/expected.json: the notebook's alt_test on its MT-Bench data (committed beside this
  script with its provenance, alt-test/mtbench/README.md), epsilon 0.2 and accuracy as the notebook
  runs it, for every LLM; the printed line of the notebook's stored output is checked to match.
"""
import ast
import contextlib
import hashlib
import io
import json
import math
import os
import re
import sys

import numpy as np
import scipy
from scipy import special, stats

HERE = os.path.dirname(os.path.abspath(__file__))
ALT = os.path.join(HERE, 'alt-test')
STATS_FIXTURES = os.path.join(HERE, '..', '..', 'stats', '__fixtures__')
WANTED = {'open_json', 'by_procedure', 'accuracy', 'neg_rmse', 'ttest', 'alt_test'}


def load_notebook(path):
    """The notebook's namespace after running its import cells and the wanted definitions."""
    with open(path, encoding='utf-8') as f:
        notebook = json.load(f)
    namespace = {'__name__': 'alt_test_notebook'}
    outputs = []
    for cell in notebook['cells']:
        if cell['cell_type'] != 'code':
            continue
        source = ''.join(cell['source'])
        tree = ast.parse(source)
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        defined = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in WANTED]
        if imports and len(imports) == len(tree.body):
            keep = imports
        elif defined:
            keep = imports + defined
        else:
            outputs.append(''.join(''.join(o.get('text', '')) for o in cell.get('outputs', [])))
            continue
        exec(compile(ast.Module(body=keep, type_ignores=[]), path, 'exec'), namespace)
    missing = WANTED - set(namespace)
    if missing:
        raise SystemExit(f'the notebook does not define {sorted(missing)}')
    return namespace, '\n'.join(outputs)


def num(x):
    x = float(x)
    if math.isnan(x):
        return 'nan'
    if math.isinf(x):
        return 'inf' if x > 0 else '-inf'
    return x


def wilcoxon_method(d):
    """The branch scipy 1.17's wilcoxon(method='auto') takes (scipy/stats/_wilcoxon.py)."""
    d = np.asarray(d, float)
    if len(d) > 50:
        return 'asymptotic'
    nonzero = np.abs(d[d != 0])
    ties = len(np.unique(nonzero)) < len(nonzero)
    if not ties and not np.any(d == 0):
        return 'exact'
    return 'permutation' if len(d) <= 13 else 'asymptotic'


def wilcoxon_case(d, alternative):
    d = np.asarray(d, float)
    res = stats.wilcoxon(d, alternative=alternative)
    method = wilcoxon_method(d)
    if len(d) > 0:
        explicit = stats.PermutationMethod() if method == 'permutation' else method
        check = stats.wilcoxon(d, alternative=alternative, method=explicit)
        same = (math.isnan(check.pvalue) and math.isnan(res.pvalue)) or check.pvalue == res.pvalue
        assert same, (list(d), alternative, method, res.pvalue, check.pvalue)
    return {'x': [float(v) for v in d], 'alternative': alternative, 'method': method,
            'statistic': num(res.statistic), 'pvalue': num(res.pvalue)}


def ttest_case(x, popmean, alternative):
    with np.errstate(all='ignore'):
        res = stats.ttest_1samp(x, popmean, alternative=alternative)
    return {'x': [float(v) for v in x], 'popmean': popmean, 'alternative': alternative,
            'statistic': num(res.statistic), 'pvalue': num(res.pvalue)}


def hypothesis_tests(rng):
    alternatives = ['less', 'greater', 'two-sided']
    ttests, wilcoxons = [], []
    for n in [2, 3, 5, 8, 13, 20, 30, 31, 47, 60, 120, 400]:
        x = np.round(rng.normal(0.1, 1, n), 3)
        for popmean in [0.0, 0.2]:
            for alternative in alternatives:
                ttests.append(ttest_case(x, popmean, alternative))
    for n in [3, 29, 30, 64, 250]:
        x = rng.choice([-1.0, 0.0, 1.0], size=n, p=[0.3, 0.4, 0.3])
        for popmean in [0.0, 0.1, 0.15, 0.2]:
            ttests.append(ttest_case(x, popmean, 'less'))
    # zero variance: t = ±inf (p 0 or 1) or 0/0 (NaN); one value: NaN
    for x, popmean in [([0, 0, 0, 0], 0.0), ([0, 0, 0, 0], 0.1), ([1, 1, 1], 0.2), ([-1] * 40, 0.15), ([1.0], 0.0)]:
        for alternative in alternatives:
            ttests.append(ttest_case(np.asarray(x, float), popmean, alternative))
    # extreme tail
    ttests.append(ttest_case(np.asarray([-1.0] * 60 + [0.0] * 5, float), 0.2, 'less'))
    # Wilcoxon: no ties (exact up to 50), ties or zeros (enumeration up to 13, normal beyond), > 50
    for n in [1, 2, 3, 6, 10, 13, 20, 35, 50, 51, 80]:
        x = np.round(rng.normal(0.3, 1, n), 6)
        for alternative in alternatives:
            wilcoxons.append(wilcoxon_case(x, alternative))
    for n in [2, 4, 7, 9, 13, 14, 20, 29, 50, 70]:
        x = rng.choice([-2.0, -1.0, 0.0, 1.0, 3.0], size=n)
        for alternative in alternatives:
            wilcoxons.append(wilcoxon_case(x, alternative))
    for n in [5, 12, 13, 14, 25, 29]:
        for eps in [0.0, 0.1, 0.2]:
            d = rng.choice([-1.0, 0.0, 1.0], size=n, p=[0.25, 0.5, 0.25]) - eps
            wilcoxons.append(wilcoxon_case(d, 'less'))
    for x in [[0.0] * 5, [0.0] * 20, [0.0, 1.0], [-1.0], [0.5, -0.5, 0.5], [0.9] * 13, [0.9] * 14, [-1.2] * 29]:
        for alternative in alternatives:
            wilcoxons.append(wilcoxon_case(x, alternative))
    points = [-40, -38.5, -20, -8.3, -5, -3, -1.959963984540054, -1, -0.3, 0, 0.3, 1, 2.5, 6, 9]
    normal = [{'z': z, 'cdf': float(special.ndtr(z))} for z in points]
    return {'ttest': ttests, 'wilcoxon': wilcoxons, 'normalCdf': normal}


def by_cases(namespace, rng):
    by = namespace['by_procedure']
    lists = [
        [0.001, 0.002, 0.03, 0.04, 0.2],
        [0.01, 0.01, 0.01, 0.5],
        [0.02, 0.02, 0.02, 0.02],
        [float('nan'), 0.0001, 0.3],
        [0.5],
        [0.0],
        [0.0, 0.0, float('nan')],
        [0.009, 0.011, 0.015, 0.5, 0.9, 0.0],
    ]
    for _ in range(20):
        m = int(rng.randint(1, 14))
        p = rng.choice([rng.uniform(0, 0.02), rng.uniform(0, 1)], size=m)
        lists.append([float(v) for v in np.round(p, 5)])
    out = []
    for p in lists:
        for q in [0.05, 0.1]:
            out.append({'pvalues': [num(v) for v in p], 'q': q, 'rejected': sorted(int(i) for i in by(p, q))})
    return out


def record_alt_test(namespace, llm, humans, scoring, epsilon, mode):
    """alt_test with ttest and by_procedure recorded; mode 'wilcoxon' swaps in scipy's Wilcoxon below 30."""
    original_ttest, original_by = namespace['ttest'], namespace['by_procedure']
    calls, by_calls = [], []

    def recorded_ttest(indicators, eps):
        d = [float(v) for v in indicators]
        counts = {str(k): d.count(k) for k in (-1, 0, 1)}
        if mode == 'wilcoxon' and len(d) < 30:
            case = wilcoxon_case(np.asarray(d) - eps, 'less')
            calls.append({'test': 'wilcoxon', 'n': len(d), 'counts': counts, 'method': case['method'],
                          'statistic': case['statistic'], 'pvalue': case['pvalue']})
            return float('nan') if case['pvalue'] == 'nan' else case['pvalue']
        p = original_ttest(indicators, eps)
        with np.errstate(all='ignore'):
            full = stats.ttest_1samp(indicators, eps, alternative='less')
        assert (math.isnan(p) and math.isnan(full.pvalue)) or p == full.pvalue
        calls.append({'test': 't', 'n': len(d), 'counts': counts, 'statistic': num(full.statistic), 'pvalue': num(p)})
        return p

    def recorded_by(p_values, q):
        rejected = original_by(p_values, q)
        by_calls.append(sorted(int(i) for i in rejected))
        return rejected

    namespace['ttest'], namespace['by_procedure'] = recorded_ttest, recorded_by
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), np.errstate(all='ignore'):
            import warnings
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                minimum = 1 if mode == 'wilcoxon' else 30
                result = namespace['alt_test'](llm, humans, scoring, epsilon=epsilon, min_instances_per_human=minimum)
        error = None
    except ZeroDivisionError as e:
        result, error = None, f'ZeroDivisionError: {e}'
    finally:
        namespace['ttest'], namespace['by_procedure'] = original_ttest, original_by
    lines = printed.getvalue().splitlines()
    skipped = [re.match(r'Skipping annotator (.*) with only (\d+) instances', line) for line in lines]
    skipped = {m.group(1): int(m.group(2)) for m in skipped if m}
    tested = [h for h in humans if h not in skipped]
    assert len(tested) == len(calls), (tested, calls)
    rejected = set(by_calls[0]) if by_calls else set()
    annotators = []
    call_of = dict(zip(tested, calls))
    for h in humans:
        if h in skipped:
            annotators.append({'annotator': h, 'test': 'skipped', 'n': skipped[h]})
            continue
        c = call_of[h]
        advantage = (c['counts']['-1'] + c['counts']['0']) / c['n']
        annotators.append({'annotator': h, **c, 'rejected': tested.index(h) in rejected, 'advantage': advantage})
    out = {'mode': mode, 'printed': lines, 'annotators': annotators}
    if error:
        out['error'] = error
    else:
        out['winningRate'], out['advantageProbability'] = num(result[0]), num(result[1])
    return out


def make_case(rng, name, annotators, items, scoring, epsilon, cover, agree, llm_agree, llm_missing=0.05, categories=None):
    values = list(categories) if categories else [0, 1, 2, 3, 4]
    truth = {f'i{u:03d}': values[rng.randint(len(values))] for u in range(items)}
    humans = {}
    for a in range(annotators):
        ann = {}
        for item, t in truth.items():
            if rng.rand() < cover[a]:
                ann[item] = t if rng.rand() < agree else values[rng.randint(len(values))]
        humans[f'h{a + 1}'] = ann
    llm = {}
    for item, t in truth.items():
        if rng.rand() >= llm_missing:
            llm[item] = t if rng.rand() < llm_agree else values[rng.randint(len(values))]
    return {'name': name, 'scoring': scoring, 'epsilon': epsilon, 'humans': humans, 'llm': llm}


def random_cases(namespace, rng):
    cases = []
    epsilons = [0.0, 0.1, 0.15, 0.2]
    for c in range(36):
        annotators = 2 + c % 5
        scoring = 'accuracy' if c % 2 == 0 else 'neg_rmse'
        categories = ['a', 'b', 'c', 'd'][: 2 + c % 3] if scoring == 'accuracy' else None
        items = int(rng.randint(20, 90))
        cover = [float(rng.uniform(0.25, 1.0)) for _ in range(annotators)]
        cases.append(make_case(rng, f'random-{c}', annotators, items, scoring, epsilons[c % 4], cover,
                               float(rng.uniform(0.4, 0.9)), float(rng.uniform(0.3, 0.95)), categories=categories))
    # edge cases
    same = {f'i{u:03d}': u % 3 for u in range(40)}
    for eps in [0.0, 0.1]:
        cases.append({'name': f'all-equal-eps-{eps}', 'scoring': 'accuracy', 'epsilon': eps,
                      'humans': {'h1': dict(same), 'h2': dict(same), 'h3': dict(same)}, 'llm': dict(same)})
    small = {k: v for k, v in list(same.items())[:20]}
    tiny = {k: v for k, v in list(same.items())[:8]}
    cases.append({'name': 'all-equal-small', 'scoring': 'accuracy', 'epsilon': 0.0,
                  'humans': {'h1': dict(small), 'h2': dict(small), 'h3': dict(tiny)}, 'llm': dict(small)})
    cases.append({'name': 'llm-always-wrong', 'scoring': 'neg_rmse', 'epsilon': 0.2,
                  'humans': {'h1': dict(same), 'h2': dict(same), 'h3': dict(same)},
                  'llm': {k: v + 3 for k, v in same.items()}})
    cases.append({'name': 'one-annotator', 'scoring': 'accuracy', 'epsilon': 0.1, 'humans': {'h1': dict(same)}, 'llm': dict(same)})
    cases.append({'name': 'no-shared-items', 'scoring': 'accuracy', 'epsilon': 0.1,
                  'humans': {'h1': dict(list(same.items())[:20]), 'h2': dict(list(same.items())[20:])}, 'llm': dict(same)})
    cases.append(make_case(rng, 'two-annotators', 2, 60, 'accuracy', 0.15, [1.0, 1.0], 0.7, 0.8, categories=['yes', 'no']))
    cases.append(make_case(rng, 'llm-good-crowd', 5, 80, 'accuracy', 0.1, [0.9] * 5, 0.6, 0.95, categories=['p', 'q', 'r']))
    cases.append(make_case(rng, 'small-annotators', 4, 40, 'neg_rmse', 0.1, [0.3, 0.5, 0.9, 1.0], 0.7, 0.8))
    out = []
    for case in cases:
        humans, llm = case['humans'], case['llm']
        serial = {'name': case['name'], 'scoring': case['scoring'], 'epsilon': case['epsilon'],
                  'humans': [[h, [[i, v] for i, v in ann.items()]] for h, ann in humans.items()],
                  'llm': [[i, v] for i, v in llm.items()]}
        serial['results'] = [record_alt_test(namespace, llm, humans, case['scoring'], case['epsilon'], m) for m in ('skip', 'wilcoxon')]
        out.append(serial)
    return out


def sha256(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def published(namespace, printed):
    folder = os.path.join(ALT, 'mtbench')
    files = {name: os.path.join(folder, f'{name}_annotations.json') for name in ('human', 'llm')}
    humans = namespace['open_json'](files['human'])
    llms = namespace['open_json'](files['llm'])
    results = []
    for llm_name, llm in llms.items():
        result = record_alt_test(namespace, llm, humans, 'accuracy', 0.2, 'skip')
        wr, ap = result['winningRate'], result['advantageProbability']
        line = f"mtbench {llm_name} [{'PASSED' if wr >= 0.5 else 'FAILED'}]:\tWinning Rate={wr:.2f}\tAdvantage Probability={ap:.2f}"
        assert line in printed.splitlines(), f'not in the notebook output: {line!r}'
        results.append({'llm': llm_name, 'notebookLine': line, **result})
    return {'dataset': 'mtbench', 'scoring': 'accuracy', 'epsilon': 0.2, 'q': 0.05,
            'sha256': {os.path.basename(p): sha256(p) for p in files.values()}, 'results': results}


def write(path, data):
    """One JSON object, each element of its lists on a line of its own."""
    compact = lambda v: json.dumps(v, ensure_ascii=False, separators=(',', ':'))
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            parts.append(f' {json.dumps(key)}: [\n  ' + ',\n  '.join(compact(v) for v in value) + '\n ]')
        else:
            parts.append(f' {json.dumps(key)}: {compact(value)}')
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8') as f:
        f.write('{\n' + ',\n'.join(parts) + '\n}\n')
    print('wrote', os.path.relpath(path))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        raise SystemExit('usage: generate-alt-test-cases.py <path to alt_test_example.ipynb>')
    NS, PRINTED = load_notebook(sys.argv[1])
    versions = {'python': sys.version.split()[0], 'numpy': np.__version__, 'scipy': scipy.__version__,
                'notebook_sha256': sha256(sys.argv[1])}
    rng = np.random.RandomState(35)
    write(os.path.join(STATS_FIXTURES, 'hypothesis-tests.json'), {'versions': versions, **hypothesis_tests(rng)})
    write(os.path.join(ALT, 'by-cases.json'), {'versions': versions, 'cases': by_cases(NS, rng)})
    write(os.path.join(ALT, 'random-cases.json'), {'versions': versions, 'cases': random_cases(NS, rng)})
    write(os.path.join(ALT, 'mtbench', 'expected.json'), {'versions': versions, **published(NS, PRINTED)})
