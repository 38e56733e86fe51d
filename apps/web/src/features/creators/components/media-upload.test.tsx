import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Media } from '@parley/domain/courses';
import { renderAt } from '../../../test/render';
import { MediaUpload } from './media-upload';

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

class FakeXhr {
  static all: FakeXhr[] = [];
  upload: { onprogress: Listener | null } = { onprogress: null };
  status = 0;
  statusText = '';
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.onabort?.();
  }
}

const cover: Media = { _id: '3f2a1b0c-0000-4000-8000-000000000009', kind: 'image', contentType: 'image/png', sizeBytes: 20_480, name: 'cover.png', durationSeconds: null, url: '/api/media/3f2a1b0c-0000-4000-8000-000000000009' };

function Harness() {
  const [media, setMedia] = useState<Media | null>(null);
  return <MediaUpload id="cover" label="Cover image" accepts="image" media={media} onUploaded={setMedia} onRemove={() => setMedia(null)} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.all = [];
});

describe('MediaUpload', () => {
  it('uploads at once with a determinate progress bar, then shows the file with a preview', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt(<Harness />);
    const input = screen.getByLabelText('Cover image');
    expect(input).toHaveAccessibleDescription('PNG or JPEG or WebP up to 5 MB.');
    input.focus();
    fireEvent.change(input, { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } });

    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = FakeXhr.all[0]!;
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    const bar = await screen.findByRole('progressbar', { name: 'Uploading cover.png' });
    expect(bar).toHaveAttribute('value', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    // Unavailable while it uploads, but it keeps the focus the file picker gave back to it.
    expect(input).toHaveAttribute('aria-disabled', 'true');
    expect(input).toHaveFocus();
    expect(fireEvent.click(input)).toBe(false);

    await act(async () => {
      xhr.status = 200;
      xhr.responseText = JSON.stringify(cover);
      xhr.onload?.();
    });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover image: preview' })).toHaveAttribute('src', cover.url);
    expect(screen.getByText('20 KB')).toBeInTheDocument();
    expect(screen.getByText('Uploaded cover.png')).toBeInTheDocument();
  });

  it('offers to replace a file only where it can be changed', () => {
    const { unmount } = renderAt(<MediaUpload id="cover" label="Cover image" accepts="image" media={cover} onUploaded={() => {}} onRemove={() => {}} />);
    expect(screen.getByLabelText('Cover image')).toHaveAccessibleDescription('Choose another file to replace it. PNG or JPEG or WebP up to 5 MB.');
    unmount();
    renderAt(<MediaUpload id="cover" label="Cover image" accepts="image" media={cover} onUploaded={() => {}} onRemove={() => {}} disabled />);
    expect(screen.getByLabelText('Cover image')).toHaveAccessibleDescription('PNG or JPEG or WebP up to 5 MB.');
  });

  it('refuses a file of the wrong type or too large before sending it, with the error tied to the input', () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt(<Harness />);
    const input = screen.getByLabelText('Cover image');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })] } });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining('notes.pdf is not a file this place takes'));

    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(input).toHaveAccessibleDescription(expect.stringContaining('huge.png is 6.0 MB; an image may be at most 5 MB.'));
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('takes a WebVTT captions file by its type or, when the browser names none, its .vtt name; refuses an SRT file', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt(<MediaUpload id="captions" label="Captions" accepts="captions" media={null} onUploaded={() => {}} onRemove={() => {}} />);
    const input = screen.getByLabelText('Captions');
    expect(input).toHaveAccessibleDescription('WebVTT (.vtt) up to 1 MB.');
    expect(input).toHaveAttribute('accept', 'text/vtt,.vtt');
    fireEvent.change(input, { target: { files: [new File(['1\n00:00:00,000 --> 00:00:02,000\nHi'], 'talk.srt', { type: 'application/x-subrip' })] } });
    expect(input).toHaveAccessibleDescription(expect.stringContaining('talk.srt is not a file this place takes: WebVTT (.vtt) up to 1 MB.'));
    fireEvent.change(input, { target: { files: [new File(['WEBVTT\n'], 'talk.en.VTT', { type: '' })] } });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(await screen.findByRole('progressbar', { name: 'Uploading talk.en.VTT' })).toBeInTheDocument();
  });

  it('does not take captions as a bonus file', () => {
    renderAt(<MediaUpload id="bonus" label="Bonus file" accepts="any" media={null} onUploaded={() => {}} onRemove={() => {}} />);
    expect(screen.getByLabelText('Bonus file')).toHaveAccessibleDescription('MP4 or WebM up to 200 MB; PDF up to 20 MB; PNG or JPEG or WebP up to 5 MB.');
  });

  it('Cancel upload stops it and says so', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderAt(<Harness />);
    fireEvent.change(screen.getByLabelText('Cover image'), { target: { files: [new File(['png'], 'cover.png', { type: 'image/png' })] } });
    const cancel = await screen.findByRole('button', { name: 'Cancel upload' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(await screen.findByText('Upload cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Cancel upload goes with the upload: the focus goes back to the file input, available again.
    const input = screen.getByLabelText('Cover image');
    expect(input).not.toHaveAttribute('aria-disabled');
    expect(input).toHaveFocus();
  });

  it('Remove takes the file away and leaves the focus on the file input, to choose another', async () => {
    function Kept() {
      const [media, setMedia] = useState<Media | null>(cover);
      return <MediaUpload id="cover" label="Cover image" accepts="image" media={media} onUploaded={setMedia} onRemove={() => setMedia(null)} />;
    }
    renderAt(<Kept />);
    const remove = screen.getByRole('button', { name: 'Remove cover.png' });
    remove.focus();
    fireEvent.click(remove);
    expect(screen.queryByRole('img', { name: 'Cover image: preview' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Cover image')).toHaveFocus();
  });
});
