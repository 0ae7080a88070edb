//! A path with its `.` and `..` steps resolved by their text alone (no file system), so that
//! the two ways deno_core's `extension!` and our build script write a file's path compare
//! equal: `…/runtime/../js/toolkit.js` and `…/js/toolkit.js`. Shared with `build.rs`.

/// `path` with each `name/..` pair and each `.` step removed; `/a/b/../c/./d.js` → `/a/c/d.js`.
/// A `..` with nothing before it to remove is dropped (the root has no parent).
pub(crate) fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." => {}
            ".." => {
                // Keep the empty first part of an absolute path.
                if parts.len() > 1 || parts.first().is_some_and(|first| !first.is_empty()) {
                    parts.pop();
                }
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::normalise;

    #[test]
    fn parent_and_current_steps_are_resolved_by_their_text() {
        assert_eq!(normalise("/w/runtime/../js/toolkit.js"), "/w/js/toolkit.js");
        assert_eq!(normalise("/w/ops/src/./egress/fetch.js"), "/w/ops/src/egress/fetch.js");
        assert_eq!(normalise("/w/a/b/../../c.js"), "/w/c.js");
        assert_eq!(normalise("/../c.js"), "/c.js", "the root has no parent");
        assert_eq!(normalise("/w/js/toolkit.js"), "/w/js/toolkit.js");
    }
}
