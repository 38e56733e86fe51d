import { describe, expect, it, vi } from 'vitest';
import { classifyMediaError, listDevices, openLocalMedia, type MediaDevicesLike } from './local-media';

const failure = (name: string) => Object.assign(new Error(name), { name });
const info = (kind: MediaDeviceKind, deviceId = '', label = '') => ({ kind, deviceId, label, groupId: '', toJSON: () => ({}) }) as MediaDeviceInfo;
const stream = (label: string) => ({ label }) as unknown as MediaStream;

function devices(list: MediaDeviceInfo[], answer: (c: MediaStreamConstraints) => MediaStream | Error) {
  const getUserMedia = vi.fn(async (c: MediaStreamConstraints) => {
    const result = answer(c);
    if (result instanceof Error) throw result;
    return result;
  });
  return { getUserMedia, enumerateDevices: vi.fn(async () => list) } as MediaDevicesLike & { getUserMedia: typeof getUserMedia };
}

const both = [info('videoinput'), info('audioinput')];

describe('openLocalMedia', () => {
  it('opens camera and microphone with the chosen devices', async () => {
    const media = devices(both, () => stream('av'));
    const opened = await openLocalMedia(media, { cameraId: 'cam-2', microphoneId: null });
    expect(opened).toEqual({ stream: stream('av'), problem: null });
    const constraints = media.getUserMedia.mock.calls[0]![0];
    expect(constraints.video).toMatchObject({ deviceId: { ideal: 'cam-2' } });
    expect(constraints.audio).not.toHaveProperty('deviceId');
  });

  it('reports a refused permission without trying again', async () => {
    const media = devices(both, () => failure('NotAllowedError'));
    expect(await openLocalMedia(media, { cameraId: null, microphoneId: null })).toEqual({ stream: null, problem: { kind: 'denied' } });
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('asks only for the microphone when no camera is listed', async () => {
    const media = devices([info('audioinput')], () => stream('a'));
    const opened = await openLocalMedia(media, { cameraId: null, microphoneId: null });
    expect(opened.problem).toEqual({ kind: 'not-found', missing: 'camera' });
    expect(media.getUserMedia.mock.calls[0]![0].video).toBe(false);
  });

  it('reports no devices at all without asking', async () => {
    const media = devices([], () => stream('x'));
    expect(await openLocalMedia(media, { cameraId: null, microphoneId: null })).toEqual({ stream: null, problem: { kind: 'not-found', missing: 'both' } });
    expect(media.getUserMedia).not.toHaveBeenCalled();
  });

  it('keeps the microphone when the camera is busy', async () => {
    const media = devices(both, (c) => (c.video ? failure('NotReadableError') : stream('a')));
    expect(await openLocalMedia(media, { cameraId: null, microphoneId: null })).toEqual({ stream: stream('a'), problem: { kind: 'in-use', device: 'camera' } });
  });

  it('keeps the camera when the microphone is missing', async () => {
    const media = devices(both, (c) => (c.audio ? failure('NotFoundError') : stream('v')));
    expect(await openLocalMedia(media, { cameraId: null, microphoneId: null })).toEqual({ stream: stream('v'), problem: { kind: 'not-found', missing: 'microphone' } });
  });

  it('says both are busy when neither starts', async () => {
    const media = devices(both, () => failure('NotReadableError'));
    expect(await openLocalMedia(media, { cameraId: null, microphoneId: null })).toEqual({ stream: null, problem: { kind: 'in-use', device: 'both' } });
  });

  it('audio only: asks for the microphone alone, and a missing camera is no problem', async () => {
    const media = devices([info('audioinput')], () => stream('mic'));
    expect(await openLocalMedia(media, { cameraId: 'c1', microphoneId: 'm1' }, { audioOnly: true })).toEqual({ stream: stream('mic'), problem: null });
    expect(media.getUserMedia).toHaveBeenCalledTimes(1);
    expect(media.getUserMedia.mock.calls[0]![0]).toEqual({ audio: { deviceId: { ideal: 'm1' }, echoCancellation: true, noiseSuppression: true } });
  });

  it('audio only: says when there is no microphone, or it is blocked', async () => {
    expect(await openLocalMedia(devices([info('videoinput')], () => stream('x')), { cameraId: null, microphoneId: null }, { audioOnly: true })).toEqual({
      stream: null,
      problem: { kind: 'not-found', missing: 'microphone' },
    });
    expect(await openLocalMedia(devices(both, () => failure('NotAllowedError')), { cameraId: null, microphoneId: null }, { audioOnly: true })).toEqual({ stream: null, problem: { kind: 'denied' } });
  });

  it('without mediaDevices (plain http, old browser) says so', async () => {
    expect(await openLocalMedia(undefined, { cameraId: null, microphoneId: null })).toEqual({ stream: null, problem: { kind: 'unsupported' } });
  });
});

describe('classifyMediaError', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'not-found'],
    ['OverconstrainedError', 'not-found'],
    ['NotReadableError', 'in-use'],
    ['AbortError', 'in-use'],
    ['TypeError', 'unsupported'],
  ])('%s → %s', (name, expected) => {
    expect(classifyMediaError(failure(name))).toBe(expected);
  });
});

describe('listDevices', () => {
  it('lists cameras and microphones with their names, numbering unnamed ones and skipping entries without ids', async () => {
    const media = devices([info('videoinput', 'c1', 'Front camera'), info('audioinput', 'm1', ''), info('audioinput', ''), info('audiooutput', 'o1', 'Speakers')], () => stream('x'));
    expect(await listDevices(media)).toEqual({
      cameras: [{ deviceId: 'c1', label: 'Front camera' }],
      microphones: [{ deviceId: 'm1', label: 'Microphone 1' }],
    });
  });
});
