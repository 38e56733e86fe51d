import { useKidChatViewer, useLearnerChatViewer, type ChatAudience } from '../lib/use-chat-viewer';
import { ChatPanel } from './chat-panel';

/** The chat drawer's content for a learner or a kid (its own chunk: the socket client loads on first open). */
export default function ChatDrawerContent({
  audience,
  teacherId,
  linkedRequestId = null,
  onLinkedRequestShown,
  onNavigate,
}: {
  audience: ChatAudience;
  teacherId: string | null;
  linkedRequestId?: string | null;
  onLinkedRequestShown?: (() => void) | undefined;
  onNavigate: () => void;
}) {
  const learner = useLearnerChatViewer(audience === 'learner');
  const kid = useKidChatViewer(audience === 'kid');
  const { viewer, access, accessAction } = audience === 'kid' ? kid : learner;
  return <ChatPanel viewer={viewer} access={access} accessAction={accessAction} startWithTutorId={teacherId} linkedRequestId={linkedRequestId} onLinkedRequestShown={onLinkedRequestShown} onNavigate={onNavigate} />;
}
