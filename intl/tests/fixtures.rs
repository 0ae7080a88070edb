//! Asserts the pure formatting API reproduces every string Node 20 (full ICU) printed.
//! The expectations are `tests/fixtures.json`, written by `node tests/gen-fixtures.mjs`.

use serde_json::Value;
use trove_host_intl::{DateTimeFormatter, DateTimeOptions, Defaults, IntlError, NumberFormatter, NumberOptions, Part};

fn fixtures() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("fixtures.json")).expect("json")
}

fn parts_json(parts: &[Part]) -> Value {
    serde_json::to_value(parts).unwrap()
}

fn defaults(kind: &str) -> Defaults {
    match kind {
        "toLocaleString" => Defaults::All,
        "toLocaleDateString" => Defaults::DateOnly,
        "toLocaleTimeString" => Defaults::Time,
        _ => Defaults::Date,
    }
}

fn number_value(v: &Value) -> f64 {
    match v {
        Value::String(s) => match s.as_str() {
            "NaN" => f64::NAN,
            "Infinity" => f64::INFINITY,
            "-Infinity" => f64::NEG_INFINITY,
            "-0" => -0.0,
            other => panic!("unknown value {other}"),
        },
        v => v.as_f64().unwrap(),
    }
}

/// Runs every date case whose description passes `filter`; returns (checked, failures).
fn run_dates(filter: impl Fn(&Value) -> bool) -> (usize, Vec<String>) {
    let f = fixtures();
    let mut fails = Vec::new();
    let mut n = 0;
    for case in f["dates"].as_array().unwrap().iter().filter(|c| filter(c)) {
        n += 1;
        let locale = case["locale"].as_str();
        let opts: DateTimeOptions = serde_json::from_value(case["options"].clone()).unwrap();
        let kind = case["kind"].as_str().unwrap();
        let ms = case["epochMs"].as_f64().unwrap();
        let expected = case["expected"].as_str().unwrap();
        let fmt = match DateTimeFormatter::try_new(locale, &opts, defaults(kind)) {
            Ok(f) => f,
            Err(e) => {
                fails.push(format!("{case}: error {e}"));
                continue;
            }
        };
        let got = fmt.format(ms).unwrap();
        if got != expected {
            fails.push(format!("{kind} {locale:?} {} @{ms}: got {got:?} want {expected:?}", case["options"]));
            continue;
        }
        if !case["parts"].is_null() {
            let parts = parts_json(&fmt.format_to_parts(ms).unwrap());
            if parts != case["parts"] {
                fails.push(format!("parts {locale:?} {}: got {parts} want {}", case["options"], case["parts"]));
                continue;
            }
        }
        if !case["resolved"].is_null() {
            let r = serde_json::to_value(fmt.resolved_options()).unwrap();
            for k in ["locale", "timeZone", "calendar", "numberingSystem"] {
                if r[k] != case["resolved"][k] {
                    fails.push(format!("resolved.{k} {locale:?} {}: got {} want {}", case["options"], r[k], case["resolved"][k]));
                }
            }
        }
    }
    (n, fails)
}

fn run_numbers(filter: impl Fn(&Value) -> bool) -> (usize, Vec<String>) {
    let f = fixtures();
    let mut fails = Vec::new();
    let mut n = 0;
    for case in f["numbers"].as_array().unwrap().iter().filter(|c| filter(c)) {
        n += 1;
        let locale = case["locale"].as_str();
        let opts: NumberOptions = if case["options"].is_null() {
            NumberOptions::default()
        } else {
            serde_json::from_value(case["options"].clone()).unwrap()
        };
        let v = number_value(&case["value"]);
        let expected = case["expected"].as_str().unwrap();
        let fmt = match NumberFormatter::try_new(locale, &opts) {
            Ok(f) => f,
            Err(e) => {
                fails.push(format!("{case}: error {e}"));
                continue;
            }
        };
        let got = fmt.format(v);
        if got != expected {
            fails.push(format!("{locale:?} {} {}: got {got:?} want {expected:?}", case["options"], case["value"]));
            continue;
        }
        if !case["parts"].is_null() {
            let parts = parts_json(&fmt.format_to_parts(v));
            if parts != case["parts"] {
                fails.push(format!("parts {locale:?} {} {}: got {parts} want {}", case["options"], case["value"], case["parts"]));
            }
        }
    }
    (n, fails)
}

fn assert_clean((n, fails): (usize, Vec<String>)) {
    assert!(n > 0, "no fixture matched");
    if !fails.is_empty() {
        for f in fails.iter().take(400) {
            eprintln!("{f}");
        }
        panic!("{} of {n} fixture cases differ from Node", fails.len());
    }
}

#[test]
fn brief_case_weekday_month_day_time_new_york() {
    let opts: DateTimeOptions = serde_json::from_value(serde_json::json!({
        "timeZone": "America/New_York", "weekday": "short", "month": "short", "day": "numeric",
        "hour": "numeric", "minute": "2-digit"
    }))
    .unwrap();
    let f = DateTimeFormatter::try_new(Some("en-US"), &opts, Defaults::Date).unwrap();
    // 2026-03-08T06:30:00Z. ICU emits U+202F before AM; V8/Node print a plain space.
    assert_eq!(f.format(1772951400000.0).unwrap(), "Sun, Mar 8, 1:30 AM");
}

/// Which fixture rows a test checks. Every filter is named in [`DATE_FILTERS`] or
/// [`NUMBER_FILTERS`], so that `every_fixture_row_is_checked_by_some_test` can see a row that
/// no test would ever check.
type Filter = fn(&Value) -> bool;

const TIDEWATCH_WEEKDAY_H23: Filter =
    |c| c["options"]["hourCycle"] == "h23" && c["options"]["weekday"] == "short" && c["options"].get("month").is_none();
const DTF_EN_US: Filter = |c| c["kind"] == "dtf" && c["locale"] == "en-US";
const DTF_OTHER_LOCALES: Filter = |c| c["kind"] == "dtf" && c["locale"] != "en-US";
const DATE_TO_LOCALE_STRINGS: Filter = |c| c["kind"] != "dtf";

/// `style` absent or `"decimal"` (the default, written out).
const NF_DECIMAL: Filter = |c| c["kind"] == "nf" && (c["options"]["style"].is_null() || c["options"]["style"] == "decimal");
const NF_PERCENT: Filter = |c| c["options"]["style"] == "percent";
const NF_CURRENCY: Filter = |c| c["options"]["style"] == "currency";
const NF_UNIT: Filter = |c| c["options"]["style"] == "unit";
const NUMBER_TO_LOCALE_STRING: Filter = |c| c["kind"] == "toLocaleString";

const DATE_FILTERS: [Filter; 4] = [TIDEWATCH_WEEKDAY_H23, DTF_EN_US, DTF_OTHER_LOCALES, DATE_TO_LOCALE_STRINGS];
const NUMBER_FILTERS: [Filter; 5] = [NF_DECIMAL, NF_PERCENT, NF_CURRENCY, NF_UNIT, NUMBER_TO_LOCALE_STRING];

/// The rows of `fixtures.json`'s `section` that none of `filters` selects, one line each.
fn unchecked(section: &str, filters: &[Filter]) -> (usize, Vec<String>) {
    let f = fixtures();
    let rows = f[section].as_array().unwrap();
    let missed = rows.iter().filter(|c| !filters.iter().any(|keep| keep(c))).map(|c| format!("{section}: {c}")).collect();
    (rows.len(), missed)
}

/// A fixture row that matches no test's filter is never compared with Node: the tests would
/// stay green however the formatter printed it. Every row must be selected by some test.
#[test]
fn every_fixture_row_is_checked_by_some_test() {
    let (dates, mut missed) = unchecked("dates", &DATE_FILTERS);
    let (numbers, missed_numbers) = unchecked("numbers", &NUMBER_FILTERS);
    missed.extend(missed_numbers);
    // The sizes written by gen-fixtures.mjs: a shrunken file is not full coverage either.
    assert_eq!((dates, numbers), (2237, 5570), "fixture rows (dates, numbers)");
    assert!(missed.is_empty(), "{} fixture row(s) match no test's filter, first: {}", missed.len(), missed[0]);
}

#[test]
fn tidewatch_weekday_h23_across_dst() {
    assert_clean(run_dates(TIDEWATCH_WEEKDAY_H23));
}

#[test]
fn datetime_format_en_us() {
    assert_clean(run_dates(DTF_EN_US));
}

#[test]
fn datetime_format_en_ca_en_gb_en_default() {
    assert_clean(run_dates(DTF_OTHER_LOCALES));
}

#[test]
fn date_to_locale_string_variants() {
    assert_clean(run_dates(DATE_TO_LOCALE_STRINGS));
}

/// Default options and `style: "decimal"` written out (110 rows that no test used to select).
#[test]
fn number_format_decimal() {
    assert_clean(run_numbers(NF_DECIMAL));
}

#[test]
fn number_format_percent() {
    assert_clean(run_numbers(NF_PERCENT));
}

#[test]
fn number_format_currency() {
    assert_clean(run_numbers(NF_CURRENCY));
}

/// CLDR's unit patterns as Node reads them: plural forms, widths, compound units (CLDR's own
/// `kilometer-per-hour`, and `kilobyte-per-second` through the denominator's per pattern).
#[test]
fn number_format_unit() {
    assert_clean(run_numbers(NF_UNIT));
}

#[test]
fn number_to_locale_string() {
    assert_clean(run_numbers(NUMBER_TO_LOCALE_STRING));
}

#[test]
fn errors_match_node() {
    let tz: DateTimeOptions = serde_json::from_value(serde_json::json!({"timeZone": "Nope/Zone"})).unwrap();
    assert_eq!(
        DateTimeFormatter::try_new(Some("en-US"), &tz, Defaults::Date).unwrap_err(),
        IntlError::Range("Invalid time zone specified: Nope/Zone".into())
    );
    let f = DateTimeFormatter::try_new(None, &DateTimeOptions::default(), Defaults::Date).unwrap();
    assert_eq!(f.format(f64::NAN).unwrap_err(), IntlError::Range("Invalid time value".into()));
    assert_eq!(f.resolved_options().time_zone, "UTC");
    assert_eq!(f.resolved_options().locale, "en-US");
    let cur: NumberOptions = serde_json::from_value(serde_json::json!({"style": "currency"})).unwrap();
    assert_eq!(
        NumberFormatter::try_new(Some("en-US"), &cur).unwrap_err(),
        IntlError::Type("Currency code is required with currency style.".into())
    );
    let big: NumberOptions = serde_json::from_value(serde_json::json!({"maximumFractionDigits": 200})).unwrap();
    assert_eq!(
        NumberFormatter::try_new(Some("en-US"), &big).unwrap_err(),
        IntlError::Range("maximumFractionDigits value is out of range.".into())
    );
    assert!(NumberFormatter::try_new(Some("!!bad"), &NumberOptions::default()).is_err());
    // A unit is checked whatever the style; a unit style needs one (Node 20's errors).
    for (options, error) in [
        (serde_json::json!({"style": "unit"}), IntlError::Type("Invalid unit argument for Intl.NumberFormat() ''".into())),
        (serde_json::json!({"style": "unit", "unit": "furlong"}), IntlError::Range("Invalid unit argument for Intl.NumberFormat() 'furlong'".into())),
        (serde_json::json!({"unit": "meter-per-furlong"}), IntlError::Range("Invalid unit argument for Intl.NumberFormat() 'meter-per-furlong'".into())),
        (serde_json::json!({"style": "unit", "unit": "meter-per-second-per-hour"}),
            IntlError::Range("Invalid unit argument for Intl.NumberFormat() 'meter-per-second-per-hour'".into())),
        (serde_json::json!({"style": "unit", "unit": "percent", "notation": "compact"}),
            IntlError::Range("Intl.NumberFormat notation \"compact\" with a short or narrow unit \"percent\" is not supported by trove-host".into())),
        (serde_json::json!({"style": "unit", "unit": "meter", "unitDisplay": "wide"}),
            IntlError::Range("Value wide out of range for Intl.NumberFormat options property unitDisplay".into())),
    ] {
        let o: NumberOptions = serde_json::from_value(options.clone()).unwrap();
        assert_eq!(NumberFormatter::try_new(Some("en-US"), &o).unwrap_err(), error, "{options}");
    }
    let decimal: NumberOptions = serde_json::from_value(serde_json::json!({"unit": "meter"})).unwrap();
    let f = NumberFormatter::try_new(Some("en-US"), &decimal).unwrap();
    assert_eq!((f.format(5.0).as_str(), f.resolved_options().unit.as_deref()), ("5", None), "a unit without unit style is not shown");
    let mixed: DateTimeOptions = serde_json::from_value(serde_json::json!({"dateStyle": "medium", "hour": "numeric"})).unwrap();
    assert!(matches!(DateTimeFormatter::try_new(None, &mixed, Defaults::Date), Err(IntlError::Type(_))));
}

/// Instants beyond the years -9999 and 9999 (where jiff's, and the time-zone rules', end), up to a
/// `Date`'s limit of ±8.64e15 ms, format as Node 20.20.2 prints them (`node -e`): they threw
/// `RangeError: Invalid time value` (review 38). Beyond its tables a zone keeps its last rule,
/// daylight saving time included, in the future.
/// Formats each `(epoch ms, locale, options, defaults, Node's string)` and lists every one that
/// differs.
fn assert_formats_as_node(cases: &[(f64, &str, Value, Defaults, &str)]) {
    let mut fails = Vec::new();
    for (ms, locale, options, defaults, want) in cases {
        let opts: DateTimeOptions = serde_json::from_value(options.clone()).unwrap();
        let got = DateTimeFormatter::try_new(Some(locale), &opts, *defaults).and_then(|f| f.format(*ms));
        if got.as_deref() != Ok(*want) {
            fails.push(format!("{locale} {options} @{ms}: got {got:?}, want {want:?}"));
        }
    }
    assert!(fails.is_empty(), "{} of {}: {fails:#?}", fails.len(), cases.len());
}

/// A year before 1 is shown as its year of the era and no era, unless one is asked for (ICU4X
/// added `BC`); an era with a numeric date takes CLDR's `GyMd` (ja `西暦2024/3/5`, not ICU4X's
/// padded `西暦2024/03/05`); other calendars keep the era their pattern names (`BE`). Node 20's
/// strings (review 38 left these).
#[test]
fn years_before_1_and_asked_for_eras_format_as_node_does() {
    let cases: [(f64, &str, Value, Defaults, &str); 22] = [
        (-62198755200000.0, "en-US", serde_json::json!({"timeZone": "UTC"}), Defaults::Date, "1/1/2"),
        (-62198755200000.0, "en-US", serde_json::json!({"timeZone": "UTC"}), Defaults::All, "1/1/2, 12:00:00 AM"),
        (-100000000000000.0, "en-US", serde_json::json!({"timeZone": "UTC"}), Defaults::All, "2/15/1200, 2:13:20 PM"),
        (-8640000000000000.0, "en-US", serde_json::json!({"timeZone": "UTC"}), Defaults::All, "4/20/271822, 12:00:00 AM"),
        (-62198755200000.0, "en-GB", serde_json::json!({"timeZone": "UTC"}), Defaults::Date, "01/01/2"),
        (-62198755200000.0, "de-DE", serde_json::json!({"timeZone": "UTC", "year": "numeric", "month": "long"}), Defaults::Date, "Januar 2"),
        (-62198755200000.0, "en-US", serde_json::json!({"timeZone": "UTC", "dateStyle": "full"}), Defaults::Date, "Friday, January 1, 2"),
        (-62198755200000.0, "en-US", serde_json::json!({"timeZone": "UTC", "dateStyle": "medium", "timeStyle": "short"}), Defaults::All, "Jan 1, 2, 12:00 AM"),
        (-62198755200000.0, "ja-JP", serde_json::json!({"timeZone": "UTC", "dateStyle": "long"}), Defaults::Date, "2\u{5e74}1\u{6708}1\u{65e5}"),
        (-62198755200000.0, "en-US", serde_json::json!({"timeZone": "UTC", "era": "short"}), Defaults::Date, "1/1/2 BC"),
        (-62198755200000.0, "ja-JP", serde_json::json!({"timeZone": "UTC", "era": "short"}), Defaults::Date, "\u{7d00}\u{5143}\u{524d}2/1/1"),
        (1709596800000.0, "ja-JP", serde_json::json!({"timeZone": "UTC", "era": "short"}), Defaults::Date, "\u{897f}\u{66a6}2024/3/5"),
        (1709596800000.0, "ja-JP", serde_json::json!({"timeZone": "UTC", "era": "long"}), Defaults::Date, "\u{897f}\u{66a6}2024/3/5"),
        (1709596800000.0, "ja-JP", serde_json::json!({"timeZone": "UTC", "era": "narrow"}), Defaults::Date, "AD2024/3/5"),
        (1709596800000.0, "ja-JP", serde_json::json!({"timeZone": "UTC", "era": "short", "year": "numeric", "month": "2-digit", "day": "2-digit"}), Defaults::Date, "\u{897f}\u{66a6}2024/03/05"),
        (1709596800000.0, "de-DE", serde_json::json!({"timeZone": "UTC", "era": "short"}), Defaults::Date, "05.03.2024 n. Chr."),
        (1709596800000.0, "zh-CN", serde_json::json!({"timeZone": "UTC", "era": "short"}), Defaults::Date, "\u{516c}\u{5143}2024-03-05"),
        (1709596800000.0, "ko-KR", serde_json::json!({"timeZone": "UTC", "era": "short"}), Defaults::Date, "AD 2024/3/5"),
        (1709596800000.0, "en-GB", serde_json::json!({"timeZone": "UTC", "era": "long"}), Defaults::Date, "05/03/2024 Anno Domini"),
        (1709596800000.0, "fr-FR", serde_json::json!({"timeZone": "UTC", "era": "narrow"}), Defaults::Date, "05/03/2024 ap. J.-C."),
        (1709596800000.0, "en-US", serde_json::json!({"timeZone": "UTC", "era": "short"}), Defaults::All, "3/5/2024 AD, 12:00:00 AM"),
        (1709596800000.0, "en-US-u-ca-buddhist", serde_json::json!({"timeZone": "UTC"}), Defaults::Date, "3/5/2567 BE"),
    ];
    assert_formats_as_node(&cases);
}

/// A numeric month with a weekday, or with only a day or a year, takes CLDR's pattern for that
/// skeleton (`yMEd`, `MEd`, `Md`, `yM`), as Node does: en `Mon, 1/5/2026`, not ICU4X's `Mon,
/// Jan 5, 2026`; de `5.1.`, not `05.01.` (review 41). Node 20's strings, 15 locales (but for fr
/// with a time, whose date-time glue differs, and ko with a time, whose day period does).
#[test]
fn numeric_months_with_a_weekday_or_two_fields_format_as_node_does() {
    let cases: [(f64, &str, Value, Defaults, &str); 204] = [
        (1767571200000.0, "en-US", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Mon, 1/5/2026"),
        (1732370707000.0, "en-US", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Sat, 11/23/2024"),
        (1767571200000.0, "en-US", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Monday, 1/5/2026"),
        (1732370707000.0, "en-US", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Saturday, 11/23/2024"),
        (1767571200000.0, "en-US", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Mon, 1/5"),
        (1732370707000.0, "en-US", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Sat, 11/23"),
        (1767571200000.0, "en-US", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/5"),
        (1732370707000.0, "en-US", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/23"),
        (1767571200000.0, "en-US", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/2026"),
        (1732370707000.0, "en-US", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "en-US", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "Mon, 1/5/2026, 12:00 AM"),
        (1732370707000.0, "en-US", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "Sat, 11/23/2024, 2:05 PM"),
        (1767571200000.0, "en-US", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "1/5, 12:00 AM"),
        (1732370707000.0, "en-US", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "11/23, 2:05 PM"),
        (1767571200000.0, "en-GB", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Mon, 05/01/2026"),
        (1732370707000.0, "en-GB", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Sat, 23/11/2024"),
        (1767571200000.0, "en-GB", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Monday, 05/01/2026"),
        (1732370707000.0, "en-GB", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Saturday, 23/11/2024"),
        (1767571200000.0, "en-GB", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Mon 05/01"),
        (1732370707000.0, "en-GB", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Sat 23/11"),
        (1767571200000.0, "en-GB", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "05/01"),
        (1732370707000.0, "en-GB", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11"),
        (1767571200000.0, "en-GB", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "01/2026"),
        (1732370707000.0, "en-GB", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "en-GB", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "Mon, 05/01/2026, 0:00"),
        (1732370707000.0, "en-GB", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "Sat, 23/11/2024, 14:05"),
        (1767571200000.0, "en-GB", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "05/01, 0:00"),
        (1732370707000.0, "en-GB", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23/11, 14:05"),
        (1767571200000.0, "de-DE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Mo., 5.1.2026"),
        (1732370707000.0, "de-DE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Sa., 23.11.2024"),
        (1767571200000.0, "de-DE", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Montag, 5.1.2026"),
        (1732370707000.0, "de-DE", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Samstag, 23.11.2024"),
        (1767571200000.0, "de-DE", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Mo., 5.1."),
        (1732370707000.0, "de-DE", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "Sa., 23.11."),
        (1767571200000.0, "de-DE", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5.1."),
        (1732370707000.0, "de-DE", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23.11."),
        (1767571200000.0, "de-DE", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/2026"),
        (1732370707000.0, "de-DE", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "de-DE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "Mo., 5.1.2026, 0:00"),
        (1732370707000.0, "de-DE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "Sa., 23.11.2024, 14:05"),
        (1767571200000.0, "de-DE", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "5.1., 0:00"),
        (1732370707000.0, "de-DE", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23.11., 14:05"),
        (1767571200000.0, "fr-FR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lun. 05/01/2026"),
        (1732370707000.0, "fr-FR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sam. 23/11/2024"),
        (1767571200000.0, "fr-FR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lundi 05/01/2026"),
        (1732370707000.0, "fr-FR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "samedi 23/11/2024"),
        (1767571200000.0, "fr-FR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lun. 05/01"),
        (1732370707000.0, "fr-FR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sam. 23/11"),
        (1767571200000.0, "fr-FR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "05/01"),
        (1732370707000.0, "fr-FR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11"),
        (1767571200000.0, "fr-FR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "01/2026"),
        (1732370707000.0, "fr-FR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "fr-FR", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "05/01 0:00"),
        (1732370707000.0, "fr-FR", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23/11 14:05"),
        (1767571200000.0, "es-ES", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lun, 5/1/2026"),
        (1732370707000.0, "es-ES", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}b, 23/11/2024"),
        (1767571200000.0, "es-ES", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lunes, 5/1/2026"),
        (1732370707000.0, "es-ES", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}bado, 23/11/2024"),
        (1767571200000.0, "es-ES", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lun, 5/1"),
        (1732370707000.0, "es-ES", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}b, 23/11"),
        (1767571200000.0, "es-ES", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5/1"),
        (1732370707000.0, "es-ES", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11"),
        (1767571200000.0, "es-ES", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/2026"),
        (1732370707000.0, "es-ES", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "es-ES", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "lun, 5/1/2026, 0:00"),
        (1732370707000.0, "es-ES", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}b, 23/11/2024, 14:05"),
        (1767571200000.0, "es-ES", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "5/1, 0:00"),
        (1732370707000.0, "es-ES", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23/11, 14:05"),
        (1767571200000.0, "ja-JP", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026/1/5(\u{6708})"),
        (1732370707000.0, "ja-JP", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024/11/23(\u{571f})"),
        (1767571200000.0, "ja-JP", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026/1/5\u{6708}\u{66dc}\u{65e5}"),
        (1732370707000.0, "ja-JP", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024/11/23\u{571f}\u{66dc}\u{65e5}"),
        (1767571200000.0, "ja-JP", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/5(\u{6708})"),
        (1732370707000.0, "ja-JP", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/23(\u{571f})"),
        (1767571200000.0, "ja-JP", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/5"),
        (1732370707000.0, "ja-JP", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/23"),
        (1767571200000.0, "ja-JP", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026/1"),
        (1732370707000.0, "ja-JP", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024/11"),
        (1767571200000.0, "ja-JP", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "2026/1/5(\u{6708}) 0:00"),
        (1732370707000.0, "ja-JP", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "2024/11/23(\u{571f}) 14:05"),
        (1767571200000.0, "ja-JP", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "1/5 0:00"),
        (1732370707000.0, "ja-JP", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "11/23 14:05"),
        (1767571200000.0, "zh-CN", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026/1/5\u{5468}\u{4e00}"),
        (1732370707000.0, "zh-CN", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024/11/23\u{5468}\u{516d}"),
        (1767571200000.0, "zh-CN", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026\u{5e74}1\u{6708}5\u{65e5}\u{661f}\u{671f}\u{4e00}"),
        (1732370707000.0, "zh-CN", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024\u{5e74}11\u{6708}23\u{65e5}\u{661f}\u{671f}\u{516d}"),
        (1767571200000.0, "zh-CN", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/5\u{5468}\u{4e00}"),
        (1732370707000.0, "zh-CN", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/23\u{5468}\u{516d}"),
        (1767571200000.0, "zh-CN", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "1/5"),
        (1732370707000.0, "zh-CN", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/23"),
        (1767571200000.0, "zh-CN", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026/1"),
        (1732370707000.0, "zh-CN", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024/11"),
        (1767571200000.0, "zh-CN", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "2026/1/5\u{5468}\u{4e00} 0:00"),
        (1732370707000.0, "zh-CN", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "2024/11/23\u{5468}\u{516d} 14:05"),
        (1767571200000.0, "zh-CN", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "1/5 0:00"),
        (1732370707000.0, "zh-CN", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "11/23 14:05"),
        (1767571200000.0, "ko-KR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026. 1. 5. (\u{c6d4})"),
        (1732370707000.0, "ko-KR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024. 11. 23. (\u{d1a0})"),
        (1767571200000.0, "ko-KR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026. 1. 5. \u{c6d4}\u{c694}\u{c77c}"),
        (1732370707000.0, "ko-KR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024. 11. 23. \u{d1a0}\u{c694}\u{c77c}"),
        (1767571200000.0, "ko-KR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "1. 5. (\u{c6d4})"),
        (1732370707000.0, "ko-KR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "11. 23. (\u{d1a0})"),
        (1767571200000.0, "ko-KR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "1. 5."),
        (1732370707000.0, "ko-KR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "11. 23."),
        (1767571200000.0, "ko-KR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026. 1."),
        (1732370707000.0, "ko-KR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024. 11."),
        (1767571200000.0, "nl-NL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "ma 5-1-2026"),
        (1732370707000.0, "nl-NL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "za 23-11-2024"),
        (1767571200000.0, "nl-NL", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "maandag 5-1-2026"),
        (1732370707000.0, "nl-NL", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "zaterdag 23-11-2024"),
        (1767571200000.0, "nl-NL", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "ma 5-1"),
        (1732370707000.0, "nl-NL", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "za 23-11"),
        (1767571200000.0, "nl-NL", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5-1"),
        (1732370707000.0, "nl-NL", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23-11"),
        (1767571200000.0, "nl-NL", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "1-2026"),
        (1732370707000.0, "nl-NL", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11-2024"),
        (1767571200000.0, "nl-NL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "ma 5-1-2026, 0:00"),
        (1732370707000.0, "nl-NL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "za 23-11-2024, 14:05"),
        (1767571200000.0, "nl-NL", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "5-1, 0:00"),
        (1732370707000.0, "nl-NL", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23-11, 14:05"),
        (1767571200000.0, "pl-PL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "pon., 5.01.2026"),
        (1732370707000.0, "pl-PL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sob., 23.11.2024"),
        (1767571200000.0, "pl-PL", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "poniedzia\u{142}ek, 5.01.2026"),
        (1732370707000.0, "pl-PL", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sobota, 23.11.2024"),
        (1767571200000.0, "pl-PL", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "pon., 5.01"),
        (1732370707000.0, "pl-PL", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sob., 23.11"),
        (1767571200000.0, "pl-PL", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5.01"),
        (1732370707000.0, "pl-PL", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23.11"),
        (1767571200000.0, "pl-PL", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "01.2026"),
        (1732370707000.0, "pl-PL", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11.2024"),
        (1767571200000.0, "pl-PL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "pon., 5.01.2026, 0:00"),
        (1732370707000.0, "pl-PL", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "sob., 23.11.2024, 14:05"),
        (1767571200000.0, "pl-PL", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "5.01, 0:00"),
        (1732370707000.0, "pl-PL", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23.11, 14:05"),
        (1767571200000.0, "ru-RU", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "\u{43f}\u{43d}, 05.01.2026"),
        (1732370707000.0, "ru-RU", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "\u{441}\u{431}, 23.11.2024"),
        (1767571200000.0, "ru-RU", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "\u{43f}\u{43e}\u{43d}\u{435}\u{434}\u{435}\u{43b}\u{44c}\u{43d}\u{438}\u{43a}, 05.01.2026"),
        (1732370707000.0, "ru-RU", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "\u{441}\u{443}\u{431}\u{431}\u{43e}\u{442}\u{430}, 23.11.2024"),
        (1767571200000.0, "ru-RU", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "\u{43f}\u{43d}, 05.01"),
        (1732370707000.0, "ru-RU", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "\u{441}\u{431}, 23.11"),
        (1767571200000.0, "ru-RU", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "05.01"),
        (1732370707000.0, "ru-RU", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23.11"),
        (1767571200000.0, "ru-RU", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "01.2026"),
        (1732370707000.0, "ru-RU", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11.2024"),
        (1767571200000.0, "ru-RU", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "\u{43f}\u{43d}, 05.01.2026, 0:00"),
        (1732370707000.0, "ru-RU", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "\u{441}\u{431}, 23.11.2024, 14:05"),
        (1767571200000.0, "ru-RU", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "05.01, 0:00"),
        (1732370707000.0, "ru-RU", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23.11, 14:05"),
        (1767571200000.0, "pt-BR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "seg., 05/01/2026"),
        (1732370707000.0, "pt-BR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}b., 23/11/2024"),
        (1767571200000.0, "pt-BR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "segunda-feira, 05/01/2026"),
        (1732370707000.0, "pt-BR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}bado, 23/11/2024"),
        (1767571200000.0, "pt-BR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "seg., 05/01"),
        (1732370707000.0, "pt-BR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}b., 23/11"),
        (1767571200000.0, "pt-BR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "05/01"),
        (1732370707000.0, "pt-BR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11"),
        (1767571200000.0, "pt-BR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "01/2026"),
        (1732370707000.0, "pt-BR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "pt-BR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "seg., 05/01/2026, 0:00"),
        (1732370707000.0, "pt-BR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "s\u{e1}b., 23/11/2024, 14:05"),
        (1767571200000.0, "pt-BR", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "05/01, 0:00"),
        (1732370707000.0, "pt-BR", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23/11, 14:05"),
        (1767571200000.0, "it-IT", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lun 05/01/2026"),
        (1732370707000.0, "it-IT", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sab 23/11/2024"),
        (1767571200000.0, "it-IT", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "luned\u{ec} 05/01/2026"),
        (1732370707000.0, "it-IT", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sabato 23/11/2024"),
        (1767571200000.0, "it-IT", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "lun 05/01"),
        (1732370707000.0, "it-IT", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "sab 23/11"),
        (1767571200000.0, "it-IT", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "05/01"),
        (1732370707000.0, "it-IT", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11"),
        (1767571200000.0, "it-IT", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "01/2026"),
        (1732370707000.0, "it-IT", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "it-IT", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "lun 05/01/2026, 0:00"),
        (1732370707000.0, "it-IT", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "sab 23/11/2024, 14:05"),
        (1767571200000.0, "it-IT", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "05/01, 0:00"),
        (1732370707000.0, "it-IT", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23/11, 14:05"),
        (1767571200000.0, "sv-SE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "m\u{e5}n, 2026-01-05"),
        (1732370707000.0, "sv-SE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "l\u{f6}r, 2024-11-23"),
        (1767571200000.0, "sv-SE", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "m\u{e5}ndag, 2026-01-05"),
        (1732370707000.0, "sv-SE", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "l\u{f6}rdag, 2024-11-23"),
        (1767571200000.0, "sv-SE", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "m\u{e5}n 5/1"),
        (1732370707000.0, "sv-SE", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "l\u{f6}r 23/11"),
        (1767571200000.0, "sv-SE", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5/1"),
        (1732370707000.0, "sv-SE", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11"),
        (1767571200000.0, "sv-SE", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2026-01"),
        (1732370707000.0, "sv-SE", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "2024-11"),
        (1767571200000.0, "sv-SE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "m\u{e5}n, 2026-01-05 0:00"),
        (1732370707000.0, "sv-SE", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "l\u{f6}r, 2024-11-23 14:05"),
        (1767571200000.0, "sv-SE", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "5/1 0:00"),
        (1732370707000.0, "sv-SE", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23/11 14:05"),
        (1767571200000.0, "tr-TR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5.1.2026 Pzt"),
        (1732370707000.0, "tr-TR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23.11.2024 Cmt"),
        (1767571200000.0, "tr-TR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5.1.2026 Pazartesi"),
        (1732370707000.0, "tr-TR", serde_json::json!({"weekday": "long", "year": "numeric", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23.11.2024 Cumartesi"),
        (1767571200000.0, "tr-TR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5/1 Pzt"),
        (1732370707000.0, "tr-TR", serde_json::json!({"weekday": "short", "month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11 Cmt"),
        (1767571200000.0, "tr-TR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "5/1"),
        (1732370707000.0, "tr-TR", serde_json::json!({"month": "numeric", "day": "numeric", "timeZone": "UTC"}), Defaults::Date, "23/11"),
        (1767571200000.0, "tr-TR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "01/2026"),
        (1732370707000.0, "tr-TR", serde_json::json!({"year": "numeric", "month": "numeric", "timeZone": "UTC"}), Defaults::Date, "11/2024"),
        (1767571200000.0, "tr-TR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "5.1.2026 Pzt 0:00"),
        (1732370707000.0, "tr-TR", serde_json::json!({"weekday": "short", "year": "numeric", "month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23.11.2024 Cmt 14:05"),
        (1767571200000.0, "tr-TR", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "5/1 0:00"),
        (1732370707000.0, "tr-TR", serde_json::json!({"month": "numeric", "day": "numeric", "hour": "numeric", "minute": "2-digit", "timeZone": "UTC"}), Defaults::Date, "23/11 14:05"),
    ];
    assert_formats_as_node(&cases);
}

/// Zone names at and near offset zero in the specific and offset styles: `GMT+0` in
/// `shortOffset` and in most locales' `short`, `GMT` in `short` where CLDR abbreviates it (en,
/// es). Node 20's strings (review 41), but for fr's `UTC` and its minus sign U+2212, which
/// differ still (docs/intl.md).
#[test]
fn zone_names_at_offset_zero_format_as_node_does() {
    let cases: [(f64, &str, Value, Defaults, &str); 107] = [
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/London"}), Defaults::Date, "2/29/2024, GMT"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/London"}), Defaults::Date, "2/29/2024, GMT+0"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/London"}), Defaults::Date, "2/29/2024, GMT+00:00"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/London"}), Defaults::Date, "2/29/2024, Greenwich Mean Time"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "short", "timeZone": "UTC"}), Defaults::Date, "2/29/2024, UTC"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "UTC"}), Defaults::Date, "2/29/2024, GMT+0"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "UTC"}), Defaults::Date, "2/29/2024, GMT+00:00"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "long", "timeZone": "UTC"}), Defaults::Date, "2/29/2024, Coordinated Universal Time"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "short", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2/29/2024, GMT"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2/29/2024, GMT+0"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2/29/2024, GMT+00:00"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "long", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2/29/2024, Greenwich Mean Time"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "short", "timeZone": "America/New_York"}), Defaults::Date, "2/29/2024, EST"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "America/New_York"}), Defaults::Date, "2/29/2024, GMT-5"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "America/New_York"}), Defaults::Date, "2/29/2024, GMT-05:00"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "long", "timeZone": "America/New_York"}), Defaults::Date, "2/29/2024, Eastern Standard Time"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/Berlin"}), Defaults::Date, "2/29/2024, GMT+1"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "2/29/2024, GMT+1"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "2/29/2024, GMT+01:00"),
        (1709218800000.0, "en-US", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/Berlin"}), Defaults::Date, "2/29/2024, Central European Standard Time"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/London"}), Defaults::Date, "29.2.2024, GMT+0"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/London"}), Defaults::Date, "29.2.2024, GMT+0"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/London"}), Defaults::Date, "29.2.2024, GMT+00:00"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/London"}), Defaults::Date, "29.2.2024, Mittlere Greenwich-Zeit"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "short", "timeZone": "UTC"}), Defaults::Date, "29.2.2024, UTC"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "UTC"}), Defaults::Date, "29.2.2024, GMT+0"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "UTC"}), Defaults::Date, "29.2.2024, GMT+00:00"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "long", "timeZone": "UTC"}), Defaults::Date, "29.2.2024, Koordinierte Weltzeit"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "short", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29.2.2024, GMT+0"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29.2.2024, GMT+0"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29.2.2024, GMT+00:00"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "long", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29.2.2024, Mittlere Greenwich-Zeit"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "short", "timeZone": "America/New_York"}), Defaults::Date, "29.2.2024, GMT-5"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "America/New_York"}), Defaults::Date, "29.2.2024, GMT-5"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "America/New_York"}), Defaults::Date, "29.2.2024, GMT-05:00"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "long", "timeZone": "America/New_York"}), Defaults::Date, "29.2.2024, Nordamerikanische Ostk\u{fc}sten-Normalzeit"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/Berlin"}), Defaults::Date, "29.2.2024, MEZ"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "29.2.2024, GMT+1"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "29.2.2024, GMT+01:00"),
        (1709218800000.0, "de-DE", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/Berlin"}), Defaults::Date, "29.2.2024, Mitteleurop\u{e4}ische Normalzeit"),
        (1709218800000.0, "fr-FR", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/London"}), Defaults::Date, "29/02/2024 heure moyenne de Greenwich"),
        (1709218800000.0, "fr-FR", serde_json::json!({"timeZoneName": "long", "timeZone": "UTC"}), Defaults::Date, "29/02/2024 temps universel coordonn\u{e9}"),
        (1709218800000.0, "fr-FR", serde_json::json!({"timeZoneName": "long", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/02/2024 heure moyenne de Greenwich"),
        (1709218800000.0, "fr-FR", serde_json::json!({"timeZoneName": "long", "timeZone": "America/New_York"}), Defaults::Date, "29/02/2024 heure normale de l\u{2019}Est nord-am\u{e9}ricain"),
        (1709218800000.0, "fr-FR", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/02/2024 UTC+1"),
        (1709218800000.0, "fr-FR", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/02/2024 UTC+1"),
        (1709218800000.0, "fr-FR", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/02/2024 heure normale d\u{2019}Europe centrale"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/London"}), Defaults::Date, "2024/2/29 GMT+0"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/London"}), Defaults::Date, "2024/2/29 GMT+0"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/London"}), Defaults::Date, "2024/2/29 GMT+00:00"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/London"}), Defaults::Date, "2024/2/29 \u{30b0}\u{30ea}\u{30cb}\u{30c3}\u{30b8}\u{6a19}\u{6e96}\u{6642}"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "short", "timeZone": "UTC"}), Defaults::Date, "2024/2/29 UTC"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "UTC"}), Defaults::Date, "2024/2/29 GMT+0"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "UTC"}), Defaults::Date, "2024/2/29 GMT+00:00"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "long", "timeZone": "UTC"}), Defaults::Date, "2024/2/29 \u{5354}\u{5b9a}\u{4e16}\u{754c}\u{6642}"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "short", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2024/2/29 GMT+0"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2024/2/29 GMT+0"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2024/2/29 GMT+00:00"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "long", "timeZone": "Africa/Abidjan"}), Defaults::Date, "2024/2/29 \u{30b0}\u{30ea}\u{30cb}\u{30c3}\u{30b8}\u{6a19}\u{6e96}\u{6642}"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "short", "timeZone": "America/New_York"}), Defaults::Date, "2024/2/29 GMT-5"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "America/New_York"}), Defaults::Date, "2024/2/29 GMT-5"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "America/New_York"}), Defaults::Date, "2024/2/29 GMT-05:00"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "long", "timeZone": "America/New_York"}), Defaults::Date, "2024/2/29 \u{7c73}\u{56fd}\u{6771}\u{90e8}\u{6a19}\u{6e96}\u{6642}"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/Berlin"}), Defaults::Date, "2024/2/29 GMT+1"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "2024/2/29 GMT+1"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "2024/2/29 GMT+01:00"),
        (1709218800000.0, "ja-JP", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/Berlin"}), Defaults::Date, "2024/2/29 \u{4e2d}\u{592e}\u{30e8}\u{30fc}\u{30ed}\u{30c3}\u{30d1}\u{6a19}\u{6e96}\u{6642}"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/London"}), Defaults::Date, "29/02/2024, GMT"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/London"}), Defaults::Date, "29/02/2024, GMT+0"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/London"}), Defaults::Date, "29/02/2024, GMT+00:00"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/London"}), Defaults::Date, "29/02/2024, Greenwich Mean Time"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "short", "timeZone": "UTC"}), Defaults::Date, "29/02/2024, UTC"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "UTC"}), Defaults::Date, "29/02/2024, GMT+0"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "UTC"}), Defaults::Date, "29/02/2024, GMT+00:00"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "long", "timeZone": "UTC"}), Defaults::Date, "29/02/2024, Coordinated Universal Time"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "short", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/02/2024, GMT"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/02/2024, GMT+0"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/02/2024, GMT+00:00"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "long", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/02/2024, Greenwich Mean Time"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "short", "timeZone": "America/New_York"}), Defaults::Date, "29/02/2024, GMT-5"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "America/New_York"}), Defaults::Date, "29/02/2024, GMT-5"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "America/New_York"}), Defaults::Date, "29/02/2024, GMT-05:00"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "long", "timeZone": "America/New_York"}), Defaults::Date, "29/02/2024, Eastern Standard Time"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/02/2024, CET"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/02/2024, GMT+1"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/02/2024, GMT+01:00"),
        (1709218800000.0, "en-GB", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/02/2024, Central European Standard Time"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/London"}), Defaults::Date, "29/2/2024, GMT"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/London"}), Defaults::Date, "29/2/2024, GMT+0"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/London"}), Defaults::Date, "29/2/2024, GMT+00:00"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/London"}), Defaults::Date, "29/2/2024, hora del meridiano de Greenwich"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "short", "timeZone": "UTC"}), Defaults::Date, "29/2/2024, UTC"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "UTC"}), Defaults::Date, "29/2/2024, GMT+0"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "UTC"}), Defaults::Date, "29/2/2024, GMT+00:00"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "long", "timeZone": "UTC"}), Defaults::Date, "29/2/2024, tiempo universal coordinado"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "short", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/2/2024, GMT"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/2/2024, GMT+0"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/2/2024, GMT+00:00"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "long", "timeZone": "Africa/Abidjan"}), Defaults::Date, "29/2/2024, hora del meridiano de Greenwich"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "short", "timeZone": "America/New_York"}), Defaults::Date, "29/2/2024, GMT-5"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "America/New_York"}), Defaults::Date, "29/2/2024, GMT-5"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "America/New_York"}), Defaults::Date, "29/2/2024, GMT-05:00"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "long", "timeZone": "America/New_York"}), Defaults::Date, "29/2/2024, hora est\u{e1}ndar oriental"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "short", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/2/2024, CET"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "shortOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/2/2024, GMT+1"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "longOffset", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/2/2024, GMT+01:00"),
        (1709218800000.0, "es-ES", serde_json::json!({"timeZoneName": "long", "timeZone": "Europe/Berlin"}), Defaults::Date, "29/2/2024, hora est\u{e1}ndar de Europa central"),
    ];
    assert_formats_as_node(&cases);
}

#[test]
fn instants_beyond_the_year_9999_format_as_node_does() {
    let cases: [(f64, &str, Value, Defaults, &str); 9] = [
        (8.64e15, "en-US", serde_json::json!({ "timeZone": "UTC" }), Defaults::Date, "9/13/275760"),
        (253402300800000.0, "en-US", serde_json::json!({ "timeZone": "UTC" }), Defaults::Date, "1/1/10000"),
        // Date.UTC(12345, 6, 4, 15, 30) and Date.UTC(12345, 0, 4, 15, 30): summer and winter time.
        (327419335800000.0, "en-US", serde_json::json!({ "timeZone": "America/New_York", "dateStyle": "full", "timeStyle": "long" }), Defaults::Date, "Wednesday, July 4, 12345 at 11:30:00 AM GMT-4"),
        (327403697400000.0, "en-US", serde_json::json!({ "timeZone": "America/New_York", "dateStyle": "full", "timeStyle": "long" }), Defaults::Date, "Thursday, January 4, 12345 at 10:30:00 AM GMT-5"),
        (327419335800000.0, "en-US", serde_json::json!({ "timeZone": "America/New_York", "timeZoneName": "long" }), Defaults::Date, "7/4/12345, GMT-04:00"),
        (327419335800000.0, "en-US", serde_json::json!({ "timeZone": "UTC", "timeZoneName": "long" }), Defaults::Date, "7/4/12345, Coordinated Universal Time"),
        (327419335800000.0, "en-US", serde_json::json!({ "timeZone": "America/New_York", "timeZoneName": "shortOffset" }), Defaults::Date, "7/4/12345, GMT-4"),
        // Date.UTC(99999, 11, 31, 23, 59, 59)
        (3093527980799000.0, "en-GB", serde_json::json!({ "timeZone": "UTC", "weekday": "long", "year": "numeric", "month": "long", "day": "numeric" }), Defaults::Date, "Friday, 31 December 99999"),
        (8.64e15, "en-US", serde_json::json!({ "timeZone": "UTC" }), Defaults::All, "9/13/275760, 12:00:00 AM"),
    ];
    assert_formats_as_node(&cases);
}
