import { parseBuffer, parseFile } from 'music-metadata';
import type { MediaSource } from './media-store';

/**
 * A video's length in whole seconds, from its container's header (MP4 `mvhd`, WebM `Duration`);
 * null when the header does not say (a recording cut off, say) or cannot be read. Only the header
 * is read, so a long video costs no more than a short one.
 */
export async function videoLengthSeconds(source: MediaSource, mimeType: string): Promise<number | null> {
  try {
    const options = { skipCovers: true, skipPostHeaders: true };
    const { format } = Buffer.isBuffer(source) ? await parseBuffer(source, { mimeType }, options) : await parseFile(source.filePath, options);
    return format.duration !== undefined && Number.isFinite(format.duration) && format.duration > 0 ? Math.max(1, Math.round(format.duration)) : null;
  } catch {
    return null;
  }
}
