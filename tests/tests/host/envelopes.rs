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

/// The host parses a zod schema without zod's compiled fast path (`new Function`) for its first
/// 32 parses in an isolate and with it after (ops/src/schema.js): the toolkit sees no
/// compilation before then, one after, and the same envelopes, right and wrong, either side.
#[tokio::test(flavor = "current_thread")]
async fn zod_compiles_a_schemas_fast_path_only_after_its_32nd_parse_and_answers_alike_either_side() {
    let dir = scratch_toolkit(
        "tiered-zod",
        &[(
            "extension.ts",
            r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
// Counts what zod compiles: it looks `Function` up on the global object when it compiles
// (its one-time probe, whether `new Function("")` works at all, has no body).
let compiled = 0;
globalThis.Function = new Proxy(globalThis.Function, {
  construct(target, args) { if (String(args.at(-1) ?? '') !== '') compiled++; return Reflect.construct(target, args); },
});
export default defineToolkit({
  id: 'tiered', name: 'Tiered', description: 'Counts compiled parsers.', icon: 'x', version: '1.0.0',
  tools: [
    tool({
      name: 'check',
      description: 'Echoes its parsed input and how many parsers zod compiled.',
      input: z.object({
        n: z.number().int().min(1),
        tags: z.array(z.string()).max(2).default([]),
        inner: z.object({ ok: z.boolean() }).optional(),
      }),
      output: z.object({ args: z.any(), label: z.string().default('none') }),
      handler: async (args) => ({ text: String(compiled), structured: { args } }),
    }),
  ],
});
"#,
        )],
    );
    let mut toolkit = load(&dir).await;
    let good = json!({ "n": 2, "inner": { "ok": true } });
    let bad = json!({ "n": 0, "tags": ["a", "b", "c"], "inner": { "ok": "yes" } });
    let mut first: Option<(Value, Value)> = None;
    // Each good call parses the input and the output schema once; each bad call the input.
    for round in 1..=40 {
        let ok = call(&mut toolkit, "check", good.clone()).await.envelope.json();
        let refused = call(&mut toolkit, "check", bad.clone()).await.envelope.json();
        let compiled: u32 = ok["result"]["text"].as_str().expect("text").parse().expect("a count");
        // The input schema reaches its 32nd parse in round 16 (two parses a round).
        if round <= 16 {
            assert_eq!(compiled, 0, "round {round}: zod compiled before the schema was hot");
        }
        let mut ok_without_count = ok.clone();
        ok_without_count["result"]["text"] = json!("");
        match &first {
            None => {
                assert_eq!(ok["structuredContent"], json!({ "args": { "n": 2, "tags": [], "inner": { "ok": true } }, "label": "none" }));
                assert_eq!(refused["code"], "INVALID_PARAMS", "{refused}");
                first = Some((ok_without_count, refused));
            }
            Some((ok0, refused0)) => {
                assert_eq!(&ok_without_count, ok0, "round {round}");
                assert_eq!(&refused, refused0, "round {round}");
            }
        }
        if round == 40 {
            assert!(compiled >= 1, "a hot schema never got zod's compiled fast path");
        }
    }
}
