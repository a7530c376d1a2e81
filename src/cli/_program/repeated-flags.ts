import { escapeControls } from '../../core/index.js';
import { UsageError } from './usage-error.js';

/** The option tokens of node's parseArgs (`tokens: true`) this check reads. */
interface OptionToken {
  kind: string;
  name?: string;
  rawName?: string;
  value?: string | undefined;
}

/**
 * Refuses a flag that takes one value given more than once (`--month 2026-10 --month 2026-09`):
 * node's parser keeps the last silently, so a run could do another month than the one a person
 * read first on the line. Refused before anything runs, naming the flag and what was given.
 * A flag declared `multiple` collects every value and is left alone; a switch (boolean) given
 * twice means the same as once, so it is left alone too.
 * @throws UsageError naming the first such flag
 */
export function refuseRepeatedFlags(
  tokens: readonly OptionToken[],
  options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>,
  path: string,
): void {
  const given = new Map<string, string[]>();
  for (const t of tokens) {
    if (t.kind !== 'option' || !t.name) continue;
    const spec = options[t.name];
    if (!spec || spec.type !== 'string' || spec.multiple) continue;
    const forms = given.get(t.name) ?? [];
    forms.push(`${t.rawName ?? `--${t.name}`} ${t.value ?? ''}`.trim());
    given.set(t.name, forms);
  }
  for (const [name, forms] of given) {
    if (forms.length < 2) continue;
    const times = forms.length === 2 ? 'twice' : `${forms.length} times`;
    throw new UsageError(`flag --${name} given ${times} (${escapeControls(forms.join(', '))}); it takes one value: give it once`, path);
  }
}
