import { errorMessage } from '../../../shared/lib/http';
import { Icon } from '../../../shared/ui/icon';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBonuses } from '../api/get-bonuses';

/** "2.4 MB", "820 KB": a file's size for people. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The bonus files the learner's courses unlock; shown only when there are some. */
export function BonusMaterial() {
  const bonuses = useBonuses();
  if (bonuses.isPending || (bonuses.data && bonuses.data.length === 0)) return null;
  return (
    <section aria-labelledby="bonus-title" className="space-y-3">
      <h2 id="bonus-title" className="text-xl font-semibold">
        Bonus material
      </h2>
      {bonuses.isError ? (
        <RetryAlert message={errorMessage(bonuses.error)} onRetry={() => void bonuses.refetch()} retrying={bonuses.isFetching} />
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {bonuses.data.map((bonus) => (
            <li key={`${bonus.courseId}:${bonus.bonusName}`} className="flex flex-wrap items-center gap-3 p-4">
              <span aria-hidden="true" className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary">
                <Icon name="gift" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium">{bonus.bonusName}</p>
                <p className="text-sm text-base-content/70">
                  {bonus.courseTitle} · {formatFileSize(bonus.sizeBytes)}
                </p>
              </div>
              <a href={bonus.downloadUrl} download className="btn btn-outline btn-sm" aria-label={`Download ${bonus.bonusName}`}>
                Download
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
