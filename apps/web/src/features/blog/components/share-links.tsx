import { useState } from 'react';

/** The share addresses of X, LinkedIn and WhatsApp for a page: plain links, no third-party script. */
export function shareTargets(url: string, title: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  return [
    { label: 'X (Twitter)', href: `https://x.com/intent/tweet?text=${encodeURIComponent(title)}&url=${u}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Share this article: X, LinkedIn, WhatsApp, and Copy link. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section aria-labelledby="share-title" className="flex flex-wrap items-center gap-2">
      <h2 id="share-title" className="mr-1 text-sm font-semibold">
        Share this article
      </h2>
      {shareTargets(url, title).map((target) => (
        <a key={target.label} href={target.href} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-sm">
          {target.label}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ))}
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void copyLink()}>
        Copy link
      </button>
      <span role="status" className="text-sm text-base-content/80">
        {copy === 'copied' ? 'Link copied' : copy === 'failed' ? `Copy this address: ${url}` : ''}
      </span>
    </section>
  );
}
