// The camera and microphone before and during a call: opening them with the chosen devices,
// telling apart why they could not be opened, and listing the devices. Browser objects come in
// as arguments, so the rules can be tested with fakes.

export type MediaDevicesLike = Pick<MediaDevices, 'getUserMedia' | 'enumerateDevices'>;
export type Device = 'camera' | 'microphone' | 'both';

/** Why the preview has no camera, no microphone or neither. */
export type MediaProblem =
  | { kind: 'denied' }
  | { kind: 'not-found'; missing: Device }
  | { kind: 'in-use'; device: Device }
  | { kind: 'unsupported' };

export type DeviceChoice = { cameraId: string | null; microphoneId: string | null };
export type DeviceOption = { deviceId: string; label: string };
export type DeviceLists = { cameras: DeviceOption[]; microphones: DeviceOption[] };

export type OpenedMedia = { stream: MediaStream | null; problem: MediaProblem | null };

type Failure = 'denied' | 'not-found' | 'in-use' | 'unsupported';

/** What a getUserMedia failure means for the person in front of the screen. */
export function classifyMediaError(error: unknown): Failure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'not-found';
  if (name === 'TypeError') return 'unsupported';
  // NotReadableError (another app holds the device), AbortError (Firefox's word for the same) and
  // anything else: the hardware is there but would not start.
  return 'in-use';
}

const problemFor = (failure: Failure, device: Device): MediaProblem => {
  if (failure === 'denied' || failure === 'unsupported') return { kind: failure };
  return failure === 'not-found' ? { kind: 'not-found', missing: device } : { kind: 'in-use', device };
};

const audioConstraint = (id: string | null): MediaTrackConstraints => ({ ...(id ? { deviceId: { ideal: id } } : {}), echoCancellation: true, noiseSuppression: true });
const videoConstraint = (id: string | null): MediaTrackConstraints => ({ ...(id ? { deviceId: { ideal: id } } : {}), width: { ideal: 1280 }, height: { ideal: 720 } });

async function attempt(devices: MediaDevicesLike, constraints: MediaStreamConstraints): Promise<{ stream: MediaStream } | { error: unknown }> {
  try {
    return { stream: await devices.getUserMedia(constraints) };
  } catch (error) {
    return { error };
  }
}

/**
 * Opens the camera and microphone. When both cannot be had, tries each alone, so a missing or
 * busy camera still leaves the microphone (and the other way round); the problem says what is
 * missing. A refusal of permission is final until the person changes it.
 */
export async function openLocalMedia(devices: MediaDevicesLike | undefined, choice: DeviceChoice, { audioOnly = false }: { audioOnly?: boolean } = {}): Promise<OpenedMedia> {
  if (!devices || typeof devices.getUserMedia !== 'function') return { stream: null, problem: { kind: 'unsupported' } };
  // Before permission, browsers still list one entry per kind that exists (without labels).
  const listed = await devices.enumerateDevices().catch(() => null);
  const hasMicrophone = listed ? listed.some((d) => d.kind === 'audioinput') : true;
  if (audioOnly) {
    // An audio-only call never asks for the camera, so a missing one is no problem.
    if (!hasMicrophone) return { stream: null, problem: { kind: 'not-found', missing: 'microphone' } };
    const opened = await attempt(devices, { audio: audioConstraint(choice.microphoneId) });
    return 'stream' in opened ? { stream: opened.stream, problem: null } : { stream: null, problem: problemFor(classifyMediaError(opened.error), 'microphone') };
  }
  const hasCamera = listed ? listed.some((d) => d.kind === 'videoinput') : true;
  if (!hasCamera && !hasMicrophone) return { stream: null, problem: { kind: 'not-found', missing: 'both' } };

  const audio = hasMicrophone ? audioConstraint(choice.microphoneId) : false;
  const video = hasCamera ? videoConstraint(choice.cameraId) : false;
  const both = await attempt(devices, { audio, video });
  if ('stream' in both) {
    const problem: MediaProblem | null = !hasCamera ? { kind: 'not-found', missing: 'camera' } : !hasMicrophone ? { kind: 'not-found', missing: 'microphone' } : null;
    return { stream: both.stream, problem };
  }
  const failure = classifyMediaError(both.error);
  if (failure === 'denied' || failure === 'unsupported') return { stream: null, problem: { kind: failure } };
  if (audio && video) {
    const audioOnly = await attempt(devices, { audio });
    if ('stream' in audioOnly) return { stream: audioOnly.stream, problem: problemFor(failure, 'camera') };
    const videoOnly = await attempt(devices, { video });
    if ('stream' in videoOnly) return { stream: videoOnly.stream, problem: problemFor(failure, 'microphone') };
    return { stream: null, problem: problemFor(failure, 'both') };
  }
  return { stream: null, problem: problemFor(failure, audio ? 'microphone' : 'camera') };
}

/** The cameras and microphones; names appear once permission is given. */
export async function listDevices(devices: MediaDevicesLike | undefined): Promise<DeviceLists> {
  if (!devices || typeof devices.enumerateDevices !== 'function') return { cameras: [], microphones: [] };
  const all = await devices.enumerateDevices().catch(() => [] as MediaDeviceInfo[]);
  // Without permission the entries have no id; they can't be chosen.
  const usable = all.filter((d) => d.deviceId !== '');
  const options = (kind: MediaDeviceKind, noun: string) =>
    usable.filter((d) => d.kind === kind).map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${noun} ${i + 1}` }));
  return { cameras: options('videoinput', 'Camera'), microphones: options('audioinput', 'Microphone') };
}

/** The device a track is reading from (to preselect the pickers). */
export function deviceIdOf(track: MediaStreamTrack | undefined): string | null {
  if (!track || typeof track.getSettings !== 'function') return null;
  return track.getSettings().deviceId ?? null;
}

export function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The browser's mediaDevices, when it has them (not over plain http, not in old browsers). */
export function browserMediaDevices(): (MediaDevicesLike & Partial<Pick<MediaDevices, 'getDisplayMedia' | 'addEventListener' | 'removeEventListener'>>) | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
}
