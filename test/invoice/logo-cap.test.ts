// Issue 14, fault 11: a logo's pixel count is capped (a 12,000 × 12,000 PNG took 1.6 GB to decode),
// checked from its header before anything decodes it, by the one PNG/JPEG check the CLI shares.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { InvalidRenderOptionError, renderInvoicePdf } from '../../src/index.js';
import { MAX_LOGO_PIXELS, readLogoHeader } from '../../src/invoice/index.js';
import { solidPng } from './_png.js';
import { sample } from './_samples.js';
import { svc } from '../_harness/index.js';

/** A JPEG's start: SOI, an APP0 segment, then SOF0 naming `width` × `height` (enough for the header check). */
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

describe('the logo pixel cap', () => {
  // 5000 × 4000 = 20,000,000 pixels, over the 16,777,216 allowed; small on disk (one colour).
  const big = solidPng(5000, 4000, [200, 30, 30]);

  test('renderInvoicePdf refuses a logo of too many pixels, naming its size', async () => {
    const err = await renderInvoicePdf(sample('nordlys-2026-10.json'), { logo: big }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidRenderOptionError);
    expect((err as Error).message).toBe('logo: 5000 × 4000 pixels, more than a logo may have (at most 16,777,216 pixels, e.g. 4096 × 4096)');
  });

  test('svc invoices render --logo: exit 2 (a bad flag value) naming the flag and the file, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-logo-'));
    writeFileSync(join(dir, 'big.png'), big);
    const r = await svc(['invoices', 'render', join(process.cwd(), 'samples/invoices/nordlys-2026-10.json'), '--logo', 'big.png', '-o', 'out.pdf'], { env: {}, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('svc: --logo: big.png is 5000 × 4000 pixels, more than a logo may have (at most 16,777,216 pixels, e.g. 4096 × 4096)\nRun "svc invoices render --help" for usage.\n');
    expect(readdirSync(dir)).toEqual(['big.png']);
  });

  test('the header check: sizes of PNG and JPEG read without decoding; other bytes refused', () => {
    expect(readLogoHeader(solidPng(30, 10, [0, 0, 0]))).toEqual({ format: 'png', width: 30, height: 10 });
    expect(readLogoHeader(jpegHeader(640, 480))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(readLogoHeader(jpegHeader(12000, 12000))).toEqual({ refused: '12000 × 12000 pixels, more than a logo may have (at most 16,777,216 pixels, e.g. 4096 × 4096)' });
    expect(readLogoHeader(Buffer.from('GIF89a'))).toEqual({ refused: 'not a PNG or JPEG image' });
    expect(MAX_LOGO_PIXELS).toBe(4096 * 4096);
  });

  test('a logo within the cap still renders', async () => {
    const pdf = await renderInvoicePdf(sample('nordlys-2026-10.json'), { logo: solidPng(300, 100, [0, 0, 0]) });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
