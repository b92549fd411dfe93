/**
 * The exact solution of a small transportation problem (the linear programme behind the Earth
 * Mover's and Word Mover's Distance, Kusner et al. 2015): move integer supplies to integer
 * demands of the same total at the least total cost. Successive shortest paths (Ahuja, Magnanti &
 * Orlin 1993, ch. 9) on the bipartite residual network, with Dijkstra on reduced costs (Johnson
 * potentials), dense: a text has a few dozen distinct words, so O(V²) per augmenting path is the
 * fastest layout. Integer supplies make every augmentation move a whole unit amount, so the
 * result is an optimal vertex of the transport polytope, not a relaxed bound (gensim's
 * `wmdistance` solves the same programme with pyemd / POT).
 */

export interface TransportSolution {
  /** Σ flow[i][j] · cost[i][j] */
  cost: number;
  /** flow[i * demands.length + j] from supply i to demand j */
  flow: Float64Array;
}

function checkAmounts(amounts: readonly number[], label: string): number {
  let total = 0;
  for (const a of amounts) {
    if (!Number.isSafeInteger(a) || a < 0) throw new RangeError(`${label} must be non-negative integers`);
    total += a;
  }
  return total;
}

/**
 * Minimum-cost transport of `supplies` to `demands` (equal totals) over `cost` (row-major,
 * supplies × demands, finite and non-negative).
 */
export function solveTransport(
  supplies: readonly number[],
  demands: readonly number[],
  cost: ArrayLike<number>,
): TransportSolution {
  const n = supplies.length;
  const m = demands.length;
  if (checkAmounts(supplies, 'supplies') !== checkAmounts(demands, 'demands'))
    throw new RangeError('supplies and demands must have the same total');
  if (cost.length !== n * m) throw new RangeError(`cost must have ${n} × ${m} entries`);
  for (let k = 0; k < cost.length; k += 1) {
    const c = cost[k]!;
    if (!Number.isFinite(c) || c < 0) throw new RangeError('costs must be finite and non-negative');
  }
  const supplyLeft = Float64Array.from(supplies);
  const demandLeft = Float64Array.from(demands);
  const flow = new Float64Array(n * m);
  // Nodes 0..n-1 are supplies, n..n+m-1 demands. Potentials keep reduced costs non-negative.
  const size = n + m;
  const potential = new Float64Array(size);
  const dist = new Float64Array(size);
  const previous = new Int32Array(size);
  const done = new Uint8Array(size);

  for (;;) {
    // Multi-source Dijkstra from every supply with something left (the virtual source).
    dist.fill(Infinity);
    previous.fill(-1);
    done.fill(0);
    for (let i = 0; i < n; i += 1) if (supplyLeft[i]! > 0) dist[i] = 0;
    for (;;) {
      let u = -1;
      for (let v = 0; v < size; v += 1) if (!done[v] && dist[v]! < Infinity && (u < 0 || dist[v]! < dist[u]!)) u = v;
      if (u < 0) break;
      done[u] = 1;
      if (u < n) {
        for (let j = 0; j < m; j += 1) {
          const v = n + j;
          const reduced = Math.max(0, cost[u * m + j]! + potential[u]! - potential[v]!);
          if (dist[u]! + reduced < dist[v]!) {
            dist[v] = dist[u]! + reduced;
            previous[v] = u;
          }
        }
      } else {
        const j = u - n;
        for (let i = 0; i < n; i += 1) {
          if (flow[i * m + j]! <= 0) continue;
          const reduced = Math.max(0, -cost[i * m + j]! + potential[u]! - potential[i]!);
          if (dist[u]! + reduced < dist[i]!) {
            dist[i] = dist[u]! + reduced;
            previous[i] = u;
          }
        }
      }
    }
    // The nearest demand that still needs something ends the augmenting path.
    let sink = -1;
    for (let j = 0; j < m; j += 1)
      if (demandLeft[j]! > 0 && dist[n + j]! < Infinity && (sink < 0 || dist[n + j]! < dist[sink]!)) sink = n + j;
    if (sink < 0) break;
    for (let v = 0; v < size; v += 1) if (dist[v]! < Infinity) potential[v]! += dist[v]!;

    let amount = demandLeft[sink - n]!;
    let v = sink;
    while (previous[v]! >= 0) {
      const u = previous[v]!;
      if (u >= n) amount = Math.min(amount, flow[v * m + (u - n)]!); // undoing flow from supply v
      v = u;
    }
    amount = Math.min(amount, supplyLeft[v]!);
    supplyLeft[v]! -= amount;
    demandLeft[sink - n]! -= amount;
    v = sink;
    while (previous[v]! >= 0) {
      const u = previous[v]!;
      if (u < n) flow[u * m + (v - n)]! += amount;
      else flow[v * m + (u - n)]! -= amount;
      v = u;
    }
  }

  let total = 0;
  for (let k = 0; k < flow.length; k += 1) if (flow[k]! > 0) total += flow[k]! * cost[k]!;
  return { cost: total, flow };
}
