/**
 * Skyward — NASA's Astronomy Picture of the Day and this week's near-Earth
 * asteroid flybys, from api.nasa.gov.
 *
 * Needs a NASA_API_KEY (free, instant: https://api.nasa.gov → "Generate API
 * Key"). api.nasa.gov sits behind api.data.gov, which accepts the key in an
 * `X-Api-Key` header, so it never appears in a URL, a log line or a replay file.
 */
import { defineToolkit, tool, ToolError, z, type ToolContext } from '@ontrove/extend/toolkit';

const API = 'https://api.nasa.gov';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD, e.g. 2026-11-29');

// ---- upstream shapes ----

const Apod = z.object({
  date: z.string(),
  title: z.string(),
  explanation: z.string(),
  media_type: z.enum(['image', 'video', 'other']),
  url: z.string().optional(), // absent for media_type "other"
  hdurl: z.string().optional(),
  thumbnail_url: z.string().optional(),
  copyright: z.string().optional(),
});

const Neo = z.object({
  id: z.string(),
  name: z.string(),
  nasa_jpl_url: z.string(),
  is_potentially_hazardous_asteroid: z.boolean(),
  estimated_diameter: z.object({
    meters: z.object({ estimated_diameter_min: z.number(), estimated_diameter_max: z.number() }),
  }),
  close_approach_data: z.array(
    z.object({
      close_approach_date_full: z.string().nullish(),
      close_approach_date: z.string(),
      relative_velocity: z.object({ kilometers_per_second: z.string() }),
      miss_distance: z.object({ kilometers: z.string(), lunar: z.string() }),
    }),
  ),
});

const NeoFeed = z.object({
  element_count: z.number().int(),
  near_earth_objects: z.record(z.string(), z.array(Neo)),
});

const PictureOut = z.object({
  date: z.string(),
  title: z.string(),
  mediaType: z.enum(['image', 'video', 'other']),
  url: z.string().nullable(),
  hdUrl: z.string().nullable(),
  credit: z.string().nullable(),
});

// ---- helpers ----

async function nasaHeaders(ctx: ToolContext): Promise<Record<string, string>> {
  return { 'x-api-key': await ctx.requireSecret('NASA_API_KEY') };
}

/**
 * NASA's error bodies come in two shapes: APOD's own `{code, msg}` for a bad
 * date, and api.data.gov's `{error: {code, message}}` for key problems.
 */
function nasaErrors(res: Response, body: string): ToolError | undefined {
  let parsed: { msg?: string; error?: { code?: string; message?: string } } = {};
  try {
    parsed = JSON.parse(body);
  } catch {
    // not JSON (an HTML 502 page, say): fall through to the defaults
  }
  const gatewayCode = parsed.error?.code;
  if (res.status === 403 && (gatewayCode === 'API_KEY_INVALID' || gatewayCode === 'API_KEY_MISSING')) {
    return new ToolError('NASA rejected NASA_API_KEY; check it, or generate a new one at https://api.nasa.gov.', {
      retryable: false,
    });
  }
  if (res.status === 429) {
    return new ToolError('NASA_API_KEY has used up its hourly request allowance; try again in an hour.', {
      retryable: true,
      data: { remaining: res.headers.get('x-ratelimit-remaining') },
    });
  }
  if (res.status === 400 && parsed.msg) {
    return new ToolError(`NASA APOD: ${parsed.msg}`, { retryable: false });
  }
  return undefined;
}

/** The calendar date at `d` in `timeZone`, as YYYY-MM-DD. */
function dateIn(d: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(d);
  const pick = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  return `${pick('year')}-${pick('month')}-${pick('day')}`;
}

const km = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export default defineToolkit({
  id: 'skyward',
  name: 'Skyward',
  description: "NASA's Astronomy Picture of the Day and upcoming near-Earth asteroid flybys.",
  icon: '🔭',
  version: '0.3.0',
  secrets: ['NASA_API_KEY'],
  egress: ['api.nasa.gov'],
  tools: [
    tool({
      name: 'picture_of_the_day',
      title: 'Astronomy Picture of the Day',
      description: "The APOD entry for a date (default: today's, which NASA publishes on US Eastern time).",
      input: z.object({
        date: isoDate.optional(),
      }),
      output: PictureOut,
      async handler(args, ctx) {
        const date = args.date ?? dateIn(ctx.now(), 'America/New_York');
        const url = new URL('/planetary/apod', API);
        url.search = new URLSearchParams({ date, thumbs: 'true' }).toString();
        const apod = await ctx.fetchJson(url, { init: { headers: await nasaHeaders(ctx) }, schema: Apod, errorMap: nasaErrors });
        ctx.log.info('apod', { date: apod.date, mediaType: apod.media_type });

        // For a video, hand back the thumbnail as the picture and the player as the link.
        const picture = apod.media_type === 'video' ? (apod.thumbnail_url ?? null) : (apod.url ?? null);
        const credit = apod.copyright?.replace(/\s+/g, ' ').trim() ?? null;
        const lines = [
          `${apod.title} (${apod.date})${credit ? ` — © ${credit}` : ''}`,
          apod.media_type === 'video' ? `Video: ${apod.url ?? 'unavailable'}` : `Image: ${apod.hdurl ?? apod.url ?? 'unavailable'}`,
          '',
          apod.explanation,
        ];
        return {
          text: lines.join('\n'),
          structured: { date: apod.date, title: apod.title, mediaType: apod.media_type, url: picture, hdUrl: apod.hdurl ?? null, credit },
        };
      },
    }),
    tool({
      name: 'asteroid_flybys',
      title: 'Near-Earth asteroid flybys',
      description: 'Asteroids passing Earth over the next few days (UTC), closest approach first.',
      input: z.object({
        days: z.number().int().min(1).max(7).default(3).describe('How many days to cover, starting today (UTC).'),
        hazardousOnly: z.boolean().default(false).describe('Only "potentially hazardous" asteroids.'),
        limit: z.number().int().min(1).max(25).default(5),
      }),
      async handler(args, ctx) {
        const start = ctx.now();
        const end = new Date(start.getTime() + (args.days - 1) * 86_400_000);
        const url = new URL('/neo/rest/v1/feed', API);
        url.searchParams.set('start_date', start.toISOString().slice(0, 10));
        url.searchParams.set('end_date', end.toISOString().slice(0, 10));
        const feed = await ctx.fetchJson(url, { init: { headers: await nasaHeaders(ctx) }, schema: NeoFeed, errorMap: nasaErrors });

        const passes = Object.values(feed.near_earth_objects)
          .flat()
          .filter((n) => !args.hazardousOnly || n.is_potentially_hazardous_asteroid)
          .flatMap((n) => n.close_approach_data.slice(0, 1).map((a) => ({ n, a, missKm: Number(a.miss_distance.kilometers) })))
          .sort((x, y) => x.missKm - y.missKm);
        ctx.log('neo feed', { total: feed.element_count, matching: passes.length, days: args.days });

        if (passes.length === 0) {
          return `No ${args.hazardousOnly ? 'potentially hazardous ' : ''}asteroids pass Earth in the next ${args.days} day(s).`;
        }
        const rows = passes.slice(0, args.limit).map(({ n, a, missKm }) => {
          const size = n.estimated_diameter.meters;
          const lunar = Number(a.miss_distance.lunar).toFixed(1);
          const speed = Number(a.relative_velocity.kilometers_per_second).toFixed(1);
          return `• ${n.name}${n.is_potentially_hazardous_asteroid ? ' ⚠️' : ''} — ${a.close_approach_date_full ?? a.close_approach_date} UTC, ${km.format(missKm)} km (${lunar} LD), ${speed} km/s, ~${Math.round(size.estimated_diameter_min)}–${Math.round(size.estimated_diameter_max)} m`;
        });
        const more = passes.length > args.limit ? `\n…and ${passes.length - args.limit} more.` : '';
        return `${passes.length} flyby(s), closest first:\n${rows.join('\n')}${more}`;
      },
    }),
  ],
});
