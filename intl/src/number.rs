//! `Intl.NumberFormat` / `Number.prototype.toLocaleString`: ICU4X `DecimalFormatter` for the
//! digits, ICU4X percent/currency formatters for the affixes and currency digits.

use crate::locale::resolve_locale;
use crate::parts::{self, Part};
use crate::IntlError;
use fixed_decimal::{Decimal, FloatPrecision, UnsignedDecimal, UnsignedRoundingMode};
use icu_decimal::options::{DecimalFormatterOptions, GroupingStrategy};
use icu_decimal::DecimalFormatter;
use icu_experimental::dimension::currency::formatter::CurrencyFormatter;
use icu_experimental::dimension::currency::CurrencyType;
use icu_experimental::dimension::percent::formatter::PercentFormatter;
use serde::{Deserialize, Serialize};

/// The options bag of `new Intl.NumberFormat(locale, options)` as JavaScript passes it.
///
/// `style`: `decimal` (default) | `percent` | `currency` (others fall back to `decimal`);
/// `currency`: ISO 4217 code, required with `currency` style (case-insensitive);
/// `currencyDisplay`: `symbol` (default) | `narrowSymbol` | `code` (`name` falls back to
/// `symbol`); `minimumIntegerDigits` 1–21; `minimum/maximumFractionDigits` 0–100;
/// `minimum/maximumSignificantDigits` 1–21; `useGrouping`: `"auto"` (default) | `"always"` |
/// `"min2"` | `"false"` (JS `true` → `"always"`, `false` → `"false"`);
/// `signDisplay`: `auto|never|always|exceptZero|negative`; `roundingMode`: the nine
/// ECMA-402 modes (default `halfExpand`). `notation` other than `standard` is ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct NumberOptions {
    pub style: Option<String>,
    pub currency: Option<String>,
    pub currency_display: Option<String>,
    pub minimum_integer_digits: Option<u32>,
    pub minimum_fraction_digits: Option<u32>,
    pub maximum_fraction_digits: Option<u32>,
    pub minimum_significant_digits: Option<u32>,
    pub maximum_significant_digits: Option<u32>,
    #[serde(deserialize_with = "grouping_de")]
    pub use_grouping: Option<String>,
    pub sign_display: Option<String>,
    pub rounding_mode: Option<String>,
}

/// `useGrouping` arrives as a boolean or a string: `true` → `"always"`, `false` → `"false"`.
fn grouping_de<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let v = Option::<serde_json::Value>::deserialize(d)?;
    Ok(match v {
        Some(serde_json::Value::Bool(true)) => Some("always".into()),
        Some(serde_json::Value::Bool(false)) => Some("false".into()),
        Some(serde_json::Value::String(s)) if s == "true" => Some("always".into()),
        Some(serde_json::Value::String(s)) => Some(s),
        _ => None,
    })
}

/// What `resolvedOptions()` reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedNumberOptions {
    pub locale: String,
    pub numbering_system: String,
    pub style: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency_display: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency_sign: Option<String>,
    pub minimum_integer_digits: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum_fraction_digits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum_fraction_digits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minimum_significant_digits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub maximum_significant_digits: Option<u32>,
    /// `"auto"`, `"always"`, `"min2"`, or `false` (serialized as JSON `false`).
    pub use_grouping: serde_json::Value,
    pub notation: String,
    pub sign_display: String,
    pub rounding_mode: String,
    pub rounding_increment: u32,
    pub trailing_zero_display: String,
    pub rounding_priority: String,
}

/// Text around the digits, from ICU4X's pattern for this style/locale/currency.
#[derive(Debug, Clone, Default)]
struct Affixes {
    prefix: String,
    suffix: String,
}

/// A ready number formatter.
pub struct NumberFormatter {
    decimal: DecimalFormatter,
    positive: Affixes,
    negative: Affixes,
    percent: bool,
    min_int: u32,
    digits: Digits,
    sign_display: String,
    rounding_mode: String,
    resolved: ResolvedNumberOptions,
}

#[derive(Debug, Clone, Copy)]
enum Digits {
    Fraction { min: u32, max: u32 },
    Significant { min: u32, max: u32 },
}

impl std::fmt::Debug for NumberFormatter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NumberFormatter").field("resolved", &self.resolved).finish()
    }
}

fn range(name: &str, v: Option<u32>, lo: u32, hi: u32) -> Result<Option<u32>, IntlError> {
    match v {
        Some(x) if x < lo || x > hi => Err(IntlError::Range(format!("{name} value is out of range."))),
        other => Ok(other),
    }
}

fn one_of(prop: &str, v: &Option<String>, allowed: &[&str], default: &str) -> Result<String, IntlError> {
    match v {
        None => Ok(default.to_string()),
        Some(s) if allowed.contains(&s.as_str()) => Ok(s.clone()),
        Some(s) => Err(IntlError::Range(format!(
            "Value {s} out of range for Intl.NumberFormat options property {prop}"
        ))),
    }
}

/// Splits ICU4X's formatting of a probe number into the text before and after the digits.
/// Also returns the number of fraction digits the probe showed (a currency's default).
fn split_probe(s: &str) -> (Affixes, u32) {
    let first = s.find(|c: char| c.is_ascii_digit());
    let last = s.rfind(|c: char| c.is_ascii_digit());
    match (first, last) {
        (Some(a), Some(b)) => {
            let core = &s[a..=b];
            let frac = core
                .rfind(|c: char| !c.is_ascii_digit())
                .map(|i| (core.len() - i - 1) as u32)
                .unwrap_or(0);
            (Affixes { prefix: s[..a].to_string(), suffix: s[b + 1..].to_string() }, frac)
        }
        _ => (Affixes::default(), 0),
    }
}

impl NumberFormatter {
    /// Builds a formatter like `new Intl.NumberFormat(locale, options)`.
    ///
    /// `locale`: a BCP-47 tag, `None` = `en-US`.
    ///
    /// Errors: [`IntlError::Range`] for a bad locale, an out-of-range digit option
    /// (`maximumFractionDigits value is out of range.`), min > max, an invalid currency code
    /// or option value (including a `style` other than `decimal`, `percent` and `currency`: `unit`
    /// is not supported); [`IntlError::Type`] `Currency code is required with currency style.`
    pub fn try_new(locale: Option<&str>, options: &NumberOptions) -> Result<Self, IntlError> {
        let o = options;
        let rl = resolve_locale(locale)?;
        let loc = &rl.locale;
        let style = one_of("style", &o.style, &["decimal", "percent", "currency", "unit"], "decimal")?;
        if style == "unit" {
            // Node formats `{ style: "unit", unit }`; ICU4X's unit formatting is not wired up
            // here, and a number printed without its unit would be wrong, not just plain.
            return Err(IntlError::Range("Intl.NumberFormat style \"unit\" is not supported by trove-host".into()));
        }
        let style = style.as_str();
        let currency_display = one_of(
            "currencyDisplay",
            &o.currency_display,
            &["symbol", "narrowSymbol", "code", "name"],
            "symbol",
        )?;
        let sign_display = one_of(
            "signDisplay",
            &o.sign_display,
            &["auto", "never", "always", "exceptZero", "negative"],
            "auto",
        )?;
        let rounding_mode = one_of(
            "roundingMode",
            &o.rounding_mode,
            &["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"],
            "halfExpand",
        )?;
        let grouping = one_of("useGrouping", &o.use_grouping, &["auto", "always", "min2", "false"], "auto")?;
        let min_int = range("minimumIntegerDigits", o.minimum_integer_digits, 1, 21)?.unwrap_or(1);

        let mut currency_code = None;
        let (positive, negative, cur_digits) = match style {
            "currency" => {
                let code = o
                    .currency
                    .as_deref()
                    .ok_or_else(|| IntlError::Type("Currency code is required with currency style.".into()))?
                    .to_ascii_uppercase();
                if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
                    return Err(IntlError::Range(format!("Invalid currency code : {code}")));
                }
                let ct = CurrencyType::try_from_str(&code.to_ascii_lowercase())
                    .map_err(|_| IntlError::Range(format!("Invalid currency code : {code}")))?;
                let prefs = loc.into();
                let f = match currency_display.as_str() {
                    "narrowSymbol" => CurrencyFormatter::try_new_symbol_narrow(prefs, ct, Default::default()),
                    "code" => CurrencyFormatter::try_new_code(prefs, ct, Default::default()),
                    _ => CurrencyFormatter::try_new_symbol(prefs, ct, Default::default()),
                }
                .map_err(|e| IntlError::Range(format!("no currency data: {e}")))?;
                let one: Decimal = Decimal::from(1);
                let minus_one: Decimal = Decimal::from(-1);
                let (p, d) = split_probe(&f.format_fixed_decimal(&one).to_string());
                let (n, _) = split_probe(&f.format_fixed_decimal(&minus_one).to_string());
                currency_code = Some(code);
                (p, n, d)
            }
            "percent" => {
                let f = PercentFormatter::try_new(loc.into(), Default::default())
                    .map_err(|e| IntlError::Range(format!("no percent data: {e}")))?;
                let one = Decimal::from(1);
                let minus_one = Decimal::from(-1);
                let (p, _) = split_probe(&f.format(&one).to_string());
                let (n, _) = split_probe(&f.format(&minus_one).to_string());
                (p, n, 0)
            }
            _ => {
                let f = DecimalFormatter::try_new(loc.into(), Default::default())
                    .map_err(|e| IntlError::Range(format!("no number data: {e}")))?;
                let (n, _) = split_probe(&f.format(&Decimal::from(-1)).to_string());
                (Affixes::default(), n, 0)
            }
        };

        // ECMA-402 SetNumberFormatDigitOptions (roundingPriority "auto").
        let (mnfd_default, mxfd_default) = match style {
            "currency" => (cur_digits, cur_digits),
            "percent" => (0, 0),
            _ => (0, 3),
        };
        let mnsd = range("minimumSignificantDigits", o.minimum_significant_digits, 1, 21)?;
        let mxsd = range("maximumSignificantDigits", o.maximum_significant_digits, 1, 21)?;
        let mnfd = range("minimumFractionDigits", o.minimum_fraction_digits, 0, 100)?;
        let mxfd = range("maximumFractionDigits", o.maximum_fraction_digits, 0, 100)?;
        let digits = if mnsd.is_some() || mxsd.is_some() {
            let min = mnsd.unwrap_or(1);
            let max = mxsd.unwrap_or(21);
            if min > max {
                return Err(IntlError::Range("maximumSignificantDigits value is out of range.".into()));
            }
            Digits::Significant { min, max }
        } else {
            let (min, max) = match (mnfd, mxfd) {
                (None, None) => (mnfd_default, mxfd_default),
                (Some(mn), None) => (mn, mxfd_default.max(mn)),
                (None, Some(mx)) => (mnfd_default.min(mx), mx),
                (Some(mn), Some(mx)) => {
                    if mn > mx {
                        return Err(IntlError::Range("maximumFractionDigits value is out of range.".into()));
                    }
                    (mn, mx)
                }
            };
            Digits::Fraction { min, max }
        };

        let mut dopts = DecimalFormatterOptions::default();
        dopts.grouping_strategy = Some(match grouping.as_str() {
            "always" => GroupingStrategy::Always,
            "min2" => GroupingStrategy::Min2,
            "false" => GroupingStrategy::Never,
            _ => GroupingStrategy::Auto,
        });
        let decimal = DecimalFormatter::try_new(loc.into(), dopts)
            .map_err(|e| IntlError::Range(format!("no number data: {e}")))?;

        let (minimum_fraction_digits, maximum_fraction_digits, minimum_significant_digits, maximum_significant_digits) =
            match digits {
                Digits::Fraction { min, max } => (Some(min), Some(max), None, None),
                Digits::Significant { min, max } => (None, None, Some(min), Some(max)),
            };
        let resolved = ResolvedNumberOptions {
            locale: rl.tag.clone(),
            numbering_system: "latn".into(),
            style: style.into(),
            currency: currency_code.clone(),
            currency_display: currency_code.as_ref().map(|_| currency_display.clone()),
            currency_sign: currency_code.as_ref().map(|_| "standard".to_string()),
            minimum_integer_digits: min_int,
            minimum_fraction_digits,
            maximum_fraction_digits,
            minimum_significant_digits,
            maximum_significant_digits,
            use_grouping: if grouping == "false" { serde_json::Value::Bool(false) } else { grouping.clone().into() },
            notation: "standard".into(),
            sign_display: sign_display.clone(),
            rounding_mode: rounding_mode.clone(),
            rounding_increment: 1,
            trailing_zero_display: "auto".into(),
            rounding_priority: "auto".into(),
        };
        Ok(NumberFormatter {
            decimal,
            positive,
            negative,
            percent: style == "percent",
            min_int,
            digits,
            sign_display,
            rounding_mode,
            resolved,
        })
    }

    /// The options as `resolvedOptions()` reports them.
    pub fn resolved_options(&self) -> &ResolvedNumberOptions {
        &self.resolved
    }

    /// Formats a JS number (NaN → `NaN`, ±∞ → `∞`/`-∞`, -0 → `-0`, like Node).
    pub fn format(&self, value: f64) -> String {
        parts::join(&self.format_to_parts(value))
    }

    /// Like [`format`](Self::format), split into ECMA-402 parts: `minusSign`, `plusSign`,
    /// `currency`, `literal`, `integer`, `group`, `decimal`, `fraction`, `percentSign`,
    /// `nan`, `infinity`.
    pub fn format_to_parts(&self, value: f64) -> Vec<Part> {
        let negative_input = value.is_sign_negative() && !value.is_nan();
        let mut body: Vec<Part> = Vec::new();
        let is_zero;
        if value.is_nan() {
            body.push(Part::new("nan", "NaN"));
            is_zero = false;
        } else if value.is_infinite() {
            body.push(Part::new("infinity", "∞"));
            is_zero = false;
        } else {
            let mut d: UnsignedDecimal = Decimal::try_from_f64(value.abs(), FloatPrecision::RoundTrip)
                .map(|d| d.absolute)
                .unwrap_or_default();
            if self.percent {
                d.multiply_pow10(2);
            }
            let mode = self.unsigned_mode(negative_input);
            match self.digits {
                Digits::Fraction { min, max } => {
                    d.round_with_mode(-(max as i16), mode);
                    d.trim_end();
                    d.pad_end(-(min as i16));
                }
                Digits::Significant { min, max } => {
                    if !d.is_zero() {
                        let top = d.nonzero_magnitude_start();
                        d.round_with_mode(top - max as i16 + 1, mode);
                        d.trim_end();
                        let top = d.nonzero_magnitude_start();
                        d.pad_end(top - min as i16 + 1);
                    } else {
                        d.pad_end(-(min as i16) + 1);
                    }
                }
            }
            d.pad_start(self.min_int as i16);
            is_zero = d.is_zero();
            let signed = Decimal::new(fixed_decimal::Sign::None, d);
            let formatted = self.decimal.format(&signed);
            body = parts::collect(&formatted, |p| {
                if p.category != "decimal" {
                    return None;
                }
                Some(match p.value {
                    "integer" => "integer",
                    "fraction" => "fraction",
                    "group" => "group",
                    "decimal" => "decimal",
                    _ => return None,
                })
            });
        }
        // Sign per signDisplay.
        let sign = match self.sign_display.as_str() {
            "never" => 0,
            "always" => if negative_input { -1 } else { 1 },
            "exceptZero" => if is_zero { 0 } else if negative_input { -1 } else { 1 },
            "negative" => if negative_input && !is_zero { -1 } else { 0 },
            _ => if negative_input { -1 } else { 0 },
        };
        let affixes = if sign < 0 { &self.negative } else { &self.positive };
        let mut out = Vec::new();
        if sign > 0 {
            parts::push(&mut out, "plusSign", "+");
        }
        push_affix(&mut out, &affixes.prefix);
        for p in body {
            parts::push(&mut out, &p.kind, &p.value);
        }
        push_affix(&mut out, &affixes.suffix);
        out
    }

    fn unsigned_mode(&self, negative: bool) -> UnsignedRoundingMode {
        use UnsignedRoundingMode as U;
        match (self.rounding_mode.as_str(), negative) {
            ("ceil", false) | ("floor", true) | ("expand", _) => U::Expand,
            ("ceil", true) | ("floor", false) | ("trunc", _) => U::Trunc,
            ("halfCeil", false) | ("halfFloor", true) => U::HalfExpand,
            ("halfCeil", true) | ("halfFloor", false) | ("halfTrunc", _) => U::HalfTrunc,
            ("halfEven", _) => U::HalfEven,
            _ => U::HalfExpand,
        }
    }
}

/// Splits affix text into parts: `-`/`−` minusSign, `+` plusSign, `%` percentSign,
/// whitespace literal, anything else currency.
fn push_affix(out: &mut Vec<Part>, s: &str) {
    let mut run = String::new();
    let mut kind = "";
    for c in s.chars() {
        let k = match c {
            '-' | '\u{2212}' => "minusSign",
            '+' => "plusSign",
            '%' | '\u{066A}' => "percentSign",
            c if c.is_whitespace() || c == '\u{00A0}' || c == '\u{202F}' || c == '\u{200F}' || c == '\u{200E}' => "literal",
            _ => "currency",
        };
        if k != kind && !run.is_empty() {
            parts::push(out, kind, &run);
            run.clear();
        }
        kind = k;
        run.push(c);
    }
    if !run.is_empty() {
        parts::push(out, kind, &run);
    }
}
