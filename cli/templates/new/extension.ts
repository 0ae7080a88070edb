/**
 * {{name}} — a Trove toolkit. It starts with one tool, `current_weather`, which asks
 * Open-Meteo (https://open-meteo.com: free, no API key) for the weather at a point.
 * Replace it with your own; the shape stays the same.
 *
 *   trove-host call . current_weather --args '{"latitude":48.85,"longitude":2.35}'
 *   trove-host test .
 */
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';

const API = 'https://api.open-meteo.com';

// What the upstream sends back. Keep these schemas lenient (only the fields you read,
// `.nullish()` / `.default()` where the API may leave something out): a body that does not
// match makes ctx.fetchJson throw a retryable ToolError instead of handing you bad data.
const Forecast = z.object({
  latitude: z.number(),
  longitude: z.number(),
  current_units: z.object({ temperature_2m: z.string() }),
  current: z.object({
    time: z.string(), // "2026-11-29T12:00", in UTC unless you ask for a time zone
    temperature_2m: z.number(),
    wind_speed_10m: z.number(),
    weather_code: z.number().int(),
  }),
});

// What the tool hands back as `structured` (checked against this schema, then published as
// the tool's outputSchema and returned to the caller as `structuredContent`).
const Weather = z.object({
  latitude: z.number(),
  longitude: z.number(),
  observedAt: z.string().describe('ISO-8601 instant of the observation, UTC.'),
  temperature: z.number(),
  temperatureUnit: z.string(),
  windSpeedKmh: z.number(),
  conditions: z.string(),
});

/** WMO weather interpretation codes (the ones Open-Meteo uses), grouped. */
const CONDITIONS: Record<number, string> = {
  0: 'clear sky',
  1: 'mainly clear',
  2: 'partly cloudy',
  3: 'overcast',
  45: 'fog',
  48: 'rime fog',
  51: 'light drizzle',
  53: 'drizzle',
  55: 'dense drizzle',
  61: 'light rain',
  63: 'rain',
  65: 'heavy rain',
  71: 'light snow',
  73: 'snow',
  75: 'heavy snow',
  80: 'rain showers',
  81: 'rain showers',
  82: 'violent rain showers',
  95: 'thunderstorm',
};

export default defineToolkit({
  id: '{{id}}',
  name: '{{name}}',
  description: 'Current weather anywhere on Earth, from Open-Meteo.',
  icon: '🧰',
  version: '0.1.0',
  // The only hosts ctx.fetch may reach (https only). Nothing else gets out: there is no
  // global fetch, and private or loopback addresses are refused even when listed.
  egress: ['api.open-meteo.com'],
  // An API key would be declared here, then read with `await ctx.requireSecret('NAME')`
  // (store it with `trove-host secret set . NAME`). Undeclared names are refused.
  secrets: [],
  tools: [
    tool({
      name: 'current_weather',
      title: 'Current weather',
      description: 'Temperature, wind and conditions right now at a latitude/longitude (default: Berlin).',
      // Arguments are parsed with this schema before the handler runs, so defaults apply and
      // a bad call gets an INVALID_PARAMS answer. `.describe()` text reaches the model.
      input: z.object({
        latitude: z.number().min(-90).max(90).default(52.52).describe('Latitude in decimal degrees (north is positive).'),
        longitude: z.number().min(-180).max(180).default(13.41).describe('Longitude in decimal degrees (east is positive).'),
        unit: z.enum(['celsius', 'fahrenheit']).default('celsius').describe('Temperature unit.'),
      }),
      output: Weather,
      async handler(args, ctx) {
        const url = new URL('/v1/forecast', API);
        url.searchParams.set('latitude', String(args.latitude));
        url.searchParams.set('longitude', String(args.longitude));
        url.searchParams.set('current', 'temperature_2m,wind_speed_10m,weather_code');
        url.searchParams.set('temperature_unit', args.unit);

        // ctx.fetchJson = ctx.fetch + `accept: application/json` + JSON parsing + the schema.
        // A non-2xx answer becomes a ToolError ("Upstream returned HTTP 503.", retryable for
        // 429 and 5xx); pass `errorMap: (res, body) => new ToolError(...)` to word it yourself.
        // For "now", use ctx.now(), never Date.now(): replays and tests pin it.
        const reply = await ctx.fetchJson(url, { schema: Forecast });
        const current = reply.current;
        const conditions = CONDITIONS[current.weather_code] ?? `WMO weather code ${current.weather_code}`;
        const unit = reply.current_units.temperature_2m;

        // ctx.log lines go to the run transcript (stderr for `trove-host call`); secrets are redacted.
        ctx.log.info('current_weather', { latitude: args.latitude, longitude: args.longitude });

        return {
          text: `${conditions}, ${current.temperature_2m} ${unit}, wind ${current.wind_speed_10m} km/h at ${reply.latitude.toFixed(2)}, ${reply.longitude.toFixed(2)} (${current.time} UTC).`,
          structured: {
            latitude: reply.latitude,
            longitude: reply.longitude,
            observedAt: new Date(`${current.time}Z`).toISOString(),
            temperature: current.temperature_2m,
            temperatureUnit: unit,
            windSpeedKmh: current.wind_speed_10m,
            conditions,
          },
        };
      },
    }),
  ],
});
