import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminApi } from '../api/bridge.js';
import { callOp, useWriteOp, type OpError } from '../api/hooks.js';
import type { GeneratedAudio } from '../../shared/contract/areas/tts.js';
import { DEFAULT_VOICE, SAVE_MESSAGES, VOICES, defaultFilename, estimateTokens, tokenLimitProblem, type Voice } from '../../shared/rules/tts/limits.js';
import { PageHeader } from '../components/PageHeader.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { SelectField, TextareaField, TextField } from '../components/FormFields.js';
import { notify } from '../components/Toaster.js';
import { notifySaved, savedIn } from '../components/saved-file.js';
import { errorText } from '../lib/op-error-text.js';
import { AudioPlayer } from './AudioPlayer.js';
import { audioBlob } from './audio-blob.js';
import { filenameProblem } from '../../shared/rules/tts/filename.js';
import '../styles/tts.css';
import { formatCount } from '../lib/format.js';

const VOICE_OPTIONS = VOICES.map((v) => ({ value: v, label: v }));

/** The text-to-speech generator (spec 3): main splits, speaks and joins; progress arrives as events. */
export default function TtsGeneratorPage() {
  const [text, setText] = useState('');
  const [voice, setVoice] = useState<Voice>(DEFAULT_VOICE);
  const [progress, setProgress] = useState<{ chunk: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [audio, setAudio] = useState<GeneratedAudio | null>(null);
  const [filename, setFilename] = useState('');
  const [filenameError, setFilenameError] = useState<string | undefined>();
  const job = useRef<string | null>(null);
  // The voice each generation used: Save records it even if the selector has changed since.
  const voices = useRef(new Map<string, Voice>());
  const voiceOf = (a: GeneratedAudio): Voice => voices.current.get(a.jobId) ?? voice;
  const generate = useWriteOp('tts', 'generate');
  const cancel = useWriteOp('tts', 'cancel');
  const download = useWriteOp('tts', 'downloadGenerated');
  const save = useWriteOp('ttsLibrary', 'save');
  const navigate = useNavigate();

  const tokens = estimateTokens(text);
  const limitProblem = tokenLimitProblem(text);
  const [src, setSrc] = useState<string | null>(null);
  // The WAV stays in main; the player reads it in parts once the generation is done.
  useEffect(() => {
    setSrc(null);
    if (!audio) return;
    let url: string | null = null;
    let live = true;
    audioBlob(audio.parts, (index) => callOp('tts', 'audioPart', { jobId: audio.jobId, index }).then((r) => r.data)).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      (err: OpError) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [audio]);
  useEffect(
    () =>
      adminApi().events.subscribe((event) => {
        if (event.type === 'tts-progress' && event.jobId === job.current) setProgress({ chunk: event.chunk, total: event.total });
      }),
    [],
  );

  const start = () => {
    const jobId = crypto.randomUUID();
    job.current = jobId;
    setError(null);
    setAudio(null);
    setProgress(null);
    generate
      .mutateAsync({ jobId, text, voice })
      .then((out) => {
        if (job.current !== jobId) return;
        setAudio(out);
        voices.current.set(out.jobId, voice);
        setFilename(defaultFilename(voice, out.chunks));
      })
      .catch((err: OpError) => {
        if (job.current === jobId) setError(errorText(err));
      })
      .finally(() => {
        if (job.current === jobId) {
          job.current = null;
          setProgress(null);
        }
      });
  };
  const stop = () => {
    const jobId = job.current;
    if (jobId) void cancel.mutateAsync({ jobId });
  };
  const named = (): boolean => {
    const problem = filenameProblem(filename);
    setFilenameError(problem);
    return problem === undefined;
  };
  const saveToLibrary = () => {
    if (!audio || !named()) return;
    save.mutateAsync({ jobId: audio.jobId, filename, text, voice: voiceOf(audio) }).then(
      () => notify.success(SAVE_MESSAGES.saved, filename.trim()),
      (err: OpError) => notify.error(SAVE_MESSAGES.failed, errorText(err)),
    );
  };
  const saveToDisk = () => {
    if (!audio || !named()) return;
    download.mutateAsync({ jobId: audio.jobId, filename }).then(
      (r) => (r.outcome === 'saved' ? notifySaved('Downloaded', savedIn(r.fileName, r.file), r.file) : undefined),
      (err: OpError) => notify.error('Download failed', errorText(err)),
    );
  };

  return (
    <div className="page">
      <PageHeader title="Text-to-Speech Generator" subtitle="Turn text into speech with one of eight voices" />
      <Card title="Text">
        <TextareaField
          label="Text to speak"
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={limitProblem ?? undefined}
          hint={`Estimated tokens: ${formatCount(tokens)}`}
        />
        <SelectField label="Voice" options={VOICE_OPTIONS} value={voice} onValueChange={(v) => setVoice(v as Voice)} />
        <div className="tts-actions">
          <Button variant="primary" onClick={start} disabled={!text.trim() || !!limitProblem || generate.isPending} busy={generate.isPending}>
            Generate Audio
          </Button>
          {generate.isPending ? <Button onClick={stop}>Cancel</Button> : null}
          {progress ? (
            <span role="status" data-testid="tts-progress">
              Generating chunk {progress.chunk} of {progress.total}
            </span>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
      </Card>
      {audio ? (
        <Card title="Audio">
          {src ? (
            <AudioPlayer src={src} duration={audio.durationSeconds} />
          ) : (
            <p role="status" className="muted">
              Loading the audio…
            </p>
          )}
          <TextField label="Filename" value={filename} onChange={(e) => setFilename(e.target.value)} error={filenameError} />
          <div className="tts-actions">
            <Button variant="primary" onClick={saveToLibrary} busy={save.isPending}>
              Save
            </Button>
            <Button onClick={saveToDisk} busy={download.isPending}>
              Download
            </Button>
            <Button onClick={() => navigate('/admin/tts-library')}>View Library</Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
