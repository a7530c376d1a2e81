import { Decimal } from 'decimal.js';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { keysCsv } from '../../src/cli/report/_keys-csv.js';
import type { OrgKeyUsage } from '../../src/model/index.js';

const tokens = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, request_count: 1 };
const key = (id: string, name: string, team: string) => ({
  id, name, key_prefix: '-pfx', spend_usd: new Decimal('0.00000012'), ...tokens, models: [], fields: { team },
});

describe('keys CSV', () => {
  it('neutralises formula text, quotes per RFC 4180 and keeps decimals exact', () => {
    const usage: OrgKeyUsage = {
      org_id: 'o', start_date: '2026-10-01', end_date: '2026-10-31',
      key_fields: [{ key: 'team', display_name: 'Team', type: 'text' }],
      keys: [key('k1', '=HYPERLINK("http://evil","x")', '@SUM(A1)'), key('k2', 'a, "quoted"\nname', '+1')],
      totals: { spend_usd: new Decimal(0), ...tokens, models: [] },
    };
    const csv = keysCsv(usage);
    const wb = XLSX.read(csv, { type: 'string' });
    const sheet = wb.Sheets[wb.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: false });
    expect(rows[0]!.name).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(rows[0]!['field:team']).toBe("'@SUM(A1)");
    expect(rows[0]!.key_prefix).toBe("'-pfx");
    expect(rows[1]!.name).toBe('a, "quoted"\nname');
    expect(rows[1]!['field:team']).toBe("'+1");
    expect(Object.values(sheet).some((c) => typeof c === 'object' && c && 'f' in c)).toBe(false);
    expect(csv.split('\r\n')[1]).toContain(',0.00000012,');
  });
});
