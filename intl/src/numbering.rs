//! Numbering systems: which digits are digits, and which system a formatter writes in, by its
//! CLDR name, as `resolvedOptions()` reports it (`numberingSystem`, and the `-u-nu` kept in
//! `locale`).

use fixed_decimal::Decimal;
use icu_decimal::DecimalFormatter;
use icu_locale_core::extensions::unicode::key;
use icu_locale_core::Locale;

use crate::numbering_systems::DIGITS;
use crate::IntlError;

/// Whether `c` is a digit of some numbering system: Unicode's numeric characters, and the
/// ideographs of `hanidec` (一 to 九), which Unicode counts as letters. Without them a probe
/// in `-u-nu-hanidec` had no digits and its sign was lost (`-5` printed `五`).
pub(crate) fn is_digit(c: char) -> bool {
    c.is_numeric() || matches!(c, '一' | '二' | '三' | '四' | '五' | '六' | '七' | '八' | '九')
}

/// The numbering system whose digits `formatter` writes: its locale's `-u-nu` when ICU4X has
/// those digits, the locale's own otherwise (Node 20: `fa` → `arabext`, `ar-EG` → `arab`, `ar`
/// → `latn`, `en-u-nu-roman` → `latn`).
pub(crate) fn written_by(formatter: &DecimalFormatter) -> &'static str {
    let zero = formatter.format(&Decimal::from(0)).to_string();
    zero.chars()
        .find(|&c| is_digit(c))
        .and_then(|c| DIGITS.iter().find(|(_, digits)| digits.starts_with(c)))
        .map_or("latn", |(name, _)| name)
}

/// The numbering system ICU4X writes `locale`'s numbers in (see [`written_by`]).
pub(crate) fn of_locale(locale: &Locale) -> &'static str {
    DecimalFormatter::try_new(locale.into(), Default::default()).map_or("latn", |f| written_by(&f))
}

/// `resolvedOptions().locale`: `tag` with `-u-nu-<resolved>` when the requested tag asked for
/// that system (`requested`: its `-u-nu`) and no `numberingSystem` option overrode it with
/// another (ECMA-402 ResolveLocale: a supported extension stays, `zh-u-nu-hanidec`; one the
/// data cannot honour goes, `en-u-nu-roman` → `en`).
pub(crate) fn tag_with_nu(tag: &str, requested: Option<&str>, option: Option<&str>, resolved: &str) -> String {
    match requested {
        Some(nu) if nu == resolved && option.is_none_or(|o| o == nu) => format!("{tag}-u-nu-{nu}"),
        _ => tag.to_owned(),
    }
}

/// Puts a `numberingSystem` option into `locale` as its `-u-nu` (ECMA-402: the option overrides
/// the tag's; a well-formed system the data lacks writes the locale's own digits).
///
/// # Errors
/// [`IntlError::Range`] `Invalid numberingSystem : <value>` (Node's message) for a value that is
/// not 3 to 8 letters and digits.
pub(crate) fn apply_option(locale: &mut Locale, option: Option<&str>) -> Result<(), IntlError> {
    let Some(nu) = option else { return Ok(()) };
    let value = icu_locale_core::extensions::unicode::Value::try_from_str(nu)
        .ok()
        .filter(|_| (3..=8).contains(&nu.len()) && nu.bytes().all(|b| b.is_ascii_alphanumeric()))
        .ok_or_else(|| IntlError::Range(format!("Invalid numberingSystem : {nu}")))?;
    locale.extensions.unicode.keywords.set(key!("nu"), value);
    Ok(())
}

/// The `-u-nu` keyword of `locale`, if it has one.
pub(crate) fn requested(locale: &Locale) -> Option<String> {
    locale.extensions.unicode.keywords.get(&key!("nu")).map(|v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datetime::{DateTimeFormatter, DateTimeOptions, Defaults};
    use crate::number::NumberFormatter;
    use crate::relative::RelativeTimeFormat;

    // Node 20's `resolvedOptions()` (locale, numberingSystem), the same for NumberFormat,
    // DateTimeFormat and RelativeTimeFormat. Before, every one said `latn` and dropped `-u-nu`.
    #[test]
    fn resolved_options_name_the_digits_written() {
        for (requested, locale, nu) in [
            ("zh-u-nu-hanidec", "zh-u-nu-hanidec", "hanidec"),
            ("ar", "ar", "latn"),
            ("fa", "fa", "arabext"),
            ("ar-u-nu-latn", "ar-u-nu-latn", "latn"),
            ("en-u-nu-roman", "en", "latn"),
            ("en-u-nu-bogus", "en", "latn"),
            ("bn", "bn", "beng"),
            ("th-u-nu-thai", "th-u-nu-thai", "thai"),
            ("ar-EG", "ar-EG", "arab"),
            ("mr", "mr", "deva"),
            // Node: "en-u-nu-fullwide", "fullwide" and the digits `０１２`; ICU4X's data has no
            // such digits and writes Latin ones, which the resolved options say.
            ("en-u-nu-fullwide", "en", "latn"),
            ("en-US", "en-US", "latn"),
            ("de-u-nu-arab", "de-u-nu-arab", "arab"),
        ] {
            let n = NumberFormatter::try_new(Some(requested), &Default::default()).unwrap();
            let n = n.resolved_options();
            assert_eq!((n.locale.as_str(), n.numbering_system.as_str()), (locale, nu), "NumberFormat {requested}");
            let d = DateTimeFormatter::try_new(Some(requested), &DateTimeOptions::default(), Defaults::Date).unwrap();
            let d = d.resolved_options();
            assert_eq!((d.locale.as_str(), d.numbering_system.as_str()), (locale, nu), "DateTimeFormat {requested}");
            let r = RelativeTimeFormat::try_new(Some(requested), &Default::default()).unwrap();
            let r = r.resolved_options();
            assert_eq!((r.locale.as_str(), r.numbering_system.as_str()), (locale, nu), "RelativeTimeFormat {requested}");
        }
        // The option overrides the tag's; the tag keeps its `-u-nu` only when the two agree.
        for (requested, option, locale, nu) in [
            ("en", "arab", "en", "arab"),
            ("en-u-nu-thai", "arab", "en", "arab"),
            ("en-u-nu-arab", "arab", "en-u-nu-arab", "arab"),
            ("en-u-nu-arab", "roman", "en", "latn"),
        ] {
            let options = serde_json::json!({ "numberingSystem": option });
            let n = NumberFormatter::try_new(Some(requested), &serde_json::from_value(options.clone()).unwrap()).unwrap();
            let n = n.resolved_options();
            assert_eq!((n.locale.as_str(), n.numbering_system.as_str()), (locale, nu), "NumberFormat {requested} {option}");
            let d = DateTimeFormatter::try_new(Some(requested), &serde_json::from_value(options.clone()).unwrap(), Defaults::Date).unwrap();
            let d = d.resolved_options();
            assert_eq!((d.locale.as_str(), d.numbering_system.as_str()), (locale, nu), "DateTimeFormat {requested} {option}");
            let r = RelativeTimeFormat::try_new(Some(requested), &serde_json::from_value(options).unwrap()).unwrap();
            let r = r.resolved_options();
            assert_eq!((r.locale.as_str(), r.numbering_system.as_str()), (locale, nu), "RelativeTimeFormat {requested} {option}");
        }
        // The digits follow (Node 20's strings), and a malformed system is Node's RangeError.
        let options = |nu: &str| serde_json::json!({ "numberingSystem": nu, "timeZone": "UTC" });
        let d = DateTimeFormatter::try_new(Some("en-u-nu-thai"), &serde_json::from_value(options("arab")).unwrap(), Defaults::Date).unwrap();
        assert_eq!(d.format(0.0).unwrap(), "١/١/١٩٧٠");
        let r = RelativeTimeFormat::try_new(Some("en-u-nu-thai"), &serde_json::from_value(serde_json::json!({ "numberingSystem": "arab" })).unwrap()).unwrap();
        assert_eq!(r.format(3.0, "day").unwrap(), "in ٣ days");
        fn bad<T: serde::de::DeserializeOwned>() -> T {
            serde_json::from_value(serde_json::json!({ "numberingSystem": "x" })).unwrap()
        }
        let message = "Invalid numberingSystem : x";
        assert_eq!(NumberFormatter::try_new(Some("en"), &bad()).unwrap_err().to_string(), message);
        assert_eq!(DateTimeFormatter::try_new(Some("en"), &bad(), Defaults::Date).unwrap_err().to_string(), message);
        assert_eq!(RelativeTimeFormat::try_new(Some("en"), &bad()).unwrap_err().to_string(), message);
    }

    #[test]
    fn every_digit_of_every_system_is_a_digit_and_names_its_system() {
        for (name, digits) in DIGITS {
            assert_eq!(digits.chars().count(), 10, "{name}");
            assert!(digits.chars().all(is_digit), "{name}: {digits}");
            let zero = digits.chars().next().unwrap();
            assert_eq!(DIGITS.iter().find(|(_, d)| d.starts_with(zero)).unwrap().0, *name, "zero digits are unique");
        }
    }
}
