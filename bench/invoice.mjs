// Invoice renderer throughput: a typical 7-line invoice and a 150-line one, rendered as PDF/A-3b
// sequentially on the main thread after warm-up; the typical one also with its e-invoice inside
// (embedXml), and the e-invoice (Peppol BIS 3 UBL) alone. Prints what it measured; asserts nothing.
// Run after `npm run build` (it uses dist/); `taskset -c 0 node bench/invoice.mjs` pins one core.
// The renderer's own modules, not the package root: a billing backend that embeds the renderer
// loads these, not the HTTP client, the workbook writer or the CLI.
import { renderInvoicePdf } from '../dist/invoice/index.js';
import { renderCreditNoteUbl, renderInvoiceUbl } from '../dist/einvoice/index.js';
import { longInvoice, typicalInvoice } from './_invoices.mjs';

const typical = typicalInvoice();

async function measure(label, invoice, seconds, make = (inv) => renderInvoicePdf(inv), warmUp = 30) {
  for (let i = 0; i < warmUp; i++) await make(invoice);
  const times = [];
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  const until = start + BigInt(Math.round(seconds * 1e9));
  let now = start;
  while (now < until) {
    const t0 = process.hrtime.bigint();
    const doc = await make(invoice);
    now = process.hrtime.bigint();
    times.push(Number(now - t0) / 1e6);
    bytes = doc.length;
  }
  const elapsed = Number(now - start) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p95 = times[Math.floor(times.length * 0.95)];
  console.log(
    `${label.padEnd(26)} ${String(invoice.lines.length).padStart(4)} lines  ${(times.length / elapsed).toFixed(0).padStart(5)} docs/s wall  ` +
      `${(times.length / cpuSeconds).toFixed(0).padStart(5)} docs/s per CPU-second  median ${median.toFixed(3)} ms  p95 ${p95.toFixed(3)} ms  ` +
      `${bytes} bytes/file  (${times.length} docs in ${elapsed.toFixed(1)} s)  peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
}

const seconds = Number(process.env.BENCH_SECONDS ?? 3);
console.log(`invoice renderer, node ${process.version}, sequential on one thread, ${seconds} s per case after 30 warm-up renders`);
console.log('docs/s per CPU-second = documents / process CPU time (user+system): the one-core rate even when the machine is shared');
await measure('typical invoice', typical, seconds);
await measure('long invoice', longInvoice(), seconds);
await measure('typical, XML inside', typical, seconds, (inv) => renderInvoicePdf(inv, { embedXml: true }));
console.log('e-invoice (Peppol BIS 3 UBL XML) alone, after 200 warm-up documents:');
await measure('typical e-invoice', typical, seconds, (inv) => renderInvoiceUbl(inv), 200);
await measure('typical credit note XML', typical, seconds, (inv) => renderCreditNoteUbl(inv, { number: 'KN-1', issueDate: '2026-11-20' }), 200);
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
