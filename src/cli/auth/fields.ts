import type { Command, CommandIO, ParsedArgs } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { NoSavedKeysError, maskKey, savedKeyHint, savedKeyName, usableKey } from '../_credentials/index.js';
import { ApiError } from '../../client/errors/index.js';
import type { KeyFieldsEntry, KeyFieldsRecord } from '../../model/index.js';
import { blockedBecause, clientFor, explained, keyInUse } from '../_gateway/client-for.js';
import { keyCommandOptions } from '../_gateway/key-command-options.js';
import { announceKey } from '../_gateway/announce-key.js';
import { chooseGateway } from '../_gateway/choose-gateway.js';
import { plainText } from '../_output/sanitize.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { renderTable } from '../_output/table.js';
import { wrap } from '../_output/wrap.js';
import { openStore } from './_store-io.js';
import { timeoutOption } from '../_program/timeout.js';
import { withStatus } from '../../client/errors/index.js';
import { jsonText } from '../_output/json-text.js';

/** A field's value for people: `-` for no value, yes/no, a select field's label. */
function shown(f: KeyFieldsEntry): string {
  if (f.value === null) return '-';
  if (typeof f.value === 'boolean') return f.value ? 'yes' : 'no';
  const text = plainText(f.type === 'select' ? (f.value_label ?? f.value) : f.value);
  return text.trim() === '' ? '-' : text;
}

function fieldsTable(io: CommandIO, record: KeyFieldsRecord): string {
  if (record.fields.length === 0) return 'This key has no fields.\n';
  const rows = record.fields.map((f) => [plainText(f.display_name), shown(f)]);
  return renderTable([{ header: 'FIELD', flex: true, min: 12 }, { header: 'VALUE', flex: true, min: 12 }], rows, outputWidth(io), styleFor(io.stdout, io.env));
}

type KeyResult =
  | { name: string; key: string; raw: string }
  | { name: string; key: string; error: { status: number | null; message: string } };

async function allKeys(io: CommandIO, args: ParsedArgs, json: boolean): Promise<number> {
  const { credentials } = await openStore(io);
  const names = Object.keys(credentials.profiles).sort();
  if (names.length === 0) throw new NoSavedKeysError();
  const results = await Promise.all(
    names.map(async (name): Promise<KeyResult> => {
      const entry = credentials.profiles[name]!;
      const apiKey = entry.api_key;
      // Each saved key at its own gateway: the one it was saved with, unless the flag or SVC_GATEWAY_URL says otherwise.
      const gateway = chooseGateway(io, args, { profile: name, gateway_url: entry.gateway_url, saved_at: entry.saved_at });
      try {
        usableKey(apiKey, savedKeyName(name), savedKeyHint(name));
      } catch (e) {
        return { name, key: maskKey(apiKey), error: { status: null, message: (e as Error).message } };
      }
      try {
        const { raw } = await clientFor(io, apiKey, gateway).getKeyFieldsJson();
        return { name, key: maskKey(apiKey), raw };
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        const blocked = e.status === 401 ? await blockedBecause(io, apiKey, gateway) : undefined;
        return { name, key: maskKey(apiKey), error: { status: e.status ?? null, message: blocked ? `the key is ${blocked}` : e.message } };
      }
    }),
  );
  if (json) {
    const out = results.map((r) => ({ profile: r.name, key: r.key, ...('raw' in r ? JSON.parse(r.raw) : { error: r.error }) }));
    io.stdout.write(jsonText(out));
  } else {
    const s = styleFor(io.stdout, io.env);
    const blocks = results.map((r) => {
      const head = s.bold(`${r.name} (${r.key})`);
      if ('error' in r) return `${head}\n${wrap(withStatus(r.error.message, r.error.status ?? undefined), outputWidth(io), '  ').join('\n')}\n`;
      const record = JSON.parse(r.raw) as KeyFieldsRecord;
      return `${head}: key "${plainText(record.key_name)}"\n${fieldsTable(io, record)}`;
    });
    io.stdout.write(blocks.join('\n'));
  }
  return results.some((r) => 'error' in r) ? 1 : 0;
}

export const fieldsCommand: Command = {
  name: 'fields',
  summary: "Show the key's fields (name and value; - for no value)",
  usage: 'auth fields [--all] [--json]',
  examples: ['svc auth fields', 'svc auth fields --all', `svc auth fields --json | jq -r '.fields[] | select(.key=="team") | .value'`],
  options: {
    all: { type: 'boolean', description: 'every saved key, one block each' },
    json: { type: 'boolean', description: 'print the record with values as the API sends them' },
    ...keyCommandOptions,
    ...timeoutOption,
  },
  async run(io, args) {
    const json = bool(args, 'json');
    if (bool(args, 'all')) return allKeys(io, args, json);
    const key = await keyInUse(io, args);
    announceKey(io, args, key);
    const { record, raw } = await explained(io, key, clientFor(io, key.apiKey, key.gateway).getKeyFieldsJson());
    if (json) io.stdout.write(jsonText(JSON.parse(raw)));
    else io.stdout.write(`Key "${plainText(record.key_name)}" (${key.masked})\n${fieldsTable(io, record)}`);
    return 0;
  },
};
