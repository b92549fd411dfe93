"""Generates reference-cases.json: random rating matrices and the agreement coefficients that
independent Python implementations give for them. Run offline with Debian's python3-numpy
1.24.2, python3-nltk 3.8, python3-statsmodels 0.13.5 and python3-sklearn 1.2.1:

    /usr/bin/python3 lib/agreement/__fixtures__/generate-reference-cases.py

- alpha (all levels): a NumPy transcription of pln-fing-udelar/fast-krippendorff
  (src/krippendorff/krippendorff.py: _coincidences, _distances, the four metrics), the
  reference implementation docs/statistics.md names (PyPI `krippendorff`, unreachable here);
- nltkNominal / nltkInterval: nltk.metrics.agreement.AnnotationTask.alpha with
  binary_distance / interval_distance;
- fleiss: statsmodels.stats.inter_rater.fleiss_kappa on aggregate_raters counts;
- cohen*: sklearn.metrics.cohen_kappa_score (weights None / 'linear' / 'quadratic');
- gwetAC1: Gwet (2008) as implemented by irrCAC's CAC.gwet (transcribed);
- percentAgreement / meanPairwiseAgreement: direct definitions.
"""
import json
import os

import numpy as np
def nominal(v1,v2,i1,i2,n_v): return (v1!=v2).astype(float)
def ordinal(v1,v2,i1,i2,n_v):
    i1, i2 = np.minimum(i1, i2), np.maximum(i1, i2)
    ranges = np.dstack((i1, i2 + 1))
    sums = np.add.reduceat(np.append(n_v, 0), ranges.reshape(-1))[::2].reshape(*i1.shape)
    return (sums - (n_v[i1] + n_v[i2]) / 2) ** 2
def interval(v1,v2,i1,i2,n_v): return (v1-v2).astype(float)**2
def ratio(v1,v2,i1,i2,n_v):
    s=v1+v2
    return np.divide(v1-v2, s, out=np.zeros(np.broadcast(v1,v2).shape), where=s!=0)**2
METRICS=dict(nominal=nominal, ordinal=ordinal, interval=interval, ratio=ratio)
def alpha(data, level, domain=None):
    data=np.asarray(data, dtype=float)
    if domain is None: domain=np.unique(data[~np.isnan(data)])
    domain=np.asarray(domain, dtype=float)
    vc=(data.T[...,None]==domain[None,None,:]).sum(axis=1)
    vc=vc[vc.sum(axis=1)>1]
    V=len(domain)
    pairable=np.maximum(vc.sum(axis=1),2)
    diag=vc[:,None,:]*np.eye(V)[None,...]
    o=((vc[...,None]*vc[:,None,:]-diag)/(pairable-1).reshape(-1,1,1)).sum(axis=0)
    n_v=o.sum(axis=0)
    idx=np.arange(V)
    d=METRICS[level](domain[:,None],domain[None,:],idx[:,None],idx[None,:],n_v)
    e=(np.outer(n_v,n_v)-np.diagflat(n_v))/(n_v.sum()-1)
    return 1-(o*d).sum()/(e*d).sum()
from nltk.metrics.agreement import AnnotationTask
from nltk.metrics.distance import binary_distance, interval_distance
from statsmodels.stats.inter_rater import fleiss_kappa, aggregate_raters
from sklearn.metrics import cohen_kappa_score
rng=np.random.RandomState(2024)
def make(coders, units, values, missing, agree=0.6):
    truth=rng.choice(values, size=units)
    m=np.empty((coders,units))
    for c in range(coders):
        for u in range(units):
            m[c,u]= truth[u] if rng.rand()<agree else rng.choice(values)
            if rng.rand()<missing: m[c,u]=np.nan
    return m
def gwet(m, q):
    vals=np.unique(m[~np.isnan(m)])
    cats=vals
    counts=np.array([[np.sum(m[:,u]==k) for k in cats] for u in range(m.shape[1])],float)
    r=counts.sum(1)
    keep=r>=1
    counts=counts[keep]; r=r[keep]
    two=r>=2
    pa=np.mean((counts[two]*(counts[two]-1)).sum(1)/(r[two]*(r[two]-1)))
    pi=(counts/r[:,None]).mean(0)
    pe=np.sum(pi*(1-pi))/(q-1)
    return (pa-pe)/(1-pe)
def pct(m):
    out=[];pw=[]
    for u in range(m.shape[1]):
        col=m[:,u]; col=col[~np.isnan(col)]
        if len(col)<2: continue
        out.append(len(set(col))==1)
        vals,cnt=np.unique(col,return_counts=True)
        pw.append((cnt*(cnt-1)).sum()/(len(col)*(len(col)-1)))
    return float(np.mean(out)), float(np.mean(pw))
def tolist(m): return [[None if np.isnan(v) else (int(v) if float(v).is_integer() else float(v)) for v in row] for row in m]
cases={}
A=make(5,40,[1,2,3,4,5],0.25)
B=make(3,60,[0,0.5,1.5,3,7.25,10],0.1)
C=make(2,50,[1,2,3,4],0.0)
D=make(4,30,[1,2,3],0.0,agree=0.8)
for name,m in dict(A=A,B=B,C=C,D=D).items():
    res={'ratings':tolist(m)}
    for l in ['nominal','ordinal','interval','ratio']:
        res[l]=float(alpha(m,l))
    triples=[(f'c{c}',f'u{u}',float(m[c,u])) for c in range(m.shape[0]) for u in range(m.shape[1]) if not np.isnan(m[c,u])]
    res['nltkNominal']=float(AnnotationTask(data=triples,distance=binary_distance).alpha())
    res['nltkInterval']=float(AnnotationTask(data=triples,distance=interval_distance).alpha())
    q=len(np.unique(m[~np.isnan(m)]))
    res['gwetAC1']=float(gwet(m,q))
    res['percentAgreement'],res['meanPairwiseAgreement']=pct(m)
    if not np.isnan(m).any():
        table,_=aggregate_raters(m.T.astype(int) if float(m[0,0]).is_integer() else m.T)
        res['fleiss']=float(fleiss_kappa(table))
        if m.shape[0]==2:
            res['cohen']=float(cohen_kappa_score(m[0],m[1]))
            res['cohenLinear']=float(cohen_kappa_score(m[0],m[1],weights='linear'))
            res['cohenQuadratic']=float(cohen_kappa_score(m[0],m[1],weights='quadratic'))
    cases[name]=res
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference-cases.json")
with open(OUT, "w") as f:
    json.dump(cases, f)
for k,v in cases.items(): print(k, {kk:vv for kk,vv in v.items() if kk!='ratings'})
