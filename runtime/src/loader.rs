//! The module loader: a toolkit's own files, and `@ontrove/extend/toolkit`, nothing else.
//!
//! Rules (contract §1, **host**):
//! - the bare specifiers `@ontrove/extend/toolkit` and `@ontrove/extend` resolve to
//!   [`TOOLKIT_MODULE`], a virtual module re-exporting the public exports of the host's
//!   `ext:trove/toolkit.js` (toolkit files can never import `ext:` modules themselves);
//! - relative specifiers (`./x.ts`, `../lib/y.ts`) resolve against the importing file; a
//!   `.js` suffix names the `.ts` file beside it when there is no `.js` file; a specifier
//!   without a module suffix (`./util`, `./lib`) names `util.ts`, `util.js`, `util/index.ts` or
//!   `util/index.js`, as esbuild finds them; a `.json` file is a JSON module (see
//!   [`ToolkitLoader::load_file`]);
//! - the target, after symlinks are resolved, must lie inside the toolkit's **workspace root**
//!   ([`workspace_root`]): the nearest ancestor of the toolkit's directory
//!   holding `package.json`, `tsconfig.json`, `deno.json` or `.git`, else the toolkit's parent
//!   directory, so helpers shared by several toolkits (`toolkits/lib/http.ts` imported as
//!   `../lib/http.ts`) load; an embedder or `--root DIR` may name the root instead;
//! - anything else (`node:*`, npm names, URLs, `ext:`, absolute paths, `../` escapes and
//!   symlinks out of the root) fails at load with an error naming the specifier and the
//!   importing file; a path a symlink leads out of (or to nothing) gets one message, whatever
//!   is there, so shipped symlinks cannot probe the machine's files.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use deno_ast::MediaType;
use deno_core::error::ModuleLoaderError;
use deno_core::{
    ModuleLoadOptions, ModuleLoadReferrer, ModuleLoadResponse, ModuleLoader, ModuleSource, ModuleSourceCode,
    ModuleSpecifier, ModuleType, RequestedModuleType, ResolutionKind,
};
use deno_error::{JsErrorBox, JsErrorClass as _};

use crate::modules::ModuleSources;

/// Where `@ontrove/extend/toolkit` resolves: a virtual module re-exporting the bootstrap's
/// frozen copy of `ext:trove/toolkit.js`'s public exports (deno_core lets only extension code
/// import `ext:` modules, so toolkit files cannot reach `ext:` or `ext:core/ops` at all).
pub const TOOLKIT_MODULE: &str = "trove:@ontrove/extend/toolkit";

/// The public exports of `@ontrove/extend/toolkit` (contract §1), in one place: the virtual
/// module re-exports exactly these, and the bootstrap freezes exactly these
/// (`op_trove_sdk_exports`).
pub const SDK_EXPORTS: [&str; 5] = ["z", "defineToolkit", "tool", "ToolError", "toToolkitManifest"];

/// The virtual module's source, made from [`SDK_EXPORTS`].
fn toolkit_module_source() -> &'static str {
    static SOURCE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SOURCE.get_or_init(|| {
        format!(
            "const api = globalThis[Symbol.for(\"@ontrove/extend/toolkit\")];\nexport const {{ {} }} = api;\nexport default api;\n",
            SDK_EXPORTS.join(", ")
        )
    })
}

/// The files whose presence marks a directory as a workspace root (see [`workspace_root`]).
pub const WORKSPACE_MARKERS: [&str; 4] = ["package.json", "tsconfig.json", "deno.json", ".git"];

/// The workspace root of the toolkit whose (canonical) directory is `toolkit_dir`: the nearest
/// ancestor of `toolkit_dir` that holds one of [`WORKSPACE_MARKERS`] (a toolkit's own
/// `tsconfig.json`, as `trove-host new` writes, does not make it a workspace of its own); when
/// none does, `toolkit_dir`'s parent (so sibling helper folders load, as in a plain `toolkits/`
/// folder). Relative imports may reach any file inside it.
///
/// Neither a marker nor the fallback makes the file system's root or the user's home folder (or
/// a folder above it) a workspace: a toolkit in `~/kit` or a container's `/app` would reach
/// every `.json` there (`~/Documents/…`), which no toolkits folder is (review 46), and a
/// `package.json` or `.git` in the home folder (left by `npm i` there, or a dotfiles repository)
/// is no toolkits folder either (review 55: a toolkit in `~/Downloads/kit` read
/// `~/work/credentials.json`, and one under `~/.config` read `~/.config/gcloud/…`). The search
/// stops below such a folder, and the toolkit's own folder is its root when nothing else is.
/// Home is `$HOME`, else the account's home (`std::env::home_dir`).
///
/// Nor is a hidden folder (`~/.config`) a root, by marker or as the parent: the hidden-file rule
/// looks only below the root, so a root that is itself hidden left all of it in reach (review 56:
/// a toolkit in `~/.config/probe` read `~/.config/gcloud/…`). The search passes over it.
pub fn workspace_root(toolkit_dir: &Path) -> PathBuf {
    workspace_root_below(toolkit_dir, home().as_deref())
}

/// The user's home folder, canonical: `$HOME`, else the account's.
fn home() -> Option<PathBuf> {
    #[allow(deprecated)] // Correct on Unix; its deprecation concerned Windows.
    std::env::home_dir().and_then(|h| h.canonicalize().ok())
}

/// Whether `dir` (canonical) is the file system's root, the user's home folder or a folder above
/// it: no workspace root, and no toolkit's own folder either, since everything in it would be
/// importable (review 56: a toolkit whose folder was home read `~/work/…`).
pub fn too_wide(dir: &Path) -> bool {
    too_wide_for(dir, home().as_deref())
}

fn too_wide_for(dir: &Path, home: Option<&Path>) -> bool {
    dir.parent().is_none() || home.is_some_and(|home| home.starts_with(dir))
}

/// [`workspace_root`] with the user's home folder given (canonical), not read from `$HOME`.
fn workspace_root_below(toolkit_dir: &Path, home: Option<&Path>) -> PathBuf {
    let too_wide = |dir: &Path| too_wide_for(dir, home);
    let hidden = |dir: &Path| dir.file_name().is_some_and(|name| name.to_string_lossy().starts_with('.'));
    toolkit_dir
        .ancestors()
        .skip(1)
        .take_while(|dir| !too_wide(dir))
        .filter(|dir| !hidden(dir))
        .find(|dir| WORKSPACE_MARKERS.iter().any(|m| dir.join(m).exists()))
        .or_else(|| toolkit_dir.parent().filter(|parent| !too_wide(parent) && !hidden(parent)))
        .unwrap_or(toolkit_dir)
        .to_path_buf()
}

/// Loads one toolkit's module graph.
pub struct ToolkitLoader {
    /// Canonical workspace root: every module must be inside it.
    root: PathBuf,
    /// Canonical entry file.
    entry: ModuleSpecifier,
    sources: ModuleSources,
    source_maps: RefCell<HashMap<String, std::sync::Arc<crate::transpile::Transpiled>>>,
    /// The entry file's folder, relative to [`Self::root`]: hidden folders on its own way in
    /// are the toolkit's, not ones it reaches into ([`Self::hidden`]).
    entry_dir: PathBuf,
    /// Bytecode of the extension scripts loaded lazily, when the isolate is restored from a
    /// startup snapshot ([`crate::code_cache`]).
    code_cache: Option<&'static crate::code_cache::ScriptCodeCache>,
}

impl ToolkitLoader {
    /// A loader for the toolkit whose entry file is `entry` (canonical) inside the workspace
    /// `root` (made canonical here), serving modules from `sources` (the toolkit's snapshot
    /// first, then the disk through the host's transpile cache).
    ///
    /// # Errors
    /// `root` does not exist, or `entry` is not inside it.
    pub fn new(root: &Path, entry: &Path, sources: ModuleSources) -> Result<Self, String> {
        let root = root.canonicalize().map_err(|e| format!("the workspace root {}: {e}", root.display()))?;
        if !entry.starts_with(&root) {
            return Err(format!("{} is outside the workspace root {}", entry.display(), root.display()));
        }
        let entry_dir = entry.parent().and_then(|dir| dir.strip_prefix(&root).ok()).map(Path::to_path_buf).unwrap_or_default();
        let entry = ModuleSpecifier::from_file_path(entry).map_err(|_| format!("{} is not an absolute path", entry.display()))?;
        Ok(Self { root, entry, sources, source_maps: RefCell::default(), entry_dir, code_cache: None })
    }

    /// Serves the extension scripts' bytecode from `cache` to the isolate (set by
    /// [`crate::isolate::new_isolate`] for an isolate restored from a startup snapshot).
    pub(crate) fn set_code_cache(&mut self, cache: &'static crate::code_cache::ScriptCodeCache) {
        self.code_cache = Some(cache);
    }

    /// The entry file's specifier.
    pub fn entry(&self) -> &ModuleSpecifier {
        &self.entry
    }

    fn refuse(specifier: &str, referrer: &str, why: &str) -> ModuleLoaderError {
        JsErrorBox::type_error(format!("Cannot import \"{specifier}\" from {}: {why}", display_referrer(referrer)))
    }

    fn outside(&self, specifier: &str, referrer: &str, path: &Path) -> ModuleLoaderError {
        Self::refuse(
            specifier,
            referrer,
            &format!(
                "{} is outside the toolkit's workspace root {} (the nearest folder above the toolkit with package.json, tsconfig.json, deno.json or .git, unless --root names one)",
                path.display(),
                self.root.display()
            ),
        )
    }

    /// Whether `path` (canonical) is inside the workspace root.
    fn allowed(&self, path: &Path) -> bool {
        path.starts_with(&self.root)
    }

    /// Whether `path` (inside the workspace root) goes through a hidden file or folder (a name
    /// that starts with `.`) that is not on the way to the toolkit's own folder: where tools
    /// keep settings and credentials (`.config/gcloud/…json`, `.docker/config.json`, `.aws`),
    /// never a toolkit's helper, so a toolkit may not import them (**host**, review 46).
    fn hidden(&self, path: &Path) -> bool {
        let Ok(inside) = path.strip_prefix(&self.root) else { return false };
        // The folders `path` shares with the way to the toolkit's own, from the root down.
        let shared = inside.components().zip(self.entry_dir.components()).take_while(|(a, b)| a == b).count();
        inside
            .components()
            .skip(shared)
            .any(|c| matches!(c, std::path::Component::Normal(name) if name.to_string_lossy().starts_with('.')))
    }

    fn hidden_refused(specifier: &str, referrer: &str, path: &Path) -> ModuleLoaderError {
        Self::refuse(
            specifier,
            referrer,
            &format!("{} is a hidden file or in a hidden folder (its name starts with \".\"), which a toolkit may not import", path.display()),
        )
    }

    /// Whether the nearest entry above `path` that exists (a symlink counts, even one to
    /// nothing) is, symlinks resolved, inside the workspace root. A link to nothing is not:
    /// passing over it to the folder it sits in would answer "does not exist" for a link to a
    /// missing file outside and "outside" for one to a file that exists (a hostile review).
    fn nearest_existing_inside(&self, path: &Path) -> bool {
        path.ancestors()
            .skip(1)
            .find(|entry| entry.symlink_metadata().is_ok())
            .and_then(|entry| entry.canonicalize().ok())
            .is_some_and(|entry| self.allowed(&entry))
    }

    /// A path inside the workspace as written that a symlink on the way leads out of (or to
    /// nothing): the same words whether or not anything is there.
    fn through_symlink(&self, specifier: &str, referrer: &str, path: &Path) -> ModuleLoaderError {
        Self::refuse(
            specifier,
            referrer,
            &format!(
                "{} is reached through a symbolic link that leads outside the toolkit's workspace root {} or to nothing",
                path.display(),
                self.root.display()
            ),
        )
    }
}

/// The files a relative import of `path` may name, in the order they are tried: the path as
/// written; for `x.js` (`x.mjs`) then `x.ts` (`x.mts`), TypeScript's own convention for ESM
/// output paths; for a path without a module suffix (`./util`, `./lib`, `./a.service`) then
/// `util.ts`, `util.js`, `util/index.ts` and `util/index.js`, as esbuild and TypeScript's
/// `bundler` resolution find them (the Node SDK's toolkits are bundled so).
fn candidates(path: &Path) -> Vec<PathBuf> {
    let mut candidates = vec![path.to_path_buf()];
    match path.extension().and_then(|e| e.to_str()) {
        Some("js") => candidates.push(path.with_extension("ts")),
        Some("mjs") => candidates.push(path.with_extension("mts")),
        Some("ts" | "mts" | "json") => {}
        _ => {
            let mut appended = |suffix: &str| {
                let mut name = path.as_os_str().to_owned();
                name.push(suffix);
                candidates.push(PathBuf::from(name));
            };
            appended(".ts");
            appended(".js");
            candidates.push(path.join("index.ts"));
            candidates.push(path.join("index.js"));
        }
    }
    candidates
}

fn display_referrer(referrer: &str) -> String {
    ModuleSpecifier::parse(referrer)
        .ok()
        .and_then(|u| u.to_file_path().ok())
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| referrer.to_owned())
}

const WHY: &str = "a toolkit may import only '@ontrove/extend/toolkit' and relative files of its own";

impl ModuleLoader for ToolkitLoader {
    fn resolve(&self, specifier: &str, referrer: &str, _kind: ResolutionKind) -> Result<ModuleSpecifier, ModuleLoaderError> {
        if specifier == self.entry.as_str() {
            // The runtime loads the entry file itself as the main module.
            return Ok(self.entry.clone());
        }
        if specifier == "@ontrove/extend/toolkit" || specifier == "@ontrove/extend" {
            return ModuleSpecifier::parse(TOOLKIT_MODULE).map_err(JsErrorBox::from_err);
        }
        if !(specifier.starts_with("./") || specifier.starts_with("../")) {
            return Err(Self::refuse(specifier, referrer, WHY));
        }
        let resolved = deno_core::resolve_import(specifier, referrer).map_err(JsErrorBox::from_err)?;
        let Ok(path) = resolved.to_file_path() else {
            return Err(Self::refuse(specifier, referrer, WHY));
        };
        // Decided on the path as written before anything is looked up on disk, so a toolkit
        // cannot learn whether a file outside its workspace exists from the error it gets
        // (`import()` at run time reaches this too). Symlinks are checked again below.
        if !self.allowed(&path) {
            return Err(self.outside(specifier, referrer, &path));
        }
        if self.hidden(&path) {
            return Err(Self::hidden_refused(specifier, referrer, &path));
        }
        // Symlinks are followed only to decide whether the target lies inside the workspace;
        // a toolkit shipping a symlink to `/` must not learn from the error which files exist
        // there (a hostile review told `/etc/passwd` from `/etc/no-such-file`), nor where the
        // link leads. Every path that leaves the workspace through a symlink, to a file or to
        // nothing, gets one message naming the path as written.
        let candidates = candidates(&path);
        let mut folder = false;
        for candidate in &candidates {
            match candidate.canonicalize() {
                Ok(canonical) if self.allowed(&canonical) && self.hidden(&canonical) => {
                    return Err(self.through_symlink(specifier, referrer, &path));
                }
                Ok(canonical) if self.allowed(&canonical) && canonical.is_dir() => folder = true,
                Ok(canonical) if self.allowed(&canonical) => {
                    return ModuleSpecifier::from_file_path(&canonical).map_err(|_| Self::refuse(specifier, referrer, "not a file path"));
                }
                Ok(_) => return Err(self.through_symlink(specifier, referrer, &path)),
                // Something is there that leads nowhere inside: a link out of the workspace to
                // nothing. The same answer as a link out to something, for every candidate, or
                // `./x` would tell a missing outside file from one that exists (review 26).
                Err(_) if candidate.symlink_metadata().is_ok() => return Err(self.through_symlink(specifier, referrer, &path)),
                Err(_) => {}
            }
        }
        if folder {
            return Err(Self::refuse(specifier, referrer, &format!("{} is a folder with no index.ts or index.js", path.display())));
        }
        if path.symlink_metadata().is_ok() || !self.nearest_existing_inside(&path) {
            return Err(self.through_symlink(specifier, referrer, &path));
        }
        for candidate in &candidates {
            self.sources.snapshot.record_missed(candidate);
        }
        Err(Self::refuse(specifier, referrer, &format!("{} does not exist", path.display())))
    }

    fn load(&self, specifier: &ModuleSpecifier, _referrer: Option<&ModuleLoadReferrer>, options: ModuleLoadOptions) -> ModuleLoadResponse {
        ModuleLoadResponse::Sync(self.load_file(specifier, &options.requested_module_type))
    }

    /// The bytecode of a lazily loaded extension script, when one was kept for this source.
    fn get_code_cache(&self, specifier: &ModuleSpecifier, source: &str) -> Option<deno_core::SourceCodeCacheInfo> {
        self.code_cache.and_then(|cache| cache.get(specifier.as_str(), source))
    }

    /// Keeps the bytecode the engine made of a lazily loaded extension script.
    fn code_cache_ready(
        &self,
        specifier: ModuleSpecifier,
        hash: u64,
        code_cache: &[u8],
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> {
        if let Some(cache) = self.code_cache {
            cache.put(specifier.as_str(), hash, code_cache);
        }
        Box::pin(std::future::ready(()))
    }

    fn get_source_map(&self, file_name: &str) -> Option<Cow<'_, [u8]>> {
        let maps = self.source_maps.borrow();
        let map = maps.get(file_name)?.source_map.as_ref()?;
        Some(Cow::Owned(map.clone()))
    }
}

impl ToolkitLoader {
    /// The module at `specifier`, as the import asked for it (`requested`: `with { type: 'json' }`
    /// or not). A JSON file imported with that attribute is a JSON module; imported without
    /// it, as esbuild bundles it, a module whose default export is the parsed value.
    fn load_file(&self, specifier: &ModuleSpecifier, requested: &RequestedModuleType) -> Result<ModuleSource, ModuleLoaderError> {
        if specifier.as_str() == TOOLKIT_MODULE {
            return Ok(ModuleSource::new(
                ModuleType::JavaScript,
                ModuleSourceCode::String(toolkit_module_source().to_owned().into()),
                specifier,
                None,
            ));
        }
        let out = match self.sources.snapshot.get(specifier) {
            Some(recorded) => recorded,
            None => {
                let fresh = self.read_and_transpile(specifier)?;
                self.sources.snapshot.record(specifier, fresh)
            }
        };
        let json = is_json(specifier);
        let (module_type, code) = match requested {
            RequestedModuleType::Json if json => (ModuleType::Json, out.code.clone()),
            RequestedModuleType::Json => {
                return Err(JsErrorBox::type_error(not_json(specifier.as_str())))
            }
            _ if json => {
                let text = serde_json::to_string(&out.code).expect("a string is JSON");
                (ModuleType::JavaScript, format!("export default JSON.parse({text});\n"))
            }
            _ => (ModuleType::JavaScript, out.code.clone()),
        };
        if out.source_map.is_some() {
            self.source_maps.borrow_mut().insert(specifier.to_string(), out);
        }
        Ok(ModuleSource::new(module_type, ModuleSourceCode::String(code.into()), specifier, None))
    }

    /// Reads a toolkit file and transpiles it (a hit in the host's cache when unchanged).
    fn read_and_transpile(&self, specifier: &ModuleSpecifier) -> Result<std::sync::Arc<crate::transpile::Transpiled>, ModuleLoaderError> {
        let path = specifier
            .to_file_path()
            .map_err(|_| JsErrorBox::type_error(format!("Cannot load {specifier}: only the toolkit's files can be loaded")))?;
        let media_type = MediaType::from_path(&path);
        if !matches!(media_type, MediaType::TypeScript | MediaType::Mts | MediaType::JavaScript | MediaType::Mjs | MediaType::Json) {
            return Err(JsErrorBox::type_error(format!(
                "Cannot load {}: only .ts, .mts, .js, .mjs and .json modules are supported",
                path.display()
            )));
        }
        let source = read_module_file(&path).map_err(|e| {
            self.sources.snapshot.record_missed(&path);
            JsErrorBox::type_error(format!("Cannot read {}: {e}", path.display()))
        })?;
        self.sources.snapshot.record_read(&path, &source);
        if media_type == MediaType::Json {
            // Checked here, so a bad file is named with its line like a syntax error in a module.
            if let Err(e) = serde_json::from_str::<serde::de::IgnoredAny>(&source) {
                self.sources.snapshot.record_missed(&path);
                return Err(JsErrorBox::new("SyntaxError", format!("{}: {e}", path.display())));
            }
            return Ok(std::sync::Arc::new(crate::transpile::Transpiled { code: source, source_map: None }));
        }
        self.sources.cache.transpile(specifier, media_type, source).map_err(|e| {
            self.sources.snapshot.record_missed(&path);
            JsErrorBox::new("SyntaxError", format!("{}: {e}", path.display()))
        })
    }
}

impl ToolkitLoader {
    /// Every problem of the toolkit's module graph, one line each, for a load that failed while
    /// the graph was resolved or read: the engine stops at the first bad import, and a user
    /// should not have to fix one, run again and meet the next. The graph is walked from the
    /// entry file through each module's static imports and re-exports
    /// ([`crate::transpile::static_imports`]), with the same rules as at load ([`Self::resolve`],
    /// [`Self::read_and_transpile`]). A bad import is named by where it is written,
    /// `<file>:<line>:<column>: Cannot import "<specifier>": <why>`; a module that is imported but
    /// cannot be read is named by the import that reached it; a syntax error is swc's own
    /// message, which names its file and line. Empty when no problem is found.
    pub(crate) fn graph_problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut queue = std::collections::VecDeque::from([(self.entry.clone(), None::<String>)]);
        while let Some((specifier, imported_at)) = queue.pop_front() {
            if specifier.as_str() == TOOLKIT_MODULE || !seen.insert(specifier.clone()) {
                continue;
            }
            let placed = |message: String| match &imported_at {
                Some(at) => format!("{at}: {message}"),
                None => message,
            };
            if let Err(e) = self.read_and_transpile(&specifier) {
                problems.push(if e.get_class() == "SyntaxError" { e.get_message().into_owned() } else { placed(e.get_message().into_owned()) });
                continue;
            }
            let Ok(path) = specifier.to_file_path() else { continue };
            if is_json(&specifier) {
                continue;
            }
            let imports = read_module_file(&path)
                .map_err(|e| e.to_string())
                .and_then(|source| crate::transpile::static_imports(&specifier, MediaType::from_path(&path), source));
            let imports = match imports {
                Ok(imports) => imports,
                Err(e) => {
                    problems.push(placed(format!("{}: {e}", shown_path(&path))));
                    continue;
                }
            };
            for import in imports {
                let at = format!("{}:{}:{}", shown_path(&path), import.line, import.column);
                match self.resolve(&import.specifier, specifier.as_str(), ResolutionKind::Import) {
                    Ok(target) if import.json && !is_json(&target) => {
                        problems.push(format!("{at}: {}", not_json(&format!("\"{}\"", import.specifier))))
                    }
                    Ok(target) => queue.push_back((target, Some(at))),
                    Err(e) => {
                        let message = e.get_message();
                        let from = format!(" from {}:", path.display());
                        problems.push(format!("{at}: {}", message.replacen(&from, ":", 1)));
                    }
                }
            }
        }
        problems
    }

    /// Every import of the toolkit's module graph that names an export its module does not
    /// have, one line each (`<file>:<line>:<column>: The requested module '<specifier>' does not
    /// provide an export named '<name>'`), for a load the engine stopped at the first of them
    /// ([`crate::links::missing_exports`]). Modules are resolved with the same rules as at load;
    /// the SDK's module exports [`SDK_EXPORTS`] and `default`, a JSON module `default`.
    pub(crate) fn link_problems(&self) -> Vec<String> {
        use crate::links::GraphModule;
        let resolve = |specifier: &str, referrer: &ModuleSpecifier| self.resolve(specifier, referrer.as_str(), ResolutionKind::Import).ok();
        let module = |specifier: &ModuleSpecifier| {
            if specifier.as_str() == TOOLKIT_MODULE {
                return GraphModule::Exports(SDK_EXPORTS.iter().map(|n| (*n).to_owned()).chain(["default".to_owned()]).collect());
            }
            if is_json(specifier) {
                return GraphModule::Exports(vec!["default".to_owned()]);
            }
            let Ok(path) = specifier.to_file_path() else { return GraphModule::Unknown };
            read_module_file(&path)
                .ok()
                .and_then(|source| crate::links::module_links(specifier, MediaType::from_path(&path), source).ok())
                .map_or(GraphModule::Unknown, GraphModule::Read)
        };
        let shown = |specifier: &ModuleSpecifier| specifier.to_file_path().map_or_else(|_| specifier.to_string(), |p| shown_path(&p));
        crate::links::missing_exports(&self.entry, &resolve, &module, &shown)
    }
}

/// `path` as a problem line shows it: every control character (a newline, an escape) and every
/// bidirectional override written as an escape (`\n`, `\u{1b}`), so that a folder's name cannot
/// start a line of its own and pass for another problem (hostile review 64).
pub fn shown_path(path: &Path) -> String {
    let text = path.display().to_string();
    let odd = |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if !text.contains(odd) {
        return text;
    }
    text.chars().map(|c| if odd(c) { c.escape_default().to_string() } else { c.to_string() }).collect()
}

/// The error for an import `with { type: 'json' }` of `what`, a module that is not a `.json` file
/// (at load, listed with the graph's other problems; at run time, a `TypeError`).
fn not_json(what: &str) -> String {
    format!("Cannot import {what} with {{ type: 'json' }}: it is not a .json file")
}

/// Whether `specifier` names a `.json` file (a JSON module, whatever the import asked for).
fn is_json(specifier: &ModuleSpecifier) -> bool {
    specifier.path().ends_with(".json")
}

/// The largest toolkit module file read, in bytes (32 MiB; a bundled toolkit with its
/// dependencies is a few MiB). A larger one fails to load rather than being read whole
/// outside every limit.
const MAX_MODULE_BYTES: u64 = 32 * 1024 * 1024;

/// A module file's text: only a regular file is read ([`trove_host_ops::regular_file`]; a named
/// pipe would block the load forever, where no time limit reaches). Errors: not a regular file,
/// over [`MAX_MODULE_BYTES`], not UTF-8, or the I/O error.
pub(crate) fn read_module_file(path: &std::path::Path) -> std::io::Result<String> {
    trove_host_ops::regular_file::read_regular_text(path, MAX_MODULE_BYTES).map_err(|e| {
        if e.kind() == std::io::ErrorKind::FileTooLarge {
            std::io::Error::new(e.kind(), format!("larger than the {} MiB a module may be", MAX_MODULE_BYTES >> 20))
        } else {
            e
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workspace_root_is_the_nearest_marked_ancestor_else_the_parent() {
        let base = std::env::temp_dir().join(format!("trove-ws-{}", std::process::id()));
        let kit = base.join("repo/toolkits/kit");
        std::fs::create_dir_all(&kit).unwrap();
        let base = base.canonicalize().unwrap();
        let kit = kit.canonicalize().unwrap();
        // Whatever marks an ancestor of the temp dir itself decides the unmarked case.
        let unmarked = base.ancestors().find(|d| WORKSPACE_MARKERS.iter().any(|m| d.join(m).exists()));
        match unmarked {
            None => assert_eq!(workspace_root(&kit), base.join("repo/toolkits"), "no marker: the parent"),
            Some(found) => assert_eq!(workspace_root(&kit), found),
        }
        for marker in WORKSPACE_MARKERS {
            std::fs::write(base.join("repo").join(marker), "{}").unwrap();
            assert_eq!(workspace_root(&kit), base.join("repo"), "{marker}");
            std::fs::remove_file(base.join("repo").join(marker)).unwrap();
        }
        // The toolkit's own folder does not count (a scaffolded toolkit has its tsconfig.json):
        // it still shares the workspace above it.
        std::fs::write(base.join("repo/package.json"), "{}").unwrap();
        std::fs::write(kit.join("tsconfig.json"), "{}").unwrap();
        assert_eq!(workspace_root(&kit), base.join("repo"));
        let _ = std::fs::remove_dir_all(&base);
    }

    /// A marker in the home folder does not make home the workspace (review 55): a toolkit
    /// below it gets the nearest marked folder under home, else its parent, so neither
    /// `~/work/…` nor, for a toolkit under a hidden folder, the rest of `~/.config` is in reach.
    #[test]
    fn a_marker_in_the_home_folder_does_not_make_home_the_root() {
        let home = std::env::temp_dir().join(format!("trove-ws-fake-home-{}", std::process::id()));
        let downloads = home.join("Downloads/kit");
        let config = home.join(".config/trove/kit");
        let project = home.join("work/repo/toolkits/kit");
        for dir in [&downloads, &config, &project] {
            std::fs::create_dir_all(dir).unwrap();
        }
        let home = home.canonicalize().unwrap();
        for marker in WORKSPACE_MARKERS {
            std::fs::write(home.join(marker), "{}").unwrap();
            assert_eq!(workspace_root_below(&downloads, Some(&home)), home.join("Downloads"), "{marker}");
            assert_eq!(workspace_root_below(&config, Some(&home)), home.join(".config/trove"), "{marker}");
            // A marker below home still marks its folder.
            std::fs::write(home.join("work/repo").join(marker), "{}").unwrap();
            assert_eq!(workspace_root_below(&project, Some(&home)), home.join("work/repo"), "{marker}");
            std::fs::remove_file(home.join("work/repo").join(marker)).unwrap();
            std::fs::remove_file(home.join(marker)).unwrap();
        }
        // A toolkit right in home, with home marked: its own folder.
        std::fs::write(home.join(".git"), "").unwrap();
        assert_eq!(workspace_root_below(&home.join("Downloads"), Some(&home)), home.join("Downloads"));
        // Review 56: a hidden folder is no root, marked or as the parent, so the rest of
        // `~/.config` stays out of reach of a toolkit in it.
        let direct = home.join(".config/probe");
        std::fs::create_dir_all(&direct).unwrap();
        assert_eq!(workspace_root_below(&direct, Some(&home)), direct);
        std::fs::write(home.join(".config/.git"), "").unwrap();
        assert_eq!(workspace_root_below(&config, Some(&home)), home.join(".config/trove"));
        assert_eq!(workspace_root_below(&direct, Some(&home)), direct);
        // A marked folder inside a hidden one is a root as any other.
        std::fs::write(home.join(".config/trove/package.json"), "{}").unwrap();
        assert_eq!(workspace_root_below(&config, Some(&home)), home.join(".config/trove"));
        let _ = std::fs::remove_dir_all(&home);
    }

    /// With no marker above it, a toolkit in the user's home folder or at the top of the file
    /// system is a workspace of its own: its parent would be all of home, or everything
    /// (review 46).
    #[test]
    fn no_marker_never_makes_home_or_the_file_system_the_root() {
        if let Some(home) = std::env::var_os("HOME").map(PathBuf::from).and_then(|h| h.canonicalize().ok()) {
            let kit = home.join(format!("trove-ws-home-kit-{}", std::process::id()));
            std::fs::create_dir_all(&kit).unwrap();
            let marked = home.ancestors().any(|d| WORKSPACE_MARKERS.iter().any(|m| d.join(m).exists()));
            if !marked {
                assert_eq!(workspace_root(&kit), kit, "not all of {}", home.display());
            }
            let _ = std::fs::remove_dir_all(&kit);
        }
        let top = Path::new("/");
        assert_eq!(workspace_root(&top.join("no-such-app-folder")), top.join("no-such-app-folder"));
    }
}
