import type { DeviceOption } from './local-media';

type DevicePickersProps = {
  /** null: no camera picker (an audio-only call). */
  cameras: DeviceOption[] | null;
  microphones: DeviceOption[];
  cameraId: string | null;
  microphoneId: string | null;
  onCamera: (deviceId: string) => void;
  onMicrophone: (deviceId: string) => void;
  disabled: boolean;
};

/** Which camera and microphone to use; the browser names them once permission is given. */
export function DevicePickers({ cameras, microphones, cameraId, microphoneId, onCamera, onMicrophone, disabled }: DevicePickersProps) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
      {cameras ? <Picker id="call-camera" label="Camera" options={cameras} value={cameraId} onChange={onCamera} disabled={disabled} /> : null}
      <Picker id="call-microphone" label="Microphone" options={microphones} value={microphoneId} onChange={onMicrophone} disabled={disabled} />
    </div>
  );
}

function Picker({ id, label, options, value, onChange, disabled }: { id: string; label: string; options: DeviceOption[]; value: string | null; onChange: (id: string) => void; disabled: boolean }) {
  const selected = value !== null && options.some((o) => o.deviceId === value) ? value : (options[0]?.deviceId ?? '');
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className="select w-full" value={selected} onChange={(event) => onChange(event.target.value)} disabled={disabled || options.length === 0}>
        {options.length === 0 ? <option value="">None available</option> : null}
        {options.map((option) => (
          <option key={option.deviceId} value={option.deviceId}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
