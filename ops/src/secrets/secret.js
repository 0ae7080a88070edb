// `ctx.secret` and `ctx.requireSecret`: the JavaScript half of this folder. Rust refuses an
// undeclared name before any provider is asked, and redacts every value it resolves.
import { op_trove_secret } from "ext:core/ops";
import { ToolError } from "ext:trove_ops/tool_error.js";

export function secret(name) {
  if (typeof name !== "string" || name === "") throw new Error("ctx.secret(name): name must be a non-empty string");
  return op_trove_secret(name).then(
    (value) => value ?? undefined,
    (err) => { throw new Error(err.message); },
  );
}

// What `ctx.secret` rejects with for a name the manifest does not declare (contract §5).
const NOT_DECLARED = "ctx.secret callback failed: 404 secret not declared";

// "<NAME> is not set" for a secret that is unset, and (as the reference SDK answers, per the
// conformance corpus) for an undeclared name. Any other failure (a keyring entry that cannot
// be read, a failing `/internal/secret`) rejects exactly as `ctx.secret` does, so the call's
// log names the real cause instead of asking the user to set a secret that is set.
export async function requireSecret(name) {
  let value;
  try {
    value = await secret(name);
  } catch (err) {
    if (err?.message !== NOT_DECLARED) throw err;
  }
  if (value === undefined || value === "") {
    throw new ToolError(`${name} is not set. Run \`trove secret set <server> ${name} --from-stdin\`.`, { retryable: false });
  }
  return value;
}

