//! An instance worker: one OS thread that owns one instance of a toolkit (its isolate, a
//! `!Send` deno_core `JsRuntime`) and runs the calls the pool sends it, one at a time, on a
//! single-threaded tokio runtime of its own.
//!
//! The thread ends when the instance must be retired (it hit a limit, see
//! [`Toolkit::retire_reason`]), when it was idle past the pool's idle timeout and the pool
//! agrees to let it go, or when the pool is gone. A panic on the thread loses only that
//! instance: the waiting call gets a `TOOL_ERROR` envelope and the pool starts another.

use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Arc, OnceLock, Weak};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::oneshot;
use trove_host_ops::{CallEnv, ToolkitScope};

use crate::pool::PoolShared;
use crate::toolkit::{CallOutcome, InstanceOptions, LoadError, Toolkit};

/// Native stack of an instance thread. The engine's own stack limit turns deep recursion into a
/// catchable error well before this; only touched pages become resident.
const INSTANCE_STACK_BYTES: usize = 8 * 1024 * 1024;

/// How long an instance polls for its next call before it sleeps: a call that arrives within
/// this of the last one is picked up without a wake-up (on a VM, waking a sleeping thread costs
/// tens of microseconds, more than a whole call).
const SPIN: Duration = Duration::from_micros(50);

/// The next call: polled for [`SPIN`], then waited for up to `idle_timeout`.
fn next_job(inbox: &mpsc::Receiver<Job>, idle_timeout: Duration) -> Result<Job, mpsc::RecvTimeoutError> {
    let spin_until = std::time::Instant::now() + SPIN;
    loop {
        match inbox.try_recv() {
            Ok(job) => return Ok(job),
            Err(mpsc::TryRecvError::Disconnected) => return Err(mpsc::RecvTimeoutError::Disconnected),
            // Yield rather than spin: a thread with work (an HTTP worker) gets this core first.
            Err(mpsc::TryRecvError::Empty) if std::time::Instant::now() < spin_until => std::thread::yield_now(),
            Err(mpsc::TryRecvError::Empty) => return inbox.recv_timeout(idle_timeout),
        }
    }
}

/// One call for an instance.
pub(crate) struct Job {
    /// The call's JSON (contract §4).
    pub call: Value,
    /// The call's providers.
    pub env: CallEnv,
    /// Where the answer goes.
    pub reply: oneshot::Sender<Reply>,
}

/// An instance's answer to a [`Job`].
pub(crate) struct Reply {
    /// The envelope and record.
    pub outcome: CallOutcome,
    /// Set when the instance retired after this call (and why).
    pub retired: Option<String>,
}

/// The pool's side of a running instance.
pub(crate) struct InstanceWorker {
    /// Unique within the process.
    pub id: u64,
    /// Sends it calls.
    pub jobs: mpsc::Sender<Job>,
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
    /// The pool, to ask about idle retirement (weak: a dropped pool ends the thread). Unset
    /// while instance 1 loads, before its pool exists.
    pub pool: Arc<OnceLock<Weak<PoolShared>>>,
}

/// Starts an instance thread; `ready` gets the worker and its description once the toolkit
/// has loaded, or the load error (the thread then ends).
pub(crate) fn spawn(id: u64, start: Start, ready: oneshot::Sender<Result<(InstanceWorker, Described), LoadError>>) {
    let (jobs, inbox) = mpsc::channel::<Job>();
    let spawned = std::thread::Builder::new()
        .name(format!("trove-instance-{id}"))
        .stack_size(INSTANCE_STACK_BYTES)
        .spawn(move || run(id, start, jobs, inbox, ready));
    if let Err(e) = spawned {
        tracing::error!(target: "trove::runtime", "cannot start an instance thread: {e}");
    }
}

fn run(
    id: u64,
    start: Start,
    jobs: mpsc::Sender<Job>,
    inbox: mpsc::Receiver<Job>,
    ready: oneshot::Sender<Result<(InstanceWorker, Described), LoadError>>,
) {
    let rt = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => {
            let _ = ready.send(Err(LoadError::Module(format!("cannot start the instance's runtime: {e}"))));
            return;
        }
    };
    let Start { path, options, bind_location, idle_timeout, pool } = start;
    let mut toolkit = match rt.block_on(Toolkit::load_instance(&path, options)) {
        Ok(t) => t,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    if bind_location {
        toolkit.bind_namespace_to_location();
    }
    toolkit.release_memory();
    let described = Described {
        tools: toolkit.tools().clone(),
        manifest: toolkit.manifest().clone(),
        scope: toolkit.scope().clone(),
        entry: toolkit.entry().to_path_buf(),
        root: toolkit.root().to_path_buf(),
    };
    match ready.send(Ok((InstanceWorker { id, jobs }, described))) {
        Ok(()) => {}
        // The caller that started it stopped waiting: the instance still joins the pool.
        Err(Ok((worker, _))) => match pool.get().and_then(Weak::upgrade) {
            Some(pool) => pool.put_back(worker),
            None => return,
        },
        Err(Err(_)) => return,
    }
    loop {
        match next_job(&inbox, idle_timeout) {
            Ok(Job { call, env, reply }) => {
                let outcome = rt.block_on(toolkit.call_json(call, env));
                let retired = toolkit.retire_reason().map(str::to_owned);
                let _ = reply.send(Reply { outcome, retired: retired.clone() });
                if let Some(why) = retired {
                    tracing::warn!(target: "trove::runtime", toolkit = %toolkit.id(), "instance {id} retired: {why}");
                    return;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let Some(pool) = pool.get() else { continue };
                let Some(pool) = pool.upgrade() else { return };
                if pool.retire_idle(id) {
                    tracing::debug!(target: "trove::runtime", toolkit = %toolkit.id(), "instance {id} evicted after {idle_timeout:?} idle");
                    return;
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}
