//! TypeScript → JavaScript with deno_ast (swc), keeping a source map per module so stack
//! traces point at the `.ts` line.

use deno_ast::{MediaType, ParseParams, SourceMapOption};
use deno_core::ModuleSpecifier;

/// A transpiled module: its JavaScript and the source map back to the original.
#[derive(Debug)]
pub struct Transpiled {
    /// JavaScript text.
    pub code: String,
    /// Source map (JSON bytes), when the input was TypeScript.
    pub source_map: Option<Vec<u8>>,
}

/// Transpiles `source` of `media_type` (TypeScript, or JavaScript passed through).
///
/// Errors carry swc's diagnostic with the file and line (a syntax error in a toolkit file).
pub fn transpile(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<Transpiled, String> {
    if matches!(media_type, MediaType::JavaScript | MediaType::Mjs) {
        return Ok(Transpiled { code: source, source_map: None });
    }
    let parsed = deno_ast::parse_module(ParseParams {
        specifier: specifier.clone(),
        text: source.into(),
        media_type,
        capture_tokens: false,
        scope_analysis: false,
        maybe_syntax: None,
    })
    .map_err(|e| e.to_string())?;
    let emitted = parsed
        .transpile(
            &deno_ast::TranspileOptions {
                imports_not_used_as_values: deno_ast::ImportsNotUsedAsValues::Remove,
                decorators: deno_ast::DecoratorsTranspileOption::Ecma,
                ..Default::default()
            },
            &deno_ast::TranspileModuleOptions { module_kind: None },
            &deno_ast::EmitOptions { source_map: SourceMapOption::Separate, inline_sources: true, ..Default::default() },
        )
        .map_err(|e| e.to_string())?
        .into_source();
    Ok(Transpiled { code: emitted.text, source_map: emitted.source_map.map(|m| m.into_bytes()) })
}
