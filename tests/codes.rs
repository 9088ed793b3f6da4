//! Counter codes (docs/CODES.md): every physical piece has one unique, id-derived code that survives
//! print → image → decode → parse; the check character catches single mistypes and neighbour swaps; the
//! parser tells foreign, malformed, mistyped and unknown codes apart and never panics; a sheet holds each
//! code of its group once; a scan shows printed values and public status only (DESIGN principle 2).

use std::collections::BTreeSet;
use std::sync::OnceLock;

use goeben_referee::api::request::SessionRequest;
use goeben_referee::api::test_hooks::SessionHooks;

use goeben_referee::api::codes::{self, CodeError, Piece, ALPHABET, FACE_DOWN};
use goeben_referee::api::print_sheet::{self, Paper};
use goeben_referee::ground::pack::{CounterKind, IncidentKind, PlaceKind};
use goeben_referee::ground::state::{Location, SpaceRef};
use goeben_referee::{RulesPack, Session};
use proptest::prelude::*;

fn pack() -> &'static RulesPack {
    static PACK: OnceLock<RulesPack> = OnceLock::new();
    PACK.get_or_init(RulesPack::standard)
}

#[test]
fn every_piece_has_one_unique_code_that_parses_back_to_it_however_sloppily_typed() {
    let pack = pack();
    let all = codes::all(pack);
    let mut seen = BTreeSet::new();
    for (piece, code) in &all {
        assert!(seen.insert(code.clone()), "{code} twice");
        assert_eq!(code.len(), 10, "{code}: GO1-XKKK-C");
        assert!(code.starts_with("GO1-"));
        assert_eq!(codes::parse(pack, code).as_ref(), Ok(piece), "{code}");
        assert_eq!(codes::code_of(pack, piece).as_ref(), Some(code));
        let compact = code.replace('-', "");
        for sloppy in [
            format!("  {} ", code.to_lowercase().replace('-', " ")),
            compact.clone(),
            compact.to_lowercase(),
            format!("\t{}\n", code.replace('-', "_")),
            code.replacen("GO1", "G01", 1),
            code.replace('-', "\u{2013}"),
        ] {
            assert_eq!(
                codes::parse(pack, &sloppy).as_ref(),
                Ok(piece),
                "{sloppy:?}"
            );
        }
    }
}

#[test]
fn every_physical_piece_of_the_game_gets_a_code() {
    let pack = pack();
    let all: Vec<Piece> = codes::all(pack).into_iter().map(|(p, _)| p).collect();
    let count = |f: &dyn Fn(&Piece) -> bool| all.iter().filter(|p| f(p)).count();
    // Counters: incident markers (Allied warships, convoys, merchants included), coastal defenses,
    // Orders markers, Austro-Hungarian ships.
    assert_eq!(
        count(&|p| matches!(p, Piece::Counter { .. })),
        pack.counters.counters.len()
    );
    for c in &pack.counters.counters {
        assert!(
            all.contains(&Piece::Counter { id: c.id.clone() }),
            "{}",
            c.id
        );
    }
    assert_eq!(
        count(&|p| matches!(p, Piece::GermanShip { .. })),
        pack.german_ships.len()
    );
    assert_eq!(
        count(&|p| matches!(p, Piece::Collier { .. })),
        2,
        "two colliers"
    );
    // Cargo chits: one code per counter of the Crew & Gear chart's supply.
    for item in &pack.charts.crew_and_gear.items {
        for n in 1..=item.supply {
            assert!(
                all.contains(&Piece::Cargo {
                    item: item.id.clone(),
                    number: n
                }),
                "{} {n}",
                item.id
            );
        }
    }
    let supply: usize = pack
        .charts
        .crew_and_gear
        .items
        .iter()
        .map(|i| i.supply as usize)
        .sum();
    assert_eq!(count(&|p| matches!(p, Piece::Cargo { .. })), supply);
    // Placeholder tokens: every patrol zone and every Allied port.
    for place in &pack.places {
        let allied_port = matches!(place.kind, PlaceKind::Port | PlaceKind::NavalBase)
            && matches!(
                place.nation,
                goeben_referee::ground::pack::Nation::Britain
                    | goeben_referee::ground::pack::Nation::France
            );
        let wanted = place.kind == PlaceKind::PatrolZone || allied_port;
        assert_eq!(
            all.contains(&Piece::Placeholder {
                place: place.id.clone()
            }),
            wanted,
            "{}",
            place.id
        );
    }
}

#[test]
fn codes_derive_from_pack_ids_alone_so_reordering_or_changing_the_pack_keeps_them() {
    let pack = pack();
    // The standard pack needs no collision step: each code is a function of its piece's id.
    for coded in codes::all_coded(pack) {
        assert_eq!(coded.attempt, 1, "{} needed a collision step", coded.code);
    }
    let before: std::collections::BTreeMap<Piece, String> = codes::all(pack).into_iter().collect();
    let mut changed = pack.clone();
    changed.counters.counters.reverse();
    let removed = changed.counters.counters.remove(10).id;
    changed.places.reverse();
    let after = codes::all(&changed);
    assert_eq!(after.len(), before.len() - 1);
    for (piece, code) in after {
        assert_eq!(before.get(&piece), Some(&code), "{piece:?} kept its code");
    }
    assert!(codes::code_of(&changed, &Piece::Counter { id: removed }).is_none());
}

#[test]
fn the_check_character_catches_every_single_substitution_and_every_neighbour_swap() {
    let pack = pack();
    let alphabet: Vec<char> = ALPHABET.chars().collect();
    // The arithmetic itself (ISO 7064 MOD 37-2): over the canonical body plus check character.
    for (_, code) in codes::all(pack) {
        let compact: Vec<char> = code.replace('-', "").chars().collect();
        let checks = |s: &[char]| {
            let body: String = s[..s.len() - 1].iter().collect();
            codes::check_char(&body) == s[s.len() - 1]
        };
        assert!(checks(&compact), "{code}");
        for i in 0..compact.len() {
            for &c in &alphabet {
                if c != compact[i] {
                    let mut typo = compact.clone();
                    typo[i] = c;
                    assert!(!checks(&typo), "{code}: {c} at {i} passes the check");
                }
            }
        }
        for i in 0..compact.len() - 1 {
            if compact[i] != compact[i + 1] {
                let mut swapped = compact.clone();
                swapped.swap(i, i + 1);
                assert!(!checks(&swapped), "{code}: swap at {i} passes the check");
            }
        }
    }
}

#[test]
fn a_mistyped_or_swapped_code_is_never_read_as_another_piece() {
    // The parser reads 0/O and 1/I/L as the one character that fits a place, so a few "typos" read as
    // the same piece; none reads as a different piece.
    let pack = pack();
    let alphabet: Vec<char> = ALPHABET.chars().chain(['L', 'O', 'I']).collect();
    let mut rejected = 0;
    for (piece, code) in codes::all(pack) {
        let compact: Vec<char> = code.replace('-', "").chars().collect();
        let mut variants = Vec::new();
        for i in 0..compact.len() {
            for &c in &alphabet {
                if c != compact[i] {
                    let mut typo = compact.clone();
                    typo[i] = c;
                    variants.push(typo);
                }
            }
        }
        for i in 0..compact.len() - 1 {
            let mut swapped = compact.clone();
            swapped.swap(i, i + 1);
            if swapped != compact {
                variants.push(swapped);
            }
        }
        for v in variants {
            let text: String = v.into_iter().collect();
            match codes::parse(pack, &text) {
                Ok(read) => assert_eq!(
                    read, piece,
                    "{code} mistyped as {text} read as another piece"
                ),
                Err(_) => rejected += 1,
            }
        }
    }
    assert!(rejected > 0);
}

fn valid_unknown_code() -> String {
    // A well-formed code with a correct check character in a category no piece uses.
    let body = "GO1Z000";
    format!("GO1-Z000-{}", codes::check_char(body))
}

#[test]
fn foreign_malformed_mistyped_and_unknown_codes_get_distinct_errors() {
    let pack = pack();
    for foreign in [
        "https://example.org/qr",
        "978-3-16-148410-0",
        "",
        "   ",
        "GOOD MORNING",
        "GB1-IKQ4-7",
        "GO2-IKQ4-7",
        "ＧＯ１",
    ] {
        assert!(
            matches!(codes::parse(pack, foreign), Err(CodeError::Foreign(_))),
            "{foreign:?} is foreign"
        );
    }
    for malformed in [
        "GO1",
        "GO1-I0",
        "GO1-IKQ4",
        "GO1-IKQ4-77",
        "GO1-I!!!-X",
        "GO1-IUUU-X",
        "GO1-9KQ4-7",
        "GO1-IKQ4-#",
        "GO1-IKQ4-7-8",
    ] {
        assert!(
            matches!(codes::parse(pack, malformed), Err(CodeError::Malformed(..))),
            "{malformed:?} is malformed"
        );
    }
    let good = codes::all(pack)[0].1.clone();
    let mut bad = good.clone();
    let last = bad.pop().unwrap();
    bad.push(if last == '0' { '1' } else { '0' });
    assert!(
        matches!(codes::parse(pack, &bad), Err(CodeError::BadCheck(_))),
        "{bad} has a bad check"
    );
    assert!(matches!(
        codes::parse(pack, &valid_unknown_code()),
        Err(CodeError::Unknown(_))
    ));
    let error_codes: Vec<String> = [
        CodeError::Foreign("".into()),
        CodeError::Malformed("".into(), ""),
        CodeError::BadCheck("".into()),
        CodeError::Unknown("".into()),
    ]
    .iter()
    .map(|e| e.code().name())
    .collect();
    assert_eq!(
        error_codes,
        vec![
            "foreign_code",
            "malformed_code",
            "bad_check",
            "unknown_code"
        ]
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_parser_never_panics_on_any_text(text in "\\PC{0,40}|.{0,60}") {
        let _ = codes::parse(pack(), &text);
    }

    #[test]
    fn the_parser_never_panics_on_any_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..60)) {
        let _ = codes::parse(pack(), &String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn a_code_shaped_string_is_read_only_as_the_piece_whose_code_it_is(
        rest in "[0-9A-Z*a-z \\-]{0,10}"
    ) {
        let text = format!("GO1{rest}");
        if let Ok(piece) = codes::parse(pack(), &text) {
            let code = codes::code_of(pack(), &piece).unwrap();
            let normalise = |s: &str| s.to_uppercase().replace([' ', '-'], "");
            let (a, b) = (normalise(&code), normalise(&text));
            // Equal but for the 0/O and 1/I/L readings in the category and key.
            prop_assert_eq!(a.len(), b.len());
            for (i, (x, y)) in a.chars().zip(b.chars()).enumerate() {
                let same = x == y || (i < 7 && matches!((x, y), ('0', 'O') | ('O', '0') | ('1', 'I' | 'L') | ('I', '1')));
                prop_assert!(same, "{} read as {}", text, code);
            }
        }
    }
}

/// Renders a code's QR symbol with qrcode's own image renderer (quiet zone included) and decodes it.
fn print_and_read(code: &str) -> String {
    let image = print_sheet::qr_symbol(code)
        .render::<image::Luma<u8>>()
        .module_dimensions(4, 4)
        .build();
    let mut prepared = rqrr::PreparedImage::prepare(image);
    let grids = prepared.detect_grids();
    assert_eq!(grids.len(), 1, "{code}: one QR symbol found");
    grids[0].decode().expect("decodes").1
}

#[test]
fn every_code_round_trips_through_a_qr_image() {
    let pack = pack();
    for (piece, code) in codes::all(pack) {
        let read = print_and_read(&code);
        assert_eq!(read, code);
        assert_eq!(codes::parse(pack, &read), Ok(piece), "{code}");
        assert_eq!(
            print_sheet::qr_symbol(&code).width(),
            21,
            "{code}: a version-1 symbol, the smallest"
        );
    }
}

#[test]
fn the_sheet_draws_the_same_qr_modules_the_decoder_reads() {
    // The SVG path draws exactly the dark modules of the symbol qrcode made.
    let code = codes::all(pack())[0].1.clone();
    let (width, modules) = print_sheet::qr_modules(&code);
    let svg = print_sheet::sheet_svg(&[(code.clone(), "x".into())], Paper::A4);
    let path = svg
        .split(r#"<path d=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap();
    assert_eq!(
        path.matches('z').count(),
        modules.iter().filter(|d| **d).count(),
        "one square a dark module"
    );
    assert_eq!(width, 21);
}

#[test]
fn a_sheet_holds_each_code_of_its_group_exactly_once_and_no_other() {
    let pack = pack();
    let everything: BTreeSet<String> = codes::all(pack).into_iter().map(|(_, c)| c).collect();
    for group in print_sheet::GROUPS {
        let labelled = print_sheet::labelled_group(pack, group).unwrap();
        assert!(!labelled.is_empty(), "{group}");
        for paper in [Paper::A4, Paper::Letter] {
            let svg = print_sheet::sheet_svg(&labelled, paper);
            for (code, _) in &labelled {
                assert_eq!(
                    svg.matches(&format!(">{code}<")).count(),
                    1,
                    "{group}: {code}"
                );
            }
            let printed = everything
                .iter()
                .filter(|c| svg.contains(&format!(">{c}<")))
                .count();
            assert_eq!(printed, labelled.len(), "{group}: no code of another group");
            let pages = print_sheet::sheet_pages(&labelled, paper);
            let per_page: usize = pages
                .iter()
                .map(|p| {
                    everything
                        .iter()
                        .filter(|c| p.contains(&format!(">{c}<")))
                        .count()
                })
                .sum();
            assert_eq!(
                per_page,
                labelled.len(),
                "{group}: the separate pages hold the same codes"
            );
        }
    }
    assert!(print_sheet::labelled_group(pack, "dragons").is_none());
    let all = print_sheet::labelled_group(pack, "all").unwrap();
    assert_eq!(all.len(), everything.len());
    assert!(
        print_sheet::sheet_pages(&all, Paper::A4).len() >= 2,
        "the whole set takes several pages"
    );
    let first = &print_sheet::sheet_pages(&all, Paper::Letter)[0];
    assert!(first.starts_with(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="215.9mm" height="279.4mm""#
    ));
    assert!(
        first.contains(r#"width="15.875" height="15.875""#),
        "5/8-inch squares"
    );
}

#[test]
fn the_allied_group_is_the_allied_warships_convoys_and_merchantmen() {
    let pack = pack();
    let allied: BTreeSet<String> = print_sheet::labelled_group(pack, "allied")
        .unwrap()
        .into_iter()
        .map(|(c, _)| c)
        .collect();
    for c in &pack.counters.counters {
        let code = codes::code_of(pack, &Piece::Counter { id: c.id.clone() }).unwrap();
        let wanted = matches!(
            &c.kind,
            CounterKind::Incident { ship: Some(_), .. }
                | CounterKind::Incident {
                    incident: IncidentKind::AlliedMerchantman,
                    ..
                }
        );
        assert_eq!(allied.contains(&code), wanted, "{}", c.id);
    }
    assert!(pack
        .counters
        .counters
        .iter()
        .any(|c| c.id == "gb_bc_inflexible"
            && allied
                .contains(&codes::code_of(pack, &Piece::Counter { id: c.id.clone() }).unwrap())));
}

fn started() -> Session {
    let mut s = Session::new(pack().clone(), 5);
    assert!(
        s.respond(SessionRequest::NewGame {
            seed: Some(5),
            options: None
        })
        .ok
    );
    s
}

#[test]
fn a_face_down_counter_reads_the_same_in_the_pool_a_patrol_zone_a_port_or_out_of_play() {
    // DESIGN principle 2: a scan never tells where the referee holds a face-down counter.
    let s = started();
    let game = s.game().unwrap();
    let mut kinds = BTreeSet::new();
    let mut statuses = BTreeSet::new();
    for (i, c) in game.counters.iter().enumerate() {
        let kind = match c.location {
            Location::Pool => "pool",
            Location::PatrolZone { .. } => "zone",
            Location::Port { .. } => "port",
            Location::OutOfPlay => "out",
            _ => continue,
        };
        kinds.insert(kind);
        let id = pack().counters.counters[i].id.clone();
        let scan = codes::public_info(pack(), Some(game), Piece::Counter { id: id.clone() });
        assert!(
            scan.printed.is_some(),
            "{id}: the printed face is shown (the player holds the counter)"
        );
        statuses.insert(scan.status.clone());
        let json = serde_json::to_string(&scan).unwrap();
        if let Location::PatrolZone { zone: place } | Location::Port { port: place } = &c.location {
            assert!(
                !json.contains(place.as_str()),
                "{id}: the scan names {place}"
            );
        }
    }
    assert_eq!(
        kinds,
        ["out", "pool", "port", "zone"].into_iter().collect(),
        "every face-down location was scanned"
    );
    assert_eq!(statuses, [FACE_DOWN.to_string()].into_iter().collect());
}

#[test]
fn a_scan_shows_public_status_face_up_sunk_damaged_orders_box_and_held_aside() {
    let s = started();
    let mut game = s.game().unwrap().clone();
    let pack = pack();
    let id = "gb_bc_inflexible";
    let index = pack.counter_index(id).unwrap();
    let status = |game: &goeben_referee::ground::state::Game| {
        codes::public_info(pack, Some(game), Piece::Counter { id: id.into() }).status
    };
    game.counters[index].location = Location::OnMap {
        space: SpaceRef::place("malta"),
    };
    assert!(
        status(&game).starts_with("face up on the map at Malta"),
        "{}",
        status(&game)
    );
    game.counters[index].location = Location::Sunk;
    assert!(status(&game).starts_with("sunk"));
    game.counters[index].location = Location::Damaged;
    assert!(status(&game).starts_with("damaged"));
    game.counters[index].location = Location::Held {
        space: SpaceRef::place("malta"),
    };
    assert!(status(&game).starts_with("held aside at Malta"));
    let orders_id = pack.counter_spec(game.orders).id.clone();
    let orders = codes::public_info(pack, Some(&game), Piece::Counter { id: orders_id });
    assert!(orders.status.contains("Orders box"), "{}", orders.status);
    // Printed values come from the pack, game or no game.
    let none = codes::public_info(pack, None, Piece::Counter { id: id.into() });
    assert_eq!(none.status, "no game is running");
    assert_eq!(none.printed.unwrap().ship.unwrap().primary, 4);
    assert!(
        none.values.iter().any(|v| v.contains("primary 4")),
        "{:?}",
        none.values
    );
}

#[test]
fn issue_50_rule_16_0_a_coastal_defense_turned_over_by_a_bombardment_reads_face_up_in_its_port() {
    let s = started();
    let mut game = s.game().unwrap().clone();
    let pack = pack();
    let (index, port) = game
        .counters
        .iter()
        .enumerate()
        .find_map(|(i, c)| match &c.location {
            Location::Port { port } => Some((i, port.clone())),
            _ => None,
        })
        .expect("a coastal defense in a port");
    let id = pack.counters.counters[index].id.clone();
    let status = |game: &goeben_referee::ground::state::Game| {
        codes::public_info(pack, Some(game), Piece::Counter { id: id.clone() }).status
    };
    // Face down until a bombardment turns it over; then face up where it is.
    assert_eq!(status(&game), FACE_DOWN);
    game.counters[index].known_to_player = true;
    let name = SpaceRef::place(&port).describe(pack);
    assert_eq!(status(&game), format!("face up in port at {name}"));
    // A counter examined by intelligence stays face down in its patrol zone, and reads so.
    let (examined, _) = game
        .counters
        .iter()
        .enumerate()
        .find(|(_, c)| matches!(c.location, Location::PatrolZone { .. }))
        .expect("a patrol zone's counter");
    game.counters[examined].known_to_player = true;
    let examined_id = pack.counters.counters[examined].id.clone();
    assert_eq!(
        codes::public_info(pack, Some(&game), Piece::Counter { id: examined_id }).status,
        FACE_DOWN
    );
}

#[test]
fn a_scan_of_a_german_ship_shows_its_display_tracks_and_a_token_its_stacks_public_count() {
    let s = started();
    let game = s.game().unwrap();
    let pack = pack();
    let goeben = codes::public_info(
        pack,
        Some(game),
        Piece::GermanShip {
            id: "goeben".into(),
        },
    );
    assert!(
        goeben.status.contains("display tracks") && goeben.status.contains("hull"),
        "{}",
        goeben.status
    );
    assert!(goeben.values.iter().any(|v| v.contains("starting tracks")));
    let token = codes::public_info(
        pack,
        Some(game),
        Piece::Placeholder {
            place: "adriatic_pz".into(),
        },
    );
    let n = game.count_at(&Location::PatrolZone {
        zone: "adriatic_pz".into(),
    });
    assert_eq!(token.status, format!("{n} face-down counters there"));
    let port = pack
        .places
        .iter()
        .find(|p| game.count_at(&Location::Port { port: p.id.clone() }) > 0)
        .unwrap();
    let token = codes::public_info(
        pack,
        Some(game),
        Piece::Placeholder {
            place: port.id.clone(),
        },
    );
    let n = game.count_at(&Location::Port {
        port: port.id.clone(),
    });
    assert!(
        token.status.starts_with(&format!("{n} face-down counter")),
        "{}",
        token.status
    );
    let chit = &pack.charts.crew_and_gear.items[0];
    let cargo = codes::public_info(
        pack,
        Some(game),
        Piece::Cargo {
            item: chit.id.clone(),
            number: 1,
        },
    );
    assert!(cargo.name.starts_with(&chit.name));
    assert!(!cargo.values.is_empty());
}

#[test]
fn the_scan_request_answers_in_the_response_and_changes_nothing() {
    let mut s = started();
    let code = codes::code_of(
        pack(),
        &Piece::Placeholder {
            place: "adriatic_pz".into(),
        },
    )
    .unwrap();
    let before = goeben_referee::api::save::to_json(&s);
    let log_before = s.log().len();
    let r = s.respond(SessionRequest::Scan {
        code: code.to_lowercase().replace('-', " "),
    });
    assert!(r.ok);
    assert_eq!(r.events, Some(Vec::new()));
    let scan = r.scan().unwrap();
    assert_eq!(
        scan.code, code,
        "the answer gives the code in its printed form"
    );
    assert_eq!(scan.name, "Adriatic Patrol Zone token");
    assert_eq!(before, goeben_referee::api::save::to_json(&s));
    assert_eq!(log_before, s.log().len());
    assert!(
        SessionRequest::Scan {
            code: String::new()
        }
        .is_read_only(),
        "a scan is a session request that changes nothing"
    );
    // Every bad code is refused with its own error code and changes nothing.
    let bad_check = {
        let mut c = code.clone();
        let last = c.pop().unwrap();
        c.push(if last == '0' { '1' } else { '0' });
        c
    };
    for (text, error) in [
        ("hello", "foreign_code"),
        ("GO1-P1", "malformed_code"),
        (bad_check.as_str(), "bad_check"),
        (valid_unknown_code().as_str(), "unknown_code"),
    ] {
        let r = s.respond(SessionRequest::Scan { code: text.into() });
        assert!(!r.ok, "{text}");
        assert_eq!(r.error.clone().unwrap().code, error, "{text}");
        assert!(r.scan().is_none());
        assert_eq!(before, goeben_referee::api::save::to_json(&s));
    }
    // The scan travels as JSON like every request.
    let request: goeben_referee::Request =
        serde_json::from_str(r#"{"action":"scan","code":"x"}"#).unwrap();
    assert_eq!(request, SessionRequest::Scan { code: "x".into() }.into());
}

#[test]
fn issue_7_one_counter_reprinted_alone_draws_its_code_and_name_at_printed_size() {
    let (code, name) = print_sheet::labelled_group(pack(), "placeholders").unwrap()[0].clone();
    let svg = print_sheet::counter_svg(&code, &name);
    assert!(
        svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="17.875mm""#),
        "{}",
        &svg[..120]
    );
    assert_eq!(svg.matches(&format!(">{code}<")).count(), 1);
    assert_eq!(svg.matches(&format!(">{name}<")).count(), 1);
    let path = svg
        .split(r#"<path d=""#)
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap();
    let (_, modules) = print_sheet::qr_modules(&code);
    assert_eq!(
        path.matches('z').count(),
        modules.iter().filter(|d| **d).count()
    );
}

#[test]
fn issue_7_counter_sheet_code_reprints_one_counter_and_refuses_a_bad_code() {
    let (code, _) = print_sheet::labelled_group(pack(), "placeholders").unwrap()[0].clone();
    let sloppy = code.to_lowercase().replace('-', " ");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_counter_sheet"))
        .args(["--code", &sloppy])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains(&format!(">{code}<")));
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_counter_sheet"))
        .args(["--code", "https://example.org"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(bad.stdout.is_empty());
    assert!(String::from_utf8_lossy(&bad.stderr).starts_with("counter_sheet: "));
}
