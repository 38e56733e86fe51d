import { CallIcon, type CallIconName } from './call-icons';

type ControlButtonProps = {
  label: string;
  icon: CallIconName;
  /** For toggles: whether it is on (aria-pressed). The label stays the same either way. */
  pressed?: boolean;
  /** Strike the icon through. */
  off?: boolean;
  onClick: () => void;
  disabled?: boolean;
  className?: string;
};

/** A call control: icon and text, a toggle when `pressed` is given. */
export function ControlButton({ label, icon, pressed, off = false, onClick, disabled = false, className = '' }: ControlButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-sm sm:btn-md ${pressed ? 'btn-neutral' : 'btn-outline'} ${className}`}
      aria-pressed={pressed}
      onClick={onClick}
      disabled={disabled}
    >
      <CallIcon name={icon} off={off} />
      <span>{label}</span>
    </button>
  );
}
