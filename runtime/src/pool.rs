//! The warm pool of one loaded toolkit: its instances (each on its own worker thread), a
//! bounded queue of calls, and the rules for growing, shrinking and replacing instances.
//!
//! - A call first takes an **admission** permit (`max_instances + max_queued` of them): when
//!   none is left the call fails at once with [`CallError::Overloaded`] instead of piling up.
//!   The permit travels with the call and is released when it is answered.
//! - It then joins the toolkit's queue (first in, first out). Every instance takes its next
//!   call from the queue itself, as soon as it has answered the last one, without a round trip
//!   through the caller's thread. When more calls wait than instances are idle or starting,
//!   the caller starts another instance (up to `max_instances`) in the background.
//! - An instance that hit a limit is discarded after its answer (its thread ends) and a
//!   replacement starts in the background, so the pool stays warm.
//! - An instance idle for longer than `idle_timeout` ends itself if the pool has more than
//!   `min_instances` and no call is waiting.
//!
//! Module state is per instance, as with Workers behind a load balancer: two calls may land on
//! different instances, so a toolkit must not rely on module-level state being shared.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::{oneshot, Semaphore};
use trove_host_ops::CallEnv;

use crate::envelope::{Envelope, ErrorCode};
use crate::toolkit::{CallOutcome, InstanceOptions, LoadError};
use crate::queue::{CallQueue, QueueOwner};
use crate::worker::{self, lock, Described, Job, JobShared, JobState, Start};

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
    /// After this long without a call, an idle instance loads the fetch classes (if its toolkit
    /// declares egress), so its first `ctx.fetch` does not parse them, and hands back to the
    /// allocator what its load left behind. `None`: never, for a process that makes one call
    /// and exits (the CLI's `call`), where either would only be work thrown away. Default
    /// 250 ms: long enough that a call made right after the load never waits for it.
    pub warm_when_idle: Option<Duration>,
    /// Most instances given up on as stuck in native code ([`STUCK_GRACE`]) whose threads have
    /// not ended yet. Each is replaced while fewer are stuck; at this many, the toolkit's calls
    /// are refused with [`CallError::Stuck`] until one ends, so a toolkit that keeps finding a
    /// native loop no interrupt reaches cannot take thread after thread (review 53: every call
    /// left one more spinning). At least 1. Default: as `max_instances`.
    pub max_stuck: usize,
}

impl Default for PoolConfig {
    fn default() -> Self {
        let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Self {
            min_instances: 1,
            max_instances: cpus.max(2),
            max_queued: 256,
            idle_timeout: Duration::from_secs(300),
            warm_when_idle: Some(worker::WARM_WHEN_IDLE),
            max_stuck: cpus.max(2),
        }
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
    /// [`PoolConfig::max_stuck`] of the toolkit's instances are stuck in native code past
    /// their calls' limits, and none of their threads has ended: the call did not run.
    #[error("toolkit \"{toolkit}\" is refusing calls: {stuck} of its instances are stuck in native code past their calls' limits, and it starts no more until one of them ends")]
    Stuck {
        /// The toolkit's id.
        toolkit: String,
        /// Instances stuck.
        stuck: usize,
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
    /// Instances given up on as stuck in native code whose threads have not ended (see
    /// [`PoolConfig::max_stuck`]); not counted in `live`.
    pub stuck: usize,
}

#[derive(Default)]
struct State {
    /// Instances counted: starting, idle or running a call.
    live: usize,
    /// Instances loading, not yet taking calls.
    starting: usize,
    /// Instances waiting on the queue.
    idle: usize,
    /// Calls in the queue no instance has taken, counted under this lock as a caller pushes one
    /// and as an instance takes one ([`PoolShared::took`]). The queue's own length is not enough
    /// to decide growth: an instance pops a call before it is counted busy, and a call that came
    /// in between saw one call fewer waiting and an instance still idle, and did not start
    /// another (three concurrent calls grew a pool to two instances in CI, 2026-12-06).
    waiting: usize,
    /// Instances out of service (retired after a limit, or evicted when idle) whose threads
    /// still wait for work they started off the thread (counted in `live` until they end).
    draining: usize,
    /// Instances given up on as stuck whose threads have not ended (not in `live`).
    stuck: usize,
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
    /// The calls waiting for an instance, first in first out. Instances take from it
    /// themselves; dropping the pool closes it, which ends every idle instance.
    queue: QueueOwner,
    state: Mutex<State>,
    /// See [`PoolShared::warm_failed`].
    warm_failed: AtomicBool,
    /// Handed to every worker so it can find its pool.
    me: Arc<OnceLock<Weak<PoolShared>>>,
    /// How long the toolkit's last answered call took a caller, in µs (`u64::MAX` before the
    /// first): a caller polls long only for a toolkit whose calls answer within that time.
    last_answer_us: AtomicU64,
}

impl PoolShared {
    /// Locks the counters (a panic elsewhere does not make them unreadable: a panicking
    /// instance's guard still has to update them).
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The toolkit's id.
    pub(crate) fn toolkit(&self) -> &str {
        &self.toolkit
    }

    /// An instance started (`1`) or stopped (`-1`) waiting on the queue.
    pub(crate) fn idle_changed(&self, delta: isize) {
        let mut state = self.lock();
        state.idle = state.idle.saturating_add_signed(delta);
    }

    /// An instance took a call from the queue: one call fewer waiting and, if it was counted
    /// idle (`was_idle`), one instance fewer idle, at once.
    pub(crate) fn took(&self, was_idle: bool) {
        let mut state = self.lock();
        state.waiting = state.waiting.saturating_sub(1);
        state.idle = state.idle.saturating_sub(usize::from(was_idle));
    }

    /// Called by an instance idle for `idle_timeout`: may it end? Yes if the pool is above its
    /// minimum and no call is waiting. It is then out of service, but stays counted in `live`
    /// (as draining) until its thread reports [`Self::drained`], so work it left off the thread
    /// counts against `max_instances`.
    pub(crate) fn retire_idle(&self) -> bool {
        let mut state = self.lock();
        if state.live - state.draining <= self.config.min_instances || self.queue.len() > 0 {
            return false;
        }
        state.draining += 1;
        debug_assert!(state.idle > 0, "an instance retiring when idle is counted idle");
        state.idle = state.idle.saturating_sub(1);
        true
    }

    /// An instance answered a call; it is idle again unless it retires.
    pub(crate) fn answered(&self, idle_again: bool) {
        let mut state = self.lock();
        state.stats.calls += 1;
        state.idle += usize::from(idle_again);
    }

    /// A busy instance was given up on as stuck in native code: it is no longer counted live
    /// but as stuck, and another starts in the background unless [`PoolConfig::max_stuck`] are
    /// stuck now.
    fn abandoned(&self) {
        let replace = {
            let mut state = self.lock();
            state.stats.retired += 1;
            state.live -= 1;
            state.stuck += 1;
            state.stuck < self.config.max_stuck
        };
        if replace {
            if let Some(me) = self.me.get().and_then(Weak::upgrade) {
                me.start_instance(None);
            }
        } else {
            tracing::error!(
                target: "trove::runtime",
                toolkit = %self.toolkit,
                "{} instances are stuck in native code; refusing this toolkit's calls until one ends",
                self.config.max_stuck,
            );
        }
    }

    /// The thread of an instance given up on as stuck has ended. If the pool was refusing
    /// calls for it and has no instance left, one starts.
    pub(crate) fn stuck_ended(&self) {
        let start = {
            let mut state = self.lock();
            state.stuck = state.stuck.saturating_sub(1);
            tracing::warn!(target: "trove::runtime", toolkit = %self.toolkit, "an instance given up on as stuck has ended ({} still stuck)", state.stuck);
            state.live - state.draining < self.config.min_instances.max(1) && state.live < self.config.max_instances
        };
        if start {
            if let Some(me) = self.me.get().and_then(Weak::upgrade) {
                me.start_instance(None);
            }
        }
    }

    /// An instance is gone (its thread panicked): it is no longer counted, and another starts in
    /// the background so the pool stays warm.
    pub(crate) fn lost_and_replace(&self, was_idle: bool) {
        self.lock().stats.retired += 1;
        self.gone_and_replace(was_idle);
    }

    /// An instance that hit a limit is being retired (counted in [`PoolStats::retired`] at once).
    /// It keeps its place among the live instances, as draining, until its thread has let go of
    /// everything it started ([`Self::drained`]): see `worker::run`.
    pub(crate) fn retiring(&self) {
        let mut state = self.lock();
        state.stats.retired += 1;
        state.draining += 1;
    }

    /// A draining instance (retired, or evicted when idle) is gone. Another starts in the
    /// background when it was retired (`replace`), when the pool is below its warm minimum, or
    /// when calls wait that the draining instance kept from starting one.
    pub(crate) fn drained(&self, replace: bool) {
        let start = {
            let mut state = self.lock();
            state.live -= 1;
            state.draining -= 1;
            replace
                || state.live - state.draining < self.config.min_instances
                || (state.waiting > state.idle + state.starting && state.live < self.config.max_instances)
        };
        if start {
            if let Some(me) = self.me.get().and_then(Weak::upgrade) {
                me.start_instance(None);
            }
        }
    }

    /// An instance is gone at once (crashed): no longer counted, and another starts in the
    /// background.
    fn gone_and_replace(&self, was_idle: bool) {
        {
            let mut state = self.lock();
            state.live -= 1;
            debug_assert!(state.idle >= usize::from(was_idle), "an idle instance is counted idle");
            state.idle = state.idle.saturating_sub(usize::from(was_idle));
        }
        if let Some(me) = self.me.get().and_then(Weak::upgrade) {
            me.start_instance(None);
        }
    }

    /// An instance started by [`Self::start_instance`] has loaded: it is idle, taking calls.
    pub(crate) fn started(&self) {
        let mut state = self.lock();
        state.starting -= 1;
        state.idle += 1;
    }

    /// Whether loading the fetch classes ahead of use ([`crate::Toolkit::warm`]) failed on an
    /// instance of this toolkit (its others then do not try).
    pub(crate) fn warm_failed(&self) -> bool {
        self.warm_failed.load(Ordering::Relaxed)
    }

    /// Records that [`crate::Toolkit::warm`] failed on an instance.
    pub(crate) fn set_warm_failed(&self) {
        self.warm_failed.store(true, Ordering::Relaxed);
    }

    /// An instance started by [`Self::start_instance`] did not load. If it was the pool's last,
    /// nothing can answer the calls waiting: each gets [`CallError::Unavailable`].
    pub(crate) fn start_failed(&self, reason: &LoadError) {
        tracing::error!(target: "trove::runtime", toolkit = %self.toolkit, "cannot start an instance: {reason}");
        let mut state = self.lock();
        state.starting -= 1;
        state.live -= 1;
        if state.live == 0 {
            for job in self.queue.drain() {
                state.waiting = state.waiting.saturating_sub(1);
                let _ = job.reply.send(Err(CallError::Unavailable { toolkit: self.toolkit.clone(), reason: reason.clone() }));
            }
        }
    }

    /// Counts a new instance and starts its thread; it reports back through [`Self::started`]
    /// or [`Self::start_failed`], and to `ready` if given.
    fn start_instance(self: &Arc<Self>, ready: Option<oneshot::Sender<Result<Described, LoadError>>>) {
        Self::count_start(&mut self.lock());
        self.spawn_instance(ready);
    }

    /// The bookkeeping half of [`Self::start_instance`], for a caller already holding the lock.
    fn count_start(state: &mut State) {
        state.live += 1;
        state.starting += 1;
        state.stats.started += 1;
    }

    /// The thread half of [`Self::start_instance`], once counted.
    fn spawn_instance(self: &Arc<Self>, ready: Option<oneshot::Sender<Result<Described, LoadError>>>) {
        let start = Start {
            path: self.path.clone(),
            options: self.options.clone(),
            bind_location: false,
            idle_timeout: self.config.idle_timeout,
            warm_when_idle: self.config.warm_when_idle,
            queue: self.queue.0.clone(),
            pool: self.me.clone(),
        };
        worker::spawn(INSTANCE_IDS.fetch_add(1, Ordering::Relaxed), start, ready);
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
        let config = PoolConfig { max_instances: config.max_instances.max(1), max_stuck: config.max_stuck.max(1), ..config };
        // Closed if this load ends before the pool is made (instance 1 then ends too).
        let queue = QueueOwner(Arc::new(CallQueue::default()));
        let (ready_tx, ready_rx) = oneshot::channel();
        // Instance 1 starts before the pool exists (the pool needs its description); it learns
        // where the pool is through `me` once the pool is made.
        let me: Arc<OnceLock<Weak<PoolShared>>> = Arc::default();
        let start = Start {
            path: path.clone(),
            options: options.clone(),
            bind_location,
            idle_timeout: config.idle_timeout,
            warm_when_idle: config.warm_when_idle,
            queue: queue.0.clone(),
            pool: me.clone(),
        };
        worker::spawn(INSTANCE_IDS.fetch_add(1, Ordering::Relaxed), start, Some(ready_tx));
        let described = ready_rx
            .await
            .map_err(|_| LoadError::Module(format!("{}: the instance thread ended while loading", path.display())))??;
        let options = InstanceOptions { sibling: Some(described.scope.clone()), ..options };
        let shared = Arc::new(PoolShared {
            toolkit: described.scope.id.clone(),
            path,
            options,
            config,
            admission: Arc::new(Semaphore::new(config.max_instances + config.max_queued)),
            queue,
            // Instance 1 is waiting for its first call.
            state: Mutex::new(State { live: 1, idle: 1, stats: PoolStats { started: 1, ..PoolStats::default() }, ..State::default() }),
            warm_failed: AtomicBool::new(false),
            me,
            last_answer_us: AtomicU64::new(u64::MAX),
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
                    // Callers may have grown the pool meanwhile: never past the warm minimum.
                    {
                        let mut state = shared.lock();
                        if state.live >= config.min_instances.min(config.max_instances) {
                            return;
                        }
                        PoolShared::count_start(&mut state);
                    }
                    let (tx, rx) = oneshot::channel();
                    shared.spawn_instance(Some(tx));
                    drop(shared);
                    let _ = rx.blocking_recv();
                }
            });
        }
        Ok((pool, described))
    }

    /// Runs one call on an instance (see the module docs for queueing and overload).
    pub(crate) async fn call(&self, call: Value, env: CallEnv) -> Result<CallOutcome, CallError> {
        let shared = &self.shared;
        let stuck = shared.lock().stuck;
        if stuck >= shared.config.max_stuck {
            return Err(CallError::Stuck { toolkit: shared.toolkit.clone(), stuck });
        }
        let Ok(admitted) = shared.admission.clone().try_acquire_owned() else {
            shared.lock().stats.overloaded += 1;
            return Err(CallError::Overloaded {
                toolkit: shared.toolkit.clone(),
                running: shared.config.max_instances,
                queued: shared.config.max_queued,
            });
        };
        let job_shared = Arc::new(Mutex::new(JobShared { state: JobState::Queued, permit: Some(admitted) }));
        let (reply, answer) = oneshot::channel();
        let job = Job { call, env, reply, shared: job_shared.clone() };
        let (grow, taken_at_once) = {
            let mut pool = shared.lock();
            shared.queue.push(job);
            pool.waiting += 1;
            let waiting = pool.waiting;
            // Grow when the calls waiting outnumber the instances about to take one. (Under the
            // same lock as an idle instance's retirement, so a call is never left with none.)
            let grow = waiting > pool.idle + pool.starting && pool.live < shared.config.max_instances;
            if grow {
                PoolShared::count_start(&mut pool);
            }
            (grow, waiting <= pool.idle)
        };
        if grow {
            shared.spawn_instance(None);
        }
        let asked = Instant::now();
        let (_awaited, awaited) = Awaited::enter();
        let poll = if !taken_at_once {
            Duration::ZERO
        } else if may_poll_long(awaited) && shared.last_answer_us.load(Ordering::Relaxed) < ANSWER_SPIN_SPARE.as_micros() as u64 {
            ANSWER_SPIN_SPARE
        } else {
            ANSWER_SPIN
        };
        let answer = wait(shared, job_shared, answer, asked, poll).await;
        shared.last_answer_us.store(asked.elapsed().as_micros() as u64, Ordering::Relaxed);
        answer
    }

    /// Where the toolkit's instances get their modules.
    pub(crate) fn sources(&self) -> &crate::modules::ModuleSources {
        &self.shared.options.sources
    }

    /// The files the toolkit's modules were read from.
    pub(crate) fn module_files(&self) -> Vec<PathBuf> {
        self.shared.options.sources.snapshot.files()
    }

    /// The files the toolkit's loader looked for and could not use.
    pub(crate) fn missed_files(&self) -> Vec<PathBuf> {
        self.shared.options.sources.snapshot.missed()
    }

    /// A snapshot of the pool's counters.
    pub(crate) fn stats(&self) -> PoolStats {
        let state = self.shared.lock();
        PoolStats { live: state.live, idle: state.idle, stuck: state.stuck, ..state.stats }
    }
}

/// How long past its wall-clock limit a call may go unanswered before its instance is given up
/// as stuck: the supervisor's interrupt is polled by JavaScript, not inside a builtin's native
/// loop (`Array.prototype.indexOf.call({ length: 2 ** 50 })`), and the instance's own timeout
/// runs on the same (busy) thread.
pub const STUCK_GRACE: Duration = Duration::from_secs(5);

/// How long a caller polls for its answer before its task sleeps.
const ANSWER_SPIN: Duration = Duration::from_micros(100);

/// How long a caller polls for its answer while the machine has cores to spare for it (see
/// [`may_poll_long`]), when the toolkit's last call was answered within that time.
const ANSWER_SPIN_SPARE: Duration = Duration::from_millis(1);

/// Calls of this process waiting for an instance's answer, in every pool.
static AWAITED: AtomicUsize = AtomicUsize::new(0);

/// Counts a call in [`AWAITED`] while it lives.
struct Awaited;

impl Awaited {
    /// Counts a call; returns the guard and how many calls are awaited with it.
    fn enter() -> (Self, usize) {
        (Self, AWAITED.fetch_add(1, Ordering::Relaxed) + 1)
    }
}

impl Drop for Awaited {
    fn drop(&mut self) {
        AWAITED.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Whether `awaited` callers may each poll for [`ANSWER_SPIN_SPARE`]: while they and the
/// instances running their calls fit in the machine's cores, a caller's polling takes a core
/// that nothing else wants. Measured on the 2-core build VM (docs/performance.md, "The
/// twenty-ninth session"): a caller whose task slept during a catalog-style call of about 330 µs
/// got its answer 110–270 µs later than one that polled, though the instance ran the same
/// instructions (callgrind): the idle core's wake-up and a slower run beside it.
fn may_poll_long(awaited: usize) -> bool {
    static CORES: OnceLock<usize> = OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    awaited * 2 <= cores
}

/// Waits for a queued call's answer. A call that has waited `limit + STUCK_GRACE` since an
/// instance took it is given up on: the instance is stuck in native code that no interrupt
/// reaches, so the pool stops counting it (its thread ends once the loop does, if ever), starts
/// a replacement, and answers the caller as a timeout. A caller that stops waiting (a client
/// that hung up, an embedder's own timeout) costs nothing: a queued call it left is skipped, a
/// running one finishes on its instance, which then takes the next call.
/// `asked`: when the call was queued; `poll`: how long to poll for the answer before the task
/// sleeps. A call still queued after its wall-clock limit is taken out of the queue and answered
/// as timed out (retryable).
async fn wait(
    shared: &Arc<PoolShared>,
    job: Arc<Mutex<JobShared>>,
    mut answer: oneshot::Receiver<Result<CallOutcome, CallError>>,
    asked: Instant,
    poll: Duration,
) -> Result<CallOutcome, CallError> {
    /// A caller that stops waiting for a call still queued takes it out of the queue, which
    /// frees its permit and its place.
    struct CancelIfQueued<'a>(&'a CallQueue, Arc<Mutex<JobShared>>);
    impl Drop for CancelIfQueued<'_> {
        fn drop(&mut self) {
            let mut job = lock(&self.1);
            if job.state == JobState::Queued {
                job.state = JobState::Cancelled;
                job.permit.take();
                drop(job);
                drop(self.0.remove(&self.1));
            }
        }
    }
    let _cancel = CancelIfQueued(&shared.queue, job.clone());
    // Most calls answer within tens of microseconds: poll for that long, yielding to other
    // tasks, before the task sleeps (waking a sleeping task costs more than that on a VM). Not
    // when the call had to queue (`poll` is zero): it will not be answered that soon, and
    // polling would take the core from the instances that are busy. A long poll stops as soon
    // as more calls are awaited than the cores leave room for.
    let spin_until = Instant::now() + poll;
    loop {
        match answer.try_recv() {
            Ok(answer) => return answer,
            Err(oneshot::error::TryRecvError::Closed) => return Ok(lost_outcome()),
            Err(oneshot::error::TryRecvError::Empty)
                if Instant::now() < spin_until && (poll <= ANSWER_SPIN || may_poll_long(AWAITED.load(Ordering::Relaxed))) =>
            {
                tokio::task::yield_now().await
            }
            Err(oneshot::error::TryRecvError::Empty) => break,
        }
    }
    let limit = shared.options.limits.call_timeout;
    loop {
        let deadline = match lock(&job).state {
            JobState::Taken { at, .. } => at + limit + STUCK_GRACE,
            // A call waits for an instance at most its own wall-clock limit (review 39: one
            // queued behind instances draining work no limit stops waited for minutes).
            JobState::Queued => asked + limit,
            // Answered: look again in a while.
            _ => Instant::now() + limit + STUCK_GRACE,
        };
        match tokio::time::timeout_at(deadline.into(), &mut answer).await {
            Ok(Ok(answer)) => return answer,
            // The instance's thread ended during the call (a panic in the engine or an op).
            Ok(Err(_)) => return Ok(lost_outcome()),
            Err(_) => {}
        }
        let mut stuck = lock(&job);
        if stuck.state == JobState::Queued && asked.elapsed() >= limit {
            stuck.state = JobState::Cancelled;
            stuck.permit.take();
            drop(stuck);
            if shared.queue.remove(&job).is_some() {
                let mut state = shared.lock();
                state.waiting = state.waiting.saturating_sub(1);
            }
            tracing::warn!(target: "trove::runtime", toolkit = %shared.toolkit, "a call waited {limit:?} for an instance and none was free");
            return Ok(CallOutcome {
                envelope: Envelope::failure(format!("tool timed out after {} s waiting for a free instance", limit.as_secs_f64()), ErrorCode::ToolError, true),
                record: Default::default(),
            });
        }
        let JobState::Taken { instance, at } = stuck.state else { continue };
        if at.elapsed() < limit + STUCK_GRACE {
            continue;
        }
        stuck.state = JobState::Abandoned;
        // The stuck instance may never finish: its permit goes now.
        stuck.permit.take();
        drop(stuck);
        tracing::error!(
            target: "trove::runtime",
            toolkit = %shared.toolkit,
            "instance {instance} did not answer within {STUCK_GRACE:?} of its {limit:?} limit (stuck in native code); abandoning it",
        );
        shared.abandoned();
        return Ok(CallOutcome {
            envelope: Envelope::failure(format!("tool timed out after {} s", limit.as_secs_f64()), ErrorCode::ToolError, true),
            record: Default::default(),
        });
    }
}

fn lost_outcome() -> CallOutcome {
    CallOutcome { envelope: Envelope::failure("tool failed", ErrorCode::ToolError, false), record: Default::default() }
}
