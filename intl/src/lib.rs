//! # trove-host-intl
//!
//! ECMA-402 `Intl` formatting for the QuickJS isolate, whose own `Intl` is a stub that ignores
//! options. Formatting is done by ICU4X (compiled CLDR data); IANA time-zone conversion by
//! `jiff` with its bundled tzdb. The goal is byte-for-byte the strings Node 20 (full ICU)
//! prints for the locales toolkits use (`en-US`, `en-CA`, `en-GB`, `en`, undefined = `en-US`).
//!
//! ## Pure Rust API
//! - [`DateTimeFormatter::try_new`]`(locale, &`[`DateTimeOptions`]`, `[`Defaults`]`)` →
//!   [`format`](DateTimeFormatter::format)`(epoch_ms)` /
//!   [`format_to_parts`](DateTimeFormatter::format_to_parts)`(epoch_ms)` /
//!   [`resolved_options`](DateTimeFormatter::resolved_options).
//! - [`NumberFormatter::try_new`]`(locale, &`[`NumberOptions`]`)` →
//!   [`format`](NumberFormatter::format)`(f64)` / [`format_to_parts`](NumberFormatter::format_to_parts)`(f64)`.
//! - [`PluralRulesFormatter::try_new`]`(locale, &`[`PluralRulesOptions`]`)` →
//!   [`select`](PluralRulesFormatter::select)`(f64)` (`"one"`, `"other"`, …).
//! - [`RelativeTimeFormat::try_new`]`(locale, &`[`RelativeTimeOptions`]`)` →
//!   [`format`](RelativeTimeFormat::format)`(f64, unit)` ("in 3 hours", "yesterday") /
//!   [`format_to_parts`](RelativeTimeFormat::format_to_parts).
//! - [`ListFormat::try_new`]`(locale, &`[`ListOptions`]`)` →
//!   [`format`](ListFormat::format)`(&[String])` ("a, b, and c") /
//!   [`format_to_parts`](ListFormat::format_to_parts).
//! - [`DisplayNames::try_new`]`(locale, &`[`DisplayNamesOptions`]`)` →
//!   [`of`](DisplayNames::of)`(code)` ("United States" for `US`; types region, language, script).
//! - [`Collator::try_new`]`(locale, &`[`CollatorOptions`]`)` →
//!   [`compare`](Collator::compare)`(a, b)` (`-1`, `0`, `1`, by CLDR's collation for the locale).
//! - [`change_case`]`(locale, upper, text)`: `toLocaleUpperCase`/`toLocaleLowerCase`.
//! - [`Segmenter::try_new`]`(locale, &`[`SegmenterOptions`]`)` →
//!   [`breaks`](Segmenter::breaks)`(&[u16])` (the end of each grapheme, word or sentence, in
//!   UTF-16 code units, with `isWordLike` for words).
//! - [`locale_new`]`(tag, &`[`LocaleOptions`]`)` → [`LocaleInfo`] (what an `Intl.Locale`'s
//!   getters return); [`locale_expand`]`(tag, maximize)` (`zh-TW` ↔ `zh-Hant-TW`);
//!   [`locale_direction`]`(tag)` (`"ltr"`/`"rtl"`).
//! - [`PluralRulesFormatter::select_range`]`(start, end)` (CLDR's plural ranges).
//! - [`supported_values_of`]`(key)`: `Intl.supportedValuesOf`.
//! - Errors are [`IntlError`]: `Range` / `Type`, thrown in JS as `RangeError` / `TypeError`
//!   with Node's messages.
//!
//! Without a `timeZone` option the zone is **UTC** (the host has no local zone; Node would use
//! the machine's), so `Date.prototype.toLocaleString()` without options prints UTC wall time.
//!
//! ## deno_core extension
//! [`trove_intl`] (made by `deno_core::extension!`) registers the ops and the ES module
//! `ext:trove_intl/intl.js` (source `intl/src/intl.js`, beside the ops it calls), which replaces `Intl.DateTimeFormat`,
//! `Intl.NumberFormat`, `Intl.PluralRules`, `Intl.RelativeTimeFormat`, `Intl.ListFormat`, `Intl.DisplayNames`, `Intl.Segmenter`, `Intl.Locale`, `Intl.supportedValuesOf`, `Number.prototype.toLocaleString` and `Date.prototype.toLocaleString`
//! / `toLocaleDateString` / `toLocaleTimeString`. Register it after `deno_webidl`/`deno_web`:
//!
//! ```ignore
//! extensions: vec![/* deno_webidl, deno_web, … */ trove_host_intl::trove_intl::init()],
//! ```
//!
//! `Intl.Collator` (with `localeCompare` and `toLocaleUpperCase`/`LowerCase` with a locale),
//! `Intl.Segmenter`, `Intl.Locale` and the `formatRange` methods are lazily loaded modules of
//! the same extension (`collator.js`, `segmenter.js`, `locale_class.js`, `ranges.js`), loaded
//! on first use.
//!
//! `init()` is the function deno_core 0.413's `extension!` macro generates (it takes no
//! arguments because the extension has no options/state).

mod case;
mod compact_currency;
mod ext;
mod locale;
mod options;
mod parts;
mod ms_patterns;
mod number_symbols;
mod numbering;
mod numbering_systems;
mod unit;
mod unit_patterns;
mod ymd_patterns;

pub mod collator;
pub mod datetime;
pub mod display;
pub mod list;
pub mod locale_class;
pub mod number;
pub mod plural;
pub mod relative;
pub mod segmenter;
pub mod supported_values;

pub use case::change_case;
pub use collator::{Collator, CollatorOptions, ResolvedCollatorOptions};
pub use datetime::{DateTimeFormatter, DateTimeOptions, Defaults, ResolvedDateTimeOptions};
pub use ext::trove_intl;
pub use locale::{canonical_locales, resolve_locale, supported_locales, ResolvedLocale, DEFAULT_LOCALE};
pub use number::{NumberFormatter, NumberOptions, ResolvedNumberOptions};
pub use display::{DisplayNames, DisplayNamesOptions, ResolvedDisplayNamesOptions};
pub use list::{ListFormat, ListOptions, ResolvedListOptions};
pub use locale_class::{locale_direction, locale_expand, locale_new, LocaleInfo, LocaleOptions};
pub use segmenter::{Boundary, ResolvedSegmenterOptions, Segmenter, SegmenterOptions};
pub use supported_values::supported_values_of;
pub use parts::Part;
pub use plural::{PluralRulesFormatter, PluralRulesOptions, ResolvedPluralRulesOptions};
pub use relative::{RelativeTimeFormat, RelativeTimeOptions, RelativeTimePart, ResolvedRelativeTimeOptions};

/// An error JavaScript sees as `RangeError` (`Range`) or `TypeError` (`Type`), with the message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntlError {
    #[error("{0}")]
    Range(String),
    #[error("{0}")]
    Type(String),
}
