import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import 'cropperjs/dist/cropper.css';
import './crop.css';
import { Button } from '../Button.js';
import { useReturnFocus } from '../return-focus.js';
import { aspectChoices, cropTransition, SQUARE, type AspectChoice, type CropState } from '../../../shared/rules/images/crop.js';
import { useCropper, type CroppedImage } from './useCropper.js';

export interface CropDialogProps {
  /** The picked image as a data: URL; null closes the dialog. */
  readonly src: string | null;
  readonly title?: string;
  /** Product images: the aspect is locked to 1 and no other choice is offered. */
  readonly forceSquare?: boolean;
  /** The aspect chosen when the dialog opens (Square 1:1 unless told otherwise). */
  readonly initialAspect?: AspectChoice;
  /** The longest side of the output; larger crops are scaled down (never up). */
  readonly maxOutputSide?: number;
  readonly onCancel: () => void;
  readonly onDone: (image: CroppedImage) => void;
}

/**
 * The image crop dialog (spec 1): aspect choices, zoom in and out, rotate either way, reset; Apply Crop shows the
 * result, from which Edit Original returns to editing and Done hands the JPEG (quality 0.9) to the caller.
 */
export function CropDialog({
  src,
  title = 'Crop Image',
  forceSquare = false,
  initialAspect = SQUARE,
  maxOutputSide = 2048,
  onCancel,
  onDone,
}: CropDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={src !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-panel crop-dialog" aria-describedby={undefined} {...returnFocus}>
          <Dialog.Title className="crop-title">{title}</Dialog.Title>
          {src ? (
            <CropEditor
              src={src}
              forceSquare={forceSquare}
              initialAspect={forceSquare ? SQUARE : initialAspect}
              maxOutputSide={maxOutputSide}
              onCancel={onCancel}
              onDone={onDone}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface EditorProps {
  readonly src: string;
  readonly forceSquare: boolean;
  readonly initialAspect: AspectChoice;
  readonly maxOutputSide: number;
  readonly onCancel: () => void;
  readonly onDone: (image: CroppedImage) => void;
}

function CropEditor({ src, forceSquare, initialAspect, maxOutputSide, onCancel, onDone }: EditorProps) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [aspect, setAspect] = useState<AspectChoice>(initialAspect);
  const [state, setState] = useState<CropState>('editing');
  const [result, setResult] = useState<(CroppedImage & { url: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controls = useCropper(image, aspect.ratio);

  useEffect(() => () => (result ? URL.revokeObjectURL(result.url) : undefined), [result]);

  const apply = async () => {
    try {
      setError(null);
      const cropped = await controls.crop(maxOutputSide);
      setResult({ ...cropped, url: URL.createObjectURL(cropped.blob) });
      setState((s) => cropTransition(s, 'apply'));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const editing = state === 'editing';
  return (
    <>
      {/* The editor stays mounted while the result shows, so Edit Original returns to the same crop box. */}
      <div className={editing ? 'crop-editing' : 'crop-editing crop-hidden'}>
        <div className="crop-toolbar" role="toolbar" aria-label="Crop tools">
          <div className="crop-aspects" role="radiogroup" aria-label="Aspect ratio">
            {aspectChoices(forceSquare).map((choice) => (
              <button
                key={choice.label}
                type="button"
                role="radio"
                aria-checked={choice.label === aspect.label}
                className={choice.label === aspect.label ? 'crop-aspect crop-aspect-on' : 'crop-aspect'}
                onClick={() => setAspect(choice)}
              >
                {choice.label}
              </button>
            ))}
          </div>
          <div className="crop-actions">
            <Button disabled={!controls.ready} onClick={() => controls.zoom('in')} aria-label="Zoom in">
              Zoom In
            </Button>
            <Button disabled={!controls.ready} onClick={() => controls.zoom('out')} aria-label="Zoom out">
              Zoom Out
            </Button>
            <Button disabled={!controls.ready} onClick={() => controls.rotate('left')} aria-label="Rotate left">
              Rotate Left
            </Button>
            <Button disabled={!controls.ready} onClick={() => controls.rotate('right')} aria-label="Rotate right">
              Rotate Right
            </Button>
            <Button disabled={!controls.ready} onClick={() => controls.reset()}>
              Reset
            </Button>
          </div>
        </div>
        <div className="crop-stage">
          <img ref={setImage} src={src} alt="Image to crop" className="crop-source" />
        </div>
      </div>
      {!editing && result ? (
        <div className="crop-result">
          <img src={result.url} alt="Cropped preview" className="crop-preview" />
          <p className="muted" data-testid="crop-output-size">
            {result.width} × {result.height} px
          </p>
        </div>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="crop-footer">
        <Button onClick={onCancel}>Cancel</Button>
        {editing ? (
          <Button variant="primary" disabled={!controls.ready} onClick={() => void apply()}>
            Apply Crop
          </Button>
        ) : (
          <>
            <Button onClick={() => setState((s) => cropTransition(s, 'editOriginal'))}>Edit Original</Button>
            <Button variant="primary" onClick={() => (result ? onDone({ blob: result.blob, width: result.width, height: result.height }) : undefined)}>
              Done
            </Button>
          </>
        )}
      </div>
    </>
  );
}
