import { Link } from 'react-router';
import type { LocalMedia } from './use-local-media';
import { useAudioLevel } from './use-audio-level';
import { ControlButton } from './control-button';
import { DevicePickers } from './device-pickers';
import { joinModeText, MediaProblemNote } from './media-problem-note';
import { VideoTile } from './video-tile';

type CallLobbyProps = {
  media: LocalMedia;
  /** Join works now (a class's window is open). */
  canJoin: boolean;
  /** The id of the text saying why Join is off (describes a disabled Join). */
  noteId: string;
  onJoin: () => void;
  joinLabel: string;
  /** Where to go instead of joining. */
  back: { to: string; label: string };
  /** An audio-only call: no camera preview or picker (the media opens the microphone only). */
  audioOnly?: boolean;
};

/** Before joining: the camera preview, the device pickers, join muted or with the camera off, and Join. */
export function CallLobby({ media, canJoin, noteId, onJoin, joinLabel, back, audioOnly = false }: CallLobbyProps) {
  const audioTrack = media.stream?.getAudioTracks()[0] ?? null;
  const videoTrack = media.stream?.getVideoTracks()[0] ?? null;
  const level = useAudioLevel(audioTrack, media.micOn);
  const starting = media.status !== 'ready';
  const preview = audioOnly
    ? starting
      ? 'Starting your microphone…'
      : 'Audio-only call: your camera stays off.'
    : starting
      ? 'Starting your camera…'
      : !videoTrack
        ? 'No camera'
        : !media.cameraOn
          ? 'Your camera is off'
          : null;
  const mode = starting || audioOnly ? null : joinModeText(media.stream);

  return (
    // Laid out by its own width, not the window's: a page may put a menu or a card beside it.
    <div className="@container">
      <div className="grid grid-cols-1 gap-6 @3xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="call-preview-heading" className="space-y-3">
          <h2 id="call-preview-heading" className="text-lg font-semibold">
            {audioOnly ? 'Check your microphone' : 'Check your camera and microphone'}
          </h2>
          <VideoTile stream={media.stream} label="Your camera preview" caption="You" own mirrored overlay={preview} announce testId="local-preview" className="aspect-video w-full" />
          <div className="flex flex-wrap items-center gap-2">
            <ControlButton label="Mute" icon="mic" pressed={!media.micOn} off={!media.micOn} onClick={() => media.setMicOn(!media.micOn)} disabled={!audioTrack} />
            {audioOnly ? null : <ControlButton label="Camera off" icon="camera" pressed={!media.cameraOn} off={!media.cameraOn} onClick={() => media.setCameraOn(!media.cameraOn)} disabled={!videoTrack} />}
            {audioTrack && media.micOn ? (
              <label className="ml-auto flex items-center gap-2 text-sm">
                <span>Microphone level</span>
                <meter min={0} max={1} value={level} className="w-24" />
              </label>
            ) : null}
          </div>
        </section>

        <div className="space-y-4">
          {media.problem ? <MediaProblemNote problem={media.problem} onRetry={media.retry} audioOnly={audioOnly} /> : null}
          {media.devices.cameras.length > 0 || media.devices.microphones.length > 0 ? (
            <DevicePickers
              cameras={audioOnly ? null : media.devices.cameras}
              microphones={media.devices.microphones}
              cameraId={media.cameraId}
              microphoneId={media.microphoneId}
              onCamera={media.chooseCamera}
              onMicrophone={media.chooseMicrophone}
              disabled={starting}
            />
          ) : null}
          <div className="space-y-2">
            {mode ? <p className="text-sm">{mode}</p> : null}
            {!starting && (!media.micOn || (!audioOnly && !media.cameraOn)) ? (
              <p className="text-sm text-base-content/70">
                {audioOnly ? 'You will join muted.' : !media.micOn && !media.cameraOn ? 'You will join muted with your camera off.' : !media.micOn ? 'You will join muted.' : 'You will join with your camera off.'}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary" onClick={onJoin} disabled={!canJoin || starting} aria-describedby={canJoin ? undefined : noteId}>
                {joinLabel}
              </button>
              <Link to={back.to} className="btn btn-ghost">
                {back.label}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
