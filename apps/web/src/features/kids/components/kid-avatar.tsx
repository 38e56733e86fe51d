import { useState } from 'react';
import { avatarPath } from '@parley/domain/avatar';

/**
 * A kid's avatar image served by our API, or the initial when there is none (or it fails to load).
 * Decorative: the kid's name always stands next to it. The initial is drawn by CSS so it is not part
 * of the visible text of the button or menu item it sits in ("Aarav Rao", not "AAarav Rao"), which
 * is what speech-input users say to press it (WCAG 2.5.3).
 */
export function KidAvatar({ name, avatar, size = 'size-8' }: { name: string; avatar?: string | null; size?: string }) {
  const [failed, setFailed] = useState(false);
  const src = avatar && !failed ? (avatar.startsWith('/') ? avatar : avatarPath(avatar)) : null;
  return (
    <span aria-hidden="true" className={`avatar ${src ? '' : 'avatar-placeholder'}`}>
      <span className={`${size} grid place-items-center overflow-hidden rounded-full bg-accent/20 text-accent`}>
        {src ? (
          <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
        ) : (
          <span data-initial={name.slice(0, 1).toUpperCase()} className="text-sm font-bold before:content-[attr(data-initial)]" />
        )}
      </span>
    </span>
  );
}
