//! Changes made to deno's scripts as the build puts them into the binary (`runtime/build.rs`,
//! which includes this file too): each is a text found exactly once and replaced, so a deno
//! upgrade that moves the text fails the build instead of dropping the change.
//!
//! - **`Response.json()` / `Request.json()` parse with the global `JSON.parse`**, at call time,
//!   as Node 20's undici does (`JSON.parse = f` changes what `res.json()` returns there). deno's
//!   body mixin calls the engine's parser captured in its primordials, whose messages are not
//!   V8's (`unexpected token: 'wJalrXUtnFEMI'` where Node says `Unexpected token 'w',
//!   "wJalrXUtnF"... is not valid JSON`) and quote a secret's first characters, which the
//!   bootstrap's `JSON.parse` does not (js/node20.js; found by a hostile review).
//! - **A body given as a string is read back as its UTF-8 bytes decode**, as Node's is: a
//!   leading byte order mark is dropped and a lone surrogate becomes U+FFFD (`new
//!   Response('\uFEFF{"a":1}').json()` is `{ a: 1 }` under Node; deno handed the string back
//!   as it was given).

/// One change to one of deno's scripts.
pub struct ScriptPatch {
    /// The crate whose script it is (its registry folder is `<crate>-<version>`).
    pub krate: &'static str,
    /// The script's file name.
    pub file: &'static str,
    /// The text replaced; it must occur exactly once.
    pub find: &'static str,
    /// What replaces it.
    pub replace: &'static str,
}

/// Every change, in the order they apply.
pub const SCRIPT_PATCHES: &[ScriptPatch] = &[
    ScriptPatch {
        krate: "deno_fetch",
        file: "22_body.js",
        find: "return JSONParse(chunkToString(bytes));",
        replace: "return globalThis.JSON.parse(chunkToString(bytes));",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "22_body.js",
        find: "return typeof chunk === \"string\" ? chunk : core.decode(chunk);",
        replace: "return core.decode(typeof chunk === \"string\" ? core.encode(chunk) : chunk);",
    },
];

/// `text` of the script at `path` with every change for it made, or `None` when none is for it.
///
/// # Errors
/// A change whose text is not in the script exactly once: what it looked for and where.
pub fn patched(path: &str, text: &str) -> Result<Option<String>, String> {
    let path = std::path::Path::new(path);
    let mine = |p: &ScriptPatch| {
        path.file_name().is_some_and(|f| f == p.file)
            && path.parent().and_then(|d| d.file_name()).and_then(|d| d.to_str()).is_some_and(|d| {
                d.strip_prefix(p.krate).is_some_and(|rest| rest.starts_with('-') || rest.is_empty())
            })
    };
    let mut out: Option<String> = None;
    for patch in SCRIPT_PATCHES.iter().filter(|p| mine(p)) {
        let current = out.as_deref().unwrap_or(text);
        let found = current.matches(patch.find).count();
        if found != 1 {
            return Err(format!(
                "{}: expected {:?} once, found it {found} times; update runtime/src/script_patches.rs for this version",
                path.display(),
                patch.find
            ));
        }
        out = Some(current.replacen(patch.find, patch.replace, 1));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_applies_once_to_its_script_only() {
        let body = "function chunkToString(chunk) {\n  return typeof chunk === \"string\" ? chunk : core.decode(chunk);\n}\ncase \"JSON\":\n      return JSONParse(chunkToString(bytes));\n";
        let changed = patched("/r/deno_fetch-0.284.0/22_body.js", body).unwrap().expect("deno_fetch's body script");
        assert!(changed.contains("return globalThis.JSON.parse(chunkToString(bytes));"), "{changed}");
        assert!(changed.contains("return core.decode(typeof chunk === \"string\" ? core.encode(chunk) : chunk);"), "{changed}");
        assert_eq!(patched("/r/deno_web-0.1.0/22_body.js", body).unwrap(), None, "another crate's file");
        assert_eq!(patched("/r/deno_fetch_extra-1.0.0/22_body.js", body).unwrap(), None, "a crate whose name only starts the same");
        assert_eq!(patched("/r/deno_fetch-0.284.0/23_request.js", body).unwrap(), None);
    }

    #[test]
    fn a_script_that_moved_on_fails_the_build_naming_it() {
        let why = patched("/r/deno_fetch-0.300.0/22_body.js", "return parseJson(text);").unwrap_err();
        assert!(why.contains("22_body.js") && why.contains("found it 0 times"), "{why}");
    }

    /// The body script built into this binary is the changed one.
    #[test]
    fn the_built_in_body_script_is_changed() {
        let body = crate::extension_sources::BUILT_IN
            .iter()
            .find(|(path, _)| path.ends_with("/22_body.js") && path.contains("deno_fetch"))
            .expect("deno_fetch's body script is built in");
        let text = match &body.1 {
            crate::extension_sources::Built::Ascii(code) => code.as_str(),
            crate::extension_sources::Built::Text(text, _) => text,
        };
        for patch in SCRIPT_PATCHES {
            assert!(text.contains(patch.replace) && !text.contains(patch.find), "{}", patch.replace);
        }
    }
}
