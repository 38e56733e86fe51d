import { useSearchParams } from 'react-router';
import type { KidPeerKid } from '@parley/domain/kid-peer';
import { getItem } from '../../../shared/lib/storage';

/** The kid the kid-peer pages are about: ?kid= when it is one of the parent's, else the kid whose session is open, else the first. */
export function useChosenKid(kids: KidPeerKid[] | undefined): [KidPeerKid | undefined, (kidId: string) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('kid');
  const open = getItem('KID')?._id;
  const kid = kids?.find((k) => k.kidId === wanted) ?? kids?.find((k) => k.kidId === open) ?? kids?.[0];
  const choose = (kidId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('kid', kidId);
        return next;
      },
      { replace: true },
    );
  return [kid, choose];
}

/** Which kid: a choice when there are several. */
export function KidPeerChooser({ kids, kid, onChoose }: { kids: KidPeerKid[]; kid: KidPeerKid; onChoose: (kidId: string) => void }) {
  if (kids.length < 2) return null;
  return (
    <label className="flex max-w-xs flex-col gap-1 text-sm font-medium">
      Kid
      <select className="select w-full" value={kid.kidId} onChange={(e) => onChoose(e.target.value)}>
        {kids.map((k) => (
          <option key={k.kidId} value={k.kidId}>
            {k.name}
          </option>
        ))}
      </select>
    </label>
  );
}
