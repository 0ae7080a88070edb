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

export async function requireSecret(name) {
  let value;
  try {
    value = await secret(name);
  } catch {
    value = undefined;
  }
  if (value === undefined || value === "") {
    throw new ToolError(`${name} is not set. Run \`trove secret set <server> ${name} --from-stdin\`.`, { retryable: false });
  }
  return value;
}

