// `ctx.secret` and `ctx.requireSecret`: the JavaScript half of this folder. Rust refuses an
// undeclared name before any provider is asked, and redacts every value it resolves.
import { op_trove_require_secret, op_trove_secret } from "ext:core/ops";
import { ToolError } from "ext:trove_ops/tool_error.js";

// The reference SDK's requireSecret asks its own secret(), so both say `ctx.secret(name)`.
function checkName(name) {
  if (typeof name !== "string" || name === "") throw new Error("ctx.secret(name): name must be a non-empty string");
}

export function secret(name) {
  checkName(name);
  return op_trove_secret(name).then(
    (value) => value ?? undefined,
    (err) => { throw new Error(err.message); },
  );
}

// "<NAME> is not set" (a non-retryable ToolError) when Rust says so: for a secret that is unset,
// and, as the reference SDK answers, for an undeclared name. Any other failure (a keyring entry
// that cannot be read, a failing `/internal/secret`) rejects as `ctx.secret` does, so the call's
// log names the real cause. Which is which is decided in Rust (`SecretAccess::require`).
export async function requireSecret(name) {
  checkName(name);
  let answer;
  try {
    answer = await op_trove_require_secret(name);
  } catch (err) {
    throw new Error(err.message);
  }
  if (answer.outcome === "notSet") throw new ToolError(answer.message, { retryable: false });
  return answer.value;
}
