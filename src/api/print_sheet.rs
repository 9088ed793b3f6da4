//! Printable sheets of counter codes (docs/CODES.md): SVG (pure string output) of QR codes, each with its
//! code printed under it inside a counter-sized square (5/8 inch, 15.875 mm — the usual counter size) and
//! the piece's short name in the gutter below, on A4 or US-letter pages, as many pages as needed. QR
//! encoding comes from the `qrcode` crate (level M; a code fits a version-1 symbol of 21×21 modules, drawn
//! 12 mm wide with a 2-module quiet zone); this module only lays the modules out. Print from any browser,
//! or `rsvg-convert -f pdf page-*.svg > sheet.pdf`.

use std::collections::BTreeMap;
use std::fmt::Write;

use qrcode::{Color, EcLevel, QrCode};

use crate::api::codes::{self, in_group, Piece};
use crate::ground::pack::RulesPack;

/// A counter's side, in millimetres (5/8 inch, the usual size of wargame counters).
pub const COUNTER_MM: f64 = 15.875;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// The groups a sheet can be printed for.
pub const GROUPS: [&str; 9] = [
    "all",
    "allied",
    "incidents",
    "coastal",
    "orders",
    "austro_hungarian",
    "german",
    "cargo",
    "placeholders",
];

/// The codes of a group, or None for an unknown group name.
pub fn codes_of_group(pack: &RulesPack, group: &str) -> Option<Vec<String>> {
    labelled_group(pack, group).map(|v| v.into_iter().map(|(c, _)| c).collect())
}

/// The codes of a group with the piece's short name printed under each (so each code finds its counter).
pub fn labelled_group(pack: &RulesPack, group: &str) -> Option<Vec<(String, String)>> {
    // In the pack's order (a nation's ships together), so the squares follow the counter sheet.
    GROUPS.contains(&group).then(|| {
        let codes: BTreeMap<Piece, String> = codes::all(pack).into_iter().collect();
        codes::pieces(pack)
            .into_iter()
            .filter(|p| in_group(pack, group, p))
            .filter_map(|p| Some((codes.get(&p)?.clone(), short_name(pack, &p))))
            .collect()
    })
}

fn short_name(pack: &RulesPack, piece: &Piece) -> String {
    let name = match piece {
        Piece::Counter { id } => pack.counter(id).map(|c| c.name.clone()).unwrap_or_default(),
        Piece::GermanShip { id } => pack
            .german_ship(id)
            .map(|s| s.name.clone())
            .unwrap_or_default(),
        Piece::Collier { number } => format!("Collier {number}"),
        Piece::Cargo { item, number } => format!(
            "{} {number}",
            pack.charts
                .cargo(item)
                .map(|c| c.name.as_str())
                .unwrap_or(item)
        ),
        Piece::Placeholder { place } => pack
            .place(place)
            .map(|p| p.name.replace("Patrol Zone", "PZ"))
            .unwrap_or_default(),
    };
    let name = name.replace("HMS ", "").replace("SMS ", "");
    // Keep a trailing number ("Allied Merchantman 7" → "Allied Merch… 7"): it tells identical chits apart.
    const MAX: usize = 16;
    let short = if name.chars().count() <= MAX {
        name
    } else {
        match name
            .rsplit_once(' ')
            .filter(|(_, n)| n.chars().all(|c| c.is_ascii_digit()))
        {
            Some((head, n)) => format!(
                "{}… {n}",
                head.chars().take(MAX - n.len() - 2).collect::<String>()
            ),
            None => format!("{}…", name.chars().take(MAX - 1).collect::<String>()),
        }
    };
    short
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Page layout, in millimetres: the margin kept clear for printers, and the gutters between squares (the
/// piece's short name is printed in the gutter under its square, outside the cut line).
const MARGIN: f64 = 12.0;
const GUTTER_X: f64 = 3.0;
const GUTTER_Y: f64 = 4.5;
/// The QR symbol's side inside the square (a 2-module quiet zone included), and where the code goes.
const QR_MM: f64 = 12.0;

/// How many squares fit one page: (columns, rows).
pub fn grid(paper: Paper) -> (usize, usize) {
    let (w, h) = paper.size_mm();
    let cols = ((w - 2.0 * MARGIN + GUTTER_X) / (COUNTER_MM + GUTTER_X))
        .floor()
        .max(1.0) as usize;
    let rows = ((h - 2.0 * MARGIN + GUTTER_Y) / (COUNTER_MM + GUTTER_Y))
        .floor()
        .max(1.0) as usize;
    (cols, rows)
}

/// The drawing of each page (no enclosing `<svg>`), in millimetres from the page's top left corner.
fn page_bodies(codes: &[(String, String)], paper: Paper) -> Vec<String> {
    let (page_w, page_h) = paper.size_mm();
    let (cols, rows) = grid(paper);
    let per_page = cols * rows;
    let chunks: Vec<&[(String, String)]> = if codes.is_empty() {
        vec![&[]]
    } else {
        codes.chunks(per_page).collect()
    };
    let total = chunks.len();
    chunks
        .into_iter()
        .enumerate()
        .map(|(page, chunk)| {
            let mut svg = String::new();
            let _ = write!(svg, r##"<rect width="{page_w}" height="{page_h}" fill="#fff" stroke="#ccc" stroke-width="0.2"/>"##);
            let _ = write!(
                svg,
                r##"<text x="{MARGIN}" y="{:.1}" font-family="sans-serif" font-size="2.5" fill="#666">Goeben Referee counter codes — page {} of {total} — print at 100 %, cut along the grey squares (5/8 inch)</text>"##,
                MARGIN - 4.0,
                page + 1
            );
            for (i, (code, name)) in chunk.iter().enumerate() {
                let (row, col) = (i / cols, i % cols);
                let x = MARGIN + col as f64 * (COUNTER_MM + GUTTER_X);
                let y = MARGIN + row as f64 * (COUNTER_MM + GUTTER_Y);
                counter_square(&mut svg, x, y, code, name);
            }
            svg
        })
        .collect()
}

/// A counter-sized square at (x, y) mm: its cut line, the QR symbol, the code under it and the piece's
/// name below the square.
fn counter_square(svg: &mut String, x: f64, y: f64, code: &str, name: &str) {
    let _ = write!(
        svg,
        r##"<rect x="{x:.3}" y="{y:.3}" width="{COUNTER_MM}" height="{COUNTER_MM}" fill="none" stroke="#999" stroke-width="0.15"/>"##
    );
    svg.push_str(&qr_path(
        code,
        x + (COUNTER_MM - QR_MM) / 2.0,
        y + 0.4,
        QR_MM,
    ));
    let _ = write!(
        svg,
        r##"<text x="{:.3}" y="{:.3}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-weight="bold" font-size="2.1" text-anchor="middle">{code}</text>"##,
        x + COUNTER_MM / 2.0,
        y + COUNTER_MM - 1.0
    );
    let _ = write!(
        svg,
        r##"<text x="{:.3}" y="{:.3}" font-family="sans-serif" font-size="1.9" fill="#333" text-anchor="middle">{name}</text>"##,
        x + COUNTER_MM / 2.0,
        y + COUNTER_MM + 2.6
    );
}

fn svg_open(width: f64, height: f64) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">"#
    )
}

/// One standalone SVG document per page (for `rsvg-convert -f pdf page-*.svg`, one PDF page each).
/// Each square is a counter-sized (5/8 inch) cut-out holding the QR symbol and, under it, the code.
pub fn sheet_pages(codes: &[(String, String)], paper: Paper) -> Vec<String> {
    let (page_w, page_h) = paper.size_mm();
    page_bodies(codes, paper)
        .into_iter()
        .map(|body| format!("{}{body}</svg>\n", svg_open(page_w, page_h)))
        .collect()
}

/// One SVG document holding every page, stacked top to bottom: one file to look at or print from a
/// browser; [`sheet_pages`] gives the pages as separate documents for a page-exact PDF.
pub fn sheet_svg(codes: &[(String, String)], paper: Paper) -> String {
    let (page_w, page_h) = paper.size_mm();
    let pages = page_bodies(codes, paper);
    let mut svg = svg_open(page_w, page_h * pages.len() as f64);
    for (n, body) in pages.iter().enumerate() {
        let _ = write!(
            svg,
            r#"<g transform="translate(0 {})">{body}</g>"#,
            n as f64 * page_h
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// One counter's square alone, at its printed size: to reprint the code of a lost or damaged counter
/// without a whole sheet (`counter_sheet --code CODE`). The same drawing as on a sheet, name under it.
pub fn counter_svg(code: &str, name: &str) -> String {
    let (w, h) = (COUNTER_MM + 2.0, COUNTER_MM + 5.0);
    let mut svg = svg_open(w, h);
    let _ = write!(svg, r##"<rect width="{w}" height="{h}" fill="#fff"/>"##);
    counter_square(&mut svg, 1.0, 1.0, code, name);
    svg.push_str("</svg>\n");
    svg
}

/// A code's QR symbol, as printed on the sheets: error-correction level M (15 % of the symbol may be
/// lost); a code's characters are all in QR's alphanumeric set, so it fits version 1 (21×21 modules).
pub fn qr_symbol(code: &str) -> QrCode {
    QrCode::with_error_correction_level(code.as_bytes(), EcLevel::M)
        .expect("a code or a join URL always fits a QR symbol")
}

/// A short text's QR symbol alone, as an SVG document in module units: dark modules as one path on white
/// with a quiet zone of 4 modules (a table seat's join URL, shown by the app to be scanned).
pub fn qr_svg(text: &str) -> String {
    let qr = qr_symbol(text);
    let width = qr.width();
    let quiet = 4;
    let size = width + 2 * quiet;
    let mut d = String::new();
    for (i, color) in qr.to_colors().into_iter().enumerate() {
        if color == Color::Dark {
            let _ = write!(d, "M{} {}h1v1h-1z", quiet + i % width, quiet + i / width);
        }
    }
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" shape-rendering="crispEdges"><rect width="{size}" height="{size}" fill="#fff"/><path d="{d}" fill="#000"/></svg>"##
    )
}

/// The dark modules of a code's QR symbol as one SVG path inside a `size` mm square at (x, y).
fn qr_path(code: &str, x: f64, y: f64, size: f64) -> String {
    let qr = qr_symbol(code);
    let width = qr.width();
    let quiet = 2.0;
    let module = size / (width as f64 + 2.0 * quiet);
    let mut d = String::new();
    for (i, color) in qr.to_colors().into_iter().enumerate() {
        if color == Color::Dark {
            let mx = x + (quiet + (i % width) as f64) * module;
            let my = y + (quiet + (i / width) as f64) * module;
            let _ = write!(d, "M{mx:.3} {my:.3}h{module:.3}v{module:.3}h-{module:.3}z");
        }
    }
    format!(r##"<path d="{d}" fill="#000"/>"##)
}

/// The QR symbol of a code as rows of dark (true) modules, with no quiet zone (for tests and scanners).
pub fn qr_modules(code: &str) -> (usize, Vec<bool>) {
    let qr = qr_symbol(code);
    (
        qr.width(),
        qr.to_colors()
            .into_iter()
            .map(|c| c == Color::Dark)
            .collect(),
    )
}
