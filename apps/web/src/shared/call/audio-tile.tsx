import { useStreamElement } from './use-stream-element';

type AudioTileProps = {
  stream: MediaStream | null;
  /** Whose voice this is ("Audio of Ananya"). */
  label: string;
  name: string;
  /** A picture of the person ('' or null: their initials). */
  avatar?: string | null;
  /** Said under the name while there is no sound (waiting, reconnecting). */
  overlay?: string | null;
  testId: string;
  className?: string;
};

/** The other person in an audio-only call: their picture or initials, their voice in an <audio>. */
export function AudioTile({ stream, label, name, avatar, overlay = null, testId, className = '' }: AudioTileProps) {
  const audio = useStreamElement<HTMLAudioElement>(stream);

  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

  return (
    <div className={`flex flex-col items-center justify-center gap-3 rounded-box bg-neutral p-6 text-center text-neutral-content ${className}`}>
      <audio ref={audio} autoPlay aria-label={label} data-testid={testId} />
      {avatar ? (
        <img src={avatar} alt="" className="size-24 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="grid size-24 place-items-center rounded-full bg-primary text-3xl font-bold text-primary-content">
          {initials}
        </span>
      )}
      <span className="text-lg font-semibold">{name}</span>
      {/* One element whether or not there is text, so the live region is in place before it changes. */}
      <span role="status" className={overlay ? 'text-sm' : 'sr-only'}>
        {overlay}
      </span>
    </div>
  );
}
