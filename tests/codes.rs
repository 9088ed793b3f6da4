//! Counter codes (docs/CODES.md): every piece has a unique code that survives print → image → decode →
//! parse; the parser tells foreign, malformed, mistyped and unknown codes apart and never panics; a scan
//! shows printed values and public status only.

use goeben_referee::codes::{self, CodeError, Piece};
use goeben_referee::print_sheet::{self, Paper};
use goeben_referee::{Action, RulesPack, Session};
use proptest::prelude::*;

#[test]
fn every_piece_has_one_unique_code_that_parses_back_to_it() {
    let pack = RulesPack::standard();
    let all = codes::all(&pack);
    assert_eq!(all.iter().filter(|(p, _)| matches!(p, Piece::Counter { .. })).count(), pack.counters.counters.len());
    let mut seen = std::collections::BTreeSet::new();
    for (piece, code) in &all {
        assert!(seen.insert(code.clone()), "{code} twice");
        assert_eq!(codes::parse(&pack, code).as_ref(), Ok(piece));
        // Case, spaces and missing separators do not matter.
        let sloppy = format!("  {} ", code.to_lowercase().replace('-', " "));
        assert_eq!(codes::parse(&pack, &sloppy).as_ref(), Ok(piece), "{sloppy:?}");
        assert_eq!(codes::parse(&pack, &code.replace('-', "")).as_ref(), Ok(piece));
    }
}

#[test]
fn the_check_character_catches_every_single_mistype_and_every_neighbour_swap() {
    let pack = RulesPack::standard();
    let alphabet: Vec<char> = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*".chars().collect();
    for (_, code) in codes::all(&pack) {
        let chars: Vec<char> = code.chars().collect();
        // Positions after "GO1-": letter, digits, check (skipping the separators).
        let positions: Vec<usize> = (4..chars.len()).filter(|&i| chars[i] != '-').collect();
        for &i in &positions {
            for &c in &alphabet {
                if c == chars[i] {
                    continue;
                }
                let mut typo = chars.clone();
                typo[i] = c;
                let typo: String = typo.into_iter().collect();
                assert!(codes::parse(&pack, &typo).is_err(), "{code} → {typo} was accepted");
            }
        }
        for w in positions.windows(2) {
            let mut swapped = chars.clone();
            swapped.swap(w[0], w[1]);
            if swapped != chars {
                let swapped: String = swapped.into_iter().collect();
                assert!(codes::parse(&pack, &swapped).is_err(), "{code} → {swapped} was accepted");
            }
        }
    }
}

#[test]
fn foreign_malformed_mistyped_and_unknown_codes_get_distinct_errors() {
    let pack = RulesPack::standard();
    assert!(matches!(codes::parse(&pack, "https://example.org/qr"), Err(CodeError::Foreign(_))));
    assert!(matches!(codes::parse(&pack, "978-3-16-148410-0"), Err(CodeError::Foreign(_))));
    assert!(matches!(codes::parse(&pack, "GO1-I0"), Err(CodeError::Malformed(..))));
    assert!(matches!(codes::parse(&pack, "GO2-I001-X"), Err(CodeError::Malformed(..))));
    let good = codes::all(&pack)[0].1.clone();
    let mut bad = good.clone();
    let last = bad.pop().unwrap();
    bad.push(if last == '0' { '1' } else { '0' });
    assert!(matches!(codes::parse(&pack, &bad), Err(CodeError::BadCheck(_))));
    // A well-formed code with a correct check for a number no piece has.
    let unknown = (900..1000)
        .map(|n| format!("GO1I{n:03}"))
        .find_map(|body| ('0'..='Z').chain(['*']).map(|c| format!("{body}{c}")).find(|c| matches!(codes::parse(&pack, c), Err(CodeError::Unknown(_)))));
    assert!(unknown.is_some(), "an unknown but valid code is reported as unknown");
    let codes: Vec<&str> = [CodeError::Foreign("".into()), CodeError::Malformed("".into(), ""), CodeError::BadCheck("".into()), CodeError::Unknown("".into())]
        .iter()
        .map(|e| e.code())
        .collect();
    assert_eq!(codes, vec!["foreign_code", "malformed_code", "bad_check", "unknown_code"]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn the_parser_never_panics_on_any_text(text in ".{0,60}") {
        let _ = codes::parse(&RulesPack::standard(), &text);
    }

    #[test]
    fn the_parser_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..60)) {
        let _ = codes::parse(&RulesPack::standard(), &String::from_utf8_lossy(&bytes));
    }
}

/// Renders a code's QR symbol to a greyscale image (4 pixels a module, a 4-module quiet zone), decodes it.
fn print_and_read(code: &str) -> String {
    let (width, modules) = print_sheet::qr_modules(code);
    let (scale, quiet) = (4usize, 4usize);
    let side = (width + 2 * quiet) * scale;
    let img = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
        let (mx, my) = (x / scale, y / scale);
        let dark = mx >= quiet && my >= quiet && mx < quiet + width && my < quiet + width && modules[(my - quiet) * width + (mx - quiet)];
        if dark { 0 } else { 255 }
    });
    let mut img = img;
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "{code}: one QR symbol found");
    grids[0].decode().expect("decodes").1
}

#[test]
fn every_code_round_trips_through_a_qr_image() {
    let pack = RulesPack::standard();
    for (piece, code) in codes::all(&pack) {
        let read = print_and_read(&code);
        assert_eq!(codes::parse(&pack, &read), Ok(piece), "{code}");
    }
}

#[test]
fn a_sheet_holds_each_code_of_its_group_exactly_once() {
    let pack = RulesPack::standard();
    for group in print_sheet::GROUPS {
        let labelled = print_sheet::labelled_group(&pack, group).unwrap();
        assert!(!labelled.is_empty(), "{group}");
        let svg = print_sheet::sheet_svg(&labelled, Paper::A4);
        for (code, _) in &labelled {
            assert_eq!(svg.matches(&format!(">{code}<")).count(), 1, "{group}: {code}");
        }
    }
    assert!(print_sheet::codes_of_group(&pack, "dragons").is_none());
    let everything = print_sheet::labelled_group(&pack, "all").unwrap();
    assert!(print_sheet::sheet_svg(&everything, Paper::Letter).matches("<rect x=\"0\"").count() >= 2, "several pages");
}

#[test]
fn a_scan_shows_printed_values_and_public_status_never_the_secret_location() {
    let pack = RulesPack::standard();
    let mut s = Session::new(pack.clone(), 5);
    s.respond(Action::NewGame { seed: Some(5), options: None });
    // Two hidden British ships, one in a patrol zone and one in the pool, read exactly alike.
    let game = s.game().unwrap();
    let statuses: std::collections::BTreeSet<String> = ["gb_bc_inflexible", "gb_bc_indomitable", "gb_bc_indefatigable", "gb_dd_1", "gb_dd_2"]
        .iter()
        .map(|id| {
            let code = codes::code_of(&pack, &Piece::Counter { id: id.to_string() }).unwrap();
            let r = s.clone().respond(Action::Scan { code });
            assert!(r.ok);
            let scan = r.scan.unwrap();
            assert!(scan.printed.as_ref().is_some_and(|p| p.ship.is_some()), "printed values are shown");
            scan.status
        })
        .collect();
    assert_eq!(statuses.len(), 1, "every face-down counter reads the same: {statuses:?}");
    let _ = game;
    // A placeholder token shows its stack's public count.
    let code = codes::code_of(&pack, &Piece::Placeholder { place: "adriatic_pz".into() }).unwrap();
    let scan = s.respond(Action::Scan { code }).scan.unwrap();
    assert_eq!(scan.status, "5 face-down counters there");
    // A bad code is refused with its own error code and changes nothing.
    let before = goeben_referee::save::to_json(&s);
    let r = s.respond(Action::Scan { code: "hello".into() });
    assert_eq!(r.error.unwrap().code, "foreign_code");
    assert_eq!(before, goeben_referee::save::to_json(&s));
}
