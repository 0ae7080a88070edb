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

/// The digits (zero to nine) of the system `digit` belongs to: `0123456789` for an ASCII digit
/// or one of no listed system.
fn digits_of(digit: char) -> &'static str {
    DIGITS.iter().find(|(_, digits)| digits.contains(digit)).map_or("0123456789", |(_, digits)| digits)
}

/// `ascii` (ASCII digits) written in the digits of the system `sample` (any of its digits)
/// belongs to: `("٣", "24")` → `٢٤`.
pub(crate) fn in_digits_of(sample: char, ascii: &str) -> String {
    let digits: Vec<char> = digits_of(sample).chars().collect();
    ascii.chars().map(|c| c.to_digit(10).map_or(c, |d| digits[d as usize])).collect()
}

/// Whether `c` is the zero of some numbering system (`0`, `٠`, `〇`, …).
pub(crate) fn is_zero(c: char) -> bool {
    c == '0' || DIGITS.iter().any(|(_, digits)| digits.starts_with(c))
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
    match kept(requested, option, resolved) {
        Some(nu) => format!("{tag}-u-nu-{nu}"),
        None => tag.to_owned(),
    }
}

/// The requested `-u-nu` that `resolvedOptions().locale` keeps ([`tag_with_nu`]), if any.
pub(crate) fn kept<'a>(requested: Option<&'a str>, option: Option<&str>, resolved: &str) -> Option<&'a str> {
    requested.filter(|nu| *nu == resolved && option.is_none_or(|o| o == *nu))
}

/// Puts a `numberingSystem` option into `locale` as its `-u-nu` (ECMA-402: the option overrides
/// the tag's; a well-formed system the data lacks writes the locale's own digits).
///
/// # Errors
/// [`IntlError::Range`] `Invalid numberingSystem : <value>` (Node's message) for a value that is
/// not a Unicode `type`: parts of 3 to 8 letters and digits, joined by `-`.
pub(crate) fn apply_option(locale: &mut Locale, option: Option<&str>) -> Result<(), IntlError> {
    let Some(nu) = option else { return Ok(()) };
    // ECMA-402: a Unicode `type` (`thai`, `thai-latn`), or a RangeError.
    if !crate::options::is_unicode_type(nu) {
        return Err(IntlError::Range(format!("Invalid numberingSystem : {nu}")));
    }
    // The option replaces the tag's `-u-nu` whatever it is (Node 20: `en-u-nu-arab` with `THAI`
    // or `bogus` writes Latin digits). A name Node lists is honoured; any other (`roman`,
    // `bogus`, and `THAI` or `thai-latn`, which ICU4X would read as `thai`) writes the locale's
    // own digits.
    if crate::supported_values::is_numbering_system(nu) {
        let value = icu_locale_core::extensions::unicode::Value::try_from_str(nu)
            .map_err(|_| IntlError::Range(format!("Invalid numberingSystem : {nu}")))?;
        locale.extensions.unicode.keywords.set(key!("nu"), value);
    } else {
        locale.extensions.unicode.keywords.remove(key!("nu"));
    }
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
            // Not a system's name as Node lists it: the locale's own digits.
            ("en", "THAI", "en", "latn"),
            ("ar-EG", "THAI", "ar-EG", "arab"),
            ("en-u-nu-arab", "THAI", "en", "latn"),
            ("ar-EG", "thai-latn", "ar-EG", "arab"),
            ("ar-EG", "bogus", "ar-EG", "arab"),
            ("en", "thai-latn", "en", "latn"),
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

    // Node 20's strings and parts (review 43): two-digit fields, h24's 24 and the split of
    // seconds in other systems' digits; ICU4X writes one digit or the full year and `0` there.
    #[test]
    fn dates_in_other_digits_keep_two_digit_fields_and_seconds() {
        let dtf = |locale: &str, options: serde_json::Value| {
            DateTimeFormatter::try_new(Some(locale), &serde_json::from_value(options).unwrap(), Defaults::Date).unwrap()
        };
        let d = 1_709_597_289_045.0; // 2024-03-05T00:08:09.045Z
        let two = |nu: Option<&str>| {
            serde_json::json!({ "timeZone": "UTC", "year": "2-digit", "month": "2-digit", "day": "2-digit", "numberingSystem": nu })
        };
        assert_eq!(dtf("en", two(Some("thai"))).format(d).unwrap(), "๐๓/๐๕/๒๔");
        assert_eq!(dtf("en", two(Some("hanidec"))).format(d).unwrap(), "〇三/〇五/二四");
        assert_eq!(dtf("en-u-nu-deva", two(None)).format(d).unwrap(), "०३/०५/२४");
        assert_eq!(dtf("bn", two(None)).format(d).unwrap(), "০৫/০৩/২৪");
        assert_eq!(dtf("en", two(Some("latn"))).format(d).unwrap(), "03/05/24");
        let h24 = serde_json::json!({ "timeZone": "UTC", "hour": "numeric", "hourCycle": "h24", "numberingSystem": "arab" });
        assert_eq!(dtf("en", h24).format(d).unwrap(), "٢٤");
        let parts = |f: &DateTimeFormatter, at: f64| {
            f.format_to_parts(at).unwrap().iter().map(|p| format!("{}={}", p.kind, p.value)).collect::<Vec<_>>().join("|")
        };
        let hms = serde_json::json!({ "numberingSystem": "hanidec", "timeZone": "UTC", "hour": "numeric", "minute": "numeric", "second": "numeric", "hourCycle": "h23" });
        assert_eq!(parts(&dtf("en", hms), 1_709_642_098_000.0), "hour=一二|literal=:|minute=三四|literal=:|second=五八");
        let fractional = serde_json::json!({ "numberingSystem": "hanidec", "timeZone": "UTC", "minute": "numeric", "second": "numeric", "fractionalSecondDigits": 2 });
        assert_eq!(parts(&dtf("en", fractional), d), "minute=〇八|literal=:|second=〇九|literal=.|fractionalSecond=〇四");
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
