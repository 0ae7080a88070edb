//! `Intl.PluralRules`: the CLDR plural category of a number (`select`) or of a range of
//! numbers (`selectRange`, CLDR's plural ranges), on ICU4X's `icu_plurals`. The engine's own stub answered `"other"` for every number, so a toolkit
//! writing "1 item" / "2 items" from `select` got "items" for both.

use crate::locale::resolve_locale;
use crate::options::get_option;
use crate::IntlError;
use crate::number::{apply_digits, Digits};
use fixed_decimal::{Decimal, FloatPrecision, UnsignedRoundingMode};
use icu_plurals::{PluralCategory, PluralOperands, PluralRules, PluralRulesWithRanges};
use serde::{Deserialize, Serialize};

/// The options of `new Intl.PluralRules(locales, options)` that change the answer, as
/// `intl.js` reads them (contract: ECMA-402 §16.1.1; digits as in `SetNumberFormatDigitOptions`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PluralRulesOptions {
    /// `lookup` or `best fit` (default); read and checked, as ECMA-402 asks, and otherwise without
    /// effect: one matcher picks every locale ([`crate::resolve_locale`]).
    #[serde(rename = "localeMatcher")]
    pub locale_matcher: Option<String>,
    /// `cardinal` (default) or `ordinal`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Digits after the point always shown (default 0): `1` with 1 is "1.0", which is `other` in English.
    pub minimum_fraction_digits: Option<u32>,
    /// Digits after the point kept (default `max(minimumFractionDigits, 3)`).
    pub maximum_fraction_digits: Option<u32>,
    /// Significant digits always shown (1–21); with either significant option, the fraction
    /// options are ignored, as in `Intl.NumberFormat`.
    pub minimum_significant_digits: Option<u32>,
    /// Significant digits kept (1–21).
    pub maximum_significant_digits: Option<u32>,
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
    /// As given (with either significant option).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum_significant_digits: Option<u32>,
    /// As given (with either significant option).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum_significant_digits: Option<u32>,
    /// The categories this locale and type use, in the order Node 20 lists them
    /// (alphabetical, `other` last).
    pub plural_categories: Vec<&'static str>,
}

/// A plural-rules object for one locale, type and digit options.
#[derive(Debug)]
pub struct PluralRulesFormatter {
    rules: PluralRulesWithRanges<PluralRules>,
    /// The language's cardinal categories, and those of them that hold a single number (`en`
    /// `one`: 1; `ar` `zero`: 0): what CLDR's plural ranges can name (see `select_range`).
    range_categories: Vec<PluralCategory>,
    single_valued: Vec<PluralCategory>,
    digits: Digits,
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

/// The cardinal categories of `locale`'s language, and those of them only one number falls in
/// (found by trying 0–1000 and some fractions).
fn range_categories(locale: &icu_locale_core::Locale) -> Result<(Vec<PluralCategory>, Vec<PluralCategory>), IntlError> {
    let cardinal =
        PluralRules::try_new_cardinal(locale.into()).map_err(|e| IntlError::Range(format!("no plural rules: {e}")))?;
    let categories: Vec<PluralCategory> = cardinal.categories().collect();
    let mut counts = vec![0u32; categories.len()];
    let samples = (0..=1000u32).map(|n| PluralOperands::from(n)).chain(
        ["0.5", "1.5", "2.5", "0.1", "1.1", "2.1", "10.5"].iter().map(|s| PluralOperands::from(&Decimal::try_from_str(s).expect("valid"))),
    );
    for operands in samples {
        let c = cardinal.category_for(operands);
        if let Some(i) = categories.iter().position(|x| *x == c) {
            counts[i] += 1;
        }
    }
    let single = categories.iter().zip(&counts).filter(|(_, n)| **n <= 1).map(|(c, _)| *c).collect();
    Ok((categories, single))
}

impl PluralRulesFormatter {
    /// Rules for `locale` (`None`: `en-US`) and `options`.
    ///
    /// Errors: [`IntlError::Range`] for a malformed locale, a `type` other than
    /// `cardinal`/`ordinal` (Node's message), or fraction digits outside 0..=100 or with the
    /// minimum above the maximum.
    pub fn try_new(locale: Option<&str>, options: &PluralRulesOptions) -> Result<Self, IntlError> {
        let rl = resolve_locale(locale)?;
        crate::options::check_locale_matcher("PluralRules", &options.locale_matcher)?;
        let kind = get_option("PluralRules", "type", &options.kind, &["cardinal", "ordinal"], "cardinal")?;
        // CLDR's plural rules are per language (and a few regions: pt-PT), not per script:
        // `sr-Latn` must get Serbian's rules, not the root locale's.
        let mut rules_locale = rl.locale.clone();
        rules_locale.id.script = None;
        let rules = match kind.as_str() {
            "cardinal" => PluralRulesWithRanges::try_new_cardinal((&rules_locale).into()),
            _ => PluralRulesWithRanges::try_new_ordinal((&rules_locale).into()),
        }
        .map_err(|e| IntlError::Range(format!("no plural rules: {e}")))?;
        let (range_categories, single_valued) = range_categories(&rules_locale)?;
        let min = options.minimum_fraction_digits.unwrap_or(0);
        let max = options.maximum_fraction_digits.unwrap_or(min.max(3));
        if min > 100 || max > 100 || min > max {
            return Err(IntlError::Range("maximumFractionDigits value is out of range.".into()));
        }
        let significant = options.minimum_significant_digits.is_some() || options.maximum_significant_digits.is_some();
        let (min_sig, max_sig) = (options.minimum_significant_digits.unwrap_or(1), options.maximum_significant_digits.unwrap_or(21));
        if significant && (!(1..=21).contains(&min_sig) || !(1..=21).contains(&max_sig) || min_sig > max_sig) {
            return Err(IntlError::Range("maximumSignificantDigits value is out of range.".into()));
        }
        let digits = if significant { Digits::Significant { min: min_sig, max: max_sig } } else { Digits::Fraction { min, max } };
        let mut categories: Vec<&'static str> = rules.rules().categories().map(name).filter(|c| *c != "other").collect();
        categories.sort_unstable();
        categories.push("other");
        let resolved = ResolvedPluralRulesOptions {
            // Node reports the language of a requested locale ("en" for en-US), but the default
            // locale whole.
            locale: if locale.is_some() { rl.locale.id.language.to_string() } else { rl.tag.clone() },
            kind,
            minimum_integer_digits: 1,
            minimum_fraction_digits: min,
            maximum_fraction_digits: max,
            minimum_significant_digits: significant.then_some(min_sig),
            maximum_significant_digits: significant.then_some(max_sig),
            plural_categories: categories,
        };
        Ok(Self { rules, range_categories, single_valued, digits, resolved })
    }

    /// The category of `n` (`"zero" | "one" | "two" | "few" | "many" | "other"`), after
    /// rounding to the fraction digits as `Intl.NumberFormat` would show them. `NaN` and
    /// infinities are `"other"`, as in Node.
    pub fn select(&self, n: f64) -> &'static str {
        name(self.category(n))
    }

    fn category(&self, n: f64) -> PluralCategory {
        if !n.is_finite() {
            return PluralCategory::Other;
        }
        let Ok(d) = Decimal::try_from_f64(n, FloatPrecision::RoundTrip) else { return PluralCategory::Other };
        // Rounded as Intl.NumberFormat would show it (halfExpand: 2.5 is "3").
        let mut d = d.absolute;
        apply_digits(self.digits, &mut d, UnsignedRoundingMode::HalfExpand);
        self.rules.rules().category_for(PluralOperands::from(&d))
    }

    /// `selectRange(start, end)`: the category of the range "start–end", from the categories
    /// of its ends (each as [`Self::select`] finds it) and CLDR's plural ranges for the
    /// language (`en` 1–2: `"other"`, `ru` 1–2: `"few"`, `ru` 2–21: `"one"`).
    ///
    /// Where CLDR has no range for the two categories, Node (ICU4C) answers `"other"`, but
    /// ICU4X the end's category, and its data leaves out every range whose answer is the end's
    /// category, so the two cases look alike. Node's answer is given where the pair cannot be
    /// in CLDR: a category the language's cardinal rules lack (`en` ordinal 1–2 is `"other"`,
    /// not `"two"`), or a range from a category to itself where that category holds one number
    /// only (`en` 1–1, `ar` 0–0: `"other"`).
    ///
    /// Errors: [`IntlError::Range`] `Invalid startRange : NaN` / `Invalid endRange : NaN`
    /// (Node's messages) when an end is `NaN`.
    pub fn select_range(&self, start: f64, end: f64) -> Result<&'static str, IntlError> {
        if start.is_nan() {
            return Err(IntlError::Range("Invalid startRange : NaN".into()));
        }
        if end.is_nan() {
            return Err(IntlError::Range("Invalid endRange : NaN".into()));
        }
        let (s, e) = (self.category(start), self.category(end));
        let resolved = self.rules.resolve_range(s, e);
        let absent_from_cldr = !self.range_categories.contains(&s)
            || !self.range_categories.contains(&e)
            || (s == e && self.single_valued.contains(&s));
        Ok(if resolved == e && absent_from_cldr { "other" } else { name(resolved) })
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
    fn a_script_subtag_keeps_the_languages_rules_as_in_node() {
        assert_eq!(select("sr-Latn", Default::default(), &[1.0, 2.0, 5.0]), ["one", "few", "other"]);
        assert_eq!(select("sr-Latn-RS", Default::default(), &[21.0]), ["one"]);
        assert_eq!(select("iw", Default::default(), &[1.0]), ["one"]);
    }

    #[test]
    fn rounding_is_half_expand_and_significant_digits_count_as_in_node() {
        let none = PluralRulesOptions { kind: Some("ordinal".into()), maximum_fraction_digits: Some(0), ..Default::default() };
        assert_eq!(select("en", none, &[2.5, 0.5]), ["few", "one"]);
        assert_eq!(select("en", ordinal(), &[1.0005]), ["other"]);
        let sig1 = PluralRulesOptions { maximum_significant_digits: Some(1), ..Default::default() };
        assert_eq!(select("en", sig1, &[1.04]), ["one"]);
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
        assert_eq!(ar.resolved_options().plural_categories, ["few", "many", "one", "two", "zero", "other"]);
    }

    // node -e 'const r=(l,a,b,o)=>new Intl.PluralRules(l,o).selectRange(a,b);
    //   console.log(r("en",1,2), r("fr",0,1), r("fr",1,2), r("ru",1,2), r("ru",1,5), r("ru",2,21), …)'
    #[test]
    fn ranges_match_node() {
        let range = |locale: &str, options: PluralRulesOptions, a: f64, b: f64| {
            PluralRulesFormatter::try_new(Some(locale), &options).unwrap().select_range(a, b).unwrap()
        };
        let d = PluralRulesOptions::default;
        assert_eq!(range("en", d(), 1.0, 2.0), "other");
        assert_eq!(range("en", d(), 2.0, 1.0), "other");
        assert_eq!(range("en", ordinal(), 1.0, 2.0), "other");
        assert_eq!(range("en", d(), 1.0, f64::INFINITY), "other");
        assert_eq!(range("fr", d(), 0.0, 1.0), "one");
        assert_eq!(range("fr", d(), 1.0, 2.0), "other");
        assert_eq!(range("ru", d(), 1.0, 2.0), "few");
        assert_eq!(range("ru", d(), 1.0, 5.0), "many");
        assert_eq!(range("ru", d(), 2.0, 21.0), "one");
        assert_eq!(range("ru", d(), 1.0, 1.0), "one");
        assert_eq!(range("ar", d(), 0.0, 1.0), "zero");
        assert_eq!(range("ar", d(), 3.0, 11.0), "many");
        assert_eq!(range("ar", d(), 11.0, 100.0), "other");
        assert_eq!(range("sl", d(), 1.0, 2.0), "two");
        assert_eq!(range("pl", d(), 2.0, 5.0), "many");
        // Pairs CLDR has no range for: "other", as ICU4C answers.
        assert_eq!(range("en", d(), 1.0, 1.0), "other");
        assert_eq!(range("ar", d(), 0.0, 0.0), "other");
        assert_eq!(range("fr", d(), 1.0, 1.0), "one");
        assert_eq!(range("ru", d(), 2.0, 2.0), "few");
        assert_eq!(range("pl", d(), 2.0, 2.0), "few");
        assert_eq!(range("ar", d(), 3.0, 3.0), "few");
        assert_eq!(range("ar", d(), 102.0, 103.0), "few");
        assert_eq!(range("cy", d(), 0.0, 0.0), "other");
        assert_eq!(range("cy", d(), 1.0, 1.0), "other");
        assert_eq!(range("he", d(), 2.0, 2.0), "other");
        assert_eq!(range("en", ordinal(), 2.0, 3.0), "other");
        assert_eq!(range("en", ordinal(), 1.0, 21.0), "other");
    }

    // node -e 'try{new Intl.PluralRules("en").selectRange(NaN,1)}catch(e){console.log(String(e))}'
    #[test]
    fn a_nan_end_is_a_range_error_with_nodes_message() {
        let en = PluralRulesFormatter::try_new(Some("en"), &Default::default()).unwrap();
        assert_eq!(en.select_range(f64::NAN, 1.0).unwrap_err(), IntlError::Range("Invalid startRange : NaN".into()));
        assert_eq!(en.select_range(1.0, f64::NAN).unwrap_err(), IntlError::Range("Invalid endRange : NaN".into()));
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
