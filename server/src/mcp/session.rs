//! One MCP session: the [`ServerHandler`] rmcp drives for one client (the stdio peer, or one
//! `Mcp-Session-Id` over HTTP). It answers `tools/list` from the [`super::Catalog`] and runs
//! `tools/call` through the toolkit's pool exactly as the Trove wire does, with the client's
//! cancellation and log level added to the call's [`trove_host::CallEnv`].

// MCP logging (`logging/setLevel`, `notifications/message`) is deprecated by the 2026-07-28
// revision (SEP-2577) but is how clients of 2025-11-25 and earlier, today's SDKs among them,
// see a server's log; rmcp marks its types deprecated.
#![allow(deprecated)]

use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientJsonRpcMessage, ClientRequest, CustomRequest, CustomResult, Implementation,
    InitializeResult, JsonRpcMessage, ListToolsResult, LoggingLevel, LoggingMessageNotificationParam, PaginatedRequestParams, ServerCapabilities, SetLevelRequestParams,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use trove_host::{Envelope, ErrorCode, ToolCall};
use trove_host_ops::log::LogLevel;

use super::result::{call_result, result_bytes};
use crate::wire::InFlight;
use super::McpServer;

/// The handler of one session.
pub(crate) struct McpSession {
    server: McpServer,
    /// The level the client asked for with `logging/setLevel`; `None`: no log notifications.
    /// Read as each line is written, not when a call starts: a call can start before a level
    /// set over HTTP, sent at the same time, is applied (review 61, F1).
    log_level: Arc<Mutex<Option<LoggingLevel>>>,
    /// `log_level` is set by the transport's reader as each `logging/setLevel` line is read
    /// ([`read_set_level`]), not by the handler: stdio.
    level_from_input: bool,
}

impl McpSession {
    pub(crate) fn new(server: McpServer) -> Self {
        Self { server, log_level: Arc::default(), level_from_input: false }
    }

    /// A session whose `logging/setLevel` requests the reader of its input applies to `level`,
    /// in the order they come ([`read_set_level`] on each line): rmcp starts a session's requests
    /// as tasks that run concurrently, so a level set by the handler could come after a call
    /// sent behind it had written its first lines (it did, in CI), and two levels sent one after
    /// the other could end in the wrong order (review 62).
    pub(crate) fn with_level_from_input(server: McpServer, level: Arc<Mutex<Option<LoggingLevel>>>) -> Self {
        Self { server, log_level: level, level_from_input: true }
    }
}

/// Applies the `logging/setLevel` request on `line` (one JSON-RPC message of a client's input,
/// as rmcp will read it) to `level`; any other line leaves it alone.
pub(crate) fn read_set_level(line: &[u8], level: &Mutex<Option<LoggingLevel>>) {
    const METHOD: &[u8] = b"logging/setLevel";
    if !line.windows(METHOD.len()).any(|w| w == METHOD) {
        return;
    }
    if let Ok(JsonRpcMessage::Request(request)) = serde_json::from_slice::<ClientJsonRpcMessage>(line) {
        if let ClientRequest::SetLevelRequest(set) = request.request {
            *level.lock().expect("log level") = Some(set.params.level);
        }
    }
}

/// Severity order of MCP's levels (RFC 5424's, lowest first).
fn rank(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

/// A toolkit log line's level in MCP's terms.
fn mcp_level(level: LogLevel) -> LoggingLevel {
    match level {
        LogLevel::Debug => LoggingLevel::Debug,
        LogLevel::Info => LoggingLevel::Info,
        LogLevel::Warn => LoggingLevel::Warning,
        LogLevel::Error => LoggingLevel::Error,
    }
}

/// Why `params` do not fit `T` (the params of a method this server answers), for the
/// `-32602` answer.
fn unfit_params<T: serde::de::DeserializeOwned>(request: &CustomRequest) -> String {
    match request.params_as::<T>() {
        Ok(Some(_)) => "params rejected".to_owned(),
        Ok(None) => "params are missing".to_owned(),
        Err(e) => e.to_string(),
    }
}

impl ServerHandler for McpSession {
    fn get_info(&self) -> InitializeResult {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_logging().build();
        let mut info = InitializeResult::new(capabilities);
        info.server_info = Implementation::new("trove-host", env!("CARGO_PKG_VERSION"));
        info.server_info.title = Some("trove-host".into());
        info.instructions = Some(self.server.instructions());
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.server.catalog().tools().to_vec()))
    }

    async fn set_level(&self, request: SetLevelRequestParams, _context: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        if !self.level_from_input {
            *self.log_level.lock().expect("log level") = Some(request.level);
        }
        Ok(())
    }

    /// rmcp reads a request for a method it knows whose params do not fit that method as a
    /// custom request, and answers it `-32601` (method not found). For the methods this server
    /// answers, that is JSON-RPC's `-32602` (invalid params), naming what did not fit.
    async fn on_custom_request(&self, request: CustomRequest, _context: RequestContext<RoleServer>) -> Result<CustomResult, ErrorData> {
        let reason = match request.method.as_str() {
            "tools/call" => unfit_params::<CallToolRequestParams>(&request),
            "logging/setLevel" => unfit_params::<SetLevelRequestParams>(&request),
            _ => return Err(ErrorData::new(rmcp::model::ErrorCode::METHOD_NOT_FOUND, request.method, None)),
        };
        Err(ErrorData::invalid_params(format!("invalid params for {}: {reason}", request.method), None))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some((handle, tool)) = self.server.catalog().resolve(&request.name) else {
            return Err(ErrorData::invalid_params(format!("Unknown tool: {}", request.name), None));
        };
        let _counted = InFlight::enter(self.server.in_flight());
        let options = self.server.options();
        let mut call = ToolCall::new(tool, Value::Object(request.arguments.unwrap_or_default()), options.user_id.clone());
        call.scopes = Some(options.scopes.clone());
        call.config = options.config.clone();
        let mut env = match self.server.env_source().env(handle, &call) {
            Ok(env) => env,
            Err(reason) => {
                tracing::error!(
                    target: "trove::mcp",
                    toolkit = %handle.id(),
                    tool = %tool,
                    "no providers for the call: {}",
                    handle.redact(&reason)
                );
                return Ok(call_result(&Envelope::failure("tool failed", ErrorCode::ToolError, false)).into());
            }
        };
        env.cancel = Some(context.ct.clone());
        let (lines, mut pending) = tokio::sync::mpsc::unbounded_channel::<(LoggingLevel, Value)>();
        let floor = self.log_level.clone();
        let sink = move |level: LogLevel, line: &Value| {
            let level = mcp_level(level);
            let floor = *floor.lock().expect("log level");
            if floor.is_some_and(|floor| rank(level) >= rank(floor)) {
                let _ = lines.send((level, line.clone()));
            }
        };
        env.log_sink = Some(Arc::new(sink));
        let logger = handle.id().to_owned();
        let peer = context.peer.clone();
        let notify = |(level, data): (LoggingLevel, Value)| {
            let peer = peer.clone();
            let logger = logger.clone();
            async move {
                if let Err(e) = peer.notify_logging_message(LoggingMessageNotificationParam::new(level, data).with_logger(logger)).await {
                    tracing::debug!(target: "trove::mcp", "cannot send a log notification: {e}");
                }
            }
        };
        let running = handle.call(call, env);
        tokio::pin!(running);
        let stopping = self.server.stopping().clone();
        // Lines go out as they are written, and every line before the result.
        let outcome = loop {
            tokio::select! {
                biased;
                Some(line) = pending.recv() => notify(line).await,
                outcome = &mut running => break outcome,
                () = stopping.cancelled() => {
                    tracing::warn!(target: "trove::mcp", toolkit = %handle.id(), tool = %tool, "{}", crate::wire::STOPPED_MESSAGE);
                    return Ok(call_result(&Envelope::failure(crate::wire::STOPPED_MESSAGE, ErrorCode::ToolError, true)).into());
                }
            }
        };
        while let Ok(line) = pending.try_recv() {
            notify(line).await;
        }
        let envelope = match outcome {
            Ok(outcome) => outcome.envelope,
            Err(error) => {
                tracing::warn!(target: "trove::mcp", toolkit = %handle.id(), tool = %tool, "{error}");
                error.envelope()
            }
        };
        let size = result_bytes(&envelope);
        if size > options.max_result_bytes {
            tracing::warn!(target: "trove::mcp", toolkit = %handle.id(), tool = %tool, "result of {size} bytes refused (limit {})", options.max_result_bytes);
            let message = format!("tool result too large ({size} bytes; the limit is {})", options.max_result_bytes);
            return Ok(call_result(&Envelope::failure(message, ErrorCode::ToolError, false)).into());
        }
        if let Envelope::Ok(ok) = &envelope {
            let declares_output = handle.tools().iter().any(|t| t.name == tool && t.output_schema.is_some());
            if declares_output && ok.structured_content.is_none() {
                // Valid for the SDK (contract §4: `structured` is optional), but the tool is listed
                // with an `outputSchema`, and MCP (2025-06-18, Tools › Output Schema) has servers
                // give structured content for such a tool: clients that follow it (the official
                // TypeScript SDK) reject this result. Said where the author will look (review 45,
                // R45-02); the result is passed on as it is.
                tracing::warn!(
                    target: "trove::mcp",
                    toolkit = %handle.id(),
                    tool = %tool,
                    "the tool declares `output` but returned no `structured`: MCP clients that follow the specification reject a result without structured content from a tool listed with an outputSchema; return `structured` on every call"
                );
            }
        }
        Ok(call_result(&envelope).into())
    }
}
