import type { MediaProblem } from './local-media';

type ProblemText = { title: string; body: string; canRetry: boolean };

const deviceWords = { camera: 'camera', microphone: 'microphone', both: 'camera and microphone' } as const;

/**
 * What each problem with the camera or microphone says, and whether trying again can help. An
 * audio-only call (peer practice) never uses a camera, so its texts speak of the microphone alone.
 */
export function mediaProblemText(problem: MediaProblem, { audioOnly = false }: { audioOnly?: boolean } = {}): ProblemText {
  switch (problem.kind) {
    case 'denied':
      return audioOnly
        ? {
            title: 'Your microphone is blocked',
            body: 'Your browser is not letting this page use it. Click the microphone or lock icon in the address bar, set Microphone to Allow, then press Try again. You can also join without it: you can still hear the other person and use the chat.',
            canRetry: true,
          }
        : {
            title: 'Camera and microphone are blocked',
            body: 'Your browser is not letting this page use them. Click the camera or lock icon in the address bar, set Camera and Microphone to Allow, then press Try again. You can also join without them and use the chat.',
            canRetry: true,
          };
    case 'not-found':
      if (audioOnly) {
        return { title: 'No microphone found', body: 'Connect one and press Try again, or join without it: you can still hear the other person and use the chat.', canRetry: true };
      }
      if (problem.missing === 'both') {
        return { title: 'No camera or microphone found', body: 'Connect one and press Try again, or join without them: you can still see and hear the other person and use the chat.', canRetry: true };
      }
      return problem.missing === 'camera'
        ? { title: 'No camera found', body: 'You can join with audio only, or connect a camera and press Try again.', canRetry: true }
        : { title: 'No microphone found', body: 'You can join with video only and use the chat to talk, or connect a microphone and press Try again.', canRetry: true };
    case 'in-use': {
      const device = deviceWords[problem.device];
      return {
        title: `Your ${device} ${problem.device === 'both' ? 'are' : 'is'} in use`,
        body: `Another app or browser tab is using your ${device}. Close it, then press Try again.`,
        canRetry: true,
      };
    }
    case 'unsupported':
      return {
        title: `This browser can’t use a ${audioOnly ? 'microphone' : 'camera'} here`,
        body: `Open this page in a recent Chrome, Edge, Firefox or Safari, on a secure (https) address. You can still join without ${audioOnly ? 'a microphone' : 'camera and microphone'}.`,
        canRetry: false,
      };
  }
}

/** The problem with the camera or microphone, with what to do about it. */
export function MediaProblemNote({ problem, onRetry, audioOnly = false }: { problem: MediaProblem; onRetry: () => void; audioOnly?: boolean }) {
  const text = mediaProblemText(problem, { audioOnly });
  const serious = problem.kind === 'denied' || problem.kind === 'unsupported';
  return (
    <div role="alert" className={`alert alert-soft flex flex-col items-start gap-2 ${serious ? 'alert-error' : 'alert-warning'}`}>
      <h3 className="font-semibold">{text.title}</h3>
      <p className="text-sm">{text.body}</p>
      {text.canRetry ? (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** How this person will join with the devices they have. */
export function joinModeText(stream: MediaStream | null): string | null {
  const audio = (stream?.getAudioTracks().length ?? 0) > 0;
  const video = (stream?.getVideoTracks().length ?? 0) > 0;
  if (audio && video) return null;
  if (audio) return 'You will join with audio only.';
  if (video) return 'You will join without a microphone.';
  return 'You will join without camera and microphone.';
}
