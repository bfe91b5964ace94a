/**
 * A binary min-heap of numbers in a preallocated Float64Array (no per-item objects). Holds integers up to
 * 2^53 exactly, so packed keys (weight · 2^k + index) and plain indices both fit.
 */
export class MinHeap {
  private readonly heap: Float64Array;
  size = 0;

  /** @param capacity the most items ever held at once */
  constructor(capacity: number) {
    this.heap = new Float64Array(capacity);
  }

  push(key: number): void {
    const heap = this.heap;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heap[p] <= key) break;
      heap[i] = heap[p];
      i = p;
    }
    heap[i] = key;
  }

  /** Removes and returns the smallest key; the heap must not be empty. */
  pop(): number {
    const heap = this.heap;
    const top = heap[0];
    const last = heap[--this.size];
    const size = this.size;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && heap[child + 1] < heap[child]) child++;
      if (heap[child] >= last) break;
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
