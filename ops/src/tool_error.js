// `ToolError`: a failure a toolkit means to report. Its message and `retryable` flag reach the
// envelope (contract section 4); `@ontrove/extend/toolkit` exports this class, and the ctx
// capabilities beside their ops (egress/fetch.js, secrets/secret.js) throw it.
/** A failure the toolkit means to report: its message and `retryable` flag reach the envelope. */
export class ToolError extends Error {
  constructor(message, options = {}) {
    super(message);
    this.name = "ToolError";
    this.retryable = options?.retryable ?? false;
    this.data = options?.data;
  }
}

