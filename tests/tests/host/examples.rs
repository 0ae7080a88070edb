//! The example toolkits (`toolkits/<id>/examples.json`, directories starting with `_` are
//! not toolkits): every example runs through the library with its cassette, `now` and
//! secrets, and must give exactly its `expect` envelope, using up its cassette.

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value};
use trove_host::ToolCall;
use trove_host_ops::clock::FixedClock;
use trove_host_ops::egress::replay::ReplayTransport;
use trove_host_ops::secrets::MemorySecrets;
use trove_host_ops::CallEnv;

use crate::{load, repo_root};

#[derive(Deserialize)]
struct Example {
    name: String,
    tool: String,
    #[serde(default)]
    args: Value,
    replay: String,
    now: String,
    #[serde(default)]
    secrets: Map<String, Value>,
    expect: Value,
}

/// Runs every example of the toolkit at `dir` on one loaded instance, in file order; returns
/// the number run and one line per problem.
async fn run_examples(dir: &Path) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(dir.join("examples.json")).expect("read examples.json");
    let examples: Vec<Example> = serde_json::from_str(&text).expect("examples.json is a list of examples");
    let mut toolkit = load(dir).await;
    let id = toolkit.id().to_owned();
    let mut problems = Vec::new();
    for ex in &examples {
        let what = format!("{id}/{}", ex.name);
        let replay = Arc::new(ReplayTransport::from_file(&dir.join(&ex.replay)).expect("a readable cassette"));
        let mut secrets = MemorySecrets::new();
        for (name, value) in &ex.secrets {
            secrets.set(&id, name, value.as_str().map(str::to_owned));
        }
        let now = chrono::DateTime::parse_from_rfc3339(&ex.now).expect("now is RFC 3339").with_timezone(&chrono::Utc);
        let mut env = CallEnv::new(replay.clone());
        env.secrets = Arc::new(secrets);
        env.clock = Arc::new(FixedClock(now));
        let outcome = toolkit.call(&ToolCall::new(&ex.tool, ex.args.clone(), "example-user"), env).await;
        let mut diffs = Vec::new();
        trove_host::conformance::compare("envelope", &ex.expect, &outcome.envelope, &mut diffs);
        for f in replay.failures() {
            diffs.push(format!("replay: {f}"));
        }
        let left = replay.remaining();
        if !left.is_empty() {
            diffs.push(format!("replay: {} exchange(s) never requested, first {}", left.len(), left[0].request.url));
        }
        problems.extend(diffs.into_iter().map(|d| format!("{what}: {d}")));
    }
    (examples.len(), problems)
}

#[tokio::test(flavor = "current_thread")]
async fn every_example_gives_its_expected_envelope() {
    let root = repo_root().join("toolkits");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("toolkits/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .filter(|p| !p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('_')))
        .filter(|p| p.join("examples.json").is_file())
        .collect();
    dirs.sort();
    let mut total = 0;
    let mut problems = Vec::new();
    for dir in &dirs {
        let (n, p) = run_examples(dir).await;
        total += n;
        problems.extend(p);
    }
    assert!(dirs.len() >= 3, "expected the three example toolkits, found {dirs:?}");
    assert!(total >= 20, "only {total} examples ran");
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}
