import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@parley/domain/messages';
import { uploadMedia } from './upload-media';

/** Stands in for XMLHttpRequest: records the request and lets the test drive progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const stored = { _id: '3f2a1b0c-0000-4000-8000-000000000001', kind: 'video', contentType: 'video/mp4', sizeBytes: 1000, name: 'intro.mp4', durationSeconds: 95, url: '/api/creator/media/3f2a1b0c-0000-4000-8000-000000000001' };

function stubXhr() {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadMedia (POST /api/creator/media)', () => {
  it('posts multipart with kind before file, the CSRF and acting-role headers, and reports progress', async () => {
    stubXhr();
    const progress = vi.fn();
    const file = new File(['0000'], 'intro.mp4', { type: 'video/mp4' });
    const pending = uploadMedia('video', file, { onProgress: progress });

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/creator/media');
    expect(xhr.headers['x-parley-client']).toBe('web');
    expect(xhr.headers['x-parley-as']).toBe('creator');
    expect(xhr.headers['content-type']).toBeUndefined();
    expect([...xhr.body!.keys()]).toEqual(['kind', 'file']);
    expect(xhr.body!.get('kind')).toBe('video');
    expect((xhr.body!.get('file') as File).name).toBe('intro.mp4');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 250, total: 1000 });
    expect(progress).toHaveBeenCalledWith({ loadedBytes: 250, totalBytes: 1000 });

    xhr.answer(200, stored);
    await expect(pending).resolves.toEqual(stored);
  });

  it("turns a refusal into the server's message and code, and never shows a 5xx text", async () => {
    stubXhr();
    const file = new File(['x'], 'notes.pdf', { type: 'application/pdf' });
    const refused = uploadMedia('pdf', file);
    FakeXhr.last!.answer(400, { code: 'VALIDATION_FAILED', message: 'This file is not a PDF.' });
    await expect(refused).rejects.toMatchObject({ name: 'ApiError', status: 400, code: 'VALIDATION_FAILED', message: 'This file is not a PDF.' });

    const broken = uploadMedia('pdf', file);
    FakeXhr.last!.statusText = 'Internal Server Error';
    FakeXhr.last!.answer(500, { code: 'INTERNAL', message: 'stack trace' });
    await expect(broken).rejects.toMatchObject({ status: 500, message: `${messages.errorPrefix} Internal Server Error` });
  });

  it('stops when its signal aborts', async () => {
    stubXhr();
    const controller = new AbortController();
    const pending = uploadMedia('image', new File(['x'], 'cover.png', { type: 'image/png' }), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
