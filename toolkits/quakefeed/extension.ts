/**
 * Quakefeed — recent earthquakes from the USGS FDSN event service
 * (earthquake.usgs.gov). Open data, no key. Read-only.
 *
 * The service speaks GeoJSON: a FeatureCollection for searches, a single
 * Feature when asked for one event id. Coordinates are [lon, lat, depth km],
 * times are epoch milliseconds.
 */
import { defineToolkit, tool, ToolError, z } from '@ontrove/extend/toolkit';
import { upstreamErrors, withQuery } from '../_lib/http.ts';

const USGS = 'https://earthquake.usgs.gov';
const QUERY = '/fdsnws/event/1/query';

// ---- upstream shapes (lenient: nullish wherever USGS leaves fields empty) ----

const Quake = z.object({
  id: z.string(),
  properties: z.object({
    mag: z.number().nullable(),
    magType: z.string().nullish(),
    place: z.string().nullable(),
    time: z.number(),
    url: z.string(),
    felt: z.number().nullish(),
    alert: z.enum(['green', 'yellow', 'orange', 'red']).nullish(),
    tsunami: z.number().default(0),
    status: z.string().default('automatic'),
  }),
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number(), z.number()]) }),
});
type QuakeT = z.infer<typeof Quake>;

const FeatureCollection = z.object({
  metadata: z.object({ count: z.number().int() }),
  features: z.array(Quake),
});

// ---- what recent_quakes hands back ----

const QuakeList = z.object({
  from: z.string(),
  to: z.string(),
  minMagnitude: z.number(),
  count: z.number().int(),
  quakes: z.array(
    z.object({
      id: z.string(),
      magnitude: z.number().nullable(),
      place: z.string(),
      time: z.string().describe('ISO-8601 instant, UTC.'),
      lat: z.number(),
      lon: z.number(),
      depthKm: z.number(),
      tsunami: z.boolean(),
      url: z.string(),
    }),
  ),
});

/** USGS answers a bad query with HTTP 400 and a plain-text page; the second paragraph says why. */
function usgsErrors(subject?: string) {
  const standard = upstreamErrors({ service: 'USGS', ...(subject !== undefined && { subject }) });
  return (res: Response, body: string) => {
    if (res.status === 400) {
      const reason = body.split(/\n\s*\n/)[1]?.trim() || 'bad request';
      return new ToolError(`USGS rejected the query: ${reason}`, { retryable: false });
    }
    return standard(res, body);
  };
}

/** "28 Nov 09:14" in the given zone. Intl throws RangeError for an unknown zone: the caller's mistake. */
function clock(timeZone: string): (ms: number) => string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    throw new ToolError(`"${timeZone}" is not an IANA time zone (try Europe/Rome or America/Anchorage).`, {
      retryable: false,
    });
  }
  return (ms) => {
    const p = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    return `${p.day} ${p.month} ${p.hour}:${p.minute}`;
  };
}

const mag = (m: number | null) => (m === null ? 'M?' : `M${m.toFixed(1)}`);

function summarise(q: QuakeT, at: (ms: number) => string): string {
  const [, , depth] = q.geometry.coordinates;
  const extras = [q.properties.tsunami ? 'tsunami flag' : '', q.properties.alert ? `PAGER ${q.properties.alert}` : '']
    .filter(Boolean)
    .join(', ');
  return `${mag(q.properties.mag)} · ${q.properties.place ?? 'unnamed location'} · ${at(q.properties.time)} · ${Math.round(depth)} km deep${extras ? ` (${extras})` : ''}`;
}

export default defineToolkit({
  id: 'quakefeed',
  name: 'Quakefeed',
  description: 'Recent earthquakes worldwide or near a point, from the USGS earthquake catalogue.',
  icon: '🌋',
  version: '1.0.0',
  egress: ['earthquake.usgs.gov'],
  tools: [
    tool({
      name: 'recent_quakes',
      title: 'Recent earthquakes',
      description:
        'Earthquakes above a magnitude over the last few hours, newest first. Give `near` to search around a point.',
      input: z.object({
        minMagnitude: z.number().min(0).max(10).default(2.5).describe('Smallest magnitude to include.'),
        hours: z.number().int().min(1).max(720).default(24).describe('How far back to look.'),
        limit: z.number().int().min(1).max(50).default(10),
        near: z
          .object({
            lat: z.number().min(-90).max(90),
            lon: z.number().min(-180).max(180),
            radiusKm: z.number().positive().max(5000).default(300),
          })
          .optional(),
        timeZone: z.string().min(1).default('UTC').describe('IANA zone for the times in the text.'),
      }),
      output: QuakeList,
      async handler(args, ctx) {
        const at = clock(args.timeZone);
        // The window is anchored on ctx.now(), never the wall clock, so a replay means the same thing tomorrow.
        const to = ctx.now();
        const from = new Date(to.getTime() - args.hours * 3_600_000);
        const url = withQuery(USGS, QUERY, {
          format: 'geojson',
          starttime: from.toISOString(),
          endtime: to.toISOString(),
          minmagnitude: args.minMagnitude,
          orderby: 'time',
          limit: args.limit,
          latitude: args.near?.lat,
          longitude: args.near?.lon,
          maxradiuskm: args.near?.radiusKm,
        });
        const reply = await ctx.fetchJson(url, { schema: FeatureCollection, errorMap: usgsErrors() });

        const quakes = reply.features.map((q) => {
          const [lon, lat, depthKm] = q.geometry.coordinates;
          return {
            id: q.id,
            magnitude: q.properties.mag,
            place: q.properties.place ?? 'unnamed location',
            time: new Date(q.properties.time).toISOString(),
            lat,
            lon,
            depthKm,
            tsunami: q.properties.tsunami === 1,
            url: q.properties.url,
          };
        });
        ctx.log.info('recent_quakes', { count: quakes.length, near: args.near ?? null });

        const where = args.near ? ` within ${args.near.radiusKm} km of ${args.near.lat}, ${args.near.lon}` : '';
        const head =
          quakes.length === 0
            ? `No earthquakes of M${args.minMagnitude}+${where} in the last ${args.hours} h.`
            : `${quakes.length} earthquake${quakes.length === 1 ? '' : 's'} of M${args.minMagnitude}+${where} in the last ${args.hours} h (times ${args.timeZone}):`;
        return {
          text: [head, ...reply.features.map((q) => `• ${summarise(q, at)}`)].join('\n'),
          structured: { from: from.toISOString(), to: to.toISOString(), minMagnitude: args.minMagnitude, count: quakes.length, quakes },
        };
      },
    }),
    tool({
      name: 'quake_details',
      title: 'Earthquake details',
      description: 'Magnitude, location, depth, felt reports and alert level of one USGS event.',
      input: z.object({
        eventId: z
          .string()
          .regex(/^[a-z]{2}[a-z0-9]{6,12}$/, 'USGS event ids look like us7000q1ab or ci40812345'),
      }),
      async handler({ eventId }, ctx) {
        const url = withQuery(USGS, QUERY, { eventid: eventId, format: 'geojson' });
        const q = await ctx.fetchJson(url, { schema: Quake, errorMap: usgsErrors(`event ${eventId}`) });
        const [lon, lat, depth] = q.geometry.coordinates;
        const p = q.properties;
        return [
          `${mag(p.mag)}${p.magType ? ` (${p.magType})` : ''} — ${p.place ?? 'unnamed location'}`,
          `When: ${new Date(p.time).toISOString().replace('T', ' ').slice(0, 19)} UTC`,
          `Where: ${lat.toFixed(3)}, ${lon.toFixed(3)}, ${depth.toFixed(1)} km deep`,
          `Felt reports: ${p.felt ?? 0}; PAGER alert: ${p.alert ?? 'none'}; tsunami flag: ${p.tsunami ? 'yes' : 'no'}`,
          `Review status: ${p.status}`,
          p.url,
        ].join('\n');
      },
    }),
  ],
});
