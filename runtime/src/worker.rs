//! An instance worker: one OS thread that owns one instance of a toolkit (its isolate, a
//! `!Send` deno_core `JsRuntime`) and runs calls one at a time, on a single-threaded tokio
//! runtime of its own. It takes each call from its pool's queue itself, so a busy toolkit's
//! instance goes from one call to the next without waiting for the caller's thread.
//!
//! The thread ends when the instance must be retired (it hit a limit, see
//! [`Toolkit::retire_reason`]), when it was idle past the pool's idle timeout and the pool
//! agrees to let it go, when the pool gave it up as stuck, or when the pool is gone. A panic on
//! the thread loses only that instance: the call it was running gets a `TOOL_ERROR` envelope
//! and the pool starts another.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::{oneshot, OwnedSemaphorePermit};
use trove_host_ops::{CallEnv, ToolkitScope};

use crate::pool::{CallError, PoolShared};
use crate::queue::{CallQueue, Empty};
use crate::toolkit::{CallOutcome, InstanceOptions, LoadError, Toolkit};

/// Native stack of an instance thread. The engine's own stack limit turns deep recursion into a
/// catchable error well before this; only touched pages become resident.
const INSTANCE_STACK_BYTES: usize = 8 * 1024 * 1024;

/// How long an instance waits for a call, by default ([`crate::PoolConfig::warm_when_idle`]),
/// before it loads the fetch classes ([`Toolkit::warm`]) and hands back what loading left
/// behind ([`Toolkit::release_memory`]): long enough that a call made right after a load never
/// waits for either, short enough that a served instance is warm before most first calls.
pub(crate) const WARM_WHEN_IDLE: Duration = Duration::from_millis(250);

/// Where a queued call stands; shared by the caller, which may give up on it, and the instance
/// that takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum JobState {
    /// In the queue.
    Queued,
    /// Running on instance `instance` since `at`.
    Taken {
        /// The instance's id.
        instance: u64,
        /// When it started.
        at: Instant,
    },
    /// Answered (or about to be).
    Done,
    /// The caller stopped waiting while it was queued: it never runs.
    Cancelled,
    /// The caller gave up on the instance running it (stuck in native code): the pool no longer
    /// counts that instance, which must end without answering or taking another call.
    Abandoned,
}

/// What the caller and the instance share about one call.
pub(crate) struct JobShared {
    /// Where the call stands.
    pub state: JobState,
    /// The call's admission permit. Released by whichever side is done with the call first:
    /// the instance once it has answered, or the caller when it stops waiting for a call still
    /// queued or gives up on a stuck instance.
    pub permit: Option<OwnedSemaphorePermit>,
}

/// Locks a job's shared state (a panic elsewhere does not make it unreadable).
pub(crate) fn lock(job: &Mutex<JobShared>) -> std::sync::MutexGuard<'_, JobShared> {
    job.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One call for an instance.
pub(crate) struct Job {
    /// The call's JSON (contract §4).
    pub call: Value,
    /// The call's providers.
    pub env: CallEnv,
    /// Where the answer goes.
    pub reply: oneshot::Sender<Result<CallOutcome, CallError>>,
    /// Shared with the caller.
    pub shared: Arc<Mutex<JobShared>>,
}

/// What instance 1 of a toolkit reports once it has loaded.
pub(crate) struct Described {
    /// The tool list JSON.
    pub tools: Value,
    /// The manifest JSON.
    pub manifest: Value,
    /// The toolkit's scope (namespace, redaction set, OAuth cache) for its siblings.
    pub scope: ToolkitScope,
    /// The entry file.
    pub entry: PathBuf,
    /// The toolkit directory.
    pub root: PathBuf,
}

/// How to start an instance.
pub(crate) struct Start {
    /// The toolkit's path.
    pub path: PathBuf,
    /// Isolate settings (limits, module sources, sibling scope, network).
    pub options: InstanceOptions,
    /// Bind the namespace to the toolkit's location (only for instance 1; siblings inherit).
    pub bind_location: bool,
    /// Idle time after which the instance asks the pool to let it go.
    pub idle_timeout: Duration,
    /// Idle time after which the instance warms and releases memory (`None`: never).
    pub warm_when_idle: Option<Duration>,
    /// The pool's call queue.
    pub queue: Arc<CallQueue>,
    /// The pool, for its bookkeeping (weak: a dropped pool ends the thread once its queue is
    /// gone). Instance 1 loads before its pool exists, so this is filled in when the pool is.
    pub pool: Arc<std::sync::OnceLock<Weak<PoolShared>>>,
}

/// Where an instance reports that it has loaded (its description) or could not (the error).
pub(crate) type Ready = oneshot::Sender<Result<Described, LoadError>>;

/// Starts an instance thread. Once the toolkit has loaded (and the instance takes calls from the
/// queue) or failed to (and the thread ends), the instance tells its pool, if the pool exists
/// yet, and `ready`, if given.
pub(crate) fn spawn(id: u64, start: Start, ready: Option<Ready>) {
    let pool = start.pool.clone();
    let spawned = std::thread::Builder::new()
        .name(format!("trove-instance-{id}"))
        .stack_size(INSTANCE_STACK_BYTES)
        .spawn(move || run(id, start, ready));
    // (`ready` went with the closure: its starter hears of the failure when it is dropped.)
    if let Err(e) = spawned {
        let error = LoadError::Module(format!("cannot start an instance thread: {e}"));
        match pool.get().and_then(Weak::upgrade) {
            Some(pool) => pool.start_failed(&error),
            None => tracing::error!(target: "trove::runtime", "{error}"),
        }
    }
}

/// Tells the pool when the thread ends by a panic, which skips the bookkeeping of a normal end:
/// a panic while loading is a failed start, one after it a lost instance.
struct PanicGuard<'a> {
    pool: &'a std::sync::OnceLock<Weak<PoolShared>>,
    /// Until the instance has loaded and reported so.
    loading: bool,
    /// Whether the pool counts the instance idle.
    counted_idle: bool,
    /// The job being run, if any (an abandoned one is no longer counted).
    job: Option<Arc<Mutex<JobShared>>>,
    /// While [`Toolkit::warm`] runs: a panic there counts as a failed warm.
    warming: bool,
}

impl PanicGuard<'_> {
    /// The pool, if it exists (not yet while instance 1 loads) and is still alive.
    fn pool(&self) -> Option<Arc<PoolShared>> {
        self.pool.get().and_then(Weak::upgrade)
    }

    /// Has the pool count a call taken from the queue and this instance busy, in one step
    /// ([`PoolShared::took`]).
    fn took_job(&mut self) {
        if let Some(pool) = self.pool() {
            pool.took(self.counted_idle);
            self.counted_idle = false;
        }
    }

    /// Has the pool count the instance idle (`true`) or not, if it does not already.
    fn count_idle(&mut self, idle: bool) {
        if self.counted_idle == idle {
            return;
        }
        if let Some(pool) = self.pool() {
            pool.idle_changed(if idle { 1 } else { -1 });
            self.counted_idle = idle;
        }
    }
}

impl Drop for PanicGuard<'_> {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        if let Some(job) = self.job.as_deref() {
            // Settled under the job's lock, so a caller giving up on the instance at the same
            // moment does not count it out a second time.
            let mut job = lock(job);
            if job.state == JobState::Abandoned {
                drop(job);
                if let Some(pool) = self.pool() {
                    pool.stuck_ended();
                }
                return;
            }
            job.state = JobState::Done;
        }
        // Instance 1 has no pool while it loads; its starter hears of the panic from `ready`.
        let Some(pool) = self.pool() else { return };
        if self.warming {
            pool.set_warm_failed();
        }
        if self.loading {
            pool.start_failed(&LoadError::Module("the instance's thread panicked while loading".into()));
        } else {
            tracing::error!(target: "trove::runtime", toolkit = %pool.toolkit(), "an instance's thread panicked; starting another");
            pool.lost_and_replace(self.counted_idle);
        }
    }
}

/// Reports a failed start to the pool (if it exists yet) and to `ready`.
fn failed(pool: &std::sync::OnceLock<Weak<PoolShared>>, ready: Option<Ready>, error: LoadError) {
    if let Some(pool) = pool.get().and_then(Weak::upgrade) {
        pool.start_failed(&error);
    }
    if let Some(ready) = ready {
        let _ = ready.send(Err(error));
    }
}

/// Threads an instance's runtime keeps for blocking work its ops hand off (see [`run`]).
const OFF_THREAD_WORKERS: usize = 1;

/// The name of an instance's off-thread worker (at most 15 bytes, Linux's limit).
pub(crate) const OFF_THREAD_NAME: &str = "trove-offthread";

/// Puts the calling thread (an instance's off-thread worker) at the lowest CPU priority (nice
/// 19): the work it runs (deno_crypto's derivations and key generations) is beyond the reach of
/// any call's limits and cannot be stopped once started, so it takes only CPU time that calls,
/// of this toolkit or any other, leave unused (review 38).
fn lowest_cpu_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: `gettid` has no preconditions; `setpriority` on the calling thread's own id only
    // lowers its priority, which needs no privilege. A refusal leaves the priority as it was.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 19);
    }
}

fn run(id: u64, start: Start, ready: Option<Ready>) {
    let Start { path, options, bind_location, idle_timeout, warm_when_idle, queue, pool } = start;
    let mut guard = PanicGuard { pool: &pool, loading: true, counted_idle: false, job: None, warming: false };
    // One thread for the blocking work the instance's ops hand off (deno_crypto's digests,
    // derivations and key generation, keyring reads): a toolkit that starts many at once gets
    // them one after another on one core, not on as many threads as tokio allows (512), which
    // starved every other toolkit of the process (review 27). A piece of such work cannot be
    // stopped once it has started (a runtime that shuts down drops only the pieces still
    // queued, and waits for the running one), so the bootstrap also caps how much of the costly
    // kinds an instance has outstanding, and a retired instance is counted until it ends.
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(OFF_THREAD_WORKERS)
        .thread_name(OFF_THREAD_NAME)
        .on_thread_start(lowest_cpu_priority)
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            guard.loading = false;
            return failed(&pool, ready, LoadError::Module(format!("cannot start the instance's runtime: {e}")));
        }
    };
    let mut toolkit = match rt.block_on(Toolkit::load_instance(&path, options)) {
        Ok(t) => t,
        Err(e) => {
            guard.loading = false;
            return failed(&pool, ready, e);
        }
    };
    if bind_location {
        toolkit.bind_namespace_to_location();
    }
    // Instance 1 loads before its pool exists, which then counts it, live and idle, from the
    // start; the others count themselves idle now. (Read before `ready` is sent: the pool is
    // made once it has been.)
    if let Some(pool) = pool.get().and_then(Weak::upgrade) {
        pool.started();
    }
    guard.loading = false;
    guard.counted_idle = true;
    // A starter that stopped waiting does not matter: the instance is counted by the pool and
    // takes calls from its queue all the same.
    // (The description is made only for a starter that asked: growth and replacements did not.)
    if let Some(ready) = ready {
        let described = Described {
            tools: toolkit.tools().clone(),
            manifest: toolkit.manifest().clone(),
            scope: toolkit.scope().clone(),
            entry: toolkit.entry().to_path_buf(),
            root: toolkit.root().to_path_buf(),
        };
        let _ = ready.send(Ok(described));
    }
    // A one-shot process (`warm_when_idle: None`) does neither.
    let warm_after = warm_when_idle.unwrap_or(Duration::ZERO);
    let mut may_warm = warm_when_idle.is_some();
    // What loading left behind (the garbage of evaluating the toolkit, allocator arenas) is
    // handed back once the instance is first idle, like the warming below: not on the path of
    // a call that comes right after the load (the CLI's one call gained nothing from it).
    let mut released = warm_when_idle.is_none();
    loop {
        guard.count_idle(true);
        // The fetch classes load only once no call has come for a while, off every call's path.
        // A call that comes meanwhile waits for the rest of it (it would have loaded the same
        // scripts itself if it fetches). Once it has failed for a toolkit, its other instances
        // do not try (it would only retire them one after another).
        let warm_first = may_warm && toolkit.wants_warming();
        let short_wait = warm_first || !released;
        let next = match queue.pop(if short_wait { warm_after } else { idle_timeout }) {
            Err(Empty::Timeout) if !warm_first && !released => {
                released = true;
                toolkit.release_memory();
                queue.pop(idle_timeout.saturating_sub(warm_after))
            }
            Err(Empty::Timeout) if warm_first => {
                match guard.pool() {
                    // Instance 1 before its pool exists (or the pool is gone: the queue says so next).
                    None => continue,
                    Some(p) if p.warm_failed() => {
                        may_warm = false;
                        continue;
                    }
                    Some(_) => {}
                }
                // Not counted idle meanwhile: a call that comes may start another instance
                // rather than wait behind this one.
                guard.count_idle(false);
                guard.warming = true;
                let warmed = {
                    let _tokio = rt.enter();
                    toolkit.warm()
                };
                guard.warming = false;
                if !warmed {
                    if let Some(p) = guard.pool() {
                        p.set_warm_failed();
                        p.lost_and_replace(false);
                    }
                    return;
                }
                if !released {
                    released = true;
                    toolkit.release_memory();
                }
                guard.count_idle(true);
                queue.pop(idle_timeout.saturating_sub(warm_after))
            }
            next => next,
        };
        let job = match next {
            Ok(job) => job,
            Err(Empty::Timeout) => match guard.pool() {
                Some(p) if p.retire_idle() => {
                    tracing::debug!(target: "trove::runtime", toolkit = %toolkit.id(), "instance {id} evicted after {idle_timeout:?} idle");
                    guard.counted_idle = false;
                    // As after a limit: counted (as draining) until the work it started off the
                    // thread has ended (review 39: evicted instances' key generations piled up
                    // beside their replacements, past `max_instances`).
                    drop(p);
                    drop(toolkit);
                    drop(rt);
                    if let Some(pool) = guard.pool() {
                        pool.drained(false);
                    }
                    return;
                }
                Some(_) => continue,
                // Instance 1 before its pool exists; otherwise the pool is gone.
                None if pool.get().is_none() => continue,
                None => return,
            },
            Err(Empty::Closed) => return,
        };
        guard.took_job();
        let Job { call, env, reply, shared: job } = job;
        {
            let mut job = lock(&job);
            // The caller stopped waiting while the call was queued: it never runs.
            if job.state != JobState::Queued || reply.is_closed() {
                job.state = JobState::Cancelled;
                job.permit.take();
                continue;
            }
            job.state = JobState::Taken { instance: id, at: Instant::now() };
        }
        guard.job = Some(job.clone());
        let outcome = rt.block_on(toolkit.call_json(call, env));
        guard.job = None;
        let permit = {
            let mut job = lock(&job);
            if job.state == JobState::Abandoned {
                // The pool gave up on this instance and already replaced it.
                tracing::warn!(target: "trove::runtime", toolkit = %toolkit.id(), "instance {id} answered after it was abandoned; ending it");
                drop(job);
                if let Some(pool) = guard.pool() {
                    pool.stuck_ended();
                }
                return;
            }
            job.state = JobState::Done;
            job.permit.take()
        };
        let retired = toolkit.retire_reason().map(str::to_owned);
        // The pool is looked up only now: an instance stuck in a call must not keep it alive.
        if let Some(pool) = guard.pool() {
            // Idle again from here, before the answer goes: a caller that calls again at once
            // must find this instance counted as about to take its call, not start another.
            pool.answered(retired.is_none());
            guard.counted_idle = retired.is_none();
            if retired.is_some() {
                pool.retiring();
            }
        }
        // The permit goes first, so a caller that calls again as soon as it has its answer
        // finds it free.
        drop(permit);
        let _ = reply.send(Ok(outcome));
        if let Some(why) = retired {
            tracing::warn!(target: "trove::runtime", toolkit = %toolkit.id(), "instance {id} retired: {why}");
            // The instance keeps its place in the pool until what it started off the thread has
            // ended: dropping the runtime waits for the derivation or key generation running
            // there (none can be stopped) and drops the ones still queued. Only then does a
            // replacement start. Otherwise every call that hit a limit left its work running
            // and a fresh instance, with a fresh crypto cap, beside it: six timed-out calls kept
            // a core busy for seconds after their answers (review 38). A toolkit's work off the
            // threads is so bounded by its `max_instances` times the cap of one instance.
            let toolkit_id = toolkit.id().to_owned();
            drop(toolkit);
            let draining = Instant::now();
            drop(rt);
            if draining.elapsed() > Duration::from_millis(100) {
                tracing::debug!(target: "trove::runtime", toolkit = %toolkit_id, "instance {id}'s work off its thread ended {:?} after it retired", draining.elapsed());
            }
            if let Some(pool) = guard.pool() {
                pool.drained(true);
            }
            return;
        }
    }
}
