import { CHECK_IMAGE_BYTES_MAX, CHECK_IMAGE_TYPES } from '@larkspur/contract';

export type CheckImageType = (typeof CHECK_IMAGE_TYPES)[number];

/** A photo of a check, read and checked in the browser before anything is uploaded. */
export interface CheckPhoto {
  name: string;
  sizeBytes: number;
  contentType: CheckImageType;
  /** What the API takes (`dataBase64`). */
  dataBase64: string;
  /** The same bytes as a data: URL, for the preview (the CSP allows data: images, not blob:). */
  dataUrl: string;
}

export const checkPhotoMessages = {
  type: 'Choose a JPEG or PNG photo.',
  size: `Choose a photo of at most ${CHECK_IMAGE_BYTES_MAX / (1024 * 1024)} MB.`,
  empty: 'This file is empty. Choose another photo.',
  content: 'This file is not a JPEG or PNG image. Choose another photo.',
  unreadable: 'We could not read this file. Choose another photo.',
} as const;

/** The first bytes of each accepted format, as the server checks them. */
const SIGNATURES: Record<CheckImageType, readonly number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

/** What is wrong with a file before reading it (its declared type and size), or null. */
export function checkFileProblem(file: { type: string; size: number }): string | null {
  if (!(CHECK_IMAGE_TYPES as readonly string[]).includes(file.type)) return checkPhotoMessages.type;
  if (file.size === 0) return checkPhotoMessages.empty;
  if (file.size > CHECK_IMAGE_BYTES_MAX) return checkPhotoMessages.size;
  return null;
}

/** The format the bytes really are (a .png renamed .jpg is still a PNG), or null. */
export function sniffImageType(bytes: Uint8Array): CheckImageType | null {
  for (const [type, signature] of Object.entries(SIGNATURES) as [CheckImageType, readonly number[]][]) {
    if (signature.every((byte, index) => bytes[index] === byte)) return type;
  }
  return null;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no result'));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Longest prefix of base64 needed to decode the longest signature (8 bytes → 12 characters). */
const SIGNATURE_BASE64_CHARS = 12;

export type ReadCheckPhoto = { ok: true; photo: CheckPhoto } | { ok: false; error: string };

/**
 * Checks a chosen file (type, size, then its actual bytes) and reads it as base64. Everything the
 * server would refuse is refused here first, so a person learns it before waiting for an upload.
 */
export async function readCheckPhoto(file: File): Promise<ReadCheckPhoto> {
  const problem = checkFileProblem(file);
  if (problem) return { ok: false, error: problem };
  let dataUrl: string;
  try {
    dataUrl = await readAsDataUrl(file);
  } catch {
    return { ok: false, error: checkPhotoMessages.unreadable };
  }
  const dataBase64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  let head: Uint8Array;
  try {
    head = Uint8Array.from(atob(dataBase64.slice(0, SIGNATURE_BASE64_CHARS)), (c) => c.charCodeAt(0));
  } catch {
    return { ok: false, error: checkPhotoMessages.unreadable };
  }
  const contentType = sniffImageType(head);
  if (contentType === null) return { ok: false, error: checkPhotoMessages.content };
  return {
    ok: true,
    photo: {
      name: file.name,
      sizeBytes: file.size,
      contentType,
      dataBase64,
      dataUrl: `data:${contentType};base64,${dataBase64}`,
    },
  };
}

/** "1.2 MB", "340 KB": a file's size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
