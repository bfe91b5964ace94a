/**
 * Disjoint sets of 0 … n − 1 (union–find) with path halving and union by size: all finds together take
 * about one step per element and union in practice. Every halving step counts against `budget`; past it,
 * `runaway()` is thrown (an internal bug, never the user's).
 */
export interface DisjointSets {
  /** The representative of x's set. */
  find(x: number): number;
  /** Joins the sets of a and b; false when they were already one. */
  union(a: number, b: number): boolean;
}

export function disjointSets(n: number, budget: number, runaway: () => Error): DisjointSets {
  const parent = new Int32Array(n);
  const size = new Int32Array(n).fill(1);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      if (--budget < 0) throw runaway();
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  return {
    find,
    union(a: number, b: number): boolean {
      let ra = find(a);
      let rb = find(b);
      if (ra === rb) return false;
      if (size[ra] < size[rb]) [ra, rb] = [rb, ra];
      parent[rb] = ra;
      size[ra] += size[rb];
      return true;
    },
  };
}
