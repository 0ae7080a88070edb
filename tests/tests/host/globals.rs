//! Contract §1: the web globals real toolkits use, probed from inside tools of
//! `fixtures/globals`; and the host rule that no global `fetch` (nor host internals) exist.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bytes::Bytes;
use serde_json::{json, Value};
use trove_host::{CallOutcome, ToolCall, Toolkit};
use trove_host_ops::egress::{HttpRequest, HttpResponse, Transport, TransportError};
use trove_host_ops::CallEnv;

use crate::{call, fixture, load, replay_env};

async fn globals() -> Toolkit {
    load(&fixture("globals")).await
}

fn structured(outcome: &CallOutcome) -> &Value {
    match &outcome.envelope {
        trove_host::Envelope::Ok(ok) => ok.result.structured.as_ref().expect("structured result"),
        failed => panic!("expected success: {failed}"),
    }
}

#[tokio::test(flavor = "current_thread")]
async fn headers_get_set_cookie_returns_each_line() {
    let mut toolkit = globals().await;
    let (env, replay) = replay_env(json!([{
        "request": { "method": "GET", "url": "https://api.example.com/login" },
        "response": {
            "status": 200,
            "headers": { "content-type": "text/plain", "set-cookie": ["a=1; Path=/", "b=2; HttpOnly"] },
            "body": "hi"
        }
    }]));
    let outcome = toolkit
        .call(&ToolCall::new("fetch_info", json!({ "url": "https://api.example.com/login" }), "u"), env)
        .await;
    assert_eq!(
        structured(&outcome),
        &json!({ "status": 200, "location": null, "setCookies": ["a=1; Path=/", "b=2; HttpOnly"], "body": "hi" })
    );
    assert!(replay.failures().is_empty() && replay.remaining().is_empty());
}

/// A transport that follows redirects like the network one (unlike a replay cassette, which
/// serves what `ctx.fetch` returned): `/start` redirects to `/final`.
#[derive(Default)]
struct RedirectingTransport {
    seen: Mutex<Vec<String>>,
}

#[async_trait]
impl Transport for RedirectingTransport {
    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, TransportError> {
        let url = request.url.to_string();
        self.seen.lock().unwrap().push(url.clone());
        let header = |k: &str, v: &str| (k.to_owned(), v.to_owned());
        match url.as_str() {
            "https://api.example.com/start" => Ok(HttpResponse {
                status: 302,
                status_text: "Found".into(),
                headers: vec![header("location", "/final"), header("set-cookie", "sid=abc; Path=/")],
                body: Bytes::new(),
                url: None,
            }),
            "https://api.example.com/final" => Ok(HttpResponse {
                status: 200,
                status_text: "OK".into(),
                headers: vec![header("content-type", "text/plain")],
                body: Bytes::from_static(b"final page"),
                url: None,
            }),
            other => Err(TransportError::Network(format!("unexpected {other}"))),
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn redirect_manual_returns_the_3xx_with_its_location() {
    let mut toolkit = globals().await;
    let args = json!({ "url": "https://api.example.com/start", "manual": true });

    let transport = Arc::new(RedirectingTransport::default());
    let outcome = toolkit.call(&ToolCall::new("fetch_info", args, "u"), CallEnv::new(transport.clone())).await;
    assert_eq!(
        structured(&outcome),
        &json!({ "status": 302, "location": "/final", "setCookies": ["sid=abc; Path=/"], "body": "" })
    );
    assert_eq!(*transport.seen.lock().unwrap(), vec!["https://api.example.com/start"]);
    assert_eq!(outcome.record.requests.len(), 1);
    assert_eq!(outcome.record.requests[0].redirect.as_deref(), Some("manual"));

    // The control: without `redirect: 'manual'` the same transport's redirect is followed.
    let transport = Arc::new(RedirectingTransport::default());
    let args = json!({ "url": "https://api.example.com/start" });
    let outcome = toolkit.call(&ToolCall::new("fetch_info", args, "u"), CallEnv::new(transport.clone())).await;
    assert_eq!(structured(&outcome), &json!({ "status": 200, "location": null, "setCookies": [], "body": "final page" }));
    assert_eq!(*transport.seen.lock().unwrap(), vec!["https://api.example.com/start", "https://api.example.com/final"]);
    assert_eq!(outcome.record.requests[0].redirect, None);
}

#[tokio::test(flavor = "current_thread")]
async fn crypto_subtle_hmac_sha256_matches_rfc_4231() {
    let mut toolkit = globals().await;
    // RFC 4231, test case 2.
    let outcome = call(&mut toolkit, "hmac", json!({ "key": "Jefe", "data": "what do ya want for nothing?" })).await;
    assert_eq!(
        outcome.envelope,
        json!({ "ok": true, "result": { "text": "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843" } })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn crypto_work_outside_the_isolate_is_capped() {
    // deno_crypto runs these on threads no call limit reaches: 2e9 PBKDF2 iterations kept a CPU
    // busy for half an hour after the call was answered (review 25). Under the caps, the work
    // is done as Node does it (RFC 7914's PBKDF2-HMAC-SHA256 vector).
    let mut toolkit = globals().await;
    async fn text(toolkit: &mut Toolkit, args: Value) -> Value {
        let tool = if args.get("bits").is_some() { "rsa" } else { "derive" };
        call(toolkit, tool, args).await.envelope.json()["result"]["text"].clone()
    }
    let vector = "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b";
    for shape in [json!(null), json!("function"), json!("boxed")] {
        let mut args = json!({ "name": "PBKDF2", "iterations": 1 });
        if !shape.is_null() {
            args["shape"] = shape;
        }
        assert_eq!(text(&mut toolkit, args.clone()).await, vector, "{args}");
    }
    let refused = "NotSupportedError: PBKDF2 iterations 10000001 is over 10000000: this host refuses more (the work runs outside the call's limits)";
    for args in [
        json!({ "name": "pbkdf2", "iterations": 10_000_001 }),
        // A toolkit's own `toUpperCase` does not answer the check.
        json!({ "name": "PBKDF2", "iterations": 10_000_001, "tamper": true }),
        // Any object is an algorithm, and its name is converted to a string.
        json!({ "name": "PBKDF2", "iterations": 10_000_001, "shape": "function" }),
        json!({ "name": "PBKDF2", "iterations": 10_000_001, "shape": "boxed" }),
    ] {
        assert_eq!(text(&mut toolkit, args.clone()).await, refused, "{args}");
    }
    assert_eq!(
        text(&mut toolkit, json!({ "bits": 16384 })).await,
        "NotSupportedError: RSA modulusLength 16384 is over 8192: this host refuses more (the work runs outside the call's limits)"
    );
}

#[tokio::test(flavor = "current_thread")]
async fn abort_signal_timeout_aborts_a_set_timeout_wait() {
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "timeout", json!({})).await;
    assert_eq!(
        outcome.envelope,
        json!({ "ok": true, "result": { "text": "aborted: TimeoutError", "structured": { "aborted": true } } })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn intl_formats_as_node_prints() {
    // Expected strings as Node 20.20.2 prints them (`node -e`), including the plain U+0020
    // before "AM" in format().
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "intl", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "date": "Sun, Mar 8, 1:30 AM",
            "number": "1,234.5",
            "usd": "$1,234.50",
            "deLong": "Mittwoch, 3. Januar 2024",
            "jpy": "￥98,765",
            "compact": "1.2M; 16 thousand",
            "names": "United States; Germany; Brazilian Portuguese; undefined",
            "canonical": "en-US,he",
            "resolution": "[[\"en-US\"],\"en-US\",\"in 3 hours\",\"few\"]",
            "nullLocale": "TypeError: Cannot convert undefined or null to object",
            "plural": "other,one,other,one",
            "ordinal": "one,two,few,other,other,one",
            "relative": "yesterday; in 3 hours; 3 mo. ago",
            "lists": "a, b oder c; p and q; a, b, & c",
            "listError": "TypeError: Iterable yielded 1 which is not a string",
            "requiresNew": "TypeError: Constructor Intl.PluralRules requires 'new'",
            "tags": "[object Intl.PluralRules] [object Intl.RelativeTimeFormat] [object Intl.ListFormat] [object Intl.DisplayNames]"
        })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn collation_and_case_mapping_follow_the_locale_as_node() {
    // Expected values as Node 20.20.2 prints them for the same code.
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "collate", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "sv": "a A a10 a2 b z ä",
            "numeric": "A a ä a2 a10 b z",
            "base": "0,0,0,-1",
            "plain": "a A ä a10 a2 b z",
            "shape": "function 2 \"\" false 1 [object Intl.Collator]",
            "resolved": "{\"locale\":\"de-u-kn\",\"usage\":\"sort\",\"sensitivity\":\"variant\",\"ignorePunctuation\":false,\"collation\":\"default\",\"numeric\":true,\"caseFirst\":\"lower\"}",
            "errors": [
                "RangeError: Value bogus out of range for Intl.Collator options property sensitivity",
                "RangeError: Incorrect locale information provided",
                "TypeError: Method get Intl.Collator.prototype.compare called on incompatible receiver #<Object>"
            ],
            "cases": "İI ıi I ΑΣΟΣ",
            "long": "0,-1,1",
            "firstSupported": "sv 1",
            "symbol": ["TypeError: Cannot convert a Symbol value to a string", "TypeError: Cannot convert a Symbol value to a string"],
            "surrogates": "41 d83d 42 | -1 | -1 | 1"
        })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn bigints_and_decimal_strings_keep_every_digit_as_in_node() {
    // Expected values as Node 20.20.2 prints them for the same code.
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "exact_numbers", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "text": "12.345.678.901.234.567.890 | -12,345,678,901,234,567,890 | 12,345,678,901,234,567,890.123 | 0.5 | 16 | ∞ | [{\"type\":\"minusSign\",\"value\":\"-\"},{\"type\":\"integer\",\"value\":\"1\"},{\"type\":\"group\",\"value\":\",\"},{\"type\":\"integer\",\"value\":\"234\"}] | 0 | 12,345,678,901,234,567,890 | 1.234.567",
            "error": "TypeError: BigInt.prototype.toLocaleString requires that 'this' be a BigInt"
        })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn date_parse_reads_strings_as_node_does() {
    // Node 20.20.2's answers (`Date.parse`, as ISO strings, TZ=UTC). A leading newline, tab,
    // NBSP or byte order mark made the engine misread the date (`'\n2026-01-05'` as 2001), and a
    // comma without a space after it (`Mon,05 Jan 2026`) lost the day (review 24).
    // Review 47's are below.
    let cases: &[(&str, &str)] = &[
        ("2026-01-05\r\n", "2026-01-05T00:00:00.000Z"),
        (" 2026-01-05", "2026-01-05T00:00:00.000Z"),
        ("2026-01-05", "2026-01-05T00:00:00.000Z"),
        ("\n01/05/2026", "2026-01-05T00:00:00.000Z"),
        ("Mon,05 Jan 2026 10:00:00 GMT", "2026-01-05T10:00:00.000Z"),
        ("2026-01-05\t10:00", "2026-01-05T10:00:00.000Z"),
        ("\u{a0}2026-01-05T10:00:00Z", "NaN"),
        ("Jan,5 2026", "2026-01-05T00:00:00.000Z"),
        ("\u{2028}2026-01-05", "NaN"),
        ("\n2026-01-05", "2026-01-05T00:00:00.000Z"),
        ("\n5 January 2026", "2026-01-05T00:00:00.000Z"),
        ("\tJan 5, 2026", "2026-01-05T00:00:00.000Z"),
        ("\u{feff}2026-01-05", "2026-01-05T00:00:00.000Z"),
        ("\r\n2026-01-05 10:00", "2026-01-05T10:00:00.000Z"),
        ("Tue, 05 Jan 2026 10:00:00 +0100", "2026-01-05T09:00:00.000Z"),
        ("5 Jan 2026", "2026-01-05T00:00:00.000Z"),
        ("Jan 5 2026 10:00 PM", "2026-01-05T22:00:00.000Z"),
        ("2026/01/05", "2026-01-05T00:00:00.000Z"),
        ("01-05-2026", "2026-01-05T00:00:00.000Z"),
        ("Monday, January 5, 2026", "2026-01-05T00:00:00.000Z"),
        ("2026-01-05T10:00:00.000Z", "2026-01-05T10:00:00.000Z"),
        ("2026-01-05T10:00", "2026-01-05T10:00:00.000Z"),
        ("Mon Jan 05 2026 10:00:00 GMT-0500 (Eastern Standard Time)", "2026-01-05T15:00:00.000Z"),
        ("Thu,01 Jan 1970 00:00:00 GMT", "1970-01-01T00:00:00.000Z"),
        ("1 2 3", "2003-01-02T00:00:00.000Z"),
        ("foo", "NaN"),
        ("", "NaN"),
        ("  ", "NaN"),
        ("Jan", "NaN"),
        ("2026", "2026-01-01T00:00:00.000Z"),
        ("12/31/1999 23:59:59", "1999-12-31T23:59:59.000Z"),
        ("2026-01-05 10:00:00 UTC", "2026-01-05T10:00:00.000Z"),
        ("Mon, 5 Jan 2026 10:00:00 EST", "2026-01-05T15:00:00.000Z"),
        ("5.1.2026", "2026-05-01T00:00:00.000Z"),
        ("2026.01.05", "2026-01-05T00:00:00.000Z"),
        ("Sat,,03 Jan 2026", "2026-01-03T00:00:00.000Z"),
        ("Jan 5,2026", "2026-01-05T00:00:00.000Z"),
        // Review 47: a day past 31 was read as a second year (`Dec 32 2024` was 2024-12-01);
        // European zone names, an offset without minutes and a comma fraction were read where
        // V8 answers NaN; a lower-case `t`/`z` and a fraction past nine digits were refused.
        ("Dec 32 2024", "NaN"),
        ("Mon, 32 Dec 2024", "NaN"),
        ("32 Dec 2024", "NaN"),
        ("Dec 0 2024", "NaN"),
        ("2024 Dec 32", "NaN"),
        ("Dec 99", "1999-12-01T00:00:00.000Z"),
        ("Jan 5 99", "1999-01-05T00:00:00.000Z"),
        ("Tue, 03 Dec 2024 10:00:00 CET", "NaN"),
        ("Tue, 03 Dec 2024 10:00:00 CEST", "NaN"),
        ("Tue, 03 Dec 2024 10:00:00 PST", "2024-12-03T18:00:00.000Z"),
        ("2024-12-03T10:00:00+00", "NaN"),
        ("2024-12-03T10:00:00+0000", "2024-12-03T10:00:00.000Z"),
        ("2024-12-03T10:00:00+05:30", "2024-12-03T04:30:00.000Z"),
        ("2024-12-03T10:00:00,123Z", "NaN"),
        ("2024-12-03t10:00:00z", "2024-12-03T10:00:00.000Z"),
        ("2024-12-03T10:00z", "2024-12-03T10:00:00.000Z"),
        ("2024-12-03T10:00:00.1234567890Z", "2024-12-03T10:00:00.123Z"),
        ("2024-12-03T10:00:00.9999999999Z", "2024-12-03T10:00:00.999Z"),
    ];
    let inputs: Vec<&str> = cases.iter().map(|(input, _)| *input).collect();
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         const inputs: string[] = {};\n\
         export default defineToolkit({{ id: 'dates', name: 'D', description: 'D.', icon: 'd', version: '1.0.0',\n\
           tools: [tool({{ name: 'parse', description: 'P.', input: z.object({{}}), handler: async () =>\n\
             JSON.stringify(inputs.map((s) => {{ const t = Date.parse(s); return isNaN(t) ? 'NaN' : new Date(t).toISOString(); }})) }})] }});\n",
        serde_json::to_string(&inputs).unwrap()
    );
    let dir = crate::scratch_toolkit("date-parse", &[("extension.ts", &source)]);
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "parse", json!({})).await;
    let text = outcome.envelope.json()["result"]["text"].as_str().expect("text").to_owned();
    let got: Vec<String> = serde_json::from_str(&text).unwrap();
    let differ: Vec<String> = cases
        .iter()
        .zip(&got)
        .filter(|((_, node), host)| node != host)
        .map(|((input, node), host)| format!("{input:?}: Node {node}, trove-host {host}"))
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
}

/// Review 47: a spread or `apply` takes as many arguments as Node 20 does (about 125,000; the
/// engine stopped at 65,535, so `btoa(String.fromCharCode(...bytes))` of an 80 KB file failed),
/// with V8's error past the bound; and the stream readers, writers, controllers and queuing
/// strategies, and `MessageEvent`, are globals as in Node 20. The expected line is what Node
/// 20.20.2 prints for the same code.
#[tokio::test(flavor = "current_thread")]
async fn long_spreads_and_the_stream_globals_as_in_node() {
    let source = r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({ id: 'spread', name: 'S', description: 'S.', icon: 's', version: '1.0.0',
  tools: [tool({ name: 'probe', description: 'P.', input: z.object({}), handler: async () => {
            const bytes = new Uint8Array(120000).fill(65);
            const text = String.fromCharCode(...bytes);
            const rows: number[] = []; rows.push(...new Array(100000).fill(1));
            let past = '';
            try { Math.max(...new Array(2 ** 21).fill(0)); } catch (e) { past = String(e); }
            const g = globalThis as any;
            const names = ['ReadableStreamDefaultReader', 'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest', 'ReadableByteStreamController', 'ReadableStreamDefaultController', 'TransformStreamDefaultController', 'WritableStreamDefaultWriter', 'WritableStreamDefaultController', 'ByteLengthQueuingStrategy', 'CountQueuingStrategy', 'MessageEvent'];
            const streams = names.map((n) => typeof g[n]).join(',');
            const strategy = new g.CountQueuingStrategy({ highWaterMark: 3 }).highWaterMark;
            const reader = new ReadableStream().getReader() instanceof g.ReadableStreamDefaultReader;
            const writer = new WritableStream().getWriter() instanceof g.WritableStreamDefaultWriter;
            const event = new g.MessageEvent('message', { data: 7 }).data;
            return (JSON.stringify([btoa(text).length, rows.length, past, streams, strategy, reader, writer, event]));
  } })] });
"#;
    let dir = crate::scratch_toolkit("spread-streams", &[("extension.ts", source)]);
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "probe", json!({})).await;
    let text = outcome.envelope.json()["result"]["text"].as_str().map(str::to_owned);
    let functions = ["function"; 11].join(",");
    assert_eq!(
        text.as_deref(),
        Some(&*format!(r#"[160000,100000,"RangeError: Maximum call stack size exceeded","{functions}",3,true,true,7]"#)),
        "{:?}",
        outcome.envelope.json()
    );
}

/// Review 47: a regular expression that starts with a repeated character class (`(.+?)\s+—`,
/// `(.*?)<\/title>`, `([^.]+)\.`) no longer tries every start position inside a run that a
/// failed attempt has already covered (v8x patch 46): on a 1 MB single-line body with no match
/// such a search was quadratic (hours; the call ended at its CPU limit), as it is not under V8.
/// Its answers are unchanged: the small cases are Node 20.20.2's.
#[tokio::test(flavor = "current_thread")]
async fn a_leading_repeated_class_searches_in_linear_time_with_node_s_answers() {
    let source = r#"import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';
export default defineToolkit({ id: 'regex', name: 'R', description: 'R.', icon: 'r', version: '1.0.0',
  tools: [tool({ name: 'probe', description: 'P.', input: z.object({}), handler: async () => {
            const big = 'Fixed a crash when the cache is cold; improved the retry logic for uploads. '.repeat(14000);
            const cases = [
              big.match(/(.+?)\s+—\s+(.+)/),
              big.match(/(.*)\s+—\s+/),
              big.match(/(.*?)<\/title>/s),
              big.replace(/\./g, ',').match(/([^.]+)\.\s*$/),
              'ab — cd'.match(/(.+?)\s+—\s+(.+)/),
              'x. y. z.'.match(/([^.]+)\.\s*$/),
              '<title>Hi</title>'.match(/(.*?)<\/title>/s),
              'aaa\nbbb — c'.match(/(.*)\s+—\s+/),
              'abcabc'.match(/(.+)\1/),
              'xx Ab AB ab'.match(/(A.*?)b/gi),
              'a1b2c3'.match(/\D+?\d/g),
              '😀😀x'.match(/(.+)x/u),
              'line one\nline two — end'.match(/(.+?)\s+—\s+(.+)/),
            ];
            return JSON.stringify([big.length, cases]);
  } })] });
"#;
    let dir = crate::scratch_toolkit("regex-start-runs", &[("extension.ts", source)]);
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "probe", json!({})).await;
    let text = outcome.envelope.json()["result"]["text"].as_str().map(str::to_owned);
    let expected = r#"[1064000,[null,null,null,null,["ab — cd","ab","cd"],[" z."," z"],["<title>Hi</title>","<title>Hi"],["bbb — ","bbb"],["abcabc","abc"],["Ab","AB","ab"],["a1","b2","c3"],["😀😀x","😀😀"],["line two — end","line two","end"]]]"#;
    assert_eq!(text.as_deref(), Some(expected), "{:?}", outcome.envelope.json());
}

/// `CompressionStream` and `DecompressionStream` as Node 20 has them (the host had neither):
/// `gzip`, `deflate` and `deflate-raw` both ways, gzip's further members and padding zeros,
/// Node's zlib errors with their `code` and `errno`, the chunk types Node takes (strings, typed
/// arrays, DataViews; not an ArrayBuffer), the format and `this` errors, and a decoded stream in
/// pieces of at most 16 KiB; and streams fed and drained as toolkits do (review 49): written,
/// awaited and closed before anything reads them (a write waited for the reader, and the call
/// hung), forty at once and a hundred left unfinished (a count of 32 open codecs refused them,
/// for every later call of the instance), a call's timer firing during a long decode (it waited
/// for the end), a corrupt chunk's write settling, an abort without a reason. The expected
/// strings are Node 20.20.2's answers to the same module (`tests/fixtures/compression/cases.js`).
#[tokio::test(flavor = "current_thread")]
async fn compression_streams_answer_as_node_does() {
    let mut toolkit = load(&fixture("compression")).await;
    let streams = call(&mut toolkit, "streams", json!({})).await;
    let expected = r#"{"desiredSize":16384,"writeThenRead":100000,"concurrent":40,"afterAbandoned":100000,"timer":[67108864,true],"corrupt":["write settled","read failed: incorrect header check"],"abort":["AbortError","The operation was aborted","ABORT_ERR"]}"#;
    assert_eq!(streams.envelope.json()["result"]["text"].as_str(), Some(expected), "{:?}", streams.envelope.json());
    let outcome = call(&mut toolkit, "cases", json!({})).await;
    let expected = r#"{"gzip":[true,true],"deflate":[true,true],"deflate-raw":[true,true],"header":"1f8b0800000000000003","gunzip":["ok","hello world"],"members":["ok","hello worldhello world"],"padded":["ok","hello world"],"junk":["Error","incorrect header check","Z_DATA_ERROR",-3],"truncated":["Error","unexpected end of file","Z_BUF_ERROR",-5],"empty":["Error","unexpected end of file","Z_BUF_ERROR",-5],"badCrc":["Error","incorrect data check","Z_DATA_ERROR",-3],"wrongFormat":["Error","incorrect header check","Z_DATA_ERROR",-3],"badBlock":["Error","invalid block type","Z_DATA_ERROR",-3],"deflateTrailing":["ok","abc"],"brotli":["TypeError","The argument 'format' is invalid. Received 'brotli'","ERR_INVALID_ARG_VALUE",null],"noFormat":["TypeError","The argument 'format' is invalid. Received undefined","ERR_INVALID_ARG_VALUE",null],"objectFormat":["TypeError","The argument 'format' is invalid. Received { f: 'gzip' }","ERR_INVALID_ARG_VALUE",null],"stringChunk":["ok","café hh!"],"bufferChunk":["TypeError","The \"chunk\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received an instance of ArrayBuffer","ERR_INVALID_ARG_TYPE",null],"nullChunk":["TypeError","May not write null values to stream","ERR_STREAM_NULL_VALUES",null],"numberChunk":["TypeError","The \"chunk\" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received type number (42)","ERR_INVALID_ARG_TYPE",null],"tags":["[object CompressionStream]","[object DecompressionStream]","constructor,readable,writable",1,true,false],"wrongThis":["TypeError","Value of \"this\" must be of type CompressionStream","ERR_INVALID_THIS",null],"response":["ok","hello world"],"pieces":[64,16384,1048576]}"#;
    assert_eq!(outcome.envelope.json()["result"]["text"].as_str(), Some(expected), "{:?}", outcome.envelope.json());
}

/// A decompression bomb meets the heap ceiling, not the machine: each step writes at most one
/// 16 KiB buffer the isolate allocated (runtime/src/compression.rs), so 200 MiB of zeros from
/// about 200 KB of gzip, kept, ends the call at a 64 MiB ceiling; counted and dropped, it
/// decodes whole; and the instance answers again after the first. (deno_web's own op, which
/// the host left out for this reason, inflated a written chunk whole, in Rust.)
#[tokio::test(flavor = "current_thread")]
async fn a_decompression_bomb_meets_the_heap_ceiling() {
    let limits = trove_host::IsolateLimits { max_heap_bytes: 64 * 1024 * 1024, ..trove_host::IsolateLimits::default() };
    let mut toolkit = Toolkit::load_with(&fixture("compression"), limits).await.expect("load compression");
    let kept = call(&mut toolkit, "bomb", json!({ "mib": 200, "keep": true })).await;
    assert_eq!(kept.envelope.json()["error"], "tool exceeded its memory limit", "{:?}", kept.envelope.json());
    let counted = call(&mut toolkit, "bomb", json!({ "mib": 200, "keep": false })).await;
    let text = counted.envelope.json()["result"]["text"].as_str().map(str::to_owned).unwrap_or_default();
    assert!(text.ends_with(" bytes became 200 MiB"), "{:?}", counted.envelope.json());
    let packed: usize = text.split(' ').next().unwrap().parse().unwrap();
    assert!(packed < 400_000, "{packed} bytes of gzip");
}

/// Three engine answers review 50 found different from Node 20's (v8x patch 48): `atob` took the
/// base64url alphabet (`-`, `_`), so zod's `z.base64()` passed base64url text; a typed array
/// `set` from a view of another element type over the same buffer read bytes it had already
/// overwritten; and a `JSON.parse` reviver got ES2025's third argument. The expected string is
/// Node 20.20.2's answer to the same cases.
#[tokio::test(flavor = "current_thread")]
async fn atob_typed_array_set_and_revivers_as_in_node() {
    let cases = r#"export function runCases(z) {
  const out = {};
  const attempt = (f) => { try { return ['ok', f()]; } catch (e) { return [e.name, e.message]; } };
  out.atob = ['a-_b', 'ab-c', 'ab_c', 'YWJj', ' YW\nJj ', 'YQ==', 'YQ'].map((s) => attempt(() => atob(s)));
  out.zod = ['a-_b', 'YWJj', 'ab+/'].map((s) => [z.base64().safeParse(s).success, z.base64url().safeParse(s).success]);
  const u16 = new Uint16Array([1, 2, 3, 4]); u16.set(new Uint8Array(u16.buffer, 0, 4));
  const u32 = new Uint32Array([0x01020304, 5, 6, 7]); u32.set(new Uint8Array(u32.buffer, 0, 4));
  const f64 = new Float64Array(2); const i32 = new Int32Array(f64.buffer); i32.set([1, 2, 3, 4]); f64.set(i32.subarray(0, 2));
  const u8 = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]); u8.set(new Uint16Array(u8.buffer, 2, 2), 1);
  const same = new Uint8Array([1, 2, 3, 4, 5, 6, 7]); same.set(same.subarray(0, 5), 2);
  out.set = [Array.from(u16), Array.from(u32), Array.from(new Int32Array(f64.buffer)), Array.from(u8), Array.from(same)];
  const seen = [];
  JSON.parse('{"a":[1,{"b":12345678901234567890}],"c":"x"}', function (key, value) { seen.push([key, arguments.length, typeof arguments[2]]); return value; });
  out.reviver = seen;
  return out;
}
"#;
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
import { runCases } from './cases.js';\n\
export default defineToolkit({ id: 'engine48', name: 'E', description: 'E.', icon: 'e', version: '1.0.0',\n\
  tools: [tool({ name: 'probe', description: 'P.', input: z.object({}), handler: async () => JSON.stringify(runCases(z)) })] });\n";
    let dir = crate::scratch_toolkit("engine-48", &[("extension.ts", source), ("cases.js", cases)]);
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "probe", json!({})).await;
    let expected = r#"{"atob":[["InvalidCharacterError","Invalid character"],["InvalidCharacterError","Invalid character"],["InvalidCharacterError","Invalid character"],["ok","abc"],["ok","abc"],["ok","a"],["ok","a"]],"zod":[[false,true],[true,true],[true,false]],"set":[[1,0,2,0],[4,3,2,1],[0,1072693248,0,1073741824],[1,3,5,4,5,6,7,8],[1,2,1,2,3,4,5]],"reviver":[["0",2,"undefined"],["b",2,"undefined"],["1",2,"undefined"],["a",2,"undefined"],["c",2,"undefined"],["",2,"undefined"]]}"#;
    assert_eq!(outcome.envelope.json()["result"]["text"].as_str(), Some(expected), "{:?}", outcome.envelope.json());
}

/// A URL that does not parse throws Node's error (`Invalid URL`, `code` `ERR_INVALID_URL`,
/// `input`, `base` when one was given), and a `multipart/form-data` body is undici's: its
/// boundary's shape and the CRLF after the closing boundary (runtime/src/script_patches.rs;
/// review 50). The expected string is Node 20.20.2's answer to the same cases.
#[tokio::test(flavor = "current_thread")]
async fn url_errors_and_form_bodies_as_in_node() {
    let cases = r#"export async function runCases() {
  const out = [];
  for (const [u, b] of [['not a url'], ['x', 'bad'], ['/p', ''], ['https://ok.example/', undefined]]) {
    try { out.push(new URL(u, b).href); } catch (e) { out.push([e.name, e.message, e.code, e.input, e.base ?? null, Object.keys(e), e instanceof TypeError]); }
  }
  const url = new URL('https://a.example/');
  try { url.href = 'nope'; } catch (e) { out.push([e.message, e.code, e.input, Object.keys(e)]); }
  const form = new FormData(); form.append('a', '1'); form.append('f', new Blob(['xy'], { type: 'text/plain' }), 'f.txt');
  const response = new Response(form);
  const type = response.headers.get('content-type');
  const boundary = type.slice(type.indexOf('boundary=') + 9);
  const body = await response.text();
  out.push(/^----formdata-undici-0\d{11}$/.test(boundary), body.split(boundary).join('B'), body.length - boundary.length * 3);
  return JSON.stringify(out);
}
"#;
    let source = "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
import { runCases } from './cases.js';\n\
export default defineToolkit({ id: 'urlform', name: 'U', description: 'U.', icon: 'u', version: '1.0.0',\n\
  tools: [tool({ name: 'probe', description: 'P.', input: z.object({}), handler: async () => runCases() })] });\n";
    let dir = crate::scratch_toolkit("url-form", &[("extension.ts", source), ("cases.js", cases)]);
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "probe", json!({})).await;
    let expected = r#"[["TypeError","Invalid URL","ERR_INVALID_URL","not a url",null,["code","input"],true],["TypeError","Invalid URL","ERR_INVALID_URL","x","bad",["code","input","base"],true],["TypeError","Invalid URL","ERR_INVALID_URL","/p","",["code","input","base"],true],"https://ok.example/",["Invalid URL","ERR_INVALID_URL","nope",["code","input"]],true,"--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.txt\"\r\nContent-Type: text/plain\r\n\r\nxy\r\n--B--\r\n",153]"#;
    assert_eq!(outcome.envelope.json()["result"]["text"].as_str(), Some(expected), "{:?}", outcome.envelope.json());
}

/// Loads a toolkit whose one tool returns `JSON.stringify(await runCases())` of the module `cases`, and
/// returns that text: the shape of the tests below, whose expected strings are Node 20.20.2's
/// answers to the same modules.
async fn answer_of(id: &str, cases: &str) -> String {
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         import {{ runCases }} from './cases.js';\n\
         export default defineToolkit({{ id: '{id}', name: 'C', description: 'C.', icon: 'c', version: '1.0.0',\n\
         tools: [tool({{ name: 'probe', description: 'P.', input: z.object({{}}), handler: async () => JSON.stringify(await runCases()) }})] }});\n"
    );
    let dir = crate::scratch_toolkit(id, &[("extension.ts", source.as_str()), ("cases.js", cases)]);
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "probe", json!({})).await;
    let text = outcome.envelope.json()["result"]["text"].as_str().map(str::to_owned);
    text.unwrap_or_else(|| panic!("{id}: {:?}", outcome.envelope.json()))
}

/// [`answer_of`] for a list of named cases: `cases` is the body of `runCases`, which calls
/// `await t(name, f)` for each and answers `name: result` or `name: ErrorName: message`.
async fn answer_of_named(id: &str, cases: &str) -> String {
    let module = format!(
        "export async function runCases() {{\n  const out = [];\n  \
         const t = async (name, f) => {{ try {{ out.push(`${{name}}: ${{await f()}}`); }} catch (e) {{ out.push(`${{name}}: ${{e.name}}: ${{e.message}}`); }} }};\n\
         {cases}\n  return out;\n}}\n"
    );
    answer_of(id, &module).await
}

/// `Number.prototype.toString(radix)` writes a double as V8 does (v8x patch 50): 14,000
/// conversions (400 doubles, fixed and pseudo-random, in every radix from 2 to 36) hash to the
/// digest Node 20.20.2 gives for the same module, where the engine's shortest exact form
/// differed from Node's in more than half of them (`(1e18).toString(36)` was `7lieexzx4ky0`).
#[tokio::test(flavor = "current_thread")]
async fn numbers_in_a_radix_are_written_as_in_node() {
    let cases = r##"export function runCases() {
  const values = [1e18, 0.1, 1 / 3, Math.PI, 2 ** 53 + 2, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, -0.5, 123.456, 255.5, -1e-300, 4294967296.5];
  const view = new DataView(new ArrayBuffer(8));
  let s = 0x2545f491;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  while (values.length < 400) {
    view.setUint32(0, next()); view.setUint32(4, next());
    const d = view.getFloat64(0);
    if (Number.isFinite(d) && d !== 0) values.push(d);
    values.push((next() / 4294967296) * Number('1e' + ((next() % 40) - 20)));
  }
  let digest = 0x811c9dc5, count = 0;
  for (const d of values) for (let r = 2; r <= 36; r++) {
    const text = d.toString(r);
    count++;
    for (let i = 0; i < text.length; i++) digest = Math.imul(digest ^ text.charCodeAt(i), 16777619) >>> 0;
    digest = Math.imul(digest ^ 32, 16777619) >>> 0;
  }
  const samples = [(1e18).toString(36), (0.1).toString(3), (1 / 3).toString(36), Math.PI.toString(7), (2 ** 53 + 2).toString(36), (-0.5).toString(3), (255.5).toString(16), (1e21).toString(7), (123.456).toString(36), (0).toString(2), (-0).toString(36), NaN.toString(16), (-Infinity).toString(2), (35).toString(36)];
  return { count, digest: digest.toString(16), samples };
}
"##;
    let expected = r##"{"count":14000,"digest":"4f7e56e7","samples":["7lieexzx4kw0","0.0022002200220022002200220022002201","0.c","3.066365143203613411","2gosa7pa2gy","-0.1111111111111111111111111111111112","ff.8","5135235413265003022600000","3f.gez4w97ry","0","0","NaN","-Infinity","z"]}"##;
    assert_eq!(answer_of("radix", cases).await, expected);
}

/// `TextDecoder` refuses as Node 20 does (runtime/src/script_patches.rs; review 50): an
/// unsupported label or `x-user-defined` is `ERR_ENCODING_NOT_SUPPORTED`, a fatal decoder's
/// refusal `ERR_ENCODING_INVALID_ENCODED_DATA` with the encoding's name, and `decode` of what is
/// not bytes Node's `ERR_INVALID_ARG_TYPE`.
#[tokio::test(flavor = "current_thread")]
async fn text_decoder_refuses_as_node_does() {
    let cases = r##"export function runCases() {
  const show = (f) => { try { return ['ok', f()]; } catch (e) { return [e.name, e.code ?? null, e.message, Object.keys(e), e instanceof TypeError, e instanceof RangeError]; } };
  return [
    () => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff])),
    () => new TextDecoder('utf-16le', { fatal: true }).decode(new Uint8Array([0x00, 0xd8])),
    () => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xe2, 0x82]), { stream: true }),
    () => { const d = new TextDecoder('utf-8', { fatal: true }); d.decode(new Uint8Array([0xe2, 0x82]), { stream: true }); return d.decode(); },
    () => new TextDecoder('x-user-defined').encoding,
    () => new TextDecoder('foo').encoding,
    () => new TextDecoder(' Foo ').encoding,
    () => new TextDecoder('replacement').encoding,
    () => new TextDecoder(' UTF8 ').encoding,
    () => new TextDecoder('latin1').encoding,
    () => new TextDecoder('shift_jis').decode(new Uint8Array([0x82, 0xa0])),
    () => new TextDecoder().decode('abc'),
    () => new TextDecoder().decode(null),
    () => new TextDecoder().decode(undefined),
    () => new TextDecoder().decode(new DataView(new ArrayBuffer(2))),
    () => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0x61, 0x62])),
  ].map(show);
}
"##;
    let expected = r##"[["TypeError","ERR_ENCODING_INVALID_ENCODED_DATA","The encoded data was not valid for encoding utf-8",["code"],true,false],["TypeError","ERR_ENCODING_INVALID_ENCODED_DATA","The encoded data was not valid for encoding utf-16le",["code"],true,false],["ok",""],["TypeError","ERR_ENCODING_INVALID_ENCODED_DATA","The encoded data was not valid for encoding utf-8",["code"],true,false],["RangeError","ERR_ENCODING_NOT_SUPPORTED","The \"x-user-defined\" encoding is not supported",["code"],false,true],["RangeError","ERR_ENCODING_NOT_SUPPORTED","The \"foo\" encoding is not supported",["code"],false,true],["RangeError","ERR_ENCODING_NOT_SUPPORTED","The \" Foo \" encoding is not supported",["code"],false,true],["RangeError","ERR_ENCODING_NOT_SUPPORTED","The \"replacement\" encoding is not supported",["code"],false,true],["ok","utf-8"],["ok","windows-1252"],["ok","あ"],["TypeError","ERR_INVALID_ARG_TYPE","The \"list\" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.",["code"],true,false],["TypeError","ERR_INVALID_ARG_TYPE","The \"list\" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.",["code"],true,false],["ok",""],["ok","\u0000\u0000"],["ok","ab"]]"##;
    assert_eq!(answer_of("text-decoder", cases).await, expected);
}

/// `structuredClone` survives a getter that deletes keys while the clone writes the object, and
/// keeps an array's holes (review 52, v8x patch 57). A key only the object held, deleted by a
/// getter met while the clone wrote it, was freed before the clone wrote its name: the process
/// died (SIGSEGV), here, nested, as an error's cause or a map's value. Beside a `Blob` (the
/// engine binding's walk) an array is written by the indices it holds, a `Blob` met through a
/// getter is a `Blob` (it was `{}`), symbol keys are left out, and a getter's own error is the
/// clone's (it was `InternalError: unsupported tag (6)`, review 53). Node 20.20.2's answers.
#[tokio::test(flavor = "current_thread")]
async fn structured_clone_survives_getters_that_delete_keys_and_keeps_holes() {
    let cases = r##"  // A key only the object holds, deleted by a getter met while the clone writes the object.
  const victim = () => {
    const o = {}; o['key' + Math.random().toString(36).slice(2)] = 1;
    Object.defineProperty(o, 'z', { enumerable: true, get() { delete o[Object.keys(o)[0]]; return 2; } });
    return o;
  };
  const shape = (o) => Object.keys(o).map((k) => (k.startsWith('key') ? 'key' : k)).join(',');
  await t('deleted key', () => shape(structuredClone(victim())));
  await t('nested', () => shape(structuredClone({ a: [victim()] }).a[0]));
  await t('error cause', () => shape(structuredClone(new Error('e', { cause: victim() })).cause));
  await t('map value', () => shape(structuredClone(new Map([[1, victim()]])).get(1)));
  await t('symbol beside', () => { const o = victim(); o[Symbol('s')] = 1; return shape(structuredClone(o)); });
  await t('many keys', () => {
    const o = {}; for (let i = 0; i < 200; i++) o['k' + i + '_' + Math.random()] = i;
    Object.defineProperty(o, 'z', { enumerable: true, get() { for (const k of Object.keys(o)) if (k !== 'z') delete o[k]; for (let i = 0; i < 500; i++) ({ ['x' + i + Math.random()]: 1 }); return 'z'; } });
    return Object.keys(structuredClone(o)).length;
  });
  await t('sparse beside a Blob', () => { const a = []; a.length = 2 ** 31 - 1; const r = structuredClone([a, new Blob(['x'])]); return [r[0].length, Object.keys(r[0]).length, r[1] instanceof Blob].join(); });
  await t('holes beside a Blob', () => { const r = structuredClone([[1, , 3, , ], new Blob([])]); return [r[0].length, 1 in r[0], 3 in r[0], r[0][2]].join(); });
  await t('index deleted by a getter', () => {
    const arr = [0, 1, 2];
    Object.defineProperty(arr, 0, { get() { arr.length = 1; return 'g'; }, enumerable: true, configurable: true });
    const r = structuredClone([arr, new Blob([])]);
    return [r[0].length, JSON.stringify(Object.keys(r[0])), r[0][0]].join(' ');
  });
  await t('big index beside a Blob', () => { const a = []; a[4294967294] = 'last'; a[5] = 'five'; const r = structuredClone([a, new Blob([])]); return [r[0].length, r[0][5], r[0][4294967294]].join(); });
  await t('Blob from a getter', async () => { const r = structuredClone({ get file() { return new Blob(['hello']); } }); return Object.prototype.toString.call(r.file) + ' ' + (r.file instanceof Blob ? await r.file.text() : JSON.stringify(r.file)); });
  await t('getter without a Blob', () => JSON.stringify(structuredClone({ a: 1, get b() { return [2, { c: 3 }]; } })));
  await t('symbols beside a getter', () => { const o = { a: 1, get b() { return 2; }, [Symbol('s')]: 3 }; return JSON.stringify(structuredClone(o)); });
  await t('key hidden by a getter', () => { const o = { get a() { Object.defineProperty(o, 'b', { enumerable: false }); return 1; }, b: 2, c: new Blob([]) }; return Object.keys(structuredClone(o)).join(); });
  await t('getter throws', () => structuredClone({ a: 1, get b() { throw new RangeError('boom'); } }));
  await t('getter throws undefined', () => { try { structuredClone({ get a() { throw undefined; } }); return 'no throw'; } catch (e) { return String(e); } });"##;
    let expected = r##"["deleted key: key,z","nested: key,z","error cause: key,z","map value: key,z","symbol beside: key,z","many keys: 201","sparse beside a Blob: 2147483647,0,true","holes beside a Blob: 4,false,false,3","index deleted by a getter: 3 [\"0\"] g","big index beside a Blob: 4294967295,five,last","Blob from a getter: [object Blob] hello","getter without a Blob: {\"a\":1,\"b\":[2,{\"c\":3}]}","symbols beside a getter: {\"a\":1,\"b\":2}","key hidden by a getter: a,b,c","getter throws: RangeError: boom","getter throws undefined: undefined"]"##;
    assert_eq!(answer_of_named("clone-getters", cases).await, expected);
}

/// A value that is not iterable is named as V8 names it (v8x patch 58): the expression of a
/// `for…of` or spread as its CallPrinter writes it (`obj.items is not iterable`, a call's result,
/// a spread argument of a call), the value's type where a built-in meets it (`number 5 is not
/// iterable (cannot read property Symbol(Symbol.iterator))`), and a symbol key as
/// `Symbol(description)`. The engine said `value is not iterable`, or `Cannot read properties
/// of undefined (reading 'Symbol.iterator')`. Node 20.20.2's messages.
#[tokio::test(flavor = "current_thread")]
async fn values_not_iterable_are_named_as_in_node() {
    let cases = r##"  await t('for of a name', () => { const x = 5; for (const a of x) {} });
  await t('for of a missing field', () => { const obj = {}; for (const a of obj.items) {} });
  await t('for of an index', () => { const o = { a: [undefined] }; for (const a of o.a[0]) {} });
  await t('for of a quoted key', () => { const o = {}; for (const a of o['x y']) {} });
  await t('for of this', function () { for (const a of this.items) {} }.bind({}));
  await t('for of an object', () => { for (const a of {}) {} });
  await t('for of a call', () => { const api = { get: () => undefined }; for (const a of api.get()) {} });
  await t('for of entries', () => { const data = { rows: null }; for (const [k, v] of data.rows) {} });
  await t('for of a name in CJK', () => { const x数据 = {}; for (const a of x数据.条目) {} });
  await t('for of a name with an umlaut', () => { const größe = {}; for (const a of größe.x) {} });
  await t('for await of a missing field', async () => { const o = {}; for await (const a of o.z) {} });
  await t('spread in an array', () => { const r = {}; return [1, ...r.list]; });
  await t('spread of an object', () => { const o = { a: 1 }; return [...o]; });
  await t('spread in a call', () => { const r = {}; return Math.max(...r.list); });
  await t('spread of an object in a call', () => { const r = { list: {} }; return Math.max(...r.list); });
  await t('destructuring a missing field', () => { const o = {}; const [a] = o.x; });
  await t('new Set(5)', () => new Set(5));
  await t('new Map(true)', () => new Map(true));
  await t('new Set({})', () => new Set({ a: 1 }));
  await t('new WeakMap(1.5)', () => new WeakMap(1.5));
  await t('new Set(Symbol())', () => new Set(Symbol('q')));
  await t('new Set(fn)', () => new Set(function foo() {}));
  await t('Promise.all(undefined)', () => Promise.all(undefined));
  await t('Promise.race(5)', () => Promise.race(5));
  await t('Promise.allSettled(null)', () => Promise.allSettled(null));
  await t('Object.fromEntries(5)', () => Object.fromEntries(5));
  await t('Array.from with a bad iterator', () => Array.from({ [Symbol.iterator]: 5 }));
  await t('a symbol key of undefined', () => { const u = undefined; return u[Symbol.iterator]; });
  await t('set a symbol key of null', () => { const n = null; n[Symbol('s')] = 1; });"##;
    let expected = r##"["for of a name: TypeError: x is not iterable","for of a missing field: TypeError: obj.items is not iterable","for of an index: TypeError: o.a[0] is not iterable","for of a quoted key: TypeError: o.x y is not iterable","for of this: TypeError: this.items is not iterable","for of an object: TypeError: {} is not iterable","for of a call: TypeError: api.get is not a function or its return value is not iterable","for of entries: TypeError: data.rows is not iterable","for of a name in CJK: TypeError: x数据.条目 is not iterable","for of a name with an umlaut: TypeError: größe.x is not iterable","for await of a missing field: TypeError: Cannot read properties of undefined (reading 'Symbol(Symbol.asyncIterator)')","spread in an array: TypeError: r.list is not iterable","spread of an object: TypeError: o is not iterable","spread in a call: TypeError: r.list is not iterable (cannot read property undefined)","spread of an object in a call: TypeError: Spread syntax requires ...iterable[Symbol.iterator] to be a function","destructuring a missing field: TypeError: undefined is not iterable (cannot read property Symbol(Symbol.iterator))","new Set(5): TypeError: number 5 is not iterable (cannot read property Symbol(Symbol.iterator))","new Map(true): TypeError: boolean true is not iterable (cannot read property Symbol(Symbol.iterator))","new Set({}): TypeError: object is not iterable (cannot read property Symbol(Symbol.iterator))","new WeakMap(1.5): TypeError: number 1.5 is not iterable (cannot read property Symbol(Symbol.iterator))","new Set(Symbol()): TypeError: symbol is not iterable (cannot read property Symbol(Symbol.iterator))","new Set(fn): TypeError: function is not iterable (cannot read property Symbol(Symbol.iterator))","Promise.all(undefined): TypeError: undefined is not iterable (cannot read property Symbol(Symbol.iterator))","Promise.race(5): TypeError: number 5 is not iterable (cannot read property Symbol(Symbol.iterator))","Promise.allSettled(null): TypeError: object null is not iterable (cannot read property Symbol(Symbol.iterator))","Object.fromEntries(5): TypeError: number 5 is not iterable (cannot read property Symbol(Symbol.iterator))","Array.from with a bad iterator: TypeError: %Array%.from requires that the property of the first argument, items[Symbol.iterator], when exists, be a function","a symbol key of undefined: TypeError: undefined is not iterable (cannot read property Symbol(Symbol.iterator))","set a symbol key of null: TypeError: Cannot set properties of null (setting 'Symbol(s)')"]"##;
    assert_eq!(answer_of_named("not-iterable", cases).await, expected);
}

/// `structuredClone` of an array keeps its holes and its other properties, as V8 writes a
/// sparse array (v8x patch 57): `[ 'a', , , 'b' ]` came back with four keys, an array's `tag`
/// was dropped, and an empty array of length 2^32 − 1 met the heap ceiling. With and without a
/// `Blob` beside it (the engine binding's walk). Node 20.20.2's answers.
#[tokio::test(flavor = "current_thread")]
async fn structured_clone_keeps_an_arrays_holes_and_properties() {
    let cases = r##"  const keys = (a) => `${a.length} ${JSON.stringify(Object.keys(a))}`;
  await t('holes', () => keys(structuredClone(['a', , , 'b'])));
  await t('trailing holes', () => keys(structuredClone([1, 2, , ,])));
  await t('only length', () => { const a = []; a.length = 2 ** 32 - 1; return keys(structuredClone(a)); });
  await t('far index', () => { const a = []; a[1e6] = 'x'; return keys(structuredClone(a)); });
  await t('extra property', () => { const a = [1, 2]; a.tag = 't'; const r = structuredClone(a); return `${keys(r)} ${r.tag}`; });
  await t('extra property, sparse', () => { const a = [1, , 3]; a.tag = 't'; return keys(structuredClone(a)); });
  await t('accessor index', () => { const a = [1, 2, 3]; Object.defineProperty(a, 1, { get() { return 'got'; }, enumerable: true }); return JSON.stringify(structuredClone(a)); });
  await t('accessor deletes', () => { const a = [1, 2, 3]; Object.defineProperty(a, 0, { get() { a.length = 1; return 'g'; }, enumerable: true, configurable: true }); return keys(structuredClone(a)); });
  await t('non-enumerable index', () => { const a = [1, 2, 3]; Object.defineProperty(a, 1, { value: 'hidden', enumerable: false }); return keys(structuredClone(a)); });
  await t('shared and cyclic', () => { const x = { v: 1 }; const a = [x, , x]; a.push(a); const r = structuredClone(a); return [r[0] === r[2], r[3] === r, 1 in r].join(); });
  await t('dense', () => JSON.stringify(structuredClone([1, 'two', { three: 3 }, [4]])));
  await t('nested sparse', () => keys(structuredClone({ list: [, 'b'] }).list));
  await t('in a Map', () => keys(structuredClone(new Map([['k', [, , 'c']]])).get('k')));
  await t('beside a Blob: holes, extra', () => { const a = ['a', , , 'b']; a.tag = 't'; const r = structuredClone([a, new Blob([])])[0]; return `${keys(r)} ${r.tag}`; });"##;
    let expected = r##"["holes: 4 [\"0\",\"3\"]","trailing holes: 4 [\"0\",\"1\"]","only length: 4294967295 []","far index: 1000001 [\"1000000\"]","extra property: 2 [\"0\",\"1\",\"tag\"] t","extra property, sparse: 3 [\"0\",\"2\",\"tag\"]","accessor index: [1,\"got\",3]","accessor deletes: 3 [\"0\"]","non-enumerable index: 3 [\"0\",\"2\"]","shared and cyclic: true,true,false","dense: [1,\"two\",{\"three\":3},[4]]","nested sparse: 2 [\"1\"]","in a Map: 3 [\"2\"]","beside a Blob: holes, extra: 4 [\"0\",\"3\",\"tag\"] t"]"##;
    assert_eq!(answer_of_named("clone-sparse", cases).await, expected);
}

/// Object spread, `Object.assign`, `Object.defineProperties` and `Object.create` ask each key's
/// own property again before they read it (ECMA-262 CopyDataProperties, ObjectDefineProperties),
/// so a key an earlier getter deleted or hid is left out, and `defineProperties` checks every
/// descriptor before it defines any (review 52, v8x patch 57). Node 20.20.2's answers.
#[tokio::test(flavor = "current_thread")]
async fn copying_properties_skips_keys_an_earlier_getter_removed() {
    let cases = r##"  await t('spread', () => { const src = { get a() { delete src.b; delete src.c; return 1; }, b: 2, c: 3 }; return JSON.stringify(Object.keys({ ...src })); });
  await t('assign', () => { const src = { get a() { delete src.b; return 1; }, b: 2 }; return JSON.stringify(Object.keys(Object.assign({}, src))); });
  await t('spread hides', () => { const src = { get a() { Object.defineProperty(src, 'b', { enumerable: false }); return 1; }, b: 2, c: 3 }; return JSON.stringify({ ...src }); });
  await t('defineProperties', () => { const d = { get a() { delete d.b; return { value: 1, enumerable: true }; }, b: { value: 2, enumerable: true } }; return JSON.stringify(Object.keys(Object.defineProperties({}, d))); });
  await t('defineProperties checks first', () => { const o = {}; try { Object.defineProperties(o, { a: { value: 1 }, b: 5 }); } catch (e) { return e.name + ' ' + Object.keys(Object.getOwnPropertyDescriptors(o)).length; } return 'no error'; });
  await t('create', () => { const d = { get a() { delete d.b; return { value: 1, enumerable: true }; }, b: { value: 2, enumerable: true } }; return JSON.stringify(Object.keys(Object.create(null, d))); });"##;
    let expected = r##"["spread: [\"a\"]","assign: [\"a\"]","spread hides: {\"a\":1,\"c\":3}","defineProperties: [\"a\"]","defineProperties checks first: TypeError 0","create: [\"a\"]"]"##;
    assert_eq!(answer_of_named("copy-getters", cases).await, expected);
}

/// A compression stream compresses the bytes written to it, whatever happens to their buffer
/// after `write()`: a toolkit that shrank a resizable buffer mid-stream left the stream waiting
/// for bytes that never came, and the call failed as a promise that never settled (review 52).
/// Node 20.20.2's answer.
#[tokio::test(flavor = "current_thread")]
async fn compression_keeps_the_bytes_written_when_their_buffer_shrinks() {
    let cases = r##"  await t('deflate of a buffer shrunk', async () => {
    const b = new ArrayBuffer(4 << 20, { maxByteLength: 1 << 23 });
    const u = new Uint8Array(b); for (let i = 0; i < u.length; i++) u[i] = (i * 7919) & 255;
    const cs = new CompressionStream('deflate'); const w = cs.writable.getWriter();
    const r = cs.readable.getReader(); w.write(new Uint8Array(b, 0, 4 << 20)); w.close().catch(() => {});
    let n = 0, k = 0;
    for (;;) { const { done, value } = await r.read(); if (done) break; n += value.length; if (++k === 3) b.resize(1); }
    return 'finished, ' + (n > 0);
  });"##;
    let expected = r##"["deflate of a buffer shrunk: finished, true"]"##;
    assert_eq!(answer_of_named("compress-shrunk", cases).await, expected);
}

/// `structuredClone` refuses what V8 refuses, nested or not, in V8's words (a symbol, a
/// function, weak collections, a Proxy, a Promise, a generator), copies an `Error` as V8 does
/// (its native prototype, message, stack and cause; shared references kept), and clones a `File`
/// as a `Blob` (v8x patch 51, runtime/src/script_patches.rs; review 50).
#[tokio::test(flavor = "current_thread")]
async fn structured_clone_refuses_and_copies_errors_as_node_does() {
    let cases = r##"export function runCases() {
  const show = (f) => { try { const r = f(); return ['ok', typeof r === 'object' && r ? Object.prototype.toString.call(r) : typeof r, r]; } catch (e) { return [e.name, e.code, e.message, e instanceof DOMException]; } };
  return [
    () => structuredClone({ a: Symbol('x') }),
    () => structuredClone(Symbol('x')),
    () => structuredClone([Symbol()]),
    () => structuredClone(new Map([[1, Symbol.for('k')]])),
    () => structuredClone(Object(Symbol('boxed'))),
    () => structuredClone({ [Symbol('k')]: 1, b: 2 }),
    () => structuredClone(() => 1),
    () => structuredClone({ f() {} }),
    () => structuredClone({ f: Math.max }),
    () => structuredClone(Math.max.bind(null)),
    () => structuredClone(class A {}),
    () => structuredClone({ w: new WeakMap() }),
    () => structuredClone([new WeakSet()]),
    () => structuredClone({ r: new WeakRef({}) }),
    () => structuredClone({ p: Promise.resolve(1) }),
    () => structuredClone({ p: new Proxy({}, {}) }),
    () => structuredClone(new FinalizationRegistry(() => {})),
    () => structuredClone((function* () {})()),
    () => structuredClone({ get g() { return () => 2; } }),
    () => { const e = structuredClone(new Error('plain')); return [e.constructor.name, e.message, 'cause' in e, Object.keys(e), Object.getOwnPropertyNames(e).sort()]; },
    () => { const e = new TypeError('bad', { cause: 1 }); const c = structuredClone(e); return [c.constructor.name, c.message, c.cause, c instanceof TypeError, c.stack === e.stack, String(c)]; },
    () => { const e = new Error('n'); e.name = 'RangeError'; const c = structuredClone(e); return [c.constructor.name, c.name, c.message]; },
    () => { const e = new Error('n'); e.name = 'CustomError'; const c = structuredClone(e); return [c.constructor.name, c.name, c.message]; },
    () => { class MyErr extends Error {} const c = structuredClone(new MyErr('m')); return [c.constructor.name, c.message, c instanceof MyErr]; },
    () => { const e = new Error('x', { cause: { deep: [1, 2] } }); const c = structuredClone({ list: [e, e] }); return [c.list[0] === c.list[1], c.list[0].cause]; },
    () => { const e = new Error('extra'); e.code = 'E_X'; const c = structuredClone(e); return [c.code ?? null, Object.keys(c)]; },
    () => { const e = new AggregateError([new Error('a')], 'agg'); const c = structuredClone(e); return [c.constructor.name, c.message, c.errors ?? null]; },
    () => { const e = new Error('g'); Object.defineProperty(e, 'message', { get() { return 'got'; } }); const c = structuredClone(e); return [c.message, Object.getOwnPropertyNames(c).sort()]; },
    () => { const c = structuredClone(new Error()); return [c.message, Object.prototype.hasOwnProperty.call(c, 'message')]; },
    () => { const e = new TypeError('t'); e.cause = Symbol('s'); return structuredClone(e); },
    () => { const c = structuredClone(new URIError('u')); return [c.constructor.name, Object.getOwnPropertyDescriptor(c, 'message')]; },
    () => { const b = structuredClone(new File(['ab'], 'f.txt', { type: 'text/plain' })); return [b.constructor.name, b.type, b.size, b instanceof File]; },
    () => structuredClone(new DataView(new ArrayBuffer(2))).byteLength,
  ].map(show);
}
"##;
    let expected = r##"[["DataCloneError",25,"Symbol(x) could not be cloned.",true],["DataCloneError",25,"Symbol(x) could not be cloned.",true],["DataCloneError",25,"Symbol() could not be cloned.",true],["DataCloneError",25,"Symbol(k) could not be cloned.",true],["DataCloneError",25,"[object Symbol] could not be cloned.",true],["ok","[object Object]",{"b":2}],["DataCloneError",25,"() => 1 could not be cloned.",true],["DataCloneError",25,"f() {} could not be cloned.",true],["DataCloneError",25,"function max() { [native code] } could not be cloned.",true],["DataCloneError",25,"function () { [native code] } could not be cloned.",true],["DataCloneError",25,"class A {} could not be cloned.",true],["DataCloneError",25,"#<WeakMap> could not be cloned.",true],["DataCloneError",25,"#<WeakSet> could not be cloned.",true],["DataCloneError",25,"#<WeakRef> could not be cloned.",true],["DataCloneError",25,"#<Promise> could not be cloned.",true],["DataCloneError",25,"#<Object> could not be cloned.",true],["DataCloneError",25,"#<FinalizationRegistry> could not be cloned.",true],["DataCloneError",25,"[object Generator] could not be cloned.",true],["DataCloneError",25,"() => 2 could not be cloned.",true],["ok","[object Array]",["Error","plain",false,[],["message","stack"]]],["ok","[object Array]",["TypeError","bad",1,true,true,"TypeError: bad"]],["ok","[object Array]",["RangeError","RangeError","n"]],["ok","[object Array]",["Error","Error","n"]],["ok","[object Array]",["Error","m",false]],["ok","[object Array]",[true,{"deep":[1,2]}]],["ok","[object Array]",[null,[]]],["ok","[object Array]",["Error","agg",null]],["ok","[object Array]",["",["stack"]]],["ok","[object Array]",["",false]],["DataCloneError",25,"Symbol(s) could not be cloned.",true],["ok","[object Array]",["URIError",{"value":"u","writable":true,"enumerable":false,"configurable":true}]],["ok","[object Array]",["Blob","text/plain",2,false]],["ok","number",2]]"##;
    assert_eq!(answer_of("structured-clone", cases).await, expected);
}

/// A read of a literal key, `o["name"]`, is compiled as `o.name` is (v8x patch 49: zod's
/// compiled parsers read every field so, and made the key a string and found its atom again at
/// each read); what it answers stays what it was and what Node answers: own, inherited, getter
/// and Proxy reads, keys that look like numbers, primitives, `super`, a method's `this`, and
/// the errors of a read from `undefined` and `null`.
#[tokio::test(flavor = "current_thread")]
async fn reads_of_a_literal_key_answer_as_before() {
    let cases = r##"export function runCases() {
  const out = [];
  const attempt = (f) => { try { return ['ok', f()]; } catch (e) { return [e.name, e.message]; } };
  const proto = { get viaGetter() { return 'getter:' + (this === o); } };
  const o = Object.assign(Object.create(proto), { a: 1, '': 'empty', '01': 'zero-one', '4294967295': 'big', '-0': 'minus-zero', 'key with space': 2, m() { return this === o; } });
  const seen = [];
  const p = new Proxy({}, { get(t, k, r) { seen.push(typeof k === 'string' ? k : String(k)); return 'trapped'; } });
  const arr = [10, 20, 30];
  const u = undefined;
  const n = null;
  out.push(attempt(() => [o['a'], o[''], o['01'], o['4294967295'], o['-0'], o['key with space'], o['missing']]));
  out.push(attempt(() => [o['viaGetter'], o['m'](), o['toString'] === Object.prototype.toString]));
  out.push(attempt(() => [p['x'], p['length'], seen.join(',')]));
  out.push(attempt(() => [arr['length'], arr['1'], 'abc'['length'], (5)['toFixed'](1), typeof true['valueOf']]));
  out.push(attempt(() => u['a']));
  out.push(attempt(() => n['a']));
  out.push(attempt(() => u?.['a']));
  out.push(attempt(() => u['m']()));
  out.push(attempt(() => { const s = Symbol.iterator; return typeof arr[s]; }));
  out.push(attempt(() => new Uint8Array([7, 8])['length']));
  out.push(attempt(() => { class A { get x() { return 'A'; } } class B extends A { get x() { return 'B' + super['x']; } } return new B()['x']; }));
  out.push(attempt(() => { const f = function () { return this; }; const holder = { f }; return holder['f']() === holder; }));
  out.push(attempt(() => { let count = 0; const q = { get k() { return ++count; } }; q['k']; q['k']; return count; }));
  return out;
}
"##;
    let expected = r##"[["ok",[1,"empty","zero-one","big","minus-zero",2,null]],["ok",["getter:true",true,true]],["ok",["trapped","trapped","x,length"]],["ok",[3,20,3,"5.0","function"]],["TypeError","Cannot read properties of undefined (reading 'a')"],["TypeError","Cannot read properties of null (reading 'a')"],["ok",null],["TypeError","Cannot read properties of undefined (reading 'm')"],["ok","function"],["ok",2],["ok","BA"],["ok",true],["ok",2]]"##;
    assert_eq!(answer_of("literal-key", cases).await, expected);
}

/// `crypto.subtle.exportKey('jwk')` writes a key as Node 20 does (js/crypto_limits.js; review
/// 50): `key_ops` and `ext` first, then the key type's members in Node's order, `alg` last; no
/// `alg` for an EC key, the curve's name for an Ed25519 key. The expected string is Node
/// 20.20.2's answer to the same module (oct, EC, RSA and OKP keys, generated and imported).
#[tokio::test(flavor = "current_thread")]
async fn exported_json_web_keys_as_in_node() {
    let cases = r##"export async function runCases() {
  const out = [];
  const s = crypto.subtle;
  const hmac = await s.generateKey({ name: 'HMAC', hash: 'SHA-256' }, true, ['sign', 'verify']);
  out.push(Object.keys(await s.exportKey('jwk', hmac)));
  const aes = await s.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
  out.push(Object.keys(await s.exportKey('jwk', aes)));
  const ec = await s.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const ecPriv = await s.exportKey('jwk', ec.privateKey); const ecPub = await s.exportKey('jwk', ec.publicKey);
  out.push(Object.keys(ecPriv), Object.keys(ecPub), ecPub.alg ?? null, ecPub.key_ops, ecPub.ext);
  const ecdh = await s.generateKey({ name: 'ECDH', namedCurve: 'P-384' }, true, ['deriveBits']);
  out.push(Object.keys(await s.exportKey('jwk', ecdh.privateKey)), Object.keys(await s.exportKey('jwk', ecdh.publicKey)));
  const rsa = await s.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['sign', 'verify']);
  out.push(Object.keys(await s.exportKey('jwk', rsa.privateKey)), Object.keys(await s.exportKey('jwk', rsa.publicKey)));
  const pss = await s.generateKey({ name: 'RSA-PSS', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-384' }, true, ['sign', 'verify']);
  const pssPub = await s.exportKey('jwk', pss.publicKey); out.push(Object.keys(pssPub), pssPub.alg);
  const ed = await s.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']).catch((e) => e);
  out.push(ed instanceof Error ? [ed.name, ed.message] : [Object.keys(await s.exportKey('jwk', ed.privateKey)), Object.keys(await s.exportKey('jwk', ed.publicKey))]);
  const imported = await s.importKey('jwk', { kty: 'oct', k: 'AAAAAAAAAAAAAAAAAAAAAA', alg: 'A128GCM', ext: true }, { name: 'AES-GCM' }, true, ['encrypt']);
  out.push(Object.keys(await s.exportKey('jwk', imported)));
  const kw = await s.generateKey({ name: 'AES-KW', length: 128 }, true, ['wrapKey', 'unwrapKey']);
  out.push(Object.keys(await s.exportKey('jwk', kw)), (await s.exportKey('jwk', kw)).alg);
  for (const [name, use] of [['X25519', ['deriveBits']]]) {
    const pair = await s.generateKey({ name }, true, use);
    const pub = await s.exportKey('jwk', pair.publicKey);
    out.push(Object.keys(await s.exportKey('jwk', pair.privateKey)), Object.keys(pub), pub.alg ?? null);
  }
  const raw = await s.exportKey('raw', hmac);
  out.push(Object.prototype.toString.call(raw), raw.byteLength);
  return out;
}
"##;
    let expected = r##"[["key_ops","ext","kty","k","alg"],["key_ops","ext","kty","k","alg"],["key_ops","ext","kty","x","y","crv","d"],["key_ops","ext","kty","x","y","crv"],null,["verify"],true,["key_ops","ext","kty","x","y","crv","d"],["key_ops","ext","kty","x","y","crv"],["key_ops","ext","kty","n","e","d","p","q","dp","dq","qi","alg"],["key_ops","ext","kty","n","e","alg"],["key_ops","ext","kty","n","e","alg"],"PS384",[["key_ops","ext","crv","d","x","kty","alg"],["key_ops","ext","crv","x","kty","alg"]],["key_ops","ext","kty","k","alg"],["key_ops","ext","kty","k","alg"],"A128KW",["key_ops","ext","crv","d","x","kty"],["key_ops","ext","crv","x","kty"],null,"[object ArrayBuffer]",64]"##;
    assert_eq!(answer_of("jwk-order", cases).await, expected);
}

/// Web API errors a toolkit meets and logs have Node 20's words (runtime/src/script_patches.rs,
/// v8x patch 52; review 50): an abort without a reason, a body read twice and the other
/// used-body errors, a `Response`'s status, status text and null-body status (101 refused, as
/// undici refuses it), a redirect's status, a GET body, `btoa` outside Latin-1 and
/// `JSON.stringify` of a BigInt. The expected string is Node 20.20.2's answer.
#[tokio::test(flavor = "current_thread")]
async fn web_api_errors_in_node_s_words() {
    let cases = r##"export async function runCases() {
  const show = async (f) => { try { const r = await f(); return ['ok', String(r)]; } catch (e) { return [e.name, e.code ?? null, e.message]; } };
  return Promise.all([
    () => btoa('€'),
    () => new Response('body', { status: 204 }),
    () => new Response(null, { status: 600 }),
    () => new Response(null, { status: 101 }),
    () => new Request('https://a.example/', { method: 'GET', body: 'x' }),
    () => new Response(null, { statusText: 'bad\n' }),
    () => Response.redirect('https://a.example/', 200),
    () => Response.json(1n),
    () => JSON.stringify({ id: 1n }),
    async () => { const r = new Response('x'); await r.text(); return r.json(); },
    async () => { const q = new Request('https://a.example/', { method: 'POST', body: 'x' }); await q.text(); return new Request(q); },
    async () => { const q = new Request('https://a.example/', { method: 'POST', body: 'x' }); await q.text(); return q.clone(); },
    async () => { const r = new Response('x'); await r.arrayBuffer(); return r.clone(); },
    () => { const c = new AbortController(); c.abort(); c.signal.throwIfAborted(); },
    () => { const s = AbortSignal.abort(); return [s.reason.name, s.reason.message]; },
    () => new URLSearchParams([['a']]),
    () => setTimeout('code'),
  ].map(show));
}
"##;
    let expected = r##"[["InvalidCharacterError",5,"Invalid character"],["TypeError",null,"Response constructor: Invalid response status code 204"],["RangeError",null,"init[\"status\"] must be in the range of 200 to 599, inclusive."],["RangeError",null,"init[\"status\"] must be in the range of 200 to 599, inclusive."],["TypeError",null,"Request with GET/HEAD method cannot have body."],["TypeError",null,"Invalid statusText"],["RangeError",null,"Invalid status code 200"],["TypeError",null,"Do not know how to serialize a BigInt"],["TypeError",null,"Do not know how to serialize a BigInt"],["TypeError",null,"Body is unusable: Body has already been read"],["TypeError",null,"Cannot construct a Request with a Request object that has already been used."],["TypeError",null,"unusable"],["TypeError",null,"Response.clone: Body has already been consumed."],["AbortError",20,"This operation was aborted"],["ok","AbortError,This operation was aborted"],["TypeError","ERR_INVALID_TUPLE","Each query pair must be an iterable [name, value] tuple"],["TypeError","ERR_INVALID_ARG_TYPE","The \"callback\" argument must be of type function. Received type string ('code')"]]"##;
    assert_eq!(answer_of("web-api-errors", cases).await, expected);
}

/// A call of something that is not a function through a bracketed key names the callee as V8
/// does (v8x patch 53): `o['nope']()` is `o.nope is not a function`, `arr[0]()` is `arr[0] …`
/// (the engine's message named only `o`). The expected string is Node 20.20.2's answer.
#[tokio::test(flavor = "current_thread")]
async fn a_bracketed_callee_is_named_as_in_node() {
    let cases = r##"export function runCases() {
  const o = { a: { b: {} } }; const arr = [1]; const k = 'zz';
  const attempt = (f) => { try { f(); return 'ok'; } catch (e) { return e.message; } };
  return [
    attempt(() => o['nope']()),
    attempt(() => o.a['nope']()),
    attempt(() => o['a']['b']['c']()),
    attempt(() => o["x y"]()),
    attempt(() => arr[0]()),
    attempt(() => o[k]()),
    attempt(() => o.a.b.nope()),
    attempt(() => o['a'].b.nope()),
    attempt(() => { const foo = 1; return foo(o['a']); }),
  ];
}
"##;
    let expected = r##"["o.nope is not a function","o.a.nope is not a function","o.a.b.c is not a function","o.x y is not a function","arr[0] is not a function","o[k] is not a function","o.a.b.nope is not a function","o.a.b.nope is not a function","foo is not a function"]"##;
    assert_eq!(answer_of("bracketed-callee", cases).await, expected);
}

/// The language's own errors that toolkits meet most have V8's words (v8x patch 54): an
/// assignment to a `const`, `reduce` of an empty array, an invalid array length, a number
/// method's digits or radix out of range, a symbol made a string. The expected string is Node
/// 20.20.2's answer.
#[tokio::test(flavor = "current_thread")]
async fn language_errors_in_v8_s_words() {
    let cases = r##"export function runCases() {
  const attempt = (f) => { try { f(); return 'ok'; } catch (e) { return e.name + ': ' + e.message; } };
  return [
    attempt(() => { const x = 1; x = 2; }),
    attempt(() => { const f = function g() { 'use strict'; g = 1; }; f(); }),
    attempt(() => [].reduce((a, b) => a)),
    attempt(() => [].reduceRight((a, b) => a)),
    attempt(() => new Array(-1)),
    attempt(() => { const a = []; a.length = 2 ** 32; }),
    attempt(() => (1).toFixed(101)),
    attempt(() => (1).toExponential(-1)),
    attempt(() => (1).toPrecision(0)),
    attempt(() => (1).toString(1)),
    attempt(() => Symbol() + ''),
    attempt(() => `${Symbol('s')}`),
    attempt(() => null.x),
  ];
}
"##;
    let expected = r##"["TypeError: Assignment to constant variable.","TypeError: Assignment to constant variable.","TypeError: Reduce of empty array with no initial value","TypeError: Reduce of empty array with no initial value","RangeError: Invalid array length","RangeError: Invalid array length","RangeError: toFixed() digits argument must be between 0 and 100","RangeError: toExponential() argument must be between 0 and 100","RangeError: toPrecision() argument must be between 1 and 100","RangeError: toString() radix argument must be between 2 and 36","TypeError: Cannot convert a Symbol value to a string","TypeError: Cannot convert a Symbol value to a string","TypeError: Cannot read properties of null (reading 'x')"]"##;
    assert_eq!(answer_of("language-errors", cases).await, expected);
}

/// `structuredClone` of a `Map` or `Set` takes its entries before writing any, as V8 does (v8x
/// patch 55): a getter met while writing one that emptied the collection made the writer read a
/// freed record, and the process crashed (review 51). The expected string is Node 20.20.2's.
#[tokio::test(flavor = "current_thread")]
async fn a_map_or_set_changed_while_it_is_cloned() {
    let cases = r##"export function runCases() {
  const attempt = (f) => { try { return f(); } catch (e) { return e.name + ': ' + e.message; } };
  return [
    attempt(() => {
      const s = new Set();
      const e = new Error('m');
      Object.defineProperty(e, 'name', { get() { s.clear(); return 'Error'; } });
      s.add(e); s.add({ q: 1 }); s.add(2);
      const c = structuredClone(s);
      return [c.size, [...c].map((v) => (v instanceof Error ? 'Error:' + v.message : JSON.stringify(v)))];
    }),
    attempt(() => {
      const m = new Map(); m.set(1, { get g() { m.clear(); return 1; } }); m.set(2, { q: 1 }); m.set(3, 3);
      return [...structuredClone(m)];
    }),
    attempt(() => {
      const m = new Map(); m.set('a', { get g() { m.set('late', 1); m.delete('b'); return 1; } }); m.set('b', 2);
      return [...structuredClone(m)];
    }),
  ];
}
"##;
    let expected = r##"[[3,["Error:m","{\"q\":1}","2"]],[[1,{"g":1}],[2,{"q":1}],[3,3]],[["a",{"g":1}],["b",2]]]"##;
    assert_eq!(answer_of("clone-map-changed", cases).await, expected);
}

/// A number is written with the fewest digits that read back, the closest such, as V8 writes it
/// (v8x patch 56): the engine's search stopped where the nearest P-digit decimal did not read
/// back but its neighbour did (`2 ** -24` was `5.9604644775390625e-8`, Node
/// `5.960464477539063e-8`; `2 ** -44` …8015e-14 for …802e-14). 30,000 values, every power of two
/// among them, hash to Node 20.20.2's digest.
#[tokio::test(flavor = "current_thread")]
async fn numbers_are_written_with_the_fewest_digits_as_in_node() {
    let cases = r##"export function runCases() {
  const values = [1 / 16777216, 1 / 17592186044416, 5.444517870735016e+39, 7.174648137343064e-43, 0.1, 1e21, 1e-7, 5e-324, Number.MAX_VALUE];
  for (let e = -1074; e <= 1023; e++) values.push(2 ** e, 3 * 2 ** (e - 1), 2 ** e * (1 + 2 ** -52));
  const view = new DataView(new ArrayBuffer(8));
  let s = 0x9e3779b9;
  const next = () => { s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0; return s; };
  while (values.length < 30000) {
    view.setUint32(0, next()); view.setUint32(4, next());
    const d = view.getFloat64(0);
    if (Number.isFinite(d)) values.push(d);
    values.push((next() % 100000) / Number('1e' + (next() % 30)));
  }
  let digest = 0x811c9dc5;
  for (const d of values) {
    const text = String(d);
    for (let j = 0; j < text.length; j++) digest = Math.imul(digest ^ text.charCodeAt(j), 16777619) >>> 0;
    digest = Math.imul(digest ^ 32, 16777619) >>> 0;
  }
  return { count: values.length, digest: digest.toString(16), samples: values.slice(0, 9).map(String).concat(JSON.stringify({ a: 2 ** -24, b: [2 ** -44] }), `${2 ** 100}`) };
}
"##;
    let expected = r##"{"count":30000,"digest":"5786fc04","samples":["5.960464477539063e-8","5.684341886080802e-14","5.444517870735016e+39","7.174648137343064e-43","0.1","1e+21","1e-7","5e-324","1.7976931348623157e+308","{\"a\":5.960464477539063e-8,\"b\":[5.684341886080802e-14]}","1.2676506002282294e+30"]}"##;
    assert_eq!(answer_of("shortest-numbers", cases).await, expected);
}


/// `Array.prototype.sort` with a comparator is V8's TimSort (v8x patch 40): a comparator that
/// never answers 0 (`a.day > b.day ? 1 : -1`, a common idiom) or answers booleans orders equal
/// keys as Node does, where the engine's own quicksort ordered them otherwise (review 24). The
/// digest covers 675 sorts of up to 5,000 elements, each result and its number of comparator
/// calls; Node 20.20.2 gives the same strings and digest (`tests/fixtures/sort/cases.js`).
#[tokio::test(flavor = "current_thread")]
async fn sort_with_a_comparator_orders_and_asks_as_node_does() {
    let mut toolkit = load(&crate::fixture("sort")).await;
    let events = call(&mut toolkit, "events", json!({})).await;
    assert_eq!(events.envelope.json()["result"]["text"], "LKHEBJGDIFCA IFCAJGDLKHEB 5,1,4,2,3");
    let digest = call(&mut toolkit, "digest", json!({})).await;
    assert_eq!(digest.envelope.json()["result"]["text"], "f808598a");
    // Every element is written back, as V8 writes them: a frozen array throws, and what a
    // comparator wrote or cut off is undone (review 26: elements were lost or duplicated).
    let mutating = call(&mut toolkit, "mutating", json!({})).await;
    let sorted = (0..20).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    assert_eq!(mutating.envelope.json()["result"]["text"], serde_json::to_string(&["TypeError".to_owned(), sorted.clone(), format!("20:{sorted}")]).unwrap());
}

/// Calls the tool `run` of the toolkit at `dir` and answers its outcome and the console lines it
/// wrote, in order.
async fn console_lines_of(dir: &std::path::Path) -> (trove_host::CallOutcome, Vec<Value>) {
    let mut toolkit = load(dir).await;
    let lines = Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = lines.clone();
    let (mut env, _) = crate::replay_env(json!([]));
    env.log_sink = Some(Arc::new(move |_level: trove_host_ops::log::LogLevel, line: &Value| {
        sink.lock().unwrap().push(line.clone());
    }));
    let outcome = toolkit.call(&trove_host::ToolCall::new("run", json!({}), "u"), env).await;
    let lines = lines.lock().unwrap().clone();
    (outcome, lines)
}

/// `console.log` shows values as Node's does: strings inside values in single quotes (deno's
/// console used double ones), objects two levels deep, `%d` as a Number, not truncated
/// (review 24), `%s` of an object without a `toString` of its own as `util.inspect` at depth 0
/// (not `[object Object]`), and `%o` with hidden properties (`[length]`). The expected lines are Node
/// 20.20.2's `util.format` of the same arguments.
#[tokio::test(flavor = "current_thread")]
async fn console_lines_show_values_as_node_does() {
    let body = r#"  console.log({ name: 'x', tags: ['a-b'] });
  console.log({ name: 'x', tags: ['a-b'], q: "it's", both: 'a\'b"c', n: 1.5, nested: { deep: { deeper: { deepest: 1 } } } });
  console.log('plain %s and %o', 'str', 'x');
  console.log(['a'], 'top', new Map([['k', 'v']]), new Set(['s']));
  console.log({ a: 'x'.repeat(50), b: 'y'.repeat(50), c: [1, 2, 3] });
  console.log([{ id: 1, title: 'Hello' }, { id: 2, title: 'World' }]);
  console.log({ list: Array.from({ length: 30 }, (_, i) => i) });
  console.log(null, undefined, true, 42, -0, 10n, Symbol('s'));
  console.log('%d items', 3, { extra: 'yes' });
  console.log({ date: new Date(0), re: /x/g, fn: function named() {}, arrow: () => 1 });
  console.log('%d %i %d %s %s %d %i %f %d', 1.5, 2.7, '42', -0, 5n, {}, 3n, '-0', Symbol('q'));
  console.log('%d%%|%x %d', -0, 2, 'q');
  class K { v = 1; }
  class T { toString() { return 'custom'; } }
  console.log('%s|%s|%s|%s|%s|%s|%s|%s', { a: 1, b: { c: 2 } }, [1, 2, [3]], new K(), { toString() { return 'TS'; } }, Object.create(null), new Date(0), new T(), new Map([[1, { a: 1 }]]));
  function f(a) { return a; }
  console.log('%o|%o|%o|%o|%o', [1, 2], { a: 1, b: { c: [1, { d: 2 }] } }, f, 'x', [undefined, , 3]);
"#;
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         export default defineToolkit({{ id: 'console', name: 'C', description: 'C.', icon: 'c', version: '1.0.0',\n\
           tools: [tool({{ name: 'run', description: 'R.', input: z.object({{}}), handler: async () => {{\n{body}\nreturn 'ok'; }} }})] }});\n"
    );
    let dir = crate::scratch_toolkit("console-format", &[("extension.ts", &source)]);
    let (outcome, lines) = console_lines_of(&dir).await;
    assert!(outcome.is_ok(), "{:?}", outcome.envelope);
    let node: Vec<Value> = serde_json::from_str(r#"["{ name: 'x', tags: [ 'a-b' ] }", "{\n  name: 'x',\n  tags: [ 'a-b' ],\n  q: \"it's\",\n  both: `a'b\"c`,\n  n: 1.5,\n  nested: { deep: { deeper: [Object] } }\n}", "plain str and 'x'", "[ 'a' ] top Map(1) { 'k' => 'v' } Set(1) { 's' }", "{\n  a: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',\n  b: 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy',\n  c: [ 1, 2, 3 ]\n}", "[ { id: 1, title: 'Hello' }, { id: 2, title: 'World' } ]", "{\n  list: [\n     0,  1,  2,  3,  4,  5,  6,  7,  8,\n     9, 10, 11, 12, 13, 14, 15, 16, 17,\n    18, 19, 20, 21, 22, 23, 24, 25, 26,\n    27, 28, 29\n  ]\n}", "null undefined true 42 -0 10n Symbol(s)", "3 items { extra: 'yes' }", "{\n  date: 1970-01-01T00:00:00.000Z,\n  re: /x/g,\n  fn: [Function: named],\n  arrow: [Function: arrow]\n}", "1.5 2 42 -0 5n NaN 3n -0 NaN", "-0%|%x 2 q", "{ a: 1, b: [Object] }|[ 1, 2, [Array] ]|K { v: 1 }|TS|[Object: null prototype] {}|1970-01-01T00:00:00.000Z|custom|Map(1) { 1 => [Object] }", "[ 1, 2, [length]: 2 ]|{\n  a: 1,\n  b: { c: [ 1, { d: 2 }, [length]: 2 ] }\n}|<ref *1> [Function: f] {\n  [length]: 1,\n  [name]: 'f',\n  [prototype]: { [constructor]: [Circular *1] }\n}|'x'|[ undefined, <1 empty item>, 3, [length]: 3 ]"]"#).unwrap();
    assert_eq!(lines, node);
}

/// `console.log` of a revoked Proxy, of an object whose `Symbol.toStringTag` says `Map`, `Set`
/// or `Date`, and of a Map whose `forEach` throws writes a line; each aborted the whole process
/// (review 53): the engine binding returned no handle for a revoked Proxy's target, its `IsMap`
/// ran `Object.prototype.toString` (so the tag decided), and it listed a Map's entries through
/// the Map's own `forEach` (v8x patch 59). The engine's waiter function refuses bad arguments
/// with a TypeError, `__v8xPostForegroundTask` is gone, and `Atomics.waitAsync` still answers.
/// The Maps' lines and `waitAsync`'s are Node 20.20.2's `util.format` of the same arguments.
#[tokio::test(flavor = "current_thread")]
async fn console_shows_revoked_proxies_and_lying_tags_without_a_crash() {
    let body = r#"  const { proxy, revoke } = Proxy.revocable({}, {}); revoke();
  console.log({ settings: proxy });
  try { console.log(Object.create(proxy)); } catch (e) { console.log(e.message); }
  console.log({ [Symbol.toStringTag]: 'Map', [Symbol.iterator]() { return [][Symbol.iterator](); }, size: 0 });
  console.log({ [Symbol.toStringTag]: 'Set', size: 0 });
  console.log({ [Symbol.toStringTag]: 'Date' });
  class M extends Map { forEach() { throw new Error('no'); } }
  console.log(new M([['k', 1]]));
  const m = new Map([['a', 1]]);
  const orig = Map.prototype.forEach; Map.prototype.forEach = () => { throw new Error('no'); };
  console.log(m);
  Map.prototype.forEach = orig;
  const ia = new Int32Array(new SharedArrayBuffer(16));
  const w = (Atomics as any).waitAsync(ia, 0, 0, 20);
  console.log(w.async, await w.value);
  const w2 = (Atomics as any).waitAsync(ia, 1, 0, 1000);
  const n = Atomics.notify(ia, 1);
  console.log(n, await w2.value);
"#;
    // The engine's waiter and notifier functions refuse bad arguments with a TypeError (they
    // leaked the engine's internal uninitialized value, which the console then aborted on:
    // v8x patches 59 and 69), and `__v8xPostForegroundTask` is gone.
    let engine = "const g = globalThis as any; const refusals: unknown[] = [];\n\
        for (const f of [() => g.__v8xAtomicsRegisterWaiter(), () => g.__v8xAtomicsNotifyWaiters(), () => g.__v8xAtomicsNotifyWaiters(1), () => g.__v8xAtomicsNotifyWaiters({}), () => g.__v8xAtomicsNotifyWaiters(null, -1, 1e10)]) {\n\
          try { f(); refusals.push('no throw'); } catch (e) { refusals.push(e); }\n\
        }\n\
        console.log(refusals.map((e) => (e instanceof TypeError ? 'TypeError' : e)));\n\
        return `${refusals.every((e) => e instanceof TypeError)} ${typeof g.__v8xPostForegroundTask}`;";
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         export default defineToolkit({{ id: 'console-lies', name: 'C', description: 'C.', icon: 'c', version: '1.0.0',\n\
           tools: [tool({{ name: 'run', description: 'R.', input: z.object({{}}), handler: async () => {{\n{body}\n{engine}\n}} }})] }});\n"
    );
    let dir = crate::scratch_toolkit("console-lies", &[("extension.ts", &source)]);
    let (outcome, lines) = console_lines_of(&dir).await;
    assert_eq!(outcome.envelope.json()["result"]["text"], "true undefined", "{:?}", outcome.envelope);
    // deno's formatter words the first otherwise than Node (which prints `{ settings: <Revoked
    // Proxy> }`: docs/javascript.md); what matters is that it is a line, not a dead process. The
    // rest are Node's: an object that only claims a tag in an own property is not named by it
    // (deno_web patch 2).
    assert!(lines[0].as_str().is_some_and(|l| l.starts_with("[Internal Formatting Error] TypeError: Cannot inspect a proxy that has been revoked")), "{lines:?}");
    let expected: Vec<Value> = serde_json::from_str(r##"["Cannot inspect a proxy that has been revoked","{\n  size: 0,\n  [Symbol(Symbol.toStringTag)]: 'Map',\n  [Symbol(Symbol.iterator)]: [Function: [Symbol.iterator]]\n}","{ size: 0, [Symbol(Symbol.toStringTag)]: 'Set' }","{ [Symbol(Symbol.toStringTag)]: 'Date' }","M(1) [Map] { 'k' => 1 }","Map(1) { 'a' => 1 }","true timed-out","1 ok","[ 'TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError' ]"]"##).unwrap();
    assert_eq!(lines[1..], expected[..]);
}

/// `console.table` draws Node 20's tables (deno_web patch 1): `(index)` and `(iteration index)`,
/// a repeated property as one column, columns in property-key order under headers that name
/// them (deno's headers followed `properties` while its cells followed key order; `"4294967295"`
/// is no index), own keys only, Map, Set and other iterables as Node shows them, cells
/// left-aligned and in single quotes, a Set or Map in a cell cut at `maxArrayLength` (deno cut
/// them at its own `iterableLimit`), and a `properties` that is no array refused with Node's
/// `ERR_INVALID_ARG_TYPE` (deno's was a plain `Error`). `console.dir` is Node's `util.inspect`
/// without custom inspection (deno quoted with `"` and printed a string bare). Inside
/// `console.group`, every line is indented, not only tables (review 54). The expected lines are Node
/// 20.20.2's for the same calls.
#[tokio::test(flavor = "current_thread")]
async fn console_table_and_dir_answer_as_node_does() {
    let body = r#"  console.table([{a:1,b:'x'},{a:2,c:true}]);
  console.table([1,'two',{a:3}]);
  console.table(new Map([['k1',{a:1}],['k2',2]]));
  console.table(new Set([1,{a:2}]));
  console.table({r1:{c1:1}, r2:{c2:2}});
  console.table([{a:1,b:2}], ['b','a','b','1']);
  console.table([], ['a']);
  console.table([1,2],['p','p']);
  console.table(5); console.table('str'); console.table(null);
  console.table([{a:'long string here'}, {a:12345}]);
  console.table([[1,2],[3,4,5]]);
  console.table(new Map([[1,2]]), ['x']);
  console.table((function*(){ yield {a:1}; yield 2; })());
  console.table([{ a: { nested: { deep: 1 } }, b: [1,2,3] }]);
  console.table([{x:1}], ['y']);
  console.table([{b:1, a:2, 2:3, 1:4}]);
  console.table([new Map([[1,2]]), new Set([3])]);
  console.table([{ '4294967295': 1, b: 2, '7': 3 }]);
  console.table([{ s: new Set([1, 2, 3, 4]), m: new Map([[1, 2], [3, 4], [5, 6], [7, 8]]) }]);
  console.dir({ a: 's', n: { m: { o: { p: 1 } } } });
  console.dir('s');
  console.dir({ a: { b: { c: { d: 1 } } } }, { depth: 0 });
  console.dir(new Set([1, 2, 3]), { maxArrayLength: 2 });
  console.dir({ [Symbol.for('nodejs.util.inspect.custom')]: () => 'hidden', x: 1 }.x);
  console.group('A'); console.log('x'); console.table([{ a: 1 }]); console.group(); console.log('y\nz'); console.dir({ s: 's' }); console.groupEnd(); console.groupEnd(); console.log('w');
  for (const p of ['a', {}, null]) { try { console.table([1], p); } catch (e) { console.log(e.name, e.code, e.message); } }"#;
    assert_console_lines_are("console-table", body, r##"["┌─────────┬───┬─────┬──────┐\n│ (index) │ a │ b   │ c    │\n├─────────┼───┼─────┼──────┤\n│ 0       │ 1 │ 'x' │      │\n│ 1       │ 2 │     │ true │\n└─────────┴───┴─────┴──────┘", "┌─────────┬───┬────────┐\n│ (index) │ a │ Values │\n├─────────┼───┼────────┤\n│ 0       │   │ 1      │\n│ 1       │   │ 'two'  │\n│ 2       │ 3 │        │\n└─────────┴───┴────────┘", "┌───────────────────┬──────┬──────────┐\n│ (iteration index) │ Key  │ Values   │\n├───────────────────┼──────┼──────────┤\n│ 0                 │ 'k1' │ { a: 1 } │\n│ 1                 │ 'k2' │ 2        │\n└───────────────────┴──────┴──────────┘", "┌───────────────────┬──────────┐\n│ (iteration index) │ Values   │\n├───────────────────┼──────────┤\n│ 0                 │ 1        │\n│ 1                 │ { a: 2 } │\n└───────────────────┴──────────┘", "┌─────────┬────┬────┐\n│ (index) │ c1 │ c2 │\n├─────────┼────┼────┤\n│ r1      │ 1  │    │\n│ r2      │    │ 2  │\n└─────────┴────┴────┘", "┌─────────┬───┬───┬───┐\n│ (index) │ 1 │ b │ a │\n├─────────┼───┼───┼───┤\n│ 0       │   │ 2 │ 1 │\n└─────────┴───┴───┴───┘", "┌─────────┐\n│ (index) │\n├─────────┤\n└─────────┘", "┌─────────┬───┐\n│ (index) │ p │\n├─────────┼───┤\n│ 0       │   │\n│ 1       │   │\n└─────────┴───┘", "5", "str", "null", "┌─────────┬────────────────────┐\n│ (index) │ a                  │\n├─────────┼────────────────────┤\n│ 0       │ 'long string here' │\n│ 1       │ 12345              │\n└─────────┴────────────────────┘", "┌─────────┬───┬───┬───┐\n│ (index) │ 0 │ 1 │ 2 │\n├─────────┼───┼───┼───┤\n│ 0       │ 1 │ 2 │   │\n│ 1       │ 3 │ 4 │ 5 │\n└─────────┴───┴───┴───┘", "┌───────────────────┬─────┬────────┐\n│ (iteration index) │ Key │ Values │\n├───────────────────┼─────┼────────┤\n│ 0                 │ 1   │ 2      │\n└───────────────────┴─────┴────────┘", "┌─────────┐\n│ (index) │\n├─────────┤\n└─────────┘", "┌─────────┬──────────────────────┬─────────────┐\n│ (index) │ a                    │ b           │\n├─────────┼──────────────────────┼─────────────┤\n│ 0       │ { nested: [Object] } │ [ 1, 2, 3 ] │\n└─────────┴──────────────────────┴─────────────┘", "┌─────────┬───┐\n│ (index) │ y │\n├─────────┼───┤\n│ 0       │   │\n└─────────┴───┘", "┌─────────┬───┬───┬───┬───┐\n│ (index) │ 1 │ 2 │ b │ a │\n├─────────┼───┼───┼───┼───┤\n│ 0       │ 4 │ 3 │ 1 │ 2 │\n└─────────┴───┴───┴───┴───┘", "┌─────────┐\n│ (index) │\n├─────────┤\n│ 0       │\n│ 1       │\n└─────────┘", "┌─────────┬───┬────────────┬───┐\n│ (index) │ 7 │ 4294967295 │ b │\n├─────────┼───┼────────────┼───┤\n│ 0       │ 3 │ 1          │ 2 │\n└─────────┴───┴────────────┴───┘", "┌─────────┬─────────────────────────────────────┬────────────────────────────────────────────────────┐\n│ (index) │ s                                   │ m                                                  │\n├─────────┼─────────────────────────────────────┼────────────────────────────────────────────────────┤\n│ 0       │ Set(4) { 1, 2, 3, ... 1 more item } │ Map(4) { 1 => 2, 3 => 4, 5 => 6, ... 1 more item } │\n└─────────┴─────────────────────────────────────┴────────────────────────────────────────────────────┘", "{ a: 's', n: { m: { o: [Object] } } }", "'s'", "{ a: [Object] }", "Set(3) { 1, 2, ... 1 more item }", "1", "A", "  x", "  ┌─────────┬───┐\n  │ (index) │ a │\n  ├─────────┼───┤\n  │ 0       │ 1 │\n  └─────────┴───┘", "    y\n    z", "    { s: 's' }", "w", "TypeError ERR_INVALID_ARG_TYPE The \"properties\" argument must be an instance of Array. Received type string ('a')", "TypeError ERR_INVALID_ARG_TYPE The \"properties\" argument must be an instance of Array. Received an instance of Object", "TypeError ERR_INVALID_ARG_TYPE The \"properties\" argument must be an instance of Array. Received null"]"##).await;
}

/// Runs `body` (TypeScript statements) as the handler of a toolkit `id` and asserts the console
/// lines it writes are `expected` (a JSON array of lines, Node's), one by one.
async fn assert_console_lines_are(id: &str, body: &str, expected: &str) {
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         export default defineToolkit({{ id: '{id}', name: 'C', description: 'C.', icon: 'c', version: '1.0.0',\n\
           tools: [tool({{ name: 'run', description: 'R.', input: z.object({{}}), handler: async () => {{\n{body}\nreturn 'ok';\n}} }})] }});\n"
    );
    let dir = crate::scratch_toolkit(id, &[("extension.ts", &source)]);
    let (outcome, lines) = console_lines_of(&dir).await;
    assert_eq!(outcome.envelope.json()["result"]["text"], "ok", "{:?}", outcome.envelope);
    let expected: Vec<Value> = serde_json::from_str(expected).unwrap();
    assert_eq!(lines.len(), expected.len(), "{lines:#?}");
    for (line, expected) in lines.iter().zip(&expected) {
        assert_eq!(line, expected, "\n{}\n{}", line.as_str().unwrap_or(""), expected.as_str().unwrap_or(""));
    }
}

/// Property keys, `Symbol.toStringTag` and strings as Node 20 prints them (deno_web patch 2,
/// third_party/deno_web/TROVE-PATCHES.md): a symbol key in brackets, a non-enumerable key in
/// brackets unquoted, the tag named only when it is not listed as a property, Node's quote choice
/// (`${` keeps a string out of backticks) and `meta` escapes (`\x0B`, `\x7F`), a lone
/// surrogate as `\ud800`, not U+FFFD, and a symbol's description as it is. The lines are Node
/// 20.20.2's.
#[tokio::test(flavor = "current_thread")]
async fn console_keys_tags_and_strings_answer_as_node_does() {
    let body = r#"  const o: any = { [Symbol("q'")]: 1, "a'b": 2, [Symbol()]: 7, [Symbol.iterator]: 8 };
  Object.defineProperty(o, 'c-d', { value: 3 });
  Object.defineProperty(o, '__proto__', { value: 4, enumerable: false });
  Object.defineProperty(o, Symbol('ne'), { value: 5 });
  Object.defineProperty(o, "e'f", { value: 6 });
  console.log(o);
  console.dir(o, { showHidden: true });
  class T { get [Symbol.toStringTag]() { return 'TT'; } }
  console.log(new T());
  class Foo { [Symbol.toStringTag] = 'Bar'; x = 1; }
  console.log(new Foo());
  const u = {}; Object.defineProperty(u, Symbol.toStringTag, { value: 'Hid' });
  console.log(u);
  console.dir(u, { showHidden: true });
  console.log([1, 2], Object.assign([1], { [Symbol.toStringTag]: 'Z' }));
  console.log(new Map([[Symbol('k'), { [Symbol('in')]: 1 }]]));
  console.log(['a\x0bb', 'c\x01d', 'e\x7ff', 'g\x85h', "it's", 'say "hi" it\'s', 'mix "a" \'b\' `c`', '\'"${x}', 'back\\slash', 'tab\there', 'é ü 😀', 'x\ud800y', '\udc00', 'ok\ud83d\ude00']);
  console.log({ 'k\x01': 1, 'k\ud800': 2, 'it\'s': 3 });
  console.log(['x'.repeat(9999) + '\ud83d\ude00'].map((s) => s.slice(9990)), { s: 'lone \ud83d'.repeat(1) });
  console.log({ long: 'line one is here\nline two \ud800 is here\n' + 'z'.repeat(70) });
  console.log('%o', 'q\x01\ud800');
  console.log(Symbol('a b'), [Symbol("q'")], { [Symbol('k e')]: Symbol('v w') });"#;
    assert_console_lines_are("console-keys", body, r##"["{\n  \"a'b\": 2,\n  [Symbol(q\\')]: 1,\n  [Symbol()]: 7,\n  [Symbol(Symbol.iterator)]: 8\n}","{\n  \"a'b\": 2,\n  [c-d]: 3,\n  ['__proto__']: 4,\n  [e\\'f]: 6,\n  [Symbol(q\\')]: 1,\n  [Symbol()]: 7,\n  [Symbol(Symbol.iterator)]: 8,\n  [Symbol(ne)]: 5\n}","T [TT] {}","Foo { x: 1, [Symbol(Symbol.toStringTag)]: 'Bar' }","Object [Hid] {}","{ [Symbol(Symbol.toStringTag)]: 'Hid' }","[ 1, 2 ] [ 1, [Symbol(Symbol.toStringTag)]: 'Z' ]","Map(1) { Symbol(k) => { [Symbol(in)]: 1 } }","[\n  'a\\x0Bb',            'c\\x01d',\n  'e\\x7Ff',            'g\\x85h',\n  \"it's\",              `say \"hi\" it's`,\n  'mix \"a\" \\'b\\' `c`', '\\'\"${x}',\n  'back\\\\slash',       'tab\\there',\n  'é ü 😀',            'x\\ud800y',\n  '\\udc00',            'ok😀'\n]","{ 'k\\x01': 1, 'k\\ud800': 2, \"it's\": 3 }","[ 'xxxxxxxxx😀' ] { s: 'lone \\ud83d' }","{\n  long: 'line one is here\\n' +\n    'line two \\ud800 is here\\n' +\n    'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz'\n}","'q\\x01\\ud800'","Symbol(a b) [ Symbol(q') ] { [Symbol(k e)]: Symbol(v w) }"]"##).await;
}

/// Review 53: the console's formatter (deno_web's, in native code) stays within the call. Each
/// of these aborted the process, grew it by gigabytes outside the heap ceiling, or ran on for
/// minutes after the call was given up; now each answers, and the process lives to answer the
/// next: `console.table` merges a repeated property (50 million cells before) and refuses a
/// table past 1,048,576 cells, before it reads a `properties` of length 2^32 - 1; a custom
/// inspect hook's `ctx.seen` is not read past 10,000 entries nor its `indentationLvl` past
/// 4,096; a 100,000-deep prototype chain is one walk (v8x patch 60: comparing two values
/// searched every live handle), as is Node's (`{}`).
#[tokio::test(flavor = "current_thread")]
async fn console_formatting_stays_within_the_call() {
    let body = r#"  const DI = Symbol.for('Deno.customInspect');
  const out: string[] = [];
  const t = (name: string, f: () => void) => { try { f(); out.push(`${name}: ok`); } catch (e: any) { out.push(`${name}: ${e.name}: ${e.message}`); } };
  t('repeated properties', () => console.table(new Array(10000).fill(0), new Array(5000).fill('p')));
  t('properties of length 2^32 - 1', () => { const p: string[] = []; p.length = 2 ** 32 - 1; console.table([1], p); });
  t('a million cells', () => console.table(new Array(1100).fill({}), Array.from({ length: 1000 }, (_, i) => 'k' + i)));
  t('seen of length 2^32 - 1', () => console.log({ [DI](_inspect: any, ctx: any) { const a: unknown[] = []; a.length = 2 ** 32 - 1; ctx.seen = a; return 'x'; } }));
  t('dense seen', () => console.log([{ [DI](inspect: any, ctx: any) { ctx.seen = new Array(1e6).fill(0); return inspect({ a: 1 }, ctx); } }, ...Array.from({ length: 1000 }, (_, i) => i)]));
  t('indentation 2^31', () => console.log({ [DI](inspect: any, ctx: any) { ctx.indentationLvl = 2 ** 31; return inspect({ a: 1 }, ctx); } }));
  t('100,000-deep prototype chain', () => { let p = {}; for (let i = 0; i < 100000; i++) p = Object.create(p); console.log(p); });
  const w = '\x01'.repeat(1e4);
  t('one wide cell', () => { const rows: unknown[] = new Array(1e5).fill(0); rows[0] = { a: [w, w, w] }; console.table(rows); });
  t('50,000 wide values', () => { const o: Record<string, string> = {}; for (let i = 0; i < 50000; i++) o['k' + i] = w; console.log(o); });
  const big = 'y'.repeat(1e7);
  t('a hook 10 MB, 200 times', () => { const h = { [Symbol.for('nodejs.util.inspect.custom')]: () => big }; const o: Record<string, unknown> = {}; for (let i = 0; i < 200; i++) o['k' + i] = h; console.log(o); });
  return out.join('\n');"#;
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         export default defineToolkit({{ id: 'console-limits', name: 'C', description: 'C.', icon: 'c', version: '1.0.0',\n\
           tools: [tool({{ name: 'run', description: 'R.', input: z.object({{}}), handler: async () => {{\n{body}\n}} }})] }});\n"
    );
    let dir = crate::scratch_toolkit("console-limits", &[("extension.ts", &source)]);
    let (outcome, lines) = console_lines_of(&dir).await;
    let refused = "RangeError: console.table: the table would hold more than 1048576 cells";
    // Node throws the same for the first two (its strings' limit); the host's is 64 MiB of
    // text made (deno_web patch 1), which the third passes too.
    let too_long = ["one wide cell", "50,000 wide values", "a hook 10 MB, 200 times"].map(|name| format!("{name}: RangeError: Invalid string length")).join("\n");
    assert_eq!(
        outcome.envelope.json()["result"]["text"],
        format!("repeated properties: ok\nproperties of length 2^32 - 1: {refused}\na million cells: {refused}\nseen of length 2^32 - 1: ok\ndense seen: ok\nindentation 2^31: ok\n100,000-deep prototype chain: ok\n{too_long}"),
        "{:?}",
        outcome.envelope
    );
    let text = |i: usize| lines[i].as_str().unwrap_or_default().to_owned();
    assert_eq!(lines.len(), 5, "{lines:?}");
    // One `p` column, and the first rows as Node draws them (the line is cut at 64 KiB).
    assert!(text(0).starts_with("┌─────────┬───┐\n│ (index) │ p │\n├─────────┼───┤\n│ 0       │   │\n│ 1       │   │\n"), "{}", &text(0)[..200]);
    assert_eq!(text(1), "x");
    assert!(text(2).starts_with("[\n  { a: 1 }, 0,  1,  2,"), "{}", text(2));
    // Node throws at `' '.repeat(2 ** 31)` (`Invalid string length`); the host indents 4,096.
    assert_eq!(text(3), format!("{{\n{}a: 1\n{}}}", " ".repeat(4098), " ".repeat(4096)));
    assert_eq!(text(4), "{}");
}

/// Node's `setTimeout` and `setInterval` return a `Timeout` with `ref`, `unref`, `hasRef`,
/// `refresh` and `close` that converts to its id; code written for Node calls `.unref()` on it
/// (review 24: it threw "t.unref is not a function"). Node 20.20.2's answers.
#[tokio::test(flavor = "current_thread")]
async fn timers_return_node_s_timeout() {
    let body = "const out: unknown[] = [];\n\
        const t = setTimeout(() => {}, 50);\n\
        out.push(typeof t, t.hasRef(), t.unref() === t, t.hasRef(), t.ref().hasRef(), typeof +t, +t > 0, setTimeout.name, setInterval.name);\n\
        clearTimeout(t);\n\
        let fired = 0;\n\
        await new Promise<void>((resolve) => { const r = setTimeout(() => { fired++; resolve(); }, 10); r.unref(); });\n\
        const i = setInterval(() => { fired++; }, 5); await new Promise((r) => setTimeout(r, 30)); clearInterval(i);\n\
        const after = fired; await new Promise((r) => setTimeout(r, 30)); out.push(after === fired, after >= 3);\n\
        let refreshed = 0; const x = setTimeout(() => refreshed++, 5); await new Promise((r) => setTimeout(r, 20)); x.refresh(); await new Promise((r) => setTimeout(r, 20)); out.push(refreshed);\n\
        const c = setTimeout(() => refreshed++, 5); c.close(); await new Promise((r) => setTimeout(r, 20)); out.push(refreshed);\n\
        const d = setTimeout(() => refreshed++, 5); clearTimeout(d); d.refresh(); c.refresh(); clearTimeout(Symbol() as never); await new Promise((r) => setTimeout(r, 20)); out.push(refreshed);\n\
        return JSON.stringify(out);";
    let source = format!(
        "import {{ defineToolkit, tool, z }} from '@ontrove/extend/toolkit';\n\
         export default defineToolkit({{ id: 'timers', name: 'T', description: 'T.', icon: 't', version: '1.0.0',\n\
           tools: [tool({{ name: 'run', description: 'R.', input: z.object({{}}), handler: async () => {{\n{body}\n}} }})] }});\n"
    );
    let dir = crate::scratch_toolkit("timers", &[("extension.ts", &source)]);
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "run", json!({})).await;
    assert_eq!(
        outcome.envelope.json(),
        json!({ "ok": true, "result": { "text": r#"["object",true,true,false,true,"number",true,"setTimeout","setInterval",true,true,2,2,2]"# } })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn date_strings_name_the_zone_and_errors_as_node() {
    // As Node 20.20.2 prints the same with TZ=UTC (the host's zone is always UTC).
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "date_strings", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({ "text": "Tue Dec 01 2026 10:05:03 GMT+0000 (Coordinated Universal Time) | 10:05:03 GMT+0000 (Coordinated Universal Time) | {\"d\":\"2026-12-01T10:05:03.007Z\",\"bad\":null} | RangeError: Invalid time value | true" })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn web_apis_fail_with_dom_exceptions_not_undefined() {
    // The error names Node 20 gives for the same calls (the messages are deno's).
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "dom_errors", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "atob": "DOMException InvalidCharacterError",
            "importKey": "DOMException DataError",
            "getRandomValues": "DOMException QuotaExceededError",
            "sign": "DOMException InvalidAccessError",
            "decrypt": "DOMException OperationError"
        })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn json_parse_errors_are_worded_as_node_words_them() {
    // Node 20.20.2's messages for the same texts; a reviver's own SyntaxError is left alone.
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "json_errors", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "messages": [
                "SyntaxError: Unexpected token '<', \"<html><bod\"... is not valid JSON",
                "SyntaxError: Unexpected end of JSON input",
                "SyntaxError: \"undefined\" is not valid JSON",
                "SyntaxError: Expected double-quoted property name in JSON at position 8",
                "SyntaxError: Expected ',' or '}' after property value in JSON at position 7",
                "SyntaxError: Expected ',' or ']' after array element in JSON at position 3",
                "SyntaxError: Unexpected non-whitespace character after JSON at position 8",
                "SyntaxError: Unterminated string in JSON at position 4",
                "SyntaxError: Unexpected number in JSON at position 7",
                "SyntaxError: Unexpected token '<', ...\" 2, {\"c\": <}]}\" is not valid JSON"
            ],
            "reviver": "SyntaxError: from the reviver"
        })
    );
}

#[tokio::test(flavor = "current_thread")]
async fn intl_segmenter_locale_and_values_as_node_prints() {
    // Expected strings as Node 20.20.2 prints them (`node -e`, the same expressions): the
    // engine's stubs gave segments without segment/index/isWordLike, a Locale that ignored
    // options and keywords and had no maximize/minimize, and no supportedValuesOf/selectRange.
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "intl_segmenter_locale", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "words": "Hi:0:true| :2:false|there:3:true|,:8:false| :9:false|you:10:true|!:13:false",
            "graphemes": "e\u{301}:0:undefined|👨‍👩‍👧:2:undefined|x:10:undefined",
            "sentences": "Hi there. :0:undefined|How are you? :10:undefined|Fine.:23:undefined",
            "loneSurrogate": "1:0:true|1:1:false|1:2:true|1:3:false|1:4:true",
            "segmenterShape": "0 1 constructor,resolvedOptions,segment [object Intl.Segmenter]",
            "segmentsShape": "containing ; [object Segmenter String Iterator] ; {\"segment\":\"Hi\",\"index\":0,\"input\":\"Hi there\",\"isWordLike\":true} ; {\"segment\":\"there\",\"index\":3,\"input\":\"Hi there\",\"isWordLike\":true} ; undefined",
            "segmenterResolved": "{\"locale\":\"de-DE\",\"granularity\":\"sentence\"}",
            "segmenterErrors": "RangeError: Value line out of range for Intl.Segmenter options property granularity | TypeError: Constructor Intl.Segmenter requires 'new'",
            "localeExpand": "en-Latn-US zh-Hant-TW en zh-TW",
            "localeOptions": "en-GB-u-hc-h12",
            "localeKeywords": "de-DE-u-ca-gregory-hc-h23 gregory h23 false de-DE",
            "localeShape": "1 [object Intl.Locale] {\"direction\":\"rtl\"}",
            "hourCycles": "h12 h23 h23 h11",
            "localeErrors": "RangeError: Incorrect locale information provided | TypeError: Constructor Intl.Locale requires 'new' | TypeError: First argument to Intl.Locale constructor can't be empty or missing | RangeError: Value h25 out of range for locale options property hourCycle",
            "localeInOthers": "1.234,5 en-US",
            "supportedValues": "18,12,162,78,45",
            "supportedValuesError": "RangeError: Invalid key : x",
            "selectRange": "other,2,few",
            "selectRangeErrors": "TypeError: Invalid startRange : undefined | RangeError: Invalid startRange : NaN",
            "conversionErrors": "TypeError: Method Intl.Segmenter.prototype.segment called on incompatible receiver #<Object> | TypeError: Method Intl.Locale.prototype.maximize called on incompatible receiver #<Object> | TypeError: Intl.Locale called on null or undefined | TypeError: Cannot convert a Symbol value to a string | TypeError: Cannot convert a BigInt value to a number"
        })
    );
}

/// No global `fetch`, no host internals, and none of the engine's extras that Node 20 lacks.
#[tokio::test(flavor = "current_thread")]
async fn no_global_fetch_deno_or_bootstrap() {
    let mut toolkit = globals().await;
    let outcome = call(&mut toolkit, "typeofs", json!({})).await;
    assert_eq!(
        structured(&outcome),
        &json!({
            "fetch": "undefined",
            "Deno": "undefined",
            "__bootstrap": "undefined",
            "Temporal": "undefined",
            "toTemporalInstant": "undefined",
            "gc": "undefined",
            "ShadowRealm": "undefined",
            "DurationFormat": "undefined",
            "globalSymbols": ["Symbol(@ontrove/extend/toolkit)"],
            "newerThanNode20": [],
            "intlTag": "[object Intl]",
            "Headers": "function",
            "Response": "function",
            "URL": "function",
            "structuredClone": "function",
            "randomUUID": "function",
            "timeOrigin": true
        })
    );
}

/// A toolkit whose tools leave promises rejected with nobody handling them, and log objects
/// through `console`.
fn floating_toolkit() -> std::path::PathBuf {
    crate::scratch_toolkit(
        "floating",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
             export default defineToolkit({ id: 'floating', name: 'Floating', description: 'Floating.', icon: '🧪', version: '1.0.0',\n\
               egress: ['api.example.com'],\n\
               tools: [\n\
                 tool({ name: 'reject', description: 'Floating rejection.', input: z.object({}), handler: async () => {\n\
                   Promise.reject(new Error('floating rejection x'));\n\
                   return 'done';\n\
                 } }),\n\
                 tool({ name: 'unawaited', description: 'Un-awaited refused fetch.', input: z.object({}), handler: async (_a, ctx) => {\n\
                   void ctx.fetch('https://api.example.com/x', { method: 'CONNECT' });\n\
                   return 'done';\n\
                 } }),\n\
                 tool({ name: 'inspect', description: 'console.log of an object.', input: z.object({}), handler: async () => {\n\
                   console.log({ a: 1 });\n\
                   return 'logged';\n\
                 } }),\n\
               ] });\n",
        )],
    )
}

/// Unhandled rejections are logged, not a failure of a call that returned normally; the
/// toolkit keeps working afterwards.
#[tokio::test(flavor = "current_thread")]
async fn an_unhandled_rejection_does_not_fail_the_call() {
    let mut toolkit = load(&floating_toolkit()).await;
    for tool in ["reject", "unawaited", "reject"] {
        let outcome = call(&mut toolkit, tool, json!({})).await;
        assert_eq!(outcome.envelope, json!({ "ok": true, "result": { "text": "done" } }), "{tool}");
    }
}

/// Through the CLI: the rejection reaches the log (stderr), and log lines carry no ANSI
/// colour escapes (`console.log({ a: 1 })` was `{ a: \x1b[33m1\x1b[39m }`). `NO_COLOR=1`
/// turns off the colours of the CLI's own log formatter (tracing), which are not the
/// toolkit's; the console's text had colours regardless.
#[test]
fn unhandled_rejections_are_logged_and_console_lines_have_no_colours() {
    let dir = floating_toolkit();
    let dir = dir.to_str().unwrap();
    let out = trove_host_tests::run_cli(&["call", dir, "reject"], &[], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("floating rejection x"), "the rejection is logged:\n{stderr}");

    let out = trove_host_tests::run_cli(&["call", dir, "inspect"], &[("NO_COLOR", "1")], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("a: 1"), "the object is logged:\n{stderr}");
    // tracing writes a control character in a message as the text `\x1b`: check both.
    assert!(!stderr.contains("\x1b[") && !stderr.contains("\\x1b["), "no ANSI escapes in log lines:\n{stderr:?}");
}

/// A line the toolkit's top-level code logs, before `defineToolkit` has given it an id, is named
/// by the toolkit's entry file (it said `toolkit=""`, which a server of several toolkits cannot
/// tell apart); a call's lines keep the id, the tool and the call id.
#[test]
fn console_lines_at_load_name_the_toolkit_s_entry_file() {
    let dir = crate::scratch_toolkit(
        "loud-load",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
             console.warn('top-level line');\n\
             export default defineToolkit({ id: 'loud-load', name: 'L', description: 'L.', icon: 'l', version: '1.0.0',\n\
               tools: [tool({ name: 't', description: 'T.', input: z.object({}), handler: async () => { console.log('in the call'); return 'ok'; } })] });\n",
        )],
    );
    let entry = dir.join("extension.ts").display().to_string();
    let out = trove_host_tests::run_cli(&["call", dir.to_str().unwrap(), "t"], &[("NO_COLOR", "1")], None);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let line = |text: &str| stderr.lines().find(|l| l.contains(text)).unwrap_or_else(|| panic!("no line {text:?} in:\n{stderr}"));
    assert!(line("top-level line").contains(&format!("toolkit=\"{entry}\" tool=\"\" call_id=\"\" source=\"console (while loading)\"")), "{stderr}");
    assert!(line("in the call").contains("toolkit=\"loud-load\" tool=\"t\" call_id=\"c"), "{stderr}");
}

/// `URL.createObjectURL` and `revokeObjectURL` are there before any `Blob` is made, with Node
/// 20's keys (checked with `node -e`: `Object.keys(URL)` is parse, canParse, createObjectURL,
/// revokeObjectURL), and a toolkit that freezes `URL` first can still make a `Blob` and a
/// `Response` (before, deno's Blob script threw while it assigned them to the frozen class, and
/// every later `Blob`, `Response` and `ctx.fetch` of the instance failed: "Blob is already
/// registered").
#[tokio::test(flavor = "current_thread")]
async fn object_urls_are_there_from_the_start_and_survive_a_frozen_url() {
    let dir = crate::scratch_toolkit(
        "object-urls",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
             export default defineToolkit({ id: 'object-urls', name: 'O', description: 'O.', icon: 'o', version: '1.0.0',\n\
               tools: [\n\
                 tool({ name: 'early', description: 'Before any Blob.', input: z.object({}), handler: async () => {\n\
                   const u = URL as any;\n\
                   return { text: 'ok', structured: { keys: Object.keys(URL), type: typeof u.createObjectURL, name: u.createObjectURL.name,\n\
                     length: u.revokeObjectURL.length, same: u.createObjectURL === u.createObjectURL } };\n\
                 } }),\n\
                 tool({ name: 'frozen', description: 'Freeze URL, then use Blob and Response.', input: z.object({}), handler: async () => {\n\
                   Object.freeze(URL);\n\
                   const blob = new Blob(['hi'], { type: 'text/plain' });\n\
                   const url = URL.createObjectURL(blob);\n\
                   URL.revokeObjectURL(url);\n\
                   return { text: 'ok', structured: { blob: await blob.text(), response: await new Response('x').text(),\n\
                     url: url.startsWith('blob:'), frozen: Object.isFrozen(URL) } };\n\
                 } }),\n\
               ] });\n",
        )],
    );
    let mut toolkit = crate::load(&dir).await;
    let early = crate::call(&mut toolkit, "early", json!({})).await;
    assert_eq!(
        structured(&early),
        &json!({ "keys": ["parse", "canParse", "createObjectURL", "revokeObjectURL"], "type": "function",
                 "name": "createObjectURL", "length": 1, "same": true })
    );
    let mut toolkit = crate::load(&dir).await;
    let frozen = crate::call(&mut toolkit, "frozen", json!({})).await;
    assert_eq!(structured(&frozen), &json!({ "blob": "hi", "response": "x", "url": true, "frozen": true }));
}

/// `Response.json()` and `Request.json()` parse with the global `JSON.parse` as it is when they
/// run, as Node 20's undici does (so its SyntaxErrors carry V8's words, and a toolkit's own
/// `JSON.parse` decides), not with a parser captured when the script loaded. Node 20 answers
/// `[42, 42, "Unexpected token 'o', \"not json\" is not valid JSON"]` (V8 reads `n` as the
/// start of `null`), and reads a string body back as its UTF-8 bytes decode: a leading BOM
/// dropped (`{"a":1}`; a BOM alone is `Unexpected end of JSON input`), a lone surrogate as
/// U+FFFD (`x\u{FFFD}y`).
#[tokio::test(flavor = "current_thread")]
async fn body_json_parses_with_the_global_json_parse_as_undici_does() {
    let dir = crate::scratch_toolkit(
        "body-json",
        &[(
            "extension.ts",
            "import { defineToolkit, tool, z } from '@ontrove/extend/toolkit';\n\
             export default defineToolkit({ id: 'bodyjson', name: 'B', description: 'B.', icon: '🧪', version: '1.0.0',\n\
               tools: [tool({ name: 'go', description: 'Go.', input: z.object({}), handler: async () => {\n\
                 const message = await new Response('not json').json().then(() => 'parsed', (e) => e.message);\n\
                 const bom = await new Response('\\uFEFF{\"a\":1}').json();\n\
                 const lone = await new Response('x\\uD800y').text();\n\
                 const onlyBom = await new Response('\\uFEFF').json().catch((e) => e.message);\n\
                 const original = JSON.parse;\n\
                 JSON.parse = () => 42;\n\
                 try {\n\
                   const res = await new Response('1').json();\n\
                   const req = await new Request('https://x.example.com/', { method: 'POST', body: '2' }).json();\n\
                   return JSON.stringify([res, req, message, bom, lone, onlyBom]);\n\
                 } finally { JSON.parse = original; }\n\
               } })] });\n",
        )],
    );
    let mut toolkit = load(&dir).await;
    let outcome = call(&mut toolkit, "go", json!({})).await;
    assert_eq!(
        outcome.envelope,
        json!({ "ok": true, "result": { "text": "[42,42,\"Unexpected token 'o', \\\"not json\\\" is not valid JSON\",{\"a\":1},\"x\u{FFFD}y\",\"Unexpected end of JSON input\"]" } })
    );
}

/// `structuredClone`'s `transfer` (review 53): the listed buffers are detached once the copy
/// has succeeded and the clone holds their bytes; a failed clone detaches nothing; a bad list is
/// refused in Node's words before anything is copied; a WebAssembly memory's buffer stays with
/// its memory (v8x patch 64). Before, the list was ignored. Node 20.20.2's answers; its
/// `DataCloneError` for a duplicate is a `DOMException`, as here.
#[tokio::test(flavor = "current_thread")]
async fn structured_clone_detaches_the_buffers_it_transfers() {
    let cases = r#"
  const wasm = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 5, 3, 1, 0, 1, 7, 5, 1, 1, 0x6d, 2, 0]);
  await t('an ArrayBuffer', () => { const buf = new Uint8Array([1, 2, 3]).buffer; const c = structuredClone(buf, { transfer: [buf] }); globalThis.kept = c; return `${buf.byteLength} ${c.byteLength} ${new Uint8Array(c).join()}`; });
  await t('a view\'s buffer, twice in the value', () => { const u8 = new Uint8Array([4, 5]); const c = structuredClone({ u8, again: u8 }, { transfer: new Set([u8.buffer]) }); globalThis.kept2 = c; return `${u8.byteLength} ${c.u8.join()} ${c.again === c.u8}`; });
  await t('after garbage', () => { const junk = []; for (let i = 0; i < 20000; i++) junk.push({ i, s: 'x' + i }); return `${new Uint8Array(globalThis.kept).join()} ${globalThis.kept2.u8.join()} ${junk.length}`; });
  await t('listed, not in the value', () => { const buf = new ArrayBuffer(8); structuredClone(1, { transfer: [buf] }); return buf.byteLength; });
  await t('a failed clone', () => { const buf = new ArrayBuffer(8); try { structuredClone({ buf, f() {} }, { transfer: [buf] }); } catch (e) { return `${e.name} ${buf.byteLength}`; } });
  await t('twice in the list', () => { const buf = new ArrayBuffer(8); try { structuredClone(buf, { transfer: [buf, buf] }); } catch (e) { return `${e instanceof DOMException} ${e.name}: ${e.message} ${buf.byteLength}`; } });
  await t('not a buffer', () => { const buf = new ArrayBuffer(8); try { structuredClone(buf, { transfer: [buf, new Uint8Array(1)] }); } catch (e) { return `${e.code} ${e.message} ${buf.byteLength}`; } });
  await t('a list that is not iterable', () => structuredClone(1, { transfer: 5 }));
  await t('null, or an object that is not iterable', () => { const buf = new ArrayBuffer(8); return `${structuredClone(1, { transfer: null })} ${structuredClone(2, { transfer: { length: 1, 0: buf } })} ${buf.byteLength}`; });
  await t('options that are not an object', () => structuredClone(1, 5));
  await t('a detached buffer, listed', () => { const buf = new ArrayBuffer(8); structuredClone(buf, { transfer: [buf] }); return structuredClone(buf, { transfer: [buf] }).byteLength; });
  await t('a detached buffer', () => { const buf = new ArrayBuffer(8); structuredClone(buf, { transfer: [buf] }); return structuredClone(buf); });
  await t('a WebAssembly memory\'s buffer', async () => { const { instance } = await WebAssembly.instantiate(wasm); const memory = instance.exports.m; new Uint8Array(memory.buffer)[0] = 9; const c = structuredClone(memory.buffer, { transfer: [memory.buffer] }); return `${memory.buffer.byteLength} ${new Uint8Array(memory.buffer)[0]} ${c.byteLength} ${Object.getOwnPropertyNames(memory.buffer).length}`; });
  await t('an op\'s buffer through a byte stream', async () => { const u = new TextEncoder().encode('hello'); let c; const rs = new ReadableStream({ type: 'bytes', start(x) { c = x; } }); c.enqueue(u); c.close(); const { value } = await rs.getReader().read(); const junk = []; for (let i = 0; i < 20000; i++) junk.push(new Uint8Array(5).fill(1)); return `${u.byteLength} ${new TextDecoder().decode(value)}`; });
  await t('a WebAssembly memory\'s bytes in a byte stream', async () => { const { instance } = await WebAssembly.instantiate(wasm); const memory = instance.exports.m; let controller; new ReadableStream({ type: 'bytes', start(c) { controller = c; } }); try { controller.enqueue(new Uint8Array(memory.buffer)); } catch (e) { return `${e.name} ${memory.buffer.byteLength}`; } return `moved ${memory.buffer.byteLength}`; });
"#;
    let answer = answer_of_named("structured-transfer", cases).await;
    let expected = [
        "an ArrayBuffer: 0 3 1,2,3",
        "a view's buffer, twice in the value: 0 4,5 true",
        "after garbage: 1,2,3 4,5 20000",
        "listed, not in the value: 0",
        "a failed clone: DataCloneError 8",
        "twice in the list: true DataCloneError: Transfer list contains duplicate ArrayBuffer 8",
        "not a buffer: ERR_INVALID_TRANSFER_OBJECT Found invalid object in transferList 8",
        "a list that is not iterable: TypeError: Optional transferList argument must be an iterable",
        "null, or an object that is not iterable: 1 2 8",
        "options that are not an object: TypeError: The options argument must be either an object or undefined",
        "a detached buffer, listed: 0",
        "a detached buffer: DataCloneError: An ArrayBuffer is detached and could not be cloned.",
        "a WebAssembly memory's buffer: 65536 9 65536 0",
        "an op's buffer through a byte stream: 0 hello",
        "a WebAssembly memory's bytes in a byte stream: TypeError 65536",
    ];
    assert_eq!(answer, serde_json::to_string(&expected).unwrap());
}

/// A WebAssembly memory grows up to the maximum it declares and no further, with V8's
/// `RangeError` (v8x patch 65: an instance's memory grew past it, and a constructed memory's
/// refusal was a `TypeError` in the binding's own words); one declared without a maximum grows.
/// Node 20.20.2's answers.
#[tokio::test(flavor = "current_thread")]
async fn webassembly_memories_grow_to_their_declared_maximum() {
    let cases = r#"
  const bounded = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 5, 4, 1, 1, 1, 2, 7, 5, 1, 1, 0x6d, 2, 0]);
  const open = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 5, 3, 1, 0, 1, 7, 5, 1, 1, 0x6d, 2, 0]);
  await t('declared 1..2, grow 1', async () => { const { instance } = await WebAssembly.instantiate(bounded); const m = instance.exports.m; return `${m.grow(1)} ${m.buffer.byteLength}`; });
  await t('declared 1..2, grow 5', async () => { const { instance } = await WebAssembly.instantiate(bounded); const m = instance.exports.m; try { m.grow(5); } catch (e) { return `${e.name}: ${e.message} ${m.buffer.byteLength}`; } return `grew to ${m.buffer.byteLength}`; });
  await t('no maximum, grow 5', async () => { const { instance } = await WebAssembly.instantiate(open); const m = instance.exports.m; return `${m.grow(5)} ${m.buffer.byteLength}`; });
  await t('constructed 1..2, grow 5', () => { const m = new WebAssembly.Memory({ initial: 1, maximum: 2 }); try { m.grow(5); } catch (e) { return `${e.name}: ${e.message} ${m.buffer.byteLength}`; } return 'grew'; });
"#;
    let answer = answer_of_named("wasm-maximum", cases).await;
    let expected = [
        "declared 1..2, grow 1: 1 131072",
        "declared 1..2, grow 5: RangeError: WebAssembly.Memory.grow(): Maximum memory size exceeded 65536",
        "no maximum, grow 5: 1 393216",
        "constructed 1..2, grow 5: RangeError: WebAssembly.Memory.grow(): Maximum memory size exceeded 65536",
    ];
    assert_eq!(answer, serde_json::to_string(&expected).unwrap());
}
