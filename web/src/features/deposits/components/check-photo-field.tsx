import { useId, useState } from 'react';
import { CameraIcon } from '@/components/ui/banking-icons';
import { Spinner } from '@/components/ui/button';
import { formatFileSize, readCheckPhoto, type CheckPhoto } from './check-image';

/**
 * One side of the check: choose (or, on a phone, take) a photo, see it, replace or remove it. The
 * file is checked (JPEG/PNG by its bytes, at most 5 MB) and read as base64 as soon as it is chosen.
 */
export function CheckPhotoField({
  side,
  photo,
  error,
  onChange,
  onError,
}: {
  side: 'front' | 'back';
  photo: CheckPhoto | null;
  error: string | undefined;
  onChange: (photo: CheckPhoto | null) => void;
  onError: (message: string | undefined) => void;
}) {
  const id = useId();
  const [reading, setReading] = useState(false);
  const title = side === 'front' ? 'Front of the check' : 'Back of the check';
  const hint =
    side === 'front'
      ? 'The whole check, flat, in good light. JPEG or PNG, up to 5 MB.'
      : 'Sign it and write “For mobile deposit at Larkspur Bank only”. JPEG or PNG, up to 5 MB.';

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const result = await readCheckPhoto(file);
    setReading(false);
    if (result.ok) {
      onChange(result.photo);
      onError(undefined);
    } else {
      onChange(null);
      onError(result.error);
    }
  };

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-900">{title}</legend>
      <div
        className={`mt-1.5 flex aspect-[2.2] items-center justify-center overflow-hidden rounded-xl border-2 border-dashed ${
          error
            ? 'border-red-600 bg-red-50'
            : photo
              ? 'border-slate-200 bg-slate-50'
              : 'border-slate-300 bg-slate-50'
        }`}
      >
        {photo ? (
          <img src={photo.dataUrl} alt={`${title}, as you chose it`} className="size-full object-contain" />
        ) : (
          <CameraIcon className="size-10 text-slate-400" />
        )}
      </div>
      {photo ? (
        <p className="mt-1.5 truncate text-sm text-slate-700">
          {photo.name} · {formatFileSize(photo.sizeBytes)}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
          <input
            id={id}
            type="file"
            accept="image/jpeg,image/png"
            // On a phone, the rear camera opens at once (the gallery stays one tap away on iOS);
            // desktop browsers ignore it and show the file chooser.
            capture="environment"
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              // Choosing the same file again after removing it must still fire a change.
              event.target.value = '';
            }}
          />
          {reading ? <Spinner /> : <CameraIcon className="size-5" />}
          {photo ? 'Replace photo' : 'Choose photo'}
          <span className="sr-only"> for the {side} of the check</span>
        </label>
        {photo ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="min-h-11 rounded-lg px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            Remove <span className="sr-only">the photo of the {side}</span>
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
