// Evaluated before the bench shims' core.js, which deletes the global `fetch` (trove-host's
// bootstrap does; the Node SDK does not): entry.js puts it back. See entry.js.
export const savedFetch = globalThis.fetch;
