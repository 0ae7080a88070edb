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

/// Parses a BCP 47 tag, as `(locale, long language)`.
///
/// ICU4X's language subtag holds two or three letters; BCP 47 also allows five to eight
/// (`"default"`, `"english"`: `date.toLocaleString('default', { month: 'long' })` is a common
/// idiom), a language CLDR has no data for. Node 20 accepts such a tag, resolves it to
/// [`DEFAULT_LOCALE`] and keeps it in `Intl.getCanonicalLocales`. Here it parses with `und` in
/// its place, and the subtag comes back beside it, lower-cased.
///
/// Errors: [`IntlError::Range`] `Incorrect locale information provided` for a malformed tag.
fn parse_tag(tag: &str) -> Result<(Locale, Option<String>), IntlError> {
    let incorrect = || IntlError::Range("Incorrect locale information provided".into());
    if let Ok(locale) = Locale::try_from_str(tag) {
        return Ok((locale, None));
    }
    let (language, rest) = tag.split_at(tag.find('-').unwrap_or(tag.len()));
    if !(5..=8).contains(&language.len()) || !language.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(incorrect());
    }
    let locale = Locale::try_from_str(&format!("und{rest}")).map_err(|_| incorrect())?;
    Ok((locale, Some(language.to_ascii_lowercase())))
}

/// Parses a BCP-47 tag (`None` → [`DEFAULT_LOCALE`]).
///
/// Errors: [`IntlError::Range`] `Incorrect locale information provided` for a malformed tag.
pub fn resolve_locale(tag: Option<&str>) -> Result<ResolvedLocale, IntlError> {
    let raw = tag.unwrap_or(DEFAULT_LOCALE);
    let mut locale = parse_tag(raw)?.0;
    // CLDR's aliases first (`iw` → `he`, `tl` → `fil`), as Node resolves them.
    icu_locale::LocaleCanonicalizer::new_extended().canonicalize(&mut locale);
    // A language CLDR has no data for (`xx`) gets the default locale, as in Node, not the
    // root locale's bare patterns ("+3 h").
    if !locale.id.language.is_unknown() && !has_locale_data(&locale) {
        locale = Locale::try_from_str(DEFAULT_LOCALE).expect("valid");
    }
    // `und`, with a region or script or not, is the default locale, as in Node 20 (`und-GB`:
    // en-US).
    if locale.id.language.is_unknown() {
        return Ok(ResolvedLocale { tag: DEFAULT_LOCALE.to_string(), locale: Locale::try_from_str(DEFAULT_LOCALE).expect("valid") });
    }
    Ok(ResolvedLocale { tag: locale.id.to_string(), locale })
}

/// A requested tag parsed and canonicalized (CLDR's aliases: `iw` → `he`), without falling back
/// for a language that has no data of one kind or another: a class whose data covers other
/// languages (collation: Northern Sami, Greenlandic) decides that itself. `None` →
/// [`DEFAULT_LOCALE`]; `und` becomes it too.
///
/// Errors: [`IntlError::Range`] `Incorrect locale information provided` for a malformed tag.
pub(crate) fn canonical_locale(tag: Option<&str>) -> Result<Locale, IntlError> {
    let mut locale = parse_tag(tag.unwrap_or(DEFAULT_LOCALE))?.0;
    icu_locale::LocaleCanonicalizer::new_extended().canonicalize(&mut locale);
    if locale.id.language.is_unknown() {
        let extensions = locale.extensions.clone();
        locale = Locale::try_from_str(DEFAULT_LOCALE).expect("valid");
        locale.extensions = extensions;
    }
    Ok(locale)
}

/// Whether CLDR (as compiled into ICU4X) has data of its own for `locale`'s language, rather
/// than only the root locale's: told by the relative-time words ("yesterday"), which every
/// language CLDR covers has and root has not.
pub(crate) fn has_locale_data(locale: &Locale) -> bool {
    use icu_experimental::relativetime::provider::DatetimeRelativeDayLongV1;
    use icu_provider::prelude::*;
    let language = icu_locale_core::LanguageIdentifier::from((locale.id.language, None, None));
    let data_locale = DataLocale::from(&language);
    let request = DataRequest { id: DataIdentifierBorrowed::for_locale(&data_locale), ..Default::default() };
    match DataProvider::<DatetimeRelativeDayLongV1>::load(&icu_experimental::provider::Baked, request) {
        Ok(response) => !response.metadata.locale.is_some_and(|served| served.is_unknown()),
        Err(_) => false,
    }
}

/// The tags of `tags` (canonical, without duplicates) for which CLDR has data:
/// `Intl.*.supportedLocalesOf`.
///
/// Errors: as [`canonical_locales`].
pub fn supported_locales(tags: &[String]) -> Result<Vec<String>, IntlError> {
    Ok(canonical_locales(tags)?
        .into_iter()
        .filter(|tag| Locale::try_from_str(tag).is_ok_and(|l| !l.id.language.is_unknown() && has_locale_data(&l)))
        .collect())
}

/// `Intl.getCanonicalLocales(tags)`: each tag in its canonical form (case, subtag order and
/// CLDR's aliases: `EN-us` → `en-US`, `iw` → `he`), without duplicates, in the order given.
///
/// Errors: [`IntlError::Range`] `Incorrect locale information provided` (Node's message) for a
/// tag that is not well-formed BCP 47.
pub fn canonical_locales(tags: &[String]) -> Result<Vec<String>, IntlError> {
    let canonicalizer = icu_locale::LocaleCanonicalizer::new_extended();
    let mut out: Vec<String> = Vec::new();
    for tag in tags {
        let (mut locale, long_language) = parse_tag(tag)?;
        canonicalizer.canonicalize(&mut locale);
        let canonical = match long_language {
            // `und` stood in for it.
            Some(language) => match locale.to_string().strip_prefix("und") {
                Some(rest) => format!("{language}{rest}"),
                None => locale.to_string(),
            },
            None => locale.to_string(),
        };
        if !out.contains(&canonical) {
            out.push(canonical);
        }
    }
    Ok(out)
}

/// The tags a table generated from Node (the date skeletons of `ymd_patterns.rs` and
/// `ms_patterns.rs`, the units of `unit_patterns.rs`) is searched by for `locale`, most specific first:
/// language-region, language-script, language.
pub(crate) fn table_keys(locale: &Locale) -> Vec<String> {
    let id = &locale.id;
    let language = id.language.as_str();
    let mut keys = Vec::new();
    if let Some(region) = id.region {
        keys.push(format!("{language}-{region}"));
    }
    if let Some(script) = id.script {
        keys.push(format!("{language}-{script}"));
    }
    keys.push(language.to_string());
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_resolve_and_a_language_without_data_gets_the_default() {
        assert_eq!(resolve_locale(Some("iw")).unwrap().tag, "he");
        assert_eq!(resolve_locale(Some("tl")).unwrap().tag, "fil");
        assert_eq!(resolve_locale(Some("xx")).unwrap().tag, "en-US");
        assert_eq!(resolve_locale(Some("de-AT")).unwrap().tag, "de-AT");
        assert_eq!(resolve_locale(Some("ja")).unwrap().tag, "ja");
        assert_eq!(resolve_locale(Some("und-GB")).unwrap().tag, "en-US");
        // Review 32: a five-to-eight-letter language is well-formed, and has no data (Node 20).
        for tag in ["default", "Default", "english", "default-GB", "default-u-nu-arab", "abcdefgh-Latn-US"] {
            assert_eq!(resolve_locale(Some(tag)).unwrap().tag, "en-US", "{tag}");
        }
        assert_eq!(canonical_locales(&["Default-gb".into(), "english".into()]).unwrap(), ["default-GB", "english"]);
        assert_eq!(supported_locales(&["default".into(), "de".into()]).unwrap(), ["de"]);
        for tag in ["abcdefghi", "abcd", "defau1t", "default-", "default--GB"] {
            assert!(resolve_locale(Some(tag)).is_err(), "{tag}");
        }
    }

    fn canonical(tags: &[&str]) -> Result<Vec<String>, IntlError> {
        canonical_locales(&tags.iter().map(|t| t.to_string()).collect::<Vec<_>>())
    }

    // Expected values are what Node 20 prints.
    #[test]
    fn canonical_locales_match_node() {
        assert_eq!(
            canonical(&["en-us", "EN-US", "de-de", "iw", "zh-hant-tw", "sr-latn-rs", "en-u-ca-gregory", "und"]).unwrap(),
            ["en-US", "de-DE", "he", "zh-Hant-TW", "sr-Latn-RS", "en-u-ca-gregory", "und"]
        );
        assert_eq!(canonical(&["en-US-u-kn-true"]).unwrap(), ["en-US-u-kn"]);
        let supported = supported_locales(&["EN-us", "tlh", "und", "de"].map(String::from)).unwrap();
        assert_eq!(supported, ["en-US", "de"]);
        for bad in ["en_US", "", "x-private"] {
            assert_eq!(canonical(&[bad]).unwrap_err(), IntlError::Range("Incorrect locale information provided".into()), "{bad}");
        }
    }
}
