import { describe, expect, it } from 'vitest';
import { nameWithExtension } from './file-names';

describe('nameWithExtension', () => {
  it('keeps a name that already ends in the detected type, in any case or spelling', () => {
    expect(nameWithExtension('notes.pdf', 'pdf', 120)).toBe('notes.pdf');
    expect(nameWithExtension('Photo.JPEG', 'jpg', 120)).toBe('Photo.JPEG');
    expect(nameWithExtension('voice.mp4', 'm4a', 120)).toBe('voice.mp4');
  });

  it('adds the detected type to any other name, so the file opens as what it is', () => {
    expect(nameWithExtension('cheat-sheet.html', 'png', 120)).toBe('cheat-sheet.html.png');
    expect(nameWithExtension('Vocabulary list', 'pdf', 120)).toBe('Vocabulary list.pdf');
    expect(nameWithExtension('run.exe', 'pdf', 120)).toBe('run.exe.pdf');
  });

  it('cuts a long name before the extension, counting characters, not UTF-16 units', () => {
    expect(nameWithExtension(`${'a'.repeat(200)}.html`, 'png', 120)).toBe(`${'a'.repeat(116)}.png`);
    expect(nameWithExtension('😀'.repeat(10), 'pdf', 8)).toBe('😀😀😀😀.pdf');
    expect(nameWithExtension(`${'b'.repeat(130)}.pdf`, 'pdf', 120)).toBe(`${'b'.repeat(116)}.pdf`);
  });
});
