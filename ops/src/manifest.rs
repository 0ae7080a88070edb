//! A toolkit's declaration, checked in one place (contract §2), and the policy it grants.
//!
//! [`declaration_problems`] is the only definition of what a valid manifest is. `defineToolkit`
//! asks it (through the op `op_trove_declaration_problems`) when the toolkit is imported, and
//! throws the SDK's message with every problem it lists. Toolkit code runs in the same isolate
//! before and after that, so [`ManifestPolicy::from_json`] asks it again at load, of the manifest
//! JSON the runtime will show (`trove-host manifest`) and enforce: what is shown is what is
//! enforced.

use std::collections::BTreeSet;
use std::sync::LazyLock;

use serde_json::{Map, Value};

use crate::egress::oauth::OAuthClientCredentials;
use crate::egress::{EgressEntry, EgressPolicy};

/// Scopes a manifest may request (contract §2).
pub const KNOWN_SCOPES: [&str; 2] = ["trove:search", "trove:ingest"];

/// The `type`s a `config` field may have (contract §2).
pub const CONFIG_TYPES: [&str; 7] = ["text", "text[]", "url", "url[]", "path", "number", "boolean"];

/// The keys a `config` field may have (contract §2).
pub const CONFIG_KEYS: [&str; 7] = ["label", "type", "placeholder", "pattern", "hint", "default", "directory"];

/// The keys `defineToolkit`'s config is read for (contract §2). Any other key is allowed and
/// kept in the manifest.
pub const DECLARATION_KEYS: [&str; 12] =
    ["id", "name", "description", "icon", "version", "visibility", "secrets", "egress", "scopes", "auth", "config", "tools"];

/// The keys a tool is read for (contract §2). Any other key is allowed and ignored.
pub const TOOL_KEYS: [&str; 9] = ["name", "description", "handler", "input", "output", "title", "annotations", "mutating", "alwaysOn"];

/// The longest key [`likely_typos`] compares (the longest key the host reads has 11 characters).
pub const MAX_TYPO_KEY_CHARS: usize = 40;

/// Each of `keys` that looks like a misspelling of one of `known` that `keys` lacks, with that
/// key: `[("secret", "secrets")]` for a config that declares `secret`. Unknown keys are allowed
/// (contract §2), so a typo silently drops what it meant to declare (no secrets, no output
/// schema); the host warns of the likely ones (**host**) and still loads the toolkit. Likely
/// means the same key in another case, or at most one edit (an insertion, a deletion, a
/// substitution or two letters swapped; two for a key of eight letters or more), so that an
/// author's own metadata (`author`, `tags`) is not taken for one. A key of more than
/// [`MAX_TYPO_KEY_CHARS`] characters is none (the distance costs its length times the other's,
/// in time and memory, and a config may hold any key).
pub fn likely_typos<'a>(keys: &[&'a str], known: &[&'static str]) -> Vec<(&'a str, &'static str)> {
    keys.iter()
        .filter(|key| !known.contains(key) && key.chars().nth(MAX_TYPO_KEY_CHARS).is_none())
        .filter_map(|&key| {
            let allowed = if key.chars().count() >= 8 { 2 } else { 1 };
            known
                .iter()
                .filter(|k| !keys.contains(k))
                .map(|k| (k, if k.eq_ignore_ascii_case(key) { 0 } else { strsim::damerau_levenshtein(key, k) }))
                .filter(|(_, distance)| *distance <= allowed)
                .min_by_key(|(_, distance)| *distance)
                .map(|(k, _)| (key, *k))
        })
        .collect()
}

/// The fields of an `oauth2_client_credentials` block that must be non-empty strings.
const AUTH_FIELDS: [&str; 4] = ["tokenUrl", "clientIdSecret", "clientSecretSecret", "apiHost"];

/// `version`: the SDK's pattern `^\d+\.\d+\.\d+(-[\w.]+)?$` (ASCII digits and word characters).
static VERSION: LazyLock<regex::Regex> =
    LazyLock::new(|| regex::Regex::new(r"^[0-9]+\.[0-9]+\.[0-9]+(-[A-Za-z0-9_.]+)?$").expect("valid pattern"));

/// The policy fields of a manifest, validated.
#[derive(Debug, Clone)]
pub struct ManifestPolicy {
    /// `id` (`^[a-z0-9-]+$`).
    pub id: String,
    /// `secrets` (each `^[A-Z][A-Z0-9_]*$`).
    pub secrets: BTreeSet<String>,
    /// `egress`, parsed.
    pub egress: EgressPolicy,
    /// `scopes` (each one of [`KNOWN_SCOPES`]).
    pub scopes: Vec<String>,
    /// `auth`.
    pub auth: Option<OAuthClientCredentials>,
}

fn is_id(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// `^[A-Z][A-Z0-9_]*$`: a secret name.
pub fn is_secret_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    matches!(bytes.next(), Some(b'A'..=b'Z')) && bytes.all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
}

/// A value as the SDK quotes it in a message: its JSON, or `undefined` when it is absent.
fn quoted(value: Option<&Value>) -> String {
    value.map_or_else(|| "undefined".to_owned(), Value::to_string)
}

/// A string with something in it besides white space (JavaScript's `trim()`, which also drops
/// U+FEFF).
fn non_empty(value: Option<&Value>) -> bool {
    value
        .and_then(Value::as_str)
        .is_some_and(|s| !s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}').is_empty())
}

/// `key`'s entries that are not strings passing `check`, one message each; a `key` that is
/// present but not an array is one problem.
fn list_problems(
    declaration: &Map<String, Value>,
    key: &str,
    check: impl Fn(&str) -> bool,
    message: impl Fn(&str) -> String,
    problems: &mut Vec<String>,
) {
    match declaration.get(key) {
        None => {}
        Some(Value::Array(entries)) => {
            for entry in entries {
                if !entry.as_str().is_some_and(&check) {
                    problems.push(message(&quoted(Some(entry))));
                }
            }
        }
        Some(_) => problems.push(format!("{key} must be an array")),
    }
}

/// Every manifest-level problem of a toolkit's declaration (contract §2), in the order of the
/// checks, worded as the SDK words them; empty when it is valid.
///
/// `declaration` is the config passed to `defineToolkit` as JSON, without `tools` (whose checks
/// are the SDK module's own) and with `auth` when it was given. An absent key reads as
/// `undefined`; a `null` one is present. Unknown keys are allowed.
pub fn declaration_problems(declaration: &Map<String, Value>) -> Vec<String> {
    problems_besides(declaration, &[])
}

/// [`declaration_problems`], saying nothing of the `unread` keys (present, but their values
/// could not be read): of the required ones, only their absence from `declaration` is known.
fn problems_besides(declaration: &Map<String, Value>, unread: &[&str]) -> Vec<String> {
    let mut problems = Vec::new();
    let checked = |key: &str| !unread.contains(&key);
    let id = declaration.get("id");
    if checked("id") && !id.and_then(Value::as_str).is_some_and(is_id) {
        problems.push(format!("id {} must match /^[a-z0-9-]+$/", quoted(id)));
    }
    for key in ["name", "description", "icon"] {
        if checked(key) && !non_empty(declaration.get(key)) {
            problems.push(format!("{key} must be a non-empty string"));
        }
    }
    let version = declaration.get("version");
    if checked("version") && !version.and_then(Value::as_str).is_some_and(|v| VERSION.is_match(v)) {
        problems.push(format!("version {} is not a semver string", quoted(version)));
    }
    match declaration.get("visibility") {
        None => {}
        Some(v) if v == "public" || v == "private" => {}
        Some(v) => problems.push(format!("visibility {v} must be \"public\" or \"private\"")),
    }
    list_problems(declaration, "secrets", is_secret_name, |s| format!("secrets entry {s} must be a NAME (UPPER_SNAKE_CASE)"), &mut problems);
    list_problems(
        declaration,
        "egress",
        |e| EgressEntry::parse(e).is_some(),
        |e| format!("egress entry {e} is not a bare hostname (optional :port)"),
        &mut problems,
    );
    list_problems(
        declaration,
        "scopes",
        |s| KNOWN_SCOPES.contains(&s),
        |s| format!("scopes entry {s} must be one of {}", KNOWN_SCOPES.join(", ")),
        &mut problems,
    );
    if let Some(auth) = declaration.get("auth") {
        match auth.as_object() {
            Some(block) if block.get("type").is_some_and(|t| t == "oauth2_client_credentials") => {
                for field in AUTH_FIELDS {
                    if !non_empty(block.get(field)) {
                        problems.push(format!("auth.{field} must be a non-empty string"));
                    }
                }
                if block.get("scope").is_some_and(|s| !s.is_string()) {
                    problems.push("auth.scope must be a string".to_owned());
                }
                auth_grant_problems(declaration, block, &mut problems);
            }
            block => problems.push(format!(
                "auth.type {} is not supported (only \"oauth2_client_credentials\")",
                quoted(block.and_then(|b| b.get("type")))
            )),
        }
    }
    if let Some(config) = declaration.get("config") {
        match config.as_object() {
            None => problems.push("config must be an object of field name -> field".to_owned()),
            Some(fields) => {
                for (name, field) in fields {
                    let name = quoted(Some(&Value::from(name.as_str())));
                    let Some(field) = field.as_object() else {
                        problems.push(format!("config field {name} must be an object"));
                        continue;
                    };
                    if let Some(kind) = field.get("type") {
                        if !kind.as_str().is_some_and(|k| CONFIG_TYPES.contains(&k)) {
                            problems.push(format!(
                                "config field {name} has type {kind}; expected one of {}",
                                CONFIG_TYPES.join(", ")
                            ));
                        }
                    }
                    for key in field.keys() {
                        if !CONFIG_KEYS.contains(&key.as_str()) {
                            problems.push(format!("config field {name} has unknown key {}", Value::from(key.as_str())));
                        }
                    }
                }
            }
        }
    }
    problems
}

/// **host**: an `oauth2_client_credentials` block must be usable within what the rest of the
/// declaration grants, or every call that needs it fails; the SDK would only find out at call
/// time. Its two secret names must be in `secrets` (an undeclared name can never be resolved,
/// contract §5); `tokenUrl` must pass the egress policy the `egress` list builds (contract §6,
/// "the OAuth token request too") and carry no user name or password; `apiHost` must be the host
/// of an `egress` entry, since a bearer token is attached only where the request's host equals it.
/// Fields that are not strings are already problems of their own and are not checked again.
fn auth_grant_problems(declaration: &Map<String, Value>, block: &Map<String, Value>, problems: &mut Vec<String>) {
    let declared = strings_of(declaration, "secrets");
    for field in ["clientIdSecret", "clientSecretSecret"] {
        if let Some(name) = block.get(field).and_then(Value::as_str).filter(|n| !n.trim().is_empty()) {
            if !declared.contains(&name) {
                problems.push(format!("auth.{field} {} is not declared in secrets", quoted(block.get(field))));
            }
        }
    }
    let egress = EgressPolicy::from_manifest(strings_of(declaration, "egress"));
    if let Some(token_url) = block.get("tokenUrl").and_then(Value::as_str).filter(|u| !u.trim().is_empty()) {
        match egress.check_url(token_url) {
            Err(refusal) => problems.push(format!("auth.tokenUrl {} is refused: {refusal}", quoted(block.get("tokenUrl")))),
            Ok(url) if !url.username().is_empty() || url.password().is_some() => {
                problems.push(format!("auth.tokenUrl {} must not include a user name or password", quoted(block.get("tokenUrl"))));
            }
            Ok(_) => {}
        }
    }
    if let Some(api_host) = block.get("apiHost").and_then(Value::as_str).filter(|h| !h.trim().is_empty()) {
        // A host name of an entry (any port), or `host:port` that egress allows: the Bearer goes
        // only where the URL's host, with its port, is `apiHost` (contract §5, review 46).
        let named = egress.entries().iter().any(|entry| entry.host == api_host);
        if !named && !EgressEntry::parse(api_host).is_some_and(|api| egress.allows(&api.host, api.port.filter(|&p| p != 443))) {
            problems.push(format!("auth.apiHost {} is not a host in egress", quoted(block.get("apiHost"))));
        }
    }
}

/// The string entries of the array at `key` (others are problems of their own).
fn strings_of<'a>(declaration: &'a Map<String, Value>, key: &str) -> Vec<&'a str> {
    declaration.get(key).and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default()
}

/// [`declaration_problems`] of a declaration given as `(key, JSON text of its value)` pairs,
/// as `defineToolkit` sends it. A value whose text cannot be read (a lone UTF-16 surrogate in a
/// string, nesting deeper than serde_json's limit) is one problem of its own, listed first,
/// and the other keys are still checked.
pub fn declaration_text_problems(fields: &[(String, String)]) -> Vec<String> {
    let mut declaration = Map::new();
    let mut problems = Vec::new();
    let mut unread = Vec::new();
    for (key, text) in fields {
        match serde_json::from_str::<Value>(text) {
            Ok(value) => {
                declaration.insert(key.clone(), value);
            }
            Err(e) => {
                problems.push(format!("{key} cannot be read as plain data ({e})"));
                unread.push(key.as_str());
            }
        }
    }
    problems.extend(problems_besides(&declaration, &unread));
    problems
}

impl ManifestPolicy {
    /// Checks `manifest` (the manifest JSON, without `auth`) and `auth` (`null` when the
    /// toolkit has none) with [`declaration_problems`], then reads the policy they grant.
    ///
    /// # Errors
    /// Every problem [`declaration_problems`] lists, or that `manifest` is not an object.
    pub fn from_json(manifest: &Value, auth: &Value) -> Result<Self, Vec<String>> {
        let Some(fields) = manifest.as_object() else {
            return Err(vec![format!("the manifest must be an object, got {manifest}")]);
        };
        let mut declaration = fields.clone();
        declaration.remove("auth");
        if !auth.is_null() {
            declaration.insert("auth".to_owned(), auth.clone());
        }
        let problems = declaration_problems(&declaration);
        if !problems.is_empty() {
            return Err(problems);
        }
        let auth = match auth {
            Value::Null => None,
            value => Some(serde_json::from_value::<OAuthClientCredentials>(value.clone()).map_err(|e| {
                vec![format!("auth is not an oauth2_client_credentials block: {e}")]
            })?),
        };
        Ok(Self {
            id: manifest["id"].as_str().unwrap_or_default().to_owned(),
            secrets: strings_of(fields, "secrets").into_iter().map(str::to_owned).collect(),
            egress: EgressPolicy::from_manifest(strings_of(fields, "egress")),
            scopes: strings_of(fields, "scopes").into_iter().map(str::to_owned).collect(),
            auth,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn valid_manifest() {
        let m = json!({ "id": "a-b", "name": "A", "description": "d", "icon": "x", "version": "1.0.0", "secrets": ["API_KEY"], "egress": ["api.example.com:8443"], "scopes": ["trove:search"] });
        let p = ManifestPolicy::from_json(&m, &Value::Null).unwrap();
        assert_eq!(p.id, "a-b");
        assert!(p.secrets.contains("API_KEY"));
        assert_eq!(p.egress.entries().len(), 1);
    }

    #[test]
    fn a_misspelt_key_is_named_with_the_key_it_likely_meant() {
        let keys = ["id", "name", "secret", "egres", "Scopes", "descripton", "author", "tags", "version", "auht", "verison"];
        assert_eq!(
            likely_typos(&keys, &DECLARATION_KEYS),
            [("secret", "secrets"), ("egres", "egress"), ("Scopes", "scopes"), ("descripton", "description"), ("auht", "auth")],
            "`author` is two edits from `auth` and `tags` far from all: an author's own keys; \
             `verison` is a swap, but `version` is there"
        );
        assert_eq!(likely_typos(&["secret", "secrets"], &DECLARATION_KEYS), [], "the key it would mean is declared too");
        let tool = ["name", "description", "handle", "inputs", "ouput", "alwayson", "mutates", "annotation"];
        assert_eq!(
            likely_typos(&tool, &TOOL_KEYS),
            [("handle", "handler"), ("inputs", "input"), ("ouput", "output"), ("alwayson", "alwaysOn"), ("annotation", "annotations")]
        );
    }

    #[test]
    fn every_problem_is_listed() {
        let m = json!({ "id": "Bad ID", "name": "n", "description": "d", "icon": "i", "version": "1.0.0",
            "secrets": ["lower", 3], "egress": ["*"], "scopes": ["trove:admin"] });
        let problems = ManifestPolicy::from_json(&m, &json!({ "type": "basic" })).unwrap_err();
        assert_eq!(
            problems,
            [
                r#"id "Bad ID" must match /^[a-z0-9-]+$/"#,
                r#"secrets entry "lower" must be a NAME (UPPER_SNAKE_CASE)"#,
                "secrets entry 3 must be a NAME (UPPER_SNAKE_CASE)",
                r#"egress entry "*" is not a bare hostname (optional :port)"#,
                r#"scopes entry "trove:admin" must be one of trove:search, trove:ingest"#,
                r#"auth.type "basic" is not supported (only "oauth2_client_credentials")"#,
            ]
        );
    }

    #[test]
    fn an_auth_block_must_fit_the_declared_grant() {
        let m = json!({ "id": "a", "name": "n", "description": "d", "icon": "i", "version": "1.0.0",
            "secrets": ["ID"], "egress": ["api.example.com:8443"] });
        let auth = |token_url: &str, api_host: &str| json!({ "type": "oauth2_client_credentials", "tokenUrl": token_url,
            "clientIdSecret": "ID", "clientSecretSecret": "ID", "apiHost": api_host });
        assert!(ManifestPolicy::from_json(&m, &auth("https://api.example.com:8443/token", "api.example.com")).is_ok());
        let problems = |token_url: &str, api_host: &str| ManifestPolicy::from_json(&m, &auth(token_url, api_host)).unwrap_err();
        assert_eq!(
            problems("https://api.example.com/token", "api.example.com"),
            [r#"auth.tokenUrl "https://api.example.com/token" is refused: Egress to "api.example.com" is not in the server's egress allowlist."#]
        );
        assert_eq!(
            problems("https://u:p@api.example.com:8443/token", "api.example.com:8443"),
            [r#"auth.tokenUrl "https://u:p@api.example.com:8443/token" must not include a user name or password"#]
        );
        assert!(ManifestPolicy::from_json(&m, &auth("https://api.example.com:8443/token", "api.example.com:8443")).is_ok());
        assert_eq!(
            problems("https://api.example.com:8443/token", "api.example.com:9443"),
            [r#"auth.apiHost "api.example.com:9443" is not a host in egress"#]
        );
        assert_eq!(
            problems("file:///etc/passwd", "api.example.com"),
            [r#"auth.tokenUrl "file:///etc/passwd" is refused: Refusing non-HTTP(S) egress (file:)."#]
        );
        let undeclared = json!({ "type": "oauth2_client_credentials", "tokenUrl": "https://api.example.com:8443/t",
            "clientIdSecret": "OTHER", "clientSecretSecret": "ID", "apiHost": "api.example.com" });
        assert_eq!(
            ManifestPolicy::from_json(&m, &undeclared).unwrap_err(),
            [r#"auth.clientIdSecret "OTHER" is not declared in secrets"#]
        );
    }

    #[test]
    fn absent_and_null_fields_read_as_the_sdk_reads_them() {
        let problems = declaration_problems(json!({ "secrets": null, "visibility": null, "config": { "a": { "type": "date", "min": 1 } } }).as_object().unwrap());
        assert_eq!(
            problems,
            [
                "id undefined must match /^[a-z0-9-]+$/",
                "name must be a non-empty string",
                "description must be a non-empty string",
                "icon must be a non-empty string",
                "version undefined is not a semver string",
                r#"visibility null must be "public" or "private""#,
                "secrets must be an array",
                r#"config field "a" has type "date"; expected one of text, text[], url, url[], path, number, boolean"#,
                r#"config field "a" has unknown key "min""#,
            ]
        );
    }

    #[test]
    fn an_unreadable_value_is_one_problem_and_the_rest_are_still_checked() {
        let fields = [
            ("id".to_owned(), r#""BAD""#.to_owned()),
            ("name".to_owned(), r#""Emoji \ud83d""#.to_owned()),
            ("egress".to_owned(), r#"["*"]"#.to_owned()),
        ];
        let problems = declaration_text_problems(&fields);
        assert_eq!(problems.len(), 6, "{problems:?}");
        assert!(problems[0].starts_with("name cannot be read as plain data ("), "{problems:?}");
        assert_eq!(problems[1], r#"id "BAD" must match /^[a-z0-9-]+$/"#);
        assert!(!problems.iter().any(|p| p.starts_with("name must")), "{problems:?}");
        assert!(problems.iter().any(|p| p == r#"egress entry "*" is not a bare hostname (optional :port)"#), "{problems:?}");
    }

    #[test]
    fn version_follows_the_sdk_pattern() {
        for (version, ok) in [("1.0.0", true), ("10.20.30-beta.1", true), ("1.0.0-rc_2", true), ("1.0", false), ("v1.0.0", false), ("1.0.0-", false), ("1.0.0+build", false), ("\u{661}.0.0", false)] {
            assert_eq!(VERSION.is_match(version), ok, "{version}");
        }
    }
}
