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

/// `Intl.getCanonicalLocales(tags)`: each tag in its canonical form (case, subtag order and
/// CLDR's aliases: `EN-us` → `en-US`, `iw` → `he`), without duplicates, in the order given.
///
/// Errors: [`IntlError::Range`] `Incorrect locale information provided` (Node's message) for a
/// tag that is not well-formed BCP 47.
pub fn canonical_locales(tags: &[String]) -> Result<Vec<String>, IntlError> {
    let canonicalizer = icu_locale::LocaleCanonicalizer::new_extended();
    let mut out: Vec<String> = Vec::new();
    for tag in tags {
        let mut locale =
            Locale::try_from_str(tag).map_err(|_| IntlError::Range("Incorrect locale information provided".into()))?;
        canonicalizer.canonicalize(&mut locale);
        let canonical = locale.to_string();
        if !out.contains(&canonical) {
            out.push(canonical);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for bad in ["en_US", "", "x-private"] {
            assert_eq!(canonical(&[bad]).unwrap_err(), IntlError::Range("Incorrect locale information provided".into()), "{bad}");
        }
    }
}
