/**
 * Echo — the smallest useful toolkit, for measuring what a host adds to a call: one tool
 * that validates its input with zod and returns a string built from it and `ctx.userId`.
 * No egress, no secrets. trove-host serves this same file (`trove-host call bench/js/echo echo`).
 */
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';

export default defineToolkit({
  id: 'echo',
  name: 'Echo',
  description: 'Echoes its input back, with the id of the calling user.',
  icon: '🔁',
  version: '1.0.0',
  egress: [],
  tools: [
    tool({
      name: 'echo',
      description: 'Returns the text it was given, who it was given for, and the caller.',
      input: z.object({
        text: z.string(),
        user: z.string().optional(),
      }),
      handler: async ({ text, user }, ctx) =>
        `echo: ${text}${user === undefined ? '' : ` (for ${user})`} [userId: ${ctx.userId}]`,
    }),
  ],
});
