//! Parity: the conformance corpus (`../shared/conformance` beside the repository, or
//! `TROVE_CONFORMANCE_CORPUS`) passes in full. The corpus lives outside the repository: when it
//! is absent the test fails under `CI=true` and is skipped with a notice elsewhere.

use crate::repo_root;

#[tokio::test(flavor = "current_thread")]
async fn the_conformance_corpus_passes() {
    let corpus = std::env::var_os("TROVE_CONFORMANCE_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/conformance"));
    if !corpus.join("cases").is_dir() {
        return trove_host_tests::missing_prerequisite(&format!("no conformance corpus at {} (set TROVE_CONFORMANCE_CORPUS)", corpus.display()));
    }
    let report = trove_host::conformance::run_corpus(&corpus, false).await.expect("the corpus is readable");
    assert!(report.failures.is_empty(), "{} check(s) failed:\n{}", report.failed, report.failures.join("\n"));
    assert_eq!(report.failed, 0);
    // Exactly the corpus (its README): 11 toolkits × (tools + manifest goldens) + 120 cases +
    // 6 invalid toolkits. A check that stops running is a failure, not a smaller green run.
    assert_eq!(report.results.len(), 120, "cases run");
    assert_eq!(report.passed, 11 * 2 + 120 + 6, "checks passed");
}
