//! Contract §4: a call and its result envelope, one tool of `fixtures/envelopes` per shape.

use serde_json::{json, Value};
use trove_host::Toolkit;

use crate::{call, failure, fixture, load, replay_env, scratch_toolkit};

async fn envelopes() -> Toolkit {
    load(&fixture("envelopes")).await
}

async fn raw_call(toolkit: &mut Toolkit, raw: Value) -> Value {
    let (env, _) = replay_env(json!([]));
    toolkit.call_json(raw, env).await.envelope.json()
}

#[tokio::test(flavor = "current_thread")]
async fn malformed_call_is_bad_request() {
    let mut toolkit = envelopes().await;
    let bad = failure("malformed tool call", "BAD_REQUEST", false);
    for raw in [
        json!({ "tool": 7, "args": {}, "userId": "u" }),
        json!({ "args": {}, "userId": "u" }),
        json!({ "tool": null }),
        json!("echo"),
        json!(null),
        json!(["echo", {}]),
        json!(42),
    ] {
        assert_eq!(raw_call(&mut toolkit, raw.clone()).await, bad, "call {raw}");
    }
    // The same toolkit still answers a well-formed call afterwards.
    let ok = raw_call(&mut toolkit, json!({ "tool": "text_only", "args": {}, "userId": "u" })).await;
    assert_eq!(ok, json!({ "ok": true, "result": { "text": "plain string" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn unknown_tool() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "no_such_tool", json!({})).await;
    assert_eq!(outcome.envelope, failure("unknown tool \"no_such_tool\"", "UNKNOWN_TOOL", false));
}

#[tokio::test(flavor = "current_thread")]
async fn invalid_params_at_the_root() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "echo", Value::Null).await;
    assert_eq!(
        outcome.envelope,
        failure(
            "invalid arguments for \"echo\": (root): Invalid input: expected object, received null",
            "INVALID_PARAMS",
            false
        )
    );
    let outcome = call(&mut toolkit, "text_only", json!("a string")).await;
    assert_eq!(
        outcome.envelope,
        failure(
            "invalid arguments for \"text_only\": (root): Invalid input: expected object, received string",
            "INVALID_PARAMS",
            false
        )
    );
}

#[tokio::test(flavor = "current_thread")]
async fn invalid_params_with_nested_paths_joined() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "echo", json!({ "name": "a", "nested": { "level": 0 } })).await;
    assert_eq!(
        outcome.envelope,
        failure(
            "invalid arguments for \"echo\": nested.level: Too small: expected number to be >=1",
            "INVALID_PARAMS",
            false
        )
    );
    // Several issues: joined with "; ", in zod's order.
    let outcome = call(&mut toolkit, "echo", json!({ "count": "three" })).await;
    assert_eq!(
        outcome.envelope,
        failure(
            "invalid arguments for \"echo\": name: Invalid input: expected string, received undefined; \
             count: Invalid input: expected number, received string",
            "INVALID_PARAMS",
            false
        )
    );
}

#[tokio::test(flavor = "current_thread")]
async fn handler_receives_parsed_args_with_defaults() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "echo", json!({ "name": "a", "unknown": true })).await;
    // `count` defaulted; the unknown key stripped (z.object is not strict).
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "{\"name\":\"a\",\"count\":3}" } }));
    let outcome = call(&mut toolkit, "echo", json!({ "name": "b", "count": 5, "nested": { "level": 2 } })).await;
    assert_eq!(
        outcome.envelope,
        json!({ "ok": true, "result": { "text": "{\"name\":\"b\",\"count\":5,\"nested\":{\"level\":2}}" } })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn string_result_becomes_text() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "text_only", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "plain string" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn text_and_structured_without_output_schema_are_kept() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "with_structured", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "two items", "structured": { "items": [1, 2] } } }));
}

#[tokio::test(flavor = "current_thread")]
async fn structured_output_matching_its_schema_gives_parsed_structured_content() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "typed_ok", json!({})).await;
    // `structuredContent` is the schema's parsed value (default applied); `result` is as returned.
    assert_eq!(
        outcome.envelope,
        json!({
            "ok": true,
            "result": { "text": "n is 2", "structured": { "n": 2 } },
            "structuredContent": { "n": 2, "label": "none" }
        })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn structured_output_failing_its_schema() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "typed_bad", json!({})).await;
    assert_eq!(
        outcome.envelope,
        failure(
            "\"typed_bad\" returned structured output that does not match its declared schema: \
             n: Invalid input: expected number, received string",
            "TOOL_ERROR",
            false
        )
    );
}

#[tokio::test(flavor = "current_thread")]
async fn output_schema_declared_but_plain_string_returned() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "typed_plain", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "just text" } }));
}

#[tokio::test(flavor = "current_thread")]
async fn tool_error_keeps_message_and_retryable_but_not_data() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "fail_retryable", json!({})).await;
    assert_eq!(outcome.envelope, failure("Upstream is busy.", "TOOL_ERROR", true));
    assert!(!outcome.envelope.to_string().contains("retryAfter"), "data leaked: {}", outcome.envelope);
    // ToolErrors are not logged.
    assert!(outcome.record.logs.is_empty(), "{:?}", outcome.record.logs);

    let outcome = call(&mut toolkit, "fail_final", json!({})).await;
    assert_eq!(outcome.envelope, failure("No such thing.", "TOOL_ERROR", false));
}

#[tokio::test(flavor = "current_thread")]
async fn plain_error_is_tool_failed_with_a_handler_error_log_line() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "crash", json!({})).await;
    assert_eq!(outcome.envelope, failure("tool failed", "TOOL_ERROR", false));
    assert_eq!(outcome.record.logs, vec![json!(["handler error", "Error: kaboom"])]);
}

#[tokio::test(flavor = "current_thread")]
async fn a_return_that_is_neither_string_nor_text_object_fails() {
    let mut toolkit = envelopes().await;
    for kind in ["number", "null", "no_text"] {
        let outcome = call(&mut toolkit, "bad_return", json!({ "kind": kind })).await;
        assert_eq!(outcome.envelope, failure("tool failed", "TOOL_ERROR", false), "return kind {kind}");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn logs_are_never_part_of_the_envelope() {
    let mut toolkit = envelopes().await;
    let outcome = call(&mut toolkit, "chatty", json!({})).await;
    assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "done" } }));
    // ctx.log lines are in the record (console goes to the host's log only).
    assert_eq!(outcome.record.logs, vec![json!(["hello from chatty", { "n": 1 }])]);
}

/// Zod 4 has two ways to parse an object: the parser it compiles with `new Function` on a
/// schema's first parse (what Node runs, and so the SDK), and the uncompiled one it falls back
/// to where code cannot be generated. They differ: the uncompiled one prefixes an issue's own
/// `path` array in place and drops an absent optional field whose default failed a check. The
/// host parses as Node does from the first call (docs/performance.md, "Zod's compiled parsers");
/// each answer below is Node 20's for the same toolkit.
#[tokio::test(flavor = "current_thread")]
async fn zod_parses_as_under_node_from_the_first_call() {
    let dir = scratch_toolkit(
        "zod-paths",
        &[(
            "extension.ts",
            r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
// One path array for every issue this refinement reports.
const WHERE = ['detail'];
const mustBeShort = (v: string, ctx: any) => {
  if (v.length > 3) ctx.addIssue({ code: 'custom', message: 'too long', path: WHERE });
};
export default defineToolkit({
  id: 'zod-paths', name: 'Zod paths', description: 'Where zod parsing paths differ.', icon: 'x', version: '1.0.0',
  tools: [
    tool({
      name: 'sharedpath',
      description: 'Two refinements reporting the same path array.',
      input: z.object({ a: z.string().superRefine(mustBeShort), b: z.string().superRefine(mustBeShort) }),
      handler: async (args) => JSON.stringify(args),
    }),
    tool({
      name: 'optdef',
      description: 'An optional field over a default that fails its check.',
      input: z.object({
        lang: z.string().default('xx').optional().refine((v) => v === undefined || (v.length === 2 && v !== 'xx'), 'bad lang'),
      }),
      handler: async (args) => JSON.stringify(args),
    }),
    tool({
      name: 'outopt',
      description: 'The same in an output schema.',
      input: z.object({}),
      output: z.object({ n: z.number(), tag: z.string().default('none').optional().refine((v) => v !== 'none') }),
      handler: async () => ({ text: 'x', structured: { n: 1 } }),
    }),
  ],
});
"#,
        )],
    );
    let mut toolkit = load(&dir).await;
    let too_long = failure(r#"invalid arguments for "sharedpath": a.detail: too long; b.detail: too long"#, "INVALID_PARAMS", false);
    for round in 1..=3 {
        let shared = call(&mut toolkit, "sharedpath", json!({ "a": "long", "b": "long" })).await;
        assert_eq!(shared.envelope, too_long, "call {round}: an issue's path grew across calls");
        let optdef = call(&mut toolkit, "optdef", json!({})).await;
        assert_eq!(optdef.envelope.json(), json!({ "ok": true, "result": { "text": r#"{"lang":"xx"}"# } }), "call {round}");
        let outopt = call(&mut toolkit, "outopt", json!({})).await;
        assert_eq!(
            outopt.envelope.json(),
            json!({ "ok": true, "result": { "text": "x", "structured": { "n": 1 } }, "structuredContent": { "n": 1, "tag": "none" } }),
            "call {round}"
        );
    }
}
