import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { OpError, callOp, useOp, useWriteOp } from '../api/hooks.js';
import type { TtsFile } from '../../shared/contract/areas/tts.js';
import { LIBRARY_MESSAGES, formatFileSize } from '../../shared/rules/tts/limits.js';
import { counted, plural } from '../../shared/rules/common/plural.js';
import { PageHeader } from '../components/PageHeader.js';
import { Button } from '../components/Button.js';
import { Badge } from '../components/Badge.js';
import { QueryView } from '../components/QueryView.js';
import { DeleteConfirm } from '../components/DeleteConfirm.js';
import { notify } from '../components/Toaster.js';
import { notifySaved, savedIn } from '../components/saved-file.js';
import { errorText } from '../lib/op-error-text.js';
import { mss } from './AudioPlayer.js';
import { audioBlob } from './audio-blob.js';
import '../styles/tts.css';
import { formatCount, formatRelative } from '../lib/format.js';

/** The signed-in admin's saved audio (spec 3): one file plays at a time. */
export default function TtsLibraryPage() {
  const navigate = useNavigate();
  const files = useOp('ttsLibrary', 'list', {});
  const remove = useWriteOp('ttsLibrary', 'delete');
  const cleanUp = useWriteOp('ttsLibrary', 'cleanUpFailed');
  const download = useWriteOp('ttsLibrary', 'download');
  const [target, setTarget] = useState<TtsFile | null>(null);
  const [cleaning, setCleaning] = useState(false);
  const [playing, setPlaying] = useState<string | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);
  const [now] = useState(() => Date.now());

  // Each play (and stop) takes a number: a file still loading when another is asked for never starts.
  const request = useRef(0);
  const stop = () => {
    request.current++;
    const a = player.current;
    if (a) {
      a.pause();
      URL.revokeObjectURL(a.src);
    }
    player.current = null;
    setPlaying(null);
  };
  useEffect(() => stop, []);

  const play = async (f: TtsFile) => {
    stop();
    if (playing === f.id) return;
    const mine = ++request.current;
    try {
      const { data } = await callOp('ttsLibrary', 'audio', { id: f.id });
      const blob = await audioBlob(data.parts, (index) => callOp('ttsLibrary', 'audioPart', { id: f.id, index }).then((r) => r.data));
      if (request.current !== mine) return;
      const a = new Audio(URL.createObjectURL(blob));
      player.current = a;
      a.onended = () => setPlaying((p) => (p === f.id ? null : p));
      a.onerror = () => {
        notify.error(LIBRARY_MESSAGES.playFailed, LIBRARY_MESSAGES.cannotPlay(f.filename));
        setPlaying(null);
      };
      setPlaying(f.id);
      await a.play();
    } catch (err) {
      setPlaying(null);
      notify.error(LIBRARY_MESSAGES.playFailed, err instanceof OpError ? errorText(err) : String(err));
    }
  };

  return (
    <div className="page">
      <PageHeader
        title="TTS Library"
        subtitle="Your saved text-to-speech audio"
        actions={
          <>
            <Button variant="primary" onClick={() => navigate('/admin/tts-generator')}>
              Generate New
            </Button>
            <Button onClick={() => setCleaning(true)}>Clean Up Failed</Button>
            <Button onClick={() => void files.refetch()} busy={files.isFetching}>
              Refresh
            </Button>
          </>
        }
      />
      <QueryView
        query={files}
        loadingLabel="Loading TTS files..."
        errorPrefix={`${LIBRARY_MESSAGES.loadFailed}: `}
        isEmpty={(d) => d.length === 0}
        emptyTitle={LIBRARY_MESSAGES.empty}
        emptyMessage={<Button onClick={() => navigate('/admin/tts-generator')}>Generate TTS</Button>}
      >
        {(list) => (
          <ul className="card-list tts-library" data-testid="tts-files">
            {list.map((f) => (
              <li key={f.id} className="card tts-file">
                <div className="tts-file-head">
                  <strong>{f.filename}</strong>
                  <Badge tone="accent">{f.voice_used}</Badge>
                  <time dateTime={f.created_at} className="muted">
                    {formatRelative(f.created_at, now)}
                  </time>
                </div>
                <p className="muted tts-file-meta">
                  <span>{formatFileSize(f.file_size)}</span>
                  {f.duration > 0 ? <span>{mss(f.duration)}</span> : null}
                  <span>
                    {formatCount(f.estimated_tokens ?? 0)} {plural(f.estimated_tokens ?? 0, 'token')}
                  </span>
                </p>
                <p className="tts-file-text">{f.original_text?.trim() ? f.original_text : LIBRARY_MESSAGES.noText}</p>
                <div className="tts-actions">
                  <Button onClick={() => void play(f)} aria-label={`${playing === f.id ? 'Stop' : 'Play'} ${f.filename}`}>
                    {playing === f.id ? 'Stop' : 'Play'}
                  </Button>
                  <Button
                    aria-label={`Download ${f.filename}`}
                    onClick={() =>
                      download.mutateAsync({ id: f.id }).then(
                        (r) => (r.outcome === 'saved' ? notifySaved('Downloaded', savedIn(r.fileName, r.file), r.file) : undefined),
                        (err: OpError) => notify.error(LIBRARY_MESSAGES.downloadFailed, errorText(err)),
                      )
                    }
                  >
                    Download
                  </Button>
                  <Button variant="danger" aria-label={`Delete ${f.filename}`} onClick={() => setTarget(f)}>
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <DeleteConfirm
        target={target}
        title={(f) => LIBRARY_MESSAGES.confirmDelete(f.filename)}
        run={(f) => {
          if (playing === f.id) stop();
          return remove.mutateAsync({ id: f.id });
        }}
        succeeded={() => notify.success('File deleted')}
        failed={(err) => {
          notify.error(LIBRARY_MESSAGES.deleteFailed, errorText(err as OpError));
          void files.refetch();
        }}
        onClose={() => setTarget(null)}
      />
      <DeleteConfirm
        target={cleaning ? 'failed files' : null}
        title={LIBRARY_MESSAGES.confirmCleanUp}
        run={() => cleanUp.mutateAsync({})}
        succeeded={(_, r) => notify.success(`Removed ${counted(r.deleted, 'failed file')}`)}
        failed={(err) => notify.error(errorText(err as OpError))}
        onClose={() => setCleaning(false)}
      />
    </div>
  );
}
