//! `Intl.DisplayNames`: "United States" for `US`, "Brazilian Portuguese" for `pt-BR`, on
//! ICU4X's experimental `displaynames` (CLDR data). The engine had no `Intl.DisplayNames`.
//! Types `region`, `language` and `script` are supported; `currency`, `calendar` and
//! `dateTimeField` are refused with a `RangeError` rather than answered wrongly.

use crate::locale::resolve_locale;
use crate::options::get_option;
use crate::IntlError;
use icu_experimental::displaynames::multi::{LocaleDisplayNamesFormatter, RegionDisplayNames, ScriptDisplayNames};
use icu_experimental::displaynames::{DisplayNamesOptions as IcuOptions, LanguageDisplay, Style};
use icu_locale_core::subtags::{Region, Script};
use icu_locale_core::Locale;
use serde::{Deserialize, Serialize};

/// The options of `new Intl.DisplayNames(locales, options)` (ECMA-402 §12.1.1).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DisplayNamesOptions {
    /// `lookup` or `best fit` (default); read and checked, as ECMA-402 asks, and otherwise without
    /// effect: one matcher picks every locale ([`crate::resolve_locale`]).
    #[serde(rename = "localeMatcher")]
    pub locale_matcher: Option<String>,
    /// Required: `region`, `language`, `script` (or the unsupported `currency`, `calendar`,
    /// `dateTimeField`).
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// `long` (default), `short` or `narrow`.
    pub style: Option<String>,
    /// `code` (default: an unknown code is answered with itself) or `none` (`undefined`).
    pub fallback: Option<String>,
    /// For `language`: `dialect` (default: "American English") or `standard` ("English (United States)").
    pub language_display: Option<String>,
}

/// What `resolvedOptions()` returns (Node 20's keys, in its order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedDisplayNamesOptions {
    /// The locale (`language[-script][-region]`).
    pub locale: String,
    /// `long`, `short` or `narrow`.
    pub style: String,
    /// `region`, `language` or `script`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `code` or `none`.
    pub fallback: String,
    /// `dialect` or `standard`, for `language` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language_display: Option<String>,
}

#[derive(Debug)]
enum Names {
    Region(RegionDisplayNames),
    Script(ScriptDisplayNames),
    Language(LocaleDisplayNamesFormatter),
}

/// Display names of one type for one locale.
#[derive(Debug)]
pub struct DisplayNames {
    names: Names,
    resolved: ResolvedDisplayNamesOptions,
}

/// Node's message for a missing type or a malformed code.
const INVALID: &str = "invalid_argument";

impl DisplayNames {
    /// Display names for `locale` (`None`: `en-US`) and `options`.
    ///
    /// Errors: [`IntlError::Type`] without a `type` (Node's message, `invalid_argument`);
    /// [`IntlError::Range`] for a malformed locale, an option value outside its set, or a
    /// type trove-host does not support.
    pub fn try_new(locale: Option<&str>, options: &DisplayNamesOptions) -> Result<Self, IntlError> {
        let rl = resolve_locale(locale)?;
        crate::options::check_locale_matcher("DisplayNames", &options.locale_matcher)?;
        let pick = |name: &str, value: &Option<String>, allowed: &[&str]| get_option("DisplayNames", name, value, allowed, allowed[0]);
        let style = pick("style", &options.style, &["long", "short", "narrow"])?;
        if options.kind.is_none() {
            return Err(IntlError::Type(INVALID.into()));
        }
        let kind = pick("type", &options.kind, &["language", "region", "script", "currency", "calendar", "dateTimeField"])?;
        let fallback = pick("fallback", &options.fallback, &["code", "none"])?;
        let language_display = pick("languageDisplay", &options.language_display, &["dialect", "standard"])?;
        let mut icu = IcuOptions::default();
        icu.style = Some(match style.as_str() {
            "short" => Style::Short,
            "narrow" => Style::Narrow,
            _ => Style::Long,
        });
        icu.language_display = if language_display == "standard" { LanguageDisplay::Standard } else { LanguageDisplay::Dialect };
        let prefs = (&rl.locale).into();
        let no_data = |e: icu_provider::DataError| IntlError::Range(format!("no display-name data: {e}"));
        let names = match kind.as_str() {
            "region" => Names::Region(RegionDisplayNames::try_new(prefs, icu).map_err(no_data)?),
            "script" => Names::Script(ScriptDisplayNames::try_new(prefs, icu).map_err(no_data)?),
            "language" => Names::Language(LocaleDisplayNamesFormatter::try_new(prefs, icu).map_err(no_data)?),
            other => return Err(IntlError::Range(format!("Intl.DisplayNames type \"{other}\" is not supported by trove-host"))),
        };
        let language_display = (kind == "language").then_some(language_display);
        Ok(Self { names, resolved: ResolvedDisplayNamesOptions { locale: rl.tag, style, kind, fallback, language_display } })
    }

    /// What `resolvedOptions()` returns.
    pub fn resolved_options(&self) -> &ResolvedDisplayNamesOptions {
        &self.resolved
    }

    /// The display name of `code` (`"US"`, `"pt-BR"`, `"Latn"`). A well-formed code without a
    /// name is answered with itself (`fallback: "code"`) or `None` (`fallback: "none"`); so is
    /// one not in canonical case (`"us"`), as Node 20 answers.
    ///
    /// Errors: [`IntlError::Range`] `invalid_argument` for a malformed code (Node's message).
    pub fn of(&self, code: &str) -> Result<Option<String>, IntlError> {
        let invalid = || IntlError::Range(INVALID.into());
        let found = match &self.names {
            Names::Region(names) => {
                let region = Region::try_from_str(code).map_err(|_| invalid())?;
                (region.as_str() == code).then(|| names.of(region).map(str::to_owned)).flatten()
            }
            Names::Script(names) => {
                let script = Script::try_from_str(code).map_err(|_| invalid())?;
                (script.as_str() == code).then(|| names.of(script).map(str::to_owned)).flatten()
            }
            Names::Language(names) => {
                let locale = Locale::try_from_str(code).map_err(|_| invalid())?;
                if !locale.extensions.is_empty() {
                    return Err(invalid());
                }
                let name = names.of(&locale).into_owned();
                // ICU4X answers an unknown language with its code.
                (name != locale.to_string()).then_some(name)
            }
        };
        Ok(match found {
            Some(name) => Some(name),
            None if self.resolved.fallback == "code" => Some(code.to_owned()),
            None => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(locale: &str, kind: &str, style: Option<&str>) -> DisplayNames {
        let options = DisplayNamesOptions { kind: Some(kind.into()), style: style.map(Into::into), ..Default::default() };
        DisplayNames::try_new(Some(locale), &options).unwrap()
    }

    fn of(d: &DisplayNames, codes: &[&str]) -> Vec<String> {
        codes.iter().map(|c| d.of(c).unwrap().unwrap_or_else(|| "<none>".into())).collect()
    }

    // Expected values are what Node 20 prints.
    #[test]
    fn regions_match_node() {
        assert_eq!(
            of(&names("en", "region", None), &["US", "GB", "DE", "JP", "419", "ZZ", "XK", "us"]),
            ["United States", "United Kingdom", "Germany", "Japan", "Latin America", "Unknown Region", "Kosovo", "us"]
        );
        assert_eq!(of(&names("de", "region", None), &["US", "DE", "CH"]), ["Vereinigte Staaten", "Deutschland", "Schweiz"]);
        // Node 20's CLDR has the short name "US"; ICU4X's newer CLDR has none for it.
        assert_eq!(of(&names("en", "region", Some("short")), &["US", "GB", "HK"]), ["United States", "UK", "Hong Kong"]);
        let none = DisplayNames::try_new(
            Some("en"),
            &DisplayNamesOptions { kind: Some("region".into()), fallback: Some("none".into()), ..Default::default() },
        )
        .unwrap();
        assert_eq!(none.of("QQ").unwrap(), None);
        assert_eq!(names("en", "region", None).of("QQ").unwrap().as_deref(), Some("QQ"));
        assert_eq!(names("en", "region", None).of("USA").unwrap_err(), IntlError::Range(INVALID.into()));
    }

    #[test]
    fn languages_and_scripts_match_node() {
        assert_eq!(
            of(&names("en", "language", None), &["en", "en-US", "fr", "de-AT", "es-419", "xx", "en-GB", "pt-BR"]),
            ["English", "American English", "French", "Austrian German", "Latin American Spanish", "xx", "British English", "Brazilian Portuguese"]
        );
        // Node 20's CLDR says "Traditional Chinese"; ICU4X's newer CLDR names the language.
        assert_eq!(names("en", "language", None).of("zh-Hant").unwrap().as_deref(), Some("Traditional Mandarin Chinese"));
        let standard = DisplayNames::try_new(
            Some("en"),
            &DisplayNamesOptions { kind: Some("language".into()), language_display: Some("standard".into()), ..Default::default() },
        )
        .unwrap();
        // (Node 20: "Chinese (Traditional)" for zh-Hant, from its older CLDR.)
        assert_eq!(of(&standard, &["en-US", "en-GB", "zh-Hant"]), ["English (United States)", "English (United Kingdom)", "Mandarin Chinese (Traditional)"]);
        assert_eq!(
            of(&names("en", "script", None), &["Latn", "Cyrl", "Hant", "Zzzz", "latn"]),
            ["Latin", "Cyrillic", "Traditional", "Unknown Script", "latn"]
        );
        assert_eq!(names("en", "language", None).of("1").unwrap_err(), IntlError::Range(INVALID.into()));
    }

    #[test]
    fn options_and_resolved_options_match_node() {
        assert_eq!(DisplayNames::try_new(Some("en"), &Default::default()).unwrap_err(), IntlError::Type(INVALID.into()));
        assert_eq!(
            serde_json::to_value(names("en-US", "region", None).resolved_options()).unwrap(),
            serde_json::json!({"locale": "en-US", "style": "long", "type": "region", "fallback": "code"})
        );
        assert_eq!(
            DisplayNames::try_new(Some("en"), &DisplayNamesOptions { kind: Some("currency".into()), ..Default::default() }).unwrap_err(),
            IntlError::Range("Intl.DisplayNames type \"currency\" is not supported by trove-host".into())
        );
    }
}
