// Shared by the example toolkits (quakefeed, hackernews): building query URLs
// and turning the common HTTP failure shapes into ToolErrors an assistant can
// act on. Not a toolkit itself — each toolkit imports it by relative path, and
// the host bundles it into every toolkit that does.
import { ToolError, type ToolContext } from '@ontrove/extend/toolkit';
import type { z } from '@ontrove/extend/toolkit';

/** What a caller tells the helpers about the service it is talking to. */
export interface Upstream {
  /** Human name used in error messages, e.g. "USGS". */
  service: string;
  /** What a 404 means for this endpoint, e.g. "event us7000q1ab". */
  subject?: string;
}

type QueryValue = string | number | boolean | undefined;

/**
 * `base` + `path` with the given query parameters, in the order given.
 * Undefined values are skipped, so optional filters can be passed straight through.
 */
export function withQuery(base: string, path: string, params: Record<string, QueryValue> = {}): URL {
  const url = new URL(path, base);
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) qs.append(key, String(value));
  }
  url.search = qs.toString();
  return url;
}

/** Read a Retry-After header as whole seconds, or undefined when absent/garbled. */
export function retryAfterSeconds(res: Response): number | undefined {
  const raw = res.headers.get('retry-after');
  if (raw === null) return undefined;
  const n = Number.parseInt(raw, 10);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * An errorMap for ctx.fetchJson: 404, 429 and 5xx get wording of their own;
 * anything else falls through to the SDK's default mapping (by returning undefined).
 */
export function upstreamErrors(up: Upstream) {
  return (res: Response, _body: string): ToolError | undefined => {
    if (res.status === 404) {
      return new ToolError(`${up.service} has no record of ${up.subject ?? 'that resource'}.`, { retryable: false });
    }
    if (res.status === 429) {
      const wait = retryAfterSeconds(res);
      return new ToolError(
        `${up.service} is rate limiting requests${wait !== undefined ? `; retry in ${wait}s` : ''}.`,
        { retryable: true, data: { retryAfterSeconds: wait ?? null } },
      );
    }
    if (res.status >= 500) {
      return new ToolError(`${up.service} is having trouble (HTTP ${res.status}); try again shortly.`, {
        retryable: true,
      });
    }
    return undefined;
  };
}

/** GET a JSON document, validate it against `schema`, with the standard error mapping. */
export function getJson<S extends z.ZodType>(
  ctx: ToolContext,
  url: URL,
  schema: S,
  up: Upstream,
): Promise<z.infer<S>> {
  return ctx.fetchJson(url, { schema, errorMap: upstreamErrors(up) });
}
