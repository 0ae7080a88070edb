//! `trove-host kb`: what toolkits stored in the local knowledge base.

use std::process::ExitCode;

use clap::Subcommand;
use serde_json::Value;
use trove_host::home::DataHome;
use trove_host_ops::kb::LocalKnowledgeBase;

use crate::{print_json, usage};

#[derive(Subcommand)]
pub enum KbCommand {
    /// Full-text search of a user's documents.
    Search {
        /// The query (free text).
        query: String,
        /// Whose documents.
        #[arg(long, default_value = "local-user")]
        user: String,
        /// Only documents this toolkit (manifest id) stored.
        #[arg(long)]
        toolkit: Option<String>,
        /// Most hits to show (1 to 100, as the knowledge base answers `ctx.trove.search`).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100))]
        limit: u64,
    },
    /// List stored documents, newest first.
    List {
        /// Only this user's documents.
        #[arg(long)]
        user: Option<String>,
        /// Only documents this toolkit (manifest id) stored.
        #[arg(long)]
        toolkit: Option<String>,
        /// Show at most this many documents (the newest).
        #[arg(long, value_name = "N")]
        limit: Option<usize>,
    },
}

pub fn kb(command: KbCommand) -> ExitCode {
    let kb = match DataHome::resolve().and_then(|h| LocalKnowledgeBase::open(&h.kb_file())) {
        Ok(kb) => kb,
        Err(e) => return usage(e),
    };
    match command {
        KbCommand::Search { query, user, toolkit, limit } => match kb.search_in(&user, toolkit.as_deref(), &query, Some(limit), None) {
            Ok(hits) => {
                print_json(&Value::Array(hits));
                ExitCode::SUCCESS
            }
            Err(e) => usage(e),
        },
        KbCommand::List { user, toolkit, limit } => match kb.list(user.as_deref(), toolkit.as_deref()) {
            Ok(docs) => {
                let rows: Vec<Value> = docs
                    .into_iter()
                    .take(limit.unwrap_or(usize::MAX))
                    .map(|(user, d)| {
                        let mut v = serde_json::to_value(d).expect("JSON");
                        v["userId"] = Value::String(user);
                        v
                    })
                    .collect();
                print_json(&Value::Array(rows));
                ExitCode::SUCCESS
            }
            Err(e) => usage(e),
        },
    }
}

