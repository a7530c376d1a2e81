// A real browser for the front page: Debian's chromium, driven by playwright-core (which never
// downloads a browser of its own). Each launch is a chromium with a fresh context (its own
// profile: cookies, storage, cache); another() is one more context of the same chromium, where a
// test wants a second profile (scripts off): a context costs a fraction of a launch (~1 s of CPU).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Browser as Chromium, BrowserContext, Page } from 'playwright-core';

// playwright-core through require, as the queue's src/queue/_peers.ts loads BullMQ: its index.mjs
// imports the CommonJS build, which Node's ESM loader then runs at a higher cost than a require of
// the same files: 0.82-0.85 s of CPU against 0.50-0.52 s (node 20, a process importing only it,
// two runs each), in each test worker that runs a browser file. The same package and objects.
const { chromium } = createRequire(import.meta.url)('playwright-core') as typeof import('playwright-core');

export const CHROMIUM = '/usr/bin/chromium';
// Tried --no-zygote and --single-process too: both took more CPU on the 2-core machine (3.6 s, not
// 2.3 s, for a launch and three pages), so chromium keeps its usual processes.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const VIEWPORT = { width: 1200, height: 900 };

interface ContextOptions {
  javaScriptEnabled?: boolean;
}

export interface Browser {
  context: BrowserContext;
  /** One more context of this chromium; its close() closes that context only. */
  another(options?: ContextOptions): Promise<Browser>;
  close(): Promise<void>;
}

/** The context's one tab and what its watcher records into: the page openFile last navigated to. */
interface Tab {
  page: Page;
  watching: { url: string; incidents: string[] };
}
const tabs = new WeakMap<BrowserContext, Tab>();

export async function launch(options: ContextOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`these tests need Debian's chromium at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`);
  const chromiumProcess = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return inContext(chromiumProcess, options, () => chromiumProcess.close());
}

async function inContext(chromiumProcess: Chromium, options: ContextOptions, then: () => Promise<void>): Promise<Browser> {
  const context = await chromiumProcess.newContext({ javaScriptEnabled: options.javaScriptEnabled ?? true, viewport: VIEWPORT });
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

/**
 * Opens `file` (a path) in the context's tab, recording every incident from the first byte on.
 * The tab is one per context, navigated from page to page rather than a new tab each time: a new
 * tab cost ~0.45 s more CPU than a navigation (the browser process sets each one up, often in a
 * renderer process of its own). What a test may have changed in it is put back first (the
 * viewport, print media), so each page starts as in a new tab; the previous page's document is
 * gone with the navigation. A test that closes the page gets a new tab next time.
 */
export async function openFile(browser: Browser, file: string): Promise<Watched> {
  const url = pathToFileURL(file).href;
  const tab = await tabOf(browser.context);
  const { page } = tab;
  const size = page.viewportSize();
  if (size?.width !== VIEWPORT.width || size.height !== VIEWPORT.height) await page.setViewportSize(VIEWPORT);
  await page.emulateMedia({ media: null });
  // A fresh record for this page, before its first byte: the watcher writes to whichever is current.
  const watching = (tab.watching = { url, incidents: [] });
  await page.goto(url, { waitUntil: 'load' });
  return { page, incidents: watching.incidents };
}

async function tabOf(context: BrowserContext): Promise<Tab> {
  const open = tabs.get(context);
  if (open && !open.page.isClosed()) return open;
  const tab: Tab = { page: await context.newPage(), watching: { url: 'about:blank', incidents: [] } };
  const { page } = tab;
  page.on('dialog', (d) => {
    tab.watching.incidents.push(`dialog ${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') tab.watching.incidents.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => tab.watching.incidents.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    if (r.url() !== tab.watching.url) tab.watching.incidents.push(`request: ${r.url()}`);
  });
  tabs.set(context, tab);
  return tab;
}
