//! Concurrency: 1,000 concurrent calls across three served toolkits each get their own answer;
//! an overloaded toolkit answers the calls it cannot queue with a quick 503.

use std::time::{Duration, Instant};

use serde_json::json;
use trove_host::{CallError, LoadOptions, PoolConfig};

use crate::{client, exclusive, copy_toolkit, fixture, local, no_egress, post, scratch, start, url};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_concurrent_calls_across_three_toolkits() {
    let _alone = exclusive().await;
    let dir = scratch("load");
    let ids = ["echo-a", "echo-b", "echo-c"];
    for id in ids {
        copy_toolkit(&fixture("echo"), &dir.join(id), &[("id: 'echo'", &format!("id: '{id}'"))]);
    }
    let load = LoadOptions {
        pool: Some(PoolConfig { min_instances: 2, max_instances: 2, max_queued: 1000, ..PoolConfig::default() }),
        ..LoadOptions::default()
    };
    let running = start(ids.iter().map(|id| dir.join(id)).collect(), load, no_egress(), local()).await;
    let http = client();

    let calls: Vec<_> = (0..1000)
        .map(|i| {
            let id = ids[i % 3];
            let at = url(&running, id);
            let user = format!("user-{i}");
            let args = json!({ "n": i, "tag": format!("{id}-{i}") });
            let call = json!({ "tool": "echo", "args": args, "userId": user });
            let http = http.clone();
            let task = tokio::spawn(async move { post(&http, &at, &call).await });
            (id, user, args, task)
        })
        .collect();
    let (mut lost, mut crossed, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for (id, user, args, task) in calls {
        let reply = match task.await {
            Ok(reply) => reply,
            Err(e) => {
                lost.push(format!("{user}: {e}"));
                continue;
            }
        };
        let expected = json!({ "ok": true, "result": {
            "text": format!("{user}:{}:{}", args["tag"].as_str().unwrap(), args["n"]),
            "structured": { "user": user, "args": args } } });
        if reply.status != 200 || reply.body["ok"] != true {
            errors.push(format!("{id} {user}: {} {}", reply.status, reply.body));
        } else if reply.body != expected {
            crossed.push(format!("{id} {user}: got {}", reply.body));
        }
    }
    assert!(lost.is_empty(), "{} lost: {lost:?}", lost.len());
    assert!(crossed.is_empty(), "{} crossed: {crossed:?}", crossed.len());
    assert!(errors.is_empty(), "{} errors: {errors:?}", errors.len());
    let stats: Vec<_> = ids.iter().map(|id| running.toolkit(id).unwrap().stats()).collect();
    assert_eq!(stats.iter().map(|s| s.calls).sum::<u64>(), 1000, "{stats:?}");
    assert_eq!(stats.iter().map(|s| s.overloaded).sum::<u64>(), 0, "{stats:?}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_overloaded_toolkit_answers_503_at_once() {
    let _alone = exclusive().await;
    let load = LoadOptions {
        pool: Some(PoolConfig { min_instances: 1, max_instances: 1, max_queued: 2, ..PoolConfig::default() }),
        ..LoadOptions::default()
    };
    let running = start(vec![fixture("echo")], load, no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");
    // Warm: the first call of an instance pays for nothing the others do not.
    assert_eq!(post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "u" })).await.body["ok"], true);

    const SLOW_MS: u64 = 800;
    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let (http, at) = (http.clone(), at.clone());
            let call = json!({ "tool": "slow", "args": { "ms": SLOW_MS }, "userId": format!("u{i}") });
            tokio::spawn(async move { post(&http, &at, &call).await })
        })
        .collect();
    let replies: Vec<_> = futures::future::join_all(tasks).await.into_iter().map(|r| r.expect("task")).collect();

    let overloaded = CallError::Overloaded { toolkit: "echo".into(), running: 1, queued: 2 }.envelope().json();
    assert_eq!(
        overloaded,
        json!({ "ok": false, "error": "toolkit \"echo\" is overloaded: all 1 of its instances are busy and 2 calls are waiting; try again shortly",
                "retryable": true, "code": "TOOL_ERROR" })
    );
    let (served, refused): (Vec<_>, Vec<_>) = replies.iter().partition(|r| r.status == 200);
    assert_eq!(served.len(), 3, "one running and two queued: {replies:#?}");
    for reply in &served {
        assert_eq!(reply.body, json!({ "ok": true, "result": { "text": format!("slept {SLOW_MS} ms") } }));
        assert!(reply.elapsed >= Duration::from_millis(SLOW_MS));
    }
    for reply in &refused {
        assert_eq!((reply.status, &reply.body), (503, &overloaded));
        assert_eq!(reply.headers["retry-after"], "1");
        assert!(reply.elapsed < Duration::from_millis(SLOW_MS / 2), "a 503 took {:?}", reply.elapsed);
    }
    let stats = running.toolkit("echo").unwrap().stats();
    assert_eq!(stats.overloaded, 7, "{stats:?}");
    // Once the queue drains, the toolkit answers again.
    let after = post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "u" })).await;
    assert_eq!((after.status, &after.body), (200, &json!({ "ok": true, "result": { "text": "slept 0 ms" } })));
    running.shutdown().await;
}

/// A toolkit whose files went away: a live instance still takes every call (a failed attempt
/// to grow the pool fails no call), and once no instance is left a call gets a 503 naming why
/// none could start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_toolkit_that_cannot_start_an_instance_answers_503() {
    let _alone = exclusive().await;
    let dir = scratch("unavailable").join("echo");
    copy_toolkit(&fixture("echo"), &dir, &[]);
    let load = LoadOptions {
        pool: Some(PoolConfig { min_instances: 0, max_instances: 2, max_queued: 4, idle_timeout: Duration::from_millis(400), ..PoolConfig::default() }),
        ..LoadOptions::default()
    };
    let running = start(vec![dir.clone()], load, no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");
    let echo = running.toolkit("echo").unwrap();
    // The toolkit's directory goes away: the warm instance still answers, a second one cannot start.
    std::fs::remove_dir_all(&dir).unwrap();
    let busy = tokio::spawn({
        let (http, at) = (http.clone(), at.clone());
        async move { post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 600 }, "userId": "u" })).await }
    });
    tokio::time::sleep(Duration::from_millis(150)).await;
    let queued = post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "u" })).await;
    assert_eq!((queued.status, &queued.body), (200, &json!({ "ok": true, "result": { "text": "slept 0 ms" } })));
    let busy = busy.await.unwrap();
    assert_eq!((busy.status, &busy.body), (200, &json!({ "ok": true, "result": { "text": "slept 600 ms" } })));
    let stats = echo.stats();
    assert_eq!((stats.started, stats.calls), (2, 2), "the second call tried to grow the pool: {stats:?}");

    // The warm instance ends when idle (the minimum is 0): now nothing can take a call.
    let deadline = Instant::now() + Duration::from_secs(10);
    while echo.stats().live > 0 {
        assert!(Instant::now() < deadline, "the idle instance never ended: {:?}", echo.stats());
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let refused = post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "u" })).await;
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.headers["retry-after"], "1");
    let error = refused.body["error"].as_str().unwrap();
    assert!(error.starts_with("toolkit \"echo\" cannot start an instance: "), "{error}");
    assert!(error.contains(&dir.display().to_string()), "names the toolkit's path: {error}");
    assert_eq!((&refused.body["retryable"], &refused.body["code"]), (&json!(true), &json!("TOOL_ERROR")));
    running.shutdown().await;
}

/// A client that gives up (its connection closes mid-call) must not cost the pool its instance:
/// a call already running runs to its end on the instance, which then goes back to the pool, so
/// `max_instances` holds and later calls find it warm; calls still queued leave with their
/// clients (review 48).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_gives_up_does_not_cost_the_pool_its_instance() {
    let _alone = exclusive().await;
    let load = LoadOptions {
        pool: Some(PoolConfig { min_instances: 1, max_instances: 1, max_queued: 8, ..PoolConfig::default() }),
        ..LoadOptions::default()
    };
    let running = start(vec![fixture("echo")], load, no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");
    let echo = running.toolkit("echo").unwrap();
    let impatient = reqwest::Client::builder().no_proxy().timeout(Duration::from_millis(100)).build().unwrap();
    for _ in 0..3 {
        let gave_up = impatient.post(&at).body(json!({ "tool": "slow", "args": { "ms": 400 }, "userId": "u" }).to_string()).send().await;
        assert!(gave_up.is_err_and(|e| e.is_timeout()));
        let stats = echo.stats();
        assert!(stats.live <= 1 && stats.started == 1, "never more than max_instances: {stats:?}");
    }
    // The first abandoned call finishes on the one instance; the two queued behind it never
    // ran. Then this one.
    let next = post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "u" })).await;
    assert_eq!(next.body, json!({ "ok": true, "result": { "text": "slept 0 ms" } }));
    for _ in 0..3 {
        let warm = post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "u" })).await;
        assert_eq!(warm.body["ok"], true);
        assert!(warm.elapsed < Duration::from_millis(50), "a warm call took {:?}", warm.elapsed);
    }
    let stats = echo.stats();
    assert_eq!((stats.live, stats.idle, stats.started, stats.calls), (1, 1, 1, 5), "{stats:?}");
    running.shutdown().await;
}


/// A client that goes away while its call is queued takes the call with it (review 48): the
/// queued call never runs, and its place in the queue is free at once. Before, the call ran on
/// a task of its own to the end: two abandoned calls filled a queue of two (the next client
/// got 503) and ran after the first, unanswered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_whose_client_went_away_leaves_the_queue() {
    use std::io::Write as _;
    let _alone = exclusive().await;
    let dir = scratch("abandoned-calls");
    copy_toolkit(
        &fixture("echo"),
        &dir,
        &[
            ("const VERSION = 'v1';", "const VERSION = 'v1';\nlet runs = 0;"),
            ("return `slept ${ms} ms`;", "runs += 1;\n        return `slept ${ms} ms, run ${runs}`;"),
        ],
    );
    let load = LoadOptions {
        pool: Some(PoolConfig { min_instances: 1, max_instances: 1, max_queued: 2, ..PoolConfig::default() }),
        ..LoadOptions::default()
    };
    let running = start(vec![dir], load, no_egress(), local()).await;
    let http = client();
    let at = url(&running, "echo");
    let first = {
        let (http, at) = (http.clone(), at.clone());
        tokio::spawn(async move { post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 1500 }, "userId": "u" })).await })
    };
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Two calls queued behind it over raw connections, then the connections closed.
    let body = json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "gone" }).to_string();
    let gone: Vec<std::net::TcpStream> = (0..2)
        .map(|_| {
            let mut stream = std::net::TcpStream::connect(running.local_addr()).expect("connect");
            let request = format!(
                "POST /echo HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(request.as_bytes()).expect("send");
            stream
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(gone);
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The queue has room again, and only this call runs after the first.
    let next = post(&http, &at, &json!({ "tool": "slow", "args": { "ms": 0 }, "userId": "u" })).await;
    assert_eq!(next.status, 200, "{:?}", next.body);
    assert_eq!(next.body["result"]["text"], "slept 0 ms, run 2", "{:?}", next.body);
    let first = first.await.expect("first call");
    assert_eq!(first.body["result"]["text"], "slept 1500 ms, run 1", "{:?}", first.body);
    assert!(
        crate::logs().iter().any(|line| line.contains("user=\"gone\"") && line.contains("status=499")),
        "an access line for the abandoned calls"
    );
    running.shutdown().await;
}

/// The bodies being received share one budget (`BODY_BUDGET_BYTES`, 64 MiB): 64 clients that
/// declare 1 MiB bodies and send nothing hold all of it, so the next call waits until they free
/// it (here: their clients go away), then runs (review 48: each connection could hold its body limit, with no
/// bound on the sum but the file-descriptor limit).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalled_bodies_hold_at_most_the_body_budget() {
    use std::io::Write as _;
    let _alone = exclusive().await;
    let options = trove_host_server::ServeOptions { body_timeout: Duration::from_secs(3), ..local() };
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), options).await;
    let http = client();
    let at = url(&running, "echo");
    let call = json!({ "tool": "echo", "args": { "n": 1, "tag": "t" }, "userId": "u" });
    assert_eq!(post(&http, &at, &call).await.status, 200);
    let stalled_bodies = trove_host_server::BODY_BUDGET_BYTES / trove_host_server::DEFAULT_MAX_BODY_BYTES;
    let stalled: Vec<std::net::TcpStream> = (0..stalled_bodies)
        .map(|_| {
            let mut stream = std::net::TcpStream::connect(running.local_addr()).expect("connect");
            let head = format!(
                "POST /echo HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                trove_host_server::DEFAULT_MAX_BODY_BYTES
            );
            stream.write_all(head.as_bytes()).expect("send the head");
            stream
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let waiting = {
        let (http, at, call) = (http.clone(), at.clone(), call.clone());
        tokio::spawn(async move { post(&http, &at, &call).await })
    };
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(!waiting.is_finished(), "a call read its body while the stalled ones held the whole budget");
    // Their clients go away: their share is free at once, and the waiting call runs.
    drop(stalled);
    let reply = waiting.await.expect("the waiting call");
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    running.shutdown().await;
}

/// Answers their clients have not read (review 58: 24 unread 48 MiB answers held 1,190 MiB for
/// as long as their connections stayed open). A client that reads none of its 8 MiB answer
/// holds it out of the answer budget (12 MiB here) until the write timeout closes its
/// connection: a second 8 MiB answer meanwhile finds no room and is refused at once with a
/// retryable 503, and once the connection is closed the next is sent whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unread_answer_is_dropped_with_its_connection_and_frees_its_room() {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let _alone = exclusive().await;
    let mib = 1024 * 1024;
    let options = trove_host_server::ServeOptions { write_timeout: Duration::from_secs(3), answer_budget_bytes: 12 * mib, ..local() };
    let running = start(vec![fixture("mcp-probe")], LoadOptions::default(), no_egress(), options).await;
    let call = json!({ "tool": "big", "args": { "bytes": 8 * mib }, "userId": "u" });
    // A client that asks and reads nothing, with a small receive window.
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket.set_recv_buffer_size(4096).expect("receive buffer");
    let mut unread = socket.connect(running.local_addr()).await.expect("connect");
    let body = call.to_string();
    let head = format!("POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n", body.len());
    unread.write_all(head.as_bytes()).await.expect("send the head");
    unread.write_all(body.as_bytes()).await.expect("send the call");
    let mut first = [0u8; 12];
    unread.read_exact(&mut first).await.expect("its answer has begun");
    assert_eq!(&first, b"HTTP/1.1 200");
    let http = client();
    let at = url(&running, "mcp-probe");
    let refused = post(&http, &at, &call).await;
    assert_eq!(refused.status, 503, "{:?}", refused.body);
    assert_eq!(refused.headers["retry-after"], "1");
    assert_eq!(
        refused.body,
        json!({ "ok": false, "error": trove_host_server::wire::UNREAD_ANSWERS_MESSAGE, "retryable": true, "code": "TOOL_ERROR" })
    );
    // The unread answer's connection is closed once its write has waited the write timeout
    // (reading resets the wait, so nothing is read until then): what is left of it ends short,
    // and its room is free again.
    tokio::time::sleep(Duration::from_secs(6)).await;
    let mut rest = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), unread.read_to_end(&mut rest)).await.expect("the connection was closed");
    assert!(rest.len() < 8 * mib, "the unread answer was written whole: {} bytes", rest.len());
    let sent = http.post(&at).header("content-type", "application/json").body(body).send().await.expect("send");
    assert_eq!(sent.status().as_u16(), 200);
    assert!(sent.bytes().await.expect("the answer").len() > 8 * mib, "the whole answer");
    running.shutdown().await;
}
