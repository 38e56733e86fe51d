import { useState } from 'react';

/** A kid's avatar image served by our API, or the initial when there is none (or it fails to load). */
export function KidAvatar({ name, avatar, size = 'size-8' }: { name: string; avatar?: string | null; size?: string }) {
  const [failed, setFailed] = useState(false);
  const src = avatar && !failed ? (avatar.startsWith('/') ? avatar : `/api/assets/avatar/${encodeURIComponent(avatar)}.svg`) : null;
  return (
    <span className={`avatar ${src ? '' : 'avatar-placeholder'}`}>
      <span className={`${size} grid place-items-center overflow-hidden rounded-full bg-accent/20 text-accent`}>
        {src ? (
          <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
        ) : (
          <span className="text-sm font-bold">{name.slice(0, 1).toUpperCase()}</span>
        )}
      </span>
    </span>
  );
}
