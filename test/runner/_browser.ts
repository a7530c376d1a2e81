// A real browser for the front page: Debian's chromium, driven by playwright-core (which never
// downloads a browser of its own). Each launch is a chromium with a fresh context (its own
// profile: cookies, storage, cache); another() is one more context of the same chromium, where a
// test wants a second profile (scripts off): a context costs a fraction of a launch (~1 s of CPU).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser as Chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
// Tried --no-zygote and --single-process too: both took more CPU on the 2-core machine (3.6 s, not
// 2.3 s, for a launch and three pages), so chromium keeps its usual processes.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface ContextOptions {
  javaScriptEnabled?: boolean;
}

export interface Browser {
  context: BrowserContext;
  /** One more context of this chromium; its close() closes that context only. */
  another(options?: ContextOptions): Promise<Browser>;
  close(): Promise<void>;
}

export async function launch(options: ContextOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`these tests need Debian's chromium at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`);
  const chromiumProcess = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return inContext(chromiumProcess, options, () => chromiumProcess.close());
}

async function inContext(chromiumProcess: Chromium, options: ContextOptions, then: () => Promise<void>): Promise<Browser> {
  const context = await chromiumProcess.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: { width: 1200, height: 900 } });
  return {
    context,
    another: (more = {}) => inContext(chromiumProcess, more, async () => {}),
    close: async () => {
      await context.close();
      await then();
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
