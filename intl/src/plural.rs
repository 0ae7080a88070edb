//! `Intl.PluralRules`: the CLDR plural category of a number (`select`), on ICU4X's
//! `icu_plurals`. The engine's own stub answered `"other"` for every number, so a toolkit
//! writing "1 item" / "2 items" from `select` got "items" for both.

use crate::locale::resolve_locale;
use crate::IntlError;
use fixed_decimal::{Decimal, FloatPrecision, Sign};
use icu_plurals::{PluralCategory, PluralOperands, PluralRules};
use serde::{Deserialize, Serialize};

/// The options of `new Intl.PluralRules(locales, options)` that change the answer, as
/// `intl.js` reads them (contract: ECMA-402 §16.1.1; digits as in `SetNumberFormatDigitOptions`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PluralRulesOptions {
    /// `cardinal` (default) or `ordinal`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Digits after the point always shown (default 0): `1` with 1 is "1.0", which is `other` in English.
    pub minimum_fraction_digits: Option<u32>,
    /// Digits after the point kept (default `max(minimumFractionDigits, 3)`).
    pub maximum_fraction_digits: Option<u32>,
}

/// What `resolvedOptions()` returns (Node 20's keys, in its order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedPluralRulesOptions {
    /// The language the rules are for (`"en"` for `en-US`: CLDR's plural rules are per language).
    pub locale: String,
    /// `cardinal` or `ordinal`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Always 1.
    pub minimum_integer_digits: u32,
    /// As given, or 0.
    pub minimum_fraction_digits: u32,
    /// As given, or `max(minimumFractionDigits, 3)`.
    pub maximum_fraction_digits: u32,
    /// The categories this locale and type use, in CLDR order (`zero one two few many other`).
    pub plural_categories: Vec<&'static str>,
}

/// A plural-rules object for one locale, type and digit options.
#[derive(Debug)]
pub struct PluralRulesFormatter {
    rules: PluralRules,
    resolved: ResolvedPluralRulesOptions,
}

fn name(category: PluralCategory) -> &'static str {
    match category {
        PluralCategory::Zero => "zero",
        PluralCategory::One => "one",
        PluralCategory::Two => "two",
        PluralCategory::Few => "few",
        PluralCategory::Many => "many",
        PluralCategory::Other => "other",
    }
}

impl PluralRulesFormatter {
    /// Rules for `locale` (`None`: `en-US`) and `options`.
    ///
    /// Errors: [`IntlError::Range`] for a malformed locale, a `type` other than
    /// `cardinal`/`ordinal` (Node's message), or fraction digits outside 0..=100 or with the
    /// minimum above the maximum.
    pub fn try_new(locale: Option<&str>, options: &PluralRulesOptions) -> Result<Self, IntlError> {
        let rl = resolve_locale(locale)?;
        let kind = options.kind.clone().unwrap_or_else(|| "cardinal".into());
        let rules = match kind.as_str() {
            "cardinal" => PluralRules::try_new_cardinal((&rl.locale).into()),
            "ordinal" => PluralRules::try_new_ordinal((&rl.locale).into()),
            other => {
                return Err(IntlError::Range(format!("Value {other} out of range for Intl.PluralRules options property type")))
            }
        }
        .map_err(|e| IntlError::Range(format!("no plural rules: {e}")))?;
        let min = options.minimum_fraction_digits.unwrap_or(0);
        let max = options.maximum_fraction_digits.unwrap_or(min.max(3));
        if min > 100 || max > 100 || min > max {
            return Err(IntlError::Range("maximumFractionDigits value is out of range.".into()));
        }
        let mut language = rl.locale.id.clone();
        language.region = None;
        let resolved = ResolvedPluralRulesOptions {
            locale: language.to_string(),
            kind,
            minimum_integer_digits: 1,
            minimum_fraction_digits: min,
            maximum_fraction_digits: max,
            plural_categories: PluralCategory::all()
                .filter(|c| rules.categories().any(|have| have == *c))
                .map(name)
                .collect::<Vec<_>>(),
        };
        // CLDR's order, not ICU4X's alphabetical one.
        let mut resolved = resolved;
        let order = ["zero", "one", "two", "few", "many", "other"];
        resolved.plural_categories.sort_by_key(|c| order.iter().position(|o| o == c));
        Ok(Self { rules, resolved })
    }

    /// The category of `n` (`"zero" | "one" | "two" | "few" | "many" | "other"`), after
    /// rounding to the fraction digits as `Intl.NumberFormat` would show them. `NaN` and
    /// infinities are `"other"`, as in Node.
    pub fn select(&self, n: f64) -> &'static str {
        if !n.is_finite() {
            return "other";
        }
        let Ok(mut d) = Decimal::try_from_f64(n, FloatPrecision::RoundTrip) else { return "other" };
        d.set_sign(Sign::None);
        d.round(-(self.resolved.maximum_fraction_digits as i16));
        d.trim_end();
        d.pad_end(-(self.resolved.minimum_fraction_digits as i16));
        name(self.rules.category_for(PluralOperands::from(&d)))
    }

    /// What `resolvedOptions()` returns.
    pub fn resolved_options(&self) -> &ResolvedPluralRulesOptions {
        &self.resolved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn select(locale: &str, options: PluralRulesOptions, ns: &[f64]) -> Vec<&'static str> {
        let rules = PluralRulesFormatter::try_new(Some(locale), &options).unwrap();
        ns.iter().map(|n| rules.select(*n)).collect()
    }

    fn ordinal() -> PluralRulesOptions {
        PluralRulesOptions { kind: Some("ordinal".into()), ..Default::default() }
    }

    // Expected values are what Node 20 prints.
    #[test]
    fn cardinal_and_ordinal_categories_match_node() {
        assert_eq!(
            select("en", Default::default(), &[0.0, 1.0, 2.0, 1.5, -1.0, 5.0, 11.0, f64::NAN, f64::INFINITY]),
            ["other", "one", "other", "other", "one", "other", "other", "other", "other"]
        );
        assert_eq!(
            select("en", ordinal(), &[1.0, 2.0, 3.0, 4.0, 11.0, 12.0, 13.0, 21.0, 22.0, 23.0, 101.0, 102.0]),
            ["one", "two", "few", "other", "other", "other", "other", "one", "two", "few", "one", "two"]
        );
        assert_eq!(select("fr", Default::default(), &[0.0, 1.0, 1.5, 2.0]), ["one", "one", "one", "other"]);
        assert_eq!(
            select("ru", Default::default(), &[1.0, 2.0, 5.0, 21.0, 22.0, 25.0, 1.5]),
            ["one", "few", "many", "one", "few", "many", "other"]
        );
        assert_eq!(
            select("ar", Default::default(), &[0.0, 1.0, 2.0, 3.0, 11.0, 100.0]),
            ["zero", "one", "two", "few", "many", "other"]
        );
    }

    #[test]
    fn fraction_digits_change_the_category_as_in_node() {
        let one_point_zero = PluralRulesOptions { minimum_fraction_digits: Some(1), ..Default::default() };
        assert_eq!(select("en", one_point_zero, &[1.0]), ["other"]);
        // 1.0001 shows as "1" with the default three fraction digits.
        assert_eq!(select("en", Default::default(), &[1.0001]), ["one"]);
    }

    #[test]
    fn resolved_options_match_node() {
        let en = PluralRulesFormatter::try_new(Some("en-US"), &Default::default()).unwrap();
        assert_eq!(
            serde_json::to_value(en.resolved_options()).unwrap(),
            serde_json::json!({
                "locale": "en", "type": "cardinal", "minimumIntegerDigits": 1, "minimumFractionDigits": 0,
                "maximumFractionDigits": 3, "pluralCategories": ["one", "other"]
            })
        );
        let de = PluralRulesFormatter::try_new(Some("de"), &ordinal()).unwrap();
        assert_eq!(de.resolved_options().plural_categories, ["other"]);
        let ar = PluralRulesFormatter::try_new(Some("ar"), &Default::default()).unwrap();
        assert_eq!(ar.resolved_options().plural_categories, ["zero", "one", "two", "few", "many", "other"]);
    }

    #[test]
    fn a_bad_type_is_a_range_error_with_nodes_message() {
        let bad = PluralRulesOptions { kind: Some("x".into()), ..Default::default() };
        assert_eq!(
            PluralRulesFormatter::try_new(Some("en"), &bad).unwrap_err(),
            IntlError::Range("Value x out of range for Intl.PluralRules options property type".into())
        );
    }
}
