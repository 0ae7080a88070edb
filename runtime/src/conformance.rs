//! The parity suite: runs a conformance corpus (`toolkits/`, `cases/`, `golden/`, `invalid/`,
//! see its README) and compares every answer with the Node SDK's.
//!
//! Each case file runs as [`crate::cases`] describes (one loaded [`Toolkit`] per file, cases in
//! order); the tool list and manifest of each toolkit are compared with their goldens, and each
//! invalid toolkit must fail to load with the SDK's message. Where a case has
//! `hostExpect`/`hostExpectRequests`, trove-host must give those instead.
//!
//! Before anything runs, the corpus is read whole and checked for completeness, so coverage
//! cannot shrink unnoticed: a toolkit without cases, or an invalid toolkit that
//! `golden/invalid.json` does not list, is an error rather than a check that never runs.

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

/// What a corpus holds, read and checked for completeness before anything runs.
#[derive(Debug)]
struct Corpus {
    /// `(toolkit id, its cases)` for each case file `cases/<id>.json`, sorted by id.
    case_files: Vec<(String, Vec<Case>)>,
    /// `(name, the load error it must give)` for each invalid toolkit `invalid/<name>`, as
    /// `golden/invalid.json` lists them.
    invalid: Vec<(String, String)>,
}

/// The names of the folders in `dir`, sorted, hidden ones (`.…`) left out; none when `dir`
/// does not exist.
fn folders_in(dir: &Path) -> Result<Vec<String>, String> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))? {
        let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() && !name.starts_with('.') {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// Reads the corpus at `corpus` (every case file, and `golden/invalid.json`) and checks that
/// nothing in it would go unchecked: every toolkit (a folder of `toolkits/`, except helper
/// folders whose name starts with `_`, such as `_shared`) has a case file with at least one
/// case, every case file has its toolkit, every folder of `invalid/` is listed in
/// `golden/invalid.json` with an `error` string, and everything listed there has its folder.
///
/// # Errors
/// A file cannot be read or is malformed; or the corpus is incomplete, with one line per
/// missing item.
fn read_corpus(corpus: &Path) -> Result<Corpus, String> {
    let mut case_files = Vec::new();
    for file in case_files_in(&corpus.join("cases"))? {
        let id = file.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        case_files.push((id, crate::cases::read_cases(&file)?));
    }
    let mut missing = Vec::new();
    let toolkits: Vec<String> = folders_in(&corpus.join("toolkits"))?.into_iter().filter(|n| !n.starts_with('_')).collect();
    for id in &toolkits {
        if !case_files.iter().any(|(file, _)| file == id) {
            missing.push(format!("toolkits/{id} has no case file (cases/{id}.json)"));
        }
    }
    for (id, cases) in &case_files {
        if !toolkits.contains(id) {
            missing.push(format!("cases/{id}.json has no toolkit (toolkits/{id})"));
        }
        if cases.is_empty() {
            missing.push(format!("cases/{id}.json has no cases"));
        }
    }

    let invalid_golden = corpus.join("golden").join("invalid.json");
    let listed = if invalid_golden.exists() {
        match read_json(&invalid_golden)? {
            Value::Object(listed) => listed,
            _ => return Err(format!("{} is not an object (invalid toolkit name → {{\"error\": message}})", invalid_golden.display())),
        }
    } else {
        serde_json::Map::new()
    };
    let folders = folders_in(&corpus.join("invalid"))?;
    for name in &folders {
        if !listed.contains_key(name) {
            missing.push(format!("invalid/{name} is not listed in golden/invalid.json"));
        }
    }
    let mut invalid = Vec::new();
    for (name, entry) in listed {
        if !folders.contains(&name) {
            missing.push(format!("golden/invalid.json lists {name:?}, but there is no folder invalid/{name}"));
        }
        match entry.get("error").and_then(Value::as_str) {
            Some(error) => invalid.push((name, error.to_owned())),
            None => missing.push(format!("golden/invalid.json: {name:?} has no \"error\" string (the load error it must give)")),
        }
    }

    if !missing.is_empty() {
        return Err(format!("the corpus at {} is incomplete:\n  {}", corpus.display(), missing.join("\n  ")));
    }
    Ok(Corpus { case_files, invalid })
}

/// Runs the whole corpus at `corpus`.
///
/// # Errors
/// The corpus cannot be read, or is incomplete: a toolkit without a case file (or with an
/// empty one), a case file without its toolkit, an `invalid/` folder not listed in
/// `golden/invalid.json` or an entry there without its folder. The error lists every missing
/// item, and nothing runs.
pub async fn run_corpus(corpus: &Path, verbose: bool) -> Result<Report, String> {
    let Corpus { case_files, invalid } = read_corpus(corpus)?;
    let mut report = Report::default();
    for (id, cases) in case_files {
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
    for (name, want) in invalid {
        let problems = match Toolkit::load(&corpus.join("invalid").join(&name)).await {
            Ok(_) => vec!["loaded, but must fail to load".to_owned()],
            Err(e) if e.message() == want => vec![],
            Err(e) => vec![format!("expected load error {want:?}, got {:?}", e.message())],
        };
        report.check(format!("invalid/{name}"), problems, verbose);
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cases::tests::Scratch;

    /// A case file with one case (never run: these tests stop before anything loads).
    const ONE_CASE: &str = r#"[{"name":"one","call":{"tool":"t","args":{},"userId":"u","scopes":[],"config":{}},"now":"2026-11-29T12:00:00Z"}]"#;

    /// A complete little corpus: toolkits `alpha` and `beta` with their case files, a `_shared`
    /// helper folder, and the invalid toolkit `bad`, listed.
    fn complete_corpus(name: &str) -> Scratch {
        let dir = Scratch::new(name);
        for id in ["alpha", "beta"] {
            dir.write(&format!("toolkits/{id}/extension.ts"), "export default {};\n");
            dir.write(&format!("cases/{id}.json"), ONE_CASE);
        }
        dir.write("toolkits/_shared/util.ts", "export const x = 1;\n");
        dir.write("toolkits/tsconfig.json", "{}");
        dir.write("invalid/bad/extension.ts", "throw new Error('bad');\n");
        dir.write("golden/invalid.json", r#"{"bad":{"error":"bad"}}"#);
        dir
    }

    /// What `run_corpus` says about the corpus at `dir`, which must be incomplete.
    fn run_corpus_error(dir: &Scratch) -> String {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio runtime");
        match runtime.block_on(run_corpus(&dir.0, false)) {
            Ok(report) => panic!("an incomplete corpus ran: {} passed, {} failed", report.passed, report.failed),
            Err(e) => e,
        }
    }

    #[test]
    fn a_complete_corpus_is_read_whole_helper_folders_aside() {
        let dir = complete_corpus("corpus-complete");
        let corpus = read_corpus(&dir.0).unwrap_or_else(|e| panic!("{e}"));
        let ids: Vec<&str> = corpus.case_files.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(ids, ["alpha", "beta"]);
        assert_eq!(corpus.case_files[0].1[0].name, "one");
        assert_eq!(corpus.invalid, [("bad".to_owned(), "bad".to_owned())]);
    }

    #[test]
    fn a_toolkit_without_a_case_file_is_an_error_naming_it() {
        let dir = complete_corpus("corpus-no-cases");
        std::fs::remove_file(dir.0.join("cases/beta.json")).unwrap();
        assert_eq!(
            run_corpus_error(&dir),
            format!("the corpus at {} is incomplete:\n  toolkits/beta has no case file (cases/beta.json)", dir.0.display())
        );
    }

    #[test]
    fn an_invalid_toolkit_missing_from_invalid_json_is_an_error_naming_it() {
        let dir = complete_corpus("corpus-unlisted-invalid");
        dir.write("invalid/worse/extension.ts", "throw new Error('worse');\n");
        assert_eq!(
            run_corpus_error(&dir),
            format!("the corpus at {} is incomplete:\n  invalid/worse is not listed in golden/invalid.json", dir.0.display())
        );

        // Without golden/invalid.json at all, every invalid toolkit is unlisted.
        std::fs::remove_file(dir.0.join("golden/invalid.json")).unwrap();
        assert_eq!(
            run_corpus_error(&dir),
            format!(
                "the corpus at {} is incomplete:\n  invalid/bad is not listed in golden/invalid.json\n  invalid/worse is not listed in golden/invalid.json",
                dir.0.display()
            )
        );
    }

    #[test]
    fn every_missing_item_is_listed_at_once() {
        let dir = complete_corpus("corpus-everything-missing");
        dir.write("toolkits/gamma/extension.ts", "export default {};\n");
        dir.write("toolkits/delta/extension.ts", "export default {};\n");
        dir.write("cases/delta.json", "[]");
        dir.write("cases/orphan.json", ONE_CASE);
        dir.write("invalid/unlisted/extension.ts", "throw new Error('x');\n");
        dir.write("golden/invalid.json", r#"{"bad":{"error":"bad"},"ghost":{"error":"boo"},"vague":{"message":"no error key"}}"#);
        dir.write("invalid/vague/extension.ts", "throw new Error('vague');\n");
        assert_eq!(
            run_corpus_error(&dir),
            format!(
                "the corpus at {} is incomplete:\n  \
                 toolkits/gamma has no case file (cases/gamma.json)\n  \
                 cases/delta.json has no cases\n  \
                 cases/orphan.json has no toolkit (toolkits/orphan)\n  \
                 invalid/unlisted is not listed in golden/invalid.json\n  \
                 golden/invalid.json lists \"ghost\", but there is no folder invalid/ghost\n  \
                 golden/invalid.json: \"vague\" has no \"error\" string (the load error it must give)",
                dir.0.display()
            )
        );
    }

    #[test]
    fn a_case_file_with_an_unknown_field_stops_the_run() {
        let dir = complete_corpus("corpus-unknown-field");
        let file = dir.write(
            "cases/beta.json",
            r#"[{"name":"one","call":{},"now":"2026-11-29T12:00:00Z","expectLog":[]}]"#,
        );
        let error = run_corpus_error(&dir);
        assert!(
            error.starts_with(&format!("{} does not match the case format, in case \"one\": [0].expectLog: unknown field `expectLog`", file.display())),
            "{error}"
        );
    }
}
