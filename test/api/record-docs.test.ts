// Every field of every record the package root exports has a doc comment that an editor shows on
// hover, read from the built dist/index.d.ts with the TypeScript compiler as an editor reads it
// (issue 40): money fields say their minor units, fields that can be null say what null means.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const program = ts.createProgram([join(DIST, 'index.d.ts')], { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: ['node'], noEmit: true, strict: true });
const checker = program.getTypeChecker();
const index = program.getSourceFile(join(DIST, 'index.d.ts'))!;
const MODEL = join(DIST, 'model') + '/';

/** The root's type exports declared in dist/model: the records. */
const records = checker
  .getExportsOfModule(checker.getSymbolAtLocation(index)!)
  .map((e) => (e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e))
  .filter((s) => s.flags & ts.SymbolFlags.TypeAlias && s.declarations?.[0]?.getSourceFile().fileName.startsWith(MODEL));

interface Field {
  path: string;
  doc: string;
  /** The field's value may be null. */
  nullable: boolean;
}

/** The object types inside `type`: itself, an array's element, a union's members, a record's values. */
function objectsIn(type: ts.Type): ts.Type[] {
  if (type.isUnion()) return type.types.flatMap(objectsIn);
  if (checker.isArrayType(type)) return objectsIn(checker.getTypeArguments(type as ts.TypeReference)[0]!);
  if (!(type.flags & ts.TypeFlags.Object) || checker.getSignaturesOfType(type, ts.SignatureKind.Call).length) return [];
  const name = checker.typeToString(type);
  if (name === 'Decimal' || name === 'Date') return [];
  const index = checker.getIndexInfosOfType(type);
  return [type, ...index.flatMap((i) => objectsIn(i.type))];
}

/** Every field reached from `type`, each object visited once. */
function fieldsOf(type: ts.Type, at: string, seen: Set<ts.Type>, out: Field[]): Field[] {
  for (const object of objectsIn(type)) {
    if (seen.has(object)) continue;
    seen.add(object);
    for (const p of object.getProperties()) {
      const pType = checker.getTypeOfSymbol(p);
      const nullable = pType.isUnion() && pType.types.some((t) => t.flags & ts.TypeFlags.Null);
      out.push({ path: `${at}.${p.name}`, doc: ts.displayPartsToString(p.getDocumentationComment(checker)), nullable });
      fieldsOf(pType, `${at}.${p.name}`, seen, out);
    }
  }
  return out;
}

const fields = records.flatMap((r) => fieldsOf(checker.getDeclaredTypeOfSymbol(r), r.name, new Set(), []));

describe('record fields in the built .d.ts', () => {
  test('the root exports the records, and they have fields', () => {
    expect(records.map((r) => r.name)).toEqual(expect.arrayContaining(['Invoice', 'OrgKeyUsage', 'OrgMonthlyUsage', 'OrgPlanCost', 'PartnerStatus', 'KeyInfo', 'DailyActivityResponse']));
    expect(fields.length).toBeGreaterThan(250);
  });

  test('every field has a doc comment an editor shows', () => {
    expect(fields.filter((f) => f.doc.trim().length < 8).map((f) => f.path)).toEqual([]);
  });

  test('money in minor units says so (øre for DKK)', () => {
    const cents = fields.filter((f) => /_cents$/.test(f.path));
    expect(cents.length).toBeGreaterThan(10);
    expect(cents.filter((f) => !/minor units/.test(f.doc) && !/×/.test(f.doc)).map((f) => f.path)).toEqual([]);
    expect(fields.find((f) => f.path === 'Invoice.total_cents')!.doc).toMatch(/øre for DKK/);
  });

  test('a field that can be null says what null means', () => {
    const nullable = fields.filter((f) => f.nullable);
    expect(nullable.length).toBeGreaterThan(20);
    expect(nullable.filter((f) => !/\bnull\b/i.test(f.doc)).map((f) => `${f.path}: ${f.doc}`)).toEqual([]);
  });
});
