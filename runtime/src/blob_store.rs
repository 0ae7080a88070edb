//! The isolate's `Blob` store: deno_web's [`deno_web::BlobStore`], with the bytes it holds
//! counted against the isolate's heap ceiling.
//!
//! A `Blob`'s bytes live in Rust, in the store deno_web keeps in the isolate's `OpState`, not in
//! the engine's heap, so the heap ceiling never saw them: a toolkit that kept `Blob`s in module
//! state held 768 MiB under a 64 MiB ceiling, and a server grew without bound (review 45,
//! R45-01). Here every part the store takes in is counted (a slice by its length, though it
//! shares its original's bytes: the count errs high), and a part deno_web's finalization registry
//! removes is taken off again. When a part takes the count past the ceiling, the store calls its
//! owner's hook ([`CountedBlobStore::set_ceiling`]), which stops the running call as the
//! near-heap-limit callback does: the call ends with `tool exceeded its memory limit` and the
//! isolate, with its store, is dropped. The part is still stored (deno_web's op cannot fail),
//! so the call unwinds with what it made; nothing outlives the isolate.
//!
//! The count is the store's own, beside the engine's: an isolate holds at most its heap ceiling
//! in JavaScript and as much again in `Blob` data and the other state Rust holds for it outside
//! the heap (compression codecs, [`CountedBlobStore::charge`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use deno_core::url::Url;
use deno_web::{Blob, BlobPart, BlobStoreTrait};
use uuid::Uuid;

/// What to call when the parts held pass the ceiling.
type OverHook = Box<dyn Fn() + Send + Sync>;

/// deno_web's in-memory store, with the bytes of the parts it holds counted (see the module
/// docs). One per isolate, made with its extensions ([`crate::isolate::extensions_unread`]).
#[derive(Default)]
pub(crate) struct CountedBlobStore {
    inner: deno_web::BlobStore,
    /// Bytes of the parts held (each part by its `size()`).
    held: AtomicUsize,
    /// The ceiling and the hook, set once the isolate's limits are known.
    ceiling: OnceLock<(usize, OverHook)>,
}

impl std::fmt::Debug for CountedBlobStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CountedBlobStore")
            .field("held", &self.held.load(Ordering::Relaxed))
            .field("ceiling", &self.ceiling.get().map(|(bytes, _)| *bytes))
            .finish()
    }
}

impl CountedBlobStore {
    /// Sets the ceiling in bytes and what to call each time a part takes the bytes held past it
    /// (the toolkit's heap ceiling, and its near-heap-limit stop). Only the first call counts:
    /// an isolate's limits do not change.
    pub(crate) fn set_ceiling(&self, bytes: usize, over: impl Fn() + Send + Sync + 'static) {
        let _ = self.ceiling.set((bytes, Box::new(over)));
    }

    /// Counts `bytes` the isolate holds outside the heap (a part's, or a compression codec's
    /// zlib state, `crate::compression`), calling the hook when they take the count past the
    /// ceiling. [`Self::discharge`] takes them off.
    pub(crate) fn charge(&self, bytes: usize) {
        let held = self.held.fetch_add(bytes, Ordering::Relaxed).saturating_add(bytes);
        if let Some((ceiling, over)) = self.ceiling.get() {
            if held > *ceiling {
                over();
            }
        }
    }

    /// Takes off `bytes` counted by [`Self::charge`] (never below zero).
    pub(crate) fn discharge(&self, bytes: usize) {
        let _ = self.held.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| Some(held.saturating_sub(bytes)));
    }

    /// Bytes of the parts held.
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.held.load(Ordering::Relaxed)
    }
}

impl BlobStoreTrait for CountedBlobStore {
    fn insert_part(&self, part: Arc<dyn BlobPart + Send + Sync>) -> Uuid {
        let size = part.size();
        let id = self.inner.insert_part(part);
        self.charge(size);
        id
    }

    fn get_part(&self, id: &Uuid) -> Option<Arc<dyn BlobPart + Send + Sync>> {
        self.inner.get_part(id)
    }

    fn remove_part(&self, id: &Uuid) -> Option<Arc<dyn BlobPart + Send + Sync>> {
        let part = self.inner.remove_part(id)?;
        self.discharge(part.size());
        Some(part)
    }

    fn get_object_url(&self, url: Url) -> Option<Arc<Blob>> {
        self.inner.get_object_url(url)
    }

    fn insert_object_url(&self, blob: Blob, maybe_location: Option<Url>) -> Url {
        self.inner.insert_object_url(blob, maybe_location)
    }

    fn remove_object_url(&self, url: &Url) {
        self.inner.remove_object_url(url)
    }

    fn clear(&self) {
        self.inner.clear();
        self.held.store(0, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    #[derive(Debug)]
    struct Part(usize);

    #[async_trait::async_trait]
    impl BlobPart for Part {
        async fn read<'a>(&'a self) -> &'a [u8] {
            &[]
        }
        fn size(&self) -> usize {
            self.0
        }
    }

    /// Parts are counted in and out, and the hook runs each time a part takes the count past
    /// the ceiling, not before.
    #[test]
    fn parts_are_counted_and_the_ceiling_calls_the_hook() {
        let store = CountedBlobStore::default();
        let calls = Arc::new(AtomicU32::new(0));
        let seen = calls.clone();
        store.set_ceiling(100, move || {
            seen.fetch_add(1, Ordering::SeqCst);
        });
        let a = store.insert_part(Arc::new(Part(60)));
        let b = store.insert_part(Arc::new(Part(40)));
        assert_eq!((store.held(), calls.load(Ordering::SeqCst)), (100, 0), "at the ceiling is not past it");
        store.remove_part(&a);
        assert_eq!(store.held(), 40);
        assert!(store.remove_part(&a).is_none(), "a part is taken off once");
        assert_eq!(store.held(), 40);
        store.insert_part(Arc::new(Part(60)));
        assert_eq!(calls.load(Ordering::SeqCst), 0, "what was taken off is room again");
        store.insert_part(Arc::new(Part(1)));
        assert_eq!((store.held(), calls.load(Ordering::SeqCst)), (101, 1));
        assert!(store.get_part(&b).is_some());
        store.clear();
        assert_eq!(store.held(), 0);
    }
}
