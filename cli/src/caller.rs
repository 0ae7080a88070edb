//! Who a call is made as: the `--user`, `--scope` and `--config` flags `call` and `mcp` share.

use serde_json::Value;

use crate::parse_json;

/// The caller's flags.
#[derive(clap::Args)]
pub struct CallerArgs {
    /// The caller's user id (ctx.userId).
    #[arg(long, value_name = "ID", default_value = "local-user")]
    pub user: String,
    /// A scope asked for the call (trove:search, trove:ingest); granted where the manifest
    /// declares it too. Repeatable.
    #[arg(long = "scope", value_name = "S")]
    pub scopes: Vec<String>,
    /// The toolkit's settings (ctx.config) as a JSON object.
    #[arg(long, value_name = "JSON")]
    pub config: Option<String>,
}

/// [`CallerArgs`], checked.
pub struct Caller {
    /// `ctx.userId`.
    pub user: String,
    /// Known scopes only.
    pub scopes: Vec<String>,
    /// A JSON object, when given.
    pub config: Option<Value>,
}

impl CallerArgs {
    /// The flags, checked: `--config` is a JSON object, every `--scope` a known scope.
    ///
    /// # Errors
    /// A message naming the flag and what was wrong with it.
    pub fn parse(&self) -> Result<Caller, String> {
        let config = self.config.as_deref().map(|c| parse_json("--config", c)).transpose()?;
        if let Some(c) = config.as_ref().filter(|c| !c.is_object()) {
            return Err(format!("--config must be a JSON object of settings, got {c}"));
        }
        let known = trove_host_ops::manifest::KNOWN_SCOPES;
        if let Some(unknown) = self.scopes.iter().find(|s| !known.contains(&s.as_str())) {
            return Err(format!("--scope {unknown:?} is not a scope (known: {})", known.join(", ")));
        }
        Ok(Caller { user: self.user.clone(), scopes: self.scopes.clone(), config })
    }
}
