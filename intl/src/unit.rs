//! `Intl.NumberFormat`'s `style: "unit"`: which unit identifiers are well-formed (ECMA-402
//! IsWellFormedUnitIdentifier) and the CLDR pattern a locale writes one with, from the tables
//! `intl/tests/gen-unit-patterns.mjs` reads off Node 20's ICU ([`crate::unit_patterns`]).

use crate::locale::table_keys;
use crate::parts::{self, Part};
use crate::unit_patterns::{ENDS, LOCALES, PER_ROWS, ROWS, SETS, SIMPLE_UNITS, TEXT, UNITS};
use icu_locale_core::Locale;
use icu_plurals::PluralCategory;

/// The text of pattern `i` of the generated tables (`{0}` is the number).
fn text(i: u16) -> &'static str {
    let i = usize::from(i);
    let start = if i == 0 { 0 } else { ENDS[i - 1] as usize };
    &TEXT[start..ENDS[i] as usize]
}

/// Whether `unit` is ECMA-402 well-formed: one of the sanctioned simple units
/// (`Intl.supportedValuesOf("unit")`), or two of them joined by `-per-` (`kilobyte-per-second`).
pub(crate) fn is_well_formed(unit: &str) -> bool {
    let simple = |u: &str| SIMPLE_UNITS.binary_search(&u).is_ok();
    simple(unit) || unit.split_once("-per-").is_some_and(|(top, bottom)| simple(top) && simple(bottom))
}

/// How a locale writes a unit at a width: a pattern per plural category, and for a compound
/// unit CLDR has no name for, the denominator's "per" pattern the numerator's text goes into.
#[derive(Debug, Clone)]
pub(crate) struct UnitPatterns {
    /// Zero, one, two, few, many, other; `None` where the language has no such category.
    forms: [Option<&'static str>; 6],
    /// `{0}/h` for `…-per-hour`.
    per: Option<&'static str>,
}

impl UnitPatterns {
    /// The patterns for a well-formed `unit` at `width` (`short` | `long` | `narrow`) in
    /// `locale`: the tables' row for the locale's region, script or language (as for the date
    /// skeletons). The tables hold every language Node 20 has data for, and the regions and
    /// scripts that differ from theirs (`intl/tests/node-locales.mjs`); a language they lack
    /// (one the host resolves to `en-US` anyway) gets English's. `None` for a unit that is not
    /// well-formed.
    pub(crate) fn new(locale: &Locale, unit: &str, width: &str) -> Option<Self> {
        let find = |tag: &str| LOCALES.binary_search_by(|(t, _, _)| (*t).cmp(tag)).ok();
        let (_, row, per_row) = table_keys(locale).iter().find_map(|k| find(k)).or_else(|| find("en")).map(|i| LOCALES[i])?;
        let (row, per_row) = (usize::from(row), usize::from(per_row));
        let w = match width {
            "long" => 1,
            "narrow" => 2,
            _ => 0,
        };
        let forms = |unit: &str| -> Option<[Option<&'static str>; 6]> {
            let u = UNITS.binary_search(&unit).ok()?;
            let set = SETS[usize::from(ROWS[row][w * UNITS.len() + u])];
            Some(set.map(|i| (i != u16::MAX).then(|| text(i))))
        };
        if let Some(forms) = forms(unit) {
            return Some(Self { forms, per: None });
        }
        let (top, bottom) = unit.split_once("-per-")?;
        if top == "percent" && w != 1 {
            // Node (ICU 78) writes a short or narrow percent over anything as the percent
            // alone ("2%"); a long one as any other ("2 percent per hour"). So the generator
            // found, for every locale and denominator.
            return Some(Self { forms: forms("percent")?, per: None });
        }
        let d = SIMPLE_UNITS.binary_search(&bottom).ok()?;
        Some(Self { forms: forms(top)?, per: Some(text(PER_ROWS[per_row][w * SIMPLE_UNITS.len() + d])) })
    }

    /// The parts of a number in this unit: `number` (the signed number's parts) put into the
    /// pattern for its plural `category` (`other` where the language's data has none). Around
    /// the number, and at either end, white space and bidi marks are `literal`, every other
    /// character `unit`, as Node types them (checked for every pattern by the generator). A
    /// pattern without `{0}` (Arabic's dual, "يومان") leaves the number out, as Node does.
    pub(crate) fn apply(&self, category: PluralCategory, number: Vec<Part>) -> Vec<Part> {
        let i = match category {
            PluralCategory::Zero => 0,
            PluralCategory::One => 1,
            PluralCategory::Two => 2,
            PluralCategory::Few => 3,
            PluralCategory::Many => 4,
            PluralCategory::Other => 5,
        };
        let own = self.forms[i].or(self.forms[5]).unwrap_or("{0}");
        let pattern = match self.per {
            Some(per) => per.replacen("{0}", own, 1),
            None => own.to_owned(),
        };
        let mut out = Vec::new();
        match pattern.split_once("{0}") {
            Some((before, after)) => {
                affix_parts(&mut out, before);
                for p in number {
                    parts::push(&mut out, &p.kind, &p.value);
                }
                affix_parts(&mut out, after);
            }
            None => affix_parts(&mut out, &pattern),
        }
        out
    }
}

/// `literal` white space and bidi marks at either end of `s`, `unit` between.
fn affix_parts(out: &mut Vec<Part>, s: &str) {
    let edge = |c: char| c.is_whitespace() || matches!(c, '\u{00A0}' | '\u{202F}' | '\u{200E}' | '\u{200F}' | '\u{061C}');
    let middle = s.trim_matches(edge);
    let lead = s.len() - s.trim_start_matches(edge).len();
    if middle.is_empty() {
        parts::push(out, "literal", s);
        return;
    }
    parts::push(out, "literal", &s[..lead]);
    parts::push(out, "unit", middle);
    parts::push(out, "literal", &s[lead + middle.len()..]);
}
