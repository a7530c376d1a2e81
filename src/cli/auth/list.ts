import { resolve } from 'node:path';
import type { Command } from '../_program/command.js';
import { bool } from '../_program/args.js';
import { findPin, maskKey } from '../_credentials/index.js';
import { renderTable } from '../_output/table.js';
import { outputWidth, styleFor } from '../_output/style.js';
import { openStore } from './_store-io.js';
import { jsonText } from '../_output/json-text.js';

export const listCommand: Command = {
  name: 'list',
  summary: 'List saved keys by name, masked',
  usage: 'auth list [--json]',
  examples: ['svc auth list'],
  options: { json: { type: 'boolean', description: 'print names, masked keys, default and pins as JSON' } },
  async run(io, args) {
    const { credentials } = await openStore(io);
    const here = findPin(credentials, io.cwd);
    const names = Object.keys(credentials.profiles).sort();
    const pinsOf = (name: string) => Object.entries(credentials.pins).filter(([, p]) => p === name).map(([f]) => f).sort();
    if (bool(args, 'json')) {
      const out = names.map((name) => ({
        name,
        key: maskKey(credentials.profiles[name]!.api_key),
        default: credentials.default === name,
        pinned_folders: pinsOf(name),
      }));
      io.stdout.write(jsonText(out));
      return 0;
    }
    if (names.length === 0) {
      io.stdout.write('No saved keys. Run "svc auth login" to save one.\n');
      return 0;
    }
    const rows = names.map((name) => {
      const marks: string[] = [];
      if (credentials.default === name) marks.push('default');
      if (here?.profile === name) marks.push(here.folder === resolve(io.cwd) ? 'pinned here' : `pinned (${here.folder})`);
      const others = pinsOf(name).filter((f) => f !== here?.folder).length;
      if (others) marks.push(`pinned in ${others} other folder${others > 1 ? 's' : ''}`);
      return [name, maskKey(credentials.profiles[name]!.api_key), marks.join(', ')];
    });
    const style = styleFor(io.stdout, io.env);
    io.stdout.write(renderTable([{ header: 'NAME' }, { header: 'KEY' }, { header: 'IN USE', flex: true, min: 10 }], rows, outputWidth(io), style));
    if (io.env.SVC_API_KEY?.trim()) io.stdout.write(`SVC_API_KEY is set, so commands use it (${maskKey(io.env.SVC_API_KEY.trim())}) instead.\n`);
    return 0;
  },
};
