//! The example toolkits' test cases (`toolkits/<id>/tests/*.json`, the conformance case
//! format; directories starting with `_` are not toolkits): every case runs through the
//! library as `trove-host test` runs it, and must give exactly its expected envelope,
//! requests, callbacks and logs, using up its cassette.
//!
//! Each case runs twice: through the replay transport, and through the real network transport
//! against a real TLS server on loopback that serves the same cassette (a test-only resolver
//! points the toolkits' allowlisted names at it; the egress policy stays whole).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use trove_host::cases::{case_call, case_replay, compare, read_case_file, run_case, scripted_env};
use trove_host_ops::egress::Transport;

use crate::{load, repo_root};

/// Where a case's cassette is served from.
enum Upstream<'a> {
    /// The replay transport.
    Replay,
    /// The network transport, against this loopback TLS server.
    Tls(&'a super::tls_upstream::CassetteServer, Arc<dyn Transport>),
}

/// Runs every case file of the toolkit at `dir`, one loaded instance per file, cases in
/// order; returns the number run and one line per problem.
async fn run_cases(dir: &Path, upstream: &Upstream<'_>) -> (usize, Vec<String>) {
    let mut total = 0;
    let mut problems = Vec::new();
    for file in case_files(dir) {
        let cases = read_case_file(&file).unwrap_or_else(|e| panic!("{e}"));
        let mut toolkit = load(dir).await;
        let id = toolkit.id().to_owned();
        for case in &cases {
            total += 1;
            let what = format!("{id}/{}", case.name);
            let diffs = match upstream {
                Upstream::Replay => run_case(&mut toolkit, case).await.1,
                Upstream::Tls(server, network) => {
                    server.load(case_replay(case).remaining_served());
                    let env = scripted_env(&id, &case.secrets, &case.now, network.clone()).expect("a valid case");
                    let outcome = toolkit.call_json(case_call(case), env).await;
                    let mut diffs = Vec::new();
                    compare("envelope", &case.expect, &outcome.envelope.json(), &mut diffs);
                    if let Some(expected) = &case.expect_requests {
                        let requests = serde_json::to_value(&outcome.record.requests).expect("JSON");
                        compare("requests", &Value::Array(expected.clone()), &requests, &mut diffs);
                    }
                    let (failures, left) = server.finish();
                    diffs.extend(failures.into_iter().map(|f| format!("cassette: {f}")));
                    if left > 0 {
                        diffs.push(format!("cassette: {left} exchange(s) never requested"));
                    }
                    diffs
                }
            };
            problems.extend(diffs.into_iter().map(|d| format!("{what}: {d}")));
        }
    }
    (total, problems)
}

fn case_files(dir: &Path) -> Vec<PathBuf> {
    trove_host::cases::case_files_in(&dir.join("tests")).unwrap_or_default()
}

fn example_dirs() -> Vec<PathBuf> {
    let root = repo_root().join("toolkits");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .expect("toolkits/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .filter(|p| !p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('_')))
        .collect();
    dirs.sort();
    dirs
}

/// The example toolkits and how many cases each one's `tests/` holds, 27 in all. Exact: a
/// toolkit that is no longer found, or a case (or case file) that is no longer read, is a
/// failure, not a smaller green run. Adding a case means changing its number here.
const EXAMPLES: [(&str, usize); 3] = [("hackernews", 7), ("quakefeed", 9), ("skyward", 11)];

async fn run_all(upstream: Upstream<'_>) {
    let dirs = example_dirs();
    let mut ran = Vec::new();
    let mut problems = Vec::new();
    for dir in &dirs {
        let (n, p) = run_cases(dir, &upstream).await;
        ran.push((dir.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned(), n));
        problems.extend(p);
    }
    let expected: Vec<(String, usize)> = EXAMPLES.iter().map(|(id, n)| ((*id).to_owned(), *n)).collect();
    assert_eq!(ran, expected, "cases run per example toolkit");
    assert_eq!(ran.iter().map(|(_, n)| n).sum::<usize>(), 27, "cases run in all");
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[tokio::test(flavor = "current_thread")]
async fn every_example_case_passes() {
    run_all(Upstream::Replay).await;
}

#[tokio::test(flavor = "current_thread")]
async fn every_example_case_runs_against_a_real_tls_upstream() {
    let hosts = ["earthquake.usgs.gov", "api.nasa.gov", "hacker-news.firebaseio.com"];
    let server = match super::tls_upstream::CassetteServer::start(&hosts).await {
        Ok(server) => server,
        Err(reason) => return trove_host_tests::missing_prerequisite(&reason),
    };
    let network: Arc<dyn Transport> = Arc::new(server.transport());
    run_all(Upstream::Tls(&server, network)).await;
}
