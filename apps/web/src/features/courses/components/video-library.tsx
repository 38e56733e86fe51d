import { errorMessage } from '../../../shared/lib/http';
import { Spinner } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useLibraryVideos } from '../api/get-library-videos';

/** "3:05": a video's length. */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Short free videos, playable without buying (spec §7.7). */
export function VideoLibrary() {
  const videos = useLibraryVideos('learners');
  return (
    <section aria-labelledby="library-title" className="space-y-3">
      <div>
        <h2 id="library-title" className="text-xl font-semibold">
          Free video library
        </h2>
        <p className="text-sm text-base-content/70">Short lessons anyone can watch.</p>
      </div>
      {videos.isPending ? <Spinner label="Loading videos" /> : null}
      {videos.isError ? <RetryAlert message={errorMessage(videos.error)} onRetry={() => void videos.refetch()} retrying={videos.isFetching} /> : null}
      {videos.data?.length === 0 ? <p className="text-sm text-base-content/70">No free videos yet.</p> : null}
      {videos.data && videos.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {videos.data.map((video) => (
            <li key={video._id} className="card border border-base-300 bg-base-100">
              <video controls preload="none" playsInline src={video.videoUrl} aria-labelledby={`library-video-${video._id}`} className="aspect-video w-full rounded-t-box bg-neutral">
                <a href={video.videoUrl}>Download the video</a>
              </video>
              <div className="card-body gap-1 p-4">
                <h3 id={`library-video-${video._id}`} className="font-semibold">
                  {video.title}
                </h3>
                <p className="text-xs text-base-content/70">{formatDuration(video.durationSeconds)}</p>
                {video.description ? <p className="text-sm text-base-content/70">{video.description}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
