//! `trove-host new <DIR>`: scaffolds a toolkit that type-checks and passes `trove-host test`
//! out of the box, with no network: the template in `cli/templates/new/`, embedded.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::usage;

#[derive(clap::Args)]
pub struct NewArgs {
    /// The directory to create (must not exist, or be empty). Its name is the toolkit id.
    dir: PathBuf,
}

/// The template's files: path inside the new toolkit → contents, with `{{id}}` and `{{name}}`
/// placeholders.
const TEMPLATE: &[(&str, &str)] = &[
    ("extension.ts", include_str!("../templates/new/extension.ts")),
    ("tsconfig.json", include_str!("../templates/new/tsconfig.json")),
    ("types/ontrove-extend-toolkit.d.ts", include_str!("../templates/new/types/ontrove-extend-toolkit.d.ts")),
    ("tests/current_weather.json", include_str!("../templates/new/tests/current_weather.json")),
    ("README.md", include_str!("../templates/new/README.md")),
];

/// `my-tool-kit` → `My Tool Kit`; an id of dashes alone (`-`, valid) is its own name, since a
/// toolkit's `name` must not be empty (contract §1; review 55: the scaffold failed its test).
fn human_name(id: &str) -> String {
    if id.bytes().all(|b| b == b'-') {
        return id.to_owned();
    }
    id.split('-')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            chars.next().map(|c| c.to_uppercase().chain(chars).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Checks that `dir` can hold a new toolkit and returns its id (the directory's name).
fn toolkit_id(dir: &Path) -> Result<String, String> {
    // `new .` in an empty folder names the toolkit after that folder.
    let named = match dir.file_name() {
        Some(_) => dir.to_path_buf(),
        None => std::path::absolute(dir).ok().and_then(|a| a.canonicalize().ok()).unwrap_or_else(|| dir.to_path_buf()),
    };
    let id = named
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| format!("{} has no directory name to use as the toolkit id", dir.display()))?
        .to_owned();
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
        return Err(format!(
            "{id:?} cannot be a toolkit id: ids match ^[a-z0-9-]+$ (lowercase letters, digits and '-'), e.g. `trove-host new weather-alerts`"
        ));
    }
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => {
            if std::fs::read_dir(dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
                return Err(format!("{} already exists and is not empty", dir.display()));
            }
        }
        Ok(_) => return Err(format!("{} already exists and is not a directory", dir.display())),
        Err(_) if std::fs::symlink_metadata(dir).is_ok() => {
            return Err(format!("{} is a symbolic link to nothing", dir.display()));
        }
        Err(_) => {}
    }
    Ok(id)
}

pub fn new(args: NewArgs) -> ExitCode {
    let id = match toolkit_id(&args.dir) {
        Ok(id) => id,
        Err(e) => return usage(e),
    };
    let name = human_name(&id);
    for (path, contents) in TEMPLATE {
        let target = args.dir.join(path);
        let text = contents.replace("{{id}}", &id).replace("{{name}}", &name);
        let written = target
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&target, text));
        if let Err(e) = written {
            return usage(format!("cannot write {}: {e}", target.display()));
        }
    }
    let dir = args.dir.display();
    eprintln!("created toolkit {id:?} in {dir}");
    eprintln!("  trove-host test {dir}            run its test cases (offline)");
    eprintln!("  npx -p typescript@5 tsc -p {dir} type-check it");
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::human_name;

    #[test]
    fn every_valid_id_gets_a_name_that_is_not_empty() {
        assert_eq!(human_name("weather-alerts"), "Weather Alerts");
        assert_eq!(human_name("a--b-"), "A B");
        assert_eq!(human_name("x2"), "X2");
        // Review 55: `new -` wrote `name: ''`, which `defineToolkit` refuses.
        assert_eq!(human_name("-"), "-");
        assert_eq!(human_name("---"), "---");
    }
}
