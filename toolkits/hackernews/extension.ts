/**
 * Hacker News — front-page stories and discussion threads from the official
 * Firebase API. No key. Read-only.
 *
 * Split across files the way a toolkit grows: client.ts talks to the API,
 * format.ts renders text, and ../_lib/http.ts (shared with quakefeed) maps
 * HTTP failures to ToolErrors.
 */
import { defineToolkit, tool, ToolError, z } from '@ontrove/extend/toolkit';
import { fetchItem, fetchLive, listIds, LISTS, type ListName } from './client.ts';
// A `.js` specifier that names format.ts, as tsc's NodeNext style writes it.
import { clip, htmlToText, indent, siteOf, timeAgo } from './format.js';

const StoryList = z.object({
  list: z.enum(Object.keys(LISTS) as [ListName, ...ListName[]]),
  stories: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      url: z.string().nullable(),
      by: z.string(),
      points: z.number().int(),
      comments: z.number().int(),
      postedAt: z.string().describe('ISO-8601 instant, UTC.'),
    }),
  ),
});

const discussion = (id: number) => `https://news.ycombinator.com/item?id=${id}`;

export default defineToolkit({
  id: 'hackernews',
  name: 'Hacker News',
  description: 'Top, new, best, Ask and Show HN stories, and the comments on a story.',
  icon: '🟧',
  version: '2.1.0',
  egress: ['hacker-news.firebaseio.com'],
  tools: [
    tool({
      name: 'top_stories',
      title: 'Hacker News stories',
      description: 'The first stories of a Hacker News list, in ranking order.',
      input: z.object({
        list: z.enum(['top', 'new', 'best', 'ask', 'show']).default('top'),
        limit: z.number().int().min(1).max(15).default(5),
      }),
      output: StoryList,
      annotations: { openWorldHint: true },
      async handler({ list, limit }, ctx) {
        const ids = await listIds(ctx, list);
        const items = await fetchLive(ctx, ids, limit);
        const now = ctx.now();
        ctx.log.info('top_stories', { list, listed: ids.length, fetched: items.length });

        const stories = items.map((s) => ({
          id: s.id,
          title: s.title ?? '(untitled)',
          url: s.url ?? null,
          by: s.by ?? '[deleted]',
          points: s.score ?? 0,
          comments: s.descendants ?? 0,
          postedAt: new Date(s.time * 1000).toISOString(),
        }));
        const lines = stories.map((s, i) => {
          const site = siteOf(s.url ?? undefined);
          return `${i + 1}. ${s.title}${site ? ` (${site})` : ''}\n   ${s.points} points by ${s.by}, ${timeAgo(Date.parse(s.postedAt) / 1000, now)} · ${s.comments} comments · ${discussion(s.id)}`;
        });
        return {
          text: stories.length ? `Hacker News — ${list}:\n${lines.join('\n')}` : `The ${list} list is empty right now.`,
          structured: { list, stories },
        };
      },
    }),
    tool({
      name: 'story_thread',
      title: 'Story and top comments',
      description: 'A story (or Ask HN post) with its highest-ranked top-level comments.',
      input: z.object({
        id: z.number().int().positive().describe('Item id, as in news.ycombinator.com/item?id=…'),
        comments: z.number().int().min(0).max(10).default(3),
      }),
      async handler({ id, comments }, ctx) {
        const story = await fetchItem(ctx, id);
        if (story === null) {
          throw new ToolError(`Hacker News has no item ${id}.`, { retryable: false });
        }
        if (story.type === 'comment') {
          throw new ToolError(`Item ${id} is a comment, not a story; ask for its story instead.`, { retryable: false });
        }
        const now = ctx.now();
        const head = [
          `${story.title ?? '(untitled)'}${story.url ? ` — ${story.url}` : ''}`,
          `${story.score ?? 0} points by ${story.by ?? '[deleted]'}, ${timeAgo(story.time, now)} · ${story.descendants ?? 0} comments · ${discussion(id)}`,
        ];
        if (story.text) head.push('', htmlToText(story.text));

        // kids are already in HN's ranking order.
        const top = await fetchLive(ctx, story.kids, comments);
        const body = top.map((c) => `— ${c.by ?? '[deleted]'}, ${timeAgo(c.time, now)}:\n${indent(clip(htmlToText(c.text ?? ''), 400))}`);
        return [...head, ...(body.length ? ['', ...body] : [])].join('\n');
      },
    }),
  ],
});
