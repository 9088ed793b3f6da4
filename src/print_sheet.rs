//! Printable sheets of counter codes: an SVG document of QR codes, each with its code printed under it,
//! laid out at counter size (5/8 inch, 15.9 mm squares) on A4 or US-letter pages. QR encoding comes from
//! the `qrcode` crate; this module only lays the modules out. Print from any browser, or
//! `rsvg-convert -f pdf sheet.svg > sheet.pdf`.

use std::fmt::Write;

use qrcode::{Color, EcLevel, QrCode};

use crate::codes::{self, Piece};
use crate::pack::RulesPack;

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
pub const GROUPS: [&str; 8] = ["all", "incidents", "coastal", "orders", "austro_hungarian", "german", "cargo", "placeholders"];

fn in_group(group: &str, piece: &Piece, code: &str) -> bool {
    let letter = code.as_bytes().get(4).copied().unwrap_or(b'?') as char;
    match group {
        "all" => true,
        "incidents" => letter == 'I',
        "coastal" => letter == 'C',
        "orders" => letter == 'O',
        "austro_hungarian" => letter == 'A',
        "german" => matches!(piece, Piece::GermanShip { .. } | Piece::Collier { .. }),
        "cargo" => letter == 'X',
        "placeholders" => letter == 'P',
        _ => false,
    }
}

/// The codes of a group, or None for an unknown group name.
pub fn codes_of_group(pack: &RulesPack, group: &str) -> Option<Vec<String>> {
    labelled_group(pack, group).map(|v| v.into_iter().map(|(c, _)| c).collect())
}

/// The codes of a group with the piece's short name printed under each (so each code finds its counter).
pub fn labelled_group(pack: &RulesPack, group: &str) -> Option<Vec<(String, String)>> {
    GROUPS.contains(&group).then(|| {
        codes::all(pack)
            .into_iter()
            .filter(|(p, c)| in_group(group, p, c))
            .map(|(p, c)| (c, short_name(pack, &p)))
            .collect()
    })
}

fn short_name(pack: &RulesPack, piece: &Piece) -> String {
    let name = match piece {
        Piece::Counter { id } => pack.counter(id).map(|c| c.name.clone()).unwrap_or_default(),
        Piece::GermanShip { id } => pack.german_ship(id).map(|s| s.name.clone()).unwrap_or_default(),
        Piece::Collier { number } => format!("Collier {number}"),
        Piece::Cargo { item, number } => format!("{} {number}", pack.charts.cargo(item).map(|c| c.name.as_str()).unwrap_or(item)),
        Piece::Placeholder { place } => pack.place(place).map(|p| p.name.replace("Patrol Zone", "PZ")).unwrap_or_default(),
    };
    let name = name.replace("HMS ", "").replace("SMS ", "");
    // Keep a trailing number ("Allied Merchantman 7" → "Allied Merch… 7"): it tells identical chits apart.
    const MAX: usize = 16;
    let short = if name.chars().count() <= MAX {
        name
    } else {
        match name.rsplit_once(' ').filter(|(_, n)| n.chars().all(|c| c.is_ascii_digit())) {
            Some((head, n)) => format!("{}… {n}", head.chars().take(MAX - n.len() - 2).collect::<String>()),
            None => format!("{}…", name.chars().take(MAX - 1).collect::<String>()),
        }
    };
    short.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// One SVG document with one page per group of rows that fits (pages stacked vertically, each outlined).
pub fn sheet_svg(codes: &[(String, String)], paper: Paper) -> String {
    let (page_w, page_h) = paper.size_mm();
    let margin = 10.0;
    let cell = COUNTER_MM + 4.0; // room for cutting between counters
    let label = 5.5;
    let cols = ((page_w - 2.0 * margin) / cell).floor().max(1.0) as usize;
    let rows = ((page_h - 2.0 * margin) / (cell + label)).floor().max(1.0) as usize;
    let per_page = cols * rows;
    let pages = codes.len().div_ceil(per_page).max(1);
    let total_h = page_h * pages as f64;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}mm" height="{total_h}mm" viewBox="0 0 {page_w} {total_h}">"#
    );
    for page in 0..pages {
        let top = page as f64 * page_h;
        let _ = write!(svg, r##"<rect x="0" y="{top}" width="{page_w}" height="{page_h}" fill="#fff" stroke="#ccc" stroke-width="0.2"/>"##);
    }
    for (i, (code, name)) in codes.iter().enumerate() {
        let page = i / per_page;
        let (row, col) = ((i % per_page) / cols, i % cols);
        let x = margin + col as f64 * cell;
        let y = page as f64 * page_h + margin + row as f64 * (cell + label);
        let _ = write!(svg, r##"<rect x="{x:.3}" y="{y:.3}" width="{COUNTER_MM}" height="{COUNTER_MM}" fill="none" stroke="#999" stroke-width="0.15"/>"##);
        svg.push_str(&qr_path(code, x + 1.0, y + 1.0, COUNTER_MM - 2.0));
        let _ = write!(
            svg,
            r##"<text x="{:.3}" y="{:.3}" font-family="monospace" font-size="2.4" text-anchor="middle">{code}</text>"##,
            x + COUNTER_MM / 2.0,
            y + COUNTER_MM + 2.6
        );
        let _ = write!(
            svg,
            r##"<text x="{:.3}" y="{:.3}" font-family="sans-serif" font-size="2" text-anchor="middle">{name}</text>"##,
            x + COUNTER_MM / 2.0,
            y + COUNTER_MM + 5.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The dark modules of a code's QR symbol as one SVG path inside a `size` mm square at (x, y).
fn qr_path(code: &str, x: f64, y: f64, size: f64) -> String {
    let qr = QrCode::with_error_correction_level(code.as_bytes(), EcLevel::M).expect("a short code always fits a QR symbol");
    let width = qr.width();
    let quiet = 1.0;
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
    let qr = QrCode::with_error_correction_level(code.as_bytes(), EcLevel::M).expect("a short code always fits a QR symbol");
    (qr.width(), qr.to_colors().into_iter().map(|c| c == Color::Dark).collect())
}
