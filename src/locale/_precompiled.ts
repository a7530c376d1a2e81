import { createRequire } from 'node:module';
import type HandlebarsApi from 'handlebars';

/** One template as the build precompiled it (src/locale/_write-precompiled.ts). */
interface Precompiled {
  /** Compiled HTML-escaped (renderHtml) rather than noEscape (render); strict either way. */
  html: boolean;
  /** The template's text when it was precompiled: only exactly this text gets `spec`. */
  source: string;
  spec: Parameters<typeof HandlebarsApi.template>[0];
}

const load = createRequire(import.meta.url);
let bySource: Map<string, Precompiled> | undefined;
let runtime: typeof HandlebarsApi | undefined;

/** The build's precompiled templates by their text; none when dist/ was built without them. */
function table(): Map<string, Precompiled> {
  if (bySource) return bySource;
  let entries: Record<string, Precompiled> = {};
  try {
    entries = load('./_precompiled-templates.cjs') as Record<string, Precompiled>;
  } catch (e) {
    // Running from src/ (no build step there): every template is compiled at run time.
    if ((e as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw e;
  }
  return (bySource = new Map(Object.values(entries).map((p) => [p.source, p])));
}

/**
 * `template` as the build precompiled it with the same options (`html`: escaped, else noEscape),
 * run on `handlebars/runtime` alone: a process that renders only the package's templates neither
 * loads Handlebars' compiler (~70 ms of CPU) nor compiles (the three a month end renders took
 * ~150 ms with it). Undefined for any other text (a user's, or a locale added at run time).
 */
export function precompiled(template: string, html: boolean): HandlebarsApi.TemplateDelegate | undefined {
  const found = table().get(template);
  if (!found || found.html !== html) return undefined;
  runtime ??= load('handlebars/runtime') as typeof HandlebarsApi;
  return runtime.template(found.spec);
}
