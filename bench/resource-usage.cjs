// Preloaded (node --require) into a command the bench runs: at exit, writes the process's CPU time and
// peak memory as JSON to the file named by MAZEBOOK_BENCH_USAGE. Peak memory is VmHWM from
// /proc/self/status where there is one (getrusage's maxRSS survives exec, so a child would report its
// parent's), else process.resourceUsage's.
const { readFileSync, writeFileSync } = require('node:fs');

process.on('exit', () => {
  const file = process.env.MAZEBOOK_BENCH_USAGE;
  if (!file) return;
  const u = process.resourceUsage();
  let maxRssKb = u.maxRSS;
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) maxRssKb = Number(hwm[1]);
  } catch {
    // not Linux: keep resourceUsage's figure
  }
  writeFileSync(file, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, maxRssKb }));
});
