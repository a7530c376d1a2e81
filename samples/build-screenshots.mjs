#!/usr/bin/env node
// Writes samples/screenshots/index-en.png and index-da.png: the front page (index.html) of
// `svc demo --language en|da`, as Debian's chromium shows it (driven by playwright-core, which
// downloads no browser). Run after `npm run build`: `node samples/build-screenshots.mjs`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'samples', 'screenshots');
mkdirSync(outDir, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'svc-screenshots-'));
const context = await chromium.launchPersistentContext(join(tmp, 'profile'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: { width: 1100, height: 900 },
});
try {
  for (const lang of ['en', 'da']) {
    const out = join(tmp, `demo-${lang}`);
    execFileSync(process.execPath, [join(root, 'dist/cli/main.js'), 'demo', '--out', out, '--language', lang], { stdio: 'ignore' });
    const page = await context.newPage();
    await page.goto(pathToFileURL(join(out, '2026-10', 'index.html')).href);
    await page.screenshot({ path: join(outDir, `index-${lang}.png`), fullPage: true });
    await page.close();
    console.log(join(outDir, `index-${lang}.png`));
  }
} finally {
  await context.close();
  rmSync(tmp, { recursive: true, force: true });
}
