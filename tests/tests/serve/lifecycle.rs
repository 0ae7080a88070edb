//! Starting (every load error at once, duplicate ids, a taken port), serving several toolkits,
//! shutting down (drained within the grace period, or forced after it), and `--watch`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use trove_host::{LoadError, LoadOptions};
use trove_host_server::{serve, RunningServer, ServeError, ServeOptions, Server, Shutdown};

use crate::{client, exclusive, copy_toolkit, fixture, get, host, init_logs, local, logs, no_egress, post, scratch, start, url};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_reports_every_load_error_together() {
    init_logs();
    let missing = scratch("missing").join("no-such-toolkit");
    let toolkits = vec![fixture("echo"), fixture("import-throws"), missing.clone()];
    let error = Server::start(host(), toolkits, LoadOptions::default(), no_egress(), local()).await.expect_err("must not start");
    let ServeError::Load(failed) = &error else { panic!("expected load errors, got {error}") };
    assert_eq!(failed.len(), 2, "{error}");
    assert_eq!(failed[0].path, fixture("import-throws"));
    match &failed[0].error {
        LoadError::Threw { entry, message, .. } => {
            assert!(entry.ends_with("tests/fixtures/import-throws/extension.ts"), "{entry}");
            assert_eq!(message, "settings.json is missing (thrown at import)");
        }
        other => panic!("expected the import to throw, got {other:?}"),
    }
    assert_eq!(failed[1].path, missing);
    let text = error.to_string();
    assert!(text.starts_with("2 of the toolkits did not load:\n  "), "{text}");
    // Where it was thrown: the `.ts` line of the `throw`.
    assert!(text.contains("import-throws/extension.ts:5:9: settings.json is missing (thrown at import)"), "{text}");
    assert!(text.contains(&missing.display().to_string()), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_refuses_duplicate_ids_no_toolkits_and_a_taken_port() {
    init_logs();
    let copy = scratch("duplicate").join("echo-copy");
    copy_toolkit(&fixture("echo"), &copy, &[("const VERSION = 'v1'", "const VERSION = 'copy'")]);
    let error = Server::start(host(), vec![fixture("echo"), copy.clone()], LoadOptions::default(), no_egress(), local())
        .await
        .expect_err("two toolkits with one id");
    match &error {
        ServeError::DuplicateId { id, paths } => {
            assert_eq!(id, "echo");
            assert_eq!(paths, &vec![fixture("echo"), copy]);
        }
        other => panic!("expected a duplicate id, got {other}"),
    }
    let error = Server::start(host(), vec![], LoadOptions::default(), no_egress(), local()).await.expect_err("nothing to serve");
    assert!(matches!(error, ServeError::NoToolkits), "{error}");

    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), local()).await;
    let taken = ServeOptions { listen: running.local_addr(), ..local() };
    let error = Server::start(host(), vec![fixture("echo")], LoadOptions::default(), no_egress(), taken).await.expect_err("port taken");
    assert!(matches!(error, ServeError::Bind { .. }), "{error}");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_toolkits_each_at_their_id() {
    let running = start(vec![fixture("echo"), fixture("vault")], LoadOptions::default(), no_egress(), local()).await;
    let http = client();
    let echo = get(&http, &url(&running, "echo")).await;
    let vault = get(&http, &url(&running, "vault")).await;
    assert_eq!(echo.body["tools"].as_array().unwrap().len(), 4);
    assert_eq!(vault.body["tools"].as_array().unwrap().len(), 8);
    assert_eq!(&echo.body["tools"], running.toolkit("echo").unwrap().tools_json());
    let root = get(&http, &url(&running, "/")).await;
    assert_eq!(
        (root.status, &root.body),
        (404, &json!({ "ok": false, "error": "no toolkit at \"/\"; this server serves /echo, /vault", "retryable": false, "code": "BAD_REQUEST" }))
    );
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_calls_in_flight_finish() {
    let _alone = exclusive().await;
    let options = ServeOptions { grace: Duration::from_secs(5), ..local() };
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), options).await;
    let http = client();
    let at = url(&running, "echo");
    let call = json!({ "tool": "slow", "args": { "ms": 700 }, "userId": "u" });
    let in_flight = tokio::spawn({
        let (http, at) = (http.clone(), at.clone());
        async move { post(&http, &at, &call).await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let addr = running.local_addr();
    let started = Instant::now();
    assert_eq!(running.shutdown().await, Shutdown::Drained);
    let reply = in_flight.await.unwrap();
    assert_eq!((reply.status, &reply.body), (200, &json!({ "ok": true, "result": { "text": "slept 700 ms" } })));
    assert!(started.elapsed() < Duration::from_secs(3), "shutdown waited {:?}", started.elapsed());
    assert!(tokio::net::TcpStream::connect(addr).await.is_err(), "no longer accepting");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_stops_calls_left_after_the_grace_period() {
    let _alone = exclusive().await;
    init_logs();
    let logged_before = logs().len();
    let options = ServeOptions { grace: Duration::from_millis(300), ..local() };
    let running = start(vec![fixture("echo")], LoadOptions::default(), no_egress(), options).await;
    let http = client();
    let at = url(&running, "echo");
    let in_flight = tokio::spawn({
        let http = http.clone();
        async move { http.post(&at).body(json!({ "tool": "slow", "args": { "ms": 5000 }, "userId": "u" }).to_string()).send().await }
    });
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    assert_eq!(running.shutdown().await, Shutdown::Forced { in_flight: 1 });
    assert!(started.elapsed() < Duration::from_millis(2000), "shutdown took {:?}", started.elapsed());
    // The call left is answered, retryable, not cut off with its connection.
    let response = in_flight.await.unwrap().expect("the call left running was answered");
    assert_eq!(response.status().as_u16(), 503);
    assert_eq!(response.headers()["retry-after"], "1");
    let envelope: Value = serde_json::from_slice(&response.bytes().await.unwrap()).unwrap();
    assert_eq!(
        envelope,
        json!({ "ok": false, "error": trove_host_server::wire::STOPPED_MESSAGE, "retryable": true, "code": "TOOL_ERROR" })
    );
    // Its access line names the call (it said `tool=- user=-`: review 15).
    let lines = logs().split_off(logged_before);
    assert!(
        lines.iter().any(|l| l.contains("status=503") && l.contains("tool=\"slow\"") && l.contains("user=\"u\"")),
        "{lines:#?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_runs_until_its_shutdown_future_resolves() {
    init_logs();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let options = ServeOptions { listen: ([127, 0, 0, 1], port).into(), ..ServeOptions::default() };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(host(), vec![fixture("echo")], LoadOptions::default(), no_egress(), options, async move {
        let _ = stopped.await;
    }));
    let http = client();
    let at = format!("http://127.0.0.1:{port}/echo");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(response) = http.get(&at).send().await {
            assert_eq!(response.status().as_u16(), 200);
            break;
        }
        assert!(Instant::now() < deadline, "the server never answered");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!server.is_finished());
    stop.send(()).unwrap();
    assert_eq!(server.await.unwrap().expect("served"), Shutdown::Drained);
}

async fn version(http: &reqwest::Client, at: &str) -> Value {
    let reply = post(http, at, &json!({ "tool": "version", "args": {}, "userId": "u" })).await;
    assert_eq!(reply.status, 200);
    reply.body["result"]["text"].clone()
}

/// Waits until `check` holds (or fails after 15 s).
async fn eventually<F: std::future::Future<Output = bool>>(what: &str, mut check: impl FnMut() -> F) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while !check().await {
        assert!(Instant::now() < deadline, "never happened: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A copy of the echo fixture at `dir`, served with `--watch`.
struct WatchedEcho {
    /// Its `extension.ts`, and that file's text as copied.
    file: PathBuf,
    original: String,
    running: RunningServer,
    http: reqwest::Client,
    /// Its URL.
    at: String,
}

async fn watched_echo(dir: &Path) -> WatchedEcho {
    copy_toolkit(&fixture("echo"), dir, &[]);
    let file = dir.join("extension.ts");
    let original = std::fs::read_to_string(&file).unwrap();
    let options = ServeOptions { watch: true, ..local() };
    let running = start(vec![dir.to_path_buf()], LoadOptions::default(), no_egress(), options).await;
    let http = client();
    let at = url(&running, "echo");
    WatchedEcho { file, original, running, http, at }
}

fn reload_failures(source: &Path) -> Vec<String> {
    let needle = format!("reloading {} failed; still serving the previous version", source.display());
    logs().into_iter().filter(|l| l.contains(&needle)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_reloads_changes_and_keeps_the_old_version_when_the_new_one_fails() {
    let dir = scratch("watch").join("echo");
    let WatchedEcho { file, original, running, http, at } = watched_echo(&dir).await;
    let with = |from: &str, to: &str| {
        assert!(original.contains(from));
        original.replace(from, to)
    };
    assert_eq!(version(&http, &at).await, "v1");

    std::fs::write(&file, with("const VERSION = 'v1'", "const VERSION = 'v2'")).unwrap();
    eventually("v2 is served", || async { version(&http, &at).await == "v2" }).await;

    // A syntax error: v2 stays, and the error is logged once.
    let broken = with("const VERSION = 'v1';", "const VERSION = 'v3' +;");
    std::fs::write(&file, &broken).unwrap();
    eventually("the reload error is logged", || async { reload_failures(&dir).len() == 1 }).await;
    assert_eq!(version(&http, &at).await, "v2");
    let first = reload_failures(&dir);
    assert!(first[0].contains("extension.ts"), "names the file: {}", first[0]);
    // The same error again is not logged again.
    std::fs::write(&file, &broken).unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(reload_failures(&dir).len(), 1, "{:#?}", reload_failures(&dir));
    assert_eq!(version(&http, &at).await, "v2");
    // A different error is.
    std::fs::write(&file, with("const VERSION = 'v1';", "const VERSION = 'v3'; throw new Error('broken differently');")).unwrap();
    eventually("the second error is logged", || async { reload_failures(&dir).len() == 2 }).await;
    assert!(reload_failures(&dir)[1].contains("broken differently"));
    assert_eq!(version(&http, &at).await, "v2");

    // Fixed: served; then the first error again is logged again (a load succeeded between).
    std::fs::write(&file, with("const VERSION = 'v1'", "const VERSION = 'v4'")).unwrap();
    eventually("v4 is served", || async { version(&http, &at).await == "v4" }).await;
    std::fs::write(&file, &broken).unwrap();
    eventually("the first error is logged again", || async { reload_failures(&dir).len() == 3 }).await;

    // A new id is refused: the toolkit stays at /echo, at its last good version.
    std::fs::write(&file, with("id: 'echo'", "id: 'echo-renamed'").replace("const VERSION = 'v1'", "const VERSION = 'v5'")).unwrap();
    eventually("the id change is logged", || async {
        reload_failures(&dir).last().is_some_and(|l| l.contains("the toolkit's id changed from"))
    })
    .await;
    assert_eq!(version(&http, &at).await, "v4");
    // The one toolkit served answers on every path (contract §4), still at its last good version.
    assert_eq!(version(&http, &url(&running, "echo-renamed")).await, "v4");
    running.shutdown().await;
}

/// Each toolkit reloads on its own: one whose new top level runs for seconds holds up no other
/// toolkit's reload (review 20: reloads ran one after another in the watcher's loop).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_reloads_each_toolkit_on_its_own() {
    let base = scratch("watch-each");
    let (slow, quick) = (base.join("slow"), base.join("quick"));
    copy_toolkit(&fixture("echo"), &slow, &[]);
    copy_toolkit(&fixture("echo"), &quick, &[]);
    let original = std::fs::read_to_string(slow.join("extension.ts")).unwrap();
    std::fs::write(quick.join("extension.ts"), original.replace("id: 'echo'", "id: 'quick'")).unwrap();
    let options = ServeOptions { watch: true, ..local() };
    let running = start(vec![slow.clone(), quick.clone()], LoadOptions::default(), no_egress(), options).await;
    let http = client();
    let (at_slow, at_quick) = (url(&running, "echo"), url(&running, "quick"));
    assert_eq!(version(&http, &at_quick).await, "v1");

    // The slow toolkit's new version waits 8 s at its top level; the quick one is edited after.
    let spin = "const VERSION = 'v2'; await new Promise((resolve) => setTimeout(resolve, 8000));";
    std::fs::write(slow.join("extension.ts"), original.replace("const VERSION = 'v1';", spin)).unwrap();
    tokio::time::sleep(Duration::from_millis(800)).await;
    let edited = Instant::now();
    std::fs::write(quick.join("extension.ts"), original.replace("id: 'echo'", "id: 'quick'").replace("const VERSION = 'v1'", "const VERSION = 'v2'")).unwrap();
    eventually("the quick toolkit's edit is served", || async { version(&http, &at_quick).await == "v2" }).await;
    assert!(edited.elapsed() < Duration::from_secs(5), "the quick reload waited {:?}", edited.elapsed());
    assert_eq!(version(&http, &at_slow).await, "v1", "the slow one is still loading");
    eventually("the slow toolkit's edit is served", || async { version(&http, &at_slow).await == "v2" }).await;
    running.shutdown().await;
}

/// A toolkit served through a link that a deploy re-points (`ln -sfn releases/v2 current`)
/// reloads from the new target, whose edits then reload it (review 20: the old target stayed
/// watched and served).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_follows_a_re_pointed_link_to_the_toolkit() {
    let base = scratch("watch-link");
    let (one, two) = (base.join("v1"), base.join("v2"));
    copy_toolkit(&fixture("echo"), &one, &[]);
    copy_toolkit(&fixture("echo"), &two, &[]);
    let file = two.join("extension.ts");
    let original = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, original.replace("const VERSION = 'v1'", "const VERSION = 'v2'")).unwrap();
    let current = base.join("current");
    std::os::unix::fs::symlink(&one, &current).unwrap();
    let options = ServeOptions { watch: true, ..local() };
    let running = start(vec![current.clone()], LoadOptions::default(), no_egress(), options).await;
    let http = client();
    let at = url(&running, "echo");
    assert_eq!(version(&http, &at).await, "v1");

    // Re-pointed in one step, as `ln -sfn` does (a new link renamed over the old one).
    let next = base.join("current.next");
    std::os::unix::fs::symlink(&two, &next).unwrap();
    std::fs::rename(&next, &current).unwrap();
    eventually("the new target is served", || async { version(&http, &at).await == "v2" }).await;
    // Its files are watched now.
    std::fs::write(&file, original.replace("const VERSION = 'v1'", "const VERSION = 'v3'")).unwrap();
    eventually("an edit of the new target is served", || async { version(&http, &at).await == "v3" }).await;
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_reloads_when_a_shared_helper_of_the_workspace_changes() {
    // A plainly named lib/ beside the toolkit (the workspace root is marked by package.json),
    // two levels away from the toolkit's own folder.
    let kits = scratch("watch-shared");
    std::fs::write(kits.join("package.json"), "{}\n").unwrap();
    let shared = kits.join("lib").join("common").join("version.ts");
    std::fs::create_dir_all(shared.parent().unwrap()).unwrap();
    std::fs::write(&shared, "export const VERSION = 's1';\n").unwrap();
    copy_toolkit(&fixture("echo"), &kits.join("echo"), &[("const VERSION = 'v1';", "import { VERSION } from '../lib/common/version.ts';")]);
    let options = ServeOptions { watch: true, ..local() };
    let running = start(vec![kits.join("echo")], LoadOptions::default(), no_egress(), options).await;
    let http = client();
    let at = url(&running, "echo");
    assert_eq!(version(&http, &at).await, "s1");
    std::fs::write(&shared, "export const VERSION = 's2';\n").unwrap();
    eventually("s2 is served", || async { version(&http, &at).await == "s2" }).await;
    running.shutdown().await;
}

fn reloads(source: &Path) -> usize {
    let needle = format!("reloaded {} (", source.display());
    logs().into_iter().filter(|l| l.contains(&needle)).count()
}

/// A toolkit written just before `serve --watch` starts (`trove-host new x && trove-host serve x
/// --watch`) is not reloaded for nothing: its files' times cannot tell whether they were written
/// before the load read them, but their text is what the load read (review 45, R45-08: it
/// reloaded once about a second after start, and module state began again).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_does_not_reload_a_toolkit_written_just_before_it_started() {
    let dir = scratch("watch-fresh").join("echo");
    let WatchedEcho { running, http, at, .. } = watched_echo(&dir).await;
    assert_eq!(version(&http, &at).await, "v1");
    tokio::time::sleep(Duration::from_millis(3000)).await;
    assert_eq!(reloads(&dir), 0, "{:#?}", logs());
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_follows_imports_of_shared_helpers_added_and_dropped_after_start() {
    // The toolkit imports nothing outside its folder when the server starts; an edit adds an
    // import of ../lib/version.ts, so that folder must be watched from then on, and no longer
    // once an edit drops the import again.
    let kits = scratch("watch-added");
    std::fs::write(kits.join("package.json"), "{}\n").unwrap();
    let shared = kits.join("lib").join("version.ts");
    std::fs::create_dir_all(shared.parent().unwrap()).unwrap();
    std::fs::write(&shared, "export const VERSION = 's1';\n").unwrap();
    let dir = kits.join("echo");
    let WatchedEcho { file, original, running, http, at } = watched_echo(&dir).await;
    assert_eq!(version(&http, &at).await, "v1");

    std::fs::write(&file, original.replace("const VERSION = 'v1';", "import { VERSION } from '../lib/version.ts';")).unwrap();
    eventually("the helper's s1 is served", || async { version(&http, &at).await == "s1" }).await;
    std::fs::write(&shared, "export const VERSION = 's2';\n").unwrap();
    eventually("an edit of the helper imported after start reloads (s2)", || async { version(&http, &at).await == "s2" }).await;

    // The import dropped: lib/ is no longer watched, so its edits reload nothing.
    std::fs::write(&file, original.replace("const VERSION = 'v1'", "const VERSION = 'v2'")).unwrap();
    eventually("v2 is served", || async { version(&http, &at).await == "v2" }).await;
    let before = reloads(&dir);
    std::fs::write(&shared, "export const VERSION = 's3';\n").unwrap();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(reloads(&dir), before, "an edit of a helper no longer imported reloaded the toolkit");
    assert_eq!(version(&http, &at).await, "v2");
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_reloads_when_the_helper_a_failed_reload_imported_is_written_or_fixed() {
    // The usual order of edits: the import first, then the helper. The reload that sees only
    // the import fails; writing the helper (in a folder that does not exist yet), and later
    // fixing a syntax error in it, must each reload the toolkit.
    let kits = scratch("watch-failed-helper");
    std::fs::write(kits.join("package.json"), "{}\n").unwrap();
    let dir = kits.join("echo");
    let WatchedEcho { file, original, running, http, at } = watched_echo(&dir).await;
    assert_eq!(version(&http, &at).await, "v1");

    let shared = kits.join("lib2").join("deep").join("version.ts");
    std::fs::write(&file, original.replace("const VERSION = 'v1';", "import { VERSION } from '../lib2/deep/version.ts';")).unwrap();
    eventually("the reload that cannot find the helper fails", || async { reload_failures(&dir).len() == 1 }).await;
    assert!(reload_failures(&dir)[0].contains("does not exist"), "{:#?}", reload_failures(&dir));
    assert_eq!(version(&http, &at).await, "v1", "the previous version keeps serving");

    std::fs::create_dir_all(shared.parent().unwrap()).unwrap();
    std::fs::write(&shared, "export const VERSION = 's1' +;\n").unwrap();
    eventually("the helper with a syntax error fails the reload", || async { reload_failures(&dir).len() == 2 }).await;
    assert!(reload_failures(&dir)[1].contains("version.ts"), "{:#?}", reload_failures(&dir));
    assert_eq!(version(&http, &at).await, "v1");

    std::fs::write(&shared, "export const VERSION = 's1';\n").unwrap();
    eventually("the fixed helper is served", || async { version(&http, &at).await == "s1" }).await;
    std::fs::write(&shared, "export const VERSION = 's2';\n").unwrap();
    eventually("and followed from then on", || async { version(&http, &at).await == "s2" }).await;
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_follows_a_helper_folder_replaced_in_one_go() {
    // Code generators and sync tools replace a folder whole (`rm -rf lib && mkdir lib`); the OS
    // drops the watch with the old folder, and edits of the helper were then ignored for good.
    let kits = scratch("watch-folder-replaced");
    std::fs::write(kits.join("package.json"), "{}\n").unwrap();
    let lib = kits.join("lib");
    std::fs::create_dir_all(&lib).unwrap();
    std::fs::write(lib.join("version.ts"), "export const VERSION = 's1';\n").unwrap();
    let dir = kits.join("echo");
    copy_toolkit(&fixture("echo"), &dir, &[]);
    let file = dir.join("extension.ts");
    let original = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, original.replace("const VERSION = 'v1';", "import { VERSION } from '../lib/version.ts';")).unwrap();
    let options = ServeOptions { watch: true, ..local() };
    let running = start(vec![dir.clone()], LoadOptions::default(), no_egress(), options).await;
    let (http, at) = (client(), url(&running, "echo"));
    assert_eq!(version(&http, &at).await, "s1");
    for n in 2..=4 {
        std::fs::remove_dir_all(&lib).unwrap();
        std::fs::create_dir_all(&lib).unwrap();
        std::fs::write(lib.join("version.ts"), format!("export const VERSION = 's{n}';\n")).unwrap();
        eventually(&format!("s{n} is served"), || async { version(&http, &at).await == format!("s{n}").as_str() }).await;
    }
    // And an edit in place after that.
    std::fs::write(lib.join("version.ts"), "export const VERSION = 's5';\n").unwrap();
    eventually("s5 is served", || async { version(&http, &at).await == "s5" }).await;
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_follows_a_helper_folder_whose_parent_was_renamed_away() {
    // Renaming `shared` away moves the watched `shared/lib` with it and sends its watch no
    // event; the watch stayed on the old folder and the new helper's edits were never seen.
    let kits = scratch("watch-parent-renamed");
    std::fs::write(kits.join("package.json"), "{}\n").unwrap();
    let shared = kits.join("shared");
    let write_helper = |v: &str| {
        std::fs::create_dir_all(shared.join("lib")).unwrap();
        std::fs::write(shared.join("lib/version.ts"), format!("export const VERSION = '{v}';\n")).unwrap();
    };
    write_helper("p1");
    let dir = kits.join("echo");
    copy_toolkit(&fixture("echo"), &dir, &[]);
    let file = dir.join("extension.ts");
    let original = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, original.replace("const VERSION = 'v1';", "import { VERSION } from '../shared/lib/version.ts';")).unwrap();
    let options = ServeOptions { watch: true, ..local() };
    let running = start(vec![dir.clone()], LoadOptions::default(), no_egress(), options).await;
    let (http, at) = (client(), url(&running, "echo"));
    assert_eq!(version(&http, &at).await, "p1");
    std::fs::rename(&shared, kits.join("shared-old")).unwrap();
    write_helper("p2");
    eventually("p2 is served", || async { version(&http, &at).await == "p2" }).await;
    write_helper("p3");
    eventually("p3 is served", || async { version(&http, &at).await == "p3" }).await;
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_swaps_versions_under_load_without_failing_a_call() {
    let _alone = exclusive().await;
    let dir = scratch("watch-load").join("echo");
    let WatchedEcho { file, original, running, http, at } = watched_echo(&dir).await;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let callers: Vec<_> = (0..3)
        .map(|_| {
            let (http, at, stop) = (http.clone(), at.clone(), stop.clone());
            tokio::spawn(async move {
                let mut seen: Vec<u32> = Vec::new();
                while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                    let v = version(&http, &at).await;
                    let n: u32 = v.as_str().and_then(|v| v.strip_prefix('v')).and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{v}"));
                    seen.push(n);
                }
                seen
            })
        })
        .collect();
    for n in 2..=4 {
        std::fs::write(&file, original.replace("const VERSION = 'v1'", &format!("const VERSION = 'v{n}'"))).unwrap();
        eventually(&format!("v{n} is served"), || async { version(&http, &at).await == format!("v{n}").as_str() }).await;
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    for caller in callers {
        let seen = caller.await.expect("every call answered with a version");
        assert!(!seen.is_empty());
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "a caller saw an older version after a newer one: {seen:?}");
    }
    running.shutdown().await;
}
