//! `String.prototype.toLocaleUpperCase` / `toLocaleLowerCase` with a locale, on ICU4X's
//! `icu_casemap`. The engine's own versions ignored the locale, so Turkish `i` upper-cased to
//! `I` (Node: `İ`) and Greek kept its accents in capitals.

use crate::locale::resolve_locale;
use crate::IntlError;
use icu_casemap::CaseMapper;
use icu_locale_core::LanguageIdentifier;

/// `text` upper-cased (`upper`) or lower-cased by the rules of `locale`'s language (ECMA-402
/// TransformCase: only the language counts, so `tr-CY` is Turkish and `en-US` the default
/// mapping).
///
/// Errors: [`IntlError::Range`] for a malformed tag, in Node's words ([`crate::locale::resolve_locale`]).
pub fn change_case(locale: &str, upper: bool, text: &str) -> Result<String, IntlError> {
    let language = LanguageIdentifier::from((resolve_locale(Some(locale))?.locale.id.language, None, None));
    let mapper = CaseMapper::new();
    Ok(if upper { mapper.uppercase_to_string(text, &language) } else { mapper.lowercase_to_string(text, &language) }.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected values are what Node 20 prints: `s.toLocaleUpperCase(l)`, `s.toLocaleLowerCase(l)`.
    #[test]
    fn case_mapping_follows_the_language_as_in_node() {
        let both = |l: &str, s: &str| (change_case(l, true, s).unwrap(), change_case(l, false, s).unwrap());
        assert_eq!(both("tr", "iIıİ"), ("İIIİ".into(), "iııi".into()));
        assert_eq!(both("az", "iIıİ"), ("İIIİ".into(), "iııi".into()));
        assert_eq!(both("TR-tr", "i"), ("İ".into(), "i".into()));
        assert_eq!(both("en", "iIıİß"), ("IIIİSS".into(), "iiıi̇ß".into()));
        assert_eq!(both("lt", "i̇x J̃"), ("IX J̃".into(), "i̇x j̇̃".into()));
        assert_eq!(both("el", "άσος ΆΣΟΣ"), ("ΑΣΟΣ ΑΣΟΣ".into(), "άσος άσος".into()));
        assert_eq!(both("nl", "ij"), ("IJ".into(), "ij".into()));
        assert_eq!(change_case("en_US", true, "a").unwrap_err(), IntlError::Range("Incorrect locale information provided".into()));
    }
}
