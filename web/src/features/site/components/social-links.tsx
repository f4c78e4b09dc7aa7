import { socialLinks } from '../content/navigation';

const glyphs: Record<(typeof socialLinks)[number]['network'], string> = {
  Twitter:
    'M22 5.9c-.7.3-1.5.5-2.4.6a4.1 4.1 0 001.8-2.3c-.8.5-1.7.8-2.6 1a4.1 4.1 0 00-7 3.7A11.6 11.6 0 013.4 4.6a4.1 4.1 0 001.3 5.5 4 4 0 01-1.9-.5v.1a4.1 4.1 0 003.3 4 4.1 4.1 0 01-1.8.1 4.1 4.1 0 003.8 2.8A8.2 8.2 0 012 18.3 11.6 11.6 0 008.3 20c7.5 0 11.7-6.3 11.7-11.7v-.5c.8-.6 1.5-1.3 2-2z',
  Facebook:
    'M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21z',
  LinkedIn:
    'M6.5 8.5h-3V20h3zM5 3.5a1.75 1.75 0 100 3.5 1.75 1.75 0 000-3.5zM20.5 13.4c0-3.1-1.7-4.9-4.3-4.9-1.5 0-2.5.8-2.9 1.5V8.5h-3V20h3v-6c0-1.6.8-2.6 2.1-2.6s2 .9 2 2.6v6h3.1z',
};

/** Our profiles elsewhere. Each opens in a new tab with no referrer, and says so to screen readers. */
export function SocialLinks() {
  return (
    <ul className="flex gap-3">
      {socialLinks.map(({ network, href }) => (
        <li key={network}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Larkspur Bank on ${network} (opens in a new tab)`}
            className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
              className="size-5"
              fill="currentColor"
            >
              <path d={glyphs[network]} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
