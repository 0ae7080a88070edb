//! Changes made to deno's scripts as the build puts them into the binary (`runtime/build.rs`,
//! which includes this file too): each is a text found exactly once and replaced, so a deno
//! upgrade that moves the text fails the build instead of dropping the change.
//!
//! - **`Response.json()` / `Request.json()` parse with the global `JSON.parse`**, at call time,
//!   as Node 20's undici does (`JSON.parse = f` changes what `res.json()` returns there). deno's
//!   body mixin calls the engine's parser captured in its primordials, whose messages are not
//!   V8's (`unexpected token: 'wJalrXUtnFEMI'` where Node says `Unexpected token 'w',
//!   "wJalrXUtnF"... is not valid JSON`) and quote a secret's first characters, which the
//!   bootstrap's `JSON.parse` does not (js/node20.js; found by a hostile review).
//! - **A body given as a string is read back as its UTF-8 bytes decode**, as Node's is: a
//!   leading byte order mark is dropped and a lone surrogate becomes U+FFFD (`new
//!   Response('\uFEFF{"a":1}').json()` is `{ a: 1 }` under Node; deno handed the string back
//!   as it was given).
//! - **A URL that does not parse throws Node's error**: `TypeError: Invalid URL` with `code`
//!   `ERR_INVALID_URL`, `input` and (given a base) `base`, as Node 20's `new URL` and `href`
//!   setter throw it; deno's message quoted the input (`Invalid URL: 'not a url'`) and had no
//!   `code`, so a toolkit's `if (e.code === 'ERR_INVALID_URL')` rethrew here (review 50).
//! - **`atob` of text that is not base64, and `btoa` of text outside Latin-1, throw Node's
//!   words**: `InvalidCharacterError: Invalid character` (deno: `Failed to decode base64`,
//!   `Cannot encode string: …`).
//! - **A `multipart/form-data` body is written as undici writes it**: its boundary is
//!   `----formdata-undici-0` and eleven digits, and it ends with CRLF after the closing boundary
//!   (deno's ended without it: two bytes fewer than Node's, which a toolkit that signs its body
//!   or sends `content-length` noticed; review 50).
//! - **`TextDecoder` refuses as Node 20 does** (review 50): an encoding it does not support is
//!   `RangeError: The "<label>" encoding is not supported` (`ERR_ENCODING_NOT_SUPPORTED`), and
//!   `x-user-defined`, which deno decodes and Node does not, is one; a fatal decoder's refusal
//!   is `TypeError: The encoded data was not valid for encoding <encoding>`
//!   (`ERR_ENCODING_INVALID_ENCODED_DATA`, a code a toolkit tests for); `decode` of something
//!   that is not bytes is Node's `ERR_INVALID_ARG_TYPE` about its `"list"` argument.
//! - **`structuredClone` of a `File` is a `Blob`** (its bytes and type, no name), as Node 20
//!   clones it; deno kept a `File`.
//! - **An abort without a reason, and a body read twice, fail in Node 20's words**: `This
//!   operation was aborted` (deno: `The signal has been aborted`), the message a toolkit logs
//!   from an aborted request; `Body is unusable: Body has already been read`, and undici's words
//!   for a used `Request` passed to `new Request` and for `clone()` of a read body.
//! - **A `Response` or `Request` that cannot be made fails as undici's does**: a status
//!   outside 200 to 599 is refused, 101 too (deno took 101), and the messages for a bad status,
//!   status text, a body with a null-body status, a redirect status and a GET or HEAD body are
//!   undici's.

/// One change to one of deno's scripts.
pub struct ScriptPatch {
    /// The crate whose script it is (its registry folder is `<crate>-<version>`).
    pub krate: &'static str,
    /// The script's file name.
    pub file: &'static str,
    /// The text replaced; it must occur exactly once.
    pub find: &'static str,
    /// What replaces it.
    pub replace: &'static str,
}

/// Every change, in the order they apply.
pub const SCRIPT_PATCHES: &[ScriptPatch] = &[
    ScriptPatch {
        krate: "deno_fetch",
        file: "22_body.js",
        find: "return JSONParse(chunkToString(bytes));",
        replace: "return globalThis.JSON.parse(chunkToString(bytes));",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "22_body.js",
        find: "return typeof chunk === \"string\" ? chunk : core.decode(chunk);",
        replace: "return core.decode(typeof chunk === \"string\" ? core.encode(chunk) : chunk);",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "00_url.js",
        find: "    throw new TypeError(\n      `Invalid URL: '${href}'` +\n        (maybeBase ? ` with base '${maybeBase}'` : \"\"),\n    );",
        replace: "    const error = new TypeError(\"Invalid URL\");\n    \
                  const own = (value) => ({ __proto__: null, value, writable: true, enumerable: true, configurable: true });\n    \
                  primordials.ObjectDefineProperty(error, \"code\", own(\"ERR_INVALID_URL\"));\n    \
                  primordials.ObjectDefineProperty(error, \"input\", own(href));\n    \
                  if (maybeBase !== undefined) primordials.ObjectDefineProperty(error, \"base\", own(maybeBase));\n    \
                  throw error;",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "05_base64.js",
        find: "    if (ObjectPrototypeIsPrototypeOf(TypeErrorPrototype, e)) {\n      throw new DOMException(\n        \"Failed to decode base64: invalid character\",\n        \"InvalidCharacterError\",\n      );\n    }",
        replace: "    if (ObjectPrototypeIsPrototypeOf(TypeErrorPrototype, e) || e?.name === \"InvalidCharacterError\") {\n      \
                  throw new DOMException(\"Invalid character\", \"InvalidCharacterError\");\n    }",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "21_formdata.js",
        find: "  const boundary = StringPrototypePadStart(\n    StringPrototypeSlice(\n      StringPrototypeReplaceAll(`${MathRandom()}${MathRandom()}`, \".\", \"\"),\n      -28,\n    ),\n    32,\n    \"-\",\n  );",
        replace: "  const boundary = \"----formdata-undici-0\" +\n    StringPrototypePadStart(`${primordials.MathFloor(MathRandom() * 1e11)}`, 11, \"0\");",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "21_formdata.js",
        find: "ArrayPrototypePush(chunks, `--${boundary}--`);",
        replace: "ArrayPrototypePush(chunks, `--${boundary}--\\r\\n`);",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "08_text_encoding.js",
        find: "      } catch (err) {\n        // The op only rejects unknown encoding labels; Node attaches\n        // ERR_ENCODING_NOT_SUPPORTED to that error.\n        if (err !== null && typeof err === \"object\" && err.code === undefined) {\n          err.code = \"ERR_ENCODING_NOT_SUPPORTED\";\n        }\n        throw err;\n      }\n    }",
        replace: "      } catch {\n        // The op only rejects unknown encoding labels.\n        encoding = null;\n      }\n    }\n    \
                  if (encoding === null || encoding === \"x-user-defined\") {\n      \
                  throw nodeEncodingError(primordials.RangeError, `The \"${label}\" encoding is not supported`, \"ERR_ENCODING_NOT_SUPPORTED\");\n    \
                  }",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "08_text_encoding.js",
        find: "        const prefix = \"Failed to execute 'decode' on 'TextDecoder'\";\n        input = webidl.converters.BufferSource(input, prefix, \"Argument 1\", {\n          allowShared: true,\n        });",
        replace: "        const prefix = \"Failed to execute 'decode' on 'TextDecoder'\";\n        \
                  try {\n          \
                  input = webidl.converters.BufferSource(input, prefix, \"Argument 1\", {\n            allowShared: true,\n          });\n        \
                  } catch (err) {\n          \
                  if (!primordials.ObjectPrototypeIsPrototypeOf(primordials.TypeErrorPrototype, err)) throw err;\n          \
                  throw nodeEncodingError(primordials.TypeError, 'The \"list\" argument must be an instance of SharedArrayBuffer, ArrayBuffer or ArrayBufferView.', \"ERR_INVALID_ARG_TYPE\");\n        \
                  }",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "08_text_encoding.js",
        find: "      return op_encoding_decode(input, this.#handle, stream);\n    } finally {",
        replace: "      return op_encoding_decode(input, this.#handle, stream);\n    } catch (err) {\n      \
                  // A fatal decoder's refusal (deno_web's WebError::DataInvalid); other errors pass.\n      \
                  if (!primordials.ObjectPrototypeIsPrototypeOf(primordials.TypeErrorPrototype, err) || err.message !== \"The encoded data is not valid\") throw err;\n      \
                  throw nodeEncodingError(primordials.TypeError, `The encoded data was not valid for encoding ${this.#encoding}`, \"ERR_ENCODING_INVALID_ENCODED_DATA\");\n    \
                  } finally {",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "08_text_encoding.js",
        find: "webidl.configureInterface(TextDecoder);",
        replace: "webidl.configureInterface(TextDecoder);\n\n\
                  /** Node's error for a decoder: `message`, and `code` an own enumerable property. */\n\
                  function nodeEncodingError(Type, message, code) {\n  \
                  const error = new Type(message);\n  \
                  primordials.ObjectDefineProperty(error, \"code\", { __proto__: null, value: code, writable: true, enumerable: true, configurable: true });\n  \
                  return error;\n\
                  }",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "09_file.js",
        find: "ObjectDefineProperty(File.prototype, core.hostObjectBrand, {\n  __proto__: null,\n  value: function () {\n    return {\n      type: \"File\",\n      mimeType: this[_type],\n      parts: cloneBlobParts(this),\n      size: this[_size],\n      name: this[_Name],\n      lastModified: this[_LastModified],\n    };\n  },\n  enumerable: false,\n  configurable: false,\n  writable: false,\n});",
        replace: "// trove-host: a File is cloned as the Blob it extends, as Node 20 clones it.",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "03_abort_signal.js",
        find: "reason = new DOMException(\"The signal has been aborted\", \"AbortError\"),",
        replace: "reason = new DOMException(\"This operation was aborted\", \"AbortError\"),",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "22_body.js",
        find: "if (this.unusable()) throw new TypeError(\"Body already consumed\");",
        replace: "if (this.unusable()) throw new TypeError(\"Body is unusable: Body has already been read\");",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_request.js",
        find: "throw new TypeError(\"Input request's body is unusable\");",
        replace: "throw new TypeError(\"Cannot construct a Request with a Request object that has already been used.\");",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_request.js",
        find: "throw new TypeError(\"Body is unusable\");",
        replace: "throw new TypeError(\"unusable\");",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_response.js",
        find: "throw new TypeError(\"Body is unusable\");",
        replace: "throw new TypeError(\"Response.clone: Body has already been consumed.\");",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_response.js",
        find: "  if ((init.status < 200 || init.status > 599) && init.status != 101) {\n    throw new RangeError(\n      `The status provided (${init.status}) is not equal to 101 and outside the range [200, 599]`,\n    );",
        replace: "  if (init.status < 200 || init.status > 599) {\n    throw new RangeError('init[\"status\"] must be in the range of 200 to 599, inclusive.');",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_response.js",
        find: "`Invalid status text: \"${init.statusText}\"`,",
        replace: "\"Invalid statusText\",",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_response.js",
        find: "\"Response with null body status cannot have body\",",
        replace: "`Response constructor: Invalid response status code ${response[_response].status}`,",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_response.js",
        find: "throw new RangeError(`Invalid redirect status code: ${status}`);",
        replace: "throw new RangeError(`Invalid status code ${status}`);",
    },
    ScriptPatch {
        krate: "deno_fetch",
        file: "23_request.js",
        find: "throw new TypeError(\"Request with GET/HEAD method cannot have body\");",
        replace: "throw new TypeError(\"Request with GET/HEAD method cannot have body.\");",
    },
    ScriptPatch {
        krate: "deno_web",
        file: "05_base64.js",
        find: "        \"Cannot encode string: string contains characters outside of the Latin1 range\",",
        replace: "        \"Invalid character\",",
    },
];

/// `text` of the script at `path` with every change for it made, or `None` when none is for it.
///
/// # Errors
/// A change whose text is not in the script exactly once: what it looked for and where.
pub fn patched(path: &str, text: &str) -> Result<Option<String>, String> {
    let path = std::path::Path::new(path);
    let mine = |p: &ScriptPatch| {
        path.file_name().is_some_and(|f| f == p.file)
            && path.parent().and_then(|d| d.file_name()).and_then(|d| d.to_str()).is_some_and(|d| {
                d.strip_prefix(p.krate).is_some_and(|rest| rest.starts_with('-') || rest.is_empty())
            })
    };
    let mut out: Option<String> = None;
    for patch in SCRIPT_PATCHES.iter().filter(|p| mine(p)) {
        let current = out.as_deref().unwrap_or(text);
        let found = current.matches(patch.find).count();
        if found != 1 {
            return Err(format!(
                "{}: expected {:?} once, found it {found} times; update runtime/src/script_patches.rs for this version",
                path.display(),
                patch.find
            ));
        }
        out = Some(current.replacen(patch.find, patch.replace, 1));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_applies_once_to_its_script_only() {
        let body = "function chunkToString(chunk) {\n  return typeof chunk === \"string\" ? chunk : core.decode(chunk);\n}\n\
                    if (this.unusable()) throw new TypeError(\"Body already consumed\");\n\
                    case \"JSON\":\n      return JSONParse(chunkToString(bytes));\n";
        let changed = patched("/r/deno_fetch-0.284.0/22_body.js", body).unwrap().expect("deno_fetch's body script");
        assert!(changed.contains("return globalThis.JSON.parse(chunkToString(bytes));"), "{changed}");
        assert!(changed.contains("return core.decode(typeof chunk === \"string\" ? core.encode(chunk) : chunk);"), "{changed}");
        assert!(changed.contains("Body is unusable: Body has already been read"), "{changed}");
        assert_eq!(patched("/r/deno_web-0.1.0/22_body.js", body).unwrap(), None, "another crate's file");
        assert_eq!(patched("/r/deno_fetch_extra-1.0.0/22_body.js", body).unwrap(), None, "a crate whose name only starts the same");
        assert_eq!(patched("/r/deno_fetch-0.284.0/26_fetch.js", body).unwrap(), None);
    }

    #[test]
    fn a_script_that_moved_on_fails_the_build_naming_it() {
        let why = patched("/r/deno_fetch-0.300.0/22_body.js", "return parseJson(text);").unwrap_err();
        assert!(why.contains("22_body.js") && why.contains("found it 0 times"), "{why}");
    }

    /// The scripts built into this binary are the changed ones.
    #[test]
    fn the_built_in_scripts_are_changed() {
        for patch in SCRIPT_PATCHES {
            let script = crate::extension_sources::BUILT_IN
                .iter()
                .find(|(path, _)| path.ends_with(&format!("/{}", patch.file)) && path.contains(patch.krate))
                .unwrap_or_else(|| panic!("{} of {} is built in", patch.file, patch.krate));
            let text = match &script.1 {
                crate::extension_sources::Built::Ascii(code) => code.as_str(),
                crate::extension_sources::Built::Text(text, _) => text,
            };
            // A change that adds text after what it finds keeps that text.
            let replaced = patch.replace.contains(patch.find) || !text.contains(patch.find);
            assert!(text.contains(patch.replace) && replaced, "{}", patch.replace);
        }
    }
}
