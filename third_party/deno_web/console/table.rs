// Copyright 2018-2026 the Deno authors. MIT license.

//! `console.table` table rendering, ported from the cli_table fork in
//! `01_console.js`.

use super::width::get_string_width;

const MIDDLE_MIDDLE: &str = "\u{2500}";
const ROW_MIDDLE: &str = "\u{253c}";
const TOP_RIGHT: &str = "\u{2510}";
const TOP_LEFT: &str = "\u{250c}";
const LEFT_MIDDLE: &str = "\u{251c}";
const TOP_MIDDLE: &str = "\u{252c}";
const BOTTOM_RIGHT: &str = "\u{2518}";
const BOTTOM_LEFT: &str = "\u{2514}";
const BOTTOM_MIDDLE: &str = "\u{2534}";
const RIGHT_MIDDLE: &str = "\u{2524}";
const LEFT: &str = "\u{2502} ";
const RIGHT: &str = " \u{2502}";
const MIDDLE: &str = " \u{2502} ";

fn render_row(row: &[String], column_widths: &[usize]) -> String {
  let mut out = String::from(LEFT);
  for (i, cell) in row.iter().enumerate() {
    let len = get_string_width(cell, true);
    let padding = " ".repeat(column_widths[i].saturating_sub(len));
    out.push_str(cell);
    out.push_str(&padding);
    if i != row.len() - 1 {
      out.push_str(MIDDLE);
    }
  }
  out.push_str(RIGHT);
  out
}

/// `cliTable(head, columns)` from 01_console.js. `columns[i]` is the column
/// under `head[i]`; a `None` cell means the row has no entry for that column
/// (JS `hasOwnProperty(column, j)` false -> "").
/// trove-host patch (TROVE-PATCHES.md, 1): about how many bytes [`cli_table`] would make,
/// without making them: every row is padded to its columns' widest cells, so one wide cell
/// widens every row (a 120 KB cell over 100,000 rows asked for 23 GB, and the process aborted).
pub fn rendered_len(head: &[String], columns: &[Vec<Option<String>>]) -> usize {
  let longest_column = columns.iter().map(|a| a.len()).max().unwrap_or(0);
  let mut row_bytes = 4usize;
  for (i, h) in head.iter().enumerate() {
    let mut width = get_string_width(h, true);
    if let Some(column) = columns.get(i) {
      for value in column.iter().flatten() {
        width = width.max(get_string_width(value, true));
      }
    }
    row_bytes = row_bytes.saturating_add(width.saturating_add(8));
  }
  row_bytes.saturating_mul(longest_column.saturating_add(4))
}

pub fn cli_table(head: &[String], columns: &[Vec<Option<String>>]) -> String {
  let mut rows: Vec<Vec<String>> = Vec::new();
  let mut column_widths: Vec<usize> =
    head.iter().map(|h| get_string_width(h, true)).collect();
  let longest_column = columns.iter().map(|a| a.len()).max().unwrap_or(0);

  for i in 0..head.len() {
    let empty = Vec::new();
    let column = columns.get(i).unwrap_or(&empty);
    for j in 0..longest_column {
      if rows.len() <= j {
        rows.resize_with(j + 1, Vec::new);
      }
      let value = column.get(j).and_then(|v| v.clone()).unwrap_or_default();
      let counted = get_string_width(&value, true);
      column_widths[i] = column_widths[i].max(counted);
      // JS: columnRightAlign[i] &= NumberIsInteger(+value);
      // `+""` is 0 (an integer); `+x` of non-numeric strings is NaN.
      let row = &mut rows[j];
      if row.len() <= i {
        row.resize_with(i + 1, String::new);
      }
      row[i] = value;
    }
  }

  let divider: Vec<String> = column_widths
    .iter()
    .map(|w| MIDDLE_MIDDLE.repeat(w + 2))
    .collect();

  let mut result = format!(
    "{}{}{}\n{}\n{}{}{}\n",
    TOP_LEFT,
    divider.join(TOP_MIDDLE),
    TOP_RIGHT,
    render_row(head, &column_widths),
    LEFT_MIDDLE,
    divider.join(ROW_MIDDLE),
    RIGHT_MIDDLE,
  );

  for row in &rows {
    // Rows may be shorter than head when a column had no entries.
    let mut padded = row.clone();
    padded.resize_with(head.len(), String::new);
    // trove-host patch (TROVE-PATCHES.md, 1): cells are left-aligned, as Node 20's are.
    result.push_str(&render_row(&padded, &column_widths));
    result.push('\n');
  }

  result.push_str(&format!(
    "{}{}{}",
    BOTTOM_LEFT,
    divider.join(BOTTOM_MIDDLE),
    BOTTOM_RIGHT,
  ));

  result
}

#[cfg(test)]
mod tests {
  use super::*;

  #[test]
  fn simple_table() {
    let head = vec!["(idx)".to_string(), "Values".to_string()];
    let columns = vec![
      vec![Some("0".to_string()), Some("1".to_string())],
      vec![Some("1".to_string()), Some("2".to_string())],
    ];
    let out = cli_table(&head, &columns);
    assert!(out.contains("(idx)"));
    assert!(out.starts_with(TOP_LEFT));
    assert!(out.ends_with(BOTTOM_RIGHT));
  }
}
