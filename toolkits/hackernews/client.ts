// The Hacker News Firebase API (https://github.com/HackerNews/API): read-only,
// no key, one JSON document per URL. A missing or purged item is `null` with a
// 200, not a 404, so the schemas here are nullable and callers decide.
import { z, type ToolContext } from '@ontrove/extend/toolkit';
import { getJson } from '../_lib/http.ts';

export const BASE = 'https://hacker-news.firebaseio.com';

export const LISTS = {
  top: 'topstories',
  new: 'newstories',
  best: 'beststories',
  ask: 'askstories',
  show: 'showstories',
} as const;
export type ListName = keyof typeof LISTS;

export const Item = z.object({
  id: z.number().int(),
  type: z.enum(['story', 'comment', 'job', 'poll', 'pollopt']),
  by: z.string().optional(), // absent on deleted items
  time: z.number().int(),
  title: z.string().optional(),
  url: z.string().optional(),
  text: z.string().optional(),
  score: z.number().int().optional(),
  descendants: z.number().int().optional(),
  kids: z.array(z.number().int()).default([]),
  dead: z.boolean().optional(),
  deleted: z.boolean().optional(),
});
export type ItemT = z.infer<typeof Item>;

const HN = { service: 'Hacker News' };

/** Story ids of a list, best-ranked first (the API returns up to 500). */
export function listIds(ctx: ToolContext, list: ListName): Promise<number[]> {
  return getJson(ctx, new URL(`/v0/${LISTS[list]}.json`, BASE), z.array(z.number().int()), HN);
}

/** One item, or null when HN has no such id. */
export function fetchItem(ctx: ToolContext, id: number): Promise<ItemT | null> {
  return getJson(ctx, new URL(`/v0/item/${id}.json`, BASE), Item.nullable(), { ...HN, subject: `item ${id}` });
}

/**
 * Fetch items one at a time, skipping dead/deleted ones, until `want` are in hand.
 * Sequential on purpose: the API is fast, and one request at a time keeps us
 * polite (and keeps a replayed run's request order fixed).
 */
export async function fetchLive(ctx: ToolContext, ids: readonly number[], want: number): Promise<ItemT[]> {
  const out: ItemT[] = [];
  for (const id of ids) {
    if (out.length >= want) break;
    const item = await fetchItem(ctx, id);
    if (item && !item.dead && !item.deleted) out.push(item);
  }
  return out;
}
