import { useEffect, useState } from 'react';

/** How loud the microphone is (0 to 1), sampled ten times a second; 0 where Web Audio is missing. */
export function useAudioLevel(track: MediaStreamTrack | null, active: boolean): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!track || !active || typeof AudioContext === 'undefined' || typeof MediaStream === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    const source = context.createMediaStreamSource(new MediaStream([track]));
    source.connect(analyser);
    // A page opened straight from a link starts its audio suspended until the first click or key.
    const resume = () => void context.resume();
    document.addEventListener('pointerdown', resume, { once: true });
    document.addEventListener('keydown', resume, { once: true });
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
      setLevel(Math.min(1, peak / 64));
    }, 100);
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      source.disconnect();
      void context.close();
    };
  }, [track, active]);
  return level;
}
