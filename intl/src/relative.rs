//! `Intl.RelativeTimeFormat`: "in 3 hours", "yesterday", on ICU4X's experimental
//! `relativetime` (CLDR data). The engine's own stub printed "-1 day" for what Node prints as
//! "1 day ago".

use crate::locale::resolve_locale;
use crate::options::get_option;
use crate::parts;
use crate::IntlError;
use fixed_decimal::{Decimal, FloatPrecision, Sign};
use icu_experimental::relativetime::options::Numeric;
use icu_experimental::relativetime::{RelativeTimeFormatter, RelativeTimeFormatterOptions};
use serde::{Deserialize, Serialize};

/// The options of `new Intl.RelativeTimeFormat(locales, options)` (ECMA-402 §17.1.1).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RelativeTimeOptions {
    /// `lookup` or `best fit` (default); read and checked, as ECMA-402 asks, and otherwise without
    /// effect: one matcher picks every locale ([`crate::resolve_locale`]).
    #[serde(rename = "localeMatcher")]
    pub locale_matcher: Option<String>,
    /// `long` (default), `short` or `narrow`.
    pub style: Option<String>,
    /// `always` (default: "1 day ago") or `auto` ("yesterday").
    pub numeric: Option<String>,
    /// A numbering system's CLDR name (`arab`): overrides the locale's `-u-nu`.
    pub numbering_system: Option<String>,
}

/// What `resolvedOptions()` returns (Node 20's keys, in its order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedRelativeTimeOptions {
    /// The locale (`language[-script][-region]`).
    pub locale: String,
    /// `long`, `short` or `narrow`.
    pub style: String,
    /// `always` or `auto`.
    pub numeric: String,
    /// Always `latn`.
    pub numbering_system: String,
}

/// One part of `formatToParts`: `literal` text, or a piece of the number (`integer`, `group`,
/// `decimal`, `fraction`) with the singular `unit` it counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelativeTimePart {
    /// The part's type.
    #[serde(rename = "type")]
    pub kind: String,
    /// Its text.
    pub value: String,
    /// The unit, on the number's parts only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<&'static str>,
}

const UNITS: [&str; 8] = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"];

/// A relative-time formatter for one locale and options; ICU4X's formatters (one per unit)
/// are made when a unit is first used.
#[derive(Debug)]
pub struct RelativeTimeFormat {
    locale: icu_locale_core::Locale,
    options: RelativeTimeFormatterOptions,
    formatters: [std::cell::OnceCell<RelativeTimeFormatter>; 8],
    resolved: ResolvedRelativeTimeOptions,
}

impl RelativeTimeFormat {
    /// A formatter for `locale` (`None`: `en-US`) and `options`.
    ///
    /// Errors: [`IntlError::Range`] for a malformed locale, or a `style`/`numeric` value
    /// outside its set (Node's message).
    pub fn try_new(locale: Option<&str>, options: &RelativeTimeOptions) -> Result<Self, IntlError> {
        let mut rl = resolve_locale(locale)?;
        crate::options::check_locale_matcher("RelativeTimeFormat", &options.locale_matcher)?;
        let requested_nu = crate::numbering::requested(&rl.locale);
        crate::numbering::apply_option(&mut rl.locale, options.numbering_system.as_deref())?;
        let numbering_system = crate::numbering::of_locale(&rl.locale);
        let style = get_option("RelativeTimeFormat", "style", &options.style, &["long", "short", "narrow"], "long")?;
        let numeric = get_option("RelativeTimeFormat", "numeric", &options.numeric, &["always", "auto"], "always")?;
        let icu_options = RelativeTimeFormatterOptions::default().with_numeric(if numeric == "auto" { Numeric::Auto } else { Numeric::Always });
        Ok(Self {
            locale: rl.locale,
            options: icu_options,
            formatters: Default::default(),
            resolved: ResolvedRelativeTimeOptions {
                locale: crate::numbering::tag_with_nu(&rl.tag, requested_nu.as_deref(), options.numbering_system.as_deref(), numbering_system),
                style,
                numeric,
                numbering_system: numbering_system.into(),
            },
        })
    }

    /// What `resolvedOptions()` returns.
    pub fn resolved_options(&self) -> &ResolvedRelativeTimeOptions {
        &self.resolved
    }

    /// `value` `unit`s from now as text ("in 3 hours", "3 hours ago", "yesterday").
    ///
    /// Errors: [`IntlError::Range`] for a value that is not finite or a unit that is not one of
    /// `second minute hour day week month quarter year` (or its plural), with Node's messages.
    pub fn format(&self, value: f64, unit: &str) -> Result<String, IntlError> {
        Ok(self.format_to_parts(value, unit)?.into_iter().map(|p| p.value).collect())
    }

    /// [`Self::format`] as parts, as `formatToParts` returns them.
    pub fn format_to_parts(&self, value: f64, unit: &str) -> Result<Vec<RelativeTimePart>, IntlError> {
        let method = "Intl.RelativeTimeFormat.prototype.format()";
        if !value.is_finite() {
            return Err(IntlError::Range(format!("Value need to be finite number for {method}")));
        }
        let index = UNITS
            .iter()
            .position(|u| *u == unit || unit.strip_suffix('s') == Some(*u))
            .ok_or_else(|| IntlError::Range(format!("Invalid unit argument for {method} '{unit}'")))?;
        let formatter = match self.formatters[index].get() {
            Some(f) => f,
            None => {
                let made = self.make(index).map_err(|e| IntlError::Range(format!("no relative-time data: {e}")))?;
                self.formatters[index].get_or_init(|| made)
            }
        };
        // With numeric "auto", a value within 0.005 of -2..=2 gets that day's phrase
        // ("tomorrow" for 1.003) where the locale has one, as in Node (ICU).
        let nearest = value.round();
        if self.resolved.numeric == "auto" && nearest.abs() <= 2.0 && (value - nearest).abs() <= 0.005 {
            let phrase = self.parts(formatter, nearest + 0.0, index);
            if phrase.iter().all(|p| p.kind == "literal") {
                return Ok(phrase);
            }
        }
        Ok(self.parts(formatter, value, index))
    }

    /// The parts of `value` `UNITS[unit]`s from `formatter`.
    fn parts(&self, formatter: &RelativeTimeFormatter, value: f64, unit: usize) -> Vec<RelativeTimePart> {
        let mut d = Decimal::try_from_f64(value.abs(), FloatPrecision::RoundTrip).unwrap_or_default();
        // Three fraction digits at most, as the NumberFormat ECMA-402 gives a RelativeTimeFormat.
        d.round(-3);
        d.trim_end();
        // `-0` is past ("0 days ago"), except where it has a phrase of its own ("today"), as in Node.
        let auto_zero = value == 0.0 && self.resolved.numeric == "auto";
        d.set_sign(if value.is_sign_negative() && !auto_zero { Sign::Negative } else { Sign::None });
        let formatted = formatter.format(d);
        let unit = UNITS[unit];
        parts::collect(&formatted, parts::number_part)
        .into_iter()
        .map(|p| {
            let unit = (p.kind != "literal").then_some(unit);
            RelativeTimePart { kind: p.kind, value: p.value, unit }
        })
        .collect()
    }

    fn make(&self, unit: usize) -> Result<RelativeTimeFormatter, icu_provider::DataError> {
        let prefs = (&self.locale).into();
        let options = self.options;
        type Make = fn(
            icu_experimental::relativetime::RelativeTimeFormatterPreferences,
            RelativeTimeFormatterOptions,
        ) -> Result<RelativeTimeFormatter, icu_provider::DataError>;
        let long: [Make; 8] = [
            RelativeTimeFormatter::try_new_long_second,
            RelativeTimeFormatter::try_new_long_minute,
            RelativeTimeFormatter::try_new_long_hour,
            RelativeTimeFormatter::try_new_long_day,
            RelativeTimeFormatter::try_new_long_week,
            RelativeTimeFormatter::try_new_long_month,
            RelativeTimeFormatter::try_new_long_quarter,
            RelativeTimeFormatter::try_new_long_year,
        ];
        let short: [Make; 8] = [
            RelativeTimeFormatter::try_new_short_second,
            RelativeTimeFormatter::try_new_short_minute,
            RelativeTimeFormatter::try_new_short_hour,
            RelativeTimeFormatter::try_new_short_day,
            RelativeTimeFormatter::try_new_short_week,
            RelativeTimeFormatter::try_new_short_month,
            RelativeTimeFormatter::try_new_short_quarter,
            RelativeTimeFormatter::try_new_short_year,
        ];
        let narrow: [Make; 8] = [
            RelativeTimeFormatter::try_new_narrow_second,
            RelativeTimeFormatter::try_new_narrow_minute,
            RelativeTimeFormatter::try_new_narrow_hour,
            RelativeTimeFormatter::try_new_narrow_day,
            RelativeTimeFormatter::try_new_narrow_week,
            RelativeTimeFormatter::try_new_narrow_month,
            RelativeTimeFormatter::try_new_narrow_quarter,
            RelativeTimeFormatter::try_new_narrow_year,
        ];
        let table = match self.resolved.style.as_str() {
            "short" => short,
            "narrow" => narrow,
            _ => long,
        };
        table[unit](prefs, options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rtf(locale: &str, style: Option<&str>, numeric: Option<&str>) -> RelativeTimeFormat {
        let options = RelativeTimeOptions { style: style.map(Into::into), numeric: numeric.map(Into::into), numbering_system: None, ..Default::default() };
        RelativeTimeFormat::try_new(Some(locale), &options).unwrap()
    }

    fn all(f: &RelativeTimeFormat, cases: &[(f64, &str)]) -> Vec<String> {
        cases.iter().map(|(v, u)| f.format(*v, u).unwrap()).collect()
    }

    // Expected values are what Node 20 prints.
    #[test]
    fn numeric_always_matches_node() {
        let en = rtf("en", None, None);
        assert_eq!(
            all(&en, &[(-1.0, "day"), (1.0, "day"), (0.0, "day"), (-0.0, "day"), (3.0, "hours"), (-3.0, "hour"), (1.5, "days"), (1000.0, "days"), (-1.0, "week"), (2.0, "month"), (-1.0, "year"), (1.0, "quarter"), (-30.0, "seconds"), (5.0, "minute"), (1.23456, "day")]),
            ["1 day ago", "in 1 day", "in 0 days", "0 days ago", "in 3 hours", "3 hours ago", "in 1.5 days", "in 1,000 days", "1 week ago", "in 2 months", "1 year ago", "in 1 quarter", "30 seconds ago", "in 5 minutes", "in 1.235 days"]
        );
    }

    #[test]
    fn numeric_auto_matches_node() {
        let en = rtf("en", None, Some("auto"));
        assert_eq!(
            all(&en, &[(-1.0, "day"), (1.0, "day"), (0.0, "day"), (-0.0, "day"), (-1.0, "week"), (0.0, "year"), (1.0, "month"), (0.0, "second"), (2.0, "day"), (-2.0, "day"), (0.0, "hour"), (0.0, "minute")]),
            ["yesterday", "tomorrow", "today", "today", "last week", "this year", "next month", "now", "in 2 days", "2 days ago", "this hour", "this minute"]
        );
    }

    #[test]
    fn numeric_auto_takes_the_phrase_of_a_value_within_five_thousandths_as_node_does() {
        let en = rtf("en", None, Some("auto"));
        assert_eq!(
            all(&en, &[(1.003, "day"), (1.005, "day"), (1.006, "day"), (0.004, "day"), (-0.002, "day"), (-1e-7, "day"), (2.004, "day"), (-2.003, "day"), (0.5, "day")]),
            ["tomorrow", "tomorrow", "in 1.006 days", "today", "today", "today", "in 2.004 days", "2.003 days ago", "in 0.5 days"]
        );
        assert_eq!(rtf("es", None, Some("auto")).format(2.004, "day").unwrap(), "pasado mañana");
        assert_eq!(rtf("fr", Some("narrow"), Some("auto")).format(-0.0, "day").unwrap(), "aujourd’hui");
        assert_eq!(rtf("en", None, None).format(-1e-7, "day").unwrap(), "0 days ago");
    }

    #[test]
    fn styles_and_locales_match_node() {
        let cases = [(-3.0, "month"), (2.0, "hours"), (-1.0, "year"), (5.0, "second")];
        assert_eq!(all(&rtf("en", Some("short"), None), &cases), ["3 mo. ago", "in 2 hr.", "1 yr. ago", "in 5 sec."]);
        assert_eq!(all(&rtf("en", Some("narrow"), None), &cases), ["3mo ago", "in 2h", "1y ago", "in 5s"]);
        assert_eq!(rtf("de", None, None).format(-2.0, "week").unwrap(), "vor 2 Wochen");
        assert_eq!(rtf("de", None, Some("auto")).format(-1.0, "day").unwrap(), "gestern");
        assert_eq!(rtf("fr", None, None).format(3.0, "day").unwrap(), "dans 3 jours");
        assert_eq!(rtf("es", None, Some("auto")).format(-2.0, "day").unwrap(), "anteayer");
        // An alias resolves to its language; a language without data to en-US.
        assert_eq!(rtf("tl", None, None).format(3.0, "hour").unwrap(), "sa 3 oras");
        assert_eq!(rtf("xx", None, None).format(3.0, "hour").unwrap(), "in 3 hours");
    }

    #[test]
    fn parts_match_node() {
        let json = |parts: Vec<RelativeTimePart>| serde_json::to_value(parts).unwrap();
        assert_eq!(
            json(rtf("en", None, None).format_to_parts(3.0, "hours").unwrap()),
            serde_json::json!([{"type":"literal","value":"in "},{"type":"integer","value":"3","unit":"hour"},{"type":"literal","value":" hours"}])
        );
        assert_eq!(
            json(rtf("en", None, Some("auto")).format_to_parts(-1.0, "day").unwrap()),
            serde_json::json!([{"type":"literal","value":"yesterday"}])
        );
        assert_eq!(
            json(rtf("en", None, None).format_to_parts(-1234.5, "day").unwrap()),
            serde_json::json!([
                {"type":"integer","value":"1","unit":"day"},{"type":"group","value":",","unit":"day"},
                {"type":"integer","value":"234","unit":"day"},{"type":"decimal","value":".","unit":"day"},
                {"type":"fraction","value":"5","unit":"day"},{"type":"literal","value":" days ago"}
            ])
        );
    }

    #[test]
    fn bad_input_is_a_range_error_with_nodes_message() {
        let en = rtf("en", None, None);
        assert_eq!(
            en.format(1.0, "days2").unwrap_err(),
            IntlError::Range("Invalid unit argument for Intl.RelativeTimeFormat.prototype.format() 'days2'".into())
        );
        assert_eq!(
            en.format(f64::NAN, "day").unwrap_err(),
            IntlError::Range("Value need to be finite number for Intl.RelativeTimeFormat.prototype.format()".into())
        );
        let bad = RelativeTimeOptions { style: Some("x".into()), numeric: None, numbering_system: None, ..Default::default() };
        assert_eq!(
            RelativeTimeFormat::try_new(Some("en"), &bad).unwrap_err(),
            IntlError::Range("Value x out of range for Intl.RelativeTimeFormat options property style".into())
        );
        assert_eq!(
            serde_json::to_value(rtf("de-AT", Some("narrow"), Some("auto")).resolved_options()).unwrap(),
            serde_json::json!({"locale":"de-AT","style":"narrow","numeric":"auto","numberingSystem":"latn"})
        );
    }
}
