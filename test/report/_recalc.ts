// LibreOffice recalculating workbooks, every formula compared with the result the workbook stores:
// a spreadsheet engine not written here, with the project (`runs(hasSoffice)`), so a clone
// without the team's shared/ tools checks it too.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import * as XLSX from 'xlsx';

/**
 * The recalculated workbooks as one CSV file a sheet (the last option, -1: every sheet), values
 * unformatted (the ninth, false: "as shown" off) in UTF-8 (76). LibreOffice's xlsx writer cost
 * about 2 s of CPU more for seven workbooks, for a file the test only reads values from.
 */
const RECALCULATED_CSV = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1';
/** A cell LibreOffice could not compute, as its CSV writes it: Excel's error values or its own Err:NNN. */
const LO_ERROR = /^(#NULL!|#DIV\/0!|#VALUE!|#REF!|#NAME\?|#NUM!|#N\/A|Err:\d+)$/;

/** A LibreOffice profile of its own, set to recalculate every formula when a workbook is loaded. */
function recalculatingProfile(dir: string): string {
  const profile = join(dir, 'profile');
  mkdirSync(join(profile, 'user'), { recursive: true });
  writeFileSync(
    join(profile, 'user', 'registrymodifications.xcu'),
    '<?xml version="1.0" encoding="UTF-8"?><oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      '<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item></oor:items>',
  );
  return profile;
}

/**
 * Opens `files` (a name of letters, digits and dashes → the path of an .xlsx) in one LibreOffice run that recalculates every formula,
 * and expects each formula's computed value to be the one stored: no error value, numbers within
 * 1e-9 relative, booleans and text equal. Returns how many formulas were compared.
 */
export function expectRecalculatedAsStored(files: Record<string, string>): number {
  const dir = mkdtempSync(join(tmpdir(), 'svc-lo-'));
  const out = join(dir, 'recalculated');
  mkdirSync(out, { recursive: true });
  // LibreOffice names each output after its input's file name: copied as <name>.xlsx, two
  // workbooks of the same file name (cost-2026-10.xlsx of two organizations) stay apart.
  const inputs = Object.entries(files).map(([name, file]) => {
    const copy = join(dir, `${name}.xlsx`);
    copyFileSync(file, copy);
    return copy;
  });
  execFileSync('soffice', [`-env:UserInstallation=file://${recalculatingProfile(dir)}`, '--headless', '--convert-to', RECALCULATED_CSV, '--outdir', out, ...inputs], { stdio: 'ignore', timeout: 300_000 });
  let formulas = 0;
  for (const [name, file] of Object.entries(files)) {
    const stored = XLSX.read(readFileSync(file), { cellFormula: true });
    for (const sheet of stored.SheetNames) {
      // LibreOffice names each sheet's file <workbook>-<sheet>.csv; read as text, every cell a string.
      const computed = XLSX.read(readFileSync(join(out, `${name}-${sheet}.csv`), 'utf8'), { type: 'string', raw: true });
      const cs = computed.Sheets[computed.SheetNames[0]!]!;
      const ws = stored.Sheets[sheet]!;
      for (const [ref, c] of Object.entries(ws)) {
        if (ref.startsWith('!') || !(c as XLSX.CellObject).f) continue;
        formulas++;
        const a = (c as XLSX.CellObject).v;
        const b = String((cs[ref] as XLSX.CellObject | undefined)?.v ?? '');
        expect(LO_ERROR.test(b), `${name} ${sheet}!${ref} =${(c as XLSX.CellObject).f}: ${b}`).toBe(false);
        // An empty cell would read as 0 through Number(): a number must be there.
        if (typeof a === 'number') expect(b === '' ? Number.NaN : Math.abs(a - Number(b)), `${name} ${sheet}!${ref} =${(c as XLSX.CellObject).f}: stored ${a}, computed ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a)));
        else if (typeof a === 'boolean') expect(b, `${name} ${sheet}!${ref}`).toBe(a ? 'TRUE' : 'FALSE');
        else expect(b, `${name} ${sheet}!${ref}`).toEqual(a);
      }
    }
  }
  return formulas;
}
