//! `counter_sheet`: prints SVG sheets of counter codes to cut out and keep with the counters
//! (docs/CODES.md).
//!
//! ```text
//! counter_sheet [--group all|allied|incidents|coastal|orders|austro_hungarian|german|cargo|placeholders]
//!               [--paper a4|letter] [--pages DIR] [--list]
//! counter_sheet --code CODE
//! ```
//! Without `--pages`, one SVG with every page stacked is written to standard output; with it, one file a
//! page (`DIR/page-01.svg`, …) for `rsvg-convert -f pdf DIR/page-*.svg > sheet.pdf`. `--list` prints the
//! group's codes and names as text instead. `--code` prints one counter's square alone, to reprint a lost
//! counter's code (the code is read forgivingly, like a scan).

use goeben_referee::api::print_sheet::{self, Paper};
use goeben_referee::RulesPack;

/// The command line, read.
struct Options {
    group: String,
    paper: Paper,
    pages_dir: Option<String>,
    list: bool,
    one: Option<String>,
}

fn main() {
    let Some(options) = read_args() else {
        return;
    };
    let pack = RulesPack::standard();
    if let Some(code) = &options.one {
        print!("{}", one_counter(&pack, code));
        return;
    }
    let group = &options.group;
    let codes = print_sheet::labelled_group(&pack, group).unwrap_or_else(|| {
        fail(&format!(
            "unknown group `{group}`: one of {}",
            print_sheet::GROUPS.join(", ")
        ))
    });
    if options.list {
        for (code, name) in &codes {
            println!(
                "{code}  {}",
                name.replace("&amp;", "&")
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
            );
        }
        return;
    }
    match options.pages_dir {
        None => print!("{}", print_sheet::sheet_svg(&codes, options.paper)),
        Some(dir) => write_pages(&dir, &codes, options.paper),
    }
}

/// The options given, or `None` after `--help` (the usage printed).
fn read_args() -> Option<Options> {
    let mut options = Options {
        group: "all".to_string(),
        paper: Paper::A4,
        pages_dir: None,
        list: false,
        one: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--group" => {
                options.group = args
                    .next()
                    .unwrap_or_else(|| fail("--group takes a group name"))
            }
            "--paper" => options.paper = paper(args.next()),
            "--pages" => {
                options.pages_dir = Some(
                    args.next()
                        .unwrap_or_else(|| fail("--pages takes a directory")),
                )
            }
            "--list" => options.list = true,
            "--code" => {
                options.one = Some(
                    args.next()
                        .unwrap_or_else(|| fail("--code takes a counter code")),
                )
            }
            "--help" | "-h" => {
                println!(
                    "usage: counter_sheet [--group {}] [--paper a4|letter] [--pages DIR] [--list] > sheet.svg\n       counter_sheet --code CODE > counter.svg",
                    print_sheet::GROUPS.join("|")
                );
                return None;
            }
            other => fail(&format!("unknown argument `{other}` (try --help)")),
        }
    }
    Some(options)
}

fn paper(name: Option<String>) -> Paper {
    match name.as_deref().map(str::to_ascii_lowercase).as_deref() {
        Some("a4") => Paper::A4,
        Some("letter" | "us-letter" | "us_letter") => Paper::Letter,
        other => fail(&format!("--paper takes a4 or letter, got {other:?}")),
    }
}

/// One counter's square alone, its code read forgivingly, like a scan.
fn one_counter(pack: &RulesPack, code: &str) -> String {
    let piece =
        goeben_referee::api::codes::parse(pack, code).unwrap_or_else(|e| fail(&e.to_string()));
    let all = print_sheet::labelled_group(pack, "all").unwrap_or_default();
    let code = goeben_referee::api::codes::code_of(pack, &piece)
        .unwrap_or_else(|| fail("that piece has no printed code"));
    let name = all
        .iter()
        .find(|(c, _)| *c == code)
        .map(|(_, n)| n.clone())
        .unwrap_or_default();
    print_sheet::counter_svg(&code, &name)
}

/// One SVG file a page, `DIR/page-01.svg`, …
fn write_pages(dir: &str, codes: &[(String, String)], paper: Paper) {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| fail(&format!("cannot create {dir}: {e}")));
    for (n, page) in print_sheet::sheet_pages(codes, paper).iter().enumerate() {
        let path = std::path::Path::new(dir).join(format!("page-{:02}.svg", n + 1));
        std::fs::write(&path, page)
            .unwrap_or_else(|e| fail(&format!("cannot write {}: {e}", path.display())));
        eprintln!("wrote {}", path.display());
    }
}

fn fail(message: &str) -> ! {
    eprintln!("counter_sheet: {message}");
    std::process::exit(2)
}
