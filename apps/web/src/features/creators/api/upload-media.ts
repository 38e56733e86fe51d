import { useMutation } from '@tanstack/react-query';
import { mediaSchema, type Media, type MediaKind } from '@parley/domain/courses';
import { messages } from '@parley/domain/messages';
import { ACTING_ROLE_HEADER, ApiError, apiErrorFrom, CSRF_HEADER } from '../../../shared/lib/http';

// POST /api/creator/media, multipart: `kind` (video | pdf | image), then the file as `file` → the
// stored media. Sent with XMLHttpRequest rather than the fetch client because fetch reports no
// upload progress, and a 200 MB video needs a real progress bar. The headers and the error shape
// are the HTTP client's (CSRF header, acting role, 5xx text never shown).
export const MEDIA_UPLOAD_PATH = '/api/creator/media';

export type UploadProgress = { loadedBytes: number; totalBytes: number };
export type UploadMediaOptions = { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal };

export function uploadMedia(kind: MediaKind, file: File, { onProgress, signal }: UploadMediaOptions = {}): Promise<Media> {
  const form = new FormData();
  // The kind goes before the file: the server reads it when the file part arrives.
  form.append('kind', kind);
  form.append('file', file, file.name);

  return new Promise<Media>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MEDIA_UPLOAD_PATH);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, 'web');
    xhr.setRequestHeader(ACTING_ROLE_HEADER, 'creator');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loadedBytes: event.loaded, totalBytes: event.total });
    };
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const data = readBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = mediaSchema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(parsed.error);
        return;
      }
      reject(apiErrorFrom(xhr.status, xhr.statusText, data));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ status: 0, code: 'NETWORK', message: messages.networkError }));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError({ status: 0, code: 'ABORTED', message: 'Upload cancelled.' }));
    };
    if (signal?.aborted) {
      reject(new ApiError({ status: 0, code: 'ABORTED', message: 'Upload cancelled.' }));
      return;
    }
    signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}

function readBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function useUploadMedia() {
  return useMutation({
    mutationFn: ({ kind, file, onProgress, signal }: { kind: MediaKind; file: File } & UploadMediaOptions) => uploadMedia(kind, file, { onProgress, signal }),
  });
}
