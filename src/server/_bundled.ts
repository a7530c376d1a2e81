import { fileURLToPath } from 'node:url';

/** The bundled dataset: `samples/` at the package root (two levels above src/server or dist/server). */
export const BUNDLED_SAMPLES_DIR = fileURLToPath(new URL('../../samples/', import.meta.url));
