import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { ExchangeRatesError } from '../../money/rates/index.js';
import { parseExchangeRates, type ExchangeRates } from '../../money/rates/index.js';
import { sha256 } from '../manifest/hash.js';
import type { RatesFileEntry } from '../manifest/manifest.js';
import type { OutputWriter } from '../manifest/_output-writer.js';
import { RunOptionError } from '../options/run-option-error.js';

/** A rates file a run was given: the rates, its bytes (copied into the month folder) and what the manifest says of it. */
export interface RatesFile {
  rates: ExchangeRates;
  bytes: Uint8Array;
  entry: RatesFileEntry;
}

/** The file's text: Latin-1 where its XML declaration says so (Nationalbanken's older feed), else UTF-8. */
function textOf(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return new TextDecoder(/encoding\s*=\s*["']iso-8859-1["']/i.test(head) ? 'latin1' : 'utf-8').decode(bytes);
}

/**
 * Reads and checks the rates file of a run (`--rates FILE`, the `rates` option) before anything
 * is written. @throws RunOptionError naming `rates` when the file cannot be read or is no rates
 * file svc reads (the message names the line).
 */
export async function readRatesFile(path: string): Promise<RatesFile> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (e) {
    throw new RunOptionError('rates', `cannot read ${JSON.stringify(path)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const name = basename(path);
  let rates: ExchangeRates;
  try {
    rates = parseExchangeRates(textOf(bytes), name);
  } catch (e) {
    if (e instanceof ExchangeRatesError) throw new RunOptionError('rates', e.message);
    throw e;
  }
  const copy = textOf(bytes).replace(/^\uFEFF/, '').trimStart().startsWith('<') ? 'exchange-rates.xml' : 'exchange-rates.csv';
  return { rates, bytes, entry: { name, path: copy, sha256: sha256(bytes), source: rates.source, last_day: rates.lastDay } };
}

const cache = new Map<string, Promise<ExchangeRates>>();

/**
 * The run's rates as a unit on another thread or machine reads them: from the copy in the month
 * folder, checked against the sha256 the run recorded, once per process.
 * @throws Error when the copy is missing or not the run's
 */
export function ratesOfRun(monthDir: string, entry: RatesFileEntry): Promise<ExchangeRates> {
  let found = cache.get(entry.sha256);
  if (!found) {
    found = readFile(join(monthDir, entry.path)).then((bytes) => {
      if (sha256(bytes) !== entry.sha256) throw new Error(`${entry.path} in the month folder is not the run's rates file ${entry.name} (its sha256 differs)`);
      return parseExchangeRates(textOf(bytes), entry.name);
    });
    found.catch(() => cache.delete(entry.sha256));
    cache.set(entry.sha256, found);
  }
  return found;
}

/** Names a run's copy of its rates file may have; one left from an earlier run with other rates (or none) goes. */
const RATES_COPIES = ['exchange-rates.csv', 'exchange-rates.xml'];

/**
 * The run's rates file copied into the month folder (manifest kind `exchange_rates`): the
 * documents' DKK figures were made from it, and a unit on another thread or machine reads it
 * there. A run without one leaves no earlier copy behind.
 */
export async function keepRatesFile(writer: OutputWriter, ratesFile: RatesFile | undefined): Promise<void> {
  for (const path of RATES_COPIES) if (path !== ratesFile?.entry.path) await writer.retire(path);
  if (!ratesFile) return;
  const { entry, bytes } = ratesFile;
  await writer.emit({
    path: entry.path, org_id: null, kind: 'exchange_rates', source_sha256: entry.sha256, source: `rates file ${entry.name}`,
    generator: 'copy', produce: async () => bytes,
  });
}
