import { LinkifyIt } from 'linkify-it';

// Web addresses (with or without http) and e-mail addresses; not ftp: or protocol-relative ones.
const linkify = new LinkifyIt().set({ fuzzyLink: true }).add('ftp:', null).add('//', null);
const SAFE_LINK = /^(https?:|mailto:)/i;

/** A chat message's text, with its web and e-mail addresses as links; everything else stays text. */
export function MessageText({ text }: { text: string }) {
  const found = linkify.test(text) ? (linkify.match(text) ?? []).filter((match) => SAFE_LINK.test(match.url)) : [];
  if (found.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const match of found) {
    parts.push(text.slice(at, match.index));
    const web = !match.url.toLowerCase().startsWith('mailto:');
    parts.push(
      web ? (
        <a key={match.index} href={match.url} target="_blank" rel="noopener noreferrer nofollow" className="link wrap-anywhere">
          {match.text}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <a key={match.index} href={match.url} className="link wrap-anywhere">
          {match.text}
        </a>
      ),
    );
    at = match.lastIndex;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}
