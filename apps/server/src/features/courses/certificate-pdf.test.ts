import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { certificateDate, renderCertificatePdf, toWinAnsi } from './certificate-pdf';

const input = {
  learnerName: 'Rohan Sharma',
  kind: 'course' as const,
  courseTitle: 'Spoken English for Work',
  // 04:00 on the 24th in Kolkata: the learner's day is printed, not UTC's.
  issuedAt: new Date('2026-11-23T22:30:00Z'),
  issuedOn: '2026-11-24',
  code: 'ABCD-EFGH-JK23',
  verifyUrl: 'https://parley.example/certificates/ABCD-EFGH-JK23',
};

// WinAnsi is Latin-1 except in 0x80–0x9F; these are the characters of that range the tests draw.
const winAnsiHigh: Record<number, string> = { 0x85: '…', 0x93: '“', 0x94: '”', 0x97: '—' };
const fromWinAnsi = (bytes: Buffer) => [...bytes].map((byte) => winAnsiHigh[byte] ?? String.fromCharCode(byte)).join('');

/** Every line of text drawn on the PDF's pages, decoded from the content streams' hex strings. */
async function textOf(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(inflateSync(object.getContents())).toString('latin1');
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(fromWinAnsi(Buffer.from(match[1]!, 'hex')));
  }
  return lines;
}

describe('the certificate PDF', () => {
  it('is an A4 landscape page with the learner, the course, the learner’s day of issue, the code and the verify URL', async () => {
    const bytes = await renderCertificatePdf(input);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(await textOf(bytes)).toEqual([
      'Parley',
      'Certificate of completion',
      'This certifies that',
      'Rohan Sharma',
      'has completed the course',
      'Spoken English for Work',
      'Issued on 24 November 2026',
      'Verification code: ABCD-EFGH-JK23',
      'Check it at https://parley.example/certificates/ABCD-EFGH-JK23',
    ]);
  });

  it('says a curriculum level was passed, not a course completed', async () => {
    const lines = await textOf(await renderCertificatePdf({ ...input, kind: 'level', courseTitle: 'Parley English A1 · First steps' }));
    expect(lines.slice(1, 6)).toEqual(['Certificate of achievement', 'This certifies that', 'Rohan Sharma', 'has passed the curriculum level', 'Parley English A1 · First steps']);
  });

  it('writes a name Helvetica cannot encode in its closest form instead of failing', async () => {
    const bytes = await renderCertificatePdf({ ...input, learnerName: 'Zoë Ñúñez 李雷', courseTitle: 'Ẓero to “fluent” — Łódź edition' });
    const lines = await textOf(bytes);
    expect(lines).toContain('Zoë Ñúñez ??');
    expect(lines).toContain('Zero to “fluent” — ?ódz edition');
  });

  it('shrinks and then cuts a very long title to fit the page', async () => {
    const bytes = await renderCertificatePdf({ ...input, courseTitle: 'Long '.repeat(200).trim() });
    const title = (await textOf(bytes))[5]!;
    expect(title.endsWith('…')).toBe(true);
    expect(title.length).toBeLessThan(200);
  });

  it('is generated well within 200 ms once warm', async () => {
    await renderCertificatePdf(input);
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) await renderCertificatePdf({ ...input, code: `ABCD-EFGH-JK${20 + i}` });
    expect((performance.now() - started) / 10).toBeLessThan(200);
  });

  it('writes the day of issue as itself, whatever the server’s zone, and maps whitespace to single spaces', () => {
    expect(certificateDate('2026-11-23')).toBe('23 November 2026');
    expect(certificateDate('2026-12-31')).toBe('31 December 2026');
    expect(toWinAnsi('  Ada\t\nLovelace  ', new Set([...'AdaLovelace '].map((c) => c.codePointAt(0)!)))).toBe('Ada Lovelace');
  });
});
