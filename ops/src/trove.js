// `ctx.trove`: the JavaScript half of trove.rs. Whether a call gets it at all is Rust's grant
// (`op_trove_has_trove`: asked by the call and declared by the manifest).
import { op_trove_kb } from "ext:core/ops";

export function kb(operation, variables) {
  return op_trove_kb(operation, JSON.parse(JSON.stringify(variables))).catch((err) => {
    throw new Error(err.message);
  });
}

