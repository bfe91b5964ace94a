/*
 * Reference loop for `npm run bench`: the recursive backtracker on a full w × h square grid, as plain as C
 * makes it (byte array of visited cells, int stack, xorshift32), for comparison with mazebook's
 * topology-neutral backtracker and with the same loop in JavaScript (bench/reference/backtracker.ts).
 * Compiled with gcc -O2 by the bench when gcc is present; never by the tests.
 *
 * Usage: backtracker WIDTH HEIGHT ROUNDS   prints the median, lower and upper quartile of the CPU times of
 *                                          ROUNDS runs (after one untimed run) in ms, and a checksum
 * (CPU time, as the bench measures the JavaScript loops, so other work on a shared machine counts least).
 * Open walls: east[c] (between c and c + 1) and south[c] (between c and c + w), one byte per cell.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void carve(int w, int h, uint32_t seed, uint8_t *visited, int32_t *stack, uint8_t *east, uint8_t *south) {
  const int n = w * h;
  memset(visited, 0, (size_t)n);
  memset(east, 0, (size_t)n);
  memset(south, 0, (size_t)n);
  uint32_t s = seed ? seed : 1;
  int sp = 0;
  visited[0] = 1;
  stack[sp++] = 0;
  int choices[4];
  while (sp > 0) {
    const int c = stack[sp - 1];
    const int x = c % w;
    const int y = c / w;
    int k = 0;
    if (x > 0 && !visited[c - 1]) choices[k++] = 0;
    if (x < w - 1 && !visited[c + 1]) choices[k++] = 1;
    if (y > 0 && !visited[c - w]) choices[k++] = 2;
    if (y < h - 1 && !visited[c + w]) choices[k++] = 3;
    if (k == 0) {
      sp--;
      continue;
    }
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    int next;
    switch (choices[s % (uint32_t)k]) {
      case 0: next = c - 1; east[next] = 1; break;
      case 1: next = c + 1; east[c] = 1; break;
      case 2: next = c - w; south[next] = 1; break;
      default: next = c + w; south[c] = 1; break;
    }
    visited[next] = 1;
    stack[sp++] = next;
  }
}

static int by_value(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The q-quantile of n sorted values, interpolated between neighbours. */
static double at(const double *sorted, int n, double q) {
  const double i = (n - 1) * q;
  const int lo = (int)i;
  const int hi = lo + 1 < n ? lo + 1 : lo;
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (i - lo);
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s WIDTH HEIGHT ROUNDS\n", argv[0]);
    return 2;
  }
  const int w = atoi(argv[1]);
  const int h = atoi(argv[2]);
  const int rounds = atoi(argv[3]);
  const int n = w * h;
  uint8_t *visited = malloc((size_t)n);
  int32_t *stack = malloc((size_t)n * sizeof(int32_t));
  uint8_t *east = malloc((size_t)n);
  uint8_t *south = malloc((size_t)n);
  double *times = malloc((size_t)rounds * sizeof(double));
  long checksum = 0;
  for (int r = -1; r < rounds; r++) { /* run -1 warms the caches */
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    carve(w, h, 0x9e3779b9u + (uint32_t)(r + 1), visited, stack, east, south);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    if (r >= 0) times[r] = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
    for (int c = 0; c < n; c += 97) checksum += east[c] + 2 * south[c];
  }
  qsort(times, (size_t)rounds, sizeof(double), by_value);
  printf("%.4f %.4f %.4f %ld\n", at(times, rounds, 0.5), at(times, rounds, 0.25), at(times, rounds, 0.75), checksum);
  free(times);
  free(visited);
  free(stack);
  free(east);
  free(south);
  return 0;
}
