import { useLocation } from 'react-router';
import { bookingSubjects, type BookingSubject } from '@parley/domain/booking';
import { kidSubjects } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import { chatAccess } from '@parley/domain/sessions';
import { liveSubscriptions, subscriptionFor } from '@parley/domain/user';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { getItem } from '../../../shared/lib/storage';
import { useKidSessionsAvailable } from '../../../shared/api/get-kid-subjects';
import type { ChatAccessAction } from '../components/chat-access-prompt';
import type { ChatAccessState } from '../components/chat-panel';
import type { ChatViewer } from './chat-viewer';
import { chatErrorText } from './chat-error-text';

export type ChatAudience = 'learner' | 'kid';
type ViewerState = { viewer: ChatViewer; access: ChatAccessState; accessAction: ChatAccessAction };

const ADULT_CHAT_SUBJECTS: readonly BookingSubject[] = ['English', 'IELTS'];

/** The signed-in learner as a chat viewer; chatting needs a session left on a subscription. */
export function useLearnerChatViewer(enabled: boolean): ViewerState {
  const { data: user, isError, error, refetch, isFetching } = useCurrentUser('learner', enabled);
  // A learner may have a plan in each subject: requests go in any subject they cover, and a session left on any of them opens chat.
  const plans = user ? liveSubscriptions(user) : [];
  // None for a plan of another kind (a curriculum or a kids' plan): the server could not book the request.
  const requestSubjects = ADULT_CHAT_SUBJECTS.filter((s) => plans.some((plan) => plan.subjects.includes(s)));
  const viewer: ChatViewer = {
    as: 'learner',
    timeZone: user?.timezone ?? browserTimeZone(),
    requestSubjects,
    planClassDuration: (user && requestSubjects[0] && subscriptionFor(user, requestSubjects[0])?.plan.classDuration) ?? null,
    canSendFiles: Boolean(user && subscriptionFor(user, 'IELTS')),
  };
  const availableSession = plans.reduce((sum, plan) => sum + plan.availableSession, 0);
  const allowed = chatAccess({ isKid: false, availableSession, kidSessionsAvailable: 0 }) === 'ok';
  // Who the learner is could not be loaded: say so, never "subscribe" to someone who may have a plan.
  const access: ChatAccessState = user
    ? allowed
      ? { state: 'ok' }
      : { state: 'denied', message: messages.subscribeToChat }
    : isError
      ? { state: 'error', message: chatErrorText(error), retry: () => void refetch(), retrying: isFetching }
      : { state: 'loading' };
  return { viewer, access, accessAction: { label: messages.subscribeNow, to: '/learner/subscription-plans' } };
}

/** The kid subject of the current /kids/{subject} route, if any. */
function kidSubjectOfPath(pathname: string) {
  const slug = /^\/kids\/([^/]+)/.exec(pathname)?.[1];
  return kidSubjects.find((s) => s.slug === slug) ?? null;
}

/** The active kid as a chat viewer (x-parley-as: kid); chatting needs a purchased session left. */
export function useKidChatViewer(enabled: boolean): ViewerState {
  const { pathname } = useLocation();
  const kid = getItem('KID');
  const parent = getItem('USER');
  const balance = useKidSessionsAvailable(enabled && kid ? kid._id : null);
  const routeSubject = kidSubjectOfPath(pathname);
  const subjects: BookingSubject[] = (routeSubject ? [routeSubject.subject] : kidSubjects.map((s) => s.subject)).filter((s) =>
    (bookingSubjects as readonly string[]).includes(s),
  );
  const viewer: ChatViewer = {
    as: 'kid',
    timeZone: (kid && 'timezone' in kid ? kid.timezone : null) ?? parent?.timezone ?? browserTimeZone(),
    requestSubjects: subjects,
    planClassDuration: null,
    canSendFiles: false,
  };
  const access: ChatAccessState = !kid
    ? { state: 'denied', message: messages.buySessionToChat }
    : balance.isError
      ? { state: 'error', message: chatErrorText(balance.error), retry: () => void balance.refetch(), retrying: balance.isFetching }
      : balance.isPending
        ? { state: 'loading' }
        : chatAccess({ isKid: true, availableSession: 0, kidSessionsAvailable: balance.data }) === 'ok'
          ? { state: 'ok' }
          : { state: 'denied', message: messages.buySessionToChat };
  return { viewer, access, accessAction: { label: 'Buy sessions', to: `/kids/${routeSubject?.slug ?? 'english'}/buy-sessions` } };
}
