//! The embedded knowledge base behind `ctx.trove` when no platform is attached: SQLite with
//! an FTS5 full-text index, so `trove-host call … --scope trove:ingest` works offline.
//!
//! Documents are keyed by user **and** toolkit ([`TroveCaller`]): one user never reads
//! another's documents. `ingest` stores every `TroveIngestDoc` field (`title`, `url`,
//! `externalId`, `author`, `date`, `tags`, `text`) and replaces a document with the same
//! `externalId`; `search` ranks with BM25 over the caller's own documents; `getDocument` reads one back by id (`doc_<n>`).
//!
//! Limits (**host**: the platform's knowledge base has its own; this one lives on the user's
//! disk and behind `serve`, review 40): a document weighs at most [`MAX_DOCUMENT_BYTES`], a
//! toolkit's documents (every user's) at most [`MAX_TOOLKIT_BYTES`] (an `ingest` past it is
//! refused whole, nothing is evicted: documents are the user's), and a search looks for the
//! first [`MAX_QUERY_TERMS`] distinct words of its query (FTS5's time grows with the square
//! of the terms, under the one lock every call shares).

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

/// The most a document may weigh, in bytes: its user id, title, url, external id, author,
/// date, tags (as JSON) and text, as UTF-8. A larger one is refused (`413`).
pub const MAX_DOCUMENT_BYTES: u64 = 1024 * 1024;

/// The most one toolkit's documents (every user's, each weighed as [`MAX_DOCUMENT_BYTES`]
/// says) may weigh together, in bytes. An `ingest` that would go past it is refused whole
/// (`413`), as the cache's budget is 64 MiB.
pub const MAX_TOOLKIT_BYTES: u64 = 64 * 1024 * 1024;

/// How many distinct words of a query a search looks for (the first ones); the rest are left
/// out.
pub const MAX_QUERY_TERMS: usize = 64;

/// The revision of the file's schema this build writes (`PRAGMA user_version`):
/// - 0: earlier builds, no totals;
/// - 1: each toolkit's total weight, kept by triggers (`kb_toolkit_size`).
const SCHEMA_VERSION: i64 = 1;

/// What a document weighs against its toolkit's budget, in bytes (`OLD.` or `NEW.` prefixed);
/// [`MAX_DOCUMENT_BYTES`] says what it counts.
macro_rules! weight {
    ($row:literal) => {
        concat!(
            "length(CAST(", $row, "user_id AS BLOB)) + length(CAST(", $row, "title AS BLOB)) + ",
            "COALESCE(length(CAST(", $row, "url AS BLOB)), 0) + COALESCE(length(CAST(", $row, "external_id AS BLOB)), 0) + ",
            "COALESCE(length(CAST(", $row, "author AS BLOB)), 0) + COALESCE(length(CAST(", $row, "date AS BLOB)), 0) + ",
            "length(CAST(", $row, "tags AS BLOB)) + COALESCE(length(CAST(", $row, "text AS BLOB)), 0)"
        )
    };
}

/// Brings a file written by an earlier build to [`SCHEMA_VERSION`] ([`crate::sqlite::migrate`]):
/// the triggers that keep each toolkit's total, and the totals summed from the table. A file
/// from a later build is left as it is.
fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    crate::sqlite::migrate(
        conn,
        SCHEMA_VERSION,
        concat!(
            "CREATE TABLE IF NOT EXISTS kb_toolkit_size (toolkit TEXT PRIMARY KEY, bytes INTEGER NOT NULL);
             DROP TRIGGER IF EXISTS kb_toolkit_size_insert;
             DROP TRIGGER IF EXISTS kb_toolkit_size_delete;
             CREATE TRIGGER kb_toolkit_size_insert AFTER INSERT ON documents BEGIN
               INSERT INTO kb_toolkit_size (toolkit, bytes) VALUES (NEW.toolkit, ", weight!("NEW."), ")
                 ON CONFLICT (toolkit) DO UPDATE SET bytes = bytes + excluded.bytes;
             END;
             CREATE TRIGGER kb_toolkit_size_delete AFTER DELETE ON documents BEGIN
               UPDATE kb_toolkit_size SET bytes = bytes - (", weight!("OLD."), ") WHERE toolkit = OLD.toolkit;
             END;
             DELETE FROM kb_toolkit_size;
             INSERT INTO kb_toolkit_size (toolkit, bytes) SELECT toolkit, SUM(", weight!(""), ") FROM documents GROUP BY toolkit;"
        ),
    )
}

/// The local knowledge base.
pub struct LocalKnowledgeBase {
    conn: Mutex<Connection>,
}

fn bad_request(message: String) -> TroveError {
    TroveError::Status { status: 400, body: message }
}

fn too_large(message: String) -> TroveError {
    TroveError::Status { status: 413, body: message }
}

/// The words of `text` as a search compares them: runs of letters and digits, lower-cased.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_lowercase)
}

/// The distinct words of a query that a search looks for (the first [`MAX_QUERY_TERMS`]).
fn query_terms(query: &str) -> Vec<String> {
    let mut terms: Vec<String> = Vec::new();
    for word in words(query) {
        if !terms.contains(&word) {
            terms.push(word);
            if terms.len() == MAX_QUERY_TERMS {
                break;
            }
        }
    }
    terms
}

/// The documents a search ranks among: how many, and their average length in characters.
struct Corpus {
    documents: usize,
    average_len: f64,
}

/// Okapi BM25 as FTS5 computes it (k1 = 1.2, b = 0.75, idf `ln((N − n + 0.5) / (n + 0.5))`, at
/// least 1e-6), positive, best highest: a document of `len` characters holding each query
/// term `frequencies[i]` times, in a corpus where `holding[i]` documents hold it.
fn bm25(corpus: &Corpus, holding: &[usize], frequencies: &[usize], len: usize) -> f64 {
    const K1: f64 = 1.2;
    const B: f64 = 0.75;
    let n = corpus.documents as f64;
    let norm = if corpus.average_len > 0.0 { len as f64 / corpus.average_len } else { 1.0 };
    holding
        .iter()
        .zip(frequencies)
        .filter(|(_, &f)| f > 0)
        .map(|(&held, &f)| {
            let idf = (((n - held as f64 + 0.5) / (held as f64 + 0.5)).ln()).max(1e-6);
            let f = f as f64;
            idf * f * (K1 + 1.0) / (f + K1 * (1.0 - B + B * norm))
        })
        .sum()
}

/// Turns a query's terms ([`query_terms`]) into an FTS5 query of quoted terms (any term may
/// match), so user input can never be FTS5 syntax. `None` when there are none.
fn fts_query(terms: &[String]) -> Option<String> {
    let quoted: Vec<String> = terms.iter().map(|t| format!("\"{t}\"")).collect();
    (!quoted.is_empty()).then(|| quoted.join(" OR "))
}

impl LocalKnowledgeBase {
    /// Opens (creating if needed) the knowledge base at `path`.
    pub fn open(path: &Path) -> Result<Self, String> {
        let conn = crate::sqlite::open(path, "knowledge base", SCHEMA)?;
        migrate(&conn).map_err(|e| format!("cannot prepare knowledge base {}: {e}", path.display()))?;
        Ok(Self { conn: Mutex::new(conn) })
    }

    /// An empty knowledge base in memory, gone with it: what a replayed call gets (`call
    /// --replay`), so that documents a cassette's answers made are never kept for live calls
    /// (review 23).
    pub fn in_memory() -> Result<Self, String> {
        let conn = Connection::open_in_memory()
            .and_then(|conn| conn.execute_batch(SCHEMA).and_then(|()| migrate(&conn)).map(|()| conn))
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
    ///
    /// # Errors
    /// `400` for a document that is not a `TroveIngestDoc` or has no title; `413` for one
    /// heavier than [`MAX_DOCUMENT_BYTES`], or when the toolkit's documents would weigh more
    /// than [`MAX_TOOLKIT_BYTES`] (then none is stored).
    pub fn ingest(&self, caller: &TroveCaller, documents: &Value) -> Result<usize, TroveError> {
        let docs: Vec<IngestDoc> = serde_json::from_value(documents.clone())
            .map_err(|e| bad_request(format!("documents must be an array of TroveIngestDoc: {e}")))?;
        let mut tags = Vec::with_capacity(docs.len());
        for (i, d) in docs.iter().enumerate() {
            let tag_text = serde_json::to_string(&d.tags).expect("tags");
            let fields = [Some(&caller.user_id), d.url.as_ref(), d.external_id.as_ref(), d.author.as_ref(), d.date.as_ref(), Some(&tag_text), d.text.as_ref()];
            let title = d.title.as_ref().and_then(Value::as_str).map_or(0, str::len);
            let weight = title + fields.iter().flatten().map(|f| f.len()).sum::<usize>();
            if weight as u64 > MAX_DOCUMENT_BYTES {
                return Err(too_large(format!(
                    "documents[{i}] weighs {weight} bytes; a document in the local knowledge base may weigh at most {MAX_DOCUMENT_BYTES}"
                )));
            }
            tags.push(tag_text);
        }
        let mut conn = self.lock()?;
        let tx = conn.transaction().map_err(|e| TroveError::Other(e.to_string()))?;
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        for (i, (d, tags)) in docs.iter().zip(&tags).enumerate() {
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
                    tags,
                    d.text,
                    now
                ],
            )
            .map_err(|e| TroveError::Other(e.to_string()))?;
        }
        // The triggers weighed what this ingest added and replaced; past the budget, the
        // transaction is dropped unapplied.
        let total: i64 = tx
            .query_row("SELECT bytes FROM kb_toolkit_size WHERE toolkit = ?1", params![caller.toolkit], |r| r.get(0))
            .optional()
            .map_err(|e| TroveError::Other(e.to_string()))?
            .unwrap_or(0);
        if total as u64 > MAX_TOOLKIT_BYTES {
            return Err(too_large(format!(
                "the toolkit's documents would weigh {total} bytes, past the local knowledge base's {MAX_TOOLKIT_BYTES} per toolkit; nothing was stored"
            )));
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
    ///
    /// Ranked by BM25 ([`bm25`]) over those documents alone: FTS5's own `bm25()` weighs a term
    /// by the whole index, every user's and every toolkit's documents, so one user's scores and
    /// order told whether another user's private notes held a word (review 46).
    pub fn search_in(&self, user: &str, toolkit: Option<&str>, query: &str, limit: Option<u64>, author: Option<&str>) -> Result<Vec<Value>, TroveError> {
        let terms = query_terms(query);
        let Some(q) = fts_query(&terms) else { return Ok(Vec::new()) };
        let limit = limit.unwrap_or(10).clamp(1, 100) as usize;
        let conn = self.lock()?;
        let other = |e: rusqlite::Error| TroveError::Other(e.to_string());
        // The corpus: the caller's documents in scope, how many and how long (in characters).
        let (count, average_len): (i64, Option<f64>) = conn
            .query_row(
                "SELECT COUNT(*), AVG(length(d.title) + length(COALESCE(d.text, '')) + length(COALESCE(d.author, '')) + length(d.tags))
                 FROM documents d WHERE d.user_id = ?1 AND (?2 IS NULL OR d.toolkit = ?2 OR d.toolkit LIKE ?2 || '@%')",
                params![user, toolkit],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(other)?;
        let mut stmt = conn
            .prepare(
                "SELECT d.id, d.title, snippet(documents_fts, 1, '', '', '…', 12), d.author, d.url,
                        d.title || ' ' || COALESCE(d.text, '') || ' ' || COALESCE(d.author, '') || ' ' || d.tags
                 FROM documents_fts JOIN documents d ON d.id = documents_fts.rowid
                 WHERE documents_fts MATCH ?1 AND d.user_id = ?2 AND (?3 IS NULL OR d.toolkit = ?3 OR d.toolkit LIKE ?3 || '@%')",
            )
            .map_err(other)?;
        struct Hit {
            id: i64,
            title: String,
            snippet: String,
            author: Option<String>,
            url: Option<String>,
            frequencies: Vec<usize>,
            len: usize,
        }
        let hits = stmt
            .query_map(params![q, user, toolkit], |r| {
                let body: String = r.get(5)?;
                let mut frequencies = vec![0; terms.len()];
                for word in words(&body) {
                    if let Some(i) = terms.iter().position(|t| *t == word) {
                        frequencies[i] += 1;
                    }
                }
                Ok(Hit {
                    id: r.get(0)?,
                    title: r.get(1)?,
                    snippet: r.get::<_, Option<String>>(2)?.unwrap_or_default(),
                    author: r.get(3)?,
                    url: r.get(4)?,
                    frequencies,
                    len: body.chars().count(),
                })
            })
            .map_err(other)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(other)?;
        // How many of the caller's documents hold each term: every one that does is a hit.
        let holding: Vec<usize> = (0..terms.len()).map(|i| hits.iter().filter(|h| h.frequencies[i] > 0).count()).collect();
        let corpus = Corpus { documents: count.max(0) as usize, average_len: average_len.unwrap_or(0.0) };
        let mut ranked: Vec<(f64, Hit)> = hits
            .into_iter()
            .filter(|h| author.is_none_or(|a| h.author.as_deref().unwrap_or("").to_lowercase().contains(&a.to_lowercase())))
            .map(|h| (bm25(&corpus, &holding, &h.frequencies, h.len), h))
            .collect();
        ranked.sort_by(|(a, x), (b, y)| b.total_cmp(a).then(x.id.cmp(&y.id)));
        Ok(ranked
            .into_iter()
            .take(limit)
            .map(|(score, h)| {
                let mut hit = json!({
                    "id": format!("doc_{}", h.id),
                    "title": h.title,
                    "snippet": h.snippet,
                    "score": (score * 10000.0).round() / 10000.0,
                });
                if let Some(a) = h.author {
                    hit["author"] = json!(a);
                }
                if let Some(u) = h.url {
                    hit["url"] = json!(u);
                }
                hit
            })
            .collect())
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

    /// A user's scores and order come from their own documents alone: FTS5's `bm25()` weighed
    /// terms by every user's documents, so bob's scores told whether alice's notes held a word
    /// (review 46).
    #[tokio::test]
    async fn scores_depend_on_the_caller_s_documents_alone() {
        let kb = LocalKnowledgeBase::in_memory().unwrap();
        let bob = json!({ "documents": [
            { "title": "Quarterly merger notes", "text": "The merger closes in May; merger terms attached." },
            { "title": "Merger rumours", "text": "Nothing yet." },
            { "title": "Lunch", "text": "Soup." },
        ]});
        kb.call(&caller("bob"), "ingest", bob).await.unwrap();
        let search = || async { kb.call(&caller("bob"), "search", json!({ "query": "merger soup" })).await.unwrap() };
        let alone = search().await;
        let hits = alone.as_array().unwrap();
        assert_eq!(hits.len(), 3);
        assert_eq!(hits[0]["title"], "Lunch", "the rarer word weighs more: {alone}");
        assert!(hits.windows(2).all(|w| w[0]["score"].as_f64() >= w[1]["score"].as_f64()), "{alone}");
        // A word in most of the caller's documents weighs next to nothing (FTS5's floor, 1e-6).
        assert!(hits[0]["score"].as_f64().unwrap() > 0.5 && hits.iter().all(|h| h["score"].as_f64().unwrap() >= 0.0), "{alone}");
        // Alice's private notes, full of both words, and a toolkit of bob's own elsewhere.
        let alice: Vec<Value> = (0..20).map(|i| json!({ "title": format!("merger {i}"), "text": "merger merger soup" })).collect();
        kb.call(&caller("alice"), "ingest", json!({ "documents": alice })).await.unwrap();
        let elsewhere = TroveCaller { toolkit: "other".into(), user_id: "bob".into() };
        kb.call(&elsewhere, "ingest", json!({ "documents": [{ "title": "soup soup", "text": "merger" }] })).await.unwrap();
        assert_eq!(search().await, alone, "nothing of alice's or of another toolkit moved bob's answer");
    }

    fn toolkit_bytes(kb: &LocalKnowledgeBase, toolkit: &str) -> i64 {
        let conn = kb.conn.lock().unwrap();
        conn.query_row("SELECT COALESCE((SELECT bytes FROM kb_toolkit_size WHERE toolkit = ?1), 0)", params![toolkit], |r| r.get(0)).unwrap()
    }

    /// Review 40: one call wrote 240 MB to kb.sqlite. A document weighs at most 1 MiB, a
    /// toolkit's documents 64 MiB; past that an ingest is refused whole and nothing goes.
    #[tokio::test]
    async fn documents_and_a_toolkit_s_total_are_bounded_and_a_refused_ingest_stores_nothing() {
        let kb = LocalKnowledgeBase::in_memory().unwrap();
        let big = "u".repeat(MAX_DOCUMENT_BYTES as usize);
        let err = kb.call(&caller("alice"), "ingest", json!({ "documents": [{ "title": "t", "url": big }] })).await.unwrap_err();
        assert!(err.to_string().starts_with("ctx.trove callback failed: 413 documents[0] weighs 1048584 bytes"), "{err}");
        assert_eq!(toolkit_bytes(&kb, "shelfmark"), 0);
        // Re-ingesting one externalId replaces it: the total stays that of one document.
        let url = "u".repeat(1_000_000);
        let doc = |ext: String| json!({ "title": "t", "url": url, "externalId": ext });
        for _ in 0..3 {
            kb.call(&caller("alice"), "ingest", json!({ "documents": [doc("same".into())] })).await.unwrap();
        }
        let one = toolkit_bytes(&kb, "shelfmark");
        assert_eq!(one, ("alice".len() + 1 + 1_000_000 + "same".len() + "[]".len()) as i64);
        // Fill to just under the budget (every user's documents count), then one more is refused.
        let fit = (MAX_TOOLKIT_BYTES as i64 / one) - 1;
        let docs: Vec<Value> = (1..fit).map(|n| doc(format!("d{n:03}"))).collect();
        kb.call(&caller("bob"), "ingest", json!({ "documents": docs })).await.unwrap();
        let before = toolkit_bytes(&kb, "shelfmark");
        let two = json!({ "documents": [doc("x1".into()), doc("x2".into())] });
        let err = kb.call(&caller("carol"), "ingest", two).await.unwrap_err();
        assert!(err.to_string().contains("413 the toolkit's documents would weigh"), "{err}");
        assert_eq!(toolkit_bytes(&kb, "shelfmark"), before, "nothing of the refused ingest stays");
        assert_eq!(kb.list(Some("carol"), None).unwrap().len(), 0);
        // Another toolkit has a budget of its own.
        let other = TroveCaller { toolkit: "other".into(), user_id: "carol".into() };
        kb.call(&other, "ingest", json!({ "documents": [doc("x1".into())] })).await.unwrap();
    }

    /// A file an earlier build wrote (no totals) gets them when it is opened.
    #[test]
    fn a_file_from_an_earlier_build_gets_its_totals() {
        let path = std::env::temp_dir().join(format!("trove-kb-migrate-{}.sqlite", std::process::id()));
        let _ = std::fs::remove_file(&path);
        {
            let conn = Connection::open(&path).unwrap();
            conn.execute_batch(SCHEMA).unwrap();
            conn.execute(
                "INSERT INTO documents (user_id, toolkit, title, tags, text, ingested_at) VALUES ('al', 'tk', 'title', '[]', 'text', 'now')",
                [],
            )
            .unwrap();
        }
        let kb = LocalKnowledgeBase::open(&path).unwrap();
        assert_eq!(toolkit_bytes(&kb, "tk"), ("al".len() + "title".len() + "[]".len() + "text".len()) as i64);
        drop(kb);
        let _ = std::fs::remove_file(&path);
    }

    /// Review 40: a search of 150,000 words held the knowledge base's one lock for minutes
    /// (FTS5's time grows with the square of the terms). A search looks for the first 64
    /// distinct words.
    #[tokio::test]
    async fn a_search_looks_for_the_first_64_distinct_words() {
        let words: Vec<String> = (0..150_000).map(|n| format!("w{n}")).collect();
        let query = fts_query(&query_terms(&format!("Tidal tidal TIDAL {}", words.join(" ")))).unwrap();
        assert_eq!(query.matches(" OR ").count(), MAX_QUERY_TERMS - 1);
        assert!(query.starts_with("\"tidal\" OR \"w0\" OR \"w1\" OR"), "{}", &query[..40]);
        let kb = LocalKnowledgeBase::in_memory().unwrap();
        kb.call(&caller("alice"), "ingest", json!({ "documents": [{ "title": "Tidal notes", "text": "w5 flows" }] })).await.unwrap();
        let hits = kb.call(&caller("alice"), "search", json!({ "query": words.join(" ") })).await.unwrap();
        assert_eq!(hits.as_array().unwrap().len(), 1, "w5 is among the first 64 words");
    }
}
