// A real browser for the front page: Debian's chromium, driven by playwright-core (which never
// downloads a browser of its own). Each launch gets a fresh profile folder, removed on close.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
// Tried --no-zygote and --single-process too: both took more CPU on the 2-core machine (3.6 s, not
// 2.3 s, for a launch and three pages), so chromium keeps its usual processes.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launch(options: { javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`these tests need Debian's chromium at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`);
  const profile = await mkdtemp(join(tmpdir(), 'svc-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true, args: ARGS, javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: { width: 1200, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** What a watcher of the page saw: dialogs (alert…), console errors, uncaught errors, and requests for anything but the page itself. */
export interface Watched {
  page: Page;
  incidents: string[];
}

/** Opens `file` (a path) in a new tab, recording every incident from the first byte on. */
export async function openFile(browser: Browser, file: string): Promise<Watched> {
  const page = await browser.context.newPage();
  const url = pathToFileURL(file).href;
  const incidents: string[] = [];
  page.on('dialog', (d) => {
    incidents.push(`dialog ${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') incidents.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => incidents.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (r.url() !== url) incidents.push(`request: ${r.url()}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, incidents };
}
