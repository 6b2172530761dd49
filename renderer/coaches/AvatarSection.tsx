import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Coach } from '../../shared/rules/coaches/types.js';
import { ALLOWED_IMAGE_TYPES, avatarFileProblem } from '../../shared/rules/images/upload.js';
import { COACH_MESSAGES } from '../../shared/rules/coaches/fields.js';
import { useWriteOp } from '../api/hooks.js';
import { Card } from '../components/Card.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { CropDialog } from '../components/crop/CropDialog.js';
import { blobToBase64, fileToDataUrl } from '../components/crop/bytes.js';
import type { CroppedImage } from '../components/crop/useCropper.js';
import { CoachAvatar } from './CoachAvatar.js';
import { errorText } from '../lib/op-error-text.js';

/** Avatars are stored at most this size a side: plenty for a round avatar, small for the bucket. */
const AVATAR_MAX_SIDE = 1024;

/** Pick a file, crop it (square by default), upload the JPEG; the preview reverts if the upload fails. */
export function AvatarSection({ coach }: { readonly coach: Coach }) {
  const upload = useWriteOp('coaches', 'uploadAvatar');
  const remove = useWriteOp('coaches', 'removeAvatar');
  const input = useRef<HTMLInputElement>(null);
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared, so picking the same file again is a change.
    e.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      notify.error('Error', problem);
      return;
    }
    fileToDataUrl(file).then(setCropSrc, (err: Error) => notify.error(COACH_MESSAGES.uploadFailed, err.message));
  };

  const cropped = async ({ blob }: CroppedImage) => {
    setCropSrc(null);
    setPreview(URL.createObjectURL(blob));
    let jpegBase64: string;
    try {
      jpegBase64 = await blobToBase64(blob);
    } catch (err) {
      setPreview(null);
      notify.error(COACH_MESSAGES.uploadFailed, err instanceof Error ? err.message : String(err));
      return;
    }
    upload.mutate(
      { coachId: coach.id, jpegBase64 },
      {
        onSuccess: () => notify.success(COACH_MESSAGES.avatarUploaded),
        onError: (err) => notify.error(COACH_MESSAGES.uploadFailed, errorText(err)),
        // On success the coach now carries the new URL; on failure this reverts to the old avatar.
        onSettled: () => setPreview(null),
      },
    );
  };

  return (
    <Card title="Avatar" description="Images are cropped and stored as JPEG (at most 5 MB; JPEG, PNG, GIF or WebP).">
      <div className="avatar-section">
        <div data-testid="avatar-preview" data-state={preview ? 'pending' : coach.avatarUrl ? 'saved' : 'none'}>
          <CoachAvatar name={coach.name} url={preview ?? coach.avatarUrl} size="large" />
        </div>
        <div className="avatar-actions">
          <input ref={input} type="file" accept={ALLOWED_IMAGE_TYPES.join(',')} className="coach-file-input" aria-label="Avatar image file" onChange={pick} />
          <Button onClick={() => input.current?.click()} busy={upload.isPending}>
            Upload Avatar
          </Button>
          {coach.avatarUrl ? (
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { coachId: coach.id },
                  {
                    onSuccess: () => notify.success(COACH_MESSAGES.avatarRemoved),
                    onError: (err) => notify.error(COACH_MESSAGES.removeAvatarFailed, errorText(err)),
                  },
                )
              }
            >
              Remove Avatar
            </Button>
          ) : null}
        </div>
      </div>
      <CropDialog
        src={cropSrc}
        title="Crop Avatar"
        forceSquare
        maxOutputSide={AVATAR_MAX_SIDE}
        onCancel={() => setCropSrc(null)}
        onDone={(img) => void cropped(img)}
      />
    </Card>
  );
}
