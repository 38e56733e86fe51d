import { useStreamElement } from './use-stream-element';

type VideoTileProps = {
  stream: MediaStream | null;
  /** Whose video this is, for screen readers ("Your video", "Video of Ananya"). */
  label: string;
  /** The name shown on the tile. */
  caption: string;
  /** Own video: muted (no echo) and mirrored like a mirror, except a shared screen. */
  own?: boolean;
  mirrored?: boolean;
  /** Said over the video when there is no picture (waiting, camera off). */
  overlay?: string | null;
  /** Announce overlay changes (a polite live region): the other person's tile does. */
  announce?: boolean;
  testId: string;
  className?: string;
};

/** One video: the stream in a <video>, the person's name, and what to say when there is no picture. */
export function VideoTile({ stream, label, caption, own = false, mirrored = false, overlay = null, announce = false, testId, className = '' }: VideoTileProps) {
  const video = useStreamElement<HTMLVideoElement>(stream);

  return (
    <div className={`relative overflow-hidden rounded-box bg-neutral text-neutral-content ${className}`}>
      <video
        ref={video}
        autoPlay
        playsInline
        muted={own}
        aria-label={label}
        data-testid={testId}
        className={`size-full ${own ? 'object-cover' : 'object-contain'} ${mirrored ? '-scale-x-100' : ''}`}
      />
      {/* One element whether or not there is text, so a live region is in place before it changes. */}
      <div role={announce ? 'status' : undefined} className={overlay ? 'absolute inset-0 flex items-center justify-center bg-neutral p-4 text-center text-sm' : 'sr-only'}>
        {overlay}
      </div>
      <span className="absolute bottom-2 left-2 max-w-[calc(100%-1rem)] truncate rounded bg-neutral px-2 py-0.5 text-xs font-medium text-neutral-content">{caption}</span>
    </div>
  );
}
