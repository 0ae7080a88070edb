//! The parity suite: runs a conformance corpus (`toolkits/`, `cases/`, `golden/`, `invalid/`,
//! see its README) and compares every answer with the Node SDK's.
//!
//! Each case file runs as [`crate::cases`] describes (one loaded [`Toolkit`] per file, cases in
//! order); the tool list and manifest of each toolkit are compared with their goldens, and each
//! invalid toolkit must fail to load with the SDK's message. Where a case has
//! `hostExpect`/`hostExpectRequests`, trove-host must give those instead.

use std::path::Path;

use serde_json::Value;

pub use crate::cases::{case_call, compare, read_case_file, run_case, scripted_env, Case, CaseResult};
use crate::cases::{case_files_in, read_json};
use crate::toolkit::Toolkit;

/// The outcome of a corpus run.
#[derive(Debug, Default)]
pub struct Report {
    /// Checks that passed (cases, tool lists, manifests, invalid toolkits).
    pub passed: usize,
    /// Checks that failed.
    pub failed: usize,
    /// Every case's result, in corpus order.
    pub results: Vec<CaseResult>,
    /// One line per failed check, saying what differed.
    pub failures: Vec<String>,
}

impl Report {
    fn check(&mut self, what: String, problems: Vec<String>, verbose: bool) {
        if problems.is_empty() {
            self.passed += 1;
            if verbose {
                eprintln!("ok    {what}");
            }
        } else {
            self.failed += 1;
            let line = format!("FAIL  {what}\n      {}", problems.join("\n      "));
            eprintln!("{line}");
            self.failures.push(line);
        }
    }
}

/// A case's result as the `--results` file holds it: the envelope exactly as returned (it is
/// not a log), requests, callbacks and logs with every secret value the toolkit resolved
/// replaced by `[redacted]`.
fn for_results(toolkit: &Toolkit, result: CaseResult) -> CaseResult {
    CaseResult {
        requests: toolkit.redact_json(result.requests),
        callbacks: toolkit.redact_json(result.callbacks),
        logs: toolkit.redact_json(result.logs),
        ..result
    }
}

/// Runs the whole corpus at `corpus`. Errors only when the corpus itself cannot be read.
pub async fn run_corpus(corpus: &Path, verbose: bool) -> Result<Report, String> {
    let mut report = Report::default();
    for file in case_files_in(&corpus.join("cases"))? {
        let id = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        let cases = read_case_file(&file)?;
        let mut toolkit = match Toolkit::load(&corpus.join("toolkits").join(&id)).await {
            Ok(t) => t,
            Err(e) => {
                for case in &cases {
                    report.check(format!("{id}/{}", case.name), vec![format!("toolkit did not load: {e}")], verbose);
                }
                continue;
            }
        };
        for (kind, actual) in [("tools", toolkit.tools().clone()), ("manifest", toolkit.manifest().clone())] {
            let golden = corpus.join("golden").join(format!("{id}.{kind}.json"));
            let mut problems = Vec::new();
            match read_json(&golden) {
                Ok(expected) => compare(kind, &expected, &actual, &mut problems),
                Err(e) => problems.push(e),
            }
            report.check(format!("{id} {kind} golden"), problems, verbose);
        }
        for case in &cases {
            let (result, problems) = run_case(&mut toolkit, case).await;
            report.results.push(for_results(&toolkit, result));
            report.check(format!("{id}/{}", case.name), problems, verbose);
        }
    }
    let invalid_golden = corpus.join("golden").join("invalid.json");
    if invalid_golden.exists() {
        let expected = read_json(&invalid_golden)?;
        let Value::Object(expected) = expected else {
            return Err(format!("{} is not an object", invalid_golden.display()));
        };
        for (name, want) in expected {
            let want = want["error"].as_str().unwrap_or_default().to_owned();
            let problems = match Toolkit::load(&corpus.join("invalid").join(&name)).await {
                Ok(_) => vec!["loaded, but must fail to load".to_owned()],
                Err(e) if e.message() == want => vec![],
                Err(e) => vec![format!("expected load error {want:?}, got {:?}", e.message())],
            };
            report.check(format!("invalid/{name}"), problems, verbose);
        }
    }
    Ok(report)
}
