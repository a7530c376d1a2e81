// Programs not written here that some tests read their output with or run under, and root for
// those that mount or mknod. Locally a missing one skips those tests; in CI (`CI` set, as .ci/run
// and CI services set it) they run and fail instead, so a missing package is never a silent pass.
// Every conditional skip in test/ goes through `runs` (test/api/skips.test.ts checks that).
import { inject } from 'vitest';
import { probeTools } from './_tool-probes.js';

export { PYTHON } from './_tool-probes.js';

// Probed once per run by the global setup; probed here, once per worker, when a config without
// that setup runs the tests.
const probes = inject('toolProbes') ?? probeTools();

export const IN_CI = Boolean(process.env.CI);
/** LibreOffice (Debian: libreoffice-calc-nogui). */
export const hasSoffice = probes.soffice;
/** Python 3 with openpyxl (Debian: python3-openpyxl). */
export const hasOpenpyxl = probes.openpyxl;
/** Info-ZIP's unzip, whose `-t` checks every CRC of a workbook (Debian: unzip). */
export const hasUnzip = probes.unzip;
/** util-linux's `script`, which gives the CLI a real pseudo-terminal (Debian: bsdutils). */
export const hasScript = probes.script;
/** GitHub's Markdown renderer (Debian: cmark-gfm). */
export const hasCmark = probes.cmark;
/** Redis, which the queue tests start on a port of their own (Debian: redis-server). */
export const hasRedis = probes.redis;
/** zsh and fish, which run `svc completion zsh|fish`'s scripts (Debian: zsh, fish). */
export const hasZsh = probes.zsh;
export const hasFish = probes.fish;
/** A JDK and Saxon-HE, which run the official e-invoice rules that come with the project (Debian: openjdk-17-jdk-headless, libsaxonhe-java). */
export const hasRulesRunner = probes.rulesRunner;
/** What test/rules/pdfa-preflight runs (Debian: libpdfbox2-java, libactivation-java, libjaxb-api-java, qpdf, default-jre-headless). */
export const hasPdfaPreflight = probes.pdfaPreflight;
/** Root, which mounting a tiny tmpfs and mknod need (CI runs as root). */
export const IS_ROOT = process.getuid?.() === 0;
/** Whether a test that needs a tool runs: when the tool is there, and always in CI. */
export const runs = (available: boolean) => available || IN_CI;
