//! The embedded knowledge base behind `ctx.trove` when no platform is attached: SQLite with
//! an FTS5 full-text index, so `trove-host call … --scope trove:ingest` works offline.
//!
//! Documents are keyed by user **and** toolkit ([`TroveCaller`]): one user never reads
//! another's documents. `ingest` stores every `TroveIngestDoc` field (`title`, `url`,
//! `externalId`, `author`, `date`, `tags`, `text`) and replaces a document with the same
//! `externalId`; `search` ranks with BM25; `getDocument` reads one back by id (`doc_<n>`).

use std::path::Path;
use std::sync::Mutex;

use async_trait::async_trait;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::trove::{TroveCaller, TroveClient, TroveError};

/// A stored document (what `getDocument` and `kb list` return).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct StoredDocument {
    /// `doc_<n>`.
    pub id: String,
    /// Title.
    pub title: String,
    /// Source URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The toolkit's own id for it (deduplicates re-ingests).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external_id: Option<String>,
    /// Author line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// Date (as the toolkit gave it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Tags.
    pub tags: Vec<String>,
    /// Body text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Toolkit that stored it.
    pub toolkit: String,
    /// When it was stored (RFC 3339).
    pub ingested_at: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct IngestDoc {
    title: Option<Value>,
    url: Option<String>,
    external_id: Option<String>,
    author: Option<String>,
    date: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
    text: Option<String>,
}

/// The local knowledge base.
pub struct LocalKnowledgeBase {
    conn: Mutex<Connection>,
}

fn bad_request(message: String) -> TroveError {
    TroveError::Status { status: 400, body: message }
}

/// Turns free text into an FTS5 query of quoted terms (any term may match), so user input
/// can never be FTS5 syntax.
fn fts_query(query: &str) -> Option<String> {
    let terms: Vec<String> = query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(|t| format!("\"{}\"", t.to_lowercase()))
        .collect();
    (!terms.is_empty()).then(|| terms.join(" OR "))
}

impl LocalKnowledgeBase {
    /// Opens (creating if needed) the knowledge base at `path`.
    pub fn open(path: &Path) -> Result<Self, String> {
        let conn = crate::sqlite::open(path, "knowledge base", SCHEMA)?;
        Ok(Self { conn: Mutex::new(conn) })
    }

    /// An empty knowledge base in memory, gone with it: what a replayed call gets (`call
    /// --replay`), so that documents a cassette's answers made are never kept for live calls
    /// (review 23).
    pub fn in_memory() -> Result<Self, String> {
        let conn = Connection::open_in_memory()
            .and_then(|conn| conn.execute_batch(SCHEMA).map(|()| conn))
            .map_err(|e| format!("cannot make a knowledge base in memory: {e}"))?;
        Ok(Self { conn: Mutex::new(conn) })
    }
}

/// The knowledge base's tables, indexes and full-text triggers (idempotent).
const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS documents (
               id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, toolkit TEXT NOT NULL,
               external_id TEXT, title TEXT NOT NULL, url TEXT, author TEXT, date TEXT,
               tags TEXT NOT NULL, text TEXT, ingested_at TEXT NOT NULL);
             CREATE UNIQUE INDEX IF NOT EXISTS documents_external
               ON documents(user_id, toolkit, external_id) WHERE external_id IS NOT NULL;
             CREATE VIRTUAL TABLE IF NOT EXISTS documents_fts USING fts5(
               title, text, author, tags, content='documents', content_rowid='id');
             CREATE TRIGGER IF NOT EXISTS documents_ai AFTER INSERT ON documents BEGIN
               INSERT INTO documents_fts(rowid, title, text, author, tags)
               VALUES (new.id, new.title, new.text, new.author, new.tags); END;
             CREATE TRIGGER IF NOT EXISTS documents_ad AFTER DELETE ON documents BEGIN
               INSERT INTO documents_fts(documents_fts, rowid, title, text, author, tags)
               VALUES ('delete', old.id, old.title, old.text, old.author, old.tags); END;";

impl LocalKnowledgeBase {
    fn lock(&self) -> Result<std::sync::MutexGuard<'_, Connection>, TroveError> {
        self.conn.lock().map_err(|_| TroveError::Other("knowledge base lock poisoned".into()))
    }

    /// Stores `documents` (a JSON array of `TroveIngestDoc`) for `caller`; returns how many.
    pub fn ingest(&self, caller: &TroveCaller, documents: &Value) -> Result<usize, TroveError> {
        let docs: Vec<IngestDoc> = serde_json::from_value(documents.clone())
            .map_err(|e| bad_request(format!("documents must be an array of TroveIngestDoc: {e}")))?;
        let mut conn = self.lock()?;
        let tx = conn.transaction().map_err(|e| TroveError::Other(e.to_string()))?;
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        for (i, d) in docs.iter().enumerate() {
            let title = d.title.as_ref().and_then(Value::as_str).filter(|t| !t.trim().is_empty());
            let title = title.ok_or_else(|| bad_request(format!("documents[{i}].title must be a non-empty string")))?;
            if let Some(ext) = &d.external_id {
                tx.execute(
                    "DELETE FROM documents WHERE user_id = ?1 AND toolkit = ?2 AND external_id = ?3",
                    params![caller.user_id, caller.toolkit, ext],
                )
                .map_err(|e| TroveError::Other(e.to_string()))?;
            }
            tx.execute(
                "INSERT INTO documents (user_id, toolkit, external_id, title, url, author, date, tags, text, ingested_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                params![
                    caller.user_id,
                    caller.toolkit,
                    d.external_id,
                    title,
                    d.url,
                    d.author,
                    d.date,
                    serde_json::to_string(&d.tags).expect("tags"),
                    d.text,
                    now
                ],
            )
            .map_err(|e| TroveError::Other(e.to_string()))?;
        }
        tx.commit().map_err(|e| TroveError::Other(e.to_string()))?;
        Ok(docs.len())
    }

    /// Full-text search over `caller`'s documents: `[{ id, title, snippet, author?, url?, score }]`,
    /// best first. `limit` defaults to 10 (max 100); `author` filters by substring.
    pub fn search(&self, caller: &TroveCaller, query: &str, limit: Option<u64>, author: Option<&str>) -> Result<Vec<Value>, TroveError> {
        self.search_in(&caller.user_id, Some(&caller.toolkit), query, limit, author)
    }

    /// [`Self::search`] over `user`'s documents from `toolkit` (a namespace, or a bare id that
    /// matches every location of that id), or from every toolkit when `None` (for `kb search`).
    pub fn search_in(&self, user: &str, toolkit: Option<&str>, query: &str, limit: Option<u64>, author: Option<&str>) -> Result<Vec<Value>, TroveError> {
        let Some(q) = fts_query(query) else { return Ok(Vec::new()) };
        let limit = limit.unwrap_or(10).clamp(1, 100) as i64;
        let conn = self.lock()?;
        let mut stmt = conn
            .prepare(
                "SELECT d.id, d.title, snippet(documents_fts, 1, '', '', '…', 12), d.author, d.url, bm25(documents_fts)
                 FROM documents_fts JOIN documents d ON d.id = documents_fts.rowid
                 WHERE documents_fts MATCH ?1 AND d.user_id = ?2 AND (?3 IS NULL OR d.toolkit = ?3 OR d.toolkit LIKE ?3 || '@%')
                   AND (?4 IS NULL OR instr(lower(COALESCE(d.author, '')), lower(?4)) > 0)
                 ORDER BY bm25(documents_fts) LIMIT ?5",
            )
            .map_err(|e| TroveError::Other(e.to_string()))?;
        let rows = stmt
            .query_map(params![q, user, toolkit, author, limit], |r| {
                let id: i64 = r.get(0)?;
                let mut hit = json!({
                    "id": format!("doc_{id}"),
                    "title": r.get::<_, String>(1)?,
                    "snippet": r.get::<_, Option<String>>(2)?.unwrap_or_default(),
                    "score": ((-r.get::<_, f64>(5)?) * 10000.0).round() / 10000.0,
                });
                if let Some(a) = r.get::<_, Option<String>>(3)? {
                    hit["author"] = json!(a);
                }
                if let Some(u) = r.get::<_, Option<String>>(4)? {
                    hit["url"] = json!(u);
                }
                Ok(hit)
            })
            .map_err(|e| TroveError::Other(e.to_string()))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| TroveError::Other(e.to_string()))
    }

    fn row_to_doc(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredDocument> {
        let tags: String = r.get(7)?;
        Ok(StoredDocument {
            id: format!("doc_{}", r.get::<_, i64>(0)?),
            external_id: r.get(1)?,
            title: r.get(2)?,
            url: r.get(3)?,
            author: r.get(4)?,
            date: r.get(5)?,
            text: r.get(6)?,
            tags: serde_json::from_str(&tags).unwrap_or_default(),
            toolkit: r.get(8)?,
            ingested_at: r.get(9)?,
        })
    }

    const COLUMNS: &'static str = "id, external_id, title, url, author, date, text, tags, toolkit, ingested_at";

    /// One of `caller`'s documents by id (`doc_<n>`), or `None`.
    pub fn get_document(&self, caller: &TroveCaller, id: &str) -> Result<Option<StoredDocument>, TroveError> {
        // Only the id as it was given out: `doc_001` or `doc_+1` is not `doc_1`.
        let Some(n) = id.strip_prefix("doc_").and_then(|n| n.parse::<i64>().ok()).filter(|n| format!("doc_{n}") == id) else {
            return Ok(None);
        };
        let conn = self.lock()?;
        conn.query_row(
            &format!("SELECT {} FROM documents WHERE id = ?1 AND user_id = ?2 AND toolkit = ?3", Self::COLUMNS),
            params![n, caller.user_id, caller.toolkit],
            Self::row_to_doc,
        )
        .optional()
        .map_err(|e| TroveError::Other(e.to_string()))
    }

    /// Every document, newest first, optionally only `user`'s and/or `toolkit`'s (for `kb list`).
    pub fn list(&self, user: Option<&str>, toolkit: Option<&str>) -> Result<Vec<(String, StoredDocument)>, String> {
        let conn = self.conn.lock().map_err(|_| "knowledge base lock poisoned".to_owned())?;
        let mut stmt = conn
            .prepare(&format!(
                "SELECT {}, user_id FROM documents WHERE (?1 IS NULL OR user_id = ?1)
                   AND (?2 IS NULL OR toolkit = ?2 OR toolkit LIKE ?2 || '@%') ORDER BY id DESC",
                Self::COLUMNS
            ))
            .map_err(|e| e.to_string())?;
        let rows = stmt
            .query_map(params![user, toolkit], |r| Ok((r.get::<_, String>(10)?, Self::row_to_doc(r)?)))
            .map_err(|e| e.to_string())?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())
    }
}

#[async_trait]
impl TroveClient for LocalKnowledgeBase {
    async fn call(&self, caller: &TroveCaller, operation: &str, variables: Value) -> Result<Value, TroveError> {
        match operation {
            "ingest" => {
                let n = self.ingest(caller, variables.get("documents").unwrap_or(&Value::Null))?;
                Ok(json!({ "ingested": n }))
            }
            "search" => {
                let query = variables.get("query").and_then(Value::as_str).unwrap_or_default();
                let limit = variables.get("limit").and_then(Value::as_u64);
                let author = variables.get("author").and_then(Value::as_str);
                Ok(Value::Array(self.search(caller, query, limit, author)?))
            }
            "getDocument" => {
                let id = variables.get("id").and_then(Value::as_str).unwrap_or_default();
                Ok(self.get_document(caller, id)?.map(|d| serde_json::to_value(d).expect("doc")).unwrap_or(Value::Null))
            }
            other => Err(bad_request(format!("unknown operation {other:?}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(user: &str) -> TroveCaller {
        TroveCaller { toolkit: "shelfmark".into(), user_id: user.into() }
    }

    #[tokio::test]
    async fn ingest_search_get_round_trip_per_user() {
        let path = std::env::temp_dir().join(format!("trove-kb-{}.sqlite", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let kb = LocalKnowledgeBase::open(&path).unwrap();
        let docs = json!({ "documents": [
            { "title": "Tidal Stream Energy in Narrow Straits", "url": "https://doi.org/10.5555/x", "externalId": "doi:x",
              "tags": ["paper"], "author": "Moreau, I.", "date": "2024-03-07", "text": "We measured tidal flow in three straits." },
            { "title": "Marine Turbines Revisited", "text": "Turbines and krill." }
        ]});
        assert_eq!(kb.call(&caller("alice"), "ingest", docs.clone()).await.unwrap(), json!({ "ingested": 2 }));
        // Re-ingesting the same externalId replaces, not duplicates.
        kb.call(&caller("alice"), "ingest", json!({ "documents": [docs["documents"][0].clone()] })).await.unwrap();
        let hits = kb.call(&caller("alice"), "search", json!({ "query": "tidal flow", "limit": 5 })).await.unwrap();
        let hits = hits.as_array().unwrap();
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0]["title"], "Tidal Stream Energy in Narrow Straits");
        assert!(hits[0]["snippet"].as_str().unwrap().contains("tidal"));
        let id = hits[0]["id"].as_str().unwrap().to_owned();
        let doc = kb.call(&caller("alice"), "getDocument", json!({ "id": id })).await.unwrap();
        assert_eq!(doc["externalId"], "doi:x");
        assert_eq!(doc["tags"], json!(["paper"]));
        assert_eq!(doc["date"], "2024-03-07");
        // Only the id as given out names the document: no aliases with zeros or a sign.
        let n = id.strip_prefix("doc_").unwrap();
        for alias in [format!("doc_0{n}"), format!("doc_+{n}"), format!("doc_00{n}"), format!("doc_ {n}")] {
            assert_eq!(kb.call(&caller("alice"), "getDocument", json!({ "id": alias })).await.unwrap(), Value::Null, "{alias}");
        }
        // Another user sees nothing.
        assert_eq!(kb.call(&caller("bob"), "search", json!({ "query": "tidal" })).await.unwrap(), json!([]));
        assert_eq!(kb.call(&caller("bob"), "getDocument", json!({ "id": id })).await.unwrap(), Value::Null);
        // FTS syntax in user input is just text.
        assert!(kb.call(&caller("alice"), "search", json!({ "query": "\"NEAR( OR *" })).await.is_ok());
        let bad = kb.call(&caller("alice"), "ingest", json!({ "documents": [{ "url": "x" }] })).await.unwrap_err();
        assert_eq!(bad.to_string(), "ctx.trove callback failed: 400 documents[0].title must be a non-empty string");
        let _ = std::fs::remove_file(&path);
    }
}
