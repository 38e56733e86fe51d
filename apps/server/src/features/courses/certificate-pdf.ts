import { PDFDocument, PageSizes, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export type CertificatePdfInput = {
  learnerName: string;
  /** A course completed, or a curriculum level passed: the certificate says which. */
  kind: 'course' | 'level';
  courseTitle: string;
  issuedAt: Date;
  /** The day printed as the issue date ('YYYY-MM-DD'): the learner's day, as every screen shows it. */
  issuedOn: string;
  code: string;
  /** The public page that confirms the certificate, printed on it. */
  verifyUrl: string;
};

/** "23 November 2026" for '2026-11-23', whatever the server's zone. */
export const certificateDate = (issuedOn: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${issuedOn}T00:00:00Z`));

const ink = rgb(0.11, 0.14, 0.2);
const muted = rgb(0.33, 0.37, 0.45);
const accent = rgb(0.16, 0.36, 0.72);

/**
 * The certificate as an A4 landscape PDF, drawn with the standard Helvetica fonts (nothing to
 * load from disk, so it renders in a few milliseconds). Helvetica encodes WinAnsi only: any
 * other character of a name or title is written in its closest WinAnsi form (accents dropped)
 * or as "?", so a name in any script still yields a certificate instead of an error.
 */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Parley certificate ${input.code}`);
  doc.setAuthor('Parley');
  const title = input.kind === 'level' ? 'Certificate of achievement' : 'Certificate of completion';
  doc.setSubject(`${title}: ${input.courseTitle}`);
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  winAnsiCharacters ??= new Set(regular.getCharacterSet());
  const supported = winAnsiCharacters;
  const page = doc.addPage([PageSizes.A4[1], PageSizes.A4[0]]);
  const { width, height } = page.getSize();

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: accent, borderWidth: 3 });
  page.drawRectangle({ x: 34, y: 34, width: width - 68, height: height - 68, borderColor: accent, borderWidth: 0.75 });

  const centred = (text: string, y: number, font: PDFFont, maxSize: number, color = ink) => drawCentred(page, toWinAnsi(text, supported), { y, font, maxSize, color, maxWidth: width - 140 });
  centred('Parley', height - 100, bold, 30, accent);
  centred(title, height - 150, bold, 34);
  centred('This certifies that', height - 210, regular, 16, muted);
  centred(input.learnerName, height - 258, bold, 32);
  centred(input.kind === 'level' ? 'has passed the curriculum level' : 'has completed the course', height - 300, regular, 16, muted);
  centred(input.courseTitle, height - 342, bold, 24);
  centred(`Issued on ${certificateDate(input.issuedOn)}`, height - 392, regular, 15);

  centred(`Verification code: ${input.code}`, 110, bold, 13);
  centred(`Check it at ${input.verifyUrl}`, 88, regular, 11, muted);

  return doc.save({ useObjectStreams: false });
}

type DrawOptions = { y: number; font: PDFFont; maxSize: number; color: ReturnType<typeof rgb>; maxWidth: number };

/** Draws one line centred on the page, shrinking the type (down to 9 pt, then cutting) until it fits. */
function drawCentred(page: PDFPage, line: string, { y, font, maxSize, color, maxWidth }: DrawOptions) {
  let text = line;
  let size = maxSize;
  while (size > 9 && font.widthOfTextAtSize(text, size) > maxWidth) size -= 1;
  while (text.length > 1 && font.widthOfTextAtSize(text, size) > maxWidth) text = `${text.slice(0, -2)}…`;
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** The characters Helvetica can show (WinAnsi), read once from pdf-lib's own encoding table. */
let winAnsiCharacters: ReadonlySet<number> | undefined;

/**
 * The text in characters `supported` holds: each other character becomes its decomposed form
 * without combining marks when that fits ("ő" → "o"), else "?". Whitespace and control
 * characters become a plain space.
 */
export function toWinAnsi(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    if (/\s|\p{Cc}/u.test(char)) out += ' ';
    else if (supported.has(code)) out += char;
    else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
