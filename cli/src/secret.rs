//! `trove-host secret`: a toolkit's secrets in the OS keyring (set, list, rm; never values).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use serde_json::Value;
use trove_host_ops::secrets::keyring::SetError;
use trove_host_ops::secrets::{EnvSecrets, KeyringSecrets};

use crate::{load, print_json, usage};

#[derive(Subcommand)]
pub enum SecretCommand {
    /// Store a secret. Reads the value from stdin with --from-stdin; otherwise prompts
    /// without echo on a terminal.
    Set {
        /// The toolkit's directory (or entry file). NAME must be one it declares; the value is
        /// stored for the toolkit at that location.
        toolkit: String,
        /// The secret's name, as the manifest declares it.
        name: String,
        /// Read the value from standard input (a trailing newline is dropped).
        #[arg(long)]
        from_stdin: bool,
    },
    /// List the toolkit's declared secrets and whether each is set (never the values).
    List {
        /// The toolkit's directory (its manifest says which names it declares).
        toolkit: PathBuf,
    },
    /// Remove a stored secret.
    Rm {
        /// The toolkit's directory (or entry file).
        toolkit: String,
        /// The secret's name.
        name: String,
    },
}

/// The toolkit a `secret` command is about: it must be named by its directory (or entry
/// file), because stored secrets belong to the toolkit's location, not to the id it claims.
/// Returns its namespace, id and declared secret names.
async fn secret_owner(arg: &str) -> Result<(String, String, Vec<String>), ExitCode> {
    let path = std::path::Path::new(arg);
    if !path.exists() {
        return Err(usage(format!(
            "{arg:?} is not a toolkit directory: name the toolkit by its directory (secrets are stored for the toolkit at that location, so another toolkit claiming the same id cannot read them)"
        )));
    }
    let mut toolkit = load(path).await?;
    toolkit.bind_namespace_to_location();
    let declared = toolkit.manifest()["secrets"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    Ok((toolkit.namespace().to_owned(), toolkit.id().to_owned(), declared))
}

/// What to do when the OS keyring cannot be used.
fn no_keyring_hint(name: &str) -> String {
    format!(
        "There is no usable OS keyring here. On Linux secrets live in the kernel session keyring: \
         start a shell that has one with `keyctl session -` (Debian package keyutils) and run this \
         again there, or skip the keyring and pass the value for one run in the environment: \
         TROVE_SECRET_{name}=… trove-host call …"
    )
}

fn read_secret_value(name: &str, from_stdin: bool) -> Result<String, String> {
    use std::io::{IsTerminal, Read};
    if !from_stdin && std::io::stdin().is_terminal() {
        return rpassword::prompt_password(format!("{name}: ")).map_err(|e| format!("cannot read the value: {e}"));
    }
    let mut value = String::new();
    std::io::stdin().read_to_string(&mut value).map_err(|e| format!("cannot read the value from stdin: {e}"))?;
    let value = value.strip_suffix('\n').map(|v| v.strip_suffix('\r').unwrap_or(v)).unwrap_or(&value).to_owned();
    Ok(value)
}

pub async fn secret(command: SecretCommand) -> ExitCode {
    match command {
        SecretCommand::Set { toolkit, name, from_stdin } => {
            let (namespace, id, declared) = match secret_owner(&toolkit).await {
                Ok(t) => t,
                Err(code) => return code,
            };
            if !declared.contains(&name) {
                let declares = if declared.is_empty() { "it declares none".to_owned() } else { format!("it declares: {}", declared.join(", ")) };
                return usage(format!("{id} does not declare a secret named {name} ({declares})"));
            }
            let value = match read_secret_value(&name, from_stdin) {
                Ok(v) if !v.is_empty() => v,
                Ok(_) => return usage("the value is empty"),
                Err(e) => return usage(e),
            };
            match KeyringSecrets::set(&namespace, &name, &value) {
                Ok(()) => {
                    eprintln!("stored {name} for {id} in the OS keyring");
                    ExitCode::SUCCESS
                }
                Err(e @ SetError::TooLarge { .. }) => usage(e.to_string()),
                Err(e @ SetError::Unavailable { .. }) => usage(format!("{e}\n{}", no_keyring_hint(&name))),
            }
        }
        SecretCommand::List { toolkit } => {
            let (namespace, _, declared) = match secret_owner(&toolkit.to_string_lossy()).await {
                Ok(t) => t,
                Err(code) => return code,
            };
            let env = EnvSecrets::new();
            let mut rows = Vec::new();
            for name in &declared {
                // Asked as a call asks it: an empty variable is not set.
                let state = if env.value(name).is_some() {
                    "set (environment)".to_owned()
                } else {
                    match KeyringSecrets::get_blocking(&namespace, name) {
                        Ok(Some(_)) => "set (keyring)".to_owned(),
                        Ok(None) => "unset".to_owned(),
                        Err(e) => format!("unknown ({e})"),
                    }
                };
                rows.push(serde_json::json!({ "name": name, "state": state }));
            }
            print_json(&Value::Array(rows));
            ExitCode::SUCCESS
        }
        SecretCommand::Rm { toolkit, name } => {
            let (namespace, id, _) = match secret_owner(&toolkit).await {
                Ok(t) => t,
                Err(code) => return code,
            };
            match KeyringSecrets::remove(&namespace, &name) {
                Ok(true) => {
                    eprintln!("removed {name} for {id}");
                    ExitCode::SUCCESS
                }
                Ok(false) => {
                    eprintln!("{name} was not stored for {id}");
                    ExitCode::from(1)
                }
                Err(e) => usage(e),
            }
        }
    }
}

