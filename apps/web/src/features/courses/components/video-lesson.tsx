import { useEffect, useRef, useState } from 'react';

type VideoLessonProps = {
  title: string;
  src: string;
  /** The lesson's WebVTT captions, if the creator added them. */
  captionsUrl: string | null;
  /** Where the learner left this video, once analytics/start has answered. */
  resumeAtSeconds: number | null;
  onPlayingChange: (playing: boolean) => void;
  onPosition: (seconds: number) => void;
  /** A pause or the end: the moment to record where the video stands. */
  onStop: () => void;
};

/** A video lesson in the browser's own player, with its captions on when it has some, resuming where the learner left it. */
export function VideoLesson({ title, src, captionsUrl, resumeAtSeconds, onPlayingChange, onPosition, onStop }: VideoLessonProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [metadataLoaded, setMetadataLoaded] = useState(false);
  const resumed = useRef(false);

  // Seeking needs the video's metadata (its duration) and the stored position, in either order.
  useEffect(() => {
    const element = video.current;
    if (!element || resumed.current || !metadataLoaded || resumeAtSeconds === null) return;
    resumed.current = true;
    const duration = element.duration;
    // A video watched to its end starts again from the beginning.
    const nearEnd = Number.isFinite(duration) && resumeAtSeconds >= duration - 1;
    if (resumeAtSeconds > 0 && !nearEnd) element.currentTime = resumeAtSeconds;
  }, [metadataLoaded, resumeAtSeconds]);

  return (
    <div className="space-y-2">
      <video
        ref={video}
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={`Video: ${title}`}
        className="aspect-video w-full rounded-box bg-neutral"
        onLoadedMetadata={() => setMetadataLoaded(true)}
        onPlay={() => onPlayingChange(true)}
        onPause={(event) => {
          onPosition(event.currentTarget.currentTime);
          onPlayingChange(false);
          onStop();
        }}
        onTimeUpdate={(event) => onPosition(event.currentTarget.currentTime)}
      >
        {captionsUrl ? <track kind="captions" src={captionsUrl} srcLang="en" label="English" default /> : null}
        <a href={src}>Download the video</a>
      </video>
      <p className="text-xs text-base-content/70">
        {captionsUrl ? 'Captions are on; you can turn them off in the player’s controls.' : 'Captions are not available for this video.'}
      </p>
    </div>
  );
}
