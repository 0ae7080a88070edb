//! The deno_core extension: `#[op2]` ops over the pure API, plus `intl.js` beside it (the JS half of the same capability).
//!
//! Formatters are cached per thread (an isolate lives on one thread), keyed by locale and
//! options, so `new Intl.DateTimeFormat(...)` per call stays cheap.

use crate::{
    Collator, CollatorOptions,
    DateTimeFormatter, DateTimeOptions, Defaults, DisplayNames, DisplayNamesOptions, IntlError, ListFormat, ListOptions, NumberFormatter, NumberOptions, Part,
    PluralRulesFormatter,
    PluralRulesOptions, RelativeTimeFormat, RelativeTimeOptions, RelativeTimePart, Segmenter, SegmenterOptions,
};
use deno_core::op2;
use deno_error::JsErrorBox;
use std::any::{Any, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

const CACHE_MAX: usize = 1024;

thread_local! {
    /// Every formatter this thread's isolate made, by its type and key (locale and options).
    static FORMATTERS: RefCell<HashMap<(TypeId, String), Rc<dyn Any>>> = RefCell::new(HashMap::new());
}

fn js_err(e: IntlError) -> JsErrorBox {
    match e {
        IntlError::Range(m) => JsErrorBox::range_error(m),
        IntlError::Type(m) => JsErrorBox::type_error(m),
    }
}

/// The formatter of type `T` cached under `key`, or the one `make` builds (then cached; the
/// cache is emptied when it holds [`CACHE_MAX`] formatters of all types).
fn cached<T: 'static>(key: String, make: impl FnOnce() -> Result<T, JsErrorBox>) -> Result<Rc<T>, JsErrorBox> {
    let key = (TypeId::of::<T>(), key);
    if let Some(f) = FORMATTERS.with(|c| c.borrow().get(&key).cloned()) {
        return Ok(f.downcast::<T>().expect("cached under its own type"));
    }
    let f = Rc::new(make()?);
    FORMATTERS.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= CACHE_MAX {
            c.clear();
        }
        c.insert(key, f.clone());
    });
    Ok(f)
}

/// `options` (JSON text) as `T`, or a TypeError naming what was wrong.
fn parse_options<T: serde::de::DeserializeOwned>(options: &str) -> Result<T, JsErrorBox> {
    serde_json::from_str(options).map_err(|e| JsErrorBox::type_error(format!("Intl options: {e}")))
}

/// The formatter for `locale`, `options` (the JSON text `intl.js` made once per formatter, in a
/// fixed key order) and `defaults` (`"date"`, `"time"`, `"all"`, `"dateonly"`). The cache is
/// keyed by the text as given, so a cached formatter costs no options parsing.
fn dtf(locale: Option<String>, options: &str, defaults: &str) -> Result<Rc<DateTimeFormatter>, JsErrorBox> {
    cached(format!("{locale:?}|{defaults}|{options}"), || {
        let parsed: DateTimeOptions = parse_options(options)?;
        let defaults: Defaults = serde_json::from_value(serde_json::Value::String(defaults.to_owned()))
            .map_err(|e| JsErrorBox::type_error(format!("Intl defaults: {e}")))?;
        DateTimeFormatter::try_new(locale.as_deref(), &parsed, defaults).map_err(js_err)
    })
}

/// [`dtf`] for number formatters (`options` as JSON text).
fn nf(locale: Option<String>, options: &str) -> Result<Rc<NumberFormatter>, JsErrorBox> {
    cached(format!("{locale:?}|{options}"), || {
        NumberFormatter::try_new(locale.as_deref(), &parse_options::<NumberOptions>(options)?).map_err(js_err)
    })
}

/// `op_intl_datetime_resolve(locale: string|null, options: JSON text, defaults: "date"|"time"|"all"|"dateonly")`
/// → resolvedOptions object; throws RangeError/TypeError on bad options.
#[op2]
#[serde]
fn op_intl_datetime_resolve(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] defaults: &str,
) -> Result<crate::ResolvedDateTimeOptions, JsErrorBox> {
    Ok(dtf(locale, options, defaults)?.resolved_options().clone())
}

/// `op_intl_datetime_format(locale, options, defaults, epochMs: number)` → string.
#[op2]
#[string]
fn op_intl_datetime_format(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] defaults: &str,
    epoch_ms: f64,
) -> Result<String, JsErrorBox> {
    dtf(locale, options, defaults)?.format(epoch_ms).map_err(js_err)
}

/// `op_intl_datetime_format_to_parts(locale, options, defaults, epochMs)` → `{type, value}[]`.
#[op2]
#[serde]
fn op_intl_datetime_format_to_parts(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] defaults: &str,
    epoch_ms: f64,
) -> Result<Vec<Part>, JsErrorBox> {
    dtf(locale, options, defaults)?.format_to_parts(epoch_ms).map_err(js_err)
}

/// `op_intl_number_resolve(locale, options)` → resolvedOptions object.
#[op2]
#[serde]
fn op_intl_number_resolve(
    #[string] locale: Option<String>,
    #[string] options: &str,
) -> Result<crate::ResolvedNumberOptions, JsErrorBox> {
    Ok(nf(locale, options)?.resolved_options().clone())
}

/// `op_intl_number_format(locale, options, value: number)` → string.
#[op2]
#[string]
fn op_intl_number_format(
    #[string] locale: Option<String>,
    #[string] options: &str,
    value: f64,
) -> Result<String, JsErrorBox> {
    Ok(nf(locale, options)?.format(value))
}

/// `op_intl_number_format_to_parts(locale, options, value)` → `{type, value}[]`.
#[op2]
#[serde]
fn op_intl_number_format_to_parts(
    #[string] locale: Option<String>,
    #[string] options: &str,
    value: f64,
) -> Result<Vec<Part>, JsErrorBox> {
    Ok(nf(locale, options)?.format_to_parts(value))
}

/// `op_intl_number_format_exact(locale, options, digits: string)` → string: a BigInt's digits
/// or a decimal string, formatted without going through a float.
#[op2]
#[string]
fn op_intl_number_format_exact(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] digits: &str,
) -> Result<String, JsErrorBox> {
    Ok(nf(locale, options)?.format_exact(digits))
}

/// `op_intl_number_format_exact_to_parts(locale, options, digits: string)` → `{type, value}[]`.
#[op2]
#[serde]
fn op_intl_number_format_exact_to_parts(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] digits: &str,
) -> Result<Vec<Part>, JsErrorBox> {
    Ok(nf(locale, options)?.format_exact_to_parts(digits))
}

/// [`dtf`] for plural rules (`options` as JSON text).
fn pr(locale: Option<String>, options: &str) -> Result<Rc<PluralRulesFormatter>, JsErrorBox> {
    cached(format!("{locale:?}|{options}"), || {
        PluralRulesFormatter::try_new(locale.as_deref(), &parse_options::<PluralRulesOptions>(options)?).map_err(js_err)
    })
}

/// [`dtf`] for relative-time formatters (`options` as JSON text).
fn rtf(locale: Option<String>, options: &str) -> Result<Rc<RelativeTimeFormat>, JsErrorBox> {
    cached(format!("{locale:?}|{options}"), || {
        RelativeTimeFormat::try_new(locale.as_deref(), &parse_options::<RelativeTimeOptions>(options)?).map_err(js_err)
    })
}

/// `op_intl_plural_resolve(locale, options)` → resolvedOptions object; RangeError on bad options.
#[op2]
#[serde]
fn op_intl_plural_resolve(
    #[string] locale: Option<String>,
    #[string] options: &str,
) -> Result<crate::ResolvedPluralRulesOptions, JsErrorBox> {
    Ok(pr(locale, options)?.resolved_options().clone())
}

/// `op_intl_plural_select(locale, options, n: number)` → `"zero"|"one"|"two"|"few"|"many"|"other"`.
#[op2]
#[string]
fn op_intl_plural_select(#[string] locale: Option<String>, #[string] options: &str, n: f64) -> Result<String, JsErrorBox> {
    Ok(pr(locale, options)?.select(n).to_owned())
}

/// `op_intl_plural_select_range(locale, options, start: number, end: number)` → the category
/// of the range; RangeError when an end is NaN (`intl.js` has thrown Node's TypeError for a
/// missing one).
#[op2]
#[string]
fn op_intl_plural_select_range(
    #[string] locale: Option<String>,
    #[string] options: &str,
    start: f64,
    end: f64,
) -> Result<String, JsErrorBox> {
    Ok(pr(locale, options)?.select_range(start, end).map_err(js_err)?.to_owned())
}

/// `op_intl_relative_resolve(locale, options)` → resolvedOptions object; RangeError on bad options.
#[op2]
#[serde]
fn op_intl_relative_resolve(
    #[string] locale: Option<String>,
    #[string] options: &str,
) -> Result<crate::ResolvedRelativeTimeOptions, JsErrorBox> {
    Ok(rtf(locale, options)?.resolved_options().clone())
}

/// `op_intl_relative_format(locale, options, value: number, unit: string)` → string; RangeError
/// for a value that is not finite or an unknown unit.
#[op2]
#[string]
fn op_intl_relative_format(
    #[string] locale: Option<String>,
    #[string] options: &str,
    value: f64,
    #[string] unit: &str,
) -> Result<String, JsErrorBox> {
    rtf(locale, options)?.format(value, unit).map_err(js_err)
}

/// `op_intl_relative_format_to_parts(locale, options, value, unit)` → `{type, value, unit?}[]`.
#[op2]
#[serde]
fn op_intl_relative_format_to_parts(
    #[string] locale: Option<String>,
    #[string] options: &str,
    value: f64,
    #[string] unit: &str,
) -> Result<Vec<RelativeTimePart>, JsErrorBox> {
    rtf(locale, options)?.format_to_parts(value, unit).map_err(js_err)
}

/// [`dtf`] for list formatters (`options` as JSON text).
fn lf(locale: Option<String>, options: &str) -> Result<Rc<ListFormat>, JsErrorBox> {
    cached(format!("{locale:?}|{options}"), || {
        ListFormat::try_new(locale.as_deref(), &parse_options::<ListOptions>(options)?).map_err(js_err)
    })
}

/// `op_intl_list_resolve(locale, options)` → resolvedOptions object; RangeError on bad options.
#[op2]
#[serde]
fn op_intl_list_resolve(#[string] locale: Option<String>, #[string] options: &str) -> Result<crate::ResolvedListOptions, JsErrorBox> {
    Ok(lf(locale, options)?.resolved_options().clone())
}

/// `op_intl_list_format(locale, options, items: string[])` → string.
#[op2]
#[string]
fn op_intl_list_format(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[serde] items: Vec<String>,
) -> Result<String, JsErrorBox> {
    Ok(lf(locale, options)?.format(&items))
}

/// `op_intl_list_format_to_parts(locale, options, items)` → `{type: "element"|"literal", value}[]`.
#[op2]
#[serde]
fn op_intl_list_format_to_parts(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[serde] items: Vec<String>,
) -> Result<Vec<Part>, JsErrorBox> {
    Ok(lf(locale, options)?.format_to_parts(&items))
}

/// [`dtf`] for display names (`options` as JSON text).
fn dn(locale: Option<String>, options: &str) -> Result<Rc<DisplayNames>, JsErrorBox> {
    cached(format!("{locale:?}|{options}"), || {
        DisplayNames::try_new(locale.as_deref(), &parse_options::<DisplayNamesOptions>(options)?).map_err(js_err)
    })
}

/// `op_intl_display_resolve(locale, options)` → resolvedOptions object; TypeError without a
/// type, RangeError on bad options or an unsupported type.
#[op2]
#[serde]
fn op_intl_display_resolve(
    #[string] locale: Option<String>,
    #[string] options: &str,
) -> Result<crate::ResolvedDisplayNamesOptions, JsErrorBox> {
    Ok(dn(locale, options)?.resolved_options().clone())
}

/// `op_intl_display_of(locale, options, code: string)` → the name, or `null` (`fallback: "none"`);
/// RangeError for a malformed code.
#[op2]
#[serde]
fn op_intl_display_of(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] code: &str,
) -> Result<serde_json::Value, JsErrorBox> {
    Ok(dn(locale, options)?.of(code).map_err(js_err)?.map_or(serde_json::Value::Null, serde_json::Value::String))
}

/// [`dtf`] for collators (`options` as JSON text).
fn col(locale: Option<String>, options: &str) -> Result<Rc<Collator>, JsErrorBox> {
    cached(format!("{locale:?}|{options}"), || {
        Collator::try_new(locale.as_deref(), &parse_options::<CollatorOptions>(options)?).map_err(js_err)
    })
}

/// `op_intl_collator_resolve(locale, options)` → resolvedOptions object; RangeError on bad
/// options.
#[op2]
#[serde]
fn op_intl_collator_resolve(
    #[string] locale: Option<String>,
    #[string] options: &str,
) -> Result<crate::ResolvedCollatorOptions, JsErrorBox> {
    Ok(col(locale, options)?.resolved_options().clone())
}

/// `op_intl_collator_compare(locale, options, a: string, b: string)` → `-1`, `0` or `1`.
#[op2]
fn op_intl_collator_compare(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] a: &str,
    #[string] b: &str,
) -> Result<i32, JsErrorBox> {
    Ok(col(locale, options)?.compare(a, b))
}

/// The collators `compare` functions hold by number (see [`op_intl_collator_id`]), so that a
/// comparison, made thousands of times by one `sort`, looks nothing up by text.
#[derive(Default)]
struct CollatorRegistry {
    ids: HashMap<String, i32>,
    collators: Vec<Rc<Collator>>,
}

/// Most collators one instance's thread registers. A toolkit that makes more distinct
/// locale-and-options pairs than this gets the keyed path (as `localeCompare` with arguments):
/// slower, but its memory stays bounded.
const REGISTRY_MAX: usize = 1024;

thread_local! {
    static REGISTRY: RefCell<CollatorRegistry> = RefCell::new(CollatorRegistry::default());
}

/// `op_intl_collator_id(locale, options)` → a number for [`op_intl_collator_compare_id`], or
/// `-1` when the registry is full; RangeError on bad options.
#[op2]
fn op_intl_collator_id(#[string] locale: Option<String>, #[string] options: &str) -> Result<i32, JsErrorBox> {
    let key = format!("{locale:?}|{options}");
    if let Some(id) = REGISTRY.with(|r| r.borrow().ids.get(&key).copied()) {
        return Ok(id);
    }
    let collator = col(locale, options)?;
    Ok(REGISTRY.with(|r| {
        let mut r = r.borrow_mut();
        if r.collators.len() >= REGISTRY_MAX {
            return -1;
        }
        let id = r.collators.len() as i32;
        r.collators.push(collator);
        r.ids.insert(key, id);
        id
    }))
}

/// The collator [`op_intl_collator_id`] numbered `id`; TypeError for a number it never gave.
fn registered(id: i32) -> Result<Rc<Collator>, JsErrorBox> {
    let collator = REGISTRY.with(|r| r.borrow().collators.get(usize::try_from(id).ok()?).cloned());
    collator.ok_or_else(|| JsErrorBox::type_error(format!("no collator numbered {id}")))
}

/// `op_intl_collator_compare_id(id, a: string, b: string)` → `-1`, `0` or `1` by the collator
/// [`op_intl_collator_id`] numbered `id`.
#[op2(fast)]
fn op_intl_collator_compare_id(id: i32, #[string] a: &str, #[string] b: &str) -> Result<i32, JsErrorBox> {
    Ok(registered(id)?.compare(a, b))
}

/// `op_intl_collator_sort_key(id, s: string)` → `s`'s sort key as a string of one char per byte
/// (U+0000–U+00FF), so that JavaScript's `<` on two keys orders them as `compare` orders their
/// strings.
#[op2]
#[string]
fn op_intl_collator_sort_key(id: i32, #[string] s: &str) -> Result<String, JsErrorBox> {
    Ok(registered(id)?.sort_key(s).into_iter().map(char::from).collect())
}

/// `op_intl_collator_supported(tags: string[], method: string, localeMatcher: string | null)` →
/// the canonical tags with collation data;
/// RangeError for a malformed tag, then for a `localeMatcher` other than `lookup` or `best fit`
/// (`Intl.Collator.supportedLocalesOf`; `method` names it in the error).
#[op2]
#[serde]
fn op_intl_collator_supported(#[serde] tags: Vec<String>, #[string] method: &str, #[string] locale_matcher: Option<String>) -> Result<Vec<String>, JsErrorBox> {
    let supported = crate::collator::supported_collation_locales(&tags).map_err(js_err)?;
    crate::options::check_locale_matcher(method, &locale_matcher).map_err(js_err)?;
    Ok(supported)
}

/// `op_intl_change_case(locale: string, upper: bool, text: string)` → `text` upper- or
/// lower-cased by `locale`'s rules (Turkish dotted and dotless i, Lithuanian dots);
/// RangeError for a malformed tag (`String.prototype.toLocaleUpperCase`/`toLocaleLowerCase`).
#[op2]
#[string]
fn op_intl_change_case(#[string] locale: &str, upper: bool, #[string] text: &str) -> Result<String, JsErrorBox> {
    crate::change_case(locale, upper, text).map_err(js_err)
}

/// [`dtf`] for segmenters (`options` as JSON text).
fn seg(locale: Option<String>, options: &str) -> Result<Rc<Segmenter>, JsErrorBox> {
    cached(format!("{locale:?}|{options}"), || {
        Segmenter::try_new(locale.as_deref(), &parse_options::<SegmenterOptions>(options)?).map_err(js_err)
    })
}

/// `op_intl_segmenter_resolve(locale, options)` → resolvedOptions object; RangeError on bad options.
#[op2]
#[serde]
fn op_intl_segmenter_resolve(
    #[string] locale: Option<String>,
    #[string] options: &str,
) -> Result<crate::ResolvedSegmenterOptions, JsErrorBox> {
    Ok(seg(locale, options)?.resolved_options().clone())
}

/// `op_intl_segmenter_breaks(locale, options, text: string)` → every boundary of `text` after
/// its start, in order, as one number each: `index * 2 + wordLike` (`index` in UTF-16 code
/// units, the end of a segment; `wordLike` 1 when that segment is word-like, word granularity
/// only). One call per string: `intl.js` makes the segment objects from it as they are asked
/// for. `intl.js` replaces a lone surrogate by U+FFFD first (the string would reach Rust with
/// three U+FFFD for it, and every later index would be off by two).
#[op2]
#[serde]
fn op_intl_segmenter_breaks(
    #[string] locale: Option<String>,
    #[string] options: &str,
    #[string] text: String,
) -> Result<Vec<u32>, JsErrorBox> {
    let units: Vec<u16> = text.encode_utf16().collect();
    Ok(seg(locale, options)?.breaks(&units).into_iter().map(|b| b.index * 2 + u32::from(b.word_like)).collect())
}

/// `op_intl_locale_new(tag: string, options: JSON text)` → the getters' values
/// ([`crate::LocaleInfo`]); RangeError for a malformed tag or option.
#[op2]
#[serde]
fn op_intl_locale_new(#[string] tag: &str, #[string] options: &str) -> Result<crate::LocaleInfo, JsErrorBox> {
    crate::locale_new(tag, &parse_options::<crate::LocaleOptions>(options)?).map_err(js_err)
}

/// `op_intl_locale_expand(tag: string, maximize: boolean)` → the tag with CLDR's likely
/// subtags added (`true`) or removed (`false`).
#[op2]
#[string]
fn op_intl_locale_expand(#[string] tag: &str, maximize: bool) -> Result<String, JsErrorBox> {
    crate::locale_expand(tag, maximize).map_err(js_err)
}

/// `op_intl_locale_direction(tag: string)` → `"ltr"` or `"rtl"`.
#[op2]
#[string]
fn op_intl_locale_direction(#[string] tag: &str) -> Result<String, JsErrorBox> {
    Ok(crate::locale_direction(tag).map_err(js_err)?.to_owned())
}

/// `op_intl_supported_values_of(key: string)` → the sorted values; RangeError `Invalid key : x`.
#[op2]
#[serde]
fn op_intl_supported_values_of(#[string] key: &str) -> Result<Vec<String>, JsErrorBox> {
    crate::supported_values_of(key).map_err(js_err)
}

/// `op_intl_canonical_locales(tags: string[])` → the canonical tags, without duplicates;
/// RangeError for a malformed tag.
#[op2]
#[serde]
fn op_intl_canonical_locales(#[serde] tags: Vec<String>) -> Result<Vec<String>, JsErrorBox> {
    crate::canonical_locales(&tags).map_err(js_err)
}

/// `op_intl_supported_locales(tags: string[], method: string, localeMatcher: string | null)` →
/// the canonical tags CLDR has data for (`Intl.<class>.supportedLocalesOf`, `method` naming it:
/// `NumberFormat.supportedLocalesOf`); RangeError for a malformed tag, then for a
/// `localeMatcher` other than `lookup` or `best fit`.
#[op2]
#[serde]
fn op_intl_supported_locales(#[serde] tags: Vec<String>, #[string] method: &str, #[string] locale_matcher: Option<String>) -> Result<Vec<String>, JsErrorBox> {
    let supported = crate::supported_locales(&tags).map_err(js_err)?;
    crate::options::check_locale_matcher(method, &locale_matcher).map_err(js_err)?;
    Ok(supported)
}

deno_core::extension!(
    trove_intl,
    ops = [
        op_intl_datetime_resolve,
        op_intl_datetime_format,
        op_intl_datetime_format_to_parts,
        op_intl_number_resolve,
        op_intl_number_format,
        op_intl_number_format_to_parts,
        op_intl_number_format_exact,
        op_intl_number_format_exact_to_parts,
        op_intl_plural_resolve,
        op_intl_plural_select,
        op_intl_plural_select_range,
        op_intl_relative_resolve,
        op_intl_relative_format,
        op_intl_relative_format_to_parts,
        op_intl_list_resolve,
        op_intl_list_format,
        op_intl_list_format_to_parts,
        op_intl_display_resolve,
        op_intl_display_of,
        op_intl_collator_resolve,
        op_intl_collator_compare,
        op_intl_collator_id,
        op_intl_collator_compare_id,
        op_intl_collator_sort_key,
        op_intl_collator_supported,
        op_intl_change_case,
        op_intl_canonical_locales,
        op_intl_supported_locales,
        op_intl_segmenter_resolve,
        op_intl_segmenter_breaks,
        op_intl_locale_new,
        op_intl_locale_expand,
        op_intl_locale_direction,
        op_intl_supported_values_of,
    ],
    esm_entry_point = "ext:trove_intl/intl.js",
    esm = [dir "src", "intl.js"],
    // Loaded on first use (intl.js): most toolkits never compare, segment, build a Locale or
    // format a range.
    lazy_loaded_esm = [dir "src", "collator.js", "locale_class.js", "ranges.js", "segmenter.js"],
);
