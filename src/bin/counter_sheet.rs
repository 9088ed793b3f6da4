//! `counter_sheet`: prints an SVG sheet of counter codes (docs/CODES.md).
//! Usage: `counter_sheet [--group all|incidents|coastal|orders|austro_hungarian|german|cargo|placeholders] [--paper a4|letter]`

use goeben_referee::print_sheet::{self, Paper};
use goeben_referee::RulesPack;

fn main() {
    let mut group = "all".to_string();
    let mut paper = Paper::A4;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--group" => group = args.next().unwrap_or_default(),
            "--paper" => {
                paper = match args.next().as_deref() {
                    Some("a4") => Paper::A4,
                    Some("letter") => Paper::Letter,
                    other => fail(&format!("--paper takes a4 or letter, got {other:?}")),
                }
            }
            "--help" | "-h" => {
                println!("usage: counter_sheet [--group {}] [--paper a4|letter] > sheet.svg", print_sheet::GROUPS.join("|"));
                return;
            }
            other => fail(&format!("unknown argument `{other}` (try --help)")),
        }
    }
    let pack = RulesPack::standard();
    let codes = print_sheet::labelled_group(&pack, &group)
        .unwrap_or_else(|| fail(&format!("unknown group `{group}`: one of {}", print_sheet::GROUPS.join(", "))));
    print!("{}", print_sheet::sheet_svg(&codes, paper));
}

fn fail(message: &str) -> ! {
    eprintln!("counter_sheet: {message}");
    std::process::exit(2)
}
