//! Where a served call's providers come from: the [`EnvSource`] a server is started with.
//!
//! The wire front-end asks it once per call the runtime will run (a JSON object whose `tool` is
//! a string; other fields of the wrong type read as absent); a call it will not run (not an
//! object, `tool` not a string) gets the SDK's `BAD_REQUEST` from the runtime, without asking.

use trove_host::local::LocalProviders;
use trove_host::ToolkitHandle;
use trove_host_ops::{CallEnv, ToolCall};

/// The per-call providers of a server: clock, secrets, transport, cache and knowledge base
/// for one call of one toolkit.
///
/// It is called on the server's async tasks, so it should return quickly (open slow resources
/// once, not per call). Any `Fn(&ToolkitHandle, &ToolCall) -> Result<CallEnv, String>` closure
/// is an `EnvSource`.
pub trait EnvSource: Send + Sync + 'static {
    /// The environment for `call` of `toolkit`.
    ///
    /// # Errors
    /// A reason the call cannot get its providers. The call is then answered with the
    /// `TOOL_ERROR` envelope `tool failed` (the reason goes to the server's log, never to the
    /// client).
    fn env(&self, toolkit: &ToolkitHandle, call: &ToolCall) -> Result<CallEnv, String>;
}

/// The local providers (environment and keyring secrets, the local cache and knowledge base),
/// or the platform's callbacks when the call carries `ctxToken` and `callbackBase`.
impl EnvSource for LocalProviders {
    fn env(&self, _toolkit: &ToolkitHandle, call: &ToolCall) -> Result<CallEnv, String> {
        LocalProviders::env(self, call)
    }
}

impl<F> EnvSource for F
where
    F: Fn(&ToolkitHandle, &ToolCall) -> Result<CallEnv, String> + Send + Sync + 'static,
{
    fn env(&self, toolkit: &ToolkitHandle, call: &ToolCall) -> Result<CallEnv, String> {
        self(toolkit, call)
    }
}
