import { useEffect, useRef, useState } from 'react';
import Cropper from 'cropperjs';
import { nextZoom, outputSize, CROP_JPEG_QUALITY, CROP_OUTPUT_TYPE, ROTATE_STEP_DEGREES } from '../../../shared/rules/images/crop.js';

export interface CroppedImage {
  readonly blob: Blob;
  readonly width: number;
  readonly height: number;
}

export interface CropperControls {
  /** cropperjs has built its box: before that, nothing can be cropped. */
  readonly ready: boolean;
  zoom(direction: 'in' | 'out'): void;
  rotate(direction: 'left' | 'right'): void;
  reset(): void;
  crop(maxSide: number): Promise<CroppedImage>;
}

/**
 * One cropperjs instance on the given <img> for as long as it is mounted. cropperjs v1 styles its elements through
 * the CSSOM and our bundled cropper.css, so it runs under the strict CSP (no inline <style>, no style attributes).
 * The image is a data: URL, which cropperjs reads for EXIF orientation without a network request.
 */
export function useCropper(image: HTMLImageElement | null, aspect: number | null): CropperControls {
  const cropper = useRef<Cropper | null>(null);
  const [ready, setReady] = useState(false);
  const aspectRef = useRef(aspect);

  // Declared first, so the instance below is created with the current aspect.
  useEffect(() => {
    aspectRef.current = aspect;
  }, [aspect]);

  useEffect(() => {
    if (!image) return undefined;
    let alive = true;
    const c = new Cropper(image, {
      viewMode: 1,
      dragMode: 'move',
      aspectRatio: aspectRef.current ?? Number.NaN,
      // Less than the whole image, so the box's handles are visible and zooming out has room.
      autoCropArea: 0.9,
      background: true,
      responsive: true,
      checkCrossOrigin: false,
      ready: () => {
        if (alive) setReady(true);
      },
    });
    cropper.current = c;
    return () => {
      alive = false;
      c.destroy();
      cropper.current = null;
      setReady(false);
    };
  }, [image]);

  useEffect(() => {
    cropper.current?.setAspectRatio(aspect ?? Number.NaN);
  }, [aspect]);

  return {
    ready,
    zoom(direction) {
      const c = cropper.current;
      if (!c) return;
      const d = c.getImageData();
      if (d.naturalWidth > 0) c.zoomTo(nextZoom(d.width / d.naturalWidth, direction));
    },
    rotate(direction) {
      cropper.current?.rotate(direction === 'right' ? ROTATE_STEP_DEGREES : -ROTATE_STEP_DEGREES);
    },
    reset() {
      const c = cropper.current;
      if (!c) return;
      c.reset();
      c.setAspectRatio(aspectRef.current ?? Number.NaN);
    },
    crop(maxSide) {
      const c = cropper.current;
      if (!c || !ready) return Promise.reject(new Error('The image is not ready yet.'));
      const size = outputSize(c.getData(true), maxSide);
      // JPEG has no transparency: fill with white rather than black.
      const canvas = c.getCroppedCanvas({ ...size, fillColor: '#fff', imageSmoothingQuality: 'high' });
      return new Promise<CroppedImage>((resolve, reject) => {
        canvas.toBlob(
          (blob) => (blob ? resolve({ blob, width: canvas.width, height: canvas.height }) : reject(new Error('The image could not be cropped.'))),
          CROP_OUTPUT_TYPE,
          CROP_JPEG_QUALITY,
        );
      });
    },
  };
}
