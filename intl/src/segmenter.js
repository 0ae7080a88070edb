// trove-host: Intl.Segmenter on ICU4X (intl/src/segmenter.rs). Loaded the first time a toolkit
// reads Intl.Segmenter (intl.js installs it), so an instance that never segments text keeps
// none of it (issue #11, memory).
import { op_intl_segmenter_breaks, op_intl_segmenter_resolve } from "ext:core/ops";
import { primordials } from "ext:core/mod.js";
import { intlClass, LONE_SURROGATE, readOptions, receiverName } from "ext:trove_intl/intl.js";

const { JSONStringify } = primordials;
const defineProperty = Object.defineProperty;

// ---------------------------------------------------------------- Segmenter
// The engine's stub yielded segments whose segment/index/isWordLike were undefined. Rust finds
// every boundary of a string in one op call (index * 2 + wordLike each); the segment objects
// are made from them here, as the iterator or containing() asks.
// %IteratorPrototype%, found without calling `Array.prototype[Symbol.iterator]`: this module loads
// when a toolkit first uses `Intl.Segmenter`, after it may have replaced that.
const IteratorPrototype = Object.getPrototypeOf(primordials.ArrayIterator.prototype);
const segmentsState = new WeakMap();
const segmentIteratorState = new WeakMap();

// A lone surrogate would not cross to Rust as one code unit; U+FFFD does, so indices stay right.

/** The boundaries of a Segments object's string, computed on first use. */
function segmentBreaks(s) {
  if (s.breaks === undefined) {
    const text = s.input.replace(LONE_SURROGATE, "\uFFFD");
    s.breaks = op_intl_segmenter_breaks(s.seg.locale, s.seg.opts, text);
  }
  return s.breaks;
}

/** The segment data object `{segment, index, input[, isWordLike]}` of the segment ending at breaks[i]. */
function segmentData(s, i) {
  const breaks = segmentBreaks(s);
  const start = i === 0 ? 0 : breaks[i - 1] >>> 1;
  const end = breaks[i] >>> 1;
  const out = { segment: s.input.slice(start, end), index: start, input: s.input };
  if (s.seg.resolved.granularity === "word") out.isWordLike = (breaks[i] & 1) === 1;
  return out;
}

const SegmentsPrototype = Object.create(Object.prototype, {
  containing: {
    configurable: true, writable: true,
    value: function containing(index) {
      const s = segmentsState.get(this);
      if (!s) throw new TypeError(`Method %Segments.prototype%.containing called on incompatible receiver ${receiverName(this)}`);
      const n = Math.trunc(Number(index)) || 0;
      if (n < 0 || n >= s.input.length) return undefined;
      const breaks = segmentBreaks(s);
      // The first segment whose end is past n.
      let lo = 0, hi = breaks.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((breaks[mid] >>> 1) > n) hi = mid;
        else lo = mid + 1;
      }
      return segmentData(s, lo);
    },
  },
  [Symbol.iterator]: {
    configurable: true, writable: true,
    value: { [Symbol.iterator]() {
      const s = segmentsState.get(this);
      // V8's own spelling, which Node prints.
      if (!s) throw new TypeError(`Method %SegmentIsPrototype%[@@iterator] called on incompatible receiver ${receiverName(this)}`);
      const it = Object.create(SegmentIteratorPrototype);
      segmentIteratorState.set(it, { segments: s, next: 0 });
      return it;
    } }[Symbol.iterator],
  },
});

const SegmentIteratorPrototype = Object.create(IteratorPrototype, {
  next: {
    configurable: true, writable: true,
    value: function next() {
      const st = segmentIteratorState.get(this);
      if (!st) throw new TypeError(`Method %SegmentIterator.prototype%.next called on incompatible receiver ${receiverName(this)}`);
      if (st.next >= segmentBreaks(st.segments).length) return { value: undefined, done: true };
      return { value: segmentData(st.segments, st.next++), done: false };
    },
  },
  [Symbol.toStringTag]: { value: "Segmenter String Iterator", configurable: true },
});

const Segmenter = intlClass("Segmenter", (locale, options) => {
  const opts = JSONStringify(readOptions(options, ["localeMatcher", "granularity"], [], []));
  return { locale, opts, resolved: op_intl_segmenter_resolve(locale, opts) };
}, {
  segment: (s, string) => {
    const segments = Object.create(SegmentsPrototype);
    segmentsState.set(segments, { seg: s, input: `${string}`, breaks: undefined });
    return segments;
  },
});

export { Segmenter };
