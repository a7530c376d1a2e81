import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Json = Record<string, unknown>;

/** A PDF as qpdf (a reader not written here) sees it: its objects in qpdf's JSON v2, streams decoded. */
export class QpdfView {
  private readonly objects: Record<string, { value?: unknown; stream?: { dict: Json; data?: string } }>;

  constructor(pdf: Uint8Array) {
    const dir = mkdtempSync(join(tmpdir(), 'svc-qpdf-'));
    try {
      const file = join(dir, 'doc.pdf');
      writeFileSync(file, pdf);
      const json = execFileSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=generalized', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      this.objects = (JSON.parse(json) as { qpdf: [unknown, QpdfView['objects']] }).qpdf[1];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  get trailer(): Json {
    return this.objects.trailer!.value as Json;
  }

  /** The value of an indirect reference (`"12 0 R"`), a stream's dictionary for a stream; other values as they are. */
  get(ref: unknown): Json {
    if (typeof ref !== 'string' || !/^\d+ \d+ R$/.test(ref)) return ref as Json;
    const o = this.objects[`obj:${ref}`]!;
    return (o.value ?? o.stream!.dict) as Json;
  }

  /** A stream's decoded bytes. */
  data(ref: unknown): Buffer {
    return Buffer.from(this.objects[`obj:${ref as string}`]!.stream!.data!, 'base64');
  }

  get catalog(): Json {
    return this.get(this.trailer['/Root']);
  }

  get info(): Json {
    return this.get(this.trailer['/Info']);
  }
}

/** qpdf's JSON v2 text string (`u:…`) as text. */
export function str(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('u:')) throw new Error(`not a text string: ${JSON.stringify(value)}`);
  return value.slice(2);
}

/** The bytes of the attachment `name` as qpdf extracts it (--show-attachment). */
export function attachment(pdf: Uint8Array, name: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'svc-qpdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('qpdf', [`--show-attachment=${name}`, file], { maxBuffer: 64 * 1024 * 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
