import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ALLOWED_IMAGE_TYPES, productFileProblem } from '../../shared/rules/images/upload.js';
import { PRODUCT_MESSAGES, type ProductImageKind } from '../../shared/rules/products/fields.js';
import { useWriteOp } from '../api/hooks.js';
import { Button } from '../components/Button.js';
import { notify } from '../components/Toaster.js';
import { CropDialog } from '../components/crop/CropDialog.js';
import { blobToBase64, fileToDataUrl } from '../components/crop/bytes.js';
import type { CroppedImage } from '../components/crop/useCropper.js';

/** Product images are stored at most this size a side. */
const MAX_SIDE = 1200;

interface Props {
  readonly kind: ProductImageKind;
  /** "Product Image" or "Company Logo": the label, the crop dialog's title and the file input's name. */
  readonly label: string;
  readonly value: string;
  /** The form's message for this field (an address the contract refuses, e.g. one saved before the rule). */
  readonly error?: string | undefined;
  readonly onChange: (url: string) => void;
}

/**
 * Pick a file, crop it to a square (no other aspect offered), upload the JPEG through main; the form then saves the
 * returned URL with the product. While uploading the crop shows; if the upload fails the preview reverts.
 */
export function ProductImageField({ kind, label, value, error, onChange }: Props) {
  const upload = useWriteOp('products', 'uploadImage');
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [cropSrc, setCropSrc] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => () => (pending ? URL.revokeObjectURL(pending) : undefined), [pending]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared, so picking the same file again is a change.
    e.target.value = '';
    if (!file) return;
    const problem = productFileProblem(file);
    if (problem) {
      notify.error(PRODUCT_MESSAGES.errorTitle, problem);
      return;
    }
    fileToDataUrl(file).then(setCropSrc, (err: Error) => notify.error(PRODUCT_MESSAGES.uploadFailed, err.message));
  };

  const cropped = async ({ blob }: CroppedImage) => {
    setCropSrc(null);
    setPending(URL.createObjectURL(blob));
    try {
      const { url } = await upload.mutateAsync({ kind, jpegBase64: await blobToBase64(blob) });
      onChange(url);
    } catch (err) {
      notify.error(PRODUCT_MESSAGES.uploadFailed, err instanceof Error ? err.message : String(err));
    } finally {
      // On success the form's value is the new URL; on failure this reverts to the previous image.
      setPending(null);
    }
  };

  const shown = pending ?? (value || null);
  return (
    <div className="product-image-field" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="product-image-label">
        {label}
      </span>
      <div className="product-image-preview" data-testid={`${kind}-preview`} data-state={pending ? 'pending' : value ? 'saved' : 'none'}>
        {shown ? <img src={shown} alt={`${label} preview`} /> : <span className="muted">No image</span>}
      </div>
      <div className="product-image-actions">
        <input ref={input} type="file" accept={ALLOWED_IMAGE_TYPES.join(',')} className="product-file-input" aria-label={`${label} file`} onChange={pick} />
        <Button onClick={() => input.current?.click()} busy={upload.isPending}>
          Upload {label}
        </Button>
        {value ? (
          <Button variant="ghost" onClick={() => onChange('')} disabled={upload.isPending}>
            Remove {label}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <CropDialog
        src={cropSrc}
        title={`Crop ${label}`}
        forceSquare
        maxOutputSide={MAX_SIDE}
        onCancel={() => setCropSrc(null)}
        onDone={(img) => void cropped(img)}
      />
    </div>
  );
}
