//! The warm pool of one loaded toolkit: its instances (each on its own worker thread), a
//! bounded queue of calls, and the rules for growing, shrinking and replacing instances.
//!
//! - A call first takes an **admission** permit (`max_instances + max_queued` of them): when
//!   none is left the call fails at once with [`CallError::Overloaded`] instead of piling up.
//! - It then waits (FIFO) for one of `max_instances` **slots**, takes an idle instance, or
//!   starts one when none is idle (only while the pool is growing past its warm minimum).
//! - After the call the instance goes back to the idle list, or, if it hit a limit, is
//!   discarded (its thread ends) and a replacement is started in the background so the pool
//!   stays warm.
//! - An instance idle for longer than `idle_timeout` ends itself if the pool has more than
//!   `min_instances`.
//!
//! Module state is per instance, as with Workers behind a load balancer: two calls may land on
//! different instances, so a toolkit must not rely on module-level state being shared.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};
use trove_host_ops::CallEnv;

use crate::envelope::{Envelope, ErrorCode};
use crate::toolkit::{CallOutcome, InstanceOptions, LoadError};
use crate::worker::{self, Described, InstanceWorker, Job, Start};

static INSTANCE_IDS: AtomicU64 = AtomicU64::new(1);

/// How many instances of a toolkit to keep and how many calls may wait for one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolConfig {
    /// Instances kept warm even when idle (started at load). Default 1.
    pub min_instances: usize,
    /// Most instances at once, i.e. most calls of this toolkit running concurrently. Default:
    /// the number of CPUs (at least 2).
    pub max_instances: usize,
    /// Most calls waiting for an instance; one more fails fast with
    /// [`CallError::Overloaded`] (HTTP 503 on the wire). Default 256.
    pub max_queued: usize,
    /// An instance idle this long ends, unless the pool is at `min_instances`. Default 5 min.
    pub idle_timeout: Duration,
}

impl Default for PoolConfig {
    fn default() -> Self {
        let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Self { min_instances: 1, max_instances: cpus.max(2), max_queued: 256, idle_timeout: Duration::from_secs(300) }
    }
}

/// Why a call did not run.
#[derive(Debug, Clone, thiserror::Error)]
pub enum CallError {
    /// Every instance is busy and the queue is full. Retry later (HTTP 503).
    #[error("toolkit \"{toolkit}\" is overloaded: all {running} of its instances are busy and {queued} calls are waiting; try again shortly")]
    Overloaded {
        /// The toolkit's id.
        toolkit: String,
        /// Calls running (the pool's `max_instances`).
        running: usize,
        /// Calls waiting (the pool's `max_queued`).
        queued: usize,
    },
    /// No instance could be started: the toolkit no longer loads (its files changed).
    #[error("toolkit \"{toolkit}\" cannot start an instance: {reason}")]
    Unavailable {
        /// The toolkit's id.
        toolkit: String,
        /// The load error.
        reason: LoadError,
    },
}

impl CallError {
    /// The failure envelope a wire client gets for this error (`TOOL_ERROR`, retryable).
    pub fn envelope(&self) -> Envelope {
        Envelope::failure(self.to_string(), ErrorCode::ToolError, true)
    }
}

/// A pool's counters (a snapshot).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolStats {
    /// Instances alive (busy, idle or starting).
    pub live: usize,
    /// Instances idle right now.
    pub idle: usize,
    /// Instances started since load (the first included).
    pub started: u64,
    /// Instances discarded because they hit a limit, crashed or stopped answering.
    pub retired: u64,
    /// Calls answered by an instance.
    pub calls: u64,
    /// Calls refused with [`CallError::Overloaded`].
    pub overloaded: u64,
}

#[derive(Default)]
struct State {
    idle: Vec<InstanceWorker>,
    live: usize,
    /// The counters; `live` and `idle` in it are filled in from the fields above when read.
    stats: PoolStats,
}

/// What the pool's instances share; the worker threads hold it weakly.
pub(crate) struct PoolShared {
    toolkit: String,
    path: PathBuf,
    options: InstanceOptions,
    config: PoolConfig,
    admission: Arc<Semaphore>,
    slots: Arc<Semaphore>,
    state: Mutex<State>,
    /// Handed to every worker so it can ask about idle retirement.
    me: Arc<OnceLock<Weak<PoolShared>>>,
}

impl PoolShared {
    /// Called by an idle worker after `idle_timeout`: may it end? Yes if it is still idle and
    /// the pool is above its minimum (then it is removed from the pool).
    pub(crate) fn retire_idle(&self, id: u64) -> bool {
        let mut state = self.state.lock().expect("pool");
        if state.live <= self.config.min_instances {
            return false;
        }
        let Some(at) = state.idle.iter().position(|w| w.id == id) else { return false };
        state.idle.swap_remove(at);
        state.live -= 1;
        true
    }

    fn start(&self) -> Start {
        Start {
            path: self.path.clone(),
            options: self.options.clone(),
            bind_location: false,
            idle_timeout: self.config.idle_timeout,
            pool: self.me.clone(),
        }
    }

    /// An instance is back (or new and unclaimed): keep it idle, unless the pool is over its
    /// maximum (a background replacement raced a caller's start), then let it go.
    pub(crate) fn put_back(&self, worker: InstanceWorker) {
        let mut state = self.state.lock().expect("pool");
        if state.live > self.config.max_instances {
            state.live -= 1;
            return;
        }
        state.idle.push(worker);
    }

    fn lost(&self) {
        let mut state = self.state.lock().expect("pool");
        state.live -= 1;
        state.stats.retired += 1;
    }
}


/// One loaded toolkit's pool.
#[derive(Clone)]
pub(crate) struct Pool {
    shared: Arc<PoolShared>,
}

impl Pool {
    /// Loads instance 1 of the toolkit at `path` and starts the rest of the warm minimum in the
    /// background. Returns the pool and the toolkit's description.
    pub(crate) async fn load(
        path: PathBuf,
        options: InstanceOptions,
        config: PoolConfig,
        bind_location: bool,
    ) -> Result<(Self, Described), LoadError> {
        let config = PoolConfig { max_instances: config.max_instances.max(1), ..config };
        let (ready_tx, ready_rx) = oneshot::channel();
        // Instance 1 starts before the pool exists (the pool needs its description); it learns
        // where the pool is through `me` once the pool is made.
        let me: Arc<OnceLock<Weak<PoolShared>>> = Arc::default();
        let start = Start { path: path.clone(), options: options.clone(), bind_location, idle_timeout: config.idle_timeout, pool: me.clone() };
        worker::spawn(INSTANCE_IDS.fetch_add(1, Ordering::Relaxed), start, ready_tx);
        let (first, described) = ready_rx
            .await
            .map_err(|_| LoadError::Module(format!("{}: the instance thread ended while loading", path.display())))??;
        let options = InstanceOptions { sibling: Some(described.scope.clone()), ..options };
        let shared = Arc::new(PoolShared {
            toolkit: described.scope.id.clone(),
            path,
            options,
            config,
            admission: Arc::new(Semaphore::new(config.max_instances + config.max_queued)),
            slots: Arc::new(Semaphore::new(config.max_instances)),
            state: Mutex::new(State { idle: vec![first], live: 1, stats: PoolStats { started: 1, ..PoolStats::default() } }),
            me,
        });
        let _ = shared.me.set(Arc::downgrade(&shared));
        let pool = Self { shared };
        let warm = config.min_instances.min(config.max_instances).saturating_sub(1);
        if warm > 0 {
            // One after another, not all at once: concurrent bootstraps fragment the allocator
            // (measured: 24 MiB per instance started together, 15 MiB one at a time).
            let shared = Arc::downgrade(&pool.shared);
            std::thread::spawn(move || {
                for _ in 0..warm {
                    let Some(shared) = shared.upgrade() else { return };
                    let started = start_in_background(&shared);
                    drop(shared);
                    let _ = started.join();
                }
            });
        }
        Ok((pool, described))
    }

    /// Starts an instance for the caller (who holds a slot and found none idle).
    async fn start_now(&self) -> Result<InstanceWorker, CallError> {
        {
            let mut state = self.shared.state.lock().expect("pool");
            state.live += 1;
            state.stats.started += 1;
        }
        let (tx, rx) = oneshot::channel();
        let start = self.shared.start();
        worker::spawn(INSTANCE_IDS.fetch_add(1, Ordering::Relaxed), start, tx);
        match rx.await {
            Ok(Ok((worker, _))) => Ok(worker),
            Ok(Err(reason)) => {
                self.shared.lost();
                Err(CallError::Unavailable { toolkit: self.shared.toolkit.clone(), reason })
            }
            Err(_) => {
                self.shared.lost();
                let reason = LoadError::Module("the instance thread ended while loading".into());
                Err(CallError::Unavailable { toolkit: self.shared.toolkit.clone(), reason })
            }
        }
    }

    /// Runs one call on an instance (see the module docs for queueing and overload).
    pub(crate) async fn call(&self, call: Value, env: CallEnv) -> Result<CallOutcome, CallError> {
        let shared = &self.shared;
        let Ok(_admitted) = shared.admission.clone().try_acquire_owned() else {
            shared.state.lock().expect("pool").stats.overloaded += 1;
            return Err(CallError::Overloaded {
                toolkit: shared.toolkit.clone(),
                running: shared.config.max_instances,
                queued: shared.config.max_queued,
            });
        };
        let slot = shared.slots.clone().acquire_owned().await.expect("the pool's slots are never closed");
        let idle = shared.state.lock().expect("pool").idle.pop();
        let worker = match idle {
            Some(w) => w,
            None => self.start_now().await?,
        };
        let (reply_tx, reply_rx) = oneshot::channel();
        let worker = match worker.jobs.send(Job { call, env, reply: reply_tx }) {
            Ok(()) => worker,
            Err(mpsc_err) => {
                // The thread is gone (it panicked while idle); run the call on a fresh instance.
                let Job { call, env, .. } = mpsc_err.0;
                shared.lost();
                let fresh = self.start_now().await?;
                let (reply_tx, reply_rx) = oneshot::channel();
                if fresh.jobs.send(Job { call, env, reply: reply_tx }).is_err() {
                    shared.lost();
                    return Ok(lost_outcome());
                }
                return InFlight { shared: shared.clone(), worker: Some(fresh), reply: Some(reply_rx), slot: Some(slot) }.finish().await;
            }
        };
        InFlight { shared: shared.clone(), worker: Some(worker), reply: Some(reply_rx), slot: Some(slot) }.finish().await
    }

    /// The files the toolkit's modules were read from.
    pub(crate) fn module_files(&self) -> Vec<PathBuf> {
        self.shared.options.sources.snapshot.files()
    }

    /// A snapshot of the pool's counters.
    pub(crate) fn stats(&self) -> PoolStats {
        let state = self.shared.state.lock().expect("pool");
        PoolStats { live: state.live, idle: state.idle.len(), ..state.stats }
    }
}

/// Starts an instance that joins `shared`'s idle list when it has loaded. The returned thread
/// ends once the instance has loaded (or failed to).
fn start_in_background(shared: &Arc<PoolShared>) -> std::thread::JoinHandle<()> {
    {
        let mut state = shared.state.lock().expect("pool");
        state.live += 1;
        state.stats.started += 1;
    }
    let (tx, rx) = oneshot::channel();
    worker::spawn(INSTANCE_IDS.fetch_add(1, Ordering::Relaxed), shared.start(), tx);
    let shared = Arc::downgrade(shared);
    // Waits on a plain thread: the caller may be on any runtime, or none.
    std::thread::spawn(move || {
        let result = rx.blocking_recv();
        let Some(shared) = shared.upgrade() else { return };
        match result {
            Ok(Ok((worker, _))) => shared.put_back(worker),
            Ok(Err(e)) => {
                tracing::error!(target: "trove::runtime", toolkit = %shared.toolkit, "cannot start an instance: {e}");
                shared.lost();
            }
            Err(_) => shared.lost(),
        }
    })
}

/// A call handed to an instance. The instance and its slot come back to the pool when the
/// answer does, even if the caller stops waiting (a client that hung up, an embedder's own
/// timeout): dropping an unfinished `InFlight` leaves a thread waiting for the answer, so the
/// pool neither loses count of its instances nor runs more than `max_instances` at once.
struct InFlight {
    shared: Arc<PoolShared>,
    worker: Option<InstanceWorker>,
    reply: Option<oneshot::Receiver<worker::Reply>>,
    slot: Option<OwnedSemaphorePermit>,
}

/// How long past its wall-clock limit a call may go unanswered before its instance is given up
/// as stuck: the supervisor's interrupt is polled by JavaScript, not inside a builtin's native
/// loop (`Array.prototype.indexOf.call({ length: 2 ** 50 })`), and the instance's own timeout
/// runs on the same (busy) thread.
pub const STUCK_GRACE: Duration = Duration::from_secs(5);

/// How long a caller polls for its answer before its task sleeps.
const ANSWER_SPIN: Duration = Duration::from_micros(100);

impl InFlight {
    async fn finish(mut self) -> Result<CallOutcome, CallError> {
        let limit = self.shared.options.limits.call_timeout;
        let reply = self.reply.as_mut().expect("an unfinished call has its reply");
        // Most calls answer within tens of microseconds: poll for that long, yielding to other
        // tasks, before the task sleeps (waking a sleeping worker costs more than that on a VM).
        let spin_until = std::time::Instant::now() + ANSWER_SPIN;
        let early = loop {
            match reply.try_recv() {
                Ok(answer) => break Some(Some(answer)),
                Err(oneshot::error::TryRecvError::Closed) => break Some(None),
                Err(oneshot::error::TryRecvError::Empty) if std::time::Instant::now() < spin_until => tokio::task::yield_now().await,
                Err(oneshot::error::TryRecvError::Empty) => break None,
            }
        };
        let answer = match early {
            Some(answer) => answer,
            None => match tokio::time::timeout(limit + STUCK_GRACE, reply).await {
                Ok(answer) => answer.ok(),
                Err(_) => return Ok(self.abandon(limit)),
            },
        };
        let reply = self.reply.take();
        drop(reply);
        let worker = self.worker.take().expect("an unfinished call has its instance");
        Ok(settle(&self.shared, worker, answer))
    }

    /// The instance did not answer within its limit and the grace after it: it is stuck in
    /// native code that no interrupt reaches. It can be neither stopped nor trusted, so the
    /// pool stops counting it (its thread ends once the loop does, if ever), starts a
    /// replacement, and answers the caller as a timeout.
    fn abandon(&mut self, limit: Duration) -> CallOutcome {
        let worker = self.worker.take();
        self.reply.take();
        if let Some(worker) = &worker {
            tracing::error!(
                target: "trove::runtime",
                toolkit = %self.shared.toolkit,
                "instance {} did not answer within {:?} of its {:?} limit (stuck in native code); abandoning it and starting another",
                worker.id,
                STUCK_GRACE,
                limit
            );
        }
        drop(worker);
        self.shared.lost();
        let _ = start_in_background(&self.shared);
        CallOutcome {
            envelope: Envelope::failure(format!("tool timed out after {} s", limit.as_secs_f64()), ErrorCode::ToolError, true),
            record: Default::default(),
        }
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        let (Some(worker), Some(reply)) = (self.worker.take(), self.reply.take()) else { return };
        let shared = self.shared.clone();
        let slot = self.slot.take();
        std::thread::spawn(move || {
            let answer = reply.blocking_recv().ok();
            settle(&shared, worker, answer);
            drop(slot);
        });
    }
}

/// Returns (or retires) the instance that answered, counts the call, and gives its outcome.
/// `answer` is `None` when the instance's thread ended without answering.
fn settle(shared: &Arc<PoolShared>, worker: InstanceWorker, answer: Option<worker::Reply>) -> CallOutcome {
    match answer {
        Some(reply) => {
            shared.state.lock().expect("pool").stats.calls += 1;
            if reply.retired.is_some() {
                shared.lost();
                let _ = start_in_background(shared);
            } else {
                shared.put_back(worker);
            }
            reply.outcome
        }
        None => {
            // The instance's thread died during the call (a panic in the engine or an op).
            tracing::error!(target: "trove::runtime", toolkit = %shared.toolkit, "an instance ended during a call; starting another");
            shared.lost();
            let _ = start_in_background(shared);
            lost_outcome()
        }
    }
}

fn lost_outcome() -> CallOutcome {
    CallOutcome { envelope: Envelope::failure("tool failed", ErrorCode::ToolError, false), record: Default::default() }
}
