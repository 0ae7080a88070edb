// Turning HN's wire values into text an assistant can quote.

/** "3 hours ago", relative to `now` (ctx.now(), so replays are stable). */
export function timeAgo(unixSeconds: number, now: Date): string {
  const mins = Math.max(0, Math.floor((now.getTime() - unixSeconds * 1000) / 60_000));
  if (mins < 1) return 'just now';
  if (mins < 60) return `${mins} minute${mins === 1 ? '' : 's'} ago`;
  const hours = Math.floor(mins / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/** "github.com" for a story link; Ask HN posts have none. */
export function siteOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#x2F': '/' };

/** HN comment HTML (<p>, <a>, <i>, <pre><code>, entities) → plain text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<p>/g, '\n\n')
    .replace(/<a [^>]*href="([^"]*)"[^>]*>[^<]*<\/a>/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x27|#x2F|amp|lt|gt|quot);/g, (_m, e: string) => ENTITIES[e] ?? _m)
    .trim();
}

/** Cut to at most `max` characters, marking the cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function indent(text: string, prefix = '    '): string {
  return text
    .split('\n')
    .map((l) => (l ? prefix + l : l))
    .join('\n');
}
