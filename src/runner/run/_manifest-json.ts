import { writeAtomic, writeFileAtomic } from '../../core/index.js';
import { JsonAssembler, jsonUnits, type Stringify } from '../manifest/_json-units.js';
import type { SecretScrubber } from './_secret-scrubber.js';

/** The manifest's members written an element at a time: the two that grow with a run. */
const GROWING: ReadonlySet<string> = new Set(['organizations', 'files']);
/** Scrubbed units go to the file in writes of about this many characters. */
const WRITE_CHARS = 1 << 16;

export interface ManifestJsonOptions {
  /** The month folder (the atomic writer's `within`). */
  within: string;
  /** How a value is written (exactJsonOf for the final manifest, JSON.stringify for a checkpoint). */
  stringify: Stringify;
  /** The run's last guard against its tokens. */
  scrubber: Pick<SecretScrubber, 'scrub' | 'lineByLine'>;
  /** Also return the manifest as JSON.parse reads the file (the final one is `runMonthEnd`'s result). */
  parse?: boolean;
}

/**
 * Writes a manifest (`value`, a plain object) to `path` through the one atomic writer as
 * `stringify(value)`, scrubbed of the run's tokens, and a line break; with `parse`, returns it as
 * JSON.parse reads the file. The text is made, scrubbed and written a few lines at a time
 * (`jsonUnits`: the opening, each member, each organization and file entry), never as one string:
 * the same bytes, at a fraction of the memory (8 MB of text at 1,000 organizations, held several
 * times over when made whole). When a token holds a line break it could stand across two units,
 * so the text is then made and scrubbed whole, as it was.
 */
export async function writeManifestJson(path: string, value: Record<string, unknown>, options: ManifestJsonOptions): Promise<Record<string, unknown> | undefined> {
  const { scrubber, stringify, within } = options;
  if (!scrubber.lineByLine) {
    let text = '';
    for (const unit of jsonUnits(value, stringify, GROWING)) text += unit.text;
    const clean = scrubber.scrub(text);
    await writeFileAtomic(path, clean, { within });
    return options.parse ? (JSON.parse(clean) as Record<string, unknown>) : undefined;
  }
  const assembler = options.parse ? new JsonAssembler() : undefined;
  await writeAtomic(
    path,
    async (sink) => {
      let pending = '';
      for (const unit of jsonUnits(value, stringify, GROWING)) {
        const text = scrubber.scrub(unit.text);
        assembler?.add(unit, text);
        pending += text;
        if (pending.length >= WRITE_CHARS) {
          await sink.write(pending);
          pending = '';
        }
      }
      await sink.write(pending);
    },
    { within },
  );
  return assembler?.value();
}
