//! `Intl.ListFormat`: "a, b, and c", "a, b oder c", on ICU4X's `icu_list` (CLDR data). The
//! engine's own stub joined every list the English way, whatever the locale or type.

use crate::locale::resolve_locale;
use crate::options::get_option;
use crate::parts::{self, Part};
use crate::IntlError;
use icu_list::options::{ListFormatterOptions, ListLength};
use icu_list::ListFormatter;
use serde::{Deserialize, Serialize};

/// The options of `new Intl.ListFormat(locales, options)` (ECMA-402 §13.1.1).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ListOptions {
    /// `lookup` or `best fit` (default); read and checked, as ECMA-402 asks, and otherwise without
    /// effect: one matcher picks every locale ([`crate::resolve_locale`]).
    #[serde(rename = "localeMatcher")]
    pub locale_matcher: Option<String>,
    /// `conjunction` (default: "and"), `disjunction` ("or") or `unit` ("3 ft, 7 in").
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// `long` (default), `short` or `narrow`.
    pub style: Option<String>,
}

/// What `resolvedOptions()` returns (Node 20's keys, in its order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResolvedListOptions {
    /// The locale (`language[-script][-region]`).
    pub locale: String,
    /// `conjunction`, `disjunction` or `unit`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `long`, `short` or `narrow`.
    pub style: String,
}

/// A list formatter for one locale, type and style.
#[derive(Debug)]
pub struct ListFormat {
    formatter: ListFormatter,
    resolved: ResolvedListOptions,
}

impl ListFormat {
    /// A formatter for `locale` (`None`: `en-US`) and `options`.
    ///
    /// Errors: [`IntlError::Range`] for a malformed locale, or a `type`/`style` value outside
    /// its set (Node's message).
    pub fn try_new(locale: Option<&str>, options: &ListOptions) -> Result<Self, IntlError> {
        let rl = resolve_locale(locale)?;
        crate::options::check_locale_matcher("ListFormat", &options.locale_matcher)?;
        let kind = get_option("ListFormat", "type", &options.kind, &["conjunction", "disjunction", "unit"], "conjunction")?;
        let style = get_option("ListFormat", "style", &options.style, &["long", "short", "narrow"], "long")?;
        let length = match style.as_str() {
            "short" => ListLength::Short,
            "narrow" => ListLength::Narrow,
            _ => ListLength::Wide,
        };
        let icu_options = ListFormatterOptions::default().with_length(length);
        let prefs = (&rl.locale).into();
        let formatter = match kind.as_str() {
            "disjunction" => ListFormatter::try_new_or(prefs, icu_options),
            "unit" => ListFormatter::try_new_unit(prefs, icu_options),
            _ => ListFormatter::try_new_and(prefs, icu_options),
        }
        .map_err(|e| IntlError::Range(format!("no list data: {e}")))?;
        Ok(Self { formatter, resolved: ResolvedListOptions { locale: rl.tag, kind, style } })
    }

    /// What `resolvedOptions()` returns.
    pub fn resolved_options(&self) -> &ResolvedListOptions {
        &self.resolved
    }

    /// The items joined ("a, b, and c").
    pub fn format(&self, items: &[String]) -> String {
        writeable::Writeable::write_to_string(&self.formatter.format(items.iter().map(String::as_str))).into_owned()
    }

    /// [`Self::format`] as `element` and `literal` parts, as `formatToParts` returns them.
    pub fn format_to_parts(&self, items: &[String]) -> Vec<Part> {
        let formatted = self.formatter.format(items.iter().map(String::as_str));
        parts::collect(&formatted, |p| (*p == icu_list::parts::ELEMENT).then_some("element"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(locale: &str, kind: Option<&str>, style: Option<&str>) -> ListFormat {
        let options = ListOptions { kind: kind.map(Into::into), style: style.map(Into::into), ..Default::default() };
        ListFormat::try_new(Some(locale), &options).unwrap()
    }

    fn items(xs: &[&str]) -> Vec<String> {
        xs.iter().map(|s| s.to_string()).collect()
    }

    // Expected values are what Node 20 prints.
    #[test]
    fn lists_match_node() {
        let en = list("en", None, None);
        let joined: Vec<String> = [&[][..], &["a"], &["a", "b"], &["a", "b", "c"]].iter().map(|xs| en.format(&items(xs))).collect();
        assert_eq!(joined, ["", "a", "a and b", "a, b, and c"]);
        let abc = items(&["a", "b", "c"]);
        assert_eq!(list("en", Some("disjunction"), None).format(&abc), "a, b, or c");
        assert_eq!(list("en", Some("unit"), None).format(&items(&["3 ft", "7 in"])), "3 ft, 7 in");
        assert_eq!(list("en", Some("unit"), Some("narrow")).format(&items(&["3 ft", "7 in"])), "3 ft 7 in");
        assert_eq!(list("en", Some("unit"), Some("short")).format(&abc), "a, b, c");
        assert_eq!(list("en", None, Some("short")).format(&abc), "a, b, & c");
        assert_eq!(list("en", None, Some("narrow")).format(&abc), "a, b, c");
        assert_eq!(list("en-GB", None, None).format(&abc), "a, b and c");
        assert_eq!(list("de", None, None).format(&abc), "a, b und c");
        assert_eq!(list("de", Some("disjunction"), None).format(&abc), "a, b oder c");
        assert_eq!(list("fr", None, None).format(&abc), "a, b et c");
        assert_eq!(list("es", None, None).format(&items(&["x", "i"])), "x e i");
        assert_eq!(list("es", Some("disjunction"), None).format(&items(&["a", "o"])), "a u o");
        assert_eq!(list("ja", None, None).format(&abc), "a、b、c");
    }

    #[test]
    fn parts_and_resolved_options_match_node() {
        assert_eq!(
            serde_json::to_value(list("en", None, None).format_to_parts(&items(&["x", "y", "z"]))).unwrap(),
            serde_json::json!([
                {"type":"element","value":"x"},{"type":"literal","value":", "},{"type":"element","value":"y"},
                {"type":"literal","value":", and "},{"type":"element","value":"z"}
            ])
        );
        assert_eq!(
            serde_json::to_value(list("de", Some("unit"), Some("narrow")).resolved_options()).unwrap(),
            serde_json::json!({"locale":"de","type":"unit","style":"narrow"})
        );
        let bad = ListOptions { kind: Some("x".into()), style: None, ..Default::default() };
        assert_eq!(
            ListFormat::try_new(Some("en"), &bad).unwrap_err(),
            IntlError::Range("Value x out of range for Intl.ListFormat options property type".into())
        );
    }
}
