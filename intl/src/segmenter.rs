//! `Intl.Segmenter`: grapheme clusters, words and sentences (UAX #29), on ICU4X's
//! `icu_segmenter`. The engine's own stub yielded segments whose `segment`, `index` and
//! `isWordLike` were all `undefined`.
//!
//! Rust finds every boundary of a string in one call ([`Segmenter::breaks`]); `intl.js` builds
//! the segment objects from them lazily, as the iterator or `containing()` asks.
//!
//! Words in Chinese, Japanese, Thai, Lao, Khmer and Burmese are split with ICU4X's
//! dictionaries, as ICU4C (Node) does, not with its LSTM models.

use crate::locale::resolve_locale;
use crate::options::get_option;
use crate::IntlError;
use icu_segmenter::options::{SentenceBreakOptions, WordBreakOptions};
use icu_segmenter::{GraphemeClusterSegmenter, SentenceSegmenter, WordSegmenter};
use serde::{Deserialize, Serialize};

/// The options of `new Intl.Segmenter(locales, options)` (ECMA-402 §18.1.1).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SegmenterOptions {
    /// `lookup` or `best fit` (default); both resolve the same way here.
    pub locale_matcher: Option<String>,
    /// `grapheme` (default), `word` or `sentence`.
    pub granularity: Option<String>,
}

/// What `resolvedOptions()` returns (Node 20's keys, in its order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResolvedSegmenterOptions {
    /// The locale (`language[-script][-region]`, extensions dropped: `de-DE` for
    /// `de-DE-u-ca-gregory`).
    pub locale: String,
    /// `grapheme`, `word` or `sentence`.
    pub granularity: String,
}

#[derive(Debug)]
enum Inner {
    Grapheme,
    Word(WordSegmenter),
    Sentence(SentenceSegmenter),
}

/// A segmenter for one locale and granularity.
#[derive(Debug)]
pub struct Segmenter {
    inner: Inner,
    resolved: ResolvedSegmenterOptions,
}

/// One boundary of a string: where a segment ends (and the next begins).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Boundary {
    /// Offset in UTF-16 code units (JavaScript string indices).
    pub index: u32,
    /// For word granularity, whether the segment ending here is word-like (letters, digits,
    /// ideographs: `isWordLike`); `false` for the other granularities.
    pub word_like: bool,
}

impl Segmenter {
    /// A segmenter for `locale` (`None`: `en-US`) and `options`.
    ///
    /// Errors: [`IntlError::Range`] for a malformed locale, or a `localeMatcher`/`granularity`
    /// value outside its set (Node's message:
    /// `Value line out of range for Intl.Segmenter options property granularity`).
    pub fn try_new(locale: Option<&str>, options: &SegmenterOptions) -> Result<Self, IntlError> {
        // ECMA-402's order: the locale list first, then localeMatcher, then granularity.
        let rl = resolve_locale(locale)?;
        get_option("Segmenter", "localeMatcher", &options.locale_matcher, &["lookup", "best fit"], "best fit")?;
        let granularity =
            get_option("Segmenter", "granularity", &options.granularity, &["grapheme", "word", "sentence"], "grapheme")?;
        let content_locale = rl.locale.id.clone();
        let inner = match granularity.as_str() {
            "word" => {
                let mut o = WordBreakOptions::default();
                o.content_locale = Some(&content_locale);
                Inner::Word(
                    WordSegmenter::try_new_dictionary(o).map_err(|e| IntlError::Range(format!("no word break data: {e}")))?,
                )
            }
            "sentence" => {
                let mut o = SentenceBreakOptions::default();
                o.content_locale = Some(&content_locale);
                Inner::Sentence(
                    SentenceSegmenter::try_new(o).map_err(|e| IntlError::Range(format!("no sentence break data: {e}")))?,
                )
            }
            _ => Inner::Grapheme,
        };
        Ok(Self { inner, resolved: ResolvedSegmenterOptions { locale: rl.tag, granularity } })
    }

    /// What `resolvedOptions()` returns.
    pub fn resolved_options(&self) -> &ResolvedSegmenterOptions {
        &self.resolved
    }

    /// The boundaries of `text` (UTF-16 code units) after its start, in order: the end of
    /// each segment, the last one `text.len()`. Empty for an empty text.
    pub fn breaks(&self, text: &[u16]) -> Vec<Boundary> {
        let plain = |i: usize| Boundary { index: i as u32, word_like: false };
        let mut out: Vec<Boundary> = match &self.inner {
            Inner::Grapheme => GraphemeClusterSegmenter::new().segment_utf16(text).map(plain).collect(),
            Inner::Sentence(s) => s.as_borrowed().segment_utf16(text).map(plain).collect(),
            Inner::Word(w) => w
                .as_borrowed()
                .segment_utf16(text)
                .iter_with_word_type()
                .map(|(i, t)| Boundary { index: i as u32, word_like: t.is_word_like() })
                .collect(),
        };
        // ICU4X reports the start (0) as a boundary too.
        out.retain(|b| b.index > 0);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(granularity: &str) -> SegmenterOptions {
        SegmenterOptions { granularity: Some(granularity.into()), ..Default::default() }
    }

    /// `segment:index:isWordLike|…`, as the node one-liners below print it.
    fn segments(locale: &str, granularity: &str, text: &str) -> String {
        let s = Segmenter::try_new(Some(locale), &opts(granularity)).unwrap();
        let units: Vec<u16> = text.encode_utf16().collect();
        let mut start = 0usize;
        let mut out = Vec::new();
        for b in s.breaks(&units) {
            let seg = String::from_utf16(&units[start..b.index as usize]).unwrap();
            let like = if granularity == "word" { b.word_like.to_string() } else { "undefined".into() };
            out.push(format!("{seg}:{start}:{like}"));
            start = b.index as usize;
        }
        out.join("|")
    }

    // node -e 'const p=(l,s,g)=>[...new Intl.Segmenter(l,{granularity:g}).segment(s)]
    //   .map(x=>x.segment+":"+x.index+":"+x.isWordLike).join("|"); console.log(p("en","Hi there, you!","word"))'
    #[test]
    fn words_match_node() {
        assert_eq!(
            segments("en", "word", "Hi there, you!"),
            "Hi:0:true| :2:false|there:3:true|,:8:false| :9:false|you:10:true|!:13:false"
        );
        assert_eq!(
            segments("en", "word", "The 3.5 kg café’s price: $12,000.50 — ok?"),
            "The:0:true| :3:false|3.5:4:true| :7:false|kg:8:true| :10:false|café’s:11:true| :17:false|price:18:true|\
             ::23:false| :24:false|$:25:false|12,000.50:26:true| :35:false|—:36:false| :37:false|ok:38:true|?:40:false"
        );
        assert_eq!(
            segments("en", "word", "can't e.g. foo_bar x@y.com 1,000"),
            "can't:0:true| :5:false|e.g:6:true|.:9:false| :10:false|foo_bar:11:true| :18:false|x:19:true|@:20:false|\
             y.com:21:true| :26:false|1,000:27:true"
        );
    }

    // Dictionary-based words, as ICU4C splits them:
    // node -e '…p("ja","こんにちは世界","word"), p("zh","我们是中国人。","word"), p("th","ทุกสองสัปดาห์","word")'
    #[test]
    fn cjk_and_thai_words_match_node() {
        assert_eq!(segments("ja", "word", "こんにちは世界"), "こんにちは:0:true|世界:5:true");
        assert_eq!(segments("zh", "word", "我们是中国人。"), "我们:0:true|是:2:true|中国人:3:true|。:6:false");
        assert_eq!(segments("th", "word", "ทุกสองสัปดาห์"), "ทุก:0:true|สอง:3:true|สัปดาห์:6:true");
    }

    /// Longer sentences, where dictionary data can differ between ICU4X and Node's ICU: each
    /// line is Node 20's answer, printed by the test when ICU4X's differs (see docs/intl.md).
    #[test]
    fn longer_cjk_thai_and_khmer_sentences_against_node() {
        let cases = [
            ("ja", "私は東京大学で日本語を勉強しています。",
             "私:0:true|は:1:true|東京:2:true|大学:4:true|で:6:true|日本語:7:true|を:10:true|勉強:11:true|し:13:true|てい:14:true|ます:16:true|。:18:false"),
            ("zh", "今天天气很好，我们去公园散步吧。",
             "今天:0:true|天气:2:true|很好:4:true|，:6:false|我们:7:true|去:9:true|公园:10:true|散步:12:true|吧:14:true|。:15:false"),
            ("th", "ภาษาไทยเป็นภาษาที่สวยงาม", "ภาษา:0:true|ไทย:4:true|เป็น:7:true|ภาษา:11:true|ที่:15:true|สวยงาม:18:true"),
            ("km", "ខ្ញុំស្រឡាញ់ភាសាខ្មែរ", "ខ្ញុំ:0:true|ស្រឡាញ់:5:true|ភាសាខ្មែរ:12:true"),
        ];
        let mut differ = Vec::new();
        for (locale, text, node) in cases {
            let ours = segments(locale, "word", text);
            if ours != node {
                differ.push(format!("{locale}: ours {ours}\n    node {node}"));
            }
        }
        assert!(differ.is_empty(), "{}", differ.join("\n"));
    }

    // node -e '…p("en","e\u0301👨‍👩‍👧x","grapheme"), p("en","🇺🇸🇫🇷a\r\nb","grapheme")'
    #[test]
    fn graphemes_match_node() {
        assert_eq!(segments("en", "grapheme", "e\u{301}👨‍👩‍👧x"), "e\u{301}:0:undefined|👨‍👩‍👧:2:undefined|x:10:undefined");
        assert_eq!(
            segments("en", "grapheme", "🇺🇸🇫🇷a\r\nb"),
            "🇺🇸:0:undefined|🇫🇷:4:undefined|a:8:undefined|\r\n:9:undefined|b:11:undefined"
        );
    }

    // node -e '…p("en","Hi there. How are you? Fine.","sentence"), p("en","Mr. Smith went. He said \"hi!\" Then left.\nNew line","sentence")'
    #[test]
    fn sentences_match_node() {
        assert_eq!(
            segments("en", "sentence", "Hi there. How are you? Fine."),
            "Hi there. :0:undefined|How are you? :10:undefined|Fine.:23:undefined"
        );
        assert_eq!(
            segments("en", "sentence", "Mr. Smith went. He said \"hi!\" Then left.\nNew line"),
            "Mr. :0:undefined|Smith went. :4:undefined|He said \"hi!\" :16:undefined|Then left.\n:30:undefined|New line:41:undefined"
        );
    }

    #[test]
    fn empty_text_has_no_segments() {
        assert!(Segmenter::try_new(None, &opts("word")).unwrap().breaks(&[]).is_empty());
    }

    // node -e 'console.log(JSON.stringify(new Intl.Segmenter().resolvedOptions()),
    //   JSON.stringify(new Intl.Segmenter("de-DE-u-ca-gregory",{granularity:"sentence"}).resolvedOptions()))'
    #[test]
    fn resolved_options_and_errors_match_node() {
        let default = Segmenter::try_new(None, &Default::default()).unwrap();
        assert_eq!(
            serde_json::to_value(default.resolved_options()).unwrap(),
            serde_json::json!({"locale": "en-US", "granularity": "grapheme"})
        );
        let de = Segmenter::try_new(Some("de-DE-u-ca-gregory"), &opts("sentence")).unwrap();
        assert_eq!(
            serde_json::to_value(de.resolved_options()).unwrap(),
            serde_json::json!({"locale": "de-DE", "granularity": "sentence"})
        );
        assert_eq!(
            Segmenter::try_new(Some("en"), &opts("line")).unwrap_err(),
            IntlError::Range("Value line out of range for Intl.Segmenter options property granularity".into())
        );
        let matcher = SegmenterOptions { locale_matcher: Some("x".into()), ..Default::default() };
        assert_eq!(
            Segmenter::try_new(Some("en"), &matcher).unwrap_err(),
            IntlError::Range("Value x out of range for Intl.Segmenter options property localeMatcher".into())
        );
    }
}
