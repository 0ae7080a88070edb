//! The policy a manifest grants, read and re-checked in Rust (contract §2).
//!
//! `defineToolkit` validates in JavaScript, but toolkit code runs in the same isolate before
//! and after it; so the runtime builds the enforced policy from the manifest JSON it will also
//! show (`trove-host manifest`), and checks every policy field here. What is shown is what is
//! enforced.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::egress::oauth::OAuthClientCredentials;
use crate::egress::{EgressEntry, EgressPolicy};

/// Scopes a manifest may request (contract §2).
pub const KNOWN_SCOPES: [&str; 2] = ["trove:search", "trove:ingest"];

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

fn strings<'a>(manifest: &'a Value, key: &str, problems: &mut Vec<String>) -> Vec<&'a str> {
    match manifest.get(key) {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|v| {
                let s = v.as_str();
                if s.is_none() {
                    problems.push(format!("{key} entry {v} is not a string"));
                }
                s
            })
            .collect(),
        Some(other) => {
            problems.push(format!("{key} must be an array, got {other}"));
            Vec::new()
        }
    }
}

impl ManifestPolicy {
    /// Reads and checks the policy fields of `manifest` and `auth`. Errors list every problem.
    pub fn from_json(manifest: &Value, auth: &Value) -> Result<Self, Vec<String>> {
        let mut problems = Vec::new();
        let id = match manifest.get("id").and_then(Value::as_str) {
            Some(id) if is_id(id) => id.to_owned(),
            other => {
                problems.push(format!("id {} must match /^[a-z0-9-]+$/", other.map(|s| format!("{s:?}")).unwrap_or_else(|| "(missing)".into())));
                String::new()
            }
        };
        let secrets: BTreeSet<String> = strings(manifest, "secrets", &mut problems)
            .into_iter()
            .filter(|s| {
                let ok = is_secret_name(s);
                if !ok {
                    problems.push(format!("secrets entry {s:?} must be a NAME (UPPER_SNAKE_CASE)"));
                }
                ok
            })
            .map(str::to_owned)
            .collect();
        let egress_entries = strings(manifest, "egress", &mut problems);
        for e in &egress_entries {
            if EgressEntry::parse(e).is_none() {
                problems.push(format!("egress entry {e:?} is not a bare hostname (optional :port)"));
            }
        }
        let scopes: Vec<String> = strings(manifest, "scopes", &mut problems).into_iter().map(str::to_owned).collect();
        for s in &scopes {
            if !KNOWN_SCOPES.contains(&s.as_str()) {
                problems.push(format!("scopes entry {s:?} must be one of {}", KNOWN_SCOPES.join(", ")));
            }
        }
        let auth = match auth {
            Value::Null => None,
            value => match serde_json::from_value::<OAuthClientCredentials>(value.clone()) {
                Ok(a) if a.kind == "oauth2_client_credentials" => Some(a),
                Ok(a) => {
                    problems.push(format!("auth.type {:?} is not supported (only \"oauth2_client_credentials\")", a.kind));
                    None
                }
                Err(e) => {
                    problems.push(format!("auth is not an oauth2_client_credentials block: {e}"));
                    None
                }
            },
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Self { id, secrets, egress: EgressPolicy::from_manifest(egress_entries), scopes, auth })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn valid_manifest() {
        let m = json!({ "id": "a-b", "secrets": ["API_KEY"], "egress": ["api.example.com:8443"], "scopes": ["trove:search"] });
        let p = ManifestPolicy::from_json(&m, &Value::Null).unwrap();
        assert_eq!(p.id, "a-b");
        assert!(p.secrets.contains("API_KEY"));
        assert_eq!(p.egress.entries().len(), 1);
    }

    #[test]
    fn every_problem_is_listed() {
        let m = json!({ "id": "Bad ID", "secrets": ["lower", 3], "egress": ["*"], "scopes": ["trove:admin"] });
        let problems = ManifestPolicy::from_json(&m, &json!({ "type": "basic" })).unwrap_err();
        assert_eq!(problems.len(), 6, "{problems:?}");
    }
}
