import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/Button.js';
import { TTS_MESSAGES } from '../../shared/rules/tts/limits.js';

/** 75.4 -> '1:15' */
export const mss = (seconds: number): string => {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Play/pause, a seek bar and elapsed/total as m:ss; the end returns to paused. */
export function AudioPlayer({ src, duration }: { readonly src: string; readonly duration: number }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [at, setAt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setPlaying(false);
    setAt(0);
    setFailed(false);
  }, [src]);

  const toggle = () => {
    const a = audio.current;
    if (!a) return;
    if (playing) {
      a.pause();
      return;
    }
    a.play().catch(() => setFailed(true));
  };

  return (
    <div className="tts-player">
      <audio
        ref={audio}
        src={src}
        preload="auto"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setAt(e.currentTarget.currentTime)}
        onError={() => setFailed(true)}
        data-testid="tts-audio"
      />
      <Button onClick={toggle} aria-label={playing ? 'Pause' : 'Play'}>
        {playing ? 'Pause' : 'Play'}
      </Button>
      <input
        type="range"
        aria-label="Seek"
        min={0}
        max={duration}
        step={0.1}
        value={Math.min(at, duration)}
        onChange={(e) => {
          const t = Number(e.target.value);
          if (audio.current) audio.current.currentTime = t;
          setAt(t);
        }}
      />
      <span className="muted" data-testid="tts-time">
        {mss(at)} / {mss(duration)}
      </span>
      {failed ? (
        <p role="alert" className="field-error">
          {TTS_MESSAGES.cannotPlay}
        </p>
      ) : null}
    </div>
  );
}
