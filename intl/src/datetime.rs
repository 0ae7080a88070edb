//! `Intl.DateTimeFormat`: ECMA-402 options → ICU4X field sets, IANA zones via jiff.

use icu_locale_core::extensions::unicode::key;
use crate::locale::{resolve_locale, table_keys, ResolvedLocale};
use crate::parts::{self, Part};
use crate::ms_patterns::MS_PATTERNS;
use crate::ymd_patterns::{
    GYMD_PATTERNS, MD_PATTERNS, MEEEED_PATTERNS, MED_PATTERNS, SHORT_GMT_LOCALES, YMD_PATTERNS, YMEEEED_PATTERNS, YMED_PATTERNS,
    YM_PATTERNS,
};
use crate::IntlError;
use icu_calendar::{AnyCalendarKind, Date, Gregorian};
use icu_datetime::fieldbag::{field, DateTimeFieldBag};
use icu_datetime::fieldsets::builder::{DateFields, FieldSetBuilder, ZoneStyle};
use icu_datetime::fieldsets::enums::CompositeFieldSet;
use icu_datetime::options::{Length, TimePrecision};
use icu_datetime::pattern::{DateTimePattern, FixedCalendarDateTimeNames};
use icu_datetime::preferences::HourCycle;
use icu_datetime::{DateTimeFormatter as IcuFormatter, DateTimeFormatterPreferences};
use icu_time::zone::{UtcOffset, ZoneNameTimestamp};
use icu_time::zone::models;
use icu_time::{Time, TimeZone, TimeZoneInfo, ZonedDateTime};
use serde::{Deserialize, Serialize};
use writeable::Writeable;

/// The options bag of `new Intl.DateTimeFormat(locale, options)`, as strings/booleans the way
/// JavaScript passes them (after `ToString`). Absent fields are `None`.
///
/// Accepted values: `weekday`/`era`: `narrow|short|long`; `year`/`day`/`hour`/`minute`/`second`:
/// `numeric|2-digit`; `month`: `numeric|2-digit|narrow|short|long`; `hour12`: bool;
/// `hourCycle`: `h11|h12|h23|h24`; `timeZoneName`: `short|long|shortOffset|longOffset|
/// shortGeneric|longGeneric`; `dateStyle`/`timeStyle`: `full|long|medium|short`;
/// `fractionalSecondDigits`: 1–3; `timeZone`: an IANA name (case-insensitive).
/// `numberingSystem`: a CLDR name (`arab`), which overrides the locale's `-u-nu`; `calendar`: a
/// CLDR name (`buddhist`, `japanese`), which overrides the locale's `-u-ca`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DateTimeOptions {
    /// `lookup` or `best fit` (default); read and checked, as ECMA-402 asks, and otherwise without
    /// effect: one matcher picks every locale ([`crate::resolve_locale`]).
    #[serde(rename = "localeMatcher")]
    pub locale_matcher: Option<String>,
    /// A Unicode calendar type (`buddhist`, `islamic-civil`), or a RangeError; one Node does not
    /// list (`julian`) gives the locale's default calendar ([`apply_calendar_option`]).
    pub calendar: Option<String>,
    pub time_zone: Option<String>,
    pub weekday: Option<String>,
    pub era: Option<String>,
    pub year: Option<String>,
    pub month: Option<String>,
    pub day: Option<String>,
    pub day_period: Option<String>,
    pub hour: Option<String>,
    pub minute: Option<String>,
    pub second: Option<String>,
    pub fractional_second_digits: Option<u8>,
    pub time_zone_name: Option<String>,
    pub hour12: Option<bool>,
    pub hour_cycle: Option<String>,
    pub date_style: Option<String>,
    pub time_style: Option<String>,
    pub numbering_system: Option<String>,
}

/// Which components to add when the options name none (ECMA-402 `ToDateTimeOptions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Defaults {
    /// `Intl.DateTimeFormat` (required `any`, defaults `date`): year, month, day numeric.
    #[default]
    Date,
    /// `toLocaleTimeString` (required `time`, defaults `time`): hour, minute, second.
    Time,
    /// `toLocaleString` (required `any`, defaults `all`): date and time.
    All,
    /// `toLocaleDateString` (required `date`, defaults `date`): adds the date even if a time
    /// field was given.
    DateOnly,
}

/// What `resolvedOptions()` reports. Component fields are present only when used.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResolvedDateTimeOptions {
    pub locale: String,
    pub calendar: String,
    pub numbering_system: String,
    pub time_zone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hour_cycle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hour12: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weekday: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub era: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub year: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hour: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minute: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fractional_second_digits: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_style: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_style: Option<String>,
}

/// A ready formatter: locale + options resolved once, then `format` any number of instants.
#[derive(Debug, Clone, Copy, Default)]
struct Fixups {
    /// `hourCycle: h24`: ICU4X has no h24, so hour 0 is printed as 24.
    h24: bool,
    /// `year: '2-digit'`: keep the last two digits (formatted with a full year).
    two_digit_year: bool,
    /// `hour: 'numeric'` with `minute: '2-digit'` and no zone name, or with a numeric minute,
    /// a second and a zone name (`toLocaleString` with `timeZoneName`): ICU4C's skeleton
    /// matching gives these `H:mm`, where ICU4X's time patterns pad (`HH:mm`). Not for a
    /// 24-hour clock forced on a 12-hour locale (CLDR's `Hm`/`Hms` pad it there). Measured
    /// on 96 locales of Node 20.
    unpad_hour: bool,
    /// No `era` asked for: ICU4X writes the era beside a year before 1 (`1/1/2 BC`), where
    /// ICU4C's pattern, so Node, has none and shows the year of the era alone (`1/1/2`).
    /// Gregorian calendar only; other calendars' patterns name their era themselves.
    drop_era: bool,
    /// A short specific zone name ([`ZoneStyle::SpecificShort`]: `timeZoneName: 'short'`,
    /// `timeStyle: 'long'`) in a locale whose CLDR data abbreviates Greenwich Mean Time as
    /// `GMT` ([`short_gmt_is_gmt`]): ICU4X writes the zero offset (`GMT+0`) there, ICU4C
    /// (so Node) the abbreviation (`GMT`). Elsewhere, and in `shortOffset`, Node writes
    /// `GMT+0` too (review 41: the host had written `GMT` everywhere).
    gmt_abbreviated: bool,
}

/// The widths of the text fields the options asked for, as CLDR pattern symbol counts
/// (`EEE`, `MMMM`, `GGGGG`…). ICU4X's field sets only take one length for the whole pattern;
/// ICU4C (so Node) adjusts each text field of the pattern it found to the width asked for
/// (`DateTimePatternGenerator::adjustFieldTypes`). [`adjust_pattern`] does the same to the
/// pattern ICU4X chose.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Widths {
    weekday: Option<usize>,
    month: Option<usize>,
    era: Option<usize>,
}

impl Widths {
    fn is_empty(&self) -> bool {
        *self == Widths::default()
    }
}

/// The CLDR symbol count of an ECMA-402 text width: `narrow` 5, `short` 3 (`short_count`), `long` 4.
fn text_count(width: &str, short_count: usize) -> usize {
    match width {
        "narrow" => 5,
        "long" => 4,
        _ => short_count,
    }
}

/// Rewrites the text fields of a CLDR pattern (`EEEE, MMMM d, y`) to the widths in `w`,
/// leaving numeric fields, quoted literals and everything else as they are.
/// Weekday `E`/`c`/`e` (text forms only), month `M`/`L` (text forms only) and era `G`.
fn adjust_pattern(pattern: &str, w: &Widths) -> String {
    let mut out = String::with_capacity(pattern.len() + 4);
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            // A quoted literal ('' is a quote): copy up to the closing quote.
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += 1;
            }
            i = (i + 1).min(chars.len());
            out.extend(&chars[start..i]);
            continue;
        }
        let mut n = 1;
        while i + n < chars.len() && chars[i + n] == c {
            n += 1;
        }
        let count = match c {
            'E' => w.weekday.unwrap_or(n),
            'c' | 'e' if n >= 3 => w.weekday.unwrap_or(n),
            'M' | 'L' if n >= 3 => w.month.filter(|&m| m >= 3).unwrap_or(n),
            'G' => w.era.unwrap_or(n),
            _ => n,
        };
        out.extend(std::iter::repeat_n(c, count));
        i += n;
    }
    out
}

pub struct DateTimeFormatter {
    /// Usually one formatter; two (weekday, time) joined by a space for the `en` weekday+time
    /// combination, where ICU's `E h:mm a` skeleton has no comma but ICU4X's glue does.
    icu: Vec<IcuFormatter<CompositeFieldSet>>,
    /// Fields the options asked for as `2-digit` (ICU4X's `Column` alignment would pad all).
    two_digit: Vec<&'static str>,
    /// Node-compat fixes applied to the parts (see [`Fixups`]).
    fix: Fixups,
    /// The text field widths the options asked for (see [`Widths`]).
    widths: Widths,
    /// For a numeric month with a numeric year and/or day: ICU4X's date pattern and CLDR's
    /// pattern that replaces it (`yMd`, `yMEd`…: see [`cldr_pattern`]).
    date_pattern: Option<(String, &'static str)>,
    /// For a date with a zone name and no time: ICU4X's date pattern and the locale's
    /// date-time glue to put between it and the zone (see [`zone_glue`]).
    zone_glue: Option<(String, String)>,
    /// For a minute and/or second without an hour, date or zone: the CLDR pattern to format
    /// with instead of ICU4X's, which always adds the hour (see [`minute_second_pattern`]).
    minute_second: Option<String>,
    prefs: DateTimeFormatterPreferences,
    tz: jiff::tz::TimeZone,
    icu_zone: TimeZone,
    /// Beyond the year 9999 (see [`Self::format_to_parts`]), the id to name the zone by: ICU4C
    /// has no metazone there, so Node names a zone by its offset (`GMT-4`, `GMT-04:00`) in the
    /// specific styles, and by its location in the generic ones; UTC stays `UTC`.
    far_zone: TimeZone,
    resolved: ResolvedDateTimeOptions,
}

impl std::fmt::Debug for DateTimeFormatter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DateTimeFormatter").field("resolved", &self.resolved).finish()
    }
}

fn check(prop: &str, v: &Option<String>, allowed: &[&str]) -> Result<(), IntlError> {
    match v {
        Some(s) if !allowed.contains(&s.as_str()) => Err(IntlError::Range(format!(
            "Value {s} out of range for Intl.DateTimeFormat options property {prop}"
        ))),
        _ => Ok(()),
    }
}

const WIDTHS: &[&str] = &["narrow", "short", "long"];
const NUM: &[&str] = &["numeric", "2-digit"];
const STYLES: &[&str] = &["full", "long", "medium", "short"];

/// Resolves an IANA time zone name (case-insensitive) to (the name Node reports, jiff zone).
/// `UTC`, `Etc/UTC`, `GMT`, `Etc/GMT` and friends resolve to `"UTC"` like ICU does; a link to
/// the zone it names.
pub fn resolve_time_zone(name: &str) -> Result<(String, jiff::tz::TimeZone), IntlError> {
    let upper = name.to_ascii_uppercase();
    if matches!(
        upper.as_str(),
        "UTC" | "ETC/UTC" | "GMT" | "ETC/GMT" | "ETC/UCT" | "UCT" | "ETC/ZULU" | "ZULU"
            | "ETC/UNIVERSAL" | "UNIVERSAL" | "ETC/GMT0" | "GMT0" | "ETC/GMT+0" | "ETC/GMT-0"
            | "GMT+0" | "GMT-0" | "ETC/GREENWICH" | "GREENWICH"
    ) {
        return Ok(("UTC".to_string(), jiff::tz::TimeZone::UTC));
    }
    let invalid = || IntlError::Range(format!("Invalid time zone specified: {name}"));
    let tz = jiff::tz::db().get(name).map_err(|_| invalid())?;
    // The name Node reports: ICU's canonical ID of the zone, so a link names the zone it points
    // to (`US/Eastern` → `America/New_York`, `EST` → `America/Panama`), in CLDR's older spelling
    // where Node keeps it (`Asia/Kolkata` → `Asia/Calcutta`).
    let parsed = icu_time::zone::iana::IanaParserExtended::new().parse(name);
    let display = if parsed.time_zone == TimeZone::UNKNOWN {
        tz.iana_name().unwrap_or(name).to_string()
    } else {
        crate::supported_values::node_zone_name(parsed.canonical).to_string()
    };
    Ok((display, tz))
}

impl DateTimeFormatter {
    /// Builds a formatter like `new Intl.DateTimeFormat(locale, options)` does, with the
    /// component defaults of `defaults` (see [`Defaults`]).
    ///
    /// `locale`: a BCP-47 tag (`"en-US"`, `"en-CA"`, …); `None` means `en-US`.
    /// Without `timeZone` the zone is **UTC** (the host has no local zone).
    ///
    /// Errors: [`IntlError::Range`] for an invalid locale tag, an unknown time zone
    /// (`Invalid time zone specified: X`) or an out-of-range option value;
    /// [`IntlError::Type`] when `dateStyle`/`timeStyle` is mixed with component options.
    pub fn try_new(
        locale: Option<&str>,
        options: &DateTimeOptions,
        defaults: Defaults,
    ) -> Result<Self, IntlError> {
        let o = options;
        // ECMA-402 reads the locale list first, then `localeMatcher`; the rest below.
        let ResolvedLocale { tag, locale: mut icu_locale } = resolve_locale(locale)?;
        crate::options::check_locale_matcher("DateTimeFormat", &o.locale_matcher)?;
        // The tag's `-u-ca` under its CLDR name (`islamicc` → `islamic-civil`), as ICU4X reads it.
        let requested_ca = keyword(&icu_locale, key!("ca")).map(|ca| canonical_calendar(&ca));
        if let Some(ca) = &requested_ca {
            set_calendar(&mut icu_locale, ca);
        }
        let requested_hc = keyword(&icu_locale, key!("hc"));
        apply_calendar_option(&mut icu_locale, o.calendar.as_deref())?;
        // ICU4X formats the ISO calendar in the locale's default one (Buddhist in `th`): it is
        // written as Gregorian, and reported as asked.
        let asked_ca = keyword(&icu_locale, key!("ca"));
        if asked_ca.as_deref() == Some("iso8601") {
            set_calendar(&mut icu_locale, "gregory");
        }
        check("weekday", &o.weekday, WIDTHS)?;
        check("era", &o.era, WIDTHS)?;
        check("year", &o.year, NUM)?;
        check("month", &o.month, &["numeric", "2-digit", "narrow", "short", "long"])?;
        check("day", &o.day, NUM)?;
        check("dayPeriod", &o.day_period, WIDTHS)?;
        check("hour", &o.hour, NUM)?;
        check("minute", &o.minute, NUM)?;
        check("second", &o.second, NUM)?;
        check("hourCycle", &o.hour_cycle, &["h11", "h12", "h23", "h24"])?;
        check(
            "timeZoneName",
            &o.time_zone_name,
            &["short", "long", "shortOffset", "longOffset", "shortGeneric", "longGeneric"],
        )?;
        check("dateStyle", &o.date_style, STYLES)?;
        check("timeStyle", &o.time_style, STYLES)?;
        if let Some(d) = o.fractional_second_digits {
            if !(1..=3).contains(&d) {
                return Err(IntlError::Range(
                    "fractionalSecondDigits value is out of range.".into(),
                ));
            }
        }
        let requested_nu = crate::numbering::requested(&icu_locale);
        crate::numbering::apply_option(&mut icu_locale, o.numbering_system.as_deref())?;
        let (zone_name, tz) = resolve_time_zone(o.time_zone.as_deref().unwrap_or("UTC"))?;
        let icu_zone = if zone_name == "UTC" {
            TimeZone::from_iana_id("Etc/UTC")
        } else {
            TimeZone::from_iana_id(&zone_name)
        };

        let generic_name = matches!(o.time_zone_name.as_deref(), Some("shortGeneric" | "longGeneric"));
        let far_zone = if zone_name == "UTC" || generic_name { icu_zone } else { TimeZone::UNKNOWN };
        let numbering_system = crate::numbering::of_locale(&icu_locale);
        let mut r = ResolvedDateTimeOptions {
            locale: tag.clone(),
            calendar: "gregory".into(),
            numbering_system: numbering_system.into(),
            time_zone: zone_name,
            ..Default::default()
        };

        let styled = o.date_style.is_some() || o.time_style.is_some();
        let has_hour;
        let mut two_digit: Vec<&'static str>;
        let mut split_weekday = false;
        let mut two_digit_year = false;
        let mut widths = Widths::default();
        // A numeric month with a numeric year and/or day, and perhaps a weekday or an era: the
        // table of CLDR's pattern for that skeleton (see [`cldr_pattern`]).
        let mut skeleton: Option<&'static [(&'static str, &'static str)]> = None;
        // { minute, second } without an hour: CLDR's `ms` (see [`minute_second_pattern`]).
        let mut minute_second = None;
        // The component options once ToDateTimeOptions added its defaults.
        let mut filled = DateTimeOptions::default();
        let en_region = |r: &str| {
            icu_locale.id.language.as_str() == "en"
                && icu_locale.id.region.map(|x| x.as_str() == r).unwrap_or(false)
        };
        let builder = if styled {
            let components = [
                ("weekday", o.weekday.is_some()),
                ("era", o.era.is_some()),
                ("year", o.year.is_some()),
                ("month", o.month.is_some()),
                ("day", o.day.is_some()),
                ("dayPeriod", o.day_period.is_some()),
                ("hour", o.hour.is_some()),
                ("minute", o.minute.is_some()),
                ("second", o.second.is_some()),
                ("fractionalSecondDigits", o.fractional_second_digits.is_some()),
                ("timeZoneName", o.time_zone_name.is_some()),
            ];
            if let Some((name, _)) = components.iter().find(|(_, set)| *set) {
                let style = if o.date_style.is_some() { "dateStyle" } else { "timeStyle" };
                return Err(IntlError::Type(format!("Can't set option {name} when {style} is used")));
            }
            // ECMA-402 CreateDateTimeFormat: `toLocaleDateString` requires a date and
            // `toLocaleTimeString` a time, so the other style is refused (Node 20's message;
            // review 32).
            match defaults {
                Defaults::DateOnly if o.time_style.is_some() => return Err(IntlError::Type("Invalid option : timeStyle".into())),
                Defaults::Time if o.date_style.is_some() => return Err(IntlError::Type("Invalid option : dateStyle".into())),
                _ => {}
            }
            r.date_style = o.date_style.clone();
            r.time_style = o.time_style.clone();
            has_hour = o.time_style.is_some();
            let (date_fields, date_len) = match o.date_style.as_deref() {
                Some("full") => (Some(DateFields::YMDE), Some(Length::Long)),
                Some("long") => (Some(DateFields::YMD), Some(Length::Long)),
                Some("medium") => (Some(DateFields::YMD), Some(Length::Medium)),
                Some("short") => (Some(DateFields::YMD), Some(Length::Short)),
                _ => (None, None),
            };
            let (time_precision, zone_style, time_len) = match o.time_style.as_deref() {
                Some("full") => (Some(TimePrecision::Second), Some(ZoneStyle::SpecificLong), Length::Long),
                Some("long") => (Some(TimePrecision::Second), Some(ZoneStyle::SpecificShort), Length::Long),
                Some("medium") => (Some(TimePrecision::Second), None, Length::Medium),
                Some("short") => (Some(TimePrecision::Minute), None, Length::Short),
                _ => (None, None, Length::Medium),
            };
            let mut b = FieldSetBuilder::default();
            two_digit = Vec::new();
            b.date_fields = date_fields;
            b.length = Some(date_len.unwrap_or(time_len));
            b.time_precision = time_precision;
            b.zone_style = zone_style;
            if date_fields.is_some() {
                // en-CA's short date is y-MM-dd in CLDR; ICU4X's `Auto` gives yy-M-d.
                b.year_style = Some(if o.date_style.as_deref() == Some("short") && !en_region("CA") {
                    icu_datetime::options::YearStyle::Auto
                } else {
                    icu_datetime::options::YearStyle::Full
                });
            }
            b
        } else {
            let mut o = o.clone();
            let has_date = o.weekday.is_some() || o.year.is_some() || o.month.is_some() || o.day.is_some();
            let has_time = o.day_period.is_some() || o.hour.is_some() || o.minute.is_some()
                || o.second.is_some() || o.fractional_second_digits.is_some();
            // ECMA-402 ToDateTimeOptions: `era` and `timeZoneName` alone still get the defaults.
            let any = has_date || has_time;
            let (add_date, add_time) = match defaults {
                Defaults::Date => (!any, false),
                Defaults::All => (!any, !any),
                Defaults::Time => (false, !has_time),
                Defaults::DateOnly => (!has_date, false),
            };
            if add_date {
                o.year = Some("numeric".into());
                o.month = Some("numeric".into());
                o.day = Some("numeric".into());
            }
            if add_time {
                o.hour = Some("numeric".into());
                o.minute = Some("numeric".into());
                o.second = Some("numeric".into());
            }
            // ICU (and so Node) always pads minutes/seconds shown with an hour.
            has_hour = o.hour.is_some();
            let mut bag = DateTimeFieldBag::default();
            let width = |s: &str| match s {
                "narrow" => 0,
                "short" => 1,
                _ => 2,
            };
            bag.weekday = o.weekday.as_deref().map(|s| {
                [field::Weekday::Narrow, field::Weekday::Short, field::Weekday::Long][width(s)]
            });
            bag.era = o.era.as_deref().map(|s| [field::Era::Narrow, field::Era::Short, field::Era::Long][width(s)]);
            let num_year = |s: &str| if s == "2-digit" { field::Year::TwoDigit } else { field::Year::Numeric };
            bag.year = o.year.as_deref().map(num_year);
            bag.month = o.month.as_deref().map(|s| match s {
                "numeric" => field::Month::Numeric,
                "2-digit" => field::Month::TwoDigit,
                "narrow" => field::Month::Narrow,
                "short" => field::Month::Short,
                _ => field::Month::Long,
            });
            bag.day = o.day.as_deref().map(|s| if s == "2-digit" { field::Day::TwoDigit } else { field::Day::Numeric });
            bag.day_period = o.day_period.as_deref().map(|s| {
                [field::DayPeriod::FlexibleNarrow, field::DayPeriod::FlexibleShort, field::DayPeriod::FlexibleLong][width(s)]
            });
            bag.hour = o.hour.as_deref().map(|s| if s == "2-digit" { field::Hour::TwoDigit } else { field::Hour::Numeric });
            bag.minute = o.minute.as_deref().map(|s| if s == "2-digit" { field::Minute::TwoDigit } else { field::Minute::Numeric });
            bag.second = o.second.as_deref().map(|s| if s == "2-digit" { field::Second::TwoDigit } else { field::Second::Numeric });
            bag.fractional_second_digits = o.fractional_second_digits.map(|d| match d {
                1 => field::FractionalSecondDigits::F1,
                2 => field::FractionalSecondDigits::F2,
                _ => field::FractionalSecondDigits::F3,
            });
            bag.time_zone_name = o.time_zone_name.as_deref().map(|s| match s {
                "short" => field::TimeZoneName::ShortSpecific,
                "long" => field::TimeZoneName::LongSpecific,
                "shortOffset" => field::TimeZoneName::ShortOffset,
                "longOffset" => field::TimeZoneName::LongOffset,
                "shortGeneric" => field::TimeZoneName::ShortGeneric,
                _ => field::TimeZoneName::LongGeneric,
            });
            r.weekday = o.weekday.clone();
            r.era = o.era.clone();
            r.year = o.year.clone();
            r.month = o.month.clone();
            r.day = o.day.clone();
            r.hour = o.hour.clone();
            r.minute = o.minute.clone().map(|m| if has_hour { "2-digit".into() } else { m });
            r.second = o.second.clone().map(|s| if has_hour || o.minute.is_some() { "2-digit".into() } else { s });
            r.fractional_second_digits = o.fractional_second_digits;
            r.time_zone_name = o.time_zone_name.clone();
            two_digit = Vec::new();
            for (name, v) in [("month", &o.month), ("day", &o.day), ("hour", &o.hour), ("minute", &o.minute), ("second", &o.second)] {
                if v.as_deref() == Some("2-digit") {
                    two_digit.push(name);
                }
            }
            split_weekday = o.weekday.is_some()
                && o.era.is_none() && o.year.is_none() && o.month.is_none() && o.day.is_none()
                && (o.hour.is_some() || o.minute.is_some() || o.second.is_some())
                && icu_locale.id.language.as_str() == "en";
            let mut b = bag.to_field_set_builder();
            b.alignment = None;
            filled = o.clone();
            let num = Some("numeric");
            let long_weekday = o.weekday.as_deref() == Some("long");
            skeleton = match (o.era.is_some(), o.weekday.is_some(), o.year.as_deref(), o.month.as_deref(), o.day.as_deref()) {
                (false, false, y, m, d) if [y, m, d] == [num; 3] => Some(YMD_PATTERNS),
                (true, false, y, m, d) if [y, m, d] == [num; 3] => Some(GYMD_PATTERNS),
                (false, true, y, m, d) if [y, m, d] == [num; 3] => Some(if long_weekday { YMEEEED_PATTERNS } else { YMED_PATTERNS }),
                (false, true, None, m, d) if [m, d] == [num; 2] => Some(if long_weekday { MEEEED_PATTERNS } else { MED_PATTERNS }),
                (false, false, None, m, d) if [m, d] == [num; 2] => Some(MD_PATTERNS),
                (false, false, y, m, None) if [y, m] == [num; 2] => Some(YM_PATTERNS),
                _ => None,
            };
            if [&o.weekday, &o.year, &o.month, &o.day].iter().all(|f| f.is_none()) && !has_hour && o.day_period.is_none() && o.era.is_none() && o.time_zone_name.is_none()
                && (o.minute.is_some() || o.second.is_some())
            {
                minute_second = minute_second_pattern(&icu_locale, o.minute.is_some(), o.second.is_some(), o.fractional_second_digits);
            }
            widths = Widths {
                weekday: o.weekday.as_deref().map(|s| text_count(s, 3)),
                month: o.month.as_deref().filter(|m| !NUM.contains(m)).map(|s| text_count(s, 3)),
                era: o.era.as_deref().map(|s| text_count(s, 1)),
            };
            if o.year.as_deref() == Some("2-digit") {
                two_digit_year = true;
                if b.year_style != Some(icu_datetime::options::YearStyle::WithEra) {
                    b.year_style = Some(icu_datetime::options::YearStyle::Full);
                }
            }
            b
        };

        // Hour cycle: hour12 wins over hourCycle, which wins over the locale (-u-hc / region).
        let locale_hc = default_hour_cycle(&icu_locale);
        let hc = match (o.hour12, o.hour_cycle.as_deref()) {
            (Some(true), _) => if matches!(locale_hc, "h11" | "h23") { "h11" } else { "h12" },
            (Some(false), _) => if matches!(locale_hc, "h11" | "h23") { "h23" } else { "h24" },
            (None, Some(h)) => h,
            (None, None) => locale_hc,
        };
        let mut prefs = DateTimeFormatterPreferences::from(&icu_locale);
        if has_hour {
            prefs.hour_cycle = Some(match hc {
                "h11" => HourCycle::H11,
                "h12" => HourCycle::H12,
                _ => HourCycle::H23, // h24 is h23 with 0 shown as 24 (see format_to_parts)
            });
            r.hour_cycle = Some(hc.to_string());
            r.hour12 = Some(matches!(hc, "h11" | "h12"));
        }
        let forced_24 = matches!(hc, "h23" | "h24") && matches!(locale_hc, "h11" | "h12");
        let unpad_hour = filled.hour.as_deref() == Some("numeric") && !forced_24
            && match (filled.minute.as_deref(), filled.second.is_some(), filled.time_zone_name.is_some()) {
                (Some("2-digit"), _, false) => true,
                (Some("numeric"), true, true) => true,
                _ => false,
            };

        let gmt_abbreviated = builder.zone_style == Some(ZoneStyle::SpecificShort) && short_gmt_is_gmt(&icu_locale);
        let mut date_only = builder.clone();
        date_only.time_precision = None;
        date_only.zone_style = None;
        let date_pattern = skeleton.and_then(|table| cldr_pattern(&icu_locale, &date_only, table));
        let zone_glue = if !styled && builder.date_fields.is_some() && builder.zone_style.is_some()
            && builder.time_precision.is_none() && !split_weekday
        {
            zone_glue(prefs, &date_only)
        } else {
            None
        };
        let builders = if split_weekday {
            let mut weekday = builder.clone();
            weekday.time_precision = None;
            weekday.zone_style = None;
            let mut time = builder;
            time.date_fields = None;
            vec![weekday, time]
        } else {
            vec![builder]
        };
        let mut icu = Vec::new();
        for b in builders {
            let new = |b: FieldSetBuilder| {
                let fieldset = b
                    .build_composite()
                    .map_err(|e| IntlError::Range(format!("unsupported date/time options: {e:?}")))?;
                IcuFormatter::try_new(prefs, fieldset)
                    .map_err(|e| IntlError::Range(format!("no date/time data for these options: {e}")))
            };
            let mut f = new(b.clone())?;
            // A text month, where ICU4X's pattern at this length spells it in digits (de
            // medium `MM/y`, from the locale's medium date): its long pattern spells it out,
            // and `adjust_pattern` narrows it. Except for year-month, only where the locale's
            // month-day pattern at this length spells it out too: CLDR keeps `MMMd` numeric in
            // cs, fi, lt, sk… (measured on 96 locales of Node 20; `yMMM` is spelt out in most).
            let year_month = b.date_fields == Some(DateFields::YM);
            let month_day = || {
                let mut md = FieldSetBuilder::default();
                md.date_fields = Some(DateFields::MD);
                md.length = b.length;
                new(md).map(|f| has_text_month(&sample_pattern(&f))).unwrap_or(false)
            };
            // Japanese and Chinese write a text month as a number and 月 (`y年M月d日`, CLDR's
            // `yMMMd`), which ICU4X keeps for the long length: ja's medium is `y/MM/dd` (review 50).
            // Not with a weekday: ICU4X's long ja pattern glues it on (`2026年3月8日日`, Node
            // `2026年3月8日(日)`), so that stays as it was (`2026/03/08(日)`).
            let with_weekday = matches!(b.date_fields, Some(DateFields::E | DateFields::DE | DateFields::MDE | DateFields::YMDE));
            let month_kanji = || {
                let mut long = b.clone();
                long.length = Some(Length::Long);
                new(long).map(|f| sample_pattern(&f).contains('月')).unwrap_or(false)
            };
            if widths.month.is_some() && b.length != Some(Length::Long) && !has_text_month(&sample_pattern(&f)) && (year_month || month_day() || (!with_weekday && month_kanji())) {
                let mut long = b;
                long.length = Some(Length::Long);
                f = new(long)?;
            }
            icu.push(f);
        }
        r.calendar = calendar_name(icu[0].calendar().kind(), asked_ca.as_deref()).into();
        // `resolvedOptions().locale` keeps the tag's `-u-ca`, `-u-hc` and `-u-nu` that were
        // honoured, in key order (ECMA-402 ResolveLocale; Node 20's choices for `-u-hc`).
        // An option keeps it only if it is the same text (Node: `BUDDHIST` drops `-u-ca-buddhist`).
        let kept_ca = requested_ca.as_deref().filter(|ca| {
            crate::supported_values::is_calendar(ca) && o.calendar.as_deref().is_none_or(|option| option == *ca)
        });
        // `-u-hc` stays when the hours are written in that cycle, or, with no hour to write,
        // when no `hourCycle` or `hour12` option was given.
        let kept_hc = requested_hc.as_deref().filter(|h| {
            matches!(*h, "h11" | "h12" | "h23" | "h24")
                && if has_hour { *h == hc } else { o.hour12.is_none() && o.hour_cycle.is_none() }
        });
        let kept_nu = crate::numbering::kept(requested_nu.as_deref(), o.numbering_system.as_deref(), numbering_system);
        let keywords: Vec<String> = [("ca", kept_ca), ("hc", kept_hc), ("nu", kept_nu)]
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| format!("{k}-{v}")))
            .collect();
        if !keywords.is_empty() {
            r.locale = format!("{tag}-u-{}", keywords.join("-"));
        }
        let fix = Fixups {
            h24: has_hour && hc == "h24",
            two_digit_year: two_digit_year,
            unpad_hour,
            drop_era: r.era.is_none(),
            gmt_abbreviated,
        };
        let mut formatter = DateTimeFormatter { icu, two_digit, fix, widths, date_pattern, zone_glue, minute_second, prefs, tz, icu_zone, far_zone, resolved: r };
        // Node reports the hour's width as its pattern writes it: `HH` (de, en-GB, or h23 in
        // en-US) is `2-digit` even when `numeric` was asked for.
        if formatter.resolved.hour.as_deref() == Some("numeric") && formatter.pads_the_hour() {
            formatter.resolved.hour = Some("2-digit".into());
        }
        Ok(formatter)
    }

    /// Whether the hour 1 (local time, 1 January 2000) is written in two digits (`01`, `٠١`).
    fn pads_the_hour(&self) -> bool {
        let Ok(at) = self.tz.to_timestamp(jiff::civil::date(2000, 1, 1).at(1, 0, 0, 0)) else { return false };
        let parts = self.format_to_parts(at.as_millisecond() as f64).unwrap_or_default();
        parts.iter().any(|p| p.kind == "hour" && p.value.chars().count() == 2)
    }

    /// The options as `resolvedOptions()` reports them.
    pub fn resolved_options(&self) -> &ResolvedDateTimeOptions {
        &self.resolved
    }

    /// Formats an instant given in milliseconds since the Unix epoch (a JS `Date` value).
    ///
    /// Errors: [`IntlError::Range`] `Invalid time value` for NaN, ±∞ or |ms| > 8.64e15.
    ///
    /// Like V8, `format` prints ICU's U+202F NARROW NO-BREAK SPACE (before AM/PM) as a plain
    /// space, while `format_to_parts` keeps U+202F (Node does exactly this).
    pub fn format(&self, epoch_ms: f64) -> Result<String, IntlError> {
        Ok(parts::join(&self.format_to_parts(epoch_ms)?).replace('\u{202f}', " "))
    }

    /// Like [`format`](Self::format), split into ECMA-402 parts (`weekday`, `literal`,
    /// `month`, `day`, `year`, `hour`, `minute`, `second`, `fractionalSecond`, `dayPeriod`,
    /// `timeZoneName`, `era`).
    pub fn format_to_parts(&self, epoch_ms: f64) -> Result<Vec<Part>, IntlError> {
        if !epoch_ms.is_finite() || epoch_ms.abs() > 8.64e15 {
            return Err(IntlError::Range("Invalid time value".into()));
        }
        let ms = epoch_ms.trunc() as i64;
        // jiff's instants (and with them the time-zone rules) end at the years -9999 and 9999, a
        // `Date`'s at ±275,760 (review 38: `new Date(8.64e15).toLocaleString()` threw, where
        // Node prints `9/13/275760, 12:00:00 AM`). The Gregorian calendar repeats every 400
        // years (146,097 days, whole weeks), so an instant beyond is moved by whole cycles into
        // jiff's range to find its zone's offset and time of day, and its date is made from its
        // day number. Node's zones do the same beyond their tables: the last rule in the future
        // (daylight saving time included), local mean time in the past.
        const CYCLE_DAYS: i64 = 146_097;
        const CYCLE_MS: i64 = CYCLE_DAYS * 86_400_000;
        let (in_range, cycles) = {
            let mut cycles = 0_i64;
            let mut probe = ms;
            while jiff::Timestamp::from_millisecond(probe).is_err() {
                let step = if probe > 0 { -1 } else { 1 };
                // At most 686 steps for |ms| <= 8.64e15 (about 275,760 years).
                cycles -= step;
                probe += step * CYCLE_MS;
            }
            (probe, cycles)
        };
        let ts = jiff::Timestamp::from_millisecond(in_range)
            .map_err(|_| IntlError::Range("Invalid time value".into()))?;
        let zoned = ts.to_zoned_datetime(self.tz.clone());
        let dt = zoned.datetime();
        let offset = zoned.offset().seconds();
        let date = if cycles == 0 {
            Date::try_new_iso(dt.year() as i32, dt.month() as u8, dt.day() as u8)
                .map_err(|_| IntlError::Range("Invalid time value".into()))?
        } else {
            // 1970-01-01 is day 719,163 of the proleptic Gregorian count from 0001-01-01 (day 1).
            let local_days = (ms + i64::from(offset) * 1000).div_euclid(86_400_000);
            Date::from_rata_die(icu_calendar::types::RataDie::new(719_163 + local_days), icu_calendar::Iso)
        };
        let time = Time::try_new(
            dt.hour() as u8,
            dt.minute() as u8,
            dt.second() as u8,
            dt.subsec_nanosecond() as u32,
        )
        .map_err(|_| IntlError::Range("Invalid time value".into()))?;
        let zone = if cycles == 0 { self.icu_zone } else { self.far_zone }
            .with_offset(UtcOffset::try_from_seconds(offset).ok())
            .with_zone_name_timestamp(ZoneNameTimestamp::from_epoch_seconds(in_range.div_euclid(1000)));
        let zdt = ZonedDateTime { date, time, zone };
        let mut out: Vec<Part> = Vec::new();
        if let Some(parts) = self.minute_second.as_deref().and_then(|pattern| self.format_pattern(pattern, &zdt)) {
            return Ok(split_fractional_seconds(parts));
        }
        for (i, icu) in self.icu.iter().enumerate() {
            if i > 0 {
                parts::push(&mut out, "literal", " ");
            }
            let formatted = icu.format(&zdt);
            let mut collected = self
                .adjusted(icu, &formatted)
                .and_then(|pattern| self.format_pattern(&pattern, &zdt))
                .unwrap_or_else(|| parts::collect(&formatted, classify_datetime));
            if self.fix.drop_era && icu.calendar().kind() == AnyCalendarKind::Gregorian {
                drop_era(&mut collected);
            }
            for p in collected {
                parts::push(&mut out, &p.kind, &p.value);
            }
        }
        for p in &mut out {
            match p.kind.as_str() {
                "hour" if self.fix.h24 && !p.value.is_empty() && p.value.chars().all(crate::numbering::is_zero) => {
                    p.value = crate::numbering::in_digits_of(p.value.chars().next().unwrap_or('0'), "24");
                }
                "hour" if self.fix.unpad_hour && p.value.chars().count() == 2 && p.value.chars().next().is_some_and(crate::numbering::is_zero) => {
                    p.value.remove(0);
                }
                "year" if self.fix.two_digit_year && p.value.chars().count() > 2 && p.value.chars().all(crate::numbering::is_digit) => {
                    p.value = p.value.chars().skip(p.value.chars().count() - 2).collect();
                }
                "timeZoneName" if self.fix.gmt_abbreviated && p.value == "GMT+0" => p.value = "GMT".into(),
                _ => {}
            }
            let mut chars = p.value.chars();
            if let (Some(digit), None) = (chars.next(), chars.next()) {
                if self.two_digit.contains(&p.kind.as_str()) && crate::numbering::is_digit(digit) {
                    p.value.insert_str(0, &crate::numbering::in_digits_of(digit, "0"));
                }
            }
        }
        Ok(split_fractional_seconds(out))
    }
}

/// The pattern ICU4X formats a fixed sample instant (2000-01-01 13:00 UTC) with.
fn sample_pattern(f: &IcuFormatter<CompositeFieldSet>) -> String {
    f.format(&sample_instant()).pattern().write_to_string().into_owned()
}

fn sample_instant() -> ZonedDateTime<icu_calendar::Iso, TimeZoneInfo<models::AtTime>> {
    ZonedDateTime {
        date: Date::try_new_iso(2000, 1, 1).unwrap(),
        time: Time::try_new(13, 0, 0, 0).unwrap(),
        zone: TimeZone::from_iana_id("Etc/UTC")
            .with_offset(Some(UtcOffset::zero()))
            .with_zone_name_timestamp(ZoneNameTimestamp::from_epoch_seconds(946_731_600)),
    }
}

/// For a numeric month with a numeric year and/or day (and perhaps a weekday or an era):
/// ICU4X's date pattern (`date_only` for `locale`) and CLDR's pattern for the locale from
/// `table`, which ICU4C (so Node) formats with. ICU4X derives its numeric date from the
/// locale's date pattern of one length (de `dd.MM.y`, and with a weekday en `EEE, MMM d, y`);
/// CLDR's `yMd` often differs (de `d.M.y`, ja `y/M/d`, tr `dd.MM.y`), as do its `GyMd` (ja
/// `Gy/M/d`), `yMEd` (en `EEE, M/d/y`), `MEd`, `Md` (de `d.M.`) and `yM` (de `M/y`), and
/// ICU4X's compiled data carries none of them, so [`crate::ymd_patterns`] holds them,
/// generated from Node. A parent's pattern (`de` for `de-LU`) is used only where ICU4X's own
/// pattern for the locale is the parent's too (so `en-SG` does not get `en`'s). `None` for a
/// non-Gregorian locale calendar.
fn cldr_pattern(locale: &icu_locale_core::Locale, date_only: &FieldSetBuilder, table: &'static [(&'static str, &'static str)]) -> Option<(String, &'static str)> {
    let icu_pattern = |l: &icu_locale_core::Locale| -> Option<String> {
        let fieldset = date_only.clone().build_composite().ok()?;
        let f = IcuFormatter::try_new(DateTimeFormatterPreferences::from(l), fieldset).ok()?;
        (f.calendar().kind() == AnyCalendarKind::Gregorian).then(|| sample_pattern(&f))
    };
    let own = icu_pattern(locale)?;
    let keys = table_keys(locale);
    let (key, cldr) = keys.iter().find_map(|k| {
        let i = table.binary_search_by(|(tag, _)| (*tag).cmp(k.as_str())).ok()?;
        Some(table[i])
    })?;
    let parent: icu_locale_core::Locale = key.parse().ok()?;
    (icu_pattern(&parent)? == own).then_some((own, cldr))
}

/// Whether `locale`'s CLDR data (as in Node 20) abbreviates Greenwich Mean Time as `GMT` in a
/// short specific zone name, where most locales write the offset (`GMT+0`, de; `UTC+0`, fr):
/// [`SHORT_GMT_LOCALES`], read off Node by `gen-ymd-patterns.mjs` for the locales
/// [`YMD_PATTERNS`] lists; a locale it does not list is judged by its nearest listed parent.
fn short_gmt_is_gmt(locale: &icu_locale_core::Locale) -> bool {
    table_keys(locale)
        .iter()
        .find(|k| YMD_PATTERNS.binary_search_by(|(tag, _)| (*tag).cmp(k.as_str())).is_ok())
        .is_some_and(|k| SHORT_GMT_LOCALES.binary_search(&k.as_str()).is_ok())
}

/// Removes the era ICU4X wrote beside a year before 1 where no era was asked for (see
/// [`Fixups::drop_era`]), with the literal that separated it: the one before it (`1/1/2 BC,
/// 12:00` → `1/1/2, 12:00`), or, at the start, the one after it (`BC 2/1/1` → `2/1/1`).
fn drop_era(parts: &mut Vec<Part>) {
    let literal = |parts: &[Part], i: usize| parts.get(i).is_some_and(|p| p.kind == "literal");
    while let Some(i) = parts.iter().position(|p| p.kind == "era") {
        parts.remove(i);
        if i > 0 && literal(parts, i - 1) && (i == parts.len() || literal(parts, i)) {
            parts.remove(i - 1);
        } else if literal(parts, i) && (i == 0 || !literal(parts, i - 1)) {
            parts.remove(i);
        }
    }
}

/// ICU4X writes seconds with their fraction as one `second` part (`07,123`); ECMA-402 (and Node)
/// has `second`, the separator as a `literal`, and `fractionalSecond` (`07`, `,`, `123`).
fn split_fractional_seconds(parts: Vec<Part>) -> Vec<Part> {
    let mut out = Vec::with_capacity(parts.len() + 2);
    for p in parts {
        let split = (p.kind == "second").then(|| p.value.find(|c: char| !crate::numbering::is_digit(c))).flatten();
        let Some(at) = split else {
            out.push(p);
            continue;
        };
        let rest = &p.value[at..];
        let digits_from = rest.find(crate::numbering::is_digit).unwrap_or(rest.len());
        out.push(Part::new("second", &p.value[..at]));
        out.push(Part::new("literal", &rest[..digits_from]));
        if digits_from < rest.len() {
            out.push(Part::new("fractionalSecond", &rest[digits_from..]));
        }
    }
    out
}

/// The pattern ICU4C (so Node) formats a minute and/or second without an hour with: both,
/// CLDR's `ms` for the locale ([`MS_PATTERNS`]: en `mm:ss`, fi `m.ss`, da `mm.ss`), `mm:ss`
/// for a locale it does not list; one alone, that field unpadded (`m`, `s`), whatever width
/// was asked; fractional seconds after the second, behind the locale's decimal separator
/// (ICU4X's own, from `s.SSS`).
/// `None` for fractional seconds alone.
fn minute_second_pattern(locale: &icu_locale_core::Locale, minute: bool, second: bool, fraction: Option<u8>) -> Option<String> {
    let keys = table_keys(locale);
    let ms = keys
        .iter()
        .find_map(|k| {
            let i = MS_PATTERNS.binary_search_by(|(tag, _)| (*tag).cmp(k.as_str())).ok()?;
            Some(MS_PATTERNS[i].1)
        })
        .unwrap_or("mm:ss");
    let mut pattern = match (minute, second) {
        (true, true) => ms.to_owned(),
        (true, false) => "m".to_owned(),
        (false, true) => "s".to_owned(),
        (false, false) => return None,
    };
    if let (Some(digits), true) = (fraction, second) {
        // ICU4X reads `s.SSS` as one decimal second and writes the locale's own separator.
        pattern.push('.');
        pattern.push_str(&"S".repeat(usize::from(digits.clamp(1, 3))));
    }
    Some(pattern)
}

/// For a date shown with a zone name but no time: ICU4X's date pattern (`date_only`) and the
/// glue ICU4X puts between that date and a time at the same length (en `, `, long ` 'at' `).
/// ICU4C treats the zone as a time field, so Node joins them with that glue (`1/5/2026, EST`)
/// where ICU4X's date+zone pattern has a space. `None` when the date is not first (vi) or the
/// calendar is not Gregorian.
fn zone_glue(prefs: DateTimeFormatterPreferences, date_only: &FieldSetBuilder) -> Option<(String, String)> {
    let pattern = |b: FieldSetBuilder| -> Option<String> {
        let f = IcuFormatter::try_new(prefs, b.build_composite().ok()?).ok()?;
        (f.calendar().kind() == AnyCalendarKind::Gregorian).then(|| sample_pattern(&f))
    };
    let date = pattern(date_only.clone())?;
    let mut with_time = date_only.clone();
    with_time.time_precision = Some(TimePrecision::Second);
    let date_time = pattern(with_time)?;
    let rest = date_time.strip_prefix(date.as_str())?;
    // The glue: up to the first pattern letter outside quotes.
    let mut quoted = false;
    let end = rest
        .char_indices()
        .find(|&(_, c)| {
            if c == '\'' {
                quoted = !quoted;
            }
            !quoted && c.is_ascii_alphabetic()
        })
        .map(|(i, _)| i)?;
    let glue = &rest[..end];
    (!glue.is_empty()).then(|| (date, glue.to_string()))
}

/// Whether a CLDR pattern spells the month out (`MMM`, `LLLL`…) outside quoted literals.
fn has_text_month(pattern: &str) -> bool {
    let unquoted: String = pattern.split('\'').step_by(2).collect::<Vec<_>>().join(" ");
    unquoted.contains("MMM") || unquoted.contains("LLL")
}

impl DateTimeFormatter {
    /// The pattern to format with instead of the one ICU4X chose, when it differs: text fields
    /// at the widths asked for ([`Widths`]), the date-time glue before a zone name
    /// ([`zone_glue`]), CLDR's numeric date ([`cldr_pattern`]). Gregorian only (the names are
    /// loaded for that calendar).
    fn adjusted(&self, icu: &IcuFormatter<CompositeFieldSet>, formatted: &icu_datetime::FormattedDateTime<'_>) -> Option<String> {
        if (self.widths.is_empty() && self.date_pattern.is_none() && self.zone_glue.is_none())
            || icu.calendar().kind() != AnyCalendarKind::Gregorian
        {
            return None;
        }
        let base = formatted.pattern().write_to_string().into_owned();
        let mut adjusted = adjust_pattern(&base, &self.widths);
        if let Some((icu_date, glue)) = &self.zone_glue {
            if let Some(zone) = adjusted.strip_prefix(icu_date.as_str()) {
                adjusted = format!("{icu_date}{glue}{}", zone.trim_start());
            }
        }
        if let Some((icu_date, cldr_date)) = &self.date_pattern {
            // Both with the widths asked for (an era's `G` count), as the base now has them.
            adjusted = adjusted.replacen(&adjust_pattern(icu_date, &self.widths), &adjust_pattern(cldr_date, &self.widths), 1);
        }
        (adjusted != base).then_some(adjusted)
    }

    /// Formats `zdt` with a CLDR pattern string through ICU4X's pattern API; `None` if ICU4X
    /// cannot load the names it needs (then ICU4X's own pattern is used).
    fn format_pattern(&self, pattern: &str, zdt: &ZonedDateTime<icu_calendar::Iso, TimeZoneInfo<models::AtTime>>) -> Option<Vec<Part>> {
        let pattern: DateTimePattern = pattern.parse().ok()?;
        let mut names = FixedCalendarDateTimeNames::<Gregorian, CompositeFieldSet>::try_new(self.prefs).ok()?;
        let formatter = names.include_for_pattern(&pattern).ok()?;
        let input = ZonedDateTime { date: zdt.date.to_calendar(Gregorian), time: zdt.time, zone: zdt.zone };
        Some(parts::collect_try(&formatter.format(&input), classify_datetime))
    }
}

fn classify_datetime(p: &writeable::Part) -> Option<&'static str> {
    if p.category != "datetime" {
        return None;
    }
    Some(match p.value {
                "era" => "era",
                "year" | "extendedYear" => "year",
                "relatedYear" => "relatedYear",
                "yearName" => "yearName",
                "month" => "month",
                "day" => "day",
                "weekday" => "weekday",
                "dayPeriod" => "dayPeriod",
                "hour" => "hour",
                "minute" => "minute",
                "second" => "second",
                "timeZoneName" => "timeZoneName",
                _ => return None,
    })
}

/// The value of the Unicode extension keyword `key` in `locale` (`-u-ca-buddhist` → `buddhist`).
fn keyword(locale: &icu_locale_core::Locale, key: icu_locale_core::extensions::unicode::Key) -> Option<String> {
    locale.extensions.unicode.keywords.get(&key).map(|v| v.to_string())
}

/// CLDR's aliases of calendar names (`ethiopic-amete-alem` → `ethioaa`, `islamicc` →
/// `islamic-civil`), as Node resolves them.
fn canonical_calendar(name: &str) -> String {
    match name {
        "ethiopic-amete-alem" => "ethioaa",
        "islamicc" => "islamic-civil",
        other => other,
    }
    .to_owned()
}

/// Puts a `calendar` option into `locale` as its `-u-ca` (ECMA-402: the option replaces the
/// tag's, whatever it is). A calendar Node 20 lists is honoured (case-insensitive, aliases
/// resolved); any other well-formed one (`julian`, `abc`) gives the locale's default calendar,
/// as in Node.
///
/// # Errors
/// [`IntlError::Range`] `Invalid calendar : <value>` (Node's message) for a value that is not a
/// Unicode `type`: parts of 3 to 8 letters and digits, joined by `-`.
fn apply_calendar_option(locale: &mut icu_locale_core::Locale, option: Option<&str>) -> Result<(), IntlError> {
    let Some(ca) = option else { return Ok(()) };
    if !crate::options::is_unicode_type(ca) {
        return Err(IntlError::Range(format!("Invalid calendar : {ca}")));
    }
    set_calendar(locale, &canonical_calendar(&ca.to_ascii_lowercase()));
    Ok(())
}

/// Makes `ca` `locale`'s `-u-ca` if Node 20 lists it, and removes the keyword otherwise.
fn set_calendar(locale: &mut icu_locale_core::Locale, ca: &str) {
    use icu_locale_core::extensions::unicode::Value;
    match Value::try_from_str(ca) {
        Ok(value) if crate::supported_values::is_calendar(ca) => {
            locale.extensions.unicode.keywords.set(key!("ca"), value);
        }
        _ => {
            locale.extensions.unicode.keywords.remove(key!("ca"));
        }
    }
}

/// `resolvedOptions().calendar`: the CLDR name of the calendar ICU4X formats in (`requested`:
/// the locale's `-u-ca` once the option is applied). A Hijri calendar asked for by the names
/// ICU4X resolves by region (`islamic`, `islamic-rgsa`) keeps the name asked for, as in Node,
/// and so does `iso8601`, written as Gregorian (Node writes `1970-01-01` in `en`).
fn calendar_name(kind: AnyCalendarKind, requested: Option<&str>) -> &'static str {
    let hijri = matches!(
        kind,
        AnyCalendarKind::HijriSimulatedMecca
            | AnyCalendarKind::HijriUmmAlQura
            | AnyCalendarKind::HijriTabularTypeIIFriday
            | AnyCalendarKind::HijriTabularTypeIIThursday
    );
    match requested {
        Some("islamic") if hijri => return "islamic",
        Some("islamic-rgsa") if hijri => return "islamic-rgsa",
        Some("iso8601") if kind == AnyCalendarKind::Gregorian => return "iso8601",
        _ => {}
    }
    #[allow(deprecated)]
    match kind {
        AnyCalendarKind::Buddhist => "buddhist",
        AnyCalendarKind::Chinese => "chinese",
        AnyCalendarKind::Coptic => "coptic",
        AnyCalendarKind::Dangi => "dangi",
        AnyCalendarKind::Ethiopian => "ethiopic",
        AnyCalendarKind::EthiopianAmeteAlem => "ethioaa",
        AnyCalendarKind::Hebrew => "hebrew",
        AnyCalendarKind::Indian => "indian",
        AnyCalendarKind::HijriTabularTypeIIFriday => "islamic-civil",
        AnyCalendarKind::HijriSimulatedMecca => "islamic",
        AnyCalendarKind::HijriTabularTypeIIThursday => "islamic-tbla",
        AnyCalendarKind::HijriUmmAlQura => "islamic-umalqura",
        AnyCalendarKind::Iso => "iso8601",
        AnyCalendarKind::Japanese | AnyCalendarKind::JapaneseExtended => "japanese",
        AnyCalendarKind::Persian => "persian",
        AnyCalendarKind::Roc => "roc",
        _ => "gregory",
    }
}

/// The locale's default hour cycle for ECMA-402 `resolvedOptions().hourCycle`.
fn default_hour_cycle(locale: &icu_locale_core::Locale) -> &'static str {
    use icu_locale_core::extensions::unicode::key;
    if let Some(v) = locale.extensions.unicode.keywords.get(&key!("hc")) {
        match v.to_string().as_str() {
            "h11" => return "h11",
            "h12" => return "h12",
            "h23" => return "h23",
            "h24" => return "h24",
            _ => {}
        }
    }
    // Ask ICU4X: the hour symbol of its hour-only pattern (locales with native digits included).
    let mut bag = DateTimeFieldBag::default();
    bag.hour = Some(field::Hour::Numeric);
    let Ok(fs) = bag.to_field_set_builder().build_composite() else { return "h12" };
    let Ok(f) = IcuFormatter::try_new(DateTimeFormatterPreferences::from(locale), fs) else { return "h12" };
    let pattern = sample_pattern(&f);
    let unquoted: String = pattern.split('\'').step_by(2).collect();
    if unquoted.contains('H') {
        "h23"
    } else if unquoted.contains('k') {
        "h24"
    } else if unquoted.contains('K') {
        "h11"
    } else {
        "h12"
    }
}
