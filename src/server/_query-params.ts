import { buildOpenApiDocument } from './openapi/document.js';
import { HttpError } from './http-error.js';

type Operation = { parameters?: Array<{ name?: string; in?: string }> };

/** The query parameters of every operation, from the OpenAPI document the server serves: one list for what is published and what is taken. */
let table: Map<string, readonly string[]> | undefined;

function queryParamsOf(path: string, method: string): readonly string[] {
  if (!table) {
    table = new Map();
    const paths = buildOpenApiDocument().paths as Record<string, Record<string, Operation>>;
    for (const [p, ops] of Object.entries(paths)) {
      for (const [m, op] of Object.entries(ops)) table.set(`${m.toUpperCase()} ${p}`, (op.parameters ?? []).filter((x) => x.in === 'query').map((x) => x.name!));
    }
  }
  return table.get(`${method} ${path}`) ?? [];
}

/**
 * Refuses a query parameter the operation does not take (400 `invalid_query`, naming it and what
 * the operation takes), as a gateway does: ignored, a misspelt `?mnth=2023-01` would silently
 * answer the current month. And one given twice: no endpoint takes a list.
 */
export function checkQuery(query: URLSearchParams, method: string, path: string): void {
  const known = queryParamsOf(path, method);
  for (const name of new Set(query.keys())) {
    if (!known.includes(name)) {
      const takes = known.length ? `takes ${known.join(', ')}` : 'takes no query parameters';
      throw new HttpError(400, 'invalid_query', `unknown query parameter ${JSON.stringify(name)}: ${method} ${path} ${takes}`);
    }
    const n = query.getAll(name).length;
    if (n > 1) throw new HttpError(400, 'invalid_query', `query parameter ${name} is given ${n} times; send it once`);
  }
}
