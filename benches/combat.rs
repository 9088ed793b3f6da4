//! Benchmarks of combat (the targets: one full engagement, Goeben + Breslau against three Allied
//! ships, under 20 µs; the Monte Carlo forecast of 10,000 engagements under 100 ms on one core).
//! Run: `cargo bench --bench combat`.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use goeben_referee::ground::dice::Dice;
use goeben_referee::ground::pack::SeaZone;
use goeben_referee::ground::state::{CounterId, Game, GameOptions, Location, Phase, SpaceRef};
use goeben_referee::rules::combat::forecast;
use goeben_referee::RulesPack;

/// Both German ships at open sea facing HMS Inflexible (BC), HMS Defence (CA) and HMS Dublin (CL) at
/// Alert 3, at the start of the Naval Combat phase (the battle not yet opened).
fn battle_game(pack: &RulesPack) -> (Game, SpaceRef) {
    let options = GameOptions {
        orders: Some("raid_french_convoys".into()),
        ..Default::default()
    };
    let (mut game, _) =
        goeben_referee::rules::setup::new_game(pack, 11, options).expect("a new game");
    let space = SpaceRef::HighSeas {
        zone: SeaZone::WesternMed,
        label: "bench".into(),
    };
    for ship in game.ships.iter_mut() {
        ship.position = space.clone();
    }
    for code in ["gb_bc_inflexible", "gb_ca_defence", "gb_cl_dublin"] {
        let id = CounterId(pack.counter_index(code).expect("a counter") as u16);
        game.move_counter(
            id,
            Location::OnMap {
                space: space.clone(),
            },
        );
    }
    game.phase = Phase::NavalCombat;
    game.alert_level = 3;
    (game, space)
}

fn benches(c: &mut Criterion) {
    let pack = RulesPack::standard();
    let (game, space) = battle_game(&pack);
    let mut seed = 0u64;
    c.bench_function(
        "one full engagement (Goeben + Breslau vs BC, CA, CL)",
        |b| {
            b.iter_batched_ref(
                || {
                    seed += 1;
                    let mut g = game.clone();
                    g.dice = Dice::from_seed(seed);
                    g
                },
                |g| forecast::simulate(&pack, g, &space),
                BatchSize::SmallInput,
            )
        },
    );
    let mut group = c.benchmark_group("forecast");
    group.sample_size(20);
    group.bench_function("Monte Carlo, 10,000 engagements", |b| {
        b.iter(|| {
            seed += 1;
            forecast::forecast(&pack, &game, &space, 10_000, seed)
                .expect("a forecast")
                .expected_vp
        })
    });
    group.finish();
}

criterion_group!(combat, benches);
criterion_main!(combat);
