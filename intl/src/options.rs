//! ECMA-402 `GetOption` for string options, shared by every `Intl` class.

use crate::IntlError;

/// `value`, or `default` when the option was not given.
///
/// Errors: [`IntlError::Range`] for a value outside `allowed`, with Node's message
/// (`Value x out of range for Intl.NumberFormat options property style`).
pub(crate) fn get_option(class: &str, name: &str, value: &Option<String>, allowed: &[&str], default: &str) -> Result<String, IntlError> {
    match value.as_deref() {
        None => Ok(default.to_owned()),
        Some(v) if allowed.contains(&v) => Ok(v.to_owned()),
        Some(v) => Err(IntlError::Range(format!("Value {v} out of range for Intl.{class} options property {name}"))),
    }
}

/// Whether `value` is a Unicode `type` (UTS #35, ECMA-402's `(3*8alphanum) *("-" (3*8alphanum))`):
/// parts of 3 to 8 letters and digits, joined by `-` (`thai`, `islamic-civil`). ECMA-402 refuses a `numberingSystem` or `calendar` option that
/// is not one with a RangeError.
pub(crate) fn is_unicode_type(value: &str) -> bool {
    value.split('-').all(|part| (3..=8).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// ECMA-402's `localeMatcher` option of every `Intl` constructor and of `supportedLocalesOf`
/// (`class` is what Node's message names: `NumberFormat`, `DateTimeFormat.supportedLocalesOf`).
/// Checked and otherwise without effect: one matcher picks every locale.
///
/// Errors: [`IntlError::Range`] for a value other than `lookup` or `best fit`, with Node's
/// message (`Value x out of range for Intl.ListFormat options property localeMatcher`).
pub(crate) fn check_locale_matcher(class: &str, value: &Option<String>) -> Result<(), IntlError> {
    get_option(class, "localeMatcher", value, &["lookup", "best fit"], "best fit").map(drop)
}
