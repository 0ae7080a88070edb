//! Collecting ICU4X's annotated output (`writeable::PartsWrite`) into ECMA-402 parts.

use serde::Serialize;
use std::fmt;
use writeable::{Part as IcuPart, PartsWrite, Writeable};

/// One piece of formatted output, as returned by `formatToParts` in JavaScript.
///
/// `kind` is the ECMA-402 part type (`"weekday"`, `"literal"`, `"integer"`, …) and is
/// serialized as `type`; `value` is the exact text of that piece. Concatenating all
/// values of a `Vec<Part>` gives the `format` string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Part {
    #[serde(rename = "type")]
    pub kind: String,
    pub value: String,
}

impl Part {
    pub fn new(kind: &str, value: impl Into<String>) -> Self {
        Part { kind: kind.to_string(), value: value.into() }
    }
}

/// Joins parts into the plain string.
pub fn join(parts: &[Part]) -> String {
    parts.iter().map(|p| p.value.as_str()).collect()
}

/// Appends a part, merging it into the previous one when both are literals of the same kind.
pub(crate) fn push(parts: &mut Vec<Part>, kind: &str, value: &str) {
    if value.is_empty() {
        return;
    }
    if kind == "literal" {
        if let Some(last) = parts.last_mut() {
            if last.kind == "literal" {
                last.value.push_str(value);
                return;
            }
        }
    }
    parts.push(Part::new(kind, value));
}

/// A `PartsWrite` sink recording the text and every annotated span (start, end, part).
#[derive(Default)]
pub(crate) struct Collector {
    pub text: String,
    pub spans: Vec<(usize, usize, IcuPart)>,
}

impl fmt::Write for Collector {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.text.push_str(s);
        Ok(())
    }
}

impl PartsWrite for Collector {
    type SubPartsWrite = Collector;
    fn with_part(
        &mut self,
        part: IcuPart,
        mut f: impl FnMut(&mut Self::SubPartsWrite) -> fmt::Result,
    ) -> fmt::Result {
        let start = self.text.len();
        f(self)?;
        let end = self.text.len();
        self.spans.push((start, end, part));
        Ok(())
    }
}

/// Writes `w` and maps its annotated spans to ECMA-402 part types with `classify`
/// (returning `None` ignores a span). Where classified spans nest (ICU4X wraps `group`
/// inside `integer`), the innermost wins; text outside every classified span is `"literal"`.
pub(crate) fn collect(
    w: &impl Writeable,
    classify: impl Fn(&IcuPart) -> Option<&'static str>,
) -> Vec<Part> {
    let mut c = Collector::default();
    let _ = w.write_to_parts(&mut c);
    collected(c, classify)
}

/// [`collect`] for a [`TryWriteable`](writeable::TryWriteable) (a formatted ICU4X pattern);
/// what it could not format (missing names) is written as ICU4X's fallback.
pub(crate) fn collect_try(
    w: &impl writeable::TryWriteable,
    classify: impl Fn(&IcuPart) -> Option<&'static str>,
) -> Vec<Part> {
    let mut c = Collector::default();
    let _ = w.try_write_to_parts(&mut c);
    collected(c, classify)
}

fn collected(c: Collector, classify: impl Fn(&IcuPart) -> Option<&'static str>) -> Vec<Part> {
    let spans: Vec<(usize, usize, &'static str)> = c
        .spans
        .iter()
        .filter_map(|(s, e, p)| classify(p).map(|k| (*s, *e, k)))
        .filter(|(s, e, _)| e > s)
        .collect();
    // For every char, the innermost (shortest) classified span covering it.
    let mut out: Vec<Part> = Vec::new();
    let mut current: Option<(usize, &'static str)> = None; // (span index, kind)
    let mut run = String::new();
    for (i, ch) in c.text.char_indices() {
        let owner = spans
            .iter()
            .enumerate()
            .filter(|(_, (s, e, _))| *s <= i && i < *e)
            .min_by_key(|(_, (s, e, _))| e - s)
            .map(|(idx, (_, _, k))| (idx, *k));
        let same = match (owner, current) {
            (Some((a, _)), Some((b, _))) => a == b,
            (None, None) => true,
            _ => false,
        };
        if !same && !run.is_empty() {
            push(&mut out, current.map(|c| c.1).unwrap_or("literal"), &run);
            run.clear();
        }
        current = owner;
        run.push(ch);
    }
    if !run.is_empty() {
        push(&mut out, current.map(|c| c.1).unwrap_or("literal"), &run);
    }
    out
}

/// The ECMA-402 part type of an ICU4X decimal part, or `None` for text around the digits.
pub(crate) fn number_part(p: &IcuPart) -> Option<&'static str> {
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
}
