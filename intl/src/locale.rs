//! Locale negotiation: what ECMA-402 calls `ResolveLocale`, reduced to what ICU4X needs.

use crate::IntlError;
use icu_locale_core::Locale;

/// A requested locale after parsing.
#[derive(Debug, Clone)]
pub struct ResolvedLocale {
    /// The tag `resolvedOptions().locale` reports: the canonical language[-script][-region]
    /// (`"en-US"`, `"en-CA"`, `"en"`); extensions are dropped.
    pub tag: String,
    /// The parsed locale, extensions included (`-u-hc-h23`, `-u-nu-…` reach ICU4X).
    pub locale: Locale,
}

/// The locale used when JavaScript passes `undefined` or an empty list.
pub const DEFAULT_LOCALE: &str = "en-US";

/// Parses a BCP-47 tag (`None` → [`DEFAULT_LOCALE`]).
///
/// Errors: [`IntlError::Range`] `Incorrect locale information provided` for a malformed tag.
pub fn resolve_locale(tag: Option<&str>) -> Result<ResolvedLocale, IntlError> {
    let raw = tag.unwrap_or(DEFAULT_LOCALE);
    let locale = Locale::try_from_str(raw)
        .map_err(|_| IntlError::Range("Incorrect locale information provided".into()))?;
    let tag = locale.id.to_string();
    let tag = if tag == "und" { DEFAULT_LOCALE.to_string() } else { tag };
    let locale = if locale.id.language.is_unknown() {
        Locale::try_from_str(DEFAULT_LOCALE).expect("valid")
    } else {
        locale
    };
    Ok(ResolvedLocale { tag, locale })
}
