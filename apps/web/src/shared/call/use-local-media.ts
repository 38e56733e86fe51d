import { useCallback, useEffect, useRef, useState } from 'react';
import {
  browserMediaDevices,
  deviceIdOf,
  listDevices,
  openLocalMedia,
  stopStream,
  type DeviceChoice,
  type DeviceLists,
  type MediaProblem,
} from './local-media';

export type LocalMediaState = {
  status: 'off' | 'starting' | 'ready';
  stream: MediaStream | null;
  problem: MediaProblem | null;
  devices: DeviceLists;
  cameraId: string | null;
  microphoneId: string | null;
};

export type LocalMedia = LocalMediaState & {
  micOn: boolean;
  cameraOn: boolean;
  setMicOn: (on: boolean) => void;
  setCameraOn: (on: boolean) => void;
  chooseCamera: (deviceId: string) => void;
  chooseMicrophone: (deviceId: string) => void;
  retry: () => void;
};

const noDevices: DeviceLists = { cameras: [], microphones: [] };

/**
 * The camera and microphone of this page (the microphone only for an audio-only call): opened
 * while `enabled`, reopened when a device is chosen, stopped on unmount. Muting and turning the camera off disable the tracks (the other
 * side then gets silence and black frames), so no renegotiation is needed.
 */
export function useLocalMedia(enabled: boolean, { audioOnly = false }: { audioOnly?: boolean } = {}): LocalMedia {
  const [state, setState] = useState<LocalMediaState>({ status: 'off', stream: null, problem: null, devices: noDevices, cameraId: null, microphoneId: null });
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const streamRef = useRef<MediaStream | null>(null);
  const requestRef = useRef(0);
  const choiceRef = useRef<DeviceChoice>({ cameraId: null, microphoneId: null });

  const open = useCallback(async (choice: DeviceChoice) => {
    const request = ++requestRef.current;
    choiceRef.current = choice;
    stopStream(streamRef.current);
    streamRef.current = null;
    setState((s) => ({ ...s, status: 'starting', stream: null }));
    const mediaDevices = browserMediaDevices();
    const opened = await openLocalMedia(mediaDevices, choice, { audioOnly });
    // A newer request (or the unmount) took over: this stream is nobody's.
    if (request !== requestRef.current) return stopStream(opened.stream);
    streamRef.current = opened.stream;
    const devices = await listDevices(mediaDevices);
    if (request !== requestRef.current) return;
    setState({
      status: 'ready',
      stream: opened.stream,
      problem: opened.problem,
      devices,
      cameraId: deviceIdOf(opened.stream?.getVideoTracks()[0]) ?? choice.cameraId,
      microphoneId: deviceIdOf(opened.stream?.getAudioTracks()[0]) ?? choice.microphoneId,
    });
  }, [audioOnly]);

  useEffect(() => {
    if (!enabled) return;
    void open(choiceRef.current);
    return () => {
      requestRef.current += 1;
      stopStream(streamRef.current);
      streamRef.current = null;
      // A stopped stream is no stream: enabled again, the media counts as starting until it opens.
      setState((s) => ({ ...s, status: 'off', stream: null }));
    };
  }, [enabled, open]);

  // A camera plugged in or out: the pickers follow.
  useEffect(() => {
    const mediaDevices = browserMediaDevices();
    if (!enabled || !mediaDevices?.addEventListener) return;
    const refresh = () => void listDevices(mediaDevices).then((devices) => setState((s) => ({ ...s, devices })));
    mediaDevices.addEventListener('devicechange', refresh);
    return () => mediaDevices.removeEventListener?.('devicechange', refresh);
  }, [enabled]);

  useEffect(() => {
    for (const track of state.stream?.getAudioTracks() ?? []) track.enabled = micOn;
  }, [state.stream, micOn]);
  useEffect(() => {
    for (const track of state.stream?.getVideoTracks() ?? []) track.enabled = cameraOn;
  }, [state.stream, cameraOn]);

  return {
    ...state,
    micOn,
    cameraOn,
    setMicOn,
    setCameraOn,
    chooseCamera: (cameraId) => void open({ ...choiceRef.current, cameraId }),
    chooseMicrophone: (microphoneId) => void open({ ...choiceRef.current, microphoneId }),
    retry: () => void open(choiceRef.current),
  };
}
