//! Redaction: every resolved secret value becomes `[redacted]` (contract §5, `log`).

use std::borrow::Cow;

use base64::Engine as _;
use serde_json::Value;

/// The replacement for a secret value.
pub const REDACTED: &str = "[redacted]";

/// A form a secret value takes in transit or in printed output: every standard, reversible
/// encoding a toolkit can produce with one built-in call (`encodeURIComponent`, `encodeURI`,
/// `new URL(…).href`, `URLSearchParams`, `btoa` at any offset of a longer string, hex, JSON).
/// [`SecretForm::encode`] is the one definition of each form: the redactor finds them, and a
/// cassette's placeholders (`{{secret:NAME:form}}`) are turned back into them on replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SecretForm {
    /// The value itself (placeholder `{{secret:NAME}}`).
    Raw,
    /// Standard base64 with padding (`btoa(value)`).
    Base64,
    /// Standard base64 without padding.
    Base64NoPad,
    /// The part of standard base64 that depends on the value alone when it starts `n` bytes
    /// (0, 1 or 2) after a 3-byte boundary of a longer encoded string (`btoa('user:' + value)`).
    Base64At(u8),
    /// URL-safe base64 without padding.
    Base64Url,
    /// [`SecretForm::Base64At`] in the URL-safe alphabet.
    Base64UrlAt(u8),
    /// Lower-case hex of the UTF-8 bytes.
    Hex,
    /// Upper-case hex of the UTF-8 bytes.
    HexUpper,
    /// Lower-case hex of the UTF-8 bytes, a space between bytes: how `console.*` prints an
    /// `ArrayBuffer`'s contents (`[Uint8Contents]: <73 6b 2d …>`).
    HexSpaced,
    /// [`SecretForm::HexSpaced`] in upper case.
    HexSpacedUpper,
    /// `application/x-www-form-urlencoded` (`URLSearchParams`; spaces as `+`).
    Form,
    /// `%XX` for every byte outside RFC 3986's unreserved set.
    Percent,
    /// `encodeURIComponent` (leaves `A-Z a-z 0-9 - _ . ! ~ * ' ( )`).
    UriComponent,
    /// `encodeURI` (also leaves `; , / ? : @ & = + $ #`).
    Uri,
    /// WHATWG URL serialisation of a query (`new URL(…).href`, `url.search`).
    UrlQuery,
    /// WHATWG URL serialisation of a path segment.
    UrlPath,
    /// WHATWG URL serialisation of a fragment.
    UrlFragment,
    /// WHATWG URL serialisation of userinfo (`https://user:value@host/`).
    UrlUserinfo,
    /// Inside a JSON string (`JSON.stringify`'s escaping, without the quotes).
    Json,
    /// Inside a string `console.*` prints within an object, quoted with `'` (Node 20's
    /// `strEscape`, deno_web patch 2: `'` and `\` escaped, `\n` `\t` `\b` `\f` `\r`, other C0
    /// and C1 controls as `\xNN` in upper-case hex). `console.*` quotes with `'` unless the
    /// printed string holds one, then `"`, then `` ` ``, so a value may appear under any of the
    /// three.
    Console,
    /// [`SecretForm::Console`] quoted with `"`.
    ConsoleDouble,
    /// [`SecretForm::Console`] quoted with `` ` ``.
    ConsoleBacktick,
    /// Standard base64 of the value's Latin-1 bytes, what `btoa(value)` gives for a value with
    /// a character in U+0080–U+00FF (`Pässwort`); `btoa` refuses anything past U+00FF. Only for
    /// such values: for ASCII it is [`SecretForm::Base64`].
    Latin1Base64,
    /// [`SecretForm::Base64At`] of the Latin-1 bytes (`btoa('user:' + value)`).
    Latin1Base64At(u8),
    /// Lower-case hex of the Latin-1 bytes (`charCodeAt(i).toString(16)`).
    Latin1Hex,
    /// [`SecretForm::Latin1Hex`] in upper case.
    Latin1HexUpper,
    /// [`SecretForm::Base64UrlAt`] of the Latin-1 bytes.
    Latin1Base64UrlAt(u8),
    /// `escape(value)`: `%XX` for each UTF-16 unit below U+0100 outside
    /// `A-Z a-z 0-9 @ * _ + - . /`, `%uXXXX` for the others (`P%E4sswort`, `P@ssw0rd%21`). The
    /// name (and the placeholder suffix `:latin1-escape`) is from when it covered values with a
    /// Latin-1 character only; review 35 logged an ASCII value through `escape()` unredacted.
    Latin1Escape,
    /// One form encoded again by another: a JSON body printed by `console.*` or put in a URL
    /// (`encodeURIComponent(JSON.stringify({ pw }))`), a line of a multi-line value printed by
    /// `console.*` (a string with newlines is printed a quoted line at a time), base64 put in a
    /// URL (`+` `/` as `%2B` `%2F`). Placeholder `{{secret:NAME:<inner>+<outer>}}`.
    Composed(Inner, Outer),
    /// ASCII lower case, as a URL's host holds it (`https://<value>.example.com/` is
    /// serialised, logged and refused in lower case).
    Lower,
    /// The value as a URL's host holds it when the value is whole labels of it
    /// (`https://<value>.example.com/`): IDNA-mapped and punycoded (`xn--…`), as URLs, the
    /// egress refusal and the request log hold it. For an ASCII value that is its lower case
    /// (the same text as [`SecretForm::Lower`], so a cassette recorded with a non-ASCII secret
    /// replays with the ASCII stand-in `--record-case` gives it).
    Host,
    /// Line `n` (0-based, trimmed) of a multi-line value (a PEM key).
    Line(usize),
}

/// The first encoding of a [`SecretForm::Composed`] form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Inner {
    /// [`SecretForm::Json`].
    Json,
    /// [`SecretForm::Line`].
    Line(usize),
    /// [`SecretForm::Base64At`].
    Base64At(u8),
    /// [`SecretForm::Latin1Base64At`].
    Latin1Base64At(u8),
    /// [`SecretForm::UriComponent`].
    UriComponent,
    /// [`SecretForm::Uri`].
    Uri,
    /// [`SecretForm::Form`].
    Form,
    /// [`SecretForm::Latin1Escape`] (`escape()`).
    Escape,
}

impl Inner {
    fn form(self) -> SecretForm {
        match self {
            Self::Json => SecretForm::Json,
            Self::Line(n) => SecretForm::Line(n),
            Self::Base64At(n) => SecretForm::Base64At(n),
            Self::Latin1Base64At(n) => SecretForm::Latin1Base64At(n),
            Self::UriComponent => SecretForm::UriComponent,
            Self::Uri => SecretForm::Uri,
            Self::Form => SecretForm::Form,
            Self::Escape => SecretForm::Latin1Escape,
        }
    }

    fn of(form: SecretForm) -> Option<Self> {
        Some(match form {
            SecretForm::Json => Self::Json,
            SecretForm::Line(n) => Self::Line(n),
            SecretForm::Base64At(n) => Self::Base64At(n),
            SecretForm::Latin1Base64At(n) => Self::Latin1Base64At(n),
            SecretForm::UriComponent => Self::UriComponent,
            SecretForm::Uri => Self::Uri,
            SecretForm::Form => Self::Form,
            SecretForm::Latin1Escape => Self::Escape,
            _ => return None,
        })
    }
}

/// The second encoding of a [`SecretForm::Composed`] form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outer {
    /// [`SecretForm::Console`].
    Console,
    /// [`SecretForm::ConsoleDouble`].
    ConsoleDouble,
    /// [`SecretForm::ConsoleBacktick`].
    ConsoleBacktick,
    /// [`SecretForm::UriComponent`].
    UriComponent,
    /// [`SecretForm::Form`].
    Form,
    /// [`SecretForm::Uri`].
    Uri,
    /// [`SecretForm::Latin1Escape`] (`escape()`).
    Escape,
}

impl Outer {
    const ALL: [Outer; 7] = [Self::Console, Self::ConsoleDouble, Self::ConsoleBacktick, Self::UriComponent, Self::Form, Self::Uri, Self::Escape];
    /// The percent-encodings, any of which a URL in a URL may be written in twice.
    const PERCENT: [Outer; 4] = [Self::UriComponent, Self::Uri, Self::Form, Self::Escape];
    const CONSOLE: [Outer; 3] = [Self::Console, Self::ConsoleDouble, Self::ConsoleBacktick];

    fn form(self) -> SecretForm {
        match self {
            Self::Console => SecretForm::Console,
            Self::ConsoleDouble => SecretForm::ConsoleDouble,
            Self::ConsoleBacktick => SecretForm::ConsoleBacktick,
            Self::UriComponent => SecretForm::UriComponent,
            Self::Form => SecretForm::Form,
            Self::Uri => SecretForm::Uri,
            Self::Escape => SecretForm::Latin1Escape,
        }
    }
}

/// C0 controls and space: the base of the WHATWG percent-encode sets.
const C0_SPACE: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS.add(b' ');
/// WHATWG fragment percent-encode set.
const FRAGMENT: &percent_encoding::AsciiSet = &C0_SPACE.add(b'"').add(b'<').add(b'>').add(b'`');
/// WHATWG special-query percent-encode set (the query set plus `'`).
const QUERY: &percent_encoding::AsciiSet = &C0_SPACE.add(b'"').add(b'#').add(b'<').add(b'>').add(b'\'');
/// WHATWG path percent-encode set.
const PATH: &percent_encoding::AsciiSet = &C0_SPACE.add(b'"').add(b'#').add(b'<').add(b'>').add(b'?').add(b'`').add(b'{').add(b'}');
/// WHATWG userinfo percent-encode set.
const USERINFO: &percent_encoding::AsciiSet =
    &PATH.add(b'/').add(b':').add(b';').add(b'=').add(b'@').add(b'[').add(b'\\').add(b']').add(b'^').add(b'|');
/// What `encodeURIComponent` escapes: everything but `A-Z a-z 0-9 - _ . ! ~ * ' ( )`.
const URI_COMPONENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');
/// What `escape` leaves as it is besides `A-Z a-z 0-9`.
const ESCAPE_KEEPS: &[u8] = b"@*_+-./";
/// What `encodeURI` escapes: [`URI_COMPONENT`] less the reserved characters it keeps.
const URI: &percent_encoding::AsciiSet = &URI_COMPONENT
    .remove(b';')
    .remove(b',')
    .remove(b'/')
    .remove(b'?')
    .remove(b':')
    .remove(b'@')
    .remove(b'&')
    .remove(b'=')
    .remove(b'+')
    .remove(b'$')
    .remove(b'#');

/// What a WHATWG URL parser keeps of `value` as part of a URL's input: every ASCII tab and
/// newline is removed, wherever it is. (The parser also drops trailing spaces and C0 controls
/// of the whole URL; a value ending a URL with them is not covered.)
fn url_input(value: &str) -> Cow<'_, str> {
    if !value.contains(['\t', '\n', '\r']) {
        return Cow::Borrowed(value);
    }
    Cow::Owned(value.chars().filter(|c| !matches!(c, '\t' | '\n' | '\r')).collect())
}

/// The characters of base64 (of `n` zero bytes followed by `value`) that depend on `value`
/// alone: what the value looks like wherever it sits in a longer base64 string.
fn base64_at(engine: &base64::engine::GeneralPurpose, n: u8, value: &[u8]) -> String {
    let n = usize::from(n);
    let mut bytes = vec![0u8; n];
    bytes.extend_from_slice(value);
    let encoded = engine.encode(&bytes);
    let first = (8 * n).div_ceil(6);
    let last = (8 * (n + value.len())) / 6;
    encoded.get(first..last.min(encoded.len())).unwrap_or_default().to_owned()
}

/// The value's Latin-1 bytes (one per character), as `btoa` and `charCodeAt` see it, when it
/// has a character in U+0080–U+00FF and none past it; `None` otherwise (ASCII is its UTF-8).
fn latin1(value: &str) -> Option<Vec<u8>> {
    if value.is_ascii() {
        return None;
    }
    value.chars().map(|c| u8::try_from(u32::from(c)).ok()).collect()
}

/// What JavaScript's `escape(value)` gives (ECMA-262 B.2.1.1): each UTF-16 unit outside
/// `A-Z a-z 0-9 @ * _ + - . /` as `%XX` below U+0100, else as `%uXXXX`, in upper-case hex.
fn js_escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for unit in value.encode_utf16() {
        match u8::try_from(unit) {
            Ok(b) if b.is_ascii_alphanumeric() || ESCAPE_KEEPS.contains(&b) => out.push(char::from(b)),
            Ok(b) => out.push_str(&format!("%{b:02X}")),
            Err(_) => out.push_str(&format!("%u{unit:04X}")),
        }
    }
    out
}

/// How `console.*` writes `value` inside a string it quotes with `quote`: Node 20's
/// `strEscape`, which the host's console follows (deno_web patch 2, `quote::node_str_escape`),
/// without the quotes. `\` and, in single quotes, `'` escaped; `\b \t \n \f \r`; every other
/// C0 control and U+007F–U+009F from Node's `meta` table, in upper-case hex (`\x0B`, `\x1B`).
fn console_quoted(value: &str, quote: char) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\'' if quote == '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) <= 0x1f || (0x7f..=0x9f).contains(&u32::from(c)) => {
                out.push_str(&format!("\\x{:02X}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

impl SecretForm {
    /// The forms of a single-line value, in the order the redactor adds them.
    pub const ENCODINGS: [SecretForm; 39] = [
        Self::Raw,
        Self::Base64,
        Self::Base64NoPad,
        Self::Base64At(0),
        Self::Base64At(1),
        Self::Base64At(2),
        Self::Base64Url,
        Self::Base64UrlAt(0),
        Self::Base64UrlAt(1),
        Self::Base64UrlAt(2),
        Self::Hex,
        Self::HexUpper,
        Self::HexSpaced,
        Self::HexSpacedUpper,
        Self::Form,
        Self::Percent,
        Self::UriComponent,
        Self::Uri,
        Self::UrlQuery,
        Self::UrlPath,
        Self::UrlFragment,
        Self::UrlUserinfo,
        Self::Json,
        Self::Console,
        Self::ConsoleDouble,
        Self::ConsoleBacktick,
        Self::Latin1Base64,
        Self::Latin1Base64At(0),
        Self::Latin1Base64At(1),
        Self::Latin1Base64At(2),
        Self::Latin1Hex,
        Self::Latin1HexUpper,
        Self::Latin1Base64UrlAt(0),
        Self::Latin1Base64UrlAt(1),
        Self::Latin1Base64UrlAt(2),
        Self::Latin1Escape,
        Self::Lower,
        Self::Host,
        Self::Line(0),
    ];

    /// `value` in this form; `None` for a line number the value does not have.
    pub fn encode(self, value: &str) -> Option<String> {
        use base64::engine::general_purpose::{STANDARD, URL_SAFE, URL_SAFE_NO_PAD};
        use percent_encoding::utf8_percent_encode as pct;
        Some(match self {
            Self::Raw => value.to_owned(),
            Self::Base64 => STANDARD.encode(value),
            Self::Base64NoPad => STANDARD.encode(value).trim_end_matches('=').to_owned(),
            Self::Base64At(n) => base64_at(&STANDARD, n.min(2), value.as_bytes()),
            Self::Base64Url => URL_SAFE_NO_PAD.encode(value),
            Self::Base64UrlAt(n) => base64_at(&URL_SAFE, n.min(2), value.as_bytes()),
            Self::Hex => value.bytes().map(|b| format!("{b:02x}")).collect(),
            Self::HexUpper => value.bytes().map(|b| format!("{b:02X}")).collect(),
            Self::HexSpaced => value.bytes().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" "),
            Self::HexSpacedUpper => value.bytes().map(|b| format!("{b:02X}")).collect::<Vec<_>>().join(" "),
            Self::Form => url::form_urlencoded::byte_serialize(value.as_bytes()).collect(),
            Self::Percent => percent_encode(value),
            Self::UriComponent => pct(value, URI_COMPONENT).to_string(),
            Self::Uri => pct(value, URI).to_string(),
            Self::UrlQuery => pct(&url_input(value), QUERY).to_string(),
            // A special URL's path takes `\` for `/`.
            Self::UrlPath => pct(&url_input(value).replace('\\', "/"), PATH).to_string(),
            Self::UrlFragment => pct(&url_input(value), FRAGMENT).to_string(),
            Self::UrlUserinfo => pct(&url_input(value), USERINFO).to_string(),
            Self::Json => {
                let json = serde_json::to_string(value).unwrap_or_default();
                json.get(1..json.len().saturating_sub(1)).unwrap_or_default().to_owned()
            }
            Self::Console => console_quoted(value, '\''),
            Self::ConsoleDouble => console_quoted(value, '"'),
            Self::ConsoleBacktick => console_quoted(value, '`'),
            Self::Latin1Base64 => STANDARD.encode(latin1(value)?),
            Self::Latin1Base64At(n) => base64_at(&STANDARD, n.min(2), &latin1(value)?),
            Self::Latin1Hex => latin1(value)?.iter().map(|b| format!("{b:02x}")).collect(),
            Self::Latin1HexUpper => latin1(value)?.iter().map(|b| format!("{b:02X}")).collect(),
            Self::Latin1Base64UrlAt(n) => base64_at(&URL_SAFE, n.min(2), &latin1(value)?),
            Self::Latin1Escape => js_escape(value),
            Self::Composed(inner, outer) => return outer.form().encode(&inner.form().encode(value)?),
            Self::Lower => value.to_ascii_lowercase(),
            Self::Host => {
                if value.is_ascii() {
                    return Some(value.to_ascii_lowercase());
                }
                match url::Host::parse(value).ok()? {
                    url::Host::Domain(ascii) => ascii,
                    _ => return None,
                }
            }
            Self::Line(n) => {
                if !value.contains('\n') {
                    return None;
                }
                value.lines().nth(n)?.trim().to_owned()
            }
        })
    }

    /// The suffix of this form's placeholder (`{{secret:NAME:<suffix>}}`; empty for raw).
    pub fn suffix(self) -> String {
        match self {
            Self::Raw => String::new(),
            Self::Base64 => ":base64".into(),
            Self::Base64NoPad => ":base64-nopad".into(),
            Self::Base64At(n) => format!(":base64@{n}"),
            Self::Base64Url => ":base64url".into(),
            Self::Base64UrlAt(n) => format!(":base64url@{n}"),
            Self::Hex => ":hex".into(),
            Self::HexUpper => ":HEX".into(),
            Self::HexSpaced => ":hex-spaced".into(),
            Self::HexSpacedUpper => ":HEX-spaced".into(),
            Self::Form => ":form".into(),
            Self::Percent => ":percent".into(),
            Self::UriComponent => ":uri-component".into(),
            Self::Uri => ":uri".into(),
            Self::UrlQuery => ":url-query".into(),
            Self::UrlPath => ":url-path".into(),
            Self::UrlFragment => ":url-fragment".into(),
            Self::UrlUserinfo => ":url-userinfo".into(),
            Self::Json => ":json".into(),
            Self::Console => ":console".into(),
            Self::ConsoleDouble => ":console-double".into(),
            Self::ConsoleBacktick => ":console-backtick".into(),
            Self::Latin1Base64 => ":latin1-base64".into(),
            Self::Latin1Base64At(n) => format!(":latin1-base64@{n}"),
            Self::Latin1Hex => ":latin1-hex".into(),
            Self::Latin1HexUpper => ":latin1-HEX".into(),
            Self::Latin1Base64UrlAt(n) => format!(":latin1-base64url@{n}"),
            Self::Latin1Escape => ":latin1-escape".into(),
            Self::Composed(inner, outer) => format!("{}+{}", inner.form().suffix(), &outer.form().suffix()[1..]),
            Self::Lower => ":lower".into(),
            Self::Host => ":host".into(),
            Self::Line(n) => format!(":line{n}"),
        }
    }

    /// The form a placeholder suffix names (the inverse of [`SecretForm::suffix`]).
    pub fn from_suffix(suffix: &str) -> Option<Self> {
        if let Some((inner, outer)) = suffix.split_once('+') {
            let inner = Inner::of(Self::from_suffix(inner)?)?;
            let outer = Outer::ALL.into_iter().find(|o| o.form().suffix()[1..] == *outer)?;
            return Some(Self::Composed(inner, outer));
        }
        if let Some(n) = suffix.strip_prefix(":line") {
            return n.parse().ok().map(Self::Line);
        }
        Self::ENCODINGS.into_iter().find(|f| f.suffix() == suffix)
    }
}

/// One form of one secret value, as the redactor looks for it.
#[derive(Debug, Clone)]
struct Known {
    text: String,
    /// Bytes of the value this is a form of.
    value_len: usize,
    /// The secret's name (`None` when the value was added without one).
    name: Option<String>,
    form: SecretForm,
}

/// One automaton over `known[start..start + len]` (its pattern `i` is `known[start + i]`).
#[derive(Debug, Clone)]
struct Level {
    start: usize,
    len: usize,
    /// `None` when the automaton could not be built (never seen: the patterns are short).
    matcher: Option<aho_corasick::AhoCorasick>,
}

impl Level {
    fn over(known: &[Known], start: usize, len: usize) -> Self {
        // A contiguous NFA, never a DFA (which the builder picks for few patterns): a DFA's
        // states are 256 transitions wide, about 2.5 KB of memory per byte of a long secret
        // (review 18: three tenants' 100 KB secrets took `serve` from 28 to 833 MiB).
        let matcher = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::Standard)
            .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
            .build(known[start..start + len].iter().map(|k| k.text.as_str()))
            .ok();
        Self { start, len, matcher }
    }
}

/// The set of secret values resolved so far, each with the forms it can take.
#[derive(Debug, Default, Clone)]
pub struct Redactor {
    known: Vec<Known>,
    /// Where each form's text is in [`Self::known`].
    index: std::collections::HashMap<String, usize>,
    /// The forms of [`Self::known`] in a few automata, each over a contiguous run of it
    /// ([`Level`]), sizes falling geometrically from the oldest: a value added to a long-running
    /// `serve` (each tenant's secret) builds a small automaton and now and then merges equal
    /// ones, so adding N values costs O(N log N) pattern builds in all, and a search runs
    /// O(log N) automata. One automaton rebuilt over every form on each new value cost each
    /// call time linear in every value ever resolved (review 17: 120 ms a request after 1,200
    /// tenants). See [`Self::replace_with`] for how their matches are used.
    levels: Vec<Level>,
    /// Each value as it was added (the forms above may share its text under another form).
    values: Vec<String>,
    /// Each value added so far, and whether with a name: adding it again (a warm call reading
    /// the same secret, every call) changes nothing and returns before its ~50 forms are
    /// encoded again.
    added: std::collections::HashMap<String, bool>,
}

impl Redactor {
    /// Adds a value with no name (see [`Redactor::add_named`]).
    pub fn add(&mut self, value: &str) {
        self.add_form_set(None, value);
    }

    /// Adds secret `name`'s `value` and the forms it takes in transit and in printed output
    /// ([`SecretForm`]): standard and URL-safe base64 (with and without padding),
    /// percent-encoding and form encoding, JSON string escaping (`"` `\\` control characters,
    /// as `JSON.stringify` writes them), the escaping `console.*` uses for strings inside
    /// objects (`\\'`, `\\n`), and, for a multi-line value (a PEM key), each line. Empty values
    /// are ignored (they would match everywhere); a derived form shorter than 8 characters is
    /// skipped as too likely to occur by chance, unless it encodes the whole value and is at
    /// least as long as it (then it is no likelier than the value, which is always looked for:
    /// a 5-character password's `encodeURIComponent` form is). `name` is what a cassette's
    /// placeholder says.
    pub fn add_named(&mut self, name: &str, value: &str) {
        self.add_form_set(Some(name), value);
    }

    fn add_form_set(&mut self, name: Option<&str>, value: &str) {
        if value.is_empty() {
            return;
        }
        match self.added.get(value) {
            // Its forms are there, named if they ever will be (a name is only ever given to a
            // form that has none).
            Some(true) => return,
            Some(false) if name.is_none() => return,
            Some(false) => {}
            None => self.values.push(value.to_owned()),
        }
        self.added.insert(value.to_owned(), name.is_some());
        let mut forms: Vec<SecretForm> = SecretForm::ENCODINGS.iter().copied().filter(|f| !matches!(f, SecretForm::Line(_))).collect();
        let lines = if value.contains('\n') { value.lines().count() } else { 0 };
        forms.extend((0..lines).map(SecretForm::Line));
        // Two encodings on top of each other, where a toolkit makes them with ordinary calls.
        forms.extend(Outer::ALL.map(|o| SecretForm::Composed(Inner::Json, o)));
        forms.extend((0..lines).flat_map(|n| Outer::CONSOLE.map(|o| SecretForm::Composed(Inner::Line(n), o))));
        for n in 0..3 {
            for o in [Outer::UriComponent, Outer::Form] {
                forms.push(SecretForm::Composed(Inner::Base64At(n), o));
                forms.push(SecretForm::Composed(Inner::Latin1Base64At(n), o));
            }
        }
        // A URL in a URL's query (an OAuth `redirect_uri`, a `next=`) holds the value
        // percent-encoded twice, by any two of the encoders (reviews 35 and 36: recorded into a
        // cassette in clear). Pairs that give the same text are kept once (`index`).
        for inner in [Inner::UriComponent, Inner::Uri, Inner::Form, Inner::Escape] {
            for o in Outer::PERCENT {
                forms.push(SecretForm::Composed(inner, o));
            }
        }
        for form in forms {
            let Some(text) = form.encode(value) else { continue };
            // A form of part of the value (base64 at an offset, a line) is never exempt: for a
            // one-letter value such a part is a single letter (`k` → `a`, `r`).
            let whole = !matches!(
                form,
                SecretForm::Base64At(_)
                    | SecretForm::Base64UrlAt(_)
                    | SecretForm::Latin1Base64At(_)
                    | SecretForm::Latin1Base64UrlAt(_)
                    | SecretForm::Line(_)
                    | SecretForm::Composed(Inner::Line(_) | Inner::Base64At(_) | Inner::Latin1Base64At(_), _)
            );
            if form != SecretForm::Raw && text.len() < MIN_DERIVED_LEN && !(whole && text.len() >= value.len()) {
                continue;
            }
            match self.index.get(&text) {
                // A form first seen without a name gets the name when one is known.
                Some(&at) => {
                    let k = &mut self.known[at];
                    if k.name.is_none() {
                        k.name = name.map(str::to_owned);
                        k.form = form;
                    }
                }
                None => {
                    self.index.insert(text.clone(), self.known.len());
                    self.known.push(Known { text, value_len: value.len(), name: name.map(str::to_owned), form });
                }
            }
        }
        self.cover_new_forms();
        // A JSON value (a service-account key): a toolkit parses it and prints or sends its
        // members, which no form of the whole text matches (review 19). Each string member of
        // 8 bytes or more is a value of its own, named `NAME#/json/pointer` for a cassette.
        // A value stored with blanks around it (a pasted key, a `.env` line) that the toolkit
        // `.trim()`s before use: the trimmed value is the credential that goes out (review 19),
        // named `NAME#trim` for a cassette.
        let trimmed = value.trim();
        if trimmed.len() != value.len() && trimmed.len() >= MIN_DERIVED_LEN {
            self.add_form_set(name.map(|n| format!("{n}#trim")).as_deref(), trimmed);
        }
        // A URL whose path is the credential (a Slack or Discord webhook): a helper that logs
        // `host + pathname`, never the query, prints it whole (review 19). The path, when it is
        // 16 bytes or more, is a value of its own, named `NAME#path` for a cassette.
        if let Some(path) = url_path(value) {
            self.add_form_set(name.map(|n| format!("{n}#path")).as_deref(), &path);
        }
        for (pointer, member) in json_members(value) {
            let member_name = name.filter(|_| pointer.bytes().all(|b| b.is_ascii_alphanumeric() || b"/_-".contains(&b))).map(|n| format!("{n}#{pointer}"));
            self.add_form_set(member_name.as_deref(), &member);
        }
    }

    /// Puts the forms no automaton covers yet into one of their own, then merges the newest
    /// automaton into the one before while that one is at most twice its size (a binary
    /// counter: each form is rebuilt O(log N) times over N values).
    fn cover_new_forms(&mut self) {
        let covered = self.levels.last().map_or(0, |l| l.start + l.len);
        if covered == self.known.len() {
            return;
        }
        self.levels.push(Level::over(&self.known, covered, self.known.len() - covered));
        while let [.., before, last] = self.levels.as_slice() {
            if before.len > 2 * last.len {
                break;
            }
            let (start, len) = (before.start, before.len + last.len);
            self.levels.truncate(self.levels.len() - 2);
            self.levels.push(Level::over(&self.known, start, len));
        }
    }

    /// The value added under `name` ([`Self::add_named`]), if any.
    pub fn named_value(&self, name: &str) -> Option<&str> {
        self.known.iter().find(|k| k.form == SecretForm::Raw && k.name.as_deref() == Some(name)).map(|k| k.text.as_str())
    }

    /// Whether no value has been resolved (then text passes through untouched).
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// `text` with every occurrence of every value replaced by [`REDACTED`].
    pub fn redact_str(&self, text: &str) -> String {
        self.redact_str_cutting(text, self)
    }

    /// [`Self::redact_str`] for a line a call wrote: every value's whole forms, but the start of
    /// a value cut short by `console.*` only among `call`'s values (those the running call
    /// resolved). A caller can put text in a line (`console.log({ query })`) and read the line
    /// back (its run's log), so a cut rule that looked at every tenant's values told it whether
    /// its guess was the start of another tenant's secret, a character at a time (review 46; the
    /// same oracle as review 19's `JSON.parse`). Not covered, as for format strings: the start
    /// of a value an earlier call resolved (kept in module state) at a cut.
    pub fn redact_call_str(&self, text: &str, call: &Redactor) -> String {
        self.redact_str_cutting(text, call)
    }

    /// [`Self::redact_json`] with [`Self::redact_call_str`]'s rule for cuts.
    pub fn redact_call_json(&self, value: Value, call: &Redactor) -> Value {
        self.redact_json_cutting(value, call)
    }

    fn redact_str_cutting(&self, text: &str, cut: &Redactor) -> String {
        if self.known.is_empty() {
            return text.to_owned();
        }
        let whole = self.replace_with(text, |_| REDACTED.to_owned());
        cut.redact_cut_prefixes(&self.redact_decimal_bytes(&whole, cut))
    }

    /// [`Self::redact_str`] for a field a client sent rather than text a toolkit wrote (the
    /// user id and tool name of `serve`'s access line): only values of at least
    /// [`SHARED_FIELD_MIN_LEN`] bytes are looked for. A value shorter than that is redacted in
    /// everything the toolkit writes, but a tenant whose own secret is `e` no longer turns
    /// every tenant's access line into `user="alic[redacted]"` (review 17).
    pub fn redact_field(&self, text: &str) -> String {
        if self.known.is_empty() {
            return text.to_owned();
        }
        self.replace_matching(text, |k| k.value_len >= SHARED_FIELD_MIN_LEN, |_| REDACTED.to_owned())
    }

    /// Whether `text` holds a whole form of a value (the automata only: not the start of a value
    /// before a `console.*` cut, nor a run of its decimal bytes). For a decision whose answer a
    /// caller can see (`JSON.parse`'s message quotes the text or not): a rule that also matched
    /// the first 4 bytes of a value before a cut marker the caller wrote answered "is this the
    /// start of a secret?", one character at a time (review 19).
    pub fn holds_whole_form(&self, text: &str) -> bool {
        !self.known.is_empty() && self.replace_with(text, |_| String::new()) != text
    }

    /// `text` with every run of decimal bytes that spells a secret of 8 bytes or more replaced:
    /// how `console.*` prints a `Uint8Array` (`Uint8Array(20) [ 115, 107, 45, … ]`, in columns
    /// padded with spaces, across lines), an `Int8Array` (`-61`), a `BigUint64Array` (`115n`),
    /// `JSON.stringify` an array of them or a typed array (`{"0":115,"1":107,…}`), and
    /// `bytes.join(' ')`. A run of 100 items or more cut short by `... N more items` that ends
    /// with at least [`CUT_MATCH_MIN`] bytes of the start of such a secret loses that start too.
    /// Linear in the text (a log line is redacted before it is cut to its length limit).
    fn redact_decimal_bytes(&self, text: &str, cut_by: &Redactor) -> String {
        static RUN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
            // A number starts a word, or follows its `-` or its `"index":`; it ends one.
            let item = r#"(?:"\d+":-?|-|\b)\d{1,3}n?\b"#;
            regex::Regex::new(&format!(r"{item}(?:(?:,\s*| +){item})+")).expect("valid")
        });
        static ITEMS_CUT: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| regex::Regex::new(r"^,?\s*\.\.\. \d+ more item").expect("valid"));
        let secrets: Vec<&[u8]> = self.values.iter().filter(|v| v.len() >= 8).map(|v| v.as_bytes()).collect();
        if secrets.is_empty() || !text.bytes().any(|b| b.is_ascii_digit()) {
            return text.to_owned();
        }
        let cut_secrets: Vec<&[u8]> = cut_by.values.iter().filter(|v| v.len() >= 8).map(|v| v.as_bytes()).collect();
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for run in RUN.find_iter(text) {
            let items: Vec<(Option<u8>, usize, usize)> =
                list_items(run.as_str()).map(|(byte, start, end)| (byte, run.start() + start, run.start() + end)).collect();
            let cut = items.len() >= 100 && ITEMS_CUT.is_match(&text[run.end()..]);
            byte_list_spans(&items, &secrets, if cut { &cut_secrets } else { &[] }, &mut spans);
        }
        replace_spans(text, spans)
    }

    /// `items` with each run of numbers that spells a secret of 8 bytes or more
    /// (`ctx.log({ bytes: Array.from(key) })`) replaced, number by number, by [`REDACTED`].
    fn redact_byte_values(&self, mut items: Vec<Value>) -> Vec<Value> {
        let secrets: Vec<&[u8]> = self.values.iter().filter(|v| v.len() >= 8).map(|v| v.as_bytes()).collect();
        if secrets.is_empty() || items.len() < 8 {
            return items;
        }
        let bytes: Vec<(Option<u8>, usize, usize)> =
            items.iter().enumerate().map(|(i, v)| (v.as_u64().and_then(|n| u8::try_from(n).ok()), i, i + 1)).collect();
        let mut spans = Vec::new();
        byte_list_spans(&bytes, &secrets, &[], &mut spans);
        for (start, end) in spans {
            for item in &mut items[start..end] {
                *item = Value::String(REDACTED.to_owned());
            }
        }
        items
    }

    /// `text` with the start of a secret redacted where `console.*` cut a value short: a string
    /// past 10,000 characters (`'…sk-live-AB'... 10 more characters`) or a buffer past 50 bytes
    /// (`<… 73 6b ... 30 more bytes>`). The whole value was never printed, so the forms above
    /// cannot match it; at least [`CUT_MATCH_MIN`] bytes of the start of any form that end the
    /// cut text go. Only where `console.*` can have cut: 10,000 bytes or more of text since the
    /// line's start or the last cut for a string, 149 (fifty bytes in hex) for a buffer, so text
    /// written to look like cuts costs no more than real ones can.
    fn redact_cut_prefixes(&self, text: &str) -> String {
        static CUT: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| regex::Regex::new(r#"(?:['"`]| )\.\.\. \d+ more (character|byte)"#).expect("valid"));
        let mut spans: Vec<(usize, usize)> = Vec::new();
        let mut since = 0;
        for cut in CUT.captures_iter(text) {
            let whole = cut.get(0).expect("the match");
            let bytes = &cut[1] == "byte";
            if whole.start() - since < if bytes { 149 } else { 10_000 } {
                continue;
            }
            since = whole.end();
            let before = &text[..whole.start()];
            let longest = self
                .known
                .iter()
                .filter(|k| !bytes || matches!(k.form, SecretForm::HexSpaced | SecretForm::HexSpacedUpper))
                // A cut buffer shows 50 bytes: no more of a value's start than that can be there.
                .map(|k| if bytes { &k.text.as_bytes()[..k.text.len().min(150)] } else { k.text.as_bytes() })
                .filter_map(|form| longest_tail_prefix(before.as_bytes(), form))
                .filter(|&k| k >= CUT_MATCH_MIN)
                .max();
            if let Some(k) = longest {
                // A prefix of a form ends on one of its own character boundaries, which are the
                // text's too (both are UTF-8).
                spans.push((before.len() - k, before.len()));
            }
        }
        replace_spans(text, spans)
    }

    /// `text` with every occurrence of every named value's forms replaced by a placeholder
    /// `{{secret:NAME}}` (raw) or `{{secret:NAME:FORM}}` ([`SecretForm::suffix`]), which
    /// [`expand_placeholders`] turns back into the current value; values without a name become
    /// [`REDACTED`]. What a cassette holds instead of a secret.
    pub fn placeholders_str(&self, text: &str) -> String {
        self.replace_with(text, |k| match &k.name {
            Some(name) => format!("{{{{secret:{name}{}}}}}", k.form.suffix()),
            None => REDACTED.to_owned(),
        })
    }

    /// `text` with each occurrence of a form replaced by `with(form)`, every occurrence found in
    /// the text as given (a replacement is never searched again, so a short form cannot match
    /// inside a marker an earlier one put there: `[redacted]` holds a `c`). Where occurrences
    /// overlap, the longer form wins, then the earlier: a secret that contains another, or that
    /// another's end runs into (`acct-9f` before `9f8e…`), is replaced whole.
    fn replace_with(&self, text: &str, with: impl Fn(&Known) -> String) -> String {
        self.replace_matching(text, |_| true, with)
    }

    /// [`Self::replace_with`] for the forms `wanted` keeps.
    fn replace_matching(&self, text: &str, wanted: impl Fn(&Known) -> bool, with: impl Fn(&Known) -> String) -> String {
        let mut found: Vec<(usize, usize, usize)> = Vec::new();
        for level in &self.levels {
            let Some(matcher) = &level.matcher else { continue };
            found.extend(
                matcher
                    .find_overlapping_iter(text)
                    .map(|m| (m.start(), m.end(), level.start + m.pattern().as_usize()))
                    .filter(|&(_, _, pattern)| wanted(&self.known[pattern])),
            );
        }
        if found.is_empty() {
            return text.to_owned();
        }
        found.sort_by_key(|&(start, end, _)| (std::cmp::Reverse(end - start), start));
        // Claimed spans by start; they never overlap, so only the last one starting before a
        // candidate's end can overlap it.
        let mut claimed: std::collections::BTreeMap<usize, (usize, usize)> = std::collections::BTreeMap::new();
        for (start, end, pattern) in found {
            let overlaps = claimed.range(..end).next_back().is_some_and(|(_, &(claimed_end, _))| claimed_end > start);
            if !overlaps {
                claimed.insert(start, (end, pattern));
            }
        }
        let mut out = String::with_capacity(text.len());
        let mut last = 0;
        // Each pattern is UTF-8, so each match starts and ends on a character boundary.
        for (start, (end, pattern)) in claimed {
            out.push_str(&text[last..start]);
            out.push_str(&with(&self.known[pattern]));
            last = end;
        }
        out.push_str(&text[last..]);
        out
    }

    /// Redacts every string and every object key in `value`, recursively; a number whose
    /// digits hold a secret (`ctx.log({ account: Number(pin) })`) becomes the string
    /// [`REDACTED`].
    pub fn redact_json(&self, value: Value) -> Value {
        self.redact_json_cutting(value, self)
    }

    fn redact_json_cutting(&self, value: Value, cut: &Redactor) -> Value {
        if self.is_empty() {
            return value;
        }
        match value {
            Value::String(s) => Value::String(self.redact_str_cutting(&s, cut)),
            Value::Number(n) => {
                let digits = n.to_string();
                if self.redact_str_cutting(&digits, cut) == digits { Value::Number(n) } else { Value::String(REDACTED.to_owned()) }
            }
            Value::Array(items) => {
                let items = self.redact_byte_values(items);
                Value::Array(items.into_iter().map(|v| self.redact_json_cutting(v, cut)).collect())
            }
            // A typed array's JSON (`{"0":115,"1":107,…}`) is a list of bytes too.
            Value::Object(map) if map.len() >= 8 && map.keys().enumerate().all(|(i, k)| k.parse() == Ok(i)) => {
                let keys: Vec<String> = map.keys().cloned().collect();
                let values = self.redact_byte_values(map.into_iter().map(|(_, v)| v).collect());
                Value::Object(keys.into_iter().zip(values).map(|(k, v)| (k, self.redact_json_cutting(v, cut))).collect())
            }
            Value::Object(map) => Value::Object(
                map.into_iter().map(|(k, v)| (self.redact_str_cutting(&k, cut), self.redact_json_cutting(v, cut))).collect(),
            ),
            other => other,
        }
    }
}

/// The secret names `text`'s placeholders (`{{secret:NAME}}`, `{{secret:NAME:FORM}}`) refer to.
pub fn placeholder_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{secret:") {
        let after = &rest[start + "{{secret:".len()..];
        let Some(end) = after.find("}}") else { break };
        // A JSON member's placeholder (`NAME#/pointer`) needs the secret it is a member of.
        let name = after[..end].split([':', '#']).next().unwrap_or_default();
        if !name.is_empty() && !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
        rest = &after[end..];
    }
    names
}

/// Most string members of a JSON-valued secret that become values of their own.
const MAX_JSON_MEMBERS: usize = 64;

/// The string members of at least [`MIN_DERIVED_LEN`] bytes of `value` when it is a JSON object
/// or array (at most [`MAX_JSON_MEMBERS`], depth first), each with its JSON pointer
/// (`/private_key`, `/keys/0`); none for any other value.
fn json_members(value: &str) -> Vec<(String, String)> {
    json_value(value).map(|parsed| members_of(&parsed)).unwrap_or_default()
}

/// `value` parsed, when it is a JSON object or array.
fn json_value(value: &str) -> Option<Value> {
    let trimmed = value.trim_start();
    if !(trimmed.starts_with('{') || trimmed.starts_with('[')) {
        return None;
    }
    serde_json::from_str(value).ok()
}

/// Runs `f` with the JSON pointer `at` extended by member `key` (escaped as RFC 6901 says:
/// `~` as `~0`, `/` as `~1`), then gives `at` back as it was.
fn in_member(at: &mut String, key: &str, f: impl FnOnce(&mut String)) {
    let len = at.len();
    at.push('/');
    at.push_str(&key.replace('~', "~0").replace('/', "~1"));
    f(at);
    at.truncate(len);
}

/// [`json_members`] of a parsed value.
fn members_of(parsed: &Value) -> Vec<(String, String)> {
    fn walk(v: &Value, at: &mut String, out: &mut Vec<(String, String)>) {
        if out.len() >= MAX_JSON_MEMBERS {
            return;
        }
        let mut visit = |key: &str, child: &Value, at: &mut String| in_member(at, key, |at| walk(child, at, out));
        match v {
            Value::String(text) if text.len() >= MIN_DERIVED_LEN => out.push((at.clone(), text.clone())),
            Value::Object(members) => members.iter().for_each(|(k, child)| visit(k, child, at)),
            Value::Array(items) => items.iter().enumerate().for_each(|(i, child)| visit(&i.to_string(), child, at)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(parsed, &mut String::new(), &mut out);
    out.truncate(MAX_JSON_MEMBERS);
    out
}

/// The path of `value` when it is an `http:` or `https:` URL whose path is 16 bytes or more,
/// as the URL parser serialises it (what `new URL(value).pathname` gives).
fn url_path(value: &str) -> Option<String> {
    let url = url::Url::parse(value.trim()).ok()?;
    (matches!(url.scheme(), "http" | "https") && url.path().len() >= 16).then(|| url.path().to_owned())
}

/// For a JSON object or array `value`: the same JSON with every string member replaced by
/// `stand_in(pointer)` and every number by `0`, so that a recorded case can give a stand-in a
/// toolkit still parses, whose members fill the cassette's member placeholders
/// (`{{secret:NAME#/pointer}}`), and which holds nothing of the secret but its keys, booleans and
/// nulls. Every member, not only those [`Redactor::add_named`] treats as values of their own:
/// a short password or a numeric PIN is still the secret's (review 22). `None` for any other
/// value.
pub fn json_stand_in(value: &str, stand_in: impl Fn(&str) -> String) -> Option<String> {
    fn replace(v: &mut Value, at: &mut String, stand_in: &dyn Fn(&str) -> String) {
        let visit = |key: &str, child: &mut Value, at: &mut String| in_member(at, key, |at| replace(child, at, stand_in));
        match v {
            Value::String(_) => *v = Value::String(stand_in(at)),
            Value::Number(_) => *v = Value::from(0),
            Value::Object(members) => members.iter_mut().for_each(|(k, child)| visit(k, child, at)),
            Value::Array(items) => items.iter_mut().enumerate().for_each(|(i, child)| visit(&i.to_string(), child, at)),
            Value::Bool(_) | Value::Null => {}
        }
    }
    let mut parsed = json_value(value)?;
    replace(&mut parsed, &mut String::new(), &stand_in);
    Some(parsed.to_string())
}

/// The value `name` stands for: the secret itself; for `SECRET#trim`, the secret's current
/// value without its surrounding white space; for `SECRET#/json/pointer` ([`json_members`]),
/// that string member of the secret's current JSON value; for `SECRET#path`, the path of the
/// secret's current URL ([`url_path`]).
fn value_of_name(name: &str, value_of: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    // The last step last: `SA#/private_key#trim` is the trimmed member of SA.
    match name.rsplit_once('#') {
        None => value_of(name),
        Some((secret, "trim")) => value_of_name(secret, value_of).map(|v| v.trim().to_owned()),
        Some((secret, "path")) => value_of_name(secret, value_of).and_then(|v| url_path(&v)),
        Some((secret, pointer)) => {
            let parsed: Value = serde_json::from_str(&value_of_name(secret, value_of)?).ok()?;
            parsed.pointer(pointer)?.as_str().map(str::to_owned)
        }
    }
}

/// `text` with each placeholder whose secret `value_of` knows replaced by that value in the
/// placeholder's form; unknown names and forms are left as they are (so a replay that lacks a
/// secret fails to match, naming the placeholder).
pub fn expand_placeholders(text: &str, value_of: &dyn Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{secret:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + "{{secret:".len()..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let inner = &after[..end];
        let (name, suffix) = match inner.find(':') {
            Some(i) => (&inner[..i], &inner[i..]),
            None => (inner, ""),
        };
        let expanded = SecretForm::from_suffix(suffix).and_then(|form| value_of_name(name, value_of).and_then(|v| form.encode(&v)));
        match expanded {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[start..start + "{{secret:".len() + end + 2]),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

/// The fewest bytes of a secret's start that count at a cut ([`Redactor::redact_str`]): one
/// or two are too likely by chance, and replacing them spoils ordinary output.
const CUT_MATCH_MIN: usize = 4;

/// Bytes below which a derived form shorter than its value is not looked for
/// ([`Redactor::add_named`]).
const MIN_DERIVED_LEN: usize = 8;
/// The shortest value [`Redactor::redact_field`] looks for, in bytes.
pub const SHARED_FIELD_MIN_LEN: usize = 8;

/// Each item of a printed list of numbers (`115`, `-61` as a signed byte, `115n`, `"0":115`):
/// the byte it stands for (`None` when it is no byte) and its range in `run`.
fn list_items(run: &str) -> impl Iterator<Item = (Option<u8>, usize, usize)> + '_ {
    static ITEM: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r#"(?:"\d+":)?(-?)(\d{1,3})n?"#).expect("valid"));
    ITEM.captures_iter(run).map(|c| {
        let whole = c.get(0).expect("the match");
        let n: i32 = c[2].parse().unwrap_or(i32::MAX);
        let value = if c[1].is_empty() { n } else { 256 - n };
        let byte = if c[1].is_empty() || (1..=128).contains(&n) { u8::try_from(value).ok() } else { None };
        (byte, whole.start(), whole.end())
    })
}

/// Adds to `spans` where `items` (bytes or gaps, each with its range) spell one of `secrets`,
/// and where they end with at least [`CUT_MATCH_MIN`] bytes of the start of one of
/// `cut_secrets` (those of the list's secrets whose start counts when the list was cut after
/// its last item; empty when it was not cut).
fn byte_list_spans(items: &[(Option<u8>, usize, usize)], secrets: &[&[u8]], cut_secrets: &[&[u8]], spans: &mut Vec<(usize, usize)>) {
    let mut from = 0;
    while from < items.len() {
        // One stretch of consecutive bytes.
        let to = items[from..].iter().position(|i| i.0.is_none()).map_or(items.len(), |p| from + p);
        let bytes: Vec<u8> = items[from..to].iter().filter_map(|i| i.0).collect();
        for secret in secrets {
            for at in memchr::memmem::find_iter(&bytes, secret) {
                spans.push((items[from + at].1, items[from + at + secret.len() - 1].2));
            }
        }
        for secret in cut_secrets {
            if to == items.len() {
                // A cut list shows 100 items: no more of a value's start than that can be there.
                let start = &secret[..secret.len().min(101)];
                if let Some(k) = longest_tail_prefix(&bytes, start).filter(|&k| k >= CUT_MATCH_MIN) {
                    spans.push((items[to - k].1, items[to - 1].2));
                }
            }
        }
        from = to + 1;
    }
}

/// The length of the longest proper, non-empty prefix of `secret` that `text` ends with, in
/// time linear in `secret` (Knuth–Morris–Pratt over the end of `text`).
fn longest_tail_prefix(text: &[u8], secret: &[u8]) -> Option<usize> {
    let n = secret.len();
    if n < 2 {
        return None;
    }
    // fail[i]: the longest proper prefix of secret[..=i] that is also its suffix.
    let mut fail = vec![0usize; n];
    let mut k = 0;
    for i in 1..n {
        while k > 0 && secret[i] != secret[k] {
            k = fail[k - 1];
        }
        if secret[i] == secret[k] {
            k += 1;
        }
        fail[i] = k;
    }
    // Only the last n - 1 bytes can hold a proper prefix, so the match never completes.
    let mut q = 0;
    for &byte in &text[text.len().saturating_sub(n - 1)..] {
        while q > 0 && byte != secret[q] {
            q = fail[q - 1];
        }
        if byte == secret[q] {
            q += 1;
        }
    }
    (q > 0).then_some(q)
}

/// `text` with each of `spans` (byte ranges; overlapping ones merged) replaced by [`REDACTED`].
fn replace_spans(text: &str, mut spans: Vec<(usize, usize)>) -> String {
    if spans.is_empty() {
        return text.to_owned();
    }
    spans.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut written = 0;
    let mut open: Option<(usize, usize)> = None;
    for (start, end) in spans {
        match open {
            Some((s, e)) if start <= e => open = Some((s, e.max(end))),
            Some((s, e)) => {
                out.push_str(&text[written..s]);
                out.push_str(REDACTED);
                written = e;
                open = Some((start, end));
            }
            None => open = Some((start, end)),
        }
    }
    if let Some((s, e)) = open {
        out.push_str(&text[written..s]);
        out.push_str(REDACTED);
        written = e;
    }
    out.push_str(&text[written..]);
    out
}

/// Bytes RFC 3986 does not leave unreserved (everything but `A-Z a-z 0-9 - . _ ~`).
const NOT_UNRESERVED: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// `%XX` for every byte outside RFC 3986's unreserved set.
fn percent_encode(value: &str) -> String {
    percent_encoding::utf8_percent_encode(value, NOT_UNRESERVED).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A redactor is empty until it learns a non-empty value (issue #13, a cargo-mutants
    /// survivor: nothing checked `is_empty`, which callers use to skip redaction).
    #[test]
    fn is_empty_until_a_value_is_learned() {
        let mut r = Redactor::default();
        assert!(r.is_empty());
        r.add("");
        assert!(r.is_empty(), "an empty value is never a secret to redact");
        r.add("s3cr3t");
        assert!(!r.is_empty());
    }

    #[test]
    fn redacts_substrings_keys_and_nesting() {
        let mut r = Redactor::default();
        r.add("s3cr3t");
        r.add("");
        let v = r.redact_json(json!(["token=s3cr3t", {"s3cr3t": ["x s3cr3t y"]}, 4]));
        assert_eq!(v, json!(["token=[redacted]", {"[redacted]": ["x [redacted] y"]}, 4]));
    }

    #[test]
    fn encoded_forms_are_redacted() {
        let mut r = Redactor::default();
        r.add("pp-client:pp-secret/9+");
        let b64 = base64::engine::general_purpose::STANDARD.encode("pp-client:pp-secret/9+");
        assert_eq!(r.redact_str(&format!("Basic {b64}")), "Basic [redacted]");
        assert_eq!(r.redact_str("q=pp-client%3App-secret%2F9%2B"), "q=[redacted]");
        let mut spaced = Redactor::default();
        spaced.add("pp client/9");
        assert_eq!(spaced.redact_str("q=pp+client%2F9"), "q=[redacted]", "form encoding");
        assert_eq!(spaced.redact_str("q=pp%20client%2F9"), "q=[redacted]", "percent encoding");
    }

    /// A URL parser drops tabs and newlines and a path takes `\` for `/`: the URL forms of such
    /// a value are what the URL holds (a hostile review logged, and recorded in a cassette,
    /// secrets the redactor no longer recognised).
    #[test]
    fn url_forms_follow_what_the_url_parser_keeps() {
        for (value, template, left) in [
            ("k3y\\Zq8Lm2Xv9Rt4Np7", "https://api.example.com/bot{}/getMe", "https://api.example.com/bot[redacted]/getMe"),
            ("k3y\tZq8Lm2Xv9Rt4Np7", "https://api.example.com/getMe?token={}", "https://api.example.com/getMe?token=[redacted]"),
            ("k3y\nZq8Lm2Xv9Rt4Np7", "https://api.example.com/x#{}", "https://api.example.com/x#[redacted]"),
            ("k3y Zq8Lm2Xv9Rt4Np7 ", "https://api.example.com/getMe?token={}&a=1", "https://api.example.com/getMe?token=[redacted]&a=1"),
            ("k3y Zq8Lm2Xv9Rt4Np7\n", "https://api.example.com/bot{}/getMe", "https://api.example.com/bot[redacted]/getMe"),
        ] {
            let mut r = Redactor::default();
            r.add(value);
            let url = url::Url::parse(&template.replace("{}", value)).unwrap();
            assert_eq!(r.redact_str(url.as_str()), left, "{value:?} in {url}");
        }
    }

    /// What `console.*` prints of a secret's bytes: an `ArrayBuffer`'s spaced hex, a
    /// `Uint8Array`'s decimal columns (padded, across lines), either cut short.
    #[test]
    fn bytes_console_prints_are_redacted() {
        let mut r = Redactor::default();
        r.add("sk-live-ABCDEF123456");
        let buffer = "key bytes ArrayBuffer {\n  [Uint8Contents]: <73 6b 2d 6c 69 76 65 2d 41 42 43 44 45 46 31 32 33 34 35 36>,\n  byteLength: 20\n}";
        assert_eq!(r.redact_str(buffer), "key bytes ArrayBuffer {\n  [Uint8Contents]: <[redacted]>,\n  byteLength: 20\n}");
        let columns = "u8 Uint8Array(22) [\n    1, 115, 107, 45, 108, 105, 118, 101,\n   45,  65, 66,  67,  68,  69,  70,\n   49,  50, 51,  52,  53,  54, 200\n]";
        assert_eq!(r.redact_str(columns), "u8 Uint8Array(22) [\n    1, [redacted], 200\n]");
        // Cut after 100 items: the start of the value that ends the run goes.
        let sevens = vec!["7"; 96].join(", ");
        let cut = format!("Uint8Array(120) [\n  {sevens}, 115, 107, 45, 108,\n  ... 20 more items\n]");
        assert_eq!(r.redact_str(&cut), format!("Uint8Array(120) [\n  {sevens}, [redacted],\n  ... 20 more items\n]"));
        // Fewer than 100 items before it: no cut console made, and nothing goes.
        let short = "[ 7, 7, 115, 107, 45, 108,\n  ... 20 more items\n]";
        assert_eq!(r.redact_str(short), short);
        // Signed bytes, BigInts, a typed array's JSON, bytes joined by spaces, upper-case hex.
        let mut accented = Redactor::default();
        accented.add("clé-secrète-9");
        let signed: Vec<String> = "clé-secrète-9".bytes().map(|b| (b as i8).to_string()).collect();
        assert_eq!(accented.redact_str(&format!("Int8Array(15) [ {} ]", signed.join(", "))), "Int8Array(15) [ [redacted] ]");
        let big: Vec<String> = "sk-live-ABCDEF123456".bytes().map(|b| format!("{b}n")).collect();
        assert_eq!(r.redact_str(&format!("BigUint64Array(20) [ {} ]", big.join(", "))), "BigUint64Array(20) [ [redacted] ]");
        let keyed: Vec<String> = "sk-live-ABCDEF123456".bytes().enumerate().map(|(i, b)| format!("\"{i}\":{b}")).collect();
        assert_eq!(r.redact_str(&format!("{{{}}}", keyed.join(","))), "{[redacted]}");
        // A longer number is not read from its last digits.
        assert_eq!(r.redact_str("[ 9115, 107, 45, 108, 105, 118, 101, 45, 65, 66, 67, 68, 69, 70, 49, 50, 51, 52, 53, 54 ]").contains("[redacted]"), false);
        let joined: Vec<String> = "sk-live-ABCDEF123456".bytes().map(|b| b.to_string()).collect();
        assert_eq!(r.redact_str(&format!("key: {}", joined.join(" "))), "key: [redacted]");
        assert_eq!(r.redact_str("<73 6B 2D 6C 69 76 65 2D 41 42 43 44 45 46 31 32 33 34 35 36>"), "<[redacted]>");
        // ctx.log's JSON: an array of the bytes, and a typed array's object.
        let bytes: Vec<u64> = "sk-live-ABCDEF123456".bytes().map(u64::from).collect();
        let logged = r.redact_json(json!({ "key": [9, bytes.clone(), 300] }));
        assert_eq!(logged["key"][1], json!(vec![REDACTED; 20]));
        let mut object = serde_json::Map::new();
        for (i, b) in bytes.iter().enumerate() {
            object.insert(i.to_string(), json!(b));
        }
        assert!(r.redact_json(Value::Object(object)).as_object().unwrap().values().all(|v| v == REDACTED), "a typed array's JSON");
        // Numbers that do not spell it, and a run with a number that is no byte, stay.
        for other in ["[ 115, 107, 45, 108, 105 ]", "[ 115, 107, 45, 108, 105, 118, 101, 45, 65, 366, 67, 68, 69, 70, 49, 50, 51, 52, 53, 54 ]"] {
            assert_eq!(r.redact_str(other), other);
        }
        // The same numbers in any list are the same bytes (`Array.from(bytes)`, and its JSON).
        assert_eq!(r.redact_str("[9,115,107,45,108,105,118,101,45,65,66,67,68,69,70,49,50,51,52,53,54]"), "[9,[redacted]]");
        assert_eq!(r.redact_str("[ 9, 115, 107, 45, 108, 105, 118, 101, 45, 65, 66, 67, 68, 69, 70, 49, 50, 51, 52, 53, 54, 1000 ]"), "[ 9, [redacted], 1000 ]");
        let mut short = Redactor::default();
        short.add("abc");
        assert_eq!(short.redact_str("[ 97, 98, 99 ]"), "[ 97, 98, 99 ]", "under 8 bytes, too likely by chance");
    }

    /// The linear search for a cut secret's start agrees with the obvious quadratic one, for
    /// every text and secret of up to 7 letters over two.
    #[test]
    fn longest_tail_prefix_is_the_longest_proper_prefix_the_text_ends_with() {
        let words = |max: usize| -> Vec<Vec<u8>> {
            let mut all = vec![Vec::new()];
            for len in 1..=max {
                for bits in 0..(1u32 << len) {
                    all.push((0..len).map(|i| if bits >> i & 1 == 1 { b'b' } else { b'a' }).collect());
                }
            }
            all
        };
        let naive = |text: &[u8], secret: &[u8]| (1..secret.len()).rev().find(|&k| text.ends_with(&secret[..k]));
        for secret in words(7) {
            for text in words(7) {
                assert_eq!(longest_tail_prefix(&text, &secret), naive(&text, &secret), "{:?} {:?}", text, secret);
            }
        }
    }

    /// A value in a URL's host comes back in lower case (the egress refusal, the request log).
    #[test]
    fn a_value_in_lower_case_is_redacted() {
        let mut r = Redactor::default();
        r.add_named("KEY", "sk-live-ABCDEF123456");
        let refused = r#"Egress to "sk-live-abcdef123456.evil.com" is not in the allowlist"#;
        assert_eq!(r.redact_str(refused), r#"Egress to "[redacted].evil.com" is not in the allowlist"#);
        assert_eq!(r.placeholders_str("https://sk-live-abcdef123456.evil.com/"), "https://{{secret:KEY:lower}}.evil.com/");
        let expand = |name: &str| (name == "KEY").then(|| "sk-live-ZZZ999zzz".to_owned());
        assert_eq!(expand_placeholders("https://{{secret:KEY:lower}}.evil.com/", &expand), "https://sk-live-zzz999zzz.evil.com/");
    }

    /// `console.*` cuts a string past 10,000 characters and a buffer past 50 bytes: the start of
    /// a secret that ends the cut text is redacted, though the whole value never appears.
    #[test]
    fn the_start_of_a_secret_cut_short_is_redacted() {
        let mut r = Redactor::default();
        r.add("sk-live-ABCDEF123456");
        let y = "y".repeat(9_990);
        assert_eq!(r.redact_str(&format!("{{\n  body: \"{y}sk-live-AB\"... 10 more characters\n}}")), format!("{{\n  body: \"{y}[redacted]\"... 10 more characters\n}}"));
        let y6 = "y".repeat(9_996);
        assert_eq!(r.redact_str(&format!("[ '{y6}sk-l'... 16 more characters ]")), format!("[ '{y6}[redacted]'... 16 more characters ]"));
        let zeros = vec!["00"; 46].join(" ");
        assert_eq!(
            r.redact_str(&format!("[Uint8Contents]: <{zeros} 73 6b 2d 6c ... 16 more bytes>")),
            format!("[Uint8Contents]: <{zeros} [redacted] ... 16 more bytes>"),
            "the spaced-hex form's start"
        );
        // Without a cut, with a cut text that ends in no part of it or in under 4 bytes of it, or
        // with too little text before a marker for console to have cut there, nothing changes.
        for same in [
            format!("body: \"{y}sk-live-AB\""),
            format!("body: \"{y}x\"... 10 more characters"),
            format!("body: \"{y}xsk-\"... 16 more characters"),
            format!("body: \"{}sk-live-AB\"... 10 more characters", "y".repeat(40)),
            "notes: 'sk-live-AB'... 10 more characters 'sk-live-AB'... 10 more characters".to_owned(),
        ] {
            assert_eq!(r.redact_str(&same), same);
        }
    }

    #[test]
    fn escaped_and_multiline_forms_are_redacted() {
        let mut r = Redactor::default();
        r.add("tok-ABC\"def\\xyz");
        assert_eq!(r.redact_str(r#"{"tok":"tok-ABC\"def\\xyz"}"#), r#"{"tok":"[redacted]"}"#, "JSON-escaped");
        let mut pem = Redactor::default();
        pem.add("-----BEGIN KEY-----\nMIIBsecretline1\nMIIBsecretline2\n-----END KEY-----");
        assert_eq!(pem.redact_str("{ pem: '-----BEGIN KEY-----\\nMIIBsecretline1\\nMIIB"), "{ pem: '[redacted]\\n[redacted]\\nMIIB");
        assert_eq!(pem.redact_str("line: MIIBsecretline2"), "line: [redacted]");
        let mut q = Redactor::default();
        q.add("it's-a-secret");
        assert_eq!(q.redact_str("{ k: 'it\\'s-a-secret' }"), "{ k: '[redacted]' }", "console's single-quote escaping");
    }

    #[test]
    fn many_values_added_one_by_one_stay_in_few_automata_and_all_are_found() {
        // Each value added to a long-running `serve` (a tenant's secret) rebuilt one automaton
        // over every form of every value (review 17).
        let mut r = Redactor::default();
        let values: Vec<String> = (0..2_000).map(|i| format!("tenant-secret-{i:05}-x")).collect();
        for (i, v) in values.iter().enumerate() {
            r.add_named("K", v);
            let levels = r.levels.len();
            assert!(levels <= 2 * (usize::BITS - (i + 1).leading_zeros()) as usize, "{levels} automata after {} values", i + 1);
            // Every form is covered exactly once, in order.
            let mut next = 0;
            for level in &r.levels {
                assert_eq!(level.start, next);
                next += level.len;
            }
            assert_eq!(next, r.known.len());
        }
        for v in [&values[0], &values[999], &values[1_999]] {
            assert_eq!(r.redact_str(&format!("a {v} b")), "a [redacted] b");
        }
        // Overlapping values from different automata: the longer is still replaced whole.
        r.add("tenant-secret-00007-x-and-more");
        assert_eq!(r.redact_str("<tenant-secret-00007-x-and-more>"), "<[redacted]>");
    }

    #[test]
    fn console_quoting_and_latin1_encodings_are_redacted() {
        use base64::engine::general_purpose::STANDARD;
        let mut r = Redactor::default();
        r.add("ab'c\"d\\efgh-1234");
        // Holding `'` and `"`, it is printed in backticks, `\` doubled.
        assert_eq!(r.redact_str("{ s: `ab'c\"d\\\\efgh-1234` }"), "{ s: `[redacted]` }");
        // Holding a backtick too, it is printed in single quotes, `'` escaped (Node 20's line).
        assert_eq!(r.redact_str("{ s: 'x\"ab\\'c\"d\\\\efgh-1234`' }"), "{ s: 'x\"[redacted]`' }", "inside a string that also holds a backtick");
        let mut c = Redactor::default();
        c.add("abcd\u{1b}efgh\u{7f}-1234\u{b}");
        assert_eq!(c.redact_str("{ c: 'abcd\\x1Befgh\\x7F-1234\\x0B' }"), "{ c: '[redacted]' }");
        let mut l = Redactor::default();
        l.add("Pässwort-Geheim-2024");
        let latin1: Vec<u8> = "Pässwort-Geheim-2024".chars().map(|ch| u8::try_from(u32::from(ch)).unwrap()).collect();
        for prefix in ["", "a", "ab", "alice:"] {
            let text = STANDARD.encode([prefix.as_bytes(), &latin1].concat());
            let out = l.redact_str(&text);
            assert!(out.contains(REDACTED) && out.len() <= REDACTED.len() + 4 + 4 * prefix.len().div_ceil(3), "{prefix:?}: {text} -> {out}");
        }
        assert_eq!(l.redact_str(&latin1.iter().map(|b| format!("{b:02x}")).collect::<String>()), REDACTED);
        // A value past U+00FF has no Latin-1 form (`btoa` throws), and ASCII's is its UTF-8.
        assert_eq!(SecretForm::Latin1Base64.encode("Pass€word"), None);
        assert_eq!(SecretForm::Latin1Base64.encode("Password"), None);
    }

    #[test]
    fn adding_a_value_again_changes_nothing_and_a_name_still_arrives() {
        let mut r = Redactor::default();
        r.add("repeat-value-1234");
        let forms = r.known.len();
        r.add("repeat-value-1234");
        assert_eq!((r.known.len(), r.values.len()), (forms, 1));
        assert!(r.known.iter().all(|k| k.name.is_none()));
        // Read later under a name: its forms take the name, as before.
        r.add_named("K", "repeat-value-1234");
        assert_eq!(r.known.len(), forms);
        assert_eq!(r.placeholders_str("repeat-value-1234"), "{{secret:K}}");
        r.add_named("OTHER", "repeat-value-1234");
        assert_eq!(r.placeholders_str("repeat-value-1234"), "{{secret:K}}", "the first name stays");
        assert_eq!(r.values.len(), 1);
    }

    #[test]
    fn a_long_value_s_automata_stay_small() {
        // A DFA took about 2.5 KB per byte of value (review 18); the forms of a value are
        // about 40 texts of its length, so tens of bytes per byte is what the patterns cost.
        let value: String = (0..100_000u32).map(|i| char::from(b'a' + ((i * 7 + i / 13) % 26) as u8)).collect();
        let mut r = Redactor::default();
        r.add_named("BIG", &value);
        let automata: usize = r.levels.iter().filter_map(|l| l.matcher.as_ref()).map(aho_corasick::AhoCorasick::memory_usage).sum();
        assert!(automata / value.len() < 400, "{automata} bytes of automata for a {}-byte value", value.len());
        assert_eq!(r.redact_str(&format!("<{value}>")), "<[redacted]>");
    }

    #[test]
    fn forms_encoded_twice_are_redacted_and_round_trip() {
        use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
        let uri = |t: &str| percent_encoding::utf8_percent_encode(t, URI_COMPONENT).to_string();
        // A JSON body printed by console.*, or put in a URL (review 18).
        let value = "ab\"cd\\ef-123456";
        let mut r = Redactor::default();
        r.add_named("PW", value);
        let json = serde_json::to_string(&json!({ "pw": value })).unwrap();
        for text in [console_quoted(&json, '\''), console_quoted(&json, '`'), uri(&json)] {
            let out = r.redact_str(&text);
            assert!(out.contains(REDACTED) && !out.contains("123456"), "{text} -> {out}");
        }
        // Base64 in a URL: `+` and `/` percent-encoded, at each alignment, UTF-8 and Latin-1.
        for value in ["p?>?>?>?pw-secret", "Pä?>?>ssw-örter-1"] {
            let mut r = Redactor::default();
            r.add_named("PW", value);
            let bytes: Vec<u8> = latin1(value).unwrap_or_else(|| value.as_bytes().to_vec());
            for prefix in ["", "a", "ab", "alice:"] {
                let encoded = STANDARD.encode([prefix.as_bytes(), &bytes].concat());
                assert!(encoded.contains('+') || encoded.contains('/'), "the case needs them: {encoded}");
                let text = uri(&encoded);
                let out = r.redact_str(&text);
                assert!(out.contains(REDACTED) && out.len() < REDACTED.len() + 16 + 2 * prefix.len(), "{value} {prefix:?}: {text} -> {out}");
            }
        }
        // Latin-1 in URL-safe base64 at each alignment, and in upper-case hex.
        let value = "Pässwort-Geheim-2024";
        let mut l = Redactor::default();
        l.add_named("PW", value);
        let bytes = latin1(value).unwrap();
        for prefix in ["", "x", "xy"] {
            let text = URL_SAFE_NO_PAD.encode([prefix.as_bytes(), &bytes].concat());
            assert!(l.redact_str(&text).contains(REDACTED), "{text}");
        }
        assert_eq!(l.redact_str(&bytes.iter().map(|b| format!("{b:02X}")).collect::<String>()), REDACTED);
        assert_eq!(l.redact_str("?k=P%E4sswort-Geheim-2024&"), "?k=[redacted]&", "escape()");
        // escape() of an ASCII value and of one past Latin-1, and a value percent-encoded twice
        // (a URL in a URL's query; URLSearchParams in URLSearchParams), each in a cassette's
        // placeholder too (review 35).
        let value = "P@ssw0rd!Summer 2024/€";
        let mut e = Redactor::default();
        e.add_named("PW", value);
        let escaped = "P@ssw0rd%21Summer%202024/%u20AC";
        assert_eq!(e.redact_str(&format!("?pw={escaped}&")), "?pw=[redacted]&", "escape()");
        assert_eq!(e.placeholders_str(&format!("?pw={escaped}")), "?pw={{secret:PW:latin1-escape}}");
        let form = |t: &str| url::form_urlencoded::byte_serialize(t.as_bytes()).collect::<String>();
        for (twice, suffix) in [
            (uri(&format!("https://x/cb?key={}", uri(value))), "uri-component+uri-component"),
            // Form encoding of form-encoded text is the same text as encodeURIComponent of it
            // (both turn `%` and `+` into `%25` and `%2B`): one placeholder for both.
            (form(&format!("key={}", form(value))), "form+uri-component"),
            (uri(&format!("key={}", form(value))), "form+uri-component"),
            (form(&format!("https://x/cb?key={}", uri(value))), "uri-component+form"),
        ] {
            let out = e.redact_str(&twice);
            assert!(out.ends_with(REDACTED) && !out.contains("Summer"), "{twice} -> {out}");
            assert!(e.placeholders_str(&twice).ends_with(&format!("{{{{secret:PW:{suffix}}}}}")), "{twice}");
        }
        // Any two of encodeURIComponent, encodeURI, form encoding and escape() (review 36).
        let uri_whole = |t: &str| percent_encoding::utf8_percent_encode(t, URI).to_string();
        let encoders: [(&str, &dyn Fn(&str) -> String); 4] = [("uri-component", &uri), ("uri", &uri_whole), ("form", &form), ("escape", &js_escape)];
        for (inner_name, inner) in &encoders {
            for (outer_name, outer) in &encoders {
                let twice = outer(&format!("https://x/cb?key={}", inner(value)));
                let out = e.redact_str(&twice);
                assert!(out.ends_with(REDACTED) && !out.contains("Summer"), "{outer_name}({inner_name}): {twice} -> {out}");
            }
        }
        // A multi-line value (a service-account key whose lines hold `\`) printed by console.*
        // a quoted line at a time, `\` doubled.
        let key = "{\n  \"private_key\": \"-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0B\\n\",\n  \"client_email\": \"svc@example.iam\"\n}";
        let mut k = Redactor::default();
        k.add_named("SA", key);
        let printed = format!("{{ creds: '{}\\n' +\n    '{}\\n' }}", console_quoted("{", '\''), console_quoted(key.lines().nth(1).unwrap(), '\''));
        let out = k.redact_str(&printed);
        assert!(!out.contains("MIIEvQIBADANBgkqhkiG9w0B"), "{out}");
        // Every such form round-trips through a cassette placeholder.
        for value in ["ab\"cd\\ef-123456", "Pä?>?>ssw-örter-1", key] {
            let mut r = Redactor::default();
            r.add_named("PW", value);
            let forms: Vec<(SecretForm, String)> = r.known.iter().map(|k| (k.form, k.text.clone())).collect();
            for (form, text) in forms {
                assert_eq!(SecretForm::from_suffix(&form.suffix()), Some(form), "{form:?}");
                let scrubbed = r.placeholders_str(&text);
                assert_eq!(expand_placeholders(&scrubbed, &|_| Some(value.to_owned())), text, "{form:?}");
            }
        }
    }

    #[test]
    fn the_members_of_a_json_secret_are_secrets_too() {
        // Review 19: a service-account key, parsed by the toolkit, printed member by member.
        let key = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n";
        let sa = serde_json::json!({ "type": "sa", "private_key": key, "client": { "secret": "cs_live/9Qw8Er7Ty6" }, "ids": ["short", "id-0123456789"] }).to_string();
        let mut r = Redactor::default();
        r.add_named("SA", &sa);
        let line = format!("key {key} and {{ secret: 'cs_live/9Qw8Er7Ty6' }} and id-0123456789 but sa and short");
        assert_eq!(r.redact_str(&line), "key [redacted] and { secret: '[redacted]' } and [redacted] but sa and short");
        // In a cassette: a placeholder naming the member, filled from the secret's value now.
        let body = "client_secret=cs_live%2F9Qw8Er7Ty6&grant_type=x";
        let scrubbed = r.placeholders_str(body);
        assert_eq!(scrubbed, "client_secret={{secret:SA#/client/secret:form}}&grant_type=x");
        assert_eq!(placeholder_names(&scrubbed), vec!["SA".to_owned()]);
        let rotated = sa.replace("cs_live/9Qw8Er7Ty6", "cs_live_rotated+/1");
        assert_eq!(expand_placeholders(&scrubbed, &|n| (n == "SA").then(|| rotated.clone())), "client_secret=cs_live_rotated%2B%2F1&grant_type=x");
        // A recorded case's stand-in keeps the shape; the members become stand-ins.
        assert_eq!(r.named_value("SA"), Some(sa.as_str()));
        let stand_in = json_stand_in(&sa, |p| format!("stand-in{p}")).unwrap();
        let parsed: Value = serde_json::from_str(&stand_in).unwrap();
        assert_eq!(parsed, serde_json::json!({ "type": "stand-in/type", "private_key": "stand-in/private_key", "client": { "secret": "stand-in/client/secret" }, "ids": ["stand-in/ids/0", "stand-in/ids/1"] }));
        // Review 22: a short member, a number, or a member past the redactor's first 64 is
        // still the secret's; keys, booleans and nulls are its shape.
        let mut many = serde_json::Map::new();
        many.insert("password".into(), "hunter2".into());
        many.insert("pin".into(), 482913.into());
        many.insert("admin".into(), true.into());
        many.insert("a/b~".into(), Value::Null);
        for i in 0..100 {
            many.insert(format!("k{i:03}"), format!("long-member-value-{i:03}").into());
        }
        let stand_in = json_stand_in(&Value::Object(many).to_string(), |p| format!("x{p}")).unwrap();
        for real in ["hunter2", "482913", "long-member-value-099"] {
            assert!(!stand_in.contains(real), "{real} in {stand_in}");
        }
        let parsed: Value = serde_json::from_str(&stand_in).unwrap();
        assert_eq!(parsed["password"], "x/password");
        assert_eq!(parsed["pin"], 0);
        assert_eq!(parsed["admin"], true);
        assert_eq!(parsed["a/b~"], Value::Null);
        assert_eq!(parsed["k099"], "x/k099");
        assert_eq!(parsed.pointer("/k099"), Some(&Value::String("x/k099".into())));
        assert_eq!(json_stand_in("plain-value-1234", |p| p.to_owned()), None);
        // Not JSON, or JSON that is not an object or array: no members.
        assert!(json_members("\"a long string value\"").is_empty());
        assert!(json_members("{not json").is_empty());
    }

    #[test]
    fn the_path_of_a_url_valued_secret_is_a_secret() {
        // Review 19: a webhook URL whose path is the credential, logged as host + pathname.
        let mut r = Redactor::default();
        r.add_named("WEBHOOK_URL", "https://hooks.example.com/services/T0AAAA/B0BBBB/XyZ9secret8token7");
        assert_eq!(r.redact_str("POST hooks.example.com/services/T0AAAA/B0BBBB/XyZ9secret8token7"), "POST hooks.example.com[redacted]");
        // The whole URL is the value itself; its path sent elsewhere is the member.
        assert_eq!(r.placeholders_str("https://hooks.example.com/services/T0AAAA/B0BBBB/XyZ9secret8token7"), "{{secret:WEBHOOK_URL}}");
        let scrubbed = r.placeholders_str("https://relay.example/services/T0AAAA/B0BBBB/XyZ9secret8token7?x=1");
        assert_eq!(scrubbed, "https://relay.example{{secret:WEBHOOK_URL#path}}?x=1");
        assert_eq!(expand_placeholders("{{secret:WEBHOOK_URL#path}}", &|_| Some("https://h.example/services/T1/B2/new-token-0000".into())), "/services/T1/B2/new-token-0000");
        // A short path (a base URL) is not a secret of its own.
        let mut base = Redactor::default();
        base.add("https://api.example.com/v1/");
        assert_eq!(base.redact_str("GET /v1/items"), "GET /v1/items");
    }

    #[test]
    fn a_value_stored_with_blanks_is_found_trimmed() {
        // Review 19: `TROVE_SECRET_API_KEY='sk-live-4f9a8b7c '`, `.trim()`med by the toolkit.
        let mut r = Redactor::default();
        r.add_named("API_KEY", " sk-live-4f9a8b7c\t ");
        assert_eq!(r.redact_str("key=sk-live-4f9a8b7c&x=1"), "key=[redacted]&x=1");
        let scrubbed = r.placeholders_str("https://api.example/v1?key=sk-live-4f9a8b7c");
        assert_eq!(scrubbed, "https://api.example/v1?key={{secret:API_KEY#trim}}");
        assert_eq!(placeholder_names(&scrubbed), vec!["API_KEY".to_owned()]);
        assert_eq!(expand_placeholders(&scrubbed, &|_| Some("sk-live-rotated99 ".into())), "https://api.example/v1?key=sk-live-rotated99");
        // A short trimmed value is not looked for on its own (it would match by chance).
        let mut short = Redactor::default();
        short.add("  abc ");
        assert_eq!(short.redact_str("abc"), "abc");
    }

    #[test]
    fn placeholders_round_trip_every_form() {
        let value = "pp client/9+\"x'";
        let mut r = Redactor::default();
        r.add_named("API_KEY", value);
        let forms: Vec<String> = SecretForm::ENCODINGS.iter().filter_map(|f| f.encode(value)).collect();
        let text = forms.join(" | ");
        let scrubbed = r.placeholders_str(&text);
        for form in &forms {
            assert!(!scrubbed.contains(form.as_str()), "{form:?} left in {scrubbed}");
        }
        assert!(scrubbed.contains("{{secret:API_KEY}}"), "{scrubbed}");
        assert_eq!(placeholder_names(&scrubbed), vec!["API_KEY".to_owned()]);
        let back = expand_placeholders(&scrubbed, &|n| (n == "API_KEY").then(|| value.to_owned()));
        assert_eq!(back, text);
        // An unknown secret leaves its placeholder.
        assert_eq!(expand_placeholders("k={{secret:OTHER:base64}}", &|_| None), "k={{secret:OTHER:base64}}");
    }

    #[test]
    fn a_short_secret_round_trips_in_a_cassette() {
        let mut r = Redactor::default();
        r.add_named("UID", "42");
        let scrubbed = r.placeholders_str("/users/42?n=420");
        assert_eq!(scrubbed, "/users/{{secret:UID}}?n={{secret:UID}}0");
        assert_eq!(expand_placeholders(&scrubbed, &|_| Some("42".into())), "/users/42?n=420");
    }

    /// A form shorter than 8 characters but at least as long as the value is no likelier by
    /// chance than the value itself (always looked for), so a short password's encodings are
    /// found too: a cassette recorded with `?k=${encodeURIComponent(key)}` holds no copy of it.
    #[test]
    fn a_short_value_s_encodings_at_least_as_long_as_it_are_found() {
        let mut r = Redactor::default();
        r.add_named("KEY", "p@ss!");
        assert_eq!(r.placeholders_str("https://api.example.com/h?k=p%40ss!"), "https://api.example.com/h?k={{secret:KEY:uri-component}}");
        r.add_named("PASS", "ab cd");
        for (text, expected) in [
            ("/ab%20cd", "/[redacted]"),
            ("q=ab+cd", "q=[redacted]"),
            ("YWIgY2Q=", "[redacted]"),
            ("6162206364", "[redacted]"),
        ] {
            assert_eq!(r.redact_str(text), expected, "{text}");
        }
    }

    /// A non-ASCII value put in a URL's host is held punycoded (the egress refusal, the
    /// request log): that form is found too, as a whole label and as several.
    #[test]
    fn a_non_ascii_value_in_a_url_host_is_found_punycoded() {
        let mut r = Redactor::default();
        r.add_named("TENANT", "Bücher");
        let host = url::Url::parse("https://Bücher.example.com/").unwrap().host_str().unwrap().to_owned();
        assert_eq!(host, "xn--bcher-kva.example.com");
        assert_eq!(r.redact_str(&format!("egress refused: {host}")), "egress refused: [redacted].example.com");
        assert_eq!(r.placeholders_str(&host), "{{secret:TENANT:host}}.example.com");
        assert_eq!(expand_placeholders("{{secret:TENANT:host}}.example.com", &|_| Some("Bücher".into())), host);
        r.add_named("REGION", "東京.eu");
        let host = url::Url::parse("https://東京.eu.example.com/").unwrap().host_str().unwrap().to_owned();
        assert_eq!(r.redact_str(&host), "[redacted].example.com");
        // An ASCII value's is its lower case, so a placeholder recorded from a non-ASCII
        // secret fills in with an ASCII stand-in (`--record-case` gives every secret one).
        assert_eq!(SecretForm::Host.encode("Api"), Some("api".into()));
        assert_eq!(
            expand_placeholders("https://{{secret:TENANT:host}}.example.com/", &|_| Some("recorded-stand-in-for-TENANT".into())),
            "https://recorded-stand-in-for-tenant.example.com/"
        );
    }

    /// A one-letter value's base64 at an offset is a single letter (`k` gives `a` and `r`):
    /// parts of a value are looked for only from 8 characters, or every `a` would go.
    #[test]
    fn a_one_letter_value_s_partial_forms_are_not_looked_for() {
        let mut r = Redactor::default();
        r.add_named("UID", "k");
        assert_eq!(r.redact_str("user id"), "user id");
        assert_eq!(r.redact_str("a key"), "a [redacted]ey");
    }

    /// Two secrets whose occurrences overlap: the longer is replaced whole, even when the
    /// shorter starts first (a hostile review saw 18 of a 20-character token left after a
    /// 7-character account id that ran into it).
    #[test]
    fn overlapping_values_the_longer_is_replaced_whole() {
        let mut r = Redactor::default();
        r.add_named("ACCOUNT", "acct-9f");
        r.add_named("TOKEN", "9f8e7d6c5b4a3f2e1d0c");
        assert_eq!(r.redact_str("acct-9f8e7d6c5b4a3f2e1d0c"), "acct-[redacted]");
        assert_eq!(r.placeholders_str("id=acct-9f8e7d6c5b4a3f2e1d0c&a=acct-9f"), "id=acct-{{secret:TOKEN}}&a={{secret:ACCOUNT}}");
        // Many values, added one by one, are found without a build per value.
        let mut many = Redactor::default();
        for i in 0..2000 {
            many.add_named(&format!("S{i}"), &format!("secret-value-{i:05}"));
        }
        assert_eq!(many.redact_str("x secret-value-01999 y"), "x [redacted] y");
    }

    /// Issue #9's inputs and their siblings: every encoding one built-in call produces, at any
    /// offset of a longer encoded string.
    #[test]
    fn encodings_a_toolkit_can_produce_are_redacted() {
        use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
        let secret = "hunter2 Pa$$w0rd!(x)*";
        let mut r = Redactor::default();
        r.add_named("S", secret);
        let hex: String = secret.bytes().map(|b| format!("{b:02x}")).collect();
        let cases: Vec<(&str, String)> = vec![
            ("encodeURIComponent", "hunter2%20Pa%24%24w0rd!(x)*".into()),
            ("encodeURI", "hunter2%20Pa$$w0rd!(x)*".into()),
            ("URL href query", "https://api.example.com/v1?key=hunter2%20Pa$$w0rd!(x)*".into()),
            ("URLSearchParams", "key=hunter2+Pa%24%24w0rd%21%28x%29*".into()),
            ("URL path", "https://api.example.com/hunter2%20Pa$$w0rd!(x)*/x".into()),
            ("hex", hex.clone()),
            ("HEX", hex.to_uppercase()),
            ("base64 at 0", STANDARD.encode(secret)),
            ("base64 at 1", STANDARD.encode(format!("a{secret}"))),
            ("base64 at 2", STANDARD.encode(format!("ab{secret}"))),
            ("basic auth", STANDARD.encode(format!("apiuser@example.com:{secret}"))),
            ("base64url at 1", URL_SAFE_NO_PAD.encode(format!("x{secret}tail"))),
            ("base64url at 2", URL_SAFE_NO_PAD.encode(format!("xy{secret}"))),
            ("json", serde_json::to_string(secret).unwrap()),
        ];
        for (what, text) in cases {
            let out = r.redact_str(&text);
            assert!(out.contains(REDACTED), "{what}: {text} -> {out}");
            // What is left around the placeholder is at most the two boundary characters of
            // a base64 group on each side.
            let left: usize = out.split(REDACTED).map(|p| p.len()).sum();
            assert!(left <= text.len() - secret.len().min(text.len()) + 6, "{what}: {out}");
        }
        // A number whose digits are a secret, in a logged object.
        let mut pin = Redactor::default();
        pin.add_named("PIN", "90817263545");
        assert_eq!(pin.redact_json(json!({ "account": 90817263545u64, "n": 7 })), json!({ "account": "[redacted]", "n": 7 }));
    }

    mod properties {
        use super::super::*;
        use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
        use proptest::prelude::*;

        /// The characters of `encoded` (base64 of `prefix_len` bytes, then `n` secret bytes,
        /// then more) that depend on the secret alone, computed from the whole encoding.
        fn base64_core(encoded: &str, prefix_len: usize, n: usize) -> String {
            let first = (8 * prefix_len).div_ceil(6);
            let last = (8 * (prefix_len + n)) / 6;
            encoded.get(first..last).unwrap_or_default().to_owned()
        }

        fn text() -> impl Strategy<Value = String> {
            prop::collection::vec(any::<char>(), 0..12).prop_map(|c| c.into_iter().collect())
        }

        fn secret() -> impl Strategy<Value = String> {
            prop_oneof![
                prop::collection::vec(prop::char::range(' ', '~'), 1..200).prop_map(|c| c.into_iter().collect::<String>()),
                prop::collection::vec(any::<char>(), 1..50).prop_map(|c| c.into_iter().collect::<String>()),
            ]
            .prop_filter("1 to 200 bytes", |s: &String| !s.is_empty() && s.len() <= 200)
        }

        proptest! {
            /// A secret at a random offset of a longer string, in each covered encoding of the
            /// whole string, never survives redaction (forms of at least 8 characters or at
            /// least as long as the value; the raw value always).
            #[test]
            fn a_secret_in_any_covered_encoding_at_any_offset_never_survives(secret in secret(), prefix in text(), suffix in text()) {
                let mut r = Redactor::default();
                r.add_named("S", &secret);
                let whole = format!("{prefix}{secret}{suffix}");
                // What is left once the markers are taken out (a secret like "r" is inside
                // "[redacted]" itself).
                let survives = |text: &str, what: &str| r.redact_str(text).split(REDACTED).any(|piece| piece.contains(what));
                prop_assert!(!survives(&whole, &secret), "raw survived: {:?}", r.redact_str(&whole));
                let p = prefix.len();
                let n = secret.len();
                let pct = |set: &'static percent_encoding::AsciiSet, t: &str| percent_encoding::utf8_percent_encode(t, set).to_string();
                // A URL parser removes every ASCII tab and newline from its input.
                let kept = |t: &str| t.replace(['\t', '\n', '\r'], "");
                let encodings: Vec<(&str, String, String)> = vec![
                    ("base64", STANDARD.encode(&whole), base64_core(&STANDARD.encode(&whole), p, n)),
                    ("base64url", URL_SAFE_NO_PAD.encode(&whole), base64_core(&URL_SAFE_NO_PAD.encode(&whole), p, n)),
                    ("hex", whole.bytes().map(|b| format!("{b:02x}")).collect(), secret.bytes().map(|b| format!("{b:02x}")).collect()),
                    ("uri-component", pct(URI_COMPONENT, &whole), pct(URI_COMPONENT, &secret)),
                    ("uri", pct(URI, &whole), pct(URI, &secret)),
                    ("url-query", pct(QUERY, &kept(&whole)), pct(QUERY, &kept(&secret))),
                    ("url-path", pct(PATH, &kept(&whole).replace('\\', "/")), pct(PATH, &kept(&secret).replace('\\', "/"))),
                    ("form", url::form_urlencoded::byte_serialize(whole.as_bytes()).collect(), url::form_urlencoded::byte_serialize(secret.as_bytes()).collect()),
                    ("json", serde_json::to_string(&whole).unwrap(), { let j = serde_json::to_string(&secret).unwrap(); j[1..j.len() - 1].to_owned() }),
                ];
                for (what, encoded, core) in encodings {
                    // base64 at an offset is a part of the value: only from 8 characters.
                    let partial = what.starts_with("base64");
                    if (core.len() < 8 && (partial || core.len() < n)) || !encoded.contains(core.as_str()) {
                        continue;
                    }
                    prop_assert!(!survives(&encoded, &core), "{what}: {core:?} survived in {:?}", r.redact_str(&encoded));
                }
            }
        }
    }

    /// Found by the property test: a secret that occurs in the marker itself. The marker is
    /// what remains; the text around it keeps no copy of the secret.
    #[test]
    fn a_secret_inside_the_marker_word() {
        let mut r = Redactor::default();
        r.add_named("S", "r");
        assert_eq!(r.redact_str("error r"), "e[redacted][redacted]o[redacted] [redacted]");
    }

    #[test]
    fn longest_value_first() {
        let mut r = Redactor::default();
        r.add("abc");
        r.add("abcdef");
        assert_eq!(r.redact_str("abcdef abc"), "[redacted] [redacted]");
    }
}
