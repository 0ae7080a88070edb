//! Egress: the only way out of a toolkit (contract §6).
//!
//! A request flows `ctx.fetch` → [`policy`] (URL rules) → [`Egress::send`] (redirect hops,
//! budgets, recording) → a [`Transport`]: the network (with [`address`] vetting after DNS) or
//! a replay cassette ([`replay`]; recorded ones without secrets: [`cassette`]).

pub mod address;
pub mod budget;
pub mod cassette;
pub mod init;
pub mod oauth;
pub mod policy;
pub mod replay;
pub mod network;
pub mod tokens;
mod send;
pub mod transport;

pub use budget::{EgressBudgets, EgressUsage};
pub use policy::{EgressEntry, EgressPolicy, EgressRefusal};
pub use send::{
    check_request_headers, check_request_shape, invalid_header_name_message, invalid_header_value_message, invalid_method_message,
    invalid_redirect_message, is_forbidden_request_header, op_trove_request_body_check,
    CREDENTIALS_MESSAGE, Egress, FetchError, FetchRequest, FetchResponse, OAuthClient, RedirectMode,
    DEFAULT_USER_AGENT, forbidden_method_message, GET_HEAD_BODY_MESSAGE, MAX_REDIRECTS,
};
pub use transport::{HttpRequest, HttpResponse, SpawnedTransport, Transport, TransportError};
