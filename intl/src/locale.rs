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
/// Errors: [`IntlError::Range`] for a malformed tag, in Node's words ([`malformed`]).
fn parse_tag(tag: &str) -> Result<(Locale, Option<String>), IntlError> {
    let incorrect = || malformed(tag);
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

/// Node's RangeError for a tag that does not parse, as V8 tells two cases apart: a tag that does
/// not begin with a language identifier (`en_US`, `x-private`, `en--US`, `e`) is "Incorrect
/// locale information provided"; one that does, and is malformed after it (`en-`, `en-u-`,
/// `en-a-b`, `en-US-x-`), is "Invalid language tag: " and the tag lower-cased. (`Intl.Locale`
/// says the first in both cases: `locale_class.rs`.)
pub(crate) fn malformed(tag: &str) -> IntlError {
    if starts_with_language_id(tag) {
        IntlError::Range(format!("Invalid language tag: {}", tag.to_ascii_lowercase()))
    } else {
        IntlError::Range("Incorrect locale information provided".into())
    }
}

/// V8's `JSLocale::StartsWithUnicodeLanguageId`: the subtags (split at `-`, one trailing empty
/// subtag dropped, as C++'s `getline` does) begin with a language (2–3 or 5–8 letters), then
/// optionally a script (4 letters), a region (2 letters or 3 digits) and variants (5–8
/// alphanumerics, or a digit and 3), up to the end or to a singleton.
fn starts_with_language_id(tag: &str) -> bool {
    let alpha = |s: &str, lengths: std::ops::RangeInclusive<usize>| lengths.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphabetic());
    let alnum = |s: &str, lengths: std::ops::RangeInclusive<usize>| lengths.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric());
    let mut subtags: Vec<&str> = tag.split('-').collect();
    if subtags.len() > 1 && subtags.last() == Some(&"") {
        subtags.pop();
    }
    let Some((language, rest)) = subtags.split_first() else { return false };
    if !(alpha(language, 2..=3) || alpha(language, 5..=8)) {
        return false;
    }
    let mut rest = rest.iter().copied().peekable();
    if rest.peek().is_some_and(|s| alnum(s, 1..=1)) {
        return true;
    }
    rest.next_if(|s| alpha(s, 4..=4));
    rest.next_if(|s| alpha(s, 2..=2) || (s.len() == 3 && s.bytes().all(|b| b.is_ascii_digit())));
    for subtag in rest {
        if alnum(subtag, 1..=1) {
            return true;
        }
        let variant = alnum(subtag, 5..=8) || (subtag.len() == 4 && subtag.as_bytes()[0].is_ascii_digit() && alnum(subtag, 4..=4));
        if !variant {
            return false;
        }
    }
    true
}

/// Parses a BCP-47 tag (`None` → [`DEFAULT_LOCALE`]).
///
/// Errors: [`IntlError::Range`] for a malformed tag, in Node's words ([`malformed`]).
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
/// Errors: [`IntlError::Range`] for a malformed tag, in Node's words ([`malformed`]).
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
/// Errors: [`IntlError::Range`] for a tag that is not well-formed BCP 47, in Node's words
/// ([`malformed`]).
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
        for bad in ["en_US", "", "x-private", "en--US", "e", "root", "abcdefghi", "-en", "en--"] {
            assert_eq!(canonical(&[bad]).unwrap_err(), IntlError::Range("Incorrect locale information provided".into()), "{bad}");
        }
        // Node 20's words for a tag that begins well and goes wrong after its language.
        for (bad, tag) in [("EN-", "en-"), ("en-US-", "en-us-"), ("en-u-", "en-u-"), ("en-x", "en-x"), ("en-a-b", "en-a-b"), ("de-1996-", "de-1996-"), ("EN-u-CA-GREGORY-", "en-u-ca-gregory-"), ("en-us-x-aaaaaaaaaa", "en-us-x-aaaaaaaaaa"), ("en-123-", "en-123-"), ("en-1234-", "en-1234-")] {
            assert_eq!(canonical(&[bad]).unwrap_err(), IntlError::Range(format!("Invalid language tag: {tag}")), "{bad}");
        }
    }
}
