//! Faults of the engine binding (v8x, the V8 API over QuickJS) that a toolkit could meet, each
//! pinned by the toolkit-visible behaviour it broke. The binding is patched in
//! `third_party/v8x` (see its `TROVE-PATCHES.md`).

use serde_json::json;

use crate::{call, load, scratch_toolkit};

/// A toolkit that `structuredClone`s `count` freshly made plain objects and answers how many
/// clones failed and the first error.
const CLONER: &str = r#"
import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({
  id: 'cloner', name: 'Cloner', description: 'Clones plain objects.', icon: 'copy', version: '1.0.0', egress: [],
  tools: [tool({ name: 'clone', description: 'Clones count fresh objects.', input: z.object({ count: z.number() }),
    handler: async ({ count }) => {
      let failed = 0; let first = '';
      const keep: object[] = [];
      for (let i = 0; i < count; i++) {
        const o = { i };
        keep.push(o);
        try { structuredClone(o); } catch (e) { failed++; first ||= String(e); }
      }
      return JSON.stringify({ failed, first });
    } })],
});
"#;

/// The binding keeps, per thread, the objects that have internal fields (every context's global
/// has two) in a table keyed by address, and never forgot a dropped isolate's. A plain object
/// that a later isolate on the same thread made at a freed global's address was then taken for
/// a host object, so `structuredClone` of `{}` threw `DataCloneError: Unsupported object type`
/// (seen in CI as a conformance case failing at random). Many isolates are dropped here, on one
/// thread, and each next one clones many fresh objects.
#[tokio::test(flavor = "current_thread")]
async fn an_object_at_a_dropped_isolates_address_is_still_a_plain_object() {
    let dir = scratch_toolkit("cloner", &[("extension.ts", CLONER)]);
    let mut survivor = load(&dir).await;
    let mut failures = Vec::new();
    for round in 0..8 {
        // An isolate is made and dropped while `survivor` lives: its global's memory is freed,
        // and the survivor's next plain objects are made from that memory.
        drop(load(&dir).await);
        let outcome = call(&mut survivor, "clone", json!({ "count": 5000 })).await;
        let envelope = serde_json::to_value(&outcome.envelope).expect("an envelope serialises");
        let text = envelope["result"]["text"].as_str().map(str::to_owned).unwrap_or_else(|| envelope.to_string());
        let answer: serde_json::Value = serde_json::from_str(&text).unwrap_or(json!({ "failed": -1, "first": text }));
        if answer["failed"] != 0 {
            failures.push(format!("after dropped isolate {round}: {answer}"));
        }
    }
    assert!(failures.is_empty(), "clones of plain objects failed: {failures:#?}");
}
