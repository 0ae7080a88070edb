//! Parity: the conformance corpus (`../shared/conformance` beside the repository; outside it,
//! so the test is skipped with a notice when the corpus is absent) passes in full.

use crate::repo_root;

#[tokio::test(flavor = "current_thread")]
async fn the_conformance_corpus_passes() {
    let corpus = std::env::var_os("TROVE_CONFORMANCE_CORPUS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| repo_root().join("../shared/conformance"));
    if !corpus.join("cases").is_dir() {
        eprintln!("SKIPPED the_conformance_corpus_passes: no conformance corpus at {}", corpus.display());
        return;
    }
    let report = trove_host::conformance::run_corpus(&corpus, false).await.expect("the corpus is readable");
    assert!(report.failures.is_empty(), "{} check(s) failed:\n{}", report.failed, report.failures.join("\n"));
    assert_eq!(report.failed, 0);
    // 11 toolkits × (tools + manifest goldens) + 120 cases + 6 invalid toolkits.
    assert!(report.passed >= 148, "only {} checks ran; the corpus has at least 148", report.passed);
    assert!(report.results.len() >= 120, "only {} cases ran", report.results.len());
}
