//! What a module graph's imports ask for by name, and which of those names no module exports.
//!
//! The engine links a toolkit's modules before it runs any of them and stops at the first
//! import that names an export its module does not have (`The requested module './lib.ts'
//! does not provide an export named 'a'`). A toolkit author should see every such import at
//! once (**host**: a bad toolkit fails at load with every problem listed), so when a load fails
//! that way the loader reads the graph again ([`crate::loader::ToolkitLoader::link_problems`])
//! and this module names each missing export, with its file, line and column.
//!
//! The check runs only on that failure, never on a load that links: it costs a successful load
//! nothing, and the engine stays the one that decides whether a graph links. Where this module
//! cannot tell (a module it cannot read, an `export *` of one), it reports nothing for that
//! module's importers rather than guess.

use std::collections::{HashMap, HashSet};

use deno_ast::swc::ast::{
    Decl, ExportSpecifier, ImportSpecifier, ModuleDecl, ModuleExportName, ModuleItem, ObjectPatProp, Pat, Program,
};
use deno_ast::MediaType;
use deno_core::ModuleSpecifier;

use crate::transpile::{parse_checked, transpile, TRANSPILE_STACK_BYTES};

/// A name one module imports from another: `import { name }`, `import name` (`default`),
/// `export { name } from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedImport {
    /// The module it is imported from, as written (`./lib.ts`).
    pub specifier: String,
    /// The export asked for (`default` for a default import).
    pub name: String,
    /// 1-based line of the name in the module's source.
    pub line: usize,
    /// 1-based column of the name in the module's source (a tab is one column, as the engine
    /// counts).
    pub column: usize,
    /// What binds it: the local name of an import (`b` in `import { a as b }`), `export <name>`
    /// for a re-export. With the specifier and the name, what tells one import from another
    /// when transpiling removes some of them and keeps others.
    pub binding: String,
}

/// What one module links by name, as its JavaScript has it (type-only imports and exports, and
/// imports whose bindings only types use, are gone once it is transpiled).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleLinks {
    /// The names it exports itself, `default` included.
    pub exports: Vec<String>,
    /// The modules whose names (but `default`) it exports too: `export * from '…'`.
    pub star_exports: Vec<String>,
    /// Each name it imports from another module, in source order.
    pub named_imports: Vec<NamedImport>,
    /// Every module it imports or re-exports from, in source order.
    pub requests: Vec<String>,
}

/// The links of a module of `media_type` whose text is `source`: names and requests from its
/// JavaScript (what the engine links), places from its own text (what the author wrote).
///
/// # Errors
/// What [`transpile`] gives for the module (a syntax error, a module nested too deeply).
pub fn module_links(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<ModuleLinks, String> {
    if matches!(media_type, MediaType::JavaScript | MediaType::Mjs) {
        return links_of(specifier, media_type, source);
    }
    let code = transpile(specifier, media_type, source.clone())?.code;
    let linked = links_of(specifier, MediaType::JavaScript, code)?;
    let key = |i: &NamedImport| (i.specifier.clone(), i.name.clone(), i.binding.clone());
    let kept: HashSet<(String, String, String)> = linked.named_imports.iter().map(key).collect();
    let mut placed = links_of(specifier, media_type, source)?.named_imports;
    placed.retain(|i| kept.contains(&key(i)));
    Ok(ModuleLinks { named_imports: placed, ..linked })
}

fn links_of(specifier: &ModuleSpecifier, media_type: MediaType, source: String) -> Result<ModuleLinks, String> {
    stacker::grow(TRANSPILE_STACK_BYTES, || {
        let parsed = parse_checked(specifier, media_type, source)?;
        let text = parsed.text_info_lazy();
        let program = parsed.program();
        let Program::Module(module) = &*program else { return Ok(ModuleLinks::default()) };
        let mut links = ModuleLinks::default();
        let import = |from: &str, name: &ModuleExportName, binding: String| {
            let span = match name {
                ModuleExportName::Ident(i) => i.span,
                ModuleExportName::Str(s) => s.span,
            };
            let (line, column) = engine_line_and_column(text, span.lo.0.saturating_sub(1) as usize);
            NamedImport { specifier: from.to_owned(), name: export_name(name), line, column, binding }
        };
        for item in &module.body {
            let ModuleItem::ModuleDecl(decl) = item else { continue };
            match decl {
                ModuleDecl::Import(d) if !d.type_only => {
                    let from = d.src.value.to_atom_lossy().as_str().to_owned();
                    for s in &d.specifiers {
                        match s {
                            ImportSpecifier::Named(n) if !n.is_type_only => {
                                let name = n.imported.clone().unwrap_or_else(|| ModuleExportName::Ident(n.local.clone()));
                                links.named_imports.push(import(&from, &name, n.local.sym.to_string()));
                            }
                            ImportSpecifier::Default(d) => {
                                let mut named = import(&from, &ModuleExportName::Ident(d.local.clone()), d.local.sym.to_string());
                                named.name = "default".into();
                                links.named_imports.push(named);
                            }
                            _ => {}
                        }
                    }
                    links.requests.push(from);
                }
                ModuleDecl::ExportAll(d) if !d.type_only => {
                    let from = d.src.value.to_atom_lossy().as_str().to_owned();
                    links.star_exports.push(from.clone());
                    links.requests.push(from);
                }
                ModuleDecl::ExportNamed(d) if !d.type_only => {
                    let from = d.src.as_ref().map(|s| s.value.to_atom_lossy().as_str().to_owned());
                    for s in &d.specifiers {
                        match s {
                            ExportSpecifier::Named(n) if !n.is_type_only => {
                                let exported = export_name(n.exported.as_ref().unwrap_or(&n.orig));
                                if let Some(from) = &from {
                                    links.named_imports.push(import(from, &n.orig, format!("export {exported}")));
                                }
                                links.exports.push(exported);
                            }
                            ExportSpecifier::Namespace(n) => links.exports.push(export_name(&n.name)),
                            ExportSpecifier::Default(d) => {
                                links.exports.push(d.exported.sym.to_string());
                                if let Some(from) = &from {
                                    let binding = format!("export {}", d.exported.sym);
                                    let mut named = import(from, &ModuleExportName::Ident(d.exported.clone()), binding);
                                    named.name = "default".into();
                                    links.named_imports.push(named);
                                }
                            }
                            _ => {}
                        }
                    }
                    links.requests.extend(from);
                }
                ModuleDecl::ExportDecl(d) => match &d.decl {
                    Decl::Class(c) => links.exports.push(c.ident.sym.to_string()),
                    Decl::Fn(f) => links.exports.push(f.ident.sym.to_string()),
                    Decl::Var(v) => v.decls.iter().for_each(|d| bound_names(&d.name, &mut links.exports)),
                    _ => {}
                },
                ModuleDecl::ExportDefaultDecl(_) | ModuleDecl::ExportDefaultExpr(_) => links.exports.push("default".into()),
                _ => {}
            }
        }
        Ok(links)
    })
}

/// 1-based line and column of byte `offset` of the module's text as the engine counts them
/// (characters since the line's start, a tab one), so that a line of the list and the engine's
/// own line name the same column.
fn engine_line_and_column(text: &deno_ast::SourceTextInfo, offset: usize) -> (usize, usize) {
    let at = deno_ast::StartSourcePos::START_SOURCE_POS + offset;
    let line = text.line_index(at);
    let start = text.line_start(line);
    let column = text.range_text(&deno_ast::SourceRange::new(start, at)).chars().count() + 1;
    (line + 1, column)
}

fn export_name(name: &ModuleExportName) -> String {
    match name {
        ModuleExportName::Ident(i) => i.sym.to_string(),
        ModuleExportName::Str(s) => s.value.to_atom_lossy().as_str().to_owned(),
    }
}

/// The names a declaration's pattern binds (`export const { a, b: [c] } = …` binds `a`, `c`).
fn bound_names(pat: &Pat, out: &mut Vec<String>) {
    match pat {
        Pat::Ident(i) => out.push(i.id.sym.to_string()),
        Pat::Array(a) => a.elems.iter().flatten().for_each(|p| bound_names(p, out)),
        Pat::Object(o) => o.props.iter().for_each(|p| match p {
            ObjectPatProp::KeyValue(kv) => bound_names(&kv.value, out),
            ObjectPatProp::Assign(a) => out.push(a.key.id.sym.to_string()),
            ObjectPatProp::Rest(r) => bound_names(&r.arg, out),
        }),
        Pat::Rest(r) => bound_names(&r.arg, out),
        Pat::Assign(a) => bound_names(&a.left, out),
        _ => {}
    }
}

/// What a module of the graph is, to the check: one whose links were read, one whose export
/// names are known without reading it (the SDK's module, a JSON module), or one it cannot tell.
#[derive(Debug, Clone)]
pub enum GraphModule {
    /// A module whose text was read and parsed.
    Read(ModuleLinks),
    /// A module that exports exactly these names.
    Exports(Vec<String>),
    /// A module that could not be read or parsed: nothing is said about the names it exports.
    Unknown,
}

/// Every import of the graph from `entry` that names an export its module does not have, one
/// line each in source order, module by module from the entry: `<file>:<line>:<column>: The
/// requested module '<specifier>' does not provide an export named '<name>'` (the engine's own
/// words). `resolve(specifier, referrer)` is the loader's resolution (`None`: it fails, and the
/// import is not checked); `module(specifier)` reads a module once; `shown(specifier)` is how a
/// module's file is named.
pub fn missing_exports(
    entry: &ModuleSpecifier,
    resolve: &dyn Fn(&str, &ModuleSpecifier) -> Option<ModuleSpecifier>,
    module: &dyn Fn(&ModuleSpecifier) -> GraphModule,
    shown: &dyn Fn(&ModuleSpecifier) -> String,
) -> Vec<String> {
    let mut graph: HashMap<ModuleSpecifier, GraphModule> = HashMap::new();
    let mut order = Vec::new();
    let mut queue = std::collections::VecDeque::from([entry.clone()]);
    while let Some(specifier) = queue.pop_front() {
        if graph.contains_key(&specifier) {
            continue;
        }
        let read = module(&specifier);
        if let GraphModule::Read(links) = &read {
            queue.extend(links.requests.iter().filter_map(|r| resolve(r, &specifier)));
        }
        order.push(specifier.clone());
        graph.insert(specifier, read);
    }
    let mut exports = HashMap::new();
    let mut problems = Vec::new();
    for specifier in &order {
        let GraphModule::Read(links) = &graph[specifier] else { continue };
        for import in &links.named_imports {
            let Some(target) = resolve(&import.specifier, specifier) else { continue };
            let Some(names) = exports_of(&target, &graph, resolve, &mut exports) else { continue };
            if !names.contains(&import.name) {
                problems.push(format!(
                    "{}:{}:{}: The requested module '{}' does not provide an export named '{}'",
                    shown(specifier),
                    import.line,
                    import.column,
                    import.specifier,
                    import.name
                ));
            }
        }
    }
    problems
}

/// The names a module exports: shared, not copied for each import that asks (a module of many
/// exports imported many times made the walk quadratic: hostile review 64).
type Names = std::rc::Rc<HashSet<String>>;

/// The names `specifier` exports, its own and those of its `export *` modules (but `default`),
/// as the engine gathers them (ECMA-262 GetExportedNames); `None` when some module on the way
/// could not be read. Each module's answer is kept in `memo`.
fn exports_of(
    specifier: &ModuleSpecifier,
    graph: &HashMap<ModuleSpecifier, GraphModule>,
    resolve: &dyn Fn(&str, &ModuleSpecifier) -> Option<ModuleSpecifier>,
    memo: &mut HashMap<ModuleSpecifier, Option<Names>>,
) -> Option<Names> {
    if let Some(known) = memo.get(specifier) {
        return known.clone();
    }
    let (names, _) = gather(specifier, graph, resolve, memo, &mut HashSet::new());
    memo.insert(specifier.clone(), names.clone());
    names
}

/// [`exports_of`] below a module whose names are being gathered: a module met again on the way
/// (a cycle of `export *`) adds nothing, as in the engine. Such an answer holds for the module
/// the walk started from, not for those it passed through on the cycle (review 64: `B` of
/// `A = { a, * from B }`, `B = { * from A }` was kept as exporting nothing), so only answers
/// reached without meeting one are kept. Returns the names and whether a cycle was met.
fn gather(
    specifier: &ModuleSpecifier,
    graph: &HashMap<ModuleSpecifier, GraphModule>,
    resolve: &dyn Fn(&str, &ModuleSpecifier) -> Option<ModuleSpecifier>,
    memo: &mut HashMap<ModuleSpecifier, Option<Names>>,
    visiting: &mut HashSet<ModuleSpecifier>,
) -> (Option<Names>, bool) {
    if let Some(known) = memo.get(specifier) {
        return (known.clone(), false);
    }
    if !visiting.insert(specifier.clone()) {
        return (Some(Names::default()), true);
    }
    let mut cycle = false;
    let names = match graph.get(specifier) {
        Some(GraphModule::Exports(names)) => Some(Names::new(names.iter().cloned().collect())),
        Some(GraphModule::Read(links)) if links.star_exports.is_empty() => Some(Names::new(links.exports.iter().cloned().collect())),
        Some(GraphModule::Read(links)) => {
            let mut names: Option<HashSet<String>> = Some(links.exports.iter().cloned().collect());
            for star in &links.star_exports {
                let (from, met) = match resolve(star, specifier) {
                    Some(target) => gather(&target, graph, resolve, memo, visiting),
                    None => (None, false),
                };
                cycle |= met;
                match (&mut names, from) {
                    (Some(names), Some(more)) => names.extend(more.iter().filter(|n| *n != "default").cloned()),
                    _ => names = None,
                }
            }
            names.map(Names::new)
        }
        Some(GraphModule::Unknown) | None => None,
    };
    visiting.remove(specifier);
    if !cycle {
        memo.insert(specifier.clone(), names.clone());
    }
    (names, cycle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(path: &str) -> ModuleSpecifier {
        ModuleSpecifier::parse(&format!("file:///kit/{path}")).unwrap()
    }

    fn links(path: &str, source: &str) -> ModuleLinks {
        module_links(&spec(path), MediaType::from_path(std::path::Path::new(path)), source.to_owned()).unwrap()
    }

    #[test]
    fn a_module_s_links_are_what_its_javascript_keeps_placed_where_its_author_wrote_them() {
        let l = links(
            "a.ts",
            "import { type T, a, b as c } from './lib.ts';\nimport d from './lib.ts';\nimport { unused } from './lib.ts';\n\
             import type { U } from './types.ts';\nimport * as ns from './ns.ts';\nexport { q, r as s } from './lib.ts';\n\
             export * from './star.ts';\nexport * as all from './all.ts';\nexport const { x, y: [z] } = { x: 1, y: [2] };\n\
             export function f() {}\nexport class K {}\nexport default 1;\nexport type V = T;\nconst v: T = a; console.log(v, c, d, ns);\n",
        );
        let named: Vec<(&str, &str, usize, usize)> =
            l.named_imports.iter().map(|i| (i.specifier.as_str(), i.name.as_str(), i.line, i.column)).collect();
        assert_eq!(
            named,
            [("./lib.ts", "a", 1, 18), ("./lib.ts", "b", 1, 21), ("./lib.ts", "default", 2, 8), ("./lib.ts", "q", 6, 10), ("./lib.ts", "r", 6, 13)],
            "`unused` and the type-only imports are gone once transpiled"
        );
        assert_eq!(l.exports, ["q", "s", "all", "x", "z", "f", "K", "default"]);
        assert_eq!(l.star_exports, ["./star.ts"]);
        assert!(!l.requests.contains(&"./types.ts".to_owned()), "{:?}", l.requests);
    }

    #[test]
    fn an_import_transpiling_removes_is_told_from_a_re_export_it_keeps() {
        // Review 64: matched by module and name alone, the type-only import was listed with the
        // re-export the engine trips on.
        let l = links("a.ts", "import { Config } from './c.ts';\nexport { Config } from './c.ts';\nconst c: Config = {};\nvoid c;\n");
        let named: Vec<(&str, usize)> = l.named_imports.iter().map(|i| (i.binding.as_str(), i.line)).collect();
        assert_eq!(named, [("export Config", 2)]);
    }

    #[test]
    fn a_tab_is_one_column_as_the_engine_counts() {
        let l = links("a.js", "import {\n\t\ta,\n\t\tb } from './lib.js';\nvoid a, b;\n");
        let placed: Vec<(usize, usize)> = l.named_imports.iter().map(|i| (i.line, i.column)).collect();
        assert_eq!(placed, [(2, 3), (3, 3)]);
    }

    #[test]
    fn a_cycle_of_export_star_gives_each_module_every_name_it_reaches() {
        // Review 64: `b.ts` was kept as exporting nothing once `a.ts` had been gathered first.
        let modules: HashMap<ModuleSpecifier, GraphModule> = [
            ("entry.ts", "import { a } from './a.ts';\nimport { a as viaB, none } from './b.ts';\nvoid a, viaB, none;\n"),
            ("a.ts", "export const a = 1;\nexport * from './b.ts';\n"),
            ("b.ts", "export * from './a.ts';\n"),
        ]
        .into_iter()
        .map(|(path, source)| (spec(path), GraphModule::Read(links(path, source))))
        .collect();
        let resolve = |s: &str, referrer: &ModuleSpecifier| referrer.join(s).ok();
        let module = |s: &ModuleSpecifier| modules.get(s).cloned().unwrap_or(GraphModule::Unknown);
        let shown = |s: &ModuleSpecifier| s.path().to_owned();
        assert_eq!(
            missing_exports(&spec("entry.ts"), &resolve, &module, &shown),
            ["/kit/entry.ts:2:21: The requested module './b.ts' does not provide an export named 'none'"]
        );
    }

    #[test]
    fn every_missing_export_of_the_graph_is_named_in_source_order() {
        let modules: HashMap<ModuleSpecifier, GraphModule> = [
            ("entry.ts", "import { z, nope } from 'sdk';\nimport { a, b, c } from './lib.ts';\nimport d from './star.ts';\nimport j from './data.json';\nimport { w } from './gone.ts';\nconsole.log(z, nope, a, b, c, d, j, w);\n"),
            ("lib.ts", "export * from './star.ts';\nexport const a = 1;\nexport { missing } from './other.ts';\n"),
            ("other.ts", "export const o = 1;\n"),
            ("star.ts", "export const b = 2;\nexport default 3;\nexport * from './lib.ts';\n"),
        ]
        .into_iter()
        .map(|(path, source)| (spec(path), GraphModule::Read(links(path, source))))
        .chain([
            (ModuleSpecifier::parse("trove:sdk").unwrap(), GraphModule::Exports(vec!["z".into(), "default".into()])),
            (spec("data.json"), GraphModule::Exports(vec!["default".into()])),
            (spec("gone.ts"), GraphModule::Unknown),
        ])
        .collect();
        let resolve = |s: &str, referrer: &ModuleSpecifier| {
            if s == "sdk" {
                Some(ModuleSpecifier::parse("trove:sdk").unwrap())
            } else {
                referrer.join(s).ok()
            }
        };
        let module = |s: &ModuleSpecifier| modules.get(s).cloned().unwrap_or(GraphModule::Unknown);
        let shown = |s: &ModuleSpecifier| s.path().to_owned();
        assert_eq!(
            missing_exports(&spec("entry.ts"), &resolve, &module, &shown),
            [
                "/kit/entry.ts:1:13: The requested module 'sdk' does not provide an export named 'nope'",
                "/kit/entry.ts:2:16: The requested module './lib.ts' does not provide an export named 'c'",
                "/kit/lib.ts:3:10: The requested module './other.ts' does not provide an export named 'missing'",
            ],
            "`b` comes through `export *` (a cycle of two), `default` does not cross one but star.ts has its own, \
             and nothing is said of a module that could not be read"
        );
    }
}
