//! The example toolkits (`toolkits/<id>/examples.json`, directories starting with `_` are
//! not toolkits): every example runs through the library with its cassette, `now` and
//! secrets, and must give exactly its `expect` envelope, using up its cassette.
//!
//! Each example runs twice: through the replay transport, and through the real network
//! transport against a real TLS server on loopback that serves the same cassette (a test-only
//! resolver points the toolkits' allowlisted names at it; the egress policy stays whole).

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{Map, Value};
use trove_host::ToolCall;
use trove_host_ops::egress::replay::{Exchange, ReplayTransport};
use trove_host_ops::egress::Transport;

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

/// Where an example's cassette is served from.
enum Upstream<'a> {
    /// The replay transport.
    Replay,
    /// The network transport, against this loopback TLS server.
    Tls(&'a super::tls_upstream::CassetteServer, Arc<dyn Transport>),
}

/// Runs every example of the toolkit at `dir` on one loaded instance, in file order; returns
/// the number run and one line per problem.
async fn run_examples(dir: &Path, upstream: &Upstream<'_>) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(dir.join("examples.json")).expect("read examples.json");
    let examples: Vec<Example> = serde_json::from_str(&text).expect("examples.json is a list of examples");
    let mut toolkit = load(dir).await;
    let id = toolkit.id().to_owned();
    let mut problems = Vec::new();
    for ex in &examples {
        let what = format!("{id}/{}", ex.name);
        let cassette: Vec<Exchange> =
            serde_json::from_str(&std::fs::read_to_string(dir.join(&ex.replay)).expect("a readable cassette")).expect("a cassette");
        let replay = Arc::new(ReplayTransport::new(cassette.clone()));
        let transport: Arc<dyn Transport> = match upstream {
            Upstream::Replay => replay.clone(),
            Upstream::Tls(server, network) => {
                server.load(cassette);
                network.clone()
            }
        };
        let env = trove_host::conformance::scripted_env(&id, &ex.secrets, &ex.now, transport).expect("a valid example");
        let outcome = toolkit.call(&ToolCall::new(&ex.tool, ex.args.clone(), "example-user"), env).await;
        let mut diffs = Vec::new();
        trove_host::conformance::compare("envelope", &ex.expect, &outcome.envelope.json(), &mut diffs);
        let (failures, left) = match upstream {
            Upstream::Replay => (replay.failures(), replay.remaining().len()),
            Upstream::Tls(server, _) => server.finish(),
        };
        diffs.extend(failures.into_iter().map(|f| format!("cassette: {f}")));
        if left > 0 {
            diffs.push(format!("cassette: {left} exchange(s) never requested"));
        }
        problems.extend(diffs.into_iter().map(|d| format!("{what}: {d}")));
    }
    (examples.len(), problems)
}

fn example_dirs() -> Vec<std::path::PathBuf> {
    let root = repo_root().join("toolkits");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("toolkits/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .filter(|p| !p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('_')))
        .filter(|p| p.join("examples.json").is_file())
        .collect();
    dirs.sort();
    dirs
}

async fn run_all(upstream: Upstream<'_>) {
    let dirs = example_dirs();
    let mut total = 0;
    let mut problems = Vec::new();
    for dir in &dirs {
        let (n, p) = run_examples(dir, &upstream).await;
        total += n;
        problems.extend(p);
    }
    assert!(dirs.len() >= 3, "expected the three example toolkits, found {dirs:?}");
    assert!(total >= 20, "only {total} examples ran");
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[tokio::test(flavor = "current_thread")]
async fn every_example_gives_its_expected_envelope() {
    run_all(Upstream::Replay).await;
}

#[tokio::test(flavor = "current_thread")]
async fn every_example_runs_against_a_real_tls_upstream() {
    let hosts = ["earthquake.usgs.gov", "api.nasa.gov", "hacker-news.firebaseio.com"];
    let Some(server) = super::tls_upstream::CassetteServer::start(&hosts).await else {
        eprintln!("SKIPPED: cannot bind 127.0.0.1:443 (needs root, as in CI)");
        return;
    };
    let network: Arc<dyn Transport> = Arc::new(server.transport());
    run_all(Upstream::Tls(&server, network)).await;
}
