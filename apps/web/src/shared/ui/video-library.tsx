import { useId } from 'react';
import { useLibraryVideos, type LibraryAudience, type LibraryVideo, type LibraryViewer } from '../api/get-library-videos';
import { errorMessage } from '../lib/http';
import { Spinner } from './loader';
import { RetryAlert } from './retry-alert';

/** "3:05": a video's length. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

type VideoLibraryProps = {
  /** Whose videos: the learners' by default; a kid's session always gets the kids' ones. */
  audience?: LibraryAudience;
  /** Whose session asks (the kids' dashboard asks as the kid). */
  as?: LibraryViewer;
  /** The section's h2. */
  title?: string;
  subtitle?: string;
  emptyText?: string;
};

/** Short free videos, playable without buying (spec §7.7): a section with its h2 and one card (h3) per video. */
export function VideoLibrary({
  audience = 'learners',
  as = 'learner',
  title = 'Free video library',
  subtitle = 'Short lessons anyone can watch.',
  emptyText = 'No free videos yet.',
}: VideoLibraryProps) {
  const videos = useLibraryVideos(audience, as);
  const idPrefix = useId();
  const titleId = `${idPrefix}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div>
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-base-content/70">{subtitle}</p>
      </div>
      {videos.isPending ? <Spinner label="Loading videos" /> : null}
      {videos.isError ? <RetryAlert message={errorMessage(videos.error)} onRetry={() => void videos.refetch()} retrying={videos.isFetching} /> : null}
      {videos.data?.length === 0 ? (
        <p role="status" className="text-sm text-base-content/70">
          {emptyText}
        </p>
      ) : null}
      {videos.data && videos.data.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {videos.data.map((video) => (
            <LibraryVideoCard key={video._id} video={video} idPrefix={`${idPrefix}-${video._id}`} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function LibraryVideoCard({ video, idPrefix }: { video: LibraryVideo; idPrefix: string }) {
  const titleId = `${idPrefix}-title`;
  const detailsId = `${idPrefix}-details`;
  return (
    <li className="card border border-base-300 bg-base-100">
      {/* preload="none": a page of videos downloads nothing until one is played. */}
      <video controls preload="none" playsInline src={video.videoUrl} aria-labelledby={titleId} aria-describedby={detailsId} className="aspect-video w-full rounded-t-box bg-neutral">
        <a href={video.videoUrl}>Download the video</a>
      </video>
      <div className="card-body gap-1 p-4">
        <h3 id={titleId} className="font-semibold">
          {video.title}
        </h3>
        <div id={detailsId} className="space-y-1">
          <p className="text-xs text-base-content/70">
            <span className="sr-only">Length </span>
            {formatDuration(video.durationSeconds)}
          </p>
          {video.description ? <p className="text-sm text-base-content/70">{video.description}</p> : null}
          <p className="text-xs text-base-content/70">Captions are not available for this video.</p>
        </div>
      </div>
    </li>
  );
}
