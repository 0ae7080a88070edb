//! TypeScript → JavaScript with deno_ast (swc), keeping a source map per module so stack
//! traces point at the `.ts` line.
//!
//! swc's parser, its transforms and its code generator walk the syntax tree recursively, and
//! Rust cannot catch a stack overflow: a module nested a few thousand levels deep (5,000
//! brackets, a chain of 20,000 `+`, 100,000 `if (v)` in a row) used to abort the whole process
//! while it was transpiled, taking every other toolkit of a server with it, or (20,000 nested
//! `if`s) to print gigabytes of indentation. So (**host**):
//! 1. before parsing, swc's lexer (one token at a time, no recursion) bounds how deeply the
//!    module's expressions and types nest ([`nesting`]), which is what swc's parser recurses on
//!    without growing its stack, and a module over [`MAX_EXPRESSION_NESTING`] is refused;
//! 2. the parsed tree's depth is measured exactly by a walk that grows its own stack
//!    ([`tree_depth`]), and a tree deeper than [`MAX_NESTING`] is refused before any transform;
//! 3. all of it runs on a stack of its own, [`TRANSPILE_STACK_BYTES`], far more than either
//!    limit needs.

use deno_ast::swc::common::input::StringInput;
use deno_ast::swc::common::BytePos;
use deno_ast::swc::lexer::token::{Keyword, Token, Word};
use deno_ast::swc::lexer::common::input::Tokens;
use deno_ast::swc::lexer::Lexer;
use deno_ast::{MediaType, ParseParams, SourceMapOption};
use deno_core::ModuleSpecifier;

/// How deep a TypeScript module's syntax tree may be (**host**): expressions, statements,
/// types and patterns, each node inside another one level deeper ([`tree_depth`]). A module
/// over it fails to load with an error naming the line of its deepest node.
pub const MAX_NESTING: usize = 2_000;

/// What [`nesting`] may count before a module is parsed (**host**): an upper bound of how deeply
/// its expressions and types nest (brackets, and the operators chained within one
/// expression). The example and conformance toolkits count at most 43, zod's own sources 290.
pub const MAX_EXPRESSION_NESTING: usize = 10_000;

/// The stack a module is parsed, transformed and printed on (virtual: only the pages touched
/// become resident). At [`MAX_NESTING`], swc needs less than 4 MiB of it even in a debug
/// build (the tests pass on 4 MiB and crash on 1 MiB); parsing at [`MAX_EXPRESSION_NESTING`]
/// needs less than 24 MiB.
pub const TRANSPILE_STACK_BYTES: usize = 64 * 1024 * 1024;

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
/// # Errors
/// swc's diagnostic with the file and line (a syntax error in a toolkit file);
/// `nests about N levels deep at line L, column C (…); the limit is 10000` for a module past
/// [`MAX_EXPRESSION_NESTING`]; `nests N levels deep at line L, column C; the limit is 2000` for a
/// tree deeper than [`MAX_NESTING`] (the loader puts the file's path before each).
pub fn transpile(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<Transpiled, String> {
    if matches!(media_type, MediaType::JavaScript | MediaType::Mjs) {
        // The engine's own parser checks its stack.
        return Ok(Transpiled { code: source, source_map: None });
    }
    check_expression_nesting(&source, media_type)?;
    // The tree is dropped on this stack too: dropping it recurses as deeply as building it.
    stacker::grow(TRANSPILE_STACK_BYTES, || transpile_on_this_stack(specifier, media_type, source))
}

/// The first guard ([`nesting`]): `source`'s expressions and types nest at most
/// [`MAX_EXPRESSION_NESTING`] deep, checked before swc's parser recurses on them.
fn check_expression_nesting(source: &str, media_type: MediaType) -> Result<(), String> {
    let (depth, at) = nesting(source, media_type);
    if depth > MAX_EXPRESSION_NESTING {
        let (line, column) = line_and_column(&deno_ast::SourceTextInfo::from_string(source.to_owned()), at);
        return Err(format!(
            "nests about {depth} levels deep at line {line}, column {column} (brackets, and operators chained in one expression); the limit is {MAX_EXPRESSION_NESTING}"
        ));
    }
    Ok(())
}

/// `source` parsed, and its tree no deeper than [`MAX_NESTING`] (the second guard). Runs on a
/// stack of [`TRANSPILE_STACK_BYTES`], after [`check_expression_nesting`].
pub(crate) fn parse_checked(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<deno_ast::ParsedSource, String> {
    let parsed = deno_ast::parse_module(ParseParams {
        specifier: specifier.clone(),
        text: source.into(),
        media_type,
        capture_tokens: false,
        scope_analysis: false,
        maybe_syntax: None,
    })
    .map_err(|e| e.to_string())?;
    let (depth, at) = tree_depth(&parsed.program());
    if depth > MAX_NESTING {
        let (line, column) = line_and_column(parsed.text_info_lazy(), at);
        let error = format!("nests {depth} levels deep at line {line}, column {column}; the limit is {MAX_NESTING}");
        // Dropping the tree recurses as deeply as it nests, maybe past this stack.
        stacker::grow(depth.saturating_mul(512).saturating_add(1 << 20), move || drop(parsed));
        return Err(error);
    }
    Ok(parsed)
}

fn transpile_on_this_stack(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<Transpiled, String> {
    let parsed = parse_checked(specifier, media_type, source)?;
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

/// A static import or re-export of a module (`import … from '…'`, `import '…'`,
/// `export … from '…'`): the specifier as written, the 1-based line and column of its
/// string in the module's source, and whether it asks for a JSON module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaticImport {
    /// The specifier, e.g. `./lib/http.ts`.
    pub specifier: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// Whether the import carries `with { type: 'json' }` (a JSON module, which only a
    /// `.json` file can be).
    pub json: bool,
}

/// The static imports and re-exports of `source`, in source order, that its JavaScript keeps:
/// type-only ones (`import type`, and imports whose bindings only types use, which
/// transpiling removes) are left out, so the list is what the engine will ask the loader for.
/// The module's own `import()` calls are not static and are not listed. Parsed under the same
/// guards as [`transpile`] (the nesting bounds, a stack of its own).
///
/// # Errors
/// What [`transpile`] would give for the module (a syntax error, a module nested too deeply).
pub fn static_imports(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<Vec<StaticImport>, String> {
    let typescript = !matches!(media_type, MediaType::JavaScript | MediaType::Mjs);
    let kept = if typescript {
        let code = transpile(specifier, media_type, source.clone())?.code;
        Some(imports_of(specifier, MediaType::JavaScript, code)?.into_iter().map(|i| i.specifier).collect::<std::collections::HashSet<_>>())
    } else {
        None
    };
    let mut imports = imports_of(specifier, media_type, source)?;
    if let Some(kept) = kept {
        imports.retain(|i| kept.contains(&i.specifier));
    }
    Ok(imports)
}

/// Every static import and re-export of `source` with a value part, parsed on a stack of its
/// own once the nesting bounds are checked.
fn imports_of(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<Vec<StaticImport>, String> {
    use deno_ast::swc::ast::{ModuleDecl, ModuleItem, Program};
    check_expression_nesting(&source, media_type)?;
    stacker::grow(TRANSPILE_STACK_BYTES, || {
        let parsed = parse_checked(specifier, media_type, source)?;
        let program = parsed.program();
        let Program::Module(module) = &*program else { return Ok(Vec::new()) };
        let sources = module.body.iter().filter_map(|item| match item {
            ModuleItem::ModuleDecl(ModuleDecl::Import(d)) if !d.type_only => Some((&*d.src, d.with.as_deref())),
            ModuleItem::ModuleDecl(ModuleDecl::ExportAll(d)) if !d.type_only => Some((&*d.src, d.with.as_deref())),
            ModuleItem::ModuleDecl(ModuleDecl::ExportNamed(d)) if !d.type_only => d.src.as_deref().map(|src| (src, d.with.as_deref())),
            _ => None,
        });
        let text = parsed.text_info_lazy();
        Ok(sources
            .map(|(src, with)| {
                let (line, column) = line_and_column(text, src.span.lo.0.saturating_sub(1) as usize);
                StaticImport { specifier: src.value.to_atom_lossy().as_str().to_owned(), line, column, json: asks_for_json(with) }
            })
            .collect())
    })
}

/// Whether an import's attributes (`with { … }`) say `type: 'json'`, as the engine reads them
/// (the key written as a name or a string, the value a string).
fn asks_for_json(with: Option<&deno_ast::swc::ast::ObjectLit>) -> bool {
    use deno_ast::swc::ast::{Expr, Lit, Prop, PropName, PropOrSpread};
    let Some(with) = with else { return false };
    with.props.iter().any(|prop| {
        let PropOrSpread::Prop(prop) = prop else { return false };
        let Prop::KeyValue(kv) = &**prop else { return false };
        let key_is_type = match &kv.key {
            PropName::Ident(name) => &*name.sym == "type",
            PropName::Str(s) => s.value.to_atom_lossy().as_str() == "type",
            _ => false,
        };
        key_is_type && matches!(&*kv.value, Expr::Lit(Lit::Str(s)) if s.value.to_atom_lossy().as_str() == "json")
    })
}

/// The 1-based `(line, column)` of each top-level `await` in `source` (an `await` expression
/// or a `for await` outside every function, in source order): what a load that stalled on one
/// can name when the engine cannot place it. Empty when `source` does not parse.
pub fn top_level_awaits(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Vec<(usize, usize)> {
    use deno_ast::swc::ast::{ArrowExpr, AwaitExpr, ForOfStmt, Function, GetterProp, SetterProp};
    use deno_ast::swc::common::Spanned;
    use deno_ast::swc::ecma_visit::{Visit, VisitWith};

    /// Collects the offsets of awaits, and does not go into functions: theirs are not top-level.
    struct Awaits(Vec<usize>);
    impl Visit for Awaits {
        fn visit_await_expr(&mut self, node: &AwaitExpr) {
            self.0.push(node.span().lo.0.saturating_sub(1) as usize);
            node.visit_children_with(self);
        }
        fn visit_for_of_stmt(&mut self, node: &ForOfStmt) {
            if node.is_await {
                self.0.push(node.span().lo.0.saturating_sub(1) as usize);
            }
            node.visit_children_with(self);
        }
        fn visit_function(&mut self, _: &Function) {}
        fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
        fn visit_getter_prop(&mut self, _: &GetterProp) {}
        fn visit_setter_prop(&mut self, _: &SetterProp) {}
    }
    if check_expression_nesting(&source, media_type).is_err() {
        return Vec::new();
    }
    stacker::grow(TRANSPILE_STACK_BYTES, || {
        let Ok(parsed) = parse_checked(specifier, media_type, source) else { return Vec::new() };
        let mut awaits = Awaits(Vec::new());
        parsed.program().visit_with(&mut awaits);
        awaits.0.sort_unstable();
        awaits.0.into_iter().map(|at| line_and_column(parsed.text_info_lazy(), at)).collect()
    })
}

/// How deep `program`'s tree is (expressions, statements, types and patterns nested in each
/// other), and the byte offset of the deepest node. The walk grows its own stack as it goes,
/// so it measures any depth the parser could build.
pub fn tree_depth(program: &deno_ast::swc::ast::Program) -> (usize, usize) {
    use deno_ast::swc::ecma_visit::{Visit, VisitWith};

    struct Depth {
        now: usize,
        deepest: usize,
        at: usize,
    }
    impl Depth {
        fn enter(&mut self, lo: BytePos, inside: impl FnOnce(&mut Self)) {
            self.now += 1;
            if self.now > self.deepest {
                (self.deepest, self.at) = (self.now, lo.0.saturating_sub(1) as usize);
            }
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || inside(self));
            self.now -= 1;
        }
    }
    impl Visit for Depth {
        fn visit_expr(&mut self, node: &deno_ast::swc::ast::Expr) {
            self.enter(deno_ast::swc::common::Spanned::span(node).lo, |v| node.visit_children_with(v));
        }
        fn visit_stmt(&mut self, node: &deno_ast::swc::ast::Stmt) {
            self.enter(deno_ast::swc::common::Spanned::span(node).lo, |v| node.visit_children_with(v));
        }
        fn visit_ts_type(&mut self, node: &deno_ast::swc::ast::TsType) {
            self.enter(deno_ast::swc::common::Spanned::span(node).lo, |v| node.visit_children_with(v));
        }
        fn visit_pat(&mut self, node: &deno_ast::swc::ast::Pat) {
            self.enter(deno_ast::swc::common::Spanned::span(node).lo, |v| node.visit_children_with(v));
        }
    }
    let mut depth = Depth { now: 0, deepest: 0, at: 0 };
    program.visit_with(&mut depth);
    (depth.deepest, depth.at)
}

/// An upper bound of how deeply `source`'s syntax tree nests, and the byte offset where the
/// bound is first reached, from its tokens alone (swc's lexer, one token at a time, no
/// recursion and no token list).
///
/// Each open bracket is a level. Within a level, every token that can make the tree deeper
/// (an operator, `.`, a keyword such as `new` or `typeof`, a call's or an index's bracket)
/// adds one until the expression ends: at `,` or `;`, at a keyword that only starts a
/// statement (`const`, `return`, `if`, …), or at a line break that can only end a statement
/// (after a value, before a name or a literal: automatic semicolon insertion). Operands
/// (names, literals) add nothing. So `a + b + c` counts 2, `((a))` 4, and a thousand
/// statements in a row count no more than the longest of them.
pub fn nesting(source: &str, media_type: MediaType) -> (usize, usize) {
    let start = BytePos(1);
    let input = StringInput::new(source, start, BytePos(start.0 + source.len() as u32));
    let mut lexer = Lexer::new(deno_ast::get_syntax(media_type), deno_ast::ES_VERSION, input, None);
    // What each open level has counted since its expression began; `sum` is their total.
    let mut levels: Vec<usize> = vec![0];
    // Which open levels are the head of an `if`, `while`, `for` or `with`: after its `)`, a
    // `/` starts a regular expression.
    let mut heads: Vec<bool> = vec![false];
    let mut after_head_keyword = false;
    let mut sum = 0usize;
    let (mut deepest, mut deepest_at) = (0usize, 0usize);
    let mut previous_end: Option<usize> = None;
    let mut previous_is_value = false;
    while let Some(mut item) = lexer.next() {
        // The lexer reads `/` as division unless told that a regular expression may start
        // here, as swc's parser tells it: where a value is expected.
        if !previous_is_value && is_slash(&item.token) {
            lexer.set_next_regexp(Some(item.span.lo));
            let Some(regex) = lexer.next() else { break };
            lexer.set_next_regexp(None);
            item = regex;
        }
        let lo = (item.span.lo.0 - start.0) as usize;
        let hi = (item.span.hi.0 - start.0) as usize;
        let text = source.get(lo..hi).unwrap_or("");
        let kind = Kind::of(&item.token, text);
        let line_break = previous_end.is_some_and(|end| source.get(end..lo).is_some_and(|gap| gap.contains(['\n', '\r', '\u{2028}', '\u{2029}'])));
        let top = levels.last_mut().expect("the module level is never closed");
        if line_break && previous_is_value && starts_a_statement_after_a_line_break(kind, &item.token, text) {
            sum -= *top;
            *top = 0;
        }
        // Where this lexer and swc's parser could disagree on `/` (a regular expression or a
        // division), count the brackets in the expression's text as if they were code: more,
        // never fewer, than the parser could see there.
        if let Token::Regex(..) = item.token {
            let inside = bracket_depth(text);
            if sum + levels.len() - 1 + inside > deepest {
                (deepest, deepest_at) = (sum + levels.len() - 1 + inside, lo);
            }
        }
        let mut closed_head = false;
        let top = levels.last_mut().expect("the module level is never closed");
        match kind {
            Kind::Open => {
                *top += 1;
                sum += 1;
                levels.push(0);
                heads.push(after_head_keyword && matches!(item.token, Token::LParen));
            }
            Kind::Close => {
                if levels.len() > 1 {
                    sum -= levels.pop().unwrap_or(0);
                    closed_head = heads.pop().unwrap_or(false);
                }
            }
            Kind::EndOfExpression | Kind::StatementKeyword => {
                sum -= *top;
                *top = 0;
            }
            Kind::Value | Kind::Ignored => {}
            Kind::Deeper => {
                *top += 1;
                sum += 1;
            }
        }
        let depth = sum + levels.len() - 1;
        if depth > deepest {
            (deepest, deepest_at) = (depth, lo);
        }
        previous_end = Some(hi);
        previous_is_value = (matches!(kind, Kind::Value | Kind::Close) && !closed_head)
            || matches!(item.token, Token::PlusPlus | Token::MinusMinus)
            // TypeScript's non-null `x!` leaves a value.
            || (previous_is_value && matches!(item.token, Token::Bang));
        after_head_keyword = matches!(item.token, Token::Word(Word::Keyword(Keyword::If | Keyword::While | Keyword::For | Keyword::With)));
    }
    (deepest, deepest_at)
}

/// How deeply `text` nests `(`, `[` and `{` (an escaped one is text).
fn bracket_depth(text: &str) -> usize {
    let (mut now, mut deepest, mut escaped) = (0usize, 0usize, false);
    for byte in text.bytes() {
        match byte {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'(' | b'[' | b'{' => {
                now += 1;
                deepest = deepest.max(now);
            }
            b')' | b']' | b'}' => now = now.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// After a value and a line break, a token that cannot continue the expression ends it
/// (automatic semicolon insertion: `a` ⏎ `b` is two statements): a name, a literal, or a
/// keyword other than the binary `in`, `instanceof` and `extends`. `as`, `satisfies`, `is`
/// and `implements` can continue it.
fn starts_a_statement_after_a_line_break(kind: Kind, token: &Token, text: &str) -> bool {
    match token {
        Token::Word(Word::Keyword(Keyword::In | Keyword::InstanceOf | Keyword::Extends)) => false,
        Token::Word(Word::Ident(_)) => !matches!(text, "as" | "satisfies" | "is" | "implements"),
        Token::Word(_) => true,
        _ => matches!(kind, Kind::Value | Kind::StatementKeyword),
    }
}

/// `/` or `/=`.
fn is_slash(token: &Token) -> bool {
    matches!(token, Token::BinOp(deno_ast::swc::lexer::token::BinOpToken::Div) | Token::AssignOp(deno_ast::swc::ast::AssignOp::DivAssign))
}

/// What a token does to [`nesting`]'s count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `(`, `[`, `{`, `${`: a level (and, at the level it opens in, one deeper: a call, an
    /// index, a group).
    Open,
    /// `)`, `]`, `}`.
    Close,
    /// `,` or `;`.
    EndOfExpression,
    /// A keyword no expression contains (`const`, `return`, `if`, `case`, …).
    StatementKeyword,
    /// A name, a literal, `this`: what operators nest around.
    Value,
    /// An operator, `.`, `=>`, a keyword such as `new`, `typeof`, `as`: one level deeper.
    Deeper,
    /// A lexer error, a shebang.
    Ignored,
}

impl Kind {
    fn of(token: &Token, text: &str) -> Self {
        match token {
            Token::LParen | Token::LBracket | Token::LBrace | Token::DollarLBrace => Kind::Open,
            Token::RParen | Token::RBracket | Token::RBrace => Kind::Close,
            Token::Comma | Token::Semi => Kind::EndOfExpression,
            Token::Word(Word::Keyword(keyword)) => match keyword {
                Keyword::Break
                | Keyword::Case
                | Keyword::Catch
                | Keyword::Const
                | Keyword::Continue
                | Keyword::Debugger
                | Keyword::Default_
                | Keyword::Do
                | Keyword::Else
                | Keyword::Export
                | Keyword::Finally
                | Keyword::For
                | Keyword::If
                | Keyword::Let
                | Keyword::Return
                | Keyword::Switch
                | Keyword::Throw
                | Keyword::Try
                | Keyword::Var
                | Keyword::While
                | Keyword::With => Kind::StatementKeyword,
                Keyword::This | Keyword::Super => Kind::Value,
                _ => Kind::Deeper,
            },
            // TypeScript's operators that the lexer reads as names.
            Token::Word(Word::Ident(_))
                if matches!(text, "as" | "satisfies" | "keyof" | "infer" | "readonly" | "unique" | "asserts" | "is") =>
            {
                Kind::Deeper
            }
            Token::Word(_)
            | Token::Str { .. }
            | Token::Num { .. }
            | Token::BigInt { .. }
            | Token::Regex(..)
            | Token::Template { .. }
            | Token::JSXName { .. }
            | Token::JSXText { .. } => Kind::Value,
            Token::Error(_) | Token::Shebang(_) | Token::Eof => Kind::Ignored,
            _ => Kind::Deeper,
        }
    }
}

/// 1-based line and column of byte `offset` of the module's text, as swc's diagnostics show them.
pub(crate) fn line_and_column(text: &deno_ast::SourceTextInfo, offset: usize) -> (usize, usize) {
    let shown = text.line_and_column_display(deno_ast::StartSourcePos::START_SOURCE_POS + offset);
    (shown.line_number, shown.column_number)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth(source: &str) -> usize {
        nesting(source, MediaType::TypeScript).0
    }

    fn spec() -> ModuleSpecifier {
        ModuleSpecifier::parse("file:///toolkit/deep.ts").unwrap()
    }

    #[test]
    fn nesting_counts_brackets_and_chained_operators_not_statements() {
        assert_eq!(depth("const a = 1;"), 1);
        assert_eq!(depth("const a = b + c + d;"), 3);
        assert_eq!(depth("f(((x)));"), 6);
        // A thousand statements count no more than one, with or without semicolons.
        let statements = "x = a + b;\n".repeat(1000);
        assert_eq!(depth(&statements), depth("x = a + b;"));
        let semicolon_free = "x = a + b\nfoo(x)\n".repeat(1000);
        assert!(depth(&semicolon_free) <= 4, "{}", depth(&semicolon_free));
        // A chain across lines is one expression, whichever side the operator is on.
        assert_eq!(depth(&format!("const s = \"ab\"{}", " +\n\"ab\"".repeat(50))), 51);
        assert_eq!(depth(&format!("const s = \"ab\"{}", "\n+ \"ab\"".repeat(50))), 51);
        // So are chains that only operators, dots or keywords make.
        assert!(depth(&format!("const x = a{};", ".b".repeat(50))) >= 50);
        assert!(depth(&format!("const x = {}a;", "!".repeat(50))) >= 50);
        assert!(depth(&format!("const x = {}a;", "typeof ".repeat(50))) >= 50);
        assert!(depth(&format!("const x = a{};", "\nas any".repeat(50))) >= 50);
        assert!(depth(&format!("const f = {}0;", "x => ".repeat(50))) >= 50);
        // Brackets inside strings, templates' text and comments are text; inside a regular
        // expression they count, in case swc's parser reads that `/` as a division.
        assert_eq!(depth("const s = '((((' + `((${x}((` + y; // (((("), depth("const s = 'a' + `a${x}a` + y;"));
        assert_eq!(depth("const r = /(((a)))/;"), depth("const r = a;") + 3);
    }

    #[test]
    fn a_module_nested_past_the_limit_is_refused_with_its_line_and_not_a_crash() {
        // Each of these aborted the process (a stack overflow in swc) before the limit.
        // And, from review 16, shapes the lexer's count does not see (statements, types) or
        // where it could read `/` differently from the parser; the tree's depth catches them.
        let cases = [
            format!("export const s = 1;\nexport const d = \"ab\"{};\n", " + \"ab\"".repeat(20_000)),
            format!("export const s = 1;\nexport const d = {}1{};\n", "(".repeat(5_000), ")".repeat(5_000)),
            format!("export const s = 1;\nexport const d = a{};\n", ".b".repeat(20_000)),
            format!("export const s = 1;\nexport const d = {}1;\n", "!".repeat(20_000)),
            format!("export const s = 1;\nexport const d = {}1{};\n", "[".repeat(100_000), "]".repeat(100_000)),
            format!("export let v = 1;\n{}v = 1;\n", "if (v) ".repeat(100_000)),
            format!("export let v = 1;\n{}v = 1;\n", "while (v) ".repeat(20_000)),
            format!("export let v = 1;\ntype K = {}string;\n", "keyof ".repeat(200_000)),
            format!("export let v = 1;\nlet a: any; v = a! / {}1{} / 1;\n", "(".repeat(100_000), ")".repeat(100_000)),
            format!("export let v = 1;\n{}\n", "(()=>{if(1)/[)))))]/;return ".repeat(20_000)),
            format!("export let v = 1;\nif (v) {{}}{}\n", " else if (v) {}".repeat(50_000)),
        ];
        for source in cases {
            let head = source[..60.min(source.len())].to_owned();
            let error = transpile(&spec(), MediaType::TypeScript, source).expect_err("refused");
            assert!(error.contains(" at line 2, column "), "{head}…: {error}");
            assert!(error.contains("the limit is "), "{head}…: {error}");
        }
    }

    #[test]
    fn ordinary_long_modules_are_not_refused() {
        // Review 16 found these refused by the first version of the count.
        let cases = [
            "function f(): number { return 1; }\n".repeat(3000),
            "class C { m() { return 1; } }\n".repeat(3000),
            format!("const o: any = {{}};\nasync function main() {{\n{}}}\n", "  await o.step()\n".repeat(3000)),
            format!("export const t = `{}`;\n", "${1}".repeat(3000)),
            format!("export const s = {};\n", (0..3000).map(|i| format!("'k{i}': {i}")).collect::<Vec<_>>().join(", ").replace("'k0'", "{'k0'") + "}"),
            format!("export function f(x: number) {{ switch (x) {{ {} }} return 0; }}\n", (0..3000).map(|i| format!("case {i}: return {i};")).collect::<String>()),
        ];
        for source in cases {
            let head = source[..60.min(source.len())].to_owned();
            transpile(&spec(), MediaType::TypeScript, source).unwrap_or_else(|e| panic!("{head}…: {e}"));
        }
    }

    #[test]
    fn a_module_at_the_limit_transpiles_on_any_thread() {
        // Just under the limit in each shape, on a thread with a 256 KiB stack: the transpile
        // runs on a stack of its own.
        let half = MAX_NESTING / 2 - 2;
        let cases = [
            format!("export const d = \"ab\"{};\n", " + \"ab\"".repeat(MAX_NESTING - 2)),
            format!("export const d = {}1{};\n", "(".repeat(half), ")".repeat(half)),
            format!("export const d = [a{}];\n", ".b".repeat(MAX_NESTING - 4)),
            format!("export const d = {}1;\n", "!".repeat(MAX_NESTING - 2)),
            format!("export const d = c ? 1{};\n", " : c ? 1".repeat(half - 1) + " : 2"),
        ];
        for source in cases {
            assert!(depth(&source) <= MAX_NESTING, "{} for {}…", depth(&source), &source[..40]);
            let out = std::thread::Builder::new()
                .stack_size(256 * 1024)
                .spawn(move || transpile(&spec(), MediaType::TypeScript, source))
                .unwrap()
                .join()
                .expect("no crash");
            let out = out.expect("transpiles");
            assert!(out.code.starts_with("export const d ="), "{}", &out.code[..40]);
        }
    }
}
