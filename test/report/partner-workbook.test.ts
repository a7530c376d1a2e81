import { expect, test, vi } from 'vitest';
import * as XLSX from 'xlsx';
import { parseRecord, PartnerStatusSchema } from '../../src/model/index.js';
import { buildPartnerReport } from '../../src/report/index.js';
import { readBook, rowLabelled, rowsOf } from './_read.js';

const key = (id: string, name: string, upToDate: boolean) => ({
  id,
  name,
  key_prefix: `sk-${id}`,
  created_at: id === 'b' ? '2026-03-04T10:00:00Z' : '2025-01-02T10:00:00Z',
  profile_id: '6b3f8a2e-1c4d-4e5f-9a7b-0c1d2e3f4a5b',
  profile_name: 'Chat',
  models: ['gpt-4.1'],
  recommended_models: ['gpt-4.1', 'claude-sonnet-4'],
  has_recommended: upToDate,
  missing_recommended: upToDate ? [] : ['claude-sonnet-4'],
  not_allowed: [],
  extra: [],
  no_longer_offered: [],
  locked: false,
});

const status = parseRecord(
  PartnerStatusSchema,
  {
    org_id: 'org-p',
    name: 'Partner ApS',
    key_count: 3,
    keys_missing_recommended: 2,
    profiles: [{ id: '6b3f8a2e-1c4d-4e5f-9a7b-0c1d2e3f4a5b', name: 'Chat', key_count: 3, recommended: ['gpt-4.1', 'claude-sonnet-4'], follows_router: true }],
    customers: [
      { customer: { org_id: 'org-a', name: 'Alpha A/S', key_count: 2 }, allowed_models: [{ id: 'gpt-4.1', name: 'GPT-4.1', product: 'router', connect: false }], keys: [key('a', '=HYPERLINK("http://x","y")', false), key('b', 'ok key', true)] },
      { customer: { org_id: 'org-b', name: '+1-2', key_count: 1 }, allowed_models: [], keys: [key('c', '@x', false)] },
    ],
  },
  'partner status',
);

test('partner workbook: customers with counts, keys checked and highlighted when not up to date, profiles; in Danish by default', async () => {
  const da = readBook(await buildPartnerReport(status));
  expect(da.SheetNames).toEqual(['Kunder', 'Nøgler', 'Profiler']);
  const book = readBook(await buildPartnerReport(status, { language: 'en' }));
  const customers = rowsOf(book, 'Customers');
  expect(customers.slice(1, 3)).toEqual([
    ['Alpha A/S', 'org-a', 2, 1, 'GPT-4.1'],
    ['+1-2', 'org-b', 1, 1, null],
  ]);
  expect(rowLabelled(customers, 'Total: Partner ApS')!.slice(2, 4)).toEqual([3, 2]);
  expect(book.Sheets.Customers!.C4!.f).toBe('SUM(C2:C3)');
  const keys = rowsOf(book, 'Keys');
  expect(keys.slice(1, 4).map((r) => [r[0], r[1], r[7], r[8]])).toEqual([
    ['Alpha A/S', '=HYPERLINK("http://x","y")', 'No', 'claude-sonnet-4'],
    ['Alpha A/S', 'ok key', 'Yes', null],
    ['+1-2', '@x', 'No', 'claude-sonnet-4'],
  ]);
  const ws = book.Sheets.Keys!;
  const fill = (r: number) => (ws[XLSX.utils.encode_cell({ r, c: 1 })]!.s as { fgColor?: { rgb?: string } } | undefined)?.fgColor?.rgb;
  expect([fill(1), fill(2), fill(3)]).toEqual(['FCE4D6', undefined, 'FCE4D6']);
  for (const r of [1, 3]) expect(ws[XLSX.utils.encode_cell({ r, c: 1 })]!.f).toBeUndefined();
  expect(rowsOf(book, 'Profiles')[1]).toEqual(['Chat', 3, 'gpt-4.1, claude-sonnet-4', 'Yes']);
});

test('partner workbook: the same status gives the same bytes whatever the clock says', async () => {
  const first = await buildPartnerReport(status, { language: 'en' });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-02-03T04:05:06Z'));
  try {
    const second = await buildPartnerReport(status, { language: 'en' });
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  } finally {
    vi.useRealTimers();
  }
});
