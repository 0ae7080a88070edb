//! `Intl.Locale`: a parsed BCP 47 tag with its options applied, `maximize`/`minimize` (CLDR's
//! likely subtags) and `textInfo`, on ICU4X's `icu_locale_core` and `icu_locale`. The engine's
//! own stub accepted any tag, ignored its options and dropped `-u-` keywords.
//!
//! (`locale.rs` is locale *resolution* for the other classes; this is the class.)

use crate::IntlError;
use icu_locale::{LocaleCanonicalizer, LocaleDirectionality, LocaleExpander};
use icu_locale_core::extensions::unicode::{Key, Value};
use icu_locale_core::subtags::{Language, Region, Script};
use icu_locale_core::Locale;
use serde::{Deserialize, Serialize};

/// The options of `new Intl.Locale(tag, options)` (ECMA-402 §14.1.1), as `intl.js` reads
/// them: strings as given (`ToString`), `numeric` as a boolean.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocaleOptions {
    /// Replaces the language subtag (2–3 or 5–8 letters).
    pub language: Option<String>,
    /// Replaces the script subtag (4 letters).
    pub script: Option<String>,
    /// Replaces the region subtag (2 letters or 3 digits).
    pub region: Option<String>,
    /// `-u-ca-` (a Unicode type: 3–8 alphanumerics, `-`-separated).
    pub calendar: Option<String>,
    /// `-u-co-`.
    pub collation: Option<String>,
    /// `-u-hc-`: `h11`, `h12`, `h23` or `h24`.
    pub hour_cycle: Option<String>,
    /// `-u-kf-`: `upper`, `lower` or `false`.
    pub case_first: Option<String>,
    /// `-u-kn-` (`true` is written as the bare key, `kn`).
    pub numeric: Option<bool>,
    /// `-u-nu-`.
    pub numbering_system: Option<String>,
}

/// What the getters of an `Intl.Locale` return; a field that is `None` is `undefined` in JS
/// (and left out of the JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LocaleInfo {
    /// `toString()`: the canonical tag with its extensions (`en-GB-u-hc-h12`).
    pub tag: String,
    /// `language[-script][-region][-variants]`.
    pub base_name: String,
    /// The language subtag (`und` when unknown).
    pub language: String,
    /// The script subtag (`Latn`), if the tag has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script: Option<String>,
    /// The region subtag (`US`, `419`), if the tag has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<String>,
    /// `-u-ca-` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calendar: Option<String>,
    /// `-u-kf-` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case_first: Option<String>,
    /// `-u-co-` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collation: Option<String>,
    /// `-u-hc-` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hour_cycle: Option<String>,
    /// Whether `-u-kn` is present as `kn` or `kn-true` (always a boolean, as in Node).
    pub numeric: bool,
    /// `-u-nu-` value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numbering_system: Option<String>,
}

fn incorrect() -> IntlError {
    IntlError::Range("Incorrect locale information provided".into())
}

fn keyword(locale: &Locale, key: &str) -> Option<String> {
    let key = Key::try_from_str(key).ok()?;
    locale.extensions.unicode.keywords.get(&key).map(|v| v.to_string())
}

fn parse(tag: &str) -> Result<Locale, IntlError> {
    let mut locale = Locale::try_from_str(tag).map_err(|_| incorrect())?;
    // CLDR's aliases, as Node canonicalizes (`iw` → `he`).
    LocaleCanonicalizer::new_extended().canonicalize(&mut locale);
    Ok(locale)
}

/// `new Intl.Locale(tag, options)`: `tag` parsed, the options applied over it, canonicalized.
///
/// Errors: [`IntlError::Range`] `Incorrect locale information provided` (Node's message) for a
/// malformed tag or a malformed `language`/`script`/`region`/`calendar`/`collation`/
/// `numberingSystem` option; `Value h25 out of range for locale options property hourCycle`
/// (and the same for `caseFirst`) for a value outside its set.
pub fn locale_new(tag: &str, options: &LocaleOptions) -> Result<LocaleInfo, IntlError> {
    let mut locale = Locale::try_from_str(tag).map_err(|_| incorrect())?;
    if let Some(l) = &options.language {
        // `Language` would also take "und" and 4-letter forms ECMA-402 refuses here.
        if l.len() == 4 {
            return Err(incorrect());
        }
        locale.id.language = Language::try_from_str(l).map_err(|_| incorrect())?;
    }
    if let Some(s) = &options.script {
        locale.id.script = Some(Script::try_from_str(s).map_err(|_| incorrect())?);
    }
    if let Some(r) = &options.region {
        locale.id.region = Some(Region::try_from_str(r).map_err(|_| incorrect())?);
    }
    let choice = |name: &str, value: &Option<String>, allowed: &[&str]| -> Result<Option<String>, IntlError> {
        match value.as_deref() {
            Some(v) if !allowed.contains(&v) => {
                Err(IntlError::Range(format!("Value {v} out of range for locale options property {name}")))
            }
            v => Ok(v.map(str::to_owned)),
        }
    };
    let typed = |value: &Option<String>| -> Result<Option<String>, IntlError> {
        match value.as_deref() {
            Some(v) if !crate::options::is_unicode_type(v) => Err(incorrect()),
            v => Ok(v.map(str::to_owned)),
        }
    };
    // ECMA-402's order of reading (and so of errors).
    let calendar = typed(&options.calendar)?;
    let collation = typed(&options.collation)?;
    let hour_cycle = choice("hourCycle", &options.hour_cycle, &["h11", "h12", "h23", "h24"])?;
    let case_first = choice("caseFirst", &options.case_first, &["upper", "lower", "false"])?;
    let numeric = options.numeric.map(|b| b.to_string());
    let numbering_system = typed(&options.numbering_system)?;
    for (key, value) in [
        ("ca", calendar),
        ("co", collation),
        ("hc", hour_cycle),
        ("kf", case_first),
        ("kn", numeric),
        ("nu", numbering_system),
    ] {
        if let Some(v) = value {
            let key = Key::try_from_str(key).expect("valid key");
            let value = Value::try_from_str(&v.to_ascii_lowercase()).map_err(|_| incorrect())?;
            locale.extensions.unicode.keywords.set(key, value);
        }
    }
    LocaleCanonicalizer::new_extended().canonicalize(&mut locale);
    Ok(info(&locale))
}

fn info(locale: &Locale) -> LocaleInfo {
    let kn = keyword(locale, "kn");
    LocaleInfo {
        tag: locale.to_string(),
        base_name: locale.id.to_string(),
        language: locale.id.language.to_string(),
        script: locale.id.script.map(|s| s.to_string()),
        region: locale.id.region.map(|r| r.to_string()),
        calendar: keyword(locale, "ca"),
        case_first: keyword(locale, "kf"),
        collation: keyword(locale, "co"),
        hour_cycle: keyword(locale, "hc"),
        numeric: matches!(kn.as_deref(), Some("" | "true")),
        numbering_system: keyword(locale, "nu"),
    }
}

/// `Intl.Locale.prototype.maximize` (`maximize: true`, CLDR's likely subtags added:
/// `zh-TW` → `zh-Hant-TW`, `und` → `en-Latn-US`) or `minimize` (`false`: the likely ones
/// removed, keeping the region rather than the script: `zh-Hant-TW` → `zh-TW`), of a tag an
/// `Intl.Locale` holds. Extensions are kept.
///
/// Errors: [`IntlError::Range`] for a malformed tag.
pub fn locale_expand(tag: &str, maximize: bool) -> Result<String, IntlError> {
    let mut locale = parse(tag)?;
    let expander = LocaleExpander::new_extended();
    if maximize {
        // CLDR's likely subtags take `und` to `en-Latn-US` (Node does); ICU4X leaves a bare
        // `und` as it is.
        if locale.id.language.is_unknown() && locale.id.script.is_none() && locale.id.region.is_none() {
            locale.id.language = icu_locale_core::subtags::language!("en");
        }
        expander.maximize(&mut locale.id);
    } else {
        expander.minimize(&mut locale.id);
    }
    Ok(locale.to_string())
}

/// `Intl.Locale.prototype.textInfo.direction` of a tag: `"rtl"` or `"ltr"` (the script's
/// direction, from the likely script when the tag has none).
///
/// Errors: [`IntlError::Range`] for a malformed tag.
pub fn locale_direction(tag: &str) -> Result<&'static str, IntlError> {
    let locale = parse(tag)?;
    Ok(if LocaleDirectionality::new_extended().is_right_to_left(&locale.id) { "rtl" } else { "ltr" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(tag: &str) -> LocaleInfo {
        locale_new(tag, &Default::default()).unwrap()
    }

    // node -e 'const L=Intl.Locale; console.log(new L("en-Latn-US").maximize().toString(), …)'
    #[test]
    fn maximize_and_minimize_match_node() {
        let max = |t| locale_expand(t, true).unwrap();
        let min = |t| locale_expand(t, false).unwrap();
        assert_eq!(max("en-Latn-US"), "en-Latn-US");
        assert_eq!(max("zh-TW"), "zh-Hant-TW");
        assert_eq!(max("en"), "en-Latn-US");
        assert_eq!(max("und"), "en-Latn-US");
        assert_eq!(max("und-u-ca-gregory"), "en-Latn-US-u-ca-gregory");
        assert_eq!(max("und-TW"), "zh-Hant-TW");
        assert_eq!(max("und-Cyrl"), "ru-Cyrl-RU");
        assert_eq!(max("de-DE-u-ca-gregory"), "de-Latn-DE-u-ca-gregory");
        assert_eq!(min("en-Latn-US"), "en");
        assert_eq!(min("zh-Hant-TW"), "zh-TW");
        assert_eq!(min("sr-Cyrl-RS"), "sr");
        assert_eq!(min("de-Latn-DE-u-ca-gregory"), "de-u-ca-gregory");
    }

    // node -e 'const l=new Intl.Locale("de-DE-u-ca-gregory-hc-h23"); console.log(l.toString(), l.calendar, l.hourCycle, …)'
    #[test]
    fn properties_and_keywords_match_node() {
        let de = new("de-DE-u-ca-gregory-hc-h23");
        assert_eq!(
            serde_json::to_value(&de).unwrap(),
            serde_json::json!({"tag": "de-DE-u-ca-gregory-hc-h23", "baseName": "de-DE", "language": "de",
                "region": "DE", "calendar": "gregory", "hourCycle": "h23", "numeric": false})
        );
        let en = new("en-u-kn-kf-upper-co-phonebk-nu-arab");
        assert_eq!(en.tag, "en-u-co-phonebk-kf-upper-kn-nu-arab");
        assert_eq!(
            (en.case_first.as_deref(), en.collation.as_deref(), en.numeric, en.numbering_system.as_deref()),
            (Some("upper"), Some("phonebk"), true, Some("arab"))
        );
        let off = new("en-u-kn-false");
        assert_eq!((off.tag.as_str(), off.numeric), ("en-u-kn-false", false));
        let latn = new("EN-latn-us");
        assert_eq!((latn.tag.as_str(), latn.script.as_deref(), latn.region.as_deref()), ("en-Latn-US", Some("Latn"), Some("US")));
        assert_eq!(new("iw").tag, "he");
    }

    // node -e 'console.log(new Intl.Locale("en",{region:"GB",hourCycle:"h12"}).toString())'
    #[test]
    fn options_are_applied_as_in_node() {
        let gb = LocaleOptions { region: Some("GB".into()), hour_cycle: Some("h12".into()), ..Default::default() };
        assert_eq!(locale_new("en", &gb).unwrap().tag, "en-GB-u-hc-h12");
        let all = LocaleOptions {
            language: Some("fr".into()),
            script: Some("Latn".into()),
            calendar: Some("islamic".into()),
            case_first: Some("lower".into()),
            collation: Some("emoji".into()),
            numeric: Some(true),
            numbering_system: Some("thai".into()),
            ..Default::default()
        };
        assert_eq!(locale_new("en", &all).unwrap().tag, "fr-Latn-u-ca-islamic-co-emoji-kf-lower-kn-nu-thai");
        let ca = LocaleOptions { region: Some("CA".into()), ..Default::default() };
        assert_eq!(locale_new("en-US", &ca).unwrap().tag, "en-CA");
    }

    // node -e 'try{new Intl.Locale("x")}catch(e){console.log(String(e))}' (and the others)
    #[test]
    fn errors_match_node() {
        let incorrect = IntlError::Range("Incorrect locale information provided".into());
        assert_eq!(locale_new("x", &Default::default()).unwrap_err(), incorrect);
        assert_eq!(locale_new("en_US", &Default::default()).unwrap_err(), incorrect);
        for bad in [
            LocaleOptions { region: Some("1".into()), ..Default::default() },
            LocaleOptions { language: Some("12".into()), ..Default::default() },
            LocaleOptions { calendar: Some("a".into()), ..Default::default() },
        ] {
            assert_eq!(locale_new("en", &bad).unwrap_err(), incorrect, "{bad:?}");
        }
        let hc = LocaleOptions { hour_cycle: Some("h25".into()), ..Default::default() };
        assert_eq!(
            locale_new("en", &hc).unwrap_err(),
            IntlError::Range("Value h25 out of range for locale options property hourCycle".into())
        );
        let kf = LocaleOptions { case_first: Some("x".into()), ..Default::default() };
        assert_eq!(
            locale_new("en", &kf).unwrap_err(),
            IntlError::Range("Value x out of range for locale options property caseFirst".into())
        );
    }

    // node -e 'console.log(new Intl.Locale("ar").textInfo, new Intl.Locale("en-US").textInfo)'
    #[test]
    fn text_direction_matches_node() {
        assert_eq!(locale_direction("ar").unwrap(), "rtl");
        assert_eq!(locale_direction("he-IL").unwrap(), "rtl");
        assert_eq!(locale_direction("en-US").unwrap(), "ltr");
    }
}
