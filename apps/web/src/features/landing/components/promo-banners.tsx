import { visibleBanners } from '@parley/domain/promo';
import { Countdown } from '../../../shared/ui/countdown';
import { useNow } from '../../../shared/lib/use-now';
import { useBanners } from '../api/get-banners';

/** Dated promotional banners, each hidden once its end date has passed, with a countdown. */
export default function PromoBanners() {
  const { data: banners = [] } = useBanners();
  const now = useNow(1000);
  const visible = visibleBanners(banners, now);
  if (visible.length === 0) return null;
  return (
    <div className="space-y-px">
      {visible.map((banner) => (
        <aside
          key={banner.code}
          aria-label={`Offer ${banner.code}`}
          className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-gradient-to-r from-secondary to-primary px-4 py-2 text-center text-sm text-primary-content"
        >
          <span className="font-semibold">{banner.title}</span>
          <span>
            Use code <strong className="rounded bg-base-100/20 px-1.5 py-0.5 font-mono">{banner.code}</strong> for {banner.discountPercent}% off
          </span>
          <span className="inline-flex items-center gap-2">
            Ends in <Countdown endsAt={banner.endsAt} expiry={{ kind: 'subscription' }} now={now} />
          </span>
        </aside>
      ))}
    </div>
  );
}
