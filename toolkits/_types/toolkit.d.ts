// Just enough of `@ontrove/extend/toolkit`'s types to type-check the examples
// without the SDK installed (see ../tsconfig.json). The host provides the real
// module at run time; this file is never loaded.
import { z } from 'zod';

export { z };

export declare class ToolError extends Error {
  constructor(message: string, opts?: { retryable?: boolean; data?: unknown });
  readonly name: 'ToolError';
  readonly retryable: boolean;
  readonly data?: unknown;
}

export interface LogChannel {
  (...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export interface FetchJsonOpts {
  init?: RequestInit;
  errorMap?: (res: Response, body: string) => ToolError | Error | undefined | void;
}

export interface ToolContext {
  readonly userId: string;
  readonly config: Readonly<Record<string, unknown>>;
  now(): Date;
  log: LogChannel;
  secret(name: string): Promise<string | undefined>;
  requireSecret(name: string): Promise<string>;
  fetch(url: string | URL | Request, init?: RequestInit): Promise<Response>;
  fetchJson<S extends z.ZodType>(url: string | URL, opts: FetchJsonOpts & { schema: S }): Promise<z.output<S>>;
  fetchJson(url: string | URL, opts?: FetchJsonOpts): Promise<unknown>;
  cache?: { get(key: string): Promise<string | null>; put(key: string, value: string, ttlSeconds: number): Promise<void> };
}

export interface ToolResult {
  text: string;
  structured?: unknown;
}

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  title?: string;
  description: string;
  input: I;
  output?: O;
  annotations?: ToolAnnotations;
  mutating?: boolean;
  alwaysOn?: boolean;
  handler(args: z.output<I>, ctx: ToolContext): Promise<string | ToolResult> | string | ToolResult;
}

export interface ToolkitConfig {
  id: string;
  name: string;
  description: string;
  version: string;
  icon: string;
  author?: string;
  visibility?: 'public' | 'private';
  secrets?: string[];
  egress?: string[];
  scopes?: ('trove:search' | 'trove:ingest')[];
  config?: Record<string, { label?: string; type?: string; placeholder?: string; pattern?: string; hint?: string; default?: unknown; directory?: boolean }>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools: ToolDefinition<any, any>[];
}

export interface ToolkitDefinition {
  tools: unknown[];
  handle(call: unknown): Promise<unknown>;
}

export declare function tool<I extends z.ZodObject, O extends z.ZodType = z.ZodType>(def: ToolDefinition<I, O>): ToolDefinition<I, O>;
export declare function defineToolkit(config: ToolkitConfig): ToolkitDefinition;
