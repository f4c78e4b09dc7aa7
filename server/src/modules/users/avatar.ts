import crypto from 'node:crypto';

/** Background colours of initials avatars; all keep white text at AA contrast. */
export const AVATAR_COLOURS = [
  '#4a2ab8',
  '#0f766e',
  '#b91c1c',
  '#1d4ed8',
  '#a21caf',
  '#9a3412',
  '#15803d',
  '#334155',
];
const AVATAR_FILE_PATTERN = /^(\p{L}{1,2})-([0-7])\.svg$/u;

function initialsOf(firstName: string, surname: string): string {
  const first = [...firstName.trim()][0] ?? '';
  const last = [...surname.trim()][0] ?? '';
  const initials = `${first}${last}`.toUpperCase();
  return /^\p{L}{1,2}$/u.test(initials) ? initials : 'LB';
}

/** product §3: an initials image URL made from first name and surname, served by our own server. */
export function avatarUrlFor(firstName: string, surname: string): string {
  const colour =
    crypto.createHash('sha256').update(`${firstName} ${surname}`).digest()[0]! % AVATAR_COLOURS.length;
  return `/api/avatars/${encodeURIComponent(initialsOf(firstName, surname))}-${colour}.svg`;
}

/** The SVG for an avatar file name, or null if the name is not one we make. */
export function renderAvatarSvg(file: string): string | null {
  const match = AVATAR_FILE_PATTERN.exec(file);
  if (!match) return null;
  const [, initials = '', colour = '0'] = match;
  // Initials are one or two letters (checked above), so there is nothing to escape.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${initials}">` +
    `<rect width="96" height="96" rx="48" fill="${AVATAR_COLOURS[Number(colour)]}"/>` +
    `<text x="48" y="50" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="38" font-weight="600" fill="#fff">${initials}</text>` +
    `</svg>`
  );
}
