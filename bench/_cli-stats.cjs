// Preloaded into the `svc` process the cost bench runs (NODE_OPTIONS=--require …): writes, at exit,
// the process's peak RSS (the kernel's own maxRSS, not a sample) and when the HTTP responses ended
// (undici's diagnostics channels), so the bench can split fetch from workbook without touching the CLI.
// Does nothing unless SVC_BENCH_STATS names the file to write.
'use strict';
const file = process.env.SVC_BENCH_STATS;
if (file) {
  const { writeFileSync } = require('node:fs');
  const dc = require('node:diagnostics_channel');
  const MB = 1024 * 1024;
  const now = () => process.uptime();
  const stats = { firstRequest: null, rssAtFirstRequest: null, responsesEnd: null, cpuAtResponsesEnd: null, rssAtResponsesEnd: null, maxRssAtResponsesEnd: null };
  dc.subscribe('undici:request:create', () => {
    if (stats.firstRequest !== null) return;
    stats.firstRequest = now();
    stats.rssAtFirstRequest = process.memoryUsage.rss() / MB;
  });
  // The last response body received in full: the end of the fetch phase (every request is made before the workbook).
  dc.subscribe('undici:request:trailers', () => {
    stats.responsesEnd = now();
    const cpu = process.cpuUsage();
    stats.cpuAtResponsesEnd = (cpu.user + cpu.system) / 1e6;
    stats.rssAtResponsesEnd = process.memoryUsage.rss() / MB;
    stats.maxRssAtResponsesEnd = process.resourceUsage().maxRSS / 1024;
  });
  process.on('exit', (code) => {
    const cpu = process.cpuUsage();
    writeFileSync(file, JSON.stringify({ ...stats, code, exit: now(), maxRss: process.resourceUsage().maxRSS / 1024, cpu: (cpu.user + cpu.system) / 1e6 }));
  });
}
