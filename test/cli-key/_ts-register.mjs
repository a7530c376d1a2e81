import { register } from 'node:module';
register('./_ts-hooks.mjs', import.meta.url);
